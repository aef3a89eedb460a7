"""The Leeghwater Project's lines of the audit's per-round history (leeghwater.md §3, §4, §7, §8).

For an expansion game each round of each company also reads: the Buildings it has built and
the External Works it has taken by the end of the round, and what the round brought from them —
the Private Buildings' VP (the end-of-game VP of every activated building, and the Level I/III
Building tiles' "score that building's VP at once"), the External Works' VP and Credits
rewards (an Automa's Credits come as VP), and the VP of the expansion's two bonus tiles.
A base game's history has none of these lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import leeghwater
from companion.engine.state import GameState

BONUS_TILES = ("B_EXTERNAL_WORKS", "B_BUILDINGS")  # the expansion's bonus tiles (§7)
BUILDING_TILES = ("L1_BUILDING", "L3_BUILDING")  # they score a building's VP at once (§8, §10)
EXTERNAL_WORK = "external_work"  # the ledger category of an External Work's reward
BUILDING = "building"  # the ledger category of the Private Buildings' end-of-game VP
GAINS = ("building_vp", "external_work_vp", "external_work_credits", "expansion_bonus_vp")
FIELDS = ("buildings", "external_works", *GAINS)


class RoundLines:
    """Folds the events of a game, record by record, into the expansion's per-round lines."""

    def __init__(self, state: GameState) -> None:
        self.active = leeghwater.active(state)
        self.gains: dict[int, dict[str, dict[str, int]]] = {}
        self.rewarded: set[str] = set()  # companies that took an External Work in this record

    def start_record(self) -> None:
        """A new command: its Credits are rewards only after an External Work taken in it."""
        self.rewarded = set()

    def see(self, state: GameState, event: Mapping[str, Any]) -> None:
        """Count one event, read before it applies (its round is the state's round)."""
        if not self.active:
            return
        company = event.get("company")
        if not isinstance(company, str):
            return
        kind = event.get("type")
        if kind == "external_work_taken":
            self.rewarded.add(company)
            return
        field = None
        if kind == "vp_scored":
            field = _vp_field(event)
        elif kind == "credits_gained" and company in self.rewarded:
            field = "external_work_credits"  # the reward of the tile just taken (§3.1)
        if field is None:
            return
        amount = int(event["vp"] if kind == "vp_scored" else event["credits"])
        row = self.gains.setdefault(state.round, {}).setdefault(company, dict.fromkeys(GAINS, 0))
        row[field] += amount

    def fields(self, state: GameState, company: str) -> dict[str, int]:
        """The expansion's lines of `company` for the state's round ({} in a base game)."""
        if not self.active:
            return {}
        gains = self.gains.get(state.round, {}).get(company) or dict.fromkeys(GAINS, 0)
        taken = (state.leeghwater.get("external_taken") or {}).get(company) or []
        return {
            "buildings": leeghwater.buildings_built(state, company),
            "external_works": len(taken),
            **gains,
        }


def _vp_field(event: Mapping[str, Any]) -> str | None:
    category = event.get("category")
    tile = (event.get("source") or {}).get("id")
    if category == EXTERNAL_WORK:
        return "external_work_vp"
    if category == BUILDING or tile in BUILDING_TILES:
        return "building_vp"
    if category == "bonus_tile" and tile in BONUS_TILES:
        return "expansion_bonus_vp"
    return None
