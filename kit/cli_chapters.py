"""The ``kit`` commands of long campaigns: chapters verified together, split, closed (C-1, C-3).

``kit verify CH1.ipynb CH2.ipynb … | FOLDER [--from CODE] [--jobs N]`` verifies a campaign's
chapters, each from its checkpoint on its own core, then checks that each starts where the one
before it ended; ``--from`` checks only the chapters from the one holding a code already posted
and checked. ``kit split GAME.ipynb FOLDER [--turns N]`` writes a single-file game as chapters;
``kit chapter GAME.ipynb`` ends the chapter a file holds now (a session or a scene ends).

:mod:`kit.cli` adds :data:`CHAPTER_COMMANDS` to its commands and sends a ``kit verify`` of a
campaign here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kit.cli import EXIT_BAD, EXIT_NOT_A_GAME, EXIT_OK, Command, CommandLineError, _file


def is_campaign(args: argparse.Namespace) -> bool:
    """True when ``kit verify``'s files are a campaign's chapters rather than one file or two copies to compare."""
    from kit.gamefile.campaign import chapter_files
    from kit.gamefile.chapters import chapter_number_of

    if args.from_code or any(Path(path).is_dir() for path in args.paths) or len(args.paths) > 2:
        return True
    if len(args.paths) == 2:
        numbers = {chapter_number_of(Path(path)) for path in chapter_files(args.paths)}
        return len(numbers) == 2
    return False


def run_campaign_verify(args: argparse.Namespace) -> int:
    """``kit verify`` of a campaign: every chapter's verdict, then the campaign's, one line each."""
    from kit.gamefile.campaign import verify_campaign

    if args.code:
        raise CommandLineError("kit verify: --code checks one game notebook; to check a campaign from a code "
                               "already posted, give it as --from CODE")
    if args.jobs is not None and args.jobs < 1:
        raise CommandLineError("kit verify: --jobs is a number of processes, from 1")
    report = verify_campaign(args.paths, jobs=args.jobs, from_code=args.from_code)
    if not report.chapters:
        raise CommandLineError("kit verify: no game notebook in the folders given")
    for verdict in report.chapters:
        print(verdict.message, file=sys.stdout if verdict.ok else sys.stderr)
        if verdict.code_message:
            print(verdict.code_message, file=sys.stdout if verdict.ok else sys.stderr)
    if args.from_code and not any(v.code_message for v in report.chapters):
        print(f"{args.from_code}: no chapter given holds that turn", file=sys.stderr)
        return EXIT_BAD
    print(report.message, file=sys.stdout if report.ok else sys.stderr)
    if report.not_a_game:
        return EXIT_NOT_A_GAME
    return EXIT_OK if report.ok else EXIT_BAD


def _split_arguments(parser: argparse.ArgumentParser) -> None:
    from kit.gamefile.header import CHAPTER_TURNS

    parser.add_argument("path", metavar="GAME.ipynb", help="a game notebook that holds a whole game in one file")
    parser.add_argument("into", metavar="FOLDER", help="where to write the chapters (their files must not exist)")
    parser.add_argument("--turns", type=int, default=CHAPTER_TURNS, metavar="N",
                        help=f"turns a chapter (default {CHAPTER_TURNS}; C-3)")


def _run_split(args: argparse.Namespace) -> int:
    from kit.gamefile.chapters import split
    from kit.gamefile.post import turn_code
    from kit.gamefile.store import load

    with _file(args.path):
        written = split(args.path, args.into, chapter_turns=args.turns)
    last = load(written[-1], newest=False)
    head = turn_code(last.log[-1]) if last.log.events else "none yet"
    later = (f"; the turns of chapters 2–{len(written)} have new hashes (each chapter starts from the one "
             f"before it), so post the new head code {head}" if len(written) > 1 else "")
    print(f"{args.path}: written as {len(written)} chapter{'s' if len(written) != 1 else ''} in {args.into} "
          f"({', '.join(path.name for path in written)}){later}")
    return EXIT_OK


def _chapter_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="GAME.ipynb", help="the newest chapter of a campaign (or a one-file game)")


def _run_chapter(args: argparse.Namespace) -> int:
    from kit.gamefile.chapters import close_chapter

    with _file(args.path):
        after = close_chapter(args.path)
    print(f"{args.path}: chapter closed; the next turn goes into {after} (C-3)")
    return EXIT_OK


CHAPTER_COMMANDS: dict[str, Command] = {
    "split": Command("write a one-file game as a campaign of chapters, each verifiable on its own (C-1)",
                     _split_arguments, _run_split),
    "chapter": Command("end the chapter a game file holds now: the next turn starts a new chapter file (C-3)",
                       _chapter_arguments, _run_chapter),
}
