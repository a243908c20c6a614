"""``serve``: the session's live page (or a tournament's), for the players' phones and the
TV."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
import sys
import time
from typing import Annotated

import typer

from cardscore import completion
from cardscore.commands.base import (
    HomeOpt,
    JsonOpt,
    SessionArg,
    _lazy_store,
    app,
    environment,
    out,
)
from cardscore.environment import Stopped
from cardscore.games.base import InputError
from cardscore.i18n import _, msg
from cardscore.live_address import address_lines, qr_code

HostOpt = Annotated[
    str | None,
    typer.Option(
        "--host",
        help="The address to serve on (default: this machine's on the local network; "
        "127.0.0.1: this machine only; 0.0.0.0: every network).",
        metavar=msg("HOST"),
        show_default=False,
    ),
]
PortOpt = Annotated[
    int | None,
    typer.Option(
        "--port",
        help="The port (default: 8717, or the next free one; 0: any free port).",
        min=0,
        max=65535,
        metavar=msg("PORT"),
        show_default=False,
    ),
]

TournamentOpt = Annotated[
    str | None,
    typer.Option(
        "--tournament",
        help="Serve this tournament's live page (id or unique prefix): its ranking, its "
        "tables' progress, the seating of a round just drawn.",
        autocompletion=completion.tournaments,
        metavar=msg("TOURNAMENT"),
        show_default=False,
    ),
]


@app.command()
def serve(
    session: SessionArg = None,
    tournament: TournamentOpt = None,
    home: HomeOpt = None,
    host: HostOpt = None,
    port: PortOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Serve a read-only live page of the session to the phones and TV of the room, until
    Ctrl-C."""
    from cardscore import live

    served_id, score = _served(session, tournament, home)
    with live.LiveServer(served_id, environment(), host, port, score) as server:
        try:  # from the page's address on, Ctrl-C is how it ends
            said(server, as_json)
            while True:
                time.sleep(3600)  # the server's threads answer; Ctrl-C ends the wait
        except KeyboardInterrupt:
            pass
    if not as_json:
        typer.echo("", err=True)  # under the ^C the terminal wrote
    raise Stopped(msg("Stopped: the live page is no longer served."))


def _served(session: str | None, tournament: str | None, home: list[str] | None):
    """The id of what is served, and (a tournament) how it is looked at and drawn; a session
    and ``--tournament`` together, or ``--home`` without it, refused."""
    if tournament is None:
        if home:
            raise InputError(msg("--home: only with --tournament (where its tables are played)"))
        return _lazy_store().resolve(session), None
    if session is not None:
        raise InputError(msg("give a session or --tournament, not both"))
    from cardscore.commands.stats import _stats_homes
    from cardscore.tournament import files
    from cardscore.tournament.live import TournamentScore

    homes = _stats_homes(home or ())
    tournament_id = files.resolve(tournament)
    return tournament_id, TournamentScore(tournament_id, homes)


def said(server, as_json: bool) -> None:
    """Where the page is: a line of JSON (``--json``), else its addresses, a QR code on a
    terminal, and how to stop."""
    if as_json:
        import json

        sys.stdout.write(json.dumps(server.description(), ensure_ascii=False) + "\n")
        sys.stdout.flush()  # a script reads it while the page is served
        return
    out(address_lines(server), soft_wrap=True)
    if environment().console.is_terminal:
        out(qr_code(server.url))
    out(_("Scan the code with a phone on the same network. Ctrl-C stops."))
