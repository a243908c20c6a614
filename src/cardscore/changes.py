"""A session's changes: what each one did to the rounds, how it is undone and redone, and
how the history says it.

A session keeps its rounds (what the scores are replayed from) and, beside them, the log of
every change made to them, in order, never rewritten (the file's ``history``).  A change is a
JSON object (kept as a frozen record, below):

* ``{"kind": "add", "round": 5, "input": {…}}`` — a round recorded after the others;
* ``{"kind": "insert", "round": 3, "input": {…}}`` — a forgotten round put before round 3;
* ``{"kind": "edit", "round": 3, "old": {…}, "new": {…}}`` — round 3 corrected;
* ``{"kind": "remove", "round": 3, "old": {…}}`` — round 3 taken out, the later ones move up;
* ``{"kind": "table", "round": 12, "replace": {"Dan": "Zoé"}, …}`` — the table changed from
  round 12 on (see :mod:`cardscore.seating`, which makes its side of every change: an
  insertion or a removal also moves the table changes after it, and says so with ``era``);

and in the log each also has its number ``n`` and its ``time``.  Each is a frozen typed
record (:mod:`cardscore.change_records`): the JSON object itself, read-only, checked once
when it is read from a file.  Undoing and redoing are
logged too: ``{"kind": "undo", "of": N}`` (change N is undone) and ``{"kind": "redo",
"change": {…}}`` (a change applied again; it can itself be undone later).

Undo takes back the last change still in force; what it took back goes on the redo stack
(the file's ``undone``), which any new change empties.  Because undo and redo only ever go
back to a state the session was in, their round numbers are always those of that moment.

>>> rounds = [{"r": 1}, {"r": 2}]
>>> apply(rounds, {"kind": "insert", "round": 2, "input": {"r": 1.5}})
>>> rounds
[{'r': 1}, {'r': 1.5}, {'r': 2}]
>>> revert(rounds, {"kind": "insert", "round": 2, "input": {"r": 1.5}}); rounds
[{'r': 1}, {'r': 2}]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any

from cardscore.change_records import (
    Change,
    Kind,
    RoundChange,
    change_record,
)
from cardscore.i18n import Msg, msg, tr

if TYPE_CHECKING:
    from cardscore.games.base import Field, Game, Table


#: the key under which a stored round keeps the time it was last corrected
EDITED = "edited"


def apply(rounds: MutableSequence[dict[str, Any]], change: Mapping[str, Any]) -> None:
    """Make ``change`` to ``rounds`` (in place); a table change changes no round here."""
    kind, index = change["kind"], change["round"] - 1
    if kind == Kind.ADD:
        rounds.append(change["input"])
    elif kind == Kind.INSERT:
        rounds.insert(index, change["input"])
    elif kind == Kind.EDIT:
        rounds[index] = change["new"]
    elif kind == Kind.REMOVE:
        del rounds[index]
    elif kind != Kind.TABLE:
        raise ValueError(f"a change of unknown kind {kind!r}")


def revert(rounds: MutableSequence[dict[str, Any]], change: Mapping[str, Any]) -> None:
    """Take ``change`` back from ``rounds`` (in place): the exact inverse of :func:`apply`."""
    kind, index = change["kind"], change["round"] - 1
    if kind in (Kind.ADD, Kind.INSERT):
        del rounds[index]
    elif kind == Kind.EDIT:
        rounds[index] = change["old"]
    elif kind == Kind.REMOVE:
        rounds.insert(index, change["old"])
    elif kind != Kind.TABLE:
        raise ValueError(f"a change of unknown kind {kind!r}")


def effect(entry: Mapping[str, Any]) -> Mapping[str, Any]:
    """The change a history entry made to the rounds (a redo's is the change it redid)."""
    return entry["change"] if entry["kind"] == Kind.REDO else entry


def last_in_force(history: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The latest entry of the log whose change is still in force (what undo takes back),
    or ``None``.  Walks back from the end: an ``undo`` marks the change it undid; a change
    is undone at most once (redoing it logs a new entry)."""
    undone: set[int] = set()
    for position in range(len(history) - 1, -1, -1):
        entry = history[position]
        if entry["kind"] == Kind.UNDO:
            undone.add(entry["of"])
        elif entry["n"] not in undone:
            return entry
    return None


def for_redo(change: Mapping[str, Any], rounds: Sequence[dict[str, Any]]) -> Change:
    """What the redo stack keeps of an undone change: enough to make it again (an added or
    inserted round's input, read before it is taken away)."""
    kept = change_record(change).unlogged()
    if isinstance(kept, RoundChange) and kept.kind in (Kind.ADD, Kind.INSERT):
        kept = kept.with_input(rounds[kept.round - 1])
    return kept


def logged(change: Mapping[str, Any], number: int, time: str | None) -> Change:
    """A change as the history keeps it: its number and time first."""
    return change_record(change).logged(number, time)


def from_schema_1(
    rounds: Sequence[dict[str, Any]], undone: Sequence[dict[str, Any]]
) -> tuple[list[Change], list[Change]]:
    """The history and the redo stack of a file written before changes were logged: each
    round was added (when, nobody knows); the undone rounds (schema 1 kept them, the next
    one to redo last) are added rounds waiting to be redone.

    >>> history, redo = from_schema_1([{"r": 1}], [{"r": 3}, {"r": 2}])
    >>> history
    [{'n': 1, 'time': None, 'kind': 'add', 'round': 1, 'input': {'r': 1}}]
    >>> redo
    [{'kind': 'add', 'round': 3, 'input': {'r': 3}}, {'kind': 'add', 'round': 2, 'input': {'r': 2}}]
    """
    history = [
        RoundChange.of(Kind.ADD, i, input=inp).logged(i, None)
        for i, inp in enumerate(rounds, start=1)
    ]
    redo: list[Change] = [
        RoundChange.of(Kind.ADD, len(rounds) + len(undone) - i, input=inp)
        for i, inp in enumerate(undone)
    ]
    return history, redo


def plain(inp: Mapping[str, Any]) -> dict[str, Any]:
    """A stored round without what the session adds to it (the time it was corrected)."""
    return {key: value for key, value in inp.items() if key != EDITED}


def answer_changes(
    game: Game, table: Table, old: Mapping[str, Any], new: Mapping[str, Any]
) -> list[tuple[str, str, str]]:
    """The answers an edit changed, in the order of the game's questions: ``(field's
    option word in the user's language, old answer, new answer)``, ``—`` for no answer."""
    before = game.answers(plain(old), table)
    after = game.answers(plain(new), table)
    changed = []
    for f in game.fields:
        a, b = before.get(f.key), after.get(f.key)
        if a != b:
            changed.append((tr(f.option.removeprefix("--")), _said(f, a), _said(f, b)))
    return changed


def _said(f: Field, answer: Any) -> str:
    if answer is None or answer == [] or answer is False:
        return "—"
    if answer is True:
        return "✓"
    return f.said(answer)


def summary(
    entry: Mapping[str, Any],
    game: Game,
    table_at: Callable[[int], Table],
    find: Callable[[int], Mapping[str, Any] | None],
) -> Msg:
    """The history's line for an entry (a message); ``table_at(n)`` is the table of round
    n, ``find(n)`` the entry numbered n."""
    kind = entry["kind"]
    if kind == Kind.UNDO:
        undone = find(entry["of"])
        inner = summary(undone, game, table_at, find) if undone else str(entry["of"])
        return msg("undone: {change}", change=inner)
    if kind == Kind.REDO:
        return msg("redone: {change}", change=summary(entry["change"], game, table_at, find))
    number = entry["round"]
    if kind == Kind.TABLE:
        from cardscore import seating

        said = seating.summary(entry)
        era = seating.era_of(entry)
        if era is None:  # a rename alone: every round, not from one on
            return msg("names corrected in every round: {changes}", changes=said)
        if seating.sets_the_start(era):  # before the first round: the game's target
            return msg("the game's target set to {target}", target=era["target"])
        return msg("table changed from round {number}: {changes}", number=number, changes=said)
    table = table_at(number)
    if kind == Kind.EDIT:
        said = ", ".join(
            f"{name} {a} → {b}"
            for name, a, b in answer_changes(game, table, entry["old"], entry["new"])
        )
        return msg("round {number} edited: {changes}", number=number, changes=said or "—")
    inp = entry["old"] if kind == Kind.REMOVE else entry["input"]
    what = game.headline(plain(inp), table, None)
    if kind == Kind.ADD:
        return msg("round {number} added: {round}", number=number, round=what)
    if kind == Kind.INSERT:
        return msg("round {number} inserted: {round}", number=number, round=what)
    if kind == Kind.REMOVE:
        return msg("round {number} removed: {round}", number=number, round=what)
    raise ValueError(f"a change of unknown kind {kind!r}")
