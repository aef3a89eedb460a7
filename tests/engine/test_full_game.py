"""Twelve seeded 4-player FULL games played to the end through legal_options + execute (issue 3).

Random officers (all seven appear), Patent Office purchases, advanced tiles and Mahiri's
copies, with the choices weighted towards the full game's powers (the chooser of
`test_property_full_game`). After every command the engine's invariants hold
(`test_property_games.check_invariants`); at the end, replay == rebuild == live. Together the
games reach every power of rulebook appendices 2-4: each of the 15 advanced tiles builds a
structure (itself or copied by Anton's tile), Mahiri Sekibo copies each of the six other
officers, and every decision of the full game is asked and answered.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
import test_property_games as base
from helpers import setup_payload
from test_property_full_game import choose

from companion.engine import execute, new_game
from companion.engine.catalog import BASE_ADVANCED_TILES, BASE_OFFICERS
from companion.engine.mahiri import MAHIRI

SEEDS = range(12)


def play(seed: int) -> dict[str, Any]:
    """One seeded 4-player full game; what it used."""
    rng = random.Random(seed)
    officers = list(BASE_OFFICERS)
    rng.shuffle(officers)
    payload = setup_payload(4, seed=seed, mode="full", draws={"officers": officers[:4]})
    state = new_game(payload).state
    records: list[dict[str, Any]] = []
    commands: list[dict[str, Any]] = []
    tracker: base.Tracker | None = None
    seen: dict[str, Any] = {"tiles": Counter(), "copies": Counter(), "decisions": Counter()}
    seen["officers"] = set(officers[:4])
    previous = state
    while not state.finished:
        command = choose(state, rng)
        if command["type"] == "build":
            seen["tiles"][command.get("copies") or command.get("tile")] += 1
        elif command["type"] == "mahiri":
            seen["copies"][command["officer"]] += 1
        elif command["type"] == "decide":
            seen["decisions"][state.pending[-1].kind] += 1
        outcome = execute(state, command)
        if tracker is None and outcome.state.players and not outcome.state.draft:
            tracker = base.Tracker(outcome.state)
        elif tracker is not None:
            base.check_invariants(state, outcome.state, outcome.events, tracker)
        records.append({"command": command, "events": outcome.events})
        commands.append(command)
        previous, state = state, outcome.state
    base.check_log(payload, records, commands, previous, state)
    seen["final"] = {c: (s["total"], state.players[c].vp) for c, s in state.final_scores.items()}
    seen["round"] = state.round
    return seen


@pytest.fixture(scope="module")
def games() -> list[dict[str, Any]]:
    return [play(seed) for seed in SEEDS]


def test_every_game_ends_after_round_5_with_the_scores_of_the_ledger(games: list) -> None:
    for game in games:
        assert game["round"] == 5
        assert all(total == vp for total, vp in game["final"].values())


def test_all_seven_officers_are_in_play(games: list) -> None:
    assert set().union(*(g["officers"] for g in games)) == set(BASE_OFFICERS)


def test_each_of_the_15_advanced_tiles_builds_a_structure(games: list) -> None:
    used = sum((g["tiles"] for g in games), Counter())
    assert {t for t in BASE_ADVANCED_TILES if used[t] == 0} == set()


def test_mahiri_copies_each_other_officer(games: list) -> None:
    copied = sum((g["copies"] for g in games), Counter())
    assert set(copied) == set(BASE_OFFICERS) - {MAHIRI}


def test_every_full_game_decision_is_asked_and_answered(games: list) -> None:
    asked = sum((g["decisions"] for g in games), Counter())
    for kind in ("draft_pick", "second_production", "tile_effect", "tile_contract",
                 "tile_production"):  # fmt: skip
        assert asked[kind] > 0, kind
