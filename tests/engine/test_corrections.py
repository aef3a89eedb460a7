"""The correction sheet: any tracked value can be set; each correction is a logged event."""

from __future__ import annotations

import pytest
from helpers import make_state, place_dam, setup_payload

from companion.engine import CommandError, RuleViolation, execute, rebuild


def correct(state, **fields):
    return execute(state, {"type": "correct", "reason": "the table says so", **fields})


def test_resources_and_energy_are_set() -> None:
    state = make_state(4)
    for what, value in (("credits", 11), ("excavators", 2), ("mixers", 0), ("energy", 7)):
        state = correct(state, what=what, company="germany", value=value).state
    germany = state.players["germany"]
    assert (germany.credits, germany.excavators, germany.mixers, germany.energy) == (11, 2, 0, 7)
    assert state.active == "usa"  # a correction is not a turn


def test_vp_correction_goes_through_the_ledger() -> None:
    state = correct(make_state(4), what="vp", company="italy", value=17).state
    italy = state.players["italy"]
    assert italy.vp == 17
    assert italy.ledger[-1].category == "correction" and italy.ledger[-1].vp == 7
    assert italy.ledger[-1].reason == "Italy VP 10 → 17 — the table says so"


def test_drops_structures_contracts_and_wheel() -> None:
    state = make_state(4)
    state = correct(state, what="headstream_drops", space="C", value=3).state
    state = correct(
        state,
        what="structure",
        company="usa",
        space="1U",
        value={"structure": "base", "present": True},
    ).state
    state = correct(state, what="dam_drops", space="1U", value=1).state
    state = correct(
        state,
        what="structure",
        company="usa",
        space="C1L",
        value={"structure": "conduit", "present": True},
    ).state
    state = correct(
        state,
        what="contract",
        company="usa",
        value={"contract": "S1", "present": True, "fulfilled": True},
    ).state
    state = correct(
        state,
        what="wheel_segment",
        company="usa",
        space=2,
        value={"tiles": ["base"], "excavators": 3, "mixers": 0},
    ).state
    usa = state.players["usa"]
    assert state.headstreams["C"] == 3
    assert state.dams["1U"].owner == "usa" and state.dams["1U"].drops == 1
    assert state.conduits["C1L"] == "usa" and usa.built["base"] == 1 and usa.built["conduit"] == 1
    assert usa.contracts == [] and usa.fulfilled == ["S1"]
    assert usa.wheel[2].tiles == ["base"] and usa.wheel[2].excavators == 3
    state = correct(
        state,
        what="structure",
        company="usa",
        space="1U",
        value={"structure": "base", "present": False},
    ).state
    assert "1U" not in state.dams and state.players["usa"].built["base"] == 0


def test_corrections_are_replayed_from_the_log() -> None:
    payload = setup_payload(2, seed=3)
    from companion.engine import new_game

    state = new_game(payload).state
    outcome = correct(state, what="credits", company="usa", value=1)
    assert rebuild(payload, [{"command": {}, "events": outcome.events}]) == outcome.state


def test_bad_corrections_are_refused() -> None:
    state = make_state(4)
    with pytest.raises(CommandError):
        correct(state, what="luck", company="usa", value=1)
    with pytest.raises(RuleViolation, match="cannot be negative"):
        correct(state, what="credits", company="usa", value=-2)
    with pytest.raises(RuleViolation, match="no dam"):
        correct(state, what="dam_drops", space="7U", value=1)


def test_a_correction_cannot_put_more_drops_in_a_dam_than_it_holds() -> None:
    # p. 5: a dam holds as many drops as its level; the table corrects the level first
    state = make_state(2)
    place_dam(state, "5L", "usa", level=1)
    with pytest.raises(RuleViolation, match="holds at most 1 drop"):
        execute(
            state,
            {"type": "correct", "what": "dam_drops", "space": "5L", "value": 2, "reason": "x"},
        )
    assert state.dams["5L"].drops == 0
