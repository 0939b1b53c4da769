"""The ready-made Lone Die party: heroes legal under L-1, for a quick start."""

from __future__ import annotations

from kit.core.system import Turn

PARTY: tuple[Turn, ...] = (
    ("add_hero", {"name": "Pip", "knack": 2}),
    ("add_hero", {"name": "Quill", "knack": 1}),
    ("add_hero", {"name": "Rook", "knack": 3}),
)
"""Three heroes, each a creating turn."""
