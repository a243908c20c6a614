"""Rami's description: the fields of a round (its questions, options and line words), and the
small predicates that say when a field applies and whom a question asks.

The fields drive the prompts, the ``add`` options, the one-line grammar and the checks
(:mod:`cardscore.games.rami.reading`).  A blocked round is asked first: it has no winner.

>>> [f.key for f in FIELDS]
['blocked', 'winner', 'rami_sec', 'hand', 'not_opened']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from cardscore.games.base import Field, FieldKind, InputError, Table, Words, about, fold
from cardscore.games.rami.cards import HAND
from cardscore.games.rami.rules import (
    GAME_NAME,
    NEVER_OPENED_CAP,
    NEVER_OPENED_EXTRA,
    RAMI_SEC_AMOUNT,
    RamiSecRule,
)
from cardscore.games.rami.words import hand_echo
from cardscore.games.reading import YES, Answers, read_answers
from cardscore.i18n import msg

_about = about  # (the field an error of a shared resolver is about)

# --------------------------------------------------------------------------------------------
# When a field applies


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


# --------------------------------------------------------------------------------------------
# The fields

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
        HAND,
        FieldKind.PLAYER_TEXT,
        label="Cards left in hand (e.g. A JK 5) or their value",
        help="NAME=CARDS|NUMBER: the hand of a player who did not go out, as cards "
        "(A JK 5, 10♥ R D) or its value (36); every player's with --blocked.",
        who=_who,
        echo=lambda table, text: hand_echo(text, table.params),
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


# The one reader reads the hands as plain texts: the game splits ``NAME=CARDS`` itself, so
# that a hand typed wrong is refused in words about cards (``NAME=CARDS|NUMBER``, "type 0"),
# as the option's help and the prompts' question for each player put it.
READ_AS: tuple[Field, ...] = tuple(
    replace(f, kind=FieldKind.PLAYERS) if f.key == HAND else f for f in FIELDS
)


# --------------------------------------------------------------------------------------------
# Whom the hand question asks


def named_winner(answers: Answers, table: Table) -> str | None:
    """The player named by ``--winner``, if one is."""
    text = answers.text("winner")
    if text is None:
        return None
    with _about("winner"):
        return table.find_player(text, what="--winner")


def owing(table: Table, winner: str | None, rami_sec: bool) -> tuple[str, ...]:
    """The players whose hand must be given (see :func:`hands_needed`)."""
    if rami_sec and table.params.rami_sec == RamiSecRule.FLAT:
        return ()
    return tuple(p for p in table.players if p != winner)


def hands_needed(table: Table, raw: Mapping[str, Any]) -> tuple[str, ...]:
    """The players who must give a hand, given the answers so far (for the prompts):
    everyone but the winner; everyone in a blocked round; nobody after a rami sec under the
    flat rule, where the hands are optional.

    >>> from cardscore.games.rami.rules import RamiParams
    >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
    >>> hands_needed(t, {"winner": "ann"}), hands_needed(t, {"winner": "a", "rami_sec": True})
    (('Bob', 'Cyd'), ())
    """
    answers = read_answers(READ_AS, raw, game=GAME_NAME)
    winner = None if answers.flag("blocked") else named_winner(answers, table)
    return owing(table, winner, answers.flag("rami_sec"))
