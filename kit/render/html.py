"""HTML writer: notebook ``text/html`` outputs and widget panels.

Self-contained (inline styles, no scripts, no external fonts) so it renders the same in
JupyterLab, Voilà, GitHub and nbviewer. Every string is escaped.
"""

from __future__ import annotations

import re
from html import escape

from kit.core.describe import Description, Face

_TONE_COLOURS = {"success": "#060", "failure": "#900", "warning": "#850", "neutral": "#333"}
_TONE_WORDS = {"success": "✔", "failure": "✘", "warning": "!", "neutral": ""}


def face_html(face: Face) -> str:
    """A card or die face: a small bordered box with its text and a spoken name for screen readers.

    Dice are drawn as dice (see :func:`die_html`); cards keep the bordered text box.
    """
    if face.kind == "die":
        return die_html(face)
    style = "padding:0 3px;"
    style += "border:2px solid #15c;font-weight:bold;" if face.chosen else "border:1px solid #999;"
    if face.red:
        style += "color:#b02;"
    if face.struck:
        style += "text-decoration:line-through;"
    alt = _spoken(face)
    mark = "▲" if face.chosen else ""
    return f"<span role='img' aria-label='{escape(alt)}' style='{style}'>{escape(face.text)}{mark}</span>"


def _spoken(face: Face) -> str:
    """The face's text alternative with its state, which the picture shows only by border and line."""
    alt = face.alt + (" (chosen)" if face.chosen else "") + (" (set aside)" if face.struck else "")
    if face.note:
        alt += f" — {face.note}"
    return alt


# Which of the nine cells (row by row) of a d6 face carry a pip, for 1 to 6.
_PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8), 6: (0, 2, 3, 5, 6, 8)}
_SIDES = re.compile(r"\bd(\d+)\b", re.IGNORECASE)
# A hexagon with its corners cut: the outline of a d20 seen from above.
_HEXAGON = "polygon(50% 0,93% 25%,93% 75%,50% 100%,7% 75%,7% 25%)"
_STRUCK_LINE = "linear-gradient(to top right,transparent 45%,#900 47%,#900 53%,transparent 55%)"


def _is_d6(face: Face) -> bool:
    """A die face showing 1–6 whose name names no other die (``d20 rolled 3`` is not a d6)."""
    sides = _SIDES.search(face.alt)
    return face.text.strip() in {"1", "2", "3", "4", "5", "6"} and (sides is None or sides.group(1) == "6")


def die_html(face: Face) -> str:
    """A die: a d6 as a rounded square of pips, any other die as its number inside a d20 outline.

    Inline styles only. Chosen dice get the blue border, bold and ``▲`` that chosen cards
    get; struck dice are faded and crossed out (a line through the number, a diagonal across
    the pips). The picture is ``role='img'`` and always carries the face's text alternative as
    ``aria-label`` and ``title``.
    """
    alt = escape(_spoken(face))
    ink = "#b02" if face.red else "#222"
    border = "#15c" if face.chosen else "#888"
    mark = "<span aria-hidden='true' style='color:#15c;font-weight:bold'>▲</span>" if face.chosen else ""
    fade = "opacity:.5;" if face.struck else ""
    label = f"role='img' aria-label='{alt}' title='{alt}'"
    if _is_d6(face):
        pips = _PIPS[int(face.text)]
        cells = "".join(
            f"<span style='width:5px;height:5px;border-radius:50%;background:{ink}'></span>" if i in pips
            else "<span></span>"
            for i in range(9)
        )
        width = "2px" if face.chosen else "1px"
        background = f"{_STRUCK_LINE},#fff" if face.struck else "#fff"
        style = (
            "display:inline-grid;grid-template-columns:repeat(3,6px);grid-template-rows:repeat(3,6px);"
            "place-items:center;box-sizing:content-box;padding:3px;margin:1px 3px;vertical-align:middle;"
            f"border:{width} solid {border};border-radius:5px;background:{background};"
            f"box-shadow:0 1px 2px rgba(0,0,0,.35);{fade}"
        )
        return f"<span {label} style='{style}'>{cells}</span>{mark}"
    strike = "text-decoration:line-through;" if face.struck else ""
    inset = "3px" if face.chosen else "2px"  # the outline's thickness: thicker when chosen
    outline = (
        "display:inline-grid;place-items:center;width:30px;height:32px;border-radius:5px;"
        f"background:{border};clip-path:{_HEXAGON}"
    )
    inner = (
        f"display:inline-grid;place-items:center;width:calc(100% - 2*{inset});height:calc(100% - 2*{inset});"
        f"border-radius:4px;background:#fff;clip-path:{_HEXAGON};color:{ink};"
        f"font:{'bold ' if face.chosen else ''}13px/1 sans-serif;{strike}"
    )
    wrapper = (
        "display:inline-block;margin:1px 3px;vertical-align:middle;"
        f"filter:drop-shadow(0 1px 1px rgba(0,0,0,.4));{fade}"
    )
    return (
        f"<span {label} style='{wrapper}'><span style='{outline}'>"
        f"<span style='{inner}'>{escape(face.text)}</span></span></span>{mark}"
    )


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
