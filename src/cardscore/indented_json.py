"""``json.dumps(data, ensure_ascii=False, indent=2)``, the same text, many times faster.

With ``indent``, the standard library encodes in Python, value by value: on a 10,000-round
``show --json`` (17 MB) that took longer than everything else the command does.  orjson
writes the same text in C (0.04 s where the standard library took 2.3 s): :func:`dumps`.

Where orjson is missing, or refuses a value the standard library writes (a key that is not
a string, an integer wider than 64 bits, a lone surrogate), :func:`exact` writes it: the
standard library's C encoder only writes without line breaks; but a container whose items
are all plain values (numbers, strings, ``null``, empty containers) is written by it on the
right lines when the separator between items is ``",\\n"`` and that container's indent: only
the containers that hold other containers (the document, its rounds, a round) are walked in
Python.

>>> data = {"a": [1, 2.5, "é"], "b": {}, "c": [{"d": None, "e": True}], "f": []}
>>> dumps(data) == exact(data) == json.dumps(data, ensure_ascii=False, indent=2)
True
"""

from __future__ import annotations

import codecs
import json
import os
from collections.abc import Callable
from typing import Any, TextIO

from cardscore.i18n import Msg

_INDENT = 2
_CONTAINERS = frozenset({dict, list, tuple})
# values written on one line whatever their depth (any other type is looked at closer)
_SCALARS = frozenset({str, int, float, bool, type(None), Msg})


def dumps(data: Any) -> str:
    """``data`` as ``json.dumps(data, ensure_ascii=False, indent=2)`` writes it.

    By orjson where it is installed: the same text for every value a cardscore document
    holds; orjson writes a NaN or an infinity ``null`` and a float under 0.0001 ``1e-7``
    (not ``NaN``, ``1e-07``), which no document holds (a sheet's numbers are whole or
    halves)."""
    encoded = _orjson(data)
    return exact(data) if encoded is None else encoded.decode()


def dump(data: Any, stream: TextIO) -> None:
    """Writes :func:`dumps`'s text and a line break to ``stream``: as UTF-8 bytes straight
    to its buffer where that is what the stream would write (17 MB for a long sheet, not
    decoded and encoded again)."""
    encoded = _orjson(data)
    buffer = getattr(stream, "buffer", None)
    if (
        encoded is not None
        and buffer is not None
        and os.linesep == "\n"  # (a text stream writes its line breaks as os.linesep)
        and codecs.lookup(getattr(stream, "encoding", None) or "ascii").name == "utf-8"
    ):
        stream.flush()
        buffer.write(encoded)
        buffer.write(b"\n")
        buffer.flush()
        return
    stream.write((exact(data) if encoded is None else encoded.decode()) + "\n")


def _orjson(data: Any) -> bytes | None:
    """``data`` indented by orjson, or ``None`` where orjson is missing or refuses it (a
    key that is not a string, an integer wider than 64 bits, a lone surrogate)."""
    try:
        import orjson
    except ImportError:  # an install without it: the standard library's C encoder
        return None
    try:
        return orjson.dumps(data, option=orjson.OPT_INDENT_2)
    except TypeError:  # what orjson refuses (orjson.JSONEncodeError is a TypeError)
        return None


def exact(data: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=2)``'s very text, every value."""
    return _text(data, 0)


# The C encoder of the one-line containers at each depth: its item separator holds the
# indent of that depth (the standard library's own when it has no C encoder).
_encoders: dict[int, Callable[[Any], str]] = {}


def _encoder(depth: int) -> Callable[[Any], str]:
    encoder = _encoders.get(depth)
    if encoder is None:
        separator = ",\n" + " " * (_INDENT * depth)
        standard = json.JSONEncoder(ensure_ascii=False, separators=(separator, ": "))
        make = getattr(json.encoder, "c_make_encoder", None)
        if make is None:
            encoder = standard.encode
        else:
            c_encode = make(
                None, standard.default, json.encoder.encode_basestring,  # type: ignore[attr-defined]
                None, ": ", separator, False, False, True,
            )  # fmt: skip

            def encoder(value: Any, c_encode: Any = c_encode) -> str:
                return "".join(c_encode(value, 0))

        _encoders[depth] = encoder
    return encoder


# What stands for a container inside its parent while the parent is encoded: a string no
# sheet holds (a NUL), written "\u0000" by the encoder; then each is replaced by its text.
_HOLE = "\x00"
_HOLE_TEXT = '"\\u0000"'


def _text(value: Any, depth: int) -> str:
    """``value`` written at ``depth`` (its first line is indented by its parent)."""
    kind = type(value)
    if kind is dict:
        items: Any = value.values()
    elif kind is list or kind is tuple:
        items = value
    elif kind in _SCALARS:
        return _encoder(0)(value)
    elif isinstance(value, dict):
        value = dict(value)
        items = value.values()
    elif isinstance(value, list | tuple):
        items = value = list(value)
    else:  # a number or string of another type, or what the standard encoder refuses
        return _encoder(0)(value)
    if not value:
        return "{}" if isinstance(value, dict) else "[]"
    # the items written on several lines: non-empty containers (and unknown types)
    nested = [v for v in items if type(v) not in _SCALARS and (v or type(v) not in _CONTAINERS)]
    encode = _encoder(depth + 1)
    if not nested:
        text = encode(value)
    else:
        if isinstance(value, dict):
            shallow: Any = {
                k: _HOLE if type(v) not in _SCALARS and (v or type(v) not in _CONTAINERS) else v
                for k, v in value.items()
            }
        else:
            shallow = [
                _HOLE if type(v) not in _SCALARS and (v or type(v) not in _CONTAINERS) else v
                for v in value
            ]
        pieces = encode(shallow).split(_HOLE_TEXT)
        if len(pieces) != len(nested) + 1:  # the data holds a NUL string itself
            return _standard(value, depth)
        joined = [pieces[0]]
        for child, piece in zip(nested, pieces[1:], strict=True):
            joined += (_text(child, depth + 1), piece)
        text = "".join(joined)
    inner = "\n" + " " * (_INDENT * (depth + 1))
    outer = "\n" + " " * (_INDENT * depth)
    return f"{text[0]}{inner}{text[1:-1]}{outer}{text[-1]}"


def _standard(value: Any, depth: int) -> str:
    """The standard library's text, indented for ``depth`` (a string never holds a raw line
    break: every line break of the text is one of the layout's)."""
    text = json.dumps(value, ensure_ascii=False, indent=_INDENT)
    return text.replace("\n", "\n" + " " * (_INDENT * depth))
