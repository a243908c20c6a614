"""The last statistics document worked out, kept beside the index: a cache, only.

Working the league out (every counted session rated in order, the records) is most of what
``stats`` costs over a club's few thousand sessions, and the answer is the same while no
session changed.  So the document of the last run is kept in ``<home>/stats.json`` with
what it was made from: the cardscore version, the options that chose the sessions, and
every session file's name, size and modification time (the index's own test of a file
unchanged, see :mod:`cardscore.catalog`).  Any difference (a round saved, corrected or
undone, a session deleted, another filter) and it is worked out again from the digests.
Missing, damaged, of another version, of another shape (:func:`plausible`) or unwritable,
it only makes the run slower; it is not written while a file is so new that it could
change again within its mtime's tick.

The document's messages (its notes, the reasons a session counts for nobody) are kept as
their template and arguments, to be said in whatever language the next run speaks.

>>> from cardscore.i18n import msg
>>> kept = {"notes": [msg("{count} sessions", count=3)], "not_won": [], "sessions": 3}
>>> back = decoded(encoded(kept))
>>> back == kept, back["notes"][0].template
(True, '{count} sessions')
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from cardscore.i18n import Msg

NAME = "stats.json"
FORMAT = 2  # 2: the records' feats_by_player
#: a file changed less than this before the run may change again unseen (see catalog)
RACY_NS = 2_000_000_000


def key_of(version: str, options: Sequence[Any], files: Iterable[tuple[str, str, int, int]]) -> str:
    """What a document is made from, in one digest: ``files`` are ``(home, name, size,
    mtime_ns)``, in any order.

    >>> a = key_of("1", ["tarot"], [("h", "a.json", 10, 5), ("h", "b.json", 3, 4)])
    >>> a == key_of("1", ["tarot"], [("h", "b.json", 3, 4), ("h", "a.json", 10, 5)])
    True
    >>> a == key_of("1", ["tarot"], [("h", "a.json", 10, 6), ("h", "b.json", 3, 4)])
    False
    """
    made = hashlib.sha256()
    made.update(repr((FORMAT, version, [str(o) for o in options])).encode())
    for file in sorted(files):
        made.update(repr(file).encode())
    return made.hexdigest()


def settled(files: Iterable[tuple[str, str, int, int]], now_ns: int | None = None) -> bool:
    """Whether every file is old enough for its size and mtime to say it is unchanged."""
    now_ns = time.time_ns() if now_ns is None else now_ns
    return all(mtime < now_ns - RACY_NS for _home, _name, _size, mtime in files)


def load(home: Path, key: str) -> dict[str, Any] | None:
    """The document kept for ``key``, or ``None``."""
    import orjson

    try:
        data = orjson.loads((home / NAME).read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        return None
    doc = data.get("doc")
    return decoded(doc) if isinstance(doc, dict) and plausible(doc) else None


def plausible(doc: dict[str, Any]) -> bool:
    """Whether a kept document has the shape this version writes, its names printable: a
    file read is untrusted (a synced folder may bring another machine's), and one that is
    not quite so is worked out again rather than shown.

    >>> plausible({"players": [{"name": "Ann", "games": {}}], "sessions_list": [],
    ...            "records": {}, "notes": [], "not_won": [], "sessions": 1, "rounds": 4})
    True
    >>> plausible({"players": [{"name": "Ann\x1b[2J", "games": {}}], "sessions_list": [],
    ...            "records": {}, "notes": [], "not_won": [], "sessions": 1, "rounds": 4})
    False
    """
    kinds = {"players": list, "sessions_list": list, "records": dict, "notes": list,
             "not_won": list, "sessions": int, "rounds": int}  # fmt: skip
    if not all(isinstance(doc.get(key), kind) for key, kind in kinds.items()):
        return False
    for player in doc["players"]:
        if not isinstance(player, dict) or not isinstance(player.get("games"), dict):
            return False
        name = player.get("name")
        if not isinstance(name, str) or not name.isprintable():
            return False
    return all(isinstance(s, dict) for s in doc["sessions_list"])


def save(home: Path, key: str, doc: dict[str, Any]) -> None:
    """Keep ``doc`` for ``key`` (best effort: a cache)."""
    import orjson

    from cardscore import atomic

    try:
        payload = orjson.dumps({"format": FORMAT, "key": key, "doc": encoded(doc)})
        atomic.replace(home / NAME, payload)
    except (OSError, TypeError, ValueError):
        pass


#: where a statistics document holds messages: its notes, and why a session counts for
#: nobody's win (see :func:`cardscore.stats.aggregate.aggregate`)
NOTES, NOT_WON, REASON = "notes", "not_won", "reason"


def encoded(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` as plain JSON, each of its messages as ``{"msg": template, "params": …}``."""
    return {
        **doc,
        NOTES: [_message(note) for note in doc.get(NOTES, ())],
        NOT_WON: [{**each, REASON: _message(each[REASON])} for each in doc.get(NOT_WON, ())],
    }


def decoded(doc: dict[str, Any]) -> dict[str, Any]:
    """The document :func:`encoded` made, its messages messages again."""
    return {
        **doc,
        NOTES: [_said(note) for note in doc.get(NOTES, ())],
        NOT_WON: [{**each, REASON: _said(each[REASON])} for each in doc.get(NOT_WON, ())],
    }


def _message(text: Any) -> Any:
    if isinstance(text, Msg):
        return {"msg": text.template, "params": dict(text.params)}
    return text


def _said(kept: Any) -> Any:
    if isinstance(kept, dict) and isinstance(kept.get("msg"), str):
        return Msg(kept["msg"], **(kept.get("params") or {}))
    return kept
