"""The Roll-Under tests panel, driven headlessly: plain and opposed tests a fate card may change (R-1, R-2, R-7)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from ru_widget_table import saved_game

from kit import gamefile
from kit.widgets import TableSession
from kit.widgets.rollunder import components
from kit.widgets.rollunder.tests_panel import NO_SKILL, TestsPanel

CODE = re.compile(r"\w\(|=|\bNone\b|\['")


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return saved_game(tmp_path, "tests-panel")


def with_gm(path: Path) -> Path:
    """The saved table again, with Gil as its GM (P-1): Ann plays Artie and Mabel, Xan plays Xavier."""
    from ru_widget_table import new_game

    game = new_game("tests-panel-seats", {"Ann": ["Artie", "Mabel"], "Xan": ["Xavier"]}, gm="Gil")
    target = path.with_name("seated.ipynb")
    gamefile.save(game, target)
    return target


def seated(path: Path, seat: str) -> TableSession:
    """The table with a GM, sat in ``seat``."""
    session = TableSession.open(with_gm(path))
    session.sit(seat)
    return session


def test_the_table_offers_the_tests_panel(path: Path) -> None:
    assert any(isinstance(part, TestsPanel) for part in components(TableSession.open(path)))


def test_r1_a_plain_test_is_rolled_and_left_open_for_a_fate_card(path: Path) -> None:
    panel = TestsPanel(TableSession.open(path))
    panel.character_picker.value = "Artie"
    panel.attribute_picker.value = "Agility"
    panel.skill_picker.value = "Bash and Stab"
    panel.modifier_input.value = 2
    panel.session.game.rig(dice=[14])
    panel.test_button.click()
    assert panel.error.message == ""
    event = gamefile.load(path).log.events[-1]
    assert event.action == "test" and event.args["skill"] == "Bash and Stab" and event.args["modifier"] == 2
    assert "degree 2" in text(panel.result_view.value)
    open_test = panel.session.game.open_test()
    assert open_test is not None and open_test.kind == "test"  # the Tarot hand may now reroll it


def test_r1_the_attribute_the_page_shows_first_is_the_one_tested(path: Path) -> None:
    panel = TestsPanel(TableSession.open(path))  # nothing picked: the pickers show their first entries
    assert panel.attribute_picker.value == panel.attribute_picker.options[0] == "Agility"
    assert panel.opponent_attribute_picker.value == "Agility"
    panel.character_picker.value = "Artie"
    panel.test_button.click()
    assert panel.error.message == ""
    event = gamefile.load(path).log.events[-1]
    assert event.action == "test" and event.args["attribute"] == "Agility"


def test_r1_the_attribute_alone_is_a_choice(path: Path) -> None:
    panel = TestsPanel(TableSession.open(path))
    panel.character_picker.value = "Mabel"
    assert panel.skill_picker.options[0] == NO_SKILL and "Medicine" in panel.skill_picker.options
    panel.attribute_picker.value = "Reason"
    panel.skill_picker.value = NO_SKILL
    panel.test_button.click()
    assert gamefile.load(path).log.events[-1].args["skill"] is None


def test_r2_an_opposed_test_names_the_opponent_and_its_skill(path: Path) -> None:
    panel = TestsPanel(TableSession.open(path))
    panel.character_picker.value = "Artie"
    assert "Artie" not in panel.opponent_picker.options
    panel.opponent_picker.value = "Xavier"
    panel.attribute_picker.value = "Wits"
    panel.skill_picker.value = "Sergeant's Eye"
    panel.opponent_attribute_picker.value = "Agility"
    panel.opponent_skill_picker.value = "Duck & Cover"
    panel.session.game.rig(dice=[5, 5])
    panel.opposed_button.click()
    assert panel.error.message == ""
    event = gamefile.load(path).log.events[-1]
    assert event.action == "opposed_test" and event.args["opponent"] == "Xavier"
    assert event.args["opponent_skill"] == "Duck & Cover"
    assert panel.session.game.open_test().kind == "opposed"


def test_a_refused_test_is_shown_in_plain_words(path: Path) -> None:
    panel = TestsPanel(TableSession.open(path))
    panel.character_picker.value = "Artie"
    panel.modifier_input.value = 40
    before = path.read_bytes()
    panel.test_button.click()
    assert panel.error.message and path.read_bytes() == before


def test_p1_a_players_seat_tests_only_its_own_characters(path: Path) -> None:
    xan = TestsPanel(seated(path, "Xan"))
    assert list(xan.character_picker.options) == ["Xavier"]
    assert set(xan.opponent_picker.options) == {"Artie", "Mabel"}
    gil = TestsPanel(seated(path, "Gil"))
    assert list(gil.character_picker.options) == ["Artie", "Xavier", "Mabel"]


def test_p1_nobody_sitting_sees_why_the_test_is_disabled(path: Path) -> None:
    panel = TestsPanel(TableSession.open(with_gm(path)))
    assert panel.test_button.disabled
    reason = text(panel.seat_view.value)
    assert reason and not CODE.search(reason)
