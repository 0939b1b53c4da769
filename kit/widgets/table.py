"""The table: one Voilà page per system where a group loads a game file and takes turns.

It arranges the system's components (hand viewer and stack resolver; attribute tracker;
combat round sequencer and Tarot hand) around one :class:`TableSession`, with the play log,
the game shelf (open, new, upload), a download link for the updated file and the forum post of
the last turn with its verification code.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from kit import gamefile
from kit.core.errors import RulesError
from kit.systems import get_system, normalise_system_name
from kit.widgets.common import ErrorLine, PlayLog, attempt, labelled_button
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed, html
from kit.widgets.shelf import Shelf, default_games_dir, download_link

POST_FORMATS = ("markdown", "bbcode", "text")


def components_for(system: str, session: TableSession) -> list[widgets.Widget]:
    """The system's components, built on one session."""
    if system == "falkefateifaux":
        from kit.widgets.hand_viewer import HandViewer
        from kit.widgets.stack_resolver import StackResolver

        return [StackResolver(session), HandViewer(session)]
    if system == "suitpairs":
        from kit.widgets.attribute_tracker import AttributeTracker

        return [AttributeTracker(session)]
    if system == "rollunder":
        from kit.widgets.combat_sequencer import CombatSequencer
        from kit.widgets.tarot_hand import TarotHand

        return [CombatSequencer(session), TarotHand(session)]
    raise KeyError(system)


class Table(widgets.VBox):
    """A system's table over a folder of game files.

    Controls (drivable from Python): ``game_picker``, ``open_button``, ``reload_button``,
    ``players_box``, ``name_box``, ``new_button``, ``upload``, ``download_button``,
    ``post_format``. Views: ``status``, ``components``, ``play_log``, ``download``, ``post``.
    Refusals: ``shelf_error``, ``share_error``.
    """

    game_file = traitlets.Unicode("", help="File name of the game being played.").tag(sync=True)

    def __init__(self, system: str, games_dir: str | Path | None = None, game: str | None = None,
                 **kwargs: Any):
        super().__init__(**kwargs)
        self.system = normalise_system_name(system)
        self.title = get_system(self.system).title
        self.shelf = Shelf(games_dir if games_dir is not None else default_games_dir(), self.system)
        self.session: TableSession | None = None
        self.add_class("kit-table")
        self.add_class(f"kit-table-{self.system}")

        self.heading = html(f"<h2>{escape(self.title)} table</h2>")
        self.status = html()
        self.status.add_class("kit-status")

        self.game_picker = fixed(widgets.Dropdown, description="Game file", options=[],
                                 style={"description_width": "initial"}, layout={"width": "28em"})
        self.open_button = labelled_button("Open", "Open the chosen game file")
        self.reload_button = labelled_button("Reload", "Read the game file again (another table may have moved on)")
        self.players_box = fixed(widgets.Text, description="Players", placeholder="Ann, Ben",
                                 style={"description_width": "initial"})
        self.name_box = fixed(widgets.Text, description="File name", placeholder="our-game",
                              style={"description_width": "initial"})
        self.new_button = labelled_button("New game", "Start a new game file with a ready-made party")
        self.upload = fixed(widgets.FileUpload, accept=".ipynb", multiple=False, description="Upload game file")
        self.shelf_error = ErrorLine()
        self.components = widgets.VBox()
        self.play_log = PlayLog(limit=8)
        self.download_button = labelled_button("Prepare download", "Make a download link for the game file")
        self.download = html()
        self.post_format = fixed(widgets.Dropdown, description="Forum post", options=POST_FORMATS, value="markdown",
                                 style={"description_width": "initial"})
        self.post = fixed(widgets.Textarea, description="Post text", style={"description_width": "initial"},
                          layout={"width": "100%", "height": "9em"},
                          placeholder="The last turn as a forum post appears here.")
        self.post.add_class("kit-post")
        self.share_error = ErrorLine()

        self.open_button.on_click(lambda _: self._open_chosen())
        self.reload_button.on_click(lambda _: self._reload())
        self.new_button.on_click(lambda _: self._new_game())
        self.upload.observe(self._uploaded, names="value")
        self.download_button.on_click(lambda _: self._prepare_download())
        self.post_format.observe(lambda _: self._show_post(), names="value")

        shelf_row = widgets.HBox([self.game_picker, self.open_button, self.reload_button])
        new_row = widgets.HBox([self.players_box, self.name_box, self.new_button, self.upload])
        share_row = widgets.HBox([self.download_button, self.download])
        self.children = (
            self.heading, shelf_row, new_row, self.shelf_error, self.status, self.components,
            self.play_log, share_row, self.post_format, self.post, self.share_error,
        )
        self._list_games()
        chosen = next((g for g in self.shelf.games() if game is None or g.path.name == game), None)
        if game is not None and chosen is None:
            self.shelf_error.show(gamefile.GameFileError(f"{game}: no such {self.title} game in {self.shelf.folder}"))
        if chosen is not None:
            self.open_game(chosen.path)

    # -- the shelf -------------------------------------------------------------------------

    def _list_games(self, select: Path | None = None) -> None:
        games = self.shelf.games()
        self.game_picker.options = [(g.label, str(g.path)) for g in games]
        if select is not None:
            self.game_picker.value = str(select)

    def _open_chosen(self) -> None:
        if self.game_picker.value:
            self.open_game(Path(self.game_picker.value))

    def open_game(self, path: Path) -> None:
        """Play the game in ``path``: rebuild it from the file and lay out the components."""
        session = attempt(self.shelf_error, lambda: TableSession.open(path))
        if session is None:
            return
        self.session = session
        self.game_file = path.name
        self._list_games(select=path)
        self.components.children = tuple(components_for(self.system, session))
        session.listen(self._after_turn)
        self._after_turn(None)

    def _reload(self) -> None:
        if self.session is not None:
            attempt(self.shelf_error, self.session.reload)

    def _new_game(self) -> None:
        players = [name.strip() for name in self.players_box.value.split(",") if name.strip()]
        name = self.name_box.value.strip() or f"{self.system}-game"
        path = attempt(self.shelf_error, lambda: self.shelf.new_game(name, players))
        if path is not None:
            self.players_box.value = ""
            self.name_box.value = ""
            self.open_game(path)

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        path = attempt(self.shelf_error, lambda: self.shelf.upload(upload["name"], bytes(upload["content"])))
        self.upload.value = ()
        if path is not None:
            self.open_game(path)

    # -- after every turn -----------------------------------------------------------------

    def _after_turn(self, _result: Any) -> None:
        session = self.session
        if session is None:
            return
        game = session.game
        self.status.value = (
            f'<div class="kit-status">Game file <b>{escape(self.game_file)}</b> · {game.turn} turns · '
            f"seed commitment <code>{game.seed_commitment[:16]}</code></div>"
        )
        self.play_log.refresh(game)
        self.download.value = ""
        self._show_post()
        self._list_games(select=session.path)

    def _show_post(self) -> None:
        if self.session is None or self.session.game.turn == 0:
            self.post.value = ""
            return
        game = self.session.game
        try:
            self.post.value = gamefile.render_post(game, game.turn, self.post_format.value)
        except (RulesError, ValueError) as error:
            self.share_error.show(error)

    def _prepare_download(self) -> None:
        if self.session is None or self.session.path is None:
            self.share_error.show(gamefile.GameFileError("no game file is open: open or start a game first"))
            return
        self.share_error.clear()
        self.download.value = download_link(self.session.path)
