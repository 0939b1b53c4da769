"""A fourth system that lives only in the tests: Lone Die, registered for a test run to prove what adding one takes.

It is laid out as a system of the kit is, under this folder instead of ``kit/``:

- ``lonedie/`` — the system's package: rules (``game.py``, arguments checked through ``limits.py``,
  seats in ``seats.py``), results that describe themselves, exact odds (``odds.py``), the party,
  the sample game, the driver (``drive.py``) and ``system.py`` (``SYSTEM = SystemInfo(...)``);
- ``odds/lonedie.py`` — its odds display and ``kit odds lonedie`` subcommand;
- ``widgets/lonedie/`` — its builder, GM panel and one component, built as the kit's are;

and :data:`LINES`, one line for each registry, which :func:`register` adds (``tests/conftest.py``
does, for the whole session) and :func:`unregister` takes out. Nothing else names it: every
registry-driven suite finds it as it finds the kit's own systems.
"""

from __future__ import annotations

NAME = "lonedie"
"""The fourth system's registry name."""

LINES = {
    "kit.systems.SYSTEMS": "fourth_system.lonedie.system",
    "kit.odds.ODDS_MODULES": "fourth_system.odds.lonedie",
    "kit.widgets.registry.WIDGETS": "fourth_system.widgets.lonedie",
}
"""Its line in each registry: the registry → the module it names there."""


def _registries() -> dict[str, dict[str, str]]:
    from kit import odds, systems
    from kit.widgets import registry

    return {"kit.systems.SYSTEMS": systems.SYSTEMS, "kit.odds.ODDS_MODULES": odds.ODDS_MODULES,
            "kit.widgets.registry.WIDGETS": registry.WIDGETS}


def register() -> None:
    """Add the fourth system's line to each registry (after the kit's own systems)."""
    for where, registry in _registries().items():
        registry[NAME] = LINES[where]


def unregister() -> None:
    """Take the fourth system's lines out of the registries again."""
    for registry in _registries().values():
        registry.pop(NAME, None)
