"""Installable and offline-tolerant (issue 13): Chromium's installability check passes, and
once the service worker controls the page, a reload with the server stopped still loads the
page's CSS and JavaScript.

These tests let the service worker run (the other e2e tests block it, see conftest), and the
offline one stops a server of its own rather than the session's shared one.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e import flows
from e2e.conftest import CHROMIUM, LAUNCH_ARGS, TABLET

CONTROLLED = "navigator.serviceWorker.controller !== null"


class Server:
    """`companion serve` in a process of its own, which a test stops like a laptop closing its
    lid. (A second app in this process would take over the shared Socket.IO extension.)"""

    def __init__(self, db: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1"]
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port), "--db", str(db)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while not self.answers():
            assert self.process.poll() is None, "the server did not start"
            assert time.monotonic() < deadline, "the server did not answer in 20 s"
            time.sleep(0.1)

    def answers(self) -> bool:
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
        except OSError:
            return False
        return True

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "pwa.db")
    yield server
    server.stop()


@contextmanager
def _tablet(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(viewport=TABLET, base_url=base_url, service_workers="allow")
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


def test_chromium_finds_the_app_installable(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    # a profile on disk: Chromium never offers to install from an incognito context
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        args=LAUNCH_ARGS,
        viewport=TABLET,
        base_url=base_url,
    )
    try:
        _expect_installable(context.pages[0] if context.pages else context.new_page())
    finally:
        context.close()


def _expect_installable(tablet: Page) -> None:
    tablet.goto("/")
    flows.wait_until(tablet, CONTROLLED)
    cdp = tablet.context.new_cdp_session(tablet)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_a_visited_page_loads_its_css_and_js_with_the_server_stopped(
    browser: Browser, own_server: Server
) -> None:
    with _tablet(browser, own_server.url) as page:
        page.goto("/setup")
        flows.wait_until(page, CONTROLLED)
        page.reload()  # this visit goes through the worker, which keeps the page
        expect(page.locator("html")).to_have_attribute("data-script-ready", "yes")
        own_server.stop()
        assert not own_server.answers()

        assets: list[Any] = []
        failed: list[str] = []
        page.on("response", lambda r: assets.append(r) if "/static/" in r.url else None)
        page.on("requestfailed", lambda r: failed.append(r.url) if "/static/" in r.url else None)
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-script-ready", "yes")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(244, 242, 236)"  # app.css --bg: the stylesheet applied
        assert failed == []
        loaded = {r.url.removeprefix(own_server.url) for r in assets}
        assert {"/static/css/app.css", "/static/js/setup.js", "/static/js/pwa.js"} <= loaded
        assert all(r.status == 200 and r.from_service_worker for r in assets)
