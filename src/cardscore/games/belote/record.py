"""What a belote or coinche round *was*: the values it is told in (the trump, the contract
that is not a number, the coinche level, the verdict), each team's tally, and the records
the scoring in :mod:`cardscore.games.belote.rules` returns (see :mod:`cardscore.games.record`).

A record is all a round's scores and breakdown are made from: the scores follow from it
(:func:`~cardscore.games.belote.rules.belote_scores`,
:func:`~cardscore.games.belote.rules.coinche_scores`), the breakdown a person reads is written
from it (:mod:`cardscore.games.belote.words`), and ``show --json`` and the statistics read
it, term by term (:attr:`BeloteRecord.terms`).

>>> us, them = tally("Us", 82, 10, 20, 0, False), tally("Them", 70, 0, 0, 20, False)
>>> record = BeloteRecord("Ann", "Us", Trump.HEARTS, 0, (us, them), [(1, 20)],
...                       Verdict.MADE, 0, 0, 0, 0, 0)
>>> record.margin, [(t.kind, t.amount, t.owner) for t in record.terms][:3]
(22, [('cards', 82, 'Us'), ('dix_de_der', 10, 'Us'), ('belote', 20, 'Us')])
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum, StrEnum
from typing import Any, NamedTuple

from cardscore.games.record import Term

# --------------------------------------------------------------------------------------------
# What a round is told in, as stored


class Trump(StrEnum):
    """The trump of a round, as stored (``"hearts"``, ``"sa"``…)."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SANS_ATOUT = "sa"
    TOUT_ATOUT = "ta"  # coinche only


class Special(StrEnum):
    """The coinche contracts that are not a number of points, as stored."""

    CAPOT = "capot"  # the taker's team takes every trick
    GENERALE = "generale"  # the taker alone takes every trick


class Level(IntEnum):
    """How a coinche contract was doubled: stored as its multiplier (1, 2 or 4)."""

    NONE = 1
    COINCHE = 2
    SURCOINCHE = 4

    @property
    def word(self) -> str:
        """The game term, French in every language: ``coinché``, ``surcoinché`` or ``""``."""
        return _LEVEL_WORDS[self]


_LEVEL_WORDS = {Level.NONE: "", Level.COINCHE: "coinché", Level.SURCOINCHE: "surcoinché"}


class Verdict(StrEnum):
    """How a round ended for the taker's team (coinche has no litige)."""

    MADE = "made"  # contrat fait
    DEDANS = "dedans"  # the taker's team fell: the defence takes the round
    LITIGE = "litige"  # a belote tie: the taker's points are held


# --------------------------------------------------------------------------------------------
# Official coinche's rounding: the scores apply it, a record's terms show it

ROUNDING_UNIT = 10  # official coinche rounds each team's points to the nearest ten, 5 up


def round_tens(points: int) -> int:
    """Round to the nearest ten, 5 up (official coinche).

    >>> [round_tens(p) for p in (84, 85, 108, 54, 0)]
    [80, 90, 110, 50, 0]
    """
    return ROUNDING_UNIT * ((points + ROUNDING_UNIT // 2) // ROUNDING_UNIT)


# --------------------------------------------------------------------------------------------
# Each team's tally, and the records


class Tally(NamedTuple):
    """One team's points in a round, term by term: its total (docs/rules.md, Belote › How a
    round is counted).

    >>> tally("Us", 82, 10, 20, 0, False)
    Tally(team='Us', cards=82, dix_de_der=10, belote=20, announces=0, capot=False, total=112)
    """

    team: str
    cards: int  # its card points, or what its capot counts instead of them and the dix de der
    dix_de_der: int
    belote: int
    announces: int  # the sum of its announcements
    capot: bool
    total: int  # the sum of the four terms (see :func:`tally`)

    def as_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "dix_de_der": self.dix_de_der,
            "belote": self.belote,
            "announcements": self.announces,
            "capot": self.capot,
            "total": self.total,
        }


def tally(
    team: str, cards: int, dix_de_der: int, belote: int, announces: int, capot: bool
) -> Tally:
    """A team's tally, its total worked out."""
    total = cards + dix_de_der + belote + announces
    return Tally(team, cards, dix_de_der, belote, announces, capot, total)


Announce = tuple[int, int]  # (team index, value), as stored


def _card_terms(tally: Tally, announces: Sequence[Announce], team: int) -> list[Term]:
    """A team's tally as terms: cards (or capot), dix de der, belote, each announcement."""
    owner = tally.team
    terms = [Term("capot" if tally.capot else "cards", tally.cards, owner)]
    if tally.dix_de_der:
        terms.append(Term("dix_de_der", tally.dix_de_der, owner))
    if tally.belote:
        terms.append(Term("belote", tally.belote, owner))
    terms += [Term("announce", v, owner) for t, v in announces if t == team]
    return terms


class BeloteRecord(NamedTuple):
    """What a belote round was (docs/rules.md, Belote › How a round is counted).

    The scores follow from it (:func:`belote_scores`), and so does the breakdown
    (:func:`explain`)."""

    taker: str
    side: str  # the taker's team
    trump: Trump
    taker_team: int  # 0 or 1
    tallies: tuple[Tally, Tally]  # team 0 first
    announces: Sequence[Announce]  # as stored, in order
    verdict: Verdict
    held_in: int  # held by earlier litiges: the winner of this round collects them
    round_points: int  # dedans: what the defence takes for the round (or its capot value)
    won_announces: int  # dedans: the announcements the defence scores
    kept: int  # litige: the taker team's belote, scored at once
    held_out: int  # what waits for the next round (after a litige)

    @property
    def made(self) -> bool:
        return self.verdict is Verdict.MADE

    @property
    def margin(self) -> int:
        """The taker team's total minus the defence's (a tie is 0)."""
        return self.tallies[self.taker_team].total - self.tallies[1 - self.taker_team].total

    @property
    def winner(self) -> int | None:
        """The team that collects the points held (``None`` in a litige)."""
        if self.verdict is Verdict.LITIGE:
            return None
        return self.taker_team if self.verdict is Verdict.MADE else 1 - self.taker_team

    @property
    def terms(self) -> tuple[Term, ...]:
        """What each team scores, term by term, owned by the team that scores it; what is
        not scored (held in a litige, lost on a dedans) is there with ``scored=False``."""
        taker, defense = self.taker_team, 1 - self.taker_team
        t_tally, d_tally = self.tallies[taker], self.tallies[defense]
        terms: list[Term] = []
        if self.verdict is Verdict.MADE:
            terms += _card_terms(t_tally, self.announces, taker)
            terms += _card_terms(d_tally, self.announces, defense)
        elif self.verdict is Verdict.LITIGE:
            # The taker team's kept belote scores; the rest of its total is held.
            for term in _card_terms(t_tally, self.announces, taker):
                kept = term.kind == "belote" and self.kept > 0
                terms.append(term if kept else term._replace(scored=False, detail="held"))
            terms += _card_terms(d_tally, self.announces, defense)
        else:
            terms += self._dedans_terms()
        if self.held_in and self.winner is not None:
            terms.append(Term("held", self.held_in, self.tallies[self.winner].team))
        return tuple(terms)

    def _dedans_terms(self) -> list[Term]:
        taker, defense = self.tallies[self.taker_team], self.tallies[1 - self.taker_team]
        kind = "capot" if defense.capot else "round"
        terms = [Term(kind, self.round_points, defense.team)]
        if defense.belote:
            terms.append(Term("belote", defense.belote, defense.team))
        every = self.won_announces > defense.announces  # the taker's are the defence's too
        for team, value in self.announces:
            if team == 1 - self.taker_team:
                terms.append(Term("announce", value, defense.team))
            elif team == self.taker_team:
                terms.append(
                    Term("announce", value, defense.team, detail="taker's")
                    if every
                    else Term("announce", value, taker.team, scored=False)
                )
        if taker.belote:
            terms.append(Term("belote", taker.belote, taker.team))
        return terms

    def as_json(self) -> dict[str, Any]:
        """The record as ``show --json`` gives it under ``"terms"``."""
        return {
            "taker": self.taker,
            "side": self.side,
            "trump": str(self.trump),
            "outcome": str(self.verdict),
            "made": self.made,
            "margin": self.margin,
            "teams": {t.team: t.as_json() for t in self.tallies},
            "held_in": self.held_in,
            "held_out": self.held_out,
            "terms": [t.as_json() for t in self.terms],
        }


class CoincheRecord(NamedTuple):
    """What a coinche round was (docs/rules.md, Coinche › Made or fallen, The score).

    The scores follow from it (:func:`coinche_scores`), and so does the breakdown
    (:func:`explain`)."""

    taker: str
    side: str  # the taker's team
    trump: Trump
    taker_team: int
    tallies: tuple[Tally, Tally]  # team 0 first
    announces: Sequence[Announce]
    contract: int | Special
    value: int  # what the contract is worth (a capot 250, a générale 500)
    level: Level
    made: bool
    base: int  # of (base + contract) × level: the capot base when a capot is involved
    rounding: bool  # each team's own total rounded to the ten
    to_winner: bool  # coinche-announcements winner: the round's winner scores them all
    capot_unclaimed: bool  # a capot contract's team holds everything, but no capot given

    @property
    def verdict(self) -> Verdict:
        return Verdict.MADE if self.made else Verdict.DEDANS

    @property
    def winner(self) -> int:
        """The team that wins the round: the taker's if the contract is made."""
        return self.taker_team if self.made else 1 - self.taker_team

    @property
    def margin(self) -> int | None:
        """By how much a contract of points was made (the lesser of the taker team's total
        above the contract and above the defence; a tie with the defence is 0 and
        fallen) or fallen (negative); ``None`` for capot and générale."""
        if isinstance(self.contract, Special):
            return None
        taker = self.tallies[self.taker_team].total
        defense = self.tallies[1 - self.taker_team].total
        if self.made or taker < self.value:
            return min(taker - self.value, taker - defense)
        return taker - defense

    @property
    def own_scores(self) -> bool:
        """Whether each team scores its own total (made, not coinché)."""
        return self.made and self.level is Level.NONE

    @property
    def terms(self) -> tuple[Term, ...]:
        """What each team scores, term by term, owned by the team that scores it; an
        announcement that does not score is there with ``scored=False``."""
        taker, defense = self.taker_team, 1 - self.taker_team
        if self.own_scores:
            terms = _card_terms(self.tallies[taker], self.announces, taker)
            terms.append(Term("contract", self.value, self.side))
            terms += _card_terms(self.tallies[defense], self.announces, defense)
            if self.rounding:
                terms += [
                    Term("rounding", round_tens(t.total) - t.total, t.team)
                    for t in self.tallies
                    if round_tens(t.total) != t.total
                ]
            return tuple(terms)
        winner, loser = self.tallies[self.winner], self.tallies[1 - self.winner]
        detail = self.level.word or None
        terms = [Term("contract", (self.base + self.value) * self.level, winner.team, detail)]
        if winner.belote:
            terms.append(Term("belote", winner.belote, winner.team))
        for team, value in self.announces:
            if team not in (0, 1):  # a damaged file's: counted nowhere
                continue
            if self.to_winner:
                terms.append(Term("announce", value, winner.team))
            else:
                terms.append(Term("announce", value, self.tallies[team].team, scored=False))
        if loser.belote:
            terms.append(Term("belote", loser.belote, loser.team))
        return tuple(terms)

    def as_json(self) -> dict[str, Any]:
        """The record as ``show --json`` gives it under ``"terms"``."""
        contract = self.contract if isinstance(self.contract, int) else str(self.contract)
        return {
            "taker": self.taker,
            "side": self.side,
            "trump": str(self.trump),
            "contract": contract,
            "contract_value": self.value,
            "level": self.level.name.lower(),
            "multiplier": int(self.level),
            "outcome": str(self.verdict),
            "made": self.made,
            "margin": self.margin,
            "base": self.base,
            "rounding": self.rounding,
            "capot_unclaimed": self.capot_unclaimed,
            "teams": {t.team: t.as_json() for t in self.tallies},
            "terms": [t.as_json() for t in self.terms],
        }
