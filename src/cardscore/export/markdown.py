"""``print --format md``: the scoresheet as Markdown (GitHub-flavoured tables).

A heading, the game, rule set and players, then the rounds table — one table row per round:
number, dealer (and mort at 6-player tarot), and for each column the round's score and the
running total — then the ranking table, held points and the winner.  The totals are in the
ranking table, not in the rounds table, so that every row of the rounds table is a round.

Where the table changed or the game ended (:mod:`cardscore.rows`), the rounds table stops,
an italic line says so and the table starts again.

Every heading is in the current language (the bold labels are part of each translated
sentence: ``**Joueurs :** Ann, Bob``); the user's texts are escaped before they go in.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardscore import rows
from cardscore.export import common
from cardscore.export.common import Doc
from cardscore.i18n import _, msg, tr

# The costly round parts this sheet writes (cardscore.document.ROUND_EXTRAS): none (no
# breakdown, no terms); the sheet is built without them.
ROUND_EXTRAS: tuple[str, ...] = ()
_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|#~"})


def escape(text: str) -> str:
    """A user's text, safe inside Markdown (and inside a table cell).

    >>> escape("A|B *C*")
    'A\\\\|B \\\\*C\\\\*'
    """
    return " ".join(str(text).translate(_SPECIAL).split())


def render(doc: Doc) -> str:
    lines = [f"# {escape(common.title(doc))}", ""]
    info = [
        tr(msg("**Game:** {game}", game=escape(common.game_line(doc)))),
        tr(msg("**Session:** {id}", id=escape(doc["id"]))),
    ]
    if doc["created"]:
        info.append(tr(msg("**Date:** {date}", date=common.date_text(doc["created"]))))
    lines.append(" · ".join(info))
    lines.append("")
    names = [escape(name) for name in common.seat_names(doc)]
    if doc["teams"] and len(names) == 2:
        seats = msg("**Teams:** {first} against {second}", first=names[0], second=names[1])
    else:
        seats = msg("**Players:** {players}", players=", ".join(names))
    lines.append(" ".join(tr(seats).split()))
    lines.append("")
    lines.append(tr(msg("**Rules:** {rules}", rules=escape(common.parameters_line(doc)))))
    lines.append("")
    lines.append("## " + escape(_("Rounds")))
    lines.append("")
    if doc["rounds"]:
        lines.extend(rounds_table(doc))
    else:
        lines.append(escape(_("No round played yet.")))
    lines.append("")
    lines.append("## " + escape(common.ranking_heading(doc)))
    lines.append("")
    heads = (_("Place"), common.kind_heading(doc), _("Total"))
    lines.append("| " + " | ".join(escape(head) for head in heads) + " |")
    lines.append("|---:|---|---:|")
    for place, column, total in common.ranking(doc):
        name = escape(common.label(doc, column))
        lines.append(f"| {common.place_text(place)} | {name} | {total} |")
    lines.append("")
    if held := common.held_line(doc):
        lines.append(escape(held))
        lines.append("")
    outcome = common.outcome(doc)
    lines.append(f"**{escape(outcome)}**")
    return "\n".join(lines) + "\n"


def rounds_table(doc: Doc) -> list[str]:
    table = rows.of_sheet(doc)
    before, after = table.before, table.after
    head = ["#", escape(table.dealer_heading), *(escape(c.heading) for c in before)]
    align = ["---:", "---", *("---" for _ in before)]
    for name in table.columns:
        head += [escape(name), escape(common.total_heading(name))]
        align += ["---:", "---:"]
    head += [escape(column.heading) for column in after]  # what was played: the last
    align += ["---:" if column.numeric else "---" for column in after]
    heading = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    lines = list(heading)
    for row in table.rows:
        if row.changes:
            said = _change_paragraphs(row.changes)
            if len(lines) == len(heading):  # before the first round: above the table
                lines[:0] = [*said, ""]
            else:  # where the table changed: the table stops, says so, and starts again
                lines += ["", *said, "", *heading]
        if row.ends_before and table.ended is not None:
            # where the game ended: the table stops, says so, and starts again
            lines += ["", f"*{escape(rows.ended_line(table.ended))}*", "", *heading]
        lines.append("| " + " | ".join(_cells(table, row)) + " |")
    if table.then:  # the table of the next round
        lines += ["", *_change_paragraphs(table.then)]
    if table.legend:
        lines += ["", " · ".join(escape(line) for line in table.legend)]
    return lines


def _cells(table: rows.RoundsTable, row: rows.Row) -> list[str]:
    """A round's cells, in the order of the table's headings."""
    cells = [f"{row.number} {row.marks}" if row.marks else str(row.number), escape(row.dealer)]
    cells += [escape(column.text(column.cell(row))) for column in table.before]
    for score in row.scores:
        # not at the table that round: blank
        cells += ["", ""] if score is None else [score.signed, str(score.total)]
    return cells + [escape(column.text(column.cell(row))) for column in table.after]


def _change_paragraphs(changes: Sequence[rows.Change]) -> list[str]:
    """Where the table changed, in italics, one line each (hard line breaks between them)."""
    return ["  \n".join(f"*{escape(change.line)}*" for change in changes)]
