"""Session files: where they live, how they are written safely, and how they are read back.

(Over 600 lines: the folder, the atomic save, the lock between processes and the guarded
read, which depend on each other.)

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

Why 630 lines: everything that touches a session file is here (the folder, the format and
its migrations, the checks of a file from another laptop, atomic writes, the lock between
processes, ids and their prefixes), so that no other module opens one.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import re
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cardscore import atomic
from cardscore.environment import current
from cardscore.i18n import msg, reason_of
from cardscore.session import SCHEMA_VERSION, SHAPE_VERSION, Session
from cardscore.tournament_seat import seat_data

LOCK_TIMEOUT = 5.0  # seconds a process waits for another one's save before giving up


class StoreError(Exception):
    """A runtime failure of the store (exit status 1): the message is for the user."""


def printable(text: object) -> str:
    """A file's name (or any text read from outside) with its control and invisible
    characters shown as escapes: nothing read can drive the terminal.

    >>> print(printable("a" + chr(27) + "[2Jb.json"))
    a\\x1b[2Jb.json
    """
    from cardscore.games.base import UNSAFE_TEXT

    return UNSAFE_TEXT.sub(lambda m: ascii(m.group())[1:-1], str(text))


class SessionFileError(StoreError):
    """A session file is damaged or unknown; it is left untouched."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            msg(
                "cannot read session file {path}: {reason} (the file was left untouched)",
                path=printable(path),
                reason=reason,
            )
        )
        self.path = path


class SessionNotFound(StoreError):
    """No session matches what the user typed (a usage error: exit status 2)."""


class LockTimeout(StoreError):
    """Another process kept the session locked for too long."""


def data_dir() -> Path:
    """The folder that holds the ``sessions`` folder (the environment's)."""
    return current().data_folder


def sessions_dir() -> Path:
    """The folder of the session files (the environment's)."""
    return current().sessions_folder


#: a session's id, which is its file's name (``ID.json``): lower-case letters and digits
#: (new ids: :data:`ID_ALPHABET`; cardscore 0.x wrote 6 hexadecimal digits).  Any other
#: name in the sessions folder (a sync tool's ``ID (1).json``, ``ID copy.json``…) is not a
#: session, and an id of any other shape is never turned into a path.
ID_PATTERN = re.compile(r"[0-9a-z]{1,40}")
#: the largest session file read: no real session comes near it (10,000 rounds are 2 MB),
#: and a bigger one (or a link to an endless device) would take minutes and the memory
MAX_FILE_BYTES = 20 * 1024 * 1024


def is_session_id(text: object) -> bool:
    """Whether ``text`` is an id a session file can be named by.

    >>> is_session_id("k7m3xq9fpt"), is_session_id("3fa9c1")
    (True, True)
    >>> is_session_id("/../../tmp/victim"), is_session_id("K7M3"), is_session_id("")
    (False, False, False)
    """
    return isinstance(text, str) and ID_PATTERN.fullmatch(text) is not None


def session_path(session_id: str) -> Path:
    """The file of the session ``session_id`` (never outside the sessions folder)."""
    if not is_session_id(session_id):
        raise SessionNotFound(msg("no session {text!r} (see `cardscore list`)", text=session_id))
    return sessions_dir() / f"{session_id}.json"


def stamp(session_id: str) -> tuple[int, int, int] | None:
    """What tells one version of the session's file from the next (its inode, size and
    modification time: every save replaces the file), or ``None`` when there is no file.
    Cheap enough to ask twice a second."""
    try:
        st = os.stat(session_path(session_id), follow_symlinks=False)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


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


_HEADER_LINE = "\n  {key}: {value},"
_SEPARATOR = ",\n    "


def encode(session: Session) -> bytes:
    """The file's bytes: the header fields one per line (then any key a newer cardscore or
    a person added, kept as it was), then one round, undone change and logged change per
    line (compact, so a long session saves fast, and still easy to read and diff).

    >>> s = Session.create("tarot", ["Ann", "Bob", "Cyd"], session_id="t1")
    >>> s.extra = {"notes": "Friday"}
    >>> text = encode(s).decode()
    >>> '"notes": "Friday",' in text, text.endswith('"history": []' + chr(10) + "}" + chr(10))
    (True, True)
    """
    import json  # (only a command that saves pays for it: show and list read with msgspec)

    data: dict[str, Any] = {"schema_version": session.schema}
    data.update((name, getattr(session, name)) for name in session.stored_fields())
    if session.tournament is None:
        del data["tournament"]  # (only a tournament's table says it: other files unchanged)
    else:
        data["tournament"] = seat_data(session.tournament)
    lists = {key: data.pop(key) for key in ("rounds", "undone", "history")}
    data.update((k, v) for k, v in session.extra.items() if k not in data and k not in lists)
    header = "".join(
        _HEADER_LINE.format(key=json.dumps(key), value=json.dumps(value, ensure_ascii=False))
        for key, value in data.items()
    )
    blocks = []
    line = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode  # (one for all)
    for key, items in lists.items():
        lines = _SEPARATOR.join(map(line, items))
        blocks.append(f'\n  "{key}": ' + (f"[\n    {lines}\n  ]" if items else "[]"))
    return ("{" + header + ",".join(blocks) + "\n}\n").encode()


def dumps(session: Session) -> str:
    """The file's text (see :func:`encode`)."""
    return encode(session).decode()


def loads(text: str | bytes, path: Path) -> Session:
    """Parse and check a session file's content (:mod:`cardscore.schema`); any problem is a
    :class:`SessionFileError`.  A checkpoint line written by an earlier version is never
    trusted over the rounds: it is ignored, and not written again."""
    from cardscore import schema

    raw = text.encode() if isinstance(text, str) else text
    try:
        data = schema.decode(raw)
        schema.check_strings(data, raw)
    except ValueError as exc:
        raise SessionFileError(path, reason_of(exc)) from None
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
    from cardscore.stored_rounds import check_rounds

    try:
        session = Session.from_dict(migrate(data))
        # an older file keeps its version: its rounds were typed under the checks of its time
        session.schema = SCHEMA_VERSION if version == SCHEMA_VERSION else SHAPE_VERSION
        check_rounds(session)
        return session
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SessionFileError(
            path, msg("not a valid cardscore session ({error})", error=reason_of(exc))
        ) from None


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older file's data up to :data:`SCHEMA_VERSION`.

    * 1 → 2: the history of changes was not kept: each round is logged as added (at an
      unknown time), and the undone rounds become added rounds waiting to be redone.
    * 2 → 3: the table could not change: no table change (``tables`` empty).
    * 3 → 4: nothing changes in the data: a file of schema 4 says that every round of it
      was typed under the bounds added to typing (``games.base.BOUNDS_SCHEMA``: tarot's
      points and chelems, rami's hands).  An older file is written back as schema 3
      (``Session.schema``): its rounds are judged without them.

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
    if data["schema_version"] == 3:
        data = {**data, "schema_version": 4}
    return data


def read(path: Path) -> Session:
    """Read and check the session file ``path``.  Only a regular file is read (a symbolic
    link is not followed, a FIFO or a device is refused without waiting on it), and only up
    to :data:`MAX_FILE_BYTES`."""
    return parse(read_bytes(path), path)


def parse(raw: bytes, path: Path) -> Session:
    """The session the bytes ``raw`` of the file ``path`` hold, checked as :func:`read`
    checks it (:mod:`cardscore.catalog` reads each file's bytes once, for their hash too)."""
    if not raw.strip():
        raise SessionFileError(path, msg("the file is empty"))
    session = loads(raw, path)
    if session.id != path.stem:
        # The file's name is the session's identity: an id inside that says otherwise
        # would send the next save somewhere else (another session, or outside the folder).
        raise SessionFileError(path, msg("its id {id!r} is not its file's name", id=session.id))
    return session


def read_bytes(path: Path | str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (see :func:`read`), of at most ``limit``."""
    return read_file(path, limit)[0]


def read_file(path: Path | str, limit: int = MAX_FILE_BYTES) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file ``path`` (see :func:`read`), of at most ``limit``, and
    what the open file said of itself (its size and modification time).

    One sized read of what the file holds (a read of the largest size allowed would cost
    that much memory each time: :mod:`cardscore.catalog` reads every session of a club)."""
    import stat

    try:
        if not _NOFOLLOW and os.path.islink(path):  # (O_NOFOLLOW is not everywhere)
            raise SessionFileError(Path(path), msg("a symbolic link (not followed)"))
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise SessionNotFound(msg("no session file {path}", path=str(path))) from None
    except OSError as exc:
        if os.path.islink(path):  # refused by O_NOFOLLOW
            raise SessionFileError(Path(path), msg("a symbolic link (not followed)")) from None
        raise SessionFileError(Path(path), exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SessionFileError(Path(path), msg("not a regular file"))
        if info.st_size > limit:
            raise SessionFileError(Path(path), _too_big(limit))
        raw = _read_up_to(fd, info.st_size, limit)
    except OSError as exc:
        raise SessionFileError(Path(path), exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    if len(raw) > limit:  # it grew while being read
        raise SessionFileError(Path(path), _too_big(limit))
    return raw, info


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_READ_FLAGS = os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def _read_up_to(fd: int, size: int, limit: int) -> bytes:
    """What the file ``fd`` holds, told it holds ``size`` bytes: read to its end, or to one
    byte past ``limit`` (a file that grew while being read)."""
    raw = os.read(fd, size + 1)
    if len(raw) <= size:  # a short read of a regular file: its end (one read, nearly always)
        return raw
    parts, total = [raw], len(raw)
    while total <= limit:
        ask = min(limit + 1 - total, 1 << 20)
        part = os.read(fd, ask)
        parts.append(part)
        total += len(part)
        if len(part) < ask:
            break
    return b"".join(parts)


def _too_big(limit: int = MAX_FILE_BYTES) -> str:
    return msg("larger than {size} MB: no session is", size=limit // (1024 * 1024))


def write(session: Session) -> Path:
    """Atomically replace the session's file with its current content.

    Temporary files are removed only by the process that made them (:mod:`cardscore.atomic`):
    one left by a process that was killed stays hidden (``.ID.….tmp``) and harmless; removing
    it here could remove another process's, being written under another name's lock."""
    folder = sessions_dir()
    path = session_path(session.id)
    content = encode(session)
    try:
        folder.mkdir(parents=True, exist_ok=True)
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
    """Every session file, most recently changed first: the regular files named ``ID.json``
    (a sync tool's copy under another name, a link, a FIFO are not sessions:
    :mod:`cardscore.catalog` names them in its warnings)."""
    folder = sessions_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if is_session_id(p.stem) and is_regular_file(p)]
    return sorted(files, key=_mtime, reverse=True)


def is_regular_file(path: Path) -> bool:
    """A regular file (not a link, a FIFO or a folder)."""
    import stat

    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False


_UPDATED = re.compile(rb'\n  "updated": "([0-9T:+.-]{10,40})",')


def most_recent(files: list[Path]) -> Path:
    """The session last played: by the ``updated`` time it says (a laptop whose clock is
    behind, or a sync tool, sets a file's mtime to anything), then by mtime.  A time that is
    not one a file may hold (:func:`cardscore.schema.known_time`: more than a day ahead of
    this machine's, which would draw every ``add``, or at the calendar's edge) is not
    believed: that file comes after every file with a time, by its mtime."""
    from cardscore.schema import known_time

    def key(path: Path) -> tuple[float, float]:
        try:
            with open(path, "rb") as handle:  # (session_files: regular files only)
                head = handle.read(4096)
        except OSError:
            return -math.inf, 0.0
        found = _UPDATED.search(head)
        when = known_time(found.group(1).decode()) if found else None
        return (-math.inf if when is None else when.timestamp()), _mtime(path)

    return max(files, key=key)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def short_ids(ids: Sequence[str], least: int = 4) -> list[str]:
    """Each id's shortest prefix that no other id of ``ids`` starts with (at least ``least``
    letters): what a person types to name it (:func:`resolve` reads a unique prefix).

    >>> short_ids(["k7m3xq9fpt", "k7m9aa1b2c", "3fa9c1d2e4"])
    ['k7m3', 'k7m9', '3fa9']
    >>> short_ids(["abcdef1234", "abcdef5678"])
    ['abcdef1', 'abcdef5']
    """
    # In sorted order an id shares its longest prefix with a neighbour: one letter more
    # than that sets it apart from every other (a club's thousands of ids in a blink).
    order = sorted(set(ids))

    def common(a: str, b: str) -> int:
        return next(
            (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
        )

    # what each id shares with the next one, and (the first, the last) with nobody
    beside = [0, *(common(a, b) for a, b in itertools.pairwise(order)), 0]
    needed = {
        one: min(len(one), max(least, beside[index] + 1, beside[index + 1] + 1))
        for index, one in enumerate(order)
    }
    return [one[: needed[one]] for one in ids]


def resolve(text: str | None) -> str:
    """The id of the session named by ``text``: an id or a prefix that no other id starts
    with, or (``None``) the most recently changed session."""
    files = session_files()
    ids = [p.stem for p in files]
    if text is None:
        if not ids:
            raise SessionNotFound(msg("no saved session yet: start one with `cardscore new GAME`"))
        return most_recent(files).stem
    wanted = text.strip().lower()
    # An id that is also the start of another's is ambiguous, not exact: a copy saved as
    # ``pxnb.json`` must not take the rounds meant for ``pxnb9t7xr5``, which ``list`` names
    # by its first letters.
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
    raise SessionNotFound(
        msg(
            "no session {text!r}: give a session's id or its first letters, as `cardscore "
            "list` shows them",
            text=text,
        )
    )


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
