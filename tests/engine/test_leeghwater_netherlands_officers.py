"""The Netherlands and the expansion's officers (The Leeghwater Project; leeghwater.md §5-6):
worked examples X13-X15 (and X18, X19 in the External Works / Private Buildings files)."""

from __future__ import annotations

import pytest
from helpers import events_of, give, place_conduit, place_dam, place_powerhouse
from leeghwater_helpers import expansion_payload

from companion.engine import catalog, contracts, execute, new_game, production, rounds
from companion.engine.errors import RuleViolation
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


# -- Simone Luciani (Appendix 4; ruling L7) --------------------------------------------------


def _simone_with_nine_energy() -> tuple[GameState, str]:
    """Simone's company with a system giving 9: 3 drops × conduit 3 (no bonus)."""
    seats = [{"kind": "human", "company": "usa", "officer": "simone_luciani"},
             {"kind": "human", "company": "italy", "officer": "jill_mcdowell"}]  # fmt: skip
    state = new_game(expansion_payload(seats=seats, seed=6)).state
    place_dam(state, "2U", "usa", level=3, drops=3)
    place_conduit(state, "C2L", "usa")  # value 3, to basin 6
    place_powerhouse(state, "P6-1", "usa")
    state.players["usa"].contracts = ["G06", "G13", "Y06"]  # 3, 4 and 6 energy
    state.national_contracts = []
    state.active, state.phase, state.turn_done = "usa", "actions", False
    return state, "usa"


def test_x16_simone_fulfils_several_contracts_whose_sum_fits_the_production() -> None:
    # X16: Simone produces 9 holding 3, 4, 6: {3}, {4}, {6}, {3,4}, {3,6}; not {4,6}, {3,4,6}
    state, company = _simone_with_nine_energy()
    options = production.production_options(state, company, 0)
    nine = next(o for o in options if o["energy"] == 9)
    singles = sorted(c["contract"] for c in nine["commands"] if c.get("contract"))
    sets = sorted(sorted(c["contracts"]) for c in nine["commands"] if c.get("contracts"))
    assert singles == ["G06", "G13", "Y06"]
    assert sets == [["G06", "G13"], ["G06", "Y06"]]
    command = {"type": "produce", "player": company, "space": "TS_0_L", "dam": "2U",
               "conduit": "C2L", "powerhouse": "P6-1", "drops": 3}  # fmt: skip
    with pytest.raises(RuleViolation, match="need 10 energy together"):
        execute(state, {**command, "contracts": ["G13", "Y06"]})
    done = execute(state, {**command, "contracts": ["G06", "Y06"]}).state
    assert done.players[company].contracts == ["G13"]
    assert {"G06", "Y06"} <= set(done.players[company].fulfilled)


def test_simone_holds_four_contracts_others_three() -> None:
    state, company = _simone_with_nine_energy()
    assert contracts.hand_limit(state, company) == 4
    assert contracts.hand_limit(state, "italy") == 3


def test_only_simone_fulfils_several_with_one_production() -> None:
    state, company = _simone_with_nine_energy()
    state.players[company].officer = "wilhelm_adler"
    command = {"type": "produce", "player": company, "space": "TS_0_L", "dam": "2U",
               "conduit": "C2L", "powerhouse": "P6-1", "drops": 3,
               "contracts": ["G06", "G13"]}  # fmt: skip
    with pytest.raises(RuleViolation, match="Only Simone Luciani"):
        execute(state, command)


def test_wind_farm_energy_fulfils_one_contract_even_for_simone_ruling_l7() -> None:
    state, company = _simone_with_nine_energy()
    state.leeghwater["buildings"] = ["wind_farm"]
    state.leeghwater["building_spaces"] = {"wind_farm": [company, None, None, None]}
    state.players[company].contracts = ["G06", "G07"]  # 3 + 3 ≤ 5 would fit a production
    out = execute(state, {"type": "building_action", "player": company, "building": "wind_farm"})
    answers = out.state.pending[-1].options["answers"]
    assert all("contracts" not in a for a in answers)
    assert answers == [{"contract": "G06"}, {"contract": "G07"}, {"contract": None}]


def test_ruling_r25_france_takes_3_off_each_of_simones_contracts_before_summing() -> None:
    # ruling R25: France playing Simone Luciani: contracts of 6 and 6 need 3 + 3 = 6 together
    seats = [{"kind": "human", "company": "france", "officer": "simone_luciani"},
             {"kind": "human", "company": "italy", "officer": "jill_mcdowell"}]  # fmt: skip
    state = new_game(expansion_payload(seats=seats, seed=6)).state
    place_dam(state, "2U", "france", level=3, drops=2)  # 2 drops × conduit 3 = 6 energy
    place_conduit(state, "C2L", "france")
    place_powerhouse(state, "P6-1", "france")
    state.players["france"].built["powerhouse"] = 3  # France's ability on (bonus +1)
    state.players["france"].contracts = ["Y06", "Y07"]  # 6 and 6
    state.national_contracts = []
    options = production.production_options(state, "france", 0)
    two = next(o for o in options if o["drops"] == 2)
    assert two["energy"] == 7  # 2 × 3 + 1 for the 2nd-3rd Powerhouse
    assert [c["contracts"] for c in two["commands"] if c.get("contracts")] == [["Y06", "Y07"]]


# -- Tommaso Battista (Appendix 4; rulings L4, L5) -----------------------------------------


def _tommaso() -> GameState:
    seats = [{"kind": "human", "company": "usa", "officer": "tommaso_battista"},
             {"kind": "human", "company": "italy", "officer": "jill_mcdowell"}]  # fmt: skip
    state = new_game(expansion_payload(seats=seats, seed=6)).state
    state.active, state.phase, state.turn_done = "usa", "actions", False
    give(state, "usa", excavators=9, mixers=9, credits=9)
    return state


def test_x17_the_architect_alone_on_the_1_engineer_construction_space_gives_a_turn() -> None:
    # X17: Architect alone on the 1-Eng construction space: builds, then an immediate extra turn
    state = _tommaso()
    build = {"type": "build", "player": "usa", "structure": "base", "space": "9L",
             "tile": "base", "architect": True}  # fmt: skip
    out = execute(state, build)
    assert out.state.pending[-1].kind == "architect_turn"
    again = execute(out.state, {"type": "decide", "player": "usa", "answer": {"accept": True}})
    assert again.state.active == "usa" and not again.state.turn_done
    # Architect + 1 Engineer on the 2-Eng space: no extra turn; and it is out for the round
    with pytest.raises(RuleViolation, match="already on an action space"):
        execute(again.state, {**build, "space": "10L"})
    second = {"type": "build", "player": "usa", "structure": "conduit", "space": "C6R",
              "tile": "conduit"}  # fmt: skip
    assert execute(again.state, second).state.active == "italy"


def test_x17_the_architect_with_another_engineer_gives_no_turn() -> None:
    state = _tommaso()
    state.players["usa"].constructions_this_round = 1  # the next construction needs 2
    out = execute(state, {"type": "build", "player": "usa", "structure": "base",
                          "space": "9L", "tile": "base", "architect": True})  # fmt: skip
    assert not out.state.pending and out.state.active == "italy"


def test_the_architect_at_the_bank_gives_no_turn_ruling_l4() -> None:
    state = _tommaso()
    out = execute(state, {"type": "bank", "player": "usa", "engineers": 1, "architect": True})
    assert not out.state.pending and out.state.active == "italy"


def test_the_contract_office_refills_before_the_architects_turn_ruling_l5() -> None:
    state = _tommaso()
    space = next(s for s, sp in catalog.MANAGEMENT_SPACES.items()
                 if sp.section == "contract_office" and sp.engineers == 1
                 and 2 in sp.players and sp.total_credits == 0)  # fmt: skip
    taken = next(c for c in state.contract_offer["green"] if c)
    out = execute(state, {"type": "take_contracts", "player": "usa", "space": space,
                          "contracts": [taken], "architect": True})  # fmt: skip
    kinds = [e["type"] for e in out.events]
    assert kinds.index("contract_revealed") < kinds.index("decision_pushed")
    assert out.state.pending[-1].kind == "architect_turn"


def test_only_tommaso_has_the_architect() -> None:
    state = _tommaso()
    state.players["usa"].officer = "wilhelm_adler"
    with pytest.raises(RuleViolation, match="Only Tommaso Battista"):
        execute(state, {"type": "bank", "player": "usa", "engineers": 1, "architect": True})


# -- Mahiri Sekibo copying the new officers (expansion rulebook, Appendix 4) -----------------


def _mahiri_with(officer: str, company: str = "usa") -> GameState:
    """Mahiri Sekibo's company, the other seat playing `officer`; Mahiri copies it now."""
    seats = [{"kind": "human", "company": company, "officer": "mahiri_sekibo"},
             {"kind": "human", "company": "italy", "officer": officer}]  # fmt: skip
    state = new_game(expansion_payload(seats=seats, seed=6)).state
    state.active, state.phase, state.turn_done = company, "actions", False
    give(state, company, excavators=9, mixers=9, credits=9)
    return execute(state, {"type": "mahiri", "player": company, "officer": officer}).state


def test_mahiri_copying_leslie_puts_the_machineries_on_the_wheel_without_a_tile() -> None:
    state = _mahiri_with("leslie_spencer")
    state.leeghwater["external_offer"] = ["A2", None, None]
    out = execute(state, {"type": "external_work", "player": "usa", "slot": 1, "leslie": True})
    wheel = out.state.players["usa"].wheel  # loaded, turned 1, then A2 turns it 2 more
    assert (wheel[3].tiles, wheel[3].mixers) == ([], 1)


def test_mahiri_copying_margot_uses_a_building_from_the_bank_for_no_credit() -> None:
    state = _mahiri_with("margot_fouche")
    state.leeghwater["buildings"] = ["financial_division"]
    state.leeghwater["building_spaces"] = {"financial_division": ["usa", None, None, None]}
    credits = state.players["usa"].credits
    out = execute(state, {"type": "building_action", "player": "usa",
                          "building": "financial_division", "margot": True})  # fmt: skip
    assert out.state.bank["usa"] == 1
    assert out.state.players["usa"].credits == credits + 5  # the building's 5, not the Bank's 1


def test_mahiri_copying_simone_holds_four_contracts_that_turn() -> None:
    state = _mahiri_with("simone_luciani")
    assert contracts.hand_limit(state, "usa") == 4
    assert production.may_fulfil_several(state, "usa")


def test_mahiri_copying_tommaso_gets_the_extra_turn_but_no_second_copy_edge_case_30() -> None:
    state = _mahiri_with("tommaso_battista")
    out = execute(state, {"type": "build", "player": "usa", "structure": "base", "space": "9L",
                          "tile": "base", "architect": True})  # fmt: skip
    again = execute(out.state, {"type": "decide", "player": "usa", "answer": {"accept": True}})
    assert again.state.active == "usa"
    with pytest.raises(RuleViolation, match="edge case 30"):
        execute(again.state, {"type": "mahiri", "player": "usa", "officer": "tommaso_battista"})


def test_mahiri_keeps_simones_four_contracts_until_she_fulfils_one() -> None:
    state = _mahiri_with("simone_luciani")
    state.players["usa"].contracts = ["G06", "G07", "G08"]
    space = next(s for s, sp in catalog.MANAGEMENT_SPACES.items()
                 if sp.section == "contract_office" and sp.engineers == 1
                 and 2 in sp.players and sp.total_credits == 0)  # fmt: skip
    taken = next(c for c in state.contract_offer["yellow"] if c)
    out = execute(state, {"type": "take_contracts", "player": "usa", "space": space,
                          "contracts": [taken]})  # fmt: skip
    assert len(out.state.players["usa"].contracts) == 4 and not out.state.pending
    later = out.state
    later.players["usa"].copied_officer = None  # the copy ended with the turn
    assert contracts.hand_limit(later, "usa") == 4
    place_dam(later, "2U", "usa", level=3, drops=1)
    place_conduit(later, "C2L", "usa")
    place_powerhouse(later, "P6-1", "usa")
    later.active, later.turn_done = "usa", False
    done = execute(later, {"type": "produce", "player": "usa", "space": "TS_0_L", "dam": "2U",
                           "conduit": "C2L", "powerhouse": "P6-1", "drops": 1,
                           "contract": "G06"})  # fmt: skip
    assert contracts.hand_limit(done.state, "usa") == 3
