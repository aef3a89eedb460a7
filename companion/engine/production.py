"""Production: systems (dam → conduit → powerhouse), energy, conduit payment, contracts.

Rulebook: "Production" and "Connections" (p. 6), "Turbine Station" and "Production Effects"
(pp. 15-16), "Where does the water go?" (p. 16), Appendix 2 (company abilities) and
Appendix 3 (Viktor Fiesler). Facts: ../shared/reference/map.md §5. The steps of one
production follow ruling R16.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from companion.engine import abilities, counts, water
from companion.engine.board import BASINS, SPACES
from companion.engine.catalog import CONTRACTS
from companion.engine.commands import Answer, Produce, answer_dict
from companion.engine.counts import dots
from companion.engine.economy import (
    can_pay_credits,
    gain_credits,
    move_energy,
    pay_credits,
    score_vp,
    source,
)
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.events import Event, Recorder, applies, ask, not_offered, resolves
from companion.engine.hooks import HOOKS
from companion.engine.state import NEUTRAL, Decision, GameState
from companion.engine.words import listing, say

SHORT_NAMES: dict[str, str] = {
    "usa": "USA",
    "germany": "GER",
    "italy": "ITA",
    "france": "FRA",
    "netherlands": "NED",
}
LONG_NAMES: dict[str, str] = {
    "usa": say("the USA"),
    "germany": say("Germany"),
    "italy": say("Italy"),
    "france": say("France"),
    "netherlands": say("the Netherlands"),
}


@dataclass(frozen=True)
class System:
    """One production system: a dam with drops, a conduit leading away, an own powerhouse."""

    dam: str
    conduit: str
    powerhouse: str
    conduit_owner: str
    value: int
    drops_available: int

    def label(self) -> str:
        """The system as the table reads it: "3U → C3L(4) → P5-2"."""
        return f"{self.dam} → {self.conduit}({self.value}) → {self.powerhouse}"


# -- reading -------------------------------------------------------------------------------


def production_systems(state: GameState, company: str, *, with_water: bool = True) -> list[System]:
    """Every system `company` could produce with (p. 6 "Connections").

    A built conduit (any owner) in basin X whose destination is basin Y connects both dams of
    X (own or neutral) to the company's powerhouse in Y. A dam and a powerhouse in the same
    basin are never connected. `with_water=False` also lists dams holding no drop.
    """
    systems: list[System] = []
    for powerhouse, owner in state.powerhouses.items():
        if owner != company:
            continue
        basin = SPACES[powerhouse].basin
        for conduit_space in BASINS[basin].conduits_arriving:
            conduit_owner = state.conduits.get(conduit_space)
            if conduit_owner is None:
                continue
            conduit = SPACES[conduit_space]
            for dam_space in BASINS[conduit.basin].dam_spaces:
                dam = state.dams.get(dam_space)
                if dam is None or dam.owner not in (company, NEUTRAL):
                    continue
                if conduit.basin == basin or (with_water and dam.drops < 1):
                    continue
                systems.append(
                    System(
                        dam_space,
                        conduit_space,
                        powerhouse,
                        conduit_owner,
                        conduit.value,
                        dam.drops,
                    )
                )
    return sorted(systems, key=lambda s: (s.powerhouse, s.conduit, s.dam))


def production_energy(
    state: GameState, company: str, value: int, drops: int, bonus: int, *, second: bool = False
) -> int:
    """Energy of one production: value × drops (Viktor: ≤ 3 → 4) + action bonus + board bonus.

    Germany's second production takes no bonus of any kind and no Viktor minimum
    (Appendix 2; ruling R10; edge cases 2 and 3).
    """
    energy = abilities.viktor_minimum(state, company, value * drops, second=second)
    if second:
        return energy
    return energy + bonus + abilities.board_production_bonus(state, company)


def contract_requirement(state: GameState, company: str, contract_id: str) -> int:
    """Energy a single production needs to fulfil the contract (France: 3 less, ruling R9)."""
    required = CONTRACTS[contract_id].energy_required
    return max(0, required - abilities.france_discount(state, company))


def fulfillable_contracts(state: GameState, company: str, energy: int) -> list[str]:
    """Contracts one production of `energy` could fulfil: face-up in hand or a national one.

    Only the energy of that single production counts (edge case 1); France needs 3 less,
    national contracts included (rulings R9, R25).
    """
    candidates = [*state.players[company].contracts, *state.national_contracts]
    return [c for c in candidates if contract_requirement(state, company, c) <= energy]


def conduit_payment(state: GameState, company: str, system: System, drops: int) -> int:
    """Credits owed to another player for using their conduit: 1 per drop (p. 6)."""
    return 0 if system.conduit_owner == company else drops


def production_options(
    state: GameState,
    company: str,
    bonus: int,
    *,
    second: bool = False,
    exclude_powerhouse: str | None = None,
) -> list[dict[str, Any]]:
    """Every legal production now: each system × number of drops, with a preview.

    Each entry: the system, `drops`, `energy`, `pays` ({owner, credits} or None), the
    `contracts` this production could fulfil, where the drops then go (`stops_at`: a dam space
    or None for off the map, one per drop, and `flow_text`), a ready `command` fragment (and one per
    contract in `commands`), a `label` and the system's `system_label`
    ("3U → C3L(4) → P5-2 · up to 2 drops · 9 energy · pays ITA 2₵").
    """
    options: list[dict[str, Any]] = []
    for system in production_systems(state, company):
        if system.powerhouse == exclude_powerhouse:
            continue
        stops = _released_stops(state, system)
        made = [
            _option(state, company, system, drops, bonus, second, stops[:drops])
            for drops in range(1, system.drops_available + 1)
        ]
        entries = [e for e in made if e is not None]
        if not entries:
            continue
        summary = _system_label(system, entries[-1])
        for entry in entries:
            entry["system_label"] = summary
        options.extend(entries)
    return options


def _option(
    state: GameState,
    company: str,
    system: System,
    drops: int,
    bonus: int,
    second: bool,
    stops: list[str | None],
) -> dict[str, Any] | None:
    energy = production_energy(state, company, system.value, drops, bonus, second=second)
    credits = conduit_payment(state, company, system, drops)
    if energy < 1 or not can_pay_credits(state, company, credits):
        return None
    command = {
        "dam": system.dam,
        "conduit": system.conduit,
        "powerhouse": system.powerhouse,
        "drops": drops,
    }
    contracts = fulfillable_contracts(state, company, energy)
    pays = {"owner": system.conduit_owner, "credits": credits} if credits else None
    owner = SHORT_NAMES.get(system.conduit_owner or "", system.conduit_owner)
    label = dots(
        [
            system.label(),
            counts.drops(drops),
            say("{n} energy", n=energy),
            say("pays {company} {credits}", company=owner, credits=_credits(credits))
            if pays
            else "",
        ]
    )
    return {
        **command,
        "conduit_owner": system.conduit_owner,
        "value": system.value,
        "max_drops": system.drops_available,
        "energy": energy,
        "pays": pays,
        "contracts": contracts,
        "stops_at": stops,
        "flow_text": say("Then {stops}.", stops=water.stops_text(stops)),
        "second": second,
        "command": command,
        "commands": [command]
        + [{**command, "contract": c} for c in contracts]
        + [{**command, "contracts": s} for s in several_sets(state, company, energy)],
        "label": label,
    }


def _released_stops(state: GameState, system: System) -> list[str | None]:
    """Where the produced drops go, one after the other: they leave the dam, then flow on
    from the powerhouse's basin (ruling R16 step 3; edge case 22), as `decide_produce` lets
    them flow. No conduit leads back upstream of its dam (a test checks the map), so the
    emptied dam is never on their way and n drops stop where the first n of these do.
    """
    basin = SPACES[system.powerhouse].basin
    return water.release_stops(state, basin, system.drops_available)


def _system_label(system: System, best: dict[str, Any]) -> str:
    drops = best["drops"]
    owner = SHORT_NAMES.get(system.conduit_owner or "", system.conduit_owner)
    return dots(
        [
            system.label(),
            say("up to 1 drop") if drops == 1 else say("up to {n} drops", n=drops),
            say("{n} energy", n=best["energy"]),
            say(
                "pays {company} {credits}", company=owner, credits=_credits(best["pays"]["credits"])
            )
            if best["pays"]
            else "",
        ]
    )


def _credits(n: int) -> str:
    return f"{n}₵"


def second_production_options(
    state: GameState, company: str, first_powerhouse: str
) -> list[dict[str, Any]]:
    """Germany's second production: another powerhouse, no bonus (Appendix 2, ruling R27)."""
    return production_options(state, company, 0, second=True, exclude_powerhouse=first_powerhouse)


def production_fields(source: Produce | Answer | Mapping[str, Any]) -> dict[str, Any]:
    """The system, drops and contract of a produce command, an answer or an Automa plan, as
    decide_produce takes them. Raises CommandError when one is missing or of the wrong kind.
    """
    if isinstance(source, Mapping):
        values = {k: source.get(k) for k in ("dam", "conduit", "powerhouse", "drops", "contract")}
        several = source.get("contracts")
    else:
        values = {k: getattr(source, k) for k in ("dam", "conduit", "powerhouse", "drops")}
        values["contract"] = source.contract
        several = source.contracts
    if several is not None:  # only Simone Luciani's productions name several (X16)
        if not isinstance(several, list | tuple) or not all(isinstance(c, str) for c in several):
            raise CommandError(say("A production's contracts are contract ids."))
        values["contracts"] = tuple(several)
    missing = [k for k in ("dam", "conduit", "powerhouse", "drops") if values[k] is None]
    if missing:
        fields = listing([repr(k) for k in missing])
        raise CommandError(say("A production needs {fields}.", fields=fields))
    for key in ("dam", "conduit", "powerhouse"):
        if not isinstance(values[key], str):
            raise CommandError(say("A production's {key} is a space id.", key=key))
    if values["contract"] is not None and not isinstance(values["contract"], str):
        raise CommandError(say("A production's contract is a contract id."))
    drops = values["drops"]
    if isinstance(drops, bool) or not isinstance(drops, int):
        raise CommandError(say("The number of drops must be a whole number."))
    return values


# -- validating ----------------------------------------------------------------------------


def check_production(
    state: GameState,
    company: str,
    *,
    dam: str,
    conduit: str,
    powerhouse: str,
    drops: int,
    bonus: int,
    contract: str | None,
    second: bool = False,
    contracts: tuple[str, ...] | None = None,
) -> tuple[System, int]:
    """Check one production (p. 6, p. 15); return the system and its energy.

    Raises RuleViolation with a sentence naming the rule, CommandError for unknown spaces.
    """
    for space, kind in ((dam, "dam"), (conduit, "conduit"), (powerhouse, "powerhouse")):
        if space not in SPACES or SPACES[space].kind != kind:
            raise CommandError(_not_a_space(kind, repr(space)))
    system = _check_structures(state, company, dam, conduit, powerhouse)
    _check_drops(system, drops)
    energy = production_energy(state, company, system.value, drops, bonus, second=second)
    if energy < 1:
        raise RuleViolation(
            "no_energy",
            say(
                "This production gives {energy} Energy; a production must give at least 1 "
                "(Turbine Station).",
                energy=energy,
            ),
        )
    _check_payment(state, company, system, drops)
    if contract is not None:
        _check_contract(state, company, contract, energy)
    if contracts is not None:
        _check_several(state, company, contract, contracts, energy)
    return system, energy


SIMONE = "simone_luciani"


def may_fulfil_several(state: GameState, company: str) -> bool:
    """Simone Luciani: one production action may fulfil 2+ contracts (expansion, Appendix 4;
    production actions only, ruling L7)."""
    player = state.players[company]
    return SIMONE in (player.officer, player.copied_officer)  # Mahiri's copy: that turn


def several_sets(state: GameState, company: str, energy: int) -> list[list[str]]:
    """Every set of 2+ contracts whose requirements (France's 3 less each, ruling R25) sum to
    at most `energy` (X16)."""
    if not may_fulfil_several(state, company):
        return []
    candidates = fulfillable_contracts(state, company, energy)
    out: list[list[str]] = []
    for size in range(2, len(candidates) + 1):
        for chosen in combinations(candidates, size):
            if sum(contract_requirement(state, company, c) for c in chosen) <= energy:
                out.append(list(chosen))
    return out


def _not_a_space(kind: str, shown: str) -> str:
    if kind == "dam":
        return say("{space} is not a dam space.", space=shown)
    if kind == "conduit":
        return say("{space} is not a conduit space.", space=shown)
    return say("{space} is not a powerhouse space.", space=shown)


def _check_several(
    state: GameState, company: str, contract: str | None, chosen: tuple[str, ...], energy: int
) -> None:
    if not may_fulfil_several(state, company):
        raise RuleViolation(
            "one_contract",
            say("Only Simone Luciani fulfils several contracts with one production."),
        )
    if contract is not None or len(chosen) < 2 or len(set(chosen)) != len(chosen):
        raise RuleViolation(
            "several_contracts", say("Name 2 or more different contracts (or one as `contract`).")
        )
    for c in chosen:
        _check_contract(state, company, c, energy)
    total = sum(contract_requirement(state, company, c) for c in chosen)
    if total > energy:
        raise RuleViolation(
            "not_enough_energy",
            say(
                "These contracts need {total} energy together; this production gives {energy}.",
                total=total,
                energy=energy,
            ),
        )


def _check_structures(
    state: GameState, company: str, dam: str, conduit: str, powerhouse: str
) -> System:
    ph_basin = SPACES[powerhouse].basin
    if state.powerhouses.get(powerhouse) != company:
        raise RuleViolation(
            "not_your_powerhouse",
            say(
                "There is no powerhouse of yours on {powerhouse}.",
                powerhouse=powerhouse,
            ),
        )
    if SPACES[dam].basin == ph_basin:
        raise RuleViolation(
            "not_connected",
            say(
                "Your powerhouse in basin {ph_basin} is not connected to dam {dam}: a dam and a "
                "powerhouse in the same basin are never connected.",
                ph_basin=ph_basin,
                dam=dam,
            ),
        )
    owner = state.conduits.get(conduit)
    if owner is None:
        raise RuleViolation(
            "no_conduit",
            say(
                "No conduit has been built on {conduit}.",
                conduit=conduit,
            ),
        )
    c = SPACES[conduit]
    if c.destination_basin != ph_basin:
        raise RuleViolation(
            "not_connected",
            say(
                "Conduit {conduit} leads to basin {destination_basin}, not to your powerhouse in "
                "basin {ph_basin}.",
                conduit=conduit,
                destination_basin=c.destination_basin,
                ph_basin=ph_basin,
            ),
        )
    if SPACES[dam].basin != c.basin:
        raise RuleViolation(
            "not_connected",
            say(
                "Conduit {conduit} starts in basin {basin}; it does not take water from dam "
                "{dam}.",
                conduit=conduit,
                basin=c.basin,
                dam=dam,
            ),
        )
    d = state.dams.get(dam)
    if d is None:
        raise RuleViolation("no_dam", say("There is no dam on {dam}.", dam=dam))
    if d.owner not in (company, NEUTRAL):
        raise RuleViolation(
            "not_your_dam",
            say(
                "Dam {dam} belongs to {owner}: you may produce only from your own dams or neutral "
                "dams.",
                dam=dam,
                owner=LONG_NAMES.get(d.owner, d.owner),
            ),
        )
    return System(dam, conduit, powerhouse, owner, c.value, d.drops)


def _check_drops(system: System, drops: int) -> None:
    if drops < 1:
        raise RuleViolation("no_drops", say("A production moves at least 1 drop."))
    if drops > system.drops_available:
        held = system.drops_available
        if held == 1:
            raise RuleViolation("not_enough_drops", say("That dam holds only 1 drop."))
        raise RuleViolation(
            "not_enough_drops", say("That dam holds only {held} drops.", held=held)
        )


def _check_payment(state: GameState, company: str, system: System, drops: int) -> None:
    credits = conduit_payment(state, company, system, drops)
    if not can_pay_credits(state, company, credits):
        have = state.players[company].credits
        owner = LONG_NAMES.get(system.conduit_owner, system.conduit_owner)
        if credits == 1:
            said = say(
                "You need 1 Credit to pay {owner} for its conduit; you have {have}.",
                owner=owner,
                have=have,
            )
        else:
            said = say(
                "You need {credits} Credits to pay {owner} for its conduit; you have {have}.",
                credits=credits,
                owner=owner,
                have=have,
            )
        raise RuleViolation("insufficient_credits", said)


def _check_contract(state: GameState, company: str, contract: str, energy: int) -> None:
    if contract not in CONTRACTS:
        raise CommandError(say("There is no contract {contract}.", contract=repr(contract)))
    if contract not in state.players[company].contracts and contract not in (
        state.national_contracts
    ):
        raise RuleViolation(
            "contract_unavailable",
            say(
                "Contract {contract} is neither face up in your supply nor an available national "
                "contract.",
                contract=contract,
            ),
        )
    required = contract_requirement(state, company, contract)
    if required > energy:
        if abilities.france_discount(state, company):
            needs = say(
                "Contract {contract} needs {required} Energy (France: 3 less) from this single "
                "production; it gives {energy}.",
                contract=contract,
                required=required,
                energy=energy,
            )
        else:
            needs = say(
                "Contract {contract} needs {required} Energy from this single production; "
                "it gives {energy}.",
                contract=contract,
                required=required,
                energy=energy,
            )
        raise RuleViolation("contract_energy", needs)


# -- deciding ------------------------------------------------------------------------------


def decide_produce(
    rec: Recorder,
    company: str,
    *,
    dam: str,
    conduit: str,
    powerhouse: str,
    drops: int,
    bonus: int,
    contract: str | None = None,
    second: bool = False,
    contracts: tuple[str, ...] | None = None,
) -> None:
    """One production, in the steps of ruling R16.

    1. take the drops; 2. energy (marker moved); 3. the drops flow on from the powerhouse's
    basin (USA may gain downstream); 4. pay the conduit's owner; 5. fulfil at most one
    contract and resolve its reward; 6. company effect: Germany's optional second production,
    Italy's +3 steps. Step 6 waits until the reward's choices are answered (see
    `continue_after_reward`). Raises RuleViolation (nothing is emitted then).
    """
    state = rec.state
    system, energy = check_production(
        state, company, dam=dam, conduit=conduit, powerhouse=powerhouse, drops=drops,
        bonus=bonus, contract=contract, second=second, contracts=contracts,
    )  # fmt: skip
    if second:
        reason = say(
            "Germany's second production: {n} drop(s) {system}", n=drops, system=system.label()
        )
    else:
        reason = say("Production: {n} drop(s) {system}", n=drops, system=system.label())
    rec.emit(
        "production_made", reason, company=company, dam=dam, conduit=conduit,
        powerhouse=powerhouse, drops=drops, value=system.value, bonus=0 if second else bonus,
        energy=energy, second=second, conduit_owner=system.conduit_owner,
    )  # fmt: skip
    move_energy(rec, company, energy, reason, usable=True)
    basin = SPACES[powerhouse].basin
    for _ in range(drops):
        water.flow_drop(
            rec,
            from_basin=basin,
            reason=say("{production}: the drop flows on", production=reason),
            company=company,
        )
    _pay_conduit_owner(rec, company, system, drops)
    open_before = len(state.pending)
    for fulfilled in [contract] if contract is not None else list(contracts or ()):
        _mark_fulfilled(rec, company, fulfilled, energy, reason)
        _resolve_reward(rec, company, fulfilled)
    if len(state.pending) > open_before:
        _wait_for_the_reward(rec, company, powerhouse, second=second, at=open_before, dam=dam)
    else:
        company_effect(rec, company, powerhouse, second=second, dam=dam)


def company_effect(
    rec: Recorder, company: str, powerhouse: str, *, second: bool, dam: str | None = None
) -> None:
    """Ruling R16 step 6, once the production is completely resolved (its drops flowed, the
    conduit's owner paid, the contract's reward with all its choices given): Germany may
    produce again, with the systems the reward made; Italy moves 3 energy steps (Appendix 2).
    The ability is read now, so a 3rd powerhouse built by the reward already counts.
    """
    state = rec.state
    if abilities.germany_may_produce_again(state, company, second=second):
        # after the contract is face down, so the offered answers never name it again
        _offer_second_production(rec, company, powerhouse)
    steps = abilities.italy_energy_steps(state, company)
    move_energy(rec, company, steps, say("Italy ability: 3 energy steps after a production"),
                usable=False)  # fmt: skip
    if dam is not None and abilities.netherlands_may_add_drop(state, company):
        _offer_netherlands_drop(rec, company, dam)


def netherlands_dams(state: GameState, company: str, used: str) -> list[str]:
    """The Netherlands' own dams other than the one just produced from, with room (X15)."""
    return sorted(
        s
        for s, d in state.dams.items()
        if d.owner == company and s != used and d.drops < water.capacity(state, s)
    )


def _offer_netherlands_drop(rec: Recorder, company: str, used: str) -> None:
    dams = netherlands_dams(rec.state, company, used)
    if not dams:
        return
    ask(
        rec,
        "company_drop",
        company,
        say(
            "Netherlands ability: put 1 drop from the general supply on another of your dams "
            "(not {dam}; it does not flow), or decline",
            dam=used,
        ),
        used=used,
        answers=[*({"dam": d} for d in dams), {"dam": None}],
    )


@resolves("company_drop")
def _resolve_company_drop(rec: Recorder, decision: Decision, answer: Answer) -> None:
    if answer.dam not in [a["dam"] for a in decision.options["answers"]]:
        raise not_offered(decision)
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=answer_dict(answer))
    if answer.dam is None:
        rec.emit("reward_declined", decision.reason, company=decision.player, what="drop")
        return
    rec.emit("tile_drops_added", decision.reason, company=decision.player, tile="netherlands",
             drops={answer.dam: 1})  # fmt: skip


def _wait_for_the_reward(
    rec: Recorder, company: str, powerhouse: str, *, second: bool, at: int, dam: str
) -> None:
    """The reward left choices open: step 6 waits under them as a `company_effect` Decision,
    taken by `continue_after_reward` as soon as the last of them (and whatever they asked in
    turn, such as a free structure's income) is answered.
    """
    coming = any(
        d.kind == "free_structure"
        and d.player == company
        and d.options["structure"] == "powerhouse"
        for d in rec.state.pending[at:]
    )
    if not abilities.acts_after_production(
        rec.state, company, second=second, powerhouse_to_come=coming
    ):
        return
    what = {
        abilities.GERMANY: say(
            "Then, once the contract reward is taken, Germany may produce again "
            "with another powerhouse (Germany ability, no bonus)"
        ),
        abilities.ITALY: say(
            "Then, once the contract reward is taken, Italy moves 3 energy steps (Italy ability)"
        ),
    }.get(
        company, say("Then, once the contract reward is taken, the Netherlands may add 1 drop")
    )
    # the dam is recorded for the Netherlands only (a base game's events stay as they were)
    used = {"dam": dam} if company == abilities.NETHERLANDS else {}
    rec.emit(
        "company_effect_waiting", what, company=company, powerhouse=powerhouse, second=second,
        at=at, **used,
    )  # fmt: skip


def continue_after_reward(rec: Recorder) -> None:
    """Take the waiting step 6 of a production once nothing of its reward is open any more.

    Called after each reward choice is resolved (effects.py): the waiting Decision is then on
    top exactly when every choice pushed above it has been answered.
    """
    pending = rec.state.pending
    if pending and pending[-1].kind == "company_effect":
        _resolve_company_effect(rec, pending[-1], Answer(continue_=True))


@resolves("company_effect")
def _resolve_company_effect(rec: Recorder, decision: Decision, answer: Answer) -> None:
    """Answer: {"continue": true}. Normally taken by `continue_after_reward` at once; listed
    as an answer so that the game can never wait on it.
    """
    if answer.continue_ is not True:
        raise not_offered(decision)
    rec.emit("decision_resolved", decision.reason, kind=decision.kind)
    options = decision.options
    company_effect(
        rec,
        str(decision.player),
        options["first_powerhouse"],
        second=bool(options["second"]),
        dam=options.get("dam"),
    )


def _pay_conduit_owner(rec: Recorder, company: str, system: System, drops: int) -> None:
    """1 Credit per drop to the conduit's owner, who also scores 1 VP per drop (p. 6)."""
    owner = system.conduit_owner
    if owner == company or drops < 1:
        return
    who = SHORT_NAMES.get(company, company)
    reason = say(
        "{company} used conduit {place} with {n} drop(s)",
        company=who,
        place=system.conduit,
        n=drops,
    )
    origin = source("conduit_use", system.conduit, by=company, drops=drops)
    pay_credits(rec, company, drops, "conduit_use", reason, origin)
    gain_credits(rec, owner, drops, "conduit_use", reason, origin)
    score_vp(rec, owner, drops, "conduit_use", reason, origin)


def _offer_second_production(rec: Recorder, company: str, first_powerhouse: str) -> None:
    options = second_production_options(rec.state, company, first_powerhouse)
    if not options:
        return
    ask(
        rec,
        "second_production",
        company,
        say("Germany ability: you may produce again with another powerhouse (no bonus)"),
        first_powerhouse=first_powerhouse,
        options=options,
        answers=[*(c for o in options for c in o["commands"]), {"decline": True}],
    )


@resolves("second_production")
def _resolve_second_production(rec: Recorder, decision: Decision, answer: Answer) -> None:
    """Answer: {"decline": true} or {dam, conduit, powerhouse, drops, contract?}.

    The answer is checked before the decision is popped, so a refused answer leaves the
    question pending.
    """
    if answer.decline:
        rec.emit(
            "decision_resolved", say("Germany declines a second production"), kind=decision.kind
        )
        return
    first = decision.options["first_powerhouse"]
    company = str(decision.player)
    if answer.powerhouse == first:
        raise RuleViolation(
            "same_powerhouse",
            say(
                "Germany's second production must use another powerhouse than {first}.",
                first=first,
            ),
        )
    fields = production_fields(answer)
    check_production(rec.state, company, **fields, bonus=0, second=True)
    rec.emit("decision_resolved", say("Germany's second production"), kind=decision.kind)
    decide_produce(rec, company, **fields, bonus=0, second=True)


def fulfil_contract(
    rec: Recorder, company: str, contract_id: str, energy: int, reason: str
) -> None:
    """Fulfil one contract with the contract-usable energy of one production (p. 16).

    The contract leaves the hand (or the national contracts) and lies face down; its reward
    is resolved by the one reward interpreter. France needs 3 less (ruling R9).
    Raises RuleViolation if the contract is not available or the energy is too low.
    """
    _check_contract(rec.state, company, contract_id, energy)
    _mark_fulfilled(rec, company, contract_id, energy, reason)
    _resolve_reward(rec, company, contract_id)


def fulfil_without_energy(rec: Recorder, company: str, contract_id: str, reason: str) -> None:
    """Fulfil a face-up contract of the company's own supply with no energy produced (the
    External Works A1 / C3 and the Customer Office, leeghwater.md §3.3); its reward follows."""
    if contract_id not in rec.state.players[company].contracts:
        raise RuleViolation(
            "contract_unavailable",
            say(
                "Contract {contract_id} is not face up in your supply.",
                contract_id=contract_id,
            ),
        )
    _mark_fulfilled(rec, company, contract_id, 0, reason)
    _resolve_reward(rec, company, contract_id)


def _mark_fulfilled(
    rec: Recorder, company: str, contract_id: str, energy: int, reason: str
) -> None:
    """The contract leaves the hand (or the national contracts) and lies face down."""
    national = contract_id in rec.state.national_contracts
    rec.emit(
        "contract_fulfilled",
        say("{reason}: contract {contract} fulfilled", reason=reason, contract=contract_id),
        company=company,
        contract=contract_id,
        energy=energy,
        national=national,
    )


def _resolve_reward(rec: Recorder, company: str, contract_id: str) -> None:
    """The contract's reward, through the one reward interpreter (category "contract")."""
    HOOKS.resolve_rewards(
        rec,
        company,
        CONTRACTS[contract_id].reward,
        source=contract_id,
        reason=say("Reward of contract {contract}", contract=contract_id),
        category="contract",
    )


# -- applying ------------------------------------------------------------------------------


@applies("company_effect_waiting")
def _company_effect_waiting(state: GameState, e: Event) -> None:
    """Step 6 of a production waits under the reward's open choices (ruling R16)."""
    waiting = Decision(
        kind="company_effect",
        player=e["company"],
        options={
            "first_powerhouse": e["powerhouse"],
            "second": e["second"],
            **({"dam": e["dam"]} if "dam" in e else {}),
            "answers": [{"continue": True}],
        },
        reason=e["reason"],
    )
    state.pending.insert(e["at"], waiting)


@applies("production_made")
def _production_made(state: GameState, e: Event) -> None:
    state.dams[e["dam"]].drops -= e["drops"]


@applies("contract_fulfilled")
def _contract_fulfilled(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    contract = e["contract"]
    if e["national"]:
        state.national_contracts.remove(contract)
    else:
        player.contracts.remove(contract)
    player.fulfilled.append(contract)
    held = state.leeghwater.get("simone_hold") if state.leeghwater else None
    if held and e["company"] in held:  # Mahiri's limit of 4 ends with a fulfilment (Appendix 4)
        held.remove(e["company"])
