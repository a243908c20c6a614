"""Replaying a session computes the numbers only (docs/speed.md: 100,000 rounds well
under a second); a round's breakdown is worked out when it is asked for.

* ``score(..., explain=False)`` gives the same numbers as ``explain=True``, with no breakdown,
  for every game, over generated valid rounds;
* a replayed row's breakdown is the breakdown of scoring its round directly, with the same
  carry-in (belote's held points);
* a replay builds no message at all (structural: the games' ``msg`` is watched), and a round
  whose explanation alone cannot be made still says which round, when it is shown;
* a generous timing bound, far above today's figures, catches a return of the slow replay
  (``benchmarks/replay.py`` measures it).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from cardscore.games import belote, get_game, rami, tarot
from cardscore.games.base import InputError, RoundResult, Table
from cardscore.games.belote import words as belote_words
from cardscore.games.rami import RamiParams
from cardscore.games.tarot import words as tarot_words
from cardscore.session import RoundRow, Session, SessionDataError
from test_belote_core import belote_rounds
from test_rami_core import typed_card
from test_tarot_core import rounds as tarot_rounds

PROPERTY = settings(max_examples=300, deadline=None)


def same_numbers(game: Any, inp: dict[str, Any], t: Table, number: int, carry: Any) -> None:
    """Both ways of scoring agree on every number; only the explained one has lines."""
    full = game.score(inp, t, number, carry)
    lean = game.score(inp, t, number, carry, explain=False)
    assert isinstance(lean, RoundResult)
    assert lean.scores == full.scores
    assert list(lean.scores) == list(full.scores)  # the same column order
    assert all(type(v) is int for v in lean.scores.values())
    assert (lean.carry, lean.held) == (full.carry, full.held)
    assert lean.breakdown == ()
    assert full.breakdown


# --------------------------------------------------------------------------------------------
# explain=False: the same numbers


@PROPERTY
@given(tarot_rounds())
def test_tarot_lean_scores_are_the_explained_ones(case: tuple[Table, int, dict]) -> None:
    t, number, raw = case
    inp = tarot.GAME.build_round(raw, t, number)
    same_numbers(tarot.GAME, inp, t, number, None)


LITIGE = st.fixed_dictionaries(
    {"litige": st.booleans(), "dedans_announcements": st.sampled_from(["all", "own"])}
)
HELD = st.one_of(st.none(), st.integers(0, 400))  # what earlier litiges may hold


@PROPERTY
@given(belote_rounds(), LITIGE, st.sampled_from([None, "taker", "defense"]), HELD)
def test_belote_lean_scores_are_the_explained_ones(case, changes, capot, held) -> None:
    t, raw = case
    t = replace(t, params=dataclasses.replace(t.params, **changes))
    if capot:
        raw |= {"capot": capot, "points": None, "dix_de_der": None}
    inp = belote.BELOTE.build_round(raw, t, 1)
    same_numbers(belote.BELOTE, inp, t, 1, held)


@PROPERTY
@given(
    belote_rounds("coinche"),
    st.sampled_from(["80", "100", "130", "160", "180", "capot", "generale"]),
    st.sampled_from([{}, {"coinche": True}, {"surcoinche": True}]),
    st.sampled_from([None, "taker", "defense"]),
    st.booleans(),
)
def test_coinche_lean_scores_are_the_explained_ones(case, contract, level, capot, alone) -> None:
    t, raw = case
    raw = {**raw, "contract": contract, **level}
    if capot:
        raw |= {"capot": capot, "points": None, "dix_de_der": None}
    if contract == "generale" and capot == "taker" and alone:
        raw["generale_made"] = True
    inp = belote.COINCHE.build_round(raw, t, 1)
    same_numbers(belote.COINCHE, inp, t, 1, None)


NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")
RAMI_PARAMS = st.builds(
    RamiParams,
    never_opened=st.sampled_from(["plus", "flat"]),
    never_opened_cap=st.sampled_from([0, 40, 100]),
    rami_sec=st.sampled_from(["flat", "double"]),
    target=st.sampled_from([0, 150, 1000]),
)


@st.composite
def rami_rounds(draw: st.DrawFn, t: Table | None = None) -> tuple[Table, dict[str, Any]]:
    """A valid raw rami round on a random table and rule set (or on ``t``): a winner or a
    blocked round, maybe a rami sec, hands typed as cards or as their value, players who
    never opened."""
    if t is None:
        t = Table("rami", NAMES[: draw(st.integers(2, 6))], draw(RAMI_PARAMS))
    blocked = draw(st.booleans())
    winner = None if blocked else draw(st.sampled_from(t.players))
    rami_sec = not blocked and draw(st.booleans())
    losers = [p for p in t.players if p != winner]

    def hand() -> str:
        if draw(st.booleans()):
            return str(draw(st.integers(0, 120)))
        return " ".join(card for card, _ in draw(st.lists(typed_card(), min_size=1, max_size=8)))

    raw = {
        "winner": winner,
        "blocked": blocked,
        "rami_sec": rami_sec,
        "hand": [f"{p}={hand()}" for p in losers],
        "not_opened": [] if rami_sec else draw(st.lists(st.sampled_from(losers), unique=True)),
    }
    return t, raw


@PROPERTY
@given(rami_rounds())
def test_rami_lean_scores_are_the_explained_ones(case: tuple[Table, dict[str, Any]]) -> None:
    t, raw = case
    inp = rami.GAME.build_round(raw, t, 1)
    same_numbers(rami.GAME, inp, t, 1, None)


# --------------------------------------------------------------------------------------------
# A replayed row's breakdown, on demand


def session_of(game: str, players: tuple[str, ...], rules: str | None = None) -> Session:
    return Session.create(game, list(players), rules=rules, session_id="replay")


def session_for(t: Table) -> Session:
    """A session at this table: its players, teams and rule parameters."""
    session = session_of(t.game, t.players)
    session.params = dataclasses.asdict(t.params)
    session.teams = list(t.teams) or session.teams
    return session


def add_all(session: Session, raws: list[dict[str, Any]]) -> int:
    """Record the rounds this table accepts (rounds generated for another table or another
    deal may not fit), even past the end of the game; returns how many were recorded."""
    game, t = session.game_rules, session.table()
    before = len(session.rounds)
    for raw in raws:
        try:
            session.rounds.append(game.build_round(raw, t, len(session.rounds) + 1))
        except InputError:
            continue
    return len(session.rounds) - before


def check_rows(session: Session) -> None:
    """Each row: the numbers and the breakdown of scoring its round directly, in order,
    every round handed what the round before it carried."""
    game, t = session.game_rules, session.table()
    standings = session.standings()
    assert len(standings.rows) == len(session.rounds)
    carry: Any = None
    totals = dict.fromkeys(standings.columns, 0)
    for row, inp in zip(standings.rows, session.rounds, strict=True):
        direct = game.score(inp, t, row.number, carry)
        for column in totals:
            totals[column] += direct.scores.get(column, 0)
        assert row.input is inp
        assert dict(row.scores) == dict(direct.scores)
        assert dict(row.totals) == totals
        assert row.held == direct.held
        assert row.dealer == t.dealer(row.number)
        assert row.mort == game.sitting_out(t, row.number)
        assert row.breakdown == tuple(direct.breakdown)
        assert row.breakdown is row.breakdown  # worked out once, then kept
        carry = direct.carry
    assert standings.carry == carry
    assert dict(standings.totals) == totals


PASSE = {"taker": None, "contract": "passe", "called": None, "bouts": None, "points": None,
         "petit_au_bout": None, "poignees": [], "miseres": [], "chelem": None}  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(tarot_rounds(), st.lists(tarot_rounds(), max_size=15))
def test_tarot_rows_explain_like_a_direct_score(first, others) -> None:
    t, number, raw = first
    session = session_for(t)
    session.rounds = [PASSE] * (number - 1)  # so that the first round is dealt as generated
    assert add_all(session, [raw]) == 1
    add_all(session, [raw for _, _, raw in others])
    check_rows(session)


def test_belote_rows_keep_their_carry_in() -> None:
    """A litige holds points for the next round: its row is explained with them."""
    session = Session.create(
        "belote",
        ["South", "West", "North", "East"],
        settings=["team1=NS", "team2=EW"],
        session_id="replay",
    )
    tie = {"taker": "south", "trump": "spades", "points": "71", "dix_de_der": "taker"}
    made = {"taker": "west", "trump": "hearts", "points": "100", "dix_de_der": "taker"}
    assert add_all(session, [tie, tie, made, tie, {**made, "points": "40"}]) == 5
    check_rows(session)
    rows = session.standings().rows
    assert rows[1].held == 162 and rows[2].held == 0
    assert any("162" in line for line in rows[2].breakdown)  # collects both litiges


@settings(max_examples=30, deadline=None)
@given(belote_rounds(), st.lists(belote_rounds(), max_size=10), LITIGE)
def test_belote_rows_explain_like_a_direct_score(first, others, changes) -> None:
    t, raw = first
    session = session_for(replace(t, params=dataclasses.replace(t.params, **changes)))
    assert add_all(session, [raw]) == 1
    add_all(session, [raw for _, raw in others])  # those of another rule set may not fit
    check_rows(session)


@settings(max_examples=30, deadline=None)
@given(rami_rounds(), st.data())
def test_rami_rows_explain_like_a_direct_score(first, data) -> None:
    t, raw = first
    others = data.draw(st.lists(rami_rounds(t), max_size=10))
    session = session_for(t)
    assert add_all(session, [raw, *(raw for _, raw in others)]) == 1 + len(others)
    check_rows(session)


def test_a_row_equals_the_same_row_of_another_replay() -> None:
    session = session_of("coinche", ("Ann", "Bob", "Cyd", "Dan"))
    session.add({"taker": "ann", "trump": "ta", "contract": "100", "points": "120",
                 "dix_de_der": "taker"})  # fmt: skip
    first, again = session.standings(), session.standings()
    assert first == again and first.rows[0] == again.rows[0]
    assert isinstance(first.rows[0], RoundRow) and "RoundRow(number=1" in repr(first.rows[0])
    with pytest.raises(AttributeError):
        first.rows[0].scores = {}  # type: ignore[misc]


# --------------------------------------------------------------------------------------------
# A replay builds no message


SAMPLES: dict[str, tuple[tuple[str, ...], list[dict[str, Any]]]] = {
    "tarot": (
        NAMES[:5],
        [
            {"contract": "garde", "taker": "ann", "called": "bob", "bouts": "2", "points": "49",
             "petit_au_bout": "cyd", "poignee": ["dan:double"], "chelem": "failed"},
            {"contract": "prise", "taker": "cyd", "bouts": "1", "points": "44,5"},
            {"contract": "passe"},
        ],
    ),
    "belote": (
        ("South", "West", "North", "East"),
        [
            {"taker": "south", "trump": "sa", "points": "60", "dix_de_der": "taker"},
            {"taker": "west", "trump": "hearts", "points": "91", "dix_de_der": "defense",
             "belote": "taker", "announce": ["taker:50"]},
            {"taker": "north", "trump": "clubs", "points": "20", "dix_de_der": "defense"},
        ],
    ),
    "coinche": (
        ("South", "West", "North", "East"),
        [
            {"taker": "south", "trump": "ta", "contract": "120", "coinche": True,
             "points": "100", "dix_de_der": "taker", "belote": "defense"},
            {"taker": "east", "trump": "spades", "contract": "capot", "capot": "taker"},
        ],
    ),
    "rami": (
        NAMES[:4],
        [
            {"winner": "ann", "hand": ["bob=A JK 5", "cyd=12", "dan=R D"], "not_opened": ["dan"]},
            {"blocked": True, "hand": ["ann=3", "bob=3", "cyd=10", "dan=V"]},
            {"winner": "bob", "rami_sec": True},
        ],
    ),
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_a_replay_builds_no_message(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    players, raws = SAMPLES[game]
    session = session_of(game, players)
    add_all(session, raws * 4)
    built: list[str] = []
    module = {
        "tarot": tarot_words,
        "belote": belote_words,
        "coinche": belote_words,
        "rami": rami.words,
    }[game]
    real = module.msg

    def counting(template: str, **params: Any) -> Any:
        built.append(template)
        return real(template, **params)

    monkeypatch.setattr(module, "msg", counting)
    standings = session.standings()
    assert built == []
    assert len(standings.rows) == len(raws) * 4
    assert standings.rows[-1].breakdown  # asked for: now the messages are built
    assert built


def test_a_round_only_its_explanation_trips_on_says_which_round() -> None:
    """A damaged hand (its cards unreadable, its value fine) scores, but cannot be
    explained: asking for that row's breakdown says which round, as a replay would."""
    session = session_of("rami", NAMES[:3])
    add_all(session, [{"winner": "ann", "hand": ["bob=5", "cyd=A"]}] * 3)
    session.rounds[1] = {**session.rounds[1], "hands": {
        "Bob": {"cards": "5", "value": 5}, "Cyd": {"cards": "Z?", "value": 11}}}  # fmt: skip
    standings = session.standings()
    assert dict(standings.totals) == {"Ann": 0, "Bob": 15, "Cyd": 33}
    assert standings.rows[0].breakdown and standings.rows[2].breakdown
    with pytest.raises(SessionDataError, match="round 2 cannot be scored") as info:
        _ = standings.rows[1].breakdown
    assert info.value.session_id == "replay"


# --------------------------------------------------------------------------------------------
# Timing: a generous bound (about 0.1 s today for 20,000 rounds; about 4 s before replays
# stopped building breakdowns), so that a loaded machine does not fail it


def best_of(repeat: int, action: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def test_replaying_20000_tarot_rounds_takes_well_under_two_seconds() -> None:
    players = NAMES[:5]
    session = session_of("tarot", players)
    add_all(session, SAMPLES["tarot"][1] * 5)  # 15 rounds: a multiple of the 5 seats
    session.rounds = (session.rounds * (20_000 // 15 + 1))[:20_000]
    assert best_of(3, lambda: session.standings(fresh=True)) < 2.0
    assert get_game("tarot") is session.game_rules


def test_a_replay_continues_from_the_previous_one_and_agrees_with_a_fresh_one() -> None:
    players, rounds = SAMPLES["belote"]
    session = session_of("belote", players)
    for raw in rounds * 3:
        before = len(session.standings().rows)
        try:
            session.add(raw)
        except InputError:
            continue
        following = session.standings()
        assert len(following.rows) == before + 1
        assert following == session.standings(fresh=True)
    assert len(session.rounds) == 9
    session.undo()  # the rounds replayed so far are no longer all there
    assert session.standings() == session.standings(fresh=True)
    assert len(session.standings().rows) == len(session.rounds)


def test_a_replay_that_fails_half_way_is_not_continued() -> None:
    """A round the rules cannot score stops a replay after the rounds before it were
    counted: the next replay must start anew, not count them twice."""
    players, rounds = SAMPLES["tarot"]
    session = session_of("tarot", players)
    add_all(session, rounds[:1])
    session.standings()
    add_all(session, rounds[1:2])
    session.rounds.append({"contract": "garde", "taker": "nobody"})  # a damaged round
    for _ in range(2):
        with pytest.raises(SessionDataError, match="round 3"):
            session.standings()
    session.rounds.pop()
    assert session.standings() == session.standings(fresh=True)
