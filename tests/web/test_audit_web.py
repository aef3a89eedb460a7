"""The audit blueprint: standalone score pad API, tracked-game audit, exports, pages (Flask client).

Tracked games run on `LEDGER_ENGINE`, a stand-in with the real engine's interface and the real
`GameState` (VP through the real `vp_scored` event), so the audit reads a genuine ledger
whatever state the rules engine is in.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.app import create_app
from companion.engine import audit, economy, events
from companion.engine.errors import CommandError
from companion.engine.state import Dam, GameState, PlayerState, from_json, to_json
from companion.store import Engine, Store

# -- a stand-in engine on the real GameState ---------------------------------------------------

ROUND_EVENT = "test_audit_round_advanced"
BUILD_EVENT = "test_audit_structure_placed"
FINISH_EVENT = "test_audit_game_finished"

if ROUND_EVENT not in events.APPLY:

    def _round_advanced(state: GameState, e: dict) -> None:
        # stands in for the End of Round phase: markers back to 0, next round
        for p in state.players.values():
            p.last_round_energy = p.energy
            p.energy = 0
        state.round += 1

    events.register_handler(ROUND_EVENT, _round_advanced)  # the table of the test's stand-in


if BUILD_EVENT not in events.APPLY:

    def _structure_placed(state: GameState, e: dict) -> None:
        company, space, kind = e["company"], e["space"], e["kind"]
        if kind == "dam":
            state.dams[space] = Dam(company, e.get("level", 1), e.get("drops", 0))
            state.players[company].built["base"] += 1
            state.players[company].built["elevation"] += e.get("level", 1) - 1
        elif kind == "conduit":
            state.conduits[space] = company
            state.players[company].built["conduit"] += 1
        else:
            state.powerhouses[space] = company
            state.players[company].built["powerhouse"] += 1

    events.register_handler(BUILD_EVENT, _structure_placed)  # the table of the test's stand-in


if FINISH_EVENT not in events.APPLY:

    def _game_finished(state: GameState, e: dict) -> None:
        # stands in for End of the Game: the last round's energy is kept, the game is over
        for p in state.players.values():
            p.last_round_energy = p.energy
        state.finished = True
        state.phase = "game_over"

    events.register_handler(FINISH_EVENT, _game_finished)  # the table of the test's stand-in


@dataclass
class Outcome:
    state: GameState
    events: list[dict[str, Any]]
    instructions: list[dict[str, Any]]


def new_game(setup: dict[str, Any]) -> Outcome:
    state = GameState(objective=setup.get("objective", "O_BASINS_1"))
    for seat in setup["seats"]:
        c = seat["company"]
        state.players[c] = PlayerState(company=c, name=seat.get("name", ""), kind=seat["kind"])
        state.players[c].vp = 0
    rec = events.Recorder(state)
    for c, p in state.players.items():
        economy.score_vp(rec, c, 16 if p.is_automa else 10, "start", "Starting VP")
    return Outcome(state, rec.events, [])


def execute(state: GameState, command: dict[str, Any]) -> Outcome:
    new = copy.deepcopy(state)
    rec = events.Recorder(new)
    kind = command["type"]
    if kind == "score":
        economy.score_vp(
            rec, command["player"], command["vp"], command["category"], command["reason"]
        )
    elif kind == "energy":
        economy.move_energy(rec, command["player"], command["steps"], "produced", usable=True)
    elif kind == "build":
        rec.emit(
            BUILD_EVENT,
            f"{command['player']} builds on {command['space']}",
            company=command["player"],
            space=command["space"],
            kind=command["kind"],
            level=command.get("level", 1),
            drops=command.get("drops", 0),
        )
    elif kind == "end_round":
        rec.emit(ROUND_EVENT, "End of the round.")
    elif kind == "end_game":
        rec.emit(FINISH_EVENT, "The game is over.")
    else:
        raise CommandError(f"Unknown command {kind!r}.", "unknown_command")
    new.version += 1
    return Outcome(new, rec.events, [])


def rebuild(setup: dict[str, Any], records: list[dict[str, Any]]) -> GameState:
    state = new_game(setup).state
    for record in records:
        for event in record["events"]:
            events.apply(state, event)
        state.version += 1
    return state


LEDGER_ENGINE = Engine(
    new_game=new_game,
    execute=execute,
    legal_options=lambda state, player=None: {},
    rebuild=rebuild,
    to_json=to_json,
    from_json=from_json,
)

SETUP: dict[str, Any] = {
    "mode": "introductory",
    "deals": "app",
    "seed": 3,
    "seats": [
        {"company": "usa", "name": "Ana", "kind": "human"},
        {"company": "germany", "name": "Bo", "kind": "human"},
        {"company": "italy", "name": "", "kind": "automa", "automa_level": 2},
    ],
}

COMMANDS: list[dict[str, Any]] = [
    {"type": "build", "player": "usa", "kind": "dam", "space": "1U", "level": 2, "drops": 1},
    {"type": "build", "player": "usa", "kind": "conduit", "space": "C1L"},
    {"type": "build", "player": "usa", "kind": "powerhouse", "space": "P8-1"},
    {"type": "build", "player": "germany", "kind": "dam", "space": "5U"},
    {"type": "build", "player": "germany", "kind": "powerhouse", "space": "P6-1"},
    {"type": "build", "player": "italy", "kind": "dam", "space": "9U", "drops": 1},
    {"type": "energy", "player": "usa", "steps": 9},
    {"type": "energy", "player": "germany", "steps": 4},
    {
        "type": "score",
        "player": "usa",
        "vp": 6,
        "category": "energy_ranking",
        "reason": "1st on the Energy Track",
    },
    {
        "type": "score",
        "player": "germany",
        "vp": 2,
        "category": "energy_ranking",
        "reason": "2nd on the Energy Track",
    },
    {"type": "end_round"},
    {"type": "energy", "player": "germany", "steps": 12},
    {
        "type": "score",
        "player": "germany",
        "vp": 5,
        "category": "contract",
        "reason": "Contract G03 fulfilled",
    },
    {"type": "score", "player": "italy", "vp": 3, "category": "automa_bank", "reason": "Bank"},
]


# -- fixtures (the real templates; the backend's conftest stubs them) ---------------------------


@pytest.fixture
def audit_app(tmp_path: Path) -> Iterator[Flask]:
    yield create_app(
        {
            "DATABASE": str(tmp_path / "audit.db"),
            "ENGINE": LEDGER_ENGINE,
            "TESTING": True,
            "SECRET_KEY": "test-only",
        }
    )


@pytest.fixture
def web(audit_app: Flask) -> FlaskClient:
    return audit_app.test_client()


def play(client: FlaskClient, commands: list[dict[str, Any]] = COMMANDS) -> str:
    response = client.post("/api/games", json={"title": "Audit night", "setup": SETUP})
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["game"]["id"]
    for version, command in enumerate(commands):
        response = client.post(
            f"/api/games/{game_id}/commands", json={"command": command, "version": version}
        )
        assert response.status_code == 200, response.get_json()
    return str(game_id)


@pytest.fixture
def game_id(web: FlaskClient) -> str:
    return play(web)


def entry() -> dict[str, Any]:
    return {
        "objective": "O_CONNECTED_BASES",
        "players": [
            {
                "company": "usa",
                "dams": [{"space": "1U", "level": 2, "drops": 2}],
                "conduits": ["C1L"],
                "powerhouses": ["P8-1"],
                "credits": 8,
                "excavators": 6,
                "mixers": 4,
                "vp_marker": 95,
                "last_round_energy": 12,
            },
            {
                "company": "germany",
                "dams": [{"space": "2U", "level": 1}],
                "conduits": [],
                "powerhouses": [],
                "credits": 1,
                "vp_marker": 5,
                "flipped": True,
                "last_round_energy": 20,
            },
        ],
    }


# -- standalone --------------------------------------------------------------------------------


def test_standalone_page_renders_the_form(web: FlaskClient) -> None:
    response = web.get("/audit")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'id="audit-map"' in html and 'id="entry"' in html
    assert "Bases connected by own conduit to own powerhouse" in html
    assert "js/audit/standalone.js" in html and "css/audit.css" in html
    # the score pad's drop steppers get the dam capacity from the server (one rule, ruling R11)
    assert """data-capacities='{"": [1, 2, 3], "graziano_del_monte": [1, 2, 4], """ in html


def test_standalone_scores_the_entry(web: FlaskClient) -> None:
    response = web.post("/api/audit/standalone", json=entry())
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    # usa: 95 + 15 (one connected Base) + 3 (18 resources) + 2 drops = 115
    # germany: 105 + 10 (2nd with 0, ruling R2) + 0 + 0 = 115 -> tiebreak 20 energy
    assert result["totals"] == {"usa": 115, "germany": 115}
    assert result["result"]["winner"] == ["germany"]
    assert result["result"]["tiebreak_used"] is True
    assert [s["step"] for s in result["statements"]][-1] == "winner"


def test_standalone_bad_shape_is_400(web: FlaskClient) -> None:
    response = web.post("/api/audit/standalone", json={"players": [{"company": "mars"}]})
    assert response.status_code == 400
    body = response.get_json()
    assert body["code"] == "invalid_payload"
    assert "objective" in body["fields"]


def test_standalone_impossible_entries_are_422_with_every_message(web: FlaskClient) -> None:
    bad = entry()
    bad["players"][0]["dams"][0]["level"] = 4
    bad["players"][1]["powerhouses"] = ["Q9"]
    response = web.post("/api/audit/standalone", json=bad)
    assert response.status_code == 422
    error = response.get_json()
    assert error["code"] == "impossible_entry"
    assert [e["code"] for e in error["errors"]] == ["bad_dam_level", "no_such_space"]
    assert error["errors"][1]["message"] == "There is no space Q9 on the map."
    assert error["errors"][0]["field"] == "players[0].dams[0]"


def test_standalone_csv_export_of_an_impossible_entry_is_422(web: FlaskClient) -> None:
    bad = entry()
    bad["players"][1]["powerhouses"] = ["Q9"]
    response = web.post("/api/audit/standalone/export.csv", json=bad)
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["code"] == "no_such_space"


def test_standalone_csv_export(web: FlaskClient) -> None:
    response = web.post("/api/audit/standalone/export.csv", json=entry())
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0][:3] == ["place", "company", "name"]
    assert rows[1][:2] == ["1", "germany"] and rows[1][11] == "115"
    assert rows[2][:2] == ["2", "usa"]
    assert ["step", "statement"] in rows


# -- tracked games -----------------------------------------------------------------------------


def test_audit_of_tracked_game(web: FlaskClient, game_id: str) -> None:
    response = web.get(f"/api/audit/games/{game_id}")
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    result = data["audit"]
    assert [s["category"] for s in result["sources"]] == [
        "start",
        "contract",
        "energy_ranking",
        "automa_bank",
    ]
    players = {p["company"]: p for p in result["players"]}
    assert players["germany"]["cells"]["contract"]["lines"][0]["reason"] == "Contract G03 fulfilled"
    assert players["germany"]["cells"]["contract"]["lines"][0]["round"] == 2
    assert players["italy"]["cells"]["start"]["vp"] == 16
    # not finished: the end of the game is projected (basins with a piece: usa 1, 8 -> 2)
    assert result["finished"] is False
    assert result["objective"]["awards"] == {"usa": 13, "germany": 13, "italy": 10}


def test_history_of_tracked_game(web: FlaskClient, game_id: str) -> None:
    history = web.get(f"/api/audit/games/{game_id}").get_json()["history"]
    assert history["rounds"] == [1, 2]
    players = {p["company"]: p["by_round"] for p in history["players"]}
    assert [r["vp"] for r in players["usa"]] == [16, 16]
    assert [r["energy"] for r in players["germany"]] == [4, 12]
    assert [r["structures"] for r in players["usa"]] == [4, 4]  # Base + Elevation + C + P


def test_replayed_log_gives_the_same_audit(audit_app: Flask, game_id: str) -> None:
    """The audit of the state rebuilt from the stored events equals the live one."""
    store: Store = audit_app.extensions["companion_store"]
    _, live = store.state(game_id)
    replayed = store.rebuild_state(game_id)
    assert audit.audit_of_game(replayed) == audit.audit_of_game(live)


def test_audit_needs_the_join_code(audit_app: Flask, game_id: str) -> None:
    stranger = audit_app.test_client()
    assert stranger.get(f"/api/audit/games/{game_id}").status_code == 403
    assert stranger.get(f"/audit/games/{game_id}").status_code == 403
    assert stranger.get(f"/api/audit/games/{game_id}/export.csv").status_code == 403
    assert stranger.get("/api/audit/games/nope").status_code == 404


def test_export_json_has_log_and_scores(web: FlaskClient, game_id: str) -> None:
    response = web.get(f"/api/audit/games/{game_id}/export.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    data = json.loads(response.get_data(as_text=True))
    assert len(data["log"]) == len(COMMANDS)
    assert data["audit"]["totals"]["germany"] > 0
    assert data["history"]["rounds"] == [1, 2]


def test_export_csv_has_scores_ledger_and_log(web: FlaskClient, game_id: str) -> None:
    response = web.get(f"/api/audit/games/{game_id}/export.csv")
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["section", "seq", "round", "phase", "company", "category", "vp", "text"]
    sections = {r[0] for r in rows[1:]}
    assert sections == {"score", "ledger", "log"}
    assert ["score", "", "", "", "germany", "contract", "5", "Contracts"] in rows
    ledger = [r for r in rows if r[0] == "ledger" and r[4] == "germany" and r[5] == "contract"]
    # the reason in the table's words (contract ids carry their colour and need)
    assert ledger[0][2] == "2" and ledger[0][7] == "Contract G03 (green, 2 energy) fulfilled"


def test_game_audit_page_and_print_page(web: FlaskClient, game_id: str) -> None:
    page = web.get(f"/audit/games/{game_id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f'data-game-id="{game_id}"' in html and "js/audit/game.js" in html
    printed = web.get(f"/audit/games/{game_id}/print")
    assert printed.status_code == 200
    text = printed.get_data(as_text=True)
    assert "Audit night" in text and "Contract G03 (green, 2 energy) fulfilled" in text
    assert "Basins with at least 1 of your pieces" in text


# ledger reasons as the rules engine writes them (rounds.py, production.py, effects.py, …)
ENGINE_REASONS: list[tuple[str, str]] = [
    ("bonus_tile", "Bonus tile B_POWERHOUSES of round 2: 1 counted"),
    ("objective", "Objective tile O_BASINS_1: 2 counted"),
    ("contract", "Reward of contract Y05"),
    ("contract", "Reward of contract S2"),
    ("income", "Income of USA: income:elevation:4"),
    ("advanced_tile", "Level III Powerhouse tile: 2 Powerhouses (L3_POWERHOUSE)"),
    ("conduit_use", "GER used conduit C1L with 2 drop(s)"),
    ("automa_action", "Bank: 2 Credit(s) for 2 Engineer(s) at BANK"),
]
# what a player never sees on the table (the printed tiles carry no ids)
RAW_IDS = re.compile(
    r"\b(?:B|O)_[A-Z_]+\b|\bL[123]_[A-Z]+\b|\bincome:\w+:\d\b"
    r"|\b(?:TS|WM|WS|MS|CO|PO)_[A-Z0-9_]+\b|\bBANK\b|\b(?:GER|ITA|FRA|NED)\b|\(s\)"
    r"|\b(?:[GYR]\d{2}|[NS]\d)\b(?! \((?:green|yellow|red|starting|national), \d+ energy\))"
)


def test_printable_page_of_a_finished_game_shows_no_component_ids(web: FlaskClient) -> None:
    scores = [
        {"type": "score", "player": "usa", "vp": 5, "category": category, "reason": reason}
        for category, reason in ENGINE_REASONS
    ]
    game = play(web, [*COMMANDS, *scores, {"type": "end_game"}])
    assert web.get(f"/api/audit/games/{game}").get_json()["audit"]["finished"] is True
    html = web.get(f"/audit/games/{game}/print").get_data(as_text=True)
    main = html[html.index("<main") : html.index("</main>")]
    words = re.sub(r"<[^>]+>", " ", main)  # the text a player reads (not the markup)
    assert "Final scores" in words
    assert RAW_IDS.findall(words) == []
    for expected in (
        "Bonus tile “5 VP per Powerhouse” of round 2",
        "Objective tile “Basins with at least 1 of your pieces”",
        "Reward of contract Y05 (yellow, ",
        "Reward of contract S2 (starting, ",
        "the income of the 4th Elevation",
        "(Level 3 Powerhouse)",
        "Germany used conduit C1L with 2 drops",
        "2 Credits for 2 Engineers at Bank",
    ):
        assert expected in words
    # the CSV export speaks the same words (its `text` column)
    exported = web.get(f"/api/audit/games/{game}/export.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(exported.lstrip("\ufeff"))))
    assert [r[7] for r in rows[1:] if RAW_IDS.search(r[7])] == []
