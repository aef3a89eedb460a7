"""The scoring audit: every VP of a game explained, a standalone score pad, and per-round history.

Rulebook: "Scoring Phase" (p. 20) and "End of the Game" (p. 21), Appendix 6 (p. 27). The math
is `scoring.py`'s; this module only gathers, explains and checks. Three entry points:

- `audit_of_game(state)`: players × VP sources from the ledgers, objective ranking with the
  counted elements, resources, water, totals, winner and tiebreak.
- `audit_standalone(entry)`: the same end-of-game scoring for a game that was not tracked,
  from what is on the table (raises `AuditEntryError` listing every impossible entry).
- `history(initial, records)`: per-round VP, energy moved on the track (and the produced part),
  Credits and structures, folded from the stored events (`history_from_ledger(state)` when
  only the final state is known).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from companion.engine import abilities, board, catalog, events, scoring
from companion.engine.data.company_tables import COMPANIES
from companion.engine.data.map_tables import NEUTRAL_DAM_TILES
from companion.engine.mahiri import GRAZIANO, MAHIRI
from companion.engine.management import space_name
from companion.engine.state import (
    NEUTRAL,
    PIECES_PER_COMPANY,
    Dam,
    GameState,
    LedgerLine,
    PlayerState,
)

COMPANY_NAMES: dict[str, str] = {row["id"]: row["name"] for row in COMPANIES}

# The scoring table's rows, in the order a score pad lists them; unknown categories follow.
SOURCE_ORDER: tuple[str, ...] = (
    "start",
    "income",
    "conduit_use",
    "contract",
    "advanced_tile",
    "energy_ranking",
    "energy_track",
    "bonus_tile",
    "objective",
    "resources",
    "water",
    "external_work",
    "building",
    "officer",
    "automa_bank",
    "automa_action",
    "automa_cost",
    "construction",
    "correction",
)
SOURCE_LABELS: dict[str, str] = {
    "start": "Starting VP",
    "income": "Income",
    "conduit_use": "Conduit use",
    "contract": "Contracts",
    "advanced_tile": "Advanced Technology tiles",
    "energy_ranking": "Energy track 1st / 2nd",
    "energy_track": "Energy track (0 space, Automa Credits)",
    "bonus_tile": "Bonus tiles",
    "objective": "Objective tile",
    "resources": "Resources left",
    "water": "Drops in own dams",
    "automa_bank": "Automa: Bank",
    "automa_cost": "Automa: costs paid in VP",
    "automa_action": "Automa: actions (Credits as VP)",
    "construction": "Construction fees (Automa, in VP)",
    "officer": "Executive officer",
    "external_work": "External Works",
    "building": "Private buildings",
    "correction": "Corrections",
    "unrecorded": "Not in the ledger",
}
OBJECTIVE_LABELS: dict[str, str] = {
    "O_RED_SPACES": "Bases and Powerhouses on red-bordered spaces",
    "O_BEST_AREA": "Most pieces in one area",
    "O_CONNECTED_BASES": "Bases connected by own conduit to own powerhouse",
    "O_WORST_AREA": "Pieces in the area where you have the fewest",
    "O_BASINS_1": "Basins with at least 1 of your pieces",
    "O_BASINS_3": "Basins with at least 3 of your pieces",
}
PLACE_NAMES = ("1st", "2nd", "3rd", "4th", "5th")
VP_TRACK_SPACES = 100  # the VP track reads 0..99; the marker's "100" side adds 100


def company_name(company: str) -> str:
    """The company as printed on its board ("USA", "Germany")."""
    return COMPANY_NAMES.get(company, company.title())


Names = Mapping[str, str] | None  # company -> how the statements call the player


def player_labels(state: GameState) -> dict[str, str]:
    """How statements call each player: "Ana (USA)" when a name was given, else "USA"."""
    labels = {}
    for c, p in state.players.items():
        name = company_name(c)
        labels[c] = f"{p.name} ({name})" if p.name and p.name != name else name
    return labels


def _who(names: Names, company: str) -> str:
    return (names or {}).get(company) or company_name(company)


def _names(companies: Iterable[str], names: Names = None) -> str:
    listed = [_who(names, c) for c in companies]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- ledger table (tracked games) --------------------------------------------------------------


# -- ledger reasons in the table's words -------------------------------------------------------
# The stored reasons name components by id (B_BASES, L2_CONDUIT, G10, TS_1, income:base:2); the
# printed tiles carry no ids, so every reason a player reads goes through `reason_text`. The
# names are those the table app uses for the same things (static/js/names.js).

# what a Bonus tile counts, in one short noun (names.js BONUS_NOUN)
BONUS_NOUNS: dict[str, str] = {
    "B_CONTRACTS": "fulfilled contract",
    "B_BASES": "Base",
    "B_ELEVATIONS": "Elevation",
    "B_CONDUITS": "Conduit",
    "B_POWERHOUSES": "Powerhouse",
    "B_ADVANCED_TILES": "Advanced tile",
}
SHORT_COMPANY_NAMES: dict[str, str] = {
    "GER": "Germany",
    "ITA": "Italy",
    "FRA": "France",
    "NED": "Netherlands",
}
ORDINALS = ("", "1st", "2nd", "3rd", "4th", "5th")

_TILE_ID = re.compile(r"\b(?:B|O)_[A-Z0-9_]+\b|\bL[123]_[A-Z]+\b")
# ("ruling R12" names a ruling, not the red contract R12)
_CONTRACT_ID = re.compile(r"(?<!ruling )\b(?:[GYR]\d{2}|[NS]\d)\b")
_SPACE_ID = re.compile(r"\b(?:TS|WM|WS|MS|CO|PO)_[A-Z0-9_]+\b|\bBANK\b")
_INCOME_SLOT = re.compile(r"\bincome:(base|elevation|conduit|powerhouse):(\d)\b")
_SHORT_COMPANY = re.compile(r"\b(?:GER|ITA|FRA|NED)\b")
_PLURAL_S = re.compile(r"\b(\d+) (\w+)\(s\)")


def bonus_tile_name(tile: str) -> str:
    """A Bonus tile as printed, in a few words: "4 VP per Base" (names.js bonusShort)."""
    if tile not in catalog.BONUS_TILES:
        return tile
    noun = BONUS_NOUNS.get(tile, tile.removeprefix("B_").lower())
    return f"{catalog.BONUS_TILES[tile]} VP per {noun}"


def advanced_tile_name(tile: str) -> str:
    """An Advanced Technology tile's name: "Level 2 Conduit", "Level 3 any structure"."""
    m = re.fullmatch(r"L(\d)_([A-Z]+)", tile)
    if not m or tile not in catalog.ADVANCED_TILES:
        return tile
    kind = "any structure" if m[2] == "ANY" else m[2].capitalize()
    return f"Level {m[1]} {kind}"


def contract_name(contract: str) -> str:
    """A contract as the app's chips show it, with its colour and need: "G10 (green, 4 energy)"."""
    c = catalog.CONTRACTS.get(contract)
    if c is None:
        return contract
    group = c.pile if c.kind == "private" else c.kind
    return f"{contract} ({group}, {c.energy_required} energy)"


def _tile_words(m: re.Match[str]) -> str:
    tile = m[0]
    if tile in catalog.BONUS_TILES:
        return f"“{bonus_tile_name(tile)}”"
    if tile in OBJECTIVE_LABELS:
        return f"“{OBJECTIVE_LABELS[tile]}”"
    return advanced_tile_name(tile)


def _space_words(m: re.Match[str]) -> str:
    space = catalog.MANAGEMENT_SPACES.get(m[0])
    return space_name(space) if space else m[0]


def reason_text(reason: str) -> str:
    """A stored ledger reason in the table's words: no component ids (the tiles carry none)."""
    text = _INCOME_SLOT.sub(
        lambda m: f"the income of the {ORDINALS[int(m[2])]} {m[1].capitalize()}", reason
    )
    text = _TILE_ID.sub(_tile_words, text)
    text = _CONTRACT_ID.sub(lambda m: contract_name(m[0]), text)
    text = _SPACE_ID.sub(_space_words, text)
    text = _SHORT_COMPANY.sub(lambda m: SHORT_COMPANY_NAMES[m[0]], text)
    return _PLURAL_S.sub(lambda m: _plural(int(m[1]), m[2]), text)


def _line(line: LedgerLine) -> dict[str, Any]:
    """A ledger line as stored, plus `text`: its reason in the table's words."""
    return asdict(line) | {"text": reason_text(line.reason)}


def ledger_cells(player: PlayerState) -> dict[str, dict[str, Any]]:
    """The player's VP per source: {category: {"vp": sum, "lines": [ledger lines]}}.

    Starting VP missing from the ledger (and any other difference between the marker and the
    ledger's sum) shows as "unrecorded", so the table always adds up to the VP marker.
    """
    cells: dict[str, dict[str, Any]] = {}
    for line in player.ledger:
        cell = cells.setdefault(line.category, {"vp": 0, "lines": []})
        cell["vp"] += line.vp
        cell["lines"].append(_line(line))
    gap = player.vp - sum(line.vp for line in player.ledger)
    if gap:
        cells["unrecorded"] = {"vp": gap, "lines": []}
    return cells


def source_rows(players: Iterable[PlayerState]) -> list[dict[str, str]]:
    """The sources present in any ledger, in score-pad order (known ones first)."""
    seen: set[str] = set()
    for player in players:
        seen.update(line.category for line in player.ledger)
        if player.vp != sum(line.vp for line in player.ledger):
            seen.add("unrecorded")
    ordered = [c for c in SOURCE_ORDER if c in seen]
    ordered += sorted(seen - set(SOURCE_ORDER) - {"unrecorded"})
    if "unrecorded" in seen:
        ordered.append("unrecorded")
    return [
        {"category": c, "label": SOURCE_LABELS.get(c, c.replace("_", " ").capitalize())}
        for c in ordered
    ]


# -- objective ranking with the counted elements (Appendix 6, p. 27) ---------------------------


def objective_elements(state: GameState, company: str, tile_id: str) -> list[str]:
    """What was counted for the Objective tile, in words a player checks on the board."""
    if tile_id == "O_RED_SPACES":
        return [f"{_kind_word(s)} on {s}" for s in scoring.red_space_pieces(state, company)]
    if tile_id == "O_CONNECTED_BASES":
        return [f"Base on {s}" for s in scoring.connected_bases(state, company)]
    if tile_id in ("O_BEST_AREA", "O_WORST_AREA"):
        areas = scoring.pieces_by_area(state, company)
        return [f"{area.capitalize()}: {_plural(n, 'piece')}" for area, n in areas.items()]
    threshold = {"O_BASINS_1": 1, "O_BASINS_3": 3}.get(tile_id)
    if threshold is None:
        raise ValueError(f"unknown Objective tile {tile_id!r}")
    return [
        f"basin {basin}: {_plural(n, 'piece')}"
        for basin, n in scoring.pieces_by_basin(state, company).items()
        if n >= threshold
    ]


def _kind_word(space: str) -> str:
    return "Base" if board.SPACES[space].kind == "dam" else "Powerhouse"


def objective_detail(state: GameState, tile_id: str | None = None) -> dict[str, Any]:
    """The objective ranking: counts, counted elements, places, tie splits and statements.

    Ties pool the places they occupy and split rounding up (ruling R1); 0 is ranked (ruling
    R2); an Automa scores on its 20/15/10 scale.
    """
    tile = tile_id or state.objective
    names = player_labels(state)
    counts = {c: scoring.objective_count(state, c, tile) for c in state.players}
    automas = {c for c, p in state.players.items() if p.is_automa}
    awards = scoring.objective_awards(counts, automas)
    rows: list[dict[str, Any]] = []
    statements: list[str] = [
        f"Objective tile: {OBJECTIVE_LABELS.get(tile, tile)}. Counts: "
        + "; ".join(f"{_who(names, c)} {n}" for c, n in counts.items())
        + "."
    ]
    place = 0
    for group in scoring.objective_ranking(counts):
        for company in group:
            rows.append(
                {
                    "company": company,
                    "name": _who(names, company),
                    "count": counts[company],
                    "elements": objective_elements(state, company, tile),
                    "place": place + 1,
                    "tied_with": [c for c in group if c != company],
                    "vp": awards[company],
                    "automa": company in automas,
                }
            )
        statements.append(_place_statement(group, place, counts, awards, automas, names))
        place += len(group)
    return {
        "tile": tile,
        "label": OBJECTIVE_LABELS.get(tile, tile),
        "rows": rows,
        "awards": awards,
        "statements": statements,
    }


def _place_statement(
    group: list[str],
    place: int,
    counts: Mapping[str, int],
    awards: Mapping[str, int],
    automas: set[str],
    names: Names = None,
) -> str:
    count = counts[group[0]]
    where = PLACE_NAMES[place] if place < len(PLACE_NAMES) else f"{place + 1}th"
    if len(group) == 1:
        company = group[0]
        scale = " (Automa scale 20/15/10)" if company in automas else ""
        return f"{where}: {_who(names, company)} with {count}: {awards[company]} VP{scale}."
    places = ", ".join(PLACE_NAMES[p] for p in range(place, min(place + len(group), 5)))
    shares = []
    for company in group:
        points: tuple[int, ...] = (
            scoring.AUTOMA_OBJECTIVE_VP if company in automas else scoring.HUMAN_OBJECTIVE_VP
        )
        parts = [points[p] if p < len(points) else 0 for p in range(place, place + len(group))]
        pool = sum(parts)
        shares.append(
            f"{_who(names, company)} {' + '.join(map(str, parts))} = {pool} ÷ {len(group)}"
            f" → {awards[company]} VP"
        )
    return (
        f"{_names(group, names)} tie with {count} and share the places {places}"
        f" (rounded up, ruling R1): " + "; ".join(shares) + "."
    )


# -- resources and water (End of the Game, p. 21) ----------------------------------------------


def resources_detail(
    company: str, credits: int, excavators: int, mixers: int, names: Names = None
) -> dict[str, Any]:
    """Resources left in the personal supply and their VP, with the statement."""
    count = credits + excavators + mixers
    vp = scoring.resource_vp(credits, excavators, mixers)
    text = (
        f"Resources: {_who(names, company)} has {_plural(credits, 'Credit')} + "
        f"{_plural(excavators, 'Excavator')} + {_plural(mixers, 'Concrete Mixer')} = {count}"
        f" → {vp} VP (1 VP per 5; the Construction Wheel does not count)."
    )
    return {
        "credits": credits,
        "excavators": excavators,
        "mixers": mixers,
        "count": count,
        "vp": vp,
        "statement": text,
    }


def water_detail(state: GameState, company: str, names: Names = None) -> dict[str, Any]:
    """Drops held by the company's own dams and their VP, with the statement."""
    dams = {s: d.drops for s, d in sorted(state.dams.items()) if d.owner == company and d.drops}
    vp = scoring.water_vp(state, company)
    held = ", ".join(f"{s} {n}" for s, n in dams.items()) or "none"
    text = f"Water: {_who(names, company)}'s dams hold {_plural(vp, 'drop')} ({held}) → {vp} VP."
    return {"dams": dams, "drops": vp, "vp": vp, "statement": text}


# -- winner and tiebreak (p. 21) ---------------------------------------------------------------


def winner_detail(
    totals: Mapping[str, int], last_round_energy: Mapping[str, int], names: Names = None
) -> dict[str, Any]:
    """The winner, whether the tiebreak (most energy in the last round) was needed, and why."""
    if not totals:
        return {"winner": [], "tiebreak_used": False, "standings": [], "statement": ""}
    top = max(totals.values())
    tied = [c for c, v in totals.items() if v == top]
    winners = scoring.winner(totals, last_round_energy)
    if len(tied) == 1:
        text = f"Winner: {_who(names, tied[0])} with {top} VP."
    else:
        energies = ", ".join(f"{_who(names, c)} {last_round_energy.get(c, 0)}" for c in tied)
        if len(winners) == 1:
            text = (
                f"{_names(tied, names)} tie on {top} VP; the tiebreak is the energy produced in"
                f" the last round ({energies}): {_who(names, winners[0])} wins."
            )
        else:
            text = (
                f"{_names(tied, names)} tie on {top} VP and on the last round's energy"
                f" ({energies}): {_names(winners, names)} share the victory."
            )
    return {
        "winner": winners,
        "tied_on_vp": tied if len(tied) > 1 else [],
        "tiebreak_used": len(tied) > 1,
        "last_round_energy": {c: last_round_energy.get(c, 0) for c in tied},
        "standings": scoring.standings(totals, last_round_energy),
        "statement": text,
    }


def tiebreak_energy(state: GameState, company: str) -> int:
    """The energy a company produced in the last round played (p. 21).

    A finished game keeps it in `last_round_energy` (read before any reset); while the game
    runs, the marker of the current round stands in.
    """
    player = state.players[company]
    return player.last_round_energy if state.finished else player.energy


# -- audit of a tracked game -------------------------------------------------------------------

FINAL_CATEGORIES = ("objective", "resources", "water")


def audit_of_game(state: GameState) -> dict[str, Any]:
    """Every player × every VP source of a tracked game, with its ledger lines (pp. 20-21).

    For a finished game the totals are the VP markers (the engine scored the end of the game
    into the ledgers). For a game still running, `projected` adds what the end of the game
    would score now (objective, resources, water) so the table can be checked at any time.
    """
    players = list(state.players.values())
    names = player_labels(state)
    last_energy = {c: tiebreak_energy(state, c) for c in state.players}
    objective = objective_detail(state) if state.objective else None
    rows: list[dict[str, Any]] = []
    for player in players:
        c = player.company
        cells = ledger_cells(player)
        credits = 0 if player.is_automa else player.credits  # an Automa has no Credits
        resources = resources_detail(c, credits, player.excavators, player.mixers, names)
        water = water_detail(state, c, names)
        end_vp = (objective["awards"][c] if objective else 0) + resources["vp"] + water["vp"]
        scored_at_end = any(cat in cells for cat in FINAL_CATEGORIES)
        rows.append(
            {
                "company": c,
                "name": player.name or company_name(c),
                "company_name": company_name(c),
                "kind": player.kind,
                "cells": cells,
                "lines": [_line(line) for line in player.ledger],
                "vp": player.vp,
                "ledger_total": sum(line.vp for line in player.ledger),
                "resources": resources,
                "water": water,
                "objective_vp": objective["awards"][c] if objective else 0,
                "projected": player.vp if state.finished or scored_at_end else player.vp + end_vp,
                "last_round_energy": last_energy[c],
            }
        )
    totals: dict[str, int] = {
        str(r["company"]): int(r["vp"] if state.finished else r["projected"]) for r in rows
    }
    return {
        "round": state.round,
        "phase": state.phase,
        "finished": state.finished,
        "sources": source_rows(players),
        "players": rows,
        "objective": objective,
        "totals": totals,
        "result": winner_detail(totals, last_energy, names),
    }


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
KIND_OF_KEY = {"dams": "dam", "conduits": "conduit", "powerhouses": "powerhouse"}
KIND_WORDS = {"dam": "dam space", "conduit": "conduit space", "powerhouse": "powerhouse space"}


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
        return EntryError(field, "no_such_space", f"There is no space {space} on the map.")
    if found.kind != wanted:
        return EntryError(
            field,
            "wrong_space_kind",
            f"{space} is a {KIND_WORDS[found.kind]}, not a {KIND_WORDS[wanted]}.",
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
                    f"{name} has {n} {piece.capitalize()}s entered; a company has only {limit}.",
                )
            )
    errors += _check_one_per_basin(where, name, p)
    errors += _check_supply(where, name, p)
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
                    f"The dam on {space} is entered at level {level}; a dam is a Base with at"
                    " most 2 Elevations (level 1 to 3).",
                )
            )
            continue
        capacity = held_limit(level, p.get("officer"))
        if drops > capacity or drops < 0:
            errors.append(
                EntryError(
                    field,
                    "drops_above_capacity",
                    f"{name}'s level-{level} dam on {space} holds at most"
                    f" {_plural(capacity, 'drop')}; {drops} entered.",
                )
            )
    return errors


def _check_one_per_basin(where: str, name: str, p: Mapping[str, Any]) -> list[EntryError]:
    """Map rule: a company has at most one Base and one Powerhouse in a basin."""
    errors: list[EntryError] = []
    for key, piece in (("dams", "Base"), ("powerhouses", "Powerhouse")):
        by_basin: dict[int, list[str]] = {}
        for space in _space_ids(p.get(key, [])):
            if space in board.SPACES and board.SPACES[space].kind == KIND_OF_KEY[key]:
                by_basin.setdefault(board.SPACES[space].basin, []).append(space)
        for basin, spaces in by_basin.items():
            if len(spaces) > 1:
                errors.append(
                    EntryError(
                        f"{where}.{key}",
                        f"two_{piece.lower()}s_in_basin",
                        f"{name} has two {piece}s in basin {basin} ({' and '.join(spaces)});"
                        f" a company may have only one {piece} in a basin.",
                    )
                )
    return errors


def _check_supply(where: str, name: str, p: Mapping[str, Any]) -> list[EntryError]:
    errors: list[EntryError] = []
    for key, word in (
        ("credits", "Credits"),
        ("excavators", "Excavators"),
        ("mixers", "Concrete Mixers"),
        ("last_round_energy", "energy in the last round"),
    ):
        if int(p.get(key, 0)) < 0:
            errors.append(
                EntryError(f"{where}.{key}", "negative", f"{name}: {word} cannot be negative.")
            )
    if p.get("kind") == "automa" and int(p.get("credits", 0)) > 0:
        errors.append(
            EntryError(
                f"{where}.credits",
                "automa_credits",
                f"{name} is an Automa: it has no Credits (they became VP during the game).",
            )
        )
    marker = int(p.get("vp_marker", 0))
    if not 0 <= marker < VP_TRACK_SPACES:
        errors.append(
            EntryError(
                f"{where}.vp_marker",
                "bad_vp_marker",
                f"{name}: the VP marker is on a space from 0 to 99 (turn it to its 100 side"
                f" past 99); {marker} entered.",
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
                    f"A neutral dam stands only on the lower dam space of basins 1-10; {space}"
                    " is not one.",
                )
            )
            continue
        printed = NEUTRAL_DAM_LEVELS[space]
        if level != printed:
            errors.append(
                EntryError(
                    field,
                    "neutral_dam_level",
                    f"Neutral dams are never raised: the neutral dam on {space} is level"
                    f" {printed}; level {level} entered.",
                )
            )
        if int(d.get("drops", 0)) > printed:
            errors.append(
                EntryError(
                    field,
                    "drops_above_capacity",
                    f"The neutral dam on {space} holds at most {_plural(printed, 'drop')}.",
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
        owners.setdefault(d["space"], []).append("a neutral dam")
    return [
        EntryError(
            f"space.{space}",
            "space_taken_twice",
            f"{space} is entered {len(who)} times ({', '.join(who)}); a building space holds"
            " one structure.",
        )
        for space, who in owners.items()
        if len(who) > 1
    ]


def validate_entry(entry: Mapping[str, Any]) -> list[EntryError]:
    """Every impossible entry of a standalone audit, in the order of the form (none: valid)."""
    errors: list[EntryError] = []
    tile = entry.get("objective", "")
    if tile not in scoring.OBJECTIVE_IDS:
        errors.append(EntryError("objective", "unknown_objective", "Choose the Objective tile."))
    players = entry.get("players", [])
    if not players:
        errors.append(EntryError("players", "no_players", "Enter at least one player."))
    seen: set[str] = set()
    for i, p in enumerate(players):
        company = str(p.get("company", ""))
        if company not in COMPANY_NAMES:
            errors.append(
                EntryError(f"players[{i}].company", "unknown_company", "Choose the company.")
            )
        elif company in seen:
            errors.append(
                EntryError(
                    f"players[{i}].company",
                    "company_twice",
                    f"{company_name(company)} is entered twice.",
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
    return state


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
        total = player.vp + objective["awards"][c] + resources["vp"] + water["vp"]
        players.append(
            {
                "company": c,
                "name": player.name or company_name(c),
                "kind": player.kind,
                "marker_vp": player.vp,
                "objective_vp": objective["awards"][c],
                "resources": resources,
                "water": water,
                "total": total,
                "last_round_energy": player.last_round_energy,
            }
        )
    statements += [{"step": "resources", "text": p["resources"]["statement"]} for p in players]
    statements += [{"step": "water", "text": p["water"]["statement"]} for p in players]
    statements += [{"step": "total", "text": _total_statement(p, names)} for p in players]
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


def _total_statement(p: Mapping[str, Any], names: Names = None) -> str:
    return (
        f"{_who(names, p['company'])}: VP marker {p['marker_vp']} + objective"
        f" {p['objective_vp']} + resources {p['resources']['vp']} + water {p['water']['vp']}"
        f" = {p['total']} VP."
    )


# -- history (per round) -----------------------------------------------------------------------


def _snapshot(state: GameState) -> dict[str, dict[str, int]]:
    return {
        c: {"vp": p.vp, "credits": p.credits, "structures": sum(p.built.values())}
        for c, p in state.players.items()
    }


ENERGY_FIELD = "energy"


def _energy_moves(state: GameState, event: Mapping[str, Any]) -> tuple[str, int, int] | None:
    """(company, steps on the Energy Track, of which produced) of one event, read before it
    applies; None if the event does not move an Energy marker.

    Produced energy is the energy that may fulfil a contract (production actions, Level 2 Base,
    Level 3 Conduit; companies.md "Terms"). A correction of the marker counts as the steps it
    moves, so the round adds up to where the table's marker stood.
    """
    if event.get("type") == "energy_moved":
        steps = int(event["steps"])
        return event["company"], steps, steps if event.get("usable") else 0
    if event.get("type") == "value_corrected" and event.get("field") == ENERGY_FIELD:
        company = event["company"]
        return company, int(event["value"]) - state.players[company].energy, 0
    return None


def history(initial: GameState, records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Per round and player: VP at round end, energy, Credits, structures built.

    Folds the stored events of the records in force onto a copy of `initial` (the state after
    setup). `energy` is every step the player's marker moved on the Energy Track in that round:
    productions, Advanced tiles, Italy's +3, the USA's steps, incomes and contract rewards (what
    the Scoring phase ranks, p. 20; End of Round puts the marker back to 0). `produced` is the
    part that may fulfil contracts (production actions, Level 2 Base, Level 3 Conduit).
    Records marked `undone` (or undo records) are skipped. Raises ValueError for an event
    type no engine module applies.
    """
    state = initial.copy()
    # handlers may keep lists/dicts of an event in the state: never let folding alter the log
    records = copy.deepcopy(list(records))
    rounds: dict[int, dict[str, dict[str, int]]] = {}
    # the markers after setup stand on the track already (normally all at 0)
    moved = {state.round: {c: [p.energy, 0] for c, p in state.players.items()}}

    def note() -> None:
        energy = moved.setdefault(state.round, {})
        current = rounds.setdefault(state.round, {})
        for c, f in _snapshot(state).items():
            steps, produced = energy.get(c, [0, 0])
            current[c] = {**f, "energy": steps, "produced": produced}

    note()
    for record in records:
        if record.get("undone") or record.get("kind") == "undo":
            continue
        for event in record.get("events", []):
            move = _energy_moves(state, event)
            if move:
                company, steps, produced = move
                totals = moved.setdefault(state.round, {}).setdefault(company, [0, 0])
                totals[0] += steps
                totals[1] += produced
            events.apply(state, event)
            note()
        state.version += 1
    return _history_table(state, rounds)


def _history_table(
    state: GameState, rounds: Mapping[int, Mapping[str, Mapping[str, int]]]
) -> dict[str, Any]:
    numbers = sorted(rounds)
    return {
        "rounds": numbers,
        "players": [
            {
                "company": c,
                "name": p.name or company_name(c),
                "by_round": [{"round": r, **rounds[r][c]} for r in numbers if c in rounds[r]],
            }
            for c, p in state.players.items()
        ],
    }


def history_from_ledger(state: GameState) -> dict[str, Any]:
    """Per-round VP at round end from the ledgers alone (ledger lines carry their round).

    Energy, Credits and structures are known only for the current round (from the state).
    """
    last = max([state.round, *(ln.round for p in state.players.values() for ln in p.ledger)])
    rounds: dict[int, dict[str, dict[str, int]]] = {r: {} for r in range(1, last + 1)}
    for c, p in state.players.items():
        start = p.vp - sum(line.vp for line in p.ledger)
        for r in rounds:
            vp = start + sum(line.vp for line in p.ledger if line.round <= r)
            rounds[r][c] = {"vp": vp}
        rounds[state.round][c] |= {
            "energy": p.energy,
            "credits": p.credits,
            "structures": sum(p.built.values()),
        }
    return _history_table(state, rounds)
