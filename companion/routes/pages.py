"""Page routes: render the Jinja templates of the front end with the context they need.

Templates (owned by the front end): home.html, setup.html, game.html, join.html. The pages
load everything else through the JSON API and Socket.IO.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import i18n
from companion.routes import claimed_seat, is_joined, joined_games, store
from companion.store import GameArchived, GameNotFound

bp = Blueprint("pages", __name__)

VIEWS = ("tablet", "phone")


@cache
def setup_choices() -> dict[str, Any]:
    """Companies and officers for the setup wizard (ids and names from the engine's tables)."""
    from companion.engine.data import company_tables as t

    return {
        "companies": [
            {"id": c["id"], "name": c["name"], "color": c["color"], "expansion": c["expansion"]}
            for c in t.COMPANIES
        ],
        "officers": [
            {"id": o["id"], "name": o.get("name", o["id"]), "expansion": o.get("expansion")}
            for o in t.OFFICERS
        ],
    }


def _server_url() -> str:
    from companion.routes.api import public_base_url

    return public_base_url() + "/"


@bp.get("/")
def home() -> str:
    """New game, resume (this device's joined games), delete; the server's QR code."""
    return render_template(
        "home.html",
        games=store().list_games(joined_games()),
        server_url=_server_url(),
        qr_url=url_for("api.server_qr"),
    )


@bp.get("/setup")
def setup() -> str:
    """The setup wizard (introductory or full game, 2-4 seats)."""
    return render_template("setup.html", **setup_choices())


@bp.get("/games/<game_id>")
def game(game_id: str) -> str | tuple[str, int]:
    """The game: `?view=phone` for a player's phone, the tablet view otherwise."""
    from companion.routes.api import join_url

    try:
        summary = store().game(game_id)
    except GameNotFound:
        return render_template("join.html", code="", error=_("There is no such game.")), 404
    if not is_joined(game_id):
        error = _("Enter the join code shown on the tablet to follow this game.")
        return render_template("join.html", code="", error=error), 403
    view = request.args.get("view", "tablet")
    return render_template(
        "game.html",
        game=summary,
        game_id=game_id,
        join_code=summary["join_code"],
        join_url=join_url(summary["join_code"]),
        qr_url=url_for("api.game_qr", game_id=game_id),
        seat=claimed_seat(game_id),
        view=view if view in VIEWS else "tablet",
    )


@bp.get("/join")
def join() -> str:
    """The join form (the code may be pre-filled with `?code=`)."""
    return render_template("join.html", code=request.args.get("code", ""), error=None)


@bp.get("/join/<code>")
def join_with_code(code: str) -> Response | str | tuple[str, int]:
    """The URL in the QR code: the game (title, companies, round) and a Join button.

    A GET never joins: a link on any page may send a browser here, and joining adds the game
    to the device (a stranger's game slipped onto a player's phone: login CSRF). The Join
    button posts `/api/join` from this page (JSON only, so another site's form cannot), then
    the device picks its company: scan, Join, company. A device that already joined the
    game goes straight to it."""
    try:
        summary = store().game_by_code(code)
    except GameArchived as exc:
        return render_template("join.html", code=code, error=i18n.speak(exc.message)), 410
    except GameNotFound:
        error = _("No game has this join code. Check the code on the tablet.")
        return render_template("join.html", code=code, error=error), 404
    view = request.args.get("view")
    view = view if view in VIEWS else None
    if is_joined(summary["id"]):
        target = url_for("pages.game", game_id=summary["id"], **({"view": view} if view else {}))
        return redirect(target)
    return render_template(
        "join.html", code=summary["join_code"], game=preview(summary), view=view, error=None
    )


def preview(summary: dict[str, Any]) -> dict[str, Any]:
    """What a person needs to recognise a game before joining it: its title, mode, round
    and companies (with the players' names), in this device's words."""
    from companion.engine.catalog import company_name

    players = [
        {
            "company": p["company"],
            "letter": str(p["company"])[:1].upper(),
            "company_name": company_name(p["company"]),
            "name": p.get("name") or "",
            "automa": p.get("kind") == "automa",
        }
        for p in summary.get("players", [])
    ]
    said: dict[str, Any] = i18n.speak(
        {
            "id": summary["id"],
            "title": summary.get("title") or "",
            "mode": (summary.get("setup") or {}).get("mode", "introductory"),
            "round": summary.get("round"),
            "finished": bool(summary.get("finished")),
            "players": players,
        }
    )
    return said
