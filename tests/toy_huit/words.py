"""Huit américain's wording: the rules' summary, a round's headline, breakdown and played
text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscore.i18n import Msg, msg

from .rules import HuitParams


def summary(params: HuitParams) -> tuple[Msg, ...]:
    return (
        msg("The player who goes out scores 0; the others their cards, an 8 worth 50."),
        msg("The game ends when someone reaches {target}; the lowest total wins.",
            target=params.goal),
    )  # fmt: skip


def headline(inp: Mapping[str, Any]) -> Msg:
    hands = ", ".join(f"{p} {v}" for p, v in inp["hands"].items())
    return msg("{winner} went out ({hands})", winner=inp["winner"], hands=hands)


def played(inp: Mapping[str, Any]) -> Msg:
    return msg("{winner} out", winner=inp["winner"])


def breakdown(scores: Mapping[str, int]) -> tuple[Msg, ...]:
    return tuple(msg("{player}: {points}", player=p, points=v) for p, v in scores.items())
