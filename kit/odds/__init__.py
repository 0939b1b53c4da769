"""Exact odds for every action of every system, as :class:`fractions.Fraction`, fast enough to follow the mouse.

Each system's odds math lives in its own package, ``kit.<system>.odds`` (pure functions: import
them from there). Its display objects and its ``kit odds <system>`` command line live in one
module here, named by the registry :data:`ODDS_MODULES` (what such a module provides:
:class:`SystemOdds`). Every odds object shows itself in a notebook as the same compact bar chart
(:class:`~kit.odds.views.DistributionView`).

The package is a lazy facade (PEP 562): every name in the ``__all__`` of a registered module or of
:mod:`kit.odds.views` can be imported from ``kit.odds``, and the module that defines it is imported
on first use, so a table of one system never imports the other systems' odds.

>>> from fractions import Fraction
>>> from kit.odds import chance_words
>>> chance_words(Fraction(5, 8))
'62.5% (5/8), about even'
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import argparse

ODDS_MODULES: dict[str, str] = {
    "falkefateifaux": "kit.odds.falkefateifaux",
    "suitpairs": "kit.odds.suitpairs",
    "rollunder": "kit.odds.rollunder",
}
"""System name → the module of its odds display and command line (a :class:`SystemOdds`), one line each."""

_SHARED = ("kit.odds.views",)
_OWN = ("ODDS_MODULES", "SystemOdds", "constant_of", "odds_module")


class SystemOdds(Protocol):
    """What a system's odds module provides: display objects (its ``__all__``) and a ``kit odds`` subcommand."""

    HELP: str
    """The subcommand's one-line help."""

    __all__: list[str]

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the subcommand's arguments to its parser."""

    def run(self, args: argparse.Namespace) -> int:
        """Answer the parsed question on stdout and return the exit code; a refusal raises a ``RulesError``."""


def odds_module(system: str) -> SystemOdds:
    """The odds module of ``system`` (a registry name), imported; KeyError for a system without odds."""
    return importlib.import_module(ODDS_MODULES[system])  # type: ignore[return-value]


@functools.cache
def constant_of(module: str, name: str) -> Any:
    """A module's top-level constant (``__all__``, ``HELP``), read from its source without importing it.

    Listing what the odds modules offer then imports no system. A module already imported, or
    whose source cannot be read, is asked directly; a constant that is no literal is refused.
    """
    source = _source(module) if module not in sys.modules else None
    if source is not None:
        for node in ast.parse(source).body:
            value = _assigned(node, name)
            if value is not None:
                return ast.literal_eval(value)
    return getattr(importlib.import_module(module), name)


def _source(module: str) -> str | None:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin).read_text(encoding="utf-8")


def _assigned(node: ast.stmt, name: str) -> ast.expr | None:
    """The value a top-level statement gives ``name`` (``name = …`` or ``name: … = …``), else None."""
    if isinstance(node, ast.Assign):
        targets, value = node.targets, node.value
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        targets, value = [node.target], node.value
    else:
        return None
    return value if any(isinstance(t, ast.Name) and t.id == name for t in targets) else None


def _where() -> dict[str, str]:
    """Every name the facade exports → the module that defines it."""
    where: dict[str, str] = {}
    for module in (*_SHARED, *ODDS_MODULES.values()):
        for name in constant_of(module, "__all__"):
            where.setdefault(name, module)
    return where


def __getattr__(name: str) -> Any:
    """Import the module that defines ``name`` the first time it is asked for; ``__all__`` lists them all."""
    if name == "__all__":
        return sorted({*_OWN, *_where()})
    module = _where().get(name)
    if module is None:
        raise AttributeError(f"module 'kit.odds' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every name the package exports, imported or not yet."""
    return sorted(set(globals()) | set(_where()))
