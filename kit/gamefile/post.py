"""Forum posts of single turns and of ranges of turns, the seed-commitment post, and verification codes.

A code such as ``kit:12-3f9a2c1b`` names turn 12 and the first eight hex digits of its event
hash. The hash covers the turn and, through the chain, every turn before it, so a file that
was edited or re-made from another seed no longer matches codes already posted in the thread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kit.core.describe import Description, MaySee
from kit.core.events import Event
from kit.core.game import Game
from kit.render import FORMATS
from kit.render.bbcode import escape_bbcode
from kit.render.markdown import escape_markdown_text as escape_markdown

CODE_DIGITS = 8
_CODE = re.compile(rf"^kit:(\d+)-([0-9a-f]{{{CODE_DIGITS}}})$")
_CODE_IN_TEXT = re.compile(rf"kit:\d+-[0-9a-f]{{{CODE_DIGITS}}}(?![0-9a-f])", re.IGNORECASE)
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


def parse_code(code: str) -> tuple[int, str] | tuple[None, None]:
    """The turn and hash digits a verification code names (``kit:12-3f9a2c1b``), or (None, None)."""
    found = _CODE.match(code.strip().lower())
    return (int(found.group(1)), found.group(2)) if found else (None, None)


def check_code(code: str, events: list[Event]) -> CodeCheck:
    """Check a posted code against a file's events (a later chapter's: its turns are numbered as the campaign's)."""
    turn, digits = parse_code(code)
    if turn is None or digits is None:
        shown = code.strip()[:40] or "an empty box"
        return CodeCheck(code, None, False, f"{shown} is not a kit verification code: paste one that reads like "
                                            "kit:12-3f9a2c1b (the last line of a turn's post)")
    first = events[0].index + 1 if events else 1
    if not first <= turn < first + len(events):
        held = (f"holds {len(events)} turns" if first == 1 else
                f"holds turns {first}–{first + len(events) - 1} (a chapter of the campaign)")
        return CodeCheck(code, turn, False, f"{code} names turn {turn}, but the file {held}")
    event = events[turn - first]
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
    lowest = game.log.first + 1  # a later chapter holds the campaign's turns from there (C-1)
    if not lowest <= turn <= len(game.log):
        raise ValueError(f"turn {turn}: the game has {len(game.log)} turns ({lowest}–{len(game.log)})")
    event = game.log[turn - 1]
    render = FORMATS[fmt]
    parts = [render(turn_description(game, turn - 1, may_see, step_only=False))]
    if turn - 1 in game.voided:
        at, reason = game.voided[turn - 1]
        parts.append(_line(fmt, f"Voided at turn {at + 1}: {reason} (P-2)"))
    note_turns = game.notes.get(turn - 1, []) if event.action != "note" else []
    parts += [render(turn_description(game, index, may_see, step_only=False)) for index in note_turns]
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


def _line(fmt: str, text: str) -> str:
    """One plain line of a post, escaped for its format and set in italics."""
    if fmt == "markdown":
        return f"*{escape_markdown(text)}*"
    if fmt == "bbcode":
        return f"[i]{escape_bbcode(text)}[/i]"
    return text


def codes_in(text: str) -> list[str]:
    """Every verification code in ``text`` (a pasted post, a thread), in order, lower-cased."""
    return [found.group(0).lower() for found in _CODE_IN_TEXT.finditer(text)]


def turn_description(game: Game, index: int, may_see: MaySee | None = None, *, step_only: bool = True) -> Description:
    """What turn ``index`` (0-based) did, as the log and range posts show it.

    With ``step_only`` a later step of a flip under way (choose, guide, a discard) tells only what
    that step did, not the whole flip again; a result without steps shows its whole description.
    """
    position = index - game.log.first  # a later chapter holds the results of its own turns (C-1)
    result = game.results[position]
    stepped = getattr(result, "describe_step", None)
    if callable(stepped):  # without the turns before, a step tells its whole story (and times in words)
        return stepped(game.results[max(0, position - 64):position] if step_only else (), may_see)
    if not hasattr(result, "describe"):
        return Description(str(result))
    return result.describe() if may_see is None else result.describe_for(may_see)


def since_last_turn(game: Game, seat: str | None) -> tuple[int, int] | None:
    """The turns (first, last; 1-based) after ``seat``'s previous turn: what to post "since my last post".

    The seat's own latest turns (the run it just took, notes included) are part of the range; the
    range starts after the seat's turn before them, or at turn 1 when it has none. Without a seat,
    the seat (or character) that took the latest turn stands in. None when the game has no turns.
    """
    events = list(game.log)
    if not events:
        return None
    me = seat if seat is not None else (events[-1].seat or actor_of(events[-1]))

    def mine(index: int) -> bool:
        event = events[index]
        return (event.seat or actor_of(event)) == me if me is not None else False

    index = len(events) - 1
    while index >= 0 and (mine(index) or events[index].action == "note"):
        index -= 1
    while index >= 0 and not mine(index):
        index -= 1
    return game.log.first + index + 2, game.log.first + len(events)


def render_range_post(game: Game, first: int, last: int, fmt: str = "markdown", may_see: MaySee | None = None) -> str:
    """Turns ``first`` to ``last`` (1-based, inclusive) as one forum post: each turn once, then the last code.

    Each turn shows what it did (a flip's later steps only their step), a void's line and
    what comes next; the post ends with the code of its last turn, whose hash covers every turn
    before it. A range of one turn is that turn's post (:func:`render_post`).
    """
    if fmt not in POST_FORMATS:
        raise ValueError(f"post format {fmt!r}: use one of {', '.join(POST_FORMATS)}")
    lowest = game.log.first + 1  # a later chapter holds the campaign's turns from there (C-1)
    if not lowest <= first <= last <= len(game.log):
        raise ValueError(f"turns {first}–{last}: the game has {len(game.log)} turns ({lowest}–{len(game.log)})")
    if first == last:
        return render_post(game, last, fmt, may_see)
    render = FORMATS[fmt]
    title = game.title or game.system
    entries = []
    for turn in range(first, last + 1):
        event = game.log[turn - 1]
        who = who_took(game, event)
        body = render(turn_description(game, turn - 1, may_see))
        parts = [_heading(fmt, f"Turn {turn}", who), body]
        if turn - 1 in game.voided:
            at, reason = game.voided[turn - 1]
            parts.append(_line(fmt, f"Voided at turn {at + 1}: {reason} (P-2)"))
        entries.append(("\n\n" if fmt == "markdown" else "\n").join(parts))
    entries.append(_line(fmt, f"Next: {game.whose_turn()}"))
    code = turn_code(game.log[last - 1])
    if fmt == "markdown":
        return f"**Turns {first}–{last}** · {escape_markdown(title)}\n\n" + "\n\n".join(entries) + f"\n\n`{code}`"
    if fmt == "bbcode":
        return f"[b]Turns {first}–{last}[/b] · {escape_bbcode(title)}\n" + "\n\n".join(entries) + f"\n{code}"
    return f"Turns {first}–{last} · {title}\n" + "\n\n".join(entries) + f"\n{code}"


def _heading(fmt: str, what: str, who: str) -> str:
    """``Turn 5 · Ann (Ada)`` in the format's bold."""
    if fmt == "markdown":
        return f"**{what}**" + (f" · {escape_markdown(who)}" if who else "")
    if fmt == "bbcode":
        return f"[b]{what}[/b]" + (f" · {escape_bbcode(who)}" if who else "")
    return what + (f" · {who}" if who else "")


SEED_POST_LINES = (
    "This game's cards and dice all come from one secret seed. Its commitment (SHA-256) is below: "
    "keep this post in the thread.",
    "Every later turn's post ends with a verification code such as kit:12-3f9a2c1b; anyone can check "
    "a code against the game file (the Check a code box at the table, or kit verify).",
    "A copy of the file made from another seed, or changed afterwards, matches neither this commitment "
    "nor the codes posted (G-1, G-5).",
)
"""What the seed-commitment post says the commitment means, in plain words."""


def render_seed_post(game: Game, fmt: str = "markdown") -> str:
    """The post to make when a game starts: its seed commitment and what that commitment means."""
    if fmt not in POST_FORMATS:
        raise ValueError(f"post format {fmt!r}: use one of {', '.join(POST_FORMATS)}")
    title = game.title or game.system
    commitment = game.seed_commitment
    kind = "a practice game: its cards and dice may be set by hand (G-1)" if game.practice else \
        "a real game: every card and die comes from the seed (G-1)"
    players = ", ".join(game.players) if getattr(game, "players", None) else ""
    facts = [("Game", f"{title}, {kind}"), ("Seed commitment", commitment)]
    if players:
        facts.append(("Players", players))
    if getattr(game, "gm", ""):
        facts.append(("Game master", game.gm))
    if game.chapter.follows is not None:  # a later chapter of a campaign (C-1): where it starts
        facts.append(("Chapter", f"{game.chapter.number}, from turn {game.log.first + 1}: it follows turn "
                                 f"{game.log.first}, whose code is kit:{game.log.first}-"
                                 f"{game.chapter.follows[:CODE_DIGITS]} (C-1)"))
    if fmt == "markdown":
        lines = [f"**Seed commitment** · {escape_markdown(title)}", ""]
        lines += [f"- {label}: " + (f"`{value}`" if label == "Seed commitment" else escape_markdown(value))
                  for label, value in facts]
        lines += ["", *("\n\n".join(escape_markdown(line) for line in SEED_POST_LINES).split("\n"))]
        return "\n".join(lines)
    if fmt == "bbcode":
        items = "\n".join(f"[*]{label}: " + (f"[code]{value}[/code]" if label == "Seed commitment"
                                            else escape_bbcode(value)) for label, value in facts)
        return (f"[b]Seed commitment[/b] · {escape_bbcode(title)}\n[list]\n{items}\n[/list]\n"
                + "\n".join(escape_bbcode(line) for line in SEED_POST_LINES))
    return (f"Seed commitment · {title}\n" + "\n".join(f"  {label}: {value}" for label, value in facts) + "\n"
            + "\n".join(SEED_POST_LINES))


def started(game: Game) -> bool:
    """True while a game has only begun: no turn yet but the characters joining (when to offer the seed post)."""
    creating = {action for action, rule in game.seat_rules.items() if rule.creates}
    return all(event.action in creating for event in game.log)
