"""Reading a belote or coinche round: the raw answers (options, questions, the one-line
grammar) become the stored round, every check and every refusal here; the stored round's
type, checked on every read of a file; and the way back, a stored round's answers.

>>> from cardscore.games.belote.fields import BELOTE_FIELDS
>>> from cardscore.games.belote.rules import BeloteParams
>>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
>>> raw = {"taker": "bob", "trump": "sa", "defense_points": "50", "dix_de_der": "taker"}
>>> read_round(BELOTE_FIELDS, raw, t, game="belote", has_contract=False)["points"]
70
>>> wrong = {"taker": "bob", "trump": "sa", "points": "130", "dix_de_der": "taker"}
>>> read_round(BELOTE_FIELDS, wrong, t, game="belote", has_contract=False)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardscore.games.base.InputError: --points: 130 is more than the 120 card points of a sans ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, NamedTuple

import msgspec

from cardscore.games.base import (
    Field,
    InputError,
    Stored,
    Table,
    about,
    parse_int,
    said_values,
)
from cardscore.games.belote.fields import (
    ANNOUNCES,
    contract_named,
    resolve_team,
    trump_named,
)
from cardscore.games.belote.record import Level, Special, Trump
from cardscore.games.belote.rules import (
    CARD_POINTS,
    HIGHEST_CONTRACT,
    LEVEL_OF,
    LOWEST_CONTRACT,
    TEAMS,
    capot_unclaimed,
    card_total,
    team_names,
    team_of,
)
from cardscore.games.reading import Answers, UnknownName, read_answers, read_named
from cardscore.i18n import Msg, msg

_about = about  # (the field an error of a shared helper is about)

# --------------------------------------------------------------------------------------------
# The stored round

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


# --------------------------------------------------------------------------------------------
# Reading a round


def read_round(
    fields: Sequence[Field], raw: Mapping[str, Any], table: Table, *, game: str, has_contract: bool
) -> dict[str, Any]:
    """The stored round that the raw answers to ``fields`` say (``game``'s: coinche
    ``has_contract``); see :class:`StoredBelote` for its shape.  Every error names its field
    (``InputError.field``).
    """
    answers = read_answers(fields, raw, game=game)
    _reject_inapplicable(fields, answers, raw, table)
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
        accepted = said_values(fields[1].choices)
        raise InputError(
            msg("--trump: the trump is needed ({accepted})", accepted=accepted), field="trump"
        )
    trump = trump_named(trump_text, tout_atout=has_contract)
    total = card_total(trump, table.params)
    # The contract is read early: --generale-made implies a capot.
    contract = _read_contract(answers) if has_contract else None
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


def _reject_inapplicable(
    fields: Sequence[Field], answers: Answers, raw: Mapping[str, Any], table: Table
) -> None:
    """Refuse a field given (among the ``answers`` read) where it does not apply
    (``--belote`` in sans atout…)."""
    for f in fields:
        if f.key in answers and not f.is_relevant(table, raw):
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
        contract_named(text), level, answers.flag("generale_made"), answers.flag("capot_made")
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
# The way back: a stored round's answers


def answers_of(inp: Mapping[str, Any], table: Table, *, has_contract: bool) -> dict[str, Any]:
    """The raw answers a stored round was built from, keyed by field: what
    :meth:`build_round` reads back into the same input.  The taker's card points as
    stored (never the defence's); teams by their names, or by ``taker``/``defense``
    where a name would be read as something else; what a capot implies (the card
    points, the last trick) and what a made générale implies (the capot) left out, as
    they are typed, but a générale's capot is kept: it stays true without the générale.

    >>> from cardscore.games.belote.rules import CoincheParams
    >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
    >>> inp = {"taker": "Bob", "trump": "hearts", "contract": 100, "coinche": 2,
    ...        "points": 98, "dix_de_der": 1, "belote": 0, "announces": [[1, 50]],
    ...        "capot": None, "generale_made": False}
    >>> answers_of(inp, t, has_contract=True)  # doctest: +NORMALIZE_WHITESPACE
    {'taker': 'Bob', 'trump': 'hearts', 'contract': '100', 'coinche': True, 'points': '98',
     'dix_de_der': 'BD', 'belote': 'AC', 'announce': ['BD:50']}
    >>> from cardscore.games.belote.fields import COINCHE_FIELDS
    >>> raw = answers_of(inp, t, has_contract=True)
    >>> read_round(COINCHE_FIELDS, raw, t, game="coinche", has_contract=True) == inp
    True
    """
    taker_team = team_of(inp["taker"], table)

    def team(index: int, *, announce: bool = False) -> str:
        return _team_answer(index, table, taker_team, announce=announce)

    answers: dict[str, Any] = {"taker": inp["taker"], "trump": str(inp["trump"])}
    if has_contract:
        contract = inp["contract"]
        answers["contract"] = str(contract if type(contract) is int else Special(contract))
        level = LEVEL_OF[inp["coinche"]]
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


# --------------------------------------------------------------------------------------------
# Asked again once the whole round is known


def second_thoughts(inp: Mapping[str, Any], table: Table) -> tuple[tuple[str, str], ...]:
    """The questions worth asking again once a whole round is known, each with why:
    ``(field key, explanation)`` pairs (the interactive flow asks them once more).

    A capot or générale contract whose team holds every card point and the last trick
    but has no capot: was the capot forgotten?"""
    if not capot_unclaimed(inp, table):
        return ()
    why = msg(
        "{team} hold all {total} card points and the last trick, but no capot was given: "
        "without it the round is scored as not capot (the defence may have won a trick "
        "of no points). Did {team} take every trick?",
        team=team_names(table)[team_of(inp["taker"], table)],
        total=inp["points"],
    )
    return (("capot", why),)
