"""What the blueprints and Socket.IO handlers share: the store, joined games, game views.

A device "joins" a game with its join code; the Flask session (a signed cookie) remembers
the games it joined and the seat (company) it claimed in each. Only a joined device may read
or act on a game.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, session

from companion import live
from companion.engine.words import say
from companion.message_queue import language_room
from companion.store import Committed, Store, StoreError

ROOM_PREFIX = "game:"
RECENT_LOG = 12  # log entries sent with a game view


class NotJoined(StoreError):
    """This device has not joined the game (it needs the join code)."""

    code = "not_joined"

    def __init__(self) -> None:
        super().__init__(say("Join this game first: enter the join code shown on the tablet."))


def store() -> Store:
    """The app's event store."""
    return current_app.extensions["companion_store"]  # type: ignore[no-any-return]


def room(game_id: str, language: str | None = None) -> str:
    """The Socket.IO room of a game, or of its devices that read `language`."""
    game = f"{ROOM_PREFIX}{game_id}"
    return game if language is None else language_room(game, language)


# -- the session: joined games and claimed seats ----------------------------------------


def joined_games() -> list[str]:
    return list(session.get("joined", []))


def is_joined(game_id: str) -> bool:
    return game_id in session.get("joined", [])


def remember_join(game_id: str) -> None:
    """Add a game to this device's joined games (kept in the signed session cookie)."""
    session.permanent = True
    joined = [g for g in session.get("joined", []) if g != game_id]
    session["joined"] = [game_id, *joined][:50]


def forget_game(game_id: str) -> None:
    session["joined"] = [g for g in session.get("joined", []) if g != game_id]
    seats = dict(session.get("seats", {}))
    seats.pop(game_id, None)
    session["seats"] = seats


def claimed_seat(game_id: str) -> str | None:
    seat = session.get("seats", {}).get(game_id)
    return str(seat) if seat else None


def claim_seat(game_id: str, company: str | None) -> None:
    seats = dict(session.get("seats", {}))
    if company:
        seats[game_id] = company
    else:
        seats.pop(game_id, None)
    session["seats"] = seats


def require_joined(game_id: str) -> dict[str, Any]:
    """The game's summary if this device joined it; raises GameNotFound or NotJoined."""
    summary = store().game(game_id)  # unknown game → GameNotFound (404) first
    if not is_joined(game_id):
        raise NotJoined()
    return summary


# -- views ------------------------------------------------------------------------------


def _said(reason: Any) -> str:
    return reason if isinstance(reason, str) else str(reason)


def log_entry(record: dict[str, Any]) -> dict[str, Any]:
    """One record as a line of the game's story: the events' reasons, in order."""
    # a reason the engine said as a catalogue key stays one: the edge speaks it per device
    lines = [_said(e["reason"]) for e in record.get("events", []) if e.get("reason")]
    command = record.get("command", {})
    if record["kind"] == "undo":
        lines = [say("Undo: record #{record} was taken back.", record=command.get("undoes"))]
    return {
        "seq": record["seq"],
        "kind": record["kind"],
        "created_at": record.get("created_at", ""),
        "undone": bool(record.get("undone", False)),
        "command": command,
        "lines": lines,
        "instructions": record.get("instructions", []),
    }


def game_log(game_id: str) -> list[dict[str, Any]]:
    return [log_entry(r) for r in store().records(game_id)]


def game_view(game_id: str, player: str | None = None) -> dict[str, Any]:
    """Everything a device needs to draw a game (the catch-up): state, legal options,
    version, recent log — all from memory or one indexed query, whatever the game's length."""
    s = store()
    summary = s.game(game_id)
    version, view, options = s.view_and_options(game_id, player)
    return {
        "game": summary,
        "version": version,
        "state": view,
        "options": options,
        "log": [log_entry(r) for r in s.recent_records(game_id, RECENT_LOG)],
        "setup_outcome": s.setup_outcome(game_id) if version == 0 else None,
        "seat": claimed_seat(game_id),
    }


def update_payload(committed: Committed) -> dict[str, Any]:
    """The `game_updated` broadcast: what changed from the version before, and what happened.

    `changes`/`removed` turn the view at `base_version` into the view at `version`
    (companion/live.py); `to_act` names who may act now, so only their devices ask for the
    legal options (`get_options`). A device not at `base_version` asks for the whole view.
    """
    entry = log_entry(committed.record)
    if "undone_record" in committed.record:
        entry["reverted"] = log_entry(committed.record["undone_record"])
    assert committed.view is not None and committed.previous_view is not None
    changed, removed = live.changes(committed.previous_view, committed.view)
    return {
        "game_id": committed.game_id,
        "version": committed.version,
        "base_version": committed.version - 1,
        "changes": changed,
        "removed": removed,
        "to_act": live.to_act(committed.view),
        "record": entry,
    }


def broadcast(committed: Committed) -> dict[str, Any]:
    """Tell every device in the game's room, each in its language (the client manager says
    the engine's sentences once per language its devices read, companion/message_queue.py);
    only called after the commit."""
    from companion.extensions import socketio

    payload = update_payload(committed)
    socketio.emit("game_updated", payload, to=room(committed.game_id))
    return payload


def command_answer(committed: Committed, with_options: bool) -> dict[str, Any]:
    """What a tap is answered (`POST …/commands` and `submit_command`), once broadcast: the
    broadcast's payload with the events and instructions, and, when the tapping device asks
    `with_options` (the tablet acts next, whoever's turn it is), the legal options of the
    new version: what it would ask `get_options` for, without a second request."""
    from companion.extensions import socketio

    payload = broadcast(committed)
    answer = {
        **payload,
        "events": committed.record["events"],
        "instructions": committed.record["instructions"],
    }
    if with_options:
        socketio.sleep(0)  # the broadcast leaves first: the devices' update waits for nothing
        version, options = store().options(committed.game_id)
        if version == committed.version:  # else a newer tap came in: the device catches up
            answer["options"] = options
    return answer


# -- errors -----------------------------------------------------------------------------


def describe_error(exc: BaseException) -> tuple[int, dict[str, Any]] | None:
    """HTTP status and JSON body for an error a person can act on; None for a bug.

    400 malformed payload or command, 403 not joined, 404 unknown game, 409 stale version
    (with the current version), 410 an archived game's code, 422 a rule of the game says no,
    429 too many wrong join codes, 503 the database file cannot be used (companion/faults.py).
    Every message is a sentence the edge renders in the asking device's language.
    """
    from marshmallow import ValidationError

    from companion import schemas
    from companion.engine.errors import CommandError, RuleViolation
    from companion.faults import describe_fault
    from companion.security import TooManyAttempts
    from companion.store import GameArchived, GameNotFound, StaleVersion

    fault = describe_fault(exc)  # 503: the database file cannot be used
    if fault is not None:
        return fault
    if isinstance(exc, TooManyAttempts):
        return 429, {"code": exc.code, "message": exc.message, "retry_after": exc.retry_after}
    if isinstance(exc, GameArchived):
        return 410, {"code": exc.code, "message": exc.message}
    if isinstance(exc, ValidationError):
        fields = schemas.in_words(exc.normalized_messages())
        return 400, {"code": "invalid_payload", "message": _first_message(fields), "fields": fields}
    if isinstance(exc, CommandError):
        return 400, {"code": exc.code, "message": exc.message}
    if isinstance(exc, NotJoined):
        return 403, {"code": exc.code, "message": exc.message}
    if isinstance(exc, GameNotFound):
        return 404, {"code": exc.code, "message": exc.message}
    if isinstance(exc, StaleVersion):
        return 409, {"code": exc.code, "message": exc.message, "version": exc.current}
    if isinstance(exc, RuleViolation):
        return 422, {"code": exc.code, "message": exc.message}
    return None


def _first_message(messages: Any, path: str = "") -> str:
    """The first field message, prefixed with where it is (`setup.seats.0.kind: ...`)."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            where = path if key == "_schema" else f"{path}.{key}" if path else str(key)
            return _first_message(value, where)
    if isinstance(messages, list) and messages:
        return _first_message(messages[0], path)
    said = messages if isinstance(messages, str) else str(messages)
    return say("{field}: {message}", field=path, message=said) if path else said
