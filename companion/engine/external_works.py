"""External Works (The Leeghwater Project; leeghwater.md §3).

The action: 2 Engineers on the action space of a face-up tile, the tile's Machineries from the
personal supply back to the general supply — never from the Construction Wheel (X2) — and the
reward at once. The tile is kept face down (it counts for the External Works bonus tile) and its
slot stays empty until the End of Round refill (leeghwater.py).

Rewards (§3.3): Credits, VP, Machineries, wheel turns, energy steps and drops go through the one
reward interpreter (effects.py); the free structures too (optional, ruling R6; red-bordered
Base/Powerhouse spaces still cost 3 Credits, ruling R5). The expansion's own rewards are
decisions asked here: fulfil one of your face-up contracts without energy (A1 ≤ 4, C3 any),
produced energy usable for one contract (B1, D6), and a face-up Advanced tile for free (A5).

Leslie Spencer (and Mahiri Sekibo copying her) may put the Machineries on the wheel instead,
with her special tile, then turn it 1 segment (X18).
"""

from __future__ import annotations

from typing import Any

from companion.engine import effects, leeghwater, production
from companion.engine.catalog import (
    CONTRACTS,
    EXTERNAL_WORK_ENGINEERS,
    EXTERNAL_WORKS,
)
from companion.engine.catalog import ExternalWork as ExternalWorkTile
from companion.engine.commands import Answer, ExternalWork, answer_dict
from companion.engine.economy import move_energy, pay_credits
from companion.engine.errors import RuleViolation
from companion.engine.events import Recorder, ask, not_offered, resolves
from companion.engine.state import Decision, GameState
from companion.engine.table_words import advanced_tile_name, external_work_name, machineries_words
from companion.engine.wheel import load_wheel, rotate_wheel, tiles_on_wheel
from companion.engine.words import say

CATEGORY = "external_work"
LESLIE = "leslie_spencer"
LESLIE_TILE = "leslie_tile"
FREE_WORDS = {"base": "free_base_areas", "powerhouse": "free_powerhouse",
              "conduit": "free_conduit_max_value", "elevation": "free_elevation"}  # fmt: skip
FLOW_WORDS = {"immediate": "drops_flow_now", "delayed": "drops_headstream"}


# -- reading the tiles ---------------------------------------------------------------------


def offered(state: GameState, slot: int) -> str | None:
    """The tile face up on slot 1-3, or None."""
    offer = leeghwater.external_offer(state)
    return offer[slot - 1] if 1 <= slot <= len(offer) else None


def interpreter_rewards(tile: str) -> dict[str, Any]:
    """The tile's rewards the reward interpreter gives (contract vocabulary, effects.py)."""
    out: dict[str, Any] = {}
    for item in EXTERNAL_WORKS[tile].rewards:
        effect = item["effect"]
        if effect == "gain":
            for key in ("credits", "vp", "excavators", "mixers"):
                if item.get(key):
                    out[key] = out.get(key, 0) + int(item[key])
        elif effect in ("rotate_wheel", "energy_steps"):
            out[effect] = int(item["n"])
        elif effect == "place_drops_headstream":
            out[FLOW_WORDS[item["flow"]]] = int(item["n"])
        elif effect == "build_free":
            structure = item["structure"]
            if structure == "base":
                out[FREE_WORDS["base"]] = [item["area"]]
            elif structure == "conduit":
                out[FREE_WORDS["conduit"]] = int(item["max_production_value"])
            else:
                out[FREE_WORDS[structure]] = int(item.get("count", 1))
    return out


def contract_candidates(state: GameState, company: str, most: int | None) -> list[str]:
    """The contracts a "fulfil a contract" reward may take: a person's own face-up ones; an
    Automa (no hand) the face-up private contracts of the Contract Office (automa.md §7.8)."""
    if not state.players[company].is_automa:
        return own_contracts_up_to(state, company, most)
    offer = [c for slots in state.contract_offer.values() for c in slots if c]
    return [c for c in offer if most is None or CONTRACTS[c].energy_required <= most]


def own_contracts_up_to(state: GameState, company: str, most: int | None) -> list[str]:
    """Face-up contracts of the company's own supply needing at most `most` energy (None: any);
    National Contracts are not in the supply (leeghwater.md §3.3)."""
    hand = state.players[company].contracts
    return [c for c in hand if most is None or CONTRACTS[c].energy_required <= most]


def leslie_allowed(state: GameState, company: str) -> str | None:
    """Why Leslie Spencer's way is not open now (None if it is)."""
    player = state.players[company]
    if player.officer != LESLIE and player.copied_officer != LESLIE:
        return say("Only Leslie Spencer (or Mahiri Sekibo copying her) puts them on the wheel.")
    if player.copied_officer == LESLIE and player.officer != LESLIE:
        return None  # Mahiri's copy needs no tile (expansion rulebook, Appendix 4)
    if LESLIE_TILE in tiles_on_wheel(state, company):
        return say("Leslie Spencer's tile is still on your Construction Wheel.")
    if LESLIE_TILE not in player.tiles:
        return say("Leslie Spencer's tile is not in your supply.")
    return None


def work_problem(state: GameState, company: str, slot: int, *, leslie: bool = False) -> str | None:
    """Why `company` cannot do the External Work of `slot` now (None if it can)."""
    if not leeghwater.active(state):
        return say("External Works come with The Leeghwater Project, not played in this game.")
    tile = offered(state, slot)
    if tile is None:
        return say("There is no External Work on slot {n} until the end of the round.", n=slot)
    space = leeghwater.external_space(slot - 1)
    if space in state.occupied:
        return say("This External Works space is already taken this round.")
    player = state.players[company]
    if player.engineers < EXTERNAL_WORK_ENGINEERS:
        return say(
            "An External Work needs {n} Engineers; you have {have} in your supply.",
            n=EXTERNAL_WORK_ENGINEERS,
            have=player.engineers,
        )
    work = EXTERNAL_WORKS[tile]
    if player.excavators < work.excavators or player.mixers < work.mixers:
        return say(
            "This External Work needs {excavators} Excavators and {mixers} Concrete Mixers "
            "from your personal supply (you have {n} and {m}); Machineries on your "
            "Construction Wheel cannot be used.",
            excavators=work.excavators,
            mixers=work.mixers,
            n=player.excavators,
            m=player.mixers,
        )
    if leslie:
        return leslie_allowed(state, company)
    return None


def cost_words(work: ExternalWorkTile) -> str:
    """The Machineries printed on a tile, the kinds it asks for only ("2 Concrete Mixers")."""
    return machineries_words(work.excavators, work.mixers)


# -- the action ----------------------------------------------------------------------------


def do_external_work(rec: Recorder, company: str, command: ExternalWork) -> None:
    """2 Engineers, the Machineries, the reward (leeghwater.md §3.1)."""
    why = work_problem(rec.state, company, command.slot, leslie=command.leslie)
    if why:
        raise RuleViolation("external_work", why)
    tile = str(offered(rec.state, command.slot))
    space = leeghwater.external_space(command.slot - 1)
    rec.emit(
        "engineers_placed",
        say("Put 2 Engineers on External Works space {n}.", n=command.slot),
        company=company,
        space=space,
        engineers=EXTERNAL_WORK_ENGINEERS,
    )
    work = EXTERNAL_WORKS[tile]
    if command.leslie:
        own_tile = rec.state.players[company].officer == LESLIE
        load_wheel(
            rec,
            company,
            [LESLIE_TILE] if own_tile else [],
            work.excavators,
            work.mixers,
            say(
                "{work}: its Machineries on the wheel (Leslie Spencer)",
                work=external_work_name(tile, reward=False),
            ),
        )
        rotate_wheel(
            rec,
            company,
            1,
            say("{work} (Leslie Spencer)", work=external_work_name(tile, reward=False)),
        )
        take_work(rec, company, command.slot, paid="wheel")
    else:
        take_work(rec, company, command.slot, paid="machineries")


def take_work(rec: Recorder, company: str, slot: int, *, paid: str) -> None:
    """The tile goes to the company and its reward is given (also for the Loan Agency, where
    `paid` is "credits"); the Machineries go back to the general supply when `paid` is so."""
    tile = str(offered(rec.state, slot))
    work = EXTERNAL_WORKS[tile]
    name = external_work_name(tile)
    taken = {
        "machineries": say(
            "Take the tile of slot {n} face down (its Machineries go back to the general "
            "supply) — {work}.",
            n=slot,
            work=name,
        ),
        "wheel": say(
            "Take the tile of slot {n} face down (its Machineries went on the wheel) — {work}.",
            n=slot,
            work=name,
        ),
        "credits": say(
            "Take the tile of slot {n} face down (pay {credits} Credits (Loan Agency)) — {work}.",
            n=slot,
            credits=work.loan_credits,
            work=name,
        ),
    }[paid]
    rec.emit(
        "external_work_taken",
        taken,
        company=company,
        tile=tile,
        slot=slot - 1,
        paid=paid,
        excavators=work.excavators if paid == "machineries" else 0,
        mixers=work.mixers if paid == "machineries" else 0,
    )
    if paid == "credits":
        why = say("Loan Agency ({work})", work=external_work_name(tile, reward=False))
        pay_credits(rec, company, work.loan_credits, CATEGORY, why)
    give_reward(rec, company, tile)


def give_reward(rec: Recorder, company: str, tile: str) -> None:
    """The right side of the tile (leeghwater.md §3.2-3.3)."""
    reason = external_work_name(tile, reward=False)
    effects.resolve(
        rec, company, interpreter_rewards(tile), source=tile, reason=reason, category=CATEGORY
    )
    for item in EXTERNAL_WORKS[tile].rewards:
        effect = item["effect"]
        if effect == "fulfil_contract":
            most = item["max_energy"]
            ask_contract(rec, company, reason, contract_candidates(rec.state, company, most))
        elif effect == "produce_energy":
            produce_energy(rec, company, int(item["n"]), reason)
        elif effect == "take_advanced_tile":
            ask_advanced_tile(rec, company, reason)


def produce_energy(rec: Recorder, company: str, energy: int, reason: str) -> None:
    """Produced energy (B1, Wind Farm): the marker moves, and it may fulfil one contract
    needing at most that much (D6; not a production action, ruling L7)."""
    move_energy(
        rec,
        company,
        energy,
        say("{reason}: {n} energy produced", reason=reason, n=energy),
        usable=True,
    )
    contracts = production.fulfillable_contracts(rec.state, company, energy)
    if rec.state.players[company].is_automa:  # ruling A7: private and national compete (A3)
        offer = [c for slots in rec.state.contract_offer.values() for c in slots if c]
        contracts += [c for c in offer if production.contract_requirement(rec.state, company, c)
                      <= energy]  # fmt: skip
    if contracts:
        ask_contract(rec, company, reason, contracts, energy=energy)


def ask_contract(
    rec: Recorder, company: str, reason: str, contracts: list[str], *, energy: int | None = None
) -> None:
    """May fulfil one of `contracts` (optional, leeghwater.md §3.3)."""
    if not contracts:
        rec.emit(
            "reward_forfeited",
            say("{reason}: no face-up contract can be fulfilled", reason=reason),
            company=company,
            structure="contract",
        )
        return
    ask(
        rec,
        "reward_contract",
        company,
        say("{reason}: fulfil one contract (or decline)", reason=reason),
        energy=energy,
        contracts=list(contracts),
        answers=[*({"contract": c} for c in contracts), {"contract": None}],
    )


def _accept(rec: Recorder, decision: Decision, chosen: object, field: str, answer: Answer) -> None:
    """Refuse an answer the decision did not offer; record the one it did."""
    if chosen not in [a[field] for a in decision.options["answers"]]:
        raise not_offered(decision)
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=answer_dict(answer))


@resolves("reward_contract")
def _resolve_reward_contract(rec: Recorder, decision: Decision, answer: Answer) -> None:
    _accept(rec, decision, answer.contract, "contract", answer)
    company = str(decision.player)
    if answer.contract is None:
        rec.emit("reward_declined", decision.reason, company=company, what="contract")
        return
    state = rec.state
    if answer.contract not in [*state.players[company].contracts, *state.national_contracts]:
        # an Automa fulfils a contract of the Contract Office at once (automa.md §7.8)
        rec.emit(
            "automa_contract_claimed",
            say(
                "Take contract {contract} from the Contract Office: the Automa fulfils it.",
                contract=answer.contract,
            ),
            company=company,
            contract=answer.contract,
        )
    energy = decision.options.get("energy")
    if energy is None:
        production.fulfil_without_energy(rec, company, answer.contract, decision.reason)
    else:
        production.fulfil_contract(rec, company, answer.contract, int(energy), decision.reason)


def ask_advanced_tile(rec: Recorder, company: str, reason: str) -> None:
    """A5: one face-up Advanced Technology tile, without the Patent Office's cost."""
    slots = [(i, t) for i, t in enumerate(rec.state.patent_offer) if t]
    if not slots:
        rec.emit(
            "reward_forfeited",
            say("{reason}: no Advanced Technology tile is face up", reason=reason),
            company=company,
            structure="advanced_tile",
        )
        return
    ask(
        rec,
        "reward_advanced_tile",
        company,
        say(
            "{reason}: take a face-up Advanced Technology tile for free (or decline)",
            reason=reason,
        ),
        answers=[*({"tile": t} for _, t in slots), {"tile": None}],
    )


@resolves("reward_advanced_tile")
def _resolve_reward_advanced_tile(rec: Recorder, decision: Decision, answer: Answer) -> None:
    _accept(rec, decision, answer.tile, "tile", answer)
    company = str(decision.player)
    if answer.tile is None:
        rec.emit("reward_declined", decision.reason, company=company, what="advanced_tile")
        return
    slot = rec.state.patent_offer.index(answer.tile)
    rec.emit(
        "patent_tile_bought",
        say(
            "{reason}: take {tile} into your supply.",
            reason=decision.reason,
            tile=advanced_tile_name(answer.tile),
        ),
        company=company,
        tile=answer.tile,
        slot=slot,
    )


# -- legal options -------------------------------------------------------------------------


def work_options(state: GameState, company: str) -> list[dict[str, Any]]:
    """Every External Work the company may do now, ready to send (with Leslie's way too)."""
    out: list[dict[str, Any]] = []
    for slot in (1, 2, 3):
        if work_problem(state, company, slot) is not None:
            continue
        tile = str(offered(state, slot))
        work = EXTERNAL_WORKS[tile]
        command = {"type": "external_work", "player": company, "slot": slot}
        option = {
            "slot": slot,
            "tile": tile,
            "label": external_work_name(tile),
            "command": command,
            # the cost chips a device shows (2 Engineers, Machineries from the personal supply)
            "preview": {
                "engineers": EXTERNAL_WORK_ENGINEERS,
                "excavators": work.excavators,
                "mixers": work.mixers,
            },
        }
        if leslie_allowed(state, company) is None:
            option["leslie_command"] = {**command, "leslie": True}
        out.append(option)
    return out
