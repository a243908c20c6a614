"""What a bare or a mistyped command says: it guides to what works.

* a count of players where the game allows only one reads "by 4 players", never "by 4 to
  4 players";
"""

from __future__ import annotations

import pytest

from cardscore import seating
from cardscore.games import get_game
from cardscore.games.base import InputError
from cardscore.i18n import set_language, tr

# --------------------------------------------------------------------------------------------
# One number of players: "by 4 players"

BY_FOUR = {
    "en": "--players: belote is played by 4 players (got 3)",
    "fr": "--players : le jeu de belote se joue à 4 joueurs (et non 3)",
    "nb": "--players: belote spilles av 4 spillere (ikke 3)",
}


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_a_game_of_one_count_of_players_says_that_count(cli, lang: str) -> None:
    result = cli("--lang", lang, "new", "belote", "--players", "3", "--no-play")
    assert result.code == 2
    assert BY_FOUR[lang] in result.err
    assert "4 to 4" not in result.err and "4 à 4" not in result.err
    # a game of several counts keeps saying both
    said = cli("--lang", lang, "new", "tarot", "--players", "7", "--no-play").err
    assert {"en": "3 to 6", "fr": "de 3 à 6", "nb": "3 til 6"}[lang] in said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "--join: belote is played by 4 players (the table would have 5)"),
        ("fr", "--join : le jeu de belote se joue à 4 joueurs (la table en aurait 5)"),
        ("nb", "--join: belote spilles av 4 spillere (bordet ville hatt 5)"),
    ],
)
def test_a_table_too_big_for_a_game_of_one_count_says_that_count(lang: str, said: str) -> None:
    set_language(lang)
    with pytest.raises(InputError) as refused:
        seating._check_size(get_game("belote"), 4, 1, 0)
    assert tr(refused.value.args[0]) == said


@pytest.mark.parametrize(
    ("lang", "game", "said"),
    [
        ("en", "belote", "Players: 4. "),
        ("en", "tarot", "Players: 3 to 6. "),
        ("fr", "coinche", "Joueurs : 4. "),
        ("nb", "belote", "Spillere: 4. "),
    ],
)
def test_the_rules_say_the_count_of_players_once_when_there_is_one(
    cli, lang: str, game: str, said: str
) -> None:
    out = cli("--lang", lang, "rules", game).out
    assert said in " ".join(out.split()) + " "
