"""The scoring audit pages and API: standalone score pad, tracked-game audit, exports, print.

Thin views: marshmallow checks the shape, `companion.engine.audit` does the scoring and the
rule checks (End of the Game, p. 21), `companion.store` reads tracked games.

Pages: `/audit` (standalone entry), `/audit/games/<id>` (tracked game), `/audit/games/<id>/print`.
JSON: `POST /api/audit/standalone`, `POST /api/audit/standalone/export.csv`,
`GET /api/audit/games/<id>`, `GET /api/audit/games/<id>/export.json|.csv`.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from marshmallow import RAISE, fields, validate

from companion import i18n, schemas
from companion.engine import audit as engine_audit
from companion.engine import scoring
from companion.engine.words import Words, say
from companion.routes import game_log, is_joined, require_joined, store
from companion.security import spreadsheet_safe
from companion.store import GameNotFound

bp = Blueprint("audit", __name__, url_prefix="")

COMPANIES = tuple(engine_audit.COMPANY_NAMES)
COUNT = validate.Range(0, 999)
# what the map can hold of one kind (20 dam spaces, 20 conduit spaces, 23 powerhouse spaces):
# past that an entry is no board at all; within it the rules say what is wrong (a 422)
DAM_SPACES, CONDUIT_SPACES, POWERHOUSE_SPACES = 20, 20, 23


# -- payload schemas (shape only; the rules are checked by engine.audit.validate_entry) -------


class DamEntrySchema(schemas.Bounded):
    """A dam on the map: its space, level (Base + Elevations) and the drops it holds."""

    class Meta:
        unknown = RAISE

    space = fields.String(required=True, validate=validate.Length(1, 8))
    level = fields.Integer(load_default=1, validate=validate.Range(0, 99))
    drops = fields.Integer(load_default=0, validate=validate.Range(0, 99))


class PlayerEntrySchema(schemas.Bounded):
    """One company's board and supply at the end of an untracked game."""

    class Meta:
        unknown = RAISE

    company = fields.String(required=True, validate=validate.OneOf(COMPANIES))
    kind = fields.String(load_default="human", validate=validate.OneOf(("human", "automa")))
    name = fields.String(load_default="", validate=validate.Length(max=schemas.NAME_LENGTH))
    officer = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))
    dams = schemas.BoundedList(
        fields.Nested(DamEntrySchema),
        load_default=list,
        validate=validate.Length(max=DAM_SPACES),
    )
    conduits = schemas.BoundedList(
        fields.String(validate=validate.Length(1, 8)),
        load_default=list,
        validate=validate.Length(max=CONDUIT_SPACES),
    )
    powerhouses = schemas.BoundedList(
        fields.String(validate=validate.Length(1, 8)),
        load_default=list,
        validate=validate.Length(max=POWERHOUSE_SPACES),
    )
    credits = fields.Integer(load_default=0, validate=COUNT)
    excavators = fields.Integer(load_default=0, validate=COUNT)
    mixers = fields.Integer(load_default=0, validate=COUNT)
    vp_marker = fields.Integer(load_default=0, validate=validate.Range(0, 999))
    flipped = fields.Boolean(load_default=False)
    last_round_energy = fields.Integer(load_default=0, validate=COUNT)
    # The Leeghwater Project: the Private Buildings the company activated
    buildings = schemas.BoundedList(
        fields.String(validate=validate.Length(1, 40)),
        load_default=list,
        validate=validate.Length(max=16),
    )


class StandaloneEntrySchema(schemas.Bounded):
    """The whole table: the Objective tile, 1-4 players (a game seats at most 4 companies,
    The Leeghwater Project rulebook p. 2), the neutral dams (optional)."""

    class Meta:
        unknown = RAISE

    objective = fields.String(required=True, validate=validate.Length(1, 40))
    players = schemas.BoundedList(
        fields.Nested(PlayerEntrySchema),
        required=True,
        validate=validate.Length(1, schemas.MAX_SEATS),
    )
    neutral_dams = schemas.BoundedList(
        fields.Nested(DamEntrySchema), load_default=list, validate=validate.Length(max=DAM_SPACES)
    )


def load_entry() -> dict[str, Any]:
    """The standalone entry of the request body; raises marshmallow's ValidationError (400)."""
    return schemas.load(StandaloneEntrySchema, request.get_json(silent=True))


@bp.errorhandler(engine_audit.AuditEntryError)
def entry_errors_response(exc: engine_audit.AuditEntryError) -> tuple[Response, int]:
    """422 with every impossible entry (field path, code, sentence); the entry is kept."""
    errors = [{"field": e.field, "code": e.code, "message": e.message} for e in exc.errors]
    body = {"code": "impossible_entry", "message": errors[0]["message"], "errors": errors}
    return jsonify(body), 422


# -- pages ------------------------------------------------------------------------------------


def _objective_choices() -> list[dict[str, str]]:
    return [{"id": t, "label": engine_audit.OBJECTIVE_LABELS[t]} for t in scoring.OBJECTIVE_IDS]


@bp.get("/audit")
def standalone_page() -> str:
    """The standalone score pad: tap the boards on the map, step the supplies, score."""
    companies = [{"id": c, "name": n} for c, n in engine_audit.COMPANY_NAMES.items()]
    return render_template(
        "audit/standalone.html",
        objectives=i18n.speak(_objective_choices()),
        companies=i18n.speak(companies),
        neutral_levels=engine_audit.NEUTRAL_DAM_LEVELS,
        dam_capacities=engine_audit.dam_capacities(),
    )


def _joined_or_page(game_id: str) -> tuple[str, int] | None:
    """None if this device may read the game; else the join page with 404/403."""
    try:
        store().game(game_id)
    except GameNotFound:
        return render_template("join.html", code="", error=_("There is no such game.")), 404
    if not is_joined(game_id):
        error = _("Enter the join code shown on the tablet to see this game's audit.")
        return render_template("join.html", code="", error=error), 403
    return None


@bp.get("/audit/games/<game_id>")
def game_page(game_id: str) -> str | tuple[str, int]:
    """The audit of a tracked game: table, ledger lines, objective, history, exports."""
    refused = _joined_or_page(game_id)
    if refused:
        return refused
    return render_template("audit/game.html", game=store().game(game_id), game_id=game_id)


@bp.get("/audit/games/<game_id>/print")
def print_page(game_id: str) -> str | tuple[str, int]:
    """A printable summary (server-rendered; the browser prints it to PDF)."""
    refused = _joined_or_page(game_id)
    if refused:
        return refused
    return render_template("audit/print.html", **i18n.speak(game_audit(game_id)))


# -- JSON: standalone -------------------------------------------------------------------------


@bp.post("/api/audit/standalone")
def standalone() -> Response:
    """Score an untracked game's end from the entry; 422 lists impossible entries."""
    return jsonify(engine_audit.audit_standalone(load_entry()))


@bp.post("/api/audit/standalone/export.csv")
def standalone_csv() -> Response:
    """The standalone result as CSV: one row per player, then the statements."""
    result = engine_audit.audit_standalone(load_entry())
    return csv_response(standalone_rows(result), "barrage-audit.csv")


def standalone_rows(result: dict[str, Any]) -> list[list[Any]]:
    """CSV rows of a standalone result (header first)."""
    places = {c: i + 1 for i, c in enumerate(result["result"]["standings"])}
    counts = {r["company"]: r["count"] for r in result["objective"]["rows"]}
    rows: list[list[Any]] = [STANDALONE_HEADER]
    for p in sorted(result["players"], key=lambda p: places[p["company"]]):
        rows.append(
            [
                places[p["company"]],
                p["company"],
                p["name"],
                KIND_WORDS.get(p["kind"], p["kind"]),
                p["marker_vp"],
                counts[p["company"]],
                p["objective_vp"],
                p["resources"]["count"],
                p["resources"]["vp"],
                p["water"]["drops"],
                p["water"]["vp"],
                p["total"],
                p["last_round_energy"],
            ]
        )
    rows.append([])
    rows.append([say("step"), say("statement")])
    rows += [[STEP_WORDS.get(s["step"], s["step"]), s["text"]] for s in result["statements"]]
    return rows


# -- JSON: tracked games ----------------------------------------------------------------------


def game_audit(game_id: str) -> dict[str, Any]:
    """The audit of a tracked game with its per-round history (raises GameNotFound)."""
    s = store()
    summary = s.game(game_id)
    version, state = s.state(game_id)
    records = s.records(game_id)
    try:
        initial = s.engine.rebuild(summary["setup"], [])
        history = engine_audit.history(initial, records)
    except (ValueError, KeyError, TypeError):
        # an event no handler knows (an older log): VP per round from the ledgers still works
        history = engine_audit.history_from_ledger(state)
    return {
        "game": summary,
        "version": version,
        "audit": engine_audit.audit_of_game(state),
        "history": history,
    }


@bp.get("/api/audit/games/<game_id>")
def game_json(game_id: str) -> Response:
    """The audit of a tracked game (players × sources with ledger lines, objective, history)."""
    require_joined(game_id)
    return jsonify(game_audit(game_id))


@bp.get("/api/audit/games/<game_id>/export.json")
def export_json(game_id: str) -> Response:
    """The full log and the scores as one JSON file."""
    require_joined(game_id)
    data = game_audit(game_id)
    data["log"] = game_log(game_id)
    data["stored"] = store().stored_game(game_id)  # what `companion import` reads (issue 18)
    # a download is no JSON answer of the API: it speaks the asking device's language here
    body = json.dumps(i18n.speak(data), indent=2, ensure_ascii=False)
    return current_app.response_class(  # text that always encodes (app.TextResponse)
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="barrage-{game_id}.json"'},
    )


@bp.get("/api/audit/games/<game_id>/export.csv")
def export_csv(game_id: str) -> Response:
    """Scores, ledger lines and log as one long CSV table (a `section` column tells which)."""
    require_joined(game_id)
    return csv_response(game_rows(game_audit(game_id), game_log(game_id)), f"barrage-{game_id}.csv")


CSV_HEADER: list[Any] = [
    say("section"),
    say("seq"),
    say("round"),
    say("phase"),
    say("company"),
    say("category"),
    say("vp"),
    say("text"),
]
SECTION_SCORE, SECTION_LEDGER, SECTION_LOG = say("score"), say("ledger"), say("log")
STANDALONE_HEADER: list[Any] = [
    say("place"),
    say("company"),
    say("name"),
    say("kind"),
    say("vp_marker"),
    say("objective_count"),
    say("objective_vp"),
    say("resources"),
    say("resources_vp"),
    say("drops"),
    say("water_vp"),
    say("total"),
    say("last_round_energy"),
]
KIND_WORDS: dict[str, Words] = {"human": say("human"), "automa": say("automa")}
STEP_WORDS: dict[str, Words] = {
    "objective": say("objective"),
    "resources": say("resources"),
    "water": say("water"),
    "total": say("total"),
    "winner": say("winner"),
}


def game_rows(data: dict[str, Any], log: list[dict[str, Any]]) -> list[list[Any]]:
    """CSV rows of a tracked game: totals per source, every ledger line, every log line."""
    result = data["audit"]
    rows: list[list[Any]] = [CSV_HEADER]
    for player in result["players"]:
        company = player["company"]
        for source in result["sources"]:
            cell = player["cells"].get(source["category"])
            if cell:
                rows.append(_score_row(company, source["category"], cell["vp"], source["label"]))
        rows.append(_score_row(company, "total", result["totals"][company], say("Total")))
    for player in result["players"]:
        for cell in player["cells"].values():
            for line in cell["lines"]:
                rows.append(
                    [
                        SECTION_LEDGER,
                        line["seq"],
                        line["round"],
                        line["phase"],
                        player["company"],
                        line["category"],
                        line["vp"],
                        line["text"],
                    ]
                )
    for entry in log:
        kind = say("{kind} (undone)", kind=entry["kind"]) if entry.get("undone") else entry["kind"]
        player = entry["command"].get("player", "")
        for text in entry["lines"] or [entry["command"].get("type", "")]:
            words = engine_audit.reason_text(text)  # the table's words, as the ledger lines
            rows.append([SECTION_LOG, entry["seq"], "", "", player, kind, "", words])
    return rows


def _score_row(company: str, category: str, vp: int, text: str) -> list[Any]:
    return [SECTION_SCORE, "", "", "", company, category, vp, text]


def csv_response(rows: list[list[Any]], filename: str) -> Response:
    """Rows as a CSV download (UTF-8 with BOM so spreadsheet programs read the accents), in
    the language of the device that asks (headers and sentences)."""
    buffer = io.StringIO()
    spoken = i18n.speak(rows)
    # a cell starting like a formula (`=HYPERLINK(…)` in a correction reason) stays text: checked
    # on the words as written, after the sentences are put in the device's language
    csv.writer(buffer).writerows([[spreadsheet_safe(cell) for cell in row] for row in spoken])
    return current_app.response_class(  # text that always encodes (app.TextResponse)
        "\ufeff" + buffer.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
