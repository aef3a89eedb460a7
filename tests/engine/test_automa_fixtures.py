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


def automa_game(
    action_tile: int,
    criteria_tile: int = 1,
    *,
    level: int = 2,
    mode: str = "introductory",
    automa: str = "italy",
    human: str = "usa",
    seed: int = 5,
) -> GameState:
    """A real game (new_game) with the Automa to play, its next draw fixed.

    The next draw turns `criteria_tile` over and shows `action_tile`'s actions; the
    headstreams and the neutral dams are removed so each test starts from a quiet map.
    """
    from companion.engine import execute, new_game

    seats = [
        {"kind": "automa", "company": automa, "automa_level": level},
        {"kind": "human", "company": human},
    ]
    if mode == "full":
        seats = [{"kind": "automa", "automa_level": level}, {"kind": "human"}]
    state = new_game({"mode": mode, "seed": seed, "deals": "app", "seats": seats}).state
    while state.pending and state.pending[-1].kind == "draft_pick":
        answer = state.pending[-1].options["answers"][0]
        state = execute(state, {"type": "decide", "answer": answer}).state
    rest = [t for t in range(1, 21) if t not in (criteria_tile, action_tile)]
    state.automa["draw_pile"] = [criteria_tile, action_tile, *rest]
    state.automa["discard"] = []
    state.headstreams = {k: 0 for k in state.headstreams}
    state.dams = {}  # no neutral dams: each test builds its own map
    return state


def automa_of(state: GameState) -> str:
    return next(c for c, p in state.players.items() if p.is_automa)
