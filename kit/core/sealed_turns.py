"""The turns of sealed play (K-1…K-5) every game has: take_seat, declare, seal, retract — and their proofs.

In a sealed game each turn carries proof of its seat: the seat's next act-chain value and a
MAC of the turn under the value after it (K-2). A turn that draws a card or rolls a die is not
played at once: it is *declared* (the rules check it, nothing is drawn), and the seat that
seals it — the GM, or for the GM's own declarations the player the game names — reveals its
next seal value in a separate *seal* turn. The draw's generator comes from the declaration and
both values (K-3), so neither side could foresee it. The game mixes this class in; the
proofs themselves live in :class:`kit.core.proofs.ProofBook`.
"""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

from kit.core.errors import IllegalActionError, MalformedInputError, RulesError
from kit.core.params import Name, Ruling, Span, Text, check_call, plans
from kit.core.proofs import Declaration, ProofBook
from kit.core.randomness import GameRandom, NeedsDraw, ProbeRandom
from kit.core.sealed_results import DeclarationResult, LapseResult, RetractResult, SeatTakenResult
from kit.core.sealing import SeatKey, is_chain_value
from kit.core.table_turns import ACTOR_ARGS, SEALED_ACTIONS, TurnNumber

if TYPE_CHECKING:
    from kit.core.engine import Turn
    from kit.core.events import EventLog

ChainValue = Annotated[str, Text(64, "a chain value"), Ruling("K-1", "a chain value is 64 hex digits")]
"""An anchor or chain value as a game file stores it: 64 lowercase hex digits."""

Renewal = Annotated[int, Span(0, 10**6, "K-2", "renewals are counted from 0")]
"""How many times the seat has started new chains (0 at its first join)."""

DeclaredArgs = Annotated[dict[str, Any], Ruling("K-3", "the declared action's arguments, by name")]
"""The arguments of a declared action, checked as that action checks them."""

When = Annotated[str, Text(20, "a time"), Ruling("K-5", "a time such as 2026-12-01T14:05Z")]
"""When a declaration was made (UTC, to the minute), from the declaring table's clock."""

def now_text() -> str:
    """The time now, as a declaration records it: ``2026-12-01T14:05Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%MZ")


class SealedTurns:
    """Join, declare, seal and retract: the sealed game's own turns, mixed into :class:`kit.core.game.Game`."""

    proofs: ProofBook | None
    log: EventLog
    seat: str | None
    gm: str
    _pending_proof: dict[str, Any] | None
    state: Any

    _older_rules: list[tuple[int, str]]
    """Turns of a version-3 file that the rules of version 5 refuse (K-3), by turn, with what each did."""

    if TYPE_CHECKING:  # what kit.core.game.Game provides
        def _perform(self, action: str, args: dict[str, Any], **kwargs: Any) -> Any: ...

        def _seal_turn(self, action: str, args: dict[str, Any], proof: dict[str, Any], seat: str | None) -> Any: ...

        def _run_handler(self, action: str, args: dict[str, Any], rng: GameRandom, seat: str) -> Any: ...

        def _check_call_as(self, action: str, args: dict[str, Any], seat: str) -> None: ...

        @property
        def playing(self) -> Turn | None:
            """The turn whose rules are running now."""

        @property
        def acting_seat(self) -> str | None:
            """The seat of the turn whose rules are running."""

    # -- the public face ----------------------------------------------------------------

    @property
    def sealed(self) -> bool:
        """True for a sealed game (K-1): seats are proven by keys and draws are sealed."""
        return self.proofs is not None

    def _book(self, doing: str) -> ProofBook:
        if self.proofs is None:
            raise IllegalActionError(doing, "this is an open game: its seats need no keys and its draws no seals",
                                     "K-1", "start a sealed game to play with seat keys")
        return self.proofs

    def hold_key(self, seat: str, key: SeatKey | str) -> SeatKeyHeld:
        """Hold ``seat``'s key at this table (a :class:`SeatKey` or its ``kit-key-…`` text); never in the file."""
        book = self._book("hold a seat key")
        if isinstance(key, str):
            key = SeatKey.from_text(key)
        if not isinstance(key, SeatKey):
            raise MalformedInputError("seat key", "must be a kit-key-… text or a SeatKey", "K-1")
        book.hold(seat, key)
        return SeatKeyHeld(seat, key.fingerprint)

    def holds_key(self, seat: str | None) -> bool:
        """True when this table holds ``seat``'s key (always True in an open game)."""
        return self.proofs is None or (seat is not None and seat in self.proofs.keys)

    def has_joined(self, seat: str | None) -> bool:
        """True when ``seat`` has joined this sealed game (always True in an open game)."""
        return self.proofs is None or (seat is not None and seat in self.proofs.chains)

    def prove(self, n: int, value: str, mac: str | None = None) -> Any:
        """Give the next turn's recorded proof (a game notebook's turn cells do; a table makes its own)."""
        self._book("prove a turn")
        proof: dict[str, Any] = {"n": n, "value": value}
        if mac is not None:
            proof["mac"] = mac
        self._pending_proof = proof
        return self

    @property
    def pending_declarations(self) -> list[Declaration]:
        """The declarations waiting for their draw, oldest first (empty in an open game)."""
        return list(self.proofs.pending) if self.proofs is not None else []

    def take_seat(self, act: ChainValue | None = None, seal: ChainValue | None = None,
                  renewal: Renewal | None = None) -> SeatTakenResult:
        """Take the current seat in the sealed game with the key held for it, writing its anchors (K-1).

        A seat taken may be taken again: that starts new chains (when one runs out, or to change keys).
        """
        book = self.proofs
        seat = self.seat
        if book is not None and (act is None or seal is None or renewal is None):
            if seat is None:
                raise IllegalActionError("take a seat", "no seat is taken", "K-1", "sit in your seat first")
            renewal = book.chains[seat].renewal + 1 if seat in book.chains else 0
            key = book.keys.get(seat)
            if key is None:
                raise IllegalActionError("take a seat", f"this table does not hold {seat}'s seat key", "K-1",
                                         f"enter {seat}'s seat key first")
            act = book.chain(seat, "act", key, renewal).anchor
            seal = book.chain(seat, "seal", key, renewal).anchor
        return self._perform("take_seat", {"act": act, "seal": seal, "renewal": renewal})

    def declare(self, action: Name, args: DeclaredArgs, at: When | None = None) -> DeclarationResult:
        """Declare a turn that draws (K-3): the rules check it now; its cards or dice come when it is sealed.

        A sealed game declares a drawing turn by itself (``game.flip(...)`` declares the flip);
        this is the form the game notebook's turn cell records.
        """
        return self._perform("declare", self._declaration_args(action, args, at))

    def _declaration_args(self, action: str, args: dict[str, Any], at: str | None = None) -> dict[str, Any]:
        """The arguments of the declaration of ``action`` with ``args``: every argument, and the time (K-3, K-5)."""
        plan = plans(type(self)).get(action) if isinstance(action, str) else None
        if self.proofs is not None and plan is not None and isinstance(args, dict):
            args = {**plan.defaults, **args}  # recorded as a live turn records it: every argument
        return {"action": action, "args": args, "at": at or now_text()}

    def retract(self, turn: TurnNumber) -> RetractResult:
        """Take back the current seat's own declaration of ``turn`` before it is sealed (K-5)."""
        return self._perform("retract", {"turn": turn})

    def seal(self, turn: TurnNumber | None = None) -> Any:
        """Seal the oldest declaration waiting for the current seat's draw (K-3); returns its result.

        ``turn`` names it, as a check: declarations are sealed in the order they were made. If the
        rules no longer allow the declared turn (an earlier sealed turn changed the game), the seal
        records that it lapsed (K-4).
        """
        check_call(type(self), "seal", {"turn": turn})  # the argument first, as every turn checks it (G-3)
        book = self._book("seal a draw")
        seat = self.seat
        declaration = book.next_to_seal(seat) if seat is not None else None
        if declaration is None:
            mine = next((d for d in book.pending if d.sealer == seat), None)
            if mine is not None:
                first = book.pending[0]
                raise IllegalActionError(f"seal turn {mine.turn}", f"turn {first.turn} was declared first and waits "
                                         f"for {first.sealer}'s seal", "K-3",
                                         "draws are sealed in the order they were declared: wait for it")
            raise IllegalActionError("seal", f"no declaration waits for {seat or 'this seat'}'s draw", "K-3",
                                     _who_seals(book))
        if turn is not None and turn != declaration.turn:
            raise IllegalActionError(f"seal turn {turn}", f"turn {declaration.turn} was declared first", "K-3",
                                     f"seal turn {declaration.turn} first")
        given, self._pending_proof = self._pending_proof, None
        proof = ({"by": seat, "n": given["n"], "sealed": declaration.turn, "value": given["value"]}
                 if given is not None else book.make_seal_proof(seat, declaration))
        try:
            return self._seal_turn(declaration.action, dict(declaration.args), proof, seat)
        except RulesError as refusal:
            if getattr(refusal, "ruling", None) == "K-2":  # the proof itself is wrong: nothing to lapse
                raise
        return self._seal_turn("seal", {"turn": declaration.turn}, proof, seat)

    def seal_all(self) -> list[Any]:
        """Seal every declaration waiting for the current seat's draw, oldest first; their results."""
        book = self._book("seal draws")
        results = []
        while self.seat is not None and book.next_to_seal(self.seat) is not None:
            results.append(self.seal())
        return results

    # -- the handlers ---------------------------------------------------------------------

    def _do_take_seat(self, rng: GameRandom, act: str | None, seal: str | None,
                      renewal: int | None) -> SeatTakenResult:
        book = self._book("take a seat")
        seat = self.acting_seat or ""
        if not self._replaying():
            self._refuse_unfixed_seal(book, seat)
        if act is None or seal is None or renewal is None:
            raise MalformedInputError("take a seat", "a recorded seat-taking names both anchors and its renewal", "K-1")
        if not (is_chain_value(act) and is_chain_value(seal)):
            raise MalformedInputError("take_seat", "its anchors must be chain values of 64 hex digits", "K-1")
        return SeatTakenResult(seat, act, seal, renewal)

    def _refuse_unfixed_seal(self, book: ProofBook, seat: str) -> None:
        """Refuse a seat taken while a draw it seals waits with no seal value fixed (a version-3 file's, K-3).

        Such a draw was declared before its sealer took a seat: the chain the sealer commits to now
        would decide it, so the sealer could try keys until one gives the draw it wants.
        """
        unfixed = next((d for d in book.pending if d.sealer == seat and not d.slot), None)
        if unfixed is not None:
            raise IllegalActionError(
                f"take {seat}'s seat", f"turn {unfixed.turn} was declared before {seat} took a seat, so the seal "
                f"that would draw it is not fixed yet, and {seat} could choose it with the key", "K-3",
                f"{unfixed.seat} retracts turn {unfixed.turn} first (K-5), then {seat} takes the seat")

    def _do_declare(self, rng: GameRandom, action: str, args: dict[str, Any], at: str) -> DeclarationResult:
        book = self._book("declare a turn")
        seat = self.acting_seat or ""
        if action in SEALED_ACTIONS or action in ("void", "note"):
            raise IllegalActionError(f"declare {action}", "it draws nothing: take it as it is", "K-3")
        waiting = book.pending_of(seat)
        if waiting is not None:
            raise IllegalActionError(
                f"declare {action.replace('_', ' ')}", f"{seat}'s turn {waiting.turn} still waits for "
                f"{waiting.sealer}'s draw", "K-3", f"wait for {waiting.sealer} to seal turn {waiting.turn}")
        what = f"declare {action.replace('_', ' ')}"
        sealer = book.sealer_for(seat)
        if sealer is None:
            raise IllegalActionError(what, "no other seat has taken its seat yet, and a draw is sealed by a seat that "
                                     "has", "K-3", "wait until another seat takes its seat, then declare")
        if sealer not in book.chains:
            if not self._replaying() or book.next_seat_seals:
                raise IllegalActionError(what, f"{sealer}, who seals it, has not taken their seat yet: a draw is "
                                         "sealed with a chain committed before it is declared", "K-3",
                                         f"wait until {sealer} takes their seat, then declare")
            self._older_rules.append((len(self.log) + 1, f"declared before {sealer}, its sealer, took their seat"))
        elif book.next_slot(sealer) > book.chains[sealer].length:
            raise IllegalActionError(what, f"{sealer}'s seal chain is used up", "K-2",
                                     f"wait for {sealer} to take their seat again, which starts new chains")
        if not _is_time(at):
            raise MalformedInputError("declare", "its time must read like 2026-12-01T14:05Z", "K-5")
        plan = plans(type(self)).get(action)
        if plan is not None and set(args) != set(plan.checks):
            raise MalformedInputError(what, "a declaration records every argument of the declared turn, as it was "
                                      "declared (K-3)", "K-3")
        self._check_declared(action, args, seat)
        return DeclarationResult(seat, action, dict(args), self._summary(action, args), sealer, at)

    def _replaying(self) -> bool:
        """True while the turn being played is a recorded one, replayed (a file read or verified)."""
        return self.playing is not None and self.playing.replaying

    def _summary(self, action: str, args: dict[str, Any]) -> str:
        """``Ada's flip: Fisticuffs, target 8``: a declared turn in a line (arguments left at their defaults unsaid)."""
        plan = plans(type(self)).get(action)
        defaults = plan.defaults if plan is not None else {}
        args = {name: args[name] for name in (*(plan.checks if plan else ()), *args) if name in args}  # live = replay
        actor = next((str(args[name]) for name in ACTOR_ARGS if isinstance(args.get(name), str)), "")
        shown = {name: value for name, value in args.items()
                 if name not in ACTOR_ARGS and not (name in defaults and defaults[name] == value)
                 and value not in (None, [], {})}
        said = [str(value) for name, value in shown.items() if name not in defaults]
        said += [f"{name.replace('_', ' ')} {value}" for name, value in shown.items() if name in defaults]
        what = action.replace("_", " ")
        line = f"{actor}'s {what}" if actor else what
        return (line + (f": {', '.join(said)}" if said else ""))[:300]

    def _check_declared(self, action: str, args: dict[str, Any], seat: str) -> None:
        """Refuse a declaration the rules refuse now, or one that draws nothing — live and on replay alike.

        The declared turn is played on a copy of the state with a generator that draws nothing:
        the rules refuse it (a refusal), or they reach their first draw (it is declared), or they
        finish without drawing (it is no declaration: take it as it is).
        """
        saved = copy.deepcopy(self.state)
        try:
            self._check_call_as(action, args, seat)
            self._run_handler(action, args, ProbeRandom(), seat)
        except NeedsDraw:
            return
        finally:
            self.state = saved
        raise IllegalActionError(f"declare {action.replace('_', ' ')}", "it draws no card and rolls no die", "K-3",
                                 "take it as it is: only turns that draw are declared and sealed")

    def _do_retract(self, rng: GameRandom, turn: int) -> RetractResult:
        book = self._book("retract a declaration")
        seat = self.acting_seat or ""
        declaration = book.find_pending(turn)
        if declaration is None:
            raise IllegalActionError(f"retract turn {turn}", "it is not a declaration waiting for its draw", "K-5")
        if declaration.seat != seat:
            raise IllegalActionError(f"retract turn {turn}", f"it was declared in {declaration.seat}'s seat", "K-5",
                                     f"only {declaration.seat} retracts it")
        book.pending.remove(declaration)
        return RetractResult(turn, seat, declaration.action)

    def _do_seal(self, rng: GameRandom, turn: int) -> LapseResult:
        declaration = self.playing.seals if self.playing is not None else None
        if declaration is None or declaration.turn != turn:
            raise IllegalActionError(f"seal turn {turn}", "a seal records a lapse only with its seal proof", "K-4")
        saved = copy.deepcopy(self.state)
        try:
            self._check_call_as(declaration.action, dict(declaration.args), declaration.seat)
            self._run_handler(declaration.action, dict(declaration.args), rng, declaration.seat)
        except RulesError as refusal:
            return LapseResult(turn, declaration.seat, declaration.action, refusal.for_table()[:500], refusal.ruling)
        finally:
            self.state = saved
        raise IllegalActionError(f"turn {turn} lapsed", "the rules allow the declared turn with its draw", "K-4",
                                 "seal it to play it")


class SeatKeyHeld(str):
    """``Holding Ana's key (fingerprint 1a2b3c4d)``: what :meth:`SealedTurns.hold_key` returns."""

    def __new__(cls, seat: str, fingerprint: str) -> SeatKeyHeld:
        """The sentence for ``seat``'s key of ``fingerprint``."""
        return super().__new__(cls, f"Holding {seat}'s key (fingerprint {fingerprint})")


def _who_seals(book: ProofBook) -> str:
    if not book.pending:
        return "nothing waits to be sealed"
    first = book.pending[0]
    return f"{first.sealer} seals turn {first.turn} ({first.seat}'s {first.action.replace('_', ' ')})"


def _is_time(text: str) -> bool:
    try:
        datetime.strptime(text, "%Y-%m-%dT%H:%MZ")
    except ValueError:
        return False
    return True
