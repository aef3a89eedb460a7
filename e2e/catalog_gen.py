"""Generate `companion/static/js/catalog.js`: the component facts the browser shows by id.

The texts a person reads (abilities, officers' powers, tiles, External Works, Private
Buildings) come from the engine's catalogue keys (`component_texts.py`, `power_words.py`): the
JavaScript shows them with `t()`, so each device reads them in its language.

The state JSON names contracts, tiles, companies and officers only by id; the front end needs
their printed facts (energy required, reward, colour) to draw them. The facts come from the
engine's generated tables (`companion/engine/data/`), never from ../shared.
Run: `python -m e2e.catalog_gen` (e2e/test_catalog.py fails when the file is stale).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.engine import component_texts as texts
from companion.engine import setup
from companion.engine.data import company_tables as co
from companion.engine.data import component_tables as c
from companion.engine.data import leeghwater_tables as lt
from companion.engine.data import map_tables as m
from companion.engine.power_words import ABILITIES, OFFICER_POWERS

TARGET = Path(__file__).resolve().parent.parent / "companion" / "static" / "js" / "catalog.js"
LETTERS = {"usa": "U", "germany": "G", "italy": "I", "france": "F", "netherlands": "N"}


def _companies() -> list[dict[str, Any]]:
    return [
        {
            "id": x["id"],
            "name": x["name"],
            "color": x["color"],
            "letter": LETTERS.get(x["id"], x["id"][:1].upper()),
            "expansion": x.get("expansion"),
            "incomes": x["incomes"],
            "powerhouse_track": x["powerhouse_track"],
            "ability": ABILITIES[x["special_ability_id"]],
        }
        for x in co.COMPANIES
    ]


def catalog() -> dict[str, Any]:
    """Everything the UI looks up by id, in the order of the printed components."""
    contracts = [
        {k: x[k] for k in ("id", "kind", "energy_required", "reward")} | {"pile": x.get("pile")}
        for x in c.STARTING_CONTRACTS + c.PRIVATE_CONTRACTS + c.NATIONAL_CONTRACTS
    ]
    return {
        "companies": _companies(),
        "officers": [
            {
                "id": o["id"],
                "name": o["name"],
                "text": texts.OFFICER_TEXTS[o["id"]],
                "expansion": o.get("expansion"),
            }
            | OFFICER_POWERS[o["id"]]
            for o in co.OFFICERS
        ],
        "contracts": contracts,
        "bonus_tiles": [b | {"counts": texts.BONUS_TILE_COUNTS[b["id"]]} for b in c.BONUS_TILES],
        # The Leeghwater Project: its 2 bonus tiles join the draw, and the Extra Management
        # board's tiles as printed (cost and reward; the wizard lists them for table deals)
        "expansion_bonus_tiles": [
            {"id": b["id"], "vp_each": b["vp_each"], "counts": texts.BONUS_TILE_COUNTS[b["id"]]}
            for b in lt.BONUS_TILES
        ],
        "external_works": [
            {
                "id": w["id"],
                "pile": w["pile"],
                "excavators": w["cost"]["excavator"],
                "mixers": w["cost"]["mixer"],
                "text": texts.EXTERNAL_WORK_REWARDS[w["id"]],
            }
            for w in lt.EXTERNAL_WORKS
        ],
        "private_buildings": [
            {
                "id": b["id"],
                "name": texts.BUILDING_NAMES[b["id"]],
                "excavators": b["construction_cost"]["excavator"],
                "mixers": b["construction_cost"]["mixer"],
                "vp": b["vp_end_of_game"],
                "text": texts.BUILDING_ACTIONS[b["id"]],
                # Engineers and Credits of the left space and of each right space (ruling L1)
                "action_spaces": b["action_spaces"],
            }
            for b in lt.PRIVATE_BUILDINGS
        ],
        "objective_tiles": [
            o | {"measure": texts.OBJECTIVE_MEASURES[o["id"]]} for o in c.OBJECTIVE_TILES
        ],
        "headstream_tiles": c.HEADSTREAM_TILES,
        "introductory": co.INTRODUCTORY_ASSIGNMENT,
        "neutral_dam_tiles": [
            {"id": t["tile"], "pile": t["pile"], "dam_space": t["dam_space"]}
            for t in m.NEUTRAL_DAM_TILES
        ],
        # the setup the wizard offers for table deals (engine/setup.py decides the rules)
        "intro_removed_bonus": setup.INTRO_REMOVED_BONUS,
        "advanced_tiles": [
            {"id": t["id"], "level": t["level"], "text": texts.ADVANCED_TILE_TEXTS[t["id"]]}
            for t in co.ADVANCED_TILES
        ],
        # Management-board spaces: the engine names them by id (WM_2_L); players by place
        "management_spaces": [
            {k: x[k] for k in ("id", "section", "row", "side", "engineers", "total_credits")}
            for x in c.MANAGEMENT_SPACES
        ],
    }


def render() -> str:
    """The module text (one exported constant, stable key order)."""
    body = json.dumps(catalog(), indent=1, sort_keys=True, ensure_ascii=False)
    return (
        "// Generated by `python -m e2e.catalog_gen` from companion/engine/data: do not edit.\n"
        f"export const CATALOG = {body};\n"
    )


if __name__ == "__main__":
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET}")
