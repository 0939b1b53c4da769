"""Fixtures for the Suit Pairs tests (defined in sp_helpers)."""

from sp_helpers import game

__all__ = ["game"]
