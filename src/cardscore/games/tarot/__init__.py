"""French tarot for 3 to 6 players, scored by the ``fft`` or the ``maison`` rules.

The players' rules are ``docs/rules.md``, section "Tarot".  This package holds the game,
one job per module:

* ``rules.py``: the scoring proper, its constants and its parameters (:class:`TarotParams`,
  :data:`PRESETS`), in the order docs/rules.md tells the game;
* ``record.py``: the closed sets of values a round is made of, and its record
  (:class:`TarotRecord`: what a round *was*), with its JSON form;
* ``fields.py``: the description (the questions, ``add`` options and one-line words);
* ``reading.py``: typed answers checked into the stored round, every refusal;
* ``words.py``: the breakdown, the headline, the "played" text and the rules' summary;
* ``stats.py``: what ``cardscore stats`` counts (imported by the statistics only);
* here: the game the registry names (:data:`GAME`), each hook a call to the above.

>>> table = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), PRESETS["fft"])
>>> raw = {"taker": "ann", "contract": "garde", "bouts": "2", "points": "49",
...        "petit_au_bout": "Ann", "poignee": ["Ann"]}
>>> inp = GAME.build_round(raw, table, 1)
>>> inp["points"], inp["poignees"]
(49, [['Ann', 'simple']])
>>> result = GAME.score(inp, table, 1, None)
>>> result.scores
{'Ann': 318, 'Bob': -106, 'Cyd': -106, 'Dan': -106}
>>> result.breakdown[-1]
'→ Ann +318 (3 × 106), Bob -106, Cyd -106, Dan -106'
>>> result.record.made, result.record.margin, result.record.unit
(True, 8, 106)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from cardscore.games.base import Field, GameDefaults, Outcome, RoundResult, Table
from cardscore.games.table_rule import TableRule
from cardscore.games.tarot import fields, reading, words
from cardscore.games.tarot.fields import FIELDS
from cardscore.games.tarot.reading import StoredRound
from cardscore.games.tarot.record import Chelem, Contract, Kind, Scoring, TarotRecord
from cardscore.games.tarot.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    TarotParams,
    _seating,
    _work_out,
    check_players,
    chelem_bounds,
    contracts,
    convert,
    mort_of,
    poignee_kinds,
    poignee_sizes,
    scores_of,
    work_out,
)
from cardscore.games.tarot.words import explain
from cardscore.i18n import Msg, msg

__all__ = [
    "GAME",
    "PRESETS",
    "Chelem",
    "Contract",
    "Kind",
    "Scoring",
    "Tarot",
    "TarotParams",
    "TarotRecord",
    "chelem_bounds",
    "contracts",
    "convert",
    "explain",
    "poignee_kinds",
    "poignee_sizes",
    "scores_of",
    "work_out",
]


class Tarot(GameDefaults):
    """French tarot, 3 to 6 players (the mort sits out at 6), rule sets ``fft``/``maison``."""

    name = "tarot"
    title = msg("Tarot")
    params_cls = TarotParams
    presets = PRESETS
    default_preset = "fft"
    preset_lines = MappingProxyType(
        {
            "fft": "the FFT's scoring: (25 + gap) × contract, every round sums to zero",
            "maison": "house rules: garde 40, gaps rounded to ten, personal bonuses",
        }
    )
    fields = FIELDS
    stored_type = StoredRound
    min_players = MIN_PLAYERS
    lower_wins = False
    max_players = MAX_PLAYERS
    has_set_end = False  # played until the table stops
    # a club plays tarot at four, at five when four cannot seat everyone, at three last
    tournament_tables = TableRule("tarot", (4, 5, 3))
    # the FFT's scores: what the taker (and partner) win, the defenders pay, and back
    zero_sum_rules = ("fft",)

    def asked(self, f: Field, table: Table, raw: Mapping[str, Any]) -> Field | None:
        """A renonce asks only what it needs (:func:`fields.asked`)."""
        return fields.asked(f, raw)

    def undecided(self, finished: bool, rounds: int, seats: int) -> Msg | None:
        """Tarot has no set end: a session decides its winner once every player has dealt
        (a full turn of deals), not when the table stops after a round or two.

        >>> GAME.undecided(False, 4, 5), GAME.undecided(False, 5, 5)
        ('fewer rounds than players (4 of 5): not a full turn of deals', None)
        """
        if rounds >= seats:
            return None
        return msg(
            "fewer rounds than players ({rounds} of {seats}): not a full turn of deals",
            rounds=rounds,
            seats=seats,
        )

    # Its statistics, in games/tarot/stats.py (imported only by ``stats``).
    stats_module = "cardscore.games.tarot.stats"

    def check_players(self, players: Sequence[str], params: Any) -> None:
        """3 to 6 players with distinct names (:func:`rules.check_players`)."""
        check_players(players, params)

    def summary(self, params: TarotParams) -> tuple[str, ...]:
        """The rules in a few sentences (``cardscore rules tarot``)."""
        return words.summary(params)

    def sitting_out(self, table: Table, number: int) -> str | None:
        """At 6 players the dealer of the round is the mort."""
        return mort_of(table, number)

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate raw answers (strings, as typed) and return the stored input."""
        return reading.build_round(raw, table, number, self.name)

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        """Score a stored input (assumed valid) under the table's rule set: its record, the
        scores that follow from it, and (with ``explain``) the breakdown written from it;
        without ``explain`` no message is built (a session's replay)."""
        seating = _seating(table)
        record = _work_out(inp, seating, number)
        scores = scores_of(record, seating.players)
        breakdown = words.explain(record, table) if explain else ()
        return RoundResult(scores, breakdown, None, 0, record)  # positional: a replay is hot

    def explained(self, record: Any, table: Table) -> tuple[Msg, ...]:
        """The breakdown, from the record a score without ``explain`` returned."""
        return words.explain(record, table)

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        """Tarot has no end: the table stops when it likes."""
        return Outcome(False, None)

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """The round with its players renamed."""
        return reading.renamed(inp, names)

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        """The raw answers a stored round was built from, which build it back."""
        return reading.answers(inp)

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        """The round in one line, with (given its record) by how much it was made or lost."""
        return words.headline(inp, record)

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        """The round in a short column of the printed sheet (its record adds nothing)."""
        return words.played(inp)


GAME = Tarot()
