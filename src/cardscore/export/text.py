"""``print --format txt``: the scoresheet as plain text that fits 80 columns.

Title, game and rule set, players or teams, one line per round (number, dealer, and for each
column the round's score then the running total), the totals, the ranking, held points and
the winner.  Built line by line in time linear in the rounds (no Rich).

When the columns do not fit 80 characters, long names are shortened in the headings (the
``Players:`` line keeps them whole), then the gaps narrowed, then the table is wrapped: it is
printed in several parts, each with the round number and dealer and some of the columns.

The rounds are laid out from :mod:`cardscore.rows` (marks, table changes, the game's end).

Every heading is in the current language; the widths follow the headings, so that a longer
French heading (``Donneur``, ``En réserve``) still lines up and fits.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardscore import rows
from cardscore.export import common
from cardscore.export.common import Doc, truncate, unique_labels
from cardscore.i18n import _, msg, tr
from cardscore.rows import RoundsTable

# The costly round parts this sheet writes (cardscore.document.ROUND_EXTRAS): none (no
# breakdown, no terms); the sheet is built without them.
ROUND_EXTRAS: tuple[str, ...] = ()
WIDTH = 80
LABEL_MAX = 12  # a heading longer than its numbers is cut to this many characters
DEALER_MAX = 10
#: What was played (``Bob garde (Dan) 2b 49``) beside the numbers: at most this wide, on
#: more lines when longer (never cut); in a part of its own, as wide as the page allows,
#: and never narrower than PLAYED_MIN.
PLAYED_MAX = 32
PLAYED_MIN = 16


def render(doc: Doc, width: int = WIDTH) -> str:
    lines = header(doc, width)
    lines.append("")
    lines.extend(rounds_table(doc, width))
    lines.append("")
    lines.extend(results(doc, width))
    return "\n".join(lines) + "\n"


def header(doc: Doc, width: int = WIDTH) -> list[str]:
    title = common.title(doc)
    lines = textwrap.wrap(title, width) or [""]
    lines.append("=" * min(width, max(len(line) for line in lines)))
    if doc["created"]:
        info = msg(
            "{game} — session {id} — {date}",
            game=common.game_line(doc),
            id=doc["id"],
            date=common.date_text(doc["created"]),
        )
    else:
        info = msg("{game} — session {id}", game=common.game_line(doc), id=doc["id"])
    lines.extend(textwrap.wrap(tr(info), width))
    names = [*doc["players"], *doc["teams"], *common.seat_names(doc)]
    lines.extend(_wrapped(common.seats_line(doc), width, names, indent="  "))
    lines.extend(
        textwrap.wrap(
            tr(msg("Rules: {rules}", rules=common.parameters_line(doc))),
            width,
            subsequent_indent="  ",
            break_on_hyphens=False,
        )
    )
    return lines


class _Column:
    """One score column of the table: its heading and the widths of its two numbers."""

    def __init__(self, index: int, table: RoundsTable, pts: str, total: str) -> None:
        cells = [s for row in table.rows if (s := row.scores[index]) is not None]
        self.index = index
        self.name = table.columns[index]
        self.score_width = max([3, len(pts), *(len(s.signed) for s in cells)])
        totals = [*(len(str(s.total)) for s in cells), len(str(table.totals[index]))]
        self.total_width = max([5, len(total), *totals])
        self.numbers = self.score_width + 1 + self.total_width
        self.label = self.name

    @property
    def width(self) -> int:
        return max(self.numbers, len(self.label))


def rounds_table(doc: Doc, width: int = WIDTH) -> list[str]:
    """The rounds, in one table or in several parts of the columns when too wide."""
    table = rows.of_sheet(doc)
    if not table.rows:
        return [_("No round played yet.")]
    plan = _Plan(table, width)
    lines: list[str] = []
    for index, part in enumerate(plan.parts, start=1):
        if len(plan.parts) > 1:
            if index > 1:
                lines.append("")
            lines.append(_part_heading(part, len(plan.columns)))
        lines.extend(_table(table, plan.layout(part), plan.labels, width))
    if table.has_mort:
        note = _("At 6 players the dealer of each round sits it out: the mort.")
        lines.extend(textwrap.wrap(note, width))
    for line in table.legend:
        lines.extend(textwrap.wrap(line, width, subsequent_indent="  "))
    return lines


class _Plan:
    """How the rounds table fits ``width``: the widths and headings of its columns, the gap
    between them, its parts (several when it is too wide), where what was played goes."""

    def __init__(self, table: RoundsTable, width: int) -> None:
        self.labels = labels = _Labels(table)
        names = list(table.columns)
        self.columns = [_Column(i, table, labels.pts, labels.total) for i in range(len(names))]
        for column, label in zip(self.columns, unique_labels(names, LABEL_MAX), strict=True):
            column.label = label
        self.width, self.gap = width, 2
        self.digits = max(2, len(str(table.rows[-1].number)))
        self.marks = table.marks_width  # a corrected round (✎), one recorded after the end (†)
        # the Dealer column: as wide as its heading and its Total, else as the names (up to 10)
        heading = max(len(labels.dealer), len(labels.sum))
        self.dealer = min(max(DEALER_MAX, heading), max([6, heading, *map(len, table.people)]))
        held = [4, len(labels.held), *(len(str(row.held)) for row in table.rows)]
        self.held = max(held) if table.has_held else 0
        # what was played: the last column when the table fits with it, else a part of its own
        self.longest_played = max(len(labels.played), *(len(row.played) for row in table.rows))
        self.played = min(PLAYED_MAX, self.longest_played) if table.has_played else 0
        self.prefix = self.digits + self.marks + 2 + self.dealer
        if self.wide(self.columns):  # shorten the headings to their numbers' width
            short = unique_labels(names, min(c.numbers for c in self.columns))
            for column, label in zip(self.columns, short, strict=True):
                column.label = label
        if self.wide(self.columns) and not self.wide(self.columns, 1):
            self.gap = 1  # narrower gaps rather than a wrapped table; a wrapped one keeps its gaps
        self.parts = self._parts()
        # what was played: after the numbers when one table holds both, else a part of its own
        self.inline = len(self.parts) == 1 and not self.wide(self.columns, more=2 + self.played)
        if self.played and not self.inline:
            self.parts.append([])

    def wide(self, columns: Sequence[_Column], gap: int | None = None, more: int = 0) -> bool:
        """Whether ``columns`` (with ``more`` characters) make a line wider than the page."""
        gap = self.gap if gap is None else gap
        held = self.held + 2 if self.held else 0
        return self.prefix + sum(gap + c.width for c in columns) + held + more > self.width

    def _parts(self) -> list[list[_Column]]:
        """As many columns per part as fit; as many in each as can be (3 and 3, not 5 and
        1)."""
        columns = self.columns
        parts: list[list[_Column]] = [[]]
        for column in columns:
            if parts[-1] and self.wide([*parts[-1], column]):
                parts.append([])
            parts[-1].append(column)
        if len(parts) > 1:
            size = -(-len(columns) // len(parts))
            even = [columns[start : start + size] for start in range(0, len(columns), size)]
            if len(even) == len(parts) and not any(self.wide(part) for part in even):
                return even
        return parts

    def layout(self, part: Sequence[_Column]) -> _Part:
        """The layout of ``part`` (none: the part that says what was played, as wide as the
        page allows)."""
        if not part:
            played = min(max(self.width - self.prefix - 2, PLAYED_MIN), self.longest_played)
            return _Part(part, self.gap, (self.digits, self.marks), (self.dealer, played), 0)
        played = self.played if self.inline else 0
        return _Part(part, self.gap, (self.digits, self.marks), (self.dealer, played), self.held)


def _part_heading(part: Sequence[_Column], count: int) -> str:
    """The heading of a part of a table too wide for the page (none: what was played)."""
    if not part:
        return _("Rounds, what was played:")
    first = part[0].index + 1
    said = msg(
        "Rounds, columns {first}–{last} of {count}:",
        first=first,
        last=first + len(part) - 1,
        count=count,
    )
    return tr(said)


class _Labels:
    """The table's headings, in the current language."""

    def __init__(self, table: RoundsTable) -> None:
        self.dealer = table.dealer_heading
        self.pts = _("pts")
        self.total = _("total")
        self.held = table.held_column().heading
        self.sum = _("Total")
        self.played = _("Played")


@dataclass(frozen=True)
class _Part:
    """The layout of one part of the table: its score columns, the gap between them, the
    widths of the round's number and marks, of the dealer and what was played (0: no such
    column) and of the Held column (0: none)."""

    columns: Sequence[_Column]
    gap: int
    number_widths: tuple[int, int]
    dealer_widths: tuple[int, int]
    held_width: int


def _table(table: RoundsTable, part: _Part, labels: _Labels, width: int = WIDTH) -> list[str]:
    head, sub, played_left = _heads(part, labels)
    rule = "-" * len(head)
    lines = [head.rstrip(), sub.rstrip(), rule] if part.columns else [head.rstrip(), rule]
    template = _template(part)
    for row in table.rows:
        lines.extend(_across((change.line for change in row.changes), width))
        if row.ends_before and table.ended is not None:
            lines.extend(_across([rows.ended_line(table.ended)], width))
        lines.extend(_round(table, row, part, template, played_left))
    lines.extend(_across((change.line for change in table.then), width))  # the next table
    lines.append(rule)
    if part.columns:  # (the part that says what was played has no totals)
        cells: list[object] = ["", labels.sum]
        for column in part.columns:
            cells.extend(("", table.totals[column.index]))
        cells += [table.held or ""] if part.held_width else []
        cells += [""] if part.dealer_widths[1] else []
        lines.append(template.format(*cells).rstrip())
    return lines


def _heads(part: _Part, labels: _Labels) -> tuple[str, str, int]:
    """The heading line of ``part``, the line under it (``pts total``), and where what was
    played starts, on every line of a round."""
    space = " " * part.gap
    digits, mark_width = part.number_widths
    dealer_width, played_width = part.dealer_widths
    head = f"{'#':>{digits}}{'':<{mark_width}}  {labels.dealer:<{dealer_width}}" + "".join(
        f"{space}{c.label:>{c.width}}" for c in part.columns
    )
    sub = f"{'':>{digits + mark_width}}  {'':<{dealer_width}}" + "".join(
        f"{space}{labels.pts:>{c.width - c.total_width - 1}} {labels.total:>{c.total_width}}"
        for c in part.columns
    )
    if part.held_width:
        head += f"  {labels.held:>{part.held_width}}"
        sub += f"  {'':>{part.held_width}}"
    played_left = len(head) + 2
    if played_width:  # the last column, its text left-aligned
        head += f"  {labels.played:<{played_width}}"
    return head, sub, played_left


def _template(part: _Part) -> str:
    """One format string for every row of ``part``: the per-row work is a single format
    call."""
    space = " " * part.gap
    template = f"{{:>{sum(part.number_widths)}}}  {{:<{part.dealer_widths[0]}}}" + "".join(
        f"{space}{{:>{c.width - c.total_width - 1}}} {{:>{c.total_width}}}" for c in part.columns
    )
    if part.held_width:
        template += f"  {{:>{part.held_width}}}"
    return template + ("  {}" if part.dealer_widths[1] else "")


def _round(
    table: RoundsTable, row: rows.Row, part: _Part, template: str, played_left: int
) -> list[str]:
    """A round's line, and the lines under it where what was played goes on (never cut)."""
    digits, mark_width = part.number_widths
    dealer_width, played_width = part.dealer_widths
    cells: list[object] = [f"{row.number:>{digits}}{row.marks:<{mark_width}}"]
    cells.append(truncate(row.dealer, dealer_width))
    for column in part.columns:
        score = row.scores[column.index]
        # not at the table that round: blank
        cells.extend(("", "") if score is None else (score.signed, score.total))
    if part.held_width:
        cells.append(row.held or "")
    said = _wrapped(row.played, played_width, table.people) if played_width else [""]
    if played_width:
        cells.append(said[0])
    return [template.format(*cells).rstrip(), *(" " * played_left + more for more in said[1:])]


def _wrapped(text: str, width: int, names: Sequence[str], indent: str = "") -> list[str]:
    """``text`` on lines of ``width``, broken at spaces, never inside a word nor one of
    ``names`` (``Jean Pierre`` stays on one line); the lines after the first start with
    ``indent``.

    >>> _wrapped("Jean Pierre garde (Ann) 2b 49", 14, ["Jean Pierre"])
    ['Jean Pierre', 'garde (Ann) 2b', '49']
    """
    for name in sorted(names, key=len, reverse=True):  # textwrap breaks at ASCII spaces only
        text = text.replace(name, name.replace(" ", "\xa0"))
    lines = textwrap.wrap(
        text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )
    return [line.replace("\xa0", " ") for line in lines] or [""]


def _across(said: Iterable[str], width: int) -> list[str]:
    """The lines written across the table where it changed (``from round 12: Zoé
    replaces Dan``) or where the game ended."""
    return [part for line in said for part in textwrap.wrap(line, width, subsequent_indent="  ")]


def results(doc: Doc, width: int = WIDTH) -> list[str]:
    lines = []
    places = common.ranking(doc)
    if doc["rounds"]:
        lines.append(common.ranking_heading(doc, colon=True))
        place_width = max(len(common.place_text(place)) for place, _, _ in places) + 1
        total_width = max(len(str(total)) for _, _, total in places)
        names = {column: common.label(doc, column) for _, column, _ in places}
        name_width = min(width - place_width - total_width - 6, max(map(len, names.values())))
        for place, column, total in places:
            shown = truncate(names[column], name_width)
            label = f"{place}." if place is not None else common.place_text(place)
            lines.append(f"  {label:>{place_width}} {shown:<{name_width}}  {total:>{total_width}}")
    if held := common.held_line(doc):
        lines.extend(textwrap.wrap(held, width))
    lines.extend(textwrap.wrap(common.outcome(doc), width))
    return lines
