"""What every command module shares: the Typer ``app`` the commands are added to, the
arguments and options several commands take (``SessionArg``, ``JsonOpt``), the output helpers
and the environment of the command being run."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
import sys
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.environment import Environment, current
from cardscore.i18n import msg

HELP_OPTION_NAMES = ("-h", "--help")

app = typer.Typer(
    name="cardscore",
    help="Scorekeeper for French card games: tarot, belote, coinche and rami.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": list(HELP_OPTION_NAMES)},
)


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
GameArg = Annotated[
    str,
    typer.Argument(
        help="tarot, belote, coinche or rami.",
        autocompletion=completion.games,
        metavar=msg("GAME"),
    ),
]


# --------------------------------------------------------------------------------------------
# The environment of the command being run


def environment() -> Environment:
    """The environment of the command being run (see :func:`cardscore.cli.run`)."""
    return current()
