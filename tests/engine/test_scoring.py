"""Scoring math: Scoring Phase (p. 20), End of the Game (p. 21), Appendices 5 and 6."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import scoring
from companion.engine.state import NEUTRAL, Dam, GameState, PlayerState

COMPANIES = ("usa", "germany", "italy", "france")


def make_state(companies: tuple[str, ...] = COMPANIES, automas: tuple[str, ...] = ()) -> GameState:
    state = GameState()
    for c in companies:
        state.players[c] = PlayerState(company=c, kind="automa" if c in automas else "human")
    return state


def place(
    state: GameState,
    company: str,
    dams: dict[str, int] | None = None,
    conduits: tuple[str, ...] = (),
    powerhouses: tuple[str, ...] = (),
    drops: dict[str, int] | None = None,
) -> None:
    """Put a company's structures on the map: dams {space: level}, conduits, powerhouses."""
    for space, level in (dams or {}).items():
        state.dams[space] = Dam(owner=company, level=level, drops=(drops or {}).get(space, 0))
    for space in conduits:
        state.conduits[space] = company
    for space in powerhouses:
        state.powerhouses[space] = company


def counts_and_awards(state: GameState, tile: str) -> tuple[dict[str, int], dict[str, int]]:
    counts = {c: scoring.objective_count(state, c, tile) for c in state.players}
    return counts, scoring.objective_scores(state, tile)


# -- credits for energy (Scoring Phase p. 20) --------------------------------------------------


@pytest.mark.parametrize(
    ("position", "credits"),
    [
        (0, 3),
        (1, 1),
        (3, 2),
        (4, 3),
        (6, 3),
        (7, 4),
        (10, 4),
        (11, 5),
        (15, 5),
        (16, 6),
        (21, 6),
        (22, 7),
        (28, 7),
        (29, 8),
        (30, 8),
        (35, 8),
    ],
)
def test_credits_for_energy_track_positions(position: int, credits: int) -> None:
    # positions beyond 30 read as 30: ruling R19
    assert scoring.credits_for_energy(position) == credits


def test_zero_energy_costs_three_vp() -> None:
    assert scoring.ZERO_ENERGY_VP_LOSS == 3
    assert scoring.credits_for_energy(0) == 3


# -- energy ranking 6/2 (Scoring Phase p. 20) --------------------------------------------------


def test_rulebook_example_energy_scoring_p20() -> None:
    """EX_ENERGY_SCORING: Paul alone first, Joanna and Sophia tied second, Viktor on 0."""
    energies = {"paul": 8, "joanna": 5, "sophia": 5, "viktor": 0}
    ranking = scoring.energy_ranking_vp(energies)
    vp = {
        c: ranking[c] - (scoring.ZERO_ENERGY_VP_LOSS if e == 0 else 0) for c, e in energies.items()
    }
    assert vp == {"paul": 6, "joanna": 1, "sophia": 1, "viktor": -3}
    credits = {c: scoring.credits_for_energy(e) for c, e in energies.items()}
    assert credits == {"paul": 4, "joanna": 3, "sophia": 3, "viktor": 3}


def test_energy_first_and_second_alone() -> None:
    assert scoring.energy_ranking_vp({"a": 10, "b": 7, "c": 3}) == {"a": 6, "b": 2, "c": 0}


def test_energy_tie_for_first_pools_8_and_nobody_second() -> None:
    # ruling R1
    assert scoring.energy_ranking_vp({"a": 9, "b": 9, "c": 4}) == {"a": 4, "b": 4, "c": 0}


def test_energy_three_tied_for_first_round_up() -> None:
    # ruling R1: 8 / 3 = 2.67 -> 3 each
    assert scoring.energy_ranking_vp({"a": 9, "b": 9, "c": 9, "d": 1}) == {
        "a": 3,
        "b": 3,
        "c": 3,
        "d": 0,
    }


def test_energy_tie_for_second_one_vp_each() -> None:
    # ruling R1
    assert scoring.energy_ranking_vp({"a": 12, "b": 7, "c": 7, "d": 7}) == {
        "a": 6,
        "b": 1,
        "c": 1,
        "d": 1,
    }


def test_energy_needs_at_least_one_unit() -> None:
    assert scoring.energy_ranking_vp({"a": 5, "b": 0, "c": 0}) == {"a": 6, "b": 0, "c": 0}
    assert scoring.energy_ranking_vp({"a": 0, "b": 0}) == {"a": 0, "b": 0}


def test_edge_case_14_energy_true_totals_beyond_30_rank() -> None:
    # ruling R19; edge case 14: the ranking uses the true total, credits read 30
    assert scoring.energy_ranking_vp({"a": 31, "b": 35}) == {"a": 2, "b": 6}


# -- bonus tiles (Scoring Phase p. 20, Appendix 5) ---------------------------------------------


@pytest.mark.parametrize(
    ("energy", "section"),
    [(0, 0), (5, 0), (6, 1), (11, 1), (12, 2), (18, 3), (24, 4), (29, 4), (30, 5), (44, 5)],
)
def test_bonus_sections(energy: int, section: int) -> None:
    assert scoring.bonus_section(energy) == section


def test_rulebook_example_bonus_round_3_p20() -> None:
    """EX_BONUS_R3: 5 VP per Powerhouse in round 3 -> 10, 11, 0, 0."""
    assert scoring.bonus_tile_vp(5, 2, 18, 3) == 10  # Sophia, full reward
    assert scoring.bonus_tile_vp(5, 3, 12, 3) == 11  # Viktor, one section behind
    assert scoring.bonus_tile_vp(5, 1, 6, 3) == 0  # Joanna, two behind: never negative
    assert scoring.bonus_tile_vp(5, 3, 5, 3) == 0  # Paul, below 6 energy


def test_bonus_reduction_four_per_section_in_round_5() -> None:
    assert scoring.bonus_tile_vp(4, 5, 6, 5) == 4  # 20 - 16
    assert scoring.bonus_tile_vp(4, 5, 29, 5) == 16  # 20 - 4
    assert scoring.bonus_tile_vp(4, 5, 30, 5) == 20
    assert scoring.bonus_tile_vp(4, 5, 41, 5) == 20  # ruling R19: beyond 30 reads 30


def test_bonus_ahead_of_round_is_not_a_bonus() -> None:
    assert scoring.bonus_tile_vp(4, 2, 30, 1) == 8


def test_bonus_tile_counts_read_the_player() -> None:
    state = make_state(("usa",))
    p = state.players["usa"]
    p.fulfilled = ["S1", "G01", "N1"]
    p.built = {"base": 3, "elevation": 2, "conduit": 1, "powerhouse": 4}
    p.advanced_tiles_acquired = ["A1", "A2"]
    expected = {
        "B_CONTRACTS": 3,
        "B_BASES": 3,
        "B_ELEVATIONS": 2,
        "B_CONDUITS": 1,
        "B_POWERHOUSES": 4,
        "B_ADVANCED_TILES": 2,
    }
    for tile, n in expected.items():
        assert scoring.bonus_tile_count(state, "usa", tile) == n
    p.energy = 12
    assert scoring.bonus_tile_score(state, "usa", "B_POWERHOUSES", 2) == 20
    with pytest.raises(ValueError):
        scoring.bonus_tile_count(state, "usa", "B_NOPE")


# -- objective awards (End of the Game p. 21) --------------------------------------------------


def test_rulebook_objective_15_10_5() -> None:
    assert scoring.objective_awards({"a": 5, "b": 3, "c": 2, "d": 1}) == {
        "a": 15,
        "b": 10,
        "c": 5,
        "d": 0,
    }


@pytest.mark.parametrize(
    ("counts", "awards"),
    [
        ({"a": 4, "b": 4, "c": 1}, {"a": 13, "b": 13, "c": 5}),  # 25 / 2 rounded up
        ({"a": 2, "b": 2, "c": 2}, {"a": 10, "b": 10, "c": 10}),
        ({"a": 6, "b": 3, "c": 3}, {"a": 15, "b": 8, "c": 8}),
        ({"a": 6, "b": 5, "c": 1, "d": 1}, {"a": 15, "b": 10, "c": 3, "d": 3}),
        ({"a": 2, "b": 2, "c": 2, "d": 2}, {"a": 8, "b": 8, "c": 8, "d": 8}),
        ({"a": 9, "b": 1, "c": 1, "d": 1}, {"a": 15, "b": 5, "c": 5, "d": 5}),
    ],
)
def test_objective_ties_pool_and_round_up(counts: dict[str, int], awards: dict[str, int]) -> None:
    # ruling R1
    assert scoring.objective_awards(counts) == awards


def test_edge_case_17_objective_zero_counts_are_ranked() -> None:
    # ruling R2: a 0 still takes 2nd / 3rd
    assert scoring.objective_awards({"a": 3, "b": 0, "c": 0}) == {"a": 15, "b": 8, "c": 8}
    assert scoring.objective_awards({"a": 0, "b": 0}) == {"a": 13, "b": 13}


def test_objective_automa_scale_20_15_10() -> None:
    assert scoring.objective_awards({"a": 1, "bot": 5, "c": 0}, {"bot"}) == {
        "a": 10,
        "bot": 20,
        "c": 5,
    }
    # ruling R1: a tie pools each recipient's own scale: human 25/2, Automa 35/2
    assert scoring.objective_awards({"a": 3, "bot": 3}, {"bot"}) == {"a": 13, "bot": 18}
    assert scoring.objective_awards({"a": 5, "bot": 1, "c": 2}, {"bot"}) == {
        "a": 15,
        "bot": 10,
        "c": 10,
    }


# -- objective counts on hand-built maps (Appendix 6 p. 27), ties among 2, 3 and 4 players ----


def test_red_spaces_two_tied_first() -> None:
    state = make_state()
    place(state, "usa", dams={"1U": 3}, powerhouses=("P5-1",))  # Elevations never count
    place(state, "germany", dams={"2U": 1}, powerhouses=("P6-1",))
    place(state, "italy", dams={"3U": 1, "5L": 2}, powerhouses=("P7-2",))  # 5L, P7-2 not red
    counts, awards = counts_and_awards(state, "O_RED_SPACES")
    assert counts == {"usa": 2, "germany": 2, "italy": 1, "france": 0}
    assert awards == {"usa": 13, "germany": 13, "italy": 5, "france": 0}


def test_red_spaces_three_and_four_tied() -> None:
    state = make_state()
    place(state, "usa", dams={"1U": 1}, powerhouses=("P11-1",))
    place(state, "germany", powerhouses=("P12-4",))
    place(state, "italy", dams={"4U": 2})
    place(state, "france", powerhouses=("P10-2",), conduits=("C9L",))
    counts, awards = counts_and_awards(state, "O_RED_SPACES")
    assert counts == {"usa": 2, "germany": 1, "italy": 1, "france": 1}
    assert awards == {"usa": 15, "germany": 5, "italy": 5, "france": 5}
    state.dams.pop("1U")
    assert counts_and_awards(state, "O_RED_SPACES")[1] == dict.fromkeys(COMPANIES, 8)


def test_best_area_ties() -> None:
    state = make_state()
    place(state, "usa", dams={"1U": 3}, conduits=("C1L",))  # mountains 4
    place(state, "germany", dams={"5U": 2}, conduits=("C5L",), powerhouses=("P5-1",))  # hills 4
    place(state, "italy", dams={"8U": 2}, powerhouses=("P9-2",), conduits=("C2R",))  # plains 3
    place(state, "france", dams={"6U": 1}, powerhouses=("P10-3",))  # 1 / 1
    counts, awards = counts_and_awards(state, "O_BEST_AREA")
    assert counts == {"usa": 4, "germany": 4, "italy": 3, "france": 1}
    assert awards == {"usa": 13, "germany": 13, "italy": 5, "france": 0}
    state.dams["9U"] = Dam(owner="italy", level=1)  # plains 4: three tied first
    counts, awards = counts_and_awards(state, "O_BEST_AREA")
    assert counts["italy"] == 4
    assert awards == {"usa": 10, "germany": 10, "italy": 10, "france": 0}


def test_best_area_four_tied() -> None:
    state = make_state()
    place(state, "usa", dams={"1U": 2})
    place(state, "germany", dams={"5U": 2})
    place(state, "italy", dams={"8U": 1}, powerhouses=("P8-1",))
    place(state, "france", conduits=("C4L", "C4R"))  # conduits count in their own basin
    counts, awards = counts_and_awards(state, "O_BEST_AREA")
    assert counts == dict.fromkeys(COMPANIES, 2)
    assert awards == dict.fromkeys(COMPANIES, 8)


def test_edge_case_18_connected_bases_counts_each_base_once() -> None:
    state = make_state()
    # usa: Base 1U with two own conduits to two own powerhouses: one Base (ruling R3)
    place(state, "usa", dams={"1U": 2}, conduits=("C1L", "C1R"), powerhouses=("P8-1", "P5-1"))
    # germany: two Bases feeding the same powerhouse both count
    place(state, "germany", dams={"1L": 1, "5U": 1}, conduits=("C5L",), powerhouses=("P8-2",))
    counts, _ = counts_and_awards(state, "O_CONNECTED_BASES")
    assert counts["usa"] == 1
    assert counts["germany"] == 1  # 1L is fed only by usa's conduit C1L: not own


def test_connected_bases_two_bases_same_powerhouse() -> None:
    state = make_state()
    place(state, "germany", dams={"1U": 1, "5U": 1}, conduits=("C1L", "C5L"), powerhouses=("P8-2",))
    assert scoring.objective_count(state, "germany", "O_CONNECTED_BASES") == 2
    assert scoring.connected_bases(state, "germany") == ["1U", "5U"]


def test_connected_bases_needs_own_conduit_and_own_powerhouse() -> None:
    state = make_state()
    place(state, "usa", dams={"2U": 1}, conduits=("C2L",))  # leads to 6, no powerhouse there
    place(state, "germany", powerhouses=("P6-1",))  # not usa's
    place(state, "italy", dams={"3U": 1}, powerhouses=("P5-2",))  # no conduit
    place(state, "france", dams={"4U": 1}, conduits=("C4L",), powerhouses=("P7-1",))
    counts, awards = counts_and_awards(state, "O_CONNECTED_BASES")
    assert counts == {"usa": 0, "germany": 0, "italy": 0, "france": 1}
    # ruling R2: three players tied on 0 share 2nd and 3rd: (10 + 5 + 0) / 3
    assert awards == {"usa": 5, "germany": 5, "italy": 5, "france": 15}


def test_connected_bases_two_and_four_tied() -> None:
    state = make_state()
    place(state, "usa", dams={"1U": 1}, conduits=("C1L",), powerhouses=("P8-1",))
    place(state, "germany", dams={"2U": 1}, conduits=("C2R",), powerhouses=("P10-3",))
    place(state, "italy", dams={"3U": 1}, conduits=("C3L",), powerhouses=("P5-1",))
    place(state, "france", dams={"6U": 1}, conduits=("C6L",), powerhouses=("P9-1",))
    _, awards = counts_and_awards(state, "O_CONNECTED_BASES")
    assert awards == dict.fromkeys(COMPANIES, 8)
    state.dams["4U"] = Dam(owner="usa", level=1)
    state.conduits["C4R"] = "usa"
    state.powerhouses["P12-1"] = "usa"
    state.dams["7U"] = Dam(owner="germany", level=1)
    state.conduits["C7L"] = "germany"
    _, awards = counts_and_awards(state, "O_CONNECTED_BASES")
    assert awards == {"usa": 13, "germany": 13, "italy": 3, "france": 3}


def test_worst_area_counts_the_fewest() -> None:
    state = make_state()
    place(state, "usa", dams={"1U": 3, "2U": 2})  # only Mountains: worst 0
    place(state, "germany", dams={"1L": 1, "5U": 1, "8U": 1})  # 1 / 1 / 1
    place(state, "italy", dams={"3U": 1, "6U": 2}, powerhouses=("P9-1", "P11-3"))  # 1/2/2
    place(state, "france", dams={"4U": 1, "7U": 1}, powerhouses=("P12-3",))  # 1/1/1
    counts, awards = counts_and_awards(state, "O_WORST_AREA")
    assert counts == {"usa": 0, "germany": 1, "italy": 1, "france": 1}
    # the largest "worst" ranks first: three tied first (15 + 10 + 5) / 3
    assert awards == {"usa": 0, "germany": 10, "italy": 10, "france": 10}


def test_worst_area_two_tied_and_zero_ranked() -> None:
    state = make_state(("usa", "germany", "italy"))
    place(state, "usa", dams={"1U": 1, "5U": 1, "8U": 1})
    place(state, "germany", dams={"2U": 1, "6U": 1}, powerhouses=("P8-1",))
    place(state, "italy", dams={"3U": 3})
    counts, awards = counts_and_awards(state, "O_WORST_AREA")
    assert counts == {"usa": 1, "germany": 1, "italy": 0}
    assert awards == {"usa": 13, "germany": 13, "italy": 5}  # ruling R2


def test_basins_with_one_piece() -> None:
    state = make_state()
    place(state, "usa", dams={"1U": 1}, conduits=("C2L",), powerhouses=("P11-1",))  # 1, 2, 11
    place(state, "germany", dams={"3U": 1, "4U": 1}, powerhouses=("P12-2",))  # 3, 4, 12
    place(state, "italy", conduits=("C5L", "C6L"), powerhouses=("P7-1",))  # 5, 6, 7
    place(state, "france", dams={"8U": 3})  # 8
    counts, awards = counts_and_awards(state, "O_BASINS_1")
    assert counts == {"usa": 3, "germany": 3, "italy": 3, "france": 1}
    assert awards == {"usa": 10, "germany": 10, "italy": 10, "france": 0}


def test_basins_with_one_piece_four_tied_and_two_tied() -> None:
    state = make_state()
    for company, dam in zip(COMPANIES, ("1U", "2U", "3U", "4U"), strict=True):
        place(state, company, dams={dam: 1})
    assert counts_and_awards(state, "O_BASINS_1")[1] == dict.fromkeys(COMPANIES, 8)
    state.powerhouses["P5-1"] = "usa"
    state.powerhouses["P6-1"] = "germany"
    assert counts_and_awards(state, "O_BASINS_1")[1] == {
        "usa": 13,
        "germany": 13,
        "italy": 3,
        "france": 3,
    }


def test_edge_case_19_basins_with_three_pieces_not_capped_at_5() -> None:
    # ruling R4: six qualifying basins with 19 pieces
    state = make_state()
    place(
        state,
        "usa",
        dams={"5U": 2, "6U": 2, "7U": 2, "8U": 2, "9U": 2},
        conduits=("C5L", "C6L", "C7L", "C10L", "C10R"),
        powerhouses=("P8-1", "P9-1", "P10-1"),
    )
    pieces = scoring.pieces_by_basin(state, "usa")
    assert pieces[5] == 3 and pieces[10] == 3
    assert scoring.objective_count(state, "usa", "O_BASINS_3") == 6


def test_basins_with_three_pieces_ties() -> None:
    state = make_state()
    place(state, "usa", dams={"1U": 3})  # 1 basin
    place(state, "germany", dams={"2U": 2}, conduits=("C2L",))  # 1 basin
    place(state, "italy", dams={"5U": 1}, conduits=("C5L",), powerhouses=("P5-1",))  # 1
    place(state, "france", dams={"6U": 2})  # 0
    counts, awards = counts_and_awards(state, "O_BASINS_3")
    assert counts == {"usa": 1, "germany": 1, "italy": 1, "france": 0}
    assert awards == {"usa": 10, "germany": 10, "italy": 10, "france": 0}
    state.dams["6U"].level = 3
    assert counts_and_awards(state, "O_BASINS_3")[1] == dict.fromkeys(COMPANIES, 8)


def test_neutral_dams_count_for_nobody() -> None:
    state = make_state(("usa",))
    state.dams["5L"] = Dam(owner=NEUTRAL, level=2, drops=1)
    assert scoring.pieces_by_basin(state, "usa")[5] == 0
    assert scoring.water_vp(state, "usa") == 0


def test_unknown_objective_tile() -> None:
    with pytest.raises(ValueError):
        scoring.objective_count(make_state(), "usa", "O_NOPE")


# -- resources and water (End of the Game p. 21) -----------------------------------------------


def test_rulebook_resources_18_give_3_vp() -> None:
    """Joanna: 4 Concrete Mixers, 6 Excavators, 8 Credits in her supply -> 3 VP (p. 21)."""
    assert scoring.resource_vp(credits=8, excavators=6, mixers=4) == 3


def test_resources_rounding_down() -> None:
    assert scoring.resource_vp(5, 5, 5) == 3
    assert scoring.resource_vp(4, 0, 0) == 0
    assert scoring.resource_vp(0, 10, 4) == 2


def test_rulebook_two_drops_give_2_vp() -> None:
    """Paul has 2 drops held by his dams -> 2 VP (p. 21)."""
    state = make_state(("usa", "germany"))
    place(state, "usa", dams={"1U": 2, "5U": 1}, drops={"1U": 1, "5U": 1})
    place(state, "germany", dams={"2U": 3}, drops={"2U": 3})
    assert scoring.water_vp(state, "usa") == 2
    assert scoring.water_vp(state, "germany") == 3


# -- winner and tiebreak (End of the Game p. 21) -----------------------------------------------


def test_winner_most_vp() -> None:
    assert scoring.winner({"a": 90, "b": 101, "c": 88}, {"a": 30, "b": 2, "c": 0}) == ["b"]


def test_winner_tie_goes_to_most_energy_in_last_round() -> None:
    assert scoring.winner({"a": 101, "b": 101, "c": 88}, {"a": 14, "b": 22, "c": 40}) == ["b"]
    assert scoring.final_tiebreak(["a", "b"], {"a": 9, "b": 9}) == ["a", "b"]
    assert scoring.standings({"a": 90, "b": 101, "c": 90}, {"a": 1, "c": 5}) == ["b", "c", "a"]


# -- properties of the tie splits (ruling R1) ----------------------------------------------------

counts_strategy = st.dictionaries(
    st.sampled_from(["usa", "germany", "italy", "france", "netherlands"]),
    st.integers(min_value=0, max_value=12),
    min_size=1,
)


@given(counts_strategy)
def test_objective_awards_are_fair(counts: dict[str, int]) -> None:
    awards = scoring.objective_awards(counts)
    for a in counts:
        for b in counts:
            if counts[a] == counts[b]:
                assert awards[a] == awards[b]
            elif counts[a] > counts[b]:
                assert awards[a] >= awards[b]
    places = sum(scoring.HUMAN_OBJECTIVE_VP[: len(counts)])
    # rounding up gives each player less than 1 VP more than an exact split
    assert places <= sum(awards.values()) < places + len(counts)


@given(counts_strategy)
def test_energy_ranking_is_fair(energies: dict[str, int]) -> None:
    vp = scoring.energy_ranking_vp(energies)
    assert all(vp[c] == 0 for c, e in energies.items() if e == 0)
    for a in energies:
        for b in energies:
            if energies[a] == energies[b]:
                assert vp[a] == vp[b]
            elif energies[a] > energies[b]:
                assert vp[a] >= vp[b]
    # a tie for first splits 8 rounding up; a tie for second gives 1 VP each
    assert sum(vp.values()) < 8 + len(energies)
