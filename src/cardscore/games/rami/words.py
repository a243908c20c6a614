"""Rami's wording: the breakdown of a round (written from its record), its headline, the
"played" text of the printed sheet, the target as a person reads it, and the rules in a few
sentences (``cardscore rules rami``).

Every text is English, marked with :func:`~cardscore.i18n.msg` and translated in the
``rami`` catalogs.

>>> print(*summary(RamiParams())[1:3], sep="\\n")
A loser who did not open this round pays their hand + 25, at most 100 and half the target.
Rami sec: every opponent pays 200.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Any

from cardscore.games.base import Table
from cardscore.games.rami.cards import hand_value
from cardscore.games.rami.record import Cap, Kind, RamiRecord
from cardscore.games.rami.rules import ACE, FIGURE, NeverOpenedRule, RamiParams, RamiSecRule, target
from cardscore.games.record import Term
from cardscore.i18n import Msg, msg

# --------------------------------------------------------------------------------------------
# Hands and names

# The figures shown in a breakdown, marked so that French says V, D, R (valet, dame, roi).
_FIGURES: dict[str, str] = {"J": msg("J"), "Q": msg("Q"), "K": msg("K")}


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


def hand_echo(text: str, params: RamiParams) -> str:
    """What a typed hand was understood as: ``A + JK + 5 = 36``.

    >>> hand_echo("A, joker 5", RamiParams()), hand_echo("36", RamiParams())
    ('A + JK + 5 = 36', '36')
    """
    value, labels = hand_value(text, params)
    if len(labels) == 1 and labels[0] == str(value):
        return str(value)  # a value typed: said back as it is (Léa : 60)
    return msg("{cards} = {value}", cards=_cards(labels), value=value)


def _listed(values: Mapping[str, int]) -> str:
    """``Ann 5, Bob 20``: players and their numbers, for a headline.

    >>> _listed({"Ann": 5, "Bob": 20})
    'Ann 5, Bob 20'
    """
    return ", ".join(f"{player} {value}" for player, value in values.items())


def join_names(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cyd``.

    >>> join_names(["Ann"]), join_names(["Ann", "Bob", "Cyd"])
    ('Ann', 'Ann, Bob and Cyd')
    """
    if len(names) == 1:
        return names[0]
    return msg("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


# --------------------------------------------------------------------------------------------
# The target


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


def goal_text(table: Table) -> str:
    """The target in force, as the totals show it (the automatic one is stored as 0).

    >>> t = Table("rami", ("Ann", "Bob", "Cyd", "Dan"), RamiParams())
    >>> goal_text(t), goal_text(Table("rami", t.players, RamiParams(target=500)))
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


# --------------------------------------------------------------------------------------------
# The breakdown of a round


def explain(record: RamiRecord, table: Table) -> tuple[Msg, ...]:
    """The breakdown of a round, written from its record: how it ended, then a line for
    each hand that counts and each penalty (the only place that writes them).

    >>> from cardscore.games.rami.rules import work_out
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
            players=join_names(record.winners),
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


# --------------------------------------------------------------------------------------------
# A round in one line, and in the sheet's "played" column


def headline(inp: Mapping[str, Any], record: RamiRecord | None) -> str:
    """The round in one line: who went out (or the rami sec, or a blocked round), then
    with its record what each player scores (the winner's 0 left out, but for a blocked
    round, where the 0s say who won), without it the value of each hand given.

    >>> from cardscore.games.rami.rules import work_out
    >>> t = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
    >>> inp = {"winner": "Cyd", "blocked": False, "rami_sec": False, "not_opened": ["Bob"],
    ...        "hands": {"Ann": {"cards": "5", "value": 5}, "Bob": {"cards": "R JK", "value": 30}}}
    >>> headline(inp, work_out(inp, t))
    'Cyd went out → Ann 5, Bob 55'
    >>> headline(inp, None)
    'Cyd went out (Ann 5, Bob 30)'
    """
    winner = inp.get("winner")
    if record is not None:
        # (a blocked round has no winner: every score is said, the 0s saying who won)
        shown = {p: score for p, score in record.scores.items() if p != record.winner}
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


def played(inp: Mapping[str, Any]) -> str:
    """The round in a short column of the printed sheet: who went out (the scores say the
    rest).

    >>> played({"winner": "Cyd"}), played({"blocked": True})
    ('Cyd out', 'blocked')
    >>> played({"winner": "Ann", "rami_sec": True})
    'rami sec by Ann'
    """
    if inp.get("blocked"):
        return msg("blocked")
    if inp.get("rami_sec"):
        return msg("rami sec by {player}", player=inp.get("winner"))
    return msg("{player} out", player=inp.get("winner"))


# --------------------------------------------------------------------------------------------
# The rules in a few sentences


def summary(params: RamiParams) -> tuple[str, ...]:
    r"""The rules in a few sentences (``cardscore rules rami``).

    >>> print(*summary(RamiParams(never_opened_cap=0, target=500))[1:], sep="\n")
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


def _never_opened_rule(params: RamiParams) -> Msg:
    """What a loser who did not open pays, in a sentence."""
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
    """What a rami sec costs, in a sentence."""
    if params.rami_sec == RamiSecRule.FLAT:
        return msg("Rami sec: every opponent pays {amount}.", amount=params.rami_sec_amount)
    return msg("Rami sec: every opponent pays their hand doubled.")


def _end_rule(params: RamiParams) -> Msg:
    """When the game ends, in a sentence."""
    if params.target:
        return msg(
            "The game ends when someone reaches {target}; the lowest total wins.",
            target=params.target,
        )
    return msg(
        "The game ends when someone reaches {per} points per opponent; the lowest total wins.",
        per=params.target_per_opponent,
    )
