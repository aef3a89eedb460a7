"""The correction sheet's table-wide lines: round, whose turn, turn order, passed players, the
Contract and Patent Office offers, bonus, objective and headstream tiles, the Management spaces
taken.

Each line is one `table_corrected` event with the value before and after, logged as
"Turn order USA › Italy → Italy › USA — reason". Corrections set what the table shows; they
do not re-run a phase (the app's phases other than Actions pass without waiting, so a position
is always entered in the Actions phase of its round).
"""

from __future__ import annotations

import copy
from typing import Any

from companion.engine import catalog
from companion.engine.catalog import company_name
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.events import Event, Recorder, applies
from companion.engine.management import space_name as management_space_name
from companion.engine.state import GameState
from companion.engine.table_words import advanced_tile_name, contract_name, headstream_tile_name

LAST_ROUND = 5
COLOURS = ("green", "yellow", "red")
WHAT = (
    "round",
    "active",
    "turn_order",
    "passed",
    "contract_offer",
    "national_contracts",
    "patent_offer",
    "bonus_tiles",
    "objective",
    "headstream_tiles",
    "occupied",
)
LABELS = {
    "round": "Round",
    "active": "Whose turn",
    "turn_order": "Turn order",
    "passed": "Passed",
    "contract_offer": "Contract Office",
    "national_contracts": "National contracts",
    "patent_offer": "Patent Office",
    "bonus_tiles": "Bonus tiles",
    "objective": "Objective tile",
    "headstream_tiles": "Headstream tiles",
    "occupied": "Management spaces taken",
}


def _words(what: str, value: Any) -> str:
    """A value in the table's words, for the log line."""
    if value is None or value == [] or value == {}:
        return "none"
    if what == "active":
        return company_name(value)
    if what == "turn_order":
        return " › ".join(company_name(c) for c in value)
    if what == "passed":
        return ", ".join(company_name(c) for c in value) or "none"
    if what == "contract_offer":
        slots = {colour: [c for c in value.get(colour, []) if c] for colour in COLOURS}
        return "; ".join(
            f"{colour}: {', '.join(contract_name(c) for c in ids) or 'empty'}"
            for colour, ids in slots.items()
        )
    if what == "national_contracts":
        return ", ".join(contract_name(c) for c in value)
    if what == "patent_offer":
        return ", ".join(advanced_tile_name(t) if t else "empty" for t in value)
    if what == "headstream_tiles":
        return ", ".join(f"{k}: {headstream_tile_name(v)}" for k, v in sorted(value.items()))
    if what == "occupied":
        taken = {k: v for k, v in value.items() if v != "blocked"}
        return (
            ", ".join(
                f"{management_space_name(catalog.MANAGEMENT_SPACES[k])} ({company_name(v)})"
                for k, v in sorted(taken.items())
            )
            or "none"
        )
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _current(state: GameState, what: str) -> Any:
    if what == "passed":
        return sorted(c for c, p in state.players.items() if p.passed)
    return copy.deepcopy(getattr(state, what))


def _check(state: GameState, what: str, value: Any) -> Any:
    """The value, validated and normalised; raises CommandError/RuleViolation."""
    players = list(state.players)
    if what == "round":
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= LAST_ROUND:
            raise RuleViolation("correction", "The round is 1 to 5.")
        return value
    if what == "active":
        if value not in players:
            raise CommandError(f"Unknown company {value!r}.", "unknown_player")
        return value
    if what == "turn_order":
        if not isinstance(value, list) or sorted(map(str, value)) != sorted(players):
            raise RuleViolation("correction", "The turn order lists every company once.")
        return list(value)
    if what == "passed":
        if not isinstance(value, list) or any(c not in players for c in value):
            raise CommandError("Passed: a list of companies in this game.")
        return sorted(set(value))
    if what == "contract_offer":
        if not isinstance(value, dict):
            raise CommandError("Contract Office: {green: [..], yellow: [..], red: [..]}.")
        out: dict[str, list[str | None]] = {}
        for colour in COLOURS:
            slots = value.get(colour, state.contract_offer.get(colour, []))
            if not isinstance(slots, list) or len(slots) > 2:
                raise CommandError(f"The Contract Office has 2 {colour} spaces.")
            for c in slots:
                tile = catalog.CONTRACTS.get(c) if c else None
                if c and (tile is None or tile.pile != colour):
                    raise RuleViolation("correction", f"{c} is not a {colour} contract.")
            out[colour] = [c or None for c in slots] + [None] * (2 - len(slots))
        return out
    if what == "national_contracts":
        if not isinstance(value, list) or any(
            getattr(catalog.CONTRACTS.get(c), "kind", None) != "national" for c in value
        ):
            raise RuleViolation("correction", "Those are not national contracts.")
        return list(value)
    if what == "patent_offer":
        if not isinstance(value, list) or len(value) > 3:
            raise CommandError("The Patent Office has 3 spaces.")
        if any(t and t not in catalog.ADVANCED_TILES for t in value):
            raise RuleViolation("correction", "Unknown Advanced Technology tile.")
        return [t or None for t in value] + [None] * (3 - len(value))
    if what == "bonus_tiles":
        if not isinstance(value, list) or len(value) != LAST_ROUND:
            raise CommandError("Bonus tiles: one for each of the 5 rounds.")
        if any(t not in catalog.BONUS_TILES for t in value):
            raise RuleViolation("correction", "Unknown bonus tile.")
        return list(value)
    if what == "objective":
        if value not in catalog.OBJECTIVE_TILES:
            raise RuleViolation("correction", "Unknown objective tile.")
        return value
    if what == "headstream_tiles":
        if not isinstance(value, dict) or sorted(value) != ["A", "B", "C", "D"]:
            raise CommandError("Headstream tiles: one for each of A, B, C and D.")
        if any(t not in catalog.HEADSTREAM_TILES for t in value.values()) or len(
            set(value.values())
        ) != len(value):
            raise RuleViolation("correction", "Four different headstream tiles, please.")
        return dict(value)
    if what == "occupied":
        if not isinstance(value, dict):
            raise CommandError("Management spaces: {space: company}.")
        out_taken: dict[str, str] = {}
        for space, who in value.items():
            if space not in catalog.MANAGEMENT_SPACES:
                raise CommandError(f"Unknown Management space {space!r}.")
            if who and who not in players and who != "blocked":
                raise CommandError(f"Unknown company {who!r}.", "unknown_player")
            if who:
                out_taken[space] = who
        # the spaces blocked for the player count stay blocked
        for space, who in state.occupied.items():
            if who == "blocked":
                out_taken[space] = "blocked"
        return out_taken
    raise CommandError(f"Unknown correction {what!r}.")


def correct(rec: Recorder, what: str, raw: Any, reason: str) -> None:
    """One table-wide line of the correction sheet (nothing is logged if nothing changes)."""
    value = _check(rec.state, what, raw)
    before = _current(rec.state, what)
    if before == value:
        return
    text = f"{LABELS[what]} {_words(what, before)} → {_words(what, value)} — {reason}"
    rec.emit("table_corrected", text, field=what, value=value, before=before)


@applies("table_corrected")
def _table_corrected(state: GameState, e: Event) -> None:
    field, value = e["field"], copy.deepcopy(e["value"])
    if field == "passed":
        for company, player in state.players.items():
            player.passed = company in value
        return
    if field == "contract_offer":
        _swap_piles(state.contract_piles, state.contract_offer, value)
    setattr(state, field, value)
    if field == "active":
        state.turn_done = False


def _swap_piles(
    piles: dict[str, list[str]], before: dict[str, list[str | None]], after: dict[str, Any]
) -> None:
    """Tiles now on the offer leave their pile; tiles taken off the offer go back under it."""
    for colour in COLOURS:
        pile = piles.setdefault(colour, [])
        new = [c for c in after.get(colour, []) if c]
        old = [c for c in before.get(colour, []) if c]
        for c in new:
            if c in pile:
                pile.remove(c)
        for c in old:
            if c not in new:
                pile.append(c)
