"""The play log: every turn of the game, newest first, a page at a time, filtered by character and kind.

Each entry is one step: the later steps of a turn taken in several (a flip's choosing and
guiding, say) show only what that step did (:func:`kit.gamefile.post.turn_description`). Every entry names the
seat and character that took the turn (P-1); a voided turn is struck through with the turn
that voided it and why (P-2); notes are entries of their own (P-3); with ``may_see`` a result
shows only the hands the seat may see (P-5).

The kinds of turn come from each system's own data, not from a list kept here: a note, the
GM's turns (the actions its seat rules give the GM alone, and voids), characters joining (the
actions that create one), and otherwise the actions that make the same kind of result — a
flip, its choosing and its guiding share one; an attack and a free attack another.

A later chapter of a long campaign (C-1) lists its own turns, numbered as the campaign numbers
them; the oldest page ends by naming the earlier chapters' files, which hold the turns before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from kit.gamefile.chapters import chapter_path
from kit.gamefile.post import turn_description, who_took
from kit.gamefile.shelf import shown_name
from kit.render import to_html
from kit.widgets.common import SharedLookHTML
from kit.widgets.controls import fitted, labelled_button
from kit.widgets.parts import Control, View
from kit.widgets.shared import fixed_layout

EVERYONE = "Everyone"
"""The character filter's choice that shows every turn."""

EVERY_KIND = "Every kind"
"""The kind filter's choice that shows every turn."""

NOTES, GM, CHARACTERS = "Notes", "Game master", "Characters joining"
"""Kinds every system has: notes (P-3), the GM's turns and voids (P-1, P-2), new characters."""


@dataclass(frozen=True)
class Entry:
    """One turn as the log lists it: its index (0-based), its kind and the characters it names."""

    index: int
    kind: str
    names: frozenset[str]


def _named(value: Any) -> Iterable[str]:
    """The strings in an argument value (a name, or a list of names)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            if isinstance(item, str):
                yield item


def kind_key(game: Any, index: int) -> str:
    """What kind of turn ``index`` is, as a key: ``note``, ``gm``, ``create`` or the name of its result's type."""
    event = game.log[index]
    if event.action == "note":
        return "note"
    rule = type(game).seat_rules.get(event.action) if event.action != "void" else None
    if rule is None or rule.gm_only:
        return "gm"
    if rule.creates:
        return "create"
    return type(game.results[index - game.log.first]).__name__


def kind_labels(game: Any, keys: dict[str, list[str]]) -> dict[str, str]:
    """A label for each kind key: the fixed kinds' names, otherwise the actions that made it (``flip, choose``)."""
    fixed_names = {"note": NOTES, "gm": GM, "create": CHARACTERS}
    labels = {}
    for key, actions in keys.items():
        if key in fixed_names:
            labels[key] = fixed_names[key]
            continue
        words = [action.replace("_", " ") for action in actions]
        shown = ", ".join(words[:3]) + (f" and {len(words) - 3} more" if len(words) > 3 else "")
        labels[key] = shown[:1].upper() + shown[1:]
    return labels


class PlayLog(widgets.VBox):
    """Every turn of the game, newest first, ``limit`` to a page, with filters by character and by kind."""

    view = View("The entries shown (``value`` is its HTML).")
    character = Control("Show the turns of one character, or everyone's.")
    kind = Control("Show the turns of one kind, or every kind.")
    newer_button = Control("Show the newer turns.")
    older_button = Control("Show the older turns.")
    page_label = View("Which page of how many.")

    def __init__(self, limit: int = 8, **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout(width="100%", flex="0 0 auto"))  # never squeezed by a short column
        super().__init__(**kwargs)
        self.add_class("kit-play-log-panel")
        self.limit = max(1, int(limit))
        self.page = 0
        """The page shown: 0 is the newest turns."""
        self._game: Any = None
        self._may_see: Callable[[str], bool] | None = None
        self._path: Path | None = None
        self._entries: list[Entry] = []
        self._kinds: dict[str, str] = {}
        self._quiet = False
        self.character = fitted(widgets.Dropdown, description="Character", options=[EVERYONE], value=EVERYONE)
        self.kind = fitted(widgets.Dropdown, description="Kind", options=[(EVERY_KIND, "")], value="")
        self.newer_button = labelled_button("Newer", "Show the newer turns")
        self.older_button = labelled_button("Older", "Show the older turns")
        self.page_label = SharedLookHTML()
        self.page_label.add_class("kit-log-page")
        self.view = SharedLookHTML()
        self.view.add_class("kit-play-log-view")
        self.character.observe(self._filtered, names="value")
        self.kind.observe(self._filtered, names="value")
        self.newer_button.on_click(lambda _: self.turn_page(-1))
        self.older_button.on_click(lambda _: self.turn_page(+1))
        controls = widgets.HBox([self.character, self.kind, self.newer_button, self.older_button, self.page_label],
                                layout=fixed_layout(flex_flow="row wrap", align_items="center", flex="0 0 auto"))
        controls.add_class("kit-log-controls")
        self.children = (self.view, controls)

    # -- what is shown -----------------------------------------------------------------------

    @property
    def value(self) -> str:
        """The HTML of the entries shown (the log's section)."""
        return self.view.value

    def refresh(self, game: Any, may_see: Callable[[str], bool] | None = None, path: Path | None = None) -> None:
        """Redraw from the game's results: each turn with the seat and character that took it (P-1).

        A voided turn is struck through, with the turn that voided it and why (P-2); with
        ``may_see``, a result shows only the hands the seat may see (P-5). The filters keep
        their choice while it still applies; the page stays where it was. ``path`` is the game
        file, so that a later chapter's log names the earlier chapters' files (C-1).
        """
        self._game, self._may_see, self._path = game, may_see, path
        self._entries = self._index(game)
        self._offer_filters(game)
        self._draw()

    def _index(self, game: Any) -> list[Entry]:
        entries = []
        keys: dict[str, list[str]] = {}
        first = game.log.first  # a later chapter's entries start at its first turn (C-1)
        for event in game.log:
            index = event.index
            key = kind_key(game, index)
            actions = keys.setdefault(key, [])
            if event.action not in actions:
                actions.append(event.action)
            names = set() if event.action == "note" else {name for value in event.args.values()
                                                          for name in _named(value)}
            entries.append(Entry(index, key, frozenset(names)))
        for entry in entries:  # a note belongs with the turn it is attached to
            if entry.kind == "note":
                owner = next((turn for turn, notes in game.notes.items() if entry.index in notes), None)
                if owner is not None and 0 <= owner - first < len(entries):
                    entries[entry.index - first] = Entry(entry.index, "note", entries[owner - first].names)
        self._kinds = kind_labels(game, keys)
        return entries

    def _offer_filters(self, game: Any) -> None:
        characters = [EVERYONE, *game.character_names()]
        kinds = [(EVERY_KIND, ""), *((label, key) for key, label in self._kinds.items())]
        self._quiet = True
        try:
            with self.hold_sync():
                if tuple(self.character.options) != tuple(characters):
                    chosen = self.character.value
                    self.character.options = characters
                    self.character.value = chosen if chosen in characters else EVERYONE
                if tuple(self.kind.options) != tuple(kinds):
                    chosen = self.kind.value
                    self.kind.options = kinds
                    self.kind.value = chosen if chosen in {key for _, key in kinds} else ""
        finally:
            self._quiet = False

    def shown(self) -> list[Entry]:
        """The entries the filters keep, newest first."""
        who = self.character.value
        kind = self.kind.value
        return [entry for entry in reversed(self._entries)
                if (who == EVERYONE or who in entry.names) and (not kind or entry.kind == kind)]

    @property
    def pages(self) -> int:
        """How many pages the filtered turns fill (at least one)."""
        return max(1, -(-len(self.shown()) // self.limit))

    def turn_page(self, step: int) -> None:
        """Show the page ``step`` pages older (positive) or newer (negative), within the pages there are."""
        self.page = min(max(self.page + step, 0), self.pages - 1)
        self._draw()

    def _filtered(self, _change: Any) -> None:
        if not self._quiet:
            self.page = 0
            self._draw()

    def _draw(self) -> None:
        game = self._game
        if game is None:
            return
        shown = self.shown()
        pages = max(1, -(-len(shown) // self.limit))
        self.page = min(self.page, pages - 1)
        start = self.page * self.limit
        on_page = shown[start:start + self.limit]
        items = "".join(self._entry(game, entry.index) for entry in on_page)
        count = len(self._entries)
        filtered = len(shown) != count
        heading = f"<b>Play log</b> ({self._held(game)})" + (f" · {len(shown)} shown" if filtered else "")
        if on_page:
            empty = ""
        elif game.log.first and not self._entries:
            empty = '<p class="kit-log-empty">No turn in this chapter yet.</p>'
        else:
            empty = '<p class="kit-log-empty">No turn of this kind yet.</p>'
        earlier = self._earlier(game) if self.page >= pages - 1 else ""
        with self.hold_sync():
            self.view.value = (
                f'<section class="kit-play-log" aria-label="Play log">{heading}{empty}'
                f'<ol reversed style="list-style:none;padding-left:0">{items}</ol>{earlier}</section>'
            )
            if on_page:
                newest, oldest = on_page[0].index + 1, on_page[-1].index + 1
                where = f"turn {newest}" if newest == oldest else f"turns {newest}–{oldest}"
                self.page_label.value = (f'<span class="kit-log-page" role="status">Page {self.page + 1} of '
                                         f"{pages}: {where}, newest first</span>")
            else:
                self.page_label.value = '<span class="kit-log-page" role="status">Page 1 of 1</span>'
            self.newer_button.disabled = self.page == 0
            self.older_button.disabled = self.page >= pages - 1

    def _held(self, game: Any) -> str:
        """What the log holds: ``12 turns``, or a later chapter's number and its turns (C-1)."""
        count = len(self._entries)
        if not game.log.first:
            return f"{count} turns"
        first = game.log.first + 1
        if not count:
            return f"chapter {game.chapter.number}: no turn yet"
        turns = f"turn {first}" if count == 1 else f"turns {first}–{first + count - 1}"
        return f"chapter {game.chapter.number}: {turns}"

    def _earlier(self, game: Any) -> str:
        """The line at the end of the oldest page of a later chapter: which files hold the turns before (C-1)."""
        before = game.log.first
        if not before:
            return ""
        span = "Turn 1 is" if before == 1 else f"Turns 1–{before} are"
        number = game.chapter.number
        if self._path is None:
            where = "in the earlier chapter" if number == 2 else "in the earlier chapters"
        else:
            names = [shown_name(chapter_path(self._path, n).name) for n in range(1, number)]
            if len(names) == 1:
                where = f"in the earlier chapter ({names[0]})"
            elif len(names) == 2:
                where = f"in the earlier chapters ({names[0]} and {names[1]})"
            else:
                where = f"in the earlier chapters ({names[0]} … {names[-1]})"
        return (f'<p class="kit-log-earlier" style="color:#555">{span} {escape(where)}: a closed chapter\'s '
                "turns stand as they are (C-1, C-2).</p>")

    def _entry(self, game: Any, index: int) -> str:
        who = who_took(game, game.log[index])
        by = f" · {escape(who)}" if who else ""
        body = to_html(turn_description(game, index, self._may_see))
        voided = game.voided.get(index) if hasattr(game, "voided") else None
        if voided is not None:
            at, reason = voided
            body = (f'<s aria-label="voided">{body}</s><div class="kit-voided" style="color:#8a4b00">'
                    f"Voided at turn {at + 1}: {escape(reason) or 'no reason given'} (P-2)</div>")
        mark = ' data-voided="1"' if voided else ""
        return (f'<li data-turn="{index + 1}"{mark}>'
                f'<span style="color:#555">Turn {index + 1}{by}</span> {body}</li>')


__all__ = ["CHARACTERS", "EVERYONE", "EVERY_KIND", "GM", "NOTES", "Entry", "PlayLog", "kind_key", "kind_labels"]
