"""What a full garbage collection costs in a table's kernel, with and without the heap settled.

    python bench/heap_bench.py [--runs 3]

A table's page is built in one cell. Python's collector then owes a full pass over everything
the page made, and the first one lands wherever the kernel is at the time, as a rule while it
reads the page's first click. :mod:`kit.widgets.heap` pays it at the end of the building cell
and freezes what is left, so later passes go over what is made afterwards.

For each system, in fresh kernels (jupyter_client, the ``python3`` kernel): build the table
on a copy of the sample game, then time one ``gc.collect()`` — once as the kit does it (the
heap settled) and once with the settle switched off (as a page's first automatic full pass
would find it). The baseline, measured in the same run, is the same pass in a bare kernel that
has built nothing. Medians over ``--runs`` kernels each; ratios against the bare kernel.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from jupyter_client.manager import start_new_kernel

from kit.systems import SYSTEMS  # every registered system's table

REPO_ROOT = Path(__file__).resolve().parents[1]
TIMED_PASS = "import gc, time\nstart = time.perf_counter()\ngc.collect()\nprint((time.perf_counter() - start) * 1000)"
"""One full collection, printed in milliseconds."""
UNSETTLED = "import kit.widgets.session\nkit.widgets.session.settle_after_cell = lambda: False\n"
"""Switches the settle off for the views built after it (the table's session asks for it as views listen)."""


def run_cell(client: object, code: str) -> str:
    """Run ``code`` in the kernel and return what it printed; raise if the cell failed."""
    printed: list[str] = []
    reply = client.execute_interactive(  # type: ignore[attr-defined]
        code, timeout=120,
        output_hook=lambda msg: printed.append(msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None)
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"the kernel refused the cell: {reply['content'].get('evalue', reply['content'])}")
    return "".join(printed).strip()


def full_pass_ms(build: str, settled: bool) -> float:
    """In a fresh kernel: run ``build`` (may be empty), then time one full collection.

    Raises when the heap is not as ``settled`` says (frozen or not): the figure would be mislabelled.
    """
    kernel, client = start_new_kernel(kernel_name="python3")
    try:
        if build:
            run_cell(client, build)
        frozen = int(run_cell(client, "import gc\nprint(gc.get_freeze_count())"))
        if (frozen > 0) != settled:
            expected = "settled" if settled else "not settled"
            raise RuntimeError(f"expected the heap {expected}, found {frozen} objects frozen")
        return float(run_cell(client, TIMED_PASS))
    finally:
        client.stop_channels()
        kernel.shutdown_kernel(now=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Print each system's full pass, settled and not, against a bare kernel's."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="fresh kernels per figure (default 3)")
    runs = parser.parse_args(argv).runs
    with tempfile.TemporaryDirectory(prefix="kit-heap-") as folder:
        for system in SYSTEMS:
            shutil.copy(REPO_ROOT / "notebooks" / "games" / f"{system}-sample.ipynb", folder)
        table = "from kit.widgets.table import Table\ntable = Table({system!r}, games_dir=" + repr(folder) + ")"
        bare = statistics.median(full_pass_ms("", settled=False) for _ in range(runs))
        print(f"One full garbage collection in a kernel, medians of {runs} fresh kernels (ms)")
        print(f"{'kernel':<32}{'full pass':>10}{'x bare':>8}")
        print(f"{'bare (built nothing)':<32}{bare:>10.1f}{1.0:>8.2f}")
        for system in SYSTEMS:
            build = table.format(system=system)
            for label, code, settled in (("settled", build, True), ("not settled", UNSETTLED + build, False)):
                taken = statistics.median(full_pass_ms(code, settled) for _ in range(runs))
                print(f"{f'{system} table, {label}':<32}{taken:>10.1f}{taken / bare:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
