"""``print --format csv``: one row per round, for a spreadsheet.

* Encoding: UTF-8 **with a byte-order mark** (the file starts with U+FEFF), on standard output
  as in a file: without it Excel reads the file as the local code page and garbles accents
  (``Zoé`` → ``ZoÃ©``).  LibreOffice, Google Sheets and Python's ``csv`` module (open with
  ``encoding="utf-8-sig"``) read it as well.
* Comma-separated in English, semicolon-separated in French and Norwegian (what Excel and
  LibreOffice expect where the decimal mark is a comma: a double-clicked file opens in
  columns); ``--csv-separator`` chooses (``,`` ``;`` or ``tab``).  Quoted by the ``csv``
  module where needed, lines ended by CRLF (RFC 4180).  Every number is an integer (the
  scores, the totals, the points held), so no decimal mark is ever written.
* A header row: ``Round, Dealer[ (mort)], <column>, <column> total, …[, Held], Played``.
  ``Played`` says what was played in a few words (``Bob garde (Dan) 2b 49``, ``Sud 100 ♥
  coinché, 98``, ``Ann out``).  The dealer's column is headed ``Dealer (mort)`` at 6-player
  tarot, where the dealer sits the round out, as in every format; ``Held`` (litige points
  held after the round) is there in belote and coinche only.  Scores are plain integers
  (``-106``), so the spreadsheet reads numbers.
  When rounds were corrected, an ``Edited`` column holds the time of each one's last
  correction (ISO 8601, empty for the others); when rounds were recorded after the game's
  end (a correction ended it earlier), an ``After the end`` column says ``yes`` for them.
* When the table changed (a player replaced, one who joined or left, a new target), a
  ``Table change`` column says it in the row of the first round the new table played
  (``Zoé replaces Dan``; two changes before one round joined by ``; ``); a change made after
  the last round is said in the totals row (``from round 11: Bob leaves``).  A column, not a
  row between the rounds: every row stays a round, so that the sheet can be sorted,
  filtered and charted.  A player's cells are empty in the rounds he did not play (before
  he joined, after he left), as a spreadsheet expects of a missing value.
* Then one row per round, then a final **totals row**: ``Total`` in the Round column, each
  column's total in its ``total`` column (its score cell empty), the points still held.
  When the game ended with points held (a litige in the last round), a last row says, in its
  first cell, that nobody was awarded them.
* A name that a spreadsheet would read as a formula (starting with ``= + - @``) is written
  with a leading apostrophe, as spreadsheets themselves do.
* The headings are in the current language (``Donne, Donneur, …, Ann, Total Ann`` in
  French); the numbers are plain integers in every language.
"""

from __future__ import annotations

import csv
import io

from cardscore import rows
from cardscore.export import common
from cardscore.export.common import Doc
from cardscore.i18n import _, language

# The costly round parts this sheet writes (cardscore.document.ROUND_EXTRAS): none (no
# breakdown, no terms); the sheet is built without them.
ROUND_EXTRAS: tuple[str, ...] = ()
BOM = "\ufeff"


def cell_text(text: str) -> str:
    """A user's text, never taken for a formula by a spreadsheet.

    >>> cell_text("=1+1"), cell_text("Zoé")
    ("'=1+1", 'Zoé')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def separator_of_language() -> str:
    """The separator a spreadsheet expects in the user's language: ``;`` where the decimal
    mark is a comma (French, Norwegian), else ``,``."""
    return ";" if language() in ("fr", "nb") else ","


def render(doc: Doc, separator: str | None = None) -> str:
    """The sheet as CSV, its cells separated by ``separator`` (default: the language's,
    :func:`separator_of_language`)."""
    if separator is None:
        separator = separator_of_language()
    table = rows.of_sheet(doc)
    before, after = table.before, _after(doc, table)
    head: list[object] = [_("Round"), table.dealer_heading, *(c.heading for c in before)]
    for name in table.columns:
        head += [cell_text(name), cell_text(common.total_heading(name))]
    head += [column.heading for column in after]
    lines = [head]
    for row in table.rows:
        cells: list[object] = [row.number, cell_text(row.dealer)]
        cells += [_cell(column, column.cell(row)) for column in before]
        for score in row.scores:
            # not at the table that round: no value
            cells += ["", ""] if score is None else [score.points, score.total]
        cells += [_cell(column, column.cell(row)) for column in after]
        lines.append(cells)
    last: list[object] = [_("Total"), "", *(_cell(c, c.total) for c in before)]
    for total in table.totals:
        last += ["", total]
    last += [_cell(column, column.total) for column in after]
    lines.append(last)
    if common.unawarded(doc):
        lines.append([common.held_line(doc)])
    buffer = io.StringIO()
    buffer.write(BOM)
    csv.writer(buffer, delimiter=separator, lineterminator="\r\n").writerows(lines)
    return buffer.getvalue()


def _after(doc: Doc, table: rows.RoundsTable) -> tuple[rows.Column, ...]:
    """The columns after the scores: the sheet's (:attr:`~cardscore.rows.RoundsTable.after`),
    a Held column in every sheet of a game that holds points (a spreadsheet's columns the
    same from one session to the next), then the record's (when corrected, …)."""
    after = table.after
    if common.game_of(doc).holds_points and not table.has_held:
        after = (table.held_column(), *after)
    return (*after, *table.record)


def _cell(column: rows.Column, value: object) -> object:
    """A cell: a number as it is (``0`` too), a text never taken for a formula."""
    return value if column.numeric else cell_text(column.text(value))
