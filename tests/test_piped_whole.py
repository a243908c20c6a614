"""What ``cardscore list`` and ``cardscore show`` print into a pipe or a file is whole: a
pipe has no width (no ``COLUMNS``, no terminal), so nothing is cut nor laid out for 80
columns ("stat", "in p"): each is drawn as wide as its content needs.  Run as a program,
its output a pipe, its input none: as ``cardscore list | grep`` or ``> soiree.txt``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CARDSCORE = Path(sys.executable).parent / "cardscore"
pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

NAMES = "Marie-Hélène Dupont,Jean-Christophe Martin,Bérénice Lefèvre,Dominique Garnier,Élodie"
TITLE = "Vendredi soir chez Bérénice et Dominique, rue des Lilas"


def piped(home: Path, *args: str, columns: str | None = None) -> str:
    """``cardscore ARGS…``, its output a pipe, no terminal anywhere (``columns``: COLUMNS)."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(CARDSCORE_HOME=str(home), NO_COLOR="1")
    if columns is not None:
        env["COLUMNS"] = columns
    done = subprocess.run(
        [str(CARDSCORE), *args],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


@pytest.fixture
def evening(cli) -> str:
    """A 5-player tarot with a long title and long names, two rounds played."""
    sid = cli("new", "tarot", "--names", NAMES, "--title", TITLE, "--no-play").out.strip()
    cli("new", "rami", "--names", "Ann,Bob", "--no-play")
    for line in ("marie g 2b 49 jean pab:marie poi:dom:double", "bér gs 3b 60 élodie"):
        assert cli("add", sid, "--line", line).code == 0
    return sid


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("state", "in play", "last change", "Jean-Christophe Martin, Bérénice")),
        ("fr", ("état", "en cours", "dernière modification", "Jean-Christophe Martin, Bérénice")),
    ],
)
def test_list_in_a_pipe_is_whole(home: Path, evening: str, lang: str, words) -> None:
    out = piped(home, "--lang", lang, "list")
    lines = out.splitlines()
    assert evening in out  # the id, whole
    for word in words:  # every heading, every cell, on one line
        assert any(word in line for line in lines), (word, out)
    row = next(line for line in lines if evening in line)
    assert f"{NAMES.replace(',', ', ')} — {TITLE}" in row  # the players and title: one line
    top = next(line for line in lines if line.startswith("┏"))
    assert max(map(len, lines)) == len(top)  # nothing wider than the table (no width filled)
    assert max(map(len, lines)) > 80  # as wide as the content, not cut at 80


def test_list_in_a_pipe_with_columns_keeps_to_them(home: Path, evening: str) -> None:
    out = piped(home, "list", columns="80")
    assert max(map(len, out.splitlines())) <= 80


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_show_in_a_pipe_is_whole(cli, home: Path, evening: str, lang: str) -> None:
    played = [
        row["played"] for row in cli("--lang", lang, "show", evening, "--json").json()["rounds"]
    ]
    out = piped(home, "--lang", lang, "show", evening)
    lines = out.splitlines()
    assert any(TITLE in line for line in lines)  # the title on one line
    head = next(line for line in lines if "Marie-Hélène Dupont" in line and "┃" in line)
    assert {"en": "Played", "fr": "Jeu"}[lang] in head  # a row a round, what was played in it
    for number, said in enumerate(played, start=1):
        row = next(line for line in lines if line.startswith(f"│ {number} │"))
        assert said in row, (said, row)
    assert max(map(len, lines)) > 80


def test_show_detail_in_a_pipe_keeps_each_breakdown_line_whole(home: Path, evening: str) -> None:
    out = piped(home, "show", evening, "--detail")
    assert any(
        "→ Marie-Hélène Dupont +" in line and "Élodie -" in line for line in out.splitlines()
    ), out
