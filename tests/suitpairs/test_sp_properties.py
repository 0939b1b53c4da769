"""Invariants over long random sequences of checks, rerolls, accepts and GM adjustments (S-3 … S-6)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kit.core.errors import RulesError
from kit.suitpairs import SKILLS, Attribute, SuitPairsGame, skill

NAMES = ("Mira", "Olek")
ATTRIBUTES = tuple(a.title for a in Attribute)
DIFFICULTIES = st.one_of(st.sampled_from(["Easy", "medium", "HARD", "Impossible"]), st.integers(0, 15))
DICE = st.one_of(st.none(), st.tuples(st.integers(1, 6), st.integers(1, 6)))


class SuitPairsTable(RuleBasedStateMachine):
    """A table of two characters driven by random actions, checked against a small model of S-3 … S-5."""

    @initialize(seed=st.text("abcdef0123456789", min_size=1, max_size=8))
    def start(self, seed):
        self.game = SuitPairsGame(seed=seed, practice=True)
        self.game.create_character("Mira", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
        self.game.create_character("Olek", "Fool", 1, 1, 4, 4, ["Brute Force", "Tinker", "Agility", "Charm"])
        self.pending: dict[str, str] = {}
        self.refusals = 0

    def attempt(self, allowed, action, dice):
        before, length = self.game.fingerprint(), len(self.game.log)
        if dice is not None:
            self.game.rig(dice=list(dice))
        try:
            result = action()
        except RulesError:
            self.game.rig()  # drop a rig the refused action left unused
            assert not allowed
            assert self.game.fingerprint() == before and len(self.game.log) == length
            self.refusals += 1
            return None
        assert allowed
        assert len(self.game.log) == length + 1
        return result

    @rule(name=st.sampled_from(NAMES), skill_name=st.sampled_from([s.name for s in SKILLS]),
          difficulty=DIFFICULTIES, dice=DICE)
    def check(self, name, skill_name, difficulty, dice):
        result = self.attempt(name not in self.pending,
                              lambda: self.game.check(name, skill_name, difficulty), dice)
        if result is not None:
            self.pending[name] = skill_name
            assert result.success == _succeeds(result.dice, result.level, result.target)

    @rule(name=st.sampled_from(NAMES), pick=st.integers(0, 3), tied=st.booleans(), dice=DICE)
    def reroll(self, name, pick, tied, dice):
        person = self.game.character(name)
        payers = ATTRIBUTES
        if tied and name in self.pending:
            payers = tuple(a.title for a in skill(self.pending[name]).attributes)
        pay = payers[pick % len(payers)]
        allowed = (
            name in self.pending
            and Attribute.parse(pay) in skill(self.pending[name]).attributes
            and person.attributes[pay] > 0
        )
        result = self.attempt(allowed, lambda: self.game.reroll(name, pay=pay), dice)
        if result is not None:
            assert self.game.character(name).attributes[pay] == person.attributes[pay] - 1

    @rule(name=st.sampled_from(NAMES), consequences=st.sampled_from([None, True, False]))
    def accept(self, name, consequences):
        before = self.game.character(name)
        result = self.attempt(name in self.pending, lambda: self.game.accept(name, consequences=consequences), None)
        if result is None:
            return
        del self.pending[name]
        after = self.game.character(name)
        moved = {k: after.attributes[k] - before.attributes[k] for k in ATTRIBUTES} | {
            k: after.skills[k] - before.skills[k] for k in before.skills
        }
        assert sum(abs(v) for v in moved.values()) <= 1
        if consequences is False:
            assert not any(moved.values())

    @rule(name=st.sampled_from(NAMES), what=st.sampled_from((*ATTRIBUTES, "Defy", "Charm", "♣♣", "sd")),
          points=st.integers(1, 6), award=st.booleans())
    def adjust(self, name, what, points, award):
        person = self.game.character(name)
        key = what if what in ATTRIBUTES else skill(what).name
        current = {**person.attributes, **person.skills}[key]
        target = current + points if award else current - points
        action = self.game.award if award else self.game.take_away
        self.attempt(0 <= target <= 5, lambda: action(name, what, points, reason="random"), None)

    @invariant()
    def values_stay_within_zero_to_five(self):
        for name in NAMES:
            person = self.game.character(name)
            assert all(0 <= v <= 5 for v in person.attributes.values())
            assert all(0 <= v <= 5 for v in person.skills.values())
            assert set(self.game.serious_consequences(name)) == {k for k, v in person.attributes.items() if v == 0}
            assert (self.game.pending(name) is not None) == (name in self.pending)

    @invariant()
    def the_log_accounts_for_every_change(self):
        sheets: dict[str, dict[str, int]] = {}
        for event in self.game.log:
            if event.action == "create_character":
                out = event.outcome
                sheets[out["name"]] = {**out["attributes"], **{s.name: 0 for s in SKILLS},
                                       **dict.fromkeys(out["skills"], 1)}
                continue
            for change in event.outcome.get("changes", []):
                assert sheets[change["character"]][change["name"]] == change["before"]
                sheets[change["character"]][change["name"]] += change["after"] - change["before"]
            if event.action == "accept":
                recorded = event.outcome["consequence"]
                changes = event.outcome["changes"]
                if recorded is None or recorded["before"] == recorded["after"]:
                    assert changes == []
                else:
                    assert [(c["name"], c["before"], c["after"]) for c in changes] == [
                        (recorded["name"], recorded["before"], recorded["after"])
                    ]
        for name in NAMES:
            person = self.game.character(name)
            assert sheets[name] == {**person.attributes, **person.skills}

    def teardown(self):
        if hasattr(self, "game"):
            again = self.game.replayed()
            assert again.fingerprint() == self.game.fingerprint()


def _succeeds(dice, level, target):
    if tuple(dice) == (1, 1):
        return False
    return tuple(dice) == (6, 6) or sum(dice) + level >= target


SuitPairsTable.TestCase.settings = settings(
    max_examples=60, stateful_step_count=80, deadline=None, suppress_health_check=[HealthCheck.too_slow],
)
test_s3_s4_s5_s6_random_play_keeps_values_in_range_and_replays = SuitPairsTable.TestCase

STEP = st.one_of(
    st.tuples(st.just("check"), st.sampled_from(NAMES), st.sampled_from([s.name for s in SKILLS]), DIFFICULTIES, DICE),
    st.tuples(st.just("reroll"), st.sampled_from(NAMES), st.integers(0, 3), st.booleans(), DICE),
    st.tuples(st.just("reroll"), st.sampled_from(NAMES), st.integers(0, 3), st.just(True), DICE),
    st.tuples(st.just("accept"), st.sampled_from(NAMES), st.sampled_from([None, True, False])),
    st.tuples(st.just("accept"), st.sampled_from(NAMES), st.just(None)),
    st.tuples(st.just("adjust"), st.sampled_from(NAMES), st.sampled_from((*ATTRIBUTES, "Defy", "Charm", "♣♣")),
              st.integers(1, 3), st.booleans()),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.text("0123456789", min_size=1, max_size=4), program=st.lists(STEP, min_size=200, max_size=400))
def test_s3_s4_s5_s6_long_generated_programs_keep_every_invariant(seed, program):
    table = SuitPairsTable()
    table.start(seed=seed)
    for name, *args in program:
        getattr(table, name)(*args)
    table.values_stay_within_zero_to_five()
    table.the_log_accounts_for_every_change()
    assert len(table.game.log) + table.refusals == len(program) + 2
    table.teardown()
