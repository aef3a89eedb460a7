"""The Flask app factory: config, the event store, blueprints, error handler, Socket.IO."""

from __future__ import annotations

import logging
import os
from datetime import timedelta
from typing import Any

from flask import Flask, Request, Response, jsonify, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from werkzeug.exceptions import HTTPException

from companion import faults, i18n, jsonsafe, security
from companion.engine.words import say
from companion.extensions import TextPacket, socketio
from companion.routes import describe_error
from companion.serving import DEFAULT_DATABASE
from companion.store import Store

log = logging.getLogger(__name__)

# The API's answers to HTTP's own errors, in the device's language (werkzeug's are English);
# a status not listed keeps werkzeug's description.
HTTP_SENTENCES = {
    400: say("The request could not be read."),
    404: say("There is nothing at this address."),
    405: say("This address does not take this kind of request."),
    413: say("The request is too large."),
    415: say("The request must be JSON."),
}
SERVER_ERROR = say("Something broke on the server.")

# A game of Barrage is one evening; a month without a move is a finished or abandoned game.
DEFAULT_ARCHIVE_AFTER_DAYS = 30


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. Config keys: DATABASE (path), PUBLIC_URL, SECRET_KEY, ENGINE (tests),
    ARCHIVE_AFTER_DAYS, JOIN_LIMIT (docs/operations.md), ASYNC_MODE (Socket.IO server mode),
    MESSAGE_QUEUE (redis:// URL shared by workers)."""
    app = Flask(__name__)
    # too deep a body is a 400, never a 500; the engine's sentences in the device's language
    app.json = i18n.SpeakingJSONProvider(app)
    app.config.from_mapping(
        DATABASE=os.environ.get("COMPANION_DB", DEFAULT_DATABASE),
        PUBLIC_URL=None,
        ENGINE=None,
        # NORMAL: durable across a killed process; FULL: across a power cut too (operations.md)
        SQLITE_SYNCHRONOUS=os.environ.get("COMPANION_SQLITE_SYNC", "NORMAL").upper(),
        SECRET_KEY=os.environ.get("COMPANION_SECRET_KEY"),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=timedelta(days=60),
        # The session cookie is sent back only when it changes: refreshed on every answer, a
        # request that began before a join and ended after it put back the cookie without it
        SESSION_REFRESH_EACH_REQUEST=False,
        # the largest honest body (a whole position sheet) is 15 KB: jsonsafe.MAX_PAYLOAD_BYTES
        MAX_CONTENT_LENGTH=jsonsafe.MAX_PAYLOAD_BYTES,
        JSON_SORT_KEYS=False,
        ARCHIVE_AFTER_DAYS=float(
            os.environ.get("COMPANION_ARCHIVE_AFTER_DAYS", DEFAULT_ARCHIVE_AFTER_DAYS)
        ),
    )
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]  # players stay in seat order
    app.session_interface = SocketAwareSessions()
    app.request_class = BoundedRequest
    app.response_class = TextResponse

    store = Store(
        app.config["DATABASE"],
        engine=app.config["ENGINE"],
        synchronous=app.config["SQLITE_SYNCHRONOUS"],
    )
    store.archive_after = archive_after(app.config)
    store.retire_idle_games()
    app.extensions["companion_store"] = store
    if not app.config["SECRET_KEY"]:
        # Made once per database, so sessions survive restarts; never hard-coded.
        app.config["SECRET_KEY"] = store.secret_key()

    _register_blueprints(app)
    i18n.init_app(app)
    app.register_error_handler(Exception, _handle_error)
    security.init_limiter(app)  # after the blueprints: it wraps the join views
    faults.init_faults(app)

    from companion.routes import sockets  # noqa: F401  (registers the Socket.IO handlers)

    socketio.init_app(
        app,
        async_mode=app.config.get("ASYNC_MODE", "threading"),
        json=jsonsafe,
        serializer=TextPacket,
        # the body limit of an event, as of an HTTP request (polling posts and WebSocket frames)
        max_http_buffer_size=app.config["MAX_CONTENT_LENGTH"],
        **_message_queue(app.config.get("MESSAGE_QUEUE")),
    )
    security.init_headers(app)  # around Socket.IO's middleware too
    return app


def _message_queue(url: str | None) -> dict[str, Any]:
    """Socket.IO's client manager, which says each game's update in its devices' languages
    (companion/message_queue.py): this worker's rooms, or Redis between workers."""
    from companion.message_queue import SpeakingManager, SpeakingRedisManager

    if not url:
        return {"client_manager": SpeakingManager()}
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"The message queue must be Redis (redis://…), not {url!r}.")
    return {"client_manager": SpeakingRedisManager(url, channel="flask-socketio")}


class BoundedRequest(Request):
    """A request whose JSON body is read within bounds (jsonsafe.read): too many values, text
    that is not Unicode or JSON that is not JSON is a 400 with a sentence, before any work."""

    @property
    def json_module(self) -> Any:
        return jsonsafe.RequestBody

    @json_module.setter
    def json_module(self, _: Any) -> None:
        """Flask gives each request the app's JSON (ctx.py `request.json_module = app.json`):
        bodies keep their bounded reader; answers and the session keep the app's JSON."""


class TextResponse(Response):
    """A response whose text always encodes: a lone surrogate stored before the edge refused
    them (a seat name, a correction reason) becomes `?` in a page or an export instead of
    making it answer 500 for ever."""

    def set_data(self, value: bytes | str) -> None:
        if isinstance(value, str):
            value = value.encode("utf-8", "replace")
        super().set_data(value)


class SocketAwareSessions(SecureCookieSessionInterface):
    """The signed cookie session, not read again for each Socket.IO event.

    Flask-SocketIO pushes a request context per event, which opens (reads and checks the
    signature of) the handshake's cookie, then replaces that session with the connection's
    own copy, kept in the handshake's environ as `saved_session` since its first event. Once
    that copy exists, the opened session is thrown away unread: a blank one does (it was
    0.3 ms of every event, docs/operations.md "Where a tap's CPU goes").
    """

    def open_session(self, app: Flask, request: Any) -> SecureCookieSession | None:
        if "saved_session" in request.environ:
            return self.session_class()
        return super().open_session(app, request)


def archive_after(config: dict[str, Any]) -> timedelta | None:
    """ARCHIVE_AFTER_DAYS (env COMPANION_ARCHIVE_AFTER_DAYS, default 30); 0: never."""
    days = float(config.get("ARCHIVE_AFTER_DAYS") or 0)
    return timedelta(days=days) if days > 0 else None


def _register_blueprints(app: Flask) -> None:
    from companion.routes import api, audit, glossary, pages, pwa

    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(audit.bp)
    app.register_blueprint(pwa.bp)
    app.register_blueprint(glossary.bp)


def _handle_error(exc: Exception) -> Any:
    """The one HTTP error handler: `{code, message[, fields][, version]}` for the API."""
    described = describe_error(exc)
    if described is not None:
        status, error = described
        return jsonify(error), status
    if isinstance(exc, HTTPException):
        if request.path.startswith("/api/"):
            message = HTTP_SENTENCES.get(exc.code or 500, exc.description)
            error = {"code": exc.name.lower().replace(" ", "_"), "message": message}
            return jsonify(error), exc.code
        return exc
    log.exception("request failed", exc_info=exc)
    if request.path.startswith("/api/"):
        error = {"code": "server_error", "message": SERVER_ERROR}
        return jsonify(error), 500
    raise exc
