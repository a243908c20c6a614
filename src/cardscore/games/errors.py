"""The error of the rules core: :class:`InputError`, what a round, an option or a set-up
that breaks a rule raises, and :class:`about`, which gives it the round field it is about.

Every part of the vocabulary (:mod:`.names`, :mod:`.numbers`, :mod:`.description`...)
raises it, so it sits below them all.
"""

from __future__ import annotations

from typing import Any


class InputError(ValueError):
    """A round, an option or a set-up breaks a rule.

    The message is a single line saying what is wrong and what is accepted, ready to show
    to the person who typed it.

    ``field`` is the key of the round field at fault (:attr:`Field.key`), when one is: the
    interactive prompts ask that question again.  ``None`` means the whole round, or
    something else than a round (a set-up, a parameter).

    >>> error = InputError("--bouts: 4 is not a number of bouts (0 to 3)", field="bouts")
    >>> str(error), error.field
    ('--bouts: 4 is not a number of bouts (0 to 3)', 'bouts')
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


# Its public name is the one every caller imports it by and every traceback, doctest and
# pickle has always said: ``cardscore.games.base.InputError`` (base re-exports it).
InputError.__module__ = "cardscore.games.base"


class about:
    """Give an error a shared helper raises (``find_player``, ``parse_int``,
    ``pick_choice``) the key of the round field it is about, so that the prompts ask that
    question again; an error that names its field already, or ``key`` None, goes as it is.

    A class rather than a generator: every round read from a file passes through several
    of them, and a generator's context manager costs five times as much.

    >>> with about("winner"):
    ...     raise InputError("--winner: unknown player 'Zed'")
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --winner: unknown player 'Zed'
    >>> try:
    ...     with about("winner"):
    ...         raise InputError("--winner: unknown player 'Zed'")
    ... except InputError as exc:
    ...     exc.field
    'winner'
    """

    __slots__ = ("key",)

    def __init__(self, key: str | None) -> None:
        self.key = key

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, _: Any
    ) -> bool:
        if isinstance(error, InputError) and error.field is None and self.key is not None:
            raise InputError(error.args[0], field=self.key) from None
        return False
