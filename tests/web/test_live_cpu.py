"""Issue 12, server CPU per tap (docs/operations.md "Where a tap's CPU goes"): what was cut
keeps its behaviour.

- Socket.IO packets and stored snapshots are encoded by orjson (`jsonsafe.dumps`): the same
  JSON document as `json.dumps`, with json.dumps's own answer where orjson refuses.
- A socket event no longer opens (reads and checks) the signed session cookie once its
  connection holds its own copy of the session; the device's language is read once per
  connection.
- A broadcast is rendered only in the languages of the devices in the game (no Italian
  rendering for a table of English devices), and each device still hears its own language.
- Full garbage collections walk only the objects made since the last one (`serving.Collector`)
  and, every so often, everything again, so cyclic garbage is still freed.
"""

from __future__ import annotations

import gc
import json
import weakref
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from companion import i18n, jsonsafe, serving
from companion.engine.words import Words, say

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()  # past 64 bits orjson refuses: json.dumps answers instead
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
    | st.builds(lambda n: say("Take {n} Credits.", n=n), st.integers(0, 99)),
    lambda children: st.lists(children, max_size=5)
    | st.tuples(children, children)
    | st.dictionaries(st.text(max_size=8) | st.integers(-5, 5), children, max_size=5),
    max_leaves=30,
)


@given(json_values)
def test_packets_are_the_json_document_json_dumps_makes(value: Any) -> None:
    encoded = jsonsafe.dumps(value, separators=(",", ":"))
    assert isinstance(encoded, str)
    assert json.loads(encoded) == json.loads(json.dumps(value))


def test_a_sentence_is_sent_as_its_english_text_and_key_order_is_kept() -> None:
    sentence = say("Take {n} Credits.", n=3)
    assert isinstance(sentence, Words)
    players = {"usa": 1, "germany": 2, "italy": 3}  # seat order, not alphabetical
    assert jsonsafe.dumps({"reason": sentence, "players": players}) == (
        '{"reason":"Take 3 Credits.","players":{"usa":1,"germany":2,"italy":3}}'
    )


def test_a_socket_event_does_not_read_the_cookie_again(
    app: Flask,
    client: FlaskClient,
    game: dict[str, Any],
    socket_for: Callable[[FlaskClient], Any],
    monkeypatch: Any,
) -> None:
    opened: list[str] = []
    original = SecureCookieSessionInterface.open_session

    def counting(self: Any, flask_app: Flask, request: Any) -> Any:
        opened.append(request.path)
        return original(self, flask_app, request)

    monkeypatch.setattr(SecureCookieSessionInterface, "open_session", counting)
    sio = socket_for(client)
    game_id = game["game"]["id"]
    assert sio.emit("join_game", {"game_id": game_id}, callback=True)["ok"]
    first = len(opened)
    for _ in range(5):
        assert sio.emit("get_options", {"game_id": game_id}, callback=True)["ok"]
    assert len(opened) == first  # the joined device's session is still known: it was copied
    assert client.get(f"/api/games/{game_id}").status_code == 200
    assert len(opened) == first + 1  # HTTP still reads its cookie on every request


def test_the_language_is_read_once_per_connection(
    client: FlaskClient,
    game: dict[str, Any],
    socket_for: Callable[[FlaskClient], Any],
    monkeypatch: Any,
) -> None:
    asked: list[str] = []
    original = i18n._language_of_headers

    def counting() -> str:
        asked.append("headers")
        return original()

    monkeypatch.setattr(i18n, "_language_of_headers", counting)
    sio = socket_for(client)
    game_id = game["game"]["id"]
    assert sio.emit("join_game", {"game_id": game_id}, callback=True)["ok"]
    for _ in range(5):
        assert sio.emit("get_options", {"game_id": game_id}, callback=True)["ok"]
    assert len(asked) == 1


def test_a_broadcast_is_rendered_only_in_the_languages_of_the_game_s_devices(
    app: Flask,
    client: FlaskClient,
    game: dict[str, Any],
    socket_for: Callable[[FlaskClient], Any],
    monkeypatch: Any,
) -> None:
    rendered: list[str] = []
    original = i18n.speak

    def recording(value: Any, language: str | None = None) -> Any:
        if language is not None and isinstance(value, dict) and "changes" in value:
            rendered.append(str(language))
        return original(value, language)

    monkeypatch.setattr(i18n, "speak", recording)
    game_id = game["game"]["id"]
    english = socket_for(client)
    assert english.emit("join_game", {"game_id": game_id}, callback=True)["ok"]
    command = {"type": "score", "player": "usa", "vp": 1}
    tap = {"game_id": game_id, "command": command, "version": 0}
    assert english.emit("submit_command", tap, callback=True)["ok"]
    assert rendered == ["en"]  # nobody in the game reads Italian: not rendered in Italian

    italian_client = app.test_client()
    italian_client.set_cookie("lang", "it")
    code = game["game"]["join_code"]
    assert italian_client.post("/api/join", json={"code": code}).status_code == 200
    italian = socket_for(italian_client)
    assert italian.emit("join_game", {"game_id": game_id}, callback=True)["ok"]
    english.get_received()
    italian.get_received()
    rendered.clear()
    assert english.emit("submit_command", {**tap, "version": 1}, callback=True)["ok"]
    assert sorted(rendered) == ["en", "it"]
    for device in (english, italian):  # each device hears the tap once, in its own room
        heard = [m for m in device.get_received() if m["name"] == "game_updated"]
        assert [m["args"][0]["version"] for m in heard] == [2]


class Cycle:
    """Cyclic garbage: freed only by the collector, never by reference counts."""

    def __init__(self) -> None:
        self.me = self


def test_full_collections_freeze_their_survivors_and_rescan_every_so_often() -> None:
    gc.collect()
    collector = serving.Collector(rescan_every=3)
    collector.install()
    try:
        assert gc.get_freeze_count() > 0  # what the start made is frozen at once
        kept = Cycle()
        alive = weakref.ref(kept)
        gc.collect()  # the 1st full collection: kept survives it and is frozen with the rest
        assert collector.full == 1 and gc.get_freeze_count() > 0
        del kept  # now garbage, but frozen: ...
        gc.collect()  # ... the 2nd does not walk it, then unfreezes for a rescan
        assert alive() is not None
        assert gc.get_freeze_count() == 0
        gc.collect()  # the 3rd walks everything: the cycle is freed, survivors frozen again
        assert alive() is None
        assert gc.get_freeze_count() > 0
    finally:
        collector.uninstall()
    assert gc.get_freeze_count() == 0


def test_a_tap_over_the_socket_answers_what_the_http_tap_answers(
    client: FlaskClient, game: dict[str, Any], socket_for: Callable[[FlaskClient], Any]
) -> None:
    """The app sends its taps over its socket when it has one (static/js/api.js): the ack
    carries what it draws from, as `POST …/commands` does (the changes, who acts, the log
    entry, the events and the table instructions)."""
    game_id = game["game"]["id"]
    sio = socket_for(client)
    command = {"type": "score", "player": "usa", "vp": 1}
    ack = sio.emit(
        "submit_command", {"game_id": game_id, "command": command, "version": 0}, callback=True
    )
    http = client.post(
        f"/api/games/{game_id}/commands", json={"command": command, "version": 1}
    ).get_json()
    assert ack.pop("ok") is True
    assert set(ack) == set(http)
    assert (ack["base_version"], ack["version"], http["base_version"], http["version"]) == (
        0, 1, 1, 2,
    )
    assert ack["changes"] and ack["to_act"] == http["to_act"]


def test_a_tap_asking_with_options_brings_the_next_options_over_socket_and_http(
    client: FlaskClient, game: dict[str, Any], socket_for: Callable[[FlaskClient], Any]
) -> None:
    """The tablet records whoever acts next, so its tap asks for the new version's options
    too (`with_options`, static/js/intents.js): the answer holds what `get_options` answers
    for that version, and a tap that does not ask gets none (no options computed for it)."""
    game_id = game["game"]["id"]
    sio = socket_for(client)
    command = {"type": "score", "player": "usa", "vp": 1}
    tap = {"game_id": game_id, "command": command, "version": 0, "with_options": True}
    ack = sio.emit("submit_command", tap, callback=True)
    asked = sio.emit("get_options", {"game_id": game_id}, callback=True)
    assert ack["ok"] and asked["version"] == ack["version"] == 1
    assert ack["options"] == asked["options"]
    http = client.post(
        f"/api/games/{game_id}/commands",
        json={"command": command, "version": 1, "with_options": True},
    ).get_json()
    assert http["options"] == client.get(f"/api/games/{game_id}/options").get_json()["options"]
    plain = client.post(
        f"/api/games/{game_id}/commands", json={"command": command, "version": 2}
    ).get_json()
    assert "options" not in plain


def test_options_a_newer_tap_overtook_are_not_sent_with_a_tap(
    app: Flask, client: FlaskClient, game: dict[str, Any], monkeypatch: Any
) -> None:
    """Options are sent only for the version the tap made: when another device's tap was
    recorded first, the answer leaves them out and the device catches up as usual."""
    game_id = game["game"]["id"]
    store = app.extensions["companion_store"]
    monkeypatch.setattr(store, "options", lambda gid, player=None: (99, {"actions": []}))
    answer = client.post(
        f"/api/games/{game_id}/commands",
        json={"command": {"type": "score", "player": "usa", "vp": 1}, "version": 0,
              "with_options": True},
    )
    assert answer.status_code == 200
    assert answer.get_json()["version"] == 1 and "options" not in answer.get_json()
