"""Corrections from the loop, in a real pseudo-terminal, in English and French (Norwegian
where words are concerned): "Change an answer" asks that answer only; "Corriger" on a round
just added changes one of its answers first, removes it second; the round picker answers to
the round's number; every confirmation names undo and redo by the home's words.

Every expected round and total is worked out by replaying the same answers with the Session
API, never typed in by hand.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from cardscore import store  # noqa: E402
from cardscore.changes import plain  # noqa: E402
from cardscore.session import Session  # noqa: E402
from terminal_kit import (  # noqa: E402
    CARDSCORE,
    ENTER,
    drawn_under,
    entry_title,
    expect,
    pick,
    screen_totals,
    settle,
    spawn_in,
)

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

BACKSPACE = "\x7f"
NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
LINE = "bob g 2b 49 dan"
RAW: dict[str, Any] = {
    "contract": "garde",
    "taker": "Bob",
    "called": "Dan",
    "bouts": "2",
    "points": "49",
}

#: what the screens say, by language
WORDS = {
    "en": {
        "hint": "(its key or the arrow keys)",
        "record": "Record round",
        "save": "Save this round?",
        "change": "Change an answer",
        "which": "Which answer?",
        "points": "The taker's points?",
        "bonuses": "Bonuses?",
        "corriger": "Corriger what?",
        "earlier": "An earlier round",
        "which round": "Which round?",
        "round": "Round {number} (",
        "remove": "Remove it",
        "yes": "y",
        "number hint": "(its number, or the arrow keys)",
        "change round": "Change an answer of round {number}",
        "remove round": "Remove round {number}",
        "totals moved": "Totals this correction changes:",
        "corrected": "Round {number} corrected",
    },
    "fr": {
        "hint": "(sa touche ou les flèches)",
        "record": "Saisir la donne",
        "save": "Enregistrer cette donne ?",
        "change": "Changer une réponse",
        "which": "Quelle réponse ?",
        "points": "Points du preneur ?",
        "bonuses": "Primes ?",
        "corriger": "Corriger quoi ?",
        "earlier": "Une donne plus ancienne",
        "which round": "Quelle donne ?",
        "round": "Donne {number} (",
        "remove": "La retirer",
        "yes": "o",
        "number hint": "(son numéro, ou les flèches)",
        "change round": "Changer une réponse de la donne {number}",
        "remove round": "Retirer la donne {number}",
        "totals moved": "Totaux que cette correction change :",
        "corrected": "Donne {number} corrigée",
    },
}


def new_session(rounds: list[dict[str, Any]]) -> str:
    """A 5-player tarot with these rounds, saved in the tests' data folder."""
    session = Session.create("tarot", NAMES, rules="fft", session_id=store.new_id())
    for raw in rounds:
        session.add(raw)
    store.write(session)
    return session.id


def replayed(rounds: list[dict[str, Any]]) -> Session:
    session = Session.create("tarot", NAMES, rules="fft", session_id="replay")
    for raw in rounds:
        session.add(raw)
    return session


def stored(session_id: str) -> list[dict[str, Any]]:
    """The rounds saved, as the Session API replays them (without their correction time)."""
    return [plain(r) for r in store.read(store.session_path(session_id)).rounds]


def quit_from_home(child, words: dict[str, str]) -> None:
    expect(child, words["record"])
    settle(child)
    child.send("q" + ENTER)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# ---- "Change an answer" asks that answer only ---------------------------------------------


@pytest.mark.parametrize("language", ["en", "fr"])
def test_change_an_answer_of_a_line_asks_that_answer_only(home: Path, language: str) -> None:
    """A round typed as one line, then "Save this round? → Change an answer → the points":
    the points are asked, then the round is shown again; the bonuses, which the line left
    empty, are not asked."""
    words = WORDS[language]
    session_id = new_session([])
    child = spawn_in(language, home, "play", session_id)
    expect(child, words["record"])
    settle(child)
    child.send(LINE + ENTER)
    pick(child, words["save"], words["change"], hint=words["hint"])
    pick(child, words["which"], words["points"], hint=words["hint"])
    expect(child, words["points"])
    settle(child)
    child.send(BACKSPACE * 2 + "52" + ENTER)
    expect(child, words["save"])
    settle(child)
    # (the list of answers showed "Bonuses? —": the question itself starts with "? ")
    assert not [line for line in child.screen.seen if line.startswith("? " + words["bonuses"])]
    child.send(words["yes"])
    expected = replayed([{**RAW, "points": "52"}])
    quit_from_home(child, words)
    assert stored(session_id) == expected.rounds
    assert screen_totals(child) == expected.standings().totals


# ---- the round picker answers to the round's number ---------------------------------------


def numbered_rounds(count: int) -> list[dict[str, Any]]:
    """``count`` rounds told apart by their points (40, 41, …)."""
    return [{**RAW, "points": str(40 + n)} for n in range(count)]


def to_the_round_picker(child, words: dict[str, str]) -> None:
    expect(child, words["record"])
    settle(child)
    child.send("c" + ENTER)  # the home: corriger
    pick(child, words["corriger"], words["earlier"], hint=words["hint"])
    expect(child, words["which round"])
    expect(child, words["number hint"])
    child.expect_exact("»")
    settle(child)


def remove_the_round_picked(child, words: dict[str, str], number: int) -> None:
    """The round picked: "Remove it", then yes."""
    question = words["round"].format(number=number)
    pick(child, question, words["remove"])
    expect(child, "(")  # "Remove round N?" (y/N)
    settle(child)
    child.send(words["yes"])


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(
    ("count", "typed", "number"),
    [(13, "3", 3), (13, "12", 12), (17, "2", 2), (17, "19" + "\x7f" * 2 + "7", 7)],
    ids=["3", "12", "an older round", "typed over"],
)
def test_the_round_picker_answers_to_the_round_s_number(
    home: Path, language: str, count: int, typed: str, number: int
) -> None:
    """Digits typed at "Which round?" then Enter pick that round: ``3`` round 3, ``1`` ``2``
    round 12; a round older than the list shows (17 rounds: the list shows 3 to 17) is
    picked by its number too; a number past the last round starts again at its digit, and
    Backspace takes a digit back (``1`` ``9`` is 1 then 9, two Backspaces, ``7``: 7)."""
    words = WORDS[language]
    rounds = numbered_rounds(count)
    session_id = new_session(rounds)
    child = spawn_in(language, home, "play", session_id)
    to_the_round_picker(child, words)
    # the rounds have no letter keys: the number each one starts with is its key
    listed = [line for line in drawn_under(child, words["which round"]) if " · " in line]
    assert listed and all(re.match(r"^ [» ] \d+ · ", line) for line in listed), listed
    child.send(typed)
    settle(child)
    shown = [line for line in child.screen.lines() if words["which round"] in line][-1]
    assert shown.endswith(f"{words['number hint']} {number}")  # the digits typed are shown
    child.send(ENTER)
    remove_the_round_picked(child, words, number)
    expected = replayed(rounds[: number - 1] + rounds[number:])
    quit_from_home(child, words)
    assert stored(session_id) == expected.rounds


# ---- Corriger on the round just added: change one of its answers first --------------------


def corriger_entries(child, words: dict[str, str]) -> list[str]:
    """The entries of "Corriger what?", once drawn, in order."""
    expect(child, words["corriger"])
    child.expect_exact("»")
    settle(child)
    return [entry_title(line) for line in drawn_under(child, words["corriger"])]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_corriger_the_round_just_added_changes_one_answer_kept_the_others(
    home: Path, language: str
) -> None:
    """Corriger after round 3 was added: "Change an answer of round 3" first (Enter), then
    "Remove round 3", then an earlier round; the points picked and retyped, the round shown
    with the totals it moves, saved as an edit of round 3: the other answers and rounds as
    they were."""
    words = WORDS[language]
    rounds = numbered_rounds(3)
    session_id = new_session(rounds)
    child = spawn_in(language, home, "play", session_id)
    expect(child, words["record"])
    settle(child)
    child.send("c" + ENTER)
    entries = corriger_entries(child, words)
    assert entries[:2] == [
        words["change round"].format(number=3),
        words["remove round"].format(number=3),
    ]
    assert entries[2].startswith(words["earlier"]) and len(entries) == 3
    child.send(ENTER)  # the first entry, preselected
    pick(child, words["which"], words["points"], hint=words["hint"])
    expect(child, words["points"])
    settle(child)
    child.send(BACKSPACE * 2 + "60" + ENTER)  # 42 → 60
    expect(child, words["save"])
    expect(child, "»")
    settle(child)
    assert words["totals moved"] in [line.strip() for line in child.screen.lines()]
    child.send(words["yes"])
    expect(child, words["corrected"].format(number=3))
    meant = [*rounds[:2], {**rounds[2], "points": "60"}]
    expected = replayed(meant)
    quit_from_home(child, words)
    assert stored(session_id) == expected.rounds
    assert screen_totals(child) == expected.standings().totals
    saved = store.read(store.session_path(session_id))
    assert saved.rounds[2]["edited"]  # an edit of round 3, not a round removed and added
    assert [entry["kind"] for entry in saved.history] == ["add", "add", "add", "edit"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_corriger_the_round_just_added_can_still_remove_it(home: Path, language: str) -> None:
    """The second entry removes the round just added, asked with No as the default."""
    words = WORDS[language]
    rounds = numbered_rounds(3)
    session_id = new_session(rounds)
    child = spawn_in(language, home, "play", session_id)
    expect(child, words["record"])
    settle(child)
    child.send("c" + ENTER)
    pick(child, words["corriger"], words["remove round"].format(number=3), hint=words["hint"])
    expect(child, "(")  # "Remove round 3?" (y/N)
    settle(child)
    child.send(words["yes"])
    quit_from_home(child, words)
    assert stored(session_id) == replayed(rounds[:2]).rounds


# ---- one word for one action: the home's words, quoted, in the confirmations ---------------

#: by language: the home's prompt, hint and words, the entries picked, a yes, and the two
#: confirmations, each naming its way back by the home's word, quoted as the language quotes
UNDO_WORDS = {
    "en": {
        "record": "Record round", "hint": "(its key or the arrow keys)",
        "home": "c corriger · r redo", "corriger": ("c", "Corriger what?"), "redo": "r",
        "remove round": "Remove round 3", "earlier": "An earlier round",
        "remove": "Remove it", "yes": "y", "round": "Round {number} (",
        "removed last": "Last round removed (“redo” puts it back).",
        "removed 1": "Round 1 removed (“corriger” puts it back).",
    },
    "fr": {
        "record": "Saisir la donne", "hint": "(sa touche ou les flèches)",
        "home": "c corriger · r rétablir", "corriger": ("c", "Corriger quoi ?"), "redo": "r",
        "remove round": "Retirer la donne 3", "earlier": "Une donne plus ancienne",
        "remove": "La retirer", "yes": "o", "round": "Donne {number} (",
        "removed last": "Dernière donne retirée (« rétablir » la remet).",
        "removed 1": "Donne 1 retirée (« corriger » la remet).",
    },
    "nb": {
        "record": "Før inn runde", "hint": "(tasten eller piltastene)",
        "home": "k korriger · g gjør om", "corriger": ("k", "Korriger hva?"), "redo": "g",
        "remove round": "Fjerne runde 3", "earlier": "En tidligere runde",
        "remove": "Fjerne den", "yes": "j", "round": "Runde {number} (",
        "removed last": "Siste runde er fjernet («gjør om» legger den tilbake).",
        "removed 1": "Runde 1 fjernet («korriger» legger den tilbake).",
    },
}  # fmt: skip


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_each_confirmation_names_its_way_back_by_the_home_s_word(home: Path, language: str) -> None:
    """The round just added removed: "redo" puts it back, named as the home shows it; redone,
    then round 1 removed: "corriger" puts it back, named the same way."""
    words = UNDO_WORDS[language]
    key, question = words["corriger"]
    rounds = numbered_rounds(3)
    session_id = new_session(rounds)
    child = spawn_in(language, home, "play", session_id)
    expect(child, words["record"])
    settle(child)
    hint = " ".join(" ".join(child.screen.lines()).split())
    assert words["home"] in hint  # the words as the home shows them
    child.send(key + ENTER)
    pick(child, question, words["remove round"], hint=words["hint"])
    expect(child, "(")  # "Remove round 3?" (y/N)
    settle(child)
    child.send(words["yes"])
    expect(child, words["removed last"])
    expect(child, words["record"])
    settle(child)
    child.send(words["redo"] + ENTER)  # the home's redo: round 3 back
    expect(child, words["record"])
    settle(child)
    child.send(key + ENTER)
    pick(child, question, words["earlier"], hint=words["hint"])
    expect(child, "»")
    settle(child)
    child.send("1" + ENTER)
    remove_the_round_picked(child, words, 1)
    expect(child, words["removed 1"])
    quit_from_home(child, words)
    assert stored(session_id) == replayed(rounds[1:]).rounds
