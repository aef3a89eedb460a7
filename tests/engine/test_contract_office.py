"""The Contract Office (p. 18): taking contracts, the hand limit of 3, refilling at the end of
the turn, an emptied pile (ruling R13), table draws. Edge case 20."""

from __future__ import annotations

import pytest
from helpers import make_state, set_active

from companion.engine import RuleViolation, execute
from companion.engine.state import GameState


def take(state: GameState, space: str, contracts: list[str], **extra: object) -> GameState:
    command = {
        "type": "take_contracts",
        "player": state.active,
        "space": space,
        "contracts": contracts,
        **extra,
    }
    return execute(state, command).state


def test_take_one_contract_for_free_and_the_slot_is_refilled_from_the_pile_top() -> None:
    state = make_state(4)
    taken = state.contract_offer["green"][0]
    top = state.contract_piles["green"][0]
    after = take(state, "CO_1A_L", [taken])
    usa = after.players["usa"]
    assert usa.contracts == ["S1", taken] and usa.credits == 6 and usa.engineers == 11
    assert after.contract_offer["green"][0] == top  # refilled at the end of the turn
    assert top not in after.contract_piles["green"]


def test_take_two_contracts_for_one_credit() -> None:
    state = make_state(4)
    a, b = state.contract_offer["yellow"][1], state.contract_offer["red"][0]
    after = take(state, "CO_2_L", [a, b])
    usa = after.players["usa"]
    assert usa.contracts == ["S1", a, b] and usa.credits == 5 and usa.engineers == 10


def test_the_space_decides_how_many_contracts_are_taken() -> None:
    state = make_state(4)
    offer = [c for slots in state.contract_offer.values() for c in slots]
    with pytest.raises(RuleViolation, match="takes 2 contract"):
        take(state, "CO_2_L", offer[:1])
    with pytest.raises(RuleViolation, match="not face up"):
        take(state, "CO_1A_L", ["G99"])


def test_hand_limit_example_page_18_discard_at_once() -> None:
    # Contract Office (p. 18): at most 3 face-up contracts; fulfilled ones do not count
    state = make_state(4)
    state.players["usa"].contracts = ["S1", "X1", "X2"]
    state.players["usa"].fulfilled = ["X3", "X4"]
    new = state.contract_offer["red"][0]
    outcome = execute(
        state, {"type": "take_contracts", "player": "usa", "space": "CO_1A_L", "contracts": [new]}
    )
    after = outcome.state
    decision = after.pending[-1]
    assert decision.kind == "discard_contracts" and decision.player == "usa"
    assert decision.options["count"] == 1
    assert after.active == "usa"  # the turn is not over before the discard
    assert after.contract_offer["red"][0] is None  # refilled only at the end of the turn
    # nothing else is legal until the discard is made
    with pytest.raises(RuleViolation, match="First answer"):
        execute(after, {"type": "bank", "player": "usa", "engineers": 1})
    for wrong, why in ((["X3"], "not in your hand"), (["X1", "X2"], "Discard exactly 1")):
        with pytest.raises(RuleViolation, match=why):
            execute(after, {"type": "decide", "player": "usa", "answer": {"discard": wrong}})
    done = execute(after, {"type": "decide", "player": "usa", "answer": {"discard": ["X1"]}}).state
    assert done.players["usa"].contracts == ["S1", "X2", new]
    # discarded contracts leave the game (ruling R13)
    assert "X1" not in str(done.contract_piles) + str(done.contract_offer)
    assert done.active == "germany"


def test_the_discard_can_come_with_the_command() -> None:
    state = make_state(4)
    state.players["usa"].contracts = ["S1", "X1", "X2"]
    new = state.contract_offer["green"][1]
    after = take(state, "CO_1A_L", [new], discard=["X2"])
    assert after.players["usa"].contracts == ["S1", "X1", new] and not after.pending
    with pytest.raises(RuleViolation, match="Discard exactly 1"):
        take(state, "CO_1A_L", [new], discard=["S1", "X1"])
    with pytest.raises(RuleViolation, match="more than 3"):
        take(make_state(4), "CO_1A_L", [new], discard=["S1"])


def test_an_emptied_pile_leaves_its_slots_empty() -> None:
    # ruling R13
    state = make_state(4)
    state.contract_piles["red"] = []
    taken = state.contract_offer["red"][1]
    after = take(state, "CO_1A_L", [taken])
    assert after.contract_offer["red"] == [state.contract_offer["red"][0], None]
    set_active(after, "germany")
    # the remaining face-up tiles can still be taken; the empty slot stays empty
    again = take(after, "CO_1A_R", [after.contract_offer["red"][0]])
    assert again.contract_offer["red"] == [None, None]


def test_table_deals_ask_the_table_which_contract_was_drawn() -> None:
    state = make_state(4, deals="table")
    taken = state.contract_offer["yellow"][0]
    after = take(state, "CO_1A_L", [taken])
    decision = after.pending[-1]
    assert decision.kind == "table_draw" and decision.player is None
    assert decision.options["drawable"] == sorted(state.contract_piles["yellow"])
    assert after.contract_offer["yellow"][0] is None
    with pytest.raises(RuleViolation, match="cannot be drawn"):
        execute(after, {"type": "decide", "answer": {"tile": taken}})
    drawn = decision.options["drawable"][3]
    done = execute(after, {"type": "decide", "answer": {"tile": drawn}}).state
    assert done.contract_offer["yellow"][0] == drawn
    assert drawn not in done.contract_piles["yellow"]
    assert done.active == "germany"
