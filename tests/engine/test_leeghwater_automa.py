"""The Automa with The Leeghwater Project (automa.md §7.4, §7.8; leeghwater.md §10; ruling L9):
External Works in the tile's slot order paid from its supply, Buildings scanned down or up that
close the left action space, the hard-level Building tiles, the Netherlands' extra drop."""

from __future__ import annotations

from typing import Any

from helpers import automa_turn, events_of, give, place_conduit, place_dam, place_powerhouse
from leeghwater_helpers import expansion_payload, put_buildings, put_on_offer

from companion.engine import execute, legal_options, new_game
from companion.engine.automa import rewards
from companion.engine.state import Decision, GameState

A, H = "italy", "usa"


def automa_expansion_game(
    action_tile: int,
    *,
    level: int = 2,
    automa: str = A,
    officer: str | None = None,
    criteria_tile: int = 1,
) -> GameState:
    """An expansion game with the Automa to play `action_tile` next; a quiet map."""
    seats = [{"kind": "automa", "company": automa, "automa_level": level},
             {"kind": "human", "company": H, "officer": "wilhelm_adler"}]  # fmt: skip
    if officer:
        seats[0]["officer"] = officer
    state = new_game(expansion_payload(seats=seats, seed=5)).state
    rest = [t for t in range(1, 21) if t not in (criteria_tile, action_tile)]
    state.automa["draw_pile"] = [criteria_tile, action_tile, *rest]
    state.automa["discard"] = []
    state.headstreams = {k: 0 for k in state.headstreams}
    state.dams = {}
    return state


def _turn(state: GameState) -> Any:
    return automa_turn(state, A)


def test_the_automa_takes_the_first_work_it_can_pay_in_the_tiles_slot_order() -> None:
    # T01: External Work 1-2-3; slot 1 (A3, 2 Mixers) is beyond it, slot 2 (A1, 1 Excavator)
    state = automa_expansion_game(1)
    put_on_offer(state, "A3", "A1", "A2")
    give(state, A, excavators=2, mixers=0)
    out = _turn(state)
    [taken] = events_of(out, "external_work_taken")
    assert (taken["tile"], taken["slot"]) == ("A1", 1)
    assert out.state.players[A].excavators == 1  # discarded to the general supply (X2)
    assert out.state.occupied.get("EW_2") == A


def test_a_tile_with_slot_order_3_2_1_starts_on_the_right() -> None:
    state = automa_expansion_game(3)
    put_on_offer(state, "A1", "A2", "A5")
    give(state, A, excavators=2, mixers=1)
    state.patent_offer = [None, None, None]  # its Patent Office action finds nothing
    out = _turn(state)
    assert events_of(out, "external_work_taken")[0]["tile"] == "A5"


def test_the_automa_never_pays_an_external_work_from_its_wheel() -> None:
    state = automa_expansion_game(1)
    put_on_offer(state, "A5", None, None)
    give(state, A, excavators=1, mixers=0)
    state.players[A].wheel[2].excavators = 4
    out = _turn(state)
    assert not events_of(out, "external_work_taken")


def test_a_contract_reward_takes_the_highest_contract_of_the_office() -> None:
    # automa.md §7.8: A1 fulfils the highest face-up private contract needing 4 or less
    state = automa_expansion_game(1)
    put_on_offer(state, "A1", None, None)
    give(state, A, excavators=1, mixers=0)
    state.contract_offer = {"green": ["G06", "G13"], "yellow": ["Y01", None], "red": [None, None]}
    for pile in state.contract_piles.values():
        pile.clear()
    out = _turn(state)
    fulfilled = events_of(out, "contract_fulfilled")
    assert [e["contract"] for e in fulfilled] == ["G13"]  # 4 energy: the highest ≤ 4
    assert "G13" in out.state.players[A].fulfilled


def test_the_automa_builds_the_first_affordable_building_going_down_and_closes_its_left() -> None:
    # T17: Build a Building (scan down), 1 Engineer; Financial Division (3 E + 4 M) is beyond it
    state = automa_expansion_game(17)
    put_buildings(state, "financial_division", "cofferdam", "development_office")
    give(state, A, excavators=2, mixers=2)
    engineers = state.players[A].engineers
    out = _turn(state)
    [built] = events_of(out, "building_built")
    assert (built["tile"], built["index"], built["closes_left"]) == ("cofferdam", 0, True)
    assert out.state.players[A].engineers == engineers - 1
    assert out.state.leeghwater["left_closed"] == ["cofferdam"]
    # the human's first use of the Cofferdam takes a right space (1 Engineer + 3 Credits)
    human = out.state
    human.leeghwater["building_spaces"]["cofferdam"][1] = H
    place_dam(human, "2U", H, level=2)
    human.active, human.phase, human.turn_done = H, "actions", False
    credits = human.players[H].credits
    used = execute(human, {"type": "building_action", "player": H, "building": "cofferdam"})
    assert used.state.occupied.get("PB_cofferdam_R1") == H
    assert used.state.players[H].credits == credits - 3


def test_a_building_scanned_up_starts_at_the_bottom() -> None:
    # T19 (scan up); 1 Excavator: its conduit action before finds nothing to pay
    state = automa_expansion_game(19)
    put_buildings(state, "cofferdam", "research_lab", "development_office")
    give(state, A, excavators=1, mixers=2)
    out = _turn(state)
    assert events_of(out, "building_built")[0]["tile"] == "development_office"


def test_hard_l1_building_scores_the_building_vp_instead_of_its_action() -> None:
    state = automa_expansion_game(17, level=3)
    put_buildings(state, "development_office", "wind_farm")
    give(state, A, excavators=1, mixers=2)
    state.players[A].tiles.append("L1_BUILDING")
    vp = state.players[A].vp
    out = _turn(state)
    assert events_of(out, "building_built")[0]["tile"] == "development_office"
    assert events_of(out, "wheel_loaded")[0]["tiles"] == ["L1_BUILDING"]
    assert out.state.players[A].vp == vp + 3  # the Development Office's 3 VP
    assert not events_of(out, "decision_pushed")  # no building action


def test_hard_l2_building_pays_only_the_type_it_has_fewer_of() -> None:
    # leeghwater.md §10: L2_BUILDING, the Machinery type it has fewer of (tie: Excavators)
    state = automa_expansion_game(17, level=3)
    put_buildings(state, "cofferdam")
    give(state, A, excavators=2, mixers=1)
    state.players[A].tiles.append("L2_BUILDING")
    out = _turn(state)
    loaded = events_of(out, "wheel_loaded")[0]
    assert (loaded["excavators"], loaded["mixers"]) == (0, 1)


def test_the_netherlands_automa_adds_its_drop_to_its_most_productive_other_system() -> None:
    state = automa_expansion_game(1, level=3, automa="netherlands")
    place_dam(state, "6U", "netherlands", level=2)  # conduit C6R value 2 → P7-1
    place_dam(state, "2U", "netherlands", level=2)  # conduit C2L value 3 → P6-1
    place_dam(state, "3L", "netherlands", level=2)  # the dam just used
    place_conduit(state, "C6R", "netherlands")
    place_conduit(state, "C2L", "netherlands")
    place_powerhouse(state, "P7-1", "netherlands")
    place_powerhouse(state, "P6-1", "netherlands")
    place_powerhouse(state, "P8-1", "netherlands")
    decision = Decision(
        kind="company_drop",
        player="netherlands",
        options={"used": "3L", "answers": [{"dam": "2U"}, {"dam": "6U"}, {"dam": None}]},
    )
    assert rewards.automatic_answer(state, decision) == {"dam": "2U"}


# -- level 4: the expansion's officers (automa.md §2.2) ----------------------------------------


def test_level_4_simone_fulfils_as_many_contracts_as_the_production_covers() -> None:
    # T01 produces −2: 3 drops × conduit 3 − 2 = 7 energy; G06 (3) + G13 (4) rather than Y01 (5)
    state = automa_expansion_game(1, level=4, officer="simone_luciani")
    place_dam(state, "2U", A, level=3, drops=3)
    place_conduit(state, "C2L", A)
    place_powerhouse(state, "P6-1", A)
    state.contract_offer = {"green": ["G06", "G13"], "yellow": ["Y01", None], "red": [None, None]}
    state.national_contracts = []
    for pile in state.contract_piles.values():
        pile.clear()
    out = _turn(state)
    assert sorted(e["contract"] for e in events_of(out, "contract_fulfilled")) == ["G06", "G13"]


def test_level_4_margot_builds_a_building_instead_of_the_tiles_structure() -> None:
    # T17 "Build base": a Building instead; criteria tile 1 shows conduit letter A → scan up
    state = automa_expansion_game(17, level=4, officer="margot_fouche")
    put_buildings(state, "cofferdam", "development_office", "research_lab")
    give(state, A, excavators=5, mixers=2)
    out = _turn(state)
    assert not [e for e in events_of(out, "structure_built") if e["structure"] == "base"]
    assert events_of(out, "building_built")[0]["tile"] == "research_lab"


def test_level_4_leslie_does_an_external_work_through_the_wheel_instead_of_building() -> None:
    # T17 "Build base": an External Work with her tile, in the order of the latest tile that
    # shows one (T01 on the discard pile: 1-2-3)
    state = automa_expansion_game(17, level=4, officer="leslie_spencer")
    put_on_offer(state, "A3", "A1", "A2")
    give(state, A, excavators=5, mixers=0)
    out = _turn(state)
    [taken] = events_of(out, "external_work_taken")
    assert (taken["tile"], taken["paid"]) == ("A1", "wheel")
    assert "leslie_tile" in [t for s in out.state.players[A].wheel for t in s.tiles]
    assert not events_of(out, "structure_built")


def test_the_expansion_officers_of_a_level_4_automa_are_dealt_in_an_expansion_game() -> None:
    dealt = set()
    for seed in range(40):
        seats = [{"kind": "automa", "automa_level": 4}, {"kind": "human"}]
        state = new_game(expansion_payload(seats=seats, seed=seed)).state
        dealt |= set(state.draft.get("automa_officer", {}).values())
    assert {"leslie_spencer", "margot_fouche", "simone_luciani", "tommaso_battista"} & dealt


def test_level_4_tommaso_plays_another_turn_after_a_1_engineer_turn_ending_action() -> None:
    # T17 "Build a Building" (1 Engineer, ends the turn): the Architect, then another turn
    state = automa_expansion_game(17, level=4, officer="tommaso_battista")
    put_buildings(state, "cofferdam")
    give(state, A, excavators=2, mixers=1)
    out = _turn(state)
    assert events_of(out, "building_built")
    assert events_of(out, "architect_placed")
    assert out.state.active == A and not out.state.turn_done
    again = _turn(out.state)  # its extra turn; the Architect is out for the round
    assert not events_of(again, "architect_placed")


def test_level_4_tommaso_gets_no_turn_from_the_bank_ruling_l4() -> None:
    state = automa_expansion_game(17, level=4, officer="tommaso_battista")
    give(state, A, excavators=0, mixers=0)
    state.round = 5  # no Machinery Shop in round 5 (ruling A9), an empty wheel: only the Bank
    out = _turn(state)
    assert not events_of(out, "architect_placed")
    assert out.state.active == H


def test_the_table_may_overrule_the_automa_with_an_external_work_or_a_building() -> None:
    # issue 9 item 6: any legal move the Automa could make, the expansion's included
    state = automa_expansion_game(17)
    put_on_offer(state, "A1", None, None)
    put_buildings(state, "cofferdam")
    give(state, A, excavators=2, mixers=1)
    groups = {g["type"]: g for g in legal_options(state)["overrides"]}
    external = [c["command"] for c in groups["external_work"]["choices"]]
    building = [c["command"] for c in groups["construction"]["choices"]
                if c["command"]["override"]["move"].get("structure") == "building"]  # fmt: skip
    assert external and building
    out = execute(state, external[0])
    assert events_of(out, "external_work_taken")[0]["tile"] == "A1"
    out = execute(state, building[0])
    assert events_of(out, "building_built")[0]["closes_left"] is True
