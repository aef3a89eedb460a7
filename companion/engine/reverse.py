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

from companion.engine import catalog, leeghwater
from companion.engine.events import Event
from companion.engine.instructions import STRUCTURE, pieces_text
from companion.engine.management import space_name as management_space_name
from companion.engine.places import basin_name, space_name
from companion.engine.table_words import (
    advanced_tile_name,
    contract_name,
    contracts_names,
    external_work_name,
)

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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _who(e: Event) -> str:
    company = e.get("company")
    return f"{catalog.company_name(company)}: " if company else ""


def _engineers(e: Event) -> str:
    space = e.get("space") or ""
    n = _plural(e["engineers"], "Engineer")
    if not space:  # an Automa's Engineers on its own supply spot (automa.md §4)
        return f"Take {n} back from the Automa's action."
    if space.startswith("CB_"):
        return f"Take {n} back from your company board's construction space."
    if space == "BANK":
        return f"Take {n} back from the Bank."
    if leeghwater.is_expansion_space(space):
        return f"Take {n} back from {leeghwater.space_words(space)}."
    where = _management_name(space) if space in catalog.MANAGEMENT_SPACES else space
    return f"Take {n} back from {where}."


def _management_name(space: str) -> str:
    return management_space_name(catalog.MANAGEMENT_SPACES[space])


def _wheel_rotated(e: Event) -> str:
    back = pieces_text(e.get("returned") or {})
    text = "Turn the Construction Wheel back one segment."
    return (
        f"Put {back} back in the segment at the opening, then turn the wheel back one segment."
        if back
        else text
    )


def _drop(e: Event) -> str:
    start = f"headstream {e['headstream']}" if e.get("headstream") else None
    start = start or (f"{_basin(e['from_basin'])}" if e.get("from_basin") else "where it was")
    if e.get("stopped_at"):
        return f"Move the drop in {space_name(e['stopped_at'])} back to {start}."
    if e.get("left_map"):
        return f"Take a drop from the general supply and put it back on {start}."
    return f"Move the drop back to {start}."


def _basin(basin: Any) -> str:
    try:
        return basin_name(int(basin))
    except (KeyError, ValueError):
        return f"basin {basin}"


def _structure_built(e: Event) -> str:
    text = f"Take the {STRUCTURE[e['structure']]} off {space_name(e['space'])}"
    if e.get("drops"):
        text += f" and put its {_plural(e['drops'], 'drop')} back in the general supply"
    return text + " and back on your company board."


def _corrected(e: Event) -> str:
    if "before" in e:
        return f"Set it back to {e['before']} ({str(e['reason'])})."
    return f"Undo the correction: {e['reason']}."


REVERSE: dict[str, Callable[[Event], str]] = {
    # The Leeghwater Project
    "external_work_taken": lambda e: (
        f"Put the tile back face up on slot {e['slot'] + 1}"
        + (f" and take back {pieces_text(e)}" if e.get("excavators") or e.get("mixers") else "")
        + f" — {external_work_name(e['tile'])}."
    ),
    "external_work_revealed": lambda e: (
        f"Put the tile back face down on pile {e['pile']} — {external_work_name(e['tile'])}."
    ),
    "external_works_discarded": lambda e: (
        "Put these tiles back face up on the External Works slots: "
        + "; ".join(external_work_name(t) for t in e["tiles"])
        + "."
    ),
    "building_built": lambda e: (
        f"Take your Building off space {e['index'] + 1} of "
        f"{catalog.building_name(e['tile'])} and back on your Extension board."
    ),
    "wheel_tile_retrieved": lambda e: (
        f"Put the {e['tile']} tile back in wheel segment {e['segment']}."
    ),
    "wheel_machineries_retrieved": lambda e: (
        f"Put {pieces_text(e)} back in wheel segment {e['segment']}."
    ),
    "engineers_placed": _engineers,
    "automa_engineers_placed": _engineers,
    "wheel_loaded": lambda e: (
        f"Take {pieces_text(e) or 'nothing'} out of the wheel's open segment."
    ),
    "wheel_rotated": _wheel_rotated,
    "drop_flowed": _drop,
    "drops_placed": lambda e: (
        f"Take {_plural(e['drops'], 'drop')} off headstream {e['headstream']} (back to the supply)."
    ),
    "tile_drops_added": lambda e: (
        "Put "
        + ", ".join(f"{_plural(n, 'drop')} from {space_name(s)}" for s, n in e["drops"].items())
        + " back in the general supply."
    ),
    "credits_paid": lambda e: f"Take back {_plural(e['credits'], 'Credit')}.",
    "credits_gained": lambda e: f"Give back {_plural(e['credits'], 'Credit')}.",
    "machineries_gained": lambda e: f"Give back {pieces_text(e)}.",
    "vp_scored": lambda e: (
        f"Move the VP marker {'back' if e['vp'] > 0 else 'forward'} {abs(e['vp'])} VP "
        f"(undoing: {e['reason']})."
    ),
    "energy_moved": lambda e: f"Move the Energy marker {_plural(e['steps'], 'step')} back.",
    "structure_built": _structure_built,
    "income_revealed": lambda e: (
        f"The income of the {STRUCTURE[e['structure']]} is covered again: its rewards go back "
        "as the steps above say."
    ),
    "powerhouse_slot_revealed": lambda e: "Cover the powerhouse slot on the company board again.",
    "production_made": lambda e: (
        f"Put {_plural(e['drops'], 'drop')} back in {space_name(e['dam'])} "
        f"(they had run through {space_name(e['conduit'])})."
    ),
    "contract_taken": lambda e: (
        f"Put {contract_name(e['contract'])} back on its space in the Contract Office."
    ),
    "contract_revealed": lambda e: (
        f"Put {contract_name(e['contract'])} back face down on the {e['pile']} pile."
    ),
    "contracts_discarded": lambda e: (
        f"Take {contracts_names(e['contracts'])} out of the box, back into your hand."
    ),
    "contract_fulfilled": lambda e: f"Turn {contract_name(e['contract'])} face up again.",
    "automa_contract_claimed": lambda e: (
        f"Put {contract_name(e['contract'])} back on its space in the Contract Office."
    ),
    "automa_contracts_removed": lambda e: (
        f"Put {contracts_names(e['contracts'])} back on the Contract Office."
    ),
    "automa_tile_drawn": lambda e: "Put the Automa action tile back on top of its deck.",
    "patent_tile_bought": lambda e: (
        f"Put {advanced_tile_name(e['tile'])} back on Patent space {e['slot'] + 1}."
    ),
    "patent_tile_revealed": lambda e: (
        f"Put {advanced_tile_name(e['tile'])} back face down on pile {e['pile']}."
    ),
    "patent_offer_discarded": lambda e: (
        "Take the Advanced Technology tiles back out of the box onto the Patent Office"
        + (
            f": {', '.join(advanced_tile_name(t) for t in e['tiles'] if t)}."
            if e.get("tiles")
            else "."
        )
    ),
    "turn_order_set": lambda e: "Move the Turn Order markers back to the order before this.",
    "round_reset": lambda e: (
        "Put the Engineers and Energy markers back where they were at the end of the round "
        "(the log shows them)."
    ),
    "round_started": lambda e: (
        f"Round {e['round']} had not started: go back to the previous phase."
    ),
    "phase_changed": lambda e: "Go back to the previous phase.",
    "player_passed": lambda e: f"{catalog.company_name(e['company'])} has not passed yet.",
    "game_ended": lambda e: "The game is not over: go back to the last round.",
    "draft_picked": lambda e: (
        "Put the company board, its officer"
        + (f" and {contract_name(e['contract'])}" if e.get("contract") else "")
        + " back in the draft."
    ),
    "mahiri_activated": lambda e: "Take the Engineer back from Mahiri Sekibo's tile.",
    "mahiri_opening_played": lambda e: (
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
            text = f"Undo: {e.get('reason') or e['type'].replace('_', ' ')}."
        step: dict[str, Any] = {
            "n": len(steps) + 1,
            "text": _who(e) + text if e.get("company") and e["type"] != "player_passed" else text,
            "kind": e["type"],
            "company": e.get("company"),
        }
        if e["type"] == "drop_flowed" and e.get("path"):
            step["animate"] = {"path": list(reversed(e["path"]))}
        steps.append(step)
    return steps
