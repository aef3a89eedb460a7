"""Private Buildings (The Leeghwater Project; leeghwater.md §4, §8): worked examples X3-X10,
X12, X19-X21, rulings L1 (numbers), L3 (the first user takes the left space), L6, L8, and one
test per building action."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import events_of, give, place_conduit, place_dam, place_powerhouse, set_wheel
from leeghwater_helpers import expansion_state, put_buildings, put_on_offer

from companion.engine import execute, legal_options, scoring
from companion.engine.errors import RuleViolation
from companion.engine.state import GameState

ALL = ("cofferdam", "loan_agency", "wind_farm", "customer_office", "control_station")


def _ready(*tiles: str, activated: tuple[str, ...] = (), **supply: int) -> tuple[GameState, str]:
    state = expansion_state(2, seed=4)
    company = str(state.active)
    put_buildings(state, *(tiles or ALL))
    for tile in activated:
        state.leeghwater["building_spaces"][tile][0] = company
    give(state, company, **supply)
    return state, company


def _other(state: GameState, company: str) -> str:
    return next(c for c in state.players if c != company)


def _use(state: GameState, company: str, tile: str, **extra: Any) -> Any:
    return execute(state, {"type": "building_action", "player": company, "building": tile, **extra})


def _decide(state: GameState, answer: dict[str, Any]) -> Any:
    player = state.pending[-1].player
    return execute(state, {"type": "decide", "player": player, "answer": answer})


def _turn(state: GameState, company: str) -> GameState:
    """Give `company` the turn again (a fixture: the other seats' turns are not the point)."""
    state.active = company
    state.turn_done = False
    return state


def _build(state: GameState, company: str, space: str, tile: str = "building", **extra: Any) -> Any:
    command = {"type": "build", "player": company, "structure": "building", "space": space,
               "tile": tile, **extra}  # fmt: skip
    return execute(state, command)


# -- building a Building ---------------------------------------------------------------------


def test_x6_wind_farm_on_a_red_bordered_space_with_the_basic_tile() -> None:
    # X6: wheel gets the tile + 6 E + 2 M; pays 3 Cr (space 3 is red-bordered)
    state, company = _ready("wind_farm", "cofferdam", excavators=6, mixers=2, credits=5)
    out = _build(state, company, "BS_wind_farm_3")
    player = out.state.players[company]
    segment = player.wheel[1]  # loaded in the open segment, then turned 1
    assert (segment.tiles, segment.excavators, segment.mixers) == (["building"], 6, 2)
    assert player.credits == 2
    assert out.state.leeghwater["building_spaces"]["wind_farm"][2] == company


def test_x7_l2_building_puts_one_machinery_type_only() -> None:
    # X7: with L2_BUILDING: tile + 2 M (or tile + 6 E); still 3 Cr
    state, company = _ready("wind_farm", "cofferdam", excavators=0, mixers=2, credits=3)
    state.players[company].tiles.append("L2_BUILDING")
    out = _build(state, company, "BS_wind_farm_3", "L2_BUILDING", payment={"mixers": 2})
    segment = out.state.players[company].wheel[1]
    assert (segment.tiles, segment.excavators, segment.mixers) == (["L2_BUILDING"], 0, 2)
    assert out.state.players[company].credits == 0
    state.players[company].excavators = 6
    other = _build(state, company, "BS_wind_farm_3", "L2_BUILDING", payment={"excavators": 6})
    assert other.state.players[company].wheel[1].excavators == 6


def test_x8_l3_building_scores_the_vp_now_and_again_at_the_end() -> None:
    # X8: Customer Office with L3_BUILDING: +7 VP now, +7 at the end (14)
    state, company = _ready("customer_office", "cofferdam", excavators=3, mixers=5)
    state.players[company].tiles.append("L3_BUILDING")
    vp = state.players[company].vp
    out = _build(state, company, "BS_customer_office_1", "L3_BUILDING")
    assert out.state.players[company].vp == vp + 7
    assert scoring.building_vp(out.state, company) == 7


def test_l1_building_performs_the_action_at_once_without_engineers() -> None:
    # leeghwater.md §8: L1_BUILDING; the action-symbol cost is paid, not a space's surcharge
    state, company = _ready("financial_division", "cofferdam", excavators=3, mixers=4, credits=0)
    state.players[company].tiles.append("L1_BUILDING")
    out = _build(state, company, "BS_financial_division_1", "L1_BUILDING")
    assert out.state.players[company].credits == 5
    assert not any(s.startswith("PB_") for s in out.state.occupied)  # its spaces stay open


def test_l1_any_waives_the_red_border_for_a_building_ruling_l6() -> None:
    state, company = _ready("cofferdam", "wind_farm", excavators=2, mixers=1, credits=0)
    state.players[company].tiles.append("L1_ANY")
    out = _build(state, company, "BS_cofferdam_4", "L1_ANY")
    assert out.state.leeghwater["building_spaces"]["cofferdam"][3] == company


def test_one_building_per_tile_and_a_blocked_space_is_refused() -> None:
    state, company = _ready("cofferdam", "wind_farm", activated=("cofferdam",), excavators=9,
                            mixers=9)  # fmt: skip
    with pytest.raises(RuleViolation, match="one per tile"):
        _build(state, company, "BS_cofferdam_2")
    state.leeghwater["building_spaces"]["wind_farm"][3] = "blocked"
    with pytest.raises(RuleViolation, match="ruling L8"):
        _build(state, company, "BS_wind_farm_4")


def test_a_building_needs_a_tile_that_builds_buildings() -> None:
    state, company = _ready("cofferdam", "wind_farm", excavators=9, mixers=9)
    with pytest.raises(RuleViolation, match="cannot build a Building"):
        _build(state, company, "BS_cofferdam_1", "base")


def test_building_options_are_listed_and_accepted() -> None:
    state, company = _ready("cofferdam", "wind_farm", excavators=2, mixers=1, credits=2)
    build = next(a for a in legal_options(state)["actions"] if a["type"] == "build")
    commands = [c["command"] for c in build["choices"] if c["command"]["structure"] == "building"]
    # 2 players: spaces 1-2 open; Cofferdam's red spaces are not offered anyway (ruling L8)
    spaces = sorted(c["space"] for c in commands)
    assert spaces == ["BS_cofferdam_1", "BS_cofferdam_2"]
    for command in commands:
        execute(state, command)


def test_x10_building_vp_at_the_end_of_the_game() -> None:
    # X10: Cofferdam, Loan Agency, Wind Farm, Customer Office activated: 3 + 4 + 5 + 7 = 19
    state, company = _ready("cofferdam", "loan_agency", "wind_farm", "customer_office",
                            "control_station",
                            activated=("cofferdam", "loan_agency", "wind_farm",
                                       "customer_office"))  # fmt: skip
    assert scoring.building_vp(state, company) == 19


def test_x12_buildings_bonus_tile_two_sections_behind() -> None:
    # X12: round 5, B_BUILDINGS, 2 built, energy 20: 2 sections behind, 8 - 8 = 0
    state, company = _ready(activated=("cofferdam", "wind_farm"), energy=20)
    assert scoring.bonus_tile_count(state, company, "B_BUILDINGS") == 2
    assert scoring.bonus_tile_score(state, company, "B_BUILDINGS", 5) == 0


# -- using a building ------------------------------------------------------------------------


def test_x3_loan_agency_first_user_pays_two_credits_a_machinery() -> None:
    # X3: first user, 13 Cr, takes C1 (6 Machineries): 1 Eng, pays 12 (1 left), +8 VP, wheel 3
    state, company = _ready(activated=("loan_agency",), credits=13)
    put_on_offer(state, "C1", None, None)
    engineers, vp = state.players[company].engineers, state.players[company].vp
    out = _use(state, company, "loan_agency")
    assert out.state.pending[-1].options["answers"] == [{"slot": 1}]
    done = _decide(out.state, {"slot": 1})
    player = done.state.players[company]
    assert player.engineers == engineers - 1 and player.credits == 1 and player.vp == vp + 8
    assert len(events_of(done, "wheel_rotated")) == 3
    assert done.state.leeghwater["external_taken"][company] == ["C1"]


def test_x4_loan_agency_second_user_two_engineers_no_surcharge() -> None:
    # X4: second user takes A2 (1 M): 2 Eng, 0 surcharge; pays 2, gains 3 (net +1), rotates 2
    state, company = _ready(activated=("loan_agency",), credits=5)
    state.occupied["PB_loan_agency_L"] = _other(state, company)
    put_on_offer(state, "A2", None, None)
    engineers = state.players[company].engineers
    out = _use(state, company, "loan_agency")
    assert out.state.occupied["PB_loan_agency_R1"] == company
    done = _decide(out.state, {"slot": 1})
    assert done.state.players[company].engineers == engineers - 2
    assert done.state.players[company].credits == 6
    assert len(events_of(done, "wheel_rotated")) == 2


def test_x5_control_station_second_user_produces_with_three_more() -> None:
    # X5: second user; 2 Powerhouses; 2 drops × conduit 3: 2 Eng + 3 Cr; 2×3 + 3 + 1 = 10
    state, company = _ready(activated=("control_station",), credits=3, energy=0)
    state.occupied["PB_control_station_L"] = _other(state, company)
    place_dam(state, "2U", company, drops=2)
    place_conduit(state, "C2L", company)
    place_powerhouse(state, "P6-1", company)
    place_powerhouse(state, "P7-1", company)
    engineers = state.players[company].engineers
    out = _use(state, company, "control_station")
    assert out.state.players[company].credits == 0
    assert out.state.players[company].engineers == engineers - 2
    answers = out.state.pending[-1].options["answers"]
    answer = next(a for a in answers if a["dam"] == "2U" and a["drops"] == 2)
    done = _decide(out.state, answer).state
    assert done.players[company].energy == 10


def test_x9_research_lab_takes_back_half_rounded_down() -> None:
    # X9: a segment of 3 E + 2 M gives back 2 Machineries of choice; a segment of 1 gives 0
    state, company = _ready("research_lab", "cofferdam", activated=("research_lab",),
                            excavators=0, mixers=0)  # fmt: skip
    set_wheel(state, company, 2, excavators=3, mixers=2)
    set_wheel(state, company, 4, excavators=1)
    out = _use(state, company, "research_lab")
    answers = out.state.pending[-1].options["answers"]
    assert answers == [
        {"segment": 2, "excavators": 2, "mixers": 0},
        {"segment": 2, "excavators": 1, "mixers": 1},
        {"segment": 2, "excavators": 0, "mixers": 2},
    ]
    done = _decide(out.state, {"segment": 2, "excavators": 1, "mixers": 1}).state
    player = done.players[company]
    assert (player.excavators, player.mixers) == (1, 1)
    assert (player.wheel[2].excavators, player.wheel[2].mixers) == (2, 1)


def test_x19_margot_uses_financial_division_twice_in_a_round() -> None:
    # X19: Financial Division left (1 Eng), then Margot's own space (1 Eng): +10 Cr, 2 Eng
    state, company = _ready("financial_division", "cofferdam",
                            activated=("financial_division",), credits=0)  # fmt: skip
    state.players[company].officer = "margot_fouche"
    engineers = state.players[company].engineers
    first = _use(state, company, "financial_division").state
    with pytest.raises(RuleViolation, match="once a round"):
        _use(_turn(first, company), company, "financial_division")
    second = _use(_turn(first, company), company, "financial_division", margot=True).state
    assert second.players[company].credits == 10
    assert second.players[company].engineers == engineers - 2
    with pytest.raises(RuleViolation, match="already used this round"):
        _use(_turn(second, company), company, "financial_division", margot=True)


def test_x20_robot_factory_one_credit_for_two_machineries_of_choice() -> None:
    # X20: pays 1 Cr; gains (2 E), (1 E + 1 M) or (2 M)
    state, company = _ready("robot_factory", "cofferdam", activated=("robot_factory",),
                            credits=1, excavators=0, mixers=0)  # fmt: skip
    out = _use(state, company, "robot_factory")
    assert out.state.players[company].credits == 0
    assert out.state.pending[-1].options["answers"] == [
        {"excavators": 2, "mixers": 0}, {"excavators": 1, "mixers": 1},
        {"excavators": 0, "mixers": 2}]  # fmt: skip
    done = _decide(out.state, {"excavators": 1, "mixers": 1}).state
    assert (done.players[company].excavators, done.players[company].mixers) == (1, 1)


def test_x21_energy_relay_field_four_steps_not_for_a_contract() -> None:
    # X21: pays 1 Cr; energy +4; cannot fulfil a contract
    state, company = _ready("energy_relay_field", "cofferdam",
                            activated=("energy_relay_field",), credits=1, energy=0)  # fmt: skip
    state.players[company].contracts = ["G06"]
    out = _use(state, company, "energy_relay_field")
    assert out.state.players[company].energy == 4 and out.state.players[company].credits == 0
    assert not out.state.pending


def test_the_first_user_takes_the_left_space_then_the_right_ruling_l3() -> None:
    state, company = _ready("financial_division", "cofferdam", activated=("financial_division",))
    other = _other(state, company)
    state.leeghwater["building_spaces"]["financial_division"][1] = other
    first = _use(state, company, "financial_division").state
    assert first.occupied["PB_financial_division_L"] == company
    credits = first.players[other].credits
    second = _use(_turn(first, other), other, "financial_division").state
    assert second.occupied["PB_financial_division_R1"] == other
    assert second.players[other].credits == credits + 5  # right space: 2 Eng, no Credits (L1)


def test_only_a_company_that_activated_the_building_may_use_it() -> None:
    state, company = _ready("financial_division", "cofferdam")
    with pytest.raises(RuleViolation, match="Only a company with a Building"):
        _use(state, company, "financial_division")


def test_cofferdam_puts_a_drop_on_a_neutral_or_own_dam() -> None:
    state, company = _ready("cofferdam", "wind_farm", activated=("cofferdam",))
    place_dam(state, "2U", company, level=2, drops=0)
    out = _use(state, company, "cofferdam")
    answers = out.state.pending[-1].options["answers"]
    assert {"dam": "2U"} in answers
    neutral = [s for s, d in state.dams.items() if d.owner == "neutral" and d.drops < d.level]
    assert all({"dam": s} in answers for s in neutral)
    done = _decide(out.state, {"dam": "2U"}).state
    assert done.dams["2U"].drops == 1


def test_development_office_takes_a_tile_back_leaving_the_machineries() -> None:
    state, company = _ready("development_office", "cofferdam",
                            activated=("development_office",))  # fmt: skip
    set_wheel(state, company, 3, tiles=["base"], excavators=4)
    state.players[company].tiles.remove("base")
    out = _use(state, company, "development_office")
    done = _decide(out.state, {"segment": 3, "tile": "base"}).state
    assert "base" in done.players[company].tiles
    assert done.players[company].wheel[3].excavators == 4


def test_wind_farm_two_credits_five_energy_for_one_contract() -> None:
    state, company = _ready("wind_farm", "cofferdam", activated=("wind_farm",), credits=2, energy=0)
    state.players[company].contracts = ["Y01", "Y06"]  # 5 and 6 energy
    out = _use(state, company, "wind_farm")
    assert out.state.players[company].energy == 5 and out.state.players[company].credits == 0
    assert {"contract": "Y01"} in out.state.pending[-1].options["answers"]
    assert {"contract": "Y06"} not in out.state.pending[-1].options["answers"]


def test_customer_office_three_credits_any_own_contract() -> None:
    state, company = _ready("customer_office", "cofferdam", activated=("customer_office",),
                            credits=3, energy=0)  # fmt: skip
    state.players[company].contracts = ["Y06"]
    out = _use(state, company, "customer_office")
    done = _decide(out.state, {"contract": "Y06"}).state
    assert "Y06" in done.players[company].fulfilled and done.players[company].energy == 0
    assert done.players[company].credits == 0


def test_an_action_that_cannot_be_performed_takes_no_engineers() -> None:
    state, company = _ready("customer_office", "cofferdam", activated=("customer_office",),
                            credits=3)  # fmt: skip
    state.players[company].contracts = []
    with pytest.raises(RuleViolation, match="no face-up contract"):
        _use(state, company, "customer_office")


def test_building_action_options_are_listed_and_accepted() -> None:
    state, company = _ready("financial_division", "wind_farm",
                            activated=("financial_division", "wind_farm"), credits=0)  # fmt: skip
    group = next(a for a in legal_options(state)["actions"] if a["type"] == "building_action")
    commands = [c["command"] for c in group["choices"]]
    assert commands == [{"type": "building_action", "player": company,
                         "building": "financial_division"}]  # fmt: skip
    assert group["choices"][0]["label"] == (
        "Financial Division, left space (1 Engineer) — gain 5 Credits"
    )
    execute(state, commands[0])


def test_control_station_needs_credits_for_the_conduit_owner_after_the_space() -> None:
    # you cannot place Engineers for an action you cannot perform (p. 11): on a right space
    # (3 Credits) nothing is left to pay another player's conduit (1 Credit a drop)
    state, company = _ready(activated=("control_station",), credits=3)
    other = _other(state, company)
    state.occupied["PB_control_station_L"] = other
    place_dam(state, "2U", company, drops=2)
    place_conduit(state, "C2L", other)
    place_powerhouse(state, "P6-1", company)
    with pytest.raises(RuleViolation, match="Credits for another player's conduit"):
        _use(state, company, "control_station")
    state.players[company].credits = 4  # 3 for the space, 1 for a 1-drop production
    out = _use(state, company, "control_station")
    assert {a["drops"] for a in out.state.pending[-1].options["answers"]} == {1}
