"""Two languages per device (issue 13): English and Italian from gettext catalogues.

The words live in `companion/translations/<lang>/LC_MESSAGES/messages.po` (Flask-Babel reads
the compiled `.mo` beside them). The language is the device's own: the `lang` cookie set by the
menu's switch, else the browser's Accept-Language, else English. The JavaScript reads the same
catalogue as JSON (`static/i18n/<lang>.json`, written by `python -m tools.i18n`), embedded in
each page so a device renders its own language even from a broadcast shared by the table.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from babel.support import Translations
from flask import Blueprint, Flask, has_request_context, redirect, request, url_for
from flask_babel import Babel, get_locale
from werkzeug.wrappers import Response

from companion import jsonsafe, rule_refs
from companion.engine import words

LANGUAGES = ("en", "it")
DEFAULT_LANGUAGE = "en"
COOKIE = "lang"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
CATALOGUE_DIR = Path(__file__).parent / "static" / "i18n"
TRANSLATIONS = Path(__file__).parent / "translations"

bp = Blueprint("i18n", __name__)
babel = Babel()


def select_language() -> str:
    """The device's language: its cookie, else the browser's preference, else English.

    Kept in the request's environ: a Socket.IO connection shares its handshake's environ
    with all its events, so the cookie and Accept-Language are parsed once per connection,
    not for every event and answer (they were a tenth of a tap's CPU)."""
    environ = request.environ
    language: str | None = environ.get(_LANGUAGE_KEY)
    if language is None:
        language = environ[_LANGUAGE_KEY] = _language_of_headers()
    return language


_LANGUAGE_KEY = "companion.language"


def _language_of_headers() -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return str(chosen)
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def current_language() -> str:
    """The language of this request, as an `<html lang>` value."""
    locale = get_locale()
    return locale.language if locale is not None else DEFAULT_LANGUAGE


@cache
def translator(language: str) -> words.Translate:
    """The catalogue of `language` as a key → sentence function (English: the key itself)."""
    if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
        return words.english
    return Translations.load(str(TRANSLATIONS), [language]).gettext


def speak(value: Any, language: str | None = None) -> Any:
    """`value` with the engine's sentences (companion/engine/words.py) in `language`, by
    default the device's own. English needs no work: a `Words` is its English text."""
    if language is None:
        language = select_language() if has_request_context() else DEFAULT_LANGUAGE
    if language == DEFAULT_LANGUAGE:
        return value
    return words.render(value, translator(language))


class SpeakingJSONProvider(jsonsafe.SafeJSONProvider):
    """Flask's JSON answers with the engine's sentences in the asking device's language."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(speak(obj), **kwargs)


@cache
def js_catalogue(language: str) -> dict[str, str]:
    """The JavaScript's messages in `language` (English needs none: its keys are its words)."""
    path = CATALOGUE_DIR / f"{language}.json"
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return {}
    loaded: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def _safe_next(target: str | None) -> str:
    """Only a path of this site: `//host` or a full URL would send the player elsewhere."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return url_for("pages.home")
    return target


@bp.get("/lang/<language>")
def switch(language: str) -> Response:
    """The menu's EN/IT switch: keeps the choice in this device's cookie, back to the page."""
    response = redirect(_safe_next(request.args.get("next")))
    if language in LANGUAGES:
        response.set_cookie(COOKIE, language, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True)
    return response


def init_app(app: Flask) -> None:
    """Flask-Babel with the device's language; templates get `lang` and `js_messages`."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    babel.init_app(app, locale_selector=select_language)
    app.register_blueprint(bp)

    @app.after_request
    def _vary(response: Response) -> Response:
        # a page's words depend on the device's cookie and browser: caches must not share them
        if response.mimetype == "text/html":
            response.vary.add("Cookie")
            response.vary.add("Accept-Language")
        return response

    @app.context_processor
    def _language() -> dict[str, object]:
        language = current_language()
        return {
            "lang": language,
            "languages": LANGUAGES,
            "js_messages": js_catalogue(language),
            "rule_refs": rule_refs.for_language,
        }
