"""What was played says what mattered (issue 36, point 13): in `show`, every printed sheet and
the live page, a round's Played text names the chelem (made, announced and failed, the
defence's), the petit au bout, each poignée and misère by whom, a renonce's points, a belote
litige and what it holds, a dedans, a coinche contract fallen, a capot; and the coinche
breakdown says a fall plainly ("110 bid, 98 made: fallen")."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardscore import rows, store
from cardscore.document import scoresheet
from cardscore.export import live_page
from cardscore.i18n import set_language
from test_export import SEATS, new, ok, pdf_text

LANGS = ["en", "fr", "nb"]
NAMES = "Anne,Bruno,Chloé,Damien,Élise"

#: 5-player tarot rounds (fft) and what each played, by language.
TAROT = [
    (["--taker", "Anne", "--contract", "garde", "--called", "Bruno", "--bouts", "2",
      "--points", "49", "--petit-au-bout", "Bruno", "--poignee", "Anne:double",
      "--poignee", "Élise"],
     {"en": "Anne garde (Bruno) 2b 49, petit au bout Bruno, poignée double Anne, "
            "poignée simple Élise"}),
    (["--taker", "Chloé", "--contract", "garde-sans", "--called", "Damien", "--bouts", "3",
      "--points", "91", "--chelem", "announced"],
     {"en": "Chloé garde sans (Damien) 3b 91, chelem announced ✓",
      "fr": "Chloé garde sans (Damien) 3b 91, chelem annoncé ✓",
      "nb": "Chloé garde sans (Damien) 3b 91, chelem meldt ✓"}),
    (["--taker", "Damien", "--contract", "garde", "--called", "Anne", "--bouts", "3",
      "--points", "91", "--chelem", "unannounced"],
     {"en": "Damien garde (Anne) 3b 91, chelem ✓"}),
    (["--taker", "Élise", "--contract", "garde", "--called", "Chloé", "--bouts", "3",
      "--points", "80", "--chelem", "failed"],
     {"en": "Élise garde (Chloé) 3b 80, chelem announced ✗",
      "fr": "Élise garde (Chloé) 3b 80, chelem annoncé ✗",
      "nb": "Élise garde (Chloé) 3b 80, chelem meldt ✗"}),
    (["--taker", "Bruno", "--contract", "prise", "--called", "Élise", "--bouts", "0",
      "--points", "0", "--chelem", "defense"],
     {"en": "Bruno prise (Élise) 0b 0, defence's chelem",
      "fr": "Bruno prise (Élise) 0b 0, chelem défense",
      "nb": "Bruno prise (Élise) 0b 0, forsvarets chelem"}),
]  # fmt: skip


def tarot_played(lang: str) -> list[str]:
    """What each round of :data:`TAROT` played, in ``lang`` (the game's terms, the names and
    the figures are the same in every language)."""
    return [said.get(lang, said["en"]) for _, said in TAROT]


@pytest.fixture
def tarot(cli: Callable[..., Any]) -> str:
    sid = new(cli, "tarot", "--names", NAMES)
    for options, _ in TAROT:
        ok(cli("add", sid, *options))
    return sid


@pytest.fixture
def in_language() -> Iterator[Callable[[str], None]]:
    yield set_language
    set_language("en")


def played_of(cli: Callable[..., Any], sid: str, lang: str) -> list[str]:
    return [row["played"] for row in json.loads(ok(cli("--lang", lang, "show", sid,
                                                       "--json")).out)["rounds"]]  # fmt: skip


def flat(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------------------------
# Tarot: the bonuses by whom, the chelem


@pytest.mark.parametrize("lang", LANGS)
def test_tarot_played_names_each_bonus_and_the_chelem(cli, tarot: str, lang: str) -> None:
    assert played_of(cli, tarot, lang) == tarot_played(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_renonce_and_a_misere_say_their_points_and_holder(cli, lang: str) -> None:
    sid = new(cli, "tarot", "--names", "Anne,Bruno,Chloé,Damien", "--rules", "maison")
    ok(cli("add", sid, "--taker", "Chloé", "--contract", "renonce", "--points", "30"))
    ok(cli("add", sid, "--taker", "Anne", "--contract", "garde", "--bouts", "2",
           "--points", "45", "--misere", "Damien", "--misere", "Bruno:double"))  # fmt: skip
    assert played_of(cli, sid, lang) == [
        "Chloé renonce 30",
        "Anne garde 2b 45, misère double Bruno, misère simple Damien",  # in seating order
    ]


@pytest.mark.parametrize("lang", ["fr", "nb"])
def test_the_rows_model_and_every_sheet_say_it(cli, tarot: str, lang: str, tmp_path: Path,
                                               in_language) -> None:  # fmt: skip
    expected = tarot_played(lang)
    in_language(lang)
    session = store.load(tarot)
    table = rows.of_sheet(scoresheet(session, session.standings(), ()))
    assert [row.played for row in table.rows] == expected
    sep = ";"
    raw = ok(cli("--lang", lang, "print", tarot, "--format", "csv")).out
    lines = list(csv.reader(io.StringIO(raw[1:], newline=""), delimiter=sep))
    assert [line[-1] for line in lines[1 : 1 + len(expected)]] == expected
    md = ok(cli("--lang", lang, "print", tarot, "--format", "md")).out
    cells = [line.rstrip(" |").rsplit(" | ", 1)[1] for line in md.splitlines()
             if re.match(r"^\| \d+ \|", line)][: len(expected)]  # fmt: skip
    assert cells == expected
    page = ok(cli("--lang", lang, "print", tarot, "--format", "html")).out
    said = [html.unescape(s) for s in re.findall(r'<td class="played">([^<]*)</td>', page)]
    assert said == expected
    txt = flat(ok(cli("--lang", lang, "print", tarot, "--format", "txt")).out)
    path = tmp_path / "sheet.pdf"
    ok(cli("--lang", lang, "print", tarot, "-o", str(path)))
    pdf = [word.strip(",") for word in pdf_text(path.read_bytes()).split()]
    for round_ in expected:  # on as many lines as its column needs
        for part in round_.split(", "):
            assert part in txt, (part, txt)
        assert all(word in pdf for word in round_.replace(",", "").split()), (round_, pdf)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_show_says_it(cli, tarot: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for width in ("200", "100", "60"):  # a column, a line under the row, a block a round
        monkeypatch.setenv("COLUMNS", width)
        out = flat(re.sub(r"[│┃]", " ", ok(cli("--lang", lang, "show", tarot, "--all")).out))
        for round_ in tarot_played(lang):
            assert round_ in out, (width, round_, out)


@pytest.mark.parametrize("lang", LANGS)
def test_the_live_page_says_it(tarot: str, lang: str, in_language) -> None:
    in_language(lang)
    session = store.load(tarot)
    page = live_page.fragment(scoresheet(session, session.standings()))
    said = [html.unescape(s) for s in re.findall(r'<p class="played">([^<]*)</p>', page)]
    assert set(said) <= set(tarot_played(lang)) and said  # the last rounds, whole
    assert tarot_played(lang)[-1] in said


# --------------------------------------------------------------------------------------------
# Belote and coinche: a litige and what it holds, a dedans, a fall, a capot

BELOTE = {
    "en": ["Sud ♥ 71, litige, 81 held", "Est ♠ 71, litige, 162 held", "Sud ♣ 40, dedans",
           "Est ♦ capot"],
    "fr": ["Sud ♥ 71, litige, 81 en réserve", "Est ♠ 71, litige, 162 en réserve",
           "Sud ♣ 40, dedans", "Est ♦ capot"],
    "nb": ["Sud ♥ 71, tvist, 81 på vent", "Est ♠ 71, tvist, 162 på vent", "Sud ♣ 40, gått ned",
           "Est ♦ capot"],
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_belote_played_says_a_litige_what_it_holds_and_a_dedans(cli, lang: str) -> None:
    sid = new(cli, "belote", "--names", SEATS, "--target", "3000")
    for options in (
        ["--taker", "Sud", "--trump", "hearts", "--points", "71", "--dix-de-der", "Sud"],
        ["--taker", "Est", "--trump", "spades", "--points", "71", "--dix-de-der", "Est"],
        ["--taker", "Sud", "--trump", "clubs", "--points", "40", "--dix-de-der", "Est"],
        ["--taker", "Est", "--trump", "diamonds", "--points", "152", "--capot", "Est"],
    ):
        ok(cli("add", sid, *options))
    assert played_of(cli, sid, lang) == BELOTE[lang]


COINCHE = {
    "en": ["Sud 110 ♥, 98, fallen", "Sud 80 ♥ coinché, 71, fallen", "Est 90 ♠, 90",
           "Est capot sans atout, 100, fallen", "Nord capot ♣"],
    "fr": ["Sud 110 ♥, 98, chuté", "Sud 80 ♥ coinché, 71, chuté", "Est 90 ♠, 90",
           "Est capot sans atout, 100, chuté", "Nord capot ♣"],
    "nb": ["Sud 110 ♥, 98, gått ned", "Sud 80 ♥ coinché, 71, gått ned", "Est 90 ♠, 90",
           "Est capot sans atout, 100, gått ned", "Nord capot ♣"],
}  # fmt: skip
#: The first line of each round's breakdown: what was bid, what was made, the verdict.
COINCHE_TEST = {
    "en": ["110 bid, 98 made: fallen", "80 bid, 81 made, but the defence has 81: fallen",
           "90 bid, 100 made: contract made",
           "capot bid, Est & Ouest did not take every trick: fallen",
           "capot bid, Nord & Sud took every trick: contract made"],
    "fr": ["110 demandés, 98 faits : chuté",
           "80 demandés, 81 faits, mais la défense en a 81 : chuté",
           "90 demandés, 100 faits : contrat fait",
           "capot demandé, Est & Ouest n'ont pas fait tous les plis : chuté",
           "capot demandé, Nord & Sud ont fait tous les plis : contrat fait"],
    "nb": ["110 meldt, 98 tatt: gått ned", "80 meldt, 81 tatt, men forsvaret har 81: gått ned",
           "90 meldt, 100 tatt: kontrakt oppfylt",
           "capot meldt, Est & Ouest tok ikke alle stikkene: gått ned",
           "capot meldt, Nord & Sud tok alle stikkene: kontrakt oppfylt"],
}  # fmt: skip


@pytest.fixture
def coinche(cli: Callable[..., Any]) -> str:
    sid = new(cli, "coinche", "--names", "Sud,Est,Nord,Ouest", "--set", "team1=Nord & Sud",
              "--set", "team2=Est & Ouest", "--target", "5000")  # fmt: skip
    for options in (
        ["--taker", "Sud", "--trump", "hearts", "--contract", "110", "--points", "98",
         "--dix-de-der", "Est"],
        ["--taker", "Sud", "--trump", "hearts", "--contract", "80", "--points", "71",
         "--dix-de-der", "Sud", "--coinche"],
        ["--taker", "Est", "--trump", "spades", "--contract", "90", "--points", "90",
         "--dix-de-der", "Est"],
        ["--taker", "Est", "--trump", "sa", "--contract", "capot", "--points", "100",
         "--dix-de-der", "Est"],
        ["--taker", "Nord", "--trump", "clubs", "--contract", "capot", "--capot-made"],
    ):  # fmt: skip
        ok(cli("add", sid, *options))
    return sid


@pytest.mark.parametrize("lang", LANGS)
def test_coinche_played_says_a_fall(cli, coinche: str, lang: str) -> None:
    assert played_of(cli, coinche, lang) == COINCHE[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_the_coinche_breakdown_says_the_fall_plainly(cli, coinche: str, lang: str) -> None:
    said = flat(re.sub(r"[│┃]", " ", ok(cli("--lang", lang, "show", coinche, "--detail",
                                             "--all")).out))  # fmt: skip
    for line in COINCHE_TEST[lang]:
        assert line in said, (line, said)
    assert "<" not in said and "≤" not in said and "≥" not in said
