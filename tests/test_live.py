"""``cardscore serve``: the live page, served for real on 127.0.0.1.

The server runs as the program does (``cardscore serve --json`` in a process of its own);
rounds are saved from other processes, or through the store as ``add`` saves them; the page
is read with http.client and opened in headless Chromium (skipped where there is none).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import chromium
from cardscore import live, store
from cardscore.environment import Environment
from cardscore.session import Session

CARDSCORE = [sys.executable, "-m", "cardscore"]


def make_session(
    home: Path, names: list[str] | None = None, title: str | None = None, rules: str | None = None
) -> str:
    given = {"title": title} if title else {}
    made = Session.create(
        "tarot", names or ["Ann", "Bob", "Cyd", "Dan", "Eve"], rules=rules, **given
    )
    made.id = store.new_id()
    folder = home / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{made.id}.json").write_bytes(store.encode(made))
    return made.id


class Served:
    """``cardscore serve --json`` running in its own process (``session_id`` ``None``:
    none given, as with ``--tournament``)."""

    def __init__(self, home: Path, session_id: str | None, *args: str) -> None:
        env = {**os.environ, "CARDSCORE_HOME": str(home)}
        given = [session_id] if session_id is not None else []
        self.process = subprocess.Popen(
            [*CARDSCORE, "serve", *given, "--host", "127.0.0.1", "--json", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        line = self.process.stdout.readline()
        assert line, self.process.stderr.read()
        self.said = json.loads(line)
        self.url = self.said["url"]
        self.port = self.said["port"]
        self.token = self.said["token"]

    def get(self, path: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        connection.request(method, path)
        answer = connection.getresponse()
        body = answer.read()
        connection.close()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    def stop(self) -> int:
        """Ctrl-C; the exit status (what it said on standard error: :attr:`said_last`)."""
        self.process.send_signal(2)
        try:
            return self.process.wait(timeout=10)
        finally:
            self.said_last = self.process.stderr.read()
            self.process.stdout.close()
            self.process.stderr.close()


@pytest.fixture
def served(home: Path) -> Iterator[tuple[Served, str]]:
    sid = make_session(home)
    server = Served(home, sid, "--port", "0")
    yield server, sid
    if server.process.poll() is None:
        server.stop()


def add(session_id: str, raw: dict) -> None:
    """Save a round as ``cardscore add`` does (under the lock, atomically)."""
    with store.changing(session_id) as session:
        session.add(raw)


GARDE = {"taker": "Bob", "contract": "garde", "called": "Dan", "bouts": "2", "points": "49"}


class Stream:
    """One viewer's event stream: each event's arrival time and data."""

    def __init__(self, port: int, path: str, host: str = "127.0.0.1") -> None:
        self.socket = socket.create_connection((host, port), timeout=20)
        self.socket.sendall(f"GET {path} HTTP/1.0\r\nHost: x\r\n\r\n".encode())
        self.events: list[tuple[float, str]] = []
        #: the events named ``notice`` (what the page's status line says), apart
        self.notices: list[tuple[float, str]] = []
        self.status = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        buffer = b""
        try:
            while chunk := self.socket.recv(65536):
                buffer += chunk
                if not self.status and b"\r\n" in buffer:
                    self.status = buffer.split(b"\r\n", 1)[0]
                while b"\n\n" in buffer:
                    event, _, buffer = buffer.partition(b"\n\n")
                    lines = event.split(b"\n")
                    data = [line[6:].decode() for line in lines if line.startswith(b"data: ")]
                    named = b"event: notice" in lines
                    if data:
                        kept = self.notices if named else self.events
                        kept.append((time.monotonic(), "\n".join(data)))
        except OSError:
            pass

    def close(self) -> None:
        with contextlib.suppress(OSError):  # (a close alone would not wake its reader)
            self.socket.shutdown(socket.SHUT_RDWR)
        self.socket.close()


def state(server: Served) -> dict:
    """The session as ``TOKEN/state.json`` serves it."""
    return json.loads(server.get(f"/{server.token}/state.json")[2])


def wait_until(condition, timeout: float = 10.0) -> None:
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError("timed out")
        time.sleep(0.01)


# --------------------------------------------------------------------------------------------
# What the server answers, and what it refuses


def test_serve_json_says_where_the_page_is(served) -> None:
    server, sid = served
    assert set(server.said) == {"url", "host", "port", "token", "session"}
    assert server.said["session"] == sid and server.said["host"] == "127.0.0.1"
    assert server.url == f"http://127.0.0.1:{server.port}/{server.token}/"
    assert len(server.token) == 32 and int(server.token, 16) >= 0  # 128 bits, hexadecimal


def test_the_page_the_state_and_the_events(served) -> None:
    server, sid = served
    status, headers, body = server.get(f"/{server.token}/")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    page = body.decode()
    assert "<title>Tarot — fft</title>" in page and "Next dealer: Ann" in page
    assert "http://" not in page.replace(server.url, "") and "https://" not in page  # no CDN
    assert "script-src 'nonce-" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer" and headers["cache-control"] == "no-store"
    status, headers, body = server.get(f"/{server.token}/state.json")
    assert status == 200 and json.loads(body)["id"] == sid
    shown = subprocess.run(
        [*CARDSCORE, "show", sid, "--json"],
        capture_output=True,
        text=True,
        env={**os.environ},
    ).stdout
    assert json.loads(body) == json.loads(shown)  # the session as `show --json` has it


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS", "BREW"])
def test_anything_but_get_is_405(served, method: str) -> None:
    server, _ = served
    status, headers, _ = server.get(f"/{server.token}/", method)
    assert status == 405 and headers["allow"] == "GET"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/favicon.ico",
        "/{token}",  # no slash: not the page's address
        "/{wrong}/",
        "/{token}/../{token}/state.json",
        "/{token}/%2e%2e/%2e%2e/etc/passwd",
        "/{token}/sessions/{sid}.json",
        "/{token}/state.json/",
        "/{token}x/",
        "/{short}/",
        "/%C3%A9{token}/",
    ],
)
def test_any_other_path_is_404(served, path: str) -> None:
    server, sid = served
    wrong = "0" * 32 if server.token != "0" * 32 else "1" * 32
    asked = path.format(token=server.token, wrong=wrong, sid=sid, short=server.token[:31])
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.putrequest("GET", asked, skip_accept_encoding=True)
    connection.endheaders()
    answer = connection.getresponse()
    assert answer.status == 404
    assert b"Ann" not in answer.read()  # nothing of the session


def test_a_name_is_escaped_everywhere(home: Path) -> None:
    sid = make_session(home, ["<script>alert(1)</script>", "Bob", "Cyd"], title="<b>Soirée")
    server = Served(home, sid, "--port", "0")
    try:
        _, _, body = server.get(f"/{server.token}/")
        page = body.decode()
        assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "<b>Soirée" not in page and "&lt;b&gt;Soirée" in page
        stream = Stream(server.port, f"/{server.token}/events")
        wait_until(lambda: stream.events)
        assert "<script>alert" not in stream.events[0][1]
        stream.close()
    finally:
        server.stop()


def test_the_33rd_viewer_is_told_to_come_back(served) -> None:
    server, _ = served
    streams = [Stream(server.port, f"/{server.token}/events") for _ in range(live.MAX_VIEWERS)]
    wait_until(lambda: all(s.events for s in streams))
    status, headers, body = server.get(f"/{server.token}/events")
    assert status == 503 and headers["retry-after"] == "5"
    assert b"32 people are watching already" in body
    status, _, _ = server.get(f"/{server.token}/")
    assert status == 503
    streams[0].close()
    wait_until(lambda: server.get(f"/{server.token}/")[0] == 200)  # a seat is free again
    for stream in streams:
        stream.close()


def test_a_client_that_sends_nothing_is_dropped(served) -> None:
    server, _ = served
    idle = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    start = time.monotonic()
    assert idle.recv(100) == b""  # closed by the server, having said nothing
    assert time.monotonic() - start < live.CLIENT_TIMEOUT + 5
    idle.close()


def test_ctrl_c_stops_it_with_status_130(served) -> None:
    server, _ = served
    assert server.stop() == 130
    assert server.said_last.strip() == "Stopped: the live page is no longer served."


def test_the_default_port_is_8717_or_the_next_free_one(home: Path) -> None:
    sid = make_session(home)
    taken = socket.socket()
    with contextlib.suppress(OSError):  # taken by something else already: moved on all the same
        taken.bind(("127.0.0.1", live.DEFAULT_PORT))
    server = Served(home, sid)
    try:
        assert live.DEFAULT_PORT < server.port < live.DEFAULT_PORT + live.PORTS_TRIED or (
            server.port > 1024
        )
        assert server.port != live.DEFAULT_PORT
    finally:
        server.stop()
        taken.close()


def test_a_port_asked_for_and_taken_is_a_clear_error(home: Path) -> None:
    sid = make_session(home)
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    result = subprocess.run(
        [*CARDSCORE, "serve", sid, "--host", "127.0.0.1", "--port", str(port)],
        capture_output=True,
        text=True,
        env={**os.environ, "CARDSCORE_HOME": str(home)},
        timeout=20,
    )
    taken.close()
    assert result.returncode == 1
    assert result.stderr.startswith(f"cardscore: error: cannot serve on 127.0.0.1 port {port}:")
    assert len(result.stderr.splitlines()) == 1


def test_the_token_is_the_same_across_restarts_and_not_between_sessions(home: Path) -> None:
    first, second = make_session(home), make_session(home)
    env = Environment(stdin_isatty=False, home=home)
    assert live.token_for(first, env.data_folder) == live.token_for(first, env.data_folder)
    assert live.token_for(first, env.data_folder) != live.token_for(second, env.data_folder)
    key = home / live.KEY_FILE
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_bytes()) == live.KEY_BYTES
    other = home.parent / "other"
    assert live.token_for(first, other) != live.token_for(first, env.data_folder)


def test_it_never_writes_a_session(served, home: Path) -> None:
    server, _ = served
    before = {p: p.read_bytes() for p in (home / "sessions").glob("*.json")}
    server.get(f"/{server.token}/")
    server.get(f"/{server.token}/state.json")
    stream = Stream(server.port, f"/{server.token}/events")
    wait_until(lambda: stream.events)
    stream.close()
    server.get(f"/{server.token}/", "POST")
    assert {p: p.read_bytes() for p in (home / "sessions").glob("*.json")} == before
    assert sorted(p.name for p in home.iterdir()) == [live.KEY_FILE, "sessions"]


# --------------------------------------------------------------------------------------------
# Live: a save shows on every open page


def test_a_round_saved_reaches_every_viewer(served) -> None:
    server, sid = served
    streams = [Stream(server.port, f"/{server.token}/events") for _ in range(3)]
    wait_until(lambda: all(s.events for s in streams))
    assert all("Round 1 ·" not in s.events[-1][1] for s in streams)
    add(sid, GARDE)
    wait_until(lambda: all("Round 1 ·" in s.events[-1][1] for s in streams), timeout=2)
    late = Stream(server.port, f"/{server.token}/events")  # opened late: the state now
    wait_until(lambda: late.events)
    assert "Round 1 ·" in late.events[0][1]
    tv = Stream(server.port, f"/{server.token}/events?tv")
    wait_until(lambda: tv.events)
    assert "Round 1 ·" not in tv.events[0][1] and "Bob" in tv.events[0][1]  # totals only
    for stream in [*streams, late, tv]:
        stream.close()


def test_load_32_viewers_100_saves(served, capsys) -> None:
    """Every viewer ends on the final totals, each save shows within a second, and the
    server's memory stays flat."""
    server, sid = served
    streams = [Stream(server.port, f"/{server.token}/events") for _ in range(live.MAX_VIEWERS)]
    wait_until(lambda: all(s.events for s in streams))
    saved: dict[int, float] = {}
    memory: list[int] = []
    for number in range(1, 101):
        add(sid, GARDE)
        saved[number] = time.monotonic()
        if number % 20 == 0:
            memory.append(server.rss_kb())
        time.sleep(0.12)
    # the page's state is the session as its watcher read it last: within a second of a save
    wait_until(lambda: len(state(server)["rounds"]) == 100, timeout=1)
    final = state(server)
    heading = "Round 100 ·"
    wait_until(lambda: all(heading in s.events[-1][1] for s in streams), timeout=5)
    delays = []
    for stream in streams:
        for number, at in saved.items():
            seen = next(t for t, data in stream.events if f"Round {number} ·" in data)
            delays.append(seen - at)
        assert f">{final['totals']['Bob']}<" in stream.events[-1][1]
    for stream in streams:
        stream.close()
    median, worst = statistics.median(delays), max(delays)
    with capsys.disabled():
        print(
            f"\nlive page, 32 viewers x 100 saves: median {median * 1000:.0f} ms, "
            f"max {worst * 1000:.0f} ms; RSS (kB) every 20 saves: {memory}"
        )
    assert worst < 1.0
    # flat: what a page is sent is not kept for it, nor each save's drawing; keeping the
    # events of the last 80 saves for each viewer would take this much
    kept = live.MAX_VIEWERS * 80 * len(streams[0].events[-1][1]) // 1024
    assert memory[-1] - memory[0] < kept / 4, (memory, kept)


# --------------------------------------------------------------------------------------------
# In a browser


needs_chromium = pytest.mark.skipif(chromium.EXECUTABLE is None, reason="no Chromium here")


@needs_chromium
def test_the_page_follows_the_session_in_chromium(home: Path, tmp_path: Path) -> None:
    sid = make_session(home)
    server = Served(home, sid, "--port", "0")
    browser = chromium.Chromium(tmp_path / "profile")
    try:
        browser.open(server.url)
        assert "Next dealer: Ann" in browser.text("main")
        env = {**os.environ, "CARDSCORE_HOME": str(home)}
        subprocess.run(
            [*CARDSCORE, "add", sid, "--line", "bob g 2b 49 dan"], env=env, check=True, timeout=30
        )
        browser.wait_for("document.body.innerText.includes('Round 1 ·')", timeout=2)
        assert "Bob garde (Dan) 2b 49" in browser.text("main")
        subprocess.run([*CARDSCORE, "undo", sid], env=env, check=True, timeout=30)
        browser.wait_for("!document.body.innerText.includes('Round 1 ·')", timeout=2)
        # serve stopped and started again: the page comes back by itself, same address
        assert server.stop() == 130
        browser.wait_for("document.getElementById('status').innerText !== ''", timeout=5)
        server = Served(home, sid, "--port", str(server.port))
        subprocess.run(
            [*CARDSCORE, "add", sid, "--line", "cyd p 1b 50 seul"], env=env, check=True, timeout=30
        )
        browser.wait_for("document.body.innerText.includes('Cyd prise 1b 50')", timeout=10)
        assert browser.evaluate("document.getElementById('status').innerText") == ""
        # the page fits a phone: nothing runs off its right edge
        assert browser.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        browser.open(server.url + "?tv", 1920, 1080)
        assert browser.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
        assert "Cyd prise" not in browser.text("main")  # the TV: the totals alone
    finally:
        browser.close()
        if server.process.poll() is None:
            server.stop()
