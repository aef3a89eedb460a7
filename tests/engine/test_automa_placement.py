"""The Automa's structure placement procedure (automa.md §8) on hand-built map positions.

Each test names the criteria tile it uses (T01–T20, automa.md §10.2) and asserts the exact
space and the step that chose it.
"""

from __future__ import annotations

import pytest
from test_automa_fixtures import position

from companion.engine.automa import placement as p
from companion.engine.automa.tiles import TILES

A = "italy"


def choose(state, structure, tile, **kw):
    candidates = p.legal_spaces(state, A, structure, **kw)
    return p.choose_space(state, A, structure, candidates, TILES[tile].criteria)


# -- legal spaces and the single candidate ---------------------------------------------------


def test_legal_spaces_one_base_per_company_per_basin():
    state = position(dams={"5L": (A, 1, 0), "2U": ("usa", 1, 0)})
    spaces = p.legal_spaces(state, A, "base")
    assert "5U" not in spaces and "5L" not in spaces  # own base already in basin 5
    assert "2L" in spaces and "2U" not in spaces  # 2U is taken, 2L is free for a second owner


def test_legal_spaces_region_and_conduit_value_restrictions():
    state = position()
    hills = p.legal_spaces(state, A, "base", region="hills")  # T02
    assert {s[0] for s in hills} == {"5", "6", "7"}
    four = p.legal_spaces(state, A, "conduit", min_conduit_value=4)  # T12
    assert sorted(four) == ["C1L", "C1R", "C2R", "C3L", "C4R", "C5R", "C6L"]


def test_single_candidate_is_taken():
    state = position(dams={"3L": (A, 1, 0)})
    placed = choose(state, "elevation", 1)
    assert placed.space == "3L"
    assert placed.steps == ("only one space: 3L",)


# -- step 2: the third structure of a system (ruling A16) ------------------------------------


def test_third_structure_single_completing_position_wins():
    # ruling A16: neutral dam in basin 3 + built conduit C3L (opponent's) → own powerhouse in 5
    state = position(dams={"3L": ("neutral", 1, 0)}, conduits={"C3L": "usa"})
    placed = choose(state, "conduit", 1)
    assert placed.space != "C3L"  # already built: the conduit does not complete anything
    state = position(dams={"3L": ("neutral", 1, 0)}, powerhouses={"P5-2": A})
    placed = choose(state, "conduit", 1)
    assert placed.space == "C3L"  # 3 → 5 is the only conduit completing the system
    assert "completes a production system" in placed.steps[0]


def test_third_structure_several_positions_go_on_with_the_criteria():
    # base: C2R (5 → 10) and C5R (4 → 10) built, own powerhouse in 10 → basins 2 and 5 complete;
    # T01's first criterion "most powerful conduit" keeps basin 2 (value 5), free space first
    state = position(conduits={"C2R": "usa", "C5R": "usa"}, powerhouses={"P10-3": A})
    placed = choose(state, "base", 1)
    assert placed.space == "2L"
    assert placed.steps[0] == "completes a production system: 2U, 2L, 5U, 5L"


def test_third_structure_powerhouse_with_water_not_needed():
    # ruling A16: an own empty dam (no water) + built conduit completes → powerhouse in basin 5
    state = position(dams={"3L": (A, 1, 0)}, conduits={"C3L": "usa"})
    placed = choose(state, "powerhouse", 1)
    assert placed.space == "P5-2"  # free space before the red-outlined P5-1


def test_elevations_never_use_the_third_structure_step():
    state = position(
        dams={"2L": (A, 1, 0), "7L": (A, 1, 0)}, conduits={"C2R": A}, powerhouses={"P10-3": A}
    )
    placed = choose(state, "elevation", 5)  # T05 dam column: MPC > OPH > UPH → 6
    assert not any("completes" in s for s in placed.steps)


# -- step 3: dam / elevation column ----------------------------------------------------------


def test_empty_map_base_goes_to_location_1_free_space():
    placed = choose(position(), "base", 1)  # T01 → 1
    assert placed.space == "1L"
    assert "criterion 'most powerful conduit': nobody, skipped" in placed.steps
    assert placed.steps[-1] == "free space 1L before the red-outlined one"


def test_dam_most_powerful_conduit_equal_value_prefers_own_conduit():
    # C1L (5, opponent) and C2R (5, own): equal value → the basin of the own conduit
    state = position(conduits={"C1L": "usa", "C2R": A, "C3L": A})
    placed = choose(state, "base", 1)
    assert placed.space == "2L"
    assert "criterion 'most powerful conduit' → 2U, 2L" in placed.steps
    # in structured form too (the plain line reads these): the criterion that narrowed, then
    # what settled it between 2U and 2L
    assert placed.criteria == ("most powerful conduit",)
    assert placed.decided_by == "location 1 or higher"


def test_dam_owned_powerhouse_linked_by_unbuilt_conduit():
    # own powerhouse in 6: conduit spaces C2L (2→6) and C3R (3→6) link basins 2 and 3
    state = position(powerhouses={"P6-2": A})
    kept = p.dam_owned_powerhouse(state, A, p.legal_spaces(state, A, "base"), TILES[1].criteria)
    assert kept == ["2U", "2L", "3U", "3L"]


def test_dam_upstream_powerhouse_opponent_when_no_own():
    # T17: UPH > MPC > RED → 5. Opponent powerhouse in 5, opponent's full dam 5U lets water
    # pass: 5L, 9U, 9L are reached; RED keeps 9U
    state = position(powerhouses={"P5-2": "usa"}, dams={"5U": ("usa", 1, 1)})
    placed = choose(state, "base", 17)
    assert placed.space == "9U"
    assert "criterion 'powerhouse upstream' → 5L, 9U, 9L" in placed.steps


def test_dam_upstream_powerhouse_water_held_by_a_dam_with_room():
    # 5U has room: the released water stops there, nothing downstream is reached → skipped
    state = position(powerhouses={"P5-2": "usa"}, dams={"5U": ("usa", 1, 0)})
    kept = p.dam_upstream_powerhouse(state, A, ["5L", "9U", "9L", "1L"], TILES[17].criteria)
    assert kept == []


def test_dam_upstream_powerhouse_own_before_opponent():
    # ruling A8: own powerhouse in 9 beats the opponent's in 5
    state = position(powerhouses={"P9-2": A, "P5-2": "usa"})
    kept = p.dam_upstream_powerhouse(state, A, ["5L", "9U", "9L"], TILES[17].criteria)
    assert kept == ["9U", "9L"]


def test_dam_most_water_drops_letter_tie_break():
    # ruling A15, T15: MWD > MPC > OPH → 8, letters B-A-D. A:1 and C:1 waiting: candidates on
    # rivers A and C catch 1 each; A is printed before C (not printed) → basins 1 and 8
    state = position(headstreams={"A": 1, "C": 1})
    placed = choose(state, "base", 15)
    assert "criterion 'most water drops' → 1U, 1L, 8U, 8L" in placed.steps
    assert placed.space == "8L"


def test_dam_most_water_drops_zero_tie_goes_by_letters():
    # ruling A15: no drops waiting → everyone ties at 0 → river B (2, 5, 9) first on T15
    placed = choose(position(), "base", 15)
    assert "criterion 'most water drops' → 2U, 2L, 5U, 5L, 9U, 9L" in placed.steps
    assert placed.space == "9L"  # location 8 or higher → 9


def test_dam_most_water_drops_counts_the_drops_caught():
    # two drops on A: an opponent dam with room at 1U takes the first, the second goes on
    state = position(headstreams={"A": 2, "B": 1}, dams={"1U": ("usa", 1, 0)})
    kept = p.dam_most_water_drops(state, A, ["1L", "2L", "8L"], TILES[15].criteria)
    assert kept == ["2L"]  # 1L catches 1, 2L catches 1, 8L 0; tie 1L/2L → letter B first


def test_dam_red_outline():
    placed = choose(position(), "base", 9)  # T09: RED > MPC > OPH → 1
    assert placed.space == "1U"
    assert placed.steps[0].startswith("criterion 'red-outlined space' → 1U, 2U")


def test_dam_downstream_dam_own_dam_first():
    # T11: DSD > OPH > MPC → 3. Own dam in 6: conduits C2L and C3R lead there
    state = position(dams={"6L": (A, 1, 0)})
    placed = choose(state, "base", 11)
    assert "criterion 'conduit towards own dam' → 2U, 2L, 3U, 3L" in placed.steps
    assert placed.space == "3L"


def test_dam_downstream_dam_second_branch_avoids_opponent_dams():
    # no own dam: keep basins with a conduit not leading to an opponent dam; basin 1's
    # conduits both lead to opponent dams (8 and 5)
    state = position(dams={"8L": ("usa", 1, 0), "5L": ("usa", 1, 0)})
    kept = p.dam_downstream_dam(state, A, ["1U", "1L", "2L"], TILES[11].criteria)
    assert kept == ["2L"]


def test_elevation_uses_dam_column_and_location():
    state = position(dams={"2L": (A, 1, 0), "7L": (A, 2, 0), "9L": (A, 3, 0)})
    placed = choose(state, "elevation", 5)  # T05 → 6: scan 6, 7 → 7L (9L is at level 3)
    assert placed.space == "7L"
    assert "location 6 or higher → 7" in placed.steps
    assert placed.decided_by == "location 6 or higher"


def test_location_wraps_around():
    # only basins 1-2 have free dam spaces; T18 (UPH > MPC > DSD → 10): all skipped, so
    # location 10 → wrap to 1
    dams = {f"{b}{x}": ("usa", 1, 0) for b in range(3, 11) for x in "UL"}
    placed = choose(position(dams=dams), "base", 18)
    assert placed.space == "1L"
    assert "location 10 or higher → 1" in placed.steps


# -- step 3: conduit column ------------------------------------------------------------------


def test_conduit_most_powerful_then_location():
    placed = choose(position(), "conduit", 1)  # T01: MP > DAM+ > PH+ → 1A
    assert placed.space == "C1L"
    placed = choose(position(), "conduit", 4)  # T04 → 2B
    assert placed.space == "C2R"


def test_conduit_second_most_powerful():
    placed = choose(position(), "conduit", 17)  # T17: 2MP > DAM+ > PH+ → 9A; value 4
    assert "criterion 'second most powerful' → C1R, C3L, C5R, C6L" in placed.steps
    assert placed.space == "C1R"  # 9A, 9B, 10A, 10B, wrap 1A, 1B


def test_conduit_second_most_powerful_all_equal_keeps_all():
    kept = p.conduit_second_most_powerful(position(), A, ["C2L", "C3R"], TILES[17].criteria)
    assert kept == ["C2L", "C3R"]


def test_conduit_owned_then_neutral_dam():
    # T09: DAM+ > PH+ > MP → 5A, value 3+
    state = position(dams={"3L": (A, 1, 0), "2L": ("neutral", 1, 0), "4L": ("usa", 1, 0)})
    assert choose(state, "conduit", 9, min_conduit_value=3).space == "C3L"
    state = position(dams={"2L": ("neutral", 1, 0), "4L": ("usa", 1, 0)})
    assert choose(state, "conduit", 9, min_conduit_value=3).space == "C2R"
    state = position(dams={"4L": ("usa", 1, 0)})
    assert choose(state, "conduit", 9, min_conduit_value=3).space == "C4R"


def test_conduit_opponent_dam_first():
    # T13: DAM− > 2MP > PH+ → 7A: opponent dam in 4 (own in 3): C4L (3), C4R (5) → 2MP → C4L
    state = position(dams={"4L": ("usa", 1, 0), "3L": (A, 1, 0)})
    assert choose(state, "conduit", 13).space == "C4L"


def test_conduit_own_powerhouse_first():
    # T05: PH+ > DAM+ > MP → 3A: own powerhouse in 7 (C4L, C6R arrive), opponent's in 12
    state = position(powerhouses={"P7-2": A, "P12-3": "usa"})
    placed = choose(state, "conduit", 5)
    assert placed.space == "C4L"
    assert "criterion 'own, opponent powerhouse' → C4L, C6R" in placed.steps


def test_conduit_opponent_powerhouse_first():
    # T15: PH− > 2MP > DAM− → 8A: opponent powerhouse in 12: C4R 5, C7R 3, C9R 3, C10R 1
    state = position(powerhouses={"P7-2": A, "P12-3": "usa"})
    placed = choose(state, "conduit", 15)
    assert "criterion 'second most powerful' → C7R, C9R" in placed.steps
    assert placed.space == "C9R"


# -- step 3: powerhouse column ---------------------------------------------------------------


def test_powerhouse_empty_map_free_space_first():
    placed = choose(position(), "powerhouse", 1)  # T01 → 5
    assert placed.space == "P5-2"


def test_powerhouse_feeding_own_dam_first_branch():
    # edge case 27: T01 FEED+: own dam 9L is reached from basins 5 and 9
    state = position(dams={"9L": (A, 1, 0)})
    kept = p.powerhouse_feeding_owned_dam(
        state, A, p.legal_spaces(state, A, "powerhouse"), TILES[1].criteria
    )
    assert kept == ["P5-1", "P5-2", "P9-1", "P9-2", "P9-3"]


def test_powerhouse_feeding_own_dam_second_branch():
    # edge case 27: no own dam reached → the spaces not feeding an opponent dam (10L)
    state = position(dams={"10L": ("usa", 1, 0)})
    placed = choose(state, "powerhouse", 2)  # T02 → 6: 6 and 7 feed 10 → 8
    assert placed.space == "P8-2"
    assert placed.steps[-1] == "lower-numbered space P8-2 (ruling A14)"


def test_powerhouse_not_feeding_opponent_dam():
    state = position(dams={"10L": ("usa", 1, 0)})
    placed = choose(state, "powerhouse", 3)  # T03: FEED− > MPC > ODAM → 7
    assert placed.space == "P8-2"
    kept = p.powerhouse_not_feeding_opponent_dam(state, A, ["P7-2", "P10-3"], TILES[3].criteria)
    assert kept == []  # both feed the opponent and none feeds an own dam


def test_powerhouse_plains_and_only_free_space_of_basin_12():
    placed = choose(position(), "powerhouse", 8)  # T08: PLAINS > MPC > ODAM → 12
    assert placed.space == "P12-3"


@pytest.mark.parametrize(("tile", "basin"), [(5, 5), (6, 6), (7, 7)])
def test_powerhouse_hills_basin(tile, basin):
    placed = choose(position(), "powerhouse", tile)
    assert placed.space == f"P{basin}-2"


def test_powerhouse_most_powerful_conduit_own_on_equal_value():
    # T09: MPC > ODAM > FEED+ → 8: C1L (5, opponent → 8) and C2R (5, own → 10)
    state = position(conduits={"C1L": "usa", "C2R": A})
    placed = choose(state, "powerhouse", 9)
    assert placed.space == "P10-3"


def test_powerhouse_owned_dam_linked():
    # T16: ODAM > MPC > FEED+ → 12: own dam in 3 links to 5 (C3L) and 6 (C3R); wrap 12 → 5
    state = position(dams={"3L": (A, 1, 0)})
    placed = choose(state, "powerhouse", 16)
    assert "criterion 'own dam linked' → P5-1, P5-2, P6-1, P6-2" in placed.steps
    assert placed.space == "P5-2"


def test_prefer_and_tie_filters_and_red_choice():
    state = position()
    candidates = p.legal_spaces(state, A, "base")
    adler = p.choose_space(
        state,
        A,
        "base",
        candidates,
        TILES[18].criteria,
        prefer=lambda c: ([s for s in c if s[0] in "1234" and len(s) == 2], "mountains first"),
    )
    assert adler.space == "1L"  # T18 → 10 wraps to the mountains
    red = p.choose_space(state, A, "base", candidates, TILES[1].criteria, prefer_red=True)
    assert red.space == "1U"
