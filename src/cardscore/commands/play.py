"""The commands that play: ``new`` (create a session, then play its rounds) and ``play``
(resume one)."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
from typing import Annotated

import typer

from cardscore import completion
from cardscore.commands.base import (
    SessionArg,
    _lazy_store,
    app,
    environment,
    out,
    session_or_chosen,
)
from cardscore.games import games_said
from cardscore.games.base import InputError
from cardscore.i18n import Msg, msg, tr

NewGameArg = Annotated[
    str | None,
    typer.Argument(
        help=msg("{games} (asked on a terminal when not given).", games=games_said()),
        autocompletion=completion.games,
        metavar=msg("GAME"),
        show_default=False,
    ),
]

# --------------------------------------------------------------------------------------------
# new


@app.command()
def new(
    game: NewGameArg = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players.", metavar=msg("N"))
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(
            "--names", help="Players in seating order: Ann,Bob,Cyd,…", metavar=msg("NAMES")
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            help="Rule set (tarot: fft, maison; …).",
            autocompletion=completion.presets,
            metavar=msg("RULES"),
        ),
    ] = None,
    target: Annotated[
        int | None,
        typer.Option("--target", help="Score that ends the game.", metavar=msg("POINTS")),
    ] = None,
    settings: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="Rule parameter KEY=VALUE (repeatable); team1=/team2= name teams.",
            metavar=msg("KEY=VALUE"),
        ),
    ] = None,
    title: Annotated[
        str, typer.Option("--title", help="A title for the scoresheet.", metavar=msg("TEXT"))
    ] = "",
    no_play: Annotated[
        bool, typer.Option("--no-play", help="Create the session, print its id, ask nothing.")
    ] = False,
    same_table: Annotated[
        bool,
        typer.Option(
            "--same-table",
            help="The players at the table of the latest session of GAME, in their seats (the "
            "one after its last dealer deals first), its rule set and parameters.",
        ),
    ] = False,
) -> None:
    """Create a session, ask for what is missing, then play rounds."""
    from cardscore import sametable
    from cardscore.session import Session, check_setup

    store = _lazy_store()
    interactive = not no_play and environment().interactive
    if game is None:
        game = _which_game(interactive)
    name_list = [n.strip() for n in names.split(",")] if names is not None else None
    game_rules = check_setup(game, players=players, names=name_list)
    session = None
    if same_table:
        sametable.refuse_table_options(players=players, names=names, rules=rules)
    # the table of last time: taken (--same-table), or offered when nothing names another one
    if same_table or (interactive and name_list is None and players is None and rules is None):

        def warn(problem: Msg) -> None:
            typer.echo(tr(msg("cardscore: warning: {problem}", problem=problem)), err=True)

        session = sametable.at_last_table(
            game_rules,
            warn,
            required=same_table,
            session_id=store.new_id(),
            settings=settings or (),
            target=target,
            title=title or None,
        )
        if session is not None and not same_table:
            from cardscore.prompts import setup

            session = session if setup.ask_same_table(session) else None
    extra: list[str] = []
    if session is None:
        if interactive:
            from cardscore.prompts import setup

            key = game_rules.target_param
            given = target is not None or any(
                s.partition("=")[0].strip().lower() == key for s in settings or ()
            )
            answers = setup.ask_new(
                game_rules, players=players, names=name_list, rules=rules, target_given=given
            )
            name_list, rules, extra = answers.names, answers.rules, list(answers.settings)
        elif name_list is None:
            raise InputError(msg("--names is required when nothing can be asked (--no-play)"))
        session = Session.create(
            game,
            name_list,
            rules=rules,
            target=target,
            settings=[*(settings or ()), *extra],
            title=title,
            session_id=store.new_id(),
        )
    with store.locked(session.id):
        store.write(session)
    if not interactive:
        typer.echo(session.id)
        return
    from cardscore import render
    from cardscore.prompts import loop

    out(render.new_session(session))
    loop.play(session.id)


def _which_game(interactive: bool) -> str:
    """The game ``new`` was not given: asked on a terminal; elsewhere (a pipe, ``--no-play``)
    the usage error a missing argument is."""
    if not interactive:  # (said as click says a missing argument)
        raise InputError(msg("Missing argument {option}", option=tr(msg("GAME"))))
    from cardscore.prompts import setup

    return setup.ask_game()


@app.command()
def play(session: SessionArg = None) -> None:
    """Resume the interactive round loop of a session."""
    from cardscore.prompts import loop

    loop.play(session_or_chosen(session))
