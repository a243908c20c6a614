"""What a tarot round was: the closed sets of values a round is made of, and its record.

A stored round names its contract, its chelem and its bonuses' sizes by these values;
:func:`cardscore.games.tarot.rules.work_out` turns it into a :class:`TarotRecord` (what the
round *was*: contract, points, gap, multiplier, every term with its owner), from which the
scores (``rules.scores_of``) and the breakdown (``words.explain``) are written.

>>> record = TarotRecord(Contract.PASSE, Scoring.FFT, None, None, None, ("Ann", "Bob", "Cyd"),
...                      None, None, None, None, None, None, None, None, None, None, 0, 0, (), ())
>>> record.as_json()["contract"], record.terms
('passe', ())
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from cardscore.games.record import Term

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


# stored strings back to their members, by a dict lookup (faster than calling the enum)
_CONTRACTS: Mapping[str, Contract] = {c.value: c for c in Contract}
_CHELEMS: Mapping[str | None, Chelem | None] = {None: None, **{c.value: c for c in Chelem}}
_SIZES: Mapping[str, Size] = {s.value: s for s in Size}


def _num(value: float) -> float | int:
    """An int when whole, so stored points read ``49`` and not ``49.0``."""
    return int(value) if value == int(value) else value


# --------------------------------------------------------------------------------------------
# The record


class TarotRecord(NamedTuple):
    """What a tarot round was, worked out from its stored input by ``rules.work_out``.

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
