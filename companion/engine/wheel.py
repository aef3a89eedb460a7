"""The Construction Wheel: loading the open segment and rotating one segment at a time.

Rulebook: Construction action (p. 13, "Rotate your Construction Wheel by one segment"),
"Machineries, Credits and Technology tiles" (p. 14) and Workshop (p. 17: "After each rotation
of the wheel (each segment) you must immediately take back any Machineries or Technology tile
that is back in the open segment"). `wheel[0]` is the open segment; `wheel[k]` was loaded k
single steps ago, so an item comes back after 6 single steps.
"""

from __future__ import annotations

from typing import Any

from companion.engine.events import Event, Recorder, applies
from companion.engine.state import GameState, Segment


def _segment_dict(segment: Segment) -> dict[str, Any]:
    return {
        "tiles": list(segment.tiles),
        "excavators": segment.excavators,
        "mixers": segment.mixers,
    }


def rotate_wheel(rec: Recorder, company: str, steps: int, reason: str) -> None:
    """Rotate `company`'s wheel `steps` segments, one `wheel_rotated` event per single step.

    Each event records what reached the open segment and went back to the personal supply,
    so the table instruction can say "take back the Base tile and 4 Excavators".
    """
    for step in range(1, steps + 1):
        wheel = rec.state.players[company].wheel
        returned = _segment_dict(wheel[-1])  # the last segment is the next to reach the opening
        rec.emit(
            "wheel_rotated",
            reason,
            company=company,
            step=step,
            of=steps,
            returned=returned,
        )


@applies("wheel_rotated")
def _wheel_rotated(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    wheel = player.wheel
    # what sits in the open segment moves on; the last segment reaches the opening
    arriving = wheel[-1]
    player.wheel = [Segment(), *wheel[:-1]]
    player.tiles.extend(arriving.tiles)
    player.excavators += arriving.excavators
    player.mixers += arriving.mixers


def load_wheel(
    rec: Recorder,
    company: str,
    tiles: list[str],
    excavators: int,
    mixers: int,
    reason: str,
) -> None:
    """Put technology tiles and Machineries from the personal supply in the open segment (p. 13)."""
    rec.emit(
        "wheel_loaded",
        reason,
        company=company,
        tiles=list(tiles),
        excavators=excavators,
        mixers=mixers,
    )


@applies("wheel_loaded")
def _wheel_loaded(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    open_segment = player.wheel[0]
    for tile in e["tiles"]:
        player.tiles.remove(tile)
        open_segment.tiles.append(tile)
    player.excavators -= e["excavators"]
    player.mixers -= e["mixers"]
    open_segment.excavators += e["excavators"]
    open_segment.mixers += e["mixers"]


def tiles_on_wheel(state: GameState, company: str) -> list[str]:
    """Every technology tile currently on the wheel (for Anton's copy and tile counts)."""
    return [tile for segment in state.players[company].wheel for tile in segment.tiles]


def wheel_machineries(state: GameState, company: str) -> tuple[int, int]:
    """(Excavators, Concrete Mixers) locked on the wheel (not counted at game end, p. 21)."""
    wheel = state.players[company].wheel
    return sum(s.excavators for s in wheel), sum(s.mixers for s in wheel)
