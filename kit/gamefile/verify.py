"""``kit verify``: is a game notebook intact, and how do two copies of a game relate (forks)."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.core.events import Event
from kit.core.sealed_results import when_text
from kit.core.seats import seat_label
from kit.gamefile.check import Checked, check, summary_of
from kit.gamefile.header import DRAWING
from kit.gamefile.notebook import RawGameFile, read_raw


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


def verify(path: str | os.PathLike[str], *, raw: RawGameFile | None = None) -> Report:
    """Verify a game notebook (``raw``: its contents, read already); NotAGameFileError for a file that is not one."""
    target = Path(path)
    checked = check(read_raw(target) if raw is None else raw)
    header = checked.header
    if checked.problem:
        problem = checked.problem
        return Report(target, False, problem.turn, f"{target}: NOT intact: {problem}", checked)
    game = checked.game
    if header.checkpoint is not None:
        message = (f"{target}: intact from its checkpoint: {header.title or header.system} game {header.game_id}, "
                   f"chapter {header.chapter}, turns {header.first_turn}–{header.last_turn}, head "
                   f"{game.log.head[:12]}; whether it starts where chapter {header.chapter - 1} ended is checked "
                   "when the chapters are verified together (C-1)")
    else:
        message = (f"{target}: intact: {header.title or header.system} game {header.game_id}, "
                   f"{len(game.log)} turns, head {game.log.head[:12]}")
    message += kind_note(checked)
    return Report(target, True, None, message, checked)


def kind_note(checked: Checked) -> str:
    """What an intact file's kind means for its proof: rigged turns, a version-1 file's limits, old drawings."""
    return _kind(checked) + drawing_note(checked.raw.header)


def drawing_note(header: Any) -> str:
    """What is not checked in a file drawn by another kit's renderer (G-7), or ``""``."""
    if header.drawn_here:
        return ""
    when = "an older" if header.drawing < DRAWING else "a newer"
    return (f"; its saved outputs and header cell were drawn by {when} kit (drawing {header.drawing}; this kit "
            f"draws {DRAWING}) and are not compared (G-7): the events are. The next turn taken at a table "
            "redraws them, and kit upgrade writes a redrawn copy with the same codes")


def _kind(checked: Checked) -> str:
    rigged = checked.rigged_turns
    counted = f"{rigged} rigged turn{'s' if rigged != 1 else ''}"
    if checked.raw.header.version < 2:
        note = ("; format version 1 (its options and players are not bound into its hashes, and it does not say "
                "whether rigging was allowed")
        note += f": it holds {counted})" if rigged else ")"
        return note + "; kit upgrade makes a copy in today's format"
    people = seats_note(checked.game)
    if checked.game.sealed:
        return sealed_note(checked.game) + people
    if checked.game.practice:
        return f"; a PRACTICE game (G-1): {counted}, their cards or dice set by hand{people}"
    return f"; a real game: every card and die came from its seed (G-1){people}"


def seats_note(game: Any) -> str:
    """Who took the turns of a game with seats, its voids and any turn without a seat (P-1, P-2)."""
    if not game.seating.seated:
        return ""
    taken = Counter(event.seat for event in game.log if event.seat is not None)
    parts = [f"{seat_label(seat, game.gm)} {count}" for seat, count in taken.items()]
    note = f"; turns by seat (P-1): {', '.join(parts) or 'none yet'}"
    unseated = sum(1 for event in game.log if event.seat is None)
    if unseated:
        note += f"; {unseated} turn{'s' if unseated != 1 else ''} recorded no seat"
    if game.voided:
        turns = ", ".join(str(index + 1) for index in sorted(game.voided))
        note += f"; voided by the GM (P-2): turn{'s' if len(game.voided) != 1 else ''} {turns}"
    return note


def sealed_note(game: Any) -> str:
    """What a sealed game's proofs showed (K-1…K-5): draws sealed, anchors to compare, seals still waited for."""
    book = game.proofs
    sealed = sum(1 for event in game.log if event.proof is not None and "sealed" in event.proof)
    note = (f"; a SEALED game (K-1): every turn proven by its seat's key, {sealed} draw{'s' if sealed != 1 else ''} "
            "sealed by a second seat (K-3)")
    anchors = [f"{seat_label(seat, game.gm)} {chains.act_anchor[:16]}" for seat, chains in book.chains.items()]
    note += f"; seats taken with anchors (compare them with the ones posted in the thread, K-1): {', '.join(anchors)}"
    absent = [seat_label(seat, game.gm) for seat in game.seats if seat not in book.chains]
    if absent:
        note += f"; not seated yet: {', '.join(absent)}"
    for declaration in book.pending:
        note += (f"; turn {declaration.turn} ({seat_label(declaration.seat, game.gm)}'s "
                 f"{declaration.action.replace('_', ' ')}, declared {when_text(declaration.at)}) waits for "
                 f"{seat_label(declaration.sealer, game.gm)}'s seal (K-5)")
    retracted = Counter(event.seat for event in game.log if event.action == "retract" and event.seat)
    if retracted:
        note += ("; retractions (K-5): " + ", ".join(f"{seat_label(seat, game.gm)} {count}"
                                                    for seat, count in retracted.items()))
    latest = [f"{seat_label(seat, game.gm)}'s turn {turn}" for seat, turn in book.unconfirmed().items()]
    if latest:
        note += f"; each seat's latest turn is confirmed by its next one (K-2): {', '.join(latest)}"
    return note + older_rules_note(game)


def older_rules_note(game: Any) -> str:
    """What a version-3 sealed file cannot prove: turns the rules of version 5 refuse (K-3), or ``""``."""
    turns = game.older_rule_turns
    if not turns:
        return ""
    shown = "; ".join(f"turn {turn} {what}" for turn, what in turns[:3])
    more = f"; {len(turns) - 3} more" if len(turns) > 3 else ""
    return (f"; CAUTION: played under format 3's sealing rules, whose sealers could pick or steer a draw (K-3): "
            f"{shown}{more}")


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
    if ha.version != hb.version:
        return _across_versions(a, b)
    differ = start_differences(a.checked.game.start_record(), b.checked.game.start_record())
    if differ:
        return Comparison("different", f"{a.path} and {b.path} start the same seed differently: "
                          f"{'; '.join(differ)} — one of them was changed after the game began (G-5), "
                          "and the verification codes posted in the thread tell which is the game played", 0)
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


def _across_versions(a: Report, b: Report) -> Comparison:
    """Two copies of one game in different format versions: an upgraded copy holds the same turns, new hashes."""
    old, new = (a, b) if a.checked.raw.header.version < b.checked.raw.header.version else (b, a)

    def played(report: Report) -> list[tuple[object, ...]]:
        return [(e.action, e.args, e.outcome, e.rig) for e in report.events]

    ours, theirs = played(old), played(new)
    common = 0
    while common < min(len(ours), len(theirs)) and ours[common] == theirs[common]:
        common += 1
    if common == len(ours):
        more = len(theirs) - common
        then = f", and {more} more turn(s) after them" if more else ""
        return Comparison("extends", f"{new.path} is a format-{new.checked.raw.header.version} copy of {old.path} "
                          f"(kit upgrade): the same {common} turns with new hashes{then}", common)
    return Comparison("fork", f"{new.path} (format {new.checked.raw.header.version}) and {old.path} "
                      f"(format {old.checked.raw.header.version}) part after turn {common}", common)


def start_differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """How two start records differ, field by field (``options: magic_decks 1 against 2``)."""
    out = []
    for name in sorted(set(a) | set(b)):
        left, right = a.get(name), b.get(name)
        if left == right:
            continue
        if isinstance(left, dict) and isinstance(right, dict) and name == "options":
            for key in sorted(set(left) | set(right)):
                if left.get(key) != right.get(key):
                    out.append(f"option {key} {left.get(key)!r} against {right.get(key)!r}")
        else:
            out.append(f"{name} {_short(left)} against {_short(right)}")
    return out


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
