"""A session: one game at one table, its rule parameters and its rounds.

(Over 600 lines: the state a file holds, its replay into rows and standings, and the
reading of a file back, which the replay checks as it goes; the edits are
:mod:`cardscore.editing`'s.)

Rounds are kept as their validated *inputs*; every score is recomputed by replaying them
with the session's parameters (:meth:`Session.standings`), so a session created under a
preset keeps scoring the same way even if the preset changes later, and the scoring code
is the only place where a number is computed.

>>> s = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan"], rules="fft")
>>> s.add({"taker": "bob", "contract": "garde", "bouts": "2", "points": "49"})["taker"]
'Bob'
>>> st = s.standings()
>>> st.totals["Bob"], st.totals["Ann"], st.next_dealer
(198, -66, 'Bob')
>>> _ = s.undo(); len(s.rounds), len(s.undone)
(0, 1)

The session keeps its state (what its file holds) and the replay (rows, standings, the
table's eras, the history's tables); the operations that change it (add, insert, edit,
remove, the table's changes, undo, redo) are :class:`cardscore.editing.Editing`'s, a part
of it.  Its changes and eras are frozen typed records (:mod:`cardscore.change_records`).

Why over 600 lines: the rows of a replay, the replay itself and the session's state it
replays are one model of how a number is computed, kept together.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from cardscore.change_records import (
    Change,
    StoredEra,
    checked_change,
    checked_entry,
)
from cardscore.changes import EDITED, Kind, effect, plain, summary
from cardscore.editing import Editing, SessionDataError, now
from cardscore.games import get_game, get_preset
from cardscore.games.base import (
    NAME_MOST,
    PARAM_MOST,
    Game,
    InputError,
    Outcome,
    RoundResult,
    Table,
    alike,
    apply_settings,
    check_hidden,
    check_text,
    clean_name,
    params_from_dict,
    twins_problem,
    with_target,
)
from cardscore.i18n import Msg, msg, reason_of
from cardscore.seating import (
    TableState,
    Timeline,
    check_target,
    is_table_change,
    make,
    unmake,
)
from cardscore.tournament_seat import TableSeat, seat_of

if TYPE_CHECKING:
    from cardscore.games.record import RoundRecord

# 4: every round typed under the bounds added to typing (games.base.BOUNDS_SCHEMA), the
# shape of 3 (see Session.schema);
# 3: the table changes (``tables``); 2: the history of changes; 1: rounds and undone rounds
SCHEMA_VERSION = 4
#: the schema an older file is written back as: the shape it has once read (migrated), its
#: rounds still typed under the checks of its time (see Session.schema)
SHAPE_VERSION = 3


def _unscorable(session_id: str, number: int, error: BaseException) -> SessionDataError:
    """The error of a stored round that the rules cannot score: say which round."""
    return SessionDataError(
        session_id,
        msg(
            "round {number} cannot be scored ({kind}: {error})",
            number=number,
            kind=type(error).__name__,
            error=reason_of(error),
        ),
    )


class _Replay:
    """What every row of one replay shares: the session's id, its game and its tables."""

    __slots__ = ("game", "session_id", "timeline")

    def __init__(self, session_id: str, game: Game, timeline: Timeline) -> None:
        self.session_id = session_id
        self.game = game
        self.timeline = timeline


class RoundRow:
    """One replayed round, as the scoresheet shows it (read-only).

    A replay computes the numbers only; the round's :attr:`breakdown` and :attr:`record` are
    worked out when first asked for (only the rows shown, ``show --detail``, the exports and
    the statistics need them), from what the replay scored
    (:meth:`~cardscore.games.base.Game.explained`), or by scoring the round again with what
    the round before carried over, then kept.
    """

    __slots__ = (
        "_carry",
        "_held",
        "_input",
        "_number",
        "_replay",
        "_result",
        "_scored",
        "_scores",
        "_table",
        "_totals",
    )

    def __init__(
        self,
        number: int,
        input: Mapping[str, Any],
        scores: Mapping[str, int],
        totals: Mapping[str, int],
        held: int,
        carry: Any,
        replay: _Replay,
        table: Table,
        scored: RoundResult | None = None,
    ) -> None:
        self._table = table  # the table that played it
        self._scored = scored  # what the replay scored: the breakdown is written from it
        self._number = number
        self._input = input
        self._scores = scores
        self._totals = totals
        self._held = held
        self._carry = carry  # what the round before handed to this one
        self._replay = replay

    @property
    def number(self) -> int:
        return self._number

    @property
    def dealer(self) -> str:
        return self._table.dealer(self._number)

    @property
    def mort(self) -> str | None:
        return self._replay.game.sitting_out(self._table, self._number)

    @property
    def table(self) -> Table:
        """The table that played the round (who sat there, under which parameters)."""
        return self._table

    @property
    def columns(self) -> tuple[str, ...]:
        """The score columns of the players (teams) at the table that round."""
        return tuple(self._replay.game.columns(self._table))

    @property
    def input(self) -> Mapping[str, Any]:
        """The round as its answers were built (without the time it was corrected)."""
        inp = self._input
        return plain(inp) if EDITED in inp else inp

    @property
    def edited(self) -> str | None:
        """When the round was last corrected (``cardscore edit``), or ``None``."""
        return self._input.get(EDITED)

    @property
    def scores(self) -> Mapping[str, int]:
        return self._scores

    @property
    def totals(self) -> Mapping[str, int]:
        return self._totals

    @property
    def held(self) -> int:
        return self._held

    @property
    def carry(self) -> Any:
        """What the round before handed this one (belote's held points): with the round's
        input and table, all its scoring depends on."""
        return self._carry

    @property
    def breakdown(self) -> tuple[str, ...]:
        """The round's breakdown lines (messages), computed on first use."""
        return self._explained().breakdown

    @property
    def record(self) -> RoundRecord | None:
        """What the round was (its terms, see :mod:`cardscore.games.record`), computed on
        first use along with the breakdown."""
        return self._explained().record

    @property
    def scored_record(self) -> RoundRecord | None:
        """What the round was, as the replay scored it, without writing its breakdown (the
        statistics count it: ten times cheaper than :attr:`record`); scored again, without
        the breakdown, where the replay kept no record."""
        try:
            return self._result.record
        except AttributeError:
            pass
        scored = self._scored
        if scored is not None and scored.record is not None:
            return scored.record
        replay = self._replay
        try:
            again = replay.game.score(
                self._input, self._table, self._number, self._carry, explain=False
            )
        except Exception as exc:
            raise _unscorable(replay.session_id, self._number, exc) from None
        return again.record

    def _explained(self) -> RoundResult:
        try:
            return self._result
        except AttributeError:
            pass
        replay = self._replay
        scored, self._scored = self._scored, None
        try:
            breakdown = None
            if scored is not None and scored.record is not None:  # written from its record
                breakdown = replay.game.explained(scored.record, self._table)
            if breakdown is None:
                result = replay.game.score(
                    self._input, self._table, self._number, self._carry, explain=True
                )
            else:  # what score(..., explain=True) returns, without scoring the round again
                result = RoundResult(
                    scored.scores, breakdown, scored.carry, scored.held, scored.record
                )
        except Exception as exc:  # a damaged round that only its explanation trips on
            raise _unscorable(replay.session_id, self._number, exc) from None
        self._result = result
        return result

    def _key(self) -> tuple[Any, ...]:
        # the breakdown follows from the game, the table, the round and its carry-in
        replay = self._replay
        return (
            self._number,
            self._input,
            self._scores,
            self._totals,
            self._held,
            self._carry,
            replay.game.name,
            self._table,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundRow):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # like the mappings it holds

    def __repr__(self) -> str:
        return (
            f"RoundRow(number={self._number!r}, dealer={self.dealer!r}, mort={self.mort!r}, "
            f"input={self._input!r}, scores={self._scores!r}, totals={self._totals!r}, "
            f"held={self._held!r})"
        )


class Standings(Struct, frozen=True):
    """Where a session stands after replaying its rounds: ``rows`` has one row per round."""

    columns: tuple[str, ...]
    rows: Sequence[RoundRow]
    totals: Mapping[str, int]
    held: int
    finished: bool
    winner: str | None
    next_dealer: str
    next_mort: str | None
    carry: Any = None  # what the last round hands to the next (belote's held points)


class _Progress:
    """How far a session's replay went: the inputs it scored, their rows, and where that
    left things (the totals, what the next round is handed, the points held)."""

    __slots__ = ("carry", "held", "inputs", "replay", "rows", "totals")

    def __init__(self, replay: _Replay, columns: tuple[str, ...]) -> None:
        self.replay = replay
        self.totals = dict.fromkeys(columns, 0)
        self.carry: Any = None
        self.held = 0
        self.inputs: list[Mapping[str, Any]] = []
        self.rows: list[RoundRow] = []

    @property
    def count(self) -> int:
        """How many rounds this replay accounts for."""
        return len(self.inputs)

    def is_prefix_of(self, rounds: Sequence[Mapping[str, Any]]) -> bool:
        """Whether the rounds this replay scored are still the first ``rounds``, as the same
        objects (a change replaces a round's object, never edits it in place)."""
        if self.count > len(rounds):
            return False
        return all(a is b for a, b in zip(self.inputs, rounds, strict=False))

    def advance(self, inputs: Sequence[Mapping[str, Any]], session_id: str) -> None:
        """Score ``inputs``, the rounds that follow the ones replayed so far."""
        replay = self.replay
        game, timeline = replay.game, replay.timeline
        eras = timeline.eras
        following = timeline.era_index(self.count) + 1  # the next era to start
        table = eras[following - 1].table
        columns = tuple(game.columns(table))
        next_first = eras[following].first if following < len(eras) else 0
        score = game.score
        totals = self.totals
        append = self.rows.append
        carry: Any = self.carry
        held = self.held
        for number, inp in enumerate(inputs, start=self.count + 1):
            while next_first and number >= next_first:  # a new table from this round on
                era = eras[following]
                table = era.table
                columns = tuple(game.columns(table))
                for column, points in era.newcomers:
                    totals[column] += points
                following += 1
                next_first = eras[following].first if following < len(eras) else 0
            try:
                result = score(inp, table, number, carry, explain=False)
            except Exception as exc:  # a hand-edited or damaged file: say which round
                raise _unscorable(session_id, number, exc) from None
            scores = result.scores  # a new dict each time: the row keeps it
            for column in columns:
                totals[column] += scores.get(column, 0)
            held = result.held
            append(
                RoundRow(
                    number, inp, scores, totals.copy(), held, carry, replay, table, result,
                )
            )  # fmt: skip
            carry = result.carry
        self.inputs.extend(inputs)
        self.carry, self.held = carry, held


@dataclass
class Session(Editing):
    """A saved game: what the file holds, minus its ``schema_version``; its editing
    operations are :class:`~cardscore.editing.Editing`'s."""

    id: str
    game: str
    rules: str
    params: dict[str, Any]
    players: list[str]
    teams: list[str] = field(default_factory=list)
    # the table changes in force, in order, each from a round on (see cardscore.seating)
    tables: list[StoredEra] = field(default_factory=list)
    title: str = ""
    created: str = ""
    updated: str = ""
    # the tournament table this session is (see :class:`TableSeat`), written only when set
    tournament: TableSeat | None = None
    rounds: MutableSequence[dict[str, Any]] = field(default_factory=list)
    # the changes undone, the next one to redo last (see cardscore.changes)
    # (read from a file: each one as cardscore makes it, or kept as read for redo to refuse)
    undone: list[Change] = field(default_factory=list)
    # every change, in order
    history: MutableSequence[Change] = field(default_factory=list)
    # Keys of the file this version does not know (a newer version's, a hand-added "notes"),
    # written back as they were read.
    extra: dict[str, Any] = field(
        default_factory=dict, repr=False, compare=False, metadata={"stored": False}
    )
    # The schema version the file is written as, which says what checks its rounds were
    # typed under: a new session's is the current one; a file of an older version keeps
    # SHAPE_VERSION, its rounds read without the bounds added to typing since
    # (games.base.BOUNDS_SCHEMA), so that it keeps every round, and every number, it had.
    schema: int = field(
        default=SCHEMA_VERSION, repr=False, compare=False, metadata={"stored": False}
    )
    # Not stored: the last replay, which the next one continues while the rounds before it
    # are unchanged (see standings()).
    _progress: _Progress | None = field(
        default=None, init=False, repr=False, compare=False, metadata={"stored": False}
    )

    @classmethod
    def stored_fields(cls) -> tuple[str, ...]:
        """The fields a session file holds, in the file's order (``schema_version`` aside)."""
        return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("stored", True))

    # ---- creation --------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        game_name: str,
        players: Sequence[str],
        *,
        rules: str | None = None,
        target: int | None = None,
        settings: Sequence[str] = (),
        title: str = "",
        session_id: str = "new",
    ) -> Session:
        """Check a new game's set-up and return it (not yet saved)."""
        game = get_game(game_name)
        preset, preset_params = get_preset(game, rules)
        names = [clean_name(p) for p in players]
        check_text(title, what="--title")
        team_names, settings = _team_settings(settings)
        params = apply_settings(preset_params, settings)
        if target is not None:
            params = with_target(game, params, check_target(game, params, target))
        game.check_players(names, params)
        teams = list(game.default_team_names(names))  # none for a game without teams
        if teams:
            for index, name in team_names.items():
                check_text(name, what=f"--set team{index + 1}", most=NAME_MOST)
                check_hidden(name, what=f"--set team{index + 1}")
                teams[index] = clean_name(name)
            if teams[0].casefold() == teams[1].casefold():
                raise InputError(msg("--set: both teams are named {name!r}", name=teams[0]))
            if alike(teams[0], teams[1]):
                option = "--set team2" if 1 in team_names else "--set team1"
                reason = twins_problem(teams[1], teams[0])
                raise InputError(msg("{option}: {reason}", option=option, reason=reason))
        elif team_names:
            raise InputError(
                msg("--set team1/team2: {game} is not played in teams", game=game.name)
            )
        stamp = now()
        return cls(
            id=session_id,
            game=game.name,
            rules=preset,
            params=dataclasses.asdict(params),
            players=names,
            teams=teams,
            title=title.strip(),
            created=stamp,
            updated=stamp,
        )

    # ---- the game and its table ------------------------------------------------------------

    @property
    def game_rules(self) -> Game:
        return get_game(self.game)

    def timeline(self) -> Timeline:
        """The table of every round: the first one, then each table change's."""
        game = self.game_rules
        params = params_from_dict(game.params_cls, self.params)
        return Timeline.build(game, self.players, self.teams, params, self.tables)

    def table(self) -> Table:
        """The table of the next round (the one playing now)."""
        return self.timeline().current

    def table_at(self, number: int) -> Table:
        """The table that plays (played) round ``number``."""
        return self.timeline().at(number)

    def _state(self) -> TableState:
        return TableState(self.players, self.teams, self.tables)

    def changes(self) -> list[tuple[Mapping[str, Any], Msg]]:
        """Every change of the history with its line (a message), oldest first; each said
        with the table of its time (the names it had then)."""
        game = self.game_rules
        by_number = {e["n"]: e for e in self.history}
        return [
            (entry, summary(entry, game, timeline.at, by_number.get))
            for entry, timeline in self.logged_tables()
        ]

    def logged_tables(self) -> list[tuple[Mapping[str, Any], Timeline]]:
        """Every change of the history, oldest first, with the tables of its time (the
        names they had then): those its line is said with, and its rounds were typed at."""
        entries = list(self.history)
        by_number = {e["n"]: e for e in entries}
        game = self.game_rules
        params = params_from_dict(game.params_cls, self.params)
        # The table after each entry, walking back from now (undoing each entry's table side).
        # A round added or corrected is said with the table after the entry; a round taken
        # away (a removal, an undo) with the table before it, which still had it.
        state = self._state().copy()
        states: list[TableState] = []
        for entry in reversed(entries):
            after = state.copy()
            if entry["kind"] == Kind.UNDO:
                undone = by_number.get(entry["of"])
                if undone is not None:
                    make(state, effect(undone))
            else:
                unmake(state, effect(entry))
            states.append(state.copy() if _takes_away(entry, by_number.get) else after)
        states.reverse()
        logged = []
        built: dict[str, Timeline] = {}
        for entry, seen in zip(entries, states, strict=True):
            key = repr((seen.players, seen.teams, seen.tables))
            if key not in built:
                built[key] = Timeline.build(game, seen.players, seen.teams, params, seen.tables)
            logged.append((entry, built[key]))
        return logged

    def touch(self) -> None:
        self.updated = now()

    # ---- replay ----------------------------------------------------------------------------

    def standings(self, *, fresh: bool = False) -> Standings:
        """Replay the rounds with the session's parameters.

        A replay continues from the previous one while its rounds are unchanged; ``fresh``
        replays every round from the first (to measure it, or after changing a round in
        place).

        Only the numbers are computed (``explain=False``): each row works out its breakdown
        when it is asked for (:attr:`RoundRow.breakdown`)."""
        game = self.game_rules
        timeline = self.timeline()
        columns = timeline.columns
        rounds = self.rounds
        progress = self._progress
        if (
            fresh
            or progress is None
            or progress.replay.timeline != timeline  # the players or the rules were changed
            or not progress.is_prefix_of(rounds)
        ):
            progress = _Progress(_Replay(self.id, game, timeline), columns)
        try:
            progress.advance(rounds[progress.count :], self.id)
        except SessionDataError:
            self._progress = None  # half advanced: the next replay starts anew
            raise
        self._progress = progress
        rows: Sequence[RoundRow] = tuple(progress.rows)
        totals = dict(progress.totals)
        for era in timeline.eras[timeline.era_index(progress.count) + 1 :]:
            for column, points in era.newcomers:  # a newcomer's points before his first round
                totals[column] += points
        table = timeline.current
        outcome = _outcome(game, table, totals)
        if self.tournament is not None and self.tournament.done_after(len(rounds)):
            # a tournament's table ends after its deals: at the totals of its last one
            ended = rows[self.tournament.deals - 1].totals if self.tournament.deals else totals
            outcome = Outcome(finished=True, winner=_leader(game, ended))
        following = len(rounds) + 1
        return Standings(
            columns=columns,
            rows=rows,
            totals=totals,
            held=progress.held,
            finished=outcome.finished,
            winner=outcome.winner,
            next_dealer=table.dealer(following),
            next_mort=game.sitting_out(table, following),
            carry=progress.carry,
        )

    def ended_after(self, standings: Standings) -> int | None:
        """The round that ended the game, when the game is over: the rounds after it were
        recorded past its end (a correction can end a game earlier), and the sheets say
        so rather than leave them out."""
        if not standings.finished:
            return None  # totals only grow towards the end: an end in the middle stays one
        if self.tournament is not None and self.tournament.done_after(len(standings.rows)):
            return self.tournament.deals
        game, timeline = self.game_rules, self.timeline()
        for row in standings.rows:
            # the game went on past a round when the table raised its target after it;
            # a newcomer's points count from the round after it
            totals = dict(row.totals)
            for era in timeline.eras:
                if era.first == row.number + 1:
                    for column, points in era.newcomers:
                        totals[column] += points
            if _outcome(game, timeline.at(row.number + 1), totals).finished:
                return row.number
        return None

    # ---- (de)serialisation -----------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Session:
        """Rebuild a session from a file's data (already migrated to this schema)."""
        known = set(cls.stored_fields())
        values = {k: v for k, v in data.items() if k in known}
        session = cls(**values)
        # (the checkpoint of an earlier version is never trusted, nor written again)
        skipped = known | {"schema_version", "checkpoint"}
        session.extra = {k: v for k, v in data.items() if k not in skipped}
        get_game(session.game)  # an unknown game is a damaged file
        for name in ("id", "game", "rules"):
            if not isinstance(getattr(session, name), str):
                raise ValueError(msg("{name} is not a string", name=name))
        if not isinstance(session.params, dict):
            raise ValueError(msg("{name} is not an object", name="params"))
        for name in ("players", "teams", "tables", "rounds", "undone", "history"):
            if not isinstance(getattr(session, name), list):
                raise ValueError(msg("{name} is not a list", name=name))
        if not all(isinstance(r, dict) for r in session.rounds + session.undone):
            raise ValueError(msg("a round is not an object"))
        kinds = set(Kind)
        for entry in session.history:
            if not isinstance(entry, dict) or entry.get("kind") not in kinds:
                raise ValueError(msg("a change of the history is not one cardscore makes"))
            if not isinstance(entry.get("n"), int) or not isinstance(entry.get("round"), int):
                raise ValueError(msg("a change of the history has no number or no round"))
        # what undo, redo and the history's lines read of each change (a hand-edited file
        # missing one would fail in the middle of a command): each checked once, here
        session.history = [checked_entry(entry) for entry in session.history]
        session.undone = [_undone(change) for change in session.undone]
        from cardscore import schema

        schema.check_header(data)  # every field's type and range (said in msgspec's words)
        schema.check_names(data)  # (before the table changes: a name's own fault is said)
        schema.check_times(data)
        if session.tournament is not None:
            session.tournament = seat_of(session.tournament)
        params_from_dict(session.game_rules.params_cls, session.params)  # as --set takes them
        session.check_tables()
        session.tables = [StoredEra(era) for era in session.tables]  # (each checked just above)
        return session

    def check_tables(self) -> None:
        """Refuse table changes read from a file that could not have been made (a damaged
        or hand-edited file): see :func:`_seats_possible`.  Raises ``ValueError``."""
        if not all(_is_era(era) for era in self.tables) or not _seats_possible(self):
            raise ValueError(msg("a table change is not one cardscore makes"))


def _undone(change: dict[str, Any]) -> Change | dict[str, Any]:
    """A change of the redo stack read from a file: its record, or, when it is not one
    cardscore makes, the object as read, which redo refuses as a damaged file (and nothing
    before it: the rest of the session is sound)."""
    try:
        return checked_change(change)
    except ValueError:
        return change


def _is_era(era: Any) -> bool:
    """Whether an era read from a file is one cardscore makes (see cardscore.seating)."""
    if not isinstance(era, dict) or type(era.get("from")) is not int:
        return False
    return is_table_change({k: v for k, v in era.items() if k != "from"})


def _takes_away(entry: Mapping[str, Any], find: Callable[[int], Mapping[str, Any] | None]) -> bool:
    """Whether a history entry takes a round away (its line says it with the table before,
    which still had it): a removal, or the undo of an addition or an insertion (the undo of
    a removal brings its round back: said with the table after)."""
    if entry["kind"] == Kind.UNDO:
        undone = find(entry["of"])
        return undone is not None and effect(undone)["kind"] in (Kind.ADD, Kind.INSERT)
    return effect(entry)["kind"] == Kind.REMOVE


def _seats_possible(session: Session) -> bool:
    """Whether the table changes of a file could have been made: in order, from a round
    played or the next one, each naming players who were (or were not) at the table as it
    says, and leaving a table the game can play."""
    tables, count = session.tables, len(session.rounds)
    froms = [era["from"] for era in tables]
    if froms != sorted(froms) or any(not 1 <= f <= count + 1 for f in froms):
        return False
    game = session.game_rules
    try:
        params = params_from_dict(game.params_cls, session.params)
        timeline = Timeline.build(game, session.players, session.teams, params, tables)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    fields = {f.name for f in dataclasses.fields(params)}
    for era, before, after in zip(tables, timeline.eras, timeline.eras[1:], strict=False):
        seated = set(before.table.players)
        gone = set(era.get("leave", ())) | set(era.get("replace", {}))
        arriving = [*era.get("join", {}), *era.get("replace", {}).values()]
        if not gone <= seated or seated & set(arriving):
            return False
        if "target" in era and (
            game.target_param not in fields or not 0 < era["target"] <= PARAM_MOST
        ):
            return False
        try:
            game.check_players(list(after.table.players), after.table.params)
        except InputError:
            return False
    return True


def _leader(game: Game, totals: Mapping[str, int]) -> str | None:
    """The one column ahead of the others (the lowest at rami), or ``None`` on a tie."""
    if not totals:
        return None
    best = (min if game.lower_wins else max)(totals.values())
    leaders = [column for column, total in totals.items() if total == best]
    return leaders[0] if len(leaders) == 1 else None


def _outcome(game: Game, table: Table, totals: Mapping[str, int]) -> Any:
    """Whether the game is over for ``table`` (the players at it: one who left is out of
    the running), and who won."""
    return game.outcome(table, {c: totals[c] for c in game.columns(table)})


def check_setup(
    game_name: str, *, players: int | None = None, names: Sequence[str] | None = None
) -> Game:
    """The game named ``game_name``, once the table asked for can play it: ``players`` a
    number of players it allows, ``names`` (when both are given) that many names.

    >>> check_setup("belote", players=3)
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --players: belote is played by 4 players (got 3)
    """
    game = get_game(game_name)
    if players is not None and not game.min_players <= players <= game.max_players:
        if game.min_players == game.max_players:  # "by 4 players", not "by 4 to 4"
            raise InputError(
                msg(
                    "--players: {game} is played by {count} players (got {players})",
                    game=game.name,
                    count=game.min_players,
                    players=players,
                )
            )
        raise InputError(
            msg(
                "--players: {game} is played by {low} to {high} players (got {players})",
                game=game.name,
                low=game.min_players,
                high=game.max_players,
                players=players,
            )
        )
    if names is not None and players is not None and len(names) != players:
        raise InputError(
            msg("--names: {count} names for --players {players}", count=len(names), players=players)
        )
    return game


def _team_settings(settings: Sequence[str]) -> tuple[dict[int, str], list[str]]:
    """Split ``team1=…``/``team2=…`` (team names) from the rule parameters of ``--set``."""
    teams: dict[int, str] = {}
    rest: list[str] = []
    for setting in settings:
        key, sep, value = setting.partition("=")
        if sep and key.strip().lower() in {"team1", "team2"}:
            name = " ".join(value.split())
            if not name:
                raise InputError(msg("--set {key}: a team needs a name", key=key.strip()))
            teams[int(key.strip()[-1]) - 1] = name
        else:
            rest.append(setting)
    return teams, rest
