"""How soon a table's save reaches the viewers of ``cardscore serve --tournament``.

    python benchmarks/live_tournament.py [--players 9] [--deals 20] [--viewers 32]
                                         [--saves 40] [--every 0.25]

In a temporary CARDSCORE_HOME: a tarot tournament of ``--players`` (9: a table of 4 and one
of 5; 40: ten tables), each table playing ``--deals`` deals, every table's session opened;
``serve --tournament T --json`` in a process of its own on 127.0.0.1; ``--viewers`` event
streams open on it (the phones' pages).  Then ``--saves`` deals are saved, a table after the
other, ``--every`` seconds apart, as ``cardscore add`` saves them (under the lock, the file
replaced whole), and each viewer's delay is taken from the save to the first event whose
table says the new number of deals.  Printed: the median and the largest delay, and what one
gathering and drawing of the tournament costs in this process (what the server does at each
save).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

CARDSCORE = [sys.executable, "-m", "cardscore"]


class Viewer:
    """One page's event stream: each event's arrival time and data."""

    def __init__(self, port: int, path: str) -> None:
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.socket.sendall(f"GET {path} HTTP/1.0\r\nHost: x\r\n\r\n".encode())
        self.events: list[tuple[float, str]] = []
        self.status = b""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        buffer = b""
        try:
            while chunk := self.socket.recv(65536):
                buffer += chunk
                if not self.status and b"\r\n" in buffer:
                    self.status = buffer.split(b"\r\n", 1)[0]
                while b"\n\n" in buffer:
                    event, _, buffer = buffer.partition(b"\n\n")
                    data = [
                        line[6:].decode()
                        for line in event.split(b"\n")
                        if line.startswith(b"data: ")
                    ]
                    if data:
                        self.events.append((time.monotonic(), "\n".join(data)))
        except OSError:
            pass

    def close(self) -> None:
        with contextlib.suppress(OSError):  # (a close alone would not wake its reader)
            self.socket.shutdown(socket.SHUT_RDWR)
        self.socket.close()


def table_says(page: str, number: int, text: str) -> bool:
    """Whether table ``number``'s item of the phone's page says ``text``."""
    found = re.search(rf">Table {number}</b>(.*?)</li>", page, re.DOTALL)
    return bool(found) and text in found.group(1)


def run(command: list[str]) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def deal(session_id: str, players: list[str], seat: int) -> None:
    """A garde taken at ``seat``, saved as ``cardscore add`` saves it."""
    from cardscore import store

    seat %= len(players)
    raw = {"taker": players[seat], "contract": "garde", "bouts": "2", "points": "49"}
    if len(players) == 5:
        raw["called"] = players[(seat + 1) % 5]
    with store.changing(session_id) as session:
        session.add(raw)


def wait_until(condition, timeout: float) -> None:
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise SystemExit("timed out")
        time.sleep(0.01)


def draw_cost(tournament_id: str) -> float:
    """Seconds one gathering and drawing takes (best of 3), as the server does at a save."""
    from cardscore.tournament.live import TournamentScore

    best = float("inf")
    for _ in range(3):
        score = TournamentScore(tournament_id)
        start = time.perf_counter()
        score.refresh()
        best = min(best, time.perf_counter() - start)
        assert score.trouble is None and score.version == 1, score.trouble
    return best


def measure(args: argparse.Namespace) -> None:
    names = ",".join(f"P{n:02d}" for n in range(1, args.players + 1))
    new = ["tournament", "new", "tarot", "--names", names, "--rounds", "2"]
    made = json.loads(run([*CARDSCORE, *new, "--deals", str(args.deals), "--seed", "7", "--json"]))
    tid, tables = made["id"], made["rounds"][0]["tables"]
    play = [*CARDSCORE, "tournament", "play", tid, "--no-play", "--table"]
    sessions = [run([*play, str(t["number"])]).strip() for t in tables]
    server = subprocess.Popen(
        [*CARDSCORE, "serve", "--tournament", tid, "--host", "127.0.0.1", "--port", "0", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    said = json.loads(server.stdout.readline())
    try:
        viewers = [Viewer(said["port"], f"/{said['token']}/events") for _ in range(args.viewers)]
        wait_until(lambda: all(v.events for v in viewers), 10)
        refused = [v.status for v in viewers if b" 200 " not in v.status]
        assert not refused, refused
        saves: list[tuple[int, str, float]] = []
        played = [0] * len(tables)
        for index in range(args.saves):
            at = index % len(tables)
            deal(sessions[at], tables[at]["players"], played[at])
            played[at] += 1
            saves.append(
                (tables[at]["number"], f"{played[at]}/{args.deals} deals", time.monotonic())
            )
            time.sleep(args.every)
        number, text, _ = saves[-1]
        wait_until(lambda: all(table_says(v.events[-1][1], number, text) for v in viewers), 10)
        delays = []
        for viewer in viewers:
            for number, text, at in saves:
                seen = next(
                    t for t, data in viewer.events if t >= at and table_says(data, number, text)
                )
                delays.append(seen - at)
            viewer.close()
    finally:
        server.send_signal(2)
        server.wait(timeout=10)
    cost = draw_cost(tid)
    print(
        f"{args.players} players ({len(tables)} tables), {args.viewers} viewers, "
        f"{args.saves} saves {args.every} s apart: delay from a table's save to each viewer's "
        f"event: median {statistics.median(delays) * 1000:.0f} ms, "
        f"max {max(delays) * 1000:.0f} ms; one gathering and drawing: {cost * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--deals", type=int, default=20, help="deals each table plays")
    parser.add_argument("--viewers", type=int, default=32)
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--every", type=float, default=0.25, help="seconds between saves")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARDSCORE_HOME"] = home
        measure(args)


if __name__ == "__main__":
    main()
