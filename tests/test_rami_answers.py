"""Issue 12 (correct any round): a stored rami round turned back into the raw answers it was
built from (``answers``), and said in one line (``headline``).

The property that matters: ``build_round(answers(inp)) == inp`` for every round build_round
can make, at every table size and under every rule set, and for the rounds of old files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardscore import i18n, store
from cardscore.games.base import InputError, Table, fold
from cardscore.games.rami import GAME, RamiParams, hands_needed
from test_rami_core import SEED_CASES, typed_card
from test_rami_record import WORKED, rounds

NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")
FIXTURES = Path(__file__).parent / "fixtures"


def table(n: int = 3, players: tuple[str, ...] = NAMES, **params: Any) -> Table:
    return Table("rami", players[:n], RamiParams(**params))


def round_trip(raw: dict[str, Any], t: Table) -> tuple[dict[str, Any], dict[str, Any]]:
    """(stored input, its answers), checking that the answers build the same input back."""
    inp = GAME.build_round(raw, t, 1)
    given_back = GAME.answers(inp, t)
    assert GAME.build_round(given_back, t, 1) == inp
    assert json.loads(json.dumps(given_back)) == given_back  # plain JSON values
    for key, value in given_back.items():
        f = next(f for f in GAME.fields if f.key == key)
        if f.kind == "flag":
            assert value is True
        elif f.repeatable:
            assert value and all(type(item) is str for item in value)
        else:
            assert type(value) is str
    return inp, given_back


# --------------------------------------------------------------------------------------------
# answers(): the worked rounds, word for word


@pytest.mark.parametrize(
    ("n", "params", "raw"),
    [(c[1], c[2], c[3]) for c in WORKED],
    ids=[c[0] for c in WORKED],
)
def test_every_worked_round_of_the_records_comes_back(n, params, raw) -> None:
    round_trip(raw, table(n, **params))


@pytest.mark.parametrize(
    ("n", "raw"), [(c[1], c[2]) for c in SEED_CASES], ids=[c[0] for c in SEED_CASES]
)
def test_every_seed_case_comes_back(n, raw) -> None:
    round_trip(raw, table(n))


def test_answers_are_the_canonical_raw_answers() -> None:
    t = table(3)
    _, given_back = round_trip(
        {"winner": "ann", "hand": ["b=As, Joker,  5", "cyd=12"], "not_opened": ["c"]}, t
    )
    assert given_back == {
        "winner": "Ann",
        "hand": ["Bob=As, Joker, 5", "Cyd=12"],
        "not_opened": ["Cyd"],
    }


def test_a_blocked_round_gives_every_hand_and_no_winner() -> None:
    _, given_back = round_trip(
        {"blocked": "oui", "hand": ["Ann=7", "Bob=7", "Cyd=R D 10"], "not_opened": "Cyd"},
        table(3),
    )
    assert given_back == {
        "blocked": True,
        "hand": ["Ann=7", "Bob=7", "Cyd=R D 10"],
        "not_opened": ["Cyd"],
    }


def test_a_rami_sec_leaves_out_its_implied_not_opened() -> None:
    # build_round stores every opponent as not opened after a rami sec, and refuses
    # --not-opened with --rami-sec: the answers must not give it
    inp, given_back = round_trip({"winner": "Cyd", "rami_sec": True}, table(3))
    assert inp["not_opened"] == ["Ann", "Bob"]
    assert given_back == {"winner": "Cyd", "rami_sec": True}
    _, given_back = round_trip(
        {"winner": "Ann", "rami_sec": "yes", "hand": ["Bob=12", "Cyd=30"]},
        table(3, rami_sec="double"),
    )
    assert given_back == {"winner": "Ann", "rami_sec": True, "hand": ["Bob=12", "Cyd=30"]}


def test_false_flags_and_empty_lists_are_left_out() -> None:
    _, given_back = round_trip(
        {"winner": "Ann", "blocked": False, "rami_sec": "no", "hand": ["Bob=0"], "not_opened": []},
        table(2),
    )
    assert given_back == {"winner": "Ann", "hand": ["Bob=0"]}


@pytest.mark.parametrize("value", ["036", "+5", "-0", "0"])
def test_a_hand_typed_as_an_odd_number_comes_back_as_typed(value: str) -> None:
    inp, given_back = round_trip({"winner": "Ann", "hand": [f"Bob={value}"]}, table(2))
    assert given_back["hand"] == [f"Bob={value}"]
    assert inp["hands"]["Bob"]["cards"] == value


def test_names_by_their_exact_spelling_even_when_one_prefixes_another() -> None:
    t = Table("rami", ("Jean", "Jean-Luc", "Zoé"), RamiParams())
    _, given_back = round_trip(
        {"winner": "jean", "hand": ["jean-l=A", "zoe=JK"], "not_opened": ["ZOE", "jean-luc"]}, t
    )
    assert given_back == {
        "winner": "Jean",
        "hand": ["Jean-Luc=A", "Zoé=JK"],
        "not_opened": ["Jean-Luc", "Zoé"],
    }


def test_a_name_holding_a_comma_is_given_so_that_not_opened_reads_it_back() -> None:
    # --names splits on commas, but a table made otherwise may hold one; --not-opened splits
    # its value on commas, so the name is given by the part that still names that player.
    t = Table("rami", ("Ann", "Bob, Jr", "Cyd"), RamiParams())
    _, given_back = round_trip(
        {"winner": "Ann", "hand": ["Bob, Jr=5", "Cyd=3"], "not_opened": ["Bob"]}, t
    )
    assert given_back["hand"] == ["Bob, Jr=5", "Cyd=3"]
    assert given_back["not_opened"] == ["Bob"]


# --------------------------------------------------------------------------------------------
# answers(): properties


@given(rounds())
@settings(max_examples=300, deadline=None)
def test_any_round_under_any_rule_set_comes_back(case) -> None:
    t, raw = case
    round_trip(raw, t)


YES_WORDS = st.sampled_from([True, "yes", "Oui", " on ", "Y", "vrai", ["oui"]])
NO_WORDS = st.sampled_from([False, None, "", "no", "NON", "off", "faux", [], [""]])


@st.composite
def respelled(draw: st.DrawFn) -> tuple[Table, dict[str, Any]]:
    """Any round of :func:`rounds`, its answers spelled every way the reader accepts: yes/no
    words, single values as lists, several names in one comma-separated value, blanks and
    None among the items, odd spaces, and keys left out."""
    t, raw = draw(rounds())
    spelled: dict[str, Any] = {}
    for key in ("blocked", "rami_sec"):
        spelled[key] = draw(YES_WORDS if raw.get(key) else NO_WORDS)
    if raw.get("winner"):
        name = draw(st.sampled_from([raw["winner"], raw["winner"].upper(), f"  {raw['winner']} "]))
        spelled["winner"] = draw(st.sampled_from([name, [name], [None, name, ""]]))
    hands = [h.replace(" ", draw(st.sampled_from([" ", ", ", "  ", " ,"]))) for h in raw["hand"]]
    if hands:
        spelled["hand"] = hands[0] if len(hands) == 1 and draw(st.booleans()) else [*hands, ""]
    names = raw.get("not_opened") or []
    if names:
        spelled["not_opened"] = draw(
            st.sampled_from([names, ",".join(names), [", ".join(names), None], [*names, " "]])
        )
    spelled = {k: v for k, v in spelled.items() if v is not None or draw(st.booleans())}
    return t, spelled


@given(respelled())
@settings(max_examples=300, deadline=None)
def test_a_round_however_spelled_comes_back(case) -> None:
    t, raw = case
    round_trip(raw, t)


#: names that prefix each other, with accents, spaces, dashes, apostrophes, a comma
ODD_NAMES = (
    "Jean",
    "Jean-Luc",
    "Zoé",
    "Bob, Jr",
    "Bob",
    "Ann Marie",
    "Ann",
    "Œdipe",
    "ß",
    "O'Neil",
    "Élise",
    "Eli",
)


@st.composite
def odd_tables(draw: st.DrawFn) -> tuple[Table, dict[str, Any]]:
    """Players with accents, spaces, dashes, a comma and names that prefix each other; the
    names typed in another case, without accents or shortened."""
    names = draw(st.lists(st.sampled_from(ODD_NAMES), min_size=2, max_size=6, unique=True))
    GAME.check_players(names, RamiParams())
    t = Table("rami", tuple(names), RamiParams())

    def typed(name: str) -> str:
        text = draw(st.sampled_from([name, name.lower(), name.upper(), fold(name)]))
        return text[: draw(st.integers(1, len(text)))] if draw(st.booleans()) else text

    blocked = draw(st.booleans())
    winner = None if blocked else draw(st.sampled_from(names))
    rami_sec = not blocked and draw(st.booleans())
    losers = [p for p in names if p != winner]
    raw: dict[str, Any] = {
        "winner": typed(winner) if winner else None,
        "blocked": blocked,
        "rami_sec": rami_sec,
        "hand": [
            typed(p)
            + "="
            + " ".join(card for card, _ in draw(st.lists(typed_card(), min_size=1, max_size=5)))
            for p in losers
        ],
    }
    if not rami_sec:
        raw["not_opened"] = [typed(p) for p in draw(st.lists(st.sampled_from(losers)))]
    return t, raw


@given(odd_tables())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
def test_odd_names_come_back_by_their_exact_spelling(case) -> None:
    t, raw = case
    try:
        GAME.build_round(raw, t, 1)
    except InputError:
        assume(False)  # a prefix that is ambiguous, a hand of no card…
    _, given_back = round_trip(raw, t)
    named = [given_back.get("winner")] + [h.partition("=")[0] for h in given_back.get("hand", [])]
    assert all(name is None or name in t.players for name in named)


# --------------------------------------------------------------------------------------------
# answers(): the rounds of old files

#: a schema-1 rami file, as the first versions of cardscore wrote them (there is no rami
#: fixture in tests/fixtures: the rounds of every one there is are checked as well)
OLD_RAMI = {
    "schema_version": 1,
    "id": "a1b2c3",
    "game": "rami",
    "rules": "standard",
    "params": {
        "joker": 20,
        "never_opened": "plus",
        "never_opened_extra": 25,
        "never_opened_cap": 100,
        "never_opened_flat": 100,
        "rami_sec": "flat",
        "rami_sec_amount": 200,
        "target_per_opponent": 100,
        "target": 0,
    },
    "players": ["Ann", "Bob", "Cyd", "Dan"],
    "teams": [],
    "title": "Rami du dimanche",
    "created": "2026-11-29T18:02:11+00:00",
    "updated": "2026-11-29T18:40:52+00:00",
    "rounds": [
        {
            "winner": "Ann",
            "blocked": False,
            "rami_sec": False,
            "hands": {
                "Bob": {"cards": "A JK 5", "value": 36},
                "Cyd": {"cards": "12", "value": 12},
                "Dan": {"cards": "R D V 10", "value": 40},
            },
            "not_opened": ["Dan"],
        },
        {
            "winner": None,
            "blocked": True,
            "rami_sec": False,
            "hands": {
                "Ann": {"cards": "7", "value": 7},
                "Bob": {"cards": "7", "value": 7},
                "Cyd": {"cards": "As, Joker", "value": 31},
                "Dan": {"cards": "10♥ 10♠", "value": 20},
            },
            "not_opened": ["Cyd"],
        },
        {
            "winner": "Cyd",
            "blocked": False,
            "rami_sec": True,
            "hands": {"Dan": {"cards": "3", "value": 3}},
            "not_opened": ["Ann", "Bob", "Dan"],
        },
    ],
    "undone": [
        {
            "winner": "Dan",
            "blocked": False,
            "rami_sec": False,
            "hands": {
                "Ann": {"cards": "0", "value": 0},
                "Bob": {"cards": "*", "value": 20},
                "Cyd": {"cards": "9", "value": 9},
            },
            "not_opened": [],
        }
    ],
}


def old_rami_files(tmp_path: Path) -> list[Path]:
    written = tmp_path / "schema1_rami.json"
    written.write_text(json.dumps(OLD_RAMI, ensure_ascii=False), "utf-8")
    found = [
        p for p in sorted(FIXTURES.glob("*.json")) if json.loads(p.read_text())["game"] == "rami"
    ]
    return [written, *found]


def test_every_round_of_an_old_file_comes_back(tmp_path: Path) -> None:
    checked = 0
    for path in old_rami_files(tmp_path):
        session = store.loads(path.read_bytes(), path)  # (not named by its id)
        t = session.table()
        # the rounds undone: inputs (schema 1), or changes holding one (schema 2)
        undone = [c.get("input", c) for c in session.undone]
        for number, inp in enumerate([*session.rounds, *undone], start=1):
            given_back = GAME.answers(inp, t)
            assert GAME.build_round(given_back, t, number) == inp, (path.name, number)
            checked += 1
    assert checked >= 4


def test_an_old_hand_over_the_limit_is_given_back_as_it_was_and_refused_as_typed() -> None:
    # a round saved before a hand was capped at 14 cards of the highest value: its answers
    # say it as it was, and build_round refuses them as it would refuse typing them
    t = table(2)
    inp = {
        "winner": "Ann",
        "blocked": False,
        "rami_sec": False,
        "hands": {"Bob": {"cards": "300", "value": 300}},
        "not_opened": [],
    }
    assert GAME.answers(inp, t) == {"winner": "Ann", "hand": ["Bob=300"]}
    with pytest.raises(InputError, match="more than any hand can hold"):
        GAME.build_round(GAME.answers(inp, t), t, 1)


# --------------------------------------------------------------------------------------------
# answers(): one answer changed is a round typed with that answer


def test_one_hand_changed_is_the_round_typed_with_it() -> None:
    t = table(3)
    inp = GAME.build_round(
        {"winner": "Ann", "hand": ["Bob=A JK 5", "Cyd=12"], "not_opened": ["Cyd"]}, t, 1
    )
    changed = GAME.answers(inp, t) | {"hand": ["Bob=A JK 5", "Cyd=R D"]}
    assert GAME.build_round(changed, t, 1) == GAME.build_round(
        {"winner": "Ann", "hand": ["Bob=A JK 5", "Cyd=R D"], "not_opened": ["Cyd"]}, t, 1
    )


def test_a_blocked_round_drops_what_the_fields_say_no_longer_applies() -> None:
    t = table(3)
    inp = GAME.build_round({"winner": "Ann", "rami_sec": True, "hand": ["Bob=5"]}, t, 1)
    changed = GAME.answers(inp, t) | {"blocked": True}
    dropped = {f.key for f in GAME.fields if f.key in changed and not f.is_relevant(t, changed)}
    assert dropped == {"winner", "rami_sec"}
    with pytest.raises(InputError, match="--winner: cannot go with --blocked"):
        GAME.build_round(changed, t, 1)
    kept = {k: v for k, v in changed.items() if k not in dropped}
    # the hands the round now needs: every player's (the caller asks for Ann's)
    assert hands_needed(t, kept) == ("Ann", "Bob", "Cyd")
    kept["hand"] = [*kept["hand"], "Ann=3", "Cyd=9"]
    assert GAME.build_round(kept, t, 1) == GAME.build_round(
        {"blocked": True, "hand": ["Ann=3", "Bob=5", "Cyd=9"]}, t, 1
    )


def test_a_rami_sec_makes_not_opened_inapplicable() -> None:
    t = table(3)
    inp = GAME.build_round({"winner": "Ann", "hand": ["Bob=5", "Cyd=9"], "not_opened": "Bob"}, t, 1)
    changed = GAME.answers(inp, t) | {"rami_sec": True}
    dropped = {f.key for f in GAME.fields if f.key in changed and not f.is_relevant(t, changed)}
    assert dropped == {"not_opened"}
    kept = {k: v for k, v in changed.items() if k not in dropped}
    assert GAME.build_round(kept, t, 1) == GAME.build_round(
        {"winner": "Ann", "rami_sec": True, "hand": ["Bob=5", "Cyd=9"]}, t, 1
    )


def test_a_new_winner_with_a_hand_is_refused_as_when_typed() -> None:
    # not a field that stops applying (Field.applies cannot see it): the new winner's hand
    # entry, and his name in --not-opened, are refused as they would be when typed
    t = table(3)
    inp = GAME.build_round({"winner": "Ann", "hand": ["Bob=5", "Cyd=9"], "not_opened": "Bob"}, t, 1)
    changed = GAME.answers(inp, t) | {"winner": "Bob"}
    assert all(f.is_relevant(t, changed) for f in GAME.fields)
    with pytest.raises(InputError, match="--hand Bob: Bob went out"):
        GAME.build_round(changed, t, 1)
    assert hands_needed(t, changed) == ("Ann", "Cyd")


# --------------------------------------------------------------------------------------------
# headline()


def said(raw: dict[str, Any], n: int = 3, with_record: bool = True, **params: Any) -> str:
    t = table(n, **params)
    inp = GAME.build_round(raw, t, 1)
    record = GAME.score(inp, t, 1, None).record if with_record else None
    return GAME.headline(inp, t, record)


HEADLINES = [
    # (id, players, params, raw, with the record, without, French with, French without)
    (
        "went_out",
        3,
        {},
        {"winner": "Cyd", "hand": ["Ann=5", "Bob=R JK"]},
        "Cyd went out → Ann 5, Bob 30",
        "Cyd went out (Ann 5, Bob 30)",
        "Cyd a fini → Ann 5, Bob 30",
        "Cyd a fini (Ann 5, Bob 30)",
    ),
    (
        "went_out_not_opened",
        4,
        {},
        {"winner": "Ann", "hand": ["Bob=A 5", "Cyd=R D", "Dan=75"], "not_opened": ["Dan"]},
        "Ann went out → Bob 16, Cyd 20, Dan 100",
        "Ann went out (Bob 16, Cyd 20, Dan 75)",
        "Ann a fini → Bob 16, Cyd 20, Dan 100",
        "Ann a fini (Bob 16, Cyd 20, Dan 75)",
    ),
    (
        "blocked",
        3,
        {},
        {"blocked": True, "hand": ["Ann=5", "Bob=20", "Cyd=3"]},
        "blocked → Ann 5, Bob 20, Cyd 0",
        "blocked (Ann 5, Bob 20, Cyd 3)",
        "donne bloquée → Ann 5, Bob 20, Cyd 0",
        "donne bloquée (Ann 5, Bob 20, Cyd 3)",
    ),
    (
        "rami_sec",
        3,
        {},
        {"winner": "Ann", "rami_sec": True},
        "rami sec by Ann → Bob 200, Cyd 200",
        "rami sec by Ann",
        "rami sec de Ann → Bob 200, Cyd 200",
        "rami sec de Ann",
    ),
    (
        "rami_sec_hands",
        3,
        {"rami_sec": "double"},
        {"winner": "Ann", "rami_sec": True, "hand": ["Bob=12", "Cyd=30"]},
        "rami sec by Ann → Bob 24, Cyd 60",
        "rami sec by Ann (Bob 12, Cyd 30)",
        "rami sec de Ann → Bob 24, Cyd 60",
        "rami sec de Ann (Bob 12, Cyd 30)",
    ),
]


@pytest.mark.parametrize(
    ("n", "params", "raw", "en", "en_bare", "fr", "fr_bare"),
    [c[1:] for c in HEADLINES],
    ids=[c[0] for c in HEADLINES],
)
def test_headlines(n, params, raw, en, en_bare, fr, fr_bare) -> None:
    with_record = said(raw, n, **params)
    without = said(raw, n, with_record=False, **params)
    assert (with_record, without) == (en, en_bare)
    i18n.set_language("fr")
    try:
        assert (i18n.tr(with_record), i18n.tr(without)) == (fr, fr_bare)
    finally:
        i18n.set_language("en")


def test_a_usual_headline_is_short() -> None:
    line = said({"winner": "Fay", "hand": ["Ann=95", "Bob=100", "Cyd=120", "Dan=88", "Eve=140"]}, 6)
    assert len(line) <= 60, line


# --------------------------------------------------------------------------------------------
# What the mutation run of games/rami found untested


def test_a_blocked_round_says_every_score_its_winner_s_0_too() -> None:
    from cardscore.games.rami.rules import work_out
    from cardscore.games.rami.words import headline

    table = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
    inp = GAME.build_round({"blocked": True, "hand": ["Ann=5", "Bob=12", "Cyd=30"]}, table, 1)
    assert headline(inp, work_out(inp, table)) == "blocked → Ann 0, Bob 12, Cyd 30"


def test_a_lone_card_is_said_with_its_value() -> None:
    from cardscore.games.rami.words import _formula

    assert _formula("R", 10) == "K = 10"  # one card, not a value typed: its label and value
    assert _formula("10", 10) == "10"  # (a 10 reads the same either way)


def test_who_may_not_have_opened_is_everyone_but_the_one_who_went_out() -> None:
    from cardscore.games.rami.fields import _losers

    table = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
    assert _losers(table, {"winner": "bo"}) == ("Ann", "Cyd")
    assert _losers(table, {"winner": "Zed"}) == ("Ann", "Bob", "Cyd")  # (nobody named yet)
    assert _losers(table, {}) == ("Ann", "Bob", "Cyd")


def test_a_name_with_commas_is_typed_back_by_what_comes_before_the_first() -> None:
    from cardscore.games.rami.reading import _typed_name

    table = Table("rami", ("Ann", "Bob, Jr, III"), RamiParams())
    assert _typed_name("Bob, Jr, III", table) == "Bob"


def test_a_hand_over_the_bounds_is_read_from_a_file_saved_before_them() -> None:
    from cardscore.games.base import BOUNDS_SCHEMA, typed_under

    table = Table("rami", ("Ann", "Bob", "Cyd"), RamiParams())
    inp = {
        "winner": "Ann",
        "blocked": False,
        "rami_sec": False,
        "hands": {"Bob": {"cards": "300", "value": 300}, "Cyd": {"cards": "5", "value": 5}},
        "not_opened": [],
    }
    with pytest.raises(ValueError, match="300 is more than any hand can hold"):
        GAME.check_stored(inp, table, 1)
    with typed_under(BOUNDS_SCHEMA - 1):
        GAME.check_stored(inp, table, 1)  # (no error: typed before the bounds)
