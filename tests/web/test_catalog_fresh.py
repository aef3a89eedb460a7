"""companion/static/js/catalog.js is generated from the engine's tables by tools/catalog_js.py
and must not go stale: a change to the tables or the component texts fails here until the file
is written again."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import catalog_js  # noqa: E402

STALE = "catalog.js is stale: run `python tools/catalog_js.py`"


def test_catalog_module_matches_the_engine_tables() -> None:
    assert catalog_js.TARGET.read_text(encoding="utf-8") == catalog_js.render(), STALE


def test_a_changed_table_makes_the_module_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    # the check can fail: an officer's power changed in the engine no longer matches the file
    original = catalog_js.catalog

    def changed() -> dict[str, Any]:
        data = original()
        data["officers"][0] = {**data["officers"][0], "short": "A power changed in the engine"}
        return data

    monkeypatch.setattr(catalog_js, "catalog", changed)
    assert catalog_js.TARGET.read_text(encoding="utf-8") != catalog_js.render()


def test_the_module_carries_the_types_of_its_records() -> None:
    # tsc --checkJs reads these: every kind of component has its @typedef, the constant its type
    text = catalog_js.render()
    assert "// @ts-check\n" in text
    assert "/** @type {Catalog} */\nexport const CATALOG = {" in text
    for name in catalog_js.TYPE_NAMES.values():
        assert f"}} {name}\n" in text, name


def test_a_member_only_some_records_have_is_optional() -> None:
    shape = catalog_js.Shape().add([{"id": "a", "vp": 1}, {"id": "b", "pile": None}])
    assert shape.jsdoc() == (
        "Array<{\n *   id: string,\n *   pile?: null,\n *   vp?: number\n * }>"
    )
