"""File primitives of the kit's files: reading within limits, the lock, safe writes, stamps, read-only folders.

Every file the kit writes — a game file, a chapter, an upload on the shelf, a seat key — is
written here, one of two ways, each flushed to the disk with its folder (so that a new name
survives a crash too):

- :func:`atomic_write` replaces a file's content at once: a temporary file beside it
  (``.NAME.*.tmp``), then a rename over it. A reader sees the old bytes or the new, never half.
- :func:`write_new_file` makes a file that must not exist yet (FileExistsError when it does),
  as atomically: the temporary file is linked to its name, which fails when the name is taken.

A game file's writers hold its lock (:func:`locked`, ``.NAME.lock`` beside it); holding it, the
temporary files a killed write left behind are removed. In a browser tab
(:data:`kit.core.runtime.IN_BROWSER`) the tab is its folder's only writer: the lock is a
:class:`TabLock` that holds nothing.

This module imports nothing of :mod:`kit.gamefile` but its errors.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from kit.core.runtime import IN_BROWSER
from kit.gamefile.errors import GameFileError, NotAGameFileError

if TYPE_CHECKING:  # a browser tab takes no file locks, and imports no lock library
    from filelock import FileLock

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest game file the kit reads (G-6): a campaign of some 20,000 turns."""

LOCK_TIMEOUT = 30.0
"""How long a writer waits for a game file's lock, in seconds."""

NEW_FILE_MODE = 0o644
"""The permissions of a new game file (a file replaced keeps its own)."""

READ_ONLY_ERRNOS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})
"""The errors of a folder the kit may not write to."""

FileStamp = tuple[int, int, int]
"""A file's (inode, size, modification time in ns): unchanged, the file almost surely holds the same bytes."""


class ReadOnlyError(GameFileError):
    """The game file or its folder cannot be written (a read-only folder): it can still be read."""

    reason: str = ""
    """The system's words for the refusal (``Read-only file system``), when it gave some."""


def read_only(target: Path, reason: str = "") -> ReadOnlyError:
    """The refusal of a write to ``target`` in a folder the kit may not write to (``reason``: the system's words)."""
    refusal = ReadOnlyError(f"{target.name}: the games folder {target.parent} is read-only, so nothing can be "
                            "written there; the file is as it was — copy it to a folder you can write to, then play on")
    refusal.reason = reason
    return refusal


# -- reading ------------------------------------------------------------------------------------


def read_raw_bytes(path: str | os.PathLike[str]) -> bytes:
    """A game file's bytes; a missing or unreadable file raises NotAGameFileError.

    At most one byte more than a game file may hold is read (G-6): a bigger file is refused
    when parsed, and a device that never ends (``/dev/zero``) is not read for ever.
    """
    try:
        with open(path, "rb") as stream:
            size = os.fstat(stream.fileno()).st_size  # a buffer of the file's size: 0 for a device or a pipe
            data = stream.read(min(size, MAX_FILE_BYTES) + 1)
            while len(data) <= MAX_FILE_BYTES and (more := stream.read(MAX_FILE_BYTES + 1 - len(data))):
                data += more  # it grew since, or it has no size
            return data
    except FileNotFoundError:
        raise NotAGameFileError("there is no such file") from None
    except OSError as error:
        raise NotAGameFileError(f"it cannot be read: {error.strerror}") from None


def file_stamp(path: Path) -> FileStamp | None:
    """The file's (inode, size, modification time in ns), or None if it cannot be read."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


# -- the lock -----------------------------------------------------------------------------------


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of a game file: ``.GAME.ipynb.lock`` in the same folder."""
    target = Path(path)
    return target.with_name(f".{target.name}.lock")


class TabLock:
    """The lock of a game file in a browser tab: the tab is the folder's only writer, so there is nothing to hold."""

    timeout: float = LOCK_TIMEOUT

    def acquire(self) -> None:
        """Take the lock (at once)."""

    def release(self) -> None:
        """Let the lock go."""


def file_lock(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT) -> FileLock | TabLock:
    """The lock of a game file (not yet held); one kept by a caller is cheaper to take again.

    In a browser tab (:data:`kit.core.runtime.IN_BROWSER`) it is a :class:`TabLock`.
    """
    if IN_BROWSER:
        return TabLock()
    from filelock import FileLock

    return FileLock(str(lock_path(path)), timeout=timeout)


@contextmanager
def locked(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT, lock: FileLock | TabLock | None = None, *,
           reading: bool = False) -> Iterator[None]:
    """Hold the game file's lock (``.GAME.ipynb.lock`` beside it); ``lock`` is that lock if the caller keeps it.

    Holding the lock, no other writer of this file is half-way through a write, so temporary
    files that a killed write left behind (``.GAME.ipynb.*.tmp``) are removed. In a read-only
    folder no lock can be made: ``reading=True`` goes on without one (nobody can write there
    either), a write raises :class:`ReadOnlyError`.
    """
    target = Path(path)
    if IN_BROWSER:  # the tab is its folder's only writer: no lock to hold (TabLock)
        remove_stale_temporaries(target)
        yield
        return
    from filelock import Timeout

    held = lock if lock is not None else file_lock(target, timeout)
    try:
        held.acquire()
    except Timeout:
        raise GameFileError(f"{target}: another table has held its lock for {timeout:g} s; try again") from None
    except OSError as error:
        if error.errno not in READ_ONLY_ERRNOS:
            raise
        if not reading:
            raise read_only(target, error.strerror or "") from None
        yield
        return
    try:
        remove_stale_temporaries(target)
        yield
    finally:
        held.release()


def remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files of killed writes of ``target`` (call while holding its lock)."""
    try:
        leftovers = list(target.parent.glob(f".{glob.escape(target.name)}.*.tmp"))
    except OSError:
        return
    for leftover in leftovers:
        with contextlib.suppress(OSError):
            leftover.unlink()


# -- writing ------------------------------------------------------------------------------------


def atomic_write(path: str | os.PathLike[str], data: str | bytes, *, mode: int | None = None) -> None:
    """Replace ``path``'s content with ``data`` (UTF-8 when it is a string) at once, flushed with its folder.

    A temporary file in the same folder is written, flushed to the disk, given ``mode`` (by
    default the file's own, or :data:`NEW_FILE_MODE` for a new file) and renamed over ``path``.
    A folder that refuses the temporary file as read-only raises :class:`ReadOnlyError`; any
    other failure its ``OSError``. Either way ``path`` is as it was.
    """
    target = Path(path)
    if mode is None:
        mode = target.stat().st_mode & 0o777 if target.exists() else NEW_FILE_MODE
    try:
        handle, name = _temporary_beside(target)
    except OSError as error:
        if error.errno in READ_ONLY_ERRNOS:
            raise read_only(target, error.strerror or "") from None
        raise
    temporary = Path(name)
    try:
        _fill(handle, temporary, data.encode() if isinstance(data, str) else data, mode)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sync_folder(target.parent)


def write_new_file(path: str | os.PathLike[str], data: bytes | bytearray | memoryview, *,
                   mode: int = NEW_FILE_MODE) -> None:
    """Make the file ``path``, which must not exist yet (FileExistsError), holding ``data``: at once, flushed.

    A temporary file in the same folder is written, flushed to the disk and given ``mode``,
    then linked to ``path`` — which fails when the name is taken, so nothing is ever
    overwritten — and the folder is flushed. Any failure raises its ``OSError`` and leaves no
    file at ``path``.
    """
    target = Path(path)
    handle, name = _temporary_beside(target)
    temporary = Path(name)
    try:
        _fill(handle, temporary, data, mode)
        _link_into_place(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
    sync_folder(target.parent)


def move_into_place(source: Path, target: Path) -> None:
    """Rename the finished file ``source`` over ``target`` (in the same folder), and flush the folder."""
    os.replace(source, target)
    sync_folder(target.parent)


def sync_folder(folder: Path) -> None:
    """Make the names just written in ``folder`` durable (where the system allows opening a folder)."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _temporary_beside(target: Path) -> tuple[int, str]:
    """A new, empty temporary file beside ``target`` (``.NAME.*.tmp``, its owner's alone): its handle and name."""
    return tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")


def _fill(handle: int, temporary: Path, data: bytes | bytearray | memoryview, mode: int) -> None:
    """Write ``data`` through ``handle`` (closed after), flush it to the disk, and give the file ``mode``."""
    with os.fdopen(handle, "wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
    os.chmod(temporary, mode)


def _link_into_place(temporary: Path, target: Path) -> None:
    """Give ``temporary`` the name ``target`` unless that exists (FileExistsError); the temporary file stays.

    A hard link is atomic and fails when the name is taken. Where the filesystem has no hard
    links (a browser tab's storage, some network or FAT folders), the name is taken with an
    exclusive create and the bytes copied into it: never over an existing file, though a write
    cut short there can leave the new file part-written.
    """
    link = getattr(os, "link", None)  # Pyodide's os has none
    if link is None:
        _copy_exclusively(temporary, target)
        return
    try:
        link(temporary, target)
    except FileExistsError:
        raise
    except OSError:
        _copy_exclusively(temporary, target)


def _copy_exclusively(temporary: Path, target: Path) -> None:
    """Make ``target``, which must not exist (FileExistsError), holding ``temporary``'s bytes and mode; flushed."""
    data = temporary.read_bytes()
    mode = stat.S_IMODE(temporary.stat().st_mode)
    handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            with contextlib.suppress(OSError):
                os.fsync(stream.fileno())
    except BaseException:
        target.unlink(missing_ok=True)
        raise


__all__ = [
    "LOCK_TIMEOUT",
    "MAX_FILE_BYTES",
    "NEW_FILE_MODE",
    "READ_ONLY_ERRNOS",
    "FileStamp",
    "ReadOnlyError",
    "TabLock",
    "atomic_write",
    "file_lock",
    "file_stamp",
    "lock_path",
    "locked",
    "move_into_place",
    "read_only",
    "read_raw_bytes",
    "remove_stale_temporaries",
    "sync_folder",
    "write_new_file",
]
