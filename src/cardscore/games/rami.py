"""Rami (2 to 6 players): losers pay the cards left in their hands — RULES.md §3, seed 003.

The player who goes out scores 0; every other player scores his hand (joker 20, ace 11,
figures 10, 2 to 10 their face value), more if he did not open this round (laid no meld
yet); after a rami sec every opponent pays 200.  Points are bad: when someone's total reaches
the target (100 points per opponent), the lowest total wins.  A hand holds at most 14 cards,
so it is worth at most 14 times the highest card value.

A stored round (what :meth:`Rami.build_round` returns)::

    {"winner": "Ann", "blocked": False, "rami_sec": False,
     "hands": {"Bob": {"cards": "A JK 5", "value": 36}, "Cyd": {"cards": "12", "value": 12}},
     "not_opened": ["Cyd"]}

Choices made where RULES.md leaves room (each documented where it is applied):

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
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from cardscore.games.base import (
    Field,
    InputError,
    Outcome,
    RoundResult,
    Table,
    check_names,
    fold,
    param_field,
    parse_int,
    reject_inapplicable,
)
from cardscore.i18n import msg

# --------------------------------------------------------------------------------------------
# Parameters


@dataclass(frozen=True)
class RamiParams:
    """The rule parameters of rami; every default is seed 003's rule.

    >>> RamiParams().rami_sec_amount, RamiParams(target=1000).target
    (200, 1000)
    """

    joker: int = param_field(20, "points of a joker left in hand")
    never_opened: str = param_field(
        "plus",
        "what a loser who did not open this round pays: plus = his hand + never-opened-extra, "
        "capped; flat = never-opened-flat whatever his hand",
        choices=("plus", "flat"),
    )
    never_opened_extra: int = param_field(
        25, "added to the hand of a loser who did not open this round (never-opened=plus)"
    )
    never_opened_cap: int = param_field(
        100,
        "most a loser who did not open this round pays (never-opened=plus), and never more "
        "than half the target; 0 = only half the target",
    )
    never_opened_flat: int = param_field(
        100, "what a loser who did not open this round pays (never-opened=flat), not capped"
    )
    rami_sec: str = param_field(
        "flat",
        "what each opponent pays after a rami sec: flat = rami-sec-amount whatever his hand; "
        "double = his hand doubled",
        choices=("flat", "double"),
    )
    rami_sec_amount: int = param_field(200, "what each opponent pays after a rami sec (flat)")
    target_per_opponent: int = param_field(
        100,
        "automatic target: this many points per opponent (default 100: 2 players 100, "
        "3 players 200…)",
    )
    target: int = param_field(
        0,
        "the game ends when a total reaches it: automatic by default (target-per-opponent × "
        "opponents), or a fixed number such as 500 or 1000 (0 sets it back to automatic)",
    )


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


def never_opened_payment(value: int, params: RamiParams, n_players: int) -> int:
    """What a loser who did not open this round pays for a hand worth ``value``.

    >>> never_opened_payment(40, RamiParams(), 2)  # 40 + 25 = 65, capped at 100 / 2
    50
    >>> never_opened_payment(10, RamiParams(), 4), never_opened_payment(90, RamiParams(), 4)
    (35, 100)
    """
    return _never_opened(value, params, target(params, n_players))[0]


def _never_opened(
    value: int, params: RamiParams, goal: int, explain: bool = True
) -> tuple[int, str | None]:
    """The never-opened payment and its formula (without the player's name), or None for
    the formula without ``explain``.

    >>> _never_opened(40, RamiParams(), 100)
    (50, '40 + 25 = 65, capped at 50 (half the target)')
    >>> _never_opened(40, RamiParams(), 100, explain=False)
    (50, None)
    """
    if params.never_opened == "flat":
        amount = params.never_opened_flat
        if not explain:
            return amount, None
        return amount, msg("{amount} (flat, whatever the hand)", amount=amount)
    extra = params.never_opened_extra
    plus = value + extra
    half = goal // 2
    # A cap of 0 means "no fixed cap": only half the target limits the payment then.
    if params.never_opened_cap and params.never_opened_cap <= half:
        cap = params.never_opened_cap
        if plus > cap:
            if not explain:
                return cap, None
            return cap, msg(
                "{value} + {extra} = {total}, capped at {cap}",
                value=value,
                extra=extra,
                total=plus,
                cap=cap,
            )
    elif plus > half:
        if not explain:
            return half, None
        return half, msg(
            "{value} + {extra} = {total}, capped at {cap} (half the target)",
            value=value,
            extra=extra,
            total=plus,
            cap=half,
        )
    if not explain:
        return plus, None
    return plus, f"{value} + {extra} = {plus}"  # nothing to translate in a sum


# --------------------------------------------------------------------------------------------
# Hands

# Every accepted spelling of a rank (lower case) -> its label; a joker's value is a parameter.
_RANKS: dict[str, str] = {str(n): str(n) for n in range(2, 11)} | {
    spelling: label
    for label, spellings in {
        "J": ("j", "v", "valet", "jack"),
        "Q": ("q", "d", "dame", "queen"),
        "K": ("k", "r", "roi", "king"),
        "A": ("a", "as", "ace"),
        "JK": ("jk", "joker", "*"),
    }.items()
    for spelling in spellings
}
_VALUES: dict[str, int] = {str(n): n for n in range(2, 11)} | {"J": 10, "Q": 10, "K": 10, "A": 11}
MAX_CARDS = 14  # the most cards a player can hold (13 dealt, one drawn)
# Suits do not count in rami: marks (with the emoji variation selector) and a trailing letter,
# English (spades, hearts, diamonds, clubs) or French (pique, cœur, carreau, trèfle).  "As" and
# "JK" are matched as whole ranks first: ace (of spades or not) and joker, never J of carreau.
_SUIT_MARKS = "♠♥♦♣♤♡♢♧\ufe0f"
_SUIT_LETTERS = frozenset("shdcptk")
_NUMBER = re.compile(r"[+-]?[0-9]+")
# The figures shown in a breakdown, marked so that French says V, D, R (valet, dame, roi).
_FIGURES: dict[str, str] = {"J": msg("J"), "Q": msg("Q"), "K": msg("K")}


def _rank(token: str) -> str | None:
    """The label of one card as typed (``10♥``, ``Kd``, ``As``, ``joker``), or None."""
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
        )
    )


def hand_value(
    text: str, params: RamiParams, what: str = "--hand", *, strict: bool = True
) -> tuple[int, tuple[str, ...]]:
    """The value of a hand typed as cards or as a number, and its card labels.

    A number alone is the hand's value (a single card 2 to 10 reads the same either way).
    A hand of more than 14 cards, or worth more than :func:`max_hand`, is refused unless
    ``strict`` is off (a stored round is read as it was saved).

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
        raise InputError(msg("{what}: a hand of no card scores 0: type 0", what=what))
    if len(tokens) == 1 and _NUMBER.fullmatch(tokens[0]):
        if tokens[0].startswith("-") and tokens[0][1:].strip("0"):
            raise InputError(
                msg(
                    "{what}: a hand cannot be worth less than 0 (got {text})",
                    what=what,
                    text=tokens[0],
                )
            )
        value = parse_int(tokens[0], what=what, low=0)
        if strict and value > max_hand(params):
            raise _too_many(what, value, params)
        return value, (str(value),)
    labels = []
    for token in tokens:
        label = _rank(token)
        if label is None:
            if len(tokens) == 1 and re.fullmatch(r"[0-9]+\.[0-9]*", token):
                raise InputError(
                    msg("{what}: {text!r} is not a whole number of points", what=what, text=token)
                )
            raise InputError(
                msg(
                    "{what}: unknown card {text!r} (cards: 2-10, J/V, Q/D, K/R, A/As, "
                    "JK/Joker/*; or the hand's value, e.g. 36)",
                    what=what,
                    text=token,
                )
            )
        labels.append(label)
    if strict and len(labels) > MAX_CARDS:
        raise InputError(
            msg(
                "{what}: {count} cards are more than any hand can hold (at most {cards})",
                what=what,
                count=len(labels),
                cards=MAX_CARDS,
            )
        )
    value = sum(params.joker if label == "JK" else _VALUES[label] for label in labels)
    return value, tuple(labels)


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


@lru_cache(maxsize=4096)
def _formula(cards: str, value: int) -> str:
    """``A + JK + 5 = 36`` for a stored hand typed as cards, ``36`` for one typed as its value.

    Cached: every replay of a session rebuilds every breakdown.
    """
    # The labels do not depend on the joker's value; a stored hand is never refused.
    labels = hand_value(cards, RamiParams(), strict=False)[1]
    if len(labels) == 1 and labels[0] == str(value):
        return str(value)
    return msg("{cards} = {value}", cards=_cards(labels), value=value)


def _hand_formula(hand: Mapping[str, Any]) -> str:
    return _formula(hand["cards"], hand["value"])


# --------------------------------------------------------------------------------------------
# Round fields and raw values

_NO = frozenset({"", "no", "n", "false", "off", "0", "non"})
_YES = frozenset({"yes", "y", "true", "on", "1", "oui", "o"})


def _truthy(value: Any) -> bool:
    """Whether a raw flag is set, never raising (for :attr:`Field.applies`)."""
    return fold(value) not in _NO if isinstance(value, str) else bool(value)


def _not_blocked(table: Table, raw: Mapping[str, Any]) -> bool:
    return not _truthy(raw.get("blocked"))


def _no_rami_sec(table: Table, raw: Mapping[str, Any]) -> bool:
    return not _truthy(raw.get("rami_sec"))


def _hand_echo(text: str, params: RamiParams) -> str:
    """What a typed hand was understood as: ``A + JK + 5 = 36``.

    >>> _hand_echo("A, joker 5", RamiParams())
    'A + JK + 5 = 36'
    """
    value, labels = hand_value(text, params)
    if len(labels) == 1 and labels[0] == str(value):
        return f"= {value}"  # nothing to translate
    return msg("{cards} = {value}", cards=_cards(labels), value=value)


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
        "flag",
        label="Was the round blocked (the stock ran out before anyone went out)?",
        help="The stock ran out: the least hand wins and scores 0 (instead of --winner).",
    ),
    Field(
        "winner",
        "player",
        label="Who went out?",
        help="The player who went out (scores 0).",
        required=True,
        applies=_not_blocked,
        unavailable="cannot go with --blocked (nobody went out: the least hand wins)",
    ),
    Field(
        "rami_sec",
        "flag",
        label="Rami sec (the winner opened and went out in one turn, no opponent had opened)?",
        help="The winner opened and went out in one turn while no opponent had opened: "
        "each opponent pays rami-sec-amount (default 200).",
        applies=_not_blocked,
        unavailable="cannot go with --blocked (a rami sec needs a player who went out)",
    ),
    Field(
        "hand",
        "player_text",
        label="Cards left in hand (e.g. A JK 5) or their value",
        help="NAME=CARDS|NUMBER: the hand of a player who did not go out, as cards "
        "(A JK 5, 10♥ R D) or its value (36); every player's with --blocked.",
        who=_who,
        echo=lambda table, text: _hand_echo(text, table.params),
    ),
    Field(
        "not_opened",
        "players",
        label="Who has not opened this round (no meld laid yet)?",
        help="A loser who laid no meld this round: by default pays his hand + 25, at most 100 "
        "and half the target (see cardscore rules rami).",
        applies=_no_rami_sec,
        unavailable="not needed with --rami-sec (no opponent had opened)",
    ),
)


def _flag(raw: Mapping[str, Any], key: str, option: str) -> bool:
    value = raw.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str):
        folded = fold(value)
        if folded in _NO or folded in _YES:
            return folded in _YES
    raise InputError(msg("{option}: {value!r} is not yes or no", option=option, value=value))


def _text(raw: Mapping[str, Any], key: str, option: str) -> str:
    value = raw.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError(
            msg("{option}: {value!r} is not a player's name", option=option, value=value)
        )
    return value.strip()


def _texts(raw: Mapping[str, Any], key: str, option: str, *, hands: bool = False) -> list[str]:
    """A repeatable raw value as a list of non-blank strings (one string is accepted too):
    names, or ``NAME=CARDS|NUMBER`` hands."""
    value = raw.get(key)
    if value is None:
        return []
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or not all(isinstance(v, str) for v in items):
        if hands:
            raise InputError(
                msg(
                    "{option}: {value!r} is not a list of NAME=CARDS|NUMBER",
                    option=option,
                    value=value,
                )
            )
        raise InputError(
            msg("{option}: {value!r} is not a list of names", option=option, value=value)
        )
    return [v for v in items if v.strip()]


def _owing(table: Table, winner: str | None, rami_sec: bool) -> tuple[str, ...]:
    """The players whose hand must be given (see :func:`hands_needed`)."""
    if rami_sec and table.params.rami_sec == "flat":
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
    blocked = _flag(raw, "blocked", "--blocked")
    winner_text = _text(raw, "winner", "--winner")
    winner = table.find_player(winner_text, what="--winner") if winner_text else None
    return _owing(table, None if blocked else winner, _flag(raw, "rami_sec", "--rami-sec"))


def _join(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cyd``."""
    if len(names) == 1:
        return names[0]
    return msg("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


# --------------------------------------------------------------------------------------------
# The game


class Rami:
    """Rami: the :class:`~cardscore.games.base.Game` protocol for RULES.md §3."""

    name = "rami"
    params_cls = RamiParams
    presets: Mapping[str, RamiParams] = MappingProxyType({"standard": RamiParams()})
    default_preset = "standard"
    fields = FIELDS
    min_players = 2
    lower_wins = True  # points are what a player is left holding: the fewest win
    max_players = 6

    def check_players(self, players: Sequence[str], params: Any) -> None:
        """2 to 6 players with distinct names.

        >>> GAME.check_players(["Ann"] * 7, RamiParams())
        Traceback (most recent call last):
        ...
        cardscore.games.base.InputError: rami is played by 2 to 6 players (got 7)
        """
        if not self.min_players <= len(players) <= self.max_players:
            raise InputError(
                msg("rami is played by 2 to 6 players (got {count})", count=len(players))
            )
        check_names(players, forbidden="=")  # "=" separates name and cards in --hand

    def summary(self, params: RamiParams) -> tuple[str, ...]:
        """The rules in a few sentences (``cardscore rules rami``)."""
        lines = [
            msg(
                "The player who goes out scores 0; the others score the cards left in hand: "
                "joker {joker}, ace 11, figures 10, the others their value.",
                joker=params.joker,
            ),
        ]
        if params.never_opened == "flat":
            lines.append(
                msg(
                    "A loser who did not open this round pays {flat}.",
                    flat=params.never_opened_flat,
                )
            )
        elif params.never_opened_cap:
            lines.append(
                msg(
                    "A loser who did not open this round pays his hand + {extra}, at most "
                    "{cap} and half the target.",
                    extra=params.never_opened_extra,
                    cap=params.never_opened_cap,
                )
            )
        else:  # a cap of 0: only half the target
            lines.append(
                msg(
                    "A loser who did not open this round pays his hand + {extra}, at most "
                    "half the target.",
                    extra=params.never_opened_extra,
                )
            )
        if params.rami_sec == "flat":
            lines.append(
                msg("Rami sec: every opponent pays {amount}.", amount=params.rami_sec_amount)
            )
        else:
            lines.append(msg("Rami sec: every opponent pays his hand doubled."))
        if params.target:
            lines.append(
                msg(
                    "The game ends when someone reaches {target}; the lowest total wins.",
                    target=params.target,
                )
            )
        else:
            lines.append(
                msg(
                    "The game ends when someone reaches {per} points per opponent; "
                    "the lowest total wins.",
                    per=params.target_per_opponent,
                )
            )
        return tuple(lines)

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
        if not isinstance(raw, Mapping):
            raise InputError(msg("a round is a set of answers (--winner, --hand, …)"))
        params: RamiParams = table.params
        blocked = _flag(raw, "blocked", "--blocked")
        rami_sec = _flag(raw, "rami_sec", "--rami-sec")
        winner_text = _text(raw, "winner", "--winner")
        not_opened_texts = _texts(raw, "not_opened", "--not-opened")
        # The fields' own rules refuse --winner and --rami-sec with --blocked, and
        # --not-opened with --rami-sec.
        clean = {
            "blocked": blocked,
            "rami_sec": rami_sec,
            "winner": winner_text,
            "not_opened": not_opened_texts,
        }
        reject_inapplicable(FIELDS, clean, table)
        if not blocked and not winner_text:
            raise InputError(msg("--winner: who went out? (--winner NAME, or --blocked)"))
        winner = table.find_player(winner_text, what="--winner") if winner_text else None

        hands: dict[str, dict[str, Any]] = {}
        for entry in _texts(raw, "hand", "--hand", hands=True):
            name_text, sep, cards = entry.partition("=")
            if not sep or not name_text.strip():
                raise InputError(
                    msg(
                        "--hand: {entry!r} is not NAME=CARDS|NUMBER (e.g. Bob=A JK 5 or Bob=36)",
                        entry=entry,
                    )
                )
            name = table.find_player(name_text, what="--hand")
            if name == winner:
                raise InputError(
                    msg("--hand {name}: {name} went out and has no hand to count", name=name)
                )
            if name in hands:
                raise InputError(msg("--hand {name}: {name}'s hand is given twice", name=name))
            value, _ = hand_value(cards, params, what=f"--hand {name}")
            hands[name] = {"cards": " ".join(cards.split()), "value": value}

        not_opened: set[str] = set()
        for entry in not_opened_texts:
            for part in entry.split(","):  # names never hold commas (--names splits on them)
                if not part.strip():
                    continue
                name = table.find_player(part, what="--not-opened")
                if name == winner:
                    raise InputError(
                        msg("--not-opened: {name} went out, so {name} has opened", name=name)
                    )
                not_opened.add(name)
        missing = [p for p in _owing(table, winner, rami_sec) if p not in hands]
        if missing:
            # Not prefixed with "--hand": the prompts ask the hands one player at a time and
            # show the "--hand" errors as they go, so this one must wait for the last player.
            if blocked:
                raise InputError(
                    msg(
                        "no hand given for {players}: add --hand {player}=CARDS|NUMBER "
                        "(every player's)",
                        players=_join(missing),
                        player=missing[0],
                    )
                )
            raise InputError(
                msg(
                    "no hand given for {players}: add --hand {player}=CARDS|NUMBER "
                    "(one per player who did not go out)",
                    players=_join(missing),
                    player=missing[0],
                )
            )
        if rami_sec:
            # A rami sec means no opponent had opened (so --not-opened is refused with it):
            # store it plainly for every opponent.
            not_opened = set(table.players) - {winner}

        return {
            "winner": winner,
            "blocked": blocked,
            "rami_sec": rami_sec,
            "hands": {p: hands[p] for p in table.players if p in hands},
            "not_opened": [p for p in table.players if p in not_opened],
        }

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
        Without ``explain``, the numbers only (an empty breakdown).

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
        params: RamiParams = table.params
        players = table.players
        hands = inp["hands"]
        not_opened = set(inp["not_opened"])
        lines: list[str] | None = [] if explain else None
        if inp["blocked"]:
            # RULES choice: every player tied for the least hand wins and scores 0.
            least = min(hands[p]["value"] for p in players)
            zero = [p for p in players if hands[p]["value"] == least]
            if lines is not None:
                lines.append(
                    msg(
                        "blocked: {player} has the least hand ({least}) and scores 0",
                        player=zero[0],
                        least=least,
                    )
                    if len(zero) == 1
                    else msg(
                        "blocked: {players} tie for the least hand ({least}), 0 each",
                        players=_join(zero),
                        least=least,
                    )
                )
        else:
            zero = [inp["winner"]]
            if lines is not None:
                if not inp["rami_sec"]:
                    lines.append(msg("{player} went out: 0", player=inp["winner"]))
                elif params.rami_sec == "flat":
                    lines.append(
                        msg(
                            "rami sec: each opponent pays {amount}",
                            amount=params.rami_sec_amount,
                        )
                    )
                else:
                    lines.append(msg("rami sec: each opponent pays his hand doubled"))

        rami_sec = inp["rami_sec"]
        goal = 0  # the target, worked out for the first player who did not open
        scores: dict[str, int] = {}
        for p in players:
            hand = hands.get(p)
            if p in zero:
                scores[p] = 0
            elif rami_sec:
                # The rami sec payment replaces the never-opened penalty.
                if params.rami_sec == "flat":
                    scores[p] = params.rami_sec_amount
                else:
                    scores[p] = 2 * hand["value"]
                    if lines is not None:
                        lines.append(
                            msg(
                                "{player}: {hand}, doubled = {total}",
                                player=p,
                                hand=_hand_formula(hand),
                                total=scores[p],
                            )
                        )
            elif p in not_opened:
                goal = goal or target(params, len(players))
                scores[p], formula = _never_opened(hand["value"], params, goal, explain)
                if lines is not None:
                    explained = _hand_formula(hand)
                    if params.never_opened != "flat" and explained != str(hand["value"]):
                        lines.append(msg("{player}: {hand}", player=p, hand=explained))
                    lines.append(
                        msg(
                            "{player} did not open this round: {formula}",
                            player=p,
                            formula=formula,
                        )
                    )
            else:
                scores[p] = hand["value"]
                if lines is not None:
                    lines.append(msg("{player}: {hand}", player=p, hand=_hand_formula(hand)))
        return RoundResult(scores, () if lines is None else tuple(lines))

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
