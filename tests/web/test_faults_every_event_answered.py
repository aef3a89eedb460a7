"""Issue 12, "Clear under faults": every Socket.IO event is answered, even one the protocol
layer cannot decode.

python-socketio reads the digits after a packet's type as its acknowledgement id: a payload
that is only a 100-digit integer becomes an id with no event (it then fails on `data[0]`, as
does any event that is not a list starting with its name: `42{}`, `42[]`, `42[1]`), and past
100 digits the decoder raises "id field is too long". Both raised in a background thread,
were only logged, and the sender never heard back. Now (companion/jsonsafe.py `SafePacket`)
such a packet is answered: through its ack when its id was read, else with a `refused` event.
An event the server does not have is answered 404.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import simple_websocket
import socketio
import web_fake_engine as fake_engine
from werkzeug.serving import make_server

from companion.app import create_app

BIG = 10**99  # a 100-digit integer


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("events") / "e.db"
    app = create_app({"DATABASE": str(db), "ENGINE": fake_engine.ENGINE,
                      "SECRET_KEY": "test-only"})  # fmt: skip
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def client(server_url: str) -> Iterator[socketio.Client]:
    sio = socketio.Client()
    sio.connect(f"http://{server_url}", transports=["websocket"], wait_timeout=10)
    yield sio
    sio.disconnect()


def test_an_event_carrying_a_100_digit_integer_is_answered(client: socketio.Client) -> None:
    for event, data in [
        ("submit_command", {"game_id": "x", "command": {"type": "bank"}, "version": BIG}),
        ("undo", {"game_id": "x", "version": BIG}),
        ("join_game", {"game_id": BIG}),
        ("submit_command", BIG),
    ]:
        answer = client.call(event, data, timeout=5)
        assert answer["ok"] is False and 400 <= answer["status"] < 500, (event, answer)
        assert answer["error"]["message"]


def test_an_unknown_event_is_answered_404(client: socketio.Client) -> None:
    answer = client.call("no_such_event", {"a": 1}, timeout=5)
    assert answer == {
        "ok": False,
        "status": 404,
        "error": {"code": "unknown_event", "message": "This server has no event 'no_such_event'."},
    }


class RawSocket:
    """A hand-made Engine.IO v4 / Socket.IO v5 client over a real WebSocket."""

    def __init__(self, server_url: str) -> None:
        self.ws = simple_websocket.Client.connect(
            f"ws://{server_url}/socket.io/?EIO=4&transport=websocket"
        )
        assert self.ws.receive(timeout=5).startswith("0{")  # Engine.IO open
        self.ws.send("40")  # Socket.IO connect to "/"
        assert self.ws.receive(timeout=5).startswith("40{")

    def send(self, packet: str) -> Any:
        """Send a Socket.IO packet (as an Engine.IO message) and read the next answer."""
        self.ws.send("4" + packet)
        while True:
            message = self.ws.receive(timeout=5)
            assert message is not None, f"no answer to {packet[:60]!r}"
            if message != "2":  # skip Engine.IO pings
                return message

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def raw(server_url: str) -> Iterator[RawSocket]:
    sock = RawSocket(server_url)
    yield sock
    sock.close()


def test_a_101_digit_ack_id_is_answered_by_a_refused_event(raw: RawSocket) -> None:
    answer = raw.send("2" + "9" * 101 + '["submit_command",{}]')
    assert answer.startswith('42["refused",')
    event, body = json.loads(answer[2:])
    assert body["ok"] is False and body["status"] == 400
    assert body["error"]["message"].startswith("This message could not be read")


def test_a_payload_that_is_only_a_100_digit_integer_is_answered(raw: RawSocket) -> None:
    """The decoder takes the 100 digits for the ack id and finds no event: answered there."""
    ack_id = "1" * 100
    answer = raw.send("2" + ack_id)
    assert answer.startswith(f"43{ack_id}[")
    body = json.loads(answer[2 + len(ack_id) :])[0]
    assert body["error"]["message"] == "An event is a list: its name (text), then its data."


def test_a_longer_integer_alone_is_answered_by_a_refused_event(raw: RawSocket) -> None:
    assert raw.send("2" + "1" * 300).startswith('42["refused",')


@pytest.mark.parametrize("packet", ['27{"game_id":"x"}', "27[]", "27[1]", '27"join_game"'])
def test_an_event_that_is_not_a_named_list_is_answered_through_its_ack(
    raw: RawSocket, packet: str
) -> None:
    answer = raw.send(packet)
    assert answer.startswith("437[")  # the ack of id 7
    body = json.loads(answer[3:])[0]
    assert body["status"] == 400
    assert body["error"]["message"] == "An event is a list: its name (text), then its data."


def test_a_99_digit_ack_id_still_gets_its_ack(raw: RawSocket) -> None:
    ack_id = "9" * 99
    answer = raw.send(f"2{ack_id}" + '["no_such_event"]')
    assert answer.startswith(f"43{ack_id}[")
    assert json.loads(answer[2 + len(ack_id) :])[0]["status"] == 404
