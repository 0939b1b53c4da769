"""The table's components at a game with seats (P-1): what each seat is offered and what it is shown.

One game per system with a GM, Gil, and two players: Ana (Ada, Mira, Artie) and Ben (Bruno,
Tomas, Xavier). The games are made code-first from the GM's seat, saved, and each seat opens the
file in its own session, as each player's table does. Everything is driven headless.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from kit import gamefile, systems
from kit.core.cards import Card
from kit.systems import system_info
from kit.widgets.card_faces import card_face
from kit.widgets.common import FACE_DOWN, FACE_DOWN_WORDS, PRIVATE_HANDS, seat_html
from kit.widgets.falkefateifaux.hand_viewer import HandViewer
from kit.widgets.falkefateifaux.stack_resolver import StackResolver
from kit.widgets.rollunder.combat_sequencer import CombatSequencer
from kit.widgets.rollunder.gm_panel import GMPanel as RollUnderGMPanel
from kit.widgets.rollunder.tarot_hand import TarotHand
from kit.widgets.session import TableSession
from kit.widgets.suitpairs.attribute_tracker import AttributeTracker

CHARACTERS = {"falkefateifaux": ("Ada", "Bruno"), "suitpairs": ("Mira", "Tomas"), "rollunder": ("Artie", "Xavier")}
"""Each system's character for Ana and for Ben."""

READY_MADE = {"Tomas": "Tobin"}
"""A character built from another ready-made sheet (the Suit Pairs party has no Tomas)."""


# -- making the games --------------------------------------------------------------------------


def make_game(system: str, folder: Path, *, create: tuple[str, ...] | None = None, seed: str = "seats-1") -> Path:
    """A saved game of ``system`` with the GM Gil and players Ana and Ben; ``create`` names who exists yet."""
    ana, ben = CHARACTERS[system]
    game = systems.new_game(system, seed=seed, players={"Ana": [ana], "Ben": [ben]}, gm="Gil")
    game.sit("Gil")
    info = system_info(system)
    action = info.party[0][0]
    for name, player in ((ana, "Ana"), (ben, "Ben")):
        if create is not None and name not in create:
            continue
        sheet = info.sheet(READY_MADE.get(name, name))
        if info.player_on_sheet:
            sheet["player"] = player
        getattr(game, action)(name, **sheet)
    path = folder / f"{system}.ipynb"
    gamefile.save(game, path)
    return path


def sit(path: Path, seat: str) -> TableSession:
    """A table of its own on the file, sat in ``seat``."""
    session = TableSession.open(path)
    session.sit(seat)
    return session


def last_seat(path: Path) -> str | None:
    """The seat the file's latest turn was taken from."""
    return gamefile.load_file(path).game.log[-1].seat


# -- reading what a component shows ------------------------------------------------------------


def walk(widget: Any) -> Iterator[Any]:
    """Every widget in the tree under ``widget`` (itself first)."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, widgets.Widget):
            yield from walk(child)


def shown_text(*components: Any) -> str:
    """Every text the components put on the page: values, labels, tooltips, placeholders, options."""
    parts: list[str] = []
    for component in components:
        for widget in walk(component):
            for name in ("value", "description", "tooltip", "placeholder"):
                value = getattr(widget, name, None)
                if isinstance(value, str):
                    parts.append(value)
                elif isinstance(value, tuple):
                    parts.extend(str(item) for item in value)
            for label in getattr(widget, "_options_labels", ()) or ():
                parts.append(str(label))
    return "\n".join(parts)


def playing_card_words(code: str) -> list[str]:
    """Everything a playing card may be shown as: its code, its face label and its name."""
    face = card_face(Card.parse(code))
    return [face.code, face.label, face.name]


def shows_code(text: str, code: str) -> bool:
    """True when ``code`` (``10S``) stands on its own in ``text`` (not inside a longer word)."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])", text) is not None


def hidden(widget: widgets.Widget) -> bool:
    """True when the widget is not drawn."""
    return widget.layout.display == "none"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A games folder for one test."""
    return tmp_path


# -- FalkeFateiFaux -----------------------------------------------------------------------------


def bruno_secrets(session: TableSession) -> list[str]:
    """Bruno's hand as it could be shown (codes, labels, names), less anything Ana may see anyway."""
    game = session.game
    own = set(game.hand("Ada"))
    return [code for code in game.hand("Bruno") if code not in own]


def assert_bruno_hidden(session: TableSession, *components: Any) -> None:
    text = shown_text(*components)
    secrets = bruno_secrets(session)
    assert secrets, "Bruno should hold cards Ana does not"
    for code in secrets:
        code_, label, name = playing_card_words(code)
        assert not shows_code(text, code_), f"Ana's table shows Bruno's {name} ({code_})"
        assert label not in text and name not in text, f"Ana's table shows Bruno's {name}"


def test_ff_a_player_is_offered_only_her_character_and_sees_only_her_hand(folder: Path) -> None:
    path = make_game("falkefateifaux", folder)
    ana = sit(path, "Ana")
    resolver, viewer = StackResolver(ana), HandViewer(ana)

    assert list(resolver.actor_picker.options) == ["Ada"]
    assert list(viewer.character_picker.options) == ["Ada"]
    assert [name for _, name in resolver.opponent_picker.options if name] == ["Ada", "Bruno"]  # anyone opposes
    assert viewer.cards.selected_codes == [] and [f.code for f in viewer.cards.faces] == ana.game.hand("Ada")

    assert_bruno_hidden(ana, resolver, viewer)
    others = viewer.others_view.value
    assert "<b>Bruno</b> holds 5 cards" in others
    assert others.count(FACE_DOWN) == 5 and f'aria-label="{FACE_DOWN_WORDS}"' in others
    assert PRIVATE_HANDS in others


def test_ff_the_gm_sees_every_hand_and_ends_the_scene_in_the_gm_panel_only(folder: Path) -> None:
    path = make_game("falkefateifaux", folder)
    gil = sit(path, "Gil")
    viewer = HandViewer(gil)
    assert list(viewer.character_picker.options) == ["Ada", "Bruno"]
    viewer.character_picker.value = "Bruno"
    assert [f.code for f in viewer.cards.faces] == gil.game.hand("Bruno")
    assert viewer.others_view.value == ""
    assert PRIVATE_HANDS not in shown_text(viewer)
    assert hidden(viewer.scene_box) and not viewer.scene_shown  # the GM panel of the GM's seat ends the scene

    ana_viewer = HandViewer(sit(path, "Ana"))
    assert hidden(ana_viewer.scene_box)


def test_ff_a_step_awaited_from_ben_is_disabled_for_ana_and_hides_his_hand(folder: Path) -> None:
    path = make_game("falkefateifaux", folder)
    ben = sit(path, "Ben")
    ben.act("flip", character="Bruno", skill="Fisticuffs", target=8)
    awaiting = ben.game.awaiting
    assert awaiting is not None and awaiting.character == "Bruno" and awaiting.action == "guide"

    ana = sit(path, "Ana")
    resolver, viewer = StackResolver(ana), HandViewer(ana)
    reason = "Waiting for Ben (Bruno) to guide fate"
    assert resolver.guide_button.disabled and resolver.pass_button.disabled
    assert reason in resolver.guide_label.value
    assert resolver.guide_picker.faces == []
    assert "<b>Bruno</b> holds 5 cards" in resolver.guide_label.value
    assert resolver.flip_button.disabled and reason in resolver.seat_view.value
    assert reason in viewer.prompt_view.value
    assert all(button.disabled for button in viewer.action_buttons)
    assert_bruno_hidden(ana, resolver, viewer)  # the awaited step's options are Bruno's hand

    gil = StackResolver(sit(path, "Gil"))  # the GM may stand in for Ben
    assert not gil.guide_button.disabled
    assert [face.code for face in gil.guide_picker.faces] == [code for code in awaiting.options if code]

    ben_resolver = StackResolver(sit(path, "Ben"))
    assert not ben_resolver.guide_button.disabled and "Waiting for" not in ben_resolver.seat_view.value
    assert ben_resolver.flip_button.disabled and "Flip waits" in ben_resolver.seat_view.value  # no new flip (F-8)
    ben_resolver.pass_button.click()
    assert ben_resolver.guide_error.message == ""
    assert last_seat(path) == "Ben"


def test_ff_ana_flips_through_the_resolver_from_her_seat(folder: Path) -> None:
    path = make_game("falkefateifaux", folder)
    resolver = StackResolver(sit(path, "Ana"))
    assert not resolver.flip_button.disabled
    resolver.flip_button.click()
    assert resolver.flip_error.message == ""
    assert last_seat(path) == "Ana"
    if resolver.awaiting_character == "Ada" and resolver.awaiting_action == "guide":
        assert not resolver.pass_button.disabled
        resolver.pass_button.click()
        assert resolver.guide_error.message == ""
        assert last_seat(path) == "Ana"


def test_ff_the_gm_takes_the_steps_of_a_non_player_character(folder: Path) -> None:
    path = make_game("falkefateifaux", folder)
    gil = sit(path, "Gil")
    gil.act("add_character", name="Clio", npc=True, **system_info("falkefateifaux").sheet("Clio"))
    resolver = StackResolver(gil)
    resolver.actor_picker.value = "Clio"
    resolver.flip_button.click()
    assert resolver.flip_error.message == ""
    assert resolver.awaiting_character == "Clio"
    box = resolver.guide_box if resolver.awaiting_action == "guide" else resolver.choose_box
    assert not hidden(box)
    button = resolver.guide_button if resolver.awaiting_action == "guide" else resolver.choose_button
    assert not button.disabled

    ana = StackResolver(sit(path, "Ana"))
    assert "Clio" not in ana.actor_picker.options
    assert ana.flip_button.disabled and "Gil (GM) for Clio" in ana.seat_view.value


def test_ff_a_player_without_a_character_is_told_so_in_words(folder: Path) -> None:
    path = make_game("falkefateifaux", folder, create=("Ada",))
    ben = sit(path, "Ben")
    resolver, viewer = StackResolver(ben), HandViewer(ben)
    words = "Ben has no character yet: build one with the character builder"
    assert hidden(resolver.actor_picker) and hidden(viewer.character_picker)
    assert words in resolver.plan_view.value and words in viewer.summary_view.value
    assert resolver.flip_button.disabled
    assert not hidden(HandViewer(sit(path, "Gil")).character_picker)


# -- Suit Pairs ---------------------------------------------------------------------------------


def test_sp_a_player_checks_only_for_her_character_and_never_sees_the_gm_controls(folder: Path) -> None:
    path = make_game("suitpairs", folder)
    tracker = AttributeTracker(sit(path, "Ana"))
    assert [name for _, name in tracker.character_picker.options] == ["Mira"]
    assert hidden(tracker.gm_panel) and hidden(tracker.skip_consequences)

    gm = AttributeTracker(sit(path, "Gil"))
    assert [name for _, name in gm.character_picker.options] == ["Mira", "Tomas"]
    # the GM's seat finds awards and the skip in the table's GM panel: the tracker shows them once, not twice
    assert hidden(gm.gm_panel) and hidden(gm.skip_consequences) and not gm.gm_controls_shown


def test_sp_ana_checks_from_her_seat_then_waits_for_ben(folder: Path) -> None:
    path = make_game("suitpairs", folder)
    tracker = AttributeTracker(sit(path, "Ana"))
    assert not tracker.check_button.disabled  # Mira makes the first check
    tracker.check_button.click()
    assert tracker.check_error.message == "" and tracker.pending
    assert last_seat(path) == "Ana"
    tracker.accept_button.click()
    assert tracker.accept_error.message == ""
    assert last_seat(path) == "Ana"

    # Tomas makes the next check; the order enforces nothing, so Ana may still check (P-4).
    assert not tracker.check_button.disabled
    assert "Ben (Tomas)" in tracker.seat_view.value and "You may still check" in tracker.seat_view.value

    ben = AttributeTracker(sit(path, "Ben"))
    assert not ben.check_button.disabled and ben.seat_view.value == ""
    ben.check_button.click()
    assert ben.check_error.message == ""
    tracker.session.reload()
    assert not tracker.check_button.disabled  # Ben's roll waits for Ben; Mira's checks do not wait for it
    assert "Waiting for Ben (Tomas) to reroll or accept the roll" in tracker.seat_view.value

    gm = AttributeTracker(sit(path, "Gil"))  # the GM may stand in for anyone
    gm.character_picker.value = "Mira"
    assert not gm.check_button.disabled and gm.seat_view.value == ""


def test_sp_a_player_without_a_character_is_told_so_in_words(folder: Path) -> None:
    path = make_game("suitpairs", folder, create=("Mira",))
    tracker = AttributeTracker(sit(path, "Ben"))
    assert hidden(tracker.character_picker)
    assert "Ben has no character yet: build one with the character builder" in tracker.sheet_view.value
    assert tracker.check_button.disabled


# -- Roll-Under ---------------------------------------------------------------------------------


def started(path: Path, *, combat: bool = False) -> None:
    """The GM's start-of-play draw (and, with ``combat``, a combat of Artie and Xavier), in the file."""
    gil = sit(path, "Gil")
    gil.act("start_play")
    if combat:
        gil.act("start_combat", combatants=["Artie", "Xavier"])


def test_ru_a_player_sees_only_her_fate_cards_and_counts_the_others(folder: Path) -> None:
    path = make_game("rollunder", folder)
    started(path)
    ana = sit(path, "Ana")
    tarot, sequencer = TarotHand(ana), CombatSequencer(ana)
    xavier = [card.name for card in ana.game.state.characters["Xavier"].fate_cards]
    artie = [card.name for card in ana.game.state.characters["Artie"].fate_cards]
    assert xavier and artie

    assert list(tarot.holder_picker.options) == ["Artie"]
    assert [card.name for card in tarot.hand] == artie
    text = shown_text(tarot, sequencer)
    for name in set(xavier) - set(artie):
        assert name not in text, f"Ana's table shows Xavier's {name}"
    count = len(xavier)
    assert f"<b>Xavier</b> holds {count} fate card{'s' if count != 1 else ''}" in tarot.others_view.value
    assert tarot.others_view.value.count(FACE_DOWN) == count
    assert PRIVATE_HANDS in tarot.others_view.value
    assert hidden(tarot.gm_box)

    gm = TarotHand(sit(path, "Gil"))
    assert list(gm.holder_picker.options) == ["Artie", "Xavier"]
    gm.holder_picker.value = "Xavier"
    assert [card.name for card in gm.hand] == xavier
    assert gm.others_view.value == ""
    # The draw and the deal are in the GM panel the table shows the GM's seat: not shown twice.
    assert hidden(gm.gm_box)
    assert not hidden(TarotHand(sit(path, "Gil"), gm_sections=True).gm_box)  # where no GM panel is shown
    assert hidden(TarotHand(ana, gm_sections=True).gm_box)  # never to a player's seat


def test_ru_cards_dealt_to_others_are_counted_not_named(folder: Path) -> None:
    path = make_game("rollunder", folder)
    gil = sit(path, "Gil")
    draw = gil.act("start_play")
    ana = sit(path, "Ana")
    shown = seat_html(ana, draw)
    for name in draw.cards["Xavier"]:
        if name not in draw.cards["Artie"]:
            assert name not in shown
    for name in draw.cards["Artie"]:
        assert name in shown
    assert f"draws {len(draw.cards['Xavier'])} cards, face down" in shown and "can still read every hand" in shown
    assert all(name in seat_html(gil, draw) for name in draw.cards["Xavier"])


def test_ru_the_gm_runs_combat_and_a_player_only_declares_for_her_own(folder: Path) -> None:
    path = make_game("rollunder", folder)
    started(path)
    ana = CombatSequencer(sit(path, "Ana"))
    assert hidden(ana.setup_box) and hidden(ana.round_box) and hidden(ana.advance_box)
    kinds = [kind for _, kind in ana.heal_kind_picker.options]
    assert kinds == ["treat", "take_physicane"]
    assert list(ana.physician_picker.options) == ["Artie"]

    # The GM's seat has the GM panel (combat, rounds, recovery, the clock): the sequencer does not repeat it.
    gil = CombatSequencer(sit(path, "Gil"))
    assert hidden(gil.setup_box) and hidden(gil.round_box) and hidden(gil.advance_box)
    assert [kind for _, kind in gil.heal_kind_picker.options] == ["treat", "take_physicane"]
    assert "in your GM panel under <b>Game master</b> (P-1)" in gil.seat_view.value
    assert not hidden(gil.actor_picker)  # the GM still declares for every combatant
    shown = CombatSequencer(sit(path, "Gil"), gm_sections=True)  # where no GM panel is shown
    assert not (hidden(shown.setup_box) or hidden(shown.round_box) or hidden(shown.advance_box))
    assert [kind for _, kind in shown.heal_kind_picker.options] == [
        "heal_stamina", "heal_physical", "treat", "take_physicane"]
    assert shown.seat_view.value == ""
    panel = RollUnderGMPanel(sit(path, "Gil"))
    panel.combatant_checks.value = ["Artie", "Xavier"]
    panel.start_combat_button.click()
    assert panel.combat_error.message == ""
    assert last_seat(path) == "Gil"

    own = dict(zip(("Ana", "Ben"), CHARACTERS["rollunder"], strict=True))
    sessions = {"Ana": sit(path, "Ana"), "Ben": sit(path, "Ben")}
    tables = {seat: CombatSequencer(session) for seat, session in sessions.items()}
    declared = set()
    for _ in range(2):  # each declares once in round 1, in declaration order
        current = sessions["Ana"].game.current_combatant
        if current is None:
            break
        owner = sessions["Ana"].game.owner_of(current)
        other = "Ben" if owner == "Ana" else "Ana"
        for session in sessions.values():
            session.reload()
        waiting, acting = tables[other], tables[owner]
        assert list(waiting.actor_picker.options) == [own[other]]
        assert waiting.act_button.disabled
        assert f"{owner} ({current}) declares an action" in waiting.act_seat_view.value
        assert not acting.act_button.disabled and acting.actor_picker.value == current
        acting.action_picker.value = "wait"
        acting.act_button.click()
        assert acting.act_error.message == ""
        assert last_seat(path) == owner
        declared.add(owner)
    assert declared == {"Ana", "Ben"}


def test_ru_a_player_without_a_character_is_told_so_in_words(folder: Path) -> None:
    path = make_game("rollunder", folder, create=("Artie",))
    ben = sit(path, "Ben")
    tarot, sequencer = TarotHand(ben), CombatSequencer(ben)
    words = "Ben has no character yet: build one with the character builder"
    assert hidden(tarot.holder_picker) and words in tarot.hand_view.value
    assert hidden(sequencer.actor_picker) and words in sequencer.seat_view.value
    assert tarot.spend_button.disabled and sequencer.heal_button.disabled


# -- a game without a GM ------------------------------------------------------------------------


def test_a_game_without_a_gm_offers_everything_to_everyone(folder: Path) -> None:
    game = systems.new_game("falkefateifaux", seed="open-1", players={"Ana": ["Ada"], "Ben": ["Bruno"]})
    info = system_info("falkefateifaux")
    for name in ("Ada", "Bruno"):
        game.add_character(name, **info.sheet(name))
    path = folder / "open.ipynb"
    gamefile.save(game, path)
    session = TableSession.open(path)
    viewer, resolver = HandViewer(session), StackResolver(session)
    assert list(viewer.character_picker.options) == ["Ada", "Bruno"]
    assert list(resolver.actor_picker.options) == ["Ada", "Bruno"]
    assert viewer.others_view.value == "" and not hidden(viewer.scene_box)
    assert PRIVATE_HANDS not in shown_text(viewer, resolver)
