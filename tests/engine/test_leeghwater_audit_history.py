"""The audit's per-round history of an expansion game (The Leeghwater Project): each round of
each company also reads the Buildings built and External Works taken by its end, and what the
round brought — Private Building VP (leeghwater.md §8 X8: L3_BUILDING scores the building now;
§9: every activated building's VP at the end, X10), External Works VP and Credits (§3.2), and
the VP of the expansion's bonus tiles (§7, X11). A base game's history has none of these lines.

The records are folded from real commands and the engine's own Scoring phase and final scoring.
"""

from __future__ import annotations

from typing import Any

from helpers import give, make_state
from leeghwater_helpers import expansion_payload, put_buildings, put_on_offer

from companion.engine import audit, execute, new_game, rounds
from companion.engine.audit.leeghwater_history import FIELDS
from companion.engine.events import Recorder
from companion.engine.state import GameState


def _record(events: list[Any]) -> dict[str, Any]:
    return {"kind": "command", "events": events}


def _by_round(table: dict[str, Any], company: str, round_: int) -> dict[str, int]:
    player = next(p for p in table["players"] if p["company"] == company)
    return dict(next(r for r in player["by_round"] if r["round"] == round_))


def _game() -> tuple[GameState, str, str]:
    """An expansion game in round 1's Actions (draft done): state, first and second player."""
    state = new_game(expansion_payload(2, seed=4)).state
    while state.pending and state.pending[-1].kind == "draft_pick":
        answer = state.pending[-1].options["answers"][0]
        state = execute(state, {"type": "decide", "answer": answer}).state
    first = str(state.active)
    return state, first, next(c for c in state.players if c != first)


def test_the_round_reads_external_works_and_building_lines() -> None:
    state, first, second = _game()
    put_on_offer(state, "A2", "B4", "A5")
    put_buildings(state, "customer_office", "cofferdam")
    give(state, first, mixers=6, excavators=3, credits=0)
    give(state, second, excavators=3)
    state.players[first].tiles.append("L3_BUILDING")
    start = state.copy()  # the fold starts here
    records = []
    # A2 for the first player: 1 Concrete Mixer → 3 Credits and 2 wheel turns
    outcome = execute(state, {"type": "external_work", "player": first, "slot": 1})
    records.append(_record(outcome.events))
    # B4 for the second: 3 Excavators → 5 VP and 6 energy steps
    outcome = execute(outcome.state, {"type": "external_work", "player": second, "slot": 2})
    records.append(_record(outcome.events))
    # the first player builds the Customer Office with L3_BUILDING: +7 VP now (X8)
    command = {"type": "build", "player": first, "structure": "building",
               "space": "BS_customer_office_1", "tile": "L3_BUILDING"}  # fmt: skip
    outcome = execute(outcome.state, command)
    records.append(_record(outcome.events))
    # round 1's Scoring phase with the External Works bonus tile, 5 VP a tile (§7): the second
    # player's 6 energy steps make it count; the first, with no energy, scores nothing
    played = outcome.state
    played.bonus_tiles[0] = "B_EXTERNAL_WORKS"
    start.bonus_tiles[0] = "B_EXTERNAL_WORKS"
    rec = Recorder(played)
    rounds.scoring_phase(rec)
    records.append(_record(rec.events))

    table = audit.history(start, records)
    mine, theirs = _by_round(table, first, 1), _by_round(table, second, 1)
    assert {k: mine[k] for k in FIELDS} == {
        "buildings": 1,
        "external_works": 1,
        "building_vp": 7,
        "external_work_vp": 0,
        "external_work_credits": 3,
        "expansion_bonus_vp": 0,
    }
    assert {k: theirs[k] for k in FIELDS} == {
        "buildings": 0,
        "external_works": 1,
        "building_vp": 0,
        "external_work_vp": 5,
        "external_work_credits": 0,
        "expansion_bonus_vp": 5,
    }


def test_the_end_of_game_scores_every_activated_buildings_vp_in_round_5() -> None:
    # X10: Cofferdam, Loan Agency, Wind Farm, Customer Office → 3 + 4 + 5 + 7 = 19 VP
    state, first, _ = _game()
    put_buildings(state, "cofferdam", "loan_agency", "wind_farm", "customer_office")
    for tile in ("cofferdam", "loan_agency", "wind_farm", "customer_office"):
        state.leeghwater["building_spaces"][tile][0] = first
    state.round = 5
    start = state.copy()
    rec = Recorder(state)
    rounds.end_of_game(rec)
    table = audit.history(start, [_record(rec.events)])
    row = _by_round(table, first, 5)
    assert (row["building_vp"], row["buildings"]) == (19, 4)


def test_a_base_games_history_has_no_expansion_lines() -> None:
    state = make_state(2)
    table = audit.history(state, [])
    for player in table["players"]:
        for row in player["by_round"]:
            assert not set(FIELDS) & set(row)
