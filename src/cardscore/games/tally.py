"""The counters of a session's players that ``cardscore stats`` adds up across sessions.

Each game counts its own rounds (its statistics module's ``count_round``: a tarot player's
takes, a belote team's dedans, a rami player's rounds won) into a :class:`Tally`, and says
what its figures are once the sessions are added up (``own_figures``; see
:mod:`cardscore.games.game_stats`).  A counter still at zero is not kept, so that the index
the catalog keeps of every session stays small.

>>> tally = Tally(lower_wins=False)
>>> ann = tally.player("Ann")
>>> tally.played(ann, 40, total=40); tally.played(ann, -20, total=20)
>>> Tally.bump(ann, "contracts", "garde", "takes")
>>> ann["rounds"], ann["best"], ann["worst"], ann["total"], ann["contracts"]
(2, 40, -20, 20, {'garde': {'takes': 1}})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: a player's counters: always rounds, points, best, worst, won and total; the game's own
#: only once they are not zero
Counters = dict[str, Any]


class Tally:
    """The counters of a session's players, in the order they first played."""

    def __init__(self, *, lower_wins: bool) -> None:
        self.lower_wins = lower_wins  # at rami the fewest points make the best round
        self.players: dict[str, Counters] = {}

    def player(self, name: str) -> Counters:
        """The counters of ``name``, made on his first round."""
        counters = self.players.get(name)
        if counters is None:
            counters = self.players[name] = {
                "rounds": 0,
                "points": 0,
                "best": None,
                "worst": None,
                "won": False,
                "total": 0,
            }
        return counters

    def played(self, counters: Counters, score: int, *, total: int) -> None:
        """One round played, scoring ``score``, leaving him (or his team) at ``total``; the
        best and worst rounds in the game's direction."""
        counters["rounds"] += 1
        counters["points"] += score
        counters["total"] = total
        best, worst = counters["best"], counters["worst"]
        if self.lower_wins:
            better, worse = best is None or score < best, worst is None or score > worst
        else:
            better, worse = best is None or score > best, worst is None or score < worst
        if better:
            counters["best"] = score
        if worse:
            counters["worst"] = score

    @staticmethod
    def bump(counters: Counters, *path: str, by: float = 1) -> None:
        """Add ``by`` to the counter at ``path`` (``"contracts", "garde", "takes"``), made
        when first needed."""
        if not by:
            return
        *inside, last = path
        for key in inside:
            counters = counters.setdefault(key, {})
        counters[last] = counters.get(last, 0) + by


#: one side of a session seen as a match (the league's ratings): its rank, 1 the best (equal
#: ranks: a tie), and its players
Side = tuple[int, tuple[str, ...]]


def free_for_all(per_player: Mapping[str, Counters], *, lower_wins: bool) -> tuple[Side, ...]:
    """A session as a match of every player on his own, ranked by his final total (the
    fewest first where they are lost); equal totals share a rank.

    >>> free_for_all({"Ann": {"total": 30}, "Bob": {"total": 90}, "Cyd": {"total": 30}},
    ...              lower_wins=False)
    ((1, ('Bob',)), (2, ('Ann',)), (2, ('Cyd',)))
    >>> free_for_all({"Ann": {"total": 30}, "Bob": {"total": 90}}, lower_wins=True)
    ((1, ('Ann',)), (2, ('Bob',)))
    """
    sign = 1 if lower_wins else -1
    order = sorted(per_player, key=lambda name: sign * per_player[name].get("total", 0))
    sides: list[Side] = []
    for index, name in enumerate(order, start=1):
        total = per_player[name].get("total", 0)
        tied = sides and per_player[sides[-1][1][0]].get("total", 0) == total
        sides.append((sides[-1][0] if tied else index, (name,)))
    return tuple(sides)


def ratio(part: float, whole: float, digits: int = 2) -> float | None:
    """``part / whole`` rounded, ``None`` when there is nothing to divide (never an error).

    >>> ratio(1, 3), ratio(1, 3, 4), ratio(5, 0)
    (0.33, 0.3333, None)
    """
    return round(part / whole, digits) if whole else None


def number(value: Any) -> int | float:
    """A figure as plain JSON: an int when whole (35.0 → 35), else the float.

    >>> number(35.0), number(2.5), number(None)
    (35, 2.5, 0)
    """
    value = float(value or 0)
    return int(value) if value.is_integer() else value
