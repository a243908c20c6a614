"""`cardscore print`: every format of the scoresheet, for a game of each kind played through
the command line, read back and checked against `show --json` (the numbers every format must
show), plus bad input, file writing, lazy imports and linear time."""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from cardscore import export
from cardscore.export import common
from cardscore.games.base import InputError

SEATS = "Sud,Est,Nord,Ouest"
SUD = ("--taker", "Sud")


@dataclass
class Game:
    sid: str
    sheet: dict[str, Any]  # what `show --json` prints

    @property
    def rounds(self) -> list[dict[str, Any]]:
        return self.sheet["rounds"]

    @property
    def columns(self) -> list[str]:
        return self.sheet["columns"]


def ok(result: Any) -> Any:
    assert result.code == 0, result.err
    return result


def new(cli: Callable[..., Any], game: str, *options: str) -> str:
    return ok(cli("new", game, *options, "--no-play")).out.strip()


def play(cli: Callable[..., Any], game: str) -> Game:
    """A game of ``game`` played through the command line: several rounds of tarot (it never
    ends), belote and coinche to a small target, rami to its end."""
    if game == "tarot":
        sid = new(cli, "tarot", "--names", "Zoé,Bob,Cyd,Dan,Élodie", "--title", "Soirée tarot")
        rounds = [
            ["--taker", "Zoé", "--contract", "garde", "--bouts", "2", "--points", "49",
             "--called", "Bob", "--poignee", "Zoé", "--petit-au-bout", "Zoé"],
            ["--taker", "Cyd", "--contract", "prise", "--bouts", "1", "--points", "44",
             "--called", "Dan"],
            ["--taker", "Élodie", "--contract", "garde-sans", "--bouts", "3", "--points", "60",
             "--called", "Zoé"],
            ["--taker", "Bob", "--contract", "prise", "--bouts", "2", "--points", "30",
             "--called", "Cyd"],
            ["--taker", "Dan", "--contract", "garde", "--bouts", "1", "--points", "58",
             "--called", "Élodie"],
        ]  # fmt: skip
    elif game == "belote":
        sid = new(cli, "belote", "--names", SEATS, "--set", "team1=NS", "--set", "team2=EW",
                  "--target", "300")  # fmt: skip
        rounds = [
            [*SUD, "--trump", "hearts", "--points", "71", "--dix-de-der", "NS"],  # litige
            [*SUD, "--trump", "hearts", "--points", "90", "--dix-de-der", "NS"],
            ["--taker", "Est", "--trump", "spades", "--points", "82", "--dix-de-der", "EW",
             "--belote", "EW"],
            [*SUD, "--trump", "clubs", "--points", "152", "--dix-de-der", "NS", "--capot", "NS"],
        ]  # fmt: skip
    elif game == "coinche":
        sid = new(
            cli, "coinche", "--names", SEATS, "--set", "team1=NS", "--set", "team2=Est & Ouest",
            "--target", "300", "--title", "Coinche à Zoé",
        )  # fmt: skip
        rounds = [
            [*SUD, "--trump", "hearts", "--contract", "100", "--points", "98",
             "--dix-de-der", "NS"],
            ["--taker", "Est", "--trump", "sa", "--contract", "80", "--points", "90",
             "--dix-de-der", "Est"],
            [*SUD, "--trump", "hearts", "--contract", "100", "--points", "98", "--dix-de-der", "NS",
             "--belote", "NS"],
        ]  # fmt: skip
    else:
        sid = new(cli, "rami", "--names", "Ann,Zoé,Cyd")
        rounds = [
            ["--winner", "Ann", "--hand", "Zoé=A JK 5", "--hand", "Cyd=12"],
            ["--winner", "Zoé", "--hand", "Ann=30", "--hand", "Cyd=40"],
            ["--blocked", "--hand", "Ann=12", "--hand", "Zoé=7", "--hand", "Cyd=30"],
            ["--winner", "Ann", "--hand", "Zoé=50", "--hand", "Cyd=80", "--not-opened", "Cyd"],
            ["--winner", "Ann", "--hand", "Zoé=10", "--hand", "Cyd=30"],
        ]
    for options in rounds:
        ok(cli("add", sid, *options))
    sheet = json.loads(ok(cli("show", sid, "--json")).out)
    assert len(sheet["rounds"]) == len(rounds)
    return Game(sid, sheet)


GAMES = ["tarot", "belote", "coinche", "rami"]
WINNERS = {"tarot": None, "belote": "NS", "coinche": "NS", "rami": "Ann"}


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest, cli: Callable[..., Any]) -> Game:
    played = play(cli, request.param)
    assert played.sheet["winner"] == WINNERS[request.param]
    assert played.sheet["finished"] is (WINNERS[request.param] is not None)
    return played


def expected_outcome(game: Game) -> str:
    if game.sheet["winner"]:  # a team's winners are plural, as the screen says them
        winner = "Winners" if game.sheet["teams"] else "Winner"
        return f"{winner}: {game.sheet['winner']}"
    return "No winner yet"


# --------------------------------------------------------------------------------------------
# Choosing the format


@pytest.mark.parametrize(
    ("fmt", "output", "expected"),
    [
        (None, None, "txt"),
        ("md", None, "md"),
        ("HTML", None, "html"),
        ("markdown", None, "md"),
        (None, "sheet.txt", "txt"),
        (None, "sheet.md", "md"),
        (None, "Soirée.CSV", "csv"),
        (None, "sheet.html", "html"),
        (None, "sheet.htm", "html"),
        (None, "out/sheet.pdf", "pdf"),
        (None, "sheet.json", "json"),
        ("csv", "sheet.txt", "csv"),  # --format wins over the extension
    ],
)
def test_pick_format(fmt: str | None, output: str | None, expected: str) -> None:
    assert export.pick_format(fmt, output) == expected


@pytest.mark.parametrize(
    ("fmt", "output", "needle"),
    [("docx", None, "docx"), (None, "sheet.xlsx", ".xlsx"), (None, "sheet", "no extension")],
)
def test_pick_format_refuses_what_it_cannot_write(
    fmt: str | None, output: str | None, needle: str
) -> None:
    with pytest.raises(InputError) as caught:
        export.pick_format(fmt, output)
    message = str(caught.value)
    assert needle in message and "\n" not in message
    assert "txt" in message and "pdf" in message  # says what is accepted


# --------------------------------------------------------------------------------------------
# txt


def test_txt_is_the_default_and_shows_every_round(cli, game: Game) -> None:
    result = ok(cli("print", game.sid))
    assert result.out == ok(cli("print", game.sid, "--format", "txt")).out
    lines = result.out.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    text = result.out
    assert game.sheet["game"].capitalize() in text and game.sheet["rules"] in text
    if game.sheet["title"]:
        assert lines[0] == game.sheet["title"]
    for name in game.sheet["players"]:
        assert name in text
    assert expected_outcome(game) in text
    # one line per round: number, dealer, then each column's score and running total, and
    # what was played: at the end of that line, or (too wide for one table) in a part of its
    # own, one more line per round under "Rounds, what was played:"
    n = len(game.columns)
    own_part = "Rounds, what was played:" in lines
    for row in game.rounds:
        matching = [line for line in lines if re.match(rf"^\s*{row['number']}  \S", line)]
        assert len(matching) == 1 + own_part, text
        assert matching[-1].endswith(f"  {row['played']}")
        tokens = matching[0].split()
        assert tokens[1] == row["dealer"]
        numbers = tokens[2 : 2 + 2 * n]
        assert numbers[0::2] == [signed(row["scores"][c]) for c in game.columns]
        assert [int(v) for v in numbers[1::2]] == [row["totals"][c] for c in game.columns]
    total_line = next(line for line in lines if line.split()[:1] == ["Total"])
    assert [int(v) for v in total_line.split()[1 : 1 + n]] == [
        game.sheet["totals"][c] for c in game.columns
    ]


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


SIX = [
    "Alexandrine Dupont-Moretti",
    "Bérénice Château-Lafitte",
    "Cyd",
    "Dan",
    "Élodie Œuvray",
    "François-Xavier de la Tour",
]


def test_txt_fits_80_columns_with_six_long_names(cli) -> None:
    sid = new(cli, "tarot", "--names", ",".join(SIX), "--title", "Tarot à six — grande soirée")
    short = ["Alexandrine", "Bérénice", "Cyd", "Dan", "Élodie", "François"]
    for number in range(1, 13):
        dealer = short[(number - 1) % 6]  # the dealer is the mort: he neither takes nor is called
        taker = short[number % 6]
        called = next(p for p in ("Dan", "Cyd", "Élodie") if p not in (dealer, taker))
        options = ["--contract", "garde-sans", "--bouts", "3", "--points", "70"]
        if number % 3 == 0:
            options = ["--contract", "prise", "--bouts", "0", "--points", "30"]
        ok(cli("add", sid, "--taker", taker, "--called", called, *options))
    sheet = json.loads(ok(cli("show", sid, "--json")).out)
    out = ok(cli("print", sid)).out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    start = next(i for i, line in enumerate(lines) if line.startswith("Players: "))
    players = lines[start : start + 3]
    for name in SIX:  # each full name on one line, even where a heading shortens it
        assert any(name in line for line in players), (name, players)
    # the parts with numbers: before the one that says what was played, if any
    numbers_part = lines[: lines.index("Rounds, what was played:")]
    for row in sheet["rounds"]:
        # the round's line (one per part of the table, if it had to be wrapped): its numbers
        # are each column's score and running total, in the columns' order
        found = [line for line in numbers_part if re.match(rf"^\s*{row['number']}  \S", line)]
        assert found, out
        numbers = [t for line in found for t in line.split()[1:] if re.fullmatch(r"[+-]?\d+", t)]
        assert numbers[0::2] == [signed(row["scores"][c]) for c in sheet["columns"]]
        assert [int(v) for v in numbers[1::2]] == [row["totals"][c] for c in sheet["columns"]]
    totals = [int(t) for line in lines if line.split()[:1] == ["Total"] for t in line.split()[1:]]
    assert totals == [sheet["totals"][c] for c in sheet["columns"]]


def wide_document(names: list[str], count: int) -> dict[str, Any]:
    """A rami scoresheet document of ``count`` rounds whose eight-digit scores and totals
    cannot fit side by side in 80 columns."""
    totals = dict.fromkeys(names, 0)
    rounds = []
    for number in range(1, count + 1):
        scores = {name: (-1) ** (i + number) * 1_234_567 * (i + 1) for i, name in enumerate(names)}
        totals = {name: totals[name] + scores[name] for name in names}
        rounds.append(
            {"number": number, "dealer": names[(number - 1) % len(names)], "mort": None,
             "scores": scores, "totals": dict(totals), "held": 0, "breakdown": []}
        )  # fmt: skip
    return {
        "id": "x", "game": "rami", "rules": "standard", "params": {"target": 0}, "title": "",
        "players": names, "teams": [], "created": "", "updated": "", "columns": names,
        "rounds": rounds, "totals": totals, "held": 0, "finished": False, "winner": None,
    }  # fmt: skip


def test_txt_wraps_a_table_too_wide_for_80_columns() -> None:
    """Six columns of eight-digit totals cannot fit side by side: the table is printed in
    parts, each with the round number and dealer, each round in every part."""
    from cardscore.export import text

    names = [f"Player {letter}" for letter in "ABCDEF"]
    doc = wide_document(names, 5)
    rounds, totals = doc["rounds"], doc["totals"]
    out = text.render(doc)
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    parts = [line for line in lines if line.startswith("Rounds, columns")]
    assert len(parts) >= 2, out
    for row in rounds:
        found = [line for line in lines if re.match(rf"^\s*{row['number']}  Player", line)]
        assert len(found) == len(parts)
        # each part: number, dealer ("Player X"), then its columns' scores and totals
        numbers = [t for line in found for t in line.split()[3:]]
        assert [int(t) for t in numbers[0::2]] == [row["scores"][n] for n in names]
        assert [int(t) for t in numbers[1::2]] == [row["totals"][n] for n in names]
    seen = [int(t) for line in lines if line.split()[:1] == ["Total"] for t in line.split()[1:]]
    assert seen == [totals[n] for n in names]


# --------------------------------------------------------------------------------------------
# md


def test_md_has_one_table_row_per_round(cli, game: Game) -> None:
    out = ok(cli("print", game.sid, "--format", "md")).out
    lines = out.splitlines()
    start = lines.index("## Rounds")
    table = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        table.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    head, align, *rows = table
    assert set("".join(align)) <= set("-:")
    assert len(rows) == len(game.rounds)
    for cells, row in zip(rows, game.rounds, strict=True):
        assert cells[0] == str(row["number"])
        assert cells[1] == row["dealer"]
        for column in game.columns:
            i = head.index(column)
            assert int(cells[i]) == row["scores"][column]
            assert int(cells[head.index(f"{column} total")]) == row["totals"][column]
    assert f"**{expected_outcome(game)}" in out
    # the ranking table holds the totals
    for column in game.columns:
        assert re.search(rf"\| {re.escape(column)} \| {game.sheet['totals'][column]} \|", out)


def test_md_escapes_what_markdown_would_read(cli) -> None:
    sid = new(cli, "rami", "--names", "A|B,*C*,D", "--title", "Rami | #1")
    ok(cli("add", sid, "--winner", "A|B", "--hand", "*C*=5", "--hand", "D=7"))
    out = ok(cli("print", sid, "--format", "md")).out
    assert out.startswith("# Rami \\| \\#1\n")
    assert "| A\\|B | A\\|B total |" in out
    assert "\\*C\\*" in out


# --------------------------------------------------------------------------------------------
# csv


def read_csv(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM, for Excel
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_csv_round_trips_with_the_right_totals(cli, game: Game, tmp_path: Path) -> None:
    path = tmp_path / "sheet.csv"
    result = ok(cli("print", game.sid, "-o", str(path)))
    assert result.out == ""
    data = path.read_bytes()
    assert data.decode("utf-8") == ok(cli("print", game.sid, "--format", "csv")).out
    head, *rows, last = read_csv(data)
    assert head[:2] == ["Round", "Dealer"]
    for column in game.columns:
        assert column in head and f"{column} total" in head
    assert ("Held" in head) is (game.sheet["game"] in ("belote", "coinche"))
    assert len(rows) == len(game.rounds)
    for cells, row in zip(rows, game.rounds, strict=True):
        assert len(cells) == len(head)
        record = dict(zip(head, cells, strict=True))
        assert int(record["Round"]) == row["number"]
        assert record["Dealer"] == row["dealer"]
        for column in game.columns:
            assert int(record[column]) == row["scores"][column]
            assert int(record[f"{column} total"]) == row["totals"][column]
        if "Held" in record:
            assert int(record["Held"]) == row["held"]
    final = dict(zip(head, last, strict=True))
    assert final["Round"] == "Total"
    for column in game.columns:
        assert int(final[f"{column} total"]) == game.sheet["totals"][column]
        assert final[column] == ""
    # the per-round scores add up to the totals row
    for column in game.columns:
        assert sum(int(dict(zip(head, c, strict=True))[column]) for c in rows) == int(
            final[f"{column} total"]
        )


def test_csv_quotes_names_and_keeps_accents(cli, tmp_path: Path) -> None:
    sid = new(cli, "rami", "--names", 'Zoé "la reine",Bob Jr,@home')
    ok(cli("add", sid, "--winner", "Zoé", "--hand", "Bob=5", "--hand", "@home=7"))
    path = tmp_path / "s.csv"
    ok(cli("print", sid, "-o", str(path)))
    raw = path.read_bytes()
    assert "Zoé".encode() in raw and b'"Zo\xc3\xa9 ""la reine"""' in raw
    head, row, _ = read_csv(raw)
    assert head[2:4] == ['Zoé "la reine"', 'Zoé "la reine" total']
    assert "'@home" in head  # never read as a formula by a spreadsheet
    assert row[1] == 'Zoé "la reine"'
    teams = new(cli, "belote", "--names", SEATS, "--set", "team1=Nous, les rois")
    ok(cli("add", teams, *SUD, "--trump", "hearts", "--points", "82", "--dix-de-der", "taker"))
    raw = ok(cli("print", teams, "--format", "csv")).out.encode("utf-8")
    assert b'"Nous, les rois"' in raw
    head, row, last = read_csv(raw)
    assert head[2:4] == ["Nous, les rois", "Nous, les rois total"]
    assert int(row[3]) == int(last[3]) == 92


# --------------------------------------------------------------------------------------------
# json


def test_json_is_exactly_show_json(cli, game: Game, tmp_path: Path) -> None:
    shown = ok(cli("show", game.sid, "--json")).out
    assert ok(cli("print", game.sid, "--format", "json")).out == shown
    path = tmp_path / "sheet.json"
    ok(cli("print", game.sid, "-o", str(path)))
    assert path.read_text(encoding="utf-8") == shown
    assert json.loads(shown) == game.sheet


# --------------------------------------------------------------------------------------------
# html


VOID = {"meta", "br", "link", "img", "input", "hr"}


class Page(HTMLParser):
    """What the checks need from an HTML page: its tags, text, title, the rows and cells of
    the rounds table's body, and the chart's lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.stack: list[tuple[str, list[str]]] = []
        self.text: list[str] = []
        self.title = ""
        self.round_cells: list[list[str]] = []
        self.lines: list[dict[str, str | None]] = []
        self._cell: list[str] | None = None

    def inside(self, tag: str, cls: str | None = None) -> bool:
        return any(t == tag and (cls is None or cls in c) for t, c in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, dict(attrs))
        if tag not in VOID:
            self.stack.append((tag, (dict(attrs).get("class") or "").split()))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, dict(attrs))

    def _start(self, tag: str, attributes: dict[str, str | None]) -> None:
        self.tags.append((tag, attributes))
        in_body = self.inside("table", "rounds") and self.inside("tbody")
        if in_body and tag == "tr":
            self.round_cells.append([])
        if in_body and tag == "td":
            self._cell = []
        if tag in ("polyline", "path") and self.inside("svg") and self.inside("g", "lines"):
            self.lines.append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.round_cells[-1].append("".join(self._cell).strip())
            self._cell = None
        while self.stack:
            top, _ = self.stack.pop()
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.stack and self.stack[-1][0] == "title" and not self.inside("svg"):
            self.title += data
        if self._cell is not None:
            self._cell.append(data)

    @property
    def round_rows(self) -> int:
        return len(self.round_cells)


def parse(html_text: str) -> Page:
    page = Page()
    page.feed(html_text)
    page.close()
    return page


def test_html_holds_every_round_and_one_chart_line_per_column(
    cli, game: Game, tmp_path: Path
) -> None:
    path = tmp_path / "sheet.html"
    ok(cli("print", game.sid, "-o", str(path)))
    html_text = path.read_text(encoding="utf-8")
    assert html_text == ok(cli("print", game.sid, "--format", "html")).out
    page = parse(html_text)
    assert html_text.startswith("<!DOCTYPE html>")
    assert page.round_rows == len(game.rounds)
    for cells, row in zip(page.round_cells, game.rounds, strict=True):
        assert cells[0] == str(row["number"]) and cells[1] == row["dealer"]
        numbers = [int(c.replace("+", "")) for c in cells[2 : 2 + 2 * len(game.columns)]]
        assert numbers[1::2] == [row["totals"][c] for c in game.columns]
        assert numbers[0::2] == [row["scores"][c] for c in game.columns]
    # the chart: one line per player or team, each its own colour, with a legend and axes
    assert [line.get("data-column") for line in page.lines] == game.columns
    assert len({line["stroke"] for line in page.lines}) == len(game.columns)
    for line in page.lines:
        points = (line.get("points") or "").split()
        assert len(points) == len(game.rounds) + 1  # from (0, 0), one point per round
    text = " ".join(" ".join(page.text).split())
    assert "Running total" in text and "Round" in text
    for column in game.columns:
        assert f"{column} {game.sheet['totals'][column]}" in text  # legend: name and total
    assert expected_outcome(game) in text
    for key, _value, _meaning in common.parameters(game.sheet):  # those in force
        assert key in text
    for player in game.sheet["players"]:
        assert player in text
    assert game.sheet["created"][:10] in text
    # printed on A4, self-contained
    assert "@page" in html_text and "size: A4" in html_text
    assert not re.search(r"<(script|link|img|iframe|object)\b", html_text, re.I)
    assert not re.search(r"@import|url\(|https?://(?!www\.w3\.org/2000/svg)", html_text)


def test_html_escapes_every_user_string(cli) -> None:
    title = "<script>alert('x')</script> & Zoé"
    sid = new(cli, "rami", "--names", '<b>Ann</b>,Zoé & Co,"Q"\'', "--title", title)
    ok(cli("add", sid, "--winner", "<b>Ann</b>", "--hand", "Zoé=5", "--hand", '"Q"\'=7'))
    out = ok(cli("print", sid, "--format", "html")).out
    page = parse(out)
    assert page.title == title
    assert not any(tag in ("script", "b") for tag, _ in page.tags)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in out
    assert [line.get("data-column") for line in page.lines] == ["<b>Ann</b>", "Zoé & Co", '"Q"\'']


# --------------------------------------------------------------------------------------------
# pdf


def pdf_text(data: bytes) -> str:
    """The text of a PDF: ``pdftotext`` when installed, else :func:`pdf_text_by_hand`."""
    if shutil.which("pdftotext"):
        done = subprocess.run(
            ["pdftotext", "-enc", "UTF-8", "-", "-"], input=data, capture_output=True, check=True
        )
        return done.stdout.decode("utf-8")
    return pdf_text_by_hand(data)


_OBJECT = re.compile(rb"(\d+) 0 obj")
_LENGTH = re.compile(rb"/Length\s+(\d+)(\s+\d+\s+R)?")
_TOKENS = re.compile(
    rb"/([A-Za-z0-9_.+-]+)\s+[\d.]+\s+Tf|\(((?:\\.|[^\\()])*)\)|<([0-9A-Fa-f\s]*)>\s*Tj", re.S
)


def _unescape(raw: bytes) -> bytes:
    out = bytearray()
    i = 0
    escapes = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
    while i < len(raw):
        char = raw[i : i + 1]
        if char != b"\\":
            out += char
            i += 1
            continue
        following = raw[i + 1 : i + 2]
        octal = re.match(rb"[0-7]{1,3}", raw[i + 1 : i + 4])
        if octal:
            out.append(int(octal.group(), 8) & 255)
            i += 1 + len(octal.group())
        else:
            out += escapes.get(following, following)
            i += 2
    return bytes(out)


def _cmap(stream: bytes) -> dict[int, str]:
    mapping: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", stream, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            mapping[int(src, 16)] = bytes.fromhex(dst.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", stream, re.S):
        for low, high, dst in re.findall(
            rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block
        ):
            start = int(dst, 16)
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                mapping[code] = chr(start + offset)
    return mapping


def _pdf_objects(data: bytes) -> dict[int, tuple[bytes, bytes | None]]:
    """Every object's dictionary and its stream (inflated), the stream read by its /Length:
    compressed bytes may hold anything, ``endstream`` or ``endobj`` included."""
    objects: dict[int, tuple[bytes, bytes | None]] = {}
    at = 0
    while found := _OBJECT.search(data, at):
        start = found.end()
        keyword, end = data.find(b"stream", start), data.find(b"endobj", start)
        if keyword < 0 or keyword > end:  # no stream
            objects[int(found.group(1))] = (data[start:end], None)
            at = end + len(b"endobj")
            continue
        body = data[start:keyword]
        length = _LENGTH.search(body)
        assert length and not length.group(2), "the test reads direct /Length values only"
        first = keyword + len(b"stream")
        first += 2 if data[first : first + 2] == b"\r\n" else 1
        stream = data[first : first + int(length.group(1))]
        if b"/FlateDecode" in body:
            stream = zlib.decompress(stream)
        objects[int(found.group(1))] = (body, stream)
        at = data.index(b"endobj", first + int(length.group(1))) + len(b"endobj")
    return objects


def pdf_text_by_hand(data: bytes) -> str:
    """The text drawn by a PDF's content streams: inflate the streams, map each font's
    glyph codes through its ToUnicode CMap (2-byte codes), or read Latin-1 for a core font."""
    objects = _pdf_objects(data)
    fonts: dict[str, dict[int, str] | None] = {}
    for name, ref in re.findall(rb"/(F\d+)\s+(\d+)\s+0\s+R", data):
        body = objects.get(int(ref), (b"", None))[0]
        unicode_ref = re.search(rb"/ToUnicode\s+(\d+)\s+0\s+R", body)
        cmap = None
        if unicode_ref:
            cmap = _cmap(objects[int(unicode_ref.group(1))][1] or b"")
        fonts[name.decode()] = cmap
    pieces: list[str] = []
    for body, stream in objects.values():
        if stream is None or (b"Tj" not in stream and b"TJ" not in stream):
            continue
        if b"/Subtype" in body and b"/Image" in body:
            continue
        current: dict[int, str] | None = None
        for font, literal, hexa in _TOKENS.findall(stream):
            if font:
                current = fonts.get(font.decode())
                continue
            raw = bytes.fromhex(hexa.decode()) if hexa else _unescape(literal)
            if current is not None:
                codes = [int.from_bytes(raw[i : i + 2], "big") for i in range(0, len(raw), 2)]
                pieces.append("".join(current.get(code, "\ufffd") for code in codes))
            else:
                pieces.append(raw.decode("latin-1"))
    return " ".join(pieces)


def test_pdf_is_an_a4_pdf_holding_the_sheet(cli, game: Game, tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    result = ok(cli("print", game.sid, "-o", str(path)))
    assert result.out == "" and str(path) in result.err
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert re.search(rb"/MediaBox\s*\[\s*0(?:\.0+)? 0(?:\.0+)? 595\.2\d* 841\.8\d*\s*\]", data)
    text = pdf_text(data)
    flat = " ".join(text.split())
    assert expected_outcome(game) in flat
    for player in game.sheet["players"]:
        assert player in flat  # accents included (Zoé, Élodie)
    for column in game.columns:
        assert column in flat
        assert str(game.sheet["totals"][column]) in flat
    assert "Running totals" in flat and "Rounds" in flat
    for row in game.rounds:
        assert f"Round {row['number']}" in flat  # how each round was scored
    if shutil.which("pdftotext"):  # the hand-made reader must agree: it is the fallback
        by_hand = " ".join(pdf_text_by_hand(data).split())
        assert expected_outcome(game) in by_hand
        for player in game.sheet["players"]:
            assert player in by_hand


def test_pdf_without_dejavu_falls_back_to_latin1(
    cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from cardscore.export import pdf

    monkeypatch.setattr(pdf, "FONT_CANDIDATES", [])
    played = play(cli, "coinche")  # title "Coinche à Zoé", team "Est & Ouest"
    path = tmp_path / "core.pdf"
    ok(cli("print", played.sid, "-o", str(path)))
    data = path.read_bytes()
    assert b"/Helvetica" in data and b"DejaVu" not in data
    text = " ".join(pdf_text(data).split())
    assert "Coinche à Zoé" in text and "Winners: NS" in text
    assert "Sud 100 (coeur), 98" in text  # the played column's ♥, written the Latin-1 way


def test_pdf_text_by_hand_reads_what_it_should() -> None:
    """The fallback reader is a real check: it finds drawn text and nothing else."""
    from fpdf import FPDF

    from cardscore.export.pdf import find_font

    document = FPDF()
    document.add_page()
    document.set_font("helvetica", size=12)
    document.text(20, 20, "Zoé (core) \\ wins")
    font = find_font()
    if font:
        document.add_font("Uni", "", font[0])
        document.set_font("Uni", size=12)
        document.text(20, 40, "Élodie → Œuvray -106")
    text = pdf_text_by_hand(bytes(document.output()))
    assert "Zoé (core) \\ wins" in text
    if font:
        assert "Élodie → Œuvray -106" in text
    assert "Bob" not in text


# --------------------------------------------------------------------------------------------
# Bad input and files


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--format", "docx"], "docx"),
        (["-o", "SHEET.xlsx"], ".xlsx"),
        (["--format", "pdf"], "-o PATH"),
        (["-o", "sheet"], "no extension"),
    ],
)
def test_bad_print_is_one_line_and_exit_2(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], needle: str
) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    monkeypatch.chdir(tmp_path)
    result = cli("print", sid, *[a.replace("SHEET", str(tmp_path / "sheet")) for a in args])
    assert result.code == 2
    assert result.out == ""
    assert result.err.count("\n") == 1 and result.err.startswith("cardscore: error: ")
    assert needle in result.err
    assert "Traceback" not in result.err
    assert list(tmp_path.iterdir()) == [tmp_path / "home"]  # nothing written


def test_write_failures_are_one_line_and_exit_1(cli, tmp_path: Path) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    for target in (tmp_path / "missing" / "sheet.txt", tmp_path):
        result = cli("print", sid, "--format", "txt", "-o", str(target))
        assert result.code == 1, result
        assert result.err.count("\n") == 1 and str(target) in result.err
        assert "Traceback" not in result.err
    assert not (tmp_path / "missing").exists()


def test_pdf_without_its_library_is_one_line_and_exit_1(
    cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    monkeypatch.delitem(sys.modules, "cardscore.export.pdf", raising=False)
    monkeypatch.setitem(sys.modules, "fpdf", None)  # as if fpdf2 were not installed
    result = cli("print", sid, "-o", str(tmp_path / "s.pdf"))
    assert result.code == 1
    assert result.err.count("\n") == 1 and "fpdf" in result.err and "pip install" in result.err
    assert not (tmp_path / "s.pdf").exists()


def test_write_replaces_a_file_atomically(cli, tmp_path: Path) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    path = tmp_path / "sheet.md"
    path.write_text("old content")
    path.chmod(0o640)
    ok(cli("print", sid, "-o", str(path)))
    assert path.read_text(encoding="utf-8").startswith("# Rami")
    assert path.stat().st_mode & 0o777 == 0o640  # an existing file keeps its permissions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "sheet.md"]  # no temp file
    fresh = export.write(str(tmp_path / "new.txt"), "é\r\n")
    assert fresh.read_bytes() == "é\r\n".encode()  # UTF-8, no newline translation
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_an_empty_session_prints_in_every_format(cli, tmp_path: Path) -> None:
    sid = new(cli, "belote", "--names", SEATS)
    for fmt in ("txt", "md", "csv", "html", "json"):
        assert ok(cli("print", sid, "--format", fmt)).out
    ok(cli("print", sid, "-o", str(tmp_path / "empty.pdf")))
    assert (tmp_path / "empty.pdf").read_bytes().startswith(b"%PDF")
    assert "No round played yet" in ok(cli("print", sid)).out


# --------------------------------------------------------------------------------------------
# Speed: imports and linear time


@pytest.mark.parametrize("fmt", ["txt", "md", "csv", "html", "json"])
def test_print_imports_only_what_its_format_needs(cli, fmt: str) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    code = (
        "import sys\n"
        "from cardscore.cli import run\n"
        f"status = run(['print', '{sid}', '--format', '{fmt}'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('fpdf', 'PIL', "
        "'fontTools', 'questionary') or m == 'cardscore.export.pdf'"
        + (" or m.startswith('rich')" if fmt == "txt" else "")
        + ")\n"
        "print('HEAVY', status, heavy, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy()
    )
    assert "HEAVY 0 []" in done.stderr, done.stderr


@functools.cache
def long_sheet(rounds: int) -> tuple[Any, Any]:
    session = build_session(rounds)
    return session, session.standings()


def build_session(rounds: int) -> Any:
    from cardscore.session import Session

    players = ["Ann", "Bob", "Cyd", "Dan", "Élodie"]
    probe = Session.create("tarot", players)
    inputs = [
        probe.add({"taker": "Ann", "contract": "garde", "bouts": "2", "points": "49",
                   "called": "Bob"}),
        probe.add({"taker": "Cyd", "contract": "prise", "bouts": "1", "points": "44",
                   "called": "Dan"}),
        probe.add({"taker": "Élodie", "contract": "garde-sans", "bouts": "3",
                   "points": "60", "called": "Ann"}),
    ]  # fmt: skip
    session = Session.create("tarot", players, title="long")
    session.rounds = [inputs[i % len(inputs)] for i in range(rounds)]
    return session


@pytest.mark.parametrize("fmt", ["txt", "md", "csv", "html"])
def test_export_time_grows_linearly(fmt: str) -> None:
    """10 times the rounds take about 10 times as long (a quadratic exporter would take 100
    times); the bound is generous, for a busy machine."""
    times = []
    for size in (500, 5000):
        session, standings = long_sheet(size)
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            out = export.render(fmt, session, standings)
            best = min(best, time.process_time() - start)
        assert str(size) in out
        times.append(max(best, 1e-4))
    assert times[1] / times[0] < 30, times
    assert times[1] < 5, times
