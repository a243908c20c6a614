"""Amendment: the points held by a litige when a belote game ends are awarded to nobody, and
the screen (`show`, `add`) and every printed format say so — only then: a game in play shows
its held points as before.

The game is played through the command line, to a target of 200, teams NS (Sud, Nord) and EW
(Est, Ouest):

1. Sud takes, NS 71 + dix de der = 81, EW 81: a litige, NS's 81 held (game in play);
2. Sud takes, NS 82 + dix de der = 92 against 70: made, NS collect the 81 held (NS 173, EW 151);
3. Est takes, EW 71 + dix de der = 81, NS 81: a litige, NS score 81 (254, past the target):
   the game is over with EW's 81 held, which nobody gets.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardscore import i18n, render
from test_export import parse, pdf_text

SEATS = ("--names", "Sud,Est,Nord,Ouest", "--set", "team1=NS", "--set", "team2=EW")
LITIGE_NS = ("--taker", "Sud", "--trump", "hearts", "--points", "71", "--dix-de-der", "NS")
MADE_NS = ("--taker", "Sud", "--trump", "hearts", "--points", "82", "--dix-de-der", "NS")
LITIGE_EW = ("--taker", "Est", "--trump", "hearts", "--points", "71", "--dix-de-der", "EW")
MADE_EW = ("--taker", "Est", "--trump", "hearts", "--points", "82", "--dix-de-der", "EW")

NOT_AWARDED = {
    "en": "81 points held at the end were not awarded",
    "fr": "81 points en réserve à la fin n'ont été attribués à personne",
}
STILL_HELD = {  # what a game in play says of its held points (as before the amendment)
    "en": "Held (litige): 81 points go to the winner of the next round",
    "fr": "En réserve (litige) : 81 points iront à l'équipe qui remportera la prochaine donne",
}
LANGS = ["en", "fr"]
FORMATS = ["txt", "md", "csv", "html", "pdf"]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def ok(result: Any) -> Any:
    assert result.code == 0, (result.out, result.err)
    return result


def lang_args(lang: str) -> tuple[str, ...]:
    return ("--lang", lang) if lang != "en" else ()


def start(cli: Callable[..., Any]) -> str:
    return ok(cli("new", "belote", *SEATS, "--target", "200", "--no-play")).out.strip()


def add(cli: Callable[..., Any], sid: str, options: tuple[str, ...], lang: str = "en") -> str:
    return ok(cli(*lang_args(lang), "add", sid, *options)).out


def ended_on_a_litige(cli: Callable[..., Any]) -> str:
    """The game of the module's docstring: over, with 81 points held."""
    sid = start(cli)
    for options in (LITIGE_NS, MADE_NS, LITIGE_EW):
        add(cli, sid, options)
    sheet = ok(cli("show", sid, "--json")).json()
    assert sheet["finished"] and sheet["winner"] == "NS" and sheet["held"] == 81
    assert sheet["totals"] == {"NS": 254, "EW": 151}
    return sid


def flat(text: str) -> str:
    """The words of ``text`` on one line (wrapped lines, table captions, PDF lines)."""
    return " ".join(text.split())


def printed(cli: Callable[..., Any], sid: str, fmt: str, lang: str, tmp_path: Path) -> str:
    """What ``cardscore print --format FMT`` shows a reader, as one line of words."""
    if fmt == "pdf":
        path = tmp_path / f"sheet-{lang}.pdf"
        ok(cli(*lang_args(lang), "print", sid, "-o", str(path)))
        return flat(pdf_text(path.read_bytes()))
    out = ok(cli(*lang_args(lang), "print", sid, "--format", fmt)).out
    if fmt == "html":
        page = re.sub(r"(?s)<style>.*?</style>", "", out)
        return flat(" ".join(parse(page).text))
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
        return " | ".join(flat(cell) for row in rows for cell in row)
    return flat(out)


# --------------------------------------------------------------------------------------------
# The screen


@pytest.mark.parametrize("lang", LANGS)
def test_show_says_the_points_held_at_the_end_were_not_awarded(cli, lang: str) -> None:
    sid = ended_on_a_litige(cli)
    shown = flat(ok(cli(*lang_args(lang), "show", sid)).out)
    assert NOT_AWARDED[lang] in shown
    assert shown.count(NOT_AWARDED[lang]) == 1  # said once, under the scoresheet
    detailed = flat(ok(cli(*lang_args(lang), "show", sid, "--detail")).out)
    assert NOT_AWARDED[lang] in detailed


@pytest.mark.parametrize("lang", LANGS)
def test_the_rich_scoresheet_has_the_sentence_under_its_table(cli, lang: str) -> None:
    from cardscore import store

    sid = ended_on_a_litige(cli)
    i18n.set_language(lang)
    session = store.load(sid)
    standings = session.standings()
    sheet = render.sheet(session, standings, standings.rows)
    from rich.console import Console

    console = Console(width=120, no_color=True, highlight=False, markup=False, emoji=False)
    with console.capture() as capture:
        console.print(sheet)
    lines = capture.get().splitlines()
    last_border = max(i for i, line in enumerate(lines) if line.strip().startswith("└"))
    assert NOT_AWARDED[lang] in flat(" ".join(lines[last_border + 1 :]))


@pytest.mark.parametrize("lang", LANGS)
def test_the_long_plain_sheet_says_the_points_held_at_the_end_were_not_awarded(
    cli, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = ended_on_a_litige(cli)
    monkeypatch.setattr(render, "RICH_ROWS_LIMIT", 2)  # 3 rounds: the plain, long-sheet form
    out = ok(cli(*lang_args(lang), "show", sid, "--all")).out
    total = "Total"
    sheet_lines = out.split("┏")[0].splitlines()  # the plain sheet, before the totals table
    assert any(line.split()[:1] == [total] for line in sheet_lines), out
    after_total = [
        line
        for i, line in enumerate(sheet_lines)
        if i and sheet_lines[i - 1].split()[:1] == [total]
    ]
    assert after_total and flat(after_total[0]) == NOT_AWARDED[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_add_of_the_last_round_says_the_held_points_are_not_awarded(cli, lang: str) -> None:
    sid = start(cli)
    add(cli, sid, LITIGE_NS)
    add(cli, sid, MADE_NS)
    out = add(cli, sid, LITIGE_EW, lang)
    not_awarded = {"en": "held, not awarded", "fr": "en réserve, non attribués"}[lang]
    assert re.search(rf"│\s+│ {not_awarded}\s+│\s+81 │", out), out


# --------------------------------------------------------------------------------------------
# JSON


def test_show_json_adds_the_points_not_awarded_and_keeps_its_keys(cli, tmp_path: Path) -> None:
    sid = start(cli)
    add(cli, sid, LITIGE_NS)
    in_play = ok(cli("show", sid, "--json")).json()
    assert in_play["held"] == 81 and not in_play["finished"]
    assert in_play["unawarded"] == 0  # held for the next round, not lost
    add(cli, sid, MADE_NS)
    add(cli, sid, LITIGE_EW)
    shown = ok(cli("show", sid, "--json")).out
    sheet = json.loads(shown)
    assert set(sheet) == {*in_play} and list(sheet)[: len(in_play)] == list(in_play)
    assert sheet["held"] == 81 and sheet["finished"] and sheet["unawarded"] == 81
    assert ok(cli("print", sid, "--format", "json")).out == shown
    french = json.loads(ok(cli("--lang", "fr", "print", sid, "--format", "json")).out)
    # the same data; only what each round played is said in the language (a litige's words)
    assert [r.pop("played") for r in french["rounds"]][-1] == "Est ♥ 71, litige, 81 en réserve"
    assert french == {**sheet, "rounds": [
        {k: v for k, v in r.items() if k != "played"} for r in sheet["rounds"]
    ]}  # fmt: skip


# --------------------------------------------------------------------------------------------
# Every printed format


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_printed_format_says_the_points_held_at_the_end_were_not_awarded(
    cli, fmt: str, lang: str, tmp_path: Path
) -> None:
    sid = start(cli)
    add(cli, sid, LITIGE_NS)
    in_play = printed(cli, sid, fmt, lang, tmp_path)
    assert NOT_AWARDED[lang] not in in_play  # a game in play: held for the next round
    if fmt != "csv":
        assert STILL_HELD[lang] in in_play
    add(cli, sid, MADE_NS)
    add(cli, sid, LITIGE_EW)
    over = printed(cli, sid, fmt, lang, tmp_path)
    assert NOT_AWARDED[lang] in over
    assert STILL_HELD[lang] not in over  # there is no next round
    assert over.count(NOT_AWARDED[lang]) == 1


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_game_over_with_nothing_held_says_nothing_of_held_points(
    cli, fmt: str, tmp_path: Path
) -> None:
    sid = start(cli)
    add(cli, sid, LITIGE_NS)
    add(cli, sid, MADE_NS)
    add(cli, sid, LITIGE_EW)
    assert NOT_AWARDED["en"] in printed(cli, sid, fmt, "en", tmp_path)
    ok(cli("undo", sid))
    add(cli, sid, MADE_EW)  # EW 92 + 151 = 243 and NS 70 + 173 = 243: equal, play on
    add(cli, sid, MADE_NS)  # NS 335, EW 313: over, nothing held
    sheet = ok(cli("show", sid, "--json")).json()
    assert sheet["finished"] and sheet["held"] == 0 and sheet["unawarded"] == 0
    over = printed(cli, sid, fmt, "en", tmp_path)
    assert "not awarded" not in over and "Held (litige)" not in over
    assert "not awarded" not in flat(ok(cli("show", sid)).out)
