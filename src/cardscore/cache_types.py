"""The typed schema of the catalog's cache files (:mod:`cardscore.catalog`): ``index.json``
(each session file's ``list`` row) and ``digests.json`` (its statistics digest).

Read with :func:`cardscore.caches.read`: a file of any other shape is not used (every field's
type, range and length, and no key this version does not write: ``forbid_unknown_fields``).
A digest's counters are those every game keeps, then each game's own, of the types its
statistics module declares (:func:`digests_file`); ``tests/test_untrusted_caches.py`` checks
that digests of every game fit (else every cached digest would be worked out again: slower,
never wrong).

What types cannot say is checked record by record when it is used (:func:`sound_row`,
:func:`sound_digest`): that it is the row or digest of that very file, that the players of a
digest are those it counts, and that its dates are dates.

>>> import msgspec
>>> row = {"id": "ab12", "game": "tarot", "rules": "fft", "title": "", "players": ["Ann"],
...        "rounds": 0, "updated": "2026-01-02T20:00:00+01:00", "finished": False,
...        "winner": None}
>>> _ = msgspec.convert(row, Row)
>>> sound_row(row, "ab12"), sound_row(row, "cd34")
(True, False)
>>> _ = msgspec.convert({**row, "rounds": "4"}, Row)
Traceback (most recent call last):
...
msgspec.ValidationError: Expected `int`, got `str` - at `$.rounds`
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping
from typing import Annotated, Any, Generic, TypeVar

from msgspec import UNSET, Meta, Struct, UnsetType, defstruct

from cardscore.games.counts import Count, Name, Number

#: the type of a digest's counters (:func:`digests_file`)
C = TypeVar("C")
#: a title, a time stamp
Text = Annotated[str, Meta(max_length=1000)]
#: a session's id, a session file's name, a content hash: what they must be is checked where
#: they are used (a record is that of the file of that name, of that hash, of that id), no
#: pattern here (matching one for every record is most of the time the check takes)
Id = Annotated[str, Meta(min_length=1, max_length=40)]
FileName = Annotated[str, Meta(min_length=6, max_length=45)]
Hash = Annotated[str, Meta(min_length=64, max_length=64)]
Names = Annotated[list[Name], Meta(max_length=1000)]


class Row(Struct, forbid_unknown_fields=True):
    """A session's ``list`` row (:func:`cardscore.document.summary`)."""

    id: Id
    game: Name
    rules: Name
    title: Text
    players: Names
    rounds: Count
    updated: Text
    finished: bool
    winner: Name | None


class RowRecord(Struct, forbid_unknown_fields=True):
    hash: Hash
    summary: Row


class EveryGameCounters(Struct, forbid_unknown_fields=True):
    """A player's counters in one session that every game keeps; then each game's own (only
    once they are not zero), of the types its statistics module declares
    (:func:`digests_file`)."""

    rounds: Count
    points: Number
    best: Number | None
    worst: Number | None
    won: bool
    total: Number


class Digest(Struct, Generic[C], forbid_unknown_fields=True):
    """A session's statistics digest (:func:`cardscore.stats.digest.digest`); ``C``: the
    counters' type."""

    version: int
    id: Id
    game: Name
    rules: Name
    created: Text
    updated: Text
    players: Names
    rounds: Count
    seats: Count
    finished: bool
    decided: bool
    winner: Name | None
    winners: Names
    totals: dict[Name, Number]
    per_player: dict[Name, C]


class DigestRecord(Struct, Generic[C], forbid_unknown_fields=True):
    hash: Hash
    digest: Digest[C]


class _File(Struct, forbid_unknown_fields=True):
    format: int
    cardscore: Text
    version: int | None
    home: Annotated[str, Meta(max_length=10_000)]


class IndexFile(_File, forbid_unknown_fields=True):
    sessions: dict[FileName, RowRecord]


class DigestsFile(_File, Generic[C], forbid_unknown_fields=True):
    sessions: dict[FileName, DigestRecord[C]]


@functools.cache
def counters() -> Any:
    """The type of a player's counters in a digest: those every game keeps, then those each
    game's statistics module declares (:func:`cardscore.games.game_stats.declared`), each
    left out while zero.

    >>> import msgspec
    >>> kept = {"rounds": 2, "points": 40, "best": 40, "worst": 0, "won": True, "total": 40}
    >>> msgspec.convert({**kept, "takes": 1}, counters()).takes
    1
    >>> msgspec.convert({**kept, "takes": -1}, counters())
    Traceback (most recent call last):
    ...
    msgspec.ValidationError: Expected `int` >= 0 - at `$.takes`
    """
    from cardscore.games.game_stats import declared

    own = [(key, kind | UnsetType, UNSET) for key, kind in declared("counters").items()]
    return defstruct("Counters", own, bases=(EveryGameCounters,), forbid_unknown_fields=True)


def digests_file() -> Any:
    """The type of ``digests.json``."""
    return DigestsFile[counters()]


def sound_row(row: Mapping[str, Any], session_id: str) -> bool:
    """Whether a row (of the type :class:`Row`) is the row of session ``session_id`` (its
    time stamp is only ever shown as text, or read where any text may come)."""
    return row["id"] == session_id


def sound_digest(digest: Mapping[str, Any], session_id: str, version: Any) -> bool:
    """Whether a digest (of the type :class:`Digest`) is one of session ``session_id`` in
    this version that the statistics can add up: a game there is, its players those it
    has counters of, its winners among them, its dates dates."""
    from cardscore.games import GAME_NAMES

    players = digest["players"]
    per_player = digest["per_player"]
    return (
        digest["version"] == version
        and digest["id"] == session_id
        and digest["game"] in GAME_NAMES
        and list(per_player) == players
        and set(digest["winners"]) <= set(players)
        and is_stamp(digest["created"])
        and is_stamp(digest["updated"])
    )


def is_stamp(text: str) -> bool:
    """Whether ``text`` is empty or a time the statistics can date and order a session by
    (years 1900 to 2200: nothing beyond what a date sum can hold).

    >>> is_stamp(""), is_stamp("2026-01-02T20:00:00+01:00"), is_stamp("2026-01-02T20:00:00")
    (True, True, True)
    >>> is_stamp("0001-01-01T00:00:00+01:00"), is_stamp("soon"), is_stamp("9999-12-31")
    (False, False, False)
    """
    if not text:
        return True
    try:
        moment = dt.datetime.fromisoformat(text)
        moment.timestamp()
    except (ValueError, OverflowError, OSError):
        return False
    return 1900 <= moment.year <= 2200
