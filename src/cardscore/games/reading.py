"""Reading raw answers: one reader for every game, every option and every prompt.

A round arrives as *raw* answers (``add`` options or prompt answers, see
:mod:`cardscore.games.base`): strings, lists of strings, booleans, maybe numbers, maybe
anything (a hand-edited file, a fuzzer).  :func:`read_answers` checks them against the game's
fields once — an unknown option, a non-repeatable option given twice, a value of the wrong
type, a yes/no that is neither — and hands the game an :class:`Answers` whose values have the
shape of their field's kind.  What the values *mean* (which player, which contract) is the
game's to decide; the shape is decided here, so every game accepts the same words.

>>> from cardscore.games.base import Field
>>> fields = (Field("taker", "player", "Who took?", "the taker"),
...           Field("rami_sec", "flag", "Rami sec?", "rami sec"),
...           Field("poignee", "player_tag", "Poignée?", "a poignée"))
>>> a = read_answers(fields, {"taker": " Ann ", "rami_sec": "oui", "poignee": "Bob:double"},
...                  game="tarot")
>>> a.text("taker"), a.flag("rami_sec"), a.pairs("poignee")
('Ann', True, (('Bob', 'double'),))
>>> read_answers(fields, {"taker": ["Ann", "Bob"]}, game="tarot")
Traceback (most recent call last):
...
cardscore.games.base.InputError: --taker: given 2 times (Ann, Bob); give it once
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from cardscore.games.base import Choice, Field, FieldKind, InputError, fold, split_pair
from cardscore.i18n import msg

#: The words that answer a yes/no question, in every language the program speaks (folded).
YES = frozenset({"yes", "y", "true", "on", "1", "oui", "o", "vrai", "ja", "j"})
NO = frozenset({"no", "n", "false", "off", "0", "non", "faux", "nei"})

#: How a repeatable kind's items are split: the separator, and whether the part after it
#: may be left out (``--poignee Bob`` is a simple poignée).
_PAIRS: Mapping[FieldKind, tuple[str, bool]] = {
    FieldKind.PLAYER_TAG: (":", True),
    FieldKind.TEAM_VALUE: (":", False),
    FieldKind.PLAYER_TEXT: ("=", False),
}
_EXAMPLES: Mapping[FieldKind, str] = {
    FieldKind.PLAYER_TAG: "NAME:KIND",
    FieldKind.TEAM_VALUE: "TEAM:VALUE",
    FieldKind.PLAYER_TEXT: "NAME=VALUE",
}


def read_flag(value: Any, f: Field) -> bool:
    """A flag's answer: a boolean, or a yes/no word (English or French), or nothing.

    >>> from cardscore.games.base import Field
    >>> f = Field("blocked", "flag", "Blocked?", "blocked")
    >>> read_flag("Oui", f), read_flag("no", f), read_flag(None, f), read_flag(True, f)
    (True, False, False, True)
    """
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str):
        folded = fold(value)
        if folded in YES or folded in NO or not folded:
            return folded in YES
    raise InputError(
        msg("{option}: {value!r} is not yes or no", option=f.option, value=value), field=f.key
    )


def _text(value: Any, f: Field) -> str | None:
    """One value as a stripped string (``None`` when blank); numbers are read as typed."""
    if type(value) is str:  # (most values: every round read back from a file)
        return value.strip() or None
    if isinstance(value, bool):
        raise InputError(msg("{option}: a value is needed", option=f.option), field=f.key)
    if isinstance(value, int | float):
        if isinstance(value, float) and math.isfinite(value) and value == int(value):
            value = int(value)
        value = str(value)
    if not isinstance(value, str):
        raise InputError(
            msg(
                "{option}: unexpected value of type {type}",
                option=f.option,
                type=type(value).__name__,
            ),
            field=f.key,
        )
    return value.strip() or None


def _texts(value: Any, f: Field) -> tuple[str, ...]:
    """A value that may be given several times, as its non-blank strings."""
    if value is None or value is False:
        return ()
    items = value if isinstance(value, list | tuple) else [value]
    texts = []
    for item in items:
        if isinstance(item, list | tuple | dict):
            raise InputError(
                msg("{option}: a list of names or values was expected", option=f.option),
                field=f.key,
            )
        text = None if item is None else _text(item, f)
        if text is not None:
            texts.append(text)
    return tuple(texts)


class Answers(Mapping[str, Any]):
    """A round's raw answers, read against its fields: each field given at most once,
    each value in its kind's shape (see :func:`read_answers`)."""

    __slots__ = ("_fields", "_values")

    def __init__(self, fields: Mapping[str, Field], values: Mapping[str, Any]) -> None:
        self._fields = fields
        self._values = values

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    # (the Mapping mixin's own go through __getitem__ and an exception: every field's
    # ``applies`` asks them, for every round of a file)
    def __contains__(self, key: object) -> bool:
        return key in self._values

    def get(self, key: str, default: Any = None) -> Any:
        return self._values.get(key, default)

    def field(self, key: str) -> Field:
        return self._fields[key]

    def text(self, key: str) -> str | None:
        """A single value (a name, a choice, a number as typed), ``None`` if not given."""
        return self._values.get(key)

    def flag(self, key: str) -> bool:
        return bool(self._values.get(key, False))

    def texts(self, key: str) -> tuple[str, ...]:
        """The values of a repeatable field (``--not-opened Bob --not-opened Cyd``)."""
        return self._values.get(key, ())

    def pairs(self, key: str) -> tuple[tuple[str, str | None], ...]:
        """The ``NAME:TAG`` / ``TEAM:VALUE`` / ``NAME=TEXT`` items of a field, split."""
        return self._values.get(key, ())


def read_answers(fields: Sequence[Field], raw: Mapping[str, Any], *, game: str) -> Answers:
    """Check raw answers against a game's fields and give each value its kind's shape:

    * ``flag`` → ``bool``;
    * ``player``, ``team``, ``choice``, ``number``, ``integer`` → ``str`` (stripped), absent
      when blank;
    * ``players`` → ``tuple[str, ...]``;
    * ``player_tag``, ``team_value``, ``player_text`` → ``tuple[tuple[str, str | None], ...]``.

    Refused, with the field named: a key no field has (when given), a non-repeatable field
    given more than once, a value of a type nobody types, a yes/no that is neither.
    """
    by_key, plan = _planned(fields)
    for key, value in raw.items():
        if key not in by_key and value is not None and value is not False and value != []:
            raise InputError(
                msg(
                    "{option} is not an option of {game} (options: {accepted})",
                    option="--" + str(key).replace("_", "-"),
                    game=game,
                    accepted=" ".join(f.option for f in fields),
                )
            )
    values: dict[str, Any] = {}
    for key, f, read in plan:
        value = raw.get(key)
        if value is not None:  # (not given, whatever its kind)
            shaped = read(value, f)
            if shaped:  # (a flag not set, a blank text, no pairs: not given either)
                values[key] = shaped
    return Answers(by_key, values)


# How read_answers reads each kind of field: each function gives the value its shape, or a
# false value for "not given".


def _read_flag(value: Any, f: Field) -> bool:
    if isinstance(value, list | tuple):
        value = _single(value, f)
    return read_flag(value, f)


def _read_single(value: Any, f: Field) -> str | None:
    if isinstance(value, list | tuple):
        value = _single(value, f)
    return None if value is None or value is False else _text(value, f)


def _read_texts(value: Any, f: Field) -> tuple[str, ...]:
    return _texts(value, f)


def _pairs_reader(sep: str, optional: bool) -> Callable[[Any, Field], tuple[Any, ...]]:
    """The reader of a repeatable kind of pairs: its separator, whether its value is
    optional (:data:`_PAIRS`)."""

    def read(value: Any, f: Field) -> tuple[Any, ...]:
        return tuple(_pair(text, sep, optional=optional, f=f) for text in _texts(value, f))

    return read


_Reader = Callable[[Any, Field], Any]
#: the readers of the kinds of pairs, made once
_PAIR_READERS: Mapping[FieldKind, _Reader] = {
    kind: _pairs_reader(sep, optional) for kind, (sep, optional) in _PAIRS.items()
}


#: each game's fields by key, and how each is read, by the identity of the game's tuple of
#: fields (a constant: every round read from a file is read back through them)
_PLANNED: dict[int, tuple[Sequence[Field], dict[str, Field], list[tuple[str, Field, _Reader]]]] = {}


def _planned(fields: Sequence[Field]) -> tuple[dict[str, Field], list[tuple[str, Field, _Reader]]]:
    """``fields`` by key, and each with how it is read (kept for a tuple of fields)."""
    kept = _PLANNED.get(id(fields))
    if kept is not None and kept[0] is fields:
        return kept[1], kept[2]
    by_key = {f.key: f for f in fields}
    plan = []
    for key, f in by_key.items():
        if f.kind is FieldKind.FLAG:
            read: _Reader = _read_flag
        elif not f.repeatable:
            read = _read_single
        else:
            read = _PAIR_READERS.get(f.kind, _read_texts)
        plan.append((key, f, read))
    if isinstance(fields, tuple):
        _PLANNED[id(fields)] = (fields, by_key, plan)
    return by_key, plan


def _single(items: Sequence[Any], f: Field) -> Any:
    """The one value of a list given for a non-repeatable field."""
    given = [item for item in items if item is not None and not _blank(item)]
    if len(given) > 1:
        raise InputError(
            msg(
                "{option}: given {count} times ({values}); give it once",
                option=f.option,
                count=len(given),
                values=", ".join(" ".join(str(item).split()) for item in given),  # one line
            ),
            field=f.key,
        )
    return given[0] if given else None


def _blank(item: Any) -> bool:
    """Whether an item of a list is a blank string (not given, as a blank answer is)."""
    return isinstance(item, str) and not item.strip()


def _pair(text: str, sep: str, *, optional: bool, f: Field) -> tuple[str, str | None]:
    example = _EXAMPLES[f.kind]
    try:
        name, value = split_pair(text, sep, what=f.option, example=example)
    except InputError as exc:
        raise InputError(exc.args[0], field=f.key) from None
    if value is None and not optional:
        raise InputError(
            msg(
                "{what}: {text!r} is not of the form {example}",
                what=f.option,
                text=text,
                example=example,
            ),
            field=f.key,
        )
    return name, value


# --------------------------------------------------------------------------------------------
# Several values named in one answer


class UnknownName(ValueError):
    """A word of an answer that names none of the values (``args[0]``: as it was typed)."""


#: what separates the values of one answer (``20+50``, ``tierce, cinquante``, ``tierce et
#: cinquante``); spaces separate them too, and the words of a name
_BETWEEN = re.compile(r"[+,;&/]|\s(?:et|and|og)\s", re.IGNORECASE)
#: the words of a part (an apostrophe too: ``carré d'as``)
_APART = re.compile(r"[\s'’]+")
#: the most words a name holds (``carré de valets``, ``four jacks``)
_LONGEST_NAME = 4


def _words(text: str) -> tuple[str, ...]:
    return tuple(word for part in _APART.split(text) for word in fold(part).split("-") if word)


def read_named(text: str, choices: Sequence[Choice]) -> tuple[str, ...]:
    """The values (:attr:`Choice.value`) an answer names, in order: each by its value as
    typed (``50``) or by one of its names (its aliases, any case, with or without accents,
    a name of several words read as one: the longest first), separated by spaces, ``+``,
    commas or ``and``.  A part that names none raises :class:`UnknownName` (with the part as
    typed, between two separators other than spaces).

    >>> cs = (Choice("20", aliases=("tierce",)),
    ...       Choice("200", aliases=("carré de valets", "four jacks")))
    >>> read_named("Tierce + carré de Valets", cs), read_named("20+200", cs)
    (('20', '200'), ('20', '200'))
    >>> read_named("four jacks and tierce", cs), read_named("carre-de-valets 20", cs)
    (('200', '20'), ('200', '20'))
    >>> read_named("tierce, carré de rois", cs)
    Traceback (most recent call last):
    ...
    cardscore.games.reading.UnknownName: carré de rois
    """
    values, names = _names_of(choices)
    found: list[str] = []
    for part in _BETWEEN.split(text):
        tokens = [token for token in _APART.split(part) if token]
        at = 0
        while at < len(tokens):
            if tokens[at] in values:  # a value as typed (``-20`` is not ``20``)
                found.append(values[tokens[at]])
                at += 1
                continue
            for end in range(min(len(tokens), at + _LONGEST_NAME), at, -1):
                named = names.get(_words(" ".join(tokens[at:end])))
                if named is not None:
                    found.append(named)
                    at = end
                    break
            else:
                raise UnknownName(" ".join(part.split()))
    return tuple(found)


#: the values and names of each tuple of choices read_named reads, by its identity
_NAMED: dict[int, tuple[Sequence[Choice], dict[str, str], dict[tuple[str, ...], str]]] = {}


def _names_of(choices: Sequence[Choice]) -> tuple[dict[str, str], dict[tuple[str, ...], str]]:
    """The values of ``choices`` and their names by their words (kept for a tuple: a game's
    choices are a constant, read for every round a file holds)."""
    kept = _NAMED.get(id(choices))
    if kept is not None and kept[0] is choices:
        return kept[1], kept[2]
    values = {c.value: c.value for c in choices}
    names = {_words(name): c.value for c in choices for name in c.aliases}
    if isinstance(choices, tuple):
        _NAMED[id(choices)] = (choices, values, names)
    return values, names
