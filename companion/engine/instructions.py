"""Table instructions: numbered steps a person follows at the table, derived from events.

UX.md: "1. Put 1 Engineer on your first construction space. 2. Put the Base tile and 4
Excavators in the wheel's open segment and turn the wheel. 3. Place a Base on 5L. …".
Drop movements carry `animate: {"path": [...]}` so the map can animate them. Events that do not
change anything on the table (flow bookkeeping) give no instruction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import catalog, counts, leeghwater
from companion.engine.counts import commas, ordinal
from companion.engine.events import Event
from companion.engine.management import space_name as management_space_name
from companion.engine.places import space_name
from companion.engine.state import GameState
from companion.engine.table_words import (
    COLOUR_WORD,
    STRUCTURE_WORD,
    advanced_tile_name,
    contracts_names,
    headstream_tile_dots,
    technology_tile_name,
)
from companion.engine.words import Words, say

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
STRUCTURE = STRUCTURE_WORD
CONSTRUCTION_SPACE = {
    "CB_1": say("first"),
    "CB_2": say("second"),
    "CB_3": say("third"),
    "CB_4": say("fourth"),
}
TILE_WORDS = {
    "base": say("the Base tile"),
    "elevation": say("the Elevation tile"),
    "conduit": say("the Conduit tile"),
    "powerhouse": say("the Powerhouse tile"),
    "wild": say("the Wild tile"),
}


def _name(company: str | None) -> str:
    return catalog.company_name(company) if company else say("The table")


def _engineers(e: Event) -> Words:
    space, n = e["space"], e["engineers"]
    if space.startswith("CB_"):
        order = CONSTRUCTION_SPACE[space]
        if n == 1:
            return say("Put 1 Engineer on your {order} construction space.", order=order)
        return say("Put {n} Engineers on your {order} construction space.", n=n, order=order)
    if space == "BANK":
        return (
            say("Put 1 Engineer on the Bank.")
            if n == 1
            else say("Put {n} Engineers on the Bank.", n=n)
        )
    if leeghwater.is_expansion_space(space):
        where = leeghwater.space_words(space)
        if n == 1:
            return say("Put 1 Engineer on {space}.", space=where)
        return say("Put {n} Engineers on {space}.", n=n, space=where)
    if n == 1:
        return say("Put 1 Engineer on the action space {space}.", space=space)
    return say("Put {n} Engineers on the action space {space}.", n=n, space=space)


def _tile_words(tile: str) -> str:
    return TILE_WORDS.get(tile.lower()) or technology_tile_name(tile)


def pieces_text(what: dict[str, Any]) -> str:
    """Tiles and Machineries as the table reads them: "the Base tile and 2 Excavators"."""
    parts = [_tile_words(t) for t in what.get("tiles", [])]
    if what.get("excavators"):
        parts.append(counts.excavators(what["excavators"]))
    if what.get("mixers"):
        parts.append(counts.mixers(what["mixers"]))
    return _and(parts)


def _and(parts: list[str]) -> str:
    """ "A and B and C", as the table steps list the pieces they move."""
    if not parts:
        return ""
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = say("{first} and {second}", first=part, second=text)
    return text


def _wheel_loaded(e: Event) -> Words:
    return say("Put {pieces} in the wheel's open segment.", pieces=pieces_text(e) or say("nothing"))


def _wheel_rotated(e: Event) -> Words:
    back = pieces_text(e.get("returned") or {})
    if back:
        return say("Turn the Construction Wheel one segment. Take back {pieces}.", pieces=back)
    return say("Turn the Construction Wheel one segment.")


def drop_start(e: Event) -> str:
    """Where a flowing drop starts: its headstream, or the basin it was in."""
    if e.get("headstream"):
        return say("headstream {letter}", letter=e["headstream"])
    if e.get("from_basin"):
        return say("basin {basin}", basin=e["from_basin"])
    return ""


def _drop(e: Event) -> Words:
    start = drop_start(e)
    if e.get("stopped_at"):
        return say(
            "Move a drop from {start} to {place}.", start=start, place=space_name(e["stopped_at"])
        )
    if e.get("left_map"):
        return say("Move a drop from {start} off the map (it leaves the river).", start=start)
    return say("Move a drop from {start}.", start=start)


def _vp(e: Event) -> Words:
    if e["vp"] > 0:
        return say("Score {n} VP ({reason}).", n=e["vp"], reason=e["reason"])
    return say("Lose {n} VP ({reason}).", n=abs(e["vp"]), reason=e["reason"])


def _tile_drops(e: Event) -> Words:
    drops = [
        say("1 drop in {place}", place=space_name(s))
        if n == 1
        else say("{n} drops in {place}", n=n, place=space_name(s))
        for s, n in e["drops"].items()
    ]
    return say("Put {drops} from the general supply.", drops=commas(drops))


def _turn_order(e: Event) -> Words:
    names = [_name(c) for c in e["order"]]
    order = names[-1]
    for name in reversed(names[:-1]):
        order = say("{first} › {rest}", first=name, rest=order)
    return say("Move the Turn Order markers: {order}.", order=order)


def _powerhouse_slot(e: Event) -> Words:
    nth, bonus = ordinal(e["piece"]), e["production_bonus"]
    if e.get("ability"):
        return say(
            "{ordinal} Powerhouse built: production bonus +{n}, company ability unlocked.",
            ordinal=nth,
            n=bonus,
        )
    return say("{ordinal} Powerhouse built: production bonus +{n}.", ordinal=nth, n=bonus)


def _production(e: Event) -> Words:
    parts = {
        "dam": space_name(e["dam"]),
        "conduit": space_name(e["conduit"]),
        "powerhouse": space_name(e["powerhouse"]),
        "energy": e["energy"],
    }
    if e["drops"] == 1:
        return say(
            "Take 1 drop from {dam}: they run through {conduit} to {powerhouse} ({energy} Energy).",
            **parts,
        )
    return say(
        "Take {n} drops from {dam}: they run through {conduit} to {powerhouse} ({energy} Energy).",
        n=e["drops"],
        **parts,
    )


TEXT: dict[str, Callable[[Event], str]] = {
    "engineers_placed": _engineers,
    "wheel_loaded": _wheel_loaded,
    "wheel_rotated": _wheel_rotated,
    "drop_flowed": _drop,
    "credits_paid": lambda e: (
        say("Pay 1 Credit.") if e["credits"] == 1 else say("Pay {n} Credits.", n=e["credits"])
    ),
    "credits_gained": lambda e: (
        say("Take 1 Credit.") if e["credits"] == 1 else say("Take {n} Credits.", n=e["credits"])
    ),
    "machineries_gained": lambda e: say("Take {pieces}.", pieces=pieces_text(e)),
    "vp_scored": _vp,
    "energy_moved": lambda e: (
        say("Move the Energy marker 1 step forward.")
        if e["steps"] == 1
        else say("Move the Energy marker {n} steps forward.", n=e["steps"])
    ),
    "contract_taken": lambda e: say(
        "Take contract {contract} from the Contract Office.", contract=e["contract"]
    ),
    "contract_revealed": lambda e: say(
        "Turn up {contract} from the {pile} pile in the empty slot.",
        contract=e["contract"],
        pile=COLOUR_WORD.get(e["pile"], e["pile"]),
    ),
    "contracts_discarded": lambda e: say(
        "Put {contracts} back in the box.", contracts=commas(list(e["contracts"]))
    ),
    "patent_tile_bought": lambda e: say(
        "Take the Advanced Technology tile {tile}.", tile=e["tile"]
    ),
    "patent_tile_revealed": lambda e: say(
        "Put {tile} from pile {pile} on Patent space {n}.",
        tile=e["tile"],
        pile=e["pile"],
        n=e["slot"] + 1,
    ),
    "patent_offer_discarded": lambda e: say(
        "Put the Advanced Technology tiles left on the Patent Office back in the box."
    ),
    "turn_order_set": _turn_order,
    "round_reset": lambda e: say("Move every Energy marker to 0 and take all Engineers back."),
    "turn_started": lambda e: say("{company}'s turn.", company=_name(e["company"])),
    # issue 3: the Level I Base / Level II Elevation tiles, Mahiri Sekibo (Appendices 3-4)
    "tile_drops_added": _tile_drops,
    "mahiri_activated": lambda e: say(
        "Put 1 Engineer on Mahiri Sekibo's tile: copy {officer}'s ability for this turn.",
        officer=catalog.OFFICERS[e["officer"]].name,
    ),
    "structure_built": lambda e: (
        say(
            "Place a {structure} on {place} (free).",
            structure=STRUCTURE[e["structure"]],
            place=space_name(e["space"]),
        )
        if e.get("free")
        else say(
            "Place a {structure} on {place}.",
            structure=STRUCTURE[e["structure"]],
            place=space_name(e["space"]),
        )
    ),
    "income_revealed": lambda e: say(
        "Income revealed ({company}, {ordinal} {structure}): {rewards}.",
        company=_name(e["company"]),
        ordinal=ordinal(e["slot"]),
        structure=STRUCTURE[e["structure"]],
        rewards=_rewards(e["rewards"]),
    ),
    "powerhouse_slot_revealed": _powerhouse_slot,
    "drops_placed": lambda e: (
        say("Put 1 drop on headstream {letter}.", letter=e["headstream"])
        if e["drops"] == 1
        else say("Put {n} drops on headstream {letter}.", n=e["drops"], letter=e["headstream"])
    ),
    "production_made": _production,
    "contract_fulfilled": lambda e: say(
        "Turn contract {contract} face down (fulfilled).", contract=e["contract"]
    ),
    "round_started": lambda e: say("Round {round}: Income and Headstreams.", round=e["round"]),
    "phase_changed": lambda e: e.get("reason") or str(e["phase"]),
    "player_passed": lambda e: say("{company} passes.", company=_name(e["company"])),
    "game_ended": lambda e: e["reason"],
}

REWARD_WORDS: dict[str, Callable[[int], Words]] = {
    "credits": lambda n: say("take 1 Credit") if n == 1 else say("take {n} Credits", n=n),
    "vp": lambda n: say("score {n} VP", n=n),
    "machinery_any": lambda n: (
        say("take 1 Machinery of your choice")
        if n == 1
        else say("take {n} Machinerys of your choice", n=n)
    ),
    "rotate_wheel": lambda n: (
        say("turn the wheel 1 segment") if n == 1 else say("turn the wheel {n} segments", n=n)
    ),
    "water_drops_headstream_flow_immediately": lambda n: (
        say("put 1 drop on a headstream (it flows at once)")
        if n == 1
        else say("put {n} drops on headstreams (they flow at once)", n=n)
    ),
    "water_drops_headstream_flow_in_water_phase": lambda n: (
        say("put 1 drop on a headstream (it flows in the Water Flow phase)")
        if n == 1
        else say("put {n} drops on headstreams (they flow in the Water Flow phase)", n=n)
    ),
    "energy_steps": lambda n: (
        say("move the Energy marker 1 step")
        if n == 1
        else say("move the Energy marker {n} steps", n=n)
    ),
}


def _rewards(rewards: list[dict[str, Any]]) -> str:
    """Income rewards in words: "take 3 Credits", "score 7 VP", "turn the wheel 1 segment"."""
    parts: list[str] = []
    for reward in rewards:
        kind, n = reward.get("type", ""), int(reward.get("amount", 1))
        maker = REWARD_WORDS.get(kind)
        parts.append(maker(n) if maker else f"{kind.replace('_', ' ')} {n}")
    return commas(parts)


def _text(e: Event) -> str:
    maker = TEXT.get(e["type"])
    if maker is not None:
        try:
            return maker(e)
        except (KeyError, TypeError):
            pass
    reason: str = e.get("reason") or ""
    return reason or e["type"].replace("_", " ").capitalize()


def setup_lines(e: Event) -> list[str]:
    """The General Setup (pp. 6-7) as the app dealt it, one table step per line, in the
    components' words (the printed tiles carry no ids)."""
    board = e["board"]
    tiles = [
        say(
            "the headstream tile {dots} on {letter}", dots=headstream_tile_dots(tile), letter=letter
        )
        for letter, tile in sorted(board["headstream_tiles"].items())
    ]
    lines: list[str] = [
        say("Headstream tiles: {tiles} (drops in rounds 1-4).", tiles=commas(tiles)),
        say(
            "Bonus tiles on the Energy Track, rounds 1-5: {tiles}.",
            tiles=commas(list(board["bonus_tiles"])),
        ),
        say("Objective tile: {tile}.", tile=board["objective"]),
        say(
            "National contracts face up: {contracts}.",
            contracts=contracts_names(board["national_contracts"]),
        ),
    ]
    for tile_id in board["neutral_dam_tiles"]:
        tile = catalog.NEUTRAL_DAM_TILES[tile_id]
        lines.append(
            say(
                "Neutral dam: a level-{level} dam on {place} with {drops}.",
                level=tile.level,
                place=space_name(tile.dam_space),
                drops=counts.drops(tile.initial_drops),
            )
        )
    for pile, slots in board["contract_offer"].items():
        lines.append(
            say(
                "Private contracts face up ({pile}): {contracts}.",
                pile=COLOUR_WORD.get(pile, pile),
                contracts=contracts_names([c for c in slots if c]),
            )
        )
    if board.get("patent_offer"):
        names = [advanced_tile_name(t) for t in board["patent_offer"] if t]
        lines.append(say("Patent Office: {tiles}.", tiles=commas(names)))
    blocked = sorted(s for s, who in board["occupied"].items() if who == "blocked")
    if blocked:
        names = [management_space_name(catalog.MANAGEMENT_SPACES[s]) for s in blocked]
        lines.append(
            say("Put unused Engineers on the spaces not used: {spaces}.", spaces=commas(names))
        )
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
            text = say("{company}: {instruction}", company=_name(company), instruction=text)
        step: dict[str, Any] = {
            "n": len(steps) + 1,
            "text": text,
            "kind": e["type"],
            "company": e.get("company"),
        }
        if e["type"] == "drop_flowed":
            step["rule"] = flow_rule(e)
            if e.get("path"):
                step["animate"] = {"path": list(e["path"])}
        steps.append(step)
    return steps


def flow_rule(e: Event) -> str:
    """The rule behind a drop's flow (companion/rule_refs.json): from a Headstream or after a
    production (p. 16), then held by a Dam (p. 6) or off the map (p. 5)."""
    start = "" if e.get("headstream") else "after_production:"
    return f"drop_flowed:{start}{'left_map' if e.get('left_map') else 'held'}"


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
