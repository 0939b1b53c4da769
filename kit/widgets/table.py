"""The table: one Voilà page per system where a group loads a game file and takes turns.

It arranges the system's components (hand viewer and stack resolver; attribute tracker;
combat round sequencer and Tarot hand) around one :class:`TableSession`, with the play log,
the game shelf (open, new, upload), a download link for the updated file and the forum post of
the last turn with its verification code.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as widgets
import traitlets

from kit import gamefile
from kit.gamefile.chapters import chapter_path
from kit.gamefile.shelf import Shelf, ShelvedGame, default_games_dir, shown_name
from kit.systems import get_system, normalise_system_name
from kit.widgets.common import attempt, follow_errors, plain_text
from kit.widgets.controls import checkbox, error_line, html_view, labelled_button, picker, reason_line, show_reason
from kit.widgets.layout import GamesShelf, layout_style, mark_system_parts, region
from kit.widgets.parts import Box, Control, Refusal, View
from kit.widgets.people import GMTools, NoteRow, SeatPicker, builder_area
from kit.widgets.play_log import PlayLog
from kit.widgets.registry import builder_for, components_for, gm_panel_for
from kit.widgets.sealed import SealedGameChoice, sealed_new_game_note, sealed_panels
from kit.widgets.session import TableSession
from kit.widgets.share import SharePanel
from kit.widgets.shared import fixed, fixed_layout, html

T = TypeVar("T")

POST_FORMATS = ("markdown", "bbcode", "text")

NOTHING_CHANGED = "nothing was changed"
UNREADABLE = "this file could not be read"


def _naming(path: Path, read: Callable[[], T]) -> T:
    """Run ``read``; a game-file refusal that does not name the file is given its name first."""
    try:
        return read()
    except gamefile.GameFileError as error:
        name = shown_name(path.name)
        if name in str(error):
            raise
        raise gamefile.GameFileError(f"{name}: {error}") from error


def _upload_name(files: Any) -> str:
    """The name of the first uploaded file as a message shows it, or ``""`` when the upload names none."""
    try:
        return shown_name(str(files[0]["name"]))
    except Exception:  # a malformed upload: the refusal says "the uploaded file"
        return ""


class ShelfForm:
    """The controls in the shelf's drawer: the game picker and *Open*, the New game form and *Upload*.

    The table (:class:`Table`) makes them the first time its drawer opens and wires them to
    itself; until then the page holds none of their models. ``children`` is the drawer's content.
    """

    def __init__(self) -> None:
        self.game_picker = picker(widgets.Dropdown, description="Game file", options=[], layout={"width": "28em"})
        self.open_button = labelled_button("Open", "Open the chosen game file")
        self.shelf_note = html_view("kit-shelf-note")
        self.players_box = picker(widgets.Text, description="Players", placeholder="Ana, Ben")
        self.gm_box = picker(widgets.Text, description="Game master", placeholder="GM")
        self.quick_start_box = checkbox("Quick start: ready-made characters", True)
        self.name_box = picker(widgets.Text, description="File name", placeholder="our-game")
        self.new_button = labelled_button("New game", "Start a new game file for these players and game master")
        self.upload = fixed(widgets.FileUpload, accept=".ipynb", multiple=False, description="Upload game file")
        self.sealed_choice = SealedGameChoice()  # "Sealed game" and who seals the GM's draws (K-1, K-3)
        self.new_reason = reason_line()
        self.new_reason.add_class("kit-new-reason")
        self.new_note = html_view("kit-new-note")
        row = fixed_layout(flex_flow="row wrap")
        self.children: tuple[widgets.Widget, ...] = (
            widgets.HBox([self.game_picker, self.open_button], layout=row), self.shelf_note,
            widgets.HBox([self.players_box, self.gm_box, self.quick_start_box, self.name_box, self.new_button,
                          self.upload], layout=row),
            self.sealed_choice, self.new_reason, self.new_note)


class Table(widgets.VBox):
    """A system's table over a folder of game files.

    No file on the shelf and no upload can stop the table: whatever goes wrong while a file is
    listed, opened, reloaded or uploaded ends as a refusal line beside the control (``shelf_error``
    sits under the Games bar, so a refused Reload shows with the shelf folded).

    What is out of view is made when it is first needed (every widget model costs time at page
    load): the shelf's drawer (:class:`ShelfForm`) the first time it opens — at once when no
    game can be opened; reading one of its controls from Python makes it too — and the Upgrade
    control the first time a version-1 file is open.
    """

    heading = View("The table's heading (for screen readers; the page shows the game).")
    games = Box("The Games bar and the shelf behind its toggle.")
    status = View("The open game: its file, its turns (a later chapter: which), its seed commitment.")
    reload_button = Control("Reload: read the game file again (another table may have moved on).")
    reload_reason = View("Why Reload is off.")
    chapter_note = View("That the turn just taken, or a reload, started the campaign's next chapter file (C-3).")
    shelf_error = Refusal("Why a file could not be listed, opened, reloaded, upgraded, started or uploaded.")
    play_area = Box("The play region: whose turn, the seat, the sealed panels and the components.")
    whose_turn = View("Now: what the game waits for and from whom, and whether that is you.")
    upgrade_row = Box("Upgrade and its note, while a version-1 file is open.")
    seat_picker = Control("Sit as: a player's seat or the GM's (P-1); hidden for a game without seats.")
    seat_error = Refusal("Why a seat could not be taken.")
    sealed_area = Box("A sealed game's seat key and declarations (K-1, K-3).")
    components = Box("The system's components, the character builder, the note row and the GM's tools.")
    side = Box("The side region: sharing and the play log.")
    share = Box("Sharing: the post, Copy, the download, checking a code.")
    play_log = Box("The play log.")
    download_button = Control("Prepare download (the share panel's).")
    download_reason = View("Why Prepare download is off (the share panel's).")
    download = View("The download link (the share panel's).")
    post_format = Control("The post's format (the share panel's).")
    post = Control("The post's text (the share panel's).")
    share_error = Refusal("Why a post or a download could not be made (the share panel's).")
    game_picker = Control("The game files on the shelf.", within="form")
    open_button = Control("Open the chosen game file.", within="form")
    shelf_note = View("Files on the shelf that are not listed, and why.", within="form")
    players_box = Control("The players of a new game, separated by commas.", within="form")
    gm_box = Control("The game master of a new game.", within="form")
    quick_start_box = Control("Quick start: each player gets a ready-made character.", within="form")
    name_box = Control("The new game's file name.", within="form")
    new_button = Control("New game: start a new game file for these players and game master.", within="form")
    upload = Control("Upload game file: verified first, then put on the shelf and opened.", within="form")
    sealed_choice = Box("The Sealed game part of the new game form (K-1).", within="form")
    new_reason = View("Why New game is off.", within="form")
    new_note = View("What to do next after a new game or an upload.", within="form")

    game_file = traitlets.Unicode("", help="File name of the game being played.").tag(sync=True)

    def __init__(self, system: str, games_dir: str | Path | None = None, game: str | None = None,
                 **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout())
        super().__init__(**kwargs)
        self.system = normalise_system_name(system)
        self.title = get_system(self.system).title
        self.shelf = Shelf(games_dir if games_dir is not None else default_games_dir(), self.system)
        self.session: TableSession | None = None
        self.add_class("kit-table")
        self.add_class(f"kit-table-{self.system}")

        self.heading = html_view("kit-table-heading", f"<h2>{escape(self.title)} table</h2>")
        self.status = html_view("kit-status")
        self.chapter_note = html_view("kit-chapter-note")  # "Chapter 2 has begun …": until the next turn (C-3)
        self._chapter_seen: tuple[str, int] | None = None
        """The game (by its seed commitment) and chapter the status last showed: a higher one of it has begun."""

        self.reload_button = labelled_button("Reload", "Read the game file again (another table may have moved on)")
        self.reload_reason = reason_line()
        self._upgrade_parts: tuple[widgets.HTML, widgets.Button] | None = None
        self.upgrade_row = widgets.HBox([], layout={"display": "none"})  # Upgrade and its note: a version-1 file
        self.seat_picker = SeatPicker()
        self.seat_picker.on_seat(self._sit)
        self.whose_turn = html_view("kit-whose-turn")
        self.seat_error = error_line()
        self.shelf_error = error_line()  # under the Games bar: a refused Reload or Upgrade shows with the shelf folded
        self._form: ShelfForm | None = None
        self.sealed_area = widgets.VBox(layout=fixed_layout())  # a sealed game's seat key and declarations
        self.sealed_area.add_class("kit-sealed-area")
        self.components = widgets.VBox(layout=fixed_layout())
        self.components.add_class("kit-layout-components")
        self.play_log = PlayLog(limit=8)
        self.share = SharePanel()  # the post, Copy, the download and Check a code; its controls keep their old names:
        self.download_button, self.download_reason = self.share.download_button, self.share.download_reason
        self.download, self.post_format, self.post = self.share.download, self.share.post_format, self.share.post
        self.share_error = self.share.share_error

        self.reload_button.on_click(lambda _: self._reload())

        games = self.shelf.listing().games
        chosen = (self.shelf.last_played(games) if game is None  # the game played last, not the first by name
                  else next((g for g in games if g.path.name == game), None))
        # The drawer (open, New game, upload) is made the first time it opens: folded at once when a game opens.
        self.games = GamesShelf(bar=[self.status, self.reload_button, self.reload_reason],
                                build=self._build_form, opened=chosen is None)
        self.play_area = region("play", [self.heading, self.whose_turn, self.upgrade_row, self.seat_picker,
                                         self.seat_error, self.sealed_area, self.components])
        self.side = region("side", [self.share, self.play_log])
        games_region = region("games", [self.games, self.chapter_note, self.shelf_error])
        self.children = (layout_style(), games_region, self.play_area, self.side)
        self.add_class("kit-layout")
        self._show_game_controls()
        if game is not None and chosen is None:
            self.shelf_error.show(f"{shown_name(game)}: no such {self.title} game in {self.shelf.folder}")
        if chosen is not None:
            self.open_game(chosen.path)
        if self.session is None:
            self.games.show(True)  # no game could be opened: the shelf stays open

    # -- the shelf's drawer, made when it first opens --------------------------------------------

    @property
    def form(self) -> ShelfForm:
        """The shelf's drawer (open a game, New game, Upload), made the first time it is needed."""
        if self._form is None:
            self.games.build()
        assert self._form is not None
        return self._form

    def _build_form(self) -> tuple[widgets.Widget, ...]:
        """Make the drawer's controls, list the shelf in them and wire them (the drawer's first opening)."""
        form = self._form = ShelfForm()
        form.open_button.on_click(lambda _: self._open_chosen())
        form.new_button.on_click(lambda _: self._new_game())
        form.upload.observe(self._uploaded, names="value")
        for control in (form.players_box, form.gm_box, form.sealed_choice.sealed_box):
            control.observe(self._check_new_form, names="value")
        self._list_games(select=self.session.path if self.session is not None else None)
        return form.children

    # -- the shelf -------------------------------------------------------------------------

    def _list_games(self, select: Path | None = None) -> list[ShelvedGame]:
        """List the shelf's games in the picker (``select`` chosen if listed) and say what was skipped.

        Until the drawer has been opened there is no picker: nothing is listed (it is, when it opens).
        """
        if self._form is None:
            return []
        listing = self.shelf.listing()
        options = [(g.label, str(g.path)) for g in listing.games]
        if self.game_picker.options != tuple(options):
            self.game_picker.options = options
        if select is not None and str(select) in {value for _, value in options}:
            self.game_picker.value = str(select)
        note = listing.note
        self.shelf_note.value = (
            f'<div class="kit-shelf-note" style="color:#555">{escape(plain_text(note)).replace(chr(10), "<br>")}</div>'
            if note else "")
        return listing.games

    def _open_chosen(self) -> None:
        if self.game_picker.value:
            self.open_game(Path(self.game_picker.value))

    def open_game(self, path: Path) -> None:
        """Play the game in ``path``: rebuild it from the file and lay out the components.

        A file that cannot be opened is refused on ``shelf_error``; the game being played, if
        any, stays on the table.
        """
        before = self.session
        seat = before.seat if before is not None else None

        def opened() -> tuple[TableSession, tuple[widgets.Widget, ...]]:
            session = _naming(path, lambda: TableSession.open(path))
            if before is not None:
                session.keep_keys(before)  # the same sealed game opened again: its keys stay held (K-1)
            if seat is not None and seat in session.game.seats:
                session.sit(seat)
            return session, self._components_of(session)

        built = attempt(self.shelf_error, opened, undone=NOTHING_CHANGED,
                        unexpected=f"{shown_name(path.name)}: {UNREADABLE}")
        if built is None:
            return
        session, components = built
        self.session = session
        opened_path = session.path if session.path is not None else path  # a campaign opens at its newest chapter
        self.game_file = opened_path.name
        self._list_games(select=opened_path)
        self.seat_picker.show_seats(session.game, session.seat)
        self.components.children = components
        self.sealed_area.children = follow_errors(session, *sealed_panels(session))  # a sealed game's key (K-1)
        session.listen(self._after_turn)
        self._chapter_seen = None  # a game opened: whichever chapter it is in, none has just begun
        self._after_turn(None)
        self._offer_upgrade()
        self._show_game_controls()
        self.games.show(False)  # a game is open: the shelf folds away behind the Games toggle

    def _show_game_controls(self) -> None:
        """Enable Reload and Prepare download while a game is open; otherwise say why they are off."""
        open_game = self.session is not None and self.session.path is not None
        for button in (self.reload_button, self.download_button):
            button.disabled = not open_game
        why = "" if open_game else "No game is open yet: open one under Games, start a new game or upload one."
        show_reason(self.reload_reason, why)
        show_reason(self.download_reason, "" if open_game else "Open a game first: then its file can be downloaded.")
        if self.session is None and not self.status.value:
            self.status.value = '<div class="kit-status">No game is open.</div>'

    # -- seats (P-1) -------------------------------------------------------------------------

    def _components_of(self, session: TableSession) -> tuple[widgets.Widget, ...]:
        """What the table shows to the seat sitting at it: nothing to play until a seat is chosen.

        A seat sees the system's components, the character builder, its note line and — the
        GM, or anyone at a game without seats — the GM's tools.
        """
        game = session.game
        if game.seating.seated and session.seat is None:
            return (html('<div class="kit-sit-first">Choose your seat with <b>Sit as</b> above to play: '
                         "a player acts for their own characters, the GM for everyone (P-1).</div>"),)
        parts: list[widgets.Widget] = list(components_for(self.system, session))
        mark_system_parts(parts)
        parts.append(builder_area(lambda: builder_for(self.system, session), session))
        parts.append(NoteRow(session))
        if session.is_gm:
            # The GM's seat sees its panel at once; a table without seats shows it when asked (time to interactive).
            parts.append(GMTools(session, lambda: gm_panel_for(self.system, session), opened=game.seating.seated))
        return follow_errors(session, *parts)  # every refusal line clears after a turn or a reload

    def _sit(self, seat: str | None) -> None:
        """Sit at the table as ``seat`` and lay the table out for it."""
        session = self.session
        if session is None:
            return
        done = attempt(self.seat_error, lambda: session.sit(seat) or True, undone=NOTHING_CHANGED,
                       unexpected="that seat could not be taken")
        if done is None:
            return
        session.drop_listeners()
        self.components.children = self._components_of(session)
        self.sealed_area.children = follow_errors(session, *sealed_panels(session))
        session.listen(self._after_turn)
        self._after_turn(None)

    @View()
    def upgrade_note(self) -> widgets.HTML:
        """What Upgrade does, shown beside it while the open file is of format version 1."""
        return self._upgrade_controls()[0]

    @Control()
    def upgrade_button(self) -> widgets.Button:
        """Upgrade: a copy in today's format of a version-1 game file (made the first time such a file is open)."""
        return self._upgrade_controls()[1]

    def _upgrade_controls(self) -> tuple[widgets.HTML, widgets.Button]:
        if self._upgrade_parts is None:
            note = html()
            button = labelled_button("Upgrade", "Make a copy of this game file in today's format and play on in it")
            button.on_click(lambda _: self._upgrade())
            self._upgrade_parts = (note, button)
            self.upgrade_row.children = self._upgrade_parts
        return self._upgrade_parts

    def _offer_upgrade(self) -> None:
        """Show the Upgrade control while the open file is of format version 1 (it takes no new turns, G-6)."""
        old = self.session is not None and self.session.game.log.version < gamefile.BOUND_START_VERSION
        self.upgrade_row.layout.display = "flex" if old else "none"
        if not old and self._upgrade_parts is None:
            return  # never needed yet: not made
        self.upgrade_note.value = (
            '<div class="kit-upgrade-note">This game file is of an older format (version 1): it can be read '
            "and checked here, but it takes no new turns. Press <b>Upgrade</b> to make a copy in today's format beside "
            "it and play on in that one. Every turn of the copy gets a new verification code: post the copy's "
            "seed commitment and its last code in your thread (G-6).</div>" if old else "")

    def _upgrade(self) -> None:
        session = self.session
        if session is None or session.path is None:
            return
        path = session.path
        made = attempt(self.shelf_error, lambda: _naming(path, lambda: self.shelf.upgrade(path)),
                       undone="nothing was written", unexpected=f"{shown_name(path.name)}: {UNREADABLE}")
        if made is not None:
            self.open_game(made)

    def _reload(self) -> None:
        session = self.session
        if session is not None and session.path is not None:
            path = session.path
            attempt(self.shelf_error, lambda: _naming(path, session.reload), undone=NOTHING_CHANGED,
                    unexpected=f"{shown_name(path.name)}: {UNREADABLE}")
        elif session is not None:
            attempt(self.shelf_error, session.reload, undone=NOTHING_CHANGED, unexpected=UNREADABLE)

    def _check_new_form(self, _change: Any = None) -> None:
        """Enable New game only for a game that can start; a sealed game needs a GM and a player (K-1)."""
        reason = self.sealed_choice.update(self.players_box.value, self.gm_box.value)
        self.new_button.disabled = bool(reason)
        self.quick_start_box.disabled = self.sealed_choice.sealed  # a sealed game starts with no turns
        show_reason(self.new_reason, reason)

    def _new_game(self) -> None:
        players = [name.strip() for name in self.players_box.value.split(",") if name.strip()]
        gm = self.gm_box.value.strip() or "GM"
        name = self.name_box.value.strip() or f"{self.system}-game"
        quick = bool(self.quick_start_box.value)
        self._check_new_form()
        if self.new_button.disabled:
            self.shelf_error.show(self.sealed_choice.reason())
            return
        sealed = self.sealed_choice.start_keywords()
        path = attempt(self.shelf_error, lambda: self.shelf.new_game(name, players, gm=gm, quick_start=quick,
                                                                     **sealed),
                       undone="no game was started", unexpected="the new game could not be started")
        if path is None:
            return
        self.players_box.value = ""
        self.gm_box.value = ""
        self.name_box.value = ""
        self.sealed_choice.reset()
        if self.session is not None:
            self.session.seat = None  # a new game: everyone chooses their seat again
        self.open_game(path)
        if self.session is not None and self.session.path == path:
            game = self.session.game
            self.new_note.value = sealed_new_game_note(game) if game.sealed else _new_game_note(game, quick)

    def _uploaded(self, change: dict[str, Any]) -> None:
        """Put an uploaded file on the shelf and open it; any failure is a refusal line, and the upload is reset."""
        files = change["new"]
        if not files:
            return
        name = _upload_name(files)
        try:
            received = attempt(self.shelf_error,
                               lambda: self.shelf.receive(str(files[0]["name"]), files[0]["content"]),
                               undone="nothing was written to the shelf",
                               unexpected=f"{name or 'the uploaded file'} could not be read")
        finally:
            self.upload.value = ()
        if received is not None:  # new, updated in place, the same, older, or a fork saved beside (shelf.receive)
            self._list_games()
            self.open_game(received.path)
            said = escape(plain_text(received.message))
            self.new_note.value = f'<div class="kit-upload-note" role="status">{said}</div>'
            self.games.show(True)  # the answer shows beside the shelf, with both branches of a fork listed

    # -- after every turn -----------------------------------------------------------------

    def _after_turn(self, _result: Any) -> None:
        session = self.session
        if session is None:
            return
        game = session.game
        if session.path is not None and session.path.name != self.game_file:
            self.game_file = session.path.name  # the turn started the campaign's next chapter, a file of its own (C-3)
        self.whose_turn.value = _whose_turn_html(game, session.seat)
        self.status.value = _status_html(self.game_file, game)
        self._show_chapter_begun(session)
        self.play_log.refresh(game, session.may_see, session.path)
        self.share.show(session)
        self._list_games(select=session.path)

    def _show_chapter_begun(self, session: TableSession) -> None:
        """Say so when the game moved on to a later chapter since the status last showed it (C-3), else clear it."""
        game = session.game
        now = (game.seed_commitment, game.chapter.number)
        seen, self._chapter_seen = self._chapter_seen, now
        begun = seen is not None and seen[0] == now[0] and now[1] > seen[1]
        value = _chapter_begun_html(game, session.path) if begun and session.path is not None else ""
        if self.chapter_note.value != value:
            self.chapter_note.value = value

    def _show_post(self) -> None:
        self.share.show_post()

    def _prepare_download(self) -> None:
        self.share.prepare_download()


def chapter_span(game: Any) -> str:
    """The turns a later chapter holds in the campaign's numbers (``turns 501–612``), or that it holds none yet."""
    first = game.log.first + 1
    if not game.log.events:
        return f"no turn yet (its first will be turn {first})"
    return f"turn {first}" if first == game.turn else f"turns {first}–{game.turn}"


def _status_html(name: str, game: Any) -> str:
    """The table's status: the file, its turns (a later chapter: which one and its turns, C-1), the seed commitment."""
    held = (f"chapter {game.chapter.number} · {chapter_span(game)}" if game.chapter.number > 1
            else f"{game.turn} turns")
    return (f'<div class="kit-status">Game file <b>{escape(shown_name(name))}</b> · {held} · '
            f"seed commitment <code>{game.seed_commitment[:16]}</code></div>")


def _chapter_begun_html(game: Any, path: Path) -> str:
    """The notice that a new chapter file now holds the game's turns, and what the group does with it (C-3)."""
    number = game.chapter.number
    before = shown_name(chapter_path(path, number - 1).name)
    return ('<div class="kit-chapter-note" role="status" style="background:#e8f4fd;border-left:4px solid #1565c0;'
            f'padding:0.3em 0.6em;margin:0.3em 0">Chapter {number} has begun: a new game file, '
            f"<b>{escape(shown_name(path.name))}</b>, holds the turns from {game.log.first + 1} on (C-3). "
            f"Download it and post it with the thread. {escape(before)} keeps the turns before, as they "
            "stand (C-2).</div>")


def _whose_turn_html(game: Any, seat: str | None) -> str:
    """The line at the top of the table: what the game waits for and from whom, and whether that is you."""
    text = game.whose_turn()
    waiting = game.waiting_seat()
    you = " That is you." if seat is not None and waiting == seat else ""
    return (f'<div class="kit-whose-turn" role="status" aria-live="polite"><b>Now:</b> {escape(text)}'
            f"{escape(you)}</div>")


def _new_game_note(game: Any, quick: bool) -> str:
    """What to do next after starting a game: sit down, and who must build a character (and why)."""
    lines = [f"The game is started with {escape(game.gm)} as the game master. Each person chooses their seat "
             "with <b>Sit as</b>, then plays from it (P-1)."]
    missing = game.players_without_characters()
    if missing:
        why = (f"the ready-made party has only {len(game.character_names())} characters" if quick
               else "quick start was off")
        lines.append(f"{escape(', '.join(missing))}: no character yet ({why}). Sit as that player and build one "
                     "with <b>Build a character</b>.")
    return '<div class="kit-new-note">' + "<br>".join(lines) + "</div>"
