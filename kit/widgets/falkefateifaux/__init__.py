"""The FalkeFateiFaux table's components: the stack resolver (flip, choose, guide) and the hand viewer."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ipywidgets as widgets

    from kit.widgets.session import TableSession

EXPORTS = {
    "StackResolver": "kit.widgets.falkefateifaux.stack_resolver",
    "HandViewer": "kit.widgets.falkefateifaux.hand_viewer",
}
"""Each component class by name → the module that defines it (``from kit.widgets import ...``)."""
EXPORTS["FalkeFateiFauxCharacterBuilder"] = "kit.widgets.falkefateifaux.builder"  # the character builder
EXPORTS["FalkeFateiFauxGMPanel"] = "kit.widgets.falkefateifaux.gm_panel"  # the GM panel, class GMPanel there


def components(session: TableSession) -> list[widgets.Widget]:
    """The components a FalkeFateiFaux table shows, built on one session."""
    from kit.widgets.falkefateifaux.hand_viewer import HandViewer
    from kit.widgets.falkefateifaux.stack_resolver import StackResolver

    return [StackResolver(session), HandViewer(session)]


def make_gm_panel(session: TableSession) -> widgets.Widget:
    """The FalkeFateiFaux GM panel on one session: every action the rules give the GM (shown to the GM's seat)."""
    from kit.widgets.falkefateifaux.gm_panel import GMPanel

    return GMPanel(session)


def make_builder(session: TableSession) -> widgets.Widget:
    """The FalkeFateiFaux character builder on one session: a sheet checked live against the creation rule."""
    from kit.widgets.falkefateifaux.builder import CharacterBuilder

    return CharacterBuilder(session)
