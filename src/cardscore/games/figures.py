"""How a game's statistics are shown: its figures, in the words of every screen.

``cardscore stats`` draws, for each game, a table (one row per player), a sheet per player
(``--player``), and on its page a chart of success rates.  What each game shows beyond
what every game has (sessions, rounds, points, average, best and worst round) is described
here once, as data (:class:`StatsView`), and every screen lays it out: the terminal, the
page, at any width.

A figure is read from a player's figures at the game (the ``stats --json`` document) at a
path (``levels.coinche``) and said one way (:class:`Say`).

>>> f = Figure("coinche", msg("Coinché"), Say.MADE_FALLEN, at="levels.coinche")
>>> f.value({"levels": {"coinche": {"made": 2, "fallen": 1}}})
{'made': 2, 'fallen': 1}
>>> Figure("takes", msg("Takes"), Say.COUNT).value({})
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from msgspec import Struct

from cardscore.i18n import Msg, msg


class Say(StrEnum):
    """How a figure is said (the screens' helpers say each the same way)."""

    COUNT = "count"  # 12
    SHARE = "share"  # 12 (30%): the count, and its share (at ``share``) of his rounds
    MADE = "made"  # 8 (67%): made of the takes (at ``at``: a part holding both), a dash when none
    OF_ROUNDS = "of_rounds"  # 4 (33%): the count and its share of his rounds
    AVERAGE = "average"  # 12.3, a dash for the average of nothing
    SIGNED_AVERAGE = "signed_average"  # +12.3: a gap, with its sign
    PARTNER = "partner"  # Bob 3/4: a partner, rounds won of the rounds together
    MADE_FALLEN = "made_fallen"  # 2/1: made and fallen


class Figure(Struct, frozen=True):
    """One figure: its ``key`` (a table's column), its ``label`` (the column's heading, a
    sheet's line), how it is said, where it is read (``at``, a dotted path; ``key`` when
    empty; the player's figures themselves for ``"."``), the share it goes with
    (:attr:`Say.SHARE`), and, for a table's column, the order columns are left out in at a
    narrow width (the highest ``priority`` first)."""

    key: str
    label: Msg
    say: Say
    at: str = ""
    share: str = ""
    priority: int = 1

    def value(self, figures: Mapping[str, Any]) -> Any:
        """The figure's value in a player's ``figures`` (``None`` where there is none)."""
        return read(figures, self.at or self.key)


def read(figures: Mapping[str, Any], path: str) -> Any:
    """The value at ``path`` (``levels.coinche``, ``"."`` for ``figures`` itself).

    >>> read({"a": {"b": 3}}, "a.b"), read({"a": 1}, "a.b"), read({"a": 1}, ".")
    (3, None, {'a': 1})
    """
    if path == ".":
        return figures
    value: Any = figures
    for part in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return value


class Breakdown(Struct, frozen=True):
    """A player's figures part by part, a small table under his sheet (tarot per contract,
    coinche per level): its ``title``, its first column's ``heading``, where the parts are
    (``at``), the parts in order with their names, the columns (figures of each part), and
    whether a part not played is left out (``only_played``: a contract never taken)."""

    title: Msg
    heading: Msg
    at: str
    parts: tuple[tuple[str, str], ...]  # (key, name as shown)
    columns: tuple[Figure, ...]
    only_played: bool = False


class Rate(Struct, frozen=True):
    """A bar of a player's success-rate chart: ``made`` of ``tried`` (each the sum of the
    values at its paths), labelled ``{game} · label`` (``label`` a message that may say
    ``{game}`` itself)."""

    key: str
    label: Msg | str
    made: str
    tried: tuple[str, ...]


class Feat(Struct, frozen=True):
    """A record of the game's that ``stats --records`` keeps: the most of a counter in one
    session (``each`` false: the most contracts made in an evening), or every session where
    it happened (``each``: the chelems), read at ``at`` in a player's counters of a session
    (``key`` when empty)."""

    key: str
    label: Msg
    at: str = ""
    each: bool = False

    def value(self, counters: Mapping[str, Any]) -> float:
        """How many in one session's ``counters`` (0 when none).

        >>> Feat("made", msg("Made"), at="contracts.garde.made").value(
        ...     {"contracts": {"garde": {"made": 2}}})
        2
        """
        value = read(counters, self.at or self.key)
        return value if isinstance(value, int | float) and not isinstance(value, bool) else 0


_NOT_TAKEN = msg("not taken")


class StatsView(Struct, frozen=True):
    """What a game's statistics show beyond every game's figures.

    ``columns``: its table's own columns; ``lines``: a player's sheet's own lines;
    ``legend``: what the table's own columns are, in a sentence; ``takes``: whether a
    player takes (then a sheet says when he has not yet), ``by_team``: whether his takes
    are his team's; ``breakdown``: the table under a sheet of someone who took; ``rates``:
    the page's bars; ``untried``: what a bar with nothing tried says; ``won_or_lost``:
    whether its points are won or lost (tarot's add up to 0: the page colours them);
    ``feats``: its own records (:class:`Feat`)."""

    columns: tuple[Figure, ...] = ()
    lines: tuple[Figure, ...] = ()
    legend: Msg | None = None
    takes: bool = False
    by_team: bool = False
    breakdown: Breakdown | None = None
    rates: tuple[Rate, ...] = ()
    untried: Msg = _NOT_TAKEN
    won_or_lost: bool = False
    feats: tuple[Feat, ...] = ()
