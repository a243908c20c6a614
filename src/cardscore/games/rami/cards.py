"""A rami hand as typed (``A JK 5``, ``10♥ R D``, ``Joker, 9, As``, or its value ``36``): the
spellings of its cards in English, French and Norwegian, its labels, its value, and the
refusals of a hand typed wrong (docs/rules.md, Rami, Counting a hand).

Its own module, below the fields and the wording: the hand question's echo
(:mod:`cardscore.games.rami.words`) and the round's checks
(:mod:`cardscore.games.rami.reading`) read a hand the same way.

>>> hand_value("R D 8", RamiParams())
(28, ('K', 'Q', '8'))
"""

from __future__ import annotations

import re

from cardscore.games.base import InputError, about, parse_int
from cardscore.games.rami.rules import JOKER_LABEL, MAX_CARDS, VALUES, RamiParams, max_hand
from cardscore.i18n import msg

#: the key of the round field the hands are typed in (its errors name it)
HAND = "hand"

# Every accepted spelling of a rank (lower case) -> its label.
_RANKS: dict[str, str] = {str(n): str(n) for n in range(2, 11)} | {
    spelling: label
    for label, spellings in {
        "J": ("j", "v", "valet", "jack", "kn", "knekt"),
        "Q": ("q", "d", "dame", "queen"),
        "K": ("k", "r", "roi", "king", "konge"),
        "A": ("a", "as", "ace", "e", "ess"),
        JOKER_LABEL: ("jk", "joker", "*"),
    }.items()
    for spelling in spellings
}
# Suits do not count in rami: marks (with the emoji variation selector) and a trailing letter,
# English (spades, hearts, diamonds, clubs), French (pique, cœur, carreau, trèfle) or Norwegian
# (spar, hjerter, ruter, kløver).  Norwegian ranks: Kn (knekt), D, K, E (ess).  "As" and
# "JK" are matched as whole ranks first: ace (of spades or not) and joker, never J of carreau.
_SUIT_MARKS = "♠♥♦♣♤♡♢♧\ufe0f"
_SUIT_LETTERS = frozenset("shdcptkr")
_NUMBER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+\.[0-9]*")

_about = about  # (the field an error of a shared resolver is about)


def _rank(token: str) -> str | None:
    """The label of one card as typed (``10♥``, ``Kd``, ``As``, ``joker``), or None.

    >>> _rank("10♥"), _rank("Kd"), _rank("As"), _rank("joker"), _rank("jc"), _rank("Z")
    ('10', 'K', 'A', 'JK', 'J', None)
    >>> _rank("Kn"), _rank("Knr"), _rank("Ess"), _rank("Dk"), _rank("e")
    ('J', 'J', 'A', 'Q', 'A')
    """
    bare = token.strip(_SUIT_MARKS).lower()
    if bare in _RANKS:
        return _RANKS[bare]
    if len(bare) > 1 and bare[-1] in _SUIT_LETTERS:
        return _RANKS.get(bare[:-1])
    return None


def _too_many(what: str, value: int, params: RamiParams) -> InputError:
    limit = max_hand(params)
    return InputError(
        msg(
            "{what}: {value} is more than any hand can hold (at most {limit}: {cards} cards "
            "at {high})",
            what=what,
            value=value,
            limit=limit,
            cards=MAX_CARDS,
            high=limit // MAX_CARDS,
        ),
        field=HAND,
    )


def hand_value(
    text: str, params: RamiParams, what: str = "--hand", *, strict: bool = True
) -> tuple[int, tuple[str, ...]]:
    """The value of a hand typed as cards or as a number, and its card labels.

    A number alone is the hand's value (a single card 2 to 10 reads the same either way).
    A hand of more than 14 cards, or worth more than :func:`max_hand`, is refused unless
    ``strict`` is off (a stored round is read as it was saved).  Errors name the ``hand``
    field.

    >>> hand_value("A JK 5", RamiParams())
    (36, ('A', 'JK', '5'))
    >>> hand_value("10♥ 10♠ As R D V", RamiParams())[0], hand_value("Joker, 9, A", RamiParams())
    (61, (40, ('JK', '9', 'A')))
    >>> hand_value("36", RamiParams())
    (36, ('36',))
    >>> hand_value("A Z", RamiParams(), what="--hand Bob")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --hand Bob: unknown card 'Z' (cards: 2-10, J/V, Q/D, ...)
    >>> hand_value("281", RamiParams(), what="--hand Bob")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --hand Bob: 281 is more than any hand can hold (at most 280...
    """
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise InputError(msg("{what}: a hand of no card scores 0: type 0", what=what), field=HAND)
    if len(tokens) == 1 and _NUMBER.fullmatch(tokens[0]):
        return _typed_value(tokens[0], params, what, strict=strict)
    labels = tuple(_label(token, what, alone=len(tokens) == 1) for token in tokens)
    if strict and len(labels) > MAX_CARDS:
        raise InputError(
            msg(
                "{what}: {count} cards are more than any hand can hold (at most {cards})",
                what=what,
                count=len(labels),
                cards=MAX_CARDS,
            ),
            field=HAND,
        )
    value = sum(params.joker if label == JOKER_LABEL else VALUES[label] for label in labels)
    return value, labels


def _typed_value(
    token: str, params: RamiParams, what: str, *, strict: bool
) -> tuple[int, tuple[str, ...]]:
    """A hand typed as its value (``36``), its one label being that number."""
    if token.startswith("-") and token[1:].strip("0"):
        raise InputError(
            msg("{what}: a hand cannot be worth less than 0 (got {text})", what=what, text=token),
            field=HAND,
        )
    with _about(HAND):
        value = parse_int(token, what=what, low=0)
    if strict and value > max_hand(params):
        raise _too_many(what, value, params)
    return value, (str(value),)


def _label(token: str, what: str, *, alone: bool) -> str:
    """The label of one typed card, or an error naming it (a lone decimal number is a value
    that is not whole, rather than an unknown card)."""
    label = _rank(token)
    if label is not None:
        return label
    if alone and _DECIMAL.fullmatch(token):
        raise InputError(
            msg("{what}: {text!r} is not a whole number of points", what=what, text=token),
            field=HAND,
        )
    raise InputError(
        msg(
            "{what}: unknown card {text!r} (cards: 2-10, J/V, Q/D, K/R, A/As, "
            "JK/Joker/*; or the hand's value, e.g. 36)",
            what=what,
            text=token,
        ),
        field=HAND,
    )
