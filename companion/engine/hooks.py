"""The few calls that go up the layers, wired once by `game.py` (DESIGN.md "Layers").

A rules leaf never imports what sits above it. Where a rule needs a service of a higher layer
— a production's contract reward needs the one reward interpreter (`effects`); a reward choice
of an Automa seat needs the Automa's answer (`automa.rewards`); a turn that starts may wait on
a human's opening the Automa way (`automa.opening`) — it calls the hook here, which `game.py`
points at the implementation when the engine is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.engine.events import Recorder
from companion.engine.state import Decision, GameState


def _unwired(*_: Any, **__: Any) -> Any:  # pragma: no cover - game.py wires every hook
    raise RuntimeError("engine hooks are wired by companion.engine.game")


@dataclass
class Hooks:
    """What the layers above provide (set by `game.wire_hooks`)."""

    # effects.resolve(rec, company, rewards, *, source, reason, category)
    resolve_rewards: Callable[..., None] = _unwired
    # automa.rewards.automatic_answer(state, decision) -> answer or None
    automatic_answer: Callable[[GameState, Decision], dict[str, Any] | None] = _unwired
    # automa.opening.ask_opening(rec, company): a turn that starts may wait on an opening
    turn_started: Callable[[Recorder, str], None] = _unwired


HOOKS = Hooks()
