"""When a session was played, as its digest says: what the statistics' periods, their order
of sessions and the league's dates read (:mod:`cardscore.stats.aggregate` and
:mod:`cardscore.stats.league` alike).

>>> session_day({"updated": "2026-11-30T23:15:03+01:00", "created": ""}).isoformat()
'2026-11-30'
>>> session_day({"updated": "9999-12-31T23:59:59-01:00"}) is None
True
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import Any

from cardscore.schema import known_time

Digest = Mapping[str, Any]


def played_at(d: Digest) -> _dt.datetime | None:
    """When the session was last played (``updated``, else ``created``), if it says: a time
    a session file may hold (:func:`cardscore.schema.known_time`), else none — a time at the
    calendar's edge has no day nor timestamp to sort by."""
    for key in ("updated", "created"):
        found = known_time(d.get(key))
        if found is not None:
            return found
    return None


def session_day(d: Digest) -> _dt.date | None:
    """The day the session was last played, as its time stamp wrote it (local time)."""
    found = played_at(d)
    return None if found is None else found.date()


def moment(d: Digest) -> float:
    """A sort key for when the session was last played (undated sessions first)."""
    found = played_at(d)
    return float("-inf") if found is None else found.timestamp()
