"""Add Python 3.13 bytecode to pure-Python wheels, run inside Pyodide (scripts/site/pyodide_run.js).

A wheel from PyPI holds sources only, so the browser would compile every module each time a page
starts (IPython alone takes seconds). This adds each module's bytecode beside it, as the
interpreter the site runs writes it (``__pycache__/NAME.cpython-313.pyc``), in unchecked-hash form:
the files a wheel unpacks get new modification times, and the bytecode is used without comparing
them. Usage (inside Pyodide): ``compile_wheels.py IN_DIR OUT_DIR``.
"""

import importlib.util
import py_compile
import sys
import tempfile
import warnings
import zipfile
from pathlib import Path

SITE_PACKAGES = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages/"


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


def main(argv: list[str]) -> None:
    """Compile every wheel of IN_DIR into OUT_DIR."""
    warnings.simplefilter("ignore", SyntaxWarning)  # old escapes in some packages' tests: compiled as Python would
    source, out = Path(argv[0]), Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for wheel in sorted(source.glob("*.whl")):
            print(f"{wheel.name}: {compiled(wheel, out, Path(scratch))} modules compiled")


if __name__ == "__main__":
    main(sys.argv[1:])
