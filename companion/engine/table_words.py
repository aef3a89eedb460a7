"""Components named as the printed pieces show them: a contract by its colour, energy and
reward, a headstream tile by its drops per round, an Advanced Technology tile by its level
and structure. The pieces carry no ids (G13, H3, L1_BASE), so a sentence for the table never
names one alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import catalog

KIND_WORD = {"starting": "Starting", "national": "national"}
REWARD_WORDS: dict[str, Callable[[Any], str]] = {
    "credits": lambda n: f"{n} Credit{'s' if n != 1 else ''}",
    "vp": lambda n: f"{n} VP",
    "rotate_wheel": lambda n: f"turn the wheel {n}",
    "machineries_any": lambda n: f"{n} Machiner{'ies' if n != 1 else 'y'}",
    "excavators": lambda n: f"{n} Excavator{'s' if n != 1 else ''}",
    "mixers": lambda n: f"{n} Concrete Mixer{'s' if n != 1 else ''}",
    "energy_steps": lambda n: f"{n} energy steps",
    "drops_headstream": lambda n: f"{n} drops on a headstream",
    "drops_flow_now": lambda n: f"{n} drops flowing now",
    "free_elevation": lambda n: "a free Elevation",
    "free_powerhouse": lambda n: "a free Powerhouse",
    "free_base_areas": lambda n: "a free Base",
    "free_conduit_max_value": lambda n: f"a free Conduit up to value {n}",
}


def reward_words(reward: dict[str, Any]) -> str:
    """ "2 Credits + turn the wheel 1" for a contract reward."""
    parts = []
    for key, value in reward.items():
        maker = REWARD_WORDS.get(key)
        parts.append(maker(value) if maker else f"{key.replace('_', ' ')} {value}")
    return " + ".join(parts)


def contract_name(contract_id: str) -> str:
    """ "the green contract ⚡3 (1 Credit + turn the wheel 2)"; an unknown id as it is."""
    c = catalog.CONTRACTS.get(contract_id)
    if c is None:
        return contract_id
    colour = c.pile if c.kind == "private" else KIND_WORD.get(c.kind, c.kind)
    return f"the {colour} contract ⚡{c.energy_required} ({reward_words(c.reward)})"


def contracts_names(ids: list[str]) -> str:
    return ", ".join(contract_name(i) for i in ids)


def headstream_tile_name(tile_id: str) -> str:
    """ "the headstream tile 0·2·2·0" (drops in rounds 1-4, as printed)."""
    drops = catalog.HEADSTREAM_TILES.get(tile_id)
    if drops is None:
        return tile_id
    return f"the headstream tile {'·'.join(str(n) for n in drops)}"


def advanced_tile_name(tile_id: str) -> str:
    """ "the Level 1 Base tile" (Advanced Technology)."""
    tile = catalog.ADVANCED_TILES.get(tile_id)
    if tile is None:
        return tile_id
    builds = "any structure" if tile.builds == "any" else tile.builds.title()
    return f"the Level {tile.level} {builds} tile"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def machineries_words(excavators: int, mixers: int) -> str:
    """The Machineries printed on a tile, the kinds it asks for only ("2 Concrete Mixers")."""
    parts = [
        _count(n, word) for n, word in ((excavators, "Excavator"), (mixers, "Concrete Mixer")) if n
    ]
    return " and ".join(parts)


def external_work_name(tile_id: str, *, reward: bool = True) -> str:
    """An External Work as its tile is printed (leeghwater.md §3: the tiles carry no number,
    only the Machineries to discard on the left and the reward on the right):
    "External Work: discard 2 Excavators → 4 Credits and take …"; without the reward where a
    sentence gives it already or needs a short name: "External Work: discard 2 Excavators".
    An unknown id as it is."""
    work = catalog.EXTERNAL_WORKS.get(tile_id)
    if work is None:
        return tile_id
    cost = machineries_words(work.excavators, work.mixers)
    name = f"External Work: discard {cost}"
    return f"{name} → {work.text}" if reward else name
