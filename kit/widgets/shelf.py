"""The shelf on the page: the link that downloads a game file from the table.

The shelf itself — the folder of game files, new games, uploads — is no widget: it lives below
the widgets, in :mod:`kit.gamefile.shelf`, which the table imports.
"""

from __future__ import annotations

import base64
from pathlib import Path

from kit.gamefile.shelf import shown_name


def download_link(path: Path) -> str:
    """An HTML link that downloads the game file, built in the kernel (Voilà serves no .ipynb)."""
    from html import escape

    data = base64.b64encode(path.read_bytes()).decode("ascii")
    name = escape(shown_name(path.name, limit=255))
    return (f'<a class="kit-download jupyter-button" download="{name}" style="display:inline-flex;'
            "align-items:center;min-height:2.2em;padding:0 1em;border:1px solid #1565c0;border-radius:4px;"
            f'color:#0d47a1;background:#e3f2fd;text-decoration:none" '
            f'href="data:application/x-ipynb+json;base64,{data}">⬇ Download {name}</a>')
