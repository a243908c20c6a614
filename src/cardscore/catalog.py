"""The sessions of one or more homes, as ``list`` and ``stats`` read them: read-only, with
the copies a file-sync tool leaves set aside, and an index that spares re-reading sessions
that did not change.

A club may keep its sessions folder in a file-sync tool (Syncthing, Nextcloud, Dropbox, a
network share) and gather several folders (``stats --home DIR``…).  :func:`scan` finds
every session of the homes given, once:

* a sync tool's conflict copy (``ID.sync-conflict-….json``, ``ID (conflicted copy ….json``)
  is named in a warning and never counted (its rounds would be counted twice);
* the same id in two homes is named in a warning and counted once: the copy changed most
  recently (by its ``updated``; a time more than a day ahead of this machine's is not
  believed) is kept, the first home given on a tie;
* a damaged file is named in a warning, as ``list`` always did.

The index is two files in the home's cache folder (:func:`cardscore.caches.folder_of`:
the user's own, never beside the sessions, which a sync tool may share with machines that
are not this user's): ``index.json`` maps each session file's name to the hash of what it
holds (:func:`cardscore.caches.content_hash`) and its ``list`` row; ``digests.json`` to the
hash and its statistics digest.  Two files so that ``list`` reads only the rows (the digests
are most of the bytes).  Every session file is read on every run, and a record is used only
for the very bytes it was made from (a file edited keeping its size and modification time,
as a sync tool leaves it, is worked out again); anything else is worked out from the file
and the index file rewritten atomically (:mod:`cardscore.atomic`).  It is a cache, read as
untrusted as a session (:func:`cardscore.caches.read`, :mod:`cardscore.cache_types`):
missing, damaged, of another version or shape, or unwritable, it only makes the run slower.
Two processes writing it at once each replace it whole (the last one wins): never half
written.  The index files cardscore 0.1 kept beside the sessions folder are neither read nor
written.

Nothing here writes to a session file, nor takes its lock.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscore import caches, store
from cardscore.i18n import Msg, date_text, msg

INDEX_NAME = "index.json"  # the list rows
DIGESTS_NAME = "digests.json"  # the statistics digests
INDEX_FORMAT = 3  # 3: in the user's cache folder, each record by its file's content hash
#: a copy of a session dated more than this ahead of this machine's clock is not believed
#: to be the latest (it would win over every other copy for ever)
AHEAD_NS = 24 * 3600 * 10**9

_MISSING: Any = object()


def _digester() -> tuple[Callable[[Any, Any], Any], Any]:
    """The statistics digest function and its version (imported only when a digest is
    needed: ``list`` never pays for the statistics)."""
    import importlib

    # (not ``from cardscore.stats import digest``: the package's ``digest`` is the function)
    module = importlib.import_module("cardscore.stats.digest")
    return module.digest, getattr(module, "VERSION", 0)


# --------------------------------------------------------------------------------------------
# Entries


@dataclass(eq=False)
class Entry:
    """One session file: where it is, the hash of what it held when it was read, and
    (worked out once, or taken from the index) its ``list`` row and statistics digest."""

    id: str
    name: str  # the file's name, ``ID.json``
    home: Path
    size: int
    mtime_ns: int
    _home: _Home = field(repr=False)
    #: :func:`cardscore.caches.content_hash` of the file's bytes the row and digest are of
    hash: str = ""
    _summary: dict[str, Any] | None = field(default=None, repr=False)
    _digest: Any = field(default=_MISSING, repr=False)

    @property
    def path(self) -> Path:
        # made when asked: building ten thousand Paths is a good part of a warm scan
        return self.home / "sessions" / self.name

    def session(self) -> Any:
        """The session as its file holds it (a fresh read; nothing is ever written back)."""
        return store.read(self.path)

    def summary(self) -> dict[str, Any]:
        """The ``list`` row: :func:`cardscore.document.summary` with ``finished`` and
        ``winner``."""
        if self._summary is None:
            self._fill(store.read_bytes(self.path), want_digest=False)
        assert self._summary is not None
        return self._summary

    def digest(self) -> Any:
        """The statistics digest (:func:`cardscore.stats.digest.digest`) of the session, as
        plain JSON data (the same whether worked out now or read from the index)."""
        if self._digest is _MISSING:
            self._digest = self._home.digests().recall(self)
        if self._digest is _MISSING:
            self._fill(store.read_bytes(self.path), want_digest=True)
        return self._digest

    def _fill(self, raw: bytes, *, want_digest: bool) -> None:
        """Work out what is missing from the file's bytes ``raw`` (the digest continues the
        replay the row made), and remember it in the index under their hash.  Bytes other
        than those the entry was read with (the file changed since): the row is worked out
        again from them too, so that the row and the digest are of the same bytes."""
        made = caches.content_hash(raw)
        if made != self.hash:
            self.hash, self._summary, self._digest = made, None, _MISSING
        session = store.parse(raw, self.path)
        standings = None  # (one replay serves the row and the digest)
        if self._summary is None:
            from cardscore.document import summary

            standings = session.standings()
            self._summary = summary(session, standings)
            self._home.rows.remember(self, self._summary)
        if want_digest and self._digest is _MISSING:
            function, _ = _digester()
            made = function(session, standings)
            self._digest = json.loads(json.dumps(made, ensure_ascii=False))
            self._home.digests().remember(self, self._digest)


@dataclass
class Scan:
    """The sessions found (one per id, most recently changed first) and what was set aside
    or could not be read (messages for the user)."""

    entries: list[Entry]
    warnings: list[Msg]
    _homes: list[_Home] = field(default_factory=list, repr=False)
    #: the homes asked for, each once (those without a sessions folder too)
    folders: list[Path] = field(default_factory=list)

    def digests(self) -> list[tuple[Entry, Any]]:
        """Every entry with its digest; a session whose digest cannot be worked out is
        dropped with a warning.  The index is saved with the new digests."""
        found = []
        for entry in list(self.entries):
            try:
                found.append((entry, entry.digest()))
            except store.StoreError as exc:
                self._drop(entry, _reason(entry.path, exc))
            except _data_error() as exc:
                self._drop(entry, _unusable(entry.path, exc))
        self.save()
        return found

    def save(self) -> None:
        """Rewrite the index files that changed (best effort: an index is a cache)."""
        for home in self._homes:
            home.save()

    def _drop(self, entry: Entry, warning: Msg) -> None:
        self.entries.remove(entry)
        self.warnings.append(warning)
        entry._home.forget(entry.name)


def scan(
    homes: Sequence[Path] | None = None, *, digests: bool = False, digest_reads: bool = False
) -> Scan:
    """The sessions of ``homes`` (each ``<home>/sessions/*.json``; ``None``: the usual home,
    :func:`cardscore.store.data_dir`).

    Every entry's row is known when this returns (from the index, else from its file), so
    that damaged files and duplicates are already in the warnings.  With ``digests``, every
    digest is worked out too (from the same read of each changed file) and saved; with
    ``digest_reads``, only those of the files read anyway (the others' are read from the
    index when :meth:`Scan.digests` asks: ``stats`` may need none of them)."""
    explicit = homes is not None
    folders = _unique_homes(homes if homes is not None else [store.data_dir()])
    warnings: list[Msg] = []
    known: list[_Home] = []
    readable: list[Entry] = []
    for folder in folders:
        sessions = folder / "sessions"
        if not sessions.is_dir():
            if explicit:
                warnings.append(msg("no sessions folder in {home}", home=str(folder)))
            continue
        home = _Home(folder, _session_files(sessions, warnings))
        known.append(home)
        readable += home.read(digests, warnings, digest_reads)
    found = Scan(_one_per_id(readable, warnings), warnings, known, folders)
    found.save()
    return found


def _unique_homes(homes: Sequence[Path]) -> list[Path]:
    """The homes in the order given, each once (the same folder given twice, or by two
    paths, is one home)."""
    seen: set[Path] = set()
    unique = []
    for home in homes:
        home = Path(home)
        key = home.resolve() if home.exists() else home.absolute()
        if key not in seen:
            seen.add(key)
            unique.append(home)
    return unique


def _session_files(folder: Path, warnings: list[Msg]) -> list[tuple[str, str]]:
    """The session files of one folder (names and paths); conflict copies are named in
    ``warnings`` and left out, and so is anything but a regular file."""
    found = []
    try:
        listing = list(os.scandir(folder))
    except OSError as exc:
        warnings.append(
            msg(
                "cannot read folder {folder}: {reason}",
                folder=str(folder),
                reason=exc.strerror or str(exc),
            )
        )
        return []
    named = [i for i in listing if i.name.endswith(".json") and not i.name.startswith(".")]
    ids = {i.name[:-5] for i in named if store.is_session_id(i.name[:-5])}
    for item in named:
        if item.name[:-5] not in ids:
            _not_a_session(Path(item.path), store.printable(item.path), ids, warnings)
            continue
        try:
            # (the kind the folder's listing says, mostly without a system call; what the
            # file is when it is opened is checked again, and its size and time read then)
            regular = item.is_file(follow_symlinks=False)
        except OSError:  # gone since the folder was listed
            continue
        if not regular:  # a link, a FIFO, a folder: never read
            shown = store.printable(item.path)
            warnings.append(msg("{path} is not a regular file: it is not read", path=shown))
            continue
        found.append((item.name, item.path))
    return found


def _not_a_session(path: Path, shown: str, ids: set[str], warnings: list[Msg]) -> None:
    """The warning for a ``.json`` file not named ``ID.json``: a copy (by the id its name
    holds, else the one its content says) is never counted, since its rounds would be
    counted twice."""
    name = path.name
    conflict = store.conflict_copy_of(name)
    if conflict is not None:
        warnings.append(
            msg(
                "{path} is a conflict copy of session {id} made by a file-sync tool: "
                "it is not counted (compare it with {id}.json, then delete it)",
                path=shown,
                id=conflict,
            )
        )
        return
    original = next((i for i in sorted(ids, key=len, reverse=True) if i in name.lower()), None)
    original = original or _id_inside(path)
    if original is not None:
        warnings.append(
            msg(
                "{path} looks like a copy of session {id}: it is not counted (compare it "
                "with {id}.json, then delete it)",
                path=shown,
                id=original,
            )
        )
        return
    warnings.append(
        msg("{path} is not named as a session file (ID.json): it is not read", path=shown)
    )


def _id_inside(path: Path) -> str | None:
    """The session id a file's content says (a copy whose original is not beside it)."""
    from cardscore import schema

    try:
        data = schema.decode(store.read_bytes(path))
    except (store.StoreError, ValueError):
        return None
    found = data.get("id") if isinstance(data, dict) else None
    return found if store.is_session_id(found) else None


def _one_per_id(entries: list[Entry], warnings: list[Msg]) -> list[Entry]:
    """Each id once, most recently changed file first: of the same id in several homes,
    the copy whose ``updated`` is the latest (the first home given on a tie; a time more
    than :data:`AHEAD_NS` ahead of this machine's is not believed: it would win for ever)."""
    by_id: dict[str, list[Entry]] = {}
    for entry in entries:
        by_id.setdefault(entry.id, []).append(entry)
    kept = []
    for same in by_id.values():
        best = same[0]
        for other in same[1:]:
            if _believed(other) > _believed(best):
                best = other
        for other in same:
            if other is not best:
                warnings.append(
                    msg(
                        "session {id} is in two folders: {kept} is counted (changed "
                        "{updated}), {other} is not (changed {other_updated})",
                        id=best.id,
                        kept=str(best.path),
                        updated=_when(best),
                        other=str(other.path),
                        other_updated=_when(other),
                    )
                )
        kept.append(best)
    kept.sort(key=lambda e: (-e.mtime_ns, e.id))
    return kept


def _updated(entry: Entry) -> str:
    return str(entry.summary().get("updated") or "")


def _believed(entry: Entry) -> str:
    """When the copy says it was last changed, in UTC (comparable as text), or ``""`` when
    it says nothing that can be believed: no time, or one in the future."""
    when = _utc(_updated(entry))
    return when if when and when <= _ahead() else ""


def _utc(stamp: str) -> str:
    """An ISO time as UTC text, comparable as text (``""`` when it is not a time one can
    say in UTC; no zone: UTC).

    >>> _utc("2024-03-15T23:00:00+02:00"), _utc("0001-01-01T00:00:00+01:00"), _utc("x")
    ('2024-03-15T21:00:00+00:00', '', '')
    """
    import datetime as dt

    try:
        when = dt.datetime.fromisoformat(stamp)
        if when.tzinfo is None:
            when = when.replace(tzinfo=dt.UTC)
        return when.astimezone(dt.UTC).isoformat()
    except (ValueError, OverflowError):
        return ""


def _ahead() -> str:
    """The latest time a copy may say it was changed (see :data:`AHEAD_NS`), in UTC."""
    import datetime as dt

    return (_now() + dt.timedelta(microseconds=AHEAD_NS // 1000)).isoformat()


def _now() -> Any:
    """This machine's time, in UTC (a datetime)."""
    import datetime as dt

    return dt.datetime.now(dt.UTC)


def _when(entry: Entry) -> Msg | str:
    """When a copy was last changed, as the warning says it (a time in the future said so:
    it is why that copy was not believed)."""
    text = date_text(_updated(entry) or "?")
    if _utc(_updated(entry)) and not _believed(entry):
        return msg("{date}, in the future", date=text)
    return text


def _data_error() -> type[Exception]:
    from cardscore.session import SessionDataError

    return SessionDataError


def _reason(path: Path, exc: Exception) -> Msg:
    """The store's own message (it names the file), else one that does."""
    text = exc.args[0] if exc.args else None
    return text if isinstance(text, Msg) else _unusable(path, exc)


def _unusable(path: Path, exc: Exception) -> Msg:
    reason = exc.args[0] if exc.args else type(exc).__name__
    return msg(
        "cannot use session file {path}: {reason}", path=store.printable(path), reason=reason
    )


# --------------------------------------------------------------------------------------------
# The index


class _Home:
    """One home's session files and its two index files, in its cache folder (the digests'
    read only when a digest is asked)."""

    def __init__(self, folder: Path, files: list[tuple[str, str]]) -> None:
        self.folder = folder
        self.cache = caches.folder_of(folder)
        self.files = files
        self.names = {name for name, _path in files}
        self.rows = _Records.load(self.cache / INDEX_NAME, "summary", None, self)
        self._digests: _Records | None = None

    def digests(self) -> _Records:
        if self._digests is None:
            _, version = _digester()
            self._digests = _Records.load(self.cache / DIGESTS_NAME, "digest", version, self)
        return self._digests

    def read(self, digests: bool, warnings: list[Msg], digest_reads: bool = False) -> list[Entry]:
        """The entries of the files that can be used (each one's row known, and its digest
        with ``digests``, or with ``digest_reads`` when its file is read); the others are
        named in ``warnings``.  Every file is read (the index knows a file by the hash of
        what it holds), and worked out only when the index does not know those bytes."""
        readable = []
        for name, path in self.files:
            entry = Entry(name[:-5], name, self.folder, 0, 0, self)
            try:
                # (its path as listed: a Path made for each file of a club is a good part of
                # a warm scan)
                raw, stat = store.read_file(path)
                entry.size, entry.mtime_ns = stat.st_size, stat.st_mtime_ns
                entry.hash = caches.content_hash(raw)
                summary = self.rows.recall(entry)
                if summary is not _MISSING:
                    entry._summary = summary
                if digests:
                    entry._digest = self.digests().recall(entry)
                if entry._summary is None or (entry._digest is _MISSING and digests):
                    entry._fill(raw, want_digest=digests or digest_reads)
            except store.SessionNotFound:  # deleted since the folder was listed: gone
                self.forget(name)
                continue
            except store.StoreError as exc:
                warnings.append(_reason(entry.path, exc))
                self.forget(name)
                continue
            except _data_error() as exc:
                warnings.append(_unusable(entry.path, exc))
                self.forget(name)
                continue
            readable.append(entry)
        return readable

    def forget(self, name: str) -> None:
        """A file that could not be used: its records (of an older state) go."""
        for records in (self.rows, self._digests):
            if records is not None:
                records.forget(name)

    def save(self) -> None:
        for records in (self.rows, self._digests):
            if records is not None:
                records.save()


@dataclass
class _Records:
    """One index file: a record per session file name (the hash of the bytes it was made
    from, and the ``key`` worked out from them), the file's records of other names
    dropped."""

    path: Path
    key: str  # "summary" or "digest"
    version: Any  # the digests' version (None for the rows)
    home: str  # the home's resolved path, which the file says it is of
    records: dict[str, Any]
    changed: bool = False
    #: whether a record's value is sound for a session id (see cardscore.cache_types)
    sound: Callable[[Any, str], bool] = field(default=lambda value, session_id: True, repr=False)

    @classmethod
    def load(cls, path: Path, key: str, version: Any, home: _Home) -> _Records:
        from cardscore import cache_types

        schema = cache_types.IndexFile if key == "summary" else cache_types.digests_file()
        data = caches.read(path, schema)  # None: missing, damaged, of another shape
        said = caches.home_text(home.folder)
        records: dict[str, Any] = {}
        if (
            data is not None
            and data["format"] == INDEX_FORMAT
            and data["cardscore"] == _version()
            and data["version"] == version
            and data["home"] == said
        ):
            records = data["sessions"]
        if key == "summary":
            sound = cache_types.sound_row
        else:

            def sound(value: Any, session_id: str) -> bool:
                return cache_types.sound_digest(value, session_id, version)

        loaded = cls(path, key, version, said, records, sound=sound)
        loaded.keep_only(home.names)
        return loaded

    def recall(self, entry: Entry) -> Any:
        """What the index knows of ``entry``'s file, if made from the bytes it holds (else
        ``_MISSING``)."""
        record = self.records.get(entry.name)
        if record is None or record["hash"] != entry.hash:
            return _MISSING
        value = record[self.key]
        return value if self.sound(value, entry.id) else _MISSING

    def remember(self, entry: Entry, value: Any) -> None:
        """Keep ``value`` for ``entry``'s bytes."""
        record = {"hash": entry.hash, self.key: value}
        if self.records.get(entry.name) != record:
            self.records[entry.name] = record
            self.changed = True

    def forget(self, name: str) -> None:
        if self.records.pop(name, None) is not None:
            self.changed = True

    def keep_only(self, names: Iterable[str]) -> None:
        """Drop the records of files no longer there."""
        for name in set(self.records).difference(names):
            del self.records[name]
            self.changed = True

    def save(self) -> None:
        if not self.changed:
            return
        data = {
            "format": INDEX_FORMAT,
            "cardscore": _version(),
            "version": self.version,
            "home": self.home,
            "sessions": self.records,
        }
        caches.write(self.path, data)
        self.changed = False


def _version() -> str:
    from cardscore import __version__

    return __version__


def version() -> str:
    """What an index, or a cache made from the digests, is valid for: this cardscore and
    its digests' format."""
    _, digest_version = _digester()
    return f"{_version()}/{digest_version}"


def about_row(row: dict[str, Any]) -> Msg:
    """A session's ``list`` row in words, for a person choosing or deleting one: its title,
    game, players, rounds and last change."""
    count = row["rounds"]
    if count == 1:
        rounds = msg("{count} round", count=count)
    else:
        rounds = msg("{count} rounds", count=count) if count else msg("0 rounds")
    said = msg(
        "{game}: {players}; {rounds}; last change {date}",
        game=row["game"],
        players=", ".join(row["players"]),
        rounds=rounds,
        date=date_text(row["updated"]),
    )
    title = row.get("title")
    return msg("{title} — {about}", title=title, about=said) if title else said
