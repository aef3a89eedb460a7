"""The one processing step: new game, execute a command, rebuild from events, replay a log.

`execute` never mutates its input: it copies the state, decides events on the copy with a
`Recorder`, runs the computed phases that follow (rulebook "Game Round", p. 10: Income and
Headstreams, Actions, Water Flow, Scoring, End of Round) and returns an `Outcome`.
Validation order: game running -> phase -> pending decision / acting player -> rules.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.engine import (
    advanced,
    construction,
    contracts,
    corrections,
    draws,
    economy,
    effects,
    events,
    external_works,
    instructions,
    leeghwater,
    mahiri,
    management,
    private_buildings,
    production,
    rounds,
    setup,
    table_corrections,
    water,
    wheel,
)
from companion.engine.automa import command as automa_command
from companion.engine.automa import decision as automa_decision
from companion.engine.automa import deck as automa_deck
from companion.engine.automa import opening as automa_opening
from companion.engine.automa import rewards as automa_rewards
from companion.engine.catalog import BUILDING, company_name
from companion.engine.commands import (
    ACTION_TYPES,
    COMMANDS,
    AutomaTurn,
    Build,
    BuildingAction,
    Command,
    Correct,
    Decide,
    ExternalWork,
    Mahiri,
    Pass,
    parse,
    to_dict,
)
from companion.engine.errors import CommandError, RuleViolation, phase_name
from companion.engine.events import RESOLVERS, Event, Recorder, applies, apply, register
from companion.engine.hooks import HOOKS
from companion.engine.state import GameState
from companion.engine.words import say

COMMAND_TYPES = tuple(COMMANDS)

# the calls that go up the layers (hooks.py), wired here once
HOOKS.resolve_rewards = effects.resolve
HOOKS.automatic_answer = automa_rewards.automatic_answer
HOOKS.turn_started = automa_opening.ask_opening


@dataclass
class Outcome:
    """What one command produced: the new state, its events and the table instructions."""

    state: GameState
    events: list[Event] = field(default_factory=list)
    instructions: list[dict[str, Any]] = field(default_factory=list)
    command: dict[str, Any] | None = None  # the command as parsed (what the log keeps)


# -- the flow of computed steps ------------------------------------------------------------

StepRunner = Callable[[Recorder, str], bool]


def _steps() -> dict[str, StepRunner]:
    return {
        "income": rounds.income_step,
        "headstreams": rounds.headstreams_step,
        "actions": rounds.actions_step,
        "refill_contracts": contracts.refill_step,
        "next_turn": rounds.next_turn_step,
        "architect_turn": rounds.architect_turn_step,
        "automa_extra_turn": rounds.automa_extra_turn_step,
        "water_flow": rounds.water_flow_step,
        "scoring": rounds.scoring_step,
        "end_of_round": rounds.end_of_round_step,
        "refill_patents": management.refill_patents_step,
        "discard_external_works": leeghwater.discard_external_works_step,
        "refill_external_works": leeghwater.refill_external_works_step,
        "new_round": rounds.new_round_step,
        "end_of_game": rounds.end_of_game_step,
    }


def run_flow(rec: Recorder) -> None:
    """Run queued computed steps until the game waits for a person (a decision or a turn)."""
    steps = _steps()
    state = rec.state
    while not state.pending and state.todo:
        step = state.todo[0]
        name, _, arg = step.partition(":")
        if steps[name](rec, arg):
            rec.emit("step_done", "", step=step)


@applies("steps_queued")
def _steps_queued(state: GameState, e: Event) -> None:
    state.todo.extend(e["steps"])


@applies("step_done")
def _step_done(state: GameState, e: Event) -> None:
    if state.todo and state.todo[0] == e["step"]:
        state.todo.pop(0)


# -- new game ------------------------------------------------------------------------------


def new_game(payload: dict[str, Any]) -> Outcome:
    """Set up a game from a setup payload (docs/commands.md) and run it to the first decision."""
    state = GameState()
    rec = Recorder(state)
    setup.set_up(rec, payload)
    automa_command.setup_deck(rec)  # the shared Automa deck, when any seat is an Automa
    if not state.pending:
        rounds.start_game(rec)
    run_flow(rec)
    return Outcome(state, rec.events, instructions.derive(state, rec.events))


# -- execute -------------------------------------------------------------------------------


def _require_player(state: GameState, company: str | None) -> str:
    if company is None or company not in state.players:
        said = say("Unknown player {company}.", company=repr(company))
        raise CommandError(said, "unknown_player")
    return company


def _check_turn(state: GameState, command: Command) -> str:
    """Phase, pending decision and acting player checks for a player's action or pass."""
    if state.phase != "actions":
        raise RuleViolation(
            "phase",
            say(
                "Actions can only be taken in the Actions phase (now: {phase}).",
                phase=phase_name(state.phase),
            ),
        )
    if state.pending:
        decision = state.pending[-1]
        raise RuleViolation(
            "pending",
            say(
                "First answer the open question: {question}",
                question=decision.reason,
            ),
        )
    company = _require_player(state, getattr(command, "player", None))
    if state.players[company].is_automa:
        raise RuleViolation(
            "automa_seat",
            say(
                "{company} is played by the Automa: its turn is the Automa's own move "
                "(automa_turn), not a person's action.",
                company=company_name(company),
            ),
        )
    if company != state.active:
        raise RuleViolation(
            "not_your_turn",
            say(
                "It is {active}'s turn, not {company}'s.",
                active=company_name(state.active),
                company=company_name(company),
            ),
        )
    if state.players[company].passed:
        raise RuleViolation(
            "passed", say("You have passed and take no further action this round (ruling R17).")
        )
    return company


def _do_action(rec: Recorder, company: str, command: Command) -> None:
    architect = bool(getattr(command, "architect", False))
    if architect:
        why = leeghwater.architect_problem(rec.state, company)
        if why:
            raise RuleViolation("architect", why)
    start = len(rec.events)
    rec.emit("action_taken", "", company=company, action=command.TYPE)
    if isinstance(command, Build) and command.structure == BUILDING:
        private_buildings.decide_build_building(rec, company, command)
    elif isinstance(command, Build):
        construction.decide_build(rec, company, command)
    elif isinstance(command, BuildingAction):
        private_buildings.do_building_action(rec, company, command)
    elif isinstance(command, ExternalWork):
        external_works.do_external_work(rec, company, command)
    else:
        management.ACTIONS[command.TYPE](rec, company, command)
    if architect:
        rec.emit(
            "architect_placed",
            say("The Architect is one of the Engineers placed (Tommaso Battista)."),
            company=company,
        )
        if leeghwater.architect_extra_turn(rec.events[start:], company):
            rec.emit("steps_queued", "", steps=["refill_contracts", f"architect_turn:{company}"])
            return
    rec.emit("steps_queued", "", steps=["refill_contracts", "next_turn"])


def _do_pass(rec: Recorder, company: str) -> None:
    player = rec.state.players[company]
    if player.engineers > 0:
        raise RuleViolation(
            "no_pass",
            say(
                "You still have {n} Engineer(s): you must place them (the Bank is always open; "
                "ruling {ruling}).",
                n=player.engineers,
                ruling="R17",
            ),
        )
    rec.emit(
        "player_passed", say("{company} passes.", company=company_name(company)), company=company
    )
    rec.emit("steps_queued", "", steps=["next_turn"])


def _do_decide(rec: Recorder, command: Decide) -> None:
    state = rec.state
    if not state.pending:
        raise RuleViolation("no_decision", say("There is no open question to answer."))
    decision = state.pending[-1]
    if decision.player is not None and command.player != decision.player:
        raise RuleViolation(
            "not_your_decision",
            say(
                "{company} must answer: {reason}",
                company=company_name(decision.player),
                reason=decision.reason,
            ),
        )
    answer = command.answer
    try:
        resolver = RESOLVERS[decision.kind]
    except KeyError:
        said = say("No resolver for decision {kind}.", kind=repr(decision.kind))
        raise CommandError(said) from None
    resolver(rec, decision, answer)
    if (
        decision.kind == "draft_pick"
        and not state.draft
        and not state.todo
        and state.phase == "setup"
    ):
        rounds.start_game(rec)


def execute(state: GameState, command: Command | dict[str, Any]) -> Outcome:
    """Validate and resolve one command (a typed command, or its JSON: parsed first, so a
    malformed one is a CommandError); the input state is never changed."""
    return _execute(state, command, in_place=False)


def execute_in_place(state: GameState, command: Command | dict[str, Any]) -> Outcome:
    """`execute` on `state` itself, which becomes the new state: no copy of it.

    The store's live game works this way (docs/operations.md "Where a tap's CPU goes"); its
    snapshot on file is the state before. A refused command leaves `state` half-changed:
    throw it away.
    """
    return _execute(state, command, in_place=True)


def _execute(state: GameState, raw: Command | dict[str, Any], *, in_place: bool) -> Outcome:
    """The processing step; `in_place` (replay, a caller's own copy) skips the copy of the
    input state."""
    command = parse(raw)
    if state.finished and not isinstance(command, Correct):
        raise RuleViolation("game_over", say("The game is over."))
    new = state if in_place else state.copy()
    rec = Recorder(new)
    if command.TYPE in ACTION_TYPES:
        company = _check_turn(new, command)
        _do_action(rec, company, command)
    elif isinstance(command, Pass):
        company = _check_turn(new, command)
        _do_pass(rec, company)
    elif isinstance(command, Decide):
        _do_decide(rec, command)
    elif isinstance(command, Correct):
        corrections.correct(rec, command)
    elif isinstance(command, AutomaTurn):
        automa_command.execute_turn(rec, command)
    elif isinstance(command, Mahiri):  # not the turn's action (ruling R12)
        company = _check_turn(new, command)
        mahiri.activate(rec, company, command)
    else:  # pragma: no cover - every command type has a branch
        said = say("No handler for {type}.", type=repr(command.TYPE))
        raise CommandError(said, "unknown_command")
    run_flow(rec)
    new.version += 1
    events = rec.events
    return Outcome(new, events, instructions.derive(new, events), to_dict(command))


# -- rebuild and replay --------------------------------------------------------------------


def rebuild(setup_payload: dict[str, Any], records: list[dict[str, Any]]) -> GameState:
    """Fold stored events over the initial setup (no re-deciding): the undo/reload path."""
    state = new_game(setup_payload).state
    # handlers may keep lists/dicts of an event in the state: never let folding alter the log
    records = pickle.loads(pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL))
    for record in records:
        for event in record["events"]:
            apply(state, event)
        state.version += 1
    return state


def replay(log: dict[str, Any]) -> GameState:
    """Re-execute the commands of a log {setup, commands: [command | {command, events}]}."""
    state = new_game(log["setup"]).state
    for item in log.get("commands", []):
        command = item["command"] if "command" in item and "type" not in item else item
        # a replay keeps no intermediate states: no copy per command (it stops at any error)
        state = _execute(state, command, in_place=True).state
    return state


# -- the one table of handlers ---------------------------------------------------------------

# Every module that applies events, resolves decisions or reveals drawn tiles; their marked
# functions (@applies, @resolves, @draws.reveals) are collected here, once.
HANDLER_MODULES = (
    events,
    economy,
    wheel,
    water,
    construction,
    production,
    advanced,
    effects,
    external_works,
    private_buildings,
    contracts,
    draws,
    management,
    corrections,
    table_corrections,
    mahiri,
    leeghwater,
    rounds,
    setup,
    automa_deck,
    automa_decision,
    automa_opening,
    automa_rewards,
    sys.modules[__name__],
)
register([vars(module) for module in HANDLER_MODULES])
draws.register_reveals([vars(module) for module in HANDLER_MODULES])
