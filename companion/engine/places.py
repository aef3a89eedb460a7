"""Building spaces named the way the printed board lets a person find them.

The board carries no ids (1U, C4R, P8-2): a person finds "the upper dam of the 1st Mountains
basin", "the right conduit (value 5) of the 4th Mountains basin", "the top powerhouse space of
the 2nd Hills basin". Basins are counted left to right within their area and row (map.md §1):
Mountains 1-4, Hills 5-7, upper Plains 8-10, bottom Plains 11-12.
"""

from __future__ import annotations

from companion.engine import board
from companion.engine.counts import ordinal
from companion.engine.words import Words, say

AREA_WORD = {"mountains": say("Mountains"), "hills": say("Hills"), "plains": say("Plains")}
POSITION_WORD: dict[str, Words] = {
    word: word
    for word in (
        say("top"),
        say("bottom"),
        say("top-left"),
        say("top-right"),
        say("bottom-left"),
        say("bottom-right"),
    )
}
# the same at the start of a name alone ("Top powerhouse space of the 1st Hills basin")
SHORT_POSITION_WORD = {
    "top": say("Top"),
    "bottom": say("Bottom"),
    "top-left": say("Top-left"),
    "top-right": say("Top-right"),
    "bottom-left": say("Bottom-left"),
    "bottom-right": say("Bottom-right"),
}
# where each powerhouse space sits in its basin's box (map.md §2)
POWERHOUSE_POSITION: dict[str, str] = {
    **{f"P{b}-1": "top" for b in (5, 6, 7, 8, 9)},
    **{f"P{b}-2": "bottom" for b in (5, 6, 7)},
    "P8-2": "bottom-left",
    "P8-3": "bottom-right",
    "P9-2": "bottom-left",
    "P9-3": "bottom-right",
    "P10-1": "top-left",
    "P10-2": "top-right",
    "P10-3": "bottom",
    **{f"P{b}-1": "top-left" for b in (11, 12)},
    **{f"P{b}-2": "top-right" for b in (11, 12)},
    **{f"P{b}-3": "bottom-left" for b in (11, 12)},
    **{f"P{b}-4": "bottom-right" for b in (11, 12)},
}
BOTTOM_PLAINS = {11: say("left"), 12: say("right")}

# Each name of a space in two forms, one key each: inside a sentence ("the upper dam of the
# 1st Mountains basin") and alone, as a list item or a map label ("Upper dam of the 1st …").
DAM = {
    ("U", False): say("the upper dam of the {ordinal} {area} basin"),
    ("L", False): say("the lower dam of the {ordinal} {area} basin"),
    ("U", True): say("the upper dam of the bottom-{side} Plains basin"),
    ("L", True): say("the lower dam of the bottom-{side} Plains basin"),
}
SHORT_DAM = {
    ("U", False): say("Upper dam of the {ordinal} {area} basin"),
    ("L", False): say("Lower dam of the {ordinal} {area} basin"),
    ("U", True): say("Upper dam of the bottom-{side} Plains basin"),
    ("L", True): say("Lower dam of the bottom-{side} Plains basin"),
}
CONDUIT = {
    ("L", False): say("the left conduit (value {value}) of the {ordinal} {area} basin"),
    ("R", False): say("the right conduit (value {value}) of the {ordinal} {area} basin"),
    ("L", True): say("the left conduit (value {value}) of the bottom-{side} Plains basin"),
    ("R", True): say("the right conduit (value {value}) of the bottom-{side} Plains basin"),
}
SHORT_CONDUIT = {
    ("L", False): say("Left conduit (value {value}) of the {ordinal} {area} basin"),
    ("R", False): say("Right conduit (value {value}) of the {ordinal} {area} basin"),
    ("L", True): say("Left conduit (value {value}) of the bottom-{side} Plains basin"),
    ("R", True): say("Right conduit (value {value}) of the bottom-{side} Plains basin"),
}
POWERHOUSE = {
    (True, False): say("the {position} powerhouse space of the {ordinal} {area} basin"),
    (True, True): say("the {position} powerhouse space of the bottom-{side} Plains basin"),
    (False, False): say("the powerhouse space of the {ordinal} {area} basin"),
}
SHORT_POWERHOUSE = {
    (True, False): say("{position} powerhouse space of the {ordinal} {area} basin"),
    (True, True): say("{position} powerhouse space of the bottom-{side} Plains basin"),
    (False, False): say("Powerhouse space of the {ordinal} {area} basin"),
}
BASIN = {
    (False, False): say("the {ordinal} {area} basin"),
    (True, False): say("the bottom-{side} Plains basin"),
    (False, True): say("{ordinal} {area} basin"),
    (True, True): say("bottom-{side} Plains basin"),
}


def _where(basin: int) -> dict[str, Words]:
    """The parts that name a basin: its side (bottom Plains) or its ordinal and area."""
    if basin in BOTTOM_PLAINS:
        return {"side": BOTTOM_PLAINS[basin]}
    area = board.BASINS[basin].area
    same = sorted(
        b.id for b in board.BASINS.values() if b.area == area and b.id not in BOTTOM_PLAINS
    )
    return {"ordinal": ordinal(same.index(basin) + 1), "area": AREA_WORD[area]}


def basin_name(basin: int, *, short: bool = False) -> Words:
    """ "the 1st Mountains basin", "the 3rd Plains basin", "the bottom-left Plains basin"."""
    key = BASIN[(basin in BOTTOM_PLAINS, short)]
    return Words(key.key, _where(basin))


def space_name(space_id: str, *, short: bool = False) -> str:
    """A building space in board words; an unknown id is returned as it is."""
    space = board.SPACES.get(space_id)
    if space is None:
        return space_id
    parts = _where(space.basin)
    bottom = space.basin in BOTTOM_PLAINS
    if space.kind == "dam":
        key = (SHORT_DAM if short else DAM)[(space_id[-1], bottom)]
    elif space.kind == "conduit":
        key = (SHORT_CONDUIT if short else CONDUIT)[(space_id[-1], bottom)]
        parts["value"] = space.value  # type: ignore[assignment]
    else:
        position = POWERHOUSE_POSITION.get(space_id)
        key = (SHORT_POWERHOUSE if short else POWERHOUSE)[(position is not None, bottom)]
        if position:
            by_position: dict[str, Words] = SHORT_POSITION_WORD if short else POSITION_WORD
            parts["position"] = by_position[position]
    return Words(key.key, parts)


def short_space_name(space_id: str) -> str:
    """The same without "the" and with a capital: a list item or a map label."""
    return space_name(space_id, short=True)
