"""The rule behind each number (issue 13): instructions and ledger lines name a rule and its page.

The table (`companion/rule_refs.json`) is keyed by what the engine already reports; each key
must be one the engine or the score table really uses, and each rule a glossary term, whose
sentence and page tests/web/test_glossary_rulebook.py finds in the rulebook (001 English pages,
003 Italian pages).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion import glossary, rule_refs
from companion.app import create_app
from companion.engine import instructions
from companion.engine.commands import COMMANDS

SHEETS = (
    Path(__file__).resolve().parents[2] / "companion" / "static" / "js" / "render" / "sheets.js"
)


def test_every_instruction_kind_in_the_table_is_one_the_engine_writes() -> None:
    kinds = set(instructions.TEXT) | {"setup"}
    assert set(rule_refs.table()["instructions"]) <= kinds


def test_every_ledger_category_in_the_table_is_a_row_of_the_score_table() -> None:
    block = SHEETS.read_text(encoding="utf-8").split("const SOURCE_LABELS = {", 1)[1]
    categories = set(re.findall(r"^\s+(\w+): N_\(", block.split("};", 1)[0], re.M))
    assert set(rule_refs.table()["ledger"]) <= categories


def test_every_choice_in_the_table_is_a_command_the_engine_offers() -> None:
    structures = {"base", "elevation", "conduit", "powerhouse"}
    for key in rule_refs.table()["choices"]:
        command, _, structure = key.partition(":")
        assert command in COMMANDS, key
        assert not structure or structure in structures, key


def test_each_structure_s_cost_has_its_own_rule() -> None:
    # the cost of each structure is its own glossary sentence (001/003 p. 14)
    choices = rule_refs.table()["choices"]
    for structure in ("base", "elevation", "conduit", "powerhouse"):
        assert choices[f"build:{structure}"][0] == structure
    italian = rule_refs.for_language("it")["terms"]
    assert italian["conduit"]["page"] == 14
    assert "2 Escavatori moltiplicati per il suo valore" in italian["conduit"]["rule"]


def test_every_rule_is_a_glossary_term() -> None:
    known = {entry["id"] for entry in glossary.terms()}
    named = {term for group in rule_refs.table().values() for ids in group.values() for term in ids}
    assert named and named <= known


def test_the_common_instructions_have_a_rule() -> None:
    # the steps of a build, a production, the water and the Bank (rulebook pp. 13-17)
    for kind in ("engineers_placed", "wheel_loaded", "structure_built", "production_made"):
        assert rule_refs.table()["instructions"][kind], kind
    for kind in ("drop_flowed", "credits_gained", "energy_moved", "vp_scored"):
        assert rule_refs.table()["instructions"][kind], kind


def test_each_language_cites_its_own_book() -> None:
    english = rule_refs.for_language("en")["terms"]
    italian = rule_refs.for_language("it")["terms"]
    # the action space: 001 p. 12 and 003 p. 12 (glossary.json, checked against both books)
    assert english["action-space"]["term"] == "Action space"
    assert italian["action-space"]["term"] == "Spazio azione"
    assert english["action-space"]["page"] == italian["action-space"]["page"] == 12
    # taking a contract: the Contract Office's rule, in the Italian rulebook's words
    assert rule_refs.for_language("en")["instructions"]["contract_taken"] == ["contract-office"]
    assert italian["contract-office"]["rule"].startswith("Prendi un Contratto Privato gratis")


def test_the_game_page_embeds_the_rules_in_the_device_language(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "r.db"), "TESTING": True, "SECRET_KEY": "t"})
    client = app.test_client()
    setup = {
        "mode": "introductory",
        "deals": "app",
        "seed": 2,
        "seats": [{"company": "usa"}, {"company": "italy"}],
    }
    game = client.post("/api/games", json={"setup": setup}).get_json()["game"]
    html = client.get(f"/games/{game['id']}", headers={"Accept-Language": "it"}).get_data(
        as_text=True
    )
    embedded = re.search(r'<script type="application/json" id="rule-refs">(.*?)</script>', html)
    assert embedded is not None
    refs = json.loads(embedded.group(1))
    assert refs["instructions"]["engineers_placed"] == ["action-space", "red-outline"]
    assert refs["terms"]["red-outline"] == {
        "term": "Bordo rosso",
        "rule": "Uno spazio azione o spazio costruzione con il bordo rosso costa 3 Crediti in più.",
        "page": 12,
    }
