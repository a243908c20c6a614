"""The live page's server: ``cardscore serve``, and the loop's "Share the score".

(Over 600 lines: the server, its limits and its event streams share one model of threads
and connections, read best together.)

Who reads it: the players' phones and the room's TV, on the room's Wi-Fi, a few dozen at most
(:data:`MAX_VIEWERS`).  The standard library's :mod:`http.server` handler is enough for
that: one thread per request answered, each open page's asleep until the session changes, and
no dependency to keep.  But anyone on the Wi-Fi can connect, token or not, so what a request
may cost before its token is checked is bounded: one thread (the door, :class:`_Door`) reads
every request's line and headers, at most :data:`MAX_REQUEST_BYTES` within
:data:`REQUEST_TIMEOUT` seconds, for at most :data:`MAX_ARRIVING` connections at once, kept
apart from the :data:`MAX_CONNECTIONS` being answered.  What it answers, and nothing else:

* ``GET /TOKEN/`` the page (``?tv``: the TV view), ``GET /TOKEN/state.json`` the session as
  ``show --json`` has it, ``GET /TOKEN/events`` a stream of server-sent events: the page's
  changing part, sent when a page opens and each time the session is saved;
* any other method 405, any other path 404 (no listing, no file but the session's read);
* a request line past the bytes allowed 414, headers past them 431; a request not whole in
  time is closed without a word, and so is the connection that has been sending the longest
  when :data:`MAX_ARRIVING` are;
* the 33rd page open at once 503, and so is a request past :data:`MAX_CONNECTIONS`; a page
  whose connection stays full (its reader reads nothing) :data:`CLIENT_TIMEOUT` seconds is
  dropped, its seat free again, and so is one that takes longer than that to be read.

``serve --tournament`` serves a tournament the same way (:mod:`cardscore.tournament.live`):
its own pages, the same server, limits and streams.

The token (:mod:`cardscore.live_token`) is an HMAC of the session's id with a key kept in the
data folder, the same each time; that key is the only file the live page ever writes, and it
never writes a session.  The session's file is looked at :data:`LOOK_EVERY` seconds (its
inode, size and modification time, which every save changes) and read again when it changed,
whichever process saved it; when it cannot be read, the pages keep the score last read and
say so.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import hmac
import io
import os
import secrets
import select
import selectors
import socket
import socketserver
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from cardscore.environment import Environment
from cardscore.i18n import msg, reason_of
from cardscore.live_token import KEY_BYTES as KEY_BYTES
from cardscore.live_token import KEY_FILE as KEY_FILE
from cardscore.live_token import ServeError, local_address, signed_name, token_for
from cardscore.store import StoreError

#: pages open at once (their event streams): a table and its onlookers, with room to spare
MAX_VIEWERS = 32
#: requests answered at once: the viewers' streams, and page loads on the way
MAX_CONNECTIONS = MAX_VIEWERS + 16
#: connections still sending their request, at once, apart from those answered: past this,
#: the one that has been sending the longest is closed (a phone sends its request at once)
MAX_ARRIVING = 32
#: bytes a request's line and headers may take (a browser's take well under 2 KB)
MAX_REQUEST_BYTES = 8 * 1024
#: seconds a client has, from its connection, to send its request's line and headers
REQUEST_TIMEOUT = 5.0
#: seconds a page may take to be read, and a viewer's connection may stay full (its reader
#: reading nothing of what is sent) before it is dropped
CLIENT_TIMEOUT = 10.0
#: bytes the system may hold for a viewer beyond what the viewer's own system holds: a reader
#: that reads nothing fills it within a few saves (the system's own size grows to megabytes)
STREAM_BUFFER = 32 * 1024
#: seconds between two looks at the session's file (a save shows within this, and a render)
LOOK_EVERY = 0.1
#: seconds between two keep-alive comments on a quiet stream (a gone client is found)
PING_EVERY = 15.0
#: seconds between two looks at whether a quiet page was closed (its seat is then free)
LOOK_FOR_GONE = 1.0
#: the port tried first, then the next ones, then any free port
DEFAULT_PORT = 8717
PORTS_TRIED = 10
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
    has; what it is sent is drawn once here for all of them (a phone view, a TV view).
    Whatever the file becomes (damaged, deleted, holding what cannot be drawn), the pages
    keep the score last read and say that the session cannot be read, and follow it again
    once it can be: the watch never stops.

    What else may be served (a tournament: :mod:`cardscore.tournament.live`) is a kind of
    its own: it says its :meth:`stamp`, and draws itself (:meth:`_draw`, :meth:`whole_page`,
    :meth:`_notice`); the server, its limits and its streams are the same."""

    #: what is served, as ``serve --json`` names it and the token signs it
    kind = "session"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.changed = threading.Condition()
        self.version = 0
        self.closed = False
        self._seen: object = (-1, -1, -1)  # read the first time
        self.state = b"{}"
        self.pages: dict[bool, str] = {}
        self.events: dict[bool, bytes] = {}
        #: what the whole page is drawn from (a session's: its scoresheet document)
        self.doc: Any = {}
        #: why the session cannot be read now (``None``: it was, the last time it changed)
        self.trouble: StoreError | None = None

    def refresh(self) -> bool:
        """Read the session again if its file changed; whether the pages have news (a new
        score, or word that the session cannot be read)."""
        now = self.stamp()
        if now == self._seen:
            return False
        self._seen = now
        try:
            doc, state, views = self._draw()
        except StoreError as exc:
            return self._unreadable(exc)
        except Exception as exc:  # a file is untrusted: whatever it holds, the watch goes on
            from cardscore.store import SessionFileError

            return self._unreadable(SessionFileError(self.path, reason_of(exc)))
        with self.changed:
            self.version += 1
            self.trouble = None
            self.doc, self.state, self.pages = doc, state, views
            self.events = {tv: _event(self.version, text) for tv, text in views.items()}
            self.changed.notify_all()
        return True

    def stamp(self) -> object:
        """What changes each time what is served is saved: its file's inode, size and
        modification time (``None``: there is none)."""
        return _stamp(self.path)

    def _draw(self) -> tuple[Any, bytes, dict[bool, str]]:
        """The session read and drawn: its scoresheet, its ``state.json``, its two views."""
        from cardscore import store
        from cardscore.document import scoresheet
        from cardscore.export import live_page
        from cardscore.indented_json import dumps

        session = store.read(self.path)
        doc = scoresheet(session, session.standings())
        views = {tv: live_page.fragment(doc, tv=tv) for tv in (False, True)}
        return doc, (dumps(doc) + "\n").encode(), views

    def _unreadable(self, error: StoreError) -> bool:
        """The session cannot be read: the pages keep the score last read and are told so,
        once (until it is read again)."""
        with self.changed:
            told, self.trouble = self.trouble is not None, error
            if told or not self.version:  # (not shown yet: serving it is refused)
                return False
            self.version += 1
            notice = _event(self.version, self._notice(), "notice")
            self.events = {
                tv: _event(self.version, text) + notice for tv, text in self.pages.items()
            }
            self.changed.notify_all()
        return True

    def _notice(self) -> str:
        """What the pages say while it cannot be read."""
        from cardscore.export import live_page

        return live_page.unreadable()

    def whole_page(self, tv: bool, nonce: str) -> str:
        """The whole page as it is first loaded, drawn from what was read last (and saying
        so when it cannot be read now); ``nonce`` lets its script run."""
        from cardscore.export.live_page import page

        with self.changed:
            doc, trouble = self.doc, self.trouble
        return page(doc, tv=tv, nonce=nonce, notice=self._notice() if trouble is not None else "")

    def wait(self, seen: int, timeout: float) -> int:
        """The version after ``seen`` once there is one (or ``seen`` after ``timeout``)."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen or self.closed, timeout)
            return self.version

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()


def _past(since: float | None, seconds: float) -> bool:
    """Whether ``seconds`` have gone by since ``since`` (a :func:`time.monotonic`)."""
    return since is not None and time.monotonic() - since >= seconds


def _event(version: int, text: str, name: str | None = None) -> bytes:
    """One server-sent event: ``id:`` (and ``event:``, its ``name``: a message without one),
    then each line of ``text`` as a ``data:`` line.

    >>> _event(3, "a\\nb", "notice")
    b'id: 3\\nevent: notice\\ndata: a\\ndata: b\\n\\n'
    """
    lines = text.replace("\r", "").split("\n")
    head = f"id: {version}\n" + (f"event: {name}\n" if name else "")
    return (head + "".join(f"data: {line}\n" for line in lines) + "\n").encode()


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


#: what every answer says beside its content: not to be kept, sniffed, framed or referred
SAFE_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
#: connections taken from the system's queue at once, before those waiting are read again
ACCEPTS_AT_ONCE = MAX_ARRIVING // 2


def _answer_bytes(
    status: int, body: bytes, kind: str, extra: dict[str, str] | None = None
) -> bytes:
    """A whole answer as the door sends it, before any handler: the same headers as every
    other answer, and the connection closed after it.

    >>> print(_answer_bytes(503, b"Busy.", "text/plain").decode())  # doctest: +NORMALIZE_WHITESPACE
    HTTP/1.0 503 Service Unavailable
    Content-Type: text/plain; charset=utf-8
    Cache-Control: no-store
    X-Content-Type-Options: nosniff
    Referrer-Policy: no-referrer
    X-Frame-Options: DENY
    Connection: close
    Content-Length: 5
    <BLANKLINE>
    Busy.
    """
    headers = {"Content-Type": f"{kind}; charset=utf-8", **SAFE_HEADERS, **(extra or {})}
    headers |= {"Connection": "close", "Content-Length": str(len(body))}
    lines = [f"HTTP/1.0 {status} {HTTPStatus(status).phrase}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def _head_end(data: bytes | bytearray, start: int = 0) -> int | None:
    """Where a request's head (its line and headers) ends, after the blank line, once it is
    all in; ``start``: where to look from (what came before was looked at already).

    >>> _head_end(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n"), _head_end(b"GET / HTTP/1.1\\n\\n")
    (27, 16)
    >>> _head_end(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n") is None
    True
    """
    ends = [
        found + len(end) for end in (b"\n\r\n", b"\n\n") if (found := data.find(end, start)) >= 0
    ]
    return min(ends) if ends else None


@dataclass
class _Arrival:
    """A connection still sending its request: from where, until when, what came so far."""

    address: Any
    deadline: float
    head: bytearray = field(default_factory=bytearray)


class _Door:
    """Where every connection waits until its request's line and headers are in, all of them
    in one thread (none of its own): a request may take :data:`MAX_REQUEST_BYTES` and
    :data:`REQUEST_TIMEOUT` seconds; :data:`MAX_ARRIVING` wait at most, apart from the
    :data:`MAX_CONNECTIONS` answered, and past them the one that has been sending longest is
    closed.  A slow or endless client thus costs a few kilobytes, for a few seconds, and
    never a seat nor a thread; a phone's request, sent at once, goes through.  A head that
    is in goes to :meth:`_Server.answer`."""

    def __init__(self, server: _Server) -> None:
        self.server = server
        self.arriving: dict[socket.socket, _Arrival] = {}  # the oldest first
        self._selector = selectors.DefaultSelector()
        self._wake, self._waker = socket.socketpair()
        self._lock = threading.Lock()
        self._stopping = False
        self._running = False
        self._done = threading.Event()

    def run(self) -> None:
        """Let connections in until :meth:`stop`."""
        with self._lock:
            if self._stopping:
                return
            self._running = True
        listener = self.server.socket
        listener.setblocking(False)
        try:
            self._selector.register(listener, selectors.EVENT_READ)
            self._selector.register(self._wake, selectors.EVENT_READ)
            while not self._stopping:
                for key, _ in self._selector.select(self._wait()):
                    if key.fileobj is listener:
                        self._accept(listener)
                    elif key.fileobj is not self._wake:
                        self._read(key.fileobj)  # type: ignore[arg-type]
                self._expire()
        finally:
            for connection in list(self.arriving):
                self._close(connection)
            self._selector.close()
            self._done.set()

    def stop(self) -> None:
        """Stop letting connections in (those still sending are closed); back once done."""
        with self._lock:
            self._stopping = True
            running = self._running
        with contextlib.suppress(OSError):
            self._waker.send(b"\0")
        if running:
            self._done.wait(5)
        else:
            self._selector.close()
        self._wake.close()
        self._waker.close()

    def _wait(self) -> float | None:
        """Seconds until the oldest waiting is out of time (none waiting: until woken)."""
        if not self.arriving:
            return None
        oldest = next(iter(self.arriving.values()))
        return max(oldest.deadline - time.monotonic(), 0.0)

    def _accept(self, listener: socket.socket) -> None:
        for _ in range(ACCEPTS_AT_ONCE):
            try:
                connection, address = listener.accept()
            except OSError:  # none left (or one gone before it was taken)
                return
            if len(self.arriving) >= MAX_ARRIVING:
                self._close(next(iter(self.arriving)))
            connection.setblocking(False)
            self.arriving[connection] = _Arrival(address, time.monotonic() + REQUEST_TIMEOUT)
            self._selector.register(connection, selectors.EVENT_READ)

    def _read(self, connection: socket.socket) -> None:
        arrival = self.arriving.get(connection)
        if arrival is None:  # closed a moment ago, to make room
            return
        try:
            chunk = connection.recv(MAX_REQUEST_BYTES + 1 - len(arrival.head))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:  # the client gave up
            self._close(connection)
            return
        start = max(len(arrival.head) - 2, 0)
        arrival.head += chunk
        end = _head_end(arrival.head, start)
        if end is not None and end <= MAX_REQUEST_BYTES:
            self._selector.unregister(connection)
            del self.arriving[connection]
            self.server.answer(connection, arrival.address, bytes(arrival.head[:end]))
        elif len(arrival.head) > MAX_REQUEST_BYTES:
            line_in = b"\n" in arrival.head
            status = (
                HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
                if line_in
                else HTTPStatus.REQUEST_URI_TOO_LONG
            )
            _refuse(connection, _answer_bytes(status, f"{status.phrase}.\n".encode(), "text/plain"))
            self._close(connection)

    def _expire(self) -> None:
        now = time.monotonic()
        while self.arriving:
            connection, oldest = next(iter(self.arriving.items()))
            if oldest.deadline > now:
                return
            self._close(connection)  # without a word: the client said nothing whole

    def _close(self, connection: socket.socket) -> None:
        self.arriving.pop(connection, None)
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(connection)
        connection.close()


def _refuse(connection: socket.socket, answer: bytes) -> None:
    """Send a short ``answer`` without waiting on the client (what does not go at once is
    lost), and take in what it sent past it, so that it can read the answer rather than
    a reset."""
    with contextlib.suppress(OSError):
        connection.setblocking(False)
        connection.send(answer)
        connection.shutdown(socket.SHUT_WR)
        for _ in range(4):
            if not connection.recv(65536):
                break


class _Server(socketserver.TCPServer):
    """The listening socket, its :class:`_Door`, and a thread for each request whose head
    is in (:data:`MAX_CONNECTIONS` at most)."""

    allow_reuse_address = True
    #: connections the system queues before the door takes them
    request_queue_size = MAX_ARRIVING

    def __init__(self, address: tuple[str, int], score: Score, token: str) -> None:
        super().__init__(address, _Handler)
        self.score = score
        self.token = token
        self.viewers = _Counter(MAX_VIEWERS)
        self.connections = _Counter(MAX_CONNECTIONS)
        self.door = _Door(self)

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        self.door.run()

    def shutdown(self) -> None:
        self.door.stop()

    def answer(self, connection: socket.socket, address: Any, head: bytes) -> None:
        """Answer the request ``head`` in a thread of its own (the page's context with it),
        or say at once to come back when :data:`MAX_CONNECTIONS` are answered already."""
        if not self.connections.enter():
            _refuse(connection, _busy_answer())
            connection.close()
            return
        context = contextvars.copy_context()
        thread = threading.Thread(
            target=context.run, args=(self._answer, connection, address, head), daemon=True
        )
        try:
            thread.start()
        except RuntimeError:  # no thread to be had now: as if too many were answered
            self.connections.leave()
            _refuse(connection, _busy_answer())
            connection.close()

    def _answer(self, connection: socket.socket, address: Any, head: bytes) -> None:
        # A request that fails is closed and nothing is said: the keeper's terminal is the
        # game's, and the server goes on.
        try:
            with contextlib.suppress(Exception):
                _Handler(connection, address, self, head)
        finally:
            self.shutdown_request(connection)
            self.connections.leave()


def _busy_answer() -> bytes:
    """What the viewer past the limit reads (503: come back in a moment)."""
    from cardscore.export.live_page import busy_page

    return _answer_bytes(503, busy_page(MAX_VIEWERS).encode(), "text/html", {"Retry-After": "5"})


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "cardscore"
    sys_version = ""
    timeout = CLIENT_TIMEOUT
    # A request line without a version (HTTP/0.9's) is answered as 1.0 would be: an answer
    # without its status line and headers would have none of those every answer carries.
    default_request_version = "HTTP/1.0"

    def __init__(self, request: socket.socket, client_address: Any, server: _Server, head: bytes):
        self.head = head
        super().__init__(request, client_address, server)

    def setup(self) -> None:
        super().setup()
        # The request's line and headers were read at the door, within its limits: they are
        # all that is read (a body, or anything sent after them, is not).
        self.rfile.close()
        self.rfile = io.BytesIO(self.head)

    def log_message(self, format: str, *args: Any) -> None:
        """Nothing is logged: the keeper's terminal is the game's."""

    def __getattr__(self, name: str) -> Callable[[], None]:
        # Any method but GET (HEAD, POST, PUT, DELETE, a made-up one): 405, not 501.
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The refusals the standard library makes itself (a request it cannot read: 400,
        431, 505…), with the headers every answer here carries, in plain text."""
        self.close_connection = True
        status = HTTPStatus(code)
        self._send(code, "text/plain", f"{status.phrase}.\n".encode(), {"Connection": "close"})

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
        nonce = secrets.token_urlsafe(16)
        body = score.whole_page(tv, nonce).encode()
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
            # What the system may hold for the page beyond what its reader's own holds is
            # kept small: a reader that reads nothing fills it within a few saves.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_BUFFER)
            self.send_response(200)
            self._headers("text/event-stream", {})
            self.end_headers()
            self.wfile.write(b"retry: 1000\n\n")
            seen, quiet, full_since = -1, 0.0, None
            while True:
                version = score.wait(seen, LOOK_FOR_GONE)
                if score.closed:
                    break
                if version == seen:
                    quiet += LOOK_FOR_GONE
                    full_since = self._full_since(full_since)
                    if self._gone() or _past(full_since, CLIENT_TIMEOUT):
                        break
                    if quiet < PING_EVERY:
                        continue
                    event = b": ping\n\n"
                else:
                    with score.changed:
                        event = score.events.get(tv, b"")
                self._write(event, full_since)
                seen, quiet, full_since = version, 0.0, None
        except OSError:  # the page was closed, or its connection stayed full (timed out)
            pass
        finally:
            self.server.viewers.leave()
            self.close_connection = True

    def _gone(self) -> bool:
        """Whether the page was closed (its end of the connection is, at least)."""
        try:
            ready, _, _ = select.select([self.connection], [], [], 0)
            return bool(ready) and not self.connection.recv(1, socket.MSG_PEEK)
        except (OSError, ValueError):
            return True

    def _full_since(self, since: float | None) -> float | None:
        """Since when the page's connection has been full, what was sent to it unread
        (``None``: it is not full); ``since``: what this said the time before."""
        try:
            _, ready, _ = select.select([], [self.connection], [], 0)
        except (OSError, ValueError):
            return since  # (then it is gone)
        if ready:
            return None
        return time.monotonic() if since is None else since

    def _write(self, event: bytes, full_since: float | None) -> None:
        """Send ``event`` to the page; its connection may stay full :data:`CLIENT_TIMEOUT`
        seconds in all, counted from ``full_since``, before this gives up (``OSError``)."""
        waited = 0.0 if full_since is None else time.monotonic() - full_since
        self.connection.settimeout(max(CLIENT_TIMEOUT - waited, 0.001))
        self.wfile.write(event)

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
        for name, value in {**SAFE_HEADERS, **extra}.items():
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
    """A session's live page (or, ``score`` given, a tournament's), served in the background
    until :meth:`stop`.

    Its two threads (the server, the look at the file) run in a copy of the context that
    starts them: they find the command's :class:`Environment` there."""

    def __init__(
        self,
        session_id: str,
        env: Environment,
        host: str | None,
        port: int | None,
        score: Score | None = None,
    ):
        self.session_id = session_id
        self.score = Score(env.sessions_folder / f"{session_id}.json") if score is None else score
        self.score.refresh()
        if self.score.trouble is not None:  # why it cannot be read (or that it is gone)
            raise self.score.trouble
        bound = host or local_address()
        token = token_for(signed_name(self.score.kind, session_id), env.data_folder)
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
                self.score.kind: self.session_id}  # fmt: skip


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
