"""Where the kit runs: a Python process of its own, or a browser tab (Pyodide, the static site).

In a browser tab there are no threads, no other processes and no file locks. The tab is the only
writer of its games folder (the browser's storage for the site), so a game file is still written
as everywhere else, to a temporary file moved over the old one, but without a lock beside it.
"""

from __future__ import annotations

import sys

IN_BROWSER = sys.platform == "emscripten"
"""True when the kit runs in Pyodide in a browser tab."""

__all__ = ["IN_BROWSER"]
