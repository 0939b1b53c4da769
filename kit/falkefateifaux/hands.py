"""Hands and Fate tokens between flips: forced discards, Mulligan, Preparation, Trust the Fates,
the end of a scene and the GM's awards (F-10, F-11)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from kit.core.cards import Card
from kit.core.errors import (
    IllegalActionError,
    InsufficientTokensError,
    MalformedInputError,
    NotHeldError,
    OutOfRangeError,
)
from kit.core.randomness import GameRandom
from kit.falkefateifaux.base import card_list, codes, plain_arg
from kit.falkefateifaux.character import Character
from kit.falkefateifaux.limits import Discards, Reason, SceneDiscards, TokenAward, Trusted, Who
from kit.falkefateifaux.results import TableChange
from kit.falkefateifaux.steps import FlipSteps


class HandActions(FlipSteps):
    """Discarding, drawing and the Fate tokens that pay for it (F-10, F-11)."""

    def discard(self, character: Who, cards: Discards) -> TableChange:
        """Discard chosen cards when a discard is due: a hand over Card Refresh (F-10) or Stunned (F-12)."""
        return self._perform("discard", plain_arg({"character": character, "cards": cards}))

    def mulligan(self, character: Who) -> TableChange:
        """Spend a Fate token: discard the whole hand and draw as many cards (F-11)."""
        return self._perform("mulligan", {"character": character})

    def prepare(self, character: Who) -> TableChange:
        """Preparation: spend a Fate token to draw two cards, which may force a discard (F-11, F-10)."""
        return self._perform("prepare", {"character": character})

    def trust_the_fates(self, character: Who, cards: Trusted) -> TableChange:
        """Trust the Fates: discard four cards to gain a Burning Fate token (F-11)."""
        return self._perform("trust_the_fates", plain_arg({"character": character, "cards": cards}))

    def end_scene(self, discards: SceneDiscards = None) -> TableChange:
        """End the scene (F-10, F-11): each character discards the cards named in ``discards``
        (any or all), then draws up to Card Refresh; Burning Fate tokens vanish."""
        return self._perform("end_scene", plain_arg({"discards": discards}))

    def award_fate(self, character: Who, amount: TokenAward = 1, reason: Reason = "") -> TableChange:
        """The GM gives (or, for a negative amount, takes) Fate tokens (F-11)."""
        return self._perform("award_fate", {"character": character, "amount": amount, "reason": reason})

    # -- handlers ----------------------------------------------------------------------

    def _do_discard(self, rng: GameRandom, character: str, cards: list[str]) -> TableChange:
        ch = self.character(character)
        chosen = card_list(cards, "cards to discard")
        due = ch.discard_due
        if due == 0:
            blocking = self._discard_awaiting()
            raise IllegalActionError(
                f"{ch.name} discards {', '.join(str(c) for c in chosen)}",
                f"{ch.name} has no discard due (hand {len(ch.hand)}, Card Refresh {ch.refresh})", "F-10",
                (f"{blocking.character} must discard first" if blocking else
                 "discard at the end of the scene (end_scene) or by trust_the_fates"),
            )
        if not 1 <= len(chosen) <= due:
            raise OutOfRangeError(f"{ch.name} discards {len(chosen)} cards",
                                  f"{due} card{'s are' if due != 1 else ' is'} due", "F-10",
                                  f"discard 1 to {due} cards")
        over_before = max(0, len(ch.hand) - ch.refresh)
        self._take_from_hand(ch, chosen, f"{ch.name} discards", "F-10")
        self.state.fate.discard(chosen)
        ch.owed_discards = max(0, ch.owed_discards - max(0, len(chosen) - over_before))
        ch.owed_discards = min(ch.owed_discards, len(ch.hand))
        flip = self._advance("discard", rng) if self.state.pending is not None else None
        return TableChange("discard", f"{ch.name} discards {len(chosen)} card{'s' if len(chosen) != 1 else ''}",
                           ", ".join(str(c) for c in chosen),
                           (("Hand", f"{len(ch.hand)} / Card Refresh {ch.refresh}"),), (),
                           {"character": ch.name, "discarded": codes(chosen)}, self.awaiting, flip)

    def _hand_action_checks(self, action: str, ch: Character) -> None:
        self._require_free(action)
        if not ch.in_control:
            raise IllegalActionError(f"{action} for {ch.name}", f"{ch.name} is not in control", "F-10",
                                     "regain control first")

    def _pay_fate_only(self, ch: Character, action: str) -> None:
        if ch.fate < 1:
            why = f"{ch.name} has no Fate token"
            if ch.burning:
                why += " (Burning Fate tokens cannot pay for Mulligan or Preparation)"
            raise InsufficientTokensError(f"{action} for {ch.name}", why, "F-11",
                                          "earn Fate tokens by the GM's award")
        ch.fate -= 1

    def _do_mulligan(self, rng: GameRandom, character: str) -> TableChange:
        ch = self.character(character)
        self._hand_action_checks("mulligan", ch)
        self._pay_fate_only(ch, "mulligan")
        old = list(ch.hand)
        ch.hand.clear()
        self.state.fate.discard(old)
        drawn = self._draw(ch, len(old), rng)
        return TableChange("mulligan", f"{ch.name} mulligans", f"discarded and drew {len(old)} cards",
                           (("Discarded", ", ".join(str(c) for c in old) or "none"),
                            ("Fate tokens", str(ch.fate))),
                           ("1 Fate token spent (F-11)",),
                           {"character": ch.name, "discarded": codes(old), "drawn": codes(drawn)}, self.awaiting)

    def _do_prepare(self, rng: GameRandom, character: str) -> TableChange:
        ch = self.character(character)
        self._hand_action_checks("prepare", ch)
        self._pay_fate_only(ch, "prepare")
        drawn = self._draw(ch, 2, rng)
        return TableChange("prepare", f"{ch.name} prepares", "drew 2 cards",
                           (("Hand", f"{len(ch.hand)} / Card Refresh {ch.refresh}"), ("Fate tokens", str(ch.fate))),
                           ("1 Fate token spent (F-11)",),
                           {"character": ch.name, "drawn": codes(drawn)}, self.awaiting)

    def _do_trust_the_fates(self, rng: GameRandom, character: str, cards: list[str]) -> TableChange:
        ch = self.character(character)
        chosen = card_list(cards, "cards to trust to the fates")
        self._hand_action_checks("trust_the_fates", ch)
        if len(chosen) != 4:
            raise OutOfRangeError(f"{ch.name} trusts {len(chosen)} cards to the fates", "it takes exactly four cards",
                                  "F-11", "name four cards from the hand")
        self._take_from_hand(ch, chosen, f"{ch.name} trusts the fates with", "F-11")
        self.state.fate.discard(chosen)
        ch.burning += 1
        return TableChange("trust_the_fates", f"{ch.name} trusts the fates", "gains a Burning Fate token",
                           (("Discarded", ", ".join(str(c) for c in chosen)),
                            ("Burning Fate tokens", str(ch.burning))),
                           ("A Burning Fate token vanishes at the end of the scene and cannot pay for Mulligan or "
                            "Preparation (F-11)",),
                           {"character": ch.name, "discarded": codes(chosen)})

    def _do_end_scene(self, rng: GameRandom, discards: dict[str, list[str]] | None = None) -> TableChange:
        self._require_free("end_scene")
        if discards is not None and not isinstance(discards, dict):
            raise MalformedInputError(f"discards={discards!r}", "maps characters to the cards they discard", "F-10",
                                      'e.g. discards={"Ada": ["2C"]}')
        plan: dict[str, list[Card]] = {}
        for name, cards in (discards or {}).items():
            ch = self.character(name)
            chosen = card_list(cards, f"{ch.name}'s discards")
            if not ch.holds(chosen):
                missing = Counter(chosen) - Counter(ch.hand)
                raise NotHeldError(f"{ch.name} discards {', '.join(str(c) for c in missing.elements())} at the end "
                                   "of the scene", f"{ch.name} does not hold it", "F-10",
                                   f"{ch.name}'s hand: {', '.join(codes(ch.hand)) or 'empty'}")
            plan[ch.name] = chosen
        report: dict[str, dict[str, Any]] = {}
        facts: list[tuple[str, str]] = []
        for ch in self.state.characters.values():
            chosen = plan.get(ch.name, [])
            self._take_from_hand(ch, chosen, "discard", "F-10")
            self.state.fate.discard(chosen)
            drawn = self._draw(ch, max(0, ch.refresh - len(ch.hand)), rng) if ch.in_control else []
            lost = ch.burning
            ch.burning = 0
            report[ch.name] = {"discarded": codes(chosen), "drawn": codes(drawn), "burning_lost": lost}
            text = f"discarded {', '.join(str(c) for c in chosen) or 'nothing'}, drew {len(drawn)}"
            if lost:
                text += f", {lost} Burning Fate token{'s' if lost != 1 else ''} vanished"
            if not ch.in_control:
                text += " (not in control: draws on regaining control)"
            facts.append((ch.name, text))
        self.state.scene += 1
        return TableChange("end_scene", f"Scene {self.state.scene - 1} ends", f"scene {self.state.scene} begins",
                           tuple(facts), ("Each character discarded any or all, then drew up to Card Refresh; "
                                          "Burning Fate tokens vanish (F-10, F-11)",), {"characters": report},
                           self.awaiting)

    def _do_award_fate(self, rng: GameRandom, character: str, amount: int = 1, reason: str = "") -> TableChange:
        self._require_free("award_fate")
        ch = self.character(character)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
            raise OutOfRangeError(f"award of {amount!r} Fate tokens", "an award is a non-zero whole number", "F-11",
                                  "e.g. amount=1")
        if not isinstance(reason, str):
            raise MalformedInputError(f"reason {reason!r}", "is text", "F-11", 'e.g. reason="session start"')
        if ch.fate + amount < 0:
            raise InsufficientTokensError(f"take {-amount} Fate tokens from {ch.name}", f"{ch.name} has {ch.fate}",
                                          "F-11", "Fate tokens never go below 0")
        ch.fate += amount
        verb = "gains" if amount > 0 else "loses"
        return TableChange("award_fate", f"{ch.name} {verb} {abs(amount)} Fate token{'s' if abs(amount) != 1 else ''}",
                           reason, (("Fate tokens", str(ch.fate)),), ("Fate tokens come back only by award (F-11)",),
                           {"character": ch.name, "amount": amount, "fate": ch.fate})
