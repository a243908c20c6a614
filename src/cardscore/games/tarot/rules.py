"""French tarot for 3 to 6 players, scored by the ``fft`` or the ``maison`` rules.

The players' rules are ``docs/rules.md``, section "Tarot": "Rule set `fft`: the official
scoring" and "Rule set `maison`: the house rules".  Everything a table may play differently
is a :class:`TarotParams` field.

Scoring a round goes in three steps: :func:`work_out` reads the stored input into a
:class:`TarotRecord` (what the round *was*: contract, points, gap, multiplier, every term
with its owner), :func:`scores_of` turns the record into every player's score, and
:func:`explain` writes the breakdown from the record — the only place that does.

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

Why one module of 2,000 lines: a game's rules read best in one place, in the order a
round goes — its parameters, its fields (the questions, the ``add`` options and the one-line
words), reading a round, the record of what it was, the scores, then the breakdown written
from the record (each section under its own heading, 150 to 400 lines).  Its statistics,
which only ``cardscore stats`` needs, are in :mod:`cardscore.games.tarot.stats`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple

import msgspec

from cardscore.games.base import (
    BOUNDS_SCHEMA,
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
    checked_since,
    is_given,
    param_field,
    parse_int,
    parse_number,
    pick_choice,
    split_pair,
)
from cardscore.games.reading import Answers, read_answers
from cardscore.games.record import Term
from cardscore.i18n import Msg, msg

if TYPE_CHECKING:
    from cardscore.games.figures import StatsView
    from cardscore.games.tally import Tally

# --------------------------------------------------------------------------------------------
# Closed sets of values


class Contract(StrEnum):
    """What a deal was played as: one of the four bids, or nobody took."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde-sans"
    GARDE_CONTRE = "garde-contre"
    RENONCE = "renonce"
    PASSE = "passe"


class Chelem(StrEnum):
    """A chelem (every trick taken), as the round records it."""

    ANNOUNCED = "announced"
    UNANNOUNCED = "unannounced"
    FAILED = "failed"
    DEFENSE = "defense"


class Scoring(StrEnum):
    """The two scoring formulas (the ``scoring`` parameter)."""

    FFT = "fft"
    MAISON = "maison"


class Size(StrEnum):
    """How big a poignée or a misère is."""

    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"


class Kind(StrEnum):
    """The kinds of :class:`~cardscore.games.record.Term` a tarot round has."""

    CONTRACT = "contract"
    PETIT_AU_BOUT = "petit_au_bout"
    POIGNEE = "poignee"
    MISERE = "misere"
    CHELEM = "chelem"
    RENONCE = "renonce"


# --------------------------------------------------------------------------------------------
# The rules' constants (docs/rules.md, Tarot)

_ceil, _floor, _fromkeys = math.ceil, math.floor, dict.fromkeys  # bound once: scoring is hot

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MORT_TABLE = 6  # at this many players the dealer sits out (the mort)
PARTNER_TABLE = 5  # from this many players the taker calls a partner
BIDS = (Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)  # weakest first
THRESHOLDS = (56, 51, 41, 36)  # points the taker needs with 0, 1, 2, 3 bouts
CARD_POINTS = 91  # the card points of a deal, chien included
BOUTS = 3  # the petit, the 21 and the excuse
BOUT_VALUE = 4.5  # what each bout is worth
# the excuse's owner may trade it for a half-point card: a side may hold half a point less
# than its bouts are worth, and the other side half a point more
EXCUSE_TRADE = 0.5
# the defence took every trick (chelem of the defence): the taker keeps at most the excuse
BOUTS_AGAINST_A_CHELEM = 1
# the chien's cards by active players: at garde contre the defence's, unseen (a chelem made
# by the taker's side then leaves the defence the chien and, at most, the excuse)
CHIEN_CARDS = {3: 6, 4: 6, 5: 3}
# the points of the 74 cards that are not bouts, highest first: 4 kings, 4 queens, 4
# knights, 4 jacks, then 58 plain cards and trumps of half a point each
HONOURS = (4.5,) * 4 + (3.5,) * 4 + (2.5,) * 4 + (1.5,) * 4
LOW_CARD = 0.5

# fft: each defender pays (FFT_BASE + gap) × the contract's multiplier, plus the bonuses
FFT_BASE = 25
FFT_MULTIPLIERS = {
    Contract.PRISE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
FFT_PETIT_AU_BOUT = 10  # × the multiplier
FFT_POIGNEES = {Size.SIMPLE: 20, Size.DOUBLE: 30, Size.TRIPLE: 40}
FFT_CHELEMS = {
    Chelem.ANNOUNCED: 400,
    Chelem.UNANNOUNCED: 200,
    Chelem.FAILED: -200,
    Chelem.DEFENSE: -200,
}
FFT_TAKER_WITH_PARTNER = 2  # the taker's share of the unit when he called a partner
# maison: what a chelem adds to the amount per opponent, and whether the round then counts
# as made; the defence's chelem mirrors a failed announced one (a choice of these rules).
MAISON_CHELEMS = {
    Chelem.ANNOUNCED: (400, True),
    Chelem.UNANNOUNCED: (200, True),
    Chelem.FAILED: (200, False),
    Chelem.DEFENSE: (200, False),
}
MAISON_TAKER_WITH_PARTNER = 3
ROUNDING = 10  # maison's surplus and the renonce's price are rounded to ten, half up
PERSONAL_BONUS = 10  # a personal bonus: what each other player pays its holder
DOUBLE_BONUS = 2  # a double counts twice a simple (when the rule says so)
# trumps to show for a simple, double and triple poignée (fft), by active players
POIGNEE_SIZES = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13), 6: (8, 10, 13)}

CHELEM_NAMES = {
    Chelem.ANNOUNCED: msg("chelem announced and made"),
    Chelem.UNANNOUNCED: msg("chelem made unannounced"),
    Chelem.FAILED: msg("chelem announced and failed"),
    Chelem.DEFENSE: msg("chelem of the defence"),
}
# a chelem in the Played column of a sheet: short, made (✓) or not (✗)
CHELEM_PLAYED = {
    Chelem.ANNOUNCED: msg("chelem announced ✓"),
    Chelem.UNANNOUNCED: msg("chelem ✓"),
    Chelem.FAILED: msg("chelem announced ✗"),
    Chelem.DEFENSE: msg("defence's chelem"),
}
# a personal bonus's name in the breakdown (game terms: French in both languages)
BONUS_NAMES = {Kind.PETIT_AU_BOUT: "petit au bout", Kind.POIGNEE: "poignée", Kind.MISERE: "misère"}

CONTRACT_CHOICES = (
    # the usual abbreviations too (p, g, gs, gc: what a scoresheet writes)
    Choice(Contract.PRISE, "prise (petite)", aliases=("petite", "p")),
    Choice(Contract.GARDE, "garde", aliases=("g",)),
    Choice(Contract.GARDE_SANS, "garde sans", aliases=("garde sans le chien", "gs")),
    Choice(Contract.GARDE_CONTRE, "garde contre", aliases=("garde contre le chien", "gc")),
    Choice(Contract.RENONCE, "renonce (nobody took; the one with the most points pays)"),
    Choice(Contract.PASSE, "passe (everybody passed, nobody scores)"),
)
# a contract in a round's one-line headline (game terms: French in both languages)
CONTRACT_WORDS = {c.value: c.value.replace("-", " ") for c in BIDS}
POIGNEE_CHOICES = (Choice(Size.SIMPLE), Choice(Size.DOUBLE), Choice(Size.TRIPLE))
MISERE_CHOICES = (Choice(Size.SIMPLE), Choice(Size.DOUBLE))
CHELEM_CHOICES = (
    # French and Norwegian (meldt, umeldt, gått ned, forsvaret) spellings too.
    Choice(Chelem.ANNOUNCED, "announced and made", aliases=("annonce", "annonce-reussi", "meldt")),
    Choice(
        Chelem.UNANNOUNCED,
        "made, not announced",
        aliases=("non-annonce", "not-announced", "umeldt"),
    ),
    Choice(Chelem.FAILED, "announced and failed", aliases=("chute", "annonce-chute", "gatt-ned")),
    Choice(Chelem.DEFENSE, "taken by the defence", aliases=("defence", "forsvaret", "forsvar")),
)
# stored strings back to their members, by a dict lookup (faster than calling the enum)
_CONTRACTS: Mapping[str, Contract] = {c.value: c for c in Contract}
_CHELEMS: Mapping[str | None, Chelem | None] = {None: None, **{c.value: c for c in Chelem}}


# --------------------------------------------------------------------------------------------
# Parameters


def _maison_scoring(params: Any) -> bool:
    """Whether a tarot rule set scores the maison way (its contract values count)."""
    return params.scoring == Scoring.MAISON


@dataclass(frozen=True)
class TarotParams:
    """A tarot rule set (docs/rules.md, Tarot › Tarot parameters); the presets are
    :data:`PRESETS`.

    >>> PRESETS["maison"].scoring, PRESETS["maison"].half_points, PRESETS["fft"].passe
    ('maison', False, True)
    """

    scoring: str = param_field(
        "fft",
        "the scoring formula: fft (the official rules: (25 + gap) × multiplier) or maison "
        "(house rules: each contract's own value, plus the gap rounded to ten)",
        label=msg("scoring"),
        choices=tuple(s.value for s in Scoring),
    )
    half_points: bool = param_field(
        True,
        "keep half points (a half point goes to the side that wins the deal); "
        "off: a half point is dropped (55.5 → 55)",
        label=msg("half points"),
    )
    value_prise: int = param_field(
        20,
        "maison scoring: value of a prise (petite)",
        applies=_maison_scoring,
        label=msg("value of a prise"),
    )
    value_garde: int = param_field(
        40,
        "maison scoring: value of a garde",
        applies=_maison_scoring,
        label=msg("value of a garde"),
    )
    value_garde_sans: int = param_field(
        80,
        "maison scoring: value of a garde sans",
        applies=_maison_scoring,
        label=msg("value of a garde sans"),
    )
    value_garde_contre: int = param_field(
        160,
        "maison scoring: value of a garde contre",
        applies=_maison_scoring,
        label=msg("value of a garde contre"),
    )
    miseres: bool = param_field(
        False,
        "misères (simple or double) are played: a personal bonus of 10 from every other player",
        label=msg("misères"),
    )
    renonce: bool = param_field(
        False,
        "contract renonce when nobody takes: the player with the most points pays "
        "R = their points rounded to ten, to each other player",
        label=msg("renonce"),
    )
    passe: bool = param_field(
        True,
        "contract passe when everybody passes: nobody scores, the deal moves on",
        label=msg("passe"),
    )
    double_bonus_counts_double: bool = param_field(
        False,
        "maison scoring: a double poignée or double misère is worth twice a simple one "
        "(off: the same as a simple one)",
        label=msg("double bonuses count double"),
        applies=_maison_scoring,
    )


PRESETS: Mapping[str, TarotParams] = MappingProxyType(
    {
        "fft": TarotParams(),
        # the house rules drop half points and play misères and renonce; a deal nobody
        # takes is a renonce there, so passe is off.
        "maison": TarotParams(
            scoring=Scoring.MAISON.value, half_points=False, miseres=True, renonce=True, passe=False
        ),
    }
)


def _params(table: Table) -> TarotParams:
    """The table's rule set (the default preset for a bare table, as in some doctests)."""
    return table.params if isinstance(table.params, TarotParams) else PRESETS["fft"]


# --------------------------------------------------------------------------------------------
# Small public helpers (for prompts and the ``convert`` command)


def _players_error(count: int) -> InputError:
    return InputError(
        msg(
            "tarot is played by {low} to {high} players (got {count})",
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
            count=count,
        )
    )


def poignee_sizes(active_count: int) -> tuple[int, int, int]:
    """Trumps to show for a simple, double and triple poignée (fft), by active players.

    >>> poignee_sizes(3), poignee_sizes(4), poignee_sizes(5)
    ((13, 15, 18), (10, 13, 15), (8, 10, 13))
    """
    if active_count not in POIGNEE_SIZES:
        raise _players_error(active_count)
    return POIGNEE_SIZES[active_count]


def _poignee_label(table: Table, choice: Choice) -> Msg:
    """``double (10 trumps)``: what a poignée means at this table, for the prompts."""
    active = len(table.players) - (1 if len(table.players) == MORT_TABLE else 0)
    index = [c.value for c in POIGNEE_CHOICES].index(choice.value)
    return msg("{kind} ({count} trumps)", kind=choice.value, count=poignee_sizes(active)[index])


def poignee_kinds(params: TarotParams) -> tuple[Size, ...]:
    """The poignées a rule set knows: the maison rules have no triple.

    >>> poignee_kinds(PRESETS["fft"]) == ("simple", "double", "triple")
    True
    >>> poignee_kinds(PRESETS["maison"]) == ("simple", "double")
    True
    """
    if params.scoring == Scoring.MAISON:
        return (Size.SIMPLE, Size.DOUBLE)
    return (Size.SIMPLE, Size.DOUBLE, Size.TRIPLE)


def contracts(params: TarotParams) -> tuple[Contract, ...]:
    """The contracts a rule set accepts (renonce and passe depend on the parameters).

    >>> [str(c) for c in contracts(PRESETS["maison"])]
    ['prise', 'garde', 'garde-sans', 'garde-contre', 'renonce']
    """
    extra = (Contract.RENONCE,) * params.renonce + (Contract.PASSE,) * params.passe
    return BIDS + extra


def _out_of_range(option: str, value: float) -> InputError:
    """``--points: 92 is out of range (0 to 91)``, for any count of card points."""
    return InputError(
        msg(
            "{what}: {value} is out of range ({low} to {high})",
            what=option,
            value=_num(value),
            low=0,
            high=CARD_POINTS,
        )
    )


def convert(defense_points: float | str, params: TarotParams) -> float | int:
    """The taker's points from the defence's: ``P = 91 - D`` (the seed's convertisseur).

    A string is read as typed (``35,5``).  Without half points (maison) the half is dropped.

    >>> fft, maison = PRESETS["fft"], PRESETS["maison"]
    >>> convert("35,5", fft), convert(35.5, maison), convert(41, fft)
    (55.5, 55, 50)
    >>> convert("92", PRESETS["fft"])
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: POINTS: 92 is out of range (0 to 91)
    """
    if isinstance(defense_points, str):
        value = parse_number(defense_points, what="POINTS")
    else:
        value = float(defense_points)
        if not math.isfinite(value) or value * 2 != math.floor(value * 2):
            raise InputError(
                msg(
                    "{what}: {value} must be a whole or half number (e.g. 41 or 35,5)",
                    what="POINTS",
                    value=value,
                )
            )
    if not 0 <= value <= CARD_POINTS:
        raise _out_of_range("POINTS", value)
    return _num(_effective_points(CARD_POINTS - value, params.half_points))


def point_bounds(bouts: int) -> tuple[float, float]:
    """The taker's lowest and highest possible points with ``bouts`` bouts, as counted.

    Each bout is worth 4.5 and the excuse may be traded for a half-point card, so
    ``4.5·B - 0.5 ≤ P ≤ 91.5 - 4.5·(3 - B)``, within 0 to 91.  A count is possible or not
    as the players counted it, half points included, whatever the rule set: only then do
    the house rules drop the half point for the score (82.5 with 1 bout is the most there
    is, and scores as 82; 8 with 2 bouts cannot happen).

    >>> [point_bounds(b) for b in range(4)]
    [(0, 78), (4, 82.5), (8.5, 87), (13, 91)]
    """
    low = max(0.0, BOUT_VALUE * bouts - EXCUSE_TRADE)
    high = min(CARD_POINTS, CARD_POINTS + EXCUSE_TRADE - BOUT_VALUE * (BOUTS - bouts))
    return _num(low), _num(high)


def chelem_bounds(bouts: int, chien: int = 0) -> tuple[float, float] | None:
    """The taker's lowest and highest points, as counted, in a chelem his side made with
    ``bouts`` bouts (``None``: no such chelem).  ``chien`` is how many cards the defence
    holds without taking a trick: the chien at garde contre, else none.

    The taker's side took every trick, so the defence holds only the chien and, at most,
    the excuse (a defender may keep it, giving a half-point card for it): its 3 - ``bouts``
    bouts are there.  Outside garde contre that leaves 2 bouts and 87 points (the excuse
    kept) or 3 bouts and 91; at garde contre, whatever the chien's cards can be.

    >>> chelem_bounds(3), chelem_bounds(2), chelem_bounds(1)
    ((91, 91), (87, 87), None)
    >>> [chelem_bounds(b, chien=6) for b in range(4)]
    [(60, 76), (61, 80), (62, 84), (66, 88)]
    >>> [chelem_bounds(b, chien=3) for b in range(4)]
    [(73.5, 77.5), (73.5, 81.5), (73.5, 85.5), (77.5, 89.5)]
    """
    held = BOUTS - bouts  # the defence's bouts
    defence: list[float] = []
    for kept in (0, 1):  # the excuse kept by a defender, or not
        in_chien = held - kept  # the bouts in the chien
        if in_chien < 0 or in_chien > chien or (kept and held == 0):
            continue
        others = chien - in_chien  # the chien's other cards
        fixed = BOUT_VALUE * in_chien + kept * (BOUT_VALUE - EXCUSE_TRADE)
        lowest = fixed + LOW_CARD * others
        highest = fixed + sum((*HONOURS, *(LOW_CARD,) * chien)[:others])
        defence += [lowest, highest]
    if not defence:
        return None
    return _num(CARD_POINTS - max(defence)), _num(CARD_POINTS - min(defence))


def lowest_typed(low: float, half_points: bool) -> float:
    """The lowest count the keeper may type for a lower bound ``low``: without half points
    (maison) a count's half is dropped before it is typed (8.5 typed 8), so a whole number
    one half below the bound is that count.

    >>> lowest_typed(8.5, True), lowest_typed(8.5, False), lowest_typed(13, False)
    (8.5, 8, 13)
    """
    return low if half_points else _num(_floor(low))


# --------------------------------------------------------------------------------------------
# Fields


def _contract_so_far(raw: Mapping[str, Any]) -> str | None:
    """The contract among raw answers, if one is readable yet (for ``applies``)."""
    value = raw.get("contract") if isinstance(raw, Mapping) else None
    if isinstance(value, list | tuple) and len(value) == 1:
        value = value[0]
    if value in _CONTRACTS:  # (a contract as stored: no choice names it but its own)
        return _CONTRACTS[value]
    if isinstance(value, str):
        for choice in CONTRACT_CHOICES:
            if choice.matches(value):
                return choice.value
    return None


def _not_the_taker(table: Table, raw: Mapping[str, Any]) -> Sequence[str]:
    """The players the prompts offer as called: not the taker, who calling himself plays
    alone, as when nobody was called (one answer, "the taker alone")."""
    found = _the_taker(table, raw)
    return [p for p in table.players if p != found]


def _the_taker(table: Table, raw: Mapping[str, Any]) -> str | None:
    """The taker answered so far, by his name (``None``: none yet, or none readable)."""
    taker = raw.get("taker") if isinstance(raw, Mapping) else None
    try:
        return table.find_player(taker) if isinstance(taker, str) else None
    except InputError:
        return None


def _not_passe(table: Table, raw: Mapping[str, Any]) -> bool:
    return _contract_so_far(raw) != Contract.PASSE


def _a_bid(table: Table, raw: Mapping[str, Any]) -> bool:
    return _contract_so_far(raw) not in (Contract.PASSE, Contract.RENONCE)


def _partner_possible(table: Table, raw: Mapping[str, Any]) -> bool:
    return len(table.players) >= PARTNER_TABLE and _a_bid(table, raw)


def _miseres_played(table: Table, raw: Mapping[str, Any]) -> bool:
    return _params(table).miseres and _a_bid(table, raw)


def _defense_points_instead(table: Table, raw: Mapping[str, Any]) -> bool:
    return _not_passe(table, raw) and not is_given(raw.get("points"))


#: the bonuses, asked as one question of boxes, empty by default
BONUSES = "Bonuses?"

# Contract comes first: it decides which other questions make sense (nobody takes a passe).
FIELDS: tuple[Field, ...] = (
    Field(
        "contract",
        FieldKind.CHOICE,
        "Contract?",
        "the contract: prise (petite), garde, garde-sans, garde-contre; renonce or passe "
        "when nobody took, if the rules have them",
        choices=CONTRACT_CHOICES,
        required=True,
        words=Words(bare=True),
        offered=lambda table: contracts(_params(table)),
    ),
    Field(
        "taker",
        FieldKind.PLAYER,
        "Who took?",
        "the taker (for a renonce: the player with the most points, chien included)",
        required=True,
        applies=_not_passe,
        unavailable="nobody takes when everybody passed",
        words=Words(bare=True),  # the first player named
    ),
    Field(
        "called",
        FieldKind.PLAYER,
        "Who was called?",
        "the partner the taker called (5 or 6 players); the taker's own name or nothing "
        "for a taker who played alone (a line says alone)",
        applies=_partner_possible,
        unavailable="a partner is called only at 5 or 6 players",
        who=_not_the_taker,
        none="the taker alone (no partner)",
        # the second player named; a line that names none must say so (``seul``)
        words=Words(
            bare=True,
            marks=(msg("with"),),
            none=(msg("alone"),),
            missing="the line names no partner: name the called player, or say alone",
        ),
    ),
    Field(
        "bouts",
        FieldKind.INTEGER,
        "How many bouts did the taker take?",
        "the taker's bouts, 0 to 3",
        required=True,
        applies=_a_bid,
        unavailable="bouts are counted only when somebody took",
        words=Words(after=("b", "bout", "bouts")),
    ),
    Field(
        "points",
        FieldKind.NUMBER,
        "The taker's points?",
        "the taker's card points, 0 to 91 (35.5 or 35,5 accepted)",
        applies=_not_passe,
        unavailable="nobody counts points when everybody passed",
        words=Words(bare=True),
    ),
    Field(
        "defense_points",
        FieldKind.NUMBER,
        "The defence's points?",
        "the defence's card points instead of --points (the taker has 91 minus them)",
        option="--defense-points",
        applies=_defense_points_instead,
        unavailable="give either --points or --defense-points, not both",
        instead_of="points",
        words=Words(marks=("d", "def", msg("defense"), msg("defence"))),
    ),
    Field(
        "petit_au_bout",
        FieldKind.PLAYER,
        "Who took the petit au bout?",
        "the player who won the last trick with the petit",
        applies=_a_bid,
        unavailable="no petit au bout without a taker",
        words=Words(marks=("pab", "petit")),
        among=BONUSES,
        title="petit au bout",
        starts_on=_the_taker,  # the taker's, most often
    ),
    Field(
        "poignee",
        FieldKind.PLAYER_TAG,
        "Poignées shown?",
        "a poignée shown, NAME or NAME:double (simple, double, triple); repeatable",
        choices=POIGNEE_CHOICES,
        option="--poignee",
        describe=_poignee_label,
        offered=lambda table: poignee_kinds(_params(table)),
        applies=_a_bid,
        unavailable="no poignée without a taker",
        words=Words(marks=("poignee", "poi")),
        among=BONUSES,
        title="poignée",
    ),
    Field(
        "misere",
        FieldKind.PLAYER_TAG,
        "Misères?",
        "a misère, NAME or NAME:double (maison rules); repeatable",
        choices=MISERE_CHOICES,
        applies=_miseres_played,
        unavailable="no misère under these rules",
        words=Words(marks=("misere", "mis")),
        among=BONUSES,
        title="misère",
    ),
    Field(
        "chelem",
        FieldKind.CHOICE,
        "Chelem?",
        "a chelem: announced (made), unannounced (made), failed (announced) or defense",
        choices=CHELEM_CHOICES,
        applies=_a_bid,
        unavailable="no chelem without a taker",
        words=Words(marks=("chelem",)),
        among=BONUSES,
        title="chelem",
    ),
)
_FIELD = {f.key: f for f in FIELDS}
# A renonce's questions: nobody took; the player with the most points pays them.
_RENONCE_QUESTIONS = {
    "taker": replace(_FIELD["taker"], label="Who had the most points (chien included)?"),
    "points": replace(_FIELD["points"], label="That player's points (chien included)?"),
}


# --------------------------------------------------------------------------------------------
# Reading a round: raw answers (see games.reading) resolved into the stored input


_about = about  # (the field an error of a shared helper is about)


class _Seats(NamedTuple):
    """Who can be named this round: the active players, and the mort (6 players)."""

    table: Table
    active: tuple[str, ...]
    mort: str | None

    def resolve(self, text: str, key: str) -> str:
        """A player among the active ones, saying so clearly when the name is the mort's."""
        option = _FIELD[key].option
        try:
            with _about(key):
                return self.table.find_player(text, what=option, among=self.active)
        except InputError:
            if self.mort is not None and self._names_the_mort(text):
                raise InputError(
                    msg(
                        "{option}: {mort} is the mort this round and does not play",
                        option=option,
                        mort=self.mort,
                    ),
                    field=key,
                ) from None
            raise

    def _names_the_mort(self, text: str) -> bool:
        try:
            return self.table.find_player(text) == self.mort
        except InputError:
            return False


class _Points(NamedTuple):
    """The taker's points as read, and whether they were typed as the defence's."""

    value: float
    from_defense: bool


def _read_contract(text: str | None, params: TarotParams) -> Contract:
    option, allowed = _FIELD["contract"].option, contracts(params)
    if text is None:
        accepted = ", ".join(allowed)
        raise InputError(
            msg("{option}: the contract is needed ({accepted})", option=option, accepted=accepted),
            field="contract",
        )
    contract = _CONTRACTS.get(text)  # (a contract as stored: no choice names it but its own)
    if contract is None:
        with _about("contract"):
            contract = _CONTRACTS[pick_choice(text, CONTRACT_CHOICES, what=option)]
    if contract not in allowed:
        accepted = ", ".join(allowed)
        raise InputError(
            msg(
                "{option}: no {contract} under these rules (accepted: {accepted})",
                option=option,
                contract=contract,
                accepted=accepted,
            ),
            field="contract",
        )
    return contract


def _only(answers: Answers, allowed: Sequence[str], why: Msg) -> None:
    """Refuse every field but the contract and ``allowed`` (a passe or a renonce)."""
    for f in FIELDS:
        if f.key not in ("contract", *allowed) and f.key in answers:
            raise InputError(msg("{option}: {reason}", option=f.option, reason=why), field=f.key)


def _refuse_inapplicable(answers: Answers, table: Table, params: TarotParams) -> None:
    """Refuse a field given where it does not apply (``--called`` at 4 players…)."""
    if "misere" in answers and not params.miseres:
        raise InputError(
            msg("--misere: no misère under the fft rules (rule miseres is off)")
            if params.scoring == Scoring.FFT
            else msg("--misere: no misère under these rules (rule miseres is off)"),
            field="misere",
        )
    for f in FIELDS:
        if f.key in answers and not f.is_relevant(table, answers):
            reason = msg(f.unavailable)
            raise InputError(msg("{option}: {reason}", option=f.option, reason=reason), field=f.key)


def _why_bounds() -> Msg:
    """Why the points are bounded by the bouts (for the messages that refuse them)."""
    return msg(
        "a bout is worth {value} points and the excuse may be traded for a half-point card",
        value=_num(BOUT_VALUE),
    )


def _read_points(answers: Answers, bouts: int | None, half_points: bool = True) -> _Points:
    """The taker's points, from ``--points`` or ``--defense-points``, checked against the
    card total and the bouts (see :func:`point_bounds`; without ``half_points`` the lower
    bound is rounded down, :func:`lowest_typed`)."""
    typed, defense = answers.text("points"), answers.text("defense_points")
    if typed is not None and defense is not None:
        raise InputError(
            msg(
                "{option}: give either --points or --defense-points, not both",
                option=_FIELD["points"].option,
            ),
            field="points",
        )
    if typed is None and defense is None:
        raise InputError(
            msg(
                "{option}: the taker's points are needed (or --defense-points)",
                option=_FIELD["points"].option,
            ),
            field="points",
        )
    key, text = ("points", typed) if typed is not None else ("defense_points", defense)
    option = _FIELD[key].option
    with _about(key):
        value = parse_number(str(text), what=option)
        if not 0 <= value <= CARD_POINTS:
            raise _out_of_range(option, value)
    from_defense = key == "defense_points"
    points = CARD_POINTS - value if from_defense else value
    if bouts is not None:
        _check_bounds(points, value, bouts, from_defense, half_points)
    return _Points(points, from_defense)


def _check_bounds(
    points: float, typed: float, bouts: int, from_defense: bool, half_points: bool = True
) -> None:
    """Refuse points the bouts make impossible, stating the bounds in the points typed (a
    round of a file saved before these bounds is read without them: BOUNDS_SCHEMA)."""
    if not checked_since(BOUNDS_SCHEMA):
        return
    low, high = point_bounds(bouts)
    if lowest_typed(low, half_points) <= points <= high:
        return
    key = "defense_points" if from_defense else "points"
    terms = {
        "option": _FIELD[key].option,
        "value": _num(typed),
        "bouts": _bouts(bouts),
        "why": _why_bounds(),
    }
    raise InputError(
        msg(
            "{option}: {value} is impossible: with {bouts} for the taker, the defence "
            "has {low} to {high} points ({why})",
            low=_num(CARD_POINTS - high),
            high=_num(CARD_POINTS - low),
            **terms,
        )
        if from_defense
        else msg(
            "{option}: {value} is impossible: with {bouts}, the taker has {low} to "
            "{high} points ({why})",
            low=low,
            high=high,
            **terms,
        ),
        field=key,
    )


def _chelem_error(message: Msg) -> InputError:
    return InputError(message, field="chelem")


def _check_chelem(
    chelem: Chelem | None,
    attack: set[str],
    bouts: int,
    points: _Points,
    petit: str | None,
    chien: int = 0,
    half_points: bool = True,
) -> None:
    """Refuse a chelem that contradicts the rest of the round: a chelem made by the taker's
    side leaves no trick (so not the petit au bout) to the defence, and only the chien it
    holds at garde contre (``chien``: its cards) and the excuse (:func:`chelem_bounds`); a
    chelem of the defence leaves the taker at most the excuse and never the petit au bout.
    (A round of a file saved before these bounds is read without them: BOUNDS_SCHEMA.)"""
    if not checked_since(BOUNDS_SCHEMA):
        return
    option = _FIELD["chelem"].option
    made = chelem in (Chelem.ANNOUNCED, Chelem.UNANNOUNCED)
    if made:
        _check_made_chelem(bouts, points, chien, half_points)
    if made and petit is not None and petit not in attack:
        raise _chelem_error(
            msg(
                "{option}: a chelem made by the taker's side leaves no trick to the "
                "defence, so the petit au bout cannot be {player}'s, who defends "
                "(--petit-au-bout)",
                option=option,
                player=petit,
            )
        )
    if chelem is not Chelem.DEFENSE:
        return
    if bouts > BOUTS_AGAINST_A_CHELEM:
        raise _chelem_error(
            msg(
                "{option}: the defence took every trick, so the taker has at most {most} "
                "(the excuse), not {count} (--bouts)",
                option=option,
                most=_bouts(BOUTS_AGAINST_A_CHELEM),
                count=bouts,
            )
        )
    _check_defence_chelem_points(points)
    if petit is not None and petit in attack:
        raise _chelem_error(
            msg(
                "{option}: the defence took every trick, so the petit au bout cannot be "
                "{player}'s, who plays with the taker (--petit-au-bout)",
                option=option,
                player=petit,
            )
        )


def _check_made_chelem(bouts: int, points: _Points, chien: int, half_points: bool) -> None:
    """A chelem made by the taker's side: his bouts and points are those it leaves."""
    option = _FIELD["chelem"].option
    bounds = chelem_bounds(bouts, chien)
    if bounds is None:  # outside garde contre, with fewer than 2 bouts
        raise _chelem_error(
            msg(
                "{option}: a chelem made by the taker's side leaves the defence at most the "
                "excuse, so the taker has at least 2 bouts, not {count} (--bouts)",
                option=option,
                count=bouts,
            )
        )
    low, high = bounds
    if lowest_typed(low, half_points) <= points.value <= high:
        return
    why = (
        msg(
            "at garde contre the defence holds only the chien ({cards} cards) and at most "
            "the excuse",
            cards=chien,
        )
        if chien
        else msg("the defence holds at most the excuse (traded for a half-point card)")
    )
    shown = {"option": option, "why": why, "bouts": _bouts(bouts)}
    if points.from_defense:
        shown |= {
            "low": _num(CARD_POINTS - high),
            "high": _num(CARD_POINTS - low),
            "value": _num(CARD_POINTS - points.value),
        }
        raise _chelem_error(
            msg(
                "{option}: in a chelem made by the taker's side {why}: with {bouts} for the "
                "taker, the defence has {low} points, not {value} (--defense-points)",
                **shown,
            )
            if low == high
            else msg(
                "{option}: in a chelem made by the taker's side {why}: with {bouts} for the "
                "taker, the defence has {low} to {high} points, not {value} (--defense-points)",
                **shown,
            )
        )
    shown |= {"low": low, "high": high, "value": _num(points.value)}
    raise _chelem_error(
        msg(
            "{option}: in a chelem made by the taker's side {why}: with {bouts}, the taker "
            "has {low} points, not {value} (--points)",
            **shown,
        )
        if low == high
        else msg(
            "{option}: in a chelem made by the taker's side {why}: with {bouts}, the taker "
            "has {low} to {high} points, not {value} (--points)",
            **shown,
        )
    )


def _check_defence_chelem_points(points: _Points) -> None:
    """A chelem of the defence leaves the taker at most the excuse's points (4.5, as counted:
    the house rules drop the half point only for the score)."""
    high = _num(BOUT_VALUE * BOUTS_AGAINST_A_CHELEM)
    if points.value <= high:
        return
    option = _FIELD["chelem"].option
    raise _chelem_error(
        msg(
            "{option}: the defence took every trick, so it has at least {low} points, "
            "not {value} (--defense-points)",
            option=option,
            low=_num(CARD_POINTS - high),
            value=_num(CARD_POINTS - points.value),
        )
        if points.from_defense
        else msg(
            "{option}: the defence took every trick, so the taker has at most {high} "
            "points, not {value} (--points)",
            option=option,
            high=high,
            value=_num(points.value),
        )
    )


def _tagged_player(text: str, key: str, seats: _Seats) -> tuple[str, Size]:
    """Read ``NAME[:KIND]``; a name may itself hold a ':' (the kind follows the last one).

    >>> t = Table("tarot", ("Ann", "Bo:b", "Cyd"), PRESETS["fft"])
    >>> read = lambda text: _tagged_player(text, "poignee", _Seats(t, t.players, None))
    >>> [(name, str(kind)) for name, kind in map(read, ("a:double", "bo:b", "Bo:b:triple"))]
    [('Ann', 'double'), ('Bo:b', 'simple'), ('Bo:b', 'triple')]
    """
    f = _FIELD[key]
    name, sep, tag = text.rpartition(":")
    if sep and name.strip() and any(c.matches(tag) for c in f.choices):
        return seats.resolve(name.strip(), key), Size(pick_choice(tag, f.choices, what=""))
    if sep:
        try:
            return seats.resolve(text, key), Size.SIMPLE
        except InputError:
            pass  # not a name with a ':': read it as NAME:KIND to say what is wrong
    with _about(key):
        name, tag = split_pair(text, ":", what=f.option, example="NAME:double")
        player = seats.resolve(name, key)
        kind = Size.SIMPLE if tag is None else Size(pick_choice(tag, f.choices, what=f.option))
        return player, kind


def _read_tags(answers: Answers, key: str, kinds: Sequence[Size], seats: _Seats) -> list[list[str]]:
    """``NAME[:KIND]`` values (poignées, misères): one per player, in seating order."""
    pairs = answers.pairs(key)
    if not pairs:
        return []
    option = _FIELD[key].option
    found: dict[str, Size] = {}
    # the reader splits NAME:KIND at the first ':'; a name may hold one, so join them back
    for name, tag in pairs:
        player, kind = _tagged_player(name if tag is None else f"{name}:{tag}", key, seats)
        if kind not in kinds:
            raise InputError(
                msg(
                    "{option}: no {bonus} {kind} under the maison rules (accepted: {accepted})",
                    option=option,
                    bonus=BONUS_NAMES[Kind(key)],
                    kind=kind,
                    accepted=", ".join(kinds),
                ),
                field=key,
            )
        if player in found:
            shown = {"option": option, "player": player}
            raise InputError(
                msg("{option}: {player} has two poignées (one per player)", **shown)
                if key == "poignee"
                else msg("{option}: {player} has two misères (one per player)", **shown),
                field=key,
            )
        found[player] = kind
    return [[p, found[p].value] for p in seats.active if p in found]


class StoredRound(Stored):
    """A tarot round as a session file holds it (see :func:`_stored`), checked on every
    read: each answer's type and range, and what a contract needs (a bid names its taker,
    bouts and points; a renonce its player and points; a passe nothing)."""

    contract: Contract
    taker: str | None = None
    called: str | None = None
    bouts: Annotated[int, msgspec.Meta(ge=0, le=BOUTS)] | None = None
    points: Annotated[float, msgspec.Meta(ge=0, le=CARD_POINTS, multiple_of=0.5)] | None = None
    petit_au_bout: str | None = None
    poignees: list[tuple[str, Size]] = msgspec.field(default_factory=list)
    miseres: list[tuple[str, Size]] = msgspec.field(default_factory=list)
    chelem: Chelem | None = None

    def __post_init__(self) -> None:
        if self.contract is Contract.PASSE:
            return
        if self.taker is None or self.points is None:
            raise ValueError(msg("a {contract} with no taker or no points", contract=self.contract))
        if self.contract is not Contract.RENONCE and self.bouts is None:
            raise ValueError(msg("a {contract} with no bouts", contract=self.contract))

    def names(self) -> list[str]:
        """The players the round names."""
        named = [n for n in (self.taker, self.called, self.petit_au_bout) if n is not None]
        return named + [who for who, _ in self.poignees] + [who for who, _ in self.miseres]


def _stored(
    contract: Contract,
    taker: str | None = None,
    called: str | None = None,
    bouts: int | None = None,
    points: float | None = None,
    petit_au_bout: str | None = None,
    poignees: list[list[str]] | None = None,
    miseres: list[list[str]] | None = None,
    chelem: Chelem | None = None,
) -> dict[str, Any]:
    """The stored input: every key always present, in a stable order, plain JSON values."""
    return {
        "taker": taker,
        "contract": contract.value,
        "called": called,
        "bouts": bouts,
        "points": None if points is None else _num(points),
        "petit_au_bout": petit_au_bout,
        "poignees": poignees or [],
        "miseres": miseres or [],
        "chelem": None if chelem is None else chelem.value,
    }


def _read_bid(
    answers: Answers, contract: Contract, taker: str, seats: _Seats, params: TarotParams
) -> dict[str, Any]:
    """The rest of a round somebody took: partner, bouts, points, bonuses, chelem."""
    called = None
    if "called" in answers:
        called = seats.resolve(answers.text("called"), "called")
    bouts_text = answers.text("bouts")
    if bouts_text is None:
        raise InputError(
            msg(
                "{option}: the taker's number of bouts is needed ({low} to {high})",
                option="--bouts",
                low=0,
                high=BOUTS,
            ),
            field="bouts",
        )
    with _about("bouts"):
        bouts = parse_int(bouts_text, what="--bouts", low=0, high=BOUTS)
    points = _read_points(answers, bouts, params.half_points)
    petit = None
    if "petit_au_bout" in answers:
        petit = seats.resolve(answers.text("petit_au_bout"), "petit_au_bout")
    poignees = _read_tags(answers, "poignee", poignee_kinds(params), seats)
    miseres = _read_tags(answers, "misere", (Size.SIMPLE, Size.DOUBLE), seats)
    chelem = None
    if "chelem" in answers:
        with _about("chelem"):
            chelem = Chelem(pick_choice(answers.text("chelem"), CHELEM_CHOICES, what="--chelem"))
    attack = {taker} if called is None else {taker, called}
    # at garde contre the chien is the defence's, unseen: a chelem leaves it that much
    chien = CHIEN_CARDS[len(seats.active)] if contract is Contract.GARDE_CONTRE else 0
    _check_chelem(chelem, attack, bouts, points, petit, chien, params.half_points)
    return _stored(
        contract,
        taker,
        called=None if called == taker else called,
        bouts=bouts,
        points=points.value,
        petit_au_bout=petit,
        poignees=poignees,
        miseres=miseres,
        chelem=chelem,
    )


# --------------------------------------------------------------------------------------------
# Numbers as shown


def _num(value: float) -> float | int:
    """An int when whole, so stored points read ``49`` and not ``49.0``."""
    return int(value) if value == int(value) else value


def _bouts(count: int) -> Msg:
    """``1 bout``, ``2 bouts``: a number of bouts, as words (French says ``0 bout``)."""
    if count == 0:
        return msg("0 bouts")
    return msg("1 bout") if count == 1 else msg("{count} bouts", count=count)


def _signed(value: float) -> str:
    """``+20``, ``-106``, ``0``: the minus sign the sheet and the keyboard use.

    >>> _signed(20), _signed(-106), _signed(0)
    ('+20', '-106', '0')
    """
    value = _num(value)
    return f"+{value}" if value > 0 else f"-{-value}" if value < 0 else "0"


def _sum_formula(amounts: Sequence[float]) -> str:
    """``66 + 20 - 20``: the first term keeps its sign only when negative.

    >>> _sum_formula([66, 20, -20]), _sum_formula([-52, 20])
    ('66 + 20 - 20', '-52 + 20')
    """
    text = _signed(amounts[0]).lstrip("+")
    for amount in amounts[1:]:
        text += f" + {amount}" if amount >= 0 else f" - {-amount}"
    return text


def _effective_points(points: float, half_points: bool) -> float:
    """The points that count: without half points, the half is dropped (55.5 → 55)."""
    return points if half_points else _floor(points)


def _rounded_to_ten(value: float) -> int:
    """Half up, as the maison surplus and the renonce's price: 4 → 0, 5 → 10, 26 → 30.

    >>> [_rounded_to_ten(v) for v in (4, 5, 26, 14.5)]
    [0, 10, 30, 10]
    """
    return ROUNDING * _floor((value + ROUNDING / 2) / ROUNDING)


# --------------------------------------------------------------------------------------------
# The record: what a round was


class TarotRecord(NamedTuple):
    """What a tarot round was, worked out from its stored input by :func:`work_out`.

    ``points`` are the taker's points as stored, ``counted`` those that count (without half
    points the half is dropped), ``needed`` what his bouts require; ``margin`` is ``counted -
    needed`` (positive: the contract is made by so much).  ``made`` says whether the round
    counts as made (under maison a failed or defence chelem makes it lost whatever the
    margin).  ``gap`` is the fft gap (the margin, a half point rounded up) or the maison
    surplus (rounded to ten); ``multiplier`` the fft contract's, ``value`` the maison
    contract's.  ``unit`` is what each defender pays the attack (negative: receives), the
    sum of ``contract_terms``; the taker scores ``factor × unit``, the called partner
    ``unit``, the mort nothing.  ``personal`` are the bonuses that belong to a player
    (misères; under maison also the petit au bout and poignées): each other active player
    pays the term's amount to its owner.  A renonce has the one term its holder pays each
    other player; a passe has none.
    """

    contract: Contract
    scoring: Scoring
    taker: str | None
    called: str | None
    mort: str | None
    active: tuple[str, ...]
    bouts: int | None
    points: float | None
    counted: float | None
    needed: int | None
    made: bool | None
    margin: float | None
    gap: int | None
    multiplier: int | None
    value: int | None
    chelem: Chelem | None
    unit: int
    factor: int
    contract_terms: tuple[Term, ...]
    personal: tuple[Term, ...]

    @property
    def side(self) -> str | None:
        """The taker's score column: himself."""
        return self.taker

    @property
    def terms(self) -> tuple[Term, ...]:
        """Every term: those of the unit, then the personal bonuses."""
        return self.contract_terms + self.personal

    def as_json(self) -> dict[str, Any]:
        """The record as ``show --json`` gives it under ``"terms"``: plain JSON values."""
        return {
            "contract": str(self.contract),
            "scoring": str(self.scoring),
            "taker": self.taker,
            "called": self.called,
            "mort": self.mort,
            "active": list(self.active),
            "bouts": self.bouts,
            "points": _maybe_num(self.points),
            "counted_points": _maybe_num(self.counted),
            "needed": self.needed,
            "made": self.made,
            "margin": _maybe_num(self.margin),
            "gap": self.gap,
            "multiplier": self.multiplier,
            "contract_value": self.value,
            "chelem": None if self.chelem is None else str(self.chelem),
            "unit": self.unit,
            "taker_factor": self.factor,
            "terms": [_term_json(t) for t in self.contract_terms],
            "personal_terms": [_term_json(t) for t in self.personal],
        }


def _maybe_num(value: float | None) -> float | int | None:
    return None if value is None else _num(value)


def _term_json(term: Term) -> dict[str, Any]:
    """A term as plain JSON values (its kind and detail as strings, not enum members)."""
    data = term.as_json()
    data["kind"] = str(term.kind)
    if term.detail is not None:
        data["detail"] = str(term.detail)
    return data


# --------------------------------------------------------------------------------------------
# Working out a record


class _Seating:
    """What scoring needs of a table, worked out once per table: the rule set, the seats,
    and for each deal (by the dealer's seat) the mort and the players who play."""

    __slots__ = (
        "bonus",
        "half_points",
        "maison",
        "offset",
        "params",
        "players",
        "scoring",
        "seats",
        "values",
        "work_out",
    )

    def __init__(self, table: Table) -> None:
        params = _params(table)
        players = table.players
        self.params = params
        self.players = players
        # round ``number`` is dealt by seat (number + offset) % the players: a table that
        # changed during the game starts its deal at another seat (Table.dealer)
        self.offset = table.seat - table.first
        self.maison = params.scoring == Scoring.MAISON
        self.scoring = Scoring.MAISON if self.maison else Scoring.FFT
        self.half_points = params.half_points
        # maison: the value of each contract
        self.values = {
            Contract.PRISE: params.value_prise,
            Contract.GARDE: params.value_garde,
            Contract.GARDE_SANS: params.value_garde_sans,
            Contract.GARDE_CONTRE: params.value_garde_contre,
        }
        # a personal bonus by its size (a double counts double only when the rule says so)
        double = DOUBLE_BONUS if params.double_bonus_counts_double else 1
        self.bonus = {
            Size.SIMPLE: PERSONAL_BONUS,
            Size.DOUBLE: PERSONAL_BONUS * double,
            Size.TRIPLE: PERSONAL_BONUS,
        }
        # how each contract's record is worked out, by its stored name
        bid = _work_out_maison if self.maison else _work_out_fft
        self.work_out = {c.value: bid for c in BIDS}
        self.work_out |= {_RENONCE.value: _work_out_renonce, _PASSE.value: _work_out_passe}
        if len(players) == MORT_TABLE:  # the dealer is the mort (see Tarot.sitting_out)
            self.seats = tuple((m, tuple(p for p in players if p != m)) for m in players)
        else:
            self.seats = ((None, players),)


@functools.lru_cache(maxsize=16)
def _seating(table: Table) -> _Seating:
    """What is worked out of a table (tables are frozen: it holds as long as the table)."""
    return _Seating(table)


_SIZES: Mapping[str, Size] = {s.value: s for s in Size}
# Bound once: scoring is hot, and reading an enum's member is an attribute look-up.
_PASSE, _RENONCE = Contract.PASSE, Contract.RENONCE
_CONTRACT, _PETIT, _POIGNEE, _MISERE, _CHELEM, _PRICE = (
    Kind.CONTRACT, Kind.PETIT_AU_BOUT, Kind.POIGNEE, Kind.MISERE, Kind.CHELEM,
    Kind.RENONCE,
)  # fmt: skip
_FFT, _MAISON = Scoring.FFT, Scoring.MAISON


def work_out(inp: Mapping[str, Any], table: Table, number: int) -> TarotRecord:
    """The record of a stored round (assumed valid) played as round ``number`` at ``table``.

    >>> t = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), PRESETS["fft"])
    >>> inp = GAME.build_round({"taker": "Ann", "contract": "garde", "bouts": "1",
    ...                         "points": "48", "poignee": ["Bob"]}, t, 1)
    >>> r = work_out(inp, t, 1)
    >>> r.made, r.margin, r.gap, r.multiplier, r.unit
    (False, -3, 3, 2, -76)
    >>> [(str(t.kind), t.amount, t.owner) for t in r.terms]
    [('contract', -56, None), ('poignee', -20, 'Bob')]
    """
    return _work_out(inp, _seating(table), number)


def _work_out(inp: Mapping[str, Any], seating: _Seating, number: int) -> TarotRecord:
    """The record of round ``number``, by the contract's way of working it out."""
    mort, active = seating.seats[(number + seating.offset) % len(seating.seats)]
    return seating.work_out[inp["contract"]](inp, seating, mort, active)


def _work_out_passe(
    inp: Mapping[str, Any], seating: _Seating, mort: str | None, active: tuple[str, ...]
) -> TarotRecord:
    """Everybody passed: nobody took, nobody scores."""
    return TarotRecord(
        _PASSE, seating.scoring, None, None, mort, active, None, None, None, None,
        None, None, None, None, None, None, 0, 0, (), (),
    )  # fmt: skip


def _work_out_fft(
    inp: Mapping[str, Any],
    seating: _Seating,
    mort: str | None,
    active: tuple[str, ...],
) -> TarotRecord:
    """docs/rules.md, Tarot › Rule set `fft`: a per-defender unit X, the sum of the
    contract's (25 + gap) × multiplier and the bonuses, signed for the attack."""
    taker, called, bouts, points = inp["taker"], inp["called"], inp["bouts"], inp["points"]
    contract = _CONTRACTS[inp["contract"]]
    counted = points if seating.half_points else _floor(points)
    needed = THRESHOLDS[bouts]
    margin = counted - needed
    made = margin >= 0
    gap, mult = _ceil(abs(margin)), FFT_MULTIPLIERS[contract]
    unit = (FFT_BASE + gap) * mult if made else -(FFT_BASE + gap) * mult
    terms = (Term(_CONTRACT, unit, None, contract, True),)
    holder, chelem = inp["petit_au_bout"], _CHELEMS[inp["chelem"]]
    if holder or inp["poignees"] or chelem is not None:
        terms, unit = _fft_bonuses(inp, terms, unit, mult, made, chelem)
    factor = len(active) - 1 if called is None else FFT_TAKER_WITH_PARTNER
    return TarotRecord(
        contract, _FFT, taker, called, mort, active, bouts, points, counted, needed,
        made, margin, gap, mult, None, chelem, unit, factor, terms,
        _personal(inp, seating) if inp["miseres"] else (),
    )  # fmt: skip


def _fft_bonuses(
    inp: Mapping[str, Any],
    terms: tuple[Term, ...],
    unit: int,
    mult: int,
    made: bool,
    chelem: Chelem | None,
) -> tuple[tuple[Term, ...], int]:
    """The petit au bout, the poignées and the chelem added to the fft unit: the terms and
    the unit with them."""
    holder = inp["petit_au_bout"]
    if holder:
        attack = holder in (inp["taker"], inp["called"])
        petit = FFT_PETIT_AU_BOUT * mult if attack else -FFT_PETIT_AU_BOUT * mult
        unit += petit
        terms += (Term(_PETIT, petit, holder, None, True),)
    for holder, size in inp["poignees"]:
        # a poignée goes to the side that wins the contract, whoever showed it
        poignee = FFT_POIGNEES[size] if made else -FFT_POIGNEES[size]
        unit += poignee
        terms += (Term(_POIGNEE, poignee, holder, _SIZES[size], True),)
    if chelem is not None:
        unit += FFT_CHELEMS[chelem]
        terms += (Term(_CHELEM, FFT_CHELEMS[chelem], None, chelem, True),)
    return terms, unit


def _work_out_maison(
    inp: Mapping[str, Any],
    seating: _Seating,
    mort: str | None,
    active: tuple[str, ...],
) -> TarotRecord:
    """docs/rules.md, Tarot › Rule set `maison`: an amount A = the contract's value + the
    surplus rounded to ten (+ the chelem) per opponent; the bonuses are personal."""
    taker, called, bouts, points = inp["taker"], inp["called"], inp["bouts"], inp["points"]
    contract = _CONTRACTS[inp["contract"]]
    counted = points if seating.half_points else _floor(points)
    needed = THRESHOLDS[bouts]
    margin = counted - needed
    made = margin >= 0
    surplus = ROUNDING * _floor((abs(margin) + ROUNDING / 2) / ROUNDING)  # _rounded_to_ten
    value = seating.values[contract]
    chelem = _CHELEMS[inp["chelem"]]
    extra = 0
    if chelem is not None:
        extra, made = MAISON_CHELEMS[chelem]
    sign = 1 if made else -1
    # the contract's value and its surplus make one term, as fft's (25 + gap) × multiplier
    terms = (Term(_CONTRACT, sign * (value + surplus), None, contract, True),)
    if chelem is not None:
        terms += (Term(_CHELEM, sign * extra, None, chelem, True),)
    factor = len(active) - 1 if called is None else MAISON_TAKER_WITH_PARTNER
    personal = ()
    if inp["petit_au_bout"] or inp["poignees"] or inp["miseres"]:
        personal = _personal(inp, seating)
    return TarotRecord(
        contract, _MAISON, taker, called, mort, active, bouts, points, counted, needed,
        made, margin, surplus, None, value, chelem, sign * (value + surplus + extra), factor,
        terms, personal,
    )  # fmt: skip


def _work_out_renonce(
    inp: Mapping[str, Any], seating: _Seating, mort: str | None, active: tuple[str, ...]
) -> TarotRecord:
    """docs/rules.md, Tarot › Rule set `maison`: R = the holder's points rounded to ten;
    he pays R to each other player."""
    taker, points = inp["taker"], inp["points"]
    counted = points if seating.half_points else _floor(points)
    price = _rounded_to_ten(counted)
    return TarotRecord(
        _RENONCE, seating.scoring, taker, None, mort, active, None, points, counted,
        None, None, None, None, None, None, None, -price, len(active) - 1,
        (Term(_PRICE, -price, taker, None, True),), (),
    )  # fmt: skip


def _personal(inp: Mapping[str, Any], seating: _Seating) -> tuple[Term, ...]:
    """The bonuses that belong to a player, each worth what each other player pays: under
    maison the petit au bout, poignées and misères; under fft only misères."""
    bonus = seating.bonus
    terms = []
    if seating.maison:
        petit = inp["petit_au_bout"]
        if petit:
            terms.append(Term(_PETIT, PERSONAL_BONUS, petit, None, True))
        for who, size in inp["poignees"]:
            terms.append(Term(_POIGNEE, bonus[size], who, _SIZES[size], True))
    for who, size in inp["miseres"]:
        terms.append(Term(_MISERE, bonus[size], who, _SIZES[size], True))
    return tuple(terms)


# --------------------------------------------------------------------------------------------
# Scores from the record


def _pay(scores: dict[str, int], term: Term, active: Sequence[str]) -> None:
    """A personal bonus: its owner scores amount × (n - 1), every other active player -amount."""
    amount, owner = term.amount, term.owner
    others = len(active) - 1
    for p in active:
        scores[p] += amount * others if p == owner else -amount


def scores_of(record: TarotRecord, players: Sequence[str]) -> dict[str, int]:
    """Every column's score, from the record alone.

    >>> t = Table("tarot", ("Ann", "Bob", "Cyd"), PRESETS["maison"])
    >>> inp = GAME.build_round({"taker": "Ann", "contract": "prise", "bouts": "0",
    ...                         "points": "60", "petit_au_bout": "Bob"}, t, 1)
    >>> scores_of(work_out(inp, t, 1), t.players)
    {'Ann': 30, 'Bob': 0, 'Cyd': -30}
    """
    # each defender -unit, the taker factor × unit, the called partner +unit, the mort 0
    unit = record.unit
    scores = _fromkeys(players, -unit)
    if record.taker is not None:
        if record.mort is not None:
            scores[record.mort] = 0
        scores[record.taker] = record.factor * unit
        if record.called is not None:
            scores[record.called] = unit
    for term in record.personal:
        _pay(scores, term, record.active)
    if len(scores) != len(players):  # a damaged round names someone not at the table
        scores = {p: scores[p] for p in players}
    return scores


# --------------------------------------------------------------------------------------------
# The breakdown: written from the record, only here


def explain(record: TarotRecord, table: Table) -> tuple[Msg, ...]:
    """The breakdown of a round, line by line, from its record.

    >>> t = Table("tarot", ("Ann", "Bob", "Cyd"), PRESETS["fft"])
    >>> inp = GAME.build_round({"taker": "Ann", "contract": "garde", "bouts": "1",
    ...                         "points": "60"}, t, 1)
    >>> explain(work_out(inp, t, 1), t)
    ('Ann: 60 points, 1 bout → 51 needed, made by 9', 'garde: (25 + 9) × 2 = +68', \
'→ Ann +136 (2 × 68), Bob -68, Cyd -68')
    """
    if record.contract is Contract.PASSE:
        return (msg("passe: everybody passed, nobody scores"),)
    if record.contract is Contract.RENONCE:
        lines = [_renonce_line(record)]
    elif record.scoring is Scoring.MAISON:
        lines = _maison_lines(record)
    else:
        lines = _fft_lines(record)
    players, mort = table.players, record.mort
    lines.append(_contract_shares(record, players))
    if record.personal:
        scores = scores_of(record._replace(personal=()), players)
        for term in record.personal:
            _pay(scores, term, record.active)
            lines.append(_bonus_line(term, len(record.active) - 1))
        lines.append(msg("= {shares}", shares=_share_line(scores, {}, players, mort)))
    return tuple(lines)


def _contract_shares(record: TarotRecord, players: Sequence[str]) -> Msg:
    """``→ Ann +318 (3 × 106), Bob -106, …``: each seat's share of the contract."""
    scores = scores_of(record._replace(personal=()), players)
    shares = _share_line(scores, _notes(record), players, record.mort)
    return msg("→ {shares}", shares=shares)


def _points_line(record: TarotRecord) -> Msg:
    """``Ann: 49 points, 2 bouts → 41 needed, made by 8``."""
    typed, counted, margin = record.points, record.counted, record.margin
    assert typed is not None and counted is not None and margin is not None  # a bid
    if counted != typed:
        shown = msg(
            "{typed} points → {points} (the half point is dropped)",
            typed=_num(typed),
            points=_num(counted),
        )
    else:
        shown = msg("{points} points", points=_num(typed))
    by = _num(abs(margin))
    if record.scoring is Scoring.FFT and margin != int(margin):
        rounded = _ceil(abs(margin))
        gap = (
            msg(
                "made by {by} → {rounded} (a half point goes to the winning side)",
                by=by,
                rounded=rounded,
            )
            if margin >= 0
            else msg(
                "lost by {by} → {rounded} (a half point goes to the winning side)",
                by=by,
                rounded=rounded,
            )
        )
    else:
        gap = _by(margin)
    return msg(
        "{taker}: {points}, {bouts} → {needed} needed, {gap}",
        taker=record.taker,
        points=shown,
        bouts=_bouts(record.bouts or 0),
        needed=record.needed,
        gap=gap,
    )


def _fft_lines(record: TarotRecord) -> list[Msg]:
    """The points, the contract, each bonus of the unit, and the unit when it has several."""
    mult, made = record.multiplier, record.made
    lines = [_points_line(record), _fft_contract_line(record)]
    for term in record.contract_terms[1:]:
        lines.append(_fft_bonus_line(term, mult, bool(made)))
    if len(record.contract_terms) > 1:
        lines.append(
            msg(
                "per defender: {formula} = {unit}",
                formula=_sum_formula([t.amount for t in record.contract_terms]),
                unit=_signed(record.unit).lstrip("+"),
            )
        )
    return lines


def _fft_contract_line(record: TarotRecord) -> Msg:
    """``garde: (25 + 9) × 2 = +68``, or its lost form."""
    base = {
        "contract": CONTRACT_WORDS[record.contract],
        "base": FFT_BASE,
        "gap": record.gap,
        "mult": record.multiplier,
        "total": _signed(record.contract_terms[0].amount),
    }
    if record.made:
        return msg("{contract}: ({base} + {gap}) × {mult} = {total}", **base)
    return msg("{contract}: -({base} + {gap}) × {mult} = {total}", **base)


def _fft_bonus_line(term: Term, mult: int | None, made: bool) -> Msg:
    """A petit au bout, a poignée or a chelem added to the fft unit."""
    total = _signed(term.amount)
    if term.kind is Kind.PETIT_AU_BOUT:
        petit = {"holder": term.owner, "value": FFT_PETIT_AU_BOUT, "mult": mult, "total": total}
        if term.amount > 0:  # the attack's
            return msg("petit au bout ({holder}): {value} × {mult} = {total}", **petit)
        return msg(
            "petit au bout ({holder}, for the defence): -{value} × {mult} = {total}", **petit
        )
    if term.kind is Kind.POIGNEE:
        shown = {"kind": term.detail, "holder": term.owner, "total": total}
        if made:
            return msg("poignée {kind} ({holder}): {total}", **shown)
        return msg("poignée {kind} ({holder}, to the defence): {total}", **shown)
    return msg("{chelem}: {total}", chelem=CHELEM_NAMES[term.detail], total=total)


def _maison_lines(record: TarotRecord) -> list[Msg]:
    """The points and the surplus, then the amount per opponent and whether it is made."""
    terms = {
        "contract": CONTRACT_WORDS[record.contract],
        "value": record.value,
        "surplus": record.gap,
        "amount": abs(record.unit),
    }
    first = msg("{line} → surplus {surplus}", line=_points_line(record), surplus=record.gap)
    if record.chelem is None:
        return [
            first,
            msg("{contract}: {value} + surplus {surplus} = {amount} per opponent, made", **terms)
            if record.made
            else msg(
                "{contract}: {value} + surplus {surplus} = {amount} per opponent, lost", **terms
            ),
        ]
    terms.update(chelem=CHELEM_NAMES[record.chelem], extra=MAISON_CHELEMS[record.chelem][0])
    return [
        first,
        msg(
            "{contract}: {value} + surplus {surplus} + {chelem} {extra} = {amount} "
            "per opponent, counts as made",
            **terms,
        )
        if record.made
        else msg(
            "{contract}: {value} + surplus {surplus} + {chelem} {extra} = {amount} "
            "per opponent, counts as lost",
            **terms,
        ),
    ]


def _renonce_line(record: TarotRecord) -> Msg:
    return msg(
        "renonce: {taker} has the most points, {points} → R = {price} (rounded to ten)",
        taker=record.taker,
        points=_num(record.counted or 0),
        price=-record.unit,
    )


def _bonus_line(term: Term, others: int) -> Msg:
    """``poignée simple (Dan): +30 (3 × 10), -10 to each other player``."""
    name = BONUS_NAMES[term.kind]
    return msg(
        "{bonus} ({holder}): {points} ({others} × {unit}), -{unit} to each other player",
        bonus=name if term.detail is None else f"{name} {term.detail}",
        holder=term.owner,
        points=_signed(term.amount * others),
        others=others,
        unit=term.amount,
    )


def _notes(record: TarotRecord) -> dict[str, Msg]:
    """The attackers' notes on the shares line: ``3 × 106`` for the taker, ``called``."""
    assert record.taker is not None  # somebody took
    unit = _signed(record.unit).lstrip("+")
    notes = {record.taker: msg("{factor} × {unit}", factor=record.factor, unit=unit)}
    if record.called is not None:
        notes[record.called] = msg("called")
    return notes


def _share_line(
    deltas: Mapping[str, int], notes: Mapping[str, Msg], players: Sequence[str], mort: str | None
) -> Msg:
    """``Ann +318 (3 × 106), Bob -106, …`` over every seat, the mort included."""
    line: Msg | None = None
    for p in players:
        share = _share(p, deltas.get(p, 0), notes.get(p), p == mort)
        line = share if line is None else msg("{shares}, {share}", shares=line, share=share)
    assert line is not None  # a table has players
    return line


def _share(player: str, delta: int, note: Msg | None, mort: bool) -> Msg:
    """``Ann +318 (3 × 106)``, ``Bob -106``, ``Fay 0 (mort)``."""
    points = _signed(delta)
    if mort:
        return msg("{player} {points} (mort)", player=player, points=points)
    if note is not None:
        return msg("{player} {points} ({note})", player=player, points=points, note=note)
    return msg("{player} {points}", player=player, points=points)


_explain = explain  # Tarot.score has an ``explain`` flag


# --------------------------------------------------------------------------------------------
# The game


class Tarot(GameDefaults):
    """French tarot, 3 to 6 players (the mort sits out at 6), rule sets ``fft``/``maison``."""

    name = "tarot"
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

    def asked(self, f: Field, table: Table, raw: Mapping[str, Any]) -> Field | None:
        """A renonce asks only what it needs: who had the most points and his points
        (the defence's points, which ``add`` takes too, are not offered)."""
        if _contract_so_far(raw) != Contract.RENONCE:
            return f
        if f.key == "defense_points":
            return None
        return _RENONCE_QUESTIONS.get(f.key, f)

    min_players = MIN_PLAYERS
    lower_wins = False
    max_players = MAX_PLAYERS
    has_set_end = False  # played until the table stops

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
    @property
    def stats_notes(self) -> tuple[str, ...]:
        from cardscore.games.tarot import stats as tarot_stats

        return tarot_stats.NOTES

    @property
    def stats_view(self) -> StatsView:
        from cardscore.games.tarot import stats as tarot_stats

        return tarot_stats.VIEW

    def count_round(self, row: Any, record: Any, tally: Tally) -> None:
        from cardscore.games.tarot import stats as tarot_stats

        tarot_stats.count_round(row, record, tally)

    def own_figures(self, figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        from cardscore.games.tarot import stats as tarot_stats

        return tarot_stats.own_figures(figures, names)

    def check_players(self, players: Sequence[str], params: Any) -> None:
        """3 to 6 players with distinct names.  Names are compared the way they are typed
        (case, accents, dashes and spaces aside), so 'Zoé' and 'zoe' are the same player, and
        a name made only of dashes or spaces could never be typed.

        >>> GAME.check_players(["Ann", "ann", "Bob"], PRESETS["fft"])
        Traceback (most recent call last):
        ...
        cardscore.games.base.InputError: --names: two players are named 'ann'
        """
        if not self.min_players <= len(players) <= self.max_players:
            raise _players_error(len(players))
        check_names(players)
        if getattr(params, "scoring", None) not in tuple(Scoring):  # params of another game too
            raise InputError(msg("--set scoring: accepted values are fft and maison"))

    def summary(self, params: TarotParams) -> tuple[str, ...]:
        """The rules in a few sentences (``cardscore rules tarot``).

        >>> GAME.summary(PRESETS["fft"])[0]
        'The taker needs 56 points without a bout, 51 with 1, 41 with 2 and 36 with 3 (of 91).'
        """
        none, one, two, three = THRESHOLDS
        lines = [
            msg(
                "The taker needs {none} points without a bout, {one} with 1, {two} with 2 and "
                "{three} with 3 (of {total}).",
                none=none,
                one=one,
                two=two,
                three=three,
                total=CARD_POINTS,
            ),
        ]
        lines.append(_bounds_summary(params))
        if params.scoring == Scoring.FFT:
            lines.append(_fft_summary())
        else:
            lines.extend(_maison_summary(params))
        lines.append(_chelem_summary())
        lines.append(
            msg(
                "At 6 players the dealer is the mort and scores nothing; the deal "
                "passes to the next player every round."
            )
        )
        return tuple(lines)

    def goal(self, table: Table) -> int | None:
        return None  # tarot is played until the table stops

    def columns(self, table: Table) -> tuple[str, ...]:
        return table.players

    def sitting_out(self, table: Table, number: int) -> str | None:
        """At 6 players the dealer of the round is the mort.

        >>> six = Table("tarot", ("A", "B", "C", "D", "E", "F"), PRESETS["fft"])
        >>> GAME.sitting_out(six, 1), GAME.sitting_out(six, 8)
        ('A', 'B')
        """
        return table.dealer(number) if len(table.players) == MORT_TABLE else None

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate raw answers (strings, as typed) and return the stored input.

        The taker's points are stored as given (``55.5`` stays ``55.5`` even when the
        rules drop half points: the scoring drops it, and the breakdown says so).  A taker
        who calls himself plays alone: ``called`` is then ``None``.
        """
        if not isinstance(raw, Mapping):
            raise InputError(msg("a round is a set of answers (--taker, --contract, …)"))
        params = _params(table)
        answers = read_answers(FIELDS, raw, game=self.name)
        contract = _read_contract(answers.text("contract"), params)
        if contract is Contract.PASSE:
            why = msg("nothing else is recorded when everybody passed (--contract passe)")
            _only(answers, (), why)
            return _stored(contract)
        if contract is Contract.RENONCE:
            why = msg("a renonce records only --taker and --points (or --defense-points)")
            _only(answers, ("taker", "points", "defense_points"), why)
        _refuse_inapplicable(answers, table, params)
        mort = self.sitting_out(table, number)
        seats = _Seats(table, tuple(p for p in table.players if p != mort), mort)
        taker_text = answers.text("taker")
        if taker_text is None:
            raise InputError(
                msg(
                    "--taker: who took is needed (players: {players})",
                    players=", ".join(seats.active),
                ),
                field="taker",
            )
        taker = seats.resolve(taker_text, "taker")
        if contract is Contract.RENONCE:
            return _stored(contract, taker, points=_read_points(answers, None).value)
        return _read_bid(answers, contract, taker, seats, params)

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
        breakdown = _explain(record, table) if explain else ()
        return RoundResult(scores, breakdown, None, 0, record)  # positional: a replay is hot

    def explained(self, record: Any, table: Table) -> tuple[Msg, ...]:
        """The breakdown, from the record a score without ``explain`` returned."""
        return _explain(record, table)

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        """Tarot has no end: the table stops when it likes."""
        return Outcome(False, None)

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """The round with its players renamed (the taker, the called player, the petit au
        bout, the poignées and the misères).

        >>> GAME.renamed({"taker": "Jena", "called": "Bob", "poignees": [["Jena", "simple"]],
        ...               "miseres": []}, {"Jena": "Jean"})
        {'taker': 'Jean', 'called': 'Bob', 'poignees': [['Jean', 'simple']], 'miseres': []}
        """
        out = dict(inp)
        for key in ("taker", "called", "petit_au_bout"):
            if out.get(key) is not None:
                out[key] = names.get(out[key], out[key])
        for key in ("poignees", "miseres"):
            if key in out:
                out[key] = [[names.get(who, who), *rest] for who, *rest in out[key]]
        return out

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        """The raw answers a stored round was built from, which build it back.

        Players by their exact names, numbers as their text, the taker's points as stored
        (never ``--defense-points``), a poignée or misère always with its kind (a name may
        hold a ``:``); what the round has not is left out.  A taker who played alone has no
        ``called`` answer.

        >>> t = Table("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve"), PRESETS["fft"])
        >>> inp = GAME.build_round({"taker": "a", "called": "c", "contract": "garde sans",
        ...                         "bouts": "2", "defense_points": "35,5",
        ...                         "poignee": ["eve:double"]}, t, 1)
        >>> answers = GAME.answers(inp, t)
        >>> answers
        {'contract': 'garde-sans', 'taker': 'Ann', 'called': 'Cyd', 'bouts': '2', \
'points': '55.5', 'poignee': ['Eve:double']}
        >>> GAME.build_round(answers, t, 1) == inp
        True
        """
        raw: dict[str, Any] = {"contract": str(inp["contract"])}
        for key in ("taker", "called", "bouts", "points", "petit_au_bout"):
            value = inp.get(key)
            if value is not None and value != "":
                raw[key] = str(_num(value)) if key == "points" else str(value)
        for key, stored in (("poignee", "poignees"), ("misere", "miseres")):
            tags = [f"{who}:{kind}" for who, kind in inp.get(stored) or ()]
            if tags:
                raw[key] = tags
        if inp.get("chelem"):
            raw["chelem"] = str(inp["chelem"])
        return raw

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        """The round in one line: who took what, with whom, his bouts and points, and (with
        its record) by how much the contract was made or lost.

        >>> t = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), PRESETS["fft"])
        >>> inp = GAME.build_round({"taker": "Bob", "contract": "garde-sans", "bouts": "1",
        ...                         "points": "40"}, t, 1)
        >>> GAME.headline(inp, t, GAME.score(inp, t, 1, None).record)
        'Bob garde sans, 1 bout, 40 → lost by 11'
        >>> GAME.headline(inp, t, None)
        'Bob garde sans, 1 bout, 40'
        """
        contract = inp["contract"]
        if contract == Contract.PASSE:
            return msg("passe")
        taker, points = inp["taker"], _num(inp["points"])
        if contract == Contract.RENONCE:
            line = msg("{taker} renonce, {points}", taker=taker, points=points)
            if record is None:
                return line
            return msg("{round} → R = {price}", round=line, price=-record.unit)
        said = {
            "taker": taker,
            "contract": CONTRACT_WORDS[contract],
            "bouts": _bouts(inp["bouts"]),
            "points": points,
        }
        called = inp.get("called")
        line = (
            msg("{taker} {contract} ({called}), {bouts}, {points}", called=called, **said)
            if called
            else msg("{taker} {contract}, {bouts}, {points}", **said)
        )
        if record is None:
            return line
        return msg("{round} → {outcome}", round=line, outcome=_outcome(record))

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        """The round in a short column of the printed sheet: the taker, the contract, the
        called player, the bouts (``2b``) and the taker's points, then what else mattered,
        by whom: the petit au bout, each poignée and misère, the chelem (a renonce says its
        holder's points).  Its ``record`` adds nothing: the scores say the rest.

        >>> t = Table("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve"), PRESETS["fft"])
        >>> inp = GAME.build_round({"taker": "Bob", "contract": "garde", "called": "Dan",
        ...                         "bouts": "2", "points": "49"}, t, 1)
        >>> GAME.played(inp, t)
        'Bob garde (Dan) 2b 49'
        >>> inp = GAME.build_round({"taker": "Bob", "contract": "garde-sans", "called": "Dan",
        ...                         "bouts": "3", "points": "91", "petit_au_bout": "Bob",
        ...                         "poignee": ["Bob:double"], "chelem": "announced"}, t, 1)
        >>> GAME.played(inp, t)
        'Bob garde sans (Dan) 3b 91, petit au bout Bob, poignée double Bob, chelem announced ✓'
        >>> t4 = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), PRESETS["fft"])
        >>> GAME.played({"taker": "Ann", "contract": "garde-contre", "bouts": 0,
        ...              "points": 40.5}, t4)
        'Ann garde contre 0b 40.5'
        >>> GAME.played({"taker": None, "contract": "passe"}, t4)
        'passe'
        >>> GAME.played({"taker": "Cyd", "contract": "renonce", "points": 30}, t4)
        'Cyd renonce 30'
        """
        contract = inp["contract"]
        if contract == Contract.PASSE:
            return msg("passe")
        taker = inp["taker"]
        if contract == Contract.RENONCE:
            return msg("{taker} renonce {points}", taker=taker, points=_num(inp["points"]))
        said = {
            "taker": taker,
            "contract": CONTRACT_WORDS[contract],
            "bouts": inp["bouts"],
            "points": _num(inp["points"]),
        }
        if called := inp.get("called"):
            line = msg("{taker} {contract} ({called}) {bouts}b {points}", called=called, **said)
        else:
            line = msg("{taker} {contract} {bouts}b {points}", **said)
        for more in _played_bonuses(inp):
            line = msg("{round}, {more}", round=line, more=more)
        return line


def _played_bonuses(inp: Mapping[str, Any]) -> list[Msg]:
    """What a bid's round had besides its contract, in the breakdown's order, each with its
    owner: ``petit au bout Bob``, ``poignée double Ann``, ``misère Cyd``, ``chelem ✓``.

    >>> _played_bonuses({"petit_au_bout": None, "poignees": [], "miseres": [["Cyd", "simple"]],
    ...                  "chelem": "defense"})
    ['misère simple Cyd', "defence's chelem"]
    """
    said = []
    if holder := inp.get("petit_au_bout"):
        said.append(msg("petit au bout {player}", player=holder))
    for holder, size in inp.get("poignees") or ():
        said.append(msg("poignée {kind} {player}", kind=str(size), player=holder))
    for holder, size in inp.get("miseres") or ():
        said.append(msg("misère {kind} {player}", kind=str(size), player=holder))
    if chelem := inp.get("chelem"):
        said.append(CHELEM_PLAYED[Chelem(chelem)])
    return said


def _outcome(record: TarotRecord) -> Msg:
    """``made by 8``, ``lost by 11``; ``lost (chelem)`` when a maison chelem turned the
    round against its margin."""
    margin = record.margin
    assert margin is not None  # a bid
    if record.made != (margin >= 0):
        return msg("made (chelem)") if record.made else msg("lost (chelem)")
    return _by(margin)


def _by(margin: float) -> Msg:
    """``made by 8``, ``lost by 11``, and ``just made`` when the taker has exactly the points
    needed (not "made by 0": a table says « juste fait »).

    >>> _by(8), _by(-11.5), _by(0)
    ('made by 8', 'lost by 11.5', 'just made')
    """
    if margin == 0:
        return msg("just made")
    by = _num(abs(margin))
    return msg("made by {by}", by=by) if margin > 0 else msg("lost by {by}", by=by)


def _bounds_summary(params: TarotParams) -> Msg:
    """The taker's possible points by his bouts (:func:`point_bounds`)."""
    ranges = [point_bounds(bouts) for bouts in range(BOUTS + 1)]
    shown = {f"low{b}": low for b, (low, _high) in enumerate(ranges)}
    shown |= {f"high{b}": high for b, (_low, high) in enumerate(ranges)}
    if params.half_points:
        return msg(
            "A bout is worth {bout} and the excuse may be traded for a half-point card, so "
            "the taker has {low0} to {high0} points with no bout, {low1} to {high1} with 1, "
            "{low2} to {high2} with 2 and {low3} to {high3} with 3; anything else is refused.",
            bout=_num(BOUT_VALUE),
            **shown,
        )
    return msg(
        "A bout is worth {bout} and the excuse may be traded for a half-point card, so "
        "the taker has {low0} to {high0} points with no bout, {low1} to {high1} with 1, "
        "{low2} to {high2} with 2 and {low3} to {high3} with 3; anything else is refused "
        "(half points dropped: {typed} typed for {low2} with 2 bouts is accepted).",
        bout=_num(BOUT_VALUE),
        typed=lowest_typed(ranges[2][0], half_points=False),
        **shown,
    )


def _chelem_summary() -> Msg:
    """What a chelem made by the taker's side leaves the defence (:func:`chelem_bounds`)."""
    ranges: dict[str, Msg | float] = {}
    for bouts in range(BOUTS + 1):
        for chien in (0, *sorted(set(CHIEN_CARDS.values()))):
            bounds = chelem_bounds(bouts, chien)
            if bounds is not None:
                low, high = bounds
                shown = msg("{low}–{high}", low=low, high=high) if low != high else low
                ranges[f"c{chien}b{bouts}"] = shown
    return msg(
        "A chelem made by the taker's side leaves the defence at most the excuse (traded for "
        "a half-point card): 2 bouts and {c0b2} points, or 3 bouts and {c0b3}. At garde "
        "contre the defence also holds the chien, so with 0, 1, 2 or 3 bouts the taker has "
        "{c6b0}, {c6b1}, {c6b2} or {c6b3} points with a chien of 6 cards (3 and 4 players), "
        "{c3b0}, {c3b1}, {c3b2} or {c3b3} with a chien of 3 (5 and 6 players).",
        **ranges,
    )


def _fft_summary() -> Msg:
    prise, garde, sans, contre = FFT_MULTIPLIERS.values()
    simple, double, triple = FFT_POIGNEES.values()
    return msg(
        "Each defender pays ({base} + the gap) × the contract (prise {prise}, garde {garde}, "
        "garde sans {sans}, garde contre {contre}), plus the petit au bout ({petit} × the "
        "contract), the poignées ({simple}, {double} or {triple}, to the side that wins) and "
        "the chelem; the taker receives as much from each, shared with their partner at "
        "{partner} players. Every round sums to 0.",
        base=FFT_BASE,
        prise=prise,
        garde=garde,
        sans=sans,
        contre=contre,
        petit=FFT_PETIT_AU_BOUT,
        simple=simple,
        double=double,
        triple=triple,
        partner=PARTNER_TABLE,
    )


def _maison_summary(params: TarotParams) -> list[Msg]:
    """The maison scoring, and what surprises a table used to the official rules (choices
    of these rules)."""
    return [
        msg(
            "Each opponent pays the contract (prise {prise}, garde {garde}, garde sans "
            "{sans}, garde contre {contre}) plus the gap rounded to ten, and the chelem; "
            "the petit au bout, poignées and misères are personal: +{bonus} from each other "
            "player.",
            prise=params.value_prise,
            garde=params.value_garde,
            sans=params.value_garde_sans,
            contre=params.value_garde_contre,
            bonus=PERSONAL_BONUS,
        ),
        msg(
            "At 5 and 6 players the called partner's score is taken from nobody: the "
            "round's scores do not sum to zero."
        ),
        msg(
            "An announced chelem that fails turns the round into a loss, even when the "
            "contract is made."
        ),
        msg(
            "A chelem taken by the defence scores like an announced chelem that failed "
            "(a choice of these rules): {extra} more per opponent, and the round is lost.",
            extra=MAISON_CHELEMS[Chelem.DEFENSE][0],
        ),
    ]


GAME = Tarot()
