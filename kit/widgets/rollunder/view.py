"""HTML pieces the Roll-Under components share: damage tracks as boxes, fate cards in words, the clock."""

from __future__ import annotations

from html import escape
from typing import Any

from kit.core.tarot import TarotCard
from kit.rollunder.fate import extra_rolls

NUMBERS = {2: "two", 3: "three"}
BOX_SIZE = 14
"""The side of one box of a track, in px (a track of 10 boxes is about 170 px wide)."""
TRACK_STYLE = f"""<style>
.kit-combatant {{ background: #fffdf6; border: 1px solid #cdbf9c; border-radius: 8px; padding: 4px 8px;
  margin: 0 0 6px; line-height: 1.35; box-shadow: 0 1px 3px rgba(60, 40, 0, 0.15);
  max-width: calc(100% - 4px);
  box-sizing: border-box; }}
.kit-track {{ display: flex; flex-wrap: wrap; align-items: center; gap: 2px 8px; margin: 3px 0; }}
.kit-track-label {{ flex: 0 0 5em; }}
.kit-boxes {{ display: inline-flex; flex-wrap: wrap; gap: 3px; }}
.kit-box-left, .kit-box-marked {{ display: inline-block; width: {BOX_SIZE}px; height: {BOX_SIZE}px;
  box-sizing: border-box; border: 1.5px solid #263238; border-radius: 2px; font-size: 0; line-height: 0;
  overflow: hidden; flex: 0 0 auto; }}
.kit-box-left {{ background: #37474f; }}
.kit-box-marked {{ background-color: #fff; background-image:
  linear-gradient(45deg, transparent 42%, #8e0000 42%, #8e0000 58%, transparent 58%),
  linear-gradient(-45deg, transparent 42%, #8e0000 42%, #8e0000 58%, transparent 58%); }}
.kit-boxes > :nth-child(5n):not(:last-child) {{ margin-right: 5px; }}
.kit-track-count {{ white-space: nowrap; }}
</style>"""
"""How the boxes of :func:`track_html` are drawn, as on a paper sheet: a solid square per box left (■), an empty
square crossed out in pen per box marked (✕), in groups of five; each character a small card. Put once in the
HTML that holds the tracks."""
LEFT = '<span class="kit-box-left">■</span>'
MARKED = '<span class="kit-box-marked">✕</span>'


def track_html(label: str, left: int, size: int) -> str:
    """One track: a solid box (■) per unmarked box, an empty crossed one (✕) per marked box, and ``7 of 10``.

    The boxes are drawn by :data:`TRACK_STYLE`, given once beside the tracks (a short message per turn);
    the drawing is an image named with the numbers, and the numbers are written beside it.
    """
    boxes = "".join(
        LEFT if index < left else MARKED
        for index in range(size)
    )
    marked = size - left
    words = f"{left} of {size}"
    return (f'<div class="kit-track" data-track="{escape(label.lower())}">'
            f'<span class="kit-track-label">{escape(label)}</span>'
            f'<span class="kit-boxes" role="img" aria-label="{escape(label)}: {words} boxes left, {marked} marked">'
            f"{boxes}</span> "
            f'<span class="kit-track-count"><b>{words}</b> left{f" ({marked} marked)" if marked else ""}</span></div>')


def character_tracks_html(character: Any, note: str = "") -> str:
    """A character's name, player, armour and both tracks, as a small card of the sheet."""
    extra = f" · {escape(note)}" if note else ""
    return (f'<div class="kit-combatant" data-character="{escape(character.name)}">'
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
