"""What is legal now: every action a player may take, each choice with a preview and a ready
command, and the open question (pending decision) with its answers.

Everything offered here must be accepted by `execute`, and everything `execute` accepts must be
offered (checked by the property tests). Rulebook "Actions" (p. 11) and the action sections
(pp. 13-19); rulings R6, R17, R20.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any

from companion.engine import (
    catalog,
    construction,
    contracts,
    counts,
    external_works,
    leeghwater,
    management,
    private_buildings,
    production,
    water,
)
from companion.engine.automa.command import automa_options, automa_to_act, override_options
from companion.engine.catalog import ManagementSpace, company_name
from companion.engine.counts import commas, dots, plus
from companion.engine.economy import can_pay_credits
from companion.engine.mahiri import mahiri_options
from companion.engine.state import Decision, GameState
from companion.engine.table_words import STRUCTURE_WORD, advanced_tile_name, external_work_name
from companion.engine.words import Words, say

ACTION_LABELS: dict[str, str] = {
    "build": say("Build"),
    "produce": say("Produce"),
    "water": say("Water"),
    "workshop": say("Workshop"),
    "buy_machinery": say("Shop"),
    "take_contracts": say("Contracts"),
    "bank": say("Bank"),
    "patent": say("Patent"),
    "pass": say("Pass"),
}
# the basic Technology tiles by the word the wheel shows (Advanced tiles keep their id)
TILE_WORDS = {
    "base": say("base"),
    "elevation": say("elevation"),
    "conduit": say("conduit"),
    "powerhouse": say("powerhouse"),
    "wild": say("wild"),
}
PHASE_WORDS = {
    "setup": say("setup"),
    "income": say("income"),
    "actions": say("actions"),
    "water_flow": say("water flow"),
    "scoring": say("scoring"),
    "end_of_round": say("end of round"),
    "game_over": say("game over"),
}
SECTION_OF_ACTION = {
    "produce": "turbine_station",
    "water": "water_management",
    "workshop": "workshop",
    "buy_machinery": "machinery_shop",
    "take_contracts": "contract_office",
    "patent": "patent_office",
}


@cache
def _spaces(section: str) -> tuple[ManagementSpace, ...]:
    # the board's spaces never change: read once per section, not on every options answer
    return tuple(s for s in catalog.MANAGEMENT_SPACES.values() if s.section == section)


def _space_label(space: ManagementSpace) -> Words:
    """ "Workshop row 1, left (1 Engineer, 2₵)": a space and what it costs (the same label
    every time: said once per space, as every options answer lists the spaces)."""
    label = _SPACE_LABELS.get(space)
    if label is None:
        bits: list[str] = [counts.engineers(space.engineers or 0)]
        if space.total_credits:
            bits.append(f"{space.total_credits}₵")
        label = say("{space} ({cost})", space=management.space_name(space), cost=commas(bits))
        _SPACE_LABELS[space] = label
    return label


_SPACE_LABELS: dict[ManagementSpace, Words] = {}


def _credits(n: int) -> str:
    return f"{n}₵"


def _signed(n: int) -> str:
    return f"{n:+d}"


def _on(space: str, choice: str) -> Words:
    """ "Workshop row 1, left (1 Engineer): turn the wheel 1": a space and what it gives."""
    return say("{space}: {choice}", space=space, choice=choice)


MACHINERY_WORDS = {"excavators": counts.excavators, "mixers": counts.mixers}


def _machineries_text(gain: dict[str, int]) -> str:
    """{'excavators': 1, 'mixers': 1} -> "1 Excavator + 1 Concrete Mixer"."""
    return plus([MACHINERY_WORDS[k](n) for k, n in gain.items() if n])


def _usable_spaces(
    state: GameState, company: str, section: str
) -> tuple[list[ManagementSpace], Words | str]:
    """Spaces of a section the company can put Engineers on now, and why not if none.

    Spaces not in this game (blocked for the player count, Patent Office in the introductory
    game) are left out of the reason; if every other space is taken, the reason says so.
    """
    usable: list[ManagementSpace] = []
    taken = 0
    refused: ManagementSpace | None = None  # the first space the supply cannot pay
    for space in _spaces(section):
        if management.space_available(state, space) is not None:  # not in play, or taken
            if state.occupied.get(space.id) not in (None, "blocked"):
                taken += 1
            continue
        if management.supply_fits(state, company, space, space.engineers or 1):
            usable.append(space)
        elif refused is None:
            refused = space
    if usable:
        return usable, ""
    if refused is not None:
        why = management.supply_problem(state, company, refused, refused.engineers or 1)
        return [], why or ""
    if taken:
        return [], say("{section} spaces are taken.", section=management.SECTION_NAMES[section])
    return [], say("{section} is not used in this game.", section=management.SECTION_NAMES[section])


# -- one builder per action ------------------------------------------------------------------


def _build(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    choices = []
    # options that cost the same share their preview (construction.build_options), so the
    # preview of each of their payments is made once: by the shared preview and the payment
    # (the options hold their previews for the whole call: an id stays theirs)
    previews: dict[tuple[int, tuple[Any, ...]], Any] = {}
    for option in [
        *construction.build_options(state, company),
        *private_buildings.build_options(state, company),
    ]:
        # each payment's command is ready to send (construction.build_option's form): the
        # choice takes it as it is, the option around it is not kept
        commands = [p["command"] for p in option["payments"]]
        for command in commands:
            payment = command.get("payment")
            key = (id(option.get("preview")), tuple(payment.items()) if payment else ())
            if key not in previews:
                previews[key] = _payment_preview(option, payment)
            preview = previews[key]
            label = _choice_label(option, preview, several=len(commands) > 1)
            choices.append(
                {
                    "label": label,
                    "space": option.get("space"),
                    "preview": preview,
                    "command": command,
                }
            )
    why = (
        ""
        if choices
        else say("No structure can be built now (tiles, Machineries, Engineers or free spaces).")
    )
    return choices, why


def _choice_label(option: dict[str, Any], preview: Any, *, several: bool) -> str:
    """The option's label; of several payments (Jill, Solomon, L2_ANY: Appendix 3-4) it also
    says which payment this one is."""
    own = option.get("label")  # a Building's own words (private_buildings.py)
    if own:
        return dots([own, _pay_words(preview)]) if several else own
    if several:
        return _paid_structure_label(*_label_parts(option), _payment_key(preview))
    return _build_label(option)


def _build_label(option: dict[str, Any]) -> Words:
    return _structure_label(*_label_parts(option))


def _label_parts(option: dict[str, Any]) -> tuple[str, Any, Any, Any]:
    structure = str(option.get("structure", ""))
    return structure, option.get("space"), option.get("tile"), option.get("copies")


@lru_cache(maxsize=16384)  # bounded: spaces × tiles × payments, over a server's whole life
def _paid_structure_label(
    structure: str, space: Any, tile: Any, copies: Any, payment: tuple[int, int, int] | None
) -> str:
    return dots([_structure_label(structure, space, tile, copies), _paying(payment)])


@cache
def _structure_label(structure: str, space: Any, tile: Any, copies: Any) -> Words:
    """ "Base on 3U (base tile)": the same words for the same piece, space and tile, so said
    once (a build turn lists hundreds of them; the map and the tiles are finite)."""
    parts = {
        "structure": STRUCTURE_WORD.get(structure, structure.title()),
        "space": space,
        "tile": TILE_WORDS.get(tile or "", tile) or say("no"),
    }
    if copies:
        return say(
            "{structure} on {space} ({tile} tile copying {copies})",
            copies=copies,
            **parts,
        )
    return say("{structure} on {space} ({tile} tile)", **parts)


def _payment_preview(option: dict[str, Any], payment: dict[str, int] | None) -> Any:
    """The option's preview for one payment: Machineries and Credits of that payment.

    construction.build_options previews its first payment; another payment (Solomon's
    Credits instead of Machineries, Jill's Concrete Mixers, L2_ANY) changes the numbers.
    """
    preview = option.get("preview", option.get("chips"))
    payments = option.get("payments") or []
    if not payment or not isinstance(preview, dict) or not payments:
        return preview
    first = payments[0].get("payment", {})
    fixed = int(preview.get("credits", 0)) - int(first.get("credits", 0))
    out = {
        **preview,
        "excavators": int(payment.get("excavators", 0)),
        "mixers": int(payment.get("mixers", 0)),
        "credits": fixed + int(payment.get("credits", 0)),
        "credits_for_machineries": int(payment.get("credits", 0)),
    }
    out["chips"] = [
        {"kind": k, "n": out[k]}
        for k in ("engineers", "excavators", "mixers", "credits")
        if out.get(k)
    ]
    return out


def _pay_words(preview: Any) -> Words:
    """ "pay 2 Excavators, 1 Concrete Mixer": which payment of several an option is."""
    return _paying(_payment_key(preview))


def _payment_key(preview: Any) -> tuple[int, int, int] | None:
    """What `_payment_text` reads of a preview: Excavators, Mixers, Credits instead."""
    if not isinstance(preview, dict):
        return None
    return (
        int(preview.get("excavators", 0)),
        int(preview.get("mixers", 0)),
        int(preview.get("credits_for_machineries", 0)),
    )


@cache
def _paying(payment: tuple[int, int, int] | None) -> Words:
    # said once per payment (excavators, mixers, Credits instead of Machineries): the same
    # few payments come back on every option of a build turn
    return say("pay {payment}", payment=_payment_text(payment))


def _payment_text(payment: tuple[int, int, int] | None) -> str:
    if payment is None:
        return say("as shown")
    excavators, mixers, instead = payment
    parts = []
    if excavators:
        parts.append(counts.excavators(excavators))
    if mixers:
        parts.append(counts.mixers(mixers))
    if instead:
        parts.append(say("{payment} instead of Machineries", payment=counts.credits(instead)))
    return commas(parts) or say("nothing")


def _produce(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    spaces, why = _usable_spaces(state, company, "turbine_station")
    spaces = [s for s in spaces if s.effect.get("type") == "produce"]
    choices = []
    # the left and right space of a row give the same bonus: their productions are the same
    by_bonus: dict[int, list[dict[str, Any]]] = {}
    for space in spaces:
        bonus = int(space.effect.get("bonus", 0))
        if bonus not in by_bonus:
            by_bonus[bonus] = production.production_options(state, company, bonus)
        where = _turbine_words(space.id)
        for option in by_bonus[bonus]:
            owed = (option.get("pays") or {}).get("credits", 0) + space.total_credits
            if not can_pay_credits(state, company, owed):
                continue  # the red outline's 3 Credits come first, then the conduit's owner
            for command in option.get("commands", [option["command"]]):
                fulfils = (
                    say("fulfils {contract}", contract=command["contract"])
                    if command.get("contract")
                    else ""
                )
                choices.append(
                    {
                        "label": dots([where, option.get("label", ""), fulfils]),
                        # the same production with any number of drops, as one button names
                        # it ("… · up to 3 drops · …"; the device picks the drops)
                        "group_label": dots([where, option.get("system_label", ""), fulfils]),
                        "space": space.id,
                        "preview": {
                            "energy": option.get("energy"),
                            "drops": option.get("drops"),
                            "max_drops": option.get("max_drops"),
                            "pays": option.get("pays"),
                            "contracts": option.get("contracts", []),
                            "system": option.get("system_label", ""),
                            "credits": space.total_credits,
                            "stops_at": option["stops_at"],
                            "text": option["flow_text"],
                        },
                        "command": {
                            "type": "produce",
                            "player": company,
                            "space": space.id,
                            **command,
                        },
                    }
                )
    if not choices and not why:
        why = say(
            "You have no production system with water (powerhouse, conduit and a dam with drops)."
        )
    return choices, why


@cache
def _turbine_words(space: str) -> Words:
    """ "Turbine Station row 1, left (+2)": a space and its bonus, the same on every answer."""
    turbine = catalog.MANAGEMENT_SPACES[space]
    bonus = _signed(int(turbine.effect.get("bonus", 0)))
    return say("{space} ({bonus})", space=management.space_name(turbine), bonus=bonus)


def _water(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    spaces, why = _usable_spaces(state, company, "water_management")
    choices = []
    # spaces of 1, 2 and 3 drops offer the same headstreams: each preview is simulated once,
    # and the flows previews have in common are traced once (water.Catches)
    previews: dict[tuple[tuple[str, ...], bool], dict[str, Any]] = {}
    catches = water.Catches(state)
    for space in spaces:
        now = space.effect.get("flow") == "immediately"
        for combo in _headstream_combos(int(space.effect.get("drops", 1))):
            letters = list(combo)
            choices.append(
                {
                    "label": _water_label(space.id, combo, now),
                    "space": space.id,
                    "preview": {
                        "headstreams": letters,
                        "credits": space.total_credits,
                        **_flow_preview_once(previews, catches, letters, now),
                    },
                    "command": {
                        "type": "water",
                        "player": company,
                        "space": space.id,
                        "headstreams": letters,
                    },
                }
            )
    return choices, why


@cache
def _headstream_combos(n: int) -> tuple[tuple[str, ...], ...]:
    """The headstreams `n` new drops may go to: A, B, …, A + A, A + B, … (p. 17)."""
    return tuple(c for k in range(1, n + 1) for c in combinations_with_replacement("ABCD", k))


@cache
def _water_label(space: str, letters: tuple[str, ...], now: bool) -> Words:
    # the same words for a space and its headstreams on every Water answer: said once
    # (by the space's id: a ManagementSpace hashes all its fields)
    joined = " + ".join(letters)
    when = (
        say("{letters} (flows at once)", letters=joined)
        if now
        else say("{letters} (waits for the Water Flow)", letters=joined)
    )
    return _on(management.space_name(catalog.MANAGEMENT_SPACES[space]), when)


def _flow_preview_once(
    previews: dict[tuple[tuple[str, ...], bool], dict[str, Any]],
    catches: water.Catches,
    letters: list[str],
    now: bool,
) -> dict[str, Any]:
    key = (tuple(letters), now)
    if key not in previews:
        previews[key] = _flow_preview(catches, letters, now)
    return previews[key]


def _flow_preview(catches: water.Catches, letters: list[str], now: bool) -> dict[str, Any]:
    """Where the new drops go: `stops_at` for drops flowing at once (None: off the map),
    `water_flow` = what each dam would catch in the Water Flow phase otherwise.

    Read through water.capacity, so Graziano Del Monte's 4-drop dams (and Mahiri's copy of
    him this turn) show in the preview (ruling R11).
    """
    if now:
        return {
            "stops_at": [catches.reach(letter) for letter in letters]
        }
    extra = {letter: letters.count(letter) for letter in set(letters)}
    return {"water_flow": catches(extra)}


def _bank(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    engineers = state.players[company].engineers
    choices = [
        {
            "label": _bank_label(n),
            "space": management.BANK,
            "preview": {"credits": n},
            "command": {"type": "bank", "player": company, "engineers": n},
        }
        for n in range(1, engineers + 1)
    ]
    return choices, "" if choices else say("You have no Engineers left.")


@cache
def _bank_label(n: int) -> Words:
    """ "2 Engineers → 2₵": the same words for the same Engineers on every answer."""
    if n == 1:
        return say("1 Engineer → {credits}", credits=_credits(n))
    return say("{n} Engineers → {credits}", n=n, credits=_credits(n))


def _workshop(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    spaces, why = _usable_spaces(state, company, "workshop")
    return [
        {
            "label": _workshop_label(s),
            "space": s.id,
            "preview": {"segments": s.effect.get("segments"), "credits": s.total_credits},
            "command": {"type": "workshop", "player": company, "space": s.id},
        }
        for s in spaces
    ], why


@cache
def _workshop_label(space: ManagementSpace) -> Words:
    return _on(_space_label(space), say("turn the wheel {n}", n=space.effect.get("segments")))


def _shop(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    spaces, why = _usable_spaces(state, company, "machinery_shop")
    choices = []
    for s in spaces:
        gain = s.effect.get("gain", {})
        base = {"type": "buy_machinery", "player": company, "space": s.id}
        if "machineries_any" in gain:
            for choice in ("excavator", "mixer"):
                choices.append(
                    {
                        "label": _on(
                            _space_label(s),
                            counts.excavators(1) if choice == "excavator" else counts.mixers(1),
                        ),
                        "space": s.id,
                        "preview": {"credits": s.total_credits, choice: 1},
                        "command": {**base, "choice": choice},
                    }
                )
        else:
            choices.append(
                {
                    "label": _on(_space_label(s), _machineries_text(gain)),
                    "space": s.id,
                    "preview": {"credits": s.total_credits, **gain},
                    "command": base,
                }
            )
    return choices, why


def _contracts(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    on_offer = sorted(contracts.offered(state))
    if not on_offer:
        return [], say("There are no private contracts on offer.")
    spaces, why = _usable_spaces(state, company, "contract_office")
    choices = []
    for s in spaces:
        k = min(int(s.effect.get("count", 1)), len(on_offer))
        for picked in combinations(on_offer, k):
            choices.append(
                {
                    "label": _contracts_label(s.id, picked),
                    "space": s.id,
                    "preview": {"contracts": list(picked), "credits": s.total_credits},
                    "command": {
                        "type": "take_contracts",
                        "player": company,
                        "space": s.id,
                        "contracts": list(picked),
                    },
                }
            )
    return choices, why


@cache
def _contracts_label(space: str, picked: tuple[str, ...]) -> Words:
    # a space and the contracts it takes, the same words each time: said once
    said = say("take {contracts}", contracts=commas(list(picked)))
    return _on(_space_label(catalog.MANAGEMENT_SPACES[space]), said)


def _patent(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    if state.setup.mode != "full":
        return [], say("The Patent Office is not used in the introductory game.")
    spaces, why = _usable_spaces(state, company, "patent_office")
    choices = []
    for s in spaces:
        if management.patent_problem(state, s) is None:
            tile = state.patent_offer[int(s.effect.get("slot", 1)) - 1]
            choices.append(
                {
                    "label": _on(management.space_name(s), say("{tile} (5₵)", tile=tile)),
                    "space": s.id,
                    "preview": {"tile": tile, "credits": s.total_credits},
                    "command": {"type": "patent", "player": company, "space": s.id},
                }
            )
    if not choices and not why:
        why = say("No Advanced Technology tile is left on the Patent Office this round.")
    return choices, why


def _pass(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    engineers = state.players[company].engineers
    if engineers:
        if engineers == 1:
            why = say(
                "You still have 1 Engineer(s): the Bank is always open (ruling {ruling}).",
                ruling="R17",
            )
        else:
            why = say(
                "You still have {n} Engineer(s): the Bank is always open (ruling {ruling}).",
                n=engineers,
                ruling="R17",
            )
        return [], why
    return [{"label": say("Pass"), "command": {"type": "pass", "player": company}}], ""


BUILDERS = {
    "build": _build,
    "produce": _produce,
    "water": _water,
    "workshop": _workshop,
    "buy_machinery": _shop,
    "take_contracts": _contracts,
    "bank": _bank,
    "patent": _patent,
    "pass": _pass,
}


# -- pending decisions -----------------------------------------------------------------------


def _answer_label(decision: Decision, answer: dict[str, Any]) -> str:
    """A short button label for one answer (the kinds' own shapes, else key: value)."""
    try:
        return _known_label(decision, answer)
    except (KeyError, TypeError, AttributeError):
        return ", ".join(f"{k}: {v}" for k, v in answer.items())


def _production_energy(decision: Decision, answer: dict[str, Any]) -> Words | None:
    """The energy of the production option an answer picks (Germany, L2_POWERHOUSE)."""
    keys = ("dam", "conduit", "powerhouse", "drops")
    for option in decision.options.get("options") or decision.options.get("productions") or []:
        if all(option.get(k) == answer.get(k) for k in keys):
            return say("{n} energy", n=option["energy"])
    return None


def _fulfils(answer: dict[str, Any]) -> Words | None:
    return (
        say("fulfils {contract}", contract=answer["contract"]) if answer.get("contract") else None
    )


DECLINE = say("Decline")


def _known_label(decision: Decision, answer: dict[str, Any]) -> str:
    if decision.kind == "mahiri_opening":  # automa.md §2.2, automa/opening.py
        return say("Play the drawn Automa tile")
    if decision.kind == "draft_pick":
        return say(
            "{company} + {contract}",
            company=company_name(answer["company"]),
            contract=answer["contract"],
        )
    if decision.kind == "company_effect":  # production.py: step 6 after the contract reward
        return say("Go on with the production")
    if decision.kind in ("second_production", "tile_production"):
        if answer.get("decline"):
            return DECLINE
        path = say(
            "{dam} → {conduit} → {powerhouse}",
            dam=answer["dam"],
            conduit=answer["conduit"],
            powerhouse=answer["powerhouse"],
        )
        drops = say("{n} drop(s)", n=answer["drops"])
        return dots(
            [path, drops, _production_energy(decision, answer) or "", _fulfils(answer) or ""]
        )
    if decision.kind == "tile_contract":  # L2_BASE / L3_CONDUIT energy (Appendix 4, R23)
        if not answer.get("produce"):
            return DECLINE
        produce = say("Produce {n} Energy", n=decision.options["energy"])
        return dots([produce, _fulfils(answer) or ""])
    if decision.kind == "tile_effect":  # L1_BASE / L2_ELEVATION drops (Appendix 4, R23)
        return say("Put the drops") if answer.get("accept") else DECLINE
    if decision.kind == "reward_contract":  # External Works, Wind Farm, Customer Office
        if answer["contract"] is None:
            return DECLINE
        return say("Fulfil contract {contract}", contract=answer["contract"])
    if decision.kind == "architect_turn":  # Tommaso Battista (ruling L5)
        return say("Take another turn") if answer["accept"] else say("End the turn")
    if decision.kind == "company_drop":  # the Netherlands (X15)
        return DECLINE if answer["dam"] is None else say("1 drop on {dam}", dam=answer["dam"])
    if decision.kind == "reward_advanced_tile":  # External Work A5
        if answer["tile"] is None:
            return DECLINE
        return say("Take {pieces}.", pieces=advanced_tile_name(answer["tile"]))
    if decision.kind == "building_choice" and "slot" in answer:  # the Loan Agency
        return external_work_name(str(decision.options["works"][str(answer["slot"])]))
    if "discard" in answer:
        return say("Discard {contracts}", contracts=commas(list(answer["discard"])))
    if "tile" in answer:
        return str(answer["tile"])
    if "space" in answer:
        if answer["space"] is None:
            return DECLINE
        return say("Build on {space}", space=answer["space"])
    if decision.kind == "place_drops":
        drops = answer["drops"]
        if not drops:
            return DECLINE
        return commas([say("{n} on {letter}", n=n, letter=k) for k, n in drops.items()])
    if "excavators" in answer:
        return commas([counts.excavators(answer["excavators"]), counts.mixers(answer["mixers"])])
    if answer.get("decline"):
        return DECLINE
    return ", ".join(f"{k}: {v}" for k, v in answer.items())


def pending_options(state: GameState) -> dict[str, Any] | None:
    """The open question on top of the stack with every legal answer as a ready command."""
    if not state.pending:
        return None
    decision = state.pending[-1]
    answers = decision.options.get("answers", [])
    base: dict[str, Any] = {"type": "decide"}
    if decision.player is not None:
        base["player"] = decision.player
    return {
        "kind": decision.kind,
        "player": decision.player,
        "reason": decision.reason,
        "options": decision.options,
        "choices": [
            {"label": _answer_label(decision, a), "command": {**base, "answer": a}} for a in answers
        ],
    }


# -- the aggregate -----------------------------------------------------------------------------


def _disabled(why: Words) -> list[dict[str, Any]]:
    return [
        {"type": kind, "label": label, "enabled": False, "why": why, "choices": []}
        for kind, label in ACTION_LABELS.items()
    ]


def legal_options(state: GameState, player: str | None = None) -> dict[str, Any]:
    """Everything `player` (default: the active player) may do now, with previews and commands."""
    company = player or state.active
    result: dict[str, Any] = {
        "player": company,
        "phase": state.phase,
        "round": state.round,
        "active": state.active,
        "actions": [],
        "pending": pending_options(state),
    }

    automa = automa_to_act(state)
    result["overrides"] = []
    if automa is not None and player in (None, automa):
        result["player"] = automa
        # its own turn first, then every other legal move, in the option form of a person's
        # actions (issue 9, item 6); `overrides` lists the same groups on their own
        result["overrides"] = override_options(state, automa)
        result["actions"] = [*automa_options(state, automa), *result["overrides"]]
    elif state.finished:
        result["actions"] = _disabled(say("The game is over."))
    elif state.pending:
        result["actions"] = _disabled(
            say("First answer the open question: {question}", question=state.pending[-1].reason)
        )
    elif state.phase != "actions" or state.active is None:
        result["actions"] = _disabled(
            say("No actions now: {phase} phase.", phase=PHASE_WORDS.get(state.phase, state.phase))
        )
    elif company != state.active:
        result["actions"] = _disabled(
            say("It is {company}'s turn.", company=company_name(state.active))
        )
    elif state.players[company].is_automa:
        result["actions"] = _disabled(say("The Automa's turn is played by the app (issue 5)."))
    else:
        for kind, label in ACTION_LABELS.items():
            choices, why = BUILDERS[kind](state, company)
            # engineer-free tiles (L1_POWERHOUSE, L3_BASE) still build (Appendix 4)
            if kind not in ("pass", "build") and state.players[company].engineers == 0:
                choices, why = [], say("You have no Engineers left: pass.")
            result["actions"].append(
                {
                    "type": kind,
                    "label": label,
                    "enabled": bool(choices),
                    "why": "" if choices else why,
                    "choices": choices,
                }
            )
        if leeghwater.active(state):
            result["actions"].extend(expansion_options(state, company))
            # Tommaso Battista: any action command may say the Architect is among its Engineers
            result["architect"] = leeghwater.architect_problem(state, company) is None
        result["actions"].extend(mahiri_options(state, company))
    return result


def expansion_options(state: GameState, company: str) -> list[dict[str, Any]]:
    """The Leeghwater Project's actions: External Works and Private Building actions."""
    groups = []
    for kind, label, builder in (
        ("external_work", say("External Works"), _external_work),
        ("building_action", say("Private Buildings"), private_buildings.action_options),
    ):
        choices, why = builder(state, company)
        if state.players[company].engineers == 0:
            choices, why = [], say("You have no Engineers left: pass.")
        groups.append(
            {
                "type": kind,
                "label": label,
                "enabled": bool(choices),
                "why": "" if choices else why,
                "choices": choices,
            }
        )
    return groups


def _external_work(state: GameState, company: str) -> tuple[list[dict[str, Any]], str]:
    choices = []
    for option in external_works.work_options(state, company):
        preview = option["preview"]
        choices.append(
            {
                "label": option["label"],
                "slot": option["slot"],
                "preview": preview,
                "command": option["command"],
            }
        )
        if "leslie_command" in option:
            choices.append(
                {
                    "label": say(
                        "{work} (Machineries on the wheel: Leslie Spencer)", work=option["label"]
                    ),
                    "slot": option["slot"],
                    "preview": preview,
                    "command": option["leslie_command"],
                }
            )
    if choices:
        return choices, ""
    reasons = [external_works.work_problem(state, company, slot) for slot in (1, 2, 3)]
    return [], next((r for r in reasons if r), say("No External Work can be done now."))


def all_commands(state: GameState, player: str | None = None) -> list[dict[str, Any]]:
    """Every ready command on offer (actions and answers): used by tests and the Automa."""
    options = legal_options(state, player)
    out = [c["command"] for a in options["actions"] for c in a["choices"]]
    if options["pending"]:
        out += [c["command"] for c in options["pending"]["choices"]]
    return out
