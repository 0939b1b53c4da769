"""kit: a notebook kit for tabletop role-playing groups who play by post.

Each system's rules core is a package registered in ``kit.systems``;
everything they share (cards, decks, dice, the random source, the event log) is in
``kit.core``. Game files and widgets are layers above and are imported when asked for; the
renderers (``kit.render``) are imported with the package, so that they register themselves
with the core and every result shows itself in a notebook.
"""

__version__ = "0.1.0"

from kit import render  # noqa: F401  (registers the writers with kit.core.describe)
