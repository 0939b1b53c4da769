"""The odds package imports each system's odds on first use, and every name it exports resolves."""

from __future__ import annotations

import ast
import subprocess
import sys

import kit.odds


def test_every_exported_name_resolves_to_its_definition():
    for name in kit.odds.__all__:
        assert getattr(kit.odds, name) is not None, name
    assert kit.odds.flip_odds.__module__ == "kit.odds.falkefateifaux"
    assert kit.odds.DistributionView.__module__ == "kit.odds.views"
    assert sorted(kit.odds.__all__) == sorted(n for n in dir(kit.odds) if n in kit.odds.__all__)


def test_the_math_is_imported_from_each_systems_own_package_not_from_kit_odds():
    for name in ("uncontested_distribution", "StackSpec", "check_odds", "damage_distribution"):
        assert name not in kit.odds.__all__
        assert not hasattr(kit.odds, name)


def _modules_after(code: str, prefixes: tuple[str, ...]) -> list[str]:
    """The kit modules with one of ``prefixes`` that a fresh interpreter has imported after running ``code``."""
    script = f"import sys\n{code}\nprint(sorted(m for m in sys.modules if m.startswith({prefixes!r})))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return ast.literal_eval(done.stdout)  # the list of module names the child printed


def test_asking_for_flip_odds_imports_no_other_systems_odds():
    assert _modules_after("from kit.odds import flip_odds", (
        "kit.rollunder", "kit.suitpairs", "kit.odds.rollunder", "kit.odds.suitpairs")) == []


def test_asking_for_roll_under_odds_imports_no_other_systems_odds():
    assert _modules_after("from kit.odds import rollunder_test_odds", (
        "kit.falkefateifaux", "kit.suitpairs", "kit.odds.falkefateifaux", "kit.odds.suitpairs")) == []


def test_building_the_kit_command_line_imports_no_system():
    assert _modules_after("from kit.cli import build_parser\nbuild_parser()", (
        "kit.falkefateifaux", "kit.suitpairs", "kit.rollunder", "kit.odds.")) == ["kit.odds.cli"]


def test_an_unknown_name_is_an_attribute_error():
    try:
        kit.odds.no_such_odds  # noqa: B018
    except AttributeError as error:
        assert "no_such_odds" in str(error)
    else:
        raise AssertionError("kit.odds.no_such_odds did not raise")
