"""``kit split`` and ``kit chapter``: a long campaign's chapters written and closed (C-1, C-3).

``kit split GAME.ipynb FOLDER [--turns N]`` writes a single-file game as chapters;
``kit chapter GAME.ipynb`` ends the chapter a file holds now (a session or a scene ends).
Verifying a campaign's chapters together is ``kit verify``'s (:mod:`kit.cli.verify`).
:mod:`kit.cli` adds :data:`CHAPTER_COMMANDS` to its commands.
"""

from __future__ import annotations

import argparse

from kit.cli.base import EXIT_OK, Command, add_game_argument, file_errors


def _split_arguments(parser: argparse.ArgumentParser) -> None:
    from kit.gamefile.header import CHAPTER_TURNS

    add_game_argument(parser, "a game notebook that holds a whole game in one file")
    parser.add_argument("into", metavar="FOLDER", help="where to write the chapters (their files must not exist)")
    parser.add_argument("--turns", type=int, default=CHAPTER_TURNS, metavar="N",
                        help=f"turns a chapter (default {CHAPTER_TURNS}; C-3)")


def _run_split(args: argparse.Namespace) -> int:
    from kit.gamefile.chapters import split
    from kit.gamefile.post import turn_code
    from kit.gamefile.store import load

    with file_errors(args.path):
        written = split(args.path, args.into, chapter_turns=args.turns)
    last = load(written[-1], newest=False)
    head = turn_code(last.log[-1]) if last.log.events else "none yet"
    later = (f"; the turns of chapters 2–{len(written)} have new hashes (each chapter starts from the one "
             f"before it), so post the new head code {head}" if len(written) > 1 else "")
    print(f"{args.path}: written as {len(written)} chapter{'s' if len(written) != 1 else ''} in {args.into} "
          f"({', '.join(path.name for path in written)}){later}")
    return EXIT_OK


def _chapter_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser, "the newest chapter of a campaign (or a one-file game)")


def _run_chapter(args: argparse.Namespace) -> int:
    from kit.gamefile.chapters import close_chapter

    with file_errors(args.path):
        after = close_chapter(args.path)
    print(f"{args.path}: chapter closed; the next turn goes into {after} (C-3)")
    return EXIT_OK


CHAPTER_COMMANDS: dict[str, Command] = {
    "split": Command("write a one-file game as a campaign of chapters, each verifiable on its own (C-1)",
                     _split_arguments, _run_split),
    "chapter": Command("end the chapter a game file holds now: the next turn starts a new chapter file (C-3)",
                       _chapter_arguments, _run_chapter),
}
"""The chapter subcommands, which :func:`kit.cli.build_parser` adds to the ``kit`` command."""
