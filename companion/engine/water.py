"""Water: dam capacity, the flow of one drop, the headstream and Water Flow phases, previews.

Rulebook: "Water" (p. 5), "Water Management" (p. 17), "Where does the water go?" (p. 16),
"Water Flow Phase" (p. 19). Exact algorithm: ../shared/reference/map.md §3-§5. One drop at a
time: a drop walks its river node by node — headstream, mountain basin U then L, then in each
later basin the powerhouse box, U, L — and stops at the first dam with room; past basin 11 or
12 it leaves the map. Node ids (for the log and the map animation): "A", "P8", "8U", "8L",
"EXIT_L".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.engine import abilities
from companion.engine.board import BASINS, HEADSTREAM_BASIN, HEADSTREAM_LETTERS, basin_course
from companion.engine.catalog import HEADSTREAM_TILES
from companion.engine.counts import commas
from companion.engine.data import map_tables
from companion.engine.errors import CommandError
from companion.engine.events import Event, Recorder, applies
from companion.engine.state import GameState
from companion.engine.words import Words, say

DROPS_IN_THE_BOX = 30  # ruling R14: warn above this, never block
HEADSTREAM_ROUNDS = 4  # headstream tiles give drops in rounds 1-4 only (edge case 13)
EXIT, BOX, DAM = "exit", "box", "dam"  # the kinds of node a drop meets

EXIT_BELOW: dict[int, str] = {int(e["below_basin"]): e["id"] for e in map_tables.EXITS}
HEADSTREAM_DROPS: dict[str, tuple[int, int, int, int]] = HEADSTREAM_TILES


@dataclass(frozen=True)
class Trace:
    """Where one drop goes: nodes passed (in order), where it stops or leaves the map."""

    path: tuple[str, ...]
    stopped_at: str | None
    left_map: str | None
    powerhouse_boxes: tuple[int, ...]  # basins whose powerhouse box it passed (USA, R15)


# -- reading the map -----------------------------------------------------------------------


def box_node(basin: int) -> str:
    """The node id of a basin's powerhouse box ("P8")."""
    return f"P{basin}"


@cache
def course_nodes(basin: int, *, enter_box: bool) -> tuple[str, ...]:
    """Nodes a drop meets from `basin` down to the exit (map.md §3).

    `enter_box=False` for drops released by a production: they start at the basin's U dam,
    since they already stand in its powerhouse (edge case 22).
    """
    nodes: list[str] = []
    course = basin_course(basin)
    for b in course:
        if BASINS[b].powerhouse_spaces and (enter_box or b != basin):
            nodes.append(box_node(b))
        nodes.extend(BASINS[b].dam_spaces)  # U then L
    nodes.append(EXIT_BELOW[course[-1]])
    return tuple(nodes)


def capacity(state: GameState, dam_space: str) -> int:
    """Drops the dam on `dam_space` can hold: its level (0 without a dam).

    Graziano Del Monte's own level-3 dams hold 4 (ruling R11), also while Mahiri copies him.
    """
    dam = state.dams.get(dam_space)
    if dam is None:
        return 0
    return abilities.dam_capacity(state, dam.owner, dam.level)


def drops_on_board(state: GameState) -> int:
    """Drops on the map: held by dams plus waiting on headstream tiles."""
    return sum(d.drops for d in state.dams.values()) + sum(state.headstreams.values())


# -- the route of one drop (pure) ----------------------------------------------------------


def trace(
    state: GameState,
    *,
    headstream: str | None = None,
    from_basin: int | None = None,
    held: dict[str, int] | None = None,
    capacities: dict[str, int] | None = None,
) -> Trace:
    """The route of one drop from a headstream or from a production's powerhouse basin.

    `held` overrides the drops held by dams (for previews); the state is not changed.
    `capacities` are the dams' `capacity`, when the caller traces many drops of one state.
    A dam space with a dam and room catches the drop, whoever owns it; an empty space or a
    full dam is passed (map.md §4).
    """
    if (headstream is None) == (from_basin is None):
        raise CommandError(say("A drop starts either at a headstream or at a powerhouse's basin."))
    if headstream is not None:
        if headstream not in HEADSTREAM_BASIN:
            raise CommandError(
                say(
                    "There is no headstream {headstream} (A, B, C or D).",
                    headstream=repr(headstream),
                ),
            )
        path = [headstream]
        nodes = course_nodes(HEADSTREAM_BASIN[headstream], enter_box=True)
    else:
        path = []
        nodes = course_nodes(int(from_basin), enter_box=False)  # type: ignore[arg-type]
    boxes: list[int] = []
    for node, kind in _kinds(nodes):
        path.append(node)
        if kind == EXIT:
            return Trace(tuple(path), None, node, tuple(boxes))
        if kind == BOX:
            boxes.append(int(node[1:]))
            continue
        if node not in state.dams:  # an empty dam space: passed
            continue
        drops = held.get(node, 0) if held is not None else _held(state, node)
        room = capacities[node] if capacities is not None else capacity(state, node)
        if drops < room:
            return Trace(tuple(path), node, None, tuple(boxes))
    raise AssertionError("every river ends at an exit")  # pragma: no cover


@cache
def _kinds(nodes: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each node with its kind (exit, powerhouse box or dam space), read once per course."""
    return tuple(
        (n, EXIT if n.startswith("EXIT") else BOX if n.startswith("P") else DAM) for n in nodes
    )


def _held(state: GameState, dam_space: str) -> int:
    dam = state.dams.get(dam_space)
    return dam.drops if dam else 0


def reach_from_basin(state: GameState, basin: int) -> str | None:
    """The first dam with room a drop released into `basin` would reach (U, L, downstream)."""
    return trace(state, from_basin=basin).stopped_at


def reach_from_headstream(state: GameState, letter: str) -> str | None:
    """The first dam with room a drop from headstream `letter` would reach."""
    return trace(state, headstream=letter).stopped_at


def release_stops(
    state: GameState, from_basin: int, drops: int, held: dict[str, int] | None = None
) -> list[str | None]:
    """Where `drops` drops released into `from_basin` stop, one after the other (None: they
    leave the map). Pure preview of a production's water; `held` overrides the dams' drops.
    """
    held = dict(held) if held is not None else {s: d.drops for s, d in state.dams.items()}
    stops: list[str | None] = []
    for _ in range(drops):
        stop = trace(state, from_basin=from_basin, held=held).stopped_at
        if stop is not None:
            held[stop] = held.get(stop, 0) + 1
        stops.append(stop)
    return stops


def stops_text(stops: list[str | None]) -> str:
    """The stops of some drops as the table reads them: "1 drop stops at 9U, 1 leaves the map"."""
    counts: dict[str | None, int] = {}
    for stop in stops:
        counts[stop] = counts.get(stop, 0) + 1
    parts: list[str] = []
    for stop, n in counts.items():
        parts.append(_stop_words(n, stop, first=not parts))
    return commas(parts)


def _stop_words(n: int, stop: str | None, *, first: bool) -> Words:
    """ "1 drop stops at 9U", then "2 stop at 9U", "1 leaves the map" (the noun said once)."""
    if stop is None:
        if first:
            return say("1 drop leaves the map") if n == 1 else say("{n} drops leave the map", n=n)
        return say("1 leaves the map") if n == 1 else say("{n} leave the map", n=n)
    if first:
        if n == 1:
            return say("1 drop stops at {place}", place=stop)
        return say("{n} drops stop at {place}", n=n, place=stop)
    return (
        say("1 stops at {place}", place=stop)
        if n == 1
        else say("{n} stop at {place}", n=n, place=stop)
    )


def simulate_catches(state: GameState, extra: dict[str, int] | None = None) -> dict[str, int]:
    """Drops each dam space would catch if the waiting drops (+ `extra`) flowed now.

    Pure preview (the state is untouched) in the order of ruling R8, for the Automa's
    "most water drops" criterion (ruling A15) and the flow previews.
    """
    return Catches(state)(extra)


class Catches:
    """`simulate_catches` of one state for many `extra`s (the Water action's previews).

    Drops flow headstream by headstream, A to D (ruling R8): two previews that add the same
    drops to A and B flow alike until C, so each such beginning is traced once and kept.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        held = {space: dam.drops for space, dam in state.dams.items()}
        self._capacities = {space: capacity(state, space) for space in state.dams}
        # by the drops flowing from A, B, ... so far: (drops held, drops caught) after them
        self._after: dict[tuple[int, ...], tuple[dict[str, int], dict[str, int]]] = {
            (): (held, {})
        }
        self._reach: dict[str, str | None] = {}

    def __call__(self, extra: dict[str, int] | None = None) -> dict[str, int]:
        extra = extra or {}
        flowing = tuple(
            self.state.headstreams.get(letter, 0) + extra.get(letter, 0)
            for letter in HEADSTREAM_LETTERS
        )
        for k in range(1, len(flowing) + 1):
            if flowing[:k] not in self._after:
                self._after[flowing[:k]] = self._flow(
                    HEADSTREAM_LETTERS[k - 1], flowing[k - 1], *self._after[flowing[: k - 1]]
                )
        return dict(self._after[flowing][1])

    def reach(self, letter: str) -> str | None:
        """`reach_from_headstream` of this state, traced once per headstream (the previews
        of drops flowing at once ask it for every combination of headstreams)."""
        if letter not in self._reach:
            self._reach[letter] = reach_from_headstream(self.state, letter)
        return self._reach[letter]

    def _flow(
        self, letter: str, drops: int, held: dict[str, int], caught: dict[str, int]
    ) -> tuple[dict[str, int], dict[str, int]]:
        # `trace`'s walk without its path: only where each drop stops counts here, and the
        # Water action previews trace a few hundred drops per options answer
        held, caught = dict(held), dict(caught)
        rooms = self._capacities  # one per dam on the map: the spaces `trace` stops at
        for _ in range(drops):
            stop = next((s for s in _dam_spaces(letter) if s in rooms and held[s] < rooms[s]), None)
            if stop is None:
                break  # it left the map: so do the next drops, nothing held changed
            held[stop] += 1
            caught[stop] = caught.get(stop, 0) + 1
        return held, caught


@cache
def _dam_spaces(headstream: str) -> tuple[str, ...]:
    """The dam spaces a drop from `headstream` meets, in the order of its walk (map.md §3)."""
    nodes = course_nodes(HEADSTREAM_BASIN[headstream], enter_box=True)
    return tuple(node for node, kind in _kinds(nodes) if kind == DAM)


# -- deciding ------------------------------------------------------------------------------


def flow_drop(
    rec: Recorder,
    *,
    headstream: str | None = None,
    from_basin: int | None = None,
    reason: str,
    waiting: bool = False,
    company: str | None = None,
) -> None:
    """One drop flows: from headstream `headstream` or after a production in `from_basin`.

    `waiting=True` takes one of the drops waiting on the headstream tile (Water Flow phase);
    otherwise the drop is new (an immediate drop) or was just used in a production.
    USA's ability is applied to every powerhouse box passed (ruling R15, edge case 23).
    """
    if waiting and (headstream is None or rec.state.headstreams.get(headstream, 0) < 1):
        raise CommandError(
            say(
                "No drop is waiting on headstream {headstream}.",
                headstream=headstream,
            ),
        )
    t = trace(rec.state, headstream=headstream, from_basin=from_basin)
    rec.emit(
        "drop_flowed",
        reason,
        path=list(t.path),
        stopped_at=t.stopped_at,
        left_map=t.left_map,
        headstream=headstream,
        from_basin=from_basin,
        waiting=waiting,
        company=company,
    )
    abilities.usa_natural_flow(rec, list(t.powerhouse_boxes), reason)


def place_drops(rec: Recorder, company: str | None, letter: str, n: int, reason: str) -> None:
    """Put `n` drops on headstream tile `letter`; they wait for the Water Flow phase."""
    _check_letter(letter)
    if n < 0:
        raise CommandError(say("The number of drops cannot be negative."))
    if n:
        rec.emit("drops_placed", reason, company=company, headstream=letter, drops=n)
        check_drops_warning(rec)


def release_drops_now(rec: Recorder, company: str | None, letters: list[str], reason: str) -> None:
    """Each new drop is put on its headstream and flows at once, alone (p. 17).

    Drops already waiting on that tile stay where they are.
    """
    for letter in letters:
        _check_letter(letter)
    for letter in letters:
        flow_drop(rec, headstream=letter, reason=reason, company=company)
    check_drops_warning(rec)


def headstream_phase(rec: Recorder) -> None:
    """Income and Headstreams phase: each headstream tile adds its drops for this round.

    Rounds 1-4 only; round 5 has no headstream drops (edge case 13).
    """
    state = rec.state
    if not 1 <= state.round <= HEADSTREAM_ROUNDS:
        return
    for letter in HEADSTREAM_LETTERS:
        tile = state.headstream_tiles.get(letter)
        if tile is None:
            continue
        n = HEADSTREAM_DROPS[tile][state.round - 1]
        reason = say(
            "Headstream tile {tile} gives {n} drop(s) to headstream {letter} in round {round}",
            tile=tile,
            n=n,
            letter=letter,
            round=state.round,
        )
        place_drops(rec, None, letter, n, reason)


def water_flow_phase(rec: Recorder) -> None:
    """Water Flow phase: every waiting drop flows, one at a time, headstreams A-D (ruling R8)."""
    for letter in HEADSTREAM_LETTERS:
        while rec.state.headstreams.get(letter, 0) > 0:
            flow_drop(
                rec,
                headstream=letter,
                waiting=True,
                reason=say(
                    "Water Flow phase: a drop flows from headstream {letter}", letter=letter
                ),
            )
    check_drops_warning(rec)


def check_drops_warning(rec: Recorder) -> None:
    """Warn the table when more than 30 drops are on the board (ruling R14); never block."""
    count = drops_on_board(rec.state)
    over = count > DROPS_IN_THE_BOX
    if over != rec.state.drops_warning:
        reason = (
            say(
                "{n} drops are on the board, more than the {box} in the box: use a substitute",
                n=count,
                box=DROPS_IN_THE_BOX,
            )
            if over
            else say("{n} drops on the board again fit the box", n=count)
        )
        rec.emit("drops_warning_changed", reason, on=over, count=count)


def _check_letter(letter: str) -> None:
    if letter not in HEADSTREAM_BASIN:
        raise CommandError(
            say(
                "There is no headstream {letter} (A, B, C or D).",
                letter=repr(letter),
            ),
        )


# -- applying ------------------------------------------------------------------------------


@applies("drops_placed")
def _drops_placed(state: GameState, e: Event) -> None:
    state.headstreams[e["headstream"]] = state.headstreams.get(e["headstream"], 0) + e["drops"]


@applies("drop_flowed")
def _drop_flowed(state: GameState, e: Event) -> None:
    if e["waiting"]:
        state.headstreams[e["headstream"]] -= 1
    if e["stopped_at"] is not None:
        state.dams[e["stopped_at"]].drops += 1


@applies("drops_warning_changed")
def _drops_warning_changed(state: GameState, e: Event) -> None:
    state.drops_warning = e["on"]
