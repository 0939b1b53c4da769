"""The nbformat v4.5 schema, checked piece by piece without importing nbformat.

Saving a whole notebook validates it with ``nbformat.validate``. Adding a turn validates only
what it writes (the new turn cell, the header cell and the notebook metadata) against the same
schema file, read from the installed nbformat package and compiled once with fastjsonschema:
importing nbformat builds jsonschema's format grammars, which takes most of a second.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit.gamefile.errors import GameFileError

SCHEMA_FILE = "nbformat.v4.5.schema.json"
PARTS = ("code_cell", "markdown_cell", "metadata")
"""What can be checked on its own: the two kinds of cell the kit writes and the notebook's metadata."""


def schema_path() -> Path:
    """The nbformat v4.5 schema file of the installed nbformat (found without importing it)."""
    spec = importlib.util.find_spec("nbformat")
    if spec is None or not spec.submodule_search_locations:
        raise GameFileError("nbformat is not installed: the kit needs its notebook schema to write game files")
    return Path(next(iter(spec.submodule_search_locations))) / "v4" / SCHEMA_FILE


@functools.cache
def _schema() -> dict[str, Any]:
    return json.loads(schema_path().read_text(encoding="utf-8"))


@functools.cache
def validator(part: str) -> Callable[[Any], Any]:
    """The compiled check of one part of a notebook (see :data:`PARTS`), made on first use."""
    import fastjsonschema  # a dependency of nbformat; small, unlike nbformat's own import

    schema = _schema()
    if part == "metadata":
        body = schema["properties"]["metadata"]
    elif part in PARTS:
        body = {"$ref": f"#/definitions/{part}"}
    else:
        raise KeyError(part)
    return fastjsonschema.compile({"$schema": schema["$schema"], "definitions": schema["definitions"], **body})


def prepare() -> None:
    """Compile every part's check now (a table does it while it is drawn, so no turn waits for it)."""
    for part in PARTS:
        validator(part)


def validate(part: str, value: Any) -> None:
    """Check ``value`` against the schema's ``part``; a value that breaks it raises GameFileError."""
    import fastjsonschema

    try:
        validator(part)(value)
    except fastjsonschema.JsonSchemaException as error:
        raise GameFileError(f"the {part.replace('_', ' ')} to write is not valid nbformat 4.5: {error}") from None
