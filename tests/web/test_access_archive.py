"""Issue 12, "Closed to strangers": finished and abandoned games are archived and their join
codes retired after a configurable time (default 30 days without a move).

An archived game's code no longer joins and says why; the game is kept whole, and devices
that joined it keep reading it (view, log, audit, exports). `companion games` shows the state.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import web_fake_engine as fake_engine
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import ChoiceLoader, DictLoader
from web_support import SETUP

from companion import cli
from companion.app import DEFAULT_ARCHIVE_AFTER_DAYS, create_app
from companion.extensions import socketio


def make_app(db: Path, **config: Any) -> Flask:
    app = create_app(
        {"DATABASE": str(db), "ENGINE": fake_engine.ENGINE, "TESTING": True,
         "SECRET_KEY": "test-only", "JOIN_LIMIT": "1000 per second", **config}
    )  # fmt: skip
    app.jinja_loader = ChoiceLoader([DictLoader({"join.html": "JOIN {{ error }}"})])  # type: ignore[assignment]
    return app


def play(client: FlaskClient, moves: int = 1) -> dict[str, Any]:
    game = client.post("/api/games", json={"title": "Friday", "setup": SETUP}).get_json()["game"]
    for version in range(moves):
        command = {"type": "score", "player": "usa", "vp": 2}
        answer = client.post(f"/api/games/{game['id']}/commands",
                             json={"command": command, "version": version})  # fmt: skip
        assert answer.status_code == 200
    return dict(game)


def age(db: Path, game_id: str, days: float) -> None:
    """The game's last move `days` ago (what the clock would show then)."""
    then = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="seconds")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", [then, game_id])
    conn.close()


def test_the_default_is_thirty_days(tmp_path: Path) -> None:
    assert DEFAULT_ARCHIVE_AFTER_DAYS == 30
    assert create_app({"DATABASE": str(tmp_path / "d.db")}).config["ARCHIVE_AFTER_DAYS"] == 30


def test_an_idle_game_code_no_longer_joins_and_says_why(tmp_path: Path) -> None:
    db = tmp_path / "archive.db"
    app = make_app(db, ARCHIVE_AFTER_DAYS=30)
    table = app.test_client()
    idle, fresh = play(table), play(table)
    age(db, idle["id"], 31)
    age(db, fresh["id"], 29)
    newcomer = app.test_client()
    refused = newcomer.post("/api/join", json={"code": idle["join_code"]})
    assert refused.status_code == 410
    body = refused.get_json()
    assert body["code"] == "game_archived"
    assert body["message"].startswith("This code belonged to a game archived on ")
    assert "it no longer opens it" in body["message"]
    page = newcomer.get(f"/join/{idle['join_code']}")
    assert page.status_code == 410 and "archived" in page.get_data(as_text=True)
    assert newcomer.post("/api/join", json={"code": fresh["join_code"]}).status_code == 200


def test_an_archived_code_costs_a_guess(tmp_path: Path) -> None:
    db = tmp_path / "archive.db"
    app = make_app(db, ARCHIVE_AFTER_DAYS=30, JOIN_LIMIT="1 per minute")
    game = play(app.test_client())
    age(db, game["id"], 40)
    client = app.test_client()
    assert client.post("/api/join", json={"code": game["join_code"]}).status_code == 410
    assert client.post("/api/join", json={"code": game["join_code"]}).status_code == 429


def test_an_archived_code_does_not_join_over_socket_either(tmp_path: Path) -> None:
    db = tmp_path / "archive.db"
    app = make_app(db, ARCHIVE_AFTER_DAYS=30)
    game = play(app.test_client())
    age(db, game["id"], 31)
    phone = app.test_client()
    sio = socketio.test_client(app, flask_test_client=phone)
    try:
        answer = sio.emit("join_game", {"game_id": game["id"], "code": game["join_code"]},
                          callback=True)  # fmt: skip
        assert answer["status"] == 410 and "archived" in answer["error"]["message"]
    finally:
        sio.disconnect()


def test_devices_that_joined_keep_the_whole_game(tmp_path: Path) -> None:
    db = tmp_path / "archive.db"
    app = make_app(db, ARCHIVE_AFTER_DAYS=30)
    table = app.test_client()
    game = play(table, moves=3)
    before = table.get(f"/api/games/{game['id']}/export.json").get_json()
    age(db, game["id"], 31)
    assert app.test_client().post("/api/join", json={"code": "ZZZZZ"}).status_code == 404
    view = table.get(f"/api/games/{game['id']}")
    assert view.status_code == 200
    assert view.get_json()["game"]["archived_at"]
    after = table.get(f"/api/games/{game['id']}/export.json").get_json()
    assert after["records"] == before["records"] and len(after["records"]) == 3
    assert table.get(f"/api/games/{game['id']}/log").status_code == 200


def test_a_game_is_archived_at_start_too(tmp_path: Path) -> None:
    db = tmp_path / "archive.db"
    game = play(make_app(db).test_client())
    age(db, game["id"], 31)
    restarted = make_app(db, ARCHIVE_AFTER_DAYS=30)
    assert restarted.extensions["companion_store"].game(game["id"])["archived_at"]


def test_zero_days_never_archives(tmp_path: Path) -> None:
    db = tmp_path / "archive.db"
    app = make_app(db, ARCHIVE_AFTER_DAYS=0)
    game = play(app.test_client())
    age(db, game["id"], 3650)
    assert app.test_client().post("/api/join", json={"code": game["join_code"]}).status_code == 200


def test_companion_games_shows_the_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "archive.db"
    app = make_app(db, ARCHIVE_AFTER_DAYS=0)
    idle, fresh = play(app.test_client()), play(app.test_client())
    age(db, idle["id"], 45)
    app.extensions["companion_store"].close()  # stopped: `games` leaves no change at all
    before = db.read_bytes()
    assert cli.main(["games", "--db", str(db), "--archive-after", "30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # read-only (issue 18): the idle game is shown as retired; the next join archives it
    idle_since = (datetime.now(UTC) - timedelta(days=45)).date().isoformat()
    retired = next(line for line in lines if line.startswith(idle["join_code"]))
    assert f"open, idle since {idle_since}: code retired" in retired
    assert db.read_bytes() == before
    restarted = make_app(db, ARCHIVE_AFTER_DAYS=30)
    assert cli.main(["games", "--db", str(db), "--archive-after", "30"]) == 0
    today = datetime.now(UTC).date().isoformat()
    assert f"archived {today} (code retired)" in capsys.readouterr().out
    restarted.extensions["companion_store"].close()
    live = next(line for line in lines if line.startswith(fresh["join_code"]))
    retire = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    assert f"open, code retired after {retire}" in live


def test_the_archive_time_is_configured_by_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_ARCHIVE_AFTER_DAYS", "2")
    db = tmp_path / "archive.db"
    app = create_app({"DATABASE": str(db), "ENGINE": fake_engine.ENGINE, "SECRET_KEY": "t"})
    assert app.config["ARCHIVE_AFTER_DAYS"] == 2
    game = play(app.test_client())
    age(db, game["id"], 3)
    assert app.test_client().post("/api/join", json={"code": game["join_code"]}).status_code == 410
