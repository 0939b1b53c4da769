"""A sealed game's book of proofs: each seat's chains, the declarations waiting for a draw, the keys held here.

The book checks every proof a turn carries (K-2, K-3) and makes the proofs of live turns from
the keys this table holds. It knows nothing of any system's rules: the game asks it whether a
proof stands, and what the next proof of a seat is.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from kit.core.errors import IllegalActionError, ReplayMismatchError
from kit.core.sealing import CHAIN_LENGTH, HashChain, SeatKey, follows, mac_matches, proof_mac, reaches


@dataclass
class SeatChains:
    """One seat's chains as the turns revealed them: anchors, the last value of each, the open MAC."""

    act_anchor: str
    seal_anchor: str
    renewal: int
    length: int
    joined_at: int
    """The turn (numbered from 1) of the join that anchored these chains."""
    act_n: int = 0
    act_last: str = ""
    open_mac: tuple[int, str, str] | None = None
    """The latest act proof's turn, content digest and MAC: confirmed when the seat's next value is revealed."""
    seal_n: int = 0
    seal_last: str = ""
    slots: int = 0
    """How many declarations were addressed to this seat's seal chain; the next is sealed with value ``slots + 1``."""

    def __post_init__(self) -> None:
        self.act_last = self.act_last or self.act_anchor
        self.seal_last = self.seal_last or self.seal_anchor


@dataclass(frozen=True)
class Declaration:
    """A declared turn waiting for its draw: who declared what, when, and who seals it (K-3)."""

    index: int
    seat: str
    action: str
    args: dict[str, Any]
    at: str
    sealer: str
    actor_value: str
    hash: str
    slot: int = 0
    """The sealer's seal value that seals it, fixed when it is declared (a retraction before it changes nothing)."""

    @property
    def turn(self) -> int:
        """The declaration's turn, numbered from 1 as the log shows it."""
        return self.index + 1


@dataclass
class ProofBook:
    """Every seat's chains, the declarations waiting, and the keys held at this table (never saved).

    Who seals a declaration (K-3): in a game of format version 5, the next seat after the declarer
    in the order of play (``seats``: the players in the roster's order, then the GM) that has
    taken its seat when the turn is declared — the GM when the next seat has not, as the sealer of
    last resort — and declarations are sealed in the order they were made, whoever seals them. In
    a version-3 game (``gm_sealer`` names a player) the GM seals the players' draws and
    ``gm_sealer`` the GM's, each sealer in the order of its own declarations.
    """

    genesis: str
    gm: str
    gm_sealer: str
    """Who seals the GM's draws in a version-3 game; empty in a version-5 game, where the next seat seals (K-3)."""
    length: int = CHAIN_LENGTH
    seats: list[str] = field(default_factory=list)
    """The order of play the next sealer is found in: the players in the roster's order, then the GM."""
    chains: dict[str, SeatChains] = field(default_factory=dict)
    pending: list[Declaration] = field(default_factory=list)
    keys: dict[str, SeatKey] = field(default_factory=dict)
    _chain_cache: dict[tuple[str, str, int], HashChain] = field(default_factory=dict)

    def snapshot(self) -> tuple[dict[str, SeatChains], list[Declaration]]:
        """What a refused turn restores."""
        return copy.deepcopy(self.chains), list(self.pending)

    def restore(self, saved: tuple[dict[str, SeatChains], list[Declaration]]) -> None:
        """Put back what :meth:`snapshot` kept."""
        self.chains, self.pending = saved

    # -- keys ---------------------------------------------------------------------------

    def hold(self, seat: str, key: SeatKey) -> None:
        """Keep ``key`` for ``seat`` at this table; refuse a key the seat did not join with (K-1)."""
        joined = self.chains.get(seat)
        if joined is not None and self.chain(seat, "act", key, joined.renewal).anchor != joined.act_anchor:
            raise IllegalActionError(
                f"use this key for {seat}'s seat",
                f"{seat}'s seat was taken at turn {joined.joined_at} with another key",
                "K-1", f"enter the key {seat} took the seat with (its fingerprint is not {key.fingerprint})")
        self.keys[seat] = key

    def chain(self, seat: str, kind: str, key: SeatKey | None = None, renewal: int | None = None) -> HashChain:
        """The ``kind`` chain of ``seat`` from the key held for it (cached)."""
        key = key or self.keys.get(seat)
        if key is None:
            raise IllegalActionError(f"act in {seat}'s seat", f"this table does not hold {seat}'s seat key", "K-1",
                                     f"enter {seat}'s seat key first")
        if renewal is None:
            renewal = self.chains[seat].renewal if seat in self.chains else 0
        cache_key = (key.fingerprint + seat, kind, renewal)
        found = self._chain_cache.get(cache_key)
        if found is None:
            found = key.chain(self.genesis, seat, kind, self.length, renewal)
            self._chain_cache[cache_key] = found
        return found

    # -- who seals what ------------------------------------------------------------------

    @property
    def next_seat_seals(self) -> bool:
        """True in a version-5 game: the next seat seals each draw, in the order declared (K-3)."""
        return not self.gm_sealer

    def sealer_for(self, seat: str) -> str | None:
        """Who seals a draw ``seat`` declares now (K-3); None when no other seat has taken its seat.

        Version 5: the next seat after ``seat`` in the order of play if it has taken its seat,
        else the GM if the GM has (the sealer of last resort), else the first seat after ``seat``
        that has. Version 3: the GM, or for the GM's own draws the player the game named —
        whether or not that seat has taken its seat yet (a live declaration then is refused).
        """
        if not self.next_seat_seals:
            return self.gm_sealer if seat == self.gm else self.gm
        if seat not in self.seats:
            return None
        at = self.seats.index(seat)
        after = [*self.seats[at + 1:], *self.seats[:at]]
        if not after:
            return None
        if after[0] in self.chains:
            return after[0]
        if self.gm != seat and self.gm in self.chains:
            return self.gm
        return next((other for other in after if other in self.chains), None)

    def next_slot(self, sealer: str) -> int:
        """The seal value number of the next declaration ``sealer`` will seal (0 when the sealer has no chains yet)."""
        chains = self.chains.get(sealer)
        return chains.slots + 1 if chains is not None else 0

    def add_declaration(self, declaration: Declaration) -> None:
        """Keep a new declaration waiting, in its sealer's next slot."""
        chains = self.chains.get(declaration.sealer)
        if chains is not None:
            chains.slots += 1
        self.pending.append(declaration)

    def pending_of(self, seat: str) -> Declaration | None:
        """``seat``'s declaration still waiting for its draw, if any."""
        return next((d for d in self.pending if d.seat == seat), None)

    def next_to_seal(self, sealer: str) -> Declaration | None:
        """The declaration ``sealer`` seals next, if it is that seat's to seal now (K-3).

        Version 5: the oldest declaration of all, when ``sealer`` seals it (declarations are sealed
        in the order they were made). Version 3: the oldest of those ``sealer`` seals.
        """
        if self.next_seat_seals:
            return self.pending[0] if self.pending and self.pending[0].sealer == sealer else None
        return next((d for d in self.pending if d.sealer == sealer), None)

    def find_pending(self, turn: int) -> Declaration | None:
        """The waiting declaration of ``turn`` (numbered from 1), if it still waits."""
        return next((d for d in self.pending if d.turn == turn), None)

    # -- act proofs (K-2) ------------------------------------------------------------------

    def make_act_proof(self, seat: str, content: str, *, new_chain: HashChain | None = None) -> dict[str, Any]:
        """The proof of ``seat``'s next turn from the key held here; a join passes the chain it anchors."""
        joined = self.chains.get(seat)
        if joined is None:
            if new_chain is None:
                raise IllegalActionError(f"act in {seat}'s seat",
                                         f"{seat} has not taken their seat in this sealed game", "K-1",
                                         f"{seat} takes their seat first, with their seat key")
            return {"n": 0, "value": new_chain.anchor, "mac": proof_mac(new_chain.value(1), content)}
        chain = self.chain(seat, "act")
        n = joined.act_n + 1
        if n >= joined.length and new_chain is None:
            raise IllegalActionError(f"act in {seat}'s seat", f"{seat}'s chain of {joined.length} values is used up",
                                     "K-2", f"{seat} takes their seat again, which starts new chains")
        follow = new_chain.value(1) if new_chain is not None else chain.value(n + 1)
        return {"n": n, "value": chain.value(n), "mac": proof_mac(follow, content)}

    def check_act(self, seat: str, proof: dict[str, Any], content: str, turn: int) -> None:
        """Refuse an act proof that is not ``seat``'s next value, or that breaks the MAC of its last turn (K-2)."""
        if set(proof) != {"n", "value", "mac"}:
            raise _forged(turn, f"its proof of {seat}'s seat is not a value number, a chain value and a MAC")
        joined = self.chains.get(seat)
        if joined is None:
            raise _forged(turn, f"it is taken in {seat}'s seat, and {seat} has not taken their seat "
                          "in this sealed game")
        n, value = proof["n"], proof["value"]
        if n != joined.act_n + 1:
            raise _forged(turn, f"it gives {seat}'s value number {n}; the next one is {joined.act_n + 1} "
                          "(a turn moved, replayed or left out)")
        if not follows(value, joined.act_last):
            raise _forged(turn, f"it was not taken in {seat}'s seat: its value is not {seat}'s next chain value")
        if joined.open_mac is not None:
            earlier, digest, mac = joined.open_mac
            if not mac_matches(value, digest, mac):
                raise _forged(turn, f"{seat}'s turn {earlier} was changed after {seat} took it: its MAC does not "
                              f"match the value {seat} revealed at turn {turn}")
        joined.act_n, joined.act_last = n, value
        joined.open_mac = (turn, content, proof["mac"])

    def check_join(self, seat: str, proof: dict[str, Any], content: str, turn: int, act: str, seal: str,
                   renewal: int) -> None:
        """Check a join's proof and anchor the seat's new chains (K-1)."""
        if type(renewal) is not int:
            raise _forged(turn, f"{seat} takes the seat with a renewal that is not a whole number")
        if seat in self.chains:
            joined = self.chains[seat]
            if renewal != joined.renewal + 1:
                raise _forged(turn, f"{seat} takes the seat again as renewal {renewal}; "
                              f"the next is {joined.renewal + 1}")
            if any(waiting.sealer == seat for waiting in self.pending):
                raise IllegalActionError(f"take {seat}'s seat again", f"draws still wait for {seat}'s seal", "K-2",
                                         f"{seat} seals the waiting draws first")
            self.check_act(seat, proof, content, turn)
        else:
            if set(proof) != {"n", "value", "mac"} or proof["n"] != 0 or proof["value"] != act:
                raise _forged(turn, f"{seat}'s first seat-taking must reveal its anchor as value 0")
            if renewal != 0:
                raise _forged(turn, f"{seat} takes the seat for the first time as renewal {renewal}")
        self.chains[seat] = SeatChains(act, seal, renewal, self.length, turn, open_mac=(turn, content, proof["mac"]))
        for position, waiting in enumerate(self.pending):  # declared before their sealer sat: slots in order
            if waiting.sealer == seat and not waiting.slot:
                self.chains[seat].slots += 1
                self.pending[position] = replace(waiting, slot=self.chains[seat].slots)

    # -- seal proofs (K-3) ----------------------------------------------------------------

    def make_seal_proof(self, sealer: str, declaration: Declaration) -> dict[str, Any]:
        """The seal of ``declaration`` from the sealer's key held here: its next seal value."""
        joined = self.chains.get(sealer)
        if joined is None:
            raise IllegalActionError(f"seal turn {declaration.turn}",
                                     f"{sealer} has not taken their seat in this sealed game",
                                     "K-1", f"{sealer} takes their seat first, with their seat key")
        n = declaration.slot
        if n > joined.length:
            raise IllegalActionError(f"seal turn {declaration.turn}", f"{sealer}'s seal chain is used up", "K-2",
                                     f"{sealer} takes their seat again, which starts new chains")
        return {"by": sealer, "n": n, "sealed": declaration.turn, "value": self.chain(sealer, "seal").value(n)}

    def check_seal(self, proof: dict[str, Any], turn: int) -> Declaration:
        """Refuse a seal that is not the sealer's next value on the oldest declaration it seals (K-3)."""
        if set(proof) != {"by", "n", "sealed", "value"}:
            raise _forged(turn, "its seal is not a sealer, a value number, a declared turn and a chain value")
        sealer, n, sealed, value = proof["by"], proof["n"], proof["sealed"], proof["value"]
        declaration = self.next_to_seal(sealer)
        if declaration is None and any(waiting.sealer == sealer for waiting in self.pending):
            first = self.pending[0]
            raise _forged(turn, f"it seals turn {sealed} out of order: turn {first.turn}, declared first, waits for "
                          f"{first.sealer}'s seal")
        if declaration is None:
            raise _forged(turn, f"it seals turn {sealed}, but no declaration waits for {sealer}'s seal")
        if declaration.turn != sealed:
            raise _forged(turn, f"it seals turn {sealed} out of order: {sealer} seals turn {declaration.turn} first")
        joined = self.chains.get(sealer)
        if joined is None:
            raise _forged(turn, f"it is sealed by {sealer}, who has not taken their seat in this sealed game")
        expected = declaration.slot
        if n != expected or n <= joined.seal_n:
            raise _forged(turn, f"it gives {sealer}'s seal value number {n}; turn {declaration.turn} is sealed "
                          f"with number {expected}")
        if not reaches(value, n - joined.seal_n, joined.seal_last):
            raise _forged(turn, f"its seal is not {sealer}'s seal value number {n} (a value changed after sealing, "
                          "or a seal made without the key)")
        joined.seal_n, joined.seal_last = n, value
        self.pending.remove(declaration)
        return declaration

    def unconfirmed(self) -> dict[str, int]:
        """Each seat's latest proven turn, whose MAC its next turn will confirm (K-2)."""
        return {seat: chains.open_mac[0] for seat, chains in self.chains.items() if chains.open_mac is not None}


def _forged(turn: int, why: str) -> ReplayMismatchError:
    return ReplayMismatchError(f"turn {turn}", why, "K-2")
