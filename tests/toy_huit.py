"""A fifth game, kept in the tests as the proof that a game is one module: *huit américain*.

The player who goes out scores 0; each other scores the cards left in his hand: an 8 is
worth 50, a figure (K, Q, J) 10, an ace 1, the others their value.  The game ends when a
total reaches the target (300); the lowest total wins.

This module and one line of the registry (``cardscore.games._REGISTRY``, which the test
adds while it runs) are all it takes: its questions, its ``add`` options, its one-line
round, its sheets and its statistics come from what it says here.  It has no catalog: it
speaks English only.

>>> t = Table("huit", ("Ann", "Bob", "Cyd"), HuitParams())
>>> inp = GAME.build_round({"winner": "ann", "hand": ["Bob=8 R 3", "cyd=A"]}, t, 1)
>>> inp
{'winner': 'Ann', 'hands': {'Bob': 63, 'Cyd': 1}}
>>> dict(GAME.score(inp, t, 1, None).scores)
{'Ann': 0, 'Bob': 63, 'Cyd': 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cardscore.games.base import (
    Field,
    FieldKind,
    GameDefaults,
    InputError,
    Outcome,
    RoundResult,
    Stored,
    Table,
    Words,
    check_names,
)
from cardscore.games.reading import read_answers
from cardscore.i18n import msg

NAME = "huit"
EIGHT, FIGURE, ACE = 50, 10, 1
_CARDS = {"8": EIGHT, "R": FIGURE, "K": FIGURE, "D": FIGURE, "Q": FIGURE, "V": FIGURE,
          "J": FIGURE, "A": ACE}  # fmt: skip


@dataclass(frozen=True)
class HuitParams:
    """The one parameter: the total that ends the game."""

    target: int = 300


def hand_value(text: str) -> int:
    """The points of a hand typed as its cards (``8 R 3``), or as its value (``63``).

    >>> hand_value("8 R 3"), hand_value("A"), hand_value("12")
    (63, 1, 12)
    """
    cards = text.replace("+", " ").upper().split()
    if len(cards) == 1 and cards[0].isdigit() and cards[0] not in _CARDS:
        return int(cards[0])
    total = 0
    for card in cards:
        if card in _CARDS:
            total += _CARDS[card]
        elif card.isdigit() and 2 <= int(card) <= 10:
            total += int(card)
        else:
            raise InputError(msg("--hand: {card!r} is not a card", card=card), field="hand")
    return total


class StoredRound(Stored):
    """A round as the file holds it: who went out, the others' points."""

    winner: str
    hands: dict[str, int]

    def names(self) -> list[str]:
        return [self.winner, *self.hands]


def _losers(table: Table, raw: Mapping[str, Any]) -> Sequence[str]:
    winner = raw.get("winner")
    return [p for p in table.players if p != winner]


FIELDS = (
    Field("winner", FieldKind.PLAYER, label="Who went out?", help="The player who went out.",
          required=True, words=Words(bare=True)),
    Field("hand", FieldKind.PLAYER_TEXT, label="Cards left in hand (8 R 3) or their value",
          help="NAME=CARDS|NUMBER: the hand of a player who did not go out.", who=_losers,
          words=Words(assign=True)),
)  # fmt: skip


class Huit(GameDefaults):
    name = NAME
    params_cls = HuitParams
    presets = MappingProxyType({"standard": HuitParams()})
    default_preset = "standard"
    fields = FIELDS
    stored_type = StoredRound
    min_players, max_players = 2, 6
    lower_wins = True

    def check_players(self, players: Sequence[str], params: Any) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise InputError(msg("huit is played by 2 to 6 players (got {n})", n=len(players)))
        check_names(players, forbidden="=")

    def summary(self, params: HuitParams) -> tuple[str, ...]:
        return (
            msg("The player who goes out scores 0; the others their cards, an 8 worth 50."),
            msg("The game ends when someone reaches {target}; the lowest total wins.",
                target=params.target),
        )  # fmt: skip

    def goal(self, table: Table) -> int | None:
        return int(table.params.target)

    def columns(self, table: Table) -> tuple[str, ...]:
        return table.players

    def sitting_out(self, table: Table, number: int) -> str | None:
        return None

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
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

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        return {
            "winner": names.get(inp["winner"], inp["winner"]),
            "hands": {names.get(p, p): v for p, v in inp["hands"].items()},
        }

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        return {"winner": inp["winner"], "hand": [f"{p}={v}" for p, v in inp["hands"].items()]}

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        hands = ", ".join(f"{p} {v}" for p, v in inp["hands"].items())
        return msg("{winner} went out ({hands})", winner=inp["winner"], hands=hands)

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        return msg("{winner} out", winner=inp["winner"])

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        scores = {p: 0 if p == inp["winner"] else int(inp["hands"][p]) for p in table.players}
        breakdown = (
            tuple(msg("{player}: {points}", player=p, points=v) for p, v in scores.items())
            if explain
            else ()
        )
        return RoundResult(scores, breakdown)

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        values = [totals.get(p, 0) for p in table.players]
        if max(values) < table.params.target:
            return Outcome()
        lowest = min(values)
        leaders = [p for p, v in zip(table.players, values, strict=True) if v == lowest]
        return Outcome(finished=True, winner=leaders[0]) if len(leaders) == 1 else Outcome()


GAME = Huit()
