"""The scoring of belote and coinche (docs/rules.md, Belote and Coinche), read top to
bottom in the order the rules tell it: the table and its two teams, what the cards are
worth, how a round is counted (each team's tally, then made, dedans or litige), belote's
parameters; then coinche's contract, made or fallen, its score and its parameters.

A round is scored in two steps: :func:`belote_record` / :func:`coinche_record` work out what
it *was* (a record of :mod:`.record`), and :func:`belote_scores` / :func:`coinche_scores`
give each team's score from that record.

>>> table = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
>>> inp = {"taker": "Ann", "trump": "hearts", "points": 82, "dix_de_der": 0, "belote": 0,
...        "announces": [[1, 20]], "capot": None}
>>> record = belote_record(inp, table, None)
>>> [t.total for t in record.tallies], record.verdict, belote_scores(record)
([112, 90], <Verdict.MADE: 'made'>, (112, 90))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple

from cardscore.games.base import Table, param_field
from cardscore.games.belote.record import (
    BeloteRecord,
    CoincheRecord,
    Level,
    Special,
    Tally,
    Trump,
    Verdict,
    round_tens,
)
from cardscore.i18n import msg

# --------------------------------------------------------------------------------------------
# Belote › The table: four players, two teams

TEAMS = 2  # team 0: seats 1 & 3, team 1: seats 2 & 4
PLAYERS = 2 * TEAMS


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


# --------------------------------------------------------------------------------------------
# Belote › What the cards are worth (and the rules' other numbers)

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


def card_total(trump: str, params: _CardParams) -> int:
    """The card points of a round, without the dix de der.

    A suit's plain cards are worth ace + 10 + 4 + 3 + 2 = ace + 19, hence 4 × (ace + 19)
    in sans atout: 120 with the maison ace of 11, 152 with the official 19.

    >>> card_total("hearts", BeloteParams()), card_total("sa", BeloteParams())
    (152, 120)
    >>> card_total("sa", BELOTE_PRESETS["official"])
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
# Belote › How a round is counted: each team's tally, then made, dedans or litige

TRUMP_OF: Mapping[str, Trump] = {t.value: t for t in Trump}
_SANS_ATOUT = Trump.SANS_ATOUT.value  # a plain str: compared in every round of a replay
_MADE, _DEDANS, _LITIGE = Verdict.MADE, Verdict.DEDANS, Verdict.LITIGE  # bound once: hot


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
        TRUMP_OF[inp["trump"]],
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


# --------------------------------------------------------------------------------------------
# Belote › Belote parameters


class DedansAnnouncements(StrEnum):
    """Belote parameter ``dedans-announcements``: what the defence of a dedans scores."""

    ALL = "all"  # both teams' announcements
    OWN = "own"  # its own; the taker's are lost


class LitigeBelote(StrEnum):
    """Belote parameter ``litige-belote``: the taker team's belote in a litige."""

    KEPT = "kept"  # scores at once, only the rest is held
    HELD = "held"  # held with the rest (how files saved before the parameter scored)


# Bound once: compared in every round of a replay.
_KEPT, _ALL = LitigeBelote.KEPT, DedansAnnouncements.ALL


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

    >>> BeloteParams().litige, BELOTE_PRESETS["official"].sans_atout_ace
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


BELOTE_PRESETS: Mapping[str, BeloteParams] = {
    "maison": BeloteParams(),
    # The two belote rule sets differ only in the sans atout ace.
    "official": BeloteParams(sans_atout_ace=OFFICIAL_ACE, capot_sans_atout=CAPOT_VALUE),
}

# --------------------------------------------------------------------------------------------
# Coinche › The contract, Made or fallen, The score

NUMBERED_CONTRACTS = tuple(range(LOWEST_CONTRACT, HIGHEST_CONTRACT + 1, CONTRACT_STEP))
# Contracts are stored as the int value (80…180) or a Special ("capot" / "generale").
CONTRACT_VALUES: Mapping[int | str, int] = {
    **{v: v for v in NUMBERED_CONTRACTS},
    Special.CAPOT: CAPOT_CONTRACT,
    Special.GENERALE: GENERALE_CONTRACT,
}
LEVEL_OF: Mapping[int, Level] = {level.value: level for level in Level}
_NOT_COINCHED = Level.NONE  # bound once: hot
_CAPOT, _GENERALE = Special.CAPOT, Special.GENERALE


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
        TRUMP_OF[inp["trump"]],
        taker_team,
        both,
        inp["announces"],
        contract,
        value,
        LEVEL_OF[inp["coinche"]],
        made,
        params.capot_base if larger else params.base,
        params.rounding,
        params.coinche_announcements == _WINNER,
        special and capot_unclaimed(inp, table),
    )


def capot_unclaimed(inp: Mapping[str, Any], table: Table) -> bool:
    """Whether a capot or générale contract's team holds all the card points and the last
    trick while no capot was given: the defence may have won a trick of no points, or the
    capot was forgotten.

    >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
    >>> inp = {"taker": "Ann", "trump": "hearts", "contract": "capot", "points": 152,
    ...        "dix_de_der": 0, "capot": None}
    >>> capot_unclaimed(inp, t), capot_unclaimed({**inp, "capot": 0}, t)
    (True, False)
    """
    return (
        inp.get("contract") in (Special.CAPOT, Special.GENERALE)
        and inp["capot"] is None
        and inp["dix_de_der"] == team_of(inp["taker"], table)
        and inp["points"] == card_total(inp["trump"], table.params)
    )


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
# Coinche › Coinche parameters


class CoincheAnnouncements(StrEnum):
    """Coinche parameter ``coinche-announcements``: announcements in a coinché or fallen
    round."""

    SEED = "seed"  # count towards the contract, score only in a made round not coinché
    WINNER = "winner"  # the round's winner also scores every announcement of both teams


_WINNER = CoincheAnnouncements.WINNER  # bound once: compared in every round of a replay


@dataclass(frozen=True)
class CoincheParams(_CardParams):
    """Rule parameters of coinche (docs/rules.md, Coinche › Coinche parameters).

    >>> p = COINCHE_PRESETS["official"]
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
