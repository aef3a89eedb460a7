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

from companion.engine import catalog, counts, leeghwater
from companion.engine.catalog import company_name
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.events import Event, Recorder, applies
from companion.engine.management import space_name as management_space_name
from companion.engine.state import GameState
from companion.engine.table_words import (
    COLOUR_WORD,
    advanced_tile_name,
    contract_name,
    external_work_name,
    headstream_tile_name,
)
from companion.engine.words import say

LAST_ROUND = 5
COLOURS = ("green", "yellow", "red")
# the Contract Office's rows, each in words (a row has 2 spaces, p. 7)
TWO_SPACES = {
    "green": say("The Contract Office has 2 green spaces."),
    "yellow": say("The Contract Office has 2 yellow spaces."),
    "red": say("The Contract Office has 2 red spaces."),
}
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
    # The Leeghwater Project (state.leeghwater)
    "external_offer",
    "external_taken",
    "buildings",  # before the building spaces and closed left spaces, which name these tiles
    "building_spaces",
    "left_closed",
)
EXPANSION_WHAT = (
    "external_offer",
    "external_taken",
    "buildings",
    "building_spaces",
    "left_closed",
)
LABELS = {
    "round": say("Round"),
    "active": say("Whose turn"),
    "turn_order": say("Turn order"),
    "passed": say("Passed"),
    "contract_offer": say("Contract Office"),
    "national_contracts": say("National contracts"),
    "patent_offer": say("Patent Office"),
    "bonus_tiles": say("Bonus tiles"),
    "objective": say("Objective tile"),
    "headstream_tiles": say("Headstream tiles"),
    "occupied": say("Management spaces taken"),
    "external_offer": say("External Works face up"),
    "external_taken": say("External Works taken"),
    "buildings": say("Private Building tiles"),
    "building_spaces": say("Buildings"),
    "left_closed": say("Left action spaces closed by an Automa"),
}


def _words(what: str, value: Any) -> str:
    """A value in the table's words, for the log line."""
    if value is None or value == [] or value == {}:
        return say("none")
    if what == "active":
        return company_name(value)
    if what == "turn_order":
        return counts.in_order([company_name(c) for c in value])
    if what == "passed":
        return counts.commas([company_name(c) for c in value])
    if what == "contract_offer":
        slots = {colour: [c for c in value.get(colour, []) if c] for colour in COLOURS}
        return counts.semicolons(
            [
                say(
                    "{colour}: {contracts}",
                    colour=COLOUR_WORD[colour],
                    contracts=counts.commas([contract_name(c) for c in ids]) or say("empty"),
                )
                for colour, ids in slots.items()
            ]
        )
    if what == "national_contracts":
        return counts.commas([contract_name(c) for c in value])
    if what == "patent_offer":
        return counts.commas([advanced_tile_name(t) if t else say("empty") for t in value])
    if what == "headstream_tiles":
        return counts.commas(
            [
                say("{letter}: {tile}", letter=k, tile=headstream_tile_name(v))
                for k, v in sorted(value.items())
            ]
        )
    if what == "external_offer":
        return counts.commas([external_work_name(t) if t else say("empty") for t in value])
    if what == "external_taken":
        return counts.semicolons(
            [
                say(
                    "{company}: {works}",
                    company=company_name(c),
                    works=counts.commas([external_work_name(t) for t in v]) or say("none"),
                )
                for c, v in value.items()
            ]
        )
    if what in ("left_closed", "buildings"):
        return counts.commas([catalog.building_name(t) for t in value])
    if what == "building_spaces":
        return counts.semicolons([_building_owners(t, owners) for t, owners in value.items()])
    if what == "occupied":
        taken = {k: v for k, v in value.items() if v != "blocked"}
        return counts.commas(
            [
                say("{space} ({company})", space=_space_words(k), company=company_name(v))
                for k, v in sorted(taken.items())
            ]
        ) or say("none")
    if isinstance(value, list):
        return counts.commas([str(v) for v in value])
    return str(value)


def _building_owners(tile: str, owners: list[str | None]) -> str:
    """ "Wind Farm: USA, Italy": who built on a Private Building tile's spaces."""
    built = [company_name(o) for o in owners if o and o != "blocked"]
    return say(
        "{building}: {companies}",
        building=catalog.building_name(tile),
        companies=counts.commas(built) or say("none"),
    )


def _space_words(space: str) -> str:
    if space in catalog.MANAGEMENT_SPACES:
        return management_space_name(catalog.MANAGEMENT_SPACES[space])
    return leeghwater.space_words(space)


def _current(state: GameState, what: str) -> Any:
    if what in EXPANSION_WHAT:
        return copy.deepcopy(state.leeghwater.get(what))
    if what == "passed":
        return sorted(c for c, p in state.players.items() if p.passed)
    return copy.deepcopy(getattr(state, what))


def _check_expansion(state: GameState, what: str, value: Any) -> Any:
    """An Extra Management board line (The Leeghwater Project), validated and normalised."""
    players = list(state.players)
    if not leeghwater.active(state):
        raise RuleViolation(
            "correction", say("This game is played without The Leeghwater Project.")
        )
    if what == "external_offer":
        if not isinstance(value, list) or len(value) > catalog.EXTERNAL_WORK_SLOTS:
            raise CommandError(say("External Works: 3 slots, a tile id or null each."))
        if any(t and t not in catalog.EXTERNAL_WORKS for t in value):
            raise RuleViolation("correction", say("Unknown External Work tile."))
        return [t or None for t in value] + [None] * (catalog.EXTERNAL_WORK_SLOTS - len(value))
    if what == "external_taken":
        if not isinstance(value, dict) or any(c not in players for c in value):
            raise CommandError(say("External Works taken: {company: [tile, ...]}."))
        if any(not isinstance(v, list) or any(t not in catalog.EXTERNAL_WORKS for t in v)
               for v in value.values()):  # fmt: skip
            raise RuleViolation("correction", say("Unknown External Work tile."))
        return {c: list(v) for c, v in value.items()}
    if what == "buildings":
        return _check_buildings(value)
    current = state.leeghwater["building_spaces"]
    if what == "left_closed":
        if not isinstance(value, list) or any(t not in current for t in value):
            raise RuleViolation(
                "correction", say("Only this game's Private Buildings have spaces.")
            )
        return sorted(set(value), key=list(current).index)
    if not isinstance(value, dict) or any(t not in current for t in value):
        raise CommandError(say("Buildings: {Private Building: [owner or null, ×4]}."))
    out = copy.deepcopy(current)
    for tile, owners in value.items():
        if not isinstance(owners, list) or len(owners) != len(catalog.BUILDING_SPACES):
            raise CommandError(
                say(
                    "{building} has 4 building spaces.",
                    building=catalog.building_name(tile),
                ),
            )
        for i, owner in enumerate(owners):
            if current[tile][i] == leeghwater.BLOCKED:
                continue  # the spaces blocked for the player count stay blocked
            if owner is not None and owner not in players:
                raise CommandError(_unknown_company(owner), "unknown_player")
            out[tile][i] = owner
        placed = [o for o in out[tile] if o and o != leeghwater.BLOCKED]
        if len(placed) != len(set(placed)):
            raise RuleViolation("correction", say("One Building of a company a Private Building."))
    return out


def _check_buildings(value: Any) -> list[str]:
    """The Private Building tiles of the game, slot order: 5 different tiles (leeghwater.md
    §2 S3)."""
    wanted = catalog.PRIVATE_BUILDINGS_USED
    if not isinstance(value, list) or len(value) != wanted:
        raise CommandError(say("Private Buildings: {n} tiles, top to bottom.", n=wanted))
    if any(t not in catalog.PRIVATE_BUILDINGS for t in value):
        raise RuleViolation("correction", say("Unknown Private Building tile."))
    if len(set(value)) != len(value):
        raise RuleViolation("correction", say("Five different Private Building tiles, please."))
    return list(value)


def _check(state: GameState, what: str, value: Any) -> Any:
    """The value, validated and normalised; raises CommandError/RuleViolation."""
    players = list(state.players)
    if what in EXPANSION_WHAT:
        return _check_expansion(state, what, value)
    if what == "round":
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= LAST_ROUND:
            raise RuleViolation("correction", say("The round is 1 to 5."))
        return value
    if what == "active":
        if value not in players:
            raise CommandError(_unknown_company(value), "unknown_player")
        return value
    if what == "turn_order":
        if not isinstance(value, list) or sorted(map(str, value)) != sorted(players):
            raise RuleViolation("correction", say("The turn order lists every company once."))
        return list(value)
    if what == "passed":
        if not isinstance(value, list) or any(c not in players for c in value):
            raise CommandError(say("Passed: a list of companies in this game."))
        return sorted(set(value))
    if what == "contract_offer":
        if not isinstance(value, dict):
            raise CommandError(say("Contract Office: {green: [..], yellow: [..], red: [..]}."))
        out: dict[str, list[str | None]] = {}
        for colour in COLOURS:
            slots = value.get(colour, state.contract_offer.get(colour, []))
            if not isinstance(slots, list) or len(slots) > 2:
                raise CommandError(TWO_SPACES[colour])
            for c in slots:
                tile = catalog.CONTRACTS.get(c) if c else None
                if c and (tile is None or tile.pile != colour):
                    raise RuleViolation("correction", _not_of_colour(str(c), colour))
            out[colour] = [c or None for c in slots] + [None] * (2 - len(slots))
        return out
    if what == "national_contracts":
        if not isinstance(value, list) or any(
            getattr(catalog.CONTRACTS.get(c), "kind", None) != "national" for c in value
        ):
            raise RuleViolation("correction", say("Those are not national contracts."))
        return list(value)
    if what == "patent_offer":
        if not isinstance(value, list) or len(value) > 3:
            raise CommandError(say("The Patent Office has 3 spaces."))
        if any(t and t not in catalog.ADVANCED_TILES for t in value):
            raise RuleViolation("correction", say("Unknown Advanced Technology tile."))
        return [t or None for t in value] + [None] * (3 - len(value))
    if what == "bonus_tiles":
        if not isinstance(value, list) or len(value) != LAST_ROUND:
            raise CommandError(say("Bonus tiles: one for each of the 5 rounds."))
        tiles = catalog.ALL_BONUS_TILES if leeghwater.active(state) else catalog.BONUS_TILES
        if any(t not in tiles for t in value):
            raise RuleViolation("correction", say("Unknown bonus tile."))
        return list(value)
    if what == "objective":
        if value not in catalog.OBJECTIVE_TILES:
            raise RuleViolation("correction", say("Unknown objective tile."))
        return value
    if what == "headstream_tiles":
        if not isinstance(value, dict) or sorted(value) != ["A", "B", "C", "D"]:
            raise CommandError(say("Headstream tiles: one for each of A, B, C and D."))
        if any(t not in catalog.HEADSTREAM_TILES for t in value.values()) or len(
            set(value.values())
        ) != len(value):
            raise RuleViolation("correction", say("Four different headstream tiles, please."))
        return dict(value)
    if what == "occupied":
        if not isinstance(value, dict):
            raise CommandError(say("Management spaces: {space: company}."))
        out_taken: dict[str, str] = {}
        for space, who in value.items():
            expansion = leeghwater.active(state) and leeghwater.is_expansion_space(space)
            if space not in catalog.MANAGEMENT_SPACES and not expansion:
                raise CommandError(say("Unknown Management space {space}.", space=repr(space)))
            if who and who not in players and who != "blocked":
                raise CommandError(_unknown_company(who), "unknown_player")
            if who:
                out_taken[space] = who
        # the spaces blocked for the player count stay blocked
        for space, who in state.occupied.items():
            if who == "blocked":
                out_taken[space] = "blocked"
        return out_taken
    raise CommandError(say("Unknown correction {what}.", what=repr(what)))


def correct(rec: Recorder, what: str, raw: Any, reason: str) -> None:
    """One table-wide line of the correction sheet (nothing is logged if nothing changes)."""
    value = _check(rec.state, what, raw)
    before = _current(rec.state, what)
    if before == value:
        return
    text = say(
        "{subject} {before} → {after} — {reason}",
        subject=LABELS[what],
        before=_words(what, before),
        after=_words(what, value),
        reason=reason,
    )
    rec.emit("table_corrected", text, field=what, value=value, before=before)


@applies("table_corrected")
def _table_corrected(state: GameState, e: Event) -> None:
    field, value = e["field"], copy.deepcopy(e["value"])
    if field in EXPANSION_WHAT:
        if field == "external_offer":
            _swap_external_works(state, value)
        elif field == "external_taken":
            _leave_piles(state, value)
        elif field == "buildings":
            _new_buildings(state, value)
        state.leeghwater[field] = value
        return
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


def _swap_external_works(state: GameState, offer: list[str | None]) -> None:
    """External Works now face up leave their pile; tiles taken off go back under theirs."""
    lw = state.leeghwater
    for tile in offer:
        for pile in lw["external_piles"].values():
            if tile in pile:
                pile.remove(tile)
    for tile in lw["external_offer"]:
        if tile and tile not in offer:
            lw["external_piles"][catalog.EXTERNAL_WORKS[tile].pile].append(tile)


def _leave_piles(state: GameState, taken: dict[str, list[str]]) -> None:
    """External Works a company has taken are no longer in their piles (never revealed again)."""
    for tiles in taken.values():
        for pile in state.leeghwater["external_piles"].values():
            pile[:] = [t for t in pile if t not in tiles]


def _new_buildings(state: GameState, tiles: list[str]) -> None:
    """Other Private Building tiles: a kept tile keeps its Buildings; a new one starts with its
    building spaces open or blocked as the others are for this player count (ruling L8)."""
    lw = state.leeghwater
    old = lw["building_spaces"]
    pattern = [leeghwater.BLOCKED if s == leeghwater.BLOCKED else None
               for s in next(iter(old.values()))]  # fmt: skip
    lw["building_spaces"] = {t: old.get(t, list(pattern)) for t in tiles}
    lw["left_closed"] = [t for t in lw.get("left_closed") or [] if t in tiles]
def _unknown_company(given: Any) -> str:
    return say("Unknown company {company}.", company=repr(given))


def _not_of_colour(contract: str, colour: str) -> str:
    name = contract_name(contract)
    if colour == "green":
        return say("{contract} is not a green contract.", contract=name)
    if colour == "yellow":
        return say("{contract} is not a yellow contract.", contract=name)
    return say("{contract} is not a red contract.", contract=name)
