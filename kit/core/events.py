"""The event log: append-only, each event hash-chained to the one before.

An event records an action's name, its arguments, everything random it produced and how the
action came out (its ``outcome``), and any rigging. Its hash covers all of that and the hash
of the event before it, so changing, removing or reordering an event breaks the chain.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kit.core.errors import MalformedInputError

GENESIS_HASH = "0" * 64


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same value always gives the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_hash(index: int, action: str, args: dict[str, Any], outcome: Any, rig: Any, prev: str) -> str:
    """The SHA-256 that chains an event to the one before it."""
    return hash_of_texts(index, action, canonical_json(args), canonical_json(outcome), canonical_json(rig), prev)


def hash_of_texts(index: int, action: str, args_text: str, outcome_text: str, rig_text: str, prev: str) -> str:
    """:func:`event_hash` from the canonical JSON texts of args, outcome and rig (spares re-encoding).

    The body is exactly ``canonical_json`` of ``{"a", "args", "i", "out", "prev", "rig"}``.
    """
    action_text = f'"{action}"' if action.isidentifier() else canonical_json(action)
    prev_text = f'"{prev}"' if prev.isalnum() else canonical_json(prev)
    body = (f'{{"a":{action_text},"args":{args_text},"i":{index},"out":{outcome_text},'
            f'"prev":{prev_text},"rig":{rig_text}}}')
    return hashlib.sha256(body.encode()).hexdigest()


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

    @property
    def rigged(self) -> bool:
        """True when the cards or dice of this event were set by hand (for examples and tests)."""
        return bool(self.rig)

    def expected_hash(self) -> str:
        """The hash this event's content and predecessor give."""
        return event_hash(self.index, self.action, self.args, self.outcome, self.rig, self.prev)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, as stored in a game file."""
        data: dict[str, Any] = {
            "index": self.index,
            "action": self.action,
            "args": self.args,
            "outcome": self.outcome,
            "prev": self.prev,
            "hash": self.hash,
        }
        if self.rig:
            data["rig"] = self.rig
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        """Read an event from its JSON form; malformed data is refused with what is missing."""
        if not isinstance(data, dict):
            raise MalformedInputError("event", f"is a {type(data).__name__}, not an object")
        try:
            index, action, args = data["index"], data["action"], data["args"]
            outcome, prev, digest = data["outcome"], data["prev"], data["hash"]
        except KeyError as missing:
            raise MalformedInputError("event", f"has no field {missing}") from None
        rig = data.get("rig")
        if not isinstance(index, int) or not isinstance(action, str) or not isinstance(args, dict):
            raise MalformedInputError("event", "needs an integer index, a text action and an object of args")
        if not isinstance(prev, str) or not isinstance(digest, str):
            raise MalformedInputError("event", "needs text hashes")
        if rig is not None and not isinstance(rig, dict):
            raise MalformedInputError("event", "rig must be an object")
        return cls(index, action, args, outcome, rig, prev, digest)


@dataclass
class EventLog:
    """An append-only list of hash-chained events."""

    events: list[Event] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __getitem__(self, index: int) -> Event:
        return self.events[index]

    @property
    def head(self) -> str:
        """The hash of the newest event (all zeros for an empty log)."""
        return self.events[-1].hash if self.events else GENESIS_HASH

    def append(self, action: str, args: dict[str, Any], outcome: Any, rig: dict[str, Any] | None = None) -> Event:
        """Add an event at the end, chained to the current head."""
        # Round-trip through JSON so the stored event is exactly what a file will hold.
        args_text, outcome_text = canonical_json(args), canonical_json(outcome)
        rig_text = canonical_json(rig if rig else None)
        index = len(self.events)
        prev = self.head
        digest = hash_of_texts(index, action, args_text, outcome_text, rig_text, prev)
        event = Event(index, action, json.loads(args_text), json.loads(outcome_text), json.loads(rig_text), prev,
                      digest)
        self.events.append(event)
        return event

    def append_recorded(self, event: Event, outcome_text: str) -> bool:
        """Add a recorded event whose outcome was reproduced (as ``outcome_text``); False if its links are wrong."""
        expected = hash_of_texts(len(self.events), event.action, canonical_json(event.args), outcome_text,
                                 canonical_json(event.rig if event.rig else None), self.head)
        if event.index != len(self.events) or event.prev != self.head or event.hash != expected:
            return False
        self.events.append(event)
        return True

    def first_broken_link(self) -> tuple[int, str] | None:
        """The first event whose index, predecessor or hash is wrong, with what is wrong."""
        prev = GENESIS_HASH
        for position, event in enumerate(self.events):
            if event.index != position:
                return position, f"is numbered {event.index}, expected {position}"
            if event.prev != prev:
                return position, "does not follow the event before it (hash chain broken)"
            if event.expected_hash() != event.hash:
                return position, "content does not match its hash"
            prev = event.hash
        return None
