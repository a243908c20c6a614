"""The table of a tournament a session is: which tournament, which round, which table, and
how many deals end it.

A session created by ``cardscore tournament play`` holds one under ``"tournament"`` in its
file; any other session holds none (the key is not written).  It is read from the file like
the rest of it: typed and bounded (a file is untrusted input).

>>> seat = seat_of({"tournament": "k3f9", "round": 2, "table": 1, "deals": 4})
>>> seat.round, seat.table, seat.done_after(3), seat.done_after(4)
(2, 1, False, True)
>>> seat_of({"tournament": "k3f9", "round": 0, "table": 1, "deals": 4})
Traceback (most recent call last):
...
msgspec.ValidationError: Expected `int` >= 1 - at `$.round`
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

#: the most rounds and tables a tournament has (a club's evening has a few of each)
MOST_ROUNDS = 20
MOST_TABLES = 40
#: the most deals a table plays in a round
MOST_DEALS = 200


class TableSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Table ``table`` of round ``round`` of tournament ``tournament``; it is finished after
    ``deals`` deals (``None``: at the game's own end, its target)."""

    tournament: Annotated[str, msgspec.Meta(pattern="^[0-9a-z]{1,40}$")]
    round: Annotated[int, msgspec.Meta(ge=1, le=MOST_ROUNDS)]
    table: Annotated[int, msgspec.Meta(ge=1, le=MOST_TABLES)]
    deals: Annotated[int, msgspec.Meta(ge=1, le=MOST_DEALS)] | None = None

    def done_after(self, played: int) -> bool:
        """Whether the table is finished once ``played`` deals are played."""
        return self.deals is not None and played >= self.deals


def seat_of(data: Any) -> TableSeat:
    """The seat a file's ``"tournament"`` value holds; a ``msgspec.ValidationError`` (a
    ``ValueError``) when it is not one."""
    return msgspec.convert(data, TableSeat)


def seat_data(seat: TableSeat) -> dict[str, Any]:
    """The seat as its file holds it."""
    data: dict[str, Any] = msgspec.to_builtins(seat)
    return data
