"""Character sheets: attributes, skills, weapons, armour, tracks and the owning player.

Names (attributes, skills, weapons, characters) are looked up case-insensitively; an unknown
name is refused with the list of names that are allowed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kit.core.errors import InvalidCharacterError, MalformedInputError, UnknownNameError
from kit.core.tarot import TarotCard
from kit.rollunder.limits import MAX_WEAPON_DAMAGE

BASE_ATTRIBUTES = ("Agility", "Wits", "Vitality", "Reason", "Fate")
BASE_SKILLS = (
    "Sergeant's Eye", "Duck & Cover", "Bash and Stab", "Barking Irons", "Heroic Vigor",
    "Investigator's Eye", "Medicine",
)
SHEET_RULING = "R-1"

SHEET_VALUE_MAX = 30
"""An attribute, a skill or armour is 0…30 on a sheet (R-1)."""

TRACK_MIN, TRACK_MAX = 1, 100
"""A stamina or physical track has 1…100 boxes (R-6)."""

WEAPON_KINDS = ("melee", "ranged")
"""A weapon is used in melee or at range (R-5)."""

WEAPON_FIELDS = ("name", "damage", "kind", "skill", "familiarity", "unarmed")
"""The fields a sheet's weapon may have (R-5)."""

DEFAULT_WEAPON_SKILL = "Bash and Stab"
"""The skill a weapon uses when its sheet names none (R-5)."""


def _key(name: str) -> str:
    return " ".join(str(name).split()).casefold()


def lookup(name: str, allowed: Iterable[str], kind: str, ruling: str = SHEET_RULING) -> str:
    """The canonical spelling of ``name`` among ``allowed`` (case-insensitive), or a refusal."""
    choices = list(allowed)
    if isinstance(name, str):
        for choice in choices:
            if _key(choice) == _key(name):
                return choice
    raise UnknownNameError(
        f"{kind} {name!r}", f"is not a known {kind}", ruling,
        f"{kind}s: {', '.join(choices) if choices else 'none'}",
    )


def _whole(value: Any, what: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInputError(what, f"must be a whole number, not {value!r}", SHEET_RULING)
    if value < low or (high is not None and value > high):
        span = f"{low}…{high}" if high is not None else f"at least {low}"
        raise InvalidCharacterError(what, f"is {value}, outside {span}", "R-6" if "track" in what else SHEET_RULING,
                                    f"use a value {span}")
    return value


def _ordered(values: dict[str, int], base: tuple[str, ...]) -> dict[str, int]:
    """The sheet's order: the base names as the text lists them, then added names alphabetically."""
    first = [name for name in base if name in values]
    rest = sorted((name for name in values if name not in base), key=str.casefold)
    return {name: values[name] for name in first + rest}


def written(value: Any) -> str | None:
    """The text a sheet's field holds, its runs of spaces made one, or None when nothing is written there."""
    if not isinstance(value, str) or not value.strip():
        return None
    return " ".join(value.split())


def same_name(first: str, second: str) -> bool:
    """True when two names on a sheet are the same but for case and spacing."""
    return _key(first) == _key(second)


def base_name(name: str, base: tuple[str, ...]) -> str:
    """The text's own spelling of a base attribute or skill (``"agility"`` → ``Agility``); other names as given."""
    return next((b for b in base if same_name(b, name)), name)


def name_clash(name: str, taken: Iterable[str]) -> str | None:
    """The name among ``taken`` that ``name`` repeats (ignoring case), or None."""
    key = name.casefold()
    return next((other for other in taken if other.casefold() == key), None)


def _text(value: Any, what: str) -> str:
    text = written(value)
    if text is None:
        raise MalformedInputError(what, "must be non-empty text", SHEET_RULING)
    return text


@dataclass(frozen=True)
class Weapon:
    """A weapon on a sheet: damage, melee or ranged, the skill it uses, familiarity, unarmed."""

    name: str
    damage: int
    ranged: bool
    skill: str
    familiarity: bool = False
    unarmed: bool = False

    @property
    def kind(self) -> str:
        """``melee`` or ``ranged``."""
        return "ranged" if self.ranged else "melee"

    def to_dict(self) -> dict[str, Any]:
        """The sheet form (what :func:`parse_weapon` reads back)."""
        return {"name": self.name, "damage": self.damage, "kind": self.kind, "skill": self.skill,
                "familiarity": self.familiarity, "unarmed": self.unarmed}


def parse_weapon(data: Any, skills: Iterable[str]) -> Weapon:
    """Read a weapon from ``{"name", "damage", "kind": "melee"|"ranged", "skill", "familiarity", "unarmed"}``."""
    if not isinstance(data, dict):
        raise MalformedInputError(f"weapon {data!r}", "must be an object with name, damage, kind and skill",
                                  SHEET_RULING)
    known = set(WEAPON_FIELDS)
    extra = sorted(set(data) - known)
    if extra:
        raise UnknownNameError(f"weapon field {extra[0]!r}", "is not a weapon field", SHEET_RULING,
                               f"fields: {', '.join(sorted(known))}")
    name = _text(data.get("name"), "weapon name")
    kind = data.get("kind", "melee")
    if kind not in WEAPON_KINDS:
        raise MalformedInputError(f"weapon {name!r} kind {kind!r}", "must be melee or ranged", "R-5")
    familiarity, unarmed = data.get("familiarity", False), data.get("unarmed", False)
    if not isinstance(familiarity, bool) or not isinstance(unarmed, bool):
        raise MalformedInputError(f"weapon {name!r}", "familiarity and unarmed must be true or false", "R-5")
    skill = lookup(data.get("skill", DEFAULT_WEAPON_SKILL), skills, "skill", "R-5")
    damage = _whole(data.get("damage"), f"weapon {name!r} damage", 0, MAX_WEAPON_DAMAGE)
    return Weapon(name, damage, kind == "ranged", skill, familiarity, unarmed)


@dataclass
class Character:
    """A character: sheet values, damage marked on the two tracks, held fate cards."""

    name: str
    player: str
    attributes: dict[str, int]
    skills: dict[str, int]
    weapons: list[Weapon]
    armour: int
    stamina: int
    physical: int
    stamina_damage: int = 0
    physical_damage: int = 0
    fate_cards: list[TarotCard] = field(default_factory=list)

    def copy(self) -> Character:
        """An independent copy (weapons and cards are immutable and shared)."""
        return Character(self.name, self.player, dict(self.attributes), dict(self.skills), list(self.weapons),
                         self.armour, self.stamina, self.physical, self.stamina_damage, self.physical_damage,
                         list(self.fate_cards))

    def attribute(self, name: str) -> tuple[str, int]:
        """An attribute's canonical name and value; an unknown one is refused (R-1)."""
        canonical = lookup(name, self.attributes, "attribute")
        return canonical, self.attributes[canonical]

    def weapon(self, name: str) -> Weapon:
        """A weapon on the sheet, by name; an unknown one is refused (R-5)."""
        canonical = lookup(name, [w.name for w in self.weapons], "weapon", "R-5")
        return next(w for w in self.weapons if w.name == canonical)

    @property
    def stamina_left(self) -> int:
        """Unmarked stamina boxes."""
        return self.stamina - self.stamina_damage

    @property
    def physical_left(self) -> int:
        """Unmarked physical boxes."""
        return self.physical - self.physical_damage


def build_character(name: str, player: str, attributes: Any, skills: Any, weapons: Any, armour: Any,
                    stamina: Any, physical: Any) -> Character:
    """Validate a sheet and build the character (fresh tracks, no fate cards)."""
    name = _text(name, "character name")
    player = _text(player, f"player of {name}")
    if not isinstance(attributes, dict):
        raise MalformedInputError(f"attributes of {name}", "must map attribute names to values", SHEET_RULING)
    attrs: dict[str, int] = {}
    for attr_name, value in attributes.items():
        clean = _text(attr_name, "attribute name")
        canonical = base_name(clean, BASE_ATTRIBUTES)
        if any(_key(a) == _key(canonical) for a in attrs):
            raise InvalidCharacterError(f"attribute {clean!r} of {name}", "is given twice", SHEET_RULING)
        attrs[canonical] = _whole(value, f"attribute {canonical} of {name}", 0, SHEET_VALUE_MAX)
    attrs = _ordered(attrs, BASE_ATTRIBUTES)
    missing = [a for a in BASE_ATTRIBUTES if a not in attrs]
    if missing:
        raise InvalidCharacterError(f"sheet of {name}", f"has no {', '.join(missing)}", SHEET_RULING,
                                    f"give every attribute: {', '.join(BASE_ATTRIBUTES)}")
    if skills is None:
        skills = {}
    if not isinstance(skills, dict):
        raise MalformedInputError(f"skills of {name}", "must map skill names to values", SHEET_RULING)
    sk: dict[str, int] = {}
    for skill_name, value in skills.items():
        clean = _text(skill_name, "skill name")
        canonical = base_name(clean, BASE_SKILLS)
        if any(_key(s) == _key(canonical) for s in sk):
            raise InvalidCharacterError(f"skill {clean!r} of {name}", "is given twice", SHEET_RULING)
        sk[canonical] = _whole(value, f"skill {canonical} of {name}", 0, SHEET_VALUE_MAX)
    sk = _ordered(sk, BASE_SKILLS)
    known_skills = list(BASE_SKILLS) + [s for s in sk if s not in BASE_SKILLS]
    if weapons is None:
        weapons = []
    if not isinstance(weapons, list):
        raise MalformedInputError(f"weapons of {name}", "must be a list of weapons", "R-5")
    arms = [parse_weapon(w, known_skills) for w in weapons]
    names = [_key(w.name) for w in arms]
    if len(set(names)) != len(names):
        raise InvalidCharacterError(f"weapons of {name}", "name one weapon twice", "R-5")
    return Character(
        name=name, player=player, attributes=attrs, skills=sk, weapons=arms,
        armour=_whole(armour, f"armour of {name}", 0, SHEET_VALUE_MAX),
        stamina=_whole(stamina, f"stamina track of {name}", TRACK_MIN, TRACK_MAX),
        physical=_whole(physical, f"physical track of {name}", TRACK_MIN, TRACK_MAX),
    )
