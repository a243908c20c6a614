"""The sheets mark what a correction did: a corrected round carries "✎", a round recorded
after the game's end carries "†" under a line saying where the game ended, and a legend
under the sheet explains the marks, in every printed format (txt, md, csv, html, pdf, json)
and on the terminal (``cardscore show``), in English and French.  A sheet without
corrections shows neither mark nor legend.

The corrected game: a belote to 500 whose end (round 6) moves to round 4 when round 3 is
corrected into a capot, so that rounds 5 and 6 were recorded after the end."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

import pytest

from cardscore import export, i18n, store
from cardscore.document import scoresheet
from cardscore.session import Session
from test_export import pdf_text

SEATS = ["Sud", "Est", "Nord", "Ouest"]


def belote_round(taker: str, points: int) -> dict[str, str]:
    return {"taker": taker, "trump": "hearts", "points": str(points), "dix_de_der": taker}


ROUNDS = [
    belote_round("Sud", 90),
    belote_round("Est", 100),
    belote_round("Sud", 100),
    belote_round("Est", 90),
    belote_round("Sud", 120),
    belote_round("Est", 80),
]
CAPOT = {"taker": "Est", "points": "152", "capot": "EW", "dix_de_der": "Est"}


def played_belote() -> Session:
    """Six rounds of belote to 500: the game ends at round 6, nothing corrected."""
    session = Session.create(
        "belote", SEATS, target=500, settings=["team1=NS", "team2=EW"], title="Jeudi"
    )
    for raw in ROUNDS:
        session.add(raw)
    assert session.ended_after(session.standings()) == 6
    return session


def corrected_belote() -> Session:
    """The same game with round 3 corrected into EW's capot: EW reach 500 at round 4."""
    session = played_belote()
    session.edit(3, CAPOT)
    standings = session.standings()
    assert standings.finished and session.ended_after(standings) == 4
    return session


def corrected_tarot() -> Session:
    """Five rounds of 5-player tarot, round 3 corrected: no end, one mark."""
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan", "Élodie"])
    for taker, called in [("Ann", "Bob"), ("Cyd", "Dan"), ("Élodie", "Ann"), ("Bob", "Cyd")]:
        session.add(
            {"taker": taker, "contract": "garde", "bouts": "2", "points": "49", "called": called}
        )
    session.add(
        {"taker": "Dan", "contract": "prise", "bouts": "1", "points": "44", "called": "Ann"}
    )
    session.edit(3, {"points": "30"})
    return session


def saved(session: Session) -> str:
    session.id = store.new_id()
    with store.locked(session.id):
        store.write(session)
    return session.id


def render(fmt: str, session: Session) -> Any:
    return export.render(fmt, session, session.standings())


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language("en")


EDITED = {"en": "✎ corrected round", "fr": "✎ donne corrigée"}
AFTER = {
    "en": "† recorded after the game's end (game over after round 4)",
    "fr": "† notée après la fin de la partie (terminée à la donne 4)",
}
ENDED = {
    "en": "Game over after round 4; the rounds below were recorded after the end",
    "fr": "Partie terminée à la donne 4 ; donnes ci-dessous notées après la fin",
}
MARKS = {3: "✎", 5: "†", 6: "†"}  # the corrected belote's marked rounds
PLAYED = {"en": "Played", "fr": "Jeu"}  # the heading of the last column, what was played


def flat(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------------------------
# txt


def test_txt_marks_the_corrected_round_and_the_rounds_after_the_end(lang: str) -> None:
    session = corrected_belote()
    text = render("txt", session)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    rows = {
        int(m.group(1)): (index, m.group(2))
        for index, line in enumerate(lines)
        if (m := re.match(r"^\s*(\d)([✎†]*)\s{2,}(?:Sud|Est|Nord|Ouest)\s", line))
    }
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    assert {n: mark for n, (_, mark) in rows.items() if mark} == MARKS
    # the line where the game ended sits between rounds 4 and 5
    between = flat(" ".join(lines[rows[4][0] + 1 : rows[5][0]]))
    assert ENDED[lang] in between
    # the legend, under the table, one line per mark
    end_of_table = max(index for index, _ in rows.values())
    after = lines[end_of_table:]
    assert EDITED[lang] in after
    assert AFTER[lang] in after
    # the columns still line up: in every round's line, what was played (the last column)
    # starts where its heading does
    doc = scoresheet(session, session.standings())
    played = {row["number"]: row["played"] for row in doc["rounds"]}
    heading = lines[rows[1][0] - 3]
    starts = {len(lines[i]) - len(played[n]) for n, (i, _) in rows.items()}
    assert starts == {len(heading) - len(PLAYED[lang])}


# --------------------------------------------------------------------------------------------
# md


def md_rounds(text: str) -> tuple[list[list[str]], list[str]]:
    """The rounds tables' rows (heading and alignment rows left out) and the paragraphs
    between and under them, up to the next section."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("## ")) + 1  # Rounds
    rows: list[list[str]] = []
    paragraphs: list[str] = []
    heading_next = True
    for line in lines[start:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if heading_next or set("".join(cells)) <= set("-:"):
                heading_next = False
                continue
            rows.append(cells)
        else:
            heading_next = True
            if line.strip():
                paragraphs.append(line)
    return rows, paragraphs


def test_md_marks_the_corrected_round_and_the_rounds_after_the_end(lang: str) -> None:
    text = render("md", corrected_belote())
    rows, paragraphs = md_rounds(text)
    assert [cells[0] for cells in rows] == ["1", "2", "3 ✎", "4", "5 †", "6 †"]
    # the line where the game ended between the two tables, then the legend
    assert [flat(p) for p in paragraphs] == [f"*{ENDED[lang]}*", f"{EDITED[lang]} · {AFTER[lang]}"]
    before = text.index("| 4 |")
    assert before < text.index(ENDED[lang]) < text.index("| 5 †")


# --------------------------------------------------------------------------------------------
# csv


def test_csv_has_when_each_round_was_corrected_and_which_came_after_the_end(lang: str) -> None:
    session = corrected_belote()
    document = json.loads(render("json", session))  # print --format json: show --json
    assert [bool(r["edited"]) for r in document["rounds"]] == [n == 3 for n in range(1, 7)]
    assert [r["after_end"] for r in document["rounds"]] == [n > 4 for n in range(1, 7)]
    plain = json.loads(render("json", played_belote()))["rounds"]
    assert not any(r["edited"] or r["after_end"] for r in plain)
    data = render("csv", session)
    separator = {"en": ",", "fr": ";"}[lang]  # as the language's spreadsheets expect
    head, *rows, _last = list(
        csv.reader(io.StringIO(data.lstrip("\ufeff"), newline=""), delimiter=separator)
    )
    edited = {"en": "Edited", "fr": "Corrigée le"}[lang]
    after = {"en": "After the end", "fr": "Après la fin"}[lang]
    yes = {"en": "yes", "fr": "oui"}[lang]
    assert head[-2:] == [edited, after]
    assert len(rows) == 6
    for cells, row in zip(rows, document["rounds"], strict=True):
        record = dict(zip(head, cells, strict=True))
        assert record[edited] == (row["edited"] or "")
        assert record[after] == (yes if row["number"] in (5, 6) else "")
    assert rows[2][head.index(edited)].startswith(document["rounds"][2]["edited"][:10])
    # a tarot corrected without an end has the time column only
    tarot = render("csv", corrected_tarot()).lstrip("\ufeff")
    head = next(csv.reader(io.StringIO(tarot), delimiter=separator))
    assert head[-1] == edited and after not in head


# --------------------------------------------------------------------------------------------
# html


class Rounds(HTMLParser):
    """The rounds table's body rows (their class and cells), the text between the rounds
    table and the next section, and the details' round headings."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []
        self.rows: list[tuple[str, list[str]]] = []
        self.cell: list[str] | None = None
        self.after_table: list[str] = []
        self.headings: list[str] = []
        self.titles: list[str] = []

    def inside(self, tag: str, cls: str = "") -> bool:
        return (
            any(t == tag and cls in c.split() for t, c in self.stack)
            if cls
            else any(t == tag for t, _ in self.stack)
        )

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag not in ("meta", "br", "col"):
            self.stack.append((tag, found.get("class") or ""))
        if self.inside("table", "rounds") and self.inside("tbody"):
            if tag == "tr":
                self.rows.append((found.get("class") or "", []))
            if tag in ("td", "th"):
                self.cell = []
            if found.get("title"):
                self.titles.append(found["title"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1][1].append("".join(self.cell).strip())
            self.cell = None
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        elif self.inside("section", "rounds") and not (self.inside("table") or self.inside("h2")):
            self.after_table.append(data)
        if self.inside("h3") and self.inside("div", "round"):
            self.headings.append(data)


def test_html_marks_the_corrected_round_and_the_rounds_after_the_end(lang: str) -> None:
    session = corrected_belote()
    page = Rounds()
    page.feed(render("html", session))
    rounds = [(cls, cells) for cls, cells in page.rows if cells and cells[0][:1].isdigit()]
    assert [cells[0] for _, cells in rounds] == ["1", "2", "3✎", "4", "5†", "6†"]
    assert ["after-end" in cls.split() for cls, _ in rounds] == [False] * 4 + [True] * 2
    # a row where the game ended, between rounds 4 and 5, spanning the table
    texts = [cells[0] for _, cells in page.rows]
    ended = texts.index(ENDED[lang])
    assert texts[ended - 1] == "4" and texts[ended + 1] == "5†"
    # the mark says when the round was corrected; the legend is under the table
    edited = scoresheet(session, session.standings())["rounds"][2]["edited"]
    when = i18n.date_text(edited)  # as the language writes it (01/12/2026 09:58 in French)
    assert any(when in title for title in page.titles)
    legend = flat(" ".join(page.after_table))
    assert EDITED[lang] in legend and AFTER[lang] in legend
    # how each round was scored: the corrected round and those after the end say so
    headings = [flat(h) for h in page.headings]
    corrected = {"en": f"corrected {when}", "fr": f"corrigée le {when}"}[lang]
    late = {"en": "recorded after the end", "fr": "notée après la fin"}[lang]
    assert corrected in headings[2] and late in headings[4] and late in headings[5]
    assert not any(corrected in h or late in h for h in headings[:2] + headings[3:4])


# --------------------------------------------------------------------------------------------
# pdf


def test_pdf_marks_the_corrected_round_and_the_rounds_after_the_end(lang: str) -> None:
    text = flat(pdf_text(render("pdf", corrected_belote())))
    assert EDITED[lang] in text and AFTER[lang] in text
    assert ENDED[lang] in text
    assert re.search(r"(?<!\d)3 ?✎", text) and re.search(r"(?<!\d)5 ?†", text)
    # rounds 4 and 5 around the line where the game ended, in the table
    rounds = text[: text.index(EDITED[lang])]
    assert rounds.index(ENDED[lang]) < rounds.rindex("6")


def test_pdf_without_dejavu_writes_the_marks_in_latin1(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardscore.export import pdf

    monkeypatch.setattr(pdf, "FONT_CANDIDATES", [])
    data = render("pdf", corrected_belote())
    assert b"/Helvetica" in data
    text = flat(pdf_text(data))
    assert EDITED[lang].replace("✎", "*") in text
    assert AFTER[lang].replace("†", "+").replace("’", "'") in text


# --------------------------------------------------------------------------------------------
# Every format, with and without corrections


FORMATS = ["txt", "md", "csv", "html", "pdf"]  # json: see the csv test


def readable(fmt: str, data: Any) -> str:
    """The text a reader sees, on one line (wrapped lines joined, HTML entities read)."""
    return flat(pdf_text(data) if fmt == "pdf" else html.unescape(data))


@pytest.mark.parametrize("fmt", FORMATS)
def test_only_a_corrected_sheet_has_marks_and_a_legend(fmt: str, lang: str) -> None:
    plain = readable(fmt, render(fmt, played_belote()))
    corrected = readable(fmt, render(fmt, corrected_belote()))
    tarot = readable(fmt, render(fmt, corrected_tarot()))
    for mark in ("✎", "†", EDITED[lang], AFTER[lang], ENDED[lang]):
        assert mark not in plain
    if fmt == "csv":
        assert "Edited" not in plain and "Corrigée" not in plain
        assert ("Edited" if lang == "en" else "Corrigée le") in corrected
        return
    for legend in (EDITED[lang], AFTER[lang], ENDED[lang]):
        assert legend in corrected
    # a correction that does not move an end: the corrected mark only
    assert EDITED[lang] in tarot
    assert "†" not in tarot and ENDED[lang] not in tarot


# --------------------------------------------------------------------------------------------
# The terminal: cardscore show


@pytest.mark.parametrize("columns", [60, 120])
def test_show_marks_the_corrected_round_and_the_rounds_after_the_end(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, lang: str, columns: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    sid = saved(corrected_belote())
    result = cli("--lang", lang, "show", sid, "--all")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert all(len(line) <= columns for line in lines), max(lines, key=len)
    numbers = {
        int(m.group(1)): (index, m.group(2) or "")
        for index, line in enumerate(lines)
        if (m := re.match(r"^│\s+(\d) ?([✎†])?\s+│", line))
    }
    assert sorted(numbers) == [1, 2, 3, 4, 5, 6]
    assert {n: mark for n, (_, mark) in numbers.items() if mark} == MARKS
    # a rule across the table where the game ended
    assert re.match(r"^├[─┼]+┤$", lines[numbers[4][0] + 1])
    assert numbers[5][0] == numbers[4][0] + 2
    text = flat(result.out)
    assert EDITED[lang] in text and AFTER[lang] in text
    # nothing of it for a sheet without corrections
    plain = cli("--lang", lang, "show", saved(played_belote()), "--all")
    assert "✎" not in plain.out and "†" not in plain.out
    assert EDITED[lang] not in flat(plain.out) and AFTER[lang] not in flat(plain.out)


def test_show_legend_speaks_of_the_rounds_shown(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default view shows the last rounds: a corrected round out of sight gets no
    legend; rounds after the end still say where the game ended."""
    monkeypatch.setenv("LINES", "20")  # room for the last 3 rounds
    sid = saved(corrected_belote())
    out = cli("show", sid).out
    assert "earlier rounds" in out
    assert "✎" not in out and EDITED["en"] not in flat(out)
    assert AFTER["en"] in flat(out)


def test_a_long_sheet_drawn_as_text_has_the_marks_too(lang: str) -> None:
    from cardscore import render as terminal

    session = corrected_belote()
    standings = session.standings()
    text = terminal.plain_sheet(session, standings, standings.rows)
    lines = text.splitlines()
    rows = {
        int(m.group(1)): (index, m.group(2))
        for index, line in enumerate(lines)
        if (m := re.match(r"^\s*(\d)([✎†]*)\s+(?:Sud|Est|Nord|Ouest)\s", line))
    }
    assert {n: mark for n, (_, mark) in rows.items() if mark} == MARKS
    assert ENDED[lang] in flat(" ".join(lines[rows[4][0] + 1 : rows[5][0]]))
    assert EDITED[lang] in lines and AFTER[lang] in lines
    plain = played_belote()
    untouched = terminal.plain_sheet(plain, plain.standings(), plain.standings().rows)
    assert "✎" not in untouched and "†" not in untouched
