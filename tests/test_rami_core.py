"""The rami rules core (docs/rules.md, Rami): hands, penalties, rami sec, blocked rounds,
targets and the end of the game, driven through build_round with raw strings then score."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscore.games import get_game
from cardscore.games.base import InputError, Outcome, Table, apply_settings
from cardscore.games.rami import (
    GAME,
    RamiParams,
    hand_value,
    hands_needed,
    never_opened_payment,
    target,
)

NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")


def table(n: int = 3, **params: Any) -> Table:
    return Table("rami", NAMES[:n], RamiParams(**params))


def play(raw: dict[str, Any], n: int = 3, **params: Any) -> tuple[dict[str, Any], Any]:
    """Build a round from raw strings, then score it: (stored input, result)."""
    t = table(n, **params)
    inp = GAME.build_round(raw, t, 1)
    return inp, GAME.score(inp, t, 1, None)


# --------------------------------------------------------------------------------------------
# The worked cases of the rules (docs/rules.md, Rami)

SEED_CASES = [
    # a hand of an ace, a joker and a five scores 36 (English and French spellings)
    ("ace_joker_five", 2, {"winner": "Ann", "hand": ["Bob=A JK 5"]}, {"Ann": 0, "Bob": 36}),
    ("as_joker_cinq", 2, {"winner": "ann", "hand": ["bob=As, Joker, 5"]}, {"Ann": 0, "Bob": 36}),
    # two players: never opened, hand + 25 over 50 (half the target 100) -> pays 50
    (
        "two_players_never_opened_half_target",
        2,
        {"winner": "Ann", "hand": ["Bob=R D 8"], "not_opened": ["Bob"]},
        {"Ann": 0, "Bob": 50},
    ),
    # four players: those who opened pay their hands; the one who never opened pays 100
    (
        "four_players_never_opened_cap",
        4,
        {
            "winner": "Ann",
            "hand": ["Bob=A 5", "Cyd=R D", "Dan=JK JK R D V A 9"],
            "not_opened": ["Dan"],
        },
        {"Ann": 0, "Bob": 16, "Cyd": 20, "Dan": 100},
    ),
    (
        "four_players_never_opened_exactly_100",
        4,
        {"winner": "Ann", "hand": ["Bob=A 5", "Cyd=R D", "Dan=75"], "not_opened": ["Dan"]},
        {"Ann": 0, "Bob": 16, "Cyd": 20, "Dan": 100},
    ),
    # rami sec with three players: both opponents pay 200, whatever their hands
    (
        "rami_sec_three_players",
        3,
        {"winner": "Ann", "rami_sec": True},
        {"Ann": 0, "Bob": 200, "Cyd": 200},
    ),
    (
        "rami_sec_hands_do_not_count",
        3,
        {"winner": "Cyd", "rami_sec": True, "hand": ["Ann=3", "Bob=JK JK A"]},
        {"Ann": 200, "Bob": 200, "Cyd": 0},
    ),
]


@pytest.mark.parametrize(
    ("n", "raw", "expected"), [c[1:] for c in SEED_CASES], ids=[c[0] for c in SEED_CASES]
)
def test_seed_cases(n: int, raw: dict[str, Any], expected: dict[str, int]) -> None:
    _, result = play(raw, n)
    assert dict(result.scores) == expected


def test_seed_breakdowns_explain_every_number() -> None:
    _, r = play({"winner": "Ann", "hand": ["Bob=A JK 5"]}, 2)
    assert r.breakdown == ("Ann went out: 0", "Bob: A + JK + 5 = 36")
    _, r = play({"winner": "Ann", "hand": ["Bob=R D 8"], "not_opened": ["Bob"]}, 2)
    assert r.breakdown[1:] == (
        "Bob: K + Q + 8 = 28",
        "Bob did not open this round: 28 + 25 = 53, capped at 50 (half the target)",
    )
    _, r = play({"winner": "Ann", "hand": ["B=5", "C=2", "D=90"], "not_opened": ["D"]}, 4)
    assert r.breakdown[-1] == "Dan did not open this round: 90 + 25 = 115, capped at 100"
    _, r = play({"winner": "Ann", "rami_sec": True}, 3)
    assert r.breakdown == ("rami sec: each opponent pays 200",)


# --------------------------------------------------------------------------------------------
# Hands


@pytest.mark.parametrize(
    ("text", "value", "labels"),
    [
        ("A JK 5", 36, ("A", "JK", "5")),
        ("10♥ 10♠ As R D V", 61, ("10", "10", "A", "K", "Q", "J")),
        ("Joker, 9, A", 40, ("JK", "9", "A")),
        ("10h Kd As♠ ♣Q jc *", 71, ("10", "K", "A", "Q", "J", "JK")),
        ("valet dame roi as", 41, ("J", "Q", "K", "A")),
        ("jack,queen,king,ace,joker", 61, ("J", "Q", "K", "A", "JK")),
        ("JK", 20, ("JK",)),  # the joker, not the jack of carreau
        ("36", 36, ("36",)),
        ("0", 0, ("0",)),
        (" 7 ", 7, ("7",)),
        ("♥️A", 11, ("A",)),  # an emoji heart (with its variation selector)
    ],
)
def test_hand_value(text: str, value: int, labels: tuple[str, ...]) -> None:
    assert hand_value(text, RamiParams()) == (value, labels)


def test_joker_value_is_a_parameter() -> None:
    assert hand_value("A JK 5", RamiParams(joker=25))[0] == 41
    _, r = play({"winner": "Ann", "hand": ["Bob=A JK 5"]}, 2, joker=50)
    assert r.scores["Bob"] == 66


def test_stored_input_is_json_ready_and_canonical() -> None:
    inp, _ = play(
        {"winner": "an", "hand": ["b=A  JK 5", "CYD=12"], "not_opened": ["cy"], "blocked": False},
        3,
    )
    assert inp == {
        "winner": "Ann",
        "blocked": False,
        "rami_sec": False,
        "hands": {"Bob": {"cards": "A JK 5", "value": 36}, "Cyd": {"cards": "12", "value": 12}},
        "not_opened": ["Cyd"],
    }
    assert json.loads(json.dumps(inp)) == inp


def test_not_opened_under_rami_sec_is_every_opponent() -> None:
    inp, _ = play({"winner": "Bob", "rami_sec": True}, 4)
    assert inp["not_opened"] == ["Ann", "Cyd", "Dan"] and inp["hands"] == {}
    # --not-opened would say nothing more: refused, and the prompts do not ask it.
    with pytest.raises(InputError, match="--not-opened: not needed with --rami-sec"):
        play({"winner": "Bob", "rami_sec": True, "not_opened": ["Cyd"]}, 4)
    # Under the flat rule the hands are optional: checked and kept when given.
    inp, _ = play({"winner": "Bob", "rami_sec": True, "hand": ["Cyd=A"]}, 4)
    assert inp["hands"] == {"Cyd": {"cards": "A", "value": 11}}
    with pytest.raises(InputError, match="--hand Cyd: unknown card 'X'"):
        play({"winner": "Bob", "rami_sec": True, "hand": ["Cyd=X"]}, 4)


def test_several_not_opened_in_one_option() -> None:
    inp, _ = play({"winner": "Bob", "hand": ["A=1", "C=2", "D=3"], "not_opened": "Cyd, d"}, 4)
    assert inp["not_opened"] == ["Cyd", "Dan"]


def test_hands_needed() -> None:
    t = table(3)
    assert hands_needed(t, {"winner": "Bob"}) == ("Ann", "Cyd")
    assert hands_needed(t, {"blocked": True}) == NAMES[:3]
    assert hands_needed(t, {"winner": "Bob", "rami_sec": True}) == ()
    t = table(3, rami_sec="double")
    assert hands_needed(t, {"winner": "Bob", "rami_sec": True}) == ("Ann", "Cyd")
    # the prompts ask the hands of these players (all of them while the winner is unclear)
    hand = next(f for f in GAME.fields if f.key == "hand")
    assert hand.who(t, {"winner": "b"}) == ("Ann", "Cyd")
    assert hand.who(t, {"winner": "Zed"}) == t.players


# --------------------------------------------------------------------------------------------
# Blocked rounds


def test_blocked_unique_least_wins() -> None:
    inp, r = play(
        {
            "blocked": True,
            "hand": ["Ann=9", "Bob=A JK 5", "Cyd=5 2", "Dan=80"],
            "not_opened": ["Dan"],
        },
        4,
    )
    assert inp["winner"] is None and inp["blocked"] is True
    assert dict(r.scores) == {"Ann": 9, "Bob": 36, "Cyd": 0, "Dan": 100}
    assert r.breakdown[0] == "blocked: Cyd has the least hand (7) and scores 0"


def test_blocked_tied_least_all_score_zero() -> None:
    _, r = play({"blocked": True, "hand": ["Ann=7", "Bob=A JK 5", "Cyd=5 2"]}, 3)
    assert dict(r.scores) == {"Ann": 0, "Bob": 36, "Cyd": 0}
    assert r.breakdown[0] == "blocked: Ann and Cyd tie for the least hand (7), 0 each"


def test_blocked_least_hand_wins_even_if_never_opened() -> None:
    _, r = play({"blocked": True, "hand": ["Ann=3", "Bob=40"], "not_opened": ["Ann", "Bob"]}, 2)
    assert dict(r.scores) == {"Ann": 0, "Bob": 50}


# --------------------------------------------------------------------------------------------
# Targets and the end of the game


@pytest.mark.parametrize(("n", "goal"), [(2, 100), (3, 200), (4, 300), (5, 400), (6, 500)])
def test_target_by_player_count(n: int, goal: int) -> None:
    assert target(RamiParams(), n) == goal
    t = table(n)
    below = dict.fromkeys(t.players, goal - 1)
    assert GAME.outcome(t, below) == Outcome()
    reached = dict.fromkeys(t.players, goal)
    assert GAME.outcome(t, reached) == Outcome(finished=False)  # all share the lowest
    reached[t.players[-1]] = goal - 1
    assert GAME.outcome(t, reached) == Outcome(finished=True, winner=t.players[-1])


def test_fixed_target() -> None:
    assert target(RamiParams(target=1000), 2) == target(RamiParams(target=1000), 6) == 1000
    t = table(2, target=500)
    assert not GAME.outcome(t, {"Ann": 10, "Bob": 499}).finished
    assert GAME.outcome(t, {"Ann": 10, "Bob": 500}) == Outcome(finished=True, winner="Ann")
    # Half of a larger target is no longer the limit: the fixed cap of 100 is.
    _, r = play({"winner": "Ann", "hand": ["Bob=80"], "not_opened": ["Bob"]}, 2, target=1000)
    assert r.scores["Bob"] == 100


def test_end_of_game_shared_lowest_plays_one_more_round() -> None:
    t = table(3)
    assert GAME.outcome(t, {"Ann": 150, "Bob": 150, "Cyd": 210}) == Outcome()
    # after one more round, checked again
    assert GAME.outcome(t, {"Ann": 150, "Bob": 170, "Cyd": 260}) == Outcome(True, "Ann")
    assert GAME.outcome(t, {"Ann": 190, "Bob": 170, "Cyd": 199}) == Outcome()


# --------------------------------------------------------------------------------------------
# Variants


def test_variant_never_opened_flat() -> None:
    raw = {"winner": "Ann", "hand": ["Bob=A", "Cyd=JK JK JK"], "not_opened": ["Bob", "Cyd"]}
    _, r = play(raw, 3, never_opened="flat", never_opened_flat=60)
    assert dict(r.scores) == {"Ann": 0, "Bob": 60, "Cyd": 60}
    assert "Bob did not open this round: 60 (flat, whatever the hand)" in r.breakdown


def test_variant_never_opened_extra_and_caps() -> None:
    raw = {"winner": "Ann", "hand": ["Bob=10", "Cyd=140"], "not_opened": ["Bob", "Cyd"]}
    assert play(raw, 3, never_opened_extra=10)[1].scores == {"Ann": 0, "Bob": 20, "Cyd": 100}
    assert play(raw, 3, never_opened_cap=60)[1].scores == {"Ann": 0, "Bob": 35, "Cyd": 60}
    # cap 0: only half the target (200 / 2 = 100 at three players, 150 at four)
    assert play(raw, 3, never_opened_cap=0)[1].scores["Cyd"] == 100
    raw4 = {"winner": "Ann", "hand": ["Bob=1", "Cyd=140", "Dan=2"], "not_opened": ["Cyd"]}
    assert play(raw4, 4, never_opened_cap=0)[1].scores["Cyd"] == 150


def test_variant_rami_sec() -> None:
    raw = {"winner": "Ann", "rami_sec": True, "hand": ["Bob=A JK 5", "Cyd=4"]}
    _, r = play(raw, 3, rami_sec="double")
    assert dict(r.scores) == {"Ann": 0, "Bob": 72, "Cyd": 8}
    assert "Bob: A + JK + 5 = 36, doubled = 72" in r.breakdown
    _, r = play({"winner": "Ann", "rami_sec": True}, 3, rami_sec_amount=150)
    assert dict(r.scores) == {"Ann": 0, "Bob": 150, "Cyd": 150}


def test_variant_target_per_opponent() -> None:
    assert target(RamiParams(target_per_opponent=50), 3) == 100
    raw = {"winner": "Ann", "hand": ["Bob=40", "Cyd=1"], "not_opened": ["Bob"]}
    assert play(raw, 3, target_per_opponent=50)[1].scores["Bob"] == 50


def test_params_presets_and_settings() -> None:
    assert get_game("rami") is GAME
    assert GAME.presets == {"standard": RamiParams()} and GAME.default_preset == "standard"
    assert GAME.params_cls is RamiParams
    defaults = dataclasses.asdict(RamiParams())
    assert defaults == {
        "joker": 20,
        "never_opened": "plus",
        "never_opened_extra": 25,
        "never_opened_cap": 100,
        "never_opened_flat": 100,
        "rami_sec": "flat",
        "rami_sec_amount": 200,
        "target_per_opponent": 100,
        "target": 0,
    }
    changed = apply_settings(RamiParams(), ["never-opened=flat", "rami-sec=double", "joker=25"])
    assert (changed.never_opened, changed.rami_sec, changed.joker) == ("flat", "double", 25)
    with pytest.raises(InputError, match="plus, flat"):
        apply_settings(RamiParams(), ["never-opened=double"])


def test_fields_match_the_design() -> None:
    options = {f.key: (f.kind, f.option) for f in GAME.fields}
    assert options == {
        "winner": ("player", "--winner"),
        "blocked": ("flag", "--blocked"),
        "rami_sec": ("flag", "--rami-sec"),
        "hand": ("player_text", "--hand"),
        "not_opened": ("players", "--not-opened"),
    }
    # every question is a question; every help says what the option is for
    assert [f.label[-1] for f in GAME.fields] == ["?", "?", "?", "e", "?"]
    assert all(len(f.help) > 20 and f.help.endswith(".") for f in GAME.fields)
    t = table(3)
    assert GAME.columns(t) == t.players and GAME.sitting_out(t, 4) is None


# --------------------------------------------------------------------------------------------
# Bad inputs


@pytest.mark.parametrize("players", [["Ann"], [*NAMES, "Gus"]])
def test_wrong_player_count(players: list[str]) -> None:
    with pytest.raises(
        InputError, match=rf"rami is played by 2 to 6 players \(got {len(players)}\)"
    ):
        GAME.check_players(players, RamiParams())


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann", "ann"], "two players are named 'ann'"),
        (["Ann", " "], "cannot be empty"),
        (["A=B", "Cyd"], "cannot contain '='"),
    ],
)
def test_bad_player_names(players: list[str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        GAME.check_players(players, RamiParams())
    GAME.check_players(["Ann", "Bob"], RamiParams())  # fine


BAD_ROUNDS = [
    (
        "unknown_card",
        {"winner": "Ann", "hand": ["Bob=A Z 5", "Cyd=3"]},
        "--hand Bob: unknown card 'Z'",
    ),
    ("negative", {"winner": "Ann", "hand": ["Bob=-5", "Cyd=3"]}, "--hand Bob: .*less than 0"),
    ("non_numeric", {"winner": "Ann", "hand": ["Bob=abc", "Cyd=3"]}, "unknown card 'abc'"),
    ("fraction", {"winner": "Ann", "hand": ["Bob=36.5", "Cyd=3"]}, "not a whole number"),
    ("empty_hand", {"winner": "Ann", "hand": ["Bob=", "Cyd=3"]}, "type 0"),
    ("no_equals", {"winner": "Ann", "hand": ["Bob 36", "Cyd=3"]}, "NAME=CARDS|NUMBER"),
    (
        "hand_of_winner",
        {"winner": "Ann", "hand": ["Ann=3", "Bob=3", "Cyd=3"]},
        "--hand Ann: Ann went out",
    ),
    (
        "missing_hand",
        {"winner": "Ann", "hand": ["Bob=3"]},
        "no hand given for Cyd: add --hand Cyd=",
    ),
    ("missing_blocked", {"blocked": True, "hand": ["Bob=3", "Cyd=4"]}, "no hand given for Ann"),
    (
        "missing_double",
        {"winner": "Ann", "rami_sec": True, "hand": ["Bob=3"]},
        "no hand given for Cyd",
        {"rami_sec": "double"},
    ),
    ("hand_twice", {"winner": "Ann", "hand": ["Bob=3", "b=4", "Cyd=3"]}, "given twice"),
    (
        "winner_and_blocked",
        {"winner": "Ann", "blocked": True, "hand": ["Bob=3"]},
        "--winner: cannot go with --blocked",
    ),
    ("rami_sec_and_blocked", {"rami_sec": True, "blocked": True}, "--rami-sec: cannot go with"),
    ("no_winner", {"hand": ["Bob=3", "Cyd=3"]}, "--winner: who went out"),
    ("unknown_winner", {"winner": "Zed"}, "--winner: unknown player 'Zed'"),
    ("unknown_hand_player", {"winner": "Ann", "hand": ["Zed=3"]}, "--hand: unknown player"),
    (
        "not_opened_winner",
        {"winner": "Ann", "hand": ["Bob=3", "Cyd=3"], "not_opened": ["Ann"]},
        "--not-opened: Ann went out",
    ),
    ("bad_flag", {"winner": "Ann", "blocked": "maybe"}, "--blocked: 'maybe' is not yes or no"),
]


@pytest.mark.parametrize("case", BAD_ROUNDS, ids=[c[0] for c in BAD_ROUNDS])
def test_bad_rounds(case: tuple[Any, ...]) -> None:
    _, raw, message, *params = case
    with pytest.raises(InputError, match=message) as info:
        play(raw, 3, **(params[0] if params else {}))
    assert "\n" not in str(info.value)


# --------------------------------------------------------------------------------------------
# Properties

SPELLINGS = {
    **{str(n): ([str(n)], n) for n in range(2, 11)},
    "J": (["J", "V", "valet", "jack"], 10),
    "Q": (["Q", "D", "dame", "queen"], 10),
    "K": (["K", "R", "roi", "king"], 10),
    "A": (["A", "As", "ace"], 11),
    "JK": (["JK", "Joker", "*"], None),
}


@st.composite
def typed_card(draw: st.DrawFn) -> tuple[str, str]:
    """One card as a person may type it, with its canonical label."""
    label = draw(st.sampled_from(sorted(SPELLINGS)))
    text = draw(st.sampled_from(SPELLINGS[label][0]))
    text = draw(st.sampled_from([text, text.lower(), text.upper()]))
    suit = draw(st.sampled_from(["", "♠", "♥", "♦", "♣", "♤", "♡", "♢", "♧", "h", "S", "d", "c"]))
    return (
        suit + text if suit and not suit.isalpha() and draw(st.booleans()) else text + suit
    ), label


@given(
    cards=st.lists(typed_card(), min_size=1, max_size=14),
    seps=st.lists(st.sampled_from([" ", ",", ", ", " ,", "  ", "\t"]), min_size=14, max_size=14),
    joker=st.integers(0, 50),
    data=st.data(),
)
@settings(max_examples=200, deadline=None)
def test_hand_value_is_the_sum_of_its_cards(cards, seps, joker, data) -> None:
    params = RamiParams(joker=joker)
    expected = sum(joker if label == "JK" else SPELLINGS[label][1] for _, label in cards)
    order = data.draw(st.permutations(cards))
    text = "".join(card + sep for (card, _), sep in zip(order, seps, strict=False)).strip(" ,\t")
    value, labels = hand_value(text, params)
    assert value == expected
    assert labels == tuple(label for _, label in order)


@given(
    value=st.integers(0, 400),
    n=st.integers(2, 6),
    extra=st.integers(0, 100),
    cap=st.integers(0, 300),
    fixed=st.one_of(st.just(0), st.integers(1, 2000)),
)
@settings(max_examples=200, deadline=None)
def test_never_opened_payment_never_exceeds_either_cap(value, n, extra, cap, fixed) -> None:
    params = RamiParams(never_opened_extra=extra, never_opened_cap=cap, target=fixed)
    pays = never_opened_payment(value, params, n)
    half = target(params, n) // 2
    assert pays <= half and (cap == 0 or pays <= cap)
    assert pays == min(value + extra, half, cap or half)


@given(n=st.integers(2, 6), data=st.data(), fixed=st.one_of(st.just(0), st.integers(1, 1000)))
@settings(max_examples=200, deadline=None)
def test_a_finished_games_winner_has_the_unique_lowest_total(n, data, fixed) -> None:
    t = table(n, target=fixed)
    totals = {p: data.draw(st.integers(0, 1200), label=p) for p in t.players}
    result = GAME.outcome(t, totals)
    reached = max(totals.values()) >= target(t.params, n)
    lowest = min(totals.values())
    unique = list(totals.values()).count(lowest) == 1
    assert result.finished == (reached and unique)
    if result.finished:
        assert all(totals[result.winner] < v for p, v in totals.items() if p != result.winner)
    else:
        assert result.winner is None


PIECES = [
    "Ann",
    "bob",
    "c",
    "Dan",
    "Zed",
    "",
    " ",
    "=",
    "a=",
    "b=A JK 5",
    "c=12",
    "Bob=-3",
    "cyd=10♥ R",
    "b=JK,*,as",
    "yes",
    "no",
    "on",
    "Ann,Bob",
    "b=1e3",
    "b=99999999999999999",
    "c=٣",
    "d=²",
    "c=-0",
    "a=0",
    "\x00",
    "é",
    "b==5",
]
TEXT = st.one_of(st.text(max_size=20), st.sampled_from(PIECES))
VALUE = st.one_of(
    st.none(), st.booleans(), TEXT, st.lists(TEXT, max_size=4), st.integers(), st.just({"a": 1})
)


@given(
    raw=st.fixed_dictionaries(
        {},
        optional={k: VALUE for k in ("winner", "blocked", "rami_sec", "hand", "not_opened")},
    ),
    n=st.integers(2, 4),
    double=st.booleans(),
)
@settings(max_examples=200, deadline=None)
def test_build_round_raises_only_input_errors(raw, n, double) -> None:
    t = table(n, rami_sec="double" if double else "flat")
    try:
        inp = GAME.build_round(raw, t, 1)
    except InputError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert set(inp) == {"winner", "blocked", "rami_sec", "hands", "not_opened"}
    assert json.loads(json.dumps(inp)) == inp
    result = GAME.score(inp, t, 1, None)
    assert set(result.scores) == set(t.players)
    assert all(isinstance(v, int) and v >= 0 for v in result.scores.values())
    # the one who went out scores 0; in a blocked round, the least hands and no other
    values = {p: h["value"] for p, h in inp["hands"].items()}
    if inp["blocked"]:
        least = min(values.values())
        assert {p for p in t.players if result.scores[p] == 0} == {
            p for p, v in values.items() if v == least
        }
    else:
        assert result.scores[inp["winner"]] == 0


@given(n=st.integers(2, 6), data=st.data())
@settings(max_examples=200, deadline=None)
def test_valid_rounds_score_by_the_rules(n, data) -> None:
    """Any well-formed round: the winner(s) 0, opened losers their hand, the others capped."""
    t = table(n)
    blocked = data.draw(st.booleans(), label="blocked")
    winner = None if blocked else data.draw(st.sampled_from(t.players), label="winner")
    rami_sec = not blocked and data.draw(st.booleans(), label="rami_sec")
    losers = [p for p in t.players if p != winner]
    hands = {p: data.draw(st.lists(typed_card(), min_size=1, max_size=8), label=p) for p in losers}
    not_opened = data.draw(st.lists(st.sampled_from(losers), unique=True), label="not_opened")
    if rami_sec:
        not_opened = []  # implied: no opponent had opened
    raw = {
        "winner": winner.lower() if winner else None,
        "blocked": blocked,
        "rami_sec": rami_sec,
        "hand": [f"{p}=" + ", ".join(card for card, _ in cards) for p, cards in hands.items()],
        "not_opened": not_opened,
    }
    inp = GAME.build_round(raw, t, 1)
    scores = GAME.score(inp, t, 1, None).scores
    values = {p: h["value"] for p, h in inp["hands"].items()}
    least = min(values.values()) if blocked else None
    for p in t.players:
        if p == winner or (blocked and values[p] == least):
            assert scores[p] == 0
        elif rami_sec:
            assert scores[p] == 200
        elif p in not_opened:
            assert scores[p] == min(values[p] + 25, 100, target(t.params, n) // 2)
        else:
            assert scores[p] == values[p]


# ---- a stored round's names ----------------------------------------------------------------

HANDS = {"Bob": {"cards": "5", "value": 5}, "Cyd": {"cards": "R", "value": 10}}


def test_a_rename_reaches_every_name_of_a_stored_round() -> None:
    from cardscore.games.rami.reading import renamed

    inp = {"winner": "Ann", "blocked": False, "rami_sec": False, "hands": HANDS,
           "not_opened": ["Bob", "Cyd"]}  # fmt: skip
    assert renamed(inp, {"Ann": "Anne", "Cyd": "Cyril"}) == {
        "winner": "Anne",
        "blocked": False,
        "rami_sec": False,
        "hands": {"Bob": HANDS["Bob"], "Cyril": HANDS["Cyd"]},
        "not_opened": ["Bob", "Cyril"],
    }
    assert inp["winner"] == "Ann" and "Cyd" in inp["hands"]  # the round given is left alone
    blocked = {"winner": None, "blocked": True, "hands": HANDS, "not_opened": []}
    assert renamed(blocked, {"Bob": "Bo"})["winner"] is None
    assert renamed(blocked, {"Bob": "Bo"})["hands"] == {"Bo": HANDS["Bob"], "Cyd": HANDS["Cyd"]}
    assert renamed({"winner": "Ann"}, {"Ann": "Al"}) == {
        "winner": "Al",
        "hands": {},
        "not_opened": [],
    }


def test_a_stored_round_has_a_winner_or_was_blocked_and_names_its_players() -> None:
    import msgspec

    from cardscore.games.rami.reading import StoredRound

    base = {"rami_sec": False, "hands": HANDS, "not_opened": ["Cyd"]}
    for winner, blocked in ((None, False), ("Ann", True)):
        with pytest.raises(ValueError) as refused:
            msgspec.convert({**base, "winner": winner, "blocked": blocked}, StoredRound)
        assert str(refused.value) == "a round needs a winner, or the stock ran out (blocked)"
    won = msgspec.convert({**base, "winner": "Ann", "blocked": False}, StoredRound)
    assert won.names() == ["Ann", "Bob", "Cyd", "Cyd"]
    stuck = msgspec.convert({**base, "winner": None, "blocked": True}, StoredRound)
    assert stuck.names() == ["Bob", "Cyd", "Cyd"]
