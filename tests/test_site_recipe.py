"""The static site's recipe (scripts/build_site.py, scripts/site/): pinned, hashed, and the lock it writes.

The site's Pyodide lock names exactly the wheels shipped, each with the SHA-256 of the file, and
only dependencies among them; a dependency nobody shipped stops the build unless it is left out
by name, with a reason.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import marshal
import re
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECIPE = ROOT / "scripts" / "site"

spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
assert spec is not None and spec.loader is not None
build_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_site)


def wheel(folder: Path, name: str, version: str, requires: list[str], modules: list[str]) -> Path:
    """A pure-Python wheel with these requirements and top-level modules."""
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        metadata = [f"Name: {name}", f"Version: {version}", *(f"Requires-Dist: {r}" for r in requires)]
        archive.writestr(f"{name.replace('-', '_')}-{version}.dist-info/METADATA", "\n".join(metadata) + "\n")
        for module in modules:
            archive.writestr(f"{module}/__init__.py", "")
    return path


PYODIDE_LOCK = {
    "info": {"abi_version": "2025_0", "arch": "wasm32", "platform": "emscripten_4_0_9", "python": "3.13.2",
             "version": "0.29.0"},
    "packages": {
        "ipython": {"name": "ipython", "version": "9.0.2", "file_name": "ipython-9.0.2-py3-none-any.whl",
                    "sha256": "0" * 64, "imports": ["IPython"], "depends": ["sqlite3", "traitlets"]},
        "traitlets": {"name": "traitlets", "version": "5.14.3", "file_name": "traitlets-5.14.3-py3-none-any.whl",
                      "sha256": "1" * 64, "imports": ["traitlets"], "depends": []},
    },
}


def test_the_site_lock_names_the_shipped_files_with_their_own_hashes(tmp_path: Path) -> None:
    shipped = [wheel(tmp_path, "ipython", "9.0.2", ["traitlets"], ["IPython"]),
               wheel(tmp_path, "traitlets", "5.14.3", [], ["traitlets"]),
               wheel(tmp_path, "kit", "0.1.0", ["ipython", "voila==0.5.13", "pytest; extra == 'test'"], ["kit"])]
    lock = build_site.site_lock(PYODIDE_LOCK, shipped)
    assert lock["info"] == PYODIDE_LOCK["info"]
    assert set(lock["packages"]) == {"ipython", "traitlets", "kit"}
    for path in shipped:
        entry = next(e for e in lock["packages"].values() if e["file_name"] == path.name)
        assert entry["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()  # not Pyodide's build's hash
    assert lock["packages"]["ipython"]["depends"] == ["traitlets"]  # sqlite3 left out by name
    assert lock["packages"]["ipython"]["imports"] == ["IPython"]
    assert lock["packages"]["kit"]["depends"] == ["ipython"]  # voila never runs in a browser; extras are not needed
    assert lock["packages"]["kit"]["imports"] == ["kit"]


def test_a_dependency_nobody_ships_stops_the_build(tmp_path: Path) -> None:
    shipped = [wheel(tmp_path, "kit", "0.1.0", ["psygnal>=0.8"], ["kit"])]
    with pytest.raises(SystemExit, match=r"lack dependencies: psygnal \(for kit\)"):
        build_site.site_lock(PYODIDE_LOCK, shipped)


def test_every_left_out_dependency_says_why() -> None:
    for reasons in (build_site.LEFT_OUT, build_site.NOT_IN_BROWSER):
        assert reasons and all(len(why) > 20 for why in reasons.values())


def test_the_browser_wheels_are_pinned_with_hashes() -> None:
    text = (RECIPE / "browser-requirements.txt").read_text()
    requirements = re.findall(r"^([A-Za-z0-9_.-]+)==([^\s\\]+) \\\n\s+--hash=sha256:([0-9a-f]{64})$", text, re.M)
    named = re.findall(r"^[A-Za-z0-9_.-]+==", text, re.M)
    assert requirements and len(requirements) == len(named)  # every one has its hash
    pins = {name.lower(): version for name, version, _ in requirements}
    project = (ROOT / "pyproject.toml").read_text()
    for name in ("ipywidgets", "anywidget", "fastjsonschema", "nbformat"):  # as the kit pins them
        assert f'"{name}=={pins[name]}"' in project, name


def test_the_page_tools_and_the_pyodide_core_are_pinned() -> None:
    tools = [line for line in (RECIPE / "build-requirements.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[^\s]+", line) for line in tools)
    assert {"voici-core==0.10.0", "jupyterlite-core==0.7.6", "jupyterlite-pyodide-kernel==0.7.0",
            "ipywidgets==8.1.9"} <= set(tools)
    package = json.loads((RECIPE / "package.json").read_text())
    lock = json.loads((RECIPE / "package-lock.json").read_text())
    assert package["dependencies"] == {"pyodide": "0.29.0"}
    entry = lock["packages"]["node_modules/pyodide"]
    assert entry["version"] == "0.29.0" and entry["integrity"].startswith("sha512-")


def test_a_site_notebook_runs_on_the_pyodide_kernel_and_keeps_its_links() -> None:
    text = build_site.site_notebook(ROOT / "notebooks" / "welcome.ipynb")
    notebook = json.loads(text)
    assert notebook["metadata"]["kernelspec"]["name"] == "python"
    assert "](tables/suitpairs.ipynb)" in text  # the page template points it at the site's page


def test_the_pages_workflow_publishes_what_make_site_builds() -> None:
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert "run: make site" in workflow and "path: site" in workflow
    assert "actions/deploy-pages" in workflow and 'python-version: "3.11"' in workflow
    makefile = (ROOT / "Makefile").read_text()
    assert "scripts/build_site.py --tools $(SITE_VENV)/bin --out site" in makefile
    assert "site" in make_prerequisites(makefile, "unit")  # make test builds the site its browser tests open


def make_prerequisites(makefile: str, target: str) -> list[str]:
    """The prerequisites the Makefile names for ``target`` on its rule line."""
    rule = re.search(rf"^{re.escape(target)}:([^=\n]*)$", makefile, re.M)
    assert rule is not None, f"the Makefile has no rule for {target}"
    return rule.group(1).split()


def test_the_tables_and_the_tests_run_the_kit_from_bytecode() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "-m compileall -q kit" in makefile
    for target in ("play", "unit", "notebooks", "bench"):
        assert "bytecode" in make_prerequisites(makefile, target), target


def compile_bytecode_module():
    """scripts/site/compile_bytecode.py, loaded as a module (it runs inside Pyodide when the site is built)."""
    spec = importlib.util.spec_from_file_location("compile_bytecode", RECIPE / "compile_bytecode.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_wheels_get_bytecode_the_interpreter_uses_whatever_the_files_dates(tmp_path: Path) -> None:
    compile_bytecode = compile_bytecode_module()
    source = wheel(tmp_path, "tiny", "1.0", [], ["tiny"])
    with zipfile.ZipFile(source, "a") as archive:
        archive.writestr("tiny/answer.py", "ANSWER = 42\n")
        archive.writestr("tiny/old.py", "print 'python 2'\n")  # never importable: left as it is
    out, scratch = tmp_path / "out", tmp_path / "scratch"
    out.mkdir()
    scratch.mkdir()
    assert compile_bytecode.compiled(source, out, scratch) == 2  # __init__ and answer
    names = zipfile.ZipFile(out / source.name).namelist()
    tag = importlib.util.cache_from_source("tiny/answer.py")
    assert tag in names and "tiny/answer.py" in names and importlib.util.cache_from_source("tiny/old.py") not in names
    pyc = zipfile.ZipFile(out / source.name).read(tag)
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked: the source's date never matters


def test_the_standard_library_zip_gets_bytecode_where_zipimport_reads_it_first(tmp_path: Path) -> None:
    compile_bytecode = compile_bytecode_module()
    archive = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(archive, "w") as stdlib:
        stdlib.writestr("answer.py", "ANSWER = 42\n")
        stdlib.writestr("pkg/__init__.py", "")
        stdlib.writestr("pkg/done.py", "DONE = True\n")
        stdlib.writestr("pkg/done.pyc", b"already compiled")  # kept as it is
        stdlib.writestr("lib2to3_fixture.py", "print 'python 2'\n")
    out, scratch = tmp_path / "out", tmp_path / "scratch"
    out.mkdir()
    scratch.mkdir()
    assert compile_bytecode.stdlib_compiled(archive, out, "/lib/python313.zip", scratch) == 2  # answer, pkg/__init__
    compiled = zipfile.ZipFile(out / archive.name)
    names = set(compiled.namelist())
    assert {"answer.py", "answer.pyc", "pkg/__init__.pyc", "pkg/done.py"} <= names
    assert "lib2to3_fixture.pyc" not in names and compiled.read("pkg/done.pyc") == b"already compiled"
    pyc = compiled.read("answer.pyc")
    assert int.from_bytes(pyc[4:8], "little") == 0b01
    code = marshal.loads(pyc[16:])
    assert code.co_filename == "/lib/python313.zip/answer.py"  # a traceback names the file as zipimport would
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["ANSWER"] == 42


def test_the_site_ships_bytecode_for_pyodide_s_python() -> None:
    lock_path = ROOT / "site" / "static" / "pyodide" / "pyodide-lock.json"
    if not lock_path.is_file():
        pytest.skip("the site is not built (make site)")
    lock = json.loads(lock_path.read_text())
    python = lock["info"]["python"].split(".")
    tag = f"cpython-{python[0]}{python[1]}.pyc"
    kit = lock["packages"]["kit"]
    names = zipfile.ZipFile(lock_path.parent / kit["file_name"]).namelist()
    assert f"kit/widgets/__pycache__/table.{tag}" in names
    stdlib = zipfile.ZipFile(lock_path.parent / "python_stdlib.zip").namelist()
    assert "json/decoder.pyc" in stdlib and "json/decoder.py" in stdlib
