"""Issue 18, "Text is text": lone surrogates and other unencodable text are refused at the edge
with a 400 and a sentence, over HTTP and Socket.IO alike; nothing stored can break an export;
every Socket.IO event with missing or malformed data gets a clear answer, never `server_error`.

A JSON string may spell a lone surrogate (`"\\ud800"`): Python reads it into a `str` that
SQLite, the UTF-8 encoder of a page and the CSV writer all refuse. It made creating a game
answer 500, and once inside a seat's name or a correction's reason, the game's JSON/CSV
export and print page answered 500 for ever. The edge now reads payloads with orjson, which
refuses such text (companion/jsonsafe.py); a page or an export of text stored before that
says `?` where the surrogate was (app.TextResponse).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.app import create_app
from companion.extensions import socketio
from companion.jsonsafe import NOT_TEXT

SEATS = [{"kind": "human", "company": "usa", "name": "Ann"},
         {"kind": "human", "company": "italy", "name": "Bo"}]  # fmt: skip
LONE = "\ud800"  # a high surrogate with no low one after it
EVENTS = ("join_game", "leave_game", "submit_command", "undo", "get_options")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield create_app({"DATABASE": str(tmp_path / "t.db"), "TESTING": True, "SECRET_KEY": "t",
                      "JOIN_LIMIT": "1000 per second"})  # fmt: skip


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def game(client: FlaskClient) -> dict[str, Any]:
    created = client.post("/api/games", json={"title": "Text", "setup": {"seats": SEATS}})
    assert created.status_code == 201
    return dict(created.get_json()["game"])


@pytest.fixture
def errors_logged() -> Iterator[list[logging.LogRecord]]:
    """Every log record of level ERROR (a traceback the server logged)."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(logging.ERROR)
    logging.getLogger().addHandler(handler)
    yield records
    logging.getLogger().removeHandler(handler)


def post_json(client: FlaskClient, url: str, body: Any) -> Any:
    # json.dumps writes the surrogate as the escape "\ud800", as a client's encoder does
    return client.post(url, data=json.dumps(body), content_type="application/json")


def correction(reason: str, version: int = 0) -> dict[str, Any]:
    command = {"type": "correct", "what": "credits", "company": "usa", "value": 9,
               "reason": reason}  # fmt: skip
    return {"command": command, "version": version}


# -- HTTP ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "body"),
    [
        ("/api/games", {"title": LONE, "setup": {"seats": SEATS}}),
        ("/api/games", {"title": "T", "setup": {"seats": [{"name": "A" + LONE}, {}]}}),
        ("/api/games", {"title": "T", "setup": {"seats": SEATS, "draws": {LONE: "x"}}}),
        ("/api/games/<game_id>/commands", correction("because" + LONE)),
        ("/api/games/<game_id>/commands", correction("ok") | {"with_options": LONE}),
        ("/api/games/<game_id>/seat", {"company": LONE}),
        ("/api/games/<game_id>/undo", {LONE: 1, "version": 0}),
        ("/api/join", {"code": "ABC" + LONE}),
        ("/api/audit/standalone", {"objective": "O_BASINS_1",
                                   "players": [{"company": "usa", "name": "\udfff"}]}),
        ("/api/audit/standalone/export.csv", {"objective": "O_BASINS_1",
                                              "players": [{"company": "usa", "name": LONE}]}),
    ],
)  # fmt: skip
def test_a_lone_surrogate_is_a_400_with_a_sentence_and_changes_nothing(
    client: FlaskClient, game: dict[str, Any], route: str, body: Any
) -> None:
    games_before = client.get("/api/games").get_json()["games"]
    response = post_json(client, route.replace("<game_id>", game["id"]), body)
    assert response.status_code == 400
    answer = response.get_json()
    assert answer["code"] == "invalid_payload"
    assert answer["message"] == (
        "The payload holds text that is not valid Unicode (such as a lone surrogate)."
    )
    assert client.get("/api/games").get_json()["games"] == games_before


def test_bytes_that_are_not_utf8_are_refused_the_same_way(client: FlaskClient) -> None:
    for body in (b'{"title": "\xff", "setup": {}}', b'{"title": "\xed\xa0\x80"}'):
        response = client.post("/api/games", data=body, content_type="application/json")
        assert response.status_code == 400
        assert response.get_json()["message"] == str(NOT_TEXT)


def test_a_pair_of_surrogates_is_one_character_and_is_welcome(client: FlaskClient) -> None:
    """`\\ud83c\\udfb2` is JSON's way to spell 🎲: text, not a lone surrogate."""
    body = {"title": "Dice \ud83c\udfb2", "setup": {"seats": SEATS}}
    created = client.post("/api/games", data=json.dumps(body), content_type="application/json")
    assert created.status_code == 201
    assert created.get_json()["game"]["title"] == "Dice 🎲"


def test_the_refusal_is_said_in_the_devices_language(client: FlaskClient) -> None:
    body = json.dumps({"title": LONE, "setup": {"seats": SEATS}})
    response = client.post("/api/games", data=body, content_type="application/json",
                           headers={"Accept-Language": "it"})  # fmt: skip
    assert response.status_code == 400
    assert response.get_json()["message"].startswith("I dati inviati contengono un testo")


# -- Socket.IO ---------------------------------------------------------------------------------


def test_a_lone_surrogate_over_socketio_is_a_400_with_a_sentence(
    app: Flask, client: FlaskClient, game: dict[str, Any], errors_logged: list[Any]
) -> None:
    sio = socketio.test_client(app, flask_test_client=client)
    try:
        for event, data in [
            ("join_game", {"game_id": LONE}),
            ("join_game", {"game_id": game["id"], "code": LONE}),
            ("submit_command", {"game_id": game["id"], **correction("why" + LONE)}),
            ("undo", {"game_id": LONE, "version": 0}),
            ("get_options", {"game_id": game["id"], "player": LONE}),
            ("leave_game", {"game_id": LONE}),
            (LONE, {}),
        ]:
            answer = sio.emit(event, data, callback=True)
            assert answer["ok"] is False and answer["status"] == 400, (event, answer)
            assert answer["error"]["message"] == str(NOT_TEXT), (event, answer)
        view = client.get(f"/api/games/{game['id']}").get_json()
        assert view["version"] == 0
    finally:
        sio.disconnect()
    assert errors_logged == []


MALFORMED: list[tuple[Any, ...]] = [
    (),  # no data at all
    (None,),
    ([],),
    ([{"game_id": "x"}],),  # a list instead of an object
    ("game",),
    (12,),
    (True,),
    ({},),
    ({"game_id": None},),
    ({"game_id": 7},),
    ({"game_id": ["x"]},),
    ({"game_id": "x" * 41},),
    ({"game_id": "x"}, {"game_id": "y"}),  # two values
    ({"game_id": "x", "version": "1", "command": []},),
    ({"game_id": "x", "version": -1, "command": {"type": ""}},),
]


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_with_missing_or_malformed_data_gets_a_clear_answer(
    app: Flask, client: FlaskClient, game: dict[str, Any], event: str, errors_logged: list[Any]
) -> None:
    sio = socketio.test_client(app, flask_test_client=client)
    try:
        for args in MALFORMED:
            answer = sio.emit(event, *args, callback=True)
            assert isinstance(answer, dict), (event, args, answer)
            assert answer["ok"] is False, (event, args, answer)
            assert 400 <= answer["status"] < 500, (event, args, answer)
            assert answer["error"]["code"] != "server_error"
            assert answer["error"]["message"], (event, args, answer)
    finally:
        sio.disconnect()
    assert errors_logged == []


def test_two_values_are_refused_with_a_sentence(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    sio = socketio.test_client(app, flask_test_client=client)
    try:
        answer = sio.emit("undo", {"game_id": game["id"], "version": 0}, 2, callback=True)
        assert answer["status"] == 400
        assert answer["error"]["message"] == "An event carries one JSON object, not 2 values."
        answer = sio.emit("join_game", callback=True)
        assert answer["error"]["message"] == "game_id: Missing data for required field."
    finally:
        sio.disconnect()


# -- nothing stored can break an export ---------------------------------------------------------


def test_text_stored_before_the_edge_refused_it_never_breaks_a_page_or_an_export(
    app: Flask, client: FlaskClient, errors_logged: list[Any]
) -> None:
    """A database written before this change may hold a lone surrogate in a seat's name and a
    correction's reason: every page and export of that game still answers, with `?` for it."""
    store = app.extensions["companion_store"]
    setup = {"mode": "introductory", "seed": 3,
             "seats": [{"kind": "human", "company": "usa", "name": "Ann" + LONE},
                       {"kind": "human", "company": "italy", "name": "Bo"}]}  # fmt: skip
    created = store.create_game(setup, title="Old")
    command = correction("because" + "\udc00")["command"]
    store.submit(created.game_id, command, created.version)
    joined = client.post("/api/join", json={"code": store.game(created.game_id)["join_code"]})
    assert joined.status_code == 200
    gid = created.game_id
    pages = [f"/api/games/{gid}", f"/api/games/{gid}/log", f"/api/games/{gid}/export.json",
             f"/api/audit/games/{gid}", f"/api/audit/games/{gid}/export.json",
             f"/api/audit/games/{gid}/export.csv", f"/audit/games/{gid}/print",
             f"/audit/games/{gid}", f"/games/{gid}", "/", "/api/games"]  # fmt: skip
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        response.get_data().decode("utf-8")  # every byte is UTF-8
    assert "because?" in client.get(f"/api/audit/games/{gid}/export.csv").get_data(as_text=True)
    assert "Ann?" in client.get(f"/audit/games/{gid}/print").get_data(as_text=True)
    assert "Ann?" in client.get(f"/api/audit/games/{gid}/export.json").get_data(as_text=True)
    assert errors_logged == []
