"""Verify a campaign: each chapter from its checkpoint, on every core, then the chapters linked (C-1).

A chapter verifies alone from its checkpoint (its turns replayed against the seed). Verified
together, each chapter must also start where the one before it ended: it follows that chapter's
head, and its checkpoint is exactly the state that chapter's last turn left. So a chapter that
was changed, dropped, moved or given a checkpoint that lies is named, while the chapters
themselves are replayed independently, in parallel.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from kit.core.chapters import checkpoint_digest
from kit.core.errors import RulesError
from kit.core.runtime import IN_BROWSER
from kit.gamefile.errors import NotAGameFileError
from kit.gamefile.notebook import read_raw
from kit.gamefile.post import check_code, parse_code
from kit.gamefile.verify import Report, verify


@dataclass(frozen=True)
class ChapterVerdict:
    """What verifying one chapter file found, small enough to pass between processes."""

    path: str
    ok: bool
    message: str
    game_id: str = ""
    chapter: int = 0
    first_turn: int = 1
    last_turn: int = 0
    follows: str | None = None
    starts_from: str | None = None
    """The digest of the checkpoint the chapter starts from (None for chapter 1)."""
    head: str = ""
    ends_at: str | None = None
    """The digest of the checkpoint of the state after its last turn: where the next chapter must start."""
    not_a_game: bool = False
    skipped: bool = False
    """True when the chapter ends before the turn of the code verification starts from (``--from``)."""
    code_message: str = ""
    holds_code: bool = False
    """True when the chapter verified and holds the turn of the code verification starts from, which matches."""


def verdict_of(report: Report, path: str, code_message: str = "") -> ChapterVerdict:
    """The verdict of a chapter file ``report`` verified: where it sits in its campaign, and where it ends."""
    header = report.checked.raw.header
    game = report.checked.game
    # The digest continue_from took of the checkpoint it read: a file's checkpoint that did not read
    # (text no JSON encodes, NaN) has none, and its chapter is not intact anyway.
    starts = game.chapter.checkpoint if report.ok else None
    ends = None
    if report.ok:
        try:
            ends = checkpoint_digest(game.checkpoint()) if game.log.events else starts
        except RulesError:  # a version-1 file: no chapter follows it
            ends = None
    return ChapterVerdict(path, report.ok, report.message, game_id=header.game_id, chapter=header.chapter,
                          first_turn=header.first_turn, last_turn=header.last_turn, follows=header.follows,
                          starts_from=starts, head=game.log.head if report.ok else header.head, ends_at=ends,
                          code_message=code_message)


def verify_chapter(path: str, from_code: str | None = None) -> ChapterVerdict:
    """Verify one chapter file from its checkpoint; with ``from_code``, skip a chapter that ends before its turn."""
    try:
        raw = read_raw(path)
    except NotAGameFileError as error:
        return ChapterVerdict(path, False, f"{path}: not a game notebook: {error}", not_a_game=True)
    header = raw.header
    code_turn = parse_code(from_code)[0] if from_code else None
    if code_turn is not None and header.last_turn < code_turn:
        return ChapterVerdict(path, True, f"{path}: skipped: it ends before turn {code_turn}", game_id=header.game_id,
                              chapter=header.chapter, first_turn=header.first_turn, last_turn=header.last_turn,
                              follows=header.follows, head=header.head, skipped=True)
    try:
        report = verify(path, raw=raw)
    except NotAGameFileError as error:
        return ChapterVerdict(path, False, f"{path}: not a game notebook: {error}", not_a_game=True)
    if report.ok and code_turn is not None and header.first_turn <= code_turn <= header.last_turn:
        checked_code = check_code(from_code or "", report.events)
        if not checked_code.matches:
            return replace(verdict_of(report, path, checked_code.message), ok=False,
                           message=f"{path}: {checked_code.message}")
        return replace(verdict_of(report, path, checked_code.message), holds_code=True)
    return verdict_of(report, path)


@dataclass
class CampaignReport:
    """The verdict on a campaign: every chapter's, then whether they link into one chain."""

    chapters: list[ChapterVerdict]
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every chapter is intact and each follows the one before it."""
        return not self.problems and all(v.ok for v in self.chapters)

    @property
    def not_a_game(self) -> bool:
        """True when a file given is not a game notebook at all."""
        return any(v.not_a_game for v in self.chapters)

    @property
    def message(self) -> str:
        """One line: the campaign intact (chapters, turns, head) or the first thing wrong."""
        for verdict in self.chapters:
            if not verdict.ok:
                return verdict.message
        if self.problems:
            return f"campaign NOT intact: {self.problems[0]}"
        checked = [v for v in self.chapters if not v.skipped]
        last = self.chapters[-1]
        first = checked[0] if checked else last
        span = (f"chapters {first.chapter}–{last.chapter}" if first.chapter != last.chapter
                else f"chapter {last.chapter}")
        skipped = f"; chapters before {first.chapter} skipped (they end before the code's turn)" if (
            len(checked) < len(self.chapters)) else ""
        return (f"campaign intact: game {last.game_id}, {span}, turns {first.first_turn}–{last.last_turn}, "
                f"head {last.head[:12]}{skipped}")


def chapter_files(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """The files to verify: each path given, a folder's ``*.ipynb`` files (in name order) in its place."""
    found: list[str] = []
    for path in paths:
        target = Path(path)
        if target.is_dir():
            found += sorted(str(p) for p in target.glob("*.ipynb") if not p.name.startswith("."))
        else:
            found.append(str(target))
    return found


def verify_campaign(paths: Sequence[str | os.PathLike[str]], *, jobs: int | None = None,
                    from_code: str | None = None) -> CampaignReport:
    """Verify the chapter files ``paths`` (folders expanded) on ``jobs`` processes (every core by default)."""
    files = chapter_files(paths)
    verdicts = _verdicts(files, jobs, from_code)
    if from_code is not None:
        # A chapter is skipped on its own header's word only before the chapter that holds the code: every
        # chapter after that one is verified and linked, whatever its header says (C-1).
        holding = [v.chapter for v in verdicts if v.holds_code]
        after = min(holding) if holding else 0
        verdicts = [verify_chapter(v.path) if v.skipped and v.chapter > after else v for v in verdicts]
    verdicts.sort(key=lambda v: (v.not_a_game, v.game_id, v.chapter))
    report = CampaignReport(verdicts)
    if all(v.ok for v in verdicts):
        report.problems = link_problems(verdicts, from_code is not None)
    return report


def _verdicts(files: list[str], jobs: int | None, from_code: str | None) -> list[ChapterVerdict]:
    workers = 1 if IN_BROWSER else min(len(files), jobs or os.cpu_count() or 1)
    if workers <= 1:
        return [verify_chapter(path, from_code) for path in files]
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(verify_chapter, files, [from_code] * len(files)))


def link_problems(verdicts: list[ChapterVerdict], from_code: bool = False) -> list[str]:
    """What breaks the chain of chapters (each verified on its own): forks, gaps, a wrong link or checkpoint."""
    games = sorted({v.game_id for v in verdicts})
    if len(games) > 1:
        return [f"the files hold {len(games)} games ({', '.join(games[:3])}), not the chapters of one campaign"]
    problems: list[str] = []
    numbers = [v.chapter for v in verdicts]
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        named = [Path(v.path).name for v in verdicts if v.chapter == twice[0]]
        return [f"chapter {twice[0]} is given twice ({', '.join(named[:3])}): compare two copies with kit verify "
                "A.ipynb B.ipynb"]
    if not from_code and numbers[0] != 1:
        problems.append(f"chapter 1 is missing (the first file given is chapter {numbers[0]})")
    for before, after in itertools.pairwise(verdicts):
        name = Path(after.path).name
        if after.chapter != before.chapter + 1:
            problems.append(f"chapter {before.chapter + 1} is missing: after chapter {before.chapter} comes "
                            f"chapter {after.chapter} ({name})")
        elif before.skipped:
            continue  # before the chapter holding the code's turn: accepted as posted and checked
        elif before.ends_at is None:
            problems.append(f"chapter {after.chapter} ({name}) follows chapter {before.chapter}, whose end no "
                            "checkpoint can be taken of (a version-1 file): no chapter can follow it (C-1)")
        elif after.follows != before.head:
            problems.append(f"chapter {after.chapter} ({name}) does not follow chapter {before.chapter}: it starts "
                            f"after head {(after.follows or '')[:12]}, and chapter {before.chapter} ends at "
                            f"{before.head[:12]} (C-1)")
        elif after.starts_from != before.ends_at:
            problems.append(f"chapter {after.chapter} ({name}) starts from a checkpoint that is not the state "
                            f"chapter {before.chapter} ended in (C-1)")
    return problems
