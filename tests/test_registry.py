"""One home per system: every registered system provides every part, and no other module names a system.

Adding a fourth system is its package (rules, exact odds, party, ``system`` module), its odds
display and command line (``kit/odds/<system>.py``), its widgets (``kit/widgets/<system>/``) and
one line in each registry; these tests walk the registries, so a new system is checked at once.
"""

from __future__ import annotations

import argparse
import importlib
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from kit import systems
from kit.core.system import SystemInfo
from kit.widgets.registry import WIDGETS, widgets_of
from kit.widgets.session import TableSession

KIT = Path(__file__).resolve().parents[1] / "kit"
NAMES = list(systems.SYSTEMS)


def _odds_registry() -> dict[str, str]:
    from kit import odds

    return odds.ODDS_MODULES


@pytest.mark.parametrize("name", NAMES)
def test_every_system_says_what_it_is(name: str):
    info = systems.system_info(name)
    assert isinstance(info, SystemInfo) and info.name == name
    assert info.title and info.summary and len(info.summary) < 200 and re.fullmatch(r"[A-Z]", info.rulings)
    assert info.game.system == name and info.game.title == info.title
    assert systems.get_system(info.title) is info.game  # "Suit Pairs" names it too


@pytest.mark.parametrize("name", NAMES)
def test_every_systems_party_is_legal_and_seats_one_character_a_player(name: str):
    info = systems.system_info(name)
    game = systems.new_game(name, seed="registry-party")
    turns = info.party_for(["Ana", "Ben"])
    assert len(turns) == 2
    for action, args in turns:
        getattr(game, action)(**args)
    assert game.turn == 2 and len(info.party_for([])) == len(info.party) >= 3


@pytest.mark.parametrize("name", NAMES)
def test_every_system_has_its_odds_display_and_command_line(name: str, capsys):
    module = importlib.import_module(_odds_registry()[name])
    assert module.HELP and module.__all__
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    assert callable(module.run)


@pytest.mark.parametrize("name", NAMES)
def test_every_system_has_widgets_that_build_a_table_on_a_session(name: str):
    info = systems.system_info(name)
    game = systems.new_game(name, seed="registry-widgets")
    for action, args in info.party_for(["Ana", "Ben"]):
        getattr(game, action)(**args)
    built = widgets_of(name).components(TableSession(game))
    assert built and all(isinstance(component, widgets.Widget) for component in built)


def test_the_registries_name_the_same_systems():
    assert list(WIDGETS) == NAMES == list(_odds_registry())


SYSTEM_NAMES = "|".join(NAMES)
HOMES = re.compile(rf"^(?:(?:{SYSTEM_NAMES})/|(?:odds|widgets)/(?:{SYSTEM_NAMES})\b)")
MENTIONS = re.compile(r"falkefateifaux|suit ?pairs|roll-?under", re.IGNORECASE)
REGISTRIES = {"systems.py", "odds/__init__.py", "widgets/registry.py"}


def test_no_module_outside_a_systems_home_names_a_system_but_the_registry_lines():
    """The README's contributing section gives the same check as a grep."""
    found = []
    for path in sorted(KIT.rglob("*.py")):
        where = path.relative_to(KIT).as_posix()
        if HOMES.match(where):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not MENTIONS.search(line):
                continue
            is_registry_line = where in REGISTRIES and re.fullmatch(r'\s*"\w+": "kit\.[\w.]+",', line)
            if not is_registry_line:
                found.append(f"kit/{where}:{number}: {line.strip()}")
    assert found == []
