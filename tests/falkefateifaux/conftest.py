"""Fixtures for the FalkeFateiFaux tests."""

from __future__ import annotations

import pytest
from ff_helpers import new_table

from kit.falkefateifaux import FalkeFateiFauxGame


@pytest.fixture
def game() -> FalkeFateiFauxGame:
    """Ada (Good Fisticuffs, Good Magic) and Bruno (Great Fisticuffs) at a table."""
    return new_table()
