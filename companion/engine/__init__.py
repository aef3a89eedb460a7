"""Barrage rules engine: pure Python, standard library only.

Public API (docs/architecture.md): `new_game`, `execute` (and `execute_in_place`),
`legal_options`, `rebuild`, `replay`, `Outcome`; errors `RuleViolation` and `CommandError`.
"""

from companion.engine.errors import CommandError, RuleViolation
from companion.engine.game import Outcome, execute, execute_in_place, new_game, rebuild, replay
from companion.engine.options import legal_options

__all__ = [
    "CommandError",
    "Outcome",
    "RuleViolation",
    "execute",
    "execute_in_place",
    "legal_options",
    "new_game",
    "rebuild",
    "replay",
]
