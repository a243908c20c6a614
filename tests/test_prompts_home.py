"""The loop's home while a game is on: a line is asked.  Enter starts the round's questions;
a round typed as one line is read, shown and saved (Enter saves); a word or its key is an
action, in the user's language or in English; a line that cannot be read says why and
saves nothing."""

from __future__ import annotations

import pytest

from cardscore import store
from cardscore.changes import plain
from cardscore.i18n import set_language
from cardscore.session import Session
from prompt_kit import drive

NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
ENTER = "\r"
GARDE = {"taker": "Bob", "contract": "garde", "called": "Dan", "bouts": "2", "points": "49"}


def new_session() -> str:
    session = Session.create("tarot", NAMES, session_id=store.new_id())
    store.write(session)
    return session.id


def rounds(session_id: str) -> list[dict]:
    return [plain(r) for r in store.load(session_id).rounds]


def test_a_round_typed_at_the_home_is_saved_with_one_enter(capsys) -> None:
    from cardscore.prompts import loop

    session_id = new_session()
    drive("bob g 2b 49 dan" + ENTER + ENTER + "q" + ENTER, loop.play, session_id)
    expected = Session.create("tarot", NAMES)
    expected.add(GARDE)
    assert rounds(session_id) == [plain(r) for r in expected.rounds]
    out = capsys.readouterr().out
    assert "garde: (25 + 8) × 2 = +66" in out  # the breakdown, shown before it is saved


def test_a_line_that_cannot_be_read_says_why_and_saves_nothing(capsys) -> None:
    from cardscore.prompts import loop

    session_id = new_session()
    drive("bob gx 2b 49" + ENTER + "q" + ENTER, loop.play, session_id)
    assert rounds(session_id) == []
    assert "'gx': neither a player nor a word of this game" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("language", "show", "quit"),
    [("en", "s", "q"), ("en", "show", "quit"), ("fr", "a", "quitter"), ("nb", "v", "a")],
)
def test_an_action_is_a_key_or_a_word_in_the_user_s_language(
    capsys, language: str, show: str, quit: str
) -> None:
    from cardscore.prompts import loop

    session_id = new_session()
    with store.changing(session_id) as current:
        current.add(GARDE)
    set_language(language)
    drive(show + ENTER + quit + ENTER, loop.play, session_id)
    out = capsys.readouterr().out
    assert out.count("Bob") >= 3  # the sheet shown, then the totals
    assert "`cardscore play" in out  # quit: said how to resume


def test_the_home_hint_names_every_action_in_the_user_s_language(capsys) -> None:
    from cardscore.prompts import loop

    session_id = new_session()
    set_language("fr")
    drive("q" + ENTER, loop.play, session_id)
    out = " ".join(capsys.readouterr().out.split())
    assert "Entrée : les questions · ou la donne en une ligne" in out
    for said in ("c corriger", "r rétablir", "a afficher", "i imprimer", "t table", "q quitter"):
        assert said in out


def test_nothing_to_redo_is_said_at_the_home(capsys) -> None:
    from cardscore.prompts import loop

    session_id = new_session()
    drive("r" + ENTER + "q" + ENTER, loop.play, session_id)
    assert "nothing to redo" in capsys.readouterr().out
