"""The game every system builds on: its start, its seats, its turns, and the public face of a game.

An action is a public method (``game.flip(...)``) that calls ``_perform``; the turn engine
(:mod:`kit.core.engine`) applies the rules: the handler ``_do_<action>`` validates against the
state, draws what it needs from a generator derived from the seed and the event's position,
mutates the state and returns a result, whose dictionary form is the event's outcome. A refused
action raises a ``RulesError`` and the state is restored, so nothing changes. Replaying the
events re-runs each action with the same generator and checks that it comes out exactly as
recorded.

:class:`Game` is made of one-job parts, each in its own module: the turn engine (live play,
replay, sealed play: :mod:`kit.core.engine`), rigging (:mod:`kit.core.rigging`), voids and notes
(:mod:`kit.core.table_turns`), sealed play's own turns (:mod:`kit.core.sealed_turns`) and
chapters (:mod:`kit.core.chapters`). This module holds the start (seed, options, roster, mode,
chain), who sits where and what the game waits for, and :meth:`Game.become`, the one way to
restore a game in place.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, ClassVar

from kit.core.chapters import Chapters
from kit.core.decks import Deck
from kit.core.engine import Turn, TurnEngine
from kit.core.errors import (
    IllegalActionError,
    MalformedInputError,
    OutOfRangeError,
    UnknownNameError,
)
from kit.core.events import (
    DIGEST_CHAIN,
    FULL_OUTCOME_CHAIN,
    GENESIS_HASH,
    SEALED_CHAIN,
    SEALED_FULL_OUTCOME_CHAIN,
    Event,
    EventLog,
    canonical_json,
    genesis_hash,
)
from kit.core.params import check_options
from kit.core.proofs import ProofBook
from kit.core.randomness import GameRandom, new_seed, seed_commitment
from kit.core.rigging import RIG_LIMIT, Rig, Rigging
from kit.core.sealed_turns import SEALED_ACTIONS, SealedTurns
from kit.core.sealing import CHAIN_LENGTH
from kit.core.seats import ANY_SEAT, GM_ONLY, Seating, SeatRule, check_people, seat_label
from kit.core.table_turns import VOID_REACH, TableTurns, Waiting

__all__ = ["MODES", "NAME_LIMIT", "RIG_LIMIT", "SEED_LIMIT", "VOID_REACH", "Game", "Rig", "Turn", "roster"]


MODES = ("open", "sealed")
"""How a game is played (K-1): ``open`` (seats are a courtesy, the seed decides the draws) or ``sealed``."""

SEED_LIMIT = 200
"""The longest seed, in characters."""

NAME_LIMIT = 60
"""The longest name of a player, the GM or a character, in characters."""

_TABLE_OWNED = ("seat", "_pending_rig", "_pending_proof")
"""What :meth:`Game.become` keeps of the game that becomes another: what the table holding it set for its next turn
(the seat keys it holds are kept too, in the proof book)."""


class Game(Chapters, SealedTurns, TableTurns, Rigging, TurnEngine, ABC):
    """Base class of every system's game: seed, options, state, event log, results.

    Subclasses set :attr:`system`, build the initial state in :meth:`_initial_state`, name
    their decks in :meth:`_decks` and implement one ``_do_<action>(rng, **args)`` per action.
    """

    system: ClassVar[str] = ""
    title: ClassVar[str] = ""
    default_options: ClassVar[dict[str, Any]] = {}
    seat_rules: ClassVar[Mapping[str, SeatRule]] = {}
    """Who may take each of the system's actions (P-1); an action not named is the GM's alone."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        clash = sorted(name for name in (*SEALED_ACTIONS, "prove", "seal_all")
                       if name in vars(cls) or f"_do_{name}" in vars(cls))
        if clash:
            raise TypeError(f"{cls.__name__} defines {clash[0]}, a turn every game has: name the action otherwise")

    def __init__(self, seed: str | None = None, *, practice: bool = False,
                 players: Mapping[str, Iterable[str]] | None = None, gm: str = "", mode: str = "open",
                 gm_sealer: str | None = None, chain_length: int = CHAIN_LENGTH, **options: Any):
        if not isinstance(practice, bool):
            raise MalformedInputError("practice", "must be True (a practice game) or False (a real game)", "G-1")
        self.practice: bool = practice
        """A practice game (tours, tests, worked examples) accepts rigged cards and dice; a real one never (G-1)."""
        unknown = sorted(set(options) - set(self.default_options))
        if unknown:
            raise UnknownNameError(
                f"table option {str(unknown[0])[:40]!r}",
                f"is not an option of {self.title or self.system}",
                allowed=f"options are: {', '.join(sorted(self.default_options)) or 'none'}",
            )
        self.seed: str = seed if seed is not None else new_seed()
        seed_ok = isinstance(self.seed, str) and 0 < len(self.seed) <= SEED_LIMIT and self.seed.isprintable()
        if not seed_ok:
            raise MalformedInputError("seed", f"must be printable text of 1–{SEED_LIMIT} characters")
        check_options(type(self), options)  # each option's type and bounds (G-3, G-4)
        self.options: dict[str, Any] = {**self.default_options, **options}
        self.players, self.gm = roster(players, gm)
        self.seating = Seating(self.players, self.gm)
        """The roster and who plays which character as the turns made it (P-1)."""
        self.seat: str | None = None
        """The seat the game's turns are taken from (P-1): set by :meth:`sit`, lent for a block by
        :meth:`turns_from`."""
        self.voided: dict[int, tuple[int, str]] = {}
        """Voided turns by event index: the index of the void and its reason (P-2)."""
        self.notes: dict[int | None, list[int]] = {}
        """Notes by the event index of the turn they belong to (None: narration), as event indices (P-3)."""
        self.proofs: ProofBook | None = None
        """A sealed game's seats' chains, waiting declarations and held keys (K-1); None in an open game."""
        self.log = EventLog(genesis=genesis_hash(self.start_record()))
        self.results: list[Any] = []
        self._pending_rig: Rig | None = None
        self._broken = False
        self._playing: Turn | None = None
        self._before_latest: tuple[int, Any, Seating] | None = None
        self._wanted_before: set[int] = set()
        self._kept_before: dict[int, tuple[Any, Seating]] = {}
        self._pending_proof: dict[str, Any] | None = None
        self._older_rules: list[tuple[int, str]] = []
        if mode not in MODES:
            raise MalformedInputError("mode", "must be 'open' or 'sealed'", "K-1")
        if mode == "sealed":
            self._start_sealed(gm_sealer, chain_length)
        elif gm_sealer is not None or chain_length != CHAIN_LENGTH:
            raise IllegalActionError("name who seals the GM's draws", "this is an open game: nothing is sealed", "K-1")
        self.state = self._initial_state(GameRandom(self.seed, "setup"))

    def _start_sealed(self, gm_sealer: str | None, chain_length: int) -> None:
        """Start a sealed game: format version 5, where the next seat seals each draw — or, when ``gm_sealer``
        names a player, a game of version 3 (its files' setup cells name one), where the GM seals the players'
        draws and ``gm_sealer`` the GM's (K-3)."""
        if self.practice:
            raise IllegalActionError("start a sealed practice game", "a sealed game's draws are never set by hand",
                                     "K-1", "start a practice game open, or a sealed game for real")
        if not self.gm or not self.players:
            raise IllegalActionError("start a sealed game", "it needs a GM and at least one player", "K-1",
                                     "name the players and the GM")
        if gm_sealer is not None and gm_sealer not in self.players:
            raise UnknownNameError(f"who seals the GM's draws ({str(gm_sealer)[:40]})",
                                   "is not a player at this table", "K-3", f"name one of: {', '.join(self.players)}")
        if type(chain_length) is not int or not 16 <= chain_length <= 10**6:
            raise OutOfRangeError("chain length", "must be a whole number from 16 to 1,000,000", "K-2")
        start = {**self.start_record(), **self._sealing_record(gm_sealer or "", chain_length)}
        version = SEALED_CHAIN if gm_sealer is None else SEALED_FULL_OUTCOME_CHAIN
        self.log = EventLog(genesis=genesis_hash(start), version=version)
        self.proofs = ProofBook(self.log.genesis, self.gm, gm_sealer or "", chain_length,
                                seats=[*self.players, self.gm])

    def start_record(self) -> dict[str, Any]:
        """Everything that decides play before the first turn; its hash is where the chain starts (G-5).

        System, seed commitment, practice or real, table options, the players with their
        characters, the game master, the mode of play (``open``: the seed is in the file) and
        the chapter (a campaign's first chapter starts from nothing; a later one from the chapter
        before it and a checkpoint, C-1).
        """
        return {
            "system": self.system,
            "seed_commitment": seed_commitment(self.seed),
            "practice": self.practice,
            "options": dict(self.options),
            "players": {name: list(chars) for name, chars in self.players.items()},
            "gm": self.gm,
            "mode": "open",
            "chapter": self.chapter.to_dict(),
            **(self._sealing_record(self.proofs.gm_sealer, self.proofs.length) if self.proofs is not None else {}),
        }

    @staticmethod
    def _sealing_record(gm_sealer: str, chain_length: int) -> dict[str, Any]:
        """The start record's sealing (K-1): the chain length, and in a version-3 game who seals the GM's draws."""
        if not gm_sealer:
            return {"mode": "sealed", "sealing": {"chain_length": chain_length}}
        return {"mode": "sealed", "sealing": {"gm_sealer": gm_sealer, "chain_length": chain_length}}

    @property
    def mode(self) -> str:
        """``open`` or ``sealed`` (K-1)."""
        return "sealed" if self.proofs is not None else "open"

    @property
    def sealing(self) -> dict[str, Any] | None:
        """A sealed game's sealing as its file's header records it (K-1); None for an open game.

        ``{"chain_length": N}`` (version 5: the next seat seals each draw), or in a version-3 game
        ``{"gm_sealer": "Ana", "chain_length": N}``.
        """
        if self.proofs is None:
            return None
        return dict(self._sealing_record(self.proofs.gm_sealer, self.proofs.length)["sealing"])

    def start_options(self) -> dict[str, Any]:
        """The keywords that start a game like this one (seed aside): practice, roster, mode and options."""
        start: dict[str, Any] = {"practice": self.practice, "players": self.players, "gm": self.gm, **self.options}
        if self.proofs is not None:
            start.update(mode="sealed", chain_length=self.proofs.length)
            if self.proofs.gm_sealer:  # a version-3 game (K-3)
                start["gm_sealer"] = self.proofs.gm_sealer
        return start

    def set_roster(self, players: Mapping[str, Iterable[str]] | None, gm: str = "") -> None:
        """Name the players (each with the characters they named) and the game master.

        The roster is part of the game's start (G-5): changing it chains every turn from a new
        start, so every hash and verification code changes. Do it before the game is first
        saved; ``kit.gamefile.save`` refuses to change the roster of a file that exists.
        """
        if self.proofs is not None:
            raise IllegalActionError("change a sealed game's roster", "its seats' chains are bound to its start",
                                     "K-1", "start a new sealed game with the new roster")
        chosen, master = roster(players, gm)
        seats = [*chosen, master] if master else []
        stray = next((event for event in self.log if event.seat not in (seats or [None])
                      or (master and event.seat is None)), None)
        if stray is not None:
            taken = f"in {stray.seat}'s seat" if stray.seat else "with no seat"
            raise IllegalActionError("change the roster", f"turn {stray.index + 1} was taken {taken}, and under the "
                                     "new roster every turn is taken from one of its seats (or none, without a GM)",
                                     "P-1", "name the roster before the first turn")
        self.players, self.gm = chosen, master
        self.seating = Seating(self.players, self.gm)
        if self.log.version in (FULL_OUTCOME_CHAIN, DIGEST_CHAIN):
            self.log = self.log.rechained(genesis_hash(self.start_record()))

    def fresh(self) -> Game:
        """A new game with this one's start (seed, practice, roster, options) and no turns."""
        game = type(self)(self.seed, **self.start_options())
        if self.proofs is not None and game.proofs is not None:
            game.proofs.keys = dict(self.proofs.keys)  # the same table holds the same keys
        if self.log.version != game.log.version:
            game.use_chain(self.log.version)
        self._fresh_chapter(game)
        return game

    def use_version_1_chain(self) -> None:
        """Chain this game's events as a version-1 game file does (from 64 zeros, start not bound); no turns yet."""
        self.use_chain(1)

    def use_chain(self, version: int) -> None:
        """Chain this game's events as a game file of format ``version`` does; the game holds no turns yet.

        Version 1 chains from 64 zeros (the start is not bound); versions 2 and 4 are an open
        game's (4 records each outcome's digest, 2 the whole outcome); a sealed game's chain
        (version 3) is set by its start alone.
        """
        if self.log.events:
            raise IllegalActionError("change the hash chain", "the game already has turns")
        if version == self.log.version:
            return
        if self.proofs is not None or version not in (1, FULL_OUTCOME_CHAIN, DIGEST_CHAIN):
            raise IllegalActionError("change the hash chain", f"a {self.mode} game has no chain of version {version}")
        genesis = GENESIS_HASH if version == 1 else self.log.genesis
        self.log = EventLog(genesis=genesis, version=version, first=self.log.first)

    # -- what subclasses provide -------------------------------------------------------

    @abstractmethod
    def _initial_state(self, rng: GameRandom) -> Any:
        """The state before any event (decks shuffled with ``rng``)."""

    def _decks(self) -> dict[str, Deck[Any]]:
        """The decks that a rig may name, by name."""
        return {}

    def _parse_rig_card(self, deck: str, code: str) -> Any:
        """Turn a rigged card's code into the deck's card type."""
        raise MalformedInputError(f"rigged card {code!r}", f"the deck {deck!r} takes no rigged cards")

    def _waiting(self) -> Waiting | None:
        """What the system's rules wait for now (a forced step, the next to declare), or None."""
        return None

    # -- the people at the table (P-1) -----------------------------------------------------

    def sit(self, seat: str | None) -> Game:
        """Take the next turns from ``seat`` (a player's name or the GM's); ``None`` stands up.

        ``game.sit("Ana").flip("Ada", "Fisticuffs")`` takes the flip in Ana's seat: the event
        records it, and the rules of P-1 decide whether Ana may take it. Returns the game.
        This is the code-first way; a table that holds its own seat lends it for each turn
        with :meth:`turns_from` instead.
        """
        self.seating.check_sit(seat)
        self.seat = seat
        return self

    @contextmanager
    def turns_from(self, seat: str | None) -> Iterator[Game]:
        """Take the turns of this block from ``seat``, then sit where the game sat before (P-1).

        ``with game.turns_from("Ana"): game.flip("Ada", "Fisticuffs")`` takes the flip in Ana's
        seat, as :meth:`sit` would, without moving the game's own seat: a table keeps the seat
        it sits in itself and lends it for each turn, so a game held elsewhere too (a notebook
        cell, another table) keeps its seat. A seat not at this table is refused as :meth:`sit`
        refuses it. The engine reads the seat once, when a turn starts, and passes it on.
        """
        self.seating.check_sit(seat)
        own = self.seat
        self.seat = seat
        try:
            yield self
        finally:
            self.seat = own

    @property
    def seats(self) -> list[str]:
        """Everyone at the table: the players, then the GM (empty for a game without a roster)."""
        return self.seating.seats

    def is_gm(self, seat: str | None) -> bool:
        """True for the GM's seat, and for any seat of a game without a roster (P-1)."""
        return self.seating.is_gm(seat)

    def owner_of(self, character: str) -> str:
        """The player who plays ``character``; the GM's name (``""`` without a GM) for an NPC."""
        return self.seating.owner(character)

    def characters_of(self, seat: str | None, characters: Iterable[str]) -> list[str]:
        """Which of ``characters`` ``seat`` may act for: a player's own, or all of them for the GM (P-1)."""
        return self.seating.characters_of(seat, list(characters))

    def character_names(self) -> list[str]:
        """Every character at the table, in the order they joined."""
        return list(getattr(self.state, "characters", {}))

    def players_without_characters(self) -> list[str]:
        """The players who play no character yet (they build one at the table)."""
        owned = {self.owner_of(name) for name in self.character_names()}
        return [player for player in self.players if player not in owned]

    def may_take(self, action: str, seat: str | None = None, **args: Any) -> str | None:
        """Why ``seat`` (the current one by default) may not take ``action`` with ``args``, or None if it may."""
        try:
            self.seating.check_turn(action, self._seat_rule(action), args, seat if seat is not None else self.seat,
                                    recorded=False)
        except IllegalActionError as refusal:
            return str(refusal)
        return None

    def seat_of(self, event: Event) -> str:
        """``Ana`` or ``Gil (GM)``: the seat an event was taken from, as the log shows it (``""`` for none)."""
        return seat_label(event.seat, self.gm) if event.seat else ""

    @classmethod
    def _seat_rule(cls, action: str) -> SeatRule:
        if action == "note" or action in SEALED_ACTIONS:  # a sealed turn's own checks say who (K-1…K-5)
            return ANY_SEAT
        return cls.seat_rules.get(action, GM_ONLY)

    def waiting(self) -> Waiting | None:
        """What the game waits for and from whom, or None when any player may take a turn."""
        return self._sealed_waiting() or self._waiting()

    def _sealed_waiting(self) -> Waiting | None:
        """The oldest declaration's seal, in a sealed game with one waiting (K-3)."""
        if self.proofs is None or not self.proofs.pending:
            return None
        first = self.proofs.pending[0]
        more = len(self.proofs.pending) - 1
        also = f" ({more} more declaration{'s' if more != 1 else ''} wait{'s' if more == 1 else ''})" if more else ""
        return Waiting(f"must seal the draw of turn {first.turn}, {seat_label(first.seat, self.gm)}'s "
                       f"{first.action.replace('_', ' ')} (K-3){also}", seat=first.sealer)

    def whose_turn(self) -> str:
        """The line at the top of a table: ``Ben (Bruno) must discard 2 cards``, or who may act now."""
        waiting = self.waiting()
        if waiting is None:
            if self.seating.seated:
                return "Nothing is waited for: any player may take a turn for their character."
            return "Nothing is waited for: take the next turn."
        return waiting.prefix + self.waiting_text(waiting)

    def waiting_seat(self) -> str | None:
        """The seat whose step the game waits for (None when nothing is, or the game has no roster)."""
        waiting = self.waiting()
        if waiting is None or not self.seating.seated:
            return None
        if waiting.seat is not None:
            return waiting.seat
        if waiting.character is None:
            return self.gm or None
        return self.owner_of(waiting.character) or None

    def waiting_text(self, waiting: Waiting) -> str:
        """``Ben (Bruno) must discard 2 cards``: the step with the seat that takes it."""
        if waiting.seat is not None:
            return f"{seat_label(waiting.seat, self.gm)} {waiting.doing}"
        if waiting.character is None:
            who = f"{self.gm} (GM)" if self.gm else "The GM"
            return f"{who} {waiting.doing}"
        if not self.seating.seated:
            return f"{waiting.character} {waiting.doing}"
        owner = self.owner_of(waiting.character)
        if owner and owner != self.gm:
            return f"{owner} ({waiting.character}) {waiting.doing}"
        return f"{self.gm} (GM) for {waiting.character} {waiting.doing}"  # a non-player character

    # -- the public face ---------------------------------------------------------------

    @property
    def seed_commitment(self) -> str:
        """SHA-256 of the seed: post it when the game starts so nobody can swap seeds later."""
        return seed_commitment(self.seed)

    @property
    def turn(self) -> int:
        """How many events the log holds."""
        return len(self.log)

    def fingerprint(self) -> str:
        """A canonical text of the whole state, for comparing two games."""
        return canonical_json(_plain(self.state))

    def become(self, other: Game) -> Game:
        """Make this game, in place, what ``other`` is: the one way to restore a game (or move it on) in place.

        ``other`` is a game of this one's system and seed — the same game replayed to an earlier
        turn, its next chapter, the same turns chained in another format version or from another
        roster. Everything the start and the turns make becomes ``other``'s: the start (roster,
        options, mode, chapter and its checkpoint), the event log and its chain, the state, who
        plays whom, voids, notes, the proof book's chains and waiting declarations, the results,
        the states kept for voids to come, whether a replay broke, and whatever else a game holds.

        What belongs to the table that holds this game stays as it is:

        * the seat it sits in (:attr:`seat`), unless ``other``'s roster has no such seat: then
          it stands up (None);
        * the seat keys it holds (K-1; never in a file): in a sealed game they replace those of
          ``other``'s proof book, and an open game holds none;
        * what it set for its next turn: the pending rig (:meth:`rig`) and proof (:meth:`prove`).

        Nothing is copied: this game takes ``other``'s parts as they are, so play on in this
        game, not in ``other`` (take ``copy.copy(game)`` first to keep what this game was, and
        ``game.become(kept)`` to go back to it). Not while a turn's rules are running. Returns
        this game.
        """
        if type(other) is not type(self) or other.seed != self.seed:
            raise ValueError(f"a {type(self).__name__} becomes only a game of its own system and seed: "
                             f"{type(other).__name__} of seed commitment {other.seed_commitment[:12]} is another game")
        if self._playing is not None or other._playing is not None:
            raise RuntimeError("a game becomes another between turns, not while the rules of a turn run")
        if other is self:
            return self
        mine = vars(self)
        kept = {name: mine[name] for name in _TABLE_OWNED if name in mine}
        keys = dict(self.proofs.keys) if self.proofs is not None else {}
        mine.clear()
        mine.update(vars(other))
        mine.update(kept)
        if self.seat is not None and self.seat not in self.seating.seats:
            self.seat = None
        if self.proofs is not None:
            self.proofs.keys = keys
        return self


def roster(players: Mapping[str, Iterable[str]] | None, gm: str = "") -> tuple[dict[str, list[str]], str]:
    """Players (each with the characters they named) and the game master, checked (G-5)."""
    if players is None:
        players = {}
    if not isinstance(players, Mapping):
        raise MalformedInputError("players", "must map each player's name to the characters they play",
                                  "G-5", allowed='e.g. {"Ana": ["Mira"], "Ben": []}')
    if not isinstance(gm, str) or (gm and not _is_name(gm)):
        raise MalformedInputError("game master", f"must be a name of 1–{NAME_LIMIT} printable characters", "G-5")
    out: dict[str, list[str]] = {}
    for name, chars in players.items():
        if not _is_name(name):
            raise MalformedInputError("player's name", f"must be 1–{NAME_LIMIT} printable characters", "G-5")
        if isinstance(chars, (str, bytes)) or not isinstance(chars, Iterable):
            raise MalformedInputError(f"characters of {name}", "must be a list of names", "G-5")
        listed = list(chars)
        if len(listed) > 20 or not all(_is_name(char) for char in listed):
            raise MalformedInputError(f"characters of {name}", f"must be at most 20 names of 1–{NAME_LIMIT} "
                                      "printable characters", "G-5")
        out[name] = listed
    check_people(list(out), gm)
    out = dict(sorted(out.items()))  # the order a game file keeps them in
    if len(out) > 20:
        raise OutOfRangeError("players", "a table seats at most 20 players", "G-5")
    return out, gm


def _is_name(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= NAME_LIMIT and value.isprintable() and value.strip() == value


def _plain(value: Any) -> Any:
    """Turn a state (dataclasses, enums, cards, containers) into plain JSON-able data."""
    if hasattr(value, "__dataclass_fields__"):
        if hasattr(value, "code"):
            return value.code
        return {name: _plain(getattr(value, name)) for name in value.__dataclass_fields__}
    if isinstance(value, dict):
        return {str(_plain(k)): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(str(_plain(v)) for v in value)
    if hasattr(value, "value") and hasattr(value, "name") and type(value).__module__ != "builtins":
        return value.name
    return value
