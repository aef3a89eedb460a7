"""Automa scoring differences (automa.md §9): Credits become VP, 0 energy nets 0, 20/15/10.

Scored by the engine's scoring code (rounds.py, scoring.py) through economy's Automa
conversion; these tests check the Automa's side of it on real games.
"""

from __future__ import annotations

from helpers import give
from test_automa_fixtures import automa_game

from companion.engine import rounds, scoring
from companion.engine.events import Recorder

A, H = "italy", "usa"


def scored(state):
    rec = Recorder(state)
    rounds.scoring_phase(rec)
    return rec


def lines_of(state, category):
    return [line.vp for line in state.players[A].ledger if line.category == category]


def test_energy_track_credits_become_vp():
    # §9: energy-track money → VP; 12 energy is worth credits_for_energy(12) Credits
    state = automa_game(1)
    give(state, A, energy=12)
    give(state, H, energy=3)
    scored(state)
    assert state.players[A].credits == 0
    assert lines_of(state, "energy_track") == [scoring.credits_for_energy(12)]
    assert lines_of(state, "energy_ranking") == [6]


def test_zero_energy_nets_zero_for_an_automa():
    # §9: the "+3 Credits, −3 VP" space nets 0 for an Automa (Credits become VP)
    state = automa_game(1)
    give(state, A, energy=0)
    give(state, H, energy=5)
    vp = state.players[A].vp
    scored(state)
    assert sum(lines_of(state, "energy_track")) == 0
    assert state.players[A].vp == vp


def test_objective_tile_pays_20_15_10_to_automas():
    # §9 and ruling R1: the Automa's share on its own scale; ties pool the places
    awards = scoring.objective_awards({A: 5, H: 3, "germany": 1}, automas={A, "germany"})
    assert awards == {A: 20, H: 10, "germany": 10}
    awards = scoring.objective_awards({A: 4, H: 4}, automas={A})
    assert awards == {A: 18, H: 13}  # (20+15)/2 rounded up, (15+10)/2 rounded up


def test_automa_resources_count_machinery_only():
    # §9: 1 VP per 5 machinery pieces in the supply; an Automa has no Credits
    assert scoring.resource_vp(0, 6, 4) == 2
