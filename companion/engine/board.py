"""The map as typed, frozen records: basins, building spaces, conduits and the course of rivers.

Rulebook: "The Game Map" and "Water" (pp. 4-5); facts from ../shared/reference/map.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from companion.engine.data import map_tables as t

SpaceKind = Literal["dam", "conduit", "powerhouse"]
Area = Literal["mountains", "hills", "plains"]
AREAS: tuple[Area, ...] = ("mountains", "hills", "plains")
HEADSTREAM_LETTERS: tuple[str, ...] = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Space:
    """One building space on the map (a dam space, a conduit space or a powerhouse space)."""

    id: str
    kind: SpaceKind
    basin: int
    area: Area
    red_bordered: bool
    xy: tuple[int, int]
    value: int = 0  # conduit production value
    destination_basin: int = 0  # conduit destination
    automa_ref: str = ""  # conduit name on the Automa tiles ("1A")
    held_drops_xy: tuple[int, int] | None = None


@dataclass(frozen=True)
class Basin:
    """One of the 12 basins with its spaces and where its river goes."""

    id: int
    area: Area
    dam_spaces: tuple[str, ...]
    conduit_spaces: tuple[str, ...]
    powerhouse_spaces: tuple[str, ...]
    river_to: int | None  # None: the river leaves the map (basins 11 and 12)
    conduits_arriving: tuple[str, ...]
    label_xy: tuple[int, int]


def _space(row: dict[str, Any]) -> Space:
    return Space(
        id=row["id"],
        kind=row["type"],
        basin=int(row["basin"]),
        area=row["area"],
        red_bordered=bool(row.get("red_bordered", False)),
        xy=tuple(row["xy"]),
        value=int(row.get("value", 0)),
        destination_basin=int(row.get("destination_basin", 0) or 0),
        automa_ref=row.get("automa_ref", ""),
        held_drops_xy=tuple(row["held_drops_xy"]) if row.get("held_drops_xy") else None,
    )


def _basin(row: dict[str, Any]) -> Basin:
    river_to = row.get("river_to")
    return Basin(
        id=int(row["id"]),
        area=row["area"],
        dam_spaces=tuple(row["dam_spaces"]),
        conduit_spaces=tuple(row["conduit_spaces"]),
        powerhouse_spaces=tuple(row["powerhouse_spaces"]),
        river_to=int(river_to) if river_to and str(river_to).isdigit() else None,
        conduits_arriving=tuple(row.get("conduits_arriving", ())),
        label_xy=tuple(row["label_xy"]),
    )


SPACES: dict[str, Space] = {row["id"]: _space(row) for row in t.SPACES}
BASINS: dict[int, Basin] = {int(row["id"]): _basin(row) for row in t.BASINS}
HEADSTREAM_BASIN: dict[str, int] = {h["id"]: int(h["feeds_basin"]) for h in t.HEADSTREAMS}
DAM_SPACES: tuple[str, ...] = tuple(s for s in SPACES if SPACES[s].kind == "dam")
CONDUIT_SPACES: tuple[str, ...] = tuple(s for s in SPACES if SPACES[s].kind == "conduit")
POWERHOUSE_SPACES: tuple[str, ...] = tuple(s for s in SPACES if SPACES[s].kind == "powerhouse")


def basin_course(basin: int) -> tuple[int, ...]:
    """The basins a drop passes from `basin` (included) down to the edge of the map."""
    course = [basin]
    while (nxt := BASINS[course[-1]].river_to) is not None:
        course.append(nxt)
    return tuple(course)
