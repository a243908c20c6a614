"""The typed schema of the catalog's cache files (:mod:`cardscore.catalog`): ``index.json``
(each session file's ``list`` row) and ``digests.json`` (its statistics digest).

Read with :func:`cardscore.caches.read`: a file of any other shape is not used (every field's
type, range and length, and no key this version does not write: ``forbid_unknown_fields``).
A digest's counters are each game's (:mod:`cardscore.games.tally`): a counter a new version
adds must be added here too, or every cached digest is worked out again (slower, never
wrong); ``tests/test_untrusted_caches.py`` checks that digests of every game fit.

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
from collections.abc import Mapping
from typing import Annotated, Any

from msgspec import UNSET, Meta, Struct, UnsetType

#: a name (a player's, a team's, a rule set's) as a session file may hold one
Name = Annotated[str, Meta(min_length=1, max_length=100)]
#: a title, a time stamp
Text = Annotated[str, Meta(max_length=1000)]
#: a session's id, a session file's name, a content hash: what they must be is checked where
#: they are used (a record is that of the file of that name, of that hash, of that id), no
#: pattern here (matching one for every record is most of the time the check takes)
Id = Annotated[str, Meta(min_length=1, max_length=40)]
FileName = Annotated[str, Meta(min_length=6, max_length=45)]
Hash = Annotated[str, Meta(min_length=64, max_length=64)]
Count = Annotated[int, Meta(ge=0, le=10**9)]
#: points: far beyond any game's, far within what a float counts exactly
Points = Annotated[int, Meta(ge=-(10**12), le=10**12)]
Number = Points | Annotated[float, Meta(ge=-1e12, le=1e12)]
Names = Annotated[list[Name], Meta(max_length=1000)]
Key = Annotated[str, Meta(min_length=1, max_length=100)]
#: the teams (0, 1) a player of belote or coinche sat in
Teams = Annotated[list[Annotated[int, Meta(ge=0, le=1)]], Meta(max_length=2)]


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


class Contract(Struct, forbid_unknown_fields=True):
    takes: Count | UnsetType = UNSET
    made: Count | UnsetType = UNSET
    gap_sum: Number | UnsetType = UNSET


class Together(Struct, forbid_unknown_fields=True):
    rounds: Count | UnsetType = UNSET
    won: Count | UnsetType = UNSET


class Called(Struct, forbid_unknown_fields=True):
    count: Count | UnsetType = UNSET
    made: Count | UnsetType = UNSET


class Counters(Struct, forbid_unknown_fields=True):
    """A player's counters in one session: the six every game keeps, then each game's
    own (only once they are not zero)."""

    rounds: Count
    points: Number
    best: Number | None
    worst: Number | None
    won: bool
    total: Number
    # tarot
    takes: Count | UnsetType = UNSET
    made: Count | UnsetType = UNSET
    contracts: dict[Key, Contract] | UnsetType = UNSET
    called: Called | UnsetType = UNSET
    partners: dict[Name, Together] | UnsetType = UNSET
    petit_au_bout: dict[Key, Count] | UnsetType = UNSET
    poignees: Count | UnsetType = UNSET
    miseres: Count | UnsetType = UNSET
    chelems: Count | UnsetType = UNSET
    chelem_detail: dict[Key, Count] | UnsetType = UNSET
    # belote and coinche
    teams: Teams | UnsetType = UNSET
    capots: Count | UnsetType = UNSET
    dedans: Count | UnsetType = UNSET
    litiges: Count | UnsetType = UNSET
    levels: dict[Key, dict[Key, Count]] | UnsetType = UNSET
    generales: dict[Key, Count] | UnsetType = UNSET
    # rami
    rounds_won: Count | UnsetType = UNSET
    rami_sec: Count | UnsetType = UNSET
    never_opened: Count | UnsetType = UNSET
    hand_sum: Number | UnsetType = UNSET
    hand_count: Count | UnsetType = UNSET


class Digest(Struct, forbid_unknown_fields=True):
    """A session's statistics digest (:func:`cardscore.stats.digest.digest`)."""

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
    per_player: dict[Name, Counters]


class DigestRecord(Struct, forbid_unknown_fields=True):
    hash: Hash
    digest: Digest


class _File(Struct, forbid_unknown_fields=True):
    format: int
    cardscore: Text
    version: int | None
    home: Annotated[str, Meta(max_length=10_000)]


class IndexFile(_File, forbid_unknown_fields=True):
    sessions: dict[FileName, RowRecord]


class DigestsFile(_File, forbid_unknown_fields=True):
    sessions: dict[FileName, DigestRecord]


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
