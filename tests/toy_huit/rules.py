"""Huit américain's scoring: the player who goes out scores 0, each other the cards left in
his hand (an 8 is worth 50, a figure 10, an ace 1, the others their value); the game ends
when a total reaches the target, and the lowest total wins.

>>> scores({"winner": "Ann", "hands": {"Bob": 63, "Cyd": 1}}, ("Ann", "Bob", "Cyd"))
{'Ann': 0, 'Bob': 63, 'Cyd': 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardscore.games.base import Outcome

NAME = "huit"
EIGHT, FIGURE, ACE = 50, 10, 1
CARDS = {"8": EIGHT, "R": FIGURE, "K": FIGURE, "D": FIGURE, "Q": FIGURE, "V": FIGURE,
         "J": FIGURE, "A": ACE}  # fmt: skip


@dataclass(frozen=True)
class HuitParams:
    """The one parameter: the total that ends the game."""

    goal: int = 300


def scores(inp: Mapping[str, Any], players: Sequence[str]) -> dict[str, int]:
    """Each player's points for the round ``inp``: 0 for the one who went out."""
    return {p: 0 if p == inp["winner"] else int(inp["hands"][p]) for p in players}


def outcome(players: Sequence[str], totals: Mapping[str, int], target: int) -> Outcome:
    """Finished once a total reaches ``target``; the lowest total wins (a tie plays on)."""
    values = [totals.get(p, 0) for p in players]
    if max(values) < target:
        return Outcome()
    lowest = min(values)
    leaders = [p for p, v in zip(players, values, strict=True) if v == lowest]
    return Outcome(finished=True, winner=leaders[0]) if len(leaders) == 1 else Outcome()
