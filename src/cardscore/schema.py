"""The session file's typed schema, checked on every read: a file is untrusted input.

A club keeps its sessions in a synced folder, so a file may come from another laptop, an
older or newer cardscore, a sync tool's copy or a hand edit.  Before anything uses it, a
file is checked whole, here, against types made with **msgspec**:

* the JSON itself (:func:`decode`): valid UTF-8, no lone surrogate, no integer wider than
  64 bits, no nesting deeper than msgspec's limit — each refused with an error, never a
  crash (the standard library's parser raises ``RecursionError`` on deep nesting and takes
  seconds on a 5,000-digit integer);
* no string anywhere holds a control, format (zero-width, bidi override) or private-use
  character (:data:`cardscore.games.base.UNSAFE_TEXT`): none of them can reach a terminal
  or a sheet from a file;
* the header (:class:`Header`): every field's type, the players' and teams' names, the
  id's shape;
* the names (:func:`check_names`): none holds a character drawn as nothing, no two look the
  same, as where they are typed;
* every round, undone change and logged change: its game's stored type
  (``Game.stored_type``) and, for the rounds, the players it names are the table's of
  that round (``Game.check_stored``): checked once the session is built, with its tables
  (:mod:`cardscore.stored_rounds`);
* every time it holds (``created``, ``updated``, each logged change's ``time``, each
  corrected round's ``edited``): a date and time (:func:`file_time`), with its zone (UTC
  when it has none), from 2000 to 2100 and at most a day ahead of this computer's clock —
  the calendar's edges (year 1, year 9999) break the arithmetic of times.

msgspec rather than pydantic: it checks these types in C and has no dependency of its own;
its import costs about 15 ms of each command (most of it the standard library's ``decimal``
and ``typing_extensions``, which it imports), where pydantic costs several times that.
A refusal is a :class:`msgspec.ValidationError` (a ``ValueError``), which the store reports
as a damaged file, everywhere alike.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from collections.abc import Iterator, Mapping
from typing import Annotated, Any

import msgspec

from cardscore.games.base import unsafe_in
from cardscore.i18n import msg
from cardscore.tournament_seat import TableSeat

_Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
_Text = Annotated[str, msgspec.Meta(max_length=1000)]
_Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]


class Header(msgspec.Struct, forbid_unknown_fields=False):
    """What a session file holds besides its rounds (schema 3, after migration; the store
    reads ``schema_version`` itself)."""

    id: Annotated[str, msgspec.Meta(pattern="^[0-9a-z]{1,40}$")]
    game: _Name
    rules: _Name
    params: dict[_Name, bool | int | str]
    players: Annotated[list[_Name], msgspec.Meta(min_length=1, max_length=20)]
    teams: Annotated[list[_Name], msgspec.Meta(max_length=2)] = msgspec.field(default_factory=list)
    tables: list[Any] = msgspec.field(default_factory=list)  # (Session.check_tables)
    title: _Text = ""
    created: _Text = ""
    updated: _Text = ""
    tournament: TableSeat | None = None
    rounds: list[dict[str, Any]] = msgspec.field(default_factory=list)
    undone: list[dict[str, Any]] = msgspec.field(default_factory=list)
    history: list[_Logged] = msgspec.field(default_factory=list)


class _Logged(msgspec.Struct, forbid_unknown_fields=False):
    """A change of the history, as far as its types go
    (:func:`cardscore.change_records.checked_entry` checks what each kind needs)."""

    n: _Count
    kind: _Name
    round: _Count = 0
    time: _Text | None = None


def decode(raw: bytes) -> Any:
    """The JSON value of a file's bytes; any fault is a ``ValueError`` whose text says it.

    >>> decode(b'{"a": [1, 2.5, "x"]}')
    {'a': [1, 2.5, 'x']}
    >>> decode(b'[' * 100_000 + b']' * 100_000)
    Traceback (most recent call last):
    ...
    ValueError: nested too deeply
    >>> decode(b'{"a": "\\\\ud800"}')
    Traceback (most recent call last):
    ...
    ValueError: not valid JSON (Input data was truncated)
    """
    try:
        return msgspec.json.decode(raw)
    except RecursionError:
        raise ValueError(msg("nested too deeply")) from None
    except msgspec.MsgspecError as exc:
        raise ValueError(msg("not valid JSON ({error})", error=str(exc))) from None


# What, in a file's bytes, may start an unsafe character (games.base.UNSAFE_TEXT): a backslash
# escape other than \" \\ \/ (a control character must be escaped in JSON, any other can
# be), DEL, or the UTF-8 lead bytes of the unsafe ranges.  A file without any of them (nearly
# every file) holds no unsafe character, and its strings need not be walked one by one.
_MAYBE_UNSAFE = re.compile(
    rb'\\[^"\\/]|\x7f|\xc2[\x80-\x9f\xad]|\xd8\x9c|\xe1\xa0\x8e'
    rb"|\xe2\x80[\x8b-\x8f\xa8-\xae]|\xe2\x81[\xa0-\xaf]|\xef\xbb\xbf|\xef\xbf[\xb9-\xbb]"
    rb"|\xee|\xef[\x80-\xa3]|\xf3\xa0\x80|\xf3\xa0\x81|\xf3[\xb0-\xbf]|\xf4"
)


def check_strings(data: Any, raw: bytes | None = None) -> None:
    """Refuse a file any of whose strings (keys too) holds an unsafe character; ``raw``, the
    file's bytes, spares the walk when nothing in them can be one.

    >>> check_strings({"players": ["Ann", "Bob"], "rounds": [{"taker": "Ann"}]})
    >>> check_strings({"players": ["Ann", "\\x1b]0;pwned\\x07"]})
    Traceback (most recent call last):
    ...
    ValueError: a text holds the control character U+001B
    """
    if raw is not None and _MAYBE_UNSAFE.search(raw) is None:
        return
    for text in _strings(data):
        code = unsafe_in(text)
        if code is not None:
            raise ValueError(msg("a text holds the control character {code}", code=code))


def _strings(data: Any) -> Iterator[str]:
    """Every string of a JSON value, keys included (iteratively: no recursion to blow)."""
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            yield from value
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)


#: the times a file may hold: cardscore wrote none before 2000 and will write none after 2100
EARLIEST = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
LATEST = dt.datetime(2101, 1, 1, tzinfo=dt.UTC)
#: how far ahead of this computer's clock another laptop's may be
AHEAD = dt.timedelta(days=1)


def file_time(text: object, *, what: str) -> dt.datetime:
    """A time read from a file (``what`` names where), checked: a date and time with its zone
    (UTC when it has none), from 2000 to 2100, at most a day ahead of the clock.  Any other
    value is a ``ValueError`` saying why.

    >>> file_time("2026-11-30T20:15:03+01:00", what="updated").isoformat()
    '2026-11-30T20:15:03+01:00'
    >>> file_time("2026-11-30T20:15:03", what="updated").tzname()
    'UTC'
    >>> file_time("0001-01-01T00:00:00+01:00", what="updated")
    Traceback (most recent call last):
    ...
    ValueError: updated: '0001-01-01T00:00:00+01:00' is not a time from 2000 to 2100
    """
    when = None
    if isinstance(text, str) and len(text) <= 40:  # (a time is 25 characters, 32 with µs)
        with contextlib.suppress(ValueError):
            when = dt.datetime.fromisoformat(text)
    if when is None:
        raise ValueError(
            msg(
                "{what}: {value!r} is not a date and time (YYYY-MM-DDTHH:MM:SS+HH:MM)",
                what=what,
                value=text if not isinstance(text, str) or len(text) <= 40 else text[:40] + "…",
            )
        )
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    # (aware times compare without being converted: converting one at the calendar's edge
    # overflows)
    if not EARLIEST <= when < LATEST:
        raise ValueError(
            msg("{what}: {value!r} is not a time from 2000 to 2100", what=what, value=text)
        )
    if when > dt.datetime.now(dt.UTC) + AHEAD:
        raise ValueError(
            msg(
                "{what}: {value!r} is a time more than a day ahead of this computer's clock",
                what=what,
                value=text,
            )
        )
    return when


def known_time(text: object) -> dt.datetime | None:
    """A time read from a file (:func:`file_time`), or ``None`` when it is not one.

    >>> known_time("9999-12-31T23:59:59-01:00"), known_time("2026-11-30").year
    (None, 2026)
    """
    try:
        return file_time(text, what="")
    except ValueError:
        return None


def check_times(data: Mapping[str, Any]) -> None:
    """Refuse a file any of whose times is not one cardscore writes (:func:`file_time`):
    the header's ``created`` and ``updated``, each logged change's ``time``, the ``edited``
    time of each round, of each round a change holds (logged or undone).  An empty time, or
    a change logged at no known time (a file of the first schema), says no time.  ``data``
    is the file's (migrated), its fields' types already checked."""
    from cardscore.changes import EDITED, effect

    for name in ("created", "updated"):
        if data.get(name):
            file_time(data[name], what=name)
    history, undone = data.get("history", []), data.get("undone", [])
    for entry in history:
        if entry.get("time") not in (None, ""):
            file_time(
                entry["time"], what=msg("change {n}: {error}", n=entry.get("n", "?"), error="time")
            )
    for number, inp in enumerate(data.get("rounds", []), 1):
        if EDITED in inp:
            file_time(inp[EDITED], what=msg("round {number}: {error}", number=number, error=EDITED))
    for entry in [*history, *undone]:
        change = effect(entry) if entry.get("kind") != "redo" or "change" in entry else entry
        for key in ("input", "old", "new"):
            inp = change.get(key) if isinstance(change, dict) else None
            if isinstance(inp, dict) and EDITED in inp:
                what = msg("change {n}: {error}", n=entry.get("n", "?"), error=EDITED)
                file_time(inp[EDITED], what=what)


def check_header(data: Mapping[str, Any]) -> None:
    """Refuse a file whose header fields have the wrong types or shapes."""
    msgspec.convert(data, Header)


def check_names(data: Mapping[str, Any]) -> None:
    """Refuse a file whose names could not have been typed: a name holding a character drawn
    as nothing, two names that look the same (:func:`cardscore.games.base.check_names`),
    two teams that do.  Every name a player ever had at the table is one of the players or
    of the newcomers of a table change (a player who comes back is spelled as before), and
    the history's table changes name only players too.  (The types were checked before; a
    table change of the wrong shape is the table changes' check's to refuse.)"""
    from cardscore.games.base import alike, check_hidden, twins_problem
    from cardscore.games.base import check_names as check

    names = dict.fromkeys(data["players"])
    for era in data.get("tables", ()):
        if isinstance(era, dict):
            names.update(dict.fromkeys(_names_of(era, ("join",), ("replace",))))
    check([name for name in names if isinstance(name, str)], what="players")
    teams = data.get("teams", [])
    for team in teams:
        check_hidden(team, what="teams")
    if len(teams) == 2 and alike(teams[0], teams[1]):
        raise ValueError(msg("{option}: {reason}", option="teams", reason=twins_problem(*teams)))
    for entry in [*data.get("history", ()), *data.get("undone", ())]:
        change = entry.get("change") if entry.get("kind") == "redo" else entry
        if not isinstance(change, dict) or change.get("kind") != "table":
            continue  # (a round's change names players of the rounds: checked with them)
        for name in _names_of(
            change, ("join", "rename", "replace", "leave"), ("rename", "replace")
        ):
            if isinstance(name, str):
                check_hidden(name, what="history")


def _names_of(
    change: Mapping[str, Any], keys: tuple[str, ...], values: tuple[str, ...]
) -> list[Any]:
    """The names a table change gives: the keys of its operations ``keys`` (a list's items)
    and the values of its operations ``values``."""
    found: list[Any] = []
    for key in keys:
        part = change.get(key)
        if isinstance(part, dict | list):
            found.extend(part)
    for key in values:
        part = change.get(key)
        if isinstance(part, dict):
            found.extend(part.values())
    return found
