"""The Automa's answers to reward choices (automa.md §6, §7.10; ruling R6 for declining).

Machineries of one's choice: the type it has fewer of, tie → Excavator; drops: the water logic
of §7.2 with the criteria tile's letters; a free structure: the placement procedure of §8;
Germany's second production (level 3+): the most productive system. Other decisions are left
to the table (None).
"""

from __future__ import annotations

from typing import Any

from companion.engine import catalog, production
from companion.engine.automa import deck, feasibility, placement, water_choice
from companion.engine.automa.tiles import TILES, Criteria
from companion.engine.board import SPACES
from companion.engine.commands import read_answer
from companion.engine.events import RESOLVERS, Event, Recorder, applies
from companion.engine.state import Decision, GameState
from companion.engine.words import say


def current_criteria(state: GameState) -> Criteria:
    """The criteria tile in use (the top of the discard pile), else the tile on the draw pile."""
    tile = deck.criteria_tile(state) or deck.action_tile(state) or TILES[1]
    return tile.criteria


def _machineries(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    excavators, mixers = feasibility.wild_machinery(state, company, int(decision.options["amount"]))
    return {"excavators": excavators, "mixers": mixers}


def _drops(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    n = int(decision.options["n"])
    criteria = current_criteria(state)
    if decision.options.get("flow") == "now":
        choice = water_choice.choose_flowing_drops(state, company, n, criteria, exact=True)
    else:
        choice = water_choice.choose_waiting_drops(state, company, n, criteria, exact=True)
    if not choice.is_useful:
        return {"drops": {}}  # ruling R6: no drop would reach an own dam, decline
    drops: dict[str, int] = {}
    for letter in choice.letters:
        drops[letter] = drops.get(letter, 0) + 1
    return {"drops": drops}


def _free_structure(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    spaces = list(decision.options.get("spaces") or [])
    if not spaces:
        return {"space": None}
    placed = placement.choose_space(
        state, company, decision.options["structure"], spaces, current_criteria(state)
    )
    return {"space": placed.space}


def _second_production(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    """Germany (level 3+): the most productive eligible system, best contract (§2.1)."""
    options = decision.options.get("options") or []
    if not options:
        return {"decline": True}
    best = max(options, key=lambda o: (o["energy"], o["drops"]))
    answer = dict(best["command"])
    contracts = [c for c, _ in feasibility.contract_options(state, company, best["energy"])]
    national_or_hand = set(best.get("contracts") or [])
    usable = [c for c in contracts if c in national_or_hand]
    if usable:
        answer["contract"] = usable[0]
    return answer


def _tile_effect(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    """Level 3+ tile effects that fill own dams: always accepted (they only add drops)."""
    return {"accept": True}


def _tile_production(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    """L2_POWERHOUSE at level 3+: "it triggers the best production available" (§2.1)."""
    options = decision.options.get("productions") or []
    if not options:
        return {"decline": True}
    best = max(options, key=lambda o: (o["energy"], o["drops"]))
    return dict(best["command"])


def _tile_contract(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    """Tile energy (ruling A7): move the marker; a national contract if one is covered."""
    legal = [c for c in decision.options.get("contracts") or []]
    ranked = [
        c
        for c, _ in feasibility.contract_options(state, company, decision.options["energy"])
        if c in legal
    ]
    return {"produce": True, "contract": ranked[0] if ranked else None}


def _ranked(state: GameState, contracts: list[str]) -> list[str]:
    """Highest requirement first; ties → the rightmost (rulings A3, A17)."""
    order = [c for slots in state.contract_offer.values() for c in slots if c]
    return sorted(
        contracts,
        key=lambda c: (
            -catalog.CONTRACTS[c].energy_required,
            c not in state.national_contracts,
            -order.index(c) if c in order else 0,
        ),
    )


def _reward_contract(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    """External Works / produced energy: the highest contract on offer (automa.md §7.8)."""
    legal = [a["contract"] for a in decision.options["answers"] if a["contract"]]
    ranked = _ranked(state, legal)
    return {"contract": ranked[0] if ranked else None}


def _reward_advanced_tile(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    """External Work A5: as the Patent Office with "any structure" shown (ruling A7)."""
    choice = feasibility.patent_choice(state, None)
    return {"tile": choice[1] if choice else None}


def _company_drop(state: GameState, company: str, decision: Decision) -> dict[str, Any]:
    """The Netherlands (level 3+): the dam of its most productive system other than the one
    just used; with none or several, the dam/elevation criteria decide (automa.md §2.1)."""
    legal = sorted(a["dam"] for a in decision.options["answers"] if a["dam"])
    if not legal:
        return {"dam": None}
    systems = [
        s for s in production.production_systems(state, company, with_water=False)
        if s.dam in legal
    ]  # fmt: skip
    best = max((s.value for s in systems), default=None)
    tied = sorted({s.dam for s in systems if s.value == best}) or legal
    if len(tied) == 1:
        return {"dam": tied[0]}
    placed = placement.choose_space(state, company, "elevation", tied, current_criteria(state))
    return {"dam": placed.space}


ANSWERS = {
    "choose_machineries": _machineries,
    "place_drops": _drops,
    "free_structure": _free_structure,
    "second_production": _second_production,
    "tile_effect": _tile_effect,
    "tile_production": _tile_production,
    "tile_contract": _tile_contract,
    "reward_contract": _reward_contract,
    "reward_advanced_tile": _reward_advanced_tile,
    "company_drop": _company_drop,
}
PRODUCTIONS = ("tile_production", "second_production")


def automatic_answer(state: GameState, decision: Decision) -> dict[str, Any] | None:
    """The Automa's answer to a pending Decision of its own seat, or None (ask the table)."""
    company = decision.player
    if company is None or company not in state.players:
        return None
    if not state.players[company].is_automa:
        return None
    maker = ANSWERS.get(decision.kind)
    return maker(state, company, decision) if maker else None


def answer_pending(rec: Recorder, company: str | None = None) -> int:
    """Answer every pending Decision on top that belongs to an Automa; returns how many."""
    answered = 0
    while rec.state.pending:
        decision = rec.state.pending[-1]
        if company is not None and decision.player != company:
            break
        answer = automatic_answer(rec.state, decision)
        if answer is None:
            break
        if decision.kind in PRODUCTIONS and not answer.get("decline"):
            answer = _claim_office_contract(rec, decision, answer)
        RESOLVERS[decision.kind](rec, decision, read_answer(answer))
        answered += 1
    return answered


def _claim_office_contract(
    rec: Recorder, decision: Decision, answer: dict[str, Any]
) -> dict[str, Any]:
    """A production's contract comes straight from the Contract Office (§7.1, ruling A3)."""
    state, company = rec.state, str(decision.player)
    bonus = int(decision.options.get("bonus", 0))
    second = decision.kind == "second_production"
    value = SPACES[answer["conduit"]].value
    energy = production.production_energy(
        state, company, value, int(answer["drops"]), bonus, second=second
    )
    ranked = feasibility.contract_options(state, company, energy)
    if not ranked:
        return answer
    contract = ranked[0][0]
    claim_contract(rec, company, contract)
    return {**answer, "contract": contract}


def claim_contract(rec: Recorder, company: str, contract: str | None) -> None:
    """A face-up contract goes straight into the Automa's hand, to be fulfilled at once
    (§7.1, ruling A3); a national contract, one already in hand (a human's opening under
    Mahiri Sekibo) or none needs no taking.
    """
    state = rec.state
    taken = [*state.national_contracts, *state.players[company].contracts]
    if contract is not None and contract not in taken:
        rec.emit(
            "automa_contract_claimed",
            say(
                "Take contract {contract} from the Contract Office: the Automa fulfils it at once.",
                contract=contract,
            ),
            company=company,
            contract=contract,
        )


@applies("automa_contract_claimed")
def _contract_claimed(state: GameState, e: Event) -> None:
    for slots in state.contract_offer.values():
        for i, contract in enumerate(slots):
            if contract == e["contract"]:
                slots[i] = None
    state.players[e["company"]].contracts.append(e["contract"])
