"""A whole Automa turn: draw, read the actions in order, do the first feasible one (automa.md §4).

`play_turn` decides and applies the turn through the engine's own functions (production,
construction, water, wheel, economy) so the Automa's moves are exactly as legal as a
human's; Credits become VP through `economy` (§6, ruling A5). Dashed-frame actions (water,
contract office) do not end the turn (§4). The returned trace is what the table reads:
"Tile 7. Produce ±0: skipped — no yellow contract ≤ 9 energy. Build conduit: … → C4R".
`preview_turn` runs the same on a copy (step mode); an `override` lets the table choose
another legal move for the Automa, which is logged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import (
    advanced,
    catalog,
    construction,
    external_works,
    leeghwater,
    levels,
    private_buildings,
    production,
    table_words,
    water,
    wheel,
)
from companion.engine.automa import deck, feasibility, overrides, placement
from companion.engine.automa.feasibility import (  # noqa: F401  (section_spaces: tests)
    SECTION_OF,
    Plan,
    Skip,
    first_empty_space,
    section_spaces,
)
from companion.engine.automa.plain import plain_line
from companion.engine.automa.rewards import answer_pending, claim_contract
from companion.engine.automa.tiles import COLOUR_WORDS, AutomaTile, Criteria, TileAction
from companion.engine.board import HEADSTREAM_LETTERS
from companion.engine.commands import Override, to_dict
from companion.engine.economy import (
    gain_credits,
    gain_machineries,
    move_energy,
    pay_credits,
    score_vp,
    source,
)
from companion.engine.errors import RuleViolation
from companion.engine.events import Event, Recorder, applies
from companion.engine.management import BANK, SECTION_NAMES
from companion.engine.state import GameState
from companion.engine.words import Words, say

STRUCTURE_NAMES: dict[str, Words] = {
    "base": say("Base"),
    "elevation": say("Elevation"),
    "conduit": say("Conduit"),
    "powerhouse": say("Powerhouse"),
}


def automa_words(action: TileAction) -> Words:
    """The reason of an Automa action's effects: "Automa Workshop: rotate 2"."""
    return say("Automa {action}", action=action.label())


def opening_words(action: TileAction) -> Words:
    """The reason of a human's opening the Automa way (Mahiri Sekibo)."""
    return say("{action} (opening the Automa way)", action=action.label())


# -- engineers (§5) --------------------------------------------------------------------------


def place_engineers(
    rec: Recorder, company: str, action: TileAction, details: dict[str, Any] | None = None
) -> int:
    """Engineers for the action (§5): constructions on the company board, others on the first
    empty space of the section, ignoring the printed count and fee; with fewer engineers
    left, all of them (edge case 25)."""
    state = rec.state
    n = min(action.engineers, state.players[company].engineers)
    details = details or {}
    if action.kind == "construction" or details.get("leslie"):  # Leslie: as a construction
        where: str = say("its company board (no construction space, no fee)")
        space = None
    elif action.kind == "external_work":  # on the space of the work it fulfils (§5)
        space = leeghwater.external_space(int(details.get("slot") or 1) - 1)
        where = leeghwater.space_words(space)
    else:
        section = SECTION_OF[action.kind]
        space = first_empty_space(state, section)
        name = SECTION_NAMES[section]
        if space:
            where = say("{space} ({section})", space=space, section=name)
        else:
            where = say("next to the {section} (no empty space)", section=name)
    rec.emit(
        "automa_engineers_placed",
        say("Put {n} Automa Engineer(s) on {where}.", n=n, where=where),
        company=company,
        space=space,
        engineers=n,
    )
    return n


def place_person_engineers(rec: Recorder, company: str, plan: Plan) -> int:
    """A human's opening (Mahiri Sekibo): a person's Engineers on the space the Automa would
    take, as `feasibility.person_placement` chose it (the engine's own placement event)."""
    placed = plan.details["person"]
    if placed["space"] is None:  # an engineer-free tile (Appendix 4)
        return 0
    rec.emit(
        "engineers_placed",
        opening_words(plan.action),
        company=company,
        space=placed["space"],
        engineers=placed["engineers"],
    )
    return int(placed["engineers"])


@applies("automa_engineers_placed")
def _engineers_placed(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    player.engineers -= e["engineers"]
    player.engineers_out += e["engineers"]
    space = e["space"]
    if space == BANK:
        state.bank[e["company"]] = state.bank.get(e["company"], 0) + e["engineers"]
    elif space is not None:
        state.occupied[space] = e["company"]


# -- performing a plan (§7) ------------------------------------------------------------------


def perform(rec: Recorder, company: str, plan: Plan) -> int:
    """Do a feasible action with all its effects; returns the Engineers placed."""
    action = plan.action
    if "person" in plan.details:  # a human's opening: a person's Engineers and Credits
        engineers = place_person_engineers(rec, company, plan)
        what = opening_words(action)
        pay_credits(rec, company, plan.details["person_credits"], "automa_action", what)
    else:
        if action.vp_cost:
            origin = source("automa_action", action.kind, cost=action.vp_cost)
            score_vp(rec, company, -action.vp_cost, "automa_action", automa_words(action), origin)
        engineers = place_engineers(rec, company, action, plan.details)
    performer = PERFORMERS.get(action.kind)
    if performer is not None:
        performer(rec, company, action, {**plan.details, "engineers": engineers})
    answer_pending(rec, company)
    return engineers


def _produce(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    """§7.1: best system with all its drops; the contract straight from the office (A3)."""
    for several in d.get("contracts") or []:  # Simone Luciani at level 4 (§2.2)
        claim_contract(rec, company, several)
    claim_contract(rec, company, d.get("contract"))
    fields = production.production_fields(d)
    production.decide_produce(rec, company, **fields, bonus=action.energy_bonus)


def _water(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    letters: list[str] = list(d["letters"])
    reason = automa_words(action)
    if action.flows_immediately:
        water.release_drops_now(rec, company, letters, reason)
        return
    for letter in sorted(set(letters)):
        water.place_drops(rec, company, letter, letters.count(letter), reason)


def _contract_office(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    """§7.3: the colour's face-up contracts leave the game; +2 energy; refill at end of turn."""
    colour = d["colour"]
    removed = [(slot, c) for slot, c in enumerate(rec.state.contract_offer.get(colour, [])) if c]
    if removed:
        rec.emit(
            "automa_contracts_removed",
            say(
                "Remove the face-up {colour} contracts {contracts} from the Contract Office (out"
                " of the game); the slots refill at the end of the turn.",
                colour=COLOUR_WORDS.get(colour, colour),
                contracts=", ".join(c for _, c in removed),
            ),
            company=company,
            colour=colour,
            contracts=[c for _, c in removed],
            slots=[slot for slot, _ in removed],
        )
    move_energy(rec, company, action.energy_gain, automa_words(action), usable=False)


def _build(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    """§7.4: tile and machinery on the wheel, turn it, place the piece (3 VP on red)."""
    if d["structure"] == catalog.BUILDING:
        private_buildings.automa_build_building(
            rec, company, d["building"], d["index"], d["tile"], d["excavators"], d["mixers"],
            copies=d.get("copies"),
        )  # fmt: skip
        return
    structure = STRUCTURE_NAMES.get(d["structure"], d["structure"])
    what = say("Automa: {structure} on {space}", structure=structure, space=d["space"])
    wheel.load_wheel(rec, company, [d["tile"]], d["excavators"], d["mixers"], what)
    if d.get("credits"):
        origin = source("construction", d["space"], machineries_as_credits=d["credits"])
        pay_credits(rec, company, d["credits"], "construction", what, origin)
    turned = say("Automa construction: {structure} on {space}", structure=structure,
                 space=d["space"])  # fmt: skip
    wheel.rotate_wheel(rec, company, 1, turned)
    construction.place_structure(
        rec,
        company,
        d["structure"],
        d["space"],
        say("Place the Automa's {structure} on {space}.", structure=structure, space=d["space"]),
        free=False,
        waive_red_border=d["waive_red_border"],
    )
    player = rec.state.players[company]
    effective = d.get("copies") or d["tile"]  # Anton's tile: the copied tile's effect (§2.2)
    if levels.has_advanced_effects(player) and effective in catalog.ADVANCED_TILES:
        advanced.apply_tile_effect(rec, company, effective, d["structure"], d["space"])


def _external_work(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    """§7.8: its Machineries go back to the supply, the reward follows (Credits as VP); level
    4 Leslie Spencer: onto the wheel with her tile, turned 1 (§2.2)."""
    slot = int(d["slot"])
    if d.get("leslie"):
        tile = str(external_works.offered(rec.state, slot))
        work = catalog.EXTERNAL_WORKS[tile]
        name = table_words.external_work_name(tile, reward=False)
        what = say("Automa: {work} on the wheel (Leslie Spencer)", work=name)
        wheel.load_wheel(rec, company, ["leslie_tile"], work.excavators, work.mixers, what)
        wheel.rotate_wheel(rec, company, 1, what)
        external_works.take_work(rec, company, slot, paid="wheel")
        return
    external_works.take_work(rec, company, slot, paid="machineries")


def _workshop(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    wheel.rotate_wheel(rec, company, action.rotations, automa_words(action))


def _machinery_shop(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    gain_machineries(rec, company, d["excavators"], d["mixers"], automa_words(action))


def _patent_office(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    rec.emit(
        "patent_tile_bought",
        say("Take the Advanced Technology tile {tile} for the Automa (ruling A6).", tile=d["tile"]),
        company=company,
        tile=d["tile"],
        slot=d["slot"],
    )


def _bank(rec: Recorder, company: str, action: TileAction, d: dict[str, Any]) -> None:
    """§7.9: +1 VP; a human's opening takes a person's 1 Credit per Engineer instead."""
    player = rec.state.players[company]
    if player.is_automa:
        origin = source("automa_action", "bank", gain=action.vp_gain)
        score_vp(rec, company, action.vp_gain, "automa_action", say("Automa Bank action"), origin)
        return
    n = int(d["engineers"])
    said = say("Bank: {n} Credit(s) for {n} Engineer(s)", n=n)
    gain_credits(rec, company, n, "automa_action", said)


PERFORMERS: dict[str, Callable[[Recorder, str, TileAction, dict[str, Any]], None]] = {
    "production": _produce,
    "water_management": _water,
    "contract_office": _contract_office,
    "construction": _build,
    "workshop": _workshop,
    "machinery_shop": _machinery_shop,
    "patent_office": _patent_office,
    "bank": _bank,
    "external_work": _external_work,
}


@applies("automa_contracts_removed")
def _contracts_removed(state: GameState, e: Event) -> None:
    slots = state.contract_offer[e["colour"]]
    for i in e["slots"]:
        slots[i] = None


# -- the turn (§4) ---------------------------------------------------------------------------


def _apply_override(
    state: GameState, company: str, plan: Plan | Skip, override: Override, criteria: Criteria
) -> Plan:
    """The table's choice for this action, checked to be a legal Automa move."""
    if isinstance(plan, Skip):
        raise RuleViolation(
            "automa_override",
            say(
                "The Automa cannot do '{label}': {reason}.",
                label=plan.action.label(),
                reason=plan.reason,
            ),
        )
    details = dict(plan.details)
    action = plan.action
    if action.kind == "construction" and override.space:
        space = override.space
        structure = details["structure"]
        legal = placement.legal_spaces(
            state, company, structure, region=action.region,
            min_conduit_value=action.min_conduit_value,
        )  # fmt: skip
        effective = details.get("copies") or details["tile"]
        payment, cost = feasibility._payment(state, company, structure, space, effective)
        if space not in legal or payment is None:
            raise RuleViolation(
                "automa_override",
                say(
                    "The Automa cannot build its {structure} on {space}.",
                    structure=structure,
                    space=space,
                ),
            )
        details.update(
            space=space, excavators=payment.excavators, mixers=payment.mixers,
            credits=payment.credits, waive_red_border=cost.credits_red_border == 0,
        )  # fmt: skip
    if action.kind == "water_management" and override.letters is not None:
        letters = list(override.letters)
        if (
            not letters
            or len(letters) > max(1, action.drops)
            or any(x not in HEADSTREAM_LETTERS for x in letters)
        ):
            raise RuleViolation(
                "automa_override",
                say("Choose 1 or 2 headstreams among A, B, C, D."),
            )
        details["letters"] = letters
    if action.kind == "production" and override.powerhouse:
        details = _override_production(state, company, action, details, override)
    return Plan(action, overrides.chosen_by_table(action.label()), details)


def _override_production(
    state: GameState,
    company: str,
    action: TileAction,
    details: dict[str, Any],
    override: Override,
) -> dict[str, Any]:
    wanted = (override.dam, override.conduit, override.powerhouse)
    for system in production.production_systems(state, company):
        if (system.dam, system.conduit, system.powerhouse) == wanted:
            energy = production.production_energy(
                state, company, system.value, system.drops_available, action.energy_bonus
            )
            contracts = [c for c, _ in feasibility.contract_options(state, company, energy)]
            given = "contract" in override.given
            contract = override.contract if given else (contracts[0] if contracts else None)
            if contract is not None and contract not in contracts:
                raise RuleViolation(
                    "automa_override",
                    say(
                        "{energy} energy does not fulfil contract {contract}.",
                        energy=energy,
                        contract=contract,
                    ),
                )
            return {
                **details, "dam": system.dam, "conduit": system.conduit,
                "powerhouse": system.powerhouse, "drops": system.drops_available,
                "energy": energy, "contract": contract,
            }  # fmt: skip
    raise RuleViolation(
        "automa_override",
        say("That is not one of the Automa's production systems."),
    )


def _forced_action(tile: AutomaTile, override: Override | None) -> int | None:
    """The index of the tile action the table chose, checked (None: no override)."""
    if override is None or override.move is not None:
        return None
    index = override.action
    if index is None or not 0 <= index < len(tile.actions):
        raise RuleViolation(
            "automa_override",
            say(
                "Choose one of the {count} actions of Automa tile {tile} (0 = first).",
                count=len(tile.actions),
                tile=tile.id,
            ),
        )
    return index


def play_turn(
    rec: Recorder,
    company: str,
    *,
    step_only: bool = False,
    override: Override | None = None,
) -> dict[str, Any]:
    """Play one Automa turn (§4) and return its trace; `step_only` only previews it."""
    if step_only:
        return preview_turn(rec.state, company, override=override)
    state = rec.state
    player = state.players[company]
    if player.engineers <= 0:
        return {"company": company, "passed": True, "lines": [say("No Engineers left: passes.")]}
    action_tile, criteria_tile = deck.draw(rec, company)
    criteria = criteria_tile.criteria
    lines: list[str] = [
        say("Tile {tile} (criteria of tile {criteria}).", tile=action_tile.id,
            criteria=criteria_tile.id)
    ]  # fmt: skip
    steps: list[dict[str, Any]] = []
    forced = _forced_action(action_tile, override)
    overruled = ""  # the move the table chose instead of the Automa's, for the log
    if override is not None and override.move is not None:
        plans = overrides.override_plans(state, company, action_tile)
        chosen = overrides.find(plans, override.move)
        if chosen is None:
            raise RuleViolation(
                "automa_override",
                say(
                    "That is not a move the Automa can make now: choose one of the moves offered.",
                ),
            )
        engineers = perform(rec, company, chosen)
        lines.append(say("Override by the table: {plan}; Engineers: {n}.", plan=chosen.summary,
                         n=engineers))  # fmt: skip
        overruled = overrides.without_chosen(chosen.summary)
        steps.append({"index": None, "action": chosen.action.label(), "done": True,
                      "kind": chosen.action.kind,
                      "reason": chosen.summary, "engineers": engineers})  # fmt: skip
    for index, action in enumerate(action_tile.actions):
        if override is not None and override.move is not None:
            break
        if forced is not None and index != forced:
            continue  # the table chose another action of the tile for the Automa
        plan: Plan | Skip = feasibility.plan_action(state, company, action, criteria)
        if forced is not None and override is not None:
            plan = _apply_override(state, company, plan, override, criteria)
            lines.append(say("Override by the table: {action}.", action=action.label()))
            overruled = action.label()
        if isinstance(plan, Skip):
            lines.append(say("{action}: skipped — {reason}.", action=action.label(),
                             reason=plan.reason))  # fmt: skip
            steps.append({"index": index, "action": action.label(), "done": False,
                          "kind": action.kind,
                          "reason": plan.reason})  # fmt: skip
            continue
        engineers = perform(rec, company, plan)
        lines.append(say("{plan}; Engineers: {n}.", plan=plan.summary, n=engineers))
        steps.append({"index": index, "action": action.label(), "done": True,
                      "kind": action.kind,
                      "reason": plan.summary, "plain": plain_line(plan),
                      "engineers": engineers})  # fmt: skip
        if action.is_dashed and state.players[company].engineers > 0:
            continue
        break
    if state.players[company].engineers == 0:
        if player.is_automa:
            lines.append(say("No Engineers left: the Automa will pass for the rest of the round."))
        else:
            lines.append(say("No Engineers left: you will pass for the rest of the round."))
    trace = {
        "company": company,
        "tile": action_tile.id,
        "criteria_tile": criteria_tile.id,
        "lines": lines,
        "steps": steps,
        "override": None if override is None else to_dict(override),
        "passed": False,
    }
    rec.emit(
        "automa_turn_traced",
        _traced_text(action_tile.id, overruled),
        company=company,
        trace=trace,
    )
    return trace


def _traced_text(tile: int, overruled: str) -> str:
    """The log's line for the turn: an override says so, with the move the table chose."""
    if overruled:
        return say(
            "Overruled by the table: {move} instead of the Automa's decision; its tile {tile} is"
            " in the trace.",
            move=overruled,
            tile=tile,
        )
    return say("The Automa's reasons for tile {tile} are in its trace.", tile=tile)


def preview_turn(
    state: GameState, company: str, *, override: Override | None = None
) -> dict[str, Any]:
    """The decision and trace of the next Automa turn, without applying it (step mode)."""
    scratch = state.copy()
    rec = Recorder(scratch)
    trace = play_turn(rec, company, override=override)
    trace = dict(trace)
    trace["events"] = len(rec.events)
    return trace


@applies("automa_turn_traced")
def _turn_traced(state: GameState, e: Event) -> None:
    state.automa["last_trace"] = e["trace"]
