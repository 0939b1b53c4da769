"""Markdown writer, for forum posts and chat that read Markdown (CommonMark, and GitHub's flavour).

Player text is escaped only where Markdown would read it as markup, so a post reads cleanly raw:
``(+3)``, ``[+]`` and ``Ann (Ada)`` stay as written, while ``*``, ``_`` at a word's edge, a
backtick, ``~``, ``<``, an entity such as ``&amp;``, a link's ``](`` and what would open a heading,
a list or a quote at the start of a line are escaped with a backslash. Every character of the
plain-text post shows in the rendered post (a chosen card in brackets, a set-aside one between
tildes), so the two read the same.
"""

from __future__ import annotations

import re

from kit.core.describe import Description, Face

_ALWAYS = re.compile(r"([\\`*~<])")
"""Characters escaped wherever they stand (a backslash only where it would escape what follows)."""

_UNDERSCORE = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
"""An underscore at a word's edge could open or close emphasis; one inside a word (``magic_decks``) cannot."""

_LINK = re.compile(r"\](?=[(\[:])")
"""``](``, ``][`` and ``]:`` make a link or a link definition."""

_ENTITY = re.compile(r"&(?=#?[A-Za-z0-9]+;)")
"""``&amp;`` would show as ``&``: its ampersand is escaped."""

_LINE_START = re.compile(
    r"^([ \t]*)(#{1,6}(?=[ \t]|$)|[-+*](?=[ \t]|$)|>|\[(?=[^\]\n]*\]:)|=+$|-+$|(\d{1,9})([.)])(?=[ \t]|$))",
    re.MULTILINE)
"""What opens a block at the start of a line: a heading, a list item, a quote, a definition, an underline."""


def _block_start(match: re.Match[str]) -> str:
    lead, marker, digits, dot = match.group(1), match.group(2), match.group(3), match.group(4)
    if digits is not None:
        return f"{lead}{digits}\\{dot}"
    return f"{lead}\\{marker}"


_EVERY_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")


def escape_markdown(text: str) -> str:
    """Escape every character Markdown could read as markup, whatever it stands beside (``\\(\\+3\\)``).

    The game file's header is written with this (:mod:`kit.gamefile.header`): a file's header must
    stay byte for byte what it was, so this escaping never changes. Posts and results use
    :func:`escape_markdown_text`, which escapes only what would be read as markup.
    """
    return _EVERY_SPECIAL.sub(r"\\\1", text)


def escape_markdown_text(text: str) -> str:
    """Escape what Markdown would read as markup in ``text``, and nothing else, so it shows as written."""
    text = re.sub(r"\\(?=[!-/:-@\[-`{-~]|\Z)", r"\\\\", text)  # at the end it would escape what the kit adds
    text = _ALWAYS.sub(lambda m: m.group(1) if m.group(1) == "\\" else "\\" + m.group(1), text)
    text = _UNDERSCORE.sub(r"\\_", text)
    text = _LINK.sub(r"\\]", text)
    text = _ENTITY.sub(r"\\&", text)
    return _LINE_START.sub(_block_start, text)


def _face(face: Face) -> str:
    text = escape_markdown_text(face.text)
    if face.chosen:
        text = f"**[{text}]**"
    if face.struck:
        text = f"\\~{text}\\~"
    return text


def _emphasis(text: str, mark: str) -> str:
    """``text`` in emphasis when it can be (it begins and ends with something other than a space)."""
    return f"{mark}{text}{mark}" if text.strip() and text == text.strip() else text


def to_markdown(description: Description, depth: int = 0) -> str:
    """Render a description as Markdown: a bold title line, faces, a list of facts, the notes, sections quoted.

    Blocks are separated by blank lines; a section is a quote (``> ``) one level deeper.
    """
    title = escape_markdown_text(description.title)
    head = _emphasis(title, "**")
    if description.verdict:
        head += f" — {escape_markdown_text(description.verdict)}"
    first = [head]
    if description.faces:
        first.append(" ".join(_face(face) for face in description.faces))
    blocks = ["\n".join(first)]
    if description.facts:
        # label and value escaped as the one line they make: ``[x]: —`` would be a link definition
        blocks.append("\n".join(f"- {escape_markdown_text(f'{f.label}: {f.value}')}" for f in description.facts))
    blocks += [f"· {_emphasis(escape_markdown_text(note), '*')}" for note in description.notes]
    out = _quoted("\n\n".join(blocks), depth)
    for section in description.sections:
        out += "\n" + ("> " * depth).rstrip() + "\n" + to_markdown(section, depth + 1)
    return out


def _quoted(text: str, depth: int) -> str:
    """``text`` quoted ``depth`` levels deep, blank lines included (so the quote does not end)."""
    if depth == 0:
        return text
    prefix = "> " * depth
    return "\n".join(prefix + line if line else prefix.rstrip() for line in text.split("\n"))
