"""Huit américain's description: who went out, and the hand of each other player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscore.games.base import Field, FieldKind, Table, Words


def losers(table: Table, raw: Mapping[str, Any]) -> Sequence[str]:
    """The players whose hand is asked: all but the one who went out."""
    winner = raw.get("winner")
    return [p for p in table.players if p != winner]


FIELDS = (
    Field("winner", FieldKind.PLAYER, label="Who went out?", help="The player who went out.",
          required=True, words=Words(bare=True)),
    Field("hand", FieldKind.PLAYER_TEXT, label="Cards left in hand (8 R 3) or their value",
          help="NAME=CARDS|NUMBER: the hand of a player who did not go out.", who=losers,
          words=Words(assign=True)),
)  # fmt: skip
