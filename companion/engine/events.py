"""Events: the atomic, past-tense changes of a game, and the one function that applies them.

An event is a JSON-ready dict `{"type": "drop_held", ..., "reason": "..."}`. Each rules module
marks the handlers of the events it decides with `@applies("type")` (and the resolvers of its
decisions with `@resolves("kind")`); one table in `game.py` (`HANDLER_MODULES`) collects them
into `APPLY` / `RESOLVERS` with `register`, so no import registers anything by a side effect.
`apply(state, event)` is total and pure with respect to everything but `state`. Deciding code
never changes the state directly: it calls `Recorder.emit(event)`, which applies the event to
the scratch state at once (so the next decision sees it) and keeps it for the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.commands import Answer
from companion.engine.errors import RuleViolation
from companion.engine.state import Decision, GameState
from companion.engine.words import say

Event = dict[str, Any]
Handler = Callable[[GameState, Event], None]

APPLY: dict[str, Handler] = {}


def applies(event_type: str) -> Callable[[Handler], Handler]:
    """Mark the handler that applies events of `event_type` (collected by `register`)."""

    def mark(handler: Handler) -> Handler:
        handler.applies = event_type  # type: ignore[attr-defined]
        return handler

    return mark


def register_handler(event_type: str, handler: Handler) -> None:
    """Put a handler in the table (`game.py` does it for every marked one)."""
    if APPLY.get(event_type, handler) is not handler:
        raise ValueError(f"two handlers for event {event_type!r}")
    APPLY[event_type] = handler


def register(module_dicts: list[dict[str, Any]]) -> None:
    """Collect every marked handler and resolver of these modules into the tables."""
    for names in module_dicts:
        for value in names.values():
            if callable(value) and isinstance(getattr(value, "applies", None), str):
                register_handler(value.applies, value)
            kind = getattr(value, "resolves", None)
            if callable(value) and isinstance(kind, str):
                if RESOLVERS.get(kind, value) is not value:
                    raise ValueError(f"two resolvers for decision {kind!r}")
                RESOLVERS[kind] = value


def apply(state: GameState, event: Event) -> None:
    """Apply one event to `state` in place."""
    try:
        handler = APPLY[event["type"]]
    except KeyError:
        raise ValueError(f"unknown event type {event.get('type')!r}") from None
    handler(state, event)


class Recorder:
    """Collects the events decided for one command, applying each to the scratch state."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event_type: str, reason: str = "", **data: Any) -> Event:
        event: Event = {"type": event_type, **data, "reason": reason}
        apply(self.state, event)
        self.events.append(event)
        return event


# -- pending decisions ---------------------------------------------------------------------

Resolver = Callable[[Recorder, "Decision", Answer], None]
RESOLVERS: dict[str, Resolver] = {}


def resolves(kind: str) -> Callable[[Resolver], Resolver]:
    """Mark the function that resolves a pending Decision of `kind` (collected by `register`)."""

    def mark(resolver: Resolver) -> Resolver:
        resolver.resolves = kind  # type: ignore[attr-defined]
        return resolver

    return mark


def ask(rec: Recorder, kind: str, player: str | None, reason: str, **options: Any) -> None:
    """Push a Decision the game waits for (answered by a `decide` command)."""
    rec.emit("decision_pushed", reason, kind=kind, player=player, options=options)


@applies("decision_pushed")
def _decision_pushed(state: GameState, e: Event) -> None:
    state.pending.append(
        Decision(kind=e["kind"], player=e["player"], options=e["options"], reason=e["reason"])
    )


@applies("decision_resolved")
def _decision_resolved(state: GameState, e: Event) -> None:
    state.pending.pop()


def not_offered(decision: Decision) -> RuleViolation:
    """The refusal of an answer the open decision did not offer, naming the decision."""
    return RuleViolation(
        "illegal_answer", say("That is not one of the choices: {reason}", reason=decision.reason)
    )
