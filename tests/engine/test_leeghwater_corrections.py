"""The correction sheet covers the Extra Management board (The Leeghwater Project): the face-up
External Works, the tiles each company took, the Buildings on their spaces; each line is logged
as "<what> <before> → <after> — <reason>" and folds back from its event."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import make_state
from leeghwater_helpers import expansion_payload, expansion_state, put_buildings

from companion.engine import RuleViolation, execute, new_game, rebuild
from companion.engine.leeghwater import activated
from companion.engine.state import GameState


def correct(state: GameState, **fields: Any) -> Any:
    return execute(state, {"type": "correct", "reason": "the table says so", **fields})


def test_the_face_up_external_works_are_corrected_and_the_piles_follow() -> None:
    state = expansion_state(2, seed=3)
    before = list(state.leeghwater["external_offer"])
    outcome = correct(state, what="external_offer", value=["B1", before[1], None])
    offer = outcome.state.leeghwater["external_offer"]
    assert offer == ["B1", before[1], None]
    assert "B1" not in outcome.state.leeghwater["external_piles"]["B"]
    assert before[0] in outcome.state.leeghwater["external_piles"]["A"]
    assert outcome.events[0]["reason"].startswith("External Works face up ")


def test_buildings_are_corrected_and_a_blocked_space_stays_blocked() -> None:
    state = expansion_state(3, seed=3)
    put_buildings(state, "cofferdam", "wind_farm")
    state.leeghwater["building_spaces"]["cofferdam"][3] = "blocked"
    company = str(state.active)
    value = {"cofferdam": [company, None, None, company]}
    with pytest.raises(RuleViolation, match="One Building of a company"):
        correct(state, what="building_spaces", value={"cofferdam": [company, company, None, None]})
    outcome = correct(state, what="building_spaces", value=value)
    assert outcome.state.leeghwater["building_spaces"]["cofferdam"] == [
        company, None, None, "blocked"]  # fmt: skip
    assert activated(outcome.state, company) == ["cofferdam"]
    assert "Cofferdam" in outcome.events[0]["reason"]


def test_external_works_taken_are_corrected() -> None:
    state = expansion_state(2, seed=3)
    company = str(state.active)
    outcome = correct(state, what="external_taken", value={company: ["A1", "C3"]})
    assert outcome.state.leeghwater["external_taken"] == {company: ["A1", "C3"]}
    with pytest.raises(RuleViolation, match="Unknown External Work"):
        correct(state, what="external_taken", value={company: ["Z9"]})


def test_a_base_game_has_no_extra_management_board_to_correct() -> None:
    with pytest.raises(RuleViolation, match="without The Leeghwater Project"):
        correct(make_state(2), what="external_offer", value=["A1", None, None])


def test_the_new_bonus_tiles_can_be_corrected_in_an_expansion_game() -> None:
    state = expansion_state(2, seed=3)
    tiles = ["B_BUILDINGS", "B_EXTERNAL_WORKS", "B_BASES", "B_CONDUITS", "B_CONTRACTS"]
    assert correct(state, what="bonus_tiles", value=tiles).state.bonus_tiles == tiles


def test_a_correction_folds_back_from_its_event() -> None:
    seats = [{"kind": "human", "company": "usa", "officer": "wilhelm_adler"},
             {"kind": "human", "company": "italy", "officer": "jill_mcdowell"}]  # fmt: skip
    payload = expansion_payload(seats=seats, seed=3)
    state = new_game(payload).state
    outcome = correct(state, what="external_offer", value=["C5", None, None])
    folded = rebuild(payload, [{"command": {"type": "correct"}, "events": outcome.events}])
    assert folded.leeghwater == outcome.state.leeghwater


def test_a_left_action_space_closed_by_an_automa_is_corrected() -> None:
    state = expansion_state(2, seed=3)
    put_buildings(state, "cofferdam", "wind_farm")
    outcome = correct(state, what="left_closed", value=["wind_farm"])
    assert outcome.state.leeghwater["left_closed"] == ["wind_farm"]
    assert "Wind Farm" in outcome.events[0]["reason"]
    with pytest.raises(RuleViolation, match="this game's Private Buildings"):
        correct(state, what="left_closed", value=["research_lab"])
