"""The rule behind each number (issue 13): instructions, ledger lines, costs, energy figures,
water flows and Automa decisions name a rule and where it comes from.

The table (`companion/rule_refs.json`) is keyed by what the engine already reports; each key
must be one the engine or the score table really uses, and each rule a glossary term, whose
sentence and page tests/web/test_glossary_rulebook.py finds in the rulebook (001 English pages,
003 Italian pages), or one of the file's own rules, whose quoted line is found here on its page
of each book or, for the Automa, in its section of ../shared/reference/automa.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_glossary_rulebook import _normal, english_pages, italian_pages, pages_with

from companion import glossary, rule_refs
from companion.app import create_app
from companion.engine import instructions, new_game, water
from companion.engine.automa import decision
from companion.engine.commands import COMMANDS
from companion.engine.data.automa_tables import TILES as AUTOMA_TILES

AUTOMA = Path(__file__).resolve().parents[3] / "shared" / "reference" / "automa.md"

SHEETS = (
    Path(__file__).resolve().parents[2] / "companion" / "static" / "js" / "render" / "sheets.js"
)


def test_every_instruction_kind_in_the_table_is_one_the_engine_writes() -> None:
    kinds = set(instructions.TEXT) | {"setup"}
    # "drop_flowed:held": a drop's flow, by where it ended (instructions.flow_rule)
    assert {key.split(":")[0] for key in rule_refs.table()["instructions"]} <= kinds


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


def test_every_rule_is_a_glossary_term_or_a_rule_of_the_table() -> None:
    known = {entry["id"] for entry in glossary.terms()}
    own = set(rule_refs.rules())
    assert not known & own, "one name per thing: a rule of the table is not also a glossary term"
    named = {term for group in rule_refs.table().values() for ids in group.values() for term in ids}
    assert named and named <= known | own
    assert own <= named, "every rule of the table is behind something"


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


# ---- costs, energy figures, water flows and Automa decisions (issue 13) -----------------


def _book_rules() -> list[tuple[str, dict]]:
    return [(rule_id, rule) for rule_id, rule in rule_refs.rules().items() if "section" not in rule]


def _automa_rules() -> list[tuple[str, dict]]:
    return [(rule_id, rule) for rule_id, rule in rule_refs.rules().items() if "section" in rule]


@pytest.mark.parametrize(
    ("rule_id", "rule"), _book_rules(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_each_rule_of_the_table_is_on_the_page_it_cites_in_each_book(
    rule_id: str, rule: dict
) -> None:
    for language, book in (("en", english_pages()), ("it", italian_pages())):
        side = rule[language]
        assert pages_with(book, side["quote"]) == [side["page"]], (rule_id, language)
        assert side["term"] and side["definition"].endswith("."), (rule_id, language)


def _automa_sections() -> dict[str, str]:
    """automa.md's text by section number ("4", "7.1", "8.2"), each with its heading."""
    if not AUTOMA.exists():
        pytest.skip(f"the Automa reference is not next to the project ({AUTOMA})")
    parts = re.split(
        r"^(#{2,3} (\d+(?:\.\d+)?)[. ].*)$", AUTOMA.read_text(encoding="utf-8"), flags=re.M
    )
    # re.split keeps the heading and its number: [before, heading, number, body, heading, ...]
    return {
        number: _normal(heading + " " + body)
        for heading, number, body in zip(parts[1::3], parts[2::3], parts[3::3], strict=True)
    }


@pytest.mark.parametrize(
    ("rule_id", "rule"), _automa_rules(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_each_automa_rule_is_in_the_section_it_cites(rule_id: str, rule: dict) -> None:
    sections = _automa_sections()
    where = [number for number, text in sections.items() if _normal(rule["quote"]) in text]
    assert where == [rule["section"]], rule_id
    for language in ("en", "it"):
        assert "page" not in rule[language], "the Automa's rules cite the reference, not 001/003"
        assert rule[language]["definition"].endswith("."), (rule_id, language)


def test_every_action_of_the_automa_tiles_has_its_rule() -> None:
    # automa.md §7: each kind of action printed on the 20 tiles has its section
    printed = {action["action"] for tile in AUTOMA_TILES for action in tile["actions"]}
    automa = rule_refs.table()["automa"]
    assert printed and printed <= set(automa)
    sections = {"production": "7.1", "water_management": "7.2", "contract_office": "7.3",
                "construction": "7.4", "workshop": "7.5", "machinery_shop": "7.6",
                "patent_office": "7.7", "external_work": "7.8", "bank": "7.9"}  # fmt: skip
    own = rule_refs.rules()
    for kind, section in sections.items():
        assert own[automa[kind][0]]["section"] == section, kind
    # where the Automa builds is the placement procedure, §8.2
    assert "automa-placement" in automa["construction"]
    assert own["automa-placement"]["section"] == "8.2"


def test_the_flows_say_where_a_drop_goes_and_why() -> None:
    table = rule_refs.table()["instructions"]
    own = rule_refs.rules()
    # a drop held by a dam: 001/003 p. 6; off the map: p. 5; after a production: p. 16
    assert table["drop_flowed:held"][0] == "drop-held"
    assert own["drop-held"]["en"]["page"] == own["drop-held"]["it"]["page"] == 6
    assert table["drop_flowed:left_map"][0] == "drop-leaves-map"
    assert own["drop-leaves-map"]["en"]["page"] == own["drop-leaves-map"]["it"]["page"] == 5
    for end in ("held", "left_map"):
        assert table[f"drop_flowed:after_production:{end}"][0] == "water-after-production"
    assert own["water-after-production"]["en"]["page"] == 16
    assert "rimossa dal gioco" in own["drop-leaves-map"]["it"]["definition"]


def test_energy_figures_cite_the_production_and_the_track() -> None:
    table = rule_refs.table()
    own = rule_refs.rules()
    # the production's energy: value × drops + the action space's bonus (001/003 p. 15)
    assert table["choices"]["produce"][:2] == ["energy-unit", "action-space-bonus"]
    assert own["action-space-bonus"]["en"]["page"] == own["action-space-bonus"]["it"]["page"] == 15
    assert "conduit-of-another" in table["choices"]["produce"]
    # the track: the marker moves by the energy (p. 16), the track pays at round end (p. 20)
    assert table["figures"]["energy_track"] == [
        "energy-marker",
        "energy-track",
        "energy-track-scoring",
    ]
    assert own["energy-marker"]["it"]["page"] == 16
    assert (
        own["energy-track-scoring"]["en"]["page"] == own["energy-track-scoring"]["it"]["page"] == 20
    )


def test_the_automa_s_rules_reach_the_page_with_their_section() -> None:
    italian = rule_refs.for_language("it")
    assert italian["automa"]["construction"][:2] == ["automa-construction", "automa-placement"]
    assert italian["terms"]["automa-placement"] == {
        "term": "Dove costruisce l'Automa",
        "rule": rule_refs.rules()["automa-placement"]["it"]["definition"],
        "section": "8.2",
        "glossary": False,
    }
    # a glossary term keeps its link to the glossary: no "glossary" flag
    assert "glossary" not in italian["terms"]["conduit"]


def test_an_automa_turn_names_the_kind_of_each_action_it_reads() -> None:
    seats = [{"kind": "human", "company": "usa"}, {"kind": "automa", "company": "italy"}]
    state = new_game({"mode": "introductory", "deals": "app", "seed": 4, "seats": seats}).state
    trace = decision.preview_turn(state, "italy")
    assert trace["steps"], trace
    for step in trace["steps"]:
        assert step["kind"] in rule_refs.table()["automa"], step


def test_a_drops_step_names_the_rule_of_where_it_ended_as_the_engine_traced_it() -> None:
    # every course on the map, from each Headstream and after a production in each basin:
    # the table step's rule (instructions.flow_rule) says what the engine's trace says
    seats = [{"kind": "human", "company": "usa"}, {"kind": "human", "company": "italy"}]
    state = new_game({"mode": "introductory", "deals": "app", "seed": 2, "seats": seats}).state
    starts: list[dict[str, Any]] = [{"headstream": letter} for letter in "ABCD"]
    starts += [{"from_basin": basin} for basin in range(1, 13)]
    traces = [water.trace(state, **start) for start in starts]
    events = [
        {"type": "drop_flowed", "reason": "", "path": list(t.path), "left_map": t.left_map,
         "stopped_at": t.stopped_at, "headstream": start.get("headstream"),
         "from_basin": start.get("from_basin"), "waiting": False, "company": None}
        for start, t in zip(starts, traces, strict=True)
    ]  # fmt: skip
    said = [step["rule"] for step in instructions.derive(state, events)]
    expected = [
        "drop_flowed:"
        + ("" if "headstream" in start else "after_production:")
        + ("left_map" if t.left_map else "held")
        for start, t in zip(starts, traces, strict=True)
    ]
    assert said == expected
    # both ends happen on this map: a neutral Dam holds a drop, another leaves the map
    assert {key.rsplit(":", 1)[1] for key in expected} == {"held", "left_map"}
    assert set(expected) <= set(rule_refs.table()["instructions"])
