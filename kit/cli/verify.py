"""``kit verify``: a game notebook, two copies of one game, a campaign's chapters, or several games.

``kit verify GAME.ipynb [--code CODE]`` verifies one file (and a code posted from it);
``kit verify A.ipynb B.ipynb`` verifies two copies of one game and says how they relate (the
same, one extends the other, a fork, or different games). Chapters of one campaign, given as
files or folders (``[--from CODE] [--jobs N]``), are verified together, each from its checkpoint
on its own core, then linked (C-1). Files that hold several games, none of them a later chapter
of a campaign, are verified each on its own, one line per file as ``kit verify FILE`` prints it;
so is every file given with ``--games-only``, which skips notebooks that hold no kit game.

Exit codes for several files verified each on its own: the worst of them, 2 if any is not a game
notebook, else 1 if any is not intact, else 0.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from kit.cli.base import EXIT_BAD, EXIT_NOT_A_GAME, EXIT_OK, Command, CommandLineError, fail, file_errors, say


def _verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="GAME.ipynb",
                        help="a game notebook; two copies of one game to compare them (forks); or a campaign's "
                             "chapters, or a folder of them, to verify them together (C-1); or several games, to "
                             "verify each on its own")
    parser.add_argument("--code", help="a verification code from a forum post, e.g. kit:12-3f9a2c1b")
    parser.add_argument("--games-only", action="store_true",
                        help="verify each game notebook given, any number, and skip notebooks that are not kit game "
                             "notebooks (for pre-commit hooks and CI)")
    parser.add_argument("--from", dest="from_code", metavar="CODE",
                        help="verify a campaign's chapters from the one that holds this code (posted and checked "
                             "before) on")
    parser.add_argument("--jobs", type=int, metavar="N",
                        help="processes to verify a campaign's chapters on (default: every core)")


def run_verify(args: argparse.Namespace) -> int:
    """``kit verify``: one file, two copies, a campaign, or several games each on its own (see the module)."""
    from kit.gamefile import check_code, compare, verify

    if args.games_only:
        if args.code:
            raise CommandLineError("kit verify: --code checks one game notebook; leave out --games-only")
        return verify_each(args.paths, skip_other_notebooks=True)
    if is_campaign(args):
        return run_campaign_verify(args)
    if args.code and len(args.paths) != 1:
        raise CommandLineError("kit verify: --code checks one game notebook")
    reports = []
    for path in args.paths:
        with file_errors(path):
            reports.append(verify(path))
    status = EXIT_OK
    for report in reports:
        say(report.message, report.ok)
        if not report.ok:
            status = EXIT_BAD
    if status != EXIT_OK:
        return status
    if args.code:
        result = check_code(args.code, reports[0].events)
        say(result.message, result.matches)
        return EXIT_OK if result.matches else EXIT_BAD
    if len(reports) == 2:
        comparison = compare(*reports)
        say(comparison.message, comparison.ok)
        return EXIT_OK if comparison.ok else EXIT_BAD
    return EXIT_OK


def is_campaign(args: argparse.Namespace) -> bool:
    """True when ``kit verify``'s files are not one file nor two copies to compare: more, a folder, or chapters.

    Two files are a campaign's chapters when they hold two different chapters; with ``--from``
    the files are always a campaign's. Files that turn out to hold several games are verified
    each on its own (:func:`several_games`).
    """
    from kit.gamefile.campaign import chapter_files
    from kit.gamefile.chapters import chapter_number_of

    if args.from_code or any(Path(path).is_dir() for path in args.paths) or len(args.paths) > 2:
        return True
    if len(args.paths) == 2:
        numbers = {chapter_number_of(Path(path)) for path in chapter_files(args.paths)}
        return len(numbers) == 2
    return False


def several_games(paths: list[str]) -> list[str] | None:
    """The files ``paths`` name (folders expanded) when they hold several games and none is a later chapter.

    Then they are not the chapters of one campaign, and each is verified on its own. ``None``
    when the game files among them hold one game, or when any is chapter 2 or later of a
    campaign: a campaign is being verified, and a file of another game among its chapters must
    fail it (a chapter replaced by one played from another seed, say). A file whose header does
    not read counts for neither; verifying it reports it.
    """
    from kit.gamefile.campaign import chapter_files
    from kit.gamefile.errors import NotAGameFileError
    from kit.gamefile.store import read_raw

    files = chapter_files(paths)
    games = set()
    for path in files:
        try:
            header = read_raw(path).header
        except (NotAGameFileError, OSError):
            continue
        if header.chapter > 1:
            return None
        games.add(header.game_id)
    return files if len(games) > 1 else None


def run_campaign_verify(args: argparse.Namespace) -> int:
    """``kit verify`` of a campaign: every chapter's verdict, then the campaign's, one line each.

    When the files hold several games and none is a later chapter (:func:`several_games`), each
    is verified on its own instead (:func:`verify_each`).
    """
    from kit.gamefile.campaign import verify_campaign

    if args.code:
        raise CommandLineError("kit verify: --code checks one game notebook; to check a campaign from a code "
                               "already posted, give it as --from CODE")
    if args.jobs is not None and args.jobs < 1:
        raise CommandLineError("kit verify: --jobs is a number of processes, from 1")
    games = None if args.from_code else several_games(args.paths)
    if games is not None:
        return verify_each(games)
    report = verify_campaign(args.paths, jobs=args.jobs, from_code=args.from_code)
    if not report.chapters:
        raise CommandLineError("kit verify: no game notebook in the folders given")
    for verdict in report.chapters:
        say(verdict.message, verdict.ok)
        if verdict.code_message:
            say(verdict.code_message, verdict.ok)
    if args.from_code and not any(v.code_message for v in report.chapters):
        say(f"{args.from_code}: no chapter given holds that turn", False)
        return EXIT_BAD
    say(report.message, report.ok)
    if report.not_a_game:
        return EXIT_NOT_A_GAME
    return EXIT_OK if report.ok else EXIT_BAD


def verify_each(paths: list[str], *, skip_other_notebooks: bool = False) -> int:
    """Verify each file on its own, one line each as ``kit verify FILE`` prints it; the worst exit code.

    2 if any file is not a game notebook, else 1 if any is not intact, else 0. With
    ``skip_other_notebooks`` (``--games-only``), a notebook whose metadata holds no kit game is
    skipped in one line and counts as well.
    """
    from kit.gamefile import NotAGameFileError, verify

    status = EXIT_OK
    for path in paths:
        try:
            report = verify(path)
        except NotAGameFileError as error:
            if skip_other_notebooks and _other_notebook(path):
                print(f"{path}: skipped: a notebook, not a kit game notebook")
                continue
            status = max(status, fail(f"{path} is not a game notebook: {error}", EXIT_NOT_A_GAME))
            continue
        say(report.message, report.ok)
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


VERIFY = Command("check a game notebook (or two copies: forks); exit 1 naming the first bad turn",
                 _verify_arguments, run_verify)
"""``kit verify``."""
