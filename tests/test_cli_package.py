"""The ``kit`` command line as a package: its base below its commands, no import cycle, one entry point."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "kit"
CLI = KIT / "cli"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str) -> bool:
    return (ROOT.joinpath(*name.split(".")) / "__init__.py").exists()


def exists(name: str) -> bool:
    return is_package(name) or ROOT.joinpath(*name.split(".")).with_suffix(".py").exists()


def imports_of(path: Path) -> set[str]:
    """Every kit module ``path`` imports, at its top or inside a function (``from a import b``: ``a.b`` if a module)."""
    name = module_name(path)
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if exists(f"{base}.{alias.name}") else base)
    return {item for item in found if item.split(".")[0] == "kit" and exists(item)}


def graph() -> dict[str, set[str]]:
    return {module_name(path): imports_of(path) - {module_name(path)} for path in KIT.rglob("*.py")}


def cycles_through(start: str, edges: dict[str, set[str]]) -> list[list[str]]:
    """The import paths from ``start`` back to itself (one per first step), depth first."""
    found = []
    for first in sorted(edges.get(start, ())):
        stack, seen = [(first, [start, first])], {first}
        while stack:
            node, trail = stack.pop()
            if node == start:
                found.append(trail)
                break
            for nxt in sorted(edges.get(node, ())):
                if nxt == start or nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*trail, nxt]))
    return found


def test_no_module_of_the_command_line_is_on_an_import_cycle():
    edges = graph()
    for name in sorted(n for n in edges if n == "kit.cli" or n.startswith("kit.cli.")):
        assert cycles_through(name, edges) == [], name


def test_the_commands_are_built_on_the_base_and_import_nothing_above_it():
    for path in sorted(CLI.glob("*.py")):
        name = module_name(path)
        of_package = {item for item in imports_of(path) if item == "kit.cli" or item.startswith("kit.cli.")}
        if name == "kit.cli.base":
            assert of_package == set(), of_package
        elif name not in ("kit.cli", "kit.cli.__main__"):
            assert of_package <= {"kit.cli.base"}, (name, of_package)
    assert not (KIT / "cli.py").exists() and not list(KIT.glob("cli_*.py"))


def test_python_dash_m_and_the_console_script_run_the_same_main(tmp_path):
    junk = tmp_path / "junk.ipynb"
    junk.write_text("{ truncated")
    for command in ([sys.executable, "-m", "kit.cli"], [str(Path(sys.executable).with_name("kit"))]):
        done = subprocess.run([*command, "verify", str(junk)], capture_output=True, text=True, timeout=120,
                              check=False)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith(f"kit: {junk} is not a game notebook: ") and done.stderr.count("\n") == 1
    script = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '\nkit = "kit.cli:main"\n' in script
