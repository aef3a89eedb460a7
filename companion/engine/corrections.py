"""The correction sheet: set any tracked value when the table and the app disagree.

A correction is a command like any other (`{"type": "correct", "what": ..., "company"?,
"space"?, "value", "reason"}`); it becomes an event in the log, so undo and replay treat it like
a move. VP corrections go through the ledger (category "correction").
"""

from __future__ import annotations

from typing import Any

from companion.engine import board, leeghwater, table_corrections
from companion.engine.catalog import company_name
from companion.engine.commands import Correct, to_dict
from companion.engine.economy import score_vp, source
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.events import Event, Recorder, applies
from companion.engine.instructions import pieces_text
from companion.engine.mahiri import held_limit
from companion.engine.places import space_name
from companion.engine.state import NEUTRAL, WHEEL_SEGMENTS, Dam, GameState, Segment
from companion.engine.table_words import STRUCTURE_WORD, contract_name
from companion.engine.words import Words, say

LESLIE_TILE = "leslie_tile"  # her special tile (leeghwater.md §6)

RESOURCES = ("credits", "excavators", "mixers", "engineers", "energy")
RESOURCE_NAMES = {
    "credits": say("Credits"),
    "excavators": say("Excavators"),
    "mixers": say("Concrete Mixers"),
    "engineers": say("Engineers"),
    "energy": say("Energy"),
}
WHAT = (*RESOURCES, "vp", "dam_drops", "headstream_drops", "structure", "contract", "wheel_segment")
# The Leeghwater Project's officers: where Leslie Spencer's special tile is ("supply" or a wheel
# segment 0-5) and whether Tommaso Battista's Architect is out this round
OFFICER_WHAT = ("leslie_tile", "architect_out")
# every kind the sheet accepts (the table-wide lines and a whole position included)
ALL_WHAT = (*WHAT, *OFFICER_WHAT, *table_corrections.WHAT, "position")
FIELD_WORDS = {**RESOURCE_NAMES, "vp": say("VP")}


def line(subject: str, before: Any, after: Any, reason: str) -> Words:
    """The log line of a correction: "USA Credits 7 → 8 — reason" (the reason is the table's
    own words, as typed)."""
    return say(
        "{subject} {before} → {after} — {reason}",
        subject=subject,
        before=before,
        after=after,
        reason=reason,
    )


def _whose(company: str, what: Words) -> Words:
    """ "USA Credits": the company's value a correction sets."""
    return say("{company} {what}", company=company_name(company), what=what)


def _company(state: GameState, command: dict[str, Any]) -> str:
    company = command.get("company")
    if not isinstance(company, str) or company not in state.players:
        said = say("Unknown company {company}.", company=repr(company))
        raise CommandError(said, "unknown_player")
    return company


def _int(value: Any, what: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise CommandError(say("{what} must be a whole number.", what=what)) from None
    if number < 0:
        raise RuleViolation("correction", say("{what} cannot be negative.", what=what))
    return number


def correct(rec: Recorder, command: Correct) -> None:
    """Apply one line of the correction sheet (a typed `correct` command) as events."""
    _correct(rec, dict(to_dict(command)))


def _dam_limit(space: str, limit: int) -> str:
    if limit == 1:
        return say(
            "The dam on {space} holds at most 1 drop; correct its level first if the table's "
            "dam is higher.",
            space=space,
        )
    return say(
        "The dam on {space} holds at most {limit} drops; correct its level first if the "
        "table's dam is higher.",
        space=space,
        limit=limit,
    )


def _signed(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(say("{what} must be a whole number.", what=what))
    return value


def _segment(space: Any) -> int | None:
    """A wheel segment 0-5 (the open one is 0); missing means the open segment."""
    if space is None:
        return 0
    if isinstance(space, str):
        space = int(space) if space.isdigit() and len(space) == 1 else -1
    if isinstance(space, bool) or not isinstance(space, int):
        return None
    return space if 0 <= space < 6 else None


def _correct(rec: Recorder, command: dict[str, Any]) -> None:
    """One line of the correction sheet, read from its JSON form (a whole position's lines
    too)."""
    what = command.get("what")
    reason = str(command.get("reason") or "Correction")
    state = rec.state
    if what in table_corrections.WHAT:
        table_corrections.correct(rec, what, command.get("value"), reason)
        return
    if what == "position":
        _position(rec, command.get("value"), reason)
        return
    if what in OFFICER_WHAT:
        _correct_officer(rec, command, reason)
        return
    if what not in WHAT:
        raise CommandError(
            say(
                "Unknown correction {what}; one of {choices}.",
                what=repr(what),
                choices=", ".join(ALL_WHAT),  # the command's own ids, not words to translate
            ),
        )
    if what in RESOURCES:
        company = _company(state, command)
        value = _int(command.get("value"), RESOURCE_NAMES[what])
        before = getattr(state.players[company], what)
        text = line(_whose(company, FIELD_WORDS[what]), before, value, reason)
        rec.emit("value_corrected", text, company=company, field=what, value=value, before=before)
    elif what == "vp":
        company = _company(state, command)
        value = _signed(command.get("value"), say("VP"))
        before = state.players[company].vp
        text = line(_whose(company, FIELD_WORDS["vp"]), before, value, reason)
        origin = source("correction", "vp", before=before, after=value)
        score_vp(rec, company, value - before, "correction", text, origin)
    elif what == "dam_drops":
        space = command.get("space")
        if not isinstance(space, str) or space not in state.dams:
            raise RuleViolation("correction", say("There is no dam on {space}.", space=space))
        value = _int(command.get("value"), say("Drops"))
        limit = held_limit(state, space)
        if value > limit:
            # a dam holds as many drops as its level (p. 5): correct its level first
            raise RuleViolation("correction", _dam_limit(space, limit))
        before = state.dams[space].drops
        text = line(say("Drops in {space}", space=space_name(space)), before, value, reason)
        rec.emit("dam_drops_corrected", text, space=space, value=value, before=before)
    elif what == "headstream_drops":
        letter = command.get("space")
        if not isinstance(letter, str) or letter not in state.headstreams:
            raise CommandError(say("Headstreams are A, B, C and D."))
        value = _int(command.get("value"), say("Drops"))
        before = state.headstreams[letter]
        text = line(say("Drops on headstream {letter}", letter=letter), before, value, reason)
        rec.emit("headstream_corrected", text, letter=letter, value=value, before=before)
    elif what == "structure":
        _correct_structure(rec, command, reason)
    elif what == "contract":
        _correct_contract(rec, command, reason)
    else:
        company = _company(state, command)
        wheel = command.get("value") or {}
        index = _segment(command.get("space"))
        if index is None or not isinstance(wheel, dict):
            raise CommandError(
                say("A wheel correction needs space 0-5 and value {tiles, excavators, mixers}.")
            )
        old = state.players[company].wheel[index]
        rec.emit(
            "wheel_segment_corrected",
            line(
                say(
                    "{company} wheel segment {segment}",
                    company=company_name(company),
                    segment=index,
                ),
                _segment_words(old.tiles, old.excavators, old.mixers),
                _segment_words(
                    list(wheel.get("tiles", [])),
                    _int(wheel.get("excavators", 0), say("Excavators")),
                    _int(wheel.get("mixers", 0), say("Concrete Mixers")),
                ),
                reason,
            ),
            company=company,
            segment=index,
            tiles=list(wheel.get("tiles", [])),
            excavators=_int(wheel.get("excavators", 0), say("Excavators")),
            mixers=_int(wheel.get("mixers", 0), say("Concrete Mixers")),
        )


def _position(rec: Recorder, position: Any, reason: str) -> None:
    """A game begun on paper, entered in one command (one undo): the table-wide lines, then
    each company's values and wheel, then the map (structures first, then drops).

    position: {round, turn_order, active, passed, contract_offer, ..., "players": {company:
    {credits: 7, ..., "wheel": [segment, ...]}}, "map": [correction lines]}.
    """
    if not isinstance(position, dict):
        raise CommandError(say("A position is {round, turn_order, active, players, map, ...}."))
    for what in table_corrections.WHAT:
        if what in position:
            table_corrections.correct(rec, what, position[what], reason)
    players = position.get("players") or {}
    if not isinstance(players, dict) or not all(isinstance(v, dict) for v in players.values()):
        raise CommandError(say("position.players is {company: {credits: 7, …, wheel: […]}}."))
    for company, values in players.items():
        for what, value in values.items():
            if what == "wheel":
                if not isinstance(value or [], list):
                    raise CommandError(say("A company's wheel is a list of segments."))
                for index, segment in enumerate(value or []):
                    line_ = {"what": "wheel_segment", "company": company, "space": index}
                    _correct(rec, {**line_, "value": segment, "reason": reason})
            else:
                line_ = {"what": what, "company": company, "value": value, "reason": reason}
                _correct(rec, line_)
    lines = position.get("map") or []
    if not isinstance(lines, list) or not all(isinstance(x, dict) for x in lines):
        raise CommandError(say("position.map is a list of correction lines."))
    # structures before the drops they hold
    for item in sorted(lines, key=lambda x: x.get("what") != "structure"):
        _correct(rec, {**item, "reason": reason})


def _segment_words(tiles: list[str], excavators: int, mixers: int) -> str:
    """What lies in a wheel segment, as the table steps name the pieces."""
    what = {"tiles": tiles, "excavators": excavators, "mixers": mixers}
    return pieces_text(what) or say("empty")


def _correct_structure(rec: Recorder, command: dict[str, Any], reason: str) -> None:
    """value: {"structure": base|elevation|conduit|powerhouse, "present": bool}."""
    space = command.get("space")
    value = command.get("value") or {}
    if not isinstance(space, str) or space not in board.SPACES:
        raise CommandError(say("Unknown building space {space}.", space=repr(space)))
    if not isinstance(value, dict):
        raise CommandError(say("A structure correction needs value {structure, present}."))
    owner = command.get("company") or NEUTRAL
    if owner != NEUTRAL and owner not in rec.state.players:
        raise CommandError(say("Unknown company {company}.", company=repr(owner)))
    structure = value.get("structure")
    if structure not in ("base", "elevation", "conduit", "powerhouse"):
        raise CommandError(say("structure must be base, elevation, conduit or powerhouse."))
    present = bool(value.get("present", True))
    who = say("Neutral") if owner == NEUTRAL else company_name(owner)
    piece = STRUCTURE_WORD[structure]
    where = space_name(space)
    text = (
        say("{who} {piece} added on {space} — {reason}", who=who, piece=piece, space=where,
            reason=reason)
        if present
        else say("{who} {piece} taken off {space} — {reason}", who=who, piece=piece, space=where,
                 reason=reason)
    )  # fmt: skip
    rec.emit(
        "structure_corrected",
        text,
        space=space,
        owner=owner,
        structure=structure,
        present=present,
    )


def _correct_contract(rec: Recorder, command: dict[str, Any], reason: str) -> None:
    """value: {"contract": id, "present": bool, "fulfilled": bool}."""
    company = _company(rec.state, command)
    value = command.get("value") or {}
    if not isinstance(value, dict) or not isinstance(value.get("contract"), str):
        raise CommandError(say("A contract correction needs value.contract."))
    present = bool(value.get("present", True))
    fulfilled = bool(value.get("fulfilled", False))
    name = contract_name(value["contract"])
    who = company_name(company)
    text = (
        say("{company}: {contract} fulfilled — {reason}", company=who, contract=name,
            reason=reason)
        if present and fulfilled
        else say("{company}: {contract} in hand — {reason}", company=who, contract=name,
                 reason=reason)
        if present
        else say("{company}: {contract} taken away — {reason}", company=who, contract=name,
                 reason=reason)
    )  # fmt: skip
    rec.emit(
        "contract_corrected",
        text,
        company=company,
        contract=value["contract"],
        present=bool(value.get("present", True)),
        fulfilled=bool(value.get("fulfilled", False)),
    )


@applies("value_corrected")
def _value_corrected(state: GameState, e: Event) -> None:
    setattr(state.players[e["company"]], e["field"], e["value"])


@applies("dam_drops_corrected")
def _dam_drops_corrected(state: GameState, e: Event) -> None:
    state.dams[e["space"]].drops = e["value"]


@applies("headstream_corrected")
def _headstream_corrected(state: GameState, e: Event) -> None:
    state.headstreams[e["letter"]] = e["value"]


@applies("structure_corrected")
def _structure_corrected(state: GameState, e: Event) -> None:
    space, owner, structure, present = e["space"], e["owner"], e["structure"], e["present"]
    player = state.players.get(owner)
    delta = 1 if present else -1
    if structure in ("base", "elevation"):
        dam = state.dams.get(space)
        if structure == "base":
            if present:
                state.dams[space] = Dam(owner=owner, level=1, drops=0)
            elif dam is not None:
                if player is not None:
                    player.built["elevation"] -= dam.level - 1
                del state.dams[space]
        elif dam is not None:
            dam.level = max(1, min(3, dam.level + delta))
    else:
        mapping = state.conduits if structure == "conduit" else state.powerhouses
        if present:
            mapping[space] = owner
        else:
            mapping.pop(space, None)
    if player is not None:
        player.built[structure] = max(0, player.built[structure] + delta)


@applies("contract_corrected")
def _contract_corrected(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    for pile in (player.contracts, player.fulfilled):
        if e["contract"] in pile:
            pile.remove(e["contract"])
    if e["present"]:
        (player.fulfilled if e["fulfilled"] else player.contracts).append(e["contract"])


@applies("wheel_segment_corrected")
def _wheel_segment_corrected(state: GameState, e: Event) -> None:
    state.players[e["company"]].wheel[e["segment"]] = Segment(
        tiles=list(e["tiles"]), excavators=e["excavators"], mixers=e["mixers"]
    )


# -- The Leeghwater Project's officers (leeghwater.md §6) ------------------------------------

LESLIE = "leslie_spencer"
TOMMASO = "tommaso_battista"
SUPPLY = "supply"


def leslie_tile_place(state: GameState, company: str) -> str | int | None:
    """Where Leslie Spencer's special tile is: "supply", a wheel segment 0-5, or None."""
    player = state.players[company]
    if LESLIE_TILE in player.tiles:
        return SUPPLY
    return next((i for i, s in enumerate(player.wheel) if LESLIE_TILE in s.tiles), None)


def _place_words(place: str | int | None) -> Words:
    if place == SUPPLY:
        return say("in the personal supply")
    if place is None:
        return say("nowhere")
    return say("on wheel segment {n}", n=place)


def _officer_check(state: GameState, company: str, what: str, value: Any) -> str | int | bool:
    """The value of an officer line, validated; RuleViolation/CommandError in words."""
    if not leeghwater.active(state):
        raise RuleViolation(
            "correction", say("This game is played without The Leeghwater Project.")
        )
    officer = state.players[company].officer
    if what == "architect_out":
        if officer != TOMMASO:
            raise RuleViolation(
                "correction", say("Only Tommaso Battista's company has the Architect.")
            )
        if not isinstance(value, bool):
            raise CommandError(say("The Architect is out this round (true) or not (false)."))
        return value
    if officer != LESLIE:
        raise RuleViolation(
            "correction", say("Only Leslie Spencer's company has her special tile.")
        )
    if value == SUPPLY:
        return SUPPLY
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < WHEEL_SEGMENTS:
        raise CommandError(
            say('Leslie Spencer\'s special tile is "supply" or a wheel segment 0-5.')
        )
    return value


def _correct_officer(rec: Recorder, command: dict[str, Any], reason: str) -> None:
    state = rec.state
    company = _company(state, command)
    what = str(command.get("what"))
    value = _officer_check(state, company, what, command.get("value"))
    name = company_name(company)
    if what == "architect_out":
        before: Any = company in (state.leeghwater.get("architect_out") or [])
        if before == value:
            return
        out = say("{company}: the Architect is out this round — {reason}", company=name,
                  reason=reason)  # fmt: skip
        back = say("{company}: the Architect is back in the supply — {reason}", company=name,
                   reason=reason)  # fmt: skip
        text = out if value else back
    else:
        before = leslie_tile_place(state, company)
        if before == value:
            return
        text = say(
            "{company}: Leslie Spencer's special tile {before} → {after} — {reason}",
            company=name,
            before=_place_words(before),
            after=_place_words(value),
            reason=reason,
        )
    rec.emit("officer_corrected", text, company=company, field=what, value=value, before=before)


@applies("officer_corrected")
def _officer_corrected(state: GameState, e: Event) -> None:
    company, value = e["company"], e["value"]
    if e["field"] == "architect_out":
        out = [c for c in state.leeghwater.get("architect_out") or [] if c != company]
        state.leeghwater["architect_out"] = out + ([company] if value else [])
        return
    player = state.players[company]
    player.tiles = [t for t in player.tiles if t != LESLIE_TILE]
    for segment in player.wheel:
        segment.tiles = [t for t in segment.tiles if t != LESLIE_TILE]
    if value == SUPPLY:
        player.tiles.append(LESLIE_TILE)
    else:
        player.wheel[value].tiles.append(LESLIE_TILE)
