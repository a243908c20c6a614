"""The commands about saved sessions as a whole: ``print`` (export a scoresheet), ``show``,
``list`` and ``delete``."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.commands.base import (
    FormatOpt,
    JsonOpt,
    OutputOpt,
    SessionArg,
    _lazy_store,
    app,
    drawn_whole,
    environment,
    out,
    print_json,
    session_or_chosen,
)
from cardscore.games import preset_word
from cardscore.games.base import InputError
from cardscore.i18n import Msg, _, date_text, msg, tr

# --------------------------------------------------------------------------------------------
# print


@app.command("print")
def print_sheet(
    session: SessionArg = None,
    fmt: FormatOpt = None,
    output: OutputOpt = None,
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
    path = export.deliver(data, output, chosen)
    if path is not None:
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
    store = _lazy_store()
    current = store.read(store.session_path(session_or_chosen(session)))
    standings = current.standings()
    if as_json:
        from cardscore.document import scoresheet

        print_json(scoresheet(current, standings))
        return
    from cardscore import render

    drawn_whole()  # a pipe: the sheet as wide as it needs, what was played in a column
    rows = standings.rows
    if not all_rounds:
        height = environment().screen((100, 30))[1]
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

    from cardscore.grid import Grid  # Rich's Table, drawn ~20× faster while the rows fit

    columns = (  # key, heading, justification; rules and last change left out first
        ("id", _("id"), "left"),
        ("game", _("game"), "left"),
        ("rules", _("rules"), "left"),
        ("players", _("players"), "left"),
        ("rounds", _("rounds"), "right"),
        ("updated", _("last change"), "left"),
        ("state", _("state"), "left"),
    )

    def cells(row: dict[str, Any], shown: str) -> dict[str, str]:
        state = (
            tr(msg("won by {winner}", winner=row["winner"]))
            if row.get("finished")
            else _("in play")
        )
        label = ", ".join(row["players"]) + (f" — {row['title']}" if row["title"] else "")
        return {
            "id": shown,
            "game": row["game"],
            "rules": preset_word(row["rules"]),
            "players": label,
            "rounds": str(row["rounds"]),
            "updated": date_text(row["updated"]),
            "state": state,
        }

    def listed(ids: Sequence[str], caption: str | None, without: Sequence[str]) -> Grid:
        table = Grid(title=_("Sessions"), caption=caption)
        keys = [key for key, _header, _justify in columns if key not in without]
        for key, header, justify in columns:
            if key in keys:
                table.add_column(header, justify=justify)
        for row, shown in zip(rows, ids, strict=True):
            said = cells(row, shown)
            table.add_row(*(said[key] for key in keys))
        _no_word_cut(table, keys.index("players"))
        return table

    ids = [row["id"] for row in rows]
    short = _lazy_store().short_ids(ids)
    enough = tr(msg("An id's first letters are enough: cardscore show {id}", id=short[0]))
    width = drawn_whole() or environment().screen((100, 30))[0]  # a pipe: every column whole
    # the ids whole, else their first letters (said to be enough), then fewer columns: an
    # id is what a person types, so it is the last thing cut
    choices = [
        (without, shown, caption)
        for without in ((), ("rules",), ("rules", "updated"))
        for shown, caption in ((ids, None), (short, enough))
    ]
    for without, shown, caption in choices:  # the last one when none fits
        table = listed(shown, caption, without)
        if _narrowest(table) <= width:
            break
    _wrapped(table, [key for key, *_ in columns if key not in without].index("players"), width)
    out(table)


def _no_word_cut(table: Any, wraps: int) -> None:
    """Each column as wide as its widest cell, but column ``wraps`` (the players) only as
    its longest word: a narrow terminal then wraps the players' names between words, and
    cuts no id, no date, no name."""
    from rich.cells import cell_len

    for index, column in enumerate(table.columns):
        cells = [str(row[index]) for row in table.rows]
        if index == wraps:
            cells = [word for cell in cells for word in cell.split()]
        parts = [*str(column.header).split(), *cells]  # a heading wraps between its words
        column.min_width = max((cell_len(part) for part in parts), default=0)


def _wrapped(table: Any, wraps: int, width: int) -> None:
    """Lay ``table`` out ``width`` wide by hand where it must wrap: the players' names
    broken between words in the room the other columns leave, a heading between its words
    in its column (Rich's Table, left to share the room itself, may cut a column)."""
    import textwrap

    from rich.cells import cell_len

    def natural(index: int) -> int:
        return max(
            cell_len(str(cell))
            for cell in [table.columns[index].header, *(r[index] for r in table.rows)]
        )

    def words(text: str, room: int) -> list[str]:  # "Marie-Hélène" is one word
        return textwrap.wrap(text, room, break_long_words=False, break_on_hyphens=False)

    count = len(table.columns)
    if sum(natural(i) for i in range(count)) + 3 * count + 1 <= width:
        return  # every cell on one line
    # (narrower than the narrowest table: each column at its least width, wider than the
    # screen, rather than a room of nothing)
    room = table.columns[wraps].min_width + max(0, width - _narrowest(table))
    for index, column in enumerate(table.columns):
        inside = max(1, room if index == wraps else column.min_width)
        column.header = "\n".join(words(str(column.header), inside)) or column.header
    # each further line of the names a row of its own, blank but for them: the picture of
    # a cell on several lines, which the Grid then draws itself (Rich's Table would take
    # a second for a club's thousand sessions)
    rows = []
    for row in table.rows:
        first, *more = words(str(row[wraps]), max(1, room)) or [""]
        rows.append((*row[:wraps], first, *row[wraps + 1 :]))
        rows += [("",) * wraps + (line,) + ("",) * (len(row) - wraps - 1) for line in more]
    table.rows[:] = rows


def _narrowest(table: Any) -> int:
    """The narrowest ``table`` (a Grid, its columns' least widths set by
    :func:`_no_word_cut`) can be drawn without cutting a word: the edges and padding
    around its columns."""
    return sum(column.min_width for column in table.columns) + 3 * len(table.columns) + 1


@app.command()
def delete(
    session: Annotated[
        str | None,
        typer.Argument(
            help="Session id or unique prefix (asked on a terminal when not given).",
            autocompletion=completion.sessions,
            metavar=msg("SESSION"),
            show_default=False,
        ),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete a session."""
    store = _lazy_store()
    missing = msg(
        "delete needs a session: `cardscore delete {session}` (its id or first letters, as "
        "`cardscore list` shows them)",
        session=msg("SESSION"),
    )
    session_id = session_or_chosen(session, missing=missing)
    if not yes:
        if not environment().interactive:
            raise InputError(msg("delete: add --yes to delete without being asked"))
        from cardscore.prompts import ask

        current = store.read(store.session_path(session_id))
        question = msg("Delete session {id} ({about})?", id=session_id, about=about(current))
        if not ask.yes_no(tr(question), default=False):
            raise typer.Exit(0)
    store.delete(session_id)
    typer.echo(tr(msg("Deleted session {id}.", id=session_id)))


def about(session: Any) -> Msg:
    """A session by what it is, for a person choosing or deleting one: its title, game,
    players, rounds and last change (``tarot: Ann, Bob, Cyd, Dan; 2 rounds; last change
    2026-12-06 21:04``)."""
    from cardscore.catalog import about_row  # (the catalog: only where a session is named so)
    from cardscore.document import summary

    return about_row(summary(session))
