"""``cardscore stats -o stats.html``: the statistics as one self-contained page.

In the style of the printed scoresheet (:mod:`cardscore.export.html`: its palette, its CSS
approach, its A4 print rules): no network, no script, no external font or image; the charts
are inline SVG.  Every text a user typed (names, rule sets, folders) goes through
:func:`html.escape`.

The page: what was read (sessions, rounds, folders, the options that chose them); per game,
the table of every player's figures; per player, the success rate of his contracts as
horizontal bars (tarot: one per contract; coinche: every contract, then per level; belote:
his team's contracts; rami: the rounds he won), each saying ``made/tried``; per game, each
player's result session by session (one ``<polyline>`` per player, a marker of his own
shape per session, filled where he won, his name at his line's end); then the notes (how a
tarot session is won).

Colours are those of the sheet (Okabe–Ito), each player's line also dashed its own way, so
that it reads in colour, for the colour-blind and printed in black and white; a player keeps
his colour in every chart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from cardscore import __version__
from cardscore.export.chart import Chart, Look, Mark, Series, svg
from cardscore.export.common import PALETTE, nice_ticks, page_top, truncate
from cardscore.games import GAME_NAMES, get_game
from cardscore.games.figures import read
from cardscore.games.game_stats import stats_of
from cardscore.i18n import Msg, _, msg, tr
from cardscore.stats import render as say

Doc = Mapping[str, Any]

CSS = """
:root { --ink: #1b1f24; --muted: #5b6470; --rule: #c9ced6; --zebra: #f3f5f8;
        --plus: #17663a; --minus: #b3261e; --accent: #0b4f8a; --track: #e8ebf0; }
* { box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
html { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink);
       font-size: 15px; line-height: 1.35; }
body { margin: 24px auto; max-width: 1100px; padding: 0 24px; }
h1 { font-size: 1.9rem; margin: 0 0 .2rem; }
h2 { font-size: 1.15rem; margin: 1.6rem 0 .5rem; border-bottom: 2px solid var(--ink);
     padding-bottom: .15rem; break-after: avoid; page-break-after: avoid; }
h3 { font-size: .95rem; margin: 0 0 .3rem; overflow-wrap: anywhere; }
p { margin: .3rem 0; }
.meta { color: var(--muted); margin: 0 0 .8rem; overflow-wrap: anywhere; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .2rem .5rem; }
th { text-align: right; vertical-align: bottom; }
th.name, td.name { text-align: left; }
table.records th, table.records td { text-align: left; }
table.records td:nth-child(2) { text-align: right; font-variant-numeric: tabular-nums; }
td.n { text-align: right; white-space: nowrap; }
td.name { max-width: 14rem; overflow-wrap: anywhere; font-weight: 600; }
table.players { font-size: .85rem; margin: .2rem 0 .3rem; }
table.players thead th { border-bottom: 1.5px solid var(--ink); }
table.players td { border-bottom: 1px solid var(--rule); }
table.players tbody tr:nth-child(even) td { background: var(--zebra); }
td.plus { color: var(--plus); }
td.minus { color: var(--minus); }
p.legend, p.note { color: var(--muted); font-size: .8rem; }
.rates { display: grid; grid-template-columns: repeat(auto-fill, minmax(30rem, 1fr));
         gap: 1rem 2rem; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figure svg { width: 100%; height: auto; display: block; }
figure.rate { border-top: 1px solid var(--rule); padding-top: .4rem; }
section.game, section.game-results { break-inside: avoid; page-break-inside: avoid; }
table.players tr { break-inside: avoid; page-break-inside: avoid; }
p.empty { font-style: italic; color: var(--muted); }
footer { margin-top: 1.5rem; color: var(--muted); font-size: .75rem; }
@page { size: A4; margin: 14mm 12mm 15mm 12mm; }
@media print {
  html { font-size: 10pt; }
  body { margin: 0; padding: 0; max-width: none; }
  h1 { font-size: 18pt; }
  table.players { font-size: 8pt; }
  .rates { grid-template-columns: 1fr 1fr; }
}
"""

FONT = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"'


def render(doc: Doc, homes: Sequence[str], filters: Sequence[str] = (), first: str = "") -> str:
    """The whole page, as text (UTF-8 when written); ``first``: a section of its own shown
    before the statistics (the championship's)."""
    title = escape(_("Statistics"))
    parts = [page_top(title, CSS, meta_line(doc, homes, filters))]
    if first:
        parts.append(first)
    if not doc.get("sessions"):
        parts.append(f'<p class="empty">{escape(say.empty_line(homes, filters))}</p>')
    else:
        parts += [tables(doc), rates(doc), results(doc), ratings(doc), records(doc), notes(doc)]
    footer = tr(msg("Statistics made by cardscore {version}.", version=__version__))
    parts += [f"<footer>{escape(footer)}</footer>", "</body>", "</html>"]
    return "\n".join(parts) + "\n"


def meta_line(doc: Doc, homes: Sequence[str], filters: Sequence[str]) -> str:
    """``6 sessions, 70 rounds · /home/ann/… · tarot, since 2026-01-01``."""
    items = [say.count_text(doc.get("sessions", 0), doc.get("rounds", 0)), say.homes_text(homes)]
    if filters:
        items.append(", ".join(filters))
    return " · ".join(escape(item) for item in items)


def colours(doc: Doc) -> dict[str, int]:
    """Each player's place in the palette: his place in the document, the same in every
    chart."""
    return {player["name"]: index for index, player in enumerate(doc.get("players", ()))}


# --------------------------------------------------------------------------------------------
# The tables


def tables(doc: Doc) -> str:
    """One table per game: every player's figures (every column of the terminal's table,
    none left out: a page has the room)."""
    out = ['<section class="tables">']
    for game in say.games_played(doc):
        out.append(f'<section class="game" id="{escape(game)}">')
        out.append(f"<h2>{escape(say.game_heading(doc, game))}</h2>")
        if say.players_of(doc, game):
            out.append(game_table(doc, game))
            if legend := say.legend(game):
                out.append(f'<p class="legend">{escape(legend)}</p>')
        else:
            out.append(f'<p class="empty">{escape(say.unplayed_line(doc, game))}</p>')
        out.append("</section>")
    out.append("</section>")
    return "\n".join(out)


def game_table(doc: Doc, game: str) -> str:
    columns = say.columns_for(game)
    won_or_lost = stats_of(get_game(game)).view.won_or_lost
    head = [f'<th class="name">{escape(_("Player"))}</th>']
    for _key, heading, _cell, _priority in columns:
        head.append(f"<th>{escape(heading).replace(chr(10), '<br>')}</th>")
    rows = []
    for player in say.players_of(doc, game):
        mine = player["games"][game]
        cells = [f'<td class="name">{escape(player["name"])}</td>']
        for key, _heading, cell, _priority in columns:
            # tarot's scores are won or lost (they add up to 0): in green or red, as on the
            # sheet; the other games' points are all won (or, at rami, all lost)
            shade = _sign_class(key, mine) if won_or_lost else ""
            cells.append(f'<td class="n{shade}">{escape(cell(mine))}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "\n".join(
        [
            f'<table class="players" data-game="{escape(game)}">',
            "<thead><tr>" + "".join(head) + "</tr></thead>",
            "<tbody>",
            *rows,
            "</tbody>",
            "</table>",
        ]
    )


def _sign_class(key: str, figures: Doc) -> str:
    """Points and averages in green or red, as the sheet colours scores."""
    if key not in ("points", "average"):
        return ""
    value = figures.get(key)
    if not value:
        return ""
    return " plus" if value > 0 else " minus"


# --------------------------------------------------------------------------------------------
# Success rates: one horizontal bar chart per player

RATE_WIDTH = 520
RATE_LABEL = 170  # the labels' column
RATE_VALUE = 110  # the values' column, right of the bars
RATE_ROW = 24
RATE_TOP = 22  # room for the 0–100 % scale


def rate_rows(player: Doc) -> list[tuple[str, str, str, int, int]]:
    """``(game, key, label, made, tried)`` for each bar of a player's chart, as each game's
    view says (tarot per contract, coinche every contract then per level, belote his team's
    contracts, rami the rounds he won)."""
    rows: list[tuple[str, str, str, int, int]] = []
    games = player.get("games") or {}
    for game in [g for g in GAME_NAMES if g in games]:
        figures = games[game]
        title = say.game_title(game)
        for bar in stats_of(get_game(game)).view.rates:
            if isinstance(bar.label, Msg):
                label = tr(msg(bar.label.template, game=title))
            else:
                label = f"{title} · {bar.label}"
            made = int(read(figures, bar.made) or 0)
            tried = sum(int(read(figures, path) or 0) for path in bar.tried)
            rows.append((game, bar.key, label, made, tried))
    return rows


def rates(doc: Doc) -> str:
    """Per player, the share of his contracts he made (of his rounds he won, at rami)."""
    out = [
        '<section class="rates-section">',
        f"<h2>{escape(_('Success rate per contract'))}</h2>",
        '<div class="rates">',
    ]
    palette = colours(doc)
    for player in doc.get("players", ()):
        out.append(rate_chart(player, palette.get(player["name"], 0)))
    out.append("</div>")
    out.append(f'<p class="legend">{escape(rate_legend())}</p>')
    out.append("</section>")
    return "\n".join(out)


def rate_legend() -> str:
    return _(
        "Each bar: the contracts made of those taken (their team's at belote and coinche; at "
        "rami, the rounds won of those played). A contract never taken has no bar."
    )


def rate_chart(player: Doc, colour: int) -> str:
    """One player's bars, 0 to 100 %, each labelled ``83% (5/6)``."""
    rows = rate_rows(player)
    name = player["name"]
    height = RATE_TOP + max(1, len(rows)) * RATE_ROW + 6
    left, right = RATE_LABEL, RATE_WIDTH - RATE_VALUE
    span = right - left

    def x(share: float) -> float:
        return left + share * span

    title = tr(msg("Success rate per contract of {name}", name=name))
    out = [
        f'<figure class="rate" data-player="{escape(name)}">',
        f"<h3>{escape(name)}</h3>",
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {RATE_WIDTH} {height}" '
        f'width="{RATE_WIDTH}" height="{height}" {FONT} font-size="12">',
        f"<title>{escape(title)}</title>",
        '<g class="scale" fill="#5b6470" stroke="#d5d9e0">',
    ]
    bottom = RATE_TOP + len(rows) * RATE_ROW
    for tick in (0, 0.25, 0.5, 0.75, 1):
        out.append(
            f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{RATE_TOP - 4}" y2="{bottom}"/>'
            f'<text x="{x(tick):.1f}" y="{RATE_TOP - 8}" text-anchor="middle" stroke="none" '
            f'font-size="10">{escape(say.percent(round(tick * 100), 100) or "")}</text>'
        )
    out.append("</g>")
    if not rows:
        out.append(f'<text x="{left}" y="{RATE_TOP + 16}">{escape(_("Nothing to show."))}</text>')
    for index, (game, key, label, made, tried) in enumerate(rows):
        top = RATE_TOP + index * RATE_ROW
        middle = top + RATE_ROW / 2 + 4
        out.append(f'<g class="rate" data-game="{escape(game)}" data-label="{escape(key)}">')
        out.append(
            f'<text x="{left - 8}" y="{middle:.1f}" text-anchor="end">'
            f"{escape(truncate(label, 26))}</text>"
        )
        out.append(
            f'<rect class="track" x="{left}" y="{top + 5}" width="{span}" '
            f'height="{RATE_ROW - 10}" fill="#e8ebf0"/>'
        )
        if tried:
            share = made / tried
            value = f"{say.percent(made, tried)} ({made}/{tried})"
            out.append(
                f'<rect class="bar" x="{left}" y="{top + 5}" width="{share * span:.1f}" '
                f'height="{RATE_ROW - 10}" fill="{PALETTE[colour % len(PALETTE)]}">'
                f"<title>{escape(label)}: {escape(value)}</title></rect>"
            )
        else:
            value = tr(stats_of(get_game(game)).view.untried)
        weight = ' font-weight="bold"' if tried else ' fill="#5b6470"'
        out.append(f'<text x="{right + 8}" y="{middle:.1f}"{weight}>{escape(value)}</text>')
        out.append("</g>")
    out.append("</svg></figure>")
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
# Results session by session: one line chart per game

CHART_WIDTH = 760
PLOT_TOP = 14
PLOT_LEFT = 62
PLOT_RIGHT = 104  # room for each line's name at its end (13 characters)
PLOT_HEIGHT = 230
MAX_DOTS = 400  # past this many sessions, the dots go (the lines stay)


def results(doc: Doc) -> str:
    """Per game, each player's result (his final total, his team's at belote and coinche)
    session by session, oldest first."""
    out = [
        '<section class="results">',
        f"<h2>{escape(_('Results session by session'))}</h2>",
    ]
    palette = colours(doc)
    for game in say.games_played(doc):
        sessions = [
            s for s in doc.get("sessions_list", ()) if s.get("game") == game and s.get("results")
        ]
        if not sessions:
            continue
        out.append('<section class="game-results">')
        out.append(f"<h3>{escape(say.game_title(game))}</h3>")
        out.append(results_chart(game, sessions, palette))
        out.append("</section>")
    note = _(
        "A filled marker: a session won; a hollow one: a session not won. "
        "At rami the lowest total wins."
    )
    out.append(f'<p class="legend">{escape(note)}</p>')
    out.append("</section>")
    return "\n".join(out)


def results_chart(
    game: str,
    sessions: Sequence[Doc],
    palette: Mapping[str, int],
    title: str | None = None,
    up: str | None = None,
) -> str:
    """An inline SVG line chart: x the sessions of ``game`` in order (labelled by their
    day), y each player's final total (or what ``results`` holds: his rating, with its
    ``title`` and its axis's ``up``); one ``<polyline>`` per player, through the sessions
    he played."""
    names = list(dict.fromkeys(name for s in sessions for name in s.get("results", {})))
    values = [v for s in sessions for v in s.get("results", {}).values()]
    floor = [0] if up is None else []  # a total's axis starts at 0, a rating's where it is
    count = len(sessions)
    # each player a little aside of the slot's middle, so that partners' equal totals
    # (belote, coinche) both show
    slot = (CHART_WIDTH - PLOT_LEFT - PLOT_RIGHT) / count
    dodge = min(4.0, slot / (2 * max(1, len(names))))
    series = []
    for number, name in enumerate(names):
        played = [(i, s) for i, s in enumerate(sessions) if name in s.get("results", {})]
        points = tuple((i + 0.5, s["results"][name]) for i, s in played)
        marks = () if count > MAX_DOTS else tuple(_dot(name, i, s) for i, s in played)
        shift = (number - (len(names) - 1) / 2) * dodge
        series.append(Series(name, palette.get(name, 0), (points,), marks, name, dodge=shift))
    model = Chart(
        title=title or tr(msg("Results of {game}, session by session", game=say.game_title(game))),
        series=tuple(series),
        x_max=count,
        x_ticks=tuple((i + 0.5, sessions[i].get("date") or "?") for i in _x_labels(sessions)),
        y_ticks=tuple(nice_ticks(min([*floor, *values]), max([*floor, *values]), 6)),
        across=_("Session"),
        up=up or _("Final total"),
    )
    look = Look(
        f'class="results" data-game="{escape(game)}"',
        CHART_WIDTH, PLOT_TOP, PLOT_LEFT, PLOT_RIGHT, PLOT_HEIGHT, False, 26,
    )  # fmt: skip
    return svg(model, look)


def _dot(name: str, index: int, session: Doc) -> Mark:
    """A player's marker in a session: filled where he won, saying his result."""
    total = session["results"][name]
    won = name in (session.get("winners") or [session.get("winner")])
    date = session.get("date") or "?"
    tip = tr(msg("{name}: {total} ({date})", name=name, total=total, date=date))
    return Mark(index + 0.5, total, won, tip)


# --------------------------------------------------------------------------------------------
# The league: ratings and records


def ratings(doc: Doc) -> str:
    """Per game, each player's rating after each of his counted sessions."""
    palette = colours(doc)
    out = [
        '<section class="ratings">',
        f"<h2>{escape(_('Ratings session by session'))}</h2>",
    ]
    drawn = False
    for game in say.games_played(doc):
        after: dict[str, dict[str, int]] = {}  # session → player → his rating after it
        for player in doc.get("players", ()):
            rating = (player.get("games", {}).get(game) or {}).get("rating") or {}
            for entry in rating.get("history", ()):
                after.setdefault(entry["session"], {})[player["name"]] = entry["value"]
        sessions = [
            {**s, "results": after[s["id"]]}
            for s in doc.get("sessions_list", ())
            if s.get("game") == game and s["id"] in after
        ]
        if not sessions:
            continue
        drawn = True
        title = tr(msg("Ratings at {game}, session by session", game=say.game_title(game)))
        out.append('<section class="game-ratings">')
        out.append(f"<h3>{escape(say.game_title(game))}</h3>")
        out.append(results_chart(game, sessions, palette, title, _("Rating")))
        out.append("</section>")
    if not drawn:
        return ""
    out.append(f'<p class="legend">{escape(league_legend())}</p>')
    out.append("</section>")
    return "\n".join(out)


def league_legend() -> str:
    from cardscore.stats.league import SCALE, START

    said = msg(
        "Rating: openskill's estimate of their level, counted low (μ − 3σ), shown as "
        "{start} + {scale} × (μ − 3σ): a newcomer starts at {start}. Each counted session "
        "is a match.",
        start=START,
        scale=SCALE,
    )
    return tr(said)


def records(doc: Doc) -> str:
    """Each game's records: what, how much, who, when, in which session."""
    found = doc.get("records") or {}
    if not found:
        return ""
    out = ['<section class="records">', f"<h2>{escape(_('Records'))}</h2>"]
    head = "".join(
        f"<th>{escape(word)}</th>"
        for word in (_("Record"), _("Value"), _("Who"), _("When"), _("Session"))
    )
    for game in say.games_played(doc):
        if game not in found:
            continue
        out.append(f"<h3>{escape(say.game_title(game))}</h3>")
        out.append(f'<table class="records" data-game="{escape(game)}">')
        out.append(f"<thead><tr>{head}</tr></thead><tbody>")
        for label, value, who, when, where in say.record_rows(game, found[game]):
            cells = (label, value, who, when, where)
            out.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        out.append("</tbody></table>")
        out += [
            f'<p class="feat-counts">{escape(line)}</p>'
            for line in say.feat_counts(game, found[game])
        ]
    out.append("</section>")
    return "\n".join(out)


def _x_labels(sessions: Sequence[Doc]) -> list[int]:
    """The sessions whose day is written under the axis: all of them while they fit (about
    one per 70 pixels), else evenly spaced ones, the first and the last always."""
    count = len(sessions)
    room = max(2, (CHART_WIDTH - PLOT_LEFT - PLOT_RIGHT) // 70)
    if count <= room:
        return list(range(count))
    step = math.ceil((count - 1) / (room - 1))
    chosen = list(range(0, count, step))
    if chosen[-1] != count - 1:
        if count - 1 - chosen[-1] < step / 2:
            chosen[-1] = count - 1
        else:
            chosen.append(count - 1)
    return chosen


# --------------------------------------------------------------------------------------------
# Notes


def notes(doc: Doc) -> str:
    lines = [say.common_legend(), *(tr(note) for note in doc.get("notes") or ())]
    return "\n".join(f'<p class="note">{escape(line)}</p>' for line in lines)
