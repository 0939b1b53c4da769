"""The character builders, driven headlessly: live problems beside each field, Create, the file, seats."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit import gamefile
from kit.falkefateifaux import FalkeFateiFauxGame
from kit.rollunder import RollUnderGame
from kit.systems import SYSTEMS
from kit.widgets import falkefateifaux as ff_widgets
from kit.widgets import rollunder as ru_widgets
from kit.widgets import suitpairs as sp_widgets
from kit.widgets.falkefateifaux.builder import CharacterBuilder as FFBuilder
from kit.widgets.registry import widgets_of
from kit.widgets.rollunder.builder import CharacterBuilder as RUBuilder
from kit.widgets.session import TableSession
from kit.widgets.suitpairs.builder import CharacterBuilder as SPBuilder

FORBIDDEN = ("name(", "=", "None", "['", '["')


def open_session(tmp_path: Path, system: str) -> TableSession:
    path = tmp_path / f"{system}.ipynb"
    gamefile.create(system, path)  # a real game, no roster: the builder behaves as for the GM
    return TableSession.open(path)


def shown(builder) -> dict[str, str]:
    return {field: line.message for field, line in builder.field_problems.items() if line.message}


def assert_plain(builder) -> None:
    for message in shown(builder).values():
        assert not any(code in message for code in FORBIDDEN), message


# -- FalkeFateiFaux ------------------------------------------------------------------------


def fill_ff(builder: FFBuilder, name: str = "Dora") -> None:
    builder.name_box.value = name
    builder.high_concept_box.value = "Hedge witch"
    builder.trouble_box.value = "Trusts every stranger"
    for box, adverb in zip(builder.adverb_boxes, ["softly", "cleverly", "warmly"], strict=True):
        box.value = adverb
    builder.negative_adverb_box.value = "rashly"
    builder.great_picker.value = "Magic"
    for picker, skill in zip(builder.good_pickers, ["Physician", "Courage", "Connection"], strict=True):
        picker.value = skill
    builder.poor_picker.value = "Fisticuffs"


def test_ff_builder_shows_each_problem_beside_its_field_live(tmp_path):
    session = open_session(tmp_path, "falkefateifaux")
    builder = ff_widgets.make_builder(session)
    assert isinstance(builder, FFBuilder)
    assert builder.create_button.disabled and "8 fields to fix" in builder.summary.value
    assert_plain(builder)
    fill_ff(builder)
    assert shown(builder) == {} and "Ready: press Create character" in builder.summary.value
    assert not builder.create_button.disabled
    builder.poor_picker.value = "Courage"
    assert list(shown(builder)) == ["poor"] and "F-14" in shown(builder)["poor"]
    assert builder.create_button.disabled and "1 field to fix" in builder.summary.value
    builder.adverb_boxes[1].value = "Softly"
    assert set(shown(builder)) == {"poor", "adverbs"} and "different" in shown(builder)["adverbs"]
    assert_plain(builder)


def test_ff_builder_refuses_nothing_to_the_file_while_problems_remain(tmp_path):
    session = open_session(tmp_path, "falkefateifaux")
    builder = FFBuilder(session)
    fill_ff(builder)
    builder.great_picker.value = ""
    before = session.path.read_bytes()
    builder.create_button.click()  # a click from code reaches the handler even on a disabled button
    assert session.path.read_bytes() == before and session.game.state.characters == {}


def test_ff_builder_creates_the_character_in_the_file_and_resets(tmp_path):
    session = open_session(tmp_path, "falkefateifaux")
    builder = FFBuilder(session)
    fill_ff(builder)
    builder.npc_box.value = True
    builder.create_button.click()
    assert builder.create_error.message == ""
    assert "Dora" in builder.created_view.value
    assert builder.name_box.value == "" and builder.great_picker.value == "" and not builder.npc_box.value
    assert gamefile.verify(session.path).ok
    loaded = gamefile.load(session.path)
    assert list(loaded.state.characters) == ["Dora"] and loaded.state.characters["Dora"].npc
    fill_ff(builder, "dora")
    assert "already at the table" in shown(builder)["name"] and builder.create_button.disabled


def test_ff_builder_offers_the_npc_mark_to_the_gm_only():
    session = TableSession(FalkeFateiFauxGame("seats", practice=True, players={"Kim": []}, gm="Gil"))
    builder = FFBuilder(session)
    assert builder.npc_box.layout.display is None  # no seat: as for the GM
    session.seat = "Kim"
    builder.refresh()
    builder.npc_box.value = True
    assert builder.npc_box.layout.display == "none" and builder.fields()["npc"] is False
    session.seat = "Gil"
    builder.refresh()
    builder.npc_box.value = True
    assert builder.npc_box.layout.display is None and builder.fields()["npc"] is True


# -- Suit Pairs ----------------------------------------------------------------------------


def fill_sp(builder: SPBuilder, name: str = "Ines") -> None:
    builder.name_box.value = name
    builder.identity_box.value = "Collector"
    for title, value in {"Strength": 2, "Intelligence": 3, "Dexterity": 3, "Charisma": 2}.items():
        builder.attribute_boxes[title].value = value
    for title, skill in {"Strength": "Grab", "Intelligence": "Tinker", "Dexterity": "Evade",
                         "Charisma": "Charm"}.items():
        builder.skill_pickers[title].value = skill


def test_sp_builder_shows_each_problem_beside_its_field_live(tmp_path):
    session = open_session(tmp_path, "suitpairs")
    builder = sp_widgets.make_builder(session)
    assert isinstance(builder, SPBuilder)
    assert builder.create_button.disabled and "Points spent: 4 of 10" in builder.points_view.value
    fill_sp(builder)
    assert shown(builder) == {} and not builder.create_button.disabled
    builder.attribute_boxes["Strength"].value = 6
    builder.attribute_boxes["Intelligence"].value = 1
    builder.attribute_boxes["Dexterity"].value = 1
    problems = shown(builder)
    assert list(problems) == ["strength"] and "above 5" in problems["strength"] and "S-1" in problems["strength"]
    builder.attribute_boxes["Strength"].value = 5
    assert "spend exactly 10" in shown(builder)["charisma"] and builder.create_button.disabled
    builder.skill_pickers["Charisma"].value = ""
    assert "Charisma row" in shown(builder)["skills"]
    assert_plain(builder)


def test_sp_builder_creates_the_character_in_the_file(tmp_path):
    session = open_session(tmp_path, "suitpairs")
    builder = SPBuilder(session)
    fill_sp(builder)
    builder.create_button.click()
    assert "Ines" in builder.created_view.value and builder.name_box.value == ""
    assert gamefile.verify(session.path).ok
    assert gamefile.load(session.path).characters == ["Ines"]


def test_sp_builder_shows_a_refusal_of_the_session_and_changes_nothing(tmp_path):
    session = open_session(tmp_path, "suitpairs")
    other = TableSession.open(session.path)
    builder, elsewhere = SPBuilder(session), SPBuilder(other)
    fill_sp(elsewhere, "Juno")
    elsewhere.create_button.click()  # another table moves the game on
    before = session.path.read_bytes()
    fill_sp(builder)
    builder.create_button.click()
    assert builder.create_error.message != "" and builder.created_view.value == ""
    assert session.path.read_bytes() == before and session.game.characters == []
    assert builder.name_box.value == "Ines"  # the sheet stays for another try


# -- Roll-Under ----------------------------------------------------------------------------


def fill_ru(builder: RUBuilder, name: str = "Nell") -> None:
    builder.name_box.value = name
    for attribute, value in {"Agility": 6, "Wits": 5, "Vitality": 5, "Reason": 6, "Fate": 4}.items():
        builder.attribute_boxes[attribute].value = value
    builder.skill_boxes["Medicine"].value = 5
    weapon = builder.add_weapon()
    weapon.name_box.value = "Knife"
    weapon.damage_box.value = 2
    weapon.familiarity_box.value = True
    builder.armour_box.value = 1
    builder.stamina_box.value = 8
    builder.physical_box.value = 7


def test_ru_builder_shows_each_problem_beside_its_field_live(tmp_path):
    session = open_session(tmp_path, "rollunder")
    builder = ru_widgets.make_builder(session)
    assert isinstance(builder, RUBuilder)
    assert shown(builder) == {"name": "Write the character's name (R-1)"} and builder.create_button.disabled
    fill_ru(builder)
    assert shown(builder) == {} and not builder.create_button.disabled
    builder.attribute_boxes["Fate"].value = 31
    builder.stamina_box.value = 0
    problems = shown(builder)
    assert set(problems) == {"attributes", "stamina"} and "R-1" in problems["attributes"]
    assert "R-6" in problems["stamina"] and "2 fields to fix" in builder.summary.value
    builder.attribute_boxes["Fate"].value = 4
    builder.stamina_box.value = 8
    second = builder.add_weapon()
    second.name_box.value = "knife"
    assert "Two weapons are named" in shown(builder)["weapons"] and builder.create_button.disabled
    second.remove_button.click()
    assert shown(builder) == {} and len(builder.weapon_rows) == 1
    builder.weapon_rows[0].damage_box.value = 40
    assert "R-5" in shown(builder)["weapons"]
    assert_plain(builder)


def test_ru_builder_creates_the_character_in_the_file(tmp_path):
    session = open_session(tmp_path, "rollunder")
    builder = RUBuilder(session)
    fill_ru(builder)
    builder.weapon_rows[0].kind_picker.value = "ranged"
    builder.weapon_rows[0].skill_picker.value = "Barking Irons"
    builder.create_button.click()
    assert builder.create_error.message == "" and "Nell" in builder.created_view.value
    assert builder.weapon_rows == [] and builder.name_box.value == ""
    assert gamefile.verify(session.path).ok
    nell = gamefile.load(session.path).state.characters["Nell"]
    assert nell.player == "GM" and nell.skills == {"Medicine": 5}
    assert [(w.name, w.damage, w.ranged, w.skill, w.familiarity) for w in nell.weapons] == [
        ("Knife", 2, True, "Barking Irons", True)]


def test_ru_builder_refuses_nothing_to_the_file_while_problems_remain(tmp_path):
    session = open_session(tmp_path, "rollunder")
    builder = RUBuilder(session)
    fill_ru(builder)
    builder.physical_box.value = 0
    before = session.path.read_bytes()
    builder.create_button.click()
    assert session.path.read_bytes() == before and session.game.state.characters == {}


def test_ru_builder_played_by_is_the_gms_choice_and_a_players_own_seat():
    session = TableSession(RollUnderGame("seats", practice=True, players={"Kim": [], "Lou": []}, gm="Gil"))
    builder = RUBuilder(session)
    assert [value for _label, value in builder.player_picker.options] == ["Kim", "Lou", "Gil"]
    builder.player_picker.value = "Lou"
    assert builder.fields()["player"] == "Lou"
    session.seat = "Kim"
    builder.refresh()
    assert builder.player_picker.layout.display == "none" and builder.fields()["player"] == "Kim"


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_each_builder_is_exported_by_its_package(system):
    package = widgets_of(system)
    name = next(key for key in package.EXPORTS if key.endswith("CharacterBuilder"))
    module = __import__(package.EXPORTS[name], fromlist=[name])
    assert getattr(module, name) is module.CharacterBuilder
