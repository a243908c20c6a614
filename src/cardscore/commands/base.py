"""What every command module shares: the Typer ``app`` the commands are added to, the
arguments and options several commands take (``SessionArg``, ``JsonOpt``), the output helpers
and the environment of the command being run."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
import sys
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.environment import Environment, current
from cardscore.games import games_said
from cardscore.games.base import InputError
from cardscore.i18n import Msg, msg, tr

HELP_OPTION_NAMES = ("-h", "--help")

#: the help texts made of other texts (a list of the games), by their English text: click
#: keeps a command's or an option's help as a plain string, so the help page finds the
#: message again here to translate it (see :func:`made_help`)
MADE_HELPS: dict[str, Msg] = {}


def made_help(template: str, /, **params: Any) -> Msg:
    """A help text with ``params`` (``msg(template, **params)``), kept so that the help page
    can translate it once click has made it a plain string."""
    made = msg(template, **params)
    MADE_HELPS[str(made)] = made
    return made


app = typer.Typer(
    name="cardscore",
    help=made_help("Scorekeeper for French card games: {games}.", games=games_said("and")),
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": list(HELP_OPTION_NAMES)},
)


def help_when_bare(ctx: typer.Context) -> None:
    """A group named without a command (``cardscore``, ``cardscore --lang fr``, ``cardscore
    tournament``): its help page, on standard output, and nothing else (status 0)."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)


# --------------------------------------------------------------------------------------------
# Output helpers


def out(renderable: Any, *, soft_wrap: bool = False) -> None:
    """Print ``renderable``; with ``soft_wrap``, a line of text is kept whole where it is
    read by a program (a pipe, a file), and broken between words, its continuation lines
    indented as it starts, where a person reads it (a terminal)."""
    shown = current().console
    if soft_wrap and isinstance(renderable, str) and shown.is_terminal:
        from cardscore.flow import Flow

        shown.print(*(Flow.of(line) for line in renderable.split("\n")))
        return
    shown.print(renderable, soft_wrap=soft_wrap)


#: the width drawn in where nothing bounds the output (a pipe, a file): no table, no line
#: of cardscore's comes near it, so each is as wide as its content
UNBOUNDED = 10_000


def drawn_whole() -> int | None:
    """Where nothing bounds the output (:attr:`Environment.unbounded`: a pipe, a file, no
    ``COLUMNS``), have what is printed drawn as wide as its content needs, neither cut nor
    wrapped nor laid out for 80 columns, and give that width; ``None`` elsewhere."""
    env = environment()
    if not env.unbounded:
        return None
    env.console.width = UNBOUNDED
    return UNBOUNDED


def print_json(data: Any) -> None:
    from cardscore.indented_json import dump  # json.dumps(indent=2)'s text, faster

    dump(data, sys.stdout)


def _lazy_store():
    from cardscore import store

    return store


SessionArg = Annotated[
    str | None,
    typer.Argument(
        autocompletion=completion.sessions,
        help="Session id or unique prefix (default: the most recent session).",
        metavar=msg("SESSION"),
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
HomeOpt = Annotated[  # (a tournament's tables, played in other folders)
    list[str] | None,
    typer.Option(
        "--home",
        help="Also look for the tables' sessions in this cardscore folder (repeatable).",
        metavar=msg("DIR"),
        show_default=False,
    ),
]
FormatOpt = Annotated[  # (a sheet's format: a session's, a tournament's results)
    str | None,
    typer.Option(
        "--format",
        "-f",
        help="txt, md, csv, html, pdf or json (default: from -o's extension, else txt).",
        autocompletion=completion.formats,
        metavar=msg("FORMAT"),
    ),
]
OutputOpt = Annotated[
    str | None, typer.Option("--output", "-o", help="Write to this file.", metavar=msg("PATH"))
]
GameArg = Annotated[
    str,
    typer.Argument(
        help=msg("{games}.", games=games_said()),
        autocompletion=completion.games,
        metavar=msg("GAME"),
    ),
]


# --------------------------------------------------------------------------------------------
# A session named on the command line, or chosen


def session_or_chosen(text: str | None, *, missing: Msg | None = None) -> str:
    """The id of the session ``text`` names (an id, a unique prefix, or ``None``: the most
    recent one).  On a terminal, a ``text`` that names none (or several) is answered with
    a list of the sessions (those it starts, when it is ambiguous) to choose from; and so
    is ``None`` where a command needs a session named (``missing``: what is said where
    nothing can be asked)."""
    store = _lazy_store()
    asking = environment().interactive and environment().console.is_terminal
    if text is None and missing is not None:
        if not asking or not store.session_files():
            raise InputError(missing)
        return _chosen(None)
    try:
        return store.resolve(text)
    except store.SessionNotFound:
        if not asking or text is None or not store.session_files():
            raise
        return _chosen(text)


#: the most sessions a list to choose from offers (the most recent ones)
CHOSEN_AMONG = 20


def _chosen(text: str | None) -> str:
    """A session chosen in a list: those ``text`` starts when there are some (a prefix of
    several), else the most recent ones."""
    from questionary import Choice

    from cardscore import catalog
    from cardscore.prompts import ask

    rows = [entry.summary() for entry in catalog.scan().entries]
    wanted = (text or "").strip().lower()
    matching = [row for row in rows if wanted and row["id"].startswith(wanted)]
    if text is None:
        question = msg("Which session?")
    elif matching:
        question = msg("Session {text!r} is ambiguous: which one?", text=text)
    else:
        question = msg("No session {text!r}: which one?", text=text)
    offered = (matching or rows)[:CHOSEN_AMONG]
    choices = [Choice(f"{row['id']} — {tr(catalog.about_row(row))}", row["id"]) for row in offered]
    return ask.select(tr(question), choices=choices).unsafe_ask()


# --------------------------------------------------------------------------------------------
# The environment of the command being run


def environment() -> Environment:
    """The environment of the command being run (see :func:`cardscore.cli.run`)."""
    return current()
