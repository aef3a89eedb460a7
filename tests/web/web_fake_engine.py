"""A tiny stand-in engine with the real engine's interface, for testing the store and the web.

Its game: each player may score 1-3 VP per command. It keeps count of `execute` calls so a
test can prove that undo rebuilds from stored events instead of re-deciding.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.engine.errors import CommandError, RuleViolation
from companion.store import Engine

CALLS = {"execute": 0, "rebuild": 0}


@dataclass
class FakeState:
    version: int = 0
    round: int = 1
    phase: str = "actions"
    players: dict[str, dict[str, Any]] = field(default_factory=dict)
    finished: bool = False


@dataclass
class Outcome:
    state: FakeState
    events: list[dict[str, Any]]
    instructions: list[dict[str, Any]]


def new_game(setup: dict[str, Any]) -> Outcome:
    companies = ["usa", "germany", "italy", "france"]
    players = {}
    for i, seat in enumerate(setup["seats"]):
        company = seat.get("company") or companies[i]
        players[company] = {"name": seat.get("name", ""), "kind": seat.get("kind"), "vp": 10}
    state = FakeState(players=players)
    events = [{"type": "game_started", "reason": "The game is set up."}]
    return Outcome(state, events, [{"n": 1, "text": "Lay out the board."}])


def apply(state: FakeState, event: dict[str, Any]) -> None:
    if event["type"] == "vp_scored":
        state.players[event["player"]]["vp"] += event["vp"]
    if event["type"] == "game_ended":
        state.finished = True
        state.phase = "game_over"
    state.version += 0


def execute(state: FakeState, command: dict[str, Any]) -> Outcome:
    CALLS["execute"] += 1
    if command["type"] == "correct":
        events = [
            {
                "type": "vp_scored",
                "player": command["player"],
                "vp": command["vp"],
                "reason": f"Correction: {command.get('reason', '')}",
            }
        ]
    elif command["type"] == "finish":
        events = [{"type": "game_ended", "reason": "The game is over."}]
    elif command["type"] == "score":
        player, vp = command.get("player"), command.get("vp")
        if player not in state.players:
            raise CommandError(f"Unknown player {player!r}.", "unknown_player")
        if not isinstance(vp, int) or not 1 <= vp <= 3:
            raise RuleViolation("too_many_vp", f"You may score 1 to 3 VP, not {vp}.")
        events = [
            {"type": "vp_scored", "player": player, "vp": vp, "reason": f"{player} scores {vp} VP."}
        ]
    else:
        raise CommandError(f"Unknown command type {command['type']!r}.", "unknown_command")
    new = copy.deepcopy(state)
    for event in events:
        apply(new, event)
    new.version += 1
    return Outcome(new, events, [{"n": 1, "text": e["reason"]} for e in events])


def rebuild(setup: dict[str, Any], records: list[dict[str, Any]]) -> FakeState:
    CALLS["rebuild"] += 1
    state = new_game(setup).state
    for record in records:
        for event in record["events"]:
            apply(state, event)
        state.version += 1
    return state


def legal_options(state: FakeState, player: str | None = None) -> dict[str, Any]:
    players = [player] if player else list(state.players)
    return {"score": [{"player": p, "vp": [1, 2, 3]} for p in players]}


def to_json(state: FakeState) -> dict[str, Any]:
    return asdict(state)


def from_json(data: dict[str, Any]) -> FakeState:
    return FakeState(**copy.deepcopy(data))


ENGINE = Engine(
    new_game=new_game,
    execute=execute,
    legal_options=legal_options,
    rebuild=rebuild,
    to_json=to_json,
    from_json=from_json,
)
