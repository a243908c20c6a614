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

    for module in (rami, rami.rules, rami.words):  # the modules a score goes through
        monkeypatch.setattr(module, "msg", no_message)
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
    # said under the question (Bob's hand): without the option
    assert asker.problem(hand_field, ["Bob=Z"]).startswith("unknown card 'Z'")
    assert asker.problem(hand_field, ["Bob="]).startswith("a hand of no card")
    # a hand still missing is not this answer's fault: it is asked next
    assert asker.problem(hand_field, ["Bob=3"]) is None
    winner_field = next(f for f in GAME.fields if f.key == "winner")
    assert asker.problem(winner_field, "Zed").startswith("unknown player 'Zed'")


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


# --------------------------------------------------------------------------------------------
# Found by mutation testing: the edges of the caps, the exact messages, the odd stored round


@pytest.mark.parametrize(
    ("n", "hand_value", "params", "detail", "pays", "line"),
    [
        # hand + 25 exactly at the cap of 100 (4 players, half the target 150): not capped
        (4, 75, {}, "uncapped", 100, "75 + 25 = 100"),
        # exactly at half the target (2 players: 50): not capped
        (2, 25, {}, "uncapped", 50, "25 + 25 = 50"),
        # the cap equals half the target (3 players: 100): the fixed cap is the one said
        (3, 90, {}, "capped", 100, "90 + 25 = 115, capped at 100"),
        (
            3,
            90,
            {"never_opened_cap": 101},
            "half_target",
            100,
            "90 + 25 = 115, capped at 100 (half the target)",
        ),
    ],
    ids=["at_the_cap", "at_half_the_target", "cap_is_half", "cap_above_half"],
)
def test_never_opened_at_the_edges_of_the_caps(n, hand_value, params, detail, pays, line) -> None:
    hands = [f"{p}=3" for p in NAMES[1:n]]
    hands[0] = f"Bob={hand_value}"
    result, _ = play({"winner": "Ann", "hand": hands, "not_opened": ["Bob"]}, n, **params)
    assert result.record.as_json()["terms"][1:3] == [
        hand("Bob", hand_value),
        term("not_opened", pays - hand_value, "Bob", detail),
    ]
    assert result.scores["Bob"] == pays
    # a hand typed as its value is not said again before the payment
    assert result.breakdown[:2] == ("Ann went out: 0", f"Bob did not open this round: {line}")


REFUSED = [
    (
        {"winner": "Ann", "hand": ["Bob=-5", "Cyd=3"]},
        "--hand Bob: a hand cannot be worth less than 0 (got -5)",
    ),
    (
        {"winner": "Ann", "hand": ["Bob=36.5", "Cyd=3"]},
        "--hand Bob: '36.5' is not a whole number of points",
    ),
    (
        {"winner": "Ann", "hand": ["Bob=A ♥", "Cyd=3"]},
        "--hand Bob: unknown card '♥' (cards: 2-10, J/V, Q/D, K/R, A/As, JK/Joker/*; or the "
        "hand's value, e.g. 36)",
    ),
    (
        {"winner": "Ann", "hand": ["Bob==5", "Cyd=3"]},
        "--hand Bob: unknown card '=5' (cards: 2-10, J/V, Q/D, K/R, A/As, JK/Joker/*; or the "
        "hand's value, e.g. 36)",
    ),
    (
        {"winner": "Ann", "hand": ["Bob=281", "Cyd=3"]},
        "--hand Bob: 281 is more than any hand can hold (at most 280: 14 cards at 20)",
    ),
    (
        {"winner": "Ann", "hand": ["Bob 36", "Cyd=3"]},
        "--hand: 'Bob 36' is not NAME=CARDS|NUMBER (e.g. Bob=A JK 5 or Bob=36)",
    ),
    (
        {"winner": "Ann", "hand": ["Bob=3", "b=4", "Cyd=3"]},
        "--hand Bob: Bob's hand is given twice",
    ),
    ({"hand": ["Bob=3", "Cyd=3"]}, "--winner: who went out? (--winner NAME, or --blocked)"),
    (
        {"winner": "Ann", "taker": "Bob"},
        "--taker is not an option of rami (options: --blocked --winner --rami-sec --hand "
        "--not-opened)",
    ),
]


@pytest.mark.parametrize(("raw", "message"), REFUSED, ids=[m[:24] for _, m in REFUSED])
def test_refusals_say_exactly_what_is_wrong(raw, message) -> None:
    with pytest.raises(InputError) as refused:
        play(raw, 3)
    assert str(refused.value) == message
    assert refused.value.field == field_of_message(message)


def test_missing_hands_say_whose_and_how_to_give_them() -> None:
    missing = [
        (
            {"winner": "Ann", "hand": ["Bob=3"]},
            "no hand given for Cyd: add --hand Cyd=CARDS|NUMBER (one per player who did not "
            "go out)",
        ),
        (
            {"blocked": True, "hand": ["Bob=3"]},
            "no hand given for Ann and Cyd: add --hand Ann=CARDS|NUMBER (every player's)",
        ),
    ]
    for raw, message in missing:
        with pytest.raises(InputError) as refused:
            play(raw, 3)
        assert (str(refused.value), refused.value.field) == (message, None)
    with pytest.raises(InputError, match=r"^a round is a set of answers \(--winner, --hand, …\)$"):
        GAME.build_round(["--winner", "Ann"], table(3), 1)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^--taker is not an option of rami "):
        rami.hands_needed(table(3), {"taker": "Ann"})
    # a blocked round needs every hand, even with a winner typed (refused later)
    assert rami.hands_needed(table(3), {"blocked": True, "winner": "bob"}) == NAMES[:3]


def test_hands_read_and_said_back() -> None:
    assert rami.hand_value("-0", RamiParams()) == (0, ("0",))
    with pytest.raises(InputError) as refused:
        rami.hand_value("Z", RamiParams())
    assert str(refused.value).startswith("--hand: unknown card 'Z'")
    assert refused.value.field == "hand"
    echo = next(f for f in GAME.fields if f.key == "hand").echo
    assert echo(table(3), "A") == "A = 11"
    assert echo(table(3, joker=0), "10 JK") == "10 + JK = 10"
    assert echo(table(3), "11") == "11"  # said back as typed: Léa : 11


def test_several_names_in_one_not_opened_with_blanks() -> None:
    inp = GAME.build_round(
        {"winner": "Ann", "hand": ["Bob=1", "Cyd=2", "Dan=3"], "not_opened": ",Bob,,Dan"},
        table(4),
        1,
    )
    assert inp["not_opened"] == ["Bob", "Dan"]
    assert GAME.score(inp, table(4), 1, None).record.charges.keys() == {"Bob", "Dan"}


def test_a_stored_round_both_blocked_and_rami_sec_scores_as_it_always_did() -> None:
    """Only a hand-edited file holds one: the least hand scores 0, the others pay the rami
    sec (as the scoring did before the record)."""
    t = table(3)
    inp = {
        "winner": None,
        "blocked": True,
        "rami_sec": True,
        "hands": {
            p: {"cards": str(v), "value": v} for p, v in zip(NAMES[:3], (9, 3, 7), strict=True)
        },
        "not_opened": ["Ann", "Cyd"],
    }
    result = GAME.score(inp, t, 1, None)
    assert dict(result.scores) == {"Ann": 200, "Bob": 0, "Cyd": 200}
    assert result.record.winners == ("Bob",)
    assert result.breakdown == ("blocked: Bob has the least hand (3) and scores 0",)
    assert [one.scored for one in result.record.terms] == [False, True, False, False, True]


def test_a_double_rami_sec_is_explained_line_by_line() -> None:
    result, _ = play(
        {"winner": "Ann", "rami_sec": True, "hand": ["Bob=A JK 5", "Cyd=4"]}, 3, rami_sec="double"
    )
    assert result.breakdown == (
        "rami sec: each opponent pays their hand doubled",
        "Bob: A + JK + 5 = 36, doubled = 72",
        "Cyd: 4, doubled = 8",
    )
    assert all(type(one.scored) is bool for one in result.record.terms)
    result, _ = play({"winner": "Cyd", "rami_sec": True, "hand": ["Ann=3"]}, 3)
    assert [type(one.scored) for one in result.record.terms] == [bool] * 4


@pytest.mark.parametrize(
    ("settings", "sentences"),
    [
        (
            [],
            [
                "The player who goes out scores 0; the others score the cards left in hand: "
                "joker 20, ace 11, figures 10, the others their value.",
                "A loser who did not open this round pays their hand + 25, at most 100 and half "
                "the target.",
                "Rami sec: every opponent pays 200.",
                "The game ends when someone reaches 100 points per opponent; the lowest total "
                "wins.",
            ],
        ),
        (
            ["never-opened=flat", "never-opened-flat=70", "rami-sec=double", "target=500"],
            [
                "The player who goes out scores 0; the others score the cards left in hand: "
                "joker 20, ace 11, figures 10, the others their value.",
                "A loser who did not open this round pays 70.",
                "Rami sec: every opponent pays their hand doubled.",
                "The game ends when someone reaches 500; the lowest total wins.",
            ],
        ),
        (
            ["never-opened-cap=40", "target-per-opponent=60", "joker=30"],
            [
                "The player who goes out scores 0; the others score the cards left in hand: "
                "joker 30, ace 11, figures 10, the others their value.",
                "A loser who did not open this round pays their hand + 25, at most 40 and half "
                "the target.",
                "Rami sec: every opponent pays 200.",
                "The game ends when someone reaches 60 points per opponent; the lowest total wins.",
            ],
        ),
    ],
    ids=["standard", "flat_double_fixed", "cap_per_opponent"],
)
def test_the_summary_sentence_by_sentence(settings, sentences) -> None:
    from cardscore.games.rami import NeverOpenedRule

    params = apply_settings(RamiParams(), settings)
    assert params.never_opened in tuple(NeverOpenedRule)
    assert list(GAME.summary(params)) == sentences


def test_players_from_two_to_six_named_freely() -> None:
    for n in range(rami.MIN_PLAYERS, rami.MAX_PLAYERS + 1):
        GAME.check_players(NAMES[:n], RamiParams())
    GAME.check_players(["Xavier", "Yves", "Zoé"], RamiParams())


def test_a_total_missing_from_the_totals_counts_as_0() -> None:
    t = table(3)
    outcome = GAME.outcome(t, {"Ann": 200, "Bob": 1})
    assert (outcome.finished, outcome.winner) == (True, "Cyd")
    assert rami.target(t.params, rami.MAX_PLAYERS) == 5 * rami.TARGET_PER_OPPONENT
