"""One display for every odds object: the compact SVG bar chart with the chance in words, and a text table."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from kit.render.distribution import distribution_svg, percent


def chance_words(p: Fraction) -> str:
    """A chance in words with its exact fraction: ``62.5% (5/8), likely``."""
    if p == 0:
        word = "impossible"
    elif p == 1:
        word = "certain"
    elif p < Fraction(1, 10):
        word = "very unlikely"
    elif p < Fraction(35, 100):
        word = "unlikely"
    elif p <= Fraction(65, 100):
        word = "about even"
    elif p <= Fraction(9, 10):
        word = "likely"
    else:
        word = "very likely"
    return f"{percent(p)} ({p}), {word}"


@dataclass(frozen=True)
class DistributionView:
    """A distribution over whole numbers, the outcomes that count as success, and a headline.

    ``_repr_html_`` draws the shared compact SVG (:func:`kit.render.distribution.distribution_svg`)
    under the headline; :meth:`table` gives the same as plain text lines.
    """

    distribution: Mapping[int, Fraction]
    succeeds: Callable[[int], bool] | None
    label: str = "outcome"
    headline: str = ""

    def _repr_html_(self) -> str:
        head = f"<div><b>{escape(self.headline)}</b></div>" if self.headline else ""
        svg = distribution_svg(self.distribution, self.succeeds, label=self.label)
        return f'<div class="kit-odds-view">{head}{svg}</div>'

    def table(self) -> list[str]:
        """One line for each value: the value, its exact chance, the percentage, and ``✓`` for a success."""
        width = max((len(str(v)) for v in self.distribution), default=1)
        width = max(width, len(self.label))
        chance_width = max((len(str(p)) for p in self.distribution.values()), default=6)
        lines = [f"{self.label:>{width}}  {'chance':>{chance_width}}  {'%':>6}"]
        for value, p in sorted(self.distribution.items()):
            mark = "  ✓" if self.succeeds is not None and self.succeeds(value) else ""
            lines.append(f"{value:>{width}}  {p!s:>{chance_width}}  {percent(p):>6}{mark}")
        return lines


class ShowsDistribution(ABC):
    """Mixin for odds objects: notebook display through one :class:`DistributionView`."""

    @abstractmethod
    def view(self) -> DistributionView:
        """The view of this object's distribution."""

    def _repr_html_(self) -> str:
        return self.view()._repr_html_()


__all__ = ["DistributionView", "ShowsDistribution", "chance_words"]
