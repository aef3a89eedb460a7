"""companion/static/js/catalog.js is generated from the engine's tables and must not go stale."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from e2e import catalog_gen  # noqa: E402


def test_catalog_module_matches_the_engine_tables() -> None:
    assert catalog_gen.TARGET.read_text(encoding="utf-8") == catalog_gen.render(), (
        "catalog.js is stale: run `python -m e2e.catalog_gen`"
    )
