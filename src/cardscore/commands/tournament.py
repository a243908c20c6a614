"""``cardscore tournament``: a club's evening over several tables (new, show, play, next,
print, list, delete)."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
from pathlib import Path
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.commands.base import (
    HELP_OPTION_NAMES,
    FormatOpt,
    HomeOpt,
    JsonOpt,
    OutputOpt,
    app,
    environment,
    help_when_bare,
    out,
    print_json,
)
from cardscore.games import games_said
from cardscore.games.base import InputError
from cardscore.i18n import _, msg, tr

tournament_app = typer.Typer(
    name="tournament",
    help="A club's evening over several tables: draws, tables, ranking.",
    rich_markup_mode=None,
    context_settings={"help_option_names": list(HELP_OPTION_NAMES)},
)
app.add_typer(tournament_app)
tournament_app.callback(invoke_without_command=True)(help_when_bare)

TournamentArg = Annotated[
    str | None,
    typer.Argument(
        help="Tournament id or unique prefix (default: the most recent one).",
        autocompletion=completion.tournaments,
        metavar=msg("TOURNAMENT"),
        show_default=False,
    ),
]


def _files():
    from cardscore.tournament import files

    return files


def _homes(folders: list[str] | None) -> list[Path]:
    from cardscore.commands.stats import _stats_homes

    return _stats_homes(folders or ())


@tournament_app.command()
def new(
    game: Annotated[
        str,
        typer.Argument(
            help=msg("{games}.", games=games_said()),
            autocompletion=completion.games,
            metavar=msg("GAME"),
        ),
    ],
    rounds: Annotated[
        int, typer.Option("--rounds", help="Rounds of the evening.", metavar=msg("N"))
    ],
    names: Annotated[
        str | None,
        typer.Option(
            "--names", help="The players: Ann,Bob,Cyd,… (tarot, rami).", metavar=msg("NAMES")
        ),
    ] = None,
    teams: Annotated[
        str | None,
        typer.Option(
            "--teams", help="The teams: Ann+Bob,Cyd+Dan,… (belote, coinche).", metavar=msg("TEAMS")
        ),
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            help="Deals each table plays (tarot: one dealt by each player; others: the "
            "game's end).",
            metavar=msg("N"),
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules", help="Rule set.", autocompletion=completion.presets, metavar=msg("RULES")
        ),
    ] = None,
    settings: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="Rule parameter KEY=VALUE, or the ranking's: ranking=sum|places, places=4,2,1,0, "
            "tiebreak=tables,best,head, bye=N (repeatable).",
            metavar=msg("KEY=VALUE"),
        ),
    ] = None,
    title: Annotated[
        str, typer.Option("--title", help="The evening's title.", metavar=msg("TEXT"))
    ] = "",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", help="Seed of the draw (default: drawn, and printed).", metavar=msg("N")
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Create a tournament and draw its first round."""
    from cardscore.tournament import organise

    files = _files()
    if seed is not None and not 0 <= seed < 2**63:
        raise InputError(msg("--seed: {value} is out of range", value=seed))
    tournament = organise.create(
        game,
        names=_listed(names),
        teams=_listed(teams),
        rounds=rounds,
        deals=deals,
        rules=rules,
        settings=settings or (),
        title=title,
        seed=seed,
        tournament_id=files.new_id(),
    )
    with files.locked(tournament.id):
        files.write(tournament)
    _said(tournament, as_json, first=True)


def _listed(text: str | None) -> list[str]:
    return [part.strip() for part in text.split(",")] if text else []


def _said(tournament: Any, as_json: bool, *, first: bool) -> None:
    """A tournament just drawn: its JSON document, or its id, seed and latest seating."""
    from cardscore.tournament import organise, views

    if as_json:
        from cardscore.tournament.document import document

        print_json(document(organise.standing(tournament)))
        return
    if first:
        out(
            tr(
                msg(
                    "Tournament {id} created (seed {seed}).", id=tournament.id, seed=tournament.seed
                )
            )
        )
    out("\n".join(views.seating(tournament, tournament.current_round)), soft_wrap=True)


@tournament_app.command()
def show(tournament: TournamentArg = None, home: HomeOpt = None, as_json: JsonOpt = False) -> None:
    """Every round's tables, the ranking, what comes next."""
    from cardscore.tournament import organise, views

    files = _files()
    found = files.read(files.resolve(tournament))
    standing = organise.standing(found, _homes(home))
    _warn(standing)
    if as_json:
        from cardscore.tournament.document import document

        print_json(document(standing))
        return
    out(views.shown(standing))


def _warn(standing: Any) -> None:
    for states in standing.rounds:
        for state in states:
            if state.problem:
                problem = msg(
                    "round {round} table {table}: {problem}",
                    round=state.round,
                    table=state.number,
                    problem=state.problem,
                )
                typer.echo(tr(msg("cardscore: warning: {problem}", problem=problem)), err=True)


@tournament_app.command()
def play(
    tournament: TournamentArg = None,
    table: Annotated[
        int | None,
        typer.Option(
            "--table",
            help="The table's number (on a terminal, asked when not given).",
            metavar=msg("N"),
        ),
    ] = None,
    no_play: Annotated[
        bool, typer.Option("--no-play", help="Only create the table's session and print its id.")
    ] = False,
) -> None:
    """Play table N of the current round (its session created at first use)."""
    from cardscore import store
    from cardscore.tournament import organise
    from cardscore.tournament.record import table_session_id

    files = _files()
    found = files.read(files.resolve(tournament))
    number = found.current_round
    tables = found.draws[-1].tables
    if table is None:
        if no_play or not environment().interactive:
            raise InputError(msg("--table is required: the number of your table"))
        table = _which_table(found)
    if not 1 <= table <= len(tables):
        raise InputError(
            msg(
                "--table: round {round} has tables 1 to {count} (got {table})",
                round=number,
                count=len(tables),
                table=table,
            )
        )
    session_id = table_session_id(found.id, number, table)
    with store.locked(session_id):
        if not store.session_path(session_id).exists():
            store.write(organise.open_table(found, number, tables[table - 1]))
    if no_play or not environment().interactive:
        typer.echo(session_id)
        return
    from cardscore.prompts import loop

    loop.play(session_id)


def _which_table(found: Any) -> int:
    """The keeper's table, chosen in the current round's list (by its number, or the
    arrows): ``Table 2: Dan (deals first), Hal, Bob, Fay, Eve``."""
    from questionary import Choice

    from cardscore.prompts import ask
    from cardscore.tournament import views

    draw = found.draws[-1]
    choices = [
        Choice(views.seat_line(found, draw, index), table.number)
        for index, table in enumerate(draw.tables)
    ]
    question = ask.numbered(_("Which table?"), choices, highest=len(choices))
    return int(question.unsafe_ask())


@tournament_app.command(name="next")
def next_round(
    tournament: TournamentArg = None,
    force: Annotated[
        bool, typer.Option("--force", help="Draw even if a table of the round is not finished.")
    ] = False,
    home: HomeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the next round, once every table of this one is finished."""
    from cardscore.tournament import organise

    files = _files()
    tournament_id = files.resolve(tournament)
    with files.locked(tournament_id):
        found = files.read(tournament_id)
        drawn = organise.draw_next(found, organise.standing(found, _homes(home)), force=force)
        files.write(drawn)
    _said(drawn, as_json, first=False)


@tournament_app.command(name="print")
def print_results(
    tournament: TournamentArg = None,
    fmt: FormatOpt = None,
    output: OutputOpt = None,
    home: HomeOpt = None,
) -> None:
    """The results sheet: the ranking, and every round's tables and scores."""
    from cardscore import export
    from cardscore.tournament import organise

    chosen = export.pick_format(fmt, output)  # (as `print` picks a session sheet's)
    files = _files()
    found = files.read(files.resolve(tournament))
    standing = organise.standing(found, _homes(home))
    _warn(standing)
    path = export.deliver(_sheet(standing, chosen), output, chosen)
    if path is not None:
        typer.echo(tr(msg("Results written to {path}", path=str(path))), err=True)


def _sheet(standing: Any, chosen: str) -> str | bytes:
    """The results sheet in format ``chosen``."""
    from cardscore.tournament import sheets, views

    if chosen in ("txt", "md"):
        return views.results_text(standing, markdown=chosen == "md")
    if chosen == "csv":
        return sheets.csv_text(standing)
    if chosen == "pdf":
        return sheets.pdf_bytes(standing)
    if chosen == "html":
        from cardscore.tournament.page import results_page

        return results_page(standing)
    from cardscore.indented_json import dumps
    from cardscore.tournament.document import document

    return dumps(document(standing)) + "\n"


@tournament_app.command(name="list")
def list_tournaments(as_json: JsonOpt = False) -> None:
    """The tournaments, most recent first."""
    files = _files()
    rows = []
    for tournament_id in files.ids():
        try:
            t = files.read(tournament_id)
        except (files.TournamentFileError, InputError) as exc:
            typer.echo(tr(msg("cardscore: warning: {problem}", problem=exc.args[0])), err=True)
            continue
        rows.append(
            {
                "id": t.id,
                "game": t.game,
                "rules": t.rules,
                "title": t.title,
                "sides": len(t.sides),
                "current_round": t.current_round,
                "rounds": t.rounds,
                "created": t.created,
            }
        )
    if as_json:
        print_json(rows)
        return
    if not rows:
        out(tr(msg("No tournament yet: start one with `cardscore tournament new GAME`.")))
        return
    from cardscore.grid import Grid

    table = Grid(title=_("Tournaments"))
    for heading in (_("id"), _("game"), _("rules"), _("title"), _("entrants"), _("round")):
        table.add_column(heading)
    for row in rows:
        round_now = f"{row['current_round']}/{row['rounds']}"
        cells = (row["id"], row["game"], row["rules"], row["title"], str(row["sides"]), round_now)
        table.add_row(*cells)
    out(table)


@tournament_app.command()
def delete(
    tournament: Annotated[
        str,
        typer.Argument(
            help="Tournament id or unique prefix.",
            autocompletion=completion.tournaments,
            metavar=msg("TOURNAMENT"),
        ),
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete a tournament (its tables' sessions stay)."""
    files = _files()
    tournament_id = files.resolve(tournament)
    if not yes:
        if not environment().interactive:
            raise InputError(msg("delete: add --yes to delete without being asked"))
        from cardscore.prompts import ask

        question = msg("Delete tournament {id}?", id=tournament_id)
        if not ask.yes_no(tr(question), default=False):
            raise typer.Exit(0)
    files.delete(tournament_id)
    typer.echo(tr(msg("Deleted tournament {id}.", id=tournament_id)))
