"""The browser harness without a browser: kernel frames, idleness, loopback, screenshots for the README."""

from __future__ import annotations

import json
import struct
from collections.abc import Callable
from pathlib import Path

import pytest
from voila_harness import KernelTraffic, decode_kernel_frame, is_loopback, publish_screenshot, slug


def v1_frame(channel: str, msg_type: str, content: dict[str, object], parent_id: str = "") -> bytes:
    """Encode a message as Jupyter Server's v1 kernel websocket protocol does."""
    parts = [
        channel.encode(),
        json.dumps({"msg_id": f"{msg_type}-1", "msg_type": msg_type}).encode(),
        json.dumps({"msg_id": parent_id} if parent_id else {}).encode(),
        b"{}",
        json.dumps(content).encode(),
    ]
    offsets, position = [], 8 * (len(parts) + 1)
    for part in parts:
        offsets.append(position)
        position += len(part)
    return struct.pack(f"<{len(parts) + 1}Q", len(parts), *offsets) + b"".join(parts)


def test_v1_binary_frame_decodes() -> None:
    message = decode_kernel_frame(v1_frame("iopub", "status", {"execution_state": "idle"}, parent_id="req-1"))

    assert message == {
        "channel": "iopub",
        "header": {"msg_id": "status-1", "msg_type": "status"},
        "parent_header": {"msg_id": "req-1"},
        "content": {"execution_state": "idle"},
    }


def test_json_text_frame_decodes_and_garbage_does_not() -> None:
    text = json.dumps({"channel": "shell", "header": {"msg_id": "a", "msg_type": "comm_msg"}})

    assert decode_kernel_frame(text)["channel"] == "shell"  # type: ignore[index]
    assert decode_kernel_frame(b"\x01") is None
    assert decode_kernel_frame("not json") is None


def test_kernel_is_busy_until_every_request_is_answered() -> None:
    traffic = KernelTraffic(connected=True)
    request = v1_frame("shell", "comm_msg", {"data": {"method": "custom"}})

    traffic._sent(request)
    traffic._received(v1_frame("iopub", "status", {"execution_state": "busy"}, parent_id="comm_msg-1"))
    assert not traffic.idle(quiet_ms=0)

    traffic._received(v1_frame("iopub", "error", {"ename": "ValueError", "evalue": "F-5"}, parent_id="comm_msg-1"))
    traffic._received(v1_frame("iopub", "status", {"execution_state": "idle"}, parent_id="comm_msg-1"))
    assert traffic.idle(quiet_ms=0)
    assert not traffic.idle(quiet_ms=60_000)
    assert traffic.errors == ["ValueError: F-5"]


def test_kernel_stderr_is_kept_except_the_widget_control_comm_notice() -> None:
    traffic = KernelTraffic(connected=True)

    traffic._received(v1_frame("iopub", "stream", {"name": "stderr", "text": "No such comm: 5aff56f9-c7d5\n"}))
    traffic._received(v1_frame("iopub", "stream", {"name": "stderr", "text": "Deck is empty\n"}))
    traffic._received(v1_frame("iopub", "stream", {"name": "stdout", "text": "drawn\n"}))

    assert traffic.stderr == ["Deck is empty"]


@pytest.mark.parametrize(
    ("url", "local"),
    [
        ("http://127.0.0.1:8866/voila/render/x.ipynb", True),
        ("ws://localhost:1/api/kernels", True),
        ("data:image/png;base64,AAAA", True),
        ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@5/css/all.min.css", False),
        ("http://127.0.0.2/", False),
    ],
)
def test_only_loopback_and_inline_urls_stay_on_the_machine(url: str, local: bool) -> None:
    assert is_loopback(url) is local


def test_publish_copies_a_screenshot_under_a_safe_name(tmp_path: Path) -> None:
    source = tmp_path / "shot.png"
    source.write_bytes(b"\x89PNG\r\n")

    copy = publish_screenshot(source, "table: first turn", directory=tmp_path / "docs" / "screenshots")

    assert copy == tmp_path / "docs" / "screenshots" / "table-first-turn.png"
    assert copy.read_bytes() == source.read_bytes()
    assert slug("tests/x.py::test_a[b/c]") == "tests-x.py-test_a-b-c"


def test_publish_fixture_copies_nothing_unless_asked(
    publish: Callable[[Path, str | None], Path | None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KIT_PUBLISH_SCREENSHOTS", raising=False)
    source = tmp_path / "shot.png"
    source.write_bytes(b"\x89PNG\r\n")

    assert publish(source, "shot") is None
