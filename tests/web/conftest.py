"""Fixtures for the web tests: an app per test on its own SQLite file, HTTP and socket clients."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import web_fake_engine as fake_engine
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import ChoiceLoader, DictLoader
from web_support import SETUP

from companion.app import create_app
from companion.extensions import socketio
from companion.store import Store

# Stand-in templates that print the context the page routes pass, so the routes are tested
# apart from the front end's real templates.
STUB_TEMPLATES = {
    "home.html": "HOME {% for g in games %}[{{ g.id }}]{% endfor %} {{ server_url }} {{ qr_url }}",
    "setup.html": "SETUP {% for c in companies %}{{ c.id }} {% endfor %}",
    "game.html": "GAME {{ game_id }} {{ join_code }} {{ join_url }} {{ seat }} {{ view }}",
    "join.html": "JOIN code={{ code }} error={{ error }}"
    "{% if game %} game={{ game.title }}:{% for p in game.players %} {{ p.company }}{% endfor %}"
    "{% endif %}",
}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "companion.db"


@pytest.fixture
def store(db_path: Path) -> Store:
    return Store(db_path, engine=fake_engine.ENGINE)


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "DATABASE": str(db_path),
            "ENGINE": fake_engine.ENGINE,
            "TESTING": True,
            "SECRET_KEY": "test-only",
            # the join limit has its own tests (test_access_join_limit.py); not in the way here
            "JOIN_LIMIT": "1000 per second",
        }
    )
    app.jinja_loader = ChoiceLoader([DictLoader(STUB_TEMPLATES)])  # type: ignore[assignment]
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def other_client(app: Flask) -> FlaskClient:
    """A second device with its own session (has not joined anything)."""
    return app.test_client()


@pytest.fixture
def game(client: FlaskClient) -> dict[str, Any]:
    """A game created by `client` (so `client` has joined it)."""
    response = client.post("/api/games", json={"title": "Friday", "setup": SETUP})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


@pytest.fixture
def socket_for(app: Flask) -> Iterator[Callable[[FlaskClient], Any]]:
    """Open a Socket.IO test client sharing a Flask test client's session cookie."""
    opened = []

    def open_socket(flask_client: FlaskClient) -> Any:
        sio = socketio.test_client(app, flask_test_client=flask_client)
        assert sio.is_connected()
        opened.append(sio)
        return sio

    yield open_socket
    for sio in opened:
        if sio.is_connected():
            sio.disconnect()
