"""Rounds: income order, the Actions phase flow, water flow, scoring, end of round, end of game.

Rulebook "Game Round" (p. 10), "Scoring" (p. 20), "End of Round" and "End of the Game" (p. 21).
"""

from __future__ import annotations

from helpers import give, make_state, place_dam, place_powerhouse, run

from companion.engine import execute, rounds
from companion.engine.events import Recorder
from companion.engine.state import GameState

# the rulebook's four players: Paul red (USA), Joanna black (Germany), Viktor green (Italy),
# Sophia white (France)
PAUL, JOANNA, VIKTOR, SOPHIA = "usa", "germany", "italy", "france"


def energies(state: GameState, **energy: int) -> None:
    for company, value in energy.items():
        state.players[company].energy = value


def vp_by_category(events: list[dict], company: str, category: str) -> int:
    return sum(
        e["vp"]
        for e in events
        if e["type"] == "vp_scored" and e["company"] == company and e["category"] == category
    )


def credits_gained(events: list[dict], company: str) -> int:
    return sum(
        e["credits"] for e in events if e["type"] == "credits_gained" and e["company"] == company
    )


def test_turn_order_example_page_21() -> None:
    # End of Round (p. 21): Viktor produced the least and goes first, Paul the most and goes
    # last; Joanna and Sophia tied and switch their positions.
    state = make_state(4)
    state.turn_order = [PAUL, JOANNA, SOPHIA, VIKTOR]
    energies(state, usa=12, germany=7, france=7, italy=2)
    assert rounds.next_turn_order(state) == [VIKTOR, SOPHIA, JOANNA, PAUL]


def test_three_tied_players_reverse_their_relative_order() -> None:
    # ruling R28, edge case 15
    state = make_state(4)
    state.turn_order = [PAUL, JOANNA, VIKTOR, SOPHIA]
    energies(state, usa=5, germany=5, italy=9, france=5)
    assert rounds.next_turn_order(state) == [SOPHIA, JOANNA, PAUL, VIKTOR]


def test_energy_ranking_and_credits_example_page_20() -> None:
    # Scoring (p. 20): Paul leads (6 VP); Joanna and Sophia tie for second (1 VP each); Paul
    # gains 4 Credits, Joanna and Sophia 3, Viktor 3 Credits but loses 3 VP.
    state = make_state(4)
    state.bonus_tiles[0] = "B_POWERHOUSES"  # nobody has one: the bonus tile scores nothing
    energies(state, usa=8, germany=5, france=5, italy=0)
    rec = Recorder(state)
    rounds.scoring_phase(rec)
    assert [
        vp_by_category(rec.events, c, "energy_ranking") for c in (PAUL, JOANNA, SOPHIA, VIKTOR)
    ] == [6, 1, 1, 0]
    assert [credits_gained(rec.events, c) for c in (PAUL, JOANNA, SOPHIA, VIKTOR)] == [4, 3, 3, 3]
    assert vp_by_category(rec.events, VIKTOR, "energy_track") == -3


def test_bonus_tile_example_page_20() -> None:
    # Scoring (p. 20), end of the third round, Bonus tile 5 VP per Powerhouse: Sophia full
    # reward 10 VP; Viktor one section behind 11 VP; Joanna two behind 0 VP; Paul under 6
    # energy gets nothing.
    state = make_state(4)
    state.round = 3
    state.bonus_tiles[2] = "B_POWERHOUSES"
    for company, n in ((SOPHIA, 2), (VIKTOR, 3), (JOANNA, 1), (PAUL, 3)):
        state.players[company].built["powerhouse"] = n
    energies(state, france=18, italy=12, germany=6, usa=5)
    rec = Recorder(state)
    rounds.scoring_phase(rec)
    bonus = {c: vp_by_category(rec.events, c, "bonus_tile") for c in (SOPHIA, VIKTOR, JOANNA, PAUL)}
    assert bonus == {SOPHIA: 10, VIKTOR: 11, JOANNA: 0, PAUL: 0}


def test_income_is_resolved_in_reverse_turn_order_then_headstreams() -> None:
    # ruling R7
    state = make_state(4)
    state.turn_order = [VIKTOR, PAUL, SOPHIA, JOANNA]
    state.round = 2
    assert rounds.round_steps(state) == [
        "income:germany",
        "income:france",
        "income:usa",
        "income:italy",
        "headstreams",
        "actions",
    ]
    state.round = 5
    assert "headstreams" not in rounds.round_steps(state)  # edge case 13


def _everyone_banks_and_passes(state: GameState) -> GameState:
    """Each player in turn puts all Engineers on the Bank, then everybody passes (one round)."""
    start = state.round
    while state.phase == "actions" and not state.pending and state.round == start:
        company = state.active
        player = state.players[company]
        if player.engineers:
            state = execute(
                state, {"type": "bank", "player": company, "engineers": player.engineers}
            ).state
        else:
            state = execute(state, {"type": "pass", "player": company}).state
    return state


def test_when_everybody_has_passed_the_round_is_computed_to_the_next_actions_phase() -> None:
    state = make_state(2)
    waiting = sum(state.headstreams.values())
    assert waiting > 0
    state = _everyone_banks_and_passes(state)
    assert (state.round, state.phase) == (2, "actions")
    for player in state.players.values():
        # 12 Credits from the Bank, +3 for energy 0 (and -3 VP), Engineers back
        assert player.credits == 6 + 12 + 3
        assert player.vp == 10 - 3
        assert player.engineers == 12 and not player.passed and player.energy == 0
    assert all(who == "blocked" for who in state.occupied.values())
    assert state.bank == {}
    # the round-1 drops have flowed; round 2's are on the headstreams
    from companion.engine.catalog import HEADSTREAM_TILES

    for letter, tile in state.headstream_tiles.items():
        assert state.headstreams[letter] == HEADSTREAM_TILES[tile][1]


def test_passing_players_are_skipped_and_the_others_keep_playing() -> None:
    state = make_state(3)
    state = execute(state, {"type": "bank", "player": "usa", "engineers": 12}).state
    state = execute(state, {"type": "bank", "player": "germany", "engineers": 1}).state
    state = execute(state, {"type": "bank", "player": "italy", "engineers": 1}).state
    state = execute(state, {"type": "pass", "player": "usa"}).state
    assert state.active == "germany"
    state = execute(state, {"type": "bank", "player": "germany", "engineers": 1}).state
    assert state.active == "italy"
    state = execute(state, {"type": "bank", "player": "italy", "engineers": 1}).state
    assert state.active == "germany"  # USA has passed


def test_the_game_ends_after_round_five_with_final_scores() -> None:
    state = make_state(2)
    for _ in range(5):
        state = _everyone_banks_and_passes(state)
    assert state.finished and state.phase == "game_over"
    for company, scores in state.final_scores.items():
        player = state.players[company]
        assert scores["total"] == player.vp == sum(line.vp for line in player.ledger)
        assert scores["start"] == 10
        assert scores["energy_track"] == -15
    # resources: 6 + 5 * 15 Credits + 6 Excavators + 4 Mixers = 91 -> 18 VP
    assert state.final_scores["usa"]["resources"] == (6 + 75 + 10) // 5


def test_end_of_game_scores_objective_resources_and_water_and_breaks_ties_by_last_energy() -> None:
    # End of the Game (p. 21): Joanna's example: 4 Mixers, 6 Excavators, 8 Credits -> 3 VP;
    # Paul's 2 drops in own dams -> 2 VP; the tie goes to the most energy in the last round.
    state = make_state(2)
    state.round = 5
    state.objective = "O_BASINS_1"
    give(state, "germany", credits=8, excavators=6, mixers=4)
    give(state, "usa", credits=0, excavators=0, mixers=0)
    place_dam(state, "1U", "usa", level=2, drops=2)
    place_powerhouse(state, "P8-2", "germany")
    state.players["usa"].vp = state.players["germany"].vp = 10
    energies(state, usa=4, germany=9)
    rec = Recorder(state)
    rounds.end_of_game(rec)
    scores = state.final_scores
    assert scores["germany"]["resources"] == 3
    assert scores["usa"]["water"] == 2
    # one basin each: tied for first, 15 + 10 pooled and split
    assert scores["usa"]["objective"] == scores["germany"]["objective"] == 13
    assert state.players["usa"].vp == 10 + 13 + 2 and state.players["germany"].vp == 10 + 13 + 3
    assert scores["germany"]["winner"] == 1


def test_final_tiebreak_uses_the_last_rounds_energy() -> None:
    # edge case 16: read before any reset
    state = make_state(2)
    state.round = 5
    state.objective = "O_BASINS_1"
    for company in ("usa", "germany"):
        give(state, company, credits=0, excavators=0, mixers=0)
    energies(state, usa=7, germany=3)
    rec = Recorder(state)
    rounds.end_of_game(rec)
    assert state.final_scores["usa"]["total"] == state.final_scores["germany"]["total"]
    assert state.final_scores["usa"]["winner"] == 1 and state.final_scores["germany"]["winner"] == 0
    assert state.final_scores["usa"]["last_round_energy"] == 7


def test_round_one_income_gives_nothing_because_nothing_is_built() -> None:
    # edge case 12
    outcome = run(make_state(2))
    state = make_state(2)
    assert not any(line.category == "income" for p in state.players.values() for line in p.ledger)
    assert outcome.state == state


def test_energy_past_30_reads_30_for_credits_but_ranks_by_the_true_total() -> None:
    # ruling R19, edge case 14
    state = make_state(2)
    state.bonus_tiles[0] = "B_POWERHOUSES"
    energies(state, usa=34, germany=31)
    rec = Recorder(state)
    rounds.scoring_phase(rec)
    assert vp_by_category(rec.events, "usa", "energy_ranking") == 6
    assert vp_by_category(rec.events, "germany", "energy_ranking") == 2
    assert credits_gained(rec.events, "usa") == credits_gained(rec.events, "germany") == 8
    assert rounds.next_turn_order(state) == ["germany", "usa"]


def test_resources_on_the_construction_wheel_do_not_score() -> None:
    # End of the Game (p. 21), edge case 21: Joanna's 3 Mixers and 4 Excavators on the wheel
    # do not count
    state = make_state(2)
    state.round = 5
    give(state, "germany", credits=8, excavators=6, mixers=4)
    state.players["germany"].wheel[3].excavators = 4
    state.players["germany"].wheel[3].mixers = 3
    rec = Recorder(state)
    rounds.end_of_game(rec)
    assert state.final_scores["germany"]["resources"] == 3


def test_end_of_round_resets_the_board_and_keeps_the_blocked_spaces() -> None:
    state = make_state(2)
    state = execute(state, {"type": "workshop", "player": "usa", "space": "WS_1_L"}).state
    state = execute(state, {"type": "bank", "player": "germany", "engineers": 3}).state
    energies(state, usa=4, germany=2)
    rec = Recorder(state)
    rounds.end_of_round(rec)
    assert state.players["usa"].engineers == 12 and state.players["germany"].engineers == 12
    assert state.players["usa"].last_round_energy == 4 and state.players["usa"].energy == 0
    assert state.bank == {} and set(state.occupied.values()) == {"blocked"}
    assert state.turn_order == ["germany", "usa"]


def test_revealed_incomes_are_paid_at_the_start_of_each_later_round() -> None:
    # Income (p. 10), edge case 12: Germany's 2nd Base reveals 3 VP (company board)
    state = make_state(2)
    state.players["germany"].built["base"] = 2
    state = _everyone_banks_and_passes(state)
    income = [line for line in state.players["germany"].ledger if line.category == "income"]
    assert [(line.round, line.vp) for line in income] == [(2, 3)]
    assert not [line for line in state.players["usa"].ledger if line.category == "income"]


def test_a_level_one_automa_takes_no_income() -> None:
    # automa.md §2: level 1 has no company-board income; level 2 has
    state = make_state(["usa", "germany", "italy"], automas=("germany",))
    state.players["germany"].built["base"] = 2
    state.players["germany"].automa_level = 1
    rec = Recorder(state)
    rounds.income_step(rec, "germany")
    assert rec.events == []
    state.players["germany"].automa_level = 2
    rounds.income_step(rec, "germany")
    assert [e["vp"] for e in rec.events if e["type"] == "vp_scored"] == [3]
