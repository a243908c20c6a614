"""Games: what scoring a round returns (:class:`RoundResult`, :class:`Outcome`), what every
game provides (the :class:`Game` protocol) and what a game says when it has nothing
particular to say (:class:`GameDefaults`, which the games derive from)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

import msgspec
from msgspec import Struct

from cardscore.games.description import Field
from cardscore.games.errors import InputError
from cardscore.games.stored import Stored
from cardscore.games.table import Table
from cardscore.games.table_rule import TableRule
from cardscore.i18n import Msg, msg

if TYPE_CHECKING:
    from cardscore.games.record import RoundRecord


class RoundResult(Struct, frozen=True):
    """The score of one round: every column's points and the terms that produced them.

    ``carry`` is what this round hands to the next one (the points held after a litige at
    belote); ``held`` is how many points wait for the next round, for display; ``record``
    is what the round was, the data the scores and the breakdown were made from.
    """

    scores: Mapping[str, int]
    breakdown: tuple[str, ...]
    carry: Any = None
    held: int = 0
    #: what the round was (see :mod:`cardscore.games.record`), for the statistics and
    #: ``show --json``; ``None`` from a game that does not build one yet
    record: RoundRecord | None = None


class Outcome(Struct, frozen=True):
    """Where the game stands after some rounds."""

    finished: bool = False
    winner: str | None = None


class Game(Protocol):
    """What every game module provides (as a module-level object named ``GAME``)."""

    name: str
    #: the game's name as a title says it (``Tarot``), in every language
    title: Msg
    #: the parameter holding the score that ends the game (``None``: no target)
    target_param: str | None
    #: whether its players play in fixed teams, in fixed seats (nobody joins or leaves)
    fixed_teams: bool
    params_cls: type
    presets: Mapping[str, Any]
    default_preset: str
    #: what each rule set is, in one short line (the rule-set question says it after the name;
    #: ``cardscore rules`` says all of it); a rule set with nothing to tell has none
    preset_lines: Mapping[str, str]
    fields: tuple[Field, ...]
    #: a round as a session file holds it, typed (see :meth:`check_stored`)
    stored_type: type[Stored]
    min_players: int
    #: whether the lowest total is the best (rami) rather than the highest
    lower_wins: bool
    max_players: int
    #: whether the game ends by itself (its target reached): tarot does not
    has_set_end: bool
    #: whether a round can hold points over to the next (belote's litige)
    holds_points: bool
    #: the module of its statistics, imported by ``stats`` alone (see :mod:`.game_stats`)
    stats_module: str | None
    #: how a club tournament seats it (:mod:`cardscore.tournament.draw`); ``None``: no draw
    tournament_tables: TableRule | None
    #: the rule sets whose columns always add up to 0 (a tournament checks each table's)
    zero_sum_rules: tuple[str, ...]

    def check_stored(self, inp: Any, table: Table | None, number: int | None = None) -> None: ...

    def check_players(self, players: Sequence[str], params: Any) -> None:
        """Raise :class:`InputError` unless this many players can play."""

    def summary(self, params: Any) -> tuple[str, ...]:
        """The rules of a rule set in a few sentences (``cardscore rules``)."""

    def goal(self, table: Table) -> int | None:
        """The total that ends the game, or ``None`` when the game has no set end."""

    def undecided(self, finished: bool, rounds: int, seats: int) -> Msg | None:
        """Why a session of ``rounds`` rounds at a table of ``seats`` players decides no
        winner for the statistics (a message), or ``None`` when it does: a session left
        after one round is nobody's win."""

    def columns(self, table: Table) -> tuple[str, ...]:
        """The score columns: the players, or the teams."""

    def sitting_out(self, table: Table, number: int) -> str | None:
        """The player who sits out round ``number`` (the mort at 6-player tarot)."""

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate raw answers and return the round's stored input."""

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        """Score a stored round input, given what the previous round carried.

        With ``explain=False`` the numbers are the same but no breakdown is built (an empty
        one): replaying a session asks only for them, the breakdown of a round is worked
        out again when it is shown."""

    def explained(self, record: Any, table: Table) -> tuple[str, ...] | None:
        """The breakdown ``score(..., explain=True)`` writes, from the ``record`` a score
        without ``explain`` returned (the round not scored again), or ``None`` when this
        game writes it only while scoring."""

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        """Whether the game is over after a round leaving these totals, and who won."""

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        """The raw answers a stored round input was built from, keyed by field: what
        ``build_round`` reads back into the same input (``build_round(answers(inp), table,
        number) == inp``).  A correction changes some answers and builds the round again;
        the prompts offer them as defaults; a history line names those that changed."""

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        """The round in one short line for lists and the history, from its input and its
        record (``Bob garde (Dan), 2 bouts, 49 → made by 8``): a message."""

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        """What was played, short enough for a column of the printed sheet: the taker, the
        contract (called player, trump, coinche level) and the points, then what else
        mattered and by whom (``Bob garde (Dan) 2b 49, poignée simple Ann``, ``Sud 100 ♥
        coinché, 98, fallen``, ``Ann out``): a message.  ``record`` is the round's record
        (``None``: not known), for what only scoring tells (a litige, a fallen contract); the
        scores say the rest of the outcome."""

    def default_team_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The teams' names when the table gives none; ``()`` for a game without teams."""

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """A stored round input with its players renamed (``names``: old name → new name;
        the others kept): a typo corrected everywhere."""

    def second_thoughts(self, inp: Mapping[str, Any], table: Table) -> Sequence[tuple[str, str]]:
        """The questions worth asking again about an accepted round, each with why
        (``(field key, message)``): a capot contract that looks made without its capot."""

    def asked(self, f: Field, table: Table, raw: Mapping[str, Any]) -> Field | None:
        """``f`` as the prompts ask it given the answers so far, or ``None``: not asked."""

    def shown_param(
        self, params: Any, name: str, players: Sequence[str] | None = None
    ) -> str | None:
        """How a parameter reads where its stored value would mislead (rami's automatic
        target, stored as 0), or ``None`` to show the value."""

    def goal_text(self, table: Table) -> str | None:
        """The game's end in words for this table (``target 300 (100 per opponent)``), or
        ``None`` where the totals table says nothing of it."""


def _short_json(value: Any) -> str:
    """A value as a file writes it, cut short: ``null``, ``"Ann"``, ``[["Ann", "simple"]]``."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


class GameDefaults:
    """What a game says when it has nothing particular to say: no teams, nothing to ask
    again, parameters shown as stored, no words for its end.  The games derive from it and
    override what they have.

    >>> d = GameDefaults()
    >>> d.default_team_names(["Ann", "Bob"]), d.second_thoughts({}, None), d.goal_text(None)
    ((), (), None)
    """

    preset_lines: Mapping[str, str] = MappingProxyType({})
    #: whether a game ends by itself (a target reached); tarot is played until the table stops
    has_set_end: bool = True
    #: whether a round can hold points over to the next (belote's litige)
    holds_points: bool = False
    #: the parameter that holds the score ending the game (``new --target``, ``table
    #: --target``); ``None``: the game has no target (tarot is played until the table stops)
    target_param: str | None = None
    #: whether its players play in fixed teams, in fixed seats (belote, coinche: two teams
    #: of two): nobody joins or leaves, a player is replaced
    fixed_teams: bool = False
    #: the module of its statistics, imported by ``stats`` alone: its ``NOTES``, ``VIEW``,
    #: ``count_round``, ``own_figures`` and ``match``, each where it has one, replace every
    #: game's (see :mod:`.game_stats`)
    stats_module: str | None = None
    #: how a club tournament seats its players at tables (:mod:`cardscore.tournament.draw`);
    #: ``None``: the game declares no tournament
    tournament_tables: TableRule | None = None
    #: the rule sets under which every round's points add up to 0 (each one's gain is the
    #: others' loss): a tournament names a table whose columns do not
    zero_sum_rules: tuple[str, ...] = ()

    def default_team_names(self, players: Sequence[str]) -> tuple[str, ...]:
        return ()

    def goal(self, table: Table) -> int | None:
        """The value of the target parameter it declares (:func:`target_of`); ``None``
        without one (tarot: the table stops when it likes)."""
        return target_of(self, table.params)

    def columns(self, table: Table) -> tuple[str, ...]:
        """A score column a player (belote's are its teams)."""
        return table.players

    def sitting_out(self, table: Table, number: int) -> str | None:
        """Nobody sits out a round (tarot's mort at 6 does)."""
        return None

    def undecided(self, finished: bool, rounds: int, seats: int) -> Msg | None:
        """A game with a set end is won when it is over.

        >>> GameDefaults().undecided(False, 12, 4)
        'not finished'
        """
        return None if finished else msg("not finished")

    def check_stored(self, inp: Any, table: Table | None, number: int | None = None) -> None:
        """Refuse a stored input (read from a file) this game could not have written: of
        another shape than its ``stored_type``, or (with a ``table``) naming a player who is
        not at it, or saying what cannot be at it (``stored_type.check``).  With its round's
        ``number`` (a round of the session, at its own table), a round ``add`` would not
        have saved (:meth:`check_typed`).  Raises a ``ValueError`` that says what is wrong."""
        if not isinstance(inp, dict):
            raise ValueError(msg("a round is not an object"))
        stored = msgspec.convert(inp, self.stored_type)  # type: ignore[attr-defined]
        if table is None:
            return
        for name in stored.names():
            if name not in table.players:
                raise ValueError(msg("{name!r} is not at the table", name=name))
        stored.check(table)
        if number is not None:
            self.check_typed(inp, stored, table, number)

    def check_typed(self, inp: Mapping[str, Any], stored: Any, table: Table, number: int) -> None:
        """Refuse a stored round that ``add`` would not have saved as round ``number`` at
        ``table``: the same checks as a round typed, by the same code, its answers
        (:meth:`answers`) built again (:meth:`build_round`) must give the round back, key
        for key (``stored``: the round as its stored type read it, which gives a key the
        file leaves out its default).  Raises a ``ValueError`` that says what is wrong.

        >>> from cardscore.games import get_game
        >>> tarot = get_game("tarot")
        >>> table = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), tarot.presets["fft"])
        >>> inp = tarot.build_round({"taker": "Ann", "contract": "garde", "bouts": "2",
        ...                          "points": "49"}, table, 1)
        >>> tarot.check_stored(inp, table, 1)
        >>> tarot.check_stored({**inp, "poignees": [["Ann", "simple"]] * 2}, table, 1)
        Traceback (most recent call last):
        ...
        ValueError: --poignee: Ann has two poignées (one per player)
        """
        try:
            built = self.build_round(self.answers(inp, table), table, number)  # type: ignore[attr-defined]
        except InputError as exc:
            raise ValueError(exc.args[0]) from None
        except Exception:  # answers the reader cannot even read back (a null where a team is)
            raise ValueError(msg("not a round cardscore saves")) from None
        # each key as the file holds it (JSON: lists, not tuples), or as its type defaults it
        kept = {
            key: inp[key] if key in inp else getattr(stored, key)
            for key in stored.__struct_fields__
        }
        differ = [key for key, value in kept.items() if built.get(key) != value]
        if differ:
            raise ValueError(
                msg(
                    "{keys}: not as cardscore saves this round (it saves {saved})",
                    keys=", ".join(differ),
                    saved=", ".join(f"{key}: {_short_json(built.get(key))}" for key in differ),
                )
            )

    def explained(self, record: Any, table: Table) -> tuple[str, ...] | None:
        return None  # the round is scored again, with its breakdown

    def second_thoughts(self, inp: Mapping[str, Any], table: Table) -> Sequence[tuple[str, str]]:
        return ()

    def asked(self, f: Field, table: Table, raw: Mapping[str, Any]) -> Field | None:
        """``f`` as the prompts ask it given the answers so far (its question worded for a
        renonce…), or ``None`` where they do not ask it (``add`` may still take it)."""
        return f

    def shown_param(
        self, params: Any, name: str, players: Sequence[str] | None = None
    ) -> str | None:
        return None

    def goal_text(self, table: Table) -> str | None:
        return None


# --------------------------------------------------------------------------------------------
# What every game's declarations give, the same for all (not part of the protocol)


def target_of(game: Game | GameDefaults, params: Any) -> int | None:
    """The target ``params`` hold: the value of the parameter the game declares
    (:attr:`Game.target_param`), or ``None`` for a game without one.

    >>> from cardscore.games import get_game
    >>> belote = get_game("belote")
    >>> target_of(belote, belote.presets["maison"]), target_of(get_game("tarot"), None)
    (1000, None)
    """
    return None if game.target_param is None else getattr(params, game.target_param)


def with_target(game: Game, params: Any, target: int) -> Any:
    """``params`` with the target ``target``, in the parameter the game declares (a game
    without one: a ``ValueError``, a caller's mistake, checked before)."""
    if game.target_param is None:
        raise ValueError(f"{game.name} has no target")
    return dataclasses.replace(params, **{game.target_param: target})
