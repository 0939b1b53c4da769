"""Send what the kernel has queued for the page now, before the rest of a turn's work.

ipykernel sends messages to the page from a background thread. Python hands that thread the
interpreter only when the main thread blocks or after a few milliseconds, so a view updated at
the start of a click handler can wait behind the handler's remaining work. :func:`send_queued`
asks the thread to signal once it has sent everything queued so far and waits for the signal:
the view that shows a turn's result leaves the kernel first.

Then the kernel steps aside for a few milliseconds (:data:`HEADSTART`). The notebook server that
forwards the message and the browser that draws it share the machine's cores with the kernel;
on a small machine (two cores, a Binder instance) the rest of the turn's work — writing the game
file, redrawing the other views, the odds — would otherwise take the CPU they need, and the
answer would reach the screen 1–2 ms later. The turn's bookkeeping starts that much later
instead, which nobody sees.
"""

from __future__ import annotations

import sys
import threading
import time

from kit.core.runtime import IN_BROWSER

WAIT_LIMIT = 0.05
"""The longest :func:`send_queued` waits, in seconds (the thread normally answers in well under a millisecond)."""

HEADSTART = 0.004
"""How long, in seconds, the kernel steps aside once the answer is sent, for it to be delivered and drawn."""


def send_queued(timeout: float = WAIT_LIMIT, headstart: float = HEADSTART) -> bool:
    """Wait until the kernel's IO thread has sent every message queued so far, then step aside for ``headstart``.

    Returns True when it has; False outside a kernel (nothing to wait for, no pause) or after ``timeout``.
    In a browser tab the kernel has no IO thread: a message leaves as it is sent, and nothing waits.
    """
    if IN_BROWSER or "ipykernel" not in sys.modules:
        return False
    from ipykernel.kernelbase import Kernel

    if not Kernel.initialized():
        return False
    io_thread = getattr(getattr(Kernel.instance(), "iopub_socket", None), "io_thread", None)
    thread = getattr(io_thread, "thread", None)
    if io_thread is None or thread is None or not thread.is_alive() or thread is threading.current_thread():
        return False
    sent = threading.Event()
    io_thread.schedule(sent.set)
    if not sent.wait(timeout):
        return False
    if headstart > 0:
        time.sleep(headstart)
    return True


__all__ = ["send_queued"]
