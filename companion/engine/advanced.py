"""Special effects of the Advanced Technology tiles, resolved after placement (Appendix 4).

Cost-changing effects (L1_ANY no red-border fee, L2_CONDUIT cap, L2_ANY interchangeable
Machineries, L3_BASE no Excavators, L1_POWERHOUSE / L3_BASE no Engineers) live in
construction.py because they act before placement; this module resolves the effects that
happen after the piece is on the map and its income is paid (companies.md §2 step 7), so
counts such as "Bases you have built" include the new piece.

Effects that place drops or produce may be declined (ruling R23): they become pending
Decisions. Credits, VP and wheel turns are simply applied. An Automa below level 3 has no
special effects.
"""

from __future__ import annotations

from companion.engine import levels, production, water
from companion.engine.board import SPACES
from companion.engine.catalog import ADVANCED_TILES, is_advanced
from companion.engine.commands import Answer, answer_dict
from companion.engine.economy import gain_credits, move_energy, score_vp, source
from companion.engine.events import Event, Recorder, applies, ask, not_offered, resolves
from companion.engine.state import Decision, GameState
from companion.engine.wheel import rotate_wheel, tiles_on_wheel
from companion.engine.words import say

CATEGORY = "advanced_tile"


def effects_active(state: GameState, company: str) -> bool:
    """An Automa below level 3 ignores the special effects of advanced tiles."""
    return levels.has_advanced_effects(state.players[company])


def dam_capacity(state: GameState, dam_space: str) -> int:
    """Capacity of a dam, by water.capacity (Graziano, ruling R11) when it is available."""
    return int(water.capacity(state, dam_space))


def advanced_tiles_owned(state: GameState, company: str) -> int:
    """Advanced tiles in the personal supply and on the wheel (officers' tiles excluded)."""
    player = state.players[company]
    return sum(1 for t in [*player.tiles, *tiles_on_wheel(state, company)] if is_advanced(t))


def apply_tile_effect(rec: Recorder, company: str, tile: str, structure: str, space: str) -> None:
    """Resolve the special effect of `tile` (or the tile Anton's tile copies) after placement."""
    state = rec.state
    if tile not in ADVANCED_TILES or not effects_active(state, company):
        return
    handler = _EFFECTS.get(tile)
    if handler is not None:  # cost-only tiles (L1_ANY, L2_ANY, ...) have nothing to do now
        handler(rec, company, structure, space)


# -- the effects ---------------------------------------------------------------------------


def _l1_base(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L1_BASE: 1 drop in each of your dams holding none (the new Base too); declinable."""
    empty = sorted(s for s, d in rec.state.dams.items() if d.owner == company and d.drops == 0)
    if empty:
        question = say("Level I Base tile: put 1 drop in each of your empty dams?")
        _ask_tile_drops(rec, company, "L1_BASE", question, {s: 1 for s in empty})


def _l1_elevation(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L1_ELEVATION: rotate the wheel 1 segment per Elevation built (this one included)."""
    steps = rec.state.players[company].built["elevation"]
    rotate_wheel(rec, company, steps, say("Level I Elevation tile: {n} Elevations built", n=steps))


def _l1_conduit(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L1_CONDUIT: gain 2 Credits x the value of the Conduit just built."""
    value = SPACES[space].value
    why = say("Level I Conduit tile: value {value} x 2", value=value)
    gain_credits(
        rec, company, 2 * value, CATEGORY, why, source(CATEGORY, "L1_CONDUIT", value=value)
    )


def _l2_base(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L2_BASE: produce energy = Bases built; usable for a contract."""
    energy = rec.state.players[company].built["base"]
    _ask_tile_energy(
        rec, company, "L2_BASE", energy, say("Level II Base tile: {n} Bases built", n=energy)
    )


def _l3_conduit(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L3_CONDUIT: produce 2 x the value of the Conduit just built; usable for a contract."""
    value = SPACES[space].value
    _ask_tile_energy(
        rec,
        company,
        "L3_CONDUIT",
        2 * value,
        say("Level III Conduit tile: value {value} x 2", value=value),
    )


def _l2_elevation(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L2_ELEVATION: fill the dam just raised to its capacity from the general supply."""
    missing = dam_capacity(rec.state, space) - rec.state.dams[space].drops
    if missing > 0:
        question = say(
            "Level II Elevation tile: fill the dam on {space} with {n} drops?",
            space=space,
            n=missing,
        )
        _ask_tile_drops(rec, company, "L2_ELEVATION", question, {space: missing})


def _ask_tile_drops(
    rec: Recorder, company: str, tile: str, question: str, drops: dict[str, int]
) -> None:
    """The tile's drops from the general supply, which the player may decline (ruling R23)."""
    ask(
        rec,
        "tile_effect",
        company,
        question,
        tile=tile,
        drops=drops,
        answers=[{"accept": True}, {"accept": False}],
    )


def _l2_powerhouse(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L2_POWERHOUSE: an immediate production +2 with any own powerhouse (declinable)."""
    options = production.production_options(rec.state, company, 2)
    if not options:
        return
    ask(
        rec,
        "tile_production",
        company,
        say("Level II Powerhouse tile: produce now with +2?"),
        tile="L2_POWERHOUSE",
        bonus=2,
        productions=options,
        answers=[
            *(c for o in options for c in o.get("commands", [o["command"]])),
            {"decline": True},
        ],
    )


def _l3_elevation(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L3_ELEVATION: 3 VP per own dam with at least one Elevation (this one included)."""
    dams = sum(1 for d in rec.state.dams.values() if d.owner == company and d.level >= 2)
    reason = say("Level III Elevation tile: {n} raised dams", n=dams)
    score_vp(rec, company, 3 * dams, CATEGORY, reason, source(CATEGORY, "L3_ELEVATION", count=dams))


def _l3_powerhouse(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L3_POWERHOUSE: 3 VP per Powerhouse built (this one included)."""
    n = rec.state.players[company].built["powerhouse"]
    score_vp(rec, company, 3 * n, CATEGORY, say("Level III Powerhouse tile: {n} Powerhouses", n=n),
             source(CATEGORY, "L3_POWERHOUSE", count=n))  # fmt: skip


def _l3_any(rec: Recorder, company: str, structure: str, space: str) -> None:
    """L3_ANY: 3 VP per advanced tile owned (supply + wheel, this one included)."""
    n = advanced_tiles_owned(rec.state, company)
    score_vp(rec, company, 3 * n, CATEGORY, say("Level III tile: {n} advanced tiles owned", n=n),
             source(CATEGORY, "L3_ANY", count=n))  # fmt: skip


_EFFECTS = {
    "L1_BASE": _l1_base,
    "L1_ELEVATION": _l1_elevation,
    "L1_CONDUIT": _l1_conduit,
    "L2_BASE": _l2_base,
    "L2_ELEVATION": _l2_elevation,
    "L2_POWERHOUSE": _l2_powerhouse,
    "L3_ELEVATION": _l3_elevation,
    "L3_CONDUIT": _l3_conduit,
    "L3_POWERHOUSE": _l3_powerhouse,
    "L3_ANY": _l3_any,
}


def _ask_tile_energy(rec: Recorder, company: str, tile: str, energy: int, reason: str) -> None:
    """Produced energy from a tile: moves the marker and may fulfil one contract (declinable)."""
    contracts = list(production.fulfillable_contracts(rec.state, company, energy))
    ask(
        rec,
        "tile_contract",
        company,
        reason,
        tile=tile,
        energy=energy,
        contracts=contracts,
        answers=[
            {"produce": True, "contract": None},
            *[{"produce": True, "contract": c} for c in contracts],
            {"produce": False, "contract": None},
        ],
    )


# -- resolvers -----------------------------------------------------------------------------


def _check_answer(decision: Decision, answer: Answer, keys: tuple[str, ...]) -> None:
    given = answer_dict(answer)
    picked = {k: given.get(k) for k in keys}
    legal = [{k: a.get(k) for k in keys} for a in decision.options.get("answers", [])]
    if picked not in legal:
        raise not_offered(decision)


@resolves("tile_effect")
def _resolve_tile_effect(rec: Recorder, decision: Decision, answer: Answer) -> None:
    _check_answer(decision, answer, ("accept",))
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=answer_dict(answer))
    if answer.accept:
        rec.emit(
            "tile_drops_added",
            decision.reason,
            company=decision.player,
            tile=decision.options["tile"],
            drops=dict(decision.options["drops"]),
        )


@resolves("tile_contract")
def _resolve_tile_contract(rec: Recorder, decision: Decision, answer: Answer) -> None:
    _check_answer(decision, answer, ("produce", "contract"))
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=answer_dict(answer))
    if not answer.produce:
        return
    company = str(decision.player)
    energy = int(decision.options["energy"])
    move_energy(rec, company, energy, decision.reason, usable=True)
    if answer.contract:
        production.fulfil_contract(rec, company, answer.contract, energy, decision.reason)


@resolves("tile_production")
def _resolve_tile_production(rec: Recorder, decision: Decision, answer: Answer) -> None:
    given = answer_dict(answer)
    if answer.decline:
        _check_answer(decision, answer, ("decline",))
        rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=given)
        return
    keys = ("dam", "conduit", "powerhouse", "drops")
    legal = [
        {k: a.get(k) for k in keys} for a in decision.options["answers"] if not a.get("decline")
    ]
    if {k: given.get(k) for k in keys} not in legal:
        raise not_offered(decision)
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=given)
    fields = production.production_fields(answer)
    production.decide_produce(
        rec, str(decision.player), **fields, bonus=int(decision.options.get("bonus", 2))
    )


@applies("tile_drops_added")
def _tile_drops_added(state: GameState, e: Event) -> None:
    for space, n in e["drops"].items():
        state.dams[space].drops += n
