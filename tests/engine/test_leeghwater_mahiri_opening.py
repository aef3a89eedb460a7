"""Mahiri Sekibo at a level-4 Automa in an expansion game: a person's opening, played the
Automa way, includes The Leeghwater Project's tile actions.

automa.md §2.2 (Mahiri Sekibo): "every human plays the opening action of each round the way
an Automa would (draw a tile and follow it)". leeghwater.md §10: the External Work action
needs the Machineries of a face-up tile, taken in the tile's slot order (ruling L9), the
Engineers shown go on it and the Machineries are discarded; the Building construction builds
next to the first Private Building it can pay for, scanning as the tile shows. A person pays
as a person (Credits, not VP; the Engineers the space prints, the construction space's fee)
and keeps its own reward choices; a person's Building does not close the left action space
(that is the Automa's own rule, §10 "Private Building actions").
"""

from __future__ import annotations

from typing import Any

from helpers import events_of
from leeghwater_helpers import put_buildings, put_on_offer
from test_leeghwater_automa import A, H, automa_expansion_game

from companion.engine import catalog, execute, leeghwater, legal_options
from companion.engine.automa import feasibility
from companion.engine.state import GameState

MAHIRI = "mahiri_sekibo"


def _opening(action_tile: int, criteria_tile: int = 1) -> GameState:
    """The human's round-1 opening is due; it will draw `criteria_tile` then `action_tile`."""
    state = automa_expansion_game(20, level=4, officer=MAHIRI)
    state = execute(state, {"type": "automa_turn", "player": A}).state
    assert state.pending[-1].kind == "mahiri_opening" and state.active == H
    rest = [t for t in range(1, 21) if t not in (criteria_tile, action_tile)]
    state.automa["draw_pile"] = [criteria_tile, action_tile, *rest]
    return state


def _supply(state: GameState, **amounts: Any) -> None:
    player = state.players[H]
    for name, value in amounts.items():
        setattr(player, name, value)


def _open(state: GameState) -> Any:
    return execute(state, {"type": "automa_turn", "player": H})


def test_the_opening_takes_an_external_work_in_the_tiles_slot_order() -> None:
    # T04: production (no system), Build base (no tile), Machinery Shop (0 Credits) are
    # skipped; External Work 1-2-3: slot 1 (A5, 2 E) is beyond 1 Mixer, slot 2 (A2, 1 M) is
    # taken; a person puts the 2 Engineers the space prints; A2 gives 3 Cr and 2 wheel turns
    state = _opening(4)
    put_on_offer(state, "A5", "A2", "A3")
    _supply(state, tiles=[], excavators=0, mixers=1, credits=0)
    out = _open(state)
    [taken] = events_of(out, "external_work_taken")
    assert (taken["company"], taken["tile"], taken["paid"]) == (H, "A2", "machineries")
    usa = out.state.players[H]
    assert out.state.occupied[leeghwater.external_space(1)] == H
    assert (usa.engineers, usa.mixers, usa.credits, usa.vp) == (12 - 2, 0, 3, 10)
    assert len(events_of(out, "wheel_rotated")) == 2
    trace = out.state.automa["last_trace"]["lines"]
    assert any(line.startswith("External work (slots 1-2-3): slot 2") for line in trace)


def test_the_opening_skips_the_external_work_its_machineries_cannot_pay() -> None:
    # T04 with no Machineries: the External Work is skipped; the tile's last action, the
    # Bank, gives a person 1 Credit per Engineer placed
    state = _opening(4)
    put_on_offer(state, "A5", "A2", "A3")
    _supply(state, tiles=[], excavators=0, mixers=0, credits=0)
    out = _open(state)
    assert not events_of(out, "external_work_taken")
    assert out.state.players[H].credits == 1  # the Bank: 1 Engineer, 1 Credit


def test_the_opening_builds_a_building_scanning_up_with_a_persons_engineers() -> None:
    # T19: production (no system), Build conduit (no conduit tile) skipped; Build a Building
    # scanning up: the Cofferdam (2 E + 1 M) is the bottom slot; space 1 is free (no fee)
    state = _opening(19)
    put_buildings(state, "wind_farm", "cofferdam")
    _supply(state, tiles=["building"], excavators=2, mixers=1, credits=6)
    out = _open(state)
    [built] = events_of(out, "building_built")
    assert (built["company"], built["tile"], built["index"]) == (H, "cofferdam", 0)
    assert built["closes_left"] is False  # a person's Building leaves the left space open
    assert "cofferdam" not in out.state.leeghwater.get("left_closed", [])
    [loaded] = events_of(out, "wheel_loaded")
    assert (loaded["tiles"], loaded["excavators"], loaded["mixers"]) == (["building"], 2, 1)
    usa = out.state.players[H]
    assert (usa.engineers, usa.credits) == (12 - 1, 6)  # the 1st construction space: 1 Eng
    assert usa.constructions_this_round == 1


def test_a_person_pays_the_red_border_of_a_building_space_in_credits() -> None:
    # spaces 1-2 of the Cofferdam taken: space 3 is red-bordered, 3 Credits (not 3 VP)
    state = _opening(19)
    put_buildings(state, "wind_farm", "cofferdam")
    state.leeghwater["building_spaces"]["cofferdam"][:2] = [A, "blocked"]
    _supply(state, tiles=["building"], excavators=2, mixers=1, credits=5)
    out = _open(state)
    [built] = events_of(out, "building_built")
    assert (built["tile"], built["index"]) == ("cofferdam", 2)
    assert (out.state.players[H].credits, out.state.players[H].vp) == (2, 10)


def test_a_person_without_the_red_border_credits_scans_on() -> None:
    # 2 Credits cannot pay the Cofferdam's red space: the next slot up, the Wind Farm, needs
    # 6 E + 2 M it does not have, so the Building is skipped
    state = _opening(19)
    put_buildings(state, "wind_farm", "cofferdam")
    state.leeghwater["building_spaces"]["cofferdam"][:2] = [A, "blocked"]
    _supply(state, tiles=["building"], excavators=2, mixers=1, credits=2)
    out = _open(state)
    assert not events_of(out, "building_built")
    trace = out.state.automa["last_trace"]["lines"]
    assert any("it can pay for no Private Building" in line for line in trace)


def test_a_persons_l3_building_in_the_opening_scores_the_vp_now() -> None:
    # leeghwater.md §8 X8 for a person: the Building's VP at once (here the Cofferdam's 3)
    state = _opening(19)
    put_buildings(state, "wind_farm", "cofferdam")
    _supply(state, tiles=["L3_BUILDING"], excavators=2, mixers=1, credits=0)
    out = _open(state)
    assert events_of(out, "building_built")[0]["tile"] == "cofferdam"
    assert out.state.players[H].vp == 10 + 3


def test_the_table_may_overrule_the_opening_with_an_external_work_or_a_building() -> None:
    # issue 9 item 6: any legal move of the drawn tile, paid as a person, the expansion's too
    state = _opening(19)
    put_on_offer(state, "A5", "A2", "A3")
    put_buildings(state, "wind_farm", "cofferdam")
    _supply(state, tiles=["building"], excavators=2, mixers=1, credits=6)
    groups = {g["type"]: g for g in legal_options(state)["overrides"]}
    external = [c["command"] for c in groups["external_work"]["choices"]]
    building = [c["command"] for c in groups["construction"]["choices"]
                if c["command"]["override"]["move"].get("structure") == "building"]  # fmt: skip
    assert external and building
    out = execute(state, external[0])
    assert events_of(out, "external_work_taken")[0]["company"] == H
    assert out.state.players[H].engineers == 12 - 2
    out = execute(state, building[0])
    assert events_of(out, "building_built")[0]["closes_left"] is False


def test_the_tables_building_with_the_any_structure_tile_pays_no_red_border() -> None:
    # ruling L6 / tile L1_ANY: "no 3-credit surcharge for a red-bordered building space" holds
    # for a Building the table chooses in place of the opening, as for any person's Building
    state = _opening(19)
    put_buildings(state, "wind_farm", "cofferdam")
    state.leeghwater["building_spaces"]["cofferdam"][:2] = [A, "blocked"]
    _supply(state, tiles=["L1_ANY"], excavators=6, mixers=2, credits=0)
    groups = {g["type"]: g for g in legal_options(state)["overrides"]}
    red_space = [c["command"] for c in groups["construction"]["choices"]
                 if c["command"]["override"]["move"].get("space") == "BS_cofferdam_3"]  # fmt: skip
    assert red_space, "the red-bordered space is offered: the tile waives its 3 Credits"
    out = execute(state, red_space[0])
    assert events_of(out, "building_built")[0]["index"] == 2
    assert out.state.players[H].credits == 0



def test_the_automa_way_builds_a_building_with_a_joker_tile_after_a_dedicated_one() -> None:
    # leeghwater.md §12.3: a joker ("any structure") tile builds a Building, the Automa way
    # too; §7.4: on equal level the dedicated tile first (L1_BUILDING before L1_ANY)
    state = _opening(19)
    _supply(state, tiles=["L1_ANY"])
    assert feasibility.choose_tile(state, H, catalog.BUILDING) == "L1_ANY"
    _supply(state, tiles=["L1_ANY", "L1_BUILDING"])
    assert feasibility.choose_tile(state, H, catalog.BUILDING) == "L1_BUILDING"
    _supply(state, tiles=["L1_BASE"])
    assert feasibility.choose_tile(state, H, catalog.BUILDING) is None
