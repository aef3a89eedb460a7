"""Setting up The Leeghwater Project (expansion rulebook "General Setup", leeghwater.md §2).

Worked examples X22-X24 and rulings L2/L8 (building spaces by player count), R20 (Automas count).
"""

from __future__ import annotations

import pytest
from helpers import setup_payload
from leeghwater_helpers import expansion_payload, expansion_state

from companion.engine import catalog, execute, new_game
from companion.engine.errors import RuleViolation
from companion.engine.state import GameState, to_json


def _play_round_out(state: GameState) -> GameState:
    """Every seat banks its Engineers, then passes, until the next round begins."""
    start = state.round
    while state.round == start and not state.finished:
        company = state.active
        player = state.players[company]
        if player.engineers:
            command = {"type": "bank", "player": company, "engineers": player.engineers}
        else:
            command = {"type": "pass", "player": company}
        state = execute(state, command).state
        while state.pending:
            answer = state.pending[-1].options["answers"][0]
            state = execute(state, {"type": "decide", "answer": answer}).state
    return state


def test_x22_face_up_external_works_by_round() -> None:
    # X22: R1 AAA, R2 AAB, R3 BBB, R4 BCC, R5 CCC (each pile 5 tiles, 3 revealed a round)
    state = expansion_state(2, seed=5)
    seen = []
    for _ in range(5):
        seen.append(
            "".join(catalog.EXTERNAL_WORKS[t].pile for t in state.leeghwater["external_offer"])
        )
        if state.round == 5:
            break
        state = _play_round_out(state)
    assert seen == ["AAA", "AAB", "BBB", "BCC", "CCC"]


def test_x23_advanced_tiles_six_per_level_then_five_after_one_is_boxed() -> None:
    # X23 / S5: the 3 Building tiles join (6 a level), one random tile a pile goes to the box
    per_level = {lvl: [t for t in catalog.EXPANSION_ADVANCED_TILES
                       if catalog.ADVANCED_TILES[t].level == lvl] for lvl in (1, 2, 3)}  # fmt: skip
    assert [len(v) for v in per_level.values()] == [6, 6, 6]
    state = expansion_state(3, seed=11)
    piles = state.patent_piles
    in_play = [*piles["I"], *piles["II"], *piles["III"], *(t for t in state.patent_offer if t)]
    assert len(in_play) == 15
    for level, pile in ((1, "I"), (2, "II"), (3, "III")):
        level_tiles = [t for t in in_play if catalog.ADVANCED_TILES[t].level == level]
        assert len(level_tiles) == 5, pile


def test_x24_building_spaces_by_player_count() -> None:
    # X24: 4 players 4 spaces (2 free + 2 at 3 Cr); 3 players 3 spaces. Ruling L8 decides which:
    # spaces 1-2 always open, space 3 "3+", space 4 "4"; ruling L2: 2 players block both.
    for players, open_count, free in ((4, 4, 2), (3, 3, 2), (2, 2, 2)):
        state = expansion_state(players, seed=2)
        for tile in state.leeghwater["buildings"]:
            spaces = state.leeghwater["building_spaces"][tile]
            open_spaces = [i for i, s in enumerate(spaces) if s is None]
            assert len(open_spaces) == open_count
            assert sum(1 for i in open_spaces if catalog.BUILDING_SPACES[i].credits == 0) == free
    four = expansion_state(4, seed=2)
    assert [s.credits for s in catalog.BUILDING_SPACES] == [0, 0, 3, 3]
    assert all(s is None for t in four.leeghwater["buildings"]
               for s in four.leeghwater["building_spaces"][t])  # fmt: skip


def test_an_automa_counts_for_the_building_spaces_ruling_r20() -> None:
    seats = [{"kind": "human"}, {"kind": "automa", "automa_level": 1}, {"kind": "human"}]
    state = new_game(expansion_payload(seats=seats, seed=3)).state
    tile = state.leeghwater["buildings"][0]
    assert state.leeghwater["building_spaces"][tile] == [None, None, None, "blocked"]


def test_five_of_ten_private_buildings_and_three_face_up_from_pile_a() -> None:
    # S2, S3
    state = expansion_state(4, seed=8)
    lw = state.leeghwater
    assert len(lw["buildings"]) == 5 and set(lw["buildings"]) <= set(catalog.PRIVATE_BUILDINGS)
    assert [catalog.EXTERNAL_WORKS[t].pile for t in lw["external_offer"]] == ["A", "A", "A"]
    assert {p: len(v) for p, v in lw["external_piles"].items()} == {"A": 2, "B": 5, "C": 5}


def test_the_two_new_bonus_tiles_join_the_draw() -> None:
    # S4: 6 full-game tiles + B_EXTERNAL_WORKS + B_BUILDINGS, 5 drawn
    drawn = set()
    for seed in range(30):
        drawn |= set(new_game(expansion_payload(2, seed=seed)).state.bonus_tiles)
    assert {"B_EXTERNAL_WORKS", "B_BUILDINGS"} <= drawn
    assert catalog.EXPANSION_BONUS_TILES == {"B_EXTERNAL_WORKS": 5, "B_BUILDINGS": 4}


def test_every_company_gets_the_basic_building_tile_and_leslie_her_tile() -> None:
    # S8, S9
    seats = [{"kind": "human", "company": "netherlands", "officer": "leslie_spencer"},
             {"kind": "human", "company": "usa", "officer": "margot_fouche"}]  # fmt: skip
    state = new_game(expansion_payload(seats=seats)).state
    assert "building" in state.players["usa"].tiles
    assert state.players["netherlands"].tiles[-2:] == ["building", "leslie_tile"]


def test_the_netherlands_and_the_new_officers_need_the_expansion() -> None:
    seats = [{"kind": "human", "company": "netherlands", "officer": "wilhelm_adler"},
             {"kind": "human", "company": "usa", "officer": "jill_mcdowell"}]  # fmt: skip
    with pytest.raises(RuleViolation, match="The Leeghwater Project"):
        new_game({"mode": "full", "seats": seats})
    seats[0]["company"] = "italy"
    seats[0]["officer"] = "simone_luciani"
    with pytest.raises(RuleViolation, match="The Leeghwater Project"):
        new_game({"mode": "full", "seats": seats})


def test_the_netherlands_and_the_new_officers_are_in_the_draft() -> None:
    companies, officers = set(), set()
    for seed in range(25):
        state = new_game(expansion_payload(4, seed=seed)).state
        pairs = state.pending[-1].options["pairs"]
        companies |= {p["company"] for p in pairs}
        officers |= {p["officer"] for p in pairs}
    assert "netherlands" in companies
    assert {"leslie_spencer", "margot_fouche", "simone_luciani", "tommaso_battista"} <= officers


def test_table_deals_name_the_expansion_tiles_and_only_drawable_ones() -> None:
    draws = {"external_offer": ["A1", "A2", "A3"],
             "private_buildings": ["cofferdam", "loan_agency", "wind_farm", "robot_factory",
                                   "research_lab"],
             "advanced_boxed": ["L1_BUILDING", "L2_ANY", "L3_BASE"]}  # fmt: skip
    state = new_game(expansion_payload(3, deals="table", draws=draws)).state
    assert state.leeghwater["external_offer"] == ["A1", "A2", "A3"]
    assert state.leeghwater["buildings"][1] == "loan_agency"
    assert "L1_BUILDING" not in state.patent_piles["I"]
    bad = {**draws, "external_offer": ["A1", "A2", "B1"]}
    with pytest.raises(RuleViolation, match="B1"):
        new_game(expansion_payload(3, deals="table", draws=bad))


def test_table_deals_without_the_boxed_tiles_keep_one_unseen_tile_a_pile() -> None:
    state = new_game(expansion_payload(2, deals="table")).state
    assert state.leeghwater["patent_unseen"] == {"I": 1, "II": 1, "III": 1}
    assert [len(state.patent_piles[p]) for p in ("I", "II", "III")] == [3, 6, 6]


def test_the_introductory_game_takes_the_expansion_without_the_patent_office() -> None:
    state = new_game(expansion_payload(2, mode="introductory")).state
    assert state.leeghwater["external_offer"]
    assert "B_ADVANCED_TILES" not in state.bonus_tiles
    assert state.patent_offer == []
    assert "building" in state.players["usa"].tiles


def test_a_base_game_has_no_expansion_state() -> None:
    state = new_game(setup_payload(3, mode="full", seed=4)).state
    assert state.leeghwater == {}
    assert "netherlands" not in {p["company"] for p in state.pending[-1].options["pairs"]}
    assert to_json(state)["leeghwater"] == {}


def test_the_netherlands_has_no_introductory_column() -> None:
    # Introductory Player Setup (base rulebook p. 8): columns USA, Germany, Italy, France; the
    # Netherlands is refused in words (it plays in the full game), not with a crash
    payload = {
        "mode": "introductory",
        "deals": "app",
        "seed": 3,
        "expansion": True,
        "seats": [{"kind": "human", "name": "A", "company": "netherlands"},
                  {"kind": "human", "name": "B"}],
    }  # fmt: skip
    with pytest.raises(RuleViolation, match="Netherlands is played in the full game"):
        new_game(payload)
    payload["mode"] = "full"
    payload["seats"] = [
        {"kind": "human", "name": "A", "company": "netherlands", "officer": "margot_fouche"},
        {"kind": "human", "name": "B", "company": "usa", "officer": "wilhelm_adler"},
    ]
    assert "netherlands" in new_game(payload).state.players


def test_x22_with_table_deals_the_row_is_laid_from_the_tiles_the_table_names() -> None:
    # X22 and leeghwater.md §3.4 with table deals: each empty slot asks which tile was drawn;
    # the tiles named stay face up (the discard is not done again after an answer) and the
    # piles still go A A A, A A B, B B B, B C C, C C C
    state = expansion_state(2, seed=5, deals="table")
    seen = []
    for _ in range(5):
        offer = state.leeghwater["external_offer"]
        assert None not in offer
        seen.append("".join(catalog.EXTERNAL_WORKS[t].pile for t in offer))
        if state.round == 5:
            break
        state = _play_round_out(state)
    assert seen == ["AAA", "AAB", "BBB", "BCC", "CCC"]
    # every tile was laid once: 15 seen face up over the 5 rounds, each pile emptied
    assert all(not pile for pile in state.leeghwater["external_piles"].values())
