"""Every move the table may choose for an Automa instead of its decision (issue 9, item 6).

The Automa's decision follows its tile (§4); the table may overrule it with **any move the
Automa could legally make now**, not only the tile's: a production with any of its systems,
a construction of any structure with any tile on any legal space, water, the Contract Office,
the Workshop, the Machinery Shop, the Patent Office or the Bank. Each move is paid the
Automa's way (§5, §6): Engineers on its company board or the first empty space of the
section, VP instead of Credits, the tile's production bonus, wild Machineries by §6.

`override_plans(state, company, tile)` lists them as `feasibility.Plan`s, each with its
`AutomaMove`, on the state after the tile is drawn; `options` gives them in the same option
form as a person's actions; `decision.play_turn` performs a move only if it is one of them,
so what is offered and what `execute` accepts are the same list (a test holds it).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from companion.engine import catalog, leeghwater, private_buildings, production, table_words
from companion.engine.automa import feasibility, placement
from companion.engine.automa.feasibility import Plan, Skip
from companion.engine.automa.rewards import current_criteria
from companion.engine.automa.tiles import STRUCTURE_WORDS, AutomaTile, TileAction
from companion.engine.board import HEADSTREAM_LETTERS
from companion.engine.commands import AutomaMove, to_dict
from companion.engine.economy import can_pay_credits
from companion.engine.state import PIECES_PER_COMPANY, STRUCTURES, GameState
from companion.engine.wheel import tiles_on_wheel
from companion.engine.words import Words, say

COLOURS = ("green", "yellow", "red")
# the Automa's actions as the tiles print them, when the drawn tile has none of that kind
DEFAULTS: dict[str, TileAction] = {
    "production": TileAction("production", 2, True),
    "construction": TileAction("construction", 2, True),
    "patent_office": TileAction("patent_office", 1, True, vp_cost=2),
    "bank": TileAction("bank", 1, True, vp_gain=1),
}
WORKSHOP = {1: (1, 0), 2: (1, 2), 3: (2, 5)}  # rotations: (Engineers, VP)
MACHINES: tuple[tuple[tuple[str, ...], int, int], ...] = (  # (machines, Engineers, VP)
    (("wild",), 1, 3),
    (("excavator",), 1, 2),
    (("mixer",), 1, 3),
    (("excavator", "excavator"), 2, 4),
    (("excavator", "mixer"), 2, 5),
)
LABELS = {
    "production": say("Produce"),
    "construction": say("Build"),
    "water_management": say("Water"),
    "contract_office": say("Contract Office"),
    "workshop": say("Workshop"),
    "machinery_shop": say("Machinery Shop"),
    "patent_office": say("Patent Office"),
    "bank": say("Bank"),
}


def _template(tile: AutomaTile, kind: str) -> TileAction:
    """The drawn tile's action of that kind (its Engineers and bonus), else the usual one."""
    for action in tile.actions:
        if action.kind == kind and not action.expansion:
            return action
    return DEFAULTS[kind]


def _productions(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    """Any own system with water, all its drops (Viktor at level 4: 1), the tile's bonus; the
    contract of any colour it covers (ruling A3), or none when it covers none. Never a
    production worth 0 energy (the Turbine Station's rule)."""
    action = _template(tile, "production")
    plans = []
    for system in production.production_systems(state, company):
        drops = feasibility.drops_used(state, company, system)
        credits = production.conduit_payment(state, company, system, drops)
        if not can_pay_credits(state, company, credits):
            continue
        energy = production.production_energy(
            state, company, system.value, drops, action.energy_bonus
        )
        if energy < 1:
            continue
        contracts = [c for c, _ in feasibility.contract_options(state, company, energy)]
        choices: list[str | None] = [*contracts] if contracts else [None]
        for contract in choices:
            move = AutomaMove(
                kind="production",
                dam=system.dam,
                conduit=system.conduit,
                powerhouse=system.powerhouse,
                contract=contract,
            )
            parts = {"system": system.label(), "drops": drops, "energy": energy}
            text = (
                say("{system} with {drops} drop(s) → {energy} energy, fulfils {contract}",
                    contract=contract, **parts)
                if contract
                else say("{system} with {drops} drop(s) → {energy} energy", **parts)
            )  # fmt: skip
            details = {
                "dam": system.dam,
                "conduit": system.conduit,
                "powerhouse": system.powerhouse,
                "drops": drops,
                "energy": energy,
                "contract": contract,
                "move": move,
            }
            plans.append(Plan(action, say("{action}: {text}", action=action.label(), text=text),
                              details))  # fmt: skip
    return plans


def _tile_choices(state: GameState, company: str, structure: str) -> list[tuple[str, str | None]]:
    """(tile, copied) the Automa may build `structure` with: its supply's tiles, and Anton
    Krylov's tile copying a wheel tile at level 4 (§2.2)."""
    player = state.players[company]
    choices: list[tuple[str, str | None]] = [
        (t, None)
        for t in dict.fromkeys(player.tiles)
        if t != catalog.ANTON_TILE and feasibility.builds(t, structure)
    ]
    anton = catalog.ANTON_TILE in player.tiles and feasibility.has_automa_officer(
        state, company, feasibility.ANTON
    )
    if anton:
        for copied in dict.fromkeys(tiles_on_wheel(state, company)):
            if feasibility.builds(copied, structure):
                choices.append((catalog.ANTON_TILE, copied))
    return choices


def _constructions(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    """Any structure left on the board, with any tile that builds it, on any legal space
    whose Machineries it has (§7.4); red borders are paid in VP."""
    player = state.players[company]
    plans = []
    costs: dict[tuple[Any, ...], Any] = {}  # spaces and tiles that cost alike: one payment
    for structure in STRUCTURES:
        if player.built[structure] >= PIECES_PER_COMPANY[structure]:
            continue
        action = TileAction("construction", _template(tile, "construction").engineers, True,
                            structure=structure)  # fmt: skip
        spaces = placement.legal_spaces(state, company, structure)
        for tile_id, copies in _tile_choices(state, company, structure):
            effective = copies or tile_id
            for space in spaces:
                payment, cost = feasibility.shared_payment(
                    state, company, structure, space, effective, costs
                )
                if payment is None:
                    continue
                move = AutomaMove(
                    kind="construction", structure=structure, space=space, tile=tile_id,
                    copies=copies,
                )  # fmt: skip
                what = say(
                    "Build {structure} on {space} ({tile})",
                    structure=STRUCTURE_WORDS.get(structure, structure),
                    space=space,
                    tile=feasibility.tile_text(tile_id, copies),
                )
                details = {
                    "structure": structure,
                    "space": space,
                    "tile": tile_id,
                    "copies": copies,
                    "excavators": payment.excavators,
                    "mixers": payment.mixers,
                    "credits": payment.credits,
                    "waive_red_border": cost.credits_red_border == 0,
                    "red_border_credits": cost.credits_red_border,
                    "steps": [],
                    "move": move,
                }
                plans.append(Plan(action, chosen_by_table(what), details))
    return plans


def _water(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    """2 drops waiting on headstreams, or 1 drop flowing at once (§7.2): any letters."""
    plans = []
    for action in (
        TileAction("water_management", 1, False, drops=2),
        TileAction("water_management", 1, False, drops=1, flows_immediately=True),
    ):
        counts = (1,) if action.flows_immediately else (1, 2)
        for k in counts:
            for letters in combinations_with_replacement(HEADSTREAM_LETTERS, k):
                move = AutomaMove(
                    kind="water_management" if not action.flows_immediately else "water_flowing",
                    headstreams=tuple(letters),
                )
                text = say(
                    "{action}: {letters}", action=action.label(), letters=" + ".join(letters)
                )
                plans.append(Plan(action, text, {"letters": list(letters), "move": move}))
    return plans


def _contract_office(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    """Remove the face-up contracts of a colour, +2 energy (§7.3; always feasible, A12)."""
    plans = []
    for colour in COLOURS:
        action = TileAction("contract_office", 1, False, discard_colour=colour, energy_gain=2)
        plan = feasibility.plan_contract_office(state, company, action, _criteria(state))
        move = AutomaMove(kind="contract_office", colour=colour)
        plans.append(Plan(action, plan.summary, {**plan.details, "move": move}))
    return plans


def _workshop(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    plans = []
    for rotations, (engineers, vp) in WORKSHOP.items():
        action = TileAction("workshop", engineers, True, rotations=rotations, vp_cost=vp)
        plan = feasibility.plan_workshop(state, company, action, _criteria(state))
        if isinstance(plan, Plan):
            move = AutomaMove(kind="workshop", rotations=rotations)
            plans.append(Plan(action, plan.summary, {**plan.details, "move": move}))
    return plans


def _machinery_shop(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    plans = []
    for machines, engineers, vp in MACHINES:
        action = TileAction("machinery_shop", engineers, True, machines=machines, vp_cost=vp,
                            excluded_in_round=5)  # fmt: skip
        plan = feasibility.plan_machinery_shop(state, company, action, _criteria(state))
        if isinstance(plan, Plan):
            move = AutomaMove(kind="machinery_shop", machines=machines)
            plans.append(Plan(action, plan.summary, {**plan.details, "move": move}))
    return plans


def _patent_office(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    if state.setup.mode != "full":
        return []
    action = _template(tile, "patent_office")
    plans = []
    for slot, tile_id in enumerate(state.patent_offer):
        if tile_id is None:
            continue
        move = AutomaMove(kind="patent_office", slot=slot)
        text = say("Patent Office: takes {tile} (−{vp} VP)", tile=tile_id, vp=action.vp_cost)
        plans.append(Plan(action, text, {"slot": slot, "tile": tile_id, "move": move}))
    return plans


def _bank(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    action = _template(tile, "bank")
    text = say("Bank: +{vp} VP", vp=action.vp_gain)
    return [Plan(action, text, {"move": AutomaMove(kind="bank")})]


def _criteria(state: GameState) -> Any:
    return current_criteria(state)


# -- The Leeghwater Project (an Automa's own moves only: a person plays them by hand) -----------


def _expansion(state: GameState, company: str) -> bool:
    return leeghwater.active(state)  # a person's opening the Automa way too (§2.2, §10)


def _external_works(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    """Any face-up External Work its supply pays (§7.8), 2 Engineers on its space."""
    if not _expansion(state, company):
        return []
    player = state.players[company]
    plans = []
    for slot, work_id in enumerate(leeghwater.external_offer(state), start=1):
        work = catalog.EXTERNAL_WORKS.get(work_id or "")
        if work is None or player.excavators < work.excavators or player.mixers < work.mixers:
            continue
        action = TileAction("external_work", 2, True, preference=(slot,), expansion="leeghwater")
        move = AutomaMove(kind="external_work", slot=slot - 1)
        text = say("slot {slot} — {work}", slot=slot, work=table_words.external_work_name(work.id))
        plans.append(Plan(action, text, {"slot": slot, "tile": work_id, "move": move}))
    return plans


def _buildings(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    """A Building next to any Private Building on any open space, with any tile that builds
    Buildings, paid with its Machineries (§7.4; red-bordered spaces in VP)."""
    if not _expansion(state, company):
        return []
    if leeghwater.buildings_built(state, company) >= catalog.BUILDINGS_PER_COMPANY:
        return []
    player = state.players[company]
    action = TileAction("construction", 1, True, structure=catalog.BUILDING,
                        expansion="leeghwater")  # fmt: skip
    plans = []
    for put, copies in _tile_choices(state, company, catalog.BUILDING):
        with_tile = copies or put  # Anton Krylov's tile: the copied tile's effect (§2.2)
        for building in leeghwater.buildings(state):
            spaces = leeghwater.building_spaces(state, building)
            if company in spaces:
                continue
            e, m = feasibility.building_machineries(state, company, building, with_tile)
            if player.excavators < e or player.mixers < m:
                continue
            for index, holder in enumerate(spaces):
                if holder is not None:
                    continue
                space = f"BS_{building}_{index + 1}"
                move = AutomaMove(kind="construction", structure=catalog.BUILDING, space=space,
                                  tile=put, copies=copies)  # fmt: skip
                details = {"structure": catalog.BUILDING, "building": building, "index": index,
                           "tile": put, "copies": copies, "excavators": e, "mixers": m,
                           "red_border_credits": private_buildings.red_border(index, with_tile),
                           "move": move}  # fmt: skip
                text = say(
                    "Build a Building at {building}, space {space} ({tile})",
                    building=catalog.building_name(building),
                    space=index + 1,
                    tile=table_words.technology_tile_name(with_tile),
                )
                plans.append(Plan(action, chosen_by_table(text), details))
    return plans


CHOSEN_BY_TABLE = "{move}: chosen by the table"


def chosen_by_table(move: str) -> Words:
    """A move only the table's choice makes (not one of the Automa's plans)."""
    return say("{move}: chosen by the table", move=move)


def without_chosen(summary: str) -> str:
    """The move of a summary, without "chosen by the table" (the log says it otherwise)."""
    if isinstance(summary, Words) and summary.key == CHOSEN_BY_TABLE:
        move: str = summary.params["move"]
        return move
    return summary


MAKERS = (
    _productions,
    _constructions,
    _water,
    _contract_office,
    _workshop,
    _machinery_shop,
    _patent_office,
    _bank,
    _external_works,
    _buildings,
)


def override_plans(state: GameState, company: str, tile: AutomaTile) -> list[Plan]:
    """Every move the Automa could legally make now (a human opening the Automa way: paid as
    a person, so only those it can pay), for the drawn action tile `tile`."""
    plans = [plan for make in MAKERS for plan in make(state, company, tile)]
    if state.players[company].is_automa:
        return plans
    out = []
    for plan in plans:
        price = feasibility.person_credits(plan.action)
        if not can_pay_credits(state, company, price):
            continue
        person = feasibility._as_person(state, company, plan, price)
        if not isinstance(person, Skip):
            out.append(person)
    return out


def find(plans: list[Plan], move: AutomaMove) -> Plan | None:
    """The listed plan of `move`, or None when it is not a legal move now."""
    return next((p for p in plans if p.details["move"] == move), None)


# -- the option form ---------------------------------------------------------------------------


def options(state: GameState, company: str, tile: AutomaTile) -> list[dict[str, Any]]:
    """The moves grouped by action as a person's legal options are (`type`, `label`,
    `enabled`, `why`, `choices: [{label, space?, preview, command}]`)."""
    labels = dict(LABELS)
    if _expansion(state, company):
        labels["external_work"] = say("External Works")
    groups: dict[str, list[dict[str, Any]]] = {kind: [] for kind in labels}
    for plan in override_plans(state, company, tile):
        move: AutomaMove = plan.details["move"]
        kind = "water_management" if move.kind == "water_flowing" else move.kind
        action = plan.action
        preview: dict[str, Any] = {"engineers": min(action.engineers,
                                                    state.players[company].engineers),
                                   "text": plan.summary}  # fmt: skip
        vp = action.vp_cost + int(plan.details.get("red_border_credits", 0))
        vp += int(plan.details.get("credits", 0))
        if vp:
            preview["vp"] = -vp
        choice: dict[str, Any] = {
            "label": plan.summary,
            "preview": preview,
            "command": {
                "type": "automa_turn",
                "player": company,
                "override": {"move": to_dict(move)},
            },
        }
        if move.space:
            choice["space"] = move.space
        elif move.dam:
            choice["space"] = move.powerhouse
        groups[kind].append(choice)
    return [
        {
            "type": kind,
            "label": label,
            "enabled": bool(groups[kind]),
            "why": "" if groups[kind] else say("The Automa cannot do this now."),
            "choices": groups[kind],
        }
        for kind, label in labels.items()
    ]
