"""The state as the devices draw it: the JSON state plus values derived by the rules.

Derived values (a dam's capacity depends on its owner's officer, and on a copy for one turn)
are computed here, never stored in the state.
"""

from __future__ import annotations

from typing import Any

from companion.engine.leeghwater import board_view
from companion.engine.mahiri import held_limit
from companion.engine.state import GameState, to_json


def state_view(state: GameState) -> dict[str, Any]:
    """`to_json(state)` with each dam's capacity (Graziano Del Monte's 4, ruling R11).

    A level-3 dam of Mahiri Sekibo that caught a 4th drop while copying Graziano shows 4
    while those drops stay (Appendix 3), so the map never reads "4/3".
    """
    data = to_json(state)
    for space, dam in data["dams"].items():
        dam["capacity"] = held_limit(state, space)
    if state.leeghwater:  # The Leeghwater Project: the Extra Management board in words
        data["extra_management_board"] = board_view(state)
    return data


def state_json_of_view(view: dict[str, Any]) -> dict[str, Any]:
    """The `to_json` data inside a `state_view` (derived values dropped), to store it.

    A tap makes the view once; its stored snapshot is this, not a second `to_json`.
    """
    dams = {space: {k: v for k, v in dam.items() if k != "capacity"} for space, dam in
            view["dams"].items()}
    return {**view, "dams": dams}
