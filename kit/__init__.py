"""kit: a notebook kit for tabletop role-playing groups who play by post.

The rules cores live in ``kit.falkefateifaux``, ``kit.suitpairs`` and ``kit.rollunder``;
everything they share (cards, decks, dice, the random source, the event log) is in
``kit.core``. Rendering, game files and widgets are layers above and are imported lazily.
"""

__version__ = "0.1.0"
