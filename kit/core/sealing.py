"""The cryptography of sealed play (K-1…K-6): seat keys, hash chains, proofs and sealed draws.

A participant of a sealed game holds a *seat key*: 32 random bytes that never enter a game file.
For each game and seat it derives two hash chains, one to prove the seat's turns (``act``) and
one to seal other seats' draws (``seal``). A chain of length ``n`` starts from a seed derived
from the key; its *anchor* ``H^n(seed)`` is what the seat's ``join`` turn writes into the file.
The chain's values are revealed backwards, one per use: value ``k`` is ``H^(n-k)(seed)``, so
``H(value k) == value k-1`` — anyone can check a revealed value against the last one, nobody can
compute the next one without the key.

Each proven turn also carries ``mac = HMAC(value k+1, content)``: it binds the turn's content to
the seat's next, still secret, value, and is checked when the seat next plays (K-2).

A sealed draw's generator comes from the declaration's hash, the actor's value revealed in the
declaration and the sealer's value revealed in the seal: neither side knows the other's value
before it is revealed, so neither can foresee or steer the draw (K-3).

Only :mod:`hashlib`, :mod:`hmac` and :mod:`secrets` are used: they run wherever Python runs.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from kit.core.errors import MalformedInputError

CHAIN_LENGTH = 100_000
"""How many values a chain holds: each proven turn uses one; a seat joins again with a new chain when they run out."""

CHAIN_KINDS = ("act", "seal")
"""A seat's two chains: ``act`` proves its own turns, ``seal`` seals the draws declared by others."""

KEY_PREFIX = "kit-key-"
_CHECKPOINT = 1024
_STEP_LABEL = b"kit-chain\x00"


def chain_step(value: bytes) -> bytes:
    """One step down a chain: ``H(value)`` with the kit's label (SHA-256)."""
    return hashlib.sha256(_STEP_LABEL + value).digest()


def follows(value: str, previous: str) -> bool:
    """True when the revealed ``value`` (64 hex digits) is the chain value just before ``previous``."""
    try:
        return hmac.compare_digest(chain_step(bytes.fromhex(value)).hex(), previous)
    except ValueError:
        return False


def reaches(value: str, steps: int, later: str) -> bool:
    """True when ``steps`` steps down the chain from ``value`` give ``later`` (a seal after retracted slots)."""
    try:
        current = bytes.fromhex(value)
    except ValueError:
        return False
    for _ in range(steps):
        current = chain_step(current)
    return hmac.compare_digest(current.hex(), later)


def proof_mac(next_value: str, content: str) -> str:
    """``HMAC(next value, content)``: binds a turn's content to the seat's next, still secret, value."""
    return hmac.new(bytes.fromhex(next_value), b"kit-proof\x00" + content.encode(), hashlib.sha256).hexdigest()


def mac_matches(next_value: str, content: str, mac: str) -> bool:
    """True when ``mac`` is the MAC of ``content`` under ``next_value`` (checked when the value is revealed)."""
    try:
        return hmac.compare_digest(proof_mac(next_value, content), mac)
    except ValueError:
        return False


def sealed_seed(declaration_hash: str, actor_value: str, sealer_value: str) -> str:
    """The seed of a sealed draw: from the declaration and the two values revealed for it (K-3)."""
    body = f"kit-sealed-draw\x00{declaration_hash}\x00{actor_value}\x00{sealer_value}".encode()
    return hashlib.sha256(body).hexdigest()


def is_chain_value(value: object) -> bool:
    """True for 64 lowercase hex digits (a chain value, anchor or MAC as a game file stores it)."""
    return isinstance(value, str) and len(value) == 64 and not value.strip("0123456789abcdef")


@dataclass(frozen=True)
class SeatKey:
    """A participant's secret: 32 random bytes, kept out of every game file (K-1).

    Its text form, ``kit-key-`` and 52 base-32 letters, is what a person exports, types into a
    table or keeps in a password manager. :attr:`fingerprint` names a key without revealing it.
    """

    secret: bytes

    def __post_init__(self) -> None:
        if not isinstance(self.secret, bytes) or len(self.secret) != 32:
            raise MalformedInputError("seat key", "must be 32 bytes")

    @classmethod
    def new(cls) -> SeatKey:
        """A fresh key from the operating system's secure random source."""
        return cls(secrets.token_bytes(32))

    @classmethod
    def from_text(cls, text: str) -> SeatKey:
        """Read a key from its text form (spaces, dashes and case do not matter)."""
        if not isinstance(text, str):
            raise MalformedInputError("seat key", "must be text starting with kit-key-")
        cleaned = "".join(ch for ch in text.lower() if not ch.isspace() and ch != "-")
        if not cleaned.startswith("kitkey"):
            raise MalformedInputError("seat key", "must start with kit-key- (as kit key export prints it)", "K-1")
        letters = cleaned[len("kitkey"):].upper()
        if len(letters) != 52:
            raise MalformedInputError("seat key", "must have 52 letters and digits after kit-key-", "K-1")
        try:
            secret = base64.b32decode(letters + "====")
        except ValueError:
            raise MalformedInputError("seat key", "has a character that is not a letter a–z or a digit 2–7",
                                      "K-1") from None
        return cls(secret)

    def to_text(self) -> str:
        """``kit-key-`` and the key in base 32, in groups of four for reading aloud or copying."""
        letters = base64.b32encode(self.secret).decode().rstrip("=").lower()
        return KEY_PREFIX + "-".join(letters[i:i + 4] for i in range(0, len(letters), 4))

    @property
    def fingerprint(self) -> str:
        """Eight hex digits that name the key (not secret, not enough to act with it)."""
        return hashlib.sha256(b"kit-key-fingerprint\x00" + self.secret).hexdigest()[:8]

    def chain(self, game: str, seat: str, kind: str, length: int = CHAIN_LENGTH, renewal: int = 0) -> HashChain:
        """The seat's ``kind`` chain (``act`` or ``seal``) in the game whose genesis is ``game``."""
        if kind not in CHAIN_KINDS:
            raise MalformedInputError("chain", f"is {kind!r}; a seat has an act chain and a seal chain")
        label = f"kit-seal-chain\x00{kind}\x00{game}\x00{seat}\x00{renewal}".encode()
        return HashChain(hmac.new(self.secret, label, hashlib.sha256).digest(), length)

    def __repr__(self) -> str:  # never print the secret by accident
        return f"SeatKey(fingerprint={self.fingerprint!r})"


@dataclass
class HashChain:
    """A chain of ``length`` values from ``seed``: :meth:`value` ``k`` is ``H^(length-k)(seed)``.

    The first request walks the whole chain once and keeps every 1,024th value, so later
    values cost at most 1,024 steps.
    """

    seed: bytes
    length: int = CHAIN_LENGTH
    _checkpoints: list[bytes] = field(default_factory=list, repr=False)

    def _walk(self, steps: int) -> bytes:
        if not self._checkpoints:
            value = self.seed
            self._checkpoints.append(value)
            for done in range(1, self.length + 1):
                value = chain_step(value)
                if done % _CHECKPOINT == 0:
                    self._checkpoints.append(value)
        value = self._checkpoints[steps // _CHECKPOINT]
        for _ in range(steps % _CHECKPOINT):
            value = chain_step(value)
        return value

    def value(self, k: int) -> str:
        """Value ``k`` (0 is the anchor, ``length`` the seed itself), as 64 hex digits."""
        if not 0 <= k <= self.length:
            raise MalformedInputError("chain value", f"is numbered {k}; this chain has values 0–{self.length}", "K-2")
        return self._walk(self.length - k).hex()

    @property
    def anchor(self) -> str:
        """Value 0: what the seat's join turn writes into the game file."""
        return self.value(0)
