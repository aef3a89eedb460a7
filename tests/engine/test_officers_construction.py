"""Executive Officers that change constructions (Appendix 3), incl. Mahiri's copy and Anton's tile.

Numbers from companies.md §6 derived examples 13-15; edge cases 6 and 7 by name.
"""

from __future__ import annotations

import helpers
import pytest
from test_construction_fixtures import make_game

from companion.engine import construction
from companion.engine.errors import RuleViolation
from companion.engine.events import Recorder
from companion.engine.state import Segment


def build(state, company, command):  # type: ignore[no-untyped-def]
    rec = Recorder(state)
    helpers.decide_build(rec, company, {"type": "build", "player": company, **command})
    return rec


# -- Wilhelm Adler -------------------------------------------------------------------------


def test_derived_13_wilhelm_mountain_base_costs_3_excavators() -> None:
    state = make_game(mode="full", officers={"usa": "wilhelm_adler"})
    cost = construction.structure_cost(state, "usa", "base", "2L", "base")
    assert cost.excavators == 3
    build(state, "usa", {"structure": "base", "space": "2L", "tile": "base"})
    assert state.players["usa"].excavators == 3


def test_wilhelm_elevations_unchanged_and_red_border_still_due() -> None:
    state = make_game(mode="full", officers={"usa": "wilhelm_adler"})
    build(state, "usa", {"structure": "base", "space": "2U", "tile": "base"})
    assert state.players["usa"].credits == 3  # red-bordered 2U: +3 Credits
    cost = construction.structure_cost(state, "usa", "elevation", "2U", "elevation")
    assert (cost.mixers, cost.credits_red_border) == (4, 0)


# -- Jill McDowell (edge case 6) -----------------------------------------------------------


def test_derived_14_jill_value_3_conduit_6_excavators_or_3_mixers() -> None:
    state = make_game(mode="full", officers={"germany": "jill_mcdowell"})
    cost = construction.structure_cost(state, "germany", "conduit", "C2L", "conduit")
    payments = {(p.excavators, p.mixers, p.credits) for p in cost.payments}
    assert payments == {(6, 0, 0), (0, 3, 0)}
    build(state, "germany", {"structure": "conduit", "space": "C2L", "tile": "conduit",
                             "payment": {"excavators": 0, "mixers": 3}})  # fmt: skip
    germany = state.players["germany"]
    assert (germany.excavators, germany.mixers) == (6, 1)
    assert germany.wheel[1].mixers == 3


def test_edge_case_6_jill_never_mixes_excavators_and_mixers() -> None:
    state = make_game(mode="full", officers={"germany": "jill_mcdowell"})
    with pytest.raises(RuleViolation) as info:
        build(state, "germany", {"structure": "conduit", "space": "C2L", "tile": "conduit",
                                 "payment": {"excavators": 2, "mixers": 2}})  # fmt: skip
    assert "not one of the allowed payments" in info.value.message


def test_edge_case_6_jill_with_conduit_cap_tile() -> None:
    """Ruling R24: the cap changes only the Excavator payment; Jill stays 1 Mixer x value."""
    state = make_game(mode="full", officers={"germany": "jill_mcdowell"})
    state.players["germany"].tiles.append("L2_CONDUIT")
    cost = construction.structure_cost(state, "germany", "conduit", "C2R", "L2_CONDUIT")
    assert {(p.excavators, p.mixers) for p in cost.payments} == {(5, 0), (0, 5)}


def test_conduit_without_jill_has_one_payment() -> None:
    state = make_game(mode="full")
    cost = construction.structure_cost(state, "germany", "conduit", "C2L", "conduit")
    assert [(p.excavators, p.mixers, p.credits) for p in cost.payments] == [(6, 0, 0)]


# -- Solomon P. Jordan (edge case 7) -------------------------------------------------------


def test_edge_case_7_derived_15_solomon_mountain_base_with_3_excavators_pays_6_credits() -> None:
    state = make_game(mode="full", officers={"italy": "solomon_p_jordan"})
    italy = state.players["italy"]
    italy.excavators = 3
    italy.credits = 6
    build(state, "italy", {"structure": "base", "space": "2L", "tile": "base",
                           "payment": {"excavators": 3, "mixers": 0, "credits": 6}})  # fmt: skip
    assert italy.excavators == 0
    assert italy.credits == 0
    # the Credits go to the general supply, never onto the wheel
    assert italy.wheel[1] == Segment(tiles=["base"], excavators=3, mixers=0)


def test_edge_case_7_solomon_pays_a_conduit_wholly_in_credits() -> None:
    state = make_game(mode="full", officers={"italy": "solomon_p_jordan"})
    italy = state.players["italy"]
    italy.credits = 12
    build(state, "italy", {"structure": "conduit", "space": "C6R", "tile": "conduit",
                           "payment": {"excavators": 0, "mixers": 0, "credits": 12}})  # fmt: skip
    assert italy.credits == 0
    assert italy.excavators == 6
    assert italy.wheel[1].tiles == ["conduit"]  # the tile still goes onto the wheel


def test_solomon_default_is_the_plain_payment_and_options_show_substitutions() -> None:
    state = make_game(mode="full", officers={"italy": "solomon_p_jordan"})
    italy = state.players["italy"]
    italy.excavators = 3
    with pytest.raises(RuleViolation) as info:
        build(state, "italy", {"structure": "base", "space": "2L", "tile": "base"})
    assert info.value.message == (
        "A Base costs 5 Excavators in the Mountains; you have 3. "
        "Choose another payment (your officer or tile allows one)."
    )
    option = next(
        o
        for o in construction.build_options(state, "italy")
        if o["space"] == "2L" and o["tile"] == "base"
    )
    assert option["command"]["payment"] == {"excavators": 3, "mixers": 0, "credits": 6}
    assert option["preview"]["credits"] == 6


def test_solomon_on_every_structure_elevation_in_credits() -> None:
    from companion.engine.state import Dam

    state = make_game(mode="full", officers={"italy": "solomon_p_jordan"})
    state.dams["9L"] = Dam(owner="italy")
    state.players["italy"].mixers = 0
    build(state, "italy", {"structure": "elevation", "space": "9L", "tile": "elevation",
                           "payment": {"excavators": 0, "mixers": 0, "credits": 6}})  # fmt: skip
    assert state.dams["9L"].level == 2
    assert state.players["italy"].credits == 0


# -- Mahiri Sekibo's copy -------------------------------------------------------------------


def test_mahiri_copying_wilhelm_builds_bases_for_3_excavators() -> None:
    state = make_game(mode="full", officers={"france": "mahiri_sekibo"})
    state.players["france"].copied_officer = "wilhelm_adler"
    assert construction.structure_cost(state, "france", "base", "2L", "base").excavators == 3


def test_mahiri_copying_jill_and_solomon() -> None:
    state = make_game(mode="full", officers={"france": "mahiri_sekibo"})
    france = state.players["france"]
    france.copied_officer = "jill_mcdowell"
    cost = construction.structure_cost(state, "france", "conduit", "C2L", "conduit")
    assert (0, 3) in {(p.excavators, p.mixers) for p in cost.payments}
    france.copied_officer = "solomon_p_jordan"
    cost = construction.structure_cost(state, "france", "base", "9L", "base")
    assert (0, 0, 9) in {(p.excavators, p.mixers, p.credits) for p in cost.payments}


def test_mahiri_copying_anton_copies_a_wheel_tile_without_inserting_one() -> None:
    """Appendix 3: copying Anton, no tile goes in; the Machineries still do."""
    state = make_game(mode="full", officers={"france": "mahiri_sekibo"})
    france = state.players["france"]
    france.tiles.remove("conduit")
    france.wheel[2].tiles.append("conduit")
    france.copied_officer = "anton_krylov"
    build(state, "france", {"structure": "conduit", "space": "C6R", "tile": None,
                            "copies": "conduit"})  # fmt: skip
    assert state.conduits["C6R"] == "france"
    assert france.wheel[1] == Segment(tiles=[], excavators=4, mixers=0)


# -- Anton Krylov --------------------------------------------------------------------------


def test_anton_tile_copies_a_tile_on_the_wheel_structure_and_effect() -> None:
    state = make_game(mode="full", officers={"usa": "anton_krylov"})
    usa = state.players["usa"]
    usa.wheel[3].tiles.append("L1_CONDUIT")
    build(state, "usa", {"structure": "conduit", "space": "C6R", "tile": "anton_copy_tile",
                         "copies": "L1_CONDUIT"})  # fmt: skip
    assert usa.wheel[1].tiles == ["anton_copy_tile"]
    assert usa.wheel[4].tiles == ["L1_CONDUIT"]  # the copied tile stays where it is
    assert usa.credits == 6 + 4  # L1_CONDUIT effect: 2 x value 2


def test_anton_with_nothing_on_the_wheel_builds_nothing() -> None:
    state = make_game(mode="full", officers={"usa": "anton_krylov"})
    assert not any(o["tile"] == "anton_copy_tile" for o in construction.build_options(state, "usa"))
    with pytest.raises(RuleViolation) as info:
        build(state, "usa", {"structure": "base", "space": "9L", "tile": "anton_copy_tile"})
    assert "copies a tile on your Construction Wheel" in info.value.message


def test_anton_copying_a_cost_tile_changes_the_cost() -> None:
    state = make_game(mode="full", officers={"usa": "anton_krylov"})
    usa = state.players["usa"]
    usa.wheel[2].tiles.append("L3_BASE")
    options = [
        o
        for o in construction.build_options(state, "usa")
        if o["tile"] == "anton_copy_tile" and o["space"] == "2L"
    ]
    assert options and options[0]["preview"]["excavators"] == 0
    assert options[0]["preview"]["engineers"] == 0
