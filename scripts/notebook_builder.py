"""Build a notebook from cells, execute it and save it with deterministic outputs.

Used by the scripts that write the welcome page, the rules tours and the tables. Outputs are
saved without widget state and without timing metadata, so nbval can compare them byte for
byte on every run.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

Cell = tuple[str, str]  # ("md" | "code", source)


def make_notebook(cells: list[Cell], *, title: str) -> nbformat.NotebookNode:
    """A v4 notebook with a Python 3 kernelspec from ``("md"|"code", source)`` pairs."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    notebook.metadata["title"] = title
    for index, (kind, source) in enumerate(cells):
        source = source.strip("\n")
        cell = nbformat.v4.new_markdown_cell(source) if kind == "md" else nbformat.v4.new_code_cell(source)
        cell["id"] = f"cell-{index}"
        notebook.cells.append(cell)
    return notebook


def execute_and_save(notebook: nbformat.NotebookNode, path: Path, *, execute: bool = True) -> Path:
    """Run every cell in a fresh kernel (in the notebook's folder) and write the notebook."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if execute:
        client = NotebookClient(
            notebook,
            timeout=600,
            kernel_name="python3",
            resources={"metadata": {"path": str(path.parent)}},
            record_timing=False,
            store_widget_state=False,
        )
        client.execute()
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    nbformat.validate(notebook)
    path.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")
    return path
