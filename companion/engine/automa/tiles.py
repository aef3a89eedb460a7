"""The 20 Automa tiles as typed, frozen records (automa.md §3 and §10; tile data by ruling A10).

Built once from `data/automa_tables.py`; the action side lists the actions in reading order
(§3.1), the criteria side the three placement columns and the headstream letters (§8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.counts import plus as pluses
from companion.engine.data import automa_tables as t
from companion.engine.words import Words, say

ActionKind = str  # production, water_management, contract_office, construction, patent_office,
# external_work, workshop, machinery_shop, bank


@dataclass(frozen=True)
class TileAction:
    """One action printed on the action side of an Automa tile (automa.md §7)."""

    kind: ActionKind
    engineers: int
    ends_turn: bool
    contract_colour: str | None = None  # production: colour of the contract condition
    energy_bonus: int = 0  # production: tile bonus (−2 … +2)
    drops: int = 0  # water management: 2 waiting drops or 1 flowing drop
    flows_immediately: bool = False
    discard_colour: str | None = None  # contract office: colour removed
    energy_gain: int = 0  # contract office: +2 energy
    structure: str | None = None  # construction / patent: base, elevation, conduit, powerhouse
    region: str | None = None  # construction: base only in this area (T02 hills, T04 mountains)
    min_conduit_value: int = 0  # construction: conduit of value ≥ N (T09: 3, T12: 4)
    rotations: int = 0  # workshop
    vp_cost: int = 0  # printed red laurel
    vp_gain: int = 0  # bank
    machines: tuple[str, ...] = ()  # machinery shop: "excavator", "mixer", "wild"
    excluded_in_round: int | None = None  # machinery shop: never in round 5 (ruling A9)
    expansion: str | None = None  # the Leeghwater Project actions (skipped in the base game)
    preference: tuple[int, ...] = ()  # external work: the slots 1-3 in order (ruling L9)
    building_search: str | None = None  # construction of a Building: "down" or "up" (§7.4)

    @property
    def is_dashed(self) -> bool:
        """Dashed-frame actions (water, contract office) do not end the turn (§4)."""
        return not self.ends_turn

    def label(self) -> str:
        """A short readable name, as the trace shows it ("Build conduit value 3+")."""
        k = self.kind
        if k == "production":
            sign = f"{self.energy_bonus:+d}" if self.energy_bonus else "±0"
            colour = COLOUR_WORDS.get(str(self.contract_colour), str(self.contract_colour))
            return say("Produce {bonus} ({colour} contract)", bonus=sign, colour=colour)
        if k == "water_management":
            if self.flows_immediately:
                return say("Water: 1 drop flowing at once")
            return say("Water: {n} drops on headstreams", n=self.drops)
        if k == "contract_office":
            colour = COLOUR_WORDS.get(str(self.discard_colour), str(self.discard_colour))
            return say(
                "Contract Office: remove {colour} contracts, +{n} energy",
                colour=colour,
                n=self.energy_gain,
            )
        if k == "construction":
            return self._build_label()
        if k == "patent_office":
            return say("Patent Office: {structure} tile", structure=self._structure())
        if k == "workshop":
            return say("Workshop: rotate {n}", n=self.rotations)
        if k == "machinery_shop":
            return say(
                "Machinery Shop: {machines}",
                machines=pluses(MACHINE_WORDS[m] for m in self.machines),
            )
        if k == "bank":
            return say("Bank")
        if k == "external_work":
            return say("External work")
        return k.replace("_", " ").capitalize()

    def _structure(self) -> str:
        return STRUCTURE_WORDS.get(str(self.structure), str(self.structure))

    def _build_label(self) -> Words:
        structure = self._structure()
        value = self.min_conduit_value
        if self.region:
            area = AREA_WORDS.get(self.region, self.region)
            if value:
                return say(
                    "Build {structure} in the {area} value {value}+",
                    structure=structure,
                    area=area,
                    value=value,
                )
            return say("Build {structure} in the {area}", structure=structure, area=area)
        if value:
            return say("Build {structure} value {value}+", structure=structure, value=value)
        return say("Build {structure}", structure=structure)


# the tiles' words as the trace shows them (lower case inside a label: "Build conduit")
COLOUR_WORDS: dict[str, Words] = {
    "green": say("green"),
    "yellow": say("yellow"),
    "red": say("red"),
    "any": say("any"),
}
STRUCTURE_WORDS: dict[str, Words] = {
    "base": say("base"),
    "elevation": say("elevation"),
    "conduit": say("conduit"),
    "powerhouse": say("powerhouse"),
    "any": say("any"),
    "building": say("building"),
}
AREA_WORDS: dict[str, Words] = {
    "mountains": say("mountains"),
    "hills": say("hills"),
    "plains": say("plains"),
}
MACHINE_WORDS: dict[str, Words] = {
    "excavator": say("excavator"),
    "mixer": say("mixer"),
    "wild": say("wild"),
}


@dataclass(frozen=True)
class Criteria:
    """The criteria side: three criteria per column, a location, and the headstream letters."""

    dam: tuple[str, ...]
    dam_location: int
    conduit: tuple[str, ...]
    conduit_location: tuple[int, str]  # (basin, "A" | "B")
    powerhouse: tuple[str, ...]
    powerhouse_location: int
    headstreams: tuple[str, ...]  # tie order of the headstreams (3 letters as printed, D6)

    def column(self, structure: str) -> tuple[str, ...]:
        """The criteria column used for `structure` (bases and elevations share one, §8.2)."""
        if structure in ("base", "elevation"):
            return self.dam
        if structure == "conduit":
            return self.conduit
        return self.powerhouse

    def letter_rank(self, letter: str) -> int:
        """Position of a headstream in the tie order; unprinted letters come after (D6)."""
        if letter in self.headstreams:
            return self.headstreams.index(letter)
        return len(self.headstreams) + "ABCD".index(letter)


@dataclass(frozen=True)
class AutomaTile:
    """One double-sided Automa tile; `id` is the Impl-D number 1–20 (T01–T20)."""

    id: int
    alt_id: str  # Impl-H's "dam-conduit-powerhouse" id, e.g. "1-1A-5"
    actions: tuple[TileAction, ...]
    criteria: Criteria


def _action(row: dict[str, Any]) -> TileAction:
    machines = tuple(row.get("machines", ()))
    return TileAction(
        kind=row["action"],
        engineers=int(row["engineers"]),
        ends_turn=bool(row["ends_turn"]),
        contract_colour=row.get("contract_color"),
        energy_bonus=int(row.get("energy_bonus", 0)),
        drops=int(row.get("drops", 0)),
        flows_immediately=bool(row.get("flows_immediately", False)),
        discard_colour=row.get("discard_color"),
        energy_gain=int(row.get("energy_gain", 0)),
        structure=row.get("structure"),
        region=row.get("region"),
        min_conduit_value=int(row.get("min_conduit_value", 0)),
        rotations=int(row.get("rotations", 0)),
        vp_cost=int(row.get("vp_cost", 0)),
        vp_gain=int(row.get("vp_gain", 0)),
        machines=machines,
        excluded_in_round=row.get("excluded_in_round"),
        expansion=row.get("expansion"),
        preference=tuple(int(p) for p in row.get("preference", ())),
        building_search=row.get("building_search"),
    )


def _criteria(row: dict[str, Any]) -> Criteria:
    loc = row["conduit"]["location"]
    return Criteria(
        dam=tuple(row["dam_elevation"]["order"]),
        dam_location=int(row["dam_elevation"]["location"]),
        conduit=tuple(row["conduit"]["order"]),
        conduit_location=(int(loc["basin"]), str(loc["side"])),
        powerhouse=tuple(row["powerhouse"]["order"]),
        powerhouse_location=int(row["powerhouse"]["location"]),
        headstreams=tuple(row["headstream_order"]),
    )


TILES: dict[int, AutomaTile] = {
    int(row["id"]): AutomaTile(
        id=int(row["id"]),
        alt_id=row["impl_h_id"],
        actions=tuple(_action(a) for a in row["actions"]),
        criteria=_criteria(row["criteria"]),
    )
    for row in t.TILES
}
