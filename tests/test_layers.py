"""Layers point down only: widgets → gamefile/render/odds → systems → core (read from every module's imports)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

KIT = Path(__file__).resolve().parents[1] / "kit"
SYSTEM_PACKAGES = ("falkefateifaux", "suitpairs", "rollunder")

# What each layer may import of the kit, by top-level part (a system may import only itself of the systems).
ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "system": {"core"},
    "systems": {"core", "system"},
    "render": {"core"},
    "odds": {"core", "system", "systems", "render"},
    "gamefile": {"core", "system", "systems", "render"},
    "widgets": {"core", "system", "systems", "render", "odds", "gamefile", "widgets"},
    "cli": {"core", "system", "systems", "render", "odds", "gamefile", "cli_sealed", "cli_chapters"},
    "cli_sealed": {"core", "system", "systems", "render", "odds", "gamefile", "cli"},
    "cli_chapters": {"core", "system", "systems", "gamefile", "cli"},
}


def _layer(parts: tuple[str, ...]) -> str:
    head = parts[0] if parts else ""
    if head in SYSTEM_PACKAGES:
        return "system"
    return head.removesuffix(".py")


def _imports(path: Path) -> list[tuple[str, ...]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [tuple(alias.name.split(".")) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            module = tuple(node.module.split("."))
            if module == ("kit",):
                found += [("kit", alias.name) for alias in node.names]
            else:
                found.append(module)
    return [name[1:] for name in found if name[0] == "kit" and len(name) > 1]


MODULES = sorted(path for path in KIT.rglob("*.py") if path != KIT / "__init__.py")


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(KIT)))
def test_every_module_imports_only_the_layers_below_it(path: Path):
    own = path.relative_to(KIT).parts
    layer = _layer(own)
    allowed = ALLOWED[layer] | {layer}
    for imported in _imports(path):
        target = _layer(imported)
        if target == "system" and layer == "system":
            assert imported[0] == own[0], f"{path.name} imports another system: kit.{'.'.join(imported)}"
            continue
        assert target in allowed, f"kit/{'/'.join(own)} ({layer}) imports kit.{'.'.join(imported)} ({target})"


def test_the_core_offers_rendering_through_writers_the_renderers_register():
    from kit.core.describe import Description, write
    from kit.render import to_html

    assert write(Description("Hello"), "html") == to_html(Description("Hello"))
