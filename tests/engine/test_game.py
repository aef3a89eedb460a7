"""The processing step: new_game, execute (validation order, no mutation), Outcome."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from helpers import make_state, setup_payload

from companion.engine import (
    CommandError,
    Outcome,
    RuleViolation,
    execute,
    execute_in_place,
    legal_options,
    new_game,
)
from companion.engine.options import all_commands
from companion.engine.state import to_json


def test_new_game_returns_the_setup_events_and_instructions() -> None:
    outcome = new_game(setup_payload(3, seed=2))
    assert isinstance(outcome, Outcome)
    types = [e["type"] for e in outcome.events]
    assert types[:2] == ["game_set_up", "players_seated"]
    assert "round_started" in types and "turn_started" in types
    assert [step["n"] for step in outcome.instructions] == list(
        range(1, len(outcome.instructions) + 1)
    )
    assert outcome.state.version == 0


def test_execute_never_mutates_its_input_and_bumps_the_version() -> None:
    state = make_state(4)
    before = to_json(state)
    outcome = execute(state, {"type": "bank", "player": "usa", "engineers": 2})
    assert to_json(state) == before
    assert outcome.state is not state
    assert outcome.state.version == state.version + 1


def test_execute_in_place_changes_only_that_state_and_says_what_execute_says() -> None:
    """The store's path (its live state worked on itself): the same outcome."""
    state = make_state(4)
    before = to_json(state)
    command = {"type": "workshop", "player": "usa", "space": "WS_1_L"}
    copy = pickle.loads(pickle.dumps(state))
    in_place = execute_in_place(copy, command)
    plain = execute(state, command)
    assert in_place.state is copy
    assert to_json(state) == before
    assert to_json(in_place.state) == to_json(plain.state) != before
    assert (in_place.events, in_place.instructions) == (plain.events, plain.instructions)


def test_every_event_has_a_type_and_a_reason() -> None:
    outcome = execute(make_state(4), {"type": "workshop", "player": "usa", "space": "WS_1_L"})
    assert outcome.events
    assert all("type" in e and "reason" in e for e in outcome.events)


def test_validation_order_phase_before_player() -> None:
    state = make_state(4)
    state.phase = "water_flow"
    with pytest.raises(RuleViolation) as info:
        execute(state, {"type": "bank", "player": "germany", "engineers": 1})
    assert info.value.code == "phase"


def test_validation_order_pending_decision_before_player() -> None:
    state = make_state(4)
    state.players["usa"].contracts = ["S1", "X1", "X2"]
    offer = state.contract_offer["green"][0]
    state = execute(
        state, {"type": "take_contracts", "player": "usa", "space": "CO_1A_L", "contracts": [offer]}
    ).state
    with pytest.raises(RuleViolation) as info:
        execute(state, {"type": "bank", "player": "germany", "engineers": 1})
    assert info.value.code == "pending"
    with pytest.raises(RuleViolation) as wrong:
        execute(state, {"type": "decide", "player": "germany", "answer": {"discard": ["X1"]}})
    assert wrong.value.code == "not_your_decision"


def test_a_decide_without_an_open_question_is_refused() -> None:
    with pytest.raises(RuleViolation, match="no open question"):
        execute(make_state(4), {"type": "decide", "player": "usa", "answer": {}})


def test_malformed_commands() -> None:
    state = make_state(4)
    with pytest.raises(CommandError):
        execute(state, {"type": "bank", "player": "atlantis", "engineers": 1})
    with pytest.raises(CommandError):
        execute(state, "bank")  # type: ignore[arg-type]


def test_nothing_but_corrections_after_the_game() -> None:
    state = make_state(2)
    state.finished = True
    with pytest.raises(RuleViolation, match="over"):
        execute(state, {"type": "bank", "player": "usa", "engineers": 1})
    after = execute(
        state,
        {
            "type": "correct",
            "what": "credits",
            "company": "usa",
            "value": 9,
            "reason": "miscounted",
        },
    )
    assert after.state.players["usa"].credits == 9


def test_instructions_follow_the_events_of_a_move() -> None:
    outcome = execute(make_state(4), {"type": "workshop", "player": "usa", "space": "WS_2_L"})
    texts = [step["text"] for step in outcome.instructions]
    assert texts[0] == "Put 2 Engineers on the action space WS_2_L."
    assert "Pay 2 Credits." in texts
    assert texts.count("Turn the Construction Wheel one segment.") == 2


@pytest.mark.parametrize("seed", [0, 1])
def test_a_command_in_place_leaves_what_the_version_before_answered_unchanged(seed: int) -> None:
    """The store works on its live state itself (execute_in_place): the options a version
    offered and the events its command gave must share nothing the next commands change,
    since a device's answer may be encoded after another command ran."""
    rng = random.Random(seed)
    seats = [{"kind": "human", "name": f"P{i + 1}"} for i in range(4)]
    state = new_game({"mode": "full", "deals": "app", "seed": seed, "seats": seats}).state
    answered: list[tuple[Any, bytes]] = []
    for _ in range(150):
        if state.finished:
            break
        player = state.pending[-1].player if state.pending else None
        options = legal_options(state)
        answered.append((options, pickle.dumps(options)))
        command = rng.choice(all_commands(state, player or state.active))
        outcome = execute_in_place(state, command)
        said = [outcome.events, outcome.instructions]
        answered.append((said, pickle.dumps(said)))
        for answer, as_answered in answered[-5:]:
            assert pickle.dumps(answer) == as_answered
