"""``kit odds …``: a quick exact-odds question on the command line.

One subcommand per system of the registry (:data:`kit.odds.ODDS_MODULES`), each made by that
system's odds module: its ``HELP`` line, its ``add_arguments(parser)`` and its ``run(args)``
(``kit odds <system> --help`` lists the arguments). Each prints a short table and the chance of
success; a refused question is one line on stderr (exit 1), a wrong command line one line (exit 2).

Every ``kit`` command builds this parser, so building it imports no system: the list of
subcommands reads each module's ``HELP`` from its source (:func:`kit.odds.constant_of`), and a
subcommand's parser adds its module's arguments the first time it parses or shows its help.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from kit.core.errors import RulesError
from kit.odds import ODDS_MODULES, constant_of, odds_module

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


def run_odds(args: argparse.Namespace) -> int:
    """The ``odds`` handler: answer for the system named; a refusal is one line on stderr and exit code 1."""
    try:
        return odds_module(args.odds_system).run(args)
    except RulesError as error:
        print(f"kit odds: {error}", file=sys.stderr)
        return EXIT_REFUSED


def _system_parser_class(base: type[argparse.ArgumentParser]) -> type[argparse.ArgumentParser]:
    """A parser class like ``base`` (the same error handling) that adds a system's arguments on first use."""

    class SystemParser(base):  # type: ignore[valid-type, misc]
        """One system's ``kit odds`` parser; its odds module is imported when it parses or shows help."""

        def __init__(self, *args: Any, system: str, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._system = system
            self._ready = False

        def _add_arguments(self) -> None:
            if not self._ready:
                self._ready = True
                odds_module(self._system).add_arguments(self)

        def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
            self._add_arguments()
            return super().parse_known_args(args, namespace)

        def format_usage(self) -> str:
            self._add_arguments()
            return str(super().format_usage())

        def format_help(self) -> str:
            self._add_arguments()
            return str(super().format_help())

    return SystemParser


def add_odds_command(subparsers: Any) -> None:
    """Register ``odds``, with a subcommand for every system of the registry, on an argparse subparsers object.

    The ``odds`` parser's ``run`` default is :func:`run_odds`, which returns the exit code.
    """
    helps = "exact odds of a flip, check or test"
    parser = subparsers.add_parser("odds", help=helps, description=helps)
    systems = parser.add_subparsers(dest="odds_system", metavar="SYSTEM",
                                    parser_class=_system_parser_class(type(parser)))
    systems.required = True
    for name, module in ODDS_MODULES.items():
        text = constant_of(module, "HELP")
        systems.add_parser(name, help=text, description=text, system=name)
    parser.set_defaults(run=run_odds)


class UsageError(Exception):
    """A wrong command line, reported in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kit odds …`` on its own (``python -m kit.odds.cli odds <system> …``); returns the exit code."""
    parser = _Parser(prog="kit")
    add_odds_command(parser.add_subparsers(dest="command", required=True, parser_class=_Parser))
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
