"""The people at a table: choosing a seat, notes on one's turns, and the GM's tools (P-1, P-2, P-3, C-3).

The table (:mod:`kit.widgets.table`) places these around the system's components: the seat
picker at the top, a note line under the components, and for the GM the void control, *End this
chapter* (a long campaign's chapters, C-3) and the system's GM panel.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from kit.gamefile.chapters import close_chapter
from kit.gamefile.post import who_took
from kit.widgets.common import attempt
from kit.widgets.component import Component, RefusalWords
from kit.widgets.controls import checkbox, error_line, labelled_button, picker, reason_line, show_reason
from kit.widgets.parts import Box, Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed_layout, html

NO_SEAT = ""
"""The seat picker's value while nobody has sat down."""

OPEN_SEATS = ('<div class="kit-seat-hint" style="color:#555">Seats are a courtesy in an open game: pick your own. '
              "Every turn records the seat that took it (P-1).</div>")
"""The line under the seat picker of an open game."""

SEALED_SEATS = ('<div class="kit-seat-hint" style="color:#555">This is a sealed game: a seat acts only with its '
                "seat key, and every turn proves the seat that took it (K-1, K-2).</div>")
"""The line under the seat picker of a sealed game."""


def seat_options(game: Any) -> list[tuple[str, str]]:
    """``("Ana — plays Ada", "Ana")`` for each player, then the GM, after a first "choose" entry."""
    options = [("Choose your seat…", NO_SEAT)]
    for player in game.players:
        mine = [name for name in game.character_names() if game.owner_of(name) == player]
        plays = f"plays {', '.join(mine)}" if mine else "no character yet"
        options.append((f"{player} — {plays}", player))
    if game.gm:
        options.append((f"{game.gm} — game master", game.gm))
    return options


class SeatPicker(widgets.VBox):
    """"Sit as …": a player's seat or the GM's (P-1). Hidden for a game without seats.

    :meth:`on_seat` registers what happens when someone sits down. Seats are a courtesy in an
    open game: anyone may pick any seat, and the file records which seat took every turn. The
    dropdown and its line are made the first time a game with seats is shown (or ``picker`` is
    read): a table without seats never sends them to the page.
    """

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("kit-seat-picker")
        self._parts: tuple[widgets.Dropdown, widgets.HTML] | None = None
        self.layout.display = "none"
        self._callbacks: list[Callable[[str | None], None]] = []
        self._quiet = False

    @Control()
    def picker(self) -> widgets.Dropdown:
        """The "Sit as" dropdown (made the first time it is needed)."""
        return self._made()[0]

    @View()
    def hint(self) -> widgets.HTML:
        """The line under the dropdown: what a seat means in this game."""
        return self._made()[1]

    def _made(self) -> tuple[widgets.Dropdown, widgets.HTML]:
        if self._parts is None:
            dropdown = picker(widgets.Dropdown, description="Sit as", options=[("Choose your seat…", NO_SEAT)])
            dropdown.observe(self._changed, names="value")
            self._parts = (dropdown, html(OPEN_SEATS))
            self.children = self._parts
        return self._parts

    def on_seat(self, callback: Callable[[str | None], None]) -> None:
        """Call ``callback(seat)`` when someone picks a seat (``None``: nobody)."""
        self._callbacks.append(callback)

    def show_seats(self, game: Any, seat: str | None) -> None:
        """List ``game``'s seats with ``seat`` chosen; hide the picker when the game keeps no seats."""
        seated = game.seating.seated
        self.layout.display = "flex" if seated else "none"
        if not seated and self._parts is None:
            return  # nothing to choose, and nothing made yet
        self._quiet = True
        try:
            hint = SEALED_SEATS if getattr(game, "sealed", False) else OPEN_SEATS
            if self.hint.value != hint:
                self.hint.value = hint
            options = seat_options(game) if seated else [("Choose your seat…", NO_SEAT)]
            if self.picker.options != tuple(options):
                self.picker.options = options
            self.picker.value = seat if seat is not None and seat in game.seats else NO_SEAT
        finally:
            self._quiet = False

    def _changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        seat = change["new"] or None
        for callback in list(self._callbacks):
            callback(seat)


class NoteForm:
    """The note form of a :class:`NoteRow`: the box, *In character*, *Add note* and the refusal line."""

    def __init__(self, session: TableSession):
        about = ("Narrate, or add a note to the latest turn." if session.is_gm
                 else "Add a note to your latest turn: what your character says, or a word to the table.")
        self.text_box = picker(widgets.Textarea, description="Note", placeholder=about,
                               layout={"width": "100%", "height": "4em"})
        self.in_character_box = checkbox("In character")
        self.note_button = labelled_button("Add note", "Attach the note to the latest turn (it shows in the log "
                                                       "and the forum post)")
        self.note_button.add_class("kit-add-note")
        self.note_error = error_line()
        self.heading = html(notes_heading(session.game))
        self.children: tuple[widgets.Widget, ...] = (
            self.heading, self.text_box,
            widgets.HBox([self.in_character_box, self.note_button], layout=fixed_layout()), self.note_error)


def notes_heading(game: Any) -> str:
    """The note form's heading; in a later chapter it says which turns a note may go on (C-2)."""
    if not game.log.first:
        return "<b>Notes</b>"
    return (f'<b>Notes</b> <span class="kit-note-chapter" style="color:#555">on turns of this chapter, from turn '
            f"{game.log.first + 1} on: a closed chapter's turns stand as they are (C-2)</span>")


class NoteRow(Component):
    """A note on this seat's latest turn, in or out of character (P-3); the GM's narration.

    At first a single *Add a note* button; pressing it opens the form (:meth:`open_form`), and
    so does reading any of the form's parts, as pressing the button would.
    """

    CSS = "kit-note-row"

    open_button = Control("Add a note: opens the note form.")
    text_box = Control("The note.", within="form")
    in_character_box = Control("In character, or a word to the table.", within="form")
    note_button = Control("Attach the note to the latest turn (it shows in the log and the forum post).",
                          within="form")
    note_error = Refusal("Why the note was refused.", within="form")

    def __init__(self, session: TableSession, **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout())
        super().__init__(session, **kwargs)
        self._form: NoteForm | None = None
        self.open_button = labelled_button("Add a note", "Write a note on the latest turn, or narrate (P-3)")
        self.open_button.add_class("kit-note-open")
        self.open_button.on_click(lambda _: self.open_form())
        self.children = (self.open_button,)
        self.follow()

    def refresh(self, result: Any = None) -> None:
        """After a turn or a reload: the heading follows the chapter the game is in (C-2)."""
        if self._form is not None:
            heading = notes_heading(self.session.game)
            if self._form.heading.value != heading:
                self._form.heading.value = heading

    @property
    def form(self) -> NoteForm:
        """The note form, made and shown the first time it is needed."""
        return self.open_form()

    def open_form(self) -> NoteForm:
        """Show the note form in place of *Add a note* (made the first time)."""
        if self._form is None:
            form = self._form = NoteForm(self.session)
            form.note_button.on_click(lambda _: self._add())
            self.children = form.children
        return self._form

    def _add(self) -> None:
        text = self.text_box.value.strip()
        if not text:
            self.note_error.show("Write the note in the box first, then press Add note (P-3).")
            return
        words = RefusalWords(undone="no note was added", unexpected="the note could not be added")
        done = self.take_turn(self.note_error, "note", words, text=text, in_character=bool(self.in_character_box.value))
        if done is not None:
            self.text_box.value = ""
            self.in_character_box.value = False


def latest_standing(game: Any) -> int | None:
    """The number (from 1) of the latest turn still standing, which a void would take back (P-2).

    Only the chapter's own turns are looked at: a closed chapter's turns stand (C-2).
    """
    for event in reversed(game.log.events):
        if game.standing(event.index):
            return event.index + 1
    return None


def nothing_to_void(game: Any) -> str:
    """Why there is no turn to void: none yet, or none in this chapter (a closed chapter's turns stand, C-2)."""
    if game.log.first:
        return "No turn of this chapter to void: a closed chapter's turns stand (C-2)."
    return "No turn to void yet (P-2)."


def chapter_closing_reason(session: TableSession) -> str:
    """Why the GM cannot end the chapter now, in words (C-1, C-3), or ``""`` when they can."""
    game = session.game
    if session.path is None:
        return "This game is not kept in a game file: a chapter is a file of its own (C-3)."
    if game.log.version < 2:
        return "This game file is of format version 1: upgrade it first, then chapters can be ended (C-1)."
    if not game.log.events:
        return (f"Chapter {game.chapter.number} holds no turn yet: a chapter holds at least one, so take a turn "
                "first (C-1).")
    return ""


class GMTools(Component):
    """The GM's corner of the table: void the latest turn (P-2), end the chapter (C-3), the system's GM panel.

    *End this chapter* writes the next chapter's file and plays on in it.
    """

    void_about = View("The turn a void would take back, or that there is none.")
    void_reason = Control("Why the turn is taken back (shown in the log).")
    void_button = Control("Void the latest turn: a new turn takes it back; the log keeps it struck through (P-2).")
    void_error = Refusal("Why the void was refused.")
    chapter_about = View("What ending the chapter does.")
    chapter_button = Control("End this chapter: the next turn starts the campaign's next chapter, a new file (C-3).")
    chapter_reason = View("Why End this chapter is off.")
    chapter_error = Refusal("Why ending the chapter was refused.")
    panel_toggle = Control("Show the GM panel (a table without seats shows it when asked).")
    panel = Box("The system's GM panel: made when first shown (``opened``, or the toggle pressed); None until then.")

    def __init__(self, session: TableSession, make_panel: Callable[[], widgets.Widget], *, opened: bool = True,
                 **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout())
        super().__init__(session, **kwargs)
        self._make_panel = make_panel
        self.panel: widgets.Widget | None = None
        """The system's GM panel, built when it is first shown (``opened``, or the toggle pressed)."""
        self.panel_toggle = labelled_button("Show the GM panel", "Conditions, awards, combat, the clock …: "
                                                                  "every action the rules give the GM")
        self.panel_toggle.add_class("kit-gm-panel-toggle")
        self.panel_toggle.on_click(lambda _: self.open_panel())
        self.add_class("kit-gm-tools")
        self.void_about = html()
        self.void_reason = picker(widgets.Text, description="Reason", placeholder="why the turn is taken back")
        self.void_button = labelled_button("Void the latest turn", "Take the latest turn back with a new turn; "
                                                                   "the log keeps it, struck through (P-2)")
        self.void_reason.add_class("kit-void-reason")
        self.void_button.add_class("kit-void-button")
        self.void_error = error_line()
        self.void_button.on_click(lambda _: self._void())
        self.chapter_about = html()
        self.chapter_button = labelled_button("End this chapter", "End the chapter here: the next turn starts "
                                                                  "the campaign's next chapter, a new file (C-3)")
        self.chapter_button.add_class("kit-end-chapter")
        self.chapter_reason = reason_line()
        self.chapter_error = error_line()
        self.chapter_button.on_click(lambda _: self._end_chapter())
        heading = html('<h3 class="kit-gm-heading">Game master</h3>')
        void_row = widgets.HBox([self.void_reason, self.void_button], layout=fixed_layout(flex_flow="row wrap"))
        void_box = widgets.VBox([self.void_about, void_row, self.void_error], layout=fixed_layout())
        void_box.add_class("kit-void")
        chapter_row = widgets.HBox([self.chapter_button, self.chapter_reason],
                                   layout=fixed_layout(flex_flow="row wrap", align_items="center"))
        chapter_box = widgets.VBox([self.chapter_about, chapter_row, self.chapter_error], layout=fixed_layout())
        chapter_box.add_class("kit-chapter-end")
        self.children = (heading, void_box, chapter_box, self.panel_toggle)
        self.follow()
        if opened:
            self.open_panel()

    def open_panel(self) -> widgets.Widget:
        """Show the system's GM panel, building it the first time (a table without seats opens it on demand)."""
        if self.panel is None:
            self.panel = self._make_panel()
            self.children = (*self.children[:-1], self.panel)
        return self.panel

    def refresh(self, result: Any = None) -> None:
        """Name the turn a void would take back (or say there is none), and what ending the chapter does."""
        self._show_chapter_end()
        game = self.session.game
        turn = latest_standing(game)
        self.void_button.disabled = turn is None
        if turn is None:
            self.void_about.value = f'<div class="kit-void-about">{escape(nothing_to_void(game))}</div>'
            return
        who = who_took(game, game.log[turn - 1])
        what = game.log[turn - 1].action.replace("_", " ")
        self.void_about.value = (f'<div class="kit-void-about">Void takes back turn {turn} ({escape(what)}'
                                 f"{', ' + escape(who) if who else ''}): the game goes on as if it had not been "
                                 "taken, and the cards it drew stay drawn (P-2).</div>")

    def _show_chapter_end(self) -> None:
        """Say what *End this chapter* does; off, with the reason beside it, while it cannot be done (C-3)."""
        number = self.session.game.chapter.number
        about = (f'<div class="kit-chapter-about">Ends chapter {number} here (a session or a scene is over): the '
                 f"next turn starts chapter {number + 1}, a new file. The turns so far stand as they are (C-2)."
                 "</div>")
        if self.chapter_about.value != about:
            self.chapter_about.value = about
        reason = chapter_closing_reason(self.session)
        self.chapter_button.disabled = bool(reason)
        show_reason(self.chapter_reason, reason)

    def _end_chapter(self) -> None:
        """Write the next chapter's file (``close_chapter``), then play on in it (the session reopens the newest)."""
        session = self.session
        reason = chapter_closing_reason(session)
        if reason or session.path is None:
            self.chapter_error.show(reason or "This game is not kept in a game file (C-3).")
            return
        path = session.path
        written = attempt(self.chapter_error, lambda: close_chapter(path), undone="nothing was written",
                          unexpected="the chapter could not be ended")
        if written is None:
            return
        attempt(self.chapter_error, session.reload, undone=f"{written.name} was written: press Reload to play on in it",
                unexpected="the new chapter could not be opened")

    def _void(self) -> None:
        turn = latest_standing(self.session.game)
        if turn is None:
            self.void_error.show(nothing_to_void(self.session.game))
            return
        reason = self.void_reason.value.strip()
        words = RefusalWords(undone="no turn was voided", unexpected="the turn could not be voided")
        done = self.take_turn(self.void_error, "void", words, turn=turn, reason=reason)
        if done is not None:
            self.void_reason.value = ""


def builder_area(make_builder: Callable[[], widgets.Widget], session: TableSession) -> widgets.VBox:
    """The character builder behind a "Build a character" button: built and open at once when the seat
    plays no character yet, else built the first time the button is pressed."""
    game = session.game
    mine = session.actable(game.character_names())
    own = [name for name in mine if session.is_gm or game.owner_of(name) == session.seat]
    toggle = labelled_button("Build a character", "Show or hide the character builder")
    toggle.add_class("kit-builder-toggle")
    box = widgets.VBox([])
    box.layout.display = "none"

    def show(shown: bool) -> None:
        if shown and not box.children:
            box.children = (make_builder(),)
        box.layout.display = "flex" if shown else "none"

    toggle.on_click(lambda _: show(box.layout.display == "none"))
    show(not own)
    return widgets.VBox([toggle, box], layout=fixed_layout())
