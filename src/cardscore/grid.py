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

When a table is wider than the space it is given (its cells must be wrapped), when a cell
has several lines, holds a control character or carries its own justification, the Grid
hands over to Rich's Table (:meth:`Grid.table`); and so it does where Rich would draw
another box (ASCII for a terminal that is not UTF-8, legacy Windows consoles).

Why not Rich's Table always: on ``cardscore show`` of a 60-round evening, drawing with it
took 11 ms against the Grid's 5–8 ms, and importing ``rich.table`` 9 ms more, together
about a tenth of ``import typer, rich.console, rich.table``, the yardstick of the command's
speed (measured in one run, 2026-12-02).

Strings (cells, title, caption) are drawn as typed, never read as markup or emoji codes,
by the Grid as by the Table it hands over to.

Two things Rich's Table has not, which the scoresheet needs, are drawn the same way by the
Grid and by the Table it hands over to: a rule under a row (``add_row(…, end_section=True)``,
as Rich's Table draws it), and a *note*, a line of text across the whole table between two
rows (``add_note``: where the table of players changed)::

    │ 3 │ Cyd    │ -66 -198 │         │
    ├───┴────────┴──────────┴─────────┤
    │ from round 4: Zoé joins         │
    ├───┬────────┬──────────┬─────────┤
    │ 4 │ Dan    │ +66 -132 │ -66 -66 │

Rich's Table draws a row in the place of each note, a cell holding :data:`NOTE_MARK`, with
rules around it; :class:`_Noted` draws the note there instead.  A row's own line
(``add_line``: what a round played, when the table has no room for its column) runs under
the row across every column but the first, without rules; Rich's Table draws it as a note.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Literal

from rich.cells import cell_len
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from cardscore.flow import Flow

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.table import Table

Cell = str | Text
Justify = Literal["left", "right"]

#: The character a note's line stands in, in the row Rich's Table draws for it (see
#: :class:`_Noted`): zero-width, and nothing a name is made of.
NOTE_MARK = "\u200b\u2063\u200b"

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
    __slots__ = ("footer", "header", "justify", "min_width", "style")

    def __init__(
        self, header: Cell, justify: Justify, style: str, footer: Cell, min_width: int | None
    ) -> None:
        self.header = header
        self.justify = justify
        self.style = style
        self.footer = footer
        self.min_width = min_width  # never narrower (Rich's Table, when it draws the table)


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
        min_width: int | None = None,
    ) -> None:
        self.title = title
        self.caption = caption
        self.title_style = title_style
        self.caption_style = caption_style
        self.show_footer = show_footer
        self.min_width = min_width  # as Rich's Table(min_width=…): the columns widened
        self.columns: list[Column] = []
        self.rows: list[Sequence[Cell]] = []
        self.sections: set[int] = set()  # the rows with a rule under them
        self.notes: dict[int, list[tuple[str, str]]] = {}  # row index → lines above it
        self.under: dict[int, list[tuple[str, str]]] = {}  # row index → lines under it

    def add_column(
        self,
        header: Cell,
        *,
        justify: Justify = "left",
        style: str = "",
        footer: Cell = "",
        min_width: int | None = None,
    ) -> None:
        self.columns.append(Column(header, justify, style, footer, min_width))

    def add_row(self, *cells: Cell, end_section: bool = False) -> None:
        """One cell per column (missing ones are blank, as in Rich's Table); with
        ``end_section``, a rule under the row (none under the last: the footer's or the
        bottom's is there)."""
        if len(cells) > len(self.columns):
            raise ValueError(f"{len(cells)} cells for {len(self.columns)} columns")
        if end_section:
            self.sections.add(len(self.rows))
        self.rows.append(cells + ("",) * (len(self.columns) - len(cells)))

    def add_note(self, text: str, style: str = "") -> None:
        """A line of text across the table under the rows added so far (above the footer
        when no row follows), between rules; notes added one after the other are drawn
        together, one line each.  A note longer than the table is wrapped."""
        self.notes.setdefault(len(self.rows), []).append((text, style))

    def add_line(self, text: str, style: str = "") -> None:
        """A line of text under the last row added, across every column but the first
        (which stays open beside it), without rules: a row's own words, such as what was
        played.  A line longer than the room is wrapped."""
        self.under.setdefault(len(self.rows) - 1, []).append((text, style))

    # ----------------------------------------------------------------------------------------
    # Rich's Table, for what the Grid does not draw itself

    def table(self) -> Table | _Noted:
        """The same table as a ``rich.table.Table`` (its strings made Texts: drawn as typed);
        with notes, the Table wrapped in a :class:`_Noted` that draws them."""
        from rich.table import Table

        table = Table(
            title=_typed(self.title, self._title_style),
            caption=_typed(self.caption, self._caption_style),
            show_footer=self.show_footer,
            min_width=self.min_width,
        )
        for column in self.columns:
            table.add_column(
                _typed(column.header),
                justify=column.justify,
                style=column.style,
                footer=_typed(column.footer),
                min_width=column.min_width,
            )
        notes = {index: list(lines) for index, lines in self.notes.items()}
        for index, lines in self.under.items():  # Rich's Table: as notes, first under the row
            notes[index + 1] = lines + notes.get(index + 1, [])
        blank = ("",) * (len(self.columns) - 1)
        for index, row in enumerate(self.rows):
            if index in notes:  # a row that stands for the note, with rules around it
                table.add_row(NOTE_MARK, *blank, end_section=True)
            # a rule under a row above a note (the note's rule)
            section = index in self.sections or index + 1 in notes
            table.add_row(*(_typed(cell) for cell in row), end_section=section)
        if len(self.rows) in notes:
            table.add_row(NOTE_MARK, *blank, end_section=True)
        if not notes:
            return table
        return _Noted(table, [notes[index] for index in sorted(notes)])

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
        if options.ascii_only or (options.legacy_windows and console.safe_box):
            yield self.table()  # another box (rich.box.Box.substitute)
            return
        if widths is None:
            yield self.table()  # several-line cells, or wider than the room: Rich wraps it
            return
        if self.min_width is not None:
            widths = _widened(widths, self.min_width, options.max_width)
        table_width = sum(widths) + len(widths) + 1
        if self.title:
            yield from _annotation(console, options, self.title, self._title_style, table_width)
        yield from self._body(console, options, widths)
        if self.caption:
            yield from _annotation(console, options, self.caption, self._caption_style, table_width)

    def _body(
        self, console: Console, options: ConsoleOptions, widths: list[int]
    ) -> Iterator[Segment]:
        body = _Body(self, console, widths)
        yield from body.rule(TOP)
        yield from body.drawn([c.header for c in self.columns], HEAD, body.header)
        yield from body.rule(HEAD_RULE, _ABOVE_NOTE if 0 in self.notes else None)
        for index, row in enumerate(self.rows):
            yield from body.row(index, row)
        yield from body.end()


class _Body:
    """The lines of a :class:`Grid` in ``widths``: its rules, heading, rows (with the notes
    across the table and the lines under a row) and footer."""

    def __init__(self, grid: Grid, console: Console, widths: list[int]) -> None:
        self.grid, self.console, self.widths = grid, console, widths
        self.style = style = _Styles(console)
        self.header = [style("table.header")] * len(widths)
        self.footer = [style("table.footer")] * len(widths)
        self.body = [style(c.style) for c in grid.columns]
        if max(widths) == 2:  # every cell empty: Rich draws the rows unstyled
            self.header = self.footer = self.body = [_NULL] * len(widths)
        self.justify = [c.justify for c in grid.columns]
        self.table_width = sum(widths) + len(widths) + 1
        self.first = 1 + widths[0]  # the first divider: the only one a row's own line keeps

    def drawn(self, line: Sequence[Cell], edges: str, bases: list[Style]) -> Iterator[Segment]:
        """One row of one-line cells, each as wide as its column or less."""
        left, _, divider, right = edges
        runs = _Runs(left)
        for index, cell in enumerate(line):
            if index:
                runs.add(divider, _NULL)
            _cell(runs, self.style, cell, self.widths[index] - 2, self.justify[index], bases[index])
        runs.add(right, _NULL)
        yield from runs.segments()
        yield Segment.line()

    def rule(
        self, box_line: str, around_note: dict[int, int] | None = None, after: int = -1
    ) -> Iterator[Segment]:
        text = _rule(box_line, self.widths).text
        if around_note:
            text = text.translate(around_note)
        if after in self.grid.under:  # under a row's own line: no divider above but the first
            text = text[: self.first + 1] + text[self.first + 1 :].translate(_BELOW_LINE)
        yield Segment(text)
        yield Segment.line()

    def row(self, index: int, row: Sequence[Cell]) -> Iterator[Segment]:
        """A row, the note above it or the rule between it and the row before."""
        notes, sections, under = self.grid.notes, self.grid.sections, self.grid.under
        if index in notes:
            if index:
                yield from self.rule(ROW_RULE, _ABOVE_NOTE, after=index - 1)
            yield from _note(self.console, notes[index], self.table_width)
            yield from self.rule(ROW_RULE, _BELOW_NOTE)
        elif index and index - 1 in sections:
            yield from self.rule(ROW_RULE, after=index - 1)  # the rule under the row before
        yield from self.drawn(row, BODY, self.body)
        if index in under:
            yield from _under(self.console, under[index], self.widths)

    def end(self) -> Iterator[Segment]:
        """The note under the last row, the footer and the bottom rule."""
        grid, count = self.grid, len(self.grid.rows)
        if count in grid.notes:  # under the last row
            if count:
                yield from self.rule(ROW_RULE, _ABOVE_NOTE, after=count - 1)
            yield from _note(self.console, grid.notes[count], self.table_width)
            if not grid.show_footer:
                yield from self.rule(BOTTOM, _BELOW_NOTE)
                return
            yield from self.rule(FOOT_RULE, _BELOW_NOTE)
        elif grid.show_footer:
            yield from self.rule(FOOT_RULE, after=count - 1)
        if grid.show_footer:
            yield from self.drawn([c.footer for c in grid.columns], FOOT, self.footer)
            yield from self.rule(BOTTOM)
        else:
            yield from self.rule(BOTTOM, after=count - 1)


#: The rules above and under a note: the column dividers stop at it.
_ABOVE_NOTE = str.maketrans({"┼": "┴", "╇": "┻"})
_BELOW_NOTE = str.maketrans({"┼": "┬", "┴": "─"})
#: The rule under a row's own line (:meth:`Grid.add_line`), past the first column.
_BELOW_LINE = _BELOW_NOTE


def _note(console: Console, lines: Sequence[tuple[str, str]], width: int) -> Iterator[Segment]:
    """A note's lines across a table ``width`` wide (the edges included), each wrapped to
    the table, in its style."""
    inner = width - 4
    for text, style in lines:
        for part in Flow.of(text).lines(console, max(inner, 1)):
            plain = part.plain.rstrip()
            yield Segment(BODY[0] + " ")
            yield Segment(
                plain + " " * max(0, inner - cell_len(plain)),
                console.get_style(style, default=_NULL) or None,
            )
            yield Segment(" " + BODY[3])
            yield Segment.line()


def _under(
    console: Console, lines: Sequence[tuple[str, str]], widths: list[int]
) -> Iterator[Segment]:
    """A row's own lines (:meth:`Grid.add_line`): the first column open, then the text
    across the others, each wrapped to them, in its style."""
    left, _, divider, right = BODY
    inner = sum(widths[1:]) + len(widths) - 2 - 2  # the others, their dividers, no padding
    first = left + " " * widths[0] + divider + " "
    for text, style in lines:
        for part in Flow.of(text).lines(console, max(inner, 1)):
            plain = part.plain.rstrip()
            yield Segment(first)
            yield Segment(
                plain + " " * max(0, inner - cell_len(plain)),
                console.get_style(style, default=_NULL) or None,
            )
            yield Segment(" " + right)
            yield Segment.line()


class _Noted:
    """Rich's Table of a Grid with notes: the Table draws a row for each note (a cell with
    :data:`NOTE_MARK`, between rules), and each of those rows is drawn as the note instead,
    the rules around it as the Grid draws them."""

    def __init__(self, table: Table, notes: list[list[tuple[str, str]]]) -> None:
        self.table = table
        self.notes = notes

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = console.render_lines(self.table, options, pad=False)
        notes = iter(self.notes)
        new_line = Segment.line()
        for index, line in enumerate(lines):
            text = "".join(segment.text for segment in line)
            if NOTE_MARK in text:
                yield from _note(console, next(notes), cell_len(text))
                continue
            if index + 1 < len(lines) and _has_mark(lines[index + 1]):
                line = _translated(line, _ABOVE_NOTE)
            elif index and _has_mark(lines[index - 1]):
                line = _translated(line, _BELOW_NOTE)
            yield from line
            yield new_line


def _widened(widths: list[int], min_width: int, max_width: int) -> list[int]:
    """The column widths of a table at least ``min_width`` wide (edges and dividers
    included, at most ``max_width``): the room left shared out in proportion to the widths,
    as Rich's Table shares it out (each column in turn takes its share of what is left,
    rounded up)."""
    extra = len(widths) + 1
    room = min(min_width, max_width) - extra - sum(widths)
    if room <= 0:
        return widths
    out, left, weight = [], room, sum(widths)
    for width in widths:
        pad = math.ceil(width * left / weight) if weight > 0 else left
        out.append(width + pad)
        left -= pad
        weight -= width
    return out


def _has_mark(line: list[Segment]) -> bool:
    return any(NOTE_MARK in segment.text for segment in line)


def _translated(line: list[Segment], table: dict[int, int]) -> list[Segment]:
    return [Segment(s.text.translate(table), s.style, s.control) for s in line]


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
