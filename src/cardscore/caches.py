"""The caches of ``list`` and ``stats``: where they are kept, and how they are read back.

``list`` and ``stats`` spare work by keeping what they worked out of each session file (its
``list`` row, its statistics digest: :mod:`cardscore.catalog`) and the last statistics
document (:mod:`cardscore.stats.cache`).  Those files are kept in the **user's own cache
folder** (``platformdirs.user_cache_path("cardscore")``, or ``CARDSCORE_CACHE``), one folder
per home, named after the home's resolved path (:func:`folder_of`): never in or beside a
sessions folder, which a sync tool may share with other machines (a cache found there, as
cardscore 0.1 kept it, is neither read nor written).

A cache file is untrusted input all the same (a full disk, a killed process, another
version, a hand edit), so it is read as a session file is (:func:`read`): a regular file
only (a link is not followed, a FIFO is not waited on), of a bounded size, decoded against a
typed schema (msgspec: types, ranges, lengths, no nesting beyond the schema's), and no text
of it may hold a control or invisible character.  Whatever is wrong with it, it is only
missing: the caller works out again what it held.  Written whole, atomically
(:func:`write`), best effort.

>>> import tempfile, msgspec
>>> folder = Path(tempfile.mkdtemp())
>>> class Kept(msgspec.Struct):
...     names: list[str]
>>> write(folder / "a.json", {"names": ["Ann", "Bob"]})
>>> read(folder / "a.json", Kept)
{'names': ['Ann', 'Bob']}
>>> write(folder / "a.json", {"names": ["Ann\\x1b[2J"]})
>>> read(folder / "a.json", Kept) is None
True
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import time
from pathlib import Path
from typing import Any

#: the largest cache file read: 10,000 sessions' digests are about 12 MB
MAX_BYTES = 64 * 1024 * 1024
#: temporary files of a write older than this were left by a killed process
STALE_TMP_S = 600


def root() -> Path:
    """The folder of every cache (the environment's: ``CARDSCORE_CACHE``, else the user's
    cache folder)."""
    from cardscore.environment import current

    return current().cache_folder


def folder_of(*homes: Path) -> Path:
    """The cache folder of a home (of several: the statistics of them together), named
    after its resolved path, so that the same folder reached by two paths has one cache
    and two homes never share one.

    >>> a, b = folder_of(Path("/club")), folder_of(Path("/club/../club"))
    >>> a == b, a.name.startswith("club-"), folder_of(Path("/other")) == a
    (True, True, False)
    """
    resolved = [_resolved(home) for home in homes]
    key = "\n".join(str(home) for home in resolved).encode("utf-8", "surrogateescape")
    label = re.sub(r"[^A-Za-z0-9_-]", "", resolved[0].name)[:24] or "home"
    return root() / "homes" / f"{label}-{hashlib.sha256(key).hexdigest()[:24]}"


def home_text(home: Path) -> str:
    """The home's resolved path, as a cache file says which home it is of (a folder named
    by a hash says it to nobody)."""
    return str(_resolved(home))


def _resolved(home: Path) -> Path:
    try:
        return Path(home).resolve()
    except (OSError, RuntimeError):  # a loop of links: the path as given
        return Path(home).absolute()


def content_hash(raw: bytes) -> str:
    """What a session file holds, as its SHA-256 in hexadecimal: a cache record is used only
    for the very bytes it was made from (a file edited keeping its size and modification
    time, as a sync tool may leave it, has another).  SHA-256 rather than a faster hash of
    no strength: two files made to share a hash could make one count as the other; and
    where the processor computes it, it is the fastest too (a club's 11 MB in 7 ms).

    >>> content_hash(b"{}") == content_hash(b"{}") != content_hash(b"[]")
    True
    """
    return hashlib.sha256(raw).hexdigest()


def read(path: Path, schema: Any) -> Any:
    """The JSON data of the cache file ``path`` if it is a regular file of at most
    :data:`MAX_BYTES` whose data has the type ``schema`` and holds no unsafe text; else
    ``None`` (missing, a link, a FIFO, damaged, of another shape: all the same)."""
    import msgspec

    from cardscore import schema as session_schema
    from cardscore import store

    try:
        raw = store.read_bytes(path, limit=MAX_BYTES)
        # the types, ranges and lengths, checked as the bytes are read (faster than checking
        # the plain data once read: a club's index in 6 ms rather than 9); then the plain data
        # (nesting too deep: a RecursionError, raised clean)
        msgspec.json.decode(raw, type=schema)
        data = msgspec.json.decode(raw)
        session_schema.check_strings(data, raw)
    except (store.StoreError, ValueError, RecursionError, MemoryError):
        return None  # (msgspec's errors are ValueErrors)
    return data


def write(path: Path, data: Any) -> None:
    """Replace the cache file ``path`` with ``data`` as JSON (its folder made, readable by
    its owner only); any failure only leaves the cache as it was."""
    import msgspec

    from cardscore import atomic

    with contextlib.suppress(OSError, TypeError, ValueError):
        content = msgspec.json.encode(data)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        _remove_stale_temporaries(path)
        atomic.replace(path, content)


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files of a process killed while writing ``path`` (recent ones may be
    another process's write in progress)."""
    limit = time.time() - STALE_TMP_S
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            if stale.stat().st_mtime < limit:
                stale.unlink()
