"""Property tests: random legal expansion games (people only) played to the end.

Every command comes from `legal_options`, so everything offered for The Leeghwater Project
(External Works, Buildings, building actions, their decisions) must be accepted by `execute`.
After every command the base game's invariants hold (drops conserved, no negative resource,
Machineries and tiles followed through the events, Engineers conserved, the ledger sums to the
VP, fold == live, replay == live), plus the expansion's: a wheel Machinery never pays an External
Work, a company has at most one Building a tile and never more than 5.
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from typing import Any

import pytest
from helpers import commands_on_offer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from leeghwater_helpers import expansion_payload
from test_property_games import (
    Tracker,
    acting_player,
    board_drops,
    check_json_round_trip,
    check_log,
    drops_balance,
)

from companion.engine import CommandError, RuleViolation, execute, legal_options, new_game
from companion.engine.catalog import (
    BUILDINGS_PER_COMPANY,
    CONSTRUCTION_SPACES,
    EXTERNAL_WORK_ENGINEERS,
    EXTERNAL_WORKS,
    MANAGEMENT_SPACES,
    PRIVATE_BUILDINGS,
)
from companion.engine.commands import ACTION_TYPES
from companion.engine.events import apply
from companion.engine.game import _execute
from companion.engine.leeghwater import MARGOT_SPACE, activated
from companion.engine.mahiri import engineers_on_tile, held_limit
from companion.engine.state import GameState

ENGINEERS = 12


def space_engineers(space: str) -> int:
    """Engineers standing on an occupied action space, the expansion's included."""
    if space in MANAGEMENT_SPACES:
        return MANAGEMENT_SPACES[space].engineers or 0
    if space.startswith("EW_"):
        return EXTERNAL_WORK_ENGINEERS
    if space == MARGOT_SPACE:
        return 1
    tile, _, side = space.removeprefix("PB_").rpartition("_")
    building = PRIVATE_BUILDINGS[tile]
    return (building.left if side == "L" else building.right).engineers


def engineers_on_boards(state: GameState, company: str) -> int:
    spaces = sum(space_engineers(s) for s, c in state.occupied.items() if c == company)
    construction = sum(
        CONSTRUCTION_SPACES[k].engineers
        for k in range(state.players[company].constructions_this_round)
    )
    officer_tile = 0
    if state.players[company].officer == "mahiri_sekibo":  # her copy puts Engineers on her tile
        officer_tile = engineers_on_tile(state, company)
    return spaces + state.bank.get(company, 0) + construction + officer_tile


class ExpansionTracker(Tracker):
    """Machineries leave for the general supply with an External Work (never from the wheel)."""

    def follow(self, events: list[dict[str, Any]]) -> None:
        super().follow(events)
        for e in events:
            if e["type"] == "external_work_taken":
                self.machineries[e["company"]][0] -= e["excavators"]
                self.machineries[e["company"]][1] -= e["mixers"]


def check_invariants(
    before: GameState, after: GameState, events: list[dict[str, Any]], tracker: Tracker
) -> None:
    assert board_drops(after) == board_drops(before) + drops_balance(events)
    for space, dam in after.dams.items():
        assert 0 <= dam.drops <= held_limit(after, space), space
    tracker.follow(events)
    for e in events:
        if e["type"] == "external_work_taken" and e["paid"] == "machineries":
            # X2: the personal supply alone paid the tile's Machineries, never the wheel
            work = EXTERNAL_WORKS[e["tile"]]
            assert (e["excavators"], e["mixers"]) == (work.excavators, work.mixers)
            supply = before.players[e["company"]]
            assert supply.excavators >= work.excavators and supply.mixers >= work.mixers
    for tile in before.leeghwater.get("left_closed") or []:
        # an Automa's Building closed the tile's left action space for the rest of the game
        # (whoever stood there earlier in that round keeps the space until the round ends)
        placed = [e for e in events if e["type"] == "engineers_placed"]
        assert all(e["space"] != f"PB_{tile}_L" for e in placed), tile
    for company, p in after.players.items():
        assert p.credits >= 0 and p.excavators >= 0 and p.mixers >= 0 and p.engineers >= 0
        on_wheel = [sum(s.excavators for s in p.wheel), sum(s.mixers for s in p.wheel)]
        assert [p.excavators + on_wheel[0], p.mixers + on_wheel[1]] == tracker.machineries[company]
        wheel_tiles = Counter(t for s in p.wheel for t in s.tiles)
        assert Counter(p.tiles) + wheel_tiles == tracker.tiles[company]
        assert p.engineers + p.engineers_out == ENGINEERS, company
        if not p.is_automa:  # an Automa's Engineers ignore the printed counts (automa.md §5)
            assert p.engineers_out == engineers_on_boards(after, company), company
        assert sum(line.vp for line in p.ledger) == p.vp
        tiles = activated(after, company)
        assert len(tiles) == len(set(tiles)) <= BUILDINGS_PER_COMPANY
        for tile in tiles:  # one Building of a company a tile
            assert after.leeghwater["building_spaces"][tile].count(company) == 1


def play_expansion_game(
    seed: int, players: int, deals: str = "app", automa_level: int = 0
) -> GameState:
    """A random game; with `automa_level` the last seat is an Automa (it plays the base game's
    actions only: its expansion rules, automa.md / leeghwater.md §10, are not implemented)."""
    rng = random.Random(seed)
    payload = expansion_payload(players, seed=seed, deals=deals)
    if automa_level:
        payload["seats"][-1] = {"kind": "automa", "automa_level": automa_level, "name": "Bot"}
    state = new_game(payload).state
    records: list[dict[str, Any]] = []
    commands: list[dict[str, Any]] = []
    tracker: Tracker | None = None
    folded = new_game(payload).state
    replayed = new_game(payload).state
    previous = state
    while not state.finished:
        offered = commands_on_offer(state, acting_player(state))
        assert offered, f"dead end in {state.phase}, round {state.round}"
        # the expansion's actions first when on offer, so the games use them often
        expansion = [c for c in offered
                     if c.get("type") in ("external_work", "building_action")
                     or c.get("structure") == "building"]  # fmt: skip
        command = rng.choice(expansion if expansion and rng.random() < 0.6 else offered)
        if command["type"] in ACTION_TYPES and legal_options(state).get("architect"):
            command = {**command, "architect": rng.random() < 0.5}  # Tommaso's Architect
        outcome = execute(state, command)
        if tracker is None and outcome.state.players:
            tracker = ExpansionTracker(outcome.state)
        elif tracker is not None:
            check_invariants(state, outcome.state, outcome.events, tracker)
        records.append({"command": command, "events": outcome.events})
        commands.append(command)
        previous, state = state, outcome.state
        for event in pickle.loads(pickle.dumps(outcome.events)):
            apply(folded, event)
        folded.version += 1
        replayed = _execute(replayed, command, in_place=True).state
        assert folded == state and replayed == state
        if len(records) % 40 == 0:
            check_json_round_trip(state)
        assert len(records) < 2500, "the game does not end"
    check_log(payload, records, commands, previous, state)
    check_json_round_trip(state)
    for company, scores in state.final_scores.items():
        assert scores["total"] == state.players[company].vp
    return state


@pytest.mark.parametrize(("seed", "players", "deals"), [(1, 2, "app"), (2, 3, "table"),
                                                        (3, 4, "app")])  # fmt: skip
def test_random_expansion_games_keep_every_invariant(seed: int, players: int, deals: str) -> None:
    state = play_expansion_game(seed, players, deals)
    taken = sum(len(v) for v in state.leeghwater["external_taken"].values())
    built = sum(len(activated(state, c)) for c in state.players)
    assert taken > 0 and built > 0  # the expansion was really played


@pytest.mark.parametrize(("seed", "players", "deals"), [(25, 3, "table"), (324, 4, "app")])
def test_a_random_expansion_game_with_a_level_4_automa_keeps_every_invariant(
    seed: int, players: int, deals: str
) -> None:
    # seed 324: a person opening the Automa way (Mahiri Sekibo) with Leslie Spencer keeps the
    # tile's construction (the level-4 Leslie and Margot adaptations are the Automa's own)
    state = play_expansion_game(seed, players, deals, automa_level=4)
    assert state.finished


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    deals=st.sampled_from(["app", "table"]),
    automa_level=st.integers(0, 4),
)
def test_many_random_expansion_games_keep_every_invariant(
    seed: int, players: int, deals: str, automa_level: int
) -> None:
    play_expansion_game(seed, players, deals, automa_level)


# -- the converse: what execute accepts of the expansion was offered ----------------------------


def expansion_candidates(state: GameState, company: str) -> list[dict[str, Any]]:
    """Every External Work, Building and building action command, legal or not."""
    out: list[dict[str, Any]] = []
    for slot in (1, 2, 3):
        for leslie in (False, True):
            command = {"type": "external_work", "player": company, "slot": slot}
            out.append({**command, "leslie": True} if leslie else command)
    for tile in PRIVATE_BUILDINGS:
        out.append({"type": "building_action", "player": company, "building": tile})
        out.append({"type": "building_action", "player": company, "building": tile,
                    "margot": True})  # fmt: skip
        for index in range(4):
            for with_tile in sorted(set(state.players[company].tiles)):
                out.append({"type": "build", "player": company, "structure": "building",
                            "space": f"BS_{tile}_{index + 1}", "tile": with_tile})  # fmt: skip
    return out


def test_every_expansion_command_execute_accepts_is_offered() -> None:
    seed = 6
    rng = random.Random(seed)
    state = new_game(expansion_payload(3, seed=seed)).state
    accepted = 0
    for step in range(160):
        if state.finished:
            break
        company = acting_player(state)
        offered = commands_on_offer(state, company)
        if step % 5 == 0 and state.phase == "actions" and not state.pending and company:
            keys = {json.dumps(c, sort_keys=True) for c in offered}
            for command in expansion_candidates(state, company):
                try:
                    execute(state, command)
                except (RuleViolation, CommandError):
                    continue
                accepted += 1
                assert json.dumps(command, sort_keys=True) in keys, command
        state = execute(state, rng.choice(offered)).state
    assert accepted > 0  # the candidates did reach legal moves
