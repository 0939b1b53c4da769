"""Check a game notebook turn by turn and rebuild its game from the events, running no code.

The checks, in file order: each turn cell holds an event of the right number, chained to the
one before with a hash that matches its content; its source is the canonical call of that
event; replaying it against the seed gives exactly the recorded outcome (which catches a forged
outcome even when every hash was recomputed); its saved output is the fresh rendering of the
result. Then the header must agree with what the events made: turn count, head, characters,
seed commitment, setup cell.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from kit.core.errors import ReplayMismatchError, RulesError
from kit.core.events import GENESIS_HASH, Event, hash_of_texts
from kit.core.game import Game
from kit.gamefile.errors import BrokenGameError, NotAGameFileError
from kit.gamefile.header import Header
from kit.gamefile.notebook import RawGameFile, TurnCell, joined, paused_gc, turn_outputs
from kit.gamefile.post import actor_of
from kit.gamefile.source import setup_source, turn_source


def system_class(name: str) -> type[Game]:
    """The game class of the system a file names; an unknown system is not a game of this kit."""
    from kit import systems

    try:
        return systems.get_system(name)
    except RulesError as error:
        raise NotAGameFileError(f"it names a system this kit does not know: {error}") from None


@dataclass
class Checked:
    """The outcome of checking a file: the game rebuilt as far as it verified, and the first problem."""

    raw: RawGameFile
    game: Game
    header: Header
    problem: BrokenGameError | None = None
    outputs: list[list[dict[str, Any]]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return self.problem is None


SETUP_EDITED = "the setup cell is missing or was edited"
HASH_MISMATCH = "its recorded event does not match its hash (an argument, outcome or rig was changed)"


def summary_of(event: Event) -> str:
    """``Ada: flip`` — who acted and how, for messages about a turn."""
    actor = actor_of(event)
    return f"{actor}: {event.action}" if actor else event.action


def check(raw: RawGameFile, *, full: bool = True) -> Checked:
    """Check ``raw``; ``full=False`` checks only events (chain and replay), not sources and outputs."""
    with paused_gc():
        return _check(raw, full)


def _check(raw: RawGameFile, full: bool) -> Checked:
    stored = raw.header
    cls = system_class(stored.system)
    try:
        game = cls(stored.seed, **stored.options)
    except RulesError as error:
        raise NotAGameFileError(f"its options do not start a {stored.system} game: {error}") from None
    header = Header.for_game(game, stored.players, stored.created_with)
    checked = Checked(raw, game, header)
    if full and raw.setup_source != setup_source(cls, game.seed, game.options):
        checked.problem = BrokenGameError(None, SETUP_EDITED)
        return checked
    prev = GENESIS_HASH
    for cell in raw.turns:
        problem = _check_turn(game, cell, prev, full, checked.outputs)
        if problem:
            checked.problem = BrokenGameError(cell.position, problem)
            return checked
        assert cell.event is not None
        prev = cell.event.hash
    checked.header = header = header.updated(game)
    checked.problem = check_header(raw, header, full=full)
    return checked


def link_problem(cell: TurnCell, prev: str) -> str:
    """What is wrong with a turn cell's place in the chain (cell kind, number, link to ``prev``), or ``""``."""
    turn = cell.position
    if cell.problem:
        return cell.problem
    event = cell.event
    assert event is not None
    if event.index != turn - 1:
        if event.index > turn - 1:
            return (f"turn {turn} is missing: this cell holds turn {event.index + 1} "
                    "(a turn was removed or the turns were reordered)")
        return f"this cell holds turn {event.index + 1} again, out of order (the turns were reordered)"
    if event.prev != prev:
        return f"it does not follow turn {turn - 1} (the hash chain is broken)"
    return ""


def check_links(raw: RawGameFile) -> BrokenGameError | None:
    """The first turn whose cell, number, link or hash is wrong — without replaying anything.

    Each event's hash is recomputed from its content and the hash before it, so an event
    changed without recomputing the hashes is caught here; one re-hashed with care changes the
    head, which the caller compares with the head it verified.
    """
    prev = GENESIS_HASH
    for cell in raw.turns:
        problem = link_problem(cell, prev)
        if not problem:
            assert cell.event is not None
            if _hash_of(cell.event) != cell.event.hash:
                problem = HASH_MISMATCH
            elif cell.execution_count != cell.position + 1:
                problem = f"its execution count is {cell.execution_count!r}, expected {cell.position + 1}"
        if problem:
            return BrokenGameError(cell.position, problem)
        assert cell.event is not None
        prev = cell.event.hash
    return None


_canonical = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
"""kit.core.events.canonical_json with its encoder made once, not once a call: a long chain is checked on every turn."""


def _hash_of(event: Event) -> str:
    """``event.expected_hash()``, computed with one encoder for the whole chain."""
    return hash_of_texts(event.index, event.action, _canonical(event.args), _canonical(event.outcome),
                         _canonical(event.rig), event.prev)


def _check_turn(game: Game, cell: TurnCell, prev: str, full: bool, outputs: list[list[dict[str, Any]]]) -> str:
    turn = cell.position
    problem = link_problem(cell, prev)
    if problem:
        return problem
    event = cell.event
    assert event is not None
    cls = type(game)
    if full:
        try:
            expected_source = turn_source(cls, event)
        except RulesError as error:
            return f"its recorded event is not a valid call: {error}"
        if cell.source != expected_source:
            return f"its source was edited: it reads {cell.source!r} but the recorded turn is {expected_source!r}"
    try:
        result = game.apply(event)  # also checks the event's hash against its content
    except RulesError as error:
        if event.expected_hash() != event.hash:
            return HASH_MISMATCH
        if isinstance(error, ReplayMismatchError):
            return (f"its recorded outcome of {event.action} is not what the seed and the rules produce "
                    "(the outcome was changed)")
        return f"the rules refuse it on replay: {error}"
    if full:
        # Rendered right after the event, as Jupyter shows it when the cell runs.
        outputs.append(turn_outputs(result, turn))
        if cell.execution_count != turn + 1:
            return f"its execution count is {cell.execution_count!r}, expected {turn + 1}"
        if _normalised(cell.outputs) != outputs[-1]:
            return ("its saved output is not the rendering of its result (the output was edited, "
                    "or written by a kit whose renderers differ from this one)")
    return ""


def _normalised(outputs: list[Any]) -> list[Any]:
    out = []
    for output in outputs:
        if not isinstance(output, dict):
            return [output]
        item = dict(output)
        if isinstance(item.get("data"), dict):
            item["data"] = {key: joined(value) for key, value in item["data"].items()}
        out.append(item)
    return out


def check_header(raw: RawGameFile, header: Header, *, full: bool = True) -> BrokenGameError | None:
    """What is wrong with the stored header, given the ``header`` that the turns make (``full``: its cell too)."""
    stored_turns = raw.metadata.get("turns")
    if isinstance(stored_turns, int) and stored_turns > header.turns:
        return BrokenGameError(
            header.turns + 1,
            f"turn {header.turns + 1} is missing: the header records {stored_turns} turns, "
            f"the file holds {header.turns} (a turn was removed)",
        )
    if isinstance(stored_turns, int) and stored_turns < header.turns:
        return BrokenGameError(
            stored_turns + 1,
            f"the header records {stored_turns} turns but the file holds {header.turns} (the turn count was changed)",
        )
    problems = header.problems(raw.metadata)
    if problems:
        return BrokenGameError(None, "the header does not match the turns: " + "; ".join(problems))
    if full and raw.header_source != header.markdown():
        return BrokenGameError(None, "the header cell is missing or was edited")
    return None
