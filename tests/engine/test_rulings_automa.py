"""Automa cases that had no test naming them (edge case 26; automa.md §6; rulings A5, A13, R13)."""

from __future__ import annotations

from helpers import place_conduit, place_dam, place_powerhouse
from test_automa_actions import A, H, events, offer, system, turn
from test_automa_fixtures import automa_game


def test_edge_case_26_a_contract_the_automa_fulfils_is_replaced_from_its_pile() -> None:
    # edge case 26, ruling A13: the slot the Automa's production emptied is refilled at the end
    # of its turn from the pile; the other colours' empty piles leave their slots empty (R13).
    state = automa_game(11)  # T11: production, 2 Engineers, green condition, +1
    system(state)
    offer(state, green=("G01", None), yellow=("Y11", None), red=("R07", "R11"))
    state.contract_piles["red"] = ["R02"]
    out = turn(state)
    assert events(out, "contract_fulfilled")[0]["contract"] == "R07"
    assert "R07" in out.state.players[A].fulfilled
    assert out.state.contract_offer["red"] == ["R02", "R11"]
    assert out.state.contract_piles["red"] == []
    assert out.state.contract_offer["green"] == ["G01", None]  # empty pile: stays empty


def test_automa_md_6_an_automa_pays_an_opponents_conduit_in_vp_and_gains_contract_credits_as_vp(
) -> None:  # fmt: skip
    # automa.md §6 examples: using an opponent's conduit costs 1 VP per drop (the owner gets
    # its usual Credit and VP per drop); a contract's Credits become VP (ruling A5)
    state = automa_game(11)
    place_dam(state, "2L", A, level=2, drops=2)
    place_conduit(state, "C2R", H)  # value 5, the human's
    place_powerhouse(state, "P10-3", A)
    offer(state, green=("G01", None))  # G01: 1 Credit, 2 wheel rotations
    out = turn(state)
    automa, owner = out.state.players[A], out.state.players[H]
    assert [(e["vp"], e["category"]) for e in events(out, "vp_scored") if e["company"] == A] == [
        (-2, "conduit_use"),
        (1, "contract"),
    ]
    assert (automa.vp, automa.credits) == (16 - 2 + 1, 0)
    assert (owner.credits, owner.vp) == (6 + 2, 10 + 2)
