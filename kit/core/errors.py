"""One exception family for every refused action.

A :class:`RulesError` says what was asked, why it is refused (the ruling's id, such as
``F-10``) and what is allowed instead. A refused action changes nothing.
"""

from __future__ import annotations


class RulesError(ValueError):
    """An action or input the rules do not allow.

    The message reads ``"<what was asked>: <why> (<ruling>). <what is allowed>"``.
    """

    def __init__(self, what: str, why: str, ruling: str | None = None, allowed: str | None = None):
        self.what = what
        self.why = why
        self.ruling = ruling
        self.allowed = allowed
        message = f"{what}: {why}"
        if ruling:
            message += f" ({ruling})"
        message += "."
        if allowed:
            message += f" {allowed.rstrip('.')}."
        super().__init__(message)


class UnknownNameError(RulesError):
    """A name (skill, card, character, weapon, difficulty …) the game does not know."""


class MalformedInputError(RulesError):
    """Text that cannot be read as what it should be (a card code, a number, a sheet)."""


class InvalidCharacterError(RulesError):
    """A character sheet that breaks the system's creation rules."""


class NotHeldError(RulesError):
    """Playing or spending something (a card, a token) that the character does not hold."""


class InsufficientTokensError(NotHeldError):
    """Spending more tokens or points than the character has."""


class PendingActionError(RulesError):
    """Another step must happen first (a forced discard, a stack to resolve, a choice)."""


class OutOfTurnError(RulesError):
    """Acting when it is not this character's turn, or twice in one round."""


class OutOfRangeError(RulesError):
    """A number outside the range the rules allow."""


class IllegalActionError(RulesError):
    """An action the rules forbid in the current situation."""


class ReplayMismatchError(RulesError):
    """A recorded event whose outcome the game's seed and rules do not reproduce."""
