"""F-1: the Deck of Fate (N decks), the Deck of Magic, discards by origin and reshuffles."""

from collections import Counter

from ff_helpers import ADA, BRUNO, new_table

from kit.core.cards import standard_deck
from kit.falkefateifaux import FalkeFateiFauxGame


def _everywhere(game, deck):
    """Every card of a deck wherever it is: piles, hands (Fate only), stacks."""
    source = game.state.fate if deck == "fate" else game.state.magic
    cards = Counter(source.draw_pile) + Counter(source.discard_pile)
    if deck == "fate":
        for ch in game.state.characters.values():
            cards += Counter(ch.hand)
    if game.state.pending:
        cards += Counter(sc.card for s in game.state.pending.sides for sc in s.cards if sc.deck == deck)
    return cards


def test_f1_deck_of_fate_has_max_2_ceil_players_over_2_decks():
    game = FalkeFateiFauxGame("decks", practice=True)
    assert game.state.fate.size == 108 and game.state.fate_decks == 2
    assert game.state.magic.size == 54 and game.state.magic_decks == 1
    for i in range(4):
        game.add_character(f"P{i}", **ADA)
    assert game.state.fate_decks == 2
    game.add_character("GM's villain", npc=True, **BRUNO)
    assert game.state.fate_decks == 2  # an NPC is not a player
    result = game.add_character("P4", **ADA)
    assert game.state.fate_decks == 3 and "now 3" in str(result)
    assert _everywhere(game, "fate") == Counter(standard_deck() * 3)


def test_f1_deck_counts_are_table_options():
    game = FalkeFateiFauxGame("opts", fate_decks=4, magic_decks=2, practice=True)
    for i in range(7):
        game.add_character(f"P{i}", **ADA)
    assert game.state.fate_decks == 4
    assert _everywhere(game, "fate") == Counter(standard_deck() * 4)
    assert _everywhere(game, "magic") == Counter(standard_deck() * 2)


def test_f1_magic_flips_draw_from_the_deck_of_magic_others_from_fate():
    game = new_table("origin")
    fate_before, magic_before = len(game.state.fate.draw_pile), len(game.state.magic.draw_pile)
    game.flip("Ada", "Magic", target=8, guide=False)
    assert len(game.state.magic.draw_pile) == magic_before - 1
    assert len(game.state.fate.draw_pile) == fate_before
    assert len(game.state.magic.discard_pile) == 1
    game.flip("Ada", "Fisticuffs", target=8, guide=False)
    assert len(game.state.fate.draw_pile) == fate_before - 1
    assert len(game.state.fate.discard_pile) == 1


def test_f1_a_played_hand_card_goes_to_the_fate_discard_even_from_a_magic_stack():
    game = new_table("played", ada_hand="QD 2C 3C 4C 5C")
    game.rig("3D", deck="magic").flip("Ada", "Magic", target=8)
    game.guide("Ada", "QD")
    result = game.choose("Ada", "QD")
    assert result.resolved and result.outcome == 18
    assert [c.code for c in game.state.magic.discard_pile] == ["3D"]
    assert [c.code for c in game.state.fate.discard_pile] == ["QD"]


def test_f1_empty_deck_reshuffles_its_discard_but_never_a_stack_being_resolved():
    game = new_table("reshuffle")
    for _ in range(52):
        game.flip("Ada", "Magic", target=8, guide=False)
    assert len(game.state.magic.draw_pile) == 2
    step = game.flip("Ada", "Magic", against="Bruno", against_skill="Magic", plus=1, guide=False,
                     against_guide=False)
    assert game.state.magic.reshuffles == 1
    ada_stack = [c.code for c in step.sides[0].cards]
    assert len(ada_stack) == 2
    # Ada's two cards were on the table during the reshuffle: the new draw pile lacks them.
    pile = Counter(c.code for c in game.state.magic.draw_pile) + Counter(
        c.code for c in game.state.magic.discard_pile)
    for code in ada_stack:
        assert pile[code] == 0
    assert _everywhere(game, "magic") == Counter(standard_deck())
    while game.awaiting:
        game.choose(game.awaiting.character, game.awaiting.options[0])
    assert _everywhere(game, "magic") == Counter(standard_deck())


def test_f1_unseen_cards_leave_out_discards_own_hand_and_the_table():
    game = new_table("unseen", ada_hand="AS AS KS QS JS")
    unseen = game.unseen_cards("Ada")
    assert len(unseen) == 108 - 5
    assert sum(1 for c in unseen if c.code == "AS") == 0
    game.rig("2H 3H").flip("Ada", "Fisticuffs", target=8, plus=1)
    unseen = game.unseen_cards("Ada")
    assert len(unseen) == 108 - 7
    game.choose("Ada", "3H")
    game.guide("Ada", None)
    assert len(game.unseen_cards("Ada")) == 108 - 7  # now in the discard pile
    assert len(game.unseen_cards("Ada", deck="magic")) == 54


def test_f1_a_reshuffle_takes_only_the_discard_pile_never_cards_in_hands():
    game = new_table("hands-kept", fate_decks=1)
    hands = Counter(game.character("Ada").hand) + Counter(game.character("Bruno").hand)
    while game.state.fate.reshuffles == 0:
        game.flip("Bruno", "Athletics", target=8, guide=False)
    pile = Counter(game.state.fate.draw_pile) + Counter(game.state.fate.discard_pile)
    assert not pile & hands  # one deck: every hand card is in the hand, not in the new draw pile
    assert _everywhere(game, "fate") == Counter(standard_deck())


def test_f1_hands_come_from_the_deck_of_fate_even_during_a_magic_flip():
    game = new_table("magic-hand")
    fate_before, magic_before = len(game.state.fate.draw_pile), len(game.state.magic.draw_pile)
    game.flip("Ada", "Magic", target=8, adverb="clumsily", guide=False)
    assert len(game.state.fate.draw_pile) == fate_before - 2
    while game.awaiting:
        game.discard("Ada", game.hand("Ada")[: game.awaiting.count])
    assert len(game.state.magic.draw_pile) == magic_before - 2
    assert len(game.state.fate.discard_pile) == 2 and len(game.state.magic.discard_pile) == 2
