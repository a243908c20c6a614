"""The open loop and a second terminal on the same session: the home sees a round saved
from elsewhere at once (the score, the next round and its dealer as they are now), and keeps
what the keeper was typing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from terminal_kit import (
    CARDSCORE,
    ENTER,
    command,
    expect,
    screen_totals,
    settle,
    spawn,
)

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve")


def shown(home: Path, session_id: str) -> dict:
    return json.loads(command(home, "show", session_id, "--json"))


def test_a_round_added_elsewhere_is_shown_and_the_typing_kept(tmp_path: Path) -> None:
    home = tmp_path
    session_id = command(home, "new", "tarot", "--names", ",".join(NAMES), "--no-play").strip()
    child = spawn(home, "play", session_id)
    expect(child, "Record round 1 (dealer")
    settle(child)
    child.send("bob g")  # the keeper has started typing round 1
    command(home, "add", session_id, "--line", "cyd p 1b 40 dan")  # meanwhile, elsewhere
    expect(child, "The session was changed in another terminal.")
    expect(child, "Record round 2 (dealer")
    settle(child)
    after_one = shown(home, session_id)
    assert screen_totals(child) == after_one["totals"]
    assert any("Record round 2" in line and "bob g" in line for line in child.screen.lines())
    child.send(" 2b 49 dan" + ENTER)  # the line goes on where it was
    expect(child, "Save")
    child.send(ENTER)
    expect(child, "Record round 3 (dealer")
    settle(child)
    child.send("q" + ENTER)
    child.expect_exact("Saved. Resume with")
    child.wait()
    rounds = shown(home, session_id)["rounds"]
    assert [(r["input"]["taker"], r["input"]["points"]) for r in rounds] == [
        ("Cyd", 40),
        ("Bob", 49),
    ]


def test_a_session_left_alone_is_not_said_to_change(tmp_path: Path) -> None:
    home = tmp_path
    session_id = command(home, "new", "tarot", "--names", ",".join(NAMES), "--no-play").strip()
    child = spawn(home, "play", session_id)
    expect(child, "Record round 1 (dealer")
    settle(child, quiet=1.5)  # three looks at the file, none seeing a change
    child.send("q" + ENTER)
    child.expect_exact("Saved. Resume with")
    child.wait()
    assert not any("changed in another terminal" in line for line in child.screen.lines())


def test_the_notice_is_said_in_french(tmp_path: Path) -> None:
    home = tmp_path
    session_id = command(home, "new", "tarot", "--names", ",".join(NAMES), "--no-play").strip()
    child = spawn(home, "--lang", "fr", "play", session_id)
    expect(child, "Saisir la donne 1")
    settle(child)
    command(home, "add", session_id, "--line", "cyd p 1b 40 dan")
    expect(child, "La partie a été modifiée dans un autre terminal.")
    expect(child, "Saisir la donne 2")
