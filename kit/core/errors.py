"""One exception family for every refused action.

A :class:`RulesError` says what was asked, why it is refused (the ruling's id, such as
``F-10``) and what is allowed instead. A refused action changes nothing.

Its text (``str(error)``) is written for code-first users and keeps the call syntax
(``call discard('Bruno', [...]) first``). The table shows :meth:`RulesError.for_table`
instead: the same refusal in words for players — cards named by their symbols, and the
``hint`` (what to do with the controls on screen) in place of advice that speaks code.
"""

from __future__ import annotations


class RulesError(ValueError):
    """An action or input the rules do not allow.

    The message reads ``"<what was asked>: <why> (<ruling>). <what is allowed>"``. ``hint`` is
    the advice in words for the table, where ``allowed`` speaks code (``use the Discard button
    in the hand panel first``); ``asked`` names the request in words where ``what`` quotes an
    argument (``npc=True``).
    """

    def __init__(self, what: str, why: str, ruling: str | None = None, allowed: str | None = None, *,
                 hint: str | None = None, asked: str | None = None):
        self.what = what
        self.why = why
        self.ruling = ruling
        self.allowed = allowed
        self.hint = hint
        self.asked = asked
        message = f"{what}: {why}"
        if ruling:
            message += f" ({ruling})"
        message += "."
        if allowed:
            message += f" {allowed.rstrip('.')}."
        super().__init__(message)

    def for_table(self, asked: str | None = None, ruling: str | None = None) -> str:
        """The refusal in words for players: what, why, the ruling, and what to do (never Python).

        Cards are named by their symbols (``9♦``, ``Red Joker``) and names lose their quotes.
        What was asked is the error's own ``asked``, else its ``what`` when that reads as words,
        else the caller's ``asked`` (the control's words, e.g. ``"award Fate tokens"``), else
        "that"; the advice is ``hint``, else ``allowed`` when it reads as words, else left out.
        ``ruling`` is cited when the error cites none.
        """
        from kit.core.words import plain_part, reads_as_code, table_text

        what = table_text(self.asked or self.what)
        if reads_as_code(what) and not reads_as_code(what.replace("_", " ")):
            what = what.replace("_", " ")  # an action's name: "trust the fates"
        if reads_as_code(what):
            what = asked or plain_part(what) or "that"
        why = plain_part(self.why) or "the rules do not allow it"
        advice = table_text(self.hint) if self.hint else plain_part(self.allowed)
        if reads_as_code(advice) or (advice and not self.hint and advice != table_text(self.allowed or "")):
            advice = ""  # only a part of code-speaking advice read as words: not advice to act on
        cited = self.ruling or ruling
        message = f"{what}: {why}"
        if cited:
            message += f" ({cited})"
        message += "."
        if advice:
            message += f" {advice.rstrip('.')}."
        return message


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
