"""The rule-set question of a new game says what each rule set is, in one short line, in the
user's language."""

from __future__ import annotations

import pytest

from cardscore.games import get_game
from cardscore.i18n import set_language
from cardscore.prompts import setup
from prompt_kit import drive

ENTER, DOWN = "\r", "\x1b[B"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def titles(game: str) -> list[str]:
    return [c.title for c in setup.preset_choices(get_game(game))]


def test_each_rule_set_is_said_in_one_line() -> None:
    assert titles("tarot") == [
        "fft — the FFT's scoring: (25 + gap) × contract, every round sums to zero",
        "maison — house rules: garde 40, gaps rounded to ten, personal bonuses",
    ]
    assert titles("belote") == [
        "maison — house rules: in sans atout the ace is worth 11 (a round of 130)",
        "official — the official count: in sans atout the ace is worth 19 (162)",
    ]
    assert titles("coinche") == [
        "maison — house rules: sans atout ace 11, totals not rounded, capot 252",
        "official — the official count: sans atout ace 19, totals rounded, capot 250",
    ]
    # every rule set of every game has its line, short enough for an 80-column terminal
    for game in ("tarot", "belote", "coinche"):
        for preset in get_game(game).presets:
            assert preset in get_game(game).preset_lines
        assert all(len(title) <= 76 for title in titles(game))


def test_each_rule_set_is_said_in_french() -> None:
    set_language("fr")
    assert titles("tarot") == [
        "fft — le barème de la FFT : (25 + écart) × contrat, chaque donne fait zéro",
        "maison — règles maison : garde 40, écarts arrondis à 10, primes personnelles",
    ]
    assert titles("belote")[1] == "officiel — compte officiel : à sans atout l'as vaut 19 (162)"
    for game in ("tarot", "belote", "coinche"):
        assert all(len(title) <= 76 for title in titles(game))


def test_the_question_offers_them_and_answers_the_rule_set(monkeypatch) -> None:
    import questionary

    asked: dict[str, list[tuple[str, str]]] = {}
    select = questionary.select

    def spy(question, choices, **kwargs):
        asked[question] = [(c.title, c.value) for c in choices]
        return select(question, choices, **kwargs)

    monkeypatch.setattr(questionary, "select", spy)
    belote, names = get_game("belote"), list("ABCD")
    # the second rule set, then Enter for each team's name and for the target
    answers = drive(DOWN + ENTER * 4, setup.ask_new, belote, players=None, names=names, rules=None)
    assert answers.rules == "official"
    assert [value for _title, value in asked["Rule set?"]] == ["maison", "official"]
    assert asked["Rule set?"][1][0].startswith("official — the official count")


def test_a_game_of_one_rule_set_asks_nothing() -> None:
    rami, names = get_game("rami"), list("ABC")
    answers = drive("", setup.ask_new, rami, players=None, names=names, rules=None)
    assert answers.rules == "standard"
    assert titles("rami") == ["standard"]


@pytest.mark.parametrize(("game", "default"), [("belote", 1000), ("coinche", 2000)])
def test_belote_and_coinche_ask_the_target_enter_keeps_the_rule_sets(game, default) -> None:
    names = list("ABCD")
    kept = drive(ENTER * 3, setup.ask_new, get_game(game), players=None, names=names,
                 rules="maison")  # fmt: skip
    assert "target" not in " ".join(kept.settings)  # the rule set's, stored as it
    typed = drive(ENTER * 2 + "1500" + ENTER, setup.ask_new, get_game(game), players=None,
                  names=names, rules="maison")  # fmt: skip
    assert typed.settings == ["target=1500"]
    said = drive(str(default) + ENTER, setup.ask_target, get_game(game), "maison", names)
    assert said is None  # the rule set's own target, typed: nothing to set


def test_a_target_that_is_no_score_is_asked_again() -> None:
    said = drive("0" + ENTER + "\x7f" + "abc" + ENTER + "\x7f" * 3 + "700" + ENTER,
                 setup.ask_target, get_game("belote"), "maison", list("ABCD"))  # fmt: skip
    assert said == 700


def test_a_target_given_or_following_the_table_is_not_asked() -> None:
    names = list("ABCD")
    given = drive(ENTER * 2, setup.ask_new, get_game("belote"), players=None, names=names,
                  rules="maison", target_given=True)  # fmt: skip
    assert given.settings == []
    assert setup.ask_target(get_game("rami"), "standard", names) is None  # automatic
    assert setup.ask_target(get_game("tarot"), "fft", names) is None  # none
