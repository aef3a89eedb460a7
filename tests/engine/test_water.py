"""Water: rulebook "Water" (p. 5), "Water Management" (p. 17), "Water Flow Phase" (p. 19),
map.md §3-§4 and §11, rulings R8, R11, R14, edge cases 5, 13, 22."""

from __future__ import annotations

import pytest
from test_water_fixtures import build, events_of, recorder, table

from companion.engine import water
from companion.engine.errors import CommandError
from companion.engine.events import Recorder
from companion.engine.state import NEUTRAL


def flowed(rec: Recorder) -> list[dict]:
    return events_of(rec, "drop_flowed")


# -- the course of a drop (map.md §3) --------------------------------------------------------


def test_headstream_course_passes_mountain_dams_then_the_powerhouse_box_then_u_then_l() -> None:
    state = table()
    t = water.trace(state, headstream="B")
    assert t.path == ("B", "2U", "2L", "P5", "5U", "5L", "P9", "9U", "9L", "P11", "EXIT_L")
    assert t.left_map == "EXIT_L"
    assert t.stopped_at is None
    assert t.powerhouse_boxes == (5, 9, 11)


@pytest.mark.parametrize(
    ("letter", "exit_id"), [("A", "EXIT_L"), ("B", "EXIT_L"), ("C", "EXIT_R"), ("D", "EXIT_R")]
)
def test_each_headstream_leaves_by_its_exit(letter: str, exit_id: str) -> None:
    assert water.trace(table(), headstream=letter).left_map == exit_id


def test_rivers_c_and_d_merge_at_basin_10() -> None:
    state = table()
    assert water.trace(state, headstream="D").path[-5:] == ("P10", "10U", "10L", "P12", "EXIT_R")
    assert water.trace(state, headstream="C").path[-5:] == ("P10", "10U", "10L", "P12", "EXIT_R")


def test_edge_case_22_released_drop_starts_at_the_basins_upper_dam_not_its_powerhouse_box() -> None:
    # Tricky case "released drops can be caught in the same basin": through C6R into P7-x the
    # drops meet 7U, then 7L, then go on to basin 10.
    state = table()
    build(state, "italy", dams={"7U": (1, 0)})
    rec = recorder(state)
    water.flow_drop(rec, from_basin=7, reason="production")
    (e,) = flowed(rec)
    assert e["path"] == ["7U"]
    assert e["stopped_at"] == "7U"
    assert rec.state.dams["7U"].drops == 1
    assert water.trace(table(), from_basin=7).path == (
        "7U", "7L", "P10", "10U", "10L", "P12", "EXIT_R",
    )  # fmt: skip


@pytest.mark.parametrize(("basin", "exit_id"), [(11, "EXIT_L"), (12, "EXIT_R")])
def test_drops_released_into_basin_11_or_12_leave_the_map_at_once(basin: int, exit_id: str) -> None:
    rec = recorder(table())
    water.flow_drop(rec, from_basin=basin, reason="production")
    (e,) = flowed(rec)
    assert e["path"] == [exit_id]
    assert e["left_map"] == exit_id


# -- capturing (p. 5) ------------------------------------------------------------------------


def test_dam_capture_example_p5_two_drops_reach_a_level_2_neutral_dam_holding_1() -> None:
    # Rulebook p. 5: the dam holds one flowing drop, the other passes and flows on.
    state = table()
    build(state, NEUTRAL, dams={"5L": (2, 1)})
    rec = recorder(state)
    water.release_drops_now(rec, "usa", ["B", "B"], "Water Management: 1 drop flows now")
    first, second = flowed(rec)
    assert first["stopped_at"] == "5L"
    assert second["stopped_at"] is None
    assert second["left_map"] == "EXIT_L"
    assert "5L" in second["path"]
    assert rec.state.dams["5L"].drops == 2


def test_a_full_dam_and_an_empty_dam_space_are_passed_a_dam_with_room_catches_whoevers() -> None:
    state = table()
    build(state, "usa", dams={"1U": (1, 1)})  # full
    build(state, "germany", dams={"8L": (2, 0)})  # room; 1L and 8U have no dam
    t = water.trace(state, headstream="A")
    assert t.path == ("A", "1U", "1L", "P8", "8U", "8L")
    assert t.stopped_at == "8L"


def test_the_mountains_neutral_dam_starts_full_and_catches_nothing() -> None:
    state = table()
    build(state, NEUTRAL, dams={"3L": (1, 1)})
    assert water.capacity(state, "3L") == 1
    assert water.reach_from_headstream(state, "C") is None


def test_capacity_is_the_level_and_zero_without_a_dam() -> None:
    state = table()
    build(state, "usa", dams={"1U": (1, 0), "2U": (2, 0), "3U": (3, 0)})
    assert [water.capacity(state, s) for s in ("1U", "2U", "3U", "4U")] == [1, 2, 3, 0]


# -- Graziano Del Monte (Appendix 3, ruling R11) --------------------------------------------


def test_graziano_level_3_dam_holds_4_and_catches_a_4th_drop_during_a_flow() -> None:
    state = table(officers={"italy": "graziano_del_monte"})
    build(state, "italy", dams={"1U": (3, 3), "2U": (2, 0), "3U": (1, 0)})
    assert water.capacity(state, "1U") == 4
    assert water.capacity(state, "2U") == 2  # level 1/2 dams hold 1/2 as usual
    assert water.capacity(state, "3U") == 1
    rec = recorder(state)
    water.place_drops(rec, "usa", "A", 2, "Water Management")
    water.water_flow_phase(rec)
    first, second = flowed(rec)
    assert first["stopped_at"] == "1U"
    assert rec.state.dams["1U"].drops == 4
    assert second["stopped_at"] is None


def test_edge_case_5_graziano_never_gives_4_to_a_neutral_level_3_dam() -> None:
    # ruling R11
    state = table(officers={"italy": "graziano_del_monte"})
    build(state, NEUTRAL, dams={"8L": (3, 3)})
    assert water.capacity(state, "8L") == 3
    assert water.reach_from_headstream(state, "A") is None


def test_graziano_does_not_help_other_players_dams() -> None:
    state = table(officers={"italy": "graziano_del_monte"})
    build(state, "usa", dams={"1U": (3, 0)})
    assert water.capacity(state, "1U") == 3


def test_mahiri_copying_graziano_holds_4_this_turn_and_keeps_the_4th_drop_after() -> None:
    # Appendix 3: "for the duration of the current turn and as long as the 4 drops don't leave"
    state = table(officers={"france": "mahiri_sekibo"})
    build(state, "france", dams={"4U": (3, 3)})
    assert water.capacity(state, "4U") == 3
    state.players["france"].copied_officer = "graziano_del_monte"
    rec = recorder(state)
    water.release_drops_now(rec, "france", ["D"], "Water Management")
    assert rec.state.dams["4U"].drops == 4
    rec.state.players["france"].copied_officer = None  # the turn is over
    assert water.capacity(rec.state, "4U") == 3
    assert rec.state.dams["4U"].drops == 4  # the 4th drop stays
    assert water.reach_from_headstream(rec.state, "D") is None


# -- placing drops, immediate drops, phases --------------------------------------------------


def test_water_management_two_drops_wait_on_their_headstreams_for_the_water_flow_phase() -> None:
    rec = recorder(table())
    water.place_drops(rec, "usa", "A", 1, "Water Management: 2 drops")
    water.place_drops(rec, "usa", "C", 1, "Water Management: 2 drops")
    assert rec.state.headstreams == {"A": 1, "B": 0, "C": 1, "D": 0}
    assert not flowed(rec)


def test_an_immediate_drop_flows_alone_and_older_waiting_drops_stay() -> None:
    state = table()
    state.headstreams["B"] = 2
    build(state, "usa", dams={"2U": (2, 0)})
    rec = recorder(state)
    water.release_drops_now(rec, "usa", ["B"], "Water Management: 1 drop flows now")
    (e,) = flowed(rec)
    assert e["stopped_at"] == "2U"
    assert e["waiting"] is False
    assert rec.state.headstreams["B"] == 2
    assert rec.state.dams["2U"].drops == 1


def test_water_flow_example_p19_drops_1_to_5() -> None:
    # Rulebook p. 19, Water Flow Phase. Drops 1 and 2 (left headstream) pass a full level-1
    # Mountains dam and reach a level-3 Plains dam holding 2: drop 1 is caught, drop 2 leaves
    # the map. Drops 3, 4, 5 (right headstream): drop 3 fills a level-2 Mountains dam holding
    # 1; drop 4 fills the upper level-2 Hills dam holding 1; drop 5 passes it and is caught by
    # the lower level-2 neutral Hills dam.
    state = table()
    build(state, NEUTRAL, dams={"1L": (1, 1), "7L": (2, 1)})
    build(state, "usa", dams={"8U": (3, 2)})
    build(state, "france", dams={"4U": (2, 1)})
    build(state, "germany", dams={"7U": (2, 1)})
    state.headstreams.update({"A": 2, "D": 3})
    rec = recorder(state)
    water.water_flow_phase(rec)
    d1, d2, d3, d4, d5 = flowed(rec)
    assert d1["path"] == ["A", "1U", "1L", "P8", "8U"]
    assert d1["stopped_at"] == "8U"
    assert d2["stopped_at"] is None and d2["left_map"] == "EXIT_L"
    assert (d3["stopped_at"], d4["stopped_at"], d5["stopped_at"]) == ("4U", "7U", "7L")
    assert d5["path"] == ["D", "4U", "4L", "P7", "7U", "7L"]
    dams = rec.state.dams
    assert (dams["8U"].drops, dams["4U"].drops, dams["7U"].drops, dams["7L"].drops) == (3, 2, 2, 2)
    assert rec.state.headstreams == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_water_flow_phase_takes_headstreams_in_order_a_b_c_d() -> None:
    # ruling R8
    state = table()
    state.headstreams.update({"A": 1, "B": 1, "C": 1, "D": 2})
    rec = recorder(state)
    water.water_flow_phase(rec)
    assert [e["headstream"] for e in flowed(rec)] == ["A", "B", "C", "D", "D"]
    assert all(e["waiting"] for e in flowed(rec))


@pytest.mark.parametrize("rnd", [1, 2, 3, 4])
def test_headstream_phase_places_the_tiles_drops_for_rounds_1_to_4(rnd: int) -> None:
    state = table()
    state.round = rnd
    state.headstream_tiles = {"A": "H1", "B": "H2", "C": "H3", "D": "H4"}
    rec = recorder(state)
    water.headstream_phase(rec)
    expected = {
        letter: water.HEADSTREAM_DROPS[tile][rnd - 1]
        for letter, tile in state.headstream_tiles.items()
    }
    assert rec.state.headstreams == expected
    assert not flowed(rec)  # they wait for the Water Flow phase


def test_edge_case_13_no_headstream_drops_in_round_5() -> None:
    state = table()
    state.round = 5
    state.headstream_tiles = {"A": "H2", "B": "H4", "C": "H5", "D": "H7"}
    rec = recorder(state)
    water.headstream_phase(rec)
    assert rec.events == []
    water.place_drops(rec, "usa", "A", 2, "Water Management")  # players can still add drops
    assert rec.state.headstreams["A"] == 2


def test_headstream_tile_h3_gives_2_drops_in_round_1() -> None:
    state = table()
    state.headstream_tiles = {"A": "H3", "B": "H1", "C": "H5", "D": "H6"}
    rec = recorder(state)
    water.headstream_phase(rec)
    assert rec.state.headstreams == {"A": 2, "B": 0, "C": 0, "D": 0}


def test_unknown_headstream_is_refused() -> None:
    with pytest.raises(CommandError):
        water.place_drops(recorder(table()), "usa", "E", 1, "Water Management")


# -- previews ------------------------------------------------------------------------------


def test_simulate_catches_is_pure_and_counts_what_each_dam_would_catch() -> None:
    state = table()
    build(state, NEUTRAL, dams={"1L": (1, 1)})
    build(state, "usa", dams={"8U": (3, 1), "2U": (1, 0)})
    state.headstreams.update({"A": 3, "B": 2})
    before = state.copy()
    assert water.simulate_catches(state) == {"8U": 2, "2U": 1}
    assert water.simulate_catches(state, {"C": 1, "B": 1}) == {"8U": 2, "2U": 1}
    assert state == before


def test_simulate_catches_with_extra_drops() -> None:
    state = table()
    build(state, "germany", dams={"6U": (2, 0)})
    assert water.simulate_catches(state) == {}
    assert water.simulate_catches(state, {"C": 3}) == {"6U": 2}


def test_reach_from_basin_finds_the_first_dam_with_room_downstream() -> None:
    state = table()
    build(state, "usa", dams={"5U": (1, 1), "9L": (1, 0)})
    assert water.reach_from_basin(state, 5) == "9L"
    assert water.reach_from_basin(state, 9) == "9L"
    assert water.reach_from_basin(state, 10) is None


# -- drops in the box (ruling R14) -----------------------------------------------------------


def test_more_than_30_drops_on_the_board_warns_but_never_blocks() -> None:
    # ruling R14
    state = table()
    build(state, "usa", dams={"1U": (3, 3), "2U": (3, 3), "3U": (3, 3), "4U": (3, 3)})
    state.headstreams.update({"A": 8, "B": 8})  # 12 + 16 = 28
    rec = recorder(state)
    water.place_drops(rec, "italy", "C", 2, "Water Management")
    assert rec.state.drops_warning is False
    water.place_drops(rec, "italy", "D", 1, "Water Management")
    assert rec.state.drops_warning is True
    assert water.drops_on_board(rec.state) == 31
    water.water_flow_phase(rec)  # most of them leave the map
    assert rec.state.drops_warning is False
    assert len(events_of(rec, "drops_warning_changed")) == 2


def test_drops_are_conserved_by_a_water_flow_phase() -> None:
    state = table()
    build(state, NEUTRAL, dams={"1L": (1, 1), "6L": (2, 1), "9L": (3, 1)})
    build(state, "usa", dams={"2U": (2, 0), "10U": (3, 1)})
    state.headstreams.update({"A": 3, "B": 4, "C": 2, "D": 5})
    before = water.drops_on_board(state)
    rec = recorder(state)
    water.water_flow_phase(rec)
    left = sum(1 for e in flowed(rec) if e["left_map"])
    assert water.drops_on_board(rec.state) + left == before
