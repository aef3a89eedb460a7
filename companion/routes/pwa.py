"""Installable and offline-tolerant: the web app manifest and the service worker.

The service worker (Workbox, vendored from npm) is served from the site root so its scope is
the whole app. Its precache list is injected here, Workbox's injectManifest way: every file
under `static/` with a revision hashed from its content, so the worker's own bytes change (and
browsers install the new one) whenever any asset changes. API and Socket.IO traffic is never
cached: the worker routes only the precached assets and page navigations.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, url_for

bp = Blueprint("pwa", __name__)

# The literal the worker's source leaves for the precache list (as workbox-build does).
MANIFEST_TOKEN = "self.__WB_MANIFEST"
WORKER_SOURCE = "js/pwa/service-worker.js"
# Not precached: the worker's own source and the Workbox modules it loads with importScripts
# (the browser keeps those with the worker), and source maps.
NOT_PRECACHED = ("js/pwa/service-worker.js", "vendor/workbox/workbox-sw.js", ".map")
THEME_COLOR = "#1f5fa8"  # the accent of app.css and the icon's background
BACKGROUND_COLOR = "#f4f2ec"  # app.css --bg: the splash screen matches the first paint


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: opens full screen from a tablet's home screen."""
    body = {
        "id": "/",
        "name": "Barrage Companion",
        "short_name": "Barrage",
        "description": "Track a game of Barrage at the table: costs, incomes, water, scoring.",
        "start_url": "/",
        "scope": "/",
        "display": "fullscreen",
        "display_override": ["fullscreen", "standalone"],
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games", "utilities"],
        "icons": _icons(),
        # a long press on the home-screen icon
        "shortcuts": [
            {"name": "New game", "url": url_for("pages.setup")},
            {"name": "Glossary", "url": url_for("glossary.glossary_page")},
        ],
    }
    response = current_app.response_class(
        json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json"
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


def _icons() -> list[dict[str, str]]:
    def icon(filename: str, size: str, kind: str, purpose: str) -> dict[str, str]:
        src = url_for("static", filename=f"icons/{filename}")
        return {"src": src, "sizes": size, "type": kind, "purpose": purpose}

    return [
        icon("app-icon-192.png", "192x192", "image/png", "any"),
        icon("app-icon-512.png", "512x512", "image/png", "any"),
        icon("app-icon-maskable-512.png", "512x512", "image/png", "maskable"),
        icon("app-icon.svg", "any", "image/svg+xml", "any"),
    ]


@bp.get("/apple-touch-icon.png")
def apple_touch_icon() -> Response:
    """Where iOS looks for a home-screen icon when the page names none."""
    return current_app.send_static_file("icons/apple-touch-icon.png")


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker with its precache list; always revalidated, scope `/`."""
    static = Path(current_app.static_folder or "")
    source = (static / WORKER_SOURCE).read_text(encoding="utf-8")
    entries = json.dumps(precache_entries(static), separators=(",", ":"))
    response = current_app.response_class(
        source.replace(MANIFEST_TOKEN, entries, 1), mimetype="text/javascript"
    )
    response.headers["Service-Worker-Allowed"] = "/"
    # An old worker must never pin old assets: browsers check this file on every navigation.
    response.headers["Cache-Control"] = "no-cache"
    return response


def precache_entries(static: Path) -> list[dict[str, Any]]:
    """`{url, revision}` for every asset the pages load (CSS, JS modules, icons, vendor)."""
    entries = []
    for path in sorted(static.rglob("*")):
        relative = path.relative_to(static).as_posix()
        if not path.is_file() or any(relative.endswith(skip) for skip in NOT_PRECACHED):
            continue
        url = url_for("static", filename=relative)
        entries.append({"url": url, "revision": _revision(path, path.stat().st_mtime_ns)})
    return entries


@cache
def _revision(path: Path, mtime_ns: int) -> str:
    # keyed by mtime so an edited asset is hashed again, an unchanged one only once
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
