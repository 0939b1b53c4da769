"""The ``kit`` command: start, read, verify and post game notebooks.

``kit new SYSTEM GAME.ipynb --player NAME … [--gm NAME] [--practice]``, ``kit log GAME.ipynb``,
``kit verify GAME.ipynb [OTHER.ipynb] [--code CODE]``, ``kit post GAME.ipynb --turn N`` and
``kit upgrade OLD.ipynb NEW.ipynb``; a campaign's chapters in :mod:`kit.cli_chapters`. Exit codes: 0 all is well;
1 a game that does not verify, a fork, a refused action or code that does not match; 2 a file
that is not a game notebook, or a wrong command line. Errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NoReturn

from kit.core.errors import RulesError

EXIT_OK, EXIT_BAD, EXIT_NOT_A_GAME = 0, 1, 2


class CommandLineError(Exception):
    """A wrong command line: reported in one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CommandLineError(f"{self.prog}: {message} (see {self.prog} --help)")


@contextmanager
def _file(path: str) -> Iterator[None]:
    """Name the file in any game-file error raised inside."""
    from kit.gamefile.errors import BrokenGameError, GameFileError, NotAGameFileError

    try:
        yield
    except NotAGameFileError as error:
        raise NotAGameFileError(f"{path} is not a game notebook: {error}") from None
    except BrokenGameError as error:
        raise GameFileError(f"{path}: NOT intact: {error}") from None


@dataclass(frozen=True)
class Command:
    """A subcommand: its help line, how it adds its arguments, and what it runs."""

    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _option(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise CommandLineError(f"kit new: --option {text!r}: write it as name=value, e.g. --option decks=2")
    literals = {"True": True, "False": False, "None": None}
    if raw in literals:
        return name.strip(), literals[raw]
    try:
        return name.strip(), json.loads(raw)
    except ValueError:
        return name.strip(), raw


def _new_arguments(parser: argparse.ArgumentParser) -> None:
    from kit.systems import SYSTEMS

    parser.add_argument("system", help=f"the game system: {', '.join(SYSTEMS)}")
    parser.add_argument("path", metavar="GAME.ipynb", help="the game notebook to create (must not exist)")
    parser.add_argument("--player", action="append", default=[], metavar="NAME",
                        help="a player, or NAME=CHARACTER[,CHARACTER] (repeat for each player)")
    parser.add_argument("--seed", help="the game's seed (default: a fresh random seed)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a table option, e.g. --option decks=2 (repeatable)")
    parser.add_argument("--gm", default="", metavar="NAME", help="the game master's name")
    parser.add_argument("--practice", action="store_true",
                        help="a practice game: cards and dice may be rigged, and every rigged turn says so (G-1)")
    parser.add_argument("--sealed", action="store_true",
                        help="a sealed game: each seat proves its turns with its own key and every draw is sealed "
                             "by a second seat (K-1); needs --gm and at least one --player")
    parser.add_argument("--chapter-turns", type=int, metavar="N",
                        help="turns a chapter of the campaign holds before the next one starts (default 250; C-3)")


def _run_new(args: argparse.Namespace) -> int:
    from kit.gamefile import create

    options = dict(_option(text) for text in args.option)
    sealed = {"mode": "sealed"} if args.sealed else {}
    with _file(args.path):
        made = create(args.system, args.path, players=args.player, seed=args.seed, options=options,
                      practice=args.practice, gm=args.gm, **sealed,
                      **({"chapter_turns": args.chapter_turns} if args.chapter_turns is not None else {}))
    header = made.header
    kind = "practice game" if header.practice else "sealed game" if args.sealed else "game"
    print(f"{args.path}: new {header.title or header.system} {kind} {header.game_id}; "
          f"post its seed commitment now: {header.seed_commitment}")
    if args.sealed:
        print(f"Each seat takes its seat with its own key: kit key new NAME once, then kit join {args.path} --as NAME")
    return EXIT_OK


def _log_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="GAME.ipynb", help="the game notebook")
    parser.add_argument("--format", choices=("text", "markdown", "bbcode"), default="text",
                        help="how to write each turn (default: text)")


def _run_log(args: argparse.Namespace) -> int:
    from kit.gamefile import load_file, render_post

    with _file(args.path):
        loaded = load_file(args.path, newest=False)  # the turns of exactly the file named (a chapter's own)
    game, header = loaded.game, loaded.header
    players = ", ".join(header.players) or "none named"
    parts = [f"{header.title or header.system} game {header.game_id} — {len(game.log)} turns — "
             f"players: {players} — seed commitment {header.seed_commitment}"]
    parts += [render_post(game, turn, args.format) for turn in range(game.log.first + 1, len(game.log) + 1)]
    print("\n\n".join(parts))
    return EXIT_OK


def _verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="GAME.ipynb",
                        help="a game notebook; two copies of one game to compare them (forks); or a campaign's "
                             "chapters, or a folder of them, to verify them together (C-1)")
    parser.add_argument("--code", help="a verification code from a forum post, e.g. kit:12-3f9a2c1b")
    parser.add_argument("--games-only", action="store_true",
                        help="verify each game notebook given, any number, and skip notebooks that are not kit game "
                             "notebooks (for pre-commit hooks and CI)")
    parser.add_argument("--from", dest="from_code", metavar="CODE",
                        help="verify a campaign's chapters from the one that holds this code (posted and checked "
                             "before) on")
    parser.add_argument("--jobs", type=int, metavar="N",
                        help="processes to verify a campaign's chapters on (default: every core)")


def _run_verify(args: argparse.Namespace) -> int:
    from kit.gamefile import check_code, compare, verify

    if args.games_only:
        return _verify_games_only(args)
    from kit.cli_chapters import is_campaign, run_campaign_verify

    if is_campaign(args):
        return run_campaign_verify(args)
    if len(args.paths) > 2:
        raise CommandLineError("kit verify: give one game notebook, or two copies to compare")
    if args.code and len(args.paths) != 1:
        raise CommandLineError("kit verify: --code checks one game notebook")
    reports = []
    for path in args.paths:
        with _file(path):
            reports.append(verify(path))
    status = EXIT_OK
    for report in reports:
        print(report.message, file=sys.stdout if report.ok else sys.stderr)
        if not report.ok:
            status = EXIT_BAD
    if status != EXIT_OK:
        return status
    if args.code:
        result = check_code(args.code, reports[0].events)
        print(result.message, file=sys.stdout if result.matches else sys.stderr)
        return EXIT_OK if result.matches else EXIT_BAD
    if len(reports) == 2:
        comparison = compare(*reports)
        print(comparison.message, file=sys.stdout if comparison.ok else sys.stderr)
        return EXIT_OK if comparison.ok else EXIT_BAD
    return EXIT_OK


def _verify_games_only(args: argparse.Namespace) -> int:
    """``kit verify --games-only``: each file on its own; notebooks without kit metadata skipped in one line."""
    from kit.gamefile import NotAGameFileError, verify

    if args.code:
        raise CommandLineError("kit verify: --code checks one game notebook; leave out --games-only")
    status = EXIT_OK
    for path in args.paths:
        try:
            report = verify(path)
        except NotAGameFileError as error:
            if _other_notebook(path):
                print(f"{path}: skipped: a notebook, not a kit game notebook")
                continue
            print(f"kit: {path} is not a game notebook: {error}", file=sys.stderr)
            status = max(status, EXIT_NOT_A_GAME)
            continue
        print(report.message, file=sys.stdout if report.ok else sys.stderr)
        if not report.ok:
            status = max(status, EXIT_BAD)
    return status


def _other_notebook(path: str) -> bool:
    """True for a readable Jupyter notebook whose metadata holds no kit game at all (not a damaged game file)."""
    from kit.gamefile.store import read_raw_bytes

    try:
        notebook = json.loads(read_raw_bytes(path))
    except Exception:  # not JSON, too large, too deep or unreadable: not a notebook the hook may skip
        return False
    if not isinstance(notebook, dict):
        return False
    metadata = notebook.get("metadata")
    return isinstance(notebook.get("cells"), list) and isinstance(metadata, dict) and "kit" not in metadata


def _post_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="GAME.ipynb", help="the game notebook")
    parser.add_argument("--turn", type=int, required=True, metavar="N", help="the turn to post (1 is the first)")
    parser.add_argument("--format", choices=("markdown", "bbcode", "text"), default="markdown",
                        help="the forum's markup (default: markdown)")


def _run_post(args: argparse.Namespace) -> int:
    from kit.gamefile import load, render_post

    with _file(args.path):
        game = load(args.path, newest=False)  # a turn of exactly the file named (a chapter's own)
    if not game.log.first + 1 <= args.turn <= len(game.log):
        held = (f"the file holds turns {game.log.first + 1}–{len(game.log)} (a chapter of the campaign)"
                if game.log.first else f"the game has {len(game.log)} turns")
        raise CommandLineError(f"kit post: --turn {args.turn}: {held}")
    print(render_post(game, args.turn, args.format))
    return EXIT_OK


def _upgrade_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", metavar="OLD.ipynb",
                        help="a game notebook of format version 1, or one drawn by another kit (G-7)")
    parser.add_argument("new", metavar="NEW.ipynb", help="the copy to write, in today's format (must not exist)")


def _run_upgrade(args: argparse.Namespace) -> int:
    from kit import gamefile
    from kit.gamefile import turn_code, upgrade

    with _file(args.old):
        old_version = gamefile.load_file(args.old, full=False, newest=False).header.version
        made = upgrade(args.old, args.new)
    game = made.game
    head = f"; its head code is {turn_code(game.log[-1])}" if game.log.events else ""
    if old_version >= 2:
        print(f"{args.new}: a copy of {args.old} with every turn drawn again by this kit (G-7); its events, "
              f"hashes and codes are unchanged{head}")
        return EXIT_OK
    kind = "a practice game (it holds rigged turns, G-1)" if game.practice else "a real game"
    print(f"{args.new}: version-{made.header.version} copy of {args.old}, {game.turn} turns re-derived from its "
          f"events, {kind}. "
          f"Every turn has a new hash, so codes posted for {args.old} do not match it: post its seed commitment "
          f"{made.header.seed_commitment}{head}")
    return EXIT_OK


COMMANDS: dict[str, Command] = {
    "new": Command("start a new game notebook", _new_arguments, _run_new),
    "log": Command("print every turn of a game notebook", _log_arguments, _run_log),
    "verify": Command("check a game notebook (or two copies: forks); exit 1 naming the first bad turn",
                      _verify_arguments, _run_verify),
    "post": Command("print one turn as a forum post with its verification code", _post_arguments, _run_post),
    "upgrade": Command("write a copy in today's format of a version-1 game notebook, or a redrawn copy of one drawn "
                       "by another kit", _upgrade_arguments, _run_upgrade),
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one subparser for each entry of :data:`COMMANDS`."""
    parser = _Parser(prog="kit", description="Game notebooks for play-by-post tabletop games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    from kit.cli_chapters import CHAPTER_COMMANDS  # built on Command above: imported once this module is
    from kit.cli_sealed import SEALED_COMMANDS

    for name, command in {**COMMANDS, **SEALED_COMMANDS, **CHAPTER_COMMANDS}.items():
        child = sub.add_parser(name, help=command.help, description=command.help)
        command.arguments(child)
        child.set_defaults(run=command.run)
    from kit.odds.cli import add_odds_command

    add_odds_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``kit`` command; returns the exit code."""
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
        return _fail(str(error), EXIT_NOT_A_GAME)
    except (GameFileError, RulesError) as error:
        return _fail(str(error), EXIT_BAD)
    except OSError as error:
        return _fail(f"{error.filename or ''}: {error.strerror}", EXIT_NOT_A_GAME)
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
    return _fail(f"could not read {', '.join(paths) or 'the input'}: {type(error).__name__}"
                 f"{': ' + detail if detail else ''} (this is a bug of the kit)", EXIT_NOT_A_GAME)


def _fail(message: str, code: int) -> int:
    print(f"kit: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
