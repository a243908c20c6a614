"""Belote and coinche: a stored round back to its raw answers (``answers``), and the round in
one line (``headline``), for the corrections of any round (issue 12)."""

from __future__ import annotations

import dataclasses
import json
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardscore import i18n, store
from cardscore.games import get_game
from cardscore.games.base import InputError, Table
from cardscore.games.belote import BELOTE, COINCHE
from test_belote_core import (
    BELOTE_ROUNDS,
    COINCHE_ROUNDS,
    EW,
    NS,
    PLAYERS,
    VALUE,
    table,
)

PROPERTY = settings(max_examples=300, deadline=None)
FIXTURES = Path(__file__).parent / "fixtures"


def round_trip(game: Any, inp: dict[str, Any], t: Table) -> dict[str, Any]:
    """The answers of ``inp``, checked to be plain JSON values that build ``inp`` back."""
    answers = game.answers(inp, t)
    assert json.loads(json.dumps(answers)) == answers
    fields = {f.key: f for f in game.fields}
    for key, value in answers.items():
        f = fields[key]
        if f.kind == "flag":
            assert value is True
        elif f.repeatable:
            assert isinstance(value, list) and value
            assert all(type(item) is str for item in value)
        else:
            assert type(value) is str and value
    assert game.build_round(answers, t, 1) == inp
    return answers


# --------------------------------------------------------------------------------------------
# The worked rounds of the rules, answered back


@pytest.mark.parametrize(("rules", "raw", "ns", "ew", "held"), BELOTE_ROUNDS)
def test_belote_worked_rounds_answer_back(rules: str, raw: dict[str, Any], ns, ew, held):
    t = table("belote", rules)
    inp = BELOTE.build_round({"taker": "south", **raw}, t, 1)
    round_trip(BELOTE, inp, t)


COINCHE_EXTRA = [
    ("maison", {"trump": "spades", "contract": "générale", "generale_made": True}),
    ("official", {"trump": "spades", "contract": "generale", "generale_made": True,
                  "coinche": True}),
    ("maison", {"trump": "spades", "contract": "générale", "capot": "taker"}),
    ("maison", {"trump": "ta", "contract": "130", "points": "100", "dix_de_der": "EW",
                "belote": "West", "announce": ["NS:20", "defense:50", "South:100"]}),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "changes", "ns", "ew"), COINCHE_ROUNDS)
def test_coinche_worked_rounds_answer_back(rules: str, changes: dict[str, Any], ns, ew):
    raw = {"taker": "South", "trump": "coeur", "contract": "100", "points": "98",
           "dix_de_der": "taker", **changes}  # fmt: skip
    t = table("coinche", rules)
    round_trip(COINCHE, COINCHE.build_round(raw, t, 1), t)


@pytest.mark.parametrize(("rules", "raw"), COINCHE_EXTRA)
def test_generale_and_tout_atout_rounds_answer_back(rules: str, raw: dict[str, Any]):
    t = table("coinche", rules)
    round_trip(COINCHE, COINCHE.build_round({"taker": "South", **raw}, t, 1), t)


def test_belote_answers_exactly():
    t = table()
    raw = {"taker": "sou", "trump": "Cœur", "defense_points": "70", "dix_de_der": "n",
           "belote": "defense", "announce": ["ew:20", "taker:100"]}  # fmt: skip
    answers = BELOTE.answers(BELOTE.build_round(raw, t, 1), t)
    # The taker's points as stored (not the defence's as typed); teams by their names.
    assert answers == {"taker": "South", "trump": "hearts", "points": "82", "dix_de_der": "NS",
                       "belote": "EW", "announce": ["EW:20", "NS:100"]}  # fmt: skip


def test_a_capot_answers_only_the_capot():
    """A capot implies the card points and the last trick: they are left out, as typed."""
    t = table()
    inp = BELOTE.build_round({"taker": "West", "trump": "sa", "capot": "defense"}, t, 1)
    assert BELOTE.answers(inp, t) == {"taker": "West", "trump": "sa", "capot": "NS"}


def test_coinche_answers_exactly():
    t = table("coinche")
    raw = {"taker": "West", "trump": "tout-atout", "contract": "500", "surcoinche": True,
           "generale_made": True}  # fmt: skip
    inp = COINCHE.build_round(raw, t, 1)
    # The multiplier 4 is the flag --surcoinche; the générale implies the card points and
    # the last trick, and its team's capot, which stays given should the générale go.
    assert COINCHE.answers(inp, t) == {
        "taker": "West", "trump": "ta", "contract": "generale", "surcoinche": True,
        "capot": "EW", "generale_made": True,
    }  # fmt: skip
    raw = {"taker": "North", "trump": "pique", "contract": "80", "coinche": "oui",
           "points": "90", "dix_de_der": "West"}  # fmt: skip
    assert COINCHE.answers(COINCHE.build_round(raw, t, 1), t) == {
        "taker": "North", "trump": "spades", "contract": "80", "coinche": True, "points": "90",
        "dix_de_der": "EW",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("teams", "words", "announced"),
    [
        # names the reader takes for the words taker and defense
        (("Attaque", "Défense"), ("taker", "defense"), ("taker", "defense")),
        (("Taker", "Nous"), ("taker", "Nous"), ("taker", "Nous")),
        # the same name once folded: the first team's is read as its own
        (("Équipe", "equipe"), ("Équipe", "defense"), ("Équipe", "defense")),
        # a colon and a space: the reader of TEAM:VALUE drops the space
        (("Us: the best", "Them"), ("Us: the best", "Them"), ("taker", "Them")),
        (("Us:1", "Them"), ("Us:1", "Them"), ("Us:1", "Them")),
    ],
)
def test_a_team_named_like_a_word_is_answered_by_the_word(teams, words, announced):
    t = Table("belote", PLAYERS, BELOTE.presets["maison"], teams)
    raw = {"taker": "South", "trump": "hearts", "points": "82", "dix_de_der": "defense",
           "belote": "taker", "announce": ["taker:20", "defense:50"]}  # fmt: skip
    inp = BELOTE.build_round(raw, t, 1)
    answers = round_trip(BELOTE, inp, t)
    assert (answers["belote"], answers["dix_de_der"]) == words
    assert answers["announce"] == [f"{announced[0]}:20", f"{announced[1]}:50"]
    # A team's name names it whoever takes; the words follow the taker.
    taker_west = BELOTE.build_round({**answers, "taker": "West"}, t, 1)
    assert taker_west["belote"] == (0 if words[0] == teams[0] else 1)


# --------------------------------------------------------------------------------------------
# Every round build_round can produce, under every rule set


TEAM_TEXTS = ("taker", "defense", "NS", "ew", "South", "we", "nor", "East")
TEAMS = st.sampled_from([(NS, EW), ("Attaque", "Défense"), ("Us: 1", "Them"), ("Eux", "eux")])


@st.composite
def tables(draw: st.DrawFn, game: str) -> Table:
    g = get_game(game)
    params = g.presets[draw(st.sampled_from(sorted(g.presets)))]
    changes: dict[str, Any] = {"sans_atout_ace": draw(st.sampled_from([11, 19]))}
    if game == "belote":
        changes |= {
            "litige": draw(st.booleans()),
            "litige_belote": draw(st.sampled_from(["kept", "held"])),
            "dedans_announcements": draw(st.sampled_from(["all", "own"])),
        }
    else:
        changes |= {
            "rounding": draw(st.booleans()),
            "coinche_announcements": draw(st.sampled_from(["seed", "winner"])),
        }
    return Table(game, PLAYERS, dataclasses.replace(params, **changes), draw(TEAMS))


@st.composite
def raw_rounds(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """Raw answers the way a person types them, mostly acceptable (build_round decides)."""
    team = st.sampled_from(TEAM_TEXTS)
    trumps = ["spades", "Cœur", "♦", "trefle", "sa", "sans atout"]
    trump = draw(st.sampled_from(trumps + (["ta", "tout atout"] if game == "coinche" else [])))
    sans_atout = trump.startswith("sa")
    raw: dict[str, Any] = {
        "taker": draw(st.sampled_from(["South", "we", "NORTH", "e"])),
        "trump": trump,
        "dix_de_der": draw(team),
        "belote": None if sans_atout else draw(st.one_of(st.none(), team)),
        "announce": [
            f"{who}:{value}"
            for who, value in draw(
                st.lists(st.tuples(team, st.sampled_from(["20", "50", "100", "150", "200"])),
                         max_size=3)
            )
        ],
    }  # fmt: skip
    total = 120 if sans_atout else 152  # the maison ace: the official one allows them all
    raw[draw(st.sampled_from(["points", "defense_points"]))] = str(draw(st.integers(0, total)))
    if draw(st.integers(0, 3)) == 0:
        side = draw(st.sampled_from(["taker", "defense"]))
        raw |= {"capot": side, "points": None, "defense_points": None}
        raw["dix_de_der"] = draw(st.sampled_from([None, side]))
    if game == "coinche":
        raw["contract"] = draw(st.sampled_from(["80", "100", "130", "180", "250", "capot",
                                                "generale", "500"]))  # fmt: skip
        raw |= draw(st.sampled_from([{}, {"coinche": True}, {"surcoinche": "oui"}]))
        if raw["contract"] in ("generale", "500") and draw(st.booleans()):
            raw |= {"generale_made": True, "points": None, "defense_points": None}
            raw["dix_de_der"] = draw(st.sampled_from([None, "taker"]))
            raw["capot"] = draw(st.sampled_from([None, "taker"]))
    return raw


def accepted(game: Any, raw: dict[str, Any], t: Table) -> dict[str, Any]:
    try:
        return game.build_round(raw, t, 1)
    except InputError:
        assume(False)
        raise


@PROPERTY
@given(tables("belote"), raw_rounds("belote"))
def test_every_belote_round_answers_back(t: Table, raw: dict[str, Any]):
    round_trip(BELOTE, accepted(BELOTE, raw, t), t)


@PROPERTY
@given(tables("coinche"), raw_rounds("coinche"))
def test_every_coinche_round_answers_back(t: Table, raw: dict[str, Any]):
    round_trip(COINCHE, accepted(COINCHE, raw, t), t)


FUZZ_BASE = {"taker": "South", "trump": "hearts", "points": "82", "dix_de_der": "taker"}


@PROPERTY
@given(
    st.sampled_from([BELOTE, COINCHE]),
    st.dictionaries(st.sampled_from([f.key for f in COINCHE.fields]), VALUE, max_size=3),
)
def test_whatever_is_accepted_answers_back(game: Any, fuzz: dict[str, Any]):
    """A round typed anyhow (a fuzzer's values over a round that holds): what is accepted
    answers back."""
    t = table(game.name)
    raw = {**FUZZ_BASE, **({"contract": "80"} if game is COINCHE else {}), **fuzz}
    try:
        inp = game.build_round(raw, t, 1)
    except InputError:
        return  # the fuzzer's answers are often no round
    round_trip(game, inp, t)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("schema1_belote*.json")), ids=str)
def test_every_round_of_old_files_answers_back(path: Path):
    session = store.loads(path.read_bytes(), path)  # (a fixture: not named by its id)
    t = session.table()
    game = session.game_rules
    rounds = list(session.rounds)
    assert rounds
    for inp in rounds:
        assert game.build_round(game.answers(inp, t), t, 1) == inp


# --------------------------------------------------------------------------------------------
# One answer changed: as if the round had been typed with it


def changed(game: Any, raw: dict[str, Any], change: dict[str, Any], rules: str = "maison"):
    t = table(game.name, rules)
    answers = game.answers(game.build_round(raw, t, 1), t)
    return game.build_round({**answers, **change}, t, 1)


BASE = {"taker": "South", "trump": "hearts", "points": "82", "dix_de_der": "taker",
        "belote": "defense", "announce": ["taker:50"]}  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [{"trump": "clubs"}, {"points": "60"}, {"dix_de_der": "EW"}, {"belote": None},
     {"announce": []}, {"announce": ["EW:20"]}, {"points": None, "defense_points": "100"}],
    ids=str,
)  # fmt: skip
def test_one_belote_answer_changed_is_the_round_typed_with_it(change: dict[str, Any]):
    typed = BELOTE.build_round({**BASE, **change}, table(), 1)
    assert changed(BELOTE, BASE, change) == typed


def test_a_new_taker_keeps_the_teams_named():
    """Teams are answered by name: a new taker on the other team does not swap them."""
    inp = changed(BELOTE, BASE, {"taker": "West"})
    assert (inp["taker"], inp["dix_de_der"], inp["belote"], inp["announces"]) == (
        "West", 0, 1, [[0, 50]],
    )  # fmt: skip


def test_a_capot_given_to_the_other_team():
    raw = {"taker": "South", "trump": "diamonds", "capot": "taker"}
    inp = changed(BELOTE, raw, {"capot": "EW"})
    assert inp == BELOTE.build_round({**raw, "capot": "defense"}, table(), 1)
    assert (inp["points"], inp["dix_de_der"], inp["capot"]) == (0, 1, 1)


COINCHE_BASE = {"taker": "South", "trump": "hearts", "contract": "100", "points": "98",
                "dix_de_der": "taker", "surcoinche": True}  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [{"contract": "capot"}, {"trump": "ta"}, {"surcoinche": False},
     {"surcoinche": False, "coinche": True}, {"points": "60"}],
    ids=str,
)  # fmt: skip
def test_one_coinche_answer_changed_is_the_round_typed_with_it(change: dict[str, Any]):
    typed = COINCHE.build_round({**COINCHE_BASE, **change}, table("coinche"), 1)
    assert changed(COINCHE, COINCHE_BASE, change) == typed


def test_inapplicable_answers_are_found_by_the_fields():
    """Sans atout makes the belote answer inapplicable, another contract the générale's,
    --coinche the --surcoinche: ``is_relevant`` says which, the rest is the round typed."""
    t = table("coinche")
    raw = {"taker": "South", "trump": "spades", "contract": "generale", "coinche": True,
           "generale_made": True, "belote": "taker"}  # fmt: skip
    answers = COINCHE.answers(COINCHE.build_round(raw, t, 1), t)
    for change, dropped in [
        ({"trump": "sa"}, {"belote"}),
        ({"contract": "capot"}, {"generale_made"}),
        ({"coinche": None, "surcoinche": True}, set()),
    ]:
        new = {**answers, **change}
        fields = {f.key: f for f in COINCHE.fields}
        stale = {k for k in new if new[k] and not fields[k].is_relevant(t, new)}
        assert stale == dropped
        with pytest.raises(InputError) if dropped else nullcontext():
            COINCHE.build_round(new, t, 1)
        kept = {k: v for k, v in new.items() if k not in stale}
        COINCHE.build_round(kept, t, 1)
    # Both level flags: --surcoinche no longer applies once --coinche is given.
    both = {**COINCHE.answers(COINCHE.build_round(COINCHE_BASE, t, 1), t), "coinche": True}
    assert not next(f for f in COINCHE.fields if f.key == "surcoinche").is_relevant(t, both)


# --------------------------------------------------------------------------------------------
# The round in one line


def headline(game: Any, raw: dict[str, Any], rules: str = "maison", *, outcome: bool = True):
    t = table(game.name, rules)
    inp = game.build_round(raw, t, 1)
    record = game.score(inp, t, 1, None).record if outcome else None
    return game.headline(inp, t, record)


HEADLINES = [
    pytest.param(BELOTE, {**BASE, "belote": None, "announce": []}, True,
                 "South ♥ 82 → made", "South ♥ 82 → contrat fait", id="belote-made"),
    pytest.param(BELOTE, {"taker": "West", "trump": "pique", "points": "66",
                          "dix_de_der": "defense"}, True,
                 "West ♠ 66 → dedans", "West ♠ 66 → dedans", id="belote-dedans"),
    pytest.param(BELOTE, {"taker": "South", "trump": "trèfle", "points": "71",
                          "dix_de_der": "taker"}, True,
                 "South ♣ 71 → litige", "South ♣ 71 → litige", id="belote-litige"),
    pytest.param(BELOTE, {"taker": "South", "trump": "carreau", "capot": "taker"}, True,
                 "South ♦ capot → made", "South ♦ capot → contrat fait", id="belote-capot"),
    pytest.param(BELOTE, {"taker": "South", "trump": "coeur", "capot": "defense"}, True,
                 "South ♥ capot by EW → dedans", "South ♥ capot par EW → dedans",
                 id="belote-defence-capot"),
    pytest.param(BELOTE, {"taker": "East", "trump": "sa", "points": "56",
                          "dix_de_der": "taker"}, True,
                 "East sans atout 56 → made", "East sans atout 56 → contrat fait",
                 id="belote-sans-atout"),
    pytest.param(BELOTE, BASE, False, "South ♥ 82", "South ♥ 82", id="belote-no-record"),
    pytest.param(COINCHE, {**COINCHE_BASE, "surcoinche": None}, True,
                 "South 100 ♥, 98 → made", "South 100 ♥, 98 → contrat fait",
                 id="coinche-made"),
    pytest.param(COINCHE, {**COINCHE_BASE, "surcoinche": None, "coinche": True, "points": "80",
                           "dix_de_der": "defense"}, True,
                 "South 100 ♥ coinché, 80 → dedans", "South 100 ♥ coinché, 80 → dedans",
                 id="coinche-dedans"),
    pytest.param(COINCHE, COINCHE_BASE, True,
                 "South 100 ♥ surcoinché, 98 → made", "South 100 ♥ surcoinché, 98 → contrat fait",
                 id="surcoinche"),
    pytest.param(COINCHE, {"taker": "East", "trump": "ta", "contract": "capot",
                           "capot": "taker"}, True,
                 "East capot tout atout → made", "East capot tout atout → contrat fait",
                 id="capot-contract-made"),
    pytest.param(COINCHE, {"taker": "East", "trump": "ta", "contract": "générale",
                           "capot": "taker", "coinche": True}, True,
                 "East générale tout atout coinché, capot → dedans",
                 "East générale tout atout coinché, capot → dedans", id="generale-fallen"),
    pytest.param(COINCHE, {"taker": "East", "trump": "spades", "contract": "générale",
                           "generale_made": True}, True,
                 "East générale ♠ → made", "East générale ♠ → contrat fait",
                 id="generale-made"),
    pytest.param(COINCHE, {**COINCHE_BASE, "surcoinche": None, "coinche": True}, False,
                 "South 100 ♥ coinché, 98", "South 100 ♥ coinché, 98", id="coinche-no-record"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "raw", "outcome", "english", "french"), HEADLINES)
def test_headlines(game: Any, raw: dict[str, Any], outcome: bool, english: str, french: str):
    line = headline(game, raw, outcome=outcome)
    i18n.set_language("en")  # whatever a test before left
    assert i18n.tr(line) == line == english
    assert len(line) <= 60
    i18n.set_language("fr")
    try:
        assert i18n.tr(line) == french
    finally:
        i18n.set_language("en")


@PROPERTY
@given(tables("coinche"), raw_rounds("coinche"))
def test_every_headline_is_one_short_line(t: Table, raw: dict[str, Any]):
    inp = accepted(COINCHE, raw, t)
    record = COINCHE.score(inp, t, 1, None).record
    for line in (COINCHE.headline(inp, t, record), COINCHE.headline(inp, t, None)):
        assert "\n" not in line and len(line) <= 70  # 60 for the usual rounds
        assert line.startswith(inp["taker"] + " ")


@pytest.mark.parametrize("game", [BELOTE, COINCHE], ids=lambda g: g.name)
def test_a_correction_by_the_defence_points_forgets_the_taker_points(game: Any):
    """--defense-points is typed instead of --points: a correction giving it forgets the
    old --points answer (and the coinche level's flags forget each other)."""
    t = table(game.name)
    base = {**COINCHE_BASE} if game is COINCHE else {**BASE}
    answers = game.answers(game.build_round(base, t, 1), t)
    fields = {f.key: f for f in game.fields}
    change = {"defense_points": "100"}
    if game is COINCHE:
        change["coinche"] = True
    kept = {
        k: v for k, v in answers.items() if not any(fields[c].excludes(fields[k]) for c in change)
    }
    assert "points" not in kept and "surcoinche" not in kept
    typed = {k: v for k, v in base.items() if k not in ("points", "surcoinche")} | change
    assert game.build_round(kept | change, t, 1) == game.build_round(typed, t, 1)


# --------------------------------------------------------------------------------------------
# What the mutation run of games/belote found untested

FOUR = ("Ann", "Bob", "Cyd", "Dan")


def _tables() -> tuple[Table, Table]:
    belote = Table("belote", FOUR, BELOTE.presets["maison"], ("AC", "BD"))
    return belote, Table("coinche", FOUR, COINCHE.presets["maison"], ("AC", "BD"))


def test_the_capot_lists_start_on_the_team_of_the_taker_answered() -> None:
    from cardscore.games.belote.fields import _taker_team

    belote, _ = _tables()
    assert _taker_team(belote, {"taker": "cyd"}) == "AC"
    assert _taker_team(belote, {"taker": "dan"}) == "BD"
    assert _taker_team(belote, {"taker": "Zed"}) is None  # (not one of the players)
    assert _taker_team(belote, {}) is None
    nothing: Any = None  # (answers not read yet)
    assert _taker_team(belote, nothing) is None


def test_a_team_with_a_colon_is_named_but_where_it_announces() -> None:
    from cardscore.games.belote.reading import _team_answer

    t = Table("belote", FOUR, BELOTE.presets["maison"], ("Us: 1", "Them"))
    assert [_team_answer(i, t, 0) for i in (0, 1)] == ["Us: 1", "Them"]
    # NAME:VALUE would split at its colon: the taker's team is "taker" there
    assert [_team_answer(i, t, 0, announce=True) for i in (0, 1)] == ["taker", "Them"]


def test_a_made_capot_contract_is_the_taker_s_team_s_capot() -> None:
    _, coinche = _tables()
    capot = {"taker": "Ann", "trump": "hearts", "contract": "capot", "capot_made": "yes"}
    with pytest.raises(InputError) as other_team:
        COINCHE.build_round({**capot, "capot": "BD"}, coinche, 1)
    assert (other_team.value.field, str(other_team.value)) == (
        "capot_made",
        "--capot-made: the taker's team took every trick, so --capot must be their team",
    )
    with pytest.raises(InputError) as points:
        COINCHE.build_round({**capot, "points": "100"}, coinche, 1)
    assert (points.value.field, str(points.value)) == (
        "capot_made",
        "--capot-made: a capot team holds all 152 card points (the taker's team has 100, "
        "the defence 52)",
    )
    generale = {**capot, "contract": "generale", "generale_made": "yes", "capot_made": None}
    with pytest.raises(InputError) as said:
        COINCHE.build_round({**generale, "points": "100"}, coinche, 1)
    assert said.value.field == "generale_made"
    assert str(said.value).startswith("--generale-made: a capot team holds all 152")
    made = COINCHE.build_round(capot, coinche, 1)
    assert (made["capot"], made["points"]) == (0, 152)
    answered = COINCHE.answers(made, coinche)
    assert answered == {"taker": "Ann", "trump": "hearts", "contract": "capot", "capot_made": True}
    assert COINCHE.build_round(answered, coinche, 1) == made


def test_a_stored_round_holds_no_more_card_points_than_its_deal() -> None:
    belote, _ = _tables()
    raw = {"taker": "Ann", "trump": "sans atout", "points": "100", "dix_de_der": "taker"}
    inp = BELOTE.build_round(raw, belote, 1)
    with pytest.raises(ValueError) as caught:
        BELOTE.check_stored({**inp, "points": 150}, belote, 1)  # (152 in a trump round)
    assert str(caught.value) == "150 card points, of 120 in the deal"


def test_an_announcement_of_nothing_but_separators_is_said_as_typed() -> None:
    belote, _ = _tables()
    raw = {"taker": "Ann", "trump": "hearts", "points": "82", "dix_de_der": "taker"}
    with pytest.raises(InputError) as caught:
        BELOTE.build_round({**raw, "announce": ["AC:+"]}, belote, 1)
    assert str(caught.value).startswith("--announce: '+' is not an announcement value (accepted")


def test_a_contract_reached_but_not_above_the_defence_is_said_fallen() -> None:
    _, coinche = _tables()
    raw = {"taker": "Ann", "trump": "hearts", "contract": "80", "points": "80"}
    inp = COINCHE.build_round({**raw, "dix_de_der": "defense"}, coinche, 1)
    assert (
        "80 bid, 80 made, but the defence has 82: fallen"
        in COINCHE.score(inp, coinche, 1, None).breakdown
    )
