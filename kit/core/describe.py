"""One description of every result, shared by all renderers (text, Markdown, BBCode, HTML).

Systems describe their results with these plain values; ``kit.render`` turns them into
formats and registers its writers here (:func:`register_writer`), so results show themselves
in a notebook while the core imports nothing above it. Every string here is plain text:
renderers escape it on its way into HTML.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

Tone = Literal["success", "failure", "neutral", "warning"]

MaySee = Callable[[str], bool]
"""Whether a seat may read a character's hand: ``may_see("Bruno")`` (P-5)."""

FACE_DOWN = "🂠"
"""A card shown by its back: a card in a hand this seat may not see (P-5)."""


@dataclass(frozen=True)
class Face:
    """A card or die as shown in a result: its text, colour and whether it decided the result."""

    text: str
    alt: str
    kind: Literal["card", "tarot", "die"] = "card"
    red: bool = False
    chosen: bool = False
    struck: bool = False
    note: str = ""


@dataclass(frozen=True)
class Fact:
    """A labelled value: ``Target: 8``."""

    label: str
    value: str


@dataclass(frozen=True)
class Description:
    """What a result says, in order: a title, a verdict, faces, facts and explanatory notes."""

    title: str
    verdict: str = ""
    tone: Tone = "neutral"
    faces: tuple[Face, ...] = ()
    facts: tuple[Fact, ...] = ()
    notes: tuple[str, ...] = ()
    sections: tuple[Description, ...] = field(default=())


class Describable(ABC):
    """Mixin for results: notebook display through the shared renderers (imported lazily).

    Results are dataclasses, whose generated ``__repr__`` would otherwise win over
    ``_repr_pretty_`` in IPython (it looks for either, class by class, along the MRO); every
    subclass therefore gets ``_repr_pretty_`` in its own namespace, so notebooks show the
    readable text as ``text/plain`` while ``repr()`` stays the dataclass's.
    """

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._repr_pretty_ = Describable._repr_pretty_  # type: ignore[method-assign]
        for name in ("describe", "describe_for"):
            own = cls.__dict__.get(name)
            if callable(own) and not getattr(own, "_marks_rigging", False):
                setattr(cls, name, _with_rigging(own))

    @abstractmethod
    def describe(self) -> Description:
        """The result's description."""

    def describe_for(self, may_see: MaySee) -> Description:
        """The description as a seat sees it: cards in hands it may not see are left out (P-5).

        ``may_see(character)`` says whether the seat may read that character's hand. A result
        that shows no hand (most do not) is the same for everyone.
        """
        return self.describe()

    @property
    def rig(self) -> dict[str, Any] | None:
        """The cards and dice set by hand for this result's turn (a practice game's rig, G-1), or None."""
        return self.__dict__.get("_kit_rig")

    def mark_rigged(self, rig: Mapping[str, Any]) -> None:
        """Record that this result's cards or dice were set by hand: every rendering then says so (G-1)."""
        object.__setattr__(self, "_kit_rig", dict(rig))  # results are frozen dataclasses; this is no field

    def _repr_html_(self) -> str:
        return write(self.describe(), "html")

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        printer.text(write(self.describe(), "text"))  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return write(self.describe(), "text")


Writer = Callable[[Description], str]
_WRITERS: dict[str, Writer] = {}


def register_writer(fmt: str, writer: Writer) -> None:
    """Make ``writer`` the one that renders descriptions as ``fmt`` (``kit.render`` registers its writers).

    The core knows no renderer: the layer above registers itself, so the core imports nothing above it.
    """
    _WRITERS[fmt] = writer


def write(description: Description, fmt: str) -> str:
    """``description`` rendered by the writer registered for ``fmt`` (``"text"``, ``"html"`` …)."""
    try:
        writer = _WRITERS[fmt]
    except KeyError:
        raise LookupError(f"no writer for {fmt!r} is registered: import kit.render first") from None
    return writer(description)


def rigging_note(rig: Mapping[str, Any]) -> str:
    """``Rigged: cards set by hand (fate deck: 4H 8C) — a practice game (G-1).`` for a result's rig."""
    parts = []
    for deck, codes in (rig.get("cards") or {}).items():
        parts.append(f"{deck} deck: {' '.join(str(code) for code in codes)}")
    if rig.get("dice"):
        parts.append("dice: " + " ".join(str(die) for die in rig["dice"]))
    what = "cards and dice" if rig.get("cards") and rig.get("dice") else "cards" if rig.get("cards") else "dice"
    return f"Rigged: {what} set by hand ({'; '.join(parts)}) — a practice game (G-1)."


def _with_rigging(describe: Callable[..., Description]) -> Callable[..., Description]:
    """``describe`` (or ``describe_for``) that adds the rigging note to a rigged result's description, first."""

    @functools.wraps(describe)
    def described(self: Any, *args: Any) -> Description:
        description = describe(self, *args)
        rig = self.__dict__.get("_kit_rig")
        if not rig or rigging_note(rig) in description.notes:
            return description
        return replace(description, notes=(rigging_note(rig), *description.notes))

    described._marks_rigging = True  # type: ignore[attr-defined]
    return described
