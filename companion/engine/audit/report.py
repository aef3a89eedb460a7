"""The audit of a tracked game: every VP source from the ledgers, the objective ranking with
what was counted, resources, water, winner and tiebreak (Scoring p. 20, End of the Game
p. 21, Appendix 6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict
from typing import Any

from companion.engine import scoring
from companion.engine.audit.words import (
    OBJECTIVE_LABELS,
    SOURCE_LABELS,
    SOURCE_ORDER,
    Names,
    _names,
    _who,
    commas,
    company_name,
    credit_count,
    drop_count,
    ledger_text,
    piece_count,
    place_name,
    player_labels,
    semicolons,
)
from companion.engine.places import basin_name, short_space_name
from companion.engine.state import (
    GameState,
    LedgerLine,
    PlayerState,
)
from companion.engine.words import Words, say

AREA_NAMES: dict[str, Words] = {
    "mountains": say("Mountains"),
    "hills": say("Hills"),
    "plains": say("Plains"),
}


def _line(line: LedgerLine) -> dict[str, Any]:
    """A ledger line as stored, plus `text`: in the table's words, from its source."""
    return asdict(line) | {"text": ledger_text(line)}


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
        {"category": c, "label": SOURCE_LABELS.get(c) or c.replace("_", " ").capitalize()}
        for c in ordered
    ]


# -- objective ranking with the counted elements (Appendix 6, p. 27) ---------------------------


def objective_elements(state: GameState, company: str, tile_id: str) -> list[str]:
    """What was counted for the Objective tile, in words a player checks on the board: the
    spaces and basins as the printed board lets a person find them (it carries no ids)."""
    if tile_id == "O_RED_SPACES":
        return [short_space_name(s) for s in scoring.red_space_pieces(state, company)]
    if tile_id == "O_CONNECTED_BASES":
        return [short_space_name(s) for s in scoring.connected_bases(state, company)]
    if tile_id in ("O_BEST_AREA", "O_WORST_AREA"):
        areas = scoring.pieces_by_area(state, company)
        return [
            say("{area}: {pieces}", area=AREA_NAMES.get(area, area), pieces=piece_count(n))
            for area, n in areas.items()
        ]
    threshold = {"O_BASINS_1": 1, "O_BASINS_3": 3}.get(tile_id)
    if threshold is None:
        raise ValueError(f"unknown Objective tile {tile_id!r}")
    return [
        say("{basin}: {pieces}", basin=basin_name(basin, short=True), pieces=piece_count(n))
        for basin, n in scoring.pieces_by_basin(state, company).items()
        if n >= threshold
    ]


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
        say(
            "Objective tile: {tile}. Counts: {counts}.",
            tile=OBJECTIVE_LABELS.get(tile, tile),
            counts=semicolons(
                say("{player} {count}", player=_who(names, c), count=n) for c, n in counts.items()
            ),
        )
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
    if len(group) == 1:
        company = group[0]
        said = {
            "place": place_name(place),
            "player": _who(names, company),
            "count": count,
            "vp": awards[company],
        }
        if company in automas:
            return say("{place}: {player} with {count}: {vp} VP (Automa scale 20/15/10).", **said)
        return say("{place}: {player} with {count}: {vp} VP.", **said)
    places = commas(place_name(p) for p in range(place, min(place + len(group), 5)))
    shares = []
    for company in group:
        points: tuple[int, ...] = (
            scoring.AUTOMA_OBJECTIVE_VP if company in automas else scoring.HUMAN_OBJECTIVE_VP
        )
        parts = [points[p] if p < len(points) else 0 for p in range(place, place + len(group))]
        pool = sum(parts)
        shares.append(
            say(
                "{player} {parts} = {pool} ÷ {n} → {vp} VP",
                player=_who(names, company),
                parts=" + ".join(map(str, parts)),
                pool=pool,
                n=len(group),
                vp=awards[company],
            )
        )
    return say(
        "{players} tie with {count} and share the places {places} (rounded up, ruling R1):"
        " {shares}.",
        players=_names(group, names),
        count=count,
        places=places,
        shares=semicolons(shares),
    )


# -- resources and water (End of the Game, p. 21) ----------------------------------------------


def resources_detail(
    company: str, credits: int, excavators: int, mixers: int, names: Names = None
) -> dict[str, Any]:
    """Resources left in the personal supply and their VP, with the statement."""
    count = credits + excavators + mixers
    vp = scoring.resource_vp(credits, excavators, mixers)
    text = say(
        "Resources: {player} has {credits} + {excavators} + {mixers} = {count} → {vp} VP"
        " (1 VP per 5; the Construction Wheel does not count).",
        player=_who(names, company),
        credits=credit_count(credits),
        excavators=say("1 Excavator") if excavators == 1 else say("{n} Excavators", n=excavators),
        mixers=say("1 Concrete Mixer") if mixers == 1 else say("{n} Concrete Mixers", n=mixers),
        count=count,
        vp=vp,
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
    # each dam as the board lets a person find it, with the drops it holds
    held = semicolons(
        say("{space}: {drops}", space=short_space_name(s), drops=drop_count(n))
        for s, n in dams.items()
    )
    parts = {"player": _who(names, company), "drops": drop_count(vp), "held": held, "vp": vp}
    if held:
        text = say("Water: {player}'s dams hold {drops} ({held}) → {vp} VP.", **parts)
    else:
        text = say("Water: {player}'s dams hold {drops} (none) → {vp} VP.", **parts)
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
        text = say("Winner: {player} with {vp} VP.", player=_who(names, tied[0]), vp=top)
    else:
        energies = commas(
            say("{player} {count}", player=_who(names, c), count=last_round_energy.get(c, 0))
            for c in tied
        )
        if len(winners) == 1:
            text = say(
                "{players} tie on {vp} VP; the tiebreak is the energy produced in the last round"
                " ({energies}): {player} wins.",
                players=_names(tied, names),
                vp=top,
                energies=energies,
                player=_who(names, winners[0]),
            )
        else:
            text = say(
                "{players} tie on {vp} VP and on the last round's energy ({energies}):"
                " {winners} share the victory.",
                players=_names(tied, names),
                vp=top,
                energies=energies,
                winners=_names(winners, names),
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
        buildings = scoring.building_vp(state, c)  # The Leeghwater Project: 0 in a base game
        end_vp += buildings
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
                "building_vp": buildings,
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
