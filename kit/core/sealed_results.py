"""What a sealed game's own turns show: a seat joining, a declaration waiting for its draw, a lapsed one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.core.describe import Describable, Description, Fact


def when_text(at: str) -> str:
    """``1 Dec 2026, 14:05 UTC`` from the ``2026-12-01T14:05Z`` a declaration records."""
    months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
    try:
        date, clock = at.rstrip("Z").split("T")
        year, month, day = date.split("-")
        return f"{int(day)} {months[int(month) - 1]} {year}, {clock} UTC"
    except (ValueError, IndexError):
        return at


@dataclass(frozen=True)
class SeatTakenResult(Describable):
    """A seat joined a sealed game (or started new chains): the anchors the group should see posted (K-1)."""

    seat: str
    act: str
    seal: str
    renewal: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the event's outcome)."""
        return {"action": "take_seat", "seat": self.seat, "anchor": self.act[:16], "renewal": self.renewal}

    def describe(self) -> Description:
        """``Ana joins the sealed game``, with the anchor to compare with the one Ana posts."""
        title = (f"{self.seat} takes their seat in the sealed game" if not self.renewal
                 else f"{self.seat} starts new chains")
        return Description(title, "their seat is proven by their key from now on (K-1)", "neutral",
                           facts=(Fact("Anchor", self.act[:16]),),
                           notes=(f"{self.seat} posts this anchor in the thread; everyone checks it is the one "
                                  "their table shows (K-1).",))


@dataclass(frozen=True)
class DeclarationResult(Describable):
    """A random turn declared: what the seat will do, and whose seal its draw waits for (K-3)."""

    seat: str
    action: str
    args: dict[str, Any]
    summary: str
    sealer: str
    at: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the event's outcome)."""
        return {"action": "declare", "declared": self.action, "waits_for": self.sealer}

    def describe(self) -> Description:
        """``Ana declares Ada's flip: Fisticuffs, target 8`` — waiting for Gil's draw."""
        return Description(f"{self.seat} declares {self.summary}",
                           f"declared — waiting for {self.sealer}'s draw (K-3)",
                           "neutral", facts=(Fact("Declared", when_text(self.at)),),
                           notes=("Nothing is drawn yet: the cards or dice come when "
                                  f"{self.sealer} seals the turn, and nobody could know them before (K-3).",))


@dataclass(frozen=True)
class LapseResult(Describable):
    """A sealed declaration that the rules refused when its draw came: nothing happened (K-4)."""

    turn: int
    seat: str
    action: str
    reason: str
    """Why the rules refused the declared turn, in words for players (not recorded: rules' words may be reworded)."""
    ruling: str | None = None
    """The ruling the refusal cited: what the outcome records."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the event's outcome): the refusal's ruling, not its wording."""
        return {"action": "lapse", "turn": self.turn, "seat": self.seat, "declared": self.action,
                "ruling": self.ruling}

    def describe(self) -> Description:
        """``Turn 12 lapsed``: the rules no longer allowed it when it was sealed."""
        return Description(f"Turn {self.turn} lapsed", f"{self.seat}'s {self.action.replace('_', ' ')} could not be "
                           "taken when its draw came (K-4)", "warning", facts=(Fact("Why", self.reason),),
                           notes=(f"Nothing changed; {self.seat} may declare again.",))


@dataclass(frozen=True)
class RetractResult(Describable):
    """A seat took back its own declaration before it was sealed (K-5)."""

    turn: int
    seat: str
    action: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the event's outcome)."""
        return {"action": "retract", "turn": self.turn, "seat": self.seat, "declared": self.action}

    def describe(self) -> Description:
        """``Turn 12 retracted``."""
        return Description(f"Turn {self.turn} retracted", f"{self.seat} took back the declared "
                           f"{self.action.replace('_', ' ')} before its draw (K-5)", "neutral")
