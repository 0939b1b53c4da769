"""Words for the table: a rules message with its code-first parts put in plain words.

A refusal's exception text is written for code-first users (``call discard('Bruno', [...])
first``, card codes such as ``9D``). At the table the same refusal is read by players, so
:func:`table_text` names cards with their symbols (``9♦``, ``Red Joker``), drops the quotes
of a name (``'Bruno'`` → ``Bruno``) and lists without brackets, and :func:`reads_as_code` tells
what still speaks Python and must be said another way (see ``RulesError.for_table``).
"""

from __future__ import annotations

import re

_CARD_CODE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b|\b(RJ|BJ)\b")
_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_JOKERS = {"RJ": "Red Joker", "BJ": "Black Joker"}
_QUOTED_LIST = re.compile(r"[\[(]\s*((?:'[^'\n]*'|\"[^\"\n]*\")(?:\s*,\s*(?:'[^'\n]*'|\"[^\"\n]*\"))*)\s*,?\s*[\])]")
_QUOTED = re.compile(r"(?<![\w'])'([^'\n]*)'(?![\w'])")

_CALL_ARGUMENT = re.compile(r"\b[a-z_]+\(([a-z_]+)(?:\[[^\]()]*\])*=([^()]*)\)")
_ARGUMENT = re.compile(r"\b([a-z]+(?:_[a-z]+)*)=(?!=)\s*")
_VALUES = {"None": "none", "True": "yes", "False": "no"}

_CODE = re.compile(
    r"\w\(|\b\w+\s*=|\[\s*['\"]|\{\s*['\"]|\b(?:None|True|False)\b|\bgame\.|\b[a-z]+_[a-z_]+\b"
    r"|\b(?:10|[2-9JQKA])[CDHS]\b|\b(?:RJ|BJ)\b"
)


def card_words(text: str) -> str:
    """``text`` with every playing-card code named as the table shows it: ``9D`` → ``9♦``, ``RJ`` → ``Red Joker``."""
    def named(match: re.Match[str]) -> str:
        if match.group(3):
            return _JOKERS[match.group(3)]
        return f"{match.group(1)}{_SYMBOLS[match.group(2)]}"

    return _CARD_CODE.sub(named, text)


def unquoted(text: str) -> str:
    """``text`` without the quotes of Python's reprs: ``['9D', 'JD']`` → ``9D, JD``, ``'Bruno'`` → ``Bruno``."""
    def listed(match: re.Match[str]) -> str:
        items = re.findall(r"'([^'\n]*)'|\"([^\"\n]*)\"", match.group(1))
        return ", ".join(single or double for single, double in items)

    return _QUOTED.sub(r"\1", _QUOTED_LIST.sub(listed, text))


def _value(text: str) -> str:
    return _VALUES.get(text.strip(), text.strip())


def arguments_named(text: str) -> str:
    """``text`` with call arguments said as words: ``attack(modifier=+11)`` → ``modifier +11``,
    ``npc=True`` → ``npc yes``."""
    text = _CALL_ARGUMENT.sub(lambda m: f"{m.group(1).replace('_', ' ')} {_value(m.group(2))}", text)

    text = _ARGUMENT.sub(lambda m: m.group(1).replace("_", " ") + " ", text)
    return re.sub(r"\b(?<=[a-z] )(None|True|False)\b", lambda m: _VALUES[m.group(1)], text)


def table_text(text: str) -> str:
    """``text`` as players read it: cards by their symbols, names and lists without Python's quotes,
    arguments as words."""
    return card_words(unquoted(arguments_named(text)))


def reads_as_code(text: str) -> bool:
    """True when ``text`` still speaks Python: a call, an argument, ``None``, a quoted list, a card code,
    a name with underscores."""
    return bool(_CODE.search(text))


def plain_part(text: str | None) -> str:
    """``text`` in table words when it reads as words; else its opening clause (before a colon or
    semicolon) if that does; else ``""``."""
    if not text:
        return ""
    words = table_text(text)
    if not reads_as_code(words):
        return words
    head = re.split(r"[:;]", words, maxsplit=1)[0].strip()
    return head if head and not reads_as_code(head) else ""
