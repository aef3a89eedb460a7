"""Components named as the printed pieces show them: a contract by its colour, energy and
reward, a headstream tile by its drops per round, an Advanced Technology tile by its level
and structure. The pieces carry no ids (G13, H3, L1_BASE), so a sentence for the table never
names one alone. Every name is a catalogue key with its parts (companion/engine/words.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import catalog, counts
from companion.engine.words import Words, listing, say

KIND_WORD = {"starting": say("Starting"), "national": say("national")}
COLOUR_WORD = {"green": say("green"), "yellow": say("yellow"), "red": say("red")}
STRUCTURE_WORD = {
    "base": say("Base"),
    "elevation": say("Elevation"),
    "conduit": say("Conduit"),
    "powerhouse": say("Powerhouse"),
    "building": say("Building"),
    "any": say("any structure"),
}
REWARD_WORDS: dict[str, Callable[[Any], Words]] = {
    "credits": counts.credits,
    "vp": lambda n: say("{n} VP", n=n),
    "rotate_wheel": lambda n: say("turn the wheel {n}", n=n),
    "machineries_any": lambda n: say("1 Machinery") if n == 1 else say("{n} Machineries", n=n),
    "excavators": counts.excavators,
    "mixers": counts.mixers,
    "energy_steps": lambda n: say("{n} energy steps", n=n),
    "drops_headstream": lambda n: say("{n} drops on a headstream", n=n),
    "drops_flow_now": lambda n: say("{n} drops flowing now", n=n),
    "free_elevation": lambda n: say("a free Elevation"),
    "free_powerhouse": lambda n: say("a free Powerhouse"),
    "free_base_areas": lambda n: say("a free Base"),
    "free_conduit_max_value": lambda n: say("a free Conduit up to value {n}", n=n),
}
# The rewards printed on the External Work tiles and the actions printed on the Private
# Buildings (the expansion's reference data), each a catalogue key as printed.
PRINTED: dict[str, Words] = {
    text: text
    for text in (
        say("3 Credits, then fulfil one of your face-up Contracts that requires 4 energy or less"),
        say("3 Credits and rotate the wheel 2 segments"),
        say("4 VP and build a Base in the Plains for free"),
        say("2 Credits and build a Powerhouse for free"),
        say("4 Credits and take a face-up Advanced Technology tile for free"),
        say("5 Credits and produce 6 energy (usable for one Contract needing 6 or less)"),
        say("2 VP and build 2 Elevations for free on one or two of your Dams"),
        say("3 Credits, 3 VP and build a Conduit of value 4 or less for free"),
        say("5 VP and 6 steps on the Energy Track (not for Contracts)"),
        say("4 VP, 2 drops on headstreams (flow in the Water Flow phase), rotate the wheel 2"),
        say("8 VP and rotate the wheel 3 segments"),
        say("10 VP and 1 drop on a headstream that flows at once"),
        say("5 VP and fulfil any one of your face-up Contracts"),
        say("6 VP and 2 drops on headstreams that flow at once"),
        say("6 VP and 3 Concrete Mixers"),
        say(
            "put 1 drop from the general supply on a Neutral Dam or one of your Dams that has room"
        ),
        say("take one Technology tile back from the wheel; Machineries in that segment stay"),
        say("choose a wheel segment and take back half its Machineries, rounded down, your choice"),
        say(
            "take a face-up External Work and its reward, "
            "paying 2 Credits per Machinery printed on it"
        ),
        say("pay 1 Credit: Energy marker +4, not usable for Contracts"),
        say("pay 1 Credit: gain 2 Machineries in any mix"),
        say("gain 5 Credits"),
        say("a production action with +3; company board bonuses and ability still apply"),
        say("pay 2 Credits: produce 5 energy, usable for one Contract needing 5 or less"),
        say("pay 3 Credits: fulfil one of your face-up Contracts without producing energy"),
    )
}


def printed(text: str) -> str:
    """A tile's printed words (an External Work's reward, a Building's action) as a key."""
    return PRINTED.get(text, text)


def _spaced(key: str) -> str:
    return key.replace("_", " ")


def reward_words(reward: dict[str, Any]) -> str:
    """ "2 Credits + turn the wheel 1" for a contract reward."""
    parts = []
    for key, value in reward.items():
        maker = REWARD_WORDS.get(key)
        parts.append(
            maker(value) if maker else say("{what} {n}", what=_spaced(key), n=value)
        )
    return counts.plus(parts)


def contract_name(contract_id: str) -> str:
    """ "the green contract ⚡3 (1 Credit + turn the wheel 2)"; an unknown id as it is."""
    c = catalog.CONTRACTS.get(contract_id)
    if c is None:
        return contract_id
    words = COLOUR_WORD if c.kind == "private" else KIND_WORD
    key = str(c.pile) if c.kind == "private" else c.kind
    colour: str = words.get(key) or key
    return say(
        "the {colour} contract ⚡{energy} ({reward})",
        colour=colour,
        energy=c.energy_required,
        reward=reward_words(c.reward),
    )


def contracts_names(ids: list[str]) -> str:
    return counts.commas([contract_name(i) for i in ids])


def headstream_tile_dots(tile_id: str) -> str:
    """ "0·2·2·0": a headstream tile's drops in rounds 1-4, as printed."""
    drops = catalog.HEADSTREAM_TILES.get(tile_id)
    return tile_id if drops is None else "·".join(str(n) for n in drops)


def headstream_tile_name(tile_id: str) -> str:
    """ "the headstream tile 0·2·2·0" (drops in rounds 1-4, as printed)."""
    if tile_id not in catalog.HEADSTREAM_TILES:
        return tile_id
    return say("the headstream tile {dots}", dots=headstream_tile_dots(tile_id))


def advanced_tile_name(tile_id: str) -> str:
    """ "the Level 1 Base tile" (Advanced Technology)."""
    tile = catalog.ADVANCED_TILES.get(tile_id)
    if tile is None:
        return tile_id
    return say(
        "the Level {level} {kind} tile",
        level=tile.level,
        kind=STRUCTURE_WORD.get(tile.builds, tile.builds),
    )


BASIC_TILE_WORD = {
    "base": say("the Base tile"),
    "elevation": say("the Elevation tile"),
    "conduit": say("the Conduit tile"),
    "powerhouse": say("the Powerhouse tile"),
    "wild": say("the Wild tile"),
    "building": say("the Building tile"),
}


def technology_tile_name(tile_id: str) -> str:
    """A Technology tile as printed: "the Conduit tile", "the Level 2 Base tile"; an unknown
    id (an officer's special tile) as it is."""
    if tile_id in catalog.ADVANCED_TILES:
        return advanced_tile_name(tile_id)
    return BASIC_TILE_WORD.get(tile_id, tile_id)


def machineries_words(excavators: int, mixers: int) -> str:
    """The Machineries printed on a tile, the kinds it asks for only ("2 Concrete Mixers")."""
    parts = [word(n) for n, word in ((excavators, counts.excavators), (mixers, counts.mixers)) if n]
    return listing(parts)


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
    if reward:
        return say("External Work: discard {cost} → {reward}", cost=cost, reward=printed(work.text))
    return say("External Work: discard {cost}", cost=cost)
