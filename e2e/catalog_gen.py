"""Generate `companion/static/js/catalog.js`: the component facts the browser shows by id.

The state JSON names contracts, tiles, companies and officers only by id; the front end needs
their printed facts (energy required, reward, colour) to draw them. The facts come from the
engine's generated tables (`companion/engine/data/`), never from ../shared.
Run: `python -m e2e.catalog_gen` (e2e/test_catalog.py fails when the file is stale).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.engine import setup
from companion.engine.data import company_tables as co
from companion.engine.data import component_tables as c
from companion.engine.data import leeghwater_tables as lt
from companion.engine.data import map_tables as m

TARGET = Path(__file__).resolve().parent.parent / "companion" / "static" / "js" / "catalog.js"
LETTERS = {"usa": "U", "germany": "G", "italy": "I", "france": "F", "netherlands": "N"}

# The company special abilities in player words (rulebook Appendix 2 "Company boards"; facts:
# companies.md §1.4, rulings R9 and R15): `short` for the compact card, `text` for the board.
# The engine's tables hold only their parameters (abilities.py applies them).
ABILITIES: dict[str, dict[str, str]] = {
    "usa_natural_flow_energy": {
        "short": "+1 energy per drop flowing past a Powerhouse",
        "text": "Each Water Drop that flows naturally (along the rivers, in any phase) through a"
        " basin with one of your Powerhouses moves your Energy marker 1 step per drop and"
        " Powerhouse. A drop that reaches that Powerhouse through a Conduit in a production"
        " gives nothing. These steps cannot fulfil contracts.",
    },
    "germany_second_production": {
        "short": "a 2nd production after each production",
        "text": "Right after a production action you may produce once more with a different"
        " Powerhouse of yours: drops × conduit value only (no action-space modifier, no"
        " production bonus); conduit fees as usual. Each production fulfils its own contract;"
        " the two are never added together.",
    },
    "italy_post_production_energy": {
        "short": "+3 energy after each production",
        "text": "After each production action you take, move your Energy marker 3 more steps"
        " (after any contract is fulfilled). These steps cannot fulfil contracts.",
    },
    "france_contract_discount": {
        "short": "contracts need 3 energy less",
        "text": "Any contract, National contracts included, can be fulfilled with 3 energy less"
        " than it asks for.",
    },
    "netherlands_post_production_drop": {
        "short": "+1 drop in an own Dam after producing",
        "text": "After a production action you may put 1 Water Drop from the general supply into"
        " one of your own Dams with room, not the one you just produced from (never a neutral"
        " Dam). The drop does not flow.",
    },
}

# The Executive Officers' powers in player words (rulebook Appendix 3; companies.md §5):
# `short` for the compact card, `power` for the board.
OFFICER_POWERS: dict[str, dict[str, str]] = {
    "wilhelm_adler": {
        "short": "Bases cost 3 Excavators",
        "power": "Your Bases always cost 3 Excavators, whatever the area. The red-border"
        " 3 Credits are still due.",
    },
    "graziano_del_monte": {
        "short": "level-3 Dams hold 4 drops",
        "power": "Your level-3 Dams hold 4 drops (level 1 and 2 still hold 1 and 2).",
    },
    "viktor_fiesler": {
        "short": "a production of 3 or less counts as 4",
        "power": "When drops × conduit value is 3 or less, it counts as 4; then the"
        " action-space modifier and the production bonus apply.",
    },
    "jill_mcdowell": {
        "short": "Conduits payable in Mixers",
        "power": "A Conduit may be paid with 1 Mixer × its value instead of 2 Excavators × its"
        " value (all Mixers or all Excavators).",
    },
    "solomon_p_jordan": {
        "short": "3 Credits for any Machinery",
        "power": "Any Machinery a construction needs may be replaced by 3 Credits, as often as"
        " you like. The Credits go to the general supply, not onto the wheel.",
    },
    "anton_krylov": {
        "short": "his tile copies a tile on the wheel",
        "power": "Starts with a special tile: used for a construction, it copies one Technology"
        " tile on your wheel (its structure and its effect).",
    },
    "mahiri_sekibo": {
        "short": "copies another officer's power",
        "power": "Put 1 Engineer on her tile to copy another officer's power for this turn;"
        " the 2nd copy in a round also costs 3 Credits.",
    },
    "leslie_spencer": {
        "short": "External Works onto the wheel",
        "power": "External Works: put the Machineries on your wheel with her tile instead of"
        " discarding them, then turn the wheel 1.",
    },
    "margot_fouche": {
        "short": "uses an activated Private Building",
        "power": "Put 1 Engineer on her tile to use the action of one of your activated"
        " Private Buildings.",
    },
    "simone_luciani": {
        "short": "4 contracts; one production fulfils several",
        "power": "Up to 4 face-up contracts; one production may fulfil several contracts whose"
        " needs add up to the energy produced.",
    },
    "tommaso_battista": {
        "short": "the Architect gives an extra turn",
        "power": "One Engineer is the Architect: alone on a 1-Engineer space it gives an extra"
        " turn at once.",
    },
}


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
            {"id": o["id"], "name": o["name"], "text": o["text"], "expansion": o.get("expansion")}
            | OFFICER_POWERS[o["id"]]
            for o in co.OFFICERS
        ],
        "contracts": contracts,
        "bonus_tiles": c.BONUS_TILES,
        # The Leeghwater Project: its 2 bonus tiles join the draw, and the Extra Management
        # board's tiles as printed (cost and reward; the wizard lists them for table deals)
        "expansion_bonus_tiles": [
            {k: b[k] for k in ("id", "vp_each", "counts")} for b in lt.BONUS_TILES
        ],
        "external_works": [
            {
                "id": w["id"],
                "pile": w["pile"],
                "excavators": w["cost"]["excavator"],
                "mixers": w["cost"]["mixer"],
                "text": w["reward_text"],
            }
            for w in lt.EXTERNAL_WORKS
        ],
        "private_buildings": [
            {
                "id": b["id"],
                "name": b["name"],
                "excavators": b["construction_cost"]["excavator"],
                "mixers": b["construction_cost"]["mixer"],
                "vp": b["vp_end_of_game"],
                "text": b["action_text"],
                # Engineers and Credits of the left space and of each right space (ruling L1)
                "action_spaces": b["action_spaces"],
            }
            for b in lt.PRIVATE_BUILDINGS
        ],
        "objective_tiles": c.OBJECTIVE_TILES,
        "headstream_tiles": c.HEADSTREAM_TILES,
        "introductory": co.INTRODUCTORY_ASSIGNMENT,
        "neutral_dam_tiles": [
            {"id": t["tile"], "pile": t["pile"], "dam_space": t["dam_space"]}
            for t in m.NEUTRAL_DAM_TILES
        ],
        # the setup the wizard offers for table deals (engine/setup.py decides the rules)
        "intro_removed_bonus": setup.INTRO_REMOVED_BONUS,
        "advanced_tiles": [
            {"id": t["id"], "level": t["level"], "text": t["text"]} for t in co.ADVANCED_TILES
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
