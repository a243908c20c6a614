"""`cardscore --lang fr print`: every format of the scoresheet speaks French — headings,
column headers, the outcome, the notes, the breakdowns — and the English sheet stays English.

Games are played through the command line as in test_export.py; the English output itself is
checked there (and must not change)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardscore import i18n
from test_export import SIX, Game, new, ok, parse, pdf_text, play, wide_document

GAMES = ["tarot", "belote", "coinche", "rami"]
WINNERS = {"tarot": None, "belote": "NS", "coinche": "NS", "rami": "Ann"}

#: The English words of the sheets' headings, notes and outcome: none may be left in French.
#: (Lowercase words such as "target" are left out: rule parameter keys, which stay as typed,
#: contain them.)
ENGLISH = [
    "Dealer",
    "Round",
    "Ranking",
    "Players",
    "Teams",
    "Rules",
    "Winner",
    "No winner",
    "Held",
    "Place",
    "Player",
    "Team",
    "Running total",
    "Rule set",
    "How each round",
    "rule set",
    "session",
    "against",
    "lowest total wins",
    "At 6 players",
    "the mort",
    "started",
    "Scoresheet",
    "round by round",
]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """A test that renders in French leaves the language as it found it."""
    yield
    i18n.set_language("en")


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest, cli: Callable[..., Any]) -> Game:
    played = play(cli, request.param)
    assert played.sheet["winner"] == WINNERS[request.param]
    return played


def french(cli: Callable[..., Any], *args: str) -> str:
    return ok(cli("--lang", "fr", "print", *args)).out


def no_english(text: str) -> None:
    left = [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]
    assert not left, (left, text)


def expected_outcome(game: Game) -> str:
    if game.sheet["winner"]:  # a team's winners are plural, as the screen says them
        winner = "Vainqueurs" if game.sheet["teams"] else "Vainqueur"
        return f"{winner} : {game.sheet['winner']}"
    return "Pas encore de vainqueur"


# --------------------------------------------------------------------------------------------
# txt


def test_txt_in_french(cli, game: Game) -> None:
    out = french(cli, game.sid, "--format", "txt")
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    assert out == french(cli, game.sid)  # txt is the default in French too
    seats = "Équipes : " if game.sheet["teams"] else "Joueurs : "
    assert any(line.startswith(seats) for line in lines), out
    assert any(line.startswith("Règles : ") for line in lines), out
    assert f"règles : {game.sheet['rules']}" in out and f"partie {game.sid}" in out
    head = next(line for line in lines if line.lstrip().startswith("#"))
    assert head.split()[:2] == ["#", "Donneur"]
    assert "pts" in out and "total" in out
    assert any(line.split()[:1] == ["Total"] for line in lines)
    ranking = (
        "Classement (le plus petit total gagne) :"
        if game.sheet["game"] == "rami"
        else ("Classement :")
    )
    assert ranking in lines
    assert expected_outcome(game) in out
    if game.sheet["game"] == "tarot":
        assert "(pas de fin fixée) ; en tête : " in out
    if game.sheet["game"] == "belote":
        # the litige of round 1, then what was played
        assert head.split()[-3:] == ["En", "réserve", "Jeu"]
    no_english(out)
    # the numbers are the English sheet's, line for line
    english = ok(cli("print", game.sid)).out.splitlines()
    rows = [line for line in english if re.match(r"^\s*\d+  \S", line)]
    # the same dealer and numbers (what was played, the last column, is said in French)
    numbers = slice(1, 2 + 2 * len(game.columns))
    assert rows and all(
        any(row.split()[numbers] == line.split()[numbers] for line in lines) for row in rows
    )


def test_txt_in_french_fits_80_columns_with_six_long_names(cli) -> None:
    sid = new(cli, "tarot", "--names", ",".join(SIX), "--title", "Tarot à six — grande soirée")
    short = ["Alexandrine", "Bérénice", "Cyd", "Dan", "Élodie", "François"]
    for number in range(1, 8):
        dealer = short[(number - 1) % 6]
        taker = short[number % 6]
        called = next(p for p in ("Dan", "Cyd", "Élodie") if p not in (dealer, taker))
        ok(cli("add", sid, "--taker", taker, "--called", called, "--contract", "garde",
               "--bouts", "2", "--points", "45"))  # fmt: skip
    out = french(cli, sid)
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    assert "À 6 joueurs, le donneur de chaque donne ne la joue pas : c'est le mort." in lines
    start = next(i for i, line in enumerate(lines) if line.startswith("Joueurs : "))
    for name in SIX:  # each full name on one line
        assert any(name in line for line in lines[start : start + 3]), name
    no_english(out)


def test_txt_in_french_wraps_a_table_too_wide() -> None:
    from cardscore.export import text

    names = [f"Joueuse {letter}" for letter in "ABCDEF"]
    doc = wide_document(names, 3)
    i18n.set_language("fr")
    out = text.render(doc)
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    parts = [line for line in lines if line.startswith("Donnes, colonnes ")]
    assert len(parts) >= 2 and parts[0].endswith(f" sur {len(names)} :"), out
    no_english(out)


# --------------------------------------------------------------------------------------------
# md


def test_md_in_french(cli, game: Game) -> None:
    out = french(cli, game.sid, "--format", "md")
    lines = out.splitlines()
    assert "## Donnes" in lines
    ranking = "## Classement"
    if game.sheet["game"] == "rami":
        ranking += " (le plus petit total gagne)"
    assert ranking in lines
    assert lines[2].startswith(f"**Jeu :** {game.sheet['game'].capitalize()}, règles ")
    assert f"**Partie :** {game.sid}" in lines[2]
    assert any(line.startswith("**Règles :** ") for line in lines)
    seats = "**Équipes :** " if game.sheet["teams"] else "**Joueurs :** "
    assert any(line.startswith(seats) for line in lines)
    kind = "Équipe" if game.sheet["teams"] else "Joueur"
    assert f"| Rang | {kind} | Total |" in lines
    head = next(line for line in lines if line.startswith("| # |"))
    cells = [cell.strip() for cell in head.strip("|").split("|")]
    assert cells[1] == "Donneur"
    for column in game.columns:
        assert f"Total {column}" in cells
    assert f"**{expected_outcome(game)}" in out
    no_english(out)


# --------------------------------------------------------------------------------------------
# csv


def test_csv_in_french(cli, game: Game) -> None:
    raw = french(cli, game.sid, "--format", "csv")
    assert raw.startswith("\ufeffDonne;Donneur;")  # separated as a French spreadsheet expects
    head, *rows, last = list(csv.reader(io.StringIO(raw[1:], newline=""), delimiter=";"))
    assert head[:2] == ["Donne", "Donneur"]
    for column in game.columns:
        assert column in head and f"Total {column}" in head
    assert ("En réserve" in head) is (game.sheet["game"] in ("belote", "coinche"))
    assert last[0] == "Total"
    assert len(rows) == len(game.rounds)
    no_english(",".join(head) + "\n" + ",".join(last))
    # the same numbers as the English sheet
    english = list(csv.reader(io.StringIO(ok(cli("print", game.sid, "-f", "csv")).out[1:])))
    # (but for what was played, the last column, said in French)
    assert [row[:-1] for row in english[1:]] == [row[:-1] for row in [*rows, ["Total", *last[1:]]]]


# --------------------------------------------------------------------------------------------
# html


def visible_text(html_text: str) -> str:
    """The page's text, without its stylesheet."""
    return re.sub(
        r"\s+", " ", " ".join(parse(re.sub(r"(?s)<style>.*?</style>", "", html_text)).text)
    )


def test_html_in_french(cli, game: Game) -> None:
    page = french(cli, game.sid, "--format", "html")
    assert '<html lang="fr">' in page
    assert '<html lang="en">' in ok(cli("print", game.sid, "--format", "html")).out
    text = visible_text(page)
    assert_french_headings(game, text)
    assert f"partie {game.sid}" in text and f"{len(game.rounds)} donnes" in text
    assert "commencée le " in text
    assert "Feuille de marque établie par cardscore" in text
    assert expected_outcome(game) in text
    if game.sheet["teams"]:
        assert re.search(r"<li><b>NS</b> : Sud, Nord</li>", page)
    if game.sheet["params"].get("target"):
        assert f"objectif {game.sheet['params']['target']}" in text
    no_english(text)


def assert_french_headings(game: Game, text: str) -> None:
    """The headings of the French HTML and PDF sheets."""
    for heading in (
        "Classement",
        "Totaux cumulés",
        f"Règles : {game.sheet['rules']}",
        "Donnes",
        "Détail de chaque donne",
        "Donneur",
        "Total cumulé",
        "Donne 1 · donneur : ",
        "Équipes" if game.sheet["teams"] else "Joueurs",
    ):
        assert heading in text, heading


def test_html_breakdowns_are_translated(cli) -> None:
    played = play(cli, "belote")
    english = visible_text(ok(cli("print", played.sid, "--format", "html")).out)
    text = visible_text(french(cli, played.sid, "--format", "html"))
    assert "NS: 71 in cards + 10 dix de der = 81" in english  # English words in English
    assert "contract made: 100 > 62, each team scores its total" in english
    assert "NS : 71 cartes + 10 dix de der = 81" in text
    assert "contrat fait : 100 > 62, chaque équipe marque son total" in text
    assert "litige : 81 en réserve pour la donne suivante" in text
    # "held" is also a value of the litige-belote parameter, named as typed in its French help.
    assert "each team" not in text and "held" not in text.replace("ou held (", "")


def test_html_mort_note_in_french(cli) -> None:
    sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan,Eve,Flo")
    ok(cli("add", sid, "--taker", "Bob", "--called", "Cyd", "--contract", "garde", "--bouts",
           "2", "--points", "50"))  # fmt: skip
    text = visible_text(french(cli, sid, "--format", "html"))
    assert "Donneur (mort)" in text
    assert "À 6 joueurs, le donneur ne joue pas la donne : c'est le mort." in text
    assert "Donne 1 · donneur : Ann (mort)" in text
    no_english(text)


# --------------------------------------------------------------------------------------------
# pdf


def test_pdf_in_french(cli, game: Game, tmp_path: Path) -> None:
    path = tmp_path / "feuille.pdf"
    result = ok(cli("--lang", "fr", "print", game.sid, "-o", str(path)))
    assert str(path) in result.err
    data = path.read_bytes()
    assert b"/Lang (fr)" in data
    text = " ".join(pdf_text(data).split())
    assert_french_headings(game, text)
    assert expected_outcome(game) in text
    no_english(text)


def test_pdf_in_french_without_dejavu(cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from cardscore.export import pdf

    monkeypatch.setattr(pdf, "FONT_CANDIDATES", [])
    played = play(cli, "coinche")
    path = tmp_path / "core.pdf"
    ok(cli("--lang", "fr", "print", played.sid, "-o", str(path)))
    text = " ".join(pdf_text(path.read_bytes()).split())
    assert "Vainqueurs : NS" in text and "Détail de chaque donne" in text
    assert "Équipes" in text and "Donne 1 - donneur : Sud" in text
    no_english(text)


# --------------------------------------------------------------------------------------------
# errors


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--format", "docx"), "--format : format inconnu « docx » (formats acceptés : txt"),
        (("-o", "sheet.xlsx"), "(extension « .xlsx » ; extensions connues : .txt"),
        (("-o", "sheet"), "(pas d'extension ; extensions connues : .txt"),
    ],
)
def test_bad_print_in_french(cli, args: tuple[str, ...], needle: str) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    result = cli("--lang", "fr", "print", sid, *args)
    assert result.code == 2
    assert result.err.startswith("cardscore : erreur : ") and needle in result.err


def test_write_failure_in_french(cli, tmp_path: Path) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    result = cli("--lang", "fr", "print", sid, "-o", str(tmp_path / "nowhere" / "s.txt"))
    assert result.code == 1
    assert "impossible d'écrire" in result.err and "(rien n'a été écrit)" in result.err
    assert f"le dossier {tmp_path / 'nowhere'} n'existe pas" in result.err
    folder = tmp_path / "dossier.txt"
    folder.mkdir()
    result = cli("--lang", "fr", "print", sid, "-o", str(folder))
    assert result.code == 1 and "c'est un dossier" in result.err
