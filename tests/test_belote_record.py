"""The record of a belote or coinche round (what the round was, the data its scores and its
breakdown come from), typed errors, and the one reader of raw answers."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscore import i18n
from cardscore.games.base import InputError, Outcome, Table
from cardscore.games.belote import (
    BELOTE,
    COINCHE,
    BeloteRecord,
    CoincheRecord,
    Level,
    LitigeBelote,
    Special,
    Tally,
    Trump,
    Verdict,
    belote_record,
    belote_scores,
    coinche_record,
    coinche_scores,
    explain,
    tallies,
    tally,
)
from test_belote_core import (
    BAD_BELOTE,
    BAD_COINCHE,
    BELOTE_ROUNDS,
    COINCHE_ROUNDS,
    EW,
    NS,
    VALUE,
    belote_rounds,
    play,
    table,
)

PROPERTY = settings(max_examples=200, deadline=None)


def scored_by_owner(terms: Any) -> Counter[str]:
    """The amounts of the scored terms, added up by owner."""
    sums: Counter[str] = Counter()
    for term in terms:
        if term.scored:
            sums[term.owner] += term.amount
    return sums


def as_tuples(terms: Any) -> list[tuple[Any, ...]]:
    return [(t.kind, t.amount, t.owner, t.detail, t.scored) for t in terms]


# --------------------------------------------------------------------------------------------
# Every worked round's record (docs/rules.md, Belote › Worked rounds): the tallies, the
# outcome, the margin and every term with its owner

BELOTE_RECORDS = {
    # id: (verdict, margin, NS tally, EW tally, terms)
    "made-with-belote": (
        Verdict.MADE, 42, (82, 10, 20, 0, False, 112), (70, 0, 0, 0, False, 70),
        [("cards", 82, NS, None, True), ("dix_de_der", 10, NS, None, True),
         ("belote", 20, NS, None, True), ("cards", 70, EW, None, True)],
    ),
    "dedans": (
        Verdict.DEDANS, -10, (66, 0, 20, 0, False, 86), (86, 10, 0, 0, False, 96),
        [("round", 162, EW, None, True), ("belote", 20, NS, None, True)],
    ),
    "litige": (
        Verdict.LITIGE, 0, (71, 10, 0, 0, False, 81), (81, 0, 0, 0, False, 81),
        [("cards", 71, NS, "held", False), ("dix_de_der", 10, NS, "held", False),
         ("cards", 81, EW, None, True)],
    ),
    "capot": (
        Verdict.MADE, 252, (252, 0, 0, 0, True, 252), (0, 0, 0, 0, False, 0),
        [("capot", 252, NS, None, True), ("cards", 0, EW, None, True)],
    ),
    "announcements-count-for-the-contract": (
        Verdict.MADE, 32, (72, 0, 0, 50, False, 122), (80, 10, 0, 0, False, 90),
        [("cards", 72, NS, None, True), ("announce", 50, NS, None, True),
         ("cards", 80, EW, None, True), ("dix_de_der", 10, EW, None, True)],
    ),
    "sans-atout-maison": (
        Verdict.MADE, 2, (56, 10, 0, 0, False, 66), (64, 0, 0, 0, False, 64),
        [("cards", 56, NS, None, True), ("dix_de_der", 10, NS, None, True),
         ("cards", 64, EW, None, True)],
    ),
    "sans-atout-official-dedans": (
        Verdict.DEDANS, -10, (76, 0, 0, 0, False, 76), (76, 10, 0, 0, False, 86),
        [("round", 162, EW, None, True)],
    ),
}  # fmt: skip


@pytest.mark.parametrize(("rules", "raw", "ns", "ew", "held"), BELOTE_ROUNDS)
def test_belote_worked_rounds_records(
    request: pytest.FixtureRequest, rules: str, raw: dict[str, Any], ns: int, ew: int, held: int
):
    case = request.node.callspec.id
    verdict, margin, ns_tally, ew_tally, terms = BELOTE_RECORDS[case]
    result = play("belote", rules, {"taker": "south", **raw})
    record = result.record
    assert isinstance(record, BeloteRecord)
    assert (record.taker, record.side, record.taker_team) == ("South", NS, 0)
    assert record.verdict is verdict and record.made == (verdict is Verdict.MADE)
    assert record.margin == margin
    assert record.tallies == (Tally(NS, *ns_tally), Tally(EW, *ew_tally))
    assert as_tuples(record.terms) == terms
    assert (record.held_in, record.held_out) == (0, held)
    assert scored_by_owner(record.terms) == Counter({NS: ns, EW: ew}) - Counter()
    assert dict(zip((NS, EW), belote_scores(record), strict=True)) == {NS: ns, EW: ew}


COINCHE_RECORDS = {
    # id: (made, margin, level, base, terms)
    "made": (True, 8, Level.NONE, 160,
             [("cards", 98, NS, None, True), ("dix_de_der", 10, NS, None, True),
              ("contract", 100, NS, None, True), ("cards", 54, EW, None, True)]),
    "made-official-rounded": (True, 8, Level.NONE, 160,
             [("cards", 98, NS, None, True), ("dix_de_der", 10, NS, None, True),
              ("contract", 100, NS, None, True), ("cards", 54, EW, None, True),
              ("rounding", 2, NS, None, True), ("rounding", -4, EW, None, True)]),
    "coinche": (True, 8, Level.COINCHE, 160, [("contract", 520, NS, "coinché", True)]),
    "surcoinche": (True, 8, Level.SURCOINCHE, 160,
                   [("contract", 1040, NS, "surcoinché", True)]),
    "coinche-dedans": (False, -20, Level.COINCHE, 160, [("contract", 520, EW, "coinché", True)]),
    "capot-contract": (True, None, Level.NONE, 160,
                       [("capot", 252, NS, None, True), ("contract", 250, NS, None, True),
                        ("cards", 0, EW, None, True)]),
    "capot-contract-coinche-official": (True, None, Level.COINCHE, 250,
                                        [("contract", 1000, NS, "coinché", True)]),
    "official-5-rounds-up": (True, 5, Level.NONE, 160,
             [("cards", 95, NS, None, True), ("dix_de_der", 10, NS, None, True),
              ("contract", 100, NS, None, True), ("cards", 57, EW, None, True),
              ("rounding", 5, NS, None, True), ("rounding", 3, EW, None, True)]),
    "official-6-rounds-up": (True, 6, Level.NONE, 160,
             [("cards", 96, NS, None, True), ("dix_de_der", 10, NS, None, True),
              ("contract", 100, NS, None, True), ("cards", 56, EW, None, True),
              ("rounding", 4, NS, None, True), ("rounding", 4, EW, None, True)]),
    "official-3-rounds-down": (True, 3, Level.NONE, 160,
             [("cards", 93, NS, None, True), ("dix_de_der", 10, NS, None, True),
              ("contract", 100, NS, None, True), ("cards", 59, EW, None, True),
              ("rounding", -3, NS, None, True), ("rounding", 1, EW, None, True)]),
}  # fmt: skip


@pytest.mark.parametrize(("rules", "changes", "ns", "ew"), COINCHE_ROUNDS)
def test_coinche_worked_rounds_records(
    request: pytest.FixtureRequest, rules: str, changes: dict[str, Any], ns: int, ew: int
):
    made, margin, level, base, terms = COINCHE_RECORDS[request.node.callspec.id]
    raw = {"taker": "South", "trump": "coeur", "contract": "100", "points": "98",
           "dix_de_der": "taker", **changes}  # fmt: skip
    record = play("coinche", rules, raw).record
    assert isinstance(record, CoincheRecord)
    assert (record.taker, record.side, record.trump) == ("South", NS, Trump.HEARTS)
    assert record.made is made and record.verdict is (Verdict.MADE if made else Verdict.DEDANS)
    assert record.margin == margin
    assert record.level is level and record.base == base
    assert as_tuples(record.terms) == terms
    assert scored_by_owner(record.terms) == Counter({NS: ns, EW: ew}) - Counter()
    assert dict(zip((NS, EW), coinche_scores(record), strict=True)) == {NS: ns, EW: ew}


def test_a_litige_record_keeps_the_belote_and_holds_the_rest():
    raw = {"taker": "South", "trump": "hearts", "points": "61", "dix_de_der": "taker",
           "belote": "taker"}  # fmt: skip
    record = play("belote", "maison", raw, carry=30).record
    assert (record.verdict, record.kept, record.held_in, record.held_out) == (
        Verdict.LITIGE, 20, 30, 30 + 71,
    )  # fmt: skip
    assert as_tuples(record.terms) == [
        ("cards", 61, NS, "held", False),
        ("dix_de_der", 10, NS, "held", False),
        ("belote", 20, NS, None, True),
        ("cards", 91, EW, None, True),
    ]
    held = play("belote", "maison", raw, carry=30, litige_belote=LitigeBelote.HELD).record
    assert (held.kept, held.held_out) == (0, 30 + 91)
    assert ("belote", 20, NS, "held", False) in as_tuples(held.terms)


def test_the_winner_collects_the_held_points_as_a_term():
    made = play("belote", "maison", {"taker": "South", "trump": "hearts", "points": "90",
                                     "dix_de_der": "taker"}, carry=81).record  # fmt: skip
    assert made.winner == 0 and made.terms[-1] == ("held", 81, NS, None, True)
    dedans = play("belote", "maison", {"taker": "West", "trump": "hearts", "points": "60",
                                       "dix_de_der": "South"}, carry=81).record  # fmt: skip
    assert dedans.winner == 0 and dedans.terms[-1] == ("held", 81, NS, None, True)
    assert (dedans.round_points, dedans.won_announces) == (162, 0)


@pytest.mark.parametrize(
    ("which", "terms"),
    [
        ("all", [("round", 162, EW, None, True), ("announce", 50, EW, "taker's", True),
                 ("announce", 20, EW, None, True)]),
        ("own", [("round", 162, EW, None, True), ("announce", 50, NS, None, False),
                 ("announce", 20, EW, None, True)]),
    ],
)  # fmt: skip
def test_dedans_announcements_in_the_record(which: str, terms: list[tuple[Any, ...]]):
    raw = {"taker": "South", "trump": "hearts", "points": "50", "dix_de_der": "taker",
           "announce": ["South:50", "West:20"]}  # fmt: skip
    record = play("belote", "maison", raw, dedans_announcements=which).record
    assert as_tuples(record.terms) == terms
    assert record.won_announces == (70 if which == "all" else 20)


def test_a_defence_capot_in_the_record():
    raw = {"taker": "South", "trump": "sa", "capot": "defense", "belote": None}
    record = play("belote", "maison", raw).record
    assert record.tallies[1] == Tally(EW, 220, 0, 0, 0, True, 220)
    assert as_tuples(record.terms) == [("capot", 220, EW, None, True)]
    assert record.margin == -220


@pytest.mark.parametrize(
    ("changes", "seed", "winner"),
    [
        ({"coinche": True, "announce": ["NS:50", "EW:20"]},
         [("contract", 520, NS, "coinché", True), ("announce", 50, NS, None, False),
          ("announce", 20, EW, None, False)],
         [("contract", 520, NS, "coinché", True), ("announce", 50, NS, None, True),
          ("announce", 20, NS, None, True)]),
        ({"points": "70", "dix_de_der": "defense", "announce": ["taker:20"], "belote": "EW"},
         [("contract", 260, EW, None, True), ("belote", 20, EW, None, True),
          ("announce", 20, NS, None, False)],
         [("contract", 260, EW, None, True), ("belote", 20, EW, None, True),
          ("announce", 20, EW, None, True)]),
        ({"coinche": True, "belote": "EW"},
         [("contract", 520, NS, "coinché", True), ("belote", 20, EW, None, True)],
         [("contract", 520, NS, "coinché", True), ("belote", 20, EW, None, True)]),
    ],
)  # fmt: skip
def test_coinche_announcements_in_the_record(changes, seed, winner):
    raw = {"taker": "South", "trump": "hearts", "contract": "100", "points": "98",
           "dix_de_der": "taker", **changes}  # fmt: skip
    assert as_tuples(play("coinche", "maison", raw).record.terms) == seed
    to_winner = play("coinche", "maison", raw, coinche_announcements="winner").record
    assert to_winner.to_winner and as_tuples(to_winner.terms) == winner


@pytest.mark.parametrize(
    ("raw", "made", "margin"),
    [
        ({"contract": "80", "points": "71"}, False, 0),  # 81 = 81: a tie falls
        ({"contract": "100", "points": "85"}, False, -5),  # 95 < 100
        # 60 is 20 short of 80 and 42 short of 102: lost by the larger
        ({"contract": "80", "points": "60", "dix_de_der": "defense"}, False, -42),
        ({"contract": "80", "points": "72"}, True, 2),  # 82 > 80 and 82 > 80
        ({"contract": "90", "points": "80"}, True, 0),  # 90 = 90, 90 > 72: made juste
    ],
)
def test_coinche_margin(raw: dict[str, Any], made: bool, margin: int):
    record = play("coinche", "maison", {"taker": "South", "trump": "hearts",
                                        "dix_de_der": "taker", **raw}).record  # fmt: skip
    assert (record.made, record.margin) == (made, margin)


def test_capot_and_generale_contracts_in_the_record():
    raw = {"taker": "West", "trump": "ta", "contract": "generale", "generale_made": True}
    generale = play("coinche", "maison", raw)
    record = generale.record
    assert (record.contract, record.value, record.made, record.margin) == (
        Special.GENERALE, 500, True, None,
    )  # fmt: skip
    assert record.contract is Special.GENERALE and record.side == EW and record.taker_team == 1
    assert as_tuples(record.terms) == [
        ("capot", 252, EW, None, True),
        ("contract", 500, EW, None, True),
        ("cards", 0, NS, None, True),
    ]
    assert generale.scores == {NS: 0, EW: 752}
    unclaimed = play("coinche", "maison", {"taker": "South", "trump": "hearts",
                                           "contract": "capot", "points": "152",
                                           "dix_de_der": "taker"}).record  # fmt: skip
    assert unclaimed.capot_unclaimed and not unclaimed.made
    assert unclaimed.contract is Special.CAPOT and unclaimed.base == 160
    assert as_tuples(unclaimed.terms) == [("contract", 410, EW, None, True)]


def test_records_as_json_for_show():
    record = play("belote", "maison", {"taker": "South", "trump": "hearts", "points": "71",
                                       "dix_de_der": "taker"}, carry=9).record  # fmt: skip
    data = record.as_json()
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "taker": "South", "side": NS, "trump": "hearts", "outcome": "litige", "made": False,
        "margin": 0,
        "teams": {
            NS: {"cards": 71, "dix_de_der": 10, "belote": 0, "announcements": 0,
                 "capot": False, "total": 81},
            EW: {"cards": 81, "dix_de_der": 0, "belote": 0, "announcements": 0,
                 "capot": False, "total": 81},
        },
        "held_in": 9, "held_out": 90,
        "terms": [
            {"kind": "cards", "amount": 71, "owner": NS, "detail": "held", "scored": False},
            {"kind": "dix_de_der", "amount": 10, "owner": NS, "detail": "held",
             "scored": False},
            {"kind": "cards", "amount": 81, "owner": EW},
        ],
    }  # fmt: skip
    raw = {"taker": "South", "trump": "sa", "contract": "capot", "surcoinche": True,
           "capot": "taker"}  # fmt: skip
    coinche = play("coinche", "official", raw).record
    data = coinche.as_json()
    assert json.loads(json.dumps(data)) == data
    assert {k: v for k, v in data.items() if k not in ("teams", "terms")} == {
        "taker": "South", "side": NS, "trump": "sa", "contract": "capot",
        "contract_value": 250, "level": "surcoinche", "multiplier": 4, "outcome": "made",
        "made": True, "margin": None, "base": 250, "rounding": True, "capot_unclaimed": False,
    }  # fmt: skip
    assert data["terms"] == [
        {"kind": "contract", "amount": 2000, "owner": NS, "detail": "surcoinché"}
    ]
    assert play("coinche", "maison", {"taker": "South", "trump": "hearts", "contract": "90",
                                      "points": "90", "dix_de_der": "taker"}).record.as_json()[
        "contract"] == 90  # fmt: skip


def test_show_json_gives_each_round_its_terms(cli):
    created = cli("new", "belote", "--names", "South,West,North,East", "--set", "team1=NS",
                  "--set", "team2=EW", "--no-play")  # fmt: skip
    assert created.code == 0, created.err
    for points in ("71", "90"):
        added = cli("add", "--taker", "South", "--trump", "hearts", "--points", points,
                    "--dix-de-der", "taker")  # fmt: skip
        assert added.code == 0, added.err
    rounds = cli("show", "--json").json()["rounds"]
    assert [r["terms"]["outcome"] for r in rounds] == ["litige", "made"]
    assert rounds[1]["terms"]["held_in"] == 81
    assert rounds[1]["terms"]["terms"][-1] == {"kind": "held", "amount": 81, "owner": NS}


# --------------------------------------------------------------------------------------------
# The scores are a pure function of the record; the breakdown is written from it

HELD = st.one_of(st.none(), st.integers(0, 400))


@PROPERTY
@given(belote_rounds(), st.sampled_from([None, "taker", "defense"]), HELD, st.booleans(),
       st.sampled_from(["all", "own"]))  # fmt: skip
def test_belote_scores_follow_from_the_record(case, capot, held, litige, announcements):
    t, raw = case
    t = table("belote", "maison", litige=litige, dedans_announcements=announcements,
              litige_belote=t.params.litige_belote, sans_atout_ace=t.params.sans_atout_ace,
              capot_sans_atout=t.params.capot_sans_atout)  # fmt: skip
    if capot:
        raw |= {"capot": capot, "points": None, "dix_de_der": None}
    inp = BELOTE.build_round(raw, t, 1)
    full, lean = BELOTE.score(inp, t, 1, held), BELOTE.score(inp, t, 1, held, explain=False)
    record = full.record
    assert record == lean.record == belote_record(inp, t, held)
    assert lean.breakdown == () and full.breakdown == explain(record, t)
    assert dict(full.scores) == dict(zip((NS, EW), belote_scores(record), strict=True))
    assert scored_by_owner(record.terms) == Counter(full.scores) - Counter()
    taker, defense = record.tallies[record.taker_team], record.tallies[1 - record.taker_team]
    for team in record.tallies:
        assert team.total == team.cards + team.dix_de_der + team.belote + team.announces
    assert record.margin == taker.total - defense.total
    assert record.made == (record.margin > 0)
    assert (record.verdict is Verdict.LITIGE) == (record.margin == 0 and litige)
    held_in = held or 0
    assert record.held_in == held_in
    if record.verdict is Verdict.LITIGE:
        assert record.held_out == full.held == full.carry == held_in + taker.total - record.kept
    else:
        assert record.held_out == full.held == full.carry == 0
        assert sum(full.scores.values()) >= held_in
    assert json.loads(json.dumps(record.as_json())) == record.as_json()


@PROPERTY
@given(
    belote_rounds("coinche"),
    st.sampled_from(["80", "100", "130", "180", "capot", "generale"]),
    st.sampled_from([{}, {"coinche": True}, {"surcoinche": True}]),
    st.sampled_from([None, "taker", "defense"]),
    st.sampled_from(["seed", "winner"]),
)
def test_coinche_scores_follow_from_the_record(case, contract, level, capot, announcements):
    t, raw = case
    t = Table(t.game, t.players, t.params.__class__(**{**t.params.__dict__,
              "coinche_announcements": announcements}), t.teams)  # fmt: skip
    raw = {**raw, "contract": contract, **level}
    if capot:
        raw |= {"capot": capot, "points": None, "dix_de_der": None}
    if contract == "generale" and capot == "taker":
        raw["generale_made"] = True
    inp = COINCHE.build_round(raw, t, 1)
    full, lean = COINCHE.score(inp, t, 1, None), COINCHE.score(inp, t, 1, None, explain=False)
    record = full.record
    assert record == lean.record == coinche_record(inp, t)
    assert lean.breakdown == () and full.breakdown == explain(record, t)
    assert dict(full.scores) == dict(zip((NS, EW), coinche_scores(record), strict=True))
    assert scored_by_owner(record.terms) == Counter(full.scores) - Counter()
    taker, defense = record.tallies[record.taker_team], record.tallies[1 - record.taker_team]
    if isinstance(record.contract, int):
        assert record.made == (taker.total >= record.value and taker.total > defense.total)
        assert (record.margin >= 0) if record.made else (record.margin <= 0)
    else:
        assert record.margin is None
    if not (record.made and record.level is Level.NONE):
        k = int(record.level)
        assert full.scores[record.tallies[record.winner].team] >= (record.base + record.value) * k
    assert json.loads(json.dumps(record.as_json())) == record.as_json()


# --------------------------------------------------------------------------------------------
# Typed errors: the field at fault, not the English text

OPTION = re.compile(r"^(--[a-z-]+)")


def field_named(game: Any, message: str) -> str | None:
    """The key of the game's field whose option the message starts with."""
    found = OPTION.match(message)
    options = {f.option: f.key for f in game.fields}
    return options.get(found.group(1)) if found else None


@pytest.mark.parametrize(("changes", "message"), BAD_BELOTE)
def test_belote_errors_name_their_field(changes: dict[str, Any], message: str):
    raw = {"taker": "South", "trump": "hearts", "points": "82", "dix_de_der": "taker", **changes}
    with pytest.raises(InputError, match=message) as info:
        BELOTE.build_round(raw, table(), 1)
    assert info.value.field == field_named(BELOTE, str(info.value))
    if not message.startswith(("^--contract", "^--coinche")):  # not belote's options
        assert info.value.field is not None


@pytest.mark.parametrize(("changes", "message"), BAD_COINCHE)
def test_coinche_errors_name_their_field(changes: dict[str, Any], message: str):
    raw = {"taker": "South", "trump": "hearts", "contract": "100", "points": "82",
           "dix_de_der": "taker", **changes}  # fmt: skip
    with pytest.raises(InputError, match=message) as info:
        COINCHE.build_round(raw, table("coinche"), 1)
    assert info.value.field is not None
    assert info.value.field == field_named(COINCHE, str(info.value))


@PROPERTY
@given(
    st.sampled_from([BELOTE, COINCHE]),
    st.dictionaries(st.sampled_from([f.key for f in COINCHE.fields]), VALUE, max_size=12),
)
def test_every_error_about_a_field_carries_its_key(game: Any, raw: dict[str, Any]):
    try:
        game.build_round(raw, table(game.name), 1)
    except InputError as error:
        key = field_named(game, str(error))
        if key is not None:
            assert error.field == key


# --------------------------------------------------------------------------------------------
# One reader, one set of types


@pytest.mark.parametrize("word", ["o", "vrai", "j", "Y"])
def test_every_yes_word_of_the_reader_is_accepted(word: str):
    raw = {"taker": "South", "trump": "hearts", "contract": "100", "points": "98",
           "dix_de_der": "taker", "coinche": word}  # fmt: skip
    inp = COINCHE.build_round(raw, table("coinche"), 1)
    assert inp["coinche"] == 2 and type(inp["coinche"]) is int


def test_stored_inputs_are_typed_and_keep_their_json_form():
    inp = COINCHE.build_round({"taker": "West", "trump": "sans atout", "contract": "250",
                               "capot": "taker"}, table("coinche"), 1)  # fmt: skip
    assert inp["trump"] is Trump.SANS_ATOUT and inp["contract"] is Special.CAPOT
    assert json.dumps(inp) == (
        '{"taker": "West", "trump": "sa", "contract": "capot", "coinche": 1, "points": 120, '
        '"dix_de_der": 1, "belote": null, "announces": [], "capot": 1, "generale_made": false}'
    )
    raw = {"taker": "West", "trump": "hearts", "contract": "110", "points": "90",
           "dix_de_der": "West"}  # fmt: skip
    numbered = COINCHE.build_round(raw, table("coinche"), 1)
    assert type(numbered["contract"]) is int and numbered["contract"] == 110


def test_a_team_named_with_a_colon_is_read_in_announcements():
    t = Table("belote", ("South", "West", "North", "East"), BELOTE.presets["maison"],
              ("N:S", "E:W"))  # fmt: skip
    inp = BELOTE.build_round({"taker": "South", "trump": "hearts", "points": "82",
                              "dix_de_der": "taker", "announce": ["E:W:50"]}, t, 1)  # fmt: skip
    record = BELOTE.score(inp, t, 1, None).record
    assert inp["announces"] == [[1, 50]]
    assert ("announce", 50, "E:W", None, True) in as_tuples(record.terms)


# --------------------------------------------------------------------------------------------
# The breakdown, written from the record by explain() alone

BREAKDOWNS = [
    pytest.param(
        "belote", {}, {"taker": "South", "trump": "hearts", "points": "61",
                       "dix_de_der": "taker", "belote": "taker"}, None,
        ["NS: 61 in cards + 10 dix de der + 20 belote = 91", "EW: 91 in cards = 91",
         "litige: 91 = 91, EW score their total",
         "litige: NS score their belote (20) now; the rest, 71, is held for the next round"],
        id="litige-belote-kept",
    ),
    pytest.param(
        "belote", {}, {"taker": "South", "trump": "hearts", "points": "61",
                       "dix_de_der": "taker", "belote": "taker"}, 30,
        ["NS: 61 in cards + 10 dix de der + 20 belote = 91", "EW: 91 in cards = 91",
         "litige: 91 = 91, EW score their total",
         "litige: NS score their belote (20) now; the rest, 71 + 30 already held = 101, "
         "is held for the next round"],
        id="litige-belote-kept-with-held",
    ),
    pytest.param(
        "belote", {"litige_belote": "held"},
        {"taker": "South", "trump": "hearts", "points": "61", "dix_de_der": "taker",
         "belote": "taker"}, 30,
        ["NS: 61 in cards + 10 dix de der + 20 belote = 91", "EW: 91 in cards = 91",
         "litige: 91 = 91, EW score their total, NS 0",
         "litige: 91 + 30 already held = 121 held for the next round"],
        id="litige-belote-held-with-held",
    ),
    pytest.param(
        "belote", {}, {"taker": "West", "trump": "hearts", "points": "71",
                       "dix_de_der": "West"}, None,
        ["NS: 81 in cards = 81", "EW: 71 in cards + 10 dix de der = 81",
         "litige: 81 = 81, NS score their total, EW 0", "litige: 81 held for the next round"],
        id="litige-team-1",
    ),
    pytest.param(
        "belote", {}, {"taker": "South", "trump": "sa", "capot": "defense"}, 40,
        ["NS: 0 in cards = 0", "EW: 220 capot = 220", "dedans: 0 < 220, the defence takes all",
         "EW: 220 capot = 220",
         "held: EW collect the 40 held, 220 + 40 = 260"],
        id="dedans-defence-capot-collects",
    ),
    pytest.param(
        "belote", {}, {"taker": "South", "trump": "hearts", "points": "60", "dix_de_der": "EW",
                       "belote": "West", "announce": ["NS:20", "EW:50"]}, None,
        ["NS: 60 in cards + 20 announcements = 80",
         "EW: 92 in cards + 10 dix de der + 20 belote + 50 announcements = 172",
         "dedans: 80 < 172, the defence takes all",
         "EW: 162 round + 20 belote + 70 announcements = 252"],
        id="dedans-announcements",
    ),
    pytest.param(
        "belote", {"litige": False}, {"taker": "South", "trump": "hearts", "points": "76",
                                      "dix_de_der": "defense"}, 0,
        ["NS: 76 in cards = 76", "EW: 76 in cards + 10 dix de der = 86",
         "dedans: 76 < 86, the defence takes all", "EW: 162 round = 162"],
        id="dedans-no-held",
    ),
    pytest.param(
        "belote", {"litige": False}, {"taker": "South", "trump": "hearts", "points": "71",
                                      "dix_de_der": "taker", "belote": "North"}, 5,
        ["NS: 71 in cards + 10 dix de der + 20 belote = 101", "EW: 81 in cards = 81",
         "contract made: 101 > 81, each team scores its total",
         "held: NS collect the 5 held, 101 + 5 = 106"],
        id="made-collects",
    ),
    pytest.param(
        "belote", {"litige": False}, {"taker": "South", "trump": "hearts", "points": "71",
                                      "dix_de_der": "taker"}, None,
        ["NS: 71 in cards + 10 dix de der = 81", "EW: 81 in cards = 81",
         "dedans: 81 = 81, the defence takes all", "EW: 162 round = 162"],
        id="tie-without-litige",
    ),
    pytest.param(
        "coinche", {"rounding": True}, {"taker": "South", "trump": "hearts", "contract": "100",
                                        "points": "95", "dix_de_der": "taker"}, None,
        ["NS: 95 in cards + 10 dix de der = 105", "EW: 57 in cards = 57",
         "100 bid, 105 made: contract made",
         "NS: 105 rounded to 110 + 100 contract = 210", "EW: their total 57 rounded to 60 = 60"],
        id="coinche-rounded",
    ),
    pytest.param(
        "coinche", {}, {"taker": "West", "trump": "ta", "contract": "100", "points": "98",
                        "dix_de_der": "taker", "announce": ["NS:20", "EW:50"],
                        "coinche": True, "belote": "NS"}, None,
        ["NS: 54 in cards + 20 belote + 20 announcements = 94",
         "EW: 98 in cards + 10 dix de der + 50 announcements = 158",
         "100 bid, 158 made: contract made",
         "EW: (160 + 100) × 2 coinché = 520",
         "announcement 20 (NS): not scored, the contract was coinché",
         "announcement 50 (EW): not scored, the contract was coinché",
         "NS: only their belote = 20"],
        id="coinche-made-dropped",
    ),
    pytest.param(
        "coinche", {}, {"taker": "West", "trump": "hearts", "contract": "140", "points": "80",
                        "dix_de_der": "defense", "announce": ["NS:20", "EW:50"],
                        "surcoinche": True, "belote": "EW"}, None,
        ["NS: 72 in cards + 10 dix de der + 20 announcements = 102",
         "EW: 80 in cards + 20 belote + 50 announcements = 150",
         "140 bid, 150 made: contract made",
         "EW: (160 + 140) × 4 surcoinché + 20 belote = 1220",
         "announcement 20 (NS): not scored, the contract was surcoinché",
         "announcement 50 (EW): not scored, the contract was surcoinché"],
        id="surcoinche-made-dropped",
    ),
    pytest.param(
        "coinche", {}, {"taker": "South", "trump": "hearts", "contract": "100", "points": "70",
                        "dix_de_der": "defense", "announce": ["taker:20"]}, None,
        ["NS: 70 in cards + 20 announcements = 90", "EW: 82 in cards + 10 dix de der = 92",
         "100 bid, 90 made: fallen", "EW: 160 + 100 = 260",
         "announcement 20 (NS): not scored, the contract fell"],
        id="fallen-dropped",
    ),
    pytest.param(
        "coinche", {"coinche_announcements": "winner"},
        {"taker": "South", "trump": "hearts", "contract": "140", "points": "80",
         "dix_de_der": "EW", "announce": ["NS:50", "EW:20"], "coinche": True}, None,
        ["NS: 80 in cards + 50 announcements = 130",
         "EW: 72 in cards + 10 dix de der + 20 announcements = 102",
         "140 bid, 130 made: fallen",
         "EW: (160 + 140) × 2 coinché + 70 announcements = 670"],
        id="winner-takes-the-announcements",
    ),
    pytest.param(
        "coinche", {}, {"taker": "South", "trump": "hearts", "contract": "capot",
                        "points": "152", "dix_de_der": "taker"}, None,
        ["NS: 152 in cards + 10 dix de der = 162", "EW: 0 in cards = 0",
         "capot bid, NS did not take every trick: fallen",
         "warning: NS hold all 152 card points and the last trick, but no capot was given: "
         "scored as not capot (the defence may have won a trick of no points)",
         "EW: 160 + 250 = 410"],
        id="capot-unclaimed",
    ),
    pytest.param(
        "coinche", {}, {"taker": "South", "trump": "hearts", "contract": "capot",
                        "capot": "taker", "belote": "taker"}, None,
        ["NS: 252 capot + 20 belote = 272", "EW: 0 in cards = 0",
         "capot bid, NS took every trick: contract made", "NS: 272 + 250 contract = 522",
         "EW: their total 0 = 0"],
        id="capot-made",
    ),
    pytest.param(
        "coinche", {}, {"taker": "East", "trump": "clubs", "contract": "generale",
                        "capot": "taker"}, None,
        ["NS: 0 in cards = 0", "EW: 252 capot = 252",
         "générale bid, East did not take every trick alone: fallen", "NS: 160 + 500 = 660"],
        id="generale-fallen",
    ),
    pytest.param(
        "coinche", {}, {"taker": "East", "trump": "clubs", "contract": "generale",
                        "generale_made": True}, None,
        ["NS: 0 in cards = 0", "EW: 252 capot = 252",
         "générale bid, East took every trick alone: contract made",
         "EW: 252 + 500 contract = 752",
         "NS: their total 0 = 0"],
        id="generale-made",
    ),
    pytest.param(
        "coinche", {}, {"taker": "South", "trump": "hearts", "contract": "90", "points": "80",
                        "dix_de_der": "taker"}, None,
        ["NS: 80 in cards + 10 dix de der = 90", "EW: 72 in cards = 72",
         "90 bid, 90 made: contract made", "NS: 90 + 90 contract = 180",
         "EW: their total 72 = 72"],
        id="coinche-made-juste",
    ),
    pytest.param(
        "coinche", {}, {"taker": "South", "trump": "hearts", "contract": "80", "points": "71",
                        "dix_de_der": "taker"}, None,
        ["NS: 71 in cards + 10 dix de der = 81", "EW: 81 in cards = 81",
         "80 bid, 81 made, but the defence has 81: fallen", "EW: 160 + 80 = 240"],
        id="coinche-tie-falls",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("game", "changes", "raw", "carry", "lines"), BREAKDOWNS)
def test_explain_writes_the_breakdown_from_the_record(game, changes, raw, carry, lines):
    t = table(game, **changes)
    g = BELOTE if game == "belote" else COINCHE
    result = g.score(g.build_round(raw, t, 1), t, 1, carry)
    assert list(explain(result.record, t)) == lines
    assert list(result.breakdown) == lines
    assert scored_by_owner(result.record.terms) == Counter(result.scores) - Counter()


def test_tallies_of_a_stored_round():
    inp = {"taker": "West", "trump": "sa", "points": 100, "dix_de_der": 0, "belote": None,
           "announces": [[1, 50], [0, 20], [2, 100]], "capot": None}  # fmt: skip
    assert tallies(inp, table()) == (
        Tally(NS, 20, 10, 0, 20, False, 50),
        Tally(EW, 100, 0, 0, 50, False, 150),
    )
    assert tally(NS, 82, 10, 20, 50, False) == Tally(NS, 82, 10, 20, 50, False, 162)
    capot = {**inp, "trump": "hearts", "points": 0, "capot": 0, "belote": 1}
    assert tallies(capot, table("belote", "official")) == (
        Tally(NS, 252, 0, 0, 20, True, 272),
        Tally(EW, 0, 0, 20, 50, False, 70),
    )


@pytest.mark.parametrize(
    ("trump", "points", "message"),
    [
        ("ta", "153", "--points: 153 is more than the 152 card points of a tout atout round"),
        ("sa", "121", "--points: 121 is more than the 120 card points of a sans atout round"),
        ("clubs", "160", "--points: 160 is more than the 152 card points of a trump round"),
        ("ta", "-1", "--points: -1 is not a number of card points (0 to 152)"),
    ],
)
def test_too_many_card_points_says_which_round(trump: str, points: str, message: str):
    raw = {"taker": "South", "trump": trump, "contract": "100", "points": points,
           "dix_de_der": "taker"}  # fmt: skip
    with pytest.raises(InputError) as info:
        COINCHE.build_round(raw, table("coinche"), 1)
    assert (str(info.value), info.value.field) == (message, "points")


# --------------------------------------------------------------------------------------------
# `cardscore rules`: the summary, its numbers formatted from the rules' constants

SUMMARIES = [
    pytest.param("belote", "maison", {}, [
        "A round with trumps is worth 162 (152 in the cards, 10 for the last trick); in sans "
        "atout the ace is worth 11 and a round 130. Belote-rebelote 20, announcements 20 to "
        "200, a capot 252.",
        "The taker's team must score more than the defence; otherwise it is dedans and the "
        "defence takes the whole round.",
        "A tie is a litige: the defence scores its points, the taker's wait for the winner of "
        "the next round.",
        "Belote-rebelote is never held: in a litige the taker's team scores its belote at "
        "once, only the rest waits.",
        "The game ends when a team reaches 1000; the higher total wins.",
    ], id="belote-maison"),
    pytest.param("belote", "official", {"litige_belote": "held", "target": 700}, [
        "A round with trumps is worth 162 (152 in the cards, 10 for the last trick); in sans "
        "atout the ace is worth 19 and a round 162. Belote-rebelote 20, announcements 20 to "
        "200, a capot 252.",
        "The taker's team must score more than the defence; otherwise it is dedans and the "
        "defence takes the whole round.",
        "A tie is a litige: the defence scores its points, the taker's wait for the winner of "
        "the next round.",
        "The game ends when a team reaches 700; the higher total wins.",
    ], id="belote-official-held"),
    pytest.param("belote", "maison", {"litige": False}, [
        "A round with trumps is worth 162 (152 in the cards, 10 for the last trick); in sans "
        "atout the ace is worth 11 and a round 130. Belote-rebelote 20, announcements 20 to "
        "200, a capot 252.",
        "The taker's team must score more than the defence; otherwise it is dedans and the "
        "defence takes the whole round.",
        "The game ends when a team reaches 1000; the higher total wins.",
    ], id="belote-no-litige"),
    pytest.param("coinche", "official", {}, [
        "A round with trumps is worth 162 (152 in the cards, 10 for the last trick); in sans "
        "atout the ace is worth 19 and a round 162. Belote-rebelote 20, announcements 20 to "
        "200, a capot 250.",
        "The taker's team must reach its contract (80 to 180, capot, générale) and score more "
        "than the defence. Made: its points plus the contract; coinché or surcoinché: (160 + "
        "contract) × 2 or × 4. Fallen: the defence scores 160 + the contract, × the coinche.",
        "Each team's points are rounded to the ten (5 up).",
        "Announcements count towards the contract; they score only in a made contract that "
        "was not coinché.",
        "Tout atout counts every suit on the 152 scale: J 14, 9 9, A 6, 10 5, K 3, Q 1, 8 and "
        "7 0 (38 a suit); a table that counts the 258 points of the trump values (248 in the "
        "cards + 10 dix de der) must convert its count to this scale.",
        "The game ends when a team reaches 2000; the higher total wins.",
    ], id="coinche-official"),
    pytest.param("coinche", "maison", {"coinche_announcements": "winner", "base": 100}, [
        "A round with trumps is worth 162 (152 in the cards, 10 for the last trick); in sans "
        "atout the ace is worth 11 and a round 130. Belote-rebelote 20, announcements 20 to "
        "200, a capot 252.",
        "The taker's team must reach its contract (80 to 180, capot, générale) and score more "
        "than the defence. Made: its points plus the contract; coinché or surcoinché: (100 + "
        "contract) × 2 or × 4. Fallen: the defence scores 100 + the contract, × the coinche.",
        "Announcements count towards the contract; in a coinché or fallen round the team that "
        "wins it also scores every announcement of both teams.",
        "Tout atout counts every suit on the 152 scale: J 14, 9 9, A 6, 10 5, K 3, Q 1, 8 and "
        "7 0 (38 a suit); a table that counts the 258 points of the trump values (248 in the "
        "cards + 10 dix de der) must convert its count to this scale.",
        "The game ends when a team reaches 2000; the higher total wins.",
    ], id="coinche-maison-winner"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "rules", "changes", "lines"), SUMMARIES)
def test_rules_summary(game: str, rules: str, changes: dict[str, Any], lines: list[str]):
    g = BELOTE if game == "belote" else COINCHE
    assert list(g.summary(table(game, rules, **changes).params)) == lines


def test_rules_summary_in_french():
    i18n.set_language("fr")
    try:
        said = [i18n.tr(line) for line in COINCHE.summary(COINCHE.presets["official"])]
    finally:
        i18n.set_language("en")
    assert said[:3] == [
        "Une donne à l'atout vaut 162 (152 dans les cartes, 10 de dix de der) ; à sans atout "
        "l'as vaut 19 et une donne 162. Belote-rebelote 20, annonces de 20 à 200, un capot 250.",
        "L'équipe du preneur doit atteindre son contrat (80 à 180, capot, générale) et marquer "
        "plus que la défense. Réussi : ses points plus le contrat ; coinché ou surcoinché : "
        "(160 + contrat) × 2 ou × 4. Chuté : la défense marque 160 + le contrat, × la coinche.",
        "Les points de chaque équipe sont arrondis à la dizaine (5 vers le haut).",
    ]
    assert said[4].startswith("Le tout atout compte chaque couleur sur l'échelle de 152 : V 14")
    assert "(248 dans les cartes + 10 de dix de der)" in said[4]


# --------------------------------------------------------------------------------------------
# Found by mutation testing


def test_a_dedans_record_gives_the_defence_its_belote_and_the_held_points():
    raw = {"taker": "South", "trump": "hearts", "points": "60", "dix_de_der": "EW",
           "belote": "West", "announce": ["NS:20", "EW:50"]}  # fmt: skip
    result = play("belote", "maison", raw, carry=19)
    assert as_tuples(result.record.terms) == [
        ("round", 162, EW, None, True),
        ("belote", 20, EW, None, True),
        ("announce", 20, EW, "taker's", True),
        ("announce", 50, EW, None, True),
        ("held", 19, EW, None, True),
    ]
    assert result.breakdown[-1] == "held: EW collect the 19 held, 252 + 19 = 271"
    assert result.scores == {NS: 0, EW: 271}


def test_tallies_of_a_round_taken_by_team_0():
    inp = {"taker": "North", "trump": "hearts", "points": 100, "dix_de_der": 1, "belote": 0,
           "announces": [], "capot": None}  # fmt: skip
    assert tallies(inp, table()) == (
        Tally(NS, 100, 0, 20, 0, False, 120),
        Tally(EW, 52, 10, 0, 0, False, 62),
    )


def test_second_thoughts_ask_the_capot_again_and_say_why():
    t = table("coinche")
    raw = {"taker": "West", "trump": "hearts", "contract": "capot", "points": "152",
           "dix_de_der": "taker"}  # fmt: skip
    inp = COINCHE.build_round(raw, t, 1)
    ((key, why),) = COINCHE.second_thoughts(inp, t)
    assert key == "capot"
    assert why == (
        "EW hold all 152 card points and the last trick, but no capot was given: without it "
        "the round is scored as not capot (the defence may have won a trick of no points). "
        "Did EW take every trick?"
    )
    i18n.set_language("fr")
    try:
        assert i18n.tr(why).endswith("EW ont-ils fait tous les plis ?")
    finally:
        i18n.set_language("en")
    assert COINCHE.second_thoughts({**inp, "capot": 1}, t) == ()


def test_the_players_message_in_french():
    with pytest.raises(InputError) as info:
        BELOTE.check_players(("Ann", "Bob"), BELOTE.presets["maison"])
    i18n.set_language("fr")
    try:
        said = i18n.tr(info.value.args[0])
    finally:
        i18n.set_language("en")
    assert said == "la belote se joue à 4 joueurs en deux équipes (2 joueurs donnés)"


@pytest.mark.parametrize(
    ("contract", "message"),
    [
        ("75", "--contract: '75' is not a contract (accepted: 80 to 180 by tens, capot or 250, "
               "generale or 500)"),
        (None, "--contract: the contract is needed (80 to 180 by tens, capot or generale)"),
    ],
)  # fmt: skip
def test_contract_messages(contract: str | None, message: str):
    raw = {"taker": "South", "trump": "hearts", "contract": contract, "points": "82",
           "dix_de_der": "taker"}  # fmt: skip
    with pytest.raises(InputError) as info:
        COINCHE.build_round(raw, table("coinche"), 1)
    assert (str(info.value), info.value.field) == (message, "contract")


@pytest.mark.parametrize(
    ("totals", "finished", "winner"),
    [
        ({NS: 1000, EW: 0}, True, NS),  # reaching the target is enough
        ({EW: 1000}, True, EW),  # a column not there yet counts 0
        ({NS: 999, EW: 998}, False, None),
        ({NS: 1000, EW: 1001}, True, EW),
    ],
)
def test_the_end_of_a_belote_game(totals: dict[str, int], finished: bool, winner: str | None):
    outcome = BELOTE.outcome(table(), totals)
    assert (outcome.finished, outcome.winner) == (finished, winner)
    assert BELOTE.goal(table()) == 1000 and COINCHE.goal(table("coinche")) == 2000


def test_a_sans_atout_capot_contract_without_its_capot():
    raw = {"taker": "South", "trump": "sa", "contract": "capot", "points": "120",
           "dix_de_der": "taker"}  # fmt: skip
    result = play("coinche", "maison", raw)
    assert result.record.capot_unclaimed
    assert result.breakdown[3] == (
        "warning: NS hold all 120 card points and the last trick, but no capot was given: "
        "scored as not capot (the defence may have won a trick of no points)"
    )
    assert not play("coinche", "maison", {**raw, "points": "119"}).record.capot_unclaimed


EXACT_ERRORS = [
    ("belote", {"points": None}, "points",
     "--points: the taker team's card points are needed (--points K or --defense-points K, "
     "0 to 152)"),
    ("belote", {"points": None, "trump": "sa"}, "points",
     "--points: the taker team's card points are needed (--points K or --defense-points K, "
     "0 to 120)"),
    ("coinche", {"points": None, "trump": "ta", "defense_points": "160"}, "defense_points",
     "--defense-points: 160 is more than the 152 card points of a tout atout round"),
    ("belote", {"points": None, "trump": "sa", "defense_points": "121"}, "defense_points",
     "--defense-points: 121 is more than the 120 card points of a sans atout round"),
    ("belote", {"dix_de_der": None}, "dix_de_der",
     "--dix-de-der: the team that took the last trick is needed (taker, defense, a player or "
     "a team)"),
    ("belote", {"announce": ["Zoe:20"]}, "announce",
     "--announce: 'Zoe' matches no team or player (taker, defense, South, West, North, East, "
     "NS, EW)"),
    ("belote", {"announce": ["taker:30"]}, "announce",
     "--announce: '30' is not an announcement value (accepted: 20 (tierce), 50 (cinquante), "
     "100 (cent, carré), 150 (carré de neuf), 200 (carré de valets))"),
    ("belote", {"belote": "Zed"}, "belote",
     "--belote: 'Zed' matches no team or player (taker, defense, South, West, North, East, "
     "NS, EW)"),
    ("belote", {"capot": "taker", "points": "100"}, "capot",
     "--capot: a capot team holds all 152 card points (the taker's team has 100, the defence "
     "52)"),
    ("coinche", {"contract": "generale", "generale_made": True, "points": "100"},
     "generale_made",
     "--generale-made: a capot team holds all 152 card points (the taker's team has 100, the "
     "defence 52)"),
    ("belote", {"trump": None}, "trump",
     "--trump: the trump is needed (spades, hearts, diamonds, clubs, sa)"),
    ("coinche", {"trump": None}, "trump",
     "--trump: the trump is needed (spades, hearts, diamonds, clubs, sa, ta)"),
    ("belote", {"taker": None}, "taker",
     "--taker: who took is needed (South, West, North, East)"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "changes", "field", "message"), EXACT_ERRORS)
def test_refusals_say_exactly_what_and_name_their_field(game, changes, field, message):
    raw = {"taker": "South", "trump": "hearts", "points": "82", "dix_de_der": "taker",
           **({"contract": "100"} if game == "coinche" else {}), **changes}  # fmt: skip
    g = BELOTE if game == "belote" else COINCHE
    with pytest.raises(InputError) as info:
        g.build_round(raw, table(game), 1)
    assert (str(info.value), info.value.field) == (message, field)


def test_a_coinche_round_holds_nothing():
    raw = {"taker": "South", "trump": "hearts", "contract": "80", "points": "71",
           "dix_de_der": "taker"}  # fmt: skip
    result = play("coinche", "maison", raw, carry=50)
    assert (result.carry, result.held) == (0, 0)
    assert type(result.carry) is int and type(result.held) is int


def test_a_made_capot_raises_the_base_of_a_coinched_numbered_contract():
    raw = {"taker": "South", "trump": "hearts", "contract": "100", "coinche": True,
           "capot": "taker"}  # fmt: skip
    official = play("coinche", "official", raw)
    assert official.record.base == 250 and official.scores == {NS: (250 + 100) * 2, EW: 0}
    without = play("coinche", "official", {**raw, "capot": None, "points": "152",
                                           "dix_de_der": "taker"})  # fmt: skip
    assert without.record.base == 160 and without.scores == {NS: (160 + 100) * 2, EW: 0}
    generale = play("coinche", "official", {**raw, "contract": "generale", "capot": None,
                                            "points": "100", "dix_de_der": "taker"})  # fmt: skip
    assert generale.record.base == 250 and generale.scores == {NS: 0, EW: (250 + 500) * 2}


def test_the_contract_in_json_is_a_plain_string_or_number():
    raw = {"taker": "South", "trump": "hearts", "contract": "capot", "capot": "taker"}
    contract = play("coinche", "maison", raw).record.as_json()["contract"]
    assert type(contract) is str and contract == "capot"
    trump = play("belote", "maison", {"taker": "South", "trump": "sa", "points": "60",
                                      "dix_de_der": "taker"}).record.as_json()["trump"]  # fmt: skip
    assert type(trump) is str and trump == "sa"


def test_an_ambiguous_player_for_a_team_names_the_field():
    t = Table("belote", ("Ann", "Bob", "Anna", "Dan"), BELOTE.presets["maison"], ("AA", "BD"))
    raw = {"taker": "Bob", "trump": "hearts", "points": "82", "dix_de_der": "taker",
           "belote": "an"}  # fmt: skip
    with pytest.raises(InputError) as info:
        BELOTE.build_round(raw, t, 1)
    assert (str(info.value), info.value.field) == (
        "--belote: 'an' is ambiguous (Ann, Anna)",
        "belote",
    )


def test_exact_messages_of_the_trump_and_of_a_team():
    raw = {"taker": "South", "trump": "tout atout", "points": "82", "dix_de_der": "taker"}
    with pytest.raises(InputError) as info:
        BELOTE.build_round(raw, table(), 1)
    assert (str(info.value), info.value.field) == (
        "--trump: no tout atout in belote (accepted: spades, hearts, diamonds, clubs, sa)",
        "trump",
    )
    with pytest.raises(InputError) as info:
        BELOTE.build_round({**raw, "trump": "hearts", "dix_de_der": "Zed"}, table(), 1)
    assert (str(info.value), info.value.field) == (
        "--dix-de-der: 'Zed' matches no team or player (taker, defense, South, West, North, "
        "East, NS, EW)",
        "dix_de_der",
    )


def test_a_column_not_there_yet_counts_nothing():
    t = table(target=1)
    assert BELOTE.outcome(t, {EW: 1}) == Outcome(finished=True, winner=EW)
    assert BELOTE.outcome(t, {NS: 0, EW: 0}) == Outcome()
