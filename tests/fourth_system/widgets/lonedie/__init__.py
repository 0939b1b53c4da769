"""The Lone Die table's component: the die roller (roll against a target, claim the standing roll)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ipywidgets as widgets

    from kit.widgets.session import TableSession

EXPORTS = {"DieRoller": "fourth_system.widgets.lonedie.roller"}
"""Each component class by name → the module that defines it (``from kit.widgets import ...``)."""
EXPORTS["LoneDieCharacterBuilder"] = "fourth_system.widgets.lonedie.builder"  # the character builder
EXPORTS["LoneDieGMPanel"] = "fourth_system.widgets.lonedie.gm_panel"  # the GM panel, class GMPanel there


def components(session: TableSession) -> list[widgets.Widget]:
    """The components a Lone Die table shows, built on one session."""
    from fourth_system.widgets.lonedie.roller import DieRoller

    return [DieRoller(session)]


def make_gm_panel(session: TableSession) -> widgets.Widget:
    """The Lone Die GM panel on one session: every action the rules give the GM (shown to the GM's seat)."""
    from fourth_system.widgets.lonedie.gm_panel import GMPanel

    return GMPanel(session)


def make_builder(session: TableSession) -> widgets.Widget:
    """The Lone Die character builder on one session: a sheet checked live against L-1."""
    from fourth_system.widgets.lonedie.builder import CharacterBuilder

    return CharacterBuilder(session)
