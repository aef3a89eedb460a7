"""Draws from a face-down pile during the game: the app reveals the top tile, or the table says.

App deals keep the piles in their dealt order, so the top tile is the next one; table deals keep
the piles without an order and ask which tile was drawn (`table_draw`), accepting only a tile
still in the pile. Used by the Contract Office refill (p. 18, ruling R13) and the Patent Office
refill (p. 21).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.commands import Answer
from companion.engine.errors import RuleViolation
from companion.engine.events import Recorder, ask, resolves
from companion.engine.state import Decision
from companion.engine.table_words import external_work_name
from companion.engine.words import say

Reveal = Callable[[Recorder, str, int, str], None]
REVEALS: dict[str, Reveal] = {}


def reveals(what: str) -> Callable[[Reveal], Reveal]:
    """Mark the function that puts a drawn tile of kind `what` in its slot (collected into
    `REVEALS` by the table in game.py, with `register_reveals`)."""

    def mark(reveal: Reveal) -> Reveal:
        reveal.reveals = what  # type: ignore[attr-defined]
        return reveal

    return mark


def register_reveals(module_dicts: list[dict[str, Any]]) -> None:
    """Collect every marked reveal of these modules into `REVEALS`."""
    for names in module_dicts:
        for value in names.values():
            what = getattr(value, "reveals", None)
            if callable(value) and isinstance(what, str):
                REVEALS[what] = value


def draw(rec: Recorder, what: str, pile: str, pool: list[str], slot: int, question: str) -> bool:
    """Fill `slot` from `pile` (its tiles `pool`): reveal the top tile or ask the table.

    Returns False when the game now waits for the table's answer (table deals).
    """
    if rec.state.setup.deals == "table":
        drawable = sorted(pool)
        ask(
            rec,
            "table_draw",
            None,
            question,
            what=what,
            pile=pile,
            slot=slot,
            drawable=drawable,
            answers=[{"tile": t} for t in drawable],
        )
        return False
    REVEALS[what](rec, pile, slot, pool[0])
    return True


# an External Work in the words printed on it (its tiles carry no number, not even a code a
# device could put in words); a contract or Advanced Technology id stays as stored logs hold it
# and a device puts it in words (names.js humanize)
DRAWN_NAME: dict[str, Callable[[str], str]] = {"external_work": external_work_name}


def drawn_name(what: str, tile: str) -> str:
    """ "External Work: discard 1 Excavator → 3 Credits, then …"; other tiles by their id."""
    return DRAWN_NAME.get(what, str)(tile)


@resolves("table_draw")
def resolve_table_draw(rec: Recorder, decision: Decision, answer: Answer) -> None:
    """The table says which tile it drew (table deals); only a drawable tile is accepted."""
    tile = answer.tile
    options = decision.options
    if tile not in options["drawable"]:
        raise RuleViolation(
            "table_draw",
            say(
                "{drawn} cannot be drawn: it is not in that pile any more.",
                drawn=drawn_name(options['what'], str(tile)),
            ),
        )
    drawn = drawn_name(options["what"], str(tile))
    rec.emit("decision_resolved", say("The table drew {drawn}.", drawn=drawn))
    REVEALS[options["what"]](rec, options["pile"], options["slot"], str(tile))
