"""Worked examples of the rulebook and of the references' example tables that had no scenario
test of their own: each test is named after its example and asserts the example's numbers.

components.md §11 (EX_TRACK_ACCUM, EX_ONE_CONTRACT, EX_NATIONAL_14, EX_BONUS_R1_BASES,
EX_RESOURCES_15 and the "derived checks"); rulebook pp. 16 and 18-21.
"""

from __future__ import annotations

import pytest
from helpers import make_state, place_conduit, place_dam, place_powerhouse, set_active

from companion.engine import RuleViolation, execute, legal_options, rounds, scoring
from companion.engine.events import Recorder
from companion.engine.state import GameState


def seven_energy_system(state: GameState, company: str) -> None:
    """2 drops in an own level-2 dam (5U), an own value-3 conduit (C5L) to an own powerhouse in
    basin 8: 2 × 3 = 6, + 1 on the +1 Turbine Station space = 7 (no board bonus: 1 powerhouse)."""
    place_dam(state, "5U", company, level=2, drops=2)
    place_conduit(state, "C5L", company)
    place_powerhouse(state, "P8-1", company)


def produce(company: str, space: str, dam: str, conduit: str, powerhouse: str, drops: int,
            contract: str | None = None) -> dict:  # fmt: skip
    command = {"type": "produce", "player": company, "space": space, "dam": dam,
               "conduit": conduit, "powerhouse": powerhouse, "drops": drops}  # fmt: skip
    if contract:
        command["contract"] = contract
    return command


def test_ex_track_accum_marker_at_5_produces_7_and_reaches_12() -> None:
    # rulebook p. 16, Production: the marker moves on from where it is (components.md §11)
    state = make_state(4, clear_headstreams=True)
    set_active(state, "france")
    seven_energy_system(state, "france")
    state.players["france"].energy = 5
    out = execute(state, produce("france", "TS_P1_L", "5U", "C5L", "P8-1", 2))
    assert out.state.players["france"].energy == 12


def test_ex_one_contract_production_7_with_two_fulfillable_contracts_fulfils_only_one() -> None:
    # rulebook p. 16, contract example; components.md §11 EX_ONE_CONTRACT; edge case 1:
    # production 7 could fulfil S4 (4) or G09 (3); one production fulfils one contract, and
    # the player takes G09: 2 energy steps and 2 wheel rotations.
    state = make_state(4, clear_headstreams=True)
    set_active(state, "france")
    seven_energy_system(state, "france")
    france = state.players["france"]
    france.contracts = ["S4", "G09"]
    offered = [
        c["command"]
        for a in legal_options(state, "france")["actions"]
        for c in a["choices"]
        if c["command"]["type"] == "produce" and c["command"]["space"] == "TS_P1_L"
    ]
    assert {c.get("contract") for c in offered if c["drops"] == 2} == {None, "S4", "G09"}
    out = execute(state, produce("france", "TS_P1_L", "5U", "C5L", "P8-1", 2, "G09"))
    after = out.state.players["france"]
    assert after.fulfilled == ["G09"]
    assert after.contracts == ["S4"]  # the other one stays face up in hand
    assert after.energy == 7 + 2
    assert [e["type"] for e in out.events].count("wheel_rotated") == 2


def test_ex_national_14_a_single_production_of_14_fulfils_a_national_needing_14() -> None:
    # components.md §11 EX_NATIONAL_14; rulebook p. 16: 3 drops × 4 + 2 = 14 fulfils N3
    state = make_state(4, clear_headstreams=True)
    set_active(state, "italy")
    state.national_contracts = ["N3"]
    place_dam(state, "5U", "italy", level=3, drops=3)
    place_conduit(state, "C5R", "italy")  # value 4 -> basin 10
    place_powerhouse(state, "P10-3", "italy")
    # 3 × 4 + 1 = 13 is one short
    with pytest.raises(RuleViolation):
        execute(state, produce("italy", "TS_P1_L", "5U", "C5R", "P10-3", 3, "N3"))
    out = execute(state, produce("italy", "TS_P2_L", "5U", "C5R", "P10-3", 3, "N3"))
    italy = out.state.players["italy"]
    assert italy.energy == 14
    assert "N3" in italy.fulfilled and out.state.national_contracts == []
    assert (italy.vp, italy.credits) == (10 + 8, 6 + 8)


def test_ex_bonus_r1_bases_round_1_with_6_energy_scores_4_vp_per_base() -> None:
    # rulebook p. 20, Scoring; components.md §11 EX_BONUS_R1_BASES
    state = make_state(4)
    state.bonus_tiles[0] = "B_BASES"
    state.players["france"].built["base"] = 3
    state.players["france"].energy = 6
    state.players["usa"].built["base"] = 2
    state.players["usa"].energy = 5  # below 6: nothing
    rec = Recorder(state)
    rounds.scoring_phase(rec)
    bonus = {
        c: sum(
            e["vp"]
            for e in rec.events
            if e["type"] == "vp_scored" and e["company"] == c and e["category"] == "bonus_tile"
        )
        for c in ("france", "usa")
    }
    assert bonus == {"france": 12, "usa": 0}


def test_ex_resources_15_first_printing_3_mixers_5_excavators_7_credits_give_3_vp() -> None:
    # components.md §11 EX_RESOURCES_15 (the first printing's version of p. 21's example)
    assert scoring.resource_vp(credits=7, excavators=5, mixers=3) == 3


@pytest.mark.parametrize(("tied", "each"), [(2, 4), (3, 3), (4, 2)])
def test_derived_a_tie_for_first_on_energy_pools_8_vp(tied: int, each: int) -> None:
    # components.md §11 derived checks; ruling R1: 6 + 2 pooled, rounded up
    energies = {f"p{i}": 9 for i in range(tied)}
    assert scoring.energy_ranking_vp(energies) == dict.fromkeys(energies, each)


def test_derived_round_2_with_11_energy_and_1_item_scores_0() -> None:
    # components.md §11 derived checks: 1 × 4 VP, one section behind round 2 -> 4 - 4 = 0
    assert scoring.bonus_tile_vp(4, 1, 11, 2) == 0


def test_derived_turn_order_10_4_10_15_becomes_b_c_a_d() -> None:
    # components.md §11 derived checks; p. 21 End of Round; ruling R28
    state = make_state(4)
    a, b, c, d = state.turn_order
    for company, energy in zip((a, b, c, d), (10, 4, 10, 15), strict=True):
        state.players[company].energy = energy
    assert rounds.next_turn_order(state) == [b, c, a, d]
