"""The belote and coinche rules core: the worked rounds of docs/rules.md (Belote, Coinche), bad
inputs, properties."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscore.games import get_game
from cardscore.games.base import InputError, Table, apply_settings, params_from_dict
from cardscore.games.belote import (
    BELOTE,
    COINCHE,
    default_team_names,
    resolve_team,
)

PLAYERS = ("South", "West", "North", "East")  # seats 1 & 3 (South, North) are team 0
NS, EW = "NS", "EW"
PROPERTY = settings(max_examples=200, deadline=None)


def table(game: str = "belote", rules: str = "maison", **changes: Any) -> Table:
    params = dataclasses.replace(get_game(game).presets[rules], **changes)
    return Table(game, PLAYERS, params, (NS, EW))


def play(game: str, rules: str, raw: dict[str, Any], carry: Any = None, **changes: Any):
    t = table(game, rules, **changes)
    g = get_game(game)
    return g.score(g.build_round(raw, t, 1), t, 1, carry)


# --------------------------------------------------------------------------------------------
# docs/rules.md, Belote › Worked rounds (taker South, team North-South)

BELOTE_ROUNDS = [
    pytest.param(
        "maison",
        {"trump": "hearts", "points": "82", "dix_de_der": "North", "belote": "taker"},
        112, 70, 0, id="made-with-belote",
    ),
    pytest.param(
        "maison",
        {"trump": "pique", "defense_points": "86", "dix_de_der": "defense", "belote": "ns"},
        20, 162, 0, id="dedans",
    ),
    pytest.param(
        "maison",
        {"trump": "trèfle", "points": "71", "dix_de_der": "taker"},
        0, 81, 81, id="litige",
    ),
    pytest.param(
        "maison",
        {"trump": "carreau", "capot": "taker"},
        252, 0, 0, id="capot",
    ),
    pytest.param(
        "maison",
        {"trump": "coeur", "points": "72", "dix_de_der": "EW", "announce": ["taker:50"]},
        122, 90, 0, id="announcements-count-for-the-contract",
    ),
    pytest.param(
        "maison",
        {"trump": "sans atout", "points": "56", "dix_de_der": "taker"},
        66, 64, 0, id="sans-atout-maison",
    ),
    pytest.param(
        "official",
        {"trump": "sa", "points": "76", "dix_de_der": "West"},
        0, 162, 0, id="sans-atout-official-dedans",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "raw", "ns", "ew", "held"), BELOTE_ROUNDS)
def test_belote_worked_rounds(rules: str, raw: dict[str, Any], ns: int, ew: int, held: int):
    result = play("belote", rules, {"taker": "south", **raw})
    assert dict(result.scores) == {NS: ns, EW: ew}
    assert result.held == held
    assert result.carry == held


def test_litige_then_the_next_winner_collects_the_held_points():
    litige = play("belote", "maison", {"taker": "South", "trump": "hearts", "points": "71",
                                       "dix_de_der": "taker"})  # fmt: skip
    assert litige.breakdown[-1] == "litige: 81 held for the next round"
    nxt = play("belote", "maison", {"taker": "South", "trump": "hearts", "points": "90",
                                    "dix_de_der": "taker"}, carry=litige.carry)  # fmt: skip
    assert dict(nxt.scores) == {NS: 181, EW: 62}
    assert (nxt.held, nxt.carry) == (0, 0)
    assert nxt.breakdown[-1] == "held: NS collect the 81 held, 100 + 81 = 181"


def test_held_points_go_to_the_defence_when_the_next_taker_is_dedans():
    nxt = play("belote", "maison", {"taker": "West", "trump": "hearts", "points": "60",
                                    "dix_de_der": "South"}, carry=81)  # fmt: skip
    assert dict(nxt.scores) == {NS: 162 + 81, EW: 0}


def test_two_litiges_in_a_row_add_up():
    raw = {"taker": "South", "trump": "hearts", "points": "71", "dix_de_der": "taker"}
    first = play("belote", "maison", raw)
    second = play("belote", "maison", {**raw, "taker": "West", "points": "81",
                                       "dix_de_der": "South"}, carry=first.carry)  # fmt: skip
    assert dict(second.scores) == {NS: 81, EW: 0}
    assert second.held == second.carry == 162
    assert second.breakdown[-1] == "litige: 81 + 81 already held = 162 held for the next round"
    third = play("belote", "maison", {**raw, "points": "90"}, carry=second.carry)
    assert dict(third.scores) == {NS: 100 + 162, EW: 62}


def test_litige_off_makes_a_tie_dedans():
    raw = {"taker": "South", "trump": "hearts", "points": "71", "dix_de_der": "taker"}
    result = play("belote", "maison", raw, litige=False)
    assert dict(result.scores) == {NS: 0, EW: 162}
    assert result.held == 0


@pytest.mark.parametrize(("which", "ew"), [("all", 162 + 50 + 20), ("own", 162 + 20)])
def test_dedans_announcements(which: str, ew: int):
    raw = {"taker": "South", "trump": "hearts", "points": "50", "dix_de_der": "taker",
           "announce": ["South:50", "West:20"]}  # fmt: skip
    result = play("belote", "maison", raw, dedans_announcements=which)
    assert dict(result.scores) == {NS: 0, EW: ew}


def test_a_defence_capot_scores_the_capot_value_when_dedans():
    raw = {"taker": "South", "trump": "hearts", "capot": "defense", "belote": "West"}
    result = play("belote", "maison", raw)
    assert dict(result.scores) == {NS: 0, EW: 252 + 20}
    sa = play("belote", "maison", {"taker": "South", "trump": "sa", "capot": "EW"})
    assert dict(sa.scores) == {NS: 0, EW: 220}


# --------------------------------------------------------------------------------------------
# docs/rules.md, Coinche › Worked rounds (taker South, contract 100 in hearts unless said)

COINCHE_ROUNDS = [
    pytest.param("maison", {}, 208, 54, id="made"),
    pytest.param("official", {}, 210, 50, id="made-official-rounded"),
    pytest.param("maison", {"coinche": True}, 520, 0, id="coinche"),
    pytest.param("maison", {"surcoinche": True}, 1040, 0, id="surcoinche"),
    pytest.param(
        "maison", {"coinche": True, "points": "80", "dix_de_der": "defense"}, 0, 520,
        id="coinche-dedans",
    ),
    pytest.param(
        "maison", {"contract": "250", "points": None, "capot": "taker"}, 502, 0,
        id="capot-contract",
    ),
    pytest.param(
        "official", {"contract": "capot", "coinche": True, "points": None, "capot": "NS"}, 1000, 0,
        id="capot-contract-coinche-official",
    ),
]  # fmt: skip


COINCHE_ROUNDS += [
    pytest.param("official", {"points": "95"}, 110 + 100, 60, id="official-5-rounds-up"),
    pytest.param("official", {"points": "96"}, 110 + 100, 60, id="official-6-rounds-up"),
    pytest.param("official", {"points": "93"}, 100 + 100, 60, id="official-3-rounds-down"),
]


@pytest.mark.parametrize(("rules", "changes", "ns", "ew"), COINCHE_ROUNDS)
def test_coinche_worked_rounds(rules: str, changes: dict[str, Any], ns: int, ew: int):
    raw = {"taker": "South", "trump": "coeur", "contract": "100", "points": "98",
           "dix_de_der": "taker", **changes}  # fmt: skip
    result = play("coinche", rules, raw)
    assert dict(result.scores) == {NS: ns, EW: ew}
    assert result.held == 0


@pytest.mark.parametrize(
    ("rules", "extra", "ns", "ew"),
    [
        ("maison", {"generale_made": True}, 252 + 500, 0),
        ("official", {"generale_made": True, "coinche": True}, (250 + 500) * 2, 0),
        ("maison", {"capot": "taker"}, 0, 160 + 500),  # his team, not he alone: no générale
    ],
)
def test_generale(rules: str, extra: dict[str, Any], ns: int, ew: int):
    raw = {"taker": "South", "trump": "spades", "contract": "générale", **extra}
    assert dict(play("coinche", rules, raw).scores) == {NS: ns, EW: ew}


def test_coinche_tie_falls_and_belote_is_kept():
    raw = {"taker": "South", "trump": "hearts", "contract": "80", "points": "71",
           "dix_de_der": "taker", "belote": "taker"}  # fmt: skip
    # 71 + 10 + 20 = 101 > 81: made.  Without the dix de der: 91 = 91, a tie falls.
    assert dict(play("coinche", "maison", raw).scores) == {NS: 101 + 80, EW: 81}
    tie = {**raw, "points": "81", "dix_de_der": "defense", "belote": None}
    assert dict(play("coinche", "maison", tie).scores) == {NS: 0, EW: 160 + 80}


# --------------------------------------------------------------------------------------------
# Stored inputs


def test_stored_belote_input_is_complete_and_json_ready():
    t = table()
    raw = {"taker": "sou", "trump": "Cœur", "defense_points": "70", "dix_de_der": "n",
           "announce": ["ew:20", "taker:100"]}  # fmt: skip
    inp = BELOTE.build_round(raw, t, 1)
    assert inp == {"taker": "South", "trump": "hearts", "points": 82, "dix_de_der": 0,
                   "belote": None, "announces": [[1, 20], [0, 100]], "capot": None}  # fmt: skip
    assert json.loads(json.dumps(inp)) == inp


def test_stored_coinche_input():
    t = table("coinche")
    raw = {"taker": "West", "trump": "tout-atout", "contract": "500", "surcoinche": True,
           "generale_made": True}  # fmt: skip
    inp = COINCHE.build_round(raw, t, 1)
    assert inp == {"taker": "West", "trump": "ta", "contract": "generale", "coinche": 4,
                   "points": 152, "dix_de_der": 1, "belote": None, "announces": [],
                   "capot": 1, "generale_made": True}  # fmt: skip


# --------------------------------------------------------------------------------------------
# Bad inputs

BAD_BELOTE = [
    ({"points": "160"}, r"^--points: 160 is more than the 152 card points of a trump round"),
    ({"trump": "sa", "points": "125"}, r"^--points: 125 is more than the 120 .*sans atout"),
    ({"points": None, "defense_points": "153"}, r"^--defense-points: 153 is more than the 152"),
    ({"points": "80", "defense_points": "72"}, r"^--defense-points: give either --points"),
    ({"points": None}, r"^--points: .* needed"),
    ({"dix_de_der": None}, r"^--dix-de-der: .* needed"),
    ({"trump": "sa", "belote": "taker"}, r"^--belote: no belote-rebelote in sans atout"),
    ({"announce": ["taker:30"]}, r"^--announce: '30' is not an announcement value .*tierce"),
    ({"announce": ["taker"]}, r"^--announce: 'taker' is not of the form TEAM:VALUE$"),
    ({"capot": "taker"}, r"^--capot: a capot team holds all 152 card points"),
    ({"points": "152", "capot": "defense"}, r"^--capot: a capot team holds all"),
    ({"points": "152", "dix_de_der": "defense", "capot": "taker"}, r"^--capot: .*last trick"),
    ({"belote": "Zoe"}, r"^--belote: 'Zoe' matches no team or player \(taker, defense, South"),
    ({"taker": "Zoe"}, r"^--taker: unknown player 'Zoe'"),
    ({"taker": None}, r"^--taker: "),
    ({"trump": "ta"}, r"^--trump: no tout atout in belote"),
    ({"trump": "rouge"}, r"^--trump: unknown value 'rouge'"),
    ({"contract": "100"}, r"^--contract is not an option of belote \(options: --taker "),
    ({"coinche": True}, r"^--coinche is not an option of belote \(options: --taker "),
    ({"points": "abc"}, r"^--points: 'abc' is not a whole number"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_BELOTE)
def test_bad_belote_inputs(changes: dict[str, Any], message: str):
    raw = {"taker": "South", "trump": "hearts", "points": "82", "dix_de_der": "taker", **changes}
    with pytest.raises(InputError, match=message):
        BELOTE.build_round(raw, table(), 1)


BAD_COINCHE = [
    ({"contract": "75"}, r"^--contract: '75' is not a contract \(accepted: 80 to 180"),
    ({"contract": "190"}, r"^--contract: '190' is not a contract"),
    ({"contract": None}, r"^--contract: the contract is needed"),
    ({"generale_made": True}, r"^--generale-made: only with a générale contract"),
    ({"coinche": True, "surcoinche": True}, r"^--surcoinche: give either --coinche"),
    (
        {"contract": "generale", "generale_made": True, "capot": "defense"},
        r"^--generale-made: .*--capot",
    ),
    ({"contract": "generale", "generale_made": True}, r"^--generale-made: a capot team holds"),
    ({"coinche": "maybe"}, r"^--coinche: 'maybe' is not yes or no"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_COINCHE)
def test_bad_coinche_inputs(changes: dict[str, Any], message: str):
    raw = {"taker": "South", "trump": "hearts", "contract": "100", "points": "82",
           "dix_de_der": "taker", **changes}  # fmt: skip
    with pytest.raises(InputError, match=message):
        COINCHE.build_round(raw, table("coinche"), 1)


@pytest.mark.parametrize("players", [PLAYERS[:3], (*PLAYERS, "Zoe")])
@pytest.mark.parametrize("game", [BELOTE, COINCHE])
def test_belote_and_coinche_need_four_players(players: tuple[str, ...], game: Any):
    expected = rf"^{game.name} is played by 4 players in two teams \(got {len(players)}\)$"
    with pytest.raises(InputError, match=expected):
        game.check_players(players, game.presets["maison"])


def test_duplicate_players_are_refused():
    with pytest.raises(InputError, match=r"^--names: two players are named 'south'"):
        BELOTE.check_players(("South", "West", "south", "East"), BELOTE.presets["maison"])
    BELOTE.check_players(PLAYERS, BELOTE.presets["maison"])


# --------------------------------------------------------------------------------------------
# Teams, fields, params


def test_team_resolution():
    t = table()
    assert default_team_names(PLAYERS) == ("South & North", "West & East")
    assert BELOTE.default_team_names(PLAYERS) == COINCHE.default_team_names(PLAYERS)
    words = {"taker": 1, "Attaque": 1, "preneur": 1, "défense": 0, "defence": 0, "DEFENSE": 0}
    for word, team in words.items():
        assert resolve_team(word, t, 1, "--belote") == team
    assert resolve_team("nor", t, 1, "--belote") == 0
    assert resolve_team("ew", t, 0, "--belote") == 1
    with pytest.raises(InputError, match=r"^--capot: 'Zoe' matches no team or player"):
        resolve_team("Zoe", t, 0, "--capot")
    default = Table("belote", PLAYERS, BELOTE.presets["maison"])
    assert BELOTE.columns(default) == ("South & North", "West & East")
    assert resolve_team("west & east", default, 0, "--belote") == 1


def test_fields_and_registry():
    assert get_game("belote") is BELOTE and get_game("coinche") is COINCHE
    belote_keys = [f.key for f in BELOTE.fields]
    coinche_keys = [f.key for f in COINCHE.fields]
    # the boxes (belote, announcements, capot) before the card points a capot stands for
    shared = ["taker", "trump", "belote", "announce", "capot", "points", "defense_points",
              "dix_de_der"]  # fmt: skip
    assert belote_keys == shared
    assert coinche_keys == [*shared[:2], "contract", "coinche", "surcoinche", "capot_made",
                            "generale_made", *shared[2:]]  # fmt: skip
    options = {f.key: f.option for f in COINCHE.fields}
    assert options["defense_points"] == "--defense-points"
    assert options["generale_made"] == "--generale-made"
    assert options["capot_made"] == "--capot-made"
    assert BELOTE.sitting_out(table(), 3) is None
    assert BELOTE.columns(table()) == (NS, EW)


def test_params_presets_and_settings():
    for game in (BELOTE, COINCHE):
        assert set(game.presets) == {"maison", "official"} and game.default_preset == "maison"
        for params in game.presets.values():
            assert isinstance(params, game.params_cls)
            assert params_from_dict(game.params_cls, dataclasses.asdict(params)) == params
    assert BELOTE.presets["maison"].target == 1000 and COINCHE.presets["maison"].target == 2000
    changed = apply_settings(BELOTE.presets["maison"], ["litige=off", "target=500"])
    assert (changed.litige, changed.target) == (False, 500)
    with pytest.raises(
        InputError, match=r"^--set dedans-announcements: 'some' is not accepted \(all, own\)$"
    ):
        apply_settings(BELOTE.presets["maison"], ["dedans-announcements=some"])


# --------------------------------------------------------------------------------------------
# Properties

TEAM_WORDS = ("taker", "defense")


@st.composite
def belote_rounds(draw: st.DrawFn, game: str = "belote") -> tuple[Table, dict[str, Any]]:
    changes = {"litige_belote": draw(st.sampled_from(["kept", "held"]))} if game == "belote" else {}
    t = table(game, draw(st.sampled_from(["maison", "official"])), **changes)
    trumps = ["spades", "hearts", "diamonds", "clubs", "sa"] + (["ta"] if game == "coinche" else [])
    trump = draw(st.sampled_from(trumps))
    total = 152 if trump != "sa" else 4 * (t.params.sans_atout_ace + 19)
    raw = {
        "taker": draw(st.sampled_from(PLAYERS)),
        "trump": trump,
        "points": str(draw(st.integers(0, total))),
        "dix_de_der": draw(st.sampled_from(TEAM_WORDS)),
        "belote": None if trump == "sa" else draw(st.sampled_from((None, *TEAM_WORDS))),
        "announce": [
            f"{team}:{value}"
            for team, value in draw(
                st.lists(
                    st.tuples(st.sampled_from(TEAM_WORDS), st.sampled_from([20, 50, 100])),
                    max_size=3,
                )
            )
        ],
    }
    return t, raw


def expected_totals(raw: dict[str, Any], total: int) -> dict[str, int]:
    """Each side's total, computed independently of the module under test."""
    cards = {"taker": int(raw["points"]), "defense": total - int(raw["points"])}
    return {
        side: cards[side]
        + 10 * (raw["dix_de_der"] == side)
        + 20 * (raw["belote"] == side)
        + sum(int(a.split(":")[1]) for a in raw["announce"] if a.startswith(side))
        for side in TEAM_WORDS
    }


def sides(t: Table, taker: str) -> tuple[str, str]:
    team = PLAYERS.index(taker) % 2
    return t.teams[team], t.teams[1 - team]


@PROPERTY
@given(belote_rounds())
def test_a_made_belote_round_gives_each_team_its_total(case):
    t, raw = case
    inp = BELOTE.build_round(raw, t, 1)
    total = 152 if raw["trump"] != "sa" else 4 * (t.params.sans_atout_ace + 19)
    totals = expected_totals(raw, total)
    result = BELOTE.score(inp, t, 1, None)
    taker, defense = sides(t, raw["taker"])
    if totals["taker"] > totals["defense"]:
        assert dict(result.scores) == {taker: totals["taker"], defense: totals["defense"]}
    elif totals["taker"] < totals["defense"]:
        assert result.scores[taker] == (20 if raw["belote"] == "taker" else 0)
        # the whole round, the defence's belote, every announcement of both teams
        announced = sum(int(a.split(":")[1]) for a in raw["announce"])
        belote = 20 if raw["belote"] == "defense" else 0
        assert result.scores[defense] == total + 10 + belote + announced
    else:  # a litige: the taker team's belote scores at once (litige-belote kept)
        kept = 20 if raw["belote"] == "taker" and t.params.litige_belote == "kept" else 0
        assert result.scores[taker] == kept and result.held == totals["taker"] - kept


@PROPERTY
@given(
    belote_rounds("coinche"),
    st.sampled_from(["80", "100", "130", "180", "capot", "generale"]),
    st.sampled_from([{}, {"coinche": True}, {"surcoinche": True}]),
    st.sampled_from([None, "taker", "defense"]),
)
def test_a_coinche_round_never_scores_negative(case, contract, level, capot):
    t, raw = case
    raw = {**raw, "contract": contract, **level}
    if capot:
        raw |= {"capot": capot, "points": None, "dix_de_der": None}
    if contract == "generale" and capot == "taker":
        raw["generale_made"] = True
    inp = COINCHE.build_round(raw, t, 1)
    result = COINCHE.score(inp, t, 1, None)
    assert all(score >= 0 for score in result.scores.values())
    assert result.held == 0


@PROPERTY
@given(st.integers(-500, 3000), st.integers(-500, 3000), st.sampled_from([BELOTE, COINCHE]))
def test_the_winner_has_the_strictly_higher_total(ns: int, ew: int, game: Any):
    t = table(game.name)
    outcome = game.outcome(t, {NS: ns, EW: ew})
    if outcome.finished:
        other = EW if outcome.winner == NS else NS
        assert {NS: ns, EW: ew}[outcome.winner] > {NS: ns, EW: ew}[other]
        assert max(ns, ew) >= t.params.target
    else:
        assert outcome.winner is None
        assert ns == ew or max(ns, ew) < t.params.target


TOKENS = st.sampled_from(
    ["South", "so", "w", "NS", "ew", "taker", "défense", "hearts", "sa", "ta", "152", "0",
     "82", "100", "capot", "générale", "250", "taker:50", "ew:20", "x:30", ":", "", " ", "-1",
     "1e3", "٣", "²", "yes", "no"]
)  # fmt: skip
TEXT = st.one_of(st.text(max_size=12), TOKENS)
VALUE = st.one_of(TEXT, st.lists(TEXT, max_size=3), st.booleans(), st.none(), st.integers())


@PROPERTY
@given(
    st.sampled_from([BELOTE, COINCHE]),
    st.dictionaries(
        st.sampled_from([f.key for f in COINCHE.fields] + ["bogus"]), VALUE, max_size=12
    ),
)
def test_build_round_only_raises_input_error(game: Any, raw: dict[str, Any]):
    t = table(game.name)
    try:
        inp = game.build_round(raw, t, 1)
    except InputError as error:
        assert "\n" not in str(error) and str(error).startswith(("--", game.name))
        return
    # Whatever is accepted is complete, JSON-ready and scorable.
    assert json.loads(json.dumps(inp)) == inp
    expected = {"taker", "trump", "points", "dix_de_der", "belote", "announces", "capot"}
    if game is COINCHE:
        expected |= {"contract", "coinche", "generale_made"}
    assert set(inp) == expected
    result = game.score(inp, t, 1, None)
    assert set(result.scores) == {NS, EW}
