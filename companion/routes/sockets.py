"""Socket.IO handlers: one room per game, live `game_updated` broadcasts, commands with ack.

Events (namespace "/"), each answered through its acknowledgement callback:
`join_game {game_id[, code]}` → `{ok, ...game view}`; `leave_game {game_id}`;
`submit_command {game_id, command, version[, with_options]}` → `{ok, ...}` what
`POST …/commands` answers (the broadcast's payload with the events and instructions, and the
new version's `options` when asked `with_options`), `undo {game_id, version}` →
`{ok, version, record}`, each with a `game_updated` broadcast to the room (what changed:
routes.update_payload);
`get_options {game_id[, player]}` → `{ok, version, options}`, asked by the acting device.
Errors answer `{ok: false, error: {code, message[, version]}}`; a stale version also carries
the current game `view`. An event whose data is missing, malformed or more than one value is
answered 400 with a sentence like any bad payload (`event_data`), never `server_error`; a
`join_game` that cannot be read costs a join attempt like a wrong code (security.py).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from flask import request
from flask_socketio import emit, join_room, leave_room
from marshmallow import ValidationError

from companion import i18n, jsonsafe, schemas, security
from companion.engine.words import Words, say
from companion.extensions import socketio
from companion.routes import (
    NotJoined,
    broadcast,
    command_answer,
    describe_error,
    game_view,
    is_joined,
    remember_join,
    room,
    store,
)
from companion.store import StaleVersion

log = logging.getLogger(__name__)

Answer = Callable[..., dict[str, Any]]


def in_device_language(handler: Answer) -> Answer:
    """The handler's answer with the engine's sentences in this device's language (its
    cookie or browser, read from the Socket.IO handshake)."""

    @functools.wraps(handler)
    def answer(*args: Any) -> dict[str, Any]:
        said: dict[str, Any] = i18n.speak(handler(*args))
        return said

    return answer


def event_data(args: tuple[Any, ...]) -> Any:
    """The one value an event carries (None when it carries none, which its schema then
    refuses field by field); several values are refused with a sentence."""
    if len(args) > 1:
        said = say("An event carries one JSON object, not {count} values.", count=len(args))
        raise ValidationError({"_schema": [said]})
    return args[0] if args else None


def _require_joined(game_id: str, code: str | None = None) -> None:
    """Raises GameNotFound (404) for an unknown game, else NotJoined (403) unless joined.

    A joined device's game is not looked up here: what it asks for next reads the game and
    answers 404 if it is gone, so each tap spares a query."""
    if is_joined(game_id):
        return
    store().game(game_id)  # an unknown game: GameNotFound (404) first
    if code and security.socket_code_opens(game_id, code):
        remember_join(game_id)
    if not is_joined(game_id):
        raise NotJoined()


@socketio.on("join_game")
@in_device_language
def on_join_game(*args: Any) -> dict[str, Any]:
    """Enter the game's room (a joined device only) and get the current view to catch up."""
    try:
        body = schemas.load(schemas.JoinGameEventSchema, event_data(args))
    except ValidationError:
        security.count_failed_join()  # junk at a join costs a guess, as a wrong code does
        raise
    _require_joined(body["game_id"], body.get("code"))
    join_room(room(body["game_id"]))
    join_room(room(body["game_id"], i18n.select_language()))
    return {"ok": True, **game_view(body["game_id"])}


@socketio.on("get_options")
@in_device_language
def on_get_options(*args: Any) -> dict[str, Any]:
    """The legal options now, asked lazily by a device that may act (not broadcast)."""
    body = schemas.load(schemas.OptionsEventSchema, event_data(args))
    _require_joined(body["game_id"])
    version, options = store().options(body["game_id"], body.get("player"))
    return {"ok": True, "version": version, "options": options}


@socketio.on("leave_game")
@in_device_language
def on_leave_game(*args: Any) -> dict[str, Any]:
    body = schemas.load(schemas.JoinGameEventSchema, event_data(args))
    leave_room(room(body["game_id"]))
    leave_room(room(body["game_id"], i18n.select_language()))
    return {"ok": True}


@socketio.on("submit_command")
@in_device_language
def on_submit_command(*args: Any) -> dict[str, Any]:
    """The same as POST /api/games/<id>/commands, answered by ack and broadcast to the room."""
    body = schemas.load(schemas.SubmitEventSchema, event_data(args))
    _require_joined(body["game_id"])
    committed = store().submit(body["game_id"], body["command"], body["version"])
    # what POST …/commands answers (the app sends its taps over the socket when it has one)
    return {"ok": True, **command_answer(committed, body["with_options"])}


@socketio.on("undo")
@in_device_language
def on_undo(*args: Any) -> dict[str, Any]:
    """The same as POST /api/games/<id>/undo."""
    body = schemas.load(schemas.UndoEventSchema, event_data(args))
    _require_joined(body["game_id"])
    committed = store().undo(body["game_id"], body["version"])
    payload = broadcast(committed)
    return {"ok": True, "version": committed.version, "record": payload["record"]}


@socketio.on(jsonsafe.MALFORMED_EVENT)
@in_device_language
def on_malformed_payload(reason: Any = None, event: Any = None, *_: Any) -> dict[str, Any]:
    """A packet that could not be read (companion/jsonsafe.py): a 400 with the reason. Only
    the server's own reasons are said back; a client sending this event gets the generic one.
    A `join_game` that could not be read costs a join attempt (429 once none is left)."""
    if event == "join_game":
        security.count_failed_join()
    message = reason if isinstance(reason, Words) else say("The payload could not be read.")
    error = {"code": "invalid_payload", "message": message}
    return {"ok": False, "status": 400, "error": error}


@socketio.on(jsonsafe.UNREADABLE_EVENT)
def on_unreadable_packet(reason: Any = None, *_: Any) -> dict[str, Any]:
    """A packet the protocol layer could not decode: its ack id is lost, so the answer goes
    back as a `refused` event to the sender."""
    answer = on_malformed_payload(reason)
    emit("refused", answer)
    return answer


@socketio.on("*")
@in_device_language
def on_unknown_event(event: Any, *_data: Any) -> dict[str, Any]:
    """An event this server does not have is answered too (404), never left unanswered."""
    message = say("This server has no event {event}.", event=repr(str(event)[:40]))
    return {"ok": False, "status": 404, "error": {"code": "unknown_event", "message": message}}


def _event_name() -> str:
    """The event being answered (Flask-SocketIO keeps it on the request)."""
    event = getattr(request, "event", None) or {}
    return str(event.get("message", "?"))


@socketio.on_error_default
@in_device_language
def on_error(exc: Exception) -> dict[str, Any]:
    """The one socket error handler: the same codes and messages as the HTTP API."""
    described = describe_error(exc)
    if described is None:
        log.exception("socket handler failed", exc_info=exc)
        return {"ok": False, "error": {"code": "server_error", "message": say("Something broke.")}}
    status, error = described
    if status == 503:  # a database fault: one line for whoever runs the server, as over HTTP
        log.error("database fault on Socket.IO event %s: %s", _event_name(), exc)
    answer: dict[str, Any] = {"ok": False, "status": status, "error": error}
    if isinstance(exc, StaleVersion) and exc.game_id:
        # The loser of a race sees the winner's state at once.
        answer["view"] = game_view(exc.game_id)
    return answer
