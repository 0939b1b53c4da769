"""The turn engine: one call applies a turn's rules, and three paths take turns around it.

:meth:`TurnEngine._apply_rules` is the rules of one turn, however it is taken: who may take it
(P-1), its arguments (G-2, G-3), a rig's cards laid, the system's handler ``_do_<action>`` run
with the turn's generator, rigged dice the action did not roll, and no turn of play while a
declared draw waits for its seal (K-3). The seat that takes the turn comes in as an argument,
inside the :class:`Turn`; while the handler runs, :attr:`TurnEngine.playing` shows it.

Three paths call it, each with what only it does:

* **a live turn** (:meth:`TurnEngine._live_turn`, which every public action reaches through
  :meth:`TurnEngine._perform`): the pending rig consumed, a snapshot taken so that a refusal
  changes nothing, and in a sealed game the seat's proof made from the key held — or, when the
  rules reach a draw, the turn declared instead (K-3);
* **a replayed event** (:meth:`TurnEngine.apply`): its place, hash and digest checked before the
  rules run, its seat's proof or seal checked first (K-2), its outcome compared with the one
  recorded; no snapshot — a failure marks the game broken, and every later action is refused;
* **a seal** (:meth:`TurnEngine._seal_turn`): a declared turn played with the generator its seal
  makes, or its lapse recorded (K-3, K-4).

All three end in :meth:`TurnEngine._record`: who plays whom after the turn, the event logged,
a declaration filed, the result kept.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from kit.core.describe import Describable
from kit.core.errors import IllegalActionError, ReplayMismatchError, UnknownNameError
from kit.core.events import (
    DIGEST_CHAIN,
    FULL_OUTCOME_CHAIN,
    Event,
    EventLog,
    canonical_json,
    outcome_digest,
    records_digest,
)
from kit.core.params import check_call, plans
from kit.core.proofs import Declaration, ProofBook
from kit.core.randomness import GameRandom, NeedsDraw, ProbeRandom
from kit.core.rigging import Rig
from kit.core.sealing import sealed_seed
from kit.core.seats import Seating, SeatRule, seat_label
from kit.core.table_turns import NOT_VOIDABLE, SEALED_ACTIONS

if TYPE_CHECKING:
    from kit.core.game import Game


class Turn(NamedTuple):
    """The turn whose rules are running: its place in the log, its action, the seat that takes it, and how.

    A handler that needs the acting seat reads it here (``self.playing.seat``, or
    :attr:`TurnEngine.acting_seat`), never from the game's own seat: on replay and in a seal the
    turn's seat is the recorded or declared one, whoever holds the game.
    """

    index: int
    """The event index the turn takes (the log's length before it); the log numbers it ``index + 1``."""
    action: str
    seat: str | None
    """The seat the turn is taken from (P-1): a player's name, the GM's, or None in a game without seats."""
    replaying: bool = False
    """True while a recorded event is replayed (a file read or verified), False for a turn taken now."""
    seals: Declaration | None = None
    """In a seal: the declaration whose draw this turn plays, or whose lapse it records (K-3, K-4)."""


_WHILE_A_DRAW_WAITS = (*SEALED_ACTIONS, "note")
"""The turns a sealed game takes while a declared draw waits for its seal (K-3): sealed turns and notes."""


class TurnEngine:
    """Live play, replay and sealed play around the one call that applies the rules; mixed into the Game."""

    system: str
    title: str
    seed: str
    state: Any
    log: EventLog
    seating: Seating
    proofs: ProofBook | None
    seat: str | None
    gm: str
    results: list[Any]
    voided: dict[int, tuple[int, str]]
    notes: dict[int | None, list[int]]
    _broken: bool
    _pending_proof: dict[str, Any] | None
    _before_latest: tuple[int, Any, Seating] | None
    _wanted_before: set[int]
    _kept_before: dict[int, tuple[Any, Seating]]
    _older_rules: list[tuple[int, str]]

    _playing: Turn | None = None

    if TYPE_CHECKING:  # what kit.core.game.Game provides
        @classmethod
        def _seat_rule(cls, action: str) -> SeatRule: ...

        def _take_pending_rig(self) -> Rig | None: ...

        def _refuse_rig_unless_practice(self) -> None: ...

        def _lay_rig(self, rig: Rig) -> None: ...

        def _declaration_args(self, action: str, args: dict[str, Any], at: str | None = None) -> dict[str, Any]: ...

        def fresh(self) -> Game:
            """A new game with this one's start and no turns."""

        def prepare_replay(self, events: Iterable[Event]) -> None:
            """Keep the states the voids among ``events`` take back."""

    # -- the turn being played ---------------------------------------------------------------

    @property
    def playing(self) -> Turn | None:
        """The turn whose rules are running now (None between turns): its index, action, seat, and how it is played."""
        return self._playing

    @property
    def acting_seat(self) -> str | None:
        """The seat of the turn whose rules are running (P-1); None between turns, or for a turn taken with no seat.

        A system's handler that depends on who acts (a player's seat may not choose the other
        side's defence, say) reads this: it is the recorded seat on replay and the declared one
        in a seal, whatever seat the game sits in.
        """
        return self._playing.seat if self._playing is not None else None

    @property
    def older_rule_turns(self) -> list[tuple[int, str]]:
        """Turns of a version-3 sealed file that the rules of today refuse (K-3), each with what it did."""
        return list(self._older_rules)

    # -- the one call that applies the rules -------------------------------------------------

    def _apply_rules(self, turn: Turn, args: dict[str, Any], rng: GameRandom, rig: Rig | None = None) -> Any:
        """Apply the rules to ``turn`` with ``args`` and the generator ``rng``; return the handler's result.

        In this order: who may take it (P-1: the seat rule; a turn without a seat is accepted only
        on replay of a version-2 file, written before seats were kept), its arguments (G-2, G-3;
        a sealed turn's are its declaration's, checked when it was declared), the rig's cards laid
        on their decks, the handler, rigged dice it did not roll, and the refusal of a turn of play
        while a declared draw waits for its seal (K-3). The handler's :class:`NeedsDraw` (a sealed
        game's probe reached a draw) goes to the caller, whose path decides what it means.
        Nothing is restored here: each path keeps what it restores.
        """
        action = turn.action
        self.seating.check_turn(action, self._seat_rule(action), args, turn.seat,
                                recorded=turn.replaying and self.log.version <= FULL_OUTCOME_CHAIN)
        if turn.seals is None:
            check_call(type(self), action, args)  # each argument's type, limits and bounds (G-2, G-3)
        if rig:
            self._lay_rig(rig)
        result = self._run_rules(turn, args, rng)
        if rng.unused_rigged_rolls:
            raise IllegalActionError(
                f"rigged dice {rng.unused_rigged_rolls}", "were not rolled by this action",
                allowed="rig only the dice the action rolls",
            )
        book = self.proofs
        if book is not None and book.pending and turn.seals is None and action not in _WHILE_A_DRAW_WAITS:
            self._refuse_while_waiting(book, action, turn.replaying, turn.index)
        return result

    def _run_rules(self, turn: Turn, args: dict[str, Any], rng: GameRandom) -> Any:
        """Run ``turn``'s handler with ``rng``, showing the turn as :attr:`playing` while it runs."""
        outer, self._playing = self._playing, turn
        try:
            return getattr(self, f"_do_{turn.action}")(rng, **args)
        finally:
            self._playing = outer

    def _run_handler(self, action: str, args: dict[str, Any], rng: GameRandom, seat: str) -> Any:
        """Run ``action``'s handler alone for ``seat`` with ``rng`` (a sealed game's probe of a declaration, or a
        lapse checked): no seat rule, argument check or record — the caller checks and restores."""
        outer = self._playing
        turn = (Turn(outer.index, action, seat, outer.replaying) if outer is not None
                else Turn(len(self.log), action, seat))
        return self._run_rules(turn, args, rng)

    def _check_call_as(self, action: str, args: dict[str, Any], seat: str) -> None:
        """Refuse ``action`` for ``seat`` as a turn would: who may take it (P-1), then its arguments (G-3)."""
        if action.startswith("_") or not callable(getattr(self, f"_do_{action}", None)):
            raise UnknownNameError(f"action {action[:40]!r}", f"is not an action of {self.title or self.system}")
        self.seating.check_turn(action, self._seat_rule(action), args, seat, recorded=False)
        check_call(type(self), action, args)

    # -- path 1: a live turn -----------------------------------------------------------------

    def _perform(self, action: str, args: dict[str, Any], *, rig: Rig | None = None,
                 seal_proof: dict[str, Any] | None = None) -> Any:
        """Take ``action`` with ``args`` now, from the game's seat: what every public action calls.

        ``rig`` stands in for the pending rig (a turn taken again from its record). ``seal_proof``
        is a sealed game's seal: the declared turn it seals is played, or its lapse recorded
        (:meth:`_seal_turn`); any other proof given is the live turn's own (as :meth:`prove` gives one).
        """
        if seal_proof is not None and self.proofs is not None and "sealed" in seal_proof:
            return self._seal_turn(action, args, seal_proof, self.seat)
        return self._live_turn(action, args, self.seat, rig=rig, proof=seal_proof)

    def _live_turn(self, action: str, args: dict[str, Any], seat: str | None, *, rig: Rig | None = None,
                   proof: dict[str, Any] | None = None) -> Any:
        """Take a turn now from ``seat``: the rules applied on a snapshot, so that a refusal changes nothing.

        The pending rig goes with this turn, whether the rules accept it or not (unless ``rig`` is
        given). In a sealed game the turn's proof is the one given (``proof``, or :meth:`prove`'s)
        or made from the seat's key (K-2), and a turn that reaches a draw is declared instead (K-3).
        """
        self._check_action(action)
        if rig is None:
            rig = self._take_pending_rig()
        self._refuse_if_broken()
        if rig:
            self._refuse_rig_unless_practice()
        index, book = len(self.log), self.proofs
        if book is None and proof is not None:
            raise _open_game_proof(index, action)
        if book is not None and proof is None:
            proof, self._pending_proof = self._pending_proof, None
        rng = GameRandom(self.seed, f"event:{index}", list(rig.dice) if rig else None)
        # Everything a turn may change, kept so that a refusal restores it: the state, who sits where, voids,
        # notes and a sealed game's chains and declarations.
        saved = copy.deepcopy(self.state)
        table = (self.seating.copy(), dict(self.voided), {k: list(v) for k, v in self.notes.items()})
        kept_proofs = book.snapshot() if book is not None else None
        turn = Turn(index, action, seat)
        try:
            if book is not None:
                if seat is None:
                    raise _seatless(action)
                if action not in SEALED_ACTIONS:
                    rng = ProbeRandom()  # a turn played as it is draws nothing (K-3)
            result = self._apply_rules(turn, args, rng, rig)
            outcome = result.to_dict()
            outcome_text = canonical_json(outcome)  # an outcome that cannot be written is refused, nothing changed
            if book is not None:
                proof = self._act_proof(book, action, args, outcome_text, rig, seat, proof, index)
        except NeedsDraw:
            self._put_back(saved, table, kept_proofs)
            return self._live_turn("declare", self._declaration_args(action, args), seat)  # K-3
        except BaseException:
            self._put_back(saved, table, kept_proofs)
            raise
        return self._record(turn, args, rig, result, proof, outcome=outcome, before=(index, saved, table[0]))

    def _put_back(self, state: Any, table: tuple[Seating, dict[int, tuple[int, str]], dict[int | None, list[int]]],
                  proofs: tuple[Any, Any] | None) -> None:
        """Restore what a refused live turn or seal kept before the rules ran."""
        self.state = state
        self.seating, self.voided, self.notes = table
        if self.proofs is not None and proofs is not None:
            self.proofs.restore(proofs)

    # -- path 2: a replayed event ------------------------------------------------------------

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
        return self._replay_event(event, outcome_text or None)

    def _replay_event(self, event: Event, recorded_outcome: str | None) -> Any:
        """Play ``event`` again, its hash already checked: the seat's proof or the seal first, then the rules,
        then its outcome against the recorded one. No snapshot: a failure marks the game broken.

        ``recorded_outcome`` is the canonical JSON of the recorded outcome when the caller has it already.
        """
        action, args, rig = event.action, dict(event.args), Rig.from_dict(event.rig)
        self._check_action(action)
        self._refuse_if_broken()
        if rig:
            self._refuse_rig_unless_practice()
        index, book, proof = len(self.log), self.proofs, event.proof
        if book is None and proof is not None:
            self._broken = True
            raise _open_game_proof(index, action)
        sealing = book is not None and proof is not None and "sealed" in proof
        rng = GameRandom(self.seed, f"event:{index}", list(rig.dice) if rig else None)
        if index in self._wanted_before:  # a later void takes this turn back
            self._kept_before[index] = (copy.deepcopy(self.state), self.seating.copy())
        seat, seals = event.seat, None
        try:
            if book is not None:
                if seat is None:
                    raise _seatless(action)
                if proof is None:
                    raise _forged(index, f"it carries no proof of {seat}'s seat")
                if sealing:
                    seals = book.check_seal(proof, index + 1)
                    rng, seat = self._sealed_draw(seals, action, args, seat, proof, True, index)
                else:
                    if action not in SEALED_ACTIONS:
                        rng = ProbeRandom()  # a turn played as it is draws nothing (K-3)
                    # The seat's proof first: a forged seat is named as one.
                    self._act_proof(book, action, args, recorded_outcome or (
                        canonical_json(event.outcome) if event.outcome_digest is None else ""), rig, seat,
                        proof, index, event.outcome_digest)
            turn = Turn(index, action, seat, True, seals)
            try:
                result = self._apply_rules(turn, args, rng, rig)
            except NeedsDraw:
                raise _forged(index, "it draws cards or dice without a seal") from None
            event = self._checked_outcome(event, result.to_dict(), recorded_outcome, index)
        except BaseException:
            self._broken = True
            raise
        return self._record(turn, args, rig, result, proof, event=event)

    @staticmethod
    def _checked_outcome(event: Event, outcome: Any, recorded_outcome: str | None, index: int) -> Event:
        """``event`` once its replayed ``outcome`` is the recorded one; a version-4 event with that outcome put in."""
        if event.outcome is None:
            # A version-4 event read from a file records only its outcome's digest: the
            # replay's outcome must have it, and the log holds the event with that outcome.
            outcome_text = canonical_json(outcome)
            if event.outcome_digest is None or outcome_digest(outcome_text) != event.outcome_digest:
                raise _outcome_mismatch(index, event.action)
            return replace(event, outcome=json.loads(outcome_text))
        # A replayed outcome that is the recorded one value for value has its canonical text too:
        # it is encoded (and the texts compared) only when that is not plain to see.
        if not _same_outcome(outcome, event.outcome) and canonical_json(outcome) != (
                recorded_outcome if recorded_outcome is not None else canonical_json(event.outcome)):
            raise _outcome_mismatch(index, event.action)
        return event

    # -- path 3: a seal ----------------------------------------------------------------------

    def _seal_turn(self, action: str, args: dict[str, Any], proof: dict[str, Any], seat: str | None) -> Any:
        """Seal a declared draw from ``seat`` with the seal ``proof``: the declared turn played with the generator
        the seal makes (``action`` and ``args`` are the declaration's), or its lapse recorded (``action`` is
        ``seal``). A refusal changes nothing, as a live turn's (K-3, K-4).
        """
        self._check_action(action)
        rig = self._take_pending_rig()
        self._refuse_if_broken()
        if rig:
            self._refuse_rig_unless_practice()
        index, book = len(self.log), self.proofs
        if book is None:
            raise _open_game_proof(index, action)
        saved = copy.deepcopy(self.state)
        table = (self.seating.copy(), dict(self.voided), {k: list(v) for k, v in self.notes.items()})
        kept_proofs = book.snapshot()
        try:
            if seat is None:
                raise _seatless(action)
            seals = book.check_seal(proof, index + 1)
            rng, seat = self._sealed_draw(seals, action, args, seat, proof, False, index)
            turn = Turn(index, action, seat, False, seals)
            result = self._apply_rules(turn, args, rng, rig)
            outcome = result.to_dict()
            canonical_json(outcome)  # an outcome that cannot be written is refused, nothing changed
        except BaseException:
            self._put_back(saved, table, kept_proofs)
            raise
        return self._record(turn, args, rig, result, proof, outcome=outcome, before=(index, saved, table[0]))

    def _sealed_draw(self, declaration: Declaration, action: str, args: dict[str, Any], seat: str | None,
                     proof: dict[str, Any], replaying: bool, index: int) -> tuple[GameRandom, str]:
        """The generator and seat of a seal: the declared turn played, or its lapse recorded (K-3, K-4)."""
        if action == "seal":
            if args.get("turn") != declaration.turn:
                raise _forged(index, f"it records turn {args.get('turn')} lapsed, but seals turn {declaration.turn}")
            if seat != proof["by"]:
                raise _forged(index, f"it records a lapse in {seat}'s seat, but {proof['by']} sealed it")
        elif action != declaration.action or args != declaration.args:
            raise _forged(index, f"it plays something other than what turn {declaration.turn} declared")
        elif replaying and seat != declaration.seat:
            raise _forged(index, f"it is recorded in {seat}'s seat; turn {declaration.turn} was declared in "
                          f"{declaration.seat}'s")
        else:
            seat = declaration.seat
        seed = sealed_seed(declaration.hash, declaration.actor_value, proof["value"])
        return GameRandom(seed, "draw", draws_at_random=True), seat or ""

    # -- what the three paths share ----------------------------------------------------------

    def _check_action(self, action: str) -> None:
        """Refuse a name that is not one of the game's actions (before anything else of the turn)."""
        if getattr(self, f"_do_{action}", None) is None:
            raise UnknownNameError(f"action {action!r}", f"is not an action of {self.title or self.system}")

    def _refuse_if_broken(self) -> None:
        if self._broken:
            raise IllegalActionError(
                "act in this game", f"replaying its log failed at event {len(self.log)}",
                allowed="load the game again from an intact file",
            )

    def _record(self, turn: Turn, args: dict[str, Any], rig: Rig | None, result: Any, proof: dict[str, Any] | None,
                *, outcome: Any = None, event: Event | None = None,
                before: tuple[int, Any, Seating] | None = None) -> Any:
        """Keep a turn the rules accepted: who plays whom, the event in the log (``event`` when replayed, else one
        made of ``outcome``), a declaration filed, the result marked rigged and kept.

        ``before`` is a live turn's index, state and seating before it, which a void of it restores (P-2).
        """
        action, seat, index = turn.action, turn.seat, turn.index
        self.seating.after_turn(self._seat_rule(action), args, seat)
        if action not in NOT_VOIDABLE and action not in SEALED_ACTIONS:
            self._before_latest = before
        if event is None:
            left_out = self.defaults_in(action, args) if self.log.version == DIGEST_CHAIN else frozenset()  # G-8
            event = self.log.append(action, args, outcome, rig.to_dict() if rig else None, seat, proof, left_out)
        elif not self.log.append_verified(event):  # apply() checked its hash before the rules ran
            self._broken = True
            raise ReplayMismatchError(
                f"event {index} ({action})", "its hash does not match its content and the event before it",
            )
        book = self.proofs
        if book is not None and action == "declare":
            sealer = result.sealer  # fixed now, among the seats that have taken theirs (K-3)
            book.add_declaration(Declaration(index, seat or "", args["action"], dict(args["args"]), args["at"],
                                             sealer, proof["value"] if proof else "", event.hash,
                                             book.next_slot(sealer)))
        if rig and isinstance(result, Describable) and self.log.version >= 2:  # version-1 files never said so
            result.mark_rigged(rig.to_dict())
        self.results.append(result)
        return result

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

    # -- replaying a game --------------------------------------------------------------------

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
        game: Game = cls(seed, practice=practice, players=players, gm=gm, **start, **options)  # type: ignore[call-arg]
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


def _seatless(action: str) -> IllegalActionError:
    return IllegalActionError(action.replace("_", " "), "a sealed game's every turn is taken from a seat", "K-2",
                              "sit in your seat first")


def _open_game_proof(index: int, action: str) -> ReplayMismatchError:
    return ReplayMismatchError(f"turn {index + 1} ({action})", "it carries a sealed game's proof, and this game "
                               "is open", "K-1")


def _forged(index: int, why: str) -> ReplayMismatchError:
    return ReplayMismatchError(f"turn {index + 1}", why, "K-2")


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
