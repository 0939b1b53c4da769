"""What the three systems share: cards, decks, dice, the random source and the event log.

Nothing in this package imports ipywidgets, IPython or nbformat.
"""

from kit.core.cards import Card, Suit
from kit.core.decks import Deck
from kit.core.errors import RulesError
from kit.core.events import Event, EventLog
from kit.core.game import Game, Rig
from kit.core.randomness import GameRandom
from kit.core.tarot import TarotCard

__all__ = [
    "Card",
    "Deck",
    "Event",
    "EventLog",
    "Game",
    "GameRandom",
    "Rig",
    "RulesError",
    "Suit",
    "TarotCard",
]
