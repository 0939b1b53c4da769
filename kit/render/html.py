"""HTML writer: notebook ``text/html`` outputs and widget panels.

Self-contained (inline styles, no scripts, no external fonts, no ``<style>`` block: GitHub's
notebook view strips style blocks, and the kit's class names have no stylesheet there) so it
renders the same in JupyterLab, Voilà, GitHub and nbviewer. What a result means is carried by
elements and words, not by styles alone — the title and every value in ``<b>``, a chosen face
in ``<b>`` with ``▲``, a set-aside one in ``<s>``, the verdict with ``✔``/``✘``/``!`` — so a
viewer that drops inline styles still shows it; the styles add the look (borders, colours, dice).

Every turn of a game file holds this drawing, so it is written small: short styles without a
trailing ``;``, single-quoted attributes (a ``"`` costs two bytes in the notebook's JSON), the
``</li>`` that HTML lets a list item leave out, and text escaped only where markup could start
(``&``, ``<``, ``>``; an attribute escapes its quotes too). Every string is escaped.
"""

from __future__ import annotations

import functools
import re
from html import escape

from kit.core.describe import Description, Face

_TONE_COLOURS = {"success": "#060", "failure": "#900", "warning": "#850", "neutral": "#333"}
_TONE_WORDS = {"success": "✔", "failure": "✘", "warning": "!", "neutral": ""}


def _text(text: str) -> str:
    """``text`` escaped for an element's content: ``&``, ``<`` and ``>`` (quotes open nothing there).

    Most texts of a result hold none of them, and are returned as they are without a copy.
    """
    if "&" in text or "<" in text or ">" in text:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text


def _attr(text: str) -> str:
    """``text`` escaped for a quoted attribute value: quotes too, so it cannot close the attribute."""
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return escape(text)
    return text


def face_html(face: Face) -> str:
    """A card or die face: a small bordered box with its text and a spoken name for screen readers.

    Dice are drawn as dice (see :func:`die_html`); cards keep the bordered text box — a chosen
    card bold in a blue border with ``▲``, a set-aside one struck through (``<s>``), red suits red.
    A face is a frozen value and its drawing depends on nothing else, so each one is drawn once.
    """
    if (type(face.text) is str and type(face.alt) is str and type(face.note) is str and type(face.kind) is str
            and type(face.red) is bool and type(face.chosen) is bool and type(face.struck) is bool):
        return _drawn_face(face)  # plain texts and flags: equal faces are the same face, drawn alike
    return _face_html(face)


@functools.lru_cache(maxsize=4096)
def _drawn_face(face: Face) -> str:
    return _face_html(face)


def _face_html(face: Face) -> str:
    if face.kind == "die":
        return die_html(face)
    tag = "s" if face.struck else "b" if face.chosen else "span"
    style = "padding:0 3px;border:" + ("2px solid #15c" if face.chosen else "1px solid #999")
    if face.red:
        style += ";color:#b02"
    if face.chosen and face.struck:
        style += ";font-weight:bold"
    mark = "▲" if face.chosen else ""
    return f"<{tag} role='img' aria-label='{_attr(_spoken(face))}' style='{style}'>{_text(face.text)}{mark}</{tag}>"


def _spoken(face: Face) -> str:
    """The face's text alternative with its state, which the picture shows only by border and line."""
    alt = face.alt + (" (chosen)" if face.chosen else "") + (" (set aside)" if face.struck else "")
    if face.note:
        alt += f" — {face.note}"
    return alt


# Which of the nine cells (row by row) of a d6 face carry a pip, for 1 to 6.
_PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8), 6: (0, 2, 3, 5, 6, 8)}
_PIP = "●"
"""A pip: a glyph in its cell of the face's grid, in the die's ink (a viewer without styles still shows the pips)."""
_SIDES = re.compile(r"\bd(\d+)\b", re.IGNORECASE)
# A hexagon with its corners cut: the outline of a d20 seen from above.
_HEXAGON = "polygon(50% 0,93% 25%,93% 75%,50% 100%,7% 75%,7% 25%)"
_STRUCK_LINE = "linear-gradient(to top right,#0000 45%,#900 47% 53%,#0000 55%)"
_SHADOW = "#0006"


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
    alt = _attr(_spoken(face))
    ink = "#b02" if face.red else "#222"
    border = "#15c" if face.chosen else "#888"
    mark = "<b aria-hidden='true' style='color:#15c'>▲</b>" if face.chosen else ""
    fade = ";opacity:.5" if face.struck else ""
    label = f"role='img' aria-label='{alt}' title='{alt}'"
    if _is_d6(face):
        pips = _PIPS[int(face.text)]
        # The grid places the cells row by row; the empty ones after the last pip need not be written.
        cells = "".join(f"<b>{_PIP}</b>" if i in pips else "<b></b>" for i in range(max(pips) + 1))
        width = "2px" if face.chosen else "1px"
        background = f"{_STRUCK_LINE},#fff" if face.struck else "#fff"
        style = (
            "display:inline-grid;grid:repeat(3,6px)/repeat(3,6px);place-items:center;box-sizing:content-box;"
            f"padding:3px;margin:1px 3px;vertical-align:middle;border:{width} solid {border};border-radius:5px;"
            f"background:{background};box-shadow:0 1px 2px {_SHADOW};font:11px/1 sans-serif;color:{ink}{fade}"
        )
        return f"<span {label} style='{style}'>{cells}</span>{mark}"
    number = f"<s>{_text(face.text)}</s>" if face.struck else _text(face.text)
    inset = 3 if face.chosen else 2  # the outline's thickness: thicker when chosen
    # The outline is a grey (or blue) hexagon, the face a white one inset in it (the same polygon,
    # inherited: its percentages are the face's own); the shadow falls from the wrapper, since a
    # clip-path would clip a shadow drawn by the hexagon itself. The outline is a flow root, so the
    # face's margin stays inside it.
    outline = f"display:flow-root;width:30px;height:32px;background:{border};clip-path:{_HEXAGON}"
    inner = (
        f"display:grid;place-items:center;height:{32 - 2 * inset}px;margin:{inset}px;background:#fff;"
        f"clip-path:inherit;color:{ink};font:{'bold ' if face.chosen else ''}13px/1 sans-serif"
    )
    wrapper = f"display:inline-block;margin:1px 3px;vertical-align:middle;filter:drop-shadow(0 1px 1px {_SHADOW}){fade}"
    return (
        f"<span {label} style='{wrapper}'><span style='{outline}'>"
        f"<span style='{inner}'>{number}</span></span></span>{mark}"
    )


def to_html(description: Description, nested: bool = False) -> str:
    """Render a description as a small self-contained HTML block."""
    colour = _TONE_COLOURS[description.tone]
    margin = ";margin-left:8px" if nested else ""
    parts = [f"<div class='kit-result' style='border-left:4px solid {colour};padding-left:6px{margin}'>"]
    head = f"<b>{_text(description.title)}</b>"
    if description.verdict:
        sign = _TONE_WORDS[description.tone]
        marker = f"{sign} " if sign else ""
        head += f" — <span style='color:{colour}'>{marker}{_text(description.verdict)}</span>"
    parts.append(f"<div>{head}</div>")
    if description.faces:
        parts.append("<div>" + "".join([face_html(face) for face in description.faces]) + "</div>")
    if description.facts:
        # A list item ends where the next begins or the list closes: HTML needs no </li>.
        parts.append("<ul>" + "".join([f"<li>{_text(fact.label)}: <b>{_text(fact.value)}</b>"
                                       for fact in description.facts]) + "</ul>")
    if description.notes:
        parts.append("<ul>" + "".join([f"<li><i>{_text(note)}</i>" for note in description.notes]) + "</ul>")
    parts += [to_html(section, nested=True) for section in description.sections]
    parts.append("</div>")
    return "".join(parts)
