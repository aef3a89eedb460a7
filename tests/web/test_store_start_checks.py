"""Issue 18, "A damaged file is never written over", "a read-only file is refused".

At start the checks look at the game file without writing: its first 16 bytes (SQLite's
header) read without a connection, and — when a killed server left moves in a -wal — SQLite's
`quick_check` through a read-only connection, before any connection that may write opens it.
A writing connection would replay the WAL into the damaged file at its first checkpoint and
delete the WAL (SQLite deletes the -wal of an empty file at once): the moves people were
told to keep in the -wal would be gone. A file whose owner took write permission away is
refused, not made writable. Each case hashes the file and its -wal before and after.
"""

from __future__ import annotations

import hashlib
import os
import socket
import sqlite3
import stat
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from companion import cli
from companion.faults import EXIT_DATABASE_FAULT, DatabaseFault
from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
PAGE = 4096
# a server that played `moves` moves and was killed: its moves are in the -wal only
KILLED_SERVER = """
import os, sys
from companion.store import Store
store = Store(sys.argv[1])
setup = {"mode": "introductory", "deals": "app", "seed": 3,
         "seats": [{"company": "usa", "name": "Ana"}, {"company": "germany", "name": "Bo"}]}
if len(sys.argv) > 3:  # games first, checkpointed into the file by a clean close
    for _ in range(int(sys.argv[3])):
        store.create_game(setup)
    store.close()
game = store.create_game(setup).game_id
for version in range(int(sys.argv[2])):
    options = store.options(game)[1]
    command = next(c["command"] for a in options["actions"] for c in a["choices"])
    store.submit(game, command, version)
os._exit(0)  # SIGKILL's effect: no close, no checkpoint
"""


def killed_server(db: Path, moves: int, games_before: int = 0) -> None:
    argv = [sys.executable, "-c", KILLED_SERVER, str(db), str(moves)]
    if games_before:
        argv.append(str(games_before))
    subprocess.run(argv, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert Path(f"{db}-wal").stat().st_size > 0, "the moves are in the -wal"


def fingerprint(db: Path) -> dict[str, str | None]:
    """SHA-256 of the file and its -wal (None: not there)."""
    found: dict[str, str | None] = {}
    for side in ("", "-wal"):
        path = Path(f"{db}{side}")
        found[side or "file"] = (
            hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None
        )
    return found


def free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: Path, *options: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", *options]
    return subprocess.run(
        [*argv, "--port", str(free_port()), "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_a_damaged_file_with_moves_in_its_wal_is_refused_and_both_are_left_as_they_were(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's case: a server killed with 20 moves in its WAL, then the file overwritten
    with random bytes, then `companion serve` (and `games`, `backup`, an import)."""
    db = tmp_path / "table.db"
    killed_server(db, moves=20)
    db.write_bytes(os.urandom(db.stat().st_size))
    before = fingerprint(db)

    done = serve(db)
    assert done.returncode == EXIT_DATABASE_FAULT
    assert "Traceback" not in done.stderr and "is running" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(
        f"Cannot use the game file {db}: it is not a Barrage Companion database or it is damaged"
    )
    assert "It was left as it was, with its -wal: keep both" in lines[0]
    assert fingerprint(db) == before

    workers = serve(db, "--workers", "2", "--redis", "redis://127.0.0.1:1/0")
    assert workers.returncode == EXIT_DATABASE_FAULT
    assert workers.stderr.strip() == done.stderr.strip()  # the same line, no worker started
    assert fingerprint(db) == before

    for command in (["games"], ["backup", str(tmp_path / "copy.db")]):
        assert cli.main([*command, "--db", str(db)]) == EXIT_DATABASE_FAULT, command
        assert "it is damaged" in capsys.readouterr().err
        assert fingerprint(db) == before
    assert not (tmp_path / "copy.db").exists()


def test_an_empty_file_beside_a_wal_is_refused_not_emptied_further(tmp_path: Path) -> None:
    """SQLite deletes the -wal of an empty database file as it opens it."""
    db = tmp_path / "table.db"
    killed_server(db, moves=3)
    db.write_bytes(b"")
    before = fingerprint(db)
    with pytest.raises(DatabaseFault) as refused:
        Store(db)
    assert refused.value.fault.code == "database_damaged"
    assert "is empty but its -wal holds" in str(refused.value)
    assert fingerprint(db) == before


def test_a_damaged_page_behind_a_good_header_is_found_before_the_wal_is_replayed(
    tmp_path: Path,
) -> None:
    db = tmp_path / "table.db"
    killed_server(db, moves=2, games_before=30)  # 30 games in the file, 2 moves in the -wal
    pages = db.stat().st_size // PAGE
    assert pages > 10
    with open(db, "r+b") as file:  # every page but the first (the header, the schema)
        file.seek(PAGE)
        file.write(os.urandom((pages - 1) * PAGE))
    before = fingerprint(db)
    with pytest.raises(DatabaseFault) as refused:
        Store(db)
    assert refused.value.fault.code == "database_damaged"
    assert "fails SQLite's check" in str(refused.value)
    assert fingerprint(db) == before


def test_a_good_file_with_moves_in_its_wal_starts_and_keeps_them(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    killed_server(db, moves=5)
    store = Store(db)
    (game,) = store.list_games()
    assert game["version"] == 5
    store.close()


@pytest.mark.parametrize("side", ["", "-wal"], ids=["the file", "its -wal"])
def test_a_read_only_file_is_refused_with_a_sentence_and_left_read_only(
    tmp_path: Path, side: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "table.db"
    killed_server(db, moves=2)
    locked = Path(f"{db}{side}")
    locked.chmod(0o444)
    before = fingerprint(db)
    # the mode bits themselves: tests may run as root, whom they do not stop
    with pytest.raises(DatabaseFault) as refused:
        Store(db)
    assert refused.value.fault.code == "database_read_only"
    assert stat.S_IMODE(locked.stat().st_mode) == 0o444
    assert fingerprint(db) == before
    if side:
        return
    done = serve(db)
    assert done.returncode == EXIT_DATABASE_FAULT
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        f"Cannot use the game file {db}: it is read-only"
    )
    assert "chmod u+w" in lines[0]
    assert stat.S_IMODE(db.stat().st_mode) == 0o444
    assert fingerprint(db) == before
    # a reader may still list it
    assert cli.main(["games", "--db", str(db)]) == 0
    assert "round 1" in capsys.readouterr().out


def test_a_file_others_may_read_loses_their_bits_and_keeps_the_owners(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    Store(db).close()
    db.chmod(0o640)
    Store(db).close()
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


def test_companion_games_changes_nothing_beside_a_killed_servers_wal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "table.db"
    killed_server(db, moves=4)
    before = fingerprint(db)
    assert cli.main(["games", "--db", str(db)]) == 0
    assert "round 1" in capsys.readouterr().out
    assert fingerprint(db) == before
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as reader:
        assert reader.execute("SELECT max(seq) FROM records").fetchone() == (4,)


def test_companion_games_on_a_file_no_server_wrote_yet_writes_nothing_either(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "new.db"
    db.write_bytes(b"")  # made 0600 by a server that stopped before its first write
    assert cli.main(["games", "--db", str(db)]) == 0
    assert capsys.readouterr().out == "No games yet.\n"
    assert db.read_bytes() == b"" and not Path(f"{db}-wal").exists()
    assert cli.main(["games", "--db", str(tmp_path / "none.db")]) == 0
    assert "there is no game file at" in capsys.readouterr().out
    assert not (tmp_path / "none.db").exists()
