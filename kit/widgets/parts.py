"""What a component offers Python and the page, declared on its class: its parts, each with what it is for.

A component says in one place every widget it holds for Python and the page
(``HandViewer.discard_button``, ``StackResolver.plan_view``), each with what it is for::

    class HandViewer(Component):
        discard_button = Control("Discard the selected cards, when the game asks for a discard (F-10).")
        discard_error = Refusal("Why a discard was refused.")
        summary_view = View("Cards held against Card Refresh, and the Fate and Burning Fate tokens.")

A declaration is a :class:`Part`: a :class:`Control` (something a person presses, picks, types or
ticks), a :class:`View` (something shown), a :class:`Refusal` (a refusal line) or a :class:`Box`
(a group of parts). ``__init__`` then makes the widget where it always did
(``self.discard_button = labelled_button(...)``, :mod:`kit.widgets.controls`), and the instance's
own attribute is read from then on, at the speed of any attribute (a part is a non-data
descriptor). A part made on first use is declared with where it comes from —
``within="form"`` (an attribute of the object ``self.form``), ``made_by="_make_panel"`` (a method
that makes it into the instance) — or as a decorated getter (``@Control()`` over a method whose
docstring says what it is for, read like a property). :func:`declared_parts` lists a class's
parts; ``tests/widgets/test_declared_parts.py`` checks, for every component of every registered
system and the table around them, that the parts declared are exactly the widgets each holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import ipywidgets as widgets

from kit.widgets.common import ErrorLine


class Part:
    """A widget a component offers, declared on its class with what it is for (``help``).

    Without ``within``, ``made_by`` or a getter, the component's ``__init__`` makes it and
    assigns it; reading it before that raises ``AttributeError``. ``within="form"`` reads it
    from ``self.form`` (an object that makes its controls the first time it is read);
    ``made_by="_make_panel"`` calls that method the first time it is read, which puts it in the
    instance; a getter (the declaration used as a decorator) is called at each read, as a
    property's would be.
    """

    kind: ClassVar[str] = "part"
    """What sort of part: ``control``, ``view``, ``refusal`` or ``box``."""

    def __init__(self, help: str = "", *, within: str | None = None, made_by: str | None = None):
        self.help = help
        self.within = within
        self.made_by = made_by
        self.name = ""
        self.getter: Callable[[Any], Any] | None = None

    def __call__(self, getter: Callable[[Any], Any]) -> Part:
        """Declare a part read through ``getter`` (the declaration as a decorator over a method): what it is for
        is the getter's docstring, unless the declaration says it."""
        self.getter = getter
        self.help = self.help or (getter.__doc__ or "").strip()
        self.__doc__ = self.help
        return self

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        if self.getter is not None:
            return self.getter(instance)
        if self.within is not None:
            return getattr(getattr(instance, self.within), self.name)
        if self.made_by is not None:
            getattr(instance, self.made_by)()
            if self.name in instance.__dict__:
                return instance.__dict__[self.name]
        raise AttributeError(f"{type(instance).__name__}.{self.name} is not made yet")

    def fits(self, value: Any) -> bool:
        """Whether ``value`` is a widget of this kind (each widget of a collection is checked alone)."""
        return isinstance(value, widgets.DOMWidget)

    def __repr__(self) -> str:
        return f"<{self.kind}: {self.help}>"


class Control(Part):
    """Something a person presses, picks, types or ticks: a button, a picker, a box, a card row."""

    kind = "control"

    def fits(self, value: Any) -> bool:
        """Any widget but a line of HTML (a view or a refusal line)."""
        return super().fits(value) and not isinstance(value, widgets.HTML)


class View(Part):
    """Something the component shows: a line or block of HTML (an odds view, a problem line)."""

    kind = "view"

    def fits(self, value: Any) -> bool:
        """An HTML view that is not a refusal line."""
        return isinstance(value, widgets.HTML) and not isinstance(value, ErrorLine)


class Refusal(Part):
    """A refusal line (:class:`~kit.widgets.common.ErrorLine`): why an action was refused, beside its control."""

    kind = "refusal"

    def fits(self, value: Any) -> bool:
        """A refusal line."""
        return isinstance(value, ErrorLine)


class Box(Part):
    """A group of parts shown, hidden or laid out together (a section, a panel, a region of the table)."""

    kind = "box"

    def fits(self, value: Any) -> bool:
        """A box of widgets."""
        return isinstance(value, widgets.Box)


def declared_parts(cls: type) -> dict[str, Part]:
    """Every part ``cls`` and its bases declare, by name (a subclass's declaration wins)."""
    found: dict[str, Part] = {}
    for klass in reversed(cls.__mro__):
        for name, value in vars(klass).items():
            if isinstance(value, Part):
                found[name] = value
    return found


__all__ = ["Box", "Control", "Part", "Refusal", "View", "declared_parts"]
