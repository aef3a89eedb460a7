"""The rule behind each number (issue 13): a table instruction, a ledger line, a cost, an energy
figure, a water flow or an Automa decision, tapped, shows the rule in a sentence with the page
of the rulebook it comes from, in the device's language.

`rule_refs.json` maps what the app already shows (an instruction's `kind`, a ledger line's
`category`, a legal choice's command `type[:structure]`, an energy figure, an Automa tile
action's `kind`) to rule ids. A rule is a glossary term (`glossary.json`) or one of the file's
own `rules`: a sentence with its page (001 in English, 003 in Italian) or, for the Automa, the
section of the Automa reference (`../shared/reference/automa.md`) it comes from; each quoted
line is checked against the book by the tests.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from companion import glossary

DATA = Path(__file__).with_name("rule_refs.json")
GROUPS = ("instructions", "ledger", "choices", "figures", "automa")


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@cache
def table() -> dict[str, dict[str, list[str]]]:
    """What the app shows → the ids of the rules behind it."""
    return {group: _data()[group] for group in GROUPS}


def rules() -> dict[str, dict[str, Any]]:
    """The rules that are not glossary terms: a rulebook page per language, or an Automa section."""
    own: dict[str, dict[str, Any]] = _data()["rules"]
    return own


def _rule(entry: dict[str, Any], language: str) -> dict[str, Any]:
    side = entry[language]
    cited = {"section": entry["section"]} if "section" in entry else {"page": side["page"]}
    return {"term": side["term"], "rule": side["definition"], **cited}


@cache
def for_language(language: str) -> dict[str, Any]:
    """The table and, for each rule it names, {term, rule, page | section} in `language`."""
    entries = {entry["id"]: entry for entry in glossary.terms()} | rules()
    named = {term for group in table().values() for ids in group.values() for term in ids}
    # a glossary term links to its glossary entry; a rule of this file has none
    terms = {
        term: _rule(entries[term], language) | ({"glossary": False} if term in rules() else {})
        for term in sorted(named)
    }
    return {**table(), "terms": terms}
