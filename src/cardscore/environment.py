"""What the program reads of the world it runs in, gathered in one object.

:meth:`Environment.of_process` is the one place that reads the process: its standard input,
its environment variables (``CARDSCORE_HOME``, ``CARDSCORE_CACHE``, ``CARDSCORE_LANG``, the
locale) and, through Rich, its terminal.  :func:`cardscore.cli.run` builds one per command
and runs the command in it (:func:`running`: a context variable, like :mod:`decimal`'s
context).  The commands, the questions they ask, the store and the screen find it with
:func:`current` instead of each reading the process on its own.  A test runs the program
"on a terminal" or "in a pipe", in French or in a folder of its own, by handing ``run()``
an environment, without a pseudo-terminal where the only question is whether something
could be asked:

>>> env = Environment(stdin_isatty=False, home=Path("/club"), language="fr")
>>> env.interactive, env.sessions_folder.as_posix(), env.language
(False, '/club/sessions', 'fr')

A thread the command starts is handed the environment: a context variable is not carried
into a new thread.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

if TYPE_CHECKING:
    from rich.console import Console


class Environment(Struct, frozen=True, dict=True):
    """The process's standard input, data folder, language and screen."""

    #: whether standard input is a terminal (a person can answer questions)
    stdin_isatty: bool
    #: the folder that holds the ``sessions`` folder (``None``: the user's data folder)
    home: Path | None = None
    #: the folder of the caches of ``list`` and ``stats`` (``None``: the user's cache folder)
    cache: Path | None = None
    #: the language spoken (``en``, ``fr`` or ``nb``)
    language: str = "en"
    #: the screen's width in columns (``None``: what the terminal, or ``COLUMNS``, says)
    width: int | None = None

    @classmethod
    def of_process(cls, environ: Mapping[str, str] | None = None, **given: Any) -> Environment:
        """The environment of this process (``given`` replaces what it would read).

        >>> Environment.of_process({"CARDSCORE_HOME": "/club", "LANG": "nb_NO.UTF-8"},
        ...     stdin_isatty=True).home.as_posix()
        '/club'
        >>> Environment.of_process({"LANG": "nb_NO.UTF-8"}, stdin_isatty=True).language
        'nb'
        >>> env = Environment.of_process({"CARDSCORE_CACHE": "/tmp/c"}, stdin_isatty=True)
        >>> env.cache_folder.as_posix()
        '/tmp/c'
        """
        from cardscore.i18n import choose_language

        environ = os.environ if environ is None else environ
        home = environ.get("CARDSCORE_HOME")
        cache = environ.get("CARDSCORE_CACHE")
        found: dict[str, Any] = {
            "home": Path(home) if home else None,
            "cache": Path(cache) if cache else None,
            "language": choose_language(None, environ),
        }
        found.update(given)
        if "stdin_isatty" not in found:
            found["stdin_isatty"] = sys.stdin.isatty()
        return cls(**found)

    @property
    def interactive(self) -> bool:
        """Whether questions can be asked (a prompt needs a terminal to answer on)."""
        return self.stdin_isatty

    @cached_property
    def data_folder(self) -> Path:
        """The folder that holds the ``sessions`` folder."""
        if self.home is not None:
            return self.home
        import platformdirs  # only when needed: tests and most runs never import it

        return platformdirs.user_data_path("cardscore")

    @cached_property
    def cache_folder(self) -> Path:
        """The folder of the caches (:mod:`cardscore.caches`): the user's own, never the
        sessions' (a folder a sync tool shares with other machines)."""
        if self.cache is not None:
            return self.cache
        import platformdirs

        return platformdirs.user_cache_path("cardscore")

    @property
    def sessions_folder(self) -> Path:
        """The folder of the session files."""
        return self.data_folder / "sessions"

    def screen(self, fallback: tuple[int, int] = (80, 24)) -> tuple[int, int]:
        """The screen's columns and lines: :attr:`width`, else the terminal's (``COLUMNS``
        and ``LINES`` first, ``fallback`` where there is no terminal)."""
        size = shutil.get_terminal_size(fallback)
        return (self.width or size.columns, size.lines)

    @property
    def unbounded(self) -> bool:
        """Whether what is printed has no width of its own: standard output is no terminal
        (a pipe, a file) and no width is given (:attr:`width`, ``COLUMNS``).  A program or a
        file reads it, where a table cut or laid out for 80 columns helps nobody."""
        return self.width is None and shutil.get_terminal_size((0, 0)).columns <= 0

    @cached_property
    def console(self) -> Console:
        """Where the command prints (standard output)."""
        from rich.console import Console

        # No markup nor emoji codes: names and titles are printed as typed, even "[bold]Ann"
        # or ":smile:" (styles are applied with Text objects instead).
        return Console(width=self.width, highlight=False, markup=False, emoji=False)


class Stopped(Exception):
    """Ctrl-C where it is how a command ends (``serve``, the loop's home): the person at
    the terminal stopped it, nothing went wrong.  :func:`cardscore.cli.run` says the
    message given (a short line, in the user's language) and ends with status 130, where
    any other Ctrl-C is said to be an interruption.  Not a ``KeyboardInterrupt``: Typer
    would turn that into a bare status."""


#: the environment of the command being run (see :func:`running`)
_running: ContextVar[Environment | None] = ContextVar("cardscore_environment", default=None)


@contextmanager
def running(env: Environment) -> Iterator[Environment]:
    """Run a command in ``env``: :func:`current` gives it until the block ends.

    >>> with running(Environment(stdin_isatty=False, language="nb")):
    ...     current().language
    'nb'
    """
    from cardscore.i18n import speaking

    token = _running.set(env)
    try:
        with speaking(env.language):  # the language is the environment's (see cardscore.i18n)
            yield env
    finally:
        _running.reset(token)


def current() -> Environment:
    """The environment of the command being run (see :func:`running`), or, outside a
    command (a library call, a test), the process's own, read now."""
    found = _running.get()
    return found if found is not None else Environment.of_process()
