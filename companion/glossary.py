"""The glossary: the game's terms in English and Italian, each with a one-sentence definition
and the page of the rulebook it comes from (001 English, 003 Italian).

The words live in `glossary.json` beside this module (translators edit data, not code); each
entry also keeps the rulebook line it was taken from, which the tests find on that page.
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("glossary.json")
LANGUAGES = ("en", "it")


@cache
def terms() -> tuple[dict[str, Any], ...]:
    """Every entry, in English alphabetical order, with `search`: the names it is found by."""
    entries = json.loads(DATA.read_text(encoding="utf-8"))["terms"]
    for entry in entries:
        entry["search"] = " | ".join(fold(name) for name in names(entry))
    return tuple(sorted(entries, key=lambda entry: fold(entry["en"]["term"])))


def names(entry: dict[str, Any]) -> list[str]:
    """The term in both languages and the other forms it goes by (plurals, parts)."""
    return [
        name for lang in LANGUAGES for name in (entry[lang]["term"], *entry[lang].get("also", []))
    ]


def fold(text: str) -> str:
    """Lower case without accents, as the page's search compares ("perche" finds "perché")."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
