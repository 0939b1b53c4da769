"""Layouts and styles shared by the widgets that never change them.

Every ipywidgets control brings a layout model and most a style model of their own: a table
of ninety controls sends the page nearly three hundred models to create before it is drawn.
Most of those layouts and styles are never touched after the control is made, so controls
with the same settings share one model here. A shared model refuses any change (a change
would move every control that shares it): a control whose layout or style changes later
must be given its own.
"""

from __future__ import annotations

from typing import Any, TypeVar

import ipywidgets as widgets

W = TypeVar("W", bound=widgets.Widget)

_shared: dict[tuple[type, tuple[tuple[str, Any], ...]], widgets.Widget] = {}


class SharedModelChanged(RuntimeError):
    """A shared layout or style was changed: give the control its own instead."""


def _refuse_change(change: dict[str, Any]) -> None:
    owner = change["owner"]
    with _unobserved(owner):
        setattr(owner, change["name"], change["old"])  # put it back: the refusal changes nothing
    raise SharedModelChanged(
        f"{type(owner).__name__}.{change['name']} was set on a layout or style shared by several controls; "
        "give that control its own (layout=widgets.Layout(...)) to change it"
    )


class _unobserved:
    """Within it, putting a shared model's trait back does not call the refusal again."""

    def __init__(self, model: widgets.Widget):
        self.model = model

    def __enter__(self) -> None:
        self.model.unobserve(_refuse_change, names=_public(self.model))

    def __exit__(self, *_: object) -> None:
        self.model.observe(_refuse_change, names=_public(self.model))


def _public(model: widgets.Widget) -> list[str]:
    return [name for name in model.keys if not name.startswith("_")]


def shared_model(kind: type[W], **traits: Any) -> W:
    """The one ``kind`` model with these traits that every control asking for it shares (never change it)."""
    key = (kind, tuple(sorted(traits.items())))
    model = _shared.get(key)
    if model is None or model.comm is None:  # none yet, or closed since
        model = kind(**traits)
        model.observe(_refuse_change, names=_public(model))
        _shared[key] = model
    return model  # type: ignore[return-value]


def fixed_layout(**traits: Any) -> widgets.Layout:
    """A layout shared by every control laid out with these settings."""
    return shared_model(widgets.Layout, **traits)


def fixed_style(control: type[widgets.Widget], **traits: Any) -> widgets.Style:
    """The style model ``control`` takes, with these settings, shared by every such control."""
    kind = control.class_traits()["style"].klass
    return shared_model(kind, **traits)


def fixed(control: type[W], *, layout: dict[str, Any] | None = None, style: dict[str, Any] | None = None,
          own_layout: bool = False, **kwargs: Any) -> W:
    """A ``control`` whose style (and, unless ``own_layout``, layout) never change, drawn with shared models.

    ``layout`` and ``style`` are the settings as dicts (``{"width": "auto"}``); everything else
    goes to the control as usual. ``own_layout`` gives the control a layout of its own, for one
    that is shown and hidden.
    """
    settings = layout or {}
    kwargs["layout"] = widgets.Layout(**settings) if own_layout else fixed_layout(**settings)
    if "style" in control.class_traits():
        kwargs["style"] = fixed_style(control, **(style or {}))
    return control(**kwargs)


def html(value: str = "", **kwargs: Any) -> widgets.HTML:
    """An HTML view with the shared layout and style (its value changes; its look does not)."""
    return fixed(widgets.HTML, value=value, **kwargs)


__all__ = ["SharedModelChanged", "fixed", "fixed_layout", "fixed_style", "html", "shared_model"]
