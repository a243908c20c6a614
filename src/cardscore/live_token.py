"""The live page's address: the token in it, and this machine's address on its network.

The token is 128 bits, the same each time a session is served from this data folder (a page
open on a phone keeps working when ``serve`` is started again): an HMAC of the session's id
(a tournament's: ``tournament:`` and its id, :func:`signed_name`) with a random key kept in
the data folder (``serve.key``, made the first time, readable by its owner only).  That key
is the only file the live page ever writes.
"""

from __future__ import annotations

import errno
import hmac
import os
import secrets
import socket
import stat
from pathlib import Path

from cardscore.i18n import msg
from cardscore.store import StoreError, printable

#: the key's file, in the data folder
KEY_FILE = "serve.key"
#: the key's length in bytes
KEY_BYTES = 32


class ServeError(StoreError):
    """The page cannot be served (the port is taken, the address is not this machine's)."""


def token_for(session_id: str, data_folder: Path) -> str:
    """The token in the session's address: 32 hexadecimal digits (128 bits), the same each
    time for this data folder's key.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> token = token_for("k7m3xq9fpt", folder)
    >>> len(token), token == token_for("k7m3xq9fpt", folder), token == token_for("a", folder)
    (32, True, False)
    """
    key = _key(data_folder)
    return hmac.new(key, session_id.encode(), "sha256").hexdigest()[:32]


def signed_name(kind: str, name: str) -> str:
    """What the token of ``name`` signs: a session's id as it is, anything else served its
    kind before its id, so that a session's token never opens a tournament of the same id,
    nor the other way round (an id has no colon).

    >>> signed_name("session", "k7m3xq9fpt"), signed_name("tournament", "k7m3xq9fpt")
    ('k7m3xq9fpt', 'tournament:k7m3xq9fpt')
    """
    return name if kind == "session" else f"{kind}:{name}"


def _key(folder: Path) -> bytes:
    """The data folder's key, made the first time; a key that cannot be read or kept gives
    way to one for this run only (its pages then need the new address after a restart).
    A key file that is not a regular file (a link, a FIFO, a device) is refused
    (:class:`ServeError`) and left as it is: it is not read, nor waited on."""
    path = folder / KEY_FILE
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        if path.is_symlink():  # (O_NOFOLLOW is not everywhere)
            raise _not_a_key(path)
        fd = os.open(path, flags)
    except FileNotFoundError:
        return _new_key(folder)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # made a link since
            raise _not_a_key(path) from None
        return secrets.token_bytes(KEY_BYTES)
    try:
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise _not_a_key(path)
            key = handle.read(KEY_BYTES + 1)
    except OSError:
        return secrets.token_bytes(KEY_BYTES)
    if len(key) == KEY_BYTES:
        return key
    return secrets.token_bytes(KEY_BYTES)  # not a key of ours: left alone


def _new_key(folder: Path) -> bytes:
    """A new key, kept in ``folder`` for the next runs where it can be."""
    key = secrets.token_bytes(KEY_BYTES)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / KEY_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key)
    except FileExistsError:  # another serve made it just now: use that one
        return _key(folder)
    except OSError:
        pass
    return key


def _not_a_key(path: Path) -> ServeError:
    return ServeError(
        msg(
            "the live page's key {path} is not a regular file (a link, a FIFO, a device…): "
            "it is not read; remove it, and a new key is made",
            path=printable(path),
        )
    )


def local_address() -> str:
    """This machine's address on its local network (the one its default route leaves by;
    no packet is sent), or ``127.0.0.1`` where it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a route is looked up, nothing sent
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"
