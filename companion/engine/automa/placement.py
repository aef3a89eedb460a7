"""Where the Automa builds: the structure placement procedure of automa.md §8.

`choose_space` takes the legal candidate spaces and narrows them down step by step:
single candidate → third structure of a system (ruling A16) → the three criteria of the
criteria tile (a criterion nobody meets is skipped) → "location N or higher" with wrap-around
→ inside the basin, free before red-outlined (dams and powerhouses, D23), lower number first
(ruling A14). Every step that decides something adds a readable line to the returned trace.
Pure: reads the state, never changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.engine import construction, water
from companion.engine.automa.tiles import Criteria
from companion.engine.board import BASINS, HEADSTREAM_BASIN, SPACES, basin_course
from companion.engine.counts import semicolons
from companion.engine.state import NEUTRAL, Dam, GameState
from companion.engine.words import Words, say

DAM_BASINS: tuple[int, ...] = tuple(b for b in sorted(BASINS) if BASINS[b].dam_spaces)
POWERHOUSE_BASINS: tuple[int, ...] = tuple(b for b in sorted(BASINS) if BASINS[b].powerhouse_spaces)
DAM_ORDER: tuple[str, ...] = tuple(s for b in DAM_BASINS for s in BASINS[b].dam_spaces)
CONDUIT_ORDER: tuple[str, ...] = tuple(
    s
    for b in DAM_BASINS
    for s in sorted(BASINS[b].conduit_spaces, key=lambda c: SPACES[c].automa_ref)
)  # 1A, 1B, 2A, … 10B — "A" is the left conduit (automa.md §8.1)
SPACE_ORDER: dict[str, tuple[str, ...]] = {
    "base": DAM_ORDER,
    "elevation": DAM_ORDER,
    "conduit": CONDUIT_ORDER,
    "powerhouse": tuple(s for b in POWERHOUSE_BASINS for s in BASINS[b].powerhouse_spaces),
}

CRITERION_NAMES: dict[str, Words] = {
    "most-powerful-conduit": say("most powerful conduit"),
    "owned-powerhouse": say("own powerhouse linked"),
    "most-water-drops": say("most water drops"),
    "red-outline-space": say("red-outlined space"),
    "upstream-powerhouse": say("powerhouse upstream"),
    "downstream-dam": say("conduit towards own dam"),
    "most-powerful": say("most powerful"),
    "second-most-powerful": say("second most powerful"),
    "owned-neutral-opponent-dam": say("own, neutral, opponent dam"),
    "opponent-neutral-owned-dam": say("opponent, neutral, own dam"),
    "owned-opponent-powerhouse": say("own, opponent powerhouse"),
    "opponent-owned-powerhouse": say("opponent, own powerhouse"),
    "owned-dam": say("own dam linked"),
    "plains": say("plains"),
    "hills-basin-5": say("hills basin 5"),
    "hills-basin-6": say("hills basin 6"),
    "hills-basin-7": say("hills basin 7"),
    "feeding-owned-dam": say("feeds own dam"),
    "not-feeding-opponent-dam": say("does not feed opponent dam"),
}


@dataclass(frozen=True)
class Placement:
    """The chosen space, the readable steps that chose it, and in structured form the criteria
    that narrowed the candidates (their names, in order) and what settled it in the end."""

    space: str
    steps: tuple[str, ...]
    criteria: tuple[str, ...] = ()
    decided_by: str = ""

    @property
    def reason(self) -> str:
        return semicolons(self.steps)


# -- legal spaces ----------------------------------------------------------------------------


def legal_spaces(
    state: GameState,
    company: str,
    structure: str,
    *,
    region: str | None = None,
    min_conduit_value: int = 0,
) -> list[str]:
    """Free spaces where `company` may put `structure` by the placement rules (p. 10-11).

    The same placement limits as a person's (construction.placement_error: one Base and one
    powerhouse per company per basin, elevations on own dams below level 3), in the Automa's
    scan order. The tile restriction (T02 hills, T04 mountains, T09/T12 conduit value) is
    absolute (§8.2). Machinery and tiles are checked by the caller.
    """
    order = SPACE_ORDER.get(structure, ())
    # the spaces `placement_error` allows, read once for the map (construction.legal_spaces)
    allowed = set(construction.legal_spaces(state, company, structure))
    spaces = [s for s in order if s in allowed]
    if structure == "conduit" and min_conduit_value:
        spaces = [s for s in spaces if SPACES[s].value >= min_conduit_value]
    if region:
        spaces = [s for s in spaces if SPACES[s].area == region]
    return spaces


# -- reading the map for the criteria --------------------------------------------------------


def _basin(space: str) -> int:
    return SPACES[space].basin


def _owner_kind(owner: str | None, company: str) -> str | None:
    """'own', 'neutral', 'opponent' or None (no piece)."""
    if owner is None:
        return None
    if owner == company:
        return "own"
    if owner == NEUTRAL:
        return "neutral"
    return "opponent"


def _dam_owner_kinds(state: GameState, basin: int, company: str) -> set[str]:
    return {
        k
        for s in BASINS[basin].dam_spaces
        if (k := _owner_kind(state.dams[s].owner if s in state.dams else None, company))
    }


def _powerhouse_owner_kinds(state: GameState, basin: int, company: str) -> set[str]:
    return {
        k
        for s in BASINS[basin].powerhouse_spaces
        if (k := _owner_kind(state.powerhouses.get(s), company))
    }


def _with_own_dam(state: GameState, space: str, company: str) -> GameState:
    """A shallow copy with the candidate built: a new Base, or the own dam raised one level."""
    old = state.dams.get(space)
    dam = Dam(company, old.level + 1, old.drops) if old else Dam(company, 1, 0)
    return replace(state, dams={**state.dams, space: dam})


def _headstreams_of(basin: int) -> set[str]:
    """Headstream letters whose river passes `basin`."""
    return {h for h, b in HEADSTREAM_BASIN.items() if basin in basin_course(b)}


# -- step 2: the third structure of a system (ruling A16) ------------------------------------


def completes_system(state: GameState, company: str, structure: str, space: str) -> bool:
    """True if `structure` on `space` is the missing third piece of a production system.

    Ruling A16: a system is an own or neutral dam (any level, water not needed), a built conduit
    (any owner) starting in the dam's basin, and an own powerhouse where the conduit arrives.
    """
    if structure == "base":
        return any(
            c in state.conduits and _has_own_powerhouse(state, company, SPACES[c].destination_basin)
            for c in BASINS[_basin(space)].conduit_spaces
        )
    if structure == "conduit":
        start, end = _basin(space), SPACES[space].destination_basin
        kinds = _dam_owner_kinds(state, start, company)
        return bool(kinds & {"own", "neutral"}) and _has_own_powerhouse(state, company, end)
    if structure == "powerhouse":
        return any(
            c in state.conduits
            and bool(_dam_owner_kinds(state, SPACES[c].basin, company) & {"own", "neutral"})
            for c in BASINS[_basin(space)].conduits_arriving
        )
    return False


def _has_own_powerhouse(state: GameState, company: str, basin: int) -> bool:
    return "own" in _powerhouse_owner_kinds(state, basin, company)


# -- step 3: the criteria (§8.3) -------------------------------------------------------------

Filter = Callable[[GameState, str, list[str], Criteria], list[str]]


def _tiers(candidates: list[str], *tests: Callable[[str], bool]) -> list[str]:
    """The candidates passing the first test that anyone passes (an ordered preference)."""
    for test in tests:
        kept = [c for c in candidates if test(c)]
        if kept:
            return kept
    return []


def _best_built_conduit(
    state: GameState,
    company: str,
    candidates: list[str],
    conduits_of: Callable[[str], tuple[str, ...]],
) -> list[str]:
    """Keep the candidates with the most powerful built conduit; equal value → own conduit."""
    best: dict[str, tuple[int, bool]] = {}
    for c in candidates:
        built = [s for s in conduits_of(c) if s in state.conduits]
        if built:
            value = max(SPACES[s].value for s in built)
            own = any(SPACES[s].value == value and state.conduits[s] == company for s in built)
            best[c] = (value, own)
    if not best:
        return []
    top = max(best.values())
    return [c for c in candidates if best.get(c) == top]


def dam_most_powerful_conduit(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """MPC: the basin where the most powerful built conduit (any owner) starts."""
    return _best_built_conduit(
        state, company, candidates, lambda c: BASINS[_basin(c)].conduit_spaces
    )


def dam_owned_powerhouse(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """OPH: the basin is linked by a conduit space (built or not) to an own powerhouse."""
    return [
        c
        for c in candidates
        if any(
            _has_own_powerhouse(state, company, SPACES[s].destination_basin)
            for s in BASINS[_basin(c)].conduit_spaces
        )
    ]


def dam_most_water_drops(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """MWD (ruling A15): most drops caught if the waiting drops flowed; ties by the letters."""
    caught = {
        c: water.simulate_catches(_with_own_dam(state, c, company)).get(c, 0) for c in candidates
    }
    top = max(caught.values())
    tied = [c for c in candidates if caught[c] == top]
    rank = {c: min(criteria.letter_rank(h) for h in _headstreams_of(_basin(c))) for c in tied}
    first = min(rank.values())
    return [c for c in tied if rank[c] == first]


def dam_red_outline(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """RED: the red-outlined dam spaces (3 VP fee for the Automa)."""
    return [c for c in candidates if SPACES[c].red_bordered]


def dam_upstream_powerhouse(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """UPH (ruling A8): water released by a built powerhouse reaches the candidate.

    Any built powerhouse counts, own before opponent's; the water must not be held by another
    dam on the way (the first dam with room takes it).
    """

    def reached_from(kind: str) -> Callable[[str], bool]:
        def test(c: str) -> bool:
            hypo = _with_own_dam(state, c, company)
            return any(
                _owner_kind(owner, company) == kind
                and water.reach_from_basin(hypo, _basin(ph)) == c
                for ph, owner in state.powerhouses.items()
            )

        return test

    return _tiers(candidates, reached_from("own"), reached_from("opponent"))


def dam_downstream_dam(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """DSD: a conduit leads to a basin with an own dam; else one not leading to an opponent's."""

    def conduit_to_own(c: str) -> bool:
        return any(
            "own" in _dam_owner_kinds(state, SPACES[s].destination_basin, company)
            for s in BASINS[_basin(c)].conduit_spaces
        )

    def conduit_not_to_opponent(c: str) -> bool:
        return any(
            "opponent" not in _dam_owner_kinds(state, SPACES[s].destination_basin, company)
            for s in BASINS[_basin(c)].conduit_spaces
        )

    return _tiers(candidates, conduit_to_own, conduit_not_to_opponent)


def conduit_most_powerful(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """MP: the highest production value."""
    top = max(SPACES[c].value for c in candidates)
    return [c for c in candidates if SPACES[c].value == top]


def conduit_second_most_powerful(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """2MP: the second-highest distinct value; all candidates if they share one value."""
    values = sorted({SPACES[c].value for c in candidates}, reverse=True)
    wanted = values[1] if len(values) > 1 else values[0]
    return [c for c in candidates if SPACES[c].value == wanted]


OwnerKinds = Callable[[GameState, str, str], set[str]]


def _start_dam_kinds(state: GameState, company: str, conduit: str) -> set[str]:
    """Whose dams stand in the basin where the conduit starts."""
    return _dam_owner_kinds(state, _basin(conduit), company)


def _end_powerhouse_kinds(state: GameState, company: str, conduit: str) -> set[str]:
    """Whose powerhouses stand in the basin where the conduit arrives."""
    return _powerhouse_owner_kinds(state, SPACES[conduit].destination_basin, company)


def _conduit_owner_tiers(kinds_of: OwnerKinds, order: tuple[str, ...], doc: str) -> Filter:
    """A conduit criterion ranking by owners in `order` (the first kind anyone has wins)."""

    def criterion(
        state: GameState, company: str, candidates: list[str], criteria: Criteria
    ) -> list[str]:
        return _tiers(
            candidates,
            *((lambda c, k=kind: k in kinds_of(state, company, c)) for kind in order),
        )

    criterion.__doc__ = f"{doc}: {', '.join(order)}."
    return criterion


def _conduit_dam(order: tuple[str, ...]) -> Filter:
    return _conduit_owner_tiers(
        _start_dam_kinds, order, "DAM: the conduit starts in a basin with a dam"
    )


def _conduit_powerhouse(order: tuple[str, ...]) -> Filter:
    return _conduit_owner_tiers(
        _end_powerhouse_kinds, order, "PH: the conduit arrives at a powerhouse"
    )


def powerhouse_most_powerful_conduit(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """MPC: spaces reached by the most powerful built conduit (any owner); equal → own."""
    return _best_built_conduit(
        state, company, candidates, lambda c: BASINS[_basin(c)].conduits_arriving
    )


def powerhouse_owned_dam(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """ODAM: at the end of a conduit space (built or not) starting in a basin with an own dam."""
    return [
        c
        for c in candidates
        if any(
            "own" in _dam_owner_kinds(state, SPACES[s].basin, company)
            for s in BASINS[_basin(c)].conduits_arriving
        )
    ]


def _powerhouse_in(basins: tuple[int, ...]) -> Filter:
    def criterion(
        state: GameState, company: str, candidates: list[str], criteria: Criteria
    ) -> list[str]:
        return [c for c in candidates if _basin(c) in basins]

    return criterion


def _feeds(state: GameState, company: str, space: str) -> str | None:
    """Whose dam the water released by a powerhouse on `space` reaches first (own/…/None)."""
    stop = water.reach_from_basin(state, _basin(space))
    return _owner_kind(state.dams[stop].owner, company) if stop else None


def powerhouse_feeding_owned_dam(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """FEED+: first the spaces whose water reaches an own dam, else not an opponent's."""
    return _tiers(
        candidates,
        lambda c: _feeds(state, company, c) == "own",
        lambda c: _feeds(state, company, c) != "opponent",
    )


def powerhouse_not_feeding_opponent_dam(
    state: GameState, company: str, candidates: list[str], criteria: Criteria
) -> list[str]:
    """FEED−: first the spaces whose water does not reach an opponent dam, else own-feeding."""
    return _tiers(
        candidates,
        lambda c: _feeds(state, company, c) != "opponent",
        lambda c: _feeds(state, company, c) == "own",
    )


CRITERIA: dict[str, Filter] = {
    "dam:most-powerful-conduit": dam_most_powerful_conduit,
    "dam:owned-powerhouse": dam_owned_powerhouse,
    "dam:most-water-drops": dam_most_water_drops,
    "dam:red-outline-space": dam_red_outline,
    "dam:upstream-powerhouse": dam_upstream_powerhouse,
    "dam:downstream-dam": dam_downstream_dam,
    "conduit:most-powerful": conduit_most_powerful,
    "conduit:second-most-powerful": conduit_second_most_powerful,
    "conduit:owned-neutral-opponent-dam": _conduit_dam(("own", "neutral", "opponent")),
    "conduit:opponent-neutral-owned-dam": _conduit_dam(("opponent", "neutral", "own")),
    "conduit:owned-opponent-powerhouse": _conduit_powerhouse(("own", "opponent")),
    "conduit:opponent-owned-powerhouse": _conduit_powerhouse(("opponent", "own")),
    "powerhouse:most-powerful-conduit": powerhouse_most_powerful_conduit,
    "powerhouse:owned-dam": powerhouse_owned_dam,
    "powerhouse:plains": _powerhouse_in((8, 9, 10, 11, 12)),
    "powerhouse:hills-basin-5": _powerhouse_in((5,)),
    "powerhouse:hills-basin-6": _powerhouse_in((6,)),
    "powerhouse:hills-basin-7": _powerhouse_in((7,)),
    "powerhouse:feeding-owned-dam": powerhouse_feeding_owned_dam,
    "powerhouse:not-feeding-opponent-dam": powerhouse_not_feeding_opponent_dam,
}


def column_key(structure: str) -> str:
    """The criteria column of a structure: bases and elevations use the dam column."""
    return "dam" if structure in ("base", "elevation") else structure


# -- step 4 and 5: location and the space inside the basin -----------------------------------


def location_order(structure: str, criteria: Criteria) -> list[tuple[str, ...]]:
    """Groups of spaces in scan order from the printed location, wrapping around (§8.2 step 4)."""
    if structure == "conduit":
        basin, side = criteria.conduit_location
        start = CONDUIT_ORDER.index(
            next(s for s in CONDUIT_ORDER if SPACES[s].automa_ref == f"{basin}{side}")
        )
        order = CONDUIT_ORDER[start:] + CONDUIT_ORDER[:start]
        return [(s,) for s in order]
    if structure == "powerhouse":
        basins, first = POWERHOUSE_BASINS, criteria.powerhouse_location
    else:
        basins, first = DAM_BASINS, criteria.dam_location
    start = basins.index(first) if first in basins else 0
    ordered = basins[start:] + basins[:start]
    if structure == "powerhouse":
        return [tuple(BASINS[b].powerhouse_spaces) for b in ordered]
    return [tuple(BASINS[b].dam_spaces) for b in ordered]


def _location_label(structure: str, space: str) -> str:
    if structure == "conduit":
        return SPACES[space].automa_ref
    return str(_basin(space))


def _inside_basin(candidates: list[str], prefer_red: bool) -> tuple[str, str]:
    """Free before red-outlined (D23), then the lower-numbered space (ruling A14)."""
    ordered = sorted(candidates, key=lambda s: (SPACES[s].red_bordered != prefer_red, s))
    chosen = ordered[0]
    if len(candidates) == 1:
        return chosen, ""
    if prefer_red:
        return chosen, say("red-outlined space {space} (wild level-1 tile)", space=chosen)
    if SPACES[chosen].red_bordered == SPACES[ordered[1]].red_bordered:
        return chosen, say("lower-numbered space {space} (ruling A14)", space=chosen)
    return chosen, say("free space {space} before the red-outlined one", space=chosen)


# -- the procedure ---------------------------------------------------------------------------


def choose_space(
    state: GameState,
    company: str,
    structure: str,
    candidates: list[str],
    criteria: Criteria,
    *,
    prefer: Callable[[list[str]], tuple[list[str], str]] | None = None,
    tie_filter: Callable[[list[str]], tuple[list[str], str]] | None = None,
    prefer_red: bool = False,
    third_structure: bool = True,
) -> Placement:
    """Run the placement procedure of automa.md §8.2 on `candidates` (non-empty).

    `prefer` is an officer's pre-filter (level 4, e.g. Wilhelm Adler's mountains first),
    `tie_filter` a level-3 tile's tie rule applied before the location step (conduit level 2:
    value 3 or more), `prefer_red` the wild level-1 tile's red-outlined choice (level 3+).
    `third_structure=False` skips step 2 (ranking built conduits of production systems, A18).
    """
    if not candidates:
        raise ValueError("choose_space needs at least one candidate")
    steps: list[str] = []
    left = list(dict.fromkeys(candidates))
    if prefer is not None and len(left) > 1:
        left, note = prefer(left)
        if note:
            steps.append(note)
    if len(left) == 1:
        decided = steps[-1] if steps else say("the only legal space")
        steps.append(say("only one space: {space}", space=left[0]))
        return Placement(left[0], tuple(steps), decided_by=decided)
    if structure != "elevation" and third_structure:
        completing = [c for c in left if completes_system(state, company, structure, c)]
        if len(completing) == 1:
            steps.append(say("completes a production system: {spaces}", spaces=completing[0]))
            return Placement(
                completing[0], tuple(steps), decided_by=say("completes a production system")
            )
        if completing:
            steps.append(
                say("completes a production system: {spaces}", spaces=", ".join(completing))
            )
            left = completing
    column = column_key(structure)
    used: list[str] = []  # the criteria that narrowed the candidates
    for name in criteria.column(structure):
        kept = CRITERIA[f"{column}:{name}"](state, company, left, criteria)
        label = CRITERION_NAMES.get(name, name)
        if not kept:
            steps.append(say("criterion '{criterion}': nobody, skipped", criterion=label))
            continue
        if kept != left:
            steps.append(
                say("criterion '{criterion}' → {spaces}", criterion=label, spaces=", ".join(kept))
            )
            used.append(label)
        else:
            steps.append(say("criterion '{criterion}': all tied", criterion=label))
        left = kept
        if len(left) == 1:
            return Placement(left[0], tuple(steps), tuple(used), criterion_words(label))
    if tie_filter is not None:
        left, note = tie_filter(left)
        if note:
            steps.append(note)
        if len(left) == 1:
            return Placement(left[0], tuple(steps), tuple(used), note)
    for group in location_order(structure, criteria):
        here = [s for s in group if s in left]
        if not here:
            continue
        location = say(
            "location {location} or higher", location=_printed_location(structure, criteria)
        )
        steps.append(
            say(
                "{location} → {place}", location=location, place=_location_label(structure, here[0])
            )
        )
        chosen, note = _inside_basin(here, prefer_red and structure == "base")
        if note:
            steps.append(note)
        return Placement(chosen, tuple(steps), tuple(used), location)
    raise AssertionError("every candidate lies in some location")  # pragma: no cover


def criterion_words(label: str) -> Words:
    """What settled a placement when a criterion did: "criterion 'most powerful'"."""
    return say("criterion '{criterion}'", criterion=label)


def _printed_location(structure: str, criteria: Criteria) -> str:
    if structure == "conduit":
        return f"{criteria.conduit_location[0]}{criteria.conduit_location[1]}"
    if structure == "powerhouse":
        return str(criteria.powerhouse_location)
    return str(criteria.dam_location)
