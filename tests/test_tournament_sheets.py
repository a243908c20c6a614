"""The tournament's results sheet as a person sees it: the HTML page in headless Chromium,
the PDF drawn by poppler (``pdftoppm``) and read back (``pdftotext``), the CSV as a
spreadsheet reads it.  Skipped only where those programs are not installed."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from test_export_render import (
    chromium,
    ink,
    needs_chromium,
    needs_poppler,
    page_text,
    pdf_pages,
    rasterize,
    read_png,
)
from test_tournament import NINE, play_table, show


def evening(cli, rounds: int = 2) -> str:
    """A 9-player tarot tournament of ``rounds`` rounds, every table played; its id."""
    tid = cli("tournament", "new", "tarot", "--names", ",".join(NINE), "--rounds", str(rounds),
              "--seed", "11", "--title", "Soirée du club", "--json").json()["id"]  # fmt: skip
    for number in range(rounds):
        for table in show(cli, tid)["rounds"][number]["tables"]:
            play_table(cli, tid, table, [49, 38, 55.5, 41, 30])
        if number + 1 < rounds:
            assert cli("tournament", "next", tid).code == 0
    return tid


@needs_chromium
def test_the_html_results_in_chromium(cli, tmp_path: Path) -> None:
    tid = evening(cli)
    page = tmp_path / "results.html"
    written = cli("--lang", "fr", "tournament", "print", tid, "-o", str(page))
    assert written.code == 0, written.err
    html = page.read_text("utf-8")
    assert '<html lang="fr">' in html and "Classement" in html and "Manche 2 sur 2" in html
    shot = tmp_path / "results.png"
    chromium(tmp_path, page, f"--screenshot={shot}", "--window-size=1240,1754")
    width, height, rows = read_png(shot)
    assert (width, height) == (1240, 1754)
    assert ink(rows[: height // 10]) > 0.005  # the title, at the top
    assert 0.005 < ink(rows) < 0.5


@needs_poppler
def test_the_pdf_results_on_a4(cli, tmp_path: Path) -> None:
    tid = evening(cli)
    pdf = tmp_path / "results.pdf"
    assert cli("tournament", "print", tid, "-o", str(pdf)).code == 0
    assert pdf_pages(pdf) == 1
    text = page_text(pdf, 1)
    ranking = show(cli, tid)["ranking"]
    assert "Soirée du club" in text and "Ranking" in text and "Round 2 of 2" in text
    first = next(line for line in text.splitlines() if line.strip().startswith("1 "))
    assert ranking[0]["name"] in first and str(ranking[0]["total"]) in first
    images = rasterize(pdf, tmp_path / "page")
    assert len(images) == 1
    _w, _h, rows = read_png(images[0])
    assert 0.003 < ink(rows) < 0.4


def test_the_csv_results_are_the_ranking(cli) -> None:
    tid = evening(cli, rounds=1)
    sheet = cli("--lang", "fr", "tournament", "print", tid, "--format", "csv")
    assert sheet.code == 0, sheet.err
    assert sheet.out.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(sheet.out.lstrip("\ufeff")), delimiter=";"))
    assert rows[0] == ["Rang", "Joueur", "M1", "Total"]
    ranking = show(cli, tid)["ranking"]
    assert [(r[1], int(r[-1])) for r in rows[1:]] == [(r["name"], r["total"]) for r in ranking]


def test_a_binary_sheet_needs_a_file(cli) -> None:
    tid = evening(cli, rounds=1)
    refused = cli("tournament", "print", tid, "--format", "pdf")
    assert refused.code == 2
    assert "binary output needs -o PATH" in refused.err
