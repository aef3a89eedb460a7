"""Hand-built positions for the Automa tests (a map, an Automa seat, an opponent)."""

from __future__ import annotations

from companion.engine.state import Dam, GameState, PlayerState

BASIC = ["base", "elevation", "conduit", "powerhouse"]


def position(
    automa: str = "italy",
    opponents: tuple[str, ...] = ("usa",),
    *,
    level: int = 2,
    dams: dict[str, tuple[str, int, int]] | None = None,
    conduits: dict[str, str] | None = None,
    powerhouses: dict[str, str] | None = None,
    headstreams: dict[str, int] | None = None,
) -> GameState:
    """A game state with one Automa seat first, the map pieces given, nothing else."""
    state = GameState()
    state.players[automa] = PlayerState(
        company=automa,
        kind="automa",
        automa_level=level,
        vp=16,
        credits=0,
        tiles=list(BASIC),
    )
    for company in opponents:
        state.players[company] = PlayerState(company=company, tiles=list(BASIC))
    state.turn_order = [automa, *opponents]
    state.active = automa
    for space, (owner, lvl, drops) in (dams or {}).items():
        state.dams[space] = Dam(owner, lvl, drops)
        if owner in state.players:
            state.players[owner].built["base"] += 1
            state.players[owner].built["elevation"] += lvl - 1
    for space, owner in (conduits or {}).items():
        state.conduits[space] = owner
        if owner in state.players:
            state.players[owner].built["conduit"] += 1
    for space, owner in (powerhouses or {}).items():
        state.powerhouses[space] = owner
        if owner in state.players:
            state.players[owner].built["powerhouse"] += 1
    for letter, n in (headstreams or {}).items():
        state.headstreams[letter] = n
    return state
