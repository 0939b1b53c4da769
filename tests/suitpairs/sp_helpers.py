"""Shared fixtures for the Suit Pairs tests: a table with Mira the Baker, and a refusal checker."""

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from kit.core.errors import RulesError
from kit.suitpairs import SuitPairsGame

MIRA = {
    "name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2, "charisma": 3,
    "skills": ["Defy", "Analyze", "Stealth", "Help"],
}


@pytest.fixture
def game() -> SuitPairsGame:
    table = SuitPairsGame(seed="suit-pairs-tests", practice=True)
    table.create_character(**MIRA)
    return table


@contextmanager
def refused(table: SuitPairsGame, error: type[RulesError], match: str) -> Iterator[None]:
    """The action inside must raise ``error`` matching ``match`` and change nothing."""
    before, length = table.fingerprint(), len(table.log)
    with pytest.raises(error, match=match):
        yield
    assert table.fingerprint() == before
    assert len(table.log) == length


def set_values(table: SuitPairsGame, name: str = "Mira", **values: int) -> None:
    """Move attributes or skills to given values through GM events (award / take away)."""
    person = table.character(name)
    for what, target in values.items():
        what = what.replace("_", " ")
        current = person.attributes.get(what.title(), person.skills.get(what.title()))
        if current is None:
            raise KeyError(what)
        if target > current:
            table.award(name, what, target - current, reason="test set-up")
        elif target < current:
            table.take_away(name, what, current - target, reason="test set-up")


def replayed(table: SuitPairsGame) -> SuitPairsGame:
    """A fresh game rebuilt from the table's seed, options and log."""
    return SuitPairsGame.replay(table.seed, table.options, list(table.log), practice=table.practice)
