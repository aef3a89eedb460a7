"""Refusal messages name the rule in a player's words: companies by their names, counts in
correct English (p. 13 Construction; edge case 9)."""

from __future__ import annotations

import pytest
from helpers import make_state, place_dam, set_active, setup_payload

from companion.engine import RuleViolation, execute, new_game


def test_an_elevation_on_another_companys_dam_names_the_company() -> None:
    # edge case 9: Elevations only on your own dams
    state = make_state(4)
    set_active(state, "france")
    place_dam(state, "6L", "germany")
    command = {"type": "build", "player": "france", "structure": "elevation", "space": "6L",
               "tile": "elevation"}  # fmt: skip
    with pytest.raises(RuleViolation) as info:
        execute(state, command)
    assert info.value.message == (
        "The dam on 6L belongs to Germany: Elevations go on your own dams only."
    )


def test_one_engineer_is_singular() -> None:
    state = make_state(4)
    set_active(state, "france")
    state.players["france"].engineers = 0
    command = {"type": "build", "player": "france", "structure": "base", "space": "6L",
               "tile": "base"}  # fmt: skip
    with pytest.raises(RuleViolation) as info:
        execute(state, command)
    assert info.value.message == "Your 1st construction this round needs 1 Engineer; you have 0."


def test_an_automa_turn_out_of_turn_names_both_companies() -> None:
    # p. 11: players act in turn order; the Automa too (automa.md §4)
    state = make_state(("usa", "germany", "italy"), automas=("italy",))
    set_active(state, "usa")
    with pytest.raises(RuleViolation) as info:
        execute(state, {"type": "automa_turn", "player": "italy"})
    assert info.value.code == "not_your_turn"
    assert info.value.message == "It is USA's turn, not Italy's."


def test_a_draft_pick_of_a_board_not_on_offer_names_the_board() -> None:
    # p. 9 full setup: pick one of the company boards on offer
    state = new_game(setup_payload(2, mode="full")).state
    contract = state.pending[-1].options["answers"][0]["contract"]
    with pytest.raises(RuleViolation) as info:
        execute(
            state, {"type": "decide", "answer": {"company": "netherlands", "contract": contract}}
        )
    assert info.value.message == "Netherlands is not one of the company boards still on offer."
