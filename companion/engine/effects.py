"""The one reward interpreter: contract rewards, company incomes and tile rewards.

Reward vocabulary (components.md §1): credits, vp, excavators, mixers, machineries_any,
rotate_wheel, energy_steps, drops_flow_now, drops_headstream, free_conduit_max_value,
free_base_areas, free_elevation, free_powerhouse. Company incomes (companies.md §1.2) come
as a list of {type, amount} and are translated to the same words.

Gains with nothing to choose are applied at once. Choices become pending Decisions, asked in
this order: which Machineries, where the drops go, where the free structure goes. Rewards
that grant structures or drops may be declined (ruling R6). A free structure is built after
the drops a production released have flowed (ruling R16): the production resolves its flow
before the contract reward, and the structure waits for its Decision.
"""

from __future__ import annotations

from functools import wraps
from itertools import combinations_with_replacement
from typing import Any

from companion.engine import construction, production, water
from companion.engine.board import HEADSTREAM_LETTERS
from companion.engine.catalog import STRUCTURE_NAMES
from companion.engine.commands import Answer, answer_dict, read_answer
from companion.engine.economy import Source, gain_credits, gain_machineries, move_energy, score_vp
from companion.engine.economy import source as economy_source
from companion.engine.errors import RuleViolation
from companion.engine.events import (
    RESOLVERS,
    Event,
    Recorder,
    Resolver,
    applies,
    ask,
    not_offered,
    resolves,
)
from companion.engine.hooks import HOOKS
from companion.engine.state import Decision, GameState
from companion.engine.wheel import rotate_wheel
from companion.engine.words import say

INCOME_WORDS: dict[str, str] = {
    "vp": "vp",
    "credits": "credits",
    "excavators": "excavators",
    "mixers": "mixers",
    "machinery_any": "machineries_any",
    "machineries_any": "machineries_any",
    "rotate_wheel": "rotate_wheel",
    "energy_steps": "energy_steps",
    "water_drops_headstream_flow_immediately": "drops_flow_now",
    "water_drops_headstream_flow_in_water_phase": "drops_headstream",
}
FREE_KINDS: tuple[tuple[str, str], ...] = (
    ("free_conduit_max_value", "conduit"),
    ("free_base_areas", "base"),
    ("free_elevation", "elevation"),
    ("free_powerhouse", "powerhouse"),
)

Rewards = dict[str, Any] | list[dict[str, Any]]


def normalize(rewards: Rewards) -> dict[str, Any]:
    """Rewards in the contract vocabulary, whatever form they came in."""
    if isinstance(rewards, dict):
        return dict(rewards)
    out: dict[str, Any] = {}
    for item in rewards:
        word = INCOME_WORDS.get(item["type"])
        if word is None:
            raise ValueError(f"unknown reward type {item['type']!r}")
        out[word] = out.get(word, 0) + int(item.get("amount", 1))
    return out


def ledger_source(category: str, source: str) -> Source:
    """A reward's ledger source: an income slot ("income:base:2"), a contract, a tile."""
    return economy_source(category, source)


def automatic_answer(state: GameState, decision: Decision) -> dict[str, Any] | None:
    """The Automa's answer to a reward Decision of its own seat; None: ask the table."""
    return HOOKS.automatic_answer(state, decision)


def resolve(
    rec: Recorder,
    company: str,
    rewards: Rewards,
    *,
    source: str,
    reason: str,
    category: str,
) -> None:
    """Give `company` the rewards; choices become pending Decisions (answered by `decide`)."""
    r = normalize(rewards)
    origin = ledger_source(category, source)
    gain_credits(rec, company, int(r.get("credits", 0)), category, reason, origin)
    score_vp(rec, company, int(r.get("vp", 0)), category, reason, origin)
    gain_machineries(rec, company, int(r.get("excavators", 0)), int(r.get("mixers", 0)), reason)
    move_energy(rec, company, int(r.get("energy_steps", 0)), reason, usable=False)
    if r.get("rotate_wheel"):
        rotate_wheel(rec, company, int(r["rotate_wheel"]), reason)
    choices = _choices(rec.state, company, r, source, reason)
    _ask_all(rec, company, choices)


def _choices(
    state: GameState, company: str, r: dict[str, Any], source: str, reason: str
) -> list[tuple[str, str, dict[str, Any]]]:
    """The Decisions this reward needs, in the order they are asked."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    if r.get("machineries_any"):
        n = int(r["machineries_any"])
        out.append(
            (
                "choose_machineries",
                say(
                    "{reason}: {what}",
                    reason=reason,
                    what=say("choose {n} Machineries (Excavators or Concrete Mixers)", n=n),
                ),
                {"amount": n, "source": source, "answers": machinery_answers(n)},
            )
        )
    for word, flow in (("drops_flow_now", "now"), ("drops_headstream", "later")):
        if r.get(word):
            n = int(r[word])
            when = (
                say("they flow at once")
                if flow == "now"
                else say("they flow in the Water Flow phase")
            )
            out.append(
                (
                    "place_drops",
                    say(
                        "{reason}: put {n} drops on headstreams of your choice ({when})",
                        reason=reason,
                        n=n,
                        when=when,
                    ),
                    {"n": n, "flow": flow, "source": source, "answers": drop_answers(n)},
                )
            )
    for word, structure in FREE_KINDS:
        if r.get(word):
            options = _free_options(state, company, structure, word, r[word], source, reason)
            out.append(("free_structure", options["text"], options))
    return out


def _free_options(
    state: GameState,
    company: str,
    structure: str,
    word: str,
    value: Any,
    source: str,
    reason: str,
) -> dict[str, Any]:
    limits: dict[str, Any] = {"max_conduit_value": None, "areas": None}
    remaining = 1
    if word == "free_conduit_max_value":
        limits["max_conduit_value"] = int(value)
    elif word == "free_base_areas":
        limits["areas"] = list(value)
    else:
        remaining = int(value)
    return _free_structure_options(state, company, structure, limits, remaining, source, reason)


def _free_structure_options(
    state: GameState,
    company: str,
    structure: str,
    limits: dict[str, Any],
    remaining: int,
    source: str,
    reason: str,
) -> dict[str, Any]:
    spaces = construction.free_build_options(
        state,
        company,
        structure,
        max_conduit_value=limits["max_conduit_value"],
        areas=limits["areas"],
    )
    return {
        "text": say(
            "{reason}: build a free {structure} (or decline)",
            reason=reason,
            structure=STRUCTURE_NAMES[structure],
        ),
        "structure": structure,
        "spaces": spaces,
        "remaining": remaining,
        "limits": limits,
        "source": source,
        "answers": [*({"space": s} for s in spaces), {"space": None}],
    }


def machinery_answers(n: int) -> list[dict[str, int]]:
    """Every split of n Machineries: n Excavators ... n Concrete Mixers."""
    return [{"excavators": k, "mixers": n - k} for k in range(n, -1, -1)]


def drop_answers(n: int) -> list[dict[str, Any]]:
    """Every way to put n drops on the headstreams A-D, then declining (ruling R6)."""
    answers: list[dict[str, Any]] = []
    for combo in combinations_with_replacement(HEADSTREAM_LETTERS, n):
        drops: dict[str, int] = {}
        for letter in combo:
            drops[letter] = drops.get(letter, 0) + 1
        answers.append({"drops": drops})
    answers.append({"drops": {}})
    return answers


def _ask_all(rec: Recorder, company: str, choices: list[tuple[str, str, dict[str, Any]]]) -> None:
    """Push the Decisions so the first choice is on top (asked first).

    A free structure with no legal space is forfeited at once (and said so). For an Automa
    seat `automatic_answer` may answer straight away, in the natural order.
    """
    live = []
    for kind, reason, options in choices:
        if kind == "free_structure" and not options["spaces"]:
            rec.emit(
                "reward_forfeited",
                say("{reason}: no legal space, nothing is built", reason=reason),
                company=company,
                structure=options["structure"],
            )
            continue
        live.append((kind, reason, options))
    if rec.state.players[company].is_automa:
        while live:
            kind, reason, options = live[0]
            probe = Decision(kind=kind, player=company, options=options, reason=reason)
            answer = automatic_answer(rec.state, probe)
            if answer is None:
                break  # the table answers this one and the rest, in order
            ask(rec, kind, company, reason, **options)
            RESOLVERS[kind](rec, rec.state.pending[-1], read_answer(answer))
            live.pop(0)
    for kind, reason, options in reversed(live):
        ask(rec, kind, company, reason, **options)


def _check(decision: Decision, answer: Answer, key: str) -> None:
    legal = [a.get(key) for a in decision.options.get("answers", [])]
    if answer_dict(answer).get(key) not in legal:
        raise not_offered(decision)


# -- resolvers -----------------------------------------------------------------------------


def _then_the_production_goes_on(resolver: Resolver) -> Resolver:
    """After a reward choice is resolved, a production waiting for its reward takes its
    company effect (ruling R16 step 6) once no choice of that reward is open any more.
    """

    @wraps(resolver)
    def resolve_then_go_on(rec: Recorder, decision: Decision, answer: Answer) -> None:
        resolver(rec, decision, answer)
        production.continue_after_reward(rec)

    return resolve_then_go_on


@resolves("choose_machineries")
@_then_the_production_goes_on
def _resolve_machineries(rec: Recorder, decision: Decision, answer: Answer) -> None:
    pick = {"excavators": answer.excavators, "mixers": answer.mixers}
    if pick not in decision.options["answers"]:
        raise RuleViolation(
            "illegal_answer",
            say(
                "Choose {amount} Machineries in all: {reason}",
                amount=decision.options['amount'],
                reason=decision.reason,
            ),
        )
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=answer_dict(answer))
    gain_machineries(
        rec, str(decision.player), answer.excavators or 0, answer.mixers or 0, decision.reason
    )


@resolves("place_drops")
@_then_the_production_goes_on
def _resolve_drops(rec: Recorder, decision: Decision, answer: Answer) -> None:
    given = answer.drops if isinstance(answer.drops, dict) else None
    drops = {k: v for k, v in (given or {}).items() if v}
    if (
        given is None
        and answer.drops is not None
        or {"drops": drops} not in decision.options["answers"]
    ):
        raise RuleViolation(
            "illegal_answer",
            say(
                "Put exactly {n} drops on headstreams A-D, or none: {reason}",
                n=decision.options['n'],
                reason=decision.reason,
            ),
        )
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=answer_dict(answer))
    if not drops:
        rec.emit("reward_declined", decision.reason, company=decision.player, what="drops")
        return
    company = str(decision.player)
    if decision.options["flow"] == "now":
        letters = [letter for letter in HEADSTREAM_LETTERS for _ in range(drops.get(letter, 0))]
        water.release_drops_now(rec, company, letters, decision.reason)
    else:
        for letter in HEADSTREAM_LETTERS:
            if drops.get(letter):
                water.place_drops(rec, company, letter, drops[letter], decision.reason)


@resolves("free_structure")
@_then_the_production_goes_on
def _resolve_free_structure(rec: Recorder, decision: Decision, answer: Answer) -> None:
    _check(decision, answer, "space")
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=answer_dict(answer))
    company = str(decision.player)
    options = decision.options
    space = answer.space
    if space is None:
        rec.emit("reward_declined", decision.reason, company=company, what=options["structure"])
        return
    construction.place_structure(
        rec, company, options["structure"], space, decision.reason, free=True
    )
    if options["remaining"] > 1:
        nxt = _free_structure_options(
            rec.state,
            company,
            options["structure"],
            options["limits"],
            options["remaining"] - 1,
            options["source"],
            decision.reason.split(": build a free")[0],
        )
        _ask_all(rec, company, [("free_structure", nxt["text"], nxt)])


@applies("reward_forfeited")
def _reward_forfeited(state: GameState, e: Event) -> None:
    """Nothing changes: the table is told the reward found no legal space."""


@applies("reward_declined")
def _reward_declined(state: GameState, e: Event) -> None:
    """Nothing changes: the player chose not to take an optional reward (ruling R6)."""
