"""Rulings without a test naming them (rulings.md): R9, R10 (tile energy), R11, R18, R20, R25."""

from __future__ import annotations

import helpers
import pytest
from helpers import (
    give,
    make_state,
    place_conduit,
    place_dam,
    place_powerhouse,
    set_active,
    setup_payload,
)
from test_construction_fixtures import make_game

from companion.engine import execute, legal_options, new_game
from companion.engine.commands import read_answer
from companion.engine.errors import RuleViolation
from companion.engine.events import RESOLVERS, Recorder


def test_ruling_r18_credits_excavators_and_mixers_in_the_general_supply_are_unlimited() -> None:
    # ruling R18: no cap however many a player already holds
    state = make_state(4)
    set_active(state, "france")
    give(state, "france", credits=200, excavators=99, mixers=99)
    state = execute(
        state, {"type": "buy_machinery", "player": "france", "space": "MS_BOTH_L"}
    ).state
    france = state.players["france"]
    assert (france.credits, france.excavators, france.mixers) == (195, 100, 100)
    set_active(state, "france")
    state = execute(state, {"type": "bank", "player": "france", "engineers": 10}).state
    assert state.players["france"].credits == 205


def test_ruling_r20_an_automa_counts_as_a_player_for_the_blocked_spaces() -> None:
    # ruling R20: 2 humans + 1 Automa is a 3-player game: the "3+" spaces are open
    with_automa = make_state(("usa", "germany", "italy"), automas=("italy",))
    two_humans = make_state(("usa", "germany"))
    three_plus = {"WS_2_L", "WS_2_R", "TS_M1_L", "TS_M1_R"}
    four_only = {"TS_P1_L", "TS_P1_R", "MS_ANY_L", "MS_ANY_R", "CO_1B_L", "CO_1B_R"}
    assert set(with_automa.occupied) == four_only
    assert set(two_humans.occupied) == four_only | three_plus
    set_active(with_automa, "usa")  # the Automa plays first (ruling A11); a human's options
    offered = {
        c["command"].get("space")
        for a in legal_options(with_automa, "usa")["actions"]
        for c in a["choices"]
    }
    assert "WS_2_L" in offered


@pytest.mark.parametrize("officer", ["simone_luciani", "leslie_spencer", "margot_fouche"])
def test_expansion_officers_need_the_expansion_switch(officer: str) -> None:
    # the expansion's officers are seated only with The Leeghwater Project switched on (ruling
    # R25 itself: test_leeghwater_netherlands_officers.py)
    payload = setup_payload(2, mode="full")
    payload["seats"][0].update(company="france", officer=officer)
    payload["seats"][1].update(company="usa", officer="viktor_fiesler")
    with pytest.raises(RuleViolation, match="The Leeghwater Project"):
        new_game(payload)


@pytest.mark.parametrize(("powerhouses", "offered"), [(3, ["Y06"]), (2, [])])
def test_ruling_r9_france_takes_3_off_a_contract_fulfilled_with_tile_energy(
    powerhouses: int, offered: list[str]
) -> None:
    # ruling R9: France's -3 also applies to tile energy usable for a contract. The L2 Base tile
    # used for the 3rd Base produces 3 energy (companies.md §6.18): with France's ability (3
    # Powerhouses) it fulfils Y06, which needs 6; without it, nothing.
    state = make_game(("usa", "france"), mode="full")
    france = state.players["france"]
    france.built["base"] = 2
    france.built["powerhouse"] = powerhouses
    france.contracts = ["Y06"]
    france.tiles.append("L2_BASE")
    rec = Recorder(state)
    helpers.decide_build(rec, "france", {"type": "build", "player": "france",
                                             "structure": "base", "space": "9L",
                                             "tile": "L2_BASE"})  # fmt: skip
    decision = state.pending[-1]
    assert decision.kind == "tile_contract"
    assert decision.options["energy"] == 3
    assert decision.options["contracts"] == offered
    if offered:
        RESOLVERS[decision.kind](
            Recorder(state), decision, read_answer({"produce": True, "contract": "Y06"})
        )
        assert "Y06" in france.fulfilled


def test_ruling_r10_viktors_minimum_is_for_production_actions_not_tile_energy() -> None:
    # ruling R10: the minimum 4 applies to his production actions; the L2 Base tile on a 1st
    # Base produces 1 energy (Bases built), and it stays 1
    state = make_game(("usa", "france"), mode="full", officers={"france": "viktor_fiesler"})
    france = state.players["france"]
    france.tiles.append("L2_BASE")
    helpers.decide_build(Recorder(state), "france", {"type": "build", "player": "france",
                                                          "structure": "base", "space": "9L",
                                                          "tile": "L2_BASE"})  # fmt: skip
    decision = state.pending[-1]
    assert decision.options["energy"] == 1
    RESOLVERS[decision.kind](
        Recorder(state), decision, read_answer({"produce": True, "contract": None})
    )
    assert france.energy == 1


def test_ruling_r11_graziano_dam_catches_a_4th_drop_released_by_another_production() -> None:
    # ruling R11 "in every flow": the USA produces through C6R into basin 7; the 2 released
    # drops meet Graziano's level-3 dam 7U holding 3: it keeps a 4th, the other flows on
    draws = {"companies": ["italy", "usa"], "officers": ["graziano_del_monte", "wilhelm_adler"]}
    state = make_state(2, mode="full", draws=draws, clear_headstreams=True)
    state.dams = {}
    set_active(state, "usa")
    place_dam(state, "6U", "usa", level=2, drops=2)
    place_conduit(state, "C6R", "usa")  # value 2, Hills 6 -> Hills 7
    place_powerhouse(state, "P7-1", "usa")
    place_dam(state, "7U", "italy", level=3, drops=3)
    out = execute(state, {"type": "produce", "player": "usa", "space": "TS_0_L", "dam": "6U",
                          "conduit": "C6R", "powerhouse": "P7-1", "drops": 2})  # fmt: skip
    assert out.state.dams["7U"].drops == 4
    flowed = [e for e in out.events if e["type"] == "drop_flowed"]
    assert [e["stopped_at"] for e in flowed] == ["7U", None]
