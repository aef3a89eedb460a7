"""Mahiri Sekibo at a level-4 Automa: every human opens each round the Automa way (§2.2).

automa.md §2.2: the Automa ignores Mahiri's power; instead every human plays the opening
action of each round the way an Automa would — draw a tile and follow it. The app automates
it: when a human's first turn of a round starts, the game waits on a `mahiri_opening`
Decision of that human (no other action is legal then). The table answers it with the same
`automa_turn` command that plays an Automa (or `decide`): a tile is drawn from the shared
deck (an event, so replays are exact) and `decision.play_turn` decides the action by the
Automa rules for the human's company — preview, trace, instructions and override as for an
Automa. The human pays with its own resources, as a person (see `feasibility.person_credits`
and docs/automa.md); its reward choices stay its own. The Automa itself never uses her
officer space (no tile action does).
"""

from __future__ import annotations

from typing import Any

from companion.engine import levels
from companion.engine.automa.decision import play_turn
from companion.engine.catalog import company_name
from companion.engine.commands import Answer, Override
from companion.engine.events import Event, Recorder, applies, ask, resolves
from companion.engine.state import Decision, GameState
from companion.engine.words import say

MAHIRI = "mahiri_sekibo"
OPENING = "mahiri_opening"  # the Decision kind the human's first turn waits on


def mahiri_automa(state: GameState) -> str | None:
    """The level-4 Automa seat holding Mahiri Sekibo, or None (the variant is off)."""
    for company, player in state.players.items():
        if player.is_automa and player.officer == MAHIRI and levels.has_officer(player):
            return company
    return None


def opening_due(state: GameState, company: str) -> bool:
    """True when `company` is a human who has not yet opened this round (§2.2)."""
    player = state.players[company]
    if player.is_automa or player.passed or player.engineers <= 0:
        return False
    if mahiri_automa(state) is None:
        return False
    opened: dict[str, int] = state.automa.get("openings", {})
    return opened.get(company) != state.round


def ask_opening(rec: Recorder, company: str) -> None:
    """At the start of a turn (rounds.py): make a human's first turn of the round wait on
    the Automa-way opening."""
    state = rec.state
    automa = mahiri_automa(state)
    if automa is None or not opening_due(state, company):
        return
    ask(
        rec,
        OPENING,
        company,
        say(
            "Mahiri Sekibo ({automa}, Automa level 4): {company} plays the first action of round"
            " {round} the Automa way — the app draws an Automa tile and follows it",
            automa=company_name(automa),
            company=company_name(company),
            round=state.round,
        ),
        answers=[{}],
    )


def is_opening(state: GameState, company: str | None = None) -> bool:
    """True when the top pending Decision is an opening (of `company`, if given)."""
    if not state.pending or state.pending[-1].kind != OPENING:
        return False
    return company is None or state.pending[-1].player == company


def play_opening(rec: Recorder, company: str, override: Override | None = None) -> dict[str, Any]:
    """Draw a tile and play it for the human, as an Automa turn (§4), ending the turn."""
    rec.emit("decision_resolved", say("The opening is played the Automa way."), kind=OPENING)
    rec.emit("action_taken", "", company=company, action="automa_turn")
    rec.emit(
        "mahiri_opening_played",
        say(
            "{company} opens round {round} the Automa way (Mahiri Sekibo).",
            company=company_name(company),
            round=rec.state.round,
        ),
        company=company,
        round=rec.state.round,
    )
    trace = play_turn(rec, company, override=override)
    rec.emit("steps_queued", "", steps=["refill_contracts", "next_turn"])
    return trace


def preview_opening(
    state: GameState, company: str, *, override: Override | None = None
) -> dict[str, Any]:
    """The tile, decision and trace of the opening, without applying it (step mode)."""
    scratch = state.copy()
    rec = Recorder(scratch)
    trace = dict(play_opening(rec, company, override))
    trace["events"] = len(rec.events)
    return trace


@resolves(OPENING)
def _resolve_opening(rec: Recorder, decision: Decision, answer: Answer) -> None:
    """`decide` on the opening plays it (an optional `override` as for `automa_turn`)."""
    play_opening(rec, str(decision.player), answer.override)


@applies("mahiri_opening_played")
def _opening_played(state: GameState, e: Event) -> None:
    state.automa.setdefault("openings", {})[e["company"]] = e["round"]
