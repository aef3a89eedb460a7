"""Issue 12, "Closed to strangers": the database file and its WAL are created `0600`.

The file holds the session secret (and every game): no other local user may read it, whatever
the umask. An existing file readable by others is made private at start, with a one-line notice.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
import web_fake_engine as fake_engine
from web_support import SETUP

from companion.store import Store


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def lax_umask() -> Iterator[None]:
    """The usual umask, under which a new file is readable by everyone (0644)."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_a_new_database_and_its_wal_and_shm_are_0600(tmp_path: Path, lax_umask: None) -> None:
    db = tmp_path / "new.db"
    store = Store(db, engine=fake_engine.ENGINE)
    assert mode(db) == 0o600
    # a reader holds the WAL open (the store closes its own connections, which removes them)
    reader = sqlite3.connect(db)
    try:
        reader.execute("SELECT count(*) FROM games").fetchall()
        store.create_game(SETUP, title="Friday")
        wal, shm = Path(f"{db}-wal"), Path(f"{db}-shm")
        assert wal.exists() and shm.exists()
        assert mode(wal) == 0o600 and mode(shm) == 0o600
    finally:
        reader.close()


def test_an_existing_readable_database_is_made_private_with_a_notice(
    tmp_path: Path, lax_umask: None, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "old.db"
    Store(db, engine=fake_engine.ENGINE).create_game(SETUP)
    db.chmod(0o644)
    with caplog.at_level(logging.WARNING, logger="companion.security"):
        Store(db, engine=fake_engine.ENGINE)
    assert mode(db) == 0o600
    notices = [r.getMessage() for r in caplog.records]
    assert notices == [f"{db} was readable by other users (mode 644); it is now private (600)."]


def test_a_private_database_starts_without_a_notice(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "quiet.db"
    Store(db, engine=fake_engine.ENGINE)
    with caplog.at_level(logging.WARNING, logger="companion.security"):
        Store(db, engine=fake_engine.ENGINE)
    assert caplog.records == []
