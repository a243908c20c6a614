"""``tournament print --format html``: the results sheet as one self-contained page, made to
be printed on A4 (no network: nothing external).  Every text a person typed (title, names)
goes through :func:`html.escape`.

The page: the title and what the evening was; the ranking (rank, name, each round's score,
the total; place points when ranked by places); then each round, table by table: the seats
in order (who dealt first), the deals played and each side's total; a table whose columns
should add up to 0 and do not is marked.
"""

from __future__ import annotations

from html import escape

from cardscore import __version__
from cardscore.export.common import page_top
from cardscore.i18n import _, msg, tr
from cardscore.tournament import views
from cardscore.tournament.organise import Standing

CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #111; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
.meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: .5rem 0 1.2rem; }
th, td { border: 1px solid #bbb; padding: .25rem .6rem; }
th { background: #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.first td { font-weight: bold; }
td.fault { color: #a00; }
section.round { break-inside: avoid; }
footer { margin-top: 2rem; color: #777; font-size: .8rem; }
@page { size: A4; margin: 15mm; }
@media print { body { margin: 0; } * { print-color-adjust: exact; } }
"""


def results_page(standing: Standing) -> str:
    """The whole page."""
    t = standing.tournament
    title = escape(t.title or views.heading(t))
    meta = escape(views.meta_line(t))
    footer = tr(
        msg("Results made by cardscore {version} — tournament {id}.", version=__version__, id=t.id)
    )
    parts = [page_top(title, CSS, meta), _ranking(standing)]
    parts += [_round(standing, index) for index in range(len(t.draws))]
    parts += [f"<p>{escape(views.next_step(standing))}</p>", f"<footer>{escape(footer)}</footer>"]
    return "\n".join([*parts, "</body>", "</html>"]) + "\n"


def _ranking(standing: Standing) -> str:
    t = standing.tournament
    heads = [_("Rank"), _("Team") if t.teams else _("Player")]
    heads += [tr(msg("R{number}", number=n)) for n in range(1, t.rounds + 1)] + [_("Total")]
    if t.ranking == "places":
        heads.append(_("Points"))
    lines = [f'<section class="ranking"><h2>{escape(_("Ranking"))}</h2>', "<table><thead><tr>"]
    lines += [f"<th>{escape(h)}</th>" for h in heads] + ["</tr></thead><tbody>"]
    for row in standing.ranking:
        cells = [f'<td class="n">{row.rank}</td>', f"<td>{escape(row.name)}</td>"]
        cells += [f'<td class="n">{escape(c)}</td>' for c in views.round_cells(row, t.rounds)]
        cells.append(f'<td class="n">{row.total}</td>')
        if row.points is not None:
            cells.append(f'<td class="n">{row.points}</td>')
        first = ' class="first"' if row.rank == 1 else ""
        lines.append(f"<tr{first}>{''.join(cells)}</tr>")
    lines.append("</tbody></table></section>")
    return "\n".join(lines)


def _round(standing: Standing, index: int) -> str:
    t = standing.tournament
    draw, states = t.draws[index], standing.rounds[index]
    heading = tr(msg("Round {number} of {rounds}", number=draw.number, rounds=t.rounds))
    lines = [f'<section class="round"><h2>{escape(heading)}</h2>', "<table><tbody>"]
    for i, state in enumerate(states):
        seats = views.seat_line(t, draw, i)
        fault = ' class="fault"' if state.zero_sum is False else ""
        lines.append(
            f"<tr><td>{escape(seats)}</td><td{fault}>{escape(views.table_progress(state))}</td></tr>"
        )
    lines.append("</tbody></table>")
    if draw.bye:
        lines.append(f"<p>{escape(tr(msg('Sitting out: {names}', names=', '.join(draw.bye))))}</p>")
    lines.append("</section>")
    return "\n".join(lines)
