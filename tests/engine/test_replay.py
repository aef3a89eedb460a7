"""Log, undo, replay: state = fold of events; undo rebuilds the earlier state exactly."""

from __future__ import annotations

import json
import random
from typing import Any

from helpers import commands_on_offer, setup_payload

from companion.engine import execute, new_game, rebuild, replay
from companion.engine.state import GameState, from_json, to_json


def play(payload: dict[str, Any], steps: int, seed: int = 0) -> tuple[list[GameState], list[dict]]:
    rng = random.Random(seed)
    state = new_game(payload).state
    states, records = [state], []
    for _ in range(steps):
        if state.finished:
            break
        player = (
            state.pending[-1].player if state.pending and state.pending[-1].player else state.active
        )
        command = rng.choice(commands_on_offer(state, player))
        outcome = execute(state, command)
        records.append({"command": command, "events": outcome.events})
        state = outcome.state
        states.append(state)
    return states, records


def test_rebuild_folds_the_events_to_the_live_state() -> None:
    payload = setup_payload(3, seed=21)
    states, records = play(payload, 80)
    assert rebuild(payload, records) == states[-1]


def test_undo_of_several_commands_in_a_row_gives_each_earlier_state() -> None:
    payload = setup_payload(4, seed=5)
    states, records = play(payload, 40)
    for k in (39, 30, 12, 1, 0):
        assert rebuild(payload, records[:k]) == states[k]


def test_undo_then_redo_equals_the_original() -> None:
    payload = setup_payload(2, seed=9)
    states, records = play(payload, 60)
    undone = rebuild(payload, records[:-1])
    redone = execute(undone, records[-1]["command"]).state
    assert redone == states[-1]


def test_replay_of_the_commands_gives_the_identical_state() -> None:
    payload = setup_payload(4, seed=33, mode="full")
    states, records = play(payload, 10_000)
    assert states[-1].finished
    assert replay({"setup": payload, "commands": records}) == states[-1]
    assert replay({"setup": payload, "commands": [r["command"] for r in records]}) == states[-1]


def test_a_stored_log_survives_json_and_rebuilds() -> None:
    payload = setup_payload(3, seed=2, deals="table")
    states, records = play(payload, 120)
    stored = json.loads(json.dumps({"setup": payload, "records": records}))
    assert rebuild(stored["setup"], stored["records"]) == states[-1]


def test_states_serialise_to_json_losslessly() -> None:
    payload = setup_payload(4, seed=8)
    states, _ = play(payload, 50)
    for state in states[::10]:
        data = json.loads(json.dumps(to_json(state)))
        assert from_json(data) == state
        assert to_json(from_json(data)) == to_json(state)


def test_rebuild_does_not_alter_the_stored_events() -> None:
    payload = setup_payload(2, seed=4, mode="full")
    _, records = play(payload, 40)
    snapshot = json.dumps(records, sort_keys=True)
    rebuild(payload, records)
    rebuild(payload, records)
    assert json.dumps(records, sort_keys=True) == snapshot
