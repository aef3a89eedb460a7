"""The JSON API (docs/api.md): parse with a schema → call the store → respond and broadcast."""

from __future__ import annotations

import io
import secrets
from functools import cache
from typing import Any

import segno
from flask import Blueprint, Response, current_app, jsonify, request, url_for

from companion import schemas
from companion.engine.reverse import reverse_instructions
from companion.routes import (
    broadcast,
    claim_seat,
    claimed_seat,
    command_answer,
    forget_game,
    game_log,
    game_view,
    joined_games,
    log_entry,
    remember_join,
    require_joined,
    room,
    store,
)

bp = Blueprint("api", __name__, url_prefix="/api")


def public_base_url() -> str:
    """The address other devices use (the CLI sets PUBLIC_URL to the LAN address)."""
    return str(current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def join_url(code: str) -> str:
    return public_base_url() + url_for("pages.join_with_code", code=code)


def qr_svg(text: str) -> Response:
    """An SVG QR code (segno), drawn by the server so no device needs a QR library."""
    # a standalone SVG document (with its namespace), so an <img> can show it
    buffer = io.BytesIO()
    segno.make(text, error="m").save(
        buffer, kind="svg", xmldecl=False, scale=6, border=2, dark="#000", light="#fff"
    )
    svg = buffer.getvalue().decode()
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


# -- games ------------------------------------------------------------------------------


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    """Start a game; the creating device joins it."""
    body = schemas.load(schemas.CreateGameSchema, request.get_json(silent=True))
    setup = body["setup"]
    if setup.get("seed") is None:
        # The engine has no global random: an app-dealt game needs its seed fixed here.
        setup["seed"] = secrets.randbelow(schemas.MAX_SEED)
    committed = store().create_game(setup, title=body["title"])
    remember_join(committed.game_id)
    view = game_view(committed.game_id)
    view["join_url"] = join_url(view["game"]["join_code"])
    return jsonify(view), 201


@bp.get("/games")
def list_games() -> Response:
    """The games this device joined (date, players, round), newest first."""
    return jsonify({"games": store().list_games(joined_games())})


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    """State, legal options (of `?player=` or everyone), version and the recent log."""
    require_joined(game_id)
    query = schemas.load(schemas.OptionsQuerySchema, request.args.to_dict())
    view = game_view(game_id, query.get("player"))
    view["join_url"] = join_url(view["game"]["join_code"])
    return jsonify(view)


@bp.get("/games/<game_id>/options")
def options(game_id: str) -> Response:
    """The legal options now (of `?player=` or whoever acts), asked by the acting device
    after a `game_updated` that changed who acts (broadcasts do not carry them)."""
    require_joined(game_id)
    query = schemas.load(schemas.OptionsQuerySchema, request.args.to_dict())
    version, legal = store().options(game_id, query.get("player"))
    return jsonify({"game_id": game_id, "version": version, "options": legal})


@bp.delete("/games/<game_id>")
def delete_game(game_id: str) -> tuple[str, int]:
    from companion.extensions import socketio

    require_joined(game_id)
    store().delete_game(game_id)
    forget_game(game_id)
    # Devices still showing the game go back home instead of acting on nothing.
    socketio.emit("game_deleted", {"game_id": game_id}, to=room(game_id))
    return "", 204


@bp.post("/join")
def join() -> Response:
    """Join a game with its join code; the session remembers it."""
    body = schemas.load(schemas.JoinSchema, request.get_json(silent=True))
    game = store().game_by_code(body["code"])
    remember_join(game["id"])
    return jsonify({"game": game, "seat": claimed_seat(game["id"])})


@bp.post("/games/<game_id>/seat")
def seat(game_id: str) -> Response:
    """Claim the seat (company) this device plays, or `null` to only follow the game."""
    require_joined(game_id)
    body = schemas.load(schemas.SeatClaimSchema, request.get_json(silent=True))
    claim_seat(game_id, body["company"])
    return jsonify({"game_id": game_id, "seat": body["company"]})


# -- playing ----------------------------------------------------------------------------


@bp.post("/games/<game_id>/commands")
def submit(game_id: str) -> Response:
    """Execute one command at the version the device saw; broadcast the new state."""
    require_joined(game_id)
    body = schemas.load(schemas.SubmitSchema, request.get_json(silent=True))
    committed = store().submit(game_id, body["command"], body["version"])
    return jsonify(command_answer(committed, body["with_options"]))


@bp.get("/games/<game_id>/undo")
def undo_preview(game_id: str) -> Response:
    """What an undo would take back now (to confirm before undoing)."""
    require_joined(game_id)
    record = store().undo_preview(game_id)
    return jsonify(
        {
            "version": store().game(game_id)["version"],
            "would_revert": log_entry(record),
            "reverse": reverse_instructions(record["events"]),
        }
    )


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Response:
    """Take back the last command still in force (an undo record is appended)."""
    require_joined(game_id)
    body = schemas.load(schemas.UndoSchema, request.get_json(silent=True))
    committed = store().undo(game_id, body["version"])
    payload = dict(broadcast(committed))
    payload["reverse"] = reverse_instructions(committed.record["undone_record"]["events"])
    return jsonify(payload)


@bp.get("/games/<game_id>/log")
def log(game_id: str) -> Response:
    """The whole story of the game, one entry per record (undone ones marked)."""
    require_joined(game_id)
    return jsonify({"game_id": game_id, "entries": game_log(game_id)})


@bp.get("/games/<game_id>/export.json")
def export(game_id: str) -> Response:
    """The game as a log file for `python -m companion.engine replay LOG.json`.

    `commands` are the commands still in force with their stored events; `records` is the
    whole append-only history (undone commands and undos included).
    """
    game = require_joined(game_id)
    records = store().records(game_id)
    in_force = [r for r in records if r["kind"] != "undo" and not r["undone"]]
    body = {
        "title": game["title"],
        "created_at": game["created_at"],
        "version": game["version"],
        "setup": game["setup"],
        "commands": [{"command": r["command"], "events": r["events"]} for r in in_force],
        "records": records,
        "stored": store().stored_game(game_id),  # what `companion import` reads (issue 18)
    }
    response = jsonify(body)
    filename = f"barrage-{game['created_at'][:10]}-{game_id}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/games/<game_id>/qr.svg")
def game_qr(game_id: str) -> Response:
    """QR code of the join URL, for phones joining at the table."""
    game = require_joined(game_id)
    return qr_svg(join_url(game["join_code"]))


@bp.get("/qr.svg")
def server_qr() -> Response:
    """QR code of the server's address (no game in it), for the home page."""
    return qr_svg(public_base_url() + "/")


@bp.get("/board")
def board() -> Response:
    """The geometry of the map for the SVG (static; from the engine's map tables)."""
    response = jsonify(board_geometry())
    # the names of the spaces are in the device's language (its cookie, else its browser's)
    response.headers["Cache-Control"] = "private, max-age=3600"
    response.vary.update(("Cookie", "Accept-Language"))
    return response


@cache
def board_geometry() -> dict[str, Any]:
    """Spaces, basins, headstreams, exits, rivers, conduits and area bands with coordinates."""
    from companion.engine import board, places
    from companion.engine.data import map_tables as t

    raw = {row["id"]: row for row in t.SPACES}
    spaces = [
        {
            "id": s.id,
            "kind": s.kind,
            "basin": s.basin,
            "area": s.area,
            "xy": list(s.xy),
            "red": s.red_bordered,
            "value": s.value or None,
            "destination": s.destination_basin or None,
            "held_drops_xy": list(s.held_drops_xy) if s.held_drops_xy else None,
            "position": raw[s.id].get("position") or raw[s.id].get("side"),
            "name": places.short_space_name(s.id),
            "path": raw[s.id].get("path"),
        }
        for s in board.SPACES.values()
    ]
    basins = [
        {
            "id": b.id,
            "area": b.area,
            "label_xy": list(b.label_xy),
            "dam_spaces": list(b.dam_spaces),
            "conduit_spaces": list(b.conduit_spaces),
            "powerhouse_spaces": list(b.powerhouse_spaces),
            "river_to": b.river_to,
            "name": places.basin_name(b.id, short=True),
        }
        for b in board.BASINS.values()
    ]
    conduits = [
        {
            "id": s["id"],
            "from_basin": s["basin"],
            "to_basin": s["destination"],
            "value": s["value"],
            "path": s["path"],
        }
        for s in spaces
        if s["kind"] == "conduit"
    ]
    return {
        "width": t.WIDTH,
        "height": t.HEIGHT,
        "areas": [{"area": a, "y": list(ys)} for a, ys in t.AREA_BANDS_Y.items()],
        "spaces": spaces,
        "basins": basins,
        "headstreams": [
            {"id": h["id"], "basin": int(h["feeds_basin"]), "xy": list(h["xy"])}
            for h in t.HEADSTREAMS
        ],
        "exits": [
            {"id": e["id"], "below_basin": int(e["below_basin"]), "xy": list(e["xy"])}
            for e in t.EXITS
        ],
        "rivers": [dict(edge) for edge in t.RIVER_EDGES],
        "flow_paths": {k: list(v) for k, v in t.FLOW_PATHS.items()},
        "conduits": conduits,
    }
