"""Playing cards and Tarot cards: parsing, printing, decks (F-1, R-7)."""

import pytest

from kit.core.cards import BLACK_JOKER, RED_JOKER, Card, Suit, parse_cards, standard_deck
from kit.core.errors import MalformedInputError, RulesError
from kit.core.tarot import TarotCard, tarot_deck


@pytest.mark.parametrize(
    ("text", "code", "symbol"),
    [("4H", "4H", "4♥"), ("4♥", "4H", "4♥"), ("10C", "10C", "10♣"), ("AS", "AS", "A♠"),
     ("as", "AS", "A♠"), ("q♣️", "QC", "Q♣"), ("RJ", "RJ", "RJ"), ("bj", "BJ", "BJ"), ("jd", "JD", "J♦")],
)
def test_card_parse_and_print(text, code, symbol):
    card = Card.parse(text)
    assert card.code == code
    assert str(card) == symbol
    assert eval(repr(card)) == card


@pytest.mark.parametrize("text", ["", "1", "11H", "4X", "ZZ", "0C", "H4", "joker", "10"])
def test_f1_malformed_cards_are_refused_with_what_is_allowed(text):
    with pytest.raises(MalformedInputError) as info:
        Card.parse(text)
    assert "F-1" in str(info.value)
    assert "rank" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_f1_a_deck_is_52_cards_and_two_jokers():
    deck = standard_deck()
    assert len(deck) == 54 == len(set(deck))
    assert RED_JOKER in deck and BLACK_JOKER in deck
    assert sum(1 for c in deck if c.suit is Suit.CLUBS) == 13
    values = sorted(c.rank for c in deck if c.suit is Suit.SPADES)
    assert values == list(range(2, 15))


def test_card_names_and_colours():
    assert Card.parse("4H").name == "Four of Hearts"
    assert Card.parse("AS").name == "Ace of Spades"
    assert Card.parse("RJ").is_red and not Card.parse("BJ").is_red
    assert Card.parse("4D").is_red and not Card.parse("4C").is_red


def test_parse_cards_reads_lists_and_strings():
    assert parse_cards("4H, 8C") == [Card.parse("4H"), Card.parse("8C")]
    assert parse_cards(["RJ"]) == [RED_JOKER]


def test_suit_parse():
    assert Suit.parse("♣️") is Suit.CLUBS
    assert Suit.parse("hearts") is Suit.HEARTS
    with pytest.raises(RulesError):
        Suit.parse("stars")


def test_r7_tarot_deck_has_78_cards():
    deck = tarot_deck()
    assert len(deck) == 78 == len(set(deck))
    assert sum(card.is_major for card in deck) == 22
    assert sum(card.is_court for card in deck) == 16
    assert sum(card.is_pip for card in deck) == 40


@pytest.mark.parametrize("name", ["The Tower", "tower", "XVI", "16"])
def test_tarot_parse_major(name):
    assert TarotCard.parse(name) == TarotCard(major=16)


def test_tarot_parse_minor_and_refusal():
    card = TarotCard.parse("queen of swords")
    assert card.is_court and str(card) == "Queen of Swords"
    assert eval(repr(card)) == card
    with pytest.raises(MalformedInputError, match="R-7"):
        TarotCard.parse("Queen of Stars")
