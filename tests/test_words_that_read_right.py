"""French that a French table reads without wincing (issue 36, point 14), and Norwegian and
English reviewed the same way: a checkbox's answer agrees with its question (« Primes ?
aucune », « 2 choisies »); no word guesses a player's gender (« Anne (a quitté la table) »,
not « (parti) »); a contract made by 0 is « juste fait », not "made by 0"; the winner of a
game is named by one word on the screen and on every sheet (« vainqueur », a team's
« vainqueurs »)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardscore import store
from cardscore.document import scoresheet
from cardscore.export import live_page
from cardscore.i18n import set_language
from test_export import SEATS, new, ok, pdf_text


@pytest.fixture
def in_language() -> Iterator[Callable[[str], None]]:
    yield set_language
    set_language("en")


def flat(text: str) -> str:
    return " ".join(re.sub(r"[│┃]", " ", text).split())


# --------------------------------------------------------------------------------------------
# A checkbox's answer agrees with its question's noun

ANSWERS = {  # (question, boxes ticked) → the answer, by language
    "fr": {("Bonuses?", 0): "aucune", ("Bonuses?", 2): "2 choisies",
           ("Belote, announcements, capot?", 0): "rien",
           ("Belote, announcements, capot?", 2): "2 choisis",
           (None, 0): "aucun", (None, 3): "3 choisis"},
    "nb": {("Bonuses?", 0): "ingen", ("Bonuses?", 2): "2 valgt",
           ("Belote, announcements, capot?", 0): "ingen", (None, 3): "3 valgt"},
    "en": {("Bonuses?", 0): "none", ("Bonuses?", 2): "2 chosen",
           ("Belote, announcements, capot?", 0): "none", (None, 3): "3 chosen"},
}  # fmt: skip


@pytest.mark.parametrize("lang", ["fr", "nb", "en"])
def test_a_checkbox_answer_agrees_with_its_question(lang: str, in_language) -> None:
    from cardscore.prompts import ask

    in_language(lang)
    for (question, ticked), said in ANSWERS[lang].items():
        text = "done" if ticked == 0 else f"done ({ticked} selections)"
        assert ask.checkbox_answer(text, ticked, context=question) == said, (question, ticked)
    # a list of players says who is missing its own way, in every context
    assert ask.checkbox_answer("done", 0, "personne", "Bonuses?") == "personne"


def test_each_answer_in_context_is_a_question_and_a_text_to_translate() -> None:
    from cardscore import i18n
    from cardscore.games import GAME_NAMES, get_game
    from test_i18n import ALL

    questions = {f.among for name in GAME_NAMES for f in get_game(name).fields if f.among}
    for lang in ("fr", "nb"):
        said = [key.split(i18n.CONTEXT) for key in i18n.load_catalog(lang) if i18n.CONTEXT in key]
        assert all(context in questions and text in ALL for context, text in said), said
    assert i18n.load_catalog("fr")["Bonuses?" + i18n.CONTEXT + "none"] == "aucune"


# --------------------------------------------------------------------------------------------
# No gender guessed: a player who left the table


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [("fr", "Chloé (a quitté la table)", "(parti)"), ("en", "Chloé (left)", None),
     ("nb", "Chloé (gått)", None)],
)  # fmt: skip
def test_a_player_who_left_is_said_the_same_for_everyone(
    cli, lang: str, said: str, not_said: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = new(cli, "rami", "--names", "Anne,Bruno,Chloé", "--target", "500")
    ok(cli("add", sid, "--winner", "Anne", "--hand", "Bruno=60", "--hand", "Chloé=30"))
    ok(cli("table", sid, "--leave", "Chloé"))
    monkeypatch.setenv("COLUMNS", "100")
    for out in (ok(cli("--lang", lang, "show", sid)).out,
                ok(cli("--lang", lang, "print", sid, "--format", "txt")).out):  # fmt: skip
        assert said in flat(out)
        assert not_said is None or not_said not in out


def test_no_english_text_guesses_a_players_gender() -> None:
    from test_i18n import ALL

    gendered = re.compile(r"\b(he|his|him|himself|she|her|hers|herself)\b", re.IGNORECASE)
    assert [text for text in ALL if gendered.search(text)] == []


def test_no_norwegian_translation_guesses_a_players_gender() -> None:
    from cardscore import i18n

    gendered = re.compile(r"\b(han|hans|ham|hun|henne|hennes)\b", re.IGNORECASE)
    said = {key: text for key, text in i18n.load_catalog("nb").items() if gendered.search(text)}
    assert list(said) == [], said


def test_french_names_a_player_with_no_gendered_word(cli, in_language) -> None:
    from cardscore import i18n
    from cardscore.games.base import InputError, Table

    sid = new(cli, "tarot", "--names", "Anne,Bruno,Chloé,Damien,Élise")
    said = cli("--lang", "fr", "table", sid, "--leave", "Bruno", "--replace", "Bruno=Zoé")
    assert said.code == 2 and "--replace nomme déjà Bruno" in said.err, said.err
    ok(cli("table", sid, "--rename", "Anne=Annie"))
    assert "Anne devient Annie" in ok(cli("--lang", "fr", "history", sid)).out
    in_language("fr")
    table = Table("tarot", ("Jean", "Jean-Luc", "Cyd"), params=None)
    with pytest.raises(InputError) as refused:
        table.find_player("jean", what="--taker", among=("Jean-Luc", "Cyd"))
    assert i18n.tr(refused.value.args[0]).startswith("--taker : on ne peut pas nommer Jean ici")
    french = i18n.load_catalog("fr").values()
    for guess in ("(parti)", "qu'il a gagnée", " nommé par ", " renommé "):
        assert not [text for text in french if guess in text], guess


# --------------------------------------------------------------------------------------------
# A margin of 0: « juste fait »


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [("fr", "juste fait", "réussi de 0"), ("en", "just made", "made by 0"),
     ("nb", "akkurat oppfylt", "oppfylt med 0")],
)  # fmt: skip
def test_a_contract_made_by_0_is_just_made(cli, lang: str, said: str, not_said: str) -> None:
    for rules in ("fft", "maison"):
        sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan", "--rules", rules)
        out = ok(cli("--lang", lang, "add", sid, "--taker", "Bob", "--contract", "garde",
                     "--bouts", "2", "--points", "41")).out  # fmt: skip
        assert said in out and not_said not in out, out
        removed = ok(cli("--lang", lang, "remove", sid, "1", "--yes")).out  # its headline
        assert said in removed and not_said not in removed, removed


# --------------------------------------------------------------------------------------------
# One word for the winner(s), on the screen and on every sheet

WINNERS = {  # a team won: the screen's words, then the sheets'
    "fr": ("Partie terminée — vainqueurs : NS !", "Vainqueurs : NS"),
    "en": ("Game over — NS win!", "Winners: NS"),
    "nb": ("Spillet er slutt — NS vinner!", "Vinnere: NS"),
}


@pytest.mark.parametrize("lang", ["fr", "en", "nb"])
def test_the_winners_are_named_alike_on_the_screen_and_every_sheet(
    cli, lang: str, tmp_path: Path, in_language
) -> None:
    screen, sheet = WINNERS[lang]
    sid = new(cli, "belote", "--names", SEATS, "--set", "team1=NS", "--set", "team2=EW",
              "--target", "300")  # fmt: skip
    for _ in range(2):
        ok(cli("add", sid, "--taker", "Sud", "--trump", "clubs", "--capot", "NS"))
    assert screen in flat(ok(cli("--lang", lang, "show", sid)).out)
    for fmt in ("txt", "md", "html"):
        out = ok(cli("--lang", lang, "print", sid, "--format", fmt)).out
        assert sheet in flat(html.unescape(re.sub(r"<[^>]+>", " ", out))), fmt
        assert not re.search(r"(gagnants?|Vainqueur|Winner) ?: NS", out)  # one word, plural
    path = tmp_path / "sheet.pdf"
    ok(cli("--lang", lang, "print", sid, "-o", str(path)))
    assert sheet in flat(pdf_text(path.read_bytes()))
    in_language(lang)
    session = store.load(sid)
    page = live_page.fragment(scoresheet(session, session.standings()))
    assert sheet in html.unescape(page)
