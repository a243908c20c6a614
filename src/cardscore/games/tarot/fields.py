"""French tarot's description: its fields, their words, their choices, when each applies.

Each :class:`~cardscore.games.base.Field` is a question (the prompts), an ``add`` option
and a word of the one-line grammar (its :class:`~cardscore.games.base.Words`) at once;
its choices take the usual abbreviations and French and Norwegian spellings; its
``applies`` predicate says when it makes sense (nobody takes a passe, a partner is called
only at 5 or 6 players...).  Checking the answers is ``reading.py``'s job.

>>> [f.key for f in FIELDS][:4]
['contract', 'taker', 'called', 'bouts']
>>> [str(c.value) for c in CONTRACT_CHOICES if c.matches("gs")]
['garde-sans']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from cardscore.games.base import Choice, Field, FieldKind, InputError, Table, Words, is_given
from cardscore.games.tarot.record import _CONTRACTS, Chelem, Contract, Size
from cardscore.games.tarot.rules import (
    PARTNER_TABLE,
    _params,
    contracts,
    poignee_kinds,
    poignee_sizes,
)
from cardscore.i18n import Msg, msg

# --------------------------------------------------------------------------------------------
# Choices


CONTRACT_CHOICES = (
    # the usual abbreviations too (p, g, gs, gc: what a scoresheet writes)
    Choice(Contract.PRISE, "prise (petite)", aliases=("petite", "p")),
    Choice(Contract.GARDE, "garde", aliases=("g",)),
    Choice(Contract.GARDE_SANS, "garde sans", aliases=("garde sans le chien", "gs")),
    Choice(Contract.GARDE_CONTRE, "garde contre", aliases=("garde contre le chien", "gc")),
    Choice(Contract.RENONCE, "renonce (nobody took; the one with the most points pays)"),
    Choice(Contract.PASSE, "passe (everybody passed, nobody scores)"),
)
POIGNEE_CHOICES = (Choice(Size.SIMPLE), Choice(Size.DOUBLE), Choice(Size.TRIPLE))
MISERE_CHOICES = (Choice(Size.SIMPLE), Choice(Size.DOUBLE))
CHELEM_CHOICES = (
    # French and Norwegian (meldt, umeldt, gått ned, forsvaret) spellings too.
    Choice(
        Chelem.ANNOUNCED,
        "announced and made",
        aliases=("annonce", "annonce-reussi", "meldt"),
        word=msg("announced"),
    ),
    Choice(
        Chelem.UNANNOUNCED,
        "made, not announced",
        aliases=("non-annonce", "not-announced", "umeldt"),
        word=msg("unannounced"),
    ),
    Choice(
        Chelem.FAILED,
        "announced and failed",
        aliases=("chute", "annonce-chute", "gatt-ned"),
        word=msg("failed"),
    ),
    Choice(
        Chelem.DEFENSE,
        "taken by the defence",
        aliases=("defence", "forsvaret", "forsvar"),
        word=msg("defense"),
    ),
)


# --------------------------------------------------------------------------------------------
# When a field applies


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


def _poignee_label(table: Table, choice: Choice) -> Msg:
    """``double (10 trumps)``: what a poignée means at this table, for the prompts."""
    index = [c.value for c in POIGNEE_CHOICES].index(choice.value)
    count = poignee_sizes(len(table.players))[index]
    return msg("{kind} ({count} trumps)", kind=choice.value, count=count)


# --------------------------------------------------------------------------------------------
# The fields


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
        twin="defense_points",
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


def asked(f: Field, raw: Mapping[str, Any]) -> Field | None:
    """The question asked for ``f``: a renonce asks only what it needs, who had the most
    points and his points (the defence's points, which ``add`` takes too, are not offered).

    >>> asked(_FIELD["taker"], {"contract": "renonce"}).label
    'Who had the most points (chien included)?'
    >>> asked(_FIELD["defense_points"], {"contract": "renonce"}) is None
    True
    """
    if _contract_so_far(raw) != Contract.RENONCE:
        return f
    if f.key == "defense_points":
        return None
    return _RENONCE_QUESTIONS.get(f.key, f)
