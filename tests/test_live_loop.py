"""The loop's "Share the score": the page is served while play goes on, the home says so
and how many are watching, and the server stops with the loop (a real terminal: pexpect)."""

from __future__ import annotations

import re
import socket
import sys
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from terminal_kit import CARDSCORE, command, expect, settle, spawn
from test_live import Stream, wait_until

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


def test_the_loop_shares_the_score_until_it_ends(tmp_path: Path) -> None:
    home = tmp_path
    sid = command(home, "new", "tarot", "--names", "Ann,Bob,Cyd,Dan,Eve", "--no-play").strip()
    child = spawn(home, "play", sid)
    expect(child, "l live")  # the home names the action and its key
    settle(child)
    child.send("l\r")
    expect(child, "TV view: ")
    expect(child, "watching: 0")  # and the home again: play goes on
    settle(child)
    screen = "\n".join(child.screen.lines())
    url = re.search(r"Live page: (http://\S+/) · watching: 0", screen).group(1)
    assert "TV view: " + url + "?tv" in screen
    assert "▀" in screen or "▄" in screen  # the QR code
    with urllib.request.urlopen(url, timeout=5) as page:
        assert "Next dealer: Ann" in page.read().decode()
    host, port = re.match(r"http://([^:]+):(\d+)/(\w+)/", url).groups()[:2]
    token = url.rstrip("/").rsplit("/", 1)[1]
    viewer = Stream(int(port), f"/{token}/events", host=host)
    wait_until(lambda: viewer.events)
    child.send("bob g 2b 49 dan\r")  # play goes on: the round reaches the page
    expect(child, "Save")
    child.send("\r")
    wait_until(lambda: "Round 1 ·" in viewer.events[-1][1], timeout=3)
    expect(child, "watching: 1")
    settle(child)
    viewer.close()
    child.send("q\r")
    child.expect_exact("Saved. Resume with")
    child.wait()
    with pytest.raises(OSError):  # the server stopped with the loop
        socket.create_connection((host, int(port)), timeout=2).close()
