"""`companion serve --workers 2 --start-redis`: two processes, a real redis-server between
them, one database. A tap made on one worker reaches a device connected to the other; the
other worker then answers from the new version (its memory follows the database); the sticky
proxy on the public port serves the API; stopping the command stops Redis and the workers.

Needs Debian's redis-server (scripts/test installs it).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import psutil
import pytest
import requests
import socketio

from companion.workers import pick

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 5,
    "seats": [{"company": "usa", "name": "Ana"}, {"company": "germany", "name": "Bo"}],
}


def free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """The real command with two workers and its own redis-server; the worker addresses."""
    port = free_port()
    argv = [sys.executable, "-m", "companion", "serve", "--workers", "2", "--start-redis"]
    front = subprocess.Popen(
        [*argv, "--host", HOST, "--port", str(port), "--db", str(tmp_path / "shared.db")],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    assert front.stdout is not None
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not any("is running" in x for x in lines):
        line = front.stdout.readline()
        if not line:
            break
        lines.append(line)
    said = "".join(lines)
    assert "is running" in said, said
    workers = re.findall(r"Worker \d on (http://\S+)", said)
    assert len(workers) == 2, said
    family = psutil.Process(front.pid).children(recursive=True)
    yield {"front": front, "proxy": f"http://{HOST}:{port}", "workers": workers, "pids": family}
    if front.poll() is None:
        front.send_signal(signal.SIGTERM)
        front.wait(30)


def listening_device() -> tuple[socketio.Client, list[dict[str, Any]], threading.Event]:
    """A Socket.IO client keeping the `game_updated` it hears, and an event set by each."""
    device = socketio.Client(reconnection=False)
    heard: list[dict[str, Any]] = []
    arrived = threading.Event()

    @device.on("game_updated")
    def on_update(payload: dict[str, Any]) -> None:
        heard.append(payload)
        arrived.set()

    return device, heard, arrived


def test_a_tap_on_one_worker_reaches_a_device_on_the_other(two_workers: dict[str, Any]) -> None:
    first, second = two_workers["workers"]
    http = requests.Session()
    created = http.post(f"{first}/api/games", json={"setup": SETUP}, timeout=30)
    assert created.status_code == 201, created.text
    view = created.json()
    game_id = view["game"]["id"]
    cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())

    phone, received, arrived = listening_device()
    # an Italian phone on the same worker: the broadcast crosses Redis once, in the engine's
    # words, and worker 2 says it to each of its devices in its language
    italian, in_italian, italian_arrived = listening_device()
    tablet = socketio.Client(reconnection=False)
    phone.connect(second, headers={"Cookie": cookie}, transports=["websocket"])
    italian.connect(second, headers={"Cookie": f"{cookie}; lang=it"}, transports=["websocket"])
    tablet.connect(first, headers={"Cookie": cookie}, transports=["websocket"])
    try:
        assert phone.call("join_game", {"game_id": game_id}, timeout=10)["version"] == 0
        assert italian.call("join_game", {"game_id": game_id}, timeout=10)["version"] == 0
        tablet.call("join_game", {"game_id": game_id}, timeout=10)
        options = tablet.call("get_options", {"game_id": game_id}, timeout=10)["options"]
        bank = next(a for a in options["actions"] if a["type"] == "bank" and a["choices"])
        command = bank["choices"][0]["command"]
        ack = tablet.call(
            "submit_command",
            {"game_id": game_id, "command": command, "version": 0},
            timeout=10,
        )
        assert ack["ok"] is True and ack["version"] == 1
        assert arrived.wait(10), "the tap on worker 1 never reached the phone on worker 2"
        (update,) = received
        assert (update["game_id"], update["version"], update["base_version"]) == (game_id, 1, 0)
        assert update["record"]["command"] == ack["record"]["command"]
        assert update["record"]["lines"] == ack["record"]["lines"]  # English, as the tablet
        assert italian_arrived.wait(10), "the tap never reached the Italian phone"
        (italian_update,) = in_italian  # once, in its own language
        assert (italian_update["version"], italian_update["base_version"]) == (1, 0)
        assert italian_update["record"]["lines"] != update["record"]["lines"]
        assert "Banca" in " ".join(italian_update["record"]["lines"])
        # worker 2 answers from the new version, not from what it held before
        after = phone.call("get_options", {"game_id": game_id}, timeout=10)
        assert after["version"] == 1
        assert phone.call("join_game", {"game_id": game_id}, timeout=10)["version"] == 1
    finally:
        phone.disconnect()
        italian.disconnect()
        tablet.disconnect()

    # the public port relays to a worker: the game is there too
    through = http.get(f"{two_workers['proxy']}/api/games/{game_id}", timeout=10)
    assert through.status_code == 200 and through.json()["version"] == 1

    front = two_workers["front"]
    front.send_signal(signal.SIGTERM)
    assert front.wait(30) == 0
    for child in two_workers["pids"]:  # redis-server and both workers stopped with it
        assert not child.is_running() or child.status() == psutil.STATUS_ZOMBIE


def test_the_proxy_keeps_each_address_on_one_worker_and_skips_none() -> None:
    ports = [5001, 5002, 5003]
    first = pick("192.168.1.20", ports)
    assert sorted(first) == ports  # every worker stays reachable as a fallback
    assert pick("192.168.1.20", ports) == first  # the same device: the same worker first
    firsts = {pick(f"192.168.1.{n}", ports)[0] for n in range(2, 60)}
    assert firsts == set(ports)  # devices spread over every worker
