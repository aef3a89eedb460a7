"""`execute` accepts for an Automa seat exactly what `legal_options` offers it.

- An Automa seat takes no person's action (issue 10: `bank` on its turn gave it +3 VP).
- "Choose another legal move" (issue 9, item 6): every move the Automa could legally make now,
  paid the Automa's way (automa.md §5-§7); each offered override is accepted, anything else
  refused; never a Leeghwater action in a base game.
- Ruling A20: the Automa passes in the turn it places its last Engineer (setup `rules` 2).
- Never stuck: an Automa production worth 0 energy (France's −3 bringing a contract to 0) is
  infeasible and skipped (automa.md §7.1; the Turbine Station's "at least 1", p. 16).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import automa_turn, events_of, place_conduit, place_dam, place_powerhouse
from test_automa_fixtures import automa_game

from companion.engine import RuleViolation, execute, legal_options, new_game
from companion.engine.automa import feasibility
from companion.engine.automa.tiles import TILES
from companion.engine.state import GameState

A, H = "italy", "usa"


def override_commands(state: GameState) -> list[dict[str, Any]]:
    groups = legal_options(state)["overrides"]
    return [c["command"] for g in groups for c in g["choices"]]


@pytest.mark.parametrize(
    "command",
    [
        {"type": "bank", "player": A, "engineers": 3},
        {"type": "workshop", "player": A, "space": "WS_1_L"},
        {"type": "water", "player": A, "space": "WM_2_L", "headstreams": ["A"]},
        {"type": "pass", "player": A},
    ],
)
def test_an_automa_seat_refuses_a_persons_action(command: dict[str, Any]) -> None:
    state = automa_game(1)
    assert state.active == A
    with pytest.raises(RuleViolation) as refused:
        execute(state, command)
    assert refused.value.code == "automa_seat"
    options = legal_options(state)
    offered = {c["command"]["type"] for a in options["actions"] for c in a["choices"]}
    assert offered == {"automa_turn"}  # its turn, or another move of its own (overrides)
    assert options["actions"][0]["type"] == "automa_turn"
    assert options["actions"][1:] == options["overrides"]


def test_every_offered_override_is_accepted_and_does_what_it_says() -> None:
    state = automa_game(13, criteria_tile=1)  # T13: production, water, builds …
    place_dam(state, "3L", A, level=2, drops=2)
    place_conduit(state, "C3L", A)
    place_powerhouse(state, "P5-2", A)
    commands = override_commands(state)
    kinds = {c["override"]["move"]["kind"] for c in commands}
    # not only the tile's actions: the workshop needs a loaded wheel, so it is not listed
    assert {"production", "construction", "water_management", "water_flowing",
            "contract_office", "machinery_shop", "bank"} <= kinds  # fmt: skip
    for command in commands:
        outcome = execute(state, command)  # the override list is what execute accepts
        trace = outcome.state.automa["last_trace"]
        assert trace["override"] == command["override"]
        assert "Override by the table" in trace["lines"][1]
    build = next(c for c in commands if c["override"]["move"]["kind"] == "construction")
    move = build["override"]["move"]
    built = events_of(execute(state, build), "structure_built")[0]
    assert (built["structure"], built["space"]) == (move["structure"], move["space"])


def test_a_move_not_offered_is_refused() -> None:
    state = automa_game(1)
    place_dam(state, "2L", H)  # taken by the human
    not_offered = [
        {"kind": "construction", "structure": "base", "space": "2L", "tile": "base"},
        {"kind": "construction", "structure": "base", "space": "C1L", "tile": "base"},
        {"kind": "production", "dam": "1U", "conduit": "C1L", "powerhouse": "P8-1"},
        {"kind": "patent_office", "slot": 0},  # introductory game: no Patent Office
        {"kind": "building"},  # the Leeghwater Project is not in a base game
    ]
    offered = [c["override"]["move"] for c in override_commands(state)]
    for move in not_offered:
        assert move not in offered
        with pytest.raises(RuleViolation) as refused:
            automa_turn(state, A, move=move)
        assert refused.value.code == "automa_override"


def test_no_leeghwater_action_is_offered_in_a_base_game() -> None:
    for tile in (17, 18, 19, 20):  # tiles with a Leeghwater building action
        state = automa_game(tile)
        groups = legal_options(state)["overrides"]
        assert {g["type"] for g in groups} == {
            "production", "construction", "water_management", "contract_office",
            "workshop", "machinery_shop", "patent_office", "bank",
        }  # fmt: skip
        assert any(a.expansion for a in TILES[tile].actions)


def test_overrides_are_offered_only_while_the_automa_plays_its_turn() -> None:
    state = automa_game(1)
    assert override_commands(state)
    human_turn = execute(state, {"type": "automa_turn", "player": A}).state
    assert human_turn.active == H
    assert legal_options(human_turn)["overrides"] == []


def _games(rules: int, seed: int) -> dict[str, Any]:
    return {
        "mode": "introductory",
        "seed": seed,
        "deals": "app",
        "rules": rules,
        "seats": [
            {"kind": "automa", "company": A, "automa_level": 2},
            {"kind": "human", "company": H},
        ],
    }


def _play_until_last_engineer(rules: int) -> tuple[GameState, Any]:
    """Play (the human banks 1 Engineer a turn) until the Automa places its last Engineer."""
    state = new_game(_games(rules, 3)).state
    while True:
        if state.active == A:
            outcome = execute(state, {"type": "automa_turn", "player": A})
            if outcome.state.players[A].engineers == 0:
                return state, outcome
        else:
            command = {"type": "bank", "player": H, "engineers": 1}
            if state.players[H].engineers == 0:
                command = {"type": "pass", "player": H}
            outcome = execute(state, command)
        state = outcome.state


def test_ruling_a20_the_automa_passes_in_the_turn_of_its_last_engineer() -> None:
    _, outcome = _play_until_last_engineer(rules=2)
    passed = events_of(outcome, "player_passed")
    assert [e["company"] for e in passed] == [A]
    assert outcome.state.players[A].passed
    options = legal_options(outcome.state)
    assert outcome.state.active != A or outcome.state.phase != "actions"
    assert all(c["command"]["type"] != "automa_turn" for a in options["actions"]
               for c in a["choices"])  # fmt: skip


def test_logs_written_before_rules_2_keep_the_automas_own_pass_command() -> None:
    _, outcome = _play_until_last_engineer(rules=1)
    assert not events_of(outcome, "player_passed")
    assert not outcome.state.players[A].passed


def test_a_france_automa_never_plans_a_production_worth_0_energy() -> None:
    """France at level 3 (ability on: contracts need 3 less) with a green contract of 3: the
    need is 0, and its only system gives 1 × 1 − 2 (tile bonus) + 1 (2nd powerhouse) = 0."""
    state = automa_game(1, automa="france", level=3)  # T01: production green −2
    place_dam(state, "9L", "france", level=1, drops=1)
    place_conduit(state, "C9L", "france")  # value 1, from basin 9 to basin 11
    for space in ("P11-1", "P6-1", "P7-1"):  # 3 powerhouses: the company ability is on
        place_powerhouse(state, space, "france")
    green = next(c for c in ("G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08")
                 if feasibility.catalog.CONTRACTS[c].energy_required == 3)  # fmt: skip
    state.contract_offer = {"green": [green, None], "yellow": [None, None], "red": [None, None]}
    for pile in state.contract_piles.values():
        pile.clear()
    action = TILES[1].actions[0]
    plan = feasibility.plan_production(state, "france", action, TILES[1].criteria)
    assert isinstance(plan, feasibility.Skip)
    assert "gives 0 energy" in plan.reason
    outcome = automa_turn(state, "france")  # the turn goes on with the next action
    assert not events_of(outcome, "production_made")


def test_seeded_automa_turns_accept_every_offered_override() -> None:
    """Random games against Automas of every level: at each Automa turn a random offered
    override is accepted (and the game goes on)."""
    rnd = random.Random(7)
    for level in (1, 2, 3, 4):
        state = new_game(
            {"mode": "full", "seed": level, "deals": "app", "rules": 2,
             "seats": [{"kind": "human"}, {"kind": "automa", "automa_level": level}]}
        ).state  # fmt: skip
        for _ in range(400):
            if state.finished:
                break
            options = legal_options(state)
            commands = [c["command"] for a in options["actions"] for c in a["choices"]]
            if options["pending"]:
                commands += [c["command"] for c in options["pending"]["choices"]]
            overrides = [c["command"] for g in options["overrides"] for c in g["choices"]]
            command = rnd.choice(overrides) if overrides else rnd.choice(commands)
            state = execute(state, command).state
