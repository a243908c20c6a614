"""Replacing a file so that it is never seen half written: the one place that does it.

Both the session files (:mod:`cardscore.store`) and the printed sheets
(:mod:`cardscore.export`) are saved this way: the bytes go to a temporary file in the same
folder, which is flushed and synced, then renamed over the target (``os.replace`` is atomic
on one file system).  Killed at any instant, the program leaves the old file or the new one.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> replace(folder / "a.txt", b"first"); replace(folder / "a.txt", b"second")
>>> (folder / "a.txt").read_bytes(), sorted(p.name for p in folder.iterdir())
(b'second', ['a.txt'])
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def replace(
    target: Path, data: bytes, *, prefix: str | None = None, mode: int | None = None
) -> None:
    """Atomically replace ``target`` with ``data``.

    The temporary file is named ``.<prefix>.<random>.tmp`` in the target's folder
    (``prefix`` defaults to the target's name), so that a process killed while saving leaves
    a file its successor can recognise and remove.  ``mode`` sets the new file's permissions
    (a temporary file is created private).  Any :class:`OSError` is raised as it is, after the
    temporary file is removed; the target is then unchanged."""
    import tempfile  # only commands that save pay for it (and for random, hashlib…)

    folder = target.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{prefix or target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_folder(folder)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (best effort: not possible on every platform)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
