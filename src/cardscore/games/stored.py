"""Rounds read from a file: the base of a game's stored type (:class:`Stored`), and which
checks of typing judge a round read from a file of an older schema (:func:`typed_under`)."""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from cardscore.games.table import Table


#: the schema version of the file whose rounds are being read (``None``: a round typed now).
#: A check added to typing after some files were saved must not turn them into damaged
#: files: such a check asks :func:`checked_since` whether it judges the round being read.
_TYPED_UNDER: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "typed_under", default=None
)


#: the first schema whose files were all typed under the bounds cardscore added to typing
#: after its first files were saved: tarot's points by bouts and everything about a chelem
#: (what it leaves each side, the petit au bout), rami's hands (at most 14 cards, worth at
#: most 14 times the highest card).  The rounds of an older file are read without them, as
#: they were typed: it keeps every round and every number it had.
BOUNDS_SCHEMA = 4


@contextlib.contextmanager
def typed_under(version: int) -> Iterator[None]:
    """Read rounds (``build_round``) as a file of schema ``version`` holds them: typed under
    the checks of that version, none added since.

    >>> with typed_under(3):
    ...     checked_since(3), checked_since(4)
    (True, False)
    >>> checked_since(4)
    True
    """
    token = _TYPED_UNDER.set(version)
    try:
        yield
    finally:
        _TYPED_UNDER.reset(token)


def checked_since(version: int) -> bool:
    """Whether a check of typing added with schema ``version`` judges the round being read:
    a round typed now, or read from a file of that version or a later one."""
    under = _TYPED_UNDER.get()
    return under is None or under >= version


class Stored(msgspec.Struct, forbid_unknown_fields=False):
    """The base of a game's ``stored_type``: a round as a session file holds it, typed (keys
    it does not know are kept in the file, and left alone here)."""

    def names(self) -> list[str]:
        """The players the round names (each must be at its table)."""
        return []

    def check(self, table: Table) -> None:
        """Refuse what cannot be at ``table`` (a ``ValueError``); nothing by default."""
