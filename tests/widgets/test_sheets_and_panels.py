"""Sheets drawn as on paper, and a panel that shows once (issue 15, "Cards, dice and sheets"; "a panel shows once").

The Suit Pairs sheet draws each attribute as a row of pips in its suit's colour, the Roll-Under
tracks as rows of small squares, and every drawing is named in words. At a table with seats the
GM's controls (awards, the skip, the end of the scene) live in the GM panel the GM's seat is
shown, so the components hide their own copies; at a table without seats, where the GM panel
opens only when asked, the components keep them. Guiding fate is offered by the stack resolver
only; the hand viewer points to it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from ff_widget_table import saved_table

from kit import gamefile
from kit.suitpairs import SuitPairsGame
from kit.widgets import TableSession
from kit.widgets.rollunder.view import TRACK_STYLE, character_tracks_html, track_html
from kit.widgets.shared import fixed_layout
from kit.widgets.suitpairs.attribute_tracker import AttributeTracker
from kit.widgets.suitpairs.sheet import NARROW, SHEET_CSS, pips
from kit.widgets.table import Table

MIRA = {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2, "charisma": 3,
        "skills": ["Defy", "Analyze", "Stealth", "Help"]}


def table_of(system: str, folder: Path) -> Table:
    """A table of ``system`` that started a game with seats: players Ann and Ben, the GM "GM"."""
    table = Table(system, games_dir=folder)
    table.players_box.value = "Ann, Ben"
    table.gm_box.value = "GM"
    table.name_box.value = f"once-{system}"
    table.new_button.click()
    assert table.session is not None, table.shelf_error.value
    table.seat_picker.picker.value = "GM"
    return table


def open_table(system: str, folder: Path) -> Table:
    """A table of ``system`` on the one game file in ``folder`` (a game without seats: no GM)."""
    table = Table(system, games_dir=folder)
    if table.session is None:
        table.open_game(next(folder.glob("*.ipynb")))
    assert table.session is not None and not table.session.game.seating.seated, table.shelf_error.value
    return table


def unseated_suit_pairs(folder: Path) -> Table:
    game = SuitPairsGame(seed="sheets-once", practice=True)
    game.create_character(**MIRA)
    gamefile.save(game, folder / "suitpairs.ipynb", players={"Kim": ["Mira"]})
    return open_table("suitpairs", folder)


def shown_buttons(table: Table, words: str) -> list[widgets.Button]:
    """The buttons the page shows whose label holds ``words`` (no box above them hidden)."""
    found: list[widgets.Button] = []
    stack: list[Any] = [table]
    while stack:
        widget = stack.pop()
        layout = getattr(widget, "layout", None)
        # the shared layout of views that are never hidden reads as shown (it refuses to be hidden)
        if layout is not None and layout is not fixed_layout() and layout.display == "none":
            continue
        if isinstance(widget, widgets.Button) and words in widget.description:
            found.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return found


def part(table: Table, kind: str) -> Any:
    return next(p for p in table.components.children if type(p).__name__ == kind)


# -- Suit Pairs: pips on a paper sheet ---------------------------------------------------------------


def test_s1_pips_are_drawn_and_named_in_words() -> None:
    drawn = pips(2, name="Charisma")
    assert drawn.count("kit-pip-on") == 2 and drawn.count("kit-pip-off") == 3
    assert 'role="img" aria-label="Charisma: 2 of 5 pips filled"' in drawn
    assert re.sub(r"<[^>]+>", "", drawn) == "2 of 5"  # the number in words, for everyone


def test_s1_the_sheet_folds_into_one_column_when_narrow() -> None:
    assert f"@container (max-width: {NARROW - 0.02}px)" in SHEET_CSS and "container-type: inline-size" in SHEET_CSS
    game = SuitPairsGame(seed="sheets-once", practice=True)
    game.create_character(**MIRA)
    tracker = AttributeTracker(TableSession(game))
    sheet = tracker.sheet_view.value
    assert sheet.count('<tr data-primary="') == 4 and sheet.count('class="kit-pips" role="img"') == 20


# -- Roll-Under: boxes as on a paper sheet -----------------------------------------------------------


def test_r6_a_track_is_a_row_of_squares_named_with_its_numbers() -> None:
    drawn = track_html("Stamina", 7, 10)
    assert drawn.count('<span class="kit-box-left">■</span>') == 7
    assert drawn.count('<span class="kit-box-marked">✕</span>') == 3
    assert 'role="img" aria-label="Stamina: 7 of 10 boxes left, 3 marked"' in drawn
    assert "<b>7 of 10</b> left (3 marked)" in drawn
    assert "width: 14px" in TRACK_STYLE and "linear-gradient(45deg" in TRACK_STYLE  # squares, marked ones crossed


def test_r6_each_character_is_a_small_card_with_both_tracks() -> None:
    class Sheet:
        name, player, armour = "Artie", "Ann", 1
        stamina, stamina_left, physical, physical_left = 10, 10, 8, 5

    drawn = character_tracks_html(Sheet(), "in combat")
    assert drawn.startswith('<div class="kit-combatant" data-character="Artie">')
    assert 'aria-label="Physical: 5 of 8 boxes left, 3 marked"' in drawn and "in combat" in drawn


# -- a panel shows once -------------------------------------------------------------------------------


def test_sp_at_a_table_with_seats_the_gm_awards_in_the_gm_panel_only(tmp_path: Path) -> None:
    table = table_of("suitpairs", tmp_path)
    tracker = part(table, "AttributeTracker")
    assert tracker.gm_panel.layout.display == "none" and tracker.skip_consequences.layout.display == "none"
    assert len(shown_buttons(table, "Award points")) == 1  # the GM panel's
    assert shown_buttons(table, "GM: award") == []  # the tracker's copy is hidden


def test_sp_at_a_table_without_seats_the_tracker_keeps_the_gm_controls(tmp_path: Path) -> None:
    table = unseated_suit_pairs(tmp_path)
    tracker = part(table, "AttributeTracker")
    assert tracker.gm_controls_shown and tracker.gm_panel.layout.display is None
    assert len(shown_buttons(table, "GM: award")) == 1
    assert shown_buttons(table, "Award points") == []  # the GM panel opens only when asked


def test_ff_at_a_table_with_seats_the_scene_ends_in_the_gm_panel_only(tmp_path: Path) -> None:
    table = table_of("falkefateifaux", tmp_path)
    assert len(shown_buttons(table, "End the scene")) == 1
    assert part(table, "HandViewer").scene_box.layout.display == "none"


def test_ff_at_a_table_without_seats_the_hand_viewer_keeps_the_end_of_the_scene(tmp_path: Path) -> None:
    saved_table(tmp_path, "sheets-once", ["QC", "2H", "3H", "RJ", "5S"])
    table = open_table("falkefateifaux", tmp_path)
    viewer = part(table, "HandViewer")
    assert viewer.scene_shown and viewer.scene_box.layout.display is None
    assert shown_buttons(table, "End the scene") == [viewer.end_scene_button]


def test_f8_guiding_fate_shows_once_at_the_table(tmp_path: Path) -> None:
    saved_table(tmp_path, "sheets-once", ["QC", "2H", "3H", "RJ", "5S"])
    table = open_table("falkefateifaux", tmp_path)
    session = table.session
    assert session is not None
    session.game.rig(["3C"])  # a low card against a high target: Ada may guide fate (F-8)
    session.act("flip", character="Ada", skill="Fisticuffs", target=14)
    assert session.game.awaiting is not None and session.game.awaiting.action == "guide"
    assert len(shown_buttons(table, "Pass")) == 1 and len(shown_buttons(table, "Play")) == 1  # the resolver's
    prompt = part(table, "HandViewer").prompt_view.value
    assert "Ada may guide fate" in prompt and "stack resolver" in prompt
