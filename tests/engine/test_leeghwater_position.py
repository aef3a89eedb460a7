"""Start from a game in progress with The Leeghwater Project (issue 11): one `correct` command
of kind `position` also enters the Extra Management board and the expansion officers.

What the table can see and the app must know (leeghwater.md §2 S2-S3, S9-S10, §3, §4, §6):
the 5 Private Building tiles of the game (S3) and each company's Buildings next to them (one
per tile, a blocked space stays blocked: ruling L8, X24), the face-up External Works and the
ones each company took (those never come back: §3.1 "each tile is taken once"), the left action
spaces an Automa's Building closed (§10), where Leslie Spencer's special tile is (supply or a
wheel segment, §6) and whether Tommaso Battista's Architect is out this round (§6).
"""

from __future__ import annotations

from typing import Any

import pytest
from leeghwater_helpers import expansion_payload

from companion.engine import RuleViolation, execute, new_game, rebuild
from companion.engine.errors import CommandError
from companion.engine.leeghwater import activated, buildings_built
from companion.engine.state import GameState, to_json

SEATS = [
    {"kind": "human", "company": "netherlands", "officer": "leslie_spencer"},
    {"kind": "human", "company": "usa", "officer": "tommaso_battista"},
    {"kind": "human", "company": "italy", "officer": "margot_fouche"},
]
BUILDINGS = ["wind_farm", "cofferdam", "loan_agency", "research_lab", "customer_office"]


def _game() -> tuple[dict[str, Any], GameState]:
    payload = expansion_payload(seats=SEATS, seed=7)
    return payload, new_game(payload).state


def _position(**extra: Any) -> dict[str, Any]:
    return {
        "round": 3,
        "turn_order": ["usa", "italy", "netherlands"],
        "active": "italy",
        "passed": [],
        "buildings": BUILDINGS,
        "building_spaces": {
            "wind_farm": ["netherlands", "usa", None, "blocked"],
            "loan_agency": [None, None, "italy", "blocked"],
        },
        "external_offer": ["B3", "B4", "B5"],
        "external_taken": {"netherlands": ["A1", "A2"], "usa": ["B1"]},
        "players": {
            "netherlands": {"credits": 4, "leslie_tile": 2},
            "usa": {"architect_out": True},
        },
        **extra,
    }


def _enter(state: GameState, position: dict[str, Any]) -> Any:
    command = {"type": "correct", "what": "position", "value": position, "reason": "paper"}
    return execute(state, command)


def test_an_expansion_position_enters_the_extra_management_board_and_officers() -> None:
    payload, state = _game()
    outcome = _enter(state, _position())
    s = outcome.state
    lw = s.leeghwater
    assert lw["buildings"] == BUILDINGS
    # with 3 players space 4 of every tile is blocked (X24, ruling L8), the new tiles' too
    assert lw["building_spaces"]["cofferdam"] == [None, None, None, "blocked"]
    assert lw["building_spaces"]["wind_farm"] == ["netherlands", "usa", None, "blocked"]
    assert activated(s, "netherlands") == ["wind_farm"]
    assert activated(s, "italy") == ["loan_agency"]
    assert (buildings_built(s, "usa"), buildings_built(s, "italy")) == (1, 1)
    assert lw["external_offer"] == ["B3", "B4", "B5"]
    assert lw["external_taken"] == {"netherlands": ["A1", "A2"], "usa": ["B1"]}
    piles = [t for pile in lw["external_piles"].values() for t in pile]
    assert not {"A1", "A2", "B1", "B3", "B4", "B5"} & set(piles)  # taken or face up: no pile
    nl = s.players["netherlands"]
    assert "leslie_tile" not in nl.tiles and nl.wheel[2].tiles == ["leslie_tile"]
    assert nl.credits == 4
    assert lw["architect_out"] == ["usa"]
    # one record; a fold of its events gives the same state (undo and reload keep it)
    rebuilt = rebuild(payload, [{"command": {"type": "correct"}, "events": outcome.events}])
    assert to_json(rebuilt)["leeghwater"] == to_json(s)["leeghwater"]
    assert to_json(rebuilt)["players"] == to_json(s)["players"]


def test_the_expansion_lines_speak_the_tables_words() -> None:
    _, state = _game()
    reasons = [str(e["reason"]) for e in _enter(state, _position()).events]
    assert any(r.startswith("Private Building tiles ") and "Wind Farm" in r for r in reasons)
    assert (
        "Netherlands: Leslie Spencer's special tile in the personal supply → on wheel "
        "segment 2 — paper" in reasons
    )
    assert "USA: the Architect is out this round — paper" in reasons


def test_the_architect_comes_back_and_leslies_tile_returns_to_the_supply() -> None:
    _, state = _game()
    state = _enter(state, _position()).state
    back = {"players": {"usa": {"architect_out": False},
                        "netherlands": {"leslie_tile": "supply"}}}  # fmt: skip
    s = _enter(state, back).state
    assert s.leeghwater["architect_out"] == []
    assert "leslie_tile" in s.players["netherlands"].tiles
    assert all("leslie_tile" not in seg.tiles for seg in s.players["netherlands"].wheel)


@pytest.mark.parametrize(
    ("position", "error", "says"),
    [
        ({"buildings": BUILDINGS[:4]}, CommandError, "5 tiles"),
        ({"buildings": [*BUILDINGS[:4], "wind_farm"]}, RuleViolation, "Five different"),
        ({"buildings": [*BUILDINGS[:4], "castle"]}, RuleViolation, "Unknown Private Building"),
        ({"players": {"usa": {"leslie_tile": 1}}}, RuleViolation, "Only Leslie Spencer"),
        ({"players": {"italy": {"architect_out": True}}}, RuleViolation, "Only Tommaso"),
        ({"players": {"usa": {"architect_out": "yes"}}}, CommandError, "true"),
        ({"players": {"netherlands": {"leslie_tile": 6}}}, CommandError, "segment 0-5"),
        ({"building_spaces": {"wind_farm": ["usa", "usa", None, None]}}, RuleViolation,
         "One Building"),
        ({"external_offer": ["B3", "Z9", None]}, RuleViolation, "Unknown External Work"),
    ],
)  # fmt: skip
def test_an_impossible_expansion_position_is_refused_in_words_and_changes_nothing(
    position: dict[str, Any], error: type[Exception], says: str
) -> None:
    _, state = _game()
    before = to_json(state)
    with pytest.raises(error, match=says):
        _enter(state, position)
    assert to_json(state) == before


def test_a_base_game_position_has_no_expansion_lines() -> None:
    state = new_game(
        {"mode": "full", "deals": "app", "seed": 1,
         "seats": [{"kind": "human", "company": "usa"}, {"kind": "human", "company": "italy"}]}
    ).state  # fmt: skip
    with pytest.raises(RuleViolation, match="without The Leeghwater Project"):
        _enter(state, {"buildings": BUILDINGS})
