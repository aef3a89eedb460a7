"""Issue 12, "Clear under faults": a game file overwritten, replaced or deleted under a running
worker is noticed before the next write (503 with the fault's sentence, over HTTP and
Socket.IO), nothing is written into it, and a fault answered over a socket is logged once,
as over HTTP.

SQLite alone does not notice: the worker's connection keeps its open file handle and its
WAL, so a tap after someone copied a backup over the file (or `mv`-ed another file into its
place) would be answered 200 and land in a file that no longer is the game file.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import store as store_module

SCORE = {"type": "score", "player": "usa", "vp": 2}
DAMAGED = "The server's game file is damaged and cannot be read."
REPLACED = "The server's game file was replaced or moved while the server was running"


def play(client: FlaskClient, game_id: str, version: int) -> Any:
    return client.post(
        f"/api/games/{game_id}/commands", json={"command": SCORE, "version": version}
    )


def fault_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "database fault" in r.getMessage()]


def test_a_file_overwritten_in_place_answers_503_over_http_and_socket_and_stays_as_it_is(
    app: Flask,
    client: FlaskClient,
    game: dict[str, Any],
    db_path: Path,
    socket_for: Callable[[FlaskClient], Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    game_id = game["game"]["id"]
    assert play(client, game_id, 0).status_code == 200
    sio = socket_for(client)
    garbage = os.urandom(db_path.stat().st_size)
    with open(db_path, "r+b") as file:  # the same file (inode), its bytes written over
        file.write(garbage)
    caplog.set_level(logging.ERROR)

    answer = play(client, game_id, 1)
    assert answer.status_code == 503
    assert answer.get_json()["code"] == "database_damaged"
    assert answer.get_json()["message"].startswith(DAMAGED)
    ack = sio.emit(
        "submit_command", {"game_id": game_id, "command": SCORE, "version": 1}, callback=True
    )
    assert ack["ok"] is False and ack["status"] == 503
    assert ack["error"] == answer.get_json()
    assert db_path.read_bytes()[: len(garbage)] == garbage  # nothing written into it

    lines = fault_lines(caplog)
    assert len(lines) == 2  # one for the HTTP answer, one for the socket's: each once
    assert lines[0].startswith("database fault on POST /api/games/")
    assert lines[1].startswith("database fault on Socket.IO event submit_command:")


def test_a_file_replaced_by_another_answers_503_and_the_other_file_is_left_alone(
    client: FlaskClient, game: dict[str, Any], db_path: Path, tmp_path: Path
) -> None:
    game_id = game["game"]["id"]
    assert play(client, game_id, 0).status_code == 200
    # a copy taken now (a valid database with the game at version 1), moved into the file's
    # place later: what restoring a backup under a running server does
    copy = tmp_path / "backup.db"
    with sqlite3.connect(db_path) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    assert play(client, game_id, 1).status_code == 200
    restored = tmp_path / "restored.db"
    shutil.copyfile(copy, restored)
    os.replace(restored, db_path)
    before = db_path.read_bytes()

    answer = play(client, game_id, 2)
    assert answer.status_code == 503
    assert answer.get_json()["code"] == "database_replaced"
    assert answer.get_json()["message"].startswith(REPLACED)
    assert "Nothing was lost by this request" in answer.get_json()["message"]
    assert db_path.read_bytes() == before  # the worker wrote nothing into the other file


def test_a_deleted_file_answers_503_and_reads_notice_it_within_the_check_interval(
    client: FlaskClient,
    game: dict[str, Any],
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_id = game["game"]["id"]
    monkeypatch.setattr(store_module, "FILE_CHECK_SECONDS", 0.0)
    assert client.get(f"/api/games/{game_id}").status_code == 200
    db_path.unlink()

    read = client.get(f"/api/games/{game_id}")
    assert read.status_code == 503
    assert read.get_json()["code"] == "database_replaced"
    assert play(client, game_id, 0).status_code == 503
    assert not db_path.exists()  # nothing made a new file in its place


def test_an_unchanged_file_is_never_taken_for_a_changed_one(
    client: FlaskClient, game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checkpoints, a growing WAL and many writes keep the same file and header."""
    game_id = game["game"]["id"]
    monkeypatch.setattr(store_module, "FILE_CHECK_SECONDS", 0.0)
    for version in range(40):
        assert play(client, game_id, version).status_code == 200
        assert client.get(f"/api/games/{game_id}").status_code == 200


def test_a_new_database_file_is_watched_from_its_first_write(tmp_path: Path) -> None:
    """An empty file (a database not written yet) is not a damaged one; once written, a
    file that loses SQLite's header is."""
    path = tmp_path / "new.db"
    store = store_module.Store(path)
    store.secret_key()  # a write
    assert path.read_bytes()[:16] == store_module.SQLITE_HEADER
    with open(path, "r+b") as file:
        file.write(b"\0" * 16)
    with pytest.raises(sqlite3.DatabaseError) as raised:
        store.secret_key()
    assert raised.value.fault.code == "database_damaged"  # type: ignore[attr-defined]
    store.close()
