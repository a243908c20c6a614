"""The last statistics document worked out, kept in the cache folder: a cache, only.

Working the league out (every counted session rated in order, the records) is most of what
``stats`` costs over a club's few thousand sessions, and the answer is the same while no
session changed.  So the document of the last run is kept in ``stats.json``, in the cache
folder of the homes it is of (:func:`cardscore.caches.folder_of`: the user's own, never
beside the sessions), with what it was made from: the cardscore version, the options that
chose the sessions, and what every session file held (its name and content hash, as the
index knows a file: see :mod:`cardscore.catalog`).  Any difference (a round saved, corrected
or undone, a session deleted, another filter) and it is worked out again from the digests.

It is read as untrusted as a session file (:func:`cardscore.caches.read`): a regular file of
a bounded size, of the very shape this version writes (:class:`Kept`: every figure's type
and range, each game's figures and records those the game has, no name holding a control
character, every message one whose template can be said).  Missing, damaged, of another
version or shape, or unwritable, it only makes the run slower.

The document's messages (its notes, the reasons a session counts for nobody) are kept as
their template and arguments, to be said in whatever language the next run speaks.

>>> from cardscore.i18n import msg
>>> kept = {"notes": [msg("{count} sessions", count=3)], "not_won": [], "sessions": 3}
>>> back = decoded(encoded(kept))
>>> back == kept, back["notes"][0].template
(True, '{count} sessions')
"""

from __future__ import annotations

import functools
import hashlib
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from cardscore.cache_types import Id, Names, Text
from cardscore.games.counts import Count, Key, Name, Number, Points
from cardscore.games.game_stats import declared, stats_of
from cardscore.i18n import Msg

NAME = "stats.json"
FORMAT = 3  # 3: in the cache folder, made from the session files' content hashes


def key_of(version: str, options: Sequence[Any], files: Iterable[tuple[str, str, str]]) -> str:
    """What a document is made from, in one digest: ``files`` are ``(home, name, content
    hash)``, in any order.

    >>> a = key_of("1", ["tarot"], [("h", "a.json", "0f"), ("h", "b.json", "3c")])
    >>> a == key_of("1", ["tarot"], [("h", "b.json", "3c"), ("h", "a.json", "0f")])
    True
    >>> a == key_of("1", ["tarot"], [("h", "a.json", "0e"), ("h", "b.json", "3c")])
    False
    """
    made = hashlib.sha256()
    made.update(repr((FORMAT, version, [str(o) for o in options])).encode())
    # one line a file, hashed at once: a club's thousands of files in a blink (a name and
    # a hash hold no tab nor new line, and the home is written as repr() escapes it)
    lines = "".join(f"\n{home!r}\t{name}\t{held}" for home, name, held in sorted(files))
    made.update(lines.encode("utf-8", "surrogateescape"))
    return made.hexdigest()


def path_of(homes: Sequence[Path]) -> Path:
    """Where the document of the sessions of ``homes`` (together) is kept."""
    from cardscore import caches

    return caches.folder_of(*homes) / NAME


def load(homes: Sequence[Path], key: str) -> dict[str, Any] | None:
    """The document kept for ``key``, or ``None``."""
    from cardscore import caches

    data = caches.read(path_of(homes), Kept)
    if data is None or data["format"] != FORMAT or data["key"] != key:
        return None
    doc = data["doc"]
    return decoded(doc) if plausible(doc) else None


def save(homes: Sequence[Path], key: str, doc: dict[str, Any]) -> None:
    """Keep ``doc`` for ``key`` (best effort: a cache)."""
    from cardscore import caches

    caches.write(path_of(homes), {"format": FORMAT, "key": key, "doc": encoded(doc)})


# --------------------------------------------------------------------------------------------
# The document's shape (what aggregate() writes, see cardscore.stats.aggregate)

Param = Annotated[str, Meta(max_length=10_000)] | Number
Date = Text | None


class Said(Struct, forbid_unknown_fields=True):
    """A message: its template and arguments (:func:`encoded`)."""

    msg: Annotated[str, Meta(max_length=2000)]
    params: dict[Key, Param]


Message = Annotated[str, Meta(max_length=2000)] | Said


class Count2(Struct, forbid_unknown_fields=True):
    sessions: Count
    rounds: Count


class Point(Struct, forbid_unknown_fields=True):
    session: Id
    date: Date
    value: Points


class Rating(Struct, forbid_unknown_fields=True):
    mu: Number
    sigma: Number
    value: Points
    change: Points
    matches: Count
    history: list[Point]


class Played(Struct, forbid_unknown_fields=True):
    """What a player played: across his games, and at each game."""

    sessions: Count
    wins: Count
    rounds: Count
    points: Number
    average: Number | None
    best: Number | None
    worst: Number | None


class EveryGameFigures(Played, forbid_unknown_fields=True):
    """A player's figures at one game that every game has; then the game's own, of the types
    its statistics module declares (:data:`Figures`; which of them a game has is checked by
    :func:`plausible`)."""

    rating: Rating | None


#: a player's figures at a game: every game's, then each game's own (each game's declared
#: ``FIGURES``, see :mod:`cardscore.games.game_stats`)
Figures = msgspec.defstruct(
    "Figures",
    [(key, kind | UnsetType, UNSET) for key, kind in declared("figures").items()],
    bases=(EveryGameFigures,),
    forbid_unknown_fields=True,
)


class Player(Played, forbid_unknown_fields=True):
    name: Name
    games: dict[Name, Figures]


class Line(Struct, forbid_unknown_fields=True):
    id: Id
    game: Name
    rules: Name | None
    date: Date
    players: Names
    winner: Name | None
    winners: Names
    results: dict[Name, Number]


class NotWon(Struct, forbid_unknown_fields=True):
    id: Id
    game: Name
    date: Date
    reason: Message


class Record(Struct, forbid_unknown_fields=True):
    value: Number
    players: Names
    session: Id
    date: Date


class Run(Struct, forbid_unknown_fields=True):
    value: Count
    players: Names
    from_: Id = msgspec.field(name="from")
    session: Id
    date: Date


class Time(Struct, forbid_unknown_fields=True):
    count: Number
    players: Names
    session: Id
    date: Date


class Records(Struct, forbid_unknown_fields=True):
    best_round: Record | None
    worst_round: Record | None
    best_session: Record | None
    longest_run: Run | None
    feats: dict[Key, Record | list[Time] | None]
    feats_by_player: dict[Key, dict[Name, Number]]


class Doc(Struct, forbid_unknown_fields=True):
    sessions: Count
    rounds: Count
    games: dict[Name, Count2]
    notes: list[Message]
    players: list[Player]
    sessions_list: list[Line]
    not_won: list[NotWon]
    records: dict[Name, Records]


class Kept(Struct, forbid_unknown_fields=True):
    """The file: its format, what its document was made from, the document."""

    format: int
    key: Annotated[str, Meta(pattern="^[0-9a-f]{64}$")]
    doc: Doc


#: the figures every game has (besides its own, and its rating)
_EVERY_GAME = ("sessions", "wins", "rounds", "points", "average", "best", "worst", "rating")


def plausible(doc: Mapping[str, Any]) -> bool:
    """What the types of a kept document (:class:`Doc`) cannot say: that its games are
    games there are, each player's figures at a game those of that game, each game's
    records its own, and every message one that can be said.

    >>> plausible({"games": {"tarot": {}}, "players": [{"games": {"tarot": {}}}],
    ...            "records": {}, "notes": [], "not_won": []})
    False
    >>> plausible({"games": {}, "players": [], "records": {}, "notes": ["All good."],
    ...            "not_won": [{"reason": {"msg": "{count} rounds", "params": {"count": 2}}}]})
    True
    """
    from cardscore.games import GAME_NAMES

    games = doc["games"]
    if not set(games) <= set(GAME_NAMES) or not set(doc["records"]) <= set(games):
        return False
    for player in doc["players"]:
        for game, figures in player["games"].items():
            if game not in games or set(figures) != _figures_of(game):
                return False
    for game, records in doc["records"].items():
        feats = _feats_of(game)
        if set(records["feats"]) != set(feats) or set(records["feats_by_player"]) != {
            key for key, each in feats.items() if each
        }:
            return False
        for key, value in records["feats"].items():
            if isinstance(value, list) != feats[key]:
                return False
    reasons = [each["reason"] for each in doc["not_won"]]
    return all(_sayable(said) for said in [*doc["notes"], *reasons])


@functools.cache
def _figures_of(game: str) -> frozenset[str]:
    """The figures a player has at ``game``: every game's and the game's own."""
    from cardscore.games import get_game

    return frozenset((*_EVERY_GAME, *stats_of(get_game(game)).own_figures({}, {})))


@functools.cache
def _feats_of(game: str) -> dict[str, bool]:
    """The game's records of its own, each with whether every time is kept."""
    from cardscore.games import get_game

    return {feat.key: feat.each for feat in stats_of(get_game(game)).view.feats}


#: a message's field: a name, at most a short format (``{count}``, ``{value!r}``,
#: ``{share:.0%}``) — never an attribute, an index or a width a file could make huge
_FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SPEC = re.compile(r"[,.]?[0-9]?[a-z%]?")


def _sayable(said: Any) -> bool:
    """Whether a kept message can be said: plain text, or a template whose fields are
    names (with at most a short format) that its arguments give."""
    if isinstance(said, str):
        return True
    template, params = said["msg"], said["params"]
    try:
        for _text, name, spec, conversion in string.Formatter().parse(template):
            if name is None:
                continue
            if not _FIELD.fullmatch(name) or not _SPEC.fullmatch(spec or ""):
                return False
            if conversion not in (None, "r", "s") or name not in params:
                return False
        template.format_map(params)
    except (ValueError, TypeError, KeyError, IndexError):
        return False
    return True


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
