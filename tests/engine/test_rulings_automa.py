"""Automa edge cases that had no test naming them (edge-cases.md 26; rulings A13, R13)."""

from __future__ import annotations

from test_automa_actions import A, events, offer, system, turn
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
