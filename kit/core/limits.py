"""What a call or a game file may hold: player-written text (G-2) and whole numbers (G-3).

A game file is input from anyone. Every text a player writes (a name, a reason, a statement)
is one line of ordinary characters of bounded length, and every number is a whole number of
bounded size, so that reading a file, quoting it in a message or writing it into a forum post
can neither hang nor hide anything. These are the primitives; :mod:`kit.core.params` applies
them to every argument of every action.
"""

from __future__ import annotations

import math
import unicodedata

NAME_LENGTH = 60
"""The longest name (a character, skill, card, condition, adverb, weapon …): 60 characters (G-2)."""

LINE_LENGTH = 200
"""The longest one-line phrase (a High Concept, a reason, a GM's [+] reason, an item): 200 characters (G-2)."""

PROSE_LENGTH = 500
"""The longest free text (a statement, a note for the GM): 500 characters, still on one line (G-2)."""

QUOTE_LENGTH = 40
"""How much of a refused text a message quotes: the first 40 characters, then ``…`` (G-2)."""

MAX_NUMBER = 10**6
"""Every whole number in a call or a game file lies within ±1,000,000 unless its rule bounds it tighter (G-3)."""

MAX_ITEMS = 200
"""A list or a mapping holds at most 200 entries unless its rule bounds it otherwise (G-3)."""

REFUSED_CATEGORIES: dict[str, str] = {
    "Cc": "a control character",
    "Cf": "an invisible format character",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
"""The Unicode general categories no player text may hold, and what each is called in a message (G-2)."""

_LOG10_2 = math.log10(2)


def is_noncharacter(code: int) -> bool:
    """True for the 66 code points Unicode reserves forever as noncharacters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF)."""
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def refused_character(text: str) -> tuple[int, str] | None:
    """The first character of ``text`` that G-2 refuses, as (position, what it is), or None.

    Refused: control characters (NUL, tab, CR, LF …), invisible format characters (bidirectional
    overrides and isolates, zero-width spaces and joiners, U+FEFF …), lone surrogates, private-use
    characters, line and paragraph separators, and noncharacters. Characters unassigned in this
    Python's Unicode version are allowed, so a file written with a newer Python still reads.
    """
    if text.isprintable():  # the common case, checked in C: no character of any refused category
        return None
    for position, char in enumerate(text):
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES:
            return position, f"{REFUSED_CATEGORIES[category]} (U+{ord(char):04X})"
        if category == "Cn" and is_noncharacter(ord(char)):
            return position, f"a noncharacter (U+{ord(char):04X})"
    return None


def text_problem(text: str, length: int) -> str | None:
    """Why ``text`` breaks G-2 for a field of at most ``length`` characters, or None when it does not."""
    if len(text) > length:
        return f"is {len(text):,} characters long; at most {length} are allowed"
    found = refused_character(text)
    if found is not None:
        position, what = found
        return f"holds {what} at position {position + 1}, which no player text may hold"
    return None


def quote(text: str) -> str:
    """A text as a message quotes it: its ``repr`` (invisible characters escaped), cut to 40 characters + ``…``."""
    if len(text) <= QUOTE_LENGTH:
        return repr(text)
    return repr(text[:QUOTE_LENGTH]) + "…"


def digit_count(value: int) -> int:
    """How many decimal digits ``abs(value)`` has, found without printing it (Python refuses to print huge ints)."""
    size = abs(value)
    if size < 10:
        return 1
    estimate = int((size.bit_length() - 1) * _LOG10_2) + 1  # exact or one too few
    if size.bit_length() > 100_000:  # too big to check cheaply: one digit off at most
        return estimate
    return estimate + 1 if size >= 10**estimate else estimate


def number_text(value: int) -> str:
    """A whole number as a message shows it: its digits, or ``a number of N digits`` past 15 digits (G-3)."""
    if -10**15 < value < 10**15:
        return str(value)
    return f"a number of {digit_count(value):,} digits"


def signed(value: int) -> str:
    """A bound as the rulings write it: ``−10``, ``+10``, ``0``."""
    return f"−{-value:,}" if value < 0 else f"+{value:,}" if value > 0 else "0"


def span_text(low: int, high: int) -> str:
    """``−10…+10`` or ``1…8``: signs only when the span reaches below zero."""
    if low < 0:
        return f"{signed(low)}…{signed(high)}"
    return f"{low:,}…{high:,}"
