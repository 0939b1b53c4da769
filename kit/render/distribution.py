"""A compact view of an outcome distribution: an inline SVG bar chart with a text alternative.

Inline SVG renders the same in JupyterLab, Voilà, GitHub and nbviewer and stays small in a
saved notebook. Bars at or above the success line are drawn dark; the chart's title and the
figure caption carry the numbers, so colour is never the only carrier of meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape


def percent(probability: Fraction | float) -> str:
    """A probability as a percentage with one decimal: ``62.5%``."""
    return f"{float(probability) * 100:.1f}%"


def success_chance(distribution: Mapping[int, Fraction], succeeds: Callable[[int], bool]) -> Fraction:
    """The total probability of the outcomes for which ``succeeds`` is true."""
    return sum((p for value, p in distribution.items() if succeeds(value)), Fraction(0))


def distribution_svg(
    distribution: Mapping[int, Fraction],
    succeeds: Callable[[int], bool] | None = None,
    *,
    label: str = "outcome",
    width: int = 320,
    height: int = 80,
) -> str:
    """Render a distribution over whole numbers as an inline SVG bar chart inside a figure."""
    if not distribution:
        return '<figure class="kit-odds"><figcaption>No outcomes.</figcaption></figure>'
    low, high = min(distribution), max(distribution)
    values = list(range(low, high + 1))
    peak = max(distribution.values()) or Fraction(1)
    bar = max(2, (width - 20) // len(values))
    plot_height = height - 16
    bars = []
    for position, value in enumerate(values):
        p = distribution.get(value, Fraction(0))
        h = round(float(p / peak) * plot_height)
        good = succeeds(value) if succeeds else True
        fill = "#1565c0" if good else "#b0bec5"
        x = 10 + position * bar
        bars.append(
            f'<rect x="{x}" y="{plot_height - h}" width="{max(1, bar - 1)}" height="{h}" fill="{fill}">'
            f"<title>{escape(label)} {value}: {percent(p)}</title></rect>"
        )
    caption = f"{escape(label)} {low}–{high}"
    if succeeds is not None:
        chance = success_chance(distribution, succeeds)
        caption = f"Success {percent(chance)} (dark bars); {caption}"
    axis = (
        f'<text x="10" y="{height - 2}" font-size="10">{low}</text>'
        f'<text x="{10 + (len(values) - 1) * bar}" y="{height - 2}" font-size="10">{high}</text>'
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{caption}">{"".join(bars)}{axis}</svg>'
    )
    return f'<figure class="kit-odds" style="margin:2px 0">{svg}<figcaption style="font-size:smaller">' \
           f"{caption}</figcaption></figure>"
