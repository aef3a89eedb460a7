"""Generate `companion/static/js/catalog.js`: the component facts the browser shows by id.

The texts a person reads (abilities, officers' powers, tiles, External Works, Private
Buildings) come from the engine's catalogue keys (`component_texts.py`, `power_words.py`): the
JavaScript shows them with `t()`, so each device reads them in its language.

The state JSON names contracts, tiles, companies and officers only by id; the front end needs
their printed facts (energy required, reward, colour) to draw them. The facts come from the
engine's generated tables (`companion/engine/data/`), never from ../shared.

The module also carries JSDoc types derived from the data (`@typedef` per kind of component),
so `tsc --checkJs` checks every module that reads the catalogue against what is really in it.

    python tools/catalog_js.py      # after changing the engine's tables or component texts

tests/web/test_catalog_fresh.py fails when the committed file is stale.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine import component_texts as texts
from companion.engine import setup
from companion.engine.data import company_tables as co
from companion.engine.data import component_tables as c
from companion.engine.data import leeghwater_tables as lt
from companion.engine.data import map_tables as m
from companion.engine.power_words import ABILITIES, OFFICER_POWERS

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "companion" / "static" / "js" / "catalog.js"
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


# The name of each kind's record type in catalog.js (the key of CATALOG it is a list of).
TYPE_NAMES = {
    "advanced_tiles": "AdvancedTile",
    "bonus_tiles": "BonusTile",
    "companies": "Company",
    "contracts": "Contract",
    "expansion_bonus_tiles": "ExpansionBonusTile",
    "external_works": "ExternalWork",
    "headstream_tiles": "HeadstreamTile",
    "introductory": "IntroductoryAssignment",
    "management_spaces": "ManagementSpace",
    "neutral_dam_tiles": "NeutralDamTile",
    "objective_tiles": "ObjectiveTile",
    "officers": "Officer",
    "private_buildings": "PrivateBuilding",
}
IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")


@dataclass
class Shape:
    """The JSON type of every value seen at one place of the catalogue, merged."""

    scalars: set[str] = field(default_factory=set)
    items: Shape | None = None  # the elements of the lists seen here
    fields: dict[str, Shape] | None = None  # the members of the objects seen here
    objects: int = 0  # how many objects were seen here
    counts: dict[str, int] = field(default_factory=dict)  # in how many of them each member was

    def add(self, value: Any) -> Shape:
        """Merge one more value seen here (a list's elements and an object's members too)."""
        if value is None:
            self.scalars.add("null")
        elif isinstance(value, bool):
            self.scalars.add("boolean")
        elif isinstance(value, int | float):
            self.scalars.add("number")
        elif isinstance(value, str):
            self.scalars.add("string")
        elif isinstance(value, list):
            self.items = self.items or Shape()
            for item in value:
                self.items.add(item)
        elif isinstance(value, dict):
            self.fields = {} if self.fields is None else self.fields
            self.objects += 1
            for key, item in value.items():
                self.fields.setdefault(key, Shape()).add(item)
                self.counts[key] = self.counts.get(key, 0) + 1
        else:
            raise TypeError(f"not JSON: {value!r}")
        return self

    def jsdoc(self, depth: int = 0) -> str:
        """The shape as a JSDoc (TypeScript) type; members seen in only some objects are optional.

        `depth`: how deep in the comment block the type stands (each level indents 2 spaces).
        """
        kinds = sorted(self.scalars)
        if self.items is not None:
            kinds.append(f"Array<{self.items.jsdoc(depth)}>")
        if self.fields is not None:
            kinds.append(self._object(depth))
        return " | ".join(kinds) or "never"

    def _object(self, depth: int) -> str:
        assert self.fields is not None
        if not self.fields:
            return "{}"
        members = [
            f" * {'  ' * (depth + 1)}{_key(key)}{'' if self.counts[key] == self.objects else '?'}: "
            f"{shape.jsdoc(depth + 1)}"
            for key, shape in sorted(self.fields.items())
        ]
        return "{\n" + ",\n".join(members) + f"\n * {'  ' * depth}}}"


def _key(name: str) -> str:
    return name if IDENTIFIER.fullmatch(name) else json.dumps(name)


def typedefs(data: dict[str, Any]) -> str:
    """JSDoc typedefs of the catalogue: one per kind of record, then the whole."""
    out: list[str] = []
    members: list[str] = []
    for key, value in sorted(data.items()):
        name = TYPE_NAMES.get(key)
        if name and isinstance(value, list):
            record = Shape().add(value).items
            assert record is not None
            out.append(f"/**\n * @typedef {{{record.jsdoc()}}} {name}\n */\n")
            members.append(f" *   {_key(key)}: Array<{name}>")
        else:
            members.append(f" *   {_key(key)}: {Shape().add(value).jsdoc(1)}")
    whole = "/**\n * @typedef {{\n" + ",\n".join(members) + "\n * }} Catalog\n */\n"
    return "".join(out) + whole


def render() -> str:
    """The module text: its types, then one exported constant (stable key order)."""
    data = catalog()
    body = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)
    return (
        "// @ts-check\n"
        "// Generated by `python tools/catalog_js.py` from companion/engine/data: do not edit.\n"
        f"{typedefs(data)}\n"
        "/** @type {Catalog} */\n"
        f"export const CATALOG = {body};\n"
    )


if __name__ == "__main__":
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
