"""JSON as ``json.dumps(data, ensure_ascii=False, indent=2)`` writes it, written by orjson.

``show --json`` and the JSON sheet are indented for people to read; the standard library
indents in Python, value by value, orjson in C.  For everything a cardscore document holds
the two write the same text (orjson writes a NaN ``null`` and a float under 0.0001 ``1e-7``,
not ``1e-07``: no document holds either, its numbers are whole or halves).  What orjson
refuses (a key that is not a string, an integer wider than 64 bits, a lone surrogate) is
written by the standard library.

>>> data = {"a": [1, 2.5, "é"], "b": {}, "c": [{"d": None, "e": True}], 1: [2**64]}
>>> dumps(data) == json.dumps(data, ensure_ascii=False, indent=2)
True
"""

from __future__ import annotations

import json
from typing import Any, TextIO

import orjson


def dumps(data: Any) -> str:
    """``data`` as ``json.dumps(data, ensure_ascii=False, indent=2)`` writes it."""
    try:
        return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode()
    except TypeError:  # what orjson refuses (orjson.JSONEncodeError is a TypeError)
        return json.dumps(data, ensure_ascii=False, indent=2)


def dump(data: Any, stream: TextIO) -> None:
    """Writes :func:`dumps`'s text and a line break to ``stream``."""
    stream.write(dumps(data) + "\n")
