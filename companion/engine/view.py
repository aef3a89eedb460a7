"""The state as the devices draw it: the JSON state plus values derived by the rules.

Derived values (a dam's capacity depends on its owner's officer, and on a copy for one turn)
are computed here, never stored in the state.
"""

from __future__ import annotations

from typing import Any

from companion.engine.state import GameState, to_json
from companion.engine.water import capacity


def state_view(state: GameState) -> dict[str, Any]:
    """`to_json(state)` with each dam's current capacity (Graziano Del Monte's 4, ruling R11)."""
    data = to_json(state)
    for space, dam in data["dams"].items():
        dam["capacity"] = capacity(state, space)
    return data
