"""Plain-text writer: what a notebook shows as ``text/plain`` and a chat post holds."""

from __future__ import annotations

from kit.core.describe import Description, Face


def face_text(face: Face) -> str:
    """A face as text: the chosen one in brackets, struck ones with a tilde."""
    text = face.text
    if face.chosen:
        text = f"[{text}]"
    if face.struck:
        text = f"~{text}~"
    return text


def to_text(description: Description, depth: int = 0) -> str:
    """Render a description as indented plain text."""
    pad = "  " * depth
    head = description.title
    if description.verdict:
        head += f" — {description.verdict}"
    lines = [pad + head]
    if description.faces:
        lines.append(pad + "  " + " ".join(face_text(face) for face in description.faces))
    lines += [f"{pad}  {fact.label}: {fact.value}" for fact in description.facts]
    lines += [f"{pad}  · {note}" for note in description.notes]
    for section in description.sections:
        lines.append(to_text(section, depth + 1))
    return "\n".join(lines)
