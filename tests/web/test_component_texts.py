"""Every component text a screen shows in both languages (issue 13): the company abilities,
the Executive Officers' powers, the Advanced Technology tiles, the bonus and objective tiles,
the External Works and the Private Buildings. Each is said once in the engine
(`component_texts.py`, generated from the reference; `power_words.py`), catalog.js carries its
English as the catalogue key, and the page's catalogue (it.json) holds its Italian. How an
Italian device shows them (names.js over it.json): tests/js/components_it.test.js.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from companion.engine import component_texts, power_words
from companion.engine.words import Words
from companion.i18n import translator

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import catalog_js  # noqa: E402

IT_JSON = ROOT / "companion" / "static" / "i18n" / "it.json"
# names printed the same in both languages (the Italian rulebook keeps them)
SAME_IN_ITALIAN = {"USA"}


def said(value: Any) -> Iterator[Words]:
    """Every sentence of a table of texts (nested dicts of Words)."""
    if isinstance(value, Words):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from said(item)


def engine_texts() -> list[Words]:
    tables = [getattr(component_texts, name) for name in dir(component_texts) if name.isupper()]
    return [w for table in [*tables, power_words.ABILITIES, power_words.OFFICER_POWERS]
            for w in said(table)]  # fmt: skip


def shown_texts(catalog: dict[str, Any]) -> list[str]:
    """The texts catalog.js gives the screens to show (each looked up with t())."""
    c = catalog
    return [
        *(x["text"] for x in c["advanced_tiles"]),
        *(x[k] for x in c["officers"] for k in ("text", "short", "power")),
        *(x["ability"][k] for x in c["companies"] for k in ("short", "text")),
        *(x["name"] for x in c["companies"]),
        *(x["counts"] for x in c["bonus_tiles"] + c["expansion_bonus_tiles"]),
        *(x["measure"] for x in c["objective_tiles"]),
        *(x["text"] for x in c["external_works"]),
        *(x[k] for x in c["private_buildings"] for k in ("name", "text")),
    ]


def missing_italian(texts: list[str], italian: Mapping[str, str]) -> list[str]:
    return [t for t in texts if t not in SAME_IN_ITALIAN and italian.get(t, t) == t]


def test_every_component_text_is_said_in_italian_by_the_engine() -> None:
    it = translator("it")
    texts = engine_texts()
    assert len(texts) > 100
    assert [str(w) for w in texts if w not in SAME_IN_ITALIAN and it(w.key) == w.key] == []


def test_every_text_the_screens_show_has_its_italian_in_the_page_catalogue() -> None:
    italian = json.loads(IT_JSON.read_text(encoding="utf-8"))
    shown = shown_texts(catalog_js.catalog())
    assert len(shown) == 115  # 18 tiles, 11 officers × 3, 5 companies × 3, 8 + 6 tiles, 15 + 20
    assert missing_italian(shown, italian) == []


def test_the_screens_show_exactly_the_engine_s_texts() -> None:
    # one source: catalog.js holds no component text the engine does not say
    keys = {w.key for w in engine_texts()}
    assert [t for t in shown_texts(catalog_js.catalog()) if t not in keys] == []


def test_a_text_without_italian_is_found() -> None:
    catalog = catalog_js.catalog()
    catalog["officers"][0] = {**catalog["officers"][0], "power": "A power nobody translated."}
    italian = json.loads(IT_JSON.read_text(encoding="utf-8"))
    assert missing_italian(shown_texts(catalog), italian) == ["A power nobody translated."]


def test_the_said_texts_are_the_tables_texts() -> None:
    # one source: tools/import_reference.py writes both from ../shared/reference/data
    # (tests/engine/test_data.py ties the tables to the reference)
    from companion.engine.data import company_tables as co
    from companion.engine.data import component_tables as c
    from companion.engine.data import leeghwater_tables as lt

    t = component_texts
    assert {x["id"]: x["name"] for x in co.COMPANIES} == t.COMPANY_NAMES
    assert {x["id"]: x["text"] for x in co.ADVANCED_TILES} == t.ADVANCED_TILE_TEXTS
    assert {x["id"]: x["text"] for x in co.OFFICERS} == t.OFFICER_TEXTS
    assert {x["id"]: x["counts"] for x in c.BONUS_TILES + lt.BONUS_TILES} == t.BONUS_TILE_COUNTS
    assert {x["id"]: x["measure"] for x in c.OBJECTIVE_TILES} == t.OBJECTIVE_MEASURES
    assert {x["id"]: x["reward_text"] for x in lt.EXTERNAL_WORKS} == t.EXTERNAL_WORK_REWARDS
    assert {x["id"]: x["name"] for x in lt.PRIVATE_BUILDINGS} == t.BUILDING_NAMES
    assert {x["id"]: x["action_text"] for x in lt.PRIVATE_BUILDINGS} == t.BUILDING_ACTIONS
