"""The commands of the command-line app (:mod:`cardscore.cli` runs them), a module per group.

Each module adds its commands to :data:`cardscore.commands.base.app` as it is imported, and
``--help`` lists them in that order: importing this package imports them all, in the order
below, whichever of its modules is asked for first.

No ``from __future__ import annotations`` in these modules: Typer reads a command's
annotations four times per build and would evaluate string ones each time; these are
evaluated once, at import.
"""

# isort: off
from cardscore.commands import play  # new, play
from cardscore.commands import rounds  # add, edit, remove
from cardscore.commands import table  # table
from cardscore.commands import corrections  # undo, corriger, redo, history
from cardscore.commands import sessions  # print, show, list, delete
from cardscore.commands import serve  # serve
from cardscore.commands import reference  # rules, convert
from cardscore.commands import stats  # stats
from cardscore.commands import tournament  # tournament new, show, play, next, print, list…

# isort: on

__all__ = [
    "corrections",
    "play",
    "reference",
    "rounds",
    "serve",
    "sessions",
    "stats",
    "table",
    "tournament",
]
