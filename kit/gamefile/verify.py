"""``kit verify``: is a game notebook intact, and how do two copies of a game relate (forks)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from kit.core.events import Event
from kit.gamefile.check import Checked, check, summary_of
from kit.gamefile.store import read_raw


@dataclass(frozen=True)
class Report:
    """The verdict on one file: intact or not, with a one-line message naming the first bad turn."""

    path: Path
    ok: bool
    turn: int | None
    message: str
    checked: Checked

    @property
    def events(self) -> list[Event]:
        """The file's events (as far as they verified)."""
        return list(self.checked.game.log)

    def __str__(self) -> str:
        return self.message


def verify(path: str | os.PathLike[str]) -> Report:
    """Verify a game notebook; raises NotAGameFileError for a file that is not one."""
    target = Path(path)
    checked = check(read_raw(target))
    header = checked.header
    if checked.problem:
        problem = checked.problem
        return Report(target, False, problem.turn, f"{target}: NOT intact: {problem}", checked)
    game = checked.game
    message = (f"{target}: intact: {header.title or header.system} game {header.game_id}, "
               f"{len(game.log)} turns, head {game.log.head[:12]}")
    return Report(target, True, None, message, checked)


@dataclass(frozen=True)
class Comparison:
    """How two copies of a game relate: same, one extends the other, a fork, or different games."""

    relation: str
    message: str
    common: int

    @property
    def ok(self) -> bool:
        """True when one history contains the other."""
        return self.relation in ("same", "extends")


def _turn(events: list[Event], turn: int) -> str:
    return f"turn {turn} ({summary_of(events[turn - 1])})"


def compare(a: Report, b: Report) -> Comparison:
    """Compare two verified copies by their events' hashes."""
    ha, hb = a.checked.raw.header, b.checked.raw.header
    if (ha.system, ha.seed) != (hb.system, hb.seed):
        return Comparison("different", f"{a.path} and {b.path} are different games "
                          f"({a.checked.header.game_id} and {b.checked.header.game_id})", 0)
    ea, eb = a.events, b.events
    common = 0
    while common < min(len(ea), len(eb)) and ea[common].hash == eb[common].hash:
        common += 1
    last = _turn(ea, common) if common else "the start"
    if common == len(ea) == len(eb):
        return Comparison("same", f"{a.path} and {b.path} hold the same {common} turns", common)
    if common == len(ea):
        return Comparison("extends", f"{b.path} extends {a.path}: {len(eb) - common} more turn(s) after "
                          f"{last}, from {_turn(eb, common + 1)}", common)
    if common == len(eb):
        return Comparison("extends", f"{a.path} extends {b.path}: {len(ea) - common} more turn(s) after "
                          f"{last}, from {_turn(ea, common + 1)}", common)
    return Comparison(
        "fork",
        f"fork after {last}: {a.path} continues with {_turn(ea, common + 1)}, "
        f"{b.path} with {_turn(eb, common + 1)}",
        common,
    )
