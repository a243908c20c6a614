"""What was played is never cut in a printed sheet (``Mathieu gar… (Sop…`` in the PDF,
``Sophi… garde sans (Mathi…)`` in the text sheet): it takes more lines instead; and a
6-player text sheet too wide for the page is split in even parts (3 and 3, not 5 and 1)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.document import scoresheet
from cardscore.export import text
from test_export import new, ok
from test_sheet_played import needs_bbox

NAMES = ["Marie-Charlotte", "Jean Pierre", "Sophie", "Mathieu", "Élodie", "Bartholomew"]
#: Rounds whose Played cell is long: (taker, contract, called, bouts, points).
ROUNDS = [  # the dealers, in turn, sit out: Marie-Charlotte, Jean Pierre, Sophie
    ("Bartholomew", "garde-contre", "Jean Pierre", "3", "70"),
    ("Marie-Charlotte", "garde-sans", "Bartholomew", "2", "61"),
    ("Mathieu", "garde", "Marie-Charlotte", "1", "52"),
]


@pytest.fixture
def long_sheet(cli: Callable[..., Any], home: Path) -> tuple[str, list[str]]:
    """A 6-player tarot whose rounds say long things; its id and what each round played."""
    sid = new(cli, "tarot", "--names", ",".join(NAMES))
    for taker, contract, called, bouts, points in ROUNDS:
        ok(cli("add", sid, "--taker", taker, "--contract", contract, "--called", called,
               "--bouts", bouts, "--points", points))  # fmt: skip
    played = [row["played"] for row in ok(cli("show", sid, "--json")).json()["rounds"]]
    assert min(map(len, played)) > 32, played  # longer than the text sheet's column
    return sid, played


def words_of(said: list[str]) -> list[str]:
    return [word for line in said for word in line.split()]


@pytest.mark.parametrize("width", [80, 60, 40])
def test_the_text_sheet_wraps_what_was_played(long_sheet: tuple[str, list[str]], width: int):
    sid, played = long_sheet
    session = store.load(sid)
    lines = text.rounds_table(scoresheet(session, session.standings(), ()), width)
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    # every word of each round, in order, under the Played heading
    start = next(
        i for i, line in enumerate(lines) if re.match(r"\s*#\s+Dealer \(mort\)\s+Played", line)
    )
    column = lines[start].index("Played")
    cells = [line[column:] for line in lines[start + 2 :] if len(line) > column]
    assert not any("…" in cell for cell in cells), cells
    assert " ".join(cells).split()[: len(words_of(played))] == words_of(played)
    for name in ("Jean Pierre", "Marie-Charlotte"):  # a name is never broken over two lines
        assert name in " ".join(cells)
        assert not any(line.rstrip().endswith(name.split()[0]) for line in cells if " " in name)


@pytest.mark.parametrize("width", [60, 64, 76])  # 5 and 1, or 4 and 2, before
def test_six_players_too_wide_are_split_in_even_parts(
    long_sheet: tuple[str, list[str]], width: int
) -> None:
    sid, _ = long_sheet
    session = store.load(sid)
    lines = text.rounds_table(scoresheet(session, session.standings(), ()), width)
    parts = [line for line in lines if line.startswith("Rounds, columns")]
    assert parts == ["Rounds, columns 1–3 of 6:", "Rounds, columns 4–6 of 6:"], parts


@pytest.mark.parametrize("fmt", ["txt", "md", "csv", "html"])
def test_no_printed_format_cuts_what_was_played(
    cli: Callable[..., Any], long_sheet: tuple[str, list[str]], fmt: str
) -> None:
    sid, played = long_sheet
    out = ok(cli("print", sid, "-f", fmt)).out
    flat = " ".join(out.split())
    for said in played:
        assert " ".join(said.split()) in flat or fmt == "txt", said
    if fmt == "txt":  # the Played cells, whole, on as many lines as they need
        said = out.split("Rounds, what was played:")[-1]
        column = said.splitlines()[1].index("Played")
        cells = " ".join(line[column:] for line in said.splitlines()[3:] if line[:1] != "-")
        for round_ in played:
            assert round_ in " ".join(cells.split()), round_
    assert "…" not in out.split("Dealer")[-1] if fmt != "txt" else True


@needs_bbox
def test_the_pdf_draws_every_word_of_what_was_played(
    cli: Callable[..., Any], long_sheet: tuple[str, list[str]], tmp_path: Path
) -> None:
    sid, played = long_sheet
    path = tmp_path / "six.pdf"
    ok(cli("print", sid, "-o", str(path)))
    pages = words_by_page(path)
    text_words = [word for page in pages for _, _, word in page]
    for word in words_of(played):  # every word of each round drawn, whole
        assert word in text_words, word
    for page in pages:  # in the rounds table, only names in the headings are cut
        heads = [(x, y) for x, y, word in page if word == "Played"]
        if not heads:
            continue
        played_left, top = heads[0]
        cut = [word for x, y, word in page if "…" in word and y > top and x >= played_left - 1]
        assert not cut, cut


def words_by_page(path: Path) -> list[list[tuple[float, float, str]]]:
    """``(x_min, y_min, word)`` of every word of each page of the PDF (pdftotext -bbox)."""
    done = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True
    )
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>'
    return [
        [(float(x), float(y), word) for x, y, word in re.findall(pattern, page)]
        for page in done.stdout.split("<page ")[1:]
    ]
