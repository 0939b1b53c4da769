"""The event log: append-only, each event hash-chained to the one before.

An event records an action's name, its arguments, everything random it produced and how the
action came out (its ``outcome``), any rigging and the seat that took it. Its hash covers all
of that and the hash of the event before it, so changing, removing or reordering an event
breaks the chain.

The hashing schemes, one per game-file format version:

- **Version 5** (written today for a sealed game, K-1): as version 4 — the hash covers the
  outcome's digest, which the file stores in place of the outcome — and, as version 3, each
  event's hash also covers its ``proof``. Every argument is recorded (none is left out at its
  default).
- **Version 4** (written today for an open game): as version 2, but the hash covers the
  *digest* of the outcome (:func:`outcome_digest`) in place of the outcome, and the file stores
  only that digest (``outcome_digest``). The outcome itself is what the seed and the rules
  produce; a reader replays the turn and checks that its outcome has the recorded digest, so a
  file need not carry the outcome twice (once as data, once drawn as the turn's output).
- **Version 3** (a sealed game's before version 5, read and continued): as version 2, and each
  event's hash also covers its ``proof``.
- **Version 2** (read and continued, no longer started): the chain starts from a *genesis* hash that covers everything
  that decides play before the first turn — system, seed commitment, practice or real, table
  options, players, game master, chapter (:func:`genesis_hash`). Each event's hash covers every
  field of the event but the hash itself (:func:`hash_v2`), so changing the start of a game
  changes every hash after it, and with it every verification code posted for it.
- **Version 1** (read, never written): the chain starts from 64 zeros and an event's hash covers
  its index, action, arguments, outcome, rig and predecessor (:func:`hash_of_texts`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from kit.core.errors import MalformedInputError

GENESIS_HASH = "0" * 64
"""Where a version-1 chain starts (version 2 starts from :func:`genesis_hash` of the game's start)."""

CHAIN_VERSIONS = (1, 2, 3, 4, 5)
FULL_OUTCOME_CHAIN = 2
"""The open games' chain before version 4: each event stores its whole outcome."""
SEALED_FULL_OUTCOME_CHAIN = 3
"""A sealed game's chain before version 5 (K-1): as version 2, and each event's hash also covers its ``proof``."""
DIGEST_CHAIN = 4
"""The open games' chain: as version 2, with the outcome's digest hashed and stored in place of the outcome."""
SEALED_CHAIN = 5
"""The chain a new sealed game is started in (K-1): version 4's outcome digest, and each hash covers the ``proof``."""
CURRENT_CHAIN = DIGEST_CHAIN
"""The chain a new open game is started in."""
SEALED_CHAINS = (SEALED_FULL_OUTCOME_CHAIN, SEALED_CHAIN)
"""The chains of sealed games: every event carries a proof of its seat or of its seal."""
DIGEST_CHAINS = (DIGEST_CHAIN, SEALED_CHAIN)
"""The chains whose events record their outcome by its digest (G-8)."""


def records_digest(version: int) -> bool:
    """True when an event of chain ``version`` records its outcome's digest in place of the outcome (G-8)."""
    return version in DIGEST_CHAINS
EVENT_FIELDS = frozenset({"index", "action", "args", "outcome", "outcome_digest", "prev", "hash", "rig", "seat",
                          "proof"})
"""Every field an event may have in a game file; any other field makes the event malformed."""

_encode = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same value always gives the same text.

    NaN and infinities are refused (no JSON reader accepts them), as is nesting too deep to
    encode: both raise :class:`MalformedInputError`.
    """
    try:
        return _encode(value)
    except ValueError as error:
        raise MalformedInputError("value", f"is not strict JSON ({error})",
                                  allowed="use text, whole numbers, true/false, lists and objects") from None
    except RecursionError:
        raise MalformedInputError("value", "is nested too deeply") from None
    except TypeError as error:
        raise MalformedInputError("value", f"is not plain data ({error})") from None


def optional_json(value: Any) -> str:
    """:func:`canonical_json` of ``value``, ``null`` for None without the encoder (most events have no proof)."""
    return "null" if value is None else canonical_json(value)


def rig_text(rig: Any) -> str:
    """The canonical JSON an event's hash covers for its rig: ``null`` for none (an empty rig is none)."""
    return canonical_json(rig) if rig else "null"


def outcome_digest(outcome_text: str) -> str:
    """The SHA-256 a version-4 event records for its outcome, from the outcome's canonical JSON."""
    return _digest(f"kit-outcome:{outcome_text}")


def _digest(text: str) -> str:
    # surrogatepass: a lone surrogate read from a hostile file hashes (to a hash that will not
    # match) instead of raising; the kit itself never writes one (G-2).
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def event_hash(index: int, action: str, args: dict[str, Any], outcome: Any, rig: Any, prev: str) -> str:
    """The version-1 SHA-256 that chains an event to the one before it."""
    return hash_of_texts(index, action, canonical_json(args), canonical_json(outcome), canonical_json(rig), prev)


def hash_of_texts(index: int, action: str, args_text: str, outcome_text: str, rig_text: str, prev: str) -> str:
    """:func:`event_hash` (version 1) from the canonical JSON texts of args, outcome and rig.

    The body is exactly ``canonical_json`` of ``{"a", "args", "i", "out", "prev", "rig"}``.
    """
    action_text = f'"{action}"' if action.isidentifier() else canonical_json(action)
    prev_text = f'"{prev}"' if prev.isalnum() else canonical_json(prev)
    body = (f'{{"a":{action_text},"args":{args_text},"i":{index},"out":{outcome_text},'
            f'"prev":{prev_text},"rig":{rig_text}}}')
    return _digest(body)


def hash_v2(index: int, action: str, args_text: str, outcome_text: str, rig_text: str, prev: str,
            seat: str | None) -> str:
    """The version-2 SHA-256 of an event, from the canonical JSON texts of its args, outcome and rig.

    The body is exactly ``canonical_json`` of ``{"a", "args", "i", "out", "prev", "rig", "seat", "v": 2}``:
    every field of the event but its hash.
    """
    action_text, prev_text, seat_text = _name_texts(action, prev, seat)
    body = (f'{{"a":{action_text},"args":{args_text},"i":{index},"out":{outcome_text},'
            f'"prev":{prev_text},"rig":{rig_text},"seat":{seat_text},"v":2}}')
    return _digest(body)


def _name_texts(action: str, prev: str, seat: str | None) -> tuple[str, str, str]:
    """The canonical JSON of an event's action, predecessor and seat (the usual cases without the encoder)."""
    action_text = f'"{action}"' if action.isidentifier() else canonical_json(action)
    prev_text = f'"{prev}"' if prev.isalnum() else canonical_json(prev)
    return action_text, prev_text, "null" if seat is None else canonical_json(seat)


def hash_v3(index: int, action: str, args_text: str, outcome_text: str, rig_text: str, prev: str,
            seat: str | None, proof_text: str) -> str:
    """The version-3 SHA-256 of an event (a sealed game's): the version-2 body with its ``proof`` and ``"v": 3``.

    With ``proof_text`` ``"null"`` it is the event's *content digest*, which a proof's MAC binds (K-2).
    """
    action_text, prev_text, seat_text = _name_texts(action, prev, seat)
    body = (f'{{"a":{action_text},"args":{args_text},"i":{index},"out":{outcome_text},'
            f'"prev":{prev_text},"proof":{proof_text},"rig":{rig_text},"seat":{seat_text},"v":3}}')
    return _digest(body)


def hash_v4(index: int, action: str, args_text: str, digest: str, rig_text: str, prev: str,
            seat: str | None) -> str:
    """The version-4 SHA-256 of an event, with its outcome's digest (:func:`outcome_digest`) in place of the outcome.

    The body is exactly ``canonical_json`` of ``{"a", "args", "i", "out", "prev", "rig", "seat", "v": 4}``,
    ``out`` being the digest as text.
    """
    action_text, prev_text, seat_text = _name_texts(action, prev, seat)
    digest_text = f'"{digest}"' if digest.isalnum() else canonical_json(digest)
    body = (f'{{"a":{action_text},"args":{args_text},"i":{index},"out":{digest_text},'
            f'"prev":{prev_text},"rig":{rig_text},"seat":{seat_text},"v":4}}')
    return _digest(body)


def hash_v5(index: int, action: str, args_text: str, digest: str, rig_text: str, prev: str,
            seat: str | None, proof_text: str) -> str:
    """The version-5 SHA-256 of an event (a sealed game's): version 3's body with the outcome's digest and ``"v": 5``.

    With ``proof_text`` ``"null"`` it is the event's *content digest*, which a proof's MAC binds (K-2).
    """
    action_text, prev_text, seat_text = _name_texts(action, prev, seat)
    digest_text = f'"{digest}"' if digest.isalnum() else canonical_json(digest)
    body = (f'{{"a":{action_text},"args":{args_text},"i":{index},"out":{digest_text},'
            f'"prev":{prev_text},"proof":{proof_text},"rig":{rig_text},"seat":{seat_text},"v":5}}')
    return _digest(body)


def genesis_hash(start: Mapping[str, Any]) -> str:
    """Where a chain of version 2 or later starts: the SHA-256 of the game's start record (``Game.start_record``).

    The label reads 2 in every version since: the events' own hashes name their chain's version.
    """
    return _digest(canonical_json({"kit-genesis": FULL_OUTCOME_CHAIN, **start}))


def chain_hash(version: int, index: int, action: str, args_text: str, outcome_text: str, rig_text: str,
               prev: str, seat: str | None, proof_text: str = "null") -> str:
    """The hash of an event under chain ``version`` (1 to 5), from its canonical texts.

    For versions 4 and 5, ``outcome_text`` is the outcome's canonical JSON, of which the hash covers the digest.
    """
    if version == DIGEST_CHAIN:
        return hash_v4(index, action, args_text, outcome_digest(outcome_text), rig_text, prev, seat)
    if version == SEALED_CHAIN:
        return hash_v5(index, action, args_text, outcome_digest(outcome_text), rig_text, prev, seat, proof_text)
    if version == 1:
        return hash_of_texts(index, action, args_text, outcome_text, rig_text, prev)
    if version == 3:
        return hash_v3(index, action, args_text, outcome_text, rig_text, prev, seat, proof_text)
    return hash_v2(index, action, args_text, outcome_text, rig_text, prev, seat)


@dataclass(frozen=True)
class Event:
    """One step of a game, as recorded in the log."""

    index: int
    action: str
    args: dict[str, Any]
    outcome: Any
    rig: dict[str, Any] | None
    prev: str
    hash: str
    seat: str | None = None
    proof: dict[str, Any] | None = None
    """A sealed game's proof of the seat (K-2) or of the seal (K-3); None in an open game."""
    outcome_digest: str | None = None
    """A version-4 or -5 event's digest of its outcome (:func:`outcome_digest`): what its file stores and its hash
    covers.

    An event read from such a file has the digest and no outcome (``outcome`` is None) until
    its turn is replayed; the game's log then holds it with the outcome the replay produced.
    """
    left_out: frozenset[str] = frozenset()
    """The names of ``args`` at their plain defaults, which a version-4 file leaves out (G-8).

    Its hash covers the arguments without them (:attr:`stored_args`); ``args`` holds every
    argument once the turn was taken or replayed (an event read from a file: those it records).
    """

    @property
    def stored_args(self) -> dict[str, Any]:
        """The arguments as the file records them and the hash covers them: ``args`` without :attr:`left_out`."""
        if not self.left_out:
            return self.args
        return {name: value for name, value in self.args.items() if name not in self.left_out}

    @property
    def rigged(self) -> bool:
        """True when the cards or dice of this event were set by hand (practice games only, G-1)."""
        return bool(self.rig)

    def expected_hash(self, version: int = CURRENT_CHAIN) -> str:
        """The hash this event's content and predecessor give under chain ``version``."""
        return self.hash_and_outcome_text(version)[0]

    def hash_and_outcome_text(self, version: int = CURRENT_CHAIN) -> tuple[str, str]:
        """:meth:`expected_hash` and the canonical JSON of the outcome it was computed from (encoded once).

        Under versions 4 and 5 the hash is computed from the recorded digest and the outcome is
        not encoded: the outcome text is ``""``.
        """
        if version == DIGEST_CHAIN and self.outcome_digest is not None:
            digest = hash_v4(self.index, self.action, canonical_json(self.stored_args), self.outcome_digest,
                             rig_text(self.rig), self.prev, self.seat)
            return digest, ""
        if version == SEALED_CHAIN and self.outcome_digest is not None:
            digest = hash_v5(self.index, self.action, canonical_json(self.stored_args), self.outcome_digest,
                             rig_text(self.rig), self.prev, self.seat, optional_json(self.proof))
            return digest, ""
        outcome_text = canonical_json(self.outcome)
        digest = chain_hash(version, self.index, self.action, canonical_json(self.stored_args), outcome_text,
                            rig_text(self.rig), self.prev, self.seat, optional_json(self.proof))
        return digest, outcome_text

    def content_digest(self, outcome_text: str | None = None, version: int = SEALED_FULL_OUTCOME_CHAIN) -> str:
        """The hash of this event without its proof under sealed chain ``version``: what a seat's proof binds (K-2).

        ``outcome_text`` is the outcome's canonical JSON (the event's own outcome when None);
        under version 5 the hash covers its digest (the recorded one when no text is given).
        """
        args_text = canonical_json(self.stored_args)
        if version == SEALED_CHAIN:
            digest = (outcome_digest(outcome_text) if outcome_text else self.outcome_digest
                      or outcome_digest(canonical_json(self.outcome)))
            return hash_v5(self.index, self.action, args_text, digest, rig_text(self.rig), self.prev, self.seat,
                           "null")
        return hash_v3(self.index, self.action, args_text,
                       outcome_text if outcome_text is not None else canonical_json(self.outcome),
                       rig_text(self.rig), self.prev, self.seat, "null")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, as stored in a game file."""
        data: dict[str, Any] = {"index": self.index, "action": self.action, "args": self.stored_args}
        if self.outcome_digest is not None:
            data["outcome_digest"] = self.outcome_digest  # version 4: the replay produces the outcome
        else:
            data["outcome"] = self.outcome
        data["prev"], data["hash"] = self.prev, self.hash
        if self.rig:
            data["rig"] = self.rig
        if self.seat is not None:
            data["seat"] = self.seat
        if self.proof is not None:
            data["proof"] = self.proof
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        """Read an event from its JSON form; malformed data is refused with what is wrong."""
        if not isinstance(data, dict):
            raise MalformedInputError("event", f"is a {type(data).__name__}, not an object")
        extra = sorted(str(key)[:40] for key in data if key not in EVENT_FIELDS)
        if extra:
            raise MalformedInputError("event", f"has a field no game file has: {extra[0]!r}")
        try:
            index, action, args = data["index"], data["action"], data["args"]
            prev, digest = data["prev"], data["hash"]
        except KeyError as missing:
            raise MalformedInputError("event", f"has no field {missing}") from None
        if ("outcome" in data) == ("outcome_digest" in data):
            raise MalformedInputError("event", "needs either an outcome or an outcome digest, not both"
                                      if "outcome" in data else "has no field 'outcome'")
        outcome = data.get("outcome")
        recorded_digest = data.get("outcome_digest")
        if recorded_digest is not None and not _is_hex_hash(recorded_digest):
            raise MalformedInputError("event", "needs an outcome digest of 64 hex digits")
        rig = data.get("rig")
        seat = data.get("seat")
        if type(index) is not int or not 0 <= index < 10**9:
            raise MalformedInputError("event", "needs a whole-number index")
        if not isinstance(action, str) or not action.isidentifier() or len(action) > 60:
            raise MalformedInputError("event", "needs an action name")
        if not isinstance(args, dict):
            raise MalformedInputError("event", "needs an object of args")
        if not _is_hex_hash(prev) or not _is_hex_hash(digest):
            raise MalformedInputError("event", "needs hashes of 64 hex digits")
        if rig is not None and not isinstance(rig, dict):
            raise MalformedInputError("event", "rig must be an object")
        if seat is not None and (not isinstance(seat, str) or not seat or len(seat) > 60):
            raise MalformedInputError("event", "seat must be a name")
        proof = data.get("proof")
        if proof is not None and not _is_proof(proof):
            raise MalformedInputError("event", "proof must be an object of a value number, chain values and a name")
        return cls(index, action, args, outcome, rig, prev, digest, seat, proof, recorded_digest)


_PROOF_FIELDS = {"n": int, "value": str, "mac": str, "by": str, "sealed": int}


def _is_proof(value: Any) -> bool:
    """A proof's shape: a value number, a chain value, and a MAC or the sealer's name and the sealed turn."""
    if not isinstance(value, dict) or not {"n", "value"} <= set(value) or set(value) - set(_PROOF_FIELDS):
        return False
    for name, item in value.items():
        if type(item) is not _PROOF_FIELDS[name]:
            return False
        if name in ("value", "mac") and not _is_hex_hash(item):
            return False
        if type(item) is int and not 0 <= item < 10**9:
            return False
        if name == "by" and not 0 < len(item) <= 60:
            return False
    return True


def _is_hex_hash(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and not value.strip("0123456789abcdef")


@dataclass
class EventLog:
    """An append-only list of hash-chained events, starting from ``genesis`` under chain ``version``.

    A campaign's later chapter (C-1) holds only its own events: ``first`` is the index of the
    first one, the count of events the chapters before it hold. ``len`` counts every event of
    the campaign; iterating yields the events held; an index before ``first`` is refused.
    """

    events: list[Event] = field(default_factory=list)
    genesis: str = GENESIS_HASH
    version: int = CURRENT_CHAIN
    first: int = 0

    def __len__(self) -> int:
        return self.first + len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __getitem__(self, index: int) -> Event:
        if index < 0:
            return self.events[index]
        if index < self.first:
            raise IndexError(f"event {index} is in an earlier chapter (this one starts at event {self.first})")
        return self.events[index - self.first]

    def holds(self, index: int) -> bool:
        """True when the event at ``index`` is in this log (not in an earlier chapter, not yet to come)."""
        return self.first <= index < len(self)

    def since(self, index: int) -> list[Event]:
        """The events held from ``index`` on (every held one when ``index`` is in an earlier chapter)."""
        return self.events[max(0, index - self.first):]

    def before(self, index: int) -> list[Event]:
        """The events held before ``index``."""
        return self.events[:max(0, index - self.first)]

    @property
    def head(self) -> str:
        """The hash of the newest event (the genesis for an empty log)."""
        return self.events[-1].hash if self.events else self.genesis

    def append(self, action: str, args: dict[str, Any], outcome: Any, rig: dict[str, Any] | None = None,
               seat: str | None = None, proof: dict[str, Any] | None = None,
               left_out: frozenset[str] = frozenset()) -> Event:
        """Add an event at the end, chained to the current head (``left_out``: see :attr:`Event.left_out`)."""
        # Round-trip through JSON so the stored event is exactly what a file will hold.
        kept = {name: value for name, value in args.items() if name not in left_out} if left_out else args
        args_text, outcome_text = canonical_json(kept), canonical_json(outcome)
        rig_json = rig_text(rig)
        index = len(self)
        prev = self.head
        digest = chain_hash(self.version, index, action, args_text, outcome_text, rig_json, prev, seat,
                            optional_json(proof))
        recorded = outcome_digest(outcome_text) if records_digest(self.version) else None
        every = json.loads(canonical_json(args)) if left_out else json.loads(args_text)
        event = Event(index, action, every, json.loads(outcome_text), json.loads(rig_json), prev,
                      digest, seat, dict(proof) if proof is not None else None, recorded, frozenset(left_out))
        self.events.append(event)
        return event

    def append_verified(self, event: Event) -> bool:
        """Add a recorded event whose hash the caller has checked against this log's head; False if misplaced."""
        if event.index != len(self) or event.prev != self.head:
            return False
        self.events.append(event)
        return True

    def rechained(self, genesis: str) -> EventLog:
        """The same events chained from another genesis (every hash new): a game whose start changed."""
        log = EventLog(genesis=genesis, version=self.version, first=self.first)
        for event in self.events:
            log.append(event.action, event.args, event.outcome, event.rig, event.seat, event.proof, event.left_out)
        return log

    def first_broken_link(self) -> tuple[int, str] | None:
        """The first event whose index, predecessor or hash is wrong, with what is wrong."""
        prev = self.genesis
        for position, event in enumerate(self.events, start=self.first):
            if event.index != position:
                return position, f"is numbered {event.index}, expected {position}"
            if event.prev != prev:
                return position, "does not follow the event before it (hash chain broken)"
            if event.expected_hash(self.version) != event.hash:
                return position, "content does not match its hash"
            prev = event.hash
        return None
