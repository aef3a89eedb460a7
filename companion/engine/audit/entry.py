"""The standalone score pad's entry: what is impossible on the table, and the end-of-game
scoring of an untracked game from it (End of the Game, p. 21)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine import abilities, board, catalog, scoring
from companion.engine.audit.report import (
    objective_detail,
    resources_detail,
    water_detail,
    winner_detail,
)
from companion.engine.audit.words import (
    COMPANY_NAMES,
    STRUCTURE_NAMES,
    VP_TRACK_SPACES,
    Names,
    _who,
    commas,
    company_name,
    drop_count,
    player_labels,
)
from companion.engine.data.map_tables import NEUTRAL_DAM_TILES
from companion.engine.mahiri import GRAZIANO, MAHIRI
from companion.engine.places import basin_name, short_space_name, space_name
from companion.engine.state import (
    NEUTRAL,
    PIECES_PER_COMPANY,
    Dam,
    GameState,
    PlayerState,
)
from companion.engine.words import Words, say

# -- standalone audit of an untracked game -----------------------------------------------------


@dataclass(frozen=True)
class EntryError:
    """One impossible entry: where it is (`field`, a path), a stable code, a sentence."""

    field: str
    code: str
    message: str


class AuditEntryError(ValueError):
    """The standalone entry cannot be scored; `errors` lists every problem found."""

    def __init__(self, errors: list[EntryError]) -> None:
        super().__init__("; ".join(e.message for e in errors))
        self.errors = errors


NEUTRAL_DAM_LEVELS: dict[str, int] = {
    row["dam_space"]: int(row["level"]) for row in NEUTRAL_DAM_TILES
}
STRUCTURE_KEYS = ("dams", "conduits", "powerhouses")
PIECES_WORDS: dict[str, Words] = {
    "base": say("Bases"),
    "elevation": say("Elevations"),
    "conduit": say("Conduits"),
    "powerhouse": say("Powerhouses"),
}
SUPPLY_WORDS: dict[str, Words] = {
    "credits": say("Credits"),
    "excavators": say("Excavators"),
    "mixers": say("Concrete Mixers"),
    "last_round_energy": say("energy in the last round"),
}
KIND_OF_KEY = {"dams": "dam", "conduits": "conduit", "powerhouses": "powerhouse"}
KIND_WORDS: dict[str, Words] = {
    "dam": say("dam space"),
    "conduit": say("conduit space"),
    "powerhouse": say("powerhouse space"),
}


def held_limit(level: int, officer: str | None = None) -> int:
    """Drops a company's dam may hold at the end (abilities.capacity_of): its level; a level-3
    dam holds 4 with Graziano Del Monte (ruling R11), and Mahiri Sekibo's keeps the 4 it
    caught copying him as long as they stay (Appendix 3; mahiri.held_limit in a tracked game).
    """
    return abilities.capacity_of(level, graziano=officer in (GRAZIANO, MAHIRI))


def dam_capacities() -> dict[str, list[int]]:
    """What a dam of level 1, 2, 3 may hold at the end, by the officer of its company ("" for
    any other): the standalone score pad's steppers read it from the server."""
    officers = ["", GRAZIANO, MAHIRI]
    return {o: [held_limit(level, o or None) for level in (1, 2, 3)] for o in officers}


def _space_ids(items: Iterable[Any]) -> list[str]:
    return [item["space"] if isinstance(item, Mapping) else str(item) for item in items]


def _check_space(field: str, space: str, key: str) -> EntryError | None:
    wanted = KIND_OF_KEY[key]
    found = board.SPACES.get(space)
    if found is None:
        return EntryError(
            field, "no_such_space", say("There is no space {space} on the map.", space=space)
        )
    if found.kind != wanted:
        return EntryError(
            field,
            "wrong_space_kind",
            say(
                "{space} is a {kind}, not a {wanted}.",
                space=short_space_name(space),
                kind=KIND_WORDS[found.kind],
                wanted=KIND_WORDS[wanted],
            ),
        )
    return None


def _check_player(i: int, p: Mapping[str, Any]) -> list[EntryError]:
    """The impossible entries of one player's board and supply."""
    errors: list[EntryError] = []
    name = company_name(str(p.get("company", "")))
    where = f"players[{i}]"
    for key in STRUCTURE_KEYS:
        for j, space in enumerate(_space_ids(p.get(key, []))):
            err = _check_space(f"{where}.{key}[{j}]", space, key)
            if err:
                errors.append(err)
    dams = [d for d in p.get("dams", []) if d["space"] in board.SPACES]
    errors += _check_dams(where, name, p, dams)
    counts = {
        "base": len(p.get("dams", [])),
        "elevation": sum(max(0, int(d.get("level", 1)) - 1) for d in p.get("dams", [])),
        "conduit": len(p.get("conduits", [])),
        "powerhouse": len(p.get("powerhouses", [])),
    }
    for piece, n in counts.items():
        limit = PIECES_PER_COMPANY[piece]
        if n > limit:
            errors.append(
                EntryError(
                    f"{where}.{piece}s",
                    f"too_many_{piece}s",
                    say(
                        "{company} has {n} {pieces} entered; a company has only {limit}.",
                        company=name,
                        n=n,
                        pieces=PIECES_WORDS[piece],
                        limit=limit,
                    ),
                )
            )
    errors += _check_one_per_basin(where, name, p)
    errors += _check_supply(where, name, p)
    errors += _check_buildings(where, name, p)
    return errors


def _check_buildings(where: str, name: str, p: Mapping[str, Any]) -> list[EntryError]:
    """The Private Buildings a company activated (The Leeghwater Project): known tiles, each
    once, at most 5."""
    tiles = list(p.get("buildings") or [])
    errors = [
        EntryError(
            f"{where}.buildings[{j}]",
            "unknown_building",
            say("“{tile}” is not a Private Building.", tile=t),
        )
        for j, t in enumerate(tiles)
        if t not in catalog.PRIVATE_BUILDINGS
    ]
    if len(set(tiles)) != len(tiles):
        text = say("{company} has one Building per Private Building at most.", company=name)
        errors.append(EntryError(f"{where}.buildings", "building_twice", text))
    return errors


def _check_dams(
    where: str, name: str, p: Mapping[str, Any], dams: list[Mapping[str, Any]]
) -> list[EntryError]:
    errors: list[EntryError] = []
    for j, d in enumerate(p.get("dams", [])):
        if d not in dams:
            continue
        level, drops, space = int(d.get("level", 1)), int(d.get("drops", 0)), d["space"]
        field = f"{where}.dams[{j}]"
        if not 1 <= level <= 3:
            errors.append(
                EntryError(
                    field,
                    "bad_dam_level",
                    say(
                        "{space}: a dam entered at level {level}; a dam is a Base with at most"
                        " 2 Elevations (level 1 to 3).",
                        space=short_space_name(space),
                        level=level,
                    ),
                )
            )
            continue
        capacity = held_limit(level, p.get("officer"))
        if drops > capacity or drops < 0:
            errors.append(
                EntryError(
                    field,
                    "drops_above_capacity",
                    say(
                        "{space}: {company}'s level-{level} dam holds at most {drops};"
                        " {n} entered.",
                        company=name,
                        level=level,
                        space=short_space_name(space),
                        drops=drop_count(capacity),
                        n=drops,
                    ),
                )
            )
    return errors


def _check_one_per_basin(where: str, name: str, p: Mapping[str, Any]) -> list[EntryError]:
    """Map rule: a company has at most one Base and one Powerhouse in a basin."""
    errors: list[EntryError] = []
    for key, piece in (("dams", "base"), ("powerhouses", "powerhouse")):
        by_basin: dict[int, list[str]] = {}
        for space in _space_ids(p.get(key, [])):
            if space in board.SPACES and board.SPACES[space].kind == KIND_OF_KEY[key]:
                by_basin.setdefault(board.SPACES[space].basin, []).append(space)
        for basin, spaces in by_basin.items():
            if len(spaces) > 1:
                errors.append(
                    EntryError(
                        f"{where}.{key}",
                        f"two_{piece}s_in_basin",
                        say(
                            "{company} has two {pieces} in one basin ({basin}); a company may"
                            " have only one {piece} in a basin.",
                            company=name,
                            pieces=PIECES_WORDS[piece],
                            basin=basin_name(basin, short=True),
                            piece=STRUCTURE_NAMES[piece],
                        ),
                    )
                )
    return errors


def _check_supply(where: str, name: str, p: Mapping[str, Any]) -> list[EntryError]:
    errors: list[EntryError] = []
    for key, word in SUPPLY_WORDS.items():
        if int(p.get(key, 0)) < 0:
            text = say("{company}: {what} cannot be negative.", company=name, what=word)
            errors.append(EntryError(f"{where}.{key}", "negative", text))
    if p.get("kind") == "automa" and int(p.get("credits", 0)) > 0:
        errors.append(
            EntryError(
                f"{where}.credits",
                "automa_credits",
                say(
                    "{company} is an Automa: it has no Credits (they became VP during the game).",
                    company=name,
                ),
            )
        )
    marker = int(p.get("vp_marker", 0))
    if not 0 <= marker < VP_TRACK_SPACES:
        errors.append(
            EntryError(
                f"{where}.vp_marker",
                "bad_vp_marker",
                say(
                    "{company}: the VP marker is on a space from 0 to 99 (turn it to its 100"
                    " side past 99); {n} entered.",
                    company=name,
                    n=marker,
                ),
            )
        )
    return errors


def _check_neutral(entry: Mapping[str, Any]) -> list[EntryError]:
    errors: list[EntryError] = []
    for j, d in enumerate(entry.get("neutral_dams", [])):
        space, level = d["space"], int(d.get("level", 0))
        field = f"neutral_dams[{j}]"
        if space not in NEUTRAL_DAM_LEVELS:
            errors.append(
                EntryError(
                    field,
                    "no_neutral_space",
                    say(
                        "A neutral dam stands only on a lower dam space; {space} is not one.",
                        space=space_name(space),
                    ),
                )
            )
            continue
        printed = NEUTRAL_DAM_LEVELS[space]
        if level != printed:
            errors.append(
                EntryError(
                    field,
                    "neutral_dam_level",
                    say(
                        "Neutral dams are never raised: the neutral dam on {space} is level"
                        " {printed}; level {level} entered.",
                        space=space_name(space),
                        printed=printed,
                        level=level,
                    ),
                )
            )
        if int(d.get("drops", 0)) > printed:
            errors.append(
                EntryError(
                    field,
                    "drops_above_capacity",
                    say(
                        "The neutral dam on {space} holds at most {drops}.",
                        space=space_name(space),
                        drops=drop_count(printed),
                    ),
                )
            )
    return errors


def _check_spaces_taken_once(entry: Mapping[str, Any]) -> list[EntryError]:
    """One piece per building space (map rule): a space entered twice is an error."""
    owners: dict[str, list[str]] = {}
    for p in entry.get("players", []):
        for key in STRUCTURE_KEYS:
            for space in _space_ids(p.get(key, [])):
                owners.setdefault(space, []).append(company_name(str(p.get("company", ""))))
    for d in entry.get("neutral_dams", []):
        owners.setdefault(d["space"], []).append(say("a neutral dam"))
    return [
        EntryError(
            f"space.{space}",
            "space_taken_twice",
            say(
                "{space} is entered {n} times ({who}); a building space holds one structure.",
                space=short_space_name(space),
                n=len(who),
                who=commas(who),
            ),
        )
        for space, who in owners.items()
        if len(who) > 1
    ]


def validate_entry(entry: Mapping[str, Any]) -> list[EntryError]:
    """Every impossible entry of a standalone audit, in the order of the form (none: valid)."""
    errors: list[EntryError] = []
    tile = entry.get("objective", "")
    if tile not in scoring.OBJECTIVE_IDS:
        errors.append(
            EntryError("objective", "unknown_objective", say("Choose the Objective tile."))
        )
    players = entry.get("players", [])
    if not players:
        errors.append(EntryError("players", "no_players", say("Enter at least one player.")))
    seen: set[str] = set()
    for i, p in enumerate(players):
        company = str(p.get("company", ""))
        if company not in COMPANY_NAMES:
            errors.append(
                EntryError(f"players[{i}].company", "unknown_company", say("Choose the company."))
            )
        elif company in seen:
            errors.append(
                EntryError(
                    f"players[{i}].company",
                    "company_twice",
                    say("{company} is entered twice.", company=company_name(company)),
                )
            )
        seen.add(company)
        errors += _check_player(i, p)
    errors += _check_neutral(entry)
    errors += _check_spaces_taken_once(entry)
    return errors


def state_from_entry(entry: Mapping[str, Any]) -> GameState:
    """A GameState holding what the table shows, so `scoring` counts it like a tracked game."""
    state = GameState(objective=str(entry.get("objective", "")), finished=True, phase="game_over")
    for p in entry.get("players", []):
        c = str(p["company"])
        state.players[c] = PlayerState(
            company=c,
            officer=p.get("officer"),
            kind=p.get("kind", "human"),
            name=p.get("name", ""),
            vp=final_marker_vp(p),
            credits=int(p.get("credits", 0)),
            excavators=int(p.get("excavators", 0)),
            mixers=int(p.get("mixers", 0)),
            energy=int(p.get("last_round_energy", 0)),
            last_round_energy=int(p.get("last_round_energy", 0)),
        )
        for d in p.get("dams", []):
            state.dams[d["space"]] = Dam(c, int(d.get("level", 1)), int(d.get("drops", 0)))
        for space in p.get("conduits", []):
            state.conduits[space] = c
        for space in p.get("powerhouses", []):
            state.powerhouses[space] = c
        state.players[c].built = {
            "base": len(p.get("dams", [])),
            "elevation": sum(int(d.get("level", 1)) - 1 for d in p.get("dams", [])),
            "conduit": len(p.get("conduits", [])),
            "powerhouse": len(p.get("powerhouses", [])),
        }
    for d in entry.get("neutral_dams", []):
        state.dams[d["space"]] = Dam(NEUTRAL, int(d.get("level", 1)), int(d.get("drops", 0)))
    _place_buildings(state, entry)
    return state


def _place_buildings(state: GameState, entry: Mapping[str, Any]) -> None:
    """The Buildings entered (The Leeghwater Project) next to their Private Buildings."""
    owners: dict[str, list[str]] = {}
    for p in entry.get("players", []):
        for tile in p.get("buildings") or []:
            owners.setdefault(str(tile), []).append(str(p["company"]))
    if not owners:
        return
    state.leeghwater = {
        "buildings": list(owners),
        "building_spaces": {
            t: [*who, *([None] * (len(catalog.BUILDING_SPACES) - len(who)))]
            for t, who in owners.items()
        },
    }


def final_marker_vp(p: Mapping[str, Any]) -> int:
    """The VP the marker shows: its space, plus 100 when turned to its "100" side."""
    return int(p.get("vp_marker", 0)) + (VP_TRACK_SPACES if p.get("flipped") else 0)


def audit_standalone(entry: Mapping[str, Any]) -> dict[str, Any]:
    """Score the end of an untracked game from the table (End of the Game, p. 21).

    Steps: the Objective tile ranking (ties split rounding up, ruling R1; 0 ranked, ruling R2),
    1 VP per 5 resources in the personal supply, 1 VP per drop in own dams, totals, winner
    (tie → most energy in the last round). Raises `AuditEntryError` with every impossible entry.
    """
    errors = validate_entry(entry)
    if errors:
        raise AuditEntryError(errors)
    state = state_from_entry(entry)
    names = player_labels(state)
    objective = objective_detail(state)
    players = []
    statements: list[dict[str, str]] = [
        {"step": "objective", "text": text} for text in objective["statements"]
    ]
    for c, player in state.players.items():
        resources = resources_detail(c, player.credits, player.excavators, player.mixers, names)
        water = water_detail(state, c, names)
        buildings = scoring.building_vp(state, c)  # The Leeghwater Project
        total = player.vp + objective["awards"][c] + resources["vp"] + water["vp"] + buildings
        players.append(
            {
                "company": c,
                "name": player.name or company_name(c),
                "kind": player.kind,
                "marker_vp": player.vp,
                "objective_vp": objective["awards"][c],
                "resources": resources,
                "water": water,
                "building_vp": buildings,
                "total": total,
                "last_round_energy": player.last_round_energy,
            }
        )
    statements += [{"step": "resources", "text": p["resources"]["statement"]} for p in players]
    statements += [{"step": "water", "text": p["water"]["statement"]} for p in players]
    expansion = bool(state.leeghwater)
    statements += [
        {"step": "total", "text": _total_statement(p, names, expansion)} for p in players
    ]
    totals = {p["company"]: p["total"] for p in players}
    energies = {c: p.last_round_energy for c, p in state.players.items()}
    result = winner_detail(totals, energies, names)
    statements.append({"step": "winner", "text": result["statement"]})
    return {
        "objective": objective,
        "players": players,
        "totals": totals,
        "result": result,
        "statements": statements,
    }


def _total_statement(p: Mapping[str, Any], names: Names = None, expansion: bool = False) -> str:
    parts = {
        "player": _who(names, p["company"]),
        "marker": p["marker_vp"],
        "objective": p["objective_vp"],
        "resources": p["resources"]["vp"],
        "water": p["water"]["vp"],
        "total": p["total"],
    }
    if expansion:
        return say(
            "{player}: VP marker {marker} + objective {objective} + resources {resources} +"
            " water {water} + Private Buildings {buildings} = {total} VP.",
            buildings=p["building_vp"],
            **parts,
        )
    return say(
        "{player}: VP marker {marker} + objective {objective} + resources {resources} +"
        " water {water} = {total} VP.",
        **parts,
    )
