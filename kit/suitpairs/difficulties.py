"""Difficulties of a skill check: Easy 5, Medium 7, Hard 10, Impossible 13, or a number (S-3)."""

from __future__ import annotations

from dataclasses import dataclass

from kit.core.errors import OutOfRangeError, UnknownNameError

MAX_DIFFICULTY = 99
"""A difficulty given as a number is −99…+99 (G-3): beyond, only double 6s or double 1s decide (S-3)."""


@dataclass(frozen=True)
class Difficulty:
    """A check's difficulty: its name (empty for a bare number) and the total it needs."""

    name: str
    target: int

    @property
    def label(self) -> str:
        """``Hard 10``, or just ``9`` for a bare number."""
        return f"{self.name} {self.target}" if self.name else str(self.target)

    def __str__(self) -> str:
        return self.label


DIFFICULTIES: tuple[Difficulty, ...] = (
    Difficulty("Easy", 5),
    Difficulty("Medium", 7),
    Difficulty("Hard", 10),
    Difficulty("Impossible", 13),
)
"""The text's table of difficulties, easiest first."""

_MARKERS = "🟢🟡🟠🔴"
_BY_NAME = {d.name.casefold(): d for d in DIFFICULTIES}


def difficulty(value: str | int | Difficulty) -> Difficulty:
    """Read a difficulty: a name from the table (any case, with or without its colour marker) or a number.

    >>> difficulty("hard"), difficulty(9).label
    (Difficulty(name='Hard', target=10), '9')
    """
    if isinstance(value, Difficulty):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return _numbered(value)
    if isinstance(value, str):
        key = value.replace("\ufe0f", "").strip(_MARKERS + " \t").casefold()
        if key in _BY_NAME:
            return _BY_NAME[key]
        number = key[1:] if key[:1] in "+-" else key
        if number.isdigit() and number.isascii():
            return _numbered(int(key) if len(number) <= 15 else 10**15)
    raise UnknownNameError(
        f"difficulty {value!r}",
        "is neither a difficulty of the table nor a whole number",
        "S-3",
        allowed="use Easy (5), Medium (7), Hard (10), Impossible (13) or a number such as 9",
    )


def _numbered(target: int) -> Difficulty:
    if not -MAX_DIFFICULTY <= target <= MAX_DIFFICULTY:
        shown = str(target) if abs(target) < 10**15 else "a number of 16 digits or more"
        raise OutOfRangeError(f"difficulty {shown}", f"a difficulty number is −{MAX_DIFFICULTY}…+{MAX_DIFFICULTY}",
                              "G-3", "use Easy (5), Medium (7), Hard (10), Impossible (13) or a number such as 9")
    return Difficulty("", target)
