"""`cardscore stats -o stats.html`: the page holds every player, its charts (a bar per tarot
contract, a line per player and game), escapes what users typed, fetches nothing; and, where
Chromium is installed, it is drawn with its charts in their colours."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from cardscore.export.common import PALETTE
from cardscore.i18n import set_language
from cardscore.stats import page
from test_cli_corrections import ok
from test_export_render import chromium, colour_pixels, ink, needs_chromium, read_png

Cli = Callable[..., Any]
HOMES = ["/club/cardscore"]
ODD = "<b>&"  # a name that HTML would read as markup


def tarot(takes: dict[str, tuple[int, int]], **more: Any) -> dict[str, Any]:
    """A player's tarot figures with ``takes`` per contract (contract → (takes, made))."""
    count = sum(t for t, _ in takes.values())
    made = sum(m for _, m in takes.values())
    return {
        "sessions": 2, "wins": 1, "rounds": 10, "points": 120, "average": 12.0, "best": 132,
        "worst": -66, "takes": count, "made": made, "take_share": count / 10,
        "contracts": {c: {"takes": t, "made": m, "average_gap": 3.0 if t else None}
                      for c, (t, m) in takes.items()},
        "called": {"count": 1, "made": 1}, "petit_au_bout": {"won": 0, "lost": 0},
        "poignees": 0, "miseres": 0, "chelems": 0, "best_partner": None, **more,
    }  # fmt: skip


def document() -> dict[str, Any]:
    """A statistics document by hand: two tarot sessions and a rami."""
    every = {"prise": (3, 2), "garde": (2, 1), "garde-sans": (1, 1), "garde-contre": (1, 0)}
    some = {"prise": (1, 1), "garde": (0, 0), "garde-sans": (0, 0), "garde-contre": (0, 0)}
    rami = {"sessions": 1, "wins": 0, "rounds": 3, "points": 60, "average": 20.0, "best": 0,
            "worst": 40, "rounds_won": 1, "rami_sec": 0, "never_opened": 0,
            "average_hand": 30.0}  # fmt: skip
    return {
        "sessions": 3,
        "rounds": 23,
        "games": {"tarot": {"sessions": 2, "rounds": 20}, "rami": {"sessions": 1, "rounds": 3}},
        "notes": ["Tarot has no set end: …"],
        "players": [
            {
                "name": "Ann",
                "sessions": 2,
                "wins": 1,
                "rounds": 10,
                "points": 120,
                "average": 12.0,
                "best": 132,
                "worst": -66,
                "games": {"tarot": tarot(every)},
            },
            {
                "name": ODD,
                "sessions": 3,
                "wins": 1,
                "rounds": 13,
                "points": -60,
                "average": -4.6,
                "best": None,
                "worst": None,
                "games": {
                    "tarot": tarot(some, best_partner={"name": "Ann", "rounds": 3, "won": 2}),
                    "rami": rami,
                },
            },
        ],
        "sessions_list": [
            {
                "id": "a",
                "game": "tarot",
                "rules": "fft",
                "date": "2026-01-09",
                "players": ["Ann", ODD],
                "winner": "Ann",
                "winners": ["Ann"],
                "results": {"Ann": 200, ODD: -200},
            },
            {
                "id": "b",
                "game": "tarot",
                "rules": "fft",
                "date": "2026-01-16",
                "players": ["Ann", ODD],
                "winner": ODD,
                "winners": [ODD],
                "results": {"Ann": -80, ODD: 80},
            },
            {
                "id": "c",
                "game": "rami",
                "rules": "standard",
                "date": "2026-01-23",
                "players": [ODD],
                "winner": None,
                "winners": [],
                "results": {ODD: 60},
            },
        ],
    }


class Elements(HTMLParser):
    """Every start tag of a page with its attributes, and its text."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def find(self, tag: str, **wanted: str) -> list[dict[str, str | None]]:
        attr = {key.rstrip("_").replace("_", "-"): value for key, value in wanted.items()}
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in attr.items())]


def rate_rows(html: str, player: str) -> list[tuple[str | None, bool]]:
    """``(label, has a bar)`` for each row of ``player``'s success-rate chart."""
    figure = html.split(f'<figure class="rate" data-player="{player}">', 1)[1].split("</figure>")[0]
    rows = re.findall(r'<g class="rate" data-game="\w+" data-label="([\w-]+)">(.*?)</g>', figure,
                      re.DOTALL)  # fmt: skip
    return [(label, 'class="bar"' in body) for label, body in rows]


# --------------------------------------------------------------------------------------------
# The page of a document made by hand


def test_the_page_holds_every_player_in_the_tables_and_the_charts() -> None:
    html = page.render(document(), HOMES)
    parsed = Elements(html)
    text = "".join(parsed.text)
    assert html.startswith("<!DOCTYPE html>") and '<html lang="en">' in html
    assert "3 sessions, 23 rounds" in text and "/club/cardscore" in text
    assert len(parsed.find("table", class_="players")) == 2  # tarot, rami
    for name in ("Ann", ODD):
        assert text.count(name) >= 4, name  # table, bar chart, line chart and its legend
        assert parsed.find("figure", class_="rate", data_player=name)
    assert text.count("Tarot has no set end") == 1


def test_one_bar_per_contract_taken() -> None:
    html = page.render(document(), HOMES)
    ann = rate_rows(html, "Ann")
    assert ann == [("prise", True), ("garde", True), ("garde-sans", True), ("garde-contre", True)]
    odd = rate_rows(html, "&lt;b&gt;&amp;")
    # a contract never taken keeps its row, without a bar; rami: the rounds he won
    assert odd == [("prise", True), ("garde", False), ("garde-sans", False),
                   ("garde-contre", False), ("rounds_won", True)]  # fmt: skip
    # each bar as long as the share made: 2 of 3 prises, 1 of 1 garde sans, 0 of 1 garde contre
    widths = [float(w) for w in re.findall(r'<rect class="bar" x="[\d.]+" y="[\d.]+" '
                                           r'width="([\d.]+)"', html)]  # fmt: skip
    span = page.RATE_WIDTH - page.RATE_VALUE - page.RATE_LABEL
    assert widths[:4] == pytest.approx([span * 2 / 3, span / 2, span, 0], abs=0.1)
    assert "67% (2/3)" in html and "0% (0/1)" in html and "not taken" in html


def test_one_line_per_player_in_each_games_results_chart() -> None:
    parsed = Elements(page.render(document(), HOMES))
    tarot_lines = [a["data-player"] for t, a in parsed.tags
                   if t == "polyline" and a.get("data-player")]  # fmt: skip
    assert tarot_lines == ["Ann", ODD, ODD]  # tarot: both; rami: one
    charts = parsed.find("figure", class_="results")
    assert [c["data-game"] for c in charts] == ["tarot", "rami"]
    # a marker per player and session, of the player's own shape; the winner's filled
    html = page.render(document(), HOMES)
    dots = re.findall(r'<g class="dots"[^>]*>(.*?)</g>', html, re.S)
    markers = [re.findall(r'<path d="([^"]+)" stroke="([^"]+)" fill="([^"]+)">', g) for g in dots]
    assert [len(m) for m in markers] == [2 + 2, 1]
    filled = [m for g in markers for m in g if m[2] != "#ffffff"]
    assert len(filled) == 2
    tarot = markers[0]
    shapes = {stroke: d.count("L") + d.count("a") for d, stroke, _ in tarot}
    assert len(shapes) == 2 and len(set(shapes.values())) == 2  # two players, two shapes
    # the legend draws each player's line with his marker; each line ends with his name
    legend = re.search(r'<g class="legend"[^>]*>(.*?)</g>', html, re.S).group(1)
    assert legend.count("<line") == legend.count("<path") == 2
    ends = re.search(r'<g class="ends"[^>]*>(.*?)</g>', html, re.S).group(1)
    assert ">Ann</text>" in ends and len(re.findall("<text", ends)) == 2


def test_a_points_line_goes_through_each_session_of_the_player() -> None:
    html = page.render(document(), HOMES)
    (ann,) = re.findall(r'<polyline data-player="Ann"[^>]* points="([^"]+)"', html)
    points = [tuple(map(float, p.split(","))) for p in ann.split()]
    assert len(points) == 2
    assert points[0][0] < points[1][0]  # session after session
    assert points[0][1] < points[1][1]  # 200 then -80: higher first (SVG y grows down)


def test_what_users_typed_is_escaped() -> None:
    doc = document()
    doc["players"][0]["games"]["tarot"]["best_partner"] = {"name": ODD, "rounds": 3, "won": 3}
    html = page.render(doc, ['/tmp/<script>"x"'], ["rule set <i>"])
    assert ODD not in html and "<script" not in html and "<i>" not in html
    assert "&lt;b&gt;&amp;" in html
    assert "&lt;script&gt;" in html and "&lt;i&gt;" in html


def test_the_page_fetches_nothing() -> None:
    html = page.render(document(), HOMES)
    assert "<script" not in html and "<link" not in html and "<img" not in html
    assert "url(" not in html and "@import" not in html and " src=" not in html
    addresses = set(re.findall(r"https?://[^\s\"')]+", html))
    assert addresses == {"http://www.w3.org/2000/svg"}  # the SVG namespace, not fetched


def test_a_player_with_no_take_has_no_bar_and_no_division_error() -> None:
    doc = document()
    nothing = {c: (0, 0) for c in ("prise", "garde", "garde-sans", "garde-contre")}
    doc["players"][0]["games"]["tarot"] = tarot(nothing, take_share=0.0)
    html = page.render(doc, HOMES)
    assert rate_rows(html, "Ann") == [(c, False) for c in nothing]


def test_the_empty_page_says_so() -> None:
    empty = {"sessions": 0, "rounds": 0, "games": {}, "notes": [], "players": [],
             "sessions_list": []}  # fmt: skip
    html = page.render(empty, HOMES, ["tarot"])
    assert "No sessions found in /club/cardscore for tarot." in html
    assert "<svg" not in html


def test_the_page_in_french() -> None:
    set_language("fr")
    try:
        html = page.render(copy.deepcopy(document()), HOMES)
    finally:
        set_language("en")
    assert '<html lang="fr">' in html
    assert "Réussite par contrat" in html and "Résultats partie par partie" in html
    assert "67 % (2/3)" in html and "jamais pris" in html


# --------------------------------------------------------------------------------------------
# Through the command line, with real sessions


def real_club(cli: Cli) -> None:
    sid = ok(cli("new", "tarot", "--names", f"Ann,{ODD},Cyd,Dan,Zoé", "--no-play")).out.strip()
    for options in (
        f"--taker Ann --contract garde --called {ODD} --bouts 2 --points 49",
        "--taker Cyd --contract prise --called Ann --bouts 1 --points 45",
        f"--taker {ODD} --contract garde-sans --called Dan --bouts 2 --points 52",
    ):
        ok(cli("add", sid, *options.split()))
    coinche = ok(cli("new", "coinche", "--names", "Ann,Bob,Cyd,Dan", "--no-play")).out.strip()
    bid = "--taker Ann --trump hearts --contract 80 --points 100 --dix-de-der taker --coinche"
    ok(cli("add", coinche, *bid.split()))


def test_the_page_of_real_sessions(cli: Cli, tmp_path: Path) -> None:
    real_club(cli)
    target = tmp_path / "stats.html"
    ok(cli("stats", "-o", str(target)))
    html = target.read_text("utf-8")
    assert ODD not in html and "&lt;b&gt;&amp;" in html
    took = [("prise", False), ("garde", True), ("garde-sans", False), ("garde-contre", False)]
    assert rate_rows(html, "Ann")[:4] == took
    # coinche: every contract, then per level
    labels = [label for label, _ in rate_rows(html, "Bob")]
    assert labels == ["all", "coinche", "surcoinche"]
    parsed = Elements(html)
    lines = [a["data-player"] for t, a in parsed.tags if t == "polyline"]
    assert sorted(lines) == sorted(["Ann", ODD, "Cyd", "Dan", "Zoé", "Ann", "Bob", "Cyd", "Dan"])


@needs_chromium
def test_chromium_draws_the_page_with_its_charts(cli: Cli, tmp_path: Path) -> None:
    real_club(cli)
    target = tmp_path / "stats.html"
    ok(cli("stats", "-o", str(target)))
    players = [p["name"] for p in ok(cli("stats", "--json")).json()["players"]]
    shot = tmp_path / "stats.png"
    chromium(tmp_path, target, f"--screenshot={shot}", "--window-size=1200,2600")
    width, height, rows = read_png(shot)
    assert (width, height) == (1200, 2600)
    assert 0.01 < ink(rows) < 0.6, ink(rows)
    # Ann's bars (and lines) in her colour; every player's lines and legend in his
    assert colour_pixels(rows, PALETTE[players.index("Ann")]) > 1000
    for index, name in enumerate(players):
        assert colour_pixels(rows, PALETTE[index % len(PALETTE)]) > 60, name


def test_the_page_of_one_player(cli: Cli, tmp_path: Path) -> None:
    real_club(cli)
    target = tmp_path / "ann.html"
    ok(cli("stats", "--player", "ANN", "-o", str(target)))
    parsed = Elements(target.read_text("utf-8"))
    assert [a["data-player"] for a in parsed.find("figure", class_="rate")] == ["Ann"]
    assert {a["data-player"] for t, a in parsed.tags if t == "polyline"} == {"Ann"}
    names = [cell.strip() for cell in re.findall(r'<td class="name">([^<]*)</td>',
                                                 target.read_text("utf-8"))]  # fmt: skip
    assert set(names) == {"Ann"}
