"""A table of short one-line cells, drawn as ``rich.table.Table`` draws it, in a fraction of
the time.

Rich's Table measures, wraps and pads every cell through its general layout: it printed
``cardscore show``'s 12-round scoresheet about ten times slower than this module does, and
importing it costs a few milliseconds more.  cardscore's tables (the scoresheet, the totals)
hold a few dozen one-line cells whose widths are simply their lengths, so :class:`Grid`
computes the widths with :func:`rich.cells.cell_len` and yields the Segments itself: Rich's
default box (``HEAVY_HEAD``), the title and caption, the header and footer rows, the
justification, and the same style on every character (the column's, the header's or
footer's, each Text's style and spans), so that the screen is the one Rich's Table would
draw.  Rich still turns the Styles into colours for the terminal at hand, or into none
(NO_COLOR, a file, a pipe).

When a cell has several lines, holds a control character or carries its own justification,
or when the table is wider than the space it is given, the Grid hands over to Rich's Table
(:meth:`Grid.table`), so that wrapping and cropping stay Rich's; and so it does where Rich
would draw another box (ASCII for a terminal that is not UTF-8, legacy Windows consoles).

Strings (cells, title, caption) are drawn as typed, never read as markup or emoji codes,
by the Grid as by the Table it hands over to.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Literal

from rich.cells import cell_len
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.table import Table

Cell = str | Text
Justify = Literal["left", "right"]

# rich.box.HEAVY_HEAD, Rich's Table's box, line by line: top, header, rule under the header,
# body, (rule between rows), rule above the footer, footer, bottom.  Each line: left,
# horizontal (or blank), divider, right.
TOP, HEAD, HEAD_RULE, BODY, ROW_RULE, FOOT_RULE, FOOT, BOTTOM = (
    "┏━┳┓", "┃ ┃┃", "┡━╇┩", "│ ││", "├─┼┤", "├─┼┤", "│ ││", "└─┴┘"
)  # fmt: skip


def _rule(box_line: str, widths: list[int]) -> Segment:
    left, horizontal, divider, right = box_line
    return Segment(left + divider.join(horizontal * width for width in widths) + right)


class Column:
    __slots__ = ("footer", "header", "justify", "style")

    def __init__(self, header: Cell, justify: Justify, style: str, footer: Cell) -> None:
        self.header = header
        self.justify = justify
        self.style = style
        self.footer = footer


class Grid:
    """``Table(title=…, caption=…, title_style=…, show_footer=…)`` for one-line cells.

    >>> grid = Grid()
    >>> grid.add_column("#", justify="right", style="dim")
    >>> grid.add_column("Player")
    >>> grid.add_row("1", "Ann")
    >>> from rich.console import Console
    >>> Console(width=40, color_system=None).print(grid)
    ┏━━━┳━━━━━━━━┓
    ┃ # ┃ Player ┃
    ┡━━━╇━━━━━━━━┩
    │ 1 │ Ann    │
    └───┴────────┘
    """

    def __init__(
        self,
        *,
        title: str | None = None,
        caption: str | None = None,
        title_style: str | None = None,
        caption_style: str | None = None,
        show_footer: bool = False,
    ) -> None:
        self.title = title
        self.caption = caption
        self.title_style = title_style
        self.caption_style = caption_style
        self.show_footer = show_footer
        self.columns: list[Column] = []
        self.rows: list[Sequence[Cell]] = []

    def add_column(
        self, header: Cell, *, justify: Justify = "left", style: str = "", footer: Cell = ""
    ) -> None:
        self.columns.append(Column(header, justify, style, footer))

    def add_row(self, *cells: Cell) -> None:
        """One cell per column (missing ones are blank, as in Rich's Table)."""
        if len(cells) > len(self.columns):
            raise ValueError(f"{len(cells)} cells for {len(self.columns)} columns")
        self.rows.append(cells + ("",) * (len(self.columns) - len(cells)))

    # ----------------------------------------------------------------------------------------
    # Rich's Table, for what the Grid does not draw itself

    def table(self) -> Table:
        """The same table as a ``rich.table.Table`` (its strings made Texts: drawn as typed)."""
        from rich.table import Table

        table = Table(
            title=_typed(self.title, self._title_style),
            caption=_typed(self.caption, self._caption_style),
            show_footer=self.show_footer,
        )
        for column in self.columns:
            table.add_column(
                _typed(column.header),
                justify=column.justify,
                style=column.style,
                footer=_typed(column.footer),
            )
        for row in self.rows:
            table.add_row(*(_typed(cell) for cell in row))
        return table

    @property
    def _title_style(self) -> str:
        return "table.title" if self.title_style is None else self.title_style

    @property
    def _caption_style(self) -> str:
        return "table.caption" if self.caption_style is None else self.caption_style

    # ----------------------------------------------------------------------------------------
    # Drawing

    def _lines(self) -> list[Sequence[Cell]]:
        """The rows as drawn: header, body, then footer."""
        lines: list[Sequence[Cell]] = [[c.header for c in self.columns], *self.rows]
        if self.show_footer:
            lines.append([c.footer for c in self.columns])
        return lines

    def widths(self, max_width: int) -> list[int] | None:
        """Each column's width, padding included, as Rich's Table would make it; None when
        Rich should draw the table (a cell it would wrap, or a table wider than
        ``max_width``)."""
        widths = [2] * len(self.columns)  # one space either side
        for line in self._lines():
            for index, cell in enumerate(line):
                if isinstance(cell, str):
                    plain = cell
                else:
                    plain = cell.plain
                    if cell.justify or cell.no_wrap is not None or cell.tab_size is not None:
                        return None
                if not plain.isprintable():  # a new line, a tab, another control code…
                    return None
                width = cell_len(plain) + 2
                if width > widths[index]:
                    widths[index] = width
        if sum(widths) + len(widths) + 1 > max_width:  # the edges and the dividers
            return None
        return widths

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table())  # as Rich's Table measures

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.columns:
            yield Segment("\n")
            return
        widths = self.widths(options.max_width)
        if widths is None or options.ascii_only or (options.legacy_windows and console.safe_box):
            yield self.table()  # wrapped cells, or another box (rich.box.Box.substitute)
            return
        table_width = sum(widths) + len(widths) + 1
        if self.title:
            yield from _annotation(console, options, self.title, self._title_style, table_width)
        yield from self._body(console, options, widths)
        if self.caption:
            yield from _annotation(console, options, self.caption, self._caption_style, table_width)

    def _body(
        self, console: Console, options: ConsoleOptions, widths: list[int]
    ) -> Iterator[Segment]:
        style = _Styles(console)
        header = [style("table.header")] * len(widths)
        footer = [style("table.footer")] * len(widths)
        body = [style(c.style) for c in self.columns]
        if max(widths) == 2:  # every cell empty: Rich draws the rows unstyled
            header = footer = body = [_NULL] * len(widths)
        justify = [c.justify for c in self.columns]
        lines = self._lines()
        last = len(lines) - 1
        new_line = Segment.line()

        yield _rule(TOP, widths)
        yield new_line
        for number, line in enumerate(lines):
            if number == 0:
                edges, bases = HEAD, header
            elif number == last and self.show_footer:
                yield _rule(FOOT_RULE, widths)
                yield new_line
                edges, bases = FOOT, footer
            else:
                edges, bases = BODY, body
            left, _, divider, right = edges
            runs = _Runs(left)
            for index, cell in enumerate(line):
                if index:
                    runs.add(divider, _NULL)
                _cell(runs, style, cell, widths[index] - 2, justify[index], bases[index])
            runs.add(right, _NULL)
            yield from runs.segments()
            yield new_line
            if number == 0:
                yield _rule(HEAD_RULE, widths)
                yield new_line
        yield _rule(BOTTOM, widths)
        yield new_line


_NULL = Style.null()


def _typed(cell: Cell | None, style: str = "") -> Text | None:
    return Text(cell, style=style) if isinstance(cell, str) else cell


def _annotation(
    console: Console, options: ConsoleOptions, text: str, style: str, width: int
) -> Iterator[Segment]:
    """A title or caption centred over ``width`` (wrapped by Rich when longer), in ``style``
    on every character, as Rich's Table draws it."""
    plain = text.rstrip()  # Rich right-strips a centred line, then pads it
    length = cell_len(plain)
    if length > width or not text.isprintable():
        lines = Text(text, style=style)
        yield from console.render(lines, options.update(width=width, justify="center", height=None))
        return
    left = (width - length) // 2
    line = " " * left + plain + " " * (width - length - left)
    yield Segment(line, console.get_style(style, default=_NULL) or None)
    yield Segment.line()


class _Styles:
    """The console's Style for each style (a name, a definition or a Style), looked up once."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.found: dict[str | Style, Style] = {"": _NULL}

    def __call__(self, style: str | Style) -> Style:
        found = self.found.get(style)
        if found is None:
            found = self.found[style] = self.console.get_style(style, default=_NULL)
        return found


class _Runs:
    """One line of the table as runs of text in one style each (fewer Segments for Rich to
    measure, crop and write)."""

    def __init__(self, text: str) -> None:
        self.texts = [text]
        self.styles = [_NULL]

    def add(self, text: str, style: Style) -> None:
        if not text:
            return
        if style is self.styles[-1]:  # the same Style object (Rich caches sums)
            self.texts[-1] += text
        else:
            self.texts.append(text)
            self.styles.append(style)

    def segments(self) -> Iterator[Segment]:
        for text, style in zip(self.texts, self.styles, strict=True):
            yield Segment(text, style or None)


def _cell(
    runs: _Runs, style: _Styles, cell: Cell, width: int, justify: Justify, base: Style
) -> None:
    """One cell and a space either side, styled as Rich's Table styles it: ``base`` (the
    column's, the header's or the footer's style) on every character, then the Text's own
    style on its text and on the spaces that justify it, then each span on its characters.
    Rich right-strips a right-justified cell before it pads it."""
    if not width:  # a column of empty cells
        runs.add("  ", base)
        return
    right = justify == "right"
    if isinstance(cell, str):
        plain = cell.rstrip() if right else cell
        gap = " " * (width - cell_len(plain))
        runs.add(f" {gap}{plain} " if right else f" {plain}{gap} ", base)
        return
    plain = cell.plain.rstrip() if right else cell.plain
    if len(plain) > width:  # zero-width characters: Rich crops trailing spaces past the
        plain = plain[: max(len(plain.rstrip()), width)]  # width counted in characters
    own = style(cell.style)
    filled = base + own
    gap = " " * (width - cell_len(plain))
    runs.add(" ", base)
    if right:
        runs.add(gap, filled)
    spans = cell.spans
    if not spans:
        runs.add(plain, filled)
    elif all(a.end <= b.start for a, b in pairwise(spans)):  # as appended
        end = len(plain)
        position = 0
        for span in spans:
            start, stop = min(span.start, end), min(span.end, end)
            runs.add(plain[position:start], filled)
            runs.add(plain[start:stop], base + (own + style(span.style)))
            position = max(position, stop)
        runs.add(plain[position:], filled)
    else:  # overlapping spans: each piece between two span edges
        end = len(plain)
        cuts = sorted(
            {0, end, *(min(s.start, end) for s in spans), *(min(s.end, end) for s in spans)}
        )
        for start, stop in pairwise(cuts):
            combined = own
            for span in spans:
                if span.start <= start and stop <= span.end:
                    combined = combined + style(span.style)
            runs.add(plain[start:stop], base + combined)
    if not right:
        runs.add(gap, filled)
    runs.add(" ", base)
