"""Add Python 3.13 bytecode to the site's wheels and standard library, run inside Pyodide (scripts/site/pyodide_run.js).

A wheel from PyPI holds sources only, and so does the standard library's zip in the npm package
``pyodide``, so the browser would compile every module it imports each time a page starts (IPython
alone took seconds). This adds each module's bytecode beside its source, where the interpreter the
site runs looks for it first, in unchecked-hash form, so the files' dates never matter:

- in a wheel, as ``__pycache__/NAME.cpython-313.pyc``: the files a wheel unpacks get new dates;
- in the standard library's zip, as ``NAME.pyc`` next to ``NAME.py``: zipimport's layout, which
  reads a module's bytecode before its source.

The sources stay, so a traceback still shows its lines. Usage (inside Pyodide):
``compile_bytecode.py IN_DIR OUT_DIR`` compiles every wheel of IN_DIR, and its
``python_stdlib.zip`` if it holds one, into OUT_DIR.
"""

import importlib.util
import py_compile
import sys
import tempfile
import warnings
import zipfile
from pathlib import Path

SITE_PACKAGES = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages/"
STDLIB_ZIP = "python_stdlib.zip"


def bytecode(source: bytes, installed_as: str, scratch: Path) -> bytes | None:
    """The unchecked-hash bytecode of one module's source, or None if it is not Python 3.13."""
    module, cache = scratch / "module.py", scratch / "module.pyc"
    module.write_bytes(source)
    try:
        py_compile.compile(str(module), cfile=str(cache), dfile=installed_as, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError:
        return None  # a file the interpreter would never import (a template, a test for an old Python)
    return cache.read_bytes()


def compiled(wheel: Path, out: Path, scratch: Path) -> int:
    """Write ``wheel`` with bytecode added to ``out``; return how many modules were compiled."""
    count = 0
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(out / wheel.name, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            target.writestr(info, data)
            top = info.filename.split("/")[0]
            if not info.filename.endswith(".py") or top.endswith((".dist-info", ".data")):
                continue
            pyc = bytecode(data, SITE_PACKAGES + info.filename, scratch)
            if pyc is not None:
                target.writestr(importlib.util.cache_from_source(info.filename), pyc)
                count += 1
    return count


def stdlib_compiled(archive: Path, out: Path, mounted_at: str, scratch: Path) -> int:
    """Write the standard library's zip ``archive`` with bytecode beside each module into ``out``.

    ``mounted_at`` is the zip's path in the interpreter (an entry of ``sys.path``): a module's
    code names its file as zipimport would (``/lib/python313.zip/json/decoder.py``). Return how
    many modules were compiled.
    """
    count = 0
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(out / archive.name, "w", zipfile.ZIP_DEFLATED) as target:
        names = set(source.namelist())
        for info in source.infolist():
            data = source.read(info)
            target.writestr(info, data)
            if not info.filename.endswith(".py") or info.filename + "c" in names:
                continue
            pyc = bytecode(data, f"{mounted_at}/{info.filename}", scratch)
            if pyc is not None:
                entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                target.writestr(entry, pyc)
                count += 1
    return count


def stdlib_mount() -> str:
    """Where this interpreter reads its standard library's zip from (the ``.zip`` entry of ``sys.path``)."""
    (mount,) = [entry for entry in sys.path if entry.endswith(".zip")]
    return mount


def main(argv: list[str]) -> None:
    """Compile every wheel of IN_DIR, and its standard library's zip, into OUT_DIR."""
    warnings.simplefilter("ignore", SyntaxWarning)  # old escapes in some packages' tests: compiled as Python would
    source, out = Path(argv[0]), Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for wheel in sorted(source.glob("*.whl")):
            print(f"{wheel.name}: {compiled(wheel, out, Path(scratch))} modules compiled")
        if (source / STDLIB_ZIP).is_file():
            count = stdlib_compiled(source / STDLIB_ZIP, out, stdlib_mount(), Path(scratch))
            print(f"{STDLIB_ZIP}: {count} modules compiled")


if __name__ == "__main__":
    main(sys.argv[1:])
