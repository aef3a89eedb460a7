"""Where the Automa puts water drops (automa.md §7.2, §7.10; ruling A15's letter tie-break).

Goal (Impl-H, D15): as many drops as possible end up stored in the Automa's own dams (neutral
dams do not count), judged on the current map; only drops that help are placed; equally good
headstreams are ordered by the letters of the criteria tile. Drops waiting for the Water Flow
phase are judged together with the drops already waiting; a drop that flows at once is judged
alone on the map as it is now. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations_with_replacement

from companion.engine import abilities, water
from companion.engine.automa.tiles import Criteria
from companion.engine.board import HEADSTREAM_LETTERS
from companion.engine.state import GameState
from companion.engine.words import say


@dataclass(frozen=True)
class WaterChoice:
    """Drops to place (one letter per drop) and how many end up in own dams."""

    letters: tuple[str, ...]
    stored: int
    note: str

    @property
    def is_useful(self) -> bool:
        return self.stored > 0


def stored_in_own_dams(
    state: GameState, company: str, extra: dict[str, int], catches: water.Catches | None = None
) -> int:
    """Drops own dams would catch if the waiting drops plus `extra` flowed now (`catches`:
    the previews of this state so far, when many placements are weighed)."""
    caught = (catches or water.Catches(state))(extra)
    return sum(n for space, n in caught.items() if state.dams[space].owner == company)


def _best(
    state: GameState, company: str, n: int, criteria: Criteria, exact: bool = False
) -> WaterChoice:
    """Best placement of up to `n` drops (exactly `n` for a reward that must be all or none)."""
    catches = water.Catches(state)  # the placements share their flows (water.Catches)
    base = stored_in_own_dams(state, company, {}, catches)
    steps = _usa_steps(state, company)
    best: tuple[tuple[int, int, int, tuple[int, ...]], tuple[str, ...], int] | None = None
    for k in range(n if exact else 1, n + 1):
        for combo in combinations_with_replacement(HEADSTREAM_LETTERS, k):
            extra: dict[str, int] = {}
            for letter in combo:
                extra[letter] = extra.get(letter, 0) + 1
            gain = stored_in_own_dams(state, company, extra, catches) - base
            ordered = tuple(sorted(combo, key=criteria.letter_rank))
            usa = -sum(steps[x] for x in combo) if steps else 0
            key = (-gain, usa, k, tuple(criteria.letter_rank(x) for x in ordered))
            if best is None or key < best[0]:
                best = (key, ordered, gain)
    if best is None or best[2] <= 0:
        return WaterChoice((), 0, say("no drop would reach an own dam with room"))
    letters, gain = best[1], best[2]
    parts = {
        "letters": ", ".join(letters),
        "gain": gain,
        "order": "-".join(criteria.headstreams),
    }
    note = say(
        "{n} drop(s) on {letters}: {gain} would be stored in own dams (letters {order} break ties)",
        n=len(letters),
        **parts,
    )
    return WaterChoice(letters, gain, note)


def _usa_steps(state: GameState, company: str) -> dict[str, int]:
    """Level 3+, USA ability: energy steps a drop from each headstream would give (§2.1).

    "On a tie between headstreams choose the one that yields more energy-track steps": a drop
    passing the powerhouse box of a basin with a USA powerhouse moves its marker (ruling R15).
    Empty when the tie-break does not apply.
    """
    if not abilities.has_ability(state, company, abilities.USA):
        return {}
    return {
        letter: sum(
            1
            for basin in water.trace(state, headstream=letter).powerhouse_boxes
            if abilities.usa_powerhouse_in(state, basin)
        )
        for letter in HEADSTREAM_LETTERS
    }


def choose_waiting_drops(
    state: GameState, company: str, n: int, criteria: Criteria, *, exact: bool = False
) -> WaterChoice:
    """Up to `n` drops for the headstream tiles, flowing in the Water Flow phase (§7.2)."""
    return _best(state, company, n, criteria, exact)


def choose_flowing_drops(
    state: GameState, company: str, n: int, criteria: Criteria, *, exact: bool = False
) -> WaterChoice:
    """Up to `n` new drops that flow at once, alone (the waiting drops stay, §7.2)."""
    quiet = replace(state, headstreams={letter: 0 for letter in HEADSTREAM_LETTERS})
    return _best(quiet, company, n, criteria, exact)
