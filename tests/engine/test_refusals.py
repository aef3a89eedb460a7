"""Every illegal move is refused with the rule it breaks, in a player's words, and leaves the
state unchanged (architecture: validation before anything; one case per rule)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from helpers import give, make_state, place_conduit, place_dam, place_powerhouse, set_active

from companion.engine import RuleViolation, execute
from companion.engine.state import NEUTRAL, GameState, to_json

Command = dict[str, Any]


@dataclass(frozen=True)
class Case:
    rule: str  # where the rule is written
    build: Callable[[], tuple[GameState, Command]]
    code: str
    words: tuple[str, ...]  # what the message must say


def france(**amounts: int) -> GameState:
    """Round 1, France to act (Viktor Fiesler: no cost-changing officer), no waiting drops."""
    state = make_state(4, clear_headstreams=True)
    set_active(state, "france")
    give(state, "france", **amounts)
    return state


def build(structure: str, space: str, tile: str | None = None) -> Command:
    return {"type": "build", "player": "france", "structure": structure, "space": space,
            "tile": tile or structure}  # fmt: skip


def produce(space: str = "TS_0_L", drops: int = 1, **extra: Any) -> Command:
    return {"type": "produce", "player": "france", "space": space, "dam": "5U",
            "conduit": "C5R", "powerhouse": "P10-3", "drops": drops, **extra}  # fmt: skip


def system(dam_owner: str = "france", drops: int = 1, powerhouse: str = "P10-3") -> GameState:
    state = france()
    place_dam(state, "5U", dam_owner, drops=drops)
    place_conduit(state, "C5R", "france")  # value 4, leads to basin 10
    place_powerhouse(state, powerhouse, "france")
    return state


def paying_germany() -> GameState:
    """A neutral dam, Germany's conduit, France's powerhouse; France has no Credit."""
    state = france(credits=0)
    place_dam(state, "5U", NEUTRAL, drops=2)
    place_conduit(state, "C5R", "germany")
    place_powerhouse(state, "P10-3", "france")
    return state


def passed() -> GameState:
    state = france()
    state.players["france"].passed = True
    return state


def take(space: str, contracts: list[str], **extra: Any) -> Command:
    return {"type": "take_contracts", "player": "france", "space": space,
            "contracts": contracts, **extra}  # fmt: skip


_OFFER = make_state(4).contract_offer  # the deal of seed 1, the same in every france() state


def first_offered(n: int) -> list[str]:
    return [c for slots in _OFFER.values() for c in slots if c][:n]


def full_hand() -> GameState:
    state = france()
    state.players["france"].contracts = ["S4", "G01", "G02"]
    return state


def fourth_construction() -> GameState:
    state = france(credits=2)
    state.players["france"].constructions_this_round = 3
    return state


def with_state(state: GameState, command: Command) -> tuple[GameState, Command]:
    return state, command


def occupied(space: str) -> GameState:
    state = france()
    state.occupied[space] = "usa"
    return state


def no_base_left() -> GameState:
    state = france()
    state.players["france"].built["base"] = 5
    return state


def board_full() -> GameState:
    state = france()
    state.players["france"].constructions_this_round = 4
    return state


def without_tile(tile: str) -> GameState:
    state = france()
    state.players["france"].tiles.remove(tile)
    return state


def two_players() -> tuple[GameState, Command]:
    state = make_state(2)
    return state, {"type": "workshop", "player": state.active, "space": "WS_2_L"}


CASES: dict[str, Case] = {
    "another players turn": Case(
        "p. 11 Actions phase: players act in turn order",
        lambda: with_state(france(), {"type": "bank", "player": "usa", "engineers": 1}),
        "not_your_turn",
        ("France's turn", "not USA's"),
    ),
    "actions outside the actions phase": Case(
        "p. 10 round structure",
        lambda: with_state(
            (lambda s: (setattr(s, "phase", "water_flow"), s)[1])(france()),
            {"type": "bank", "player": "france", "engineers": 1},
        ),
        "phase",
        ("Actions phase",),
    ),
    "pass while holding engineers": Case(
        "ruling R17",
        lambda: with_state(france(), {"type": "pass", "player": "france"}),
        "no_pass",
        ("12 Engineer", "Bank is always open"),
    ),
    "acting after passing": Case(
        "ruling R17: once passed, no further action this round",
        lambda: with_state(passed(), {"type": "bank", "player": "france", "engineers": 1}),
        "passed",
        ("passed", "no further action this round"),
    ),
    "base in the mountains without 5 excavators": Case(
        "p. 14 construction costs",
        lambda: with_state(france(excavators=4), build("base", "1L")),
        "not_enough_excavators",
        ("Base costs 5 Excavators in the Mountains", "you have 4"),
    ),
    "powerhouse without mixers": Case(
        "p. 14 construction costs",
        lambda: with_state(france(mixers=1), build("powerhouse", "P7-1")),
        "not_enough_mixers",
        ("Powerhouse costs 2 Concrete Mixers", "you have 1"),
    ),
    "red-bordered space without 3 credits": Case(
        "p. 13, edge case 8",
        lambda: with_state(france(credits=2), build("base", "4U")),
        "not_enough_credits",
        ("3 Credits", "red-bordered", "you have 2"),
    ),
    "construction without engineers": Case(
        "p. 13 construction spaces, edge case 8",
        lambda: with_state(france(engineers=0), build("base", "6L")),
        "not_enough_engineers",
        ("needs 1 Engineer", "you have 0"),
    ),
    "a fifth construction": Case(
        "p. 13: four construction spaces a round",
        lambda: with_state(board_full(), build("base", "6L")),
        "no_construction_space",
        ("No free construction space",),
    ),
    "technology tile not in supply": Case(
        "p. 13 step 2: the tile comes from your personal supply",
        lambda: with_state(without_tile("base"), build("base", "6L")),
        "no_tile",
        ("base", "not in your personal supply"),
    ),
    "a taken dam space": Case(
        "p. 14 placement, edge case 9",
        lambda: with_state(
            (lambda s: (place_dam(s, "6L", "germany"), s)[1])(france()), build("base", "6L")
        ),
        "illegal_space",
        ("6L is already taken",),
    ),
    "a second base in one basin": Case(
        "p. 14 placement, edge case 9",
        lambda: with_state(
            (lambda s: (place_dam(s, "6L", "france"), s)[1])(france()), build("base", "6U")
        ),
        "illegal_space",
        ("one Base per company per basin",),
    ),
    "an elevation on another companys dam": Case(
        "p. 14 placement, edge case 9",
        lambda: with_state(
            (lambda s: (place_dam(s, "6L", "germany"), s)[1])(france()),
            build("elevation", "6L"),
        ),
        "illegal_space",
        ("belongs to Germany", "your own dams only"),
    ),
    "a third elevation": Case(
        "p. 14 placement, edge case 9",
        lambda: with_state(
            (lambda s: (place_dam(s, "6L", "france", level=3), s)[1])(france()),
            build("elevation", "6L"),
        ),
        "illegal_space",
        ("already has 2 Elevations",),
    ),
    "a sixth base": Case(
        "p. 14: only pieces still on the company board",
        lambda: with_state(no_base_left(), build("base", "6L")),
        "illegal_space",
        ("All your Bases are already built",),
    ),
    "a taken action space": Case(
        "p. 11: one player's Engineers per action space",
        lambda: with_state(
            occupied("WS_1_L"), {"type": "workshop", "player": "france", "space": "WS_1_L"}
        ),  # fmt: skip
        "placement",
        ("already taken",),
    ),
    "a space blocked with 2 players": Case(
        "p. 8 setup: spaces for more players are covered",
        two_players,
        "placement",
        ("not used with 2 players",),
    ),
    "an action cost that cannot be paid": Case(
        "p. 11: costs are paid when the Engineers are placed; edge case 8",
        lambda: with_state(
            france(credits=1), {"type": "workshop", "player": "france", "space": "WS_2_L"}
        ),  # fmt: skip
        "placement",
        ("costs 2 Credits", "you have 1"),
    ),
    "the bank with more engineers than held": Case(
        "p. 18 Bank",
        lambda: with_state(
            france(engineers=3), {"type": "bank", "player": "france", "engineers": 4}
        ),  # fmt: skip
        "bank",
        ("3 Engineer", "not 4"),
    ),
    "water management placing no drop": Case(
        "ruling R6: the Water Management action places at least one drop",
        lambda: with_state(
            france(), {"type": "water", "player": "france", "space": "WM_2_L", "headstreams": []}
        ),  # fmt: skip
        "water",
        ("at least 1 drop",),
    ),
    "water management placing too many drops": Case(
        "p. 16 Water Management",
        lambda: with_state(
            france(),
            {"type": "water", "player": "france", "space": "WM_1_L", "headstreams": ["A", "B"]},
        ),  # fmt: skip
        "water",
        ("at most 1 drop",),
    ),
    "producing more drops than the dam holds": Case(
        "p. 16 Production step 1",
        lambda: with_state(system(drops=1), produce(drops=2)),
        "not_enough_drops",
        ("holds only 1 drop",),
    ),
    "producing from another companys dam": Case(
        "p. 16: own or neutral dams only",
        lambda: with_state(system(dam_owner="germany"), produce()),
        "not_your_dam",
        ("belongs to Germany", "own dams or neutral dams"),
    ),
    "producing with no connected system": Case(
        "p. 16 / p. 11: no Engineers for an action that cannot be performed",
        lambda: with_state(system(powerhouse="P7-1"), produce()),
        "cannot_produce",
        ("cannot produce", "linked by a conduit"),
    ),
    "producing through a conduit whose owner cannot be paid": Case(
        "p. 16 step 4: 1 Credit per drop to the conduit's owner; map.md §11",
        lambda: with_state(paying_germany(), produce()),
        "insufficient_credits",
        ("need 1 Credit to pay Germany", "you have 0"),
    ),
    "fulfilling a contract not in hand": Case(
        "p. 16 step 5: a contract face up in your supply, or a national one",
        lambda: with_state(system(drops=2), produce(contract="R01")),
        "contract_unavailable",
        ("R01", "neither face up"),
    ),
    "taking a contract not on offer": Case(
        "p. 18 Contract Office",
        lambda: with_state(
            france(),
            {"type": "take_contracts", "player": "france", "space": "CO_1A_L", "contracts": ["S1"]},
        ),  # fmt: skip
        "contracts",
        ("S1", "not face up in the Contract Office"),
    ),
    "the wrong number of contracts for the space": Case(
        "p. 18 Contract Office: the space says how many contracts you take",
        lambda: with_state(france(), take("CO_2_L", first_offered(1))),
        "contracts",
        ("takes 2 contract", "you chose 1"),
    ),
    "a discard that leaves more than 3 face up or fewer": Case(
        "p. 18 hand limit, edge case 20",
        lambda: with_state(full_hand(), take("CO_1A_L", first_offered(1), discard=["S4", "G01"])),
        "discard",
        ("Discard exactly 1",),
    ),
    "a discard without going over 3": Case(
        "p. 18 hand limit, edge case 20",
        lambda: with_state(france(), take("CO_1A_L", first_offered(1), discard=["S4"])),
        "discard",
        ("more than 3",),
    ),
    "the 4th construction space without its 3 credits": Case(
        "p. 13: the 4th construction space costs 3 Credits; edge case 8",
        lambda: with_state(fourth_construction(), build("base", "6L")),
        "not_enough_credits",
        ("3 for the 4th construction space", "you have 2"),
    ),
    "a copy without Mahiri Sekibo": Case(
        "Appendix 3, ruling R12: only Mahiri's company copies",
        lambda: with_state(
            france(), {"type": "mahiri", "player": "france", "officer": "jill_mcdowell"}
        ),
        "mahiri",
        ("Only the company of Mahiri Sekibo",),
    ),
    "the patent office in the introductory game": Case(
        "p. 8 introductory game: no Patent Office",
        lambda: with_state(france(), {"type": "patent", "player": "france", "space": "PO_1"}),
        "patent",
        ("not used in the introductory game",),
    ),
    "answering a question nobody asked": Case(
        "architecture: pending decisions",
        lambda: with_state(france(), {"type": "decide", "player": "france", "answer": {}}),
        "no_decision",
        ("no open question",),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_an_illegal_command_names_its_rule_and_changes_nothing(name: str) -> None:
    case = CASES[name]
    state, command = case.build()
    before = to_json(state)
    with pytest.raises(RuleViolation) as info:
        execute(state, command)
    assert info.value.code == case.code, case.rule
    for words in case.words:
        assert words in info.value.message, (case.rule, info.value.message)
    assert info.value.message.endswith("."), info.value.message  # a sentence
    assert to_json(state) == before
