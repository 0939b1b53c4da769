"""The Roll-Under table's components: the combat round sequencer, plain and opposed tests, the Tarot hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ipywidgets as widgets

    from kit.widgets.session import TableSession

EXPORTS = {"CombatSequencer": "kit.widgets.rollunder.combat_sequencer", "TarotHand": "kit.widgets.rollunder.tarot_hand"}
"""Each component class by name → the module that defines it (``from kit.widgets import ...``)."""
EXPORTS["RollUnderCharacterBuilder"] = "kit.widgets.rollunder.builder"  # the character builder
EXPORTS["RollUnderGMPanel"] = "kit.widgets.rollunder.gm_panel"  # the GM panel, class GMPanel there
EXPORTS["TestsPanel"] = "kit.widgets.rollunder.tests_panel"  # plain and opposed tests


def components(session: TableSession) -> list[widgets.Widget]:
    """The components a Roll-Under table shows, built on one session."""
    from kit.widgets.rollunder.combat_sequencer import CombatSequencer
    from kit.widgets.rollunder.tarot_hand import TarotHand
    from kit.widgets.rollunder.tests_panel import TestsPanel

    return [CombatSequencer(session), TestsPanel(session), TarotHand(session)]


def make_gm_panel(session: TableSession) -> widgets.Widget:
    """The Roll-Under GM panel on one session: every action the rules give the GM (shown to the GM's seat)."""
    from kit.widgets.rollunder.gm_panel import GMPanel

    return GMPanel(session)


def make_builder(session: TableSession) -> widgets.Widget:
    """The Roll-Under character builder on one session: a sheet checked live against the creation rule."""
    from kit.widgets.rollunder.builder import CharacterBuilder

    return CharacterBuilder(session)
