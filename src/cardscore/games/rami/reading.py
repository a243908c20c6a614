"""A rami round's answers read into its stored round: every check and every refusal of a
round (a hand typed wrong is refused in :mod:`cardscore.games.rami.cards`), the stored
round's type, and the way back (a stored round's answers, its players renamed).

Choices made where the rules leave room:

* a blocked round has no ``winner`` in its input: the least hand is found when scoring;
* after a rami sec under the ``flat`` rule the hands do not change anything, so they are
  optional (checked and kept for the record when given); under ``double`` they are needed;
* after a rami sec nobody else had opened, so ``not_opened`` is stored as every opponent,
  ``--not-opened`` is refused with ``--rami-sec`` (it would say nothing more, and the prompts
  skip the question);
* the limit on a hand (:func:`~cardscore.games.rami.rules.max_hand`) is checked on the rounds
  being entered only: a stored round is replayed as it was.

>>> from cardscore.games.rami.rules import RamiParams
>>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
>>> build_round({"winner": "ann", "hand": ["b=A JK 5", "Cyd=12"],
...              "not_opened": ["cyd"]}, t)  # doctest: +NORMALIZE_WHITESPACE
{'winner': 'Ann', 'blocked': False, 'rami_sec': False,
 'hands': {'Bob': {'cards': 'A JK 5', 'value': 36}, 'Cyd': {'cards': '12', 'value': 12}},
 'not_opened': ['Cyd']}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NamedTuple

import msgspec

from cardscore.games.base import (
    BOUNDS_SCHEMA,
    InputError,
    Stored,
    Table,
    about,
    checked_since,
    reject_inapplicable,
)
from cardscore.games.rami.cards import HAND, hand_value
from cardscore.games.rami.fields import FIELDS, READ_AS, named_winner, owing
from cardscore.games.rami.rules import GAME_NAME
from cardscore.games.rami.words import join_names
from cardscore.games.reading import Answers, read_answers
from cardscore.i18n import msg

_about = about  # (the field an error of a shared resolver is about)

# --------------------------------------------------------------------------------------------
# The stored round


class StoredHand(msgspec.Struct, forbid_unknown_fields=False):
    """A loser's hand as stored: as typed, and its value."""

    cards: Annotated[str, msgspec.Meta(max_length=500)]
    value: Annotated[int, msgspec.Meta(ge=0, le=100_000)]


class StoredRound(Stored):
    """A rami round as a session file holds it (see :func:`build_round`), checked on every
    read: a winner unless the stock ran out, the hands of the others."""

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


# --------------------------------------------------------------------------------------------
# Answers -> stored round


class _Read(NamedTuple):
    """A round's answers, read and resolved: the flags, the winner (``None``: blocked)."""

    answers: Answers
    blocked: bool
    rami_sec: bool
    winner: str | None


def build_round(raw: Mapping[str, Any], table: Table) -> dict[str, Any]:
    """Validate a round's raw answers and return its stored input (see the module's
    example)."""
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


def _read(raw: Mapping[str, Any], table: Table) -> _Read:
    """Read the raw answers with the one reader, refuse a field given where it does not
    apply, and resolve the winner's name."""
    if not isinstance(raw, Mapping):
        raise InputError(msg("a round is a set of answers (--winner, --hand, …)"))
    answers = read_answers(READ_AS, raw, game=GAME_NAME)
    for f in FIELDS:  # one at a time, so that the error names its field
        with _about(f.key):
            reject_inapplicable((f,), answers, table)
    blocked, rami_sec = answers.flag("blocked"), answers.flag("rami_sec")
    if not blocked and answers.text("winner") is None:
        raise InputError(
            msg("--winner: who went out? (--winner NAME, or --blocked)"), field="winner"
        )
    return _Read(answers, blocked, rami_sec, named_winner(answers, table))


def _hands(read: _Read, table: Table) -> dict[str, dict[str, Any]]:
    """The hands typed (``--hand NAME=CARDS|NUMBER``), by player, as they are stored."""
    hands: dict[str, dict[str, Any]] = {}
    for entry in read.answers.texts(HAND):
        name_text, sep, cards = entry.partition("=")
        if not sep or not name_text.strip():
            raise InputError(
                msg(
                    "--hand: {entry!r} is not NAME=CARDS|NUMBER (e.g. Bob=A JK 5 or Bob=36)",
                    entry=entry,
                ),
                field=HAND,
            )
        with _about(HAND):
            name = table.find_player(name_text, what="--hand")
        if name == read.winner:
            raise InputError(
                msg("--hand {name}: {name} went out and has no hand to count", name=name),
                field=HAND,
            )
        if name in hands:
            raise InputError(
                msg("--hand {name}: {name}'s hand is given twice", name=name), field=HAND
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
    missing = [p for p in owing(table, read.winner, read.rami_sec) if p not in hands]
    if not missing:
        return
    if read.blocked:
        why = msg(
            "no hand given for {players}: add --hand {player}=CARDS|NUMBER (every player's)",
            players=join_names(missing),
            player=missing[0],
        )
    else:
        why = msg(
            "no hand given for {players}: add --hand {player}=CARDS|NUMBER "
            "(one per player who did not go out)",
            players=join_names(missing),
            player=missing[0],
        )
    raise InputError(why)


# --------------------------------------------------------------------------------------------
# Stored round -> answers, players renamed


def answers(inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
    """The raw answers a stored round was built from: :func:`build_round` reads them back
    into the same input.  The flags that were on, the winner, each hand as it was typed
    (``NAME=CARDS``) and the players who did not open, by their exact names.

    After a rami sec, ``not_opened`` is stored as every opponent but was not typed
    (``--not-opened`` is refused with ``--rami-sec``): it is left out.

    >>> from cardscore.games.rami.rules import RamiParams
    >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
    >>> inp = build_round({"winner": "ann", "hand": ["b=A, JK 5", "Cyd=12"],
    ...                    "not_opened": ["cyd"]}, t)
    >>> answers(inp, t)
    {'winner': 'Ann', 'hand': ['Bob=A, JK 5', 'Cyd=12'], 'not_opened': ['Cyd']}
    >>> answers(build_round({"winner": "Ann", "rami_sec": True}, t), t)
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
        given[HAND] = [f"{player}={hand['cards']}" for player, hand in hands.items()]
    not_opened = inp.get("not_opened") or ()
    if not_opened and not inp.get("rami_sec"):
        given["not_opened"] = [_typed_name(player, table) for player in not_opened]
    return given


def _typed_name(player: str, table: Table) -> str:
    """A player's name as ``--not-opened`` reads it back: the name itself, but for a name
    holding a comma (``--not-opened`` splits on commas; ``--names`` never makes one, a table
    made otherwise may), the part before it when that still names this player.

    >>> from cardscore.games.rami.rules import RamiParams
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


def renamed(inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The round with its players renamed (the winner, the hands, who never opened).

    >>> renamed({"winner": "Ann", "hands": {"Bbo": {"cards": "5", "value": 5}},
    ...          "not_opened": ["Bbo"]}, {"Bbo": "Bob"})
    {'winner': 'Ann', 'hands': {'Bob': {'cards': '5', 'value': 5}}, 'not_opened': ['Bob']}
    """
    out = dict(inp)
    if out.get("winner") is not None:
        out["winner"] = names.get(out["winner"], out["winner"])
    out["hands"] = {names.get(who, who): hand for who, hand in out.get("hands", {}).items()}
    out["not_opened"] = [names.get(who, who) for who in out.get("not_opened", [])]
    return out
