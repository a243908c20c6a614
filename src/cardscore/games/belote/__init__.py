"""Belote and coinche (docs/rules.md, Belote and Coinche): four players in two fixed teams,
one package for both.

Both games count a round the same way — card points, dix de der, belote-rebelote,
announcements, capot — and differ only in how the two team totals become scores
(:class:`BeloteGame`: made / dedans / litige; :class:`CoincheGame`: a contract, coinché or
not).  The registry exposes them as :data:`BELOTE` and :data:`COINCHE`.

Scoring a round goes in three steps: :func:`belote_record` / :func:`coinche_record` work out
what the round *was* (a :class:`BeloteRecord` / :class:`CoincheRecord`: each team's tally,
the outcome, the points held…), the scores follow from that record
(:func:`belote_scores` / :func:`coinche_scores`), and :func:`explain` writes the breakdown a
person reads from the same record.

Teams are referred to by index in stored inputs: team 0 = players 1 & 3, team 1 = players
2 & 4.  Scores are keyed by the team names of ``table.teams``.

>>> players = ("Ann", "Bob", "Cyd", "Dan")
>>> table = Table("belote", players, BeloteParams(), default_team_names(players))
>>> raw = {"taker": "ann", "trump": "coeur", "points": "82", "dix_de_der": "taker",
...        "belote": "cyd", "announce": ["bob:20"]}
>>> inp = BELOTE.build_round(raw, table, 1)
>>> inp["taker"], inp["trump"], inp["points"], inp["dix_de_der"], inp["belote"]
('Ann', <Trump.HEARTS: 'hearts'>, 82, 0, 0)
>>> inp["announces"], inp["capot"]
([[1, 20]], None)
>>> result = BELOTE.score(inp, table, 1, None)
>>> result.scores
{'Ann & Cyd': 112, 'Bob & Dan': 90}
>>> result.record.verdict, result.record.margin
(<Verdict.MADE: 'made'>, 22)

The package, one job a file, each importing only the ones before it: :mod:`.record` (what a
round was: its values, tallies and records), :mod:`.rules` (the scoring, its numbers and
parameters), :mod:`.fields` (the questions, options, line words and choices),
:mod:`.reading` (answers → stored round, every check), :mod:`.words` (breakdown, headline,
played, summary), and here the two games, each hook a call to one of them.  Their
statistics are in :mod:`.stats`, imported only by ``stats``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from cardscore.games.base import (
    Field,
    GameDefaults,
    InputError,
    Outcome,
    RoundResult,
    Table,
    check_names,
)
from cardscore.games.belote import words
from cardscore.games.belote.fields import BELOTE_FIELDS, COINCHE_FIELDS, resolve_team
from cardscore.games.belote.reading import (
    StoredBelote,
    StoredCoinche,
    answers_of,
    read_round,
    second_thoughts,
)
from cardscore.games.belote.record import (
    BeloteRecord,
    CoincheRecord,
    Level,
    Special,
    Tally,
    Trump,
    Verdict,
    tally,
)
from cardscore.games.belote.rules import (
    BELOTE_PRESETS,
    COINCHE_PRESETS,
    PLAYERS,
    TOUT_ATOUT_VALUES,
    BeloteParams,
    CoincheParams,
    LitigeBelote,
    belote_record,
    belote_scores,
    coinche_record,
    coinche_scores,
    default_team_names,
    tallies,
    team_names,
)
from cardscore.games.belote.words import explain
from cardscore.games.belote.words import explain as _explain
from cardscore.games.table_rule import TableRule
from cardscore.i18n import Msg, msg


class _CardGame(GameDefaults):
    """What belote and coinche share: players, teams, reading a round, the end of a game."""

    name: str
    params_cls: type
    presets: Mapping[str, Any]
    fields: tuple[Field, ...]
    default_preset = "maison"
    target_param = "target"
    fixed_teams = True
    min_players = max_players = PLAYERS
    lower_wins = False
    holds_points = True  # a litige holds the points for the next round

    # Coinche: a contract (and its level, tout atout, the générale); belote has none.
    has_contract: ClassVar[bool] = False
    # The session names new teams with it (and lets the user rename them).
    default_team_names = staticmethod(default_team_names)

    def check_players(self, players: Sequence[str], params: Any) -> None:
        if len(players) != PLAYERS:
            raise InputError(
                msg(
                    "{game} is played by {players} players in two teams (got {count})",
                    game=self.name,
                    players=PLAYERS,
                    count=len(players),
                )
            )
        check_names(players)

    def summary(self, params: Any) -> tuple[str, ...]:
        """The rules in a few sentences (``cardscore rules belote``)."""
        return words.summary(params, self._summary(params))

    def _summary(self, params: Any) -> list[Msg]:
        """The game's own sentences of the summary."""
        raise NotImplementedError

    def columns(self, table: Table) -> tuple[str, ...]:
        return team_names(table)

    def explained(self, record: Any, table: Table) -> tuple[Msg, ...]:
        """The breakdown, from the record a score without ``explain`` returned."""
        return _explain(record, table)

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        """Over once a team reached the target and the totals differ; the higher wins.

        >>> t = Table("belote", ("A", "B", "C", "D"), BeloteParams(), ("AC", "BD"))
        >>> BELOTE.outcome(t, {"AC": 1010, "BD": 990}), BELOTE.outcome(t, {"AC": 1000, "BD": 1000})
        (Outcome(finished=True, winner='AC'), Outcome(finished=False, winner=None))
        """
        names = team_names(table)
        a, b = (totals.get(n, 0) for n in names)
        if max(a, b) < table.params.target or a == b:
            return Outcome()
        return Outcome(finished=True, winner=names[0] if a > b else names[1])

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate raw answers into a stored round (:class:`.reading.StoredBelote`); every
        error names its field (``InputError.field``)."""
        return read_round(self.fields, raw, table, game=self.name, has_contract=self.has_contract)

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """The round with its taker renamed (the other answers name teams by their seats).

        >>> BELOTE.renamed({"taker": "Dna", "belote": 1}, {"Dna": "Dan"})
        {'taker': 'Dan', 'belote': 1}
        """
        taker = inp["taker"]
        return {**inp, "taker": names.get(taker, taker)}

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        """The raw answers a stored round was built from (see :func:`.reading.answers_of`).

        >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
        >>> inp = {"taker": "Bob", "trump": "hearts", "contract": 100, "coinche": 2,
        ...        "points": 98, "dix_de_der": 1, "belote": 0, "announces": [[1, 50]],
        ...        "capot": None, "generale_made": False}
        >>> COINCHE.build_round(COINCHE.answers(inp, t), t, 1) == inp
        True
        """
        return answers_of(inp, table, has_contract=self.has_contract)

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        """The round in one line: taker, trump and card points (belote), taker, contract,
        trump, level and card points (coinche), then the outcome when ``record`` is given.

        >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
        >>> inp = {"taker": "Dan", "trump": "hearts", "points": 82, "dix_de_der": 1,
        ...        "belote": None, "announces": [], "capot": None}
        >>> BELOTE.headline(inp, t, BELOTE.score(inp, t, 1, None).record)
        'Dan ♥ 82 → made'
        """
        return words.headline(self._round_line(inp, table), record)

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        """The round in a short column of the printed sheet: its headline without the
        outcome (``Dan ♥ 82``; coinche: ``Dan 100 ♥ coinché, 98``), then, with its
        ``record``, what the scores alone do not say: a litige and the points it holds, a
        dedans (coinche: a fallen contract).

        >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
        >>> inp = {"taker": "Dan", "trump": "hearts", "contract": 100, "coinche": 2,
        ...        "points": 98, "dix_de_der": 1, "belote": None, "announces": [],
        ...        "capot": None, "generale_made": False}
        >>> COINCHE.played(inp, t)
        'Dan 100 ♥ coinché, 98'
        >>> fell = inp | {"points": 88}
        >>> COINCHE.played(fell, t, COINCHE.score(fell, t, 1, None).record)
        'Dan 100 ♥ coinché, 88, fallen'
        """
        return words.played(self._round_line(inp, table), record, self._fell)

    #: how the Played column says the taker's team fell
    _fell: Msg = words.DEDANS

    def _round_line(self, inp: Mapping[str, Any], table: Table) -> Msg:
        """What the round was, without its outcome."""
        raise NotImplementedError


class BeloteGame(_CardGame):
    """Classic belote: made, dedans or litige (docs/rules.md, Belote)."""

    name = "belote"
    title = msg("Belote")
    # a tournament keeps its teams of two: two teams a table, Swiss pairing
    tournament_tables = TableRule("belote", (2,), teams=True)
    params_cls = BeloteParams

    stats_module = "cardscore.games.belote.stats"  # (a session is a match of two teams)
    presets = BELOTE_PRESETS
    preset_lines = MappingProxyType(
        {
            "maison": "house rules: in sans atout the ace is worth 11 (a round of 130)",
            "official": "the official count: in sans atout the ace is worth 19 (162)",
        }
    )
    fields = BELOTE_FIELDS
    stored_type = StoredBelote

    def _summary(self, params: BeloteParams) -> list[Msg]:
        return words.belote_summary(params)

    def _round_line(self, inp: Mapping[str, Any], table: Table) -> Msg:
        return words.belote_line(inp, table)

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        """Score a round; ``carry`` is the points held by earlier litiges (an int or None).
        Without ``explain``, the numbers only (an empty breakdown).

        >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
        >>> r = BELOTE.score({"taker": "Ann", "trump": "spades", "points": 71, "dix_de_der": 0,
        ...                   "belote": None, "announces": [], "capot": None}, t, 1, None)
        >>> r.scores, r.held, r.breakdown[-1]
        ({'AC': 0, 'BD': 81}, 81, 'litige: 81 held for the next round')
        """
        record = belote_record(inp, table, carry)
        first, second = belote_scores(record)
        team0, team1 = record.tallies
        held = record.held_out
        return RoundResult(
            {team0.team: first, team1.team: second},
            _explain(record, table) if explain else (),
            held,
            held,
            record,
        )


class CoincheGame(_CardGame):
    """Coinche: a contract to reach, maybe coinché or surcoinché (docs/rules.md, Coinche).

    Capot and générale contracts: a capot contract is made iff ``capot`` is the taker's
    team, a générale iff ``generale_made`` (which implies the taker's team's capot).  Card
    points and the dix de der are entered for them as for any round (a capot implies both).
    """

    _fell = words.FALLEN

    name = "coinche"
    title = msg("Coinche")
    tournament_tables = TableRule("coinche", (2,), teams=True)  # as belote's

    stats_module = "cardscore.games.belote.coinche_stats"
    preset_lines = MappingProxyType(
        {
            "maison": "house rules: sans atout ace 11, totals not rounded, capot 252",
            "official": "the official count: sans atout ace 19, totals rounded, capot 250",
        }
    )
    has_contract = True
    params_cls = CoincheParams
    presets = COINCHE_PRESETS
    fields = COINCHE_FIELDS
    stored_type = StoredCoinche

    def _summary(self, params: CoincheParams) -> list[Msg]:
        return words.coinche_summary(params)

    def second_thoughts(self, inp: Mapping[str, Any], table: Table) -> tuple[tuple[str, str], ...]:
        """The questions worth asking again once a whole round is known (see
        :func:`.reading.second_thoughts`)."""
        return second_thoughts(inp, table)

    def _round_line(self, inp: Mapping[str, Any], table: Table) -> Msg:
        return words.coinche_line(inp, table)

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        """Score a round (coinche has no litige: nothing is ever held).  Without
        ``explain``, the numbers only (an empty breakdown).

        >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
        >>> r = COINCHE.score({"taker": "Ann", "trump": "hearts", "contract": 100, "coinche": 2,
        ...                    "points": 98, "dix_de_der": 0, "belote": None, "announces": [],
        ...                    "capot": None, "generale_made": False}, t, 1, None)
        >>> r.scores, r.breakdown[-1]
        ({'AC': 520, 'BD': 0}, 'AC: (160 + 100) × 2 coinché = 520')
        """
        record = coinche_record(inp, table)
        first, second = coinche_scores(record)
        team0, team1 = record.tallies
        return RoundResult(
            {team0.team: first, team1.team: second},
            _explain(record, table) if explain else (),
            0,
            0,
            record,
        )


BELOTE = BeloteGame()
COINCHE = CoincheGame()

# What other modules import from the game.
__all__ = [
    "BELOTE",
    "COINCHE",
    "TOUT_ATOUT_VALUES",
    "BeloteGame",
    "BeloteParams",
    "BeloteRecord",
    "CoincheGame",
    "CoincheParams",
    "CoincheRecord",
    "Level",
    "LitigeBelote",
    "Special",
    "StoredBelote",
    "StoredCoinche",
    "Tally",
    "Trump",
    "Verdict",
    "belote_record",
    "belote_scores",
    "coinche_record",
    "coinche_scores",
    "default_team_names",
    "explain",
    "resolve_team",
    "tallies",
    "tally",
]
