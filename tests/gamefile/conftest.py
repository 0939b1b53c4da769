"""Fixtures for the game-notebook tests (defined in gf_helpers)."""

from gf_helpers import tavern_file, tavern_system

__all__ = ["tavern_file", "tavern_system"]
