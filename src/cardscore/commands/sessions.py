"""The commands about saved sessions as a whole: ``print`` (export a scoresheet), ``show``,
``list`` and ``delete``."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.commands.base import (
    JsonOpt,
    SessionArg,
    _lazy_store,
    app,
    environment,
    out,
    print_json,
)
from cardscore.games import preset_word
from cardscore.games.base import InputError
from cardscore.i18n import _, date_text, msg, tr

# --------------------------------------------------------------------------------------------
# print


@app.command("print")
def print_sheet(
    session: SessionArg = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="txt, md, csv, html, pdf or json (default: from -o's extension, else txt).",
            autocompletion=completion.formats,
            metavar=msg("FORMAT"),
        ),
    ] = None,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="Write to this file.", metavar=msg("PATH"))
    ] = None,
    separator: Annotated[
        str | None,
        typer.Option(
            "--csv-separator",
            help="The CSV's separator: ',' ';' or tab (default: ';' in French and Norwegian, "
            "as their spreadsheets expect, else ',').",
            metavar=msg("SEP"),
        ),
    ] = None,
) -> None:
    """Export the scoresheet (to standard output, or to a file with -o)."""
    from cardscore import export

    chosen = export.pick_format(fmt, output)
    options = {}
    if separator is not None:
        if chosen != "csv":
            raise InputError(
                msg("--csv-separator: only for --format csv (not {format})", format=chosen)
            )
        options["separator"] = export.csv_separator(separator)
    current = _lazy_store().load(session)
    data = export.render(chosen, current, current.standings(), **options)
    if output is None:
        if isinstance(data, bytes):
            raise InputError(msg("--format {format}: binary output needs -o PATH", format=chosen))
        sys.stdout.write(data)
        return
    path = export.write(output, data)
    typer.echo(tr(msg("Wrote {path}", path=str(path))), err=True)


# --------------------------------------------------------------------------------------------
# show / list / delete


@app.command()
def show(
    session: SessionArg = None,
    all_rounds: Annotated[
        bool, typer.Option("--all", help="Every round, not just the last ones.")
    ] = False,
    detail: Annotated[bool, typer.Option("--detail", help="Each round's breakdown.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The scoresheet: the totals and the most recent rounds (or every round)."""
    current = _lazy_store().load(session)
    standings = current.standings()
    if as_json:
        from cardscore.document import scoresheet

        print_json(scoresheet(current, standings))
        return
    from cardscore import render

    rows = standings.rows
    if not all_rounds:
        import shutil

        height = shutil.get_terminal_size((100, 30)).lines
        fit = max(3, (height - 18) // (4 if detail else 1))
        rows = rows[-fit:]
        if len(rows) < len(standings.rows):
            earlier = len(standings.rows) - len(rows)
            from rich.text import Text

            out(Text(tr(msg("… {count} earlier rounds (see --all)", count=earlier)), style="dim"))
    if rows:
        sheet = render.sheet(current, standings, rows, detail=detail)
        out(sheet, soft_wrap=isinstance(sheet, render.PlainSheet))
    out(render.totals_table(current, standings))
    if line := render.outcome_line(standings):
        out(line)


@app.command("list")
def list_sessions(as_json: JsonOpt = False) -> None:
    """The saved sessions, most recent first."""
    from cardscore import catalog  # its index spares reading the sessions that did not change

    found = catalog.scan()
    rows: list[dict[str, Any]] = [entry.summary() for entry in found.entries]
    for problem in found.warnings:
        typer.echo(tr(msg("cardscore: warning: {problem}", problem=problem)), err=True)
    if as_json:
        print_json(rows)
        return
    if not rows:
        out(_("No saved session yet: start one with `cardscore new tarot --players 5`."))
        return
    import shutil

    from cardscore.grid import Grid  # Rich's Table, drawn ~20× faster while the rows fit

    def listed(ids: Sequence[str], caption: str | None = None) -> Grid:
        table = Grid(title=_("Sessions"), caption=caption)
        for header, justify in (
            (_("id"), "left"),
            (_("game"), "left"),
            (_("rules"), "left"),
            (_("players"), "left"),
            (_("rounds"), "right"),
            (_("last change"), "left"),
            (_("state"), "left"),
        ):
            table.add_column(header, justify=justify)
        table.columns[0].min_width = max(len(i) for i in ids)  # the id is never cut
        for row, shown in zip(rows, ids, strict=True):
            state = (
                tr(msg("won by {winner}", winner=row["winner"]))
                if row.get("finished")
                else _("in play")
            )
            label = ", ".join(row["players"]) + (f" — {row['title']}" if row["title"] else "")
            table.add_row(
                shown,
                row["game"],
                preset_word(row["rules"]),
                label,
                str(row["rounds"]),
                date_text(row["updated"]),
                state,
            )
        return table

    ids = [row["id"] for row in rows]
    table = listed(ids)
    width = shutil.get_terminal_size((100, 30)).columns
    if _narrowest(table) > width:  # too narrow for every id in full: its first letters
        shown = _lazy_store().short_ids(ids)
        caption = tr(msg("An id's first letters are enough: cardscore show {id}", id=shown[0]))
        table = listed(shown, caption)
    out(table)


def _narrowest(table: Any) -> int:
    """The narrowest ``table`` (a Grid) can be drawn without cutting a word: each column
    as wide as its longest word (the id column: its ids), the edges and padding around."""
    from rich.cells import cell_len

    widest = []
    for index, column in enumerate(table.columns):
        cells = [str(column.header), *(str(row[index]) for row in table.rows)]
        words = max((cell_len(word) for cell in cells for word in cell.split()), default=0)
        widest.append(max(words, column.min_width or 0))
    return sum(widest) + 3 * len(widest) + 1


@app.command()
def delete(
    session: Annotated[
        str,
        typer.Argument(
            help="Session id or unique prefix.",
            autocompletion=completion.sessions,
            metavar=msg("SESSION"),
        ),
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete a session."""
    store = _lazy_store()
    session_id = store.resolve(session)
    if not yes:
        if not environment().interactive:
            raise InputError(msg("delete: add --yes to delete without being asked"))
        from cardscore.prompts import ask

        if not ask.yes_no(tr(msg("Delete session {id}?", id=session_id)), default=False):
            raise typer.Exit(0)
    store.delete(session_id)
    typer.echo(tr(msg("Deleted session {id}.", id=session_id)))
