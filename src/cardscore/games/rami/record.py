"""What a rami round was: its record (who scored 0, every hand, every penalty, every score),
the kinds of its terms, and its JSON form (``show --json``).

:func:`cardscore.games.rami.rules.work_out` makes a record from a stored round,
:func:`cardscore.games.rami.words.explain` writes its breakdown, and the statistics
(:mod:`cardscore.games.rami.stats`) count it.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from cardscore.games.record import Term


class Kind(StrEnum):
    """The kinds of a rami round's terms; a player's score is the sum of his scored terms."""

    WENT_OUT = "went_out"  # 0 for the player who went out
    HAND = "hand"  # a hand's value (detail: its cards as typed)
    NOT_OPENED = "not_opened"  # what not opening adds to the hand (detail: a Cap)
    RAMI_SEC = "rami_sec"  # what a rami sec makes an opponent pay (detail: a RamiSecRule)


class Cap(StrEnum):
    """What limited a never-opened payment (the ``detail`` of its term)."""

    NONE = "uncapped"  # hand + extra, under every cap
    FIXED = "capped"  # never-opened-cap
    HALF_TARGET = "half_target"  # half the target
    FLAT = "flat"  # never-opened=flat: a fixed amount, never capped


class Charge(NamedTuple):
    """What a loser pays besides his hand, or instead of it (``replaces_hand``: a flat
    amount, whatever the hand): the never-opened penalty, or a rami sec."""

    kind: Kind
    detail: str  # a Cap, or a RamiSecRule
    replaces_hand: bool


class RamiRecord(NamedTuple):
    """What a rami round was: who scored 0, every hand, every penalty, every score.

    :attr:`terms` come player by player, in the table's order; each one's ``owner`` is the
    player who pays it, ``amount`` what it adds to his score.  A hand that does not count (a
    least hand of a blocked round, a hand under a flat rule) is a term with ``scored=False``.

    >>> from cardscore.games.base import Table
    >>> from cardscore.games.rami.rules import RamiParams, work_out
    >>> t = Table("rami", ("Ann", "Bob"), RamiParams())
    >>> r = work_out({"winner": "Ann", "blocked": False, "rami_sec": False,
    ...     "hands": {"Bob": {"cards": "R D 8", "value": 28}}, "not_opened": ["Bob"]}, t)
    >>> r.winners, [(str(term.kind), term.amount, term.owner) for term in r.terms]
    (('Ann',), [('went_out', 0, 'Ann'), ('hand', 28, 'Bob'), ('not_opened', 22, 'Bob')])
    >>> r.as_json()["terms"][2]
    {'kind': 'not_opened', 'amount': 22, 'owner': 'Bob', 'detail': 'half_target'}
    >>> r.scores
    {'Ann': 0, 'Bob': 50}
    """

    #: the player who went out (``None`` in a blocked round)
    winner: str | None
    blocked: bool
    rami_sec: bool
    #: the least hand of a blocked round (``None`` when someone went out)
    least: int | None
    #: the hands given, by player: ``{"cards": "A JK 5", "value": 36}`` (as stored)
    hands: Mapping[str, Mapping[str, Any]]
    #: what the players who pay more than their hand (or else) pay, by player
    charges: Mapping[str, Charge]
    #: each player's score, by name in the table's order: the sum of his scored terms
    scores: Mapping[str, int]

    @property
    def winners(self) -> tuple[str, ...]:
        """The players who score 0: the one who went out, or the least hands of a blocked
        round."""
        if self.least is None:
            return (self.winner,)
        return tuple(p for p in self.scores if self.hands[p]["value"] == self.least)

    # Rami has no contract: nobody takes, nothing is made or lost (the RoundRecord protocol).
    @property
    def taker(self) -> str | None:
        return None

    @property
    def side(self) -> str | None:
        return None

    @property
    def made(self) -> bool | None:
        return None

    @property
    def margin(self) -> float | None:
        return None

    @property
    def terms(self) -> tuple[Term, ...]:
        """Every term of the round, player by player (worked out when asked for: a replay
        needs only the scores)."""
        terms: list[Term] = []
        for player, score in self.scores.items():
            terms.extend(self._terms_of(player, score))
        return tuple(terms)

    def _terms_of(self, player: str, score: int) -> tuple[Term, ...]:
        hand = self.hands.get(player)
        charge = self.charges.get(player)
        if player == self.winner or (self.blocked and hand["value"] == self.least):
            if self.blocked:  # his least hand, which does not count
                return (Term(Kind.HAND, hand["value"], player, hand["cards"], scored=False),)
            return (Term(Kind.WENT_OUT, 0, player),)
        if charge is None:
            return (Term(Kind.HAND, hand["value"], player, hand["cards"]),)
        if charge.replaces_hand:
            paid = Term(charge.kind, score, player, charge.detail)
            if hand is None:  # a hand left out after a flat rami sec
                return (paid,)
            return (Term(Kind.HAND, hand["value"], player, hand["cards"], scored=False), paid)
        value = hand["value"]
        return (
            Term(Kind.HAND, value, player, hand["cards"]),
            Term(charge.kind, score - value, player, charge.detail),
        )

    def as_json(self) -> dict[str, Any]:
        """The record as ``show --json`` gives it (``"terms"`` of a round)."""
        return {
            "winners": list(self.winners),
            "blocked": self.blocked,
            "rami_sec": self.rami_sec,
            "least_hand": self.least,
            "terms": [_plain(term.as_json()) for term in self.terms],
            "scores": dict(self.scores),
        }


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    """A term's JSON with its kinds and details as plain strings, not enum members."""
    return {
        key: value.value if isinstance(value, StrEnum) else value for key, value in data.items()
    }
