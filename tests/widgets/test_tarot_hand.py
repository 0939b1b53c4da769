"""The Roll-Under Tarot hand, driven headlessly: the start-of-play draw, the cards in words, spending (R-7)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from ru_widget_table import saved_game

from kit import gamefile
from kit.widgets import TableSession
from kit.widgets.card_row import CardRow
from kit.widgets.common import ErrorLine
from kit.widgets.rollunder.tarot_hand import TarotHand

# Start-of-play rolls Artie 3, Xavier 9, Mabel 12: Artie draws 3 cards, Xavier 2, Mabel 1 (ceil(Fate / 2)).
DRAW_DICE = [3, 9, 12]
DRAW_CARDS = ["The Tower", "Queen of Swords", "Three of Cups", "Ace of Wands", "Death", "King of Cups"]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return saved_game(tmp_path, "tarot-hand-tests")


@pytest.fixture
def hand(path: Path) -> TarotHand:
    return TarotHand(TableSession.open(path), holder="Artie")


@pytest.fixture
def dealt(hand: TarotHand) -> TarotHand:
    hand.session.game.rig(DRAW_CARDS, deck="fate", dice=DRAW_DICE)
    hand.start_play_button.click()
    assert hand.deal_error.message == ""
    return hand


def text(html: str) -> str:
    """The visible text of an HTML value (tags dropped)."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


@contextmanager
def refused(hand: TarotHand, line: ErrorLine, *words: str) -> Iterator[None]:
    """The block is refused: the message (citing ``words``) is on ``line``; game and file are unchanged."""
    game = hand.session.game
    before = (game.fingerprint(), len(game.log), hand.session.path.read_bytes())
    yield
    assert line.message, "the refusal is shown beside its control"
    for word in words:
        assert word in unescape(line.message)
    game = hand.session.game
    assert (game.fingerprint(), len(game.log), hand.session.path.read_bytes()) == before


def test_r7_start_of_play_draw_deals_each_hand(dealt: TarotHand, path: Path) -> None:
    assert dealt.hand_view.value and "Artie (Ann) holds 3 fate cards" in text(dealt.hand_view.value)
    assert [card.name for card in dealt.hand] == ["The Tower", "Queen of Swords", "Three of Cups"]
    assert "draw order: Artie, Xavier, Mabel" in text(dealt.result_view.value)
    assert gamefile.load(path).log.events[-1].action == "start_play"
    dealt.holder_picker.value = "Mabel"
    assert [card.name for card in dealt.hand] == ["King of Cups"]


def test_r7_cards_say_their_arcana_in_text(dealt: TarotHand) -> None:
    shown = text(dealt.hand_view.value)
    assert "The Tower — Major Arcana XVI: roll two more times, permit a test, or a narrative change" in shown
    assert "Queen of Swords — Minor Arcana, court card: roll two more times" in shown
    assert "Three of Cups — Minor Arcana, pip card: roll once more" in shown
    names = ["The Tower: Major Arcana XVI", "Queen of Swords: Minor Arcana, court card",
             "Three of Cups: Minor Arcana, pip card"]
    assert [face.name for face in dealt.cards.faces] == names
    assert [card["name"] for card in dealt.cards.cards] == names  # the aria-label the page draws


def test_the_cards_are_drawn_as_cards_in_one_row(dealt: TarotHand) -> None:
    assert isinstance(dealt.cards, CardRow) and dealt.cards.single
    assert "kit-tarot-cards" in dealt.cards._dom_classes
    drawn = dealt.cards.cards
    assert [card["label"] for card in drawn] == ["✦ XVI The Tower", "Queen of Swords", "Three of Cups"]
    assert [card["kind"] for card in drawn] == ["major", "", ""]  # a Major Arcanum gets its own look
    assert [card["code"] for card in drawn] == ["The Tower", "Queen of Swords", "Three of Cups"]
    dealt.holder_picker.value = "Mabel"
    assert [card["label"] for card in dealt.cards.cards] == ["King of Cups"] and dealt.cards.selected == []


def test_a_card_can_be_chosen_by_code_and_stays_chosen_over_a_redraw(dealt: TarotHand) -> None:
    dealt.select_codes("queen of swords")
    assert dealt.selected_card == "Queen of Swords" and dealt.cards.selected_codes == ["Queen of Swords"]
    dealt.refresh(None)
    assert dealt.selected_card == "Queen of Swords" and dealt.cards.selected == [1]
    dealt.select("Nobody's Card")
    assert dealt.selected_card is None and "No card selected." in text(dealt.selection_view.value)


def test_the_chosen_card_is_marked_in_text(dealt: TarotHand) -> None:
    dealt.select("Queen of Swords")
    assert dealt.cards.selected == [1]  # the page raises it and marks it ✓ (aria-pressed)
    assert dealt.selected_card == "Queen of Swords"
    assert "Selected: Queen of Swords (Minor Arcana, court card" in text(dealt.selection_view.value)
    dealt.cards.selected = [1, 2]  # a click on the third card, as the page sends it: one card at a time
    assert dealt.cards.selected == [2]
    assert dealt.selected_card == "Three of Cups" and dealt.cards.selected_codes == ["Three of Cups"]
    assert "Selected: Three of Cups" in text(dealt.selection_view.value)
    dealt.cards.selected = []  # the chosen card clicked again
    assert dealt.selected_card is None and "No card selected." in text(dealt.selection_view.value)


def test_r7_spend_a_card_to_reroll_the_latest_test(dealt: TarotHand, path: Path) -> None:
    game = dealt.session.game
    game.rig(dice=[15])
    dealt.session.act("test", character="Artie", attribute="Agility", skill="Bash and Stab")
    assert "Artie: Agility (7) + Bash and Stab (7) = 14, rolled 15 — Failure, degree -1" in text(dealt.test_view.value)
    dealt.select("Queen of Swords")
    dealt.session.game.rig(dice=[18, 6])
    dealt.spend_button.click()
    assert dealt.spend_error.message == ""
    result = text(dealt.result_view.value)
    assert "Artie spends Queen of Swords (Minor) on Artie" in result and "best roll 6: success, degree 8" in result
    assert [card.name for card in dealt.hand] == ["The Tower", "Three of Cups"]
    saved = gamefile.load(path)
    assert saved.log.events[-1].action == "spend_fate_card"
    assert saved.log.events[-1].args["card"] == "Queen of Swords"


def test_r7_major_arcana_permits_a_test(dealt: TarotHand) -> None:
    dealt.select("The Tower")
    dealt.use_picker.value = "permit"
    dealt.spend_button.click()
    assert dealt.spend_error.message == ""
    assert "Artie may make a test the rules would not allow" in text(dealt.result_view.value)
    assert dealt.session.game.state.permits == {"Artie": 1}


def test_r7_major_arcana_narrative_change_keeps_the_note(dealt: TarotHand) -> None:
    dealt.select("The Tower")
    dealt.use_picker.value = "narrative"
    dealt.note_input.value = "The bridge collapses behind us"
    dealt.spend_button.click()
    assert "narrative change for the GM to rule on: The bridge collapses behind us" in text(dealt.result_view.value)


def test_r7_a_minor_card_cannot_permit(dealt: TarotHand) -> None:
    dealt.select("Three of Cups")
    dealt.use_picker.value = "permit"
    with refused(dealt, dealt.spend_error, "only a Major Arcanum", "R-7"):
        dealt.spend_button.click()


def test_r7_spending_on_another_players_character_needs_consent(dealt: TarotHand, path: Path) -> None:
    dealt.session.game.rig(dice=[16])
    dealt.session.act("test", character="Xavier", attribute="Agility", skill="Duck & Cover")
    dealt.select("Three of Cups")
    dealt.on_picker.value = "Xavier"
    with refused(dealt, dealt.spend_error, "Xavier belongs to Xan, who has not consented", "R-7"):
        dealt.spend_button.click()
    dealt.consent_input.value = "Xan"
    dealt.session.game.rig(dice=[2])
    dealt.spend_button.click()
    assert dealt.spend_error.message == ""
    assert "Used on Xavier with the consent of Xan." in text(dealt.result_view.value)
    assert gamefile.load(path).log.events[-1].outcome["consent"] == "Xan"


def test_r7_own_players_other_character_needs_no_consent(dealt: TarotHand) -> None:
    dealt.session.game.rig(dice=[17])
    dealt.session.act("test", character="Mabel", attribute="Reason", skill="Medicine")
    dealt.select("Three of Cups")
    dealt.on_picker.value = "Mabel"
    dealt.session.game.rig(dice=[1])
    dealt.spend_button.click()
    assert dealt.spend_error.message == ""


def test_r7_spending_with_no_test_to_spend_it_on_is_refused(dealt: TarotHand) -> None:
    assert "No test open" in text(dealt.test_view.value)
    dealt.select("Three of Cups")
    with refused(dealt, dealt.spend_error, "right after the test it changes", "R-7"):
        dealt.spend_button.click()


def test_r7_spending_with_no_card_chosen_is_refused(dealt: TarotHand) -> None:
    dealt.session.game.rig(dice=[15])
    dealt.session.act("test", character="Artie", attribute="Agility")
    with refused(dealt, dealt.spend_error, "is not a Tarot card", "R-7"):
        dealt.spend_button.click()


def test_r7_the_start_of_play_draw_happens_once_and_the_gm_deals_more(dealt: TarotHand, path: Path) -> None:
    with refused(dealt, dealt.deal_error, "start-of-play draw has been made", "R-7"):
        dealt.start_play_button.click()
    dealt.session.game.rig(dice=[15])
    dealt.session.act("test", character="Artie", attribute="Agility")
    dealt.select("Three of Cups")
    dealt.session.game.rig(dice=[4])
    dealt.spend_button.click()
    dealt.session.game.rig(["Temperance"], deck="fate")
    dealt.deal_button.click()
    assert dealt.deal_error.message == ""
    assert [card.name for card in dealt.hand] == ["The Tower", "Queen of Swords", "Temperance"]
    assert "Artie: Temperance" in text(dealt.result_view.value)
    assert gamefile.load(path).log.events[-1].action == "deal_fate_cards"


def test_r7_a_spent_card_is_shown_first_and_another_components_turn_with_the_redraw(dealt: TarotHand,
                                                                                   path: Path) -> None:
    game = dealt.session.game
    seen: list[str] = []
    dealt.session.first(lambda _: seen.append(text(dealt.result_view.value)))
    before = text(dealt.result_view.value)
    game.rig(dice=[15])
    dealt.session.act("test", character="Artie", attribute="Agility", skill="Bash and Stab")  # not this hand's
    assert seen == [before] and "Artie" in text(dealt.result_view.value)  # drawn with the redraw
    dealt.select("Queen of Swords")
    dealt.session.game.rig(dice=[18, 6])
    dealt.spend_button.click()
    assert seen[-1].startswith("Artie spends Queen of Swords")  # this hand's own turn: shown first


def test_a_click_on_a_card_sends_the_selection_line_first_then_the_raised_card(
        dealt: TarotHand, monkeypatch: pytest.MonkeyPatch) -> None:
    """The click as the page sends it: the kernel answers with the selection line, then the selection, and no more."""
    sent: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(widgets.Widget, "_send", lambda widget, msg, buffers=None: sent.append((widget, msg)))
    click = {"content": {"data": {"method": "custom", "content": {"pick": 1}}}, "buffers": []}
    dealt.cards._handle_msg(click)
    assert dealt.selected_card == "Queen of Swords" and dealt.cards.selected == [1]
    assert [(widget, msg["state"]) for widget, msg in sent] == [
        (dealt.selection_view, {"value": dealt.selection_view.value}), (dealt.cards, {"selected": [1]})]
    assert "Selected: Queen of Swords" in text(dealt.selection_view.value)
    dealt.cards.pick(2)  # a click on another card moves the choice (one at a time)
    assert dealt.selected_card == "Three of Cups" and dealt.cards.selected == [2]
    dealt.cards.pick(2)  # and a click on the chosen card unselects it
    assert dealt.selected_card is None and dealt.cards.selected == []
    dealt.cards.set_disabled(True, "not now")
    dealt.cards.pick(0)
    assert dealt.cards.selected == []  # a disabled row takes no click


def test_the_draw_and_the_deal_show_at_a_game_without_seats(dealt: TarotHand) -> None:
    assert dealt.gm_box.layout.display is None  # no seats: no GM panel is shown first, so the hand offers them
    assert TarotHand(dealt.session, gm_sections=False).gm_box.layout.display == "none"
