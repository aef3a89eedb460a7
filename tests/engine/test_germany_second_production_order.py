"""The company effect comes after the first production is completely resolved (ruling R16).

Ruling R16 orders one production: drops taken, energy, drops flow on, conduit owner paid,
contract fulfilled *and its reward resolved* (step 5), then the company effect (step 6):
Germany's optional second production (rulebook Appendix 2 "Company boards": "After you have
performed a production action, you can perform a second production action using another
Powerhouse"), Italy's +3 energy steps (companies.md §1.4: "after any contract has been
fulfilled"). So the second production is offered only once the reward's choices are
answered, and it offers the systems that reward made (drops placed in a dam, a free
powerhouse built), with their energy.
"""

from __future__ import annotations

from typing import Any

from helpers import (
    give,
    make_state,
    place_conduit,
    place_dam,
    place_powerhouse,
    run,
    set_active,
)

from companion.engine import legal_options, production
from companion.engine.automa.rewards import answer_pending
from companion.engine.events import Recorder
from companion.engine.game import Outcome
from companion.engine.state import NEUTRAL, GameState

FIRST = {"dam": "6U", "conduit": "C6R", "powerhouse": "P7-2", "drops": 2}


def germany_table(*, powerhouses: tuple[str, ...] = ("P7-2", "P10-3", "P12-3")) -> GameState:
    """The Appendix 2 illustration, plus an empty Mountain dam of Germany's with a value-5
    conduit to basin 12.

    Germany: level-2 dam 6U holding 2 drops → own conduit C6R (value 2) → powerhouse P7-2;
    level-3 dam 7U holding 1 → the French conduit C7L (value 2) → powerhouse P10-3; level-2
    dam 4U, empty → own conduit C4R (value 5) → basin 12.
    """
    state = make_state(4, clear_headstreams=True)
    set_active(state, "germany")
    place_dam(state, "6U", "germany", level=2, drops=2)
    place_dam(state, "7U", "germany", level=3, drops=1)
    place_dam(state, "4U", "germany", level=2, drops=0)
    place_conduit(state, "C6R", "germany")
    place_conduit(state, "C4R", "germany")
    place_conduit(state, "C7L", "france")
    for space in powerhouses:
        place_powerhouse(state, space, "germany")
    give(state, "germany", credits=6)
    return state


def produce_first(state: GameState, contract: str) -> Outcome:
    """Germany's first production on the +2 Turbine Station: 2 × 2 + 1 + 2 = 7 Energy."""
    state.players["germany"].contracts = [contract]
    command = {"type": "produce", "player": "germany", "space": "TS_P2_L", **FIRST}
    return run(state, {**command, "contract": contract})


def decide(outcome: Outcome, answer: dict[str, Any]) -> Outcome:
    return run(outcome.state, {"type": "decide", "player": "germany", "answer": answer})


def offer(state: GameState) -> list[tuple[str, str, int, int]]:
    """The second production on offer: (dam, powerhouse, drops, energy) of each option."""
    decision = state.pending[-1]
    assert decision.kind == "second_production"
    return [
        (o["dam"], o["powerhouse"], o["drops"], o["energy"]) for o in decision.options["options"]
    ]


def test_ruling_r16_drops_of_the_contract_reward_are_offered_to_the_second_production() -> None:
    # G15 (4 Energy: 3 VP + 2 drops that flow at once). The first production gives 7 and its
    # drops fill 7U (1 + 2 = 3). The reward's 2 drops on headstream D stop in Germany's empty
    # dam 4U: the second production offers 4U → C4R(5) → P12-3 too, 2 drops = 10 Energy.
    outcome = produce_first(germany_table(), "G15")
    assert [d.kind for d in outcome.state.pending] == ["company_effect", "place_drops"]
    assert legal_options(outcome.state, "germany")["pending"]["kind"] == "place_drops"
    outcome = decide(outcome, {"drops": {"D": 2}})
    assert outcome.state.dams["4U"].drops == 2
    assert offer(outcome.state) == [
        ("7U", "P10-3", 1, 2),
        ("7U", "P10-3", 2, 4),
        ("7U", "P10-3", 3, 6),
        ("4U", "P12-3", 1, 5),
        ("4U", "P12-3", 2, 10),
    ]
    pending = legal_options(outcome.state, "germany")["pending"]
    labels = [choice["label"] for choice in pending["choices"]]
    assert "4U → C4R → P12-3 · 2 drop(s) · 10 energy" in labels
    assert "Decline" in labels
    outcome = decide(outcome, {"dam": "4U", "conduit": "C4R", "powerhouse": "P12-3", "drops": 2})
    germany = outcome.state.players["germany"]
    assert germany.energy == 7 + 10
    assert germany.fulfilled == ["G15"]
    assert outcome.state.pending == []


def test_ruling_r16_the_table_reads_the_reward_before_the_second_production() -> None:
    # The first command asks the reward's question and only announces the second production;
    # the command answering it lets the drops flow, then asks the second production.
    outcome = produce_first(germany_table(), "G15")
    asked = [s["text"] for s in outcome.instructions if s["kind"] == "decision_pushed"]
    assert asked == [
        "Reward of contract G15: put 2 drops on headstreams of your choice (they flow at once)"
    ]
    assert outcome.instructions[-1]["text"] == (
        "Then, once the contract reward is taken, Germany may produce again with another "
        "powerhouse (Germany ability, no bonus)"
    )
    answered = decide(outcome, {"drops": {"D": 2}})
    kinds = [step["kind"] for step in answered.instructions]
    assert kinds == ["drop_flowed", "drop_flowed", "decision_pushed"]
    assert answered.instructions[-1]["text"] == (
        "Germany ability: you may produce again with another powerhouse (no bonus)"
    )


def test_ruling_r16_a_free_powerhouse_of_the_reward_is_offered_to_the_second_production() -> None:
    # Y02 (5 Energy: a free powerhouse). Germany's 4U holds 2 drops but its conduit C4R leads
    # to basin 12, where she has no powerhouse yet: the free one on P12-3 (not red-bordered)
    # makes the system 4U → C4R(5) → P12-3, offered with 10 Energy.
    state = germany_table(powerhouses=("P7-2", "P10-3", "P9-2"))
    state.dams["4U"].drops = 2
    outcome = produce_first(state, "Y02")
    assert [d.kind for d in outcome.state.pending] == ["company_effect", "free_structure"]
    outcome = decide(outcome, {"space": "P12-3"})
    assert outcome.state.powerhouses["P12-3"] == "germany"
    assert ("4U", "P12-3", 2, 10) in offer(outcome.state)


def test_ruling_r16_a_declined_reward_still_leads_to_the_second_production() -> None:
    # Rewards are optional (ruling R6): declining the drops ends step 5 all the same.
    outcome = decide(produce_first(germany_table(), "G15"), {"drops": {}})
    assert offer(outcome.state) == [
        ("7U", "P10-3", 1, 2),
        ("7U", "P10-3", 2, 4),
        ("7U", "P10-3", 3, 6),
    ]


def test_ruling_r16_a_reward_that_builds_the_3rd_powerhouse_switches_the_ability_on_in_time() -> (
    None
):
    # Appendix 2: the ability switches on with the 3rd powerhouse. Y02's free powerhouse is
    # built in step 5, so step 6 already finds the ability on.
    state = germany_table(powerhouses=("P7-2", "P10-3"))
    outcome = produce_first(state, "Y02")
    outcome = decide(outcome, {"space": "P12-3"})
    assert outcome.state.players["germany"].built["powerhouse"] == 3
    assert ("7U", "P10-3", 3, 6) in offer(outcome.state)


def test_without_reward_choices_the_second_production_is_offered_at_once() -> None:
    # A contract whose reward asks nothing (G10: 3 Energy, Credits) leaves nothing to wait
    # for: the second production is the next question, in the same command.
    outcome = produce_first(germany_table(), "G10")
    assert [d.kind for d in outcome.state.pending] == ["second_production"]


def test_automa_germany_takes_the_most_productive_system_the_reward_made() -> None:
    # automa.md §2.1 (level 3+): the Automa takes the most productive eligible system. Its
    # reward drops go to its only own dam they can reach (4U), and the second production then
    # runs 4U → C4R → P12-3 with 2 drops: 10 Energy, more than 7U's 6.
    state = make_state(4, clear_headstreams=True, automas=("germany",))
    state.players["germany"].automa_level = 3
    set_active(state, "germany")
    place_dam(state, "6U", NEUTRAL, level=2, drops=2)
    place_dam(state, "7U", "germany", level=3, drops=1)
    place_dam(state, "4U", "germany", level=2, drops=0)
    place_conduit(state, "C6R", "germany")
    place_conduit(state, "C4R", "germany")
    place_conduit(state, "C7L", "france")
    for space in ("P7-2", "P10-3", "P12-3"):
        place_powerhouse(state, space, "germany")
    state.players["germany"].contracts = ["G15"]
    rec = Recorder(state)
    production.decide_produce(rec, "germany", **FIRST, bonus=2, contract="G15")
    answer_pending(rec, "germany")
    second = [e for e in rec.events if e["type"] == "production_made" and e["second"]]
    assert [(e["dam"], e["powerhouse"], e["drops"], e["energy"]) for e in second] == [
        ("4U", "P12-3", 2, 10)
    ]
    assert rec.state.pending == []


# -- Italy: the +3 steps come after the reward too (ruling R16 step 6) ------------------------


def italy_table(powerhouses: tuple[str, ...] = ("P6-2", "P9-2", "P10-3")) -> GameState:
    """Italy: level-2 dam 2U holding 2 drops → own conduit C2L (value 3) → powerhouse P6-2."""
    state = make_state(4, clear_headstreams=True)
    set_active(state, "italy")
    place_dam(state, "2U", "italy", level=2, drops=2)
    place_conduit(state, "C2L", "italy")
    for space in powerhouses:
        place_powerhouse(state, space, "italy")
    return state


def produce_italy(state: GameState, contract: str) -> Outcome:
    """2 × 3 + 1 (2nd-powerhouse bonus) on the +0 Turbine Station = 7 Energy."""
    state.players["italy"].contracts = [contract]
    command = {"type": "produce", "player": "italy", "space": "TS_0_L", "contract": contract}
    return run(state, {**command, "dam": "2U", "conduit": "C2L", "powerhouse": "P6-2", "drops": 2})


def test_ruling_r16_italys_3_steps_follow_the_answered_reward() -> None:
    # companies.md §1.4: Italy's 3 steps come after the contract; its reward (G15: 2 drops
    # that flow at once) is part of the contract step, so the steps wait for its answer.
    outcome = produce_italy(italy_table(), "G15")
    assert outcome.state.players["italy"].energy == 7
    outcome = run(outcome.state, {"type": "decide", "player": "italy", "answer": {"drops": {}}})
    moves = [e for e in outcome.events if e["type"] == "energy_moved"]
    assert [(e["steps"], e["usable"]) for e in moves] == [(3, False)]
    assert outcome.state.players["italy"].energy == 10
    assert outcome.state.pending == []


def test_ruling_r16_italy_gets_its_steps_when_the_reward_builds_its_3rd_powerhouse() -> None:
    # Y02 (5 Energy: a free powerhouse) builds Italy's 3rd powerhouse in step 5: the ability
    # is on when step 6 comes (Appendix 2), so the production gives 7 + 3.
    outcome = produce_italy(italy_table(("P6-2", "P9-2")), "Y02")
    outcome = run(
        outcome.state, {"type": "decide", "player": "italy", "answer": {"space": "P12-3"}}
    )
    assert outcome.state.players["italy"].built["powerhouse"] == 3
    assert outcome.state.players["italy"].energy == 7 + 3


def test_the_waiting_company_effect_reads_as_going_on_with_the_production() -> None:
    # The safety-net answer of the waiting step 6 (never on top after a command in play):
    # should it ever be asked, the table reads words, and answering it runs step 6.
    outcome = produce_first(germany_table(), "G15")
    state = outcome.state
    state.pending.pop()  # as if the reward's drops had been answered without going on
    pending = legal_options(state, "germany")["pending"]
    assert pending["kind"] == "company_effect"
    assert [choice["label"] for choice in pending["choices"]] == ["Go on with the production"]
    outcome = decide(outcome, {"continue": True})
    assert outcome.state.pending[-1].kind == "second_production"
