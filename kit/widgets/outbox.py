"""Send what the kernel has queued for the page now, before the rest of a turn's work.

ipykernel sends messages to the page from a background thread. Python hands that thread the
interpreter only when the main thread blocks or after a few milliseconds, so a view updated at
the start of a click handler can wait behind the handler's remaining work. :func:`send_queued`
asks the thread to signal once it has sent everything queued so far and waits for the signal:
the view that shows a turn's result leaves the kernel first.
"""

from __future__ import annotations

import sys
import threading

WAIT_LIMIT = 0.05
"""The longest :func:`send_queued` waits, in seconds (the thread normally answers in well under a millisecond)."""


def send_queued(timeout: float = WAIT_LIMIT) -> bool:
    """Wait until the kernel's IO thread has sent every message queued so far.

    Returns True when it has; False outside a kernel (nothing to wait for) or after ``timeout``.
    """
    if "ipykernel" not in sys.modules:
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
    return sent.wait(timeout)


__all__ = ["send_queued"]
