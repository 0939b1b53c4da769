"""The anywidget views' JavaScript: an ES module beside each view's module, shipped with the package, linted.

Each view names its module as anywidget documents it (``_esm = Path(__file__).parent / "name.js"``);
the page gets the file's text in the widget's model. ``pyproject.toml`` ships the files with the
package (the wheel the static site is built from included), and ``make lint`` runs ESLint over them
with the config pinned in ``tools/lint-js``.
"""

from __future__ import annotations

import fnmatch
import inspect
import json
import re
import tomllib
from pathlib import Path

import anywidget
import pytest

from kit.widgets.card_row import CardRow
from kit.widgets.copy_button import CopyButton
from kit.widgets.sealed_keys import BrowserKeyStore

ROOT = Path(__file__).resolve().parents[2]
VIEWS = (CardRow, CopyButton, BrowserKeyStore)


def module_file(view: type[anywidget.AnyWidget]) -> Path:
    """A view's ES module: beside its Python module, named after the class (``CardRow``: ``card_row.js``)."""
    name = re.sub(r"(?<!^)(?=[A-Z])", "_", view.__name__).lower()
    return Path(inspect.getfile(view)).parent / f"{name}.js"


def test_every_js_file_of_the_kit_is_a_view_s_module_beside_it() -> None:
    assert {module_file(view) for view in VIEWS} == set((ROOT / "kit").rglob("*.js"))


@pytest.mark.parametrize("view", VIEWS, ids=lambda view: view.__name__)
def test_the_page_gets_the_file_s_text_as_the_view_s_module(view: type[anywidget.AnyWidget]) -> None:
    text = module_file(view).read_text(encoding="utf-8")
    assert str(view.__dict__["_esm"]) == text == view()._esm  # anywidget read the file the class names
    assert "export default { render };" in text
    assert "http" not in text.replace("https://", "")  # nothing fetched: a view works offline


def test_the_package_ships_every_js_file() -> None:
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for path in (ROOT / "kit").rglob("*.js"):
        package = ".".join(path.parent.relative_to(ROOT).parts)
        assert any(fnmatch.fnmatch(path.name, pattern) for pattern in package_data.get(package, ())), path


def test_eslint_is_pinned_and_runs_over_the_kit_in_make_lint() -> None:
    tools = ROOT / "tools" / "lint-js"
    wanted = json.loads((tools / "package.json").read_text())["devDependencies"]
    lock = json.loads((tools / "package-lock.json").read_text())["packages"]
    assert {name: lock[f"node_modules/{name}"]["version"] for name in wanted} == wanted  # exact pins, locked
    config = (tools / "eslint.config.mjs").read_text()
    assert "js.configs.recommended" in config and "globals.browser" in config
    lint = (ROOT / "Makefile").read_text().split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "eslint --config $(LINT_JS)/eslint.config.mjs --max-warnings 0 kit" in lint
    assert "npm ci --prefix $(LINT_JS)" in (ROOT / "Makefile").read_text()
