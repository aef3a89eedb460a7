"""Playwright fixtures: the real app on a free localhost port, Debian's Chromium, two devices.

The app (`create_app` with a temporary database) and its Socket.IO server run in a thread of
the test process; each test gets a fresh tablet page (1280×800) and phone page (390×844) in
separate browser contexts, so they join like two real devices (separate sessions).
Chromium is Debian's (`/usr/bin/chromium`); `playwright install` is never used.
"""

from __future__ import annotations

import logging
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parent.parent
SCREENS = ROOT / "artifacts" / "screens"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under e2e/ that drives a browser is marked `e2e` (deselect with -m)."""
    for item in items:
        if "e2e" in str(item.fspath) and "page" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app with a fresh database, served with Socket.IO on 127.0.0.1:<free port>."""
    from werkzeug.serving import make_server

    from companion.app import create_app

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # one line per request is noise here
    db = tmp_path_factory.mktemp("e2e") / "companion.db"
    # many joins from one address in a few seconds: the join limit has its own tests
    config = {"JOIN_LIMIT": "1000 per second"}
    app = create_app(
        {"DATABASE": str(db), "SECRET_KEY": "e2e-only-secret", "TESTING": True, **config}
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


def _page(browser: Any, base_url: str, viewport: dict[str, int], **extra: Any) -> Iterator[Any]:
    # reduced motion: sheets appear at once, so taps never wait for a slide-in to settle
    # service workers blocked: page.route() must see every request (test_pwa.py lets them run)
    context = browser.new_context(
        viewport=viewport,
        base_url=base_url,
        reduced_motion="reduce",
        service_workers="block",
        **extra,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # Chromium reports what the Content-Security-Policy blocked as a console error
    violations: list[str] = []
    page.on("console", lambda msg: _note_csp_violation(msg, violations, errors))
    page.js_errors = errors  # type: ignore[attr-defined]  # read by tests to fail on JS errors
    page.csp_violations = violations  # type: ignore[attr-defined]
    yield page
    context.close()


def _note_csp_violation(msg: Any, violations: list[str], errors: list[str]) -> None:
    if msg.type == "error" and "Content Security Policy" in msg.text:
        violations.append(msg.text)
        errors.append(msg.text)


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    """The shared tablet, landscape 1280×800."""
    yield from _page(browser, base_url, TABLET)


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Any]:
    """A player's phone, portrait 390×844, in its own context (its own session)."""
    yield from _page(browser, base_url, PHONE, is_mobile=True, has_touch=True)


@pytest.fixture(scope="session")
def screens() -> Path:
    """Where the e2e run saves screenshots of the main screens (test artifacts)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    return SCREENS
