"""Checkpoints: a game's live state as plain JSON, and back again, checked all the way down (C-1).

A later chapter of a campaign starts from a checkpoint of the whole state, stored in the game
file, so the JSON is input from anyone. :func:`encode_state` writes a state object as plain
data and :func:`decode_state` reads it back into the very objects the live code uses. Both
are driven by the dataclass fields and their type hints, so no type tags are written: the
hint says what a value is.

How each kind of value is written:

- a dataclass: an object of its fields by name (a field computed by ``__post_init__``, such
  as a card's ``ordinal``, is left out and computed again);
- ``int``, ``str``, ``bool``, ``None``: as they are; an ``Enum``: its member's name;
- ``list[X]``, ``tuple[X, ...]`` and ``tuple[X, Y]``: lists;
- ``dict[K, V]``: a list of ``[key, value]`` pairs in the dict's order. A JSON object would
  lose that order under :func:`kit.core.events.canonical_json`, which sorts keys, and the
  order is part of the game (characters in the order they joined, a sheet's skills);
- a playing card (:class:`~kit.core.cards.Card`) by its code (``10C``), a Tarot card
  (:class:`~kit.core.tarot.TarotCard`) by its name; a ``Deck[Card]`` is a dataclass whose
  card type comes from the hint;
- ``Any`` (a declared turn's arguments): plain JSON as it is (as the game file keeps an
  event's arguments: an object's keys sorted).

Anything else is a programming error, a ``TypeError``: a class that is not a dataclass or a
card, a hint such as ``set`` or ``float`` that no state uses, a value not of its hint's type,
a private field (``_name``) that :data:`_LEFT_OUT` does not name.

Reading refuses anything malformed with :class:`~kit.core.errors.MalformedInputError` naming
the place (``checkpoint state.characters['Mira'].fate: must be a whole number``): a value of
the wrong type (``true`` where a number belongs), a field missing or extra, an unknown name,
a bad card code, a number beyond ±10¹⁵, text over 500 characters or holding a
character no player text may hold (G-2), a list over 10,000 entries, nesting deeper than the
hint allows. Reading checks the shape of a state, not the rules of play (that every card is
in one place, for one): what the rules require of a state is for the game to check.

The rules of the few classes that need their own are in :data:`_LEAVES` (cards, by code) and
:data:`_LEFT_OUT` (the seat keys and chain cache of a :class:`~kit.core.proofs.ProofBook`,
never written: a table holds its own keys).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar, get_args, get_origin, get_type_hints

from kit.core.cards import Card, standard_deck
from kit.core.errors import MalformedInputError, RulesError
from kit.core.limits import PROSE_LENGTH, QUOTE_LENGTH, text_problem
from kit.core.proofs import ProofBook
from kit.core.tarot import TarotCard, tarot_deck

MAX_NUMBER = 10**15
"""The largest whole number (either sign) a checkpoint holds: past any count the rules let a state reach (a
game clock of a million years is 3.2 × 10¹³ seconds), so a state play makes always has its checkpoint."""

MAX_TEXT = PROSE_LENGTH
"""The longest text a checkpoint holds: 500 characters, one line, no control characters (G-2)."""

MAX_ENTRIES = 10_000
"""The most entries one list or mapping of a checkpoint holds."""

MAX_PLAIN_DEPTH = 8
"""How deeply plain JSON (a field hinted ``Any``, such as a declared turn's arguments) may nest."""

_RULING = "C-1"
"""The ruling a refusal cites: a later chapter starts from a checkpoint (C-1)."""


@dataclass(frozen=True)
class _Leaf:
    """A class written as one text: its code, read back from a table of every value it can have."""

    what: str
    encode: Callable[[Any], str]
    by_code: dict[str, Any]


_LEAVES: dict[type, _Leaf] = {
    Card: _Leaf("a playing card's code such as 4H, 10C, AS or RJ", lambda card: card.code,
                {card.code: card for card in standard_deck()}),
    TarotCard: _Leaf("a Tarot card's name such as The Tower or Queen of Swords", lambda card: card.code,
                     {card.code: TarotCard.parse(card.code) for card in tarot_deck()}),
}
"""Classes written by their codes. Reading gives the kit's own card objects (``Card.parse`` gives the same)."""

_LEFT_OUT: dict[type, frozenset[str]] = {
    ProofBook: frozenset({"keys", "_chain_cache"}),
}
"""Fields never written, by class: a decoded object gets each field's default (the seat keys are
the table's own and never enter a file; the chain cache fills again as chains are used)."""


# -- refusals, with the path to the value they are about --------------------------------------


class _Refused(Exception):
    """A value a checkpoint cannot hold; ``steps`` is its path, innermost step first."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why
        self.steps: list[str] = []

    def path(self) -> str:
        return "".join(reversed(self.steps))


class _Unfit(_Refused):
    """A live value that is not of its hint's type: a programming error (TypeError) when encoding."""


def _quote(value: Any) -> str:
    if isinstance(value, str):
        return repr(value if len(value) <= QUOTE_LENGTH else value[:QUOTE_LENGTH] + "…")
    if type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER:
        return str(value)
    return f"a {type(value).__name__}"


def _kind_name(value: Any) -> str:
    return {type(None): "null", bool: "true/false", int: "a number", float: "a number", str: "text",
            list: "a list", dict: "an object"}.get(type(value), f"a {type(value).__name__}")


# -- plans: an encoder and a decoder per type hint, made once ------------------------------------


class _Plan(NamedTuple):
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


_PLANS: dict[Any, _Plan] = {}
_BUILDING: set[Any] = set()


def _plan(hint: Any) -> _Plan:
    """The plan for ``hint`` (cached); TypeError for a hint no checkpoint can hold."""
    try:
        found = _PLANS.get(hint)
    except TypeError:  # an unhashable hint
        raise TypeError(f"checkpoint: the type hint {hint!r} cannot be checkpointed") from None
    if found is not None:
        return found
    if hint in _BUILDING:
        raise TypeError(f"checkpoint: {_hint_name(hint)} holds itself; a checkpoint holds no recursive type")
    _BUILDING.add(hint)
    try:
        found = _make_plan(hint)
    finally:
        _BUILDING.discard(hint)
    _PLANS[hint] = found
    return found


def _is_key(hint: Any) -> bool:
    return hint in (str, int) or hint in _LEAVES or (isinstance(hint, type) and issubclass(hint, enum.Enum))


def _hint_name(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else repr(hint)


def _make_plan(hint: Any) -> _Plan:
    if hint is Any:
        return _Plan(_plain_encode, _plain_decode)
    if hint is type(None) or hint is None:
        return _none_plan()
    if hint is bool:
        return _bool_plan()
    if hint is int:
        return _int_plan()
    if hint is str:
        return _str_plan()
    origin, args = get_origin(hint), get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _optional_plan(hint, args)
    if origin is list and len(args) == 1:
        return _list_plan(_plan(args[0]))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _variadic_tuple_plan(_plan(args[0]))
    if origin is tuple and args and Ellipsis not in args:
        return _fixed_tuple_plan(tuple(_plan(arg) for arg in args))
    if origin is dict and len(args) == 2:
        if not _is_key(args[0]):
            raise TypeError(f"checkpoint: {hint!r} has keys of a type no checkpoint holds (str, int, an Enum, a card)")
        return _dict_plan(_plan(args[0]), _plan(args[1]))
    cls = origin if isinstance(origin, type) else hint
    if isinstance(cls, type):
        if cls in _LEAVES and not args:
            return _leaf_plan(cls, _LEAVES[cls])
        if issubclass(cls, enum.Enum) and not args:
            return _enum_plan(cls)
        if dataclasses.is_dataclass(cls):
            return _dataclass_plan(cls, args)
    raise TypeError(f"checkpoint: {_hint_name(hint)} is not a dataclass, a card or a type a checkpoint holds "
                    "(int, str, bool, None, X | None, list, tuple, dict, an Enum, Any)")


# -- scalars -------------------------------------------------------------------------------------


def _none_plan() -> _Plan:
    def encode(value: Any) -> None:
        if value is not None:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says None")
        return None

    def decode(data: Any) -> None:
        if data is not None:
            raise _Refused("must be null")
        return None

    return _Plan(encode, decode)


def _bool_plan() -> _Plan:
    def encode(value: Any) -> bool:
        if type(value) is not bool:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says bool")
        return value

    def decode(data: Any) -> bool:
        if type(data) is not bool:
            raise _Refused("must be true or false")
        return data

    return _Plan(encode, decode)


_NUMBER_WHY = f"must be a whole number from −{MAX_NUMBER:,} to {MAX_NUMBER:,}"


def _int_plan() -> _Plan:
    def encode(value: Any) -> int:
        if type(value) is not int:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says int")
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise _Refused(f"is beyond ±{MAX_NUMBER:,}, the most a checkpoint holds")
        return value

    def decode(data: Any) -> int:
        if type(data) is not int:
            raise _Refused("must be a whole number")
        if not -MAX_NUMBER <= data <= MAX_NUMBER:
            raise _Refused(_NUMBER_WHY)
        return data

    return _Plan(encode, decode)


def _check_text(text: str) -> str:
    if len(text) <= MAX_TEXT and text.isprintable():  # the common case, checked in C
        return text
    problem = text_problem(text, MAX_TEXT)
    if problem is not None:
        raise _Refused(problem)
    return text


def _str_plan() -> _Plan:
    def encode(value: Any) -> str:
        if type(value) is not str:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says str")
        return _check_text(value)

    def decode(data: Any) -> str:
        if type(data) is not str:
            raise _Refused("must be text")
        return _check_text(data)

    return _Plan(encode, decode)


def _leaf_plan(cls: type, leaf: _Leaf) -> _Plan:
    by_code = leaf.by_code
    why = f"must be {leaf.what}"

    def encode(value: Any) -> str:
        if type(value) is not cls:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says {cls.__name__}")
        return leaf.encode(value)

    def decode(data: Any) -> Any:
        found = by_code.get(data) if type(data) is str else None
        if found is None:
            raise _Refused(why)
        return found

    return _Plan(encode, decode)


def _enum_plan(cls: type[enum.Enum]) -> _Plan:
    members = dict(cls.__members__)
    why = f"must be one of {', '.join(members)}"

    def encode(value: Any) -> str:
        if type(value) is not cls:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says {cls.__name__}")
        return value.name

    def decode(data: Any) -> Any:
        found = members.get(data) if type(data) is str else None
        if found is None:
            raise _Refused(why)
        return found

    return _Plan(encode, decode)


def _optional_plan(hint: Any, args: tuple[Any, ...]) -> _Plan:
    others = [arg for arg in args if arg is not type(None)]
    if len(others) != 1 or len(args) != 2:
        raise TypeError(f"checkpoint: {hint!r} is a union; a checkpoint holds only X | None")
    inner = _plan(others[0])

    def encode(value: Any) -> Any:
        return None if value is None else inner.encode(value)

    def decode(data: Any) -> Any:
        return None if data is None else inner.decode(data)

    return _Plan(encode, decode)


# -- containers ----------------------------------------------------------------------------------


def _too_many(count: int) -> _Refused:
    return _Refused(f"holds {count:,} entries; at most {MAX_ENTRIES:,} are allowed")


def _each(convert: Callable[[Any], Any], items: list[Any] | tuple[Any, ...]) -> list[Any]:
    """``convert`` applied to every item; a refusal names the item's position."""
    try:
        return [convert(item) for item in items]
    except _Refused as refusal:
        for position, item in enumerate(items):  # only on a refusal: find which item it was
            try:
                convert(item)
            except _Refused:
                refusal.steps.append(f"[{position}]")
                break
        raise


def _list_plan(item: _Plan) -> _Plan:
    encode_item, decode_item = item

    def encode(value: Any) -> list[Any]:
        if type(value) is not list:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says list")
        if len(value) > MAX_ENTRIES:
            raise _too_many(len(value))
        return _each(encode_item, value)

    def decode(data: Any) -> list[Any]:
        if type(data) is not list:
            raise _Refused("must be a list")
        if len(data) > MAX_ENTRIES:
            raise _too_many(len(data))
        return _each(decode_item, data)

    return _Plan(encode, decode)


def _variadic_tuple_plan(item: _Plan) -> _Plan:
    encode_item, decode_item = item

    def encode(value: Any) -> list[Any]:
        if type(value) is not tuple:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says tuple")
        if len(value) > MAX_ENTRIES:
            raise _too_many(len(value))
        return _each(encode_item, value)

    def decode(data: Any) -> tuple[Any, ...]:
        if type(data) is not list:
            raise _Refused("must be a list")
        if len(data) > MAX_ENTRIES:
            raise _too_many(len(data))
        return tuple(_each(decode_item, data))

    return _Plan(encode, decode)


def _fixed_tuple_plan(items: tuple[_Plan, ...]) -> _Plan:
    size = len(items)
    why = f"must be a list of exactly {size} entr{'y' if size == 1 else 'ies'}"

    def encode(value: Any) -> list[Any]:
        if type(value) is not tuple or len(value) != size:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says a tuple of {size}")
        out = []
        for position, (plan, part) in enumerate(zip(items, value, strict=True)):
            try:
                out.append(plan.encode(part))
            except _Refused as refusal:
                refusal.steps.append(f"[{position}]")
                raise
        return out

    def decode(data: Any) -> tuple[Any, ...]:
        if type(data) is not list or len(data) != size:
            raise _Refused(why)
        out = []
        for position, (plan, part) in enumerate(zip(items, data, strict=True)):
            try:
                out.append(plan.decode(part))
            except _Refused as refusal:
                refusal.steps.append(f"[{position}]")
                raise
        return tuple(out)

    return _Plan(encode, decode)


def _dict_plan(key: _Plan, item: _Plan) -> _Plan:
    encode_key, decode_key = key
    encode_item, decode_item = item

    def encode(value: Any) -> list[list[Any]]:
        if type(value) is not dict:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says dict")
        if len(value) > MAX_ENTRIES:
            raise _too_many(len(value))
        out = []
        for position, (name, entry) in enumerate(value.items()):
            try:
                written = encode_key(name)
            except _Refused as refusal:
                refusal.steps.append(f"[{position}][0]")
                raise
            try:
                out.append([written, encode_item(entry)])
            except _Refused as refusal:
                refusal.steps.append(f"[{_quote(name)}]")
                raise
        return out

    def decode(data: Any) -> dict[Any, Any]:
        if type(data) is not list:
            raise _Refused("must be a list of [key, value] pairs")
        if len(data) > MAX_ENTRIES:
            raise _too_many(len(data))
        out: dict[Any, Any] = {}
        for position, pair in enumerate(data):
            if type(pair) is not list or len(pair) != 2:
                refusal = _Refused("must be a [key, value] pair")
                refusal.steps.append(f"[{position}]")
                raise refusal
            try:
                name = decode_key(pair[0])
            except _Refused as refusal:
                refusal.steps.append(f"[{position}][0]")
                raise
            if name in out:
                refusal = _Refused(f"repeats the key {_quote(name)}")
                refusal.steps.append(f"[{position}]")
                raise refusal
            try:
                out[name] = decode_item(pair[1])
            except _Refused as refusal:
                refusal.steps.append(f"[{_quote(name)}]")
                raise
        return out

    return _Plan(encode, decode)


# -- plain JSON (Any) ----------------------------------------------------------------------------


def _plain(value: Any, depth: int, refuse: type[_Refused]) -> Any:
    """A copy of plain JSON ``value``; ``refuse`` is raised for anything else (a path names where)."""
    kind = type(value)
    if value is None or kind is bool:
        return value
    if kind is int:
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise _Refused(_NUMBER_WHY)
        return value
    if kind is str:
        return _check_text(value)
    if kind is not list and kind is not dict:
        raise refuse(f"holds {_kind_name(value)}; plain data is text, whole numbers, true/false, null, "
                     "lists and objects")
    if depth >= MAX_PLAIN_DEPTH:
        raise _Refused(f"is nested more than {MAX_PLAIN_DEPTH} levels deep")
    if len(value) > MAX_ENTRIES:
        raise _too_many(len(value))
    if kind is list:
        return _each(lambda item: _plain(item, depth + 1, refuse), value)
    out = {}
    for name, entry in value.items():
        if type(name) is not str:
            raise refuse(f"has the key {_quote(name)}; an object's keys are text")
        try:
            out[_check_text(name)] = _plain(entry, depth + 1, refuse)
        except _Refused as refusal:
            refusal.steps.append(f"[{_quote(name)}]")
            raise
    return out


def _plain_encode(value: Any) -> Any:
    return _plain(value, 0, _Unfit)


def _plain_decode(data: Any) -> Any:
    return _plain(data, 0, _Refused)


# -- dataclasses ---------------------------------------------------------------------------------


def _substitute(hint: Any, bound: dict[Any, Any]) -> Any:
    """``hint`` with the type variables of a generic class replaced by the types its hint gives."""
    if isinstance(hint, TypeVar):
        if hint not in bound:
            raise TypeError(f"checkpoint: the type variable {hint} has no type; give it in the hint, e.g. Deck[Card]")
        return bound[hint]
    args = get_args(hint)
    if not args or not bound:
        return hint
    new = tuple(_substitute(arg, bound) for arg in args)
    if new == args:
        return hint
    origin = get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return typing.Union[new]  # noqa: UP007 (a union built from a tuple of types)
    return origin[new]


def _dataclass_plan(cls: type, args: tuple[Any, ...]) -> _Plan:
    parameters = getattr(cls, "__parameters__", ())
    if len(args) != len(parameters):
        raise TypeError(f"checkpoint: {cls.__name__} is generic; give its type in the hint, e.g. Deck[Card]")
    bound = dict(zip(parameters, args, strict=True))
    try:
        hints = get_type_hints(cls)
    except Exception as error:
        raise TypeError(f"checkpoint: the type hints of {cls.__name__} cannot be read ({error})") from None
    left_out = _LEFT_OUT.get(cls, frozenset())
    fields: list[tuple[str, _Plan]] = []
    for spec in dataclasses.fields(cls):
        if not spec.init:
            continue  # computed by __post_init__ from the other fields
        if spec.name in left_out:
            if spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
                raise TypeError(f"checkpoint: {cls.__name__}.{spec.name} is left out but has no default")
            continue
        if spec.name.startswith("_"):
            raise TypeError(f"checkpoint: {cls.__name__}.{spec.name} is private; say in kit.core.checkpoint "
                            "whether a checkpoint keeps it")
        fields.append((spec.name, _plan(_substitute(hints[spec.name], bound))))
    names = frozenset(name for name, _ in fields)
    order = tuple(name for name, _ in fields)
    encoders = tuple((name, plan.encode) for name, plan in fields)
    decoders = tuple((name, plan.decode) for name, plan in fields)
    title = cls.__name__

    def encode(value: Any) -> dict[str, Any]:
        if type(value) is not cls:
            raise _Unfit(f"holds {_kind_name(value)} where the hint says {title}")
        out = {}
        for name, encode_field in encoders:
            try:
                out[name] = encode_field(getattr(value, name))
            except _Refused as refusal:
                refusal.steps.append(f".{name}")
                raise
        return out

    def decode(data: Any) -> Any:
        if type(data) is not dict:
            raise _Refused(f"must be an object (a {title}), not {_kind_name(data)}")
        if data.keys() != names:
            missing = next((name for name in order if name not in data), None)
            if missing is not None:
                raise _Refused(f"lacks the field {missing!r} of a {title}")
            extra = next(name for name in data if name not in names)
            raise _Refused(f"has a field {_quote(extra)} that a {title} does not have")
        values = {}
        for name, decode_field in decoders:
            try:
                values[name] = decode_field(data[name])
            except _Refused as refusal:
                refusal.steps.append(f".{name}")
                raise
        try:
            return cls(**values)
        except RulesError as error:
            raise _Refused(f"is not a {title}: {error.why}") from None
        except Exception as error:  # the class's own checks (__post_init__) refuse it
            raise _Refused(f"is not a {title}: {str(error)[:200] or type(error).__name__}") from None

    return _Plan(encode, decode)


# -- the API -------------------------------------------------------------------------------------


def encode_state(value: Any) -> Any:
    """Plain JSON-able data (dicts with str keys, lists, str, int, bool, None) for a state object.

    ``value`` is a dataclass (a system's state, a :class:`~kit.core.seats.Seating`, a
    :class:`~kit.core.proofs.ProofBook`); its fields are written by their type hints (see the
    module's docstring). The data shares nothing with the live objects, and
    :func:`kit.core.events.canonical_json` of it is the same text for equal states.

    A field that holds a class no checkpoint can hold (not a dataclass, a card or a type
    listed above), or a value not of its hint's type, raises ``TypeError``: a programming
    error. A value beyond what a checkpoint may hold (a number beyond ±10¹⁵, text over 500
    characters) raises :class:`MalformedInputError`, since no checkpoint could read it back.
    """
    plan = _plan(type(value))
    try:
        return plan.encode(value)
    except _Unfit as unfit:
        raise TypeError(f"{_encoding(value, unfit)}: {unfit.why}") from None
    except _Refused as refused:
        raise MalformedInputError(_encoding(value, refused), refused.why, _RULING,
                                  "a checkpoint holds what a game file may hold (G-2, G-3)") from None


def _encoding(value: Any, refused: _Refused) -> str:
    path = refused.path().lstrip(".")
    return f"checkpoint of a {type(value).__name__}" + (f" at {path}" if path else "")


def decode_state(kind: Any, data: Any, *, where: str = "checkpoint") -> Any:
    """The object of type ``kind`` (a class or a typing hint) that ``data`` encodes; checked all the way down.

    ``data`` is what :func:`encode_state` wrote, read from anywhere (a game file a hostile
    person may have written by hand): anything malformed raises :class:`MalformedInputError`
    whose message starts with ``where`` and the path to the value
    (``checkpoint state.characters['Mira'].fate: must be a whole number``). Nothing else is
    raised for any data, and nothing in ``data`` is shared with the objects returned. A
    ``kind`` no checkpoint can hold raises ``TypeError`` (a programming error).
    """
    plan = _plan(kind)
    try:
        return plan.decode(data)
    except _Refused as refused:
        raise MalformedInputError(f"{where}{refused.path()}", refused.why, _RULING) from None
    except RecursionError:
        raise MalformedInputError(where, "is nested too deeply", _RULING) from None
