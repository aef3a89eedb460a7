"""The two ways a command can be refused: malformed (CommandError) or illegal (RuleViolation)."""

from __future__ import annotations


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
