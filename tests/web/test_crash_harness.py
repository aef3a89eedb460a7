"""The crash harness: the real server SIGKILLed at random moments while a device plays.

A device sends legal commands over Socket.IO (picked among the options the server offers,
with a seeded random); a timer kills the server process at a random moment, mid-command or
between commands; the server is started again on the same database and the device goes on
from the version the server reports. In the end every command the server acknowledged is in
the log at the version it was acknowledged with, and the game replays: re-executing the
commands in force gives the state the server holds, and folding their events gives it too.
The quick run kills the server a few times; the slow run (`-m slow`) many more.
"""

from __future__ import annotations

import os
import random
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

import pytest
import requests
import socketio

from companion.engine import replay
from companion.engine.state import to_json
from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
# A call cut by the kill is only noticed by its timeout: short, so the run stays bounded
# (an answer that comes later than this is simply not an acknowledgement).
CALL_SECONDS = 2
SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 11,
    "seats": [
        {"company": "usa", "name": "Ana"},
        {"company": "germany", "name": "Bo"},
        {"company": "italy", "name": "Cy"},
    ],
}


def free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Server:
    """`companion serve` on one database, started again after each kill."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        argv = [sys.executable, "-m", "companion", "serve", "--host", HOST]
        self.proc = subprocess.Popen(
            [*argv, "--port", str(self.port), "--db", str(self.db)],
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with closing(socket.socket()) as s:
                if s.connect_ex((HOST, self.port)) == 0:
                    return
            time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "crash.db")
    running.start()
    yield running
    running.stop()


def offered(options: Any) -> list[dict[str, Any]]:
    """Every complete command the options list (actions and open questions)."""
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


def play_until_killed(
    server: Server, game_id: str, cookie: str, rng: random.Random, acked: dict[int, Any]
) -> None:
    """Send commands until the server dies under the device; keep every acknowledgement."""
    device = socketio.Client(reconnection=False)
    device.connect(server.url, headers={"Cookie": cookie}, transports=["websocket"])
    killer = threading.Timer(rng.uniform(0.05, 0.8), server.kill)
    try:
        version = device.call("join_game", {"game_id": game_id}, timeout=10)["version"]
        killer.start()
        while server.proc is not None and server.proc.poll() is None:
            answer = device.call("get_options", {"game_id": game_id}, timeout=CALL_SECONDS)
            options = answer["options"]
            commands = offered(options)
            if not commands:  # the game is over: wait for the kill
                break
            command = rng.choice(commands)
            body = {"game_id": game_id, "command": command, "version": version}
            ack = device.call("submit_command", body, timeout=CALL_SECONDS)
            assert ack["ok"], ack  # a legal command at the right version is never refused
            version = ack["version"]
            acked[version] = ack["record"]["command"]
    except (socketio.exceptions.SocketIOError, OSError):
        pass  # the server died mid-call: that command was not acknowledged
    finally:
        if killer.ident is not None:  # started: let it finish its kill
            killer.join()
        device.disconnect()


def crash_trials(server: Server, kills: int, seed: int) -> tuple[str, dict[int, Any]]:
    http = requests.Session()
    created = http.post(f"{server.url}/api/games", json={"setup": SETUP}, timeout=30)
    assert created.status_code == 201, created.text
    game_id = created.json()["game"]["id"]
    cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
    rng = random.Random(seed)
    acked: dict[int, Any] = {}
    for _ in range(kills):
        play_until_killed(server, game_id, cookie, rng, acked)
        assert server.proc is not None and server.proc.returncode == -signal.SIGKILL
        server.start()
    return game_id, acked


def check_nothing_acknowledged_was_lost(db: Path, game_id: str, acked: dict[int, Any]) -> None:
    store = Store(db)
    records = {r["seq"]: r for r in store.records(game_id)}
    assert acked, "no command was acknowledged: the harness tested nothing"
    for version, command in acked.items():
        assert version in records, f"acknowledged command at version {version} is lost"
        assert records[version]["command"] == command
    assert sorted(records) == list(range(1, len(records) + 1))  # no gap, no half record
    _, state = store.state(game_id)
    in_force = [r for r in records.values() if r["kind"] != "undo" and not r["undone"]]
    setup = store.game(game_id)["setup"]
    replayed = replay({"setup": setup, "commands": [r["command"] for r in in_force]})
    assert to_json(replayed) == to_json(state)
    assert to_json(store.rebuild_state(game_id)) == to_json(state)


def test_a_server_killed_at_random_moments_keeps_every_acknowledged_command(
    server: Server,
) -> None:
    game_id, acked = crash_trials(server, kills=3, seed=1)
    server.stop()
    check_nothing_acknowledged_was_lost(server.db, game_id, acked)


@pytest.mark.slow
def test_many_random_kills_keep_every_acknowledged_command(server: Server) -> None:
    game_id, acked = crash_trials(server, kills=25, seed=2)
    server.stop()
    check_nothing_acknowledged_was_lost(server.db, game_id, acked)
