"""One word for one action: every confirmation that says how to go back names undo and redo
by the words the loop's home shows for them, quoted the same way (“corriger”, “redo”;
« corriger », « rétablir »; «korriger», «gjør om»), and on the command line by its commands
(`cardscore undo`, `cardscore redo`) — in English, French and Norwegian.

Each confirmation is made by the flow that says it (the loop's Corriger, a table change, the
commands), and the test lists which word each one must name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from cardscore import store
from cardscore.i18n import set_language, tr
from cardscore.session import Session
from prompt_kit import drive

DOWN, ENTER = "\x1b[B", "\r"
NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
ROUNDS: list[dict[str, Any]] = [
    {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "49"},
    {"contract": "prise", "taker": "Cyd", "called": "Ann", "bouts": "1", "points": "60"},
    {"contract": "garde", "taker": "Eve", "called": "Bob", "bouts": "3", "points": "40"},
]

#: by language: the home's words for undo and redo, as quoted in a message, and the key of
#: a yes
LANGUAGES = {
    "en": ("corriger", "redo", "“corriger”", "“redo”", "y"),
    "fr": ("corriger", "rétablir", "« corriger »", "« rétablir »", "o"),
    "nb": ("korriger", "gjør om", "«korriger»", "«gjør om»", "j"),
}
#: every spelling a message could name undo or redo by, in any language, as a whole word
ANY_SPELLING = re.compile(r"\b(corriger|korriger|redo|rétablir|gjør om|undo)\b", re.IGNORECASE)
UNDO, REDO = "undo", "redo"


@pytest.fixture(params=list(LANGUAGES))
def language(request) -> str:
    set_language(request.param)
    return request.param


def new_session(**change: Any) -> str:
    """A 5-player tarot of three rounds, then ``change``: ``edit``, ``insert``, ``remove``
    or ``table`` (none: the last change is round 3, added)."""
    session = Session.create("tarot", NAMES, rules="fft", session_id=store.new_id())
    for raw in ROUNDS:
        session.add(raw)
    if "edit" in change:
        session.edit(2, {"points": "58"})
    if "insert" in change:
        session.add(ROUNDS[0], before=2)
    if "remove" in change:
        session.remove(2)
    if "table" in change:
        session.change_table(replace=["Dan=Zoé"])
    store.write(session)
    return session.id


def loop_confirmations(language: str) -> list[tuple[str, str, Callable[[], Any]]]:
    """What each flow of the loop says how to go back by, and the flow."""
    from cardscore.prompts import correct, table

    yes = LANGUAGES[language][4]

    def corriger(keys: str, **change: Any) -> Callable[[], Any]:
        return lambda: drive(keys, correct.corriger, new_session(**change))

    return [
        ("the round just added, removed", REDO, corriger(DOWN + ENTER + yes)),
        ("an edit undone", REDO, corriger(ENTER + yes, edit=True)),
        ("an insertion undone", REDO, corriger(ENTER + yes, insert=True)),
        ("a removal undone", REDO, corriger(ENTER + yes, remove=True)),
        ("a table change undone", REDO, corriger(ENTER + yes, table=True)),
        (
            "an earlier round removed",
            UNDO,
            corriger(DOWN * 2 + ENTER + "1" + ENTER + DOWN + ENTER + yes),
        ),
        (
            "an answer of the round just added changed",
            UNDO,
            corriger(ENTER + DOWN * 4 + ENTER + "\x7f" * 2 + "55" + ENTER + ENTER),
        ),
        (
            "a table change made",
            UNDO,
            lambda: table.offer(new_session(), {"replace": ["Dan=Zoé"]}, confirm=False),
        ),
    ]


@pytest.mark.parametrize("flow", range(8))
def test_the_loop_names_undo_and_redo_by_the_home_s_words(capsys, language: str, flow: int) -> None:
    *_words, undo_said, redo_said, _yes = LANGUAGES[language]
    what, named, run = loop_confirmations(language)[flow]
    run()
    out = " ".join(capsys.readouterr().out.split())
    said = undo_said if named == UNDO else redo_said
    assert said in out, f"{what}: {said} is not named in {out!r}"
    # no other spelling of either action, and no unquoted one
    rest = out.replace(undo_said, "").replace(redo_said, "")
    assert not ANY_SPELLING.findall(rest), f"{what}: {ANY_SPELLING.findall(rest)} in {out!r}"


def test_the_words_are_those_the_home_shows(capsys, language: str) -> None:
    """The home's hint shows each action's key and word: the words the messages quote."""
    from cardscore.prompts import loop

    undo_word, redo_word, *_ = LANGUAGES[language]
    session = store.read(store.session_path(new_session()))
    assert drive("q" + ENTER, loop.home, "Record round 4", session)[0] == loop.QUIT
    hint = " ".join(capsys.readouterr().out.split())
    assert f"{undo_word[0]} {undo_word} · {redo_word[0]} {redo_word} ·" in hint
    from cardscore.prompts.correct import REDO_WORD, UNDO_WORD, named

    assert tr(named(UNDO_WORD)) == LANGUAGES[language][2]
    assert tr(named(REDO_WORD)) == LANGUAGES[language][3]


def test_a_correction_asked_from_the_command_line_names_the_undo_command(
    capsys, language: str
) -> None:
    """``cardscore edit ROUND`` on a terminal asks the round's questions; its confirmation
    names the command that takes it back, not the loop's word."""
    from cardscore.prompts import correct

    session_id = new_session()
    keys = ENTER * 4 + "\x7f" * 2 + "45" + ENTER + ENTER + ENTER  # round 3: points 40 → 45, saved
    drive(keys, correct.edit_round, session_id, 3)
    out = " ".join(capsys.readouterr().out.split())
    assert "(`cardscore undo` " in out
    assert not ANY_SPELLING.findall(out.replace("`cardscore undo`", "")), out


@pytest.mark.parametrize(
    "commands",
    [
        [["remove", "1", "--yes"], ["undo"], ["redo"]],
        [["edit", "2", "--points", "58"], ["undo"], ["redo"]],
        [["table", "--replace", "Dan=Zoé"], ["undo"], ["redo"]],
    ],
    ids=["remove", "edit", "table"],
)
def test_the_command_line_names_undo_and_redo_by_their_commands(
    cli, language: str, commands: list[list[str]]
) -> None:
    """Each confirmation that says how to go back names `cardscore undo` or `cardscore
    redo`, in every language; no loop word."""
    session_id = new_session()
    named = 0
    for command in commands:
        result = cli("--lang", language, command[0], session_id, *command[1:])
        assert result.code == 0, result.err
        out = " ".join(result.out.split())
        named += out.count("`cardscore undo`") + out.count("`cardscore redo`")
        rest = out.replace("`cardscore undo`", "").replace("`cardscore redo`", "")
        assert not ANY_SPELLING.findall(rest), out
    assert named >= 2  # the undo's and the redo's, at least
