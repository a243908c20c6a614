"""What a rami round was, as data (issue 11): the record of every worked round (docs/rules.md,
Rami), its scores a pure function of it, the breakdown written from it, ``show --json``'s
"terms"; every refusal naming its field; the one reader's yes words; the rules as types."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscore.games import rami
from cardscore.games.base import InputError, Table, apply_settings
from cardscore.games.rami import GAME, RamiParams
from test_rami_core import BAD_ROUNDS, VALUE, typed_card

NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")
OPTIONS = {f.option: f.key for f in GAME.fields}


def table(n: int = 3, **params: Any) -> Table:
    return Table("rami", NAMES[:n], RamiParams(**params))


def play(raw: dict[str, Any], n: int = 3, **params: Any):
    t = table(n, **params)
    inp = GAME.build_round(raw, t, 1)
    return GAME.score(inp, t, 1, None), t


def term(
    kind: str, amount: int, owner: str, detail: str | None = None, scored: bool = True
) -> dict[str, Any]:
    """A term as ``show --json`` gives it."""
    data: dict[str, Any] = {"kind": kind, "amount": amount, "owner": owner}
    if detail is not None:
        data["detail"] = detail
    if not scored:
        data["scored"] = False
    return data


def out(player: str) -> dict[str, Any]:
    return term("went_out", 0, player)


def hand(player: str, value: int, cards: str | None = None, scored: bool = True):
    return term("hand", value, player, cards if cards is not None else str(value), scored)


# --------------------------------------------------------------------------------------------
# The record of every worked round

# (id, players, parameters, raw round, winners, least hand, terms, scores)
WORKED = [
    (
        "ace_joker_five",
        3,
        {},
        {"winner": "Ann", "hand": ["Bob=A JK 5", "Cyd=12"]},
        ["Ann"],
        None,
        [out("Ann"), hand("Bob", 36, "A JK 5"), hand("Cyd", 12)],
        {"Ann": 0, "Bob": 36, "Cyd": 12},
    ),
    (
        "blocked_smallest_hand",
        3,
        {},
        {"blocked": True, "hand": ["Ann=12", "Bob=7", "Cyd=30"]},
        ["Bob"],
        7,
        [hand("Ann", 12), hand("Bob", 7, scored=False), hand("Cyd", 30)],
        {"Ann": 12, "Bob": 0, "Cyd": 30},
    ),
    (
        "blocked_tie_and_not_opened",
        3,
        {},
        {"blocked": True, "hand": ["Ann=7", "Bob=7", "Cyd=30"], "not_opened": ["Cyd"]},
        ["Ann", "Bob"],
        7,
        [
            hand("Ann", 7, scored=False),
            hand("Bob", 7, scored=False),
            hand("Cyd", 30),
            term("not_opened", 25, "Cyd", "uncapped"),
        ],
        {"Ann": 0, "Bob": 0, "Cyd": 55},
    ),
    (
        "two_players_half_the_target",
        2,
        {},
        {"winner": "Ann", "hand": ["Bob=40"], "not_opened": ["Bob"]},
        ["Ann"],
        None,
        [out("Ann"), hand("Bob", 40), term("not_opened", 10, "Bob", "half_target")],
        {"Ann": 0, "Bob": 50},
    ),
    (
        "two_players_under_the_caps",
        2,
        {},
        {"winner": "Ann", "hand": ["Bob=20"], "not_opened": ["Bob"]},
        ["Ann"],
        None,
        [out("Ann"), hand("Bob", 20), term("not_opened", 25, "Bob", "uncapped")],
        {"Ann": 0, "Bob": 45},
    ),
    (
        "four_players_capped_at_100",
        4,
        {},
        {
            "winner": "Ann",
            "hand": ["Bob=A JK 5", "Cyd=R D V 10", "Dan=80"],
            "not_opened": ["Dan"],
        },
        ["Ann"],
        None,
        [
            out("Ann"),
            hand("Bob", 36, "A JK 5"),
            hand("Cyd", 40, "R D V 10"),
            hand("Dan", 80),
            term("not_opened", 20, "Dan", "capped"),
        ],
        {"Ann": 0, "Bob": 36, "Cyd": 40, "Dan": 100},
    ),
    (
        "four_players_cards_capped",
        4,
        {},
        {
            "winner": "Ann",
            "hand": ["Bob=A 5", "Cyd=R D", "Dan=JK JK R D V A 9"],
            "not_opened": ["Dan"],
        },
        ["Ann"],
        None,
        [
            out("Ann"),
            hand("Bob", 16, "A 5"),
            hand("Cyd", 20, "R D"),
            hand("Dan", 90, "JK JK R D V A 9"),
            term("not_opened", 10, "Dan", "capped"),
        ],
        {"Ann": 0, "Bob": 16, "Cyd": 20, "Dan": 100},
    ),
    (
        "rami_sec_three_players",
        3,
        {},
        {"winner": "Ann", "rami_sec": True},
        ["Ann"],
        None,
        [out("Ann"), term("rami_sec", 200, "Bob", "flat"), term("rami_sec", 200, "Cyd", "flat")],
        {"Ann": 0, "Bob": 200, "Cyd": 200},
    ),
    (
        "rami_sec_hands_kept_not_counted",
        3,
        {},
        {"winner": "Cyd", "rami_sec": True, "hand": ["Ann=3", "Bob=JK JK A"]},
        ["Cyd"],
        None,
        [
            hand("Ann", 3, scored=False),
            term("rami_sec", 200, "Ann", "flat"),
            hand("Bob", 51, "JK JK A", scored=False),
            term("rami_sec", 200, "Bob", "flat"),
            out("Cyd"),
        ],
        {"Ann": 200, "Bob": 200, "Cyd": 0},
    ),
    (
        "never_opened_flat",
        3,
        {"never_opened": "flat"},
        {"winner": "Ann", "hand": ["Bob=10", "Cyd=5"], "not_opened": ["Bob"]},
        ["Ann"],
        None,
        [
            out("Ann"),
            hand("Bob", 10, scored=False),
            term("not_opened", 100, "Bob", "flat"),
            hand("Cyd", 5),
        ],
        {"Ann": 0, "Bob": 100, "Cyd": 5},
    ),
    (
        "rami_sec_double",
        3,
        {"rami_sec": "double"},
        {"winner": "Ann", "rami_sec": True, "hand": ["Bob=12", "Cyd=30"]},
        ["Ann"],
        None,
        [
            out("Ann"),
            hand("Bob", 12),
            term("rami_sec", 12, "Bob", "double"),
            hand("Cyd", 30),
            term("rami_sec", 30, "Cyd", "double"),
        ],
        {"Ann": 0, "Bob": 24, "Cyd": 60},
    ),
    (
        "cap_below_the_hand",
        3,
        {"never_opened_cap": 60},
        {"winner": "Ann", "hand": ["Bob=10", "Cyd=140"], "not_opened": ["Bob", "Cyd"]},
        ["Ann"],
        None,
        [
            out("Ann"),
            hand("Bob", 10),
            term("not_opened", 25, "Bob", "uncapped"),
            hand("Cyd", 140),
            term("not_opened", -80, "Cyd", "capped"),
        ],
        {"Ann": 0, "Bob": 35, "Cyd": 60},
    ),
]


@pytest.mark.parametrize(
    ("n", "params", "raw", "winners", "least", "terms", "scores"),
    [case[1:] for case in WORKED],
    ids=[case[0] for case in WORKED],
)
def test_the_record_of_every_worked_round(n, params, raw, winners, least, terms, scores) -> None:
    result, _ = play(raw, n, **params)
    record = result.record
    assert record is not None
    assert record.winners == tuple(winners)
    assert record.least == least
    assert record.blocked is bool(raw.get("blocked"))
    assert record.rami_sec is bool(raw.get("rami_sec"))
    assert record.winner == (None if raw.get("blocked") else winners[0])
    # rami has no contract: nobody takes, nothing is made or lost
    assert (record.taker, record.side, record.made, record.margin) == (None, None, None, None)
    assert record.as_json() == {
        "winners": winners,
        "blocked": record.blocked,
        "rami_sec": record.rami_sec,
        "least_hand": least,
        "terms": terms,
        "scores": scores,
    }
    assert dict(record.scores) == dict(result.scores) == scores
    assert [t.as_json() for t in record.terms] == terms


def test_the_record_is_plain_json_in_show(cli) -> None:
    assert cli("new", "rami", "--names", "Ann,Bob", "--no-play").code == 0
    assert cli("add", "--winner", "Ann", "--hand", "Bob=R D 8", "--not-opened", "Bob").code == 0
    shown = cli("show", "--json")
    assert shown.code == 0, shown.err
    (row,) = shown.json()["rounds"]
    assert row["terms"] == {
        "winners": ["Ann"],
        "blocked": False,
        "rami_sec": False,
        "least_hand": None,
        "terms": [
            out("Ann"),
            hand("Bob", 28, "R D 8"),
            term("not_opened", 22, "Bob", "half_target"),
        ],
        "scores": {"Ann": 0, "Bob": 50},
    }


def test_terms_hold_plain_strings() -> None:
    result, _ = play({"winner": "Ann", "hand": ["Bob=R D 8"], "not_opened": ["Bob"]}, 2)
    for data in result.record.as_json()["terms"]:
        assert type(data["kind"]) is str
        assert "detail" not in data or type(data["detail"]) is str
    assert json.loads(json.dumps(result.record.as_json())) == result.record.as_json()


# --------------------------------------------------------------------------------------------
# Scores are a pure function of the record; the breakdown is written from it


@st.composite
def rounds(draw: st.DrawFn) -> tuple[Table, dict[str, Any]]:
    """Any round the rules accept, under any rule set, as typed."""
    n = draw(st.integers(2, 6))
    params = RamiParams(
        joker=draw(st.integers(0, 50)),
        never_opened=draw(st.sampled_from(["plus", "flat"])),
        never_opened_extra=draw(st.integers(0, 60)),
        never_opened_cap=draw(st.integers(0, 300)),
        never_opened_flat=draw(st.integers(0, 300)),
        rami_sec=draw(st.sampled_from(["flat", "double"])),
        rami_sec_amount=draw(st.integers(0, 400)),
        target_per_opponent=draw(st.integers(1, 300)),
        target=draw(st.one_of(st.just(0), st.integers(1, 2000))),
    )
    t = Table("rami", NAMES[:n], params)
    blocked = draw(st.booleans())
    winner = None if blocked else draw(st.sampled_from(t.players))
    rami_sec = not blocked and draw(st.booleans())
    losers = [p for p in t.players if p != winner]
    hands = [
        f"{p}=" + " ".join(card for card, _ in draw(st.lists(typed_card(), min_size=1, max_size=9)))
        for p in losers
    ]
    if rami_sec and params.rami_sec == "flat":
        hands = draw(st.lists(st.sampled_from(hands), unique=True))
    raw: dict[str, Any] = {"winner": winner, "blocked": blocked, "rami_sec": rami_sec}
    raw["hand"] = hands
    if not rami_sec:
        raw["not_opened"] = draw(st.lists(st.sampled_from(losers), unique=True))
    return t, raw


@given(rounds())
@settings(max_examples=300, deadline=None)
def test_scores_are_a_pure_function_of_the_record(case) -> None:
    t, raw = case
    inp = GAME.build_round(raw, t, 1)
    first = GAME.score(inp, t, 1, None)
    again = GAME.score(inp, t, 1, None)
    quiet = GAME.score(inp, t, 1, None, explain=False)
    assert first.record == again.record == quiet.record
    assert dict(first.scores) == dict(quiet.scores) and quiet.breakdown == ()
    assert first.breakdown == again.breakdown == rami.explain(first.record, t)
    # each player's score is the sum of his scored terms, the others count for nothing
    summed = dict.fromkeys(t.players, 0)
    for one in first.record.terms:
        summed[one.owner] += one.amount if one.scored else 0
    assert summed == dict(first.scores)
    # every hand given is in the terms, with its value and cards as stored
    hands = {
        one.owner: (one.amount, one.detail) for one in first.record.terms if one.kind == "hand"
    }
    assert hands == {p: (h["value"], h["cards"]) for p, h in inp["hands"].items()}
    # the winners score 0, and only they do when someone went out
    assert all(first.scores[p] == 0 for p in first.record.winners)
    assert first.record.winners == (
        tuple(p for p in t.players if inp["hands"][p]["value"] == first.record.least)
        if inp["blocked"]
        else (inp["winner"],)
    )


def test_explain_false_builds_no_message(monkeypatch) -> None:
    raw = {"winner": "Ann", "hand": ["Bob=R D 8", "Cyd=A"], "not_opened": ["Bob"]}
    result, t = play(raw, 3)
    inp = GAME.build_round(raw, t, 1)

    def no_message(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a message was built without explain")

    monkeypatch.setattr(rami, "msg", no_message)
    quiet = GAME.score(inp, t, 1, None, explain=False)
    assert quiet.breakdown == () and quiet.record == result.record is not None
    assert dict(quiet.scores) == {"Ann": 0, "Bob": 53, "Cyd": 11}  # 28 + 25 = 53


# --------------------------------------------------------------------------------------------
# Every refusal names its field

# The refusals of BAD_ROUNDS whose message starts with an option (the missing hands, asked
# one player at a time, name none: the property test below checks they name no field), and
# those of the amendments' and core tests.
OPTION_REFUSALS = [case for case in BAD_ROUNDS if not case[0].startswith("missing_")]
MORE_REFUSALS = [
    ({"winner": "Bob", "rami_sec": True, "not_opened": ["Cyd"]}, {}),
    ({"winner": "Bob", "rami_sec": True, "hand": ["Cyd=X"]}, {}),
    ({"winner": "Ann", "hand": ["Bob=281", "Cyd=3"]}, {}),
    ({"winner": "Ann", "hand": ["Bob=" + " ".join(["2"] * 15), "Cyd=3"]}, {}),
    ({"winner": "Ann", "hand": ["Bob=99999999999999999", "Cyd=3"]}, {}),
    ({"winner": ["Ann", "Bob"]}, {}),
    ({"winner": "Ann", "not_opened": ["Zed"], "hand": ["Bob=3", "Cyd=3"]}, {}),
]


def field_of_message(message: str) -> str | None:
    """The key of the option a message starts with (``--hand Bob: …``, ``--winner: …``)."""
    for option, key in OPTIONS.items():
        if message.startswith((option + " ", option + ":")):
            return key
    return None


@pytest.mark.parametrize(
    ("raw", "params"),
    [(case[1], case[3] if len(case) > 3 else {}) for case in OPTION_REFUSALS] + MORE_REFUSALS,
    ids=[case[0] for case in OPTION_REFUSALS] + [f"more{i}" for i in range(len(MORE_REFUSALS))],
)
def test_every_refusal_names_the_field_its_message_starts_with(raw, params) -> None:
    with pytest.raises(InputError) as refused:
        play(raw, 3, **params)
    message = str(refused.value)
    expected = field_of_message(message)
    assert expected is not None and refused.value.field == expected, message


@given(
    raw=st.fixed_dictionaries(
        {}, optional={k: VALUE for k in ("winner", "blocked", "rami_sec", "hand", "not_opened")}
    ),
    n=st.integers(2, 4),
    double=st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_any_refusal_starting_with_an_option_names_its_field(raw, n, double) -> None:
    t = table(n, rami_sec="double" if double else "flat")
    try:
        GAME.build_round(raw, t, 1)
    except InputError as exc:
        message = str(exc)
        expected = field_of_message(message)
        if expected is not None:
            assert exc.field == expected, message
        else:
            assert exc.field is None, message


def test_the_prompts_show_a_hand_error_on_the_hand_question() -> None:
    from cardscore.prompts.round import RoundAsker

    asker = RoundAsker(GAME, table(3), 1)
    asker.raw["winner"] = "Ann"
    hand_field = next(f for f in GAME.fields if f.key == "hand")
    assert asker.problem(hand_field, ["Bob=Z"]).startswith("--hand Bob: unknown card 'Z'")
    assert asker.problem(hand_field, ["Bob="]).startswith("--hand Bob: a hand of no card")
    # a hand still missing is not this answer's fault: it is asked next
    assert asker.problem(hand_field, ["Bob=3"]) is None
    winner_field = next(f for f in GAME.fields if f.key == "winner")
    assert asker.problem(winner_field, "Zed").startswith("--winner: unknown player 'Zed'")


# --------------------------------------------------------------------------------------------
# One reader, and the rules as types


@pytest.mark.parametrize("word", ["vrai", "Vrai", "ja", "j"])
def test_the_readers_yes_words(word: str) -> None:
    inp = GAME.build_round({"blocked": word, "hand": ["Ann=3", "Bob=4", "Cyd=5"]}, table(3), 1)
    assert inp["blocked"] is True and inp["winner"] is None
    inp = GAME.build_round({"winner": "Ann", "rami_sec": word}, table(3), 1)
    assert inp["rami_sec"] is True


@pytest.mark.parametrize("word", ["faux", "FAUX", "nei"])
def test_the_readers_no_words(word: str) -> None:
    inp = GAME.build_round(
        {"winner": "Ann", "rami_sec": word, "hand": ["Bob=3", "Cyd=4"]}, table(3), 1
    )
    assert inp["rami_sec"] is False


def test_the_rules_are_typed_and_stored_as_their_strings() -> None:
    from cardscore.games.rami import NeverOpenedRule, RamiSecRule

    params = apply_settings(RamiParams(), ["never-opened=flat", "rami-sec=double"])
    assert params.never_opened is NeverOpenedRule.FLAT
    assert params.rami_sec is RamiSecRule.DOUBLE
    assert RamiParams().never_opened is NeverOpenedRule.PLUS
    assert RamiParams().rami_sec is RamiSecRule.FLAT
    stored = json.loads(json.dumps(params.__dict__))
    assert stored["never_opened"] == "flat" and stored["rami_sec"] == "double"
    # an unknown rule from a hand-edited file is kept, and read as before: not flat
    odd = RamiParams(never_opened="weird", rami_sec="weird")
    assert (odd.never_opened, odd.rami_sec) == ("weird", "weird")
    result, _ = play({"winner": "Ann", "hand": ["Bob=40", "Cyd=3"], "not_opened": ["Bob"]}, 3)
    t = Table("rami", NAMES[:3], odd)
    inp = GAME.build_round(
        {"winner": "Ann", "hand": ["Bob=40", "Cyd=3"], "not_opened": ["Bob"]}, t, 1
    )
    assert dict(GAME.score(inp, t, 1, None).scores) == dict(result.scores)


def test_the_numbers_of_the_game_are_named() -> None:
    assert (rami.ACE, rami.FIGURE, rami.JOKER, rami.MAX_CARDS) == (11, 10, 20, 14)
    assert (rami.MIN_PLAYERS, rami.MAX_PLAYERS) == (GAME.min_players, GAME.max_players) == (2, 6)
    defaults = RamiParams()
    assert (
        defaults.never_opened_extra,
        defaults.never_opened_cap,
        defaults.never_opened_flat,
        defaults.rami_sec_amount,
        defaults.target_per_opponent,
    ) == (
        rami.NEVER_OPENED_EXTRA,
        rami.NEVER_OPENED_CAP,
        rami.NEVER_OPENED_FLAT,
        rami.RAMI_SEC_AMOUNT,
        rami.TARGET_PER_OPPONENT,
    )
