"""The Suit Pairs table's component: the attribute tracker (sheet, check, reroll, accept, GM awards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ipywidgets as widgets

    from kit.widgets.session import TableSession

EXPORTS = {"AttributeTracker": "kit.widgets.suitpairs.attribute_tracker"}
"""Each component class by name → the module that defines it (``from kit.widgets import ...``)."""


def components(session: TableSession) -> list[widgets.Widget]:
    """The components a Suit Pairs table shows, built on one session."""
    from kit.widgets.suitpairs.attribute_tracker import AttributeTracker

    return [AttributeTracker(session)]
