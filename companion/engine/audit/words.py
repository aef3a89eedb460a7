"""The audit's words: names of companies, sources and tiles, and ledger reasons in the
table's words (no component ids: the printed tiles carry none). Every sentence is a catalogue
key with its parts (`words.say`), rendered in the device's language at the edge (issue 13)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.engine import catalog
from companion.engine.component_texts import COMPANY_NAMES as COMPANY_NAMES
from companion.engine.counts import commas as commas
from companion.engine.counts import semicolons as semicolons
from companion.engine.management import space_name
from companion.engine.state import GameState, LedgerLine
from companion.engine.table_words import external_work_name
from companion.engine.words import Words, listing, say

# The scoring table's rows, in the order a score pad lists them; unknown categories follow.
SOURCE_ORDER: tuple[str, ...] = (
    "start",
    "income",
    "conduit_use",
    "contract",
    "advanced_tile",
    "energy_ranking",
    "energy_track",
    "bonus_tile",
    "objective",
    "resources",
    "water",
    "external_work",
    "building",
    "officer",
    "automa_bank",
    "automa_action",
    "automa_cost",
    "construction",
    "correction",
)
SOURCE_LABELS: dict[str, Words] = {
    "start": say("Starting VP"),
    "income": say("Income"),
    "conduit_use": say("Conduit use"),
    "contract": say("Contracts"),
    "advanced_tile": say("Advanced Technology tiles"),
    "energy_ranking": say("Energy track 1st / 2nd"),
    "energy_track": say("Energy track (0 space, Automa Credits)"),
    "bonus_tile": say("Bonus tiles"),
    "objective": say("Objective tile"),
    "resources": say("Resources left"),
    "water": say("Drops in own dams"),
    "automa_bank": say("Automa: Bank"),
    "automa_cost": say("Automa: costs paid in VP"),
    "automa_action": say("Automa: actions (Credits as VP)"),
    "construction": say("Construction fees (Automa, in VP)"),
    "officer": say("Executive officer"),
    "external_work": say("External Works"),
    "building": say("Private buildings"),
    "correction": say("Corrections"),
    "unrecorded": say("Not in the ledger"),
}
OBJECTIVE_LABELS: dict[str, Words] = {
    "O_RED_SPACES": say("Bases and Powerhouses on red-bordered spaces"),
    "O_BEST_AREA": say("Most pieces in one area"),
    "O_CONNECTED_BASES": say("Bases connected by own conduit to own powerhouse"),
    "O_WORST_AREA": say("Pieces in the area where you have the fewest"),
    "O_BASINS_1": say("Basins with at least 1 of your pieces"),
    "O_BASINS_3": say("Basins with at least 3 of your pieces"),
}
PLACE_NAMES: tuple[Words, ...] = (say("1st"), say("2nd"), say("3rd"), say("4th"), say("5th"))
VP_TRACK_SPACES = 100  # the VP track reads 0..99; the marker's "100" side adds 100


def place_name(place: int) -> Words:
    """The `place`-th place (0 = 1st) as a score pad writes it."""
    return PLACE_NAMES[place] if place < len(PLACE_NAMES) else say("{n}th", n=place + 1)


def company_name(company: str) -> str:
    """The company as printed on its board ("USA", "Germany")."""
    return COMPANY_NAMES.get(company, company.title())


Names = Mapping[str, str] | None  # company -> how the statements call the player


def player_labels(state: GameState) -> dict[str, str]:
    """How statements call each player: "Ana (USA)" when a name was given, else "USA"."""
    labels: dict[str, str] = {}
    for c, p in state.players.items():
        name = company_name(c)
        labels[c] = (
            say("{player} ({company})", player=p.name, company=name)
            if (p.name and p.name != name)
            else name
        )
    return labels


def _who(names: Names, company: str) -> str:
    return (names or {}).get(company) or company_name(company)


def _names(companies: Iterable[str], names: Names = None) -> str:
    return listing([_who(names, c) for c in companies])


def drop_count(n: int) -> Words:
    return say("1 drop") if n == 1 else say("{n} drops", n=n)


def piece_count(n: int) -> Words:
    return say("1 piece") if n == 1 else say("{n} pieces", n=n)


def credit_count(n: int) -> Words:
    return say("1 Credit") if n == 1 else say("{n} Credits", n=n)


# -- ledger reasons in the table's words -------------------------------------------------------
# Reasons stored before the engine said its sentences as keys name components by id (B_BASES,
# L2_CONDUIT, G10, TS_1, income:base:2) in English; the printed tiles carry no ids, so such a
# reason goes through `reason_text` (it stays English: it was written so). A reason stored as a
# catalogue key (a `Words`) is already in the table's words and renders in any language.

# what a Bonus tile counts, in one short noun (names.js BONUS_NOUN)
BONUS_NOUNS: dict[str, Words] = {
    "B_CONTRACTS": say("fulfilled contract"),
    "B_BASES": say("Base"),
    "B_ELEVATIONS": say("Elevation"),
    "B_CONDUITS": say("Conduit"),
    "B_POWERHOUSES": say("Powerhouse"),
    "B_ADVANCED_TILES": say("Advanced tile"),
    "B_EXTERNAL_WORKS": say("External Work"),  # The Leeghwater Project
    "B_BUILDINGS": say("Building"),
}
SHORT_COMPANY_NAMES: dict[str, str] = {
    "GER": "Germany",
    "ITA": "Italy",
    "FRA": "France",
    "NED": "Netherlands",
}
ORDINALS = ("", "1st", "2nd", "3rd", "4th", "5th")
STRUCTURE_NAMES: dict[str, Words] = {
    "base": say("Base"),
    "elevation": say("Elevation"),
    "conduit": say("Conduit"),
    "powerhouse": say("Powerhouse"),
}

_TILE_ID = re.compile(r"\b(?:B|O)_[A-Z0-9_]+\b|\bL[123]_[A-Z]+\b")
# ("ruling R12" names a ruling, not the red contract R12)
_CONTRACT_ID = re.compile(r"(?<!ruling )\b(?:[GYR]\d{2}|[NS]\d)\b")
_SPACE_ID = re.compile(r"\b(?:TS|WM|WS|MS|CO|PO)_[A-Z0-9_]+\b|\bBANK\b")
_INCOME_SLOT = re.compile(r"\bincome:(base|elevation|conduit|powerhouse):(\d)\b")
_SHORT_COMPANY = re.compile(r"\b(?:GER|ITA|FRA|NED)\b")
_PLURAL_S = re.compile(r"\b(\d+) (\w+)\(s\)")


def bonus_tile_name(tile: str) -> str:
    """A Bonus tile as printed, in a few words: "4 VP per Base" (names.js bonusShort)."""
    if tile not in catalog.ALL_BONUS_TILES:
        return tile
    noun = BONUS_NOUNS.get(tile, tile.removeprefix("B_").lower())
    return say("{vp} VP per {what}", vp=catalog.ALL_BONUS_TILES[tile], what=noun)


ADVANCED_KINDS: dict[str, Words] = {**STRUCTURE_NAMES, "any": say("any structure")}


def advanced_tile_name(tile: str) -> str:
    """An Advanced Technology tile's name: "Level 2 Conduit", "Level 3 any structure"."""
    m = re.fullmatch(r"L(\d)_([A-Z]+)", tile)
    if not m or tile not in catalog.ADVANCED_TILES:
        return tile
    kind = ADVANCED_KINDS.get(m[2].lower(), m[2].capitalize())
    return say("Level {level} {kind}", level=int(m[1]), kind=kind)


CONTRACT_GROUPS: dict[str, Words] = {
    "green": say("green"),
    "yellow": say("yellow"),
    "red": say("red"),
    "national": say("national"),
    "starting": say("starting"),
}


def contract_name(contract: str) -> str:
    """A contract as the app's chips show it, with its colour and need: "G10 (green, 4 energy)"."""
    c = catalog.CONTRACTS.get(contract)
    if c is None:
        return contract
    group = c.pile if c.kind == "private" else c.kind
    return say(
        "{contract} ({group}, {energy} energy)",
        contract=contract,
        group=CONTRACT_GROUPS.get(str(group), str(group)),
        energy=c.energy_required,
    )


def _tile_words(m: re.Match[str]) -> str:
    tile = m[0]
    if tile in catalog.ALL_BONUS_TILES:
        return f"“{bonus_tile_name(tile)}”"
    if tile in OBJECTIVE_LABELS:
        return f"“{OBJECTIVE_LABELS[tile]}”"
    return advanced_tile_name(tile)


def _space_words(m: re.Match[str]) -> str:
    space = catalog.MANAGEMENT_SPACES.get(m[0])
    return space_name(space) if space else m[0]


def _plural(n: int, word: str) -> str:
    # only for the English of reasons stored before their words were keys
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def reason_text(reason: str) -> str:
    """A stored ledger reason in the table's words: no component ids (the tiles carry none).
    A reason the engine said as a catalogue key is already in the table's words."""
    if isinstance(reason, Words):
        return reason
    text = _INCOME_SLOT.sub(
        lambda m: f"the income of the {ORDINALS[int(m[2])]} {m[1].capitalize()}", reason
    )
    text = _TILE_ID.sub(_tile_words, text)
    text = _CONTRACT_ID.sub(lambda m: contract_name(m[0]), text)
    text = _SPACE_ID.sub(_space_words, text)
    text = _SHORT_COMPANY.sub(lambda m: SHORT_COMPANY_NAMES[m[0]], text)
    return _PLURAL_S.sub(lambda m: _plural(int(m[1]), m[2]), text)


# -- ledger lines worded from their structured source ------------------------------------------
# A line scored since sources existed carries {"kind", "id", "numbers"[, "by"]} (economy.source);
# its words come from that data, never from the stored sentence. Lines of logs written before
# (no source) keep `reason_text`.

Source = Mapping[str, Any]


def _income_words(s: Source) -> str:
    _, structure, slot = str(s["id"]).split(":")
    return say(
        "Income of the {ordinal} {structure}",
        ordinal=PLACE_NAMES[int(slot) - 1],
        structure=STRUCTURE_NAMES.get(structure, structure),
    )


def _reward_words(s: Source) -> str:
    ident = str(s["id"] or "")
    if ident.startswith("income:"):
        return _income_words(s)
    if ident in catalog.CONTRACTS:
        return say("Reward of contract {contract}", contract=contract_name(ident))
    if ident in catalog.ADVANCED_TILES:
        return say("Reward of the {tile} tile", tile=advanced_tile_name(ident))
    return say("Reward")


def _advanced_words(s: Source) -> str:
    n = s["numbers"]
    name = advanced_tile_name(str(s["id"]))
    if "count" in n:
        return say("{tile} tile: {count} counted", tile=name, count=n["count"])
    if "value" in n:
        return say("{tile} tile: a conduit of value {value}", tile=name, value=n["value"])
    return say("{tile} tile", tile=name)


def _energy_track_words(s: Source) -> str:
    n = s["numbers"]
    if s["id"] == "no_energy":
        return say("Energy Track: no Energy produced this round (-3 VP)")
    return say(
        "Energy Track: {credits} for {energy} Energy",
        credits=credit_count(n["credits"]),
        energy=n["energy"],
    )


def _conduit_words(s: Source) -> str:
    n = s["numbers"]
    who = company_name(str(s.get("by", "")))
    return say(
        "{company} used the conduit {conduit} with {drops}",
        company=who,
        conduit=s["id"],
        drops=drop_count(n["drops"]),
    )


def _objective_words(s: Source) -> str:
    label = OBJECTIVE_LABELS.get(str(s["id"]), str(s["id"]))
    return say("Objective tile “{tile}”: {count} counted", tile=label, count=s["numbers"]["count"])


AUTOMA_COSTS: dict[str, Words] = {
    "patent_office": say("Patent Office"),
    "contract_office": say("Contract Office"),
    "machinery_shop": say("Machinery Shop"),
    "workshop": say("Workshop"),
}


def _automa_words(s: Source) -> str:
    if s["id"] == "bank":
        return say("Automa: Bank action")
    what = AUTOMA_COSTS.get(str(s["id"]), str(s["id"]).replace("_", " "))
    return say("Automa: {action} ({vp} VP)", action=what, vp=s["numbers"].get("cost", 0))


def _construction_words(s: Source) -> str:
    n = s["numbers"]
    if s["id"] == "4th_space":
        return say("The 4th construction space of the round")
    if "red_border" in n:
        return say("Red-bordered space {space}", space=s["id"])
    return say("Credits instead of Machineries for the construction on {space}", space=s["id"])


def _building_words(s: Source) -> str:
    if s.get("id"):
        return say("{building} (Private Building)", building=catalog.building_name(str(s["id"])))
    return say("Private Buildings activated: {count}", count=s["numbers"]["count"])


SOURCE_WORDS: dict[str, Callable[[Source], str]] = {
    "construction": _construction_words,
    "start": lambda s: say("Starting Victory Points"),
    "income": _reward_words,
    "contract": _reward_words,
    "advanced_tile": _advanced_words,
    "conduit_use": _conduit_words,
    "energy_ranking": lambda s: say(
        "Energy Track ranking, round {round} ({energy} Energy)",
        round=s["numbers"]["round"],
        energy=s["numbers"]["energy"],
    ),
    "energy_track": _energy_track_words,
    "bonus_tile": lambda s: say(
        "Bonus tile “{tile}” of round {round}: {count} counted",
        tile=bonus_tile_name(str(s["id"])),
        round=s["numbers"]["round"],
        count=s["numbers"]["count"],
    ),
    "objective": _objective_words,
    "resources": lambda s: say(
        "Resources in the personal supply: {count}", count=s["numbers"]["count"]
    ),
    "water": lambda s: say("{drops} held by own dams", drops=drop_count(s["numbers"]["drops"])),
    "automa_action": _automa_words,
    # The Leeghwater Project
    "external_work": lambda s: external_work_name(str(s["id"])),
    "building": _building_words,
}


def ledger_text(line: LedgerLine) -> str:
    """A ledger line in the table's words: from its source, else from its stored reason (a
    line written before sources existed). A correction keeps the table's own reason."""
    s = line.source
    if s and s.get("kind") == "correction":
        n = s["numbers"]
        return say(
            "{reason} ({before} → {after} VP)",
            reason=reason_text(line.reason),
            before=n["before"],
            after=n["after"],
        )
    words = SOURCE_WORDS.get(str(s.get("kind"))) if s else None
    if s is None or words is None:
        return reason_text(line.reason)
    return words(s)
