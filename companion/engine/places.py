"""Building spaces named the way the printed board lets a person find them.

The board carries no ids (1U, C4R, P8-2): a person finds "the upper dam of the 1st Mountains
basin", "the right conduit (value 5) of the 4th Mountains basin", "the top powerhouse space of
the 2nd Hills basin". Basins are counted left to right within their area and row (map.md §1):
Mountains 1-4, Hills 5-7, upper Plains 8-10, bottom Plains 11-12.
"""

from __future__ import annotations

from companion.engine import board

AREA_WORD = {"mountains": "Mountains", "hills": "Hills", "plains": "Plains"}
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}
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
BOTTOM_PLAINS = {11: "left", 12: "right"}


def basin_name(basin: int) -> str:
    """ "the 1st Mountains basin", "the 3rd Plains basin", "the bottom-left Plains basin"."""
    if basin in BOTTOM_PLAINS:
        return f"the bottom-{BOTTOM_PLAINS[basin]} Plains basin"
    area = board.BASINS[basin].area
    same = sorted(
        b.id for b in board.BASINS.values() if b.area == area and b.id not in BOTTOM_PLAINS
    )
    return f"the {ORDINAL[same.index(basin) + 1]} {AREA_WORD[area]} basin"


def space_name(space_id: str) -> str:
    """A building space in board words; an unknown id is returned as it is."""
    space = board.SPACES.get(space_id)
    if space is None:
        return space_id
    where = basin_name(space.basin)
    if space.kind == "dam":
        return f"the {'upper' if space_id.endswith('U') else 'lower'} dam of {where}"
    if space.kind == "conduit":
        side = "left" if space_id.endswith("L") else "right"
        return f"the {side} conduit (value {space.value}) of {where}"
    return f"the {POWERHOUSE_POSITION.get(space_id, '')} powerhouse space of {where}".replace(
        "the  ", "the "
    )


def short_space_name(space_id: str) -> str:
    """The same without "the" and with a capital: a list item or a map label."""
    name = space_name(space_id)
    name = name.removeprefix("the ")
    return name[:1].upper() + name[1:]
