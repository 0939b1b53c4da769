"""Tarot fate cards (R-7): the start-of-play draw, spending a card, the GM dealing new ones.

A card may be spent right after a plain test, a perception test or an opposed test (before any
other action): a pip card (Ace–10) rolls once more, a court card or a Major Arcanum twice more,
and the lowest of all the rolls stands. A Major Arcanum may instead permit a test the rules
would not allow — in the kit, one active defence where none is allowed (after running, when
ambushed, or a second melee defence) — or ask for a narrative change that the GM rules on. A
card used on a character of another player needs that player's consent, named in the call and
kept in the log. Spent cards go to the discard until the GM deals new ones. Attacks and healing
tests are resolved at once, so fate cards do not change them.
"""

from __future__ import annotations

from typing import Any

from kit.core.errors import IllegalActionError, MalformedInputError, NotHeldError, OutOfRangeError
from kit.core.randomness import GameRandom
from kit.core.tarot import TarotCard
from kit.rollunder.base import RollUnderBase
from kit.rollunder.checks import DIE, active_wins
from kit.rollunder.limits import Consent, DealCount, FateCard, Listed, Note, On, Use, Who
from kit.rollunder.results import FateDeal, FateDraw, FateSpend, TestSide
from kit.rollunder.sheet import Character, lookup
from kit.rollunder.state import TestRecord

USES = ("reroll", "permit", "narrative")


def entitlement(fate: int) -> int:
    """How many fate cards a character draws: Fate / 2, rounded up (R-7)."""
    return (fate + 1) // 2


def extra_rolls(card: TarotCard) -> int:
    """More rolls a card gives: pip 1, court 2, Major 2 (R-7)."""
    return 1 if card.is_pip else 2


class FateActions(RollUnderBase):
    """Fate cards."""

    def start_play(self, characters: Listed = None) -> FateDraw:
        """Everyone rolls 1d20, ties re-rolled; lowest first, each draws ceil(Fate / 2) cards (R-7)."""
        return self._perform("start_play", {"characters": characters})

    def deal_fate_cards(self, characters: Listed = None, count: DealCount = None) -> FateDeal:
        """GM: deal new fate cards — ``count`` each, or up to each one's ceil(Fate / 2) (R-7)."""
        return self._perform("deal_fate_cards", {"characters": characters, "count": count})

    def spend_fate_card(self, character: Who, card: FateCard, use: Use = "reroll", on: On = None,
                        consent: Consent = None, note: Note = "") -> FateSpend:
        """Spend one of ``character``'s cards on the latest test of ``on`` (default: the holder) (R-7)."""
        return self._perform("spend_fate_card", {"character": character, "card": card, "use": use, "on": on,
                                                 "consent": consent, "note": note})

    # -- handlers -----------------------------------------------------------------------

    def _listed(self, characters: Any) -> list[Character]:
        if characters is None:
            return list(self.state.characters.values())
        if not isinstance(characters, list) or not characters:
            raise MalformedInputError(f"characters {characters!r}", "must be a list of characters", "R-7")
        chosen = [self._character(c) for c in characters]
        if len({c.name for c in chosen}) != len(chosen):
            raise MalformedInputError(f"characters {characters!r}", "name someone twice", "R-7")
        return chosen

    def _do_start_play(self, rng: GameRandom, characters: Any) -> FateDraw:
        if self.state.play_started:
            raise IllegalActionError("start play", "the start-of-play draw has been made", "R-7",
                                     "the GM deals new cards with deal_fate_cards",
                                     hint="the GM deals new cards with GM: deal new cards")
        people = self._listed(characters)
        if not people:
            raise IllegalActionError("start play", "there are no characters", "R-7", "add characters first")
        if len(people) > DIE:
            raise OutOfRangeError(f"start play with {len(people)} characters", "1d20 gives at most 20 unique "
                                  "numbers", "R-7", "at most 20 characters draw")
        rolls: dict[str, list[int]] = {p.name: [rng.roll(DIE)] for p in people}
        kept: dict[str, int] = {}
        while len(kept) < len(rolls):
            # A roll is kept once it is unique; only those still tied, or landing on a kept number, re-roll.
            latest = {name: r[-1] for name, r in rolls.items() if name not in kept}
            values = list(latest.values())
            taken = set(kept.values())
            for name, value in latest.items():
                if values.count(value) == 1 and value not in taken:
                    kept[name] = value
            for name in latest:
                if name not in kept:
                    rolls[name].append(rng.roll(DIE))
        order = sorted(rolls, key=lambda name: rolls[name][-1])
        cards: dict[str, tuple[str, ...]] = {}
        for name in order:
            who = self.state.characters[name]
            drawn = self.state.fate_deck.draw_many(entitlement(who.attributes["Fate"]), rng)
            who.fate_cards.extend(drawn)
            cards[name] = tuple(c.name for c in drawn)
        self.state.play_started = True
        self.state.draw_order = order
        return FateDraw({n: tuple(r) for n, r in rolls.items()}, tuple(order), cards)

    def _do_deal_fate_cards(self, rng: GameRandom, characters: Any, count: Any) -> FateDeal:
        people = self._listed(characters)
        if count is not None and (isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 22):
            raise OutOfRangeError(f"deal {count!r} cards", "must be a whole number 1…22", "R-7",
                                  "or leave count out to top each hand up to ceil(Fate / 2)")
        before = self.state.fate_deck.reshuffles
        cards: dict[str, tuple[str, ...]] = {}
        for who in people:
            wanted = count if count is not None else max(0, entitlement(who.attributes["Fate"]) - len(who.fate_cards))
            drawn = self.state.fate_deck.draw_many(wanted, rng)
            who.fate_cards.extend(drawn)
            cards[who.name] = tuple(c.name for c in drawn)
        return FateDeal(cards, self.state.fate_deck.reshuffles != before)

    def _do_spend_fate_card(self, rng: GameRandom, character: Any, card: Any, use: Any, on: Any, consent: Any,
                            note: Any) -> FateSpend:
        holder = self._character(character)
        if not isinstance(card, str):
            raise MalformedInputError(f"fate card {card!r}", "must be a card's name", "R-7")
        tarot = TarotCard.parse(card)
        if tarot not in holder.fate_cards:
            raise NotHeldError(f"{holder.name} spends {tarot.name}", "does not hold that card", "R-7",
                               f"{holder.name} holds: {', '.join(c.name for c in holder.fate_cards) or 'no cards'}")
        chosen = lookup(use, USES, "fate card use", "R-7")
        target = self._character(on) if on is not None else holder
        if not isinstance(note, str):
            raise MalformedInputError("note", "must be text", "R-7")
        recorded_consent = self._consent(holder, target, tarot, consent)
        if chosen != "reroll" and not tarot.is_major:
            raise IllegalActionError(f"{tarot.name} used to {chosen}", "only a Major Arcanum can do that", "R-7",
                                     "a Minor card rerolls a test")
        before = after = None
        winner = None
        rolls: tuple[int, ...] = ()
        if chosen == "reroll":
            record = self._open_test(target.name)
            before = record.sides[target.name]
            rolls = tuple(rng.roll(DIE) for _ in range(extra_rolls(tarot)))
            after = TestSide.of(before.character, before.attribute, before.attribute_value, before.skill,
                                before.skill_value, before.modifiers, before.bonuses, before.outcome.with_rolls(rolls))
            record.sides[target.name] = after
            if record.kind == "opposed":
                defender = record.sides[str(record.defender)]
                active = next(side for name, side in record.sides.items() if name != record.defender)
                winner = active.character if active_wins(active.outcome, defender.outcome) else defender.character
        elif chosen == "permit":
            self.state.permits[target.name] = self.state.permits.get(target.name, 0) + 1
        else:
            if not note.strip():
                raise MalformedInputError("narrative change", "needs a note saying what should change", "R-7",
                                          "note='…' for the GM to rule on",
                                          hint="write what should change in the narrative note for the GM to rule on")
            self.state.narratives.append({"holder": holder.name, "on": target.name, "card": tarot.name,
                                          "note": note.strip()})
        holder.fate_cards.remove(tarot)
        self.state.fate_deck.discard([tarot])
        return FateSpend(holder.name, tarot.name, tarot.arcana, chosen, target.name, recorded_consent, rolls,
                         before, after, winner, note.strip())

    def _consent(self, holder: Character, target: Character, card: TarotCard, consent: Any) -> str | None:
        """R-7: another player's character needs that player's consent, which is kept in the log."""
        if target.player.casefold() == holder.player.casefold():
            return None
        if not isinstance(consent, str) or consent.strip().casefold() != target.player.casefold():
            raise IllegalActionError(
                f"{holder.name} ({holder.player}) uses {card.name} on {target.name}",
                f"{target.name} belongs to {target.player}, who has not consented", "R-7",
                f"consent='{target.player}' once {target.player} agrees",
                hint=f"ask {target.player}; once {target.player} agrees, type {target.player} as the consent of player",
            )
        return target.player

    def _open_test(self, name: str) -> TestRecord:
        """The latest test, if nothing but fate cards came after it and ``name`` made it (R-7)."""
        record = self.state.last_test
        if record is not None and not self.log.holds(record.event):
            raise IllegalActionError(f"reroll a test of {name}", "the latest test is in an earlier chapter, and a "
                                     "closed chapter's turns stand as they are", "C-2",
                                     "spend a fate card right after the test it changes")
        later = [] if record is None else [e.action for e in self.log.since(record.event + 1)]
        if record is None or any(action != "spend_fate_card" for action in later):
            raise IllegalActionError(f"reroll a test of {name}", "a fate card is spent right after the test it "
                                     "changes", "R-7", "spend it before any other action")
        if name not in record.sides:
            raise IllegalActionError(f"reroll a test of {name}", f"the latest test was made by "
                                     f"{' and '.join(record.sides)}", "R-7", "name on= one of them",
                                     hint=f"choose {' or '.join(record.sides)} as the test to change")
        return record
