"""One home per system: every registered system provides every part, and no other module names a system.

Adding a fourth system is its package (rules, exact odds, party, sample game, driver, ``system``
module), its odds display and command line (``kit/odds/<system>.py``), its widgets
(``kit/widgets/<system>/``: components, builder, GM panel) and one line in each registry; these
tests walk the registries, so a new system is checked at once (the tests' own fourth system,
``tests/fourth_system``, is).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from kit import systems
from kit.core.drive import Driver
from kit.core.game import Game
from kit.core.sealed_results import DeclarationResult
from kit.core.sealing import SeatKey
from kit.core.system import SystemInfo
from kit.widgets.registry import WIDGETS, builder_for, components_for, factory, gm_panel_for, widgets_of
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


def _party_game(name: str, seed: str) -> Game:
    """A game of the system with the first two of its party, one each for Ana and Ben."""
    game = systems.new_game(name, seed=seed)
    for action, args in systems.system_info(name).party_for(["Ana", "Ben"]):
        getattr(game, action)(**args)
    return game


@pytest.mark.parametrize("name", NAMES)
def test_every_system_has_widgets_that_build_a_table_on_a_session(name: str):
    session = TableSession(_party_game(name, "registry-widgets"))
    built = components_for(name, session)
    assert built and all(isinstance(component, widgets.Widget) for component in built)
    assert isinstance(builder_for(name, session), widgets.Widget)
    assert isinstance(gm_panel_for(name, session), widgets.Widget)


@pytest.mark.parametrize("name", NAMES)
def test_every_system_names_its_widget_factories_and_its_package_has_them_and_its_components(name: str):
    info = systems.system_info(name)
    package = widgets_of(name)
    for part in ("components", "builder", "gm_panel"):
        assert callable(getattr(package, getattr(info.widgets, part))), f"{name} lacks its {part} factory"
        assert factory(name, part) is getattr(package, getattr(info.widgets, part))
    exports = package.EXPORTS
    assert any(key.endswith("CharacterBuilder") for key in exports) and any(key.endswith("GMPanel") for key in exports)
    for class_name, module in exports.items():
        assert issubclass(getattr(importlib.import_module(module), class_name), widgets.Widget), class_name
    session = TableSession(_party_game(name, "registry-exports"))
    exported = {getattr(importlib.import_module(module), class_name) for class_name, module in exports.items()}
    for part in (*components_for(name, session), builder_for(name, session), gm_panel_for(name, session)):
        assert type(part) in exported, f"{type(part).__name__} of {name} is not in its EXPORTS"


@pytest.mark.parametrize("name", NAMES)
def test_every_system_has_a_sample_game_of_thirty_turns_of_its_main_actions(name: str):
    info = systems.system_info(name)
    assert info.sample is not None and info.sample.players and info.sample.shows
    game = info.sample_game()
    assert game.system == name and game.practice and game.turn >= 30
    assert info.sample.shows <= {event.action for event in game.log}
    assert any(event.rig for event in game.log) and any(not event.rig for event in game.log)
    assert info.sample_game().fingerprint() == game.fingerprint()  # the same game every time


@pytest.mark.parametrize("name", NAMES)
def test_every_system_has_a_driver_whose_turns_its_rules_take(name: str):
    """The driver's characters are of the party; its drawing turns, its GM turns (the GM's alone), the steps it waits
    for and the alternatives it weighs are turns the rules take, and an outcome says what it drew and whether it
    succeeded."""
    info = systems.system_info(name)
    driver = info.driver
    assert isinstance(driver, Driver) and len(driver.characters) == 2
    party = [args["name"] for _, args in info.party]
    assert set(driver.characters) <= set(party)
    game = systems.new_game(name, seed="registry-driver", players={"Ana": [], "Ben": []}, gm="Gil")
    for player, character in zip(("Ana", "Ben"), driver.characters, strict=True):
        action, args = info.creating_turn(character, player)
        getattr(game.sit(player), action)(**args)
    for step in range(6):
        player = ("Ana", "Ben")[step % 2]
        action, args = driver.drawing_turn(driver.characters[step % 2], step)
        outcome = getattr(game.sit(player), action)(**args).to_dict()
        assert driver.drawn(outcome) not in (None, [], {}) and set(driver.flow_args) <= set(args)
        for _ in range(20):
            wanted = driver.follow_up(game)
            if wanted is None:
                break
            seat, action, args = wanted
            getattr(game.sit(seat or "Gil"), action)(**args)
        assert driver.follow_up(game) is None and driver.follow_ups(game) == []
        action, args = driver.gm_turn(driver.characters[step % 2], step)
        assert game.may_take(action, "Ana", **args) is not None  # the GM's alone
        getattr(game.sit("Gil"), action)(**args)
    alternatives = driver.alternatives(driver.characters[0])
    assert len(alternatives) >= 2 and len({repr(args) for _, args in alternatives}) == len(alternatives)
    for action, args in alternatives:  # what a player weighs: each one a turn the rules take, its success plain
        outcome = getattr(game.sit("Ana"), action)(**args).to_dict()
        assert driver.drawn(outcome) not in (None, [], {}) and driver.succeeded(outcome) in (True, False)
        while (wanted := driver.follow_up(game)) is not None:
            getattr(game.sit(wanted[0] or "Gil"), wanted[1])(**wanted[2])


@pytest.mark.parametrize("name", NAMES)
def test_every_systems_drawing_turn_is_declared_and_sealed_in_a_sealed_game_and_its_gm_turn_is_not(name: str):
    info = systems.system_info(name)
    driver = info.driver
    assert driver is not None
    game = systems.new_game(name, seed="registry-sealed", players={"Ana": [], "Ben": []}, gm="Gil", mode="sealed")
    for seat in ("Ana", "Ben", "Gil"):
        game.hold_key(seat, SeatKey(hashlib.sha256(f"registry-key\x00{seat}".encode()).digest()))
        game.sit(seat).take_seat()
    for player, character in zip(("Ana", "Ben"), driver.characters, strict=True):
        action, args = info.creating_turn(character, player)
        made = getattr(game.sit(player), action)(**args)
        if isinstance(made, DeclarationResult):  # a creation that draws (a hand of cards) is sealed too
            game.sit(made.sealer).seal()
    action, args = driver.drawing_turn(driver.characters[0], 1)
    declared = getattr(game.sit("Ana"), action)(**args)
    assert isinstance(declared, DeclarationResult) and declared.sealer == "Ben"
    sealed = game.sit("Ben").seal()
    assert driver.drawn(sealed.to_dict()) not in (None, [], {})
    while (wanted := driver.follow_up(game)) is not None:
        getattr(game.sit(wanted[0] or "Gil"), wanted[1])(**wanted[2])
    action, args = driver.gm_turn(driver.characters[1], 2)
    assert not isinstance(getattr(game.sit("Gil"), action)(**args), DeclarationResult)  # it draws nothing


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
