"""Check a game notebook turn by turn and rebuild its game from the events, running no code.

The checks, in file order: each turn cell holds an event of the right number, chained to the
one before with a hash that matches its content; its source is the canonical call of that
event; replaying it against the seed gives exactly the recorded outcome (which catches a forged
outcome even when every hash was recomputed); its saved output is the fresh rendering of the
result. Then the header must agree with what the events made: turn count, head, characters,
seed commitment, setup cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kit.core.errors import ReplayMismatchError, RulesError
from kit.core.events import Event
from kit.core.game import Game, roster
from kit.core.limits import text_problem
from kit.gamefile.errors import BrokenGameError, NotAGameFileError
from kit.gamefile.header import Header, drawing_problem
from kit.gamefile.notebook import RawGameFile, TurnCell, joined, paused_gc, turn_outputs
from kit.gamefile.post import actor_of
from kit.gamefile.source import setup_source_of, turn_source


def system_class(name: str) -> type[Game]:
    """The game class of the system a file names; an unknown system is not a game of this kit."""
    from kit import systems

    try:
        return systems.get_system(name)
    except RulesError as error:
        raise NotAGameFileError(f"it names a system this kit does not know: {error}") from None


def start_game(raw: RawGameFile) -> Game:
    """The game a file's header starts (no turns yet), in the hash chain of the file's format version.

    Options the system does not have, or values the rules refuse, make the file not a game
    notebook of this kit. A version-1 file does not say whether it is a practice game: it is
    read as one when it holds rigged turns (and ``kit verify`` says so).
    """
    stored = raw.header
    cls = system_class(stored.system)
    unknown = sorted(str(name)[:40] for name in stored.options if name not in cls.default_options)
    if unknown:
        raise NotAGameFileError(f"its options name {unknown[0]!r}, which is not an option of {stored.system}")
    try:
        if stored.version >= 2:
            game = cls(stored.seed, practice=stored.practice, players=stored.players, gm=stored.gm,
                       **stored.start_keywords(), **stored.options)
            if stored.version != game.log.version:  # an open game of version 2: whole outcomes (G-8)
                game.use_chain(stored.version)
            return game
        game = cls(stored.seed, practice=any(event.rig for event in raw.events), **stored.options)
        game.use_version_1_chain()
        game.players, game.gm = roster(stored.players)
        return game
    except RulesError as error:
        raise NotAGameFileError(f"its options or players do not start a {stored.system} game: {error}") from None


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

    @property
    def rigged_turns(self) -> int:
        """How many verified turns had their cards or dice set by hand (practice games only, G-1)."""
        return sum(1 for event in self.game.log if event.rig)


SETUP_EDITED = "the setup cell is missing or was edited"
START_CHANGED = ("the start of the game (system, seed, practice or real, options, players or game master) is not "
                 "the one its turns are chained from: it was changed after the game began (G-5)")
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
    game = start_game(raw)
    problem = _chapter_problem(raw, game)
    header = replace(Header.for_game(game, raw.header.created_with), drawing=raw.header.drawing,
                     chapter_turns=raw.header.chapter_turns)
    checked = Checked(raw, game, header)
    drawn = drawing_problem(raw.header.version, raw.header.drawing)
    problem = problem or (BrokenGameError(None, drawn) if drawn else None) or (
        start_problem(raw, game) if full else _genesis_problem(raw, game))
    if problem:
        checked.problem = problem
        return checked
    prev = game.log.genesis
    game.prepare_replay(cell.event for cell in raw.turns if cell.event is not None)
    for cell in raw.turns:
        turn_problem = _check_turn(game, cell, prev, full, checked.outputs, raw.header.drawn_here)
        if turn_problem:
            checked.problem = BrokenGameError(cell.position, turn_problem)
            return checked
        assert cell.event is not None
        prev = cell.event.hash
    checked.header = header = header.updated(game)
    checked.problem = check_header(raw, header, full=full)
    return checked


def _chapter_problem(raw: RawGameFile, game: Game) -> BrokenGameError | None:
    """Continue ``game`` from a later chapter's checkpoint (C-1); what is wrong with the checkpoint, if anything.

    A checkpoint is input from anyone: one that is not a state of this game makes the file NOT
    intact. Whether it is the state the chapter before it ended in is checked when the chapters
    are verified together (``kit verify`` of the campaign).
    """
    stored = raw.header
    if stored.checkpoint is None:
        return None
    try:
        game.continue_from(stored.chapter, stored.follows or "", stored.checkpoint)
    except RulesError as error:
        return BrokenGameError(None, f"its checkpoint is not a state this game can be in: {error}")
    return None


def _genesis_problem(raw: RawGameFile, game: Game) -> BrokenGameError | None:
    if raw.header.version >= 2 and raw.header.genesis != game.log.genesis:
        return BrokenGameError(None, START_CHANGED)
    return None


def start_problem(raw: RawGameFile, game: Game) -> BrokenGameError | None:
    """What is wrong before the first turn: the genesis, the setup cell (source and outputs), hidden views.

    The setup cell must be exactly the one the game's start writes — its source, no outputs,
    execution count 1 — so nothing can be shown there that no turn made; the header cell has no
    attachments, neither cell has kit metadata, and the notebook saves no widget state (G-5).
    """
    problem = _genesis_problem(raw, game)
    if problem:
        return problem
    setup = raw.setup_cell
    if setup is None or raw.setup_source != setup_source_of(game):
        return BrokenGameError(None, SETUP_EDITED)
    if setup.get("outputs") != [] or not _is_count(setup.get("execution_count"), 1):
        return BrokenGameError(None, "the setup cell shows outputs that no turn made (they were added by hand)")
    if raw.header_cell is not None and raw.header_cell.get("attachments"):
        return BrokenGameError(None, "the header cell carries attachments that the kit never writes")
    if raw.header_cell is not None and set(raw.header_cell) - {"cell_type", "id", "metadata", "source", "attachments"}:
        return BrokenGameError(None, "the header cell holds fields that a Markdown cell has not (outputs, a count)")
    for name, cell in (("header", raw.header_cell), ("setup", setup)):
        metadata = cell.get("metadata") if cell is not None else None
        if isinstance(metadata, dict) and "kit" in metadata:
            return BrokenGameError(None, f"the {name} cell holds kit metadata, which the kit writes on turn cells only")
    if "widgets" in raw.notebook_metadata:
        return BrokenGameError(None, "the notebook saves widget state, which a game file never holds "
                                     "(a view could show what no turn made)")
    return None


def link_problem(cell: TurnCell, prev: str) -> str:
    """What is wrong with a turn cell's place in the chain (cell kind, number, link to ``prev``), or ``""``."""
    turn = cell.position
    if cell.problem:
        return cell.problem
    event = cell.event
    assert event is not None
    if event.index != turn - 1:
        if event.index > turn - 1:
            return (f"not in the file: this cell holds turn {event.index + 1} "
                    "(a turn was removed or the turns were reordered)")
        return f"this cell holds turn {event.index + 1} again, out of order (the turns were reordered)"
    if event.prev != prev:
        return f"it does not follow turn {turn - 1} (the hash chain is broken)"
    return ""


def check_links(raw: RawGameFile, genesis: str | None = None, version: int | None = None) -> BrokenGameError | None:
    """The first turn whose cell, number, link or hash is wrong — without replaying anything.

    Each event's hash is recomputed from its content and the hash before it (the chain starts
    at ``genesis``, hashed as format ``version`` hashes), so an event changed without
    recomputing the hashes is caught here; one re-hashed with care changes the head, which
    the caller compares with the head it verified.
    """
    prev = raw.header.genesis if genesis is None else genesis
    version = raw.header.version if version is None else version
    for cell in raw.turns:
        problem = link_problem(cell, prev)
        if not problem:
            assert cell.event is not None
            if not hash_matches(cell.event, version):
                problem = HASH_MISMATCH
            elif not _is_count(cell.execution_count, cell.position + 1):
                problem = f"its execution count is {_cut(repr(cell.execution_count))}, expected {cell.position + 1}"
        if problem:
            return BrokenGameError(cell.position, problem)
        assert cell.event is not None
        prev = cell.event.hash
    return None


def hash_matches(event: Event, version: int) -> bool:
    """True when ``event``'s content and predecessor give its hash; content that is not strict JSON never does."""
    try:
        return event.expected_hash(version) == event.hash
    except RulesError:
        return False


def _check_turn(game: Game, cell: TurnCell, prev: str, full: bool, outputs: list[list[dict[str, Any]]],
                drawn_here: bool = True) -> str:
    """What is wrong with one turn cell, checked before anything is computed from it: place, hash, then replay."""
    turn = cell.position
    problem = link_problem(cell, prev)
    if problem:
        return problem
    event = cell.event
    assert event is not None
    if event.seat is not None and event.seat not in game.seats:
        return f"it was taken in the seat of {event.seat[:40]!r}, who is not at this table (P-1)"
    try:
        result = game.apply(event)  # its hash is checked first, then its arguments, then the rules run
    except ReplayMismatchError as error:
        if "hash" in error.why:
            return HASH_MISMATCH
        if "format version" in error.why:  # an outcome digest in a file of another version, or none in one of 4
            return f"{error.why} (G-8)"
        if error.ruling in ("K-1", "K-2"):  # a sealed game's proof (or a proof in an open game) does not stand
            return f"{error.why} (K-2)"
        return (f"its recorded outcome of {event.action} is not what the seed and the rules produce "
                "(the outcome was changed)")
    except RulesError as error:
        if error.ruling == "P-1":
            return f"it was taken in a seat that may not take it: {error}"
        return f"the rules refuse it on replay: {error}"
    except (TypeError, ValueError, LookupError, AttributeError, ArithmeticError, RecursionError) as error:
        # An event of a hostile file that no kit wrote: report it, never crash the reader.
        return f"its recorded event cannot be replayed ({type(error).__name__})"
    if full:
        try:
            expected_source = turn_source(type(game), event)
        except RulesError as error:
            return f"its recorded event is not a valid call: {error}"
        if cell.source != expected_source:
            return (f"its source was edited: it reads {_cut(cell.source)!r} but the recorded turn is "
                    f"{_cut(expected_source)!r}")
        # Rendered right after the event, as Jupyter shows it when the cell runs.
        outputs.append(turn_outputs(result, turn))
        if not _is_count(cell.execution_count, turn + 1):
            return f"its execution count is {_cut(repr(cell.execution_count))}, expected {turn + 1}"
        if drawn_here and not _same_json(_normalised(cell.outputs), outputs[-1]):  # another kit's drawings: G-7
            return ("its saved output is not the rendering of its result (the output was edited, "
                    "or written by a kit whose renderers differ from this one)")
    return ""


def _is_count(value: Any, expected: int) -> bool:
    """True when ``value`` is the execution count ``expected`` itself (not ``true`` for 1, nor ``2.0`` for 2)."""
    return type(value) is int and value == expected


def _same_json(found: Any, expected: Any) -> bool:
    """True when ``found`` is ``expected`` as JSON, types included (``2.0`` is not ``2``, ``true`` is not ``1``)."""
    if type(found) is not type(expected):
        return False
    if isinstance(expected, dict):
        if found.keys() != expected.keys():
            return False
        for key, value in expected.items():
            item = found[key]
            kind = type(value)
            if kind is str or kind is int or kind is bool or value is None:  # a plain value: compared here
                if type(item) is not kind or item != value:
                    return False
            elif not _same_json(item, value):
                return False
        return True
    if isinstance(expected, list):
        return len(found) == len(expected) and all(map(_same_json, found, expected))
    return bool(found == expected)  # the parsed values compared: nothing is serialised again


def _cut(text: str, limit: int = 120) -> str:
    """A text from the file for a message, cut short."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


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
            header.last_turn + 1,
            f"not in the file: the header records {stored_turns} turns, "
            f"the file holds {header.turns} (a turn was removed)",
        )
    if isinstance(stored_turns, int) and stored_turns < header.turns:
        return BrokenGameError(
            header.first_turn + stored_turns,
            f"the header records {stored_turns} turns but the file holds {header.turns} (the turn count was changed)",
        )
    made_by = text_problem(raw.header.created_with, 100)
    if made_by:  # the one field not derived from the turns: still one line of plain text, as the header shows it
        return BrokenGameError(None, f"the header's created_with {made_by} (G-2): the header cell would show text "
                                     "no turn made")
    stored = raw.metadata.get("characters")
    if stored != header.characters and stored == header.characters_before:  # as kits before this one wrote it
        header = replace(header, characters=dict(stored))
    problems = header.problems(raw.metadata)
    if problems:
        return BrokenGameError(None, "the header does not match the turns: " + "; ".join(problems))
    if full and header.drawn_here and raw.header_source != header.markdown():
        return BrokenGameError(None, "the header cell is missing or was edited")
    return None
