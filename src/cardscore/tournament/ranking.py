"""The tournament's ranking, from what each table's session says (pure: the tables' states
are gathered by :mod:`cardscore.tournament.tables`).

A side's (a player's, a team's) tournament score is the sum of its scores at its tables
(rami: lower is better); a team sitting a round out scores the bye (the tournament's, else
the round's average, rounded).  Ties share a rank, unless the tournament's tiebreaks tell
them apart, in their order: ``tables`` (more tables won), ``best`` (the best single round),
``head`` (two tied sides who met: the one who scored more at their tables together).  With
``ranking = places``, each table gives place points (``places``, else the table's size down
to 1 for its first: 4, 3, 2, 1 at a table of 4), and the score sum breaks their ties.

>>> t = TableState(1, 1, ("Ann", "Bob", "Cyd"), 3, 3, True, {"Ann": 60, "Bob": -30, "Cyd": -30})
>>> rows = rank(("Ann", "Bob", "Cyd"), [[t]], lower_wins=False)
>>> [(r.rank, r.name, r.total, r.places) for r in rows]
[(1, 'Ann', 60, (1,)), (2, 'Bob', -30, (2,)), (2, 'Cyd', -30, (2,))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TableState:
    """Where a table of a round stands: its sides (players, or teams) in seat order, the
    deals it plays and has played, whether it is finished, each side's total (after its
    deals: a deal recorded past them does not count), and whether its totals add up to 0
    where the rule set says they must (``None``: nothing to check)."""

    round: int
    number: int
    sides: tuple[str, ...]
    deals: int | None
    played: int
    finished: bool
    totals: Mapping[str, int]
    zero_sum: bool | None = None
    session: str = ""
    players: tuple[str, ...] = ()
    winner: str | None = None
    #: what was wrong with the table's session file, if anything (then it counts as unplayed)
    problem: str | None = None


@dataclass(frozen=True)
class Ranked:
    """A side's line of the ranking: its rank (shared on a tie), name, total, each round's
    score and place at its table (``None``: not played yet, or sat out), tables won, and
    (ranking by places) its place points."""

    rank: int
    name: str
    total: int
    rounds: tuple[int | None, ...]
    places: tuple[int | None, ...]
    tables_won: int
    points: int | None = None
    #: what each round sat out scored (``None``: a round played, or not yet)
    byes: tuple[int | None, ...] = field(default=())


def places_at(state: TableState, lower_wins: bool) -> dict[str, int]:
    """Each side's place at a played table (1 the best; ties share the better place).

    >>> t = TableState(1, 1, ("A", "B", "C", "D"), 4, 4, True, {"A": 5, "B": 9, "C": 5, "D": 1})
    >>> places_at(t, lower_wins=False)
    {'A': 2, 'B': 1, 'C': 2, 'D': 4}
    """
    scores = {side: state.totals[side] for side in state.sides}
    ordered = sorted(scores.values(), reverse=not lower_wins)
    return {side: ordered.index(score) + 1 for side, score in scores.items()}


def place_points(place: int, size: int, places: Sequence[int]) -> int:
    """The points a place at a table of ``size`` gives (``places``, else ``size`` down).

    >>> place_points(1, 4, ()), place_points(4, 4, ()), place_points(2, 4, (4, 2, 1, 0))
    (4, 1, 2)
    >>> place_points(5, 5, (4, 2, 1, 0))
    0
    """
    if places:
        return places[place - 1] if place <= len(places) else 0
    return size - place + 1


@dataclass
class _Side:
    name: str
    rounds: list[int | None]
    places: list[int | None]
    tables_won: int = 0
    points: int = 0
    byes: dict[int, int] = field(default_factory=dict)  # round index → what sitting out scored
    met: dict[str, int] = field(default_factory=dict)  # score made at tables with each other

    @property
    def total(self) -> int:
        return sum(r for r in self.rounds if r is not None) + sum(self.byes.values())


def rank(
    sides: Sequence[str],
    rounds: Sequence[Sequence[TableState]],
    *,
    lower_wins: bool,
    byes: Sequence[Sequence[str]] = (),
    bye: int | None = None,
    by_places: bool = False,
    places: Sequence[int] = (),
    tiebreak: Sequence[str] = (),
) -> list[Ranked]:
    """The ranking of ``sides`` after ``rounds`` (each round's tables); ``byes``: who sat
    out each round; ``bye``: what sitting out scores (``None``: the round's average)."""
    table = {name: _Side(name, [None] * len(rounds), [None] * len(rounds)) for name in sides}
    for index, states in enumerate(rounds):
        scored: list[int] = []
        for state in states:
            scored += _count_table(table, index, state, lower_wins, places)
        for name in byes[index] if index < len(byes) else ():
            if name in table and scored:
                average = round(sum(scored) / len(scored))
                table[name].byes[index] = average if bye is None else bye
    return _ranked(list(table.values()), lower_wins, by_places, tiebreak)


def _count_table(
    table: dict[str, _Side], index: int, state: TableState, lower_wins: bool, places: Sequence[int]
) -> list[int]:
    """Count a table's scores into its sides' lines; the scores counted."""
    if state.played == 0:
        return []
    place = places_at(state, lower_wins)
    scores = []
    for name in state.sides:
        side = table.get(name)
        if side is None:
            continue
        score = state.totals[name]
        scores.append(score)
        side.rounds[index] = score
        side.places[index] = place[name]
        side.points += place_points(place[name], len(state.sides), places)
        if state.finished and state.winner == name:
            side.tables_won += 1
        for other in state.sides:
            if other != name:
                side.met[other] = side.met.get(other, 0) + score
    return scores


def _ranked(
    sides: list[_Side], lower_wins: bool, by_places: bool, tiebreak: Sequence[str]
) -> list[Ranked]:
    def key(side: _Side) -> tuple[int, ...]:
        head = (-side.points,) if by_places else ()
        breaks = tuple(_break(side, word, lower_wins) for word in tiebreak if word != "head")
        return (*head, side.total if lower_wins else -side.total, *breaks)

    sides.sort(key=key)
    keys = [key(side) for side in sides]
    settled = _head_to_head(sides, keys, lower_wins) if "head" in tiebreak else set()
    ranked: list[Ranked] = []
    for position, side in enumerate(sides, 1):
        tied = position > 1 and keys[position - 1] == keys[position - 2]
        ranked.append(
            Ranked(
                rank=ranked[-1].rank if tied and side.name not in settled else position,
                name=side.name,
                total=side.total,
                rounds=tuple(side.rounds),
                places=tuple(side.places),
                tables_won=side.tables_won,
                points=side.points if by_places else None,
                byes=tuple(side.byes.get(i) for i in range(len(side.rounds))),
            )
        )
    return ranked


def _break(side: _Side, word: str, lower_wins: bool) -> int:
    """A tiebreak's key (the smaller first): ``tables`` won, ``best`` single round (none
    played: 0)."""
    if word == "tables":
        return -side.tables_won
    played = [r for r in side.rounds if r is not None] or [0]
    return min(played) if lower_wins else -max(played)


def _head_to_head(sides: list[_Side], keys: list[tuple[int, ...]], lower_wins: bool) -> set[str]:
    """Two sides tied alone who met: the one who scored more (less, at rami) at their
    tables together goes first; the second of each pair told apart (its rank differs)."""
    settled: set[str] = set()
    for index in range(len(sides) - 1):
        group = [i for i, k in enumerate(keys) if k == keys[index]]
        if group != [index, index + 1]:
            continue
        a, b = sides[index], sides[index + 1]
        if b.name not in a.met or a.met[b.name] == b.met[a.name]:
            continue
        if (a.met[b.name] > b.met[a.name]) == lower_wins:  # b did better at their tables
            sides[index], sides[index + 1] = b, a
        settled.add(sides[index + 1].name)
    return settled
