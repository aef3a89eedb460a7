"""The Construction action: costs, placement legality, the wheel, income revealed by pieces.

Rulebook: Construction Action (pp. 13-15), costs (p. 14), Income (p. 12), Appendix 3
(officers), Appendix 4 (advanced tiles); facts in companies.md §1-3. Steps of one action:

1. Engineers on the leftmost free construction space of the company board (1/2/3/3; the 4th
   space also costs 3 Credits) — skipped by the engineer-free tiles (L1_POWERHOUSE, L3_BASE);
2. the technology tile goes into the open segment of the wheel, 3. with the Machineries;
4. the wheel turns 1 segment; 5. the leftmost piece goes on a legal free space (+3 Credits
for a Base or Powerhouse on a red-bordered space); 6. a revealed income pays at once;
7. an advanced tile's special effect (advanced.py).

Everything is validated before the first event, so a refused command changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine import advanced, counts, levels, officers
from companion.engine.board import SPACES, Space
from companion.engine.catalog import (
    ABILITY_FROM_POWERHOUSES,
    ADVANCED_TILES,
    ANTON_TILE,
    COMPANIES,
    CONSTRUCTION_SPACES,
    INCOME_SLOTS,
    POWERHOUSE_BONUS_BY_BUILT,
    STRUCTURE_NAMES,
    company_name,
    tile_structures,
)
from companion.engine.commands import Build
from companion.engine.economy import can_pay_credits, pay_credits, source
from companion.engine.errors import RuleViolation
from companion.engine.events import Event, Recorder, applies
from companion.engine.hooks import HOOKS
from companion.engine.officers import Payment
from companion.engine.state import NEUTRAL, PIECES_PER_COMPANY, Dam, GameState
from companion.engine.wheel import load_wheel, rotate_wheel, tiles_on_wheel
from companion.engine.words import say

BASE_EXCAVATORS = {"mountains": 5, "hills": 4, "plains": 3}
ELEVATION_MIXERS = {"mountains": 4, "hills": 3, "plains": 2}
CONDUIT_EXCAVATORS_PER_VALUE = 2
POWERHOUSE_MIXERS_FIRST = 2
RED_BORDER_CREDITS = 3
ENGINEER_FREE_EFFECTS = ("no_engineers", "no_engineers_no_excavators")  # Appendix 4
MAX_DAM_LEVEL = 3
AREA_NAMES = {"mountains": say("Mountains"), "hills": say("Hills"), "plains": say("Plains")}
ORDINALS = counts.ORDINALS

# -- small reads ---------------------------------------------------------------------------


def revealed_income_rewards(
    state: GameState, company: str
) -> list[tuple[str, list[dict[str, Any]]]]:
    """The income slots uncovered so far, as (source, rewards) for the Income phase (p. 12)."""
    player = state.players[company]
    incomes = COMPANIES[company].incomes
    out: list[tuple[str, list[dict[str, Any]]]] = []
    for structure in ("base", "elevation", "conduit"):
        for slot in INCOME_SLOTS:
            if player.built[structure] >= slot and slot in incomes.get(structure, {}):
                rewards = [dict(r) for r in incomes[structure][slot]]
                out.append((f"income:{structure}:{slot}", rewards))
    return out


def next_construction_space(state: GameState, company: str) -> int | None:
    """Index (0-3) of the leftmost free construction space on the company board, or None."""
    used = state.players[company].constructions_this_round
    return used if used < len(CONSTRUCTION_SPACES) else None


def _name(structure: str) -> str:
    return STRUCTURE_NAMES[structure]


# -- costs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cost:
    """What one structure costs: the plain Machineries, the red-border Credits, the payments.

    `payments` lists every legal way to pay the Machineries (the plain one first), after
    officer and tile modifiers (Jill, Solomon, L2_ANY).
    """

    excavators: int
    mixers: int
    credits_red_border: int
    payments: tuple[Payment, ...]
    text: str  # "A Base costs 5 Excavators in the Mountains"

    @property
    def plain(self) -> Payment:
        return self.payments[0]


def effective_tile(tile: str | None, copies: str | None) -> str | None:
    """The tile whose structure and special effect apply: Anton's tile takes the copied one."""
    if tile == ANTON_TILE or tile is None:
        return copies
    return tile


def tile_cost_effect(tile: str | None) -> tuple[str, dict[str, Any]]:
    """The cost-changing effect of an Advanced Technology tile, read from the tile data
    (Appendix 4): its effect id and parameters; ("", {}) for any other tile. The one place
    people's and the Automa's construction costs learn what a tile changes."""
    advanced_tile = ADVANCED_TILES.get(tile) if tile is not None else None
    if advanced_tile is None:
        return "", {}
    return advanced_tile.effect, dict(advanced_tile.params)


def _plain_cost(
    state: GameState, company: str, structure: str, space: Space, tile: str | None
) -> tuple[int, int, str]:
    player = state.players[company]
    effect, params = tile_cost_effect(tile)
    if structure == "base":
        printed = BASE_EXCAVATORS[space.area]
        excavators = officers.base_excavators(state, company, printed)
        if effect == "no_engineers_no_excavators" and not params.get("excavators_required"):
            return 0, 0, say("A Base with the level III Base tile needs no Excavators")
        if excavators != printed:
            return excavators, 0, say("Your Base costs 3 Excavators (Wilhelm Adler)")
        return (
            excavators,
            0,
            say(
                "A Base costs {n} Excavators in the {area}",
                n=excavators,
                area=AREA_NAMES[space.area],
            ),
        )
    if structure == "elevation":
        mixers = ELEVATION_MIXERS[space.area]
        return (
            0,
            mixers,
            say(
                "An Elevation costs {n} Concrete Mixers in the {area}",
                n=mixers,
                area=AREA_NAMES[space.area],
            ),
        )
    if structure == "conduit":
        excavators = CONDUIT_EXCAVATORS_PER_VALUE * space.value
        text = say(
            "A Conduit of value {value} costs {n} Excavators", value=space.value, n=excavators
        )
        if effect == "cap_conduit_cost" and excavators >= int(params["applies_if_cost_at_least"]):
            cap = int(params["cap_excavators"])  # Appendix 4: 6+ Excavators cost 5
            return cap, 0, say("{cost}, {n} with the level II Conduit tile", cost=text, n=cap)
        return excavators, 0, text
    built = player.built["powerhouse"]
    mixers = POWERHOUSE_MIXERS_FIRST + built
    return (
        0,
        mixers,
        say(
            "Your {ordinal} Powerhouse costs {n} Concrete Mixers",
            ordinal=ORDINALS[built + 1],
            n=mixers,
        ),
    )


def red_border_credits(structure: str, space: Space, tile: str | None) -> int:
    """+3 Credits for a Base or Powerhouse on a red-bordered space, never an Elevation (p. 14).

    The level I "any" tile waives it (the 4th construction space's 3 Credits stay due).
    """
    waived = tile_cost_effect(tile)[0] == "waive_red_border_surcharge"
    if structure in ("base", "powerhouse") and space.red_bordered and not waived:
        return RED_BORDER_CREDITS
    return 0


def structure_cost(
    state: GameState,
    company: str,
    structure: str,
    space: str,
    tile: str | None,
) -> Cost:
    """The cost of building `structure` on `space` with (effective) `tile` (p. 14, App. 3-4)."""
    sp = SPACES[space]
    excavators, mixers, text = _plain_cost(state, company, structure, sp, tile)
    pairs: list[tuple[int, int]] = [(excavators, mixers)]
    if structure == "conduit":
        pairs += officers.conduit_alternatives(state, company, sp.value)
    if tile_cost_effect(tile)[0] == "machinery_interchangeable":  # any combination
        for e, m in list(pairs):
            total = e + m
            pairs += [(k, total - k) for k in range(total + 1)]
    unique = [Payment(e, m) for e, m in dict.fromkeys(pairs)]  # plain first, no repeats
    payments = officers.with_credit_substitution(state, company, unique)
    return Cost(
        excavators=excavators,
        mixers=mixers,
        credits_red_border=red_border_credits(structure, sp, tile),
        payments=tuple(payments),
        text=text,
    )


# -- placement legality --------------------------------------------------------------------


def placement_error(state: GameState, company: str, structure: str, space: str) -> str | None:
    """Why `structure` cannot go on `space` for `company` (p. 14 limits), or None if it can."""
    player = state.players[company]
    if player.built[structure] >= PIECES_PER_COMPANY[structure]:
        return _all_built(structure)
    sp = SPACES.get(space)
    if sp is None:
        return say("There is no building space {space} on the map.", space=space)
    if structure == "elevation":
        return _elevation_error(state, company, space)
    wanted = "dam" if structure == "base" else structure
    if sp.kind != wanted:
        return _wrong_kind(space, sp.kind, structure)
    if structure == "base":
        if space in state.dams:
            return say("The dam space {space} is already taken.", space=space)
        if _owns_in_basin(state, company, "dam", sp.basin):
            return say(
                "You already have a Base in basin {basin}: one Base per company per basin.",
                basin=sp.basin,
            )
    elif structure == "conduit":
        if space in state.conduits:
            return say("The conduit space {space} is already taken.", space=space)
    else:
        if space in state.powerhouses:
            return say("The powerhouse space {space} is already taken.", space=space)
        if _owns_in_basin(state, company, "powerhouse", sp.basin):
            return say(
                "You already have a Powerhouse in basin {basin}: one Powerhouse per company per "
                "basin.",
                basin=sp.basin,
            )
    return None


def _all_built(structure: str) -> str:
    """Every piece of a kind is on the map (p. 14: no more to place)."""
    if structure == "base":
        return say("All your Bases are already built.")
    if structure == "elevation":
        return say("All your Elevations are already built.")
    if structure == "conduit":
        return say("All your Conduits are already built.")
    return say("All your Powerhouses are already built.")


SPACE_KINDS = {"dam": say("dam"), "conduit": say("conduit"), "powerhouse": say("powerhouse")}


def _wrong_kind(space: str, kind: str, structure: str) -> str:
    """A structure offered a space of another kind: which kind it needs (p. 14)."""
    wanted = "dam" if structure == "base" else structure
    return say(
        "{space} is a {kind} space: a {structure} needs a {wanted} space.",
        space=space,
        kind=SPACE_KINDS.get(kind, kind),
        structure=_name(structure),
        wanted=SPACE_KINDS[wanted],
    )


def _elevation_error(state: GameState, company: str, space: str) -> str | None:
    dam = state.dams.get(space)
    if dam is None:
        return say(
            "There is no dam on {space}: an Elevation goes on one of your own dams.", space=space
        )
    if dam.owner == NEUTRAL:
        return say(
            "The dam on {space} is neutral: Elevations go on your own dams only.", space=space
        )
    if dam.owner != company:
        return say(
            "The dam on {space} belongs to {owner}: Elevations go on your own dams only.",
            space=space,
            owner=company_name(dam.owner),
        )
    if dam.level >= MAX_DAM_LEVEL:
        return say(
            "The dam on {space} already has 2 Elevations, the most a dam can have.", space=space
        )
    return None


def _owns_in_basin(state: GameState, company: str, kind: str, basin: int) -> bool:
    if kind == "dam":
        return any(d.owner == company and SPACES[s].basin == basin for s, d in state.dams.items())
    return any(
        owner == company and SPACES[s].basin == basin for s, owner in state.powerhouses.items()
    )


def candidate_spaces(structure: str) -> list[str]:
    """The map spaces a structure of this kind could go on (before the limits)."""
    kind = "dam" if structure in ("base", "elevation") else structure
    return [s for s, sp in SPACES.items() if sp.kind == kind]


_CANDIDATES = {structure: tuple(candidate_spaces(structure)) for structure in STRUCTURE_NAMES}


def legal_spaces(state: GameState, company: str, structure: str) -> list[str]:
    """The free spaces where `company` may place `structure` now (placement limits only).

    The limits of `placement_error` read once for the whole map (the company's basins, the
    taken spaces), not space by space: a build turn asks this of every structure, and the
    refusals it would say for every other space are never read. The same spaces as
    `placement_error` allows (tests/engine/test_construction.py checks it all game long).
    """
    candidates = _CANDIDATES.get(structure, ())  # a structure of no kind has no space
    if candidates and state.players[company].built[structure] >= PIECES_PER_COMPANY[structure]:
        return []  # every space: "All your … are already built."
    if structure == "elevation":  # on your own dam, below the top level
        return [s for s in candidates if _raisable(state.dams.get(s), company)]
    if structure == "base":  # a free dam space, one Base per company per basin
        owned = {SPACES[s].basin for s, dam in state.dams.items() if dam.owner == company}
        return [s for s in candidates if s not in state.dams and SPACES[s].basin not in owned]
    if structure == "conduit":
        return [s for s in candidates if s not in state.conduits]
    # a free powerhouse space, one Powerhouse per company per basin
    owned = {SPACES[s].basin for s, owner in state.powerhouses.items() if owner == company}
    return [s for s in candidates if s not in state.powerhouses and SPACES[s].basin not in owned]


def _raisable(dam: Dam | None, company: str) -> bool:
    return dam is not None and dam.owner == company and dam.level < MAX_DAM_LEVEL


def free_build_options(
    state: GameState,
    company: str,
    structure: str,
    *,
    max_conduit_value: int | None = None,
    areas: list[str] | tuple[str, ...] | None = None,
) -> list[str]:
    """Spaces for a free structure from a reward (no Engineers, tile or Machineries).

    The red-border 3 Credits are still due (ruling R5), so a red space is offered only if
    the player can pay them.
    """
    out = []
    for space in legal_spaces(state, company, structure):
        sp = SPACES[space]
        too_big = max_conduit_value is not None and sp.value > max_conduit_value
        if structure == "conduit" and too_big:
            continue
        if areas is not None and sp.area not in areas:
            continue
        if not can_pay_credits(state, company, red_border_credits(structure, sp, None)):
            continue
        out.append(space)
    return out


# -- tiles ---------------------------------------------------------------------------------


def tile_choices(state: GameState, company: str) -> list[tuple[str | None, str | None]]:
    """Every (tile put on the wheel, tile copied) usable for a construction now.

    Basic and advanced tiles in the personal supply; Anton's tile copying a tile on the wheel
    (nothing on the wheel: it builds nothing); Mahiri copying Anton copies a wheel tile
    without putting any tile in (Appendix 3).
    """
    player = state.players[company]
    on_wheel = list(dict.fromkeys(tiles_on_wheel(state, company)))
    choices: list[tuple[str | None, str | None]] = []
    for tile in dict.fromkeys(player.tiles):
        if tile == ANTON_TILE:
            choices += [(ANTON_TILE, copied) for copied in on_wheel]
        else:
            choices.append((tile, None))
    if player.copied_officer == officers.ANTON:
        choices += [(None, copied) for copied in on_wheel]
    return choices


def _tile_error(
    state: GameState, company: str, structure: str, tile: str | None, copies: str | None
) -> str | None:
    player = state.players[company]
    if tile is not None and tile not in player.tiles:
        return say("The {tile} technology tile is not in your personal supply.", tile=tile)
    if tile == ANTON_TILE or tile is None:
        if tile is None and player.copied_officer != officers.ANTON:
            return say("A construction needs a technology tile.")
        if copies is None or copies not in tiles_on_wheel(state, company):
            return say(
                "Anton Krylov's tile copies a tile on your Construction Wheel; choose one there."
            )
    elif copies is not None:
        return say("Only Anton Krylov's tile copies another tile.")
    eff = effective_tile(tile, copies)
    if eff is None or structure not in tile_structures(eff):
        return say(
            "The {tile} tile cannot build a {structure}: you need the {structure} tile or a tile "
            "for any structure.",
            tile=str(eff),
            structure=_name(structure),
        )
    return None


def engineer_free(tile: str | None) -> bool:
    """L1_POWERHOUSE and L3_BASE build without Engineers on the company board (Appendix 4)."""
    effect, params = tile_cost_effect(tile)
    return effect in ENGINEER_FREE_EFFECTS and params.get("engineers_required") is False


# -- validation ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A validated construction: everything `decide_build` will do."""

    structure: str
    space: str
    tile: str | None
    copies: str | None
    effective: str | None
    board_space: int | None  # index of the company-board space (None: engineer-free)
    engineers: int
    space_fee: int
    cost: Cost
    payment: Payment

    @property
    def credits_total(self) -> int:
        return self.space_fee + self.cost.credits_red_border + self.payment.credits


def _payment_from(command: Build, cost: Cost) -> Payment:
    raw = command.payment
    if raw is None or not raw.given:
        return cost.plain
    wanted = Payment(raw.excavators, raw.mixers, raw.credits)
    if wanted not in cost.payments:
        raise RuleViolation(
            "illegal_payment",
            say(
                "{text}; paying {excavators} Excavators, {mixers} Concrete Mixers and {credits} "
                "Credits is not one of the allowed payments.",
                text=cost.text,
                excavators=wanted.excavators,
                mixers=wanted.mixers,
                credits=wanted.credits,
            ),
        )
    return wanted


def plan_build(state: GameState, company: str, command: Build) -> Plan:
    """Check a `build` command against every rule; raise RuleViolation naming the rule."""
    structure = command.structure
    if structure not in STRUCTURE_NAMES:
        raise RuleViolation(
            "unknown_structure",
            say(
                "There is no structure called {structure}.",
                structure=repr(structure),
            ),
        )
    space = command.space
    tile = command.tile
    copies = command.copies
    player = state.players[company]
    tile_error = _tile_error(state, company, structure, tile, copies)
    eff = effective_tile(tile, copies)
    board_space: int | None = None
    engineers = space_fee = 0
    if tile_error or not engineer_free(eff):  # step 1 first: Engineers on the company board
        board_space = next_construction_space(state, company)
        if board_space is None:
            raise RuleViolation(
                "no_construction_space",
                say("No free construction space left on your company board this round."),
            )
        engineers = CONSTRUCTION_SPACES[board_space].engineers
        space_fee = CONSTRUCTION_SPACES[board_space].fee_credits
        if player.engineers < engineers:
            raise RuleViolation(
                "not_enough_engineers",
                _engineers_needed(ORDINALS[board_space + 1], engineers, player.engineers),
            )
    if tile_error:
        raise RuleViolation("no_tile", tile_error)
    error = placement_error(state, company, structure, space)
    if error:
        raise RuleViolation("illegal_space", error)
    cost = structure_cost(state, company, structure, space, eff)
    payment = _payment_from(command, cost)
    _check_machineries(state, company, cost, payment)
    plan = Plan(
        structure, space, tile, copies, eff, board_space, engineers, space_fee, cost, payment
    )
    if not can_pay_credits(state, company, plan.credits_total):
        raise RuleViolation("not_enough_credits", _credits_message(plan, player.credits))
    return plan


def _engineers_needed(ordinal: str, engineers: int, have: int) -> str:
    if engineers == 1:
        return say(
            "Your {ordinal} construction this round needs 1 Engineer; you have {have}.",
            ordinal=ordinal,
            have=have,
        )
    return say(
        "Your {ordinal} construction this round needs {n} Engineers; you have {have}.",
        ordinal=ordinal,
        n=engineers,
        have=have,
    )


def _check_machineries(state: GameState, company: str, cost: Cost, payment: Payment) -> None:
    player = state.players[company]
    if payment.excavators > player.excavators:
        hint = _alternatives_hint(state, company, cost)
        raise RuleViolation(
            "not_enough_excavators",
            _short(cost.text, player.excavators, hint),
        )
    if payment.mixers > player.mixers:
        hint = _alternatives_hint(state, company, cost)
        raise RuleViolation(
            "not_enough_mixers",
            _short(cost.text, player.mixers, hint),
        )


def _alternatives_hint(state: GameState, company: str, cost: Cost) -> bool:
    """Another payment the player can afford (an officer's or a tile's) exists."""
    return any(_affordable(state, company, p, cost.credits_red_border) for p in cost.payments[1:])


def _short(cost: str, have: int, other_payment: bool) -> str:
    """Too few Machineries: the cost, what the player has, and whether to pay another way."""
    if other_payment:
        return say(
            "{cost}; you have {have}. Choose another payment (your officer or tile allows one).",
            cost=cost,
            have=have,
        )
    return say("{cost}; you have {have}.", cost=cost, have=have)


def _credits_message(plan: Plan, have: int) -> str:
    parts = []
    if plan.space_fee:
        parts.append(say("{n} for the 4th construction space", n=plan.space_fee))
    if plan.cost.credits_red_border:
        parts.append(say("{n} for the red-bordered space", n=plan.cost.credits_red_border))
    if plan.payment.credits:
        parts.append(say("{payment} instead of Machineries", payment=plan.payment.credits))
    return say(
        "This construction costs {credits} Credits ({parts}); you have {have}.",
        credits=plan.credits_total,
        parts=_commas(parts),
        have=have,
    )


def _commas(parts: Sequence[str]) -> str:
    """ "a, b, c": the items of a cost, each already said."""
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = say("{first}, {rest}", first=part, rest=said)
    return said


def _affordable(state: GameState, company: str, payment: Payment, extra_credits: int) -> bool:
    player = state.players[company]
    return (
        payment.excavators <= player.excavators
        and payment.mixers <= player.mixers
        and can_pay_credits(state, company, payment.credits + extra_credits)
    )


# -- the action ----------------------------------------------------------------------------


def decide_build(rec: Recorder, company: str, command: Build) -> None:
    """The whole Construction action (pp. 13-15); raises RuleViolation before any event."""
    plan = plan_build(rec.state, company, command)
    what = say("{structure} on {space}", structure=_name(plan.structure), space=plan.space)
    if plan.board_space is not None:
        # the company-board space takes the Engineers (handler in management.py)
        rec.emit(
            "engineers_placed",
            say(
                "{ordinal} construction of the round: {what}",
                ordinal=ORDINALS[plan.board_space + 1],
                what=what,
            ),
            company=company,
            space=CONSTRUCTION_SPACES[plan.board_space].id,
            engineers=plan.engineers,
        )
        origin = source("construction", "4th_space", fee=plan.space_fee)
        pay_credits(
            rec, company, plan.space_fee, "construction", say("4th construction space"), origin
        )
    tiles = [plan.tile] if plan.tile is not None else []
    load_wheel(
        rec,
        company,
        tiles,
        plan.payment.excavators,
        plan.payment.mixers,
        say("Build a {what}", what=what),
    )
    if plan.payment.credits:
        pay_credits(
            rec,
            company,
            plan.payment.credits,
            "construction",
            say("Credits instead of Machineries for the {what} (Solomon P. Jordan)", what=what),
        )
    rotate_wheel(rec, company, 1, say("Construction of the {what}", what=what))
    place_structure(
        rec,
        company,
        plan.structure,
        plan.space,
        say("Build a {what}", what=what),
        free=False,
        waive_red_border=plan.cost.credits_red_border == 0,
    )
    if plan.effective is not None and plan.effective in ADVANCED_TILES:
        advanced.apply_tile_effect(rec, company, plan.effective, plan.structure, plan.space)


def place_structure(
    rec: Recorder,
    company: str,
    structure: str,
    space: str,
    reason: str,
    *,
    free: bool,
    waive_red_border: bool = False,
) -> None:
    """Take the leftmost piece, put it on `space`, pay the red border, pay revealed income.

    Free structures from rewards pay the red-border 3 Credits too (ruling R5).
    """
    state = rec.state
    error = placement_error(state, company, structure, space)
    if error:
        raise RuleViolation("illegal_space", error)
    red = 0 if waive_red_border else red_border_credits(structure, SPACES[space], None)
    if not can_pay_credits(state, company, red):
        raise RuleViolation(
            "not_enough_credits",
            say(
                "A {structure} on the red-bordered space {space} costs 3 Credits; you have "
                "{credits}.",
                structure=_name(structure),
                space=space,
                credits=state.players[company].credits,
            ),
        )
    piece = state.players[company].built[structure] + 1
    rec.emit(
        "structure_built",
        reason,
        company=company,
        structure=structure,
        space=space,
        piece=piece,
        free=free,
    )
    origin = source("construction", space, red_border=red)
    pay_credits(
        rec, company, red, "construction", say("Red-bordered space {space}", space=space), origin
    )
    _reveal(rec, company, structure, piece)


def _reveal(rec: Recorder, company: str, structure: str, piece: int) -> None:
    """Income slot uncovered: paid at once, then in every later Income phase (p. 12)."""
    if structure == "powerhouse":
        if piece in (2, 3, 4):
            rec.emit(
                "powerhouse_slot_revealed",
                say("{ordinal} Powerhouse built", ordinal=ORDINALS[piece]),
                company=company,
                piece=piece,
                production_bonus=POWERHOUSE_BONUS_BY_BUILT[piece],
                ability=piece >= ABILITY_FROM_POWERHOUSES,
            )
        return
    rewards = COMPANIES[company].incomes.get(structure, {}).get(piece)
    if piece not in INCOME_SLOTS or not rewards:
        return
    if not levels.has_income(rec.state.players[company]):
        return  # a level-1 Automa has no company-board income at all (automa.md §2)
    reason = say(
        "Income revealed by your {ordinal} {structure}",
        ordinal=ORDINALS[piece],
        structure=_name(structure),
    )
    rec.emit(
        "income_revealed",
        reason,
        company=company,
        structure=structure,
        slot=piece,
        rewards=[dict(r) for r in rewards],
    )
    HOOKS.resolve_rewards(
        rec,
        company,
        [dict(r) for r in rewards],
        source=f"income:{structure}:{piece}",
        reason=reason,
        category="income",
    )


# -- options -------------------------------------------------------------------------------


def build_options(state: GameState, company: str) -> list[dict[str, Any]]:
    """Every legal construction now: (structure, space, tile) with payments and a preview.

    Each option's `command` is ready to send (the first affordable payment: the plain one
    when possible); `payments` lists every affordable payment with its own command.
    """
    player = state.players[company]
    board_space = next_construction_space(state, company)
    spaces = {s: legal_spaces(state, company, s) for s in STRUCTURE_NAMES}
    memo: dict[tuple[Any, ...], _Priced] = {}
    options: list[dict[str, Any]] = []
    for tile, copies in tile_choices(state, company):
        eff = effective_tile(tile, copies)
        if eff is None:
            continue
        if engineer_free(eff):
            engineers, fee = 0, 0
        elif board_space is None:
            continue
        else:
            engineers = CONSTRUCTION_SPACES[board_space].engineers
            fee = CONSTRUCTION_SPACES[board_space].fee_credits
            if player.engineers < engineers:
                continue
        for structure in STRUCTURE_NAMES:
            if structure not in tile_structures(eff):
                continue
            for space in spaces[structure]:
                priced = _affordable_cost(state, company, structure, space, eff, fee, memo)
                if priced.payments:
                    options.append(
                        _option(
                            company, structure, space, tile, copies, engineers, fee, priced.cost,
                            priced.payments, priced.preview(engineers, fee),
                        )  # fmt: skip
                    )
    return options


@dataclass
class _Priced:
    """A cost, the payments the company can afford now, and the preview they show: the same
    for every space that costs the same (so the options share one preview)."""

    cost: Cost
    payments: list[Payment]
    previews: dict[int, dict[str, Any]]  # by the Engineers the construction space takes

    def preview(self, engineers: int, fee: int) -> dict[str, Any]:
        if engineers not in self.previews:
            self.previews[engineers] = _preview(engineers, fee, self.cost, self.payments)
        return self.previews[engineers]


def _affordable_cost(
    state: GameState,
    company: str,
    structure: str,
    space: str,
    eff: str,
    fee: int,
    memo: dict[tuple[Any, ...], _Priced],
) -> _Priced:
    """The cost and affordable payments, shared by spaces that cost the same.

    A cost reads its tile only through `tile_cost_effect`: every tile without a cost effect
    (the basic tiles, the wild tile, most Advanced tiles) shares one entry.
    """
    key = (*cost_key(structure, space, eff), fee)
    if key not in memo:
        cost = structure_cost(state, company, structure, space, eff)
        extra = fee + cost.credits_red_border
        payments = [p for p in cost.payments if _affordable(state, company, p, extra)]
        memo[key] = _Priced(cost, payments, {})
    return memo[key]


# what a structure's cost reads of its space (`_plain_cost`, `red_border_credits`,
# `officers.conduit_alternatives`): spaces alike in this cost alike
_COST_OF_SPACE: dict[str, Callable[[Space], tuple[Any, ...]]] = {
    "base": lambda sp: (sp.area, sp.red_bordered),
    "elevation": lambda sp: (sp.area,),
    "conduit": lambda sp: (sp.value,),
    "powerhouse": lambda sp: (sp.red_bordered,),
}
# the same, read once for every space of the map a structure may go on
_SPACE_COST_KEY: dict[tuple[str, str], tuple[Any, ...]] = {
    (structure, space): _COST_OF_SPACE[structure](SPACES[space])
    for structure, spaces in _CANDIDATES.items()
    for space in spaces
}

# the tiles that change a cost (Appendix 4), by their id; any other tile costs as no tile
_COST_TILE = {tile: tile for tile in ADVANCED_TILES if tile_cost_effect(tile)[0]}


def cost_key(structure: str, space: str, tile: str | None) -> tuple[Any, ...]:
    """What `structure_cost` reads of a space of the map and of the tile: in one state, for
    one company, constructions with the same key cost the same (a cache of costs keys them)."""
    return (structure, _SPACE_COST_KEY[structure, space], _COST_TILE.get(tile) if tile else None)


def _option(
    company: str,
    structure: str,
    space: str,
    tile: str | None,
    copies: str | None,
    engineers: int,
    fee: int,
    cost: Cost,
    payments: list[Payment],
    preview: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One option: its payments, each with its ready command, and its preview (`preview`:
    one shared with the options that cost the same)."""
    base_command: dict[str, Any] = {
        "type": "build",
        "player": company,
        "structure": structure,
        "space": space,
        "tile": tile,
    }
    if copies is not None:
        base_command["copies"] = copies
    payment_options = []
    for p in payments:
        command = dict(base_command)
        as_dict = p.as_dict()
        if p is not cost.plain:  # the plain payment is the default: no `payment` needed
            command["payment"] = as_dict
        payment_options.append({"payment": as_dict, "command": command})
    return {
        "structure": structure,
        "space": space,
        "tile": tile,
        "copies": copies,
        "command": payment_options[0]["command"],
        "payments": payment_options,
        "preview": _preview(engineers, fee, cost, payments) if preview is None else preview,
    }


def _preview(engineers: int, fee: int, cost: Cost, payments: list[Payment]) -> dict[str, Any]:
    """What the first payment takes: Engineers, Machineries, Credits, and the cost in words."""
    extra = fee + cost.credits_red_border
    first = payments[0]
    return {
        "engineers": engineers,
        "excavators": first.excavators,
        "mixers": first.mixers,
        "credits": extra + first.credits,
        "text": cost.text,
        "chips": _chips(engineers, first, extra),
    }


build_option = _option  # the same option form for a Building (private_buildings.py)


def _chips(engineers: int, payment: Payment, credits: int) -> list[dict[str, Any]]:
    chips = []
    for kind, n in (
        ("engineers", engineers),
        ("excavators", payment.excavators),
        ("mixers", payment.mixers),
        ("credits", credits + payment.credits),
    ):
        if n:
            chips.append({"kind": kind, "n": n})
    return chips


# -- applying ------------------------------------------------------------------------------


@applies("structure_built")
def _structure_built(state: GameState, e: Event) -> None:
    company, structure, space = e["company"], e["structure"], e["space"]
    state.players[company].built[structure] += 1
    if structure == "base":
        state.dams[space] = Dam(owner=company, level=1, drops=0)
    elif structure == "elevation":
        state.dams[space].level += 1
    elif structure == "conduit":
        state.conduits[space] = company
    else:
        state.powerhouses[space] = company


@applies("income_revealed")
def _income_revealed(state: GameState, e: Event) -> None:
    """Nothing to change: revealed slots follow from the built counts (kept for the table)."""


@applies("powerhouse_slot_revealed")
def _powerhouse_slot_revealed(state: GameState, e: Event) -> None:
    """Nothing to change: the bonus and ability follow from the built Powerhouses."""
