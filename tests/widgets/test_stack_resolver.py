"""The FalkeFateiFaux stack resolver, driven headlessly: set-up, plan, flip, choose, guide fate (F-3–F-9)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest
from ff_widget_table import saved_table, text

from kit import gamefile
from kit.core.errors import RulesError
from kit.widgets import TableSession
from kit.widgets.card_faces import FacePicker, card_face
from kit.widgets.card_row import CardRow
from kit.widgets.common import ErrorLine
from kit.widgets.falkefateifaux.hand_viewer import HandViewer
from kit.widgets.falkefateifaux.stack_resolver import StackResolver

ADA_HAND = ["QC", "2H", "3H", "4S", "5S"]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return saved_table(tmp_path, "stack-resolver-tests", ADA_HAND)


@pytest.fixture
def resolver(path: Path) -> StackResolver:
    return StackResolver(TableSession.open(path), actor="Ada")


def labels(picker: object) -> list[str]:
    """The faces drawn, a selected one marked ✓ (the card row marks it on the face and in aria-pressed)."""
    chosen = set(picker.selected)  # type: ignore[attr-defined]
    return [("✓ " if i in chosen else "") + face.label for i, face in enumerate(picker.faces)]  # type: ignore[attr-defined]


def events(path: Path) -> list[tuple[str, dict]]:
    return [(e.action, dict(e.args)) for e in gamefile.load(path).log.events]


@contextmanager
def refused(resolver: StackResolver, line: ErrorLine, *words: str) -> Iterator[None]:
    """The block is refused: the message (with ``words``) is on ``line``; game and file are unchanged."""
    game = resolver.session.game
    before = (game.fingerprint(), len(game.log), resolver.session.path.read_bytes())
    yield
    assert line.message, "the refusal is shown beside its control"
    for word in words:
        assert word in unescape(line.message)
    game = resolver.session.game
    assert (game.fingerprint(), len(game.log), resolver.session.path.read_bytes()) == before


def test_f3_the_skill_shows_its_suit_and_level(resolver: StackResolver) -> None:
    assert text(resolver.skill_view.value) == "♣ Clubs · Good 6"
    resolver.skill_picker.value = "Courage"
    assert text(resolver.skill_view.value) == "♥ Hearts · Good 6"
    resolver.skill_picker.value = "social graces"
    assert text(resolver.skill_view.value) == "♠ Spades · Competent 4"
    resolver.actor_picker.value = "Bruno"
    resolver.skill_picker.value = "Fisticuffs"
    assert text(resolver.skill_view.value) == "♣ Clubs · Great 8"


def test_f4_f6_f12_plan_shows_conditions_and_injuries_with_their_reasons(resolver: StackResolver) -> None:
    resolver.session.act("add_condition", character="Ada", condition="Winded")
    resolver.session.act("injure", character="Ada", injury="Moderate")
    plan = text(resolver.plan_view.value)
    assert "Net advantage: [−] (-1)" in plan and "Stack: 2 cards from the Deck of Fate" in plan
    assert "Chooser: the lowest outcome (no opponent, F-4)" in plan and "Modifier: -2" in plan
    assert "Winded" in plan and "Moderate" in plan
    resolver.adverb_picker.value = "swiftly"
    plan = text(resolver.plan_view.value)
    assert "Net advantage: none (0)" in plan and "[+] adverb 'swiftly' (F-6)" in plan
    assert "Chooser: Ada (flipper, F-4)" in plan
    resolver.plus_input.value = 1
    resolver.modifier_input.value = 3
    plan = text(resolver.plan_view.value)
    assert "Net advantage: [+] (+1)" in plan and "Modifier: +1" in plan


def test_f4_f8_f9_a_target_flip_passed_and_resolved(resolver: StackResolver, path: Path) -> None:
    resolver.target_input.value = 14
    resolver.session.game.rig(["9C"])
    resolver.flip_button.click()
    assert resolver.flip_error.message == ""
    assert resolver.awaiting_action == "guide" and resolver.awaiting_character == "Ada"
    assert "Ada may guide fate" in text(resolver.guide_label.value)
    assert labels(resolver.guide_picker) == ["2♥", "3♥", "4♠", "5♠", "Q♣"]
    assert "9♣▲" in text(resolver.stack_view.value) and "The stack being resolved" in text(resolver.stack_view.value)
    assert resolver.choose_button.disabled and not resolver.pass_button.disabled
    resolver.pass_button.click()
    assert resolver.guide_error.message == ""
    assert text(resolver.result_view.value) == "✔ Success — Success (degree +1)"
    assert "The last stack (resolved)" in text(resolver.stack_view.value)
    assert resolver.awaiting_action == "" and resolver.guide_button.disabled
    (flip_action, flip_args), guide = events(path)[-2:]
    assert flip_action == "flip" and (flip_args["character"], flip_args["skill"], flip_args["target"]) == (
        "Ada", "Fisticuffs", 14)
    assert guide == ("guide", {"character": "Ada", "card": None})
    assert flip_args["adverb"] is None and flip_args["boost"] is False


def test_f4_the_opponent_chooses_at_disadvantage(resolver: StackResolver, path: Path) -> None:
    resolver.opponent_picker.value = "Bruno"
    resolver.minus_input.value = 1
    assert "Chooser: Bruno (opponent, F-4)" in text(resolver.plan_view.value)
    resolver.session.game.rig(["KC", "3C"])
    resolver.flip_button.click()
    assert resolver.awaiting_action == "choose" and resolver.awaiting_character == "Bruno"
    assert "Bruno chooses" in text(resolver.choose_label.value)
    assert labels(resolver.choose_picker) == ["K♣", "3♣"]
    assert resolver.leave_button.disabled and resolver.leave_button.layout.display == "none"
    resolver.choose_picker.select_codes("3C")
    assert labels(resolver.choose_picker) == ["K♣", "✓ 3♣"]
    resolver.choose_button.click()
    assert resolver.choose_error.message == ""
    stack = text(resolver.stack_view.value)
    assert "3♣▲" in stack and "Chosen by: Bruno — the opponent chooses at Ada's disadvantage (F-4)" in stack
    assert "may not guide fate: at net disadvantage (F-8)" in stack
    assert text(resolver.result_view.value) == "✔ Success — Success (degree +1)"
    assert events(path)[-1] == ("choose", {"character": "Bruno", "card": "3C"})


def test_f5_the_flipper_may_leave_the_red_joker(resolver: StackResolver, path: Path) -> None:
    resolver.opponent_picker.value = "Bruno"
    resolver.minus_input.value = 1
    resolver.session.game.rig(["RJ", "3C"])
    resolver.flip_button.click()
    assert resolver.awaiting_character == "Ada" and labels(resolver.choose_picker) == ["★ Red Joker"]
    assert not resolver.leave_button.disabled and resolver.leave_button.layout.display == ""
    resolver.leave_button.click()
    assert events(path)[-1] == ("choose", {"character": "Ada", "card": None})
    assert resolver.awaiting_character == "Bruno" and labels(resolver.choose_picker) == ["★ Red Joker", "3♣"]
    resolver.choose_picker.select_codes("3C")
    resolver.choose_button.click()
    assert text(resolver.result_view.value) == "✔ Success — Success (degree +1)"


def test_f5_the_flipper_takes_the_red_joker_at_disadvantage(resolver: StackResolver) -> None:
    resolver.opponent_picker.value = "Bruno"
    resolver.minus_input.value = 1
    resolver.session.game.rig(["RJ", "3C"])
    resolver.flip_button.click()
    resolver.choose_picker.select_codes("RJ")
    resolver.choose_button.click()
    assert "the flipper takes the Red Joker even at disadvantage (F-5)" in text(resolver.stack_view.value)
    assert text(resolver.result_view.value) == "✔ Success — Astonishing success (degree +13)"


def test_f8_f9_in_a_contest_the_losing_side_guides_first(resolver: StackResolver, path: Path) -> None:
    assert resolver.against_skill_picker.layout.display == "none" and resolver.target_input.layout.display == ""
    resolver.mode_picker.value = "contest"
    assert resolver.against_skill_picker.layout.display == "" and resolver.target_input.layout.display == "none"
    resolver.opponent_picker.value = "Bruno"
    resolver.against_skill_picker.value = "Athletics"
    resolver.session.game.rig(["2C", "9C"])
    resolver.flip_button.click()
    assert resolver.flip_error.message == ""
    assert resolver.awaiting_character == "Ada" and resolver.awaiting_action == "guide"
    resolver.guide_picker.select_codes("QC")
    resolver.guide_button.click()
    assert resolver.guide_error.message == ""
    assert resolver.awaiting_action == "choose" and labels(resolver.choose_picker) == ["2♣", "Q♣"]
    resolver.choose_picker.select_codes("QC")
    resolver.choose_button.click()
    assert resolver.awaiting_character == "Bruno" and resolver.awaiting_action == "guide"
    assert labels(resolver.guide_picker) == ["2♦", "3♦", "4♦", "5♦", "K♣"]
    resolver.pass_button.click()
    assert text(resolver.result_view.value) == "✔ Success — Success (degree +3)"
    assert [a for a, _ in events(path)][-4:] == ["flip", "guide", "choose", "guide"]
    assert events(path)[-4][1]["against_skill"] == "Athletics"


def test_f7_a_boost_flips_more_cards_and_costs_a_token(resolver: StackResolver) -> None:
    hand = HandViewer(resolver.session, character="Ada")
    resolver.boost_box.value = True
    plan = text(resolver.plan_view.value)
    assert "Net advantage: [++] (+2)" in plan and "Stack: 3 cards" in plan and "Tokens to spend: 1" in plan
    resolver.target_input.value = 8
    resolver.session.game.rig(["2C", "5C", "9C"])
    resolver.flip_button.click()
    assert "Fate tokens: two (2)" in text(hand.summary_view.value)
    assert resolver.awaiting_action == "choose" and labels(resolver.choose_picker) == ["2♣", "5♣", "9♣"]
    resolver.choose_picker.select_codes("9C")
    resolver.choose_button.click()
    assert "Ada spent: Fate 1" in text(resolver.stack_view.value)


def test_f7_granting_the_suit_makes_a_card_count_in_suit(resolver: StackResolver) -> None:
    resolver.suit_box.value = True
    assert "Granted suit: Clubs" in text(resolver.plan_view.value)
    resolver.target_input.value = 19
    resolver.session.game.rig(["KH"])
    resolver.flip_button.click()
    resolver.pass_button.click()
    assert "the stack was granted Clubs (F-2, F-7)" in text(resolver.stack_view.value)
    assert text(resolver.result_view.value) == "✔ Success — Barely a success (degree +0)"


def test_f7_the_opponent_hinders_with_a_token(resolver: StackResolver) -> None:
    resolver.opponent_picker.value = "Bruno"
    resolver.against_hinder_box.value = True
    plan = text(resolver.plan_view.value)
    assert "Bruno spent a Fate token to give [−] (F-7)" in plan and "Chooser: Bruno (opponent, F-4)" in plan


def test_f14_an_unknown_skill_typed_is_refused_beside_the_skill(resolver: StackResolver) -> None:
    resolver.skill_picker.value = "Fistycuffs"
    assert "is not one of the sixteen skills" in resolver.skill_error.message
    assert resolver.skill_view.value == "" and resolver.plan_view.value == ""
    assert resolver.adverb_error.message == "" and resolver.spend_error.message == ""
    with refused(resolver, resolver.flip_error, "skill Fistycuffs", "F-14"):
        resolver.flip_button.click()
    resolver.skill_picker.value = "Fisticuffs"
    assert resolver.skill_error.message == "" and "Plan: Ada (Fisticuffs)" in text(resolver.plan_view.value)


def test_f7_spending_tokens_one_does_not_have_is_refused(resolver: StackResolver) -> None:
    resolver.session.act("award_fate", character="Ada", amount=-3)
    resolver.boost_box.value = True
    assert "Ada has 0 Fate and 0 Burning Fate tokens" in unescape(resolver.spend_error.message)
    assert "(F-7)" in resolver.spend_error.message and resolver.skill_error.message == ""
    with refused(resolver, resolver.flip_error, "Ada spends 1 token before the flip", "F-7"):
        resolver.flip_button.click()


def test_f6_the_adverb_picker_takes_one_adverb_at_most(resolver: StackResolver) -> None:
    """One adverb an action (F-6): a single choice a thumb can make, "no adverb" first; the game still refuses two."""
    assert isinstance(resolver.adverb_picker, widgets.Dropdown)
    assert resolver.adverb_picker.value == "" and resolver.adverb_picker.options[0][1] == ""
    assert [value for _, value in resolver.adverb_picker.options[1:]] == ["swiftly", "cunningly", "boldly", "clumsily"]
    resolver.adverb_picker.value = "boldly"
    assert resolver.flip_args()["adverb"] == "boldly" and resolver.adverb_error.message == ""
    resolver.adverb_picker.value = ""
    assert "adverb" not in resolver.flip_args()
    with pytest.raises(RulesError, match="at most one adverb an action"):
        resolver.game.plan_flip(**{**resolver.flip_args(), "adverb": ["swiftly", "boldly"]})


def test_f10_flipping_while_a_forced_discard_is_pending_is_refused(resolver: StackResolver) -> None:
    resolver.session.game.rig(["9S", "10S"])
    resolver.session.act("prepare", character="Ada")
    assert resolver.awaiting_action == "discard"
    assert "Ada must discard 2 cards" in text(resolver.awaiting_view.value)
    with refused(resolver, resolver.flip_error, "Ada must first discard 2 cards", "F-10"):
        resolver.flip_button.click()


def test_f8_flipping_again_during_a_stack_is_refused(resolver: StackResolver) -> None:
    resolver.session.game.rig(["9C"])
    resolver.flip_button.click()
    with refused(resolver, resolver.flip_error, "a stack is being resolved", "F-8"):
        resolver.flip_button.click()


def test_f8_guiding_fate_at_disadvantage_is_not_offered_and_is_refused(resolver: StackResolver) -> None:
    resolver.opponent_picker.value = "Bruno"
    resolver.minus_input.value = 1
    resolver.session.game.rig(["KC", "3C"])
    resolver.flip_button.click()
    assert resolver.guide_button.disabled and resolver.pass_button.disabled
    assert resolver.guide_box.layout.display == "none"
    with refused(resolver, resolver.guide_error, "Ada is at net disadvantage (-1)", "F-8"):
        resolver.guide_button.click()


def test_f4_choosing_out_of_turn_is_refused(resolver: StackResolver) -> None:
    resolver.target_input.value = 14
    resolver.session.game.rig(["9C"])
    resolver.flip_button.click()
    assert resolver.choose_button.disabled
    with refused(resolver, resolver.choose_error, "it is not this character's choice now", "F-4"):
        resolver.choose_button.click()


def test_both_components_share_the_session_and_redraw(resolver: StackResolver, path: Path) -> None:
    hand = HandViewer(resolver.session, character="Ada")
    resolver.target_input.value = 14
    resolver.session.game.rig(["3C"])
    resolver.flip_button.click()
    assert "Ada may guide fate" in text(hand.prompt_view.value) and "stack resolver" in text(hand.prompt_view.value)
    resolver.guide_picker.select_codes("QC")  # guiding fate is done here only; the hand points to it (F-8)
    resolver.guide_button.click()
    assert resolver.guide_error.message == ""
    assert resolver.awaiting_action == "choose" and labels(resolver.choose_picker) == ["3♣", "Q♣"]
    resolver.choose_picker.select_codes("QC")
    resolver.choose_button.click()
    assert text(resolver.result_view.value) == "✔ Success — Success (degree +4)"
    assert "Ada holds 4 of 5 cards" in text(hand.summary_view.value) and "may guide fate" not in text(
        hand.prompt_view.value)
    assert [a for a, _ in events(path)][-3:] == ["flip", "guide", "choose"]


def test_a_reloaded_table_shows_the_stack_being_resolved(resolver: StackResolver, path: Path) -> None:
    resolver.target_input.value = 14
    resolver.session.game.rig(["3C"])
    resolver.flip_button.click()
    fresh = StackResolver(TableSession.open(path))
    assert fresh.awaiting_action == "guide" and "3♣▲" in text(fresh.stack_view.value)
    assert labels(fresh.guide_picker) == ["2♥", "3♥", "4♠", "5♠", "Q♣"]


def test_f4_f7_f9_exact_odds_follow_every_control(resolver: StackResolver) -> None:
    from kit.odds import flip_odds

    game = resolver.session.game
    first = flip_odds(game, "Ada", "Fisticuffs", target=8)
    assert resolver.success_odds == str(first.success)
    assert f"Exact chance of success: {first.success}" in text(resolver.odds_view.value)
    assert f"guiding fate from hand: {first.guided_success}" in text(resolver.odds_view.value)
    steps = [(resolver.target_input, 12), (resolver.adverb_picker, "swiftly"), (resolver.plus_input, 1),
             (resolver.minus_input, 3), (resolver.modifier_input, 2), (resolver.granted_suit_picker, "Clubs"),
             (resolver.boost_box, True),
             (resolver.suit_box, True), (resolver.skill_picker, "Athletics"), (resolver.opponent_picker, "Bruno"),
             (resolver.against_hinder_box, True), (resolver.mode_picker, "contest"),
             (resolver.against_skill_picker, "Fisticuffs"), (resolver.hinder_box, True),
             (resolver.against_adverb_picker, "brutally"), (resolver.against_boost_box, True)]
    seen = [resolver.success_odds]
    for control, value in steps:
        control.value = value
        expected = flip_odds(game, **resolver.flip_args())
        assert resolver.success_odds == str(expected.success), control
        assert f"Exact chance of success: {expected.success}" in text(resolver.odds_view.value)
        seen.append(resolver.success_odds)
    assert len(set(seen)) >= 12, "the odds moved as the set-up changed"
    assert "degree" in text(resolver.odds_view.value)


def test_f9_the_chart_marks_as_successes_exactly_the_odds_of_success(resolver: StackResolver) -> None:
    from kit.odds import flip_odds
    from kit.render.distribution import percent

    for mode in ("target", "contest"):
        resolver.mode_picker.value = mode
        resolver.opponent_picker.value = "Bruno"
        odds = flip_odds(resolver.session.game, **resolver.flip_args())
        assert f"Success {percent(odds.success)} (dark bars)" in text(resolver.odds_view.value)


def test_without_the_odds_module_the_resolver_says_so(resolver: StackResolver,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "kit.odds", None)
    resolver.target_input.value = 9
    assert text(resolver.odds_view.value) == "Exact odds are not available in this installation."
    assert resolver.success_odds == "" and "Target: 9" in text(resolver.plan_view.value)


def test_f8_the_step_awaited_is_shown_before_the_turn_is_written(resolver: StackResolver, path: Path) -> None:
    before = path.read_bytes()
    seen: list[tuple[str, bool]] = []
    resolver.session.first(lambda _: seen.append((text(resolver.awaiting_view.value), path.read_bytes() == before)))
    resolver.session.game.rig(["9C"])
    resolver.flip_button.click()
    [(awaiting, unwritten)] = seen
    assert awaiting.startswith("Now: Ada must guide fate") and unwritten
    assert events(path)[-1][0] == "flip" and "9♣▲" in text(resolver.stack_view.value)


def test_f8_f9_each_card_says_what_it_would_give_and_the_best_is_marked(resolver: StackResolver) -> None:
    """Choices that explain themselves: under each card of the hand its count, outcome and band (F-2, F-8, F-9)."""
    resolver.target_input.value = 14
    resolver.session.game.rig(["9C"])
    resolver.flip_button.click()
    drawn = {card["code"]: card for card in resolver.guide_picker.cards}
    assert drawn["QC"]["note"] == "counts 12 · outcome 18 · Success (+4)" and drawn["QC"]["best"]
    assert drawn["2H"]["note"] == "counts 9 · outcome 15 · Success (+1)" and not drawn["2H"]["best"]
    assert [code for code, card in drawn.items() if card["best"]] == ["QC"]
    assert "Passing keeps the stack's card counts 9 · outcome 15 · Success (+1)" in text(resolver.guide_label.value)
    assert "(F-8)" in text(resolver.seat_view.value) and resolver.flip_button.disabled  # no new flip meanwhile


def test_f4_the_stack_cards_carry_their_previews(resolver: StackResolver) -> None:
    resolver.target_input.value = 12
    resolver.plus_input.value = 1
    resolver.session.game.rig(["3C", "KC"])
    resolver.flip_button.click()
    assert resolver.awaiting_action == "choose"
    notes = [card["note"] for card in resolver.choose_picker.cards]
    assert notes == ["counts 3 · outcome 9 · Failure (-3)", "counts 13 · outcome 19 · Resounding success (+7)"]
    assert [card["best"] for card in resolver.choose_picker.cards] == [False, True]


def test_the_stack_and_hand_pickers_are_one_widget_model_each() -> None:
    """A hand of five as one anywidget model (and its layout); the toggle picker needs a button and style each."""
    def models(make):
        before = set(widgets.Widget.widgets)
        picker = make()
        picker.show_faces(card_face(code) for code in ["QC", "2H", "3H", "RJ", "5S"])
        return len(set(widgets.Widget.widgets) - before)

    assert models(lambda: CardRow()) == 2  # the row and its layout
    assert models(lambda: FacePicker(spare=2)) >= 14


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every widget in the tree under ``widget`` (itself first)."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


def test_f8_a_stacks_controls_are_made_when_a_stack_waits(path: Path) -> None:
    """With no stack pending the resolver sends no choose or guide panel; the first flip that waits makes it."""
    session = TableSession.open(path)
    before = set(widgets.Widget.widgets)
    resolver = StackResolver(session, actor="Ada")
    made = len(set(widgets.Widget.widgets) - before)
    rows = [w for w in walk(resolver) if isinstance(w, CardRow)]
    assert rows == [] and made <= 62, made  # 71 when the guide panel was made at once
    assert "No stack flipped yet." in text(resolver.stack_view.value) and resolver.awaiting_view.value == ""
    assert not resolver.flip_button.disabled  # what a user expects at once: the set-up, its odds and Flip

    resolver.target_input.value = 14
    resolver.session.game.rig(["9C"])
    resolver.flip_button.click()
    assert resolver.awaiting_action == "guide"
    rows = [w for w in walk(resolver) if isinstance(w, CardRow)]
    assert [row._dom_classes for row in rows] == [("kit-guide-cards",)]  # the guide panel, shown now
    assert resolver.guide_box.layout.display == "" and "Now:" in text(resolver.awaiting_view.value)


def test_f8_a_reloaded_table_with_a_stack_waiting_makes_its_panel_at_once(path: Path) -> None:
    first = StackResolver(TableSession.open(path), actor="Ada")
    first.session.game.rig(["9C"])
    first.flip_button.click()
    reopened = StackResolver(TableSession.open(path), actor="Ada")
    assert next(w for w in walk(reopened) if isinstance(w, CardRow)) is reopened.guide_picker
    assert labels(reopened.guide_picker) == ["2♥", "3♥", "4♠", "5♠", "Q♣"]
