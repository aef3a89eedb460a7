"""Socket.IO: rooms per game, live updates, commands with ack, races, reconnects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient


def score(player: str = "usa", vp: int = 2) -> dict[str, Any]:
    return {"type": "score", "player": player, "vp": vp}


def updates(sio: Any) -> list[dict[str, Any]]:
    return [m["args"][0] for m in sio.get_received() if m["name"] == "game_updated"]


@pytest.fixture
def joined_other(other_client: FlaskClient, game: dict) -> FlaskClient:
    other_client.post("/api/join", json={"code": game["game"]["join_code"]})
    return other_client


def test_join_game_answers_the_view(client: FlaskClient, game: dict, socket_for: Callable) -> None:
    sio = socket_for(client)
    ack = sio.emit("join_game", {"game_id": game["game"]["id"]}, callback=True)
    assert ack["ok"] is True
    assert ack["version"] == 0
    assert set(ack["state"]["players"]) == {"usa", "germany"}
    assert "options" in ack


def test_join_game_refuses_an_unjoined_device(
    other_client: FlaskClient, game: dict, socket_for: Callable
) -> None:
    sio = socket_for(other_client)
    ack = sio.emit("join_game", {"game_id": game["game"]["id"]}, callback=True)
    assert ack == {
        "ok": False,
        "status": 403,
        "error": {
            "code": "not_joined",
            "message": "Join this game first: enter the join code shown on the tablet.",
        },
    }
    # not in the room: a change is not sent to it
    client_update = sio.get_received()
    assert client_update == []


def test_join_game_with_the_code_on_a_socket_opened_before_joining(
    other_client: FlaskClient, game: dict, socket_for: Callable
) -> None:
    sio = socket_for(other_client)
    ack = sio.emit("join_game", {"game_id": game["game"]["id"], "code": "WRONG"}, callback=True)
    assert ack["ok"] is False
    ack = sio.emit(
        "join_game",
        {"game_id": game["game"]["id"], "code": game["game"]["join_code"].lower()},
        callback=True,
    )
    assert ack["ok"] is True


@pytest.mark.parametrize("payload", [{}, {"game_id": ""}, "abc", {"game_id": "x", "extra": 1}])
def test_join_game_rejects_malformed_payloads(
    client: FlaskClient, game: dict, socket_for: Callable, payload: Any
) -> None:
    ack = socket_for(client).emit("join_game", payload, callback=True)
    assert ack["ok"] is False
    assert ack["error"]["code"] == "invalid_payload"


def test_join_game_for_an_unknown_game(client: FlaskClient, socket_for: Callable) -> None:
    ack = socket_for(client).emit("join_game", {"game_id": "nope"}, callback=True)
    assert (ack["status"], ack["error"]["code"]) == (404, "game_not_found")


def test_submit_over_socket_acks_and_updates_everyone_in_the_room(
    client: FlaskClient, joined_other: FlaskClient, game: dict, socket_for: Callable
) -> None:
    game_id = game["game"]["id"]
    tablet, phone = socket_for(client), socket_for(joined_other)
    tablet.emit("join_game", {"game_id": game_id}, callback=True)
    phone.emit("join_game", {"game_id": game_id}, callback=True)
    ack = phone.emit(
        "submit_command", {"game_id": game_id, "command": score(vp=3), "version": 0}, callback=True
    )
    assert ack["ok"] is True
    assert ack["version"] == 1
    assert ack["instructions"] == [{"n": 1, "text": "usa scores 3 VP."}]
    (update,) = updates(tablet)
    assert update["game_id"] == game_id
    assert update["version"] == 1
    assert (update["base_version"], update["removed"]) == (0, [])
    assert update["changes"] == [
        [["version"], 1],
        [["players", "usa"], {"name": "Ana", "kind": "human", "vp": 13}],
    ]
    assert update["record"]["lines"] == ["usa scores 3 VP."]
    assert "options" not in update  # the acting device asks for them (get_options)
    assert len(updates(phone)) == 1


def test_an_http_command_is_broadcast_to_the_room_only(
    client: FlaskClient, game: dict, socket_for: Callable
) -> None:
    game_id = game["game"]["id"]
    in_room, elsewhere = socket_for(client), socket_for(client)
    in_room.emit("join_game", {"game_id": game_id}, callback=True)
    client.post(f"/api/games/{game_id}/commands", json={"command": score(), "version": 0})
    assert [u["version"] for u in updates(in_room)] == [1]
    assert updates(elsewhere) == []


def test_two_devices_at_once_one_wins_the_other_gets_the_new_state(
    client: FlaskClient, joined_other: FlaskClient, game: dict, socket_for: Callable
) -> None:
    game_id = game["game"]["id"]
    tablet, phone = socket_for(client), socket_for(joined_other)
    for sio in (tablet, phone):
        sio.emit("join_game", {"game_id": game_id}, callback=True)
    first = tablet.emit(
        "submit_command", {"game_id": game_id, "command": score("usa"), "version": 0}, callback=True
    )
    second = phone.emit(
        "submit_command",
        {"game_id": game_id, "command": score("germany"), "version": 0},
        callback=True,
    )
    assert first["ok"] is True
    assert second["ok"] is False
    assert second["status"] == 409
    assert second["error"]["code"] == "stale_version"
    assert second["error"]["version"] == 1
    assert second["view"]["version"] == 1
    assert second["view"]["state"]["players"]["usa"]["vp"] == 12
    assert second["view"]["state"]["players"]["germany"]["vp"] == 10


def test_submit_over_socket_refusals(
    client: FlaskClient, other_client: FlaskClient, game: dict, socket_for: Callable
) -> None:
    game_id = game["game"]["id"]
    sio = socket_for(client)
    sio.emit("join_game", {"game_id": game_id}, callback=True)
    illegal = sio.emit(
        "submit_command", {"game_id": game_id, "command": score(vp=9), "version": 0}, callback=True
    )
    assert (illegal["status"], illegal["error"]["code"]) == (422, "too_many_vp")
    malformed = sio.emit("submit_command", {"game_id": game_id, "command": score()}, callback=True)
    assert (malformed["status"], malformed["error"]["code"]) == (400, "invalid_payload")
    stranger = socket_for(other_client).emit(
        "submit_command", {"game_id": game_id, "command": score(), "version": 0}, callback=True
    )
    assert (stranger["status"], stranger["error"]["code"]) == (403, "not_joined")
    assert updates(sio) == []
    assert client.get(f"/api/games/{game_id}").get_json()["version"] == 0


def test_undo_over_socket(client: FlaskClient, game: dict, socket_for: Callable) -> None:
    game_id = game["game"]["id"]
    sio = socket_for(client)
    sio.emit("join_game", {"game_id": game_id}, callback=True)
    sio.emit(
        "submit_command", {"game_id": game_id, "command": score(vp=3), "version": 0}, callback=True
    )
    ack = sio.emit("undo", {"game_id": game_id, "version": 1}, callback=True)
    assert ack["ok"] is True and ack["version"] == 2
    assert ack["record"]["reverted"]["seq"] == 1
    last = updates(sio)[-1]
    assert last["changes"] == [
        [["version"], 0],
        [["players", "usa"], {"name": "Ana", "kind": "human", "vp": 10}],
    ]
    assert last["record"]["kind"] == "undo"
    nothing = sio.emit("undo", {"game_id": game_id, "version": 2}, callback=True)
    assert nothing["error"]["code"] == "nothing_to_undo"


def test_a_device_that_slept_catches_up_on_reconnect(
    client: FlaskClient, joined_other: FlaskClient, game: dict, socket_for: Callable
) -> None:
    game_id = game["game"]["id"]
    phone = socket_for(joined_other)
    phone.emit("join_game", {"game_id": game_id}, callback=True)
    phone.disconnect()
    client.post(f"/api/games/{game_id}/commands", json={"command": score(), "version": 0})
    phone.connect()
    assert updates(phone) == []  # nothing was sent while it slept…
    ack = phone.emit("join_game", {"game_id": game_id}, callback=True)
    assert ack["version"] == 1  # …and re-joining brings it up to date
    client.post(f"/api/games/{game_id}/commands", json={"command": score(), "version": 1})
    assert [u["version"] for u in updates(phone)] == [2]


def test_leave_game_stops_updates(client: FlaskClient, game: dict, socket_for: Callable) -> None:
    game_id = game["game"]["id"]
    sio = socket_for(client)
    sio.emit("join_game", {"game_id": game_id}, callback=True)
    assert sio.emit("leave_game", {"game_id": game_id}, callback=True) == {"ok": True}
    client.post(f"/api/games/{game_id}/commands", json={"command": score(), "version": 0})
    assert updates(sio) == []


def test_deleting_a_game_tells_the_room(
    client: FlaskClient, game: dict, socket_for: Callable
) -> None:
    game_id = game["game"]["id"]
    sio = socket_for(client)
    sio.emit("join_game", {"game_id": game_id}, callback=True)
    assert client.delete(f"/api/games/{game_id}").status_code == 204
    received = sio.get_received()
    assert [(m["name"], m["args"][0]) for m in received] == [("game_deleted", {"game_id": game_id})]


def test_the_acting_device_asks_for_its_options(
    client: FlaskClient, other_client: FlaskClient, game: dict, socket_for: Callable
) -> None:
    game_id = game["game"]["id"]
    sio = socket_for(client)
    answer = sio.emit("get_options", {"game_id": game_id, "player": "germany"}, callback=True)
    assert answer == {
        "ok": True,
        "version": 0,
        "options": {"score": [{"player": "germany", "vp": [1, 2, 3]}]},
    }
    everyone = sio.emit("get_options", {"game_id": game_id, "version": 0}, callback=True)
    assert [o["player"] for o in everyone["options"]["score"]] == ["usa", "germany"]
    wrong = sio.emit("get_options", {"game_id": game_id, "player": "mars"}, callback=True)
    assert (wrong["status"], wrong["error"]["code"]) == (400, "invalid_payload")
    stranger = socket_for(other_client).emit("get_options", {"game_id": game_id}, callback=True)
    assert (stranger["status"], stranger["error"]["code"]) == (403, "not_joined")
