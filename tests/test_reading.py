"""The one reader of raw answers (cardscore.games.reading): every game's options and prompts
accept the same words, and every refusal names its field."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardscore.games import GAME_NAMES, get_game
from cardscore.games.base import Field, FieldKind, InputError
from cardscore.games.reading import NO, YES, read_answers, read_flag

FLAG = Field("blocked", "flag", "Blocked?", "blocked")
FIELDS = (
    Field("taker", "player", "Who took?", "the taker"),
    FLAG,
    Field("not_opened", "players", "Who never opened?", "never opened"),
    Field("poignee", "player_tag", "Poignée?", "a poignée"),
    Field("announce", "team_value", "Announcements?", "an announcement"),
    Field("hand", "player_text", "Hands?", "a hand"),
)


def test_kinds_are_typed() -> None:
    assert FIELDS[0].kind is FieldKind.PLAYER
    with pytest.raises(ValueError, match="unknown field kind 'nickname'"):
        Field("x", "nickname", "?", "?")


@pytest.mark.parametrize("word", sorted(YES | {"YES", "Oui", " o "}))
def test_every_yes_word(word: str) -> None:
    assert read_flag(word, FLAG) is True


@pytest.mark.parametrize("word", sorted(NO | {"Non", "NO", ""}))
def test_every_no_word(word: str) -> None:
    assert read_flag(word, FLAG) is False


def test_yes_and_no_do_not_overlap() -> None:
    assert not YES & NO


@pytest.mark.parametrize("value", ["maybe", 2, ["yes", "no"]])
def test_a_flag_that_is_neither_is_refused_with_its_field(value) -> None:
    with pytest.raises(InputError) as error:
        read_answers(FIELDS, {"blocked": value}, game="rami")
    assert error.value.field == "blocked"
    assert str(error.value).startswith("--blocked: ")


def test_shapes() -> None:
    answers = read_answers(
        FIELDS,
        {
            "taker": 7,  # numbers are read as typed
            "blocked": False,
            "not_opened": ["Bob", " ", "Cyd"],
            "poignee": "Ann",
            "announce": ["ns:50", "ew:20"],
            "hand": ["Bob=A JK 5"],
        },
        game="rami",
    )
    assert dict(answers) == {
        "taker": "7",
        "not_opened": ("Bob", "Cyd"),
        "poignee": (("Ann", None),),
        "announce": (("ns", "50"), ("ew", "20")),
        "hand": (("Bob", "A JK 5"),),
    }
    assert answers.flag("blocked") is False
    assert answers.text("missing") is None and answers.texts("missing") == ()


@pytest.mark.parametrize(
    ("raw", "field", "start"),
    [
        ({"taker": ["Ann", "Bob"]}, "taker", "--taker: given 2 times (Ann, Bob)"),
        ({"taker": True}, "taker", "--taker: a value is needed"),
        ({"taker": {"a": 1}}, "taker", "--taker: unexpected value of type dict"),
        ({"not_opened": [["Bob"]]}, "not_opened", "--not-opened: a list of names"),
        ({"announce": ["ns"]}, "announce", "--announce: 'ns' is not of the form TEAM:VALUE"),
        ({"hand": ["=5"]}, "hand", "--hand: '=5' is not of the form NAME=VALUE"),
        ({"poignee": ["Bob:"]}, "poignee", "--poignee: 'Bob:' is not of the form NAME:KIND"),
        ({"bogus": "x"}, None, "--bogus is not an option of rami"),
    ],
)
def test_refusals_name_their_field(raw, field, start) -> None:
    with pytest.raises(InputError) as error:
        read_answers(FIELDS, raw, game="rami")
    assert error.value.field == field
    assert str(error.value).startswith(start), str(error.value)
    assert "\n" not in str(error.value)


def test_an_option_not_given_is_not_unknown() -> None:
    assert dict(read_answers(FIELDS, {"bogus": None, "other": [], "flag": False}, game="x")) == {}


ANY = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=6,
)


@given(st.sampled_from(GAME_NAMES), st.data())
def test_any_raw_value_is_read_or_refused_with_an_input_error(game_name, data) -> None:
    game = get_game(game_name)
    keys = [f.key for f in game.fields]
    raw = data.draw(st.dictionaries(st.sampled_from(keys), ANY, max_size=5))
    try:
        answers = read_answers(game.fields, raw, game=game_name)
    except InputError as error:
        assert error.field in keys
        return
    for key, value in answers.items():
        f = answers.field(key)
        if f.kind is FieldKind.FLAG:
            assert value is True
        elif f.repeatable:
            assert isinstance(value, tuple) and value
        else:
            assert isinstance(value, str) and value == value.strip() and value
