"""The one reward interpreter (components.md §1): gains, choices as Decisions, free structures.

Rulings R5 (red-border fee on free structures), R6 (rewards optional), R16 (a free structure
is built after a production's released drops have flowed); edge cases 10 and 11.
"""

from __future__ import annotations

import pytest
from test_construction_fixtures import make_game

from companion.engine import effects
from companion.engine.catalog import CONTRACTS
from companion.engine.commands import read_answer
from companion.engine.errors import RuleViolation
from companion.engine.events import RESOLVERS, Recorder
from companion.engine.state import Dam, GameState


def resolve(state: GameState, company: str, rewards, category: str = "contract") -> Recorder:  # type: ignore[no-untyped-def]
    rec = Recorder(state)
    effects.resolve(rec, company, rewards, source="test", reason="Reward", category=category)
    return rec


def answer(state: GameState, reply: dict) -> Recorder:  # type: ignore[type-arg]
    rec = Recorder(state)
    decision = state.pending[-1]
    RESOLVERS[decision.kind](rec, decision, read_answer(reply))
    return rec


# -- plain gains ---------------------------------------------------------------------------


def test_contract_g09_two_energy_steps_and_rotate_2() -> None:
    """EX_ONE_CONTRACT (p. 16): the 3-requirement contract gives 2 energy steps + 2 rotations."""
    state = make_game()
    usa = state.players["usa"]
    usa.wheel[5].tiles.append("conduit")
    usa.wheel[4].excavators = 2
    rec = resolve(state, "usa", CONTRACTS["G09"].reward)
    assert usa.energy == 2
    assert [e["type"] for e in rec.events].count("wheel_rotated") == 2
    assert "conduit" in usa.tiles and usa.excavators == 8
    assert state.pending == []


def test_contract_g10_4_vp_and_2_credits() -> None:
    """EX_CONTRACT_3: production 3, tile G10 → 4 VP + 2 Credits."""
    state = make_game()
    resolve(state, "usa", CONTRACTS["G10"].reward)
    usa = state.players["usa"]
    assert (usa.vp, usa.credits) == (14, 8)
    assert usa.ledger[-1].category == "contract"


def test_energy_steps_are_not_usable_for_contracts() -> None:
    state = make_game()
    rec = resolve(state, "usa", {"energy_steps": 3})
    assert rec.events[-1]["usable"] is False


def test_income_list_form_is_translated() -> None:
    """companies.md §1.2: USA Elevations 4th slot = 2 VP + 2 drops that flow at once."""
    state = make_game()
    rewards = [{"type": "vp", "amount": 2},
               {"type": "water_drops_headstream_flow_immediately", "amount": 2}]  # fmt: skip
    resolve(state, "usa", rewards, category="income")
    assert state.players["usa"].vp == 12
    decision = state.pending[-1]
    assert decision.kind == "place_drops"
    assert decision.options["flow"] == "now" and decision.options["n"] == 2
    assert effects.normalize([{"type": "machinery_any", "amount": 2}]) == {"machineries_any": 2}


def test_automa_gains_credits_as_vp() -> None:
    state = make_game()
    state.players["usa"].kind = "automa"
    resolve(state, "usa", {"credits": 5})
    assert (state.players["usa"].credits, state.players["usa"].vp) == (6, 15)


# -- choices -------------------------------------------------------------------------------


def test_machineries_any_lists_every_split_and_gives_the_choice() -> None:
    state = make_game()
    resolve(state, "usa", CONTRACTS["G02"].reward)  # 2 Machineries of any kind
    decision = state.pending[-1]
    assert decision.kind == "choose_machineries"
    assert decision.options["answers"] == [
        {"excavators": 2, "mixers": 0},
        {"excavators": 1, "mixers": 1},
        {"excavators": 0, "mixers": 2},
    ]
    answer(state, {"excavators": 1, "mixers": 1})
    assert (state.players["usa"].excavators, state.players["usa"].mixers) == (7, 5)
    assert state.pending == []


def test_machineries_any_refuses_a_wrong_total() -> None:
    state = make_game()
    resolve(state, "usa", {"machineries_any": 2})
    with pytest.raises(RuleViolation):
        answer(state, {"excavators": 2, "mixers": 1})


def test_drops_for_the_water_flow_phase_on_chosen_headstreams() -> None:
    state = make_game()
    resolve(state, "usa", CONTRACTS["G05"].reward)  # 3 Credits + 2 drops on headstreams
    decision = state.pending[-1]
    assert len(decision.options["answers"]) == 10 + 1  # 10 ways to place 2 drops on A-D, or none
    answer(state, {"drops": {"A": 1, "C": 1}})
    assert state.headstreams == {"A": 1, "B": 0, "C": 1, "D": 0}


def test_drops_that_flow_at_once() -> None:
    state = make_game()
    resolve(state, "usa", {"drops_flow_now": 1})
    rec = answer(state, {"drops": {"A": 1}})
    assert "drop_flowed" in [e["type"] for e in rec.events]
    assert state.headstreams["A"] == 0


def test_choices_are_asked_machineries_then_drops_then_structure() -> None:
    state = make_game()
    rewards = {"machineries_any": 1, "drops_headstream": 1, "free_conduit_max_value": 2}
    resolve(state, "usa", rewards)
    assert [d.kind for d in reversed(state.pending)] == [
        "choose_machineries",
        "place_drops",
        "free_structure",
    ]


def test_an_automa_seat_answers_its_machinery_choice_at_once() -> None:
    # automa.md §6: the wild Machinery is the type it has fewer of (tie: an Excavator)
    state = make_game()
    usa = state.players["usa"]
    usa.kind, usa.automa_level = "automa", 2
    usa.excavators, usa.mixers = 6, 4
    resolve(state, "usa", {"machineries_any": 1})
    assert not state.pending
    assert (usa.excavators, usa.mixers) == (6, 5)


def test_a_human_seat_is_asked_for_its_machinery_choice() -> None:
    state = make_game()
    resolve(state, "usa", {"machineries_any": 1})
    assert effects.automatic_answer(state, state.pending[-1]) is None
    assert state.pending[-1].kind == "choose_machineries"


# -- free structures -----------------------------------------------------------------------


def test_free_base_offers_only_the_listed_areas_and_every_legal_space() -> None:
    state = make_game()
    resolve(state, "usa", CONTRACTS["G12"].reward)  # a free Base in the Plains
    decision = state.pending[-1]
    assert decision.kind == "free_structure"
    assert decision.options["spaces"] == ["8U", "9U", "9L", "10U", "10L"]
    assert {"space": None} in decision.options["answers"]
    answer(state, {"space": "9L"})
    usa = state.players["usa"]
    assert state.dams["9L"].owner == "usa"
    # free: no Engineers, no tile, no Machineries, no wheel turn
    assert (usa.engineers, usa.excavators, usa.credits) == (12, 6, 6)
    assert all(s.is_empty() for s in usa.wheel)


def test_free_structure_on_red_border_pays_3_credits() -> None:
    """Ruling R5: the red-border fee is still due for free structures."""
    state = make_game()
    resolve(state, "usa", CONTRACTS["G12"].reward)
    answer(state, {"space": "9U"})
    assert state.players["usa"].credits == 3


def test_free_structure_red_spaces_offered_only_if_affordable() -> None:
    state = make_game()
    state.players["usa"].credits = 2
    resolve(state, "usa", CONTRACTS["G12"].reward)
    assert state.pending[-1].options["spaces"] == ["9L", "10L"]


def test_free_structure_reveals_income() -> None:
    state = make_game()
    state.players["germany"].built["base"] = 1
    resolve(state, "germany", CONTRACTS["G12"].reward)
    answer(state, {"space": "9L"})
    assert state.players["germany"].vp == 13  # Germany's 2nd Base


def test_free_conduit_max_value() -> None:
    state = make_game()
    resolve(state, "usa", CONTRACTS["G11"].reward)  # a free conduit of value 2 or less
    spaces = state.pending[-1].options["spaces"]
    assert spaces and all(s in {"C6R", "C7L", "C8R", "C9L", "C10L", "C10R"} for s in spaces)


def test_free_elevation_without_an_own_dam_is_forfeited() -> None:
    state = make_game()
    rec = resolve(state, "usa", CONTRACTS["Y10"].reward)
    assert state.pending == []
    assert "reward_forfeited" in [e["type"] for e in rec.events]
    assert state.players["usa"].vp == 12  # the VP part still counts


def test_free_elevation_on_own_dam() -> None:
    state = make_game()
    state.dams["9L"] = Dam(owner="usa")
    resolve(state, "usa", CONTRACTS["Y10"].reward)
    assert state.pending[-1].options["spaces"] == ["9L"]
    answer(state, {"space": "9L"})
    assert state.dams["9L"].level == 2


def test_free_powerhouse_any_area() -> None:
    state = make_game()
    resolve(state, "usa", CONTRACTS["Y02"].reward)
    spaces = state.pending[-1].options["spaces"]
    assert "P5-2" in spaces and "P11-3" in spaces
    answer(state, {"space": "P5-2"})
    assert state.powerhouses["P5-2"] == "usa"


def test_edge_case_10_rewards_granting_structures_or_drops_are_optional() -> None:
    """Edge case 10, ruling R6: a free structure and drops may be declined."""
    state = make_game()
    resolve(state, "usa", {"free_base_areas": ["plains"], "drops_headstream": 2})
    rec = answer(state, {"drops": {}})
    assert state.headstreams == {"A": 0, "B": 0, "C": 0, "D": 0}
    rec = answer(state, {"space": None})
    assert [e["type"] for e in rec.events][-1] == "reward_declined"
    assert state.players["usa"].built["base"] == 0
    assert state.pending == []


def test_free_structure_refuses_a_space_not_offered() -> None:
    state = make_game()
    resolve(state, "usa", CONTRACTS["G12"].reward)
    with pytest.raises(RuleViolation):
        answer(state, {"space": "2L"})


def test_ruling_r16_free_base_is_built_after_the_released_drops_flowed() -> None:
    """Ruling R16: a structure granted by the contract is built after the drops flowed on."""
    from companion.engine import production

    state = make_game()
    state.conduits["C5L"] = "usa"  # value 3: from basin 5 (neutral 5L, 1 drop) to basin 8
    state.powerhouses["P8-2"] = "usa"
    state.players["usa"].built["powerhouse"] = 1
    state.players["usa"].contracts = ["G12"]
    rec = Recorder(state)
    production.decide_produce(rec, "usa", dam="5L", conduit="C5L", powerhouse="P8-2", drops=1,
                              bonus=2, contract="G12")  # fmt: skip
    assert state.dams["8L"].drops == 2  # the released drop passed the empty 8U space
    assert state.pending[-1].kind == "free_structure"
    answer(state, {"space": "8U"})
    assert state.dams["8U"] == Dam(owner="usa", level=1, drops=0)


def test_every_printed_income_is_understood() -> None:
    """companies.md §1.2: every income slot of every company speaks the reward vocabulary."""
    from companion.engine.catalog import COMPANIES

    for company in COMPANIES.values():
        for slots in company.incomes.values():
            for rewards in slots.values():
                assert effects.normalize(list(rewards))


def test_every_contract_reward_resolves() -> None:
    """Each of the 55 contracts' rewards is resolved without error on a fresh table."""
    for contract in CONTRACTS.values():
        state = make_game()
        state.dams["9L"] = Dam(owner="usa")
        resolve(state, "usa", contract.reward)
        for decision in state.pending:
            assert decision.options["answers"], contract.id


def test_automa_answers_through_the_hook_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """An Automa's reward choices go through `automatic_answer` first (issue 5 fills it in)."""
    asked: list[str] = []

    def fake(state: GameState, decision):  # type: ignore[no-untyped-def]
        asked.append(decision.kind)
        return {"excavators": 0, "mixers": 1} if decision.kind == "choose_machineries" else None

    monkeypatch.setattr(effects, "automatic_answer", fake)
    state = make_game()
    state.players["usa"].kind = "automa"
    resolve(state, "usa", {"machineries_any": 1, "drops_headstream": 1})
    assert state.players["usa"].mixers == 5
    assert asked == ["choose_machineries", "place_drops"]
    assert [d.kind for d in state.pending] == ["place_drops"]  # left for the table
