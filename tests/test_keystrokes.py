"""How fast a plain round goes in, counted in a real terminal as a keeper would enter it:
the keys pressed and the questions asked, through the questions and as one line, for each
game.  Each question is waited for in turn, so a question more (or one in another place)
fails the test; the round saved is compared with the same round given as ``add`` options.

The figures are the README's ("How fast a round goes in"); a change that costs the table a
question or a key more must change them there, on purpose.  So are those of three corrections
made from the home (the last round's points, round 3's points, round 8 removed).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from terminal_kit import CARDSCORE, ENTER, command, expect, settle, spawn  # noqa: E402

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


@dataclass(frozen=True)
class Plain:
    """A plain round of a game: the table, each question with the keys that answer it, the
    same round as one line and as ``add`` options, and the most questions and keys the
    questions may take (the home's Enter and the save's included)."""

    game: str
    names: str
    steps: tuple[tuple[str, str], ...]
    line: str
    options: tuple[str, ...]
    most_questions: int
    most_keys: int


PLAIN = [
    Plain(
        "tarot",
        "Ann,Bob,Cyd,Dan,Eve",
        (
            ("Contract?", "g" + ENTER),
            ("Who took?", "b" + ENTER),
            ("Who was called?", "d" + ENTER),
            ("How many bouts", "2" + ENTER),
            ("The taker's points?", "49" + ENTER),
            ("Bonuses?", ENTER),
        ),
        "bob g 2b 49 dan",
        ("--taker", "Bob", "--contract", "garde", "--called", "Dan", "--bouts", "2",
         "--points", "49"),
        7,
        14,
    ),
    Plain(
        "belote",
        "Nord,Est,Sud,Ouest",
        (
            ("Who took?", "s" + ENTER),
            ("Trump?", "h" + ENTER),
            ("Belote, announcements, capot?", ENTER),
            ("Card points of the taker's team", "98" + ENTER),
            ("Which team took the last trick", ENTER),  # the taker's team, by default
        ),
        "sud coeur 98",
        ("--taker", "Sud", "--trump", "hearts", "--points", "98", "--dix-de-der", "taker"),
        6,
        12,
    ),
    Plain(
        "coinche",
        "Nord,Est,Sud,Ouest",
        (
            ("Who took?", "s" + ENTER),
            ("Trump?", "h" + ENTER),
            ("Contract?", "110" + ENTER),
            ("Coinché or surcoinché?", ENTER),
            ("Belote, announcements, capot?", ENTER),
            ("Card points of the taker's team", "98" + ENTER),
            ("Which team took the last trick", ENTER),
        ),
        "sud 110 coeur 98",
        ("--taker", "Sud", "--trump", "hearts", "--contract", "110", "--points", "98",
         "--dix-de-der", "taker"),
        8,
        16,
    ),
    Plain(
        "rami",
        "Ann,Bob,Cyd",
        (
            ("Who went out?", "a" + ENTER),
            ("Rami sec", ENTER),
            ("— Bob", "36" + ENTER),
            ("— Cyd", "12" + ENTER),
            ("Who has not opened", ENTER),
        ),
        "ann bob=36 cyd=12",
        ("--winner", "Ann", "--hand", "Bob=36", "--hand", "Cyd=12"),
        6,
        12,
    ),
]  # fmt: skip


def new_session(home: Path, plain: Plain) -> str:
    return command(home, "new", plain.game, "--names", plain.names, "--no-play").strip()


def first_round(home: Path, session_id: str) -> dict:
    rounds = json.loads(command(home, "show", session_id, "--json"))["rounds"]
    assert len(rounds) == 1
    return {"input": rounds[0]["input"], "scores": rounds[0]["scores"]}


def keys_in(text: str) -> int:
    """The keys a text is typed with: a character each, Enter one."""
    return len(text)


def at_home(home: Path, session_id: str, columns: int):
    child = spawn(home, "play", session_id, columns=columns)
    expect(child, "Record round 1")
    settle(child)
    return child


def saved_with_enter(child) -> None:
    expect(child, "Save this round?")
    settle(child)
    child.send(ENTER)  # Yes, save it: the default
    expect(child, "Record round 2")


@pytest.mark.parametrize("columns", [60, 100])
@pytest.mark.parametrize("plain", PLAIN, ids=lambda p: p.game)
def test_a_plain_round_through_the_questions(tmp_path: Path, plain: Plain, columns: int) -> None:
    session_id = new_session(tmp_path, plain)
    child = at_home(tmp_path, session_id, columns)
    child.send(ENTER)  # the home: the questions
    keys, questions = 1, 0
    for question, answer in plain.steps:
        expect(child, question)
        settle(child)
        child.send(answer)
        keys += keys_in(answer)
        questions += 1
    saved_with_enter(child)
    keys, questions = keys + 1, questions + 1
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert questions <= plain.most_questions
    assert keys <= plain.most_keys
    by_options = new_session(tmp_path, plain)
    command(tmp_path, "add", by_options, *plain.options)
    assert first_round(tmp_path, session_id) == first_round(tmp_path, by_options)


@pytest.mark.parametrize("plain", PLAIN, ids=lambda p: p.game)
def test_a_plain_round_as_one_line(tmp_path: Path, plain: Plain) -> None:
    """The line, Enter, then Enter at "Save this round?": one question."""
    session_id = new_session(tmp_path, plain)
    child = at_home(tmp_path, session_id, 100)
    child.send(plain.line + ENTER)
    saved_with_enter(child)
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert keys_in(plain.line) + 2 <= 20
    by_options = new_session(tmp_path, plain)
    command(tmp_path, "add", by_options, *plain.options)
    assert first_round(tmp_path, session_id) == first_round(tmp_path, by_options)


def test_the_figures_are_the_readme_s() -> None:
    """The README quotes, per game, the questions and keys of a plain round."""
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    for plain in PLAIN:
        keys = 1 + sum(keys_in(answer) for _, answer in plain.steps) + 1
        questions = len(plain.steps) + 1
        row = f"| {plain.game} | `{plain.line}` | {questions} | {keys} | {len(plain.line) + 2} |"
        assert row in readme, row


# --------------------------------------------------------------------------------------------
# Corrections from the loop's home, on a tarot of ten plain rounds: the keys each one takes
# (the home's included), a list's entry answered by the key shown before it and Enter.

BACKSPACE = "\x7f"
TEN_ROUNDS = 10


@dataclass(frozen=True)
class Correction:
    """A correction made from the home: its steps (the question waited for, then either the
    keys typed or, as ``("pick", TITLE)``, the entry whose key is read off the list), what it
    leaves (the points of each round), and the row the README gives it."""

    name: str
    steps: tuple[tuple[str, str | tuple[str, str]], ...]
    points: tuple[float, ...]
    readme: str


CORRECTIONS = [
    Correction(
        "the last round",
        (
            ("Record round 11", "c" + ENTER),
            ("Corriger what?", ENTER),  # change an answer of round 10, first
            ("Which answer?", ("pick", "The taker's points?")),
            ("The taker's points?", BACKSPACE * 2 + "52" + ENTER),
            ("Save this round?", "y"),
        ),
        (49,) * 9 + (52,),
        "Corriger the last round: its points 49 → 52",
    ),
    Correction(
        "round 3",
        (
            ("Record round 11", "c" + ENTER),
            ("Corriger what?", ("pick", "An earlier round")),
            ("Which round?", "3" + ENTER),
            ("Round 3 (", ENTER),  # change it: its questions again, Enter keeps each
            ("Contract?", ENTER),
            ("Who took?", ENTER),
            ("Who was called?", ENTER),
            ("How many bouts", ENTER),
            ("The taker's points?", BACKSPACE * 2 + "56" + ENTER),
            ("Bonuses?", ENTER),
            ("Save this round?", "y"),
        ),
        (49, 49, 56) + (49,) * 7,
        "Corriger round 3: its points 49 → 56",
    ),
    Correction(
        "remove round 8",
        (
            ("Record round 11", "c" + ENTER),
            ("Corriger what?", ("pick", "An earlier round")),
            ("Which round?", "8" + ENTER),
            ("Round 8 (", ("pick", "Remove it")),
            ("Remove round 8?", "y"),
        ),
        (49,) * 9,
        "Corriger: remove round 8",
    ),
]


def key_before(child, question: str, title: str) -> str:
    """The key a list shows before the entry ``title`` (`` » c) Change…`` → ``c``)."""
    from terminal_kit import drawn_under

    for line in drawn_under(child, question):
        found = re.match(r"^ [» ] (\S+)\) (.*)$", line)
        if found and found.group(2).startswith(title):
            return found.group(1)
    raise AssertionError(f"no key before {title!r} under {question!r}")


def keys_of(correction: Correction) -> int:
    """The keys of a correction as counted in the README (an entry picked: its key, Enter)."""
    return sum(2 if isinstance(keys, tuple) else keys_in(keys) for _, keys in correction.steps)


@pytest.mark.parametrize("correction", CORRECTIONS, ids=lambda c: c.name)
def test_a_correction_from_the_home(tmp_path: Path, correction: Correction) -> None:
    session_id = new_session(tmp_path, PLAIN[0])
    for _ in range(TEN_ROUNDS):
        command(tmp_path, "add", session_id, *PLAIN[0].options)
    child = spawn(tmp_path, "play", session_id, columns=100)
    keys = 0
    for question, answer in correction.steps:
        expect(child, question)
        if isinstance(answer, tuple):
            child.expect_exact("»")
            settle(child)
            answer = key_before(child, question, answer[1]) + ENTER
        settle(child)
        child.send(answer)
        keys += keys_in(answer)
    expect(child, "Record round")
    settle(child)
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert keys == keys_of(correction)
    rounds = json.loads(command(tmp_path, "show", session_id, "--json"))["rounds"]
    assert tuple(r["input"]["points"] for r in rounds) == correction.points


def test_the_corrections_figures_are_the_readme_s() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    for correction in CORRECTIONS:
        row = f"| {correction.readme} | {keys_of(correction)} |"
        assert row in readme, row
