"""Every sheet shows a player only for the rounds he played, and a line where the table
changed (issue 13): ``show --json``, txt, md, csv, html, pdf and the terminal
(``cardscore show``, the totals after each round), in English and French.

The games, built with ``Session.create``, ``add`` and ``change_table``:

* tarot: five players; Zoé joins from round 3 (six: the dealer is mort); Yves replaces Dan
  from round 5; Bob leaves from round 6 (five again);
* belote: Zoé replaces Nord from round 3 (his team, "Sud & Nord", becomes "Sud & Zoé");
* rami: Zoé joins with 40 from round 3; Bob leaves after round 4 (from round 5, not played).

A player's cells are blank (not 0, not "-") in the rounds he did not play; a mort's are not
(he sat at the table: 0).  A player who left keeps his total, marked "(left)".
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from cardscore import export, i18n, store
from cardscore.document import scoresheet
from cardscore.export import common, text
from cardscore.grid import Grid
from cardscore.session import Session
from test_export import pdf_text_by_hand
from test_render import drawn, text_of

# --------------------------------------------------------------------------------------------
# The games


def tarot_round(session: Session, seat: int) -> None:
    """A garde made, taken by the ``seat``-th player in the round (the mort left out), who
    calls the next one when five play."""
    standings = session.standings()
    playing = [p for p in session.table().players if p != standings.next_mort]
    raw = {"taker": playing[seat % len(playing)], "contract": "garde", "bouts": "2"}
    raw["points"] = "49"
    if len(playing) == 5:
        raw["called"] = playing[(seat + 1) % len(playing)]
    session.add(raw)


def tarot() -> Session:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve"], title="Vendredi")
    tarot_round(session, 0)
    tarot_round(session, 1)
    session.change_table(join=["Zoé"])
    tarot_round(session, 2)
    tarot_round(session, 3)
    session.change_table(replace=["Dan=Yves"])
    tarot_round(session, 4)
    session.change_table(leave=["Bob"])
    tarot_round(session, 0)
    tarot_round(session, 1)
    return session


TAROT_COLUMNS = ["Ann", "Bob", "Cyd", "Dan", "Yves", "Eve", "Zoé"]
TAROT_PLAYED = {
    "Ann": range(1, 8),
    "Bob": range(1, 6),
    "Cyd": range(1, 8),
    "Dan": range(1, 5),
    "Yves": range(5, 8),
    "Eve": range(1, 8),
    "Zoé": range(3, 8),
}
TAROT_CHANGES = {
    "en": {3: ["from round 3: Zoé joins"], 5: ["from round 5: Yves replaces Dan"],
           6: ["from round 6: Bob leaves"]},
    "fr": {3: ["à partir de la donne 3 : Zoé arrive"],
           5: ["à partir de la donne 5 : Yves remplace Dan"],
           6: ["à partir de la donne 6 : Bob part"]},
}  # fmt: skip


def belote_round(taker: str, points: int) -> dict[str, str]:
    return {"taker": taker, "trump": "hearts", "points": str(points), "dix_de_der": taker}


def belote() -> Session:
    session = Session.create("belote", ["Sud", "Est", "Nord", "Ouest"], target=1000)
    session.add(belote_round("Sud", 90))
    session.add(belote_round("Est", 100))
    session.change_table(replace=["Nord=Zoé"])
    session.add(belote_round("Zoé", 120))
    session.add(belote_round("Est", 80))
    return session


BELOTE_COLUMNS = ["Sud & Zoé", "Est & Ouest"]
BELOTE_PLAYED = {column: range(1, 5) for column in BELOTE_COLUMNS}
BELOTE_CHANGES = {
    "en": {3: ["from round 3: Zoé replaces Nord"]},
    "fr": {3: ["à partir de la donne 3 : Zoé remplace Nord"]},
}


def rami() -> Session:
    session = Session.create("rami", ["Ann", "Bob", "Cyd"])
    session.add({"winner": "Ann", "hand": ["Bob=20", "Cyd=35"]})
    session.add({"winner": "Bob", "hand": ["Ann=10", "Cyd=5"]})
    session.change_table(join=["Zoé=40"])
    session.add({"winner": "Cyd", "hand": ["Ann=10", "Bob=5", "Zoé=30"]})
    session.add({"winner": "Zoé", "hand": ["Ann=10", "Bob=5", "Cyd=30"]})
    session.change_table(leave=["Bob"])  # from round 5: not played yet
    return session


RAMI_COLUMNS = ["Ann", "Bob", "Cyd", "Zoé"]
RAMI_PLAYED = {"Ann": range(1, 5), "Bob": range(1, 5), "Cyd": range(1, 5), "Zoé": range(3, 5)}
RAMI_CHANGES = {
    "en": {3: ["from round 3: Zoé joins with 40"], 5: ["from round 5: Bob leaves"]},
    "fr": {3: ["à partir de la donne 3 : Zoé arrive avec 40"],
           5: ["à partir de la donne 5 : Bob part"]},
}  # fmt: skip

GAMES = {
    "tarot": (tarot, TAROT_COLUMNS, TAROT_PLAYED, TAROT_CHANGES),
    "belote": (belote, BELOTE_COLUMNS, BELOTE_PLAYED, BELOTE_CHANGES),
    "rami": (rami, RAMI_COLUMNS, RAMI_PLAYED, RAMI_CHANGES),
}
LEFT = {"en": "{name} (left)", "fr": "{name} (a quitté la table)"}
PLAYED_HEADINGS = ("Played", "Jeu")  # the heading of the last column, what was played


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language("en")


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> str:
    return request.param


def document(session: Session) -> dict[str, Any]:
    return scoresheet(session, session.standings())


def render(fmt: str, session: Session) -> Any:
    return export.render(fmt, session, session.standings())


def flat(said: str) -> str:
    return " ".join(said.split())


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


# --------------------------------------------------------------------------------------------
# What every format must show, read back from each: a sequence of the change lines and the
# rounds, each round with each column's cells (None: blank)

Cells = dict[str, tuple[str, str] | None]
Item = tuple[str, Any]  # ("change", line) or ("round", (number, cells))


def expected(name: str, lang: str) -> list[Item]:
    """The sheet's rounds and change lines as they must be, from the game's plan (who
    played which rounds, which line where) and the scores of ``show --json``."""
    session = GAMES[name][0]()
    columns, played, changes = GAMES[name][1], GAMES[name][2], GAMES[name][3][lang]
    doc = document(session)
    items: list[Item] = []
    for row in doc["rounds"]:
        number = row["number"]
        items += [("change", line) for line in changes.get(number, [])]
        cells: Cells = {}
        for column in columns:
            if number in played[column]:
                cells[column] = (signed(row["scores"][column]), str(row["totals"][column]))
            else:
                cells[column] = None
        items.append(("round", (number, cells)))
    following = len(doc["rounds"]) + 1
    items += [("change", line) for line in changes.get(following, [])]
    return items


def test_the_plans_are_what_the_sessions_played() -> None:
    """The plans the tests check the sheets against are the sessions' own: the core's
    columns, the table of each round and what ``show --json`` holds."""
    for make, columns, played, _changes in GAMES.values():
        session = make()
        standings = session.standings()
        assert list(standings.columns) == columns
        for row in standings.rows:
            at_table = {c for c in columns if row.number in played[c]}
            assert set(row.columns) == at_table, row.number
        doc = document(session)
        for row in doc["rounds"]:
            at_table = [c for c in columns if row["number"] in played[c]]
            assert list(row["totals"]) == at_table and set(row["scores"]) == set(at_table)


# --------------------------------------------------------------------------------------------
# show --json (print --format json)


def test_json_rounds_hold_the_players_at_their_table_only(lang: str) -> None:
    session = tarot()
    doc = json.loads(render("json", session))
    assert doc == json.loads(json.dumps(document(session)))  # what `show --json` prints
    assert doc["columns"] == TAROT_COLUMNS
    assert doc["players"] == ["Ann", "Cyd", "Yves", "Eve", "Zoé"]  # the table now
    said = {"en": ["Zoé joins", "Yves replaces Dan", "Bob leaves"],
            "fr": ["Zoé arrive", "Yves remplace Dan", "Bob part"]}[lang]  # fmt: skip
    assert doc["table_changes"] == [
        {"from": 3, "summary": said[0], "join": {"Zoé": 0}},
        {"from": 5, "summary": said[1], "replace": {"Dan": "Yves"}},
        {"from": 6, "summary": said[2], "leave": ["Bob"]},
    ]
    rounds = {row["number"]: row for row in doc["rounds"]}
    assert list(rounds[1]["totals"]) == ["Ann", "Bob", "Cyd", "Dan", "Eve"]
    assert list(rounds[3]["totals"]) == ["Ann", "Bob", "Cyd", "Dan", "Eve", "Zoé"]
    assert rounds[3]["scores"][rounds[3]["mort"]] == 0  # the mort sits at the table: 0
    assert list(rounds[5]["totals"]) == ["Ann", "Bob", "Cyd", "Yves", "Eve", "Zoé"]
    assert list(rounds[7]["totals"]) == ["Ann", "Cyd", "Yves", "Eve", "Zoé"]
    # every total: the one after the player's last round (a leaver keeps his)
    for column in TAROT_COLUMNS:
        last = max(TAROT_PLAYED[column])
        assert doc["totals"][column] == rounds[last]["totals"][column]
        played = sum(rounds[n]["scores"][column] for n in TAROT_PLAYED[column])
        assert doc["totals"][column] == played  # everyone started from 0


def test_json_of_a_newcomer_with_points_and_of_a_change_not_played_yet() -> None:
    doc = document(rami())
    assert doc["players"] == ["Ann", "Cyd", "Zoé"]
    assert [(c["from"], c["summary"]) for c in doc["table_changes"]] == [
        (3, "Zoé joins with 40"),
        (5, "Bob leaves"),
    ]
    zoe = [row for row in doc["rounds"] if "Zoé" in row["totals"]]
    assert [row["number"] for row in zoe] == [3, 4]
    assert zoe[0]["totals"]["Zoé"] == 40 + zoe[0]["scores"]["Zoé"]
    assert doc["totals"]["Bob"] == doc["rounds"][-1]["totals"]["Bob"]


def test_a_rename_is_not_a_line_of_the_sheet() -> None:
    session = tarot()
    session.change_table(rename=["Eve=Ève"])
    doc = document(session)
    assert [c["from"] for c in doc["table_changes"]] == [3, 5, 6]
    assert "Ève" in doc["columns"] and "Eve" not in json.dumps(doc["rounds"][0]["totals"])
    assert "renamed" not in render("txt", session)


def test_a_session_without_table_changes_has_the_same_document_as_before() -> None:
    """Each round's scores and totals are the replay's own (every column, in its order),
    players the session's, and no table change: every exporter reads what it read before."""
    for session in (played_tarot(), played_rami()):
        standings = session.standings()
        doc = scoresheet(session, standings)
        assert doc["table_changes"] == []
        assert doc["players"] == session.players
        for row, shown in zip(standings.rows, doc["rounds"], strict=True):
            assert list(shown["totals"].items()) == list(row.totals.items())
            assert list(shown["scores"].items()) == list(row.scores.items())
        for fmt in ("txt", "md", "csv", "html"):
            said = render(fmt, session)
            for mark in ("from round", "(left)", "Table change", "pts out", "table-change"):
                assert mark not in said, (fmt, mark)


def played_tarot() -> Session:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan"])
    for seat in range(3):
        tarot_round(session, seat)
    return session


def played_rami() -> Session:
    session = Session.create("rami", ["Ann", "Bob", "Cyd"])
    session.add({"winner": "Ann", "hand": ["Bob=20", "Cyd=35"]})
    return session


# --------------------------------------------------------------------------------------------
# txt


def txt_items(said: str, columns: list[str]) -> list[Item]:
    """The rounds table of a txt sheet (printed wide enough not to wrap): its change lines
    and rounds, each cell ``(pts, total)`` or None when blank."""
    lines = said.splitlines()
    rule = next(i for i, line in enumerate(lines) if set(line) == {"-"})
    head = lines[rule - 2]
    ends, position = [], head.index("#") + 1
    for column in columns:  # each heading is right-aligned over its numbers
        found = re.compile(rf"(?<= ){re.escape(column)}(?= |$)").search(head, position)
        assert found, (column, head)
        ends.append(found.end())
        position = found.end()
    items: list[Item] = []
    for line in lines[rule + 1 :]:
        if set(line) == {"-"}:
            break
        found = re.match(r"^\s*(\d+)  \S+", line)
        if not found:
            items.append(("change", line))
            continue
        cells: Cells = {}
        for index, column in enumerate(columns):
            start = found.end() if index == 0 else ends[index - 1]
            parts = line[start : ends[index]].split()
            assert len(parts) in (0, 2), (line, column)
            cells[column] = (parts[0], parts[1]) if parts else None
        items.append(("round", (int(found.group(1)), cells)))
    return items


def test_txt_blank_cells_and_change_lines(game: str, lang: str) -> None:
    make, columns, _played, _changes = GAMES[game]
    session = make()
    wide = text.render(document(session), width=200)
    assert txt_items(wide, columns) == expected(game, lang)


def test_txt_at_80_columns_writes_the_change_lines_in_every_part(lang: str) -> None:
    said = render("txt", tarot())
    lines = said.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert sum(line.startswith(("Rounds, columns", "Donnes, colonnes")) for line in lines) == 2
    assert sum(line.startswith(("Rounds, what", "Donnes, ce qui")) for line in lines) == 1
    for number, (line,) in TAROT_CHANGES[lang].items():
        at = [i for i, each in enumerate(lines) if each == line]
        assert len(at) == 3  # once in each part (the one that says what was played too)
        for index in at:  # between the round before and this round
            assert re.match(rf"^\s*{number - 1}  ", lines[index - 1])
            assert re.match(rf"^\s*{number}  ", lines[index + 1])


def test_txt_totals_and_ranking_keep_the_leavers(lang: str) -> None:
    session = tarot()
    doc = document(session)
    said = text.render(doc, width=200)  # one table, not wrapped
    lines = said.splitlines()
    total = next(
        line for line in lines if line.split()[:1] == [{"en": "Total", "fr": "Total"}[lang]]
    )
    assert [int(v) for v in total.split()[1:]] == [doc["totals"][c] for c in TAROT_COLUMNS]
    ranking = lines[lines.index({"en": "Ranking:", "fr": "Classement :"}[lang]) + 1 :]
    ranked = {}
    for line in ranking:
        found = re.match(r"^\s+(\d+)\. (.+?)\s+(-?\d+)$", line)
        if not found:
            break
        ranked[found.group(2)] = (int(found.group(1)), int(found.group(3)))
    left = {"Bob", "Dan"}
    names = {LEFT[lang].format(name=c) if c in left else c: c for c in TAROT_COLUMNS}
    assert set(ranked) == set(names)  # everyone, the leavers marked
    # tarot has no set end: a leaver is ranked by his total with the others (equal totals
    # share a place)
    for shown, column in names.items():
        assert ranked[shown][1] == doc["totals"][column]
        better = sum(doc["totals"][c] > doc["totals"][column] for c in TAROT_COLUMNS)
        assert ranked[shown][0] == better + 1
    players = flat(" ".join(lines[:6]))
    left_names = [LEFT[lang].format(name=n) for n in ("Bob", "Dan")]
    assert all(name in players for name in left_names)


def test_rami_ranks_only_the_players_at_the_table(lang: str) -> None:
    session = rami()
    doc = document(session)
    lines = render("txt", session).splitlines()
    heading = {
        "en": "Ranking (lowest total wins):",
        "fr": "Classement (le plus petit total gagne) :",
    }
    start = lines.index(heading[lang]) + 1
    ranked = [line.split() for line in lines[start : start + 4]]
    bob = LEFT[lang].format(name="Bob").split()
    assert ranked[-1] == ["–", *bob, str(doc["totals"]["Bob"])]  # out of the running: no place
    seated = sorted(["Ann", "Cyd", "Zoé"], key=lambda c: doc["totals"][c])
    assert [cells[1] for cells in ranked[:3]] == seated
    assert ranked[0][0] == "1."


# --------------------------------------------------------------------------------------------
# md


def md_items(said: str) -> list[Item]:
    lines = said.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("## "))) + 1
    items: list[Item] = []
    names: list[str] = []
    heading_next = True
    for line in lines[start:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if heading_next:
                names = cells
                heading_next = False
                continue
            if set("".join(cells)) <= set("-:"):
                continue
            row: Cells = {}
            if names and names[-1] in PLAYED_HEADINGS:  # what was played: the last column
                names = names[:-1]
            for index in range(2, len(names), 2):  # "#", dealer, then each name and total
                pts, total = cells[index], cells[index + 1]
                assert (pts == "") == (total == ""), line
                row[names[index]] = (pts, total) if pts else None
            items.append(("round", (int(cells[0]), row)))
        else:
            heading_next = True
            if line.strip():
                items.append(("change", line.strip().strip("*")))
    return items


def test_md_blank_cells_and_change_lines(game: str, lang: str) -> None:
    make = GAMES[game][0]
    assert md_items(render("md", make())) == expected(game, lang)


def test_md_ranking_marks_the_leavers(lang: str) -> None:
    session = rami()
    doc = document(session)
    said = render("md", session)
    lines = said.splitlines()
    heading = lines.index(
        next(line for line in lines if line.startswith("| Place") or line.startswith("| Rang"))
    )
    ranked = [line.strip("|").split("|") for line in lines[heading + 2 : heading + 6]]
    ranked = [[cell.strip() for cell in cells] for cells in ranked]
    seated = sorted(["Ann", "Cyd", "Zoé"], key=lambda c: doc["totals"][c])
    assert [cells[1] for cells in ranked] == [*seated, LEFT[lang].format(name="Bob")]
    assert ranked[-1] == ["–", LEFT[lang].format(name="Bob"), str(doc["totals"]["Bob"])]
    assert ranked[0][0] == "1"


# --------------------------------------------------------------------------------------------
# csv


def csv_rows(said: str) -> list[list[str]]:
    """The cells of a CSV sheet, separated as in the current language (``;`` in French)."""
    assert said.startswith("\ufeff")
    separator = ";" if i18n.language() == "fr" else ","
    return list(csv.reader(io.StringIO(said[1:], newline=""), delimiter=separator))


def summary(line: str) -> str:
    """``Zoé joins`` of ``from round 3: Zoé joins`` (``à partir de la donne 3 : Zoé arrive``)."""
    return re.sub(r"^.*? \d+ ?: ", "", line)


def test_csv_blank_cells_and_a_table_change_column(game: str, lang: str) -> None:
    make, columns, _played, changes = GAMES[game]
    session = make()
    head, *rows, last = csv_rows(render("csv", session))
    title = {"en": "Table change", "fr": "Changement de table"}[lang]
    assert head[-1] == title
    total = {"en": "{name} total", "fr": "Total {name}"}[lang]
    items: list[Item] = []
    for cells in rows:
        record = dict(zip(head, cells, strict=True))
        number = int(cells[0])
        row: Cells = {}
        for column in columns:
            pts, sum_ = record[column], record[total.format(name=column)]
            assert (pts == "") == (sum_ == "")
            row[column] = (signed(int(pts)), sum_) if pts else None
        items.append(("round", (number, row)))
        # the change said in the row of the first round the new table played
        said = [summary(line) for line in changes[lang].get(number, [])]
        assert record[title] == "; ".join(said)
    # a change not played yet: in the totals row, with its round
    pending = [line for n, lines in changes[lang].items() if n > len(rows) for line in lines]
    assert dict(zip(head, last, strict=True))[title] == "; ".join(pending)
    want = [item for item in expected(game, lang) if item[0] == "round"]
    assert items == want
    doc = document(session)
    final = dict(zip(head, last, strict=True))
    for column in columns:  # every total, a leaver's too
        assert int(final[total.format(name=column)]) == doc["totals"][column]


# --------------------------------------------------------------------------------------------
# html


class Rounds(HTMLParser):
    """The rounds table: its column names, then its body rows (class, cells as
    ``(class, text)``), and the chart's lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []
        self.names: list[str] = []
        self.rows: list[tuple[str, list[tuple[str, str]]]] = []
        self.cell: list[str] | None = None
        self.lines: list[dict[str, str | None]] = []

    def inside(self, tag: str, cls: str = "") -> bool:
        return any(t == tag and (not cls or cls in c.split()) for t, c in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "polyline" and self.inside("g", "lines"):
            self.lines.append(found)
        if tag in ("meta", "br", "col"):
            return
        self.stack.append((tag, found.get("class") or ""))
        if not self.inside("table", "rounds"):
            return
        if tag == "th" and "name" in (found.get("class") or "").split():
            self.names.append(found.get("title") or "")
        if self.inside("tbody") and tag == "tr":
            self.rows.append((found.get("class") or "", []))
        if self.inside("tbody") and tag == "td":
            self.cell = []
            self.rows[-1][1].append((found.get("class") or "", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self.cell is not None:
            cls, _ = self.rows[-1][1][-1]
            self.rows[-1][1][-1] = (cls, "".join(self.cell).strip())
            self.cell = None
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def html_page(session: Session) -> Rounds:
    page = Rounds()
    page.feed(render("html", session))
    page.close()
    return page


def test_html_blank_cells_and_change_rows(game: str, lang: str) -> None:
    make, columns, _played, _changes = GAMES[game]
    page = html_page(make())
    assert page.names == columns
    items: list[Item] = []
    for cls, cells in page.rows:
        if "table-change" in cls.split():
            assert len(cells) == 1
            items.append(("change", cells[0][1]))
            continue
        cells = [cell for cell in cells if cell[0] != "played"]  # what was played: the last
        first = len(cells) - 2 * len(columns)  # number, dealer (and mort)
        row: Cells = {}
        for index, column in enumerate(columns):
            (pts_class, pts), (_, total) = cells[first + 2 * index : first + 2 * index + 2]
            blank = "out" in pts_class.split()
            assert blank == (pts == "" and total == "")
            row[column] = None if blank else (pts, total)
        items.append(("round", (int(cells[0][1]), row)))
    assert items == expected(game, lang)


def test_html_chart_lines_run_from_a_players_first_round_to_his_last() -> None:
    from cardscore.export import html

    session = tarot()
    doc = document(session)
    page = html_page(session)
    axes = common.chart_axes(doc)
    plot_width = html.CHART_WIDTH - html.PLOT_LEFT - html.PLOT_RIGHT

    def x(value: float) -> float:
        return html.PLOT_LEFT + value / axes.x_max * plot_width

    def y(value: float) -> float:
        return html.PLOT_TOP + (axes.y_max - value) / (axes.y_max - axes.y_min) * html.PLOT_HEIGHT

    by_column: dict[str, list[list[tuple[float, float]]]] = {}
    for line in page.lines:
        points = [tuple(map(float, p.split(","))) for p in (line["points"] or "").split()]
        by_column.setdefault(line["data-column"] or "", []).append(points)  # type: ignore[arg-type]
    assert list(by_column) == TAROT_COLUMNS
    rounds = {row["number"]: row for row in doc["rounds"]}
    for column, played in TAROT_PLAYED.items():
        (points,) = by_column[column]  # one stretch each
        first, last = min(played), max(played)
        start = rounds[first]["totals"][column] - rounds[first]["scores"][column]
        assert points[0] == pytest.approx((x(first - 1), y(start)), abs=0.06)
        assert points[-1] == pytest.approx((x(last), y(doc["totals"][column])), abs=0.06)
        assert len(points) == len(played) + 1


def test_a_player_who_comes_back_has_a_line_for_each_stretch() -> None:
    session = Session.create("rami", ["Ann", "Bob", "Cyd"])
    session.add({"winner": "Ann", "hand": ["Bob=20", "Cyd=35"]})
    session.change_table(leave=["Cyd"])
    session.add({"winner": "Bob", "hand": ["Ann=10"]})
    session.change_table(join=["Cyd"])  # he comes back with his total
    session.add({"winner": "Cyd", "hand": ["Ann=10", "Bob=5"]})
    doc = document(session)
    assert [("Cyd" in row["totals"]) for row in doc["rounds"]] == [True, False, True]
    assert common.runs(doc, "Cyd") == [[(0, 0), (1, 35)], [(2, 35), (3, 35)]]
    assert len([line for line in html_page(session).lines if line["data-column"] == "Cyd"]) == 2
    assert md_items(render("md", session))[1:3] == [
        ("change", "from round 2: Cyd leaves"),
        ("round", (2, {"Ann": ("+10", "10"), "Bob": ("0", "20"), "Cyd": None})),
    ]


# --------------------------------------------------------------------------------------------
# pdf


def pdf_expected_text(name: str, lang: str, session: Session) -> str:
    """The rounds table as the PDF draws it, cell after cell: each change line, then each
    round's number, dealer and the cells of the players at its table only."""
    doc = document(session)
    dealers = {row["number"]: row["dealer"] for row in doc["rounds"]}
    played = {row["number"]: row["played"] for row in doc["rounds"]}
    parts = []
    for kind, value in expected(name, lang):
        if kind == "change":
            parts.append(value)
        else:
            number, cells = value
            parts += [str(number), dealers[number]]
            parts += [" ".join(cell) for cell in cells.values() if cell is not None]
            parts.append(played[number])  # what was played: the last column
    return " ".join(parts)


def test_pdf_blank_cells_and_change_bands(game: str, lang: str) -> None:
    session = GAMES[game][0]()
    drawn_text = flat(pdf_text_by_hand(render("pdf", session)))  # in the order drawn
    assert pdf_expected_text(game, lang, session) in drawn_text
    doc = document(session)
    totals = " ".join(str(doc["totals"][c]) for c in GAMES[game][1])
    assert f"Total {totals}" in drawn_text  # every total, a leaver's too


def test_pdf_ranking_marks_the_leavers(lang: str) -> None:
    drawn_text = flat(pdf_text_by_hand(render("pdf", tarot())))
    for name in ("Bob", "Dan"):
        assert LEFT[lang].format(name=name) in drawn_text


# --------------------------------------------------------------------------------------------
# The terminal: cardscore show, the totals after each round


def saved(session: Session) -> str:
    session.id = store.new_id()
    with store.locked(session.id):
        store.write(session)
    return session.id


NOTE_START = re.compile(r"^(from round|à partir de la donne) \d+")


def screen_items(shown: str, columns: list[str]) -> list[Item]:
    """The sheet's rows as `show` draws them (a terminal wide enough): change lines across
    the table, rounds with each column's "score (total)" or a blank cell."""
    lines = shown.splitlines()
    head = next(line for line in lines if line.startswith("┃"))
    names = [cell.strip() for cell in head.strip("┃").split("┃")]
    first = names.index(columns[0])
    assert names[first : first + len(columns)] == columns
    items: list[Item] = []
    for line in lines[lines.index(head) :]:
        if line.startswith("└"):  # the sheet's end (the totals table follows)
            break
        if not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if len(cells) == 1:  # a note: a line wrapped in a narrow table goes on
            if items and items[-1][0] == "change" and not NOTE_START.match(cells[0]):
                items[-1] = ("change", f"{items[-1][1]} {cells[0]}")
            else:
                items.append(("change", cells[0]))
        elif cells[0].isdigit():
            row: Cells = {}
            for index, column in enumerate(columns):
                said = cells[first + index].split()  # "+20 (140)": the total in parentheses
                assert not said or (said[1][0], said[1][-1]) == ("(", ")"), said
                row[column] = (said[0], said[1][1:-1]) if said else None
            items.append(("round", (int(cells[0]), row)))
    return items


def test_show_blank_cells_and_change_lines(cli: Callable[..., Any], game: str, lang: str) -> None:
    make, columns, _played, _changes = GAMES[game]
    result = cli("--lang", lang, "show", saved(make()), "--all")
    assert result.code == 0, result.err
    assert screen_items(result.out, columns) == expected(game, lang)
    # a change line is drawn across the table between rules
    lines = result.out.splitlines()
    changed = [i for i, line in enumerate(lines) if line.startswith("│") and line.count("│") == 2]
    assert changed
    for index in changed:
        assert re.match(r"^├[─┴]+┤$", lines[index - 1]) or lines[index - 1].count("│") == 2
        assert re.match(r"^├[─┬]+┤$", lines[index + 1]) or lines[index + 1].count("│") == 2


@pytest.mark.parametrize("columns", [60, 120])
def test_show_fits_the_terminal_and_says_every_change(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, lang: str, columns: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    result = cli("--lang", lang, "show", saved(tarot()), "--all")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert all(len(line) <= columns for line in lines), max(lines, key=len)
    # the notes' lines, their box taken away, in order (wrapped in a narrow table)
    boxed = [line.strip("│ ") for line in lines if line.count("│") == 2]
    # too narrow for a table (60 columns, 6 players): a block a round, a change a line
    assert bool(boxed) == (columns == 120)
    notes = flat(" ".join(boxed or (line for line in lines if NOTE_START.match(line))))
    assert notes == " ".join(line for lines_ in TAROT_CHANGES[lang].values() for line in lines_)
    # the totals after the sheet: the leavers marked
    for name in ("Bob", "Dan"):
        assert LEFT[lang].format(name=name) in result.out


def test_show_totals_rank_a_rami_leaver_after_the_players_at_the_table(
    cli: Callable[..., Any],
) -> None:
    session = rami()
    sid = saved(session)
    doc = document(session)
    shown = cli("show", sid).out
    rows = re.findall(r"^│ (\S) │ (.+?)\s+│\s+(-?\d+) │\s+(\d*) │$", shown, re.M)
    assert [r[1] for r in rows[:3]] == sorted(["Ann", "Cyd", "Zoé"], key=doc["totals"].get)
    assert rows[-1] == ("–", "Bob (left)", str(doc["totals"]["Bob"]), "")  # no "To …"
    assert [r[0] for r in rows[:3]] == ["1", "2", "3"]


def test_a_long_sheet_drawn_as_text_has_blank_cells_and_change_lines(lang: str) -> None:
    from cardscore import render as terminal

    session = tarot()
    standings = session.standings()
    said = terminal.plain_sheet(session, standings, standings.rows)
    lines = said.splitlines()
    rounds = {
        int(m.group(1)): i for i, line in enumerate(lines) if (m := re.match(r"^\s+(\d+)  ", line))
    }
    for number, (line,) in TAROT_CHANGES[lang].items():
        assert lines[rounds[number] - 1] == line
    head = lines[1]
    for number, index in rounds.items():
        row = lines[index]
        for column in TAROT_COLUMNS:
            end = re.search(rf"(?<= ){column}(?= |$)", head).end()  # type: ignore[union-attr]
            # right-aligned under its name: blank, or its last run of text (no two spaces)
            cell = "" if row[end - 1 : end] in ("", " ") else row[:end].split("  ")[-1].strip()
            assert (cell == "") == (number not in TAROT_PLAYED[column]), (number, column, row)


# --------------------------------------------------------------------------------------------
# grid.Grid: a note across the table, a rule under a row, drawn as Rich's Table draws them


def noted_grid(footer: bool = True) -> Grid:
    grid = Grid(title="Vendredi", show_footer=footer)
    grid.add_column("#", justify="right", style="dim", footer="")
    grid.add_column("Dealer", footer="Total")
    grid.add_column("Ann", justify="right", footer="-66")
    grid.add_row("1", "Ann", Text("-66 -66", style="red"))
    grid.add_note("from round 2: Zoé joins", "bold")
    grid.add_row("2", "Bob", "")
    return grid


def test_a_note_is_drawn_across_the_table_between_rules() -> None:
    lines = text_of(drawn(noted_grid(), 60)).splitlines()
    assert lines[4:9] == [
        "│ 1 │ Ann    │ -66 -66 │",
        "├───┴────────┴─────────┤",
        "│ from round 2: Zoé    │",
        "│ joins                │",
        "├───┬────────┬─────────┤",
    ]
    assert lines[9] == "│ 2 │ Bob    │         │"


CELL = st.text(alphabet="aÉ中 —", max_size=6)


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(CELL, max_size=4),
    notes=st.lists(st.tuples(st.integers(0, 4), CELL, st.sampled_from(["", "bold"])), max_size=3),
    sections=st.sets(st.integers(0, 4)),
    footer=st.booleans(),
    width=st.integers(8, 70),
)
def test_any_grid_with_notes_and_rules_is_drawn_as_rich_draws_it(
    rows: list[str], notes: list[tuple[int, str, str]], sections: set[int], footer: bool, width: int
) -> None:
    grid = Grid(title="T", caption="c", show_footer=footer)
    grid.add_column("#", justify="right", style="dim", footer="")
    grid.add_column("Name", footer=Text("Total", style="bold"))
    for index in range(len(rows) + 1):
        for at, said, style in notes:
            if at == index:
                grid.add_note(f"from round {at}: {said}", style)
        if index < len(rows):
            grid.add_row(str(index), rows[index], end_section=index in sections)
    assert drawn(grid, width) == drawn(grid.table(), width)


def test_show_of_the_last_rounds_leaves_out_who_sat_in_none_of_them(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last three rounds (5 to 7): Dan, replaced from round 5, has no column; Bob, who
    played round 5, has his (blank after it); the totals under the sheet list them both."""
    monkeypatch.setenv("LINES", "21")  # room for the last 3 rounds
    session = tarot()
    shown = cli("show", saved(session)).out
    head = next(line for line in shown.splitlines() if line.startswith("┃"))
    names = [cell.strip() for cell in head.strip("┃").split("┃")]
    assert names[-6:] == ["Ann", "Bob", "Cyd", "Yves", "Eve", "Zoé"]
    items = screen_items(shown, ["Ann", "Bob", "Cyd", "Yves", "Eve", "Zoé"])
    rounds = [value for kind, value in items if kind == "round"]
    assert [number for number, _ in rounds] == [5, 6, 7]
    assert [cells["Bob"] is None for _, cells in rounds] == [False, True, True]
    assert ("change", "from round 6: Bob leaves") in items
    assert ("change", "from round 5: Yves replaces Dan") in items  # above round 5, shown
    assert "Dan (left)" in shown and "Bob (left)" in shown
    from cardscore import render as terminal

    standings = session.standings()
    plain = terminal.plain_sheet(session, standings, standings.rows[-3:])
    assert "Dan" not in plain.splitlines()[1] and "Bob" in plain.splitlines()[1]
