"""Build the kit's static site: the welcome page, the tables and the tours as a Voici site (``make site``).

The site runs the kit in the browser alone (JupyterLite's Pyodide kernel, Voici's pages) and loads
nothing from outside its own folder. Everything it holds comes from the registries, pinned:

- the page tools (voici-core, jupyterlite-core, jupyterlite-pyodide-kernel, ipywidgets' page side)
  from ``scripts/site/build-requirements.txt``, installed in a venv of their own by ``make site``;
- the Pyodide core (the interpreter, its standard library, its loader) from the npm package
  ``pyodide`` at the version the kernel names, checked against ``scripts/site/package-lock.json``;
- the pure-Python wheels the kernel and the kit need in the browser, from PyPI, each checked
  against the hash in ``scripts/site/browser-requirements.txt``;
- the kit itself, as a wheel built from this checkout.

Every wheel, and the standard library's zip, then gets its modules' bytecode, compiled by that same
Pyodide under Node.js, so a page does not compile them as it starts. That Pyodide then starts once
more, loads the wheels, imports what a page imports as it starts, and writes the site's start file:
a memory snapshot of it, with the files it was started on. A page restores it instead of starting
the interpreter and importing IPython, ipywidgets and the kit again (``scripts/site/kit-pyodide.js``,
the loader the kernel runs in place of Pyodide's own, which falls back on the wheels).

Pyodide's own lock file names the packages of its full distribution, which the npm package does
not carry. The site's lock file names exactly the wheels the site ships, each with the SHA-256 of
the file shipped (Pyodide checks it when it loads one), and the dependencies between them. Two
dependencies of Pyodide's packages are left out, named in :data:`LEFT_OUT`; any other missing one
stops the build.

Usage: ``python scripts/build_site.py --tools build/site-venv/bin --out site``.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECIPE = ROOT / "scripts" / "site"
NOTEBOOKS = ROOT / "notebooks"

STORAGE_NAME = "kit-play-by-post"
"""The name of the site's store in the browser (JupyterLite's contents and settings).

Every JupyterLite site under one origin (``someone.github.io/…``) would otherwise share one store,
so a game file saved by another site's notebooks could meet the kit's games folder.
"""

PRELOADED = ["micropip", "piplite", "ipykernel", "pyodide_kernel", "comm", "ipython", "kit"]
"""Packages the kernel loads as it starts, all at once from the site's lock file: everything it would
otherwise install one by one with micropip, and the kit (a page's first cell imports it)."""

PYODIDE_FILES = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm"]
"""The files of the npm package the site ships as they are (its maps, types and consoles stay behind)."""

STDLIB_ZIP = "python_stdlib.zip"
"""The npm package's standard library, which the site ships with its bytecode added."""

LOADER = "kit-pyodide.js"
"""The site's Pyodide loader (``scripts/site/kit-pyodide.js``): starts Python from the start file."""

START_FILE_MARK = "__KIT_START_FILE__"
"""Where the loader names its start file; the name holds the file's hash, so no browser mixes builds."""

NOT_IN_BROWSER = {
    "ipykernel": "the Pyodide kernel is the page's kernel",
    "nbclient": "only the command line runs notebooks",
    "voila": "the site's pages are Voici's",
    "jupyter-server": "the site is plain files, with no server behind it",
    "filelock": "a browser tab is its games folder's only writer and takes no file lock",
    "jsonschema": "only importing nbformat needs it; in the browser the kit reads nbformat's schema file only",
    "jupyter-core": "only importing nbformat needs it",
}
"""Dependencies of the kit (and of nbformat) that a page in the browser never imports, and why."""

LEFT_OUT = {
    "matplotlib": "matplotlib-inline names it, but only IPython's %matplotlib imports it; no page of the kit plots",
    "sqlite3": "a module Pyodide builds apart from its standard library and ships in neither npm nor PyPI; "
               "IPython keeps a page's input history in memory without it",
}
"""Dependencies in Pyodide's lock file the site does not ship, and why."""

KERNEL_START_LIST = ('["sqlite3","ipykernel","comm","pyodide_kernel","jedi","ipython"]',
                     '["ipykernel","comm","pyodide_kernel","ipython"]')
"""What the kernel installs as it starts, and what the site's kernel does: without sqlite3 (see
:data:`LEFT_OUT`; the kernel stops if it cannot install it) and without jedi, which only completes
code as it is typed — a Voici page has no editor — and costs a page a second to unpack and import."""

SHIMS = ["piplite-0.7.0-py3-none-any.whl", "ipykernel-6.9.2-py3-none-any.whl", "pyodide_kernel-0.7.0-py3-none-any.whl",
         "widgetsnbextension-4.0.999-py3-none-any.whl"]
"""Wheels the Pyodide kernel extension carries: its package installer, the kernel, an ipykernel that
stands in for the real one, and a widgetsnbextension that ipywidgets depends on (an empty stand-in for
the notebook extension, which a JupyterLite page does not use)."""


def run(*command: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Run a command, stopping the build if it fails."""
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], cwd=cwd, env=env, check=True)


def normalised(name: str) -> str:
    """A package name as Pyodide's lock file keys it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def kernel_pyodide_version(tools: Path) -> str:
    """The Pyodide version the installed Pyodide kernel is built for."""
    found = subprocess.run([str(tools / "python"), "-c",
                            "from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION; print(PYODIDE_VERSION)"],
                           check=True, capture_output=True, text=True)
    return found.stdout.strip()


def fetch_pyodide(work: Path, expected_version: str) -> Path:
    """The npm package ``pyodide``, installed from the lock file (npm checks its integrity hash)."""
    npm_dir = work / "npm"
    npm_dir.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(RECIPE / name, npm_dir / name)
    run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--omit=dev", cwd=npm_dir)
    package = npm_dir / "node_modules" / "pyodide"
    version = json.loads((package / "package.json").read_text())["version"]
    if version != expected_version:
        sys.exit(f"scripts/site/package.json pins pyodide {version}, but the Pyodide kernel is built for "
                 f"{expected_version}: pin that version")
    return package


def fetch_wheels(tools: Path, work: Path) -> Path:
    """The browser's wheels from PyPI, every file checked against its pinned hash."""
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    run(tools / "python", "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
        "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--python-version", "3.13",
        "--dest", wheels, "--requirement", RECIPE / "browser-requirements.txt")
    return wheels


def build_kit_wheel(tools: Path, work: Path) -> Path:
    """The kit as a wheel, built from this checkout."""
    out = work / "kit-wheel"
    # setuptools builds in build/lib and keeps what it found there before: a module since removed from the
    # checkout (a file moved into a package) would still be packed into the wheel, and the site's start file,
    # importing every module of the kit, would stop at it.
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    run(tools / "python", "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", out, ROOT)
    (wheel,) = out.glob("kit-*.whl")
    return wheel


def with_bytecode(pyodide: Path, wheels: list[Path], work: Path) -> tuple[list[Path], Path]:
    """The wheels and the standard library's zip with Python 3.13 bytecode added, compiled by the site's own
    Pyodide under Node.js.

    Sources alone would be compiled in the browser on every page start (IPython's import alone
    took 2.4 s of a table's start, and the standard library modules it imports 0.9 s more);
    ``scripts/site/compile_bytecode.py`` says how.
    """
    source, compiled = work / "sources", work / "compiled"
    for folder in (source, compiled):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    for path in (*wheels, pyodide / STDLIB_ZIP):
        shutil.copy(path, source / path.name)
    run("node", RECIPE / "pyodide_run.js", pyodide, work, RECIPE / "compile_bytecode.py", "sources", "compiled")
    return [compiled / wheel.name for wheel in wheels], compiled / STDLIB_ZIP


def start_file(target: Path, work: Path) -> str:
    """Make the start file in ``target`` (the site's Pyodide folder, wheels and lock in place) and its loader.

    Returns the start file's name, ``kit-start-<first 16 hex digits of its SHA-256>.bin.gz``.
    """
    made = work / "kit-start.bin.gz"
    run("node", RECIPE / "make_start_file.js", target, RECIPE / "start_warm_up.py", made, *PRELOADED)
    name = f"kit-start-{hashlib.sha256(made.read_bytes()).hexdigest()[:16]}.bin.gz"
    shutil.move(made, target / name)
    loader = (RECIPE / LOADER).read_text(encoding="utf-8")
    if loader.count(START_FILE_MARK) != 1:
        sys.exit(f"scripts/site/{LOADER} must name its start file once, as {START_FILE_MARK}")
    (target / LOADER).write_text(loader.replace(START_FILE_MARK, name), encoding="utf-8")
    return name


def wheel_entry(wheel: Path, known: dict[str, dict[str, object]]) -> tuple[str, dict[str, object]]:
    """The lock-file entry of a wheel the site ships: its name, file, hash, imports and dependencies."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata_name,) = [name for name in names if name.endswith(".dist-info/METADATA")]
        metadata = email.parser.Parser().parsestr(archive.read(metadata_name).decode())
    name = normalised(metadata["Name"])
    pyodide_entry = known.get(name)
    if pyodide_entry is not None:
        depends = [normalised(str(dependency)) for dependency in pyodide_entry["depends"]]
        imports = list(pyodide_entry["imports"])
    else:
        depends = []
        for requirement in metadata.get_all("Requires-Dist") or []:
            marker = requirement.partition(";")[2]
            if "extra" in marker:
                continue
            depends.append(normalised(re.match(r"[A-Za-z0-9_.-]+", requirement).group()))
        tops = {path.split("/")[0] for path in names if not path.split("/")[0].endswith((".dist-info", ".data"))}
        imports = sorted(top.removesuffix(".py") for top in tops)
    return name, {
        "name": name, "version": metadata["Version"], "file_name": wheel.name, "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
        "imports": imports, "depends": depends, "unvendored_tests": False, "shared_library": False,
    }


def site_lock(pyodide_lock: dict[str, object], wheels: list[Path]) -> dict[str, object]:
    """The site's lock file: Pyodide's own header, and exactly the wheels the site ships."""
    known = {normalised(name): entry for name, entry in pyodide_lock["packages"].items()}
    packages = dict(wheel_entry(wheel, known) for wheel in wheels)
    missing: dict[str, set[str]] = {}
    for name, entry in packages.items():
        kept = []
        for dependency in entry["depends"]:
            if dependency in packages:
                kept.append(dependency)
            elif dependency not in LEFT_OUT and dependency not in NOT_IN_BROWSER:
                missing.setdefault(dependency, set()).add(name)
        entry["depends"] = kept
    if missing:
        sys.exit("the site's wheels lack dependencies: "
                 + "; ".join(f"{dep} (for {', '.join(sorted(by))})" for dep, by in sorted(missing.items()))
                 + " — add them to scripts/site/browser-requirements.txt with their hashes")
    return {"info": pyodide_lock["info"], "packages": packages}


def site_notebook(source: Path) -> str:
    """A notebook as the site shows it: run by the Pyodide kernel.

    Its links to other notebooks stay as they are: the kit's page template points them at the
    site's pages (``…/voici/render/tables/suitpairs.html``) as the page draws them.
    """
    notebook = json.loads(source.read_text(encoding="utf-8"))
    notebook["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def gather_contents(work: Path) -> Path:
    """The site's pages and the sample games, as the site's own copies."""
    contents = work / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    contents.mkdir(parents=True)
    (contents / "welcome.ipynb").write_text(site_notebook(NOTEBOOKS / "welcome.ipynb"), encoding="utf-8")
    for folder in ("tables", "tours"):
        (contents / folder).mkdir()
        for page in sorted((NOTEBOOKS / folder).glob("*.ipynb")):
            (contents / folder / page.name).write_text(site_notebook(page), encoding="utf-8")
    shutil.copytree(NOTEBOOKS / "games", contents / "games")
    return contents


def lite_dir(work: Path, pyodide: Path, stdlib: Path, wheels: list[Path], lock: dict[str, object]) -> Path:
    """The JupyterLite project folder: the Pyodide core, its standard library and the wheels, the lock
    file, the start file and its loader, the site's settings."""
    lite = work / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    target = lite / "static" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy(pyodide / name, target / name)
    shutil.copy(stdlib, target / STDLIB_ZIP)
    for wheel in wheels:
        shutil.copy(wheel, target / wheel.name)
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    start_file(target, work)
    settings = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Play-by-post tables",
            "contentsStorageName": STORAGE_NAME,
            "settingsStorageName": f"{STORAGE_NAME}-settings",
            "workspacesStorageName": f"{STORAGE_NAME}-workspaces",
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.js",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": PRELOADED},
                },
            },
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(settings, indent=1) + "\n")
    return lite


def kernel_start_list(out: Path) -> None:
    """Take sqlite3 and jedi off the list of packages the kernel installs as it starts (:data:`KERNEL_START_LIST`)."""
    workers = sorted((out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static").glob("*.js"))
    old, new = KERNEL_START_LIST
    patched = 0
    for worker in workers:
        text = worker.read_text(encoding="utf-8")
        if old in text:
            worker.write_text(text.replace(old, new), encoding="utf-8")
            patched += 1
    if not patched:
        sys.exit("the Pyodide kernel's start-up list has changed: check scripts/build_site.py's KERNEL_START_LIST")


PYODIDE_URL = re.compile(r'("pyodideUrl": "(?:\./|(?:\.\./)+)static/pyodide/)pyodide\.js"')
"""The kernel's Pyodide loader as the site's settings and pages name it (relative to each page)."""


def with_start_loader(out: Path) -> None:
    """Point the kernel at the site's loader (:data:`LOADER`) in the settings and in every page.

    The Pyodide kernel's build step names Pyodide's own ``pyodide.js`` wherever it writes the
    settings, so this is done once the site is built.
    """
    named = 0
    for path in [out / "jupyter-lite.json", *out.rglob("*.html")]:
        text = path.read_text(encoding="utf-8")
        changed, count = PYODIDE_URL.subn(rf'\g<1>{LOADER}"', text)
        if count:
            path.write_text(changed, encoding="utf-8")
            named += count
        elif '"pyodideUrl"' in text:
            sys.exit(f"{path.relative_to(out)} names a Pyodide loader this build does not know")
    if '"pyodideUrl"' not in (out / "jupyter-lite.json").read_text(encoding="utf-8") or not named:
        sys.exit("the site's settings name no Pyodide loader: check scripts/build_site.py's PYODIDE_URL")


ICON_FONT_LINK = re.compile(
    r'\s*<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/npm/font-awesome@[^"]*" type="text/css" />')
"""The tree pages' link to an icon font on a CDN (the lists read the same without their icons)."""


def without_icon_font(out: Path) -> None:
    """Drop the tree pages' CDN icon font, so that no page asks another host for anything."""
    for page in (out / "voici" / "tree").rglob("index.html"):
        text = page.read_text(encoding="utf-8")
        page.write_text(ICON_FONT_LINK.sub("", text), encoding="utf-8")


def without_unused_app_bundles(out: Path) -> None:
    """Drop JupyterLite's own application bundles (``build/*.js``, its fonts): the pages are Voici's.

    Voici's pages load their code from ``voici/build``; of the shared ``build`` folder they read only
    the settings schemas and the themes (its folders), which stay, with the licences.
    """
    for path in (out / "build").iterdir():
        if path.is_file() and path.name != "third-party-licenses.json":
            path.unlink()


def welcome_first(out: Path) -> None:
    """The site's front door opens the welcome page."""
    (out / "index.html").write_text(
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Play-by-post tables</title>\n'
        '<meta http-equiv="refresh" content="0; url=voici/render/welcome.html"></head>\n'
        '<body><main><a href="voici/render/welcome.html">The play-by-post tables</a></main></body></html>\n',
        encoding="utf-8")


EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""")


def check_self_contained(out: Path) -> None:
    """Stop if a page of the site loads anything from another host."""
    for page in out.rglob("*.html"):
        found = EXTERNAL.search(page.read_text(encoding="utf-8", errors="replace"))
        if found:
            sys.exit(f"{page.relative_to(out)} loads from another host: {found.group(0)}")


def build(tools: Path, out: Path, work: Path) -> None:
    """Build the site into ``out``."""
    work.mkdir(parents=True, exist_ok=True)
    pyodide = fetch_pyodide(work, kernel_pyodide_version(tools))
    wheels = sorted(fetch_wheels(tools, work).glob("*.whl"))
    shims = work / "shims"
    shims.mkdir(exist_ok=True)
    extension = tools.parent / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    for shim in SHIMS:
        shutil.copy(extension / "static" / "pypi" / shim, shims / shim)
    sources = [*wheels, *(shims / shim for shim in SHIMS), build_kit_wheel(tools, work)]
    shipped, stdlib = with_bytecode(pyodide, sources, work)
    pyodide_lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    lock = site_lock(pyodide_lock, shipped)
    lite = lite_dir(work, pyodide, stdlib, shipped, lock)
    contents = gather_contents(work)
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "JUPYTER_PATH": str(ROOT / "share" / "jupyter")}
    run(tools / "voici", "build", "--force", "--no-sourcemaps", "--template", "kit", "--lite-dir", lite,
        "--contents", contents, "--output-dir", out, cwd=lite, env=env)
    kernel_start_list(out)
    with_start_loader(out)
    without_icon_font(out)
    without_unused_app_bundles(out)
    welcome_first(out)
    check_self_contained(out)
    size = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
    print(f"site built in {out}: {size / 1e6:.1f} MB in {sum(1 for _ in out.rglob('*'))} files")


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", type=Path, required=True, help="the bin folder of the venv with the page tools")
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="where the site goes (replaced)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "site-work", help="a folder for the build")
    args = parser.parse_args(argv)
    build(args.tools.resolve(), args.out.resolve(), args.work.resolve())


if __name__ == "__main__":
    main()
