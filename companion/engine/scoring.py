"""Pure scoring math: energy track, bonus tiles, objective tiles, resources, water, winner.

Rulebook: "Scoring Phase" (p. 20), "End of the Game" (p. 21), Appendix 5 "Bonus Tiles" (p. 26)
and Appendix 6 "Objective Tiles" (p. 27). Open points decided by rulings R1 (ties pool and split
rounding up), R2 (a count of 0 is ranked), R3 (each Base counts once), R4 (basins with 3 pieces
not capped) and R19 (energy past 30), and Automa ruling: objective scale 20/15/10.

Every function here is pure: it reads numbers or a `GameState` and returns numbers. The round
and end-of-game code of the engine turns them into `vp_scored` events; the audit re-uses them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from math import ceil

from companion.engine import board, leeghwater
from companion.engine.catalog import EXPANSION_BONUS_TILES, PRIVATE_BUILDINGS
from companion.engine.data.component_tables import (
    BONUS_TILES,
    ENERGY_CREDITS_BY_POSITION,
    OBJECTIVE_TILES,
)
from companion.engine.state import GameState

# -- energy track (Scoring Phase, p. 20) -------------------------------------------------------

ZERO_ENERGY_VP_LOSS = 3  # the "0" space: +3 Credits but -3 VP
ENERGY_TRACK_TOP = 30  # the last printed space; beyond it the marker is flipped (ruling R19)
FIRST_PLACE_VP = 6
SECOND_PLACE_VP = 2
TIED_SECOND_VP = 1


def track_position(energy: int) -> int:
    """The space the Energy marker reads for credits and bonus: 0..30 (ruling R19)."""
    return max(0, min(ENERGY_TRACK_TOP, energy))


def credits_for_energy(energy: int) -> int:
    """Credits gained in the Scoring Phase (p. 20) for the space the marker reached or passed.

    Positions beyond 30 read as 30 (ruling R19). Position 0 also costs `ZERO_ENERGY_VP_LOSS` VP,
    which the caller scores separately.
    """
    return int(ENERGY_CREDITS_BY_POSITION[track_position(energy)])


def energy_ranking_vp(energies: Mapping[str, int]) -> dict[str, int]:
    """VP for first / second place on the Energy Track (Scoring Phase, p. 20).

    Only players with at least 1 Energy take part. First scores 6, second 2. A tie for first
    pools 6 + 2 = 8 and splits it rounding up; nobody is second then. A tie for second gives
    1 VP each (ruling R1). The true totals beyond 30 rank (ruling R19).
    Returns a value for every player given (0 for those scoring nothing).
    """
    vp = {company: 0 for company in energies}
    levels = sorted({e for e in energies.values() if e >= 1}, reverse=True)
    if not levels:
        return vp
    first = [c for c, e in energies.items() if e == levels[0]]
    if len(first) > 1:
        share = ceil((FIRST_PLACE_VP + SECOND_PLACE_VP) / len(first))
        return vp | {c: share for c in first}
    vp[first[0]] = FIRST_PLACE_VP
    if len(levels) > 1:
        second = [c for c, e in energies.items() if e == levels[1]]
        share = SECOND_PLACE_VP if len(second) == 1 else TIED_SECOND_VP
        vp |= {c: share for c in second}
    return vp


# -- bonus tiles (Scoring Phase p. 20, Appendix 5 p. 26) ---------------------------------------

BONUS_MIN_ENERGY = 6
BONUS_REDUCTION_PER_SECTION = 4
BONUS_VP_EACH: dict[str, int] = {
    **{row["id"]: int(row["vp_each"]) for row in BONUS_TILES},
    **EXPANSION_BONUS_TILES,  # The Leeghwater Project (leeghwater.md §7)
}


def bonus_section(energy: int) -> int:
    """The Energy Track section (1..5) the marker is in; 0 below 6 (Scoring Phase, p. 20).

    Energy beyond 30 reads as 30, i.e. section 5 (ruling R19).
    """
    position = track_position(energy)
    if position < BONUS_MIN_ENERGY:
        return 0
    return min(5, position // 6)


def bonus_tile_vp(vp_each: int, count: int, energy: int, round_no: int) -> int:
    """The Bonus tile reward (Scoring Phase, p. 20): full, reduced, or none.

    No reward below 6 Energy. Otherwise count × vp_each, minus 4 VP for each section the marker
    is behind the current round's section; never negative ("players can never lose VPs").
    """
    section = bonus_section(energy)
    if section == 0:
        return 0
    behind = max(0, round_no - section)
    return max(0, count * vp_each - BONUS_REDUCTION_PER_SECTION * behind)


def bonus_tile_count(state: GameState, company: str, tile_id: str) -> int:
    """What the Bonus tile counts for a company (Appendix 5, p. 26).

    B_CONTRACTS: fulfilled contracts of any type (face-down tiles); B_BASES / B_ELEVATIONS /
    B_CONDUITS / B_POWERHOUSES: pieces built; B_ADVANCED_TILES: Advanced Technology tiles
    acquired (personal supply and Construction Wheel; basic tiles do not count).
    """
    player = state.players[company]
    by_structure = {
        "B_BASES": "base",
        "B_ELEVATIONS": "elevation",
        "B_CONDUITS": "conduit",
        "B_POWERHOUSES": "powerhouse",
    }
    if tile_id == "B_CONTRACTS":
        return len(player.fulfilled)
    if tile_id in by_structure:
        return player.built.get(by_structure[tile_id], 0)
    if tile_id == "B_ADVANCED_TILES":
        return len(player.advanced_tiles_acquired)
    if tile_id == "B_EXTERNAL_WORKS":  # Loan Agency tiles included (X11)
        return len(leeghwater.external_taken(state, company))
    if tile_id == "B_BUILDINGS":
        return leeghwater.buildings_built(state, company)
    raise ValueError(f"unknown Bonus tile {tile_id!r}")


def bonus_tile_score(state: GameState, company: str, tile_id: str, round_no: int) -> int:
    """The Bonus tile reward of one company this round, read from the state (p. 20).

    Uses the company's true energy this round (`PlayerState.energy`).
    """
    count = bonus_tile_count(state, company, tile_id)
    energy = state.players[company].energy
    return bonus_tile_vp(BONUS_VP_EACH[tile_id], count, energy, round_no)


# -- objective tiles (End of the Game p. 21, Appendix 6 p. 27) ---------------------------------

OBJECTIVE_IDS: tuple[str, ...] = tuple(row["id"] for row in OBJECTIVE_TILES)
HUMAN_OBJECTIVE_VP: tuple[int, ...] = (15, 10, 5)
AUTOMA_OBJECTIVE_VP: tuple[int, ...] = (20, 15, 10)  # Automa scale, every difficulty level


def pieces_by_basin(state: GameState, company: str) -> dict[int, int]:
    """Structure pieces of a company in each basin 1..12 (Appendix 6, p. 27).

    A dam of level L is 1 Base + (L - 1) Elevations; a conduit counts in the basin of its space
    (its origin, not its destination); a powerhouse in the basin of its space.
    """
    pieces = {basin: 0 for basin in board.BASINS}
    for space, dam in state.dams.items():
        if dam.owner == company:
            pieces[board.SPACES[space].basin] += dam.level
    for mapping in (state.conduits, state.powerhouses):
        for space, owner in mapping.items():
            if owner == company:
                pieces[board.SPACES[space].basin] += 1
    return pieces


def pieces_by_area(state: GameState, company: str) -> dict[str, int]:
    """Structure pieces of a company in each area: Mountains 1-4, Hills 5-7, Plains 8-12."""
    areas: dict[str, int] = {area: 0 for area in board.AREAS}
    for basin, n in pieces_by_basin(state, company).items():
        areas[board.BASINS[basin].area] += n
    return areas


def red_space_pieces(state: GameState, company: str) -> list[str]:
    """The company's Bases and Powerhouses on red-bordered spaces (Elevations never count)."""
    dams = [s for s, d in state.dams.items() if d.owner == company and board.SPACES[s].red_bordered]
    houses = [
        s for s, o in state.powerhouses.items() if o == company and board.SPACES[s].red_bordered
    ]
    return sorted(dams) + sorted(houses)


def connected_bases(state: GameState, company: str) -> list[str]:
    """The company's Bases linked by an own conduit to an own powerhouse (Appendix 6, p. 27).

    A conduit in basin X links both dams of X to the powerhouses of its destination basin.
    Each Base counts once, however many own systems it is part of (ruling R3).
    """
    own_house_basins = {board.SPACES[s].basin for s, o in state.powerhouses.items() if o == company}
    feeding_basins = {
        board.SPACES[s].basin
        for s, o in state.conduits.items()
        if o == company and board.SPACES[s].destination_basin in own_house_basins
    }
    return sorted(
        s
        for s, d in state.dams.items()
        if d.owner == company and board.SPACES[s].basin in feeding_basins
    )


def objective_count(state: GameState, company: str, tile_id: str) -> int:
    """The number a company ranks by on the Objective tile (Appendix 6, p. 27).

    O_RED_SPACES: Bases and Powerhouses on red-bordered spaces. O_CONNECTED_BASES: Bases linked
    by own conduit to own powerhouse, each once (ruling R3). O_BEST_AREA / O_WORST_AREA: pieces
    in the area with the most / fewest. O_BASINS_1 / O_BASINS_3: basins with at least 1 / 3
    pieces (not capped at 5, ruling R4).
    """
    if tile_id == "O_RED_SPACES":
        return len(red_space_pieces(state, company))
    if tile_id == "O_CONNECTED_BASES":
        return len(connected_bases(state, company))
    if tile_id == "O_BEST_AREA":
        return max(pieces_by_area(state, company).values())
    if tile_id == "O_WORST_AREA":
        return min(pieces_by_area(state, company).values())
    if tile_id == "O_BASINS_1":
        return sum(1 for n in pieces_by_basin(state, company).values() if n >= 1)
    if tile_id == "O_BASINS_3":
        return sum(1 for n in pieces_by_basin(state, company).values() if n >= 3)
    raise ValueError(f"unknown Objective tile {tile_id!r}")


def objective_ranking(counts: Mapping[str, int]) -> list[list[str]]:
    """Groups of tied players from best to worst count; zero counts are ranked (ruling R2)."""
    levels = sorted(set(counts.values()), reverse=True)
    return [[c for c, n in counts.items() if n == level] for level in levels]


def _pool(scale: tuple[int, ...], first_place: int, size: int) -> int:
    """The VP of places first_place .. first_place + size - 1 on a scale (0 beyond 3rd)."""
    return sum(scale[p] for p in range(first_place, first_place + size) if p < len(scale))


def objective_awards(
    counts: Mapping[str, int], automas: Iterable[str] = frozenset()
) -> dict[str, int]:
    """Objective tile VP (End of the Game, p. 21): 1st 15, 2nd 10, 3rd 5.

    Tied players pool the VP of the places they occupy and split it, rounding up (ruling R1);
    a count of 0 is ranked like any other (ruling R2). An Automa scores on its own scale
    20/15/10, its share of a tie pooled on that scale.
    """
    automa_set = set(automas)
    awards: dict[str, int] = {}
    place = 0
    for group in objective_ranking(counts):
        for company in group:
            scale = AUTOMA_OBJECTIVE_VP if company in automa_set else HUMAN_OBJECTIVE_VP
            awards[company] = ceil(_pool(scale, place, len(group)) / len(group))
        place += len(group)
    return {company: awards[company] for company in counts}


def objective_scores(state: GameState, tile_id: str | None = None) -> dict[str, int]:
    """Objective VP of every company of a state (End of the Game, p. 21)."""
    tile = tile_id or state.objective
    counts = {c: objective_count(state, c, tile) for c in state.players}
    automas = {c for c, p in state.players.items() if p.is_automa}
    return objective_awards(counts, automas)


# -- resources and water (End of the Game, p. 21) ----------------------------------------------

RESOURCES_PER_VP = 5


def resource_vp(credits: int, excavators: int, mixers: int) -> int:
    """1 VP for every 5 resources (Credits, Excavators, Concrete Mixers) left (p. 21).

    Only the personal supply counts, never the Construction Wheel (the caller passes supply
    figures). An Automa has no Credits: pass 0.
    """
    return (credits + excavators + mixers) // RESOURCES_PER_VP


def water_vp(state: GameState, company: str) -> int:
    """1 VP for each drop held by the company's own dams (End of the Game, p. 21).

    Drops behind neutral dams score nobody.
    """
    return sum(d.drops for d in state.dams.values() if d.owner == company)


# -- winner (End of the Game, p. 21) -----------------------------------------------------------


def final_tiebreak(tied: Iterable[str], last_round_energy: Mapping[str, int]) -> list[str]:
    """Among players tied on VP, those who produced the most Energy in the last round (p. 21).

    The energy is read before any reset (the last round has no End of Round phase). More than
    one name returned: the tie stands.
    """
    tied = list(tied)
    best = max(last_round_energy.get(c, 0) for c in tied)
    return [c for c in tied if last_round_energy.get(c, 0) == best]


def winner(scores: Mapping[str, int], last_round_energy: Mapping[str, int]) -> list[str]:
    """The winner(s): most VP; a tie goes to most Energy in the last round (p. 21)."""
    if not scores:
        return []
    top = max(scores.values())
    return final_tiebreak([c for c, v in scores.items() if v == top], last_round_energy)


def standings(scores: Mapping[str, int], last_round_energy: Mapping[str, int]) -> list[str]:
    """All players from first to last: VP, then last-round Energy (p. 21), then seat order."""
    order = list(scores)
    return sorted(
        order,
        key=lambda c: (-scores[c], -last_round_energy.get(c, 0), order.index(c)),
    )


def building_vp(state: GameState, company: str) -> int:
    """End of the game (The Leeghwater Project): the VP of every Private Building the company
    activated (X10)."""
    return sum(PRIVATE_BUILDINGS[t].vp for t in leeghwater.activated(state, company))
