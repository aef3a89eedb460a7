"""Undo at the table: the steps that put the real board back, derived from the undone events.

UX.md "Never held hostage": undo gives "Take the Powerhouse off …, take back 5 Excavators".
The events of the undone command are walked from last to first and each gives the step that
reverses it, in the same numbered form as the instructions after a move (instructions.py).
Bookkeeping events with no piece on the table (a decision asked, a trace) give no step; each
event type is listed in exactly one of `REVERSE` and `NOTHING_ON_THE_TABLE` (a test holds that).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import catalog, counts, leeghwater
from companion.engine.counts import commas
from companion.engine.events import Event
from companion.engine.instructions import STRUCTURE, pieces_text
from companion.engine.management import space_name as management_space_name
from companion.engine.places import basin_name, space_name
from companion.engine.table_words import (
    COLOUR_WORD,
    advanced_tile_name,
    contract_name,
    contracts_names,
    external_work_name,
)
from companion.engine.words import Words, say

NOTHING_ON_THE_TABLE = frozenset(
    {
        "steps_queued",
        "step_done",
        "action_taken",
        "decision_pushed",
        "decision_resolved",
        "draft_opened",
        "draft_closed",
        "last_round_energy_kept",
        "automa_turn_traced",
        "automa_deck_shuffled",
        "drops_warning_changed",
        "company_effect_waiting",
        "architect_placed",
        "architect_turn_taken",
        "contract_limit_kept",
        "reward_declined",
        "reward_forfeited",
        "turn_started",
        "players_seated",
        "game_set_up",
    }
)


def _who(e: Event, text: str) -> str:
    company = e.get("company")
    if not company:
        return text
    return say("{company}: {instruction}", company=catalog.company_name(company), instruction=text)


def _engineers(e: Event) -> Words:
    space = e.get("space") or ""
    n = counts.engineers(e["engineers"])
    if not space:  # an Automa's Engineers on its own supply spot (automa.md §4)
        return say("Take {engineers} back from the Automa's action.", engineers=n)
    if space.startswith("CB_"):
        return say(
            "Take {engineers} back from your company board's construction space.", engineers=n
        )
    if space == "BANK":
        return say("Take {engineers} back from the Bank.", engineers=n)
    if leeghwater.is_expansion_space(space):
        where = leeghwater.space_words(space)
    else:
        where = _management_name(space) if space in catalog.MANAGEMENT_SPACES else space
    return say("Take {engineers} back from {space}.", engineers=n, space=where)


def _management_name(space: str) -> str:
    return management_space_name(catalog.MANAGEMENT_SPACES[space])


def _wheel_rotated(e: Event) -> Words:
    back = pieces_text(e.get("returned") or {})
    if back:
        return say(
            "Put {pieces} back in the segment at the opening, then turn the wheel back one "
            "segment.",
            pieces=back,
        )
    return say("Turn the Construction Wheel back one segment.")


def _drop(e: Event) -> Words:
    start: str
    if e.get("headstream"):
        start = say("headstream {letter}", letter=e["headstream"])
    elif e.get("from_basin"):
        start = _basin(e["from_basin"])
    else:
        start = say("where it was")
    if e.get("stopped_at"):
        return say(
            "Move the drop in {place} back to {start}.",
            place=space_name(e["stopped_at"]),
            start=start,
        )
    if e.get("left_map"):
        return say("Take a drop from the general supply and put it back on {start}.", start=start)
    return say("Move the drop back to {start}.", start=start)


def _basin(basin: Any) -> str:
    try:
        return basin_name(int(basin))
    except (KeyError, ValueError):
        return say("basin {basin}", basin=basin)


def _structure_built(e: Event) -> Words:
    structure, place = STRUCTURE[e["structure"]], space_name(e["space"])
    if e.get("drops"):
        return say(
            "Take the {structure} off {place} and put its {drops} back in the general supply "
            "and back on your company board.",
            structure=structure,
            place=place,
            drops=counts.drops(e["drops"]),
        )
    return say(
        "Take the {structure} off {place} and back on your company board.",
        structure=structure,
        place=place,
    )


def _corrected(e: Event) -> Words:
    if "before" in e:
        return say("Set it back to {value} ({reason}).", value=e["before"], reason=e["reason"])
    return say("Undo the correction: {reason}.", reason=e["reason"])


def _external_work_taken(e: Event) -> Words:
    n, work = e["slot"] + 1, external_work_name(e["tile"])
    if e.get("excavators") or e.get("mixers"):
        return say(
            "Put the tile back face up on slot {n} and take back {pieces} — {work}.",
            n=n,
            pieces=pieces_text(e),
            work=work,
        )
    return say("Put the tile back face up on slot {n} — {work}.", n=n, work=work)



def _vp(e: Event) -> Words:
    if e["vp"] > 0:
        return say(
            "Move the VP marker back {n} VP (undoing: {reason}).", n=e["vp"], reason=e["reason"]
        )
    return say(
        "Move the VP marker forward {n} VP (undoing: {reason}).", n=abs(e["vp"]), reason=e["reason"]
    )


def _patent_offer_discarded(e: Event) -> Words:
    tiles = [advanced_tile_name(t) for t in e.get("tiles") or [] if t]
    if tiles:
        return say(
            "Take the Advanced Technology tiles back out of the box onto the Patent Office: "
            "{tiles}.",
            tiles=commas(tiles),
        )
    return say("Take the Advanced Technology tiles back out of the box onto the Patent Office.")


def _draft_picked(e: Event) -> Words:
    if e.get("contract"):
        return say(
            "Put the company board, its officer and {contract} back in the draft.",
            contract=contract_name(e["contract"]),
        )
    return say("Put the company board, its officer back in the draft.")


REVERSE: dict[str, Callable[[Event], str]] = {
    # The Leeghwater Project
    "external_work_taken": _external_work_taken,
    "external_work_revealed": lambda e: say(
        "Put the tile back face down on pile {pile} — {work}.",
        pile=e["pile"],
        work=external_work_name(e["tile"]),
    ),
    "external_works_discarded": lambda e: say(
        "Put these tiles back face up on the External Works slots: {works}.",
        works=counts.semicolons([external_work_name(t) for t in e["tiles"]]),
    ),
    "building_built": lambda e: say(
        "Take your Building off space {n} of {building} and back on your Extension board.",
        n=e["index"] + 1,
        building=catalog.building_name(e["tile"]),
    ),
    "wheel_tile_retrieved": lambda e: say(
        "Put the {tile} tile back in wheel segment {segment}.",
        tile=e["tile"],
        segment=e["segment"],
    ),
    "wheel_machineries_retrieved": lambda e: say(
        "Put {pieces} back in wheel segment {segment}.",
        pieces=pieces_text(e),
        segment=e["segment"],
    ),
    "engineers_placed": _engineers,
    "automa_engineers_placed": _engineers,
    "wheel_loaded": lambda e: say(
        "Take {pieces} out of the wheel's open segment.", pieces=pieces_text(e) or say("nothing")
    ),
    "wheel_rotated": _wheel_rotated,
    "drop_flowed": _drop,
    "drops_placed": lambda e: say(
        "Take {drops} off headstream {letter} (back to the supply).",
        drops=counts.drops(e["drops"]),
        letter=e["headstream"],
    ),
    "tile_drops_added": lambda e: say(
        "Put {drops} back in the general supply.",
        drops=commas(
            [
                say("{drops} from {place}", drops=counts.drops(n), place=space_name(s))
                for s, n in e["drops"].items()
            ]
        ),
    ),
    "credits_paid": lambda e: say("Take back {credits}.", credits=counts.credits(e["credits"])),
    "credits_gained": lambda e: say("Give back {credits}.", credits=counts.credits(e["credits"])),
    "machineries_gained": lambda e: say("Give back {pieces}.", pieces=pieces_text(e)),
    "vp_scored": _vp,
    "energy_moved": lambda e: (
        say("Move the Energy marker 1 step back.")
        if e["steps"] == 1
        else say("Move the Energy marker {n} steps back.", n=e["steps"])
    ),
    "structure_built": _structure_built,
    "income_revealed": lambda e: say(
        "The income of the {structure} is covered again: its rewards go back as the steps "
        "above say.",
        structure=STRUCTURE[e["structure"]],
    ),
    "powerhouse_slot_revealed": lambda e: say(
        "Cover the powerhouse slot on the company board again."
    ),
    "production_made": lambda e: say(
        "Put {drops} back in {dam} (they had run through {conduit}).",
        drops=counts.drops(e["drops"]),
        dam=space_name(e["dam"]),
        conduit=space_name(e["conduit"]),
    ),
    "contract_taken": lambda e: say(
        "Put {contract} back on its space in the Contract Office.",
        contract=contract_name(e["contract"]),
    ),
    "contract_revealed": lambda e: say(
        "Put {contract} back face down on the {pile} pile.",
        contract=contract_name(e["contract"]),
        pile=COLOUR_WORD.get(e["pile"], e["pile"]),
    ),
    "contracts_discarded": lambda e: say(
        "Take {contracts} out of the box, back into your hand.",
        contracts=contracts_names(e["contracts"]),
    ),
    "contract_fulfilled": lambda e: say(
        "Turn {contract} face up again.", contract=contract_name(e["contract"])
    ),
    "automa_contract_claimed": lambda e: say(
        "Put {contract} back on its space in the Contract Office.",
        contract=contract_name(e["contract"]),
    ),
    "automa_contracts_removed": lambda e: say(
        "Put {contracts} back on the Contract Office.", contracts=contracts_names(e["contracts"])
    ),
    "automa_tile_drawn": lambda e: say("Put the Automa action tile back on top of its deck."),
    "patent_tile_bought": lambda e: say(
        "Put {tile} back on Patent space {n}.", tile=advanced_tile_name(e["tile"]), n=e["slot"] + 1
    ),
    "patent_tile_revealed": lambda e: say(
        "Put {tile} back face down on pile {pile}.",
        tile=advanced_tile_name(e["tile"]),
        pile=e["pile"],
    ),
    "patent_offer_discarded": _patent_offer_discarded,
    "turn_order_set": lambda e: say("Move the Turn Order markers back to the order before this."),
    "round_reset": lambda e: say(
        "Put the Engineers and Energy markers back where they were at the end of the round "
        "(the log shows them)."
    ),
    "round_started": lambda e: say(
        "Round {round} had not started: go back to the previous phase.", round=e["round"]
    ),
    "phase_changed": lambda e: say("Go back to the previous phase."),
    "player_passed": lambda e: say(
        "{company} has not passed yet.", company=catalog.company_name(e["company"])
    ),
    "game_ended": lambda e: say("The game is not over: go back to the last round."),
    "draft_picked": _draft_picked,
    "mahiri_activated": lambda e: say("Take the Engineer back from Mahiri Sekibo's tile."),
    "mahiri_opening_played": lambda e: say(
        "Take back Mahiri Sekibo's Automa-way opening (the steps above)."
    ),
    "value_corrected": _corrected,
    "dam_drops_corrected": _corrected,
    "headstream_corrected": _corrected,
    "structure_corrected": _corrected,
    "contract_corrected": _corrected,
    "wheel_segment_corrected": _corrected,
    "table_corrected": _corrected,
    "officer_corrected": _corrected,
}


def _spaced(kind: str) -> str:
    return kind.replace("_", " ")


def reverse_instructions(events: list[Event]) -> list[dict[str, Any]]:
    """Numbered steps that undo `events` at the table (last event first)."""
    steps: list[dict[str, Any]] = []
    for e in reversed(events):
        maker = REVERSE.get(e["type"])
        if maker is None:
            continue
        try:
            text = maker(e)
        except (KeyError, TypeError, AttributeError, ValueError):
            text = say("Undo: {what}.", what=e.get("reason") or _spaced(e["type"]))
        step: dict[str, Any] = {
            "n": len(steps) + 1,
            "text": _who(e, text) if e["type"] != "player_passed" else text,
            "kind": e["type"],
            "company": e.get("company"),
        }
        if e["type"] == "drop_flowed" and e.get("path"):
            step["animate"] = {"path": list(reversed(e["path"]))}
        steps.append(step)
    return steps
