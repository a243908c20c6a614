"""``cardscore`` and ``python -m cardscore``.

``--version`` is answered before anything else is imported: it is the command people (and
scripts) run to check the install, and it should cost no more than starting Python.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args in (["--version"], ["-V"]):
        from cardscore import __version__

        sys.stdout.write(f"cardscore {__version__}\n")
        return
    from cardscore.cli import run

    sys.exit(run(args))


if __name__ == "__main__":
    main()
