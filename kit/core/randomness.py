"""The game's random source: seeded, derived per event, independent of Python's ``random``.

Every event gets its own generator, derived from the game's seed and the event's position in
the log, so re-running a cell or replaying a file gives the same cards and dice. The stream is
SHA-256 in counter mode with rejection sampling, so it stays the same across Python versions.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence
from typing import TypeVar

from kit.core.errors import OutOfRangeError

T = TypeVar("T")


def new_seed() -> str:
    """A fresh random seed for a new game (32 hex digits from the OS's secure source)."""
    return secrets.token_hex(16)


def seed_commitment(seed: str) -> str:
    """The SHA-256 of the seed: post it when the game starts, reveal the seed later."""
    return hashlib.sha256(f"kit-seed:{seed}".encode()).hexdigest()


class GameRandom:
    """A deterministic generator for one event of one game.

    ``GameRandom(seed, "event:12")`` always yields the same numbers. Dice may be rigged:
    values passed in ``forced_rolls`` are returned by :meth:`roll` first, in order.
    """

    draws_at_random: bool = False
    """True in a sealed game (K-3): a deck's draw takes a card at random from its pile, not its top."""

    def __init__(self, seed: str, label: str, forced_rolls: list[int] | None = None, *,
                 draws_at_random: bool = False):
        self._key = f"{seed}\x00{label}".encode()
        self.draws_at_random = draws_at_random
        self._counter = 0
        self._buffer = 0
        self._bits = 0
        self._forced = list(forced_rolls or [])
        self.rolls: list[int] = []

    def _take_bits(self, count: int) -> int:
        while self._bits < count:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer = (self._buffer << 256) | int.from_bytes(block, "big")
            self._bits += 256
        self._bits -= count
        value = self._buffer >> self._bits
        self._buffer &= (1 << self._bits) - 1
        return value

    def below(self, n: int) -> int:
        """A uniform integer in ``0 … n-1``."""
        if n <= 0:
            raise OutOfRangeError(f"random number below {n}", "needs a positive bound")
        width = max(1, (n - 1).bit_length())
        while True:
            value = self._take_bits(width)
            if value < n:
                return value

    def roll(self, sides: int) -> int:
        """Roll one die with ``sides`` faces: ``1 … sides`` (a rigged value first, if any)."""
        if self._forced:
            value = self._forced.pop(0)
            if not 1 <= value <= sides:
                raise OutOfRangeError(
                    f"rigged roll {value} on a d{sides}", "is not a face of that die", allowed=f"use 1–{sides}"
                )
        else:
            value = self.below(sides) + 1
        self.rolls.append(value)
        return value

    def dice(self, count: int, sides: int) -> list[int]:
        """Roll ``count`` dice with ``sides`` faces each."""
        return [self.roll(sides) for _ in range(count)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    @property
    def unused_rigged_rolls(self) -> list[int]:
        """Rigged dice that no roll consumed."""
        return list(self._forced)


class NeedsDraw(Exception):
    """Raised by :class:`ProbeRandom`: the action draws a card or rolls a die, so a sealed game declares it (K-3)."""


class ProbeRandom(GameRandom):
    """The generator a sealed game first runs an action with: any card or die it draws raises :class:`NeedsDraw`."""

    def __init__(self) -> None:
        super().__init__("", "probe", draws_at_random=True)

    def _take_bits(self, count: int) -> int:
        raise NeedsDraw
