"""Sealed play at the table (K-1…K-5), headless: the new game form, seat keys, taking seats, declarations, seals.

Three people play one sealed Suit Pairs game from three folders — Ana's, Ben's and Gil's — and
carry the file between them as a thread would. Each table holds its own seat's key only; every
step is a click on the table's widgets; the file never holds a key.
"""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from ipywidgets import Dropdown

from kit import gamefile
from kit.core.sealed_results import DeclarationResult
from kit.core.sealing import SeatKey
from kit.gamefile.keys import KeyStore
from kit.systems import system_info
from kit.widgets.sealed import (
    SEALED_ABOUT,
    BrowserKeyStore,
    DeclarationsPanel,
    KeyCopyButton,
    SealedPanel,
    age_words,
    ago_words,
    storage_key,
)
from kit.widgets.table import Table

SYSTEM = "suitpairs"
NAME = "sealed"


@pytest.fixture(autouse=True)
def no_key_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty key store for every test: a developer's own keys (``kit key``) never reach these tables."""
    config = tmp_path / "config"
    monkeypatch.setenv("KIT_CONFIG_DIR", str(config))
    return config


# -- helpers ---------------------------------------------------------------------------------


def start_sealed(folder: Path, players: str = "Ana, Ben", gm: str = "Gil") -> Table:
    """A table that started a sealed game with the New game form."""
    table = Table(SYSTEM, games_dir=folder)
    table.sealed_choice.sealed_box.value = True
    table.players_box.value = players
    table.gm_box.value = gm
    table.name_box.value = NAME
    table.new_button.click()
    assert said(table.shelf_error) == ""
    return table


def panel_of(table: Table) -> SealedPanel:
    (panel,) = table.sealed_area.children
    assert isinstance(panel, SealedPanel)
    return panel


def sit(table: Table, seat: str) -> SealedPanel:
    table.seat_picker.picker.value = seat
    assert said(table.seat_error) == ""
    return panel_of(table)


def file_of(table: Table) -> Path:
    assert table.session is not None and table.session.path is not None
    return table.session.path


def carry(source: Table, target: Table) -> None:
    """The file goes from one person's folder to another's (as a forum thread carries it); the target reloads."""
    shutil.copyfile(file_of(source), file_of(target))
    target.reload_button.click()
    assert said(target.shelf_error) == "", said(target.shelf_error)


def join_folder(source: Table, folder: Path) -> Table:
    """A table in ``folder`` on a copy of ``source``'s file."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(file_of(source), folder / file_of(source).name)
    table = Table(SYSTEM, games_dir=folder)
    assert table.shelf_error.message == "" and table.session is not None, table.shelf_error.message
    return table


def tracker_of(table: Table) -> Any:
    tracker = table.components.children[0]
    assert type(tracker).__name__ == "AttributeTracker"
    return tracker


def words(view: Any) -> str:
    """What an HTML view says, its markup's escapes undone (``Gil's`` rather than ``Gil&#x27;s``)."""
    return unescape(view.value)


def said(line: Any) -> str:
    """The refusal a line shows, in plain text."""
    return unescape(line.message)


def visible(widget: Any) -> bool:
    return widget.layout.display != "none"


def _descendants(widget: Any) -> list[Any]:
    found, stack = [], list(getattr(widget, "children", ()))
    while stack:
        child = stack.pop()
        found.append(child)
        stack.extend(getattr(child, "children", ()) or ())
    return found


def build_mira(table: Table) -> None:
    """Ana's character, a turn from her own seat (it draws nothing: played at once, with its proof)."""
    assert table.session is not None
    table.session.act("create_character", name="Mira", **system_info(SYSTEM).sheet("Mira"))


# -- the new game form ------------------------------------------------------------------------


def test_k1_the_new_game_form_starts_a_sealed_game_only_with_a_gm_and_a_player(tmp_path: Path) -> None:
    table = Table(SYSTEM, games_dir=tmp_path / "games")
    choice = table.sealed_choice
    assert choice.sealed_box.description == "Sealed game" and SEALED_ABOUT in words(choice.about)
    assert "(K-1, K-3)" in words(choice.about) and not table.new_button.disabled

    choice.sealed_box.value = True
    assert table.new_button.disabled and table.quick_start_box.disabled
    assert "needs a game master and at least one player" in words(table.new_reason)
    table.players_box.value = "Ana, Ben"
    assert table.new_button.disabled  # still no game master
    table.gm_box.value = "Gil"
    assert not table.new_button.disabled and words(table.new_reason) == ""
    # Nobody is chosen to seal: the next seat in the order of play seals each draw (K-3).
    assert not any(isinstance(widget, Dropdown) for widget in _descendants(choice))
    assert choice.start_keywords() == {"mode": "sealed"}
    table.name_box.value = NAME
    table.new_button.click()
    assert said(table.shelf_error) == ""

    game = gamefile.load(tmp_path / "games" / f"{NAME}.ipynb")
    assert game.mode == "sealed" and game.turn == 0 and game.proofs.gm_sealer == ""
    assert game.log.version == gamefile.header.SEALED_VERSION == 5
    note = words(table.new_note)
    assert "sealed by the next seat in the order of play (Ana, Ben, Gil, and round again)" in note
    assert "Take my seat" in note and "Make a new key" in note
    assert not choice.sealed and not table.quick_start_box.disabled  # the form is back to an open game


def test_k1_a_new_game_from_python_is_refused_in_words_while_the_form_cannot_start_it(tmp_path: Path) -> None:
    table = Table(SYSTEM, games_dir=tmp_path / "games")
    table.sealed_choice.sealed_box.value = True
    table.players_box.value = "Ana"
    table.new_button.click()  # a click from Python reaches the handler even while the button is off
    assert "needs a game master and at least one player" in said(table.shelf_error)
    assert not (tmp_path / "games").exists() or not list((tmp_path / "games").glob("*.ipynb"))


# -- three folders, one sealed game ------------------------------------------------------------


def test_k1_k3_k5_three_tables_take_seats_declare_seal_and_retract(tmp_path: Path) -> None:
    gil = start_sealed(tmp_path / "gil")
    ana = join_folder(gil, tmp_path / "ana")
    ben = join_folder(gil, tmp_path / "ben")
    keys: list[str] = []

    # Ana makes a new key at her table: shown once, with its Copy button; then she takes her seat.
    panel = sit(ana, "Ana").key_panel
    assert "sealed game: a seat acts only with its seat key" in words(ana.seat_picker.hint)
    assert "Make a new key" in words(panel.status) and visible(panel.new_key_button)
    assert not visible(panel.take_seat_button)
    panel.new_key_button.click()
    text = panel.key_copy.text
    assert text.startswith("kit-key-") and text in words(panel.new_key_view)
    assert "anyone with it can act in your seat (K-1)" in words(panel.new_key_view)
    assert isinstance(panel.key_copy, KeyCopyButton) and "never post it" in panel.key_copy.copied_words
    assert "thread" not in panel.key_copy.copied_words and panel.key_copy.what == "Your seat key"
    keys.append(text)
    assert visible(panel.take_seat_button) and not visible(panel.entry)
    panel.take_seat_button.click()
    assert said(panel.key_error) == ""
    anchor = ana.session.game.proofs.chains["Ana"].act_anchor[:16]
    assert f"Post this anchor in the thread: <code>{anchor}</code>" in words(panel.anchor_view)
    assert panel.anchor_copy.text == anchor
    assert words(panel.new_key_view) == "" and panel.key_copy.text == ""  # the key was shown once
    assert not visible(panel.take_seat_button)

    # Ben brings a key of his own (from a password manager) and types it in.
    carry(ana, ben)
    ben_key = SeatKey.new().to_text()
    keys.append(ben_key)
    panel = sit(ben, "Ben").key_panel
    panel.key_box.value = ben_key
    panel.use_button.click()
    assert said(panel.key_error) == "" and panel.key_box.value == ""
    assert SeatKey.from_text(ben_key).fingerprint in words(panel.status)
    panel.take_seat_button.click()
    assert said(panel.key_error) == ""

    # Gil's browser remembered his key: the page sends it back when the panel is drawn.
    carry(ben, gil)
    gil_key = SeatKey.new().to_text()
    keys.append(gil_key)
    panel = sit(gil, "Gil").key_panel
    assert panel.browser_store.storage_key == f"kit-seat-key:{gil.session.game.log.genesis[:16]}:Gil"
    panel.browser_store._handle_custom_msg({"event": "loaded", "text": gil_key}, [])
    assert gil.session.game.holds_key("Gil") and panel.remember_box.value
    assert "remembered" in words(panel.status)
    panel.take_seat_button.click()
    assert said(panel.key_error) == ""

    # Ana builds Mira and rolls a check: it is declared, and waits for the draw of Ben, the next seat (K-3).
    carry(gil, ana)
    build_mira(ana)
    tracker = tracker_of(ana)
    tracker.skill_picker.value = "Defy"
    tracker.difficulty_picker.value = "Hard"
    tracker.check_button.click()
    assert said(tracker.check_error) == ""
    game = ana.session.game
    (declaration,) = game.pending_declarations
    turn = declaration.turn
    assert isinstance(game.results[-1], DeclarationResult)
    declarations = panel_of(ana).declarations
    assert "declared — waiting for Ben's draw (K-3)" in words(declarations.result_view)
    own = words(declarations.own_view)
    assert f"Your check of turn {turn} is declared — waiting for Ben's draw (K-3), declared just now" in own
    assert visible(declarations.retract_button)
    assert f"Ben must seal the draw of turn {turn}, Ana's check (K-3)" in words(ana.whose_turn)

    tracker.check_button.click()  # one declaration waits at a time: another is refused in words
    assert "still waits for Ben's draw (K-3)" in said(tracker.check_error)
    assert len(ana.session.game.pending_declarations) == 1

    # Gil's table has nothing to seal; Ben's lists it with its age and seals it with one click, a turn of the file.
    carry(ana, gil)
    declarations = panel_of(gil).declarations
    assert words(declarations.waiting_view) == "" and not visible(declarations.seal_button)
    carry(gil, ben)
    declarations = panel_of(ben).declarations
    assert f"Turn {turn}: Ana's check (Mira, Defy, Hard) — declared just now" in words(declarations.waiting_view)
    assert declarations.seal_button.description == "Seal 1 waiting draw" and not declarations.seal_button.disabled
    assert "That is you." in words(ben.whose_turn)
    declarations.seal_button.click()
    assert said(declarations.seal_error) == ""
    sealed = gamefile.load(file_of(ben))
    event = sealed.log[-1]
    assert event.action == "check" and event.seat == "Ana" and event.proof["by"] == "Ben"
    assert event.proof["sealed"] == turn and not sealed.pending_declarations
    assert "Mira" in words(declarations.result_view) and not visible(declarations.seal_button)

    # Ana's table, after a reload, shows the roll the seal drew.
    carry(ben, ana)
    tracker = tracker_of(ana)
    declarations = panel_of(ana).declarations
    assert words(declarations.own_view) == "" and not visible(declarations.retract_button)
    assert "Pending check" in words(tracker.roll_view) and "Defy vs Hard" in words(tracker.roll_view)
    assert "must seal" not in words(ana.whose_turn)

    # She accepts (no draw: played at once), declares another check, and retracts it (K-5).
    tracker.accept_button.click()
    assert said(tracker.accept_error) == ""
    tracker.check_button.click()
    assert len(ana.session.game.pending_declarations) == 1
    declarations.retract_button.click()
    assert said(declarations.retract_error) == ""
    assert ana.session.game.pending_declarations == []
    assert "retracted" in words(declarations.result_view) and words(declarations.own_view) == ""
    assert gamefile.load(file_of(ana)).log[-1].action == "retract"

    # Nothing of any key is in any file, the post or the log.
    for table in (ana, ben, gil):
        data = file_of(table).read_text()
        for key in keys:
            secret = SeatKey.from_text(key)
            for form in (key, key.replace("-", ""), secret.secret.hex()):
                assert form not in data
                assert form not in table.post.value and form not in table.play_log.value
    assert gamefile.verify(file_of(ana)).ok


def test_k1_a_key_that_does_not_fit_the_seat_is_refused_in_words(tmp_path: Path) -> None:
    gil = start_sealed(tmp_path / "gil")
    panel = sit(gil, "Ana").key_panel  # Ana takes her seat at Gil's table (a shared screen)
    panel.new_key_button.click()
    panel.take_seat_button.click()
    other = join_folder(gil, tmp_path / "other")

    panel = sit(other, "Ana").key_panel
    assert not visible(panel.new_key_button)  # her seat was taken: only the key it was taken with acts in it
    assert "took this seat at turn 1" in words(panel.status)
    panel.key_box.value = SeatKey.new().to_text()
    panel.use_button.click()
    message = said(panel.key_error)
    assert "(K-1)" in message and "another key" in message and "Refused" in panel.key_error.value
    assert not other.session.game.holds_key("Ana") and panel.key_box.value == ""

    panel.key_box.value = "kit-key-not-a-key"
    panel.use_button.click()
    assert "(K-1)" in said(panel.key_error) and "52 letters" in said(panel.key_error)

    panel.use_button.click()  # an empty box
    assert "Write Ana's seat key in the box first" in said(panel.key_error)

    tracker = tracker_of(other)  # without the key nothing can be done in the seat
    assert tracker.session.game.holds_key("Ana") is False


def test_k1_keys_stay_held_after_a_reload_and_never_leave_memory(tmp_path: Path) -> None:
    table = start_sealed(tmp_path / "games")
    panel = sit(table, "Gil").key_panel
    panel.new_key_button.click()
    panel.take_seat_button.click()
    table.reload_button.click()
    assert table.session.game.holds_key("Gil")
    assert "fingerprint" in words(panel_of(table).key_panel.status)
    table.open_game(file_of(table))  # the same game opened again: its key stays held
    assert table.session.game.holds_key("Gil")


def test_k1_remember_in_this_browser_saves_and_forgets_the_key(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    table = start_sealed(tmp_path / "games")
    panel = sit(table, "Ben").key_panel
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(BrowserKeyStore, "send", lambda self, content, buffers=None: sent.append(content))
    assert panel.remember_box.description == "Remember in this browser"
    assert panel.browser_store.storage_key == storage_key(table.session.game, "Ben")
    panel.browser_store._handle_custom_msg({"event": "loaded", "text": ""}, [])  # this browser keeps none
    assert not panel.remember_box.value and not table.session.game.holds_key("Ben")

    panel.remember_box.value = True
    assert sent == []  # no key is held yet: nothing to save
    key = SeatKey.new()
    panel.key_box.value = key.to_text()
    panel.use_button.click()
    assert sent == [{"save": key.to_text()}]
    assert "anyone using this browser can act in your seat (K-1)" in words(panel.remember_note)
    panel.remember_box.value = False
    assert sent[-1] == {"forget": True}


def test_k1_a_stored_key_that_does_not_fit_is_refused_and_not_held(tmp_path: Path) -> None:
    table = start_sealed(tmp_path / "games")
    panel = sit(table, "Ana").key_panel
    panel.new_key_button.click()
    panel.take_seat_button.click()
    other = join_folder(table, tmp_path / "other")
    panel = sit(other, "Ana").key_panel
    panel.browser_store._handle_custom_msg({"event": "loaded", "text": SeatKey.new().to_text()}, [])
    assert "(K-1)" in said(panel.key_error) and not other.session.game.holds_key("Ana")


def test_k1_the_key_store_on_this_computer_gives_the_seat_its_key(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KIT_TABLE_KEY_STORE", "1")  # as make play starts the table on one's own computer
    made = KeyStore().new("Gil")  # kit key new Gil, in this test's own config folder
    table = start_sealed(tmp_path / "games")
    panel = sit(table, "Gil").key_panel
    assert table.session.game.holds_key("Gil")
    assert "key store" in words(panel.status) and made.fingerprint in words(panel.status)
    assert visible(panel.take_seat_button)


def test_k1_a_damaged_key_file_is_said_in_words(tmp_path: Path, no_key_store: Path, monkeypatch) -> None:
    monkeypatch.setenv("KIT_TABLE_KEY_STORE", "1")
    store = KeyStore()
    store.new("Gil")
    store.path("Gil").write_text("not a key at all")
    table = start_sealed(tmp_path / "games")
    panel = sit(table, "Gil").key_panel
    assert not table.session.game.holds_key("Gil") and said(panel.key_error)
    assert visible(panel.entry)  # the seat can still enter its key by hand


# -- declarations: the sealer's list, the GM's own draws, ages ---------------------------------


def test_k3_the_gms_own_draw_is_sealed_by_the_next_seat(tmp_path: Path) -> None:
    table = start_sealed(tmp_path / "games")
    for seat in ("Gil", "Ana", "Ben"):
        panel = sit(table, seat).key_panel
        panel.new_key_button.click()
        panel.take_seat_button.click()
        assert said(panel.key_error) == ""
    sit(table, "Ana")
    build_mira(table)
    sit(table, "Gil")
    tracker = tracker_of(table)
    tracker.character_picker.value = "Mira"
    tracker.skill_picker.value = "Defy"
    tracker.difficulty_picker.value = "Hard"
    tracker.check_button.click()  # the GM stands in for Mira (P-1): his draw is sealed by Ana, the seat after his
    assert said(tracker.check_error) == ""
    declarations = panel_of(table).declarations
    assert "waiting for Ana's draw (K-3)" in words(declarations.own_view)
    assert not visible(declarations.seal_button)  # the GM does not seal his own draw
    assert visible(declarations.retract_button)  # he may take it back, as any declarer may (K-5)
    assert "Retract" in words(declarations.own_view) and "(K-3, K-5)" in words(declarations.own_view)
    assert "Ana must seal the draw" in words(table.whose_turn)

    assert not visible(sit(table, "Ben").declarations.seal_button)  # not Ben's to seal
    declarations = sit(table, "Ana").declarations
    assert "Gil (GM)'s check" in words(declarations.waiting_view)
    results = declarations.seal_all()
    assert len(results) == 1 and said(declarations.seal_error) == ""
    assert table.session.game.pending_declarations == []
    assert table.session.game.log[-1].proof["by"] == "Ana"


def test_k3_a_turn_of_play_while_a_draw_waits_is_refused_in_words(tmp_path: Path) -> None:
    """Nothing changes a waiting draw (K-3): Ben cannot accept Tobin's check while Ana's draw waits for his seal."""
    table = start_sealed(tmp_path / "games")
    for seat in ("Ana", "Ben", "Gil"):
        panel = sit(table, seat).key_panel
        panel.new_key_button.click()
        panel.take_seat_button.click()
    sit(table, "Ana")
    build_mira(table)
    sit(table, "Ben")
    table.session.act("create_character", name="Tobin", **system_info(SYSTEM).sheet("Tobin"))
    table.session.act("check", character="Tobin", skill="Defy", difficulty="Easy")  # sealed by Gil
    sit(table, "Gil").declarations.seal_all()
    sit(table, "Ana")
    table.session.act("check", character="Mira", skill="Defy", difficulty="Hard")  # waits for Ben's seal
    turn = table.session.game.pending_declarations[0].turn
    sit(table, "Ben")
    tracker = tracker_of(table)
    tracker.character_picker.value = "Tobin"
    before = file_of(table).read_bytes()
    tracker.accept_button.click()
    refusal = said(tracker.accept_error)
    assert f"turn {turn}'s draw" in refusal and "waits for Ben's seal" in refusal and "(K-3)" in refusal
    assert file_of(table).read_bytes() == before and table.session.game.pending("Tobin") is not None
    panel_of(table).declarations.seal_all()  # Ben seals Ana's draw: now he may accept
    tracker = tracker_of(table)
    tracker.character_picker.value = "Tobin"
    tracker.accept_button.click()
    assert said(tracker.accept_error) == "" and table.session.game.pending("Tobin") is None
    assert gamefile.verify(file_of(table)).ok


def test_k3_the_seal_button_waits_for_the_sealers_key(tmp_path: Path) -> None:
    table = start_sealed(tmp_path / "games")
    for seat in ("Ana", "Gil"):
        panel = sit(table, seat).key_panel
        panel.new_key_button.click()
        panel.take_seat_button.click()
    sit(table, "Ana")
    build_mira(table)
    tracker = tracker_of(table)
    tracker.skill_picker.value = "Defy"
    tracker.difficulty_picker.value = "Hard"
    tracker.check_button.click()
    other = join_folder(table, tmp_path / "other")  # Gil's other computer, without his key
    declarations = sit(other, "Gil").declarations
    assert declarations.seal_button.disabled
    assert "Enter your seat key above first: a seal is proven by it (K-1)." in words(declarations.seal_reason)


def test_k5_ages_in_words() -> None:
    now = datetime(2026, 12, 4, 14, 5, tzinfo=UTC)
    at = "2026-12-01T14:05Z"
    assert age_words(at, now) == "3 days" and ago_words(at, now) == "declared 3 days ago"
    assert age_words("2026-12-04T14:05Z", now) == "just now" and ago_words("2026-12-04T14:05Z", now) == \
        "declared just now"
    assert age_words("2026-12-04T14:04Z", now) == "1 minute"
    assert age_words("2026-12-04T12:05Z", now) == "2 hours"
    assert age_words("2026-12-04T13:00Z", now) == "65 minutes"
    assert age_words("2026-12-03T14:05Z", now) == "24 hours"
    assert age_words("not a time", now) == "for a while"


def test_k5_a_waiting_declaration_shows_its_age(tmp_path: Path) -> None:
    table = start_sealed(tmp_path / "games")
    for seat in ("Ana", "Gil"):
        panel = sit(table, seat).key_panel
        panel.new_key_button.click()
        panel.take_seat_button.click()
    sit(table, "Ana")
    build_mira(table)
    table.session.act("check", character="Mira", skill="Defy", difficulty="Hard")
    (declaration,) = table.session.game.pending_declarations
    then = datetime.strptime(declaration.at, "%Y-%m-%dT%H:%MZ").replace(tzinfo=UTC)
    later = DeclarationsPanel(table.session, clock=lambda: then + timedelta(hours=2, minutes=10))
    assert "waiting for Gil's draw (K-3), 2 hours so far" in words(later.own_view)
    table.session.sit("Gil")
    days = DeclarationsPanel(table.session, clock=lambda: then + timedelta(days=3))
    assert "— declared 3 days ago" in words(days.waiting_view)


# -- an open game shows none of it ------------------------------------------------------------------


def test_an_open_game_shows_no_sealed_panel(tmp_path: Path) -> None:
    table = Table(SYSTEM, games_dir=tmp_path / "games")
    table.players_box.value = "Kim, Lee"
    table.new_button.click()
    table.seat_picker.picker.value = "Kim"
    assert table.sealed_area.children == ()
    assert "Seats are a courtesy in an open game" in words(table.seat_picker.hint)


# -- every system's components take a declaration in their stride --------------------------------

FIRST_TURN = {
    "falkefateifaux": ("StackResolver", "flip_button", "flip_error"),
    "suitpairs": ("AttributeTracker", "check_button", "check_error"),
    "rollunder": ("TestsPanel", "test_button", "error"),
}
"""Each system's component whose first random turn is declared, its button and its refusal line."""

CHARACTER = {"falkefateifaux": "Ada", "suitpairs": "Mira", "rollunder": "Artie"}


def all_seated(system: str, folder: Path) -> Table:
    """One table of a sealed game where Ana, Ben and Gil took their seats (a shared screen), Ana's character made."""
    table = Table(system, games_dir=folder)
    table.sealed_choice.sealed_box.value = True
    table.players_box.value = "Ana, Ben"
    table.gm_box.value = "Gil"
    table.name_box.value = NAME
    table.new_button.click()
    for seat in ("Gil", "Ben", "Ana"):
        panel = sit(table, seat).key_panel
        panel.new_key_button.click()
        panel.take_seat_button.click()
        assert said(panel.key_error) == ""
    info = system_info(system)
    name = CHARACTER[system]
    sheet = info.sheet(name)
    if info.player_on_sheet:
        sheet["player"] = "Ana"
    table.session.act(info.party[0][0], name=name, **sheet)  # from Ana's seat; a deal is declared and sealed
    if table.session.game.pending_declarations:
        sit(table, table.session.game.pending_declarations[0].sealer).declarations.seal_all()
        sit(table, "Ana")
    assert not table.session.game.pending_declarations
    return table


def parts(table: Table) -> dict[str, Any]:
    found: dict[str, Any] = {}
    stack = list(table.components.children)
    while stack:
        widget = stack.pop()
        found.setdefault(type(widget).__name__, widget)
        stack.extend(getattr(widget, "children", ()) or ())
    return found


@pytest.mark.parametrize("system", sorted(FIRST_TURN))
def test_k3_each_systems_components_show_a_declaration_and_its_seal(system: str, tmp_path: Path) -> None:
    table = all_seated(system, tmp_path / "games")
    kind, button, error = FIRST_TURN[system]
    component = parts(table)[kind]
    if system == "rollunder":
        component.attribute_picker.value = "Agility"
    getattr(component, button).click()
    assert said(getattr(component, error)) == ""
    game = table.session.game
    assert len(game.pending_declarations) == 1 and isinstance(game.results[-1], DeclarationResult)
    declarations = panel_of(table).declarations
    assert "declared — waiting for Ben's draw (K-3)" in words(declarations.result_view)  # the next seat's
    for line in parts(table).values():  # no component shows a refusal or a crash for the declaration
        if type(line).__name__ == "ErrorLine":
            assert said(line) == ""

    declarations = sit(table, "Ben").declarations
    results = declarations.seal_all()
    assert len(results) == 1 and said(declarations.seal_error) == ""
    assert not isinstance(results[0], DeclarationResult) and not table.session.game.pending_declarations
    assert gamefile.verify(file_of(table)).ok


def test_k1_a_table_uses_this_computers_key_store_only_when_started_to(tmp_path, monkeypatch):
    from kit.gamefile.keys import KeyStore
    from kit.widgets.sealed_keys import KEY_STORE_SWITCH, disk_key

    monkeypatch.setenv("KIT_CONFIG_DIR", str(tmp_path / "config"))
    made = KeyStore().new("Ana")
    monkeypatch.delenv(KEY_STORE_SWITCH, raising=False)
    assert disk_key("Ana") is None  # a server many reach never hands out a stored key
    monkeypatch.setenv(KEY_STORE_SWITCH, "1")
    assert disk_key("Ana") == made and disk_key("Ben") is None
