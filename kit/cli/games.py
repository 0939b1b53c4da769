"""``kit new``, ``kit log``, ``kit post`` and ``kit upgrade``: start a game notebook, read it, post a turn, upgrade it.

``kit new SYSTEM GAME.ipynb --player NAME … [--gm NAME] [--practice]``, ``kit log GAME.ipynb``,
``kit post GAME.ipynb --turn N`` and ``kit upgrade OLD.ipynb NEW.ipynb``: :data:`NEW`, :data:`LOG`,
:data:`POST` and :data:`UPGRADE`, which :mod:`kit.cli` adds to its commands.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kit.cli.base import EXIT_OK, Command, CommandLineError, add_game_argument, file_errors


def table_option(text: str) -> tuple[str, Any]:
    """``kit new --option NAME=VALUE``: the name and its value (JSON, ``True``/``False``/``None``, else the text)."""
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

    options = dict(table_option(text) for text in args.option)
    sealed = {"mode": "sealed"} if args.sealed else {}
    with file_errors(args.path):
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
    add_game_argument(parser)
    parser.add_argument("--format", choices=("text", "markdown", "bbcode"), default="text",
                        help="how to write each turn (default: text)")


def _run_log(args: argparse.Namespace) -> int:
    from kit.gamefile import load_file, render_post

    with file_errors(args.path):
        loaded = load_file(args.path, newest=False)  # the turns of exactly the file named (a chapter's own)
    game, header = loaded.game, loaded.header
    players = ", ".join(header.players) or "none named"
    parts = [f"{header.title or header.system} game {header.game_id} — {len(game.log)} turns — "
             f"players: {players} — seed commitment {header.seed_commitment}"]
    parts += [render_post(game, turn, args.format) for turn in range(game.log.first + 1, len(game.log) + 1)]
    print("\n\n".join(parts))
    return EXIT_OK


def _post_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--turn", type=int, required=True, metavar="N", help="the turn to post (1 is the first)")
    parser.add_argument("--format", choices=("markdown", "bbcode", "text"), default="markdown",
                        help="the forum's markup (default: markdown)")


def _run_post(args: argparse.Namespace) -> int:
    from kit.gamefile import load, render_post

    with file_errors(args.path):
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

    with file_errors(args.old):
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


NEW = Command("start a new game notebook", _new_arguments, _run_new)
"""``kit new``."""
LOG = Command("print every turn of a game notebook", _log_arguments, _run_log)
"""``kit log``."""
POST = Command("print one turn as a forum post with its verification code", _post_arguments, _run_post)
"""``kit post``."""
UPGRADE = Command("write a copy in today's format of a version-1 game notebook, or a redrawn copy of one drawn "
                  "by another kit", _upgrade_arguments, _run_upgrade)
"""``kit upgrade``."""
