"""Events: the atomic, past-tense changes of a game, and the one function that applies them.

An event is a JSON-ready dict `{"type": "drop_held", ..., "reason": "..."}`. Each rules module
registers the handlers of the events it decides with `@applies("type")`; `apply(state, event)`
is total and pure with respect to everything but `state`. Deciding code never changes the
state directly: it calls `Recorder.emit(event)`, which applies the event to the scratch state
at once (so the next decision sees it) and keeps it for the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.commands import Answer
from companion.engine.state import Decision, GameState

Event = dict[str, Any]
Handler = Callable[[GameState, Event], None]

APPLY: dict[str, Handler] = {}


def applies(event_type: str) -> Callable[[Handler], Handler]:
    """Register the handler that applies events of `event_type`."""

    def register(handler: Handler) -> Handler:
        if event_type in APPLY:
            raise ValueError(f"two handlers for event {event_type!r}")
        APPLY[event_type] = handler
        return handler

    return register


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
    """Register the function that resolves a pending Decision of `kind` with an answer."""

    def register(resolver: Resolver) -> Resolver:
        if kind in RESOLVERS:
            raise ValueError(f"two resolvers for decision {kind!r}")
        RESOLVERS[kind] = resolver
        return resolver

    return register


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
