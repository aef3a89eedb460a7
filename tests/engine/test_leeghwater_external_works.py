"""External Works (The Leeghwater Project; leeghwater.md §3): worked examples X1, X2, X11, X18,
X22 (setup file) and one test per tile reward."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from helpers import events_of, give, set_wheel
from leeghwater_helpers import expansion_state, put_on_offer

from companion.engine import draws, execute, instructions, legal_options, scoring
from companion.engine.errors import RuleViolation
from companion.engine.events import Recorder
from companion.engine.state import GameState
from companion.engine.wheel import rotate_wheel


def _ready(
    tiles: tuple[str | None, ...] = ("A1", "A2", "A5"), **supply: int
) -> tuple[GameState, str]:
    state = expansion_state(2, seed=4)
    company = str(state.active)
    put_on_offer(state, *tiles)
    give(state, company, **supply)
    return state, company


def _work(state: GameState, company: str, slot: int, **extra: Any) -> Any:
    return execute(state, {"type": "external_work", "player": company, "slot": slot, **extra})


def _decide(state: GameState, answer: dict[str, Any]) -> Any:
    player = state.pending[-1].player
    return execute(state, {"type": "decide", "player": player, "answer": answer})


def test_x1_b1_pays_machineries_from_the_supply_and_produces_six_for_a_contract() -> None:
    # X1: supply 4 E, 2 M, 3 Cr, energy 0, own contract needing 5; takes B1 (2 E + 1 M)
    state, company = _ready(("B1", None, None), excavators=4, mixers=2, credits=3, energy=0)
    state.players[company].contracts = ["Y01"]  # needs 5 energy: 4 VP + 2 Excavators
    engineers = state.players[company].engineers
    out = _work(state, company, 1)
    player = out.state.players[company]
    assert player.engineers == engineers - 2
    assert (player.excavators, player.mixers, player.credits) == (2, 1, 8)
    assert player.energy == 6
    assert out.state.pending[-1].kind == "reward_contract"
    assert {"contract": "Y01"} in out.state.pending[-1].options["answers"]
    done = _decide(out.state, {"contract": "Y01"}).state
    assert "Y01" in done.players[company].fulfilled
    assert done.players[company].excavators == 4  # the contract's 2 Excavators
    assert done.leeghwater["external_taken"][company] == ["B1"]


def test_x2_external_work_never_paid_from_the_wheel() -> None:
    # X2: supply 1 E, the wheel holds 2 E; A5 needs 2 E: illegal
    state, company = _ready(("A1", "A2", "A5"), excavators=1)
    set_wheel(state, company, 1, excavators=2)
    with pytest.raises(RuleViolation, match="Construction Wheel cannot be used"):
        _work(state, company, 3)
    offered = [c["command"] for a in legal_options(state)["actions"] if a["type"] == "external_work"
               for c in a["choices"]]  # fmt: skip
    assert {"type": "external_work", "player": company, "slot": 3} not in offered
    assert {"type": "external_work", "player": company, "slot": 1} in offered


def test_x11_external_works_bonus_tile_counts_loan_agency_tiles_too() -> None:
    # X11: round 3, B_EXTERNAL_WORKS, 3 taken (one via Loan Agency); energy 14 / 20 / 5
    state, company = _ready()
    state.leeghwater["external_taken"] = {company: ["A1", "A2", "B1"]}
    assert scoring.bonus_tile_count(state, company, "B_EXTERNAL_WORKS") == 3
    results = []
    for energy in (14, 20, 5):
        state.players[company].energy = energy
        results.append(scoring.bonus_tile_score(state, company, "B_EXTERNAL_WORKS", 3))
    assert results == [11, 15, 0]


def test_x18_leslie_puts_the_machineries_on_the_wheel_with_her_tile() -> None:
    # X18: Leslie takes B4 (3 E) with the special tile: 3 E + tile into the open segment, rotate
    # 1; +5 VP, energy +6; no second Leslie use while the tile is on the wheel
    state, company = _ready(("B4", "A2", None), excavators=3)
    state.players[company].officer = "leslie_spencer"
    state.players[company].tiles.append("leslie_tile")
    vp, energy = state.players[company].vp, state.players[company].energy
    out = _work(state, company, 1, leslie=True)
    player = out.state.players[company]
    assert player.excavators == 0  # they left the supply for the wheel, not the general supply
    assert player.wheel[1].tiles == ["leslie_tile"] and player.wheel[1].excavators == 3
    assert player.vp == vp + 5 and player.energy == energy + 6
    out.state.active = company
    out.state.turn_done = False
    give(out.state, company, mixers=1)
    with pytest.raises(RuleViolation, match="still on your Construction Wheel"):
        _work(out.state, company, 2, leslie=True)


def test_leslie_way_is_only_leslies() -> None:
    state, company = _ready(("A1", None, None), excavators=3)
    with pytest.raises(RuleViolation, match="Only Leslie Spencer"):
        _work(state, company, 1, leslie=True)


def test_a_taken_slot_stays_empty_until_the_refill() -> None:
    state, company = _ready(("A2", None, None), mixers=2)
    out = _work(state, company, 1)
    assert out.state.leeghwater["external_offer"][0] is None
    assert events_of(out, "external_work_taken")[0]["tile"] == "A2"


def test_two_engineers_are_needed() -> None:
    state, company = _ready(("A2", None, None), mixers=2, engineers=1)
    with pytest.raises(RuleViolation, match="needs 2 Engineers"):
        _work(state, company, 1)


# -- one test per tile -----------------------------------------------------------------------


def test_a1_three_credits_and_a_contract_of_four_or_less_without_energy() -> None:
    state, company = _ready(("A1", None, None), excavators=1, credits=0, energy=0)
    state.players[company].contracts = ["G13", "Y01"]  # 4 and 5 energy
    out = _work(state, company, 1)
    assert out.state.players[company].credits == 3
    answers = out.state.pending[-1].options["answers"]
    assert answers == [{"contract": "G13"}, {"contract": None}]
    done = _decide(out.state, {"contract": "G13"}).state
    assert done.players[company].energy == 0 and "G13" in done.players[company].fulfilled


def test_a2_three_credits_and_two_wheel_turns() -> None:
    state, company = _ready(("A2", None, None), mixers=1, credits=0)
    out = _work(state, company, 1)
    assert out.state.players[company].credits == 3
    assert len(events_of(out, "wheel_rotated")) == 2


def test_a3_four_vp_and_a_free_base_in_the_plains() -> None:
    state, company = _ready(("A3", None, None), mixers=2)
    vp = state.players[company].vp
    out = _work(state, company, 1)
    assert out.state.players[company].vp == vp + 4
    decision = out.state.pending[-1]
    assert decision.kind == "free_structure" and decision.options["structure"] == "base"
    from companion.engine.board import SPACES

    assert all(SPACES[s].area == "plains" for s in decision.options["spaces"])


def test_a4_two_credits_and_a_free_powerhouse() -> None:
    state, company = _ready(("A4", None, None), excavators=1, mixers=1, credits=0)
    out = _work(state, company, 1)
    assert out.state.players[company].credits == 2
    assert out.state.pending[-1].options["structure"] == "powerhouse"


def test_a5_four_credits_and_a_free_advanced_tile() -> None:
    state, company = _ready(("A5", None, None), excavators=2, credits=0)
    tile = state.patent_offer[0]
    out = _work(state, company, 1)
    assert out.state.players[company].credits == 4
    done = _decide(out.state, {"tile": tile}).state
    assert tile in done.players[company].tiles and done.patent_offer[0] is None
    assert done.players[company].engineers == out.state.players[company].engineers


def test_b2_two_vp_and_two_free_elevations() -> None:
    state, company = _ready(("B2", None, None), mixers=4)
    vp = state.players[company].vp
    out = _work(state, company, 1)
    assert out.state.players[company].vp == vp + 2
    # no dam of its own yet: the free Elevations find no space and are forfeited
    assert events_of(out, "reward_forfeited")[0]["structure"] == "elevation"


def test_b3_three_credits_three_vp_and_a_conduit_of_value_four_or_less() -> None:
    from companion.engine.board import SPACES

    state, company = _ready(("B3", None, None), mixers=3, credits=0)
    vp = state.players[company].vp
    out = _work(state, company, 1)
    assert out.state.players[company].credits == 3 and out.state.players[company].vp == vp + 3
    spaces = out.state.pending[-1].options["spaces"]
    assert spaces and all(SPACES[s].value <= 4 for s in spaces)


def test_b4_five_vp_and_six_energy_steps_not_for_contracts() -> None:
    # D6: B4 is track energy only
    state, company = _ready(("B4", None, None), excavators=3, energy=0)
    state.players[company].contracts = ["G06"]
    vp = state.players[company].vp
    out = _work(state, company, 1)
    assert out.state.players[company].vp == vp + 5 and out.state.players[company].energy == 6
    assert not out.state.pending


def test_b5_four_vp_two_waiting_drops_and_two_wheel_turns() -> None:
    state, company = _ready(("B5", None, None), excavators=4)
    out = _work(state, company, 1)
    assert len(events_of(out, "wheel_rotated")) == 2
    decision = out.state.pending[-1]
    assert decision.kind == "place_drops" and decision.options == {**decision.options, "n": 2,
                                                                   "flow": "later"}  # fmt: skip


def test_c1_eight_vp_and_three_wheel_turns() -> None:
    state, company = _ready(("C1", None, None), excavators=2, mixers=4)
    vp = state.players[company].vp
    out = _work(state, company, 1)
    assert out.state.players[company].vp == vp + 8
    assert len(events_of(out, "wheel_rotated")) == 3


def test_c2_ten_vp_and_one_drop_that_flows_at_once() -> None:
    state, company = _ready(("C2", None, None), mixers=5)
    out = _work(state, company, 1)
    assert (
        out.state.pending[-1].options["n"] == 1 and out.state.pending[-1].options["flow"] == "now"
    )


def test_c3_five_vp_and_any_contract_without_energy() -> None:
    state, company = _ready(("C3", None, None), excavators=6)
    state.players[company].contracts = ["Y06", "G06"]
    out = _work(state, company, 1)
    assert out.state.pending[-1].options["answers"] == [
        {"contract": "Y06"}, {"contract": "G06"}, {"contract": None}]  # fmt: skip


def test_c4_six_vp_and_two_drops_that_flow_at_once() -> None:
    state, company = _ready(("C4", None, None), excavators=3, mixers=2)
    out = _work(state, company, 1)
    assert (
        out.state.pending[-1].options["n"] == 2 and out.state.pending[-1].options["flow"] == "now"
    )


def test_c5_six_vp_and_three_concrete_mixers() -> None:
    state, company = _ready(("C5", None, None), excavators=5, mixers=0)
    vp = state.players[company].vp
    out = _work(state, company, 1)
    assert out.state.players[company].vp == vp + 6 and out.state.players[company].mixers == 3


def test_x18_the_machineries_and_leslies_tile_come_back_after_a_full_turn() -> None:
    # X18: the 3 E (and the tile) return when that segment reaches the opening again
    state, company = _ready(("B4", None, None), excavators=3)
    state.players[company].officer = "leslie_spencer"
    state.players[company].tiles.append("leslie_tile")
    after = _work(state, company, 1, leslie=True).state
    rec = Recorder(after)
    rotate_wheel(rec, company, 4, "four more turns")
    assert (
        after.players[company].excavators == 0 and "leslie_tile" not in after.players[company].tiles
    )
    rotate_wheel(rec, company, 1, "the sixth turn counting the first")
    assert after.players[company].excavators == 3
    assert "leslie_tile" in after.players[company].tiles


def test_leslies_tile_is_not_an_advanced_tile_for_the_bonus_edge_case_29() -> None:
    state, company = _ready()
    state.players[company].officer = "leslie_spencer"
    state.players[company].tiles.append("leslie_tile")
    assert scoring.bonus_tile_count(state, company, "B_ADVANCED_TILES") == 0


def test_the_offered_external_work_shows_its_printed_cost() -> None:
    # leeghwater.md §3.1-3.2 (the action: 2 Engineers, the Machineries printed on the tile from
    # the personal supply): A5 asks 2 Excavators, B1 2 Excavators and 1 Concrete Mixer (X1);
    # a device draws these as cost chips and the label names only the kinds the tile asks for
    state, company = _ready(("A5", "B1", None), excavators=4, mixers=2)
    groups = {a["type"]: a for a in legal_options(state, company)["actions"]}
    offered = {
        c["slot"]: c for c in groups["external_work"]["choices"] if "leslie" not in c["command"]
    }
    assert offered[1]["preview"] == {"engineers": 2, "excavators": 2, "mixers": 0}
    assert offered[2]["preview"] == {"engineers": 2, "excavators": 2, "mixers": 1}
    # the tiles carry no number (leeghwater.md §3.2): the label is the tile's printed face
    assert offered[1]["label"] == (
        "External Work: discard 2 Excavators → "
        "4 Credits and take a face-up Advanced Technology tile for free"
    )
    assert offered[2]["label"] == (
        "External Work: discard 2 Excavators and 1 Concrete Mixer → "
        "5 Credits and produce 6 energy (usable for one Contract needing 6 or less)"
    )


TILE_ID = re.compile(r"\b[ABC][1-5]\b")


def _texts(out: Any) -> list[str]:
    """Every sentence a table sees from a step: its instructions and the open questions."""
    steps = instructions.derive(out.state, out.events)
    return [str(s["text"]) for s in steps] + [d.reason for d in out.state.pending]


def test_external_works_are_named_by_their_printed_words_never_by_an_id() -> None:
    # leeghwater.md §3.2: "the printed tiles carry no number"; the product shows the pile letter
    # of the back, the Machineries to discard and the reward, never A5 / B1 alone
    state, company = _ready(("A5", "B1", "A1"), excavators=4, mixers=2, credits=3)
    labels = [c["label"] for a in legal_options(state, company)["actions"]
              if a["type"] == "external_work" for c in a["choices"]]  # fmt: skip
    out = _work(state, company, 1)  # A5: 4 Credits and a face-up Advanced Technology tile
    texts = _texts(out)
    assert (
        "Take the tile of slot 1 face down (its Machineries go back to the general supply) — "
        "External Work: discard 2 Excavators → 4 Credits and take a face-up Advanced Technology "
        "tile for free." in texts
    )
    assert out.state.pending[-1].reason == (
        "External Work: discard 2 Excavators: take a face-up Advanced Technology tile for free "
        "(or decline)"
    )
    assert labels and not [t for t in [*labels, *texts] if TILE_ID.search(t)]


def test_a_table_draw_names_the_drawn_external_work_by_its_face() -> None:
    # table deals (the End of Round refill, leeghwater.md §3.4): the table enters the tile it
    # drew from pile A; the log names it by what is printed on it (A3: 2 Concrete Mixers → 4 VP
    # and a free Base in the Plains), never "A3"
    state, _ = _ready((None, "A1", "A2"))
    state.setup = dataclasses.replace(state.setup, deals="table")
    rec = Recorder(state)
    assert not draws.draw(rec, "external_work", "A", ["A3", "A4"], 0, "Which tile?")
    out = execute(rec.state, {"type": "decide", "player": None, "answer": {"tile": "A3"}})
    said = [e["reason"] for e in out.events if e["type"] == "decision_resolved"]
    assert said == [
        "The table drew External Work: discard 2 Concrete Mixers → "
        "4 VP and build a Base in the Plains for free."
    ]
    assert out.state.leeghwater["external_offer"][0] == "A3"
