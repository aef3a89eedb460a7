"""Property tests: random legal 2-4 player games played to the end through the public API.

Every command comes from `legal_options` (so everything offered must be accepted by `execute`),
and after every command the invariants of the issue hold: drops conserved, no negative
resource, wheel contents consistent, engineers conserved, ledger sums to each VP, JSON round
trip lossless. At checkpoints and at the end: replay == live, rebuild == live, undo then redo
== original. A second property checks the converse: whatever `execute` accepts was offered.
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from typing import Any

import pytest
from helpers import commands_on_offer, setup_payload
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import CommandError, RuleViolation, execute, new_game, rebuild, replay
from companion.engine.board import SPACES
from companion.engine.catalog import CONSTRUCTION_SPACES, MANAGEMENT_SPACES
from companion.engine.events import apply
from companion.engine.game import _execute
from companion.engine.mahiri import held_limit
from companion.engine.state import GameState, from_json, to_json

pytestmark = pytest.mark.slow  # whole random games: -m 'not slow' leaves them out

ENGINEERS = 12


def board_drops(state: GameState) -> int:
    return sum(d.drops for d in state.dams.values()) + sum(state.headstreams.values())


def drops_balance(events: list[dict[str, Any]]) -> int:
    """Drops entering the board minus drops leaving it, read from the events."""
    balance = 0
    for e in events:
        if e["type"] == "drops_placed":
            balance += e["drops"]
        elif e["type"] == "tile_drops_added":  # Level I Base tile (Appendix 4)
            balance += sum(e["drops"].values())
        elif e["type"] == "drop_flowed":
            if not e.get("waiting") and e.get("from_basin") is None:
                balance += 1  # a new drop put on a headstream that flows at once
            if e.get("left_map"):
                balance -= 1
    return balance


def engineers_on_boards(state: GameState, company: str) -> int:
    management = sum(
        MANAGEMENT_SPACES[s].engineers or 0 for s, c in state.occupied.items() if c == company
    )
    construction = sum(
        CONSTRUCTION_SPACES[k].engineers
        for k in range(state.players[company].constructions_this_round)
    )
    officer_tile = 0
    if state.players[company].officer == "mahiri_sekibo":  # her copy puts Engineers on her tile
        from companion.engine.mahiri import engineers_on_tile

        officer_tile = engineers_on_tile(state, company)
    return management + state.bank.get(company, 0) + construction + officer_tile


class Tracker:
    """Machineries and tiles each company owns, followed through the events."""

    def __init__(self, state: GameState) -> None:
        self.machineries = {c: [p.excavators, p.mixers] for c, p in state.players.items()}
        self.tiles = {c: Counter(p.tiles) for c, p in state.players.items()}

    def follow(self, events: list[dict[str, Any]]) -> None:
        for e in events:
            if e["type"] == "machineries_gained":
                self.machineries[e["company"]][0] += e["excavators"]
                self.machineries[e["company"]][1] += e["mixers"]
            elif e["type"] == "patent_tile_bought":
                self.tiles[e["company"]][e["tile"]] += 1


def check_invariants(
    before: GameState, after: GameState, events: list[dict[str, Any]], tracker: Tracker
) -> None:
    assert board_drops(after) == board_drops(before) + drops_balance(events)
    for space, dam in after.dams.items():
        # capacity, or Mahiri's 4th drop kept after her copy of Graziano (Appendix 3)
        assert 0 <= dam.drops <= held_limit(after, space), space
    assert all(v >= 0 for v in after.headstreams.values())
    tracker.follow(events)
    for company, p in after.players.items():
        assert p.credits >= 0 and p.excavators >= 0 and p.mixers >= 0 and p.engineers >= 0
        on_wheel_exc = sum(s.excavators for s in p.wheel)
        on_wheel_mix = sum(s.mixers for s in p.wheel)
        assert [p.excavators + on_wheel_exc, p.mixers + on_wheel_mix] == tracker.machineries[
            company
        ]
        wheel_tiles = Counter(t for s in p.wheel for t in s.tiles)
        assert Counter(p.tiles) + wheel_tiles == tracker.tiles[company]
        assert p.engineers + p.engineers_out == ENGINEERS, company
        if not p.is_automa:  # an Automa's Engineers ignore the printed counts (automa.md §5)
            assert p.engineers_out == engineers_on_boards(after, company), company
        assert sum(line.vp for line in p.ledger) == p.vp


def check_json_round_trip(state: GameState) -> None:
    data = to_json(state)
    assert to_json(from_json(json.loads(json.dumps(data)))) == data
    assert from_json(data) == state


def acting_player(state: GameState) -> str | None:
    if state.pending and state.pending[-1].player:
        return state.pending[-1].player
    return state.active


def play_game(
    seed: int, players: int, mode: str, checkpoint_every: int = 60, deals: str = "app"
) -> None:
    rng = random.Random(seed)
    payload = setup_payload(players, seed=seed, mode=mode, deals=deals)
    state = new_game(payload).state
    records: list[dict[str, Any]] = []
    commands: list[dict[str, Any]] = []
    tracker: Tracker | None = Tracker(state) if state.players else None
    folded = new_game(payload).state  # the same game as a fold of the stored events
    replayed = new_game(payload).state  # the same game re-executing the commands
    while not state.finished:
        offered = commands_on_offer(state, acting_player(state))
        assert offered, f"dead end in {state.phase}, round {state.round}"
        command = rng.choice(offered)
        outcome = execute(state, command)
        if tracker is None and outcome.state.players:
            tracker = Tracker(outcome.state)
        elif tracker is not None:
            check_invariants(state, outcome.state, outcome.events, tracker)
        records.append({"command": command, "events": outcome.events})
        commands.append(command)
        previous, state = state, outcome.state
        # after every command: the fold of the events and the re-executed command both give
        # the live state (so undo = fold without the last record, redo = execute it again)
        for event in pickle.loads(pickle.dumps(outcome.events)):
            apply(folded, event)
        folded.version += 1
        replayed = _execute(replayed, command, in_place=True).state
        assert folded == state and replayed == state
        if len(records) % 15 == 0:
            check_json_round_trip(state)
        if len(records) % checkpoint_every == 0:
            check_log(payload, records, commands, previous, state)
        assert len(records) < 2000, "the game does not end"
    check_log(payload, records, commands, previous, state)
    check_json_round_trip(state)
    assert state.phase == "game_over" and state.final_scores
    for company, scores in state.final_scores.items():
        assert scores["total"] == state.players[company].vp


def check_log(
    payload: dict[str, Any],
    records: list[dict[str, Any]],
    commands: list[dict[str, Any]],
    previous: GameState,
    live: GameState,
) -> None:
    assert rebuild(payload, records) == live
    assert replay({"setup": payload, "commands": commands}) == live
    undone = rebuild(payload, records[:-1])
    assert undone == previous
    assert execute(undone, commands[-1]).state == live


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6), players=st.integers(2, 4), deals=st.sampled_from(["app", "table"])
)
def test_random_introductory_games_keep_every_invariant(
    seed: int, players: int, deals: str
) -> None:
    play_game(seed, players, "introductory", deals=deals)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6), players=st.integers(2, 4), deals=st.sampled_from(["app", "table"])
)
def test_random_full_games_keep_every_invariant(seed: int, players: int, deals: str) -> None:
    play_game(seed, players, "full", deals=deals)


# -- the converse: accepted => offered ---------------------------------------------------------


def candidate_commands(state: GameState, company: str, rng: random.Random) -> list[dict[str, Any]]:
    """Commands of the Management actions with random (often illegal) parameters."""
    out: list[dict[str, Any]] = [{"type": "pass", "player": company}]
    for space in MANAGEMENT_SPACES.values():
        kind = {
            "water_management": "water",
            "workshop": "workshop",
            "machinery_shop": "buy_machinery",
            "contract_office": "take_contracts",
            "patent_office": "patent",
        }.get(space.section)
        if kind is None:
            continue
        command: dict[str, Any] = {"type": kind, "player": company, "space": space.id}
        if kind == "water":
            command["headstreams"] = sorted(rng.choices("ABCD", k=rng.randint(1, 2)))
        if kind == "buy_machinery" and "machineries_any" in space.effect.get("gain", {}):
            command["choice"] = rng.choice(["excavator", "mixer"])
        if kind == "take_contracts":
            offer = [c for slots in state.contract_offer.values() for c in slots if c]
            command["contracts"] = sorted(rng.sample(offer, min(len(offer), rng.randint(1, 2))))
        out.append(command)
    for n in range(0, state.players[company].engineers + 2):
        out.append({"type": "bank", "player": company, "engineers": n})
    player = state.players[company]
    kinds = {"base": "dam", "elevation": "dam", "conduit": "conduit", "powerhouse": "powerhouse"}
    for structure, kind in kinds.items():
        spaces = [s for s, space in SPACES.items() if space.kind == kind]
        for space in rng.sample(spaces, min(6, len(spaces))):
            for tile in sorted(set(player.tiles)):
                out.append(
                    {
                        "type": "build",
                        "player": company,
                        "structure": structure,
                        "space": space,
                        "tile": tile,
                    }
                )
    houses = [s for s, owner in state.powerhouses.items() if owner == company]
    for dam in state.dams:
        for conduit in state.conduits:
            for house in houses:
                for drops in (1, 2):
                    out.append(
                        {
                            "type": "produce",
                            "player": company,
                            "space": rng.choice(["TS_P2_L", "TS_0_L", "TS_M2_R"]),
                            "dam": dam,
                            "conduit": conduit,
                            "powerhouse": house,
                            "drops": drops,
                        }
                    )
    return out


def _canonical(command: dict[str, Any]) -> str:
    c = dict(command)
    for key in ("headstreams", "contracts"):
        if key in c:
            c[key] = sorted(c[key])
    return json.dumps(c, sort_keys=True)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_everything_execute_accepts_is_offered(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = new_game(setup_payload(players, seed=seed)).state
    for step in range(150):
        if state.finished:
            break
        company = acting_player(state)
        offered = commands_on_offer(state, company)
        if step % 5 == 0 and state.phase == "actions" and not state.pending and company:
            offered_keys = {_canonical(c) for c in offered}
            for command in candidate_commands(state, company, rng):
                try:
                    execute(state, command)
                except (RuleViolation, CommandError):
                    continue
                assert _canonical(command) in offered_keys, command
        state = execute(state, rng.choice(offered)).state
