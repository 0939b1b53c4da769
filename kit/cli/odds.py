"""``kit odds SYSTEM …``: exact odds on the command line, made by :mod:`kit.odds.cli` (one subcommand a system)."""

from __future__ import annotations

from typing import Any


def add_odds(subparsers: Any) -> None:
    """Register ``kit odds`` on the ``kit`` command's argparse subparsers (:func:`kit.odds.cli.add_odds_command`).

    Building it imports no system: a system's odds module is imported when its subcommand runs.
    """
    from kit.odds.cli import add_odds_command

    add_odds_command(subparsers)
