"""HTML writer: notebook ``text/html`` outputs and widget panels.

Self-contained (inline styles, no scripts, no external fonts) so it renders the same in
JupyterLab, Voilà, GitHub and nbviewer. Every string is escaped.
"""

from __future__ import annotations

from html import escape

from kit.core.describe import Description, Face

_TONE_COLOURS = {"success": "#060", "failure": "#900", "warning": "#850", "neutral": "#333"}
_TONE_WORDS = {"success": "✔", "failure": "✘", "warning": "!", "neutral": ""}


def face_html(face: Face) -> str:
    """A card or die face: a small bordered box with its text and a spoken name for screen readers."""
    style = "padding:0 3px;"
    style += "border:2px solid #15c;font-weight:bold;" if face.chosen else "border:1px solid #999;"
    if face.red:
        style += "color:#b02;"
    if face.struck:
        style += "text-decoration:line-through;"
    alt = face.alt + (" (chosen)" if face.chosen else "") + (" (set aside)" if face.struck else "")
    if face.note:
        alt += f" — {face.note}"
    mark = "▲" if face.chosen else ""
    return f"<span role='img' aria-label='{escape(alt)}' style='{style}'>{escape(face.text)}{mark}</span>"


def to_html(description: Description, nested: bool = False) -> str:
    """Render a description as a small self-contained HTML block."""
    colour = _TONE_COLOURS[description.tone]
    margin = ";margin-left:8px" if nested else ""
    parts = [f"<div class='kit-result' style='border-left:4px solid {colour};padding-left:6px{margin}'>"]
    head = f"<b>{escape(description.title)}</b>"
    if description.verdict:
        sign = _TONE_WORDS[description.tone]
        marker = escape(f"{sign} ") if sign else ""
        head += f" — <span style='color:{colour}'>{marker}{escape(description.verdict)}</span>"
    parts.append(f"<div>{head}</div>")
    if description.faces:
        parts.append("<div>" + "".join(face_html(face) for face in description.faces) + "</div>")
    if description.facts:
        items = "".join(
            f"<li>{escape(fact.label)}: <b>{escape(fact.value)}</b></li>" for fact in description.facts
        )
        parts.append(f"<ul>{items}</ul>")
    if description.notes:
        items = "".join(f"<li><i>{escape(note)}</i></li>" for note in description.notes)
        parts.append(f"<ul>{items}</ul>")
    parts += [to_html(section, nested=True) for section in description.sections]
    parts.append("</div>")
    return "".join(parts)
