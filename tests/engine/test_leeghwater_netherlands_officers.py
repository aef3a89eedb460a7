"""The Netherlands and the expansion's officers (The Leeghwater Project; leeghwater.md §5-6):
worked examples X13-X15 (and X18, X19 in the External Works / Private Buildings files)."""

from __future__ import annotations

from helpers import events_of, give, place_conduit, place_dam, place_powerhouse
from leeghwater_helpers import expansion_payload

from companion.engine import execute, new_game, rounds
from companion.engine.events import Recorder
from companion.engine.state import GameState

NED = "netherlands"


def _netherlands_game() -> GameState:
    seats = [{"kind": "human", "company": NED, "officer": "wilhelm_adler"},
             {"kind": "human", "company": "usa", "officer": "jill_mcdowell"}]  # fmt: skip
    state = new_game(expansion_payload(seats=seats, seed=6)).state
    state.headstreams = {k: 0 for k in state.headstreams}
    return state


def _income(state: GameState) -> tuple[Recorder, GameState]:
    state = state.copy()
    rec = Recorder(state)
    rounds.income_step(rec, NED)
    return rec, state


def _kinds(rec: Recorder) -> list[str]:
    return [str(e["type"]) for e in rec.events]


def test_x13_netherlands_income_with_4_bases_2_elevations_1_conduit() -> None:
    # X13: 2 delayed drops on headstreams, wheel +2 segments, 3 Cr
    state = _netherlands_game()
    state.players[NED].built.update(base=4, elevation=2, conduit=1)
    credits = state.players[NED].credits
    rec, after = _income(state)
    assert after.players[NED].credits == credits + 3
    assert _kinds(rec).count("wheel_rotated") == 2
    decision = after.pending[-1]
    assert decision.kind == "place_drops"
    assert (decision.options["n"], decision.options["flow"]) == (2, "later")


def test_x14_netherlands_income_with_5_bases_4_elevations_5_conduits() -> None:
    # X14: 16 VP, 3 Cr, 2 energy, 2 Machineries of choice, wheel +2, 2 delayed and 2 immediate
    state = _netherlands_game()
    state.players[NED].built.update(base=5, elevation=4, conduit=5)
    before = state.players[NED]
    rec, after = _income(state)
    player = after.players[NED]
    assert player.vp - before.vp == 7 + 2 + 7  # Base 5th, Elevation 4th, Conduit 5th
    assert player.credits - before.credits == 3
    assert player.energy - before.energy == 2
    assert _kinds(rec).count("wheel_rotated") == 2
    asked = sorted(
        (d.kind, d.options.get("n", d.options.get("amount")), d.options.get("flow"))
        for d in after.pending
    )  # fmt: skip
    assert asked == [("choose_machineries", 2, None), ("place_drops", 2, "later"),
                     ("place_drops", 2, "now")]  # fmt: skip


def test_x15_netherlands_adds_a_drop_to_another_own_dam_after_a_production() -> None:
    # X15: 3 Powerhouses, Control Station (+3): 2 drops × conduit 2 → 2×2 + 3 + 1 = 8 energy;
    # then 1 drop may go on own dam D2 ≠ D1 with room
    state = _netherlands_game()
    state.leeghwater["buildings"] = ["control_station"]
    state.leeghwater["building_spaces"] = {"control_station": [NED, None, None, None]}
    place_dam(state, "6U", NED, drops=2)  # D1
    place_dam(state, "2U", NED, level=2, drops=0)  # D2
    place_conduit(state, "C6R", NED)  # value 2, to basin 7
    place_powerhouse(state, "P7-1", NED)
    place_powerhouse(state, "P6-1", NED)
    place_powerhouse(state, "P8-1", NED)
    give(state, NED, energy=0)
    state.active, state.phase, state.turn_done = NED, "actions", False
    out = execute(state, {"type": "building_action", "player": NED, "building": "control_station"})
    answer = next(a for a in out.state.pending[-1].options["answers"]
                  if a["dam"] == "6U" and a["conduit"] == "C6R" and a["drops"] == 2)  # fmt: skip
    produced = execute(out.state, {"type": "decide", "player": NED, "answer": answer})
    assert produced.state.players[NED].energy == 8
    decision = produced.state.pending[-1]
    assert decision.kind == "company_drop"
    assert decision.options["answers"] == [{"dam": "2U"}, {"dam": None}]
    done = execute(produced.state, {"type": "decide", "player": NED, "answer": {"dam": "2U"}})
    assert done.state.dams["2U"].drops == 1
    assert events_of(done, "tile_drops_added")[0]["drops"] == {"2U": 1}


def test_the_netherlands_drop_waits_for_the_third_powerhouse() -> None:
    state = _netherlands_game()
    state.leeghwater["buildings"] = ["control_station"]
    state.leeghwater["building_spaces"] = {"control_station": [NED, None, None, None]}
    place_dam(state, "6U", NED, drops=2)
    place_dam(state, "2U", NED, level=2)
    place_conduit(state, "C6R", NED)
    place_powerhouse(state, "P7-1", NED)
    state.active, state.phase, state.turn_done = NED, "actions", False
    out = execute(state, {"type": "building_action", "player": NED, "building": "control_station"})
    answer = next(a for a in out.state.pending[-1].options["answers"] if a["dam"] == "6U")
    produced = execute(out.state, {"type": "decide", "player": NED, "answer": answer})
    assert not produced.state.pending
