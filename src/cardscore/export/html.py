"""``print --format html``: one self-contained page, made to be printed on A4.

No network: no external font, script, image or stylesheet; the chart is inline SVG.  Every
text that a user typed (title, names) goes through :func:`html.escape`.

The page: the title, date, game, rule set; the result (winner, ranking, held points); the
players or teams; a line chart of each column's running total (one ``<polyline>`` per player
or team, with axes, labels and a legend; Okabe–Ito colours, each line also dashed its own
way, so that it reads in colour, for the colour-blind, and printed in black and white); the
rules' parameters; every round (one ``<tr>`` per round in the ``<tbody>`` of
``table.rounds``; the totals in its ``<tfoot>``); then how each round was scored.

The rounds are laid out from :mod:`cardscore.rows`: those recorded after the game's end in
a second ``<tbody class="after-end">`` opened by a ``<tr class="ended">``; a ``<tr
class="table-change">`` where the table changed; ``td.out`` where a player did not play.

Printed (``@page`` A4), the table's heading repeats on every page, rows are not split, and
colours are kept (``print-color-adjust: exact``).

Every text is in the current language, and the page says which (``<html lang="fr">``).
"""

from __future__ import annotations

from html import escape

from cardscore import __version__, rows
from cardscore.export import chart as chart_model
from cardscore.export import common
from cardscore.export.common import Doc
from cardscore.i18n import _, msg, tr

# The costly round parts this sheet writes (cardscore.document.ROUND_EXTRAS): the
# breakdowns, not the terms; the sheet is built with these only.
ROUND_EXTRAS: tuple[str, ...] = ("breakdown",)
CSS = """
:root { --ink: #1b1f24; --muted: #5b6470; --rule: #c9ced6; --zebra: #f3f5f8;
        --plus: #17663a; --minus: #b3261e; --accent: #0b4f8a;
        --late: #fbf1de; --late-ink: #7a4a00; }
* { box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
html { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink);
       font-size: 15px; line-height: 1.35; }
body { margin: 24px auto; max-width: 1100px; padding: 0 24px; }
h1 { font-size: 1.9rem; margin: 0 0 .2rem; }
h2 { font-size: 1.15rem; margin: 1.4rem 0 .5rem; border-bottom: 2px solid var(--ink);
     padding-bottom: .15rem; break-after: avoid; page-break-after: avoid; }
h3 { font-size: .95rem; margin: 0 0 .2rem; }
p { margin: .3rem 0; }
.meta { color: var(--muted); margin: 0 0 .8rem; }
.winner { font-size: 1.3rem; font-weight: bold; color: var(--accent); margin: .6rem 0; }
.summary { display: flex; flex-wrap: wrap; gap: 1.2rem 3rem; align-items: flex-start; }
.summary > div { flex: 1 1 18rem; }
.summary h2 { margin-top: .4rem; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .18rem .45rem; }
th { text-align: left; }
td.n, th.n { text-align: right; white-space: nowrap; }
table.ranking td, table.ranking th { border-bottom: 1px solid var(--rule); }
table.ranking tr.first td { font-weight: bold; }
ul.seats { margin: 0; padding-left: 1.2rem; }
table.params { font-size: .8rem; width: 100%; }
table.params td { border-bottom: 1px solid var(--rule); vertical-align: top; }
table.params td.key { white-space: nowrap; font-family: "DejaVu Sans Mono", monospace; }
table.params td.meaning { color: var(--muted); }
figure.chart { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figure.chart svg { width: 100%; height: auto; display: block; }
table.rounds { width: auto; min-width: 50%; font-size: .85rem; }
table.rounds th, table.rounds td { border-bottom: 1px solid var(--rule); }
table.rounds thead th { border-bottom: 1.5px solid var(--ink); text-align: right;
                        vertical-align: bottom; }
table.rounds thead th.name { text-align: center; border-bottom: 1px solid var(--rule);
                             max-width: 9rem; }
table.rounds thead th.name span { display: -webkit-box; -webkit-line-clamp: 2; line-clamp: 2;
                                  -webkit-box-orient: vertical; overflow: hidden;
                                  overflow-wrap: anywhere; }
table.rounds thead th.l { text-align: left; }
table.rounds tbody tr:nth-child(even) td { background: var(--zebra); }
table.rounds td.who { max-width: 10rem; white-space: nowrap; overflow: hidden;
                     text-overflow: ellipsis; }
table.rounds td.played { max-width: 16rem; color: var(--ink); }
table.rounds td.pts { color: var(--muted); padding-right: .15rem; }
table.rounds td.pts.plus { color: var(--plus); }
table.rounds td.pts.minus { color: var(--minus); }
table.rounds td.total { font-weight: 600; border-right: 1px solid var(--rule); }
table.rounds tfoot td { border-top: 1.5px solid var(--ink); font-weight: bold; }
table.rounds tfoot { display: table-row-group; }
table.rounds tr { break-inside: avoid; page-break-inside: avoid; }
.mortnote { color: var(--muted); font-size: .8rem; }
.marks { display: inline-block; min-width: 1.2em; text-align: left; padding-left: .15em; }
table.two-marks .marks { min-width: 2.2em; }
.mark { color: var(--accent); font-weight: bold; }
table.rounds tbody.after-end tr.after-end td { font-style: italic; background: var(--late); }
table.rounds tr.ended td { text-align: left; font-weight: bold; font-style: normal;
                           color: var(--late-ink); background: var(--late);
                           border-top: 1.5px dashed var(--late-ink); }
p.legend { color: var(--muted); font-size: .8rem; margin: .4rem 0; }
.details { columns: 2 20rem; column-gap: 2rem; font-size: .8rem; }
.details .round { break-inside: avoid; page-break-inside: avoid; margin: 0 0 .6rem; }
.details ul { margin: 0; padding-left: 1rem; }
footer { margin-top: 1.5rem; color: var(--muted); font-size: .75rem; }
@page { size: A4; margin: 14mm 12mm 15mm 12mm; }
@media print {
  html { font-size: 10pt; }
  body { margin: 0; padding: 0; max-width: none; }
  h1 { font-size: 18pt; }
  table.rounds { font-size: 8.5pt; }
  table.rounds thead { display: table-header-group; }
  .details { font-size: 7.5pt; }
  section.rounds { break-before: auto; }
}
"""

#: Where the table changed (only on a sheet where it did).
CHANGES_CSS = """
table.rounds tbody tr.table-change td { text-align: left; font-weight: bold; font-style: normal;
                                       color: var(--accent); background: #e6eef7;
                                       border-top: 1.5px solid var(--accent); }
"""

#: Where the chart draws its plot (pixels): room right of it for each line's name at its end.
CHART_WIDTH = 760
PLOT_TOP = 14
PLOT_LEFT = 62
PLOT_RIGHT = 104
PLOT_HEIGHT = 250
LOOK = chart_model.Look(
    'class="chart"', CHART_WIDTH, PLOT_TOP, PLOT_LEFT, PLOT_RIGHT, PLOT_HEIGHT, True, 22
)


def render(doc: Doc) -> str:
    title = escape(common.title(doc))
    footer = tr(
        msg(
            "Scoresheet made by cardscore {version} — session {id}.",
            version=__version__,
            id=doc["id"],
        )
    )
    css = CSS + (CHANGES_CSS if common.table_changes(doc) else "")
    parts = [
        common.page_top(title, css, meta_line(doc)),
        summary(doc),
        '<section class="chart">',
        f"<h2>{escape(_('Running totals'))}</h2>",
        chart(doc),
        "</section>",
        '<section class="rules">',
        f"<h2>{escape(tr(msg('Rule set {rules}', rules=common.preset_word(doc['rules']))))}</h2>",
        params_table(doc),
        "</section>",
        '<section class="rounds">',
        f"<h2>{escape(_('Rounds'))}</h2>",
        rounds_table(doc),
        "</section>",
        details(doc),
        f"<footer>{escape(footer)}</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def meta_line(doc: Doc) -> str:
    return " · ".join(escape(item) for item in common.meta_items(doc))


def summary(doc: Doc) -> str:
    kind = escape(common.kind_heading(doc))
    rows = []
    for place, column, total in common.ranking(doc):
        first = ' class="first"' if place == 1 and doc["rounds"] else ""
        rows.append(
            f'<tr{first}><td class="n">{common.place_text(place)}</td>'
            f'<td>{escape(common.label(doc, column))}</td><td class="n">{total}</td></tr>'
        )
    held = common.held_line(doc)
    ranking_title = escape(common.ranking_heading(doc))
    seats = []
    for column, members in common.seats(doc):
        if members:
            team = msg(
                "<b>{team}</b>: {members}",
                team=escape(column),
                members=escape(", ".join(members)),
            )
            seats.append(f"<li>{tr(team)}</li>")
        else:
            seats.append(f"<li>{escape(common.label(doc, column))}</li>")
    return "\n".join(
        [
            '<section class="summary">',
            '<div class="result">',
            f"<h2>{ranking_title}</h2>",
            f'<p class="winner">{escape(common.outcome(doc))}</p>',
            '<table class="ranking">',
            f'<thead><tr><th class="n">#</th><th>{kind}</th>'
            f'<th class="n">{escape(_("Total"))}</th></tr></thead>',
            "<tbody>",
            *rows,
            "</tbody>",
            "</table>",
            f'<p class="held">{escape(held)}</p>' if held else "",
            "</div>",
            '<div class="seats">',
            f"<h2>{escape(common.seats_heading(doc))}</h2>",
            '<ul class="seats">',
            *seats,
            "</ul>",
            "</div>",
            "</section>",
        ]
    )


def params_table(doc: Doc) -> str:
    rows = [
        f'<tr><td class="key">{escape(key)}</td><td class="n">{escape(value)}</td>'
        f'<td class="meaning">{escape(meaning)}</td></tr>'
        for key, value, meaning in common.parameters(doc)
    ]
    return '<table class="params"><tbody>\n' + "\n".join(rows) + "\n</tbody></table>"


def rounds_table(doc: Doc) -> str:
    table = rows.of_sheet(doc)
    before, after = table.before, table.after
    number = '#<span class="marks"></span>' if table.marks_width else "#"
    top = [
        f'<th class="n" rowspan="2">{number}</th>',
        f'<th class="l" rowspan="2">{escape(table.dealer_heading)}</th>',
        *(f'<th class="l" rowspan="2">{escape(column.heading)}</th>' for column in before),
    ]
    for name in table.columns:
        top.append(
            f'<th class="name" colspan="2" title="{escape(name)}"><span>{escape(name)}</span></th>'
        )
    top += [f'<th class="{_HEAD[c.key]}" rowspan="2">{escape(c.heading)}</th>' for c in after]
    pts, total = escape(_("pts")), escape(_("total"))
    sub = f'<th class="n">{pts}</th><th class="n">{total}</th>' * len(table.columns)
    lines = [
        '<table class="rounds two-marks">' if table.marks_width == 2 else '<table class="rounds">',
        "<thead>",
        "<tr>" + "".join(top) + "</tr>",
        f"<tr>{sub}</tr>",
        "</thead>",
        "<tbody>",
        *_body(table, 2 + len(before) + 2 * len(table.columns) + len(after)),
        "</tbody>",
    ]
    foot = [f'<td colspan="{2 + len(before)}">{escape(_("Total"))}</td>']
    foot += [f'<td></td><td class="n total">{total}</td>' for total in table.totals]
    foot += [f'<td class="n">{c.total_text}</td>' if c.numeric else "<td></td>" for c in after]
    lines.append("<tfoot><tr>" + "".join(foot) + "</tr></tfoot>")
    lines.append("</table>")
    if table.legend:
        lines.append('<p class="legend">' + "<br>".join(escape(t) for t in table.legend) + "</p>")
    if table.has_mort:
        note = _("At 6 players the dealer sits out the round: the mort.")
        lines.append(f'<p class="mortnote">{escape(note)}</p>')
    return "\n".join(lines)


#: The classes of the heading and of the cells of a column beside the scores.
_HEAD = {"mort": "l", "held": "n", "played": "l played"}
_CELL = {"mort": "who", "held": "n", "played": "played"}


def _body(table: rows.RoundsTable, width: int) -> list[str]:
    """The rounds' ``<tr>``, with the lines across the ``width`` columns of the table where
    it changed and where the game ended."""

    def across(kind: str, text: str) -> str:
        return f'<tr class="{kind}"><td colspan="{width}">{escape(text)}</td></tr>'

    lines = []
    for row in table.rows:
        if row.ends_before and table.ended is not None:
            # where the game ended: the rounds after it in a body of their own
            lines.append("</tbody>")
            lines.append('<tbody class="after-end">')
            lines.append(across("ended", rows.ended_line(table.ended)))
        lines.extend(across("table-change", change.line) for change in row.changes)
        lines.append(_row(table, row))
    lines.extend(across("table-change", change.line) for change in table.then)
    return lines


#: The two cells of a player in a round he did not play (not yet come, or gone).
OUT = '<td class="n pts out"></td><td class="n total out"></td>'


def _row(table: rows.RoundsTable, row: rows.Row) -> str:
    """A round's ``<tr>``."""
    number = str(row.number) + (_marks(row) if table.marks_width else "")
    cells = [f'<td class="n">{number}</td><td class="who">{escape(row.dealer)}</td>']
    cells += [_side(column, row) for column in table.before]
    for score in row.scores:
        if score is None:  # not at the table that round
            cells.append(OUT)
            continue
        kind = "plus" if score.points > 0 else "minus" if score.points < 0 else "zero"
        cells.append(
            f'<td class="n pts {kind}">{score.signed}</td><td class="n total">{score.total}</td>'
        )
    cells += [_side(column, row) for column in table.after]
    opening = '<tr class="after-end">' if row.after_end else "<tr>"
    return opening + "".join(cells) + "</tr>"


def _side(column: rows.Column, row: rows.Row) -> str:
    return f'<td class="{_CELL[column.key]}">{escape(column.text(column.cell(row)))}</td>'


def _marks(row: rows.Row) -> str:
    """A round's marks (✎ corrected, † after the end), each saying what it means when
    pointed at."""
    out = []
    if row.edited:
        when = tr(msg("corrected {date}", date=common.date_text(row.edited)))
        out.append(f'<span class="mark" title="{escape(when)}">{rows.EDITED_MARK}</span>')
    if row.after_end:
        late = escape(_("recorded after the end"))
        out.append(f'<span class="mark" title="{late}">{rows.AFTER_END_MARK}</span>')
    return f'<span class="marks">{"".join(out)}</span>'


def details(doc: Doc) -> str:
    if not doc["rounds"]:
        return ""
    heading = escape(_("How each round was scored"))
    parts = ['<section class="details-section">', f"<h2>{heading}</h2>"]
    parts.append('<div class="details">')
    for row in doc["rounds"]:
        head = escape(common.round_heading(row))
        items = "".join(f"<li>{escape(tr(line))}</li>" for line in row["breakdown"])
        parts.append(f'<div class="round"><h3>{head}</h3><ul>{items}</ul></div>')
    parts.append("</div>")
    parts.append("</section>")
    return "\n".join(parts)


def chart(doc: Doc) -> str:
    """An inline SVG line chart of the running totals (:mod:`cardscore.export.chart`)."""
    return chart_model.svg(chart_model.running_totals(doc), LOOK)
