"""The web app manifest and the service worker are served so a browser can install the app."""

from __future__ import annotations

import json
import os
import re
import struct
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from companion.routes.pwa import precache_entries

STATIC = Path(__file__).resolve().parents[2] / "companion" / "static"


def _precache_list(worker: str) -> list[dict[str, str]]:
    match = re.search(r"precacheAndRoute\((\[.*?\])\)", worker)
    assert match, "the precache list was not injected"
    return json.loads(match.group(1))


def test_manifest_is_served_as_a_web_app_manifest(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] == "Barrage Companion"
    assert manifest["short_name"] == "Barrage"
    assert manifest["display"] in ("fullscreen", "standalone")
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    routes = client.application.url_map.bind("localhost")
    for shortcut in manifest["shortcuts"]:  # each opens a page of the app
        endpoint, _ = routes.match(shortcut["url"])
        assert endpoint in ("pages.setup", "glossary.glossary_page"), shortcut


def test_manifest_icons_exist_with_the_sizes_they_claim(client: FlaskClient) -> None:
    icons = client.get("/manifest.webmanifest").get_json(force=True)["icons"]
    purposes = set()
    for icon in icons:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == icon["type"]
        if icon["type"] == "image/png":
            body = response.get_data()
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", body[16:24])  # the IHDR chunk
            assert icon["sizes"] == f"{width}x{height}"
            purposes.add((icon["purpose"], width))
        response.close()
    # what Chromium asks to install (>= 144 px) and an Android adaptive (maskable) icon
    assert ("any", 192) in purposes and ("any", 512) in purposes
    assert ("maskable", 512) in purposes


def test_service_worker_is_served_from_the_root_with_scope_and_no_cache(
    client: FlaskClient,
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    worker = response.get_data(as_text=True)
    assert "self.__WB_MANIFEST" not in worker
    # Workbox from the app's own vendor folder, never a CDN
    assert "importScripts('/static/vendor/workbox/workbox-sw.js')" in worker
    assert "http://" not in worker and "https://" not in worker
    for module in ("core", "precaching", "routing", "strategies"):
        assert client.get(f"/static/vendor/workbox/workbox-{module}.prod.js").status_code == 200


def test_service_worker_precaches_the_app_shell_and_nothing_else(client: FlaskClient) -> None:
    urls = {entry["url"] for entry in _precache_list(client.get("/sw.js").get_data(as_text=True))}
    for asset in (
        "/static/css/app.css",
        "/static/js/main.js",
        "/static/js/home.js",
        "/static/js/pwa.js",
        "/static/vendor/socket.io.esm.min.js",
        "/static/vendor/workbox/workbox-window.prod.mjs",
        "/static/icons/app-icon-192.png",
    ):
        assert asset in urls
    assert all(url.startswith("/static/") for url in urls)  # no page, no API, no Socket.IO
    assert "/static/js/pwa/service-worker.js" not in urls
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_worker_never_caches_the_api_or_socket_io(client: FlaskClient) -> None:
    worker = (STATIC / "js" / "pwa" / "service-worker.js").read_text(encoding="utf-8")
    never = re.search(r"NEVER_CACHED = /(.*)/;", worker)
    assert never
    pattern = re.compile(never.group(1).replace("\\/", "/"))
    for path in ("/api/games", "/api/games/abc/commands", "/socket.io/", "/api"):
        assert pattern.search(path), path
    for path in ("/", "/games/abc", "/setup", "/apiary"):
        assert not pattern.search(path), path


def test_an_edited_asset_gets_a_new_revision(app: Flask, tmp_path: Path) -> None:
    static = tmp_path / "static"
    asset = static / "css" / "x.css"
    asset.parent.mkdir(parents=True)
    asset.write_text("a{}")
    with app.test_request_context():
        before = precache_entries(static)
        asset.write_text("b{}")
        later = asset.stat().st_mtime + 2  # an edit made later (coarse file-system clocks)
        os.utime(asset, (later, later))
        after = precache_entries(static)
    assert [e["url"] for e in before] == ["/static/css/x.css"]
    assert before[0]["revision"] != after[0]["revision"]
