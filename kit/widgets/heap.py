"""Settle the kernel's heap once a cell has built a table, so the first click does not pay for it.

A kernel that has built a table holds tens of thousands of objects (IPython's, the kernel's,
the widgets', the game's) that live as long as the page. Python's cyclic garbage collector runs a
full pass over every long-lived object once enough new ones have accumulated, and the page's build
leaves one owed. It lands wherever the kernel happens to be: as a rule while it reads the page's
first click, before any of the kit's handlers run (a table's first click waited 30 ms for it on
this project's benchmark machine; see docs/browser-figures.md and bench/heap_bench.py).

:func:`settle_after_cell` asks for one full collection at the end of the cell that built the
views, while the page is still loading, and then *freezes* what is left (:func:`gc.freeze`): the
collector's later passes go over what was made after it, not over the page itself. Each settle
first thaws what an earlier one froze, so nothing that was frozen and has since been let go stays
uncollected beyond the next cell that builds views.

Outside IPython (a script, the tests) nothing is asked for: there is no page to answer.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

_pending = False
"""True when a cell has built views since the last settle."""
_registered_with: Any = None
"""The IPython shell whose ``post_run_cell`` event calls :func:`_settle_if_pending`, once registered."""


def _shell() -> Any:
    """The running IPython shell, or None (IPython not imported, or no shell running)."""
    if "IPython" not in sys.modules:
        return None
    from IPython import get_ipython

    return get_ipython()


def settle_after_cell() -> bool:
    """Ask for :func:`settle` once the running cell has finished; False (and nothing asked) outside IPython.

    Views call it as they are built; however many are built in one cell, the heap is settled once.
    """
    global _pending, _registered_with
    shell = _shell()
    if shell is None:
        return False
    if _registered_with is not shell:
        shell.events.register("post_run_cell", _settle_if_pending)
        _registered_with = shell
    _pending = True
    return True


def _settle_if_pending(result: Any = None) -> None:
    """IPython's ``post_run_cell`` callback: settle when the cell built views."""
    global _pending
    if _pending:
        _pending = False
        settle()


def settle() -> None:
    """Thaw what an earlier settle froze, collect every unreachable cycle, then freeze what is left."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


__all__ = ["settle", "settle_after_cell"]
