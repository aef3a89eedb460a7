"""The shared Automa deck: seeded shuffle, the draw, and the reshuffle (automa.md §1.2, §3.2).

`state.automa` holds the deck as plain data:
``{"draw_pile": [ids, top first], "discard": [ids, top last], "criteria_tile": id | None,
"action_tile": id | None, "last_trace": {...}}``. Every shuffle is an event carrying its result,
so folding the stored events never draws again; the order itself comes from a local
`random.Random` seeded with the game's seed and `state.rng_counter`, so re-executing the
commands of a log gives the same order (replays are exact).
"""

from __future__ import annotations

import random

from companion.engine.automa.tiles import TILES, AutomaTile
from companion.engine.events import Event, Recorder, applies
from companion.engine.state import GameState
from companion.engine.words import say


def _shuffled(state: GameState, tiles: list[int]) -> list[int]:
    """`tiles` in a seeded order; the seed is (game seed, draws made so far)."""
    rng = random.Random(state.setup.seed * 1_000_003 + state.rng_counter)
    order = sorted(tiles)
    rng.shuffle(order)
    return order


def has_deck(state: GameState) -> bool:
    """True once the Automa deck has been dealt."""
    return bool(state.automa.get("draw_pile") or state.automa.get("discard"))


def deal_deck(rec: Recorder) -> None:
    """Shuffle the 20 tiles into the draw pile, action side up (§1.2: once per game).

    Called by the game setup when any seat is an Automa.
    """
    order = _shuffled(rec.state, list(TILES))
    rec.emit(
        "automa_deck_shuffled",
        say(
            "Shuffle the 20 Automa tiles into one draw pile for all Automas, action side up (the"
            " app's order: {order})",
            order=", ".join(map(str, order)),
        ),
        draw_pile=order,
        discard=[],
        criteria_tile=None,
    )


def draw(rec: Recorder, company: str) -> tuple[AutomaTile, AutomaTile]:
    """Turn the top tile onto the discard pile and show the next one (§3.2).

    Returns (action tile, criteria tile): the criteria are on the tile just turned over, the
    actions on the tile now on top of the draw pile. When the pile runs out, the tile just
    turned stays as criteria tile and the other 19 are reshuffled (ruling A1).
    """
    if not has_deck(rec.state):
        deal_deck(rec)
    pile = rec.state.automa["draw_pile"]
    if not pile:  # only after an interrupted reshuffle; keep the criteria tile (ruling A1)
        _reshuffle(rec)
        pile = rec.state.automa["draw_pile"]
    turned = pile[0]
    rec.emit(
        "automa_tile_drawn",
        say(
            "Turn Automa tile {tile} over onto the discard pile: its criteria side is used this"
            " turn",
            tile=turned,
        ),
        company=company,
        tile=turned,
    )
    if not rec.state.automa["draw_pile"]:
        _reshuffle(rec)
    action = rec.state.automa["draw_pile"][0]
    return TILES[action], TILES[turned]


def _reshuffle(rec: Recorder) -> None:
    """The draw pile is empty: keep the criteria tile, reshuffle the others (ruling A1)."""
    discard = list(rec.state.automa.get("discard", []))
    keep = discard[-1] if discard else None
    rest = [tile for tile in discard if tile != keep]
    order = _shuffled(rec.state, rest)
    rec.emit(
        "automa_deck_shuffled",
        say(
            "The Automa draw pile is empty: the other tiles are reshuffled, tile {tile} stays as"
            " criteria tile (ruling A1)",
            tile=keep,
        ),
        draw_pile=order,
        discard=[keep] if keep is not None else [],
        criteria_tile=keep,
    )


def action_tile(state: GameState) -> AutomaTile | None:
    """The tile whose action side is face up on the draw pile now."""
    pile = state.automa.get("draw_pile") or []
    return TILES[pile[0]] if pile else None


def criteria_tile(state: GameState) -> AutomaTile | None:
    """The tile whose criteria side is face up on the discard pile now."""
    tile = state.automa.get("criteria_tile")
    return TILES[tile] if tile is not None else None


@applies("automa_deck_shuffled")
def _deck_shuffled(state: GameState, e: Event) -> None:
    state.automa["draw_pile"] = list(e["draw_pile"])
    state.automa["discard"] = list(e["discard"])
    state.automa["criteria_tile"] = e["criteria_tile"]
    state.automa["action_tile"] = e["draw_pile"][0] if e["draw_pile"] else None
    state.rng_counter += 1


@applies("automa_tile_drawn")
def _tile_drawn(state: GameState, e: Event) -> None:
    pile = state.automa["draw_pile"]
    tile = pile.pop(0)
    state.automa["discard"].append(tile)
    state.automa["criteria_tile"] = tile
    state.automa["action_tile"] = pile[0] if pile else None
