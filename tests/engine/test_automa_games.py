"""Property tests: seeded games of 1 human (random legal moves) against 1-3 Automas.

Every level 1-4, introductory and full setups, played to the end through the public API
(`legal_options` → `execute`). After every command: the Automa never holds Credits (ruling A5),
nothing negative but an Automa's VP (§6), Automa engineers conserved, every VP change in the
ledger, one Base and one powerhouse per company per basin. At the end: the log replays to the
identical state, and the JSON round trip is lossless. `AUTOMA_GAMES=n` plays more seeds.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from helpers import commands_on_offer
from test_property_games import Tracker
from test_property_games import check_invariants as engine_invariants

from companion.engine import execute, new_game, replay
from companion.engine.board import SPACES
from companion.engine.state import GameState, from_json, to_json

pytestmark = pytest.mark.slow  # whole random games: -m 'not slow' leaves them out

COMPANIES = ("usa", "germany", "italy", "france")
SEEDS = range(int(os.environ.get("AUTOMA_GAMES", "2")))


def payload(seed: int, automas: int, level: int, mode: str) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"kind": "human", "company": COMPANIES[0], "name": "Ann"}]
    seats += [
        {"kind": "automa", "company": COMPANIES[i + 1], "automa_level": level}
        for i in range(automas)
    ]
    if mode == "full":
        for seat in seats:
            seat.pop("company")
    return {"mode": mode, "seed": seed, "deals": "app", "seats": seats}


def check_invariants(state: GameState) -> None:
    for company, player in state.players.items():
        assert player.excavators >= 0 and player.mixers >= 0 and player.engineers >= 0
        assert sum(line.vp for line in player.ledger) == player.vp, company
        if player.is_automa:
            assert player.credits == 0  # ruling A5: an Automa never holds Credits
            assert player.engineers + player.engineers_out == 12
        else:
            assert player.credits >= 0
        bases = [SPACES[s].basin for s, d in state.dams.items() if d.owner == company]
        powerhouses = [SPACES[s].basin for s, o in state.powerhouses.items() if o == company]
        assert len(bases) == len(set(bases)) and len(powerhouses) == len(set(powerhouses))


def play(seed: int, automas: int, level: int, mode: str) -> tuple[GameState, list[dict]]:
    rnd = random.Random(seed * 100 + automas * 10 + level)
    state = new_game(payload(seed, automas, level, mode)).state
    tracker = Tracker(state) if state.players else None  # full game: seated after the draft
    log: list[dict] = []
    for _ in range(4000):
        if state.finished or state.phase == "game_over":
            break
        commands = commands_on_offer(state)
        assert commands, f"nothing to do in {state.phase}, active {state.active}"
        automa_turns = [c for c in commands if c["type"] == "automa_turn"]
        command = automa_turns[0] if automa_turns else rnd.choice(commands)
        outcome = execute(state, command)  # an Automa move is never refused
        # every engine invariant (drops, wheel, Machineries, tiles, engineers, ledger) …
        if tracker is None:
            tracker = Tracker(outcome.state) if outcome.state.players else None
        else:
            engine_invariants(state, outcome.state, outcome.events, tracker)
        state = outcome.state
        log.append(command)
        check_invariants(state)  # … and the Automa's own
    return state, log


@pytest.mark.parametrize("level", [1, 2, 3, 4])
@pytest.mark.parametrize("automas", [1, 2, 3])
@pytest.mark.parametrize("seed", SEEDS)
def test_introductory_games_against_automas(seed: int, automas: int, level: int) -> None:
    state, log = play(seed, automas, level, "introductory")
    assert state.finished or state.phase == "game_over"
    assert state.round == 5
    assert sum(1 for c in log if c["type"] == "automa_turn") >= 5 * automas
    assert from_json(to_json(state)) == state


@pytest.mark.parametrize("level", [2, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_full_games_against_automas(seed: int, level: int) -> None:
    state, log = play(seed + 100, 2, level, "full")
    assert state.finished or state.phase == "game_over"


def test_replay_of_a_seeded_game_is_identical() -> None:
    state, log = play(7, 2, 2, "introductory")
    again = replay({"setup": payload(7, 2, 2, "introductory"), "commands": log})
    assert to_json(again) == to_json(state)
    same_seed, _ = play(7, 2, 2, "introductory")
    assert same_seed.automa == state.automa


@pytest.mark.parametrize("deals", ["app", "table"])
@pytest.mark.parametrize("seed", SEEDS)
def test_mixed_table_two_humans_and_automas(seed: int, deals: str) -> None:
    # issue 5: mixed tables (2-3 humans plus Automas, at most 4 seats); table deals too
    seats: list[dict[str, Any]] = [
        {"kind": "human", "company": "usa"},
        {"kind": "human", "company": "germany"},
        {"kind": "automa", "company": "italy", "automa_level": 1 + seed % 4},
        {"kind": "automa", "company": "france", "automa_level": 4 - seed % 4},
    ]
    state = new_game({"mode": "introductory", "seed": seed, "deals": deals, "seats": seats}).state
    assert state.turn_order[:2] == ["italy", "france"]  # ruling A11: Automas first, in order
    rnd = random.Random(seed)
    for _ in range(4000):
        if state.finished or state.phase == "game_over":
            break
        commands = commands_on_offer(state)
        automa_turns = [c for c in commands if c["type"] == "automa_turn"]
        state = execute(state, automa_turns[0] if automa_turns else rnd.choice(commands)).state
        check_invariants(state)
    assert state.finished or state.phase == "game_over"
