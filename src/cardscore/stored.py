"""A session's rounds as its file stores them, each parsed the first time it is read.

A session file holds one round per line.  Parsing ten thousand of them takes longer than
everything else ``cardscore add`` does, and ``add`` reads none of them: it replays from the
file's checkpoint (:class:`~cardscore.session.Checkpoint`) and writes the stored lines back
as they are.  When the file's checkpoint is sound, :mod:`cardscore.store` gives the session a
:class:`StoredRounds` as its list of rounds: the stored lines stay one block of bytes; a
round is parsed when it is read (reading the last rounds parses those lines only); rounds
added after loading are kept as they are.

>>> rounds = StoredRounds(b'{"n": 1}' + SEPARATOR + b'{"n": 2}', 2)
>>> rounds[-1], len(rounds), rounds.intact
({'n': 2}, 2, 2)
>>> rounds.append({"n": 3}); rounds.pop()
{'n': 3}
>>> rounds.pop(), rounds.intact, list(rounds)
({'n': 2}, 1, [{'n': 1}])
>>> bytes(rounds.block())
b'{"n": 1}'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from typing import Any

SEPARATOR = b",\n    "  # between two round lines of a session file (see store.encode)
_UNREAD = object()


class StoredRounds(MutableSequence[dict[str, Any]]):
    """A list of rounds whose first ones are lines of a file, parsed when they are read.

    ``block`` holds the first ``count`` rounds' lines joined by :data:`SEPARATOR`, exactly as
    the file has them; ``checkpoints`` are the file's checkpoints about those rounds, worked
    out at ``table`` (the file's players and rules).  The
    block only ever loses lines at its end: changing, removing or inserting a round parses the
    stored rounds from there on and keeps the lines before it (:attr:`intact` rounds).

    Round inputs are values: a round read from here is never changed in place (a session
    replaces rounds, as the file's lines are written back as they were read).
    """

    __slots__ = (
        "_block",
        "_checkpoints",
        "_end",
        "_extra",
        "_items",
        "_read_from",
        "_stored",
        "table",
    )

    def __init__(
        self, block: bytes, count: int, checkpoints: Sequence[Any] = (), table: Any = None
    ) -> None:
        self.table = table
        self._block = block
        self._end = len(block)  # the stored rounds' lines are block[:_end]
        self._stored = count
        self._items: list[Any] = [_UNREAD] * count
        self._read_from = count  # items[_read_from:_stored] are parsed
        self._extra: list[dict[str, Any]] = []  # the rounds after the stored ones
        self._checkpoints = tuple(checkpoints)

    # ---- what the session and the store ask -----------------------------------------------

    @property
    def intact(self) -> int:
        """How many first rounds are still the file's lines, unchanged since it was read."""
        return self._stored

    def checkpoints(self) -> list[Any]:
        """The file's checkpoints that still describe the first rounds."""
        return [c for c in self._checkpoints if c.rounds <= self._stored]

    def block(self) -> memoryview:
        """The stored rounds' lines, as the file had them (:attr:`intact` rounds)."""
        return memoryview(self._block)[: self._end]

    def extra(self) -> list[dict[str, Any]]:
        """The rounds after the stored ones."""
        return list(self._extra)

    def head(self, count: int) -> Callable[[], list[dict[str, Any]]]:
        """A function giving the first ``count`` rounds as they are now, even if this list
        changes in the meantime (the same objects while they are still here), or only the
        first ``upto`` of them (parsed anew)."""
        if not 0 <= count <= self._stored:
            raise ValueError(f"only {self._stored} rounds are stored, not {count}")
        block, end = self._block, self._end

        def first(upto: int = count) -> list[dict[str, Any]]:
            if upto < count:  # some first rounds only: parse those lines alone
                return _first_lines(block, end, upto)
            if self._stored >= count:  # the block never grows back: these are unchanged
                return self[:upto]
            return _parse(block[:end])[:upto]

        return first

    # ---- parsing ---------------------------------------------------------------------------

    def _read(self, first: int) -> None:
        """Parse the stored rounds from index ``first`` to the last unparsed one."""
        stop = self._read_from
        if first >= stop:
            return
        block, end = self._block, self._end
        # Byte span of the lines first .. stop-1: walk back from the end of line stop-1.
        line_end = end
        for _ in range(self._stored - stop):
            line_end = block.rfind(SEPARATOR, 0, line_end)
        line_start = 0
        if first:
            line_start = line_end
            for _ in range(stop - first):
                line_start = block.rfind(SEPARATOR, 0, line_start)
            line_start += len(SEPARATOR)
        values = _parse(block[line_start:line_end])
        if len(values) != stop - first:
            raise ValueError(f"expected {stop - first} stored rounds, found {len(values)}")
        self._items[first:stop] = values
        self._read_from = first

    def _unstore(self, first: int = 0) -> None:
        """Keep the first ``first`` stored rounds as the file's lines and parse the others
        into plain items: a change at round ``first`` (an edit, a removal, an insertion)
        leaves the lines before it to be written back as they were read."""
        if first >= self._stored:
            return
        self._read(first)
        tail = self._items[first:]
        end = self._end
        for _ in range(self._stored - first):
            end = self._block.rfind(SEPARATOR, 0, end)
        self._end = max(end, 0)
        self._items = self._items[:first]
        self._stored = first
        self._read_from = min(self._read_from, first)
        self._extra[:0] = tail

    def _position(self, index: int) -> int:
        size = len(self)
        position = index + size if index < 0 else index
        if not 0 <= position < size:
            raise IndexError("round index out of range")
        return position

    # ---- the sequence ----------------------------------------------------------------------

    def __len__(self) -> int:
        return self._stored + len(self._extra)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            span = range(*index.indices(len(self)))
            if span:
                self._read(min(span[0], span[-1]))
            return [self._at(i) for i in span]
        return self._at(self._position(index))

    def _at(self, position: int) -> dict[str, Any]:
        if position >= self._stored:
            return self._extra[position - self._stored]
        self._read(position)
        return self._items[position]

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            self._unstore()
            self._extra[index] = value
            return
        position = self._position(index)
        self._unstore(position)
        self._extra[position - self._stored] = value

    def __delitem__(self, index: Any) -> None:
        if not isinstance(index, slice):
            position = self._position(index)
            if position >= self._stored:
                del self._extra[position - self._stored]
                return
            self._unstore(position)
            del self._extra[position - self._stored]
            return
        self._unstore()
        del self._extra[index]

    def insert(self, index: int, value: dict[str, Any]) -> None:
        size = len(self)
        position = max(0, index + size) if index < 0 else min(index, size)
        self._unstore(position)
        self._extra.insert(position - self._stored, value)

    def clear(self) -> None:
        self._block, self._end, self._stored, self._read_from = b"", 0, 0, 0
        self._items, self._extra = [], []

    def __iter__(self) -> Iterator[dict[str, Any]]:
        self._read(0)
        return iter(self._items + self._extra)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StoredRounds | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like a list

    def __repr__(self) -> str:
        return repr(list(self))


def _first_lines(block: bytes, end: int, count: int) -> list[Any]:
    """The first ``count`` rounds of a block's lines (which hold more), parsed apart."""
    stop = -len(SEPARATOR)
    for _ in range(count):
        stop = block.find(SEPARATOR, stop + len(SEPARATOR), end)
    return _parse(block[:stop]) if count else []


def _parse(lines: bytes) -> list[Any]:
    return json.loads(b"[" + lines + b"]")
