"""The odds package imports each system's odds on first use, and every name it exports resolves."""

from __future__ import annotations

import subprocess
import sys

import kit.odds


def test_every_exported_name_resolves_to_its_definition():
    for name in kit.odds.__all__:
        assert getattr(kit.odds, name) is not None, name
    assert kit.odds.rollunder_success_probability.__module__ == "kit.rollunder.odds"
    assert kit.odds.suitpairs_success_probability.__module__ == "kit.suitpairs.odds"
    assert sorted(kit.odds.__all__) == sorted(n for n in dir(kit.odds) if n in kit.odds.__all__)


def test_asking_for_flip_odds_imports_no_other_systems_odds():
    script = ("import sys\nfrom kit.odds import flip_odds\n"
              "print(sorted(m for m in sys.modules if m.startswith(('kit.rollunder', 'kit.suitpairs', "
              "'kit.odds.rollunder', 'kit.odds.suitpairs'))))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_an_unknown_name_is_an_attribute_error():
    try:
        kit.odds.no_such_odds  # noqa: B018
    except AttributeError as error:
        assert "no_such_odds" in str(error)
    else:
        raise AssertionError("kit.odds.no_such_odds did not raise")
