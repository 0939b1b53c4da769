"""Layers point down only: widgets → gamefile/render/odds → systems → core (read from every module's imports).

Which modules are a system's comes from the registries: a system's package is the package of its
``system`` module (``kit.systems.SYSTEMS``), its odds module and widgets package are those
``kit.odds.ODDS_MODULES`` and ``kit.widgets.registry.WIDGETS`` name. A system registered from outside
``kit/`` (the tests' fourth system) has its modules read the same way, in the layers they belong to.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from kit import odds, systems
from kit.widgets import registry

KIT = Path(__file__).resolve().parents[1] / "kit"
ROOT = KIT.parent

SYSTEM_PACKAGES = {name: module.rsplit(".", 1)[0] for name, module in systems.SYSTEMS.items()}
"""Each registered system's package (``kit.suitpairs``), from the module its registry line names."""
ODDS = set(odds.ODDS_MODULES.values())
WIDGET_PACKAGES = set(registry.WIDGETS.values())

# What each layer may import of the kit, by top-level part (a system may import only itself of the systems).
ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "system": {"core"},
    "systems": {"core", "system"},
    "render": {"core"},
    "odds": {"core", "system", "systems", "render"},
    "gamefile": {"core", "system", "systems", "render"},
    "widgets": {"core", "system", "systems", "render", "odds", "gamefile", "widgets"},
    "cli": {"core", "system", "systems", "render", "odds", "gamefile"},
}


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _system_of(module: str) -> str | None:
    """The package of the registered system ``module`` belongs to, or None."""
    return next((package for package in SYSTEM_PACKAGES.values() if _within(module, package)), None)


def _layer(module: str) -> str | None:
    """The layer of a module by its dotted name; None for a module that is neither the kit's nor a system's."""
    if _system_of(module) is not None:
        return "system"
    if any(_within(module, package) for package in ODDS):
        return "odds"
    if any(_within(module, package) for package in WIDGET_PACKAGES):
        return "widgets"
    parts = module.split(".")
    if parts[0] != "kit" or len(parts) < 2:
        return None
    return parts[1]


def _imports(path: Path) -> list[str]:
    """The dotted names of the modules ``path`` imports (absolute imports; ``from kit import odds`` is kit.odds)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "kit":
                found += [f"kit.{alias.name}" for alias in node.names]
            else:
                found.append(node.module)
    return found


def _package_files(package: str) -> list[tuple[str, Path]]:
    """Every module of a package (or the one module) registered from outside the kit, with its dotted name."""
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None, f"{package} is registered but cannot be found"
    origin = Path(spec.origin)
    if origin.name != "__init__.py":
        return [(package, origin)]
    found = []
    for path in sorted(origin.parent.rglob("*.py")):
        parts = path.relative_to(origin.parent).with_suffix("").parts
        found.append((".".join((package, *parts)).removesuffix(".__init__"), path))
    return found


def _modules() -> list[tuple[str, Path]]:
    """Every module of the kit, then every module of a system registered from outside it, by dotted name."""
    found = []
    for path in sorted(KIT.rglob("*.py")):
        if path == KIT / "__init__.py":
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        found.append((".".join(parts).removesuffix(".__init__"), path))
    outside = sorted({*SYSTEM_PACKAGES.values(), *ODDS, *WIDGET_PACKAGES} - {""})
    for package in outside:
        if not _within(package, "kit"):
            found += _package_files(package)
    return found


MODULES = _modules()


def test_every_registered_system_is_read_by_its_registry_lines():
    """Each system's package, odds module and widgets package are read, wherever the registries put them."""
    read = {name for name, _ in MODULES}
    for name, package in SYSTEM_PACKAGES.items():
        assert f"{package}.system" in read, name
        assert odds.ODDS_MODULES[name] in read and registry.WIDGETS[name] in read, name


@pytest.mark.parametrize(("module", "path"), MODULES, ids=[name for name, _ in MODULES])
def test_every_module_imports_only_the_layers_below_it(module: str, path: Path):
    layer = _layer(module)
    assert layer in ALLOWED, f"{module} belongs to no layer"
    allowed = ALLOWED[layer] | {layer}
    for imported in _imports(path):
        target = _layer(imported)
        if target is None:
            continue
        if target == "system" and layer == "system":
            assert _system_of(imported) == _system_of(module), f"{module} imports another system: {imported}"
            continue
        assert target in allowed, f"{module} ({layer}) imports {imported} ({target})"


BELOW_WIDGETS = {"core", "system", "systems", "render", "odds", "gamefile"}
"""The layers under the widgets: none of them imports ipywidgets or IPython."""


@pytest.mark.parametrize(("module", "path"), [(name, path) for name, path in MODULES if _layer(name) in BELOW_WIDGETS],
                         ids=[name for name, _ in MODULES if _layer(name) in BELOW_WIDGETS])
def test_nothing_below_the_widgets_imports_ipywidgets_or_ipython(module: str, path: Path):
    for imported in _imports(path):
        assert imported.split(".")[0] not in ("ipywidgets", "IPython"), f"{module} imports {imported}"


def test_the_core_offers_rendering_through_writers_the_renderers_register():
    from kit.core.describe import Description, write
    from kit.render import to_html

    assert write(Description("Hello"), "html") == to_html(Description("Hello"))


# -- imports run one way, at run time too ------------------------------------------------------------

KNOWN_CYCLES: dict[frozenset[str], str] = {
    frozenset({"kit.cli", "kit.cli_chapters", "kit.cli_sealed"}):
        "the command line's modules import each other inside functions; the cli package being built in "
        "kit/cli/ replaces them, and whoever deletes kit/cli_chapters.py and kit/cli_sealed.py removes this entry",
}
"""Import cycles known today outside kit.gamefile, each with who removes it. An entry applies while its modules
exist; one whose modules no longer cycle fails (remove the entry). kit.gamefile may have none."""


def _kit_module_files() -> dict[str, Path]:
    """Every module of the kit by dotted name (a package by its own name: ``kit.gamefile``)."""
    found = {}
    for path in sorted(KIT.rglob("*.py")):
        parts = path.relative_to(KIT.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _running(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` that runs: all of it (inside functions too) but the bodies of ``if TYPE_CHECKING:``."""
    nodes, stack = [], [tree]
    while stack:
        node = stack.pop()
        nodes.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)  # the body is read by type checkers only, never run
            else:
                stack.append(child)
    return nodes


def _import_graph() -> dict[str, set[str]]:
    """Which kit modules each kit module imports when it runs, imports inside functions included.

    Relative imports are resolved; ``from kit.gamefile import files`` imports the module
    ``kit.gamefile.files``, ``from kit.gamefile import verify`` (a name the package defines) the
    package ``kit.gamefile``. A package's parents, which Python imports first, are not counted:
    every module of a package would otherwise meet its ``__init__``.
    """
    files = _kit_module_files()

    def owner(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        imported: set[str] = set()
        for node in _running(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = ".".join([*package[:len(package) - node.level + 1], *([node.module] if node.module else [])]
                                if node.level else [node.module or ""])
                imported.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in files else base
                                for alias in node.names)
        graph[name] = {target for target in map(owner, imported) if target is not None and target != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Each group of modules that import one another in circles (a strongly connected component of the graph)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while not group or module not in group:
                group.add(stack.pop())
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return groups


def _circle(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """One circle through the group's first module, as the imports run: ``[a, b, c, a]``."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        module = queue.pop(0)
        for target in sorted(graph[module] & group):
            if target == start:
                return [*paths[module], start]
            if target not in paths:
                paths[target] = [*paths[module], target]
                queue.append(target)
    raise AssertionError(f"no circle through {start}")


def test_imports_run_one_way_at_run_time_too():
    """No kit modules import one another in a circle, counting imports inside functions; kit.gamefile never."""
    graph = _import_graph()
    groups = _cycles(graph)

    def named(found: list[set[str]]) -> str:
        return "; ".join(f"{' → '.join(_circle(graph, group))} (all of {sorted(group)})" for group in found)

    gamefile = [group for group in groups if any(name.startswith("kit.gamefile") for name in group)]
    assert not gamefile, f"kit.gamefile imports in a circle: {named(gamefile)}"
    unknown = [group for group in groups if frozenset(group) not in KNOWN_CYCLES]
    assert not unknown, f"modules import one another in a circle: {named(unknown)}"
    gone = [sorted(known) for known in KNOWN_CYCLES if known <= graph.keys() and set(known) not in groups]
    assert not gone, f"a known cycle is gone: remove it from KNOWN_CYCLES: {gone}"


def test_the_cycle_finder_names_a_circle_of_imports_inside_functions():
    """The graph counts an import inside a function, and a relative one; the circle is named in import order."""
    graph = {"kit.a": {"kit.b"}, "kit.b": {"kit.c"}, "kit.c": {"kit.a"}, "kit.d": {"kit.a"}}
    assert _cycles(graph) == [{"kit.a", "kit.b", "kit.c"}]
    assert _circle(graph, {"kit.a", "kit.b", "kit.c"}) == ["kit.a", "kit.b", "kit.c", "kit.a"]
    tree = ast.parse("def f():\n    from . import files\nif TYPE_CHECKING:\n    import kit.widgets\n")
    imports = [node for node in _running(tree) if isinstance(node, ast.ImportFrom | ast.Import)]
    assert [type(node).__name__ for node in imports] == ["ImportFrom"]
    assert "kit.gamefile.files" in _import_graph()["kit.gamefile.append"]
