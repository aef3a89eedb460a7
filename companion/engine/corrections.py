"""The correction sheet: set any tracked value when the table and the app disagree.

A correction is a command like any other (`{"type": "correct", "what": ..., "company"?,
"space"?, "value", "reason"}`); it becomes an event in the log, so undo and replay treat it like
a move. VP corrections go through the ledger (category "correction").
"""

from __future__ import annotations

from typing import Any

from companion.engine import board
from companion.engine.commands import ContractValue, Correct, StructureValue, WheelValue
from companion.engine.economy import score_vp, source
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.events import Event, Recorder, applies
from companion.engine.mahiri import held_limit
from companion.engine.state import NEUTRAL, Dam, GameState, Segment

RESOURCES = ("credits", "excavators", "mixers", "engineers", "energy")
WHAT = (*RESOURCES, "vp", "dam_drops", "headstream_drops", "structure", "contract", "wheel_segment")


def _company(state: GameState, command: Correct) -> str:
    company = command.company
    if company is None or company not in state.players:
        raise CommandError(f"Unknown company {company!r}.", "unknown_player")
    return company


def _int(value: Any, what: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise CommandError(f"{what} must be a whole number.") from None
    if number < 0:
        raise RuleViolation("correction", f"{what} cannot be negative.")
    return number


def correct(rec: Recorder, command: Correct) -> None:
    """Apply one line of the correction sheet as an event."""
    what = command.what
    reason = command.reason or "Correction"
    state = rec.state
    if what not in WHAT:
        raise CommandError(f"Unknown correction {what!r}; one of {', '.join(WHAT)}.")
    if what in RESOURCES:
        company = _company(state, command)
        value = _int(command.value, what)
        rec.emit("value_corrected", reason, company=company, field=what, value=value)
    elif what == "vp":
        company = _company(state, command)
        value = _signed(command.value, "VP")
        old = state.players[company].vp
        origin = source("correction", "vp", before=old, after=value)
        score_vp(rec, company, value - old, "correction", reason, origin)
    elif what == "dam_drops":
        space = command.space
        if not isinstance(space, str) or space not in state.dams:
            raise RuleViolation("correction", f"There is no dam on {space}.")
        value = _int(command.value, "Drops")
        limit = held_limit(state, space)
        if value > limit:
            # a dam holds as many drops as its level (p. 5): correct its level first
            raise RuleViolation(
                "correction",
                f"The dam on {space} holds at most {limit} drop{'s' if limit != 1 else ''}; "
                "correct its level first if the table's dam is higher.",
            )
        rec.emit("dam_drops_corrected", reason, space=space, value=value)
    elif what == "headstream_drops":
        letter = command.space
        if not isinstance(letter, str) or letter not in state.headstreams:
            raise CommandError("Headstreams are A, B, C and D.")
        rec.emit("headstream_corrected", reason, letter=letter, value=_int(command.value, "Drops"))
    elif what == "structure":
        _correct_structure(rec, command, reason)
    elif what == "contract":
        _correct_contract(rec, command, reason)
    else:
        company = _company(state, command)
        wheel = command.value
        index = _segment(command.space)
        if index is None or not isinstance(wheel, WheelValue):
            raise CommandError(
                "A wheel correction needs space 0-5 and value {tiles, excavators, mixers}."
            )
        rec.emit(
            "wheel_segment_corrected",
            reason,
            company=company,
            segment=index,
            tiles=list(wheel.tiles),
            excavators=wheel.excavators,
            mixers=wheel.mixers,
        )


def _segment(space: str | int | None) -> int | None:
    """A wheel segment 0-5 (the open one is 0); missing means the open segment."""
    if space is None:
        return 0
    if isinstance(space, str):
        space = int(space) if space.isdigit() and len(space) == 1 else -1
    return space if 0 <= space < 6 else None


def _signed(value: Any, what: str) -> int:
    if not isinstance(value, int):
        raise CommandError(f"{what} must be a whole number.")
    return value


def _correct_structure(rec: Recorder, command: Correct, reason: str) -> None:
    """value: {"structure": base|elevation|conduit|powerhouse, "present": bool}."""
    space = command.space
    value = command.value
    if not isinstance(space, str) or space not in board.SPACES:
        raise CommandError(f"Unknown building space {space!r}.")
    owner = command.company or NEUTRAL
    if owner != NEUTRAL and owner not in rec.state.players:
        raise CommandError(f"Unknown company {owner!r}.")
    if not isinstance(value, StructureValue):
        raise CommandError("A structure correction needs value {structure, present}.")
    structure = value.structure
    if structure not in ("base", "elevation", "conduit", "powerhouse"):
        raise CommandError("structure must be base, elevation, conduit or powerhouse.")
    rec.emit(
        "structure_corrected",
        reason,
        space=space,
        owner=owner,
        structure=structure,
        present=value.present,
    )


def _correct_contract(rec: Recorder, command: Correct, reason: str) -> None:
    """value: {"contract": id, "present": bool, "fulfilled": bool}."""
    company = _company(rec.state, command)
    value = command.value
    if not isinstance(value, ContractValue):
        raise CommandError("A contract correction needs value.contract.")
    rec.emit(
        "contract_corrected",
        reason,
        company=company,
        contract=value.contract,
        present=value.present,
        fulfilled=value.fulfilled,
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
