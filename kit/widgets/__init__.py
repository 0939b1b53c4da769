"""The ipywidgets component library: hand viewer, stack resolver, attribute tracker, combat round
sequencer, and the pieces they share. Widgets hold no rules: they act through a
:class:`~kit.widgets.session.TableSession` and show results through ``kit.render``.
"""

from kit.widgets.common import CardPicker, ErrorLine, OddsView, PlayLog, attempt
from kit.widgets.session import TableSession

__all__ = ["CardPicker", "ErrorLine", "OddsView", "PlayLog", "TableSession", "attempt"]
