"""Is an Automa tile action feasible now, and what exactly would it do? (automa.md §7)

`plan_action(state, company, action, criteria)` returns a `Plan` (the complete move: system and
contract, drops, space and tile and payment …) or a `Skip` with the reason a player reads in
the trace. Pure: the state is never changed; `decision.py` performs the plans.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine import (
    catalog,
    construction,
    leeghwater,
    levels,
    private_buildings,
    production,
    table_words,
)
from companion.engine.automa import placement, water_choice
from companion.engine.automa.tiles import (
    AREA_WORDS,
    COLOUR_WORDS,
    STRUCTURE_WORDS,
    TILES,
    Criteria,
    TileAction,
)
from companion.engine.board import SPACES
from companion.engine.counts import semicolons
from companion.engine.economy import can_pay_credits
from companion.engine.management import BANK
from companion.engine.state import NEUTRAL, PIECES_PER_COMPANY, GameState
from companion.engine.wheel import tiles_on_wheel
from companion.engine.words import Words, say

ENERGY_PER_ROUND_SECTION = 6  # the energy track's round sections: 6 steps per round (§7.1)
COLOURS = ("green", "yellow", "red")
ADLER = "wilhelm_adler"
JILL = "jill_mcdowell"
GRAZIANO = "graziano_del_monte"
VIKTOR = "viktor_fiesler"
ANTON = "anton_krylov"


def has_automa_officer(state: GameState, company: str, officer: str) -> bool:
    """Level 4: the Automa uses the adapted power of its officer (§2.2)."""
    player = state.players[company]
    return player.officer == officer and levels.has_officer(player)


SECTION_OF = {
    "production": "turbine_station",
    "water_management": "water_management",
    "contract_office": "contract_office",
    "workshop": "workshop",
    "machinery_shop": "machinery_shop",
    "patent_office": "patent_office",
    "bank": "bank",
}


def section_spaces(section: str) -> list[str]:
    """A section's spaces in Automa order: left column top to bottom, then right (§5)."""
    spaces = [s for s in catalog.MANAGEMENT_SPACES.values() if s.section == section]
    side_rank = {"left": 0, "": 0, "right": 1}
    spaces.sort(key=lambda s: (side_rank.get(s.side, 0), s.row))
    return [s.id for s in spaces]


def first_empty_space(state: GameState, section: str) -> str | None:
    """The first space of the section with nobody on it (blocked spaces skipped), or None."""
    if section == "bank":
        return BANK
    for space in section_spaces(section):
        if space not in state.occupied:
            return space
    return None


@dataclass(frozen=True)
class Plan:
    """A feasible action and every choice it needs (what `decision.perform` does)."""

    action: TileAction
    summary: str  # "Build conduit: criteria 'most powerful' → C4R"
    details: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Skip:
    """An action that cannot be done now, and why."""

    action: TileAction
    reason: str


# -- production (§7.1) -----------------------------------------------------------------------


def is_first_in_round_section(state: GameState, company: str) -> bool:
    """Marker in this round's section and strictly ahead of everyone (a tie is not first, A2)."""
    energy = state.players[company].energy
    if energy < ENERGY_PER_ROUND_SECTION * state.round:
        return False
    return all(energy > p.energy for c, p in state.players.items() if c != company)


def contract_options(state: GameState, company: str, energy: int) -> list[tuple[str, str]]:
    """Face-up private and available national contracts `energy` covers, best first (A3, A17).

    Highest requirement first; on equal requirement the rightmost: the right slot of a colour
    row, a national contract before a private one (ruling A17). A human playing an opening
    the Automa way (Mahiri Sekibo) may also fulfil a contract of its own hand, first on equal
    requirement (its own resources). Returns (id, where).
    """
    ranked: list[tuple[tuple[int, int, int, int], str, str]] = []
    for colour_rank, colour in enumerate(COLOURS):
        for slot, contract in enumerate(state.contract_offer.get(colour, [])):
            if contract is None:
                continue
            need = production.contract_requirement(state, company, contract)
            if need <= energy:
                where = say("{colour} slot {n}", colour=COLOUR_WORDS[colour], n=slot + 1)
                ranked.append(((need, 0, slot, colour_rank), contract, where))
    for i, contract in enumerate(state.national_contracts):
        need = production.contract_requirement(state, company, contract)
        if need <= energy:
            ranked.append(((need, 1, i, 0), contract, say("national")))
    for i, contract in enumerate(_own_hand(state, company)):
        need = production.contract_requirement(state, company, contract)
        if need <= energy:
            ranked.append(((need, 2, -i, 0), contract, say("own hand")))
    ranked.sort(key=lambda r: r[0], reverse=True)
    return [(c, where) for _, c, where in ranked]


def _own_hand(state: GameState, company: str) -> list[str]:
    """A person's face-up contracts (an Automa holds none: it fulfils from the office, §6)."""
    player = state.players[company]
    return [] if player.is_automa else list(player.contracts)


def drops_used(state: GameState, company: str, system: production.System) -> int:
    """All the dam's drops; level 4 with Viktor Fiesler: exactly 1 through a conduit of
    value 1 or 2 (§2.2)."""
    if system.value <= 2 and has_automa_officer(state, company, VIKTOR):
        return 1
    return system.drops_available


def _system_energy(state: GameState, company: str, system: production.System, bonus: int) -> int:
    drops = drops_used(state, company, system)
    return production.production_energy(state, company, system.value, drops, bonus)


def _conduit_credits(state: GameState, company: str, system: production.System) -> int:
    """Credits owed for another company's conduit, 1 per drop (p. 6): an Automa pays them as
    VP; a person (a human's opening) must have them."""
    return production.conduit_payment(state, company, system, drops_used(state, company, system))


def best_systems(
    state: GameState, company: str, bonus: int, criteria: Criteria
) -> tuple[production.System | None, int, list[str]]:
    """The system giving the most energy with all its drops; ties by ruling A4 / A18."""
    systems = [
        s
        for s in production.production_systems(state, company)
        if can_pay_credits(state, company, _conduit_credits(state, company, s))
    ]
    if not systems:
        return None, 0, []
    energies = {s: _system_energy(state, company, s, bonus) for s in systems}
    top = max(energies.values())
    tied = [s for s in systems if energies[s] == top]
    notes: list[str] = []
    if len(tied) > 1:
        neutral = [s for s in tied if state.dams[s.dam].owner == NEUTRAL]
        if neutral and len(neutral) < len(tied):
            notes.append(say("tie: neutral dam first (ruling A4)"))
            tied = neutral
    if len(tied) > 1:
        conduits = list(dict.fromkeys(s.conduit for s in tied))
        if len(conduits) > 1:
            chosen = placement.choose_space(
                state, company, "conduit", conduits, criteria, third_structure=False
            )
            notes.append(say("tie: conduit criteria → {space} (ruling A18)", space=chosen.space))
            tied = [s for s in tied if s.conduit == chosen.space]
        tied.sort(key=lambda s: (SPACES[s.dam].red_bordered, s.dam))
    return tied[0], top, notes


def plan_production(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """§7.1: system ready, not first in the round's section (A2), a contract of the colour (A19)."""
    system, energy, notes = best_systems(state, company, action.energy_bonus, criteria)
    if system is None:
        return Skip(
            action, say("no production system ready (dam with water, conduit, own powerhouse)")
        )
    if is_first_in_round_section(state, company):
        return Skip(
            action, say("already first on the energy track in this round's section (ruling A2)")
        )
    colour = action.contract_colour or "green"
    colour_words = COLOUR_WORDS.get(colour, colour)
    face_up = [c for c in state.contract_offer.get(colour, []) if c is not None]
    face_up += [c for c in _own_hand(state, company) if catalog.CONTRACTS[c].pile == colour]
    if not face_up:
        return Skip(action, say("no face-up {colour} contract (ruling A19)", colour=colour_words))
    needs = min(production.contract_requirement(state, company, c) for c in face_up)
    if needs > energy:
        return Skip(
            action,
            say(
                "no {colour} contract ≤ {energy} energy (the easiest needs {needs})",
                colour=colour_words,
                energy=energy,
                needs=needs,
            ),
        )
    if energy < 1:  # France's −3 can bring a need to 0: the engine refuses 0 energy (p. 16)
        return Skip(
            action,
            say("its best production gives {energy} energy; a production gives 1+", energy=energy),
        )
    options = contract_options(state, company, energy)
    contract, where = options[0] if options else (None, "")
    drops = drops_used(state, company, system)
    text = say(
        "{system} with {drops} drop(s) → {energy} energy",
        system=system.label(),
        drops=drops,
        energy=energy,
    )
    several = simone_contracts(state, company, energy) if has_automa_officer(
        state, company, SIMONE) else []  # fmt: skip
    if len(several) >= 2:
        return Plan(
            action,
            say(
                "{action}: {text}, fulfils {contracts} (Simone Luciani)",
                action=action.label(),
                text=text,
                contracts=", ".join(several),
            ),
            {"dam": system.dam, "conduit": system.conduit, "powerhouse": system.powerhouse,
             "drops": drops, "energy": energy, "contract": None, "contracts": several},
        )  # fmt: skip
    if contract:
        text = say(
            "{text}, fulfils {contract} ({where})", text=text, contract=contract, where=where
        )
    return Plan(
        action,
        semicolons([say("{action}: {text}", action=action.label(), text=text), *notes]),
        {
            "dam": system.dam,
            "conduit": system.conduit,
            "powerhouse": system.powerhouse,
            "drops": drops,
            "energy": energy,
            "contract": contract,
        },
    )


# -- water management (§7.2) and contract office (§7.3) --------------------------------------


def plan_water(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """§7.2: feasible if a drop placed now would end in an own dam with room."""
    if action.flows_immediately:
        choice = water_choice.choose_flowing_drops(state, company, max(1, action.drops), criteria)
    else:
        choice = water_choice.choose_waiting_drops(state, company, action.drops, criteria)
    if not choice.is_useful:
        return Skip(action, choice.note)
    summary = say("{action}: {text}", action=action.label(), text=choice.note)
    return Plan(action, summary, {"letters": list(choice.letters)})


def plan_contract_office(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan:
    """§7.3: always feasible (ruling A12)."""
    colour = action.discard_colour or "green"
    removed = [c for c in state.contract_offer.get(colour, []) if c is not None]
    if removed:
        summary = say(
            "{action}: removes {contracts}", action=action.label(), contracts=", ".join(removed)
        )
    else:
        summary = say("{action}: removes none face up", action=action.label())
    return Plan(
        action,
        summary,
        {"colour": colour, "contracts": removed},
    )


# -- construction (§7.4) ---------------------------------------------------------------------


def tile_level(tile: str) -> int:
    """0 for a basic tile, 1–3 for an advanced tile."""
    advanced = catalog.ADVANCED_TILES.get(tile)
    return advanced.level if advanced else 0


def is_wild(tile: str) -> bool:
    return len(catalog.tile_structures(tile)) > 1


def builds(tile: str, structure: str) -> bool:
    """Whether `tile` builds `structure`; a joker ("any structure") tile builds a Building
    too (leeghwater.md §12.3, as for a person: private_buildings.builds_buildings)."""
    if structure == catalog.BUILDING:
        return private_buildings.builds_buildings(tile)
    return structure in catalog.tile_structures(tile)


def choose_tile(state: GameState, company: str, structure: str) -> str | None:
    """Highest level first; on equal level a dedicated tile before a wild one (§7.4)."""
    return _best_tile(
        [t for t in dict.fromkeys(state.players[company].tiles) if t != catalog.ANTON_TILE],
        structure,
    )


def _best_tile(tiles: list[str], structure: str) -> str | None:
    """Among `tiles`, the best one that builds `structure`: level 3, 2, 1, basic; dedicated
    before wild on equal level (§7.4, §2.2)."""
    able = [t for t in tiles if builds(t, structure)]
    if not able:
        return None
    return max(able, key=lambda t: (tile_level(t), not is_wild(t)))


def anton_copy(state: GameState, company: str, structure: str) -> str | None:
    """Level 4, Anton Krylov: the wheel tile his special tile copies for `structure` — the
    highest level on the wheel (3, 2, 1, basic), dedicated before wild (§2.2); None when he
    has no tile to give or nothing on the wheel can build `structure`."""
    if catalog.ANTON_TILE not in state.players[company].tiles:
        return None
    if not has_automa_officer(state, company, ANTON):
        return None
    return _best_tile(list(dict.fromkeys(tiles_on_wheel(state, company))), structure)


def tile_for(state: GameState, company: str, structure: str) -> tuple[str, str | None] | None:
    """(tile put on the wheel, tile copied) for a construction, or None (§7.4, §2.2).

    A basic or advanced tile of the supply first; Anton Krylov's special tile only after them.
    """
    tile = choose_tile(state, company, structure)
    if tile is not None:
        return tile, None
    copied = anton_copy(state, company, structure)
    return (catalog.ANTON_TILE, copied) if copied is not None else None


def tile_text(tile: str, copies: str | None) -> str:
    """ "the Level 2 Base tile", or "Anton Krylov's tile copying the Level 2 Base tile", for
    the trace: the tiles as printed, never their ids."""
    if copies:
        copied = table_words.technology_tile_name(copies)
        return say("Anton Krylov's tile copying {tile}", tile=copied)
    return table_words.technology_tile_name(tile)


A_STRUCTURE: dict[str, Words] = {
    "base": say("a base"),
    "elevation": say("an elevation"),
    "conduit": say("a conduit"),
    "powerhouse": say("a powerhouse"),
    "building": say("a Building"),
}


def _a(structure: str) -> str:
    """ "a base", "an elevation": the structure with its article, for the trace."""
    return A_STRUCTURE.get(structure, structure)


def _payment(state: GameState, company: str, structure: str, space: str, tile: str) -> Any:
    """The first affordable payment for `structure` on `space` with `tile` (the effective
    tile: the one Anton's tile copies), or None (costs p. 14).

    An Automa pays Credits as VP and can always pay them (§6); a person (a human's opening
    under Mahiri Sekibo) must have the Credits for the red border and any Credits payment.
    """
    player = state.players[company]
    effects = levels.has_advanced_effects(player)
    cost = construction.structure_cost(state, company, structure, space, tile if effects else None)
    normal = "mixers" if structure in ("elevation", "powerhouse") else "excavators"
    affordable = [
        p
        for p in cost.payments
        if p.excavators <= player.excavators
        and p.mixers <= player.mixers
        and can_pay_credits(state, company, p.credits + cost.credits_red_border)
    ]
    if not affordable:
        return None, cost
    # L2_ANY at level 3+: the machinery type normally used first (§2.1); real machinery first
    affordable.sort(key=lambda p: (p.credits, -getattr(p, normal)))
    return affordable[0], cost


def shared_payment(
    state: GameState,
    company: str,
    structure: str,
    space: str,
    tile: str,
    memo: dict[tuple[Any, ...], Any],
) -> Any:
    """`_payment`, worked out once for the spaces and tiles that cost alike
    (construction.cost_key) while `memo` lives: one state, one company."""
    effects = levels.has_advanced_effects(state.players[company])
    key = construction.cost_key(structure, space, tile if effects else None)
    if key not in memo:
        memo[key] = _payment(state, company, structure, space, tile)
    return memo[key]


def plan_construction(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """§7.4: a piece left, a tile, machinery for one eligible space, the restriction.

    Level 4 with Graziano del Monte: an elevation instead whenever one can be built (§2.2).
    """
    structure = action.structure or ""
    if structure == catalog.BUILDING:
        return plan_building(state, company, action, criteria)
    instead = _expansion_officer_construction(state, company, action, criteria)
    if instead is not None:
        return instead
    if structure not in ("elevation", "building") and has_automa_officer(state, company, GRAZIANO):
        raised = plan_construction(
            state,
            company,
            TileAction("construction", action.engineers, True, structure="elevation"),
            criteria,
        )
        if isinstance(raised, Plan):
            return Plan(action, say("Graziano del Monte: an elevation instead; {plan}",
                                    plan=raised.summary),
                        raised.details)  # fmt: skip
    player = state.players[company]
    if structure not in player.built:
        return Skip(action, say("Leeghwater Project action"))
    if player.built[structure] >= PIECES_PER_COMPANY[structure]:
        return Skip(
            action,
            say("no {structure} left on the company board", structure=STRUCTURE_WORDS[structure]),
        )
    chosen = tile_for(state, company, structure)
    if chosen is None:
        return Skip(
            action, say("no technology tile for {structure} in the supply", structure=_a(structure))
        )
    tile, copies = chosen
    effective = copies or tile
    spaces = placement.legal_spaces(
        state, company, structure, region=action.region, min_conduit_value=action.min_conduit_value
    )
    if not spaces:
        return Skip(action, say("no free space for {structure}", structure=_a(structure)))
    candidates = [s for s in spaces if _payment(state, company, structure, s, effective)[0]]
    if not candidates:
        return Skip(
            action,
            say(
                "not enough machinery for any {structure} space",
                structure=STRUCTURE_WORDS[structure],
            ),
        )
    placed = placement.choose_space(
        state,
        company,
        structure,
        candidates,
        criteria,
        prefer=_officer_preference(state, company, structure),
        tie_filter=_tile_tie_filter(state, company, structure, effective),
        prefer_red=construction.tile_cost_effect(effective)[0] == "waive_red_border_surcharge"
        and levels.has_advanced_effects(player),
    )
    payment, cost = _payment(state, company, structure, placed.space, effective)
    where = _ending_with(placed.reason, placed.space)
    return Plan(
        action,
        say(
            "{action}: {where} ({tile})",
            action=action.label(),
            where=where,
            tile=tile_text(tile, copies),
        ),
        {
            "structure": structure,
            "space": placed.space,
            "tile": tile,
            "copies": copies,
            "excavators": payment.excavators,
            "mixers": payment.mixers,
            "credits": payment.credits,
            "waive_red_border": cost.credits_red_border == 0,
            "red_border_credits": cost.credits_red_border,
            "steps": list(placed.steps),
            "criteria": list(placed.criteria),
            "decided_by": placed.decided_by,
        },
    )


def _ending_with(reason: str, space: str) -> str:
    """The placement steps, ending with the chosen space ("… → C4R")."""
    return (
        reason
        if reason.endswith(space)
        else say("{location} → {place}", location=reason, place=space)
    )


def _officer_preference(state: GameState, company: str, structure: str) -> Any:
    """Level 4, Wilhelm Adler: bases in the mountains, then the hills, first (§2.2)."""
    player = state.players[company]
    if structure != "base" or player.officer != ADLER or not levels.has_officer(player):
        return None

    def prefer(candidates: list[str]) -> tuple[list[str], str]:
        for area in ("mountains", "hills"):
            kept = [c for c in candidates if SPACES[c].area == area]
            if kept:
                return kept, say("Wilhelm Adler: {area} first", area=AREA_WORDS[area])
        return candidates, ""

    return prefer


def _tile_tie_filter(state: GameState, company: str, structure: str, tile: str) -> Any:
    """Level 3+, conduit level-2 tile: on a tie, a conduit of value 3 or more (§2.1)."""
    player = state.players[company]
    capped = construction.tile_cost_effect(tile)[0] == "cap_conduit_cost"
    if structure != "conduit" or not capped or not levels.has_advanced_effects(player):
        return None

    def tie(candidates: list[str]) -> tuple[list[str], str]:
        kept = [c for c in candidates if SPACES[c].value >= 3]
        return (kept, say("conduit level-2 tile: value 3 or more")) if kept else (candidates, "")

    return tie


# -- column 3 (§7.5–7.9) ---------------------------------------------------------------------


def plan_workshop(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """§7.5: the wheel holds at least one machinery piece or tile."""
    if all(segment.is_empty() for segment in state.players[company].wheel):
        return Skip(action, say("the Construction Wheel is empty"))
    if action.vp_cost:
        return Plan(action, say("{action} (−{vp} VP)", action=action.label(), vp=action.vp_cost))
    return Plan(action, action.label(), {})


def wild_machinery(state: GameState, company: str, n: int = 1) -> tuple[int, int]:
    """Wild machinery, one at a time: the type it has fewer of; tie → Excavator (§6).

    Level 4 with Jill McDowell: always a Concrete Mixer (§2.2).
    """
    player = state.players[company]
    if player.officer == JILL and levels.has_officer(player):
        return 0, n
    excavators, mixers = player.excavators, player.mixers
    got_e = got_m = 0
    for _ in range(n):
        if mixers < excavators:
            mixers += 1
            got_m += 1
        else:
            excavators += 1
            got_e += 1
    return got_e, got_m


def plan_machinery_shop(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """§7.6: never in round 5 (ruling A9); otherwise always (VP may go negative)."""
    if action.excluded_in_round is not None and state.round == action.excluded_in_round:
        return Skip(
            action, say("no Machinery Shop in round {round} (ruling A9)", round=state.round)
        )
    excavators = sum(1 for m in action.machines if m == "excavator")
    mixers = sum(1 for m in action.machines if m == "mixer")
    wild_e, wild_m = wild_machinery(state, company, sum(1 for m in action.machines if m == "wild"))
    excavators, mixers = excavators + wild_e, mixers + wild_m
    return Plan(
        action,
        say(
            "{action}: takes {excavators} Excavator(s), {mixers} Concrete Mixer(s) (−{vp} VP)",
            action=action.label(),
            excavators=excavators,
            mixers=mixers,
            vp=action.vp_cost,
        ),
        {"excavators": excavators, "mixers": mixers},
    )


def patent_choice(state: GameState, structure: str | None) -> tuple[int, str] | None:
    """Ruling A6: the tile for the shown structure (highest level), else a wild one.

    `structure=None` ("any structure", ruling A7's advanced-tile reward): the highest level.
    """
    offer = [(i, t) for i, t in enumerate(state.patent_offer) if t is not None]
    if structure is None:
        return max(offer, key=lambda it: (tile_level(it[1]), -it[0])) if offer else None
    dedicated = [(i, t) for i, t in offer if catalog.tile_structures(t) == frozenset({structure})]
    wild = [(i, t) for i, t in offer if is_wild(t)]
    for group in (dedicated, wild):
        if group:
            return max(group, key=lambda it: (tile_level(it[1]), -it[0]))
    return None


def plan_patent(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """§7.7: an advanced tile for the structure or a wild one in the Patent Office (A6)."""
    if state.setup.mode != "full" or not state.patent_offer:
        return Skip(action, say("no Patent Office in the introductory game"))
    choice = patent_choice(state, action.structure)
    if choice is None:
        return Skip(
            action,
            say(
                "no advanced {structure} or wild tile in the Patent Office",
                structure=STRUCTURE_WORDS.get(str(action.structure), str(action.structure)),
            ),
        )
    slot, tile = choice
    return Plan(
        action,
        say(
            "{action}: takes {tile} (−{vp} VP, ruling A6)",
            action=action.label(),
            tile=tile,
            vp=action.vp_cost,
        ),
        {"slot": slot, "tile": tile},
    )


def plan_bank(state: GameState, company: str, action: TileAction, criteria: Criteria) -> Plan:
    """§7.9: always feasible, +1 VP."""
    return Plan(action, say("Bank: +{vp} VP", vp=action.vp_gain), {})


# -- The Leeghwater Project (automa.md §7.4, §7.8; leeghwater.md §10) -------------------------


def plan_external_work(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """§7.8: the first face-up External Work, in the tile's slot order, its Machineries cover."""
    player = state.players[company]
    offer = leeghwater.external_offer(state)
    for slot in action.preference:
        tile = offer[slot - 1] if slot <= len(offer) else None
        if tile is None:
            continue
        work = catalog.EXTERNAL_WORKS[tile]
        if player.excavators >= work.excavators and player.mixers >= work.mixers:
            return Plan(
                action,
                say(
                    "{action} (slots {order}): slot {slot} — {work}",
                    action=action.label(),
                    order="-".join(map(str, action.preference)),
                    slot=slot,
                    work=table_words.external_work_name(tile),
                ),
                {"slot": slot, "tile": tile},
            )
    return Skip(action, say("its Machineries cover no face-up External Work"))


def building_machineries(
    state: GameState, company: str, tile: str, with_tile: str
) -> tuple[int, int]:
    """A Building's Machineries; with L2_BUILDING (hard) only the type it has fewer of, tie →
    Excavators (leeghwater.md §10)."""
    building = catalog.PRIVATE_BUILDINGS[tile]
    if with_tile != "L2_BUILDING" or not levels.has_advanced_effects(state.players[company]):
        return building.excavators, building.mixers
    player = state.players[company]
    if player.mixers < player.excavators:
        return 0, building.mixers
    return building.excavators, 0


def plan_building(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """§7.4 Buildings: 1 Engineer; the first Private Building it can pay for, scanning the
    slots down (top to bottom) or up (ruling L9); the first open building space next to it."""
    if leeghwater.buildings_built(state, company) >= catalog.BUILDINGS_PER_COMPANY:
        return Skip(action, say("all its Buildings are built"))
    chosen = tile_for(state, company, catalog.BUILDING)  # Anton's copy last (§2.2)
    if chosen is None:
        return Skip(action, say("no technology tile for a Building (it is on the wheel)"))
    put, copies = chosen
    with_tile = copies or put
    order = leeghwater.buildings(state)
    if action.building_search == "up":
        order = list(reversed(order))
    player = state.players[company]
    for tile in order:
        spaces = leeghwater.building_spaces(state, tile)
        if company in spaces or None not in spaces:
            continue
        excavators, mixers = building_machineries(state, company, tile, with_tile)
        if player.excavators < excavators or player.mixers < mixers:
            continue
        index = spaces.index(None)
        red = catalog.BUILDING_SPACES[index].credits
        if not player.is_automa:  # a person's red border is Credits (leeghwater.md §4.1)
            red = private_buildings.red_border(index, with_tile)
            if not can_pay_credits(state, company, red):
                continue
        return Plan(
            action,
            _building_summary(action, catalog.building_name(tile), index + 1, red),
            {"structure": catalog.BUILDING, "building": tile, "index": index, "tile": put,
             "copies": copies, "excavators": excavators, "mixers": mixers,
             "red_border_credits": 0 if player.is_automa else red},
        )  # fmt: skip
    return Skip(action, say("it can pay for no Private Building with a free space"))


def _building_summary(action: TileAction, building: str, space: int, red: int) -> Words:
    parts: dict[str, Any] = {
        "action": action.label(),
        "building": building,
        "space": space,
        "vp": red,
    }
    if action.building_search == "up":
        if red:
            return say("{action} (scan up): {building}, space {space} (−{vp} VP, red-bordered)",
                       **parts)  # fmt: skip
        return say("{action} (scan up): {building}, space {space}", **parts)
    if red:
        return say("{action} (scan down): {building}, space {space} (−{vp} VP, red-bordered)",
                   **parts)  # fmt: skip
    return say("{action} (scan down): {building}, space {space}", **parts)


def _costs(total: int, have: int) -> Words:
    """A person's opening the Automa way they cannot pay for."""
    return say("it costs {n} Credits; you have {have}", n=total, have=have)


LESLIE = "leslie_spencer"
MARGOT = "margot_fouche"
SIMONE = "simone_luciani"
LESLIE_TILE = "leslie_tile"


def leslie_preference(state: GameState) -> tuple[int, ...]:
    """The External Works order of the most recent Automa tile showing one (§2.2)."""
    pile = state.automa.get("draw_pile") or []
    for tile in [*pile[:1], *reversed(state.automa.get("discard") or [])]:
        for action in TILES[tile].actions:
            if action.kind == "external_work":
                return action.preference
    return (1, 2, 3)


def _expansion_officer_construction(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | None:
    """Level 4 (§2.2): Leslie Spencer does an External Work through the wheel with her tile as
    a 1-Engineer construction; Margot Fouché builds a Building (scan up with conduit letter A,
    down with B). None: the tile's own construction is checked. A person opening the Automa
    way (Mahiri Sekibo) keeps the tile's construction: these are the Automa's own."""
    if not state.players[company].is_automa:
        return None
    if has_automa_officer(state, company, LESLIE) and LESLIE_TILE in state.players[company].tiles:
        work = TileAction("external_work", 1, True, preference=leslie_preference(state),
                          expansion="leeghwater")  # fmt: skip
        plan = plan_external_work(state, company, work, criteria)
        if isinstance(plan, Plan):
            return Plan(work, say("{plan} (Leslie Spencer: on the wheel with her tile)",
                                  plan=plan.summary),
                        {**plan.details, "leslie": True})  # fmt: skip
    if has_automa_officer(state, company, MARGOT):
        search = "up" if criteria.conduit_location[1] == "A" else "down"
        build = TileAction("construction", 1, True, structure=catalog.BUILDING,
                           building_search=search, expansion="leeghwater")  # fmt: skip
        plan = plan_building(state, company, build, criteria)
        if isinstance(plan, Plan):
            return Plan(build, say("{plan} (Margot Fouché)", plan=plan.summary), plan.details)
    return None


def simone_contracts(state: GameState, company: str, energy: int) -> list[str]:
    """Level 4, Simone Luciani: as many contracts as the energy covers — most contracts, then
    higher values, ties to the right; an eligible national contract always in (§2.2)."""
    ranked = [c for c, _ in contract_options(state, company, energy)]
    national = [c for c in ranked if c in state.national_contracts]
    best: tuple[int, int, list[int]] | None = None
    chosen: list[str] = []
    for mask in range(1, 2 ** len(ranked)):
        picked = [c for i, c in enumerate(ranked) if mask >> i & 1]
        need = sum(production.contract_requirement(state, company, c) for c in picked)
        if need > energy or (national and not any(c in national for c in picked)):
            continue
        positions = [i for i in range(len(ranked)) if mask >> i & 1]
        key = (len(picked), need, [-i for i in positions])
        if best is None or key > best:
            best, chosen = key, picked
    return chosen


PLANNERS = {
    "production": plan_production,
    "water_management": plan_water,
    "contract_office": plan_contract_office,
    "construction": plan_construction,
    "workshop": plan_workshop,
    "machinery_shop": plan_machinery_shop,
    "patent_office": plan_patent,
    "bank": plan_bank,
    "external_work": plan_external_work,
}


def plan_action(
    state: GameState, company: str, action: TileAction, criteria: Criteria
) -> Plan | Skip:
    """The plan for one tile action, or why it is skipped (§4 filters, §7).

    A human playing its opening the Automa way (Mahiri Sekibo) must also have the Credits a
    person pays for the action (`person_credits`): its Credits never go below zero.
    """
    if action.expansion and not leeghwater.active(state):
        return Skip(action, say("Leeghwater Project action (not in this game)"))
    planner = PLANNERS.get(action.kind)
    if planner is None:
        return Skip(action, say("unknown action {action}", action=action.kind))
    player = state.players[company]
    if player.is_automa:
        return planner(state, company, action, criteria)
    price = person_credits(action)
    if not can_pay_credits(state, company, price):
        return Skip(action, _costs(price, player.credits))
    plan = planner(state, company, action, criteria)
    if isinstance(plan, Skip):
        return plan
    return _as_person(state, company, plan, price)


# -- a human's opening the Automa way (Mahiri Sekibo, §2.2) -----------------------------------


def _board_price(section: str, **effect: Any) -> int:
    """The action cost of the left-column Management space with this effect (p. 15-19)."""
    for space in catalog.MANAGEMENT_SPACES.values():
        if space.section != section or space.side == "right":
            continue
        if all(space.effect.get(k) == v for k, v in effect.items()):
            return space.action_cost_credits
    raise KeyError(f"no {section} space with {effect}")


def _machinery_price(machines: tuple[str, ...]) -> int:
    """Machinery Shop prices: one space for the whole purchase when there is one (Excavator
    2, Excavator + Mixer 5), otherwise piece by piece (Excavator 2, a Mixer or a wild piece
    as "any one" 4)."""
    gain = {"excavators": machines.count("excavator"), "mixers": machines.count("mixer")}
    gain = {k: n for k, n in gain.items() if n}
    if "wild" not in machines:
        try:
            return _board_price("machinery_shop", gain=gain)
        except KeyError:
            pass
    single = {"excavator": {"excavators": 1}, "mixer": {"machineries_any": 1}}
    single["wild"] = single["mixer"]
    return sum(_board_price("machinery_shop", gain=single[m]) for m in machines)


def person_credits(action: TileAction) -> int:
    """Credits a person pays for the effect of `action` at the Management board.

    The tile's VP costs are the Automa's economy (§6); a human opening the Automa way pays
    what a person pays for the same effect instead: Workshop 0/2/5 for 1/2/3 turns, Machinery
    Shop as `_machinery_price`, Patent Office 5. Engineers and spaces stay the Automa's (§5).
    """
    if action.kind == "workshop":
        return _board_price("workshop", segments=action.rotations)
    if action.kind == "machinery_shop":
        return _machinery_price(action.machines)
    if action.kind == "patent_office":
        return _board_price("patent_office", type="buy_advanced_tile")
    return 0


@dataclass(frozen=True)
class PersonPlacement:
    """Where a human's Engineers go for a tile action in its opening, and what it pays."""

    space: str | None  # a Management space, "BANK", a construction space "CB_n", or None
    engineers: int
    fee: int  # the space's own Credits: red outline (Management) or the 4th construction space


def person_placement(
    state: GameState, company: str, action: TileAction, details: dict[str, Any]
) -> PersonPlacement | str:
    """A person's Engineers for a tile action (a human's opening under Mahiri Sekibo), or why
    they cannot be placed.

    The space is the one the Automa would take (§5: the first empty space of the section;
    a construction: the leftmost free construction space of the company board), but a
    person puts the Engineers that space prints there (the Bank: the tile's count) and pays
    its red-outline or 4th-space fee; an engineer-free tile needs none (Appendix 4).
    """
    player = state.players[company]
    if action.kind == "construction":
        if construction.engineer_free(details.get("copies") or details.get("tile")):
            return PersonPlacement(None, 0, 0)
        board = construction.next_construction_space(state, company)
        if board is None:
            return say("no free construction space left on your company board")
        cs = catalog.CONSTRUCTION_SPACES[board]
        space, engineers, fee = cs.id, cs.engineers, cs.fee_credits
    elif action.kind == "bank":
        space, engineers, fee = BANK, action.engineers, 0
    elif action.kind == "external_work":  # the work's own space, 2 Engineers (leeghwater §3.1)
        space = leeghwater.external_space(int(details["slot"]) - 1)
        engineers, fee = catalog.EXTERNAL_WORK_ENGINEERS, 0
    else:
        section = SECTION_OF[action.kind]
        found = first_empty_space(state, section)
        if found is None:
            return say("no empty space in that section for a person's Engineers")
        ms = catalog.MANAGEMENT_SPACES[found]
        space, engineers, fee = found, ms.engineers or 1, ms.fee_credits
    if engineers > player.engineers:
        return say(
            "{space} needs {n} Engineer(s); you have {have}",
            space=space,
            n=engineers,
            have=player.engineers,
        )
    return PersonPlacement(space, engineers, fee)


def _as_person(state: GameState, company: str, plan: Plan, price: int) -> Plan | Skip:
    """A human's plan with a person's Engineers and Credits (price, space fee, and what the
    plan itself pays in Credits), or a Skip when it cannot place or pay them."""
    placed = person_placement(state, company, plan.action, plan.details)
    if isinstance(placed, str):
        return Skip(plan.action, placed)
    own = int(plan.details.get("credits", 0)) + int(plan.details.get("red_border_credits", 0))
    total = price + placed.fee + own
    if not can_pay_credits(state, company, total):
        have = state.players[company].credits
        return Skip(plan.action, _costs(total, have))
    details = {
        **plan.details,
        "person": {"space": placed.space, "engineers": placed.engineers},
        "person_credits": price + placed.fee,
    }
    return Plan(plan.action, plan.summary, details)
