"""The printed sheet says what was played (issue 15, points 12–16): a Played column in every
format; the PDF's Total row under its totals; a chart whose lines can each be found (markers
of their own shape, their names at their ends, a highlight on hover in the HTML); no internal
jargon ("seed 000"); only the rule parameters in force."""

from __future__ import annotations

import csv
import io
import itertools
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore.export import common
from test_export import new, ok, parse, pdf_text, play

GAMES = ["tarot", "belote", "coinche", "rami"]

#: What the sessions of test_export.play played, round by round.
PLAYED = {
    "tarot": [
        "Zoé garde (Bob) 2b 49, petit au bout Zoé, poignée simple Zoé",
        "Cyd prise (Dan) 1b 44",
        "Élodie garde sans (Zoé) 3b 60",
        "Bob prise (Cyd) 2b 30",
        "Dan garde (Élodie) 1b 58",
    ],
    "belote": ["Sud ♥ 71, litige, 81 held", "Sud ♥ 90", "Est ♠ 82", "Sud ♣ capot"],
    "coinche": ["Sud 100 ♥, 98", "Est 80 sans atout, 90", "Sud 100 ♥, 98"],
    "rami": ["Ann out", "Zoé out", "blocked", "Ann out", "Ann out"],
}
PLAYED_FR = {"rami": ["Ann a fini", "Zoé a fini", "donne bloquée", "Ann a fini", "Ann a fini"]}


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest, cli: Callable[..., Any]) -> Any:
    return play(cli, request.param)


# --------------------------------------------------------------------------------------------
# 12. What was played, in every format


def test_show_json_says_what_each_round_played(game: Any) -> None:
    assert [row["played"] for row in game.rounds] == PLAYED[game.sheet["game"]]


def test_txt_ends_each_round_with_what_was_played(cli, game: Any) -> None:
    lines = ok(cli("print", game.sid)).out.splitlines()
    if "Rounds, what was played:" in lines:  # five columns: too wide, a part of its own
        assert game.sheet["game"] == "tarot"
        lines = lines[lines.index("Rounds, what was played:") :]
    else:
        assert game.sheet["game"] != "tarot"
    head = next(line for line in lines if line.lstrip().startswith("#"))
    assert head.endswith("  Played")
    start = len(head) - len("Played")
    for row, said in zip(game.rounds, PLAYED[game.sheet["game"]], strict=True):
        (line,) = [line for line in lines if re.match(rf"^\s*{row['number']}  \S", line)]
        assert line[start:] == said, line  # in the Played column, whole


def test_txt_too_wide_says_what_was_played_in_a_part_of_its_own(cli) -> None:
    names = "Alexandrine,Bérénice,Cyd,Dan,Élodie,François"
    sid = new(cli, "tarot", "--names", names)
    ok(cli("add", sid, "--taker", "Cyd", "--contract", "garde", "--called", "Dan",
           "--bouts", "2", "--points", "49"))  # fmt: skip
    lines = ok(cli("print", sid)).out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    part = lines.index("Rounds, what was played:")
    assert lines[part + 1].split() == ["#", "Dealer", "(mort)", "Played"]
    assert lines[part + 3].split() == ["1", "Alexandrine", "Cyd", "garde", "(Dan)", "2b", "49"]
    # the numbers' parts come before it and say nothing of what was played
    assert not any("garde" in line for line in lines[:part])


def test_md_has_a_played_column(cli, game: Any) -> None:
    text = ok(cli("print", game.sid, "--format", "md")).out
    rounds = text[: text.index("## Ranking")]
    rows = [line for line in rounds.splitlines() if re.match(r"^\| \d+ \|", line)]
    head = next(line for line in text.splitlines() if line.startswith("| # |"))
    assert head.endswith("| Played |")
    said = [line.rstrip(" |").rsplit(" | ", 1)[1] for line in rows]
    assert said == PLAYED[game.sheet["game"]]


def test_csv_has_a_played_column(cli, game: Any) -> None:
    raw = ok(cli("print", game.sid, "--format", "csv")).out
    head, *rows = list(csv.reader(io.StringIO(raw[1:], newline="")))
    assert head[-1] == "Played"
    rounds = rows[: len(game.rounds)]
    assert [row[-1] for row in rounds] == PLAYED[game.sheet["game"]]
    assert rows[len(game.rounds)][0] == "Total" and rows[len(game.rounds)][-1] == ""


def test_html_has_a_played_column(cli, game: Any) -> None:
    html_text = ok(cli("print", game.sid, "--format", "html")).out
    assert re.search(r'<th class="l played" rowspan="2">Played</th>', html_text)
    said = re.findall(r'<td class="played">([^<]*)</td>', html_text)
    assert said == PLAYED[game.sheet["game"]]
    page = parse(html_text)
    for cells, expected in zip(page.round_cells, PLAYED[game.sheet["game"]], strict=True):
        assert cells[-1] == expected  # the last cell of its row


def test_pdf_has_a_played_column(cli, game: Any, tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    ok(cli("print", game.sid, "-o", str(path)))
    text = " ".join(pdf_text(path.read_bytes()).split())
    assert "Played" in text
    for said in PLAYED[game.sheet["game"]]:
        assert said in text


def test_played_in_french(cli) -> None:
    played = play(cli, "rami")
    raw = ok(cli("--lang", "fr", "print", played.sid, "--format", "csv")).out
    head, *rows = list(csv.reader(io.StringIO(raw[1:], newline=""), delimiter=";"))
    assert head[-1] == "Jeu"
    assert [row[-1] for row in rows[: len(played.rounds)]] == PLAYED_FR["rami"]


def test_six_player_pdf_gives_a_long_contract_two_lines(cli, tmp_path: Path) -> None:
    names = "Alexandrine,Bérénice,Cyd,Dan,Élodie,François"
    sid = new(cli, "tarot", "--names", names)
    ok(cli("add", sid, "--taker", "Bérénice", "--contract", "garde-contre", "--called",
           "François", "--bouts", "3", "--points", "70"))  # fmt: skip
    path = tmp_path / "six.pdf"
    ok(cli("print", sid, "-o", str(path)))
    text = " ".join(pdf_text(path.read_bytes()).split())
    # every word of it drawn whole, the figures too (on two lines of the row)
    for word in ("Bérénice", "garde", "contre", "(François)", "3b", "70"):
        assert word in text.split(), word


# --------------------------------------------------------------------------------------------
# 13. The PDF's Total row, under the totals

needs_bbox = pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler not installed")


def words(path: Path) -> list[tuple[float, float, float, str]]:
    """``(x_min, x_max, y_min, word)`` of every word of the PDF (pdftotext -bbox)."""
    done = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True
    )
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
        done.stdout,
    )
    return [(float(x0), float(x1), float(y0), w) for x0, y0, x1, w in found]


@needs_bbox
@pytest.mark.parametrize("count", [3, 6])
def test_pdf_total_row_sits_under_the_total_column(cli, tmp_path: Path, count: int) -> None:
    names = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay"][:count]
    sid = new(cli, "tarot", "--names", ",".join(names))
    for taker, points in zip(names[1:4], (49, 30, 60), strict=False):  # never the mort
        called = ["--called", names[-2]] if count > 4 else []
        ok(cli("add", sid, "--taker", taker, "--contract", "garde", "--bouts", "2",
               "--points", str(points), *called))  # fmt: skip
    sheet = __import__("json").loads(ok(cli("show", sid, "--json")).out)
    path = tmp_path / "sheet.pdf"
    ok(cli("print", sid, "-o", str(path)))
    found = words(path)
    heading_y = next(y for _, _, y, w in found if w == "pts")
    pts = sorted(x1 for _, x1, y, w in found if w == "pts" and y == heading_y)
    total_heads = sorted(x1 for _, x1, y, w in found if w == "total" and y == heading_y)
    assert len(pts) == len(total_heads) == count
    total_y = max(y for _, _, y, w in found if w == "Total")  # the rounds table's last row
    in_total_row = sorted((x1, w) for _, x1, y, w in found if abs(y - total_y) < 1 and w != "Total")
    last = sheet["rounds"][-1]
    last_y = next(y for _, _, y, w in found if w == str(last["number"]) and heading_y < y < total_y)
    in_last_row = sorted((x1, w) for _, x1, y, w in found if abs(y - last_y) < 1)
    assert [w for _, w in in_total_row] == [str(sheet["totals"][c]) for c in sheet["columns"]]
    for index, (right, _word) in enumerate(in_total_row):
        # right-aligned where the last round's total is, well right of the pts column
        last_total = [x1 for x1, w in in_last_row if w == str(last["totals"][names[index]])]
        assert any(abs(right - x1) < 0.6 for x1 in last_total), (right, last_total)
        assert right > pts[index] + 8
        assert abs(right - total_heads[index]) < 4


# --------------------------------------------------------------------------------------------
# 14. The chart: every line can be found


def test_html_chart_marks_each_line_its_own_way(cli) -> None:
    played = play(cli, "tarot")
    html_text = ok(cli("print", played.sid, "--format", "html")).out
    columns = played.columns
    markers = re.search(r'<g class="markers"[^>]*>(.*?)\n</g>', html_text, re.S)
    assert markers
    groups = re.findall(r'<g class="series s(\d+)" fill="(#[0-9A-F]{6})"><path d="([^"]*)"/>',
                        markers.group(1))  # fmt: skip
    assert [int(i) for i, _, _ in groups] == list(range(len(columns)))
    assert [fill for _, fill, _ in groups] == [common.PALETTE[i] for i in range(len(columns))]
    # a marker at every round of a short game, each line's shape its own
    shapes = set()
    for _, _, path in groups:
        pieces = path.split("M")[1:]
        assert len(pieces) == len(played.rounds) + 1
        numbers = [float(n) for n in re.findall(r"-?[\d.]+", pieces[0])]
        shapes.add(tuple(round(n - numbers[i % 2], 1) for i, n in enumerate(numbers)))
    assert len(shapes) == len(columns)  # circle, square, triangles, diamond… each its own
    # each line's name at its end, in its colour
    ends = re.findall(r'<text class="series s(\d+)" x="[\d.]+" y="([\d.]+)" fill="(#\w+)">([^<]*)<',
                      html_text)  # fmt: skip
    assert [name for *_, name in ends] == columns
    ys = sorted(float(y) for _, y, _, _ in ends)
    assert all(b - a >= 13.9 for a, b in itertools.pairwise(ys))  # never on one another
    # pointing at any part of a line brings it forward, the others fade
    for index in range(len(columns)):
        assert f"svg:has(.s{index}:hover) .series:not(.s{index}) {{ opacity: .15; }}" in html_text
    assert "<script" not in html_text


def test_marker_points_shift_between_lines_and_keep_the_end() -> None:
    line = [(n, 0) for n in range(61)]
    first = common.marker_points(line, 0, 6)
    second = common.marker_points(line, 1, 6)
    assert len(first) <= common.MARKERS_PER_LINE + 1
    assert {p[0] for p in first[:-1]}.isdisjoint(p[0] for p in second[:-1])
    assert first[-1] == second[-1] == (60, 0)


def test_pdf_chart_names_each_line_at_its_end(cli, tmp_path: Path) -> None:
    played = play(cli, "rami")
    path = tmp_path / "sheet.pdf"
    ok(cli("print", played.sid, "-o", str(path)))
    text = pdf_text(path.read_bytes())
    chart = text[text.index("Running totals") : text.index("Rule set")]
    for column in played.columns:  # in the legend and at the line's end
        assert len(re.findall(rf"\b{column}\b", chart)) >= 2, (column, chart)


# --------------------------------------------------------------------------------------------
# 15. No internal jargon; 16. only the parameters in force


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_say_house_rules_not_seed(cli, lang: str) -> None:
    for rules in ("fft", "maison"):
        out = ok(cli("--lang", lang, "rules", "tarot", "--rules", rules)).out
        flat = " ".join(re.sub(r"[│┃]", " ", out).split())
        assert "seed" not in flat.lower()
        assert ("house rules" if lang == "en" else "règles de la maison") in flat


def test_fft_sheet_lists_only_the_parameters_in_force(cli) -> None:
    fft = new(cli, "tarot", "--names", "Ann,Bob,Cyd")
    maison = new(cli, "tarot", "--names", "Ann,Bob,Cyd", "--rules", "maison")
    maison_only = ("value of a prise", "value of a garde", "value of a garde contre",
                   "double bonuses count double")  # fmt: skip
    for fmt in ("txt", "md", "html"):
        said = ok(cli("print", fft, "--format", fmt)).out
        assert "scoring" in said and "seed" not in said
        assert not any(key in said for key in maison_only), fmt
        said = ok(cli("print", maison, "--format", fmt)).out
        assert all(key in said for key in maison_only), fmt


def test_rami_lists_the_never_opened_parameters_of_its_rule(cli) -> None:
    plus = new(cli, "rami", "--names", "Ann,Bob")
    flat = new(cli, "rami", "--names", "Ann,Bob", "--set", "never-opened=flat",
               "--set", "rami-sec=double", "--target", "500")  # fmt: skip
    said = " ".join(ok(cli("print", plus)).out.split())  # the rule line, unwrapped
    assert "added when never opened 25" in said and "paid flat" not in said
    assert "paid after a rami sec" in said and "target per opponent" in said
    said = " ".join(ok(cli("print", flat)).out.split())
    assert "paid flat when never opened 100" in said and "added when never opened" not in said
    assert "paid after a rami sec" not in said and "target per opponent" not in said


def test_every_sheet_is_free_of_seed(cli, game: Any) -> None:
    for fmt in ("txt", "md", "html"):
        assert "seed 000" not in ok(cli("print", game.sid, "--format", fmt)).out
