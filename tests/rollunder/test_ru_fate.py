"""Tarot fate cards (R-7)."""

import pytest
from ru_sheets import snapshot, table

from kit.core.errors import IllegalActionError, MalformedInputError, NotHeldError
from kit.core.tarot import tarot_deck


def test_r7_deck_is_the_full_78_card_tarot():
    game = table("Artie")
    cards = game.state.fate_deck.draw_pile
    assert len(cards) == 78 and set(cards) == set(tarot_deck())
    assert sum(c.is_major for c in cards) == 22


def test_r7_start_of_play_rerolls_ties_lowest_draws_first_ceil_fate_half():
    game = table("Artie", "Xavier", "Mabel", "Bruno")
    # Artie 7, Xavier 7, Mabel 3, Bruno 3: all tie; re-rolls Artie 7, Xavier 12, Mabel 1, Bruno 3
    game.rig(["The Tower", "Ace of Cups", "Queen of Swords"], deck="fate")
    draw = game.rig(["The Tower", "Ace of Cups", "Queen of Swords"], deck="fate",
                    dice=[7, 7, 3, 3, 7, 12, 1, 3]).start_play()
    assert draw.rolls == {"Artie": (7, 7), "Xavier": (7, 12), "Mabel": (3, 1), "Bruno": (3, 3)}
    assert draw.order == ("Mabel", "Bruno", "Artie", "Xavier")
    assert draw.cards["Mabel"] == ("The Tower",) and draw.cards["Bruno"] == ("Ace of Cups",)
    assert [len(draw.cards[n]) for n in draw.order] == [1, 1, 3, 2]  # Fate 2, 1, 5, 3 → ceil(Fate / 2)
    assert draw.cards["Artie"][0] == "Queen of Swords"
    held = sum(len(c.fate_cards) for c in game.state.characters.values())
    assert held + len(game.state.fate_deck) == 78
    with pytest.raises(IllegalActionError, match="R-7"):
        game.start_play()


def dealt(cards, holder="Artie"):
    game = table("Artie", "Xavier", "Mabel")
    game.rig(cards, deck="fate").deal_fate_cards([holder], count=len(cards))
    return game


def test_r7_pip_card_one_more_roll_best_kept_and_degree_recomputed():
    game = dealt(["Three of Wands"])
    game.rig(dice=[15]).test("Artie", "Agility", "Bash and Stab")
    spent = game.rig(dice=[9]).spend_fate_card("Artie", "three of wands")
    assert spent.extra_rolls == (9,) and spent.before.degree == -1 and spent.after.degree == 5
    assert spent.after.rolls == (15, 9) and spent.after.success
    assert game.state.characters["Artie"].fate_cards == []
    assert [c.name for c in game.state.fate_deck.discard_pile] == ["Three of Wands"]


def test_r7_court_and_major_roll_twice_more_lowest_stands():
    game = dealt(["Knight of Cups", "The Star"])
    game.rig(dice=[18]).test("Artie", "Agility", "Bash and Stab")
    court = game.rig(dice=[17, 19]).spend_fate_card("Artie", "Knight of Cups")
    assert court.extra_rolls == (17, 19) and court.after.roll == 17 and not court.after.success
    major = game.rig(dice=[4, 2]).spend_fate_card("Artie", "The Star")
    assert major.after.rolls == (18, 17, 19, 4, 2) and major.after.degree == 12


def test_r7_reroll_of_an_opposed_test_recomputes_the_winner():
    game = dealt(["Two of Swords"], holder="Xavier")
    game.rig(dice=[14, 10]).opposed_test("Artie", "Agility", "Bash and Stab", "Xavier", "Agility", "Duck & Cover",
                                         modifier=2)
    spent = game.rig(dice=[9]).spend_fate_card("Xavier", "Two of Swords")
    assert spent.after.degree == 2 and spent.winner == "Xavier"


def test_r7_card_only_right_after_the_test():
    game = dealt(["Two of Swords"])
    game.rig(dice=[14]).test("Artie", "Agility")
    game.advance_time(minutes=1)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="right after"):
        game.spend_fate_card("Artie", "Two of Swords")
    assert snapshot(game) == before


def test_r7_another_players_character_needs_consent_recorded_in_the_log():
    game = dealt(["The Sun", "Ace of Wands"])
    game.rig(dice=[18]).test("Xavier", "Agility")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="consent='Xan'"):
        game.spend_fate_card("Artie", "Ace of Wands", on="Xavier")
    with pytest.raises(IllegalActionError, match="R-7"):
        game.spend_fate_card("Artie", "Ace of Wands", on="Xavier", consent="Ann")
    assert snapshot(game) == before
    spent = game.rig(dice=[2]).spend_fate_card("Artie", "Ace of Wands", on="Xavier", consent="Xan")
    assert spent.consent == "Xan" and game.log[-1].outcome["consent"] == "Xan"
    assert game.log[-1].args["consent"] == "Xan"
    game.rig(dice=[18]).test("Mabel", "Reason")  # Mabel is Ann's too: no consent needed
    assert game.rig(dice=[1, 1]).spend_fate_card("Artie", "The Sun", on="Mabel").consent is None


def test_r7_major_permits_an_active_defence_that_running_forbids():
    game = dealt(["The Chariot", "Five of Cups"])
    with pytest.raises(IllegalActionError, match="Major"):
        game.spend_fate_card("Artie", "Five of Cups", use="permit")
    game.spend_fate_card("Artie", "The Chariot", use="permit")
    game.rig(dice=[15, 2]).start_combat(["Artie", "Xavier"])  # Artie fails: declares first, from round 2
    game.wait("Xavier")
    game.next_round()
    game.run("Artie")
    assert game.allowed_defences("Artie") == ["none"]
    result = game.rig(dice=[10, 10]).attack("Xavier", "Artie", weapon="Sword", defence="dodge")
    assert result.defence is not None and "permit" in result.reason and game.state.permits["Artie"] == 0


def test_r7_without_a_permit_the_runner_cannot_defend():
    game = table("Artie", "Xavier")
    game.rig(dice=[15, 2]).start_combat(["Artie", "Xavier"])
    game.wait("Xavier")
    game.next_round()
    game.run("Artie")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=r"ran this round.*R-4"):
        game.attack("Xavier", "Artie", weapon="Sword", defence="dodge")
    assert snapshot(game) == before


def test_r7_narrative_use_records_a_note_for_the_gm():
    game = dealt(["The Moon"])
    with pytest.raises(MalformedInputError, match="note"):
        game.spend_fate_card("Artie", "The Moon", use="narrative")
    spent = game.spend_fate_card("Artie", "The Moon", use="narrative", note="The airship arrives early")
    assert game.state.narratives == [{"holder": "Artie", "on": "Artie", "card": "The Moon",
                                      "note": "The airship arrives early"}]
    assert "GM" in spent.describe().verdict


def test_r7_a_card_not_held_is_refused_and_spent_cards_are_gone_until_dealt():
    game = dealt(["Ace of Cups"])
    game.rig(dice=[10]).test("Artie", "Agility")
    game.rig(dice=[11]).spend_fate_card("Artie", "Ace of Cups")
    before = snapshot(game)
    with pytest.raises(NotHeldError, match="holds: no cards"):
        game.spend_fate_card("Artie", "Ace of Cups")
    assert snapshot(game) == before
    deal = game.deal_fate_cards(["Artie"])
    assert len(deal.cards["Artie"]) == 3 and len(game.state.characters["Artie"].fate_cards) == 3


def test_r7_a_player_with_a_unique_roll_keeps_it_when_a_reroll_lands_on_it():
    game = table("Artie", "Xavier", "Mabel")
    # Artie 7, Xavier 7, Mabel 12: only Artie and Xavier re-roll; Artie's 12 is Mabel's number, so Artie
    # re-rolls again (5) while Mabel keeps her unique 12.
    draw = game.rig(dice=[7, 7, 12, 12, 3, 5]).start_play()
    assert draw.rolls == {"Artie": (7, 12, 5), "Xavier": (7, 3), "Mabel": (12,)}
    assert draw.order == ("Xavier", "Artie", "Mabel")
    finals = [r[-1] for r in draw.rolls.values()]
    assert len(set(finals)) == len(finals)


def test_r7_rerollers_that_tie_each_other_roll_again_until_unique():
    game = table("Artie", "Xavier", "Mabel")
    # Artie 4, Xavier 4, Mabel 9; the re-rolls tie again (6, 6), then 9 for Artie (Mabel's: again) and 1.
    draw = game.rig(dice=[4, 4, 9, 6, 6, 9, 1, 2]).start_play()
    assert draw.rolls == {"Artie": (4, 6, 9, 2), "Xavier": (4, 6, 1), "Mabel": (9,)}
    assert draw.order == ("Xavier", "Artie", "Mabel")
