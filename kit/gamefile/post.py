"""Forum posts of single turns, and the short verification codes they end with.

A code such as ``kit:12-3f9a2c1b`` names turn 12 and the first eight hex digits of its event
hash. The hash covers the turn and, through the chain, every turn before it, so a file that
was edited or re-made from another seed no longer matches codes already posted in the thread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kit.core.describe import MaySee
from kit.core.events import Event
from kit.core.game import Game
from kit.render import FORMATS
from kit.render.bbcode import escape_bbcode
from kit.render.markdown import escape_markdown

CODE_DIGITS = 8
_CODE = re.compile(rf"^kit:(\d+)-([0-9a-f]{{{CODE_DIGITS}}})$")
_ACTOR_KEYS = ("actor", "who", "character", "attacker", "physician", "name", "player", "by")
POST_FORMATS = ("markdown", "bbcode", "text")


def actor_of(event: Event) -> str | None:
    """Who took the turn, read from the event's arguments (``who``, ``character``, ``name`` …)."""
    for key in _ACTOR_KEYS:
        value = event.args.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def turn_code(event: Event) -> str:
    """The verification code of a turn: ``kit:<turn>-<first hex digits of its hash>``."""
    return f"kit:{event.index + 1}-{event.hash[:CODE_DIGITS]}"


@dataclass(frozen=True)
class CodeCheck:
    """What a verification code says about a file: which turn, and whether it matches."""

    code: str
    turn: int | None
    matches: bool
    message: str


def check_code(code: str, events: list[Event]) -> CodeCheck:
    """Check a posted code against a file's events."""
    found = _CODE.match(code.strip().lower())
    if not found:
        return CodeCheck(code, None, False, f"{code!r} is not a kit verification code (they read like kit:12-3f9a2c1b)")
    turn, digits = int(found.group(1)), found.group(2)
    if not 1 <= turn <= len(events):
        return CodeCheck(code, turn, False, f"{code} names turn {turn}, but the file holds {len(events)} turns")
    event = events[turn - 1]
    actual = turn_code(event)
    who = actor_of(event)
    what = f"turn {turn} ({who + ': ' if who else ''}{event.action})"
    if event.hash.startswith(digits):
        return CodeCheck(code, turn, True, f"{code} matches {what}")
    return CodeCheck(code, turn, False, f"{code} does not match {what}: the file's code for that turn is {actual}")


def who_took(game: Game, event: Event) -> str:
    """``Ana (Ada)``: the seat that took a turn and the character who acted, as a post and the log name them."""
    actor = actor_of(event) if event.action not in ("void", "note") else None
    if event.seat is None:
        return actor or ""
    seat = f"{event.seat}, GM" if event.seat == game.gm else event.seat
    return f"{seat} ({actor})" if actor and actor != event.seat else seat


def render_post(game: Game, turn: int, fmt: str = "markdown", may_see: MaySee | None = None) -> str:
    """Turn ``turn`` (1-based) of ``game`` as a forum post: heading, the result, its notes, the code.

    The post of the latest turn ends by naming who acts next, so the thread tells the next player.
    With ``may_see`` the post shows only the hands that seat may see (P-5).
    """
    if fmt not in POST_FORMATS:
        raise ValueError(f"post format {fmt!r}: use one of {', '.join(POST_FORMATS)}")
    if not 1 <= turn <= len(game.log):
        raise ValueError(f"turn {turn}: the game has {len(game.log)} turns (1–{len(game.log)})")
    event = game.log[turn - 1]
    render = FORMATS[fmt]
    parts = [_body(game.results[turn - 1], render, may_see)]
    if turn - 1 in game.voided:
        at, reason = game.voided[turn - 1]
        parts.append(_line(fmt, f"Voided at turn {at + 1}: {reason} (P-2)"))
    note_turns = game.notes.get(turn - 1, []) if event.action != "note" else []
    parts += [_body(game.results[index], render, may_see) for index in note_turns]
    if turn == len(game.log) or all(game.log[i].action == "note" for i in range(turn, len(game.log))):
        parts.append(_line(fmt, f"Next: {game.whose_turn()}"))
    who = who_took(game, event)
    title = game.title or game.system
    code = turn_code(event)
    body = "\n\n".join(parts) if fmt == "markdown" else "\n".join(parts)
    if fmt == "markdown":
        by = f" · {escape_markdown(who)}" if who else ""
        return f"**Turn {turn}**{by} · {escape_markdown(title)}\n\n{body}\n\n`{code}`"
    if fmt == "bbcode":
        by = f" · {escape_bbcode(who)}" if who else ""
        return f"[b]Turn {turn}[/b]{by} · {escape_bbcode(title)}\n{body}\n{code}"
    by = f" · {who}" if who else ""
    return f"Turn {turn}{by} · {title}\n{body}\n{code}"


def _body(result: Any, render: Any, may_see: MaySee | None) -> str:
    if not hasattr(result, "describe"):
        return str(result)
    return render(result.describe() if may_see is None else result.describe_for(may_see))


def _line(fmt: str, text: str) -> str:
    """One plain line of a post, escaped for its format and set in italics."""
    if fmt == "markdown":
        return f"*{escape_markdown(text)}*"
    if fmt == "bbcode":
        return f"[i]{escape_bbcode(text)}[/i]"
    return text
