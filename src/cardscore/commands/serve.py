"""``serve``: the session's live page, for the players' phones and the TV."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
import sys
import time
from typing import Annotated

import typer

from cardscore.commands.base import JsonOpt, SessionArg, _lazy_store, app, environment, out
from cardscore.environment import Stopped
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


@app.command()
def serve(
    session: SessionArg = None,
    host: HostOpt = None,
    port: PortOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Serve a read-only live page of the session to the phones and TV of the room, until
    Ctrl-C."""
    from cardscore import live

    session_id = _lazy_store().resolve(session)
    with live.LiveServer(session_id, environment(), host, port) as server:
        try:  # from the page's address on, Ctrl-C is how it ends
            said(server, as_json)
            while True:
                time.sleep(3600)  # the server's threads answer; Ctrl-C ends the wait
        except KeyboardInterrupt:
            pass
    if not as_json:
        typer.echo("", err=True)  # under the ^C the terminal wrote
    raise Stopped(msg("Stopped: the live page is no longer served."))


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
