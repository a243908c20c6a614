"""Lines of words laid out in the width a terminal has: a name and its score never apart.

Rich wraps a long Text between any two words, so ``… Mathieu -66, Julie +66`` may end a line
on ``Julie`` and start the next on ``+66``; a line printed whole (``soft_wrap``) is folded by
the terminal in the middle of a word.  A :class:`Flow` is made of *pieces* that are never
broken while one fits on a line (an entry ``Julie +66``, a breakdown's clause up to its
comma), set side by side with a gap and carried to the next line whole; its continuation
lines are indented as its first line is.  Only a piece wider than the whole line is broken,
between its words, as Rich breaks it.

>>> from rich.console import Console
>>> console = Console(width=34, color_system=None)
>>> console.print(Flow.of("  → Ann +132 (2 × 66), Bob -66, Cyd -66, Julie +66 (partner)"))
  → Ann +132 (2 × 66), Bob -66,
  Cyd -66, Julie +66 (partner)
>>> console.print(Flow(["Jean-Pierre 0", "Sophie +132", "Julie +66"], gap="   ", indent=2))
  Jean-Pierre 0   Sophie +132
  Julie +66
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions

#: where a line of prose may be broken first: after a comma or a semicolon
_CLAUSE = re.compile(r"(?<=[,;]) ")


class Flow:
    """``pieces`` laid out ``gap`` apart, as many a line as fit, every line after ``indent``
    spaces."""

    def __init__(self, pieces: Sequence[Text | str], *, gap: str = " ", indent: int = 0) -> None:
        self.pieces = [piece if isinstance(piece, Text) else Text(piece) for piece in pieces]
        self.gap = gap
        self.indent = indent

    @classmethod
    def of(cls, line: str, style: str = "") -> Flow:
        """A line of prose broken after its commas first, indented as it starts."""
        body = line.lstrip(" ")
        pieces = [Text(part, style=style) for part in _CLAUSE.split(body)]
        return cls(pieces, indent=len(line) - len(body))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        room = max(options.max_width - self.indent, 1)
        margin = Segment(" " * self.indent)
        for line in self.lines(console, room):
            if self.indent:
                yield margin
            yield from line.render(console)
            yield Segment.line()

    def lines(self, console: Console, room: int) -> list[Text]:
        """The lines, each at most ``room`` cells wide (a single word wider than that
        excepted, as Rich lays it out)."""
        lines: list[Text] = []
        line: Text | None = None
        for piece in self.pieces:
            size = cell_len(piece.plain)
            if line is not None and cell_len(line.plain) + len(self.gap) + size <= room:
                line.append(self.gap)
                line.append(piece)
                continue
            if line is not None:
                lines.append(line)
            if size <= room:
                line = piece.copy()
                continue
            *whole, line = piece.wrap(console, room)  # wider than a line: between its words
            for part in [*whole, line]:
                part.rstrip()  # the space Rich leaves at a line's end
            lines.extend(whole)
        if line is not None:
            lines.append(line)
        return lines
