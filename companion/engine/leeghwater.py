"""The Leeghwater Project's board state: External Works and Private Buildings (leeghwater.md).

`GameState.leeghwater` is empty in a base game. With the expansion it holds:

- `external_piles` {"A"|"B"|"C": [tile, ...]} face down (table deals: no order) and
  `external_offer` [tile | None] × 3, the face-up row (slot 1-3, left to right, ruling L9);
- `external_taken` {company: [tile, ...]}: the tiles a company fulfilled (Loan Agency too);
- `buildings` [tile] × 5: the Private Building tiles in slot order (top to bottom, ruling L9);
- `building_spaces` {tile: [company | "blocked" | None] × 4} (ruling L8);
- `left_closed` [tile]: tiles whose left action space an Automa's Building closed (§10).

This module reads that state, names its action spaces and applies its events; the actions
themselves live in external_works.py and private_buildings.py.
"""

from __future__ import annotations

from typing import Any

from companion.engine import draws
from companion.engine.catalog import (
    BUILDING_SPACES,
    EXTERNAL_WORK_PILES,
    EXTERNAL_WORK_SLOTS,
    EXTERNAL_WORKS,
    PRIVATE_BUILDINGS,
    building_name,
)
from companion.engine.counts import commas, semicolons
from companion.engine.events import Event, Recorder, applies
from companion.engine.state import GameState
from companion.engine.table_words import external_work_name
from companion.engine.words import say

BLOCKED = "blocked"
EXTERNAL_SPACE = "EW_"  # EW_1 .. EW_3, one per face-up slot
MARGOT_SPACE = "MF_margot_fouche"  # Margot Fouché's personal action space (one a round)
BUILDING_SPACE = "PB_"  # PB_<tile>_L, PB_<tile>_R1 .. R3: a Private Building's action spaces


def active(state: GameState) -> bool:
    """True when the game is played with The Leeghwater Project."""
    return bool(state.leeghwater)


# -- External Works --------------------------------------------------------------------------


def external_space(slot: int) -> str:
    """The action space of face-up slot `slot` (0-2): "EW_1" .. "EW_3"."""
    return f"{EXTERNAL_SPACE}{slot + 1}"


def external_offer(state: GameState) -> list[str | None]:
    return list(state.leeghwater.get("external_offer") or [])


def external_taken(state: GameState, company: str) -> list[str]:
    """External Work tiles the company fulfilled (kept face down by its board)."""
    return list((state.leeghwater.get("external_taken") or {}).get(company, []))


@applies("external_work_taken")
def _external_work_taken(state: GameState, e: Event) -> None:
    lw = state.leeghwater
    player = state.players[e["company"]]
    player.excavators -= e.get("excavators", 0)  # back to the general supply (never the wheel)
    player.mixers -= e.get("mixers", 0)
    lw["external_offer"][e["slot"]] = None
    lw.setdefault("external_taken", {}).setdefault(e["company"], []).append(e["tile"])


def discard_external_works_step(rec: Recorder, _arg: str) -> bool:
    """End of Round (rounds 1-4): the External Works still face up go back to the box
    (expansion rulebook, End of Round; leeghwater.md §3.4)."""
    state = rec.state
    if not active(state):
        return True
    left = [t for t in external_offer(state) if t]
    if left:
        rec.emit(
            "external_works_discarded",
            say("Put the External Work tiles left face up back in the box."),
            tiles=left,
        )
    return True


def refill_external_works_step(rec: Recorder, _arg: str) -> bool:
    """End of Round (rounds 1-4): reveal 3 new External Works from pile A while it lasts,
    then B, then C (X22). With table deals each empty slot asks the table, and the step runs
    again after each answer: it only fills the slots still empty."""
    state = rec.state
    if not active(state):
        return True
    for slot in range(EXTERNAL_WORK_SLOTS):
        if external_offer(state)[slot] is not None:
            continue
        piles = state.leeghwater["external_piles"]
        pile = next((p for p in EXTERNAL_WORK_PILES if piles[p]), None)
        if pile is None:
            continue
        question = say("Which External Work tile was drawn from pile {pile}?", pile=pile)
        if not draws.draw(rec, "external_work", pile, piles[pile], slot, question):
            return False
    return True


@draws.reveals("external_work")
def reveal_external_work(rec: Recorder, pile: str, slot: int, tile: str) -> None:
    rec.emit(
        "external_work_revealed",
        say(
            "Put the tile drawn from pile {pile} face up on slot {n} — {work}.",
            pile=pile,
            n=slot + 1,
            work=external_work_name(tile),
        ),
        pile=pile,
        slot=slot,
        tile=tile,
    )


@applies("external_works_discarded")
def _external_works_discarded(state: GameState, e: Event) -> None:
    state.leeghwater["external_offer"] = [None] * EXTERNAL_WORK_SLOTS


@applies("external_work_revealed")
def _external_work_revealed(state: GameState, e: Event) -> None:
    lw = state.leeghwater
    lw["external_piles"][e["pile"]].remove(e["tile"])
    lw["external_offer"][e["slot"]] = e["tile"]


# -- Private Buildings -----------------------------------------------------------------------


def buildings(state: GameState) -> list[str]:
    """The 5 Private Building tiles of this game, in slot order."""
    return list(state.leeghwater.get("buildings") or [])


def building_spaces(state: GameState, tile: str) -> list[str | None]:
    return list((state.leeghwater.get("building_spaces") or {}).get(tile, []))


def open_building_spaces(players: int) -> list[int]:
    """Indexes of the building spaces open with this many players (ruling L8; Automas count,
    ruling R20): 4 players all 4, 3 players spaces 1-3, 2 players spaces 1-2 (X24, L2)."""
    return [s.index for s in BUILDING_SPACES if players >= s.min_players]


def activated(state: GameState, company: str) -> list[str]:
    """The Private Building tiles the company activated (has a Building next to), slot order."""
    return [t for t in buildings(state) if company in building_spaces(state, t)]


def buildings_built(state: GameState, company: str) -> int:
    return len(activated(state, company))


def action_space_ids(tile: str) -> list[str]:
    """The action spaces of a Private Building tile: the left one, then the 3 right ones."""
    rights = PRIVATE_BUILDINGS[tile].right_spaces
    return [
        f"{BUILDING_SPACE}{tile}_L",
        *(f"{BUILDING_SPACE}{tile}_R{k}" for k in range(1, rights + 1)),
    ]


def used_this_round(state: GameState, company: str, tile: str) -> bool:
    """Whether the company has Engineers on one of the tile's action spaces this round."""
    return any(state.occupied.get(s) == company for s in action_space_ids(tile))


def left_space_free(state: GameState, tile: str) -> bool:
    """The left space takes the round's first user, unless an Automa's Building closed it."""
    if tile in (state.leeghwater.get("left_closed") or []):
        return False
    return action_space_ids(tile)[0] not in state.occupied


def next_action_space(state: GameState, tile: str) -> str | None:
    """The space the next user of the tile takes (ruling L3: the first user of the round
    takes the left space, everyone after a right one), or None when all are taken."""
    ids = action_space_ids(tile)
    if left_space_free(state, tile):
        return ids[0]
    return next((s for s in ids[1:] if s not in state.occupied), None)


def space_words(space: str) -> str:
    """An expansion action space as a player finds it ("Loan Agency, right space")."""
    if space.startswith(EXTERNAL_SPACE):
        return say("External Works space {n}", n=space[len(EXTERNAL_SPACE) :])
    if space == MARGOT_SPACE:
        return say("Margot Fouché's tile")
    tile, _, side = space[len(BUILDING_SPACE) :].rpartition("_")
    if side == "L":
        return say("{building}, left space", building=building_name(tile))
    return say("{building}, right space", building=building_name(tile))


def is_expansion_space(space: str) -> bool:
    """An action space of the Extra Management board or Margot Fouché's tile."""
    return space.startswith((EXTERNAL_SPACE, BUILDING_SPACE)) or space == MARGOT_SPACE



def board_lines(board: dict[str, Any]) -> list[str]:
    """The Extra Management board's setup as table steps (S2, S3, S10)."""
    offer = [t for t in board["external_offer"] if t]
    works = [external_work_name(t) for t in offer]
    lines: list[str] = [
        say(
            "External Works: piles A, B and C face down; face up from pile A: {works}.",
            works=semicolons(works),
        ),
        say(
            "Private Buildings, top to bottom: {buildings}.",
            buildings=commas([building_name(t) for t in board["buildings"]]),
        ),
    ]
    blocked = sorted(
        {i + 1 for spaces in board["building_spaces"].values() for i, s in enumerate(spaces)
         if s == BLOCKED}
    )  # fmt: skip
    if blocked:
        spaces = [str(i) for i in blocked]
        numbers = spaces[-1]
        for number in reversed(spaces[:-1]):
            numbers = say("{first} and {second}", first=number, second=numbers)
        lines.append(
            say(
                "Put Buildings of an unused colour on building space {spaces} of every Private "
                "Building (not used with this many players).",
                spaces=numbers,
            )
        )
    return lines


@applies("building_built")
def _building_built(state: GameState, e: Event) -> None:
    state.leeghwater["building_spaces"][e["tile"]][e["index"]] = e["company"]
    if e.get("closes_left"):
        state.leeghwater.setdefault("left_closed", []).append(e["tile"])


def board_view(state: GameState) -> dict[str, Any]:
    """The Extra Management board as plain data for devices (view.py)."""
    if not active(state):
        return {}
    lw = state.leeghwater
    return {
        "external_offer": [
            None
            if t is None
            else {
                "id": t,
                "text": EXTERNAL_WORKS[t].text,
                "pile": EXTERNAL_WORKS[t].pile,
                "excavators": EXTERNAL_WORKS[t].excavators,
                "mixers": EXTERNAL_WORKS[t].mixers,
            }
            for t in lw["external_offer"]
        ],
        "external_piles": {p: len(lw["external_piles"][p]) for p in EXTERNAL_WORK_PILES},
        "external_taken": {c: list(v) for c, v in (lw.get("external_taken") or {}).items()},
        "buildings": [
            {
                "id": t,
                "name": PRIVATE_BUILDINGS[t].name,
                "text": PRIVATE_BUILDINGS[t].text,
                "vp": PRIVATE_BUILDINGS[t].vp,
                "excavators": PRIVATE_BUILDINGS[t].excavators,
                "mixers": PRIVATE_BUILDINGS[t].mixers,
                "spaces": [
                    {"owner": o, "credits": BUILDING_SPACES[i].credits}
                    for i, o in enumerate(lw["building_spaces"][t])
                ],
                "action_spaces": {s: state.occupied.get(s) for s in action_space_ids(t)},
                "left_closed": t in (lw.get("left_closed") or []),
            }
            for t in lw["buildings"]
        ],
    }


# -- Tommaso Battista's Architect (Appendix 4; rulings L4, L5) ---------------------------------

TOMMASO = "tommaso_battista"
BANK = "BANK"


def architect_problem(state: GameState, company: str) -> str | None:
    """Why the company cannot place its Architect now (None if it can)."""
    player = state.players[company]
    if TOMMASO not in (player.officer, player.copied_officer):
        return say("Only Tommaso Battista (or Mahiri Sekibo copying him) has the Architect.")
    if player.officer != TOMMASO:
        return None  # Mahiri's copy: any of her Engineers acts as the Architect
    if company in (state.leeghwater.get("architect_out") or []):
        return say("Your Architect is already on an action space this round.")
    return None


def architect_extra_turn(events: list[Event], company: str) -> bool:
    """The Architect gives another turn when it stood alone on a space needing exactly 1
    Engineer: one placement of 1 Engineer, never the Bank (ruling L4; X17)."""
    placed = [e for e in events if e["type"] == "engineers_placed" and e["company"] == company]
    return len(placed) == 1 and placed[0]["engineers"] == 1 and placed[0]["space"] != BANK


@applies("architect_placed")
def _architect_placed(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    if player.officer == TOMMASO:
        state.leeghwater.setdefault("architect_out", []).append(e["company"])
    else:
        player.copied_officer = None  # using an Engineer as the Architect ends Mahiri's copy


@applies("architect_turn_taken")
def _architect_turn_taken(state: GameState, e: Event) -> None:
    state.leeghwater["extra_turn"] = e["company"]


def in_extra_turn(state: GameState, company: str) -> bool:
    """The company plays the Architect's extra turn (no Mahiri activation then: edge case 30)."""
    return state.leeghwater.get("extra_turn") == company
