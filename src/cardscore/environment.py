"""What the program reads of the world it runs in, gathered in one object.

The commands ask it, never ``sys.stdin`` directly, so that a test can run the program "on a
terminal" or "in a pipe" by handing :func:`cardscore.cli.run` an :class:`Environment`,
without a pseudo-terminal where the question is only whether one could be asked.

>>> Environment(stdin_isatty=False).interactive
False
"""

from __future__ import annotations

import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Environment:
    """The process's standard input and what may be asked on it."""

    #: whether standard input is a terminal (a person can answer questions)
    stdin_isatty: bool

    @classmethod
    def of_process(cls) -> Environment:
        """The environment of this process."""
        return cls(stdin_isatty=sys.stdin.isatty())

    @property
    def interactive(self) -> bool:
        """Whether questions can be asked (a prompt needs a terminal to answer on)."""
        return self.stdin_isatty
