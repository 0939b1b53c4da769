"""Build a game notebook from a game, and read one back as plain data without running it.

Layout: a Markdown header cell, a setup code cell (execution count 1) that rebuilds the game,
then one code cell per turn (execution count = its position among code cells) whose source is
the turn's readable call, whose output is the rendered result and whose metadata holds the
event (``metadata.kit.event``).
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from kit.core.describe import Describable
from kit.core.events import Event
from kit.core.game import Game
from kit.gamefile.errors import NotAGameFileError
from kit.gamefile.header import Header
from kit.gamefile.source import setup_source, turn_source
from kit.render import to_html, to_text

_MARK = "\x00kit-event:"
_MARKED = re.compile(r'"\\u0000kit-event:(\d+)"')
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
    fresh = type(game)(game.seed, **game.options)
    return [turn_outputs(fresh.apply(event), event.index + 1) for event in game.log]


def _lines(text: str) -> list[str]:
    """A multi-line string as nbformat stores it: a list of lines, each keeping its newline."""
    return text.splitlines(True)


def _code_cell(source: str, cell_id: str, count: int, metadata: dict[str, Any],
               outputs: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "cell_type": "code", "execution_count": count, "id": cell_id, "metadata": metadata,
        # Outputs are kept as one string each (nbformat allows a string or a list of lines): smaller files.
        "outputs": [dict(out, data=dict(out["data"])) for out in outputs],
        "source": _lines(source),
    }


def build_notebook(game: Game, header: Header, outputs: list[list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """The whole game notebook for ``game`` as nbformat v4 data (header cell, setup cell, one cell per turn).

    ``outputs`` are the turns' rendered outputs when already known (see :func:`rendered_outputs`).
    Text is split in lines as nbformat writes it; :func:`notebook_text` validates and serialises it.
    """
    cls = type(game)
    if outputs is None:
        outputs = rendered_outputs(game)
    cells = [
        {"cell_type": "markdown", "id": HEADER_ID, "metadata": {}, "source": _lines(header.markdown())},
        _code_cell(setup_source(cls, game.seed, game.options), SETUP_ID, 1, {}, []),
    ]
    for event, turn_output in zip(game.log, outputs, strict=True):
        turn = event.index + 1
        cells.append(_code_cell(turn_source(cls, event), turn_cell_id(turn), turn + 1,
                                {"kit": {"event": event.to_dict()}}, turn_output))
    return {
        "cells": cells,
        "metadata": {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}, "kit": header.to_dict()},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def notebook_text(notebook: dict[str, Any]) -> str:
    """The file's text: validated with nbformat against the v4 schema, written as nbformat writes it
    (one-space indent, sorted keys, sources and outputs split in lines) except that each turn's
    event is kept on one line of compact JSON, so a turn costs fewer bytes and diffs by line.
    """
    import nbformat  # imported when writing only: reading and verifying need none of it

    nbformat.validate(notebook)
    events: list[str] = []
    cells = []
    for cell in notebook["cells"]:
        kit_meta = cell.get("metadata", {}).get("kit")
        if isinstance(kit_meta, dict) and "event" in kit_meta:
            events.append(json.dumps(kit_meta["event"], sort_keys=True, separators=(",", ":"), ensure_ascii=False))
            cell = dict(cell, metadata=dict(cell["metadata"], kit=dict(kit_meta, event=f"{_MARK}{len(events) - 1}")))
        cells.append(cell)
    text = json.dumps(dict(notebook, cells=cells), indent=1, sort_keys=True, separators=(",", ": "),
                      ensure_ascii=False)
    text = _MARKED.sub(lambda found: events[int(found.group(1))], text)
    return text + "\n"


def joined(source: Any) -> str:
    """A cell's source (a string or a list of lines in the file) as one string."""
    if isinstance(source, list):
        return "".join(str(line) for line in source)
    return str(source)


@dataclass
class TurnCell:
    """One turn cell as stored: its source, outputs, execution count and event."""

    position: int
    source: str
    outputs: list[Any]
    execution_count: Any
    event: Event | None
    problem: str = ""


@dataclass
class RawGameFile:
    """A game notebook read as data: header metadata, header and setup cells, turn cells."""

    metadata: dict[str, Any]
    header: Header
    header_source: str | None
    setup_source: str | None
    setup_cell: dict[str, Any] | None
    turns: list[TurnCell]

    @property
    def events(self) -> list[Event]:
        """The events of the turn cells that hold one, in file order."""
        return [cell.event for cell in self.turns if cell.event is not None]


def parse_notebook(text: str | bytes) -> RawGameFile:
    """Read a game notebook's text as data. Nothing in it is executed."""
    with paused_gc():
        return _parse(text)


def _parse(text: str | bytes) -> RawGameFile:
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise NotAGameFileError(f"it is not JSON (truncated or not a notebook): {error}") from None
    if not isinstance(data, dict) or data.get("nbformat") != 4 or not isinstance(data.get("cells"), list):
        raise NotAGameFileError("it is not a Jupyter notebook in nbformat 4")
    metadata = data.get("metadata")
    if not isinstance(metadata, dict):
        raise NotAGameFileError("it is not a Jupyter notebook in nbformat 4 (no metadata)")
    header = Header.from_dict(metadata.get("kit"))
    cells = data["cells"]
    if not all(isinstance(cell, dict) and isinstance(cell.get("cell_type"), str) for cell in cells):
        raise NotAGameFileError("its cells are not notebook cells")
    rest = list(cells)
    header_source = joined(rest.pop(0).get("source", "")) if rest and rest[0]["cell_type"] == "markdown" else None
    setup_cell = None
    if rest and rest[0]["cell_type"] == "code" and not _event_data(rest[0]):
        setup_cell = rest.pop(0)
    turns = [_turn_cell(position, cell) for position, cell in enumerate(rest, start=1)]
    return RawGameFile(
        metadata=metadata["kit"], header=header, header_source=header_source,
        setup_source=joined(setup_cell.get("source", "")) if setup_cell else None,
        setup_cell=setup_cell, turns=turns,
    )


def _event_data(cell: dict[str, Any]) -> Any:
    meta = cell.get("metadata")
    kit_meta = meta.get("kit") if isinstance(meta, dict) else None
    return kit_meta.get("event") if isinstance(kit_meta, dict) else None


def _turn_cell(position: int, cell: dict[str, Any]) -> TurnCell:
    source = joined(cell.get("source", ""))
    outputs = cell.get("outputs", [])
    count = cell.get("execution_count")
    if cell["cell_type"] != "code":
        return TurnCell(position, source, [], None, None, f"is a {cell['cell_type']} cell, not a turn")
    data = _event_data(cell)
    if data is None:
        return TurnCell(position, source, outputs, count, None,
                        "is a code cell with no recorded event (save the game with kit.gamefile.save)")
    try:
        event = Event.from_dict(data)
    except ValueError as error:
        return TurnCell(position, source, outputs, count, None, f"holds a malformed event: {error}")
    return TurnCell(position, source, outputs if isinstance(outputs, list) else [], count, event)
