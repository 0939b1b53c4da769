"""Build a game notebook from a game, and read one back as plain data without running it.

Layout: a Markdown header cell, a setup code cell (execution count 1) that rebuilds the game,
then one code cell per turn (execution count = its position among code cells) whose source is
the turn's readable call, whose output is the rendered result and whose metadata holds the
event (``metadata.kit.event``).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from kit.core.describe import Describable
from kit.core.events import Event
from kit.core.game import Game
from kit.core.runtime import IN_BROWSER
from kit.gamefile.errors import NotAGameFileError
from kit.gamefile.files import MAX_FILE_BYTES, read_raw_bytes
from kit.gamefile.header import DRAWING, Header, shown_value
from kit.gamefile.pretty_json import indented_json
from kit.gamefile.source import setup_source_of, turn_source
from kit.render import to_html, to_text

NBFORMAT = 4
NBFORMAT_MINOR = 5
CELLS_OPEN = '{\n "cells": [\n'
"""How a game notebook's text begins, up to its first cell."""
METADATA_OPEN = '\n ],\n "metadata": '
"""What stands between the last cell and the notebook's metadata."""
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
SETUP_ID = "kit-setup"
HEADER_ID = "kit-header"


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while a whole game's objects are built.

    Reading or replaying a long game makes many objects that all stay alive; the collector's
    full passes over them would make the work grow faster than the number of turns.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def turn_cell_id(turn: int) -> str:
    """The cell id of turn ``turn`` (1-based)."""
    return f"kit-turn-{turn}"


class _TextPrinter:
    """The part of IPython's pretty printer that ``_repr_pretty_`` methods of results use."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def text(self, text: str) -> None:
        """Add text."""
        self.parts.append(text)

    def break_(self) -> None:
        """Add a line break."""
        self.parts.append("\n")


def plain_text(result: Any) -> str:
    """The ``text/plain`` that IPython shows for a result, found the way IPython's printer finds it.

    IPython walks the class's MRO and takes the first class that defines ``_repr_pretty_`` (every
    Describable subclass has the plain-text rendering there) or ``__repr__``. Finding it the same
    way keeps the saved output equal to what re-running the cell shows, for any result class.
    """
    for cls in type(result).__mro__:
        if callable(cls.__dict__.get("_repr_pretty_")):
            printer = _TextPrinter()
            cls.__dict__["_repr_pretty_"](result, printer, False)
            return "".join(printer.parts)
        if cls is not object and "__repr__" in cls.__dict__:
            return "\n".join(repr(result).splitlines())
    return repr(result)


def result_data(result: Any) -> dict[str, str]:
    """What Jupyter shows for a result: ``text/plain`` and ``text/html`` from the shared renderers."""
    if result is None:
        return {}
    describe = getattr(result, "describe", None)
    if describe is None:
        return {"text/plain": plain_text(result)}
    if isinstance(result, Describable):
        # What Describable's _repr_pretty_ prints, from the one description both formats share.
        description = describe()
        return {"text/html": to_html(description), "text/plain": to_text(description)}
    return {"text/html": to_html(describe()), "text/plain": plain_text(result)}


def turn_outputs(result: Any, turn: int) -> list[dict[str, Any]]:
    """The saved outputs of turn ``turn``: one execute_result, counted as Jupyter would."""
    data = result_data(result)
    if not data:
        return []
    return [{"output_type": "execute_result", "execution_count": turn + 1, "data": data, "metadata": {}}]


def rendered_outputs(game: Game) -> list[list[dict[str, Any]]]:
    """Every turn's outputs, each rendered right after its event as Jupyter shows it when the cell runs.

    The game's log is replayed on a fresh game for this, so a result that still refers to
    state that later turns changed cannot make the saved output differ from a re-run.
    """
    fresh = game.fresh()
    return [turn_outputs(fresh.apply(event), event.index + 1) for event in game.log]


def _lines(text: str) -> list[str]:
    """A multi-line string as nbformat stores it: a list of lines, each keeping its newline."""
    return text.splitlines(True)


def _code_cell(source: str, cell_id: str, count: int, metadata: dict[str, Any],
               outputs: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "cell_type": "code", "execution_count": count, "id": cell_id, "metadata": metadata,
        # Outputs are kept as one string each, and so is a source of one line (a turn's call): nbformat
        # allows a string or a list of lines, and one string is the smaller file (drawing 3).
        "outputs": [dict(out, data=dict(out["data"])) for out in outputs],
        "source": source if "\n" not in source else _lines(source),
    }


def header_cell(header: Header) -> dict[str, Any]:
    """The Markdown header cell that people read first."""
    return {"cell_type": "markdown", "id": HEADER_ID, "metadata": {}, "source": _lines(header.markdown())}


def setup_cell(game: Game) -> dict[str, Any]:
    """The setup code cell that rebuilds the game in Jupyter (execution count 1, no output)."""
    return _code_cell(setup_source_of(game), SETUP_ID, 1, {}, [])


def turn_cell(cls: type[Game], event: Event, outputs: list[dict[str, Any]]) -> dict[str, Any]:
    """The code cell of one turn: its readable call, its rendered outputs and its event in the metadata."""
    turn = event.index + 1
    return _code_cell(turn_source(cls, event), turn_cell_id(turn), turn + 1, {"kit": {"event": event.to_dict()}},
                      outputs)


def notebook_metadata(header: Header) -> dict[str, Any]:
    """The notebook-level metadata: kernelspec, language and the kit's header."""
    return {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}, "kit": header.to_dict()}


def build_notebook(game: Game, header: Header, outputs: list[list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """The whole game notebook for ``game`` as nbformat v4 data (header cell, setup cell, one cell per turn).

    ``outputs`` are the turns' rendered outputs when already known (see :func:`rendered_outputs`).
    Text is split in lines as nbformat writes it; :func:`notebook_text` validates and serialises it.
    """
    cls = type(game)
    if outputs is None:
        outputs = rendered_outputs(game)
    cells = [header_cell(header), setup_cell(game)]
    for event, turn_output in zip(game.log, outputs, strict=True):
        cells.append(turn_cell(cls, event, turn_output))
    return {"cells": cells, "metadata": notebook_metadata(header), "nbformat": NBFORMAT,
            "nbformat_minor": NBFORMAT_MINOR}


def notebook_text(notebook: dict[str, Any], *, by_parts: bool = False) -> str:
    """The file's text: validated with nbformat against the v4 schema, written as nbformat writes it
    (one-space indent, sorted keys) except that each turn cell is one line of compact JSON, so a
    turn costs fewer bytes and a new turn diffs as one added line (see :func:`cell_text`).

    ``by_parts`` checks each cell and the metadata against the same schema without importing
    nbformat (:mod:`kit.gamefile.schema`): a table starting a campaign's next chapter does, so the
    kernel stays as small as an ordinary turn leaves it. In a browser tab every notebook is checked
    by parts: nbformat's own validator needs jsonschema, which the static site does not carry.
    """
    if by_parts or IN_BROWSER:
        from kit.gamefile import schema

        for cell in notebook["cells"]:
            schema.validate(f"{cell['cell_type']}_cell", cell)
        schema.validate("metadata", notebook["metadata"])
    else:
        import nbformat  # imported when saving a whole notebook only: reading, verifying and appending need none

        nbformat.validate(notebook)
    return assembled([cell_text(cell) for cell in notebook["cells"]], metadata_text(notebook["metadata"]),
                     notebook["nbformat"], notebook["nbformat_minor"])


def drawn_notebook(game: Game, header: Header, outputs: list[list[dict[str, Any]]] | None = None, *,
                   by_parts: bool = False) -> bytes:
    """The whole game file ``game`` makes under ``header`` (moved on to its turns), every cell drawn by this kit.

    ``outputs`` are the turns' drawings when already known (see :func:`build_notebook`);
    ``by_parts`` as :func:`notebook_text` takes it.
    """
    with paused_gc():
        notebook = build_notebook(game, replace(header.updated(game), drawing=DRAWING), outputs)
        return notebook_text(notebook, by_parts=by_parts).encode()


def _dumps(value: Any, indent: str) -> str:
    """``value`` as one-space-indented JSON with sorted keys, every line after the first indented by ``indent``."""
    text = indented_json(value)
    return text.replace("\n", "\n" + indent) if indent else text


def cell_text(cell: dict[str, Any]) -> str:
    """One cell as it stands in the file's list of cells, two spaces in.

    A turn cell (one that holds an event) is one line of compact JSON with sorted keys — its
    event, source and outputs on the line where it starts (drawing 3; before, only its event was
    on one line, the rest indented as nbformat writes it). The header and setup cells are indented
    as nbformat writes them. Text is written as UTF-8, never as ``\\u`` escapes.
    """
    kit_meta = cell.get("metadata", {}).get("kit")
    if isinstance(kit_meta, dict) and "event" in kit_meta:
        return "  " + json.dumps(cell, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "  " + _dumps(cell, "  ")


def metadata_text(metadata: dict[str, Any]) -> str:
    """The notebook's metadata as it stands in the file, after ``"metadata": ``."""
    return _dumps(metadata, " ")


def assembled(cells: list[str], metadata: str, major: int = NBFORMAT, minor: int = NBFORMAT_MINOR) -> str:
    """The file's text from its cells' texts (:func:`cell_text`) and its metadata's text (:func:`metadata_text`).

    The same bytes as one ``json.dumps(notebook, indent=1, sort_keys=True)`` of the whole notebook
    with each turn cell's indented text replaced by its one compact line,
    built from pieces so that adding a turn needs only the new pieces.
    """
    if not cells:
        return '{\n "cells": [],\n "metadata": ' + metadata + tail(major, minor)
    return CELLS_OPEN + ",\n".join(cells) + METADATA_OPEN + metadata + tail(major, minor)


def tail(major: int = NBFORMAT, minor: int = NBFORMAT_MINOR) -> str:
    """What follows the metadata to the end of the file."""
    return f',\n "nbformat": {major},\n "nbformat_minor": {minor}\n}}\n'


def with_turn_added(data: bytes, before: Header, after: Header, cell: dict[str, Any]) -> bytes | None:
    """The file's bytes ``data`` with turn ``cell`` added after the last cell and the header moved on.

    Every other cell is kept byte for byte. The file must begin with the header cell of
    ``before`` and end with its metadata, exactly as :func:`notebook_text` writes them; otherwise
    (a file re-saved by another tool) this returns ``None`` and nothing is spliced.
    """
    before_cell, before_metadata = header_texts(before)
    head = (CELLS_OPEN + before_cell + ",\n").encode()
    end = (METADATA_OPEN + before_metadata + tail()).encode()
    if len(data) < len(head) + len(end) or not data.startswith(head) or not data.endswith(end):
        return None
    after_cell, after_metadata = header_texts(after)
    return b"".join([
        (CELLS_OPEN + after_cell).encode(),
        memoryview(data)[len(head) - 2:len(data) - len(end)],  # ",\n", the setup cell and the turns
        (",\n" + cell_text(cell) + METADATA_OPEN + after_metadata + tail()).encode(),
    ])


_HEADER_TEXTS: dict[int, tuple[Header, str, str]] = {}
_HEADER_TEXTS_KEEPING = threading.Lock()
HEADER_TEXTS_KEPT = 8
"""How many headers' texts :func:`header_texts` keeps: a table's last few turns."""


def header_texts(header: Header) -> tuple[str, str]:
    """The header cell's text and the metadata's text that ``header`` is written as, made once per header.

    A turn's ``after`` header is the next turn's ``before``: its texts, made when the turn was
    written, are the ones the file ends with, so the next turn checks the file against them
    without drawing the header cell or encoding the metadata again. Kept by the header object
    itself (a header is frozen), the last few only.
    """
    kept = _HEADER_TEXTS.get(id(header))
    if kept is not None and kept[0] is header:
        return kept[1], kept[2]
    texts = cell_text(header_cell(header)), metadata_text(notebook_metadata(header))
    with _HEADER_TEXTS_KEEPING:
        while len(_HEADER_TEXTS) >= HEADER_TEXTS_KEPT:
            del _HEADER_TEXTS[next(iter(_HEADER_TEXTS))]
        _HEADER_TEXTS[id(header)] = (header, *texts)
    return texts


def joined(source: Any) -> str:
    """A cell's source (a string or a list of lines in the file) as one string."""
    if isinstance(source, list):
        return "".join(str(line) for line in source)
    return str(source)


@dataclass
class TurnCell:
    """One turn cell as stored: its source, outputs, execution count, event and cell id."""

    position: int
    source: str
    outputs: list[Any]
    execution_count: Any
    event: Event | None
    problem: str = ""
    cell_id: Any = None


@dataclass
class RawGameFile:
    """A game notebook read as data: header metadata, header and setup cells, turn cells."""

    metadata: dict[str, Any]
    header: Header
    header_source: str | None
    setup_source: str | None
    setup_cell: dict[str, Any] | None
    turns: list[TurnCell]
    header_cell: dict[str, Any] | None = None
    notebook_metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def events(self) -> list[Event]:
        """The events of the turn cells that hold one, in file order."""
        return [cell.event for cell in self.turns if cell.event is not None]


def read_raw(path: str | os.PathLike[str]) -> RawGameFile:
    """Read a game notebook as data (no code runs); not a game notebook raises NotAGameFileError."""
    return parse_notebook(read_raw_bytes(path))


def parse_notebook(text: str | bytes) -> RawGameFile:
    """Read a game notebook's text as data. Nothing in it is executed."""
    with paused_gc():
        return _parse(text)


MAX_JSON_VALUES = MAX_FILE_BYTES // 20
"""The most commas and opening brackets a game file may hold (G-6): one for every 20 bytes of the largest.

A game file holds about one for every 30 bytes. The JSON reader takes some 60 bytes for a value
however short it is written (``{}``, ``"a"``), so a file of tiny values under the size limit
would make it build more than a gigabyte; counted on the text before anything is parsed, this
budget keeps any file near what the largest game file takes to read (some 350 MB)."""


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def json_value_count(text: str | bytes) -> int:
    """How many values the JSON text can hold at most: its commas and opening brackets (strings included)."""
    if isinstance(text, bytes):
        return text.count(b",") + text.count(b"[") + text.count(b"{")
    return text.count(",") + text.count("[") + text.count("{")


def parse_header(text: str | bytes) -> tuple[Header, int]:
    """A game notebook's header, and how many of its cells hold a turn's event, without reading the turns.

    The text is checked as :func:`parse_notebook` checks it (its size and number of values, G-6;
    JSON, nbformat 4, the header's fields and their limits): NotAGameFileError when it is not a
    game notebook. Nothing in it is executed. The shelf lists its files with it.
    """
    with paused_gc():
        notebook = _notebook_data(text)
        header = Header.from_dict(notebook["metadata"].get("kit"))
        return header, sum(1 for cell in notebook["cells"] if isinstance(cell, dict) and _event_data(cell) is not None)


def _notebook_data(text: str | bytes) -> dict[str, Any]:
    """The notebook's JSON within the limits of a game file (G-6): nbformat 4, metadata and cells of notebook cells."""
    if len(text) > MAX_FILE_BYTES:
        raise NotAGameFileError(f"it is larger than the {MAX_FILE_BYTES // 2**20} MiB a game file may be (G-6)")
    if len(text) > MAX_JSON_VALUES and json_value_count(text) > MAX_JSON_VALUES:  # a shorter text holds fewer
        raise NotAGameFileError(f"it holds more values than the largest game file can ({MAX_JSON_VALUES:,}, G-6)")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, UnicodeDecodeError) as error:
        reason = str(error)
        if reason.startswith("Exceeds the limit"):  # int() reads no number of more than 4,300 digits
            raise NotAGameFileError(f"it holds a number of more than {sys.get_int_max_str_digits():,} digits, "
                                    "which no game file holds") from None
        raise NotAGameFileError(f"it is not JSON (truncated or not a notebook): {reason[:160]}") from None
    except RecursionError:
        raise NotAGameFileError("it is not a notebook: its JSON is nested too deeply") from None
    if not isinstance(data, dict) or type(data.get("nbformat")) is not int or data["nbformat"] != 4 or (
            not isinstance(data.get("cells"), list)):
        raise NotAGameFileError("it is not a Jupyter notebook in nbformat 4")
    if not isinstance(data.get("metadata"), dict):
        raise NotAGameFileError("it is not a Jupyter notebook in nbformat 4 (no metadata)")
    return data


def _parse(text: str | bytes) -> RawGameFile:
    data = _notebook_data(text)
    metadata = data["metadata"]
    header = Header.from_dict(metadata.get("kit"))
    cells = data["cells"]
    if not all(isinstance(cell, dict) and isinstance(cell.get("cell_type"), str) for cell in cells):
        raise NotAGameFileError("its cells are not notebook cells")
    rest = list(cells)
    header_cell = rest.pop(0) if rest and rest[0]["cell_type"] == "markdown" else None
    header_source = joined(header_cell.get("source", "")) if header_cell is not None else None
    setup_cell = None
    if rest and rest[0]["cell_type"] == "code" and not _event_data(rest[0]):
        setup_cell = rest.pop(0)
    turns = [_turn_cell(position, cell) for position, cell in enumerate(rest, start=header.first_turn)]
    return RawGameFile(
        metadata=metadata["kit"], header=header, header_source=header_source,
        setup_source=joined(setup_cell.get("source", "")) if setup_cell else None,
        setup_cell=setup_cell, turns=turns, header_cell=header_cell, notebook_metadata=metadata,
    )


TURN_CELL_KIT_FIELDS = frozenset({"event"})
"""What a turn cell's ``metadata.kit`` holds: its event and nothing else."""


def _kit_metadata(cell: dict[str, Any]) -> Any:
    """The cell's ``metadata.kit``, or None when it has none."""
    meta = cell.get("metadata")
    return meta.get("kit") if isinstance(meta, dict) else None


def _event_data(cell: dict[str, Any]) -> Any:
    kit_meta = _kit_metadata(cell)
    return kit_meta.get("event") if isinstance(kit_meta, dict) else None


def _unwritten_fields(cell: dict[str, Any]) -> list[str]:
    """The fields of a turn cell's ``metadata.kit`` other than its event: the kit writes none."""
    kit_meta = _kit_metadata(cell)
    return sorted((str(name) for name in kit_meta if name not in TURN_CELL_KIT_FIELDS),
                  key=lambda name: (len(name), name)) if isinstance(kit_meta, dict) else []


def _turn_cell(position: int, cell: dict[str, Any]) -> TurnCell:
    source = joined(cell.get("source", ""))
    outputs = cell.get("outputs", [])
    count = cell.get("execution_count")
    cell_id = cell.get("id")
    if cell["cell_type"] != "code":
        kind = cell["cell_type"] if cell["cell_type"] in ("markdown", "raw") else "non-code"  # no text of the file
        return TurnCell(position, source, [], None, None, f"is a {kind} cell, not a turn", cell_id)
    data = _event_data(cell)
    if data is None:
        return TurnCell(position, source, outputs, count, None,
                        "is a code cell with no recorded event (save the game with kit.gamefile.save)", cell_id)
    try:
        event = Event.from_dict(data)
    except ValueError as error:
        return TurnCell(position, source, outputs, count, None, f"holds a malformed event: {error}", cell_id)
    unwritten = _unwritten_fields(cell)
    if unwritten:
        return TurnCell(position, source, outputs, count, None,
                        f"its cell's kit metadata holds {shown_value(unwritten[0])} beside the event; the kit writes "
                        "only the event there", cell_id)
    return TurnCell(position, source, outputs if isinstance(outputs, list) else [], count, event, cell_id=cell_id)
