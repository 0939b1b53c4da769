"""Each system's widgets, registered by name: the package whose ``components(session)`` builds its table.

Adding a system's widgets is one line here (and a folder ``kit/widgets/<system>/``); the table
asks this registry and names no system.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import ipywidgets as widgets

    from kit.widgets.session import TableSession

WIDGETS: dict[str, str] = {
    "falkefateifaux": "kit.widgets.falkefateifaux",
    "suitpairs": "kit.widgets.suitpairs",
    "rollunder": "kit.widgets.rollunder",
}


class SystemWidgets(Protocol):
    """What a system's widgets package provides."""

    def components(self, session: TableSession) -> list[widgets.Widget]:
        """The components its table shows, built on one session."""

    def make_builder(self, session: TableSession) -> widgets.Widget:
        """Its character builder (a sheet checked live against the creation rule)."""

    def make_gm_panel(self, session: TableSession) -> widgets.Widget:
        """Its GM panel: every action the rules give the GM."""


def widgets_of(system: str) -> SystemWidgets:
    """The widgets package of ``system`` (a registry name); KeyError for a system without widgets."""
    return importlib.import_module(WIDGETS[system])  # type: ignore[return-value]


def exported_components() -> dict[str, str]:
    """Every system's component classes by name → module, for ``from kit.widgets import StackResolver``."""
    found: dict[str, str] = {}
    for system in WIDGETS:
        found.update(getattr(widgets_of(system), "EXPORTS", {}))
    return found


def components_for(system: str, session: TableSession) -> list[widgets.Widget]:
    """The system's components, built on one session."""
    return widgets_of(system).components(session)


def builder_for(system: str, session: TableSession) -> widgets.Widget:
    """The system's character builder on ``session``."""
    return widgets_of(system).make_builder(session)


def gm_panel_for(system: str, session: TableSession) -> widgets.Widget:
    """The system's GM panel on ``session`` (the table shows it to the GM's seat only)."""
    return widgets_of(system).make_gm_panel(session)
