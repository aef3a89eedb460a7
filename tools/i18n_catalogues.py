"""Build the message catalogues (issue 13): extract, update the .po files, compile .mo and JSON.

    python tools/i18n_catalogues.py      # after changing any user-visible sentence

The sources are listed in babel.cfg. Each language's `messages.po` keeps its translations when
sentences are added or removed; English's msgstr is its msgid (the key is the English sentence).
The compiled `.mo` files (read by Flask-Babel) and `companion/static/i18n/<lang>.json` (read by
the ES modules, only the sentences of the JavaScript) are committed; tests/web/test_i18n.py
fails when they are stale, when a sentence lacks a translation, or a placeholder differs.
"""

from __future__ import annotations

import copy
import io
import json
import re
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "companion" / "translations"
JSON_DIR = ROOT / "companion" / "static" / "i18n"
LANGUAGES = ("en", "it")
KEYWORDS = {**DEFAULT_KEYWORDS, "t": None, "N_": None, "say": None}
PLACEHOLDER = re.compile(r"\{(\w+)\}|%\((\w+)\)[sd]")
FIXED_DATE = datetime(2026, 11, 26)  # so a rebuild with no new sentence changes no byte


def po_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


def extract() -> Catalog:
    """Every sentence marked in the sources of babel.cfg, with where it is used."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    template = Catalog(project="Barrage Companion", creation_date=FIXED_DATE)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def read(language: str) -> Catalog:
    path = po_path(language)
    if not path.is_file():
        return Catalog(locale=language, creation_date=FIXED_DATE)
    with path.open("rb") as f:
        return read_po(f, locale=language)


def update(template: Catalog) -> dict[str, Catalog]:
    """Each language's catalogue with the template's sentences, keeping what was translated."""
    out = {}
    for language in LANGUAGES:
        catalog = read(language)
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)
        catalog.fuzzy = False
        catalog.project = "Barrage Companion"
        catalog.obsolete.clear()
        catalog.revision_date = FIXED_DATE
        catalog.creation_date = FIXED_DATE
        if language == "en":
            for message in catalog:
                if message.id and not message.string:
                    message.string = message.id
        out[language] = catalog
    return out


def po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(
        buffer, catalog, width=100, sort_output=True, include_previous=False, include_lineno=False
    )
    return buffer.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


# the components' texts are said in the engine and shown by the ES modules (catalog.js + t())
JS_SOURCES = (".js", "companion/engine/component_texts.py", "companion/engine/power_words.py")


def js_messages(catalog: Catalog) -> dict[str, str]:
    """The sentences of the ES modules, for the page to embed; English only where reworded."""
    out = {}
    for message in catalog:
        if not message.id or not message.string:
            continue
        if not any(str(loc[0]).endswith(JS_SOURCES) for loc in message.locations):
            continue
        if message.string != message.id:
            out[str(message.id)] = str(message.string)
    return dict(sorted(out.items()))


def json_text(catalog: Catalog) -> str:
    return json.dumps(js_messages(catalog), ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def problems(language: str, catalog: Catalog, template: Catalog) -> Iterator[str]:
    """Missing or unused keys, untranslated or fuzzy entries, placeholders that differ."""
    wanted = {m.id for m in template if m.id}
    have = {m.id for m in catalog if m.id}
    for key in sorted(wanted - have, key=str):
        yield f"{language}: missing {key!r}"
    for key in sorted(have - wanted, key=str):
        yield f"{language}: unused {key!r}"
    for message in catalog:
        if not message.id:
            continue
        yield from _message_problems(language, message)
    for message, errors in catalog.check():
        for error in errors:
            yield f"{language}: {message.id!r}: {error}"


def _message_problems(language: str, message: Message) -> Iterator[str]:
    if not message.string:
        yield f"{language}: no translation for {message.id!r}"
        return
    if message.fuzzy:
        yield f"{language}: fuzzy {message.id!r}"
    if placeholders(str(message.id)) != placeholders(str(message.string)):
        yield f"{language}: placeholders differ in {message.id!r} -> {message.string!r}"


def write_all() -> list[str]:
    template = extract()
    found = []
    for language, catalog in update(template).items():
        po_path(language).parent.mkdir(parents=True, exist_ok=True)
        po_path(language).write_bytes(po_bytes(catalog))
        po_path(language).with_suffix(".mo").write_bytes(mo_bytes(catalog))
        JSON_DIR.mkdir(parents=True, exist_ok=True)
        (JSON_DIR / f"{language}.json").write_text(json_text(catalog), encoding="utf-8")
        found.extend(problems(language, catalog, template))
    return found


if __name__ == "__main__":
    issues = write_all()
    print("\n".join(issues) or "catalogues complete")
    sys.exit(1 if issues and "--check" in sys.argv else 0)
