"""Session files: where they live, how they are written safely, and how they are read back.

* Folder: ``$CARDSCORE_HOME/sessions`` when ``CARDSCORE_HOME`` is set (tests always set it),
  else ``platformdirs.user_data_path("cardscore")/sessions``.
* One UTF-8 JSON file per session, ``ID.json``, readable by a person: the header fields one
  per line, then one round per line.  Names keep their accents.
* Saves are atomic (temporary file in the same folder, flush, fsync, ``os.replace``), and
  every change happens under an exclusive lock on ``.locks/ID.lock`` (a hidden folder of the
  sessions folder: the lock files stay, as a lock between processes must, out of sight)
  after re-reading the file, so two terminals on the same session never lose a round.
* A file that cannot be read is never rewritten: :class:`SessionFileError` names it.

Error messages are :func:`~cardscore.i18n.msg` messages: the command line says them in the
user's language.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardscore import __version__, atomic
from cardscore.i18n import msg
from cardscore.session import SCHEMA_VERSION, Checkpoint, Session, SessionDataError, reason_of
from cardscore.stored import SEPARATOR, StoredRounds

LOCK_TIMEOUT = 5.0  # seconds a process waits for another one's save before giving up


class StoreError(Exception):
    """A runtime failure of the store (exit status 1): the message is for the user."""


class SessionFileError(StoreError):
    """A session file is damaged or unknown; it is left untouched."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            msg(
                "cannot read session file {path}: {reason} (the file was left untouched)",
                path=str(path),
                reason=reason,
            )
        )
        self.path = path


class SessionNotFound(StoreError):
    """No session matches what the user typed (a usage error: exit status 2)."""


class LockTimeout(StoreError):
    """Another process kept the session locked for too long."""


def data_dir() -> Path:
    """The folder that holds the ``sessions`` folder."""
    home = os.environ.get("CARDSCORE_HOME")
    if home:
        return Path(home)
    import platformdirs  # only when needed: tests and most runs never import it

    return platformdirs.user_data_path("cardscore")


def sessions_dir() -> Path:
    return data_dir() / "sessions"


def session_path(session_id: str) -> Path:
    return sessions_dir() / f"{session_id}.json"


#: the hidden folder of the sessions folder that holds the lock files
LOCKS = ".locks"


def lock_path(session_id: str) -> Path:
    """The session's lock file (see :func:`locked`)."""
    return sessions_dir() / LOCKS / f"{session_id}.lock"


def _legacy_lock(folder: Path, session_id: str) -> Path:
    """Where cardscore 0.x kept a session's lock file: beside it, ``ID.json.lock``."""
    return folder / f"{session_id}.json.lock"


# --------------------------------------------------------------------------------------------
# Encoding


# One encoder for every round line: json.dumps with options builds a new encoder per call,
# which is most of the cost of saving ten thousand rounds.
_ROUND_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
# The file's layout, spelled once for the writer (encode) and the reader
# (_read_checkpointed): a drift between them would silently turn the checkpoint off.
# Every piece starts with the newline that ends the line before it.
_HEADER_LINE = "\n  {key}: {value},"
_ROUNDS_OPEN = b'\n  "rounds": [\n    '
_ROUNDS_CLOSE = b"\n  ],"
_ROUNDS_NONE = b'\n  "rounds": [],'
_UNDONE_KEY = b'\n  "undone": '
_HISTORY_OPEN = b',\n  "history": [\n    '
_HISTORY_CLOSE = b"\n  ]"
_HISTORY_NONE = b',\n  "history": []'
_LIST_OPEN, _LIST_CLOSE, _LIST_NONE = b"[\n    ", b"\n  ]", b"[]"
_CHECKPOINT_KEY = b'\n  "checkpoint": '
_CRC_KEY = b', "crc32": '
_END = b"\n}\n"


def encode(session: Session) -> bytes:
    """The file's bytes: header lines, one round per line (compact, so a long session saves
    fast, and still easy to read and diff), then the checkpoint line.

    The checkpoint (:meth:`Session.checkpoint`) lets the next command skip replaying, and
    even parsing, the rounds before it.  It is trusted only while the file is byte for byte
    what this version of cardscore wrote: it carries the version, and ends with a CRC-32 of
    every byte before that CRC (the header, the rounds and the checkpoint's own numbers).
    Rounds read from the file and still in place are written back as the very lines they
    were read from."""
    # A shallow view of the fields: dataclasses.asdict would deep-copy every round, which
    # is most of the time of a save on a long session.
    data = {"schema_version": SCHEMA_VERSION}
    data.update((name, getattr(session, name)) for name in session.stored_fields())
    rounds = data.pop("rounds")
    undone = data.pop("undone")
    history = data.pop("history")
    header = "".join(
        _HEADER_LINE.format(key=json.dumps(key), value=json.dumps(value, ensure_ascii=False))
        for key, value in data.items()
    )
    parts: list[bytes | memoryview] = [b"{", header.encode()]
    parts += _block(rounds, _ROUNDS_OPEN, _ROUNDS_CLOSE, _ROUNDS_NONE)
    parts.append(_UNDONE_KEY)
    if undone:
        items = SEPARATOR.decode().join(map(_ROUND_ENCODER.encode, undone))
        parts += [_LIST_OPEN, items.encode(), _LIST_CLOSE]
    else:
        parts.append(_LIST_NONE)
    parts += _block(history, _HISTORY_OPEN, _HISTORY_CLOSE, _HISTORY_NONE)
    try:
        checkpoint = session.checkpoint()
    except SessionDataError:  # a round the rules cannot score: no checkpoint, no harm
        return b"".join([*parts, _END])
    fields = {
        "cardscore": __version__,
        "rounds_in_file": len(rounds),
        "history_in_file": len(history),
    }
    fields.update(dataclasses.asdict(checkpoint))
    # The CRC is the line's last field and covers every byte before it, itself excepted.
    parts += [
        b",",
        _CHECKPOINT_KEY,
        json.dumps(fields, ensure_ascii=False).encode()[:-1],
        _CRC_KEY,
    ]
    crc = 0
    for part in parts:
        crc = zlib.crc32(part, crc)
    return b"".join([*parts, str(crc).encode(), b"}", _END])


def _block(items: Any, opening: bytes, closing: bytes, empty: bytes) -> list[bytes | memoryview]:
    """A list of one object per line (the rounds, the history): the lines read from the
    file and still in place as they were read, then the new ones encoded."""
    stored = items.block() if isinstance(items, StoredRounds) else b""
    fresh = items.extra() if isinstance(items, StoredRounds) else items
    lines = SEPARATOR.decode().join(map(_ROUND_ENCODER.encode, fresh)).encode()
    if not (stored or lines):
        return [empty]
    between = SEPARATOR if stored and lines else b""
    return [opening, stored, between, lines, closing]


def dumps(session: Session) -> str:
    """The file's text (see :func:`encode`)."""
    return encode(session).decode()


def loads(text: str | bytes, path: Path) -> Session:
    """Parse a session file's content; any problem is a :class:`SessionFileError`."""
    raw = text.encode() if isinstance(text, str) else text
    session = _read_checkpointed(raw, path)
    if session is not None:
        return session
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SessionFileError(path, msg("not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        # exc.msg is the JSON parser's own (English) wording.
        raise SessionFileError(
            path, msg("not valid JSON ({error} at line {line})", error=exc.msg, line=exc.lineno)
        ) from None
    return _session(data, path)


def _session(data: Any, path: Path) -> Session:
    if not isinstance(data, dict):
        raise SessionFileError(path, msg("not a cardscore session (expected a JSON object)"))
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SessionFileError(path, msg("not a cardscore session (no schema_version)"))
    if version > SCHEMA_VERSION:
        raise SessionFileError(
            path,
            msg(
                "written by a newer cardscore (schema {version}; this one reads up to "
                "{supported}): upgrade cardscore",
                version=version,
                supported=SCHEMA_VERSION,
            ),
        )
    try:
        return Session.from_dict(migrate(data))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SessionFileError(
            path, msg("not a valid cardscore session ({error})", error=reason_of(exc))
        ) from None


def _read_checkpointed(raw: bytes, path: Path) -> Session | None:
    """The session of a file whose checkpoint is sound, its rounds left unparsed
    (:class:`StoredRounds`); ``None`` when the file must be read the long way."""
    crc_at = raw.rfind(_CRC_KEY)
    at = raw.rfind(_CHECKPOINT_KEY, 0, crc_at)
    if crc_at < 0 or at < 0 or raw[at - 1 : at] != b",":
        return None
    signed = crc_at + len(_CRC_KEY)
    try:
        if int(raw[signed : raw.index(b"}", signed)]) != zlib.crc32(memoryview(raw)[:signed]):
            return None
        stamp = json.loads(b"{" + raw[at:])["checkpoint"]
        if stamp["cardscore"] != __version__:  # another version may score differently
            return None
        checkpoint = Checkpoint(
            rounds=stamp["rounds"], totals=stamp["totals"], carry=stamp["carry"], held=stamp["held"]
        )
        count, changes = stamp["rounds_in_file"], stamp["history_in_file"]
    except (ValueError, KeyError, TypeError):
        return None
    history_end = at - 1  # the comma before the checkpoint
    if changes:
        history_at = raw.rfind(_HISTORY_OPEN, 0, history_end)
        history_close = history_end - len(_HISTORY_CLOSE)
        if history_at < 0 or raw[history_close:history_end] != _HISTORY_CLOSE:
            return None
        history = raw[history_at + len(_HISTORY_OPEN) : history_close]
    else:
        history_at = history_end - len(_HISTORY_NONE)
        if raw[history_at:history_end] != _HISTORY_NONE:
            return None
        history = b""
    opening = raw.find(_ROUNDS_OPEN)
    undone = raw.rfind(_UNDONE_KEY, 0, history_at)  # (searching back from the end is quicker)
    closing = undone - len(_ROUNDS_CLOSE)
    if opening < 0 or undone < 0 or raw[closing:undone] != _ROUNDS_CLOSE:
        return None  # no rounds (nothing to spare), or not laid out as this version writes
    first = opening + len(_ROUNDS_OPEN)
    header = (
        raw[:opening]
        + _ROUNDS_NONE
        + raw[closing + len(_ROUNDS_CLOSE) : history_at]
        + _HISTORY_NONE
    )
    try:
        data = json.loads(header + _END)
    except ValueError:
        return None
    if data.get("schema_version") != SCHEMA_VERSION:  # an older file is migrated the long way
        return None
    # the rounds are not in the header: the table changes are checked against the rounds
    if type(count) is not int or count < 0:
        return None
    data["rounds"] = [{}] * count
    session = _session(data, path)
    session.rounds = StoredRounds(raw[first:closing], count, [checkpoint], session.timeline())
    session.history = StoredRounds(history, changes)
    return session


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older file's data up to :data:`SCHEMA_VERSION`.

    * 1 → 2: the history of changes was not kept: each round is logged as added (at an
      unknown time), and the undone rounds become added rounds waiting to be redone.
    * 2 → 3: the table could not change: no table change (``tables`` empty).

    The file itself is rewritten at its next save only."""
    version = data["schema_version"]
    if version < 1:
        raise ValueError(msg("unknown schema_version {version}", version=version))
    if version == 1:
        from cardscore.changes import from_schema_1

        rounds, undone = data.get("rounds"), data.get("undone")
        if not isinstance(rounds, list) or not isinstance(undone, list):
            raise ValueError(msg("{name} is not a list", name="rounds"))
        data = {**data, "schema_version": 2}
        data["history"], data["undone"] = from_schema_1(rounds, undone)
    if data["schema_version"] == 2:
        data = {**data, "schema_version": 3, "tables": []}
    return data


def read(path: Path) -> Session:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SessionNotFound(msg("no session file {path}", path=str(path))) from None
    except OSError as exc:
        raise SessionFileError(path, exc.strerror or str(exc)) from None
    if not raw.strip():
        raise SessionFileError(path, msg("the file is empty"))
    return loads(raw, path)


def write(session: Session) -> Path:
    """Atomically replace the session's file with its current content."""
    folder = sessions_dir()
    path = folder / f"{session.id}.json"
    content = encode(session)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _remove_stale_temporaries(folder, session.id)
        with contextlib.suppress(OSError):  # the lock file an older cardscore left beside it
            _legacy_lock(folder, session.id).unlink()
        atomic.replace(path, content, prefix=session.id)
    except OSError as exc:
        raise StoreError(
            msg(
                "could not save session {id} in {folder}: {reason} (nothing was changed)",
                id=session.id,
                folder=str(folder),
                reason=exc.strerror or str(exc),
            )
        ) from None
    return path


def _remove_stale_temporaries(folder: Path, session_id: str) -> None:
    """Temporary files left by a process killed while saving (the caller holds the lock,
    so none of them is being written)."""
    for stale in folder.glob(f".{session_id}.*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()


# --------------------------------------------------------------------------------------------
# Locking


@contextlib.contextmanager
def locked(session_id: str, timeout: float | None = None) -> Iterator[None]:
    """Hold the session's exclusive lock (between processes) for the duration.

    The lock is an OS lock on the file :func:`lock_path`, in the hidden ``.locks`` folder.
    The file is never removed while the session exists (a process waiting on a file that
    another one removed and made anew would share the lock with a third): the folder keeps
    the sessions folder free of them, and the listings never look into it."""
    timeout = LOCK_TIMEOUT if timeout is None else timeout
    folder = sessions_dir()
    path = lock_path(session_id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a+b")  # noqa: SIM115
    except OSError as exc:
        raise StoreError(
            msg(
                "cannot lock session {id} in {folder}: {reason}",
                id=session_id,
                folder=str(folder),
                reason=exc.strerror,
            )
        ) from None
    try:
        _acquire(handle, session_id, timeout)
        try:
            yield
        finally:
            _release(handle)
    finally:
        handle.close()


try:
    import fcntl

    def _try_lock(handle: Any) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _release(handle: Any) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    def _blocking_lock(handle: Any) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)

except ImportError:  # Windows
    import msvcrt

    def _try_lock(handle: Any) -> bool:
        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _release(handle: Any) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

    _blocking_lock = None  # type: ignore[assignment]


def _acquire(handle: Any, session_id: str, timeout: float) -> None:
    """Take the lock, waiting at most ``timeout`` seconds.

    Waiting in the kernel (a blocking lock) is fair: the waiter gets the lock as soon as it
    is released.  Polling is not — a process saving in a loop would take the lock again
    before a polling one woke up — so it is only the fallback where a blocking wait cannot
    be bounded (outside the main thread, or without POSIX timers)."""
    if _try_lock(handle):
        return
    if not _blocking_wait(handle, timeout):
        deadline = time.monotonic() + timeout
        delay = 0.002
        while not _try_lock(handle):
            if time.monotonic() >= deadline:
                raise _timeout(session_id, timeout)
            time.sleep(delay)
            delay = min(delay * 2, 0.02)
        return


def _timeout(session_id: str, timeout: float) -> LockTimeout:
    return LockTimeout(
        msg(
            "session {id} is being changed by another cardscore process; "
            "gave up after {timeout:g} s — try again",
            id=session_id,
            timeout=timeout,
        )
    )


class _TimedOut(Exception):
    pass


def _blocking_wait(handle: Any, timeout: float) -> bool:
    """Block on the lock with an interval timer as the deadline; False if not possible."""
    import signal
    import threading

    if (
        _blocking_lock is None
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        return False

    def expire(signum: int, frame: Any) -> None:
        raise _TimedOut

    previous = signal.signal(signal.SIGALRM, expire)
    try:
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            _blocking_lock(handle)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _TimedOut:
        raise _timeout(_lock_owner_id(handle), timeout) from None
    finally:
        signal.signal(signal.SIGALRM, previous)
    return True


def _lock_owner_id(handle: Any) -> str:
    return Path(handle.name).name.removesuffix(".lock")


# --------------------------------------------------------------------------------------------
# Finding sessions


# New ids: random characters that cannot be misread (no 0/o, no 1/l/i), enough of them that
# sessions started on different machines of a club (a shared, synced folder) never collide:
# 31**10 is about 8e14.  Older ids were 6 hexadecimal digits; they still load and resolve.
ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
ID_LENGTH = 10

# Copies a file-sync tool makes when two machines changed the same file:
# Syncthing ``ID.sync-conflict-20240101-120000-ABCDEFG.json``; Dropbox and Nextcloud
# ``ID (conflicted copy 2024-01-01).json``, ``ID (Zoé's conflicted copy 2024-01-01).json``;
# ownCloud ``ID_conflict-20240101-120000.json``.
_CONFLICT_COPY = re.compile(
    r"(?P<id>.+?)(?:\.sync-conflict-[^.]*| \([^()]*conflicted copy[^()]*\)|_conflict-\d{8}-\d{6})"
    r"\.json",
    re.IGNORECASE,
)


def new_id() -> str:
    """A random id that no existing session has (see :data:`ID_ALPHABET`)."""
    import secrets

    while True:
        candidate = "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))
        if not session_path(candidate).exists():
            return candidate


def conflict_copy_of(name: str) -> str | None:
    """The session id of which the file ``name`` is a sync tool's conflict copy, else
    ``None``."""
    if "conflict" not in name.lower():  # (most names: no regular expression to try)
        return None
    found = _CONFLICT_COPY.fullmatch(name)
    return found["id"] if found else None


def session_files() -> list[Path]:
    """Every session file, most recently changed first (not a sync tool's conflict copy:
    :mod:`cardscore.catalog` names those)."""
    folder = sessions_dir()
    if not folder.is_dir():
        return []
    files = [
        p
        for p in folder.glob("*.json")
        if not p.name.startswith(".") and conflict_copy_of(p.name) is None
    ]
    return sorted(files, key=_mtime, reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def resolve(text: str | None) -> str:
    """The id of the session named by ``text``: an id, a unique prefix, or (``None``) the
    most recently changed session."""
    files = session_files()
    ids = [p.stem for p in files]
    if text is None:
        if not ids:
            raise SessionNotFound(msg("no saved session yet: start one with `cardscore new GAME`"))
        return ids[0]
    wanted = text.strip().lower()
    if wanted in ids:
        return wanted
    matches = [i for i in ids if i.startswith(wanted)] if wanted else []
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise SessionNotFound(
            msg(
                "session {text!r} is ambiguous: {matches}",
                text=text,
                matches=", ".join(sorted(matches)),
            )
        )
    raise SessionNotFound(msg("no session {text!r} (see `cardscore list`)", text=text))


def load(text: str | None) -> Session:
    return read(session_path(resolve(text)))


@contextlib.contextmanager
def changing(text: str | None) -> Iterator[Session]:
    """Lock a session, re-read it, let the caller change it, then save it atomically.

    If the block raises, nothing is saved."""
    session_id = resolve(text)
    with locked(session_id):
        session = read(session_path(session_id))
        yield session
        write(session)


def delete(session_id: str) -> None:
    with locked(session_id):
        session_path(session_id).unlink()
    for lock in (lock_path(session_id), _legacy_lock(sessions_dir(), session_id)):
        with contextlib.suppress(OSError):
            lock.unlink()
