"""The Roll-Under combat round sequencer, driven headlessly: initiative, rounds, actions, attacks, healing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest
from ru_widget_table import new_game, saved_game

from kit import gamefile
from kit.rollunder.odds import attack_hit_probability, damage_distribution
from kit.widgets import TableSession
from kit.widgets.common import ErrorLine
from kit.widgets.rollunder.combat_sequencer import ACTIONS, CombatSequencer

# Initiative targets: Artie Wits 6 + Sergeant's Eye 3 = 9, Xavier 5 + 4 = 9.
BOTH_ACT = [5, 8]  # Artie degree 4, Xavier degree 1: Xavier declares first, Artie last
XAVIER_LATE = [5, 10]  # Xavier fails (degree −1): acts from round 2


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return saved_game(tmp_path, "combat-sequencer-tests")


@pytest.fixture
def session(path: Path) -> TableSession:
    return TableSession.open(path)


@pytest.fixture
def seq(session: TableSession) -> CombatSequencer:
    return CombatSequencer(session)


def text(html: str) -> str:
    """The visible text of an HTML value (tags and style blocks dropped)."""
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def start(seq: CombatSequencer, dice: list[int], combatants: tuple[str, ...] = ("Artie", "Xavier"),
          ambushers: tuple[str, ...] = ()) -> None:
    seq.combatant_picker.value = combatants
    seq.ambusher_picker.value = ambushers
    seq.session.game.rig(dice=dice)
    seq.start_button.click()
    assert seq.start_error.message == ""


@contextmanager
def refused(seq: CombatSequencer, line: ErrorLine, *words: str) -> Iterator[None]:
    """The block is refused: the message (citing ``words``) is on ``line``; game and file are unchanged."""
    game = seq.session.game
    before = (game.fingerprint(), len(game.log), seq.session.path.read_bytes())
    yield
    assert line.message, "the refusal is shown beside its control"
    for word in words:
        assert word in unescape(line.message)
    game = seq.session.game
    assert (game.fingerprint(), len(game.log), seq.session.path.read_bytes()) == before


def test_r6_tracks_show_boxes_and_counts(seq: CombatSequencer) -> None:
    shown = text(seq.tracks_view.value)
    assert "Artie (Ann)" in shown and "Stamina ■" in shown
    assert "10 of 10 left" in shown and "8 of 8 left" in shown
    assert seq.tracks_view.value.count(">■<") == 10 + 8 + 10 + 10 + 8 + 6
    assert 'aria-label="Physical: 8 of 8 boxes left, 0 marked"' in seq.tracks_view.value


def test_r3_start_combat_shows_initiative_rolls_degrees_and_order(seq: CombatSequencer, path: Path) -> None:
    start(seq, XAVIER_LATE)
    initiative = text(seq.initiative_view.value)
    assert "Artie 5 9 Success, degree 4 round 1" in initiative
    assert "Xavier 10 9 Failure, degree -1 round 2" in initiative
    status = text(seq.round_view.value)
    assert "Round 1 · 0:05" in status and seq.round_label == "Round 1 · 0:05"
    assert "Xavier — waits: acts from round 2" in status and "Artie — ▶ declares now" in status
    assert seq.current == "Artie" and seq.actor_picker.value == "Artie"
    saved = gamefile.load(path)
    assert saved.log.events[-1].action == "start_combat" and saved.turn == seq.session.game.turn == 4


def test_r3_ambush_outcome_is_stated_and_the_ambushed_wait(seq: CombatSequencer) -> None:
    start(seq, [5, 8, 15], ambushers=("Artie",))  # Xavier's separate ambush test: 15 against 9 fails
    assert seq.round_label == "Free round (ambush) · 0:05"
    ambush = text(seq.initiative_view.value)
    assert "Ambush by Artie" in ambush and "Xavier rolled 15 against 9: Failure, degree -6" in ambush
    assert "free round" in ambush and "(R-3)" in ambush
    assert "Xavier — ambushed: cannot act in the free round" in text(seq.round_view.value)


def test_r3_ambush_that_fails_gives_no_free_round(seq: CombatSequencer) -> None:
    start(seq, [5, 8, 4], ambushers=("Artie",))
    assert seq.round_label == "Round 1 · 0:05"
    assert "no free round" in text(seq.initiative_view.value)


def test_r4_action_picker_offers_the_texts_list() -> None:
    offered = {value for _, value in ACTIONS}
    assert {"attack", "invoke", "walk", "run", "ready", "operate", "aim", "perceive", "withdraw",
            "attack_and_defend"} <= offered


def test_r5_attack_shows_exact_odds_before_and_the_result_after(seq: CombatSequencer, path: Path) -> None:
    start(seq, BOTH_ACT)
    assert seq.current == "Xavier"
    seq.action_picker.value = "attack"
    seq.target_picker.value = "Artie"
    seq.weapon_picker.value = "Sword"
    odds = text(seq.odds_view.value)
    hit = attack_hit_probability(11, 11)  # Agility 6 + Bash and Stab 5 against Agility 7 + Duck & Cover 4
    assert f"Hit chance {hit.numerator}/{hit.denominator}" in odds
    assert "attack target 11 against Duck & Cover (dodge) target 11" in odds
    assert damage_distribution(11, 11, 3, 1)[0] == 1 - hit
    assert "physical damage" in odds

    seq.session.game.rig(dice=[9, 10])  # attack degree 2, dodge degree 1: net 1, damage 3 + 1 − 1 = 3
    seq.act_button.click()
    assert seq.act_error.message == ""
    result = text(seq.result_view.value)
    assert "Xavier attacks Artie" in result and "hit for 3 physical" in result
    assert "rolled 9" in result and "rolled 10" in result and "3 + 1 − armour 1 = 3" in result
    assert "5 of 8 left (3 marked)" in text(seq.tracks_view.value)
    assert seq.session.game.state.characters["Artie"].physical_left == 5
    assert gamefile.load(path).state.characters["Artie"].physical_left == 5
    assert "Xavier — ✓ has acted" in text(seq.round_view.value) and seq.current == "Artie"


def test_r5_odds_follow_the_chosen_defence_and_modifiers(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    seq.target_picker.value = "Artie"
    seq.weapon_picker.value = "Sword"
    seq.defence_picker.value = "parry"
    seq.modifier_input.value = 2
    hit = attack_hit_probability(13, 14)  # Artie parries with Agility 7 + Bash and Stab 7
    assert f"Hit chance {hit.numerator}/{hit.denominator}" in text(seq.odds_view.value)
    seq.defence_picker.value = "cover"
    assert "No odds:" in text(seq.odds_view.value) and "R-5" in text(seq.odds_view.value)


def test_r4_round_counter_and_clock_move_with_next_round(seq: CombatSequencer, path: Path) -> None:
    start(seq, XAVIER_LATE)
    seq.action_picker.value = "walk"
    seq.act_button.click()
    assert "walks 7 yards" in text(seq.result_view.value)
    seq.next_round_button.click()
    assert seq.round_error.message == ""
    assert seq.round_label == "Round 2 · 0:10" and "Round 2 · 0:10" in text(seq.round_view.value)
    assert seq.current == "Xavier" and "Xavier — ▶ declares now" in text(seq.round_view.value)
    assert gamefile.load(path).log.events[-1].action == "next_round"


@pytest.mark.parametrize(("action", "setup", "shown"), [
    ("run", {}, "runs 21 yards"),
    ("ready", {"detail_input": "the pistol"}, "readies the pistol"),
    ("operate", {"detail_input": "the door"}, "operates the door"),
    ("invoke", {"detail_input": "the Warding Pattern"}, "the Warding Pattern"),
    ("aim", {"weapon_picker": "Pistol"}, "aims Pistol"),
    ("wait", {}, "declares no action"),
])
def test_r4_each_action_of_the_list_is_one_turn(seq: CombatSequencer, path: Path, action: str,
                                                setup: dict[str, str], shown: str) -> None:
    start(seq, XAVIER_LATE)
    seq.action_picker.value = action
    for control, value in setup.items():
        getattr(seq, control).value = value
    seq.act_button.click()
    assert seq.act_error.message == ""
    assert shown in text(seq.result_view.value)
    assert gamefile.load(path).log.events[-1].action == action


def test_r4_perceive_tests_wits_with_the_chosen_eye(seq: CombatSequencer) -> None:
    start(seq, XAVIER_LATE)
    seq.action_picker.value = "perceive"
    seq.skill_picker.value = "Sergeant's Eye"
    seq.session.game.rig(dice=[4])
    seq.act_button.click()
    assert "perceives: success, degree 5" in text(seq.result_view.value)


def test_r4_withdraw_and_the_free_attack_it_gives(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    seq.action_picker.value = "withdraw"
    seq.opponents_picker.value = ("Artie",)
    seq.skill_picker.value = "Duck & Cover"
    seq.session.game.rig(dice=[15, 3])  # Xavier fails, Artie (Agility 7 + Bash and Stab 7) wins
    seq.act_button.click()
    assert "free attack for Artie" in text(seq.result_view.value)
    seq.actor_picker.value = "Artie"
    seq.action_picker.value = "free_attack"
    seq.target_picker.value = "Xavier"
    seq.weapon_picker.value = "Sword"
    seq.session.game.rig(dice=[2, 18])
    seq.act_button.click()
    assert seq.act_error.message == ""
    assert "Artie attacks Xavier (free attack)" in text(seq.result_view.value)


def test_r4_free_actions(seq: CombatSequencer, path: Path) -> None:
    start(seq, XAVIER_LATE)
    seq.free_action_picker.value = "say"
    seq.free_detail_input.value = "Down, all of you!"
    seq.free_button.click()
    assert "says: Down, all of you!" in text(seq.result_view.value)
    seq.free_action_picker.value = "shift"
    seq.free_button.click()
    assert "shifts a few steps" in text(seq.result_view.value)
    assert [e.action for e in gamefile.load(path).log.events[-2:]] == ["say", "shift"]


def test_r3_acting_out_of_turn_is_refused_beside_the_action(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    seq.actor_picker.value = "Artie"
    seq.action_picker.value = "walk"
    with refused(seq, seq.act_error, "Xavier's turn", "R-3"):
        seq.act_button.click()


def test_r4_a_second_action_in_a_round_is_refused(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    seq.action_picker.value = "walk"
    seq.act_button.click()
    seq.actor_picker.value = "Xavier"
    with refused(seq, seq.act_error, "already acted this round", "R-4"):
        seq.act_button.click()


def test_r1_a_modifier_outside_the_range_is_refused(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    seq.target_picker.value = "Artie"
    seq.modifier_input.value = 11
    assert "outside −10…+10" in text(seq.odds_view.value)
    with refused(seq, seq.act_error, "+11", "−10…+10", "R-1"):
        seq.act_button.click()


def test_r4_next_round_before_everyone_declared_is_refused(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    with refused(seq, seq.round_error, "Xavier, Artie must still declare", "R-4"):
        seq.next_round_button.click()


def test_r6_end_combat_then_heal_against_the_clock(seq: CombatSequencer, path: Path) -> None:
    start(seq, XAVIER_LATE)
    seq.target_picker.value = "Xavier"
    seq.weapon_picker.value = "Sword"
    seq.session.game.rig(dice=[2, 18])  # degree 14 (Agility 7 + 7 + familiarity 2 = 16), dodge fails
    seq.act_button.click()
    assert "0 of 10 left" in text(seq.tracks_view.value)
    seq.end_combat_button.click()
    assert seq.round_label == "" and "No combat in progress" in text(seq.round_view.value)
    assert "day 1, 00:00:05" in text(seq.clock_view.value)

    seq.heal_kind_picker.value = "treat"
    seq.physician_picker.value = "Mabel"
    seq.heal_character_picker.value = "Xavier"
    seq.session.game.rig(dice=[10])  # Reason 7 + Medicine 6 = 13: degree 3
    seq.heal_button.click()
    assert seq.heal_error.message == ""
    assert "3 of 10 left (7 marked)" in text(seq.tracks_view.value)

    seq.heal_kind_picker.value = "heal_physical"
    seq.session.game.rig(dice=[1])  # Vitality 7 + Heroic Vigor 3 = 10: degree 9, restores 3
    seq.heal_button.click()
    assert "6 of 10 left" in text(seq.tracks_view.value)
    with refused(seq, seq.heal_error, "R-6"):
        seq.heal_button.click()

    seq.advance_hours.value = 24
    seq.advance_button.click()
    assert "day 2, 00:00:05" in text(seq.clock_view.value)
    seq.heal_kind_picker.value = "take_physicane"
    seq.session.game.rig(dice=[1])
    seq.heal_button.click()
    assert "restores 3 now and 9 over the next 24 hours" in text(seq.result_view.value)
    assert [e.action for e in gamefile.load(path).log.events[-5:]] == [
        "end_combat", "treat", "heal_physical", "advance_time", "take_physicane"]


def test_r4_advancing_the_clock_in_combat_is_refused(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    seq.advance_minutes.value = 10
    with refused(seq, seq.advance_error, "R-4"):
        seq.advance_button.click()


def test_redraws_after_turns_taken_elsewhere_on_the_session(seq: CombatSequencer) -> None:
    seq.session.game.rig(dice=BOTH_ACT)
    seq.session.act("start_combat", combatants=["Artie", "Xavier"])
    assert seq.round_label == "Round 1 · 0:05" and seq.current == "Xavier"
    seq.session.act("walk", character="Xavier")
    assert seq.current == "Artie" and seq.actor_picker.value == "Artie"
    assert seq.turns == seq.session.game.turn


def test_works_on_an_in_memory_session() -> None:
    seq = CombatSequencer(TableSession(new_game("combat-sequencer-tests")))
    start(seq, XAVIER_LATE)
    seq.target_picker.value = "Xavier"
    seq.weapon_picker.value = "Fists"
    odds = seq.session.game.attack_odds("Artie", "Xavier", "Fists")
    assert odds.track == "stamina" and odds.hit == attack_hit_probability(14, 11)
    assert sum(odds.damage.values()) == Fraction(1)
    assert "stamina damage" in text(seq.odds_view.value)


def test_r5_attack_odds_and_open_test_queries_change_nothing(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    game = seq.session.game
    before = (game.fingerprint(), len(game.log))
    odds = game.attack_odds("Xavier", "Artie", "Rifle", defence="cover", cover=3)
    assert (odds.kind, odds.attack_target, odds.defence_target) == ("ranged", 14, 14)  # 6 + 6 + 2; 7 + 4 + 3
    assert odds.hit == attack_hit_probability(14, 14) and game.open_test() is None
    assert (game.fingerprint(), len(game.log)) == before


def test_r3_the_turns_result_is_shown_before_it_is_written(seq: CombatSequencer, path: Path) -> None:
    before = path.read_bytes()
    seen: list[tuple[str, bool]] = []
    seq.session.first(lambda _: seen.append((text(seq.result_view.value), path.read_bytes() == before)))
    start(seq, dice=[14, 10])
    [(shown, unwritten)] = seen
    assert "Artie" in shown and "Xavier" in shown and unwritten
    assert text(seq.result_view.value) == shown


# -- the table's face: thumbs, the weapon carried, the defender's choice, reasons beside (R-5a) ----

PLAIN = re.compile(r"\w\(|=|\bNone\b|\['")
"""Python in a message for players."""


def test_the_multi_selects_are_checkboxes_a_thumb_can_use(seq: CombatSequencer) -> None:
    from ipywidgets import SelectMultiple

    from kit.widgets.controls import CharacterChecks

    for picker in (seq.combatant_picker, seq.ambusher_picker, seq.opponents_picker):
        assert isinstance(picker, CharacterChecks)
    assert list(seq.combatant_picker.checkboxes) == ["Artie", "Xavier", "Mabel"]

    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    assert not [w for w in walk(seq) if isinstance(w, SelectMultiple)]
    seq.combatant_picker.checkboxes["Artie"].value = True
    seq.combatant_picker.checkboxes["Xavier"].value = True
    seq.session.game.rig(dice=BOTH_ACT)
    seq.start_button.click()
    assert seq.start_error.message == "" and seq.session.game.combat.combatants == ["Artie", "Xavier"]
    assert list(seq.opponents_picker.checkboxes) == []  # offered only with Withdraw: no checkbox made per turn
    seq.action_picker.value = "withdraw"
    assert list(seq.opponents_picker.checkboxes) == ["Artie"]  # Xavier declares: the others are his opponents


def test_r5a_the_weapon_picker_starts_on_the_weapon_carried(seq: CombatSequencer) -> None:
    start(seq, BOTH_ACT)
    assert seq.actor_picker.value == "Xavier" and seq.weapon_picker.value == "Sword"
    seq.action_picker.value = "ready"
    seq.detail_input.value = "Rifle"
    seq.act_button.click()
    assert seq.act_error.message == ""
    assert seq.actor_picker.value == "Artie" and seq.weapon_picker.value == "Sword"
    seq.session.act("wait", character="Artie")
    seq.session.act("next_round")
    assert seq.actor_picker.value == "Xavier" and seq.weapon_picker.value == "Rifle"  # readied
    assert "carried" in dict((v, k) for k, v in seq.weapon_picker.options)["Rifle"]


def test_r5a_the_defender_chooses_the_defence_and_the_attack_meets_it(seq: CombatSequencer, path: Path) -> None:
    seq.guard_picker.value = "Artie"
    seq.guard_defence_picker.value = "parry"
    seq.guard_button.click()
    assert seq.guard_error.message == ""
    assert "Parry" in text(seq.guard_view.value) and "(R-5a)" in text(seq.guard_view.value)
    assert gamefile.load(path).log.events[-1].action == "choose_defence"
    start(seq, BOTH_ACT)
    seq.action_picker.value = "attack"
    seq.target_picker.value = "Artie"
    assert "against Parry" in text(seq.odds_view.value)
    seq.session.game.rig(dice=[10, 10])
    seq.act_button.click()
    assert seq.act_error.message == ""
    assert gamefile.load(path).log.events[-1].outcome["defence_choice"] == "parry"


def test_r5a_a_players_seat_does_not_see_the_attackers_defence_controls(tmp_path: Path) -> None:
    from ru_widget_table import new_game

    game = new_game("r5a-seats", {"Ann": ["Artie", "Mabel"], "Xan": ["Xavier"]}, gm="Gil")
    target = tmp_path / "seated.ipynb"
    gamefile.save(game, target)
    gil = TableSession.open(target)
    gil.sit("Gil")
    gil.game.rig(dice=BOTH_ACT)
    gil.act("start_combat", combatants=["Artie", "Xavier"])
    xan = TableSession.open(target)
    xan.sit("Xan")
    seq = CombatSequencer(xan)
    seq.action_picker.value = "attack"
    assert seq._gm_defence_box.layout.display == "none"
    assert list(seq.guard_picker.options) == ["Xavier"]
    seq.defence_picker.value = "none"  # even if set from code, the player's attack leaves the defence alone
    assert seq.action_args()[1]["defence"] is None
    gm_seq = CombatSequencer(gil)
    gm_seq.action_picker.value = "attack"
    assert gm_seq._gm_defence_box.layout.display == "flex"


def test_controls_that_cannot_apply_now_are_disabled_with_the_reason_beside(seq: CombatSequencer) -> None:
    assert not seq.start_button.disabled and seq.start_reason.value == ""
    assert seq.next_round_button.disabled and seq.end_combat_button.disabled
    assert "No combat in progress" in text(seq.round_reason.value)
    seq.heal_kind_picker.value = "heal_stamina"
    seq.heal_character_picker.value = "Artie"
    assert seq.heal_button.disabled
    unhurt = text(seq.heal_reason.value)
    assert "Artie is unhurt" in unhurt and "(R-6)" in unhurt and not PLAIN.search(unhurt)
    start(seq, BOTH_ACT)
    assert seq.start_button.disabled
    reason = text(seq.start_reason.value)
    assert "A combat is in progress" in reason and "(R-3)" in reason and not PLAIN.search(reason)
    assert not seq.next_round_button.disabled and seq.round_reason.value == ""
    assert seq.heal_button.disabled and "waits until the combat is over" in text(seq.heal_reason.value)
    seq.session.act("end_combat")
    assert not seq.start_button.disabled and seq.start_reason.value == ""


def test_r5_an_attack_sends_the_page_its_result_first_and_then_only_what_changed(
        seq: CombatSequencer, monkeypatch: pytest.MonkeyPatch) -> None:
    """No widget is made and no control flips back and forth: the page gets each changed view once."""
    start(seq, BOTH_ACT)
    seq.target_picker.value = "Artie"
    seq.weapon_picker.value = "Sword"
    sent: list[tuple[widgets.Widget, tuple[str, ...]]] = []
    monkeypatch.setattr(widgets.Widget, "_send",
                        lambda widget, msg, buffers=None: sent.append((widget, tuple(msg.get("state", ())))))
    models = set(widgets.Widget.widgets)
    seq.session.game.rig(dice=[9, 10])
    seq.act_button.click()
    assert seq.act_error.message == ""
    assert set(widgets.Widget.widgets) == models  # no checkbox made for the next actor's opponents
    assert sent[0] == (seq.result_view, ("value",))  # the result leaves the kernel first
    assert len(sent) == len(set(sent)), sent  # every view and trait at most once
    assert seq.heal_button not in [widget for widget, _ in sent]  # still disabled during combat: unchanged


def test_the_gm_sections_show_at_a_game_without_seats(seq: CombatSequencer) -> None:
    """No seats: no GM panel is shown at once, so everyone starts combat, steps rounds and moves the clock here."""
    assert all(box.layout.display is None for box in (seq.setup_box, seq.round_box, seq.advance_box))
    assert [kind for _, kind in seq.heal_kind_picker.options] == [
        "heal_stamina", "heal_physical", "treat", "take_physicane"]
    assert seq.seat_view.value == ""
    hidden = CombatSequencer(seq.session, gm_sections=False)
    assert all(box.layout.display == "none" for box in (hidden.setup_box, hidden.round_box, hidden.advance_box))
