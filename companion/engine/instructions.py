"""Table instructions: numbered steps a person follows at the table, derived from events.

UX.md: "1. Put 1 Engineer on your first construction space. 2. Put the Base tile and 4
Excavators in the wheel's open segment and turn the wheel. 3. Place a Base on 5L. …".
Drop movements carry `animate: {"path": [...]}` so the map can animate them. Events that do not
change anything on the table (flow bookkeeping) give no instruction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import catalog
from companion.engine.events import Event
from companion.engine.state import GameState

SILENT = {
    "steps_queued",
    "step_done",
    "action_taken",
    "decision_resolved",
    "draft_opened",
    "draft_closed",
    "last_round_energy_kept",
}
STRUCTURE = {
    "base": "Base",
    "elevation": "Elevation",
    "conduit": "Conduit",
    "powerhouse": "Powerhouse",
}


def _name(company: str | None) -> str:
    if company and company in catalog.COMPANIES:
        return catalog.COMPANIES[company].name
    return company or "The table"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _engineers(e: Event) -> str:
    space = e["space"]
    if space.startswith("CB_"):
        order = {"CB_1": "first", "CB_2": "second", "CB_3": "third", "CB_4": "fourth"}[space]
        return f"Put {_plural(e['engineers'], 'Engineer')} on your {order} construction space."
    if space == "BANK":
        return f"Put {_plural(e['engineers'], 'Engineer')} on the Bank."
    return f"Put {_plural(e['engineers'], 'Engineer')} on the action space {space}."


def _wheel_loaded(e: Event) -> str:
    parts = [f"the {t.replace('_', ' ').title()} tile" for t in e.get("tiles", [])]
    if e.get("excavators"):
        parts.append(_plural(e["excavators"], "Excavator"))
    if e.get("mixers"):
        parts.append(_plural(e["mixers"], "Concrete Mixer"))
    return f"Put {' and '.join(parts) or 'nothing'} in the wheel's open segment."


def _wheel_rotated(e: Event) -> str:
    back = e.get("returned") or {}
    parts = [f"the {t.replace('_', ' ').title()} tile" for t in back.get("tiles", [])]
    if back.get("excavators"):
        parts.append(_plural(back["excavators"], "Excavator"))
    if back.get("mixers"):
        parts.append(_plural(back["mixers"], "Concrete Mixer"))
    text = "Turn the Construction Wheel one segment."
    if parts:
        text += f" Take back {' and '.join(parts)}."
    return text


def _drop(e: Event) -> str:
    start = e.get("headstream") or (f"basin {e['from_basin']}" if e.get("from_basin") else "")
    if e.get("stopped_at"):
        return f"Move a drop from {start} to the dam on {e['stopped_at']}."
    if e.get("left_map"):
        return f"Move a drop from {start} off the map (it leaves the river)."
    return f"Move a drop from {start}."


TEXT: dict[str, Callable[[Event], str]] = {
    "engineers_placed": _engineers,
    "wheel_loaded": _wheel_loaded,
    "wheel_rotated": _wheel_rotated,
    "drop_flowed": _drop,
    "credits_paid": lambda e: f"Pay {_plural(e['credits'], 'Credit')}.",
    "credits_gained": lambda e: f"Take {_plural(e['credits'], 'Credit')}.",
    "machineries_gained": lambda e: (
        "Take "
        + " and ".join(
            x
            for x in (
                _plural(e["excavators"], "Excavator") if e["excavators"] else "",
                _plural(e["mixers"], "Concrete Mixer") if e["mixers"] else "",
            )
            if x
        )
        + "."
    ),
    "machineries_paid": lambda e: (
        "Return "
        + " and ".join(
            x
            for x in (
                _plural(e["excavators"], "Excavator") if e["excavators"] else "",
                _plural(e["mixers"], "Concrete Mixer") if e["mixers"] else "",
            )
            if x
        )
        + " to the general supply."
    ),
    "vp_scored": lambda e: (
        f"{'Score' if e['vp'] > 0 else 'Lose'} {abs(e['vp'])} VP ({e['reason']})."
    ),
    "energy_moved": lambda e: f"Move the Energy marker {_plural(e['steps'], 'step')} forward.",
    "contract_taken": lambda e: f"Take contract {e['contract']} from the Contract Office.",
    "contract_revealed": lambda e: (
        f"Turn up {e['contract']} from the {e['pile']} pile in the empty slot."
    ),
    "contracts_discarded": lambda e: f"Put {', '.join(e['contracts'])} back in the box.",
    "patent_tile_bought": lambda e: f"Take the Advanced Technology tile {e['tile']}.",
    "patent_tile_revealed": lambda e: (
        f"Put {e['tile']} from pile {e['pile']} on Patent space {e['slot'] + 1}."
    ),
    "patent_offer_discarded": lambda e: (
        "Put the Advanced Technology tiles left on the Patent Office back in the box."
    ),
    "turn_order_set": lambda e: (
        "Move the Turn Order markers: " + " › ".join(_name(c) for c in e["order"]) + "."
    ),
    "round_reset": lambda e: "Move every Energy marker to 0 and take all Engineers back.",
    "turn_started": lambda e: f"{_name(e['company'])}'s turn.",
}


def _text(e: Event) -> str:
    maker = TEXT.get(e["type"])
    if maker is not None:
        try:
            return maker(e)
        except (KeyError, TypeError):
            pass
    return str(e.get("reason") or e["type"].replace("_", " ").capitalize())


def derive(state: GameState, events: list[Event]) -> list[dict[str, Any]]:
    """Numbered table instructions for the events of one command (or of a setup)."""
    steps: list[dict[str, Any]] = []
    for e in events:
        if e["type"] in SILENT:
            continue
        if e["type"] == "vp_scored" and e.get("category") == "start" and len(steps) > 40:
            continue
        step: dict[str, Any] = {
            "n": len(steps) + 1,
            "text": _text(e),
            "kind": e["type"],
            "company": e.get("company"),
        }
        if e["type"] == "drop_flowed" and e.get("path"):
            step["animate"] = {"path": list(e["path"])}
        steps.append(step)
    return steps


def sheets(state: GameState, events: list[Event]) -> dict[str, list[dict[str, Any]]]:
    """Computed phases as per-company and per-headstream sheets (key: company or 'A'..'D')."""
    out: dict[str, list[dict[str, Any]]] = {}
    for step in derive(state, events):
        key = step.get("company") or "table"
        out.setdefault(key, []).append(step)
    for e in events:
        if e["type"] == "drop_flowed" and e.get("headstream"):
            out.setdefault(e["headstream"], []).append(
                {"text": _drop(e), "animate": {"path": list(e.get("path", []))}}
            )
    return out
