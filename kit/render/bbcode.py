"""BBCode writer, for classic forums.

Player text is escaped only where it looks like a tag (``[b]``, ``[/url]``, ``[*]``,
``[color=…]``): an empty ``[i][/i]`` after its ``[`` keeps it from opening. Brackets that
open no tag — ``[+]``, ``[−−]``, a chosen card ``[Q♣]`` — stay as written, so a post reads
cleanly raw and shows the same text as the plain-text post.
"""

from __future__ import annotations

import re

from kit.core.describe import Description, Face

_TAG_LIKE = re.compile(r"\[(?=/?(?:\*|[A-Za-z][A-Za-z0-9]*)(?:[\]=\s]|$))")
"""A ``[`` that a BBCode parser could read as opening a tag."""

BREAK = "[i][/i]"
"""What goes after a tag-like ``[`` so no parser reads a tag there (it renders as nothing)."""


def escape_bbcode(text: str) -> str:
    """Keep player text from opening BBCode tags, leaving every other bracket as written."""
    return _TAG_LIKE.sub("[" + BREAK, text)


def _face(face: Face) -> str:
    text = escape_bbcode(face.text)
    if face.red:
        text = f"[color=#b00020]{text}[/color]"
    if face.chosen:
        text = f"[b][{text}][/b]"
    if face.struck:
        text = f"[s]~{text}~[/s]"
    return text


def to_bbcode(description: Description) -> str:
    """Render a description as BBCode: a bold title, faces, a list of facts, the notes, sections quoted."""
    head = f"[b]{escape_bbcode(description.title)}[/b]"
    if description.verdict:
        head += f" — {escape_bbcode(description.verdict)}"
    lines = [head]
    if description.faces:
        lines.append(" ".join(_face(face) for face in description.faces))
    if description.facts:
        lines.append("[list]")
        lines += [f"[*]{escape_bbcode(f.label)}: {escape_bbcode(f.value)}" for f in description.facts]
        lines.append("[/list]")
    lines += [f"· [i]{escape_bbcode(note)}[/i]" for note in description.notes]
    for section in description.sections:
        lines.append("[quote]" + to_bbcode(section) + "[/quote]")
    return "\n".join(lines)
