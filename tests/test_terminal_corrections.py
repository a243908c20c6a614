"""Correcting a round from the interactive loop, in a real pseudo-terminal (80 columns).

A 5-player tarot of six rounds (recorded with ``cardscore add``), round 3 corrected from
"Corriger": its questions come back with the old answers (Enter keeps them), one answer is
changed, then another one is changed at "Save this round?"; the totals are read off the
screen and compared with a replay of the same rounds by the Session API.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

from cardscore.changes import plain  # noqa: E402
from cardscore.session import Session  # noqa: E402
from terminal_kit import COLUMNS, environment, pick, screen_totals, settle, spawn  # noqa: E402

DOWN, UP, ENTER, BACKSPACE = "\x1b[B", "\x1b[A", "\r", "\x7f"
CARDSCORE = Path(sys.executable).parent / "cardscore"
NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve"]

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

ROUNDS: list[dict[str, Any]] = [
    {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "49"},
    {"contract": "prise", "taker": "Cyd", "called": "Ann", "bouts": "1", "points": "60"},
    {
        "contract": "garde",
        "taker": "Bob",
        "called": "Cyd",
        "bouts": "2",
        "points": "49",
        "petit_au_bout": "Bob",
    },
    {"contract": "prise", "taker": "Eve", "called": "Eve", "bouts": "3", "points": "40"},
    {"contract": "garde-sans", "taker": "Dan", "called": "Bob", "bouts": "1", "points": "30"},
    {"contract": "prise", "taker": "Ann", "called": "Cyd", "bouts": "0", "points": "58"},
]


def command(home: Path, *args: str) -> str:
    done = subprocess.run(
        [str(CARDSCORE), *args],
        env=environment(home),
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def options(raw: dict[str, Any]) -> list[str]:
    said = []
    for key, value in raw.items():
        said += ["--" + key.replace("_", "-"), str(value)]
    return said


def choose(child, question: str, option: str) -> None:
    """Answer a select question already drawn on the screen by the option's text."""
    settle(child)
    pick(child, question, option, drawn=True)


def preselected(child, question: str) -> str:
    """The option a select question offers first (its default), once drawn."""
    child.expect_exact(question)
    child.expect_exact("»")
    settle(child)
    lines = child.screen.lines()
    start = max(i for i, line in enumerate(lines) if question in line)
    chosen = next(line for line in lines[start:] if "»" in line).split("»", 1)[1].strip()
    return re.sub(r"^\S\) ", "", chosen)  # after its key (``g) garde``)


def replayed(rounds: list[dict[str, Any]]) -> Session:
    session = Session.create("tarot", NAMES, rules="fft", session_id="replay")
    for raw in rounds:
        session.add(raw)
    return session


def minus(value: int) -> str:
    return f"-{-value}" if value < 0 else str(value)


def moved(before: dict[str, int], after: dict[str, int]) -> list[str]:
    """``Bob 142 → 102 (-40)`` for every total that differs."""
    return [
        f"{name} {minus(before[name])} → {minus(after[name])} "
        f"({'+' if after[name] > before[name] else ''}{minus(after[name] - before[name])})"
        for name in after
        if before[name] != after[name]
    ]


def test_correct_round_3_of_six_from_the_loop_and_change_an_answer_before_saving(
    tmp_path: Path,
) -> None:
    home = tmp_path
    session_id = command(home, "new", "tarot", "--names", ",".join(NAMES), "--no-play").strip()
    for raw in ROUNDS:
        command(home, "add", session_id, *options(raw))
    before = replayed(ROUNDS).standings().totals
    # What the table meant: Dan took round 3 (not Bob), with 56 points (not 49).
    first = [dict(r) for r in ROUNDS]
    first[2]["taker"] = "Dan"
    meant = [dict(r) for r in first]
    meant[2]["points"] = "56"
    after_taker = replayed(first).standings().totals
    after = replayed(meant)

    child = spawn(home, "play", session_id)
    child.expect_exact("Next dealer:")
    child.expect_exact("Record round")
    settle(child)
    assert screen_totals(child) == before
    child.send("c" + ENTER)  # the home: corriger
    pick(child, "Corriger what?", "An earlier round")
    pick(child, "Which round?", "3 · ")
    pick(child, "Round 3 (", "Change it")
    child.expect_exact("Correcting round 3: Bob garde (Cyd), 2 bouts, 49")
    # Each question offers the old answer: Enter keeps it.
    assert preselected(child, "Contract?") == "garde"
    child.send(ENTER)
    assert preselected(child, "Who took?") == "Bob"
    child.send(DOWN * 2 + ENTER)  # Bob → Dan
    assert preselected(child, "Who was called?") == "Cyd"
    child.send(ENTER)
    child.expect_exact("How many bouts")
    child.send(ENTER)  # "2" is typed in already
    child.expect_exact("The taker's points?")
    child.send(ENTER)
    child.expect_exact("Bonuses?")
    child.expect_exact("● petit au bout")  # its box ticked, as it was
    settle(child)
    child.send(ENTER)
    assert preselected(child, "petit au bout") == "Bob"
    child.send(ENTER)

    # The old and new scores, and every total that changes.
    child.expect_exact("Save this round?")
    child.expect_exact("»")
    settle(child)
    screen = [line.strip() for line in child.screen.lines()]
    assert "Totals this correction changes:" in screen
    for line in moved(before, after_taker):
        assert line in screen

    # Change an answer before saving: the points.
    choose(child, "Save this round?", "Change an answer")
    pick(child, "Which answer?", "The taker's points? 49")
    child.expect_exact("The taker's points?")
    settle(child)  # (the list just left names the question too: wait for the question)
    child.send(BACKSPACE * 4 + "56" + ENTER)
    child.expect_exact("Save this round?")
    child.expect_exact("»")
    settle(child)
    screen = [line.strip() for line in child.screen.lines()]
    for line in moved(before, after.standings().totals):
        assert line in screen
    assert all(len(line) <= COLUMNS for line in child.screen.lines())
    child.send("y")

    child.expect_exact("Round 3 corrected (“corriger” takes the correction back).")
    # "y" answered the list at once, and the screen says which answer it was
    assert "? Save this round? Yes, save it" in child.screen.lines()
    child.expect_exact("Next dealer:")
    child.expect_exact("Record round")
    settle(child)
    assert screen_totals(child) == after.standings().totals
    child.send("q" + ENTER)  # the home: quit
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    data = json.loads((home / "sessions" / f"{session_id}.json").read_text("utf-8"))
    assert [plain(r) for r in data["rounds"]] == after.rounds
    assert data["rounds"][2]["edited"]
