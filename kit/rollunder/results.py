"""Results of Roll-Under actions: frozen records that keep the whole story and describe themselves."""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass, fields
from typing import Any

from kit.core.describe import FACE_DOWN, Describable, Description, Face, Fact, MaySee, Tone
from kit.rollunder.checks import Outcome


def format_clock(seconds: int) -> str:
    """A game-clock reading such as ``day 1, 00:10:05`` (day 1 starts at 0 seconds)."""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    return f"day {days + 1}, {hours:02d}:{minutes:02d}:{secs:02d}"


def passing_words(seconds: int) -> str:
    """``12 hours pass``, ``1 minute passes``: a span of game time passing, in words."""
    span = duration_words(seconds)
    return f"{span} {'passes' if span.count(' ') == 1 and span.startswith('1 ') else 'pass'}"


def duration_words(seconds: int) -> str:
    """A span of game time in words: ``12 hours``, ``1 hour 30 minutes``, ``2 days 3 hours``, ``45 seconds``."""
    parts = []
    rest = max(int(seconds), 0)
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        count, rest = divmod(rest, size)
        if count:
            parts.append(f"{count} {unit}{'s' if count != 1 else ''}")
    return " ".join(parts) or "no time"


@dataclass(frozen=True)
class TestSide:
    """One test as rolled: what was added to the target, every roll, the one that stands."""

    __test__ = False

    character: str
    attribute: str
    attribute_value: int
    skill: str | None
    skill_value: int
    modifiers: tuple[int, ...]
    bonuses: tuple[tuple[str, int], ...]
    target: int
    rolls: tuple[int, ...]
    roll: int
    success: bool
    degree: int

    @classmethod
    def of(cls, character: str, attribute: str, attribute_value: int, skill: str | None, skill_value: int,
           modifiers: tuple[int, ...], bonuses: tuple[tuple[str, int], ...], outcome: Outcome) -> TestSide:
        """Build the record from an :class:`Outcome`."""
        return cls(character, attribute, attribute_value, skill, skill_value, tuple(modifiers), tuple(bonuses),
                   outcome.target, tuple(outcome.rolls), outcome.roll, outcome.success, outcome.degree)

    @property
    def outcome(self) -> Outcome:
        """The test as an :class:`Outcome`."""
        return Outcome(self.target, self.rolls)

    @property
    def formula(self) -> str:
        """``Agility (7) + Bash and Stab (7) + familiarity (+2) = 16``."""
        parts = [f"{self.attribute} ({self.attribute_value})"]
        if self.skill is not None:
            parts.append(f"{self.skill} ({self.skill_value})")
        parts += [f"{label} ({value:+d})" for label, value in self.bonuses]
        parts += [f"modifier ({value:+d})" for value in self.modifiers if value]
        return " + ".join(parts) + f" = {self.target}"

    @property
    def verdict(self) -> str:
        """``success, degree 2`` or ``failure, degree −3``."""
        word = "success" if self.success else "failure"
        note = " (a 20 always fails)" if self.roll == 20 else ""
        return f"{word}, degree {self.degree}{note}"

    def faces(self) -> tuple[Face, ...]:
        """The d20 faces, the kept roll chosen, the others struck."""
        rolls, roll = self.rolls, self.roll
        if type(rolls) is tuple and type(roll) is int and all(type(r) is int for r in rolls):
            return _d20_faces(rolls, roll)  # frozen faces of plain rolls: each set made once
        return _d20_faces.__wrapped__(rolls, roll)

    def section(self, title: str | None = None) -> Description:
        """The test as a nested description."""
        return Description(
            title=title or f"{self.character}: {self.formula}",
            verdict=f"rolled {self.roll}: {self.verdict}",
            tone="success" if self.success else "failure",
            faces=self.faces(),
        )


_ATOMIC = frozenset({str, int, float, bool, type(None)})
"""Values that :func:`copy.deepcopy` returns as they are."""

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""The field names of each dataclass :func:`_as_dict` met, in order."""


def _as_dict(value: Any) -> Any:
    """What :func:`dataclasses.asdict` makes of ``value`` (the same values and types), without its overhead.

    A result's record is built once a turn, and again for every turn a file replays; plain
    values (text, numbers, True/False, None), which it would copy as they are, are taken as they are.
    """
    kind = type(value)
    if kind in _ATOMIC:
        return value
    names = _FIELD_NAMES.get(kind)
    if names is None and hasattr(kind, "__dataclass_fields__"):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind))
    if names is not None:
        return {name: item if type(item := getattr(value, name)) in _ATOMIC else _as_dict(item) for name in names}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return kind(*[_as_dict(item) for item in value])
    if isinstance(value, (list, tuple)):
        return kind([item if type(item) in _ATOMIC else _as_dict(item) for item in value])
    if kind is dict:
        return {_as_dict(key): item if type(item) in _ATOMIC else _as_dict(item) for key, item in value.items()}
    if isinstance(value, dict):
        return kind((_as_dict(key), _as_dict(item)) for key, item in value.items())
    return copy.deepcopy(value)


@functools.lru_cache(maxsize=1024)
def _d20_faces(rolls: tuple[int, ...], roll: int) -> tuple[Face, ...]:
    kept = rolls.index(roll)
    return tuple(
        Face(str(r), f"d20 rolled {r}", kind="die", chosen=len(rolls) > 1 and i == kept,
             struck=len(rolls) > 1 and i != kept)
        for i, r in enumerate(rolls)
    )


def _tone(ok: bool) -> Tone:
    return "success" if ok else "failure"


@dataclass(frozen=True)
class RollUnderResult(Describable):
    """Base of every Roll-Under result: the dictionary form is the event's outcome."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-able record of the whole result: :func:`dataclasses.asdict`'s, and its class's name."""
        data = _as_dict(self)
        data["result"] = type(self).__name__
        return data

    def describe(self) -> Description:
        """Overridden by each result."""
        return Description(title=type(self).__name__)


@dataclass(frozen=True)
class CharacterAdded(RollUnderResult):
    """A character joined the table."""

    name: str
    player: str
    attributes: dict[str, int]
    skills: dict[str, int]
    weapons: tuple[dict[str, Any], ...]
    armour: int
    stamina: int
    physical: int

    def describe(self) -> Description:
        """The sheet as facts."""
        facts = [Fact("Player", self.player),
                 Fact("Attributes", ", ".join(f"{k} {v}" for k, v in self.attributes.items())),
                 Fact("Skills", ", ".join(f"{k} {v}" for k, v in self.skills.items()) or "none")]
        for w in self.weapons:
            extra = ", familiar" if w["familiarity"] else ""
            extra += ", unarmed" if w["unarmed"] else ""
            facts.append(Fact(f"Weapon {w['name']}", f"damage {w['damage']}, {w['kind']}, {w['skill']}{extra}"))
        facts += [Fact("Armour", str(self.armour)), Fact("Stamina boxes", str(self.stamina)),
                  Fact("Physical boxes", str(self.physical))]
        return Description(title=f"{self.name} joins the table", facts=tuple(facts))


@dataclass(frozen=True)
class TestResult(RollUnderResult):
    """A plain test (R-1), or a perception test in combat."""

    __test__ = False

    test: TestSide
    context: str = "test"

    def describe(self) -> Description:
        """Formula, roll and degree."""
        t = self.test
        return Description(
            title=f"{t.character} tests {t.attribute}" + (f" + {t.skill}" if t.skill else "")
            + (" (perceive)" if self.context == "perceive" else ""),
            verdict=f"rolled {t.roll} against {t.target}: {t.verdict}", tone=_tone(t.success), faces=t.faces(),
            facts=(Fact("Target", t.formula),),
            notes=() if t.skill is None or t.skill_value else (f"{t.character} lacks {t.skill}: attribute alone.",),
        )


@dataclass(frozen=True)
class OpposedResult(RollUnderResult):
    """An opposed test (R-2): the greater degree wins, a tie goes to the defender."""

    active: TestSide
    defender: TestSide
    winner: str

    def describe(self) -> Description:
        """Both sides and the winner."""
        tie = self.active.outcome.rank == self.defender.outcome.rank
        notes = ("A tie goes to the defender (R-2).",) if tie else ()
        return Description(
            title=f"{self.active.character} against {self.defender.character}",
            verdict=f"{self.winner} wins", tone="neutral", notes=notes,
            sections=(self.active.section(), self.defender.section()),
        )


@dataclass(frozen=True)
class CombatStarted(RollUnderResult):
    """Initiative for everyone, the ambush tests and the declaration order (R-3)."""

    combatants: tuple[str, ...]
    ambushers: tuple[str, ...]
    initiative: tuple[TestSide, ...]
    ambush_tests: tuple[TestSide, ...]
    free_round: bool
    order: tuple[str, ...]
    acts_from: dict[str, int]
    round: int
    clock: int

    def describe(self) -> Description:
        """Order and who acts when."""
        notes = []
        if self.ambushers:
            notes.append("Every ambushed character failed: the ambushers get a free round; the ambushed can "
                         "neither act nor defend actively in it (R-3)." if self.free_round
                         else "Not every ambushed character failed: no free round (R-3).")
        sections = tuple(t.section(f"{t.character} initiative: {t.formula}") for t in self.initiative)
        sections += tuple(t.section(f"{t.character} ambush test: {t.formula}") for t in self.ambush_tests)
        return Description(
            title="Combat starts", verdict=f"declaration order: {', '.join(self.order)}",
            facts=(*(Fact(n, f"acts from round {r}") for n, r in self.acts_from.items()),
                   Fact("Clock", format_clock(self.clock))),
            notes=tuple(notes), sections=sections,
        )


@dataclass(frozen=True)
class AttackResult(RollUnderResult):
    """An attack against a chosen defence (R-5), with damage marked on a track (R-6)."""

    attacker: str
    defender: str
    weapon: str
    kind: str
    round: int
    free: bool
    attack_and_defend: bool
    attack: TestSide
    defence_choice: str
    defence: TestSide | None
    hit: bool
    reason: str
    net: int
    weapon_damage: int
    armour: int
    damage: int
    track: str
    marked: int
    excess: int
    track_left: int

    def describe(self) -> Description:
        """Attack, defence, net degrees and damage."""
        facts = [Fact("Weapon", f"{self.weapon} ({self.kind}, damage {self.weapon_damage})"),
                 Fact("Defence", self.defence_choice)]
        if self.hit:
            facts += [Fact("Net degrees", str(self.net)),
                      Fact("Damage", f"{self.weapon_damage} + {self.net} − armour {self.armour} = {self.damage}"),
                      Fact(f"{self.track.title()} boxes marked", f"{self.marked} ({self.track_left} left)")]
        notes = [self.reason]
        if self.excess:
            notes.append(f"{self.excess} more damage had no box left on the {self.track} track (R-6).")
        sections = (self.attack.section(f"{self.attacker} attacks: {self.attack.formula}"),)
        if self.defence is not None:
            sections += (self.defence.section(f"{self.defender} defends: {self.defence.formula}"),)
        return Description(
            title=f"{self.attacker} attacks {self.defender}" + (" (free attack)" if self.free else ""),
            verdict=(f"hit for {self.damage} {self.track}" if self.hit else "miss"), tone=_tone(self.hit),
            facts=tuple(facts), notes=tuple(notes), sections=sections,
        )


@dataclass(frozen=True)
class ActionResult(RollUnderResult):
    """Any other combat action or free action (R-4)."""

    character: str
    action: str
    round: int
    free_action: bool
    detail: str
    yards: int | None = None
    test: TestSide | None = None

    def describe(self) -> Description:
        """What was done."""
        sections = (self.test.section(),) if self.test else ()
        return Description(
            title=f"{self.character}: {self.action}" + (" (free action)" if self.free_action else ""),
            verdict=self.detail, tone="neutral", sections=sections,
            facts=(Fact("Round", str(self.round)),) + ((Fact("Yards", str(self.yards)),) if self.yards else ()),
        )


DEFENCE_WORDS = {"dodge": "ducks and covers (dodge)", "parry": "parries (close combat skill)",
                 "cover": "takes cover against ranged attacks", "none": "makes no active defence"}
"""How each standing defence reads in the log (R-5a)."""


@dataclass(frozen=True)
class DefenceChosen(RollUnderResult):
    """A character's standing defence, chosen from its own seat, used by every attack on it (R-5a)."""

    character: str
    defence: str | None
    cover: int

    def describe(self) -> Description:
        """Which defence the attacks on the character meet from now on."""
        if self.defence is None:
            verdict = "defends by default: dodge against melee, cover against ranged attacks"
        else:
            verdict = DEFENCE_WORDS[self.defence] + (f", cover rating {self.cover}" if self.cover else "")
        return Description(title=f"{self.character} chooses a defence", verdict=verdict, tone="neutral",
                           notes=("Every attack on this character meets it while the rules allow it (R-5a).",))


@dataclass(frozen=True)
class WithdrawResult(RollUnderResult):
    """An attempt to withdraw from melee (R-4): opposed against every opponent."""

    character: str
    round: int
    test: TestSide
    opponents: tuple[TestSide, ...]
    escaped: bool
    free_attacks: tuple[str, ...]

    def describe(self) -> Description:
        """Who gets a free attack."""
        verdict = "withdraws" if self.escaped else f"fails; free attack for {', '.join(self.free_attacks)}"
        return Description(
            title=f"{self.character} withdraws from melee", verdict=verdict, tone=_tone(self.escaped),
            sections=(self.test.section(), *(o.section() for o in self.opponents)),
        )


@dataclass(frozen=True)
class Delivery:
    """Physicane healing given as the clock moved (R-6)."""

    character: str
    healed: int
    wasted: int
    given_so_far: int
    total: int


def _delivery_notes(deliveries: tuple[Delivery, ...]) -> tuple[str, ...]:
    return tuple(
        f"Physicane: {d.character} heals {d.healed} physical ({d.given_so_far} of {d.total} given)"
        + (f"; {d.wasted} had no damage to heal" if d.wasted else "")
        for d in deliveries
    )


@dataclass(frozen=True)
class RoundResult(RollUnderResult):
    """A new round, or the end of combat (R-4)."""

    ended: bool
    round: int
    order: tuple[str, ...]
    current: str | None
    combat_seconds: int
    clock: int
    dropped_free_attacks: tuple[str, ...]
    deliveries: tuple[Delivery, ...]

    def describe(self) -> Description:
        """Round number, who declares, the clock."""
        if self.ended:
            return Description(title="Combat ends", verdict=f"after {duration_words(self.combat_seconds)}",
                               facts=(Fact("Clock", format_clock(self.clock)),),
                               notes=_delivery_notes(self.deliveries))
        return Description(
            title=f"Round {self.round}", verdict=f"{self.current} declares first" if self.current else "",
            facts=(Fact("Declaration order", ", ".join(self.order)),
                   Fact("Combat time", duration_words(self.combat_seconds)), Fact("Clock", format_clock(self.clock))),
            notes=_delivery_notes(self.deliveries)
            + tuple(f"Unused free attack dropped: {f}" for f in self.dropped_free_attacks),
        )


@dataclass(frozen=True)
class InitiativeChanged(RollUnderResult):
    """A modifier changed mid-combat: the degree is recomputed from the original roll (R-3)."""

    character: str
    modifier: int
    roll: int
    target: int
    success: bool
    degree: int
    order: tuple[str, ...]
    reorders: bool

    def describe(self) -> Description:
        """New degree and the order."""
        note = ("The order is re-sorted from the next round (table option)." if self.reorders
                else "The order is kept all combat (R-3).")
        return Description(
            title=f"{self.character}'s initiative modifier is now {self.modifier:+d}",
            verdict=f"roll {self.roll} against {self.target}: degree {self.degree}", tone=_tone(self.success),
            facts=(Fact("Order", ", ".join(self.order)),), notes=(note,),
        )


@dataclass(frozen=True)
class TimeResult(RollUnderResult):
    """The game clock moved on (R-6)."""

    seconds: int
    clock: int
    deliveries: tuple[Delivery, ...]

    def describe(self) -> Description:
        """The new clock and any elixir healing."""
        return Description(title=passing_words(self.seconds), verdict=format_clock(self.clock),
                           notes=_delivery_notes(self.deliveries))


@dataclass(frozen=True)
class HealingResult(RollUnderResult):
    """A healing test (R-6): stamina, physical, a physician, or a dose of Physicane."""

    character: str
    kind: str
    healer: str
    test: TestSide | None
    healed: int
    wasted: int
    track: str
    track_left: int
    spread_total: int
    clock: int
    note: str

    def describe(self) -> Description:
        """What the test restored."""
        facts = [Fact("Healed now", f"{self.healed} {self.track}"), Fact(f"{self.track.title()} boxes left",
                                                                         str(self.track_left))]
        if self.spread_total:
            facts.append(Fact("Over the next 24 hours", str(self.spread_total)))
        sections = (self.test.section(),) if self.test else ()
        unhurt = self.healed == 0 and self.wasted > 0  # the test restored boxes, and none was marked
        verdict = (f"{self.character} was unhurt: no {self.track} box was marked, so there was nothing to heal "
                   "(R-6)" if unhurt else self.note)
        return Description(title=f"{self.character}: {self.kind}", verdict=verdict,
                           tone="neutral" if unhurt else _tone(self.healed > 0 or self.spread_total > 0),
                           facts=tuple(facts),
                           sections=sections, notes=(f"Clock: {format_clock(self.clock)}",))


@dataclass(frozen=True)
class FateDraw(RollUnderResult):
    """The start-of-play draw (R-7): 1d20 each, ties re-rolled, lowest draws first."""

    rolls: dict[str, tuple[int, ...]]
    order: tuple[str, ...]
    cards: dict[str, tuple[str, ...]]

    def describe(self) -> Description:
        """Who rolled what and drew which cards."""
        facts = tuple(Fact(n, f"rolled {', '.join(map(str, self.rolls[n]))}; draws {', '.join(self.cards[n]) or '—'}")
                      for n in self.order)
        faces = tuple(Face(c, c, kind="tarot") for n in self.order for c in self.cards[n])
        return Description(title="Fate cards are drawn", verdict=f"draw order: {', '.join(self.order)}",
                           facts=facts, faces=faces)

    def describe_for(self, may_see: MaySee) -> Description:
        """The draw as a seat sees it: the cards drawn into hands it may not see are shown by their backs (P-5)."""
        if all(may_see(name) for name in self.order):
            return self.describe()
        facts = tuple(Fact(n, f"rolled {', '.join(map(str, self.rolls[n]))}; draws "
                              f"{_drawn(self.cards[n], may_see(n))}") for n in self.order)
        faces = tuple(_tarot_face(c, may_see(n)) for n in self.order for c in self.cards[n])
        return Description(title="Fate cards are drawn", verdict=f"draw order: {', '.join(self.order)}",
                           facts=facts, faces=faces, notes=(HIDDEN_HANDS,))


@dataclass(frozen=True)
class FateDeal(RollUnderResult):
    """The GM deals new fate cards (R-7)."""

    cards: dict[str, tuple[str, ...]]
    reshuffled: bool

    def describe(self) -> Description:
        """Who got which cards."""
        return Description(title="The GM deals fate cards",
                           facts=tuple(Fact(n, ", ".join(c) or "—") for n, c in self.cards.items()),
                           notes=("The discard pile was shuffled into the deck.",) if self.reshuffled else ())

    def describe_for(self, may_see: MaySee) -> Description:
        """The deal as a seat sees it: cards dealt into hands it may not see are counted, not named (P-5)."""
        if all(may_see(name) for name in self.cards):
            return self.describe()
        notes = (("The discard pile was shuffled into the deck.",) if self.reshuffled else ()) + (HIDDEN_HANDS,)
        return Description(title="The GM deals fate cards",
                           facts=tuple(Fact(n, _drawn(c, may_see(n))) for n, c in self.cards.items()), notes=notes)


@dataclass(frozen=True)
class FateSpend(RollUnderResult):
    """A fate card spent (R-7): more rolls with the best kept, a permitted test, or a narrative change."""

    holder: str
    card: str
    arcana: str
    use: str
    on: str
    consent: str | None
    extra_rolls: tuple[int, ...]
    before: TestSide | None
    after: TestSide | None
    winner: str | None
    note: str

    def describe(self) -> Description:
        """The card, the new rolls and the recomputed test."""
        if self.use == "reroll" and self.after is not None and self.before is not None:
            verdict = f"best roll {self.after.roll}: {self.after.verdict}"
            if self.winner:
                verdict += f"; {self.winner} wins"
            tone = _tone(self.after.success)
        elif self.use == "permit":
            verdict, tone = f"{self.on} may make a test the rules would not allow (an active defence)", "success"
        else:
            verdict, tone = f"narrative change for the GM to rule on: {self.note}", "warning"
        notes = [f"{self.card} goes to the discard until the GM deals new cards."]
        if self.consent:
            notes.insert(0, f"Used on {self.on} with the consent of {self.consent}.")
        sections = (self.after.section(),) if self.after else ()
        return Description(title=f"{self.holder} spends {self.card} ({self.arcana}) on {self.on}", verdict=verdict,
                           tone=tone, faces=(Face(self.card, self.card, kind="tarot", chosen=True),),
                           notes=tuple(notes), sections=sections)


@dataclass(frozen=True)
class NarrativeRuling(RollUnderResult):
    """The GM rules on a narrative change asked for with a Major Arcanum (R-7, R-7a)."""

    request: int
    holder: str
    on: str
    card: str
    note: str
    granted: bool
    ruling: str

    def describe(self) -> Description:
        """What was asked, whether the GM granted it, and the GM's words."""
        decision = "granted" if self.granted else "refused"
        verdict = f"{decision}: {self.note}"
        facts = [Fact("Asked by", f"{self.holder}, spending {self.card}"), Fact("Change asked", self.note)]
        if self.on != self.holder:
            facts.insert(1, Fact("On", self.on))
        if self.ruling:
            facts.append(Fact("The GM's ruling", self.ruling))
        follows = ("The change is now part of the story." if self.granted
                   else "The story stays as it was; the card stays spent.")
        return Description(title=f"The GM rules on narrative change {self.request} ({self.card})", verdict=verdict,
                           tone="success" if self.granted else "failure", facts=tuple(facts),
                           notes=(follows + " (R-7a)",))


HIDDEN_HANDS = ("Only your own cards are named here; whoever holds the game file can still read every hand "
                "in it (P-5).")
"""The honest line under a result that hides another seat's cards."""


def _drawn(cards: tuple[str, ...], seen: bool) -> str:
    """The cards a character drew, or only how many when the seat may not see them."""
    if seen:
        return ", ".join(cards) or "—"
    return f"{len(cards)} card{'s' if len(cards) != 1 else ''}, face down" if cards else "—"


def _tarot_face(code: str, seen: bool) -> Face:
    return Face(code, code, kind="tarot") if seen else Face(FACE_DOWN, "a face-down card", kind="tarot")
