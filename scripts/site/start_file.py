"""Read the site's start file (``site/static/pyodide/kit-start-<hash>.bin.gz``), as the page's loader does.

``scripts/site/make_start_file.js`` writes it and describes its layout; ``scripts/site/kit-pyodide.js``
reads it in the browser. This is the same reading in Python, for the tests and the benchmarks.
"""

from __future__ import annotations

import gzip
import json
import struct
from dataclasses import dataclass
from pathlib import Path

MAGIC = b"KITSTART"
FORMAT = 1
ALIGN = 16

PYODIDE_SNAPSHOT_MAGIC = 1886286592
"""The first four bytes of a Pyodide memory snapshot, as a little-endian number (Pyodide 0.29's ``makeSnapshot``)."""


class StartFileError(ValueError):
    """The file is not a start file this reader knows, or does not hold what its header lists."""


@dataclass(frozen=True)
class StartFile:
    """A start file's parts: its header, the memory snapshot, and the files by path."""

    header: dict[str, object]
    memory: bytes
    files: dict[str, bytes]

    @property
    def snapshot_build_id(self) -> str:
        """The build id of the Pyodide the memory was taken from (its ``BUILD_ID``), as 64 hex digits."""
        words = struct.unpack_from("<8I", self.memory, 16)
        return "".join(f"{word:08x}" for word in words)


def parse(data: bytes) -> StartFile:
    """Split an unpacked start file into its parts; :class:`StartFileError` if it is not one."""
    if len(data) < 16 or data[:8] != MAGIC:
        raise StartFileError("not a start file")
    version, header_length = struct.unpack_from("<II", data, 8)
    if version != FORMAT:
        raise StartFileError(f"format {version}, not {FORMAT}")
    header = json.loads(data[16:16 + header_length])
    offset = -(-(16 + header_length) // ALIGN) * ALIGN
    memory = data[offset:offset + header["memory"]]
    offset += header["memory"]
    files: dict[str, bytes] = {}
    for path, length in header["files"]:
        files[path] = data[offset:offset + length]
        offset += length
    if offset != len(data) or len(memory) != header["memory"]:
        raise StartFileError("it does not hold what its header lists")
    if struct.unpack_from("<I", memory)[0] != PYODIDE_SNAPSHOT_MAGIC:
        raise StartFileError("its memory is not a Pyodide snapshot")
    return StartFile(header, memory, files)


def read(path: Path) -> StartFile:
    """Read and unpack the start file at ``path``."""
    return parse(gzip.decompress(path.read_bytes()))
