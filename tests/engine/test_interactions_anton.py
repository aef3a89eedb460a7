"""Anton Krylov's tile copying each of the 15 Advanced Technology tiles (issue 3 interactions).

Rulebook Appendix 3 "Anton Krylov": the special tile "copies both the main building effect
and the special effect of the copied tile" — a tile on his Construction Wheel; Appendix 4 for
the effects; companies.md §4.5. Each case builds the same structure twice on the same table,
once with the advanced tile itself and once with Anton's tile copying it from the wheel, and
checks that both give the same result, with the numbers of the effect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import helpers
import pytest
from test_construction_fixtures import make_game

from companion.engine import construction
from companion.engine.catalog import ANTON_TILE, BASE_ADVANCED_TILES
from companion.engine.events import Recorder
from companion.engine.state import Dam, GameState

ANTON = "anton_krylov"


@dataclass(frozen=True)
class Case:
    """One advanced tile: what is built where, the table before, what the effect gives."""

    tile: str
    structure: str
    space: str
    prepare: Callable[[GameState], None] = lambda state: None
    payment: dict[str, int] | None = None
    expect: dict[str, Any] = field(default_factory=dict)


def _dams(**dams: tuple[int, int]) -> Callable[[GameState], None]:
    """Own dams {space: (level, drops)} of the USA, counted as built."""

    def prepare(state: GameState) -> None:
        usa = state.players["usa"]
        for space, (level, drops) in dams.items():
            state.dams[space] = Dam(owner="usa", level=level, drops=drops)
            usa.built["base"] += 1
            usa.built["elevation"] += level - 1

    return prepare


def _system(state: GameState) -> None:
    """A USA dam on 6U with 1 drop and its own value-2 conduit C6R to basin 7."""
    _dams(**{"6U": (1, 1)})(state)
    state.conduits["C6R"] = "usa"
    state.players["usa"].built["conduit"] += 1


def _one_powerhouse(state: GameState) -> None:
    state.powerhouses["P5-2"] = "usa"
    state.players["usa"].built["powerhouse"] += 1


def _another_advanced_tile(state: GameState) -> None:
    state.players["usa"].tiles.append("L1_BASE")


CASES = [
    # level I
    Case("L1_BASE", "base", "9L", _dams(**{"1U": (1, 0), "2U": (1, 1)}),
         expect={"pending": ("tile_effect", {"1U": 1, "9L": 1})}),
    Case("L1_ELEVATION", "elevation", "9L", _dams(**{"1U": (3, 0), "9L": (1, 0)}),
         expect={"rotations": 1 + 3}),  # 3 Elevations built with this one
    Case("L1_CONDUIT", "conduit", "C6R", expect={"credits": 6 + 2 * 2}),
    Case("L1_POWERHOUSE", "powerhouse", "P9-2", expect={"engineers": 12}),
    Case("L1_ANY", "base", "8U", expect={"credits": 6}),  # red-bordered, no 3 Credits
    # level II
    Case("L2_BASE", "base", "9L", _dams(**{"1U": (1, 0), "2U": (1, 0)}),
         expect={"pending": ("tile_contract", 3)}),  # 3 Bases with this one
    Case("L2_ELEVATION", "elevation", "9L", _dams(**{"9L": (1, 0)}),
         expect={"pending": ("tile_effect", {"9L": 2})}),
    Case("L2_CONDUIT", "conduit", "C3L", expect={"excavators": 6 - 5}),  # value 4: 8 -> 5
    Case("L2_POWERHOUSE", "powerhouse", "P7-2", _system,
         expect={"pending": ("tile_production", 1 * 2 + 2)}),
    Case("L2_ANY", "elevation", "9L", _dams(**{"9L": (1, 0)}),
         payment={"excavators": 2, "mixers": 0, "credits": 0},
         expect={"excavators": 6 - 2, "mixers": 4}),
    # level III
    Case("L3_BASE", "base", "9L", expect={"engineers": 12, "excavators": 6}),
    Case("L3_ELEVATION", "elevation", "9L", _dams(**{"1U": (2, 0), "9L": (1, 0)}),
         expect={"vp": 10 + 3 * 2}),
    Case("L3_CONDUIT", "conduit", "C6R", expect={"pending": ("tile_contract", 2 * 2)}),
    Case("L3_POWERHOUSE", "powerhouse", "P9-2", _one_powerhouse, expect={"vp": 10 + 3 * 2}),
    Case("L3_ANY", "base", "9L", _another_advanced_tile, expect={"vp": 10 + 3 * 2}),
]  # fmt: skip


def play(case: Case, *, via_anton: bool) -> Recorder:
    """Build the case's structure with the tile itself or with Anton's tile copying it."""
    state = make_game(mode="full", officers={"usa": ANTON})
    case.prepare(state)
    usa = state.players["usa"]
    command: dict[str, Any] = {
        "type": "build",
        "player": "usa",
        "structure": case.structure,
        "space": case.space,
    }
    if via_anton:
        usa.wheel[3].tiles.append(case.tile)
        command.update(tile=ANTON_TILE, copies=case.tile)
    else:
        usa.tiles.append(case.tile)
        command["tile"] = case.tile
    if case.payment:
        command["payment"] = case.payment
    rec = Recorder(state)
    helpers.decide_build(rec, "usa", command)
    return rec


def outcome(rec: Recorder) -> dict[str, Any]:
    """What the construction changed, apart from which tile went on the wheel."""
    state = rec.state
    usa = state.players["usa"]
    top = state.pending[-1] if state.pending else None
    return {
        "credits": usa.credits,
        "vp": usa.vp,
        "energy": usa.energy,
        "excavators": usa.excavators,
        "mixers": usa.mixers,
        "engineers": usa.engineers,
        "built": dict(usa.built),
        "dams": {s: (d.owner, d.level, d.drops) for s, d in state.dams.items()},
        "conduits": dict(state.conduits),
        "powerhouses": dict(state.powerhouses),
        "rotations": sum(e["type"] == "wheel_rotated" for e in rec.events),
        "pending": _pending(top),
        "loaded": [(e["excavators"], e["mixers"]) for e in rec.events
                   if e["type"] == "wheel_loaded"],
    }  # fmt: skip


def _pending(decision: Any) -> tuple[str, Any] | None:
    if decision is None:
        return None
    options = decision.options
    if decision.kind == "tile_effect":
        return decision.kind, options["drops"]
    if decision.kind == "tile_contract":
        return decision.kind, options["energy"]
    if decision.kind == "tile_production":
        return decision.kind, max(p["energy"] for p in options["productions"])
    return decision.kind, None


def test_the_cases_cover_the_15_advanced_tiles() -> None:
    assert sorted(c.tile for c in CASES) == sorted(BASE_ADVANCED_TILES)
    assert len(CASES) == 15


@pytest.mark.parametrize("case", CASES, ids=[c.tile for c in CASES])
def test_anton_copying_an_advanced_tile_has_its_structure_and_special_effect(case: Case) -> None:
    copied = outcome(play(case, via_anton=True))
    direct = outcome(play(case, via_anton=False))
    for key, value in case.expect.items():
        assert copied[key] == value, key
    if case.tile != "L1_ELEVATION":  # the rotations return different wheel contents
        assert copied == direct
    else:
        assert copied["rotations"] == direct["rotations"]


@pytest.mark.parametrize("case", CASES, ids=[c.tile for c in CASES])
def test_anton_puts_his_own_tile_on_the_wheel_and_the_copied_one_stays(case: Case) -> None:
    rec = play(case, via_anton=True)
    loaded = [e for e in rec.events if e["type"] == "wheel_loaded"]
    assert [e["tiles"] for e in loaded] == [[ANTON_TILE]]
    usa = rec.state.players["usa"]
    on_wheel = [t for s in usa.wheel for t in s.tiles]
    if case.tile == "L1_ELEVATION":  # its 1 + 3 rotations bring the copied tile back home
        assert case.tile in usa.tiles and case.tile not in on_wheel
    else:
        assert case.tile in on_wheel and case.tile not in usa.tiles


def test_anton_copy_of_each_tile_is_offered_in_the_build_options() -> None:
    state = make_game(mode="full", officers={"usa": ANTON})
    state.players["usa"].wheel[2].tiles.extend(["L1_CONDUIT", "L3_BASE"])
    offered = {
        (o["tile"], o["copies"], o["structure"]) for o in construction.build_options(state, "usa")
    }
    assert (ANTON_TILE, "L1_CONDUIT", "conduit") in offered
    assert (ANTON_TILE, "L3_BASE", "base") in offered
    assert not any(c == "L1_CONDUIT" and s != "conduit" for _, c, s in offered)
