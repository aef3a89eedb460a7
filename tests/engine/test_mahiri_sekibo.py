"""Mahiri Sekibo end to end (rulebook Appendix 3; ruling R12; companies.md §5.1).

Through `execute` and `legal_options`: 1 Engineer on her tile, the first use of a round free
and the second 3 Credits, at most two uses a round, the copy for the current turn only, not
the turn's action, only officers in play; then each copied officer with numbers, including
the published copy effects of Anton Krylov (no tile inserted) and Graziano Del Monte (the
4th drop stays as long as it does not leave).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import make_state, place_conduit, place_dam, place_powerhouse, set_active

from companion.engine import execute, legal_options
from companion.engine.construction import structure_cost
from companion.engine.errors import RuleViolation
from companion.engine.mahiri import held_limit
from companion.engine.state import GameState, Segment
from companion.engine.water import capacity, reach_from_headstream

MAHIRI = "mahiri_sekibo"


def full_state(officers: dict[str, str], *, active: str = "usa") -> GameState:
    """A full game in round 1 with these company → officer pairs, `active` to play.

    The neutral dams and headstream drops of the deal are removed so that each scenario has
    only the pieces it names.
    """
    draws = {"companies": list(officers), "officers": list(officers.values())}
    state = make_state(len(officers), mode="full", draws=draws, clear_headstreams=True)
    assert {c: p.officer for c, p in state.players.items()} == officers
    state.dams = {}
    set_active(state, active)
    return state


def four() -> GameState:
    return full_state(
        {
            "usa": MAHIRI,
            "germany": "wilhelm_adler",
            "italy": "jill_mcdowell",
            "france": "solomon_p_jordan",
        }
    )


def copy(state: GameState, officer: str, player: str = "usa") -> GameState:
    return execute(state, {"type": "mahiri", "player": player, "officer": officer}).state


def mahiri_action(state: GameState, player: str = "usa") -> dict[str, Any] | None:
    actions = legal_options(state, player)["actions"]
    return next((a for a in actions if a["type"] == "mahiri"), None)


def build_choice(state: GameState, **match: Any) -> dict[str, Any]:
    """The first build command on offer whose fields match."""
    build = next(a for a in legal_options(state)["actions"] if a["type"] == "build")
    return next(
        c["command"]
        for c in build["choices"]
        if all(c["command"].get(k) == v for k, v in match.items())
    )


# -- the activation (ruling R12) -----------------------------------------------------------


def test_activation_puts_1_engineer_on_her_tile_and_is_not_the_turns_action() -> None:
    state = copy(four(), "wilhelm_adler")
    usa = state.players["usa"]
    assert (usa.engineers, usa.engineers_out, usa.mahiri_uses_this_round) == (11, 1, 1)
    assert usa.credits == 9  # the first use of the round is free (and she starts with 9)
    assert usa.copied_officer == "wilhelm_adler"
    assert state.active == "usa" and not state.turn_done  # she still takes her action


def test_the_copy_lasts_for_the_current_turn_only() -> None:
    state = copy(four(), "wilhelm_adler")
    assert structure_cost(state, "usa", "base", "2L", "base").excavators == 3
    state = execute(state, build_choice(state, structure="base", space="2L", tile="base")).state
    usa = state.players["usa"]
    assert usa.excavators == 6 - 3  # Wilhelm Adler's Base for 3 Excavators in the Mountains
    assert state.active != "usa"
    assert usa.copied_officer is None  # the turn has passed
    assert structure_cost(state, "usa", "base", "3L", "base").excavators == 5


def test_second_use_in_a_round_costs_3_credits_and_a_third_is_refused() -> None:
    state = copy(four(), "wilhelm_adler")
    state = execute(state, {"type": "bank", "player": "usa", "engineers": 1}).state
    set_active(state, "usa")  # her next turn of the round
    state = copy(state, "jill_mcdowell")
    usa = state.players["usa"]
    assert (usa.credits, usa.engineers, usa.mahiri_uses_this_round) == (9 + 1 - 3, 9, 2)
    state = execute(state, {"type": "bank", "player": "usa", "engineers": 1}).state
    set_active(state, "usa")
    with pytest.raises(RuleViolation, match="at most two uses a round"):
        copy(state, "solomon_p_jordan")


def test_second_use_needs_the_3_credits() -> None:
    state = four()
    state.players["usa"].mahiri_uses_this_round = 1
    state.players["usa"].credits = 2
    with pytest.raises(RuleViolation, match="costs 3 Credits; you have 2"):
        copy(state, "wilhelm_adler")


def test_uses_and_engineers_come_back_at_the_end_of_the_round() -> None:
    state = full_state({"usa": MAHIRI, "germany": "wilhelm_adler"})
    state = copy(state, "wilhelm_adler")
    while state.round == 1:  # everybody banks all Engineers, then passes
        company = state.active
        engineers = state.players[company].engineers
        command: dict[str, Any] = (
            {"type": "bank", "player": company, "engineers": engineers}
            if engineers
            else {"type": "pass", "player": company}
        )
        state = execute(state, command).state
    usa = state.players["usa"]
    assert (usa.mahiri_uses_this_round, usa.engineers, usa.copied_officer) == (0, 12, None)


def test_only_one_copy_per_turn() -> None:
    state = copy(four(), "wilhelm_adler")
    with pytest.raises(RuleViolation, match="already copies an officer this turn"):
        copy(state, "jill_mcdowell")


def test_only_officers_in_play_and_never_herself() -> None:
    state = full_state({"usa": MAHIRI, "germany": "wilhelm_adler"})
    with pytest.raises(RuleViolation, match="Viktor Fiesler is not another officer in play"):
        copy(state, "viktor_fiesler")
    with pytest.raises(RuleViolation, match="not another officer in play"):
        copy(state, MAHIRI)


def test_only_mahiris_company_and_only_on_its_turn() -> None:
    state = four()
    set_active(state, "germany")
    with pytest.raises(RuleViolation, match="Only the company of Mahiri Sekibo"):
        execute(state, {"type": "mahiri", "player": "germany", "officer": "jill_mcdowell"})
    with pytest.raises(RuleViolation, match="It is Germany's turn, not USA's"):
        copy(state, "wilhelm_adler")


def test_an_action_must_follow_so_one_engineer_is_not_enough() -> None:
    state = four()
    state.players["usa"].engineers = 1
    with pytest.raises(RuleViolation, match="at least 1 more for the action"):
        copy(state, "wilhelm_adler")
    # an engineer-free tile (Appendix 4) lets the last Engineer go on her tile
    state.players["usa"].tiles.append("L1_POWERHOUSE")
    assert copy(state, "wilhelm_adler").players["usa"].engineers == 0


def test_refused_while_a_question_is_open() -> None:
    state = four()
    from companion.engine.state import Decision

    state.pending.append(Decision(kind="tile_effect", player="usa", reason="Fill the dam?"))
    with pytest.raises(RuleViolation, match="First answer the open question"):
        copy(state, "wilhelm_adler")


def test_a_mahiri_command_needs_an_officer() -> None:
    from companion.engine.errors import CommandError

    with pytest.raises(CommandError):
        execute(four(), {"type": "mahiri", "player": "usa"})


# -- legal options -------------------------------------------------------------------------


def test_legal_options_offer_one_copy_per_officer_in_play() -> None:
    action = mahiri_action(four())
    assert action is not None and action["enabled"]
    assert [c["command"] for c in action["choices"]] == [
        {"type": "mahiri", "player": "usa", "officer": o}
        for o in ("jill_mcdowell", "solomon_p_jordan", "wilhelm_adler")
    ]
    assert action["choices"][0]["preview"] == {"engineers": 1, "credits": 0}


def test_legal_options_show_the_3_credits_of_the_second_use() -> None:
    state = four()
    state.players["usa"].mahiri_uses_this_round = 1
    action = mahiri_action(state)
    assert action is not None
    assert {c["preview"]["credits"] for c in action["choices"]} == {3}


def test_legal_options_no_second_copy_in_the_turn_and_nothing_for_others() -> None:
    state = copy(four(), "wilhelm_adler")
    action = mahiri_action(state)
    assert action is not None and not action["enabled"]
    assert "already copies" in action["why"]
    set_active(state, "germany")
    assert mahiri_action(state, "germany") is None


# -- each copied officer, with numbers -----------------------------------------------------


def test_copy_jill_mcdowell_conduit_paid_with_3_mixers() -> None:
    state = copy(four(), "jill_mcdowell")
    command = build_choice(
        state,
        structure="conduit",
        space="C2L",
        payment={"excavators": 0, "mixers": 3, "credits": 0},
    )
    state = execute(state, command).state
    usa = state.players["usa"]
    assert (usa.excavators, usa.mixers) == (6, 1)
    assert usa.wheel[1] == Segment(tiles=["conduit"], excavators=0, mixers=3)


def test_copy_solomon_p_jordan_machineries_paid_in_credits() -> None:
    state = copy(four(), "solomon_p_jordan")
    # a Mountain Base costs 5 Excavators: 3 Excavators + 2 x 3 Credits
    command = build_choice(
        state, structure="base", space="2L", payment={"excavators": 3, "mixers": 0, "credits": 6}
    )
    state = execute(state, command).state
    usa = state.players["usa"]
    assert (usa.excavators, usa.credits) == (3, 3)
    assert usa.wheel[1] == Segment(tiles=["base"], excavators=3, mixers=0)


def test_copy_viktor_fiesler_production_of_2_counts_as_4() -> None:
    state = full_state({"usa": MAHIRI, "germany": "viktor_fiesler"})
    place_dam(state, "6U", "usa", level=1, drops=1)
    place_conduit(state, "C6R", "usa")  # value 2, basin 6 -> basin 7
    place_powerhouse(state, "P7-2", "usa")
    state = copy(state, "viktor_fiesler")
    produce = next(a for a in legal_options(state)["actions"] if a["type"] == "produce")
    on_zero = next(c for c in produce["choices"] if c["space"] == "TS_0_L")
    assert on_zero["preview"]["energy"] == 4  # 1 drop x 2 = 2, counted as 4, +0
    state = execute(state, on_zero["command"]).state
    assert state.players["usa"].energy == 4


def test_copy_wilhelm_adler_ends_with_the_turn() -> None:
    state = copy(four(), "wilhelm_adler")
    state = execute(state, {"type": "bank", "player": "usa", "engineers": 1}).state
    assert structure_cost(state, "usa", "base", "2L", "base").excavators == 5


def test_copy_anton_krylov_copies_a_wheel_tile_without_inserting_a_tile() -> None:
    # Appendix 3: "you don't need to insert any tile ... you still insert the Machineries"
    state = full_state({"usa": MAHIRI, "germany": "anton_krylov"})
    usa = state.players["usa"]
    usa.tiles.remove("conduit")
    usa.wheel[3] = Segment(tiles=["conduit"])
    assert not any(
        c["command"].get("structure") == "conduit"
        for a in legal_options(state)["actions"]
        if a["type"] == "build"
        for c in a["choices"]
    )
    state = copy(state, "anton_krylov")
    command = build_choice(state, structure="conduit", space="C6R", tile=None, copies="conduit")
    state = execute(state, command).state
    usa = state.players["usa"]
    assert state.conduits["C6R"] == "usa"
    assert usa.wheel[1] == Segment(tiles=[], excavators=4, mixers=0)  # value 2: 4 Excavators
    assert usa.wheel[4].tiles == ["conduit"]  # the copied tile stays where it was
    assert usa.tiles == ["base", "elevation", "powerhouse"]


def test_copy_anton_krylov_with_an_advanced_tile_copies_its_effect_too() -> None:
    state = full_state({"usa": MAHIRI, "germany": "anton_krylov"})
    state.players["usa"].wheel[2] = Segment(tiles=["L1_CONDUIT"])
    state = copy(state, "anton_krylov")
    command = build_choice(state, structure="conduit", space="C6R", tile=None, copies="L1_CONDUIT")
    state = execute(state, command).state
    assert state.players["usa"].credits == 9 + 2 * 2  # value-2 conduit: 4 Credits


def test_copy_graziano_del_monte_holds_a_4th_drop_which_stays_after_the_turn() -> None:
    # Appendix 3: "for the duration of the current turn and as long as the 4 drops don't
    # leave the Dam"
    state = full_state({"usa": MAHIRI, "germany": "graziano_del_monte"})
    place_dam(state, "1U", "usa", level=3, drops=3)
    assert reach_from_headstream(state, "A") is None  # full: a drop from A leaves the map
    state = copy(state, "graziano_del_monte")
    assert capacity(state, "1U") == 4
    assert reach_from_headstream(state, "A") == "1U"  # the flow preview sees the copy
    state = execute(
        state, {"type": "water", "player": "usa", "space": "WM_1_L", "headstreams": ["A"]}
    ).state
    assert state.dams["1U"].drops == 4
    assert state.players["usa"].copied_officer is None  # the turn has passed
    assert capacity(state, "1U") == 3  # no 5th drop, and no new 4th one
    assert held_limit(state, "1U") == 4  # the 4 drops may stay
    state.dams["1U"].drops = 3  # one left the dam (a production)
    assert held_limit(state, "1U") == 3


def test_copy_graziano_level_1_and_2_dams_unchanged() -> None:
    state = full_state({"usa": MAHIRI, "germany": "graziano_del_monte"})
    place_dam(state, "1U", "usa", level=2, drops=0)
    state = copy(state, "graziano_del_monte")
    assert capacity(state, "1U") == 2
