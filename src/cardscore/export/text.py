"""``print --format txt``: the scoresheet as plain text that fits 80 columns.

Title, game and rule set, players or teams, one line per round (number, dealer, and for each
column the round's score then the running total), the totals, the ranking, held points and
the winner.  Built line by line in time linear in the rounds (no Rich).

When the columns do not fit 80 characters, long names are shortened in the headings (the
``Players:`` line keeps them whole), then the gaps narrowed, then the table is wrapped: it is
printed in several parts, each with the round number and dealer and some of the columns.

Where the table changed, a line across the table says how, above the first round the new
table played (``from round 12: Zoé replaces Dan``); a player's cells are blank in the rounds
he did not play.  A player who left keeps his total, marked ``(left)`` in the ranking.

Every heading is in the current language; the widths follow the headings, so that a longer
French heading (``Donneur``, ``En réserve``) still lines up and fits.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from cardscore.export import common
from cardscore.export.common import Doc, signed, squeeze, truncate, unique_labels
from cardscore.i18n import _, msg, tr

# The costly round parts this sheet writes (cardscore.document.ROUND_EXTRAS): none (no
# breakdown, no terms); the sheet is built without them.
ROUND_EXTRAS: tuple[str, ...] = ()
WIDTH = 80
LABEL_MAX = 12  # a heading longer than its numbers is cut to this many characters
DEALER_MAX = 10
PLAYED_MAX = 32  # what was played (``Bob garde (Dan) 2b 49``): longer, its names are shortened


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
    # a name is never broken across lines (textwrap breaks at ASCII spaces only)
    seats = common.seats_line(doc)
    names = [*doc["players"], *doc["teams"], *common.seat_names(doc)]
    for name in sorted(names, key=len, reverse=True):
        seats = seats.replace(name, name.replace(" ", "\xa0"))
    wrapped = textwrap.wrap(seats, width, subsequent_indent="  ", break_on_hyphens=False)
    lines.extend(line.replace("\xa0", " ") for line in wrapped)
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

    def __init__(self, name: str, doc: Doc, pts: str = "pts", total: str = "total") -> None:
        rounds = [row for row in doc["rounds"] if name in row["totals"]]  # those it played
        scores = [row["scores"].get(name, 0) for row in rounds]
        totals = [row["totals"][name] for row in rounds]
        totals.append(doc["totals"][name])
        self.name = name
        self.score_width = max([3, len(pts), *(len(signed(s)) for s in scores)])
        self.total_width = max([5, len(total), *(len(str(t)) for t in totals)])
        self.numbers = self.score_width + 1 + self.total_width
        self.label = name

    @property
    def width(self) -> int:
        return max(self.numbers, len(self.label))


def rounds_table(doc: Doc, width: int = WIDTH) -> list[str]:
    """The rounds, in one table or in several parts of the columns when too wide."""
    rounds = doc["rounds"]
    if not rounds:
        return [_("No round played yet.")]
    labels = _Labels()
    names = list(doc["columns"])
    columns = [_Column(name, doc, labels.pts, labels.total) for name in names]
    for column, label in zip(columns, unique_labels(names, LABEL_MAX), strict=True):
        column.label = label
    number_width = max(2, len(str(rounds[-1]["number"])))
    # a corrected round (✎) or one recorded after the end (†): the mark after its number
    marked = common.any_edited(doc) or common.ended_after(doc) is not None
    mark_width = max(len(common.marks(row)) for row in rounds) if marked else 0
    # the Dealer column: as wide as its heading and its Total, else as the names (up to 10)
    heading = max(len(labels.dealer), len(labels.sum))
    dealer_width = min(
        max(DEALER_MAX, heading), max([6, heading, *(len(p) for p in common.people(doc))])
    )
    held = common.has_held(doc)
    held_width = (
        max([4, len(labels.held), *(len(str(row["held"])) for row in rounds)]) if held else 0
    )
    # what was played: the last column when the table fits with it, else a part of its own
    played_width = (
        min(
            PLAYED_MAX,
            max(len(labels.played), *(len(common.played(row)) for row in rounds)),
        )
        if common.any_played(doc)
        else 0
    )
    prefix = number_width + mark_width + 2 + dealer_width
    extra = held_width + 2 if held else 0

    def total_width(cols: Sequence[_Column], gap: int) -> int:
        return prefix + sum(gap + c.width for c in cols) + extra

    gap = 2
    if total_width(columns, gap) > width:  # shorten the headings to their numbers' width
        short = unique_labels(names, min(c.numbers for c in columns))
        for column, label in zip(columns, short, strict=True):
            column.label = label
    if total_width(columns, gap) > width and total_width(columns, 1) <= width:
        gap = 1  # narrower gaps rather than a wrapped table; a wrapped one keeps its gaps
    parts: list[list[_Column]] = [[]]
    for column in columns:  # wrap: as many columns per part as fit
        if parts[-1] and total_width([*parts[-1], column], gap) > width:
            parts.append([])
        parts[-1].append(column)
    # what was played: after the numbers when one table holds both, else a part of its own
    inline = len(parts) == 1 and total_width(columns, gap) + 2 + played_width <= width
    if played_width and not inline:
        parts.append([])
    lines: list[str] = []
    for index, part in enumerate(parts, start=1):
        says_played = not part  # the part that says what was played (never the only one)
        if len(parts) > 1:
            if index > 1:
                lines.append("")
            if says_played:
                lines.append(_("Rounds, what was played:"))
            else:
                first = columns.index(part[0]) + 1
                last = first + len(part) - 1
                lines.append(
                    tr(
                        msg(
                            "Rounds, columns {first}–{last} of {count}:",
                            first=first,
                            last=last,
                            count=len(columns),
                        )
                    )
                )
        lines.extend(
            _table(
                doc,
                part,
                gap,
                (number_width, mark_width),
                (dealer_width, played_width if inline or says_played else 0),
                0 if says_played else held_width,
                labels,
                width,
            )
        )
    if common.has_mort(doc):
        note = _("At 6 players the dealer of each round sits it out: the mort.")
        lines.extend(textwrap.wrap(note, width))
    for line in common.legend(doc):
        lines.extend(textwrap.wrap(line, width, subsequent_indent="  "))
    return lines


class _Labels:
    """The table's headings, in the current language."""

    def __init__(self) -> None:
        self.dealer = _("Dealer")
        self.pts = _("pts")
        self.total = _("total")
        self.held = _("Held")
        self.sum = _("Total")
        self.played = common.played_heading()


def _table(
    doc: Doc,
    columns: Sequence[_Column],
    gap: int,
    number_widths: tuple[int, int],
    dealer_widths: tuple[int, int],
    held_width: int,
    labels: _Labels,
    width: int = WIDTH,
) -> list[str]:
    space = " " * gap
    pts, total = labels.pts, labels.total
    digits, mark_width = number_widths  # the round's number, then its marks (✎ †)
    number_width = digits + mark_width
    dealer_width, played_width = dealer_widths  # what was played: 0 for no such column
    head = f"{'#':>{digits}}{'':<{mark_width}}  {labels.dealer:<{dealer_width}}" + "".join(
        f"{space}{c.label:>{c.width}}" for c in columns
    )
    sub = f"{'':>{number_width}}  {'':<{dealer_width}}" + "".join(
        f"{space}{pts:>{c.width - c.total_width - 1}} {total:>{c.total_width}}" for c in columns
    )
    if held_width:
        head += f"  {labels.held:>{held_width}}"
        sub += f"  {'':>{held_width}}"
    if played_width:  # the last column, its text left-aligned
        head += f"  {labels.played:<{played_width}}"
    rule = "-" * len(head)
    head = head.rstrip()
    lines = [head, sub.rstrip(), rule] if columns else [head, rule]
    # One format string for every row: the per-row work is a single format call.
    template = f"{{:>{number_width}}}  {{:<{dealer_width}}}" + "".join(
        f"{space}{{:>{c.width - c.total_width - 1}}} {{:>{c.total_width}}}" for c in columns
    )
    if held_width:
        template += f"  {{:>{held_width}}}"
    if played_width:
        template += "  {}"
    names = [c.name for c in columns]
    ended = common.ended_after(doc)
    changes = common.changes_before(doc)
    for row in doc["rounds"]:
        scores, totals = row["scores"], row["totals"]
        number: object = row["number"]
        if row["number"] in changes:
            lines.extend(_change_lines(changes[row["number"]], width))
        if mark_width:
            number = f"{number:>{digits}}{common.marks(row):<{mark_width}}"
            if ended is not None and row["number"] == ended + 1:
                lines.extend(_ended_lines(ended, width))
        cells: list[object] = [number, truncate(row["dealer"], dealer_width)]
        for name in names:
            if name in totals:
                cells.append(signed(scores.get(name, 0)))
                cells.append(totals[name])
            else:  # not at the table that round: blank
                cells.extend(("", ""))
        if held_width:
            cells.append(row["held"] or "")
        if played_width:
            cells.append(squeeze(common.played(row), played_width))
            lines.append(template.format(*cells).rstrip())
            continue
        lines.append(template.format(*cells))
    if (following := len(doc["rounds"]) + 1) in changes:  # the table of the next round
        lines.extend(_change_lines(changes[following], width))
    lines.append(rule)
    if not columns:  # the part that says what was played: no totals
        return lines
    cells = ["", labels.sum]
    for name in names:
        cells.extend(("", doc["totals"][name]))
    if held_width:
        cells.append(doc["held"] or "")
    if played_width:
        cells.append("")
    lines.append(template.format(*cells).rstrip())
    return lines


def _change_lines(said: Sequence[str], width: int) -> list[str]:
    """The lines written across the table where it changed (``from round 12: Zoé
    replaces Dan``)."""
    return [part for line in said for part in textwrap.wrap(line, width, subsequent_indent="  ")]


def _ended_lines(ended: int, width: int) -> list[str]:
    """The line written across the table where the game ended."""
    return textwrap.wrap(common.ended_line(ended), width, subsequent_indent="  ")


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
