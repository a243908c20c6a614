"""The parameters of a rule set: declared (:func:`param_field`), described for a person
(:func:`describe_params`), read from a file (:func:`params_from_dict`) and changed by
``--set`` (:func:`apply_settings`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from typing import Any, NamedTuple

from cardscore.games.errors import InputError
from cardscore.games.names import fold
from cardscore.games.numbers import parse_int
from cardscore.i18n import msg, tr


class Parameter(NamedTuple):
    """One parameter of a rule set as a person reads it (``cardscore rules``, the sheets)."""

    #: the key as ``--set`` takes it (``value-garde``)
    key: str
    #: the value as ``--set`` takes it (booleans on/off), or as the game words it
    shown: str
    #: what it does (an English msgid, translated where it is shown)
    help: str
    #: the values ``--set`` accepts, for a parameter with a closed set of them
    choices: tuple[str, ...] = ()
    #: what it is, in a few words (an English msgid: ``half points``), for the sheets
    label: str = ""


def describe_params(
    params: Any, shown: Callable[[str, Any], str | None] | None = None, *, in_force: bool = False
) -> tuple[Parameter, ...]:
    """Every parameter of a rule set, in declaration order.  ``shown`` may word a value
    where the stored one would mislead (rami's automatic target, stored as 0); it returns
    ``None`` to keep the value.  With ``in_force``, only the parameters that apply under
    the others (not the maison values of a tarot scored the fft way: see
    :func:`param_field`'s ``applies``).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     half_points: bool = param_field(True, "count half points", label="half points")
    ...     value_garde: int = param_field(40, "a garde's value")
    >>> [(p.key, p.shown, p.label) for p in describe_params(P())]
    [('half-points', 'on', 'half points'), ('value-garde', '40', 'value-garde')]
    >>> describe_params(P())[1].help
    "a garde's value"
    >>> @dataclass(frozen=True)
    ... class Q:
    ...     half_points: bool = param_field(False, "count half points")
    ...     value_garde: int = param_field(40, "a garde's value", applies=lambda p: p.half_points)
    >>> [p.key for p in describe_params(Q(), in_force=True)], len(describe_params(Q()))
    (['half-points'], 2)
    """
    rows = []
    for f in dataclasses.fields(params):
        applies = f.metadata.get("applies")
        if in_force and applies is not None and not applies(params):
            continue
        value = getattr(params, f.name)
        text = (msg("on") if value else msg("off")) if isinstance(value, bool) else str(value)
        text = f.metadata.get("words", {}).get(value, text)  # a choice, as the user says it
        if shown is not None:
            text = shown(f.name, value) or text
        key = f.name.replace("_", "-")
        rows.append(
            Parameter(
                key,
                text,
                str(f.metadata.get("help", "")),
                tuple(f.metadata.get("choices", ())),
                str(f.metadata.get("label") or key),
            )
        )
    return tuple(rows)


#: the rule sets read, by class and stored items, each value with its type (``True`` is not
#: ``1`` here): a session's are read again for each table of its history, and a club's
#: sessions share a few rule sets
_READ: dict[tuple[type, tuple[tuple[str, type, Any], ...]], Any] = {}
_MOST_READ = 1_000


def params_from_dict(params_cls: type, data: Mapping[str, Any]) -> Any:
    """Rebuild a frozen parameter dataclass from its stored dict, ignoring unknown keys
    (a newer file) and, for keys it does not have (an older one), the value the class's
    ``FORMERLY`` mapping gives (a parameter added later whose default scores differently
    from what older files meant), else the class default.

    The same class and items give the same (frozen) object back, read once.

    >>> from cardscore.games.tarot.rules import TarotParams
    >>> fft = params_from_dict(TarotParams, {"scoring": "fft", "half_points": True})
    >>> fft is params_from_dict(TarotParams, {"scoring": "fft", "half_points": True})
    True
    >>> params_from_dict(TarotParams, {"scoring": "fft", "half_points": 1})
    Traceback (most recent call last):
    ...
    ValueError: parameter half_points: 1 is not one it takes
    """
    try:
        seen: Any = (params_cls, tuple((k, type(v), v) for k, v in data.items()))
        kept = _READ.get(seen)
    except TypeError:  # (a value no rule set holds: a list, an object; refused below)
        seen = kept = None
    if kept is not None:
        return kept
    fields = {f.name: f for f in dataclasses.fields(params_cls)}
    values = dict(getattr(params_cls, "FORMERLY", {}))
    for key, value in data.items():
        if key in fields:
            _check_param(fields[key], value)
            values[key] = value
    params = params_cls(**values)
    if seen is not None and len(_READ) < _MOST_READ:
        _READ[seen] = params
    return params


def _check_param(f: dataclasses.Field, value: Any) -> None:
    """A stored parameter is one ``--set`` takes: of its default's type, a number within
    0 to :data:`PARAM_MOST`, a word one of its choices.  A file may hold anything (see
    :mod:`cardscore.schema`).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     value_garde: int = param_field(40, "a garde's value")
    >>> params_from_dict(P, {"value_garde": 10**400})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: parameter value_garde: '1000000000000000000…' is not one it takes
    """
    choices = f.metadata.get("choices")
    kind = next(k for k in (bool, int, str) if isinstance(f.default, k))  # (a StrEnum: str)
    if (
        not isinstance(value, kind)
        or (kind is int and (isinstance(value, bool) or not 0 <= value <= PARAM_MOST))
        or (choices and value not in choices)
    ):
        shown = repr(value)  # (a number of 400 digits is said by its first ones)
        raise ValueError(
            msg(
                "parameter {name}: {value!r} is not one it takes",
                name=f.name,
                value=value if len(shown) <= 20 else shown[:19] + "…",
            )
        )


def _said(word: str) -> set[str]:
    """``word`` (``on``, ``off``) as every language says it (``oui``, ``non``), folded."""
    from cardscore.i18n import LANGUAGES, load_catalog

    return {fold(load_catalog(lang).get(word, word)) for lang in LANGUAGES}


#: the largest whole number a rule parameter takes (a value, a target): the 12 digits
#: ``--set`` reads (:func:`parse_int`), far beyond any game's scores, and within what every
#: sheet and chart can draw.  The same bound holds for a parameter read from a file
#: (:func:`params_from_dict`) and for a target given by hand (``--target``).
PARAM_MOST = 10**12 - 1


def apply_settings(params: Any, settings: Sequence[str]) -> Any:
    """Apply ``KEY=VALUE`` overrides (``--set``) to a parameter dataclass.

    Values are converted to the field's type: ``on/off/yes/no/true/false`` for booleans,
    whole numbers for ints, and a string among the documented ones otherwise.
    """
    fields = {f.name.replace("_", "-"): f for f in dataclasses.fields(params)}
    changes: dict[str, Any] = {}
    for setting in settings:
        key, sep, value = setting.partition("=")
        name = key.strip().lower().replace("_", "-")
        if not sep or name not in fields:
            accepted = ", ".join(sorted(fields))
            raise InputError(
                msg(
                    "--set: {setting!r} is not KEY=VALUE with KEY among: {accepted}",
                    setting=setting,
                    accepted=accepted,
                )
            )
        f = fields[name]
        current = getattr(params, f.name)
        value = value.strip()
        if isinstance(current, bool):
            folded = fold(value)
            if folded in {"on", "yes", "true", "1", "oui"} | _said("on"):
                changes[f.name] = True
            elif folded in {"off", "no", "false", "0", "non"} | _said("off"):
                changes[f.name] = False
            else:
                raise InputError(
                    msg("--set {name}: {value!r} is not on or off", name=name, value=value)
                )
        elif isinstance(current, int):
            # (at most 12 digits, as parse_int reads a number: PARAM_MOST)
            changes[f.name] = parse_int(value, what=f"--set {name}", low=0)
        else:
            allowed = f.metadata.get("choices")
            if allowed:
                value = _choice(f, value)
            changes[f.name] = value
    return dataclasses.replace(params, **changes)


def _choice(f: dataclasses.Field, value: str) -> str:
    """The choice of parameter ``f`` that ``value`` names: the choice itself or its word in
    any language (``gardée``, ``beholdt`` for ``kept``)."""
    from cardscore.i18n import LANGUAGES, load_catalog

    allowed, words = f.metadata["choices"], f.metadata.get("words", {})
    folded = fold(value)  # (fold joins words with "-": "garde sans" and "garde-sans" are one)
    for choice in allowed:
        said = {choice}
        if choice in words:
            said |= {load_catalog(lang).get(words[choice], words[choice]) for lang in LANGUAGES}
        if folded in {fold(word) for word in said}:
            return str(choice)
    raise InputError(
        msg(
            "--set {name}: {value!r} is not accepted ({accepted})",
            name=f.name.replace("_", "-"),
            value=value,
            accepted=", ".join(tr(words.get(choice, choice)) for choice in allowed),
        )
    )


def param_field(
    default: Any,
    help: str,
    choices: Sequence[str] | Mapping[str, str] = (),
    applies: Callable[[Any], bool] | None = None,
    *,
    label: str = "",
) -> Any:
    """Declare a documented parameter of a rule set (see :func:`apply_settings`).

    ``label`` says what it is in a few words (``half points``: the sheets' rule line);
    ``choices`` are the values it takes, or each value with the word a user reads and
    types for it (an English msgid, said in his language: ``{"kept": msg("kept")}``:
    ``--set`` takes the value or its word in any language); ``applies``
    tells from the whole rule set whether it counts (the maison values only under maison
    scoring), so that a sheet lists only the parameters in force."""
    metadata: dict[str, Any] = {"help": help}
    if label:
        metadata["label"] = label
    if choices:
        metadata["choices"] = tuple(choices)
        if isinstance(choices, Mapping):
            metadata["words"] = dict(choices)
    if applies is not None:
        metadata["applies"] = applies
    return field(default=default, metadata=metadata)
