"""The ipywidgets component library: hand viewer, stack resolver, attribute tracker, combat round
sequencer, and the pieces they share. Widgets hold no rules: they act through a
:class:`~kit.widgets.session.TableSession` and show results through ``kit.render``.
Components are imported when first used, so ``import kit.widgets`` stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

from kit.widgets.common import CardPicker, ErrorLine, OddsView, attempt
from kit.widgets.play_log import PlayLog
from kit.widgets.registry import exported_components
from kit.widgets.session import TableSession

_COMPONENTS = {
    **exported_components(),
    "Table": "kit.widgets.table",
    "CardFace": "kit.widgets.card_faces",
    "FacePicker": "kit.widgets.card_faces",
    "card_face": "kit.widgets.card_faces",
}

__all__ = ["CardPicker", "ErrorLine", "OddsView", "PlayLog", "TableSession", "attempt", *_COMPONENTS]


def __getattr__(name: str) -> Any:
    """Import a component on first use (``from kit.widgets import StackResolver``)."""
    if name in _COMPONENTS:
        return getattr(importlib.import_module(_COMPONENTS[name]), name)
    raise AttributeError(f"module 'kit.widgets' has no attribute {name!r}")
