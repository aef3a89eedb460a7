"""Component catalog: typed, frozen records for contracts, companies, officers, tiles and spaces.

Every fact comes from the generated tables in `companion/engine/data/` (themselves generated
from ../shared/reference); this module only gives them names and types so the rules modules
read `CONTRACTS["G09"].energy_required` instead of digging in raw dicts.
Rulebook: Components (pp. 2-3), Appendices 1-6.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.component_texts import BUILDING_NAMES, COMPANY_NAMES
from companion.engine.data import company_tables as ct
from companion.engine.data import component_tables as cpt
from companion.engine.data import leeghwater_tables as lt
from companion.engine.data import map_tables as mt
from companion.engine.words import say

STRUCTURE_NAMES: dict[str, str] = {
    "base": say("Base"),
    "elevation": say("Elevation"),
    "conduit": say("Conduit"),
    "powerhouse": say("Powerhouse"),
}

# -- contracts -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contract:
    """A contract tile: starting, national or private (green/yellow/red pile)."""

    id: str
    kind: str  # 'starting' | 'national' | 'private'
    pile: str | None  # 'green' | 'yellow' | 'red' for private contracts
    energy_required: int
    reward: dict[str, Any] = field(hash=False, compare=True)
    tier: int = 0


def _contract(row: dict[str, Any]) -> Contract:
    return Contract(
        id=row["id"],
        kind=row["kind"],
        pile=row.get("pile"),
        energy_required=int(row["energy_required"]),
        reward=dict(row["reward"]),
        tier=int(row.get("tier", 0)),
    )


CONTRACTS: dict[str, Contract] = {
    row["id"]: _contract(row)
    for row in (*cpt.STARTING_CONTRACTS, *cpt.NATIONAL_CONTRACTS, *cpt.PRIVATE_CONTRACTS)
}
STARTING_CONTRACTS: tuple[str, ...] = tuple(r["id"] for r in cpt.STARTING_CONTRACTS)
NATIONAL_CONTRACTS: tuple[str, ...] = tuple(r["id"] for r in cpt.NATIONAL_CONTRACTS)
PRIVATE_CONTRACTS: dict[str, tuple[str, ...]] = {
    pile: tuple(r["id"] for r in cpt.PRIVATE_CONTRACTS if r["pile"] == pile)
    for pile in ("green", "yellow", "red")
}
NATIONAL_IN_PLAY_BY_PLAYERS: dict[int, int] = {
    int(k): int(v) for k, v in cpt.NATIONAL_IN_PLAY_BY_PLAYERS.items()
}

# -- companies -------------------------------------------------------------------------------

COMPANY_LETTERS: dict[str, str] = {
    "usa": "U",
    "germany": "G",
    "italy": "I",
    "france": "F",
    "netherlands": "N",
}


@dataclass(frozen=True)
class Company:
    """A company board: colour, CEO and the income revealed by the 2nd/4th/5th piece of a row."""

    id: str
    name: str
    ceo: str
    colour: str
    letter: str
    incomes: dict[str, dict[int, tuple[dict[str, Any], ...]]] = field(hash=False)
    ability: str = ""
    expansion: str | None = None


def _company(row: dict[str, Any]) -> Company:
    incomes = {
        structure: {int(slot["slot"]): tuple(dict(r) for r in slot["rewards"]) for slot in slots}
        for structure, slots in row["incomes"].items()
    }
    return Company(
        id=row["id"],
        name=row["name"],
        ceo=row["ceo"],
        colour=row["color"],
        letter=COMPANY_LETTERS[row["id"]],
        incomes=incomes,
        ability=row.get("special_ability_id", ""),
        expansion=row.get("expansion"),
    )


COMPANIES: dict[str, Company] = {row["id"]: _company(row) for row in ct.COMPANIES}
BASE_COMPANIES: tuple[str, ...] = tuple(c for c in COMPANIES if COMPANIES[c].expansion is None)



def company_name(company: str | None) -> str:
    """The company as the rulebook names it ("USA", "Germany"); anything else as given."""
    # the catalogue key, so the name reads in the device's language (component_texts.py)
    return COMPANY_NAMES.get(str(company)) or str(company)


INCOME_SLOTS: tuple[int, ...] = (2, 4, 5)

# Powerhouse row of every company board (companies.md §1.3): production bonus by built count.
POWERHOUSE_BONUS_BY_BUILT: tuple[int, ...] = (0, 0, 1, 1, 3)
ABILITY_FROM_POWERHOUSES = 3

# -- officers --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Officer:
    """An Executive Officer (Appendix 3): effect id and parameters."""

    id: str
    name: str
    effect: str
    params: dict[str, Any] = field(hash=False)
    text: str = ""
    expansion: str | None = None


OFFICERS: dict[str, Officer] = {
    row["id"]: Officer(
        id=row["id"],
        name=row["name"],
        effect=row["effect"]["id"],
        params=dict(row["effect"].get("params", {})),
        text=row.get("text", ""),
        expansion=row.get("expansion"),
    )
    for row in ct.OFFICERS
}
BASE_OFFICERS: tuple[str, ...] = tuple(o for o in OFFICERS if OFFICERS[o].expansion is None)

# -- technology tiles ------------------------------------------------------------------------


@dataclass(frozen=True)
class AdvancedTile:
    """An Advanced Technology tile (Appendix 4): what it builds and its special effect."""

    id: str
    level: int
    builds: str  # a structure, or 'any'
    effect: str
    params: dict[str, Any] = field(hash=False)
    text: str = ""
    expansion: str | None = None

    def structures(self) -> frozenset[str]:
        """The structures this tile can build."""
        if self.builds == "any":
            return frozenset(STRUCTURE_NAMES)
        return frozenset({self.builds})


ADVANCED_TILES: dict[str, AdvancedTile] = {
    row["id"]: AdvancedTile(
        id=row["id"],
        level=int(row["level"]),
        builds=row["construction_type"],
        effect=row["effect"]["id"],
        params=dict(row["effect"].get("params", {})),
        text=row.get("text", ""),
        expansion=row.get("expansion"),
    )
    for row in ct.ADVANCED_TILES
}
BASE_ADVANCED_TILES: tuple[str, ...] = tuple(
    t for t in ADVANCED_TILES if ADVANCED_TILES[t].expansion is None
)
BASIC_TILES: dict[str, frozenset[str]] = {
    row["id"]: frozenset(row["builds"]) for row in ct.BASIC_TILES
}
ANTON_TILE = "anton_copy_tile"


def tile_structures(tile: str) -> frozenset[str]:
    """The structures a basic or advanced tile can build (Anton's tile: none by itself)."""
    if tile in BASIC_TILES:
        return BASIC_TILES[tile]
    if tile in ADVANCED_TILES:
        return ADVANCED_TILES[tile].structures()
    return frozenset()


def is_advanced(tile: str) -> bool:
    """True for Advanced Technology tiles (officers' special tiles are not, Appendix 3-4)."""
    return tile in ADVANCED_TILES


# -- Management board ------------------------------------------------------------------------


@dataclass(frozen=True)
class ManagementSpace:
    """An action space of the Management board (p. 15-19)."""

    id: str
    section: str
    row: int
    side: str
    engineers: int | None  # None for the Bank (any number)
    fee_credits: int
    action_cost_credits: int
    total_credits: int
    players: tuple[int, ...]
    effect: dict[str, Any] = field(hash=False)
    full_game_only: bool = False


MANAGEMENT_SPACES: dict[str, ManagementSpace] = {
    row["id"]: ManagementSpace(
        id=row["id"],
        section=row["section"],
        row=int(row.get("row") or 0),
        side=row.get("side") or "",
        engineers=row.get("engineers"),
        fee_credits=int(row.get("fee_credits") or 0),
        action_cost_credits=int(row.get("action_cost_credits") or 0),
        total_credits=int(row.get("total_credits") or 0),
        players=tuple(int(p) for p in row.get("players", (2, 3, 4))),
        effect=dict(row.get("effect") or {}),
        full_game_only=bool(row.get("full_game_only", False)),
    )
    for row in cpt.MANAGEMENT_SPACES
}


@dataclass(frozen=True)
class ConstructionSpace:
    """One of the four construction action spaces of a company board (p. 13)."""

    id: str  # "CB_1" .. "CB_4"
    order: int
    engineers: int
    fee_credits: int


CONSTRUCTION_SPACES: tuple[ConstructionSpace, ...] = tuple(
    ConstructionSpace(r["id"], int(r["order"]), int(r["engineers"]), int(r["fee_credits"]))
    for r in sorted(cpt.COMPANY_BOARD_CONSTRUCTION_SPACES, key=lambda r: r["order"])
)

# -- tiles of the energy track, headstreams, neutral dams ------------------------------------

HEADSTREAM_TILES: dict[str, tuple[int, int, int, int]] = {
    row["id"]: tuple(int(x) for x in row["drops_by_round"])  # type: ignore[misc]
    for row in cpt.HEADSTREAM_TILES
}
BONUS_TILES: dict[str, int] = {row["id"]: int(row["vp_each"]) for row in cpt.BONUS_TILES}


@dataclass(frozen=True)
class ObjectiveTile:
    """An objective tile (Appendix 6): what is counted; the most wins 15/10/5."""

    id: str
    measure: str
    higher_is_better: bool = True


OBJECTIVE_TILES: dict[str, ObjectiveTile] = {
    row["id"]: ObjectiveTile(row["id"], row["measure"], bool(row.get("higher_is_better", True)))
    for row in cpt.OBJECTIVE_TILES
}


@dataclass(frozen=True)
class NeutralDamTile:
    """A neutral dam setup tile: where the grey dam stands, its level and first drop."""

    id: str
    pile: str
    basin: int
    dam_space: str
    level: int
    initial_drops: int


NEUTRAL_DAM_TILES: dict[str, NeutralDamTile] = {
    row["tile"]: NeutralDamTile(
        id=row["tile"],
        pile=row["pile"],
        basin=int(row["basin"]),
        dam_space=row["dam_space"],
        level=int(row["level"]),
        initial_drops=int(row["initial_drops"]),
    )
    for row in mt.NEUTRAL_DAM_TILES
}

ENERGY_CREDITS_BY_POSITION: tuple[int, ...] = tuple(cpt.ENERGY_CREDITS_BY_POSITION)
PLAYER_START: dict[str, Any] = dict(cpt.PLAYER_START)


# -- The Leeghwater Project (leeghwater.md) ----------------------------------------------------

EXPANSION = "leeghwater_project"
BUILDING = "building"  # the fifth kind of structure (expansion rulebook "Private Buildings")
EXPANSION_COMPANIES: tuple[str, ...] = tuple(COMPANIES)  # the Netherlands joins the 4 boards
EXPANSION_OFFICERS: tuple[str, ...] = tuple(OFFICERS)  # 7 base + 4 new officers
EXPANSION_ADVANCED_TILES: tuple[str, ...] = tuple(ADVANCED_TILES)  # 15 base + 3 Building tiles
ADVANCED_TILES_PER_LEVEL: int = int(lt.ADVANCED_TILES_PER_LEVEL)  # after one is boxed (S5)
EXPANSION_BONUS_TILES: dict[str, int] = {row["id"]: int(row["vp_each"]) for row in lt.BONUS_TILES}
ALL_BONUS_TILES: dict[str, int] = {**BONUS_TILES, **EXPANSION_BONUS_TILES}
EXTERNAL_WORK_PILES: tuple[str, ...] = ("A", "B", "C")
EXTERNAL_WORK_SLOTS = 3
EXTERNAL_WORK_ENGINEERS: int = int(lt.EXTERNAL_WORKS_ACTION["engineers"])
PRIVATE_BUILDINGS_USED: int = int(lt.PRIVATE_BUILDINGS_USED)
BUILDINGS_PER_COMPANY: int = int(lt.BUILDINGS_PER_COMPANY)


@dataclass(frozen=True)
class ExternalWork:
    """An External Work tile (leeghwater.md §3.2): Machineries to discard and the reward."""

    id: str
    pile: str
    excavators: int
    mixers: int
    rewards: tuple[dict[str, Any], ...] = field(hash=False)
    text: str = ""

    @property
    def machineries(self) -> int:
        return self.excavators + self.mixers

    @property
    def loan_credits(self) -> int:
        """The Loan Agency's price: 2 Credits per Machinery printed on the tile."""
        return 2 * self.machineries


EXTERNAL_WORKS: dict[str, ExternalWork] = {
    row["id"]: ExternalWork(
        id=row["id"],
        pile=row["pile"],
        excavators=int(row["cost"]["excavator"]),
        mixers=int(row["cost"]["mixer"]),
        rewards=tuple(dict(r) for r in row["reward"]),
        text=row["reward_text"],
    )
    for row in lt.EXTERNAL_WORKS
}


@dataclass(frozen=True)
class BuildingActionSpace:
    """A Private Building action space: Engineers it takes and Credits on top (ruling L1)."""

    engineers: int
    credits: int


@dataclass(frozen=True)
class PrivateBuilding:
    """A Private Building tile (leeghwater.md §4.3, ruling L1 for every number)."""

    id: str
    name: str
    excavators: int
    mixers: int
    vp: int
    left: BuildingActionSpace
    right: BuildingActionSpace
    right_spaces: int
    action: tuple[dict[str, Any], ...] = field(hash=False)
    text: str = ""


PRIVATE_BUILDINGS: dict[str, PrivateBuilding] = {
    row["id"]: PrivateBuilding(
        id=row["id"],
        name=row["name"],
        excavators=int(row["construction_cost"]["excavator"]),
        mixers=int(row["construction_cost"]["mixer"]),
        vp=int(row["vp_end_of_game"]),
        left=BuildingActionSpace(
            int(row["action_spaces"]["left"]["engineers"]),
            int(row["action_spaces"]["left"]["credits"]),
        ),
        right=BuildingActionSpace(
            int(row["action_spaces"]["right"]["engineers"]),
            int(row["action_spaces"]["right"]["credits"]),
        ),
        right_spaces=int(row["action_spaces"]["right"]["count"]),
        action=tuple(dict(a) for a in row["action"]),
        text=row["action_text"],
    )
    for row in lt.PRIVATE_BUILDINGS
}


@dataclass(frozen=True)
class BuildingSpace:
    """One building space next to a Private Building tile: its surcharge and the fewest
    players with which it is open (ruling L8: spaces 1-2 always, space 3 "3+", space 4 "4")."""

    index: int
    credits: int
    min_players: int


BUILDING_SPACE_MIN_PLAYERS: tuple[int, ...] = (2, 2, 3, 4)  # ruling L8
BUILDING_SPACES: tuple[BuildingSpace, ...] = tuple(
    BuildingSpace(
        int(row["index"]), int(row["credits"]), BUILDING_SPACE_MIN_PLAYERS[int(row["index"])]
    )
    for row in sorted(lt.BUILDING_SPACES, key=lambda r: int(r["index"]))
)



def building_name(tile: str | None) -> str:
    """A Private Building as printed ("Loan Agency"); anything else as given."""
    # the catalogue key, so the name reads in the device's language (component_texts.py)
    return BUILDING_NAMES.get(str(tile)) or str(tile)
