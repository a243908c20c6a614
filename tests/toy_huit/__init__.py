"""A fifth game, kept in the tests as the proof that a game is one package: *huit
américain* (its scoring in ``rules.py``, its description in ``fields.py``, the reading of a
round in ``reading.py``, its wording in ``words.py``, what its statistics count in
``stats.py``; here, the game's declaration).

This package and one line of the registry (``cardscore.games._REGISTRY``, which the test
adds while it runs) are all it takes: its questions, its ``add`` options, its one-line
round, its sheets and its statistics come from what it says.  It has no catalog: it
speaks English only.

>>> t = Table("huit", ("Ann", "Bob", "Cyd"), HuitParams())
>>> inp = GAME.build_round({"winner": "ann", "hand": ["Bob=8 R 3", "cyd=A"]}, t, 1)
>>> inp
{'winner': 'Ann', 'hands': {'Bob': 63, 'Cyd': 1}}
>>> dict(GAME.score(inp, t, 1, None).scores)
{'Ann': 0, 'Bob': 63, 'Cyd': 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from cardscore.games.base import GameDefaults, InputError, Outcome, RoundResult, Table, check_names
from cardscore.i18n import msg

from . import reading, rules, words
from .fields import FIELDS
from .reading import StoredRound
from .rules import NAME, HuitParams


class Huit(GameDefaults):
    name = NAME
    title = msg("Huit américain")
    params_cls = HuitParams
    presets = MappingProxyType({"standard": HuitParams()})
    default_preset = "standard"
    target_param = "goal"  # (not "target": the declaration, never the name, is read)
    fields = FIELDS
    stored_type = StoredRound
    min_players, max_players = 2, 6
    lower_wins = True
    stats_module = "toy_huit.stats"  # the rounds each player went out

    def check_players(self, players: Sequence[str], params: Any) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise InputError(msg("huit is played by 2 to 6 players (got {n})", n=len(players)))
        check_names(players, forbidden="=")

    def summary(self, params: HuitParams) -> tuple[str, ...]:
        return words.summary(params)

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        return reading.build_round(raw, table)

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        return reading.renamed(inp, names)

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        return reading.answers(inp)

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        return words.headline(inp)

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        return words.played(inp)

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        scores = rules.scores(inp, table.players)
        return RoundResult(scores, words.breakdown(scores) if explain else ())

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        return rules.outcome(table.players, totals, table.params.goal)


GAME = Huit()
