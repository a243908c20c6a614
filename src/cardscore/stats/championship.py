"""``cardscore stats --championship``: the season's championship, from the finished
tournaments of the homes read (:mod:`cardscore.tournament.season`, ranked by
:mod:`cardscore.tournament.championship`), as the terminal, ``--json`` and the page say it.

Only ``stats --championship`` imports this module: ``stats`` alone never reads the
tournaments folder.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardscore.grid import Grid
from cardscore.i18n import _, msg, tr
from cardscore.tournament.championship import Row, as_json, championship
from cardscore.tournament.record import Tournament
from cardscore.tournament.season import gather

if TYPE_CHECKING:
    from rich.console import RenderableType


@dataclass(frozen=True)
class Board:
    """The championship and what it was made of: its rows, how many tournaments counted,
    those left out (not finished), how it counts (``best``, ``places``), the warnings of
    reading the tournaments."""

    rows: list[Row]
    evenings: int
    unfinished: list[Tournament] = field(default_factory=list)
    best: int | None = None
    places: tuple[int, ...] = ()
    warnings: list[str] = field(default_factory=list)

    def json(self) -> list[dict[str, Any]]:
        """``"championship"`` of ``stats --json``."""
        return as_json(self.rows)


def make(
    homes: Sequence[Path],
    *,
    game: str | None,
    rules: str | None,
    since: _dt.date | None,
    until: _dt.date | None,
    best: int | None,
    places: tuple[int, ...],
) -> Board:
    """The championship of the tournaments of ``homes`` chosen by the options."""
    season = gather(homes, game=game, rules=rules, since=since, until=until)
    rows = championship(season.evenings, best=best, places=places)
    return Board(rows, len(season.evenings), season.unfinished, best, places, season.warnings)


# --------------------------------------------------------------------------------------------
# What is said around the table


def heading(board: Board, homes: Sequence[str]) -> str:
    """``Championship: 3 tournaments in /home/ann/.local/share/cardscore``."""
    from cardscore.stats.render import homes_text

    count = (
        msg("{count} tournament", count=board.evenings)
        if board.evenings == 1
        else msg("{count} tournaments", count=board.evenings)
    )
    return tr(msg("Championship: {count} in {homes}", count=count, homes=homes_text(homes)))


def empty_line(homes: Sequence[str], filters: Sequence[str]) -> str:
    """What is said when no finished tournament counts."""
    from cardscore.stats.render import homes_text

    if filters:
        return tr(
            msg(
                "No finished tournament in {homes} for {filters}.",
                homes=homes_text(homes),
                filters=", ".join(filters),
            )
        )
    return tr(msg("No finished tournament in {homes}.", homes=homes_text(homes)))


def legend(board: Board) -> list[str]:
    """How the table counts: the place points, the evenings counted, the ties."""
    if board.places:
        points = msg(
            "Points: each tournament's place points, {places} for the first places (0 after).",
            places=", ".join(map(str, board.places)),
        )
    else:
        points = msg(
            "Points: each tournament's place points, its field's size down to 1 "
            "(the first of 20: 20)."
        )
    if board.best is None:
        counted = msg("Evenings: counted/played (every evening counts).")
    else:
        counted = msg("Evenings: counted/played (the best {best} count).", best=board.best)
    ties = msg(
        "Score: the sum of the tournament scores of the evenings counted, which breaks a tie "
        "of points (at rami the lower); players still tied share their rank."
    )
    return [tr(points), tr(counted), tr(ties)]


def unfinished_line(board: Board) -> str | None:
    """``Not finished, not counted: Club night (k3f9).``, or ``None``."""
    if not board.unfinished:
        return None
    named = ", ".join(f"{t.title} ({t.id})" if t.title else t.id for t in board.unfinished)
    return tr(msg("Not finished, not counted: {tournaments}.", tournaments=named))


def cells(row: Row) -> list[str]:
    """A row's cells: rank, name, points, counted/played, score."""
    return [
        str(row.rank),
        row.name,
        str(row.points),
        f"{row.counted}/{row.evenings}",
        str(row.score),
    ]


def headings() -> list[str]:
    return ["#", _("Player"), _("Points"), _("Evenings"), _("Score")]


# --------------------------------------------------------------------------------------------
# The terminal


def report(board: Board, homes: Sequence[str], filters: Sequence[str]) -> list[RenderableType]:
    """What ``stats --championship`` prints: the heading, the table, how it counts."""
    from rich.text import Text

    from cardscore.stats.render import whole_line

    parts: list[RenderableType] = []
    if not board.rows:
        parts.append(whole_line(empty_line(homes, filters)))
    else:
        parts += [whole_line(heading(board, homes), style="bold"), Text(""), table(board)]
        parts += [Text(line, style="dim") for line in legend(board)]
    if line := unfinished_line(board):
        parts.append(whole_line(line))
    return parts


def table(board: Board) -> Grid:
    """The championship as a terminal table."""
    grid = Grid()
    for index, title in enumerate(headings()):
        grid.add_column(title, justify="left" if index == 1 else "right")
    for row in board.rows:
        grid.add_row(*cells(row))
    return grid


# --------------------------------------------------------------------------------------------
# The page


def section(board: Board, homes: Sequence[str], filters: Sequence[str]) -> str:
    """The championship's section of the statistics page."""
    out = ['<section class="championship" id="championship">']
    out.append(f"<h2>{escape(_('Championship'))}</h2>")
    if not board.rows:
        out.append(f'<p class="empty">{escape(empty_line(homes, filters))}</p>')
    else:
        out.append(f"<p>{escape(heading(board, homes))}</p>")
        out.append('<table class="players championship">')
        head = "".join(
            f'<th class="name">{escape(h)}</th>' if i == 1 else f"<th>{escape(h)}</th>"
            for i, h in enumerate(headings())
        )
        out.append(f"<thead><tr>{head}</tr></thead>")
        out.append("<tbody>")
        for row in board.rows:
            said = cells(row)
            tds = "".join(
                f'<td class="name">{escape(c)}</td>'
                if i == 1
                else f'<td class="n">{escape(c)}</td>'
                for i, c in enumerate(said)
            )
            out.append(f"<tr>{tds}</tr>")
        out += ["</tbody>", "</table>"]
        out += [f'<p class="legend">{escape(line)}</p>' for line in legend(board)]
    if line := unfinished_line(board):
        out.append(f'<p class="note">{escape(line)}</p>')
    out.append("</section>")
    return "\n".join(out)
