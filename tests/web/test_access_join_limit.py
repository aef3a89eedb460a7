"""Issue 12, "Closed to strangers": join attempts are rate-limited per client.

A join code is 5 characters of 25 (9.8 million codes). Only a wrong (or retired) code costs a
guess; the budget (default 5 a minute, 30 an hour) is one per client address across every
join path: the QR code's page `/join/<code>`, `POST /api/join` and Socket.IO `join_game`.
Past it: 429, a sentence a player understands, and `Retry-After`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import web_fake_engine as fake_engine
from flask import Flask
from jinja2 import ChoiceLoader, DictLoader
from web_support import SETUP

from companion.app import create_app
from companion.extensions import socketio
from companion.security import DEFAULT_JOIN_LIMIT, too_many_attempts_message


def make_app(tmp_path: Path, **config: Any) -> Flask:
    app = create_app(
        {
            "DATABASE": str(tmp_path / "limit.db"),
            "ENGINE": fake_engine.ENGINE,
            "TESTING": True,
            "SECRET_KEY": "test-only",
            **config,
        }
    )
    app.jinja_loader = ChoiceLoader([DictLoader({"join.html": "JOIN {{ error }}"})])  # type: ignore[assignment]
    return app


def new_game(app: Flask) -> dict[str, Any]:
    response = app.test_client().post("/api/games", json={"title": "Friday", "setup": SETUP})
    assert response.status_code == 201
    return dict(response.get_json()["game"])


def unused_code(game: dict[str, Any]) -> str:
    return "CCCCC" if game["join_code"] != "CCCCC" else "DDDDD"


def test_the_default_is_five_wrong_codes_a_minute_and_thirty_an_hour() -> None:
    assert DEFAULT_JOIN_LIMIT == "5 per minute;30 per hour"


def test_the_sixth_wrong_code_in_a_minute_is_429_with_a_sentence_and_retry_after(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)  # the defaults, as `companion serve` runs
    game = new_game(app)
    stranger = app.test_client()
    statuses = [stranger.post("/api/join", json={"code": unused_code(game)}).status_code
                for _ in range(5)]  # fmt: skip
    assert statuses == [404] * 5
    refused = stranger.post("/api/join", json={"code": unused_code(game)})
    assert refused.status_code == 429
    body = refused.get_json()
    assert body["code"] == "too_many_attempts"
    assert body["message"].startswith("Too many wrong join codes from this device. Wait ")
    assert "check the code on the tablet" in body["message"]
    retry = int(refused.headers["Retry-After"])
    assert 1 <= retry <= 61 and body["retry_after"] == retry
    # even the right code waits: a guesser must not learn that a guess was right
    assert stranger.post("/api/join", json={"code": game["join_code"]}).status_code == 429


def test_a_right_code_costs_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path, JOIN_LIMIT="2 per minute")
    game = new_game(app)
    for _ in range(10):  # a table joining ten phones from one address
        assert (
            app.test_client().post("/api/join", json={"code": game["join_code"]}).status_code == 200
        )
    assert app.test_client().get(f"/join/{game['join_code']}").status_code == 200


def test_the_join_page_of_the_qr_code_shares_the_budget_and_answers_with_a_page(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, JOIN_LIMIT="3 per minute")
    game = new_game(app)
    client = app.test_client()
    assert client.post("/api/join", json={"code": unused_code(game)}).status_code == 404
    assert client.get(f"/join/{unused_code(game)}").status_code == 404
    assert client.post("/api/join", json={"code": unused_code(game)}).status_code == 404
    page = client.get(f"/join/{unused_code(game)}")
    assert page.status_code == 429 and int(page.headers["Retry-After"]) >= 1
    assert page.get_data(as_text=True).startswith("JOIN Too many wrong join codes")


def test_socket_join_with_a_code_shares_the_budget(tmp_path: Path) -> None:
    app = make_app(tmp_path, JOIN_LIMIT="2 per minute")
    game = new_game(app)
    phone = app.test_client()
    sio = socketio.test_client(app, flask_test_client=phone)
    try:
        wrong = {"game_id": game["id"], "code": unused_code(game)}
        assert sio.emit("join_game", wrong, callback=True)["status"] == 403
        assert phone.post("/api/join", json={"code": unused_code(game)}).status_code == 404
        answer = sio.emit("join_game", wrong, callback=True)
        assert answer["ok"] is False and answer["status"] == 429
        assert answer["error"]["code"] == "too_many_attempts"
        assert answer["error"]["message"].startswith("Too many wrong join codes")
        assert 1 <= answer["error"]["retry_after"] <= 61
        right = {"game_id": game["id"], "code": game["join_code"]}
        assert sio.emit("join_game", right, callback=True)["status"] == 429
    finally:
        sio.disconnect()


def test_a_join_that_cannot_be_read_costs_a_guess_like_a_wrong_code(tmp_path: Path) -> None:
    """Issue 18: 80 000 keys looped at `/api/join` answered 400, so the limit never counted
    them. Junk, a body too large and a body that is not JSON now cost a guess each."""
    app = make_app(tmp_path, JOIN_LIMIT="4 per minute")
    game = new_game(app)
    stranger = app.test_client()
    junk = "{" + ",".join(f'"k{i}":0' for i in range(1000)) + "}"
    answers = [
        stranger.post("/api/join", data=junk, content_type="application/json").status_code,
        stranger.post("/api/join", data="nope", content_type="application/json").status_code,
        stranger.post("/api/join", json={"code": "A\ud800"}).status_code,
        stranger.post("/api/join", data="x" * 70_000, content_type="application/json").status_code,
    ]
    assert answers == [400, 400, 400, 413]
    refused = stranger.post("/api/join", json={"code": game["join_code"]})
    assert refused.status_code == 429
    assert refused.get_json()["message"].startswith("Too many wrong join codes")


def test_refusals_elsewhere_cost_no_join_attempt(tmp_path: Path) -> None:
    app = make_app(tmp_path, JOIN_LIMIT="1 per minute")
    game = new_game(app)
    device = app.test_client()
    for _ in range(5):
        assert device.post("/api/games", json={"setup": {"seats": []}}).status_code == 400
    assert device.post("/api/join", json={"code": game["join_code"]}).status_code == 200


def test_a_socket_join_that_cannot_be_read_costs_a_guess(tmp_path: Path) -> None:
    app = make_app(tmp_path, JOIN_LIMIT="3 per minute")
    game = new_game(app)
    phone = app.test_client()
    sio = socketio.test_client(app, flask_test_client=phone)
    try:
        assert sio.emit("join_game", ["junk"], callback=True)["status"] == 400
        assert (
            sio.emit("join_game", {"game_id": game["id"], "code": 5}, callback=True)["status"]
            == 400
        )
        # a lone surrogate is refused as the packet is read, before any handler: it counts too
        lone = sio.emit("join_game", {"game_id": game["id"], "code": "\ud800"}, callback=True)
        assert lone["status"] == 400
        right = {"game_id": game["id"], "code": game["join_code"]}
        answer = sio.emit("join_game", right, callback=True)
        assert answer["status"] == 429 and answer["error"]["code"] == "too_many_attempts"
        assert phone.post("/api/join", json={"code": game["join_code"]}).status_code == 429
    finally:
        sio.disconnect()


def test_each_client_address_has_its_own_budget(tmp_path: Path) -> None:
    app = make_app(tmp_path, JOIN_LIMIT="1 per minute")
    game = new_game(app)
    guesser = {"REMOTE_ADDR": "192.168.1.66"}
    player = {"REMOTE_ADDR": "192.168.1.20"}
    client = app.test_client()
    assert client.post("/api/join", json={"code": "CCCCC"}, environ_base=guesser).status_code == 404
    assert client.post("/api/join", json={"code": "CCCCC"}, environ_base=guesser).status_code == 429
    joined = client.post("/api/join", json={"code": game["join_code"]}, environ_base=player)
    assert joined.status_code == 200


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (12.2, "13 seconds"),
        (50, "a minute"),
        (60, "a minute"),
        (61, "2 minutes"),
        (3000, "50 minutes"),
    ],
)
def test_the_wait_is_said_as_a_person_says_it(seconds: float, words: str) -> None:
    assert f"Wait {words}, then" in too_many_attempts_message(seconds)


def test_the_limit_is_configured_by_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_JOIN_LIMIT", "1 per hour")
    app = make_app(tmp_path)
    assert app.config["JOIN_LIMIT"] == "1 per hour"
    client = app.test_client()
    assert client.post("/api/join", json={"code": "CCCCC"}).status_code == 404
    refused = client.post("/api/join", json={"code": "CCCCC"})
    assert refused.status_code == 429 and 60 < int(refused.headers["Retry-After"]) <= 3601
    assert "minutes" in refused.get_json()["message"]


def test_a_malformed_limit_fails_at_start(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        make_app(tmp_path, JOIN_LIMIT="many per fortnight")
