"""The audit's words: names of companies, sources and tiles, and ledger reasons in the
table's words (no component ids: the printed tiles carry none)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.engine import catalog
from companion.engine.data.company_tables import COMPANIES
from companion.engine.management import space_name
from companion.engine.state import GameState, LedgerLine
from companion.engine.table_words import external_work_name

COMPANY_NAMES: dict[str, str] = {row["id"]: row["name"] for row in COMPANIES}

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
SOURCE_LABELS: dict[str, str] = {
    "start": "Starting VP",
    "income": "Income",
    "conduit_use": "Conduit use",
    "contract": "Contracts",
    "advanced_tile": "Advanced Technology tiles",
    "energy_ranking": "Energy track 1st / 2nd",
    "energy_track": "Energy track (0 space, Automa Credits)",
    "bonus_tile": "Bonus tiles",
    "objective": "Objective tile",
    "resources": "Resources left",
    "water": "Drops in own dams",
    "automa_bank": "Automa: Bank",
    "automa_cost": "Automa: costs paid in VP",
    "automa_action": "Automa: actions (Credits as VP)",
    "construction": "Construction fees (Automa, in VP)",
    "officer": "Executive officer",
    "external_work": "External Works",
    "building": "Private buildings",
    "correction": "Corrections",
    "unrecorded": "Not in the ledger",
}
OBJECTIVE_LABELS: dict[str, str] = {
    "O_RED_SPACES": "Bases and Powerhouses on red-bordered spaces",
    "O_BEST_AREA": "Most pieces in one area",
    "O_CONNECTED_BASES": "Bases connected by own conduit to own powerhouse",
    "O_WORST_AREA": "Pieces in the area where you have the fewest",
    "O_BASINS_1": "Basins with at least 1 of your pieces",
    "O_BASINS_3": "Basins with at least 3 of your pieces",
}
PLACE_NAMES = ("1st", "2nd", "3rd", "4th", "5th")
VP_TRACK_SPACES = 100  # the VP track reads 0..99; the marker's "100" side adds 100


def company_name(company: str) -> str:
    """The company as printed on its board ("USA", "Germany")."""
    return COMPANY_NAMES.get(company, company.title())


Names = Mapping[str, str] | None  # company -> how the statements call the player


def player_labels(state: GameState) -> dict[str, str]:
    """How statements call each player: "Ana (USA)" when a name was given, else "USA"."""
    labels = {}
    for c, p in state.players.items():
        name = company_name(c)
        labels[c] = f"{p.name} ({name})" if p.name and p.name != name else name
    return labels


def _who(names: Names, company: str) -> str:
    return (names or {}).get(company) or company_name(company)


def _names(companies: Iterable[str], names: Names = None) -> str:
    listed = [_who(names, c) for c in companies]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- ledger table (tracked games) --------------------------------------------------------------


# -- ledger reasons in the table's words -------------------------------------------------------
# The stored reasons name components by id (B_BASES, L2_CONDUIT, G10, TS_1, income:base:2); the
# printed tiles carry no ids, so every reason a player reads goes through `reason_text`. The
# names are those the table app uses for the same things (static/js/names.js).

# what a Bonus tile counts, in one short noun (names.js BONUS_NOUN)
BONUS_NOUNS: dict[str, str] = {
    "B_CONTRACTS": "fulfilled contract",
    "B_BASES": "Base",
    "B_ELEVATIONS": "Elevation",
    "B_CONDUITS": "Conduit",
    "B_POWERHOUSES": "Powerhouse",
    "B_ADVANCED_TILES": "Advanced tile",
    "B_EXTERNAL_WORKS": "External Work",  # The Leeghwater Project
    "B_BUILDINGS": "Building",
}
SHORT_COMPANY_NAMES: dict[str, str] = {
    "GER": "Germany",
    "ITA": "Italy",
    "FRA": "France",
    "NED": "Netherlands",
}
ORDINALS = ("", "1st", "2nd", "3rd", "4th", "5th")

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
    return f"{catalog.ALL_BONUS_TILES[tile]} VP per {noun}"


def advanced_tile_name(tile: str) -> str:
    """An Advanced Technology tile's name: "Level 2 Conduit", "Level 3 any structure"."""
    m = re.fullmatch(r"L(\d)_([A-Z]+)", tile)
    if not m or tile not in catalog.ADVANCED_TILES:
        return tile
    kind = "any structure" if m[2] == "ANY" else m[2].capitalize()
    return f"Level {m[1]} {kind}"


def contract_name(contract: str) -> str:
    """A contract as the app's chips show it, with its colour and need: "G10 (green, 4 energy)"."""
    c = catalog.CONTRACTS.get(contract)
    if c is None:
        return contract
    group = c.pile if c.kind == "private" else c.kind
    return f"{contract} ({group}, {c.energy_required} energy)"


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


def reason_text(reason: str) -> str:
    """A stored ledger reason in the table's words: no component ids (the tiles carry none)."""
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
    return f"Income of the {ORDINALS[int(slot)]} {structure.capitalize()}"


def _reward_words(s: Source) -> str:
    ident = str(s["id"] or "")
    if ident.startswith("income:"):
        return _income_words(s)
    if ident in catalog.CONTRACTS:
        return f"Reward of contract {contract_name(ident)}"
    if ident in catalog.ADVANCED_TILES:
        return f"Reward of the {advanced_tile_name(ident)} tile"
    return "Reward"


def _advanced_words(s: Source) -> str:
    n = s["numbers"]
    name = advanced_tile_name(str(s["id"]))
    if "count" in n:
        return f"{name} tile: {n['count']} counted"
    if "value" in n:
        return f"{name} tile: a conduit of value {n['value']}"
    return f"{name} tile"


def _energy_track_words(s: Source) -> str:
    n = s["numbers"]
    if s["id"] == "no_energy":
        return "Energy Track: no Energy produced this round (-3 VP)"
    return f"Energy Track: {_plural(n['credits'], 'Credit')} for {n['energy']} Energy"


def _conduit_words(s: Source) -> str:
    n = s["numbers"]
    who = company_name(str(s.get("by", "")))
    return f"{who} used the conduit {s['id']} with {_plural(n['drops'], 'drop')}"


def _objective_words(s: Source) -> str:
    label = OBJECTIVE_LABELS.get(str(s["id"]), str(s["id"]))
    return f"Objective tile “{label}”: {s['numbers']['count']} counted"


def _automa_words(s: Source) -> str:
    if s["id"] == "bank":
        return "Automa: Bank action"
    return f"Automa: {str(s['id']).replace('_', ' ')} ({s['numbers'].get('cost', 0)} VP)"


def _construction_words(s: Source) -> str:
    n = s["numbers"]
    if s["id"] == "4th_space":
        return "The 4th construction space of the round"
    if "red_border" in n:
        return f"Red-bordered space {s['id']}"
    return f"Credits instead of Machineries for the construction on {s['id']}"


SOURCE_WORDS: dict[str, Callable[[Source], str]] = {
    "construction": _construction_words,
    "start": lambda s: "Starting Victory Points",
    "income": _reward_words,
    "contract": _reward_words,
    "advanced_tile": _advanced_words,
    "conduit_use": _conduit_words,
    "energy_ranking": lambda s: (
        f"Energy Track ranking, round {s['numbers']['round']} ({s['numbers']['energy']} Energy)"
    ),
    "energy_track": _energy_track_words,
    "bonus_tile": lambda s: (
        f"Bonus tile “{bonus_tile_name(str(s['id']))}” of round {s['numbers']['round']}:"
        f" {s['numbers']['count']} counted"
    ),
    "objective": _objective_words,
    "resources": lambda s: f"Resources in the personal supply: {s['numbers']['count']}",
    "water": lambda s: f"{_plural(s['numbers']['drops'], 'drop')} held by own dams",
    "automa_action": _automa_words,
    # The Leeghwater Project
    "external_work": lambda s: external_work_name(str(s["id"])),
    "building": lambda s: (
        f"{catalog.building_name(str(s['id']))} (Private Building)"
        if s.get("id")
        else f"Private Buildings activated: {s['numbers']['count']}"
    ),
}


def ledger_text(line: LedgerLine) -> str:
    """A ledger line in the table's words: from its source, else from its stored reason (a
    line written before sources existed). A correction keeps the table's own reason."""
    s = line.source
    if s and s.get("kind") == "correction":
        n = s["numbers"]
        return f"{line.reason} ({n['before']} → {n['after']} VP)"
    words = SOURCE_WORDS.get(str(s.get("kind"))) if s else None
    if s is None or words is None:
        return reason_text(line.reason)
    return words(s)
