"""Refusal messages name the rule in a player's words: companies by their names, counts in
correct English (p. 13 Construction; edge case 9)."""

from __future__ import annotations

import pytest
from helpers import make_state, place_dam, set_active

from companion.engine import RuleViolation, execute


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
