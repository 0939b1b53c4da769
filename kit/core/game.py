"""The event-sourced game that every system builds on.

An action is a public method (``game.flip(...)``) that calls :meth:`Game._perform`. The
handler ``_do_<action>`` validates against the state, draws what it needs from a generator
derived from the seed and the event's position, mutates the state and returns a result. The
result's dictionary form is the event's outcome. A refused action raises a ``RulesError``
and the state is restored, so nothing changes. Replaying the events re-runs each action with
the same generator and checks that it comes out exactly as recorded.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from kit.core.chapters import Chapters
from kit.core.decks import Deck
from kit.core.describe import Describable
from kit.core.errors import (
    IllegalActionError,
    MalformedInputError,
    OutOfRangeError,
    ReplayMismatchError,
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
    outcome_digest,
    records_digest,
)
from kit.core.params import check_call, check_options, plans
from kit.core.proofs import Declaration, ProofBook
from kit.core.randomness import GameRandom, NeedsDraw, ProbeRandom, new_seed, seed_commitment
from kit.core.sealed_turns import SEALED_ACTIONS, SealedTurns
from kit.core.sealing import CHAIN_LENGTH, sealed_seed
from kit.core.seats import ANY_SEAT, GM_ONLY, Seating, SeatRule, check_people, seat_label
from kit.core.table_turns import (
    NOT_VOIDABLE,
    InCharacter,
    NoteResult,
    NoteText,
    NoteTurn,
    TurnNumber,
    VoidReason,
    VoidResult,
    Waiting,
    carry_decks,
)


@dataclass(frozen=True)
class Rig:
    """Cards to put on top of named decks and dice to roll, for the next action only.

    Worked examples and tests use this instead of hunting for a seed. The event that uses it
    is marked as rigged in the log, and replay applies the same rig.
    """

    cards: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dice: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form stored with the event."""
        data: dict[str, Any] = {}
        if self.cards:
            data["cards"] = {deck: list(codes) for deck, codes in self.cards.items()}
        if self.dice:
            data["dice"] = list(self.dice)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Rig | None:
        """Read a rig from its JSON form; anything but decks of card codes and a list of dice is malformed."""
        if data is None or data == {}:
            return None
        if not isinstance(data, dict) or set(data) - {"cards", "dice"}:
            raise MalformedInputError("rig", "must be an object with cards and dice")
        cards = data.get("cards", {})
        dice = data.get("dice", [])
        if not isinstance(cards, dict) or not isinstance(dice, list) or len(dice) > RIG_LIMIT or not all(
                type(d) is int and 0 < d <= 1000 for d in dice):
            raise MalformedInputError("rig", "must hold an object of card lists and a list of whole numbers")
        for deck, codes in cards.items():
            if (not isinstance(codes, list) or len(codes) > RIG_LIMIT or len(deck) > 40
                    or not all(isinstance(code, str) and 0 < len(code) <= 40 for code in codes)):
                raise MalformedInputError("rig", "must name each deck's cards by short codes such as 4H")
        if not cards and not dice:
            raise MalformedInputError("rig", "must set cards or dice")
        return cls({deck: tuple(codes) for deck, codes in cards.items()}, tuple(dice))


RIG_LIMIT = 200
"""At most this many cards on a deck, or dice, in one rig."""


MODES = ("open", "sealed")
"""How a game is played (K-1): ``open`` (seats are a courtesy, the seed decides the draws) or ``sealed``."""


class Game(Chapters, SealedTurns, ABC):
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
        """The seat the next turn is taken from (see :meth:`sit`)."""
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
        self._turn_seat: str | None = None
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
        """
        self.seating.check_sit(seat)
        self.seat = seat
        return self

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

    # -- voids and notes (P-2, P-3) --------------------------------------------------------

    def void(self, turn: TurnNumber, reason: VoidReason) -> VoidResult:
        """Take back turn ``turn`` (numbered from 1) with a new turn; the GM's alone (P-2).

        Only the latest turn still standing can be voided (void the later ones first). The game
        becomes what the turns before it made it; the cards it drew stay drawn (discarded).
        """
        return self._perform("void", {"turn": turn, "reason": reason})

    def note(self, text: NoteText, turn: NoteTurn = None, in_character: InCharacter = False) -> NoteResult:
        """Attach a note to a turn: the seat's own latest turn by default (P-3); it changes nothing in play.

        A player notes turns taken in their seat; the GM notes any turn, or narrates with no turn
        before the first one.
        """
        return self._perform("note", {"text": text, "turn": turn, "in_character": in_character})

    def standing(self, index: int) -> bool:
        """True when the event at ``index`` is a turn of play that has not been voided."""
        return self.log[index].action not in _NOT_TURNS and index not in self.voided

    def prepare_replay(self, events: Iterable[Event]) -> None:
        """Before replaying ``events``: keep the state before each turn a later void takes back (no replay twice).

        Only a void the rules can accept is believed — one that names the latest turn still
        standing, within a run of at most :data:`VOID_REACH` voids — so a file cannot make its
        reader copy the state at every turn by naming them in voids no rules accept (G-6).
        """
        standing = [event.index for event in self.log.events if self.standing(event.index)]
        run = self._void_run()
        for event in events:
            if event.action == "void":
                turn = event.args.get("turn")
                if type(turn) is not int or not standing or standing[-1] != turn - 1 or run >= VOID_REACH:
                    return  # the replay refuses this void: no event after it is replayed
                self._wanted_before.add(turn - 1)
                standing.pop()
                run += 1
            elif event.action not in _NOT_TURNS:
                standing.append(event.index)
                run = 0

    def _void_run(self) -> int:
        """How many voids were taken since the latest turn of play (P-2)."""
        run = 0
        for event in reversed(self.log.events):
            if event.action == "void":
                run += 1
            elif event.action not in _NOT_TURNS:
                break
        return run

    def _do_void(self, rng: GameRandom, turn: int, reason: str) -> VoidResult:
        index = turn - 1
        if index >= len(self.log):
            raise OutOfRangeError(f"void turn {turn}", f"the game has {len(self.log)} turns", "P-2")
        closed = self.closed_turn(turn, "void")
        if closed is not None:
            raise closed
        event = self.log[index]
        if event.action in SEALED_ACTIONS:
            raise IllegalActionError(f"void turn {turn}", f"it is a {event.action}, not a turn of play", "K-5",
                                     "its seat retracts a declaration; a sealed turn is voided like any other")
        if event.action in NOT_VOIDABLE:
            raise IllegalActionError(f"void turn {turn}", f"it is a {event.action}, not a turn of play", "P-2",
                                     "void a turn of play")
        if index in self.voided:
            raise IllegalActionError(f"void turn {turn}", f"it was voided at turn {self.voided[index][0] + 1}", "P-2")
        later = [e.index + 1 for e in self.log.since(index + 1) if self.standing(e.index)]
        if later:
            raise IllegalActionError(f"void turn {turn}", f"turn {later[-1]} came after it and still stands", "P-2",
                                     f"void the latest turn first (turn {later[-1]})")
        if self._void_run() >= VOID_REACH:
            raise IllegalActionError(f"void turn {turn}", f"{VOID_REACH} turns in a row were voided already, and a run "
                                     f"of voids reaches back at most {VOID_REACH} turns (P-2)", "P-2",
                                     "take a turn of play first, or start a new game from here")
        actor = next((v for k, v in event.args.items() if k in _ACTOR_ARGS and isinstance(v, str)), "")
        by = self.seat_of(event)
        taken_by = f"{by} for {actor}" if by and actor and by != actor else by or actor
        current = self._decks()
        state, seating = self._state_before(index)
        self.state = state
        carry_decks(self._decks(), current)
        self.seating = seating
        self.voided[index] = (len(self.log), reason)
        return VoidResult(turn, event.action, taken_by, reason)

    def _state_before(self, index: int) -> tuple[Any, Seating]:
        """The state and seating just before event ``index``, from what was kept or by replaying the turns before it."""
        kept = self._kept_before.pop(index, None)
        if kept is not None:
            return kept
        if self._before_latest is not None and self._before_latest[0] == index:
            _, state, seating = self._before_latest
            self._before_latest = None
            return state, seating
        earlier = self.fresh()
        events = self.log.before(index)
        earlier.prepare_replay(events)
        for event in events:
            earlier.apply(event)
        return earlier.state, earlier.seating

    def _do_note(self, rng: GameRandom, text: str, turn: int | None = None, in_character: bool = False) -> NoteResult:
        seat = self._turn_seat
        player = seat is not None and not self.is_gm(seat)
        if turn is None:
            mine = [e.index for e in self.log.events if e.action != "note" and (not player or e.seat == seat)]
            if not mine and player:
                if self.log.first:
                    raise IllegalActionError("note", f"{seat} has taken no turn in this chapter yet", "C-2",
                                             "take a turn first, then add the note")
                raise IllegalActionError("note", f"{seat} has taken no turn yet", "P-3",
                                         "take a turn first, then add the note")
            index = mine[-1] if mine else None
        else:
            index = turn - 1
            if index >= len(self.log):
                raise OutOfRangeError(f"note on turn {turn}", f"the game has {len(self.log)} turns", "P-3")
            closed = self.closed_turn(turn, "note on")
            if closed is not None:
                raise closed
            if self.log[index].action == "note":
                raise IllegalActionError(f"note on turn {turn}", "it is a note itself", "P-3",
                                         "attach the note to a turn of play")
            if player and self.log[index].seat != seat:
                raise IllegalActionError(f"note on turn {turn}", f"it was not taken in {seat}'s seat", "P-3",
                                         "a player notes their own turns; the GM notes any")
        if in_character and index is None:
            raise IllegalActionError("note in character", "there is no turn, so no character, to speak for", "P-3")
        event = self.log[index] if index is not None else None
        speaker = ""
        if event is not None:
            speaker = next((v for k, v in event.args.items() if k in _ACTOR_ARGS and isinstance(v, str)), "")
        if in_character and not speaker:
            raise IllegalActionError("note in character", "that turn has no character to speak for", "P-3",
                                     "write it out of character")
        by = seat_label(seat, self.gm) if seat else ""
        self.notes.setdefault(index, []).append(len(self.log))
        return NoteResult(None if index is None else index + 1, by, speaker, text, in_character)

    # -- the public face ---------------------------------------------------------------

    @property
    def seed_commitment(self) -> str:
        """SHA-256 of the seed: post it when the game starts so nobody can swap seeds later."""
        return seed_commitment(self.seed)

    @property
    def pending_rig(self) -> Rig | None:
        """The rig set for the next action, if any."""
        return self._pending_rig

    @property
    def turn(self) -> int:
        """How many events the log holds."""
        return len(self.log)

    def rig(self, cards: str | Iterable[str] | Mapping[str, str | Iterable[str]] | None = None, *,
            deck: str | None = None, dice: Iterable[int] | None = None) -> Game:
        """Set the next action's cards (on top of ``deck``, first named drawn first) and dice.

        ``game.rig("4H 8C").flip("Ada", "Fisticuffs", target=8)`` flips 4♥ then 8♣; several decks
        at once take a mapping: ``game.rig({"fate": "4H", "magic": "4D"})``.
        The next event is marked as rigged. Returns the game, so calls chain. Only a practice
        game (``practice=True``) can be rigged: a real game's cards and dice come from its seed
        alone (G-1). ``game.rig()`` with nothing clears a pending rig on any game.
        """
        if cards is None and dice is None:
            self._pending_rig = None
            return self
        self._refuse_rig_unless_practice()
        decks = self._decks()
        card_map: dict[str, tuple[str, ...]] = {}
        if deck is not None and not isinstance(deck, str):
            raise MalformedInputError("rig deck", "must name a deck", "G-3", f"decks: {', '.join(decks) or 'none'}")
        if isinstance(cards, Mapping):
            per_deck = dict(cards.items())
        elif cards is not None:
            per_deck = {deck or (next(iter(decks)) if decks else ""): cards}
        else:
            per_deck = {}
        for name, named in per_deck.items():
            if not isinstance(name, str):
                raise MalformedInputError("rig", "names each deck by its name", "G-3",
                                          f"decks: {', '.join(decks) or 'none'}")
            codes = _rig_codes(named)
            if name not in decks:
                raise UnknownNameError(
                    f"rig cards on deck {name!r}", "there is no such deck",
                    allowed=f"decks: {', '.join(decks) or 'none'}",
                )
            parsed = [self._parse_rig_card(name, code) for code in codes]
            card_map[name] = tuple(_card_code(card) for card in parsed)
        dice_tuple = _rig_dice(dice) if dice is not None else ()
        self._pending_rig = Rig(card_map, dice_tuple) if card_map or dice_tuple else None
        return self

    def _refuse_rig_unless_practice(self) -> None:
        if self.proofs is not None:
            raise IllegalActionError("rig the next cards or dice", "this is a sealed game: nobody chooses its draws",
                                     "K-3")
        if not self.practice:
            raise IllegalActionError(
                "rig the next cards or dice", "this is a real game: its cards and dice come from its seed alone",
                ruling="G-1",
                allowed="rig only a practice game, started with practice=True (tours, tests, worked examples)",
            )

    def _perform(self, action: str, args: dict[str, Any], *, rig: Rig | None = None,
                 recorded: Event | None = None, recorded_outcome: str | None = None,
                 seal_proof: dict[str, Any] | None = None) -> Any:
        """Run one action as an event; restore the state if the rules refuse it.

        ``recorded`` is the event being replayed, ``recorded_outcome`` the canonical JSON of its
        outcome when the caller has it already. In a sealed game ``seal_proof`` is the seal that
        plays a declared turn (K-3); a live turn that would draw is declared instead (K-3).
        """
        handler = getattr(self, f"_do_{action}", None)
        if handler is None:
            raise UnknownNameError(f"action {action!r}", f"is not an action of {self.title or self.system}")
        if rig is None and recorded is None:
            # A rig is for the next action only, whether the rules accept it or not.
            rig, self._pending_rig = self._pending_rig, None
        if self._broken:
            raise IllegalActionError(
                "act in this game", f"replaying its log failed at event {len(self.log)}",
                allowed="load the game again from an intact file",
            )
        if rig:
            self._refuse_rig_unless_practice()
        index = len(self.log)
        book = self.proofs
        proof: dict[str, Any] | None = recorded.proof if recorded is not None else seal_proof
        if book is None and proof is not None:
            self._broken = recorded is not None
            raise ReplayMismatchError(f"turn {index + 1} ({action})", "it carries a sealed game's proof, and this "
                                      "game is open", "K-1")
        if book is not None and recorded is None and seal_proof is None:
            proof, self._pending_proof = self._pending_proof, None
        sealing = book is not None and proof is not None and "sealed" in proof
        rng = GameRandom(self.seed, f"event:{index}", list(rig.dice) if rig else None)
        # A live action keeps a snapshot so a refusal changes nothing; a replayed event does not
        # need one: if it fails, the replay as a whole fails and the game is marked broken.
        saved = copy.deepcopy(self.state) if recorded is None else None
        if recorded is not None and index in self._wanted_before:  # a later void takes this turn back
            self._kept_before[index] = (copy.deepcopy(self.state), self.seating.copy())
        seat = recorded.seat if recorded is not None else self.seat
        # A live action keeps who sits where, voids and notes too, so that a refusal restores them.
        table = ((self.seating.copy(), dict(self.voided), {k: list(v) for k, v in self.notes.items()})
                 if recorded is None else None)
        kept_proofs = book.snapshot() if book is not None and recorded is None else None  # live only, as above
        rule = self._seat_rule(action)
        declared = False
        try:
            if book is not None:
                if seat is None:
                    raise IllegalActionError(action.replace("_", " "), "a sealed game's every turn is taken from a "
                                             "seat", "K-2", "sit in your seat first")
                if proof is None and recorded is not None:
                    raise _forged(index, f"it carries no proof of {seat}'s seat")
                if sealing:
                    declaration = book.check_seal(proof, index + 1)
                    rng, seat = self._sealed_draw(declaration, action, args, seat, proof, recorded, index)
                elif action not in SEALED_ACTIONS:
                    rng = ProbeRandom()  # a turn played as it is draws nothing (K-3)
                    self._sealing = None
                else:
                    self._sealing = None
                if recorded is not None and not sealing:  # the seat's proof first: a forged seat is named as one
                    self._act_proof(book, action, args, recorded_outcome or (
                        canonical_json(recorded.outcome) if recorded.outcome_digest is None else ""), rig, seat,
                        proof, index, recorded.outcome_digest)
            # Who may (P-1). A turn without a seat is accepted only from a version-2 file, written before seats
            # were kept; every turn of a later version of a game with a GM records its seat.
            self.seating.check_turn(action, rule, args, seat,
                                    recorded=recorded is not None and self.log.version <= FULL_OUTCOME_CHAIN)
            if not sealing:  # a sealed turn's arguments are its declaration's, checked when it was declared (K-3)
                check_call(type(self), action, args)  # each argument's type, limits and bounds (G-2, G-3)
            self._turn_seat = seat
            self._replaying = recorded is not None
            if rig:
                decks = self._decks()
                for name, codes in rig.cards.items():
                    if name not in decks:
                        raise UnknownNameError(f"rigged deck {name!r}", "there is no such deck")
                    decks[name].put_on_top(self._parse_rig_card(name, code) for code in codes)
            try:
                result = handler(rng, **args)
            except NeedsDraw:
                if recorded is not None:
                    raise _forged(index, "it draws cards or dice without a seal") from None
                declared = True
                raise
            if rng.unused_rigged_rolls:
                raise IllegalActionError(
                    f"rigged dice {rng.unused_rigged_rolls}", "were not rolled by this action",
                    allowed="rig only the dice the action rolls",
                )
            if book is not None and book.pending and not sealing and action not in _WHILE_A_DRAW_WAITS:
                self._refuse_while_waiting(book, action, recorded is not None, index)
            outcome = result.to_dict()
            if recorded is not None and recorded.outcome is None:
                # A version-4 event read from a file records only its outcome's digest: the
                # replay's outcome must have it, and the log holds the event with that outcome.
                outcome_text = canonical_json(outcome)
                if recorded.outcome_digest is None or outcome_digest(outcome_text) != recorded.outcome_digest:
                    raise _outcome_mismatch(index, action)
                recorded = replace(recorded, outcome=json.loads(outcome_text))
            else:
                # A replayed outcome that is the recorded one value for value has its canonical text too:
                # it is encoded (and the texts compared) only when that is not plain to see.
                same = recorded is not None and _same_outcome(outcome, recorded.outcome)
                outcome_text = "" if same else canonical_json(outcome)  # only a live turn's proof uses it after
                if recorded is not None and not same and outcome_text != (
                        recorded_outcome if recorded_outcome is not None else canonical_json(recorded.outcome)):
                    raise _outcome_mismatch(index, action)
            if book is not None and not sealing and recorded is None:
                proof = self._act_proof(book, action, args, outcome_text, rig, seat, proof, index)
        except BaseException:
            if saved is None:
                self._broken = True
            else:
                self.state = saved
                if table is not None:
                    self.seating, self.voided, self.notes = table
                if book is not None and kept_proofs is not None:
                    book.restore(kept_proofs)
            if declared:
                return self.declare(action, args)  # a live sealed turn that draws is declared first (K-3)
            raise
        finally:
            self._sealing = None
            self._replaying = False
        self.seating.after_turn(rule, args, seat)
        if action not in NOT_VOIDABLE and action not in SEALED_ACTIONS:
            self._before_latest = (index, saved, table[0]) if saved is not None and table is not None else None
        if recorded is None:
            left_out = self.defaults_in(action, args) if self.log.version == DIGEST_CHAIN else frozenset()  # G-8
            event = self.log.append(action, args, outcome, rig.to_dict() if rig else None, seat, proof, left_out)
        elif not self.log.append_verified(recorded):  # apply() checked its hash before the rules ran
            self._broken = True
            raise ReplayMismatchError(
                f"event {index} ({action})", "its hash does not match its content and the event before it",
            )
        else:
            event = recorded
        if book is not None and action == "declare":
            sealer = result.sealer  # fixed now, among the seats that have taken theirs (K-3)
            book.add_declaration(Declaration(index, seat or "", args["action"], dict(args["args"]), args["at"],
                                             sealer, proof["value"] if proof else "", event.hash,
                                             book.next_slot(sealer)))
        if rig and isinstance(result, Describable) and self.log.version >= 2:  # version-1 files never said so
            result.mark_rigged(rig.to_dict())
        self.results.append(result)
        return result

    def _sealed_draw(self, declaration: Declaration, action: str, args: dict[str, Any], seat: str | None,
                     proof: dict[str, Any], recorded: Event | None, index: int) -> tuple[GameRandom, str]:
        """The generator and seat of a seal: the declared turn played, or its lapse recorded (K-3, K-4)."""
        if action == "seal":
            if args.get("turn") != declaration.turn:
                raise _forged(index, f"it records turn {args.get('turn')} lapsed, but seals turn {declaration.turn}")
            if seat != proof["by"]:
                raise _forged(index, f"it records a lapse in {seat}'s seat, but {proof['by']} sealed it")
            self._sealing = declaration
        elif action != declaration.action or args != declaration.args:
            raise _forged(index, f"it plays something other than what turn {declaration.turn} declared")
        elif recorded is not None and seat != declaration.seat:
            raise _forged(index, f"it is recorded in {seat}'s seat; turn {declaration.turn} was declared in "
                          f"{declaration.seat}'s")
        else:
            seat = declaration.seat
        seed = sealed_seed(declaration.hash, declaration.actor_value, proof["value"])
        return GameRandom(seed, "draw", draws_at_random=True), seat or ""

    def _refuse_while_waiting(self, book: ProofBook, action: str, replaying: bool, index: int) -> None:
        """Refuse a turn of play while a declared draw waits for its seal (K-3): it could change what the draw means.

        The sealer can work out a waiting draw once it is declared; a turn taken before the seal
        that changes the game would let anyone who knows the draw choose what it comes to. A
        version-3 file, played before this rule, is read as it was played, and verify names the turn.
        """
        first = book.pending[0]
        if replaying and not book.next_seat_seals:
            self._older_rules.append((index + 1, f"was taken while turn {first.turn}'s draw waited for its seal"))
            return
        raise IllegalActionError(
            action.replace("_", " "), f"turn {first.turn}'s draw ({seat_label(first.seat, self.gm)}'s "
            f"{first.action.replace('_', ' ')}) waits for {seat_label(first.sealer, self.gm)}'s seal, and until it is "
            "sealed nothing else may change the game", "K-3",
            f"wait for {first.sealer} to seal turn {first.turn}; meanwhile you may declare a turn that draws, "
            "or write a note")

    @property
    def older_rule_turns(self) -> list[tuple[int, str]]:
        """Turns of a version-3 sealed file that the rules of today refuse (K-3), each with what it did."""
        return list(self._older_rules)

    def _act_proof(self, book: ProofBook, action: str, args: dict[str, Any], outcome_text: str, rig: Rig | None,
                   seat: str | None, given: dict[str, Any] | None, index: int,
                   digest: str | None = None) -> dict[str, Any]:
        """Check the proof of a sealed game's turn (a recorded or given one) or make it from the key held (K-2).

        ``outcome_text`` is the outcome's canonical JSON, or ``""`` when only its recorded ``digest``
        is known (a version-5 turn replayed: the proof is checked before the rules run).
        """
        seat = seat or ""
        content = Event(index, action, args, None, rig.to_dict() if rig else None, self.log.head, "",
                        seat, outcome_digest=digest).content_digest(outcome_text, self.log.version)
        if action == "take_seat":
            proof = given or book.make_act_proof(seat, content, new_chain=book.chain(seat, "act",
                                                                                     renewal=args["renewal"]))
            book.check_join(seat, proof, content, index + 1, args["act"], args["seal"], args["renewal"])
            return proof
        proof = given or book.make_act_proof(seat, content)
        book.check_act(seat, proof, content, index + 1)
        return proof

    def _run_handler(self, action: str, args: dict[str, Any], rng: GameRandom, seat: str) -> Any:
        """Run ``action``'s rules for ``seat`` with ``rng`` (a sealed game's probe or lapse check)."""
        before = self._turn_seat
        self._turn_seat = seat
        try:
            return getattr(self, f"_do_{action}")(rng, **args)
        finally:
            self._turn_seat = before

    def _check_call_as(self, action: str, args: dict[str, Any], seat: str) -> None:
        """Refuse ``action`` for ``seat`` as a turn would: who may take it (P-1), then its arguments (G-3)."""
        if action.startswith("_") or not callable(getattr(self, f"_do_{action}", None)):
            raise UnknownNameError(f"action {action[:40]!r}", f"is not an action of {self.title or self.system}")
        self.seating.check_turn(action, self._seat_rule(action), args, seat, recorded=False)
        check_call(type(self), action, args)

    def _summary(self, action: str, args: dict[str, Any]) -> str:
        """``Ada's flip: Fisticuffs, target 8``: a declared turn in a line (arguments left at their defaults unsaid)."""
        plan = plans(type(self)).get(action)
        defaults = plan.defaults if plan is not None else {}
        args = {name: args[name] for name in (*(plan.checks if plan else ()), *args) if name in args}  # live = replay
        actor = next((str(args[name]) for name in _ACTOR_ARGS if isinstance(args.get(name), str)), "")
        shown = {name: value for name, value in args.items()
                 if name not in _ACTOR_ARGS and not (name in defaults and defaults[name] == value)
                 and value not in (None, [], {})}
        said = [str(value) for name, value in shown.items() if name not in defaults]
        said += [f"{name.replace('_', ' ')} {value}" for name, value in shown.items() if name in defaults]
        what = action.replace("_", " ")
        line = f"{actor}'s {what}" if actor else what
        return (line + (f": {', '.join(said)}" if said else ""))[:300]

    def apply(self, event: Event) -> Any:
        """Replay one recorded event; refuse it if it does not come out exactly as recorded.

        A refused replay leaves the game marked broken: every later action is refused.
        """
        if event.index != len(self.log):
            raise ReplayMismatchError(
                f"event {event.index}", f"is out of order: the game is at event {len(self.log)}"
            )
        # Check before computing: an event that is not chained to this game's head, or whose
        # content does not match its hash, is refused before the rules run.
        if (event.outcome_digest is not None) != records_digest(self.log.version):
            self._broken = True
            raise ReplayMismatchError(
                f"event {event.index} ({event.action})",
                "it records its outcome as another format version does (only versions 4 and 5 record a digest of it)",
            )
        digest, outcome_text = event.hash_and_outcome_text(self.log.version)
        if event.prev != self.log.head or digest != event.hash:
            self._broken = True
            raise ReplayMismatchError(
                f"event {event.index} ({event.action})", "its hash does not match its content and the event before it",
            )
        if self.log.version == DIGEST_CHAIN:
            stored = event.stored_args
            if self.defaults_in(event.action, stored):
                self._broken = True
                raise ReplayMismatchError(f"event {event.index} ({event.action})", "it records an argument at its "
                                          "default, which format version 4 leaves out")
            every = self.full_args(event.action, stored)
            event = replace(event, args=every, left_out=frozenset(every.keys() - stored.keys()))
        return self._perform(event.action, dict(event.args), rig=Rig.from_dict(event.rig), recorded=event,
                             recorded_outcome=outcome_text or None)

    @classmethod
    def defaults_in(cls, action: str, args: Mapping[str, Any]) -> frozenset[str]:
        """The names of ``args`` at their plain defaults, which a version-4 event leaves out (G-8).

        A plain default is None, True/False, a whole number or a text that its parameter's check
        accepts; only an argument of the same type and value is at it.
        """
        plan = plans(cls).get(action)
        settled = plan.settled if plan is not None else {}
        return frozenset(name for name, value in args.items()
                         if name in settled and type(value) is type(settled[name]) and value == settled[name])

    @classmethod
    def full_args(cls, action: str, args: Mapping[str, Any]) -> dict[str, Any]:
        """A recorded action's arguments with those left out at their plain defaults put back (G-8)."""
        plan = plans(cls).get(action)
        if plan is None:
            return dict(args)
        return {**{name: value for name, value in plan.settled.items() if name not in args}, **args}

    @classmethod
    def replay(cls, seed: str, options: dict[str, Any], events: Iterable[Event], *, practice: bool = False,
               players: Mapping[str, Iterable[str]] | None = None, gm: str = "", **start: Any) -> Game:
        """Rebuild a game from its start and events, checking each event on the way (``start``: mode, sealing)."""
        game = cls(seed, practice=practice, players=players, gm=gm, **start, **options)
        events = list(events)
        game.prepare_replay(events)
        for event in events:
            game.apply(event)
        return game

    def replayed(self, turns: int | None = None) -> Game:
        """A fresh game with this one's start and its first ``turns`` events replayed (all by default)."""
        game = self.fresh()
        events = list(self.log) if turns is None else self.log.before(turns)
        game.prepare_replay(events)
        for event in events:
            game.apply(event)
        return game

    def fingerprint(self) -> str:
        """A canonical text of the whole state, for comparing two games."""
        return canonical_json(_plain(self.state))


_WHILE_A_DRAW_WAITS = (*SEALED_ACTIONS, "note")
"""The turns a sealed game takes while a declared draw waits for its seal (K-3): sealed turns and notes."""

_NOT_TURNS = (*NOT_VOIDABLE, *SEALED_ACTIONS)
"""Events that are not turns of play: voids, notes and a sealed game's joins, declarations and seals."""

VOID_REACH = 100
"""How many voids may follow one another with no turn of play between them (P-2): what bounds the states a replay
keeps for the voids to come (G-6)."""

SEED_LIMIT = 200
NAME_LIMIT = 60
_ACTOR_ARGS = ("character", "attacker", "physician", "name")
"""Arguments that name the character who acts, in the order a turn's actor is looked for."""


def _forged(index: int, why: str) -> ReplayMismatchError:
    return ReplayMismatchError(f"turn {index + 1}", why, "K-2")


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


def _rig_codes(named: Any) -> list[str]:
    """The card codes a rig names for one deck (``"4H 8C"``, or a list of codes); anything else is refused (G-3)."""
    if isinstance(named, str):
        codes = named.replace(",", " ").split()
    elif isinstance(named, Iterable) and not isinstance(named, (bytes, Mapping)):
        codes = list(named)
    else:
        codes = [None]
    if len(codes) > RIG_LIMIT or not all(isinstance(code, str) and 0 < len(code) <= 40 for code in codes):
        raise MalformedInputError("rigged cards", f"must be card codes such as 4H or 10C, at most {RIG_LIMIT}", "G-3")
    return codes


def _rig_dice(dice: Any) -> tuple[int, ...]:
    """The dice a rig sets, each a whole number from 1 (``[6, 6]``); anything else is refused (G-3)."""
    listed = list(dice) if isinstance(dice, Iterable) and not isinstance(dice, (str, bytes, Mapping)) else None
    if listed is None or len(listed) > RIG_LIMIT or not all(type(d) is int and 0 < d <= 1000 for d in listed):
        raise MalformedInputError("rigged dice", f"must be a list of whole numbers from 1, at most {RIG_LIMIT}",
                                  "G-3", "e.g. dice=[6, 6]")
    return tuple(listed)


def _card_code(card: Any) -> str:
    return card.code if hasattr(card, "code") else str(card)


def _outcome_mismatch(index: int, action: str) -> ReplayMismatchError:
    return ReplayMismatchError(f"event {index} ({action})", "its recorded outcome is not what the seed and the rules "
                               "produce", allowed="an outcome can only come from playing the action")


def _same_outcome(replayed: Any, recorded: Any) -> bool:
    """True when ``replayed`` has exactly the canonical JSON of ``recorded`` (read from JSON), seen without encoding.

    Text, whole numbers, True/False and None must be of the same type and value, mappings hold
    the same text keys, and a list or tuple the same items (a tuple is written as a list). Any
    other value (a fraction, an object) is not judged here: False, and the caller compares the
    encoded texts, as it does whenever this says False.
    """
    try:
        return _same_value(replayed, recorded)
    except RecursionError:
        return False


def _same_value(replayed: Any, recorded: Any) -> bool:
    kind = type(replayed)
    if kind is str or kind is int or kind is bool or replayed is None:
        return type(recorded) is kind and replayed == recorded
    if kind is dict:
        if type(recorded) is not dict or len(replayed) != len(recorded):
            return False
        for key, value in replayed.items():
            if type(key) is not str or key not in recorded:
                return False
            other = recorded[key]
            held = type(value)
            if held is str or held is int or held is bool or value is None:
                if type(other) is not held or value != other:
                    return False
            elif not _same_value(value, other):
                return False
        return True
    if kind is list or kind is tuple:
        return type(recorded) is list and len(replayed) == len(recorded) and all(map(_same_value, replayed, recorded))
    return False


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
