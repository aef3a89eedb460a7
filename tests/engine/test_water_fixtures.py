"""Hand-built tables for the water, production and company-ability tests.

Not a test module by itself (pytest collects it and finds nothing); test_water*.py,
test_production*.py and test_abilities*.py import `table`, `build` and `events_of` from here
so that every scenario starts from an empty map with only the pieces it names.
"""

from __future__ import annotations

from typing import Any

from companion.engine.events import Recorder
from companion.engine.state import NEUTRAL, Dam, GameState, PlayerState

COMPANIES = ("usa", "germany", "italy", "france")


def table(
    companies: tuple[str, ...] = COMPANIES,
    *,
    officers: dict[str, str] | None = None,
    automas: tuple[str, ...] = (),
    credits: int = 6,
) -> GameState:
    """An empty map in the Actions phase of round 1: players with their starting supply."""
    officers = officers or {}
    state = GameState(turn_order=list(companies), active=companies[0])
    for company in companies:
        state.players[company] = PlayerState(
            company=company,
            officer=officers.get(company),
            kind="automa" if company in automas else "human",
            credits=credits,
        )
    return state


def build(
    state: GameState,
    owner: str,
    *,
    dams: dict[str, tuple[int, int]] | None = None,
    conduits: tuple[str, ...] = (),
    powerhouses: tuple[str, ...] = (),
    powerhouses_built: int | None = None,
) -> None:
    """Put pieces on the map: dams {space: (level, drops)}, conduits, powerhouses.

    `powerhouses_built` sets the company-board count (bonus +1 from 2, ability from 3,
    +3 from 4); by default the number of powerhouses placed here.
    """
    for space, (level, drops) in (dams or {}).items():
        state.dams[space] = Dam(owner=owner, level=level, drops=drops)
    for space in conduits:
        state.conduits[space] = owner
    for space in powerhouses:
        state.powerhouses[space] = owner
    if owner != NEUTRAL:
        built = state.players[owner].built
        built["powerhouse"] = (
            powerhouses_built if powerhouses_built is not None else built["powerhouse"]
        )
        if powerhouses_built is None:
            built["powerhouse"] += len(powerhouses)


def recorder(state: GameState) -> Recorder:
    """A recorder on a copy of `state` (the input stays as it was)."""
    return Recorder(state.copy())


def events_of(rec: Recorder, kind: str) -> list[dict[str, Any]]:
    """The events of one type, in order."""
    return [e for e in rec.events if e["type"] == kind]


def energy_moves(rec: Recorder, company: str) -> list[tuple[int, bool]]:
    """(steps, usable for contracts) of each energy move of `company`."""
    return [
        (e["steps"], e["usable"])
        for e in rec.events
        if e["type"] == "energy_moved" and e["company"] == company
    ]
