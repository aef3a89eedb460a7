"""Issue 3 interactions through the public API: `legal_options` offers every power with its
preview, and `execute` does what the preview said.

Rulebook Appendix 2 (company abilities), Appendix 3 (officers), Appendix 4 (advanced tiles);
rulings R9, R11, R15, R24, R25, R27; edge cases 4, 5, 6, 7, 23.
"""

from __future__ import annotations

from typing import Any

from helpers import make_state, place_conduit, place_dam, place_powerhouse, set_active

from companion.engine import execute, legal_options
from companion.engine.catalog import CONTRACTS
from companion.engine.state import GameState, Segment


def full_state(officers: dict[str, str], *, active: str) -> GameState:
    """A full game in round 1 with these company → officer pairs and an empty map."""
    draws = {"companies": list(officers), "officers": list(officers.values())}
    state = make_state(len(officers), mode="full", draws=draws, clear_headstreams=True)
    state.dams = {}
    set_active(state, active)
    return state


def choices(state: GameState, kind: str, player: str | None = None) -> list[dict[str, Any]]:
    action = next(a for a in legal_options(state, player)["actions"] if a["type"] == kind)
    return list(action["choices"])


def build_choices(state: GameState, **match: Any) -> list[dict[str, Any]]:
    return [
        c
        for c in choices(state, "build")
        if all(c["command"].get(k) == v for k, v in match.items())
    ]


def pay_all(state: GameState) -> GameState:
    """Everybody still to act banks all Engineers, then passes: the round's phases run."""
    start = state.round
    while state.round == start and not state.finished:
        company = str(state.active)
        engineers = state.players[company].engineers
        command: dict[str, Any] = (
            {"type": "bank", "player": company, "engineers": engineers}
            if engineers
            else {"type": "pass", "player": company}
        )
        state = execute(state, command).state
    return state


# -- Solomon P. Jordan (edge case 7) ----------------------------------------------------------


def test_solomon_pays_a_conduit_wholly_in_credits_shown_in_the_cost_preview() -> None:
    state = full_state({"italy": "solomon_p_jordan", "usa": "wilhelm_adler"}, active="italy")
    state.players["italy"].credits = 12
    on_c6r = build_choices(state, structure="conduit", space="C6R", tile="conduit")
    previews = {(c["preview"]["excavators"], c["preview"]["credits"]): c for c in on_c6r}
    # value 2: 4 Excavators, or 3 Credits instead of each of them
    assert set(previews) == {(4, 0), (3, 3), (2, 6), (1, 9), (0, 12)}
    wholly = previews[(0, 12)]
    assert wholly["preview"]["credits_for_machineries"] == 12
    assert "12 Credits instead of Machineries" in wholly["label"]
    state = execute(state, wholly["command"]).state
    italy = state.players["italy"]
    assert (italy.credits, italy.excavators) == (0, 6)
    assert italy.wheel[1] == Segment(tiles=["conduit"], excavators=0, mixers=0)


def test_solomon_only_affordable_substitutions_are_offered() -> None:
    state = full_state({"italy": "solomon_p_jordan", "usa": "wilhelm_adler"}, active="italy")
    state.players["italy"].credits = 5
    on_c6r = build_choices(state, structure="conduit", space="C6R", tile="conduit")
    assert {c["preview"]["credits"] for c in on_c6r} == {0, 3}


# -- Jill McDowell (edge case 6, ruling R24) ----------------------------------------------


def test_jills_mixer_payment_is_a_choice_with_its_preview() -> None:
    state = full_state({"germany": "jill_mcdowell", "usa": "wilhelm_adler"}, active="germany")
    on_c2l = build_choices(state, structure="conduit", space="C2L", tile="conduit")
    # value 3: 6 Excavators or 3 Concrete Mixers, never a mix
    assert sorted((c["preview"]["excavators"], c["preview"]["mixers"]) for c in on_c2l) == [
        (0, 3),
        (6, 0),
    ]
    mixers = next(c for c in on_c2l if c["preview"]["mixers"] == 3)
    assert mixers["label"].endswith("· pay 3 Concrete Mixers")


def test_jill_with_the_conduit_cap_tile_pays_5_excavators_or_mixers_by_value() -> None:
    # ruling R24: the cap changes the Excavator payment only; Jill pays 1 Mixer per value
    state = full_state({"germany": "jill_mcdowell", "usa": "wilhelm_adler"}, active="germany")
    state.players["germany"].tiles.append("L2_CONDUIT")
    on_c3l = build_choices(state, structure="conduit", space="C3L", tile="L2_CONDUIT")
    # value 4: 8 Excavators capped to 5, or 4 Concrete Mixers
    assert sorted((c["preview"]["excavators"], c["preview"]["mixers"]) for c in on_c3l) == [
        (0, 4),
        (5, 0),
    ]
    mixers = next(c for c in on_c3l if c["preview"]["mixers"] == 4)
    state = execute(state, mixers["command"]).state
    germany = state.players["germany"]
    assert (germany.excavators, germany.mixers) == (6, 0)
    assert germany.wheel[1] == Segment(tiles=["L2_CONDUIT"], excavators=0, mixers=4)


# -- Germany's second production (Appendix 2, rulings R27, R9) ------------------------------


def germany_table() -> GameState:
    """Appendix 2 illustration: Germany's level-2 dam with 2 drops feeds her Hills
    powerhouse; her level-3 dam below holds 1 and feeds another powerhouse of hers through a
    French value-2 conduit."""
    state = full_state({"germany": "wilhelm_adler", "france": "viktor_fiesler"}, active="germany")
    place_dam(state, "6U", "germany", level=2, drops=2)
    place_dam(state, "7U", "germany", level=3, drops=1)
    place_conduit(state, "C6R", "germany")
    for space in ("P7-2", "P10-3", "P11-3"):
        place_powerhouse(state, space, "germany")
    place_conduit(state, "C7L", "france")
    return state


def test_germany_second_production_is_offered_after_the_first_4_1_2_then_6() -> None:
    state = germany_table()
    produce = [c for c in choices(state, "produce") if c["space"] == "TS_P2_L"]
    first = next(
        c for c in produce
        if c["command"]["dam"] == "6U" and c["command"]["drops"] == 2
        and "contract" not in c["command"]
    )  # fmt: skip
    assert first["preview"]["energy"] == 2 * 2 + 1 + 2  # drops x value + board + action
    state = execute(state, first["command"]).state
    assert state.players["germany"].energy == 7
    pending = legal_options(state, "germany")["pending"]
    assert pending["kind"] == "second_production" and pending["player"] == "germany"
    answers = [c["command"]["answer"] for c in pending["choices"]]
    assert {"decline": True} in answers
    second = {"dam": "7U", "conduit": "C7L", "powerhouse": "P10-3", "drops": 3}
    assert second in answers  # 1 held + 2 just arrived: 3 drops x 2 = 6, no bonus
    assert all(a.get("powerhouse") != "P7-2" for a in answers)  # another powerhouse (R27)
    energies = {o["drops"]: o["energy"] for o in pending["options"]["options"]}
    assert energies == {1: 2, 2: 4, 3: 6}
    outcome = execute(state, {"type": "decide", "player": "germany", "answer": second})
    state = outcome.state
    germany, france = state.players["germany"], state.players["france"]
    assert germany.energy == 13
    assert (germany.credits, france.credits, france.vp) == (6 - 3, 6 + 3, 10 + 3)
    assert state.active == "france"  # the turn passes only after the second production


def test_germany_may_decline_the_second_production_through_the_options() -> None:
    state = germany_table()
    command = next(
        c["command"] for c in choices(state, "produce")
        if c["command"]["dam"] == "6U" and c["command"]["drops"] == 2
    )  # fmt: skip
    state = execute(state, command).state
    state = execute(
        state, {"type": "decide", "player": "germany", "answer": {"decline": True}}
    ).state
    assert state.players["germany"].energy == 7 and state.dams["7U"].drops == 3
    assert not state.pending and state.active == "france"


# -- France with national contracts (Appendix 2, rulings R9, R25) ----------------------------


def test_france_fulfils_a_national_contract_with_3_energy_less_through_the_options() -> None:
    state = full_state({"france": "wilhelm_adler", "usa": "viktor_fiesler"}, active="france")
    state.national_contracts = ["N1"]  # needs 13 Energy
    place_dam(state, "5U", "france", level=3, drops=3)
    place_conduit(state, "C5R", "france")  # value 4 -> basin 10
    for space in ("P10-3", "P9-2", "P11-3"):
        place_powerhouse(state, space, "france")  # 3 powerhouses: ability on, +1
    produce = [c for c in choices(state, "produce") if c["space"] == "TS_0_L"]
    with_n1 = [c for c in produce if c["command"].get("contract") == "N1"]
    # 2 drops x 4 + 1 = 9 < 13 - 3; 3 drops x 4 + 1 = 13 >= 10
    assert [c["preview"]["energy"] for c in with_n1] == [13]
    assert CONTRACTS["N1"].energy_required - 3 == 10
    state = execute(state, with_n1[0]["command"]).state
    france = state.players["france"]
    assert "N1" in france.fulfilled and state.national_contracts == []
    assert france.vp == 10 + 7  # N1: 7 VP (and 4 wheel turns)


def test_france_needs_its_3rd_powerhouse_for_the_national_discount() -> None:
    state = full_state({"france": "wilhelm_adler", "usa": "viktor_fiesler"}, active="france")
    state.national_contracts = ["N1"]
    place_dam(state, "5U", "france", level=3, drops=3)
    place_conduit(state, "C5R", "france")
    place_powerhouse(state, "P10-3", "france")
    produce = [c for c in choices(state, "produce") if c["space"] == "TS_P2_L"]
    # 3 x 4 + 2 = 14 >= 13: fulfilled without the ability; 2 x 4 + 2 = 10 is not enough
    assert {c["preview"]["energy"] for c in produce if c["command"].get("contract") == "N1"} == {14}


# -- Graziano Del Monte (ruling R11, edge case 5) -------------------------------------------


def test_graziano_level_3_dam_catches_a_4th_drop_in_the_water_flow_phase() -> None:
    state = full_state({"italy": "graziano_del_monte", "usa": "wilhelm_adler"}, active="italy")
    place_dam(state, "1U", "italy", level=3, drops=3)
    place_dam(state, "2U", "usa", level=3, drops=3)
    # the flow preview of a waiting drop already counts his 4th drop
    water = [c for c in choices(state, "water") if c["space"] == "WM_2_L"]
    preview = next(c["preview"] for c in water if c["preview"]["headstreams"] == ["A", "B"])
    assert preview["water_flow"] == {"1U": 1}  # the USA dam (not Graziano's) stays full
    state = execute(
        state, {"type": "water", "player": "italy", "space": "WM_2_L", "headstreams": ["A", "B"]}
    ).state
    state = pay_all(state)
    assert (state.dams["1U"].drops, state.dams["2U"].drops) == (4, 3)


def test_graziano_4_drops_are_available_for_a_production() -> None:
    state = full_state({"italy": "graziano_del_monte", "usa": "wilhelm_adler"}, active="italy")
    place_dam(state, "1U", "italy", level=3, drops=4)
    place_conduit(state, "C1R", "italy")  # value 4 -> basin 5
    place_powerhouse(state, "P5-2", "italy")
    produce = [c for c in choices(state, "produce") if c["space"] == "TS_0_L"]
    assert max(c["command"]["drops"] for c in produce) == 4
    assert max(c["preview"]["energy"] for c in produce) == 16


def test_graziano_immediate_drop_preview_and_neutral_dams_never_hold_4() -> None:
    state = full_state({"italy": "graziano_del_monte", "usa": "wilhelm_adler"}, active="italy")
    place_dam(state, "1U", "neutral", level=3, drops=3)
    place_dam(state, "1L", "italy", level=3, drops=3)
    water = [c for c in choices(state, "water") if c["space"] == "WM_1_L"]
    stops = {c["preview"]["headstreams"][0]: c["preview"]["stops_at"] for c in water}
    assert stops["A"] == ["1L"]  # past the full neutral dam, into his 4-drop dam


# -- USA (Appendix 2, ruling R15, edge case 23) ---------------------------------------------


def usa_table() -> GameState:
    """USA with its ability on: powerhouses in basins 8, 9, 11 and 12 (rivers 1 -> 8 -> 11
    and 5 -> 9 -> 11)."""
    state = full_state({"usa": "wilhelm_adler", "italy": "viktor_fiesler"}, active="italy")
    for space in ("P8-1", "P9-1", "P11-1", "P12-1"):
        place_powerhouse(state, space, "usa")
    return state


def test_usa_gains_when_another_players_production_flows_through_its_powerhouse() -> None:
    state = usa_table()
    place_dam(state, "3U", "italy", level=2, drops=2)
    place_conduit(state, "C3L", "italy")  # value 4 -> basin 5, then the river goes 9, 11
    place_powerhouse(state, "P5-2", "italy")
    command = next(
        c["command"] for c in choices(state, "produce", "italy")
        if c["space"] == "TS_0_L" and c["command"]["drops"] == 2
    )  # fmt: skip
    outcome = execute(state, command)
    usa = outcome.state.players["usa"]
    # 2 drops pass the powerhouse boxes of basins 9 and 11 (+1 each), then leave the map
    assert usa.energy == 4
    steps = [e for e in outcome.events if e["type"] == "energy_moved" and e["company"] == "usa"]
    assert all(not e["usable"] for e in steps)


def test_usa_gains_during_the_water_flow_phase() -> None:
    state = usa_table()
    state = execute(
        state, {"type": "water", "player": "italy", "space": "WM_2_L", "headstreams": ["A"]}
    ).state
    energy_before_flow = state.players["usa"].energy
    assert energy_before_flow == 0
    # Water Flow phase: the drop from A passes 1U/1L (no dams), P8 box, 8U, 8L, then P11
    outcome = None
    start = state.round
    while state.round == start:
        company = str(state.active)
        n = state.players[company].engineers
        command: dict[str, Any] = (
            {"type": "bank", "player": company, "engineers": n}
            if n
            else {"type": "pass", "player": company}
        )
        outcome = execute(state, command)
        state = outcome.state
    assert outcome is not None
    steps = [e for e in outcome.events if e["type"] == "energy_moved" and e["company"] == "usa"]
    assert [e["steps"] for e in steps] == [1, 1]
    assert "Water Flow phase" in steps[0]["reason"]


# -- advanced tiles in the options (Appendix 4) ---------------------------------------------


def test_an_engineer_free_tile_is_offered_with_no_engineers_left() -> None:
    # Appendix 4, L1_POWERHOUSE: "this can be your last action of the Round even if you run
    # out of Engineers"
    state = full_state({"usa": "wilhelm_adler", "italy": "viktor_fiesler"}, active="usa")
    usa = state.players["usa"]
    usa.tiles.append("L1_POWERHOUSE")
    usa.engineers, usa.engineers_out = 0, 12
    state.bank["usa"] = 12
    offered = build_choices(state, tile="L1_POWERHOUSE", structure="powerhouse")
    assert offered and all(c["preview"]["engineers"] == 0 for c in offered)
    assert not build_choices(state, tile="powerhouse")  # a basic tile needs Engineers
    state = execute(state, offered[0]["command"]).state
    assert state.players["usa"].built["powerhouse"] == 1


def test_the_answers_of_the_full_games_decisions_have_readable_labels() -> None:
    state = germany_table()
    command = next(
        c["command"] for c in choices(state, "produce")
        if c["command"]["dam"] == "6U" and c["command"]["drops"] == 2
    )  # fmt: skip
    state = execute(state, command).state
    labels = [c["label"] for c in legal_options(state, "germany")["pending"]["choices"]]
    assert "7U → C7L → P10-3 · 3 drop(s) · 6 energy" in labels
    assert labels[-1] == "Decline"
    # Level III Conduit tile: 2 x value 2 = 4 Energy, usable for a contract (R23: declinable)
    state = full_state({"usa": "wilhelm_adler", "italy": "viktor_fiesler"}, active="usa")
    state.players["usa"].tiles.append("L3_CONDUIT")
    command = next(c["command"] for c in build_choices(state, tile="L3_CONDUIT", space="C6R"))
    state = execute(state, command).state
    labels = [c["label"] for c in legal_options(state, "usa")["pending"]["choices"]]
    assert labels[0] == "Produce 4 Energy" and labels[-1] == "Decline"


def test_graziano_4_drops_score_4_vp_at_the_end_of_the_game() -> None:
    # companies.md §5.1: Graziano affects "end-game 1 VP per held drop"
    from companion.engine.scoring import water_vp

    state = full_state({"italy": "graziano_del_monte", "usa": "wilhelm_adler"}, active="italy")
    place_dam(state, "1U", "italy", level=3, drops=4)
    place_dam(state, "2U", "neutral", level=3, drops=3)
    assert water_vp(state, "italy") == 4


def test_level_ii_powerhouse_production_with_its_new_3rd_powerhouse_gets_italys_3_steps() -> None:
    # Appendix 4: "a production action with a bonus of +2"; the 3rd powerhouse just built
    # switches on the +1 bonus ... and Italy's ability (Appendix 2) at once
    state = full_state({"italy": "wilhelm_adler", "usa": "viktor_fiesler"}, active="italy")
    place_dam(state, "6U", "italy", level=1, drops=1)
    place_conduit(state, "C6R", "italy")  # value 2 -> basin 7
    place_powerhouse(state, "P5-2", "italy")
    place_powerhouse(state, "P9-2", "italy")
    state.players["italy"].tiles.append("L2_POWERHOUSE")
    command = next(c["command"] for c in build_choices(state, tile="L2_POWERHOUSE", space="P7-2"))
    state = execute(state, command).state
    pending = legal_options(state, "italy")["pending"]
    assert pending["kind"] == "tile_production"
    labels = [c["label"] for c in pending["choices"]]
    # 1 x 2 + 2 (tile) + 1 (3 powerhouses); the starting contract may be fulfilled too
    assert labels[0] == "6U → C6R → P7-2 · 1 drop(s) · 5 energy"
    assert labels[-1] == "Decline"
    state = execute(state, pending["choices"][0]["command"]).state
    italy = state.players["italy"]
    assert italy.energy == 5 + 3
    assert state.occupied.get("TS_P2_L") is None  # no Engineers on the Turbine Station
