"""The Patent Office and the full setup (issue 3).

Rulebook "Patent Office" (p. 19: 2 Engineers and 5 Credits for the tile of that space, which
joins your supply at once), "End of Round" (p. 21: leftovers discarded, three new tiles from
pile I, then II, then III), "Full Game Setup" (p. 9: officers paired with the companies at
random, Anton Krylov's tile, no wild tiles); companies.md §4.4 (the offer goes I-I-I,
I-I-II, II-II-II, II-III-III, III-III-III when nothing is bought).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import make_state, set_active

from companion.engine import execute, legal_options
from companion.engine.catalog import ADVANCED_TILES, ANTON_TILE, BASE_OFFICERS
from companion.engine.construction import build_options
from companion.engine.errors import RuleViolation
from companion.engine.state import GameState


def levels(state: GameState) -> list[str]:
    """The offer as the table reads it: pile of each face-up tile ("I", "II", "III")."""
    roman = {1: "I", 2: "II", 3: "III"}
    return [roman[ADVANCED_TILES[t].level] if t else "-" for t in state.patent_offer]


def bank_and_pass_round(state: GameState) -> GameState:
    """Everybody puts all Engineers on the Bank, then passes: the round ends."""
    start = state.round
    while state.round == start and not state.finished:
        company = state.active
        assert company is not None and not state.pending
        engineers = state.players[company].engineers
        command: dict[str, Any] = (
            {"type": "bank", "player": company, "engineers": engineers}
            if engineers
            else {"type": "pass", "player": company}
        )
        state = execute(state, command).state
    return state


def patent(state: GameState, space: str, company: str | None = None) -> GameState:
    company = company or str(state.active)
    return execute(state, {"type": "patent", "player": company, "space": space}).state


# -- buying ----------------------------------------------------------------------------------


def test_a_patent_costs_2_engineers_and_5_credits_and_the_tile_joins_the_supply() -> None:
    state = make_state(3, mode="full", seed=5)
    company = str(state.active)
    tile = state.patent_offer[1]
    before = state.players[company]
    state = patent(state, "PO_2", company)
    after = state.players[company]
    assert (after.engineers, after.credits) == (before.engineers - 2, before.credits - 5)
    assert tile in after.tiles and after.advanced_tiles_acquired == [tile]
    assert state.patent_offer[1] is None  # not replaced until the end of the round
    assert state.occupied["PO_2"] == company


def test_a_bought_tile_is_usable_at_once() -> None:
    state = make_state(2, mode="full", seed=5)
    company = str(state.active)
    slot = next(  # an Elevation tile would need a dam to raise first
        k for k, t in enumerate(state.patent_offer) if ADVANCED_TILES[str(t)].builds != "elevation"
    )
    tile = state.patent_offer[slot]
    state = patent(state, f"PO_{slot + 1}", company)
    set_active(state, company)  # the player's next turn of the same round
    assert any(o["tile"] == tile for o in build_options(state, company))
    offered = legal_options(state, company)["actions"]
    build = next(a for a in offered if a["type"] == "build")
    assert any(c["command"]["tile"] == tile for c in build["choices"])


def test_an_empty_patent_space_is_refused_until_the_end_of_the_round() -> None:
    state = make_state(2, mode="full", seed=5)
    first = str(state.active)
    state = patent(state, "PO_1", first)
    with pytest.raises(RuleViolation, match="until the end of the round"):
        patent(state, "PO_1")
    patent_action = next(a for a in legal_options(state)["actions"] if a["type"] == "patent")
    assert {c["command"]["space"] for c in patent_action["choices"]} == {"PO_2", "PO_3"}


def test_a_patent_needs_5_credits() -> None:
    state = make_state(2, mode="full", seed=5)
    company = str(state.active)
    state.players[company].credits = 4
    with pytest.raises(RuleViolation, match="5 Credits for the action"):
        patent(state, "PO_1", company)


def test_no_patent_office_in_the_introductory_game() -> None:
    state = make_state(2, mode="introductory")
    assert state.patent_offer == []
    patent_action = next(a for a in legal_options(state)["actions"] if a["type"] == "patent")
    assert not patent_action["enabled"]
    with pytest.raises(RuleViolation, match="not used in the introductory game"):
        patent(state, "PO_1")


# -- end of round ----------------------------------------------------------------------------


def test_the_offer_goes_I_I_I_then_I_I_II_II_II_II_II_III_III_III_III_III() -> None:
    state = make_state(2, mode="full", seed=8)
    seen = [levels(state)]
    for _ in range(4):
        state = bank_and_pass_round(state)
        seen.append(levels(state))
    assert seen == [
        ["I", "I", "I"],
        ["I", "I", "II"],
        ["II", "II", "II"],
        ["II", "III", "III"],
        ["III", "III", "III"],
    ]
    assert state.patent_piles == {"I": [], "II": [], "III": []}  # 15 tiles, all drawn


def test_leftovers_are_discarded_and_three_new_tiles_drawn_after_a_purchase() -> None:
    state = make_state(2, mode="full", seed=8)
    bought = state.patent_offer[0]
    leftovers = state.patent_offer[1:]
    next_in_pile = list(state.patent_piles["I"])
    state = patent(state, "PO_1")
    state = bank_and_pass_round(state)
    assert bought not in state.patent_offer
    assert not set(leftovers) & set(state.patent_offer)  # discarded, never come back
    assert not set(leftovers) & {t for pile in state.patent_piles.values() for t in pile}
    assert state.patent_offer[:2] == next_in_pile  # the last two tiles of pile I
    assert ADVANCED_TILES[str(state.patent_offer[2])].level == 2


def test_the_discard_and_refill_events_say_what_to_do_at_the_table() -> None:
    state = make_state(2, mode="full", seed=8)
    offer = list(state.patent_offer)
    start = state.round
    outcome = None
    while state.round == start:
        company = str(state.active)
        engineers = state.players[company].engineers
        command = (
            {"type": "bank", "player": company, "engineers": engineers}
            if engineers
            else {"type": "pass", "player": company}
        )
        outcome = execute(state, command)
        state = outcome.state
    assert outcome is not None
    discarded = [e for e in outcome.events if e["type"] == "patent_offer_discarded"]
    revealed = [e for e in outcome.events if e["type"] == "patent_tile_revealed"]
    assert [e["tiles"] for e in discarded] == [offer]
    assert [e["pile"] for e in revealed] == ["I", "I", "II"]
    texts = [i["text"] for i in outcome.instructions]
    assert any("from pile II" in t for t in texts)


# -- full setup ------------------------------------------------------------------------------


def test_full_setup_pairs_officers_with_companies_at_random() -> None:
    pairings = set()
    for seed in range(8):
        state = make_state(4, mode="full", seed=seed)
        officers = [p.officer for p in state.players.values()]
        assert len(set(officers)) == 4 and set(officers) <= set(BASE_OFFICERS)
        pairings.add(tuple(sorted((c, str(p.officer)) for c, p in state.players.items())))
    assert len(pairings) > 1


def test_full_setup_hands_out_antons_tile_and_no_wild_tile() -> None:
    for seed in range(12):
        state = make_state(3, mode="full", seed=seed)
        for player in state.players.values():
            assert "wild" not in player.tiles
            assert (ANTON_TILE in player.tiles) == (player.officer == "anton_krylov")
