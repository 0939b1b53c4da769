"""Markdown writer, for forum posts and chat that read Markdown."""

from __future__ import annotations

import re

from kit.core.describe import Description, Face

_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")


def escape_markdown(text: str) -> str:
    """Escape Markdown's special characters so player text shows as written."""
    return _SPECIAL.sub(r"\\\1", text)


def _face(face: Face) -> str:
    text = escape_markdown(face.text)
    if face.chosen:
        text = f"**{text}**"
    if face.struck:
        text = f"~~{text}~~"
    return text


def to_markdown(description: Description, depth: int = 0) -> str:
    """Render a description as Markdown: a bold title line, faces, a fact list and notes."""
    head = f"**{escape_markdown(description.title)}**"
    if description.verdict:
        head += f" — {escape_markdown(description.verdict)}"
    lines = [("> " * depth) + head]
    if description.faces:
        lines.append(("> " * depth) + " ".join(_face(face) for face in description.faces))
    for fact in description.facts:
        lines.append(("> " * depth) + f"- {escape_markdown(fact.label)}: {escape_markdown(fact.value)}")
    for note in description.notes:
        lines.append(("> " * depth) + f"- _{escape_markdown(note)}_")
    out = "\n".join(lines)
    for section in description.sections:
        out += "\n\n" + to_markdown(section, depth + 1)
    return out
