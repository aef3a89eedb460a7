"""Setup: introductory and full setup, app deals from the seed, table deals (pp. 6-9)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import make_state, setup_payload

from companion.engine import CommandError, RuleViolation, execute, new_game
from companion.engine.catalog import HEADSTREAM_TILES, MANAGEMENT_SPACES, NEUTRAL_DAM_TILES
from companion.engine.state import NEUTRAL


def test_introductory_four_players_take_the_fixed_companies_officers_and_contracts() -> None:
    # Introductory Player Setup table (p. 8)
    state = make_state(4)
    assert state.turn_order == ["usa", "germany", "italy", "france"]
    expected = {
        "usa": ("wilhelm_adler", "S1"),
        "germany": ("jill_mcdowell", "S2"),
        "italy": ("solomon_p_jordan", "S3"),
        "france": ("viktor_fiesler", "S4"),
    }
    for company, (officer, contract) in expected.items():
        player = state.players[company]
        assert (player.officer, player.contracts) == (officer, [contract])
        assert (player.credits, player.excavators, player.mixers, player.engineers) == (6, 6, 4, 12)
        assert sorted(player.tiles) == ["base", "conduit", "elevation", "powerhouse", "wild"]


def test_every_player_starts_with_10_vp_recorded_in_the_ledger() -> None:
    state = make_state(3)
    for player in state.players.values():
        assert player.vp == 10
        assert [(line.category, line.vp) for line in player.ledger] == [("start", 10)]


def test_two_and_three_players_take_the_introductory_columns_in_order() -> None:
    # ruling R22
    assert make_state(2).turn_order == ["usa", "germany"]
    assert make_state(3).turn_order == ["usa", "germany", "italy"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_spaces_for_more_players_are_blocked(players: int) -> None:
    # General Setup (p. 7): 3 players block the "4" spaces, 2 players the "3+" and "4" spaces
    state = make_state(players)
    blocked = {s for s, who in state.occupied.items() if who == "blocked"}
    expected = {s.id for s in MANAGEMENT_SPACES.values() if players not in s.players}
    assert blocked == expected
    if players == 2:
        assert {"WS_2_L", "WS_2_R", "TS_M1_L", "CO_1B_L", "MS_ANY_R"} <= blocked
    if players == 4:
        assert blocked == set()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_national_contracts_are_players_minus_one(players: int) -> None:
    # General Setup (p. 7); ruling R26
    assert len(make_state(players).national_contracts) == players - 1


def test_general_setup_tiles_and_neutral_dams() -> None:
    state = make_state(4)
    assert len(state.bonus_tiles) == 5 and "B_ADVANCED_TILES" not in state.bonus_tiles
    assert state.objective
    assert sorted(state.headstream_tiles) == ["A", "B", "C", "D"]
    assert len(set(state.headstream_tiles.values())) == 4
    piles = sorted(NEUTRAL_DAM_TILES[t].pile for t in state.neutral_dam_tiles)
    assert piles == ["hills", "mountains", "plains"]
    neutral = {space: dam for space, dam in state.dams.items() if dam.owner == NEUTRAL}
    assert sorted(d.level for d in neutral.values()) == [1, 2, 3]
    assert all(d.drops == 1 and space.endswith("L") for space, d in neutral.items())
    for pile, slots in state.contract_offer.items():
        assert len(slots) == 2 and all(slots), pile
        assert len(state.contract_piles[pile]) == 13
    assert state.patent_offer == []


def test_round_one_headstream_drops_come_from_the_tiles() -> None:
    state = make_state(4)
    for letter, tile in state.headstream_tiles.items():
        assert state.headstreams[letter] == HEADSTREAM_TILES[tile][0]
    assert state.phase == "actions" and state.round == 1 and state.active == "usa"


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    a, b = make_state(4, seed=7), make_state(4, seed=7)
    assert a == b
    others = [make_state(4, seed=s) for s in range(8, 12)]
    assert any(o.contract_offer != a.contract_offer for o in others)


def test_table_deals_accept_what_the_table_drew() -> None:
    draws = {
        "headstreams": {"A": "H1", "B": "H2", "C": "H3", "D": "H4"},
        "bonus_tiles": ["B_BASES", "B_CONDUITS", "B_CONTRACTS", "B_POWERHOUSES", "B_ELEVATIONS"],
        "objective": "O_RED_SPACES",
        "national_contracts": ["N1", "N4", "N6"],
        "neutral_dams": ["ND2", "ND6", "ND9"],
        "contract_offer": {
            "green": ["G01", "G07"],
            "yellow": ["Y03", "Y11"],
            "red": ["R02", "R10"],
        },
    }
    state = make_state(4, deals="table", draws=draws)
    assert state.headstream_tiles == draws["headstreams"]
    assert state.bonus_tiles == draws["bonus_tiles"]
    assert state.national_contracts == ["N1", "N4", "N6"]
    assert {"2L", "6L", "9L"} <= set(state.dams)
    assert state.contract_offer["green"] == ["G01", "G07"]
    assert "G01" not in state.contract_piles["green"]
    assert state.contract_piles["green"] == sorted(state.contract_piles["green"])  # no order


@pytest.mark.parametrize(
    ("draws", "message"),
    [
        ({"national_contracts": ["N1", "N1", "N2"]}, "twice"),
        ({"national_contracts": ["N1"]}, "must draw 3"),
        ({"neutral_dams": ["ND1", "ND2", "ND9"]}, "one Neutral Dam tile from each pile"),
        ({"contract_offer": {"green": ["G01", "Y03"]}}, "not in that pile"),
        ({"objective": "O_NOPE"}, "not in that pile"),
    ],
)
def test_table_deals_refuse_tiles_that_cannot_be_drawn(draws: dict, message: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        new_game(setup_payload(4, deals="table", draws=draws))
    assert message in refused.value.message


def test_an_automa_seat_starts_with_16_vp_no_credits_and_plays_first() -> None:
    # automa.md §1.2, ruling A11, edge case 28
    state = make_state(["usa", "germany", "italy"], automas=("italy",))
    automa = state.players["italy"]
    assert automa.is_automa and automa.vp == 16 and automa.credits == 0
    assert automa.officer is None and automa.contracts == []
    assert (automa.excavators, automa.mixers, automa.engineers) == (6, 4, 12)
    assert state.turn_order[0] == "italy"


def test_player_count_and_seat_kinds_are_checked() -> None:
    with pytest.raises(RuleViolation, match="2, 3 or 4 players"):
        new_game({"mode": "introductory", "seats": [{"kind": "human"}]})
    with pytest.raises(RuleViolation, match="at least one seat|At least one seat"):
        new_game({"mode": "introductory", "seats": [{"kind": "automa"}, {"kind": "automa"}]})


# -- full setup (p. 9) ---------------------------------------------------------------------


def test_full_setup_waits_for_the_draft_in_selection_order() -> None:
    outcome = new_game(setup_payload(3, mode="full", seed=4))
    state = outcome.state
    assert state.phase == "setup" and state.players == {}
    decision = state.pending[-1]
    assert decision.kind == "draft_pick" and decision.player is None
    assert decision.options["seat"] == 0
    assert len(decision.options["pairs"]) == 3 and len(decision.options["contracts"]) == 3
    picks = []
    for _ in range(3):
        answer = state.pending[-1].options["answers"][-1]
        picks.append(answer["company"])
        state = execute(state, {"type": "decide", "answer": answer}).state
    # the first to select is last in turn order (p. 9)
    assert state.turn_order == list(reversed(picks))
    assert state.phase == "actions" and state.active == picks[-1]


def test_full_setup_has_no_wild_tile_and_a_patent_office_from_pile_one() -> None:
    state = make_state(4, mode="full", seed=11)
    assert all("wild" not in p.tiles for p in state.players.values())
    assert len(state.patent_offer) == 3
    assert all(t.startswith("L1_") for t in state.patent_offer)
    assert len(state.patent_piles["I"]) == 2 and len(state.patent_piles["II"]) == 5


def test_a_draft_pick_must_be_on_offer() -> None:
    state = new_game(setup_payload(2, mode="full", seed=4)).state
    offered = {p["company"] for p in state.pending[-1].options["pairs"]}
    missing = next(c for c in ("usa", "germany", "italy", "france") if c not in offered)
    with pytest.raises(RuleViolation, match="not one of the company boards"):
        execute(state, {"type": "decide", "answer": {"company": missing, "contract": "S1"}})


def _full_with_officer(officer: str) -> object:
    draws = {
        "companies": ["usa", "germany"],
        "officers": [officer, "viktor_fiesler"],
        "starting_contracts": ["S1", "S2"],
    }
    state = new_game(setup_payload(2, mode="full", seed=3, draws=draws)).state
    state = execute(state, {"type": "decide", "answer": {"company": "usa", "contract": "S1"}}).state
    return execute(
        state, {"type": "decide", "answer": {"company": "germany", "contract": "S2"}}
    ).state


def test_mahiri_starts_with_9_credits() -> None:
    # ruling R12
    state = _full_with_officer("mahiri_sekibo")
    assert state.players["usa"].credits == 9 and state.players["germany"].credits == 6


def test_anton_krylov_gets_his_copy_tile() -> None:
    state = _full_with_officer("anton_krylov")
    assert "anton_copy_tile" in state.players["usa"].tiles


def test_a_full_game_whose_table_already_chose_needs_no_draft() -> None:
    payload = {
        "mode": "full",
        "seed": 6,
        "seats": [
            {"kind": "human", "company": "italy", "officer": "anton_krylov", "contract": "S4"},
            {"kind": "human", "company": "usa", "officer": "viktor_fiesler", "contract": "S2"},
            {"kind": "automa", "automa_level": 2},
        ],
    }
    state = new_game(payload).state
    assert not state.pending and state.phase == "actions"
    automa = next(c for c, p in state.players.items() if p.is_automa)
    # Automas first, then the reverse of the selection (seat) order (p. 9, ruling A11)
    assert state.turn_order == [automa, "usa", "italy"]
    assert state.players["italy"].contracts == ["S4"]
    assert state.players["usa"].officer == "viktor_fiesler"
    assert "anton_copy_tile" in state.players["italy"].tiles
    with pytest.raises(RuleViolation, match="one seat only"):
        new_game(
            {
                **payload,
                "seats": [
                    {"kind": "human", "company": "italy", "officer": "anton_krylov"},
                    {"kind": "human", "company": "usa", "officer": "anton_krylov"},
                ],
            }
        )


def test_full_game_player_setup_example_page_9() -> None:
    # p. 9: Sophia selects first (France, a Starting Contract of value 3) and is last in turn
    # order; Viktor (Italy, value 4) third; Paul (USA, value 3) second; Joanna (Germany, the
    # remaining contract) first.
    draws = {
        "companies": ["france", "italy", "usa", "germany"],
        "officers": ["wilhelm_adler", "viktor_fiesler", "jill_mcdowell", "solomon_p_jordan"],
        "starting_contracts": ["S1", "S2", "S3", "S4"],
    }
    seats = [{"kind": "human", "name": n} for n in ("Sophia", "Viktor", "Paul", "Joanna")]
    state = new_game({"mode": "full", "seed": 9, "seats": seats, "draws": draws}).state
    for company, contract in (("france", "S1"), ("italy", "S4"), ("usa", "S2"), ("germany", "S3")):
        state = execute(
            state, {"type": "decide", "answer": {"company": company, "contract": contract}}
        ).state
    assert state.turn_order == ["germany", "usa", "italy", "france"]
    assert state.players["italy"].contracts == ["S4"]
    assert state.players["france"].name == "Sophia" and state.players["germany"].name == "Joanna"
    assert state.players["italy"].officer == "viktor_fiesler"


def test_draft_picks_can_come_with_the_setup() -> None:
    draws = {
        "companies": ["france", "italy"],
        "officers": ["wilhelm_adler", "viktor_fiesler"],
        "starting_contracts": ["S1", "S4"],
        "picks": [{"company": "italy", "contract": "S1"}, {"company": "france", "contract": "S4"}],
    }
    state = new_game(setup_payload(2, mode="full", seed=2, draws=draws)).state
    assert not state.pending and state.phase == "actions"
    assert state.turn_order == ["france", "italy"]
    assert state.players["italy"].officer == "viktor_fiesler"
    assert state.players["france"].contracts == ["S4"]
    bad = {**draws, "picks": [{"company": "usa", "contract": "S1"}]}
    with pytest.raises(RuleViolation, match="still on offer"):
        new_game(setup_payload(2, mode="full", seed=2, draws=bad))


def test_a_table_draw_of_a_board_an_automa_already_plays_names_the_company() -> None:
    # Full Game Setup p. 9 / automa.md §1.2: the Automa's board is not among the boards laid out
    payload = setup_payload(
        ["", "", "italy"],
        mode="full",
        deals="table",
        automas=("italy",),
        draws={"companies": ["usa", "italy"]},
    )
    with pytest.raises(RuleViolation) as refused:
        new_game(payload)
    assert refused.value.message == (
        "Italy cannot be drawn as company boards: an Automa already plays it, "
        "or it is not a base-game company."
    )


@pytest.mark.parametrize("seed", range(12))
def test_the_officer_given_to_a_level_4_automa_is_not_laid_out_for_the_draft(seed: int) -> None:
    # automa.md §2.2 (level 4 gets an officer) with Full Game Setup p. 9: every officer once
    payload = setup_payload(["", "", "italy"], mode="full", automas=("italy",), seed=seed)
    payload["seats"][2].update(automa_level=4, officer="anton_krylov")
    state = new_game(payload).state
    offered = [pair["officer"] for pair in state.draft["pairs"]]
    assert "anton_krylov" not in offered and len(offered) == 2
    assert state.draft["automa_officer"] == {"2": "anton_krylov"}


@pytest.mark.parametrize(
    "change",
    [
        {"seed": "abc"},
        {"seed": True},
        {"seed": 10**100},
        {"seats": [{"kind": "automa", "company": "usa", "automa_level": "x"}, {"kind": "human"}]},
        {"seats": [{"kind": "automa", "company": "usa", "automa_level": 7}, {"kind": "human"}]},
        {"seats": [{"kind": "human", "company": ["usa"]}, {"kind": "human"}]},
        {"seats": [{"kind": "human", "zz": 1}, {"kind": "human"}]},
        {"draws": {"objective": [[[[["O_BASINS_1"]]]]]}},
        {"draws": "nope"},
    ],
)
def test_issue_10_a_malformed_setup_is_refused_in_words(change: dict[str, Any]) -> None:
    payload = {"mode": "introductory", "seed": 1, **change}
    payload.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    with pytest.raises(CommandError) as refused:
        new_game(payload)
    assert refused.value.message
