"""Advanced Technology tiles (Appendix 4; companies.md §4.2 and §6 derived examples 16-19, 23).

Each tile with numbers; optional effects that place drops or produce may be declined
(ruling R23); an Automa below level 3 has no special effects.
"""

from __future__ import annotations

import helpers
import pytest
from test_construction_fixtures import make_game

from companion.engine import construction
from companion.engine.catalog import BASE_ADVANCED_TILES
from companion.engine.commands import read_answer
from companion.engine.events import RESOLVERS, Recorder
from companion.engine.state import Dam, GameState


def build(state: GameState, company: str, structure: str, space: str, tile: str, **extra):  # type: ignore[no-untyped-def]
    state.players[company].tiles.append(tile)
    rec = Recorder(state)
    helpers.decide_build(rec, company, {"type": "build", "player": company,
                                             "structure": structure, "space": space,
                                             "tile": tile, **extra})  # fmt: skip
    return rec


def answer(state: GameState, reply: dict) -> Recorder:  # type: ignore[type-arg]
    rec = Recorder(state)
    decision = state.pending[-1]
    RESOLVERS[decision.kind](rec, decision, read_answer(reply))
    return rec


def full_game() -> GameState:
    return make_game(mode="full")


# -- level I -------------------------------------------------------------------------------


def test_l1_base_one_drop_in_each_empty_own_dam_not_neutral() -> None:
    state = full_game()
    state.dams["6L"] = Dam(owner="usa", drops=0)
    state.dams["10L"] = Dam(owner="usa", drops=1)
    state.dams["8L"].drops = 0  # neutral: never gets a drop
    build(state, "usa", "base", "9L", "L1_BASE")
    decision = state.pending[-1]
    assert decision.kind == "tile_effect"
    assert decision.options["drops"] == {"6L": 1, "9L": 1}
    answer(state, {"accept": True})
    assert (state.dams["6L"].drops, state.dams["9L"].drops, state.dams["10L"].drops) == (1, 1, 1)
    assert state.dams["8L"].drops == 0
    assert state.pending == []


def test_l1_base_may_be_declined() -> None:
    """Ruling R23: an effect that places drops may be declined."""
    state = full_game()
    build(state, "usa", "base", "9L", "L1_BASE")
    answer(state, {"accept": False})
    assert state.dams["9L"].drops == 0


def test_derived_19_l1_elevation_for_the_5th_elevation_turns_6_steps() -> None:
    state = full_game()
    usa = state.players["usa"]
    usa.built["elevation"] = 4
    state.dams["9L"] = Dam(owner="usa")
    rec = build(state, "usa", "elevation", "9L", "L1_ELEVATION")
    rotations = [e for e in rec.events if e["type"] == "wheel_rotated"]
    assert len(rotations) == 1 + 5
    assert "L1_ELEVATION" in usa.tiles  # a full turn: straight back to the supply
    assert usa.mixers == 4
    assert all(s.is_empty() for s in usa.wheel)
    assert usa.vp == 10 + 7  # the 5th Elevation's income


def test_derived_17_l1_conduit_value_4_gives_8_credits() -> None:
    state = full_game()
    state.players["usa"].excavators = 8
    build(state, "usa", "conduit", "C6L", "L1_CONDUIT")
    assert state.players["usa"].credits == 6 + 8


def test_l1_powerhouse_needs_no_engineers_even_with_none_left() -> None:
    state = full_game()
    usa = state.players["usa"]
    usa.engineers = 0
    usa.constructions_this_round = 4
    rec = build(state, "usa", "powerhouse", "P9-2", "L1_POWERHOUSE")
    assert "engineers_placed" not in [e["type"] for e in rec.events]
    assert usa.engineers == 0
    assert usa.mixers == 2  # Machineries still due
    assert state.powerhouses["P9-2"] == "usa"


def test_l1_any_waives_red_border_fee_not_the_4th_space_fee() -> None:
    state = full_game()
    usa = state.players["usa"]
    build(state, "usa", "base", "9U", "L1_ANY")
    assert usa.credits == 6
    usa.constructions_this_round = 3
    usa.tiles.append("powerhouse")
    build(state, "usa", "powerhouse", "P9-1", "L1_ANY")
    assert usa.credits == 3  # only the 4th construction space's 3 Credits


# -- level II ------------------------------------------------------------------------------


def test_derived_18_l2_base_for_the_3rd_base_produces_3_usable_energy() -> None:
    state = full_game()
    usa = state.players["usa"]
    usa.built["base"] = 2
    usa.contracts = ["G09", "G13"]
    build(state, "usa", "base", "9L", "L2_BASE")
    decision = state.pending[-1]
    assert decision.kind == "tile_contract"
    assert decision.options["energy"] == 3
    assert decision.options["contracts"] == ["G09"]  # G13 needs 4
    answer(state, {"produce": True, "contract": "G09"})
    assert "G09" in usa.fulfilled
    assert usa.energy == 3 + 2  # the tile's 3 + G09's 2 energy steps


def test_l2_base_energy_may_be_declined() -> None:
    state = full_game()
    build(state, "usa", "base", "9L", "L2_BASE")
    answer(state, {"produce": False, "contract": None})
    assert state.players["usa"].energy == 0


def test_l2_elevation_fills_the_raised_dam() -> None:
    state = full_game()
    state.dams["9L"] = Dam(owner="usa", drops=0)
    build(state, "usa", "elevation", "9L", "L2_ELEVATION")
    assert state.pending[-1].options["drops"] == {"9L": 2}
    answer(state, {"accept": True})
    assert state.dams["9L"].drops == 2


def test_l2_elevation_with_graziano_fills_a_level_3_dam_with_4() -> None:
    """Ruling R11: Graziano's own level-3 dams hold 4 drops."""
    state = make_game(mode="full", officers={"usa": "graziano_del_monte"})
    state.dams["9L"] = Dam(owner="usa", level=2, drops=1)
    build(state, "usa", "elevation", "9L", "L2_ELEVATION")
    answer(state, {"accept": True})
    assert state.dams["9L"].drops == 4


def test_derived_16_l2_conduit_caps_6_plus_excavators_at_5() -> None:
    state = full_game()
    value_5 = construction.structure_cost(state, "usa", "conduit", "C2R", "L2_CONDUIT")
    value_2 = construction.structure_cost(state, "usa", "conduit", "C6R", "L2_CONDUIT")
    assert value_5.excavators == 5
    assert value_2.excavators == 4
    state.players["usa"].excavators = 5
    build(state, "usa", "conduit", "C2R", "L2_CONDUIT")
    assert state.players["usa"].excavators == 0


def test_l2_conduit_tile_on_a_value_3_conduit_exactly_6_excavators_costs_5() -> None:
    """Appendix 4, level II Conduit tile: "a conduit costing 6 or more Excavators costs 5" —
    the boundary: value 3 is exactly 6 (the tile data's applies_if_cost_at_least)."""
    state = full_game()
    assert construction.structure_cost(state, "usa", "conduit", "C5L", None).excavators == 6
    capped = construction.structure_cost(state, "usa", "conduit", "C5L", "L2_CONDUIT")
    assert capped.excavators == 5
    assert "5 with the level II Conduit tile" in capped.text
    state.players["usa"].excavators = 5
    build(state, "usa", "conduit", "C5L", "L2_CONDUIT")
    assert state.players["usa"].excavators == 0
    assert state.conduits["C5L"] == "usa"


def test_the_cost_changes_are_read_from_the_tile_data() -> None:
    """One function (construction.tile_cost_effect) reads Appendix 4's cost changes from the
    tile table for people and the Automa alike."""
    effect, params = construction.tile_cost_effect("L2_CONDUIT")
    assert effect == "cap_conduit_cost"
    assert params == {"cap_excavators": 5, "applies_if_cost_at_least": 6}
    assert construction.tile_cost_effect("base") == ("", {})
    assert construction.engineer_free("L1_POWERHOUSE") and construction.engineer_free("L3_BASE")
    assert not construction.engineer_free("L2_POWERHOUSE")  # its production needs none


def test_l2_powerhouse_immediate_production_plus_2() -> None:
    state = full_game()
    state.conduits["C5L"] = "usa"  # value 3, from basin 5 (neutral 5L holds 1 drop) to basin 8
    build(state, "usa", "powerhouse", "P8-2", "L2_POWERHOUSE")
    decision = state.pending[-1]
    assert decision.kind == "tile_production"
    assert {"decline": True} in decision.options["answers"]
    answer(state, {"dam": "5L", "conduit": "C5L", "powerhouse": "P8-2", "drops": 1})
    assert state.players["usa"].energy == 3 + 2
    assert state.dams["5L"].drops == 0


def test_l2_powerhouse_may_be_declined() -> None:
    state = full_game()
    state.conduits["C5L"] = "usa"
    build(state, "usa", "powerhouse", "P8-2", "L2_POWERHOUSE")
    answer(state, {"decline": True})
    assert state.players["usa"].energy == 0
    assert state.dams["5L"].drops == 1


def test_l2_any_excavators_and_mixers_interchangeable() -> None:
    state = full_game()
    cost = construction.structure_cost(state, "usa", "base", "9L", "L2_ANY")
    assert {(p.excavators, p.mixers) for p in cost.payments} == {(3, 0), (2, 1), (1, 2), (0, 3)}
    build(state, "usa", "base", "9L", "L2_ANY", payment={"excavators": 0, "mixers": 3})
    assert (state.players["usa"].excavators, state.players["usa"].mixers) == (6, 1)


# -- level III -----------------------------------------------------------------------------


def test_l3_base_no_engineers_no_excavators_red_border_still_due() -> None:
    state = full_game()
    usa = state.players["usa"]
    build(state, "usa", "base", "2U", "L3_BASE")
    assert (usa.engineers, usa.excavators, usa.constructions_this_round) == (12, 6, 0)
    assert usa.credits == 3
    assert usa.wheel[1].tiles == ["L3_BASE"]


def test_l3_elevation_3_vp_per_raised_dam() -> None:
    state = full_game()
    state.dams["9L"] = Dam(owner="usa")
    state.dams["10L"] = Dam(owner="usa", level=3)
    state.dams["6L"] = Dam(owner="usa")
    build(state, "usa", "elevation", "9L", "L3_ELEVATION")
    assert state.players["usa"].vp == 10 + 6
    assert state.players["usa"].ledger[-1].category == "advanced_tile"


def test_derived_17_l3_conduit_value_4_produces_8_usable_energy() -> None:
    state = full_game()
    usa = state.players["usa"]
    usa.excavators = 8
    usa.contracts = ["Y13"]
    build(state, "usa", "conduit", "C6L", "L3_CONDUIT")
    decision = state.pending[-1]
    assert decision.options["energy"] == 8
    assert decision.options["contracts"] == ["Y13"]
    answer(state, {"produce": True, "contract": None})
    assert usa.energy == 8


def test_l3_powerhouse_3_vp_per_powerhouse_built() -> None:
    state = full_game()
    state.players["usa"].built["powerhouse"] = 2
    state.players["usa"].mixers = 4
    build(state, "usa", "powerhouse", "P9-2", "L3_POWERHOUSE")
    assert state.players["usa"].vp == 10 + 9


def test_derived_23_l3_any_with_3_advanced_tiles_owned_scores_9() -> None:
    state = full_game()
    usa = state.players["usa"]
    usa.tiles.append("L1_BASE")
    usa.wheel[3].tiles.append("L2_CONDUIT")
    build(state, "usa", "base", "9L", "L3_ANY")
    assert usa.vp == 10 + 9


def test_automa_below_level_3_has_no_special_effects() -> None:
    state = full_game()
    usa = state.players["usa"]
    usa.kind, usa.automa_level = "automa", 2
    usa.built["powerhouse"] = 2
    usa.mixers = 4
    build(state, "usa", "powerhouse", "P9-2", "L3_POWERHOUSE")
    assert not [line for line in usa.ledger if line.category == "advanced_tile"]
    usa.automa_level = 3
    usa.built["powerhouse"] = 2
    usa.constructions_this_round = 0
    usa.mixers = 4
    build(state, "usa", "powerhouse", "P8-2", "L3_POWERHOUSE")
    assert [line.vp for line in usa.ledger if line.category == "advanced_tile"] == [9]


# -- Anton Krylov copying each advanced tile (issue 3 interaction) ---------------------------

TARGET = {"base": ("base", "9L"), "elevation": ("elevation", "9L"), "conduit": ("conduit", "C6R"),
          "powerhouse": ("powerhouse", "P9-2"), "any": ("base", "9U")}  # fmt: skip


def _table_for(tile: str) -> GameState:
    state = make_game(mode="full", officers={"usa": "anton_krylov"})
    usa = state.players["usa"]
    usa.built["base"] = 1
    usa.built["elevation"] = 1
    usa.built["powerhouse"] = 1
    if tile.endswith("ELEVATION"):
        state.dams["9L"] = Dam(owner="usa")
    state.dams["6L"] = Dam(owner="usa", level=2)
    state.conduits["C5L"] = "usa"
    state.powerhouses["P8-2"] = "usa"
    return state


def _outcome(state: GameState) -> tuple:  # type: ignore[type-arg]
    usa = state.players["usa"]
    return (usa.vp, usa.credits, usa.energy, usa.engineers, usa.excavators + usa.mixers,
            [d.kind for d in state.pending], dict(usa.built))  # fmt: skip


@pytest.mark.parametrize("tile", sorted(BASE_ADVANCED_TILES))
def test_anton_copying_each_advanced_tile_acts_like_the_tile(tile: str) -> None:
    from companion.engine.catalog import ADVANCED_TILES

    structure, space = TARGET[ADVANCED_TILES[tile].builds]
    direct = _table_for(tile)
    build(direct, "usa", structure, space, tile)
    copied = _table_for(tile)
    copied.players["usa"].wheel[3].tiles.append(tile)
    rec = Recorder(copied)
    helpers.decide_build(rec, "usa", {"type": "build", "player": "usa",
                                           "structure": structure, "space": space,
                                           "tile": "anton_copy_tile", "copies": tile})  # fmt: skip
    assert _outcome(copied) == _outcome(direct)
