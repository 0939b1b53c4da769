"""The examples in the Suit Pairs docstrings run as written."""

import doctest

import pytest

from kit.suitpairs import attributes, difficulties, odds, rules, skills


@pytest.mark.parametrize("module", [attributes, difficulties, odds, rules, skills])
def test_docstring_examples_hold(module):
    failed, tried = doctest.testmod(module)
    assert tried > 0 and failed == 0
