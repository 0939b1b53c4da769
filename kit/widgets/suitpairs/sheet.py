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

UP_COLOUR = "#fff3c4"
DOWN_COLOUR = "#ffe0e0"
RED_SUIT = "#b00020"
BLACK_SUIT = "#1d1d1d"
NARROW = 560
"""Below this width (px) of the sheet itself, each attribute is a line of pips with its row of skills under it."""
PHONE = 400
"""Below this width (px) of the sheet, the four skills of a row sit two by two."""
SHEET_CSS = f"""
.kit-sp-sheet {{ container-type: inline-size; width: calc(100% - 4px); box-sizing: border-box;
  background: #fffdf6; color: {BLACK_SUIT}; border: 1px solid #cdbf9c; border-radius: 10px;
  box-shadow: 0 1px 4px rgba(60, 40, 0, 0.18); padding: 8px 10px; margin: 4px 0; line-height: 1.35;
  font-size: 13px; }}
.kit-sp-sheet .kit-sp-grid {{ border-collapse: collapse; width: 100%; }}
.kit-sp-sheet caption {{ text-align: left; padding-bottom: 4px; border-bottom: 2px solid #cdbf9c;
  margin-bottom: 4px; }}
.kit-sp-sheet .kit-sp-who {{ font-size: 1.15em; }}
.kit-sp-sheet .kit-sp-how {{ color: #5b5340; font-size: 0.92em; }}
.kit-sp-sheet th, .kit-sp-sheet td {{ border: 1px solid #e1d6bb; padding: 3px 6px; text-align: left;
  vertical-align: top; font-weight: normal; }}
.kit-sp-sheet thead th {{ font-size: 0.92em; color: #5b5340; }}
.kit-sp-sheet th[scope="row"] {{ background: #f7f0dc; }}
.kit-sp-sheet .kit-sp-name {{ display: block; }}
.kit-sp-sheet .kit-sp-attribute-name {{ font-weight: bold; font-size: 1.05em; }}
.kit-sp-sheet .kit-pips {{ display: inline-flex; gap: 3px; vertical-align: middle; margin-right: 4px; }}
.kit-sp-sheet .kit-pip {{ display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  border: 1.5px solid currentColor; box-sizing: border-box; }}
.kit-sp-sheet .kit-pip-on {{ background: currentColor; }}
.kit-sp-sheet th .kit-pip {{ width: 14px; height: 14px; border-width: 2px; }}
.kit-sp-sheet .kit-value {{ white-space: nowrap; }}
.kit-sp-sheet .kit-changed.kit-up {{ background: {UP_COLOUR}; }}
.kit-sp-sheet .kit-changed.kit-down {{ background: {DOWN_COLOUR}; }}
.kit-sp-sheet .kit-changed.kit-same {{ background: #eef; }}
.kit-sp-sheet .kit-change-marker {{ font-weight: bold; white-space: nowrap; }}
.kit-sp-sheet .kit-zero {{ font-weight: bold; color: #8a5a00; }}
@container (max-width: {NARROW - 0.02}px) {{
  .kit-sp-sheet .kit-sp-grid, .kit-sp-sheet tbody {{ display: block; }}
  .kit-sp-sheet caption {{ display: block; }}
  .kit-sp-sheet thead {{ position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
    white-space: nowrap; }}
  .kit-sp-sheet tbody tr {{ display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 4px;
    padding: 5px 0 7px; border-bottom: 1px dashed #cdbf9c; }}
  .kit-sp-sheet tbody tr:last-child {{ border-bottom: none; }}
  .kit-sp-sheet th[scope="row"] {{ grid-column: 1 / -1; display: flex; flex-wrap: wrap; align-items: center;
    gap: 2px 10px; border: none; border-radius: 6px; padding: 4px 6px; }}
  .kit-sp-sheet td {{ display: block; border-radius: 6px; background: #fff; }}
}}
@container (max-width: {PHONE - 0.02}px) {{
  .kit-sp-sheet tbody tr {{ grid-template-columns: repeat(2, minmax(0, 1fr)); }}
}}
"""
"""The sheet's style (scoped to ``.kit-sp-sheet``): a paper card; pips drawn as circles; one column when narrow."""
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


def pips(value: int, top: int = HIGHEST, name: str = "") -> str:
    """Pips drawn as circles (filled in the ink of the cell) and the number in words beside them (``3 of 5``).

    The drawing is an image named in words (``Strength: 3 of 5 pips filled``); the words beside it
    show the same number to everyone.
    """
    dots = ('<span class="kit-pip kit-pip-on"></span>' * value
            + '<span class="kit-pip kit-pip-off"></span>' * (top - value))
    about = f"{escape(name)}: " if name else ""
    return (f'<span class="kit-pips" role="img" aria-label="{about}{value} of {top} pips filled">{dots}</span>'
            f'<span class="kit-value">{value} of {top}</span>')


def _ink(attribute: Attribute) -> str:
    """The suit's colour: red for ♦ and ♥, black for ♠ and ♣."""
    return RED_SUIT if attribute.is_red else BLACK_SUIT


def _suit(attribute: Attribute, text: str) -> str:
    colour = f' style="color:{RED_SUIT}"' if attribute.is_red else ""
    return f"<span{colour}>{escape(text)}</span>"


def _cell(kind: str, name: str, label_html: str, value: int, marks: Mapping[tuple[str, str], Mark],
          tag: str = "td", extra: str = "", ink: str = "") -> str:
    """One value of the sheet: its label, its pips (in ``ink``) and words, and the last turn's mark."""
    mark = marks.get((kind, name))
    classes = [f"kit-sp-{kind}"]
    marker = ""
    if mark is not None:
        classes += ["kit-changed", mark.css]
        marker = f' <span class="kit-change-marker">{escape(mark.text)}</span>'
    scope = ' scope="row"' if tag == "th" else ""
    drawn = pips(value, name=name)
    if ink:
        drawn = f'<span class="kit-sp-ink" style="color:{ink}">{drawn}</span>'
    return (f'<{tag}{scope} class="{" ".join(classes)}" data-name="{escape(name)}" data-value="{value}">'
            f'<span class="kit-sp-name">{label_html}</span> {drawn}{marker}{extra}</{tag}>')


def sheet_html(person: Character, marks: Mapping[tuple[str, str], Mark]) -> str:
    """The sheet, drawn as a paper card: the name and identity, then a row per primary attribute (♠ ♦ ♣ ♥).

    Each row starts with the primary attribute's pips in its suit's colour; each further cell is
    the skill of that suit pair, its column the secondary attribute. Where the sheet is narrower
    than :data:`NARROW` (a phone, a side column) each attribute is a line of its own with that
    row's four skills wrapped under it, so nothing is cut off or scrolls sideways.
    """
    head = "".join(f'<th scope="col">secondary {_suit(a, a.label)}</th>' for a in Attribute)
    rows = []
    for primary in Attribute:
        value = person.attributes[primary.title]
        zero = ' <span class="kit-zero">⚠ at 0: serious consequences</span>' if value == 0 else ""
        label = f'<span class="kit-sp-attribute-name">{_suit(primary, primary.label)}</span>'
        cells = [_cell("attribute", primary.title, label, value, marks, tag="th", extra=zero, ink=_ink(primary))]
        for found in SKILLS:
            if found.primary is primary:
                pair = _suit(found.primary, found.primary.symbol) + _suit(found.secondary, found.secondary.symbol)
                cells.append(_cell("skill", found.name, f"{pair} {escape(found.name)}", person.skills[found.name],
                                   marks))
        rows.append(f'<tr data-primary="{primary.title}">{"".join(cells)}</tr>')
    caption = (f'<b class="kit-sp-who">{escape(person.name)} ({escape(person.identity)})</b>'
               '<span class="kit-sp-how">: rows by primary attribute; the second suit of a skill is its '
               "secondary attribute</span>")
    return (
        f'<div class="kit-sp-sheet"><style>{SHEET_CSS}</style>'
        f'<table class="kit-sp-grid"><caption>{caption}</caption>'
        f'<thead><tr><th scope="col">primary attribute</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
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
