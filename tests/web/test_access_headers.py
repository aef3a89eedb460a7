"""Issue 12, "Closed to strangers": security headers on every response, and no version in
`Server`.

A Content-Security-Policy of this server only (the app's pages have no inline script or style:
e2e/test_content_security_policy.py proves they run under it), `X-Content-Type-Options:
nosniff`, `X-Frame-Options: DENY` with `frame-ancestors 'none'`, `Referrer-Policy: no-referrer`.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from flask import Flask
from web_support import SETUP

from companion.app import create_app

EXPECTED = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
PATHS = [
    "/",  # a page
    "/setup",
    "/join",
    "/glossary",
    "/audit",
    "/static/css/app.css",  # a static file
    "/static/js/main.js",
    "/api/board",  # the API
    "/api/games/nope",  # an API error
    "/games/nope",  # a page error
    "/no/such/page",  # Flask's own 404
    "/socket.io/?EIO=4&transport=polling",  # Socket.IO's own answer
]


@pytest.fixture
def real_app(tmp_path: Path) -> Flask:
    """The app with its real templates."""
    return create_app({"DATABASE": str(tmp_path / "h.db"), "TESTING": True,
                       "SECRET_KEY": "test-only"})  # fmt: skip


def csp_directives(value: str) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in value.split(";"))


@pytest.mark.parametrize("path", PATHS)
def test_every_response_carries_the_security_headers(real_app: Flask, path: str) -> None:
    response = real_app.test_client().get(path)
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, (path, name)
    csp = csp_directives(response.headers["Content-Security-Policy"])
    assert csp["default-src"] == "'self'"
    assert csp["script-src"] == "'self'" and csp["style-src"] == "'self'"
    assert csp["frame-ancestors"] == "'none'" and csp["object-src"] == "'none'"
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]


def test_a_429_and_a_post_carry_them_too(real_app: Flask) -> None:
    real_app.config["JOIN_LIMIT"] = "5 per minute"
    client = real_app.test_client()
    answers = [client.post("/api/join", json={"code": "CCCCC"}) for _ in range(6)]
    assert answers[-1].status_code == 429
    assert all(a.headers["X-Frame-Options"] == "DENY" for a in answers)


def test_pages_have_no_inline_script_or_style(real_app: Flask) -> None:
    """What the policy would block: `<script>` without `src`, `<style>`, `style=`, `on…=`.
    A JSON data block (`type="application/json"`, the page's catalogue) is never run, so the
    policy lets it be."""
    client = real_app.test_client()
    game = client.post("/api/games", json={"title": "T", "setup": SETUP}).get_json()["game"]
    games = [f"/games/{game['id']}", f"/games/{game['id']}?view=phone",
             f"/audit/games/{game['id']}", f"/audit/games/{game['id']}/print"]  # fmt: skip
    for path in ("/", "/setup", "/join", "/glossary", "/audit", *games):
        assert client.get(path).status_code == 200, path
        html = client.get(path).get_data(as_text=True)
        assert "<style" not in html and " style=" not in html, path
        for chunk in html.split("<script")[1:]:
            opening = chunk.split(">", 1)[0]
            assert " src=" in opening or 'type="application/json"' in opening, path
        assert not re.search(r"\son[a-z]+=", html), path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_companion_serve_names_no_werkzeug_or_python_version(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--db", str(tmp_path / "served.db")]  # fmt: skip
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        headers = None
        deadline = time.monotonic() + 20
        while headers is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                    headers = r.headers
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)
        assert headers is not None
        assert headers["Server"] == "Barrage Companion"
        assert "Werkzeug" not in str(headers) and "Python" not in str(headers)
        assert headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
