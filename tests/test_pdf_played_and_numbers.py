"""The PDF's rounds table reads whole (issue 36, point 17): what each round played reads on
one or two lines (its column as wide as that needs, else a line of its own under the row
when the page has no room for such a column beside the numbers), and two numbers side by
side never touch ("-870-1220"): a gap between every score and total."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore import rows, store
from cardscore.document import scoresheet
from cardscore.export import pdf
from test_export import new, ok
from test_played_says_what_mattered import TAROT

needs_bbox = pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler not installed")

PEOPLE = ["Alexandrine", "Bérénice", "Cyd", "Dan", "Élodie", "François"]
#: Big scores of both signs and long Played texts: a garde contre with every bonus, another
#: lost with a poignée, a garde sans with a petit au bout (tarot, fft).
BIG = [
    ["--contract", "garde-contre", "--bouts", "3", "--points", "88", "--chelem", "announced",
     "--poignee", "{taker}:triple", "--petit-au-bout", "{taker}"],
    ["--contract", "garde-contre", "--bouts", "1", "--points", "30", "--poignee",
     "{other}:triple"],
    ["--contract", "garde-sans", "--bouts", "2", "--points", "70", "--petit-au-bout", "{other}",
     "--poignee", "{taker}:double"],
    ["--contract", "garde", "--bouts", "2", "--points", "41"],
]  # fmt: skip


def big_sheet(cli: Callable[..., Any], count: int) -> str:
    """A tarot of ``count`` players (long names) whose rounds say long things, with totals
    of four digits and both signs; its id."""
    names = PEOPLE[:count]
    sid = new(cli, "tarot", "--names", ",".join(names))
    for number, options in enumerate(BIG * 2, start=1):
        # at 6 players the dealer of the round sits out: never the taker nor the other
        at_table = [n for n in names if count < 6 or n != names[(number - 1) % count]]
        taker = at_table[number % len(at_table)]
        other = at_table[(number + 1) % len(at_table)]
        called = ["--called", other] if count >= 5 else []
        said = [o.format(taker=taker, other=other) for o in options]
        ok(cli("add", sid, "--taker", taker, *said, *called))
    return sid


def layout_of(sid: str) -> tuple[pdf.Sheet, pdf._Layout, rows.RoundsTable]:
    session = store.load(sid)
    doc = scoresheet(session, session.standings(), pdf.ROUND_EXTRAS)
    sheet = pdf.Sheet(doc)
    sheet.add_page()
    sheet.font(8)
    table = rows.of_sheet(doc)
    return sheet, pdf._Layout(sheet, table), table


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_what_was_played_reads_on_one_or_two_lines(cli, count: int) -> None:
    sid = big_sheet(cli, count)
    sheet, layout, table = layout_of(sid)
    for row in table.rows:
        said = layout.played_lines(sheet, row.played)
        assert len(said) <= pdf.PLAYED_LINES, (count, said)
        assert " ".join(said) == row.played  # whole, in order
    # the numbers keep their room: every column as wide as its two numbers and their gaps
    assert layout.column_w >= layout.numbers_w - 1e-9
    assert layout.pts_w >= layout.points_w - 1e-9
    assert layout.total_w >= layout.numbers_w - layout.points_w - 1e-9


def test_a_short_sheet_keeps_its_played_column(cli) -> None:
    sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan")
    for taker in ("Ann", "Bob", "Cyd"):
        ok(cli("add", sid, "--taker", taker, "--contract", "garde", "--bouts", "2",
               "--points", "49", "--petit-au-bout", taker))  # fmt: skip
    sheet, layout, table = layout_of(sid)
    assert not layout.under and layout.played_w > 0
    assert all(len(layout.played_lines(sheet, row.played)) == 1 for row in table.rows)


def bbox_words(path: Path) -> list[list[tuple[float, float, float, str]]]:
    """``(x_min, x_max, y_min, word)`` of each word, page by page (pdftotext -bbox; points)."""
    done = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True
    )
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>'
    return [
        [(float(x0), float(x1), float(y), word) for x0, y, x1, word in re.findall(pattern, page)]
        for page in done.stdout.split("<page ")[1:]
    ]


NUMBER = re.compile(r"[+-]?\d+")
#: The least room between two numbers side by side, in points (2 mm: 5.7 points).
LEAST_GAP = 5.0


@needs_bbox
@pytest.mark.parametrize("count", [5, 6])
def test_two_numbers_never_touch(cli, count: int, tmp_path: Path) -> None:
    sid = big_sheet(cli, count)
    path = tmp_path / "sheet.pdf"
    ok(cli("print", sid, "-o", str(path)))
    gaps = []
    for page in bbox_words(path):
        assert not [w for *_, w in page if re.fullmatch(r"[+-]?\d+[+-]\d+", w)]  # "-870-1220"
        lines: dict[float, list[tuple[float, float, str]]] = {}
        for x0, x1, y, word in page:
            lines.setdefault(round(y), []).append((x0, x1, word))
        for words in lines.values():
            words.sort()
            for (_, right, a), (left, _, b) in itertools.pairwise(words):
                if NUMBER.fullmatch(a) and NUMBER.fullmatch(b):
                    gaps.append((left - right, a, b))
    assert len(gaps) > 10 * count  # the rounds' numbers were read
    assert min(gaps) >= (LEAST_GAP,), sorted(gaps)[:5]


@needs_bbox
def test_a_five_player_sheet_with_bonuses_reads_each_round_on_a_line(cli, tmp_path: Path) -> None:
    """The issue's case: a 5-player tarot with bonuses, each round's Played text read whole
    by a reader of the PDF's text, on one line (under its row: no room beside the numbers)."""
    sid = new(cli, "tarot", "--names", "Anne,Bruno,Chloé,Damien,Élise")
    for options, _ in TAROT:
        ok(cli("add", sid, *options))
    played = [r["played"] for r in ok(cli("show", sid, "--json")).json()["rounds"]]
    path = tmp_path / "sheet.pdf"
    ok(cli("print", sid, "-o", str(path)))
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True
    )
    lines = [" ".join(line.split()) for line in done.stdout.splitlines()]
    for said in played:
        assert said in lines, said
