"""The SQLite event store: games, the append-only log of records, and state snapshots.

Every SQL query of the app lives here. A game is its setup plus an append-only list of
records (`command`, `correction`, `undo`); the current state is the latest snapshot, and can
always be rebuilt by folding the stored events of the records that are not undone
(`engine.rebuild`) — the engine never re-decides anything on a rebuild. One command is one
SQLite transaction (record + game row + snapshot), so a kill at any moment leaves either the
old or the new game, never half of one.

Live games are also kept in memory (`LiveGame`: state, view, the records in force), updated
only after their transaction commits; a command works on the live state itself, and one the
engine refuses (or a commit that fails) drops it, to be read again from its snapshot. The
log stays the truth: every read checks the game's version in SQLite first (one indexed row),
so another worker's command or a restart is picked up, and a game not in memory is loaded
from its snapshot.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import secrets
import sqlite3
import stat
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
import sqlite_utils

from companion import jsonsafe
from companion.engine import words
from companion.engine.errors import RuleViolation
from companion.faults import DAMAGED, REPLACED, DatabaseFault, FileChanged

# No 0/O, 1/I/L, 5/S, 2/Z, 8/B: a join code is read aloud across a table and typed on a phone.
JOIN_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
JOIN_CODE_LENGTH = 5
# What an export carries so `companion import` can bring a game back as it was stored
STORED_FORMAT = "barrage-companion-game/1"
STORED_GAME_FIELDS = (
    "id", "join_code", "retired_code", "title", "created_at", "updated_at", "archived_at",
    "version", "setup", "setup_outcome",
)  # fmt: skip
# snapshots kept along the last commands in force (the states an undo goes back to); older
# ones are pruned: any state can be rebuilt from the records
SNAPSHOTS_KEPT = 12
BUSY_TIMEOUT_SECONDS = 10.0
COMMAND_KINDS = ("command", "correction")
LIVE_GAMES_KEPT = 1000  # games held in memory per worker (least recently used leave first)
# WAL + NORMAL: a commit is in the WAL (the OS's page cache) before the reply, so a killed
# process loses nothing acknowledged; only a power cut can lose the last commits, never
# corrupt the file (docs/operations.md "Live path"). FULL also survives a power cut.
DEFAULT_SYNCHRONOUS = "NORMAL"
SYNCHRONOUS_LEVELS = ("NORMAL", "FULL", "EXTRA")  # OFF would not survive a power cut
SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file
# A worker checks that its game file is still the one it opened before every write, and
# before a read at most this often (a stat and 16 bytes: about 15 µs).
FILE_CHECK_SECONDS = 1.0
# Connections to a file found replaced or overwritten: never closed, since closing the last
# connection checkpoints the WAL into the file (writing over what may still be rescued) and
# deletes the -wal by its name (which may be the new file's).
_ABANDONED: list[sqlite3.Connection] = []


class StoreError(Exception):
    """Base of the store's errors; `code` is stable, `message` is for people."""

    code = "store_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameNotFound(StoreError):
    """No game with this id (or join code)."""

    code = "game_not_found"


class GameArchived(GameNotFound):
    """The join code of a game archived after days without a move: it no longer joins."""

    code = "game_archived"


class StaleVersion(StoreError):
    """The device acted on an old version of the game; `current` is the version now."""

    code = "stale_version"

    def __init__(self, expected: int, current: int, game_id: str = "") -> None:
        super().__init__(
            words.say(
                "The game changed meanwhile (you saw version {expected}, it is now {current}). "
                "Look at the new state and try again.",
                expected=expected,
                current=current,
            )
        )
        self.expected = expected
        self.current = current
        self.game_id = game_id


class NothingToUndo(RuleViolation):
    """Undo asked for while every command is already undone (or none was made)."""

    def __init__(self) -> None:
        super().__init__(
            "nothing_to_undo", words.say("There is nothing left to undo in this game.")
        )


@dataclass(frozen=True)
class Engine:
    """The engine functions the store calls (the real engine, or a stand-in in tests)."""

    new_game: Callable[[dict], Any]
    execute: Callable[[Any, dict], Any]
    legal_options: Callable[..., dict]
    rebuild: Callable[[dict, list[dict]], Any]
    to_json: Callable[[Any], dict]
    from_json: Callable[[dict], Any]
    view: Callable[[Any], dict] | None = None  # to_json plus derived values, for devices
    # the stored JSON of a view (derived values dropped), so a tap encodes its state once
    unview: Callable[[dict], dict] | None = None
    # `execute` on the live state itself, which becomes the new state (None: the store
    # calls `execute`, which copies the state)
    execute_in_place: Callable[[Any, dict], Any] | None = None
    # checks a command against its schema and gives the canonical form (None: as given)
    load_command: Callable[[dict], dict] | None = None


def default_engine() -> Engine:
    """The real rules engine (imported late so the store loads before the engine exists)."""
    import companion.engine as engine
    from companion import schemas
    from companion.engine import state, view

    return Engine(
        new_game=engine.new_game,
        execute=engine.execute,
        legal_options=engine.legal_options,
        rebuild=engine.rebuild,
        to_json=state.to_json,
        from_json=state.from_json,
        view=view.state_view,
        unview=view.state_json_of_view,
        load_command=schemas.load_command,
        execute_in_place=engine.execute_in_place,
    )


@dataclass
class Committed:
    """What a successful write returns: the new state and what the change did."""

    game_id: str
    version: int
    state: Any
    record: dict[str, Any]
    view: dict[str, Any] | None = None  # the new view (see Store.view)
    previous_view: dict[str, Any] | None = None  # the view it replaces, to send what changed


@dataclass
class LiveGame:
    """A game held in memory at one version (never changed: a commit makes a new one)."""

    version: int
    state: Any
    view: dict[str, Any]
    setup: dict[str, Any]
    # (seq, version_after) of the command/correction records in force, oldest first
    in_force: list[tuple[int, int]]
    options: dict[str | None, dict[str, Any]] = field(default_factory=dict)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    # Key order is kept: the order of `players` is the seat order. orjson: a tap stores its
    # whole state as a snapshot, which json.dumps encoded at six times the CPU.
    return jsonsafe.dumps(value)


# Words (a str subclass), and any other subclass of a JSON type, reach `_stored_words`
_STORED_OPTIONS = orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_NON_STR_KEYS


def _stored_words(value: Any) -> Any:
    """The stored form orjson asks for: a `Words` as `{"words": key, "params": {...}}`
    (its parts are encoded the same way), any other subclass of str, int, dict or list as
    its plain type, as `words.to_json` then `json.dumps` would write it."""
    if isinstance(value, words.Words):
        return {words.WORDS_KEY: value.key, words.PARAMS_KEY: dict(value.params)}
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__index__(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def stored_dumps(value: Any) -> str:
    """`_dumps(words.to_json(value))` in one pass of orjson's C encoder: a tap stores its
    whole state, whose walk by `words.to_json` alone cost about 0.25 ms (docs/operations.md
    "Where a tap's CPU goes"). What orjson refuses goes the old way."""
    try:
        return orjson.dumps(value, default=_stored_words, option=_STORED_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return _dumps(words.to_json(value))


def new_join_code() -> str:
    """A short code without look-alike characters (e.g. `K7QTX`)."""
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalize_join_code(code: str) -> str:
    """Upper-case the code and drop spaces and dashes a person may type."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def players_summary(state_json: dict[str, Any]) -> list[dict[str, Any]]:
    """One line per company for the game list: company, name, kind, VP."""
    players = state_json.get("players", {}) or {}
    return [
        {
            "company": company,
            "name": p.get("name", ""),
            "kind": p.get("kind", "human"),
            "vp": p.get("vp", 0),
        }
        for company, p in players.items()
    ]


def effective_commands(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The command/correction records still in force: each undo cancels the last one left."""
    stack: list[dict[str, Any]] = []
    for record in records:
        if record["kind"] == "undo":
            if stack:
                stack.pop()
        else:
            stack.append(record)
    return stack


# -- the game file, looked at without a second descriptor ---------------------------------


def file_identity(path: str) -> tuple[int, int] | None:
    """(device, inode) of the file at `path` (by `stat`: no descriptor), None when there is
    none (":memory:", a URI, a file not made yet)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def _describes(fd: int, identity: tuple[int, int]) -> bool:
    try:
        found = os.fstat(fd)
    except OSError:
        return False
    return stat.S_ISREG(found.st_mode) and (found.st_dev, found.st_ino) == identity


def descriptor_of(identity: tuple[int, int]) -> int | None:
    """A descriptor this process already holds on the file `identity` (SQLite's), or None.

    Linux lists them in /proc/self/fd (the BSDs and macOS in /dev/fd); one `fstat` each, only
    when the one found before was closed: a few microseconds per hundred descriptors."""
    for listing in ("/proc/self/fd", "/dev/fd"):
        try:
            numbers = [int(name) for name in os.listdir(listing)]
        except (OSError, ValueError):
            continue
        for fd in numbers:
            if _describes(fd, identity):
                return fd
        return None
    return None


def read_head(path: str) -> bytes | None:
    """The first 16 bytes of the file at `path` (None: not a regular file, or unreadable),
    read through a descriptor the process already holds on it when there is one. Only when
    there is none does it open (and close) one: then the process holds no lock on the file
    that closing could drop (see `Store._head`)."""
    identity = file_identity(path)
    if identity is None:
        return None
    fd = descriptor_of(identity)
    if fd is not None:
        try:
            return os.pread(fd, len(SQLITE_HEADER), 0)
        except OSError:
            return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        return os.pread(fd, len(SQLITE_HEADER), 0) if _describes(fd, identity) else None
    except OSError:
        return None
    finally:
        os.close(fd)


def read_only_connection(path: str) -> sqlite3.Connection:
    """A connection that cannot write the file, its -wal or its -shm's data: `mode=ro`.

    It reads through the WAL of a live server, and closing it never checkpoints or deletes
    that WAL (only a connection that may write does, when it is the last one). Raises
    sqlite3.OperationalError when there is no file at `path`."""
    uri = Path(os.path.abspath(path)).as_uri() + "?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS, check_same_thread=False)


def check_before_opening(path: str, deep: bool = True) -> None:
    """The checks at start, before any connection that may write opens the file (a writing
    connection replays a WAL into the file at its first checkpoint, and deletes the WAL of
    an empty file): nothing here writes the file or its -wal. Raises DatabaseFault
    (`database_damaged`) when

    - the file does not start with SQLite's 16 bytes (written over: random bytes, a
      document), or is empty while its -wal holds moves (SQLite would delete the -wal);
    - a -wal left by a server that was killed holds moves, and the pages of the file and
      that WAL do not pass `PRAGMA quick_check` (a damaged page the first checkpoint would
      write beside). A server stopped cleanly leaves no -wal; the check reads the whole
      file (about 0.35 s per 100 MB, docs/operations.md "At start"). Not when `deep` is
      False: a reader (`companion games`) writes nothing, and beside a live server there
      is always a -wal."""
    head = read_head(path)
    if head is None:  # no file yet (SQLite makes it), or not a file (SQLite's error says)
        return
    wal = _size(path + "-wal")
    if head and head != SQLITE_HEADER:
        raise DatabaseFault(DAMAGED, f"{path} does not start as an SQLite database")
    if not head and wal:
        raise DatabaseFault(DAMAGED, f"{path} is empty but its -wal holds {wal} bytes")
    if not wal or not deep:
        return
    conn = read_only_connection(path)
    try:
        problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check(3)")]
    finally:
        conn.close()  # read-only: closing it neither checkpoints nor deletes the -wal
    if problems != ["ok"]:
        raise DatabaseFault(DAMAGED, f"{path} fails SQLite's check: {'; '.join(problems)}")


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


# -- a backup beside a live server ----------------------------------------------------------


class BackupRefused(StoreError):
    """`companion backup` will not write there (the live file, a file that is not a backup)."""

    code = "backup_refused"


@dataclass(frozen=True)
class Backup:
    """What `backup_database` saved."""

    path: str
    games: int
    records: int
    size: int


def backup_database(source: str, target: str) -> Backup:
    """Copy the game file `source` to `target` with SQLite's online backup API, consistent
    while a server writes to it: one read transaction of a `mode=ro` connection (it neither
    checkpoints nor deletes the server's WAL), into a new file beside `target` (0600: it
    holds the session secret), checked (`quick_check`), then renamed over `target`, so an
    interrupted backup never leaves half a file. `target` may be a former backup (an SQLite
    file without a -wal); never the live file, its -wal or -shm, or any other file.

    Raises BackupRefused, DatabaseFault and SQLite's errors for the source."""
    _check_backup_target(source, target)
    check_before_opening(source, deep=False)
    folder = os.path.dirname(os.path.abspath(target))
    partial = os.path.join(folder, f".{os.path.basename(target)}.{os.getpid()}.partial")
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
    try:
        reader = read_only_connection(source)
        copy = sqlite3.connect(partial)
        try:
            reader.backup(copy)  # all pages in one step: one snapshot of the file
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, no -wal beside it
            problems = [str(row[0]) for row in copy.execute("PRAGMA quick_check(3)")]
            if problems != ["ok"]:
                raise DatabaseFault(DAMAGED, f"the copy fails SQLite's check: {problems}")
            tables = {row[0] for row in copy.execute("SELECT name FROM sqlite_master")}
            games = records = 0
            if {"games", "records"} <= tables:
                games = copy.execute("SELECT count(*) FROM games").fetchone()[0]
                records = copy.execute("SELECT count(*) FROM records").fetchone()[0]
        finally:
            copy.close()
            reader.close()  # read-only: it leaves the server's WAL alone
        _sync(partial)
        os.replace(partial, target)
        _sync(folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise
    return Backup(target, int(games), int(records), os.stat(target).st_size)


def _check_backup_target(source: str, target: str) -> None:
    live = os.path.realpath(source)
    wanted = os.path.realpath(target)
    same = file_identity(target) is not None and file_identity(target) == file_identity(source)
    if same or wanted in (live, *(live + side for side in ("-wal", "-shm", "-journal"))):
        raise BackupRefused(
            f"{target} is the game file itself (or its -wal or -shm): give another name "
            "for the backup."
        )
    if os.path.isdir(target):
        raise BackupRefused(f"{target} is a folder: give a file name for the backup.")
    head = read_head(target)
    if head is not None and head and head != SQLITE_HEADER:
        raise BackupRefused(
            f"{target} exists and is not a database: it was left as it is. Give another name."
        )
    if _size(target + "-wal"):
        raise BackupRefused(
            f"{target} has a -wal beside it: a server may be using it. Give another name."
        )


def _sync(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Store:
    """Games on one SQLite file through one long-lived connection, thread-safe (a lock)."""

    def __init__(
        self,
        path: str | Path,
        engine: Engine | None = None,
        synchronous: str = DEFAULT_SYNCHRONOUS,
        read_only: bool = False,
    ) -> None:
        """Open the game file `path` (made when missing), after checks that write nothing.

        `read_only`: for `companion games` and `companion backup` beside a live server; the
        file is opened `mode=ro`, nothing is made or changed, and it may be a file the server
        would refuse to write (read-only). Raises DatabaseFault (and SQLite's errors) for a
        file that cannot be used (companion/faults.py)."""
        from companion.security import private_database

        self.path = str(path)
        self._engine = engine
        self._read_only = read_only
        # games idle this long are archived and their join codes retired (None: never)
        self.archive_after: timedelta | None = None
        if not read_only:
            private_database(self.path)  # 0600: the file holds the session secret
        # Serialises this process's use of the connection (a transaction holds it to its
        # commit, so no reader sees half of one); BEGIN IMMEDIATE serialises other processes.
        self._lock = threading.RLock()
        if synchronous not in SYNCHRONOUS_LEVELS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS_LEVELS)}")
        self._synchronous = synchronous
        self._conn: sqlite3.Connection | None = None
        self._database: sqlite_utils.Database | None = None
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        # the file the connection opened: (device, inode), whether it had SQLite's header,
        # when it was last checked, and the fault found (kept: no write goes in after it)
        self._file_id: tuple[int, int] | None = None
        self._file_had_header = False
        self._file_checked = 0.0
        self._file_fault: FileChanged | None = None
        # a descriptor SQLite holds on the file, through which its first bytes are read
        self._head_fd: int | None = None
        check_before_opening(self.path, deep=not read_only)
        self._no_games_table = False  # a read-only look at a file no server has written
        if not read_only:
            self._create_schema()
        else:
            with self._db() as db:
                self._no_games_table = "games" not in db.table_names()

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = default_engine()
        return self._engine

    # -- connections and schema ---------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        """The worker's one connection, opened on first use (WAL, a busy timeout)."""
        if self._conn is None:
            if self._read_only:
                conn = read_only_connection(self.path)
            else:
                conn = sqlite3.connect(
                    self.path, timeout=BUSY_TIMEOUT_SECONDS, check_same_thread=False
                )
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute(f"PRAGMA synchronous = {self._synchronous}")
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            self._conn = conn
            self._database = sqlite_utils.Database(conn)
            self._file_id, self._file_had_header = self._file_identity(), False
            self._file_fault = None
            self._check_file(always=True)
        return self._conn

    def close(self) -> None:
        """Close the connection (the next call opens it again)."""
        with self._lock:
            if self._conn is not None:
                if self._file_fault is None:
                    self._conn.close()
                else:  # closing would checkpoint into a file that is not ours
                    _ABANDONED.append(self._conn)
                self._conn = self._database = None
            self._live.clear()

    def _file_identity(self) -> tuple[int, int] | None:
        return file_identity(self.path)

    def _check_file(self, always: bool) -> None:
        """Raise FileChanged (503) when the game file is no longer the one the connection
        opened: another file put in its place or it was deleted (replaced), or its first
        bytes are no longer SQLite's (overwritten). SQLite itself would not notice: its
        open file handle and the WAL go on, and the next checkpoint would write into it."""
        if self._file_fault is not None:
            raise self._file_fault
        now = time.monotonic()
        if self._file_id is None or (not always and now - self._file_checked < FILE_CHECK_SECONDS):
            return
        self._file_checked = now
        fault = self._file_change()
        if fault is not None:
            self._file_fault = fault
            raise fault

    def _file_change(self) -> FileChanged | None:
        """The fault of a file changed under the connection, found by `stat` and a read
        through a descriptor SQLite already holds: never `open()` (see `_head`)."""
        if self._file_identity() != self._file_id:
            return FileChanged(REPLACED, f"{self.path} is not the file this server opened")
        head = self._head()
        if head is None:
            return None  # no descriptor to read through: the identity check is all we have
        if head == SQLITE_HEADER:
            self._file_had_header = True
        elif head or self._file_had_header:  # an empty file is a database not yet written
            return FileChanged(DAMAGED, f"{self.path} no longer starts as an SQLite database")
        return None

    def _head(self) -> bytes | None:
        """The file's first 16 bytes, read with `os.pread` through a descriptor SQLite
        opened (found once in /proc/self/fd, then checked by `fstat` before each use).

        Why not `open()` the path: on Linux (POSIX record locks) closing *any* descriptor of
        a file drops every lock the process holds on it, SQLite's included. Another process
        (`companion games`, the `sqlite3` tool, a DB browser) then believes it is alone,
        checkpoints and deletes the WAL under the running server, and every move saved
        after that is lost when the server stops (issue 18). A descriptor of our own kept
        open would only move the problem to whenever it is closed (and a second Store on
        the same file in one process would close it under the first one's connection);
        reading through SQLite (`sqlite_dbpage`) gives the page from the WAL or the cache,
        not the bytes on disk. SQLite's own descriptor is never closed by us."""
        if self._file_id is None:
            return None
        for _ in range(2):  # a descriptor closed (and its number reused) meanwhile: once more
            fd = self._head_fd
            if fd is None or not _describes(fd, self._file_id):
                fd = self._head_fd = descriptor_of(self._file_id)
                if fd is None:
                    return None
            try:
                head: bytes | None = os.pread(fd, len(SQLITE_HEADER), 0)
            except OSError:
                head = None  # unreadable: SQLite's own error says which fault
            if _describes(fd, self._file_id):
                return head
            self._head_fd = None
        return None

    @contextmanager
    def _db(self) -> Iterator[sqlite_utils.Database]:
        with self._lock:
            self._connection()
            self._check_file(always=False)
            assert self._database is not None
            yield self._database

    @contextmanager
    def _transaction(self) -> Iterator[sqlite_utils.Database]:
        """One write transaction: all of it is committed, or none of it."""
        with self._db() as db:
            self._check_file(always=True)  # never a write into a file that is not ours
            # IMMEDIATE takes the write lock before we read the version we check.
            self._begin_immediate(db.conn)
            with db.conn:  # commits on success, rolls back on any exception
                yield db

    @staticmethod
    def _begin_immediate(conn: sqlite3.Connection) -> None:
        """BEGIN IMMEDIATE, waiting for another worker's write in short sleeps of our own.

        SQLite's busy handler sleeps inside C (up to 100 ms at a time), which under gevent
        stops every device of the worker; `time.sleep` here yields to them instead.
        """
        deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
        delay = 0.0002
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            while True:
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as error:
                    busy = "locked" in str(error) or "busy" in str(error)
                    if not busy or time.monotonic() > deadline:
                        raise
                time.sleep(delay)
                delay = min(delay * 2, 0.005)
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")

    def _create_schema(self) -> None:
        with self._db() as db:
            if "games" not in db.table_names():
                db["games"].create(
                    {
                        "id": str,
                        "join_code": str,
                        "created_at": str,
                        "updated_at": str,
                        "title": str,
                        "setup": str,
                        "setup_outcome": str,
                        "version": int,
                        "round": int,
                        "phase": str,
                        "players": str,
                        "finished": int,
                    },
                    pk="id",
                    not_null={"join_code", "setup", "version"},
                )
                db["games"].create_index(["join_code"], unique=True)
            if "records" not in db.table_names():
                db["records"].create(
                    {
                        "game_id": str,
                        "seq": int,
                        "kind": str,
                        "command": str,
                        "events": str,
                        "instructions": str,
                        "version_after": int,
                        "created_at": str,
                    },
                    pk=("game_id", "seq"),
                    foreign_keys=[("game_id", "games", "id")],
                )
            if "snapshots" not in db.table_names():
                db["snapshots"].create(
                    {"game_id": str, "version": int, "state": str},
                    pk=("game_id", "version"),
                    foreign_keys=[("game_id", "games", "id")],
                )
            if "settings" not in db.table_names():
                db["settings"].create({"key": str, "value": str}, pk="key")
            if "archived_at" not in db["games"].columns_dict:  # databases made before issue 12
                db["games"].add_column("archived_at", str)
                db["games"].add_column("retired_code", str)

    # -- settings -----------------------------------------------------------------------

    def secret_key(self) -> str:
        """This installation's session secret, made once and kept in the database."""
        with self._transaction() as db:
            rows = list(db.query("SELECT value FROM settings WHERE key = 'secret_key'"))
            if rows:
                return str(rows[0]["value"])
            key = secrets.token_hex(32)
            db["settings"].insert({"key": "secret_key", "value": key})
            return key

    # -- games --------------------------------------------------------------------------

    def create_game(self, setup: dict[str, Any], title: str = "") -> Committed:
        """Start a game from a setup payload (`engine.new_game`) and give it a join code.

        Raises the engine's `CommandError`/`RuleViolation` for a setup it refuses.
        """
        outcome = self.engine.new_game(setup)
        state_json = self.engine.to_json(outcome.state)
        game_id = secrets.token_hex(6)
        now = _now()
        setup_outcome = {"events": outcome.events, "instructions": outcome.instructions}
        with self._transaction() as db:
            code = self._unused_join_code(db)
            db["games"].insert(
                {
                    "id": game_id,
                    "join_code": code,
                    "created_at": now,
                    "updated_at": now,
                    "title": title or f"Game of {now[:10]}",
                    "setup": _dumps(setup),
                    "setup_outcome": stored_dumps(setup_outcome),
                    "version": 0,
                    "round": state_json.get("round", 1),
                    "phase": state_json.get("phase", ""),
                    "players": _dumps(players_summary(state_json)),
                    "finished": int(bool(state_json.get("finished", False))),
                }
            )
            db["snapshots"].insert(
                {"game_id": game_id, "version": 0, "state": stored_dumps(state_json)}
            )
        record = {"seq": 0, "kind": "setup", **setup_outcome, "version_after": 0}
        return Committed(game_id, 0, outcome.state, record)

    def _unused_join_code(self, db: sqlite_utils.Database) -> str:
        while True:
            code = new_join_code()
            if not list(db.query("SELECT 1 FROM games WHERE join_code = ?", [code])):
                return code

    def list_games(self, ids: list[str] | None = None) -> list[dict[str, Any]]:
        """Game summaries, newest first; only `ids` when given (a device's joined games)."""
        if self._no_games_table:
            return []
        with self._db() as db:
            if ids is None:
                rows = db.query("SELECT * FROM games ORDER BY updated_at DESC, created_at DESC")
            else:
                marks = ",".join("?" for _ in ids) or "NULL"
                rows = db.query(
                    f"SELECT * FROM games WHERE id IN ({marks}) "
                    "ORDER BY updated_at DESC, created_at DESC",
                    ids,
                )
            return [self._summary(row) for row in rows]

    def game(self, game_id: str) -> dict[str, Any]:
        """The summary of one game. Raises GameNotFound."""
        with self._db() as db:
            return self._summary(self._game_row(db, game_id))

    def game_by_code(self, code: str) -> dict[str, Any]:
        """The game a join code opens. Raises GameNotFound, GameArchived."""
        self.retire_idle_games()
        code = normalize_join_code(code)
        with self._db() as db:
            rows = list(db.query("SELECT * FROM games WHERE join_code = ?", [code]))
            if rows:
                return self._summary(rows[0])
            retired = list(
                db.query(
                    "SELECT archived_at FROM games WHERE retired_code = ? "
                    "ORDER BY archived_at DESC LIMIT 1",
                    [code],
                )
            )
        if retired:
            raise GameArchived(
                words.say(
                    "This code belonged to a game archived on {date}; it no longer opens it. "
                    "Ask the table for the code of their current game.",
                    date=retired[0]["archived_at"][:10],
                )
            )
        raise GameNotFound(words.say("No game has this join code. Check the code on the tablet."))

    def retire_idle_games(self) -> int:
        """Archive the games without a move for `archive_after` and retire their join codes.

        A finished game and an abandoned one alike: nothing more will be done with its code.
        The game itself is kept whole (records, snapshots); devices that joined it keep it.
        A retired code can never match (`~` is dropped from typed codes), and stays in
        `retired_code` so a late joiner is told the game was archived. Returns how many.
        """
        if self.archive_after is None:
            return 0
        cutoff = (datetime.now(UTC) - self.archive_after).isoformat(timespec="seconds")
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE games SET archived_at = ?, retired_code = join_code, "
                "join_code = '~' || id WHERE archived_at IS NULL AND updated_at < ?",
                [_now(), cutoff],
            )
            return int(cursor.rowcount)

    def setup_outcome(self, game_id: str) -> dict[str, Any]:
        """The events and instructions of the setup (e.g. the board checklist)."""
        with self._db() as db:
            stored = json.loads(self._game_row(db, game_id)["setup_outcome"] or "{}")
        return dict(words.from_json(stored))

    # -- moving a game between servers (companion/transfer.py) ---------------------------

    def stored_game(self, game_id: str) -> dict[str, Any]:
        """The game as its rows are stored (texts of JSON, sentences as catalogue keys), for
        an export that `companion import` brings back as it was. Raises GameNotFound."""
        with self._db() as db:
            row = self._game_row(db, game_id)
            live = self._live_game(db, game_id)
            records = list(
                db.query(
                    "SELECT seq, kind, command, events, instructions, version_after, created_at "
                    "FROM records WHERE game_id = ? ORDER BY seq",
                    [game_id],
                )
            )
            state = stored_dumps(self._stored_json(live.view))
        game = {key: row.get(key) for key in STORED_GAME_FIELDS}
        return {"format": STORED_FORMAT, "game": game, "records": records, "state": state}

    def same_game(self, game: dict[str, Any]) -> dict[str, Any] | None:
        """The summary of the game already here that `game` (a stored game's row) is a copy
        of: the same start (creation time and setup; its id when it kept it), else None. Two
        games started in the same second with the same setup, seed included, are one."""
        with self._db() as db:
            return self._same_game(db, game)

    def _same_game(self, db: sqlite_utils.Database, game: dict[str, Any]) -> dict[str, Any] | None:
        rows = db.query(
            "SELECT * FROM games WHERE created_at = ? AND setup = ? ORDER BY id = ? DESC",
            [game["created_at"], game["setup"], game["id"]],
        )
        return next((self._summary(row) for row in rows), None)

    def add_stored_game(
        self,
        game: dict[str, Any],
        records: list[dict[str, Any]],
        snapshots: dict[int, str],
        summary: dict[str, Any],
    ) -> tuple[dict[str, Any], bool]:
        """Write a game checked by `companion/transfer.py`: its row (`game`, the stored
        fields), `records` as stored, `snapshots` (version → stored state) and the `summary`
        columns of its last version (round, phase, players, finished). It keeps its id and
        join code unless this server already uses them (then new ones); it starts its idle
        time again (`updated_at` now), so its code joins for the archive period. Returns the
        summary of the game here and whether it was already here (`same_game`: then nothing
        is written)."""
        with self._transaction() as db:
            here = self._same_game(db, game)
            if here is not None:
                return here, True
            game_id = game["id"]
            if list(db.query("SELECT 1 FROM games WHERE id = ?", [game_id])):
                game_id = secrets.token_hex(6)
            # an archived game's code is kept as its retired code: it comes back live
            code = str(game.get("retired_code") or game.get("join_code") or "")
            usable = len(code) == JOIN_CODE_LENGTH and all(c in JOIN_CODE_ALPHABET for c in code)
            if not usable or list(db.query("SELECT 1 FROM games WHERE join_code = ?", [code])):
                code = self._unused_join_code(db)
            db["games"].insert(
                {
                    "id": game_id,
                    "join_code": code,
                    "created_at": game["created_at"],
                    "updated_at": _now(),
                    "title": game["title"],
                    "setup": game["setup"],
                    "setup_outcome": game["setup_outcome"],
                    "version": game["version"],
                    "round": summary["round"],
                    "phase": summary["phase"],
                    "players": _dumps(summary["players"]),
                    "finished": int(summary["finished"]),
                    "archived_at": None,
                    "retired_code": None,
                }
            )
            db["records"].insert_all({**record, "game_id": game_id} for record in records)
            db["snapshots"].insert_all(
                {"game_id": game_id, "version": version, "state": state}
                for version, state in sorted(snapshots.items())
            )
            return self._summary(self._game_row(db, game_id)), False

    def delete_game(self, game_id: str) -> None:
        """Delete a game with its records and snapshots. Raises GameNotFound."""
        with self._transaction() as db:
            self._game_row(db, game_id)
            db.execute("DELETE FROM snapshots WHERE game_id = ?", [game_id])
            db.execute("DELETE FROM records WHERE game_id = ?", [game_id])
            db.execute("DELETE FROM games WHERE id = ?", [game_id])
            self._live.pop(game_id, None)

    @staticmethod
    def _game_row(db: sqlite_utils.Database, game_id: str) -> dict[str, Any]:
        rows = list(db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            raise GameNotFound(words.say("There is no game {game}.", game=repr(game_id)))
        return rows[0]

    @staticmethod
    def _version(db: sqlite_utils.Database, game_id: str) -> int:
        """The game's version on file (one indexed column, not the whole row: every tap
        checks it twice). Raises GameNotFound."""
        row = db.conn.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None:
            raise GameNotFound(f"There is no game {game_id!r}.")
        return int(row[0])

    @staticmethod
    def _summary(row: dict[str, Any]) -> dict[str, Any]:
        archived = bool(row.get("archived_at"))
        return {
            "id": row["id"],
            # an archived game shows its retired code: trying it says the game was archived
            "join_code": row["retired_code"] if archived else row["join_code"],
            "title": row["title"],
            "created_at": row["created_at"],
            "updated_at": row["updated_at"],
            "version": row["version"],
            "round": row["round"],
            "phase": row["phase"],
            "players": json.loads(row["players"] or "[]"),
            "finished": bool(row["finished"]),
            "setup": json.loads(row["setup"]),
            "archived_at": row.get("archived_at"),
        }

    # -- live games ---------------------------------------------------------------------

    def _live_game(self, db: sqlite_utils.Database, game_id: str) -> LiveGame:
        """The game in memory at the version SQLite holds now (loaded when it is not).

        Raises GameNotFound. Call with the lock held (inside `_db` or `_transaction`).
        """
        live = self._live.get(game_id)
        if live is not None and live.version == self._version(db, game_id):
            self._live.move_to_end(game_id)
            return live
        live = self._load_live(db, self._game_row(db, game_id))
        self._keep(game_id, live)
        return live

    def _load_live(self, db: sqlite_utils.Database, row: dict[str, Any]) -> LiveGame:
        game_id, version = row["id"], int(row["version"])
        setup = json.loads(row["setup"])
        kinds = db.query(
            "SELECT seq, kind, version_after FROM records WHERE game_id = ? ORDER BY seq",
            [game_id],
        )
        in_force = [(r["seq"], r["version_after"]) for r in effective_commands(list(kinds))]
        snap = list(
            db.query(
                "SELECT state FROM snapshots WHERE game_id = ? AND version = ?", [game_id, version]
            )
        )
        if snap:
            state = self.engine.from_json(words.from_json(json.loads(snap[0]["state"])))
        else:  # no snapshot of the current version (pruned or never written): fold the log
            state = self.engine.rebuild(setup, self._records_in_force(db, game_id, in_force))
        return LiveGame(version, state, self._view(state), setup, in_force)

    def _keep(self, game_id: str, live: LiveGame) -> None:
        self._live[game_id] = live
        self._live.move_to_end(game_id)
        while len(self._live) > LIVE_GAMES_KEPT:
            self._live.popitem(last=False)

    def _view(self, state: Any) -> dict[str, Any]:
        return (self.engine.view or self.engine.to_json)(state)

    def _stored_json(self, view: dict[str, Any]) -> dict[str, Any]:
        """The state JSON a snapshot keeps, taken from the view already made for devices."""
        return self.engine.unview(view) if self.engine.unview else view

    def view(self, game_id: str) -> tuple[int, dict[str, Any]]:
        """The current (version, view) as devices draw it, from memory. Raises GameNotFound.

        The view is shared: callers must not change it.
        """
        with self._db() as db:
            live = self._live_game(db, game_id)
            return live.version, live.view

    def options(self, game_id: str, player: str | None = None) -> tuple[int, dict[str, Any]]:
        """The legal options now (of `player`, or of whoever acts), computed once a version."""
        version, _, options = self.view_and_options(game_id, player)
        return version, options

    def view_and_options(
        self, game_id: str, player: str | None = None
    ) -> tuple[int, dict[str, Any], dict[str, Any]]:
        """(version, view, legal options) of one and the same version (a catch-up)."""
        with self._db() as db:
            live = self._live_game(db, game_id)
            if player not in live.options:
                live.options[player] = self.engine.legal_options(live.state, player)
            return live.version, live.view, live.options[player]

    # -- state --------------------------------------------------------------------------

    def state(self, game_id: str) -> tuple[int, Any]:
        """The current (version, state), a copy the caller may change. Raises GameNotFound."""
        with self._db() as db:
            live = self._live_game(db, game_id)
            return live.version, pickle.loads(pickle.dumps(live.state, pickle.HIGHEST_PROTOCOL))

    def rebuild_state(self, game_id: str) -> Any:
        """The current state folded from setup + stored events alone (ignores snapshots)."""
        with self._db() as db:
            row = self._game_row(db, game_id)
            records = effective_commands(self._records(db, game_id))
            return self.engine.rebuild(json.loads(row["setup"]), records)

    # -- records ------------------------------------------------------------------------

    def records(self, game_id: str) -> list[dict[str, Any]]:
        """Every record of a game in order, each marked `undone` when an undo cancelled it."""
        with self._db() as db:
            self._game_row(db, game_id)
            records = self._records(db, game_id)
        in_force = {r["seq"] for r in effective_commands(records)}
        for record in records:
            record["undone"] = record["kind"] in COMMAND_KINDS and record["seq"] not in in_force
        return records

    def recent_records(self, game_id: str, count: int) -> list[dict[str, Any]]:
        """The last `count` records in order, marked `undone` like `records` (one query)."""
        with self._db() as db:
            live = self._live_game(db, game_id)
            rows = db.query(
                "SELECT * FROM records WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
                [game_id, count],
            )
            records = [self._record(row) for row in rows][::-1]
        in_force = {seq for seq, _ in live.in_force}
        for record in records:
            record["undone"] = record["kind"] in COMMAND_KINDS and record["seq"] not in in_force
        return records

    @staticmethod
    def _record(row: dict[str, Any]) -> dict[str, Any]:
        return {
            "seq": row["seq"],
            "kind": row["kind"],
            "command": json.loads(row["command"]),
            "events": words.from_json(json.loads(row["events"])),
            "instructions": words.from_json(json.loads(row["instructions"])),
            "version_after": row["version_after"],
            "created_at": row["created_at"],
        }

    @classmethod
    def _records(cls, db: sqlite_utils.Database, game_id: str) -> list[dict[str, Any]]:
        rows = db.query("SELECT * FROM records WHERE game_id = ? ORDER BY seq", [game_id])
        return [cls._record(row) for row in rows]

    @classmethod
    def _record_at(cls, db: sqlite_utils.Database, game_id: str, seq: int) -> dict[str, Any]:
        rows = db.query("SELECT * FROM records WHERE game_id = ? AND seq = ?", [game_id, seq])
        return cls._record(next(iter(rows)))

    @classmethod
    def _records_in_force(
        cls, db: sqlite_utils.Database, game_id: str, in_force: list[tuple[int, int]]
    ) -> list[dict[str, Any]]:
        wanted = {seq for seq, _ in in_force}
        return [r for r in cls._records(db, game_id) if r["seq"] in wanted]

    def submit(self, game_id: str, command: dict[str, Any], expected_version: int) -> Committed:
        """Execute `command` on the current state and commit it, or change nothing.

        Raises GameNotFound, StaleVersion (the game moved on since `expected_version`) and the
        engine's RuleViolation / CommandError.
        """
        if self.engine.load_command is not None:
            command = self.engine.load_command(command)  # a malformed one: ValidationError
        # The lock is held throughout: the engine may work on the live state itself
        # (`_execute`), which no other device may read half-changed.
        with self._lock:
            with self._db() as db:
                live = self._checked_live(db, game_id, expected_version)
            try:
                return self._commit(game_id, live, command)
            except BaseException:
                # the engine may have changed the live state before it refused (or the commit
                # failed): the game is read from its snapshot again on its next use
                self._live.pop(game_id, None)
                raise

    def _commit(self, game_id: str, live: LiveGame, command: dict[str, Any]) -> Committed:
        outcome = self._execute(live, command)
        kind = "correction" if command.get("type") == "correct" else "command"
        # the engine's parsed command: nothing it does not know reaches the log
        parsed = getattr(outcome, "command", None) or command
        view = self._view(outcome.state)
        with self._transaction() as db:
            current = self._version(db, game_id)
            if current != live.version:  # another worker was first
                raise StaleVersion(live.version, current, game_id)
            in_force = [*live.in_force, (live.version + 1, live.version + 1)]
            record = self._append(
                db, game_id, live.version, kind, parsed, outcome.events,
                outcome.instructions, view, in_force,
            )
        # committed: only now does memory (and so any device) see the new version
        self._keep(game_id, LiveGame(live.version + 1, outcome.state, view, live.setup, in_force))
        return Committed(game_id, live.version + 1, outcome.state, record, view, live.view)

    def _execute(self, live: LiveGame, command: dict[str, Any]) -> Any:
        """The engine's outcome of `command`, worked on the live state itself: no copy of
        the state a tap (docs/operations.md "Where a tap's CPU goes"). The snapshot each
        commit writes is the state before the next command, should it be refused."""
        if self.engine.execute_in_place is None:
            return self.engine.execute(live.state, command)
        return self.engine.execute_in_place(live.state, command)

    def undo_preview(self, game_id: str) -> dict[str, Any]:
        """The record an undo would revert now. Raises GameNotFound, NothingToUndo."""
        with self._db() as db:
            live = self._live_game(db, game_id)
            if not live.in_force:
                raise NothingToUndo()
            return self._record_at(db, game_id, live.in_force[-1][0])

    def undo(self, game_id: str, expected_version: int) -> Committed:
        """Revert the last command still in force by appending an undo record.

        The state after an undo is the state right after the command in force before the
        undone one (the records in force then were exactly those left now): its snapshot,
        else folded from the stored events — never re-decided.
        Raises GameNotFound, StaleVersion, NothingToUndo.
        """
        with self._lock:
            with self._transaction() as db:
                live = self._checked_live(db, game_id, expected_version)
                if not live.in_force:
                    raise NothingToUndo()
                undone = self._record_at(db, game_id, live.in_force[-1][0])
                left = live.in_force[:-1]
                state = self._state_after(db, game_id, live, left)
                view = self._view(state)
                command = {"type": "undo", "undoes": undone["seq"]}
                record = self._append(
                    db, game_id, live.version, "undo", command, [], [], view, left
                )
            new_version = live.version + 1
            self._keep(game_id, LiveGame(new_version, state, view, live.setup, left))
        record["undone_record"] = undone
        return Committed(game_id, new_version, state, record, view, live.view)

    def _state_after(
        self,
        db: sqlite_utils.Database,
        game_id: str,
        live: LiveGame,
        in_force: list[tuple[int, int]],
    ) -> Any:
        """The state once exactly `in_force` was applied: its snapshot, or a fold."""
        version = in_force[-1][1] if in_force else 0
        snap = list(
            db.query(
                "SELECT state FROM snapshots WHERE game_id = ? AND version = ?", [game_id, version]
            )
        )
        if snap:
            return self.engine.from_json(words.from_json(json.loads(snap[0]["state"])))
        return self.engine.rebuild(live.setup, self._records_in_force(db, game_id, in_force))

    def _checked_live(
        self, db: sqlite_utils.Database, game_id: str, expected_version: int
    ) -> LiveGame:
        live = self._live_game(db, game_id)
        if live.version != expected_version:
            raise StaleVersion(expected_version, live.version, game_id)
        return live

    def _append(
        self,
        db: sqlite_utils.Database,
        game_id: str,
        version: int,
        kind: str,
        command: dict[str, Any],
        events: list[dict[str, Any]],
        instructions: list[dict[str, Any]],
        view: dict[str, Any],
        in_force: list[tuple[int, int]],
    ) -> dict[str, Any]:
        """Write record, game row and snapshot (inside the caller's transaction); prune the
        snapshots older than the last SNAPSHOTS_KEPT commands in force after it (`in_force`:
        the states undo goes back to)."""
        new_version = version + 1
        now = _now()
        record = {
            "seq": new_version,
            "kind": kind,
            "command": command,
            "events": events,
            "instructions": instructions,
            "version_after": new_version,
            "created_at": now,
        }
        db.execute(
            "INSERT INTO records (game_id, seq, kind, command, events, instructions, "
            "version_after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game_id, new_version, kind, _dumps(command), stored_dumps(events),
                stored_dumps(instructions), new_version, now,
            ],
        )
        db.execute(
            "UPDATE games SET version = ?, updated_at = ?, round = ?, phase = ?, players = ?, "
            "finished = ? WHERE id = ?",
            [
                new_version,
                now,
                view.get("round", 0),
                view.get("phase", ""),
                _dumps(players_summary(view)),
                int(bool(view.get("finished", False))),
                game_id,
            ],
        )
        db.execute(
            "INSERT INTO snapshots (game_id, version, state) VALUES (?, ?, ?)",
            [game_id, new_version, stored_dumps(self._stored_json(view))],
        )
        kept_from = in_force[-SNAPSHOTS_KEPT][1] if len(in_force) >= SNAPSHOTS_KEPT else 0
        db.execute(
            "DELETE FROM snapshots WHERE game_id = ? AND version < ?", [game_id, kept_from]
        )
        return record
