"""Tarot questions: "Who was called?" offers the taker alone once (not "none" and the taker's
own name, which mean the same), and a renonce asks only what it needs: who had the most
points and that player's points."""

from __future__ import annotations

import pytest

from cardscore import store
from cardscore.i18n import set_language
from cardscore.prompts.round import RoundAsker
from cardscore.session import Session
from prompt_kit import drive

ENTER, DOWN = "\r", "\x1b[B"
FIVE = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
SIX = [*FIVE, "Fay"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def questions(monkeypatch) -> list[tuple[str, list[str]]]:
    """Every question asked, with the titles of its choices (none for a typed answer)."""
    import questionary

    from cardscore.prompts import ask

    asked: list[tuple[str, list[str]]] = []
    select, text = questionary.select, ask.text

    def spy_select(question, choices, **kwargs):
        asked.append((question, [str(c.title) for c in choices]))
        return select(question, choices, **kwargs)

    def spy_text(question, **kwargs):
        asked.append((question, []))
        return text(question, **kwargs)

    monkeypatch.setattr(questionary, "select", spy_select)
    monkeypatch.setattr(ask, "text", spy_text)
    return asked


def asker(names: list[str], rules: str = "fft", **raw: str) -> RoundAsker:
    session = Session.create("tarot", names, rules=rules, session_id=store.new_id())
    asking = RoundAsker(session.game_rules, session.table(), 1)
    asking.raw.update(raw)
    asking.asked.update(raw)  # answered already
    return asking


def test_who_was_called_offers_the_taker_alone_once(questions) -> None:
    asking = asker(FIVE, contract="garde", taker="Bob")
    # the taker alone (first), 2 bouts, the taker's points: 49, no bonus
    raw = drive(ENTER + "2" + ENTER + "49" + ENTER + ENTER, asking.ask)
    question, offered = questions[0]
    assert question == "Who was called?"
    assert offered == [
        "— the taker alone (no partner)",
        "Ann",
        "Cyd",
        "Dan",
        "Eve",
    ]
    assert "called" not in raw
    inp = asking.game.build_round(raw, asking.table, 1)
    assert inp["called"] is None
    # the same round as "called himself" typed on the command line
    assert inp == asking.game.build_round({**raw, "called": "Bob"}, asking.table, 1)


def test_who_was_called_at_six_leaves_out_the_taker_and_the_mort(questions) -> None:
    asking = asker(SIX, contract="garde", taker="Cyd")  # Ann deals round 1: the mort
    drive(DOWN * 2 + ENTER + "2" + ENTER + "49" + ENTER * 2, asking.ask)
    assert questions[0] == (
        "Who was called?",
        ["— the taker alone (no partner)", "Bob", "Dan", "Eve", "Fay"],
    )
    assert asking.raw["called"] == "Dan"


def test_who_was_called_in_french(questions) -> None:
    set_language("fr")
    asking = asker(FIVE, contract="garde", taker="Bob")
    drive(ENTER + "2" + ENTER + "49" + ENTER * 2, asking.ask)
    assert questions[0][0] == "Qui est le partenaire ?"
    assert questions[0][1][0] == "— le preneur seul (sans partenaire)"


def test_a_renonce_asks_who_had_the_most_points_and_that_players_points(questions) -> None:
    asking = asker(FIVE[:4], rules="maison", contract="renonce")
    raw = drive(ENTER + "34" + ENTER, asking.ask)  # Ann, 34 points; nothing else asked
    assert [question for question, _ in questions] == [
        "Who had the most points (chien included)?",
        "That player's points (chien included)?",
    ]
    assert raw == {"contract": "renonce", "taker": "Ann", "points": "34"}
    scored = asking.game.build_round(raw, asking.table, 1)
    assert scored == asking.game.build_round(
        {"contract": "renonce", "taker": "Ann", "points": "34"}, asking.table, 1
    )
    # the list of answers to change says the same questions
    assert [asking.question_of(f) for f in asking.questions()] == [
        "Contract?",
        "Who had the most points (chien included)?",
        "That player's points (chien included)?",
    ]


def test_a_renonce_in_french(questions) -> None:
    set_language("fr")
    asking = asker(FIVE[:4], rules="maison", contract="renonce")
    drive(ENTER + "34" + ENTER, asking.ask)
    assert [question for question, _ in questions] == [
        "Qui a le plus de points (chien compris) ?",
        "Ses points (chien compris) ?",
    ]


def test_either_sides_points_are_one_question(questions) -> None:
    """No "whose points did you count?": the taker's are asked, ``d40`` gives the
    defence's instead."""
    asking = asker(FIVE[:4], rules="maison", contract="garde", taker="Ann")
    drive("2" + ENTER + "d40" + ENTER + ENTER, asking.ask)
    assert [q for q, _ in questions] == [
        "How many bouts did the taker take?",
        "The taker's points? (d35: the defence's 35)",
    ]
    assert asking.raw["defense_points"] == "40" and "points" not in asking.raw


def test_a_number_out_of_range_for_its_side_is_refused_as_typed(questions) -> None:
    asking = asker(FIVE[:4], contract="garde", taker="Ann")
    # d95 is refused (the defence cannot have 95), then 50 for the taker
    drive("2" + ENTER + "d95" + ENTER + "\x7f" * 3 + "50" + ENTER + ENTER, asking.ask)
    assert asking.raw["points"] == "50" and "defense_points" not in asking.raw


def test_the_command_line_still_takes_the_taker_as_called_and_a_renonces_defence_points(
    cli,
) -> None:
    assert cli("new", "tarot", "--names", ",".join(FIVE), "--no-play").code == 0
    alone = ["--taker", "Bob", "--called", "Bob", "--contract", "garde", "--bouts", "2"]
    assert cli("add", *alone, "--points", "49").code == 0
    assert cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--rules", "maison",
               "--no-play").code == 0  # fmt: skip
    renonce = ["--taker", "Ann", "--contract", "renonce", "--defense-points", "57"]
    assert cli("add", *renonce).code == 0
    assert store.load(None).rounds[0]["points"] == 34


def test_escape_goes_back_one_question_its_answer_kept(questions) -> None:
    asking = asker(FIVE[:4], contract="garde", taker="Ann")
    # 2 bouts, then Escape at the points: the bouts asked again, "2" kept by Enter; then 44
    drive("2" + ENTER + "\x1b" + ENTER + "44" + ENTER + ENTER, asking.ask)
    assert [q for q, _ in questions][:3] == [
        "How many bouts did the taker take?",
        "The taker's points? (d35: the defence's 35)",
        "How many bouts did the taker take?",
    ]
    assert asking.raw["bouts"] == "2" and asking.raw["points"] == "44"


def test_the_points_and_their_twin_are_one_question_because_the_game_says_so() -> None:
    """The taker's and the defence's points are asked as one question because the field
    declares its twin, not because of their names."""
    import copy

    from msgspec.structs import replace

    from cardscore.games import get_game
    from cardscore.games.base import Table
    from cardscore.prompts.round import RoundAsker

    tarot = get_game("tarot")
    table = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), tarot.presets["fft"])
    asker = RoundAsker(tarot, table, 1)
    assert asker.keys["points"].twin == "defense_points"
    assert [f.key for f in asker.group(asker.keys["points"])] == ["points", "defense_points"]
    undeclared = copy.copy(tarot)
    undeclared.fields = tuple(replace(f, twin="") for f in tarot.fields)
    asker = RoundAsker(undeclared, table, 1)
    assert [f.key for f in asker.group(asker.keys["points"])] == ["points"]
