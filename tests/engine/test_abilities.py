"""Company special abilities in water and production: rulebook Appendix 2 "Company boards";
companies.md §1.3-1.4 and §6; contracts ("Production Effects", p. 16); rulings R9, R10, R15,
R16, R25, R27; edge cases 1, 2, 3, 4, 23."""

from __future__ import annotations

import pytest
from test_water_fixtures import build, energy_moves, events_of, recorder, table

from companion.engine import production, water
from companion.engine.commands import read_answer
from companion.engine.errors import RuleViolation
from companion.engine.events import RESOLVERS, Recorder
from companion.engine.state import NEUTRAL, GameState

# -- Germany: a second production (Appendix 2) -----------------------------------------------


def germany_table(**officers: str) -> GameState:
    """Appendix 2 illustration: Germany (3 powerhouses: +1 bonus, ability on) with a level-2
    dam holding 2 drops feeding her Hills powerhouse, and a level-3 dam holding 1 below it,
    linked by a French value-2 conduit to another powerhouse of hers."""
    state = table(officers=officers)
    build(
        state,
        "germany",
        dams={"6U": (2, 2), "7U": (3, 1)},
        conduits=("C6R",),
        powerhouses=("P7-2", "P10-3", "P11-3"),
    )
    build(state, "france", conduits=("C7L",))
    return state


def answer(rec: Recorder, reply: dict) -> None:
    decision = rec.state.pending[-1]
    RESOLVERS[decision.kind](rec, decision, read_answer(reply))


def test_germany_double_production_appendix_2_seven_then_six_paying_france_3_credits() -> None:
    # First: 2 drops × 2 + 1 (2nd-powerhouse bonus) + 2 (action) = 7; the drops flow into
    # basin 7 where her level-3 dam now holds 3. Second: 3 drops through the French conduit of
    # value 2 = 6, no bonus at all, paying France 3 Credits (France scores 3 VP).
    rec = recorder(germany_table())
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2, bonus=2
    )
    assert rec.state.players["germany"].energy == 7
    assert rec.state.dams["7U"].drops == 3
    decision = rec.state.pending[-1]
    assert decision.kind == "second_production"
    assert decision.player == "germany"
    assert [
        (o["dam"], o["powerhouse"], o["drops"], o["energy"]) for o in decision.options["options"]
    ] == [("7U", "P10-3", 1, 2), ("7U", "P10-3", 2, 4), ("7U", "P10-3", 3, 6)]
    assert {"decline": True} in decision.options["answers"]
    answer(rec, {"dam": "7U", "conduit": "C7L", "powerhouse": "P10-3", "drops": 3})
    germany, france = rec.state.players["germany"], rec.state.players["france"]
    assert energy_moves(rec, "germany") == [(7, True), (6, True)]
    assert germany.energy == 13
    assert germany.credits == 3
    assert (france.credits, france.vp) == (9, 13)
    assert rec.state.pending == []  # never a third production


def test_germany_may_decline_the_second_production() -> None:
    rec = recorder(germany_table())
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2, bonus=2
    )
    answer(rec, {"decline": True})
    assert rec.state.pending == []
    assert rec.state.players["germany"].energy == 7
    assert rec.state.dams["7U"].drops == 3


def test_germanys_second_production_needs_another_powerhouse() -> None:
    rec = recorder(germany_table())
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2, bonus=2
    )
    with pytest.raises(RuleViolation) as err:
        answer(rec, {"dam": "6U", "conduit": "C6R", "powerhouse": "P7-2", "drops": 1})
    assert err.value.code == "same_powerhouse"


def test_ruling_r27_germanys_second_production_may_use_the_same_dam() -> None:
    # ruling R27
    state = table()
    build(
        state,
        "germany",
        dams={"5U": (3, 3)},
        conduits=("C5L", "C5R"),
        powerhouses=("P8-2", "P10-3", "P12-3"),
    )
    rec = recorder(state)
    production.decide_produce(
        rec, "germany", dam="5U", conduit="C5L", powerhouse="P8-2", drops=1, bonus=0
    )
    assert rec.state.players["germany"].energy == 3 + 1
    answer(rec, {"dam": "5U", "conduit": "C5R", "powerhouse": "P10-3", "drops": 2})
    assert rec.state.players["germany"].energy == 4 + 8
    assert rec.state.dams["5U"].drops == 0


def test_edge_case_2_no_board_bonus_on_germanys_second_production() -> None:
    state = germany_table()
    state.players["germany"].built["powerhouse"] = 4  # +3 on the first production only
    rec = recorder(state)
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2, bonus=2
    )
    answer(rec, {"dam": "7U", "conduit": "C7L", "powerhouse": "P10-3", "drops": 3})
    assert energy_moves(rec, "germany") == [(4 + 3 + 2, True), (6, True)]


def test_edge_case_3_viktor_minimum_not_on_germanys_second_production() -> None:
    # ruling R10
    rec = recorder(germany_table(germany="viktor_fiesler"))
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=1, bonus=0
    )
    answer(rec, {"dam": "7U", "conduit": "C7L", "powerhouse": "P10-3", "drops": 1})
    # first: 1 × 2 = 2 → 4 (Viktor) + 1 board bonus; second: 1 × 2 = 2, no minimum
    assert energy_moves(rec, "germany") == [(5, True), (2, True)]


def test_edge_case_1_each_production_fulfils_its_own_contract_never_the_sum() -> None:
    state = germany_table()
    state.players["germany"].contracts = ["Y11", "G10", "R12"]  # need 7, 3, 10
    rec = recorder(state)
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2, bonus=2,
        contract="Y11",
    )  # fmt: skip
    options = rec.state.pending[-1].options["options"]
    # 13 in all, but 6 at most in the second production: only G10 (3)
    assert [o["contracts"] for o in options] == [[], ["G10"], ["G10"]]
    with pytest.raises(RuleViolation) as err:
        answer(
            rec,
            {"dam": "7U", "conduit": "C7L", "powerhouse": "P10-3", "drops": 3, "contract": "R12"},
        )
    assert err.value.message == (
        "Contract R12 needs 10 Energy from this single production; it gives 6."
    )
    answer(
        rec, {"dam": "7U", "conduit": "C7L", "powerhouse": "P10-3", "drops": 3, "contract": "G10"}
    )
    germany = rec.state.players["germany"]
    assert germany.fulfilled == ["Y11", "G10"]
    assert germany.contracts == ["R12"]


def test_germany_without_its_3rd_powerhouse_gets_no_second_production() -> None:
    state = germany_table()
    state.players["germany"].built["powerhouse"] = 2
    rec = recorder(state)
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2, bonus=2
    )
    assert rec.state.pending == []


def test_the_contract_reward_choices_are_answered_before_the_second_production() -> None:
    # ruling R16: the contract belongs to the first production (step 5), then step 6.
    state = germany_table()
    state.players["germany"].contracts = ["S4"]  # 4: 2 Credits + 1 Machinery of your choice
    rec = recorder(state)
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2, bonus=2,
        contract="S4",
    )  # fmt: skip
    # the second production waits under the reward's choice; offered once it is answered
    assert [d.kind for d in rec.state.pending] == ["company_effect", "choose_machineries"]
    answer(rec, {"excavators": 1, "mixers": 0})
    assert [d.kind for d in rec.state.pending] == ["second_production"]
    assert rec.state.players["germany"].excavators == 6 + 1


# -- USA: energy for natural flow (Appendix 2, ruling R15) -----------------------------------


def usa_table() -> GameState:
    """USA with 3 powerhouses (ability on), one in basin 9; Italy produces into basin 5."""
    state = table()
    build(state, "usa", powerhouses=("P9-1", "P10-1", "P12-1"))
    build(state, "italy", dams={"3U": (2, 2)}, conduits=("C3L",), powerhouses=("P5-2",))
    build(state, "france", dams={"2U": (1, 1)})
    state.players["usa"].energy = 4
    return state


def test_usa_example_appendix_2_another_players_drops_flow_through_its_powerhouse() -> None:
    # Appendix 2: USA has 4 Energy; another player produces with 2 drops that then flow
    # through the USA powerhouse: the USA marker moves to 6.
    rec = recorder(usa_table())
    production.decide_produce(
        rec, "italy", dam="3U", conduit="C3L", powerhouse="P5-2", drops=2, bonus=0
    )
    assert rec.state.players["usa"].energy == 6
    assert energy_moves(rec, "usa") == [(1, False), (1, False)]


def test_edge_case_23_usa_example_again_in_the_water_flow_phase() -> None:
    # Appendix 2: drops overflowing the full white dam upstream in the Water Flow phase pass
    # the USA powerhouse and trigger the ability again.
    rec = recorder(usa_table())
    production.decide_produce(
        rec, "italy", dam="3U", conduit="C3L", powerhouse="P5-2", drops=2, bonus=0
    )
    water.place_drops(rec, "france", "B", 2, "Water Management")
    water.water_flow_phase(rec)
    assert rec.state.players["usa"].energy == 8
    assert rec.state.dams["2U"].drops == 1


def test_usa_own_production_no_gain_in_the_powerhouses_basin_but_downstream() -> None:
    # ruling R15: drops USA sends into P10-1 by conduit do not trigger basin 10; they trigger
    # the USA powerhouse in basin 12 further downstream.
    state = usa_table()
    state.players["usa"].energy = 0
    build(state, "usa", dams={"5U": (1, 1)}, conduits=("C5R",), powerhouses_built=3)
    rec = recorder(state)
    production.decide_produce(
        rec, "usa", dam="5U", conduit="C5R", powerhouse="P10-1", drops=1, bonus=0
    )
    assert energy_moves(rec, "usa") == [(4 + 1, True), (1, False)]  # +1: board bonus
    assert "basin 12" in [e for e in rec.events if e["type"] == "energy_moved"][-1]["reason"]


def test_usa_no_gain_when_another_player_produces_into_the_same_basin() -> None:
    # Appendix 2: "a production ... another player who has a Powerhouse in the same basin"
    state = usa_table()
    build(state, "italy", dams={"6U": (1, 1)}, conduits=("C6L",), powerhouses=("P9-2",))
    rec = recorder(state)
    production.decide_produce(
        rec, "italy", dam="6U", conduit="C6L", powerhouse="P9-2", drops=1, bonus=0
    )
    assert energy_moves(rec, "usa") == []


def test_usa_gains_for_a_drop_that_stops_in_the_basin_after_passing_its_powerhouse_box() -> None:
    state = table()
    build(state, "usa", powerhouses=("P5-1", "P8-1", "P12-1"))
    build(state, "germany", dams={"5U": (1, 0)})
    rec = recorder(state)
    water.release_drops_now(rec, "germany", ["B"], "Water Management: 1 drop flows now")
    assert rec.state.dams["5U"].drops == 1
    assert energy_moves(rec, "usa") == [(1, False)]


def test_usa_gains_once_per_basin_for_each_drop() -> None:
    state = table()
    build(state, "usa", powerhouses=("P5-1", "P9-3", "P11-2"))
    rec = recorder(state)
    water.release_drops_now(rec, "italy", ["B", "B"], "immediate drops")
    assert energy_moves(rec, "usa") == [(1, False)] * 6
    assert rec.state.players["usa"].energy == 6


def test_usa_ability_needs_the_3rd_powerhouse() -> None:
    state = table()
    build(state, "usa", powerhouses=("P5-1", "P9-3"))
    rec = recorder(state)
    water.release_drops_now(rec, "italy", ["B"], "immediate drop")
    assert energy_moves(rec, "usa") == []


def test_usa_energy_steps_cannot_fulfil_a_contract() -> None:
    state = usa_table()
    state.players["usa"].contracts = ["S3"]
    rec = recorder(state)
    production.decide_produce(
        rec, "italy", dam="3U", conduit="C3L", powerhouse="P5-2", drops=2, bonus=0
    )
    assert all(not usable for _, usable in energy_moves(rec, "usa"))
    assert rec.state.players["usa"].contracts == ["S3"]


# -- Italy: 3 energy steps after a production (Appendix 2) -----------------------------------


def italy_table(built: int = 3) -> GameState:
    state = table()
    build(state, "italy", dams={"2U": (2, 2)}, conduits=("C2L",), powerhouses=("P6-2",))
    state.players["italy"].built["powerhouse"] = built
    state.players["italy"].contracts = ["Y11", "R01"]  # need 7 and 8
    return state


def test_italy_production_7_moves_the_track_to_10_and_fulfils_contracts_up_to_7() -> None:
    # companies.md example 22: a production of 7 can fulfil contracts up to 7; the Energy
    # Track moves 7 + 3 = 10.
    state = italy_table()
    (best,) = [o for o in production.production_options(state, "italy", 0) if o["drops"] == 2]
    assert best["energy"] == 7
    assert best["contracts"] == ["Y11"]
    rec = recorder(state)
    production.decide_produce(
        rec, "italy", dam="2U", conduit="C2L", powerhouse="P6-2", drops=2, bonus=0, contract="Y11"
    )
    assert energy_moves(rec, "italy") == [(7, True), (3, False)]
    assert rec.state.players["italy"].energy == 10
    kinds = [e["type"] for e in rec.events]
    assert kinds.index("contract_fulfilled") < len(kinds) - 1 - kinds[::-1].index("energy_moved")


def test_italys_3_steps_do_not_count_for_a_contract() -> None:
    with pytest.raises(RuleViolation) as err:
        production.decide_produce(
            recorder(italy_table()), "italy", dam="2U", conduit="C2L", powerhouse="P6-2",
            drops=2, bonus=0, contract="R01",
        )  # fmt: skip
    assert err.value.code == "contract_energy"


def test_italy_without_its_3rd_powerhouse_gets_no_extra_steps() -> None:
    rec = recorder(italy_table(built=2))
    production.decide_produce(
        rec, "italy", dam="2U", conduit="C2L", powerhouse="P6-2", drops=2, bonus=0
    )
    assert energy_moves(rec, "italy") == [(7, True)]


# -- France: contracts with 3 energy less (Appendix 2, rulings R9, R25) -----------------------


def france_table(built: int = 3) -> GameState:
    state = table()
    build(state, "france", dams={"2U": (3, 3)}, conduits=("C2R",), powerhouses=("P10-2",))
    state.players["france"].built["powerhouse"] = built
    state.players["france"].contracts = ["R12"]  # needs 10: 7 VP + 3 Credits
    state.national_contracts = ["N3", "N5"]  # need 14 (8 VP + 8 Credits) and 15
    return state


def test_edge_case_4_france_fulfils_a_contract_needing_10_with_a_production_of_7() -> None:
    # companies.md example 21; ruling R9
    state = france_table()
    assert production.production_energy(state, "france", 5, 1, 1) == 7
    assert production.fulfillable_contracts(state, "france", 7) == ["R12"]
    rec = recorder(state)
    production.decide_produce(
        rec, "france", dam="2U", conduit="C2R", powerhouse="P10-2", drops=1, bonus=1,
        contract="R12",
    )  # fmt: skip
    france = rec.state.players["france"]
    assert france.fulfilled == ["R12"]
    assert (france.vp, france.credits) == (17, 9)
    assert [line.category for line in france.ledger] == ["contract"]


def test_france_fulfils_a_national_contract_with_3_less() -> None:
    # Appendix 2: "every Contract (also the National Contracts)"; ruling R9
    state = france_table()
    assert production.fulfillable_contracts(state, "france", 11) == ["R12", "N3"]
    rec = recorder(state)
    production.decide_produce(
        rec, "france", dam="2U", conduit="C2R", powerhouse="P10-2", drops=2, bonus=0,
        contract="N3",
    )  # fmt: skip
    assert rec.state.national_contracts == ["N5"]
    france = rec.state.players["france"]
    assert france.fulfilled == ["N3"]
    assert (france.vp, france.credits) == (18, 14)
    (e,) = events_of(rec, "contract_fulfilled")
    assert e["national"] is True and e["energy"] == 11


def test_france_without_its_3rd_powerhouse_needs_the_full_requirement() -> None:
    state = france_table(built=2)
    assert production.fulfillable_contracts(state, "france", 9) == []
    with pytest.raises(RuleViolation) as err:
        production.decide_produce(
            recorder(state), "france", dam="2U", conduit="C2R", powerhouse="P10-2", drops=1,
            bonus=3, contract="R12",
        )  # fmt: skip
    assert err.value.message == (
        "Contract R12 needs 10 Energy from this single production; it gives 9."
    )


# -- contracts (p. 16) -----------------------------------------------------------------------


def test_only_the_energy_of_the_single_production_counts_not_the_round_total() -> None:
    # edge case 1: a player with 20 Energy this round produces 3: contract S4 (4) is out.
    state = table()
    state.players["usa"].energy = 20
    state.players["usa"].contracts = ["S3", "S4"]
    build(state, "usa", dams={"2U": (1, 1)}, conduits=("C2L",), powerhouses=("P6-1",))
    (option,) = production.production_options(state, "usa", 0)
    assert option["contracts"] == ["S3"]


def test_fulfil_contract_moves_it_face_down_and_resolves_its_reward() -> None:
    state = table()
    state.players["usa"].contracts = ["S3", "G10"]
    rec = recorder(state)
    production.fulfil_contract(rec, "usa", "S3", 2, "Production")
    usa = rec.state.players["usa"]
    assert usa.contracts == ["G10"]
    assert usa.fulfilled == ["S3"]
    assert usa.credits == 9


def test_a_contract_not_in_hand_cannot_be_fulfilled() -> None:
    state = table()
    with pytest.raises(RuleViolation) as err:
        production.fulfil_contract(recorder(state), "usa", "G10", 5, "Production")
    assert err.value.code == "contract_unavailable"


def test_neutral_dams_score_nobody_and_never_hold_4() -> None:
    state = table(officers={"usa": "graziano_del_monte"})
    build(state, NEUTRAL, dams={"10L": (3, 3)})
    assert water.capacity(state, "10L") == 3


def test_the_second_production_never_offers_the_contract_the_first_one_fulfilled() -> None:
    state = germany_table()
    state.players["germany"].contracts = ["G10", "S3"]  # need 3 and 2
    rec = recorder(state)
    production.decide_produce(
        rec, "germany", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2, bonus=2,
        contract="G10",
    )  # fmt: skip
    decision = rec.state.pending[-1]
    assert all("G10" not in o["contracts"] for o in decision.options["options"])
    assert all(a.get("contract") != "G10" for a in decision.options["answers"])
    assert ["S3"] in [o["contracts"] for o in decision.options["options"]]
