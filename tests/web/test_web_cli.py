"""`companion serve` prints the tablet URL and a QR code and serves; `companion games` lists."""

from __future__ import annotations

import ipaddress
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import socketio
import web_fake_engine as fake_engine
from web_support import SETUP

from companion import cli
from companion.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_lan_ip_is_an_ipv4_address() -> None:
    assert ipaddress.ip_address(cli.lan_ip()).version == 4


def test_tablet_url_uses_the_lan_address_when_listening_everywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli, "lan_ip", lambda: "192.0.2.23")
    assert cli.tablet_url("0.0.0.0", 5000) == "http://192.0.2.23:5000"
    assert cli.tablet_url("127.0.0.1", 8080) == "http://127.0.0.1:8080"


def test_no_command_means_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {}
    monkeypatch.setattr(cli, "serve", lambda args: seen.setdefault("port", args.port) and 0)
    monkeypatch.setenv("COMPANION_PORT", "5123")
    cli.main(["--port", "5050"])
    assert seen["port"] == 5050
    seen.clear()
    cli.main([])
    assert seen["port"] == 5123


def test_games_lists_join_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.db"
    game_id = Store(db, engine=fake_engine.ENGINE).create_game(SETUP, title="Friday").game_id
    code = Store(db, engine=fake_engine.ENGINE).game(game_id)["join_code"]
    assert cli.main(["games", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert code in out and "Friday" in out and "Ana, Bo" in out


def test_bench_without_the_script_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(cli, "__file__", str(tmp_path / "companion" / "cli.py"))
    assert cli.main(["bench"]) == 1


def test_serve_prints_the_url_and_a_qr_code_and_answers(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "served.db"
    env = {
        **os.environ,
        "COMPANION_PORT": str(port),
        "COMPANION_DB": str(db),
        "PYTHONUNBUFFERED": "1",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        first = proc.stdout.readline() if proc.stdout else ""
        assert first.strip() == (
            f"Barrage Companion is running. Open http://127.0.0.1:{port} on the tablet "
            "(or scan the code below)."
        )
        qr_lines = [proc.stdout.readline() for _ in range(5)] if proc.stdout else []
        assert any("█" in line or "▀" in line or "▄" in line for line in qr_lines)
        body = None
        deadline = time.monotonic() + 20
        while body is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/board", timeout=2) as r:
                    body = json.load(r)
            except OSError:
                time.sleep(0.2)
        assert body is not None and body["width"] == 683
        assert db.exists()
        client = socketio.Client()
        client.connect(f"http://127.0.0.1:{port}", transports=["websocket"], wait_timeout=10)
        assert client.transport() == "websocket"
        client.disconnect()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_serve_on_a_busy_port_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "b.db")]
        with pytest.raises(SystemExit) as stopped:
            cli.main(args)
    assert stopped.value.code == 1
    said = capsys.readouterr()
    assert f"Port {port} is in use" in said.out + said.err
    assert "is running" not in said.out  # no address is printed for a server that is not up


def test_bench_passes_games_and_fuzz_on_to_the_bench_script(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(cli.subprocess, "call", lambda args: calls.append(args) or 0)
    assert cli.main(["bench", "--fuzz", "10000"]) == 0
    assert cli.main(["bench", "--games", "3"]) == 0
    assert [c[2:] for c in calls] == [["--fuzz", "10000"], ["--games", "3"]]
    assert calls[0][1].endswith("bench/run.py")
