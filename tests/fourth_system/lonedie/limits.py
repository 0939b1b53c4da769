"""What each Lone Die argument may be: types, rulings and bounds (G-2, G-3), checked before the rules see it."""

from __future__ import annotations

from typing import Annotated

from kit.core.params import Line, Name, Ruling, Span

KNACK_LOW, KNACK_HIGH = 0, 3
"""A knack's bounds (L-1)."""

TARGET_LOW, TARGET_HIGH = 2, 30
"""A target's bounds (L-2)."""

MARKS_HIGH = 5
"""The most marks the GM awards at a time (L-4)."""

DIE = 20
"""The sides of the lone die (L-2)."""

Who = Name
"""A hero at the table (at most 60 characters, G-2)."""

NewName = Annotated[Name, Ruling("L-1", "Name the hero, such as 'Pip'", why="must be non-empty text")]
"""A new hero's name (L-1)."""

Knack = Annotated[int, Span(KNACK_LOW, KNACK_HIGH, "L-1", f"a knack is {KNACK_LOW} to {KNACK_HIGH}",
                            f"give a knack from {KNACK_LOW} to {KNACK_HIGH}"),
                  Ruling("L-1", f"give a knack from {KNACK_LOW} to {KNACK_HIGH}", why="is not a whole number",
                         label="knack")]
"""A hero's knack, added to every roll (L-1)."""

Target = Annotated[int, Span(TARGET_LOW, TARGET_HIGH, "L-2", f"a target is {TARGET_LOW} to {TARGET_HIGH}",
                             f"give a target from {TARGET_LOW} to {TARGET_HIGH}"),
                   Ruling("L-2", f"give a target from {TARGET_LOW} to {TARGET_HIGH}", why="is not a whole number",
                          label="target")]
"""What a roll must reach (L-2)."""

Marks = Annotated[int, Span(1, MARKS_HIGH, "L-4", f"the GM awards 1 to {MARKS_HIGH} marks at a time",
                            f"give 1 to {MARKS_HIGH} marks"),
                  Ruling("L-4", f"give 1 to {MARKS_HIGH} marks", why="is not a whole number", label="marks")]
"""How many marks the GM awards (L-4)."""

Reason = Annotated[Line, Ruling("L-4", "Write the reason as text", why="must be text")]
"""Why the GM awards marks: one line (G-2)."""
