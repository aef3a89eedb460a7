"""Production: rulebook "Production" / "Connections" (p. 6), "Turbine Station" and
"Production Effects" (pp. 15-16), "Where does the water go?" (p. 16), Appendix 3 (Viktor
Fiesler); map.md §5 and §11; rulings R9, R10, R16, R19; edge cases 1, 2, 3, 14, 22."""

from __future__ import annotations

import pytest
from test_water_fixtures import build, energy_moves, events_of, recorder, table

from companion.engine import production
from companion.engine.errors import RuleViolation
from companion.engine.state import NEUTRAL, GameState


def produce(state: GameState, company: str, **kw: object):
    rec = recorder(state)
    kw.setdefault("bonus", 0)
    production.decide_produce(rec, company, **kw)  # type: ignore[arg-type]
    return rec


# -- rulebook examples -----------------------------------------------------------------------


def test_production_9_turbine_station_example() -> None:
    # Turbine Station (p. 15): +1 space, 2 drops from a neutral dam through an Italian conduit
    # of value 4: 4 × 2 + 1 = 9 Energy; pay Italy 2 Credits, Italy scores 2 VP.
    state = table()
    build(state, NEUTRAL, dams={"5L": (2, 2)})
    build(state, "italy", conduits=("C5R",))
    build(state, "usa", powerhouses=("P10-3",))
    rec = produce(state, "usa", dam="5L", conduit="C5R", powerhouse="P10-3", drops=2, bonus=1)
    usa, italy = rec.state.players["usa"], rec.state.players["italy"]
    assert energy_moves(rec, "usa") == [(9, True)]
    assert usa.energy == 9
    assert usa.credits == 4
    assert italy.credits == 8
    assert italy.vp == 12
    assert italy.ledger[-1].category == "conduit_use"
    assert rec.state.dams["5L"].drops == 0


def test_production_3_own_dam_own_conduit_value_3_one_drop() -> None:
    # Production concept (p. 6): 1 drop through an own value-3 conduit gives 3 Energy.
    state = table()
    build(state, "germany", dams={"2U": (1, 1)}, conduits=("C2L",), powerhouses=("P6-2",))
    rec = produce(state, "germany", dam="2U", conduit="C2L", powerhouse="P6-2", drops=1)
    assert rec.state.players["germany"].energy == 3
    assert rec.state.players["germany"].credits == 6  # own conduit: nothing to pay


def test_production_6_neutral_dam_through_germanys_value_3_conduit() -> None:
    # Production concept (p. 6): 2 drops from a neutral dam through Germany's value-3 conduit
    # give 6 Energy; Germany gets 2 Credits and 2 VP.
    state = table()
    build(state, NEUTRAL, dams={"5L": (2, 2)})
    build(state, "germany", conduits=("C5L",))
    build(state, "usa", powerhouses=("P8-2",))
    rec = produce(state, "usa", dam="5L", conduit="C5L", powerhouse="P8-2", drops=2)
    germany = rec.state.players["germany"]
    assert rec.state.players["usa"].energy == 6
    assert (germany.credits, germany.vp) == (8, 12)


def test_where_does_the_water_go_p16() -> None:
    # p. 16: 1 drop from red's Hills dam through his conduit to his powerhouse; it flows into
    # the Plains, passes red's full level-1 dam and stops at the next dam with room (green's).
    state = table()
    build(
        state, "usa", dams={"5U": (1, 1), "10U": (1, 1)}, conduits=("C5R",), powerhouses=("P10-3",)
    )
    build(state, "italy", dams={"10L": (1, 0)})
    rec = produce(state, "usa", dam="5U", conduit="C5R", powerhouse="P10-3", drops=1)
    (drop,) = events_of(rec, "drop_flowed")
    assert drop["path"] == ["10U", "10L"]
    assert drop["stopped_at"] == "10L"
    assert drop["from_basin"] == 10
    assert rec.state.dams["10L"].drops == 1


# -- map.md §11 tricky cases -----------------------------------------------------------------


def test_a_powerhouse_and_a_dam_of_the_same_basin_are_not_connected() -> None:
    state = table()
    build(state, "usa", dams={"5U": (1, 1)}, conduits=("C1R",), powerhouses=("P5-1",))
    assert production.production_systems(state, "usa") == []
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="5U", conduit="C1R", powerhouse="P5-1", drops=1)
    assert err.value.message == (
        "Your powerhouse in basin 5 is not connected to dam 5U: a dam and a powerhouse in the "
        "same basin are never connected."
    )


def test_a_conduit_serves_both_dams_of_its_basin() -> None:
    # Anyone's C1L (value 5) lets a player with a powerhouse in basin 8 produce from 1U or
    # from a neutral dam on 1L.
    state = table()
    build(state, NEUTRAL, dams={"1L": (1, 1)})
    build(state, "usa", dams={"1U": (2, 2)}, powerhouses=("P8-1",))
    build(state, "germany", conduits=("C1L",))
    systems = production.production_systems(state, "usa")
    assert [(s.dam, s.conduit, s.powerhouse, s.conduit_owner) for s in systems] == [
        ("1L", "C1L", "P8-1", "germany"),
        ("1U", "C1L", "P8-1", "germany"),
    ]
    assert (
        produce(state, "usa", dam="1L", conduit="C1L", powerhouse="P8-1", drops=1)
        .state.players["usa"]
        .energy
        == 5
    )


def test_edge_case_22_released_drops_are_caught_by_the_powerhouse_basins_own_dams() -> None:
    # Produce through C6R into P7-x: the drops meet 7U, then 7L, then go on to basin 10.
    state = table()
    build(
        state, "italy", dams={"6U": (2, 2), "7U": (1, 0)}, conduits=("C6R",), powerhouses=("P7-2",)
    )
    build(state, NEUTRAL, dams={"7L": (2, 1)})
    rec = produce(state, "italy", dam="6U", conduit="C6R", powerhouse="P7-2", drops=2)
    first, second = events_of(rec, "drop_flowed")
    assert (first["path"], first["stopped_at"]) == (["7U"], "7U")
    assert (second["path"], second["stopped_at"]) == (["7U", "7L"], "7L")


def test_drops_released_into_a_bottom_plains_powerhouse_leave_the_map() -> None:
    state = table()
    build(state, "france", dams={"8U": (2, 2)}, conduits=("C8L",), powerhouses=("P11-4",))
    rec = produce(state, "france", dam="8U", conduit="C8L", powerhouse="P11-4", drops=2)
    assert [e["left_map"] for e in events_of(rec, "drop_flowed")] == ["EXIT_L", "EXIT_L"]
    assert rec.state.players["france"].energy == 6


def test_producing_through_another_players_conduit_with_0_credits_is_not_possible() -> None:
    state = table(credits=0)
    build(state, NEUTRAL, dams={"5L": (2, 1)})
    build(state, "italy", conduits=("C5R",))
    build(state, "usa", powerhouses=("P10-3",))
    assert production.production_options(state, "usa", 0) == []
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="5L", conduit="C5R", powerhouse="P10-3", drops=1)
    assert err.value.code == "insufficient_credits"


# -- refusals ----------------------------------------------------------------------------


def test_refusal_cannot_pay_the_conduit_owner() -> None:
    state = table()
    state.players["usa"].credits = 1
    build(state, NEUTRAL, dams={"5L": (2, 2)})
    build(state, "italy", conduits=("C5R",))
    build(state, "usa", powerhouses=("P10-3",))
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="5L", conduit="C5R", powerhouse="P10-3", drops=2)
    assert err.value.message == "You need 2 Credits to pay Italy for its conduit; you have 1."


def test_refusal_more_drops_than_the_dam_holds() -> None:
    state = table()
    build(state, "usa", dams={"5U": (2, 1)}, conduits=("C5R",), powerhouses=("P10-3",))
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="5U", conduit="C5R", powerhouse="P10-3", drops=2)
    assert err.value.message == "That dam holds only 1 drop."


def test_refusal_another_players_dam() -> None:
    state = table()
    build(state, "germany", dams={"5U": (2, 2)})
    build(state, "usa", conduits=("C5R",), powerhouses=("P10-3",))
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="5U", conduit="C5R", powerhouse="P10-3", drops=1)
    assert err.value.code == "not_your_dam"
    assert "own dams or neutral dams" in err.value.message


def test_refusal_another_players_powerhouse_or_a_missing_conduit() -> None:
    state = table()
    build(state, "usa", dams={"5U": (2, 2)}, conduits=("C5R",))
    build(state, "germany", powerhouses=("P10-3",))
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="5U", conduit="C5R", powerhouse="P10-3", drops=1)
    assert err.value.code == "not_your_powerhouse"
    build(state, "usa", powerhouses=("P8-1",))
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="5U", conduit="C5L", powerhouse="P8-1", drops=1)
    assert err.value.message == "No conduit has been built on C5L."


def test_refusal_a_conduit_to_another_basin() -> None:
    state = table()
    build(state, "usa", dams={"5U": (2, 2)}, conduits=("C5R",), powerhouses=("P8-1",))
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="5U", conduit="C5R", powerhouse="P8-1", drops=1)
    assert err.value.message == (
        "Conduit C5R leads to basin 10, not to your powerhouse in basin 8."
    )


def test_refusal_a_production_below_1_energy() -> None:
    # Turbine Station (p. 15): a production totalling less than 1 Energy is not allowed.
    state = table()
    build(state, "usa", dams={"9U": (1, 1)}, conduits=("C9L",), powerhouses=("P11-1",))
    with pytest.raises(RuleViolation) as err:
        produce(state, "usa", dam="9U", conduit="C9L", powerhouse="P11-1", drops=1, bonus=-2)
    assert err.value.code == "no_energy"
    assert production.production_options(state, "usa", -2) == []
    assert len(production.production_options(state, "usa", -1)) == 0
    assert len(production.production_options(state, "usa", 0)) == 1


def test_a_refused_production_changes_nothing() -> None:
    state = table()
    build(state, "usa", dams={"5U": (2, 1)}, conduits=("C5R",), powerhouses=("P10-3",))
    rec = recorder(state)
    with pytest.raises(RuleViolation):
        production.decide_produce(
            rec, "usa", dam="5U", conduit="C5R", powerhouse="P10-3", drops=3, bonus=0
        )
    assert rec.events == []
    assert rec.state == state


# -- energy ------------------------------------------------------------------------------


def test_board_bonus_plus_1_from_the_2nd_powerhouse_and_plus_3_from_the_4th() -> None:
    state = table()
    build(state, "france", dams={"2U": (2, 2)}, conduits=("C2L",), powerhouses=("P6-2",))
    for built, bonus in ((1, 0), (2, 1), (3, 1), (4, 3)):
        state.players["france"].built["powerhouse"] = built
        assert production.production_energy(state, "france", 3, 2, 2) == 6 + 2 + bonus


def test_viktor_minimum_4_one_drop_value_2() -> None:
    # Appendix 3, companies.md example 20: 1 drop × 2 = 2 counts as 4.
    state = table(officers={"france": "viktor_fiesler"})
    build(state, "france", dams={"6U": (1, 1)}, conduits=("C6R",), powerhouses=("P7-2",))
    rec = produce(state, "france", dam="6U", conduit="C6R", powerhouse="P7-2", drops=1)
    assert rec.state.players["france"].energy == 4


def test_viktor_minimum_4_on_a_minus_2_space_with_board_bonus_plus_1_gives_3() -> None:
    # companies.md example 20: the minimum comes before the bonuses: 4 − 2 + 1 = 3.
    state = table(officers={"france": "viktor_fiesler"})
    build(state, "france", dams={"6U": (1, 1)}, conduits=("C6R",), powerhouses=("P7-2", "P11-1"))
    rec = produce(state, "france", dam="6U", conduit="C6R", powerhouse="P7-2", drops=1, bonus=-2)
    assert rec.state.players["france"].energy == 3


def test_viktor_does_not_change_a_production_of_more_than_3() -> None:
    state = table(officers={"france": "viktor_fiesler"})
    assert production.production_energy(state, "france", 5, 1, 0) == 5
    assert production.production_energy(state, "france", 1, 3, 0) == 4
    assert production.production_energy(state, "usa", 1, 3, 0) == 3


def test_mahiri_copying_viktor_gets_the_minimum_for_the_turn() -> None:
    state = table(officers={"usa": "mahiri_sekibo"})
    assert production.production_energy(state, "usa", 2, 1, 0) == 2
    state.players["usa"].copied_officer = "viktor_fiesler"
    assert production.production_energy(state, "usa", 2, 1, 0) == 4


def test_edge_case_14_the_energy_marker_keeps_the_true_total_past_30() -> None:
    # ruling R19
    state = table()
    state.players["usa"].energy = 28
    build(state, "usa", dams={"1U": (2, 2)}, conduits=("C1L",), powerhouses=("P8-1",))
    rec = produce(state, "usa", dam="1U", conduit="C1L", powerhouse="P8-1", drops=2)
    assert rec.state.players["usa"].energy == 38


# -- the steps of one production (ruling R16) ------------------------------------------------


def test_ruling_r16_drops_flow_before_the_owner_is_paid() -> None:
    # ruling R16: take drops → energy → drops flow on → pay the conduit's owner.
    state = table()
    build(state, NEUTRAL, dams={"5L": (2, 2)})
    build(state, "italy", conduits=("C5R",))
    build(state, "usa", powerhouses=("P10-3",))
    rec = produce(state, "usa", dam="5L", conduit="C5R", powerhouse="P10-3", drops=2, bonus=1)
    kinds = [e["type"] for e in rec.events]
    assert kinds[:4] == ["production_made", "energy_moved", "drop_flowed", "drop_flowed"]
    assert kinds[4:] == ["credits_paid", "credits_gained", "vp_scored"]


def test_automa_conduit_owner_scores_vp_for_the_credits() -> None:
    state = table(automas=("italy",))
    build(state, NEUTRAL, dams={"5L": (2, 2)})
    build(state, "italy", conduits=("C5R",))
    build(state, "usa", powerhouses=("P10-3",))
    rec = produce(state, "usa", dam="5L", conduit="C5R", powerhouse="P10-3", drops=2)
    italy = rec.state.players["italy"]
    assert italy.credits == 6
    assert italy.vp == 10 + 2 + 2  # 1 VP per drop, and each Credit becomes a VP
    assert {line.category for line in italy.ledger} == {"conduit_use"}


# -- options -----------------------------------------------------------------------------


def test_production_options_preview_label_and_commands() -> None:
    state = table()
    build(state, "usa", dams={"3U": (2, 2)}, powerhouses=("P5-2",))
    build(state, "italy", conduits=("C3L",))
    state.players["usa"].contracts = ["G10", "Y11"]  # need 3 and 7
    options = production.production_options(state, "usa", 1)
    assert [(o["drops"], o["energy"]) for o in options] == [(1, 5), (2, 9)]
    one, two = options
    assert two["system_label"] == "3U → C3L(4) → P5-2 · up to 2 drops · 9 energy · pays ITA 2₵"
    assert two["label"] == "3U → C3L(4) → P5-2 · 2 drops · 9 energy · pays ITA 2₵"
    assert two["pays"] == {"owner": "italy", "credits": 2}
    assert one["contracts"] == ["G10"]
    assert two["contracts"] == ["G10", "Y11"]
    assert two["command"] == {"dam": "3U", "conduit": "C3L", "powerhouse": "P5-2", "drops": 2}
    assert two["commands"][2] == {**two["command"], "contract": "Y11"}


def test_production_options_preview_where_the_drops_go() -> None:
    # "Where does the water go?" (p. 16): the produced drops flow on from the powerhouse's
    # basin 5 (5U, 5L, P9, 9U, 9L, exit); Germany's dam 9U has room for 1 drop of its 2.
    state = table()
    build(state, "usa", dams={"3U": (2, 2)}, conduits=("C3L",), powerhouses=("P5-2",))
    build(state, "germany", dams={"9U": (2, 1)})
    one, two = production.production_options(state, "usa", 0)
    assert one["stops_at"] == ["9U"]
    assert one["flow_text"] == "Then 1 drop stops at 9U."
    assert two["stops_at"] == ["9U", None]
    assert two["flow_text"] == "Then 1 drop stops at 9U, 1 leaves the map."
    assert state.dams["9U"].drops == 1  # a preview changes nothing
    rec = produce(state, "usa", dam="3U", conduit="C3L", powerhouse="P5-2", drops=2)
    flowed = [e["stopped_at"] for e in events_of(rec, "drop_flowed")]
    assert flowed == two["stops_at"]


def test_no_conduit_leads_back_upstream_of_its_dam() -> None:
    # The production preview relies on it: the drops released from the powerhouse's basin
    # never pass the dam they came from (map.md §5).
    from companion.engine.board import SPACES, basin_course

    for space in SPACES.values():
        if space.kind == "conduit":
            assert space.basin not in basin_course(space.destination_basin), space.id


def test_production_systems_without_water_for_previews() -> None:
    state = table()
    build(state, "usa", dams={"3U": (2, 0)}, conduits=("C3L",), powerhouses=("P5-2",))
    assert production.production_systems(state, "usa") == []
    (system,) = production.production_systems(state, "usa", with_water=False)
    assert system.label() == "3U → C3L(4) → P5-2"


def test_production_events_are_json_and_refolding_them_rebuilds_the_state() -> None:
    # The log is the history: applying the recorded events to the old state gives the new one.
    import json

    from companion.engine.events import apply

    state = table()
    build(state, NEUTRAL, dams={"5L": (2, 2)})
    build(state, "italy", conduits=("C5R",), dams={"10U": (1, 0)})
    build(state, "usa", powerhouses=("P10-3", "P9-1", "P12-2"))
    state.players["usa"].contracts = ["G10"]
    rec = produce(
        state, "usa", dam="5L", conduit="C5R", powerhouse="P10-3", drops=2, bonus=1, contract="G10"
    )
    events = json.loads(json.dumps(rec.events))
    folded = state.copy()
    for e in events:
        apply(folded, e)
    assert folded == rec.state
