"""The Contract Office: taking private contracts, the hand limit, refilling the offer.

Rulebook: "Contract Office" (p. 18): take 1 face-up private contract for free or 2 for 1
Credit; at most 3 face-up (not yet fulfilled) contracts, discard at once if more; the taken
tiles are replaced from the piles at the END of the turn. Ruling R13: an emptied pile leaves
its slots empty; discarded contracts leave the game. Edge case 20.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from companion.engine import draws
from companion.engine.commands import Answer
from companion.engine.counts import commas
from companion.engine.errors import RuleViolation
from companion.engine.events import Event, Recorder, applies, ask, resolves
from companion.engine.state import Decision, GameState
from companion.engine.words import say

COLOUR_WORDS = {"green": say("green"), "yellow": say("yellow"), "red": say("red")}

HAND_LIMIT = 3
SIMONE = "simone_luciani"
SIMONE_HAND_LIMIT = 4  # The Leeghwater Project, Appendix 4
PILES = ("green", "yellow", "red")


def hand_limit(state: GameState, company: str) -> int:
    """Face-up contracts a company may keep: 3, Simone Luciani 4 (expansion, Appendix 4)."""
    player = state.players[company]
    # Mahiri Sekibo copying Simone: 4 in that turn, and then until she fulfils one (Appendix 4)
    kept = company in (state.leeghwater.get("simone_hold") or [])
    if kept or SIMONE in (player.officer, player.copied_officer):
        return SIMONE_HAND_LIMIT
    return HAND_LIMIT


def offered(state: GameState) -> dict[str, tuple[str, int]]:
    """Face-up private contracts on offer: id -> (pile, slot)."""
    return {
        c: (pile, slot)
        for pile, slots in state.contract_offer.items()
        for slot, c in enumerate(slots)
        if c is not None
    }


def take_problem(state: GameState, taken: Any, count: int) -> str | None:
    """Why these contracts cannot be taken from a space that gives `count` (None if they can)."""
    on_offer = offered(state)
    if not on_offer:
        return say("There are no private contracts on offer.")
    if not isinstance(taken, list) or not taken:
        return say("Choose the face-up private contract(s) you take.")
    if len(set(taken)) != len(taken):
        return say("Each contract can be taken once.")
    for contract in taken:
        if contract not in on_offer:
            return say(
                "Contract {contract} is not face up in the Contract Office.",
                contract=contract,
            )
    expected = min(count, len(on_offer))
    if len(taken) != expected:
        if expected == 1:
            return say("This space takes 1 contract; you chose {count}.", count=len(taken))
        return say(
            "This space takes {expected} contracts; you chose {count}.",
            expected=expected,
            count=len(taken),
        )
    return None


def take_contracts(
    rec: Recorder, company: str, taken: list[str], discard: list[str] | None = None
) -> None:
    """Take the contracts into the hand; above the hand limit, discard at once (p. 18)."""
    on_offer = offered(rec.state)
    for contract in taken:
        pile, slot = on_offer[contract]
        rec.emit(
            "contract_taken",
            say("Take contract {contract} from the Contract Office.", contract=contract),
            company=company,
            contract=contract,
            pile=pile,
            slot=slot,
        )
    enforce_hand_limit(rec, company, discard)
    player = rec.state.players[company]
    if player.copied_officer == SIMONE and len(player.contracts) > HAND_LIMIT:
        rec.emit(
            "contract_limit_kept",
            say("Mahiri Sekibo holds 4 contracts (copying Simone Luciani) until she fulfils one."),
            company=company,
        )


@applies("contract_limit_kept")
def _contract_limit_kept(state: GameState, e: Event) -> None:
    state.leeghwater.setdefault("simone_hold", []).append(e["company"])


def enforce_hand_limit(rec: Recorder, company: str, discard: list[str] | None = None) -> None:
    """More than the limit face up: discard now (given in the command, or asked)."""
    hand = rec.state.players[company].contracts
    excess = len(hand) - hand_limit(rec.state, company)
    if excess <= 0:
        if discard:
            raise RuleViolation(
                "discard", say("You only discard contracts when you hold more than 3.")
            )
        return
    if discard is not None:
        discard_contracts(rec, company, discard, excess)
        return
    ask(
        rec,
        "discard_contracts",
        company,
        say(
            "You hold {n} face-up contracts: discard {k} (at most {limit}).",
            n=len(hand),
            k=excess,
            limit=hand_limit(rec.state, company),
        ),
        hand=list(hand),
        count=excess,
        answers=[{"discard": list(c)} for c in combinations(hand, excess)],
    )


def discard_contracts(rec: Recorder, company: str, discard: Any, excess: int) -> None:
    """Discard exactly `excess` contracts of the hand: out of the game (ruling R13)."""
    hand = rec.state.players[company].contracts
    if not isinstance(discard, list) or len(discard) != excess or len(set(discard)) != excess:
        raise RuleViolation(
            "discard",
            say(
                "Discard exactly {excess} contract(s) from your hand.",
                excess=excess,
            ),
        )
    for contract in discard:
        if contract not in hand:
            raise RuleViolation(
                "discard",
                say(
                    "Contract {contract} is not in your hand.",
                    contract=contract,
                ),
            )
    rec.emit(
        "contracts_discarded",
        say("Discard {contracts}: out of the game (ruling R13).", contracts=commas(list(discard))),
        company=company,
        contracts=list(discard),
    )


@resolves("discard_contracts")
def resolve_discard(rec: Recorder, decision: Decision, answer: Answer) -> None:
    """The discard asked for above the hand limit; discard_contracts checks it."""
    rec.emit("decision_resolved", say("Contracts discarded."))
    excess = int(decision.options["count"])
    discard = None if answer.discard is None else list(answer.discard)
    discard_contracts(rec, str(decision.player), discard, excess)


@applies("contract_taken")
def _contract_taken(state: GameState, e: Event) -> None:
    state.contract_offer[e["pile"]][e["slot"]] = None
    state.players[e["company"]].contracts.append(e["contract"])


@applies("contracts_discarded")
def _contracts_discarded(state: GameState, e: Event) -> None:
    hand = state.players[e["company"]].contracts
    for contract in e["contracts"]:
        hand.remove(contract)


# -- refill at the end of the turn -----------------------------------------------------------


def refill_step(rec: Recorder, _arg: str) -> bool:
    """Refill empty face-up slots from the pile tops (app deals) or ask the table (p. 18, R13)."""
    state = rec.state
    for pile in PILES:
        for slot, contract in enumerate(state.contract_offer[pile]):
            if contract is not None or not state.contract_piles[pile]:
                continue  # ruling R13: an empty pile leaves the slot empty
            question = say(
                "Which {pile} contract was drawn to refill the Contract Office?",
                pile=COLOUR_WORDS.get(pile, pile),
            )
            if not draws.draw(rec, "contract", pile, state.contract_piles[pile], slot, question):
                return False
    return True


@draws.reveals("contract")
def reveal_contract(rec: Recorder, pile: str, slot: int, contract: str) -> None:
    rec.emit(
        "contract_revealed",
        say(
            "Refill the Contract Office: {contract} from the {pile} pile.",
            contract=contract,
            pile=COLOUR_WORDS.get(pile, pile),
        ),
        pile=pile,
        slot=slot,
        contract=contract,
    )


@applies("contract_revealed")
def _contract_revealed(state: GameState, e: Event) -> None:
    state.contract_piles[e["pile"]].remove(e["contract"])
    state.contract_offer[e["pile"]][e["slot"]] = e["contract"]
