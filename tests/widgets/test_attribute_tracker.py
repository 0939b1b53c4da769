"""The Suit Pairs attribute tracker, driven headlessly: sheet, checks, rerolls, consequences, refusals."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

import ipywidgets as widgets
import pytest

from kit import gamefile
from kit.render.distribution import success_chance
from kit.suitpairs import DIFFICULTIES, SuitPairsGame
from kit.suitpairs.odds import check_odds, percent
from kit.widgets import TableSession
from kit.widgets.suitpairs.attribute_tracker import AttributeTracker

MIRA = {
    "name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2, "charisma": 3,
    "skills": ["Defy", "Analyze", "Stealth", "Help"],
}
TOMAS = {
    "name": "Tomas", "identity": "Fool", "strength": 1, "intelligence": 4, "dexterity": 3, "charisma": 2,
    "skills": ["Grab", "Tinker", "Agility", "Charm"],
}


def new_game() -> SuitPairsGame:
    game = SuitPairsGame(seed="attribute-tracker-tests", practice=True)
    game.create_character(**MIRA)
    game.create_character(**TOMAS)
    return game


@pytest.fixture
def path(tmp_path: Path) -> Path:
    target = tmp_path / "suitpairs.ipynb"
    gamefile.save(new_game(), target, players={"Kim": ["Mira"], "Lou": ["Tomas"]})
    return target


@pytest.fixture
def session(path: Path) -> TableSession:
    return TableSession.open(path)


@pytest.fixture
def tracker(session: TableSession) -> AttributeTracker:
    return AttributeTracker(session)


def text(html: str) -> str:
    """The visible text of an HTML value (tags dropped)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def cell(tracker: AttributeTracker, name: str) -> str:
    """The HTML of one sheet cell (an attribute's row header or a skill's cell)."""
    found = re.search(rf'<t[hd][^>]*data-name="{name}"[^>]*>.*?</t[hd]>', tracker.sheet_view.value)
    assert found is not None, name
    return found.group(0)


@contextmanager
def unchanged(session: TableSession, path: Path) -> Iterator[None]:
    """The clicks inside change neither the game (fingerprint, turns) nor the file's bytes."""
    before = (session.game.fingerprint(), session.game.turn, path.read_bytes())
    yield
    assert (session.game.fingerprint(), session.game.turn, path.read_bytes()) == before


def check(tracker: AttributeTracker, skill: str, difficulty: str, dice: list[int] | None = None) -> None:
    tracker.skill_picker.value = skill
    tracker.difficulty_picker.value = difficulty
    if dice is not None:
        tracker.session.game.rig(dice=dice)
    tracker.check_button.click()


# -- the sheet (S-1, S-2, S-6) ----------------------------------------------------------------


def test_s2_sheet_lays_out_sixteen_skills_by_suit_pair(tracker: AttributeTracker) -> None:
    rows = re.findall(r'<tr data-primary="(\w+)">(.*?)</tr>', tracker.sheet_view.value)
    assert [primary for primary, _ in rows] == ["Strength", "Intelligence", "Dexterity", "Charisma"]
    names = [re.findall(r'data-name="([^"]+)"', body) for _, body in rows]
    assert names == [
        ["Strength", "Brute Force", "Defy", "Grab", "Intimidate"],
        ["Intelligence", "Explore", "Analyze", "Tinker", "Persuade"],
        ["Dexterity", "Evade", "Stealth", "Agility", "Deceive"],
        ["Charisma", "Inspire", "Help", "Enthrall", "Charm"],
    ]
    header = text(re.search(r"<thead>.*?</thead>", tracker.sheet_view.value).group(0))
    assert header == ("primary attribute secondary ♠ Strength secondary ♦ Intelligence "
                      "secondary ♣ Dexterity secondary ♥ Charisma")


def drawn_pips(html: str) -> tuple[int, int]:
    """How many pips a cell draws filled and empty."""
    return html.count('class="kit-pip kit-pip-on"'), html.count('class="kit-pip kit-pip-off"')


def test_s1_values_show_as_pips_and_in_words(tracker: AttributeTracker) -> None:
    assert drawn_pips(cell(tracker, "Strength")) == (3, 2) and "3 of 5" in text(cell(tracker, "Strength"))
    assert drawn_pips(cell(tracker, "Intelligence")) == (2, 3) and "2 of 5" in text(cell(tracker, "Intelligence"))
    assert drawn_pips(cell(tracker, "Defy")) == (1, 4) and "1 of 5" in text(cell(tracker, "Defy"))
    assert drawn_pips(cell(tracker, "Brute Force")) == (0, 5) and "0 of 5" in text(cell(tracker, "Brute Force"))
    assert "Mira (Baker)" in tracker.sheet_view.value


def test_s1_the_sheet_is_a_paper_card_with_pips_in_the_suits_colour(tracker: AttributeTracker) -> None:
    sheet = tracker.sheet_view.value
    assert sheet.startswith('<div class="kit-sp-sheet">') and "@container" in sheet  # one column on a phone
    assert 'role="img" aria-label="Strength: 3 of 5 pips filled"' in cell(tracker, "Strength")  # words for the drawing
    assert 'aria-label="Defy: 1 of 5 pips filled"' in cell(tracker, "Defy")
    assert "color:#b00020" in cell(tracker, "Intelligence") and "color:#b00020" in cell(tracker, "Charisma")  # ♦ ♥
    assert "color:#1d1d1d" in cell(tracker, "Strength") and "color:#1d1d1d" in cell(tracker, "Dexterity")  # ♠ ♣


def test_character_picker_lists_the_table_and_switches_the_sheet(tracker: AttributeTracker) -> None:
    assert [value for _, value in tracker.character_picker.options] == ["Mira", "Tomas"]
    assert tracker.character == "Mira"
    tracker.character_picker.value = "Tomas"
    assert tracker.character == "Tomas"
    assert "Tomas (Fool)" in tracker.sheet_view.value and "1 of 5" in text(cell(tracker, "Strength"))
    assert ("♠♣ Grab (level 1)", "Grab") in tracker.skill_picker.options


def test_every_control_has_a_text_label(tracker: AttributeTracker) -> None:
    buttons = [tracker.check_button, tracker.reroll_primary_button, tracker.reroll_secondary_button,
               tracker.accept_button, tracker.award_button, tracker.take_away_button]
    assert all(button.description.strip() and button.tooltip for button in buttons)
    pickers = [tracker.character_picker, tracker.skill_picker, tracker.difficulty_picker, tracker.gm_what_picker,
               tracker.gm_points, tracker.gm_reason, tracker.skip_consequences]
    assert all(picker.description.strip() for picker in pickers)


# -- odds (S-3, S-4) --------------------------------------------------------------------------


def test_s3_odds_are_the_games_exact_odds_and_follow_the_setup(tracker: AttributeTracker) -> None:
    tracker.skill_picker.value = "Defy"
    tracker.difficulty_picker.value = "Hard"
    odds = tracker.session.game.odds("Mira", "Defy", "Hard")
    shown = text(tracker.odds_view.value)
    assert f"success now {odds.success} ({percent(odds.success)})" in shown
    assert f"with one reroll {odds.with_reroll} ({percent(odds.with_reroll)})" in shown
    assert odds.success == Fraction(5, 18) and f"Success {percent(odds.success)}" in shown

    tracker.difficulty_picker.value = "9"
    assert "Defy (level 1) vs 9: success now 5/12 (41.7%)" in text(tracker.odds_view.value)
    tracker.skill_picker.value = "Brute Force"
    assert "Brute Force (level 0) vs 9: success now 5/18" in text(tracker.odds_view.value)


@pytest.mark.parametrize("level", range(6))
def test_s3_chart_marks_exactly_the_totals_that_succeed(level: int) -> None:
    for target in [*(d.target for d in DIFFICULTIES), 2, 3, 8, 14, 15, 18]:
        odds = check_odds(level, target)
        assert success_chance(odds.distribution, odds.succeeds) == odds.success


def test_s4_odds_say_when_no_point_can_pay_for_a_reroll(tracker: AttributeTracker, path: Path) -> None:
    tracker.character_picker.value = "Tomas"
    tracker.gm_what_picker.value = "Strength"
    tracker.take_away_button.click()
    tracker.gm_what_picker.value = "Intelligence"
    tracker.gm_points.value = 4
    tracker.take_away_button.click()
    tracker.skill_picker.value = "Defy"
    assert "no attribute point left to pay for a reroll (S-4)" in text(tracker.odds_view.value)


# -- a whole turn on the file (S-3, S-4, S-5) ---------------------------------------------------


def test_s3_s4_s5_check_reroll_accept_is_three_turns_in_the_file(
        tracker: AttributeTracker, session: TableSession, path: Path) -> None:
    check(tracker, "Defy", "Hard", dice=[3, 4])
    assert tracker.pending and tracker.check_error.message == ""
    assert "dice 3 and 4, total 3 + 4 + skill 1 = 8 — Failure so far" in text(tracker.roll_view.value)
    assert "six-sided die showing 3" in tracker.result_view.value and "Failure" in tracker.result_view.value
    assert tracker.reroll_primary_button.description == "Reroll: pay 1 ♠ Strength (3)"
    assert tracker.reroll_secondary_button.description == "Reroll: pay 1 ♦ Intelligence (2)"
    assert not tracker.reroll_primary_button.disabled and not tracker.accept_button.disabled
    assert tracker.check_button.disabled

    session.game.rig(dice=[6, 4])
    tracker.reroll_primary_button.click()
    assert "roll 2: dice 6 and 4, total 6 + 4 + skill 1 = 11 — Success so far" in text(tracker.roll_view.value)
    assert "kit-down" in cell(tracker, "Strength") and "▼ −1" in cell(tracker, "Strength")
    assert "2 of 5" in text(cell(tracker, "Strength"))
    assert "▼ −1 Strength (3 → 2): paid for a reroll (S-4)" in text(tracker.changes_view.value)
    assert tracker.reroll_primary_button.description == "Reroll: pay 1 ♠ Strength (2)"

    tracker.accept_button.click()
    assert not tracker.pending and not tracker.check_button.disabled and tracker.accept_button.disabled
    assert "kit-up" in cell(tracker, "Strength") and "▲ +1" in cell(tracker, "Strength")
    assert "3 of 5" in text(cell(tracker, "Strength"))
    shown = text(tracker.changes_view.value)
    assert "Success: Strength rises from 2 to 3." in shown
    assert "▲ +1 Strength (2 → 3): consequence of the check (S-5)" in shown
    assert "No check pending" in tracker.roll_view.value

    saved = gamefile.load(path)
    assert saved.turn == 5 and [event.action for event in saved.log][-3:] == ["check", "reroll", "accept"]
    assert saved.fingerprint() == session.game.fingerprint()
    assert saved.character("Mira").attributes["Strength"] == 3
    assert list(saved.log)[2].args == {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}


def test_s5_marks_stay_until_the_next_action(tracker: AttributeTracker) -> None:
    check(tracker, "Defy", "Easy", dice=[5, 5])
    tracker.accept_button.click()
    assert "▲ +1" in cell(tracker, "Strength")
    tracker.skill_picker.value = "Analyze"
    assert "▲ +1" in cell(tracker, "Strength")
    check(tracker, "Analyze", "Easy", dice=[2, 3])
    assert "▲" not in tracker.sheet_view.value and "▼" not in tracker.sheet_view.value
    assert tracker.changes_view.value == ""


def test_s5_skill_rises_when_the_attribute_would_reach_5(tracker: AttributeTracker) -> None:
    tracker.character_picker.value = "Tomas"
    check(tracker, "Tinker", "Easy", dice=[4, 4])  # Intelligence 4 would reach 5: Tinker rises instead
    tracker.accept_button.click()
    assert "▲ +1" in cell(tracker, "Tinker") and "2 of 5" in text(cell(tracker, "Tinker"))
    assert "▲" not in cell(tracker, "Intelligence")
    assert "Success: Intelligence would reach 5, so Tinker rises to 2 instead." in text(tracker.changes_view.value)


def test_s5_gm_may_skip_the_consequences_of_a_check(tracker: AttributeTracker, path: Path) -> None:
    check(tracker, "Defy", "Hard", dice=[1, 2])
    tracker.skip_consequences.value = True
    tracker.accept_button.click()
    assert "The GM skipped the consequences of this check" in text(tracker.changes_view.value)
    assert "▼" not in tracker.sheet_view.value and not tracker.skip_consequences.value
    assert list(gamefile.load(path).log)[-1].args == {"character": "Mira", "consequences": False}


def test_s4_a_doubled_pair_offers_one_payer(tracker: AttributeTracker) -> None:
    check(tracker, "Brute Force", "Easy", dice=[2, 2])
    assert tracker.reroll_primary_button.description == "Reroll: pay 1 ♠ Strength (3)"
    assert tracker.reroll_secondary_button.layout.display == "none"


def test_s6_serious_consequences_shown_while_an_attribute_is_zero(tracker: AttributeTracker) -> None:
    tracker.character_picker.value = "Tomas"
    assert tracker.serious_view.value == ""
    check(tracker, "Brute Force", "Hard", dice=[1, 1])  # Strength 1, Brute Force 0: Strength drops to 0
    tracker.accept_button.click()
    shown = text(tracker.serious_view.value)
    assert shown.startswith("Serious consequences for Tomas (S-6)")
    assert "♠ Strength is 0: You pass out, you get a serious injury or die." in shown
    assert "⚠ at 0: serious consequences" in text(cell(tracker, "Strength"))
    assert "▼ −1" in cell(tracker, "Strength")

    tracker.gm_what_picker.value = "Strength"
    tracker.gm_reason.value = "a night's sleep"
    tracker.award_button.click()
    assert tracker.serious_view.value == "" and "▲ +1" in cell(tracker, "Strength")
    assert "▲ +1 Strength (0 → 1): awarded by the GM" in text(tracker.changes_view.value)


def test_gm_panel_awards_and_takes_away_as_turns(tracker: AttributeTracker, path: Path) -> None:
    tracker.gm_what_picker.value = "Stealth"
    tracker.gm_points.value = 2
    tracker.gm_reason.value = "trained with the thieves"
    tracker.award_button.click()
    assert "3 of 5" in text(cell(tracker, "Stealth")) and "▲ +2" in cell(tracker, "Stealth")
    tracker.take_away_button.click()
    assert "1 of 5" in text(cell(tracker, "Stealth")) and "▼ −2" in cell(tracker, "Stealth")
    assert [event.action for event in gamefile.load(path).log][-2:] == ["award", "take_away"]


def test_turns_from_elsewhere_on_the_session_redraw_the_tracker(tracker: AttributeTracker,
                                                                 session: TableSession) -> None:
    session.game.rig(dice=[6, 6])
    session.act("check", character="Mira", skill="Help", difficulty="Impossible")
    assert tracker.pending and "Help vs Impossible 13" in tracker.roll_view.value
    session.act("create_character", name="Ode", identity="Hero", strength=2, intelligence=2, dexterity=3,
                charisma=3, skills=["Intimidate", "Explore", "Evade", "Inspire"])
    assert ("Ode (Hero)", "Ode") in tracker.character_picker.options and tracker.character == "Mira"
    tracker.character_picker.value = "Ode"
    assert "Ode (Hero)" in tracker.sheet_view.value and "No check pending" in tracker.roll_view.value


def test_the_shown_sheet_stays_when_another_character_takes_a_turn(tracker: AttributeTracker,
                                                                    session: TableSession) -> None:
    session.game.rig(dice=[2, 2])
    session.act("check", character="Tomas", skill="Grab", difficulty="Easy")
    assert tracker.character == "Mira" and not tracker.pending and "Mira (Baker)" in tracker.sheet_view.value
    tracker.character_picker.value = "Tomas"
    assert tracker.pending and "dice 2 and 2" in text(tracker.roll_view.value)


def test_an_empty_table_shows_no_sheet_and_refuses_a_check(tmp_path: Path) -> None:
    target = tmp_path / "empty.ipynb"
    gamefile.save(SuitPairsGame(seed="empty-table", practice=True), target)
    session = TableSession.open(target)
    tracker = AttributeTracker(session)
    assert tracker.character == "" and "No characters at the table yet" in tracker.sheet_view.value
    assert tracker.check_button.disabled and "no character is picked" in tracker.odds_view.value
    with unchanged(session, target):
        tracker.check_button.click()
    assert "is not at the table" in tracker.check_error.message


def test_tracker_works_on_an_in_memory_session() -> None:
    session = TableSession(new_game())
    tracker = AttributeTracker(session, gm_panel=False)
    check(tracker, "Stealth", "Medium", dice=[3, 3])
    tracker.accept_button.click()
    assert session.game.turn == 4 and "▲ +1" in cell(tracker, "Dexterity")
    assert tracker.gm_panel.layout.display == "none"


def test_tracker_is_a_box_of_widgets(tracker: AttributeTracker) -> None:
    assert isinstance(tracker, widgets.VBox) and tracker.gm_panel in tracker.children
    assert tracker.trait_metadata("character", "help") and tracker.trait_metadata("pending", "help")


# -- refusals: the message beside the control, nothing changed ----------------------------------


@pytest.mark.parametrize("typed", ["Hardest", "7.5", "", "ten"])
def test_s3_unknown_difficulty_is_refused_beside_the_check(
        tracker: AttributeTracker, session: TableSession, path: Path, typed: str) -> None:
    with unchanged(session, path):
        check(tracker, "Defy", typed)
    assert "is neither a difficulty of the table nor a whole number (S-3)" in tracker.check_error.message
    assert "No odds for this set-up" in tracker.odds_view.value
    assert tracker.reroll_error.message == tracker.accept_error.message == ""


def test_s4_reroll_paid_from_an_attribute_at_zero_is_refused(
        tracker: AttributeTracker, session: TableSession, path: Path) -> None:
    tracker.gm_what_picker.value = "Intelligence"
    tracker.gm_points.value = 2
    tracker.take_away_button.click()
    check(tracker, "Defy", "Hard", dice=[2, 3])
    assert tracker.reroll_secondary_button.description == "Reroll: pay 1 ♦ Intelligence (0)"
    assert tracker.reroll_secondary_button.disabled and not tracker.reroll_primary_button.disabled
    with unchanged(session, path):
        tracker.reroll_secondary_button.click()
    assert "Intelligence is 0 and an attribute at 0 cannot pay (S-4)" in tracker.reroll_error.message
    assert "Pay with Strength (3)" in tracker.reroll_error.message
    assert tracker.check_error.message == tracker.accept_error.message == ""


def test_s4_reroll_without_a_pending_check_is_refused(
        tracker: AttributeTracker, session: TableSession, path: Path) -> None:
    assert tracker.reroll_primary_button.disabled
    with unchanged(session, path):
        tracker.reroll_primary_button.click()
    assert "Mira has no pending check" in tracker.reroll_error.message and "(S-4)" in tracker.reroll_error.message


def test_s5_accept_without_a_pending_check_is_refused(
        tracker: AttributeTracker, session: TableSession, path: Path) -> None:
    assert tracker.accept_button.disabled
    with unchanged(session, path):
        tracker.accept_button.click()
    assert "Mira has no pending check to accept (S-5)" in tracker.accept_error.message
    assert tracker.reroll_error.message == ""


def test_s5_second_check_while_one_is_pending_is_refused(
        tracker: AttributeTracker, session: TableSession, path: Path) -> None:
    check(tracker, "Defy", "Hard", dice=[3, 4])
    with unchanged(session, path):
        check(tracker, "Analyze", "Easy")
    assert "Defy check is still pending" in tracker.check_error.message and "(S-5)" in tracker.check_error.message
    assert "dice 3 and 4" in text(tracker.roll_view.value)


def test_s5_gm_cannot_push_a_value_out_of_range(tracker: AttributeTracker, session: TableSession,
                                               path: Path) -> None:
    tracker.gm_what_picker.value = "Strength"
    tracker.gm_points.value = 3
    with unchanged(session, path):
        tracker.award_button.click()
    assert "every value stays within 0–5 (S-5)" in tracker.gm_error.message


def test_a_refusal_clears_once_the_control_succeeds(tracker: AttributeTracker) -> None:
    check(tracker, "Defy", "Hardest")
    assert tracker.check_error.message
    check(tracker, "Defy", "Hard", dice=[2, 2])
    assert tracker.check_error.message == "" and tracker.pending


def test_s3_the_roll_is_shown_before_the_turn_is_written(tracker: AttributeTracker, session: TableSession,
                                                          path: Path) -> None:
    before = path.read_bytes()
    seen: list[tuple[str, bool]] = []
    session.first(lambda _: seen.append((text(tracker.roll_view.value), path.read_bytes() == before)))
    check(tracker, "Defy", "Hard", dice=[3, 4])
    [(roll, unwritten)] = seen
    assert "dice 3 and 4, total 3 + 4 + skill 1 = 8 — Failure so far" in roll and unwritten
    assert gamefile.load(path).turn == session.game.turn


def test_disabled_buttons_say_why_beside_them(tracker: AttributeTracker) -> None:
    """Phones show no tooltips: a disabled reroll, accept or check has its reason written beside it (S-4, S-5)."""
    import re
    from html import unescape

    def words(view) -> str:
        return unescape(re.sub(r"<[^>]+>", " ", view.value)).strip()

    assert tracker.reroll_primary_button.disabled and tracker.accept_button.disabled
    assert "Roll a check first" in words(tracker.reroll_reason) and "(S-4)" in words(tracker.reroll_reason)
    assert "No check is waiting" in words(tracker.accept_reason)
    tracker.session.game.rig(dice=[1, 2])
    tracker.check_button.click()
    assert tracker.pending and tracker.check_button.disabled
    assert "Reroll or accept the pending check first (S-5)" in words(tracker.seat_view)
    assert words(tracker.accept_reason) == ""
    tracker.accept_button.click()
    assert not tracker.pending and "Roll a check first" in words(tracker.reroll_reason)
    for view in (tracker.reroll_reason, tracker.accept_reason, tracker.seat_view):
        assert not re.search(r"\w\(|=|\bNone\b", words(view))
