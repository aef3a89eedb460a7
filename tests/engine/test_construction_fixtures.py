"""Hand-built game states for the construction, wheel, effects, officer and tile tests.

Not a test module by itself (pytest collects it and finds nothing); the other CORE-B test
files import `make_game` from here so that each scenario starts from the same clean table.
"""

from __future__ import annotations

from companion.engine import catalog
from companion.engine.events import Recorder
from companion.engine.state import Dam, GameState, PlayerState, Seat, Setup

COMPANIES = ("usa", "germany", "italy", "france")


def make_game(
    companies: tuple[str, ...] = COMPANIES,
    *,
    mode: str = "introductory",
    officers: dict[str, str] | None = None,
    neutral: bool = True,
) -> GameState:
    """A round-1 Actions-phase state: starting resources, basic tiles, neutral dams."""
    officers = officers or {}
    tiles = ["base", "elevation", "conduit", "powerhouse"]
    if mode == "introductory":
        tiles.append("wild")
    state = GameState(
        setup=Setup(mode=mode, seats=[Seat(company=c, officer=officers.get(c)) for c in companies]),
        turn_order=list(companies),
        active=companies[0],
    )
    for company in companies:
        player = PlayerState(company=company, officer=officers.get(company), tiles=list(tiles))
        if player.officer == "anton_krylov":
            player.tiles.append(catalog.ANTON_TILE)
        state.players[company] = player
    if neutral:
        for tile in ("ND1", "ND5", "ND8"):
            nd = catalog.NEUTRAL_DAM_TILES[tile]
            state.dams[nd.dam_space] = Dam(owner="neutral", level=nd.level, drops=1)
    return state


def rec_for(state: GameState) -> Recorder:
    return Recorder(state)


def event_types(rec: Recorder) -> list[str]:
    return [e["type"] for e in rec.events]
