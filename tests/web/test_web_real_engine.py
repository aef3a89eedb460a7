"""The web layer over the real rules engine: a game played through the API, undo, reopen."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import live
from companion.app import create_app
from companion.engine import execute
from companion.engine.errors import RuleViolation
from companion.engine.state import to_json
from companion.store import StaleVersion, Store, default_engine

SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 7,
    "seats": [
        {"company": "usa", "name": "Ana"},
        {"company": "germany", "name": "Bo"},
        {"company": "italy", "name": "Cy"},
        {"company": "france", "name": "Di"},
    ],
}


def make_app(db: Path) -> Flask:
    return create_app({"DATABASE": str(db), "TESTING": True, "SECRET_KEY": "test-only"})


@pytest.fixture
def real(tmp_path: Path) -> Iterator[tuple[FlaskClient, str, Path]]:
    db = tmp_path / "real.db"
    client = make_app(db).test_client()
    response = client.post("/api/games", json={"title": "Intro", "setup": SETUP})
    assert response.status_code == 201, response.get_json()
    yield client, response.get_json()["game"]["id"], db


def offered_commands(options: Any) -> Iterator[dict[str, Any]]:
    """Every complete command the legal options offer, in the order they are listed."""
    if isinstance(options, dict):
        if isinstance(options.get("command"), dict):
            yield options["command"]
        for key, value in options.items():
            if key != "command":
                yield from offered_commands(value)
    elif isinstance(options, list):
        for value in options:
            yield from offered_commands(value)


def play(client: FlaskClient, game_id: str, moves: int) -> list[dict[str, Any]]:
    """Submit `moves` offered commands; returns the state JSON before each and after the last."""
    view = client.get(f"/api/games/{game_id}").get_json()
    states = [view["state"]]
    for move in range(moves):
        commands = list(offered_commands(view["options"]))
        assert commands, "the engine offers no command"
        command = commands[(move * 7) % len(commands)]
        response = client.post(
            f"/api/games/{game_id}/commands", json={"command": command, "version": view["version"]}
        )
        assert response.status_code == 200, (command, response.get_json())
        view = applied(client, game_id, view, response.get_json())
        states.append(view["state"])
    return states


def applied(
    client: FlaskClient, game_id: str, view: dict[str, Any], update: dict[str, Any]
) -> dict[str, Any]:
    """What a device does with a reply or `game_updated`: apply the changes to the view it
    holds and ask for the options; checked against the whole view the server gives."""
    assert update["base_version"] == view["version"]
    state = copy.deepcopy(view["state"])
    live.apply(state, update["changes"], update["removed"])
    whole = client.get(f"/api/games/{game_id}").get_json()
    assert (whole["version"], whole["state"]) == (update["version"], state)
    options = client.get(f"/api/games/{game_id}/options").get_json()
    assert options["version"] == update["version"]
    return {"version": update["version"], "state": state, "options": options["options"]}


def test_a_new_introductory_game_offers_the_first_player_legal_actions(real: Any) -> None:
    client, game_id, _ = real
    view = client.get(f"/api/games/{game_id}").get_json()
    assert view["version"] == 0
    assert list(view["state"]["players"]) == ["usa", "germany", "italy", "france"]
    assert view["setup_outcome"]["instructions"], "the setup checklist is shown"
    assert next(offered_commands(view["options"]), None) is not None


def test_commands_undo_and_reopen_give_the_same_states(real: Any) -> None:
    client, game_id, db = real
    states = play(client, game_id, 12)
    for steps_back in (1, 2, 3):
        view = client.get(f"/api/games/{game_id}").get_json()
        version = view["version"]
        body = client.post(f"/api/games/{game_id}/undo", json={"version": version}).get_json()
        assert applied(client, game_id, view, body)["state"] == states[-1 - steps_back], (
            f"undo #{steps_back}"
        )
    # a new process on the same file (new app, new connections) sees the same game
    with client.session_transaction() as session:
        joined = dict(session)
    reopened = make_app(db).test_client()
    with reopened.session_transaction() as session:
        session.update(joined)
    view = reopened.get(f"/api/games/{game_id}").get_json()
    assert view["version"] == 15
    assert view["state"] == states[-4]
    log = reopened.get(f"/api/games/{game_id}/log").get_json()["entries"]
    assert [e["undone"] for e in log[9:12]] == [True, True, True]
    assert any(e["lines"] for e in log), "events carry reasons for the story"


def test_snapshot_and_folded_events_agree(real: Any) -> None:
    client, game_id, _ = real
    play(client, game_id, 10)
    app = client.application
    store = app.extensions["companion_store"]
    _, live = store.state(game_id)
    assert store.engine.to_json(store.rebuild_state(game_id)) == store.engine.to_json(live)


def test_a_move_out_of_turn_is_a_422_and_changes_nothing(real: Any) -> None:
    client, game_id, _ = real
    view = client.get(f"/api/games/{game_id}").get_json()
    active = view["state"]["active"]
    other = next(c for c in view["state"]["players"] if c != active)
    response = client.post(
        f"/api/games/{game_id}/commands",
        json={"command": {"type": "pass", "player": other}, "version": 0},
    )
    assert response.status_code == 422
    body = response.get_json()
    assert body["code"] and body["message"]
    assert client.get(f"/api/games/{game_id}").get_json()["state"] == view["state"]


def test_a_setup_the_engine_refuses_is_a_client_error(tmp_path: Path) -> None:
    client = make_app(tmp_path / "x.db").test_client()
    # the schema knows the expansion's company; a base game refuses it (a rule: 422) and
    # says how to play it
    seats = [{"company": "usa"}, {"company": "netherlands"}]
    response = client.post("/api/games", json={"setup": {**SETUP, "seats": seats}})
    assert response.status_code == 422, response.get_json()
    assert "Netherlands comes with The Leeghwater Project" in response.get_json()["message"]
    assert client.get("/api/games").get_json()["games"] == []


def test_the_export_replays_to_the_live_state(real: Any) -> None:
    from companion.engine import replay
    from companion.engine.view import state_view

    client, game_id, _ = real
    play(client, game_id, 8)
    version = client.get(f"/api/games/{game_id}").get_json()["version"]
    client.post(f"/api/games/{game_id}/undo", json={"version": version})
    response = client.get(f"/api/games/{game_id}/export.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    log = response.get_json()
    assert len(log["commands"]) == 7
    assert len(log["records"]) == 9
    live = client.get(f"/api/games/{game_id}").get_json()["state"]
    assert state_view(replay(log)) == live  # re-deciding the commands gives the stored state


def test_the_store_executes_on_the_live_state_and_stores_what_execute_gives(
    tmp_path: Path,
) -> None:
    """A tap works on the live state itself (no copy): the game it stores is the game
    `execute` gives, and the view it replaces is untouched."""
    real_engine = default_engine()
    worked_on: list[Any] = []

    def spied(state: Any, command: dict[str, Any]) -> Any:
        worked_on.append(state)
        return real_engine.execute_in_place(state, command)  # type: ignore[misc]

    store = Store(tmp_path / "copy.db", engine=replace(real_engine, execute_in_place=spied))
    game_id = store.create_game(SETUP).game_id
    for version in range(4):
        command = _first_command(store, game_id)  # loads the game in memory
        live_state = store._live[game_id].state
        view_before = copy.deepcopy(store._live[game_id].view)
        expected = execute(live_state, command)
        committed = store.submit(game_id, command, version)
        assert to_json(committed.state) == to_json(expected.state)
        assert committed.record["events"] == expected.events
        assert committed.previous_view == view_before
        assert worked_on[-1] is live_state is committed.state
    assert len(worked_on) == 4
    assert to_json(store.rebuild_state(game_id)) == to_json(store.state(game_id)[1])


def test_a_refused_tap_on_the_live_state_leaves_the_game_as_on_file(tmp_path: Path) -> None:
    """The engine may change the live state before it finds the rule a command breaks: the
    store then reads the game again from its snapshot, so the next tap and every view see
    the game on file."""
    real_engine = default_engine()

    def half_then_refused(state: Any, command: dict[str, Any]) -> Any:
        state.round += 5  # what a command refused half-way would leave behind
        raise RuleViolation("test", "Refused half-way.")

    store = Store(tmp_path / "refused.db")
    game_id = store.create_game(SETUP).game_id
    store.submit(game_id, _first_command(store, game_id), 0)
    before = (store.view(game_id), to_json(store.state(game_id)[1]))
    store._engine = replace(real_engine, execute_in_place=half_then_refused)
    with pytest.raises(RuleViolation):
        store.submit(game_id, _first_command(store, game_id), 1)
    store._engine = real_engine
    assert (store.view(game_id), to_json(store.state(game_id)[1])) == before
    command = _first_command(store, game_id)
    assert store.submit(game_id, command, 1).version == 2
    assert to_json(store.rebuild_state(game_id)) == to_json(store.state(game_id)[1])


def test_a_tap_another_worker_beat_leaves_the_game_as_on_file(tmp_path: Path) -> None:
    """Worked on in place, then refused at the commit (another worker wrote while the
    engine worked): the game is read again from the file, at the winner's version."""
    real_engine = default_engine()
    path = tmp_path / "race.db"
    store, other = Store(path), Store(path)
    game_id = store.create_game(SETUP).game_id
    store.submit(game_id, _first_command(store, game_id), 0)
    theirs = _first_command(other, game_id)

    def racing(state: Any, command: dict[str, Any]) -> Any:
        outcome = real_engine.execute_in_place(state, command)  # type: ignore[misc]
        other.submit(game_id, theirs, 1)  # the other worker commits first
        return outcome

    store._engine = replace(real_engine, execute_in_place=racing)
    with pytest.raises(StaleVersion):
        store.submit(game_id, _first_command(store, game_id), 1)
    store._engine = real_engine
    version, state = store.state(game_id)
    assert version == 2
    assert to_json(state) == to_json(other.state(game_id)[1])
    assert store.view(game_id) == other.view(game_id)


def _first_command(store: Any, game_id: str) -> dict[str, Any]:
    return next(offered_commands(store.options(game_id)[1]))
