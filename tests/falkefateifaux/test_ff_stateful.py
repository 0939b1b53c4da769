"""Long random sequences of legal and illegal actions keep every invariant (F-1, F-7, F-10, F-11)."""

from collections import Counter

from ff_helpers import ADA, BRUNO
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kit.core.cards import standard_deck
from kit.core.errors import RulesError
from kit.falkefateifaux import SKILLS, FalkeFateiFauxGame

NAMES = ["Ada", "Bruno", "Cleo"]
CONDITIONS = ["Soft Cover", "Stunned", "Shy", "Embarrassed", "Crushed", "Winded", "Tired", "Exhausted", "Blasted"]
INJURIES = [("Niggling", {"choice": "Clubs"}), ("Minor", {"choice": "Diamonds", "amount": 2}), ("Moderate", {}),
            ("Severe", {}), ("Crippling", {}), ("KO", {})]
CARDS = [c.code for c in standard_deck()]


class TableMachine(RuleBasedStateMachine):
    """Plays a three-character table at random and checks the invariants after every step."""

    @initialize(seed=st.sampled_from(["a", "b", "c", "d"]))
    def start(self, seed):
        self.game = FalkeFateiFauxGame(seed, practice=True)
        self.game.add_character("Ada", **ADA)
        self.game.add_character("Bruno", **BRUNO)
        self.game.add_character("Cleo", npc=True, **{**ADA, "great": "Magic", "good": ["Resistance", "Education",
                                                                                        "Courage"]})

    def _try(self, call):
        before, length = self.game.fingerprint(), len(self.game.log)
        try:
            call()
        except RulesError as error:
            assert error.ruling, str(error)
            assert self.game.fingerprint() == before
            assert len(self.game.log) == length

    def _hand(self, data, name):
        hand = self.game.hand(name)
        return data.draw(st.sampled_from(hand)) if hand and data.draw(st.booleans()) else data.draw(
            st.sampled_from(CARDS))

    @rule(data=st.data())
    def flip(self, data):
        if self._settled(data):
            return
        who = data.draw(st.sampled_from(NAMES))
        kind = data.draw(st.sampled_from(["target", "opponent", "contest"]))
        other = data.draw(st.sampled_from(NAMES))
        kwargs = {
            "adverb": data.draw(st.sampled_from([None, None, None, "boldly", "clumsily", "steadily", "slowly",
                                                 ["swiftly", "boldly"]])),
            "plus": data.draw(st.integers(0, 2)), "minus": data.draw(st.integers(0, 3)),
            "modifier": data.draw(st.integers(-3, 3)), "boost": data.draw(st.sampled_from([False, False, False, True])),
            "suit": data.draw(st.sampled_from([None, None, None, True, "H"])), "guide": data.draw(st.booleans()),
        }
        skill = data.draw(st.sampled_from([*SKILLS, *SKILLS, "Sorcery"]))
        if kind == "target":
            kwargs["target"] = data.draw(st.integers(0, 20))
        else:
            kwargs["against"] = other
            if kind == "opponent":
                kwargs["target"] = data.draw(st.integers(0, 20))
                kwargs["against_hinder"] = data.draw(st.sampled_from([False, False, True]))
            else:
                kwargs["against_skill"] = data.draw(st.sampled_from(list(SKILLS)))
                kwargs["against_minus"] = data.draw(st.integers(0, 2))
                kwargs["against_boost"] = data.draw(st.sampled_from([False, False, True]))
                kwargs["hinder"] = data.draw(st.sampled_from([False, False, True]))
        self._try(lambda: self.game.flip(who, skill, **kwargs))

    @rule(data=st.data())
    def answer(self, data):
        if self._settled(data):
            return
        awaiting = self.game.awaiting
        who = awaiting.character if awaiting and data.draw(st.integers(0, 9)) else data.draw(st.sampled_from(NAMES))
        if awaiting is not None and awaiting.action == "discard":
            hand = self.game.hand(who)
            count = data.draw(st.integers(1, max(1, awaiting.count)))
            cards = data.draw(st.permutations(hand))[:count] if hand else ["2C"]
            self._try(lambda: self.game.discard(who, cards))
        elif awaiting is not None and awaiting.action == "choose" and data.draw(st.integers(0, 9)):
            option = data.draw(st.sampled_from(awaiting.options))
            self._try(lambda: self.game.choose(who, option))
        else:
            card = None if data.draw(st.booleans()) else self._hand(data, who)
            self._try(lambda: self.game.guide(who, card))

    def _settled(self, data):
        """Mostly answer what the table waits for, legally; True when that was done instead."""
        awaiting = self.game.awaiting
        if awaiting is None or data.draw(st.integers(0, 4)) == 0:
            return False
        who = awaiting.character
        if awaiting.action == "discard":
            cards = data.draw(st.permutations(self.game.hand(who)))[: awaiting.count]
            self._try(lambda: self.game.discard(who, cards))
        elif awaiting.action == "choose":
            option = data.draw(st.sampled_from(awaiting.options))
            self._try(lambda: self.game.choose(who, option))
        else:
            option = data.draw(st.sampled_from(awaiting.options))
            self._try(lambda: self.game.guide(who, option))
        return True

    @rule(data=st.data())
    def between_flips(self, data):
        if self._settled(data):
            return
        who = data.draw(st.sampled_from(NAMES))
        what = data.draw(st.sampled_from(["mulligan", "prepare", "trust", "award", "scene", "discard"]))
        if what == "mulligan":
            self._try(lambda: self.game.mulligan(who))
        elif what == "prepare":
            self._try(lambda: self.game.prepare(who))
        elif what == "trust":
            cards = [self._hand(data, who) for _ in range(4)]
            self._try(lambda: self.game.trust_the_fates(who, cards))
        elif what == "award":
            amount = data.draw(st.sampled_from([-1, 1, 2, 3]))
            self._try(lambda: self.game.award_fate(who, amount, "play"))
        elif what == "discard":
            self._try(lambda: self.game.discard(who, [self._hand(data, who)]))
        else:
            hand = self.game.hand(who)
            count = data.draw(st.integers(0, len(hand)))
            self._try(lambda: self.game.end_scene({who: hand[:count]}))

    @rule(data=st.data())
    def afflict(self, data):
        if self._settled(data):
            return
        who = data.draw(st.sampled_from(NAMES))
        what = data.draw(st.sampled_from(["condition", "remove", "injure", "heal", "lose", "regain"]))
        if what == "condition":
            self._try(lambda: self.game.add_condition(who, data.draw(st.sampled_from(CONDITIONS))))
        elif what == "remove":
            self._try(lambda: self.game.remove_condition(who, data.draw(st.sampled_from(CONDITIONS))))
        elif what == "injure":
            name, kwargs = data.draw(st.sampled_from(INJURIES))
            self._try(lambda: self.game.injure(who, name, **kwargs))
        elif what == "heal":
            self._try(lambda: self.game.heal(who, data.draw(st.sampled_from(INJURIES))[0]))
        elif what == "lose":
            self._try(lambda: self.game.lose_control(who))
        else:
            self._try(lambda: self.game.regain_control(who))

    @invariant()
    def every_card_is_in_exactly_one_place(self):
        state = self.game.state
        fate = Counter(state.fate.draw_pile) + Counter(state.fate.discard_pile)
        magic = Counter(state.magic.draw_pile) + Counter(state.magic.discard_pile)
        for ch in state.characters.values():
            fate += Counter(ch.hand)
        if state.pending is not None:
            for side in state.pending.sides:
                for sc in side.cards:
                    (fate if sc.deck == "fate" else magic)[sc.card] += 1
        assert fate == self.game.deck_make("fate")
        assert magic == self.game.deck_make("magic")

    @invariant()
    def hands_within_limits_once_discards_are_done(self):
        awaiting = self.game.awaiting
        if awaiting is None or awaiting.action != "discard":
            for ch in self.game.state.characters.values():
                assert len(ch.hand) <= ch.refresh

    @invariant()
    def tokens_never_negative(self):
        for ch in self.game.state.characters.values():
            assert ch.fate >= 0 and ch.burning >= 0 and ch.owed_discards >= 0

    @invariant()
    def replay_rebuilds_the_same_state(self):
        game = self.game
        replayed = FalkeFateiFauxGame.replay(game.seed, game.options, list(game.log), practice=game.practice)
        assert replayed.fingerprint() == game.fingerprint()


TableMachine.TestCase.settings = settings(max_examples=20, stateful_step_count=40, deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow])
test_f1_f10_random_tables_keep_every_invariant = TableMachine.TestCase
