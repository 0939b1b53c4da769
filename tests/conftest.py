"""The whole test run: the tests' fourth system (:mod:`fourth_system`, Lone Die) is registered for the session.

Registered before any test module is collected, so every suite that loops over the registries
(``kit.systems.SYSTEMS``, ``kit.odds.ODDS_MODULES``, ``kit.widgets.registry.WIDGETS``) runs it
as it runs the kit's own systems. It is registered in this process only: a test that starts the
kit in another process (a Voilà server, ``kit`` on the command line) sees the kit's own systems.
"""

from __future__ import annotations

import fourth_system
import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Register the fourth system for the session."""
    fourth_system.register()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Take it out of the registries again."""
    fourth_system.unregister()
