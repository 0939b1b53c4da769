"""What the site's start file has already done: the imports every page of the site makes as it starts.

Run inside Pyodide by ``scripts/site/make_start_file.js`` before it takes the memory snapshot, in the
order a page makes them: the kernel first (``import pyodide_kernel``, which starts IPython's shell
and sets up comms), its package installer, then what a table's first cell imports: ipywidgets,
anywidget and every module of the kit (a table imports its system's widgets only once it is built,
so all three systems are imported here). Then the one piece of work every table does on its first
game whatever the game: compiling the notebook schema's checks (``kit.gamefile.schema.prepare``,
a fifth of a second in the browser).

Nothing here may reach the browser (no ``js`` module), and nothing may depend on when or where it
runs: a page restores this state in another process, on another machine, at another time.
"""

import gc
import importlib
import pkgutil

PAGE_START = ("pyodide_kernel", "piplite.piplite", "ipywidgets", "anywidget", "kit")
"""What a page imports as it starts, in its order: the kernel (IPython's shell, its comms and streams),
its package installer, then the first cell's imports."""

for name in PAGE_START:
    importlib.import_module(name)

import kit  # noqa: E402  (imported above, in the page's order)
import kit.gamefile.schema  # noqa: E402

for module in pkgutil.walk_packages(kit.__path__, "kit."):
    importlib.import_module(module.name)
kit.gamefile.schema.prepare()

gc.collect()
