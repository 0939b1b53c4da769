"""HTML pieces the Roll-Under components share: damage tracks as boxes, fate cards in words, the clock."""

from __future__ import annotations

from html import escape
from typing import Any

from kit.core.tarot import TarotCard
from kit.rollunder.fate import extra_rolls

NUMBERS = {2: "two", 3: "three"}
BOX = ("display:inline-block;width:0.9em;height:0.9em;margin-right:1px;border:1px solid #333;"
       "vertical-align:middle;font-size:0.7em;line-height:0.9em;text-align:center;")
TRACK_STYLE = (f"<style>.kit-box-left,.kit-box-marked{{{BOX}}}"
               ".kit-box-left{background:#37474f;color:#37474f}.kit-box-marked{background:#fff;color:#8e0000}</style>")
"""How the boxes of :func:`track_html` are drawn: put once in the HTML that holds the tracks."""
LEFT = '<span class="kit-box-left">■</span>'
MARKED = '<span class="kit-box-marked">✕</span>'


def track_html(label: str, left: int, size: int) -> str:
    """One track: a filled box (■) per unmarked box, an empty crossed one (✕) per marked box, and ``7 of 10``.

    The boxes are drawn by :data:`TRACK_STYLE`, given once beside the tracks (a short message per turn).
    """
    boxes = "".join(
        LEFT if index < left else MARKED
        for index in range(size)
    )
    marked = size - left
    words = f"{left} of {size}"
    return (f'<div class="kit-track" data-track="{escape(label.lower())}" '
            f'aria-label="{escape(label)}: {words} boxes left, {marked} marked">'
            f'<span style="display:inline-block;width:5em">{escape(label)}</span>'
            f'<span aria-hidden="true">{boxes}</span> '
            f'<b>{words}</b> left{f" ({marked} marked)" if marked else ""}</div>')


def character_tracks_html(character: Any, note: str = "") -> str:
    """A character's name, player, armour and both tracks."""
    extra = f" · {escape(note)}" if note else ""
    return (f'<div class="kit-combatant" data-character="{escape(character.name)}" style="margin-bottom:0.4em">'
            f"<b>{escape(character.name)}</b> ({escape(character.player)}) · armour {character.armour}{extra}"
            + track_html("Stamina", character.stamina_left, character.stamina)
            + track_html("Physical", character.physical_left, character.physical)
            + "</div>")


def combat_clock(seconds: int) -> str:
    """Combat time as minutes and seconds: ``0:10``."""
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}:{rest:02d}"


def card_kind(card: TarotCard) -> str:
    """A fate card's arcana in words: ``Major Arcana XVI``, ``Minor Arcana, court card``, ``Minor Arcana, pip card``."""
    if card.is_major:
        return f"Major Arcana {card.numeral}"
    return "Minor Arcana, court card" if card.is_court else "Minor Arcana, pip card"


def card_powers(card: TarotCard) -> str:
    """What spending the card can do (R-7), as the system states it."""
    rolls = extra_rolls(card)
    more = "roll once more" if rolls == 1 else f"roll {NUMBERS.get(rolls, str(rolls))} more times"
    if card.is_major:
        return f"{more}, permit a test, or a narrative change"
    return more
