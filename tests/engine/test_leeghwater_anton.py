"""Anton Krylov copying a tile that builds Buildings (The Leeghwater Project).

Base rules, Appendix 3 (Anton Krylov): "When you use this Technology tile you can copy another
Technology tile of your choice on your Construction Wheel. This special tile copies both the
main building effect and the special effect of the copied tile." Copying Anton, Mahiri Sekibo
"copies another Technology tile on your Construction Wheel ... you don't need to insert any
tile". Expansion rulebook, Private Buildings: a Building needs a tile able to build one (the
basic Building tile, the Building Advanced tiles; leeghwater.md §4.1, §8). Worked examples
X6-X8 (leeghwater.md §11) played with Anton's tile; the level-4 Automa uses his tile after its
own tiles and copies the highest level on the wheel (automa.md §2.2, leeghwater.md §10).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import events_of, give, set_wheel
from leeghwater_helpers import put_buildings
from test_leeghwater_automa import A, automa_expansion_game
from test_leeghwater_private_buildings import _build, _ready

from companion.engine import execute, legal_options, scoring
from companion.engine.catalog import ANTON_TILE
from companion.engine.errors import RuleViolation
from companion.engine.state import GameState

ANTON = "anton_krylov"


def _anton(*wheel_tiles: str, **supply: int) -> tuple[GameState, str]:
    """A person with Anton Krylov: his tile in the supply, `wheel_tiles` on segment 2 and no
    tile of the supply able to build a Building."""
    state, company = _ready("wind_farm", "cofferdam", "customer_office", **supply)
    player = state.players[company]
    player.officer = ANTON
    player.tiles = ["base", "conduit", ANTON_TILE]
    set_wheel(state, company, 2, list(wheel_tiles))
    return state, company


def test_x6_anton_copies_the_basic_building_tile_on_his_wheel() -> None:
    # X6 with Anton's tile: his tile (not the copied one) + 6 E + 2 M go in; 3 Cr red border
    state, company = _anton("building", excavators=6, mixers=2, credits=5)
    out = _build(state, company, "BS_wind_farm_3", ANTON_TILE, copies="building")
    player = out.state.players[company]
    segment = player.wheel[1]  # the open segment after the wheel turned 1
    assert (segment.tiles, segment.excavators, segment.mixers) == ([ANTON_TILE], 6, 2)
    assert player.wheel[3].tiles == ["building"]  # the copied tile stays where it was
    assert player.credits == 2
    assert out.state.leeghwater["building_spaces"]["wind_farm"][2] == company


def test_x7_anton_copying_l2_building_puts_one_machinery_type_only() -> None:
    # X7 through Anton: the copied L2_BUILDING's effect applies: 2 M only; still 3 Cr
    state, company = _anton("L2_BUILDING", excavators=0, mixers=2, credits=3)
    out = _build(state, company, "BS_wind_farm_3", ANTON_TILE, copies="L2_BUILDING",
                 payment={"mixers": 2})  # fmt: skip
    segment = out.state.players[company].wheel[1]
    assert (segment.tiles, segment.excavators, segment.mixers) == ([ANTON_TILE], 0, 2)
    assert out.state.players[company].credits == 0


def test_x8_anton_copying_l3_building_scores_the_vp_now_and_at_the_end() -> None:
    # X8 through Anton: Customer Office, +7 VP now and +7 at the end
    state, company = _anton("L3_BUILDING", excavators=3, mixers=5)
    vp = state.players[company].vp
    out = _build(state, company, "BS_customer_office_1", ANTON_TILE, copies="L3_BUILDING")
    assert out.state.players[company].vp == vp + 7
    assert scoring.building_vp(out.state, company) == 7


def test_anton_copying_l1_building_performs_the_building_action() -> None:
    # leeghwater.md §8 L1_BUILDING through Anton: the Financial Division's 5 Cr at once
    state, company = _ready("financial_division", "cofferdam", excavators=3, mixers=4, credits=0)
    state.players[company].officer = ANTON
    state.players[company].tiles = [ANTON_TILE]
    set_wheel(state, company, 4, ["L1_BUILDING"])
    out = _build(state, company, "BS_financial_division_1", ANTON_TILE, copies="L1_BUILDING")
    assert out.state.players[company].credits == 5


def test_anton_cannot_copy_a_tile_that_builds_no_building_or_is_not_on_the_wheel() -> None:
    state, company = _anton("base", excavators=9, mixers=9, credits=9)
    with pytest.raises(RuleViolation, match="cannot build a Building"):
        _build(state, company, "BS_wind_farm_1", ANTON_TILE, copies="base")
    with pytest.raises(RuleViolation, match="copies a tile on your Construction Wheel"):
        _build(state, company, "BS_wind_farm_1", ANTON_TILE, copies="building")
    with pytest.raises(RuleViolation, match="Only Anton Krylov's tile"):
        _build(state, company, "BS_wind_farm_1", "base", copies="building")
    assert state.players[company].tiles == ["base", "conduit", ANTON_TILE]  # nothing changed


def _building_commands(state: GameState) -> list[dict[str, Any]]:
    build = next(a for a in legal_options(state)["actions"] if a["type"] == "build")
    return [c["command"] for c in build["choices"] if c["command"]["structure"] == "building"]


def test_the_options_offer_antons_copy_of_a_building_tile_and_are_accepted() -> None:
    state, company = _anton("L3_BUILDING", excavators=2, mixers=1, credits=0)
    commands = _building_commands(state)
    assert commands, "Anton's tile copying L3_BUILDING builds the Cofferdam"
    assert {(c["tile"], c.get("copies")) for c in commands} == {(ANTON_TILE, "L3_BUILDING")}
    for command in commands:
        execute(state, command)
    build = next(a for a in legal_options(state)["actions"] if a["type"] == "build")
    labels = [c["label"] for c in build["choices"] if c["command"]["structure"] == "building"]
    assert all("copying the L3_BUILDING tile" in label for label in labels)


def test_mahiri_copying_anton_puts_no_tile_on_the_wheel() -> None:
    # Appendix 3: copying Anton, no tile goes in the wheel; the Machineries still do
    state, company = _ready("cofferdam", "wind_farm", excavators=2, mixers=1)
    player = state.players[company]
    player.officer, player.copied_officer, player.tiles = "mahiri_sekibo", ANTON, []
    set_wheel(state, company, 3, ["L3_BUILDING"])
    vp = player.vp
    assert {(c["tile"], c.get("copies")) for c in _building_commands(state)} == {
        (None, "L3_BUILDING")
    }
    out = _build(state, company, "BS_cofferdam_1", None, copies="L3_BUILDING")
    [loaded] = events_of(out, "wheel_loaded")
    assert (loaded["tiles"], loaded["excavators"], loaded["mixers"]) == ([], 2, 1)
    assert out.state.players[company].vp == vp + 3  # the Cofferdam's 3 VP now (L3_BUILDING)
    player.copied_officer = None
    with pytest.raises(RuleViolation, match="needs a technology tile"):
        _build(state, company, "BS_cofferdam_1", None, copies="L3_BUILDING")


# -- the level-4 Automa with Anton Krylov (automa.md §2.2, leeghwater.md §10) ------------------


def _anton_automa(*supply_tiles: str) -> GameState:
    """T17 (Build a Building, scan down) for a level-4 Automa with Anton Krylov."""
    state = automa_expansion_game(17, level=4, officer=ANTON)
    put_buildings(state, "cofferdam", "wind_farm")
    give(state, A, excavators=2, mixers=1)
    state.players[A].tiles = [*supply_tiles, ANTON_TILE]
    return state


def test_level_4_anton_copies_the_highest_building_tile_on_the_wheel() -> None:
    # §2.2: no Building tile in its supply; the wheel holds the basic tile and L3_BUILDING
    state = _anton_automa("base")
    set_wheel(state, A, 2, ["building"])
    set_wheel(state, A, 4, ["L3_BUILDING"])
    vp = state.players[A].vp
    out = execute(state, {"type": "automa_turn", "player": A})
    assert events_of(out, "wheel_loaded")[0]["tiles"] == [ANTON_TILE]
    assert events_of(out, "building_built")[0]["tile"] == "cofferdam"
    assert out.state.players[A].vp == vp + 3  # L3_BUILDING copied: the Cofferdam's 3 VP now
    assert out.state.players[A].wheel[5].tiles == ["L3_BUILDING"]  # still there, turned once


def test_level_4_anton_uses_a_building_tile_of_its_supply_first() -> None:
    state = _anton_automa("building")
    set_wheel(state, A, 2, ["L3_BUILDING"])
    out = execute(state, {"type": "automa_turn", "player": A})
    assert events_of(out, "wheel_loaded")[0]["tiles"] == ["building"]
    assert ANTON_TILE in out.state.players[A].tiles


def test_below_level_4_the_automa_never_copies_with_antons_tile() -> None:
    state = _anton_automa()
    state.players[A].automa_level = 3
    set_wheel(state, A, 2, ["building"])
    out = execute(state, {"type": "automa_turn", "player": A})
    assert not events_of(out, "building_built")
