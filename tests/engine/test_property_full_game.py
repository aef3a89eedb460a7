"""Property test: random legal FULL games (issue 3) played to the end through the public API.

Random Executive Officers (Mahiri Sekibo and Anton Krylov often among them), Patent Office
purchases, advanced tiles used for constructions, Mahiri's copies: every command comes from
`legal_options` and is executed; after each one every invariant of the engine's property test
holds (`test_property_games.check_invariants`, imported, not copied), and at checkpoints and
at the end replay == rebuild == live and undo-then-redo == original.

The dam limit of the shared checker is `mahiri.held_limit`: Mahiri Sekibo's level-3 dam may
keep the 4th drop caught while she copied Graziano Del Monte "as long as the 4 drops don't
leave the dam" (rulebook Appendix 3).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import test_property_games as base
from helpers import setup_payload
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import CommandError, RuleViolation, execute, legal_options, new_game
from companion.engine.catalog import ADVANCED_TILES, ANTON_TILE, BASE_OFFICERS
from companion.engine.mahiri import MAHIRI
from companion.engine.state import GameState

pytestmark = pytest.mark.slow  # whole random games: -m 'not slow' leaves them out

# types of action a random player favours so that full-game powers are really exercised
FAVOURED = {"patent": 4, "mahiri": 3, "build": 3, "produce": 3}


def _full_power_build(choice: dict[str, Any]) -> bool:
    tile = choice["command"].get("tile")
    return tile in ADVANCED_TILES or tile == ANTON_TILE or tile is None


def choose(state: GameState, rng: random.Random) -> dict[str, Any]:
    """A random legal command, weighted towards the powers of the full game."""
    options = legal_options(state, base.acting_player(state))
    if options["pending"]:
        choices = options["pending"]["choices"]
        assert choices, f"a decision without answers: {options['pending']['reason']}"
        return dict(rng.choice(choices)["command"])
    enabled = [a for a in options["actions"] if a["enabled"] and a["choices"]]
    assert enabled, f"dead end in {state.phase}, round {state.round}"
    weights = [FAVOURED.get(a["type"], 1) for a in enabled]
    action = rng.choices(enabled, weights=weights)[0]
    choices = action["choices"]
    if action["type"] == "build":
        special = [c for c in choices if _full_power_build(c)]
        if special and rng.random() < 0.7:
            choices = special
    return dict(rng.choice(choices)["command"])


def play_full_game(seed: int, players: int, officers: list[str]) -> dict[str, int]:
    """Play one full game; returns how often each full-game power was used."""
    rng = random.Random(seed)
    payload = setup_payload(players, seed=seed, mode="full", draws={"officers": officers})
    state = new_game(payload).state
    records: list[dict[str, Any]] = []
    commands: list[dict[str, Any]] = []
    tracker: base.Tracker | None = None
    used = {"patent": 0, "mahiri": 0, "advanced_build": 0}
    previous = state
    while not state.finished:
        command = choose(state, rng)
        outcome = execute(state, command)
        if tracker is None and outcome.state.players and not outcome.state.draft:
            tracker = base.Tracker(outcome.state)
        elif tracker is not None:
            base.check_invariants(state, outcome.state, outcome.events, tracker)
        _count(used, command)
        records.append({"command": command, "events": outcome.events})
        commands.append(command)
        previous, state = state, outcome.state
        if len(records) % 80 == 0:
            base.check_log(payload, records, commands, previous, state)
        assert len(records) < 2500, "the game does not end"
    base.check_log(payload, records, commands, previous, state)
    assert state.phase == "game_over" and state.final_scores
    for company, scores in state.final_scores.items():
        assert scores["total"] == state.players[company].vp
    return used


def _count(used: dict[str, int], command: dict[str, Any]) -> None:
    if command["type"] in ("patent", "mahiri"):
        used[command["type"]] += 1
    elif command["type"] == "build" and _full_power_build({"command": command}):
        used["advanced_build"] += 1


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    officers=st.permutations(BASE_OFFICERS),
    with_mahiri=st.booleans(),
)
def test_random_full_games_with_officers_and_advanced_tiles_keep_every_invariant(
    seed: int, players: int, officers: list[str], with_mahiri: bool
) -> None:
    drawn = list(officers[:players])
    if with_mahiri and MAHIRI not in drawn:
        drawn[-1] = MAHIRI
    used = play_full_game(seed, players, drawn)
    assert used["patent"] > 0  # the Patent Office was used in every game


def test_a_fixed_full_game_uses_mahiri_anton_and_advanced_tiles() -> None:
    """One seeded 4-player game whose random play reaches every full-game power."""
    officers = ["mahiri_sekibo", "anton_krylov", "graziano_del_monte", "solomon_p_jordan"]
    used = play_full_game(7, 4, officers)
    assert used["patent"] >= 3
    assert used["mahiri"] >= 1
    assert used["advanced_build"] >= 1


# -- the converse for Mahiri Sekibo: accepted => offered -------------------------------------


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_every_mahiri_command_execute_accepts_is_offered(seed: int, players: int) -> None:
    rng = random.Random(seed)
    officers = [MAHIRI, *[o for o in BASE_OFFICERS if o != MAHIRI][: players - 1]]
    payload = setup_payload(players, seed=seed, mode="full", draws={"officers": officers})
    state = new_game(payload).state
    tried = 0
    while not state.finished and tried < 400:
        company = base.acting_player(state)
        if state.phase == "actions" and not state.pending and company:
            offered = [
                c["command"]
                for a in legal_options(state, company)["actions"]
                if a["type"] == "mahiri"
                for c in a["choices"]
            ]
            for officer in BASE_OFFICERS:
                command = {"type": "mahiri", "player": company, "officer": officer}
                try:
                    execute(state, command)
                except (RuleViolation, CommandError):
                    assert command not in offered
                    continue
                assert command in offered, command
        state = execute(state, choose(state, rng)).state
        tried += 1


def test_the_shared_invariant_accepts_mahiris_4th_drop_after_her_copy_of_graziano() -> None:
    """Appendix 3: the 4 drops stay "as long as they don't leave the Dam", after the turn too."""
    from helpers import make_state, place_dam

    draws = {"companies": ["usa", "italy"], "officers": [MAHIRI, "graziano_del_monte"]}
    state = make_state(2, mode="full", draws=draws)
    place_dam(state, "1U", "usa", level=3, drops=4)  # caught while copying, copy now over
    assert state.players["usa"].copied_officer is None
    base.check_invariants(state, state, [], base.Tracker(state))


# -- the converse for the full game's constructions: accepted => offered ---------------------


def full_build_candidates(state: GameState, company: str, rng: random.Random) -> list[dict]:
    """Build commands of the full game: every tile of the supply, Anton's copies of the wheel
    tiles (and Mahiri's copy of Anton, tile None), each with every payment of its cost."""
    from companion.engine.board import SPACES
    from companion.engine.construction import effective_tile, structure_cost
    from companion.engine.wheel import tiles_on_wheel

    player = state.players[company]
    wheel = sorted(set(tiles_on_wheel(state, company)))
    tiles: list[tuple[str | None, str | None]] = [(t, None) for t in sorted(set(player.tiles))]
    tiles += [(t, c) for t in (ANTON_TILE, None) for c in wheel]
    kinds = {"base": "dam", "elevation": "dam", "conduit": "conduit", "powerhouse": "powerhouse"}
    out: list[dict] = []
    for structure, kind in kinds.items():
        spaces = [s for s, space in SPACES.items() if space.kind == kind]
        for space in rng.sample(spaces, min(5, len(spaces))):
            for tile, copies in tiles:
                command: dict[str, Any] = {"type": "build", "player": company}
                command.update(structure=structure, space=space, tile=tile)
                if copies is not None:
                    command["copies"] = copies
                cost = structure_cost(
                    state, company, structure, space, effective_tile(tile, copies)
                )
                out.append(command)
                for payment in cost.payments[1:]:
                    out.append({**command, "payment": payment.as_dict()})
    return out


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6), players=st.integers(2, 4), officers=st.permutations(BASE_OFFICERS)
)
def test_every_full_game_command_execute_accepts_is_offered(
    seed: int, players: int, officers: list[str]
) -> None:
    rng = random.Random(seed)
    drawn = list(officers[:players])
    payload = setup_payload(players, seed=seed, mode="full", draws={"officers": drawn})
    state = new_game(payload).state
    for step in range(300):
        if state.finished:
            break
        company = base.acting_player(state)
        if step % 4 == 0 and state.phase == "actions" and not state.pending and company:
            offered = {
                base._canonical(c["command"])
                for a in legal_options(state, company)["actions"]
                for c in a["choices"]
            }
            candidates = base.candidate_commands(state, company, rng)  # incl. the Patent Office
            for command in [*candidates, *full_build_candidates(state, company, rng)]:
                try:
                    execute(state, command)
                except (RuleViolation, CommandError):
                    continue
                assert base._canonical(command) in offered, command
        state = execute(state, choose(state, rng)).state
