"""Every format heads the dealer's column the same way: at 6-player tarot, where the dealer
sits his round out, ``Dealer (mort)`` (``Donneur (mort)``, ``Giver (mort)``) on the terminal
(``show``) as in txt, Markdown, CSV, HTML and PDF, and no format adds a Mort column that
would only repeat the dealer.  The heading is the sheet model's (``rows.RoundsTable``), laid
out by each format."""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from test_export import pdf_text_by_hand

HEADINGS = {"en": "Dealer (mort)", "fr": "Donneur (mort)", "nb": "Giver (mort)"}
MORT = {"en": "Mort", "fr": "Mort", "nb": "Mort"}  # a column of its own: there is none


def six_players(cli, lang: str) -> str:
    """A 6-player tarot session of two rounds, its id."""
    made = cli("--lang", lang, "new", "tarot", "--names", "Ann,Bob,Cyd,Dan,Eve,Fay", "--no-play")
    assert made.code == 0, made.err
    sid = made.out.split()[-1]
    for taker, called in (("Bob", "Cyd"), ("Cyd", "Dan")):
        said = cli("--lang", lang, "add", sid, "--contract", "garde", "--taker", taker,
                   "--called", called, "--bouts", "2", "--points", "50")  # fmt: skip
        assert said.code == 0, said.err
    return sid


def printed(cli, lang: str, sid: str, path: Path) -> Path:
    done = cli("--lang", lang, "print", sid, "-o", str(path))
    assert done.code == 0, done.err
    return path


class _Heads(HTMLParser):
    """The texts of the first heading row of the rounds table."""

    def __init__(self) -> None:
        super().__init__()
        self.inside, self.row, self.heads = False, 0, []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table" and "rounds" in (dict(attrs).get("class") or ""):
            self.inside = True
        elif tag == "tr" and self.inside:
            self.row += 1
        elif tag == "th" and self.inside and self.row == 1:
            self.heads.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside and self.row == 1 and self.heads:
            self.heads[-1] += data


def headings(cli, lang: str, sid: str, folder: Path) -> dict[str, list[str]]:
    """Each format's headings of the rounds table, left to right (as far as the scores)."""
    found: dict[str, list[str]] = {}
    shown = cli("--lang", lang, "show", sid)
    assert shown.code == 0, shown.err
    head = next(line for line in shown.out.splitlines() if line.startswith("┃ #"))
    found["show"] = [cell.strip() for cell in head.strip("┃").split("┃")]
    text = printed(cli, lang, sid, folder / "x.txt").read_text(encoding="utf-8")
    head = next(line for line in text.splitlines() if line.lstrip().startswith("#"))
    found["txt"] = re.split(r"\s{2,}", head.strip())
    markdown = printed(cli, lang, sid, folder / "x.md").read_text(encoding="utf-8")
    head = next(line for line in markdown.splitlines() if line.startswith("| #"))
    found["md"] = [cell.strip() for cell in head.strip("|").split("|")]
    raw = printed(cli, lang, sid, folder / "x.csv").read_text(encoding="utf-8-sig")
    found["csv"] = next(csv.reader(io.StringIO(raw), delimiter="," if lang == "en" else ";"))
    parser = _Heads()
    parser.feed(printed(cli, lang, sid, folder / "x.html").read_text(encoding="utf-8"))
    found["html"] = [" ".join(head.split()) for head in parser.heads]
    # the PDF's texts in the order they are drawn (pdftotext may reorder a table's cells)
    said = pdf_text_by_hand(printed(cli, lang, sid, folder / "x.pdf").read_bytes())
    # the rounds table's "#" comes last (after the ranking's); the heading may take two
    # lines of its column: the words between "#" and Ann's
    heading = re.match(r"#\s+(.*?)\s+Ann ", said[said.rindex("#") :], re.S)
    assert heading is not None, said
    found["pdf"] = ["#", " ".join(heading.group(1).split()), "Ann"]
    return found


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_every_format_heads_the_dealer_column_the_same_way(cli, lang: str, tmp_path: Path) -> None:
    sid = six_players(cli, lang)
    found = headings(cli, lang, sid, tmp_path)
    assert found.keys() == {"show", "txt", "md", "csv", "html", "pdf"}
    for fmt, heads in found.items():
        assert heads[1] == HEADINGS[lang], (fmt, heads)
        assert MORT[lang] not in heads, (fmt, heads)  # the heading says it: no Mort column
        assert heads[2] == "Ann", (fmt, heads)  # the scores follow


def test_four_players_have_a_plain_dealer_column(cli, tmp_path: Path) -> None:
    made = cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    sid = made.out.split()[-1]
    assert cli("add", sid, "--contract", "garde", "--taker", "Bob", "--bouts", "2",
               "--points", "50").code == 0  # fmt: skip
    for fmt, heads in headings(cli, "en", sid, tmp_path).items():
        assert heads[1:3] == ["Dealer", "Ann"], (fmt, heads)
