"""Table instructions: numbered steps a person follows at the table, derived from events.

UX.md: "1. Put 1 Engineer on your first construction space. 2. Put the Base tile and 4
Excavators in the wheel's open segment and turn the wheel. 3. Place a Base on 5L. …".
Drop movements carry `animate: {"path": [...]}` so the map can animate them. Events that do not
change anything on the table (flow bookkeeping) give no instruction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import catalog, leeghwater
from companion.engine.events import Event
from companion.engine.management import space_name as management_space_name
from companion.engine.places import space_name
from companion.engine.state import GameState
from companion.engine.table_words import (
    advanced_tile_name,
    contracts_names,
    headstream_tile_name,
)

SILENT = {
    "steps_queued",
    "step_done",
    "action_taken",
    "decision_resolved",
    "draft_opened",
    "draft_closed",
    "last_round_energy_kept",
}
NAMED = {"turn_started", "player_passed", "income_revealed"}  # the text names the company
STRUCTURE = {
    "base": "Base",
    "elevation": "Elevation",
    "conduit": "Conduit",
    "powerhouse": "Powerhouse",
}


def _name(company: str | None) -> str:
    return catalog.company_name(company) if company else "The table"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _engineers(e: Event) -> str:
    space = e["space"]
    if space.startswith("CB_"):
        order = {"CB_1": "first", "CB_2": "second", "CB_3": "third", "CB_4": "fourth"}[space]
        return f"Put {_plural(e['engineers'], 'Engineer')} on your {order} construction space."
    if space == "BANK":
        return f"Put {_plural(e['engineers'], 'Engineer')} on the Bank."
    if leeghwater.is_expansion_space(space):
        return f"Put {_plural(e['engineers'], 'Engineer')} on {leeghwater.space_words(space)}."
    return f"Put {_plural(e['engineers'], 'Engineer')} on the action space {space}."


def pieces_text(what: dict[str, Any]) -> str:
    """Tiles and Machineries as the table reads them: "the Base tile and 2 Excavators"."""
    parts = [
        advanced_tile_name(t)
        if t in catalog.ADVANCED_TILES
        else f"the {t.replace('_', ' ').title()} tile"
        for t in what.get("tiles", [])
    ]
    if what.get("excavators"):
        parts.append(_plural(what["excavators"], "Excavator"))
    if what.get("mixers"):
        parts.append(_plural(what["mixers"], "Concrete Mixer"))
    return " and ".join(parts)


def _wheel_loaded(e: Event) -> str:
    return f"Put {pieces_text(e) or 'nothing'} in the wheel's open segment."


def _wheel_rotated(e: Event) -> str:
    back = pieces_text(e.get("returned") or {})
    text = "Turn the Construction Wheel one segment."
    return f"{text} Take back {back}." if back else text


def _drop(e: Event) -> str:
    start = f"headstream {e['headstream']}" if e.get("headstream") else None
    start = start or (f"basin {e['from_basin']}" if e.get("from_basin") else "")
    if e.get("stopped_at"):
        return f"Move a drop from {start} to {space_name(e['stopped_at'])}."
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
    "machineries_gained": lambda e: f"Take {pieces_text(e)}.",
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
    # issue 3: the Level I Base / Level II Elevation tiles, Mahiri Sekibo (Appendices 3-4)
    "tile_drops_added": lambda e: (
        "Put "
        + ", ".join(f"{_plural(n, 'drop')} in {space_name(s)}" for s, n in e["drops"].items())
        + " from the general supply."
    ),
    "mahiri_activated": lambda e: (
        "Put 1 Engineer on Mahiri Sekibo's tile: copy "
        f"{catalog.OFFICERS[e['officer']].name}'s ability for this turn."
    ),
    "structure_built": lambda e: (
        f"Place a {STRUCTURE[e['structure']]} on {space_name(e['space'])}"
        + (" (free)." if e.get("free") else ".")
    ),
    "income_revealed": lambda e: (
        f"Income revealed ({_name(e['company'])}, "
        f"{_ordinal(e['slot'])} {STRUCTURE[e['structure']]}): {_rewards(e['rewards'])}."
    ),
    "powerhouse_slot_revealed": lambda e: (
        f"{_ordinal(e['piece'])} Powerhouse built: "
        f"production bonus +{e['production_bonus']}"
        + (", company ability unlocked." if e.get("ability") else ".")
    ),
    "drops_placed": lambda e: f"Put {_plural(e['drops'], 'drop')} on headstream {e['headstream']}.",
    "production_made": lambda e: (
        f"Take {_plural(e['drops'], 'drop')} from {space_name(e['dam'])}: "
        f"they run through {space_name(e['conduit'])} to {space_name(e['powerhouse'])} "
        f"({e['energy']} Energy)."
    ),
    "contract_fulfilled": lambda e: f"Turn contract {e['contract']} face down (fulfilled).",
    "round_started": lambda e: f"Round {e['round']}: Income and Headstreams.",
    "phase_changed": lambda e: str(e.get("reason") or e["phase"]),
    "player_passed": lambda e: f"{_name(e['company'])} passes.",
    "game_ended": lambda e: str(e["reason"]),
}


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _rewards(rewards: list[dict[str, Any]]) -> str:
    """Income rewards in words: "take 3 Credits", "score 7 VP", "turn the wheel 1 segment"."""
    words = {
        "credits": lambda n: f"take {_plural(n, 'Credit')}",
        "vp": lambda n: f"score {n} VP",
        "machinery_any": lambda n: f"take {_plural(n, 'Machinery')} of your choice",
        "rotate_wheel": lambda n: f"turn the wheel {_plural(n, 'segment')}",
        "energy_steps": lambda n: f"move the Energy marker {_plural(n, 'step')}",
    }
    parts = []
    for reward in rewards:
        kind, n = reward.get("type", ""), int(reward.get("amount", 1))
        parts.append(words[kind](n) if kind in words else f"{kind.replace('_', ' ')} {n}")
    return ", ".join(parts)


def _text(e: Event) -> str:
    maker = TEXT.get(e["type"])
    if maker is not None:
        try:
            return maker(e)
        except (KeyError, TypeError):
            pass
    return str(e.get("reason") or e["type"].replace("_", " ").capitalize())


def setup_lines(e: Event) -> list[str]:
    """The General Setup (pp. 6-7) as the app dealt it, one table step per line, in the
    components' words (the printed tiles carry no ids)."""
    board = e["board"]
    lines = [
        "Headstream tiles: "
        + ", ".join(
            f"{headstream_tile_name(tile)} on {letter}"
            for letter, tile in sorted(board["headstream_tiles"].items())
        )
        + " (drops in rounds 1-4).",
        "Bonus tiles on the Energy Track, rounds 1-5: " + ", ".join(board["bonus_tiles"]) + ".",
        f"Objective tile: {board['objective']}.",
        "National contracts face up: " + contracts_names(board["national_contracts"]) + ".",
    ]
    for tile_id in board["neutral_dam_tiles"]:
        tile = catalog.NEUTRAL_DAM_TILES[tile_id]
        lines.append(
            f"Neutral dam: a level-{tile.level} dam on {space_name(tile.dam_space)} "
            f"with {_plural(tile.initial_drops, 'drop')}."
        )
    for pile, slots in board["contract_offer"].items():
        lines.append(
            f"Private contracts face up ({pile}): {contracts_names([c for c in slots if c])}."
        )
    if board.get("patent_offer"):
        lines.append(
            "Patent Office: "
            + ", ".join(advanced_tile_name(t) for t in board["patent_offer"] if t)
            + "."
        )
    blocked = sorted(s for s, who in board["occupied"].items() if who == "blocked")
    if blocked:
        names = [management_space_name(catalog.MANAGEMENT_SPACES[s]) for s in blocked]
        lines.append("Put unused Engineers on the spaces not used: " + ", ".join(names) + ".")
    if board.get("leeghwater"):
        lines += leeghwater.board_lines(board["leeghwater"])
    return lines


def derive(state: GameState, events: list[Event]) -> list[dict[str, Any]]:
    """Numbered table instructions for the events of one command (or of a setup)."""
    steps: list[dict[str, Any]] = []
    actor = next(
        (e.get("company") for e in events if e["type"] in ("action_taken", "player_passed")), None
    )
    computed = False  # after a phase change, every line names its company
    for e in events:
        if e["type"] in SILENT:
            continue
        if e["type"] in ("phase_changed", "round_started", "players_seated"):
            computed = e.get("phase") != "actions"
        if e["type"] == "game_set_up":
            for line in setup_lines(e):
                steps.append({"n": len(steps) + 1, "text": line, "kind": "setup", "company": None})
            continue
        text = _text(e)
        company = e.get("company")
        if company and (computed or company != actor) and e["type"] not in NAMED:
            text = f"{_name(company)}: {text}"
        step: dict[str, Any] = {
            "n": len(steps) + 1,
            "text": text,
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
