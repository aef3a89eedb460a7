"""The state of one game of Barrage: plain data, JSON round-trip, changed only by events.

The state is a tree of small dataclasses holding primitives, lists and dicts. It is changed
only by `events.apply(state, event)`; rules modules read it and *decide* events. Keys of
dicts are strings so that `to_json(from_json(x)) == x` holds exactly.
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from companion.engine.words import Words

Company = str  # "usa" | "germany" | "italy" | "france" (| "netherlands")
Owner = str  # a Company or NEUTRAL
NEUTRAL = "neutral"
Structure = Literal["base", "elevation", "conduit", "powerhouse"]
STRUCTURES: tuple[str, ...] = ("base", "elevation", "conduit", "powerhouse")
PIECES_PER_COMPANY: dict[str, int] = {"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}
WHEEL_SEGMENTS = 6

Phase = Literal[
    "income",  # Income and Headstreams (computed)
    "actions",
    "water_flow",  # computed
    "scoring",  # computed
    "end_of_round",  # computed
    "game_over",
]


@dataclass
class Segment:
    """One segment of the Construction Wheel: technology tiles and Machineries invested."""

    tiles: list[str] = field(default_factory=list)
    excavators: int = 0
    mixers: int = 0

    def is_empty(self) -> bool:
        return not self.tiles and self.excavators == 0 and self.mixers == 0


@dataclass
class Dam:
    """A dam standing on a dam space: a Base plus 0-2 Elevations, and the drops it holds."""

    owner: Owner
    level: int = 1
    drops: int = 0


@dataclass
class Seat:
    """Who plays a company: a person or an Automa (with its difficulty level 1-4)."""

    company: Company
    officer: str | None = None
    kind: Literal["human", "automa"] = "human"
    automa_level: int = 0
    name: str = ""


@dataclass
class LedgerLine:
    """One change of a player's VP, with when and why (every VP change has one)."""

    round: int
    phase: str
    vp: int
    category: str  # "start", "income", "conduit_use", "contract", "advanced_tile",
    # "energy_ranking", "energy_track", "bonus_tile", "objective", "resources",
    # "water", "correction", "automa_bank", "automa_cost", ...
    reason: str
    seq: int = 0  # index of the command that caused it
    # what scored it, as data (economy.source): {"kind", "id", "numbers"[, "by"]}; the audit
    # words it from this (None: a line of a log written before sources existed)
    source: dict[str, Any] | None = None


@dataclass
class PlayerState:
    """Everything one company owns and has done."""

    company: Company
    officer: str | None = None
    kind: str = "human"
    automa_level: int = 0
    name: str = ""
    vp: int = 10
    credits: int = 6
    excavators: int = 6
    mixers: int = 4
    engineers: int = 12  # in the personal supply
    built: dict[str, int] = field(
        default_factory=lambda: {"base": 0, "elevation": 0, "conduit": 0, "powerhouse": 0}
    )
    tiles: list[str] = field(default_factory=list)  # technology tiles in the personal supply
    wheel: list[Segment] = field(
        default_factory=lambda: [Segment() for _ in range(WHEEL_SEGMENTS)]
    )  # wheel[0] is the open segment; wheel[k] was loaded k single turns ago
    contracts: list[str] = field(default_factory=list)  # face-up, not yet fulfilled
    fulfilled: list[str] = field(default_factory=list)  # face-down (starting, private, national)
    advanced_tiles_acquired: list[str] = field(default_factory=list)
    constructions_this_round: int = 0  # company-board construction spaces used this round
    energy: int = 0  # true total this round (may exceed 30)
    last_round_energy: int = 0  # energy of the previous finished round (tiebreak after round 5)
    passed: bool = False
    engineers_out: int = 0  # Engineers standing on action spaces this round (back at round end)
    mahiri_uses_this_round: int = 0
    copied_officer: str | None = None  # Mahiri's copy, valid for the current turn
    ledger: list[LedgerLine] = field(default_factory=list)

    @property
    def is_automa(self) -> bool:
        return self.kind == "automa"


@dataclass
class Decision:
    """A choice the engine waits for before the game goes on (top of `GameState.pending`).

    kind: "contract_reward" choices ("machineries", "headstreams", "free_structure"),
    "discard_contracts", "second_production", "table_draw" (the table says what it drew),
    "advanced_tile_effect" … `options` says what may be chosen.
    """

    kind: str
    player: Company | None  # None: anyone at the table (e.g. a table draw)
    options: dict[str, Any] = field(default_factory=dict)
    reason: str = ""


@dataclass
class Setup:
    """The frozen parameters of a game, decided before the first round."""

    mode: Literal["introductory", "full"] = "introductory"
    seats: list[Seat] = field(default_factory=list)
    deals: Literal["app", "table"] = "app"
    seed: int = 0
    expansion: bool = False
    # how the engine plays this game: 1 for logs written before `rules` existed (an Automa
    # needs a tap of its own to pass), 2 since (ruling A20: it passes at once)
    rules: int = 1


@dataclass
class GameState:
    """The whole game. `version` counts the commands applied so far."""

    setup: Setup = field(default_factory=Setup)
    version: int = 0
    round: int = 1
    phase: str = "actions"
    turn_order: list[Company] = field(default_factory=list)
    active: Company | None = None  # whose turn it is in the Actions phase
    players: dict[Company, PlayerState] = field(default_factory=dict)
    # the map
    dams: dict[str, Dam] = field(default_factory=dict)  # dam space id -> dam
    conduits: dict[str, Owner] = field(default_factory=dict)  # conduit space id -> owner
    powerhouses: dict[str, Owner] = field(default_factory=dict)  # powerhouse space -> owner
    headstreams: dict[str, int] = field(
        default_factory=lambda: {"A": 0, "B": 0, "C": 0, "D": 0}
    )  # drops waiting on each headstream tile
    headstream_tiles: dict[str, str] = field(default_factory=dict)  # "A" -> "H3"
    neutral_dam_tiles: list[str] = field(default_factory=list)
    # tiles on the energy track
    bonus_tiles: list[str] = field(default_factory=list)  # for rounds 1..5 in order
    objective: str = ""
    # the Management board
    occupied: dict[str, Company] = field(default_factory=dict)  # action space -> who (or "blocked")
    bank: dict[Company, int] = field(default_factory=dict)  # engineers on the Bank this round
    # the Contract Office
    contract_piles: dict[str, list[str]] = field(
        default_factory=lambda: {"green": [], "yellow": [], "red": []}
    )  # face down, top first; with table deals the order is unknown (drawn when revealed)
    contract_offer: dict[str, list[str | None]] = field(
        default_factory=lambda: {"green": [None, None], "yellow": [None, None], "red": [None, None]}
    )
    national_contracts: list[str] = field(default_factory=list)  # still available
    # the Patent Office (full game)
    patent_piles: dict[str, list[str]] = field(
        default_factory=lambda: {"I": [], "II": [], "III": []}
    )
    patent_offer: list[str | None] = field(default_factory=list)  # 3 slots
    # flow of the game
    pending: list[Decision] = field(default_factory=list)  # the top one (last) is asked first
    rng_counter: int = 0  # draws made with the game's seed
    automa: dict[str, Any] = field(default_factory=dict)  # Automa deck and last decision
    drops_warning: bool = False  # more than 30 drops on the board (ruling R14)
    finished: bool = False
    final_scores: dict[Company, dict[str, int]] = field(default_factory=dict)
    # game flow (CORE-A): computed steps still to run, in order ("income:usa", "headstreams",
    # "refill_contracts", "next_turn", "water_flow", "scoring", "end_of_round", ...)
    todo: list[str] = field(default_factory=list)
    turn_done: bool = False  # the active player has taken this turn's action
    draft: dict[str, Any] = field(default_factory=dict)  # full-setup draft still to pick
    # The Leeghwater Project (empty in a base game): External Works piles and face-up row,
    # the 5 Private Buildings and their building spaces, what each company took (leeghwater.py)
    leeghwater: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> GameState:
        """A deep copy (pickle is several times faster than copy.deepcopy here)."""
        copied: GameState = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        return copied


# -- JSON round trip -------------------------------------------------------------------------


def to_json(state: GameState) -> dict[str, Any]:
    """The state as JSON-ready data (dicts, lists, str, int, bool, None).

    The same data as `dataclasses.asdict`, several times faster: a tap makes it once, and
    `asdict` deep-copies every leaf on the way.
    """
    plain: dict[str, Any] = _plain(state)
    return plain


# kept as they are; a `Words` too, immutable like the str it is (its deep copy is itself)
_LEAVES = frozenset((str, int, float, bool, type(None), Words))
_FIELDS: dict[type, tuple[str, ...]] = {}


def _plain(value: Any) -> Any:
    # the leaves of a container are kept without a call each: most of the state is leaves,
    # and a view is made on every tap (docs/operations.md "Where a tap's CPU goes")
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is dict:
        return {k: v if type(v) in _LEAVES else _plain(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _LEAVES else _plain(v) for v in value]
    if kind is tuple:
        return tuple(_plain(v) for v in value)
    names = _FIELDS.get(kind)
    if names is None:
        if not hasattr(kind, "__dataclass_fields__"):
            return _copied(value)
        names = _FIELDS[kind] = tuple(f.name for f in fields(value))
    attrs = value.__dict__  # no slots here: the fields, in their order (set by `__init__`)
    if len(attrs) != len(names):  # an attribute set beside the fields: the fields only
        return {name: _plain(getattr(value, name)) for name in names}
    # a copy of the fields at C speed, then the few containers among them made plain
    plain = dict(attrs)
    for name, v in plain.items():
        if type(v) not in _LEAVES:
            plain[name] = _plain(v)
    return plain


def _copied(value: Any) -> Any:
    """Anything else (a set, a subclass of a container) as `asdict` would copy it."""
    return copy.deepcopy(value)


def _build(cls: type, data: Any) -> Any:
    return cls(**data)


def from_json(data: dict[str, Any]) -> GameState:
    """Rebuild a state from `to_json` output; `to_json(from_json(x)) == x`."""
    d = copy.deepcopy(data)
    d["setup"]["seats"] = [_build(Seat, s) for s in d["setup"]["seats"]]
    d["setup"] = _build(Setup, d["setup"])
    players = {}
    for company, p in d["players"].items():
        p["wheel"] = [_build(Segment, s) for s in p["wheel"]]
        p["ledger"] = [_build(LedgerLine, line) for line in p["ledger"]]
        players[company] = _build(PlayerState, p)
    d["players"] = players
    d["dams"] = {k: _build(Dam, v) for k, v in d["dams"].items()}
    d["pending"] = [_build(Decision, x) for x in d["pending"]]
    known = {f.name for f in fields(GameState)}
    return GameState(**{k: v for k, v in d.items() if k in known})
