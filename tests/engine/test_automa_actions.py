"""A scenario per Automa action type on real games with hand-built maps (automa.md §4-§7).

Each test fixes the tile drawn (`automa_game(action_tile, criteria_tile)`), builds the map,
plays one `automa_turn` command and asserts what the Automa did and the trace's reason.
Rulings A2-A19 and edge cases 24-28 are named where they are exercised.
"""

from __future__ import annotations

import pytest
from helpers import (
    automa_turn,
    events_of,
    give,
    place_conduit,
    place_dam,
    place_powerhouse,
    set_wheel,
)
from test_automa_fixtures import automa_game

from companion.engine import RuleViolation, execute, legal_options
from companion.engine.automa import decision, feasibility
from companion.engine.automa.tiles import TILES
from companion.engine.events import Recorder
from companion.engine.state import NEUTRAL

A, H = "italy", "usa"


def turn(state, **override):
    return automa_turn(state, A, **override)


events = events_of


def lines(outcome):
    return outcome.state.automa["last_trace"]["lines"]


def offer(state, green=(None, None), yellow=(None, None), red=(None, None), national=()):
    state.contract_offer = {"green": list(green), "yellow": list(yellow), "red": list(red)}
    state.national_contracts = list(national)
    for pile in state.contract_piles.values():
        pile.clear()  # ruling R13: nothing to refill with, slots stay as the test sets them


def system(state, drops=2):
    """Own dam 3L (level 2, `drops`) → own conduit C3L (value 4) → own powerhouse P5-2."""
    place_dam(state, "3L", A, level=2, drops=drops)
    place_conduit(state, "C3L", A)
    place_powerhouse(state, "P5-2", A)


# -- setup (edge case 28) ---------------------------------------------------------------------


def test_automa_setup_16_vp_no_credits_no_contract_and_first():
    state = automa_game(1)
    automa, human = state.players[A], state.players[H]
    assert (automa.vp, automa.credits, automa.contracts, automa.officer) == (16, 0, [], None)
    assert (automa.engineers, automa.excavators, automa.mixers) == (12, 6, 4)
    assert human.vp == 10  # edge case 28
    assert state.turn_order[0] == A  # ruling A11
    assert state.automa["draw_pile"]  # the deck is dealt at new_game


# -- production (§7.1) -----------------------------------------------------------------------


def test_production_best_system_all_drops_and_best_contract_any_colour():
    # T11: PROD 2E green +1. 4 × 2 drops + 1 = 9 energy; the green condition holds (G01 needs
    # 2); the contract fulfilled is the highest requirement ≤ 9 of any colour: R07 (ruling A3)
    state = automa_game(11)
    system(state)
    offer(state, green=("G01", None), yellow=("Y11", None), red=("R07", "R11"))
    out = turn(state)
    made = events(out, "production_made")[0]
    assert (made["dam"], made["drops"], made["energy"], made["bonus"]) == ("3L", 2, 9, 1)
    assert events(out, "contract_fulfilled")[0]["contract"] == "R07"
    assert out.state.players[A].energy == 9
    assert "R07" in out.state.players[A].fulfilled
    assert out.state.contract_offer["red"] == [None, "R11"]  # R13: empty pile, slot stays empty
    assert out.state.players[A].vp == 16 + 8  # R07: 8 VP
    assert "fulfils R07 (red slot 1)" in lines(out)[1]


def test_production_skipped_without_a_contract_of_the_tile_colour():
    # ruling A19: no face-up green contract → the next action (T11: contract office)
    state = automa_game(11)
    system(state)
    offer(state, yellow=("Y11", None))
    out = turn(state)
    assert not events(out, "production_made")
    assert "no face-up green contract (ruling A19)" in lines(out)[1]


def test_production_skipped_when_the_colour_needs_more_energy():
    # T07: PROD yellow ±0: 4 × 1 drop = 4 < Y01's 5
    state = automa_game(7)
    system(state, drops=1)
    offer(state, yellow=("Y01", "Y11"))
    out = turn(state)
    assert not events(out, "production_made")
    assert "no yellow contract ≤ 4 energy (the easiest needs 5)" in lines(out)[1]


def test_production_skipped_without_a_ready_system():
    state = automa_game(11)
    place_dam(state, "3L", A, drops=0)  # no water
    place_conduit(state, "C3L", A)
    place_powerhouse(state, "P5-2", A)
    offer(state, green=("G01", None))
    out = turn(state)
    assert "no production system ready" in lines(out)[1]


def test_first_on_the_energy_track_in_the_round_section_does_not_produce():
    # §7.1 condition 2: 6 × round 1 = 6, strictly first → skipped
    state = automa_game(11)
    system(state)
    offer(state, green=("G01", None))
    give(state, A, energy=7)
    give(state, H, energy=3)
    out = turn(state)
    assert "already first on the energy track" in lines(out)[1]


def test_tied_for_first_is_not_first():
    # ruling A2: a tie for first still allows the production
    state = automa_game(11)
    system(state)
    offer(state, green=("G01", None))
    give(state, A, energy=7)
    give(state, H, energy=7)
    assert events(turn(state), "production_made")


def test_best_system_not_the_first_found():
    # edge case 24: systems 3L→C3L(4)→P5 with 1 drop and 2L→C2R(5)→P10 with 2 drops
    state = automa_game(11)
    place_dam(state, "3L", A, drops=1)
    place_conduit(state, "C3L", A)
    place_powerhouse(state, "P5-2", A)
    place_dam(state, "2L", A, level=2, drops=2)
    place_conduit(state, "C2R", H)
    place_powerhouse(state, "P10-3", A)
    offer(state, green=("G01", None))
    out = turn(state)
    made = events(out, "production_made")[0]
    assert (made["dam"], made["conduit"], made["energy"]) == ("2L", "C2R", 5 * 2 + 1 + 1)
    # using the opponent's conduit: 1 VP per drop instead of Credits (§6); owner +1₵ +1 VP
    assert out.state.players[H].credits == 6 + 2


def test_equal_systems_neutral_dam_first():
    # ruling A4: same energy from an own dam and a neutral dam → the neutral one
    state = automa_game(11)
    place_dam(state, "3U", NEUTRAL, drops=1)
    place_dam(state, "3L", A, drops=1)
    place_conduit(state, "C3L", A)
    place_powerhouse(state, "P5-2", A)
    offer(state, green=("G01", None))
    out = turn(state)
    assert events(out, "production_made")[0]["dam"] == "3U"
    assert "neutral dam first (ruling A4)" in lines(out)[1]


def test_equal_systems_conduit_criteria_decide():
    # ruling A18: 1L→C1R(4)→P5 and 3L→C3L(4)→P5 give the same; criteria tile T05's conduit
    # column PH+ > DAM+ > MP → 3A ties; location 3A or higher → C3L
    state = automa_game(11, criteria_tile=5)
    place_dam(state, "1L", A, drops=1)
    place_dam(state, "3L", A, drops=1)
    place_conduit(state, "C1R", A)
    place_conduit(state, "C3L", A)
    place_powerhouse(state, "P5-2", A)
    offer(state, green=("G01", None))
    out = turn(state)
    assert events(out, "production_made")[0]["conduit"] == "C3L"
    assert "conduit criteria → C3L (ruling A18)" in lines(out)[1]


def test_contract_ties_go_right_and_national_first():
    # ruling A17: equal requirement → the right slot; national before private
    state = automa_game(11)
    offer(state, red=("R01", "R02"))
    assert feasibility.contract_options(state, A, 8)[0] == ("R02", "red slot 2")
    offer(state, red=("R01", None), national=("N1",))
    assert feasibility.contract_options(state, A, 13)[0] == ("N1", "national")
    offer(state, red=("R11", None), national=("N1",))
    assert feasibility.contract_options(state, A, 12)[0] == ("R11", "red slot 1")


def test_production_fulfils_a_national_contract():
    # ruling A3: national contracts compete with private ones: N5 (15) beats R11 (10)
    state = automa_game(11)
    place_dam(state, "2L", A, level=3, drops=3)
    place_conduit(state, "C2R", A)
    place_powerhouse(state, "P10-3", A)
    offer(state, green=("G01", None), red=("R11", None), national=("N5",))
    out = turn(state)
    assert events(out, "contract_fulfilled")[0]["contract"] == "N5"
    assert out.state.national_contracts == []


def test_automa_credits_from_others_become_vp():
    # ruling A5: the human produces through the Automa's conduit: the Automa scores VP
    from companion.engine import production

    state = automa_game(11)
    place_dam(state, "3L", H, drops=2)
    place_conduit(state, "C3L", A)
    place_powerhouse(state, "P5-2", H)
    rec = Recorder(state)
    production.decide_produce(rec, H, dam="3L", conduit="C3L", powerhouse="P5-2", drops=2, bonus=0)
    assert state.players[A].credits == 0
    assert state.players[A].vp == 16 + 2 + 2  # 2 Credits as VP + the usual 2 VP


# -- water management (§7.2) and contract office (§7.3) --------------------------------------


def test_water_two_drops_then_the_turn_goes_on():
    # T01: PROD fails → [WATER 2 drops] (dashed) → BUILD base; own dam 1L has room for 2
    state = automa_game(1, criteria_tile=1)
    place_dam(state, "1L", A, level=2)
    out = turn(state)
    placed = events(out, "drops_placed")
    assert [(e["headstream"], e["drops"]) for e in placed] == [("A", 2)]
    assert out.state.occupied.get("WM_2_L") == A  # first empty Water Management space (§5)
    assert events(out, "structure_built")  # the dashed action did not end the turn
    assert "2 would be stored in own dams" in lines(out)[2]


def test_water_skipped_when_no_drop_reaches_an_own_dam():
    state = automa_game(1)
    place_dam(state, "1L", H, level=2)  # only an opponent dam
    out = turn(state)
    assert not events(out, "drops_placed")
    assert "no drop would reach an own dam with room" in lines(out)[2]


def test_water_only_useful_drops_and_letter_order():
    # own dam 5L (room 1) is reached from B (2 → 5); letters of criteria tile T06: C-B-A
    state = automa_game(1, criteria_tile=6)
    place_dam(state, "5L", A)
    out = turn(state)
    assert [(e["headstream"], e["drops"]) for e in events(out, "drops_placed")] == [("B", 1)]


def test_water_one_flowing_drop():
    # T02: [WATER 1 drop flowing at once]: it flows now into the own dam 2L
    state = automa_game(2)
    place_dam(state, "2L", A)
    out = turn(state)
    flowed = events(out, "drop_flowed")
    assert flowed[0]["headstream"] == "B" and flowed[0]["stopped_at"] == "2L"
    assert out.state.dams["2L"].drops == 1


def test_contract_office_always_feasible_and_refilled_at_end_of_turn():
    # ruling A12, ruling A13: T03 removes the green contracts, +2 energy, refill after the turn
    state = automa_game(3)
    state.contract_offer["green"] = ["G01", "G02"]
    state.contract_piles["green"] = ["G03", "G04"]
    out = turn(state)
    removed = events(out, "automa_contracts_removed")[0]
    assert removed["contracts"] == ["G01", "G02"]
    assert out.state.players[A].energy == 2
    assert out.state.contract_offer["green"] == ["G03", "G04"]  # refilled at end of turn
    kinds = [e["type"] for e in out.events]
    assert kinds.index("automa_contracts_removed") < kinds.index("contract_revealed")
    state = automa_game(3)
    offer(state)  # nothing face up: still feasible (ruling A12)
    assert turn(state).state.players[A].energy == 2


# -- construction (§7.4) ---------------------------------------------------------------------


def test_construction_places_the_piece_with_tile_and_machinery_on_the_wheel():
    # T01 → BUILD base; criteria T01: location 1 → 1L; 5 Excavators in the mountains
    state = automa_game(1, criteria_tile=1)
    out = turn(state)
    built = events(out, "structure_built")[0]
    assert (built["structure"], built["space"]) == ("base", "1L")
    assert out.state.players[A].excavators == 1
    assert out.state.players[A].engineers == 10  # 2 on its own board, no fee (§5)
    assert out.state.players[A].wheel[1].tiles == ["base"]
    assert out.state.players[A].constructions_this_round == 0  # company-board spaces ignored


def test_construction_red_outlined_space_costs_3_vp():
    # criteria T09: RED first → 1U; the Automa pays 3 VP instead of Credits (§6)
    state = automa_game(3, criteria_tile=9)
    offer(state)
    out = turn(state)
    assert events(out, "structure_built")[0]["space"] == "1U"
    assert out.state.players[A].vp == 16 - 3
    assert out.state.players[A].credits == 0


def test_construction_restriction_and_machinery():
    # T04: base only in the mountains (5 Excavators); with 4 it goes on to the next action
    state = automa_game(4)
    give(state, A, excavators=4)
    out = turn(state)
    assert not events(out, "structure_built")
    assert "not enough machinery for any base space" in lines(out)[2]
    state = automa_game(2)  # T02: base only in the hills
    out = turn(state)
    own = [s for s, d in out.state.dams.items() if d.owner == A]
    assert own and all(s[0] in "567" for s in own)


def test_construction_third_structure_rule():
    # ruling A16: neutral dam 3L + own powerhouse in 5 → the conduit C3L completes the system
    state = automa_game(11, criteria_tile=1)
    offer(state)
    place_dam(state, "3L", NEUTRAL)
    place_powerhouse(state, "P5-2", A)
    give(state, A, excavators=8)  # C3L has value 4: 8 Excavators
    out = turn(state)
    assert events(out, "structure_built")[0]["space"] == "C3L"
    assert "completes a production system: C3L" in " ".join(lines(out))


def test_construction_tile_highest_level_dedicated_before_wild():
    state = automa_game(1)
    assert feasibility.choose_tile(state, A, "base") == "base"  # basic dedicated before wild
    state.players[A].tiles.append("L1_ANY")
    assert feasibility.choose_tile(state, A, "base") == "L1_ANY"
    state.players[A].tiles.append("L1_BASE")
    assert feasibility.choose_tile(state, A, "base") == "L1_BASE"


def test_no_piece_left_or_no_tile():
    state = automa_game(1)
    state.players[A].tiles = ["elevation", "conduit", "powerhouse"]
    out = turn(state)
    assert "no technology tile for a base" in " ".join(lines(out))


# -- workshop, machinery shop, patent office, bank (§7.5-7.9) --------------------------------


def test_workshop_needs_something_on_the_wheel():
    # T04: PROD, BUILD base (no Excavators), MACH Exc, EXTWORK, WORKSHOP, BANK — in round 5
    state = automa_game(4)
    give(state, A, excavators=0)
    state.round = 5
    out = turn(state)
    assert "no Machinery Shop in round 5 (ruling A9)" in " ".join(lines(out))
    assert "the Construction Wheel is empty" in " ".join(lines(out))
    assert events(out, "vp_scored")[-1]["reason"] == "Automa Bank action"
    state = automa_game(4)
    give(state, A, excavators=0)
    state.round = 5
    set_wheel(state, A, 3, excavators=2)
    out = turn(state)
    assert len(events(out, "wheel_rotated")) == 1
    assert out.state.occupied.get("WS_1_L") == A


def test_machinery_shop_wild_takes_the_scarcer_type():
    # §6: fewer in the personal supply; tie → Excavator. T01 with no Excavators for a base
    state = automa_game(1)
    give(state, A, excavators=0, mixers=0)
    state.players[A].tiles = []
    out = turn(state)
    gained = events(out, "machineries_gained")[0]
    assert (gained["excavators"], gained["mixers"]) == (1, 0)
    assert out.state.players[A].vp == 16 - 3
    state = automa_game(1)
    give(state, A, excavators=3, mixers=1)
    assert feasibility.wild_machinery(state, A, 3) == (1, 2)


def test_patent_office_dedicated_tile_first_engineer_on_first_empty_space():
    # ruling A6: T03 patent "base": L2_BASE over the wild L3_ANY; engineer on PO_1
    state = automa_game(3, mode="full")
    automa = next(c for c, p in state.players.items() if p.is_automa)
    state.players[automa].tiles = ["elevation"]  # no base tile: the construction is skipped
    state.patent_offer = ["L3_ANY", "L2_BASE", "L1_CONDUIT"]
    state.contract_offer = {"green": [None, None], "yellow": [None, None], "red": [None, None]}
    out = execute(state, {"type": "automa_turn", "player": automa})
    bought = events(out, "patent_tile_bought")[0]
    assert (bought["tile"], bought["slot"]) == ("L2_BASE", 1)
    assert out.state.occupied.get("PO_1") == automa
    assert out.state.players[automa].vp == 16 - 2


def test_patent_office_falls_back_to_a_wild_tile():
    state = automa_game(3, mode="full")
    state.patent_offer = ["L1_CONDUIT", "L2_ANY", "L1_ANY"]
    assert feasibility.patent_choice(state, "base") == (1, "L2_ANY")
    state.patent_offer = ["L1_CONDUIT", None, None]
    assert feasibility.patent_choice(state, "base") is None


def test_bank_is_always_feasible():
    state = automa_game(15)  # PROD, BUILD powerhouse, PATENT, EXTWORK, WORKSHOP, BANK
    state.players[A].tiles = []
    out = turn(state)
    assert out.state.bank.get(A) == 1
    assert out.state.players[A].vp == 17


# -- engineers (§4, §5; edge case 25) ----------------------------------------------------------


def test_fewer_engineers_than_printed_uses_what_is_left():
    # edge case 25: 1 Engineer left, T01 base needs 2: built with the 1 left
    state = automa_game(1)
    give(state, A, engineers=1)
    out = turn(state)
    assert events(out, "structure_built")
    assert out.state.players[A].engineers == 0
    assert "will pass for the rest of the round" in lines(out)[-1]


def test_dashed_action_with_the_last_engineer_ends_the_turn():
    state = automa_game(1)
    place_dam(state, "1L", A, level=2)
    give(state, A, engineers=1)
    out = turn(state)
    assert events(out, "drops_placed") and not events(out, "structure_built")


def test_no_engineer_left_passes():
    state = automa_game(1)
    give(state, A, engineers=0)
    out = turn(state)
    assert events(out, "player_passed")
    assert out.state.players[A].passed


def test_first_empty_space_left_column_then_right_and_next_to_a_full_section():
    state = automa_game(1)
    assert decision.section_spaces("water_management") == ["WM_2_L", "WM_1_L", "WM_2_R", "WM_1_R"]
    state.occupied.update({"WM_2_L": H, "WM_1_L": H})
    assert decision.first_empty_space(state, "water_management") == "WM_2_R"
    state.occupied.update({"WM_2_R": H, "WM_1_R": "blocked"})
    assert decision.first_empty_space(state, "water_management") is None
    assert decision.first_empty_space(state, "bank") == "BANK"


# -- preview, override, options, rewards ------------------------------------------------------


def test_preview_is_pure_and_matches_the_turn():
    state = automa_game(1)
    before = state.copy()
    preview = decision.preview_turn(state, A)
    assert state.automa == before.automa and state.dams == before.dams
    out = turn(state)
    assert preview["lines"] == lines(out)


def test_legal_options_offer_the_automa_turn_with_its_preview():
    state = automa_game(1)
    options = legal_options(state)
    # its turn, then the other moves the table may choose for it (issue 9 item 6)
    assert [a["type"] for a in options["actions"]] == [
        "automa_turn", "production", "construction", "water_management", "contract_office",
        "workshop", "machinery_shop", "patent_office", "bank",
    ]  # fmt: skip
    assert options["actions"][0]["choices"][1:] == []
    choice = options["actions"][0]["choices"][0]
    assert choice["command"] == {"type": "automa_turn", "player": A}
    assert choice["preview"]["tile"] == 1


def test_override_another_action_and_another_space():
    state = automa_game(1, criteria_tile=1)
    with pytest.raises(RuleViolation):
        turn(state, action=3, space="2L")  # T01 action 3: BUILD elevation, no own dam
    state = automa_game(1, criteria_tile=1)
    place_dam(state, "2L", A)
    out = turn(state, action=3, space="2L")
    assert events(out, "structure_built")[0]["structure"] == "elevation"
    assert "Override by the table" in lines(out)[1]
    assert out.state.automa["last_trace"]["override"] == {"action": 3, "space": "2L"}
    state = automa_game(1, criteria_tile=1)
    out = turn(state, action=2, space="5L")
    assert events(out, "structure_built")[0]["space"] == "5L"


def test_illegal_override_is_refused():
    state = automa_game(1)
    with pytest.raises(RuleViolation):
        turn(state, action=0)  # production is not feasible
    with pytest.raises(RuleViolation):
        turn(state, action=2, space="C1L")  # not a dam space
    with pytest.raises(RuleViolation):
        turn(state, action=99)


def test_override_with_a_headstream_that_is_not_a_letter_is_refused():
    state = automa_game(1)  # T01 action 1: water, 2 drops
    place_dam(state, "1U", A, level=2)
    for letters in (["AB"], [""], ["E"]):
        with pytest.raises(RuleViolation):
            turn(state, action=1, letters=letters)
    out = turn(state, action=1, letters=["B"])
    assert [e["headstream"] for e in events(out, "drops_placed")] == ["B"]


def test_free_structure_reward_placed_by_the_criteria():
    # G12 (free base in the plains) fulfilled by the Automa: placed by §8 with criteria T01
    state = automa_game(11, criteria_tile=1)
    system(state)
    offer(state, green=("G12", None))
    out = turn(state)
    built = [e for e in events(out, "structure_built") if e["free"]]
    assert built and built[0]["space"] in ("8L", "9L", "10L")
    assert not out.state.pending


def test_machinery_reward_answered_by_the_wild_rule():
    # G02: 2 Machineries of its choice: the scarcer type one at a time (4 mixers, 6 exc → M, M)
    state = automa_game(11)
    system(state)
    offer(state, green=("G02", None))
    out = turn(state)
    gained = [e for e in events(out, "machineries_gained")][-1]
    assert (gained["excavators"], gained["mixers"]) == (0, 2)
    assert not out.state.pending


# -- difficulty levels -----------------------------------------------------------------------


def test_level_1_has_no_powerhouse_bonus():
    # automa.md §2: level 1 ignores the +1 of the 2nd powerhouse
    for level, energy in ((1, 4 * 2 + 1), (2, 4 * 2 + 1 + 1)):
        state = automa_game(11, level=level)
        system(state)
        place_powerhouse(state, "P8-2", A)
        offer(state, green=("G01", None))
        assert events(turn(state), "production_made")[0]["energy"] == energy


def test_level_1_collects_no_income():
    state = automa_game(1, level=1)
    give(state, A, excavators=20)
    place_dam(state, "9L", A)  # the 2nd base uncovers Italy's income slot (3 Credits)
    out = turn(state)
    assert events(out, "structure_built")
    assert not events(out, "income_revealed")


def test_tiles_data_and_ids():
    assert TILES[1].criteria.column("elevation") == TILES[1].criteria.dam


def test_usa_level_3_water_tie_prefers_energy_steps():
    # §2.1 USA (3rd powerhouse, level 3+): equal headstreams → more energy steps. Own dams
    # 9L (from B via 5) and 8L (from A): one drop each way; a USA powerhouse in 5 is passed
    # by B's drop, so B wins over the printed letter order A-B-C of criteria tile T01
    from companion.engine.automa import water_choice

    state = automa_game(1, automa="usa", human="italy", level=3)
    place_dam(state, "9L", "usa")
    place_dam(state, "8L", "usa")
    for space in ("P5-2", "P6-2", "P7-2"):
        place_powerhouse(state, space, "usa")
    choice = water_choice.choose_flowing_drops(state, "usa", 1, TILES[1].criteria)
    assert choice.letters == ("B",)
    state.players["usa"].automa_level = 2  # no company ability below level 3: letters decide
    choice = water_choice.choose_flowing_drops(state, "usa", 1, TILES[1].criteria)
    assert choice.letters == ("A",)


def test_tile_energy_reward_moves_the_marker_and_may_fulfil_a_contract():
    # ruling A7: produced energy from a tile/work reward is usable for a contract by the A3
    # rule (here only national contracts are legal answers: the Automa holds none)
    from companion.engine.automa.rewards import automatic_answer
    from companion.engine.state import Decision

    state = automa_game(1)
    offer(state, red=("R11", None), national=("N1", "N3"))
    decision = Decision(
        kind="tile_contract", player=A, options={"energy": 14, "contracts": ["N1", "N3"]}
    )
    assert automatic_answer(state, decision) == {"produce": True, "contract": "N3"}
    decision.options["contracts"] = []
    assert automatic_answer(state, decision) == {"produce": True, "contract": None}


def test_any_structure_advanced_tile_is_the_highest_level():
    # ruling A7: an advanced tile "of any structure" is chosen as by A6, highest level
    state = automa_game(3, mode="full")
    state.patent_offer = ["L1_CONDUIT", "L3_BASE", "L2_ANY"]
    assert feasibility.patent_choice(state, None) == (1, "L3_BASE")


def test_level_4_officers_viktor_and_graziano():
    # §2.2: Viktor Fiesler — a conduit of value 1 or 2 uses exactly one drop;
    # Graziano del Monte — an elevation instead of the tile's structure when possible
    state = automa_game(11, level=4)
    state.players[A].officer = "viktor_fiesler"
    place_dam(state, "7L", A, level=3, drops=3)
    place_conduit(state, "C7L", A)  # value 2 → basin 10
    place_powerhouse(state, "P10-3", A)
    offer(state, green=("G01", None))
    made = events(turn(state), "production_made")[0]
    assert made["drops"] == 1
    state = automa_game(1, level=4)  # T01: BUILD base first
    state.players[A].officer = "graziano_del_monte"
    place_dam(state, "9L", A)
    out = turn(state)
    built = events(out, "structure_built")[0]
    assert (built["structure"], built["space"]) == ("elevation", "9L")
    assert "Graziano del Monte: an elevation instead" in " ".join(lines(out))
    state = automa_game(1, level=3)  # below level 4 the officer power is off
    state.players[A].officer = "graziano_del_monte"
    place_dam(state, "9L", A)
    assert events(turn(state), "structure_built")[0]["structure"] == "base"


def test_level_1_income_phase_pays_nothing():
    # automa.md §2, §9: no company-board income at level 1 (the Income phase, rounds.py)
    from companion.engine import rounds

    for level, expected in ((1, 16), (2, 16 + 3)):
        state = automa_game(1, level=level)
        place_dam(state, "9L", A)
        place_dam(state, "10L", A)  # 2 Bases: Italy's income slot 2 (3 Credits → 3 VP)
        rounds.income_step(Recorder(state), A)
        assert state.players[A].vp == expected
