"""Every widget of the kit (and of each system's widgets) declares its parts on its class: exactly the widgets it holds.

A component says in one place what it offers Python and the page (:mod:`kit.widgets.controls`):
each control, view, refusal line and box, with what it is for. This walks every component of
every system the widgets registry names — its table (seated as the GM, the drawer and every part
made on first use opened), its components, character builder and GM panel built alone, and a
sealed table — and checks each widget of the kit it meets: every part declared is there and of
its kind, and every public attribute holding a widget is declared.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from kit.widgets import registry
from kit.widgets.component import Component
from kit.widgets.parts import Part, declared_parts
from kit.widgets.table import Table

MISSING = object()


def ours(klass: type) -> bool:
    """Whether ``klass`` is the kit's own or a registered system's widgets package's (not ipywidgets')."""
    return klass.__module__.startswith(("kit.", *(f"{package}." for package in registry.WIDGETS.values())))


def widget_values(value: Any) -> list[Any] | None:
    """The widgets ``value`` holds: itself, or every item of a non-empty list, tuple or dict of widgets; else None."""
    if isinstance(value, widgets.DOMWidget):
        return [value]
    items = list(value.values()) if isinstance(value, dict) else list(value) if isinstance(value, list | tuple) else []
    if items and all(isinstance(item, widgets.DOMWidget) for item in items):
        return items
    return None


def held_widgets(widget: widgets.Widget) -> dict[str, Any]:
    """The public attributes of ``widget`` that hold widgets, and the kit's properties that return one."""
    found = {name: value for name, value in vars(widget).items()
             if not name.startswith("_") and widget_values(value) is not None}
    for klass in type(widget).__mro__:
        if not ours(klass):
            continue
        for name, attribute in vars(klass).items():
            if isinstance(attribute, property) and not name.startswith("_"):
                value = getattr(widget, name)
                if isinstance(value, widgets.DOMWidget):
                    found[name] = value
    return found


def problems_of(widget: widgets.Widget) -> list[str]:
    """What is wrong with ``widget``'s declarations: a part missing or of another kind, a widget not declared."""
    kind = type(widget).__name__
    declared = declared_parts(type(widget))
    problems = []
    for name, part in declared.items():
        value = getattr(widget, name, MISSING)  # a part made on first use is made now
        if not part.help:
            problems.append(f"{kind}.{name} does not say what it is for")
        if value is MISSING:
            problems.append(f"{kind}.{name} is declared but never made")
        elif value is not None and value not in ([], {}, ()):  # None or empty: not made here, or none yet
            if not all(part.fits(item) for item in widget_values(value) or [value]):
                problems.append(f"{kind}.{name} is declared a {part.kind} but holds {type(value).__name__}")
    problems += [f"{kind}.{name} holds a widget but is not declared" for name in held_widgets(widget)
                 if name not in declared]
    return problems


def kit_widgets(*roots: Any) -> Iterator[widgets.Widget]:
    """Every widget of the kit under ``roots``: through children and through every part declared."""
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        widget = todo.pop()
        if id(widget) in seen or not isinstance(widget, widgets.DOMWidget):
            continue
        seen.add(id(widget))
        if ours(type(widget)):
            yield widget
        for name in declared_parts(type(widget)):
            todo += widget_values(getattr(widget, name, None)) or []
        todo += list(getattr(widget, "children", ()) or ())


def start(system: str, folder: Path, *, sealed: bool = False) -> Table:
    """A table of ``system`` on a new game of Ann and Ben with the GM "GM" (ready-made characters unless sealed)."""
    table = Table(system, games_dir=folder)
    table.players_box.value = "Ann, Ben"
    table.gm_box.value = "GM"
    table.name_box.value = f"parts-{system}"
    table.sealed_choice.sealed_box.value = sealed
    table.new_button.click()
    assert table.session is not None, table.shelf_error.message
    table.seat_picker.picker.value = "GM"
    return table


@pytest.mark.parametrize("system", list(registry.WIDGETS))
def test_every_part_of_every_component_is_declared_and_every_declared_part_is_there(system: str,
                                                                                     tmp_path: Path) -> None:
    table = start(system, tmp_path / "open")
    session = table.session
    assert session is not None and session.is_gm
    builder = registry.builder_for(system, session)
    if hasattr(builder, "add_weapon"):
        builder.add_weapon()  # a sheet's rows are parts too
    alone = [*registry.components_for(system, session), builder, registry.gm_panel_for(system, session)]
    sealed = start(system, tmp_path / "sealed", sealed=True)
    checked = list(kit_widgets(table, sealed, *alone))
    components = [widget for widget in checked if isinstance(widget, Component)]
    assert {type(part).__name__ for part in alone} <= {type(widget).__name__ for widget in components}
    assert any(type(widget).__name__ == "SeatKeyPanel" for widget in checked)  # the sealed table's panels
    assert [problem for widget in checked for problem in problems_of(widget)] == []


def test_a_part_says_what_it_is_for_and_a_widget_missing_or_undeclared_is_found() -> None:
    class Probe(widgets.VBox):
        shown = Part("A part that is made.")

        def __init__(self) -> None:
            super().__init__()
            self.shown = widgets.Button()
            self.stray = widgets.HTML()

    probe = Probe()
    assert "A part that is made." in repr(Probe.shown)
    assert problems_of(probe) == ["Probe.stray holds a widget but is not declared"]
    del probe.__dict__["shown"]
    assert problems_of(probe)[0] == "Probe.shown is declared but never made"
