"""Clear under faults (issue 12): what a full disk, a read-only or a damaged database file
tell the people at the table and whoever runs the server.

SQLite refuses a write it cannot finish and rolls the transaction back, so a failed write
loses nothing: the moves already saved stay saved and the refused one is simply not there.
The sentences say so. HTTP answers 503 (JSON for the API, a page for the rest); Socket.IO
answers `{ok: false, status: 503, error}` with the same sentence; `companion serve` prints one
line and exits 2 instead of a traceback.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, has_app_context, jsonify, render_template, request

from companion import i18n
from companion.engine.words import say

log = logging.getLogger(__name__)

EXIT_DATABASE_FAULT = 2

# SQLite's primary result codes (the low byte of an extended code), sqlite.org/rescode.html
SQLITE_PERM = 3
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_NOTADB = 26

# Less free space than this is a full disk: SQLite's WAL index alone takes 32 KiB.
NEARLY_FULL_BYTES = 64 * 1024

NOTHING_LOST = say("Nothing was lost: every move saved so far is kept.")


@dataclass(frozen=True)
class Fault:
    """One kind of database fault: a stable code, what it is, what to do."""

    code: str
    what: str  # what is wrong, for the people at the table
    remedy: str  # for whoever runs the server
    nothing_lost: str = NOTHING_LOST

    def sentence(self) -> str:
        """What is wrong, that nothing was lost, and what to do: in the device's language."""
        return say(
            "{what} {nothing_lost} {remedy}",
            what=self.what,
            nothing_lost=self.nothing_lost,
            remedy=self.remedy,
        )


DISK_FULL = Fault(
    "disk_full",
    say("The server's disk is full, so it cannot save new moves."),
    say("Free some space on the server's disk, then try again."),
)
READ_ONLY = Fault(
    "database_read_only",
    say("The server's game file is read-only, so it cannot save new moves."),
    say("Whoever runs the server must make the file and its folder writable, then try again."),
)
DAMAGED = Fault(
    "database_damaged",
    say("The server's game file is damaged and cannot be read."),
    say(
        "Whoever runs the server should stop it and restore the file from a copy "
        "(docs/operations.md, Faults)."
    ),
    say("Nothing was lost by this request: it changed nothing."),
)
UNAVAILABLE = Fault(
    "database_unavailable",
    say("The server cannot open or write its game file."),
    say("Whoever runs the server should check the file and its folder, then try again."),
)

REPLACED = Fault(
    "database_replaced",
    say(
        "The server's game file was replaced or moved while the server was running, so it "
        "cannot save new moves."
    ),
    say(
        "Whoever runs the server should stop it, check which file is the right one, and start "
        "it again (docs/operations.md, Faults)."
    ),
    say("Nothing was lost by this request: it changed nothing."),
)


class DatabaseFault(sqlite3.DatabaseError):
    """A fault the server found itself, before SQLite wrote anything: `fault` says which."""

    def __init__(self, fault: Fault, detail: str) -> None:
        super().__init__(detail)
        self.fault = fault


class FileChanged(DatabaseFault):
    """The game file is no longer the one this worker opened: overwritten in place (its
    first bytes are not SQLite's) or replaced (another file under its name, or none).
    Raised before a write, so nothing is written into a file that is not ours."""


FAULTS_BY_CODE = {
    SQLITE_FULL: DISK_FULL,
    SQLITE_READONLY: READ_ONLY,
    SQLITE_PERM: READ_ONLY,
    SQLITE_CORRUPT: DAMAGED,
    SQLITE_NOTADB: DAMAGED,
    SQLITE_CANTOPEN: UNAVAILABLE,
    SQLITE_IOERR: UNAVAILABLE,
}


def fault_of(exc: BaseException, path: str | None = None) -> Fault | None:
    """The fault an exception reports, or None when it is not a database fault (a bug).

    `path` is the database file: when SQLite only says "disk I/O error" or "unable to open"
    (it cannot make its WAL index on a full or read-only disk), the file system tells which.
    """
    fault = None
    if isinstance(exc, DatabaseFault):
        return exc.fault
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        if code is not None and code & 0xFF in FAULTS_BY_CODE:
            fault = FAULTS_BY_CODE[code & 0xFF]
        else:
            fault = _fault_by_words(str(exc))
    elif isinstance(exc, OSError) and exc.errno is not None:
        fault = DISK_FULL if exc.errno == errno.ENOSPC else UNAVAILABLE
    if fault is UNAVAILABLE and path:
        return _fault_of_the_disk(path) or fault
    return fault


def _fault_of_the_disk(path: str) -> Fault | None:
    """READ_ONLY or DISK_FULL when the database's file system or file says so."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        disk = os.statvfs(folder)
    except OSError:
        return None
    if disk.f_flag & os.ST_RDONLY:
        return READ_ONLY
    if disk.f_bavail * disk.f_frsize < NEARLY_FULL_BYTES:
        return DISK_FULL
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return READ_ONLY
    return None


def _fault_by_words(message: str) -> Fault | None:
    """SQLite errors raised without a result code (e.g. by `executescript`)."""
    words = message.lower()
    if "disk is full" in words:
        return DISK_FULL
    if "readonly" in words or "read-only" in words:
        return READ_ONLY
    if "malformed" in words or "not a database" in words:
        return DAMAGED
    if "unable to open" in words or "disk i/o" in words:
        return UNAVAILABLE
    return None


def describe_fault(exc: BaseException) -> tuple[int, dict[str, Any]] | None:
    """503 and `{code, message}` for a database fault; None for anything else."""
    fault = fault_of(exc, current_app.config.get("DATABASE") if has_app_context() else None)
    if fault is None:
        return None
    return 503, {"code": fault.code, "message": fault.sentence()}


def _answer_fault(exc: sqlite3.Error) -> Any:
    """The HTTP answer to a database fault: JSON for the API, a page for people."""
    described = describe_fault(exc)
    if described is None:  # an SQL error of the app itself: a bug, the generic handler
        raise exc
    status, error = described
    log.error("database fault on %s %s: %s", request.method, request.path, exc)
    if request.path.startswith("/api/") or request.path.startswith("/socket.io"):
        return jsonify(error), status
    return render_template("fault.html", message=i18n.speak(error["message"])), status


def init_faults(app: Flask) -> None:
    # More specific than the app's `Exception` handler, so Flask picks this one.
    app.register_error_handler(sqlite3.Error, _answer_fault)


def startup_message(exc: BaseException, path: str) -> str | None:
    """The one line `companion serve` prints when the game file cannot be used at start."""
    fault = fault_of(exc, path)
    if fault is None:
        return None
    reasons = {
        DISK_FULL: "the disk is full",
        READ_ONLY: "it is read-only",
        DAMAGED: "it is not a Barrage Companion database or it is damaged",
        UNAVAILABLE: "it cannot be opened or created there",
        REPLACED: "it was replaced while it was open",
    }
    advice = {
        # the start checks write nothing (store.check_before_opening): what is on disk is
        # all that may be rescued
        DAMAGED: "It was left as it was, with its -wal: keep both, and restore a backup or "
        "give another --db (docs/operations.md, Faults).",
        READ_ONLY: "Make it writable (chmod u+w on the file, its -wal and its folder) or give "
        "another --db (docs/operations.md, Faults).",
    }
    return (
        f"Cannot use the game file {path}: {reasons[fault]} ({exc}). "
        + advice.get(fault, "Give another --db, or fix the file (docs/operations.md, Faults).")
    )
