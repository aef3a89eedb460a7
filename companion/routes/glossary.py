"""The glossary page: the game's terms in English and Italian, searchable as you type."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from companion import glossary

bp = Blueprint("glossary", __name__)


@bp.get("/glossary")
def glossary_page() -> str:
    """All terms; `?q=` starts the search with a word (a link from a number's explanation)."""
    return render_template("glossary.html", terms=glossary.terms(), q=request.args.get("q", ""))
