"""Rami's scoring (docs/rules.md, Rami), in the order the rules tell it: its numbers and
parameters, counting a hand, the special cases (never opened, rami sec, blocked), then the
end of the game.

The player who goes out scores 0; every other player scores his hand (joker 20, ace 11,
figures 10, 2 to 10 their face value), more if he did not open this round (laid no meld
yet); after a rami sec every opponent pays 200.  Points are bad: when someone's total reaches
the target (100 points per opponent), the lowest total wins.

A stored round (checked by :mod:`cardscore.games.rami.reading`) is scored by
:func:`work_out`, into a :class:`~cardscore.games.rami.record.RamiRecord`:

>>> from cardscore.games.base import Table
>>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
>>> r = work_out({"winner": "Ann", "blocked": False, "rami_sec": False,
...     "hands": {"Bob": {"cards": "A JK 5", "value": 36}, "Cyd": {"cards": "40", "value": 40}},
...     "not_opened": ["Cyd"]}, t)
>>> dict(r.scores)  # Cyd did not open: 40 + 25
{'Ann': 0, 'Bob': 36, 'Cyd': 65}
>>> outcome(t, r.scores)  # nobody has reached the target of 200 yet
Outcome(finished=False, winner=None)

Choices made where the rules leave room (each documented where it is applied):

* in a blocked round, every player tied for the least hand wins and scores 0;
* the rami sec payment replaces the never-opened penalty;
* the ``flat`` never-opened penalty is the table's own fixed amount: it is not capped;
* half the target is rounded down when the target is odd.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from cardscore.games.base import Outcome, Table, param_field
from cardscore.games.rami.record import Cap, Charge, Kind, RamiRecord
from cardscore.i18n import msg

# --------------------------------------------------------------------------------------------
# The numbers of the game

#: what the cards left in hand are worth (the joker's value is a parameter)
ACE = 11
FIGURE = 10  # jack, queen, king
JOKER = 20
#: the most cards a player can hold (13 dealt, one drawn)
MAX_CARDS = 14
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: the standard rule set's numbers
NEVER_OPENED_EXTRA = 25
NEVER_OPENED_CAP = 100
NEVER_OPENED_FLAT = 100
RAMI_SEC_AMOUNT = 200
TARGET_PER_OPPONENT = 100
GAME_NAME = "rami"
#: ``target = 0`` stands for the automatic target (``target_per_opponent`` × opponents)
AUTOMATIC = 0


class NeverOpenedRule(StrEnum):
    """What a loser who did not open this round pays (parameter ``never-opened``)."""

    PLUS = "plus"  # his hand + never-opened-extra, capped
    FLAT = "flat"  # never-opened-flat, whatever his hand


class RamiSecRule(StrEnum):
    """What each opponent pays after a rami sec (parameter ``rami-sec``)."""

    FLAT = "flat"  # rami-sec-amount, whatever his hand
    DOUBLE = "double"  # his hand doubled


# --------------------------------------------------------------------------------------------
# Parameters


@dataclass(frozen=True)
class RamiParams:
    """The rule parameters of rami; every default is the standard rule set's.

    >>> RamiParams().rami_sec_amount, RamiParams(target=1000).target
    (200, 1000)
    >>> RamiParams(never_opened="flat").never_opened is NeverOpenedRule.FLAT
    True
    """

    joker: int = param_field(JOKER, "points of a joker left in hand", label=msg("joker"))
    never_opened: NeverOpenedRule = param_field(  # noqa: RUF009 (a dataclass field)
        NeverOpenedRule.PLUS,
        "what a loser who did not open this round pays: plus (their hand plus a set amount, "
        "capped) or flat (a fixed amount, whatever their hand)",
        choices={NeverOpenedRule.PLUS: msg("plus"), NeverOpenedRule.FLAT: msg("flat")},
        label=msg("a loser who never opened"),
    )
    never_opened_extra: int = param_field(
        NEVER_OPENED_EXTRA,
        "with plus: added to the hand of a loser who did not open this round",
        label=msg("added when never opened"),
        applies=lambda p: p.never_opened != NeverOpenedRule.FLAT,
    )
    never_opened_cap: int = param_field(
        NEVER_OPENED_CAP,
        "with plus: the most a loser who did not open this round pays, and never more than "
        "half the target; 0 = only half the target",
        label=msg("most paid when never opened"),
        applies=lambda p: p.never_opened != NeverOpenedRule.FLAT,
    )
    never_opened_flat: int = param_field(
        NEVER_OPENED_FLAT,
        "with flat: what a loser who did not open this round pays, not capped",
        label=msg("paid flat when never opened"),
        applies=lambda p: p.never_opened == NeverOpenedRule.FLAT,
    )
    rami_sec: RamiSecRule = param_field(  # noqa: RUF009 (a dataclass field)
        RamiSecRule.FLAT,
        "what each opponent pays after a rami sec: flat (a fixed amount, whatever their hand) "
        "or double (their hand doubled)",
        choices={RamiSecRule.FLAT: msg("flat"), RamiSecRule.DOUBLE: msg("double")},
        label=msg("rami sec"),
    )
    rami_sec_amount: int = param_field(
        RAMI_SEC_AMOUNT,
        "with flat: what each opponent pays after a rami sec",
        label=msg("paid after a rami sec"),
        applies=lambda p: p.rami_sec == RamiSecRule.FLAT,
    )
    target_per_opponent: int = param_field(
        TARGET_PER_OPPONENT,
        f"automatic target: this many points per opponent (default {TARGET_PER_OPPONENT}: "
        f"2 players {TARGET_PER_OPPONENT}, 3 players {2 * TARGET_PER_OPPONENT}…)",
        label=msg("target per opponent"),
        applies=lambda p: p.target == AUTOMATIC,
    )
    target: int = param_field(
        AUTOMATIC,
        "the game ends when a total reaches it: automatic by default (the target per "
        "opponent × opponents), or a fixed number such as 500 or 1000 (0 sets it back to "
        "automatic)",
        label=msg("target"),
    )

    def __post_init__(self) -> None:
        # ``--set`` and stored files give the rules as strings: typed here once.  A value no
        # rule has (a hand-edited file) is kept as it is and read as before: anything but
        # ``flat`` is the other rule.
        for name, rule in (("never_opened", NeverOpenedRule), ("rami_sec", RamiSecRule)):
            value = getattr(self, name)
            if value in rule._value2member_map_:
                object.__setattr__(self, name, rule(value))


#: the rule sets (``--rules``): one, the standard
PRESETS: Mapping[str, RamiParams] = MappingProxyType({"standard": RamiParams()})

# --------------------------------------------------------------------------------------------
# Counting a hand (how a hand is typed, in three languages, is read in cards.py)

#: the joker's label; its value is a parameter
JOKER_LABEL = "JK"
#: what each card but the joker is worth, by its label
VALUES: dict[str, int] = {str(n): n for n in range(2, 11)} | {
    "J": FIGURE,
    "Q": FIGURE,
    "K": FIGURE,
    "A": ACE,
}


def max_hand(params: RamiParams) -> int:
    """The most a hand can be worth: 14 cards at the highest card value of the rule set
    (the joker's, a parameter, or the ace's 11).

    >>> max_hand(RamiParams()), max_hand(RamiParams(joker=5)), max_hand(RamiParams(joker=50))
    (280, 154, 700)
    """
    return MAX_CARDS * max(params.joker, *VALUES.values())


# --------------------------------------------------------------------------------------------
# Special cases: never opened, rami sec, blocked


def never_opened_payment(value: int, params: RamiParams, n_players: int) -> int:
    """What a loser who did not open this round pays for a hand worth ``value``.

    >>> never_opened_payment(40, RamiParams(), 2)  # 40 + 25 = 65, capped at 100 / 2
    50
    >>> never_opened_payment(10, RamiParams(), 4), never_opened_payment(90, RamiParams(), 4)
    (35, 100)
    """
    return _never_opened(value, params, target(params, n_players))[0]


def _never_opened(value: int, params: RamiParams, goal: int) -> tuple[int, Cap]:
    """The never-opened payment for a hand worth ``value`` when the target is ``goal``, and
    what limited it.

    >>> _never_opened(40, RamiParams(), 100), _never_opened(90, RamiParams(), 300)
    ((50, <Cap.HALF_TARGET: 'half_target'>), (100, <Cap.FIXED: 'capped'>))
    >>> _never_opened(10, RamiParams(), 300), _never_opened(10, RamiParams(never_opened="flat"), 0)
    ((35, <Cap.NONE: 'uncapped'>), (100, <Cap.FLAT: 'flat'>))
    """
    if params.never_opened == NeverOpenedRule.FLAT:
        return params.never_opened_flat, Cap.FLAT
    plus = value + params.never_opened_extra
    half = goal // 2
    cap = params.never_opened_cap
    # A cap of 0 means "no fixed cap": only half the target limits the payment then.
    if cap and cap <= half:
        return (cap, Cap.FIXED) if plus > cap else (plus, Cap.NONE)
    return (half, Cap.HALF_TARGET) if plus > half else (plus, Cap.NONE)


def _rami_sec(
    players: Sequence[str],
    hands: Mapping[str, Any],
    winner: str | None,
    least: int | None,
    params: RamiParams,
) -> tuple[dict[str, int], Mapping[str, Charge]]:
    """The scores after a rami sec: every opponent a flat amount, or his hand doubled."""
    flat = params.rami_sec == RamiSecRule.FLAT
    charge = Charge(Kind.RAMI_SEC, params.rami_sec, flat)
    scores: dict[str, int] = {}
    charges: dict[str, Charge] = {}
    for p in players:
        if p == winner or (least is not None and hands[p]["value"] == least):
            scores[p] = 0
        else:
            scores[p] = params.rami_sec_amount if flat else 2 * hands[p]["value"]
            charges[p] = charge
    return scores, charges


# --------------------------------------------------------------------------------------------
# A round: who scores 0, what each other player pays and why

#: the charges of a round where every loser pays his hand (most rounds: shared, read-only)
_NO_CHARGE: Mapping[str, Charge] = MappingProxyType({})


def work_out(inp: Mapping[str, Any], table: Table) -> RamiRecord:
    """The record of a stored round: who scores 0, what each other player pays and why.

    Written for speed (a replay works out every round of a session): a loser who pays his
    hand, the common case, costs one dictionary entry; the terms are worked out from the
    record when they are asked for (:attr:`RamiRecord.terms`).
    """
    params: RamiParams = table.params
    players = table.players
    hands = inp["hands"]
    blocked, rami_sec, winner = inp["blocked"], inp["rami_sec"], inp["winner"]
    # A choice of the rules: in a blocked round, every player tied for the least hand wins
    # and scores 0.
    least = min(hands[p]["value"] for p in players) if blocked else None
    if rami_sec:
        # The rami sec payment replaces the never-opened penalty.
        scores, charges = _rami_sec(players, hands, winner, least, params)
        return RamiRecord(winner, blocked, rami_sec, least, hands, charges, scores)
    not_opened = inp["not_opened"]
    scores: dict[str, int] = {}
    charges: Mapping[str, Charge] = _NO_CHARGE
    goal = 0  # the target, worked out for the first player who did not open
    for p in players:
        if p == winner or (blocked and hands[p]["value"] == least):
            scores[p] = 0
        elif p in not_opened:
            goal = goal or target(params, len(players))
            scores[p], cap = _never_opened(hands[p]["value"], params, goal)
            if charges is _NO_CHARGE:
                charges = {}
            charges[p] = Charge(Kind.NOT_OPENED, cap, cap is Cap.FLAT)
        else:
            scores[p] = hands[p]["value"]
    return RamiRecord(winner, blocked, rami_sec, least, hands, charges, scores)


# --------------------------------------------------------------------------------------------
# The end of the game


def target(params: RamiParams, n_players: int) -> int:
    """The total that ends the game: fixed, or 100 points per opponent.

    >>> [target(RamiParams(), n) for n in range(2, 7)], target(RamiParams(target=1000), 4)
    ([100, 200, 300, 400, 500], 1000)
    """
    return params.target or params.target_per_opponent * (n_players - 1)


def outcome(table: Table, totals: Mapping[str, int]) -> Outcome:
    """Over once a total reaches the target, if the lowest total is not shared.

    >>> t = Table("rami", ("Ann", "Bob"), RamiParams())
    >>> outcome(t, {"Ann": 40, "Bob": 120}), outcome(t, {"Ann": 99, "Bob": 98})
    (Outcome(finished=True, winner='Ann'), Outcome(finished=False, winner=None))
    >>> outcome(t, {"Ann": 120, "Bob": 120})  # shared lowest: one more round
    Outcome(finished=False, winner=None)
    """
    values = [totals.get(p, 0) for p in table.players]
    if max(values) < target(table.params, len(table.players)):
        return Outcome()
    lowest = min(values)
    leaders = [p for p, v in zip(table.players, values, strict=True) if v == lowest]
    return Outcome(finished=True, winner=leaders[0]) if len(leaders) == 1 else Outcome()
