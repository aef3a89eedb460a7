"""Private Buildings (The Leeghwater Project; leeghwater.md §4, §8; rulings L1, L3, L6).

Building a Building is a construction action (expansion rulebook "Private Buildings"):
Engineers on the company board's next construction space, a tile able to build a Building (the
basic Building tile, the 3 Building Advanced tiles, an "any structure" tile) and the Machineries
printed on the Private Building tile into the open wheel segment, the wheel turns 1, the
leftmost Building piece goes on a free building space next to that tile (+3 Credits on a
red-bordered one, waived by L1_ANY: ruling L6). One Building a tile per company.

Using a building: only a company that activated it; the round's first user takes the left
space, the others a right space (ruling L3; Engineers and Credits per space: ruling L1); once a
round per company and tile. Margot Fouché's own space performs one activated building's action
(1 Engineer, no surcharge). The action-symbol cost (e.g. "pay 1 Credit") is paid on every use.
"""

from __future__ import annotations

from typing import Any

from companion.engine import (
    advanced,
    construction,
    effects,
    external_works,
    leeghwater,
    officers,
    production,
    water,
)
from companion.engine.catalog import (
    ADVANCED_TILES,
    ANTON_TILE,
    BUILDING,
    BUILDING_SPACES,
    CONSTRUCTION_SPACES,
    EXTERNAL_WORKS,
    PRIVATE_BUILDINGS,
    BuildingActionSpace,
    building_name,
)
from companion.engine.commands import Answer, Build, BuildingAction, answer_dict
from companion.engine.economy import (
    can_pay_credits,
    gain_credits,
    move_energy,
    pay_credits,
    score_vp,
    source,
)
from companion.engine.errors import RuleViolation
from companion.engine.events import Event, Recorder, applies, ask, not_offered, resolves
from companion.engine.officers import Payment
from companion.engine.state import NEUTRAL, Decision, GameState
from companion.engine.table_words import printed
from companion.engine.wheel import load_wheel, rotate_wheel, tiles_on_wheel
from companion.engine.words import Words, say

CATEGORY = "building"
SPACE_PREFIX = "BS_"  # a building space: BS_<tile>_<1-4>
MARGOT = "margot_fouche"
MARGOT_SPACE = leeghwater.MARGOT_SPACE
MARGOT_ENGINEERS = 1
BANK = "BANK"
RED_BORDER_CREDITS = 3
HALF = 2  # the Research Lab takes back half a segment's Machineries, rounded down (X9)
# the tile a Building is built with, as the wheel shows it (Advanced tiles keep their id)
TILE_WORDS = {"building": say("building"), "wild": say("wild")}


# -- building spaces -----------------------------------------------------------------------


def building_space(tile: str, index: int) -> str:
    return f"{SPACE_PREFIX}{tile}_{index + 1}"


def read_building_space(space: str) -> tuple[str, int] | None:
    """(tile, index) of "BS_<tile>_<n>", or None."""
    if not space.startswith(SPACE_PREFIX):
        return None
    tile, _, number = space[len(SPACE_PREFIX) :].rpartition("_")
    if tile not in PRIVATE_BUILDINGS or not number.isdigit():
        return None
    index = int(number) - 1
    return (tile, index) if 0 <= index < len(BUILDING_SPACES) else None


def builds_buildings(tile: str | None) -> bool:
    """The basic Building tile, the Building Advanced tiles and "any structure" tiles (§4.1)."""
    if tile == BUILDING:
        return True
    advanced_tile = ADVANCED_TILES.get(tile) if tile is not None else None
    return advanced_tile is not None and advanced_tile.builds in (BUILDING, "any")


def space_error(state: GameState, company: str, space: str) -> str | None:
    """Why a Building of `company` cannot go on `space` (None if it can)."""
    where = read_building_space(space)
    if where is None:
        return say("{space} is not a building space of a Private Building tile.", space=space)
    tile, index = where
    if tile not in leeghwater.buildings(state):
        return say(
            "{building} is not one of this game's Private Buildings.",
            building=building_name(tile),
        )
    if company in leeghwater.building_spaces(state, tile):
        return say(
            "You already have a Building next to {building} (one per tile).",
            building=building_name(tile),
        )
    holder = leeghwater.building_spaces(state, tile)[index]
    if holder == leeghwater.BLOCKED:
        return say(
            "That building space is not used with {count} players (ruling L8).",
            count=len(state.players),
        )
    if holder is not None:
        return say("That building space is already taken.")
    return None


def building_payments(state: GameState, company: str, tile: str, with_tile: str) -> list[Payment]:
    """Every legal payment of a Building's Machineries: plain first; L2_BUILDING one type only
    (X7); L2_ANY any split; Solomon P. Jordan's Credits (leeghwater.md §12.9)."""
    building = PRIVATE_BUILDINGS[tile]
    e, m = building.excavators, building.mixers
    effect = construction.tile_cost_effect(with_tile)[0]
    pairs = [(e, 0), (0, m)] if with_tile == "L2_BUILDING" else [(e, m)]
    if effect == "machinery_interchangeable":
        pairs += [(k, e + m - k) for k in range(e + m + 1)]
    unique = [Payment(a, b) for a, b in dict.fromkeys(pairs)]
    return officers.with_credit_substitution(state, company, unique)


def red_border(space_index: int, with_tile: str | None) -> int:
    waived = construction.tile_cost_effect(with_tile)[0] == "waive_red_border_surcharge"
    return 0 if waived else BUILDING_SPACES[space_index].credits  # ruling L6


# -- building a Building -------------------------------------------------------------------


def anton_problem(
    state: GameState, company: str, put: str | None, copies: str | None
) -> Words | None:
    """Why Anton Krylov's tile (or Mahiri copying Anton, who puts no tile in) cannot copy
    `copies` for a Building; None if it can. His tile copies a tile on the wheel, its
    structure and its special effect (base rules, Appendix 3: Anton Krylov)."""
    player = state.players[company]
    if put is None and player.copied_officer != officers.ANTON:
        return say("A construction needs a technology tile.")
    if put == ANTON_TILE and put not in player.tiles:
        return say("Anton Krylov's tile is not in your personal supply.")
    if copies is None or copies not in tiles_on_wheel(state, company):
        return say(
            "Anton Krylov's tile copies a tile on your Construction Wheel; choose one there."
        )
    if not builds_buildings(copies):
        return say(
            "Anton Krylov's tile copies {tile}, which cannot build a Building: copy the "
            "Building tile, a Building Advanced tile or a tile for any structure.",
            tile=copies,
        )
    return None


def building_tile_choices(state: GameState, company: str) -> list[tuple[str | None, str]]:
    """(tile put on the wheel, tile whose effect applies) for every way to build a Building:
    a tile of the supply that builds Buildings, or Anton Krylov's tile (Mahiri copying Anton:
    no tile) copying such a tile on the wheel."""
    out: list[tuple[str | None, str]] = []
    for put, copies in construction.tile_choices(state, company):
        if put is not None and put != ANTON_TILE:
            if builds_buildings(put):
                out.append((put, put))
        elif copies is not None and builds_buildings(copies):
            out.append((put, copies))
    return out


def plan_building(state: GameState, company: str, command: Build) -> dict[str, Any]:
    """Check a `build` of a Building against every rule; RuleViolation naming the rule."""
    put = command.tile
    if put == ANTON_TILE or (put is None and command.copies is not None):
        why_not = anton_problem(state, company, put, command.copies)
        if why_not:
            raise RuleViolation("no_tile", why_not)
        return _plan_with(state, company, command, put, str(command.copies))
    if command.copies is not None:
        raise RuleViolation("no_tile", say("Only Anton Krylov's tile copies another tile."))
    return _plan_with(state, company, command, put, put)


def _plan_with(
    state: GameState, company: str, command: Build, put: str | None, tile_used: str | None
) -> dict[str, Any]:
    """`plan_building` once the tile is known: `put` goes on the wheel, `tile_used` (the tile
    Anton's tile copies, or `put` itself) says what is built and its effect."""
    player = state.players[company]
    if tile_used is None or (put == tile_used and tile_used not in player.tiles):
        raise RuleViolation(
            "no_tile", say("The {tile} technology tile is not in your supply.", tile=tile_used)
        )
    if not builds_buildings(tile_used):
        raise RuleViolation(
            "no_tile",
            say(
                "The {tile} tile cannot build a Building: you need the Building tile, a "
                "Building Advanced tile or a tile for any structure.",
                tile=tile_used,
            ),
        )
    board_space = construction.next_construction_space(state, company)
    if board_space is None:
        raise RuleViolation(
            "no_construction_space",
            say("No free construction space left on your company board this round."),
        )
    construction_space = CONSTRUCTION_SPACES[board_space]
    if player.engineers < construction_space.engineers:
        raise RuleViolation(
            "not_enough_engineers",
            say("This construction needs 1 Engineer; you have {have}.", have=player.engineers)
            if construction_space.engineers == 1
            else say(
                "This construction needs {n} Engineers; you have {have}.",
                n=construction_space.engineers,
                have=player.engineers,
            ),
        )
    why = space_error(state, company, command.space)
    if why:
        raise RuleViolation("illegal_space", why)
    tile, index = read_building_space(command.space) or ("", 0)
    payments = building_payments(state, company, tile, tile_used)
    raw = command.payment
    payment = payments[0]
    if raw is not None and raw.given:
        payment = Payment(raw.excavators, raw.mixers, raw.credits)
        if payment not in payments:
            raise RuleViolation(
                "illegal_payment",
                say(
                    "That is not an allowed payment for {building}.",
                    building=building_name(tile),
                ),
            )
    building = PRIVATE_BUILDINGS[tile]
    if payment.excavators > player.excavators or payment.mixers > player.mixers:
        raise RuleViolation(
            "not_enough_machineries",
            say(
                "{building} costs {excavators} Excavators and {mixers} Concrete Mixers; you have "
                "{have_excavators} and {have_mixers}.",
                building=building_name(tile),
                excavators=building.excavators,
                mixers=building.mixers,
                have_excavators=player.excavators,
                have_mixers=player.mixers,
            ),
        )
    credits = construction_space.fee_credits + red_border(index, tile_used) + payment.credits
    if not can_pay_credits(state, company, credits):
        raise RuleViolation(
            "not_enough_credits",
            say(
                "This Building costs {credits} Credits; you have {have}.",
                credits=credits,
                have=player.credits,
            ),
        )
    return {
        "tile": tile,
        "index": index,
        "with": tile_used,
        "put": put,
        "board_space": board_space,
        "payment": payment,
    }


def decide_build_building(rec: Recorder, company: str, command: Build) -> None:
    """The construction of a Building (§4.1) and the Building tile's effect (§8)."""
    plan = plan_building(rec.state, company, command)
    tile, index, with_tile = plan["tile"], plan["index"], plan["with"]
    payment: Payment = plan["payment"]
    name = building_name(tile)
    board = CONSTRUCTION_SPACES[plan["board_space"]]
    rec.emit(
        "engineers_placed",
        say("Construction of the round: a Building next to {building}", building=name),
        company=company,
        space=board.id,
        engineers=board.engineers,
    )
    fee = source("construction", "4th_space", fee=board.fee_credits)
    pay_credits(rec, company, board.fee_credits, "construction", say("4th construction space"), fee)
    put = [plan["put"]] if plan["put"] is not None else []  # Mahiri copying Anton: no tile
    load_wheel(
        rec,
        company,
        put,
        payment.excavators,
        payment.mixers,
        say("Build a Building: {building}", building=name),
    )
    if payment.credits:
        pay_credits(
            rec,
            company,
            payment.credits,
            "construction",
            say("Credits instead of Machineries for {building} (Solomon P. Jordan)", building=name),
        )
    rotate_wheel(rec, company, 1, say("Construction of a Building: {building}", building=name))
    rec.emit(
        "building_built",
        say(
            "Put your leftmost Building on building space {n} of {building}: it is activated.",
            n=index + 1,
            building=name,
        ),
        company=company,
        tile=tile,
        index=index,
        closes_left=rec.state.players[company].is_automa,
    )
    _pay_red_border(rec, company, index, with_tile, name)
    _tile_effect(rec, company, tile, with_tile)


def _pay_red_border(rec: Recorder, company: str, index: int, with_tile: str, name: str) -> None:
    """A red-bordered building space's Credits (ruling L6; the Automa's become VP, §10)."""
    pay_credits(
        rec,
        company,
        red_border(index, with_tile),
        "construction",
        say("Red-bordered building space of {building}", building=name),
    )


def _tile_effect(rec: Recorder, company: str, tile: str, with_tile: str) -> None:
    """L1_BUILDING: the building's action at once, no Engineers (X-none; §8); L3_BUILDING: its
    VP at once (X8). L2_BUILDING acted on the payment already (X7)."""
    if not advanced.effects_active(rec.state, company):
        return
    if with_tile == "L1_BUILDING":
        if action_problem(rec.state, company, tile) is None:
            perform(
                rec,
                company,
                tile,
                say("Level I Building tile: {building}", building=building_name(tile)),
            )
    elif with_tile == "L3_BUILDING":
        vp = PRIVATE_BUILDINGS[tile].vp
        score_vp(
            rec,
            company,
            vp,
            "advanced_tile",
            say(
                "Level III Building tile: {building} scores {vp} VP now",
                building=building_name(tile),
                vp=vp,
            ),
            source("advanced_tile", "L3_BUILDING", vp=vp),
        )


def automa_build_building(
    rec: Recorder,
    company: str,
    tile: str,
    index: int,
    with_tile: str,
    excavators: int,
    mixers: int,
    copies: str | None = None,
) -> None:
    """An Automa's Building (automa.md §7.4, leeghwater.md §10): no construction space; the
    tile and Machineries on the wheel, turn it, the Building closes the tile's left action
    space for the rest of the game; a red-bordered space costs 3 VP (its Credits as VP).
    With Anton Krylov (level 4) `with_tile` is his tile and `copies` the wheel tile whose
    effect applies (automa.md §2.2)."""
    name = building_name(tile)
    put, with_tile = with_tile, copies or with_tile
    load_wheel(
        rec, company, [put], excavators, mixers,
        say("Automa: a Building at {building}", building=name),
    )
    rotate_wheel(
        rec, company, 1, say("Automa construction: a Building at {building}", building=name)
    )
    automa = rec.state.players[company].is_automa  # else a person opening the Automa way
    rec.emit(
        "building_built",
        say(
            "Put the Automa's Building on building space {n} of {building}; its left action "
            "space is closed to everybody for the rest of the game.",
            n=index + 1,
            building=name,
        )
        if automa
        else say(
            "Put your leftmost Building on building space {n} of {building}: it is activated.",
            n=index + 1,
            building=name,
        ),
        company=company,
        tile=tile,
        index=index,
        closes_left=automa,
    )
    _pay_red_border(rec, company, index, with_tile, name)
    if not automa:  # a person's Building tile acts as for a person (leeghwater.md §8)
        _tile_effect(rec, company, tile, with_tile)
    elif with_tile == "L1_BUILDING" and advanced.effects_active(rec.state, company):
        vp = PRIVATE_BUILDINGS[tile].vp  # hard: the building's VP instead of its action (§10)
        why = say("Level I Building tile: {building} scores {vp} VP", building=name, vp=vp)
        origin = source("advanced_tile", "L1_BUILDING", vp=vp)
        score_vp(rec, company, vp, "advanced_tile", why, origin)
    elif with_tile == "L3_BUILDING":
        _tile_effect(rec, company, tile, with_tile)


def build_options(state: GameState, company: str) -> list[dict[str, Any]]:
    """Every legal construction of a Building now, in construction.build_options' form."""
    player = state.players[company]
    board_space = construction.next_construction_space(state, company)
    if board_space is None or not leeghwater.active(state):
        return []
    construction_space = CONSTRUCTION_SPACES[board_space]
    if player.engineers < construction_space.engineers:
        return []
    out = []
    for put, with_tile in building_tile_choices(state, company):
        for tile in leeghwater.buildings(state):
            every: list[Payment] | None = None  # the same on each space: read once, if needed
            for index in range(len(BUILDING_SPACES)):
                space = building_space(tile, index)
                if space_error(state, company, space) is not None:
                    continue
                extra = construction_space.fee_credits + red_border(index, with_tile)
                if every is None:
                    every = building_payments(state, company, tile, with_tile)
                payments = [
                    p
                    for p in every
                    if p.excavators <= player.excavators
                    and p.mixers <= player.mixers
                    and can_pay_credits(state, company, p.credits + extra)
                ]
                if not payments:
                    continue
                building = PRIVATE_BUILDINGS[tile]
                cost = construction.Cost(
                    building.excavators,
                    building.mixers,
                    red_border(index, with_tile),
                    tuple(every),  # the plain payment first: it needs no `payment` field
                    say(
                        "{building} costs {excavators} Excavators and {mixers} Concrete Mixers",
                        building=building_name(tile),
                        excavators=building.excavators,
                        mixers=building.mixers,
                    ),
                )
                option = construction.build_option(
                    company,
                    BUILDING,
                    space,
                    put,
                    with_tile if put != with_tile else None,
                    construction_space.engineers,
                    construction_space.fee_credits,
                    cost,
                    payments,
                )
                option["label"] = (
                    say(
                        "Building next to {building}, space {n} ({tile} tile)",
                        building=building_name(tile),
                        n=index + 1,
                        tile=TILE_WORDS.get(with_tile, with_tile),
                    )
                    if put == with_tile
                    else say(
                        "Building next to {building}, space {n} (Anton Krylov: copying the "
                        "{tile} tile on your Construction Wheel)",
                        building=building_name(tile),
                        n=index + 1,
                        tile=TILE_WORDS.get(with_tile, with_tile),
                    )
                )
                out.append(option)
    return out


# -- using a building ----------------------------------------------------------------------


def space_cost(space: str, tile: str) -> BuildingActionSpace:
    """Engineers and Credits of one of the tile's action spaces (ruling L1)."""
    building = PRIVATE_BUILDINGS[tile]
    return building.left if space.endswith("_L") else building.right


def symbol_credits(tile: str) -> int:
    """The action-symbol cost ("pay 1 Credit"), paid on every use."""
    return sum(
        int(a.get("credits", 0)) for a in PRIVATE_BUILDINGS[tile].action if a["effect"] == "pay"
    )


def action_problem(state: GameState, company: str, tile: str, surcharge: int = 0) -> str | None:
    """Why the building's action itself cannot be performed now (None if it can): you cannot
    place Engineers for an action you cannot perform (p. 11). `surcharge`: the space's Credits,
    paid first (what is left must still pay, e.g., a conduit's owner)."""
    player = state.players[company]
    need = symbol_credits(tile)
    if not can_pay_credits(state, company, need):
        return say(
            "{building} costs {n} Credits to use; you have {credits}.",
            building=building_name(tile),
            n=need,
            credits=player.credits,
        )
    effect = PRIVATE_BUILDINGS[tile].action[-1]["effect"]
    if effect == "place_drop_dam" and not cofferdam_dams(state, company):
        return say("No Neutral Dam or dam of yours has room for a drop.")
    if effect == "retrieve_tile_from_wheel" and not retrievable_tiles(state, company):
        return say("There is no technology tile on your Construction Wheel.")
    if effect == "retrieve_half_machineries" and not half_answers(state, company):
        return say("No segment of your wheel holds 2 Machineries or more.")
    if effect == "take_external_work_for_credits" and not loan_slots(state, company, need):
        return say("You cannot pay 2 Credits per Machinery for any face-up External Work.")
    if effect == "fulfil_contract" and not player.contracts:
        return say("You have no face-up contract to fulfil.")
    left = player.credits - surcharge - need
    if effect == "production" and not any(
        o["pays"] is None or o["pays"]["credits"] <= left
        for o in production.production_options(state, company, 3)
    ):
        return say(
            "You cannot produce: you need your powerhouse linked by a conduit to a dam with "
            "drops (and the Credits for another player's conduit after this space's cost)."
        )
    return None


def use_problem(state: GameState, company: str, tile: str, *, margot: bool) -> str | None:
    """Why `company` cannot use the tile's action now (None if it can)."""
    if not leeghwater.active(state) or tile not in leeghwater.buildings(state):
        return say(
            "{building} is not one of this game's Private Buildings.", building=building_name(tile)
        )
    if tile not in leeghwater.activated(state, company):
        return say(
            "Only a company with a Building next to {building} may use it.",
            building=building_name(tile),
        )
    player = state.players[company]
    if margot:
        if MARGOT not in (player.officer, player.copied_officer):
            return say("Only Margot Fouché (or Mahiri Sekibo copying her) has this action.")
        if player.officer == MARGOT and MARGOT_SPACE in state.occupied:
            return say("Margot Fouché's space is already used this round.")
        engineers, surcharge = MARGOT_ENGINEERS, 0
    else:
        if leeghwater.used_this_round(state, company, tile):
            return say(
                "You already used {building} this round (once a round).",
                building=building_name(tile),
            )
        space = leeghwater.next_action_space(state, tile)
        if space is None:
            return say(
                "Every action space of {building} is taken this round.",
                building=building_name(tile),
            )
        cost = space_cost(space, tile)
        engineers, surcharge = cost.engineers, cost.credits
    if player.engineers < engineers:
        return say(
            "This space needs {n} Engineer(s); you have {have}.", n=engineers, have=player.engineers
        )
    total = surcharge + symbol_credits(tile)
    if not can_pay_credits(state, company, total):
        return say(
            "This space costs {n} Credits in all; you have {credits}.",
            n=total,
            credits=player.credits,
        )
    return action_problem(state, company, tile, surcharge)


def do_building_action(rec: Recorder, company: str, command: BuildingAction) -> None:
    """Engineers on the tile's next action space (or Margot's), its Credits, its action."""
    tile = command.building
    if tile not in PRIVATE_BUILDINGS:
        raise RuleViolation(
            "unknown_building",
            say(
                "There is no Private Building {tile}.",
                tile=repr(tile),
            ),
        )
    why = use_problem(rec.state, company, tile, margot=command.margot)
    if why:
        raise RuleViolation("building_action", why)
    name = building_name(tile)
    where: str
    if command.margot and rec.state.players[company].officer != MARGOT:
        # Mahiri Sekibo's copy: 1 Engineer on the Bank, which pays no Credit for it
        space, engineers, surcharge = BANK, MARGOT_ENGINEERS, 0
        where = say(
            "the Bank (no Credit), for the action of {building} (Mahiri copies Margot Fouché)",
            building=name,
        )
    elif command.margot:
        space, engineers, surcharge = MARGOT_SPACE, MARGOT_ENGINEERS, 0
        where = say("Margot Fouché's space, for the action of {building}", building=name)
    else:
        space = str(leeghwater.next_action_space(rec.state, tile))
        cost = space_cost(space, tile)
        engineers, surcharge = cost.engineers, cost.credits
        where = leeghwater.space_words(space)
    rec.emit(
        "engineers_placed",
        say("Put 1 Engineer on {space}.", space=where)
        if engineers == 1
        else say("Put {n} Engineers on {space}.", n=engineers, space=where),
        company=company,
        space=space,
        engineers=engineers,
    )
    pay_credits(
        rec, company, surcharge, CATEGORY, say("{building}: right action space", building=name)
    )
    perform(rec, company, tile, name)


def perform(rec: Recorder, company: str, tile: str, reason: str) -> None:
    """The building's action (leeghwater.md §4.3), its symbol cost first."""
    pay_credits(
        rec,
        company,
        symbol_credits(tile),
        CATEGORY,
        say("{reason}: cost of the action", reason=reason),
    )
    action = PRIVATE_BUILDINGS[tile].action[-1]
    effect = action["effect"]
    if effect == "gain":
        gain_credits(rec, company, int(action.get("credits", 0)), CATEGORY, reason,
                     source(CATEGORY, tile))  # fmt: skip
    elif effect == "energy_steps":
        move_energy(rec, company, int(action["n"]), reason, usable=False)
    elif effect == "gain_machinery_choice":
        effects.resolve(rec, company, {"machineries_any": int(action["n"])}, source=tile,
                        reason=reason, category=CATEGORY)  # fmt: skip
    elif effect == "produce_energy":
        external_works.produce_energy(rec, company, int(action["n"]), reason)
    elif effect == "fulfil_contract":
        contracts = list(rec.state.players[company].contracts)
        external_works.ask_contract(rec, company, reason, contracts)
    elif effect == "production":
        _ask_production(rec, company, int(action["bonus"]), reason)
    else:
        _ask_choice(rec, company, tile, effect, reason)


def _ask_production(rec: Recorder, company: str, bonus: int, reason: str) -> None:
    """Control Station: a production action with +3 (company bonuses and ability apply, X5)."""
    options = production.production_options(rec.state, company, bonus)
    ask(
        rec,
        "building_production",
        company,
        say("{building}: produce with +{bonus}", building=reason, bonus=bonus),
        bonus=bonus,
        productions=options,
        answers=[c for o in options for c in o.get("commands", [o["command"]])],
    )


@resolves("building_production")
def _resolve_building_production(rec: Recorder, decision: Decision, answer: Answer) -> None:
    given = answer_dict(answer)
    keys = ("dam", "conduit", "powerhouse", "drops", "contract")
    legal = [{k: a.get(k) for k in keys} for a in decision.options["answers"]]
    if {k: given.get(k) for k in keys} not in legal:
        raise not_offered(decision)
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=given)
    fields = production.production_fields(answer)
    production.decide_produce(
        rec, str(decision.player), **fields, bonus=int(decision.options["bonus"])
    )


# -- the building actions that need a choice ------------------------------------------------


def cofferdam_dams(state: GameState, company: str) -> list[str]:
    """Neutral dams and the company's dams with room for a drop (Cofferdam)."""
    return sorted(
        s
        for s, d in state.dams.items()
        if d.owner in (NEUTRAL, company) and d.drops < water.capacity(state, s)
    )


def retrievable_tiles(state: GameState, company: str) -> list[dict[str, Any]]:
    """Technology tiles on the wheel (Development Office), by segment."""
    wheel = state.players[company].wheel
    return [
        {"segment": i, "tile": t} for i, seg in enumerate(wheel) for t in dict.fromkeys(seg.tiles)
    ]


def half_answers(state: GameState, company: str) -> list[dict[str, int]]:
    """Research Lab: each segment × each split of half its Machineries, rounded down (X9)."""
    out = []
    for i, seg in enumerate(state.players[company].wheel):
        half = (seg.excavators + seg.mixers) // HALF
        if half == 0:
            continue
        for e in range(min(half, seg.excavators), -1, -1):
            if half - e <= seg.mixers:
                out.append({"segment": i, "excavators": e, "mixers": half - e})
    return out


def loan_slots(state: GameState, company: str, already: int) -> list[int]:
    """Face-up External Works the company can pay 2 Credits per Machinery for (Loan Agency)."""
    from_offer = leeghwater.external_offer(state)
    return [
        i + 1
        for i, t in enumerate(from_offer)
        if t and can_pay_credits(state, company, already + EXTERNAL_WORKS[t].loan_credits)
    ]


def _ask_choice(rec: Recorder, company: str, tile: str, effect: str, reason: str) -> None:
    state = rec.state
    if effect == "place_drop_dam":
        answers: list[dict[str, Any]] = [{"dam": d} for d in cofferdam_dams(state, company)]
        question = say("{reason}: put 1 drop on a Neutral Dam or one of your dams", reason=reason)
    elif effect == "retrieve_tile_from_wheel":
        answers = retrievable_tiles(state, company)
        question = say("{reason}: take a technology tile back from your wheel", reason=reason)
    elif effect == "retrieve_half_machineries":
        answers = half_answers(state, company)
        question = say("{reason}: take back half of a segment's Machineries", reason=reason)
    else:  # take_external_work_for_credits
        answers = [{"slot": s} for s in loan_slots(state, company, 0)]
        question = say("{reason}: take an External Work for 2 Credits per Machinery", reason=reason)
    # the tiles by slot, so each answer can be named by its printed words (no ids on screens)
    works = {str(a["slot"]): external_works.offered(state, int(a["slot"])) for a in answers
             if "slot" in a}  # fmt: skip
    ask(rec, "building_choice", company, question, building=tile, answers=answers, works=works)


@resolves("building_choice")
def _resolve_building_choice(rec: Recorder, decision: Decision, answer: Answer) -> None:
    given = answer_dict(answer)
    if given not in decision.options["answers"]:
        raise not_offered(decision)
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=given)
    company = str(decision.player)
    tile = decision.options["building"]
    if tile == "cofferdam":
        rec.emit("tile_drops_added", decision.reason, company=company, tile=tile,
                 drops={str(answer.dam): 1})  # fmt: skip
    elif tile == "development_office":
        rec.emit("wheel_tile_retrieved", decision.reason, company=company,
                 segment=answer.segment, tile=answer.tile)  # fmt: skip
    elif tile == "research_lab":
        rec.emit("wheel_machineries_retrieved", decision.reason, company=company,
                 segment=answer.segment, excavators=answer.excavators,
                 mixers=answer.mixers)  # fmt: skip
    else:
        external_works.take_work(rec, company, int(answer.slot or 0), paid="credits")


@applies("wheel_tile_retrieved")
def _wheel_tile_retrieved(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    player.wheel[e["segment"]].tiles.remove(e["tile"])
    player.tiles.append(e["tile"])


@applies("wheel_machineries_retrieved")
def _wheel_machineries_retrieved(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    segment = player.wheel[e["segment"]]
    segment.excavators -= e["excavators"]
    segment.mixers -= e["mixers"]
    player.excavators += e["excavators"]
    player.mixers += e["mixers"]


# -- legal options -------------------------------------------------------------------------


def _label(where: str, engineers: int, credits: int, action: str) -> Words:
    """ "Loan Agency, right space (1 Engineer, 2 Credits) — take a face-up External Work …"."""
    if credits:
        if engineers == 1:
            return say(
                "{where} (1 Engineer, {credits} Credits) — {action}",
                where=where,
                credits=credits,
                action=action,
            )
        return say(
            "{where} ({n} Engineers, {credits} Credits) — {action}",
            where=where,
            n=engineers,
            credits=credits,
            action=action,
        )
    if engineers == 1:
        return say("{where} (1 Engineer) — {action}", where=where, action=action)
    return say("{where} ({n} Engineers) — {action}", where=where, n=engineers, action=action)


def _option(state: GameState, company: str, tile: str, margot: bool) -> dict[str, Any]:
    """One building action on offer: where the Engineers go, what it costs, the command."""
    player = state.players[company]
    command: dict[str, Any] = {"type": "building_action", "player": company, "building": tile}
    where: str
    if margot:
        command["margot"] = True
        own = player.officer == MARGOT
        if own:
            where = say("{building} from Margot Fouché's space", building=building_name(tile))
        else:
            where = say(
                "{building} from the Bank, no Credit (Mahiri copies Margot)",
                building=building_name(tile),
            )
        engineers, surcharge = MARGOT_ENGINEERS, 0
    else:
        space = str(leeghwater.next_action_space(state, tile))
        where = leeghwater.space_words(space)
        cost = space_cost(space, tile)
        engineers, surcharge = cost.engineers, cost.credits
    credits = surcharge + symbol_credits(tile)
    return {
        "label": _label(where, engineers, credits, printed(PRIVATE_BUILDINGS[tile].text)),
        "building": tile,
        "preview": {"engineers": engineers, "credits": credits},
        "command": command,
    }


def action_options(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    """Every Private Building action the company may take now, ready to send."""
    choices = []
    reasons = []
    player = state.players[company]
    for tile in leeghwater.buildings(state):
        for margot in (False, True):
            if margot and MARGOT not in (player.officer, player.copied_officer):
                continue
            why = use_problem(state, company, tile, margot=margot)
            if why:
                reasons.append(why)
                continue
            choices.append(_option(state, company, tile, margot))
    if choices:
        return choices, ""
    if not leeghwater.activated(state, company):
        return [], say("You have activated no Private Building: build a Building first.")
    return [], reasons[0] if reasons else say("No Private Building action can be taken now.")
