"""The season's championship, from the finished tournaments' rankings (pure: the rankings are
gathered by :mod:`cardscore.tournament.season`).

Each tournament (an *evening*) gives every player place points by his rank in its final
ranking: by default the field's size down to 1 (the first of 20 sides has 20; a shared rank
gives each the same points), else ``places``, the points of the 1st, 2nd… place (a place
past them: 0).  At a team game each player of a team has his team's rank: a championship is
of players.  A player's championship total is the sum of his best ``best`` evenings (all of
them when ``None``); of evenings of equal points, the one of the better score counts first.

The players are ranked by points; a tie goes to the better sum of the tournament scores of
the evenings counted (each in its game's direction: at rami, where the fewest points are the
best, a score counts against); players still tied share a rank.  Players are the same person
when their names match case and accents aside, shown as last spelled.

Ann and Bob have 4 points each (3 + 1, 2 + 2); Bob's scores add up to more:

>>> friday = Evening("e1", (Placing(("Ann",), 1, 60), Placing(("Bob",), 2, 10),
...                         Placing(("Cyd",), 3, -70)))
>>> monday = Evening("e2", (Placing(("Bob",), 1, 30), Placing(("Ann",), 2, -30)))
>>> [(r.rank, r.name, r.points, r.counted, r.evenings, r.score)
...  for r in championship([friday, monday])]
[(1, 'Bob', 4, 2, 2, 40), (2, 'Ann', 4, 2, 2, 30), (3, 'Cyd', 1, 1, 1, -70)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardscore.games.base import fold
from cardscore.tournament.ranking import place_points

#: the most places ``places=`` gives points to, and the most points of one place
MOST_PLACES = 200
MOST_POINTS = 10_000


@dataclass(frozen=True)
class Placing:
    """A side's line of a tournament's final ranking: its players (one, or a team's two),
    its rank (shared on a tie) and its tournament score."""

    players: tuple[str, ...]
    rank: int
    score: int


@dataclass(frozen=True)
class Evening:
    """A finished tournament, as the championship reads it: its id, its ranking's lines,
    whether the fewest points are the best at its game, and its field's size (``None``: as
    many as it has lines)."""

    id: str
    placings: tuple[Placing, ...]
    lower_wins: bool = False
    field: int | None = None

    @property
    def size(self) -> int:
        """How many sides it ranked."""
        return len(self.placings) if self.field is None else self.field


@dataclass(frozen=True)
class Row:
    """A player's line of the championship: rank (shared on a tie), name, points of the
    evenings counted, how many counted and how many he played, and the sum of his scores
    at the evenings counted (as each tournament scored them)."""

    rank: int
    name: str
    points: int
    counted: int
    evenings: int
    score: int


@dataclass(frozen=True)
class _Night:
    """One evening of one player: its points, its score and its score in the direction
    where more is better (the tie's key), and its place in the season (the earlier first)."""

    points: int
    score: int
    signed: int
    order: int


def championship(
    evenings: Iterable[Evening], *, best: int | None = None, places: Sequence[int] = ()
) -> list[Row]:
    """The championship of ``evenings`` (in the order they were played: the name shown is
    the last spelled), counting each player's ``best`` evenings (``None``: all), with
    ``places`` points by place (``()``: the field's size down to 1).

    >>> one = Evening("a", (Placing(("Ann",), 1, 9), Placing(("Bob",), 1, 9),
    ...                     Placing(("Cyd",), 3, 0)))
    >>> [(r.rank, r.name, r.points) for r in championship([one], places=(10, 6))]
    [(1, 'Ann', 10), (1, 'Bob', 10), (3, 'Cyd', 0)]
    """
    nights: dict[str, list[_Night]] = {}
    names: dict[str, str] = {}
    for order, evening in enumerate(evenings):
        sign = -1 if evening.lower_wins else 1
        seen: set[str] = set()
        for placing in evening.placings:
            points = place_points(placing.rank, evening.size, places)
            for player in placing.players:
                key = fold(player)
                if key in seen:  # (a name twice in one ranking: counted once)
                    continue
                seen.add(key)
                names[key] = player
                night = _Night(points, placing.score, sign * placing.score, order)
                nights.setdefault(key, []).append(night)
    totals = [_total(names[key], played, best) for key, played in nights.items()]
    return _ranked(totals)


def _total(name: str, played: list[_Night], best: int | None) -> tuple[Row, int]:
    """A player's line (its rank still 0) and the key of his ties."""
    chosen = sorted(played, key=lambda n: (-n.points, -n.signed, n.order))
    counted = chosen if best is None else chosen[:best]
    row = Row(
        rank=0,
        name=name,
        points=sum(n.points for n in counted),
        counted=len(counted),
        evenings=len(played),
        score=sum(n.score for n in counted),
    )
    return row, sum(n.signed for n in counted)


def _ranked(totals: list[tuple[Row, int]]) -> list[Row]:
    """The lines by points, then by their scores; equal keys share the better rank."""
    totals.sort(key=lambda pair: (-pair[0].points, -pair[1], fold(pair[0].name)))
    ranked: list[Row] = []
    previous: tuple[int, int] | None = None
    rank = 0
    for position, (row, signed) in enumerate(totals, 1):
        key = (row.points, signed)
        if key != previous:
            rank, previous = position, key
        ranked.append(Row(rank, row.name, row.points, row.counted, row.evenings, row.score))
    return ranked


def parse_places(text: str) -> tuple[int, ...]:
    """``places=…``: the points of the 1st, 2nd… place, whole numbers from 0 joined by
    commas; a :class:`ValueError` otherwise.

    >>> parse_places(" 25, 20,16 ")
    (25, 20, 16)
    >>> parse_places("10,,5")
    Traceback (most recent call last):
    ...
    ValueError: 10,,5
    """
    parts = [part.strip() for part in text.split(",")]
    if not 1 <= len(parts) <= MOST_PLACES or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(text)
    numbers = tuple(int(p) for p in parts)
    if any(n > MOST_POINTS for n in numbers):
        raise ValueError(text)
    return numbers


def as_json(rows: Sequence[Row]) -> list[dict[str, object]]:
    """The championship as ``stats --json`` prints it.

    >>> as_json([Row(1, "Ann", 9, 2, 3, 40)])
    [{'rank': 1, 'name': 'Ann', 'points': 9, 'counted': 2, 'evenings': 3}]
    """
    return [
        {
            "rank": r.rank,
            "name": r.name,
            "points": r.points,
            "counted": r.counted,
            "evenings": r.evenings,
        }
        for r in rows
    ]
