"""What ``cardscore stats`` asks of a game: the parts of the statistics module it declares
(``Game.stats_module``, e.g. ``games/tarot/stats.py``), each where the module has one, else
what every game has.  Only ``stats`` imports this module, and the statistics modules with it.

A statistics module may declare:

* ``NOTES`` — what its statistics need said (how a session is won…); by default nothing;
* ``VIEW`` — how its figures are shown (:class:`~cardscore.games.figures.StatsView`); by
  default every game's figures only;
* ``count_round(row, record, tally)`` — a replayed round counted (:mod:`.tally`); by default
  :func:`count_columns`, each score column a player's (a game of teams counts each player
  through his team, and keeps in his counter ``teams`` the indexes of the teams he sat in:
  the session's win is shared by the winning team's players, see belote's);
* ``own_figures(figures, names)`` — a player's own figures from his counters added up; by
  default none;
* ``match(per_player, winners)`` — a session as one match of the league; by default every
  player on his own, ranked by his final total (:func:`~cardscore.games.tally.free_for_all`);
* ``COUNTERS`` — the type of each counter of its own that ``count_round`` keeps, and
  ``FIGURES`` — of each figure ``own_figures`` gives (types of :mod:`.counts`): the
  statistics' caches are read back against them (:func:`declared`); by default none;
* ``BY_PLAYER`` — those of its counters kept by another player's name (tarot's partners):
  added up across sessions name by name, whatever the case a session wrote it in.

>>> from cardscore.games import get_game
>>> stats_of(get_game("tarot")).view.takes  # (tarot's module: its takes are shown)
True
>>> from cardscore.games.game import GameDefaults
>>> class Plain(GameDefaults):  # a game with no statistics module
...     lower_wins = True
>>> plain = stats_of(Plain())
>>> plain.notes, plain.view.takes, plain.own_figures({"rounds": 3}, {})
((), False, {})
>>> plain.match({"Ann": {"total": 80}, "Bob": {"total": 20}}, ["Bob"])  # the fewest first
((1, ('Bob',)), (2, ('Ann',)))
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from msgspec import Struct

from cardscore.games.figures import StatsView
from cardscore.games.game import Game
from cardscore.games.tally import Side, Tally, free_for_all

CountRound = Callable[[Any, Any, Tally], None]
OwnFigures = Callable[[Mapping[str, Any], Mapping[str, str]], dict[str, Any]]
Match = Callable[[Mapping[str, Any], Sequence[str]], tuple[Side, ...]]


class GameStats(Struct, frozen=True):
    """A game's statistics: its module's declarations, or every game's defaults."""

    notes: tuple[str, ...]
    view: StatsView
    count_round: CountRound
    own_figures: OwnFigures
    match: Match
    counters: Mapping[str, Any]
    figures: Mapping[str, Any]
    by_player: tuple[str, ...]


@functools.cache
def stats_of(game: Game) -> GameStats:
    """``game``'s statistics (see the module), its statistics module imported the first time
    they are asked for."""
    module = None if game.stats_module is None else importlib.import_module(game.stats_module)

    def match(per_player: Mapping[str, Any], winners: Sequence[str]) -> tuple[Side, ...]:
        return free_for_all(per_player, lower_wins=game.lower_wins)

    return GameStats(
        notes=tuple(getattr(module, "NOTES", ())),
        view=getattr(module, "VIEW", None) or StatsView(),
        count_round=getattr(module, "count_round", count_columns),
        own_figures=getattr(module, "own_figures", no_own_figures),
        match=getattr(module, "match", match),
        counters=MappingProxyType(dict(getattr(module, "COUNTERS", {}))),
        figures=MappingProxyType(dict(getattr(module, "FIGURES", {}))),
        by_player=tuple(getattr(module, "BY_PLAYER", ())),
    )


def declared(kind: str) -> dict[str, Any]:
    """Every game's own counters (``kind`` ``"counters"``) or figures (``"figures"``), each
    with its type: what a kept digest or statistics document may hold besides what every
    game has.  Two games may keep a counter of the same name only of the same type.

    >>> declared("counters")["takes"]  # (tarot's, belote's and coinche's)
    typing.Annotated[int, msgspec.Meta(ge=0, le=1000000000)]
    >>> sorted(declared("figures"))[:3]
    ['average_hand', 'best_partner', 'called']
    """
    from cardscore.games import GAME_NAMES, get_game

    merged: dict[str, Any] = {}
    owners: dict[str, str] = {}
    for name in GAME_NAMES:
        for key, kind_of in getattr(stats_of(get_game(name)), kind).items():
            if key in merged and merged[key] != kind_of:
                raise TypeError(
                    f"{name} and {owners[key]} declare {kind} {key!r} of two types: "
                    f"{kind_of} and {merged[key]}"
                )
            merged[key], owners[key] = kind_of, owners.get(key, name)
    return merged


def count_columns(row: Any, record: Any, tally: Tally) -> None:
    """A replayed round (``row``, its ``record``) as every game counts it: each score column
    at the table but the one sitting out played the round (see :mod:`cardscore.games.tally`)."""
    for column in row.columns:
        if column != row.mort:
            score, total = int(row.scores.get(column, 0)), int(row.totals.get(column, 0))
            tally.played(tally.player(column), score, total=total)


def no_own_figures(figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """No figures of a game's own beyond every game's."""
    return {}
