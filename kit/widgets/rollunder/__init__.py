"""The Roll-Under table's components: the combat round sequencer and the Tarot hand of fate cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ipywidgets as widgets

    from kit.widgets.session import TableSession

EXPORTS = {"CombatSequencer": "kit.widgets.rollunder.combat_sequencer", "TarotHand": "kit.widgets.rollunder.tarot_hand"}
"""Each component class by name → the module that defines it (``from kit.widgets import ...``)."""


def components(session: TableSession) -> list[widgets.Widget]:
    """The components a Roll-Under table shows, built on one session."""
    from kit.widgets.rollunder.combat_sequencer import CombatSequencer
    from kit.widgets.rollunder.tarot_hand import TarotHand

    return [CombatSequencer(session), TarotHand(session)]
