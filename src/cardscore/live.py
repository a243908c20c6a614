"""The live page's server: ``cardscore serve``, and the loop's "Share the score".

Who reads it: the players' phones and the room's TV, on the room's Wi-Fi, a few dozen at most
(:data:`MAX_VIEWERS`).  The standard library's :class:`~http.server.ThreadingHTTPServer` is
enough for that: one thread per open page, each asleep until the session changes, and no
dependency to keep.  What it answers, and nothing else:

* ``GET /TOKEN/`` the page (``?tv``: the TV view), ``GET /TOKEN/state.json`` the session as
  ``show --json`` has it, ``GET /TOKEN/events`` a stream of server-sent events: the page's
  changing part, sent when a page opens and each time the session is saved;
* any other method 405, any other path 404 (no listing, no file but the session's read);
* the 33rd page open at once 503, and at most :data:`MAX_CONNECTIONS` connections (the
  next is closed); a client that sends nothing or reads nothing for :data:`CLIENT_TIMEOUT`
  seconds is dropped.

The token is 128 bits, the same each time a session is served from this data folder (a page
open on a phone keeps working when ``serve`` is started again): an HMAC of the session's id
with a random key kept in the data folder (``serve.key``, made the first time, readable by
its owner only).  That key is the only file this module ever writes, and it never writes a
session.  The session's file is looked at :data:`LOOK_EVERY` seconds (its inode, size and
modification time, which every save changes) and read again when it changed, whichever
process saved it.
"""

from __future__ import annotations

import contextvars
import errno
import hmac
import os
import secrets
import select
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from cardscore.environment import Environment
from cardscore.i18n import msg
from cardscore.store import StoreError

#: pages open at once (their event streams): a table and its onlookers, with room to spare
MAX_VIEWERS = 32
#: connections at once: the viewers' streams, and page loads on the way
MAX_CONNECTIONS = MAX_VIEWERS + 16
#: seconds a client may take to send its request, or to read what is sent to it
CLIENT_TIMEOUT = 10.0
#: seconds between two looks at the session's file (a save shows within this, and a render)
LOOK_EVERY = 0.1
#: seconds between two keep-alive comments on a quiet stream (a gone client is found)
PING_EVERY = 15.0
#: seconds between two looks at whether a quiet page was closed (its seat is then free)
LOOK_FOR_GONE = 1.0
#: the port tried first, then the next ones, then any free port
DEFAULT_PORT = 8717
PORTS_TRIED = 10
KEY_FILE = "serve.key"
KEY_BYTES = 32


class ServeError(StoreError):
    """The page cannot be served (the port is taken, the address is not this machine's)."""


# --------------------------------------------------------------------------------------------
# The address


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


def _key(folder: Path) -> bytes:
    """The data folder's key, made the first time; a key that cannot be read or kept gives
    way to one for this run only (its pages then need the new address after a restart)."""
    path = folder / KEY_FILE
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            key = handle.read(KEY_BYTES + 1)
        if len(key) == KEY_BYTES:
            return key
        return secrets.token_bytes(KEY_BYTES)  # not a key of ours: left alone
    except FileNotFoundError:
        pass
    except OSError:
        return secrets.token_bytes(KEY_BYTES)
    key = secrets.token_bytes(KEY_BYTES)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key)
    except FileExistsError:  # another serve made it just now: use that one
        return _key(folder)
    except OSError:
        pass
    return key


def local_address() -> str:
    """This machine's address on its local network (the one its default route leaves by;
    no packet is sent), or ``127.0.0.1`` where it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a route is looked up, nothing sent
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


# --------------------------------------------------------------------------------------------
# What the pages show


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


class Score:
    """The session as the pages show it, drawn again each time its file changes.

    Each open page waits on :attr:`changed` for a :attr:`version` newer than the one it
    has; what it is sent is drawn once here for all of them (a phone view, a TV view)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.changed = threading.Condition()
        self.version = 0
        self.closed = False
        self._seen: tuple[int, int, int] | None = None
        self.state = b"{}"
        self.pages: dict[bool, str] = {}
        self.events: dict[bool, bytes] = {}
        self.doc: dict[str, Any] = {}
        #: why the last change could not be shown (the page keeps the one before)
        self.problem: str | None = None

    def refresh(self) -> bool:
        """Read the session again if its file changed; whether the pages have news."""
        now = _stamp(self.path)
        if now == self._seen or now is None:
            return False
        self._seen = now
        from cardscore import store
        from cardscore.document import scoresheet
        from cardscore.export import live_page
        from cardscore.indented_json import dumps
        from cardscore.session import SessionDataError, reason_of

        try:
            session = store.read(self.path)
            doc = scoresheet(session, session.standings())
        except (StoreError, SessionDataError) as exc:
            self.problem = str(exc.args[0]) if exc.args else reason_of(exc)
            return False
        self.problem = None
        views = {tv: live_page.fragment(doc, tv=tv) for tv in (False, True)}
        with self.changed:
            self.version += 1
            self.doc = doc
            self.state = (dumps(doc) + "\n").encode()
            self.pages = views
            self.events = {tv: _event(self.version, text) for tv, text in views.items()}
            self.changed.notify_all()
        return True

    def wait(self, seen: int, timeout: float) -> int:
        """The version after ``seen`` once there is one (or ``seen`` after ``timeout``)."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen or self.closed, timeout)
            return self.version

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()


def _event(version: int, text: str) -> bytes:
    """One server-sent event: ``id:``, then each line of ``text`` as a ``data:`` line."""
    lines = text.replace("\r", "").split("\n")
    return (f"id: {version}\n" + "".join(f"data: {line}\n" for line in lines) + "\n").encode()


# --------------------------------------------------------------------------------------------
# The server


class _Counter:
    """How many are in (at most ``limit``)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.count = 0
        self._lock = threading.Lock()

    def enter(self) -> bool:
        with self._lock:
            if self.count >= self.limit:
                return False
            self.count += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self.count -= 1


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], score: Score, token: str) -> None:
        super().__init__(address, _Handler)
        self.score = score
        self.token = token
        self.viewers = _Counter(MAX_VIEWERS)
        self.connections = _Counter(MAX_CONNECTIONS)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.connections.enter():  # no thread for it: closed at once
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.leave()


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "cardscore"
    sys_version = ""
    timeout = CLIENT_TIMEOUT

    def log_message(self, format: str, *args: Any) -> None:
        """Nothing is logged: the keeper's terminal is the game's."""

    def __getattr__(self, name: str) -> Callable[[], None]:
        # Any method but GET (HEAD, POST, PUT, DELETE, a made-up one): 405, not 501.
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def _not_allowed(self) -> None:
        self._send(405, "text/plain", b"Only GET is answered here.\n", {"Allow": "GET"})

    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        prefix = f"/{self.server.token}/"
        given = path[: len(prefix)].encode("latin-1", "replace")
        if not hmac.compare_digest(given, prefix.encode()):
            return self._not_found()
        rest = path[len(prefix) :]
        tv = "tv" in parse_qs(query, keep_blank_values=True)
        if rest == "":
            return self._page(tv)
        if rest == "state.json":
            return self._send(200, "application/json", self.server.score.state)
        if rest == "events":
            return self._events(tv)
        return self._not_found()

    def _not_found(self) -> None:
        self._send(404, "text/plain", b"Not found.\n")

    def _busy(self) -> None:
        from cardscore.export.live_page import busy_page

        page = busy_page(MAX_VIEWERS).encode()
        self._send(503, "text/html", page, {"Retry-After": "5"})

    def _page(self, tv: bool) -> None:
        score = self.server.score
        if score.closed or self.server.viewers.count >= MAX_VIEWERS:
            return self._busy()
        from cardscore.export.live_page import page

        nonce = secrets.token_urlsafe(16)
        with score.changed:
            doc = score.doc
        body = page(doc, tv=tv, nonce=nonce).encode()
        policy = (
            f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'unsafe-inline'; "
            "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'"
        )
        self._send(200, "text/html", body, {"Content-Security-Policy": policy})

    def _events(self, tv: bool) -> None:
        score = self.server.score
        if not self.server.viewers.enter():
            return self._busy()
        try:
            self.send_response(200)
            self._headers("text/event-stream", {})
            self.end_headers()
            self.wfile.write(b"retry: 1000\n\n")
            seen, quiet = -1, 0.0
            while True:
                version = score.wait(seen, LOOK_FOR_GONE)
                if score.closed:
                    break
                if version == seen:
                    quiet += LOOK_FOR_GONE
                    if self._gone():
                        break
                    if quiet < PING_EVERY:
                        continue
                    event = b": ping\n\n"
                else:
                    with score.changed:
                        event = score.events.get(tv, b"")
                self.wfile.write(event)
                seen, quiet = version, 0.0
        except OSError:  # the page was closed, or stopped reading (timed out)
            pass
        finally:
            self.server.viewers.leave()
            self.close_connection = True

    def _gone(self) -> bool:
        """Whether the page was closed (its end of the connection is, at least)."""
        try:
            ready, _, _ = select.select([self.connection], [], [], 0)
            return bool(ready) and not self.connection.recv(1, socket.MSG_PEEK)
        except OSError:
            return True

    def _send(
        self, status: int, kind: str, body: bytes, extra: dict[str, str] | None = None
    ) -> None:
        try:
            self.send_response(status)
            self._headers(kind, extra or {})
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            pass

    def _headers(self, kind: str, extra: dict[str, str]) -> None:
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        for name, value in extra.items():
            self.send_header(name, value)


@dataclass
class Address:
    """Where the page is: the host it is bound to and the one to type (or scan)."""

    bound: str
    shown: str
    port: int
    token: str

    @property
    def url(self) -> str:
        host = f"[{self.shown}]" if ":" in self.shown else self.shown
        return f"http://{host}:{self.port}/{self.token}/"


class LiveServer:
    """A session's live page, served in the background until :meth:`stop`.

    Its two threads (the server, the look at the file) run in a copy of the context that
    starts them: they find the command's :class:`Environment` there."""

    def __init__(self, session_id: str, env: Environment, host: str | None, port: int | None):
        self.session_id = session_id
        self.score = Score(env.sessions_folder / f"{session_id}.json")
        if not self.score.refresh():
            from cardscore import store

            store.read(self.score.path)  # says why it cannot be read (or that it is gone)
        bound = host or local_address()
        token = token_for(session_id, env.data_folder)
        self._httpd = _bind(bound, port, self.score, token)
        shown = local_address() if bound in ("0.0.0.0", "") else bound
        self.address = Address(bound, shown, self._httpd.server_address[1], token)
        self._stopped = threading.Event()
        self._threads: list[threading.Thread] = []

    @property
    def url(self) -> str:
        return self.address.url

    @property
    def viewers(self) -> int:
        """How many pages are open now."""
        return self._httpd.viewers.count

    def start(self) -> LiveServer:
        for target in (self._httpd.serve_forever, self._look):
            context = contextvars.copy_context()
            thread = threading.Thread(target=context.run, args=(target,), daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def _look(self) -> None:
        while not self._stopped.wait(LOOK_EVERY):
            self.score.refresh()

    def stop(self) -> None:
        """Close every page's stream and the server (a page then tries again by itself)."""
        self._stopped.set()
        self.score.close()
        self._httpd.shutdown()
        self._httpd.server_close()
        for thread in self._threads:
            thread.join(timeout=2)

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def description(self) -> dict[str, Any]:
        """What ``serve --json`` prints on start."""
        a = self.address
        return {"url": a.url, "host": a.bound, "port": a.port, "token": a.token,
                "session": self.session_id}  # fmt: skip


def _bind(host: str, port: int | None, score: Score, token: str) -> _Server:
    """The server on ``port`` (``None``: :data:`DEFAULT_PORT` or the next free one)."""
    ports = [port] if port is not None else [*range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TRIED), 0]
    for index, tried in enumerate(ports):
        try:
            return _Server((host, tried), score, token)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE and index + 1 < len(ports):
                continue
            raise ServeError(
                msg(
                    "cannot serve on {host} port {port}: {reason}",
                    host=host,
                    port=tried,
                    reason=exc.strerror or str(exc),
                )
            ) from None
    raise AssertionError("unreachable")  # the last port is 0, or the only one was raised on
