"""The FalkeFateiFaux hand viewer, driven headlessly: faces, tokens, hand actions, forced discards (F-8, F-10, F-11)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest
from ff_widget_table import ADA, saved_table, text

from kit import gamefile
from kit.core.tarot import TarotCard
from kit.falkefateifaux import FalkeFateiFauxGame
from kit.widgets import TableSession
from kit.widgets.card_faces import FacePicker, card_face, in_words
from kit.widgets.common import ErrorLine
from kit.widgets.falkefateifaux.hand_viewer import HandViewer
from kit.widgets.falkefateifaux.stack_resolver import StackResolver

ADA_HAND = ["QC", "2H", "3H", "RJ", "5S"]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return saved_table(tmp_path, "hand-viewer-tests", ADA_HAND)


@pytest.fixture
def viewer(path: Path) -> HandViewer:
    return HandViewer(TableSession.open(path), character="Ada")


def last_action(path: Path) -> str:
    return gamefile.load(path).log.events[-1].action


@contextmanager
def refused(viewer: HandViewer, line: ErrorLine, *words: str) -> Iterator[None]:
    """The block is refused: the message (with ``words``) is on ``line``; game and file are unchanged."""
    game = viewer.session.game
    before = (game.fingerprint(), len(game.log), viewer.session.path.read_bytes() if viewer.session.path else b"")
    yield
    assert line.message, "the refusal is shown beside its control"
    for word in words:
        assert word in unescape(line.message)
    game = viewer.session.game
    after = (game.fingerprint(), len(game.log), viewer.session.path.read_bytes() if viewer.session.path else b"")
    assert after == before


def labels(picker: object) -> list[str]:
    """The faces drawn, a selected one marked ✓ (the card row marks it on the face and in aria-pressed)."""
    chosen = set(picker.selected)  # type: ignore[attr-defined]
    return [("✓ " if i in chosen else "") + face.label for i, face in enumerate(picker.faces)]  # type: ignore[attr-defined]


def test_f1_f10_hand_shows_faces_count_and_tokens(viewer: HandViewer) -> None:
    drawn = viewer.cards.cards  # what the one card-row model sends the page
    assert [card["label"] for card in drawn] == ["Q♣", "2♥", "3♥", "★ Red Joker", "5♠"]
    assert [card["name"] for card in drawn] == [
        "Queen of Clubs", "Two of Hearts", "Three of Hearts", "Red Joker", "Five of Spades"]
    assert [card["red"] for card in drawn] == [False, True, True, True, False]
    assert [card["pip"] for card in drawn] == ["♣", "♥", "♥", "★", "♠"]
    assert drawn[3]["kind"] == "joker" and drawn[0]["kind"] == ""
    summary = text(viewer.summary_view.value)
    assert "Ada holds 5 of 5 cards (Card Refresh 5)" in summary
    assert "Fate tokens: three (3)" in summary and "Burning Fate tokens: none (0)" in summary
    assert viewer.prompt_view.value == ""


def test_character_picker_shows_the_other_hand(viewer: HandViewer) -> None:
    viewer.character_picker.value = "Bruno"
    assert viewer.character == "Bruno"
    assert labels(viewer.cards) == ["K♣", "2♦", "3♦", "4♦", "5♦"]
    assert "Bruno holds 5 of 5 cards" in text(viewer.summary_view.value)


def test_selected_cards_are_marked_in_text(viewer: HandViewer) -> None:
    viewer.select("QC", "RJ")
    assert viewer.selected_cards == ["QC", "RJ"]
    assert labels(viewer.cards) == ["✓ Q♣", "2♥", "3♥", "✓ ★ Red Joker", "5♠"]
    assert "Selected 2 cards: Q♣ (Queen of Clubs), ★ Red Joker (Red Joker)" in text(viewer.selection_view.value)
    viewer.cards.selected = [3]  # as a click on Q♣ in the page leaves it
    assert viewer.selected_cards == ["RJ"]


def test_f11_f10_preparation_forces_a_discard_and_nothing_else_is_offered(viewer: HandViewer, path: Path) -> None:
    viewer.session.game.rig(["9S", "10S"])
    viewer.prepare_button.click()
    assert viewer.hand_error.message == ""
    assert last_action(path) == "prepare"
    assert viewer.forced_discard == 2
    assert "Discard 2 cards: hand 7 of 5" in text(viewer.prompt_view.value)
    assert "(F-10)" in text(viewer.prompt_view.value)
    assert "Fate tokens: two (2)" in text(viewer.summary_view.value)
    assert not viewer.discard_button.disabled
    others = [b for b in viewer.action_buttons if b is not viewer.discard_button]
    assert all(button.disabled for button in others)

    viewer.select("2H", "3H")
    viewer.discard_button.click()
    assert viewer.discard_error.message == ""
    assert last_action(path) == "discard"
    assert gamefile.load(path).hand("Ada") == ["QC", "RJ", "5S", "9S", "10S"]
    assert viewer.forced_discard == 0 and viewer.prompt_view.value == ""
    assert not any(b.disabled for b in [viewer.mulligan_button, viewer.prepare_button,
                                        viewer.trust_button, viewer.end_scene_button])
    assert viewer.discard_button.disabled and "no discard is due" in text(viewer.reasons_view.value)  # F-10
    assert "Ada holds 5 of 5 cards" in text(viewer.summary_view.value)


def test_f10_acting_while_a_forced_discard_is_pending_is_refused(viewer: HandViewer) -> None:
    viewer.session.game.rig(["9S", "10S"])
    viewer.prepare_button.click()
    assert viewer.mulligan_button.disabled
    with refused(viewer, viewer.hand_error, "Ada must first discard 2 cards", "F-10"):
        viewer.mulligan_button.click()
    bruno = HandViewer(viewer.session, character="Bruno")
    assert "Waiting: Ada must discard 2 cards" in text(bruno.prompt_view.value)
    with refused(bruno, bruno.hand_error, "Ada must first discard 2 cards", "F-10"):
        bruno.prepare_button.click()


def test_f10_discarding_too_many_is_refused(viewer: HandViewer) -> None:
    viewer.session.game.rig(["9S", "10S"])
    viewer.prepare_button.click()
    viewer.select("2H", "3H", "5S")
    with refused(viewer, viewer.discard_error, "2 cards are due", "F-10"):
        viewer.discard_button.click()


def test_f10_discarding_with_nothing_due_is_refused(viewer: HandViewer) -> None:
    viewer.select("2H")
    with refused(viewer, viewer.discard_error, "no discard due", "F-10"):
        viewer.discard_button.click()


def test_f11_mulligan_spends_a_fate_token_for_a_new_hand(viewer: HandViewer, path: Path) -> None:
    viewer.session.game.rig(["4C", "5C", "6C", "7C", "8C"])
    viewer.mulligan_button.click()
    assert viewer.hand_error.message == ""
    assert labels(viewer.cards) == ["4♣", "5♣", "6♣", "7♣", "8♣"]
    assert "Fate tokens: two (2)" in text(viewer.summary_view.value)
    assert "Ada mulligans" in text(viewer.result_view.value)
    assert last_action(path) == "mulligan"


def test_f11_mulligan_without_a_fate_token_is_refused(viewer: HandViewer) -> None:
    viewer.session.act("award_fate", character="Ada", amount=-3)
    assert "Fate tokens: none (0)" in text(viewer.summary_view.value)
    with refused(viewer, viewer.hand_error, "Ada has no Fate token", "F-11"):
        viewer.mulligan_button.click()


def test_f11_trust_the_fates_turns_four_cards_into_burning_fate(viewer: HandViewer, path: Path) -> None:
    viewer.select("2H", "3H", "5S", "QC")
    viewer.trust_button.click()
    assert viewer.hand_error.message == ""
    assert labels(viewer.cards) == ["★ Red Joker"]
    summary = text(viewer.summary_view.value)
    assert "Ada holds 1 of 5 cards" in summary and "Burning Fate tokens: one (1)" in summary
    event = gamefile.load(path).log.events[-1]
    assert event.action == "trust_the_fates" and event.args["cards"] == ["QC", "2H", "3H", "5S"]  # hand order


def test_f11_trust_the_fates_needs_four_cards(viewer: HandViewer) -> None:
    viewer.select("2H", "3H", "5S")
    with refused(viewer, viewer.hand_error, "exactly four cards", "F-11"):
        viewer.trust_button.click()


def test_f10_f11_end_of_scene_discards_the_selection_and_refreshes(viewer: HandViewer, path: Path) -> None:
    viewer.select("2H", "3H", "5S", "QC")
    viewer.trust_button.click()
    viewer.select("RJ")
    viewer.session.game.rig(["6H", "7H", "8H", "9H", "10H"])
    viewer.end_scene_button.click()
    assert viewer.scene_error.message == ""
    assert labels(viewer.cards) == ["6♥", "7♥", "8♥", "9♥", "10♥"]
    assert "Burning Fate tokens: none (0)" in text(viewer.summary_view.value)
    event = gamefile.load(path).log.events[-1]
    assert event.action == "end_scene" and event.args["discards"] == {"Ada": ["RJ"]}


def test_f11_mulligan_during_a_stack_is_refused(viewer: HandViewer) -> None:
    viewer.session.game.rig(["3C"])
    viewer.session.act("flip", character="Ada", skill="Fisticuffs", target=8)
    assert "Waiting: Ada must guide fate" not in text(viewer.prompt_view.value)
    assert "Ada may guide fate" in text(viewer.prompt_view.value)
    with refused(viewer, viewer.hand_error, "a stack is being resolved", "F-11"):
        viewer.mulligan_button.click()


def test_f8_guiding_fate_is_offered_once_in_the_stack_resolver(viewer: HandViewer, path: Path) -> None:
    """The guide step shows in one place: the viewer points to the resolver and has no Play or Pass of its own."""
    resolver = StackResolver(viewer.session, actor="Ada")
    assert not hasattr(viewer, "play_button") and not hasattr(viewer, "pass_button")
    shown = [child.description for child in _buttons(viewer)]
    assert not any("Pass" in label or "Play" in label for label in shown), shown
    viewer.session.game.rig(["3C"])
    viewer.session.act("flip", character="Ada", skill="Fisticuffs", target=14)
    prompt = text(viewer.prompt_view.value)
    assert "Ada may guide fate" in prompt and "stack resolver" in prompt and "Play the selected card" in prompt
    assert not any(viewer.cards.notes)  # what each card would give is written in the resolver
    resolver.guide_picker.select_codes("QC")
    resolver.guide_button.click()
    assert resolver.guide_error.message == ""
    assert last_action(path) == "guide" and gamefile.load(path).log.events[-1].args == {"character": "Ada",
                                                                                      "card": "QC"}
    assert len(viewer.cards.faces) == 4
    assert "Waiting: Ada must choose a card — options: 3♣, Q♣" in text(viewer.prompt_view.value)


def _buttons(root: object) -> list[widgets.Button]:
    """Every button under ``root`` (its children, their children …)."""
    found: list[widgets.Button] = []
    stack = [root]
    while stack:
        widget = stack.pop()
        if isinstance(widget, widgets.Button):
            found.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return found


def test_a_stale_table_is_told_the_game_moved_on(path: Path, viewer: HandViewer) -> None:
    other = HandViewer(TableSession.open(path), character="Ada")
    other.session.game.rig(["4C", "5C", "6C", "7C", "8C"])
    other.mulligan_button.click()
    assert other.hand_error.message == ""
    viewer.select("2H", "3H", "5S", "QC")
    with refused(viewer, viewer.hand_error, "reload"):
        viewer.trust_button.click()
    viewer.session.reload()
    assert labels(viewer.cards) == ["4♣", "5♣", "6♣", "7♣", "8♣"]
    assert viewer.selected_cards == []


def test_the_face_layer_also_shows_tarot_cards() -> None:
    tower, queen = TarotCard.parse("The Tower"), TarotCard.parse("Queen of Swords")
    assert card_face(tower).label == "✦ XVI The Tower" and card_face(tower).kind == "major"
    assert card_face(tower).name == "The Tower: Major Arcana XVI"
    assert card_face(queen).label == "Queen of Swords" and card_face(queen).kind == ""
    picker = FacePicker()
    picker.show_faces([card_face(tower), card_face(queen)])
    picker.select_codes("Queen of Swords")
    assert picker.selected_codes == ["Queen of Swords"]
    assert [t.description for t in picker.toggles] == ["✦ XVI The Tower", "✓ Queen of Swords"]
    assert "kit-card-major" in picker.toggles[0]._dom_classes


def test_counts_read_in_words_and_figures() -> None:
    assert [in_words(n) for n in (0, 1, 5, 20, 21)] == ["none (0)", "one (1)", "five (5)", "twenty (20)", "21 (21)"]


def test_an_empty_table_offers_nothing(tmp_path: Path) -> None:
    viewer = HandViewer(TableSession(FalkeFateiFauxGame("empty", practice=True)))
    assert "No characters at the table yet" in text(viewer.summary_view.value)
    assert all(button.disabled for button in viewer.action_buttons)
    viewer.session.game.rig(ADA_HAND)
    viewer.session.act("add_character", name="Ada", **ADA)
    assert viewer.character == "Ada" and len(viewer.cards.faces) == 5
    assert not viewer.mulligan_button.disabled


def test_f11_the_viewers_own_turn_is_shown_before_it_is_written(viewer: HandViewer, path: Path) -> None:
    before = path.read_bytes()
    seen: list[tuple[str, bool]] = []
    viewer.session.first(lambda _: seen.append((text(viewer.result_view.value), path.read_bytes() == before)))
    viewer.session.game.rig(["9S", "10S"])
    viewer.prepare_button.click()
    [(shown, unwritten)] = seen
    assert shown.startswith("Ada prepares") and "drew 2 cards" in shown and unwritten
    assert last_action(path) == "prepare" and text(viewer.result_view.value) == shown
