"""Issue 12, "Clear under faults": `companion serve` on a damaged or unreadable database, or
where no database can be made, prints one line that says so and exits with 2 — no traceback.
Run as a real subprocess, as a person at the table would start it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.faults import EXIT_DATABASE_FAULT
from companion.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def serve(db: Path | str) -> subprocess.CompletedProcess[str]:
    return companion("serve", "--host", "127.0.0.1", "--port", str(free_port()), "--db", str(db))


def assert_one_line(done: subprocess.CompletedProcess[str], db: Path | str, why: str) -> None:
    assert done.returncode == EXIT_DATABASE_FAULT == 2
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"Cannot use the game file {db}: {why}")
    assert "is running" not in done.stdout  # no address for a server that is not up


def test_a_damaged_database_is_one_line_and_exit_2(tmp_path: Path) -> None:
    db = tmp_path / "damaged.db"
    db.write_bytes(b"these are not the games you are looking for" * 200)
    db.chmod(0o600)  # private already: the one line is about the damage
    assert_one_line(serve(db), db, "it is not a Barrage Companion database or it is damaged")


def test_a_path_where_no_database_can_be_made_is_one_line_and_exit_2(tmp_path: Path) -> None:
    db = tmp_path / "no" / "such" / "folder" / "games.db"
    assert_one_line(serve(db), db, "it cannot be opened or created there")


def test_a_folder_given_as_the_database_is_one_line_and_exit_2(tmp_path: Path) -> None:
    assert_one_line(serve(tmp_path), tmp_path, "it cannot be opened or created there")


def test_a_database_on_a_read_only_disk_is_one_line_and_exit_2(tmp_path: Path) -> None:
    where = tmp_path / "ro"
    where.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
                          capture_output=True)  # fmt: skip
    if made.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        db = where / "games.db"
        Store(db).close()  # a good database (`companion games` only reads: issue 18)
        subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True)
        assert_one_line(serve(db), db, "it is read-only")
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_companion_games_on_a_damaged_database_is_one_line_too(tmp_path: Path) -> None:
    db = tmp_path / "damaged.db"
    db.write_bytes(b"\x00garbage" * 1000)
    db.chmod(0o600)
    assert_one_line(companion("games", "--db", str(db)), db, "it is not a Barrage")
