"""Editing a session: adding, inserting, correcting and removing rounds, changing the
table, undoing and redoing — each a change (:mod:`cardscore.change_records`) made to the
rounds and the table, checked, and logged in the history.

The :class:`~cardscore.session.Session` is made of :class:`Editing` and of what it keeps
itself (its state, and the replay every number comes from): the operations here read and
write the state through it, and check each change by replaying it
(``Session.standings``).

>>> from cardscore.session import Session
>>> s = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan"])
>>> _ = s.add({"taker": "Ann", "contract": "garde", "bouts": "2", "points": "49"})
>>> s.undo().kind, s.redo().kind, [entry.kind.value for entry in s.history]
(<Kind.ADD: 'add'>, <Kind.ADD: 'add'>, ['add', 'undo', 'redo'])
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any

from cardscore.change_records import (
    Change,
    Redo,
    RoundChange,
    StoredEra,
    TableChange,
    Undo,
    checked_change,
)
from cardscore.changes import (
    EDITED,
    Kind,
    apply,
    effect,
    for_redo,
    last_in_force,
    logged,
    plain,
    revert,
)
from cardscore.games.base import InputError, is_given, params_from_dict, typed_under
from cardscore.i18n import msg, reason_of
from cardscore.seating import (
    TableState,
    Timeline,
    era_count,
    make,
    read_change,
    teams_after,
    unmake,
)

if TYPE_CHECKING:
    from cardscore.games.base import Game, Table
    from cardscore.tournament_seat import TableSeat


class SessionDataError(ValueError):
    """A stored round that the rules cannot score: the file was damaged or hand-edited."""

    def __init__(self, session_id: str, message: str) -> None:
        super().__init__(message)
        self.session_id = session_id


def now() -> str:
    return _dt.datetime.now(_dt.UTC).astimezone().isoformat(timespec="seconds")


class Editing:
    """The editing operations of a :class:`~cardscore.session.Session` (a part of it: see
    the module)."""

    if TYPE_CHECKING:  # what the session keeps, which these operations read and change
        id: str
        game: str
        params: dict[str, Any]
        teams: list[str]
        tables: list[StoredEra]
        rounds: MutableSequence[dict[str, Any]]
        undone: list[Change]
        history: MutableSequence[Change]
        schema: int
        tournament: TableSeat | None
        _progress: Any

        @property
        def game_rules(self) -> Game: ...
        def timeline(self) -> Timeline: ...
        def table(self) -> Table: ...
        def table_at(self, number: int) -> Table: ...
        def standings(self, *, fresh: bool = False) -> Any: ...
        def touch(self) -> None: ...
        def _state(self) -> TableState: ...

    def build(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validate the next round's raw data without recording it."""
        standings = self.standings()
        seat = self.tournament
        if seat is not None and seat.done_after(len(self.rounds)):
            raise InputError(
                msg(
                    "table {table} of round {round} is finished: its {deals} deals are played",
                    table=seat.table,
                    round=seat.round,
                    deals=seat.deals,
                )
            )
        if standings.finished:
            raise InputError(
                msg(
                    "the game is over ({winner} won): start a new one with `cardscore new "
                    "{game}`, or play on to a higher target with `cardscore table --target N`",
                    winner=standings.winner,
                    game=self.game,
                )
            )
        game = self.game_rules
        number = len(self.rounds) + 1
        table = self.table()
        inp = game.build_round(raw, table, number)
        # Score it once now, so that an input the scorer cannot handle is refused here
        # rather than saved.
        game.score(inp, table, number, standings.carry)
        return inp

    def add(self, raw: Mapping[str, Any], *, before: int | None = None) -> dict[str, Any]:
        """Validate and record the next round, or (``before``) a forgotten round in the
        place of round ``before``, which moves down one; a new change forgets what was
        undone."""
        if before is None:
            inp = self.build(raw)
            self._change(RoundChange.of(Kind.ADD, len(self.rounds) + 1, input=inp))
        else:
            self._existing(before, "--before")
            # a forgotten round is played by the table of the round it goes before
            inp = self.game_rules.build_round(raw, self.table_at(before), before)
            self._change(RoundChange.of(Kind.INSERT, before, input=inp))
        return inp

    def edit(
        self, number: int, raw: Mapping[str, Any], *, whole: bool = False
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Correct round ``number``: the answers in ``raw`` replace the round's, the others
        are kept (less those that no longer apply), and the round is built again as a
        whole; ``whole``: ``raw`` is every answer of the round (its questions asked again),
        nothing is kept.  Returns the old and the new round."""
        self._existing(number, "ROUND")
        old = self.rounds[number - 1]
        answers = raw if whole else self.answers_after(old, raw, number)
        # a round is corrected with the table of its own time
        new = self.game_rules.build_round(answers, self.table_at(number), number)
        if new == plain(old):
            raise InputError(msg("round {number}: nothing to change", number=number))
        new[EDITED] = now()
        self._change(RoundChange.of(Kind.EDIT, number, old=old, new=new))
        return old, new

    def remove(self, number: int) -> dict[str, Any]:
        """Take round ``number`` out; the later rounds move up one."""
        self._existing(number, "ROUND")
        old = self.rounds[number - 1]
        self._change(RoundChange.of(Kind.REMOVE, number, old=old))
        return old

    def answers_after(
        self, old: Mapping[str, Any], given: Mapping[str, Any], number: int | None = None
    ) -> dict[str, Any]:
        """A round's raw answers once ``given`` replaced some of them: an answer that no
        longer applies (the bouts of a round corrected into a passe) or that another one
        given replaces (``--defense-points`` for ``--points``) is dropped.  ``number``:
        the round's (its table's), else the next round's."""
        game = self.game_rules
        table = self.table() if number is None else self.table_at(number)
        given = {key: value for key, value in given.items() if is_given(value)}
        merged = {**game.answers(plain(old), table), **given}
        by_key = {f.key: f for f in game.fields}
        for key in given:
            mine = by_key.get(key)
            for f in game.fields if mine else ():
                if f.key not in given and mine.excludes(f):
                    merged.pop(f.key, None)
        dropped = True
        while dropped:  # dropping one answer may make another inapplicable
            dropped = False
            for f in game.fields:
                if f.key in merged and f.key not in given and not f.is_relevant(table, merged):
                    del merged[f.key]
                    dropped = True
        return merged

    def undo(self) -> Change:
        """Take back the last change still in force ("corriger"); it is kept for
        :meth:`redo`.  Returns the change."""
        entry = last_in_force(self.history)
        if entry is None:
            raise InputError(msg("there is no change to undo"))
        change = effect(entry)
        kept = for_redo(change, self.rounds)
        self._revert(change)
        self.undone.append(kept)
        self._log(Undo.of(change["round"], entry["n"]))
        return change

    def redo(self) -> Change:
        """Make again the last change undone.  Returns the change."""
        if not self.undone:
            raise InputError(msg("there is no undone change to redo"))
        try:  # (its record; one of a hand-edited file is refused: say so, change nothing)
            change = checked_change(self.undone[-1])
        except ValueError:
            raise SessionDataError(
                self.id, msg("a change of the history is not one cardscore makes")
            ) from None
        self._apply(change)
        try:
            self._check_brought(change)
        except ValueError:
            self._revert(change)
            raise
        self.undone.pop()
        self._log(Redo.of_change(change))
        return change

    def _check_brought(self, change: Mapping[str, Any]) -> None:
        """Refuse the round a change read from the file (an undone one, redone) puts in
        place, when the rules would not have saved it there, as a damaged file: the same
        check as the rounds' on reading (``Game.check_stored``)."""
        if change["kind"] not in (Kind.ADD, Kind.INSERT, Kind.EDIT):
            return
        number = change["round"]
        with typed_under(self.schema):
            try:
                self.game_rules.check_stored(self.rounds[number - 1], self.table_at(number), number)
            except ValueError as exc:
                raise SessionDataError(
                    self.id, msg("round {number}: {error}", number=number, error=reason_of(exc))
                ) from None

    def _existing(self, number: int, what: str) -> None:
        if not 1 <= number <= len(self.rounds):
            raise InputError(
                msg(
                    "{what}: there is no round {number} (rounds 1 to {count})",
                    what=what,
                    number=number,
                    count=len(self.rounds),
                )
                if self.rounds
                else msg("{what}: there is no round yet", what=what)
            )

    def _change(self, change: Change) -> None:
        """Make a new change: the rounds it moves must still be possible with their new
        numbers, and every round must still score; else nothing is changed."""
        moving = isinstance(change, RoundChange) and change.kind in (Kind.INSERT, Kind.REMOVE)
        if moving and self.tables:
            # the eras that start after its round move with the rounds (see seating.make)
            change = change.with_era(era_count(self.tables, change.round))
        self._check_moved(change)
        self._apply(change)
        try:
            self.standings()
        except SessionDataError as exc:
            self._revert(change)
            self._progress = None
            raise InputError(reason_of(exc)) from None
        self._log(change)
        self.undone.clear()

    def _apply(self, change: Mapping[str, Any]) -> None:
        """Make ``change`` to the rounds and the table."""
        make(self._state(), change)
        if change["kind"] == Kind.TABLE:
            self._rename_rounds(change.get("rename"))
        else:
            apply(self.rounds, change)

    def _revert(self, change: Mapping[str, Any]) -> None:
        """Take ``change`` back from the rounds and the table."""
        if change["kind"] == Kind.TABLE:
            names = change.get("rename")
            self._rename_rounds(names and {new: old for old, new in names.items()})
        else:
            revert(self.rounds, change)
        unmake(self._state(), change)

    def _rename_rounds(self, names: Mapping[str, str] | None) -> None:
        if not names:
            return
        renamed = self.game_rules.renamed
        self.rounds[:] = [renamed(inp, names) for inp in self.rounds]

    def change_table(
        self,
        *,
        rename: Sequence[str] = (),
        replace: Sequence[str] = (),
        join: Sequence[str] = (),
        leave: Sequence[str] = (),
        target: int | None = None,
    ) -> TableChange:
        """Change the table from the next round on (see :mod:`cardscore.seating`): names as
        typed, ``OLD=NEW`` pairs, ``NAME`` or ``NAME=POINTS`` for a newcomer.  Returns the
        change, as the history keeps it.

        >>> from cardscore.session import Session
        >>> s = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dna", "Eve"])
        >>> s.change_table(rename=["dna=Dan"], join=["Zoé"])["join"]
        {'Zoé': 0}
        >>> s.players, s.table().players
        (['Ann', 'Bob', 'Cyd', 'Dan', 'Eve'], ('Ann', 'Bob', 'Cyd', 'Dan', 'Eve', 'Zoé'))
        """
        game = self.game_rules
        timeline = self.timeline()
        ops = read_change(
            game, timeline, rename=rename, replace=replace, join=join, leave=leave, target=target
        )
        teams = teams_after(game, self.teams, timeline.current, ops)
        moved = {"old": list(self.teams), "new": teams} if teams != self.teams else None
        change = TableChange.of(len(self.rounds) + 1, ops, moved)
        self._change(change)
        return change

    def _check_moved(self, change: Mapping[str, Any]) -> None:
        """Where who plays a round depends on its number (the mort at six-player tarot),
        check the rounds an insertion or a removal renumbers, each with the table it will
        have."""
        kind, number = change["kind"], change["round"]
        if kind not in (Kind.INSERT, Kind.REMOVE):
            return
        game = self.game_rules
        before = self.timeline()
        if all(game.sitting_out(era.table, era.first) is None for era in before.eras):
            return
        state = self._state().copy()
        make(state, change)
        params = params_from_dict(game.params_cls, self.params)
        after = Timeline.build(game, state.players, state.teams, params, state.tables)
        shift = 1 if kind == Kind.INSERT else -1
        first = number if kind == Kind.INSERT else number + 1
        for old_number in range(first, len(self.rounds) + 1):
            inp = plain(self.rounds[old_number - 1])
            new_number = old_number + shift
            try:
                answers = game.answers(inp, before.at(old_number))
                with typed_under(self.schema):  # (as it was typed: only its place changes)
                    game.build_round(answers, after.at(new_number), new_number)
            except InputError as exc:
                raise InputError(
                    msg(
                        "round {number} would become round {new} and impossible: {reason}",
                        number=old_number,
                        new=old_number + shift,
                        reason=reason_of(exc),
                    )
                ) from None

    def _log(self, change: Change) -> None:
        history = self.history
        number = history[-1]["n"] + 1 if history else 1
        history.append(logged(change, number, now()))
        self.touch()
