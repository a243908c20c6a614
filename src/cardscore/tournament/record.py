"""What a tournament file holds, typed: read from a file (untrusted, like a session file) or
made by ``tournament new`` and ``tournament next``.

A tournament is its players (or teams), its rule set, how many rounds and deals, how it
ranks, and each round drawn so far: the tables, their players in seat order and who deals
first.  The tables' scores are not in it: each table is an ordinary session (its id made
from the tournament's, :func:`table_session_id`), written only by its keeper, while this
file is written only by the organiser (``new``, ``next``), so no sync conflict can lose a
deal.

>>> t = Tournament(id="k3f9", game="tarot", rules="fft", players=("Ann", "Bob", "Cyd"),
...                rounds=2, seed=7, draws=(RoundDraw(1, (TableDraw(1, ("Bob", "Ann", "Cyd"),
...                "Ann"),)),))
>>> t.current_round, table_session_id(t.id, 1, 1), t.draws[0].tables[0].players
(1, 'k3f9r01t01', ('Bob', 'Ann', 'Cyd'))
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from cardscore.tournament_seat import MOST_DEALS, MOST_ROUNDS, MOST_TABLES

#: the version of the tournament file's shape
SCHEMA_VERSION = 1
#: the most players (or teams) a tournament seats
MOST_PLAYERS = 200

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
Id = Annotated[str, msgspec.Meta(pattern="^[0-9a-z]{1,30}$")]
Text = Annotated[str, msgspec.Meta(max_length=1000)]
RoundNumber = Annotated[int, msgspec.Meta(ge=1, le=MOST_ROUNDS)]
TableNumber = Annotated[int, msgspec.Meta(ge=1, le=MOST_TABLES)]
Deals = Annotated[int, msgspec.Meta(ge=1, le=MOST_DEALS)]
Points = Annotated[int, msgspec.Meta(ge=-1_000_000, le=1_000_000)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
#: how the ranking breaks a tie of totals (in the order given)
Tiebreak = Literal["tables", "best", "head"]


class TableDraw(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table of a round: its number, its players in seat order (for a team game, the two
    teams' players alternately: 1 & 3 against 2 & 4), who deals first."""

    number: TableNumber
    players: Annotated[tuple[Name, ...], msgspec.Meta(min_length=2, max_length=8)]
    dealer: Name


class RoundDraw(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A round's tables, and who sits it out (a team game's odd team: a bye)."""

    number: RoundNumber
    tables: Annotated[tuple[TableDraw, ...], msgspec.Meta(min_length=1, max_length=MOST_TABLES)]
    bye: tuple[Name, ...] = ()


class Tournament(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A tournament (its file, less its ``schema_version``).

    ``players`` are the players of an individual game (tarot, rami); ``teams`` the pairs of
    a team game (belote, coinche), each named ``A & B`` as the game names its teams.
    ``deals``: the deals a table plays (``None``: tarot one dealt by each player at the
    table, the other games their own end).  ``ranking``: ``"sum"`` of scores, or
    ``"places"`` (``places`` points by place at each table, ``()``: the table's size down).
    ``bye``: what a team sitting a round out scores (``None``: the round's average)."""

    id: Id
    game: Name
    rules: Name
    players: Annotated[tuple[Name, ...], msgspec.Meta(max_length=MOST_PLAYERS)] = ()
    teams: Annotated[
        tuple[Annotated[tuple[Name, Name], msgspec.Meta()], ...],
        msgspec.Meta(max_length=MOST_PLAYERS),
    ] = ()
    settings: Annotated[tuple[Text, ...], msgspec.Meta(max_length=40)] = ()
    title: Text = ""
    rounds: RoundNumber = 1
    deals: Deals | None = None
    seed: Seed = 0
    ranking: Literal["sum", "places"] = "sum"
    places: Annotated[tuple[Points, ...], msgspec.Meta(max_length=8)] = ()
    tiebreak: Annotated[tuple[Tiebreak, ...], msgspec.Meta(max_length=3)] = ()
    bye: Points | None = None
    created: Text = ""
    updated: Text = ""
    draws: Annotated[tuple[RoundDraw, ...], msgspec.Meta(max_length=MOST_ROUNDS)] = ()

    @property
    def current_round(self) -> int:
        """The number of the round drawn last (0 before any)."""
        return len(self.draws)

    @property
    def sides(self) -> tuple[str, ...]:
        """Who is ranked: the players, or the teams by name."""
        return tuple(team_name(team) for team in self.teams) if self.teams else self.players


def team_name(team: tuple[str, str]) -> str:
    """A team's name, as the team games name a team after its players.

    >>> team_name(("Ann", "Cyd"))
    'Ann & Cyd'
    """
    return f"{team[0]} & {team[1]}"


def table_session_id(tournament_id: str, round_number: int, table: int) -> str:
    """The id of the session of table ``table`` of round ``round_number``: made from the
    tournament's, so that every laptop finds it by the same name; numbers of two digits, so
    that no table's id begins another's (``…t01`` and ``…t10``).

    >>> table_session_id("k3f9", 2, 11)
    'k3f9r02t11'
    """
    return f"{tournament_id}r{round_number:02d}t{table:02d}"
