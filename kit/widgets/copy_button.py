"""A Copy button that puts a text on the clipboard from the click itself, in one widget model.

Browsers allow writing to the clipboard only from a user's click, in the page: a kernel cannot
do it. :class:`CopyButton` is an anywidget whose ES module (``copy_button.js`` beside this file:
no build step, nothing fetched, so it works offline) calls ``navigator.clipboard.writeText``
when pressed. Where the clipboard is refused (an insecure page, an old browser, a denied
permission) it shows the text selected in a box beside it and says how to copy it by hand
(Ctrl+C, or a long press on a phone). The page reports each copy back (``copied`` counts them,
``outcome`` says how the last went).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

_CSS = """
.kit-copy { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; max-width: 100%; flex: 0 0 auto; }
.kit-copy-widget { flex: 0 0 auto; }
.kit-copy-button { min-height: 2em; padding: 0 1em; }
.kit-copy-status { color: #1b5e20; }
.kit-copy-fallback { width: 100%; min-height: 6em; }
@media (max-width: 899.98px) { .kit-copy-button { min-height: 44px; width: 100%; } }
"""


class CopyButton(anywidget.AnyWidget):
    """A button that copies ``text`` to the clipboard when pressed (with a select-the-text fallback)."""

    _esm = Path(__file__).parent / "copy_button.js"  # the page side: an ES module beside this file
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    text = traitlets.Unicode("", help="What the button copies; the button is disabled while it is empty.").tag(
        sync=True)
    label = traitlets.Unicode("Copy post", help="The button's words.").tag(sync=True)
    hint = traitlets.Unicode("Copy the post to the clipboard, to paste it into your thread",
                             help="What the button does, as its title (``tooltip`` is DOMWidget's own).").tag(sync=True)
    copied_words = traitlets.Unicode("Copied: paste it into your thread.",
                                     help="What the page says once the text is copied.").tag(sync=True)
    what = traitlets.Unicode("The post", help="What is copied, as the fallback box names it.").tag(sync=True)
    copied = traitlets.Int(0, help="How many times the page has copied the text.").tag(sync=True)
    outcome = traitlets.Unicode("", help="How the last press went: clipboard, selected or refused.").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("kit-copy-widget")


__all__ = ["CopyButton"]
