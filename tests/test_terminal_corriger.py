"""Corrections from the loop, in a real pseudo-terminal, in English and French (Norwegian
where words are concerned): "Change an answer" asks that answer only; "Corriger" on a round
just added changes one of its answers first, removes it second; the round picker answers to
the round's number; every confirmation names undo and redo by the home's words.

Every expected round and total is worked out by replaying the same answers with the Session
API, never typed in by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from cardscore.session import Session  # noqa: E402
from terminal_kit import (  # noqa: E402
    CARDSCORE,
    ENTER,
    command,
    expect,
    pick,
    screen_totals,
    settle,
    spawn_in,
)

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

BACKSPACE = "\x7f"
NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
LINE = "bob g 2b 49 dan"
RAW: dict[str, Any] = {
    "contract": "garde",
    "taker": "Bob",
    "called": "Dan",
    "bouts": "2",
    "points": "49",
}

#: what the screens say, by language
WORDS = {
    "en": {
        "hint": "(its key or the arrow keys)",
        "record": "Record round",
        "save": "Save this round?",
        "change": "Change an answer",
        "which": "Which answer?",
        "points": "The taker's points?",
        "bonuses": "Bonuses?",
    },
    "fr": {
        "hint": "(sa touche ou les flèches)",
        "record": "Saisir la donne",
        "save": "Enregistrer cette donne ?",
        "change": "Changer une réponse",
        "which": "Quelle réponse ?",
        "points": "Points du preneur ?",
        "bonuses": "Primes ?",
    },
}


def options(raw: dict[str, Any]) -> list[str]:
    said = []
    for key, value in raw.items():
        said += ["--" + key.replace("_", "-"), str(value)]
    return said


def new_session(home: Path, rounds: list[dict[str, Any]]) -> str:
    session_id = command(home, "new", "tarot", "--names", ",".join(NAMES), "--no-play").strip()
    for raw in rounds:
        command(home, "add", session_id, *options(raw))
    return session_id


def replayed(rounds: list[dict[str, Any]]) -> Session:
    session = Session.create("tarot", NAMES, rules="fft", session_id="replay")
    for raw in rounds:
        session.add(raw)
    return session


def stored(home: Path, session_id: str) -> list[dict[str, Any]]:
    data = json.loads((home / "sessions" / f"{session_id}.json").read_text("utf-8"))
    return [{k: v for k, v in r.items() if k != "edited"} for r in data["rounds"]]


def quit_from_home(child, words: dict[str, str]) -> None:
    expect(child, words["record"])
    settle(child)
    child.send("q" + ENTER)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# ---- "Change an answer" asks that answer only ---------------------------------------------


@pytest.mark.parametrize("language", ["en", "fr"])
def test_change_an_answer_of_a_line_asks_that_answer_only(tmp_path: Path, language: str) -> None:
    """A round typed as one line, then "Save this round? → Change an answer → the points":
    the points are asked, then the round is shown again; the bonuses, which the line left
    empty, are not asked."""
    words = WORDS[language]
    session_id = new_session(tmp_path, [])
    child = spawn_in(language, tmp_path, "play", session_id)
    expect(child, words["record"])
    settle(child)
    child.send(LINE + ENTER)
    pick(child, words["save"], words["change"], hint=words["hint"])
    pick(child, words["which"], words["points"], hint=words["hint"])
    expect(child, words["points"])
    settle(child)
    child.send(BACKSPACE * 2 + "52" + ENTER)
    expect(child, words["save"])
    settle(child)
    # (the list of answers showed "Bonuses? —": the question itself starts with "? ")
    assert not [line for line in child.screen.seen if line.startswith("? " + words["bonuses"])]
    child.send("y" if language == "en" else "o")
    expected = replayed([{**RAW, "points": "52"}])
    quit_from_home(child, words)
    assert stored(tmp_path, session_id) == expected.rounds
    assert screen_totals(child) == expected.standings().totals
