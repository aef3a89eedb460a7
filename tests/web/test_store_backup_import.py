"""Issue 18, "Backup and restore, as people do it": `companion backup FILE` and `companion import
GAME.json`, with the real rules engine.

A game (finished, and one still being played with undos in its log) goes from one server's
file to a backup made while it is open, and through its JSON export (both of them: the log's
and the audit page's, in English and in Italian) into another server: the same setup, the
same records as stored, the same state — and it replays (re-executing the commands in force
gives that state; folding their events gives it too). A file that does not replay, or has
no stored game, is refused with a sentence and nothing is written; importing twice makes one
copy; a join code or id already in use here gives a new one; the backup never writes over
the game file or a file that is not a database.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import cli
from companion.app import create_app
from companion.engine import replay
from companion.engine.state import to_json
from companion.store import Store

SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 5,
    "seats": [{"company": "usa", "name": "Ana"}, {"company": "germany", "name": "Bo"}],
}
EXPORTS = ("/api/games/{id}/export.json", "/api/audit/games/{id}/export.json")


def make_app(db: Path) -> Flask:
    return create_app({"DATABASE": str(db), "TESTING": True, "SECRET_KEY": "test-only"})


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


def play(store: Store, game_id: str, moves: int | None, seed: int = 3) -> None:
    """Offered commands picked at random (`None`: to the end), an undo every 9th move."""
    rng = random.Random(seed)
    made = 0
    while moves is None or made < moves:
        version, view = store.view(game_id)
        if view.get("finished"):
            return
        store.submit(game_id, rng.choice(offered(store.options(game_id)[1])), version)
        made += 1
        if made % 9 == 0:
            store.undo(game_id, version + 1)
    assert moves is None or made == moves


class Source:
    """A server's file with one game on it, and a device (the client) that joined it."""

    def __init__(self, folder: Path, moves: int | None) -> None:
        self.db = folder / "source.db"
        self.app = make_app(self.db)
        self.client = self.app.test_client()
        created = self.client.post("/api/games", json={"title": "Friday", "setup": SETUP})
        assert created.status_code == 201, created.get_json()
        self.game_id: str = created.get_json()["game"]["id"]
        self.store: Store = self.app.extensions["companion_store"]
        play(self.store, self.game_id, moves)

    def export(self, folder: Path, route: str = EXPORTS[0], language: str = "en") -> Path:
        self.client.set_cookie("lang", language)
        response = self.client.get(route.format(id=self.game_id))
        assert response.status_code == 200
        path = folder / f"export-{language}-{EXPORTS.index(route)}.json"
        path.write_bytes(response.data)
        return path


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Source]:
    source = Source(tmp_path_factory.mktemp("finished"), moves=None)
    assert source.store.game(source.game_id)["finished"]
    yield source
    source.store.close()


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Source]:
    source = Source(tmp_path_factory.mktemp("running"), moves=20)
    assert not source.store.game(source.game_id)["finished"]
    yield source
    source.store.close()


def without_idle_time(stored: dict[str, Any]) -> dict[str, Any]:
    """A stored game but its `updated_at` (an import starts the idle time again)."""
    return {**stored, "game": {k: v for k, v in stored["game"].items() if k != "updated_at"}}


def assert_same_game_that_replays(store: Store, game_id: str, source: Source) -> None:
    """The same rows as the source's (setup, records, state) and the log replays to them."""
    assert without_idle_time(store.stored_game(game_id)) == without_idle_time(
        source.store.stored_game(source.game_id)
    )
    records = store.records(game_id)
    in_force = [r["command"] for r in records if r["kind"] != "undo" and not r["undone"]]
    assert any(r["kind"] == "undo" for r in records)
    _, state = store.state(game_id)
    assert to_json(replay({"setup": store.game(game_id)["setup"], "commands": in_force})) == (
        to_json(state)
    )
    assert to_json(store.rebuild_state(game_id)) == to_json(state)


def companion(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("which", ["finished", "running"])
def test_backup_then_import_of_the_export_gives_the_same_game_that_replays(
    which: str, request: pytest.FixtureRequest, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source: Source = request.getfixturevalue(which)
    backup = tmp_path / "backup.db"
    code, out, _ = companion("backup", str(backup), "--db", str(source.db), capsys=capsys)
    assert code == 0
    records = len(source.store.records(source.game_id))
    assert out.startswith(f"Saved 1 game with {records} logged moves (undos included) from ")
    saved = Store(backup)  # the backup is a game file a server starts on
    assert_same_game_that_replays(saved, source.game_id, source)
    saved.close()

    exported = source.export(tmp_path)
    other = tmp_path / "other-server.db"
    code, out, err = companion("import", str(exported), "--db", str(other), capsys=capsys)
    assert code == 0, err
    summary = source.store.game(source.game_id)
    assert out.startswith('Imported "Friday" (Ana, Bo; ')
    assert f"replayed and checked: join code {summary['join_code']}." in out
    imported = Store(other)
    assert_same_game_that_replays(imported, source.game_id, source)
    imported.close()


def test_an_imported_running_game_plays_on_and_joins_with_its_code(
    running: Source, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.db"
    assert (
        companion("import", str(running.export(tmp_path)), "--db", str(other), capsys=capsys)[0]
        == 0
    )
    device = make_app(other).test_client()
    code = running.store.game(running.game_id)["join_code"]
    joined = device.post("/api/join", json={"code": code})
    assert joined.status_code == 200, joined.get_json()
    game_id = joined.get_json()["game"]["id"]
    view = device.get(f"/api/games/{game_id}").get_json()
    assert view["state"] == running.client.get(f"/api/games/{running.game_id}").get_json()["state"]
    command = offered(device.get(f"/api/games/{game_id}/options").get_json()["options"])[0]
    body = {"command": command, "version": view["version"]}
    assert device.post(f"/api/games/{game_id}/commands", json=body).status_code == 200
    for version in (view["version"] + 1, view["version"] + 2):  # back past the imported end
        assert (
            device.post(f"/api/games/{game_id}/undo", json={"version": version}).status_code == 200
        )


def test_the_stored_game_is_the_same_in_every_export_and_language(
    finished: Source, tmp_path: Path
) -> None:
    stored = [
        json.loads(finished.export(tmp_path, route, language).read_text())["stored"]
        for route in EXPORTS
        for language in ("en", "it")
    ]
    assert all(block == stored[0] for block in stored)
    assert stored[0] == finished.store.stored_game(finished.game_id)


def test_importing_twice_makes_one_copy(
    running: Source, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = running.export(tmp_path, EXPORTS[1], "it")  # the audit page's, in Italian
    other = tmp_path / "other.db"
    assert companion("import", str(exported), "--db", str(other), capsys=capsys)[0] == 0
    code, out, _ = companion("import", str(exported), "--db", str(other), capsys=capsys)
    assert code == 0
    assert out.startswith('"Friday" is already on this server (join code ')
    assert out.rstrip().endswith("nothing imported.")
    with closing(sqlite3.connect(other)) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone() == (1,)


def test_a_copy_with_other_moves_is_not_replaced(
    running: Source, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.db"
    assert (
        companion("import", str(running.export(tmp_path)), "--db", str(other), capsys=capsys)[0]
        == 0
    )
    here = Store(other)
    version = here.game(running.game_id)["version"]
    here.undo(running.game_id, version)  # the copy here moved on
    here.close()
    code, out, _ = companion(
        "import", str(running.export(tmp_path)), "--db", str(other), capsys=capsys
    )
    assert code == 1
    assert f"is already on this server with {version + 1} records (the file has {version})" in out


def test_a_code_and_an_id_in_use_here_give_new_ones(
    running: Source, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.db"
    here = Store(other)
    mine = here.create_game({**SETUP, "seed": 6}, title="Ours").game_id
    here.close()
    code = running.store.game(running.game_id)["join_code"]
    with closing(sqlite3.connect(other)) as db, db:  # another game holds both here
        db.execute("UPDATE snapshots SET game_id = ?", [running.game_id])
        db.execute("UPDATE games SET id = ?, join_code = ?", [running.game_id, code])
    exported = running.export(tmp_path)
    done, out, _ = companion("import", str(exported), "--db", str(other), capsys=capsys)
    assert done == 0
    assert "(its old code is in use here)" in out
    here = Store(other)
    games = {g["title"]: g for g in here.list_games()}
    assert games["Ours"]["id"] == running.game_id and games["Ours"]["join_code"] == code
    assert games["Friday"]["id"] != running.game_id and games["Friday"]["join_code"] != code
    assert mine != games["Friday"]["id"]
    assert len(here.records(games["Friday"]["id"])) == len(running.store.records(running.game_id))
    here.close()


def tampered(exported: Path, change: Any) -> Path:
    document = json.loads(exported.read_text())
    change(document["stored"])
    exported.write_text(json.dumps(document))
    return exported


def set_event_value(stored: dict[str, Any]) -> None:
    """A recorded event changed by hand: the move no longer replays to it."""
    record = next(r for r in stored["records"] if r["kind"] == "command" and r["events"] != "[]")
    events = json.loads(record["events"])
    events[0]["tampered"] = 1
    record["events"] = json.dumps(events)


def drop_a_record(stored: dict[str, Any]) -> None:
    del stored["records"][3]


def change_the_state(stored: dict[str, Any]) -> None:
    state = json.loads(stored["state"])
    state["round"] = 99
    stored["state"] = json.dumps(state)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (set_event_value, "does not replay: this server's engine decides it with other events"),
        (drop_a_record, "The file's records skip or repeat a move (at 4)."),
        (change_the_state, "The moves of the file replay to another state than the one"),
    ],
    ids=["an event", "a record", "the state"],
)
def test_a_file_that_does_not_replay_is_refused_and_nothing_is_written(
    running: Source, tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, said: str
) -> None:
    other = tmp_path / "other.db"
    Store(other).close()
    before = other.read_bytes()
    exported = tampered(running.export(tmp_path), change)
    code, out, err = companion("import", str(exported), "--db", str(other), capsys=capsys)
    assert code == 1 and out == ""
    assert err.startswith("Nothing imported: ") and said in err
    assert other.read_bytes() == before


def test_a_file_without_a_stored_game_says_so_and_makes_no_file(
    running: Source, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = running.export(tmp_path)
    document = json.loads(exported.read_text())
    del document["stored"]  # an export made before issue 18
    exported.write_text(json.dumps(document))
    other = tmp_path / "other.db"
    code, _, err = companion("import", str(exported), "--db", str(other), capsys=capsys)
    assert code == 1
    assert "has no stored game: export the game again from a server of this version" in err
    assert not other.exists()
    missing = companion("import", str(tmp_path / "nope.json"), "--db", str(other), capsys=capsys)
    assert missing[0] == 1 and missing[2].startswith("Nothing imported: Cannot read ")
    assert not other.exists()


def test_text_that_is_not_unicode_is_refused_and_nothing_is_written(
    running: Source, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 18 "Text is text": a lone surrogate in an imported file (here the title, escaped
    as JSON allows) is refused like one sent over HTTP, so no export can break on it later."""
    exported = running.export(tmp_path)
    document = json.loads(exported.read_text())
    document["stored"]["game"]["title"] = "\ud800"
    exported.write_text(json.dumps(document))  # ensure_ascii: the file holds "\\ud800"
    other = tmp_path / "other.db"
    Store(other).close()
    before = other.read_bytes()
    code, out, err = companion("import", str(exported), "--db", str(other), capsys=capsys)
    assert code == 1 and out == ""
    assert err.startswith("Nothing imported: ") and "is not JSON text" in err
    assert other.read_bytes() == before


def test_backup_never_writes_over_the_game_file_or_another_file(
    running: Source, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live = running.db
    before = {side: Path(f"{live}{side}").read_bytes() for side in ("", "-wal")}
    for target in (live, Path(f"{live}-wal"), Path(f"{live}-shm")):
        code, _, err = companion("backup", str(target), "--db", str(live), capsys=capsys)
        assert code == 1
        assert err.startswith(f"No backup made: {target} is the game file itself")
    assert {side: Path(f"{live}{side}").read_bytes() for side in ("", "-wal")} == before
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database")
    code, _, err = companion("backup", str(notes), "--db", str(live), capsys=capsys)
    assert code == 1 and "exists and is not a database: it was left as it is" in err
    assert notes.read_text() == "not a database"
    older = tmp_path / "nightly.db"
    for _ in range(2):  # last night's backup is replaced by tonight's
        assert companion("backup", str(older), "--db", str(live), capsys=capsys)[0] == 0
    assert [p.name for p in tmp_path.iterdir() if "partial" in p.name] == []
    code, _, err = companion("backup", str(older), "--db", str(tmp_path / "nope.db"), capsys=capsys)
    assert code == 1 and "There is no game file at" in err
