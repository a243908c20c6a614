"""The statistics core (cardscore.stats): digests of hand-built sessions, added up.

Every session here is small enough to be checked by hand; the figures expected are worked
out in the comments beside each round (docs/rules.md for the scores).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscore.games.base import InputError
from cardscore.session import Session
from cardscore.stats.aggregate import aggregate
from cardscore.stats.digest import digest

Change = Mapping[str, Sequence[str]]
# A round's raw answers, or a table change (``{"change": {...}}``) made before the next round.
Step = Mapping[str, Any]


def play(
    game: str,
    players: Sequence[str],
    steps: Sequence[Step],
    *,
    rules: str | None = None,
    sid: str = "s",
    created: str = "2024-01-01T20:00:00+01:00",
    updated: str = "2024-01-01T23:00:00+01:00",
) -> Session:
    """A session of ``game`` played ``steps`` (rounds, and table changes between them),
    dated ``created`` and last played ``updated``."""
    session = Session.create(game, players, rules=rules, session_id=sid)
    for step in steps:
        if "change" in step:
            session.change_table(**step["change"])
        else:
            session.add(step)
    session.created, session.updated = created, updated
    return session


def figure(doc: Mapping[str, Any], path: str) -> Any:
    """A figure of the stats document by its path: ``Ann.tarot.contracts.garde.takes`` is
    player Ann's, ``@sessions`` the document's own."""
    if path.startswith("@"):
        node: Any = doc
        keys = path[1:].split(".")
    else:
        name, *keys = path.split(".")
        matches = [p for p in doc["players"] if p["name"] == name]
        assert len(matches) == 1, f"{name} is {len(matches)} times in the document"
        node = matches[0]
        if keys and keys[0] in ("tarot", "belote", "coinche", "rami"):
            node = node["games"]
    for key in keys:
        node = node[key]
    return node


# --------------------------------------------------------------------------------------------
# The sessions (fft tarot: each defender pays (25 + gap) × the contract's multiplier, plus
# the bonuses; the taker scores it from each, shared 2 + 1 with a called partner)

FIVE = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
TAROT_5 = [
    # garde made by 9, petit au bout of the attack (+20), Cyd's poignée to the winners (+20):
    # unit (25 + 9) × 2 + 20 + 20 = 108 → Ann +216, Bob +108, Cyd Dan Eve -108
    {"taker": "Ann", "called": "Bob", "contract": "garde", "bouts": "2", "points": "50",
     "petit_au_bout": "Ann", "poignee": ["Cyd"]},
    # prise lost by 6, petit au bout of the defence (Dan): unit -31 - 10 = -41
    # → Bob -82, Cyd -41, Ann Dan Eve +41
    {"taker": "Bob", "called": "Cyd", "contract": "prise", "bouts": "1", "points": "45",
     "petit_au_bout": "Dan"},
    # garde made by 4: (25 + 4) × 2 = 58 → Ann +116, Bob +58, others -58
    {"taker": "Ann", "called": "Bob", "contract": "garde", "bouts": "3", "points": "40"},
    # prise lost by 3: -28 → Ann -56, Bob -28, others +28
    {"taker": "Ann", "called": "Bob", "contract": "prise", "bouts": "1", "points": "48"},
    # garde sans, Cyd alone (he calls himself), made by 4: (25 + 4) × 4 = 116 → Cyd +464
    {"taker": "Cyd", "called": "Cyd", "contract": "garde-sans", "bouts": "2", "points": "45"},
    {"contract": "passe"},
]  # fmt: skip
# totals: Ann 216+41+116-56-116 = 201, Bob 108-82+58-28-116 = -60,
# Cyd -108-41-58+28+464 = 285, Dan and Eve -108+41-58+28-116 = -213

TAROT_6 = [
    # 5 players: Ann prise alone, made by 0: 25 → Ann +100, others -25
    {"taker": "Ann", "contract": "prise", "bouts": "1", "points": "51"},
    {"change": {"join": ["Fay"]}},
    # 6 players, Bob deals and is the mort: Fay garde with Ann, made by 0: 50
    # → Fay +100, Ann +50, Cyd Dan Eve -50, Bob 0 (not counted)
    {"taker": "Fay", "called": "Ann", "contract": "garde", "bouts": "2", "points": "41"},
    # Cyd is the mort: Dan garde with Eve, lost by 10: -70 → Dan -140, Eve -70, Ann Bob Fay +70
    {"taker": "Dan", "called": "Eve", "contract": "garde", "bouts": "1", "points": "41"},
]  # fmt: skip

CARD_PLAYERS = ["Ann", "Bob", "Cyd", "Dan"]  # teams: Ann & Cyd (AC), Bob & Dan (BD)
BELOTE = [
    # made: AC 100 + 10 = 110, BD 52
    {"taker": "Ann", "trump": "hearts", "points": "100", "dix_de_der": "taker"},
    # dedans: BD 71 against 81 + 10 → AC 162 (the round), BD 0
    {"taker": "Bob", "trump": "spades", "points": "71", "dix_de_der": "defense"},
    # litige: AC 71 + 10 = 81 = BD 81 → AC 0 (81 held), BD 81
    {"taker": "Cyd", "trump": "hearts", "points": "71", "dix_de_der": "taker"},
    # capot of the taker's team: BD 252, and the 81 held → BD 333, AC 0
    {"taker": "Dan", "trump": "clubs", "capot": "taker"},
]
# totals: AC 110 + 162 = 272, BD 52 + 81 + 333 = 466 (target 1000: not finished)

COINCHE = [
    # 100 coinché, made (108 against 54): AC (160 + 100) × 2 = 520
    {"taker": "Ann", "trump": "hearts", "contract": "100", "coinche": True, "points": "98",
     "dix_de_der": "taker"},
    # 80 surcoinché, fallen (BD 60 against 102): AC (160 + 80) × 4 = 960
    {"taker": "Bob", "trump": "spades", "contract": "80", "surcoinche": True, "points": "60",
     "dix_de_der": "defense"},
    # 90 made, not coinché: BD 110 + 90 = 200, AC 52
    {"taker": "Dan", "trump": "hearts", "contract": "90", "points": "100",
     "dix_de_der": "taker"},
    # générale made (a capot of the taker alone): AC 252 + 500 = 752 → AC 2284 ≥ 2000: won
    {"taker": "Cyd", "trump": "spades", "contract": "générale", "generale_made": True},
]  # fmt: skip

RAMI_PLAYERS = ["Ann", "Bob", "Cyd"]  # the target: 100 per opponent = 200
RAMI = [
    # Ann out; Bob 10; Cyd 20 and did not open: + 25 → 45
    {"winner": "Ann", "hand": ["Bob=10", "Cyd=20"], "not_opened": ["Cyd"]},
    # Cyd out; Ann 5, Bob 30
    {"winner": "Cyd", "hand": ["Ann=5", "Bob=30"]},
    # Bob's rami sec: Ann and Cyd pay 200 each (flat), their hands not given
    # → Ann 205 reaches 200: the lowest total, Bob's 40, wins
    {"winner": "Bob", "rami_sec": True},
]


def tarot_5() -> Session:
    return play("tarot", FIVE, TAROT_5, sid="t5")


def tarot_6() -> Session:
    return play("tarot", FIVE, TAROT_6, sid="t6")


def belote() -> Session:
    return play("belote", CARD_PLAYERS, BELOTE, sid="b1")


def coinche() -> Session:
    return play("coinche", CARD_PLAYERS, COINCHE, sid="c1")


def rami() -> Session:
    return play("rami", RAMI_PLAYERS, RAMI, sid="r1")


SESSIONS: dict[str, Callable[[], Session]] = {
    "tarot 5": tarot_5,
    "tarot 6": tarot_6,
    "belote": belote,
    "coinche": coinche,
    "rami": rami,
}

# (session, {path: figure}): each checked by hand above
EXPECTED: list[tuple[str, dict[str, Any]]] = [
    ("tarot 5", {
        "@sessions": 1, "@rounds": 6, "@games": {"tarot": {"sessions": 1, "rounds": 6}},
        "Ann.sessions": 1, "Ann.wins": 0, "Ann.rounds": 6, "Ann.points": 201,
        "Ann.average": 33.5, "Ann.best": 216, "Ann.worst": -116,
        "Cyd.wins": 1, "Cyd.points": 285, "Dan.points": -213,
        "Ann.tarot.takes": 3, "Ann.tarot.made": 2, "Ann.tarot.take_share": 0.5,
        "Ann.tarot.contracts.garde": {"takes": 2, "made": 2, "average_gap": 6.5},
        "Ann.tarot.contracts.prise": {"takes": 1, "made": 0, "average_gap": -3.0},
        "Ann.tarot.contracts.garde-sans": {"takes": 0, "made": 0, "average_gap": None},
        "Bob.tarot.contracts.prise": {"takes": 1, "made": 0, "average_gap": -6.0},
        "Cyd.tarot.contracts.garde-sans": {"takes": 1, "made": 1, "average_gap": 4.0},
        "Ann.tarot.called": {"count": 0, "made": 0},
        "Bob.tarot.called": {"count": 3, "made": 2},
        "Cyd.tarot.called": {"count": 1, "made": 0},
        # R1 taken by the attack (Ann, Bob), R2 by the defence (Ann, Dan, Eve)
        "Ann.tarot.petit_au_bout": {"won": 2, "lost": 0},
        "Bob.tarot.petit_au_bout": {"won": 1, "lost": 1},
        "Cyd.tarot.petit_au_bout": {"won": 0, "lost": 2},
        "Eve.tarot.petit_au_bout": {"won": 1, "lost": 1},
        "Cyd.tarot.poignees": 1, "Ann.tarot.poignees": 0, "Ann.tarot.chelems": 0,
        "Ann.tarot.best_partner": {"name": "Bob", "rounds": 3, "won": 2},
        "Bob.tarot.best_partner": {"name": "Ann", "rounds": 3, "won": 2},
        "Bob.tarot.partners": [
            {"name": "Ann", "rounds": 3, "won": 2}, {"name": "Cyd", "rounds": 1, "won": 0},
        ],
        "Cyd.tarot.best_partner": None,  # one round with Bob only: fewer than 3
        # never took: no average of nothing
        "Dan.tarot.takes": 0, "Dan.tarot.take_share": 0.0, "Dan.tarot.made_share": None,
        "Dan.tarot.contracts.garde.average_gap": None, "Dan.tarot.best_partner": None,
    }),
    ("tarot 6", {
        "@rounds": 3,
        # 3 rounds at a table of 5, then 6: not a full turn of deals, nobody's win
        "Ann.rounds": 3, "Ann.points": 220, "Ann.wins": 0,
        "Bob.rounds": 2, "Bob.points": 45, "Bob.best": 70, "Bob.worst": -25,
        # the mort's round (Cyd in round 3, 0) counts neither as a round nor as his best
        "Cyd.rounds": 2, "Cyd.points": -75, "Cyd.best": -25, "Cyd.worst": -50,
        "Fay.rounds": 2, "Fay.points": 170, "Fay.tarot.takes": 1,
        "Dan.points": -215, "Eve.points": -145, "Eve.tarot.called": {"count": 1, "made": 0},
        "Ann.tarot.partners": [{"name": "Fay", "rounds": 1, "won": 1}],
    }),
    ("belote", {
        "@rounds": 4, "@notes": [],
        "Ann.rounds": 4, "Ann.points": 272, "Ann.best": 162, "Ann.worst": 0, "Ann.wins": 0,
        "Ann.average": 68.0, "Cyd.points": 272, "Bob.points": 466, "Dan.best": 333,
        "Ann.belote": {"sessions": 1, "wins": 0, "rounds": 4, "points": 272, "average": 68.0,
                       "best": 162, "worst": 0, "takes": 2, "made": 1, "dedans": 0,
                       "litiges": 1, "capots": 0},
        "Dan.belote": {"sessions": 1, "wins": 0, "rounds": 4, "points": 466, "average": 116.5,
                       "best": 333, "worst": 0, "takes": 2, "made": 1, "dedans": 1,
                       "litiges": 0, "capots": 1},
    }),
    ("coinche", {
        "Ann.wins": 1, "Cyd.wins": 1, "Bob.wins": 0, "Ann.points": 2284, "Dan.points": 200,
        "Ann.coinche.takes": 2, "Ann.coinche.made": 2, "Ann.coinche.capots": 1,
        "Ann.coinche.levels": {"coinche": {"made": 1, "fallen": 0},
                               "surcoinche": {"made": 0, "fallen": 0}},
        "Ann.coinche.generales": {"made": 1, "fallen": 0},
        "Bob.coinche.takes": 2, "Bob.coinche.made": 1, "Bob.coinche.dedans": 1,
        "Bob.coinche.levels": {"coinche": {"made": 0, "fallen": 0},
                               "surcoinche": {"made": 0, "fallen": 1}},
        "Bob.coinche.generales": {"made": 0, "fallen": 0}, "Bob.coinche.capots": 0,
    }),
    ("rami", {
        "Bob.wins": 1, "Ann.wins": 0, "Ann.points": 205, "Bob.points": 40, "Cyd.points": 245,
        # fewer points are better: the best round is the lowest
        "Ann.best": 0, "Ann.worst": 200, "Bob.best": 0, "Bob.worst": 30,
        "Ann.rami": {"sessions": 1, "wins": 0, "rounds": 3, "points": 205, "average": 68.33,
                     "best": 0, "worst": 200, "rounds_won": 1, "rami_sec": 0,
                     "never_opened": 0, "average_hand": 5.0},
        "Bob.rami.rami_sec": 1, "Bob.rami.average_hand": 20.0,
        "Cyd.rami.never_opened": 1, "Cyd.rami.average_hand": 20.0, "Cyd.rami.rounds_won": 1,
        "@notes": ["At rami the fewest points are the best: its best round is the lowest."],
    }),
]  # fmt: skip


def _expected_cases() -> list[Any]:
    return [
        pytest.param(name, path, value, id=f"{name}: {path}")
        for name, figures in EXPECTED
        for path, value in figures.items()
    ]


_DOCS: dict[str, dict[str, Any]] = {}


def document_of(name: str) -> dict[str, Any]:
    """The stats document of one of :data:`SESSIONS` (worked out once)."""
    if name not in _DOCS:
        _DOCS[name] = aggregate([digest(SESSIONS[name]())])
    return _DOCS[name]


@pytest.mark.parametrize(("name", "path", "value"), _expected_cases())
def test_figures_checked_by_hand(name: str, path: str, value: Any) -> None:
    got = figure(document_of(name), path)
    if isinstance(value, dict) and isinstance(got, dict) and "sessions" in value:
        # a game's figures hold its rating too, worked out by openskill (tests/test_league.py)
        got = dict(got)
        assert "rating" in got
        got.pop("rating")
    assert got == value


@pytest.mark.parametrize("name", list(SESSIONS))
def test_a_digest_is_plain_json_without_the_rounds(name: str) -> None:
    d = digest(SESSIONS[name]())
    assert json.loads(json.dumps(d)) == d
    assert set(d) == {
        "version", "id", "game", "rules", "created", "updated", "players", "rounds",
        "seats", "finished", "decided", "winner", "winners", "totals", "per_player",
    }  # fmt: skip
    assert set(d["per_player"]) == set(d["players"])
    # the document is plain JSON too
    doc = aggregate([d])
    assert json.loads(json.dumps(doc)) == doc


def test_a_digest_read_from_its_file_is_the_same() -> None:
    # 130 rounds, read back from the file: every round replayed anew
    from cardscore import store

    session = play("tarot", FIVE, (TAROT_5 * 22)[:130], sid="long")
    expected = digest(session)
    assert digest(store.read(store.write(session))) == expected
    assert expected["rounds"] == 130 and expected["per_player"]["Ann"]["takes"] == 66


def test_the_session_digest_says_who_played_and_who_won() -> None:
    six = digest(tarot_6())
    assert six["players"] == ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay"]
    # Ann leads, but 3 rounds at a table of 5 is not a full turn of deals: nobody won
    assert (six["rounds"], six["seats"], six["decided"], six["winner"], six["winners"]) == (
        3,
        5,
        False,
        None,
        [],
    )
    five = digest(tarot_5())  # 6 rounds at 5: every player dealt, the leader won
    assert (five["decided"], five["winner"], five["winners"]) == (True, "Cyd", ["Cyd"])
    assert six["totals"] == {
        "Ann": 220,
        "Bob": 45,
        "Cyd": -75,
        "Dan": -215,
        "Eve": -145,
        "Fay": 170,
    }
    cards = digest(coinche())
    assert (cards["finished"], cards["winner"], cards["winners"]) == (
        True,
        "Ann & Cyd",
        ["Ann", "Cyd"],
    )
    assert digest(rami())["winners"] == ["Bob"]
    assert digest(belote())["winners"] == []  # not finished: nobody won yet


def test_tarot_leaders_tied_both_win() -> None:
    # Ann garde made by 0 with 3 players: Ann +100, Bob and Cyd -50; then Bob the same
    session = play("tarot", ["Ann", "Bob", "Cyd"], [
        {"taker": "Ann", "contract": "garde", "bouts": "2", "points": "41"},
        {"taker": "Bob", "contract": "garde", "bouts": "2", "points": "41"},
        {"contract": "passe"},  # Cyd deals: a full turn of deals
    ])  # fmt: skip
    d = digest(session)
    assert d["totals"] == {"Ann": 50, "Bob": 50, "Cyd": -100}
    assert (d["winner"], d["winners"]) == (None, ["Ann", "Bob"])
    doc = aggregate([d])
    assert [(p["name"], p["wins"]) for p in doc["players"]] == [("Ann", 1), ("Bob", 1), ("Cyd", 0)]
    assert any("Tarot has no set end" in note for note in doc["notes"])


def test_chelems_are_counted_for_the_side_that_took_every_trick() -> None:
    # 5 players: Ann with Bob, an unannounced chelem; then Cyd alone, the defence's chelem
    session = play("tarot", FIVE, [
        {"taker": "Ann", "called": "Bob", "contract": "garde", "bouts": "3", "points": "91",
         "chelem": "unannounced"},
        {"taker": "Cyd", "contract": "prise", "bouts": "0", "points": "0", "chelem": "defense"},
        {"taker": "Dan", "contract": "garde", "bouts": "1", "points": "50", "chelem": "failed"},
    ])  # fmt: skip
    doc = aggregate([digest(session)])
    assert figure(doc, "Ann.tarot.chelems") == 2  # made with Bob, then with the defence
    assert figure(doc, "Ann.tarot.chelem_detail") == {
        "announced": 0, "unannounced": 1, "failed": 0, "defense": 1,
    }  # fmt: skip
    assert figure(doc, "Cyd.tarot.chelems") == 0
    assert figure(doc, "Dan.tarot.chelems") == 1  # the defence's against Cyd; his own failed
    assert figure(doc, "Dan.tarot.chelem_detail.failed") == 1


# --------------------------------------------------------------------------------------------
# Several sessions: players merged, filters


def merged_sessions() -> list[dict[str, Any]]:
    """Zoé and zoe at two tarot tables, a maison tarot, a belote and a rami, on four days."""
    old = play("tarot", ["Zoé", "Ann", "Bob"], [
        # Zoé prise made by 0 at 3 players: Zoé +50, Ann and Bob -25
        {"taker": "Zoé", "contract": "prise", "bouts": "1", "points": "51"},
    ], sid="old", updated="2024-03-01T22:00:00+01:00")  # fmt: skip
    new = play("tarot", ["zoe", "Ann", "Cyd"], [
        # Ann garde made by 10: (25 + 10) × 2 = 70 → Ann +140, zoe and Cyd -70
        {"taker": "Ann", "contract": "garde", "bouts": "1", "points": "61"},
    ], sid="new", created="2024-01-01T20:00:00+01:00",
       updated="2024-04-05T23:30:00+02:00")  # fmt: skip
    maison = play("tarot", ["Ann", "Bob", "Dan"], [
        {"taker": "Dan", "contract": "prise", "bouts": "1", "points": "51"},
    ], rules="maison", sid="mai", updated="2024-04-20T21:00:00+02:00")  # fmt: skip
    cards = play("belote", CARD_PLAYERS, BELOTE, sid="bel", updated="2024-05-10T21:00:00+02:00")
    return [digest(s) for s in (old, new, maison, cards)]


def test_players_are_merged_case_and_accent_blind_under_their_latest_spelling() -> None:
    doc = aggregate(merged_sessions()[:2])
    assert [p["name"] for p in doc["players"]] == ["Ann", "zoe", "Bob", "Cyd"]  # sessions, points
    zoe = figure(doc, "zoe")
    # one round at three: nobody's win (a full turn of deals is three)
    assert (zoe["sessions"], zoe["wins"], zoe["rounds"], zoe["points"]) == (2, 0, 2, -20)
    assert (zoe["average"], zoe["best"], zoe["worst"]) == (-10.0, 50, -70)
    assert doc["sessions_list"] == [
        {"id": "old", "game": "tarot", "rules": "fft", "date": "2024-03-01",
         "players": ["zoe", "Ann", "Bob"], "winner": None, "winners": [],
         "results": {"zoe": 50, "Ann": -25, "Bob": -25}},
        {"id": "new", "game": "tarot", "rules": "fft", "date": "2024-04-05",
         "players": ["zoe", "Ann", "Cyd"], "winner": None, "winners": [],
         "results": {"zoe": -70, "Ann": 140, "Cyd": -70}},
    ]  # fmt: skip


def test_the_latest_spelling_is_the_latest_session_whatever_the_order_given() -> None:
    digests = merged_sessions()[:2]
    assert [p["name"] for p in aggregate(digests[::-1])["players"]][1] == "zoe"


FILTERS = [
    pytest.param({}, ["old", "new", "mai", "bel"], id="none"),
    pytest.param({"game": "tarot"}, ["old", "new", "mai"], id="game"),
    pytest.param({"game": "Belote"}, ["bel"], id="game-any-case"),
    pytest.param({"game": "rami"}, [], id="game-none"),
    pytest.param({"rules": "maison"}, ["mai", "bel"], id="rules"),  # belote's is maison too
    pytest.param({"game": "tarot", "rules": "Maison"}, ["mai"], id="game-and-rules-any-case"),
    pytest.param({"game": "tarot", "rules": "fft"}, ["old", "new"], id="game-and-rules"),
    pytest.param({"players": ["ZOE"]}, ["old", "new"], id="player-case-accent-blind"),
    pytest.param({"players": ["zoé", "dan"]}, ["old", "new", "mai", "bel"], id="players-any"),
    pytest.param({"players": ["Cyd"]}, ["new", "bel"], id="player"),
    pytest.param({"players": ["Nobody"]}, [], id="player-unknown"),
    # a session counts by the day it was last played (``new`` was created in January)
    pytest.param({"since": dt.date(2024, 4, 5)}, ["new", "mai", "bel"], id="since"),
    pytest.param({"until": dt.date(2024, 4, 5)}, ["old", "new"], id="until"),
    pytest.param(
        {"since": dt.date(2024, 3, 2), "until": dt.date(2024, 4, 30)}, ["new", "mai"], id="period"
    ),
    pytest.param({"since": dt.date(2025, 1, 1)}, [], id="since-nothing"),
]


@pytest.mark.parametrize(("filters", "ids"), FILTERS)
def test_filters(filters: dict[str, Any], ids: list[str]) -> None:
    doc = aggregate(merged_sessions(), **filters)
    assert [s["id"] for s in doc["sessions_list"]] == ids
    assert doc["sessions"] == len(ids)
    rounds = {"old": 1, "new": 1, "mai": 1, "bel": 4}
    assert doc["rounds"] == sum(rounds[i] for i in ids)


def test_a_filtered_players_figures_are_those_of_the_sessions_kept() -> None:
    doc = aggregate(merged_sessions(), game="tarot", since=dt.date(2024, 4, 1))
    ann = figure(doc, "Ann")
    # new: +140; maison (3 players, a prise made by 0 is worth 20 from each) -20
    assert (ann["sessions"], ann["rounds"], ann["points"]) == (2, 2, 120)
    assert list(ann["games"]) == ["tarot"]
    assert doc["games"] == {"tarot": {"sessions": 2, "rounds": 2}}


def test_best_and_worst_across_games_only_when_the_games_count_the_same_way() -> None:
    mixed = [digest(rami()), digest(play("tarot", RAMI_PLAYERS, [
        {"taker": "Ann", "contract": "prise", "bouts": "1", "points": "51"},
    ], sid="t"))]  # fmt: skip
    ann = figure(aggregate(mixed), "Ann")
    assert (ann["best"], ann["worst"]) == (None, None)
    assert (ann["games"]["tarot"]["best"], ann["games"]["rami"]["best"]) == (50, 0)
    assert len(aggregate(mixed)["notes"]) == 3


# --------------------------------------------------------------------------------------------
# Empty cases: never a division error


def test_no_digest_at_all() -> None:
    assert aggregate([]) == {
        "sessions": 0, "rounds": 0, "games": {}, "notes": [], "players": [], "sessions_list": [],
        "not_won": [], "records": {},
    }  # fmt: skip


def test_a_session_without_rounds() -> None:
    d = digest(play("tarot", ["Ann", "Bob", "Cyd"], []))
    assert (d["players"], d["rounds"], d["winners"], d["winner"]) == ([], 0, [], None)
    doc = aggregate([d])
    assert (doc["sessions"], doc["rounds"], doc["players"]) == (1, 0, [])
    assert doc["sessions_list"][0]["results"] == {}


def test_a_rami_player_who_won_every_round_has_no_average_hand() -> None:
    session = play("rami", ["Ann", "Bob"], [{"winner": "Ann", "hand": ["Bob=12"]}] * 2)
    doc = aggregate([digest(session)])
    assert figure(doc, "Ann.rami.average_hand") is None
    assert figure(doc, "Bob.rami.average_hand") == 12.0
    assert figure(doc, "Ann.rami.rounds_won") == 2


def test_a_belote_team_that_never_took() -> None:
    session = play("belote", CARD_PLAYERS, [BELOTE[0]])
    doc = aggregate([digest(session)])
    assert figure(doc, "Bob.belote") | {} == {
        "sessions": 1, "wins": 0, "rounds": 1, "points": 52, "average": 52.0, "best": 52,
        "worst": 52, "takes": 0, "made": 0, "dedans": 0, "litiges": 0, "capots": 0,
        "rating": None,  # one round, not finished: no counted session, no rating
    }  # fmt: skip


def test_a_replaced_belote_player_keeps_his_rounds_and_the_team_its_win() -> None:
    # Dan hands his seat to Eve after the first coinche round; AC wins all the same
    later = [{**step, "taker": step["taker"].replace("Dan", "Eve")} for step in COINCHE[1:]]
    steps = [COINCHE[0], {"change": {"replace": ["Dan=Eve"]}}, *later]
    d = digest(play("coinche", CARD_PLAYERS, steps))
    assert d["players"] == ["Ann", "Bob", "Cyd", "Dan", "Eve"]
    assert (d["per_player"]["Dan"]["rounds"], d["per_player"]["Eve"]["rounds"]) == (1, 3)
    assert d["winners"] == ["Ann", "Cyd"]


# --------------------------------------------------------------------------------------------
# A property: at fft tarot every round sums to zero, so do the players' points


#: the most players a join may bring the table to (a sixth brings the mort)
JOIN_UP_TO = 6


@st.composite
def tarot_sessions(draw: st.DrawFn) -> tuple[Session, int]:
    """An fft tarot session of 3 to 6 players, maybe one joining later with some points;
    and the points newcomers brought (not scored in a round)."""
    names = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay"][: draw(st.integers(3, 6))]
    session = Session.create("tarot", names, rules="fft", session_id="p")
    brought = 0
    joined = len(names) >= JOIN_UP_TO
    for _ in range(draw(st.integers(0, 14))):
        if not joined and draw(st.integers(0, 4)) == 0:
            points = draw(st.integers(-300, 300))
            session.change_table(join=[f"Zoé={points}"])
            brought, joined = points, True
        table = session.table()
        number = len(session.rounds) + 1
        mort = session.game_rules.sitting_out(table, number)
        active = [p for p in table.players if p != mort]
        raw: dict[str, Any] = {
            "contract": draw(st.sampled_from(["prise", "garde", "garde-sans", "garde-contre"])),
            "taker": draw(st.sampled_from(active)),
            "bouts": str(draw(st.integers(0, 3))),
            "points": str(draw(st.integers(0, 182)) / 2),
        }
        if len(active) >= 5:
            raw["called"] = draw(st.sampled_from(active))
        if draw(st.booleans()):
            raw["petit_au_bout"] = draw(st.sampled_from(active))
        if draw(st.booleans()):
            raw["poignee"] = [draw(st.sampled_from(active))]
        try:
            session.add(raw)
        except InputError:  # points impossible with those bouts: a round less
            continue
    return session, brought


def zero_sum(session: Session, brought: int) -> None:
    """At fft tarot the players' points add up to the totals' changes (the totals less the
    points newcomers brought), and to zero; each player's rounds are those he played."""
    d = digest(session)
    points = sum(p["points"] for p in d["per_player"].values())
    assert points == sum(d["totals"].values()) - brought == 0
    doc = aggregate([d])
    assert sum(p["points"] for p in doc["players"]) == 0
    assert sum(p["rounds"] for p in doc["players"]) == sum(
        len([c for c in row.columns if c != row.mort]) for row in session.standings().rows
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tarot_sessions())
def test_fft_tarot_points_add_up_to_the_totals_changes(drawn: tuple[Session, int]) -> None:
    zero_sum(*drawn)


def test_fft_tarot_zero_sum_after_a_join_makes_six_players() -> None:
    session = Session.create("tarot", FIVE, rules="fft", session_id="p")
    for _ in range(6):
        session.add({"taker": "Ann", "contract": "prise", "bouts": "0", "points": "0"})
    session.change_table(join=["Zoé"])
    session.add({"taker": "Ann", "contract": "prise", "bouts": "0", "points": "0"})
    assert session.standings().rows[-1].mort == "Bob"  # the dealer of round 7
    zero_sum(session, 0)


def test_a_session_left_before_its_end_is_nobodys_win_and_says_why() -> None:
    short = play("tarot", FIVE, TAROT_5[:4], sid="short")  # 4 rounds at 5
    sessions = [digest(short), digest(belote()), digest(tarot_5()), digest(coinche())]
    doc = aggregate(sessions)
    assert sorted((s["id"], s["game"], str(s["reason"])) for s in doc["not_won"]) == [
        ("b1", "belote", "not finished"),
        ("short", "tarot", "fewer rounds than players (4 of 5): not a full turn of deals"),
    ]
    ann = figure(doc, "Ann")
    assert (ann["games"]["tarot"]["sessions"], ann["games"]["tarot"]["wins"]) == (2, 0)
    assert figure(doc, "Cyd.tarot.wins") == 1  # the full session's


@pytest.mark.parametrize("name", list(SESSIONS))
def test_the_digest_counts_the_records_the_replay_scored(name: str, monkeypatch) -> None:
    """What is counted is the round's record as scored (the one its breakdown is written
    from), taken from the replay: the digest scores no round a second time."""
    session = SESSIONS[name]()
    rows = session.standings(fresh=True).rows
    assert [row.scored_record for row in rows] == [row.record for row in rows]
    expected = digest(SESSIONS[name]())
    again = SESSIONS[name]()
    again.standings()  # replayed: from here on no round may be scored again
    game = type(again.game_rules)

    def no_second_scoring(*args, **kwargs):
        raise AssertionError("a round scored again")

    monkeypatch.setattr(game, "score", no_second_scoring)
    assert digest(again) == expected


def test_a_row_without_a_kept_record_is_scored_again_without_its_breakdown() -> None:
    from cardscore.session import RoundRow

    session = SESSIONS["tarot 5"]()
    row = session.standings(fresh=True).rows[0]
    bare = RoundRow(
        row.number, row.input, row.scores, row.totals, row.held, row.carry,
        row._replay, row.table,
    )  # fmt: skip
    assert bare.scored_record == row.record


@pytest.mark.parametrize("name", list(SESSIONS))
def test_a_row_replayed_without_its_scoring_explains_itself_the_same(name: str) -> None:
    """A row that kept no scoring works its breakdown and record out again from its own
    round, table, number and carry-in (belote's held points: its litige; 6-player tarot:
    the mort), and finds what the replay's scoring says."""
    from cardscore.session import RoundRow

    rows = SESSIONS[name]().standings(fresh=True).rows
    for row in rows:
        bare = RoundRow(
            row.number, row.input, row.scores, row.totals, row.held, row.carry,
            row._replay, row.table,
        )  # fmt: skip
        assert (bare.breakdown, bare.record) == (row.breakdown, row.record), row.number
        assert bare.scored_record == row.record
    if name == "belote":  # the litige's points carried into the next round
        assert any(row.carry for row in rows)
