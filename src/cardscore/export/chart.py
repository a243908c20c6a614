"""One chart model, drawn as SVG (the HTML sheet, the live page, the statistics page) and by
the PDF sheet (:func:`cardscore.export.pdf.chart`).

A :class:`Chart` is what a line chart shows, worked out once: each :class:`Series` (a
player's or a team's line, in stretches where he was not at the table every round; its
markers; its name and total in the legend), the values along x (rounds, or sessions) with
their labels, the ticks of y, the target when the game has one, and the titles.  The
scoresheet's chart is :func:`running_totals`; the statistics page builds one per game from
its sessions.  Each drawing only places it: :func:`svg` in pixels, the PDF in millimetres.

Every line has its colour (Okabe–Ito), its dash and its marker's shape, from its ``place``
(:data:`~cardscore.export.common.PALETTE`): it reads in colour, for the colour-blind, and
printed in black and white.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from html import escape

from cardscore.export import common
from cardscore.export.common import DASHES, MARKERS, PALETTE, Doc
from cardscore.i18n import _, msg, tr

#: Under the plot: its tick labels and the axis' title; then a legend row per three lines.
AXIS_SPACE = 44
LEGEND_ROW = 22
LEGEND_PER_ROW = 3
END_LABEL = 14  # the end labels' least distance apart (px)

Point = tuple[float, float]


@dataclasses.dataclass(frozen=True, slots=True)
class Mark:
    """A marker on a line: where, whether filled (a session won), what it says when
    pointed at (nothing: the sheet's, which mark the line's shape only)."""

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
    def y_min(self) -> int:
        return self.y_ticks[0]

    @property
    def y_max(self) -> int:
        return self.y_ticks[-1]

    @property
    def shows_target(self) -> bool:
        return bool(self.target) and self.y_min <= (self.target or 0) <= self.y_max


def running_totals(doc: Doc) -> Chart:
    """The scoresheet's chart: each column's running total, round by round (a player's
    line from his first round to his last, a line a stretch), a marker every few rounds,
    the target line when a total came near it."""
    names = list(doc["columns"])
    axes = common.chart_axes(doc)
    series = []
    for index, name in enumerate(names):
        runs = common.runs(doc, name)
        marks = [
            Mark(r, v) for run in runs for r, v in common.marker_points(run, index, len(names))
        ]
        label, total = common.label(doc, name), str(doc["totals"][name])
        runs_ = tuple(tuple(run) for run in runs)
        series.append(Series(name, index, runs_, tuple(marks), label, total))
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
    """Where an SVG chart draws its plot (pixels) and how: ``figure`` the attributes of
    its ``<figure>``; ``sheet`` for the scoresheet's look (tick marks on the axes, each
    line's parts tagged so that pointing at one brings it forward, its markers in one path,
    its total in the legend) rather than the statistics page's (a dot per session, filled
    where won, saying its result when pointed at); ``legend_width`` the characters of a
    name in the legend."""

    figure: str
    width: int
    top: int
    left: int
    right: int
    plot_height: int
    sheet: bool
    legend_width: int

    @property
    def plot_width(self) -> int:
        return self.width - self.left - self.right


def svg(chart: Chart, look: Look) -> str:
    """``chart`` as an inline SVG line chart, in a ``<figure>``: one ``<polyline>`` a
    stretch of each line, axes, labels, markers, each line's name at its end, a legend."""
    drawing = _Svg(chart, look)
    legend_rows = math.ceil(len(chart.series) / LEGEND_PER_ROW)
    height = look.top + look.plot_height + AXIS_SPACE + 8 + legend_rows * LEGEND_ROW
    out = [
        f'<figure {look.figure}><svg xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {look.width} {height}" width="{look.width}" height="{height}" '
        f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">',
        f"<title>{escape(chart.title)}</title>",
        *svg_grid_and_axes(drawing.plot, chart.y_ticks),
        *drawing.ticks(),
        "</g>",
        *drawing.labels(),
        *drawing.lines(),
        *(drawing.grouped_marks() if look.sheet else drawing.dots()),
        *drawing.ends(),
        *drawing.legend(),
    ]
    if look.sheet:
        out.append(_hover_style(len(chart.series)))
    out.append("</svg></figure>")
    return "\n".join(out)


class _Svg:
    """The parts of :func:`svg`, each a list of lines."""

    def __init__(self, chart: Chart, look: Look) -> None:
        self.chart, self.look = chart, look
        self.plot = SvgPlot(
            look.left, look.top, look.plot_width, look.plot_height, chart.y_min, chart.y_max
        )
        self.y = self.plot.y
        self.bottom = self.plot.bottom

    def x(self, value: float) -> float:
        return self.look.left + value / self.chart.x_max * self.look.plot_width

    def tag(self, series: Series, space: str = " ") -> str:
        """The class that ties a line's parts together (the sheet's), else nothing."""
        return f'class="series s{series.place}"{space}' if self.look.sheet else ""

    def ticks(self) -> list[str]:
        """The target's line, and (the sheet's) tick marks along both axes."""
        chart, look, y, out = self.chart, self.look, self.y, []
        if chart.shows_target:
            goal = chart.target or 0
            out.append(f'<line class="target" x1="{look.left}" x2="{look.left + look.plot_width}" '
                       f'y1="{y(goal):.1f}" y2="{y(goal):.1f}" stroke="#5b6470" '
                       f'stroke-dasharray="9 5" stroke-width="1.2"/>')  # fmt: skip
        if not look.sheet:
            return out
        for tick, _label in chart.x_ticks:
            x, bottom = self.x(tick), self.bottom
            out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{bottom}" y2="{bottom + 5}"/>')
        for tick in chart.y_ticks:
            out.append(f'<line x1="{look.left - 5}" x2="{look.left}" y1="{y(tick):.1f}" '
                       f'y2="{y(tick):.1f}"/>')  # fmt: skip
        return out

    def labels(self) -> list[str]:
        chart, look = self.chart, self.look
        out = ['<g class="labels" fill="#1b1f24">', *svg_value_labels(self.plot, chart.y_ticks)]
        under = f'y="{self.bottom + 19}"' if look.sheet else f'y="{self.bottom + 18}"'
        size = "" if look.sheet else ' font-size="10"'
        for tick, label in chart.x_ticks:
            out.append(f'<text x="{self.x(tick):.1f}" {under} text-anchor="middle"{size}>'
                       f"{escape(label)}</text>")  # fmt: skip
        if chart.shows_target:
            goal = chart.target or 0
            target = escape(tr(msg("target {goal}", goal=goal)))
            out.append(f'<text x="{look.left + 6}" y="{self.y(goal) - 5:.1f}" fill="#5b6470">'
                       f"{target}</text>")  # fmt: skip
        out.extend(svg_axis_title(self.plot, escape(chart.across), escape(chart.up)))
        out.append("</g>")
        return out

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
        out.append("</g>")
        return out

    def grouped_marks(self) -> list[str]:
        """A marker of the line's own shape every few rounds, in one path a line: where
        lines run together, each can still be found."""
        out = ['<g class="markers" stroke="#ffffff" stroke-width="1">']
        for series in self.chart.series:
            paths = "".join(
                svg_marker(series.shape, self.x(mark.x) + series.dodge, self.y(mark.y))
                for mark in series.marks
            )
            out.append(f'<g {self.tag(series)}fill="{series.colour}"><path d="{paths}"/></g>')
        out.append("</g>")
        return out

    def dots(self) -> list[str]:
        """A marker at each point, filled where won, saying its result when pointed at."""
        if not any(series.marks for series in self.chart.series):
            return []
        out = ['<g class="dots" stroke-width="1.6">']
        for series in self.chart.series:
            colour = series.colour
            for mark in series.marks:
                shape = svg_marker(series.shape, self.x(mark.x) + series.dodge, self.y(mark.y))
                fill = colour if mark.filled else "#ffffff"
                out.append(
                    f'<path d="{shape}" stroke="{colour}" fill="{fill}">'
                    f"<title>{escape(mark.tip)}</title></path>"
                )
        out.append("</g>")
        return out

    def ends(self) -> list[str]:
        """Each line's name at its end: where lines run together, each can be found."""
        series = self.chart.series
        top, bottom = self.look.top, self.bottom
        placed = common.spread([self.y(s.end[1]) for s in series], END_LABEL, top + 4, bottom + 4)
        out = ['<g class="ends" font-size="11.5" font-weight="bold">']
        for line, at in zip(series, placed, strict=True):
            x = self.x(line.end[0]) + line.dodge + 8
            out.append(
                f'<text {self.tag(line)}x="{x:.1f}" y="{at + 4:.1f}" fill="{line.colour}">'
                f"{escape(common.truncate(line.name, 13))}</text>"
            )
        out.append("</g>")
        return out

    def legend(self) -> list[str]:
        look = self.look
        out = ['<g class="legend" fill="#1b1f24">']
        legend_top = self.bottom + AXIS_SPACE + 8
        cell = (look.width - look.left) / LEGEND_PER_ROW
        for number, series in enumerate(self.chart.series):
            row, col = divmod(number, LEGEND_PER_ROW)
            left = look.left + col * cell
            middle = legend_top + row * LEGEND_ROW + 8
            label = escape(common.truncate(series.legend, look.legend_width))
            if series.total is not None:
                label += f' <tspan font-weight="bold">{series.total}</tspan>'
            colour = series.colour
            drawn = (
                f'<line x1="{left:.1f}" x2="{left + 34:.1f}" y1="{middle:.1f}" y2="{middle:.1f}" '
                f'stroke="{colour}" stroke-width="3"{svg_dash(series.place)}/>'
                f'<path d="{svg_marker(series.shape, left + 17, middle)}" '
                f'fill="{colour}" stroke="#ffffff" stroke-width="1"/>'
                f'<text x="{left + 42:.1f}" y="{middle + 4:.1f}">{label}</text>'
            )
            out.append(f"<g {self.tag(series, '')}>{drawn}</g>" if look.sheet else drawn)
        out.append("</g>")
        return out


def _hover_style(count: int) -> str:
    """Pointing at a line, a marker, an end label or a legend entry brings that line
    forward and fades the others (CSS only: the page has no script)."""
    rules = [".series { transition: opacity .12s; }"]
    for i in range(count):
        rules.append(
            f"svg:has(.s{i}:hover) .series:not(.s{i}) {{ opacity: .15; }} "
            f"svg:has(.s{i}:hover) polyline.s{i} {{ stroke-width: 4; }}"
        )
    return "<style>" + "\n".join(rules) + "</style>"


# The frame of an SVG chart: where the plot is, its grid, its axes, the labels of its values
# and the title of its axes; its markers and dashes.


@dataclasses.dataclass(frozen=True)
class SvgPlot:
    """The plot area of an SVG chart, in pixels: ``left``, ``top``, ``width``, ``height``;
    and the values its height spans, ``y_min`` at the bottom to ``y_max`` at the top."""

    left: float
    top: float
    width: float
    height: float
    y_min: float
    y_max: float

    @property
    def bottom(self) -> float:
        return self.top + self.height

    def y(self, value: float) -> float:
        """Where ``value`` is drawn, down from the top of the chart.

        >>> SvgPlot(left=62, top=14, width=600, height=250, y_min=-100, y_max=400).y(0)
        214.0
        """
        return self.top + (self.y_max - value) / (self.y_max - self.y_min) * self.height


def svg_grid_and_axes(plot: SvgPlot, ticks: Sequence[int]) -> list[str]:
    """A line across the plot at each of ``ticks``; then, in a group left open for the
    caller's own marks, the left and bottom axes and, when 0 is inside, a dashed zero line.

    >>> plot = SvgPlot(left=10, top=0, width=100, height=50, y_min=-10, y_max=40)
    >>> print("\\n".join(svg_grid_and_axes(plot, [0])))
    <g class="grid" stroke="#d5d9e0" stroke-width="1">
    <line x1="10" x2="110" y1="40.0" y2="40.0"/>
    </g>
    <g class="axes" stroke="#1b1f24" stroke-width="1.2">
    <line x1="10" x2="10" y1="0" y2="50"/>
    <line x1="10" x2="110" y1="50" y2="50"/>
    <line x1="10" x2="110" y1="40.0" y2="40.0" stroke="#6b7380" stroke-dasharray="3 3"/>
    """
    left, right, top, bottom, y = plot.left, plot.left + plot.width, plot.top, plot.bottom, plot.y
    out = ['<g class="grid" stroke="#d5d9e0" stroke-width="1">']
    for tick in ticks:
        out.append(f'<line x1="{left}" x2="{right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>')
    out.append("</g>")
    out.append('<g class="axes" stroke="#1b1f24" stroke-width="1.2">')
    out.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{bottom}"/>')
    out.append(f'<line x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}"/>')
    if plot.y_min < 0 < plot.y_max:
        out.append(f'<line x1="{left}" x2="{right}" y1="{y(0):.1f}" '
                   f'y2="{y(0):.1f}" stroke="#6b7380" stroke-dasharray="3 3"/>')  # fmt: skip
    return out


def svg_value_labels(plot: SvgPlot, ticks: Sequence[int]) -> list[str]:
    """Each of ``ticks`` written left of the plot, at its height (``15k`` for 15,000)."""
    return [
        f'<text x="{plot.left - 8}" y="{plot.y(tick) + 4:.1f}" text-anchor="end">'
        f"{common.tick_label(tick)}</text>"
        for tick in ticks
    ]


def svg_axis_title(plot: SvgPlot, across: str, up: str) -> list[str]:
    """The title of the bottom axis (``across``) under its labels and of the left axis
    (``up``) turned upright, both already escaped."""
    middle = plot.top + plot.height / 2
    return [
        f'<text x="{plot.left + plot.width / 2:.1f}" y="{plot.bottom + 37}" '
        f'text-anchor="middle" font-weight="bold">{across}</text>',
        f'<text x="14" y="{middle:.1f}" text-anchor="middle" font-weight="bold" '
        f'transform="rotate(-90 14 {middle:.1f})">{up}</text>',
    ]


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
