"""``print --format pdf -o FILE.pdf``: an A4 PDF of the scoresheet, drawn with fpdf2.

(Over 600 lines: a PDF page is drawn by hand, every part placed in millimetres; the chart is
drawn by :mod:`cardscore.export.chart`, the Latin-1 spellings are in
:mod:`cardscore.export.latin1`.)

Page 1: the title, date, game and rule set; the result (winner, ranking, held points) beside
the players or teams; the chart of the running totals (one line per column, coloured and
dashed as in the HTML, with axes, labels and a legend); the rule set's parameters.  Then the
rounds table, on as many pages as it needs, its two heading rows repeated at the top of each
page and the totals at its end; then how each round was scored.  Every page has a footer
with the title and ``page N/M``.

Text: with DejaVu Sans (found where Linux distributions install it) every character is
drawn as typed, and the text can be extracted or searched.  Without it the PDF's core
Helvetica is used, which only has Latin-1: ``Zoé`` still prints as is, and the few other
characters are written the nearest Latin-1 way (``−`` → ``-``, ``→`` → ``->``, ``œ`` →
``oe``; see :func:`cardscore.export.latin1.latin1`).

What each round played is the rounds table's last column, on one or two lines; where the
page has no room for such a column beside the numbers (which keep a gap between them: never
``-870-1220``), it is a line of its own under the round's row.

Where the table changed or the game ended (:mod:`cardscore.rows`), a band across the rounds
table says so.

Every text is in the current language, and the PDF says which (its ``/Lang``).  A table
heading a translation makes wider than its column (``Donneur (mort)``) goes on two lines.

Why 790 lines: the PDF is laid out by hand with fpdf2's calls (the title block, the rounds
table with its repeated headings and table changes, the breakdowns), each a function of its
own; the chart is drawn by :mod:`cardscore.export.chart`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from cardscore import __version__, rows
from cardscore.export import chart, common
from cardscore.export.common import Doc
from cardscore.export.latin1 import latin1
from cardscore.i18n import _, language, msg, tr
from cardscore.rows import signed

#: (regular, bold) DejaVu Sans, where systems install it; the first present is used.
FONT_CANDIDATES: list[tuple[str, str]] = [
    (f"{folder}/DejaVuSans.ttf", f"{folder}/DejaVuSans-Bold.ttf")
    for folder in (
        "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu
        "/usr/share/fonts/dejavu",  # Fedora
        "/usr/share/fonts/TTF",  # Arch
        "/usr/share/fonts/dejavu-sans-fonts",
        "/usr/local/share/fonts",
        "/usr/local/share/fonts/dejavu",  # FreeBSD
        "/Library/Fonts",
        os.path.expanduser("~/Library/Fonts"),
        os.path.expanduser("~/.local/share/fonts"),
    )
]

# The costly round parts this sheet writes (cardscore.document.ROUND_EXTRAS): the
# breakdowns, not the terms; the sheet is built with these only.
ROUND_EXTRAS: tuple[str, ...] = ("breakdown",)

MARGIN = 15.0
PLAYED_MAX = 70.0  # the widest the Played column gets (mm); longer, it takes more lines
PLAYED_LINES = 2  # the most lines a round's Played cell takes: else it goes under the row
NUMBER_GAP = 2.0  # the least room between two numbers side by side (mm): -870 -1220
PLAYED_LINE = 3.4  # the height of each line of the Played column (mm)
COLUMN_MIN = 17.0  # the narrowest a player's two numbers get, next to the Played column
Colour = tuple[int, int, int]  # red, green, blue: 0 to 255
INK = (27, 31, 36)
MUTED = (91, 100, 112)
RULE = (201, 206, 214)
ZEBRA = (243, 245, 248)
PLUS = (23, 102, 58)
MINUS = (179, 38, 30)
ACCENT = (11, 79, 138)
LATE = (251, 241, 222)  # the rounds recorded after the game's end
LATE_INK = (122, 74, 0)
CHANGE = (230, 238, 247)  # the band where the table changed


def find_font() -> tuple[str, str] | None:
    for regular, bold in FONT_CANDIDATES:
        if os.path.isfile(regular):
            return regular, bold if os.path.isfile(bold) else regular
    return None


class Pen(NamedTuple):
    """A font texts are drawn in (:meth:`Sheet.draw`): its size in points, whether bold."""

    size: float
    bold: bool


#: A text as :meth:`Sheet.draw` draws it: its x, its baseline's y, its pen and colour.
Drawn = tuple[float, float, Pen, Colour, str]


class Sheet(FPDF):
    """An A4 page with the sheet's footer; text goes through :meth:`t`."""

    def __init__(self, doc: Doc) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.doc = doc
        self._font_state: tuple[str, float] | None = None
        self._color_state: Colour | None = None
        # each text's width in each font (a sheet measures the same scores many times)
        self._widths: dict[tuple[tuple[str, float] | None, str], float] = {}
        self._wrapped: dict[tuple[Any, float, str], list[str]] = {}
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(True, margin=MARGIN + 3)
        font = find_font()
        self.unicode = font is not None
        if font is not None:
            self.add_font("Sheet", "", font[0])
            self.add_font("Sheet", "B", font[1])
            self.family = "Sheet"
        else:
            self.family = "helvetica"
        self.ellipsis = "…" if self.unicode else "..."
        # Each page's footer says the number of pages, which fpdf2 writes at an alias once
        # the sheet is done: it keeps three digits for "{nb}", one a character for a longer
        # alias, and warns when the count is wider (a page a round at most).
        digits = max(3, len(str(len(doc["rounds"]) + 10)))
        self.pages_alias = "{nb}" if digits == 3 else "{" + "p" * (digits - 2) + "}"
        self.alias_nb_pages(self.pages_alias)
        title = common.title(doc)
        self.set_title(self.t(title))
        self.set_author("cardscore")
        self.set_creator(f"cardscore {__version__}")
        self.set_subject(self.t(f"{common.game_line(doc)} - {common.outcome(doc)}"))
        self.set_lang(language())
        self.footer_text = self.t(common.truncate(title, 80))

    def t(self, text: object) -> str:
        return str(text) if self.unicode else latin1(str(text))

    def font(self, size: float, bold: bool = False, color: Colour = INK) -> None:
        state = ("B" if bold else "", size)
        if state != self._font_state:
            self.set_font(self.family, state[0], size)
            self._font_state = state
        if color != self._color_state:
            self.set_text_color(*color)
            self._color_state = color

    def measure(self, text: str, pen: Pen) -> float:
        """The width of ``text`` drawn with ``pen`` (:meth:`width` in its font)."""
        self.font(pen.size, pen.bold, self._color_state or INK)
        return self.width(text)

    def draw(self, cells: list[Drawn]) -> None:
        """Each ``(x, y, pen, colour, text)`` drawn by fpdf2's ``text`` in the pen's font and
        that colour."""
        for x, y, pen, colour, text in cells:
            self.font(pen.size, pen.bold, colour)
            self.text(x, y, text)

    def add_page(self, *args: object, **kwargs: object) -> None:
        super().add_page(*args, **kwargs)  # type: ignore[arg-type]
        self._font_state = None
        self._color_state = None

    def width(self, text: str) -> float:
        """The width of ``text`` in the current font (fpdf2's ``get_string_width``)."""
        key = (self._font_state, text)
        total = self._widths.get(key)
        if total is None:
            total = self._widths[key] = self.get_string_width(text)
        return total

    def wrap(self, text: str, width: float) -> list[str]:
        """``text`` broken into lines of at most ``width`` in the current font, at spaces
        (a word longer than a line is broken where it must); the lines of a text wrapped
        before in the same font and width are those (a sheet repeats many breakdown lines:
        the list is not to be changed)."""
        key = (self._font_state, width, text)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = self._wrap(text, width)
        return lines

    def _wrap(self, text: str, width: float) -> list[str]:
        space = self.width(" ")
        lines: list[str] = []
        line: list[str] = []
        used = 0.0
        for word in text.split():
            size = self.width(word)
            while size > width:  # a word longer than a whole line
                if line:
                    lines.append(" ".join(line))
                    line, used = [], 0.0
                cut = len(word)
                while cut > 1 and self.width(word[:cut]) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
                size = self.width(word)
            if line and used + space + size > width:
                lines.append(" ".join(line))
                line, used = [], 0.0
            used += (space if line else 0.0) + size
            line.append(word)
        if line or not lines:
            lines.append(" ".join(line))
        return lines

    def fit(self, text: str, width: float) -> str:
        """``text`` shortened with an ellipsis to fit ``width`` in the current font."""
        text = self.t(text)
        if self.width(text) <= width:
            return text
        while text and self.width(text + self.ellipsis) > width:
            text = text[:-1]
        return text.rstrip() + self.ellipsis

    def footer(self) -> None:
        """The footer, drawn by fpdf2 at the end of each page: the title on the left, the
        page and the number of pages (at fpdf2's alias) on the right."""
        self.set_y(-MARGIN + 2)
        self.font(7, color=MUTED)
        self.cell(0, 4, self.footer_text, align="L")
        self.set_x(self.l_margin)
        self.cell(0, 4, self.page_line(self.page_no(), self.pages_alias), align="R")

    def page_line(self, page: int, pages: object) -> str:
        """``cardscore 0.1.0 · page 5/944``, the right of the footer."""
        text = tr(
            msg(
                "cardscore {version} · page {page}/{pages}",
                version=__version__,
                page=page,
                pages=pages,
            )
        )
        return text if self.unicode else latin1(text.replace(" · ", " - "))

    def heading(self, text: str, room: float = 30) -> None:
        """A section heading, on a new page unless ``room`` mm are left under it."""
        if self.get_y() + 10 + room > self.page_break_trigger:
            self.add_page()
        self.ln(3)
        self.font(12, bold=True)
        self.cell(0, 7, self.t(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_draw_color(*INK)
        self.set_line_width(0.5)
        self.line(self.l_margin, self.get_y(), self.w - self.r_margin, self.get_y())
        self.ln(2)


def render(doc: Doc) -> bytes:
    pdf = Sheet(doc)
    pdf.add_page()
    title_block(pdf, doc)
    summary(pdf, doc)
    pdf.heading(_("Running totals"), room=95)
    chart.draw_pdf(pdf, chart.running_totals(doc), pdf.l_margin, pdf.get_y() + 1, pdf.epw)
    pdf.heading(tr(msg("Rule set {rules}", rules=common.preset_word(doc["rules"]))), room=25)
    params_table(pdf, doc)
    pdf.heading(_("Rounds"), room=30)
    rounds_table(pdf, doc)
    details(pdf, doc)
    return bytes(pdf.output())


def title_block(pdf: Sheet, doc: Doc) -> None:
    pdf.font(18, bold=True)
    pdf.multi_cell(0, 8, pdf.t(common.title(doc)), align="L", new_x=XPos.LMARGIN)
    meta = common.meta_items(doc)
    pdf.font(9, color=MUTED)
    pdf.multi_cell(0, 5, pdf.t(" · " if pdf.unicode else " - ").join(pdf.t(m) for m in meta),
                   align="L", new_x=XPos.LMARGIN)  # fmt: skip
    pdf.ln(2)


def summary(pdf: Sheet, doc: Doc) -> None:
    """The outcome and ranking (left) beside the players or teams (right)."""
    top = pdf.get_y()
    left_width = pdf.epw * 0.55
    pdf.font(13, bold=True, color=ACCENT)
    pdf.multi_cell(left_width, 6.5, pdf.t(common.outcome(doc)), align="L", new_x=XPos.LMARGIN)
    pdf.ln(1.5)
    pdf.font(9, bold=True)
    kind = pdf.t(common.kind_heading(doc))
    place_w, total_w = 9.0, 20.0
    name_w = min(left_width - place_w - total_w, 80)
    header = common.ranking_heading(doc)
    pdf.cell(0, 5, pdf.t(header), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_draw_color(*RULE)
    pdf.set_line_width(0.2)
    pdf.font(8.5, bold=True, color=MUTED)
    pdf.cell(place_w, 5, "#", border="B", align="R")
    pdf.cell(name_w, 5, kind, border="B")
    pdf.cell(total_w, 5, pdf.t(_("Total")), border="B", align="R",
             new_x=XPos.LMARGIN, new_y=YPos.NEXT)  # fmt: skip
    for place, column, total in common.ranking(doc):
        pdf.font(9, bold=place == 1 and bool(doc["rounds"]))
        pdf.cell(place_w, 5.2, pdf.t(common.place_text(place)), border="B", align="R")
        pdf.cell(name_w, 5.2, pdf.fit(common.label(doc, column), name_w - 2), border="B")
        pdf.cell(total_w, 5.2, str(total), border="B", align="R",
                 new_x=XPos.LMARGIN, new_y=YPos.NEXT)  # fmt: skip
    if held := common.held_line(doc):
        pdf.ln(1)
        pdf.font(8.5, color=MUTED)
        pdf.multi_cell(left_width, 4.5, pdf.t(held), align="L", new_x=XPos.LMARGIN)
    bottom = pdf.get_y()
    right = pdf.l_margin + left_width + 10
    width = pdf.epw - left_width - 10
    pdf.set_xy(right, top)
    pdf.font(11, bold=True)
    pdf.cell(width, 6.5, pdf.t(common.seats_heading(doc)), new_x=XPos.LEFT, new_y=YPos.NEXT)
    for column, members in common.seats(doc):
        pdf.set_x(right)
        if members:
            pdf.font(9.5, bold=True)
            pdf.multi_cell(width, 5, pdf.t(column), align="L", new_x=XPos.LEFT)
            pdf.set_x(right + 4)
            pdf.font(9)
            pdf.multi_cell(width - 4, 4.6, pdf.t(", ".join(members)), align="L",
                           new_x=XPos.LEFT)  # fmt: skip
        else:
            pdf.font(9.5)
            name = common.label(doc, column)
            pdf.multi_cell(width, 5, pdf.t(f"• {name}" if pdf.unicode else f"- {name}"),
                           align="L", new_x=XPos.LEFT)  # fmt: skip
    pdf.set_xy(pdf.l_margin, max(bottom, pdf.get_y()) + 2)


def params_table(pdf: Sheet, doc: Doc) -> None:
    """The rule set, a row a parameter: its label, its value, what it means (the label and
    the meaning wrapped in their columns, on the same lines)."""
    rows = common.parameters(doc)
    pdf.font(8)
    widest = max((pdf.width(pdf.t(value)) for _, value, _ in rows), default=0)
    key_w, value_w = 46.0, min(max(14.0, widest + 3), 48.0)  # a value as worded (500 (…))
    meaning_w = pdf.epw - key_w - value_w
    pdf.set_draw_color(*RULE)
    pdf.set_line_width(0.2)
    for label, value, meaning in rows:
        pdf.font(7.5, color=MUTED)
        lines = pdf.wrap(pdf.t(meaning), meaning_w - 2)
        pdf.font(8)
        named = pdf.wrap(pdf.t(label), key_w - 2)
        height = max(len(lines), len(named)) * PARAM_LINE + 1.2
        if pdf.get_y() + height > pdf.page_break_trigger:
            pdf.add_page()
        y = pdf.get_y()
        for index, line in enumerate(named):
            pdf.set_xy(pdf.l_margin, y + 0.6 + index * PARAM_LINE)
            pdf.cell(key_w - 2, PARAM_LINE, line)
        pdf.set_xy(pdf.l_margin + key_w, y)
        pdf.cell(value_w, 4.8, pdf.fit(value, value_w - 2), align="R")
        pdf.font(7.5, color=MUTED)
        for index, line in enumerate(lines):
            pdf.set_xy(pdf.l_margin + key_w + value_w + 2, y + 0.6 + index * PARAM_LINE)
            pdf.cell(meaning_w - 2, PARAM_LINE, line)
        pdf.line(pdf.l_margin, y + height, pdf.w - pdf.r_margin, y + height)
        pdf.set_xy(pdf.l_margin, y + height)


#: the height of a line of the rule set's table (mm)
PARAM_LINE = 3.6


# --------------------------------------------------------------------------------------------
# The rounds table


class _Layout:
    """The widths of the rounds table's columns, from the page width and the numbers."""

    def __init__(self, pdf: Sheet, table: rows.RoundsTable) -> None:
        self.names = list(table.columns)
        self.mort = table.mort_column
        self.dealer_heading = table.dealer_heading  # each page's (once: every round)
        self.held = table.has_held
        rounds = table.rows
        pdf.font(8)
        # a corrected round (✎) or one recorded after the end (†): the marks after its number
        self.marks_w = (
            max(pdf.get_string_width(pdf.t(row.marks)) for row in rounds)
            if table.marks_width
            else 0
        )
        self.number_w = pdf.get_string_width(str(len(rounds) or 1)) + self.marks_w + 4
        people = table.people or [_("Dealer")]
        person_w = max(pdf.get_string_width(pdf.t(p)) for p in people) + 3
        self.dealer_w = min(max(person_w, 18), 28)
        self.mort_w = self.dealer_w if self.mort else 0
        # as wide as its heading (drawn in bold: about a tenth wider than measured here)
        self.held_label = pdf.t(_("Held"))
        held_w = max(12.0, pdf.get_string_width(self.held_label) * 1.1 + 2)
        self.held_w = held_w if self.held else 0
        # what was played (``Bob garde (Dan) 2b 49, poignée simple Ann``): as wide as its
        # longest, up to PLAYED_MAX, else at least as wide as every round's on two lines
        self.has_played = table.has_played
        self.under = False  # what was played on lines of its own under each round's row
        self.played_w = 0.0
        two_lines = 0.0
        if table.has_played:
            heading = pdf.get_string_width(pdf.t(_("Played"))) * 1.1
            said = {pdf.t(row.played) for row in rounds}
            longest = max(pdf.width(text) for text in said)
            self.played_w = min(max(heading, longest) + 3, PLAYED_MAX)
            two_lines = max(heading, max(_split_width(pdf, text) for text in said)) + 3
        fixed = self.number_w + self.dealer_w + self.mort_w + self.held_w
        count = max(1, len(self.names))
        # a column's two numbers: as wide as the widest score and total, a gap between them
        # and between a total and the next column's score (never "-870-1220")
        cells = [score for row in rounds for score in row.scores if score is not None]
        scores = [score.points for score in cells] or [0]
        totals = [score.total for score in cells]
        totals += table.totals
        self.points_w = (
            max(pdf.width(signed(max(scores))), pdf.width(signed(min(scores)))) + NUMBER_GAP
        )
        pdf.font(8.5, bold=True)  # a total in bold, at the Total row's size
        widest = max((max(totals, default=0), min(totals, default=0)), key=lambda v: len(str(v)))
        self.numbers_w = self.points_w + pdf.width(str(widest)) + NUMBER_GAP + 0.4
        pdf.font(8)
        if self.played_w:
            # the numbers first, never squeezed; roomy columns when there is room for both
            roomy = pdf.epw - fixed - max(COLUMN_MIN, self.numbers_w) * count
            room = pdf.epw - fixed - self.numbers_w * count
            if roomy >= two_lines:
                self.played_w = max(min(self.played_w, roomy), two_lines)
            elif room >= two_lines:
                self.played_w = two_lines
            else:  # no room for a column: a line under each round, across the table
                self.played_w, self.under = 0.0, True
        rest = pdf.epw - fixed - self.played_w
        self.column_w = min(rest / count, 34.0)
        self.width = fixed + self.played_w + self.column_w * len(self.names)
        # the score takes what its widest needs, and a share of what is left
        spare = max(0.0, self.column_w - self.numbers_w)
        self.pts_w = max(self.points_w, min(self.points_w + spare * 0.45, self.column_w * 0.6))
        self.total_w = self.column_w - self.pts_w
        self.row_h = 4.6  # a row of one line (what was played may take more: height)

    def played_lines(self, pdf: Sheet, text: str) -> list[str]:
        """What was played, on as many lines of the Played column as it needs (or of the
        table's width, under the row): never cut."""
        if self.under:
            return pdf.wrap(pdf.t(text), self.width - self.number_w - 3) or [""]
        return pdf.wrap(pdf.t(text), self.played_w - 2.5) or [""]

    def height(self, lines: int) -> float:
        """The height of a row whose Played cell takes ``lines`` lines."""
        if self.under:
            return self.row_h + PLAYED_LINE * lines + 0.4
        return self.row_h if lines <= 1 else 0.6 + PLAYED_LINE * lines

    def name_lines(self, pdf: Sheet, name: str) -> list[str]:
        """A column's name on at most two lines of its width, broken at spaces and after
        hyphens (a word too long for the width is cut with an ellipsis)."""
        width = self.column_w - 1.5
        words = [w for w in re.split(r"\s+|(?<=-)", pdf.t(name).strip()) if w]
        lines: list[str] = []
        for word in words:
            if lines:
                joined = lines[-1] + ("" if lines[-1].endswith("-") else " ") + word
                if pdf.get_string_width(joined) <= width or len(lines) == 2:
                    lines[-1] = joined
                    continue
            lines.append(word)
        return [pdf.fit(line, width) for line in lines] or [""]


def rounds_table(pdf: Sheet, doc: Doc) -> None:
    table = rows.of_sheet(doc)
    if not table.rows:
        pdf.font(9)
        pdf.cell(0, 6, pdf.t(_("No round played yet.")), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        return
    layout = _Layout(pdf, table)
    place = _Places(pdf, layout)
    y = _page_top(pdf, layout, ZEBRA, first=True)
    late = False  # past the round that ended the game
    last = len(table.rows) - 1
    for index, row in enumerate(table.rows):
        ended_here = row.ends_before and table.ended is not None
        said = place.played(row)
        height = layout.height(len(said))
        room = height + (2 * layout.row_h if ended_here else 0) + 5 * len(row.changes)
        if index == last:  # the last round, the totals and the legend together
            room += 5 * len(table.then) + (_under_room(layout, table) if table.legend else 0)
        if y + room > pdf.page_break_trigger:
            y = _page_top(pdf, layout, LATE if late else ZEBRA)
        for change in row.changes:
            y = band(pdf, layout, y, change.line, "change", LATE if late else ZEBRA)
        if ended_here:
            y = band(pdf, layout, y, rows.ended_line(table.ended), "ended", LATE)
            late = True
        if index % 2 or late:
            pdf.rect(pdf.l_margin, y, layout.width, height, style="F")
        pdf.line(pdf.l_margin, y + height, pdf.l_margin + layout.width, y + height)
        numbers = layout.row_h if layout.under else height  # the numbers' line, centred
        pdf.draw(place.row(row, y + numbers / 2 + 1.0, said))
        y += height
    for change in table.then:  # the table of the next round, under the last
        y = band(pdf, layout, y, change.line, "change", LATE if late else ZEBRA)
    pdf.set_xy(pdf.l_margin, y)
    if pdf.get_y() + _under_room(layout, table) > pdf.page_break_trigger:
        pdf.add_page()
        table_head(pdf, layout)
    _totals_row(pdf, table, layout, place)
    _notes(pdf, table)


def _page_top(pdf: Sheet, layout: _Layout, fill: Colour, first: bool = False) -> float:
    """The table's heading, on a new page unless ``first``; the rows' pen and ``fill``
    set; the ``y`` under the heading."""
    if not first:
        pdf.add_page()
    table_head(pdf, layout)
    pdf.set_line_width(0.15)
    pdf.set_draw_color(*RULE)
    pdf.set_fill_color(*fill)
    return pdf.get_y()


def _under_room(layout: _Layout, table: rows.RoundsTable) -> float:
    """The room the totals row and the legend take under the rounds."""
    return layout.row_h + 2 + 4 * len(table.legend)


def _totals_row(pdf: Sheet, table: rows.RoundsTable, layout: _Layout, place: _Places) -> None:
    """Each total right under its column's totals (drawn where the rows draw them)."""
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.4)
    pdf.font(8.5, bold=True)
    y, h = pdf.get_y(), layout.row_h
    pdf.line(pdf.l_margin, y, pdf.l_margin + layout.width, y)
    base = y + (h + 0.6) / 2 + 1.1
    pdf.text(pdf.l_margin + 1, base, pdf.t(_("Total")))
    for i, total in enumerate(table.totals):
        text = str(total)
        pdf.text(place.total_right[i] - pdf.width(text), base, text)
    if layout.held and table.held:
        text = str(table.held)
        pdf.text(place.held_right - pdf.width(text), base, text)
    pdf.set_xy(pdf.l_margin, y + h + 0.6)
    pdf.ln(1.5)


def _notes(pdf: Sheet, table: rows.RoundsTable) -> None:
    """Under the table: who the mort is, what the marks of the rounds mean."""
    if table.has_mort:
        pdf.font(7.5, color=MUTED)
        pdf.cell(0, 4, pdf.t(_("At 6 players the dealer sits out the round: the mort.")),
                 new_x=XPos.LMARGIN, new_y=YPos.NEXT)  # fmt: skip
    for line in table.legend:
        pdf.font(7.5, color=MUTED)
        pdf.multi_cell(0, 4, pdf.t(line), align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _split_width(pdf: Sheet, text: str) -> float:
    """The narrowest width that holds ``text`` on two lines broken at a space (the width
    of the longer line), in the current font: what wraps it on two lines at most (the
    first line takes as many words as fit, the rest fits the second)."""
    words = text.split()
    if len(words) < PLAYED_LINES:
        return pdf.width(text)
    return min(
        max(pdf.width(" ".join(words[:cut])), pdf.width(" ".join(words[cut:])))
        for cut in range(1, len(words))
    )


class _Places:
    """Where a round's texts go: each cell's text is drawn at a computed position
    (:meth:`Sheet.draw`), the columns right-aligned by their widths, which ``cell()`` would
    work out again for each."""

    def __init__(self, pdf: Sheet, layout: _Layout) -> None:
        self.pdf, self.layout = pdf, layout
        self.regular, self.bold = Pen(8, False), Pen(8, True)
        left = pdf.l_margin
        count = range(len(layout.names))
        self.number_right = left + layout.number_w - 1 - layout.marks_w
        self.dealer_left = left + layout.number_w + 1
        self.mort_left = self.dealer_left + layout.dealer_w
        first = left + layout.number_w + layout.dealer_w + layout.mort_w
        self.pts_right = [first + i * layout.column_w + layout.pts_w - 1 for i in count]
        self.total_right = [first + (i + 1) * layout.column_w - 1.2 for i in count]
        right = left + layout.width
        self.held_right = right - layout.played_w - 1
        # the last column, or under the row from the Dealer column on
        self.played_left = self.dealer_left if layout.under else right - layout.played_w + 1.5
        self.fitted: dict[tuple[str, float], str] = {}  # a name, as drawn in its width
        self.said: dict[str, list[str]] = {}  # what was played, as drawn (rounds repeat it)

    def fit(self, name: str, width: float) -> str:
        if (name, width) not in self.fitted:
            self.pdf.font(8)
            self.fitted[name, width] = self.pdf.fit(name, width - 1.5)
        return self.fitted[name, width]

    def played(self, row: rows.Row) -> list[str]:
        """What was played in ``row``, as its lines are drawn (rounds repeat it)."""
        if not self.layout.has_played:
            return []
        said = self.said.get(row.played)
        if said is None:
            self.pdf.font(8)
            said = self.said[row.played] = self.layout.played_lines(self.pdf, row.played)
        return said

    def row(self, row: rows.Row, base: float, said: Sequence[str]) -> list[Drawn]:
        """The texts of ``row`` on the line ``base``, what was played on the lines ``said``
        about it: ``(x, y, pen, colour, text)``, in the order they read (a reader copying
        the row gets them so)."""
        pdf, layout, regular, bold = self.pdf, self.layout, self.regular, self.bold
        measure = pdf.measure
        text = str(row.number)
        cells = [(self.number_right - measure(text, regular), base, regular, MUTED, text)]
        if layout.marks_w and row.marks:
            cells.append((self.number_right + 0.3, base, bold, ACCENT, pdf.t(row.marks)))
        dealer = self.fit(row.dealer, layout.dealer_w - 1)
        cells.append((self.dealer_left, base, regular, INK, dealer))
        if layout.mort:
            mort = self.fit(row.mort or "", layout.mort_w - 1)
            cells.append((self.mort_left, base, regular, INK, mort))
        for i, score in enumerate(row.scores):
            if score is None:  # not at the table that round: blank
                continue
            text = score.signed
            colour = PLUS if score.points > 0 else MINUS if score.points < 0 else MUTED
            cells.append((self.pts_right[i] - measure(text, regular), base, regular, colour, text))
            text = str(score.total)
            cells.append((self.total_right[i] - measure(text, bold), base, bold, INK, text))
        if layout.held and row.held:
            text = str(row.held)
            cells.append((self.held_right - measure(text, regular), base, regular, INK, text))
        if layout.under:  # on lines of their own under the numbers, set apart by their ink
            for number, line in enumerate(said):
                y = base + layout.row_h / 2 - 2.0 + (number + 1) * PLAYED_LINE
                cells.append((self.played_left, y, regular, MUTED, line))
            return cells
        middle = (len(said) - 1) / 2  # what was played, the last column: about the numbers' line
        for number, line in enumerate(said):
            y = base + (number - middle) * PLAYED_LINE
            cells.append((self.played_left, y, regular, INK, line))
        return cells


#: The bands across the rounds table, where the table changed and where the game ended:
#: their ink and fill, the height their lines add, their first baseline, their rule's dash.
_BANDS = {
    "change": (ACCENT, CHANGE, 1.2, 3.4, ()),
    "ended": (LATE_INK, LATE, 1.6, 3.6, (1.2, 0.8)),
}


def band(pdf: Sheet, layout: _Layout, y: float, line: str, kind: str, fill: Colour) -> float:
    """A band across the rounds table (``kind``): where the table changed (``from round
    12: Zoé replaces Dan``), or where the game ended (the rounds under it were recorded
    after the end); the ``y`` under it.  The rows' ``fill`` colour given back."""
    ink, colour, extra, first, dash = _BANDS[kind]
    pdf.font(8, bold=True, color=ink)
    lines = pdf.wrap(pdf.t(line), layout.width - 3)
    height = len(lines) * 4 + extra
    pdf.set_fill_color(*colour)
    pdf.rect(pdf.l_margin, y, layout.width, height, style="F")
    pdf.set_draw_color(*ink)
    pdf.set_line_width(0.3)
    pdf.set_dash_pattern(*dash)
    pdf.line(pdf.l_margin, y, pdf.l_margin + layout.width, y)
    pdf.set_dash_pattern()
    for number, text in enumerate(lines):
        pdf.text(pdf.l_margin + 1.5, y + first + number * 4, text)
    pdf.set_line_width(0.15)
    pdf.set_draw_color(*RULE)
    pdf.set_fill_color(*fill)
    return y + height


def table_head(pdf: Sheet, layout: _Layout) -> None:
    """The table's heading rows (drawn again at the top of every page): each column's name,
    on up to two lines, above its ``pts`` and ``total``."""
    x0, y0 = pdf.l_margin, pdf.get_y()
    line_h, sub_h = 3.6, 4.4
    head, sub = Pen(8, True), Pen(7.5, False)
    pdf.font(8, bold=True)
    labels = [layout.name_lines(pdf, name) for name in layout.names]
    name_h = max(len(lines) for lines in labels) * line_h + 1.2
    height = name_h + sub_h
    # Each text where fpdf2's cell(width, height, text, align) at (x, y) would put it, all
    # drawn at once: the heading is drawn again on every page of a long sheet.
    cells: list[Drawn] = []

    def cell(x: float, y: float, w: float, h: float, text: str, align: str = "L") -> None:
        pen = head if y < y0 + name_h else sub
        width = pdf.measure(text, pen)
        if align == "R":
            x += w - pdf.c_margin - width
        elif align == "C":
            x += (w - width) / 2
        else:
            x += pdf.c_margin
        base = y + 0.5 * h + 0.3 * pen.size / pdf.k
        cells.append((x, base, pen, INK if pen is head else MUTED, text))

    cell(x0, y0, layout.number_w, height, "#", "R")
    x = x0 + layout.number_w
    dealer = " " + pdf.t(layout.dealer_heading)
    # A heading wider than its column would run into the next column's heading: it is
    # drawn on two lines.
    words = dealer.split()
    if pdf.measure(dealer, head) > layout.dealer_w and len(words) > 1:
        middle = y0 + height / 2
        cell(x, middle - line_h, layout.dealer_w, line_h, " " + " ".join(words[:-1]))
        cell(x, middle, layout.dealer_w, line_h, " " + words[-1])
    else:
        cell(x, y0, layout.dealer_w, height, dealer)
    x += layout.dealer_w
    if layout.mort:
        cell(x, y0, layout.mort_w, height, pdf.t(_("Mort")))
        x += layout.mort_w
    left = x
    pdf.set_draw_color(*RULE)
    pdf.set_line_width(0.2)
    for lines in labels:
        top = y0 + name_h - 0.6 - len(lines) * line_h
        for number, line in enumerate(lines):
            cell(x, top + number * line_h, layout.column_w, line_h, line, "C")
        pdf.line(x + 0.8, y0 + name_h, x + layout.column_w - 0.8, y0 + name_h)
        x += layout.column_w
    if layout.held:
        cell(x, y0, layout.held_w, height, layout.held_label, "R")
        x += layout.held_w
    if layout.played_w:
        cell(x, y0, layout.played_w, height, "  " + pdf.t(_("Played")))
    pts, total = pdf.t(_("pts")), pdf.t(_("total")) + " "
    x = left
    for _name in layout.names:
        cell(x, y0 + name_h, layout.pts_w, sub_h, pts, "R")
        cell(x + layout.pts_w, y0 + name_h, layout.total_w, sub_h, total, "R")
        x += layout.column_w
    pdf.draw(cells)
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.4)
    pdf.line(x0, y0 + height, x0 + layout.width, y0 + height)
    pdf.set_xy(x0, y0 + height)


# --------------------------------------------------------------------------------------------
# How each round was scored


def details(pdf: Sheet, doc: Doc) -> None:
    if not doc["rounds"]:
        return
    width = pdf.epw - 4
    line_h = 3.5
    pdf.font(7.5)
    first = doc["rounds"][0]["breakdown"]
    pdf.heading(
        _("How each round was scored"),
        room=6 + line_h * sum(len(pdf.wrap(pdf.t(tr(line)), width)) for line in first),
    )
    bold, regular = Pen(8, True), Pen(7.5, False)
    left = pdf.l_margin + pdf.c_margin
    for row in doc["rounds"]:
        head = common.round_heading(row)
        if not pdf.unicode:
            head = head.replace(" · ", " - ")
        pdf.font(7.5)
        lines = [part for line in row["breakdown"] for part in pdf.wrap(pdf.t(tr(line)), width)]
        y = pdf.get_y()
        if y + 4.4 + len(lines) * line_h > pdf.page_break_trigger:
            pdf.add_page()
            y = pdf.get_y()
        pdf.font(8, bold=True)
        cells = [(left, y + 3.2, bold, INK, pdf.fit(head, pdf.epw))]
        y += 4.4
        for line in lines:
            cells.append((left + 4, y + 2.6, regular, INK, line))
            y += line_h
        pdf.draw(cells)
        pdf.set_xy(pdf.l_margin, y + 1.2)
