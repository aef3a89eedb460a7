"""legal_options: what is legal now, why the rest is not, and the open question's answers."""

from __future__ import annotations

import pytest
from helpers import give, make_state

from companion.engine import execute, legal_options
from companion.engine.state import GameState


def action(state: GameState, kind: str, player: str | None = None) -> dict:
    return next(a for a in legal_options(state, player)["actions"] if a["type"] == kind)


def test_the_shape_of_legal_options() -> None:
    options = legal_options(make_state(4))
    assert options["player"] == "usa" and options["phase"] == "actions" and options["round"] == 1
    assert options["pending"] is None
    kinds = [a["type"] for a in options["actions"]]
    assert kinds == [
        "build",
        "produce",
        "water",
        "workshop",
        "buy_machinery",
        "take_contracts",
        "bank",
        "patent",
        "pass",
    ]
    for a in options["actions"]:
        assert a["enabled"] == bool(a["choices"])
        assert a["enabled"] or a["why"]
        for choice in a["choices"]:
            assert {"label", "command"} <= set(choice)


def test_every_offered_choice_is_accepted() -> None:
    state = make_state(4)
    for a in legal_options(state)["actions"]:
        for choice in a["choices"]:
            execute(state, choice["command"])  # raises if refused


def test_disabled_actions_say_why() -> None:
    state = make_state(4)
    assert action(state, "produce")["why"].startswith("You have no production system")
    assert "introductory" in action(state, "patent")["why"]
    assert "ruling R17" in action(state, "pass")["why"]
    give(state, "usa", engineers=0)
    assert action(state, "bank")["why"] == "You have no Engineers left: pass."
    assert action(state, "pass")["enabled"]


def test_workshop_spaces_taken_is_the_reason() -> None:
    state = make_state(2)
    for space in ("WS_1_L", "WS_1_R", "WS_3_L", "WS_3_R"):
        state.occupied[space] = "germany"
    assert action(state, "workshop")["why"] == "Workshop spaces are taken."


def test_unaffordable_spaces_are_not_offered() -> None:
    state = make_state(4)
    give(state, "usa", credits=1)
    spaces = {c["space"] for c in action(state, "workshop")["choices"]}
    assert spaces == {"WS_1_L", "WS_1_R"}
    assert all(c["space"].endswith("_L") for c in action(state, "water")["choices"])


def test_another_players_view_shows_whose_turn_it_is() -> None:
    state = make_state(4)
    options = legal_options(state, "germany")
    assert all(not a["enabled"] and a["why"] == "It is USA's turn." for a in options["actions"])


def test_a_pending_decision_lists_its_answers_as_commands() -> None:
    state = make_state(4, deals="table")
    offer = state.contract_offer["green"][0]
    state = execute(
        state, {"type": "take_contracts", "player": "usa", "space": "CO_1A_L", "contracts": [offer]}
    ).state
    options = legal_options(state)
    pending = options["pending"]
    assert pending["kind"] == "table_draw" and pending["player"] is None
    assert len(pending["choices"]) == len(state.contract_piles["green"])
    assert all(not a["enabled"] for a in options["actions"])
    after = execute(state, pending["choices"][0]["command"]).state
    assert not after.pending


@pytest.mark.parametrize("players", [2, 3])
def test_blocked_spaces_are_never_offered(players: int) -> None:
    state = make_state(players)
    blocked = {s for s, who in state.occupied.items() if who == "blocked"}
    offered = {c.get("space") for a in legal_options(state)["actions"] for c in a["choices"]}
    assert not blocked & offered


def test_production_previews_say_where_the_drops_go_as_the_production_does() -> None:
    # Every produce choice of random legal games: the preview's stops are the stops of the
    # drops the production then releases (p. 16 "Where does the water go?", ruling R16).
    import random

    from companion.engine import new_game
    from companion.engine.options import all_commands

    checked = 0
    for seed in (3, 11):
        rng = random.Random(seed)
        state = new_game(
            {
                "mode": "introductory",
                "seed": seed,
                "seats": [{"kind": "human", "company": c} for c in ("usa", "germany", "italy")],
            }
        ).state
        while not state.finished:
            if not state.pending:
                for choice in action(state, "produce")["choices"]:
                    events = execute(state, choice["command"]).events
                    made = next(e for e in events if e["type"] == "production_made")
                    i = events.index(made)
                    flowed = [e for e in events[i:] if e["type"] == "drop_flowed"]
                    stops = [e["stopped_at"] for e in flowed[: made["drops"]]]
                    assert choice["preview"]["stops_at"] == stops
                    assert choice["preview"]["text"].startswith("Then ")
                    checked += 1
            pending = state.pending[-1].player if state.pending else None
            state = execute(state, rng.choice(all_commands(state, pending or state.active))).state
    assert checked > 20
