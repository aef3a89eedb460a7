"""Scenario builders for The Leeghwater Project tests: expansion games in the Actions phase."""

from __future__ import annotations

from typing import Any

from companion.engine import execute, new_game
from companion.engine.state import GameState


def expansion_payload(
    players: int = 4,
    *,
    seed: int = 1,
    deals: str = "app",
    mode: str = "full",
    draws: dict[str, Any] | None = None,
    seats: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "mode": mode,
        "deals": deals,
        "seed": seed,
        "expansion": True,
        "seats": seats or [{"kind": "human", "name": f"P{i + 1}"} for i in range(players)],
    }
    if draws:
        payload["draws"] = draws
    return payload


def expansion_state(players: int = 4, **kwargs: Any) -> GameState:
    """An expansion game in round 1's Actions phase (the draft picked in order)."""
    state = new_game(expansion_payload(players, **kwargs)).state
    while state.pending and state.pending[-1].kind == "draft_pick":
        answer = state.pending[-1].options["answers"][0]
        state = execute(state, {"type": "decide", "answer": answer}).state
    return state


def put_on_offer(state: GameState, *tiles: str | None) -> None:
    """Lay the given External Works face up on slots 1-3 (a fixture: no event)."""
    lw = state.leeghwater
    for pile in lw["external_piles"].values():
        pile[:] = [t for t in pile if t not in tiles]
    lw["external_offer"] = list(tiles)


def put_buildings(state: GameState, *tiles: str) -> None:
    """Lay the given Private Buildings in the slots, every space open (a fixture)."""
    lw = state.leeghwater
    lw["buildings"] = list(tiles)
    lw["building_spaces"] = {t: [None, None, None, None] for t in tiles}
