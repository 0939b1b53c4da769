"""Build the tours: convert each notebooks/tours/<name>.md to its .ipynb and run it.

    python scripts/build_tours.py [falkefateifaux|suitpairs|rollunder|sealed-play ...]

A tour — a rules tour per system, and the worked tour of sealed play — is written as MyST
Markdown (``notebooks/tours/<name>.md``), paired with its notebook through jupytext: edit the
``.md`` (or the ``.ipynb`` in JupyterLab with jupytext, which keeps both in step). This script
holds no tour text. It reads each ``.md`` with jupytext, runs it in a fresh kernel with nbclient
and saves the ``.ipynb`` with deterministic outputs — no widget state, no timing metadata, no
widget model ids, streams joined — so ``pytest --nbval notebooks/tours`` reproduces every output
byte for byte. Every fact a tour states is asserted in the tour, so a wrong fact stops the build
with the cell that failed and leaves the saved notebook as it was.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import jupytext
import nbformat
from notebook_builder import execute_and_save

ROOT = Path(__file__).resolve().parents[1]
TOURS = ROOT / "notebooks" / "tours"
FORMAT = "md:myst"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def tour_names(folder: Path = TOURS) -> list[str]:
    """The tours that have a source (``<name>.md``) in ``folder``: one per system, and ``sealed-play``."""
    return sorted(path.stem for path in folder.glob("*.md"))


def read_tour(source: Path) -> nbformat.NotebookNode:
    """The notebook a tour's ``.md`` makes: its cells, numbered ids, a kernelspec and a title; no outputs."""
    notebook = jupytext.read(source, fmt=FORMAT)
    paired = notebook.metadata.get("jupytext", {}).get("formats")
    notebook.metadata = {
        **({"jupytext": {"formats": paired}} if paired else {}),
        "kernelspec": notebook.metadata.get(
            "kernelspec", {"name": "python3", "display_name": "Python 3", "language": "python"}),
        "language_info": {"name": "python"},
        "title": title_of(notebook),
    }
    for index, cell in enumerate(notebook.cells):
        cell["id"] = f"cell-{index}"
    return notebook


def title_of(notebook: nbformat.NotebookNode) -> str:
    """The text of the notebook's first ``# `` heading."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return ""


def settle_outputs(notebook: nbformat.NotebookNode) -> None:
    """Make the saved outputs the same on every run.

    Consecutive stream outputs are joined (a kernel may split one print into several); a
    widget's view reference is dropped (its model id is new on every run, and nbval skips it
    anyway), keeping the widget's plain-text form; the kernel's Python version is not recorded.
    """
    notebook.metadata.get("language_info", {}).pop("version", None)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        joined: list[nbformat.NotebookNode] = []
        for output in cell.outputs:
            output.get("data", {}).pop(WIDGET_VIEW, None)
            last = joined[-1] if joined else None
            if (output.output_type == "stream" and last is not None and last.output_type == "stream"
                    and last.name == output.name):
                last.text += output.text
            else:
                joined.append(output)
        cell.outputs = joined


def build(source: Path, target: Path | None = None) -> Path:
    """Run the tour ``source`` (a ``.md``) and save it as ``target`` (default: beside it, ``.ipynb``).

    Raises nbclient's ``CellExecutionError`` when a cell fails — an assert of a stated fact, say;
    ``target`` is then left as it was.
    """
    target = target or source.with_suffix(".ipynb")
    notebook = read_tour(source)
    execute_and_save(notebook, target)  # written only once every cell ran
    settle_outputs(notebook)
    return execute_and_save(notebook, target, execute=False)


def main(argv: list[str]) -> int:
    """Build the tours named on the command line, or all of them."""
    known = tour_names()
    names = argv or known
    unknown = [name for name in names if name not in known]
    if unknown:
        print(f"no tour {unknown[0]!r} in {TOURS.relative_to(ROOT)}; tours: {', '.join(known)}", file=sys.stderr)
        return 2
    for name in names:
        print(build(TOURS / f"{name}.md").relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
