"""The Construction action (rulebook pp. 13-15): steps, costs, placement rules, income.

Scenario tests name the rulebook example; refusals assert the player-facing message.
"""

from __future__ import annotations

import random

import helpers
import pytest
from test_construction_fixtures import event_types, make_game

from companion.engine import abilities, construction, execute, new_game
from companion.engine.catalog import STRUCTURE_NAMES
from companion.engine.errors import RuleViolation
from companion.engine.events import Recorder
from companion.engine.options import all_commands
from companion.engine.state import Dam, Segment


def build(state, company, structure, space, tile=None, **extra):  # type: ignore[no-untyped-def]
    rec = Recorder(state)
    command = {"type": "build", "player": company, "structure": structure, "space": space,
               "tile": tile or structure, **extra}  # fmt: skip
    helpers.decide_build(rec, company, command)
    return rec


def refusal(state, company, structure, space, tile=None, **extra) -> str:  # type: ignore[no-untyped-def]
    before = state.copy()
    with pytest.raises(RuleViolation) as info:
        build(state, company, structure, space, tile, **extra)
    # validation happens before anything: the state is untouched
    assert state.players[company] == before.players[company]
    assert state.dams == before.dams
    return info.value.message


# -- rulebook examples ---------------------------------------------------------------------


def test_example_p13_first_construction_base_in_the_hills() -> None:
    """EX_BUILD_BASE_HILLS (p. 13): 1 Engineer, Base tile + 4 Excavators, rotate 1."""
    state = make_game()
    rec = build(state, "usa", "base", "6L")
    usa = state.players["usa"]
    assert usa.engineers == 11
    assert usa.excavators == 2
    assert usa.wheel[0].is_empty()
    assert usa.wheel[1].tiles == ["base"] and usa.wheel[1].excavators == 4
    assert usa.built["base"] == 1
    assert state.dams["6L"] == Dam(owner="usa", level=1, drops=0)
    assert usa.constructions_this_round == 1
    assert event_types(rec) == [
        "engineers_placed",
        "wheel_loaded",
        "wheel_rotated",
        "structure_built",
    ]


def test_example_p14_conduit_value_4_costs_8_excavators() -> None:
    """EX_CONDUIT_COST (p. 14): a value-4 conduit costs 8 Excavators."""
    state = make_game()
    cost = construction.structure_cost(state, "usa", "conduit", "C1R", "conduit")
    assert (cost.excavators, cost.mixers) == (8, 0)
    state.players["usa"].excavators = 8
    build(state, "usa", "conduit", "C1R")
    assert state.players["usa"].excavators == 0
    assert state.conduits["C1R"] == "usa"


def test_example_p12_germany_second_base_3_vp_now_and_every_income_phase() -> None:
    """EX_INCOME_2ND_BASE (p. 12): Germany's 2nd Base → 3 VP at once, then in each Income phase."""
    state = make_game()
    build(state, "germany", "base", "9L")
    state.players["germany"].tiles.append("base")  # back from the wheel for the example
    build(state, "germany", "base", "10L")
    germany = state.players["germany"]
    assert germany.vp == 13
    assert germany.ledger[-1].category == "income"
    assert construction.revealed_income_rewards(state, "germany") == [
        ("income:base:2", [{"type": "vp", "amount": 3}])
    ]


def test_edge_case_11_fifth_base_reveals_7_vp() -> None:
    """Edge case 11: the 5th piece of a row gives 7 VP (every company)."""
    state = make_game()
    germany = state.players["germany"]
    germany.built["base"] = 4
    germany.excavators = 10
    build(state, "germany", "base", "9L")
    assert germany.vp == 10 + 7
    sources = [s for s, _ in construction.revealed_income_rewards(state, "germany")]
    assert sources == ["income:base:2", "income:base:4", "income:base:5"]


def test_derived_12_fifth_base_in_round_2_is_worth_28_vp() -> None:
    """companies.md §6 example 12: 7 VP at once + 7 VP in the Income phases of rounds 3-5."""
    state = make_game()
    state.players["usa"].built["base"] = 4
    build(state, "usa", "base", "9L")
    immediate = sum(line.vp for line in state.players["usa"].ledger)
    per_income = [
        r
        for s, rs in construction.revealed_income_rewards(state, "usa")
        if s.endswith(":5")
        for r in rs
    ]
    assert immediate == 7
    assert immediate + 3 * sum(r["amount"] for r in per_income) == 28


def test_edge_case_12_income_of_round_1_builds_paid_at_once() -> None:
    """Edge case 12: a company building in round 1 gets the revealed income at once."""
    state = make_game()
    build(state, "italy", "base", "9L")
    state.players["italy"].tiles.append("base")
    build(state, "italy", "base", "10L")
    assert state.players["italy"].credits == 6 + 3  # Italy's 2nd Base: 3 Credits


# -- engineers and the company board ------------------------------------------------------


def test_derived_11_four_constructions_use_9_engineers_and_3_credits() -> None:
    """companies.md §6 example 11: 1+2+3+3 Engineers; the 4th space costs 3 Credits."""
    state = make_game()
    usa = state.players["usa"]
    usa.excavators = usa.mixers = 30
    usa.tiles = ["base", "conduit", "powerhouse", "wild"]
    build(state, "usa", "base", "9L")
    build(state, "usa", "conduit", "C9L")
    build(state, "usa", "powerhouse", "P9-2")
    build(state, "usa", "base", "10L", tile="wild")
    assert usa.engineers == 12 - 9
    assert usa.credits == 6 - 3
    message = refusal(state, "usa", "elevation", "9L", tile="elevation")
    assert message == "No free construction space left on your company board this round."


def test_not_enough_engineers() -> None:
    state = make_game()
    state.players["usa"].engineers = 1
    state.players["usa"].constructions_this_round = 1
    message = refusal(state, "usa", "base", "9L")
    assert message == "Your 2nd construction this round needs 2 Engineers; you have 1."


def test_edge_case_8_fourth_space_credits_needed_before_engineers() -> None:
    """Edge case 8: an action space's Credits must be affordable before Engineers go down."""
    state = make_game()
    usa = state.players["usa"]
    usa.constructions_this_round = 3
    usa.credits = 2
    message = refusal(state, "usa", "base", "9L")
    assert message == (
        "This construction costs 3 Credits (3 for the 4th construction space); you have 2."
    )


def test_no_tile_in_supply() -> None:
    state = make_game(mode="full")
    state.players["usa"].tiles.remove("base")
    message = refusal(state, "usa", "base", "9L")
    assert "not in your personal supply" in message


def test_tile_must_build_the_structure() -> None:
    state = make_game()
    message = refusal(state, "usa", "base", "9L", tile="conduit")
    assert message.startswith("The conduit tile cannot build a Base")


def test_wild_tile_builds_anything() -> None:
    state = make_game()
    build(state, "usa", "powerhouse", "P9-2", tile="wild")
    assert state.powerhouses["P9-2"] == "usa"
    assert state.players["usa"].wheel[1].tiles == ["wild"]


# -- costs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("space", "excavators"), [("2L", 5), ("6L", 4), ("9L", 3)])
def test_base_cost_by_area(space: str, excavators: int) -> None:
    cost = construction.structure_cost(make_game(), "usa", "base", space, "base")
    assert (cost.excavators, cost.mixers) == (excavators, 0)


def test_base_mountains_refusal_message() -> None:
    state = make_game()
    state.players["usa"].excavators = 4
    message = refusal(state, "usa", "base", "2L")
    assert message == "A Base costs 5 Excavators in the Mountains; you have 4."


@pytest.mark.parametrize(("dam", "mixers"), [("2L", 4), ("6L", 3), ("9L", 2)])
def test_elevation_cost_by_area_of_the_dam(dam: str, mixers: int) -> None:
    state = make_game()
    state.dams[dam] = Dam(owner="usa")
    cost = construction.structure_cost(state, "usa", "elevation", dam, "elevation")
    assert (cost.excavators, cost.mixers, cost.credits_red_border) == (0, mixers, 0)


def test_derived_10_powerhouse_costs_2_3_4_5() -> None:
    state = make_game()
    costs = []
    for built in range(4):
        state.players["usa"].built["powerhouse"] = built
        costs.append(construction.structure_cost(state, "usa", "powerhouse", "P9-2", None).mixers)
    assert costs == [2, 3, 4, 5]


def test_powerhouse_refusal_message() -> None:
    state = make_game()
    state.players["usa"].built["powerhouse"] = 2
    state.players["usa"].mixers = 3
    message = refusal(state, "usa", "powerhouse", "P9-2")
    assert message == "Your 3rd Powerhouse costs 4 Concrete Mixers; you have 3."


def test_edge_case_8_red_border_base_and_powerhouse_pay_3_credits() -> None:
    """Edge case 8: red-bordered spaces charge Bases and Powerhouses 3 Credits."""
    state = make_game()
    build(state, "usa", "base", "9U")
    assert state.players["usa"].credits == 3
    build(state, "usa", "powerhouse", "P9-1", tile="wild")
    assert state.players["usa"].credits == 0


def test_edge_case_8_red_border_never_charged_for_elevations() -> None:
    """Edge case 8: an Elevation on a dam standing on a red-bordered space pays no fee."""
    state = make_game()
    state.dams["9U"] = Dam(owner="usa")
    build(state, "usa", "elevation", "9U")
    assert state.players["usa"].credits == 6
    assert state.dams["9U"].level == 2


def test_red_border_credits_must_be_affordable() -> None:
    state = make_game()
    state.players["usa"].credits = 2
    message = refusal(state, "usa", "base", "9U")
    assert message == (
        "This construction costs 3 Credits (3 for the red-bordered space); you have 2."
    )


# -- placement rules (edge case 9) ---------------------------------------------------------


def test_only_empty_spaces() -> None:
    state = make_game()
    assert refusal(state, "usa", "base", "8L") == "The dam space 8L is already taken."
    state.conduits["C9L"] = "italy"
    assert refusal(state, "usa", "conduit", "C9L") == "The conduit space C9L is already taken."
    state.powerhouses["P9-2"] = "italy"
    message = refusal(state, "usa", "powerhouse", "P9-2")
    assert message == "The powerhouse space P9-2 is already taken."


def test_one_base_per_company_per_basin() -> None:
    state = make_game()
    state.dams["6U"] = Dam(owner="usa")
    message = refusal(state, "usa", "base", "6L")
    assert message == "You already have a Base in basin 6: one Base per company per basin."
    # another company's Base in the basin does not stop you
    state.dams["9U"] = Dam(owner="italy")
    build(state, "usa", "base", "9L")


def test_one_powerhouse_per_company_per_basin() -> None:
    state = make_game()
    state.powerhouses["P8-1"] = "usa"
    message = refusal(state, "usa", "powerhouse", "P8-2")
    assert message == (
        "You already have a Powerhouse in basin 8: one Powerhouse per company per basin."
    )


def test_piece_must_still_be_on_the_company_board() -> None:
    state = make_game()
    state.players["usa"].built["powerhouse"] = 4
    assert refusal(state, "usa", "powerhouse", "P9-2") == "All your Powerhouses are already built."


def test_max_two_elevations() -> None:
    state = make_game()
    state.dams["9U"] = Dam(owner="usa", level=3)
    message = refusal(state, "usa", "elevation", "9U")
    assert message == "The dam on 9U already has 2 Elevations, the most a dam can have."


def test_elevations_only_on_own_dams_never_neutral() -> None:
    state = make_game()
    message = refusal(state, "usa", "elevation", "5L")
    assert message == "The dam on 5L is neutral: Elevations go on your own dams only."
    state.dams["9U"] = Dam(owner="italy")
    message = refusal(state, "usa", "elevation", "9U")
    assert message == "The dam on 9U belongs to Italy: Elevations go on your own dams only."
    message = refusal(state, "usa", "elevation", "9L")
    assert message == "There is no dam on 9L: an Elevation goes on one of your own dams."


def test_wrong_kind_of_space() -> None:
    state = make_game()
    message = refusal(state, "usa", "base", "C9L")
    assert message == "C9L is a conduit space: a Base needs a dam space."


# -- powerhouse slots: bonus and ability ---------------------------------------------------


def test_powerhouse_slots_production_bonus_and_ability() -> None:
    state = make_game()
    usa = state.players["usa"]
    usa.mixers = 30
    seen = []
    for n, space in enumerate(["P5-2", "P6-2", "P7-2", "P9-2"]):
        if n:  # the Powerhouse tile is back from the wheel for the next one
            usa.tiles.append("powerhouse")
        rec = build(state, "usa", "powerhouse", space)
        usa.constructions_this_round = 0
        usa.engineers = 12
        bonus = abilities.board_production_bonus(state, "usa")
        seen.append((bonus, abilities.has_company_ability(state, "usa")))
        if n:
            assert "powerhouse_slot_revealed" in event_types(rec)
    assert seen == [(0, False), (1, False), (1, True), (3, True)]


def test_automa_below_level_2_no_bonus_below_3_no_ability() -> None:
    state = make_game()
    usa = state.players["usa"]
    usa.kind = "automa"
    usa.built["powerhouse"] = 4
    usa.automa_level = 1
    assert abilities.board_production_bonus(state, "usa") == 0
    usa.automa_level = 2
    assert abilities.board_production_bonus(state, "usa") == 3
    assert not abilities.has_company_ability(state, "usa")
    usa.automa_level = 3
    assert abilities.has_company_ability(state, "usa")


# -- options -------------------------------------------------------------------------------


def test_build_options_are_all_legal_and_previewed() -> None:
    state = make_game()
    options = construction.build_options(state, "usa")
    assert options
    for option in options[:: max(1, len(options) // 40)]:
        trial = state.copy()
        helpers.decide_build(Recorder(trial), "usa", option["command"])
        assert trial.players["usa"].built[option["structure"]] == 1
    base_6l = next(o for o in options if o["space"] == "6L" and o["tile"] == "base")
    assert base_6l["preview"]["excavators"] == 4
    assert base_6l["preview"]["engineers"] == 1
    assert {"kind": "excavators", "n": 4} in base_6l["preview"]["chips"]
    # no elevation: USA owns no dam; no conduit of value 4+ (8 Excavators, USA has 6)
    assert not any(o["structure"] == "elevation" for o in options)
    assert not any(o["structure"] == "conduit" and o["space"] == "C1R" for o in options)


def test_build_options_empty_without_construction_space() -> None:
    state = make_game()
    state.players["usa"].constructions_this_round = 4
    assert construction.build_options(state, "usa") == []


def test_open_segment_empty_at_the_start_of_every_construction() -> None:
    state = make_game()
    usa = state.players["usa"]
    usa.excavators = usa.mixers = 40
    usa.credits = 40
    for space in ["9L", "C9L", "P9-2", "10L"]:
        assert usa.wheel[0] == Segment()
        option = next(o for o in construction.build_options(state, "usa") if o["space"] == space)
        helpers.decide_build(Recorder(state), "usa", option["command"])
    assert usa.wheel[0] == Segment()


def test_edge_case_9_placement_rules_together() -> None:
    """Edge case 9: empty spaces only; one Base / one Powerhouse per company per basin; the
    piece must still be on the board; max two Elevations; Elevations only on own dams."""
    state = make_game()
    state.dams["9U"] = Dam(owner="usa", level=3)
    state.powerhouses["P9-1"] = "usa"
    assert construction.placement_error(state, "usa", "base", "8L") is not None  # taken
    assert construction.placement_error(state, "usa", "base", "9L") is not None  # basin 9
    assert construction.placement_error(state, "usa", "powerhouse", "P9-2") is not None
    assert construction.placement_error(state, "usa", "elevation", "9U") is not None  # level 3
    assert construction.placement_error(state, "usa", "elevation", "5L") is not None  # neutral
    assert construction.placement_error(state, "italy", "base", "9L") is None
    state.players["italy"].built["base"] = 5
    assert construction.placement_error(state, "italy", "base", "9L") == (
        "All your Bases are already built."
    )
    legal = construction.legal_spaces(state, "usa", "base")
    assert "9L" not in legal and "8L" not in legal and "10L" in legal


def test_a_payment_that_no_rule_allows_is_refused() -> None:
    state = make_game()
    message = refusal(state, "usa", "base", "9L",
                      payment={"excavators": 0, "mixers": 0, "credits": 9})  # fmt: skip
    assert message == (
        "A Base costs 3 Excavators in the Plains; paying 0 Excavators, 0 Concrete Mixers and "
        "9 Credits is not one of the allowed payments."
    )


def test_free_build_options_limits() -> None:
    state = make_game()
    assert construction.free_build_options(state, "usa", "base", areas=["hills"]) == [
        "5U",
        "6U",
        "6L",
        "7U",
        "7L",
    ]
    conduits = construction.free_build_options(state, "usa", "conduit", max_conduit_value=1)
    assert conduits == ["C9L", "C10R"]
    state.players["usa"].built["conduit"] = 5
    assert construction.free_build_options(state, "usa", "conduit") == []


def test_automa_pays_red_border_credits_as_vp() -> None:
    """An Automa's Credits become VP (economy): a red-bordered Base costs it 3 VP."""
    state = make_game()
    usa = state.players["usa"]
    usa.kind, usa.automa_level, usa.credits = "automa", 3, 0
    build(state, "usa", "base", "9U")
    assert usa.vp == 10 - 3
    assert usa.credits == 0


@pytest.mark.parametrize("seed", [3, 8])
def test_legal_spaces_are_the_spaces_placement_error_allows_all_game_long(seed: int) -> None:
    """p. 14 placement limits: the options' quick look at taken spaces and foreign dams
    (construction.legal_spaces) never drops a space placement_error allows, nor keeps one
    it refuses, from the first turn to a map full of structures (a random legal game)."""
    rng = random.Random(seed)
    state = new_game(helpers.setup_payload(4, seed=seed)).state
    checked = 0
    while not state.finished:
        for company in state.players:
            for structure in STRUCTURE_NAMES:
                every = [
                    s
                    for s in construction.candidate_spaces(structure)
                    if construction.placement_error(state, company, structure, s) is None
                ]
                assert construction.legal_spaces(state, company, structure) == every
                checked += len(every)
        player = state.pending[-1].player if state.pending and state.pending[-1].player else None
        state = execute(state, rng.choice(all_commands(state, player or state.active))).state
    assert checked > 0 and state.dams  # spaces were offered, and the map filled up
