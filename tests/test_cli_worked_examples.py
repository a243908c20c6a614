"""Every worked example of the rules (docs/rules.md), recorded with `cardscore add` and read
back through `cardscore show --json` (the command line, not the rules core).

Every expected number below is computed by hand from the rules; the comment beside each row
shows the computation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

TAROT4 = ("Ann", "Bob", "Cyd", "Dan")
SEATS = "Sud,Est,Nord,Ouest"  # seats 1 & 3 (Sud, Nord) against 2 & 4 (Est, Ouest)
TEAMS = ("--set", "team1=NS", "--set", "team2=EW")


def new(cli: Callable[..., Any], game: str, *options: str) -> str:
    """`cardscore new GAME OPTIONS --no-play`: the new session's id."""
    result = cli("new", game, *options, "--no-play")
    assert result.code == 0, result.err
    assert result.err == ""
    session_id = result.out.strip()
    assert session_id and "\n" not in session_id
    return session_id


def add(cli: Callable[..., Any], session_id: str, options: Sequence[str]) -> dict[str, Any]:
    """`cardscore add SESSION OPTIONS --json`, which must succeed."""
    result = cli("add", session_id, *options, "--json")
    assert result.code == 0, result.err
    assert result.err == ""
    return result.json()


def show(cli: Callable[..., Any], session_id: str) -> dict[str, Any]:
    result = cli("show", session_id, "--json")
    assert result.code == 0, result.err
    return result.json()


def assert_single_round(
    sheet: dict[str, Any], scores: dict[str, int], winner: str | None = None
) -> None:
    """One round was played: its scores are ``scores`` and so are the totals; the game is
    over iff ``winner`` is given."""
    assert sheet["columns"] == list(scores)
    assert len(sheet["rounds"]) == 1
    (row,) = sheet["rounds"]
    assert row["number"] == 1
    assert row["scores"] == scores
    assert row["totals"] == scores
    assert sheet["totals"] == scores
    assert all(type(v) is int for v in row["scores"].values())
    assert sheet["finished"] is (winner is not None)
    assert sheet["winner"] == winner


# --------------------------------------------------------------------------------------------
# §1.2 Tarot, rule set fft: seed 001's five rounds (4 players, Ann takes)

TAKER_ANN = ("--taker", "Ann")
SEED_001 = [
    # garde, 2 bouts, 49: made by 8 → (25 + 8) × 2 = 66; petit au bout (taker) +10 × 2;
    # taker's simple poignée +20 → X = 106; taker 3X
    pytest.param(
        [
            "--contract",
            "garde",
            "--bouts",
            "2",
            "--points",
            "49",
            "--poignee",
            "Ann",
            "--petit-au-bout",
            "Ann",
        ],
        318,
        -106,
        id="garde-49-poignee-petit",
    ),
    # the same from the defence's points (91 - 42 = 49), the poignée's kind written out
    pytest.param(
        [
            "--contract",
            "garde",
            "--bouts",
            "2",
            "--defense-points",
            "42",
            "--poignee",
            "ann:simple",
            "--petit-au-bout",
            "a",
        ],
        318,
        -106,
        id="garde-defense-points-42",
    ),
    # garde sans made by 4 (2 bouts, 45): (25 + 4) × 4 = 116; petit au bout by the defence
    # -10 × 4 = -40 → X = 76
    pytest.param(
        ["--contract", "garde-sans", "--bouts", "2", "--points", "45", "--petit-au-bout", "Bob"],
        228,
        -76,
        id="garde-sans-made-by-4",
    ),
    # the same with 1 bout and 55 points (51 + 4), French spelling "garde sans"
    pytest.param(
        ["--contract", "garde sans", "--bouts", "1", "--points", "55", "--petit-au-bout", "Dan"],
        228,
        -76,
        id="garde-sans-spelled-french",
    ),
    # prise lost by 7 (1 bout, 44): -(25 + 7) = -32; petit au bout (taker) +10; the taker's
    # poignée goes to the defence, who won: -20 → X = -42
    pytest.param(
        [
            "--contract",
            "prise",
            "--bouts",
            "1",
            "--points",
            "44",
            "--poignee",
            "Ann",
            "--petit-au-bout",
            "Ann",
        ],
        -126,
        42,
        id="prise-lost-by-7",
    ),
    # the same as a "petite" with 0 bouts and 49 points (56 - 7)
    pytest.param(
        [
            "--contract",
            "petite",
            "--bouts",
            "0",
            "--points",
            "49",
            "--poignee",
            "Ann",
            "--petit-au-bout",
            "Ann",
        ],
        -126,
        42,
        id="petite-lost-by-7",
    ),
    # garde made by 11 (2 bouts, 52): (25 + 11) × 2 = 72; a defender's poignée goes to the
    # taker's side, who won: +20 → X = 92
    pytest.param(
        ["--contract", "garde", "--bouts", "2", "--points", "52", "--poignee", "Cyd"],
        276,
        -92,
        id="garde-made-by-11-defender-poignee",
    ),
    # the same with 3 bouts and 47 points (36 + 11)
    pytest.param(
        ["--contract", "garde", "--bouts", "3", "--points", "47", "--poignee", "Cyd:simple"],
        276,
        -92,
        id="garde-3-bouts-made-by-11",
    ),
    # garde, 2 bouts, 87: made by 46 → (25 + 46) × 2 = 142; + 20 petit + 20 poignée + 400
    # chelem announced and made → X = 582
    pytest.param(
        [
            "--contract",
            "garde",
            "--bouts",
            "2",
            "--points",
            "87",
            "--chelem",
            "announced",
            "--poignee",
            "Ann",
            "--petit-au-bout",
            "Ann",
        ],
        1746,
        -582,
        id="garde-chelem-announced",
    ),
    pytest.param(
        [
            "--contract",
            "garde",
            "--bouts",
            "2",
            "--points",
            "87",
            "--chelem",
            "annonce",
            "--poignee",
            "Ann",
            "--petit-au-bout",
            "Ann",
        ],
        1746,
        -582,
        id="garde-chelem-annonce-french",
    ),
    # docs/rules.md, Tarot › fft: 40.5 with 2 bouts is lost by 1 → prise -(25 + 1) = -26
    pytest.param(
        ["--contract", "prise", "--bouts", "2", "--points", "40,5"], -78, 26, id="40.5-lost-by-1"
    ),
    # 41.5 with 2 bouts is made by 1 → +26
    pytest.param(
        ["--contract", "prise", "--bouts", "2", "--points", "41.5"], 78, -26, id="41.5-made-by-1"
    ),
]


@pytest.mark.parametrize(("options", "taker", "defender"), SEED_001)
def test_tarot_fft_seed_001(cli, options: list[str], taker: int, defender: int) -> None:
    sid = new(cli, "tarot", "--names", ",".join(TAROT4))
    printed = add(cli, sid, [*TAKER_ANN, *options])
    expected = {"Ann": taker, "Bob": defender, "Cyd": defender, "Dan": defender}
    assert printed["round"]["scores"] == expected
    assert printed["totals"] == expected
    sheet = show(cli, sid)
    assert sheet["game"] == "tarot"
    assert sheet["rules"] == "fft"
    assert_single_round(sheet, expected)
    row = sheet["rounds"][0]
    assert row["dealer"] == "Ann"
    assert row["mort"] is None
    assert row["input"]["taker"] == "Ann"
    assert sheet["held"] == 0


def test_tarot_fft_seed_001_all_rounds_in_one_session(cli) -> None:
    sid = new(cli, "tarot", "--names", ",".join(TAROT4))
    # the five rows of the seed's table, in order
    for param in SEED_001[0:9:2]:
        add(cli, sid, [*TAKER_ANN, *param.values[0]])
    sheet = show(cli, sid)
    ann = 318 + 228 - 126 + 276 + 1746  # 2442
    defender = -106 - 76 + 42 - 92 - 582  # -814
    assert sheet["totals"] == {"Ann": ann, "Bob": defender, "Cyd": defender, "Dan": defender}
    assert [r["dealer"] for r in sheet["rounds"]] == ["Ann", "Bob", "Cyd", "Dan", "Ann"]
    assert [r["totals"]["Ann"] for r in sheet["rounds"]] == [318, 546, 420, 696, 2442]
    assert sheet["next_dealer"] == "Bob"


# --------------------------------------------------------------------------------------------
# §1.3 Tarot, rule set maison: seed 000's example


def test_tarot_maison_seed_000(cli) -> None:
    # player 2 (Bob) takes a garde, 2 bouts, 67: made by 26 → surplus 30, A = 40 + 30 = 70,
    # Bob +210, each other -70; Dan's poignée: Dan +30, each other -10.
    sid = new(cli, "tarot", "--names", ",".join(TAROT4), "--rules", "maison")
    options = ["--taker", "Bob", "--contract", "garde", "--bouts", "2", "--points", "67"]
    printed = add(cli, sid, [*options, "--poignee", "Dan"])
    expected = {"Ann": -80, "Bob": 200, "Cyd": -80, "Dan": -40}
    assert printed["round"]["scores"] == expected
    sheet = show(cli, sid)
    assert sheet["rules"] == "maison"
    assert sheet["params"]["scoring"] == "maison"
    assert_single_round(sheet, expected)


def test_tarot_maison_seed_000_half_point_dropped(cli) -> None:
    # defence 23,5 → P = floor(91 - 23.5) = 67: the same round as above
    sid = new(cli, "tarot", "--names", ",".join(TAROT4), "--rules", "maison")
    options = ["--taker", "b", "--contract", "garde", "--bouts", "2", "--defense-points", "23,5"]
    add(cli, sid, [*options, "--poignee", "dan"])
    assert_single_round(show(cli, sid), {"Ann": -80, "Bob": 200, "Cyd": -80, "Dan": -40})


# --------------------------------------------------------------------------------------------
# §2.1 Belote (taker Sud, team NS)

SUD = ("--taker", "Sud")
BELOTE_ROWS = [
    # 82 + 10 + 20 = 112 > 70: made, each team its total
    pytest.param(
        "maison",
        ["--trump", "hearts", "--points", "82", "--dix-de-der", "NS", "--belote", "NS"],
        112,
        70,
        id="made-82-70",
    ),
    # the same, naming the teams by role and by player
    pytest.param(
        "maison",
        ["--trump", "coeur", "--points", "82", "--dix-de-der", "taker", "--belote", "Nord"],
        112,
        70,
        id="made-82-70-team-by-role",
    ),
    # NS 66 + 20 = 86 < EW 86 + 10 = 96: dedans, EW 162, NS only its belote 20
    pytest.param(
        "maison",
        ["--trump", "spades", "--points", "66", "--dix-de-der", "EW", "--belote", "NS"],
        20,
        162,
        id="dedans-66-86",
    ),
    pytest.param(
        "maison",
        [
            "--trump",
            "pique",
            "--defense-points",
            "86",
            "--dix-de-der",
            "défense",
            "--belote",
            "attaque",
        ],
        20,
        162,
        id="dedans-defense-points",
    ),
    # capot NS: 252 / 0
    pytest.param(
        "maison",
        ["--trump", "clubs", "--points", "152", "--dix-de-der", "NS", "--capot", "NS"],
        252,
        0,
        id="capot-ns",
    ),
    # NS 72 + 50 = 122 > EW 80 + 10 = 90: made
    pytest.param(
        "maison",
        ["--trump", "diamonds", "--points", "72", "--dix-de-der", "EW", "--announce", "NS:50"],
        122,
        90,
        id="announce-50",
    ),
    # sans atout, maison: cards 120; NS 56 + 10 = 66 > EW 64
    pytest.param(
        "maison",
        ["--trump", "sa", "--points", "56", "--dix-de-der", "NS"],
        66,
        64,
        id="maison-sans-atout",
    ),
    # sans atout, official: cards 152; NS 76 < EW 76 + 10 = 86: dedans, EW 162
    pytest.param(
        "official",
        ["--trump", "sans-atout", "--points", "76", "--dix-de-der", "EW"],
        0,
        162,
        id="official-sans-atout-dedans",
    ),
]


@pytest.mark.parametrize(("rules", "options", "ns", "ew"), BELOTE_ROWS)
def test_belote_seed_002(cli, rules: str, options: list[str], ns: int, ew: int) -> None:
    sid = new(cli, "belote", "--names", SEATS, *TEAMS, "--rules", rules)
    printed = add(cli, sid, [*SUD, *options])
    assert printed["round"]["scores"] == {"NS": ns, "EW": ew}
    sheet = show(cli, sid)
    assert sheet["game"] == "belote"
    assert sheet["rules"] == rules
    assert sheet["teams"] == ["NS", "EW"]
    assert_single_round(sheet, {"NS": ns, "EW": ew})
    assert sheet["held"] == 0
    assert sheet["rounds"][0]["held"] == 0


LITIGE = ["--trump", "hearts", "--points", "71", "--dix-de-der", "NS"]  # NS 81 = EW 81


def test_belote_litige_then_the_round_that_collects_the_81(cli) -> None:
    sid = new(cli, "belote", "--names", SEATS, *TEAMS)
    # 71 + 10 = 81 = EW 81: litige. EW score 81, NS 0, NS's 81 are held.
    printed = add(cli, sid, [*SUD, *LITIGE])
    assert printed["round"]["scores"] == {"NS": 0, "EW": 81}
    assert printed["held"] == 81
    sheet = show(cli, sid)
    assert sheet["rounds"][0]["scores"] == {"NS": 0, "EW": 81}
    assert sheet["rounds"][0]["held"] == 81
    assert sheet["totals"] == {"NS": 0, "EW": 81}
    assert sheet["held"] == 81
    # Next round: 90 + 10 = 100 > 62, made; NS collect the 81 held: 181.
    printed = add(cli, sid, [*SUD, "--trump", "hearts", "--points", "90", "--dix-de-der", "NS"])
    assert printed["round"]["scores"] == {"NS": 181, "EW": 62}
    assert printed["held"] == 0
    sheet = show(cli, sid)
    assert [r["scores"] for r in sheet["rounds"]] == [
        {"NS": 0, "EW": 81},
        {"NS": 181, "EW": 62},
    ]
    assert sheet["rounds"][1]["totals"] == {"NS": 181, "EW": 143}
    assert sheet["rounds"][1]["held"] == 0
    assert sheet["totals"] == {"NS": 181, "EW": 143}
    assert sheet["held"] == 0
    assert sheet["finished"] is False


def test_belote_two_litiges_add_up(cli) -> None:
    sid = new(cli, "belote", "--names", SEATS, *TEAMS)
    add(cli, sid, [*SUD, *LITIGE])
    add(cli, sid, [*SUD, *LITIGE])
    sheet = show(cli, sid)
    assert sheet["held"] == 162  # 81 + 81 wait for the next round
    assert sheet["totals"] == {"NS": 0, "EW": 162}
    add(cli, sid, [*SUD, "--trump", "hearts", "--points", "90", "--dix-de-der", "NS"])
    sheet = show(cli, sid)
    assert sheet["rounds"][-1]["scores"] == {"NS": 100 + 162, "EW": 62}
    assert sheet["held"] == 0


def test_belote_held_points_go_to_the_defence_when_the_next_taker_is_dedans(cli) -> None:
    sid = new(cli, "belote", "--names", SEATS, *TEAMS)
    add(cli, sid, [*SUD, *LITIGE])
    # NS 66 + 20 = 86 < EW 96: dedans; EW 162 + the 81 held = 243, NS their belote 20
    add(
        cli,
        sid,
        [*SUD, "--trump", "hearts", "--points", "66", "--dix-de-der", "EW", "--belote", "NS"],
    )
    sheet = show(cli, sid)
    assert sheet["rounds"][-1]["scores"] == {"NS": 20, "EW": 243}
    assert sheet["totals"] == {"NS": 20, "EW": 324}
    assert sheet["held"] == 0


# --------------------------------------------------------------------------------------------
# §2.2 Coinche (taker Sud, contract 100 in hearts unless said)

HEARTS_100 = ["--trump", "hearts", "--contract", "100"]
COINCHE_ROWS = [
    # Tt = 98 + 10 = 108 ≥ 100 and > 54: made, NS 108 + 100 = 208, EW 54
    pytest.param(
        "maison", [*HEARTS_100, "--points", "98", "--dix-de-der", "NS"], 208, 54, id="maison"
    ),
    # official: 108 → 110, + 100 = 210; 54 → 50
    pytest.param(
        "official", [*HEARTS_100, "--points", "98", "--dix-de-der", "NS"], 210, 50, id="official"
    ),
    # coinché: (160 + 100) × 2 = 520
    pytest.param(
        "maison",
        [*HEARTS_100, "--points", "98", "--dix-de-der", "NS", "--coinche"],
        520,
        0,
        id="coinche",
    ),
    # surcoinché: (160 + 100) × 4 = 1040
    pytest.param(
        "maison",
        [*HEARTS_100, "--points", "98", "--dix-de-der", "NS", "--surcoinche"],
        1040,
        0,
        id="surcoinche",
    ),
    # coinché, Tt = 80 < 100: fallen, EW (160 + 100) × 2 = 520
    pytest.param(
        "maison",
        [*HEARTS_100, "--points", "80", "--dix-de-der", "EW", "--coinche"],
        0,
        520,
        id="coinche-fallen",
    ),
    # capot contract made: 252 + 250 = 502
    pytest.param(
        "maison",
        [
            "--trump",
            "hearts",
            "--contract",
            "capot",
            "--points",
            "152",
            "--dix-de-der",
            "NS",
            "--capot",
            "NS",
        ],
        502,
        0,
        id="maison-capot",
    ),
    pytest.param(
        "maison",
        [
            "--trump",
            "coeur",
            "--contract",
            "250",
            "--points",
            "152",
            "--dix-de-der",
            "taker",
            "--capot",
            "taker",
        ],
        502,
        0,
        id="maison-capot-as-250",
    ),
    # official capot coinché: (250 + 250) × 2 = 1000
    pytest.param(
        "official",
        [
            "--trump",
            "hearts",
            "--contract",
            "capot",
            "--coinche",
            "--points",
            "152",
            "--dix-de-der",
            "NS",
            "--capot",
            "NS",
        ],
        1000,
        0,
        id="official-capot-coinche",
    ),
]


@pytest.mark.parametrize(("rules", "options", "ns", "ew"), COINCHE_ROWS)
def test_coinche_seed_002(cli, rules: str, options: list[str], ns: int, ew: int) -> None:
    sid = new(cli, "coinche", "--names", SEATS, *TEAMS, "--rules", rules)
    printed = add(cli, sid, [*SUD, *options])
    assert printed["round"]["scores"] == {"NS": ns, "EW": ew}
    sheet = show(cli, sid)
    assert sheet["game"] == "coinche"
    assert sheet["rules"] == rules
    assert_single_round(sheet, {"NS": ns, "EW": ew})
    assert sheet["held"] == 0


# --------------------------------------------------------------------------------------------
# §3 Rami (seed 003)

RAMI_ROWS = [
    # a hand of an ace, a joker and a five: 11 + 20 + 5 = 36
    pytest.param(3, ["--winner", "Ann", "--hand", "Bob=A JK 5", "--hand", "Cyd=12"],
                 {"Ann": 0, "Bob": 36, "Cyd": 12}, None, id="ace-joker-five-36"),
    pytest.param(3, ["--winner", "ann", "--hand", "bob=As Joker 5♥", "--hand", "Cyd=a,*,5"],
                 {"Ann": 0, "Bob": 36, "Cyd": 36}, None, id="ace-joker-five-spellings"),
    # French ranks, suit marks ignored: 10 + 11 + 10 + 10 + 10 = 51
    pytest.param(2, ["--winner", "Bob", "--hand", "Ann=10♥ As R D V"],
                 {"Ann": 51, "Bob": 0}, None, id="french-ranks-51"),
    # two players (target 100): never opened, 40 + 25 = 65 > 50 = half the target → 50
    pytest.param(2, ["--winner", "Ann", "--hand", "Bob=40", "--not-opened", "Bob"],
                 {"Ann": 0, "Bob": 50}, None, id="2p-never-opened-capped-50"),
    pytest.param(2, ["--winner", "Ann", "--hand", "Bob=A JK 5", "--not-opened", "Bob"],
                 {"Ann": 0, "Bob": 50}, None, id="2p-never-opened-36+25-capped"),
    # 20 + 25 = 45 ≤ 50: not capped
    pytest.param(2, ["--winner", "Ann", "--hand", "Bob=20", "--not-opened", "Bob"],
                 {"Ann": 0, "Bob": 45}, None, id="2p-never-opened-under-cap"),
    # four players: those who opened pay their hands, the one who never opened 80 + 25 → 100
    pytest.param(4, ["--winner", "Ann", "--hand", "Bob=A JK 5", "--hand", "Cyd=R D V 10",
                     "--hand", "Dan=80", "--not-opened", "Dan"],
                 {"Ann": 0, "Bob": 36, "Cyd": 40, "Dan": 100}, None, id="4p-never-opened-100"),
    # 75 + 25 = 100 exactly
    pytest.param(4, ["--winner", "Cyd", "--hand", "Ann=5", "--hand", "Bob=9",
                     "--hand", "Dan=75", "--not-opened", "Dan"],
                 {"Ann": 5, "Bob": 9, "Cyd": 0, "Dan": 100}, None, id="4p-exactly-100"),
    # rami sec with three players: both opponents pay 200, which reaches the target of a
    # 3-player game (200): the game is over and the winner (0) has the lowest total
    pytest.param(3, ["--winner", "Ann", "--rami-sec"],
                 {"Ann": 0, "Bob": 200, "Cyd": 200}, "Ann", id="rami-sec"),
    pytest.param(3, ["--winner", "Bob", "--rami-sec", "--hand", "Ann=5", "--hand", "Cyd=JK JK"],
                 {"Ann": 200, "Bob": 0, "Cyd": 200}, "Bob", id="rami-sec-hands-given"),
    # blocked: the least hand (Bob, 7) scores 0, the others their hands
    pytest.param(3, ["--blocked", "--hand", "Ann=12", "--hand", "Bob=7", "--hand", "Cyd=30"],
                 {"Ann": 12, "Bob": 0, "Cyd": 30}, None, id="blocked"),
    # blocked, tied for least: both score 0 (choice)
    pytest.param(3, ["--blocked", "--hand", "Ann=7", "--hand", "Bob=7", "--hand", "Cyd=30"],
                 {"Ann": 0, "Bob": 0, "Cyd": 30}, None, id="blocked-tie"),
    # blocked, never-opened penalty included: 30 + 25 = 55 (target 200: cap 100)
    pytest.param(3, ["--blocked", "--hand", "Ann=12", "--hand", "Bob=7", "--hand", "Cyd=30",
                     "--not-opened", "Cyd"],
                 {"Ann": 12, "Bob": 0, "Cyd": 55}, None, id="blocked-never-opened"),
]  # fmt: skip


@pytest.mark.parametrize(("players", "options", "scores", "winner"), RAMI_ROWS)
def test_rami_seed_003(
    cli, players: int, options: list[str], scores: dict[str, int], winner: str | None
) -> None:
    sid = new(cli, "rami", "--names", ",".join(TAROT4[:players]))
    printed = add(cli, sid, options)
    assert printed["round"]["scores"] == scores
    sheet = show(cli, sid)
    assert sheet["game"] == "rami"
    assert sheet["rules"] == "standard"
    assert_single_round(sheet, scores, winner)
    assert printed["finished"] is (winner is not None)
    assert printed["winner"] == winner


# --------------------------------------------------------------------------------------------
# The documented JSON

DESIGN_KEYS = {
    "id",
    "game",
    "rules",
    "params",
    "title",
    "columns",
    "rounds",
    "totals",
    "held",
    "finished",
    "winner",
}
README_KEYS = DESIGN_KEYS | {"players", "teams", "created", "updated", "next_dealer", "next_mort"}
ROUND_KEYS = {"number", "dealer", "mort", "input", "scores", "totals", "breakdown", "held"}


@pytest.mark.parametrize(
    ("game", "names", "options", "columns"),
    [
        ("tarot", "Ann,Bob,Cyd,Dan", ["--taker", "Bob", "--contract", "garde", "--bouts", "2",
                                      "--points", "49"], ["Ann", "Bob", "Cyd", "Dan"]),
        ("belote", SEATS, ["--taker", "Sud", "--trump", "hearts", "--points", "82",
                           "--dix-de-der", "taker"], ["Sud & Nord", "Est & Ouest"]),
        ("coinche", SEATS, ["--taker", "Sud", "--trump", "ta", "--contract", "80",
                            "--points", "82", "--dix-de-der", "taker"],
         ["Sud & Nord", "Est & Ouest"]),
        ("rami", "Ann,Bob", ["--winner", "Ann", "--hand", "Bob=12"], ["Ann", "Bob"]),
    ],
)  # fmt: skip
def test_show_json_has_every_documented_key(
    cli, game: str, names: str, options: list[str], columns: list[str]
) -> None:
    sid = new(cli, game, "--names", names, "--title", "Soirée du 30")
    printed = add(cli, sid, options)
    sheet = show(cli, sid)
    assert set(sheet) >= README_KEYS
    assert sheet["id"] == sid
    assert sheet["game"] == game
    assert isinstance(sheet["rules"], str)
    assert isinstance(sheet["params"], dict) and sheet["params"]
    assert sheet["title"] == "Soirée du 30"
    assert sheet["players"] == names.split(",")
    assert sheet["columns"] == columns
    assert sheet["teams"] == (columns if game in ("belote", "coinche") else [])
    assert isinstance(sheet["created"], str) and isinstance(sheet["updated"], str)
    assert isinstance(sheet["held"], int)
    assert sheet["finished"] is False
    assert sheet["winner"] is None
    assert sheet["next_dealer"] == names.split(",")[1]
    assert sheet["next_mort"] is None
    (row,) = sheet["rounds"]
    assert set(row) >= ROUND_KEYS
    assert row["number"] == 1
    assert row["dealer"] == names.split(",")[0]
    assert row["mort"] is None
    assert isinstance(row["input"], dict) and row["input"]
    assert list(row["scores"]) == columns
    assert list(row["totals"]) == columns
    assert list(sheet["totals"]) == columns
    assert all(type(v) is int for v in row["scores"].values())
    assert all(type(v) is int for v in sheet["totals"].values())
    assert row["breakdown"] and all(isinstance(line, str) for line in row["breakdown"])
    # `add --json` printed the same round and totals
    assert {"round", "totals", "held", "finished", "winner"} <= set(printed)
    assert printed["round"] == row
    assert printed["totals"] == sheet["totals"]
    assert printed["held"] == sheet["held"]
    assert printed["finished"] is False
    assert printed["winner"] is None


def test_show_json_before_any_round(cli) -> None:
    sid = new(cli, "tarot", "--names", "Zoé,Bob,Cyd,Dan")
    sheet = show(cli, sid)
    assert set(sheet) >= DESIGN_KEYS
    assert sheet["rounds"] == []
    assert sheet["totals"] == {"Zoé": 0, "Bob": 0, "Cyd": 0, "Dan": 0}
    assert sheet["held"] == 0
    assert sheet["finished"] is False
    assert sheet["winner"] is None
    assert sheet["next_dealer"] == "Zoé"


def test_add_without_json_prints_the_round_and_totals(cli) -> None:
    sid = new(cli, "tarot", "--names", ",".join(TAROT4))
    result = cli("add", sid, "--taker", "Ann", "--contract", "garde", "--bouts", "2")
    assert result.code == 2  # the points are missing
    result = cli(
        "add", sid, "--taker", "Ann", "--contract", "garde", "--bouts", "2", "--points", "49"
    )
    assert result.code == 0, result.err
    assert result.err == ""
    # (25 + 8) × 2 = 66 per defender, the taker 3 × 66 = 198
    lines = [" ".join(line.replace("│", " ").split()) for line in result.out.splitlines()]
    assert "garde: (25 + 8) × 2 = +66" in lines
    assert "→ Ann +198 (3 × 66), Bob -66, Cyd -66, Dan -66" in lines
    # the totals table: rank, player, total
    assert [line for line in lines if line[:1].isdigit()] == [
        "1 Ann 198",
        "2 Bob -66",
        "3 Cyd -66",
        "4 Dan -66",
    ]


# --------------------------------------------------------------------------------------------
# Other rounds computed by hand from the text of the rules

NS_EW = ("NS", "EW")
TEXT_ROWS = [
    # §2.1 dedans: the defence scores the round 162 + every announcement of both teams;
    # NS 60 + 20 = 80 < EW 92 + 10 + 50 = 152 → EW 162 + 20 + 50 = 232
    pytest.param(("belote", "--names", SEATS, *TEAMS),
                 [*SUD, "--trump", "hearts", "--points", "60", "--dix-de-der", "EW",
                  "--announce", "NS:20", "--announce", "EW:50"],
                 dict(zip(NS_EW, (0, 232), strict=True)), id="belote-dedans-announcements"),
    # §2.1 litige = off: a tie counts as dedans, EW 162
    pytest.param(("belote", "--names", SEATS, *TEAMS, "--set", "litige=off"),
                 [*SUD, *LITIGE], dict(zip(NS_EW, (0, 162), strict=True)),
                 id="belote-litige-off"),
    # §2.2 a capot made on a 100 contract: made, 252 + 100 = 352
    pytest.param(("coinche", "--names", SEATS, *TEAMS),
                 [*SUD, *HEARTS_100, "--points", "152", "--dix-de-der", "NS", "--capot", "NS"],
                 dict(zip(NS_EW, (352, 0), strict=True)), id="coinche-capot-on-100"),
    # official: a made capot counts 250 → 250 + 100 = 350
    pytest.param(("coinche", "--names", SEATS, *TEAMS, "--rules", "official"),
                 [*SUD, *HEARTS_100, "--points", "152", "--dix-de-der", "NS", "--capot", "NS"],
                 dict(zip(NS_EW, (350, 0), strict=True)), id="coinche-official-capot-on-100"),
    # a tie is a fall: Tt = 71 + 10 = 81 = Td (81 ≥ 80 but not ahead) → EW 160 + 80 = 240
    pytest.param(("coinche", "--names", SEATS, *TEAMS),
                 [*SUD, "--trump", "hearts", "--contract", "80", "--points", "71",
                  "--dix-de-der", "NS"],
                 dict(zip(NS_EW, (0, 240), strict=True)), id="coinche-tie-falls"),
    # coinché made with belote: Tt = 88 + 10 + 20 = 118 → (160 + 100) × 2 + 20 = 540
    pytest.param(("coinche", "--names", SEATS, *TEAMS),
                 [*SUD, *HEARTS_100, "--coinche", "--points", "88", "--dix-de-der", "NS",
                  "--belote", "NS"],
                 dict(zip(NS_EW, (540, 0), strict=True)), id="coinche-made-with-belote"),
    # générale made: the taker's capot, 252 + 500 = 752
    pytest.param(("coinche", "--names", SEATS, *TEAMS),
                 [*SUD, "--trump", "hearts", "--contract", "generale", "--generale-made"],
                 dict(zip(NS_EW, (752, 0), strict=True)), id="coinche-generale-made"),
    # official rounding, 5 up: Tt = 75 + 10 = 85 → 90, + 80 = 170; EW 77 → 80
    pytest.param(("coinche", "--names", SEATS, *TEAMS, "--rules", "official"),
                 [*SUD, "--trump", "hearts", "--contract", "80", "--points", "75",
                  "--dix-de-der", "NS"],
                 dict(zip(NS_EW, (170, 80), strict=True)), id="coinche-official-85-rounds-up"),
    # sans atout under maison: cards 120; Tt = 70 + 10 = 80 ≥ 80 > 50 → 160, EW 50
    pytest.param(("coinche", "--names", SEATS, *TEAMS),
                 [*SUD, "--trump", "sa", "--contract", "80", "--points", "70",
                  "--dix-de-der", "NS"],
                 dict(zip(NS_EW, (160, 50), strict=True)), id="coinche-sans-atout"),
    # tout atout: cards 152; Tt = 82 + 10 = 92 ≥ 90 > 70 → 182, EW 70
    pytest.param(("coinche", "--names", SEATS, *TEAMS),
                 [*SUD, "--trump", "tout-atout", "--contract", "90", "--points", "82",
                  "--dix-de-der", "NS"],
                 dict(zip(NS_EW, (182, 70), strict=True)), id="coinche-tout-atout"),
    # §1.3 renonce: 34 points → R = 30; Ann -30 × 3, the others +30
    pytest.param(("tarot", "--names", "Ann,Bob,Cyd,Dan", "--rules", "maison"),
                 ["--taker", "Ann", "--contract", "renonce", "--points", "34"],
                 {"Ann": -90, "Bob": 30, "Cyd": 30, "Dan": 30}, id="maison-renonce"),
    # §1.3 with a called partner (not zero-sum): garde made by 15 → s = 20, A = 60
    pytest.param(("tarot", "--names", "Ann,Bob,Cyd,Dan,Eve", "--rules", "maison"),
                 ["--taker", "Ann", "--called", "Bob", "--contract", "garde", "--bouts", "2",
                  "--points", "56"],
                 {"Ann": 180, "Bob": 60, "Cyd": -60, "Dan": -60, "Eve": -60},
                 id="maison-5p-called"),
    # §1.2 5 players with a partner: prise made by 4 → 29; taker 2X, partner X
    pytest.param(("tarot", "--names", "Ann,Bob,Cyd,Dan,Eve"),
                 ["--taker", "Ann", "--called", "Cyd", "--contract", "prise", "--bouts", "0",
                  "--points", "60"],
                 {"Ann": 58, "Bob": -29, "Cyd": 29, "Dan": -29, "Eve": -29},
                 id="fft-5p-called"),
    # §1.2 passe: nobody scores
    pytest.param(("tarot", "--names", "Ann,Bob,Cyd"), ["--contract", "passe"],
                 {"Ann": 0, "Bob": 0, "Cyd": 0}, id="fft-passe"),
]  # fmt: skip


@pytest.mark.parametrize(("setup", "options", "scores"), TEXT_ROWS)
def test_rules_text_examples(cli, setup: tuple[str, ...], options, scores) -> None:
    sid = new(cli, *setup)
    printed = add(cli, sid, options)
    assert printed["round"]["scores"] == scores
    assert_single_round(show(cli, sid), scores)
