"""What a bare or a mistyped command says: it guides to what works.

* a count of players where the game allows only one reads "by 4 players", never "by 4 to
  4 players";
* a round's number then a session's id (``remove 3 9yy``: the arguments swapped) is said to
  be the wrong way round, with the command the right way round;
* ``new`` with no game asks which one on a terminal (a list), and says the game is missing
  where nothing can be asked;
* ``delete``, ``show`` and ``play`` naming no session that exists (or ``delete`` none) offer
  the sessions in a list on a terminal, and name the accepted form elsewhere;
* ``delete`` asks about the session by what it is (game, players, rounds, last change), not
  only by its id (a real terminal: pexpect);
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cardscore import seating, store
from cardscore.games import get_game
from cardscore.games.base import InputError
from cardscore.i18n import date_text, set_language, tr
from cardscore.session import Session

CARDSCORE = Path(sys.executable).parent / "cardscore"
terminal = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

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


# --------------------------------------------------------------------------------------------
# [SESSION] ROUND the wrong way round

ERROR = {"en": "cardscore: error: ", "fr": "cardscore : erreur : ", "nb": "cardscore: feil: "}
SWAPPED = {
    "en": "ROUND: '{sid}' is not a round number; the session comes first: "
    "`cardscore {command} {sid} 1`",
    "fr": "ROUND : « {sid} » n'est pas un numéro de donne ; la partie vient d'abord : "
    "`cardscore {command} {sid} 1`",
    "nb": "ROUND: «{sid}» er ikke et rundenummer; økten kommer først: "
    "`cardscore {command} {sid} 1`",
}


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
@pytest.mark.parametrize("command", ["remove", "edit", "corriger"])
def test_a_round_then_a_session_is_said_to_be_swapped(
    cli, sessions, lang: str, command: str
) -> None:
    sid = cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play").out.strip()
    assert cli("add", sid, "--line", "ann g 2b 49").code == 0
    before = sessions()
    # the id, its first letters (up to a letter: all digits, they are a round's number), or
    # a word that names no session
    letter = next((i for i, char in enumerate(sid) if char.isalpha()), len(sid) - 1)
    for typed in (sid, sid[: max(3, letter + 1)], "9yy"):
        extra = (
            ["--points", "50"] if command == "edit" else ["--yes"] if command == "remove" else []
        )
        result = cli("--lang", lang, command, "1", typed, *extra)
        assert result.code == 2, result
        said = SWAPPED[lang].format(sid=typed, command=command)
        assert result.err == f"{ERROR[lang]}{said}\n"
    assert sessions() == before


def test_a_word_that_is_no_session_id_is_only_not_a_round(cli) -> None:
    cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    said = cli("remove", "1", "x!", "--yes").err
    assert said == "cardscore: error: ROUND: 'x!' is not a round number\n"
    # the right way round, a wrong round is no swap either
    sid = cli("list", "--json").json()[0]["id"]
    assert "comes first" not in cli("remove", sid, "two", "--yes").err


# --------------------------------------------------------------------------------------------
# delete names the session it asks about

ASKED = {
    "en": "Delete session {id} (tarot: Ann, Bob, Cyd, Dan; 2 rounds; last change {date})?",
    "fr": "Supprimer la partie {id} (tarot : Ann, Bob, Cyd, Dan ; 2 donnes ; dernière "
    "modification le {date}) ?",
    "nb": "Slette økt {id} (tarot: Ann, Bob, Cyd, Dan; 2 runder; sist endret {date})?",
}


@terminal
@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_delete_asks_about_the_session_by_what_it_is(cli, home: Path, lang: str) -> None:
    pexpect = pytest.importorskip("pexpect")
    from terminal_kit import expect, spawn

    sid = cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play").out.strip()
    for line in ("ann g 2b 49", "bob p 1b 60"):
        assert cli("add", sid, "--line", line).code == 0
    updated = json.loads((home / "sessions" / f"{sid}.json").read_text("utf-8"))["updated"]
    set_language(lang)
    question = ASKED[lang].format(id=sid, date=date_text(updated))
    set_language("en")
    child = spawn(home, "--lang", lang, "delete", sid, columns=160)
    expect(child, question)
    child.send("n")  # no, in every language
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (home / "sessions" / f"{sid}.json").exists()  # the answer was no


# --------------------------------------------------------------------------------------------
# new, with no game: which one?

WHICH = {
    "en": ("Which game?", "belote — 4 players", "tarot — 3 to 6 players", "Rule set?"),
    "fr": ("Quel jeu ?", "belote — 4 joueurs", "tarot — de 3 à 6 joueurs", "Règles ?"),
    "nb": ("Hvilket spill?", "belote — 4 spillere", "tarot — 3 til 6 spillere", "Regelsett?"),
}


@terminal
@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_new_with_no_game_asks_which_on_a_terminal(home: Path, lang: str) -> None:
    pexpect = pytest.importorskip("pexpect")
    from terminal_kit import expect, pick, spawn

    question, belote, tarot, next_question = WHICH[lang]
    home.mkdir(parents=True)  # the program starts in it
    child = spawn(home, "--lang", lang, "new")
    expect(child, question)
    expect(child, tarot)  # every game, with how many play it
    pick(child, question, belote, drawn=True)
    expect(child, next_question)  # belote's questions go on
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert list(home.glob("sessions/*.json")) == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Missing argument GAME"),
        ("fr", "Argument manquant : JEU"),
        ("nb", "Argument mangler: SPILL"),
    ],
)
def test_new_with_no_game_and_nothing_to_ask_says_it_is_missing(cli, lang, said) -> None:
    for args in (["new"], ["new", "--no-play"], ["new", "--names", "Ann,Bob"]):
        result = cli("--lang", lang, *args)
        assert result.code == 2 and result.out == ""
        assert len(result.err.splitlines()) == 1
        assert result.err.rstrip().endswith(said)


@pytest.mark.parametrize(
    ("args", "usage"),
    [
        ((), "Usage: cardscore [OPTIONS] COMMAND"),
        (("--lang", "fr"), "Utilisation : cardscore [OPTIONS] COMMANDE"),
        (("--lang", "nb"), "Bruk: cardscore [VALG] KOMMANDO"),
        (("tournament",), "Usage: cardscore tournament [OPTIONS] COMMAND"),
        (("--lang", "fr", "tournament"), "Utilisation : cardscore tournament [OPTIONS] COMMANDE"),
    ],
)
def test_a_group_named_without_a_command_shows_its_help(cli, args, usage) -> None:
    """``cardscore``, ``cardscore --lang fr`` (which once printed nothing at all) or
    ``cardscore tournament``: the help page, in the language asked, and status 0."""
    result = cli(*args)
    assert result.code == 0 and result.err == ""
    assert result.out.startswith(usage)
    assert result.out == cli(*args, "--help").out


# --------------------------------------------------------------------------------------------
# delete / show / play: a wrong or missing session

FORM = {
    "en": "no session 'zzz': give a session's id or its first letters, as `cardscore list` "
    "shows them",
    "fr": "aucune partie « zzz » : donnez l'identifiant d'une partie ou ses premières lettres, "
    "comme `cardscore list` les montre",
    "nb": "ingen økt «zzz»: oppgi en økts id eller de første bokstavene i den, slik "
    "`cardscore list` viser dem",
}
DELETE_FORM = {
    "en": "delete needs a session: `cardscore delete SESSION` (its id or first letters, as "
    "`cardscore list` shows them)",
    "fr": "delete demande une partie : `cardscore delete PARTIE` (son identifiant ou ses "
    "premières lettres, comme `cardscore list` les montre)",
    "nb": "delete trenger en økt: `cardscore delete ØKT` (id-en eller de første bokstavene, "
    "slik `cardscore list` viser dem)",
}


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_a_wrong_session_without_a_terminal_names_the_accepted_form(
    cli, sessions, lang: str
) -> None:
    cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    before = sessions()
    for command in (["show", "zzz"], ["play", "zzz"], ["delete", "zzz", "--yes"]):
        result = cli("--lang", lang, *command)
        assert result.code == 2 and result.out == ""
        assert result.err == f"{ERROR[lang]}{FORM[lang]}\n"
    result = cli("--lang", lang, "delete", "--yes")
    assert result.code == 2
    assert result.err == f"{ERROR[lang]}{DELETE_FORM[lang]}\n"
    assert sessions() == before


def three_sessions(cli) -> list[str]:
    """Three sessions, the most recent last: tarot, belote, rami."""
    return [
        cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play").out.strip(),
        cli("new", "belote", "--names", "Sud,Est,Nord,Ouest", "--no-play").out.strip(),
        cli("new", "rami", "--names", "Zoé,Yann", "--no-play").out.strip(),
    ]


@terminal
def test_show_of_no_such_session_offers_the_sessions_on_a_terminal(cli, home: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    from terminal_kit import expect, pick, spawn

    tarot, belote, _rami = three_sessions(cli)
    child = spawn(home, "show", "zzz", columns=120)
    question = "No session 'zzz': which one?"
    expect(child, question)
    expect(child, f"{tarot} — tarot: Ann, Bob, Cyd, Dan; 0 rounds")
    pick(child, question, belote, drawn=True)
    expect(child, "Next dealer: Sud")  # the belote's sheet
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@terminal
def test_an_ambiguous_prefix_offers_only_its_sessions(cli, home: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    from terminal_kit import expect, spawn

    ids = ["abc1111111", "abc2222222", "zzz3333333"]
    for sid, game in zip(ids, ("tarot", "rami", "rami"), strict=True):
        made = Session.create(game, ["Ann", "Bob", "Cyd"], session_id=sid)
        with store.locked(sid):
            store.write(made)
    child = spawn(home, "--lang", "fr", "play", "abc", columns=120)
    expect(child, "La partie « abc » est ambiguë : laquelle ?")
    expect(child, "abc2222222 — rami")
    listed = "\n".join(child.screen.lines())
    assert "abc1111111 — tarot" in listed and "zzz3333333" not in listed
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()


@terminal
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_delete_with_no_session_asks_which_then_asks_about_it(cli, home: Path, lang: str) -> None:
    pexpect = pytest.importorskip("pexpect")
    from terminal_kit import expect, pick, spawn

    tarot, belote, rami = three_sessions(cli)
    question = {"en": "Which session?", "fr": "Quelle partie ?"}[lang]
    confirm = {"en": f"Delete session {belote} (belote", "fr": f"Supprimer la partie {belote}"}
    child = spawn(home, "--lang", lang, "delete", columns=120)
    pick(child, question, belote)
    expect(child, confirm[lang])
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert sorted(p.stem for p in (home / "sessions").glob("*.json")) == sorted([tarot, rami])
