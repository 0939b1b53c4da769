"""Every system's odds module, walked from the registry: display objects in ``__all__``, and a ``kit odds``
subcommand made of ``HELP``, ``add_arguments`` and ``run``; the command line itself names no system."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kit.odds
from kit.odds import ODDS_MODULES, constant_of, odds_module
from kit.odds.cli import add_odds_command
from kit.systems import SYSTEMS

CLI = Path(kit.odds.__file__).with_name("cli.py")


@pytest.mark.parametrize("system", ODDS_MODULES)
def test_each_odds_module_provides_help_arguments_run_and_its_display_objects(system: str):
    module = odds_module(system)
    assert module.__name__ == ODDS_MODULES[system]
    assert isinstance(module.HELP, str) and module.HELP.strip() and "\n" not in module.HELP
    assert callable(module.add_arguments) and callable(module.run)
    assert module.__all__ and len(set(module.__all__)) == len(module.__all__)
    for name in module.__all__:
        assert getattr(module, name).__module__ == module.__name__, f"{name} is not defined in {module.__name__}"
    assert not {"HELP", "add_arguments", "run"} & set(module.__all__)


@pytest.mark.parametrize("system", ODDS_MODULES)
def test_each_odds_module_adds_its_arguments_to_a_parser_of_its_own(system: str):
    parser = argparse.ArgumentParser(prog=f"kit odds {system}")
    odds_module(system).add_arguments(parser)
    assert len(parser._actions) > 1  # its own arguments beside --help


def test_every_registered_odds_module_is_a_registered_system():
    assert set(ODDS_MODULES) <= set(SYSTEMS)


def test_the_facade_names_each_display_object_once_and_gives_the_module_s_own():
    seen: dict[str, str] = {}
    for system, path in ODDS_MODULES.items():
        module = importlib.import_module(path)
        for name in module.__all__:
            assert name not in seen, f"{name} exported by {seen.get(name)} and {system}"
            seen[name] = system
            assert getattr(kit.odds, name) is getattr(module, name)
            assert name in kit.odds.__all__


def test_help_and_all_are_read_from_the_source_as_the_module_defines_them():
    names = list(ODDS_MODULES.values())
    script = ("import json, importlib\nfrom kit.odds import constant_of\n"
              f"names = {names!r}\n"
              "read = {n: [constant_of(n, 'HELP'), constant_of(n, '__all__')] for n in names}\n"
              "real = {n: [importlib.import_module(n).HELP, importlib.import_module(n).__all__] for n in names}\n"
              "print(json.dumps([read, real]))")
    path = os.pathsep.join(entry for entry in sys.path if entry)  # a module registered from the tests imports too
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": path})
    read, real = json.loads(done.stdout)
    assert read == real
    assert constant_of("kit.odds.views", "__all__") == kit.odds.views.__all__


def test_the_command_line_has_one_subcommand_per_registered_system_with_its_help(capsys):
    parser = argparse.ArgumentParser(prog="kit")
    add_odds_command(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit):
        parser.parse_args(["odds", "--help"])
    listing = capsys.readouterr().out
    for system in ODDS_MODULES:
        assert system in listing and odds_module(system).HELP in listing
        with pytest.raises(SystemExit):
            parser.parse_args(["odds", system, "--help"])
        assert odds_module(system).HELP in capsys.readouterr().out


def test_the_odds_command_line_names_no_system():
    text = "".join(ch for ch in CLI.read_text(encoding="utf-8").lower() if ch.isalnum())
    for system in {*ODDS_MODULES, *SYSTEMS}:
        assert system not in text, f"kit/odds/cli.py names {system}"
