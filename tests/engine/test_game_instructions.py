"""Table instructions derived from events (UX.md: numbered steps, drops animated)."""

from __future__ import annotations

from helpers import make_state

from companion.engine import execute, legal_options
from companion.engine.instructions import derive, sheets
from companion.engine.places import space_name
from companion.engine.state import GameState


def _all_pass(state: GameState):
    outcome = None
    start = state.round
    while state.round == start:
        company = state.active
        engineers = state.players[company].engineers
        command = (
            {"type": "bank", "player": company, "engineers": engineers}
            if engineers
            else {"type": "pass", "player": company}
        )
        outcome = execute(state, command)
        state = outcome.state
    return outcome


def test_a_construction_reads_like_the_ux_example() -> None:
    state = make_state(4)
    build = next(a for a in legal_options(state)["actions"] if a["type"] == "build")
    command = next(
        c["command"]
        for c in build["choices"]
        if c["command"]["structure"] == "base" and c["preview"]["credits"] == 0
    )
    texts = [s["text"] for s in execute(state, command).instructions]
    assert texts[0] == "Put 1 Engineer on your first construction space."
    assert texts[1].startswith("Put the Base tile and 3 Excavators in the wheel's open segment")
    assert "Turn the Construction Wheel one segment." in texts
    assert f"Place a Base on {space_name(command['space'])}." in texts


def test_steps_are_numbered_from_one() -> None:
    outcome = execute(make_state(4), {"type": "bank", "player": "usa", "engineers": 2})
    assert [s["n"] for s in outcome.instructions] == list(range(1, len(outcome.instructions) + 1))
    assert outcome.instructions[0]["text"] == "Put 2 Engineers on the Bank."
    assert outcome.instructions[1]["text"] == "Take 2 Credits."


def test_the_water_flow_phase_animates_each_drop_and_names_each_company_in_scoring() -> None:
    state = make_state(2)
    waiting = sum(state.headstreams.values())
    outcome = _all_pass(state)
    moves = [s for s in outcome.instructions if s["kind"] == "drop_flowed"]
    assert len(moves) == waiting
    assert all(s["animate"]["path"][0] in "ABCD" for s in moves)
    scoring = [s["text"] for s in outcome.instructions if s["kind"] == "credits_gained"]
    assert scoring == ["USA: Take 3 Credits.", "Germany: Take 3 Credits."]


def test_sheets_group_a_computed_phase_by_company_and_headstream() -> None:
    state = make_state(2)
    outcome = _all_pass(state)
    by = sheets(outcome.state, outcome.events)
    assert {"usa", "germany"} <= set(by)
    letters = {e["headstream"] for e in outcome.events if e["type"] == "drop_flowed"}
    assert letters and letters <= set(by)
    assert derive(outcome.state, []) == []


def test_a_new_game_lists_what_the_app_dealt() -> None:
    from helpers import setup_payload

    from companion.engine import new_game

    outcome = new_game(setup_payload(2, seed=3))
    texts = [s["text"] for s in outcome.instructions]
    state = outcome.state
    assert texts[0].startswith("Headstream tiles: ")
    assert any(t.startswith(f"Objective tile: {state.objective}") for t in texts)
    assert sum(t.startswith("Neutral dam") for t in texts) == 3
    assert any(t.startswith("Put unused Engineers on the spaces not used: ") for t in texts)
