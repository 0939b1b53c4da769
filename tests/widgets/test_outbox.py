"""Sending the kernel's queued messages at once: a no-op outside a kernel, a real wait inside one."""

from __future__ import annotations

import pytest

from kit.widgets.outbox import send_queued


def test_outside_a_kernel_there_is_nothing_to_wait_for():
    assert send_queued() is False


def test_inside_a_kernel_the_io_thread_has_sent_everything_queued():
    manager = pytest.importorskip("jupyter_client.manager")
    kernel, client = manager.start_new_kernel(kernel_name="python3", extra_arguments=[], startup_timeout=60)
    try:
        code = ("import time\n"
                "from kit.widgets.outbox import HEADSTART, send_queued\n"
                "print('queued', flush=False)\n"
                "start = time.perf_counter()\n"
                "sent = send_queued()\n"
                "print('sent:', sent, 'stepped aside:', time.perf_counter() - start >= HEADSTART)")
        outputs: list[str] = []
        reply = client.execute_interactive(code, timeout=60, output_hook=lambda msg: outputs.append(
            msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None)
        assert reply["content"]["status"] == "ok", reply["content"]
        assert "".join(outputs).split() == ["queued", "sent:", "True", "stepped", "aside:", "True"]
    finally:
        client.stop_channels()
        kernel.shutdown_kernel(now=True)

