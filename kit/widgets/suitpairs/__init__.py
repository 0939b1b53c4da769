"""The Suit Pairs table's component: the attribute tracker (sheet, check, reroll, accept, GM awards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ipywidgets as widgets

    from kit.widgets.session import TableSession

EXPORTS = {"AttributeTracker": "kit.widgets.suitpairs.attribute_tracker"}
"""Each component class by name → the module that defines it (``from kit.widgets import ...``)."""
EXPORTS["SuitPairsCharacterBuilder"] = "kit.widgets.suitpairs.builder"  # the character builder
EXPORTS["SuitPairsGMPanel"] = "kit.widgets.suitpairs.gm_panel"  # the GM panel, class GMPanel there


def components(session: TableSession) -> list[widgets.Widget]:
    """The components a Suit Pairs table shows, built on one session."""
    from kit.widgets.suitpairs.attribute_tracker import AttributeTracker

    return [AttributeTracker(session)]


def make_gm_panel(session: TableSession) -> widgets.Widget:
    """The Suit Pairs GM panel on one session: every action the rules give the GM (shown to the GM's seat)."""
    from kit.widgets.suitpairs.gm_panel import GMPanel

    return GMPanel(session)


def make_builder(session: TableSession) -> widgets.Widget:
    """The Suit Pairs character builder on one session: a sheet checked live against the creation rule."""
    from kit.widgets.suitpairs.builder import CharacterBuilder

    return CharacterBuilder(session)
