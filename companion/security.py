"""Closed to strangers (issue 12): join attempts rate-limited, security headers, a private
database file, spreadsheet-safe CSV cells.

A join code is five characters of 25 (9.8 million codes): what keeps a stranger on the same
Wi-Fi from guessing one is how few guesses a device gets. Wrong codes cost a guess; a right
code costs nothing, so a table joining six phones is never slowed. The budget is per client
address, shared by every join path (the `/join/<code>` page, `POST /api/join` and Socket.IO
`join_game` with a code). The limiter's storage is in memory by default (one process);
`COMPANION_LIMIT_STORAGE` names another (e.g. `redis://…`) for several processes.
"""

from __future__ import annotations

import logging
import math
import os
import stat
import time
from pathlib import Path
from typing import Any

from flask import Flask, current_app, jsonify, render_template, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import parse_many

from companion import i18n
from companion.engine.words import say
from companion.faults import READ_ONLY, DatabaseFault

log = logging.getLogger(__name__)

# Five wrong codes a minute, thirty an hour: a player who mistypes twice never notices; a
# guesser needs on average 9.8 million / 2 / 30 hours (about 18 years) per live game.
DEFAULT_JOIN_LIMIT = "5 per minute;30 per hour"
JOIN_SCOPE = "join"  # one budget for every join path
WRONG_CODE_STATUSES = (404, 410)  # an unknown code, a retired one

# The app's own pages load scripts, styles, images, the manifest and the service worker
# from this server only, and talk to it over fetch and Socket.IO (ws: on the same host).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
SERVER_NAME = "Barrage Companion"  # the `Server` header: no Werkzeug or Python version

PRIVATE_MODE = 0o600  # the database holds the session secret: its owner only
DATABASE_SIDE_FILES = ("", "-wal", "-shm", "-journal")

# A spreadsheet reads a cell starting with one of these as a formula (or a formula's start).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# -- join attempts ----------------------------------------------------------------------


JOIN_ENDPOINTS = ("api.join", "pages.join_with_code")


def init_limiter(app: Flask) -> Limiter:
    """The app's limiter, on its join routes (its own in-memory storage unless
    COMPANION_LIMIT_STORAGE names a shared one)."""
    app.config.setdefault("JOIN_LIMIT", os.environ.get("COMPANION_JOIN_LIMIT", DEFAULT_JOIN_LIMIT))
    app.config.setdefault(
        "RATELIMIT_STORAGE_URI", os.environ.get("COMPANION_LIMIT_STORAGE", "memory://")
    )
    parse_many(app.config["JOIN_LIMIT"])  # a malformed limit fails at start, not at a join
    limiter = Limiter(get_remote_address, app=app, default_limits=[])
    app.extensions["companion_limiter"] = limiter
    joined = limiter.shared_limit(
        app.config["JOIN_LIMIT"],
        scope=JOIN_SCOPE,
        deduct_when=lambda response: response.status_code in WRONG_CODE_STATUSES,
    )
    # The views are wrapped here, per app, so each app (each test) has its own limiter.
    for endpoint in JOIN_ENDPOINTS:
        app.view_functions[endpoint] = joined(app.view_functions[endpoint])
    app.register_error_handler(RateLimitExceeded, _too_many_attempts)
    return limiter


def limiter() -> Limiter:
    return current_app.extensions["companion_limiter"]  # type: ignore[no-any-return]


class TooManyAttempts(Exception):
    """Too many wrong join codes from this client (the Socket.IO side of the 429)."""

    code = "too_many_attempts"

    def __init__(self, seconds: float) -> None:
        self.retry_after = math.ceil(seconds)
        self.message = too_many_attempts_message(seconds)
        super().__init__(self.message)


def socket_code_opens(game_id: str, code: str) -> bool:
    """Whether `code` opens `game` over Socket.IO, within the same budget of wrong codes as
    the HTTP join routes (same key, same scope). Raises TooManyAttempts."""
    from companion.store import GameArchived, normalize_join_code

    strategy = limiter().limiter
    key = get_remote_address()
    items = parse_many(current_app.config["JOIN_LIMIT"])
    for item in items:
        if not strategy.test(item, key, JOIN_SCOPE):
            reset_at = strategy.get_window_stats(item, key, JOIN_SCOPE).reset_time
            raise TooManyAttempts(max(1.0, reset_at - time.time()))
    store = current_app.extensions["companion_store"]
    store.retire_idle_games()
    game = store.game(game_id)
    right = normalize_join_code(code) == game["join_code"]
    if right and not game["archived_at"]:
        return True
    for item in items:
        strategy.hit(item, key, JOIN_SCOPE)
    if right:
        raise GameArchived(
            say(
                "This game was archived on {date}; its code no longer opens it. Ask the table "
                "for the code of their current game.",
                date=game["archived_at"][:10],
            )
        )
    return False


def wait_words(seconds: float) -> str:
    """`a minute`, `12 minutes`, `40 seconds`: how long to wait, as a person says it."""
    if seconds <= 60:
        if seconds > 45:
            return say("a minute")
        whole = math.ceil(seconds)
        return say("1 second") if whole == 1 else say("{n} seconds", n=whole)
    return say("{n} minutes", n=math.ceil(seconds / 60))


def too_many_attempts_message(seconds: float) -> str:
    return say(
        "Too many wrong join codes from this device. Wait {wait}, then check the code on the "
        "tablet and try again.",
        wait=wait_words(seconds),
    )


def _too_many_attempts(exc: RateLimitExceeded) -> tuple[Any, int, dict[str, str]]:
    """429 with a sentence and Retry-After (JSON for the API, the join page otherwise)."""
    current = limiter().current_limit
    seconds = max(1.0, current.reset_at - time.time()) if current else 60.0
    message = too_many_attempts_message(seconds)
    headers = {"Retry-After": str(math.ceil(seconds))}
    if request.path.startswith("/api/"):
        body = {"code": "too_many_attempts", "message": message, "retry_after": math.ceil(seconds)}
        return jsonify(body), 429, headers
    code = (request.view_args or {}).get("code", "")
    return render_template("join.html", code=code, error=i18n.speak(message)), 429, headers


# -- headers ----------------------------------------------------------------------------


class SecurityHeaders:
    """WSGI middleware: the security headers on every response — pages, API, static files,
    errors, and Socket.IO's own polling answers, which never pass through Flask's hooks."""

    def __init__(self, wsgi_app: Any) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _ in headers}
            extra = [(k, v) for k, v in SECURITY_HEADERS.items() if k.lower() not in present]
            return start_response(status, [*headers, *extra], exc_info)

        return self.wsgi_app(environ, start)


def init_headers(app: Flask) -> None:
    """Outermost: call after `socketio.init_app`, which wraps `wsgi_app` itself."""
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]


# -- the database file ------------------------------------------------------------------


def private_database(path: str) -> None:
    """Create the SQLite file `0600` (its -wal and -shm take the file's mode), or take the
    group's and others' bits off an existing one (and its -wal, -shm, -journal), saying so in
    one line. Never adds a bit: a file whose owner took write permission away is refused
    (DatabaseFault `database_read_only`) before anything is changed, not made writable."""
    if path == ":memory:" or path.startswith("file:"):
        return
    database = Path(path)
    if not database.exists():
        # O_EXCL: a file made meanwhile by another process is left to the check below
        try:
            os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE))
        except FileExistsError:
            pass
        else:
            return
    modes = {}
    for suffix in DATABASE_SIDE_FILES:
        side = Path(path + suffix)
        try:
            found = side.stat()
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(found.st_mode):
            continue  # a folder given as the file: SQLite's own error says so
        modes[side] = stat.S_IMODE(found.st_mode)
    for side, mode in modes.items():
        # the bits themselves, not os.access: root may write any file
        if not mode & stat.S_IWUSR:
            raise DatabaseFault(
                READ_ONLY, f"{side} is read-only (mode {mode:o}); it was left as it was"
            )
    for side, mode in modes.items():
        if mode & 0o077:
            private = mode & 0o700
            side.chmod(private)
            log.warning(
                "%s was readable by other users (mode %o); it is now private (%o).",
                side,
                mode,
                private,
            )


# -- CSV --------------------------------------------------------------------------------


def spreadsheet_safe(cell: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: one starting like a formula gets a `'`."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell
