"""Belote and coinche questions: announcements by name (``tierce``, ``carré de valets``,
``20+50``, in French or English) wherever a value is typed, and the capot question offered
only where a team can have taken every trick."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardscore import store
from cardscore.games.base import InputError
from cardscore.i18n import set_language
from cardscore.prompts.round import RoundAsker
from cardscore.session import Session
from prompt_kit import drive

DOWN, ENTER = "\x1b[B", "\r"
NAMES = ["Ann", "Bob", "Cyd", "Dan"]
TEAMS = ["team1=NS", "team2=EW"]
ROUND = {"taker": "Ann", "trump": "hearts", "points": "100", "dix_de_der": "NS"}


@pytest.fixture(autouse=True)
def english():
    """The questions asked in English (a ``--lang fr`` run leaves French behind)."""
    set_language("en")
    yield
    set_language("en")


def belote(game: str = "belote") -> Session:
    return Session.create(game, NAMES, settings=TEAMS, session_id=store.new_id())


def announced(session: Session, *answers: str) -> list[list[int]]:
    raw = {**ROUND, "announce": list(answers)}
    if session.game == "coinche":
        raw["contract"] = "100"
    return session.game_rules.build_round(raw, session.table(), 1)["announces"]


@pytest.mark.parametrize("game", ["belote", "coinche"])
@pytest.mark.parametrize(
    ("typed", "values"),
    [
        ("NS:tierce", [[0, 20]]),
        ("NS:Cinquante", [[0, 50]]),
        ("NS:cent", [[0, 100]]),
        ("NS:carré", [[0, 100]]),
        ("NS:carré d'as", [[0, 100]]),
        ("NS:carre de rois", [[0, 100]]),
        ("NS:carré de neuf", [[0, 150]]),
        ("NS:Carré de Valets", [[0, 200]]),
        ("EW:four jacks", [[1, 200]]),
        ("EW:fifty", [[1, 50]]),
        ("EW:hundred", [[1, 100]]),
        ("EW:four nines", [[1, 150]]),
        ("NS:20+50", [[0, 20], [0, 50]]),
        ("NS:tierce + cinquante", [[0, 20], [0, 50]]),
        ("NS:tierce et carré de valets", [[0, 20], [0, 200]]),
        ("NS:50 20", [[0, 50], [0, 20]]),
        ("taker:quinte", [[0, 100]]),
    ],
)
def test_an_announcement_by_name_is_its_value(game: str, typed: str, values) -> None:
    session = belote(game)
    assert announced(session, typed) == values
    # the same as typed by value, one at a time
    by_value = [f"{['NS', 'EW'][team]}:{value}" for team, value in values]
    assert announced(session, typed) == announced(session, *by_value)


@pytest.mark.parametrize("typed", ["quatre", "tierce + trente", "-20", "+", "carré de huit"])
def test_a_word_that_names_no_announcement_is_refused_naming_it(typed: str) -> None:
    with pytest.raises(InputError) as refused:
        announced(belote(), f"NS:{typed}")
    word = {"tierce + trente": "trente"}.get(typed, typed)
    assert str(refused.value) == (
        f"--announce: {word!r} is not an announcement value (accepted: 20 (tierce), "
        "50 (cinquante), 100 (cent, carré), 150 (carré de neuf), 200 (carré de valets))"
    )
    assert refused.value.field == "announce"


def test_add_takes_announcements_by_name_in_either_language(cli) -> None:
    teams = [option for team in TEAMS for option in ("--set", team)]
    assert cli("new", "belote", "--names", ",".join(NAMES), *teams, "--no-play").code == 0
    options = ["--taker", "Ann", "--trump", "hearts", "--points", "100", "--dix-de-der", "NS"]
    result = cli("add", *options, "--announce", "NS:tierce+cinquante", "--announce",
                 "EW:carré de valets")  # fmt: skip
    assert result.code == 0, result.err
    result = cli("--lang", "fr", "add", *options, "--announce", "EW:four jacks")
    assert result.code == 0, result.err
    session = store.load(None)
    assert [r["announces"] for r in session.rounds] == [[[0, 20], [0, 50], [1, 200]], [[1, 200]]]


def test_add_refuses_an_unknown_name_in_one_line_and_saves_nothing(cli, sessions) -> None:
    assert cli("new", "belote", "--names", ",".join(NAMES), "--no-play").code == 0
    before = sessions()
    options = ["--taker", "Ann", "--trump", "hearts", "--points", "100", "--dix-de-der", "taker"]
    result = cli("add", *options, "--announce", "taker:carré de huit")
    assert result.code == 2 and result.out == ""
    assert result.err == (
        "cardscore: error: --announce: 'carré de huit' is not an announcement value (accepted: "
        "20 (tierce), 50 (cinquante), 100 (cent, carré), 150 (carré de neuf), "
        "200 (carré de valets))\n"
    )
    assert sessions() == before
    french = cli("--lang", "fr", "add", *options, "--announce", "taker:quatre")
    assert french.code == 2 and len(french.err.splitlines()) == 1
    assert french.err.startswith("cardscore : erreur : --announce : « quatre » ")


# ---- the prompts ---------------------------------------------------------------------------


def ask(session: Session, keys: str) -> dict[str, Any]:
    asker = RoundAsker(session.game_rules, session.table(), 1)
    return drive(keys, asker.ask)


# taker Ann, spades; then the boxes: belote-rebelote, announcements, capot
TAKER_AND_TRUMP = ENTER + ENTER
# the taker's points: 100, the dix de der the taker's team's (the default)
POINTS = "100" + ENTER + ENTER
SPACE = " "


def test_the_prompts_take_announcements_by_name() -> None:
    session = belote()
    # announcements ticked; NS: tierce and carré de valets; EW: fifty
    keys = TAKER_AND_TRUMP + DOWN + SPACE + ENTER
    keys += "tierce + carré de valets" + ENTER + "fifty" + ENTER + POINTS
    raw = ask(session, keys)
    assert raw["announce"] == ["NS:tierce + carré de valets", "EW:fifty"]
    inp = session.game_rules.build_round(raw, session.table(), 1)
    assert inp["announces"] == [[0, 20], [0, 200], [1, 50]]
    assert inp["dix_de_der"] == 0  # the taker's team's, by default


def test_a_name_the_prompts_cannot_read_is_refused_under_its_question() -> None:
    session = belote()
    asker = RoundAsker(session.game_rules, session.table(), 1)
    asker.raw.update(ROUND)
    announce = next(f for f in session.game_rules.fields if f.key == "announce")
    assert asker.problem(announce, ["NS:tierce trente"]) == (
        "'tierce trente' is not an announcement value (accepted: 20 (tierce), 50 (cinquante), "
        "100 (cent, carré), 150 (carré de neuf), 200 (carré de valets))"
    )
    assert asker.problem(announce, ["NS:tierce cinquante"]) is None


def test_no_box_ticked_asks_the_points_and_the_last_trick_only(monkeypatch) -> None:
    from cardscore.prompts import ask as asking

    asked: list[str] = []
    text = asking.text

    def spy(question, **kwargs):
        asked.append(question)
        return text(question, **kwargs)

    monkeypatch.setattr(asking, "text", spy)
    session = belote()
    raw = ask(session, TAKER_AND_TRUMP + ENTER + POINTS)
    assert asked == [
        "Card points of the taker's team (without dix de der)? (d35: the defence's 35)"
    ]
    assert "capot" not in raw and "announce" not in raw and "belote" not in raw
    assert session.game_rules.build_round(raw, session.table(), 1)["capot"] is None


def test_a_capot_ticked_asks_its_team_and_no_points(monkeypatch) -> None:
    import questionary

    offered: list[list[str]] = []
    select = questionary.select

    def spy(question, choices, **kwargs):
        offered.append([str(c.value) for c in choices])
        return select(question, choices, **kwargs)

    monkeypatch.setattr(questionary, "select", spy)
    session = belote()
    # capot ticked (the third box), then EW (its key ``e``): nothing else is asked
    raw = ask(session, TAKER_AND_TRUMP + DOWN * 2 + SPACE + ENTER + "e" + ENTER)
    assert offered[-1] == ["NS", "EW"]  # ticked: "none" is not an answer
    assert raw == {"taker": "Ann", "trump": "spades", "capot": "EW"}
    inp = session.game_rules.build_round(raw, session.table(), 1)
    assert (inp["capot"], inp["points"], inp["dix_de_der"]) == (1, 0, 1)


def test_a_capot_ticked_on_a_change_drops_the_points_it_stands_for() -> None:
    session = belote()
    asker = RoundAsker(session.game_rules, session.table(), 1)
    drive(TAKER_AND_TRUMP + ENTER + POINTS, asker.ask)
    assert asker.raw["points"] == "100"
    boxes = next(f for f in session.game_rules.fields if f.key == "belote")
    drive(DOWN * 2 + SPACE + ENTER + ENTER, asker.change, boxes)  # capot: NS
    assert asker.raw["capot"] == "NS"
    assert "points" not in asker.raw and "dix_de_der" not in asker.raw


def test_the_saved_file_keeps_announcements_as_values(cli, home) -> None:
    assert cli("new", "belote", "--names", ",".join(NAMES), "--no-play").code == 0
    options = ["--taker", "Ann", "--trump", "hearts", "--points", "100", "--dix-de-der", "taker"]
    assert cli("add", *options, "--announce", "taker:tierce").code == 0
    path = next((home / "sessions").glob("*.json"))
    assert json.loads(path.read_text("utf-8"))["rounds"][0]["announces"] == [[0, 20]]
