"""One description of every result, shared by all renderers (text, Markdown, BBCode, HTML).

Systems describe their results with these plain values; ``kit.render`` turns them into
formats. Every string here is plain text: renderers escape it on its way into HTML.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Literal

Tone = Literal["success", "failure", "neutral", "warning"]


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

    @abstractmethod
    def describe(self) -> Description:
        """The result's description."""

    def _repr_html_(self) -> str:
        from kit.render import to_html

        return to_html(self.describe())

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        from kit.render import to_text

        printer.text(to_text(self.describe()))  # type: ignore[attr-defined]

    def __str__(self) -> str:
        from kit.render import to_text

        return to_text(self.describe())
