"""Scenario builders for engine tests (any engine test may import these).

`make_state(...)` gives a game in the Actions phase of round 1 (introductory or full setup, app
deals with a fixed seed); the other helpers put things on the map or in a supply directly, for
setting up a rulebook example without playing up to it. They change the state in place (test
fixtures only — the engine itself changes state only through events).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.engine import execute, legal_options, new_game
from companion.engine.game import Outcome
from companion.engine.state import Dam, GameState, Segment

INTRO_COMPANIES = ("usa", "germany", "italy", "france")


def setup_payload(
    companies: tuple[str, ...] | list[str] | int = 4,
    *,
    mode: str = "introductory",
    seed: int = 1,
    deals: str = "app",
    automas: tuple[str, ...] = (),
    draws: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A setup payload: `companies` is a count or the company ids of the seats, in order."""
    if isinstance(companies, int):
        companies = INTRO_COMPANIES[:companies] if mode == "introductory" else [""] * companies
    seats = []
    for i, company in enumerate(companies):
        kind = "automa" if company in automas else "human"
        seat: dict[str, Any] = {"kind": kind, "name": f"P{i + 1}"}
        if company:
            seat["company"] = company
        if kind == "automa":
            seat["automa_level"] = 1
        seats.append(seat)
    payload: dict[str, Any] = {"mode": mode, "seats": seats, "deals": deals, "seed": seed}
    if draws:
        payload["draws"] = draws
    return payload


def make_state(
    companies: tuple[str, ...] | list[str] | int = 4,
    *,
    mode: str = "introductory",
    seed: int = 1,
    deals: str = "app",
    automas: tuple[str, ...] = (),
    draws: dict[str, Any] | None = None,
    clear_headstreams: bool = False,
) -> GameState:
    """A new game in the Actions phase of round 1 (the full setup's draft is picked in order)."""
    state = new_game(
        setup_payload(companies, mode=mode, seed=seed, deals=deals, automas=automas, draws=draws)
    ).state
    while state.pending and state.pending[-1].kind == "draft_pick":
        answer = state.pending[-1].options["answers"][0]
        state = execute(state, {"type": "decide", "answer": answer}).state
    if clear_headstreams:
        state.headstreams = {k: 0 for k in state.headstreams}
    return state


def place_dam(state: GameState, space: str, owner: str, level: int = 1, drops: int = 0) -> Dam:
    """Stand a dam (Base + level-1 Elevations) on `space`, counting the pieces as built."""
    dam = Dam(owner=owner, level=level, drops=drops)
    state.dams[space] = dam
    if owner in state.players:
        state.players[owner].built["base"] += 1
        state.players[owner].built["elevation"] += level - 1
    return dam


def place_conduit(state: GameState, space: str, owner: str) -> None:
    state.conduits[space] = owner
    if owner in state.players:
        state.players[owner].built["conduit"] += 1


def place_powerhouse(state: GameState, space: str, owner: str) -> None:
    state.powerhouses[space] = owner
    if owner in state.players:
        state.players[owner].built["powerhouse"] += 1


def give(state: GameState, company: str, **amounts: int) -> None:
    """Set supply values directly: credits=, excavators=, mixers=, engineers=, energy=."""
    player = state.players[company]
    for key, value in amounts.items():
        setattr(player, key, value)


def set_wheel(
    state: GameState,
    company: str,
    segment: int,
    tiles: list[str] | None = None,
    excavators: int = 0,
    mixers: int = 0,
) -> None:
    state.players[company].wheel[segment] = Segment(list(tiles or []), excavators, mixers)


def set_active(state: GameState, company: str) -> None:
    """Make it `company`'s turn in the Actions phase."""
    state.phase = "actions"
    state.active = company
    state.turn_done = False


def run(state: GameState, *commands: dict[str, Any]) -> Outcome:
    """Execute commands in order; returns the last Outcome."""
    outcome = Outcome(state)
    for command in commands:
        outcome = execute(outcome.state, command)
    return outcome


def event_types(outcome: Outcome) -> list[str]:
    return [e["type"] for e in outcome.events]


def commands_on_offer(state: GameState, player: str | None = None) -> list[dict[str, Any]]:
    """Every ready command listed by legal_options (actions and decision answers)."""
    options = legal_options(state, player)
    out = [c["command"] for a in options["actions"] for c in a["choices"]]
    if options["pending"]:
        out += [c["command"] for c in options["pending"]["choices"]]
    return out


def automa_turn(state: GameState, company: str, **override: Any) -> Outcome:
    """The `automa_turn` command for `company`; `override` is the table's other legal move."""
    command: dict[str, Any] = {"type": "automa_turn", "player": company}
    if override:
        command["override"] = override
    return execute(state, command)


def events_of(outcome: Outcome, kind: str) -> list[dict[str, Any]]:
    """The events of one type in a command's outcome."""
    return [e for e in outcome.events if e["type"] == kind]


def decide_build(rec: Any, company: str, command: dict[str, Any]) -> None:
    """`construction.decide_build` with a command written as JSON (parsed as `execute` does)."""
    from companion.engine import construction
    from companion.engine.commands import Build, parse

    typed = parse({"type": "build", "player": company, **command})
    assert isinstance(typed, Build)
    construction.decide_build(rec, company, typed)


REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "data"


def require_reference() -> None:
    """Skip a reference-data test when ../shared is not beside the clone — but fail it when
    REQUIRE_REFERENCE=1 (set by .ci/run), so CI never passes by skipping."""
    if REFERENCE.is_dir():
        return
    if os.environ.get("REQUIRE_REFERENCE") == "1":
        pytest.fail(f"the reference data is missing ({REFERENCE}); CI requires it")
    pytest.skip("the shared reference is not next to the project")
