"""The changes a session keeps, as frozen typed records: each change of its history, each
change waiting to be redone, each era of its table (see :mod:`cardscore.changes` and
:mod:`cardscore.seating` for what they mean).

A record *is* the JSON object the file holds, key for key and in the file's order (a
read-only ``dict``): saving one writes exactly what was read, and a record equals the plain
object it was made from.  It cannot be changed once made (``record["round"] = 3`` raises
``TypeError``); a change that moves is made anew (:meth:`StoredEra.moved`,
:meth:`Change.logged`).  Its parts are typed properties (``change.kind``, ``era.first``).
The rounds a change holds are the session's own round objects, shared, never changed in
place either (a correction makes a new round).

A record read from a file is checked once, when it is read (:func:`checked_entry`,
:func:`checked_change`), against the types below (msgspec, like the rest of
the file: :mod:`cardscore.schema`); one made by cardscore is made right.

>>> change = RoundChange.of(Kind.ADD, 5, input={"taker": "Ann"})
>>> change.kind, change.round, change.input
(<Kind.ADD: 'add'>, 5, {'taker': 'Ann'})
>>> entry = change.logged(7, "2026-12-06T21:04:00+01:00")
>>> entry == {"n": 7, "time": "2026-12-06T21:04:00+01:00", "kind": "add", "round": 5,
...           "input": {"taker": "Ann"}}
True
>>> entry["round"] = 6
Traceback (most recent call last):
...
TypeError: a RoundChange is frozen: make a new one
>>> checked_change({"kind": "add", "round": 1})  # no input: not one cardscore makes
Traceback (most recent call last):
...
ValueError: a change of the history is not one cardscore makes
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Annotated, Any, NoReturn

import msgspec  # (the rules core imports it already: games.base)

from cardscore.i18n import msg

#: the most points a newcomer may start from, either way: far beyond any game's totals
JOIN_POINTS_LIMIT = 100_000
#: the operations of a table change, in the order they are made and said
OPERATIONS = ("rename", "replace", "join", "leave", "target")
#: the operations that start a new era (a rename changes the past too: it starts none)
ERA_OPERATIONS = ("replace", "join", "leave", "target")


class Kind(StrEnum):
    """What a change did (the ``kind`` of a history entry)."""

    ADD = "add"
    INSERT = "insert"
    EDIT = "edit"
    REMOVE = "remove"
    TABLE = "table"
    UNDO = "undo"
    REDO = "redo"


# --------------------------------------------------------------------------------------------
# Records


class Record(dict[str, Any]):
    """A JSON object that is never changed once made (see the module)."""

    __slots__ = ()

    def _frozen(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(f"a {type(self).__name__} is frozen: make a new one")

    __setitem__ = __delitem__ = __ior__ = _frozen  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _frozen  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:  # (copy and pickle make it anew, whole)
        return (type(self), (dict(self),))


class StoredEra(Record):
    """A table that plays from a round on: ``{"from": 4, "join": {"Zoé": 0}}`` (the
    operations of :data:`ERA_OPERATIONS` the table change made)."""

    __slots__ = ()

    @property
    def first(self) -> int:
        """The first round the table plays."""
        return self["from"]

    def moved(self, step: int) -> StoredEra:
        """The era once a round is inserted (``step`` 1) or removed (-1) before it."""
        return StoredEra({**self, "from": self["from"] + step})

    def renamed(self, names: Mapping[str, str]) -> StoredEra:
        """The era with its players renamed (``names``: old → new)."""
        out = dict(self)
        if "replace" in out:
            out["replace"] = {names.get(a, a): names.get(b, b) for a, b in out["replace"].items()}
        if "join" in out:
            out["join"] = {names.get(a, a): points for a, points in out["join"].items()}
        if "leave" in out:
            out["leave"] = [names.get(a, a) for a in out["leave"]]
        return StoredEra(out)


class Change(Record):
    """A change of a session: as made (``{"kind", "round", …}``, what the redo stack keeps)
    or as the history logs it, with its number and time first (``{"n", "time", …}``)."""

    __slots__ = ()

    @property
    def kind(self) -> Kind:
        return Kind(self["kind"])

    @property
    def round(self) -> int:
        """The round it changed (a table change: the first round of the new table)."""
        return self["round"]

    @property
    def n(self) -> int | None:
        """Its number in the history (``None``: not logged)."""
        return self.get("n")

    @property
    def time(self) -> str | None:
        """When it was logged (``None``: not logged, or at a time nobody knows)."""
        return self.get("time")

    def logged(self, n: int, time: str | None) -> Change:
        """The change as the history keeps it: its number and time first."""
        return type(self)({"n": n, "time": time, **self})

    def unlogged(self) -> Change:
        """The change without its number and time (what the redo stack keeps)."""
        return type(self)({k: v for k, v in self.items() if k not in ("n", "time")})


class RoundChange(Change):
    """A round added, inserted, corrected or removed: ``input`` (the round added or
    inserted), ``old`` and ``new`` (a correction; ``old`` alone, a removal), and, for an
    insertion or a removal in a session whose table changed, ``era``: how many eras start
    at its round or before (those after it move with the rounds)."""

    __slots__ = ()

    @classmethod
    def of(cls, kind: Kind, number: int, **parts: Mapping[str, Any] | int) -> RoundChange:
        """A new change of round ``number`` (``parts`` in the file's order)."""
        return cls({"kind": kind.value, "round": number, **parts})

    @property
    def input(self) -> dict[str, Any] | None:
        return self.get("input")

    @property
    def old(self) -> dict[str, Any] | None:
        return self.get("old")

    @property
    def new(self) -> dict[str, Any] | None:
        return self.get("new")

    @property
    def era(self) -> int | None:
        return self.get("era")

    def with_era(self, count: int) -> RoundChange:
        """The change with the count of the eras that start at its round or before."""
        return RoundChange({**self, "era": count})

    def with_input(self, inp: dict[str, Any]) -> RoundChange:
        """The change with the round it adds or inserts replaced (in its place)."""
        return RoundChange({**self, "input": inp})


class TableChange(Change):
    """The table changed from round ``round`` on: the operations of :data:`OPERATIONS`
    given (names as the table had them), and ``teams`` (``{"old": […], "new": […]}``) when
    the teams' names followed their players."""

    __slots__ = ()

    @classmethod
    def of(cls, number: int, ops: Mapping[str, Any], teams: Mapping[str, Any] | None = None):
        """A new table change from round ``number`` (``ops`` in the order they are made)."""
        made = {"kind": Kind.TABLE.value, "round": number, **ops}
        if teams is not None:
            made["teams"] = teams
        return cls(made)

    @property
    def rename(self) -> dict[str, str]:
        return self.get("rename", {})

    @property
    def replace(self) -> dict[str, str]:
        return self.get("replace", {})

    @property
    def join(self) -> dict[str, int]:
        return self.get("join", {})

    @property
    def leave(self) -> list[str]:
        return self.get("leave", [])

    @property
    def target(self) -> int | None:
        return self.get("target")

    @property
    def era(self) -> StoredEra | None:
        """The era it starts (from its round), or ``None`` for a rename alone."""
        ops = {key: self[key] for key in ERA_OPERATIONS if key in self}
        return StoredEra({"from": self["round"], **ops}) if ops else None


class Undo(Change):
    """Change ``of`` (its number) was undone; ``round`` is that change's."""

    __slots__ = ()

    @classmethod
    def of(cls, number: int, undone: int) -> Undo:
        """The entry saying change ``undone`` (of round ``number``) was undone."""
        return cls({"kind": Kind.UNDO.value, "round": number, "of": undone})

    @property
    def undone(self) -> int:
        """The number of the change undone."""
        return self["of"]


class Redo(Change):
    """A change made again (``change``: as the redo stack kept it)."""

    __slots__ = ()

    @classmethod
    def of_change(cls, change: Change) -> Redo:
        return cls({"kind": Kind.REDO.value, "round": change["round"], "change": change})

    @property
    def change(self) -> Change:
        return self["change"]


_RECORDS: dict[str, type[Change]] = {
    **dict.fromkeys((Kind.ADD, Kind.INSERT, Kind.EDIT, Kind.REMOVE), RoundChange),
    Kind.TABLE: TableChange,
    Kind.UNDO: Undo,
    Kind.REDO: Redo,
}


# --------------------------------------------------------------------------------------------
# Their types, as a file is checked against them


_Unset = msgspec.UnsetType
_UNSET = msgspec.UNSET
_Points = Annotated[int, msgspec.Meta(ge=-JOIN_POINTS_LIMIT, le=JOIN_POINTS_LIMIT)]
_Round = dict[str, Any]  # (a round's own fields are its game's to check: Game.check_stored)


class _Teams(msgspec.Struct, frozen=True):
    old: list[Any]
    new: list[Any]


class _TableOps(msgspec.Struct, frozen=True, kw_only=True):
    """The operations of a table change (at least one of :data:`OPERATIONS`)."""

    rename: dict[str, str] | _Unset = _UNSET
    replace: dict[str, str] | _Unset = _UNSET
    join: dict[str, _Points] | _Unset = _UNSET
    leave: list[str] | _Unset = _UNSET
    target: int | _Unset = _UNSET
    teams: _Teams | _Unset = _UNSET


class _Add(msgspec.Struct, frozen=True, kw_only=True):  # (and an insertion)
    round: int
    input: _Round
    era: int | _Unset = _UNSET


class _Edit(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    old: _Round
    new: _Round
    era: int | _Unset = _UNSET


class _Remove(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    old: _Round
    era: int | _Unset = _UNSET


class _Table(_TableOps, frozen=True, kw_only=True):
    round: int


class _Undo(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    of: int


class _Redo(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    change: dict[str, Any]  # (a change of the redo stack's kinds: checked_change)


class _Logged(msgspec.Struct, frozen=True, kw_only=True):
    n: int


#: the type of a change of each kind (the redo stack holds no undo nor redo)
_CHANGE_TYPES: dict[str, type[msgspec.Struct]] = {
    Kind.ADD: _Add,
    Kind.INSERT: _Add,
    Kind.EDIT: _Edit,
    Kind.REMOVE: _Remove,
    Kind.TABLE: _Table,
}
_ENTRY_TYPES = {**_CHANGE_TYPES, Kind.UNDO: _Undo, Kind.REDO: _Redo}


def _not_one() -> ValueError:
    return ValueError(msg("a change of the history is not one cardscore makes"))


def _conforms(data: Any, spec: type[msgspec.Struct]) -> Any:
    """``data`` as the type ``spec``, or ``None`` when it is not one."""
    try:
        return msgspec.convert(data, spec)
    except msgspec.ValidationError:
        return None


def _typed(data: Any, kind_types: Mapping[str, type[msgspec.Struct]]) -> Any:
    """``data`` checked against the type of its kind; a ``ValueError`` if it is not one."""
    if not isinstance(data, dict):
        raise _not_one()
    spec = kind_types.get(data.get("kind"))  # type: ignore[arg-type]
    typed = None if spec is None else _conforms(data, spec)
    if typed is None or (isinstance(typed, _TableOps) and not _has_operation(typed)):
        raise _not_one()
    return typed


def _has_operation(ops: _TableOps) -> bool:
    return any(getattr(ops, key) is not _UNSET for key in OPERATIONS)


def is_table_ops(data: Any) -> bool:
    """Whether ``data`` holds the operations of a table change as cardscore makes them (its
    other keys aside)."""
    if not isinstance(data, dict):
        return False
    ops = _conforms(data, _TableOps)
    return ops is not None and _has_operation(ops)


def checked_change(data: Any) -> Change:
    """A change (of the redo stack, or redone in the history) read from a file, as its
    record; a ``ValueError`` when it is not one cardscore makes."""
    if isinstance(data, Change) and "n" not in data:
        return data  # (made by cardscore, or read before)
    _typed(data, _CHANGE_TYPES)
    return _RECORDS[data["kind"]](data)


def checked_entry(data: Any) -> Change:
    """An entry of the history read from a file, as its record; a ``ValueError`` when it is
    not one cardscore logs."""
    if isinstance(data, Change) and "n" in data:
        return data
    _typed(data, _ENTRY_TYPES)
    if _conforms(data, _Logged) is None:
        raise _not_one()
    if data["kind"] == Kind.REDO:
        return Redo({**data, "change": checked_change(data["change"])})
    return _RECORDS[data["kind"]](data)


def change_record(data: Mapping[str, Any]) -> Change:
    """The record of a change cardscore made (not checked: see :func:`checked_change`)."""
    if isinstance(data, Change):
        return data
    return _RECORDS[data["kind"]](data)
