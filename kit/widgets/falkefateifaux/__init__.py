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


def components(session: TableSession) -> list[widgets.Widget]:
    """The components a FalkeFateiFaux table shows, built on one session."""
    from kit.widgets.falkefateifaux.hand_viewer import HandViewer
    from kit.widgets.falkefateifaux.stack_resolver import StackResolver

    return [StackResolver(session), HandViewer(session)]
