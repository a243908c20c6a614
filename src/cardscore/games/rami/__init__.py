"""Rami (2 to 6 players): losers pay the cards left in their hands — docs/rules.md, Rami.

The player who goes out scores 0; every other player scores his hand (joker 20, ace 11,
figures 10, 2 to 10 their face value), more if he did not open this round (laid no meld
yet); after a rami sec every opponent pays 200.  Points are bad: when someone's total reaches
the target (100 points per opponent), the lowest total wins.  A hand holds at most 14 cards,
so it is worth at most 14 times the highest card value.

A stored round (what :meth:`Rami.build_round` returns)::

    {"winner": "Ann", "blocked": False, "rami_sec": False,
     "hands": {"Bob": {"cards": "A JK 5", "value": 36}, "Cyd": {"cards": "12", "value": 12}},
     "not_opened": ["Cyd"]}

Scoring a round goes in three steps: :func:`work_out` makes its :class:`RamiRecord` (who went
out, every hand, every penalty, as :class:`~cardscore.games.record.Term`\\ s), the scores are
the sum of each player's terms (:attr:`RamiRecord.scores`), and :func:`explain` writes the breakdown
from the record.

Choices made where the rules leave room (each documented where it is applied):

* a blocked round has no ``winner`` in its input: the least hand is found when scoring;
* after a rami sec under the ``flat`` rule the hands do not change anything, so they are
  optional (checked and kept for the record when given); under ``double`` they are needed;
* after a rami sec nobody else had opened, so ``not_opened`` is stored as every opponent,
  ``--not-opened`` is refused with ``--rami-sec`` (it would say nothing more, and the prompts
  skip the question), and the rami sec payment replaces the never-opened penalty;
* the ``flat`` never-opened penalty is the table's own fixed amount: it is not capped;
* half the target is rounded down when the target is odd;
* the limit on a hand (:func:`max_hand`) is checked on the rounds being entered only: a
  stored round is replayed as it was.

The automatic target is stored as ``target = 0``: it is never shown as 0, but as the number
in force (:meth:`Rami.goal_text`, :meth:`Rami.shown_param`).

Why one module of 1,400 lines: a rami round is mostly its hands — their cards in three
languages, their values, the never-opened and rami-sec charges — and the fields, the record
and the breakdown read them the same way (each section under its own heading).  Its
statistics are in :mod:`cardscore.games.rami.stats`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import groupby
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple

import msgspec

from cardscore.games.base import (
    BOUNDS_SCHEMA,
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
    fold,
    param_field,
    parse_int,
    reject_inapplicable,
)
from cardscore.games.reading import YES, Answers, read_answers
from cardscore.games.record import Term
from cardscore.i18n import Msg, msg

if TYPE_CHECKING:
    from cardscore.games.figures import StatsView
    from cardscore.games.tally import Tally

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


def target(params: RamiParams, n_players: int) -> int:
    """The total that ends the game: fixed, or 100 points per opponent.

    >>> [target(RamiParams(), n) for n in range(2, 7)], target(RamiParams(target=1000), 4)
    ([100, 200, 300, 400, 500], 1000)
    """
    return params.target or params.target_per_opponent * (n_players - 1)


def target_text(params: RamiParams, players: Sequence[str] | None = None) -> str | None:
    """The automatic target as a person reads it, never as its stored 0: with the table's
    players, the number in force and how it is worked out; without (``cardscore rules``),
    how it will be worked out.  ``None`` for a fixed target (its number says it all).

    >>> target_text(RamiParams(), ("Ann", "Bob", "Cyd", "Dan"))
    '300 (100 per opponent)'
    >>> target_text(RamiParams()), target_text(RamiParams(target=1000))
    ('automatic: 100 per opponent', None)
    """
    if params.target:
        return None
    per = params.target_per_opponent
    if players is None:
        return msg("automatic: {per} per opponent", per=per)
    return msg("{target} ({per} per opponent)", target=target(params, len(players)), per=per)


class Cap(StrEnum):
    """What limited a never-opened payment (the ``detail`` of its term)."""

    NONE = "uncapped"  # hand + extra, under every cap
    FIXED = "capped"  # never-opened-cap
    HALF_TARGET = "half_target"  # half the target
    FLAT = "flat"  # never-opened=flat: a fixed amount, never capped


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


# --------------------------------------------------------------------------------------------
# Hands

#: the joker's label; its value is a parameter
JOKER_LABEL = "JK"
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
_VALUES: dict[str, int] = {str(n): n for n in range(2, 11)} | {
    "J": FIGURE,
    "Q": FIGURE,
    "K": FIGURE,
    "A": ACE,
}
# Suits do not count in rami: marks (with the emoji variation selector) and a trailing letter,
# English (spades, hearts, diamonds, clubs), French (pique, cœur, carreau, trèfle) or Norwegian
# (spar, hjerter, ruter, kløver).  Norwegian ranks: Kn (knekt), D, K, E (ess).  "As" and
# "JK" are matched as whole ranks first: ace (of spades or not) and joker, never J of carreau.
_SUIT_MARKS = "♠♥♦♣♤♡♢♧\ufe0f"
_SUIT_LETTERS = frozenset("shdcptkr")
_NUMBER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+\.[0-9]*")
# The figures shown in a breakdown, marked so that French says V, D, R (valet, dame, roi).
_FIGURES: dict[str, str] = {"J": msg("J"), "Q": msg("Q"), "K": msg("K")}
#: the key of the round field the hands are typed in (its errors name it)
_HAND = "hand"


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


def max_hand(params: RamiParams) -> int:
    """The most a hand can be worth: 14 cards at the highest card value of the rule set
    (the joker's, a parameter, or the ace's 11).

    >>> max_hand(RamiParams()), max_hand(RamiParams(joker=5)), max_hand(RamiParams(joker=50))
    (280, 154, 700)
    """
    return MAX_CARDS * max(params.joker, *_VALUES.values())


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
        field=_HAND,
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
        raise InputError(msg("{what}: a hand of no card scores 0: type 0", what=what), field=_HAND)
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
            field=_HAND,
        )
    value = sum(params.joker if label == JOKER_LABEL else _VALUES[label] for label in labels)
    return value, labels


def _typed_value(
    token: str, params: RamiParams, what: str, *, strict: bool
) -> tuple[int, tuple[str, ...]]:
    """A hand typed as its value (``36``), its one label being that number."""
    if token.startswith("-") and token[1:].strip("0"):
        raise InputError(
            msg("{what}: a hand cannot be worth less than 0 (got {text})", what=what, text=token),
            field=_HAND,
        )
    with _about(_HAND):
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
            field=_HAND,
        )
    raise InputError(
        msg(
            "{what}: unknown card {text!r} (cards: 2-10, J/V, Q/D, K/R, A/As, "
            "JK/Joker/*; or the hand's value, e.g. 36)",
            what=what,
            text=token,
        ),
        field=_HAND,
    )


def _cards(labels: Sequence[str]) -> str:
    """``A + JK + 5``, with the figures marked for translation.

    Split in halves, not one card at a time, so that a long hand nests only a few levels.

    >>> c = _cards(("K", "Q", "10"))
    >>> c, c.template, c.params["left"].template, c.params["right"].template
    ('K + Q + 10', '{left} + {right}', 'K', '{left} + {right}')
    """
    if len(labels) == 1:
        return _FIGURES.get(labels[0], labels[0])
    middle = len(labels) // 2
    return msg("{left} + {right}", left=_cards(labels[:middle]), right=_cards(labels[middle:]))


def _formula(cards: str, value: int) -> str:
    """``A + JK + 5 = 36`` for a stored hand typed as cards, ``36`` for one typed as its value.

    >>> _formula("R D V 10", 40), _formula("36", 36)
    ('K + Q + J + 10 = 40', '36')
    """
    # The labels do not depend on the joker's value; a stored hand is never refused.
    labels = hand_value(cards, RamiParams(), strict=False)[1]
    if len(labels) == 1 and labels[0] == str(value):
        return str(value)
    return msg("{cards} = {value}", cards=_cards(labels), value=value)


def _hand_echo(text: str, params: RamiParams) -> str:
    """What a typed hand was understood as: ``A + JK + 5 = 36``.

    >>> _hand_echo("A, joker 5", RamiParams()), _hand_echo("36", RamiParams())
    ('A + JK + 5 = 36', '36')
    """
    value, labels = hand_value(text, params)
    if len(labels) == 1 and labels[0] == str(value):
        return str(value)  # a value typed: said back as it is (Léa : 60)
    return msg("{cards} = {value}", cards=_cards(labels), value=value)


# --------------------------------------------------------------------------------------------
# Round fields


def _said_yes(raw: Mapping[str, Any], key: str) -> bool:
    """Whether a flag is set in answers being typed, never raising (for
    :attr:`Field.applies`): a boolean, or a yes word of the one reader's list.

    >>> _said_yes({"blocked": "Oui"}, "blocked"), _said_yes({"blocked": "maybe"}, "blocked")
    (True, False)
    """
    value = raw.get(key)
    return fold(value) in YES if isinstance(value, str) else bool(value)


def _not_blocked(table: Table, raw: Mapping[str, Any]) -> bool:
    return not _said_yes(raw, "blocked")


def _losers(table: Table, raw: Mapping[str, Any]) -> tuple[str, ...]:
    """The players who may not have opened: all but the one who went out."""
    winner = raw.get("winner")
    try:
        found = table.find_player(winner) if isinstance(winner, str) else None
    except InputError:
        found = None
    return tuple(p for p in table.players if p != found)


def _no_rami_sec(table: Table, raw: Mapping[str, Any]) -> bool:
    return not _said_yes(raw, "rami_sec")


def _who(table: Table, raw: Mapping[str, Any]) -> tuple[str, ...]:
    """The players the prompts ask a hand of (every player while the answers are unclear)."""
    try:
        return hands_needed(table, raw)
    except InputError:
        return table.players


FIELDS: tuple[Field, ...] = (
    # Asked first: a blocked round has no winner to name.
    Field(
        "blocked",
        FieldKind.FLAG,
        label="Was the round blocked (the stock ran out before anyone went out)?",
        help="The stock ran out: the least hand wins and scores 0 (instead of --winner).",
        words=Words(said=("bloque", msg("blocked"))),
    ),
    Field(
        "winner",
        FieldKind.PLAYER,
        label="Who went out?",
        help="The player who went out (scores 0).",
        required=True,
        applies=_not_blocked,
        unavailable="cannot go with --blocked (nobody went out: the least hand wins)",
        words=Words(bare=True),
        # the rare blocked round: the last entry of this list, not a question of its own
        none="nobody: the stock ran out (blocked)",
        none_sets="blocked",
    ),
    Field(
        "rami_sec",
        FieldKind.FLAG,
        label="Rami sec (the winner opened and went out in one turn, no opponent had opened)?",
        help="The winner opened and went out in one turn while no opponent had opened: "
        f"each opponent pays rami-sec-amount (default {RAMI_SEC_AMOUNT}).",
        applies=_not_blocked,
        unavailable="cannot go with --blocked (a rami sec needs a player who went out)",
        words=Words(said=("sec", "rami-sec")),
    ),
    Field(
        _HAND,
        FieldKind.PLAYER_TEXT,
        label="Cards left in hand (e.g. A JK 5) or their value",
        help="NAME=CARDS|NUMBER: the hand of a player who did not go out, as cards "
        "(A JK 5, 10♥ R D) or its value (36); every player's with --blocked.",
        who=_who,
        echo=lambda table, text: _hand_echo(text, table.params),
        words=Words(assign=True),  # cyd=36, cyd=R+D+5
    ),
    Field(
        "not_opened",
        FieldKind.PLAYERS,
        label="Who has not opened this round (no meld laid yet)?",
        help="A loser who laid no meld this round: by default pays their hand + "
        f"{NEVER_OPENED_EXTRA}, at most {NEVER_OPENED_CAP} and half the target (see cardscore "
        "rules rami).",
        applies=_no_rami_sec,
        unavailable="not needed with --rami-sec (no opponent had opened)",
        who=_losers,
        words=Words(marks=("!",)),  # !bob
    ),
)


_about = about  # (the field an error of a shared resolver is about)


# The one reader reads the hands as plain texts: the game splits ``NAME=CARDS`` itself, so
# that a hand typed wrong is refused in words about cards (``NAME=CARDS|NUMBER``, "type 0"),
# as the option's help and the prompts' question for each player put it.
_READ_AS: tuple[Field, ...] = tuple(
    replace(f, kind=FieldKind.PLAYERS) if f.key == _HAND else f for f in FIELDS
)


class _Read(NamedTuple):
    """A round's answers, read and resolved: the flags, the winner (``None``: blocked)."""

    answers: Answers
    blocked: bool
    rami_sec: bool
    winner: str | None


def _read(raw: Mapping[str, Any], table: Table) -> _Read:
    """Read the raw answers with the one reader, refuse a field given where it does not
    apply, and resolve the winner's name."""
    if not isinstance(raw, Mapping):
        raise InputError(msg("a round is a set of answers (--winner, --hand, …)"))
    answers = read_answers(_READ_AS, raw, game=GAME_NAME)
    for f in FIELDS:  # one at a time, so that the error names its field
        with _about(f.key):
            reject_inapplicable((f,), answers, table)
    blocked, rami_sec = answers.flag("blocked"), answers.flag("rami_sec")
    if not blocked and answers.text("winner") is None:
        raise InputError(
            msg("--winner: who went out? (--winner NAME, or --blocked)"), field="winner"
        )
    return _Read(answers, blocked, rami_sec, _winner(answers, table))


def _winner(answers: Answers, table: Table) -> str | None:
    """The player named by ``--winner``, if one is."""
    text = answers.text("winner")
    if text is None:
        return None
    with _about("winner"):
        return table.find_player(text, what="--winner")


def _owing(table: Table, winner: str | None, rami_sec: bool) -> tuple[str, ...]:
    """The players whose hand must be given (see :func:`hands_needed`)."""
    if rami_sec and table.params.rami_sec == RamiSecRule.FLAT:
        return ()
    return tuple(p for p in table.players if p != winner)


def hands_needed(table: Table, raw: Mapping[str, Any]) -> tuple[str, ...]:
    """The players who must give a hand, given the answers so far (for the prompts):
    everyone but the winner; everyone in a blocked round; nobody after a rami sec under the
    flat rule, where the hands are optional.

    >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
    >>> hands_needed(t, {"winner": "ann"}), hands_needed(t, {"winner": "a", "rami_sec": True})
    (('Bob', 'Cyd'), ())
    """
    answers = read_answers(_READ_AS, raw, game=GAME_NAME)
    winner = None if answers.flag("blocked") else _winner(answers, table)
    return _owing(table, winner, answers.flag("rami_sec"))


def _hands(read: _Read, table: Table) -> dict[str, dict[str, Any]]:
    """The hands typed (``--hand NAME=CARDS|NUMBER``), by player, as they are stored."""
    hands: dict[str, dict[str, Any]] = {}
    for entry in read.answers.texts(_HAND):
        name_text, sep, cards = entry.partition("=")
        if not sep or not name_text.strip():
            raise InputError(
                msg(
                    "--hand: {entry!r} is not NAME=CARDS|NUMBER (e.g. Bob=A JK 5 or Bob=36)",
                    entry=entry,
                ),
                field=_HAND,
            )
        with _about(_HAND):
            name = table.find_player(name_text, what="--hand")
        if name == read.winner:
            raise InputError(
                msg("--hand {name}: {name} went out and has no hand to count", name=name),
                field=_HAND,
            )
        if name in hands:
            raise InputError(
                msg("--hand {name}: {name}'s hand is given twice", name=name), field=_HAND
            )
        # (a hand of a file saved before the hands' bounds is read without them)
        strict = checked_since(BOUNDS_SCHEMA)
        value, _ = hand_value(cards, table.params, what=f"--hand {name}", strict=strict)
        hands[name] = {"cards": " ".join(cards.split()), "value": value}
    return hands


def _not_opened(read: _Read, table: Table) -> set[str]:
    """The players named by ``--not-opened`` (several may be given in one, with commas)."""
    named: set[str] = set()
    for entry in read.answers.texts("not_opened"):
        for part in entry.split(","):  # names never hold commas (--names splits on them)
            if not part.strip():
                continue
            with _about("not_opened"):
                name = table.find_player(part, what="--not-opened")
            if name == read.winner:
                raise InputError(
                    msg("--not-opened: {name} went out, so {name} has opened", name=name),
                    field="not_opened",
                )
            named.add(name)
    return named


def _check_every_hand(read: _Read, table: Table, hands: Mapping[str, Any]) -> None:
    """Refuse a round that lacks a hand it needs.

    The error names no field: the prompts ask the hands one player at a time and show the
    ``hand`` errors as they go, so this one must wait for the last player's answer.
    """
    missing = [p for p in _owing(table, read.winner, read.rami_sec) if p not in hands]
    if not missing:
        return
    if read.blocked:
        why = msg(
            "no hand given for {players}: add --hand {player}=CARDS|NUMBER (every player's)",
            players=_join(missing),
            player=missing[0],
        )
    else:
        why = msg(
            "no hand given for {players}: add --hand {player}=CARDS|NUMBER "
            "(one per player who did not go out)",
            players=_join(missing),
            player=missing[0],
        )
    raise InputError(why)


def _typed_name(player: str, table: Table) -> str:
    """A player's name as ``--not-opened`` reads it back: the name itself, but for a name
    holding a comma (``--not-opened`` splits on commas; ``--names`` never makes one, a table
    made otherwise may), the part before it when that still names this player.

    >>> t = Table("rami", ("Ann", "Bob, Jr"), RamiParams())
    >>> _typed_name("Ann", t), _typed_name("Bob, Jr", t)
    ('Ann', 'Bob')
    """
    if "," not in player:
        return player
    head = player.partition(",")[0]
    try:
        if table.find_player(head) == player:
            return head
    except InputError:
        pass
    return player  # nothing typed without a comma names this player


def _listed(values: Mapping[str, int]) -> str:
    """``Ann 5, Bob 20``: players and their numbers, for a headline.

    >>> _listed({"Ann": 5, "Bob": 20})
    'Ann 5, Bob 20'
    """
    return ", ".join(f"{player} {value}" for player, value in values.items())


def _join(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cyd``.

    >>> _join(["Ann"]), _join(["Ann", "Bob", "Cyd"])
    ('Ann', 'Ann, Bob and Cyd')
    """
    if len(names) == 1:
        return names[0]
    return msg("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


# --------------------------------------------------------------------------------------------
# What a round was: its record, its scores, its breakdown


class Kind(StrEnum):
    """The kinds of a rami round's terms; a player's score is the sum of his scored terms."""

    WENT_OUT = "went_out"  # 0 for the player who went out
    HAND = "hand"  # a hand's value (detail: its cards as typed)
    NOT_OPENED = "not_opened"  # what not opening adds to the hand (detail: a Cap)
    RAMI_SEC = "rami_sec"  # what a rami sec makes an opponent pay (detail: a RamiSecRule)


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


def explain(record: RamiRecord, table: Table) -> tuple[Msg, ...]:
    """The breakdown of a round, written from its record: how it ended, then a line for
    each hand that counts and each penalty (the only place that writes them).

    >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
    >>> r = work_out({"winner": "Ann", "blocked": False, "rami_sec": False,
    ...     "hands": {"Bob": {"cards": "36", "value": 36},
    ...               "Cyd": {"cards": "R D V 10", "value": 40}}, "not_opened": ["Cyd"]}, t)
    >>> print(*explain(r, t), sep="\\n")
    Ann went out: 0
    Bob: 36
    Cyd: K + Q + J + 10 = 40
    Cyd did not open this round: 40 + 25 = 65
    """
    params: RamiParams = table.params
    lines = [_headline(record, params)]
    for player, terms in groupby(record.terms, key=_owner):
        lines.extend(_player_lines(player, tuple(terms), params))
    return tuple(lines)


_explain = explain  # Rami.score's keyword ``explain`` hides the function there


def _owner(term: Term) -> str | None:
    return term.owner


def _headline(record: RamiRecord, params: RamiParams) -> Msg:
    """How the round ended: who went out, the rami sec, or the least hands."""
    if record.blocked:
        if len(record.winners) == 1:
            return msg(
                "blocked: {player} has the least hand ({least}) and scores 0",
                player=record.winners[0],
                least=record.least,
            )
        return msg(
            "blocked: {players} tie for the least hand ({least}), 0 each",
            players=_join(record.winners),
            least=record.least,
        )
    if not record.rami_sec:
        return msg("{player} went out: 0", player=record.winner)
    if params.rami_sec == RamiSecRule.FLAT:
        return msg("rami sec: each opponent pays {amount}", amount=params.rami_sec_amount)
    return msg("rami sec: each opponent pays their hand doubled")


def _player_lines(player: str, terms: tuple[Term, ...], params: RamiParams) -> tuple[Msg, ...]:
    """The lines of one player's terms (none for a player who scores 0 or pays a flat rami
    sec: the headline says it)."""
    last = terms[-1]
    if last.kind is Kind.WENT_OUT or not last.scored:  # went out, or a least hand: 0
        return ()
    if last.kind is Kind.HAND:
        return (msg("{player}: {hand}", player=player, hand=_formula(last.detail, last.amount)),)
    hand = terms[0]
    if last.kind is Kind.RAMI_SEC:
        if last.detail == RamiSecRule.FLAT:
            return ()
        return (
            msg(
                "{player}: {hand}, doubled = {total}",
                player=player,
                hand=_formula(hand.detail, hand.amount),
                total=hand.amount + last.amount,
            ),
        )
    return _not_opened_lines(player, hand, last, params)


def _not_opened_lines(
    player: str, hand: Term, penalty: Term, params: RamiParams
) -> tuple[Msg, ...]:
    """A loser who did not open: his hand (when typed as cards), then what he pays."""
    value = hand.amount
    if penalty.detail == Cap.FLAT:
        formula: str = msg("{amount} (flat, whatever the hand)", amount=penalty.amount)
        return (msg("{player} did not open this round: {formula}", player=player, formula=formula),)
    extra = params.never_opened_extra
    pays = value + penalty.amount
    if penalty.detail == Cap.FIXED:
        formula = msg(
            "{value} + {extra} = {total}, capped at {cap}",
            value=value,
            extra=extra,
            total=value + extra,
            cap=pays,
        )
    elif penalty.detail == Cap.HALF_TARGET:
        formula = msg(
            "{value} + {extra} = {total}, capped at {cap} (half the target)",
            value=value,
            extra=extra,
            total=value + extra,
            cap=pays,
        )
    else:
        formula = f"{value} + {extra} = {pays}"  # nothing to translate in a sum
    said = msg("{player} did not open this round: {formula}", player=player, formula=formula)
    cards = _formula(hand.detail, value)
    if cards == str(value):  # typed as its value: the formula says it
        return (said,)
    return (msg("{player}: {hand}", player=player, hand=cards), said)


def _never_opened_rule(params: RamiParams) -> Msg:
    """What a loser who did not open pays, in a sentence (:meth:`Rami.summary`)."""
    if params.never_opened == NeverOpenedRule.FLAT:
        return msg(
            "A loser who did not open this round pays {flat}.", flat=params.never_opened_flat
        )
    if params.never_opened_cap:
        return msg(
            "A loser who did not open this round pays their hand + {extra}, at most "
            "{cap} and half the target.",
            extra=params.never_opened_extra,
            cap=params.never_opened_cap,
        )
    # a cap of 0: only half the target
    return msg(
        "A loser who did not open this round pays their hand + {extra}, at most half the target.",
        extra=params.never_opened_extra,
    )


def _rami_sec_rule(params: RamiParams) -> Msg:
    """What a rami sec costs, in a sentence (:meth:`Rami.summary`)."""
    if params.rami_sec == RamiSecRule.FLAT:
        return msg("Rami sec: every opponent pays {amount}.", amount=params.rami_sec_amount)
    return msg("Rami sec: every opponent pays their hand doubled.")


def _end_rule(params: RamiParams) -> Msg:
    """When the game ends, in a sentence (:meth:`Rami.summary`)."""
    if params.target:
        return msg(
            "The game ends when someone reaches {target}; the lowest total wins.",
            target=params.target,
        )
    return msg(
        "The game ends when someone reaches {per} points per opponent; the lowest total wins.",
        per=params.target_per_opponent,
    )


# --------------------------------------------------------------------------------------------
# The game


class StoredHand(msgspec.Struct, forbid_unknown_fields=False):
    """A loser's hand as stored: as typed, and its value."""

    cards: Annotated[str, msgspec.Meta(max_length=500)]
    value: Annotated[int, msgspec.Meta(ge=0, le=100_000)]


class StoredRound(Stored):
    """A rami round as a session file holds it (see :meth:`Rami.build_round`), checked on
    every read: a winner unless the stock ran out, the hands of the others."""

    winner: str | None
    blocked: bool
    rami_sec: bool
    hands: dict[str, StoredHand]
    not_opened: list[str]

    def __post_init__(self) -> None:
        if (self.winner is None) != self.blocked:
            raise ValueError(msg("a round needs a winner, or the stock ran out (blocked)"))

    def names(self) -> list[str]:
        return [*([self.winner] if self.winner else []), *self.hands, *self.not_opened]


class Rami(GameDefaults):
    """Rami: the :class:`~cardscore.games.base.Game` protocol (docs/rules.md, Rami)."""

    name = GAME_NAME
    params_cls = RamiParams
    presets: Mapping[str, RamiParams] = MappingProxyType({"standard": RamiParams()})
    default_preset = "standard"
    fields = FIELDS
    stored_type = StoredRound
    min_players = MIN_PLAYERS
    lower_wins = True  # points are what a player is left holding: the fewest win
    max_players = MAX_PLAYERS

    # Its statistics, in games/rami/stats.py (imported only by ``stats``).
    @property
    def stats_notes(self) -> tuple[str, ...]:
        from cardscore.games.rami import stats

        return stats.NOTES

    @property
    def stats_view(self) -> StatsView:
        from cardscore.games.rami import stats

        return stats.VIEW

    def count_round(self, row: Any, record: Any, tally: Tally) -> None:
        from cardscore.games.rami import stats

        stats.count_round(row, record, tally)

    def own_figures(self, figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        from cardscore.games.rami import stats

        return stats.own_figures(figures, names)

    def check_players(self, players: Sequence[str], params: Any) -> None:
        """2 to 6 players with distinct names.

        >>> GAME.check_players(["Ann"] * 7, RamiParams())
        Traceback (most recent call last):
        ...
        cardscore.games.base.InputError: rami is played by 2 to 6 players (got 7)
        """
        if not self.min_players <= len(players) <= self.max_players:
            raise InputError(
                msg(
                    "rami is played by {low} to {high} players (got {count})",
                    low=self.min_players,
                    high=self.max_players,
                    count=len(players),
                )
            )
        check_names(players, forbidden="=")  # "=" separates name and cards in --hand

    def summary(self, params: RamiParams) -> tuple[str, ...]:
        r"""The rules in a few sentences (``cardscore rules rami``).

        >>> print(*GAME.summary(RamiParams(never_opened_cap=0, target=500))[1:], sep="\n")
        A loser who did not open this round pays their hand + 25, at most half the target.
        Rami sec: every opponent pays 200.
        The game ends when someone reaches 500; the lowest total wins.
        """
        return (
            msg(
                "The player who goes out scores 0; the others score the cards left in hand: "
                "joker {joker}, ace {ace}, figures {figure}, the others their value.",
                joker=params.joker,
                ace=ACE,
                figure=FIGURE,
            ),
            _never_opened_rule(params),
            _rami_sec_rule(params),
            _end_rule(params),
        )

    def goal(self, table: Table) -> int | None:
        return target(table.params, len(table.players))

    def goal_text(self, table: Table) -> str:
        """The target in force, as the totals show it (the automatic one is stored as 0).

        >>> t = Table("rami", ("Ann", "Bob", "Cyd", "Dan"), RamiParams())
        >>> GAME.goal_text(t), GAME.goal_text(Table("rami", t.players, RamiParams(target=500)))
        ('target 300 (100 per opponent)', 'target 500')
        """
        params: RamiParams = table.params
        if params.target:
            return msg("target {target}", target=params.target)
        return msg(
            "target {target} ({per} per opponent)",
            target=target(params, len(table.players)),
            per=params.target_per_opponent,
        )

    def shown_param(
        self, params: RamiParams, name: str, players: Sequence[str] | None = None
    ) -> str | None:
        """How a parameter is shown where its stored value would mislead, or ``None`` to
        show the value itself: the automatic target (stored as 0) reads as the number in
        force at a table of ``players``, or as how it is worked out (``cardscore rules``).

        >>> GAME.shown_param(RamiParams(), "target"), GAME.shown_param(RamiParams(), "joker")
        ('automatic: 100 per opponent', None)
        """
        return target_text(params, players) if name == "target" else None

    def columns(self, table: Table) -> tuple[str, ...]:
        return table.players

    def sitting_out(self, table: Table, number: int) -> str | None:
        return None

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate a round's raw answers and return its stored input.

        >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
        >>> GAME.build_round({"winner": "ann", "hand": ["b=A JK 5", "Cyd=12"],
        ...                   "not_opened": ["cyd"]}, t, 1)  # doctest: +NORMALIZE_WHITESPACE
        {'winner': 'Ann', 'blocked': False, 'rami_sec': False,
         'hands': {'Bob': {'cards': 'A JK 5', 'value': 36}, 'Cyd': {'cards': '12', 'value': 12}},
         'not_opened': ['Cyd']}
        """
        read = _read(raw, table)
        hands = _hands(read, table)
        not_opened = _not_opened(read, table)
        _check_every_hand(read, table, hands)
        if read.rami_sec:
            # A rami sec means no opponent had opened (so --not-opened is refused with it):
            # store it plainly for every opponent.
            not_opened = set(table.players) - {read.winner}
        return {
            "winner": read.winner,
            "blocked": read.blocked,
            "rami_sec": read.rami_sec,
            "hands": {p: hands[p] for p in table.players if p in hands},
            "not_opened": [p for p in table.players if p in not_opened],
        }

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """The round with its players renamed (the winner, the hands, who never opened).

        >>> GAME.renamed({"winner": "Ann", "hands": {"Bbo": {"cards": "5", "value": 5}},
        ...               "not_opened": ["Bbo"]}, {"Bbo": "Bob"})
        {'winner': 'Ann', 'hands': {'Bob': {'cards': '5', 'value': 5}}, 'not_opened': ['Bob']}
        """
        out = dict(inp)
        if out.get("winner") is not None:
            out["winner"] = names.get(out["winner"], out["winner"])
        out["hands"] = {names.get(who, who): hand for who, hand in out.get("hands", {}).items()}
        out["not_opened"] = [names.get(who, who) for who in out.get("not_opened", [])]
        return out

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        """The raw answers a stored round was built from: ``build_round`` reads them back
        into the same input.  The flags that were on, the winner, each hand as it was
        typed (``NAME=CARDS``) and the players who did not open, by their exact names.

        After a rami sec, ``not_opened`` is stored as every opponent but was not typed
        (``--not-opened`` is refused with ``--rami-sec``): it is left out.

        >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
        >>> inp = GAME.build_round({"winner": "ann", "hand": ["b=A, JK 5", "Cyd=12"],
        ...                         "not_opened": ["cyd"]}, t, 1)
        >>> GAME.answers(inp, t)
        {'winner': 'Ann', 'hand': ['Bob=A, JK 5', 'Cyd=12'], 'not_opened': ['Cyd']}
        >>> GAME.answers(GAME.build_round({"winner": "Ann", "rami_sec": True}, t, 1), t)
        {'winner': 'Ann', 'rami_sec': True}
        """
        given: dict[str, Any] = {}
        if inp.get("blocked"):
            given["blocked"] = True
        if inp.get("winner") is not None:
            given["winner"] = str(inp["winner"])
        if inp.get("rami_sec"):
            given["rami_sec"] = True
        hands = inp.get("hands") or {}
        if hands:
            given[_HAND] = [f"{player}={hand['cards']}" for player, hand in hands.items()]
        not_opened = inp.get("not_opened") or ()
        if not_opened and not inp.get("rami_sec"):
            given["not_opened"] = [_typed_name(player, table) for player in not_opened]
        return given

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        """The round in one line: who went out (or the rami sec, or a blocked round), then
        with its record what each player scores (the winner's 0 left out, but for a blocked
        round, where the 0s say who won), without it the value of each hand given.

        >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
        >>> inp = GAME.build_round({"winner": "Cyd", "hand": ["Ann=5", "Bob=R JK"],
        ...                         "not_opened": ["Bob"]}, t, 1)
        >>> GAME.headline(inp, t, GAME.score(inp, t, 1, None).record)
        'Cyd went out → Ann 5, Bob 55'
        >>> GAME.headline(inp, t, None)
        'Cyd went out (Ann 5, Bob 30)'
        """
        winner = inp.get("winner")
        if record is not None:
            shown = {
                p: score
                for p, score in record.scores.items()
                if inp.get("blocked") or p != record.winner
            }
            scores = _listed(shown)
            if inp.get("blocked"):
                return msg("blocked → {scores}", scores=scores)
            if inp.get("rami_sec"):
                return msg("rami sec by {player} → {scores}", player=winner, scores=scores)
            return msg("{player} went out → {scores}", player=winner, scores=scores)
        hands = {p: hand["value"] for p, hand in (inp.get("hands") or {}).items()}
        if inp.get("blocked"):
            return msg("blocked ({hands})", hands=_listed(hands))
        if inp.get("rami_sec"):
            if not hands:  # the hands are optional after a flat rami sec
                return msg("rami sec by {player}", player=winner)
            return msg("rami sec by {player} ({hands})", player=winner, hands=_listed(hands))
        return msg("{player} went out ({hands})", player=winner, hands=_listed(hands))

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        """The round in a short column of the printed sheet: who went out (the scores say
        the rest, its ``record`` adds nothing).

        >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
        >>> GAME.played({"winner": "Cyd"}, t), GAME.played({"blocked": True}, t)
        ('Cyd out', 'blocked')
        >>> GAME.played({"winner": "Ann", "rami_sec": True}, t)
        'rami sec by Ann'
        """
        if inp.get("blocked"):
            return msg("blocked")
        if inp.get("rami_sec"):
            return msg("rami sec by {player}", player=inp.get("winner"))
        return msg("{player} out", player=inp.get("winner"))

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        r"""Score a stored round: the winner 0, the others their hands (and penalties).
        Without ``explain``, the numbers and the record only (an empty breakdown).

        >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
        >>> r = GAME.score({"winner": "Ann", "blocked": False, "rami_sec": False,
        ...     "hands": {"Bob": {"cards": "A JK 5", "value": 36},
        ...               "Cyd": {"cards": "R D V 10", "value": 40}},
        ...     "not_opened": ["Cyd"]}, t, 1, None)
        >>> dict(r.scores)
        {'Ann': 0, 'Bob': 36, 'Cyd': 65}
        >>> print(*r.breakdown, sep="\n")
        Ann went out: 0
        Bob: A + JK + 5 = 36
        Cyd: K + Q + J + 10 = 40
        Cyd did not open this round: 40 + 25 = 65
        """
        record = work_out(inp, table)
        breakdown = _explain(record, table) if explain else ()
        return RoundResult(record.scores, breakdown, record=record)

    def explained(self, record: Any, table: Table) -> tuple[Msg, ...]:
        """The breakdown, from the record a score without ``explain`` returned."""
        return _explain(record, table)

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        """Over once a total reaches the target, if the lowest total is not shared.

        >>> t = Table("rami", ("Ann", "Bob"), RamiParams())
        >>> GAME.outcome(t, {"Ann": 40, "Bob": 120}), GAME.outcome(t, {"Ann": 99, "Bob": 98})
        (Outcome(finished=True, winner='Ann'), Outcome(finished=False, winner=None))
        >>> GAME.outcome(t, {"Ann": 120, "Bob": 120})  # shared lowest: one more round
        Outcome(finished=False, winner=None)
        """
        values = [totals.get(p, 0) for p in table.players]
        if max(values) < target(table.params, len(table.players)):
            return Outcome()
        lowest = min(values)
        leaders = [p for p, v in zip(table.players, values, strict=True) if v == lowest]
        return Outcome(finished=True, winner=leaders[0]) if len(leaders) == 1 else Outcome()


GAME = Rami()
