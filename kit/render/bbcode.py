"""BBCode writer, for classic forums."""

from __future__ import annotations

from kit.core.describe import Description, Face


def escape_bbcode(text: str) -> str:
    """Keep player text from opening BBCode tags."""
    return text.replace("[", "[[i][/i]")


def _face(face: Face) -> str:
    text = escape_bbcode(face.text)
    if face.red:
        text = f"[color=#b00020]{text}[/color]"
    if face.chosen:
        text = f"[b]{text}[/b]"
    if face.struck:
        text = f"[s]{text}[/s]"
    return text


def to_bbcode(description: Description) -> str:
    """Render a description as BBCode: a bold title, faces, a list of facts and notes."""
    head = f"[b]{escape_bbcode(description.title)}[/b]"
    if description.verdict:
        head += f" — {escape_bbcode(description.verdict)}"
    lines = [head]
    if description.faces:
        lines.append(" ".join(_face(face) for face in description.faces))
    if description.facts or description.notes:
        lines.append("[list]")
        lines += [f"[*]{escape_bbcode(f.label)}: {escape_bbcode(f.value)}" for f in description.facts]
        lines += [f"[*][i]{escape_bbcode(note)}[/i]" for note in description.notes]
        lines.append("[/list]")
    for section in description.sections:
        lines.append("[quote]" + to_bbcode(section) + "[/quote]")
    return "\n".join(lines)
