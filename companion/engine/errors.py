"""The two ways a command can be refused: malformed (CommandError) or illegal (RuleViolation).

A refusal's message is a sentence the engine says (`words.say`): English as a `str`, and its
key and parts, so the web edge answers each device in its own language (issue 13).
"""

from __future__ import annotations

from companion.engine.words import say

# the phases of a round as a refusal names them (the same words as the screens, names.js)
PHASE_NAMES = {
    "setup": say("Setup"),
    "income": say("Income & headstreams"),
    "actions": say("Actions"),
    "water_flow": say("Water flow"),
    "scoring": say("Scoring"),
    "end_of_round": say("End of round"),
    "game_over": say("Game over"),
}


def phase_name(phase: str) -> str:
    """The phase in words; an unknown id as it is."""
    return PHASE_NAMES.get(phase, phase)


class CommandError(ValueError):
    """The command is not well formed (unknown type, missing field, unknown id)."""

    def __init__(self, message: str, code: str = "bad_command") -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class RuleViolation(Exception):
    """The command breaks a rule; `message` says which, in words a player understands."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
