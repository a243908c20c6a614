"""Numbers typed by a person: counts of points (``35,5``) and whole numbers in a range."""

from __future__ import annotations

import math

from cardscore.games.errors import InputError
from cardscore.i18n import msg


def parse_number(text: str, *, what: str, half: bool = True) -> float:
    """Read a count of points typed by a person: ``35``, ``35.5`` or ``35,5``.

    With ``half`` only whole and half numbers are accepted.

    >>> parse_number("35,5", what="--points")
    35.5
    >>> parse_number("1e3", what="--points")
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --points: '1e3' is not a number of points (e.g. 41 or 35,5)
    """
    cleaned = text.strip().replace(",", ".")
    body = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    whole, _, frac = body.partition(".")
    if not (whole.isdigit() or (not whole and frac)) or (frac and not frac.isdigit()):
        raise InputError(
            msg(
                "{what}: {text!r} is not a number of points (e.g. 41 or 35,5)", what=what, text=text
            )
        )
    if not whole.isascii() or not frac.isascii():
        raise InputError(
            msg(
                "{what}: {text!r} is not a number of points (e.g. 41 or 35,5)", what=what, text=text
            )
        )
    if len(body) > 12:
        raise InputError(msg("{what}: {text!r} is far too large", what=what, text=text))
    value = float(cleaned)
    if half and value * 2 != math.floor(value * 2):
        raise InputError(
            msg(
                "{what}: {text!r} must be a whole or half number (e.g. 41 or 35,5)",
                what=what,
                text=text,
            )
        )
    return value


def parse_int(text: str, *, what: str, low: int | None = None, high: int | None = None) -> int:
    """Read a whole number within ``[low, high]``.

    >>> parse_int("3", what="--bouts", low=0, high=3)
    3
    >>> parse_int("4", what="--bouts", low=0, high=3)
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --bouts: 4 is out of range (0 to 3)
    """
    cleaned = text.strip()
    body = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    if not body.isdigit() or not body.isascii() or len(body) > 12:
        raise InputError(msg("{what}: {text!r} is not a whole number", what=what, text=text))
    value = int(cleaned)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise InputError(
                msg(
                    "{what}: {value} is out of range (at least {low})",
                    what=what,
                    value=value,
                    low=low,
                )
            )
        raise InputError(
            msg(
                "{what}: {value} is out of range ({low} to {high})",
                what=what,
                value=value,
                low=low,
                high=high,
            )
        )
    return value
