"""The Automa pays and gains Credits as VP in The Leeghwater Project too (leeghwater.md §10
"Credits": External Work Credit rewards become VP, a red-bordered building space costs it 3
VP; automa.md §6)."""

from __future__ import annotations

from helpers import events_of, give
from leeghwater_helpers import put_buildings, put_on_offer
from test_leeghwater_automa import A, H, _turn, automa_expansion_game


def test_an_external_works_credit_reward_becomes_vp_for_the_automa() -> None:
    # T01, External Work 1-2-3: A2 (1 Concrete Mixer → 3 Credits + 2 wheel turns)
    state = automa_expansion_game(1)
    put_on_offer(state, "A2", None, None)
    give(state, A, excavators=0, mixers=1)
    vp, credits = state.players[A].vp, state.players[A].credits
    out = _turn(state)
    assert events_of(out, "external_work_taken")[0]["tile"] == "A2"
    assert (out.state.players[A].vp, out.state.players[A].credits) == (vp + 3, credits)


def test_a_red_bordered_building_space_costs_the_automa_3_vp() -> None:
    # T17 (Build a Building, scan down): the Cofferdam's spaces 1-2 are taken, space 3 is
    # red-bordered (+3 Credits for a person): the Automa pays 3 VP
    state = automa_expansion_game(17)
    put_buildings(state, "cofferdam")
    state.leeghwater["building_spaces"]["cofferdam"][:2] = [H, "blocked"]
    give(state, A, excavators=2, mixers=1)
    vp, credits = state.players[A].vp, state.players[A].credits
    out = _turn(state)
    [built] = events_of(out, "building_built")
    assert (built["tile"], built["index"]) == ("cofferdam", 2)
    assert (out.state.players[A].vp, out.state.players[A].credits) == (vp - 3, credits)
