"""Management-board actions and the placing of Engineers (pp. 11, 16-19; rulings R6, R17)."""

from __future__ import annotations

import pytest
from helpers import event_types, give, make_state, set_active, set_wheel

from companion.engine import CommandError, RuleViolation, catalog, execute, management
from companion.engine.state import GameState


def act(state: GameState, **command: object) -> GameState:
    return execute(state, {"player": state.active, **command}).state


def refused(state: GameState, **command: object) -> RuleViolation:
    before = state.copy()
    with pytest.raises(RuleViolation) as info:
        execute(state, {"player": state.active, **command})
    assert state == before  # a refused command changes nothing
    return info.value


# -- placing Engineers (p. 11) -----------------------------------------------------------------


def test_a_red_outlined_space_costs_3_credits_on_placement() -> None:
    state = make_state(4)
    after = act(state, type="water", space="WM_2_R", headstreams=["A", "B"])
    usa = after.players["usa"]
    assert usa.credits == 3 and usa.engineers == 10
    assert after.occupied["WM_2_R"] == "usa"


def test_the_fee_and_the_action_cost_must_be_affordable_before_placing() -> None:
    # edge case 8
    state = make_state(4)
    give(state, "usa", credits=4)
    error = refused(state, type="workshop", space="WS_3_R")
    assert "3 Credits for the red outline + 5 Credits for the action" in error.message


def test_left_and_right_spaces_are_exclusive() -> None:
    state = make_state(4)
    state = act(state, type="workshop", space="WS_1_L")
    error = refused(state, type="workshop", space="WS_1_L")
    assert "already taken" in error.message
    act(state, type="workshop", space="WS_1_R")  # the other side is still free


def test_not_enough_engineers_for_the_space() -> None:
    state = make_state(4)
    give(state, "usa", engineers=1)
    error = refused(state, type="workshop", space="WS_1_R")
    assert "needs 2 Engineer(s); you have 1" in error.message


def test_blocked_spaces_cannot_be_used_with_two_players() -> None:
    state = make_state(2)
    error = refused(state, type="workshop", space="WS_2_L")
    assert "not used with 2 players" in error.message


def test_no_engineers_for_an_action_that_cannot_be_performed() -> None:
    # p. 11: "you cannot place Engineers in an action space without performing the action"
    state = make_state(4)
    error = refused(
        state, type="produce", space="TS_0_L", dam="1L", conduit="C1L", powerhouse="P8-2", drops=1
    )
    assert "cannot produce" in error.message


def test_only_the_active_player_acts() -> None:
    state = make_state(4)
    with pytest.raises(RuleViolation, match="It is USA's turn"):
        execute(state, {"type": "bank", "player": "germany", "engineers": 1})


def test_unknown_spaces_and_commands_are_malformed() -> None:
    state = make_state(4)
    with pytest.raises(CommandError):
        execute(state, {"type": "workshop", "player": "usa", "space": "WM_1_L"})
    with pytest.raises(CommandError):
        execute(state, {"type": "dance", "player": "usa"})


def test_a_turn_is_one_action_then_the_next_player() -> None:
    state = make_state(4)
    state = act(state, type="bank", engineers=2)
    assert state.active == "germany"


# -- passing (ruling R17) --------------------------------------------------------------------


def test_no_voluntary_pass_while_holding_an_engineer() -> None:
    state = make_state(4)
    error = refused(state, type="pass")
    assert "ruling R17" in error.message


def test_a_player_without_engineers_passes_and_takes_no_further_action() -> None:
    state = make_state(2)
    state = act(state, type="bank", engineers=12)
    state = act(state, type="bank", engineers=1)
    state = act(state, type="pass")
    assert state.players["usa"].passed and state.active == "germany"
    set_active(state, "usa")
    with pytest.raises(RuleViolation, match="passed"):
        execute(state, {"type": "bank", "player": "usa", "engineers": 1})


# -- Bank (p. 18) ----------------------------------------------------------------------------------


def test_the_bank_takes_any_number_of_engineers_and_is_never_taken() -> None:
    state = make_state(4)
    state = act(state, type="bank", engineers=3)
    state = act(state, type="bank", engineers=1)
    assert state.players["usa"].credits == 9 and state.players["germany"].credits == 7
    assert state.bank == {"usa": 3, "germany": 1}
    assert "BANK" not in state.occupied


@pytest.mark.parametrize(("n", "message"), [(0, "at least 1"), (13, "12 Engineer(s)")])
def test_the_bank_refuses_impossible_numbers(n: int, message: str) -> None:
    assert message in refused(make_state(4), type="bank", engineers=n).message


# -- Workshop (p. 17) ------------------------------------------------------------------------


def test_workshop_example_page_17_pay_2_to_rotate_two_segments() -> None:
    # Workshop (p. 17): Viktor pays 2 Credits to rotate his wheel by two segments and takes
    # back the tiles and Machineries that reach the open segment.
    state = make_state(4)
    set_wheel(state, "usa", 5, ["base"], excavators=4)
    set_wheel(state, "usa", 4, ["conduit"], excavators=2, mixers=1)
    state.players["usa"].tiles.remove("base")
    state.players["usa"].tiles.remove("conduit")
    usa_before = state.players["usa"]
    excavators, mixers = usa_before.excavators, usa_before.mixers
    after = act(state, type="workshop", space="WS_2_L")
    usa = after.players["usa"]
    assert usa.credits == 6 - 2 and usa.engineers == 10
    assert usa.excavators == excavators + 6 and usa.mixers == mixers + 1
    assert {"base", "conduit"} <= set(usa.tiles)
    assert all(segment.is_empty() for segment in usa.wheel)


def test_workshop_three_segments_costs_5() -> None:
    state = make_state(4)
    after = execute(state, {"type": "workshop", "player": "usa", "space": "WS_3_L"})
    assert after.state.players["usa"].credits == 1
    assert event_types(after).count("wheel_rotated") == 3


# -- Machinery Shop (p. 17) ------------------------------------------------------------------


def test_machinery_shop_spaces() -> None:
    state = make_state(4)
    state = act(state, type="buy_machinery", space="MS_EXC_L")
    assert (state.players["usa"].excavators, state.players["usa"].credits) == (7, 4)
    state = act(state, type="buy_machinery", space="MS_BOTH_L")
    germany = state.players["germany"]
    assert (germany.excavators, germany.mixers, germany.credits) == (7, 5, 1)


def test_the_four_player_shop_space_takes_a_machinery_of_your_choice() -> None:
    state = make_state(4)
    error = refused(state, type="buy_machinery", space="MS_ANY_L")
    assert "Excavator or a Concrete Mixer" in error.message
    state = act(state, type="buy_machinery", space="MS_ANY_L", choice="mixer")
    assert (state.players["usa"].mixers, state.players["usa"].credits) == (5, 2)


# -- Water Management (p. 16) ----------------------------------------------------------------


def test_water_management_two_drops_wait_for_the_water_flow() -> None:
    state = make_state(4, clear_headstreams=True)
    state = act(state, type="water", space="WM_2_L", headstreams=["A", "C"])
    assert state.headstreams == {"A": 1, "B": 0, "C": 1, "D": 0}
    state = act(state, type="water", space="WM_2_R", headstreams=["D", "D"])
    assert state.headstreams["D"] == 2


def test_water_management_one_drop_flows_at_once() -> None:
    state = make_state(4, clear_headstreams=True)
    outcome = execute(
        state, {"type": "water", "player": "usa", "space": "WM_1_L", "headstreams": ["B"]}
    )
    assert outcome.state.headstreams == {"A": 0, "B": 0, "C": 0, "D": 0}
    flowed = [e for e in outcome.events if e["type"] == "drop_flowed"]
    assert len(flowed) == 1 and flowed[0]["headstream"] == "B"
    assert any("animate" in step for step in outcome.instructions)


@pytest.mark.parametrize(
    ("space", "letters", "message"),
    [
        ("WM_2_L", [], "at least 1 drop"),  # ruling R6
        ("WM_2_L", ["A", "B", "C"], "at most 2"),
        ("WM_1_L", ["A", "B"], "at most 1"),
        ("WM_2_L", ["E"], "A, B, C and D"),
    ],
)
def test_water_management_refusals(space: str, letters: list[str], message: str) -> None:
    state = make_state(4)
    assert message in refused(state, type="water", space=space, headstreams=letters).message


# -- Patent Office (p. 19) ---------------------------------------------------------------------


def test_patent_office_is_not_in_the_introductory_game() -> None:
    state = make_state(4)
    assert "introductory" in refused(state, type="patent", space="PO_1").message


def test_buying_a_patent_and_the_refill_at_the_end_of_the_round() -> None:
    state = make_state(2, mode="full", seed=5)
    company = state.active
    tile = state.patent_offer[1]
    state = act(state, type="patent", space="PO_2")
    player = state.players[company]
    assert tile in player.tiles and player.advanced_tiles_acquired == [tile]
    assert player.credits == 6 - 5 and player.engineers == 10
    assert state.patent_offer[1] is None
    # another player cannot buy from the emptied space this round
    state.occupied.pop("PO_2")
    set_active(state, state.turn_order[1])
    assert "until the end of the round" in refused(state, type="patent", space="PO_2").message
    # end of round: the two tiles left are discarded, three new ones from pile I then II
    left_in_one = list(state.patent_piles["I"])
    set_active(state, company)
    from companion.engine import rounds
    from companion.engine.events import Recorder

    rec = Recorder(state)
    rounds.end_of_round(rec)
    from companion.engine.management import refill_patents_step

    assert refill_patents_step(rec, "")
    assert state.patent_offer[:2] == left_in_one
    assert state.patent_offer[2].startswith("L2_")


def test_both_spaces_of_an_action_can_be_taken_by_the_same_player() -> None:
    # Management Actions (p. 15): "Both action spaces can be occupied by the same player
    # during the same round."
    state = make_state(2)
    give(state, "usa", credits=10)
    state = act(state, type="buy_machinery", space="MS_EXC_L")
    state = act(state, type="bank", engineers=1)
    state = act(state, type="buy_machinery", space="MS_EXC_R")
    assert state.occupied["MS_EXC_L"] == state.occupied["MS_EXC_R"] == "usa"
    assert state.players["usa"].credits == 10 - 2 - 5


# -- Turbine Station (p. 16) -------------------------------------------------------------------


def _usa_system(state: GameState) -> None:
    from helpers import place_conduit, place_dam, place_powerhouse

    place_dam(state, "1U", "usa", level=2, drops=2)
    place_conduit(state, "C1R", "usa")  # value 4, to basin 5
    place_powerhouse(state, "P5-2", "usa")


def test_a_production_takes_the_bonus_of_its_turbine_station_space() -> None:
    state = make_state(4)
    _usa_system(state)
    after = act(
        state, type="produce", space="TS_P2_L", dam="1U", conduit="C1R", powerhouse="P5-2", drops=2
    )
    usa = after.players["usa"]
    assert usa.energy == 4 * 2 + 2 and usa.engineers == 10
    assert after.dams["1U"].drops == 0 and after.occupied["TS_P2_L"] == "usa"


def test_the_red_outlined_turbine_space_costs_3_credits_and_the_malus_space_reduces() -> None:
    state = make_state(4)
    _usa_system(state)
    after = act(
        state, type="produce", space="TS_P2_R", dam="1U", conduit="C1R", powerhouse="P5-2", drops=1
    )
    assert after.players["usa"].credits == 3 and after.players["usa"].energy == 4 + 2
    after = act(
        state, type="produce", space="TS_M2_L", dam="1U", conduit="C1R", powerhouse="P5-2", drops=1
    )
    assert after.players["usa"].energy == 4 - 2 and after.players["usa"].engineers == 11


def test_a_production_space_must_be_a_turbine_station_space() -> None:
    state = make_state(4)
    _usa_system(state)
    with pytest.raises(CommandError):
        execute(
            state,
            {
                "type": "produce",
                "player": "usa",
                "space": "WS_1_L",
                "dam": "1U",
                "conduit": "C1R",
                "powerhouse": "P5-2",
                "drops": 1,
            },
        )


@pytest.mark.parametrize(
    ("engineers", "credits"), [(0, 0), (0, 9), (1, 0), (1, 2), (2, 3), (1, 10)]
)
def test_the_options_quick_look_at_a_supply_agrees_with_the_refusal(
    engineers: int, credits: int
) -> None:
    """p. 11: Engineers and Credits are paid on placement. The options' yes/no look
    (management.supply_fits) says yes exactly where supply_problem says nothing, on every
    space of the board, for supplies short of and rich in Engineers and Credits."""
    state = make_state(4)
    usa = state.players["usa"]
    usa.engineers, usa.credits = engineers, credits
    answers = set()
    for space in catalog.MANAGEMENT_SPACES.values():
        for needed in {space.engineers or 1, 1, 2, 3}:
            fits = management.supply_fits(state, "usa", space, needed)
            assert fits == (management.supply_problem(state, "usa", space, needed) is None)
            answers.add(fits)
    assert answers == ({False} if engineers == 0 else {True, False})  # both answers seen
