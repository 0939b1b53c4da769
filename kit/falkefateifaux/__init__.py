"""FalkeFateiFaux: FAE characters, Castle Falkenstein's hands and Malifaux's card flips.

>>> from kit.falkefateifaux import FalkeFateiFauxGame, card_value
>>> card_value("4H", "C"), card_value("KH", "C"), card_value("4C", "C")
(0, 8, 4)
"""

from kit.falkefateifaux.game import FalkeFateiFauxGame
from kit.falkefateifaux.results import Awaiting, CardReport, FlipPlan, FlipResult, SidePlan, SideReport, TableChange
from kit.falkefateifaux.rules import (
    ARMOR_OF_ITHAN,
    Duration,
    DurationTable,
    Factor,
    Pick,
    armor_of_ithan_duration,
    band,
    card_value,
    choose_card,
    chooser_for,
    degree_of,
    net_advantage,
    stack_size,
    succeeded,
    total_modifier,
)
from kit.falkefateifaux.skills import LADDER, SKILLS

__all__ = [
    "ARMOR_OF_ITHAN",
    "LADDER",
    "SKILLS",
    "Awaiting",
    "CardReport",
    "Duration",
    "DurationTable",
    "Factor",
    "FalkeFateiFauxGame",
    "FlipPlan",
    "FlipResult",
    "Pick",
    "SidePlan",
    "SideReport",
    "TableChange",
    "armor_of_ithan_duration",
    "band",
    "card_value",
    "choose_card",
    "chooser_for",
    "degree_of",
    "net_advantage",
    "stack_size",
    "succeeded",
    "total_modifier",
]
