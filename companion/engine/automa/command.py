"""The `automa_turn` command and the Automa's entry in the legal options (game.py, options.py).

One command plays whatever the Automa has to do now: answer its open reward choices, or play
its turn (§4), or pass when it has no Engineer left (ruling R17); with Mahiri Sekibo at a
level-4 Automa also a human's opening of the round, the Automa way (opening.py). The table
taps "done" after following the instructions; the optional `override` picks another legal
move (logged).
"""

from __future__ import annotations

from typing import Any

from companion.engine import levels
from companion.engine.automa import deck, opening, overrides
from companion.engine.automa.decision import play_turn, preview_turn
from companion.engine.automa.rewards import answer_pending, automatic_answer
from companion.engine.automa.tiles import TILES
from companion.engine.catalog import company_name
from companion.engine.commands import AutomaTurn
from companion.engine.errors import RuleViolation, phase_name
from companion.engine.events import Recorder
from companion.engine.state import GameState
from companion.engine.words import say

TOMMASO = "tommaso_battista"
PASS_AT_ONCE_RULES = 2  # from this setup `rules` on, ruling A20: no extra tap to pass


def has_automa(state: GameState) -> bool:
    """True if any seat of the game is an Automa."""
    return any(seat.kind == "automa" for seat in state.setup.seats) or any(
        p.is_automa for p in state.players.values()
    )


def setup_deck(rec: Recorder) -> None:
    """At game start: deal the shared Automa deck when any seat is an Automa (§1.2)."""
    if has_automa(rec.state) and not deck.has_deck(rec.state):
        deck.deal_deck(rec)


def automa_to_act(state: GameState) -> str | None:
    """The Automa the game waits for now (its open decision or its turn), or None."""
    if state.finished:
        return None
    if opening.is_opening(state):  # a human's opening the Automa way (Mahiri Sekibo, §2.2)
        return state.pending[-1].player
    if state.pending:
        decision = state.pending[-1]
        player = state.players.get(decision.player) if decision.player else None
        if player is not None and player.is_automa and automatic_answer(state, decision):
            return decision.player
        return None
    active = state.players.get(state.active) if state.active else None
    if state.phase == "actions" and active is not None and active.is_automa:
        return state.active
    return None


def execute_turn(rec: Recorder, command: AutomaTurn) -> dict[str, Any]:
    """Resolve an `automa_turn` command; raises RuleViolation when the Automa may not act."""
    state = rec.state
    company = command.player
    if company in state.players and opening.is_opening(state, company):
        return opening.play_opening(rec, company, command.override)
    if company not in state.players or not state.players[company].is_automa:
        raise RuleViolation(
            "not_automa",
            say(
                "{company} is not an Automa seat.",
                company=repr(company),
            ),
        )
    if state.pending:
        decision = state.pending[-1]
        if decision.player != company or not answer_pending(rec, company):
            raise RuleViolation(
                "pending",
                say(
                    "First answer the open question: {question}",
                    question=decision.reason,
                ),
            )
        return {"company": company, "lines": [say("The Automa answered its open choices.")]}
    if state.phase != "actions":
        raise RuleViolation(
            "phase",
            say(
                "The Automa acts in the Actions phase (now: {phase}).",
                phase=phase_name(state.phase),
            ),
        )
    if company != state.active:
        active, automa = company_name(state.active), company_name(company)
        raise RuleViolation(
            "not_your_turn",
            say("It is {active}'s turn, not {company}'s.", active=active, company=automa),
        )
    if state.players[company].passed:
        raise RuleViolation("passed", say("This Automa has passed for the round (ruling R17)."))
    if state.players[company].engineers <= 0:
        rec.emit("player_passed", say("The Automa ({company}) has no Engineer left and passes.",
                                      company=company), company=company)  # fmt: skip
        rec.emit("steps_queued", "", steps=["next_turn"])
        return {"company": company, "passed": True, "lines": [say("No Engineers left: passes.")]}
    if command.override is not None and state.pending:
        raise RuleViolation("automa_override", say("The Automa answers its open choice first."))
    rec.emit("action_taken", "", company=company, action="automa_turn")
    trace = play_turn(rec, company, override=command.override)
    if state.players[company].engineers <= 0 and state.setup.rules >= PASS_AT_ONCE_RULES:
        # ruling A20: it passes at the end of the turn it placed its last Engineer in
        said = say("The Automa ({company}) placed its last Engineer and passes.", company=company)
        rec.emit("player_passed", said, company=company)
    if architect_turn(state, company, trace):
        rec.emit(
            "architect_placed",
            say(
                "The Automa's Architect stood alone on a 1-Engineer action (Tommaso Battista): it"
                " plays another turn now."
            ),
            company=company,
        )
        rec.emit("steps_queued", "", steps=["refill_contracts", f"automa_extra_turn:{company}"])
        return trace
    rec.emit("steps_queued", "", steps=["refill_contracts", "next_turn"])
    return trace


def architect_turn(state: GameState, company: str, trace: dict[str, Any]) -> bool:
    """Level 4, Tommaso Battista (automa.md §2.2): a turn-ending action printed with exactly
    1 Engineer uses the Architect (once a round; never the Bank, ruling L4) and another turn
    follows at once."""
    player = state.players[company]
    if player.officer != TOMMASO or not levels.has_officer(player) or player.passed:
        return False
    if company in (state.leeghwater.get("architect_out") or []):
        return False
    done = [s for s in trace.get("steps", []) if s.get("done")]
    if not done or done[-1].get("index") is None:
        return False
    action = TILES[int(trace["tile"])].actions[int(done[-1]["index"])]
    return action.engineers == 1 and action.kind != "bank"


def automa_options(state: GameState, company: str) -> list[dict[str, Any]]:
    """The one action on offer for an Automa: its turn (or its open choice), with a preview."""
    player = state.players[company]
    command = {"type": "automa_turn", "player": company}
    preview: dict[str, Any]
    if opening.is_opening(state, company):
        preview = opening.preview_opening(state, company)
        label = say("Opening the Automa way (Mahiri Sekibo)")
    elif state.pending:
        decision = state.pending[-1]
        answer = automatic_answer(state, decision)
        preview = {
            "lines": [
                say(
                    "{question}: the Automa answers {answer}.",
                    question=decision.reason,
                    answer=str(answer),
                )
            ],  # fmt: skip
            "answer": answer,
        }
        label = say("Automa choice")
    elif player.engineers <= 0:
        preview = {"lines": [say("No Engineers left: passes.")], "passed": True}
        label = say("Automa passes")
    else:
        preview = preview_turn(state, company)
        label = say("Automa turn")
    return [
        {
            "type": "automa_turn",
            "label": label,
            "enabled": True,
            "why": "",
            "choices": [{"label": label, "command": command, "preview": preview}],
        }
    ]


def override_options(state: GameState, company: str) -> list[dict[str, Any]]:
    """Every other legal move the table may choose for the Automa's turn now, in the option
    form of a person's actions (automa/overrides.py); none while it answers a choice or
    passes."""
    player = state.players[company]
    opening_now = opening.is_opening(state, company)
    if not opening_now and (state.pending or player.engineers <= 0):
        return []
    scratch = state.copy()
    rec = Recorder(scratch)
    if opening_now:
        rec.emit("decision_resolved", "", kind=opening.OPENING)
    action_tile, _ = deck.draw(rec, company)
    return overrides.options(scratch, company, action_tile)
