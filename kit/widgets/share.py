"""Sharing a game with the group's thread: the forum post, a Copy button, the download, checking a code.

:class:`SharePanel` is the table's sharing column:

- the **post**: the last turn, the turns since this seat's last turn, a range of turns, or —
  offered first while the game has only begun — the seed-commitment post, in Markdown, BBCode
  or plain text (:mod:`kit.gamefile.post`), with a **Copy post** button that copies it from the
  click (:class:`~kit.widgets.copy_button.CopyButton`);
- the **download**: *Prepare download* makes a link, drawn as a button, that stays until the
  game file changes (then it says so, and is made again on request);
- **Check a code**: paste a verification code (or a whole post) from the thread, and the panel
  says whether it matches this file's turn (:func:`kit.gamefile.check_code`).

The less-used parts are made the first time they are needed, so the page does not create their
widget models at load: the *From turn … to* boxes when a range is chosen, the code box when
*Check a posted code* is pressed (reading ``range_from`` or ``code_box`` from Python makes them too).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from kit import gamefile
from kit.core.runtime import IN_BROWSER
from kit.gamefile.post import codes_in, render_range_post, render_seed_post, since_last_turn, started
from kit.gamefile.shelf import shown_name
from kit.widgets.common import attempt, plain_text
from kit.widgets.controls import error_line, html_view, labelled_button, picker, reason_line, show_reason
from kit.widgets.copy_button import CopyButton
from kit.widgets.parts import Control, Refusal, View
from kit.widgets.shared import fixed_layout, html
from kit.widgets.shelf import download_link

POST_FORMATS = ("markdown", "bbcode", "text")
"""The formats a post is offered in."""

LAST, SINCE, RANGE, SEED = "last", "since", "range", "seed"
RANGES = (("The last turn", LAST), ("Since my last turn", SINCE), ("Turns from … to …", RANGE),
          ("The seed commitment (post it first)", SEED))
"""What the post holds: one turn, the turns since this seat's last one, a range, or the seed commitment."""

MOST_TURNS = 50
"""The most turns one range post holds (a longer range starts this many turns before its end)."""


def _stamp(path: Path | None) -> tuple[int, int] | None:
    """The file's modification time and size, or None when it cannot be read."""
    if path is None:
        return None
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


class SharePanel(widgets.VBox):
    """The table's sharing controls over one :class:`~kit.widgets.session.TableSession` (see the module)."""

    download_button = Control("Prepare download: a link for the game file as it is now.")
    download_reason = View("Why Prepare download is off.")
    download = View("The download link, drawn as a button; or that the file has changed since.")
    browser_copy = View("In a browser tab: whether the game is kept in this browser only (None elsewhere).")
    post_format = Control("The post's format: Markdown, BBCode or plain text.")
    post_range = Control("What the post holds: the last turn, the turns since this seat's last, a range, the seed.")
    post_note = View("What the post holds, in words.")
    post = Control("The post's text, ending with its verification code.")
    copy_button = Control("Copy post: puts the post on the clipboard from the click.")
    share_error = Refusal("Why a post or a download could not be made.")
    code_open = Control("Check a posted code: opens the code box.")

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout(width="100%", flex="0 0 auto"))  # never squeezed by a short column
        super().__init__(**kwargs)
        self.add_class("kit-share")
        self.session: Any = None
        self._range_chosen = False
        self._quiet = False
        self._download_stamp: tuple[int, int] | None = None
        self._download_path: Path | None = None
        """The file the link gives: a turn that starts the campaign's next chapter moves the game to another (C-3)."""
        self._download_for: Any = None
        """The session the link was made for (another game opened at the table takes the link away)."""

        self.post_format = picker(widgets.Dropdown, description="Forum post", options=POST_FORMATS, value="markdown")
        self.post_range = picker(widgets.Dropdown, description="Post of", options=RANGES, value=LAST)
        self._ranges: tuple[widgets.BoundedIntText, widgets.BoundedIntText] | None = None
        self._turns = 0
        self.post = picker(widgets.Textarea, description="Post text",
                           layout={"width": "100%", "height": "auto", "min_height": "9em", "flex": "0 0 auto"},
                           placeholder="The last turn as a forum post appears here.")
        self.post.add_class("kit-post")
        self.post_note = html_view("kit-post-note")
        self.copy_button = CopyButton()
        self.share_error = error_line()

        self.download_button = labelled_button("Prepare download", "Make a download link for the game file")
        self.download_reason = reason_line("Open a game first: then its file can be downloaded.")
        self.download = html()
        self.browser_copy: widgets.HTML | None = None
        """In a browser tab: whether the file is only in this browser's storage (a nudge to download it)."""
        if IN_BROWSER:
            self.browser_copy = html()
            self.browser_copy.add_class("kit-browser-copy")

        self._code: tuple[widgets.Text, widgets.Button, widgets.HTML] | None = None
        self.code_open = labelled_button("Check a posted code", "Check a verification code (or a whole post) "
                                                                "from the thread against this file")
        self.code_open.add_class("kit-code-open")

        self.post_format.observe(lambda _: self.show_post(), names="value")
        self.post_range.observe(self._range_changed, names="value")
        self.download_button.on_click(lambda _: self.prepare_download())
        self.code_open.on_click(lambda _: self._code_parts())

        rows = fixed_layout(flex_flow="row wrap", align_items="center", flex="0 0 auto")
        self._choose = widgets.HBox([self.post_format, self.post_range], layout=rows)
        download_row = widgets.HBox([self.download_button, self.download_reason, self.download], layout=rows)
        kept = (self.browser_copy,) if self.browser_copy is not None else ()
        self.children = (download_row, *kept, self._choose, self.post_note, self.post, self.copy_button,
                         self.share_error, self.code_open)

    # -- the parts made on first use -----------------------------------------------------------

    @Control()
    def range_from(self) -> widgets.BoundedIntText:
        """The first turn of a range post (made the first time a range is chosen or this is read)."""
        return self._range_parts()[0]

    @Control()
    def range_to(self) -> widgets.BoundedIntText:
        """The last turn of a range post."""
        return self._range_parts()[1]

    def _range_parts(self) -> tuple[widgets.BoundedIntText, widgets.BoundedIntText]:
        if self._ranges is None:
            top = max(self._turns, 1)
            display = None if self.post_range.value == RANGE else "none"
            first = widgets.BoundedIntText(value=1, min=1, max=top, description="From turn",
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="11em", display=display))
            last = widgets.BoundedIntText(value=top, min=1, max=top, description="to",
                                          style={"description_width": "initial"},
                                          layout=widgets.Layout(width="8em", display=display))
            for box in (first, last):
                box.observe(lambda _: self.show_post(), names="value")
            self._ranges = (first, last)
            self._choose.children = (*self._choose.children, first, last)
        return self._ranges

    @Control()
    def code_box(self) -> widgets.Text:
        """Where a verification code (or a whole post) from the thread is pasted (made by *Check a posted code*)."""
        return self._code_parts()[0]

    @Control()
    def check_button(self) -> widgets.Button:
        """Check the pasted code against the open file."""
        return self._code_parts()[1]

    @View()
    def code_result(self) -> widgets.HTML:
        """Whether the pasted code matches this file's turn, in words."""
        return self._code_parts()[2]

    def _code_parts(self) -> tuple[widgets.Text, widgets.Button, widgets.HTML]:
        """Make the code box, *Check* and its answer in place of *Check a posted code* (the first time)."""
        if self._code is None:
            box = picker(widgets.Text, description="Check a code", placeholder="kit:12-3f9a2c1b",
                         continuous_update=False)
            button = labelled_button("Check", "Check a verification code from the thread against this file")
            result = html_view("kit-code-result")
            button.on_click(lambda _: self.check())
            box.observe(lambda _: self.check() if box.value.strip() else None, names="value")
            self._code = (box, button, result)
            row = widgets.HBox([box, button], layout=fixed_layout(flex_flow="row wrap", align_items="center",
                                                                  flex="0 0 auto"))
            self.children = (*(part for part in self.children if part is not self.code_open), row, result)
        return self._code

    # -- following the game --------------------------------------------------------------------

    def show(self, session: Any) -> None:
        """Follow ``session`` after a turn, a reload or a new seat: the post, the range, the download link."""
        self.session = session
        game = session.game if session is not None else None
        turns = game.turn if game is not None else 0
        self._quiet = True
        try:
            self._turns = turns
            if self._ranges is not None:
                for box in self._ranges:
                    box.max = max(turns, 1)
                if self.range_to.value < self.range_from.value or not self._range_chosen:
                    self.range_to.value = max(turns, 1)
            if game is not None and not self._range_chosen:
                wanted = SEED if started(game) else LAST
                if self.post_range.value != wanted:
                    self.post_range.value = wanted
        finally:
            self._quiet = False
        self._show_range_boxes()
        self.show_post()
        self._follow_download()
        self._show_browser_copy()
        show_reason(self.download_reason, "" if self._path() is not None
                    else "Open a game first: then its file can be downloaded.")
        self.download_button.disabled = self._path() is None

    def _path(self) -> Path | None:
        session = self.session
        return session.path if session is not None else None

    def _range_changed(self, _change: Any) -> None:
        if not self._quiet:
            self._range_chosen = True
        self._show_range_boxes()
        self.show_post()

    def _show_range_boxes(self) -> None:
        if self._ranges is None and self.post_range.value != RANGE:
            return  # never chosen: not made
        display = None if self.post_range.value == RANGE else "none"
        for box in self._range_parts():
            if box.layout.display != display:
                box.layout.display = display

    # -- the post ------------------------------------------------------------------------------

    def turns(self) -> tuple[int, int] | None:
        """The turns (first, last; 1-based) the post holds now, or None for the seed post or no turns."""
        session = self.session
        if session is None or not session.game.log.events or self.post_range.value == SEED:
            return None  # no turn yet (in a new chapter: none of its own, C-1)
        game = session.game
        choice = self.post_range.value
        if choice == SINCE:
            span = since_last_turn(game, session.seat)
            first, last = span if span is not None else (game.turn, game.turn)
        elif choice == RANGE:
            first, last = sorted((self.range_from.value, self.range_to.value))
        else:
            first = last = game.turn
        lowest = game.log.first + 1  # a later chapter posts its own turns (C-1)
        last = min(max(last, lowest), game.turn)
        first = min(max(first, last - MOST_TURNS + 1, lowest), last)
        return first, last

    def show_post(self) -> None:
        """Write the chosen post into ``post`` (and the Copy button), with a line saying what it holds."""
        session = self.session
        if session is None:
            self._set_post("", "")
            return
        game = session.game
        fmt = self.post_format.value
        if self.post_range.value == SEED:
            post = attempt(self.share_error, lambda: render_seed_post(game, fmt), undone="no post was made",
                           unexpected="the seed-commitment post could not be made")
            self._set_post(post or "", "The seed commitment: post it in the thread before the first turn, so "
                                       "nobody can swap the seed later (G-1, G-5).")
            return
        span = self.turns()
        if span is None:
            self._set_post("", "No turn yet: the post of a turn appears here once one is taken.")
            return
        first, last = span
        post = attempt(self.share_error, lambda: render_range_post(game, first, last, fmt, session.may_see),
                       undone="no post was made", unexpected="the forum post could not be made")
        what = f"Turn {last}" if first == last else f"Turns {first}–{last}"
        if self.post_range.value == SINCE:
            what += " (since your last turn)" if session.seat is not None else " (since the last player's turn)"
        self._set_post(post or "", f"{what}, ending with its verification code.")

    def _set_post(self, post: str, note: str) -> None:
        text = plain_text(post, limit=len(post)) if post else ""
        if self.post.value != text:
            self.post.value = text
        if self.copy_button.text != text:
            self.copy_button.text = text
        value = f'<div class="kit-post-note" style="color:#555">{escape(note)}</div>' if note else ""
        if self.post_note.value != value:
            self.post_note.value = value

    # -- the download ------------------------------------------------------------------------

    def prepare_download(self) -> None:
        """Make the download link for the game file as it is now; it stays until the file changes."""
        path = self._path()
        if path is None:
            self.share_error.show(gamefile.GameFileError("no game file is open: open or start a game first"))
            return
        stamp = _stamp(path)
        link = attempt(self.share_error, lambda: download_link(path), undone="no download was prepared",
                       unexpected="the download could not be prepared")
        if link is None:
            return
        self._download_stamp, self._download_path, self._download_for = stamp, path, self.session
        self.download.value = link
        self._show_browser_copy()

    def _show_browser_copy(self) -> None:
        """In a browser tab, say whether the game is only in this browser, and nudge a download after each turn."""
        if self.browser_copy is None:
            return
        path = self._path()
        if path is None:
            text = ""
        elif self._download_stamp is not None and _stamp(path) == self._download_stamp:
            text = ('<span class="kit-browser-copy-saved">The download link holds every turn so far: press '
                    "<b>Download</b> and keep the file. This browser keeps its own copy too.</span>")
        else:
            text = ('<span class="kit-browser-copy-only" style="color:#8a4b00">⚠ This game is kept in this browser '
                    "only: clearing the browser's data for this site deletes it. After each turn press "
                    "<b>Prepare download</b>, then <b>Download</b>, and keep the file (B-1).</span>")
        if self.browser_copy.value != text:
            self.browser_copy.value = text

    def _follow_download(self) -> None:
        """Keep the link while the file is as it was; once it changed, say so (the link would give the old file).

        When the game is now in another file (the turn started the campaign's next chapter, or a
        reload opened it, C-3), the link or the line that replaced it says so and names that file.
        """
        before = self._download_path
        if before is None:
            return  # no download prepared yet
        if self.session is not self._download_for:  # another game was opened: the link was of the one before
            self._download_stamp, self._download_path, self._download_for = None, None, None
            self.download.value = ""
            return
        path = self._path()
        if path is not None and path != before:
            self._download_stamp, self._download_path = None, path
            self.download.value = (
                f'<span class="kit-download-stale">The game goes on in a new file, {escape(shown_name(path.name))}: '
                f"press <b>Prepare download</b> for it. {escape(shown_name(before.name))} keeps the turns before, "
                "as they stand (C-3).</span>")
            return
        if self._download_stamp is None or _stamp(path) == self._download_stamp:
            return
        self._download_stamp = None
        name = shown_name(path.name) if path is not None else "the game file"
        self.download.value = (f'<span class="kit-download-stale">{escape(name)} has changed since: press '
                               "<b>Prepare download</b> again for the file as it is now.</span>")

    # -- checking a code ---------------------------------------------------------------------

    def check(self) -> None:
        """Check the code(s) pasted in ``code_box`` against the open game's turns; the answer is ``code_result``."""
        session = self.session
        pasted = self.code_box.value.strip()
        if session is None:
            self._answer([(False, "Open a game first: a code is checked against its file.")])
            return
        if not pasted:
            self._answer([(False, "Paste a verification code from the thread (it reads like kit:12-3f9a2c1b).")])
            return
        events = list(session.game.log)
        codes = codes_in(pasted) or [pasted]
        answers = []
        for code in codes[:20]:
            result = gamefile.check_code(code, events)
            answers.append((result.matches, result.message))
        self._answer(answers)

    def _answer(self, answers: list[tuple[bool, str]]) -> None:
        lines = "".join(
            f'<div class="kit-code-{"match" if ok else "mismatch"}" style="color:{"#1b5e20" if ok else "#8e0000"}">'
            f'{"✔ " if ok else "✘ "}{escape(plain_text(text))}</div>' for ok, text in answers)
        self.code_result.value = f'<div role="status" class="kit-code-result">{lines}</div>'


__all__ = ["POST_FORMATS", "RANGES", "SharePanel"]
