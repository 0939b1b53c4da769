"""Serve notebooks on loopback and drive them in Debian's Chromium.

Shared by the browser fixtures (``tests/browser/conftest.py``), the Binder test
(``tests/test_binder.py``) and the browser benchmark (``bench/browser_bench.py``).
Nothing here depends on pytest.

A server (Voilà, or Jupyter Server with Voilà's extension) runs in its own process
group, so stopping it also stops the kernels it started; its log goes to a file under
``tests/artifacts/``. A :class:`VoilaPage` wraps a Playwright page: it opens
``/voila/render/<notebook>``, waits until the widgets are drawn and the kernel is idle,
and records everything that went wrong on the way (console errors, uncaught
exceptions, kernel errors and stderr, widgets that failed to display).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Route,
    WebSocket,
    sync_playwright,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = REPO_ROOT / "tests" / "artifacts"
SCREENSHOTS_DIR = ARTIFACTS_DIR / "screenshots"
DOCS_SCREENSHOTS_DIR = REPO_ROOT / "docs" / "screenshots"
BROWSER_NOTEBOOKS_DIR = Path(__file__).resolve().parent / "notebooks"
TEMPLATES_ROOT = REPO_ROOT / "share" / "jupyter"
"""Where the kit's Voilà template lives in the repository (an editable install does not copy it)."""

LOOPBACK = "127.0.0.1"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

# Lines the kernel writes to stderr on every Voilà page load with ipywidgets 8: the
# page closes a widget-control comm the kernel has already dropped. Nothing the
# notebook did.
BENIGN_KERNEL_STDERR = (
    re.compile(r"No such comm: [0-9a-f-]+\s*"),
    # Voilà opens the widget channel on every page; a page that shows no widget has none to answer it.
    re.compile(r"No such comm target registered: jupyter\.widget\.control\s*"),
)


def chromium_missing_reason() -> str | None:
    """Say why browser tests cannot run here, or return None when Chromium is installed."""
    if CHROMIUM.exists():
        return None
    return f"{CHROMIUM} is absent (CI installs Debian's chromium package; `apt-get install chromium` here)"


def free_port() -> int:
    """Return a TCP port on loopback that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


def slug(text: str) -> str:
    """Turn a test id or notebook path into a safe file name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "page"


class ServerStartError(RuntimeError):
    """A server exited or never answered; the message ends with its log."""


@dataclass
class ServerProcess:
    """A server running in its own process group, logging to ``log_path``."""

    process: subprocess.Popen[bytes]
    base_url: str
    log_path: Path

    def log_tail(self, lines: int = 40) -> str:
        """Return the last lines of the server's log."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def running(self) -> bool:
        """Tell whether the server process is still alive."""
        return self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server and every process it started (its kernels), SIGKILL if need be."""
        stop_all([self], timeout)

    def ask_to_stop(self) -> bool:
        """Send SIGTERM to the server's process group; False when it had already ended."""
        if self.process.poll() is not None:
            return False
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:
            return False
        return True

    def wait_stopped(self, timeout: float) -> None:
        """Wait for the server to end (after :meth:`ask_to_stop`), SIGKILL if need be, then end its group."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=timeout)
        finally:
            # Kernels outlive a server that ignored SIGTERM for too long; end the group.
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def stop_all(servers: Iterable[ServerProcess], timeout: float = 10.0) -> None:
    """Stop every server at once: each is asked first, then each awaited (their kernels' shutdowns overlap)."""
    asked = [server for server in servers if server.ask_to_stop()]
    for server in asked:
        server.wait_stopped(timeout)


def http_status(url: str, timeout: float = 10.0) -> int:
    """Return the HTTP status a GET on ``url`` answers with."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def answers(url: str, timeout: float = 2.0) -> bool:
    """Tell whether ``url`` answers with a status below 500."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return int(response.status) < 500
    except urllib.error.HTTPError as error:
        return error.code < 500
    except (urllib.error.URLError, OSError):
        return False


def start_server(
    command: Sequence[str],
    *,
    base_url: str,
    cwd: Path,
    log_path: Path,
    env: Mapping[str, str] | None = None,
    timeout: float = 60.0,
) -> ServerProcess:
    """Start ``command`` in a new process group and wait until ``base_url`` answers.

    Raises ServerStartError (with the log's tail) when the process exits first or
    nothing answers within ``timeout`` seconds; the process group is stopped then.
    """
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("wb") as log:
        log.write(("$ " + " ".join(command) + "\n").encode())
        log.flush()
        process = subprocess.Popen(
            list(command),
            cwd=cwd,
            env=dict(env) if env is not None else None,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = ServerProcess(process=process, base_url=base_url, log_path=log_path)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not server.running():
            raise ServerStartError(
                f"{command[0]} exited with code {process.returncode} before answering at {base_url}; "
                f"log {log_path}:\n{server.log_tail()}"
            )
        if answers(base_url):
            return server
        time.sleep(0.1)
    server.stop()
    raise ServerStartError(f"{command[0]} did not answer at {base_url} within {timeout:.0f} s; "
                           f"log {log_path}:\n{server.log_tail()}")


def voila_command(
    notebook_dir: Path, port: int, *, bin_dir: Path | None = None, extra_args: Iterable[str] = ()
) -> list[str]:
    """Build the command line that serves ``notebook_dir`` (tree mode) with Voilà on loopback.

    Configuration comes from ``voila.json`` in the working directory (the repository
    root), as with ``make play``; ``extra_args`` override it.
    """
    bin_dir = bin_dir or Path(sys.executable).parent
    return [
        str(bin_dir / "voila"),
        str(notebook_dir),
        "--no-browser",
        f"--Voila.ip={LOOPBACK}",
        f"--port={port}",
        "--Voila.port_retries=0",
        *extra_args,
    ]


def with_kit_templates(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with the repository's Voilà template first on JUPYTER_PATH."""
    merged = dict(os.environ if env is None else env)
    paths = [str(TEMPLATES_ROOT), *filter(None, merged.get("JUPYTER_PATH", "").split(os.pathsep))]
    merged["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    return merged


def start_voila(
    notebook_dir: Path,
    *,
    log_path: Path,
    cwd: Path = REPO_ROOT,
    extra_args: Iterable[str] = (),
    env: Mapping[str, str] | None = None,
    timeout: float = 60.0,
    attempts: int = 3,
) -> ServerProcess:
    """Start Voilà on a free loopback port serving ``notebook_dir``; retry if the port was taken."""
    extra = list(extra_args)
    error: ServerStartError | None = None
    for _ in range(attempts):
        port = free_port()
        command = voila_command(notebook_dir, port, extra_args=extra)
        try:
            return start_server(
                command, base_url=f"http://{LOOPBACK}:{port}/", cwd=cwd, log_path=log_path,
                env=with_kit_templates(env), timeout=timeout,
            )
        except ServerStartError as exc:
            error = exc
            if "already in use" not in str(exc):
                raise
    assert error is not None
    raise error


def launch_chromium(playwright: Playwright) -> Browser:
    """Launch Debian's Chromium headless with the flags the kit's browser checks use."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True)


@dataclass
class _SharedChromium:
    """The process's one Playwright driver and Chromium, with how many users hold them."""

    users: int = 0
    playwright: Playwright | None = None
    browser: Browser | None = None


_SHARED = _SharedChromium()


@contextmanager
def shared_chromium() -> Iterator[Browser]:
    """Yield the process's Chromium: started on the first entry, stopped when the last user leaves.

    Playwright's sync API allows one driver per thread, so every fixture that needs a
    browser (the browser tests' session and the Binder test's module) shares this one.
    """
    if _SHARED.users == 0:
        _SHARED.playwright = sync_playwright().start()
        try:
            _SHARED.browser = launch_chromium(_SHARED.playwright)
        except Exception:
            _SHARED.playwright.stop()
            _SHARED.playwright = None
            raise
    _SHARED.users += 1
    assert _SHARED.browser is not None
    try:
        yield _SHARED.browser
    finally:
        _SHARED.users -= 1
        if _SHARED.users == 0 and _SHARED.playwright is not None:
            if _SHARED.browser is not None:
                _SHARED.browser.close()
            _SHARED.playwright.stop()
            _SHARED.browser = _SHARED.playwright = None


def is_loopback(url: str) -> bool:
    """Tell whether ``url`` stays on this machine (loopback, data: or blob: URLs)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname in (LOOPBACK, "localhost", "::1")


def decode_kernel_frame(frame: bytes | str) -> dict[str, object] | None:
    """Decode one kernel websocket frame (JSON text, or Jupyter Server's v1 binary protocol)."""
    try:
        if isinstance(frame, str):
            message = json.loads(frame)
            return message if isinstance(message, dict) else None
        count = struct.unpack_from("<Q", frame, 0)[0]
        offsets = [struct.unpack_from("<Q", frame, 8 * (index + 1))[0] for index in range(count)]
        offsets.append(len(frame))
        parts = [frame[offsets[index] : offsets[index + 1]] for index in range(count)]
        return {
            "channel": parts[0].decode(),
            "header": json.loads(parts[1]),
            "parent_header": json.loads(parts[2]),
            "content": json.loads(parts[4]),
        }
    except (ValueError, IndexError, struct.error, UnicodeDecodeError):
        return None


KERNEL_CHANNELS_URL = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")
"""A kernel's websocket address; its group is the kernel's id."""


@dataclass
class KernelTraffic:
    """What went over the page's kernel websocket: pending requests, status, errors, stderr."""

    connected: bool = False
    kernel_ids: list[str] = field(default_factory=list)
    sent: int = 0
    pending: set[str] = field(default_factory=set)
    execution_state: str = "unknown"
    last_frame_at: float = 0.0
    errors: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)

    def attach(self, socket_: WebSocket) -> None:
        """Follow a websocket if it is a kernel channel socket."""
        if "/channels" not in socket_.url:
            return
        if match := KERNEL_CHANNELS_URL.search(socket_.url):
            self.kernel_ids.append(match.group(1))
        self.connected = True
        self.last_frame_at = time.monotonic()
        socket_.on("framesent", self._sent)
        socket_.on("framereceived", self._received)
        socket_.on("close", self._closed)

    def _closed(self, _socket: WebSocket) -> None:
        self.connected = False

    def _sent(self, frame: bytes | str) -> None:
        self.last_frame_at = time.monotonic()
        self.sent += 1
        message = decode_kernel_frame(frame)
        if message and message.get("channel") in ("shell", "control"):
            header = message.get("header") or {}
            if isinstance(header, dict) and "msg_id" in header:
                self.pending.add(str(header["msg_id"]))

    def _received(self, frame: bytes | str) -> None:
        self.last_frame_at = time.monotonic()
        message = decode_kernel_frame(frame)
        if not message:
            return
        header = message.get("header") or {}
        parent = message.get("parent_header") or {}
        content = message.get("content") or {}
        if not (isinstance(header, dict) and isinstance(parent, dict) and isinstance(content, dict)):
            return
        kind = header.get("msg_type")
        if kind == "status":
            self.execution_state = str(content.get("execution_state"))
            if self.execution_state == "idle":
                self.pending.discard(str(parent.get("msg_id")))
        elif kind == "error":
            self.errors.append(f"{content.get('ename')}: {content.get('evalue')}")
        elif kind == "stream" and content.get("name") == "stderr":
            text = str(content.get("text", ""))
            if not any(pattern.fullmatch(text) for pattern in BENIGN_KERNEL_STDERR):
                self.stderr.append(text.rstrip())

    def idle(self, quiet_ms: float) -> bool:
        """Tell whether the kernel answered every request and the socket was quiet for ``quiet_ms``."""
        quiet = (time.monotonic() - self.last_frame_at) * 1000 >= quiet_ms
        return self.connected and not self.pending and self.execution_state != "busy" and quiet


class VoilaPage:
    """A Playwright page on a Voilà server, recording what goes wrong while it is used."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.console_log: list[tuple[str, str]] = []
        self.page_errors: list[str] = []
        self.external_requests: list[str] = []
        self.kernel = KernelTraffic()
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.page_errors.append(f"{error.name}: {error.message}"))
        page.on("websocket", self.kernel.attach)
        page.route(lambda url: not is_loopback(url), self._offline)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "") if message.location else ""
            self.console_log.append((message.text, where))

    def _offline(self, route: Route, request: Request) -> None:
        """Refuse requests that would leave the machine (the template's icon font and MathJax CDNs)."""
        self.external_requests.append(request.url)
        route.abort("internetdisconnected")

    @property
    def console_errors(self) -> list[str]:
        """Console errors, except a refused off-machine resource failing to load."""
        return [
            f"{text} ({where})" if where else text
            for text, where in self.console_log
            if not (text.startswith("Failed to load resource") and where in self.external_requests)
        ]

    def url_for(self, notebook: str) -> str:
        """Return the URL that renders ``notebook`` (a path relative to the served directory)."""
        return f"{self.base_url}voila/render/{notebook.lstrip('/')}"

    def open(
        self,
        notebook: str,
        *,
        ready: str = ".jupyter-widgets",
        text: str | None = None,
        timeout_ms: float = 60_000,
    ) -> float:
        """Open ``notebook`` in Voilà and wait until it is ready; return the seconds it took.

        Ready means: Voilà finished executing and showed the cells, ``ready`` is visible,
        ``text`` (if given) is visible, and the kernel answered everything the page sent.
        """
        start = time.perf_counter()
        self.page.goto(self.url_for(notebook), timeout=timeout_ms, wait_until="commit")
        self.wait_ready(ready=ready, text=text, timeout_ms=timeout_ms)
        return time.perf_counter() - start

    def wait_ready(
        self, *, ready: str = ".jupyter-widgets", text: str | None = None, timeout_ms: float = 60_000
    ) -> None:
        """Wait until Voilà's spinner is gone, ``ready`` and ``text`` are visible and the kernel is idle."""
        self.page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
        self.page.locator(ready).first.wait_for(state="visible", timeout=timeout_ms)
        if text is not None:
            self.page.get_by_text(text).first.wait_for(state="visible", timeout=timeout_ms)
        self.wait_kernel_idle(timeout_ms=timeout_ms)

    def wait_kernel_idle(self, *, timeout_ms: float = 15_000, quiet_ms: float = 150) -> None:
        """Wait until the kernel answered every message the page sent and the socket is quiet."""
        deadline = time.monotonic() + timeout_ms / 1000
        while not self.kernel.idle(quiet_ms):
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"kernel not idle after {timeout_ms:.0f} ms: connected={self.kernel.connected}, "
                    f"state={self.kernel.execution_state}, {len(self.kernel.pending)} request(s) unanswered"
                )
            self.page.wait_for_timeout(25)

    def click(self, selector: str, *, reaches_kernel: bool = True, timeout_ms: float = 15_000) -> None:
        """Click the first element matching ``selector`` and wait until the kernel handled it.

        With ``reaches_kernel`` (a widget button, say) the click must send a message to the
        kernel within ``timeout_ms``; then this waits until the kernel is idle again.
        """
        before = self.kernel.sent
        self.page.locator(selector).first.click(timeout=timeout_ms)
        if reaches_kernel:
            deadline = time.monotonic() + timeout_ms / 1000
            while self.kernel.sent == before:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"clicking {selector!r} sent nothing to the kernel within {timeout_ms:.0f} ms")
                self.page.wait_for_timeout(10)
        self.wait_kernel_idle(timeout_ms=timeout_ms)

    def text_of(self, selector: str) -> str:
        """Return the visible text of the first element matching ``selector``."""
        return self.page.locator(selector).first.inner_text()

    def rendered_errors(self) -> list[str]:
        """Return error outputs and failed widgets shown in the page."""
        found = []
        stderr = self.page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
        found += [f"cell output on stderr: {text.strip()[:500]}" for text in stderr.all_inner_texts()]
        failed = self.page.get_by_text(re.compile(r"Error displaying widget|There was an error when executing cell"))
        shown = {text.strip() for text in stderr.all_inner_texts()}
        found += [f"in page: {text.strip()[:500]}" for text in failed.all_inner_texts() if text.strip() not in shown]
        return found

    def problems(self) -> list[str]:
        """Return every problem recorded so far: console errors, exceptions, kernel errors, error outputs."""
        return [
            *(f"console error: {text}" for text in self.console_errors),
            *(f"uncaught exception: {text}" for text in self.page_errors),
            *(f"kernel error: {text}" for text in self.kernel.errors),
            *(f"kernel stderr: {text}" for text in self.kernel.stderr),
            *self.rendered_errors(),
        ]

    def assert_clean(self) -> None:
        """Fail with the list of problems if the page recorded any."""
        problems = self.problems()
        assert not problems, "the page recorded problems:\n" + "\n".join(problems)

    def screenshot(self, name: str, *, full_page: bool = True, directory: Path = SCREENSHOTS_DIR) -> Path:
        """Save a PNG screenshot as ``<directory>/<name>.png`` and return its path."""
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{slug(name)}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def leave(self, timeout_ms: float = 10_000) -> bool:
        """Close the page as a player closes the tab; tell whether the server let its kernel go in time.

        The page's ``beforeunload`` handlers run (Voilà's asks the server to shut the kernel down);
        closing the whole browser context instead skips them, and closing it before the request has
        gone out cancels it, either way leaving the kernel to the culler. So this waits, polling the
        server's record of the page's last kernel, until the kernel is gone or ``timeout_ms`` passes.
        """
        if not self.page.is_closed():
            self.page.close(run_before_unload=True)
        if not self.kernel.kernel_ids:
            return True
        address = f"{self.base_url}api/kernels/{self.kernel.kernel_ids[-1]}"
        deadline = time.monotonic() + timeout_ms / 1000
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(address, timeout=5):
                    pass
            except urllib.error.HTTPError as error:
                if error.code == 404:
                    return True
                raise
            time.sleep(0.05)
        return False


def publish_screenshot(source: Path, name: str | None = None, directory: Path = DOCS_SCREENSHOTS_DIR) -> Path:
    """Copy a screenshot into ``docs/screenshots/`` (for the README) and return the copy's path."""
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"{slug(name)}.png" if name else directory / source.name
    shutil.copyfile(source, target)
    return target
