"""Belote and coinche (docs/rules.md, Belote and Coinche): four players in two fixed teams,
one module for both.

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

Why one module of 2,100 lines: belote and coinche share their card counting, records,
breakdown and fields (coinche adds its contract), and each part reads beside the one it
feeds — the numbers, the vocabulary in three languages, the parameters, the teams, the card
totals, the records, the breakdown, the fields, reading a round, then the two games (each
section under its own heading).  Their statistics are in :mod:`cardscore.games.belote.stats`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, NamedTuple

import msgspec

from cardscore.games.base import (
    Choice,
    Field,
    FieldKind,
    GameDefaults,
    InputError,
    Outcome,
    RoundResult,
    Stored,
    Table,
    Words,
    about,
    check_names,
    fold,
    param_field,
    parse_int,
    pick_choice,
    said_values,
)
from cardscore.games.belote.record import (
    ROUNDING_UNIT,
    BeloteRecord,
    CoincheRecord,
    Level,
    Special,
    Tally,
    Trump,
    Verdict,
    round_tens,
)
from cardscore.games.reading import Answers, UnknownName, read_answers, read_named
from cardscore.i18n import Msg, msg

if TYPE_CHECKING:
    from cardscore.games import tally as counting
    from cardscore.games.figures import StatsView

# --------------------------------------------------------------------------------------------
# The rules' numbers (docs/rules.md, Belote › What the cards are worth, How a round is counted)

CARD_POINTS = 152  # the cards of a round with a trump (or tout atout): 4 plain suits + trumps
DIX_DE_DER = 10  # the last trick
ROUND_POINTS = CARD_POINTS + DIX_DE_DER  # 162
SUITS = 4
# A plain suit's cards besides the ace: 10 (10) + K (4) + Q (3) + J (2); 9, 8, 7 are worth 0.
PLAIN_SUIT_WITHOUT_ACE = 10 + 4 + 3 + 2
MAISON_ACE, OFFICIAL_ACE = 11, 19  # the ace in sans atout: cards 120 or 152
BELOTE_POINTS = 20  # belote-rebelote, the king and queen of trumps
CAPOT_BONUS = 100  # a capot counts the cards and dix de der + 100 (the maison values)
CAPOT_VALUE = CARD_POINTS + CAPOT_BONUS  # 252
CAPOT_SANS_ATOUT_MAISON = SUITS * (MAISON_ACE + PLAIN_SUIT_WITHOUT_ACE) + CAPOT_BONUS  # 220
OFFICIAL_CAPOT = 250  # official coinche: a made capot, and the base when a capot is involved
BELOTE_TARGET, COINCHE_TARGET = 1000, 2000

# Coinche contracts (docs/rules.md, Coinche › The contract)
LOWEST_CONTRACT, HIGHEST_CONTRACT, CONTRACT_STEP = 80, 180, 10
CAPOT_CONTRACT, GENERALE_CONTRACT = 250, 500  # what the capot and générale contracts are worth
COINCHE_BASE = 160  # (base + contract) × level: a coinché, surcoinché or fallen contract

ANNOUNCE_VALUES = (20, 50, 100, 150, 200)

# Tout atout counts every suit on the 152 scale (38 a suit), not with the trump values
# (62 a suit, 258 in all).
TOUT_ATOUT_VALUES: Mapping[str, int] = {
    "J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0
}  # fmt: skip
TRUMP_SUIT_VALUES: Mapping[str, int] = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
# Every suit counted with the trump values: 4 × 62 = 248 (258 with the dix de der).
TRUMP_VALUES_TOTAL = SUITS * sum(TRUMP_SUIT_VALUES.values())

# --------------------------------------------------------------------------------------------
# Vocabulary


_NOT_COINCHED = Level.NONE  # bound once: hot
_MADE, _DEDANS, _LITIGE = Verdict.MADE, Verdict.DEDANS, Verdict.LITIGE  # bound once: hot


class DedansAnnouncements(StrEnum):
    """Belote parameter ``dedans-announcements``: what the defence of a dedans scores."""

    ALL = "all"  # both teams' announcements
    OWN = "own"  # its own; the taker's are lost


class LitigeBelote(StrEnum):
    """Belote parameter ``litige-belote``: the taker team's belote in a litige."""

    KEPT = "kept"  # scores at once, only the rest is held
    HELD = "held"  # held with the rest (how files saved before the parameter scored)


class CoincheAnnouncements(StrEnum):
    """Coinche parameter ``coinche-announcements``: announcements in a coinché or fallen
    round."""

    SEED = "seed"  # count towards the contract, score only in a made round not coinché
    WINNER = "winner"  # the round's winner also scores every announcement of both teams


# Bound once: compared in every round of a replay.
_KEPT, _ALL, _WINNER = LitigeBelote.KEPT, DedansAnnouncements.ALL, CoincheAnnouncements.WINNER
_CAPOT, _GENERALE = Special.CAPOT, Special.GENERALE

# Aliases in English, French and Norwegian (spar, hjerter, ruter, kløver; uten/alt trumf).
TRUMPS = (
    Choice(Trump.SPADES, "spades (pique)", aliases=("pique", "piques", "spade", "♠", "spar")),
    Choice(Trump.HEARTS, "hearts (cœur)", aliases=("coeur", "coeurs", "heart", "♥", "hjerter")),
    Choice(Trump.DIAMONDS, "diamonds (carreau)",
           aliases=("carreau", "carreaux", "diamond", "♦", "ruter")),
    Choice(Trump.CLUBS, "clubs (trèfle)",
           aliases=("trefle", "trefles", "club", "♣", "kløver", "klover")),
    # "sans" and "uten" alone are sans atout, "atout" alone tout atout (what a table says)
    Choice(Trump.SANS_ATOUT, "sans atout",
           aliases=("sans-atout", "sansatout", "no-trump", "notrump", "uten-trumf", "sans",
                    "uten")),
    Choice(Trump.TOUT_ATOUT, "tout atout",
           aliases=("tout-atout", "toutatout", "all-trump", "alltrump", "alt-trumf", "atout")),
)  # fmt: skip
BELOTE_TRUMPS = TRUMPS[:-1]  # no tout atout in belote
_TRUMP_OF: Mapping[str, Trump] = {t.value: t for t in Trump}
_SANS_ATOUT = Trump.SANS_ATOUT.value  # a plain str: compared in every round of a replay

_ANNOUNCE_NAMES = ("tierce", "cinquante", "cent, carré", "carré de neuf", "carré de valets")
# An announcement is typed by its value or by its name, French or English (games.reading).
_ANNOUNCE_ALIASES = (
    ("tierce", "vingt", "twenty"),
    ("cinquante", "quarte", "fifty"),
    ("cent", "quinte", "carré", "carré d'as", "carré de dix", "carré de 10", "carré de rois",
     "carré de dames", "hundred", "a hundred", "four aces", "four tens", "four kings",
     "four queens"),
    ("carré de neuf", "carré de 9", "four nines"),
    ("carré de valets", "carré de valet", "four jacks"),
)  # fmt: skip
ANNOUNCES = tuple(
    Choice(str(value), f"{value} ({name})", aliases=aliases)
    for value, name, aliases in zip(
        ANNOUNCE_VALUES, _ANNOUNCE_NAMES, _ANNOUNCE_ALIASES, strict=True
    )
)

NUMBERED_CONTRACTS = tuple(range(LOWEST_CONTRACT, HIGHEST_CONTRACT + 1, CONTRACT_STEP))
# Contracts are stored as the int value (80…180) or a Special ("capot" / "generale").
CONTRACT_VALUES: Mapping[int | str, int] = {
    **{v: v for v in NUMBERED_CONTRACTS},
    Special.CAPOT: CAPOT_CONTRACT,
    Special.GENERALE: GENERALE_CONTRACT,
}
CONTRACTS = (
    *(Choice(str(v)) for v in NUMBERED_CONTRACTS),
    Choice(Special.CAPOT, f"capot ({CAPOT_CONTRACT})", aliases=(str(CAPOT_CONTRACT),)),
    Choice(Special.GENERALE, f"générale ({GENERALE_CONTRACT})", aliases=(str(GENERALE_CONTRACT),)),
)
# The coinche level is asked as one question; --coinche and --surcoinche are its answers.
LEVEL_QUESTION = msg("Coinché or surcoinché?")

# English, French and Norwegian (spillfører, forsvaret) words for the two sides.
TAKER_WORDS = frozenset({"taker", "attaque", "attack", "preneur", "spillfører", "spillforer"})
DEFENSE_WORDS = frozenset({"defense", "defence", "forsvar", "forsvaret"})  # fold(): défense
TEAMS = 2  # team 0: seats 1 & 3, team 1: seats 2 & 4
PLAYERS = 2 * TEAMS

# --------------------------------------------------------------------------------------------
# Parameters


@dataclass(frozen=True)
class _CardParams:
    """What both games share: how many points the cards and a capot are worth, the target."""

    sans_atout_ace: int = param_field(
        MAISON_ACE,
        "value of an ace in sans atout: 11 (maison: cards 120, round 130) "
        "or 19 (official: cards 152, round 162)",
        label=msg("ace in sans atout"),
    )
    capot_made_value: int = param_field(
        CAPOT_VALUE,
        "what a capot team counts instead of its cards and dix de der (trump, tout atout)",
        label=msg("capot"),
    )
    capot_sans_atout: int = param_field(
        CAPOT_SANS_ATOUT_MAISON,
        "what a capot team counts in sans atout (maison 220 = 120 + 100)",
        label=msg("capot in sans atout"),
    )
    target: int = param_field(
        BELOTE_TARGET,
        "the game ends after the round in which a team reaches it",
        label=msg("target"),
    )


@dataclass(frozen=True)
class BeloteParams(_CardParams):
    """Rule parameters of classic belote (docs/rules.md, Belote › Belote parameters).

    >>> BeloteParams().litige, BELOTE.presets["official"].sans_atout_ace
    (True, 19)
    """

    litige: bool = param_field(
        True,
        "a tie holds the taker's points for the next round's winner (off: a tie is dedans)",
        label=msg("litige"),
    )
    dedans_announcements: str = param_field(
        DedansAnnouncements.ALL,
        "announcements the defence scores when the taker is dedans: "
        "all (both teams') or own (its own; the taker's are lost)",
        choices={DedansAnnouncements.ALL: msg("all"), DedansAnnouncements.OWN: msg("own")},
        label=msg("announcements of a dedans"),
    )
    litige_belote: str = param_field(
        LitigeBelote.KEPT,
        "the taker team's belote in a litige: kept (it scores at once, only the rest of its "
        "total is held) or held (held with the rest)",
        choices={LitigeBelote.KEPT: msg("kept"), LitigeBelote.HELD: msg("held")},
        applies=lambda p: p.litige,
        label=msg("belote in a litige"),
    )

    # What a file saved before a parameter existed meant: litige-belote did not exist and
    # the taker team's whole total, belote included, was held.
    FORMERLY: ClassVar[Mapping[str, Any]] = {"litige_belote": LitigeBelote.HELD}


@dataclass(frozen=True)
class CoincheParams(_CardParams):
    """Rule parameters of coinche (docs/rules.md, Coinche › Coinche parameters).

    >>> p = COINCHE.presets["official"]
    >>> p.rounding, p.capot_made_value, p.capot_base, p.target
    (True, 250, 250, 2000)
    """

    target: int = param_field(
        COINCHE_TARGET,
        "the game ends after the round in which a team reaches it",
        label=msg("target"),
    )
    rounding: bool = param_field(
        False,
        "round each team's own points to the nearest ten, 5 up (84 → 80, 85 → 90)",
        label=msg("points rounded to ten"),
    )
    base: int = param_field(
        COINCHE_BASE,
        "the base of a coinché, surcoinché or fallen contract's score",
        label=msg("base"),
    )
    capot_base: int = param_field(
        COINCHE_BASE,
        "the base instead, when the contract was capot or générale or a capot was made",
        label=msg("base of a capot"),
    )
    coinche_announcements: str = param_field(
        CoincheAnnouncements.SEED,
        "announcements in a coinché or fallen round: made-only (they count towards the "
        "contract but score only in a made round that was not coinché) or winner (the team "
        "that wins the round also scores every announcement of both teams)",
        choices={
            CoincheAnnouncements.SEED: msg("made-only"),
            CoincheAnnouncements.WINNER: msg("winner"),
        },
        label=msg("announcements of a coinché or fallen round"),
    )


BELOTE_PRESETS: Mapping[str, BeloteParams] = {
    "maison": BeloteParams(),
    # The two belote rule sets differ only in the sans atout ace.
    "official": BeloteParams(sans_atout_ace=OFFICIAL_ACE, capot_sans_atout=CAPOT_VALUE),
}
COINCHE_PRESETS: Mapping[str, CoincheParams] = {
    "maison": CoincheParams(),
    # A made capot counts 250 whatever the trump (docs/rules.md, Coinche › The score).
    "official": CoincheParams(
        sans_atout_ace=OFFICIAL_ACE,
        capot_made_value=OFFICIAL_CAPOT,
        capot_sans_atout=OFFICIAL_CAPOT,
        rounding=True,
        capot_base=OFFICIAL_CAPOT,
    ),
}

# --------------------------------------------------------------------------------------------
# Teams


def default_team_names(players: Sequence[str]) -> tuple[str, str]:
    """Name each team after its players: players 1 & 3 against players 2 & 4.

    >>> default_team_names(("Ann", "Bob", "Cyd", "Dan"))
    ('Ann & Cyd', 'Bob & Dan')
    """
    return f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"


def team_names(table: Table) -> tuple[str, str]:
    """The table's two team names (the default ones if the session gave none)."""
    if len(table.teams) == TEAMS:
        return table.teams[0], table.teams[1]
    return default_team_names(table.players)


def team_of(player: str, table: Table) -> int:
    """The team index of a player: 0 for seats 1 & 3, 1 for seats 2 & 4."""
    return table.players.index(player) % TEAMS


class _Seating(NamedTuple):
    """What scoring needs of a table, worked out once per table."""

    table: Table
    names: tuple[str, str]
    team: Mapping[str, int]  # player → team index
    sans_atout_cards: int  # the card points of a sans atout round
    sans_atout_capot: int  # what a capot counts in sans atout
    capot: int  # what a capot counts with a trump or tout atout


_seating_cache: list[_Seating] = []


def _seating(table: Table) -> _Seating:
    """The table's seating; a replay scores every round at the same table, so the last one
    is kept (by identity: hashing a table would cost more than it saves)."""
    if _seating_cache and _seating_cache[0].table is table:
        return _seating_cache[0]
    params = table.params
    seating = _Seating(
        table,
        team_names(table),
        {p: i % TEAMS for i, p in enumerate(table.players)},
        card_total(Trump.SANS_ATOUT, params),
        capot_value(Trump.SANS_ATOUT, params),
        capot_value(Trump.HEARTS, params),
    )
    _seating_cache[:] = [seating]
    return seating


def resolve_team(
    text: str, table: Table, taker_team: int, what: str, field: str | None = None
) -> int:
    """The team index that ``text`` names: ``taker``/``defense``, a team or a player.
    An error names ``what`` (the option) and carries ``field`` (its key).

    >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), None, ("Us", "Them"))
    >>> [resolve_team(x, t, 1, "--belote") for x in ("Taker", "défense", "cy", "them")]
    [1, 0, 0, 1]
    >>> resolve_team("Zoe", t, 1, "--belote")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --belote: 'Zoe' matches no team or player (taker, ...)
    """
    wanted = fold(text)
    if wanted in TAKER_WORDS:
        return taker_team
    if wanted in DEFENSE_WORDS:
        return 1 - taker_team
    names = team_names(table)
    for index, name in enumerate(names):
        if fold(name) == wanted:
            return index
    if wanted and any(fold(p).startswith(wanted) for p in table.players):
        # find_player settles exact names and says which players an ambiguous prefix fits.
        with _about(field):
            return team_of(table.find_player(text, what=what), table)
    raise InputError(
        msg(
            "{what}: {text!r} matches no team or player (taker, defense, {names})",
            what=what,
            text=text,
            names=", ".join((*table.players, *names)),
        ),
        field=field,
    )


# --------------------------------------------------------------------------------------------
# Card totals


def card_total(trump: str, params: _CardParams) -> int:
    """The card points of a round, without the dix de der.

    A suit's plain cards are worth ace + 10 + 4 + 3 + 2 = ace + 19, hence 4 × (ace + 19)
    in sans atout: 120 with the maison ace of 11, 152 with the official 19.

    >>> card_total("hearts", BeloteParams()), card_total("sa", BeloteParams())
    (152, 120)
    >>> card_total("sa", BELOTE.presets["official"])
    152
    """
    if trump == Trump.SANS_ATOUT:
        return SUITS * (params.sans_atout_ace + PLAIN_SUIT_WITHOUT_ACE)
    return CARD_POINTS


def capot_value(trump: str, params: _CardParams) -> int:
    """What a capot team counts instead of its cards and dix de der.

    >>> capot_value("spades", BeloteParams()), capot_value("sa", BeloteParams())
    (252, 220)
    """
    return params.capot_sans_atout if trump == Trump.SANS_ATOUT else params.capot_made_value


# --------------------------------------------------------------------------------------------
# What a round was: the records


def tallies(inp: Mapping[str, Any], table: Table) -> tuple[Tally, Tally]:
    """Both teams' tallies of a stored round, team 0 first.

    >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
    >>> inp = {"taker": "Bob", "trump": "hearts", "points": 100, "dix_de_der": 0,
    ...        "belote": 1, "announces": [[1, 50], [0, 20]], "capot": None}
    >>> [t.total for t in tallies(inp, t)]
    [82, 170]
    """
    seating = _seating(table)
    return _team_tallies(inp, seating, seating.team[inp["taker"]])


def _team_tallies(
    inp: Mapping[str, Any], seating: _Seating, taker_team: int
) -> tuple[Tally, Tally]:
    """Both teams' tallies, team 0 first (see :func:`tallies`)."""
    points, capot = inp["points"], inp["capot"]
    if inp["trump"] == _SANS_ATOUT:
        other, capot_points = seating.sans_atout_cards - points, seating.sans_atout_capot
    else:
        other, capot_points = CARD_POINTS - points, seating.capot
    cards0, cards1 = (points, other) if taker_team == 0 else (other, points)
    # A capot's value replaces its team's cards and already includes the last trick.
    last, belote = inp["dix_de_der"], inp["belote"]
    if capot == 0:
        cards0 = capot_points
    elif capot == 1:
        cards1 = capot_points
    last0 = DIX_DE_DER if last == 0 and capot != 0 else 0
    last1 = DIX_DE_DER if last == 1 and capot != 1 else 0
    belote0 = BELOTE_POINTS if belote == 0 else 0
    belote1 = BELOTE_POINTS if belote == 1 else 0
    announces0 = announces1 = 0
    for team, value in inp["announces"]:
        if team == 0:
            announces0 += value
        elif team == 1:
            announces1 += value
    names = seating.names
    return (
        Tally(names[0], cards0, last0, belote0, announces0, capot == 0,
                     cards0 + last0 + belote0 + announces0),
        Tally(names[1], cards1, last1, belote1, announces1, capot == 1,
                     cards1 + last1 + belote1 + announces1),
    )  # fmt: skip


def belote_record(inp: Mapping[str, Any], table: Table, carry: Any) -> BeloteRecord:
    """Work out what a belote round was: made (the taker's team has more), a litige (a
    tie, unless ``litige`` is off) or dedans; ``carry`` is what earlier litiges held."""
    params: BeloteParams = table.params
    seating = _seating(table)
    taker_team = seating.team[inp["taker"]]
    both = _team_tallies(inp, seating, taker_team)
    taker, defense = both[taker_team], both[1 - taker_team]
    held = carry if type(carry) is int else 0  # None before the first litige
    round_points = won_announces = kept = held_out = 0
    if taker.total > defense.total:
        verdict = _MADE
    elif taker.total == defense.total and params.litige:
        verdict = _LITIGE
        # Belote-rebelote is never held (unless the table holds it): it scores at once.
        kept = taker.belote if params.litige_belote == _KEPT else 0
        held_out = held + taker.total - kept
    else:
        verdict = _DEDANS
        if defense.capot:
            round_points = defense.cards  # the capot's value
        else:
            round_points = card_total(inp["trump"], params) + DIX_DE_DER
        won_announces = defense.announces
        if params.dedans_announcements == _ALL:
            won_announces += taker.announces
    return BeloteRecord(
        inp["taker"],
        seating.names[taker_team],
        _TRUMP_OF[inp["trump"]],
        taker_team,
        both,
        inp["announces"],
        verdict,
        held,
        round_points,
        won_announces,
        kept,
        held_out,
    )


def belote_scores(record: BeloteRecord) -> tuple[int, int]:
    """Each team's score, team 0 first, from the record of a belote round: made, each its
    total; a litige, the defence its total and the taker's team its kept belote; dedans,
    the defence the round, its belote and the announcements it wins, the taker's team its
    belote.  The winner of a round that is not a litige collects the points held."""
    _, _, _, taker_team, both, _, verdict, held_in, round_points, won_announces, kept, _ = record
    taker, defense = both[taker_team], both[1 - taker_team]
    if verdict is _MADE:
        t, d = taker.total + held_in, defense.total
    elif verdict is _LITIGE:
        t, d = kept, defense.total
    else:
        t, d = taker.belote, round_points + defense.belote + won_announces + held_in
    return (t, d) if taker_team == 0 else (d, t)


def coinche_record(inp: Mapping[str, Any], table: Table) -> CoincheRecord:
    """Work out what a coinche round was: made iff the taker's team reaches its contract
    and has more than the defence (a capot contract: its team took every trick; a
    générale: the taker did)."""
    params: CoincheParams = table.params
    seating = _seating(table)
    taker_team = seating.team[inp["taker"]]
    both = _team_tallies(inp, seating, taker_team)
    contract = inp["contract"]
    value = CONTRACT_VALUES[contract]
    special = type(contract) is not int
    if not special:
        taker_total = both[taker_team].total
        made = taker_total >= value and taker_total > both[1 - taker_team].total
    elif contract == _CAPOT:
        contract, made = _CAPOT, inp["capot"] == taker_team
    else:
        contract, made = _GENERALE, bool(inp["generale_made"])
    # Official rules score a capot contract, a générale or a made capot on a larger base.
    larger = special or inp["capot"] is not None
    return CoincheRecord(
        inp["taker"],
        seating.names[taker_team],
        _TRUMP_OF[inp["trump"]],
        taker_team,
        both,
        inp["announces"],
        contract,
        value,
        _LEVEL_OF[inp["coinche"]],
        made,
        params.capot_base if larger else params.base,
        params.rounding,
        params.coinche_announcements == _WINNER,
        special and _capot_unclaimed(inp, table),
    )


_LEVEL_OF: Mapping[int, Level] = {level.value: level for level in Level}


def coinche_scores(record: CoincheRecord) -> tuple[int, int]:
    """Each team's score, team 0 first, from the record of a coinche round: made and not
    coinché, each its own total (rounded under official rules), the taker's team plus the
    contract; else the round's winner (base + contract) × level, its belote and (under
    ``winner``) every announcement, the other team its belote."""
    _, _, _, taker_team, (team0, team1), _, _, value, level, made, base, rounding, to_winner, _ = (
        record
    )
    if made and level is _NOT_COINCHED:
        own0, own1 = team0.total, team1.total
        if rounding:
            own0, own1 = round_tens(own0), round_tens(own1)
        return (own0 + value, own1) if taker_team == 0 else (own0, own1 + value)
    won = (base + value) * level
    if to_winner:
        won += team0.announces + team1.announces
    if (taker_team == 0) is made:  # team 0 wins the round
        return won + team0.belote, team1.belote
    return team0.belote, won + team1.belote


# --------------------------------------------------------------------------------------------
# The breakdown: written from the record, and only here


def explain(record: BeloteRecord | CoincheRecord, table: Table) -> tuple[Msg, ...]:
    """The breakdown of a round, line by line, from its record: each team's total term by
    term, then how the totals became scores.  (The record holds everything the lines say:
    ``table`` is the games' common signature, for a game whose lines would need it.)

    >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
    >>> inp = {"taker": "Ann", "trump": "spades", "points": 90, "dix_de_der": 0,
    ...        "belote": None, "announces": [], "capot": None}
    >>> for line in explain(belote_record(inp, t, 81), t):
    ...     print(line)
    AC: 90 in cards + 10 dix de der = 100
    BD: 62 in cards = 62
    contract made: 100 > 62, each team scores its total
    held: AC collect the 81 held, 100 + 81 = 181
    """
    lines = [_tally_line(t) for t in record.tallies]
    if isinstance(record, BeloteRecord):
        lines += _belote_lines(record)
    else:
        lines += _coinche_lines(record)
    return tuple(lines)


def _sum(terms: Sequence[str]) -> str:
    """Terms added up, ``82 in cards + 10 dix de der``: a message of messages, so that each
    term is said in the reader's language.

    >>> _sum([msg("{points} in cards", points=82), msg("{points} belote", points=20), "7"])
    '82 in cards + 20 belote + 7'
    """
    total = terms[0]
    for term in terms[1:]:
        total = msg("{sum} + {term}", sum=total, term=term)
    return total


def _tally_line(tally: Tally) -> Msg:
    """A team's total, e.g. ``Us: 82 in cards + 10 dix de der = 92``."""
    terms = [
        msg("{points} capot", points=tally.cards)
        if tally.capot
        else msg("{points} in cards", points=tally.cards)
    ]
    if tally.dix_de_der:
        terms.append(msg("{points} dix de der", points=tally.dix_de_der))
    if tally.belote:
        terms.append(msg("{points} belote", points=tally.belote))
    if tally.announces:
        terms.append(msg("{points} announcements", points=tally.announces))
    return msg("{team}: {terms} = {total}", team=tally.team, terms=_sum(terms), total=tally.total)


def _belote_lines(record: BeloteRecord) -> list[Msg]:
    """How a belote round's totals became scores: made, litige or dedans, then the held
    points collected by the winner."""
    taker, defense = record.tallies[record.taker_team], record.tallies[1 - record.taker_team]
    if record.verdict is Verdict.LITIGE:
        return _litige_lines(record, taker, defense)
    if record.verdict is Verdict.MADE:
        lines = [
            msg(
                "contract made: {taker} > {defense}, each team scores its total",
                taker=taker.total,
                defense=defense.total,
            )
        ]
        before = taker.total
    else:
        lines = _dedans_lines(record, taker, defense)
        before = record.round_points + defense.belote + record.won_announces
    if record.held_in:
        lines.append(
            msg(
                "held: {winner} collect the {held} held, {before} + {held} = {total}",
                winner=record.tallies[record.winner].team,
                held=record.held_in,
                before=before,
                total=before + record.held_in,
            )
        )
    return lines


def _litige_lines(record: BeloteRecord, taker: Tally, defense: Tally) -> list[Msg]:
    """A litige: the defence scores its total; the taker team's (but a kept belote) waits."""
    kept, held, pot = record.kept, record.held_in, record.held_out
    rest = taker.total - kept
    if kept:
        first = msg(
            "litige: {taker} = {defense}, {defense_team} score their total",
            taker=taker.total,
            defense=defense.total,
            defense_team=defense.team,
        )
    else:
        first = msg(
            "litige: {taker} = {defense}, {defense_team} score their total, {taker_team} 0",
            taker=taker.total,
            defense=defense.total,
            defense_team=defense.team,
            taker_team=taker.team,
        )
    if kept and held:
        second = msg(
            "litige: {team} score their belote ({belote}) now; the rest, "
            "{rest} + {held} already held = {pot}, is held for the next round",
            team=taker.team,
            belote=kept,
            rest=rest,
            held=held,
            pot=pot,
        )
    elif kept:
        second = msg(
            "litige: {team} score their belote ({belote}) now; the rest, "
            "{rest}, is held for the next round",
            team=taker.team,
            belote=kept,
            rest=rest,
        )
    elif held:
        second = msg(
            "litige: {taker} + {held} already held = {pot} held for the next round",
            taker=taker.total,
            held=held,
            pot=pot,
        )
    else:
        second = msg("litige: {pot} held for the next round", pot=pot)
    return [first, second]


def _dedans_lines(record: BeloteRecord, taker: Tally, defense: Tally) -> list[Msg]:
    """A dedans: the defence takes the round, its belote and the announcements it wins;
    the taker's team keeps its belote."""
    terms = [
        msg("{points} capot", points=record.round_points)
        if defense.capot
        else msg("{points} round", points=record.round_points)
    ]
    if defense.belote:
        terms.append(msg("{points} belote", points=defense.belote))
    if record.won_announces:
        terms.append(msg("{points} announcements", points=record.won_announces))
    return [
        msg(
            "dedans: {taker} {sign} {defense}, the defence takes all",
            taker=taker.total,
            sign="<" if taker.total < defense.total else "=",
            defense=defense.total,
        ),
        msg(
            "{team}: {terms} = {total}",
            team=defense.team,
            terms=_sum(terms),
            total=record.round_points + defense.belote + record.won_announces,
        ),
        *_only_belote(taker),
    ]


def _coinche_lines(record: CoincheRecord) -> list[Msg]:
    """How a coinche round's totals became scores: the contract made or not (and why),
    a capot that may have been forgotten, then each team's score."""
    taker = record.tallies[record.taker_team]
    test = _contract_test(record)
    # the level (coinché…) is said by the score's line below
    lines = [
        msg("{test}: contract made", test=test) if record.made else msg("{test}: fallen", test=test)
    ]
    if record.capot_unclaimed:
        lines.append(
            msg(
                "warning: {team} hold all {total} card points and the last trick, "
                "but no capot was given: scored as not capot (the defence may have "
                "won a trick of no points)",
                team=taker.team,
                total=taker.cards,
            )
        )
    if record.own_scores:
        lines.append(_own_line(taker, record.rounding, record.value))
        lines.append(_own_line(record.tallies[1 - record.taker_team], record.rounding))
    else:
        lines += _coinched_lines(record)
    return lines


def _contract_test(record: CoincheRecord) -> Msg:
    """What was bid and what was made, plainly, for the breakdown: ``110 bid, 108 made``,
    ``80 bid, 81 made, but the defence has 81``, ``capot bid, NS did not take every trick``
    (the contracts are game terms, French in every language)."""
    made, team = record.made, record.side
    if record.contract is Special.CAPOT:
        return (
            msg("capot bid, {team} took every trick", team=team)
            if made
            else msg("capot bid, {team} did not take every trick", team=team)
        )
    if record.contract is Special.GENERALE:
        return (
            msg("générale bid, {taker} took every trick alone", taker=record.taker)
            if made
            else msg("générale bid, {taker} did not take every trick alone", taker=record.taker)
        )
    taker = record.tallies[record.taker_team].total
    defense = record.tallies[1 - record.taker_team].total
    if taker >= record.value and not made:  # enough, but not more than the defence
        return msg(
            "{bid} bid, {made} made, but the defence has {defense}",
            bid=record.value,
            made=taker,
            defense=defense,
        )
    return msg("{bid} bid, {made} made", bid=record.value, made=taker)


def _own_line(tally: Tally, rounding: bool, contract: int = 0) -> Msg:
    """A team's own total (rounded under official rules), plus its contract if any."""
    total = tally.total
    points = round_tens(total) if rounding else total
    shown = (
        str(total)
        if points == total
        else msg("{total} rounded to {points}", total=total, points=points)
    )
    if contract:
        return msg(
            "{team}: {shown} + {contract} contract = {total}",
            team=tally.team,
            shown=shown,
            contract=contract,
            total=points + contract,
        )
    return msg(
        "{team}: their total {shown} = {points}", team=tally.team, shown=shown, points=points
    )


def _coinched_lines(record: CoincheRecord) -> list[Msg]:
    """A coinché or fallen contract: the winner's (base + contract) × level, its belote and
    the announcements it scores, each dropped announcement, the other team's belote."""
    winner, loser = record.tallies[record.winner], record.tallies[1 - record.winner]
    level, k = record.level, int(record.level)
    # Sheer arithmetic (and the level, a game term): nothing to translate.
    terms: list[str] = [
        f"({record.base} + {record.value}) × {k} {level.word}"
        if level is not Level.NONE
        else f"{record.base} + {record.value}"
    ]
    if winner.belote:
        terms.append(msg("{points} belote", points=winner.belote))
    # The seed's formulas leave the announcements out; a table may give them all to the
    # round's winner.
    announces = record.tallies[0].announces + record.tallies[1].announces
    if record.to_winner and announces:
        terms.append(msg("{points} announcements", points=announces))
    won = (record.base + record.value) * k + winner.belote
    lines = [
        msg(
            "{team}: {terms} = {total}",
            team=winner.team,
            terms=_sum(terms),
            total=won + announces if record.to_winner else won,
        )
    ]
    if not record.to_winner:
        names = (record.tallies[0].team, record.tallies[1].team)
        for team, points in record.announces:
            lines.append(
                msg(
                    "announcement {points} ({team}): not scored, the contract was {level}",
                    points=points,
                    team=names[team],
                    level=level.word,
                )
                if record.made
                else msg(
                    "announcement {points} ({team}): not scored, the contract fell",
                    points=points,
                    team=names[team],
                )
            )
    lines.extend(_only_belote(loser))
    return lines


def _only_belote(tally: Tally) -> list[Msg]:
    """The line of a team that scores only its belote (none when it had no belote: a team
    that scores nothing is not named)."""
    if not tally.belote:
        return []
    return [msg("{team}: only their belote = {belote}", team=tally.team, belote=tally.belote)]


# --------------------------------------------------------------------------------------------
# Fields


_about = about  # (the field an error of a shared helper is about)


def _answer(raw: Mapping[str, Any], key: str) -> Any:
    """What the reader makes of one raw answer, or None when it is absent or unreadable:
    a field's ``applies`` must never raise (the error belongs to the field's own reading).

    >>> _answer({"trump": " Coeur "}, "trump"), _answer({"coinche": "oui"}, "coinche")
    ('Coeur', True)
    >>> _answer({"coinche": "maybe"}, "coinche") is None
    True
    """
    try:
        return read_answers(_FIELD_OF[key], {key: raw.get(key)}, game="coinche").get(key)
    except InputError:
        return None


def _quietly(read: Callable[[str], Any], raw: Mapping[str, Any], key: str) -> Any:
    """What a raw answer means (``read``), or None when it is absent or wrong."""
    text = _answer(raw, key)
    if text is None:
        return None
    try:
        return read(text)
    except InputError:
        return None


def _taker_team(table: Table, raw: Mapping[str, Any]) -> str | None:
    """The name of the team of the taker answered so far (``None``: none readable yet)."""
    taker = raw.get("taker") if isinstance(raw, Mapping) else None
    if not isinstance(taker, str):
        return None
    try:
        return team_names(table)[resolve_team(taker, table, 0, "--taker")]
    except InputError:
        return None


def _not_sans_atout(table: Table, raw: Mapping[str, Any]) -> bool:
    return _quietly(lambda t: _trump(t, tout_atout=True), raw, "trump") != Trump.SANS_ATOUT


def _points_not_given(table: Table, raw: Mapping[str, Any]) -> bool:
    return _answer(raw, "points") is None


def _generale_contract(table: Table, raw: Mapping[str, Any]) -> bool:
    return _quietly(_contract, raw, "contract") == Special.GENERALE


def _not_coinched(table: Table, raw: Mapping[str, Any]) -> bool:
    return not _answer(raw, "coinche")


def _capot_contract(table: Table, raw: Mapping[str, Any]) -> bool:
    return _quietly(_contract, raw, "contract") == Special.CAPOT


# What a capot, or a contract made by taking every trick, stands for: the card points
# (all of them to the capot team) and the last trick (the capot team's).
_CAPOT_IMPLIES = ("points", "defense_points", "dix_de_der")


_TEAM_HELP = "taker, defense, a player or a team"


# The round fields, declared once: belote's, and coinche's, which adds the contract and its
# level, tout atout and the générale.
_TAKER = Field("taker", FieldKind.PLAYER, "Who took?",
               "the player who took (their team is the attack)", required=True,
               words=Words(bare=True))  # fmt: skip
_TRUMP_HELP = "the trump: spades, hearts, diamonds, clubs, sa (sans atout)"
_BELOTE_TRUMP = Field("trump", FieldKind.CHOICE, "Trump?", _TRUMP_HELP,
                      choices=BELOTE_TRUMPS, required=True, words=Words(bare=True))  # fmt: skip
_COINCHE_TRUMP = Field("trump", FieldKind.CHOICE, "Trump?", _TRUMP_HELP + ", ta (tout atout)",
                       choices=TRUMPS, required=True, words=Words(bare=True))  # fmt: skip
_CONTRACT_FIELDS = (
    Field("contract", FieldKind.CHOICE, "Contract?",
          f"{LOWEST_CONTRACT} to {HIGHEST_CONTRACT} by tens, "
          f"capot ({CAPOT_CONTRACT}) or generale ({GENERALE_CONTRACT})",
          choices=CONTRACTS, required=True,
          # capot, generale, or the number said before the trump: 100 coeur
          words=Words(bare=True, before="trump")),
    Field("coinche", FieldKind.FLAG, "coinché (×2)", "the contract was coinché (×2)",
          asked_as=LEVEL_QUESTION, words=Words(said=("coinche", msg("coinched")))),
    Field("surcoinche", FieldKind.FLAG, "surcoinché (×4)",
          "the contract was surcoinché (×4); instead of --coinche",
          applies=_not_coinched,
          unavailable="give either --coinche (×2) or --surcoinche (×4), not both",
          asked_as=LEVEL_QUESTION, words=Words(said=("surcoinche", msg("surcoinched")))),
)  # fmt: skip
_EXTRAS = "Belote, announcements, capot?"
_CARD_FIELDS = (
    # asked first as one question (its boxes), before the points a capot stands for
    Field("belote", FieldKind.TEAM, "Which team had belote-rebelote?",
          f"the team that had belote-rebelote: {_TEAM_HELP}",
          applies=_not_sans_atout, unavailable="no belote-rebelote in sans atout",
          words=Words(marks=("belote", "bel")), among=_EXTRAS, title="belote-rebelote",
          starts_on=_taker_team),  # ticked: the list starts on the taker's team
    Field("announce", FieldKind.TEAM_VALUE, "Announcements?",
          "announcements TEAM:VALUE, VALUE among "
          + ", ".join(map(str, ANNOUNCE_VALUES))
          + " or by name (tierce, cinquante, cent, carré de neuf, carré de valets; "
          "several: NS:20+50); repeatable",
          choices=ANNOUNCES, words=Words(marks=("annonce", "ann", msg("announce"))),
          among=_EXTRAS, title="announcements"),
    Field("capot", FieldKind.TEAM, "Which team took every trick (capot)?",
          f"the team that took every trick: {_TEAM_HELP}",
          instead_of=_CAPOT_IMPLIES, words=Words(marks=("capot",)), among=_EXTRAS,
          title="capot", starts_on=_taker_team),
    Field("points", FieldKind.INTEGER,
          "Card points of the taker's team (without dix de der)?",
          "card points K of the taker's team, without the dix de der",
          words=Words(bare=True)),
    Field("defense_points", FieldKind.INTEGER,
          "Card points of the defence (without dix de der)?",
          "the defence's card points instead of --points",
          applies=_points_not_given,
          unavailable="give either --points or --defense-points, not both",
          instead_of="points", words=Words(marks=("d", "def", msg("defense"), msg("defence")))),
    Field("dix_de_der", FieldKind.TEAM, "Which team took the last trick (dix de der)?",
          f"the team that took the last trick: {_TEAM_HELP} (default: the taker's team)",
          words=Words(marks=("ddd", "der"), default="taker")),
)  # fmt: skip
# A capot or générale contract made: the one answer it needs, asked with no default.
_MADE_FIELDS = (
    Field("capot_made", FieldKind.FLAG, "Did the taker's team take every trick (capot made)?",
          "the taker's team took every trick (a capot contract made)",
          option="--capot-made", applies=_capot_contract,
          unavailable="only with a capot contract (--contract capot)",
          instead_of=(*_CAPOT_IMPLIES, "capot"), no_default=True,
          words=Words(said=("capot-fait", msg("capot-made")))),
    Field("generale_made", FieldKind.FLAG, "Did the taker alone take every trick (générale)?",
          "the taker alone took every trick (a générale contract made)",
          option="--generale-made", applies=_generale_contract,
          unavailable="only with a générale contract (--contract generale)",
          instead_of=(*_CAPOT_IMPLIES, "capot"), no_default=True,
          words=Words(said=("generale-faite", msg("generale-made")))),
)  # fmt: skip
BELOTE_FIELDS = (_TAKER, _BELOTE_TRUMP, *_CARD_FIELDS)
COINCHE_FIELDS = (_TAKER, _COINCHE_TRUMP, *_CONTRACT_FIELDS, *_MADE_FIELDS, *_CARD_FIELDS)
# Each field alone, for reading one answer quietly (``applies``).
_FIELD_OF: Mapping[str, tuple[Field, ...]] = {f.key: (f,) for f in COINCHE_FIELDS}


# --------------------------------------------------------------------------------------------
# Reading a round


def _trump(text: str, *, tout_atout: bool) -> Trump:
    """The trump a text names (tout atout only at coinche)."""
    choices = TRUMPS if tout_atout else BELOTE_TRUMPS
    if not tout_atout and TRUMPS[-1].matches(text):
        accepted = said_values(choices)
        raise InputError(
            msg("--trump: no tout atout in belote (accepted: {accepted})", accepted=accepted),
            field="trump",
        )
    with _about("trump"):
        return _TRUMP_OF[pick_choice(text, choices, what="--trump")]


def _contract(text: str) -> int | Special:
    """The contract a text names: a number of points, or capot / générale."""
    choice = next((c for c in CONTRACTS if c.matches(text)), None)
    if choice is None:
        raise InputError(
            msg(
                "--contract: {text!r} is not a contract (accepted: {lowest} to {highest} "
                "by tens, capot or {capot}, generale or {generale})",
                text=text,
                lowest=LOWEST_CONTRACT,
                highest=HIGHEST_CONTRACT,
                capot=CAPOT_CONTRACT,
                generale=GENERALE_CONTRACT,
            ),
            field="contract",
        )
    return int(choice.value) if choice.value.isdigit() else Special(choice.value)


def _reject_inapplicable(fields: Sequence[Field], raw: Mapping[str, Any], table: Table) -> None:
    """Refuse a field given where it does not apply (``--belote`` in sans atout…)."""
    for f in fields:
        if _answer(raw, f.key) and not f.is_relevant(table, raw):
            reason = msg(f.unavailable)
            raise InputError(msg("{option}: {reason}", option=f.option, reason=reason), field=f.key)


class _Reading(NamedTuple):
    """What is needed to read the answers of one round."""

    answers: Answers
    table: Table
    taker_team: int

    def team(self, key: str) -> int | None:
        """The team a team field names, or None when it was not given."""
        text = self.answers.text(key)
        if text is None:
            return None
        return resolve_team(text, self.table, self.taker_team, "--" + key.replace("_", "-"), key)


class _Contract(NamedTuple):
    """Coinche's contract answers, read."""

    contract: int | Special
    level: Level
    generale_made: bool
    capot_made: bool


def _read_contract(answers: Answers) -> _Contract:
    text = answers.text("contract")
    if text is None:
        raise InputError(
            msg(
                "--contract: the contract is needed ({lowest} to {highest} by tens, "
                "capot or generale)",
                lowest=LOWEST_CONTRACT,
                highest=HIGHEST_CONTRACT,
            ),
            field="contract",
        )
    level = (
        Level.SURCOINCHE
        if answers.flag("surcoinche")
        else Level.COINCHE
        if answers.flag("coinche")
        else Level.NONE
    )
    return _Contract(
        _contract(text), level, answers.flag("generale_made"), answers.flag("capot_made")
    )


def _read_capot(reading: _Reading, contract: _Contract | None) -> tuple[int | None, str]:
    """The capot team, and the option that gave it: a made générale, or a capot contract
    made, is the taker's team's capot."""
    capot = reading.team("capot")
    if contract is None or not (contract.generale_made or contract.capot_made):
        return capot, "--capot"
    if contract.generale_made and capot not in (None, reading.taker_team):
        raise InputError(
            msg("--generale-made: the taker took every trick, so --capot must be their team"),
            field="generale_made",
        )
    if capot not in (None, reading.taker_team):
        raise InputError(
            msg("--capot-made: the taker's team took every trick, so --capot must be their team"),
            field="capot_made",
        )
    return reading.taker_team, "--generale-made" if contract.generale_made else "--capot-made"


def _too_many(option: str, value: int, total: int, trump: Trump) -> Msg:
    """Card points beyond the round's cards, said with the kind of round."""
    if trump is Trump.SANS_ATOUT:
        return msg(
            "{option}: {value} is more than the {total} card points of a sans atout round",
            option=option,
            value=value,
            total=total,
        )
    if trump is Trump.TOUT_ATOUT:
        return msg(
            "{option}: {value} is more than the {total} card points of a tout atout round",
            option=option,
            value=value,
            total=total,
        )
    return msg(
        "{option}: {value} is more than the {total} card points of a trump round",
        option=option,
        value=value,
        total=total,
    )


def _read_card_points(answers: Answers, key: str, total: int, trump: Trump) -> int | None:
    """Card points typed for ``key`` (0 to ``total``), or None when not given."""
    text = answers.text(key)
    if text is None:
        return None
    option = "--" + key.replace("_", "-")
    with _about(key):
        value = parse_int(text, what=option)
    if value > total:
        raise InputError(_too_many(option, value, total, trump), field=key)
    if value < 0:
        raise InputError(
            msg(
                "{option}: {value} is not a number of card points (0 to {total})",
                option=option,
                value=value,
                total=total,
            ),
            field=key,
        )
    return value


def _read_points(
    reading: _Reading, trump: Trump, total: int, capot: int | None, capot_by: str
) -> int:
    """The taker team's card points K, typed, converted from the defence's, or implied
    by a capot (given by ``capot_by``); a capot team must hold them all."""
    points = _read_card_points(reading.answers, "points", total, trump)
    defense = _read_card_points(reading.answers, "defense_points", total, trump)
    if points is None and defense is not None:
        points = total - defense
    if capot is None:
        if points is None:
            raise InputError(
                msg(
                    "--points: the taker team's card points are needed "
                    "(--points K or --defense-points K, 0 to {total})",
                    total=total,
                ),
                field="points",
            )
        return points
    implied = total if capot == reading.taker_team else 0
    if points is not None and points != implied:
        raise InputError(
            msg(
                "{option}: a capot team holds all {total} card points "
                "(the taker's team has {points}, the defence {defense})",
                option=capot_by,
                total=total,
                points=points,
                defense=total - points,
            ),
            field=capot_by[2:].replace("-", "_"),
        )
    return implied


def _read_last_trick(reading: _Reading, capot: int | None) -> int:
    """The team that took the last trick: the capot team, if there is one."""
    dix_de_der = reading.team("dix_de_der")
    if capot is not None and dix_de_der not in (None, capot):
        raise InputError(
            msg("--capot: the capot team took the last trick too (see --dix-de-der)"),
            field="capot",
        )
    if capot is not None:
        return capot
    if dix_de_der is None:
        raise InputError(
            msg(
                "--dix-de-der: the team that took the last trick is needed "
                "(taker, defense, a player or a team)"
            ),
            field="dix_de_der",
        )
    return dix_de_der


def _no_value(typed: str) -> tuple[str, ...]:
    """An announcement typed as nothing but separators (``NS:+``)."""
    raise UnknownName(typed.strip())


def _read_announces(reading: _Reading) -> list[list[int]]:
    """The announcements, ``[team, value]`` each, as typed."""
    announces = []
    for name, typed in reading.answers.pairs("announce"):
        # A team's name may hold a colon: the values are what follows the last one, by
        # value or by name, one or several (``NS:20+50``, ``NS:tierce, carré de valets``).
        name, _, value = f"{name}:{typed}".rpartition(":")
        try:
            values = read_named(value, ANNOUNCES) or _no_value(value)
        except UnknownName as exc:
            raise InputError(
                msg(
                    "--announce: {value!r} is not an announcement value (accepted: {accepted})",
                    value=exc.args[0],
                    accepted=", ".join(c.label for c in ANNOUNCES),
                ),
                field="announce",
            ) from None
        team = resolve_team(name, reading.table, reading.taker_team, "--announce", "announce")
        announces += ([team, int(v)] for v in values)
    return announces


# --------------------------------------------------------------------------------------------
# The games


class _CardGame(GameDefaults):
    """What belote and coinche share: players, teams, reading a round, the end of a game."""

    name: str
    params_cls: type
    presets: Mapping[str, Any]
    fields: tuple[Field, ...]
    default_preset = "maison"
    min_players = max_players = PLAYERS
    lower_wins = False
    holds_points = True  # a litige holds the points for the next round

    # Its statistics, in games/belote/stats.py (imported only by ``stats``).
    def count_round(self, row: Any, record: Any, tally: counting.Tally) -> None:
        from cardscore.games.belote import stats as belote_stats

        belote_stats.count_round(row, record, tally)

    def match(
        self, per_player: Mapping[str, Any], winners: Sequence[str]
    ) -> tuple[counting.Side, ...]:
        """Two teams: the winners' first (see :func:`belote_stats.match`)."""
        from cardscore.games.belote import stats as belote_stats

        return belote_stats.match(per_player, winners)

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
        lines = [
            msg(
                "A round with trumps is worth {round} ({cards} in the cards, {last} for the "
                "last trick); in sans atout the ace is worth {ace} and a round {sans_atout}. "
                "Belote-rebelote {belote}, announcements {lowest} to {highest}, a capot {capot}.",
                round=ROUND_POINTS,
                cards=CARD_POINTS,
                last=DIX_DE_DER,
                ace=params.sans_atout_ace,
                sans_atout=card_total(Trump.SANS_ATOUT, params) + DIX_DE_DER,
                belote=BELOTE_POINTS,
                lowest=ANNOUNCE_VALUES[0],
                highest=ANNOUNCE_VALUES[-1],
                capot=params.capot_made_value,
            ),
            *self._summary(params),
            msg(
                "The game ends when a team reaches {target}; the higher total wins.",
                target=params.target,
            ),
        ]
        return tuple(lines)

    def _summary(self, params: Any) -> list[Msg]:
        """The game's own sentences of the summary."""
        raise NotImplementedError

    def goal(self, table: Table) -> int | None:
        return int(table.params.target)

    def columns(self, table: Table) -> tuple[str, ...]:
        return team_names(table)

    def sitting_out(self, table: Table, number: int) -> str | None:
        return None

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
        """Validate raw answers; see the module docstring for the stored shape.  Every
        error names its field (``InputError.field``)."""
        answers = read_answers(self.fields, raw, game=self.name)
        _reject_inapplicable(self.fields, raw, table)
        taker_text = answers.text("taker")
        if taker_text is None:
            raise InputError(
                msg("--taker: who took is needed ({players})", players=", ".join(table.players)),
                field="taker",
            )
        with _about("taker"):
            taker = table.find_player(taker_text, what="--taker")
        reading = _Reading(answers, table, team_of(taker, table))
        trump_text = answers.text("trump")
        if trump_text is None:
            accepted = said_values(self.fields[1].choices)
            raise InputError(
                msg("--trump: the trump is needed ({accepted})", accepted=accepted), field="trump"
            )
        trump = _trump(trump_text, tout_atout=self.has_contract)
        total = card_total(trump, table.params)
        # The contract is read early: --generale-made implies a capot.
        contract = _read_contract(answers) if self.has_contract else None
        capot, capot_by = _read_capot(reading, contract)
        points = _read_points(reading, trump, total, capot, capot_by)
        inp: dict[str, Any] = {"taker": taker, "trump": trump}
        if contract is not None:
            inp |= {"contract": contract.contract, "coinche": int(contract.level)}
        inp |= {
            "points": points,
            "dix_de_der": _read_last_trick(reading, capot),
            "belote": reading.team("belote"),
            "announces": _read_announces(reading),
            "capot": capot,
        }
        if contract is not None:
            inp["generale_made"] = contract.generale_made
        return inp

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """The round with its taker renamed (the other answers name teams by their seats).

        >>> BELOTE.renamed({"taker": "Dna", "belote": 1}, {"Dna": "Dan"})
        {'taker': 'Dan', 'belote': 1}
        """
        taker = inp["taker"]
        return {**inp, "taker": names.get(taker, taker)}

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        """The raw answers a stored round was built from, keyed by field: what
        :meth:`build_round` reads back into the same input.  The taker's card points as
        stored (never the defence's); teams by their names, or by ``taker``/``defense``
        where a name would be read as something else; what a capot implies (the card
        points, the last trick) and what a made générale implies (the capot) left out, as
        they are typed, but a générale's capot is kept: it stays true without the générale.

        >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
        >>> inp = {"taker": "Bob", "trump": "hearts", "contract": 100, "coinche": 2,
        ...        "points": 98, "dix_de_der": 1, "belote": 0, "announces": [[1, 50]],
        ...        "capot": None, "generale_made": False}
        >>> COINCHE.answers(inp, t)  # doctest: +NORMALIZE_WHITESPACE
        {'taker': 'Bob', 'trump': 'hearts', 'contract': '100', 'coinche': True, 'points': '98',
         'dix_de_der': 'BD', 'belote': 'AC', 'announce': ['BD:50']}
        >>> COINCHE.build_round(COINCHE.answers(inp, t), t, 1) == inp
        True
        """
        taker_team = team_of(inp["taker"], table)

        def team(index: int, *, announce: bool = False) -> str:
            return _team_answer(index, table, taker_team, announce=announce)

        answers: dict[str, Any] = {"taker": inp["taker"], "trump": str(inp["trump"])}
        if self.has_contract:
            contract = inp["contract"]
            answers["contract"] = str(contract if type(contract) is int else Special(contract))
            level = _LEVEL_OF[inp["coinche"]]
            if level is Level.COINCHE:
                answers["coinche"] = True
            elif level is Level.SURCOINCHE:
                answers["surcoinche"] = True
        capot = inp["capot"]
        if capot is None:
            answers["points"] = str(inp["points"])
            answers["dix_de_der"] = team(inp["dix_de_der"])
        if inp["belote"] is not None:
            answers["belote"] = team(inp["belote"])
        announces = [
            f"{team(t, announce=True)}:{value}" for t, value in inp["announces"] if t in (0, 1)
        ]
        if announces:
            answers["announce"] = announces
        # a capot contract made is said as such (its question is "capot made?")
        capot_made = inp.get("contract") == Special.CAPOT and capot == taker_team
        if capot is not None and not capot_made:
            answers["capot"] = team(capot)
        if capot_made:
            answers["capot_made"] = True
        if inp.get("generale_made"):
            answers["generale_made"] = True
        return answers

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        """The round in one line: taker, trump and card points (belote), taker, contract,
        trump, level and card points (coinche), then the outcome when ``record`` is given.

        >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
        >>> inp = {"taker": "Dan", "trump": "hearts", "points": 82, "dix_de_der": 1,
        ...        "belote": None, "announces": [], "capot": None}
        >>> BELOTE.headline(inp, t, BELOTE.score(inp, t, 1, None).record)
        'Dan ♥ 82 → made'
        """
        line = self._round_line(inp, table)
        if record is None:
            return line
        return _OUTCOME_LINES[record.verdict](line)

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
        line = self._round_line(inp, table)
        if record is None:
            return line
        if record.verdict is Verdict.LITIGE:
            return msg("{round}, litige, {held} held", round=line, held=record.held_out)
        if record.verdict is Verdict.DEDANS:
            return msg("{round}, {more}", round=line, more=self._fell)
        return line

    #: how the Played column says the taker's team fell
    _fell: Msg = msg("dedans")

    def _round_line(self, inp: Mapping[str, Any], table: Table) -> Msg:
        """What the round was, without its outcome."""
        raise NotImplementedError


def _team_answer(index: int, table: Table, taker_team: int, *, announce: bool = False) -> str:
    """How a team is answered: its name, unless the reader would take that name for
    something else whoever takes (a team named ``Défense``, two names alike once folded, a
    colon in an announcement's name), then ``taker`` or ``defense``, which the reader takes
    first.  ``announce``: the name as it reads in ``NAME:VALUE``."""
    name = team_names(table)[index]
    read = name
    if announce:  # the reader splits at the first colon and resolves up to the last one
        head, _, rest = f"{name}:0".partition(":")
        read = f"{head.strip()}:{rest.strip()}".rpartition(":")[0]
    try:
        if all(resolve_team(read, table, t, "--team") == index for t in range(TEAMS)):
            return name
    except InputError:
        pass
    return "taker" if index == taker_team else "defense"


# The trumps as the one-line summary of a round shows them.
_TRUMP_SIGNS: Mapping[str, str] = {
    Trump.SPADES: "♠",
    Trump.HEARTS: "♥",
    Trump.DIAMONDS: "♦",
    Trump.CLUBS: "♣",
    Trump.SANS_ATOUT: "sans atout",  # game terms, French in every language
    Trump.TOUT_ATOUT: "tout atout",
}
_OUTCOME_LINES: Mapping[Verdict, Callable[[str], Msg]] = {
    Verdict.MADE: lambda line: msg("{round} → made", round=line),
    Verdict.DEDANS: lambda line: msg("{round} → dedans", round=line),
    Verdict.LITIGE: lambda line: msg("{round} → litige", round=line),
}


def _card_points_line(inp: Mapping[str, Any], table: Table) -> str:
    """The taker team's card points, or the capot: ``82``, ``capot``, ``capot by EW``."""
    capot = inp["capot"]
    if capot is None:
        return str(inp["points"])
    if capot == team_of(inp["taker"], table):
        return "capot"  # a game term
    return msg("capot by {team}", team=team_names(table)[capot])


_Team = Literal[0, 1]  # a team as a stored input names it: team 0 = players 1 & 3


class StoredBelote(Stored):
    """A belote round as a session file holds it (see :meth:`BeloteGame.build_round`),
    checked on every read: teams by their index, points within the deal's cards."""

    taker: str
    trump: Trump
    points: Annotated[int, msgspec.Meta(ge=0, le=CARD_POINTS)]
    dix_de_der: _Team | None
    belote: _Team | None
    announces: list[tuple[_Team, Annotated[int, msgspec.Meta(ge=0, le=1000)]]]
    capot: _Team | None

    def names(self) -> list[str]:
        return [self.taker]

    def check(self, table: Table) -> None:
        total = card_total(self.trump, table.params)
        if self.points > total:
            raise ValueError(
                msg("{points} card points, of {total} in the deal", points=self.points, total=total)
            )


class StoredCoinche(StoredBelote):
    """A coinche round as a session file holds it: a belote round with its contract."""

    contract: (
        Annotated[int, msgspec.Meta(ge=LOWEST_CONTRACT, le=HIGHEST_CONTRACT, multiple_of=10)]
        | Special
    )
    coinche: Level
    generale_made: bool


class BeloteGame(_CardGame):
    """Classic belote: made, dedans or litige (docs/rules.md, Belote)."""

    name = "belote"
    params_cls = BeloteParams

    def own_figures(self, figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        from cardscore.games.belote import stats as belote_stats

        return belote_stats.belote_figures(figures, names)

    @property
    def stats_view(self) -> StatsView:
        from cardscore.games.belote import stats as belote_stats

        return belote_stats.BELOTE_VIEW

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
        lines = [
            msg(
                "The taker's team must score more than the defence; otherwise it "
                "is dedans and the defence takes the whole round."
            )
        ]
        if params.litige:
            lines.append(
                msg(
                    "A tie is a litige: the defence scores its points, the "
                    "taker's wait for the winner of the next round."
                )
            )
            if params.litige_belote == LitigeBelote.KEPT:
                lines.append(
                    msg(
                        "Belote-rebelote is never held: in a litige the taker's team "
                        "scores its belote at once, only the rest waits."
                    )
                )
        return lines

    def _round_line(self, inp: Mapping[str, Any], table: Table) -> Msg:
        """``South ♥ 82``: the taker, the trump, his team's card points (or its capot)."""
        return msg(
            "{taker} {trump} {points}",
            taker=inp["taker"],
            trump=_TRUMP_SIGNS[inp["trump"]],
            points=_card_points_line(inp, table),
        )

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

    _fell = msg("fallen")  # a coinche contract falls (« chuté »)

    name = "coinche"

    def own_figures(self, figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        from cardscore.games.belote import stats as belote_stats

        return belote_stats.coinche_figures(figures, names)

    @property
    def stats_view(self) -> StatsView:
        from cardscore.games.belote import stats as belote_stats

        return belote_stats.COINCHE_VIEW

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
        lines = [
            msg(
                "The taker's team must reach its contract ({lowest} to {highest}, capot, "
                "générale) and score more than the defence. Made: its points plus the "
                "contract; coinché or surcoinché: ({base} + contract) × {coinche} or "
                "× {surcoinche}. Fallen: the defence scores {base} + the contract, × the "
                "coinche.",
                lowest=LOWEST_CONTRACT,
                highest=HIGHEST_CONTRACT,
                base=params.base,
                coinche=int(Level.COINCHE),
                surcoinche=int(Level.SURCOINCHE),
            )
        ]
        if params.rounding:
            lines.append(
                msg(
                    "Each team's points are rounded to the ten ({half} up).",
                    half=ROUNDING_UNIT // 2,
                )
            )
        lines.append(
            msg(
                "Announcements count towards the contract; they score only in a made "
                "contract that was not coinché."
            )
            if params.coinche_announcements == CoincheAnnouncements.SEED
            else msg(
                "Announcements count towards the contract; in a coinché or fallen round "
                "the team that wins it also scores every announcement of both teams."
            )
        )
        lines.append(_tout_atout_summary())
        return lines

    def second_thoughts(self, inp: Mapping[str, Any], table: Table) -> tuple[tuple[str, str], ...]:
        """The questions worth asking again once a whole round is known, each with why:
        ``(field key, explanation)`` pairs (the interactive flow asks them once more).

        A capot or générale contract whose team holds every card point and the last trick
        but has no capot: was the capot forgotten?"""
        if not _capot_unclaimed(inp, table):
            return ()
        why = msg(
            "{team} hold all {total} card points and the last trick, but no capot was given: "
            "without it the round is scored as not capot (the defence may have won a trick "
            "of no points). Did {team} take every trick?",
            team=team_names(table)[team_of(inp["taker"], table)],
            total=inp["points"],
        )
        return (("capot", why),)

    def _round_line(self, inp: Mapping[str, Any], table: Table) -> Msg:
        """``South 100 ♥ coinché, 98``: the taker, the contract, its trump and level (game
        terms), then his team's card points or its capot, left out when they say no more than the
        outcome (a capot contract and his team's capot, a générale made)."""
        contract = inp["contract"]
        word = "générale" if contract == Special.GENERALE else str(contract)
        level = _LEVEL_OF[inp["coinche"]].word
        named = " ".join(filter(None, (word, _TRUMP_SIGNS[inp["trump"]], level)))
        taker_capot = inp["capot"] == team_of(inp["taker"], table)
        if (contract == Special.CAPOT and taker_capot) or inp["generale_made"]:
            return msg("{taker} {contract}", taker=inp["taker"], contract=named)
        return msg(
            "{taker} {contract}, {points}",
            taker=inp["taker"],
            contract=named,
            points=_card_points_line(inp, table),
        )

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


_explain = explain  # the games' ``score`` has a parameter of that name


def _tout_atout_summary() -> Msg:
    """How tout atout counts its cards, with the values a table must convert to."""
    v = TOUT_ATOUT_VALUES
    return msg(
        "Tout atout counts every suit on the {scale} scale: J {jack}, 9 {nine}, "
        "A {ace}, 10 {ten}, K {king}, Q {queen}, 8 and 7 {low} ({suit} a suit); "
        "a table that counts the {trumps} points of the trump values ({cards} in "
        "the cards + {last} dix de der) must convert its count to this scale.",
        scale=CARD_POINTS,
        jack=v["J"],
        nine=v["9"],
        ace=v["A"],
        ten=v["10"],
        king=v["K"],
        queen=v["Q"],
        low=v["8"],
        suit=sum(v.values()),
        trumps=TRUMP_VALUES_TOTAL + DIX_DE_DER,
        cards=TRUMP_VALUES_TOTAL,
        last=DIX_DE_DER,
    )


def _capot_unclaimed(inp: Mapping[str, Any], table: Table) -> bool:
    """Whether a capot or générale contract's team holds all the card points and the last
    trick while no capot was given: the defence may have won a trick of no points, or the
    capot was forgotten.

    >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
    >>> inp = {"taker": "Ann", "trump": "hearts", "contract": "capot", "points": 152,
    ...        "dix_de_der": 0, "capot": None}
    >>> _capot_unclaimed(inp, t), _capot_unclaimed({**inp, "capot": 0}, t)
    (True, False)
    """
    return (
        inp.get("contract") in (Special.CAPOT, Special.GENERALE)
        and inp["capot"] is None
        and inp["dix_de_der"] == team_of(inp["taker"], table)
        and inp["points"] == card_total(inp["trump"], table.params)
    )


BELOTE = BeloteGame()
COINCHE = CoincheGame()
