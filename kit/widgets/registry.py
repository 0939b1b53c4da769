"""Each system's widgets, registered by name: the package whose factories build its table.

Adding a system's widgets is one line here (and a folder ``kit/widgets/<system>/``); the table
asks this registry and names no system. The factories' names in the package are the system's
own (:class:`kit.core.system.WidgetFactories`, ``SystemInfo.widgets``): by default
``components(session)``, ``make_builder(session)`` and ``make_gm_panel(session)``; every package
also lists its component classes in ``EXPORTS`` (name → module).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from kit.systems import system_info

if TYPE_CHECKING:
    import ipywidgets as widgets

    from kit.widgets.session import TableSession

WIDGETS: dict[str, str] = {
    "falkefateifaux": "kit.widgets.falkefateifaux",
    "suitpairs": "kit.widgets.suitpairs",
    "rollunder": "kit.widgets.rollunder",
}


class SystemWidgets(Protocol):
    """What a system's widgets package provides, under the default names (``SystemInfo.widgets`` may give others).

    It also lists its component classes in ``EXPORTS``: class name → the module that defines it.
    """

    def components(self, session: TableSession) -> list[widgets.Widget]:
        """The components its table shows, built on one session."""

    def make_builder(self, session: TableSession) -> widgets.Widget:
        """Its character builder (a sheet checked live against the creation rule)."""

    def make_gm_panel(self, session: TableSession) -> widgets.Widget:
        """Its GM panel: every action the rules give the GM."""


def widgets_of(system: str) -> SystemWidgets:
    """The widgets package of ``system`` (a registry name); KeyError for a system without widgets."""
    return importlib.import_module(WIDGETS[system])  # type: ignore[return-value]


def factory(system: str, part: str) -> Callable[..., Any]:
    """The factory of ``system``'s widgets package that ``part`` names (``components``, ``builder``, ``gm_panel``).

    Its name in the package is the one the system gives (``SystemInfo.widgets``); AttributeError
    for a package without it.
    """
    name = getattr(system_info(system).widgets, part)
    return getattr(widgets_of(system), name)  # type: ignore[no-any-return]


def exported_components() -> dict[str, str]:
    """Every system's component classes by name → module, for ``from kit.widgets import StackResolver``.

    Read from each package's ``EXPORTS`` alone: listing them imports no system.
    """
    found: dict[str, str] = {}
    for system in WIDGETS:
        found.update(getattr(widgets_of(system), "EXPORTS", {}))
    return found


def components_for(system: str, session: TableSession) -> list[widgets.Widget]:
    """The system's components, built on one session."""
    return factory(system, "components")(session)  # type: ignore[no-any-return]


def builder_for(system: str, session: TableSession) -> widgets.Widget:
    """The system's character builder on ``session``."""
    return factory(system, "builder")(session)


def gm_panel_for(system: str, session: TableSession) -> widgets.Widget:
    """The system's GM panel on ``session`` (the table shows it to the GM's seat only)."""
    return factory(system, "gm_panel")(session)
