"""Barrage rules engine: pure Python, standard library only.

Public API (docs/architecture.md): `new_game`, `execute` (and `execute_on_copy`),
`legal_options`, `rebuild`, `replay`, `Outcome`; errors `RuleViolation` and `CommandError`.
"""

from companion.engine.errors import CommandError, RuleViolation
from companion.engine.game import Outcome, execute, execute_on_copy, new_game, rebuild, replay
from companion.engine.options import legal_options

__all__ = [
    "CommandError",
    "Outcome",
    "RuleViolation",
    "execute",
    "execute_on_copy",
    "legal_options",
    "new_game",
    "rebuild",
    "replay",
]
