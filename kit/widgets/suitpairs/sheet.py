"""HTML for a Suit Pairs character sheet: pips, the 4×4 suit-pair grid and the serious consequences.

Pure drawing: every number comes from the game's own copy of the sheet (``game.character(name)``)
and from the changes a result lists; nothing here decides a rule. Colour never carries meaning
alone: values are written out ("3 of 5"), changes carry "▲ +1" / "▼ −1", attributes at 0 say so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape

from kit.suitpairs.attributes import HIGHEST, Attribute
from kit.suitpairs.character import Character
from kit.suitpairs.results import Change
from kit.suitpairs.skills import SKILLS

FULL_PIP = "●"
EMPTY_PIP = "○"
UP_COLOUR = "#fff3c4"
DOWN_COLOUR = "#ffe0e0"
RED_SUIT = "#b00020"
CAUSES = {
    "reroll": "paid for a reroll (S-4)",
    "consequence": "consequence of the check (S-5)",
    "award": "awarded by the GM",
    "take away": "taken away by the GM",
}
"""How each cause of a change reads on the sheet."""


@dataclass(frozen=True)
class Mark:
    """A value that the last turn changed: shown highlighted with ``▲ +1`` or ``▼ −1`` until the next turn."""

    kind: str
    name: str
    before: int
    after: int
    cause: str

    @property
    def delta(self) -> int:
        """How much the value moved."""
        return self.after - self.before

    @property
    def text(self) -> str:
        """``▲ +1``, ``▼ −1`` or ``= 0`` (a value the turn touched without moving)."""
        if self.delta > 0:
            return f"▲ +{self.delta}"
        if self.delta < 0:
            return f"▼ −{-self.delta}"
        return "= 0"

    @property
    def css(self) -> str:
        """The CSS class naming the direction: ``kit-up``, ``kit-down`` or ``kit-same``."""
        return "kit-up" if self.delta > 0 else "kit-down" if self.delta < 0 else "kit-same"

    @property
    def sentence(self) -> str:
        """``▲ +1 Strength (3 → 4): consequence of the check (S-5)``."""
        why = CAUSES.get(self.cause, self.cause)
        return f"{self.text} {self.name} ({self.before} → {self.after}): {why}"


def marks_for(character: str, changes: Iterable[Change]) -> dict[tuple[str, str], Mark]:
    """The marks of one character's values among a result's changes, keyed by (kind, name)."""
    return {
        (c.kind, c.name): Mark(c.kind, c.name, c.before, c.after, c.cause)
        for c in changes if c.character == character
    }


def pips(value: int, top: int = HIGHEST) -> str:
    """``●●●○○`` with the number in words beside it (``3 of 5``)."""
    dots = FULL_PIP * value + EMPTY_PIP * (top - value)
    return (f'<span class="kit-pips" aria-hidden="true" style="letter-spacing:1px">{dots}</span> '
            f'<span class="kit-value">{value} of {top}</span>')


def _suit(attribute: Attribute, text: str) -> str:
    colour = f' style="color:{RED_SUIT}"' if attribute.is_red else ""
    return f"<span{colour}>{escape(text)}</span>"


def _cell(kind: str, name: str, label_html: str, value: int, marks: Mapping[tuple[str, str], Mark],
          tag: str = "td", extra: str = "") -> str:
    mark = marks.get((kind, name))
    classes = [f"kit-sp-{kind}"]
    style = "border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top;"
    marker = ""
    if mark is not None:
        classes += ["kit-changed", mark.css]
        style += f"background:{UP_COLOUR if mark.delta > 0 else DOWN_COLOUR if mark.delta < 0 else '#eef'};"
        marker = (f' <span class="kit-change-marker" style="font-weight:bold">{escape(mark.text)}</span>')
    scope = ' scope="row"' if tag == "th" else ""
    return (f'<{tag}{scope} class="{" ".join(classes)}" data-name="{escape(name)}" data-value="{value}" '
            f'style="{style}">'
            f"{label_html}<br>{pips(value)}{marker}{extra}</{tag}>")


def sheet_html(person: Character, marks: Mapping[tuple[str, str], Mark]) -> str:
    """The sheet: identity, then rows by primary attribute (♠ ♦ ♣ ♥) and columns by secondary.

    Each row starts with the primary attribute's own value; each cell is the skill of that suit pair.
    """
    head = "".join(
        f'<th scope="col" style="border:1px solid #ccc;padding:3px 6px">secondary {_suit(a, a.label)}</th>'
        for a in Attribute
    )
    rows = []
    for primary in Attribute:
        value = person.attributes[primary.title]
        zero = (' <span class="kit-zero" style="font-weight:bold;color:#8a5a00">⚠ at 0: serious consequences'
                "</span>" if value == 0 else "")
        cells = [_cell("attribute", primary.title, f"<b>{_suit(primary, primary.label)}</b>", value, marks,
                       tag="th", extra=zero)]
        for found in SKILLS:
            if found.primary is primary:
                pair = _suit(found.primary, found.primary.symbol) + _suit(found.secondary, found.secondary.symbol)
                label = f"{pair} {escape(found.name)}"
                cells.append(_cell("skill", found.name, label, person.skills[found.name], marks))
        rows.append(f'<tr data-primary="{primary.title}">{"".join(cells)}</tr>')
    caption = (f"{escape(person.name)} ({escape(person.identity)}): rows by primary attribute, "
               "columns by secondary attribute")
    return (
        f'<table class="kit-sp-grid" style="border-collapse:collapse;font-size:13px">'
        f'<caption style="text-align:left;font-weight:bold">{caption}</caption>'
        f'<thead><tr><th scope="col" style="border:1px solid #ccc;padding:3px 6px">primary attribute</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def serious_html(character: str, rows: Mapping[str, str]) -> str:
    """The Serious Consequences rows of every attribute at 0 (S-6), clearly labelled; empty when none."""
    if not rows:
        return ""
    items = "".join(
        f'<li data-attribute="{escape(name)}"><b>{escape(Attribute.parse(name).label)} is 0:</b> {escape(text)}</li>'
        for name, text in rows.items()
    )
    return (
        '<section class="kit-serious" role="alert" aria-label="Serious consequences" '
        'style="border:2px solid #8a5a00;background:#fff8e1;padding:4px 8px;margin:4px 0">'
        f"<b>Serious consequences</b> for {escape(character)} (S-6), while the attribute stays at 0:"
        f'<ul style="margin:2px 0;padding-left:1.2em">{items}</ul></section>'
    )


def changes_html(marks: Mapping[tuple[str, str], Mark], explanation: str = "") -> str:
    """The last turn's changes in words, and the result's own explanation (a consequence's reason)."""
    if not marks and not explanation:
        return ""
    items = "".join(
        f'<li class="kit-change {mark.css}">{escape(mark.sentence)}</li>' for mark in marks.values()
    )
    text = f'<div class="kit-explanation"><b>{escape(explanation)}</b></div>' if explanation else ""
    listing = f'<ul style="margin:2px 0;padding-left:1.2em">{items}</ul>' if items else ""
    return f'<div class="kit-last-change" aria-live="polite">{text}{listing}</div>'
