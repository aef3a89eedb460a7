"""Setting up a game: the introductory and the full setup, dealt by the app or by the table.

Rulebook: "General Setup" (pp. 6-7), "Introductory Player Setup" (p. 8), "Full Game Player
Setup" (p. 9); rulings R20/R26 (Automas count as players), R22 (introductory columns with 2-3
players), R12 (Mahiri's 9 Credits), Automa set-up (automa.md §1.2, ruling A11).

App deals draw with a local `random.Random(f"{seed}:{counter}")` (never the global random); the
counter is kept in the state so the same setup payload always deals the same game. Table deals:
whatever the table drew is given in `draws` and only still-drawable tiles are accepted; the
face-down piles are then kept without an order and later draws ask the table (`table_draw`).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from companion.engine import catalog, leeghwater
from companion.engine.commands import Answer
from companion.engine.economy import score_vp, source
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.events import Event, Recorder, applies, ask, resolves
from companion.engine.state import (
    NEUTRAL,
    Dam,
    Decision,
    GameState,
    PlayerState,
    Seat,
    Setup,
)
from companion.engine.words import say

CURRENT_RULES = 2  # what a new game sets in its setup payload (`rules`; docs/commands.md)
HUMAN_START_VP = 10
AUTOMA_START_VP = 16
MAHIRI = "mahiri_sekibo"
MAHIRI_CREDITS = 9  # ruling R12
ANTON = "anton_krylov"
LESLIE = "leslie_spencer"
LESLIE_TILE = "leslie_tile"
NEUTRAL_PILES = ("mountains", "hills", "plains")
CONTRACT_PILES = ("green", "yellow", "red")
PATENT_PILES = ("I", "II", "III")
# what a table draw of each private contract pile is called in a refusal
PILE_CONTRACTS = {
    "green": say("green contracts"),
    "yellow": say("yellow contracts"),
    "red": say("red contracts"),
}
INTRO_ORDER: tuple[tuple[str, str, str], ...] = (
    ("usa", "wilhelm_adler", "S1"),
    ("germany", "jill_mcdowell", "S2"),
    ("italy", "solomon_p_jordan", "S3"),
    ("france", "viktor_fiesler", "S4"),
)  # Introductory Player Setup table (p. 8); ruling R22 takes the columns in order
INTRO_REMOVED_BONUS = "B_ADVANCED_TILES"  # no Patent Office in the introductory game


class Dealer:
    """Draws for app deals from the game's seed; `counter` advances with every draw."""

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    def _rng(self) -> random.Random:
        rng = random.Random(f"{self.seed}:{self.counter}")
        self.counter += 1
        return rng

    def sample(self, pool: list[str], k: int) -> list[str]:
        """`k` distinct items drawn from `pool` in draw order."""
        return self._rng().sample(sorted(pool), k)

    def shuffled(self, pool: list[str]) -> list[str]:
        return self.sample(pool, len(pool))


# -- payload -------------------------------------------------------------------------------


SEAT_FIELDS = {"kind": str, "company": str, "officer": str, "automa_level": int, "name": str,
               "contract": str}  # fmt: skip
MAX_SEED = 2**31 - 1


def _check_shape(payload: Any) -> None:
    """Types and ranges of a setup payload's fields (what the rules then read)."""
    if not isinstance(payload, dict):
        raise CommandError(say("A setup is an object."))
    expansion = payload.get("expansion")
    if expansion is not None and not isinstance(expansion, bool):
        raise CommandError(say("expansion must be true or false."))
    seed = payload.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise CommandError(say("seed must be a whole number."))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise CommandError(say("seed must be from 0 to {max_seed}.", max_seed=MAX_SEED))
    seats = payload.get("seats")
    if not isinstance(seats, list) or len(seats) > 5:
        raise CommandError(say("seats must be a list of 2 to 4 seats."))
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise CommandError(say("seats[{i}] must be an object.", i=i))
        for key, value in seat.items():
            kind = SEAT_FIELDS.get(key)
            if kind is None:
                raise CommandError(
                    say(
                        "Unknown field {key} in seats[{i}].",
                        key=repr(str(key)[:40]),
                        i=i,
                    ),
                )
            if value is None or (kind is str and value == ""):
                continue
            if isinstance(value, bool) or not isinstance(value, kind):
                raise CommandError(say("seats[{i}].{key} has the wrong type.", i=i, key=key))
            if isinstance(value, str) and len(value) > 40:
                raise CommandError(say("seats[{i}].{key} is too long.", i=i, key=key))
        level = seat.get("automa_level")
        if seat.get("kind") == "automa" and level is not None and not 1 <= level <= 4:
            raise CommandError(say("seats[{i}].automa_level must be from 1 to 4.", i=i))
        if level is not None and not 0 <= level <= 4:
            raise CommandError(say("seats[{i}].automa_level must be from 0 to 4.", i=i))
    draws = payload.get("draws")
    if draws is not None and not isinstance(draws, dict):
        raise CommandError(say("draws must be an object."))
    for key, value in (draws or {}).items():
        if not _flat(value):
            raise CommandError(say("draws.{key} has the wrong shape.", key=str(key)[:40]))


def _flat(value: Any, depth: int = 0) -> bool:
    """A draw is ids, lists of ids, or objects of those, at most three levels deep."""
    if isinstance(value, str):
        return len(value) <= 40
    if value is None:
        return True
    if depth >= 3:
        return False
    if isinstance(value, list):
        return len(value) <= 60 and all(_flat(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= 20 and all(_flat(v, depth + 1) for v in value.values())
    return False


def parse_setup(payload: dict[str, Any]) -> Setup:
    """The Setup record of a setup payload (see docs/commands.md); CommandError if malformed."""
    _check_shape(payload)
    mode = payload.get("mode", "introductory")
    if mode not in ("introductory", "full"):
        raise CommandError(
            say(
                "Unknown setup mode {mode}: use 'introductory' or 'full'.",
                mode=repr(mode),
            ),
        )
    deals = payload.get("deals", "app")
    if deals not in ("app", "table"):
        raise CommandError(say("Unknown deals {deals}: use 'app' or 'table'.", deals=repr(deals)))
    raw_seats = payload.get("seats") or []
    if not 2 <= len(raw_seats) <= 4:
        raise RuleViolation(
            "player_count", say("Barrage is played by 2, 3 or 4 players (Automas count).")
        )
    seats = []
    for raw in raw_seats:
        kind = raw.get("kind", "human")
        if kind not in ("human", "automa"):
            raise CommandError(
                say(
                    "Unknown seat kind {kind}: use 'human' or 'automa'.",
                    kind=repr(kind),
                ),
            )
        seats.append(
            Seat(
                company=raw.get("company") or "",
                officer=raw.get("officer"),
                kind=kind,
                automa_level=int(raw.get("automa_level") or (1 if kind == "automa" else 0)),
                name=raw.get("name") or "",
            )
        )
    if not any(s.kind == "human" for s in seats):
        raise RuleViolation("no_human", say("At least one seat must be played by a person."))
    expansion = bool(payload.get("expansion", False))
    companies = [s.company for s in seats if s.company]
    for company in companies:
        if company not in company_pool(expansion):
            if company in catalog.COMPANIES:
                raise RuleViolation(
                    "expansion_company",
                    say(
                        "{company} comes with The Leeghwater Project: switch the expansion on to "
                        "play it.",
                        company=catalog.company_name(company),
                    ),
                )
            raise CommandError(say("Unknown company {company}.", company=repr(company)))
    if len(set(companies)) != len(companies):
        raise RuleViolation("company_twice", say("Each company can be played by one seat only."))
    rules = payload.get("rules", 1)
    if isinstance(rules, bool) or not isinstance(rules, int) or not 1 <= rules <= CURRENT_RULES:
        raise CommandError(say("rules is 1 to {current_rules}.", current_rules=CURRENT_RULES))
    return Setup(
        mode=mode,
        seats=seats,
        deals=deals,
        seed=int(payload.get("seed") or 0),
        expansion=expansion,
        rules=rules,
    )


def company_pool(expansion: bool) -> tuple[str, ...]:
    """The company boards to draw or choose from: the Netherlands joins with the expansion
    (expansion rulebook, Choosing the Companies; still at most 4 seats)."""
    return catalog.EXPANSION_COMPANIES if expansion else catalog.BASE_COMPANIES


def officer_pool(expansion: bool) -> tuple[str, ...]:
    """The Executive Officers in the draw: the 4 new ones join with the expansion (S7)."""
    return catalog.EXPANSION_OFFICERS if expansion else catalog.BASE_OFFICERS


def _check_drawable(
    what: str,
    given: list[str],
    pool: list[str],
    k: int,
    name: Callable[[str], str] = str,
    gone: str = say("it is not in that pile any more"),
) -> list[str]:
    """Accept a table draw only if it names `k` distinct tiles that can still be drawn."""
    if len(given) != k:
        raise RuleViolation(
            "table_draw",
            say(
                "The table must draw {k} {what}; {count} given.",
                k=k,
                what=what,
                count=len(given),
            ),
        )
    if len(set(given)) != len(given):
        raise RuleViolation(
            "table_draw",
            say(
                "The same tile cannot be drawn twice as {what}.",
                what=what,
            ),
        )
    for tile in given:
        if tile not in pool:
            raise RuleViolation(
                "table_draw",
                say(
                    "{tile} cannot be drawn as {what}: {gone}.",
                    tile=name(tile),
                    what=what,
                    gone=gone,
                ),
            )
    return list(given)


def _draw(
    dealer: Dealer, draws: dict[str, Any], key: str, what: str, pool: list[str], k: int
) -> list[str]:
    if key in draws and draws[key] is not None:
        return _check_drawable(what, list(draws[key]), pool, k)
    return dealer.sample(pool, k)


def _starting_contracts(dealer: Dealer, draws: dict[str, Any], k: int) -> list[str]:
    """One Starting Contract per human seat (Full Game Player Setup, p. 9)."""
    pool = list(catalog.STARTING_CONTRACTS)
    return _draw(dealer, draws, "starting_contracts", say("Starting Contracts"), pool, k)


# -- board setup ---------------------------------------------------------------------------


def _headstreams(dealer: Dealer, draws: dict[str, Any]) -> dict[str, str]:
    given = draws.get("headstreams")
    letters = ["A", "B", "C", "D"]
    if given:
        tiles = _check_drawable(
            say("headstream tiles"),
            [given[x] for x in letters if x in given],
            list(catalog.HEADSTREAM_TILES),
            4,
        )
    else:
        tiles = dealer.sample(list(catalog.HEADSTREAM_TILES), 4)
    return dict(zip(letters, tiles, strict=True))


def _neutral_dams(dealer: Dealer, draws: dict[str, Any]) -> list[str]:
    """One Neutral Dam setup tile from each pile (General Setup, p. 7)."""
    given = draws.get("neutral_dams")
    if given:
        _check_drawable(say("neutral dam tiles"), list(given), list(catalog.NEUTRAL_DAM_TILES), 3)
        piles = sorted(catalog.NEUTRAL_DAM_TILES[t].pile for t in given)
        if piles != sorted(NEUTRAL_PILES):
            raise RuleViolation(
                "table_draw",
                say("Draw one Neutral Dam tile from each pile: Mountains, Hills, Plains."),
            )
        return list(given)
    tiles = []
    for pile in NEUTRAL_PILES:
        pool = [t for t, tile in catalog.NEUTRAL_DAM_TILES.items() if tile.pile == pile]
        tiles += dealer.sample(pool, 1)
    return tiles


def _contracts(
    dealer: Dealer, draws: dict[str, Any], deals: str
) -> tuple[dict[str, list[str]], dict[str, list[str | None]]]:
    """Private contract piles shuffled and two face up each (General Setup, p. 7)."""
    piles: dict[str, list[str]] = {}
    offer: dict[str, list[str | None]] = {}
    given = draws.get("contract_offer") or {}
    for pile in CONTRACT_PILES:
        pool = list(catalog.PRIVATE_CONTRACTS[pile])
        if pile in given:
            up = _check_drawable(PILE_CONTRACTS[pile], list(given[pile]), pool, 2)
            rest = [c for c in pool if c not in up]
            rest = sorted(rest) if deals == "table" else dealer.shuffled(rest)
        else:
            order = dealer.shuffled(pool)
            up, rest = order[:2], order[2:]
            if deals == "table":
                rest = sorted(rest)
        piles[pile] = rest
        offer[pile] = list(up)
    return piles, offer


def _patents(
    dealer: Dealer, draws: dict[str, Any], deals: str, expansion: bool = False
) -> tuple[dict[str, list[str]], list[str | None]]:
    """Advanced Technology piles I/II/III shuffled, three face up from pile I (p. 7).

    With the expansion the 3 Building tiles join and one random tile of each pile goes back
    to the box unseen (S5, X23): the app boxes it; the table may name it in
    `draws["advanced_boxed"]`, else it stays unknown (`leeghwater["patent_unseen"]`).
    """
    piles: dict[str, list[str]] = {}
    tiles = catalog.EXPANSION_ADVANCED_TILES if expansion else catalog.BASE_ADVANCED_TILES
    boxed = _boxed_advanced(dealer, draws, deals, expansion)
    for level, pile in enumerate(PATENT_PILES, start=1):
        pool = [t for t in tiles if catalog.ADVANCED_TILES[t].level == level and t not in boxed]
        piles[pile] = sorted(pool) if deals == "table" else dealer.shuffled(pool)
    given = draws.get("patent_offer")
    if given:
        up = _check_drawable(say("Advanced Technology tiles"), list(given), piles["I"], 3)
    else:
        up = dealer.sample(piles["I"], 3) if deals == "table" else piles["I"][:3]
    piles["I"] = [t for t in piles["I"] if t not in up]
    return piles, list(up)


def _boxed_advanced(
    dealer: Dealer, draws: dict[str, Any], deals: str, expansion: bool
) -> list[str]:
    """The one Advanced tile per pile that goes back to the box (S5); [] when unknown."""
    if not expansion:
        return []
    given = draws.get("advanced_boxed")
    boxed: list[str] = []
    for level, pile in enumerate(PATENT_PILES, start=1):
        pool = [
            t for t in catalog.EXPANSION_ADVANCED_TILES if catalog.ADVANCED_TILES[t].level == level
        ]
        if given:
            named = [t for t in given if t in pool]
            what = say("the boxed tile of pile {pile}", pile=pile)
            boxed += _check_drawable(what, named, pool, 1)
        elif deals == "app":
            boxed += dealer.sample(pool, 1)
    if given and len(boxed) != len(given):
        raise RuleViolation("table_draw", say("Box exactly one Advanced tile from each pile."))
    return boxed


def _external_works(
    dealer: Dealer, draws: dict[str, Any], deals: str
) -> tuple[dict[str, list[str]], list[str | None]]:
    """Piles A/B/C shuffled face down; the top 3 of pile A face up (S2)."""
    piles: dict[str, list[str]] = {}
    for pile in catalog.EXTERNAL_WORK_PILES:
        pool = [t for t, w in catalog.EXTERNAL_WORKS.items() if w.pile == pile]
        piles[pile] = sorted(pool) if deals == "table" else dealer.shuffled(pool)
    given = draws.get("external_offer")
    if given:
        up = _check_drawable(say("External Works from pile A"), list(given), piles["A"], 3)
    else:
        up = dealer.sample(piles["A"], 3) if deals == "table" else piles["A"][:3]
    piles["A"] = [t for t in piles["A"] if t not in up]
    return piles, list(up)


def leeghwater_board(
    setup: Setup, draws: dict[str, Any], dealer: Dealer, boxed_known: bool
) -> dict[str, Any]:
    """The Extra Management board (S2, S3, S10): External Works, 5 Private Buildings and
    their building spaces, blocked by player count (ruling L8; Automas count, ruling R20)."""
    piles, offer = _external_works(dealer, draws, setup.deals)
    tiles = _draw(
        dealer,
        draws,
        "private_buildings",
        say("Private Building tiles"),
        list(catalog.PRIVATE_BUILDINGS),
        catalog.PRIVATE_BUILDINGS_USED,
    )
    open_spaces = leeghwater.open_building_spaces(len(setup.seats))
    spaces = {
        t: [None if s.index in open_spaces else leeghwater.BLOCKED for s in catalog.BUILDING_SPACES]
        for t in tiles
    }
    unseen = 0 if boxed_known or setup.mode != "full" else 1
    return {
        "external_piles": piles,
        "external_offer": offer,
        "external_taken": {},
        "buildings": tiles,
        "building_spaces": spaces,
        "left_closed": [],
        "patent_unseen": {p: unseen for p in PATENT_PILES},
    }


def board_snapshot(setup: Setup, draws: dict[str, Any], dealer: Dealer) -> dict[str, Any]:
    """Everything on the table before the players choose: tiles, neutral dams, contracts."""
    n = len(setup.seats)
    full = setup.mode == "full"
    bonus_tiles = catalog.ALL_BONUS_TILES if setup.expansion else catalog.BONUS_TILES  # S4
    bonus_pool = [b for b in bonus_tiles if full or b != INTRO_REMOVED_BONUS]
    snap: dict[str, Any] = {
        "headstream_tiles": _headstreams(dealer, draws),
        "bonus_tiles": _draw(dealer, draws, "bonus_tiles", say("Bonus tiles"), bonus_pool, 5),
        "objective": _draw(
            dealer, draws, "objective", say("Objective tile"), list(catalog.OBJECTIVE_TILES), 1
        )[0]
        if not isinstance(draws.get("objective"), str)
        else _check_drawable(
            say("Objective tile"), [draws["objective"]], list(catalog.OBJECTIVE_TILES), 1
        )[0],
        # ruling R26: players - 1, Automas included
        "national_contracts": _draw(
            dealer,
            draws,
            "national_contracts",
            say("national contracts"),
            list(catalog.NATIONAL_CONTRACTS),
            n - 1,
        ),
        "neutral_dam_tiles": _neutral_dams(dealer, draws),
    }
    snap["contract_piles"], snap["contract_offer"] = _contracts(dealer, draws, setup.deals)
    if full:
        snap["patent_piles"], snap["patent_offer"] = _patents(
            dealer, draws, setup.deals, setup.expansion
        )
    else:
        snap["patent_piles"], snap["patent_offer"] = {"I": [], "II": [], "III": []}, []
    # ruling R20: Automas count; spaces marked for more players get the unused colours' engineers
    snap["occupied"] = {
        space.id: "blocked"
        for space in catalog.MANAGEMENT_SPACES.values()
        if n not in space.players
    }
    if setup.expansion:
        boxed_known = setup.deals == "app" or bool(draws.get("advanced_boxed"))
        snap["leeghwater"] = leeghwater_board(setup, draws, dealer, boxed_known)
    return snap


@applies("game_set_up")
def _game_set_up(state: GameState, e: Event) -> None:
    setup = e["setup"]
    state.setup = Setup(
        mode=setup["mode"],
        seats=[Seat(**s) for s in setup["seats"]],
        deals=setup["deals"],
        seed=setup["seed"],
        expansion=setup.get("expansion", False),
        rules=setup.get("rules", 1),
    )
    board = e["board"]
    state.headstream_tiles = dict(board["headstream_tiles"])
    state.bonus_tiles = list(board["bonus_tiles"])
    state.objective = board["objective"]
    state.national_contracts = list(board["national_contracts"])
    state.neutral_dam_tiles = list(board["neutral_dam_tiles"])
    for tile_id in state.neutral_dam_tiles:
        tile = catalog.NEUTRAL_DAM_TILES[tile_id]
        state.dams[tile.dam_space] = Dam(owner=NEUTRAL, level=tile.level, drops=tile.initial_drops)
    state.contract_piles = {k: list(v) for k, v in board["contract_piles"].items()}
    state.contract_offer = {k: list(v) for k, v in board["contract_offer"].items()}
    state.patent_piles = {k: list(v) for k, v in board["patent_piles"].items()}
    state.patent_offer = list(board["patent_offer"])
    state.occupied = dict(board["occupied"])
    state.leeghwater = copy.deepcopy(board.get("leeghwater") or {})
    state.rng_counter = e["rng_counter"]
    state.phase = "setup"
    state.round = 1


# -- players -------------------------------------------------------------------------------


AUTOMA_OFFICER_LEVEL = 4
# "Overpowered": the Automa gets an Executive Officer; with the expansion the 4 new ones too
AUTOMA_EXPANSION_OFFICERS = (
    "leslie_spencer",
    "margot_fouche",
    "simone_luciani",
    "tommaso_battista",
)


def automa_officers(setup: Setup, dealer: Dealer, taken: list[str]) -> dict[str, str]:
    """Officers of level-4 Automa seats (automa.md §2.2): the seat's own, else one dealt."""
    seats = [
        i
        for i, s in enumerate(setup.seats)
        if s.kind == "automa" and s.automa_level >= AUTOMA_OFFICER_LEVEL
    ]
    given = {i: str(setup.seats[i].officer) for i in seats if setup.seats[i].officer}
    used = _check_officers([*taken, *given.values()], setup.expansion)
    # the Automa's officer powers (automa.md §2.2): the base officers, and with the expansion
    # the four new officers
    automated = [*catalog.BASE_OFFICERS, *(AUTOMA_EXPANSION_OFFICERS if setup.expansion else ())]
    pool = [o for o in automated if o not in used]
    dealt = dealer.sample(pool, len(seats) - len(given))
    return {str(i): given.get(i) or dealt.pop(0) for i in seats}


def _check_officers(officers: list[str], expansion: bool = False) -> set[str]:
    """The officers chosen for the seats, each a known one and played by one seat only."""
    for officer in officers:
        if officer not in officer_pool(expansion):
            if officer in catalog.OFFICERS:
                raise RuleViolation(
                    "expansion_officer",
                    say(
                        "{name} comes with The Leeghwater Project: switch the expansion on to "
                        "play this officer.",
                        name=catalog.OFFICERS[officer].name,
                    ),
                )
            raise CommandError(say("Unknown Executive Officer {officer}.", officer=repr(officer)))
    if len(set(officers)) != len(officers):
        raise RuleViolation(
            "officer_twice", say("Each Executive Officer can be played by one seat only.")
        )
    return set(officers)


def player_record(
    company: str,
    seat: Seat,
    officer: str | None,
    contract: str | None,
    mode: str,
    expansion: bool = False,
) -> dict[str, Any]:
    """A company's starting components (p. 8; automa.md §1.2) as PlayerState data; with the
    expansion the basic Building tile and Leslie Spencer's special tile (S8, S9)."""
    automa = seat.kind == "automa"
    if automa and seat.automa_level < AUTOMA_OFFICER_LEVEL:
        officer = None  # an Automa plays an officer only at level 4 (automa.md §2.2)
    tiles = list(catalog.PLAYER_START["basic_technology_tiles"][mode])
    if expansion:
        tiles.append(catalog.BUILDING)
    if officer == ANTON:
        tiles.append(catalog.ANTON_TILE)
    if officer == LESLIE:
        tiles.append(LESLIE_TILE)
    credits = 0 if automa else (MAHIRI_CREDITS if officer == MAHIRI else 6)
    player = PlayerState(
        company=company,
        officer=officer,
        kind=seat.kind,
        automa_level=seat.automa_level,
        name=seat.name,
        vp=0,  # the starting VP are scored with a ledger line ("start")
        credits=credits,
        tiles=tiles,
        contracts=[contract] if contract and not automa else [],
    )
    data = asdict(player)
    data.pop("ledger")
    data.pop("wheel")
    return data


def introductory_players(setup: Setup) -> tuple[list[dict[str, Any]], list[str]]:
    """Fixed companies, officers and starting contracts (p. 8), Automas first (ruling A11)."""
    records = []
    free = [row for row in INTRO_ORDER if row[0] not in {s.company for s in setup.seats}]
    by_company = {row[0]: row for row in INTRO_ORDER}
    for seat in setup.seats:
        if seat.company and seat.company not in by_company:
            # the Introductory Player Setup table (p. 8) has no column for the Netherlands
            raise RuleViolation(
                "introductory_company",
                say(
                    "The introductory game has columns for USA, Germany, Italy and France only "
                    "(p. 8): {company} is played in the full game.",
                    company=catalog.COMPANIES[seat.company].name,
                ),
            )
        row = by_company[seat.company] if seat.company else free.pop(0)
        seat.company = row[0]
        records.append(player_record(row[0], seat, row[1], row[2], "introductory", setup.expansion))
    column = {row[0]: i for i, row in enumerate(INTRO_ORDER)}
    automas = [s.company for s in setup.seats if s.kind == "automa"]
    humans = sorted((s.company for s in setup.seats if s.kind == "human"), key=column.__getitem__)
    return records, automas + humans


@applies("players_seated")
def _players_seated(state: GameState, e: Event) -> None:
    state.players = {}
    for data in copy.deepcopy(e["players"]):
        state.players[data["company"]] = PlayerState(**data)
    state.turn_order = list(e["turn_order"])
    state.setup.seats = [Seat(**s) for s in e["seats"]]


def seat_players(rec: Recorder, records: list[dict[str, Any]], turn_order: list[str]) -> None:
    """Seat every company and score its starting VP (ledger category "start")."""
    seats = [asdict(s) for s in rec.state.setup.seats]
    by_company = {r["company"]: r for r in records}
    for seat, record in zip(seats, records, strict=True):
        seat["company"] = record["company"]
        seat["officer"] = record["officer"]
    rec.emit(
        "players_seated",
        say("Each player takes their company's components."),
        players=[by_company[c] for c in [r["company"] for r in records]],
        turn_order=turn_order,
        seats=seats,
    )
    for company in turn_order:
        start = AUTOMA_START_VP if rec.state.players[company].is_automa else HUMAN_START_VP
        score_vp(rec, company, start, "start", say("Starting Victory Points"), source("start"))


# -- full setup: the draft (p. 9) ----------------------------------------------------------


def full_draft(rec: Recorder, setup: Setup, draws: dict[str, Any], dealer: Dealer) -> None:
    """Companies paired with officers and starting contracts on the table; humans pick in turn.

    Automa seats take a company of their own (given or drawn, automa.md §1.2), no officer and
    no starting contract; the humans then select company+officer+contract in seat order.
    """
    n = len(setup.seats)
    humans = [i for i, s in enumerate(setup.seats) if s.kind == "human"]
    fixed = [s.company for s in setup.seats if s.kind == "automa" and s.company]
    pool = [c for c in company_pool(setup.expansion) if c not in fixed]
    need = n - len(fixed)
    if draws.get("companies"):
        companies = _check_drawable(
            say("company boards"),
            list(draws["companies"]),
            pool,
            need,
            catalog.company_name,
            say("an Automa already plays it, or it is not a company of this game")
            if setup.expansion
            else say("an Automa already plays it, or it is not a base-game company"),
        )
    else:
        companies = dealer.sample(pool, need)
    automa_seats = [i for i, s in enumerate(setup.seats) if s.kind == "automa"]
    automa_company: dict[int, str] = {}
    for i in automa_seats:
        automa_company[i] = setup.seats[i].company or companies.pop()
    # an officer the table gave a level-4 Automa seat is not laid out for the humans
    automa_given = {
        s.officer
        for s in setup.seats
        if s.kind == "automa" and s.automa_level >= AUTOMA_OFFICER_LEVEL and s.officer
    }
    offered = [o for o in officer_pool(setup.expansion) if o not in automa_given]
    officers = _draw(
        dealer, draws, "officers", say("Executive Officer tiles"), offered, len(humans)
    )
    contracts = _starting_contracts(dealer, draws, len(humans))
    pairs = [{"company": c, "officer": o} for c, o in zip(companies, officers, strict=True)]
    automa_officer = automa_officers(setup, dealer, officers)
    rec.emit(
        "draft_opened",
        say("Company boards with Executive Officers and Starting Contracts are laid out."),
        pairs=pairs,
        contracts=contracts,
        order=humans,
        automa_company={str(k): v for k, v in automa_company.items()},
        automa_officer=automa_officer,
        rng_counter=dealer.counter,
    )
    for pick in draws.get("picks") or []:  # the table's picks given with the setup
        apply_pick(rec, dict(pick))
    continue_draft(rec)


def apply_pick(rec: Recorder, answer: dict[str, Any]) -> None:
    """Record one draft pick {company, contract} of the next seat in selection order (p. 9)."""
    draft = rec.state.draft
    if len(draft["picks"]) >= len(draft["order"]):
        raise RuleViolation("draft", say("Every player has already picked."))
    pairs = {p["company"]: p["officer"] for p in draft["pairs"]}
    company, contract = answer.get("company"), answer.get("contract")
    if company not in pairs:
        board = catalog.company_name(company)
        raise RuleViolation(
            "draft",
            say(
                "{board} is not one of the company boards still on offer.",
                board=board,
            ),
        )
    if contract not in draft["contracts"]:
        raise RuleViolation(
            "draft",
            say(
                "{contract} is not one of the Starting Contracts still on offer.",
                contract=contract,
            ),
        )
    rec.emit(
        "draft_picked",
        say(
            "{company} with {officer} and Starting Contract {contract} chosen.",
            company=company,  # the ids, as the stored logs have them (test_legacy_logs)
            officer=pairs[company],
            contract=contract,
        ),
        seat=draft["order"][len(draft["picks"])],
        company=company,
        officer=pairs[company],
        contract=contract,
    )


def ask_next_pick(rec: Recorder) -> None:
    draft = rec.state.draft
    seat_index = draft["order"][len(draft["picks"])]
    seat = rec.state.setup.seats[seat_index]
    label = seat.name or say("Seat {n}", n=seat_index + 1)
    ask(
        rec,
        "draft_pick",
        None,
        say(
            "{seat}: choose a company with its Executive Officer and a Starting Contract.",
            seat=label,
        ),
        seat=seat_index,
        pairs=draft["pairs"],
        contracts=draft["contracts"],
        answers=[
            {"company": p["company"], "contract": c}
            for p in draft["pairs"]
            for c in draft["contracts"]
        ],
    )


@applies("draft_opened")
def _draft_opened(state: GameState, e: Event) -> None:
    state.draft = {
        "pairs": list(e["pairs"]),
        "contracts": list(e["contracts"]),
        "order": list(e["order"]),
        "automa_company": dict(e["automa_company"]),
        "automa_officer": dict(e.get("automa_officer") or {}),
        "picks": [],
    }
    state.rng_counter = e["rng_counter"]


@applies("draft_picked")
def _draft_picked(state: GameState, e: Event) -> None:
    draft = state.draft
    draft["pairs"] = [p for p in draft["pairs"] if p["company"] != e["company"]]
    draft["contracts"] = [c for c in draft["contracts"] if c != e["contract"]]
    draft["picks"].append(
        {
            "seat": e["seat"],
            "company": e["company"],
            "officer": e["officer"],
            "contract": e["contract"],
        }
    )


@resolves("draft_pick")
def resolve_draft_pick(rec: Recorder, decision: Decision, answer: Answer) -> None:
    """A player picks a company+officer pair and a Starting Contract (Full Game Setup, p. 9).

    The decision offers what is left in the draft, so apply_pick's checks are the answer's.
    """
    rec.emit("decision_resolved", say("Draft pick made."))
    apply_pick(rec, {"company": answer.company, "contract": answer.contract})
    continue_draft(rec)


def continue_draft(rec: Recorder) -> None:
    """Ask the next seat to pick, or seat everyone once all have picked."""
    draft = rec.state.draft
    if len(draft["picks"]) < len(draft["order"]):
        ask_next_pick(rec)
    else:
        finish_draft(rec)


def finish_draft(rec: Recorder) -> None:
    """Seat everyone; turn order reverses the selection order, Automas first (p. 9, A11)."""
    state = rec.state
    setup = state.setup
    draft = state.draft
    picks = {p["seat"]: p for p in draft["picks"]}
    records = []
    automas = []
    for i, seat in enumerate(setup.seats):
        if seat.kind == "automa":
            company = draft["automa_company"][str(i)]
            automas.append(company)
            officer = draft.get("automa_officer", {}).get(str(i))
            records.append(player_record(company, seat, officer, None, setup.mode, setup.expansion))
        else:
            pick = picks[i]
            records.append(
                player_record(
                    pick["company"],
                    seat,
                    pick["officer"],
                    pick["contract"],
                    setup.mode,
                    setup.expansion,
                )
            )
    humans = [picks[i]["company"] for i in reversed(draft["order"])]
    rec.emit("draft_closed", say("The draft is over."))
    seat_players(rec, records, automas + humans)


@applies("draft_closed")
def _draft_closed(state: GameState, e: Event) -> None:
    state.draft = {}


def set_up(rec: Recorder, payload: dict[str, Any]) -> None:
    """Deal the whole setup; the full game then waits for the draft (pending `draft_pick`)."""
    setup = parse_setup(payload)
    draws = dict(payload.get("draws") or {})
    dealer = Dealer(setup.seed)
    board = board_snapshot(setup, draws, dealer)
    introductory = setup.mode == "introductory"
    if introductory:  # before the event: it gives the seats their companies
        records, order = introductory_players(setup)
    rec.emit(
        "game_set_up",
        say("The table is set up (General Setup, p. 6-7)."),
        setup=asdict(setup),
        board=board,
        rng_counter=dealer.counter,
    )
    if introductory:
        seat_players(rec, records, order)
    elif all(s.company and s.officer for s in setup.seats if s.kind == "human"):
        seat_players(rec, *chosen_players(setup, payload, draws, dealer))
    else:
        full_draft(rec, setup, draws, dealer)


def chosen_players(
    setup: Setup, payload: dict[str, Any], draws: dict[str, Any], dealer: Dealer
) -> tuple[list[dict[str, Any]], list[str]]:
    """Full game whose table already chose every company and officer (no draft to record).

    Starting Contracts: each seat's `contract`, else `draws["starting_contracts"]` in seat
    order, else dealt. Seat order is the selection order, so the turn order reverses it
    (p. 9); Automas first (ruling A11).
    """
    humans = [i for i, s in enumerate(setup.seats) if s.kind == "human"]
    officers = [str(setup.seats[i].officer) for i in humans]
    _check_officers(officers, setup.expansion)
    raw = payload.get("seats") or []
    given = [raw[i].get("contract") for i in humans]
    if all(given):
        contracts = _check_drawable(
            say("Starting Contracts"), given, list(catalog.STARTING_CONTRACTS), len(humans)
        )
    else:
        contracts = _starting_contracts(dealer, draws, len(humans))
    taken = {s.company for s in setup.seats if s.company}
    pool = [c for c in company_pool(setup.expansion) if c not in taken]
    free = dealer.sample(pool, sum(1 for seat in setup.seats if not seat.company))
    records, automas = [], []
    contract_of = dict(zip(humans, contracts, strict=True))
    automa_officer = automa_officers(setup, dealer, officers)
    for i, seat in enumerate(setup.seats):
        if not seat.company:
            seat.company = free.pop(0)
        if seat.kind == "automa":
            automas.append(seat.company)
            officer = automa_officer.get(str(i))
            records.append(
                player_record(seat.company, seat, officer, None, setup.mode, setup.expansion)
            )
        else:
            records.append(
                player_record(
                    seat.company, seat, seat.officer, contract_of[i], setup.mode, setup.expansion
                )
            )
    order = automas + [setup.seats[i].company for i in reversed(humans)]
    return records, order
