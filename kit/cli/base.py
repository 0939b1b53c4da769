"""What every ``kit`` subcommand is built on: :class:`Command`, the exit codes and the one-line errors.

Each module of :mod:`kit.cli` builds its subcommands on this one and imports nothing else of
the package; :mod:`kit.cli` (its ``__init__``) assembles them into the ``kit`` command.
Exit codes: :data:`EXIT_OK` (0) all is well; :data:`EXIT_BAD` (1) a game that does not verify,
a fork, a refused action or code that does not match; :data:`EXIT_NOT_A_GAME` (2) a file that
is not a game notebook, or a wrong command line. Errors are one line on stderr (:func:`fail`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NoReturn

EXIT_OK, EXIT_BAD, EXIT_NOT_A_GAME = 0, 1, 2


class CommandLineError(Exception):
    """A wrong command line: reported in one line, exit code 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors raise :class:`CommandLineError` (one line) instead of exiting."""

    def error(self, message: str) -> NoReturn:
        """Raise the parser's complaint as a :class:`CommandLineError` naming the subcommand's ``--help``."""
        raise CommandLineError(f"{self.prog}: {message} (see {self.prog} --help)")


@dataclass(frozen=True)
class Command:
    """A subcommand: its help line, how it adds its arguments, and what it runs."""

    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@contextmanager
def file_errors(path: str) -> Iterator[None]:
    """Name the file ``path`` in any game-file error raised inside.

    A :class:`~kit.gamefile.errors.NotAGameFileError` becomes "PATH is not a game notebook: …"
    (exit code 2 once :func:`kit.cli.main` reports it); a
    :class:`~kit.gamefile.errors.BrokenGameError` becomes a ``GameFileError`` "PATH: NOT intact: …"
    (exit code 1). Any other exception passes unchanged.
    """
    from kit.gamefile.errors import BrokenGameError, GameFileError, NotAGameFileError

    try:
        yield
    except NotAGameFileError as error:
        raise NotAGameFileError(f"{path} is not a game notebook: {error}") from None
    except BrokenGameError as error:
        raise GameFileError(f"{path}: NOT intact: {error}") from None


def add_game_argument(parser: argparse.ArgumentParser, help: str = "the game notebook") -> None:
    """Add the positional ``path`` argument (shown as ``GAME.ipynb``) that most subcommands take."""
    parser.add_argument("path", metavar="GAME.ipynb", help=help)


def say(message: str, ok: bool) -> None:
    """Print one line of a verdict: on stdout when ``ok``, else on stderr."""
    print(message, file=sys.stdout if ok else sys.stderr)


def fail(message: str, code: int) -> int:
    """Print ``kit: MESSAGE`` on stderr, in one line, and return the exit code ``code``."""
    print(f"kit: {message}", file=sys.stderr)
    return code
