"""Huit américain's answers → the stored round, with every check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscore.games.base import InputError, Stored, Table
from cardscore.games.reading import read_answers
from cardscore.i18n import msg

from .fields import FIELDS
from .rules import CARDS, NAME


class StoredRound(Stored):
    """A round as the file holds it: who went out, the others' points."""

    winner: str
    hands: dict[str, int]

    def names(self) -> list[str]:
        return [self.winner, *self.hands]


def hand_value(text: str) -> int:
    """The points of a hand typed as its cards (``8 R 3``), or as its value (``63``).

    >>> hand_value("8 R 3"), hand_value("A"), hand_value("12")
    (63, 1, 12)
    """
    cards = text.replace("+", " ").upper().split()
    if len(cards) == 1 and cards[0].isdigit() and cards[0] not in CARDS:
        return int(cards[0])
    total = 0
    for card in cards:
        if card in CARDS:
            total += CARDS[card]
        elif card.isdigit() and 2 <= int(card) <= 10:
            total += int(card)
        else:
            raise InputError(msg("--hand: {card!r} is not a card", card=card), field="hand")
    return total


def build_round(raw: Mapping[str, Any], table: Table) -> dict[str, Any]:
    """The round ``raw`` (answers or options) as stored, or an :class:`InputError`."""
    answers = read_answers(FIELDS, raw, game=NAME)
    text = answers.text("winner")
    if text is None:
        raise InputError(msg("--winner: who went out?"), field="winner")
    winner = table.find_player(text, what="--winner")
    hands: dict[str, int] = {}
    for who, cards in answers.pairs("hand"):
        player = table.find_player(who, what="--hand")
        if player == winner:
            raise InputError(msg("--hand: {p} went out", p=player), field="hand")
        hands[player] = hand_value(cards or "")
    missing = [p for p in table.players if p != winner and p not in hands]
    if missing:  # (naming no field: the questions ask the hands one player at a time)
        raise InputError(msg("--hand: the hand of {who} is needed", who=", ".join(missing)))
    return {"winner": winner, "hands": {p: hands[p] for p in table.players if p in hands}}


def renamed(inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The stored round with its players renamed."""
    return {
        "winner": names.get(inp["winner"], inp["winner"]),
        "hands": {names.get(p, p): v for p, v in inp["hands"].items()},
    }


def answers(inp: Mapping[str, Any]) -> dict[str, Any]:
    """The answers that give the stored round back (for ``edit``)."""
    return {"winner": inp["winner"], "hand": [f"{p}={v}" for p, v in inp["hands"].items()]}
