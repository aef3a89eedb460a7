"""The rule behind each number (issue 13): a table instruction or a ledger line, tapped, shows
the rule in a sentence with the page of the rulebook it comes from, in the device's language.

`rule_refs.json` maps what the engine already reports (an instruction's `kind`, a ledger line's
`category`, a legal choice's command `type[:structure]`) to glossary terms; the sentence and the
page are the glossary's (`glossary.json`: 001 pages in English, 003 pages in Italian, each
checked against the book by the tests).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from companion import glossary

DATA = Path(__file__).with_name("rule_refs.json")
GROUPS = ("instructions", "ledger", "choices")


@cache
def table() -> dict[str, dict[str, list[str]]]:
    """What the engine reports → the glossary ids of the rules behind it."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return {group: data[group] for group in GROUPS}


@cache
def for_language(language: str) -> dict[str, Any]:
    """The table and, for each term it names, {term, rule, page} in `language` (for the page)."""
    entries = {entry["id"]: entry for entry in glossary.terms()}
    named = {term for group in table().values() for ids in group.values() for term in ids}
    terms = {
        term: {
            "term": entries[term][language]["term"],
            "rule": entries[term][language]["definition"],
            "page": entries[term][language]["page"],
        }
        for term in sorted(named)
    }
    return {**table(), "terms": terms}
