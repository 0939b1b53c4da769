"""No message at the table speaks Python (issue 15, "Words for players").

Every table is walked headlessly (:mod:`message_walk`): each visible control pressed or given
good and wrong values, from every seat — the GM's and each player's (P-1) — so the components,
the GM panels, the builders and the note and void rows meet their refusals (wrong seats,
out-of-turn steps, bad values). Every refusal line and HTML view shown on the way is read, and
none may hold a call (``name(``), an argument (``=``), ``None``/``True``/``False``, a quoted list
or a card code (``9D``, ``RJ``). Then the refusals the issue names are driven one by one, and
their words checked: they say what to do with the controls on screen and cite the ruling,
while the exception keeps the call syntax for code-first users.
"""

from __future__ import annotations

import pytest
from message_walk import python_in, start_table, visible_text, walk_table

from kit.core.errors import IllegalActionError, RulesError
from kit.falkefateifaux.results import Awaiting
from kit.systems import SYSTEMS
from kit.widgets.common import ErrorLine


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_message_a_walk_of_the_table_shows_is_plain_words(tmp_path, system, seed):
    walk = walk_table(system, tmp_path, seed, steps=400)
    assert len(walk.refusals) >= 5, f"the walk met too few refusals to prove anything: {sorted(walk.refusals)}"
    spoken = {text: (python_in(text), step) for text, step in walk.messages.items() if python_in(text)}
    assert not spoken, "\n".join(f"{found} in {text[:300]!r} (after {step})" for text, (found, step) in spoken.items())
    for text in walk.refusals:
        assert not text.startswith("Refused: that:"), f"a refusal that cannot say what was asked: {text}"


def test_the_walk_would_fail_on_python():
    """The check bites: each kind of Python the issue names is found."""
    for spoken in ("call discard('Bruno', [...]) first", "use hinder= in a contest", "consent='Ben' once Ben agrees",
                   "start one with start_combat", "pass (None)", "options: 9D, JD, AS, RJ", "['9D', 'JD']",
                   "Make a check first with game.check"):
        assert python_in(spoken), spoken
    assert not python_in("options: 9♦, J♦, A♠, Red Joker or pass. Press Start combat (R-3).")


def test_exception_keeps_the_call_and_the_table_gets_words():
    error = IllegalActionError("flip", "Bruno must first discard 2 cards", "F-10", "call discard('Bruno', [...]) first",
                               hint="select 2 of Bruno's cards in the hand panel and press Discard selected cards")
    assert "discard('Bruno', [...])" in str(error)
    words = error.for_table()
    assert "Discard selected cards" in words and "(F-10)" in words and not python_in(words)


def test_card_codes_and_quotes_read_as_the_table_shows_them():
    error = RulesError("Ada plays ['9D', 'JD', 'AS', 'RJ']", "those cards are not in 'Ada''s hand", "F-8",
                       "Ada's hand: 10C, BJ")
    words = error.for_table()
    assert "9♦, J♦, A♠, Red Joker" in words and "10♣, Black Joker" in words and not python_in(words), words


def test_f8_awaiting_says_pass_and_names_cards_by_symbol():
    text = Awaiting("Bruno", "guide", ("10D", "JC", None), "Bruno may play one card from hand into the stack, "
                    "or pass (F-8)").text
    assert "options: 10♦, J♣ or pass" in text and not python_in(text), text
    offer = Awaiting("Ada", "choose", ("RJ", None), "the flipper may take the Red Joker (F-5)").text
    assert "Red Joker or leave it" in offer and not python_in(offer), offer


def _line_text(line: ErrorLine) -> str:
    return visible_text(line.value)


def _component(table, kind: str):
    return next(part for part in table.components.children if type(part).__name__ == kind)


def _gm_panel(table):
    tools = _component(table, "GMTools")
    return tools.open_panel()


def test_f10_a_discard_due_says_to_use_the_discard_button(tmp_path):
    table = start_table("falkefateifaux", tmp_path)
    table.seat_picker.picker.value = "GM"
    session = table.session
    ada = session.game.state.characters["Ada"]
    session.act("prepare", character="Ada")  # draws 2: over Card Refresh, a discard is due (F-10)
    assert ada.discard_due
    panel = _gm_panel(table)
    panel.end_scene_button.click()
    text = _line_text(panel.scene_error)
    assert "Discard selected cards" in text and "(F-10)" in text and not python_in(text), text


def test_r3_no_combat_says_the_gm_starts_one_with_the_button(tmp_path):
    table = start_table("rollunder", tmp_path)
    table.seat_picker.picker.value = "GM"
    panel = _gm_panel(table)
    panel.next_round_button.click()
    text = _line_text(panel.combat_error)
    assert "no combat in progress (R-3)" in text and "Start combat" in text and not python_in(text), text


def test_r7_consent_says_to_ask_the_player_and_type_their_name(tmp_path):
    table = start_table("rollunder", tmp_path)
    table.seat_picker.picker.value = "GM"
    game = table.session.game
    mine, theirs = [name for name in game.state.characters][:2]
    owner = game.state.characters[theirs].player
    if not game.state.play_started:
        table.session.act("start_play")
    holder = game.state.characters[mine]
    if not holder.fate_cards:
        pytest.skip("the ready-made party drew no card for the first character")
    card = holder.fate_cards[0]
    table.session.act("test", character=theirs, attribute="Agility")
    with pytest.raises(RulesError) as info, game.turns_from(table.session.seat):  # the table's seat (P-1)
        game.spend_fate_card(mine, card.name, on=theirs)
    assert "consent=" in str(info.value)
    words = info.value.for_table()
    assert f"type {owner} as the consent of player" in words and "(R-7)" in words and not python_in(words), words


def test_f7_hinder_without_a_contest_says_to_choose_an_opponent(tmp_path):
    table = start_table("falkefateifaux", tmp_path)
    table.seat_picker.picker.value = "GM"
    game = table.session.game
    with pytest.raises(RulesError) as info, game.turns_from(table.session.seat):  # the table's seat (P-1)
        game.flip("Ada", "Fisticuffs", target=8, hinder=True)
    assert "hinder=" in str(info.value)
    words = info.value.for_table()
    assert "opponent" in words and "(F-7)" in words and not python_in(words), words
