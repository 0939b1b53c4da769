"""Does the file still hold the game the caller saw? The checks a writer makes before it writes.

A caller names what it saw — the number of turns, the hash of the last turn, or its own game,
verified when it was loaded — and the file must hold exactly that and no more: turns added since
raise :class:`GameMovedOnError` (reload), a file edited since :class:`BrokenGameError`.
"""

from __future__ import annotations

from dataclasses import replace

from kit.core.events import Event
from kit.core.game import Game
from kit.gamefile.check import check_header, check_links, start_problem, summary_of
from kit.gamefile.errors import GameMovedOnError
from kit.gamefile.header import Header
from kit.gamefile.notebook import SETUP_ID, RawGameFile, turn_cell_id


def moved_on(events: list[Event], seen: int, first: int = 0) -> GameMovedOnError:
    """The refusal for a caller who saw ``seen`` turns of a chapter (its first event ``first``) holding ``events``."""
    first_unseen = events[seen - first]
    last = first + len(events)
    what = summary_of(first_unseen)
    if last == seen + 1:
        message = f"the game moved on: turn {seen + 1} ({what}) was added since you loaded it; reload to see it"
    else:
        message = (f"the game moved on: turns {seen + 1}–{last} ({what}, …) were added since you loaded it; "
                   "reload to see them")
    return GameMovedOnError(message, last, events[-1].hash)


def check_view(events: list[Event], expected_turn: int | None, expected_head: str | None,
               genesis: str, first: int = 0) -> None:
    """Refuse when the file (a chapter whose first event is ``first``) holds turns the caller has not seen."""
    if expected_turn is None and expected_head is None:
        raise TypeError("append_turn needs expected_turn or expected_head: the turn the caller last saw")
    total = first + len(events)
    head = events[-1].hash if events else genesis
    if expected_head is not None:
        hashes = [event.hash for event in events]
        if expected_head == genesis:
            seen = first
        elif expected_head in hashes:
            seen = first + hashes.index(expected_head) + 1
        else:
            raise GameMovedOnError(
                "the game moved on: the turn you last saw is no longer in the file "
                "(it was replaced or forked); reload to see it", total, head,
            )
        if expected_turn is not None and expected_turn != seen:
            raise GameMovedOnError(
                f"the turn you last saw is turn {seen} of the file, not turn {expected_turn}; reload", total, head,
            )
    else:
        assert expected_turn is not None
        seen = expected_turn
    if first <= seen < total:
        raise moved_on(events, seen, first)
    if seen > total or seen < first:
        raise GameMovedOnError(
            f"the file holds turns {first + 1}–{total}, not the {seen} you saw (it was replaced); reload"
            if first else f"the file holds {total} turns, fewer than the {seen} you saw (it was replaced); reload",
            total, head,
        )


def same_turns(raw: RawGameFile, game: Game) -> Header:
    """Check that the file holds exactly ``game``'s turns; return the header ``game`` makes (choices kept).

    Every hash link is recomputed from its event (no replay): ``game`` was verified when it was loaded.
    """
    stored = raw.header
    if (stored.version, stored.system, stored.seed, stored.options, stored.practice, stored.players, stored.gm,
            stored.start_keywords()) != (game.log.version, game.system, game.seed, game.options, game.practice,
                                         game.players, game.gm, Header.for_game(game).start_keywords()):
        raise GameMovedOnError("the file now holds another game (other system, seed, options or players); "
                               "reload to play it",
                               len(raw.events), raw.events[-1].hash if raw.events else stored.genesis)
    problem = start_problem(raw, game) or check_links(raw, game.log.genesis, game.log.version)
    if problem:
        raise problem
    check_view(raw.events, game.turn, game.log.head, game.log.genesis, game.log.first)
    header = replace(Header.for_game(game, stored.created_with), drawing=stored.drawing,
                     chapter_turns=stored.chapter_turns)
    problem = check_header(raw, header)
    if problem:
        raise problem
    stored_characters = raw.metadata.get("characters")
    if stored_characters != header.characters and stored_characters == header.characters_before:
        header = replace(header, characters=dict(stored_characters))  # as an older kit wrote it: spliced as it is
    return header


def has_canonical_ids(raw: RawGameFile) -> bool:
    """True when the setup and turn cells have the ids the kit gives them (so the new turn's id is unique)."""
    return (raw.setup_cell is not None and raw.setup_cell.get("id") == SETUP_ID
            and all(cell.cell_id == turn_cell_id(cell.position) for cell in raw.turns))


__all__ = ["check_view", "has_canonical_ids", "moved_on", "same_turns"]
