"""One chart model, drawn as SVG (the HTML sheet, the live page, the statistics page) and
with fpdf2's drawing calls (the PDF sheet).

A :class:`Chart` is what a line chart shows, worked out once: each :class:`Series` (a line
in stretches, its markers, its legend), the values along x with their labels, the ticks of
y, the target, the titles.  The scoresheet's is :func:`running_totals`; the statistics page
builds one per game.  :func:`svg` and :func:`draw_pdf` only place it.  Every line has its
colour (Okabe–Ito), dash and marker shape from its ``place``: it reads in colour, for the
colour-blind, and printed in black and white.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from html import escape
from typing import Any

from cardscore.export import common
from cardscore.export.common import DASHES, MARKERS, PALETTE, Doc
from cardscore.i18n import _, msg, tr

#: Under the plot: its tick labels and the axis' title; then a legend row per three lines.
AXIS_SPACE = 44
LEGEND_ROW = 22
LEGEND_PER_ROW = 3
END_LABEL = 14  # the end labels' least distance apart (px)
INK, MUTED = "#1b1f24", "#5b6470"  # the text's colours, the target's

Point = tuple[float, float]


@dataclasses.dataclass(frozen=True, slots=True)
class Mark:
    """A marker: where, whether filled (a session won), what it says when pointed at."""

    x: float
    y: float
    filled: bool = True
    tip: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class Series:
    """One line: its ``name`` (a column, a player), its ``place`` (colour, dash, marker),
    its ``runs`` (one for each stretch of rounds it played), its markers, its ``legend``
    label and the ``total`` written after it (none on the statistics page), and ``dodge``:
    how many pixels aside it is drawn (partners' equal results both show)."""

    name: str
    place: int
    runs: tuple[tuple[Point, ...], ...]
    marks: tuple[Mark, ...]
    legend: str
    total: str | None = None
    dodge: float = 0.0

    @property
    def colour(self) -> str:
        return PALETTE[self.place % len(PALETTE)]

    @property
    def shape(self) -> str:
        return MARKERS[self.place % len(MARKERS)]

    @property
    def end(self) -> Point:
        """Where the line ends (its name is written there)."""
        return self.runs[-1][-1]


@dataclasses.dataclass(frozen=True, slots=True)
class Chart:
    """What a line chart shows (see the module's docstring): x runs from 0 to ``x_max``,
    ``x_ticks`` are ``(value, label)``; y spans its ``y_ticks``."""

    title: str
    series: tuple[Series, ...]
    x_max: float
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[int, ...]
    across: str  # the title of the x axis
    up: str  # the title of the y axis
    target: int | None = None

    @property
    def goal(self) -> int | None:
        """The target, when its line is inside the plot."""
        low, high, goal = self.y_ticks[0], self.y_ticks[-1], self.target
        return goal if goal and low <= goal <= high else None

    def frame(self, left: float, top: float, width: float, height: float) -> Frame:
        """The chart's plot drawn at ``left``, ``top`` (pixels, or millimetres)."""
        return Frame(left, top, width, height, self.x_max, self.y_ticks[0], self.y_ticks[-1])


@dataclasses.dataclass(frozen=True, slots=True)
class Frame:
    """Where a plot is drawn, and the values it spans: x from 0 to ``x_max``, y from
    ``y_min`` at the bottom to ``y_max`` at the top.

    >>> Frame(62, 14, 600, 250, x_max=10, y_min=-100, y_max=400).at((5, 0))
    (362.0, 214.0)
    """

    left: float
    top: float
    width: float
    height: float
    x_max: float
    y_min: float
    y_max: float

    @property
    def bottom(self) -> float:
        return self.top + self.height

    def x(self, value: float) -> float:
        return self.left + value / self.x_max * self.width

    def y(self, value: float) -> float:
        return self.top + (self.y_max - value) / (self.y_max - self.y_min) * self.height

    def at(self, point: Point) -> Point:
        return self.x(point[0]), self.y(point[1])


def running_totals(doc: Doc) -> Chart:
    """The scoresheet's chart: each column's running total, round by round (a player's
    line from his first round to his last, a line a stretch), a marker every few rounds,
    the target line when a total came near it."""
    names, axes, series = list(doc["columns"]), common.chart_axes(doc), []
    for index, name in enumerate(names):
        runs = tuple(tuple(run) for run in common.runs(doc, name))
        marks = (Mark(*p) for run in runs for p in common.marker_points(run, index, len(names)))
        label, total = common.label(doc, name), str(doc["totals"][name])
        series.append(Series(name, index, runs, tuple(marks), label, total))
    return Chart(
        title=tr(msg("Running totals of {names}, round by round", names=", ".join(names))),
        series=tuple(series),
        x_max=axes.x_max,
        x_ticks=tuple((tick, common.tick_label(tick)) for tick in axes.x_ticks),
        y_ticks=tuple(axes.y_ticks),
        across=_("Round"),
        up=_("Running total"),
        target=common.target(doc),
    )


# --------------------------------------------------------------------------------------------
# SVG


@dataclasses.dataclass(frozen=True, slots=True)
class Look:
    """Where an SVG chart draws its plot (pixels) and how: ``sheet`` for the scoresheet's
    look (tick marks, each line's parts tagged for the hover, its markers in one path, its
    total in the legend), else the statistics page's (a dot a session, filled where won)."""

    figure: str
    width: int
    top: int
    left: int
    right: int
    plot_height: int
    sheet: bool
    legend_width: int


def svg(chart: Chart, look: Look) -> str:
    """``chart`` as an inline SVG line chart, in a ``<figure>``: one ``<polyline>`` a
    stretch of each line, axes, labels, markers, each line's name at its end, a legend."""
    frame = chart.frame(look.left, look.top, look.width - look.left - look.right, look.plot_height)
    drawing = _Svg(chart, look, frame)
    legend_rows = math.ceil(len(chart.series) / LEGEND_PER_ROW)
    height = look.top + look.plot_height + AXIS_SPACE + 8 + legend_rows * LEGEND_ROW
    out = [
        f'<figure {look.figure}><svg xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {look.width} {height}" width="{look.width}" height="{height}" '
        f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">',
        f"<title>{escape(chart.title)}</title>",
        *svg_grid_and_axes(frame, chart.y_ticks),
        *drawing.ticks(),
        "</g>",
        *drawing.labels(),
        *drawing.lines(),
        *(drawing.grouped_marks() if look.sheet else drawing.dots()),
        *drawing.ends(),
        *drawing.legend(),
    ]
    if look.sheet:  # pointing at a line's part brings it forward, fades the others (no script)
        out.append("<style>.series { transition: opacity .12s; }")
        for i in range(len(chart.series)):
            out.append(f"svg:has(.s{i}:hover) .series:not(.s{i}) {{ opacity: .15; }} "
                       f"svg:has(.s{i}:hover) polyline.s{i} {{ stroke-width: 4; }}")  # fmt: skip
        out[-1] += "</style>"
    out.append("</svg></figure>")
    return "\n".join(out)


class _Svg:
    """The parts of :func:`svg`, each a list of lines."""

    def __init__(self, chart: Chart, look: Look, frame: Frame) -> None:
        self.chart, self.look, self.frame = chart, look, frame
        self.x, self.y, self.bottom = frame.x, frame.y, frame.bottom

    def tag(self, series: Series, space: str = " ") -> str:
        """The class that ties a line's parts together (the sheet's), else nothing."""
        return f'class="series s{series.place}"{space}' if self.look.sheet else ""

    def ticks(self) -> list[str]:
        """The target's line, and (the sheet's) tick marks along both axes."""
        chart, frame, y, out = self.chart, self.frame, self.y, []
        if (goal := chart.goal) is not None:
            out.append(f'<line class="target" x1="{frame.left}" x2="{frame.left + frame.width}" '
                       f'y1="{y(goal):.1f}" y2="{y(goal):.1f}" stroke="#5b6470" '
                       f'stroke-dasharray="9 5" stroke-width="1.2"/>')  # fmt: skip
        if self.look.sheet:
            for x in (self.x(tick) for tick, _label in chart.x_ticks):
                out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{self.bottom}" '
                           f'y2="{self.bottom + 5}"/>')  # fmt: skip
            out += [f'<line x1="{frame.left - 5}" x2="{frame.left}" y1="{y(tick):.1f}" '
                    f'y2="{y(tick):.1f}"/>' for tick in chart.y_ticks]  # fmt: skip
        return out

    def labels(self) -> list[str]:
        chart, frame, y = self.chart, self.frame, self.y
        out = ['<g class="labels" fill="#1b1f24">']
        out += [f'<text x="{frame.left - 8}" y="{y(tick) + 4:.1f}" text-anchor="end">'
                f"{common.tick_label(tick)}</text>" for tick in chart.y_ticks]  # fmt: skip
        under = f'y="{self.bottom + 19}"' if self.look.sheet else f'y="{self.bottom + 18}"'
        size = "" if self.look.sheet else ' font-size="10"'
        for tick, label in chart.x_ticks:
            out.append(f'<text x="{self.x(tick):.1f}" {under} text-anchor="middle"{size}>'
                       f"{escape(label)}</text>")  # fmt: skip
        if (goal := chart.goal) is not None:
            target = escape(tr(msg("target {goal}", goal=goal)))
            out.append(f'<text x="{frame.left + 6}" y="{self.y(goal) - 5:.1f}" fill="#5b6470">'
                       f"{target}</text>")  # fmt: skip
        middle = frame.top + frame.height / 2
        out.append(
            f'<text x="{frame.left + frame.width / 2:.1f}" y="{self.bottom + 37}" '
            f'text-anchor="middle" font-weight="bold">{escape(chart.across)}</text>'
        )
        out.append(
            f'<text x="14" y="{middle:.1f}" text-anchor="middle" font-weight="bold" '
            f'transform="rotate(-90 14 {middle:.1f})">{escape(chart.up)}</text>'
        )
        return [*out, "</g>"]  # fmt: skip

    def lines(self) -> list[str]:
        out = ['<g class="lines" fill="none" stroke-width="2.2" stroke-linejoin="round" '
               'stroke-linecap="round">']  # fmt: skip
        data = "data-column" if self.look.sheet else "data-player"
        for series in self.chart.series:
            name = escape(series.name)
            for run in series.runs:  # one line for each stretch of rounds the column played
                points = " ".join(f"{self.x(r) + series.dodge:.1f},{self.y(v):.1f}" for r, v in run)
                out.append(
                    f'<polyline {self.tag(series)}{data}="{name}" stroke="{series.colour}"'
                    f'{svg_dash(series.place)} points="{points}"><title>{name}</title></polyline>'
                )
        return [*out, "</g>"]

    def grouped_marks(self) -> list[str]:
        """A marker of the line's own shape every few rounds, in one path a line: where
        lines run together, each can still be found."""
        out = ['<g class="markers" stroke="#ffffff" stroke-width="1">']
        for series in self.chart.series:
            paths = "".join(self.marker(series, mark) for mark in series.marks)
            out.append(f'<g {self.tag(series)}fill="{series.colour}"><path d="{paths}"/></g>')
        return [*out, "</g>"]

    def dots(self) -> list[str]:
        """A marker at each point, filled where won, saying its result when pointed at."""
        if not any(series.marks for series in self.chart.series):
            return []
        out = ['<g class="dots" stroke-width="1.6">']
        for series in self.chart.series:
            for mark in series.marks:
                fill = series.colour if mark.filled else "#ffffff"
                out.append(f'<path d="{self.marker(series, mark)}" stroke="{series.colour}" '
                           f'fill="{fill}"><title>{escape(mark.tip)}</title></path>')  # fmt: skip
        return [*out, "</g>"]

    def marker(self, series: Series, mark: Mark) -> str:
        return svg_marker(series.shape, self.x(mark.x) + series.dodge, self.y(mark.y))

    def ends(self) -> list[str]:
        """Each line's name at its end: where lines run together, each can be found."""
        series, top = self.chart.series, self.frame.top
        placed = common.spread(
            [self.y(s.end[1]) for s in series], END_LABEL, top + 4, self.bottom + 4
        )
        out = ['<g class="ends" font-size="11.5" font-weight="bold">']
        for line, at in zip(series, placed, strict=True):
            x = self.x(line.end[0]) + line.dodge + 8
            out.append(f'<text {self.tag(line)}x="{x:.1f}" y="{at + 4:.1f}" fill="{line.colour}">'
                       f"{escape(common.truncate(line.name, 13))}</text>")  # fmt: skip
        return [*out, "</g>"]

    def legend(self) -> list[str]:
        look, out = self.look, ['<g class="legend" fill="#1b1f24">']
        cell = (look.width - look.left) / LEGEND_PER_ROW
        for number, series in enumerate(self.chart.series):
            row, col = divmod(number, LEGEND_PER_ROW)
            left = look.left + col * cell
            middle = self.bottom + AXIS_SPACE + 8 + row * LEGEND_ROW + 8
            label = escape(common.truncate(series.legend, look.legend_width))
            if series.total is not None:
                label += f' <tspan font-weight="bold">{series.total}</tspan>'
            drawn = (
                f'<line x1="{left:.1f}" x2="{left + 34:.1f}" y1="{middle:.1f}" y2="{middle:.1f}" '
                f'stroke="{series.colour}" stroke-width="3"{svg_dash(series.place)}/>'
                f'<path d="{svg_marker(series.shape, left + 17, middle)}" '
                f'fill="{series.colour}" stroke="#ffffff" stroke-width="1"/>'
                f'<text x="{left + 42:.1f}" y="{middle + 4:.1f}">{label}</text>'
            )
            out.append(f"<g {self.tag(series, '')}>{drawn}</g>" if look.sheet else drawn)
        return [*out, "</g>"]


def svg_grid_and_axes(frame: Frame, ticks: Sequence[int]) -> list[str]:
    """A line across the plot at each of ``ticks``; then, in a group left open for the
    caller's own marks, the left and bottom axes and, when 0 is inside, a dashed zero line.

    >>> frame = Frame(left=10, top=0, width=100, height=50, x_max=1, y_min=-10, y_max=40)
    >>> print("\\n".join(svg_grid_and_axes(frame, [0])))
    <g class="grid" stroke="#d5d9e0" stroke-width="1">
    <line x1="10" x2="110" y1="40.0" y2="40.0"/>
    </g>
    <g class="axes" stroke="#1b1f24" stroke-width="1.2">
    <line x1="10" x2="10" y1="0" y2="50"/>
    <line x1="10" x2="110" y1="50" y2="50"/>
    <line x1="10" x2="110" y1="40.0" y2="40.0" stroke="#6b7380" stroke-dasharray="3 3"/>
    """
    left, right, top, bottom, y = (
        frame.left,
        frame.left + frame.width,
        frame.top,
        frame.bottom,
        frame.y,
    )
    out = ['<g class="grid" stroke="#d5d9e0" stroke-width="1">']
    out += [f'<line x1="{left}" x2="{right}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>' for t in ticks]
    out.append("</g>")
    out.append('<g class="axes" stroke="#1b1f24" stroke-width="1.2">')
    out.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{bottom}"/>')
    out.append(f'<line x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}"/>')
    if frame.y_min < 0 < frame.y_max:
        out.append(f'<line x1="{left}" x2="{right}" y1="{y(0):.1f}" '
                   f'y2="{y(0):.1f}" stroke="#6b7380" stroke-dasharray="3 3"/>')  # fmt: skip
    return out


def svg_marker(shape: str, cx: float, cy: float, r: float = 4.2) -> str:
    """An SVG path of a marker of ``shape`` centred on ``(cx, cy)`` (see
    :func:`~cardscore.export.common.marker_outline`).

    >>> svg_marker("square", 10, 10, 2)
    'M8.3,8.3L11.7,8.3L11.7,11.7L8.3,11.7Z'
    """
    if shape == "circle":
        return (
            f"M{cx - r:.1f},{cy:.1f}a{r:.1f},{r:.1f} 0 1,0 {2 * r:.1f},0"
            f"a{r:.1f},{r:.1f} 0 1,0 {-2 * r:.1f},0Z"
        )
    outline = common.marker_outline(shape, r)
    return "M" + "L".join(f"{cx + dx:.1f},{cy + dy:.1f}" for dx, dy in outline) + "Z"


def svg_dash(index: int) -> str:
    """The ``stroke-dasharray`` attribute of the ``index``-th line (none for a solid one)."""
    pattern = DASHES[index % len(DASHES)]
    return f' stroke-dasharray="{" ".join(f"{d:g}" for d in pattern)}"' if pattern else ""


# --------------------------------------------------------------------------------------------
# PDF (fpdf2's drawing calls on the sheet's page: millimetres)

#: Dash patterns (dash, gap in mm) matching the SVG's: solid, long, dots, …
PDF_DASHES = ((0, 0), (2.4, 1.0), (0.4, 0.9), (3.6, 1.2), (1.3, 1.3), (0.2, 0.6))
END_LABELS = 22.0  # room right of the plot for each line's name at its end (mm)


def rgb(colour: str) -> tuple[int, int, int]:
    """``#1b1f24`` as fpdf2 takes it: ``(27, 31, 36)``."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def draw_pdf(pdf: Any, chart: Chart, left: float, top: float, width: float) -> None:
    """``chart`` on a PDF page (``pdf`` a :class:`cardscore.export.pdf.Sheet`) from ``left``,
    ``top`` and ``width`` mm wide: the plot, each stretch of each line, its markers, its name
    at its end, and a legend under it; then the page's cursor under the legend."""
    frame = chart.frame(left + 16, top + 2, width - 18 - END_LABELS, 62.0)
    pdf.set_dash_pattern()
    _pdf_axes(pdf, chart, frame, left)
    pdf.set_line_width(0.55)
    for series in chart.series:
        pdf.set_draw_color(*rgb(series.colour))
        pdf.set_dash_pattern(*PDF_DASHES[series.place % len(PDF_DASHES)])
        for run in series.runs:  # each stretch of rounds the column played
            if len(run) > 1:
                pdf.polyline([frame.at(point) for point in run])
    pdf.set_dash_pattern()
    pdf.set_draw_color(255, 255, 255)
    pdf.set_line_width(0.2)
    for series in chart.series:
        pdf.set_fill_color(*rgb(series.colour))
        for mark in series.marks:
            _pdf_marker(pdf, series.shape, *frame.at((mark.x, mark.y)))
    ends = [frame.y(series.end[1]) for series in chart.series]
    placed = common.spread(ends, 3.4, frame.top + 1, frame.bottom + 1)
    for series, at in zip(chart.series, placed, strict=True):
        pdf.font(7.5, bold=True, color=rgb(series.colour))
        pdf.text(frame.x(series.end[0]) + 2.2, at + 1.1, pdf.fit(series.name, END_LABELS - 2.5))
    _pdf_legend(pdf, chart, frame.left, frame.bottom + 14, (width - 16) / LEGEND_PER_ROW)


def _pdf_axes(pdf: Any, chart: Chart, frame: Frame, left: float) -> None:
    """The grid, the axes with their ticks and labels, the zero and target lines, the
    axes' titles."""
    plot_left, plot_w, bottom, y = frame.left, frame.width, frame.bottom, frame.y
    pdf.set_draw_color(*rgb("#d5d9e0"))
    pdf.set_line_width(0.2)
    for tick in chart.y_ticks:
        pdf.line(plot_left, y(tick), plot_left + plot_w, y(tick))
    pdf.set_draw_color(*rgb(INK))
    pdf.set_line_width(0.3)
    pdf.line(plot_left, frame.top, plot_left, bottom)
    pdf.line(plot_left, bottom, plot_left + plot_w, bottom)
    pdf.font(7.5)
    for tick in chart.y_ticks:
        pdf.line(plot_left - 1.5, y(tick), plot_left, y(tick))
        label = common.tick_label(tick)
        pdf.text(plot_left - 2.5 - pdf.get_string_width(label), y(tick) + 1.1, label)
    for tick, label in chart.x_ticks:
        pdf.line(frame.x(tick), bottom, frame.x(tick), bottom + 1.5)
        pdf.text(frame.x(tick) - pdf.get_string_width(label) / 2, bottom + 5, label)
    if frame.y_min < 0 < frame.y_max:
        pdf.set_draw_color(*rgb("#6b7380"))
        _pdf_dashed(pdf, (1, 1), plot_left, y(0), plot_w)
    if (goal := chart.goal) is not None:
        pdf.set_draw_color(*rgb(MUTED))
        pdf.set_line_width(0.3)
        _pdf_dashed(pdf, (3, 1.5), plot_left, y(goal), plot_w)
        pdf.font(7.5, color=rgb(MUTED))
        pdf.text(plot_left + 2, y(goal) - 1.2, pdf.t(tr(msg("target {goal}", goal=goal))))
    pdf.font(8, bold=True)
    label = pdf.t(chart.across)
    pdf.text(plot_left + plot_w / 2 - pdf.get_string_width(label) / 2, bottom + 10, label)
    label, middle = pdf.t(chart.up), frame.top + frame.height / 2
    with pdf.rotation(90, left + 3, middle):
        pdf.text(left + 3 - pdf.get_string_width(label) / 2, middle + 1, label)


def _pdf_dashed(pdf: Any, dash: tuple[float, float], left: float, y: float, width: float) -> None:
    pdf.set_dash_pattern(*dash)
    pdf.line(left, y, left + width, y)
    pdf.set_dash_pattern()


def _pdf_marker(pdf: Any, shape: str, x: float, y: float) -> None:
    outline = common.marker_outline(shape, 1.1)
    pdf.polygon([(x + dx, y + dy) for dx, dy in outline], style="FD")


def _pdf_legend(pdf: Any, chart: Chart, left: float, top: float, cell: float) -> None:
    """Each line's sample, marker, name and total, three a row."""
    for index, series in enumerate(chart.series):
        row, col = divmod(index, LEGEND_PER_ROW)
        lx, ly = left + col * cell, top + row * 5.5
        pdf.set_draw_color(*rgb(series.colour))
        pdf.set_line_width(0.8)
        _pdf_dashed(pdf, PDF_DASHES[series.place % len(PDF_DASHES)], lx, ly, 9)
        pdf.set_fill_color(*rgb(series.colour))
        pdf.set_draw_color(255, 255, 255)
        pdf.set_line_width(0.2)
        _pdf_marker(pdf, series.shape, lx + 4.5, ly)
        total = series.total or ""
        pdf.font(8, bold=True)
        total_w = pdf.get_string_width(total)
        pdf.font(8)
        shown = pdf.fit(series.legend, cell - 12 - total_w - 3)
        shown_w = pdf.get_string_width(shown)
        pdf.text(lx + 11, ly + 1.1, shown)
        pdf.font(8, bold=True)
        pdf.text(lx + 11 + shown_w + 1.5, ly + 1.1, total)
    pdf.set_line_width(0.2)
    pdf.set_xy(pdf.l_margin, top + math.ceil(len(chart.series) / LEGEND_PER_ROW) * 5.5)
