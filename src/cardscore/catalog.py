"""The sessions of one or more homes, as ``list`` and ``stats`` read them: read-only, with
the copies a file-sync tool leaves set aside, and a summary index that spares re-reading
sessions that did not change.

A club may keep its sessions folder in a file-sync tool (Syncthing, Nextcloud, Dropbox, a
network share) and gather several folders (``stats --home DIR``…).  :func:`scan` finds
every session of the homes given, once:

* a sync tool's conflict copy (``ID.sync-conflict-….json``, ``ID (conflicted copy ….json``)
  is named in a warning and never counted (its rounds would be counted twice);
* the same id in two homes is named in a warning and counted once: the copy changed most
  recently (by its ``updated``) is kept;
* a damaged file is named in a warning, as ``list`` always did.

The index, ``<home>/index.json`` (beside the sessions folder, never in it), maps each
session file's name to its size, ``mtime_ns``, ``list`` row and statistics digest.  An entry
is trusted only while the file's size and mtime are unchanged (and the file was already a
little old when it was indexed, see :data:`RACY_NS`); anything else is recomputed from the
file and the index rewritten atomically.  It is a cache: missing, damaged, of another
version or unwritable, it only makes the run slower.  Two processes writing it at once
each replace it whole (the last one wins), so it is never half written.

Nothing here writes to a session file, nor takes its lock.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscore import store
from cardscore.i18n import Msg, msg

INDEX_NAME = "index.json"
INDEX_FORMAT = 1
# A file changed less than this before the scan may change again within the same mtime
# tick (2 s on FAT, a few ms on ext4) keeping its size: it is read every time until it is
# older (git's "racily clean" entries).
RACY_NS = 2_000_000_000
# Temporary files of an index write older than this were left by a killed process.
STALE_TMP_S = 600

_MISSING: Any = object()


def _digester() -> tuple[Callable[[Any], Any], Any]:
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
    """One session file: where it is, and (computed once, or taken from the index) its
    ``list`` row and statistics digest."""

    id: str
    path: Path
    home: Path
    size: int
    mtime_ns: int
    _index: _Index = field(repr=False)
    _summary: dict[str, Any] | None = field(default=None, repr=False)
    _digest: Any = field(default=_MISSING, repr=False)

    def session(self) -> Any:
        """The session as its file holds it (a fresh read; nothing is ever written back)."""
        return store.read(self.path)

    def summary(self) -> dict[str, Any]:
        """The ``list`` row: :func:`cardscore.document.summary` with ``finished`` and
        ``winner``."""
        if self._summary is None:
            self._fill(self.session(), want_digest=False)
        assert self._summary is not None
        return self._summary

    def digest(self) -> Any:
        """The statistics digest (:func:`cardscore.stats.digest.digest`) of the session."""
        if self._digest is _MISSING:
            self._fill(self.session(), want_digest=True)
        return self._digest

    def _fill(self, session: Any, *, want_digest: bool) -> None:
        """Work out what is missing from one read of the file, and remember it in the
        index."""
        if self._summary is None:
            from cardscore.document import summary

            self._summary = summary(session, session.standings())
        if want_digest and self._digest is _MISSING:
            function, version = _digester()
            self._index.use_digest_version(version)
            # as plain JSON data, the same whether worked out now or read from the index
            self._digest = json.loads(json.dumps(function(session), ensure_ascii=False))
        self._index.remember(self)


@dataclass
class Scan:
    """The sessions found (one per id, most recently changed first) and what was set aside
    or could not be read (messages for the user)."""

    entries: list[Entry]
    warnings: list[Msg]
    _indexes: list[_Index] = field(default_factory=list, repr=False)

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
        """Rewrite the indexes that changed (best effort: an index is a cache)."""
        for index in self._indexes:
            index.save()

    def _drop(self, entry: Entry, warning: Msg) -> None:
        self.entries.remove(entry)
        self.warnings.append(warning)
        entry._index.forget(entry)


def scan(homes: Sequence[Path] | None = None, *, digests: bool = False) -> Scan:
    """The sessions of ``homes`` (each ``<home>/sessions/*.json``; ``None``: the usual home,
    :func:`cardscore.store.data_dir`).

    Every entry's summary is known when this returns (from the index, else from its file),
    so that damaged files and duplicates are already in the warnings.  With ``digests``,
    every digest is worked out too, from the same read of each changed file."""
    explicit = homes is not None
    folders = _unique_homes(homes if homes is not None else [store.data_dir()])
    warnings: list[Msg] = []
    indexes: list[_Index] = []
    candidates: list[Entry] = []
    started = time.time_ns()
    for home in folders:
        sessions = home / "sessions"
        if not sessions.is_dir():
            if explicit:
                warnings.append(msg("no sessions folder in {home}", home=str(home)))
            continue
        index = _Index.load(home, started)
        indexes.append(index)
        for path, stat in _session_stats(sessions, warnings):
            candidates.append(
                Entry(path.stem, path, home, stat.st_size, stat.st_mtime_ns, _index=index)
            )
    readable = []
    for entry in candidates:
        entry._index.recall(entry, digests)
        try:
            if entry._summary is None or (digests and entry._digest is _MISSING):
                entry._fill(entry.session(), want_digest=digests)
        except store.StoreError as exc:
            warnings.append(_reason(entry.path, exc))
            entry._index.forget(entry)
            continue
        except _data_error() as exc:
            warnings.append(_unusable(entry.path, exc))
            entry._index.forget(entry)
            continue
        readable.append(entry)
    result = Scan(_one_per_id(readable, warnings), warnings, indexes)
    for index in indexes:
        index.forget_others()
    result.save()
    return result


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


def _session_stats(folder: Path, warnings: list[Msg]) -> list[tuple[Path, os.stat_result]]:
    """The session files of one folder with their size and mtime; conflict copies are
    named in ``warnings`` and left out."""
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
    for item in listing:
        name = item.name
        if not name.endswith(".json") or name.startswith("."):
            continue
        path = Path(item.path)
        original = store.conflict_copy_of(name)
        if original is not None:
            warnings.append(
                msg(
                    "{path} is a conflict copy of session {id} made by a file-sync tool: "
                    "it is not counted (compare it with {id}.json, then delete it)",
                    path=str(path),
                    id=original,
                )
            )
            continue
        try:
            stat = item.stat()
        except OSError:  # gone since the folder was listed
            continue
        found.append((path, stat))
    return found


def _one_per_id(entries: list[Entry], warnings: list[Msg]) -> list[Entry]:
    """Each id once, most recently changed file first: of the same id in several homes,
    the copy whose ``updated`` is the latest (the first home given on a tie)."""
    by_id: dict[str, list[Entry]] = {}
    for entry in entries:
        by_id.setdefault(entry.id, []).append(entry)
    kept = []
    for same in by_id.values():
        best = same[0]
        for other in same[1:]:
            if str(other.summary().get("updated") or "") > str(best.summary().get("updated") or ""):
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


def _when(entry: Entry) -> str:
    return str(entry.summary().get("updated") or "?")[:16].replace("T", " ")


def _data_error() -> type[Exception]:
    from cardscore.session import SessionDataError

    return SessionDataError


def _reason(path: Path, exc: Exception) -> Msg:
    """The store's own message (it names the file), else one that does."""
    text = exc.args[0] if exc.args else None
    return text if isinstance(text, Msg) else _unusable(path, exc)


def _unusable(path: Path, exc: Exception) -> Msg:
    reason = exc.args[0] if exc.args else type(exc).__name__
    return msg("cannot use session file {path}: {reason}", path=str(path), reason=reason)


# --------------------------------------------------------------------------------------------
# The index


@dataclass
class _Index:
    """One home's index: what was read from ``<home>/index.json`` and what this run
    learnt."""

    path: Path
    started_ns: int
    records: dict[str, dict[str, Any]]
    digest_version: Any = None
    seen: set[str] = field(default_factory=set)
    changed: bool = False

    @classmethod
    def load(cls, home: Path, started_ns: int) -> _Index:
        path = home / INDEX_NAME
        records: dict[str, dict[str, Any]] = {}
        digest_version = None
        try:
            data = json.loads(path.read_bytes())
            if (
                isinstance(data, dict)
                and data.get("format") == INDEX_FORMAT
                and data.get("cardscore") == _version()
                and isinstance(data.get("sessions"), dict)
            ):
                records = data["sessions"]
                digest_version = data.get("digest_version")
        except (OSError, ValueError):
            pass  # missing or damaged: every session is read (and the index written anew)
        return cls(path, started_ns, records, digest_version)

    def recall(self, entry: Entry, digests: bool) -> None:
        """Give ``entry`` what the index knows of its file, if the file is unchanged."""
        name = entry.path.name
        self.seen.add(name)
        record = self.records.get(name)
        if (
            not isinstance(record, dict)
            or record.get("size") != entry.size
            or record.get("mtime_ns") != entry.mtime_ns
            or not isinstance(record.get("summary"), dict)
        ):
            return
        entry._summary = record["summary"]
        if "digest" in record and (not digests or self._digest_current()):
            entry._digest = record["digest"]

    def _digest_current(self) -> bool:
        _, version = _digester()
        return self.digest_version == version

    def use_digest_version(self, version: Any) -> None:
        """A digest of ``version`` is about to be stored: digests of another version go."""
        if self.digest_version != version:
            for record in self.records.values():
                if isinstance(record, dict) and record.pop("digest", _MISSING) is not _MISSING:
                    self.changed = True
            self.digest_version = version
            self.changed = True

    def remember(self, entry: Entry) -> None:
        """Store what was worked out for ``entry`` (not for a file changed just now: it may
        change again within the same mtime tick, keeping its size)."""
        name = entry.path.name
        if entry.mtime_ns > self.started_ns - RACY_NS:
            if self.records.pop(name, None) is not None:
                self.changed = True
            return
        record: dict[str, Any] = {
            "size": entry.size,
            "mtime_ns": entry.mtime_ns,
            "summary": entry._summary,
        }
        if entry._digest is not _MISSING:
            record["digest"] = entry._digest
        if self.records.get(name) != record:
            self.records[name] = record
            self.changed = True

    def forget(self, entry: Entry) -> None:
        """A file that could not be used: its record (of an older state) goes."""
        if self.records.pop(entry.path.name, None) is not None:
            self.changed = True

    def forget_others(self) -> None:
        """Drop the records of files no longer there (or no longer readable)."""
        for name in list(self.records):
            if name not in self.seen:
                del self.records[name]
                self.changed = True

    def save(self) -> None:
        if not self.changed:
            return
        from cardscore import atomic

        data = {
            "format": INDEX_FORMAT,
            "cardscore": _version(),
            "digest_version": self.digest_version,
            "sessions": self.records,
        }
        content = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        with contextlib.suppress(OSError, TypeError, ValueError):
            _remove_stale_temporaries(self.path)
            atomic.replace(self.path, content)
            self.changed = False


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files of a process killed while writing the index (recent ones may be
    another process's write in progress)."""
    limit = time.time() - STALE_TMP_S
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            if stale.stat().st_mtime < limit:
                stale.unlink()


def _version() -> str:
    from cardscore import __version__

    return __version__
