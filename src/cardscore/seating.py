"""Who sat at the table, round by round: the table changes of an evening.

(Over 600 lines: the table changes, their checks and the timeline they build depend on
each other.)

A session starts with its players (``Session.players``, ``Session.teams``, its parameters).
Then the table can change, always *from the next round on*:

* a typo in a name is corrected everywhere (``rename``: past rounds too, scores unchanged);
* a player hands his seat to another (``replace``: the newcomer plays that seat, in the same
  team at belote and coinche);
* a player arrives (``join``, with the total he starts from) or leaves (``leave``), at tarot
  and rami only (belote and coinche have four fixed seats);
* the target changes (``target``: a finished game plays on to a higher one).

Each change but a rename starts an *era*: the table that plays from round ``from`` on.  The
session keeps them in order (``Session.tables``, frozen records:
:class:`~cardscore.change_records.StoredEra`); a :class:`Timeline` works out, from the first
table and the eras, the :class:`~cardscore.games.base.Table` of every round, with the deal
going on round the new table from the seat after the last dealer.

>>> from cardscore.games import get_game
>>> from cardscore.games.tarot import PRESETS
>>> t = Timeline.build(get_game("tarot"), ["Ann", "Bob", "Cyd", "Dan", "Eve"], [],
...                    PRESETS["fft"], [{"from": 4, "join": {"Zoé": 0}}])
>>> t.at(3).players, t.at(3).dealer(3)
(('Ann', 'Bob', 'Cyd', 'Dan', 'Eve'), 'Cyd')
>>> t.at(4).players, t.at(4).dealer(4)
(('Ann', 'Bob', 'Cyd', 'Dan', 'Eve', 'Zoé'), 'Dan')
>>> t.columns
('Ann', 'Bob', 'Cyd', 'Dan', 'Eve', 'Zoé')

Why 650 lines: reading a change as typed, checking it against the table of the next round,
making and unmaking it (undo), and working out the table of every round are one model of
who sits where, kept together (each under its own heading).
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from cardscore.change_records import (
    ERA_OPERATIONS,
    JOIN_POINTS_LIMIT,
    OPERATIONS,  # noqa: F401  (the operations' order, said with the table changes)
    StoredEra,
    is_table_ops,
)
from cardscore.games.base import (
    PARAM_MOST,
    InputError,
    Table,
    alike,
    check_hidden,
    check_names,
    clean_name,
    fold,
    look_alike,
    target_of,
    twins_problem,
    with_target,
)
from cardscore.i18n import Msg, msg

if TYPE_CHECKING:
    from cardscore.games.base import Game


class Era(Struct, frozen=True):
    """A table and the first round it plays (``table.first``); ``newcomers`` are the columns
    that start with it, each with the total it starts from (added as its first round is
    scored)."""

    table: Table
    newcomers: tuple[tuple[str, int], ...] = ()

    @property
    def first(self) -> int:
        return self.table.first


class Timeline(Struct, frozen=True):
    """The tables of a session, round by round (see the module's docstring).

    ``columns`` are every score column the session ever had, in the sheet's order: a
    newcomer's beside the player he replaced, an arrival's after the others.
    """

    eras: tuple[Era, ...]
    columns: tuple[str, ...]

    @classmethod
    def build(
        cls,
        game: Game,
        players: Sequence[str],
        teams: Sequence[str],
        params: Any,
        changes: Sequence[Mapping[str, Any]],
    ) -> Timeline:
        tables = [Table(game.name, tuple(players), params, tuple(teams))]
        for change in changes:
            tables.append(_next_table(game, tables[-1], change))
        # A table that plays no round (changed again before its first one) brings no
        # column: a player who left before playing, or joined and left between two rounds,
        # never played; a newcomer's points wait for the first table that plays.
        eras: list[Era] = []
        columns: list[str] = []
        joined: dict[str, int] = {}
        replaced: dict[str, str] = {}  # newcomer → the player whose seat he took
        for index, table in enumerate(tables):
            change = changes[index - 1] if index else {}
            joined.update(change.get("join", {}))
            for name in (*change.get("leave", ()), *change.get("join", {})):
                # one who left, or joins, takes nobody's seat: a replacement who left before
                # playing and comes back later is a newcomer like any other
                replaced.pop(name, None)
            for old, new in change.get("replace", {}).items():
                # one who replaces a newcomer who never played takes the seat of the
                # player that newcomer replaced
                replaced[new] = replaced.get(old, old)
            following = tables[index + 1] if index + 1 < len(tables) else None
            newcomers = []
            if following is None or following.first > table.first:
                for column in game.columns(table):
                    if column not in columns:
                        _place(columns, column, replaced.get(column))
                        if index:
                            newcomers.append((column, int(joined.get(column, 0))))
                replaced.clear()  # all placed: a later arrival is no replacement
            eras.append(Era(table, tuple(newcomers)))
        return cls(tuple(eras), tuple(columns))

    @property
    def current(self) -> Table:
        """The table of the next round (the last one)."""
        return self.eras[-1].table

    def era_index(self, number: int) -> int:
        """The index of the era that plays round ``number``: the last one starting at it or
        before (eras that start at the same round leave the last of them in force)."""
        if len(self.eras) == 1:
            return 0
        firsts = [era.first for era in self.eras]
        return max(0, bisect.bisect_right(firsts, number) - 1)

    def at(self, number: int) -> Table:
        """The table that plays round ``number``."""
        return self.eras[self.era_index(number)].table

    def players(self) -> tuple[str, ...]:
        """Every player who ever sat at the table, first seen first."""
        seen: dict[str, None] = {}
        for era in self.eras:
            seen.update(dict.fromkeys(era.table.players))
        return tuple(seen)


def _next_table(game: Game, table: Table, change: Mapping[str, Any]) -> Table:
    """The table an era's change makes of ``table``: replacements in their seats, leavers
    gone, arrivals after the others, the deal going on from the seat after the last dealer
    (a leaver's seat: the next one still there)."""
    first = change["from"]
    old = table.players
    leave = set(change.get("leave", ()))
    replace = change.get("replace", {})
    players = tuple(replace.get(p, p) for p in old if p not in leave) + tuple(
        change.get("join", {})
    )
    last = (table.seat + first - table.first - 1) % len(old)  # the last dealer's seat
    before = sum(1 for p in old[:last] if p not in leave)  # seats left before his
    # before the first round nobody dealt: the first seat deals it
    seat = (before + (old[last] not in leave)) % len(players) if first > 1 else 0
    params = table.params
    if change.get("target") is not None:
        params = with_target(game, params, change["target"])
    return Table(table.game, players, params, table.teams, first, seat)


def _place(columns: list[str], column: str, replaced: str | None) -> None:
    """Put the new ``column`` among ``columns``: right after the column of the player it
    replaces (``replaced``), or last for an arrival.  (Not beside the seat after it: a
    player who came back sits after the others, and his column is where it always was.)"""
    if replaced is None or replaced not in columns:  # (he never played)
        columns.append(column)
    else:
        columns.insert(columns.index(replaced) + 1, column)


# --------------------------------------------------------------------------------------------
# Reading a change


def read_change(
    game: Game,
    timeline: Timeline,
    *,
    rename: Sequence[str] = (),
    replace: Sequence[str] = (),
    join: Sequence[str] = (),
    leave: Sequence[str] = (),
    target: int | None = None,
) -> dict[str, Any]:
    """A table change as typed (``OLD=NEW`` pairs, ``NAME`` or ``NAME=POINTS``, names as a
    person types them) checked against the table and returned as the history keeps it (the
    operations given, names spelled as the table has them).  A bad one raises
    :class:`InputError` naming the option.

    >>> from cardscore.games import get_game
    >>> from cardscore.games.rami import RamiParams
    >>> t = Timeline.build(get_game("rami"), ["Ann", "Bob", "Jena"], [], RamiParams(), [])
    >>> read_change(get_game("rami"), t, rename=["jena=Jean"], join=["Zoé=120"])
    {'rename': {'Jena': 'Jean'}, 'join': {'Zoé': 120}}
    >>> read_change(get_game("rami"), t, leave=["Dan"])
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --leave: nobody is called 'Dan' (players: Ann, Bob, Jena)
    """
    table = timeline.current
    if game.fixed_teams and (join or leave):
        raise InputError(
            msg(
                "{option}: {game} is played by four fixed seats; a player who goes is "
                "replaced (--replace OLD=NEW)",
                option="--join" if join else "--leave",
                game=game.name,
            )
        )
    reader = _ChangeReader(timeline)
    change: dict[str, Any] = {}
    for option, texts, read in (
        ("rename", rename, reader.rename),
        ("replace", replace, reader.replace),
        ("join", join, reader.join),
    ):
        # (a rename to the very same spelling changes nothing)
        pairs = {key: value for key, value in map(read, texts) if key != value}
        if pairs:
            change[option] = pairs
    leaves = [reader.leave(text) for text in leave]
    if leaves:
        change["leave"] = leaves
    if target is not None:
        change["target"] = _target(game, table, target)
    if not change:
        raise InputError(
            msg("nothing to change (--rename, --replace, --join, --leave or --target)")
        )
    _check_size(game, len(table.players), len(change.get("join", ())), len(leaves))
    _check_new_names(game, change)
    return change


class _ChangeReader:
    """Reads the names of one table change, in the order its operations are made: a
    rename first (the other options may name the player by his old name or his new one),
    and no player named by two options."""

    def __init__(self, timeline: Timeline) -> None:
        self.everyone = list(timeline.players())
        self.first_seated = list(timeline.current.players)
        self.seated = list(self.first_seated)
        self.renames: dict[str, str] = {}
        self.taken: dict[str, str] = {}  # folded name → the option that names it

    def mark(self, name: str, option: str) -> None:
        key = fold(name)
        if key in self.taken:
            raise InputError(
                msg(
                    "{option}: {name} is already named by {other}",
                    option=option,
                    name=name,
                    other=self.taken[key],
                )
            )
        self.taken[key] = option

    def at_table(self, text: str, option: str) -> str:
        """A player at the table, by his name (or the name a rename just corrected)."""
        try:
            return _find(text, self.seated, option)
        except InputError:
            if not self.renames:
                raise
            try:
                old = _find(text, self.first_seated, option)
            except InputError:
                raise InputError(
                    msg(
                        "{option}: nobody is called {name!r} (players: {players})",
                        option=option,
                        name=text.strip(),
                        players=", ".join(self.seated),
                    )
                ) from None
            return self.renames.get(old, old)

    def rename(self, text: str) -> tuple[str, str]:
        old, new = _pair(text, "--rename", self.everyone)
        old = _find(old, self.everyone, "--rename")
        if old in self.renames.values():  # renames are made at once: no chain (A=B, B=C)
            raise InputError(
                msg(
                    "{option}: {name} is already named by {other}",
                    option="--rename",
                    name=old,
                    other="--rename",
                )
            )
        new = _new_name(new, "--rename", [p for p in self.everyone if p != old])
        self.mark(old, "--rename")
        self.renames[old] = new
        self.everyone = [new if p == old else p for p in self.everyone]
        self.seated = [new if p == old else p for p in self.seated]
        return old, new

    def replace(self, text: str) -> tuple[str, str]:
        old, new = _pair(text, "--replace", self.seated)
        old = self.at_table(old, "--replace")
        new = _newcomer(new, "--replace", self.everyone, self.seated)
        self.mark(old, "--replace")
        self.mark(new, "--replace")
        return old, new

    def join(self, text: str) -> tuple[str, int]:
        name, _, points = text.partition("=")
        name = _newcomer(name, "--join", self.everyone, self.seated)
        self.mark(name, "--join")
        if not points.strip():
            return name, 0
        if name in self.everyone:
            raise InputError(
                msg(
                    "--join: {name} played earlier and comes back with their total; give no points",
                    name=name,
                )
            )
        return name, _points(points, name)

    def leave(self, text: str) -> str:
        name = self.at_table(text, "--leave")
        self.mark(name, "--leave")
        return name


def _check_size(game: Game, seated: int, joins: int, leaves: int) -> None:
    """A table that grows or shrinks stays within the game's numbers of players."""
    count = seated - leaves + joins
    if not (joins or leaves) or game.min_players <= count <= game.max_players:
        return
    if game.min_players == game.max_players:  # "by 4 players", not "by 4 to 4"
        raise InputError(
            msg(
                "{option}: {game} is played by {players} players (the table would have {count})",
                option="--join" if count > seated else "--leave",
                game=game.name,
                players=game.min_players,
                count=count,
            )
        )
    raise InputError(
        msg(
            "{option}: {game} is played by {low} to {high} players (the table would have {count})",
            option="--join" if count > seated else "--leave",
            game=game.name,
            low=game.min_players,
            high=game.max_players,
            count=count,
        )
    )


def _pair(text: str, option: str, names: Sequence[str] = ()) -> tuple[str, str]:
    """``OLD=NEW`` split at its ``=``; where a name holds one too (tarot lets a table name a
    player ``A=B``), at the one after the exact name of a player in ``names``.

    >>> _pair("A=B=Abe", "--rename", ["A=B", "Cyd"]), _pair("cyd = Cid", "--rename")
    (('A=B', 'Abe'), ('cyd', 'Cid'))
    """
    old, sep, new = text.partition("=")
    for name in names:
        head = text[: len(name)]
        if "=" in name and fold(head) == fold(name) and text[len(name) :].startswith("="):
            old, sep, new = head, "=", text[len(name) + 1 :]
    if not sep or not old.strip() or not new.strip():
        raise InputError(
            msg("{option}: OLD=NEW is needed (got {text!r})", option=option, text=text)
        )
    return old.strip(), clean_name(new)


def _find(text: str, names: Sequence[str], option: str) -> str:
    """The name among ``names`` that ``text`` means: exactly (case and accents aside) or
    by a prefix that only one has."""
    wanted = fold(text)
    exact = [n for n in names if fold(n) == wanted]
    found = exact or [n for n in names if wanted and fold(n).startswith(wanted)]
    if len(found) != 1:
        raise InputError(
            msg(
                "{option}: nobody is called {name!r} (players: {players})",
                option=option,
                name=text.strip(),
                players=", ".join(names),
            )
            if not found
            else msg(
                "{option}: {name!r} could be {players}",
                option=option,
                name=text.strip(),
                players=", ".join(found),
            )
        )
    return found[0]


def _new_name(text: str, option: str, others: Sequence[str]) -> str:
    """A new name: a valid name that no other player has (case and accents aside) nor looks
    like (:func:`~cardscore.games.base.look_alike`)."""
    name = " ".join(text.split())
    check_hidden(name, what=option)  # (a character drawn as nothing would hide a twin)
    for other in others:
        if fold(other) == fold(name):
            raise InputError(
                msg(
                    "{option}: {name} is too close to {other}, who plays here too",
                    option=option,
                    name=name,
                    other=other,
                )
            )
        if look_alike(other) == look_alike(name):
            raise InputError(
                msg("{option}: {reason}", option=option, reason=twins_problem(name, other))
            )
    return name


def _newcomer(text: str, option: str, everyone: Sequence[str], seated: Sequence[str]) -> str:
    """Who takes a seat: a new name, or a player who left earlier (spelled as before); not
    one who is at the table."""
    name = clean_name(text)
    check_hidden(name, what=option)  # (a character drawn as nothing would hide a twin)
    for other in seated:
        if alike(other, name):
            raise InputError(
                msg("{option}: {name} is already at the table", option=option, name=other)
            )
    for other in everyone:
        if alike(other, name):
            return other  # he comes back
    return name


def _check_new_names(game: Game, change: Mapping[str, Any]) -> None:
    """The names given must be names a person types back: not empty, and without ``=``
    (which splits ``OLD=NEW`` and ``NAME=POINTS``, and rami's ``--hand NAME=CARDS``)."""
    for option in ("rename", "replace", "join"):
        given = change.get(option, {})
        names = given if option == "join" else given.values()
        check_names(list(names), forbidden="=", what=f"--{option}")


def _points(text: str, name: str) -> int:
    """A newcomer's starting points (``--join NAME=POINTS``), a whole number within
    :data:`JOIN_POINTS_LIMIT` either way."""
    text = text.strip()
    if len(text) > len(str(JOIN_POINTS_LIMIT)) + 1 or not text.lstrip("+-").isdigit():
        points = None
    else:
        points = int(text)
    if points is None or abs(points) > JOIN_POINTS_LIMIT:
        raise InputError(
            msg(
                "--join: {name}'s points are a whole number from {low} to {high} (got {text!r})",
                name=name,
                low=-JOIN_POINTS_LIMIT,
                high=JOIN_POINTS_LIMIT,
                text=text if len(text) <= 20 else text[:20] + "…",
            )
        )
    return points


def check_target(game: Game, params: Any, target: int) -> int:
    """A target given by hand (``new --target``, ``table --target``): the game must have one,
    and it is a positive number of points."""
    if game.target_param is None:
        raise InputError(msg("--target: {game} has no target score", game=game.name))
    if target <= 0:
        raise InputError(
            msg("--target: {target} is not a positive number of points", target=target)
        )
    if target > PARAM_MOST:  # (the bound of every parameter, --set target=N's too)
        raise InputError(
            msg(
                "{what}: {value} is out of range ({low} to {high})",
                what="--target",
                value=target if len(str(target)) <= 20 else str(target)[:19] + "…",
                low=1,
                high=PARAM_MOST,
            )
        )
    return target


def _target(game: Game, table: Table, target: int) -> int:
    check_target(game, table.params, target)
    if target == target_of(game, table.params):  # (an automatic one, stored 0, never is)
        raise InputError(msg("--target: the target is {target} already", target=target))
    return target


# --------------------------------------------------------------------------------------------
# Making a change and taking it back


class TableState(Struct):
    """What a table change changes in a session besides its rounds: the first table's
    players, the teams' names and the eras (``Session.tables``).  Its lists are the
    session's own, changed in place (an era that moves is replaced: a record is frozen)."""

    players: list[str]
    teams: list[str]
    tables: list[StoredEra]

    def copy(self) -> TableState:
        return TableState(list(self.players), list(self.teams), list(self.tables))

    def move_eras(self, change: Mapping[str, Any], step: int) -> None:
        """Move the eras after an insertion's or a removal's round by ``step`` rounds (those
        after its ``era`` first ones; all of them for a change made with none in force)."""
        tables = self.tables
        start = change.get("era", len(tables))
        tables[start:] = [_stored(era).moved(step) for era in tables[start:]]


def _stored(era: Mapping[str, Any]) -> StoredEra:
    return era if isinstance(era, StoredEra) else StoredEra(era)


def era_of(change: Mapping[str, Any]) -> StoredEra | None:
    """The era a table change starts (from its round), or ``None`` for a rename alone."""
    ops = {key: change[key] for key in ERA_OPERATIONS if key in change}
    return StoredEra({"from": change["round"], **ops}) if ops else None


def sets_the_start(era: Mapping[str, Any]) -> bool:
    """Whether an era only sets the target from the first round on: the game's own target
    (a table that plays to 500 said so before its first deal), which the sheets give as the
    game's target, not as a change of the table.

    >>> sets_the_start({"from": 1, "target": 500}), sets_the_start({"from": 4, "target": 500})
    (True, False)
    >>> sets_the_start({"from": 1, "target": 500, "leave": ["Dan"]})
    False
    """
    return era["from"] == 1 and {key for key in ERA_OPERATIONS if key in era} == {"target"}


def starting_params(params: Mapping[str, Any], tables: Sequence[Mapping[str, Any]]) -> dict:
    """The stored parameters with the target the table set before its first round."""
    out = dict(params)
    for era in tables:
        if sets_the_start(era):
            out["target"] = era["target"]
    return out


def era_count(tables: Sequence[Mapping[str, Any]], number: int) -> int:
    """How many eras start at round ``number`` or before: the eras after them start after
    it, and move when a round is inserted or removed there."""
    return sum(1 for era in tables if era["from"] <= number)


def make(state: TableState, change: Mapping[str, Any]) -> None:
    """Make the table side of ``change`` (a change of any kind, see
    :mod:`cardscore.changes`): a table change renames, sets the teams' names and starts
    its era; an insertion or a removal moves the eras that start after its round."""
    kind = change["kind"]
    if kind in ("insert", "remove"):
        state.move_eras(change, 1 if kind == "insert" else -1)
    elif kind == "table":
        if "rename" in change:
            _rename(state, change["rename"])
        if "teams" in change:
            state.teams[:] = change["teams"]["new"]
        era = era_of(change)
        if era is not None:
            state.tables.append(era)


def unmake(state: TableState, change: Mapping[str, Any]) -> None:
    """Take back the table side of ``change``: the exact inverse of :func:`make`."""
    kind = change["kind"]
    if kind in ("insert", "remove"):
        state.move_eras(change, -1 if kind == "insert" else 1)
    elif kind == "table":
        if era_of(change) is not None:
            state.tables.pop()
        if "teams" in change:
            state.teams[:] = change["teams"]["old"]
        if "rename" in change:
            _rename(state, {new: old for old, new in change["rename"].items()})


def _rename(state: TableState, names: Mapping[str, str]) -> None:
    state.players[:] = [names.get(p, p) for p in state.players]
    state.tables[:] = [renamed_era(era, names) for era in state.tables]


def renamed_era(era: Mapping[str, Any], names: Mapping[str, str]) -> StoredEra:
    """An era with its players renamed."""
    return _stored(era).renamed(names)


def teams_after(
    game: Game, teams: Sequence[str], table: Table, change: Mapping[str, Any]
) -> list[str]:
    """The teams' names once ``change`` is made to ``table``: a team still named after its
    players (the default names) follows them; a name the table gave stays.

    >>> from cardscore.games import get_game
    >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), None, ("Ann & Cyd", "Nous"))
    >>> teams_after(get_game("belote"), t.teams, t, {"replace": {"Cyd": "Zoé", "Dan": "Eve"}})
    ['Ann & Zoé', 'Nous']
    """
    if not teams:
        return []
    names = change.get("rename", {})
    after = tuple(
        change.get("replace", {}).get(p, p) for p in (names.get(p, p) for p in table.players)
    )
    before = game.default_team_names(table.players)
    now = game.default_team_names(after)
    return [now[i] if name == before[i] else name for i, name in enumerate(teams)]


def is_table_change(change: Mapping[str, Any]) -> bool:
    """Whether a ``table`` change read from a file holds what :func:`make` reads (its
    operations' types: :func:`cardscore.change_records.is_table_ops`)."""
    return is_table_ops(change)


def summary(change: Mapping[str, Any]) -> Msg:
    """What a table change did, in a line: ``Zoé replaces Dan, Eve joins``."""
    parts: list[Msg] = []
    for old, new in change.get("rename", {}).items():
        parts.append(msg("{old} renamed {new}", old=old, new=new))
    for old, new in change.get("replace", {}).items():
        parts.append(msg("{new} replaces {old}", new=new, old=old))
    for name, points in change.get("join", {}).items():
        parts.append(
            msg("{name} joins with {points}", name=name, points=points)
            if points
            else msg("{name} joins", name=name)
        )
    for name in change.get("leave", ()):
        parts.append(msg("{name} leaves", name=name))
    if change.get("target") is not None:
        parts.append(msg("target {target}", target=change["target"]))
    if not parts:
        return msg("nothing")
    said = parts[0]
    for part in parts[1:]:  # each part stays a message, said in the reader's language
        said = msg("{left}, {right}", left=said, right=part)
    return said
