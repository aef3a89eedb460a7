"""Issue 13, "In Italian and English": a refusal and every error a device can receive speak
the device's language (its `lang` cookie), over HTTP and over Socket.IO.

The engine says its refusals as catalogue keys with their parts (companion/engine/words.py);
the web edge renders them for the asking device. An Italian phone and an English tablet refused
the same illegal move each read it in their own language, and neither refusal changes the game
as it is stored. The expected Italian below is written out by hand from the catalogue (the
Italian rulebook's words: Ingegneri, Banca, …), not produced by the code under test.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import web_fake_engine as fake_engine
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import ChoiceLoader, DictLoader
from web_support import SETUP as FAKE_SETUP

from companion.app import create_app
from companion.extensions import socketio

SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 3,
    "seats": [
        {"company": "usa", "name": "Ana"},
        {"company": "germany", "name": "Bo"},
    ],
}
# USA acts first with all its Engineers: passing is refused (ruling R17)
PASS = {"type": "pass", "player": "usa"}
PASS_EN = (
    "You still have 12 Engineer(s): you must place them (the Bank is always open; ruling R17)."
)
PASS_IT = "Hai ancora 12 Ingegneri: devi piazzarli (la Banca è sempre disponibile; regola R17)."


def italian(client: FlaskClient) -> FlaskClient:
    """The device reads Italian: the menu's switch sets this cookie."""
    client.set_cookie("lang", "it")
    return client


def stored(db: Path, game_id: str) -> tuple[list[Any], list[Any], list[Any]]:
    """Every stored row of the game: its summary, its records, its snapshots."""
    with sqlite3.connect(db) as conn:
        game = conn.execute("SELECT * FROM games WHERE id = ?", [game_id]).fetchall()
        records = conn.execute(
            "SELECT * FROM records WHERE game_id = ? ORDER BY seq", [game_id]
        ).fetchall()
        snapshots = conn.execute("SELECT * FROM snapshots WHERE game_id = ?", [game_id]).fetchall()
    return game, records, snapshots


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Flask, Path, str, str]]:
    """The real engine: a game started by the tablet; (app, db, game id, join code)."""
    db = tmp_path / "games.db"
    app = create_app({"DATABASE": str(db), "TESTING": True, "SECRET_KEY": "test-only"})
    response = app.test_client().post("/api/games", json={"title": "Sera", "setup": SETUP})
    assert response.status_code == 201, response.get_json()
    game = response.get_json()["game"]
    yield app, db, game["id"], game["join_code"]


def joined(app: Flask, code: str, language: str) -> FlaskClient:
    device = app.test_client()
    if language == "it":
        italian(device)
    assert device.post("/api/join", json={"code": code}).status_code == 200
    return device


# -- an illegal move ----------------------------------------------------------------------


def test_an_illegal_move_is_refused_in_each_device_s_language_over_http(
    table: tuple[Flask, Path, str, str],
) -> None:
    app, db, game_id, code = table
    before = stored(db, game_id)
    body = {"command": PASS, "version": 0}
    phone = joined(app, code, "it")
    tablet = joined(app, code, "en")
    refused_it = phone.post(f"/api/games/{game_id}/commands", json=body)
    refused_en = tablet.post(f"/api/games/{game_id}/commands", json=body)
    assert refused_it.status_code == refused_en.status_code == 422
    assert refused_it.get_json() == {"code": "no_pass", "message": PASS_IT}
    assert refused_en.get_json() == {"code": "no_pass", "message": PASS_EN}
    assert stored(db, game_id) == before  # a refusal in any language changes nothing


def test_an_illegal_move_is_refused_in_each_device_s_language_over_socketio(
    table: tuple[Flask, Path, str, str],
) -> None:
    app, db, game_id, code = table
    before = stored(db, game_id)
    phone = socketio.test_client(app, flask_test_client=joined(app, code, "it"))
    tablet = socketio.test_client(app, flask_test_client=joined(app, code, "en"))
    try:
        body = {"game_id": game_id, "command": PASS, "version": 0}
        ack_it = phone.emit("submit_command", body, callback=True)
        ack_en = tablet.emit("submit_command", body, callback=True)
    finally:
        phone.disconnect()
        tablet.disconnect()
    assert ack_it["ok"] is False and ack_it["status"] == 422
    assert ack_it["error"] == {"code": "no_pass", "message": PASS_IT}
    assert ack_en["error"] == {"code": "no_pass", "message": PASS_EN}
    assert stored(db, game_id) == before


def test_a_refusal_with_a_part_reads_in_italian(table: tuple[Flask, Path, str, str]) -> None:
    """An Automa's move asked for a person's seat: the part (the seat) sits in the Italian."""
    app, _db, game_id, code = table
    phone = joined(app, code, "it")
    body = {"command": {"type": "automa_turn", "player": "usa"}, "version": 0}
    refused = phone.post(f"/api/games/{game_id}/commands", json=body)
    assert refused.status_code == 422
    assert refused.get_json()["message"] == "'usa' non è un posto dell'Automa."


# -- the web layer's own errors -----------------------------------------------------------


def test_an_unknown_game_is_a_404_in_italian(table: tuple[Flask, Path, str, str]) -> None:
    app, *_ = table
    answer = italian(app.test_client()).get("/api/games/nope")
    assert answer.status_code == 404
    assert answer.get_json() == {
        "code": "game_not_found",
        "message": "Non esiste la partita 'nope'.",
    }


def test_a_device_that_has_not_joined_gets_a_403_in_italian(
    table: tuple[Flask, Path, str, str],
) -> None:
    app, _db, game_id, _code = table
    answer = italian(app.test_client()).get(f"/api/games/{game_id}")
    assert answer.status_code == 403
    assert answer.get_json()["message"] == (
        "Prima unisciti a questa partita: inserisci il codice mostrato sul tablet."
    )


def test_a_stale_version_is_a_409_in_italian_and_changes_nothing(
    table: tuple[Flask, Path, str, str],
) -> None:
    app, db, game_id, code = table
    before = stored(db, game_id)
    phone = joined(app, code, "it")
    body = {"command": {"type": "bank", "player": "usa", "engineers": 1}, "version": 5}
    answer = phone.post(f"/api/games/{game_id}/commands", json=body)
    assert answer.status_code == 409
    assert answer.get_json()["message"] == (
        "Nel frattempo la partita è cambiata (hai visto la versione 5, ora è la 0). "
        "Guarda il nuovo stato e riprova."
    )
    assert stored(db, game_id) == before


def test_a_missing_field_is_a_400_in_marshmallow_s_words_in_italian(
    table: tuple[Flask, Path, str, str],
) -> None:
    app, _db, game_id, code = table
    phone = joined(app, code, "it")
    answer = phone.post(f"/api/games/{game_id}/commands", json={"version": 0})
    assert answer.status_code == 400
    body = answer.get_json()
    assert body["message"] == "command: Manca il dato di un campo obbligatorio."
    assert body["fields"] == {"command": ["Manca il dato di un campo obbligatorio."]}


def test_a_number_out_of_range_is_a_400_in_italian(table: tuple[Flask, Path, str, str]) -> None:
    app, _db, game_id, code = table
    phone = joined(app, code, "it")
    answer = phone.post(f"/api/games/{game_id}/commands", json={"command": PASS, "version": -1})
    assert answer.status_code == 400
    assert answer.get_json()["message"] == (
        "version: Deve essere maggiore o uguale a 0 e minore o uguale a 1000000000."
    )


def test_an_unknown_address_is_a_404_in_italian(table: tuple[Flask, Path, str, str]) -> None:
    app, *_ = table
    answer = italian(app.test_client()).get("/api/no-such-thing")
    assert answer.status_code == 404
    assert answer.get_json()["message"] == "A questo indirizzo non c'è niente."


def test_a_bug_is_a_500_in_italian(tmp_path: Path) -> None:
    app = create_app(
        {"DATABASE": str(tmp_path / "g.db"), "TESTING": False, "SECRET_KEY": "test-only"}
    )

    def broken() -> str:
        raise RuntimeError("a bug")

    app.add_url_rule("/api/broken", "broken", broken)
    answer = italian(app.test_client()).get("/api/broken")
    assert answer.status_code == 500
    assert answer.get_json() == {
        "code": "server_error",
        "message": "Qualcosa si è rotto sul server.",
    }


def test_too_many_wrong_codes_is_a_429_in_italian_with_retry_after(tmp_path: Path) -> None:
    app = create_app(
        {
            "DATABASE": str(tmp_path / "limit.db"),
            "ENGINE": fake_engine.ENGINE,
            "TESTING": True,
            "SECRET_KEY": "test-only",
            "JOIN_LIMIT": "2 per minute",
        }
    )
    assert app.test_client().post("/api/games", json={"setup": FAKE_SETUP}).status_code == 201
    stranger = italian(app.test_client())
    statuses = [stranger.post("/api/join", json={"code": "CCCCC"}).status_code for _ in range(2)]
    assert statuses == [404, 404]
    limited = stranger.post("/api/join", json={"code": "CCCCC"})
    assert limited.status_code == 429
    wait = int(limited.headers["Retry-After"])
    assert 1 <= wait <= 61  # a minute, rounded up
    message = limited.get_json()["message"]
    assert message.startswith("Troppi codici sbagliati da questo dispositivo. Aspetta ")
    assert message.endswith(", poi controlla il codice sul tablet e riprova.")
    assert "minut" in message or "second" in message  # "un minuto", "40 secondi"


def test_the_join_page_s_429_is_in_italian(tmp_path: Path) -> None:
    app = create_app(
        {
            "DATABASE": str(tmp_path / "limit.db"),
            "ENGINE": fake_engine.ENGINE,
            "TESTING": True,
            "SECRET_KEY": "test-only",
            "JOIN_LIMIT": "1 per minute",
        }
    )
    app.jinja_loader = ChoiceLoader([DictLoader({"join.html": "JOIN {{ error }}"})])  # type: ignore[assignment]
    stranger = italian(app.test_client())
    assert stranger.get("/join/CCCCC").status_code == 404
    page = stranger.get("/join/CCCCC")
    assert page.status_code == 429
    assert "Troppi codici sbagliati da questo dispositivo." in page.get_data(as_text=True)


def test_a_damaged_database_is_a_503_in_italian(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    app = create_app({"DATABASE": str(db), "ENGINE": fake_engine.ENGINE, "TESTING": True,
                      "SECRET_KEY": "test-only"})  # fmt: skip
    phone = italian(app.test_client())
    game_id = phone.post("/api/games", json={"setup": FAKE_SETUP}).get_json()["game"]["id"]
    sio = socketio.test_client(app, flask_test_client=phone)
    app.extensions["companion_store"].close()  # SQLite reads the file again when it reopens
    db.write_bytes(os.urandom(db.stat().st_size))
    try:
        answer = phone.get(f"/api/games/{game_id}")
        ack = sio.emit("join_game", {"game_id": game_id}, callback=True)
    finally:
        sio.disconnect()
    damaged = (
        "Il file delle partite del server è danneggiato e non si può leggere. "
        "Questa richiesta non ha perso nulla: non ha cambiato niente. "
        "Chi gestisce il server deve fermarlo e ripristinare il file da una copia "
        "(docs/operations.md, Faults)."
    )
    assert answer.status_code == 503
    assert answer.get_json() == {"code": "database_damaged", "message": damaged}
    assert ack["status"] == 503 and ack["error"]["message"] == damaged


# -- Socket.IO's own sentences ------------------------------------------------------------


def test_an_unknown_event_is_answered_in_italian(table: tuple[Flask, Path, str, str]) -> None:
    app, *_ = table
    sio = socketio.test_client(app, flask_test_client=italian(app.test_client()))
    try:
        ack = sio.emit("no_such_event", {"a": 1}, callback=True)
    finally:
        sio.disconnect()
    assert ack == {
        "ok": False,
        "status": 404,
        "error": {
            "code": "unknown_event",
            "message": "Questo server non ha l'evento 'no_such_event'.",
        },
    }


def test_a_malformed_payload_is_answered_in_italian(table: tuple[Flask, Path, str, str]) -> None:
    """A client cannot make the server say its own words: its reason is not echoed."""
    app, *_ = table
    sio = socketio.test_client(app, flask_test_client=italian(app.test_client()))
    try:
        ack = sio.emit("malformed_payload", "<b>anything</b>", callback=True)
    finally:
        sio.disconnect()
    assert ack["status"] == 400
    assert ack["error"]["message"] == "Non è stato possibile leggere i dati inviati."


def test_a_socket_refusal_of_a_device_not_joined_is_in_italian(
    table: tuple[Flask, Path, str, str],
) -> None:
    app, _db, game_id, _code = table
    sio = socketio.test_client(app, flask_test_client=italian(app.test_client()))
    try:
        ack = sio.emit("get_options", {"game_id": game_id}, callback=True)
    finally:
        sio.disconnect()
    assert ack["status"] == 403
    assert ack["error"]["message"] == (
        "Prima unisciti a questa partita: inserisci il codice mostrato sul tablet."
    )


def test_an_archived_game_s_code_is_a_410_in_italian_on_the_api_and_the_page(
    tmp_path: Path,
) -> None:
    db = tmp_path / "archive.db"
    app = create_app(
        {
            "DATABASE": str(db),
            "ENGINE": fake_engine.ENGINE,
            "TESTING": True,
            "SECRET_KEY": "test-only",
            "ARCHIVE_AFTER_DAYS": 30,
        }
    )
    app.jinja_loader = ChoiceLoader([DictLoader({"join.html": "JOIN {{ error }}"})])  # type: ignore[assignment]
    game = app.test_client().post("/api/games", json={"setup": FAKE_SETUP}).get_json()["game"]
    with sqlite3.connect(db) as conn:  # its last move 31 days ago
        conn.execute("UPDATE games SET updated_at = '2026-01-01T10:00:00+00:00' WHERE id = ?",
                     [game["id"]])  # fmt: skip
    conn.close()
    phone = italian(app.test_client())
    refused = phone.post("/api/join", json={"code": game["join_code"]})
    assert refused.status_code == 410
    message = refused.get_json()["message"]
    assert message.startswith("Questo codice apparteneva a una partita archiviata il ")
    assert message.endswith("; non la apre più. Chiedi al tavolo il codice della partita in corso.")
    page = phone.get(f"/join/{game['join_code']}")
    assert page.status_code == 410
    assert "Chiedi al tavolo il codice della partita in corso." in page.get_data(as_text=True)


def test_too_many_wrong_codes_over_socketio_is_a_429_in_italian(tmp_path: Path) -> None:
    app = create_app(
        {
            "DATABASE": str(tmp_path / "limit.db"),
            "ENGINE": fake_engine.ENGINE,
            "TESTING": True,
            "SECRET_KEY": "test-only",
            "JOIN_LIMIT": "1 per minute",
        }
    )
    game = app.test_client().post("/api/games", json={"setup": FAKE_SETUP}).get_json()["game"]
    wrong = "CCCCC" if game["join_code"] != "CCCCC" else "DDDDD"
    sio = socketio.test_client(app, flask_test_client=italian(app.test_client()))
    try:
        first = sio.emit("join_game", {"game_id": game["id"], "code": wrong}, callback=True)
        second = sio.emit("join_game", {"game_id": game["id"], "code": wrong}, callback=True)
    finally:
        sio.disconnect()
    assert first["status"] == 403  # a wrong code: not joined
    assert second["status"] == 429
    assert second["error"]["message"].startswith("Troppi codici sbagliati da questo dispositivo.")
