"""Explicit registration: every marked handler is in the one table of game.py, once.

Rules modules mark their event handlers (@applies), decision resolvers (@resolves) and draw
reveals (@draws.reveals); `game.HANDLER_MODULES` lists the modules and collects them, so no
import registers anything as a side effect, and a module left out of the table is caught here.
"""

from __future__ import annotations

import importlib
import pkgutil

from helpers import make_state

import companion.engine as engine
from companion.engine import draws, events, game


def _engine_modules() -> list[object]:
    names = [m.name for m in pkgutil.walk_packages(engine.__path__, "companion.engine.")]
    return [importlib.import_module(name) for name in names]


def test_every_marked_handler_is_in_the_table() -> None:
    listed = {m.__name__ for m in game.HANDLER_MODULES}
    for module in _engine_modules():
        for value in vars(module).values():
            if getattr(value, "__module__", None) != module.__name__:
                continue  # imported from elsewhere
            for mark, table in (
                ("applies", events.APPLY),
                ("resolves", events.RESOLVERS),
                ("reveals", draws.REVEALS),
            ):
                key = getattr(value, mark, None)
                if callable(value) and isinstance(key, str):
                    assert module.__name__ in listed, f"{module.__name__} is not in the table"
                    assert table[key] is value, f"{mark} {key!r} of {module.__name__}"


def test_the_table_knows_every_event_the_engine_emits_in_a_game() -> None:
    state = make_state(2)
    assert state.phase == "actions"
    assert {"vp_scored", "turn_started", "drop_flowed", "structure_built"} <= set(events.APPLY)
    assert {"draft_pick", "table_draw", "place_drops", "mahiri_opening"} <= set(events.RESOLVERS)
