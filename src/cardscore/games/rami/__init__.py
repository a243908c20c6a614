"""Rami (2 to 6 players): losers pay the cards left in their hands — docs/rules.md, Rami.

This package declares the game; each of its jobs is a module of its own:

* :mod:`~cardscore.games.rami.rules` — the scoring, its numbers and parameters, in the order
  docs/rules.md tells it (a hand's value, never opened, rami sec, blocked, the target);
* :mod:`~cardscore.games.rami.record` — what a round was (its terms), and its JSON form;
* :mod:`~cardscore.games.rami.cards` — a hand as typed, in three languages;
* :mod:`~cardscore.games.rami.fields` — the questions, options and line words of a round;
* :mod:`~cardscore.games.rami.reading` — answers → stored round, every check;
* :mod:`~cardscore.games.rami.words` — breakdown, headline, "played", the rules summary;
* :mod:`~cardscore.games.rami.stats` — what ``cardscore stats`` counts (imported only there).

A stored round (what :meth:`Rami.build_round` returns)::

    {"winner": "Ann", "blocked": False, "rami_sec": False,
     "hands": {"Bob": {"cards": "A JK 5", "value": 36}, "Cyd": {"cards": "12", "value": 12}},
     "not_opened": ["Cyd"]}

The automatic target is stored as ``target = 0``: it is never shown as 0, but as the number
in force (:meth:`Rami.goal_text`, :meth:`Rami.shown_param`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscore.games.base import GameDefaults, InputError, Outcome, RoundResult, Table, check_names
from cardscore.games.rami import reading, rules, words
from cardscore.games.rami.cards import hand_value
from cardscore.games.rami.fields import FIELDS, hands_needed
from cardscore.games.rami.rules import (
    ACE,
    FIGURE,
    JOKER,
    MAX_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEVER_OPENED_CAP,
    NEVER_OPENED_EXTRA,
    NEVER_OPENED_FLAT,
    RAMI_SEC_AMOUNT,
    TARGET_PER_OPPONENT,
    NeverOpenedRule,
    RamiParams,
    RamiSecRule,
    max_hand,
    never_opened_payment,
    target,
)
from cardscore.games.rami.words import explain
from cardscore.games.table_rule import TableRule
from cardscore.i18n import Msg, msg

# The names the rest of cardscore (and its tests) import from ``cardscore.games.rami``.
__all__ = [
    "ACE",
    "FIELDS",
    "FIGURE",
    "GAME",
    "JOKER",
    "MAX_CARDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NEVER_OPENED_CAP",
    "NEVER_OPENED_EXTRA",
    "NEVER_OPENED_FLAT",
    "RAMI_SEC_AMOUNT",
    "TARGET_PER_OPPONENT",
    "NeverOpenedRule",
    "Rami",
    "RamiParams",
    "RamiSecRule",
    "explain",
    "hand_value",
    "hands_needed",
    "max_hand",
    "never_opened_payment",
    "target",
]


class Rami(GameDefaults):
    """Rami: the :class:`~cardscore.games.base.Game` protocol (docs/rules.md, Rami), each hook
    a call to the module that does the job."""

    name = rules.GAME_NAME
    title = msg("Rami")
    params_cls = RamiParams
    presets: Mapping[str, RamiParams] = rules.PRESETS
    default_preset = "standard"
    target_param = "target"
    fields = FIELDS
    stored_type = reading.StoredRound
    min_players = MIN_PLAYERS
    lower_wins = True  # points are what a player is left holding: the fewest win
    max_players = MAX_PLAYERS
    # a tournament's tables seat 3 to 6 (not 2: a duel is no club table), as even as can be
    tournament_tables = TableRule(rules.GAME_NAME, (3, 4, 5, 6), even=True)

    # Its statistics, in games/rami/stats.py (imported only by ``stats``).
    stats_module = "cardscore.games.rami.stats"

    def check_players(self, players: Sequence[str], params: Any) -> None:
        """2 to 6 players with distinct names.

        >>> GAME.check_players(["Ann"] * 7, RamiParams())
        Traceback (most recent call last):
        ...
        cardscore.games.base.InputError: rami is played by 2 to 6 players (got 7)
        """
        if not self.min_players <= len(players) <= self.max_players:
            raise InputError(
                msg(
                    "rami is played by {low} to {high} players (got {count})",
                    low=self.min_players,
                    high=self.max_players,
                    count=len(players),
                )
            )
        check_names(players, forbidden="=")  # "=" separates name and cards in --hand

    def summary(self, params: RamiParams) -> tuple[str, ...]:
        return words.summary(params)

    def goal(self, table: Table) -> int | None:
        return target(table.params, len(table.players))

    def goal_text(self, table: Table) -> str:
        return words.goal_text(table)

    def shown_param(
        self, params: RamiParams, name: str, players: Sequence[str] | None = None
    ) -> str | None:
        """How a parameter is shown where its stored value would mislead, or ``None`` to
        show the value itself: the automatic target (stored as 0) reads as the number in
        force at a table of ``players``, or as how it is worked out (``cardscore rules``).

        >>> GAME.shown_param(RamiParams(), "target"), GAME.shown_param(RamiParams(), "joker")
        ('automatic: 100 per opponent', None)
        """
        return words.target_text(params, players) if name == "target" else None

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate a round's raw answers and return its stored input.

        >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
        >>> GAME.build_round({"winner": "ann", "hand": ["b=A JK 5", "Cyd=12"],
        ...                   "not_opened": ["cyd"]}, t, 1)  # doctest: +NORMALIZE_WHITESPACE
        {'winner': 'Ann', 'blocked': False, 'rami_sec': False,
         'hands': {'Bob': {'cards': 'A JK 5', 'value': 36}, 'Cyd': {'cards': '12', 'value': 12}},
         'not_opened': ['Cyd']}
        """
        return reading.build_round(raw, table)

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        return reading.renamed(inp, names)

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        return reading.answers(inp, table)

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        return words.headline(inp, record)

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        return words.played(inp)  # who went out: the scores say the rest

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        r"""Score a stored round: the winner 0, the others their hands (and penalties).
        Without ``explain``, the numbers and the record only (an empty breakdown).

        >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
        >>> r = GAME.score({"winner": "Ann", "blocked": False, "rami_sec": False,
        ...     "hands": {"Bob": {"cards": "A JK 5", "value": 36},
        ...               "Cyd": {"cards": "R D V 10", "value": 40}},
        ...     "not_opened": ["Cyd"]}, t, 1, None)
        >>> dict(r.scores)
        {'Ann': 0, 'Bob': 36, 'Cyd': 65}
        >>> print(*r.breakdown, sep="\n")
        Ann went out: 0
        Bob: A + JK + 5 = 36
        Cyd: K + Q + J + 10 = 40
        Cyd did not open this round: 40 + 25 = 65
        """
        record = rules.work_out(inp, table)
        breakdown = words.explain(record, table) if explain else ()
        return RoundResult(record.scores, breakdown, record=record)

    def explained(self, record: Any, table: Table) -> tuple[Msg, ...]:
        """The breakdown, from the record a score without ``explain`` returned."""
        return words.explain(record, table)

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        return rules.outcome(table, totals)


GAME = Rami()
