"""French that reads naturally, and English without French words (issue 16): decimals with
the language's sign, the rule set « officiel » and the values « oui »/« non » said and
accepted, the values French players type listed by --help, click's hints in French, the
yes/no question's words and keys, and a checkbox's answers."""

from __future__ import annotations

import json
import re

import pytest

from cardscore import i18n
from cardscore.i18n import msg, tr


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def new_belote(cli, *args: str, language: str = "en") -> str:
    names = ("--names", "Ann,Bob,Cyd,Dan", "--no-play")
    result = cli("--lang", language, "new", "belote", *names, *args)
    assert result.code == 0, result.err
    return result.out.strip()


# --------------------------------------------------------------------------------------------
# Decimals


def test_a_float_argument_takes_the_languages_decimal_sign(french) -> None:
    said = msg("{typed} points → {points} (the half point is dropped)", typed=55.5, points=55)
    assert tr(said) == "55,5 points → 55 (le demi-point ne compte pas)"
    assert tr(msg("{value:.2f}", value=0.25)) == "0,25"  # a format spec keeps the comma
    assert tr(msg("{value}", value=3)) == "3"  # whole numbers are left alone
    assert tr(msg("{who}", who="v1.5")) == "v1.5"  # a text (a name) is not a number
    assert tr(4.5) == "4,5"
    i18n.set_language("en")
    assert tr(said) == "55.5 points → 55 (the half point is dropped)"


def test_convert_prints_a_point_in_english_and_a_comma_in_french(cli, home) -> None:
    assert cli("convert", "35,5").out == "55.5\n"
    assert cli("--lang", "fr", "convert", "35.5").out == "55,5\n"
    assert cli("--lang", "fr", "convert", "41").out == "50\n"


def test_a_tarot_breakdown_in_french_has_decimal_commas(cli, home) -> None:
    assert cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play").code == 0
    args = ("add", "--contract", "garde", "--taker", "Ann", "--bouts", "2", "--points", "49.5")
    out = cli("--lang", "fr", *args).out
    assert "Ann : 49,5 points, 2 bouts → 41 à faire, réussi de 8,5 → 9" in " ".join(out.split())
    out = cli(*args).out
    assert "Ann: 49.5 points, 2 bouts → 41 needed, made by 8.5 → 9" in " ".join(out.split())


# --------------------------------------------------------------------------------------------
# officiel, oui, non


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("typed", ["officiel", "Officiel", "official"])
def test_officiel_is_the_official_rule_set_in_any_language(cli, home, language, typed) -> None:
    sid = new_belote(cli, "--rules", typed, language=language)
    assert cli("show", sid, "--json").json()["rules"] == "official"


def test_the_rule_set_is_said_officiel_in_french(cli, home) -> None:
    sid = new_belote(cli, "--rules", "official")
    out = cli("--lang", "fr", "rules", "belote", "--rules", "officiel").out
    assert "belote — règles « officiel » (règles possibles : maison, officiel)" in out
    assert "'" not in out.splitlines()[-1]
    assert "belote (officiel)" in cli("--lang", "fr", "show", sid).out
    assert "officiel" in cli("--lang", "fr", "list").out
    wrong = cli("--lang", "fr", "new", "belote", "--names", "A,B,C,D", "--rules", "officielle")
    assert wrong.code == 2
    assert wrong.err == (
        "cardscore : erreur : --rules : le jeu de belote n'a pas de règles « officielle » "
        "(règles possibles : maison, officiel)\n"
    )
    english = cli("rules", "belote", "--rules", "officiel").out
    assert "belote — rule set 'official' (rule sets: maison, official)" in english


def test_stats_takes_officiel(cli, home) -> None:
    new_belote(cli, "--rules", "official")
    assert cli("--lang", "fr", "stats", "--rules", "officiel").code == 0
    bad = cli("--lang", "fr", "stats", "--rules", "offishal")
    assert bad.code == 2 and "officiel" in bad.err and "official" not in bad.err


@pytest.mark.parametrize(
    ("typed", "value"),
    [("oui", True), ("Oui", True), ("on", True), ("non", False), ("off", False), ("NON", False)],
)
@pytest.mark.parametrize("language", ["fr", "en"])
def test_set_takes_oui_and_non(cli, home, typed, value, language) -> None:
    sid = new_belote(cli, "--set", f"litige={typed}", language=language)
    assert cli("show", sid, "--json").json()["params"]["litige"] is value


def test_parameter_values_read_oui_non_in_french(cli, home) -> None:
    rows = {
        cells[0]: cells[1]
        for line in cli("--lang", "fr", "rules", "belote").out.splitlines()
        for cells in [[c.strip() for c in re.split(r"[│┃]", line)[1:-1]]]
        if len(cells) == 3 and cells[0]
    }
    assert rows["litige"] == "oui"
    english = cli("rules", "belote").out
    assert re.search(r"│ litige\s+│\s+on │", english)
    bad = cli("--lang", "fr", "new", "belote", "--names", "A,B,C,D", "--set", "litige=peut-être")
    assert bad.err == "cardscore : erreur : --set litige : « peut-être » n'est ni oui ni non\n"


# --------------------------------------------------------------------------------------------
# --help and click's hints


def help_values(cli, *args: str) -> dict[str, str]:
    out = cli(*args, "add", "--help").out
    return dict(re.findall(r"^\s+(--trump|--chelem|--contract) (\S+)", out, re.MULTILINE))


def test_help_lists_the_values_french_players_type(cli, home) -> None:
    french = help_values(cli, "--lang", "fr")
    assert french["--trump"] == "pique|cœur|carreau|trèfle|sa"
    assert french["--chelem"] == "annoncé|non-annoncé|chuté|défense"
    assert french["--contract"] == "prise|garde|garde-sans|garde-contre|renonce|passe"
    english = help_values(cli)
    assert english["--trump"] == "spades|hearts|diamonds|clubs|sa"
    assert english["--chelem"] == "announced|unannounced|failed|defense"


def test_each_value_the_french_help_lists_is_accepted(cli, home) -> None:
    from cardscore.commands.round_options import _all_fields, choice_words

    i18n.set_language("fr")
    try:
        for f, _parts in _all_fields().values():
            if f.kind == "choice" and len(f.choices) <= 8:
                for word, choice in zip(choice_words(f).split("|"), f.choices, strict=True):
                    assert choice.matches(word), (f.key, word)
    finally:
        i18n.set_language("en")
    assert cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play").code == 0
    added = cli(
        "--lang", "fr", "add", "--json", "--contract", "garde", "--taker", "Ann", "--bouts", "3",
        "--points", "91", "--chelem", "non-annoncé",
    )  # fmt: skip
    assert added.code == 0, added.err
    assert json.loads(added.out)["round"]["input"]["chelem"] == "unannounced"


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (
            ["shwo"],
            "Commande inconnue « shwo ». Vouliez-vous dire « show » ?",
            "No such command: shwo. Did you mean 'show'?",
        ),
        (
            ["show", "--al"],
            "Option inconnue : --al (options possibles : --all, --detail, --help)",
            "No such option: --al (Possible options: --all, --detail, --help)",
        ),
        (["list", "--json=3"], "L'option --json ne prend pas de valeur", None),
        (["show", "a", "b", "c"], "Mots en trop : b c", None),
        (["new", "tarot", "--players", "x"], "--players : « x » n'est pas un nombre entier", None),
        (["new"], "Argument manquant : JEU", "Missing argument GAME"),
    ],
)
def test_usage_errors_and_hints_in_french(cli, home, args, french, english) -> None:
    said = cli("--lang", "fr", *args)
    assert (said.code, said.err) == (2, f"cardscore : erreur : {french}\n")
    if english is not None:
        said = cli(*args)
        assert (said.code, said.err) == (2, f"cardscore: error: {english}\n")


# --------------------------------------------------------------------------------------------
# The yes/no question and the checkbox


def test_yes_no_words_hint_and_keys_come_from_the_catalog(french) -> None:
    from cardscore.prompts import ask

    assert ask.yes_no_words() == ("Oui", "Non")
    assert (ask.hint(True), ask.hint(False), ask.hint(None)) == ("(O/n)", "(o/N)", "(o/n)")
    keys = ask.keys()
    assert {k: keys[k] for k in "oOnNyY"} == {
        "o": True, "O": True, "n": False, "N": False, "y": True, "Y": True,
    }  # fmt: skip
    assert set(keys) == set("oOnNyY")
    assert ask.list_hint() == "(sa touche ou les flèches)"
    assert "<espace> pour cocher" in ask.checkbox_hint()
    assert ask.checkbox_answer("done", 0, tr("nobody")) == "personne"
    assert ask.checkbox_answer("done", 0) == "aucun"
    assert ask.checkbox_answer("done (2 selections)", 2) == "2 choisis"


def test_yes_no_in_english_keeps_y_and_n() -> None:
    from cardscore.prompts import ask

    assert ask.hint(True) == "(Y/n)" and ask.yes_no_words() == ("Yes", "No")
    assert ask.keys() == {"y": True, "Y": True, "n": False, "N": False}
    assert ask.checkbox_answer("done (3 selections)", 3) == "3 chosen"


def test_a_yes_no_question_answered_o_on_a_pipe(french) -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from cardscore.prompts import ask

    # An unbound key would leave the question waiting: Enter then answers the default.
    for keys, default, expected in [
        ("o\r", False, True),
        ("xn\r", True, False),
        ("\r", True, True),
    ]:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe.send_text(keys)
            assert ask.yes_no("Supprimer ?", default=default) is expected


# --------------------------------------------------------------------------------------------
# English without French words


def test_a_belote_breakdown_in_english_says_english_words(cli, home) -> None:
    sid = new_belote(cli)
    out = cli(
        "add", sid, "--taker", "Ann", "--trump", "hearts", "--points", "82",
        "--dix-de-der", "taker", "--belote", "taker",
    ).out  # fmt: skip
    flat = " ".join(out.split())
    assert "Ann & Cyd: 82 in cards + 10 dix de der + 20 belote = 112" in flat
    assert "contract made: 112 > 70, each team scores its total" in flat
    assert not re.search(r"\b(cartes|contrat|fait)\b", flat)
    french = " ".join(cli("--lang", "fr", "show", sid, "--detail").out.split())
    assert "82 cartes" in french and "contrat fait" in french
