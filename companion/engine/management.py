"""Management-board actions: Water Management, Bank, Workshop, Machinery Shop, Contract Office,
Patent Office, and the placing of Engineers.

Rulebook: "Actions" (p. 11: engineers, red outline 3 Credits, "you cannot place Engineers in an
action space without performing the corresponding action"), "Turbine Station" (p. 16),
"Water Management" (p. 16), "Workshop" (p. 17), "Machinery Shop" (p. 17), "Contract Office"
(p. 18), "Bank" (p. 18), "Patent Office" (p. 19), End of Round Patent refill (p. 21).
Rulings R6 (at least one drop), R13, R17, R20.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from companion.engine import catalog, contracts, counts, draws, production, water, wheel
from companion.engine.catalog import ManagementSpace
from companion.engine.commands import (
    Bank,
    BuyMachinery,
    Patent,
    Produce,
    TakeContracts,
    Water,
    Workshop,
)
from companion.engine.economy import can_pay_credits, gain_credits, gain_machineries, pay_credits
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.events import Event, Recorder, applies
from companion.engine.state import GameState
from companion.engine.words import Words, listing, say

HEADSTREAM_LETTERS = ("A", "B", "C", "D")
SECTION_NAMES = {
    "turbine_station": say("Turbine Station"),
    "water_management": say("Water Management"),
    "workshop": say("Workshop"),
    "machinery_shop": say("Machinery Shop"),
    "contract_office": say("Contract Office"),
    "bank": say("Bank"),
    "patent_office": say("Patent Office"),
}
SIDE_WORDS = {"left": say("left"), "right": say("right")}
BANK = "BANK"
PATENT_COST = 5


def space_name(space: ManagementSpace) -> Words:
    """A Management-board space as a player finds it: "Workshop row 2, right"."""
    # said for every space an options answer lists: the same sentence each time
    name = _SPACE_NAMES.get(space)
    if name is None:
        name = _SPACE_NAMES[space] = _space_name(space)
    return name


_SPACE_NAMES: dict[ManagementSpace, Words] = {}


def _space_name(space: ManagementSpace) -> Words:
    section = SECTION_NAMES[space.section]
    if not space.side:
        return (
            section
            if space.id == BANK
            else say("{section} space {row}", section=section, row=space.row)
        )
    side = SIDE_WORDS.get(space.side) or space.side
    return say("{section} row {row}, {side}", section=section, row=space.row, side=side)


# -- engineers on action spaces ------------------------------------------------------------


def space_available(state: GameState, space: ManagementSpace) -> Words | None:
    """Why the space cannot take Engineers now (None if it can): mode, blocked, taken."""
    # the reasons are said once (every options answer asks this of every space)
    if space.full_game_only and state.setup.mode != "full":
        return NO_PATENT_OFFICE
    holder = state.occupied.get(space.id)
    if holder == "blocked":
        return _blocked(len(state.players))
    if holder is not None and space.id != BANK:
        return SPACE_TAKEN
    return None


NO_PATENT_OFFICE = say("The Patent Office is not used in the introductory game.")
SPACE_TAKEN = say("This action space is already taken (each space takes one player's Engineers).")


@cache
def _blocked(players: int) -> Words:
    return say("This space is not used with {n} players.", n=players)


def placement_problem(
    state: GameState, company: str, space: ManagementSpace, engineers: int
) -> Words | None:
    """Why `company` cannot put `engineers` on `space` (p. 11), or None."""
    return space_available(state, space) or supply_problem(state, company, space, engineers)


def supply_fits(state: GameState, company: str, space: ManagementSpace, engineers: int) -> bool:
    """`supply_problem(...) is None`, without saying the problem: the options ask it of
    every free space and need the words of one refused space at most."""
    player = state.players[company]
    return player.engineers >= engineers and can_pay_credits(state, company, space.total_credits)


def supply_problem(
    state: GameState, company: str, space: ManagementSpace, engineers: int
) -> Words | None:
    """Why `company`'s supply cannot pay an available space: Engineers, then Credits (p. 11).
    (`placement_problem` without the look at the space, for a caller that just took it.)"""
    player = state.players[company]
    if player.engineers < engineers:
        return say(
            "This space needs {n} Engineer(s); you have {have} in your supply.",
            n=engineers,
            have=player.engineers,
        )
    if not can_pay_credits(state, company, space.total_credits):
        fee = say("{n} Credits for the red outline", n=space.fee_credits)
        action = say("{n} Credits for the action", n=space.action_cost_credits)
        if space.fee_credits and space.action_cost_credits:
            cost = say("{first} + {second}", first=fee, second=action)
        else:
            cost = fee if space.fee_credits else action
        return say(
            "This space costs {cost} before placing; you have {credits}.",
            cost=cost,
            credits=player.credits,
        )
    return None


def get_space(space_id: str, section: str) -> ManagementSpace:
    space = catalog.MANAGEMENT_SPACES.get(space_id)
    if space is None or space.section != section:
        raise CommandError(
            say(
                "{space} is not a {section} action space.",
                space=repr(space_id),
                section=SECTION_NAMES[section],
            ),
            "unknown_space",
        )
    return space


def place_engineers(
    rec: Recorder, company: str, space: ManagementSpace, engineers: int | None = None
) -> None:
    """Put the Engineers on the space and pay its Credits (fee + action cost) at once (p. 11)."""
    n = space.engineers if engineers is None else engineers
    assert n is not None
    why = placement_problem(rec.state, company, space, n)
    if why:
        raise RuleViolation("placement", why)
    rec.emit(
        "engineers_placed",
        say("Put 1 Engineer on {space}.", space=space_name(space))
        if n == 1
        else say("Put {n} Engineers on {space}.", n=n, space=space_name(space)),
        company=company,
        space=space.id,
        engineers=n,
    )
    if space.fee_credits:
        pay_credits(
            rec,
            company,
            space.fee_credits,
            "automa_action",
            say(
                "{n} Credits for the red-outlined space {space}",
                n=space.fee_credits,
                space=space_name(space),
            ),
        )
    if space.action_cost_credits:
        pay_credits(
            rec,
            company,
            space.action_cost_credits,
            "automa_action",
            say(
                "{n} Credits for the action of {space}",
                n=space.action_cost_credits,
                space=space_name(space),
            ),
        )


@applies("engineers_placed")
def _engineers_placed(state: GameState, e: Event) -> None:
    """Engineers leave the personal supply; Management spaces are marked taken.

    Company-board construction spaces ("CB_1".."CB_4", placed by construction.decide_build)
    count one more construction this round.
    """
    company, space, n = e["company"], e["space"], e["engineers"]
    player = state.players[company]
    player.engineers -= n
    player.engineers_out += n
    if space == BANK:
        state.bank[company] = state.bank.get(company, 0) + n
    elif space.startswith("CB_"):
        player.constructions_this_round += 1
    else:
        state.occupied[space] = company


# -- Turbine Station (p. 16) ---------------------------------------------------------------


def do_produce(rec: Recorder, company: str, command: Produce) -> None:
    """Production action: Engineers on a Turbine Station space, then the production (R16)."""
    space = get_space(command.space, "turbine_station")
    if space.effect.get("type") != "produce":
        raise CommandError(
            say("{space} is not a production space.", space=space.id), "unknown_space"
        )
    bonus = int(space.effect.get("bonus", 0))
    why = space_available(rec.state, space)
    if why:
        raise RuleViolation("placement", why)
    if not production.production_options(rec.state, company, bonus):
        if production.production_systems(rec.state, company):
            # a system with water exists: name what stops this one (e.g. the conduit's owner
            # cannot be paid, map.md §11), before refusing the Engineers
            production.check_production(
                rec.state, company, **production.production_fields(command), bonus=bonus
            )
        raise RuleViolation(
            "cannot_produce",
            say(
                "You cannot produce: you need your powerhouse linked by a conduit to a dam "
                "holding drops (you cannot place Engineers for an action you cannot perform)."
            ),
        )
    place_engineers(rec, company, space)
    production.decide_produce(rec, company, **production.production_fields(command), bonus=bonus)


# -- Water Management (p. 16) --------------------------------------------------------------


def water_problem(headstreams: Any, space: ManagementSpace) -> Words | None:
    """Why the chosen headstream letters do not fit the space (None if they do; ruling R6)."""
    if not isinstance(headstreams, list) or not headstreams:
        return say("Place at least 1 drop on a headstream (ruling R6).")
    if any(h not in HEADSTREAM_LETTERS for h in headstreams):
        return say("Headstreams are A, B, C and D.")
    limit = int(space.effect.get("drops", 1))
    if len(headstreams) > limit:
        return say("This space places at most {n} drop(s).", n=limit)
    return None


def do_water(rec: Recorder, company: str, command: Water) -> None:
    """WM_2: 1-2 drops wait on 1-2 headstreams; WM_1: 1 drop flows at once (p. 16)."""
    space = get_space(command.space, "water_management")
    letters = list(command.headstreams)
    why = water_problem(letters, space)
    if why:
        raise RuleViolation("water", why)
    place_engineers(rec, company, space)
    if space.effect.get("flow") == "immediately":
        water.release_drops_now(
            rec,
            company,
            list(letters),
            say("Water Management: 1 drop on {letter} flows at once", letter=letters[0]),
        )
        return
    for letter in sorted(set(letters)):
        n = letters.count(letter)
        water.place_drops(
            rec,
            company,
            letter,
            n,
            say(
                "Water Management: {what}",
                what=say(
                    "{n} drop(s) on headstream {letter} (they flow in the Water Flow phase)",
                    n=n,
                    letter=letter,
                ),
            ),
        )


# -- Bank (p. 18) ----------------------------------------------------------------------------


def do_bank(rec: Recorder, company: str, command: Bank) -> None:
    """Any number of Engineers (at least 1) on the Bank: 1 Credit each; never taken (p. 18)."""
    n = command.engineers
    player = rec.state.players[company]
    if n < 1:
        raise RuleViolation("bank", say("Put at least 1 Engineer on the Bank."))
    if n > player.engineers:
        raise RuleViolation(
            "bank",
            say(
                "You have {n} Engineer(s) in your supply, not {k}.", n=player.engineers, k=n
            ),
        )
    place_engineers(rec, company, catalog.MANAGEMENT_SPACES[BANK], n)
    gain_credits(
        rec,
        company,
        n,
        "automa_action",
        say("Bank: {what}", what=say("{n} Credit(s) for {k} Engineer(s)", n=n, k=n)),
    )


# -- Workshop (p. 17) --------------------------------------------------------------------------


def do_workshop(rec: Recorder, company: str, command: Workshop) -> None:
    """Rotate the Construction Wheel 1, 2 (pay 2) or 3 (pay 5) segments (p. 17)."""
    space = get_space(command.space, "workshop")
    place_engineers(rec, company, space)
    steps = int(space.effect.get("segments", 1))
    wheel.rotate_wheel(
        rec,
        company,
        steps,
        say("Workshop: {what}", what=say("turn your Construction Wheel {n} segment(s)", n=steps)),
    )


# -- Machinery Shop (p. 17) --------------------------------------------------------------------


def do_buy_machinery(rec: Recorder, company: str, command: BuyMachinery) -> None:
    """Buy an Excavator, an Excavator and a Mixer, or (4 players) one of your choice (p. 17)."""
    space = get_space(command.space, "machinery_shop")
    gain = dict(space.effect.get("gain", {}))
    excavators, mixers = int(gain.get("excavators", 0)), int(gain.get("mixers", 0))
    if "machineries_any" in gain:
        choice = command.choice
        if choice not in ("excavator", "mixer"):
            raise RuleViolation("choice", say("Choose an Excavator or a Concrete Mixer."))
        excavators, mixers = (1, 0) if choice == "excavator" else (0, 1)
    place_engineers(rec, company, space)
    what = listing(
        [
            *([counts.excavators(excavators)] if excavators else []),
            *([counts.mixers(mixers)] if mixers else []),
        ]
    )
    gain_machineries(
        rec, company, excavators, mixers, say("Machinery Shop: take {what}", what=what)
    )


# -- Contract Office (p. 18) -------------------------------------------------------------------


def do_take_contracts(rec: Recorder, company: str, command: TakeContracts) -> None:
    space = get_space(command.space, "contract_office")
    taken = list(command.contracts)
    count = int(space.effect.get("count", 1))
    why = contracts.take_problem(rec.state, taken, count)
    if why:
        raise RuleViolation("contracts", why)
    place_engineers(rec, company, space)
    discard = None if command.discard is None else list(command.discard)
    contracts.take_contracts(rec, company, taken, discard)


# -- Patent Office (p. 19) ---------------------------------------------------------------------


def patent_problem(state: GameState, space: ManagementSpace) -> Words | None:
    slot = int(space.effect.get("slot", 1)) - 1
    if state.setup.mode != "full":
        return say("The Patent Office is not used in the introductory game.")
    if slot >= len(state.patent_offer) or state.patent_offer[slot] is None:
        return say(
            "There is no Advanced Technology tile on this Patent Office space "
            "until the end of the round."
        )
    return None


def do_patent(rec: Recorder, company: str, command: Patent) -> None:
    """Pay 5 Credits and take the Advanced Technology tile of that space (p. 19)."""
    space = get_space(command.space, "patent_office")
    why = patent_problem(rec.state, space)
    if why:
        raise RuleViolation("patent", why)
    slot = int(space.effect.get("slot", 1)) - 1
    tile = rec.state.patent_offer[slot]
    place_engineers(rec, company, space)
    rec.emit(
        "patent_tile_bought",
        say("Take the Advanced Technology tile {tile} into your supply.", tile=tile),
        company=company,
        tile=tile,
        slot=slot,
    )


@applies("patent_tile_bought")
def _patent_tile_bought(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    player.tiles.append(e["tile"])
    player.advanced_tiles_acquired.append(e["tile"])
    state.patent_offer[e["slot"]] = None


def refill_patents_step(rec: Recorder, _arg: str) -> bool:
    """End of Round: three new tiles from pile I, then II, then III (p. 21)."""
    state = rec.state
    if state.setup.mode != "full":
        return True
    for slot in range(3):
        if slot < len(state.patent_offer) and state.patent_offer[slot] is not None:
            continue
        unseen = state.leeghwater.get("patent_unseen") or {}
        # a pile holding only the tile boxed unseen at setup (S5, table deals) is empty
        pile = next(
            (p for p in ("I", "II", "III") if len(state.patent_piles[p]) > unseen.get(p, 0)),
            None,
        )
        if pile is None:
            continue
        question = say("Which Advanced Technology tile was drawn from pile {pile}?", pile=pile)
        if not draws.draw(rec, "patent", pile, state.patent_piles[pile], slot, question):
            return False
    return True


@draws.reveals("patent")
def reveal_patent(rec: Recorder, pile: str, slot: int, tile: str) -> None:
    rec.emit(
        "patent_tile_revealed",
        say(
            "Put {tile} from pile {pile} on Patent Office space {n}.",
            tile=tile,
            pile=pile,
            n=slot + 1,
        ),
        pile=pile,
        slot=slot,
        tile=tile,
    )


def discard_patents(rec: Recorder) -> None:
    """End of Round: the tiles left on the Patent Office go back in the box (p. 21)."""
    left = [t for t in rec.state.patent_offer if t]
    rec.emit(
        "patent_offer_discarded",
        say("Remove the Advanced Technology tiles left on the Patent Office."),
        tiles=left,
    )


@applies("patent_offer_discarded")
def _patent_offer_discarded(state: GameState, e: Event) -> None:
    state.patent_offer = [None, None, None]


@applies("patent_tile_revealed")
def _patent_tile_revealed(state: GameState, e: Event) -> None:
    state.patent_piles[e["pile"]].remove(e["tile"])
    while len(state.patent_offer) <= e["slot"]:
        state.patent_offer.append(None)
    state.patent_offer[e["slot"]] = e["tile"]


ACTIONS: dict[str, Callable[[Recorder, str, Any], None]] = {
    "produce": do_produce,
    "water": do_water,
    "bank": do_bank,
    "workshop": do_workshop,
    "buy_machinery": do_buy_machinery,
    "take_contracts": do_take_contracts,
    "patent": do_patent,
}
