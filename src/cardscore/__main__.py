"""``cardscore`` and ``python -m cardscore``.

``--version`` is answered before anything else is imported: it is the command people (and
scripts) run to check the install, and it should cost no more than starting Python.
"""

from __future__ import annotations

import os
import signal
import sys

INTERRUPTED = 130  # the status of a command stopped by Ctrl-C (128 + SIGINT)


def _stop_quietly(signum: int, frame: object) -> None:
    """Ctrl-C while cardscore is still starting (importing its libraries): nothing was done
    yet, so stop at once, without the traceback of whatever import it fell in."""
    os._exit(INTERRUPTED)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    starting = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if starting:
        signal.signal(signal.SIGINT, _stop_quietly)
    try:
        if args in (["--version"], ["-V"]):
            from cardscore import __version__

            sys.stdout.write(f"cardscore {__version__}\n")
            return
        from cardscore.cli import run

        if starting:  # from here on a Ctrl-C is the command's: it stops it cleanly (130)
            signal.signal(signal.SIGINT, signal.default_int_handler)
        status = run(args)
    except KeyboardInterrupt:
        status = INTERRUPTED
    sys.exit(status)


if __name__ == "__main__":
    main()
