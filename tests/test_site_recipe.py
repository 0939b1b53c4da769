"""The static site's recipe (scripts/build_site.py, scripts/site/): pinned, hashed, and the lock it writes.

The site's Pyodide lock names exactly the wheels shipped, each with the SHA-256 of the file, and
only dependencies among them; a dependency nobody shipped stops the build unless it is left out
by name, with a reason.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import marshal
import re
import sys
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


def test_the_site_ships_the_kit_s_views_javascript() -> None:
    """Every anywidget view's ES module (kit/**/*.js) is in the kit wheel the site loads, beside its module."""
    lock_path = ROOT / "site" / "static" / "pyodide" / "pyodide-lock.json"
    if not lock_path.is_file():
        pytest.skip("the site is not built (make site)")
    kit = json.loads(lock_path.read_text())["packages"]["kit"]
    names = set(zipfile.ZipFile(lock_path.parent / kit["file_name"]).namelist())
    wanted = {path.relative_to(ROOT).as_posix() for path in (ROOT / "kit").rglob("*.js")}
    assert wanted and wanted <= names


def start_file_module():
    """scripts/site/start_file.py, the Python reading of the site's start file."""
    if "start_file" in sys.modules:
        return sys.modules["start_file"]
    spec = importlib.util.spec_from_file_location("start_file", RECIPE / "start_file.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["start_file"] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def built_pyodide_folder() -> Path:
    folder = ROOT / "site" / "static" / "pyodide"
    if not (folder / "pyodide-lock.json").is_file():
        pytest.skip("the site is not built (make site)")
    return folder


def test_the_kernel_starts_python_with_the_site_s_loader_which_names_the_start_file_by_its_hash() -> None:
    folder = built_pyodide_folder()
    (start,) = folder.glob("kit-start-*.bin.gz")
    assert start.name == f"kit-start-{hashlib.sha256(start.read_bytes()).hexdigest()[:16]}.bin.gz"
    loader = (folder / build_site.LOADER).read_text(encoding="utf-8")
    assert f'"{start.name}"' in loader and build_site.START_FILE_MARK not in loader
    site = folder.parent.parent
    urls = set(re.findall(r'"pyodideUrl": "([^"]*)"', (site / "jupyter-lite.json").read_text(encoding="utf-8")))
    for page in (site / "voici" / "render").rglob("*.html"):
        urls |= set(re.findall(r'"pyodideUrl": "([^"]*)"', page.read_text(encoding="utf-8")))
    assert urls and all(url.endswith(f"static/pyodide/{build_site.LOADER}") for url in urls), urls


def test_the_start_file_holds_a_snapshot_of_the_site_s_own_pyodide_and_the_files_its_wheels_unpack() -> None:
    folder = built_pyodide_folder()
    start_file = start_file_module()
    start = start_file.read(next(folder.glob("kit-start-*.bin.gz")))
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    build_id = re.search(r'BUILD_ID:"([0-9a-f]{64})"', (folder / "pyodide.js").read_text()).group(1)
    assert start.snapshot_build_id == build_id  # Pyodide refuses a snapshot of another build; this one is its own
    assert start.header["pyodide"] == json.loads((RECIPE / "package.json").read_text())["dependencies"]["pyodide"]
    assert start.header["python"].split(".")[:2] == lock["info"]["python"].split(".")[:2]
    # Exactly what loading the kernel's start-up packages unpacks: each of them and what it depends on.
    wanted, todo = set(), [build_site.normalised(name) for name in build_site.PRELOADED]
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo += lock["packages"][name]["depends"]
    site_packages = f"/lib/python{start.header['python'].rsplit('.', 1)[0]}/site-packages/"
    expected: dict[str, bytes] = {}
    for name in wanted:
        with zipfile.ZipFile(folder / lock["packages"][name]["file_name"]) as archive:
            infos = [info for info in archive.infolist() if not info.is_dir()]
            expected |= {site_packages + info.filename: archive.read(info) for info in infos}
            (dist_info,) = {info.filename.split("/")[0] for info in infos if ".dist-info/" in info.filename}
        for marker in ("INSTALLER", "PYODIDE_SOURCE"):  # what Pyodide's installer writes beside what it unpacks
            expected[f"{site_packages}{dist_info}/{marker}"] = start.files.get(f"{site_packages}{dist_info}/{marker}")
    assert set(start.files) == set(expected)
    assert all(start.files[path] == data for path, data in expected.items() if data is not None)
    assert all(start.files[f"{site_packages}{name}"] for name in ("kit/__init__.py", "IPython/__init__.py"))


def test_a_start_file_that_is_cut_short_or_not_one_is_refused(tmp_path: Path) -> None:
    start_file = start_file_module()
    folder = built_pyodide_folder()
    data = gzip.decompress(next(folder.glob("kit-start-*.bin.gz")).read_bytes())
    for damaged in (data[:-1], data + b"\0", b"KITSTOP!" + data[8:], data[:12]):
        with pytest.raises(start_file.StartFileError):
            start_file.parse(damaged)
