"""The ``kit`` command: start, read, verify and post game notebooks; sealed play; a campaign's chapters; odds.

``kit new SYSTEM GAME.ipynb --player NAME … [--gm NAME] [--practice]``, ``kit log GAME.ipynb``,
``kit post GAME.ipynb --turn N`` and ``kit upgrade OLD.ipynb NEW.ipynb`` (:mod:`kit.cli.games`);
``kit verify GAME.ipynb [OTHER.ipynb …] [--code CODE]`` (:mod:`kit.cli.verify`); ``kit split`` and
``kit chapter`` (:mod:`kit.cli.chapters`); ``kit key``, ``kit join`` and ``kit seal``
(:mod:`kit.cli.sealed`); ``kit odds`` (:mod:`kit.cli.odds`). Each is built on
:mod:`kit.cli.base`, which imports nothing of the package; this module assembles them in
:func:`build_parser` and runs them in :func:`main` (``python -m kit.cli`` runs it too).

Exit codes: 0 all is well; 1 a game that does not verify, a fork, a refused action or code that
does not match; 2 a file that is not a game notebook, or a wrong command line. Errors are one
line on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from kit.cli.base import EXIT_BAD, EXIT_NOT_A_GAME, EXIT_OK, Command, CommandLineError, Parser, fail
from kit.cli.chapters import CHAPTER_COMMANDS
from kit.cli.games import LOG, NEW, POST, UPGRADE
from kit.cli.odds import add_odds
from kit.cli.sealed import SEALED_COMMANDS
from kit.cli.verify import VERIFY
from kit.core.errors import RulesError

__all__ = ["COMMANDS", "EXIT_BAD", "EXIT_NOT_A_GAME", "EXIT_OK", "Command", "CommandLineError", "build_parser",
           "main"]

COMMANDS: dict[str, Command] = {
    "new": NEW, "log": LOG, "verify": VERIFY, "post": POST, "upgrade": UPGRADE,
    **SEALED_COMMANDS, **CHAPTER_COMMANDS,
}
"""Every subcommand but ``odds`` (which :mod:`kit.odds.cli` builds), in the order ``kit --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one subparser for each entry of :data:`COMMANDS`, then ``odds``."""
    parser = Parser(prog="kit", description="Game notebooks for play-by-post tabletop games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for name, command in COMMANDS.items():
        child = sub.add_parser(name, help=command.help, description=command.help)
        command.arguments(child)
        child.set_defaults(run=command.run)
    add_odds(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``kit`` command on ``argv`` (default: the process's arguments); returns the exit code."""
    from kit.gamefile.errors import GameFileError, NotAGameFileError

    args: argparse.Namespace | None = None
    try:
        args = build_parser().parse_args(argv)
        return int(args.run(args))
    except BrokenPipeError:
        # The reader (``kit log … | head``) stopped reading: not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except CommandLineError as error:
        print(error, file=sys.stderr)
        return EXIT_NOT_A_GAME
    except NotAGameFileError as error:
        return fail(str(error), EXIT_NOT_A_GAME)
    except (GameFileError, RulesError) as error:
        return fail(str(error), EXIT_BAD)
    except OSError as error:
        return fail(f"{error.filename or ''}: {error.strerror}", EXIT_NOT_A_GAME)
    except Exception as error:  # the last resort: never a traceback (see _unexpected)
        return _unexpected(error, args)


def _unexpected(error: Exception, args: argparse.Namespace | None) -> int:
    """An exception that no refusal accounts for: a bug of the kit, still reported in one line (exit 2).

    Every file the kit is given is answered by one of its own refusals; reaching this is a bug.
    The fuzz test of the reading path (``tests/gamefile/test_gf_fuzz.py``) makes this re-raise.
    """
    found = [getattr(args, name, None) for name in ("paths", "path", "old")] if args is not None else []
    paths = [str(p) for item in found if item for p in (item if isinstance(item, list) else [item])]
    detail = ascii(str(error))[1:-1]
    detail = detail if len(detail) <= 80 else detail[:79] + "…"
    return fail(f"could not read {', '.join(paths) or 'the input'}: {type(error).__name__}"
                f"{': ' + detail if detail else ''} (this is a bug of the kit)", EXIT_NOT_A_GAME)
