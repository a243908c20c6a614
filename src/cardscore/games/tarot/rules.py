"""French tarot's scoring, in the order the players' rules tell it.

(Over 600 lines: the rules read best whole, in that order; the point bounds, both rule
sets and the parameters are part of them.)

The players' rules are ``docs/rules.md``, section "Tarot", and this module follows them:
the table (3 to 6 players, the mort, the called partner), what a round records (the
contracts, the points the taker needs, the poignées), the points that cannot happen, then
the scoring: a stored round worked out into its record (:func:`work_out`, a
``TarotRecord`` of ``record.py``) by the ``fft`` or the ``maison`` rule set, and shared out
into every player's score (:func:`scores_of`).  Last come the parameters a table may play
differently (:class:`TarotParams`) and their presets.  Reading a typed round is
``reading.py``'s job, writing the breakdown ``words.py``'s.

A garde made with 2 bouts and 49 points, the petit au bout and a poignée (as stored):

>>> table = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), PRESETS["fft"])
>>> inp = {"taker": "Ann", "contract": "garde", "called": None, "bouts": 2, "points": 49,
...        "petit_au_bout": "Ann", "poignees": [["Ann", "simple"]], "miseres": [],
...        "chelem": None}
>>> record = work_out(inp, table, 1)
>>> record.made, record.margin, record.unit, record.factor
(True, 8, 106, 3)
>>> scores_of(record, table.players)
{'Ann': 318, 'Bob': -106, 'Cyd': -106, 'Dan': -106}
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cardscore.games.base import InputError, Table, check_names, param_field, parse_number
from cardscore.games.record import Term
from cardscore.games.tarot.record import (
    _CHELEMS,
    _CONTRACTS,
    _SIZES,
    Chelem,
    Contract,
    Kind,
    Scoring,
    Size,
    TarotRecord,
    _num,
)
from cardscore.i18n import msg

_ceil, _floor, _fromkeys = math.ceil, math.floor, dict.fromkeys  # bound once: scoring is hot


# --------------------------------------------------------------------------------------------
# The table (docs/rules.md, Tarot › The table)


MIN_PLAYERS, MAX_PLAYERS = 3, 6
MORT_TABLE = 6  # at this many players the dealer sits out (the mort)
PARTNER_TABLE = 5  # from this many players the taker calls a partner


def mort_of(table: Table, number: int) -> str | None:
    """The mort of round ``number``: at 6 players the dealer sits out.

    >>> six = Table("tarot", ("A", "B", "C", "D", "E", "F"), PRESETS["fft"])
    >>> five = Table("tarot", ("A", "B", "C", "D", "E"), PRESETS["fft"])
    >>> mort_of(six, 1), mort_of(six, 8), mort_of(five, 1)
    ('A', 'B', None)
    """
    return table.dealer(number) if len(table.players) == MORT_TABLE else None


def _players_error(count: int) -> InputError:
    return InputError(
        msg(
            "tarot is played by {low} to {high} players (got {count})",
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
            count=count,
        )
    )


def check_players(players: Sequence[str], params: Any) -> None:
    """3 to 6 players with distinct names.  Names are compared the way they are typed
    (case, accents, dashes and spaces aside), so 'Zoé' and 'zoe' are the same player, and
    a name made only of dashes or spaces could never be typed.

    >>> check_players(["Ann", "ann", "Bob"], PRESETS["fft"])
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --names: two players are named 'ann'
    """
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise _players_error(len(players))
    check_names(players)
    if getattr(params, "scoring", None) not in tuple(Scoring):  # params of another game too
        raise InputError(msg("--set scoring: accepted values are fft and maison"))


# --------------------------------------------------------------------------------------------
# What a round records


BIDS = (Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)  # weakest first
THRESHOLDS = (56, 51, 41, 36)  # points the taker needs with 0, 1, 2, 3 bouts
CARD_POINTS = 91  # the card points of a deal, chien included
BOUTS = 3  # the petit, the 21 and the excuse
BOUT_VALUE = 4.5  # what each bout is worth
# trumps to show for a simple, double and triple poignée (fft), by active players
POIGNEE_SIZES = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13), 6: (8, 10, 13)}


def contracts(params: TarotParams) -> tuple[Contract, ...]:
    """The contracts a rule set accepts (renonce and passe depend on the parameters).

    >>> [str(c) for c in contracts(PRESETS["maison"])]
    ['prise', 'garde', 'garde-sans', 'garde-contre', 'renonce']
    """
    extra = (Contract.RENONCE,) * params.renonce + (Contract.PASSE,) * params.passe
    return BIDS + extra


def poignee_sizes(players: int) -> tuple[int, int, int]:
    """Trumps to show for a simple, double and triple poignée (fft), by players at the
    table (at 6 the mort does not play: as at 5).

    >>> poignee_sizes(3), poignee_sizes(4), poignee_sizes(5), poignee_sizes(6)
    ((13, 15, 18), (10, 13, 15), (8, 10, 13), (8, 10, 13))
    """
    if players not in POIGNEE_SIZES:
        raise _players_error(players)
    return POIGNEE_SIZES[players]


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


def _effective_points(points: float, half_points: bool) -> float:
    """The points that count: without half points, the half is dropped (55.5 → 55)."""
    return points if half_points else _floor(points)


# --------------------------------------------------------------------------------------------
# Points that cannot happen are refused


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
# Working out a round: its record, by the contract's way


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
        if len(players) == MORT_TABLE:  # the dealer is the mort (see mort_of)
            self.seats = tuple((m, tuple(p for p in players if p != m)) for m in players)
        else:
            self.seats = ((None, players),)


@functools.lru_cache(maxsize=16)
def _seating(table: Table) -> _Seating:
    """What is worked out of a table (tables are frozen: it holds as long as the table)."""
    return _Seating(table)


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
    >>> inp = {"taker": "Ann", "contract": "garde", "called": None, "bouts": 1, "points": 48,
    ...        "petit_au_bout": None, "poignees": [["Bob", "simple"]], "miseres": [],
    ...        "chelem": None}
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


# --------------------------------------------------------------------------------------------
# Rule set `fft`: the official scoring


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


# --------------------------------------------------------------------------------------------
# Rule set `maison`: the house rules


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


def _rounded_to_ten(value: float) -> int:
    """Half up, as the maison surplus and the renonce's price: 4 → 0, 5 → 10, 26 → 30.

    >>> [_rounded_to_ten(v) for v in (4, 5, 26, 14.5)]
    [0, 10, 30, 10]
    """
    return ROUNDING * _floor((value + ROUNDING / 2) / ROUNDING)


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
# Sharing it out: every player's score, from the record


def _pay(scores: dict[str, int], term: Term, active: Sequence[str]) -> None:
    """A personal bonus: its owner scores amount × (n - 1), every other active player -amount."""
    amount, owner = term.amount, term.owner
    others = len(active) - 1
    for p in active:
        scores[p] += amount * others if p == owner else -amount


def scores_of(record: TarotRecord, players: Sequence[str]) -> dict[str, int]:
    """Every column's score, from the record alone.

    >>> t = Table("tarot", ("Ann", "Bob", "Cyd"), PRESETS["maison"])
    >>> inp = {"taker": "Ann", "contract": "prise", "called": None, "bouts": 0, "points": 60,
    ...        "petit_au_bout": "Bob", "poignees": [], "miseres": [], "chelem": None}
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
# Tarot parameters


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
