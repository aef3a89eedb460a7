"""Issue 18, "No other reader can cost a move": whatever opens the game file beside a running
server — `companion games`, `companion backup`, `companion import`, the `sqlite3` tool, a DB
browser (Python's `sqlite3` in another process stands in for one), an online backup — every
move the server acknowledged is there after it stops, killed (SIGKILL) or stopped (Ctrl+C),
and the backup made during play holds every move acknowledged before it.

The cause this guards against: on Linux, closing *any* descriptor of a file drops every POSIX
lock the process holds on it, SQLite's included. The server opened and closed the game file
before every write (to check its first bytes); the next reader then believed it was alone,
checkpointed and deleted the server's WAL, and every move acknowledged after that went into
a deleted file: 10 of 10 lost at the next stop. The last test checks the cause directly: the
store's checks never open the file.
"""

from __future__ import annotations

import builtins
import io
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
import requests
import web_fake_engine as fake_engine
from web_support import SETUP as FAKE_SETUP

from companion import store as store_module
from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 11,
    "seats": [{"company": "usa", "name": "Ana"}, {"company": "germany", "name": "Bo"}],
}
MOVES_BETWEEN = 2  # acknowledged moves after each reader
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}


def free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Server:
    """`companion serve` (the default gevent mode) on one file, as a person starts it."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        argv = [sys.executable, "-m", "companion", "serve", "--host", HOST]
        self.proc = subprocess.Popen(
            [*argv, "--port", str(self.port), "--db", str(self.db)],
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return
            except requests.ConnectionError:
                pass
            assert self.proc.poll() is None, "the server stopped at start"
            time.sleep(0.05)
        raise AssertionError("the server did not start")

    def stop(self, how: signal.Signals) -> None:
        assert self.proc is not None
        self.proc.send_signal(how)
        self.proc.wait(30)

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.stop(signal.SIGKILL)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "table.db")
    running.start()
    yield running
    running.close()


def offered(options: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(options, dict):
        if isinstance(options.get("command"), dict):
            found.append(options["command"])
        for key, value in options.items():
            if key != "command":
                found += offered(value)
    elif isinstance(options, list):
        for value in options:
            found += offered(value)
    return found


class Table:
    """A tablet playing over HTTP; `acknowledged` holds every version the server confirmed."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.http = requests.Session()
        created = self.http.post(f"{server.url}/api/games", json={"setup": SETUP}, timeout=30)
        assert created.status_code == 201, created.text
        self.game_id = created.json()["game"]["id"]
        self.acknowledged: list[int] = []

    def play(self, moves: int) -> None:
        base = f"{self.server.url}/api/games/{self.game_id}"
        for _ in range(moves):
            answer = self.http.get(f"{base}/options", timeout=30).json()
            command = offered(answer["options"])[0]
            body = {"command": command, "version": answer["version"]}
            done = self.http.post(f"{base}/commands", json=body, timeout=30)
            assert done.status_code == 200, done.text
            self.acknowledged.append(done.json()["version"])

    def versions_on_file(self) -> list[int]:
        log = self.http.get(f"{self.server.url}/api/games/{self.game_id}/log", timeout=30)
        assert log.status_code == 200, log.text
        return [entry["seq"] for entry in log.json()["entries"]]


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, env=ENV, cwd=ROOT)


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return run(sys.executable, "-m", "companion", *args)


def python(code: str) -> subprocess.CompletedProcess[str]:
    return run(sys.executable, "-c", code)


def readers(db: Path, folder: Path, table: Table) -> dict[str, Any]:
    """Each way another process opens the file during play (name → how to run it)."""
    copy = folder / "online-backup.db"

    def import_again() -> subprocess.CompletedProcess[str]:
        # a writing connection beside the server (the game is there: it writes nothing)
        exported = folder / "game.json"
        url = f"{table.server.url}/api/games/{table.game_id}/export.json"
        exported.write_bytes(table.http.get(url, timeout=30).content)
        return companion("import", str(exported), "--db", str(db))

    found: dict[str, Any] = {
        "companion games": lambda: companion("games", "--db", str(db)),
        "companion backup": lambda: companion("backup", str(folder / "backup.db"), "--db", str(db)),
        "companion import": import_again,
        # what a DB browser does: a read-write connection that reads, then closes
        "a DB browser (Python's sqlite3)": lambda: python(
            f"import sqlite3; c = sqlite3.connect({str(db)!r}); "
            "print(c.execute('SELECT count(*) FROM records').fetchone()[0]); c.close()"
        ),
        # SQLite's online backup API from another process
        "an online backup": lambda: python(
            f"import sqlite3; s = sqlite3.connect({str(db)!r}); t = sqlite3.connect("
            f"{str(copy)!r}); s.backup(t); t.close(); s.close()"
        ),
    }
    if shutil.which("sqlite3"):  # Debian's `sqlite3` package (scripts/test installs it)
        found["the sqlite3 tool"] = lambda: run(
            "sqlite3", str(db), "SELECT count(*) FROM records;", ".backup " + str(copy)
        )
    return found


# SIGKILL: nothing of the server's runs at the stop; SIGINT (Ctrl+C): it stops as it would at
# the table (SIGTERM ends Python as SIGKILL does: no handler runs)
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGINT], ids=lambda s: s.name)
def test_every_acknowledged_move_survives_other_readers_and_the_stop(
    server: Server, tmp_path: Path, stop: signal.Signals
) -> None:
    table = Table(server)
    table.play(MOVES_BETWEEN)
    wal_deleted_by, failed = [], {}
    for name, reader in readers(server.db, tmp_path, table).items():
        done = reader()
        if done.returncode != 0:
            failed[name] = done.stderr
        if name == "companion backup":
            in_backup, backup_said = list(table.acknowledged), done.stdout
        if not Path(f"{server.db}-wal").exists():
            wal_deleted_by.append(name)  # the symptom: the live server's WAL unlinked
        table.play(MOVES_BETWEEN)
    server.stop(stop)
    server.start()
    kept = table.versions_on_file()
    lost = [version for version in table.acknowledged if version not in kept]
    assert not lost, (
        f"{len(lost)} of {len(table.acknowledged)} acknowledged moves lost after "
        f"{stop.name}; the server's WAL was deleted by: {wal_deleted_by}"
    )
    assert not wal_deleted_by
    assert not failed
    assert kept == list(range(1, len(table.acknowledged) + 1))
    said = f"Saved 1 game with {len(in_backup)} logged moves (undos included) from "
    assert backup_said.startswith(said)
    backup = tmp_path / "backup.db"
    with closing(sqlite3.connect(backup)) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert [row[0] for row in copy.execute("SELECT seq FROM records")] == in_backup
    assert not Path(f"{backup}-wal").exists()  # one file, ready to be copied elsewhere


def test_the_store_never_opens_its_file_while_its_connection_lives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cause itself: no `open()` of the game file (or its -wal, -shm) by Python code in
    the server process after the connection is made — writes, reads, file checks. SQLite's
    own descriptors are opened in C and never closed under it."""
    db = tmp_path / "watched.db"
    store = Store(db, engine=fake_engine.ENGINE)
    monkeypatch.setattr(store_module, "FILE_CHECK_SECONDS", 0.0)  # a check at every read
    opened: list[str] = []
    watched = {str(db), f"{db}-wal", f"{db}-shm"}

    def spy(real: Any) -> Any:
        def opening(path: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, (str, os.PathLike)) and os.path.abspath(path) in watched:
                opened.append(str(path))
            return real(path, *args, **kwargs)

        return opening

    monkeypatch.setattr(builtins, "open", spy(builtins.open))
    monkeypatch.setattr(io, "open", spy(io.open))
    monkeypatch.setattr(os, "open", spy(os.open))
    game_id = store.create_game(FAKE_SETUP, title="Watched").game_id
    for version in range(5):
        store.submit(game_id, {"type": "score", "player": "usa", "vp": 1}, version)
        store.view(game_id)
        store.list_games()
    store.undo(game_id, 5)
    assert opened == []
    # and the file is still checked: its first bytes, read through SQLite's descriptor
    with open(db, "r+b") as file:  # (after the spy: a person damaging it)
        file.write(b"\0" * 16)
    with pytest.raises(sqlite3.DatabaseError) as raised:
        store.view(game_id)
    assert raised.value.fault.code == "database_damaged"  # type: ignore[attr-defined]
    store.close()
