"""Tarot amendments of the second round of work (issue 10, points 1, 2 and 8).

1. a typed name that is exactly a player's is that player, among every player: the mort's
   name is refused, never read as the prefix of another player's name;
2. taker's points, bouts, petit au bout and chelem that cannot happen together are refused,
   while a session file that already holds such a round still loads and scores as before;
3. ``cardscore rules tarot --rules maison`` says the three surprises of the maison scoring.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from cardscore import store
from cardscore.games.base import InputError, Table
from cardscore.games.tarot import GAME, PRESETS, TarotParams
from cardscore.session import Session

FFT, MAISON = PRESETS["fft"], PRESETS["maison"]
# round 1: Jean deals, so Jean is the mort and Jean-Luc plays
JEANS = ("Jean", "Jean-Luc", "Cyd", "Dan", "Eve", "Fay")
GARDE = {"contract": "garde", "bouts": "2", "points": "49"}
FOUR = ("Ann", "Bob", "Cyd", "Dan")


def build(raw: dict, players=JEANS, params: TarotParams = FFT, number: int = 1) -> dict:
    return GAME.build_round(raw, Table("tarot", tuple(players), params), number)


def refused(raw: dict, players=FOUR, params=FFT, number=1) -> str:
    with pytest.raises(InputError) as caught:
        build(raw, players, params, number)
    text = str(caught.value)
    assert "\n" not in text
    return text


def one_line_refusal(result, *fragments: str, prefix: str = "cardscore: error: ") -> None:
    assert result.code == 2, (result.code, result.out, result.err)
    assert "Traceback" not in result.err + result.out
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith(prefix), lines[0]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


# --------------------------------------------------------------------------------------------
# Point 1: an exact name wins over a prefix, among all players

MORT_NAMED = [
    pytest.param(FFT, {"taker": "Jean"}, "--taker", id="taker"),
    pytest.param(FFT, {"taker": "Cyd", "called": "Jean"}, "--called", id="called"),
    pytest.param(FFT, {"taker": "Cyd", "called": "JEAN"}, "--called", id="called-upper-case"),
    pytest.param(FFT, {"taker": "Cyd", "called": "Jéan"}, "--called", id="called-accent"),
    pytest.param(FFT, {"taker": "Cyd", "petit_au_bout": "jean"}, "--petit-au-bout",
                 id="petit-au-bout"),
    pytest.param(FFT, {"taker": "Cyd", "poignee": ["Jean:double"]}, "--poignee", id="poignee"),
    pytest.param(FFT, {"taker": "Cyd", "poignee": ["Jean"]}, "--poignee", id="poignee-simple"),
    pytest.param(MAISON, {"taker": "Cyd", "misere": ["Jean"]}, "--misere", id="misere"),
]  # fmt: skip


@pytest.mark.parametrize(("params", "names", "option"), MORT_NAMED)
def test_exact_name_of_the_mort_is_refused_not_read_as_a_prefix(
    params: TarotParams, names: dict, option: str
) -> None:
    text = refused({**GARDE, **names}, JEANS, params)
    assert text.startswith(f"{option}: Jean is the mort this round"), text
    assert "Jean-Luc" not in text


def test_jean_is_jean_and_jean_luc_is_jean_luc_whoever_is_the_mort() -> None:
    # round 1: Jean is the mort, his name is not Jean-Luc's
    text = refused({**GARDE, "taker": "Cyd", "called": "jean"}, JEANS)
    assert text.startswith("--called: Jean is the mort this round"), text
    # round 2: Jean-Luc deals and is the mort; Jean is Jean, and Jean-Luc is refused
    inp = build({**GARDE, "taker": "Cyd", "called": "jean", "petit_au_bout": "JEAN"}, number=2)
    assert (inp["called"], inp["petit_au_bout"]) == ("Jean", "Jean")
    text = refused({**GARDE, "taker": "Cyd", "called": "jean-luc"}, JEANS, number=2)
    assert text.startswith("--called: Jean-Luc is the mort this round"), text
    # no exact name: a prefix is read among the players of the round only (Jean-Luc)
    assert build({**GARDE, "taker": "Cyd", "called": "je"})["called"] == "Jean-Luc"
    assert build({**GARDE, "taker": "Cyd", "called": "jean-l"})["called"] == "Jean-Luc"


def test_find_player_exact_name_outside_among_is_refused_not_read_as_a_prefix() -> None:
    # the rule lives in Table.find_player, for every game and every caller that gives among
    table = Table("rami", ("Jean", "Jean-Luc", "Cyd"), None)
    with pytest.raises(InputError) as caught:
        table.find_player("jean", what="--winner", among=("Jean-Luc", "Cyd"))
    text = str(caught.value)
    assert text.startswith("--winner: Jean ") and "Jean-Luc" not in text.partition("(")[0]
    assert table.find_player("jean", what="--winner") == "Jean"
    assert table.find_player("jean-l", what="--winner") == "Jean-Luc"
    assert table.find_player("je", what="--winner", among=("Jean-Luc", "Cyd")) == "Jean-Luc"


CLI_MORT_NAMED = [
    pytest.param(["--taker", "Jean"], "--taker", id="taker"),
    pytest.param(["--taker", "Cyd", "--called", "Jean"], "--called", id="called"),
    pytest.param(["--taker", "Cyd", "--petit-au-bout", "jean"], "--petit-au-bout",
                 id="petit-au-bout"),
    pytest.param(["--taker", "Cyd", "--poignee", "Jean:double"], "--poignee", id="poignee"),
    pytest.param(["--taker", "Cyd", "--misere", "Jean"], "--misere", id="misere"),
]  # fmt: skip


@pytest.mark.parametrize(("options", "option"), CLI_MORT_NAMED)
def test_cli_exact_name_of_the_mort_is_refused_and_nothing_saved(
    cli, sessions, options: list[str], option: str
) -> None:
    created = cli("new", "tarot", "--names", ",".join(JEANS), "--rules", "maison", "--no-play")
    assert created.code == 0, created.err
    sid = created.out.strip()
    before = sessions()
    round_options = [*options, "--contract", "garde", "--bouts", "2", "--points", "49"]
    one_line_refusal(cli("add", sid, *round_options), f"{option}: Jean is the mort this round")
    one_line_refusal(
        cli("--lang", "fr", "add", sid, *round_options),
        f"{option} : Jean est le mort de cette donne",
        prefix="cardscore : erreur : ",
    )
    assert sessions() == before
    assert cli("show", sid, "--json").json()["rounds"] == []


# --------------------------------------------------------------------------------------------
# Point 2: impossible points, bouts, petit au bout and chelems are refused

ANN = {"taker": "Ann", "contract": "garde"}
HALF = dataclasses.replace(FFT, half_points=False)  # fft scoring, half points dropped
# (bouts, lowest points, highest points, lowest points accepted); half a point past either
# end accepted is refused. A count is judged as counted, half points included; where half
# points are dropped, the keeper may have dropped a count's half before typing it: a whole
# number one half below the lowest is that count (8 typed for 8.5 with 2 bouts).
_COUNTED = [(0, 0, 78, 0), (1, 4, 82.5, 4), (2, 8.5, 87, 8.5), (3, 13, 91, 13)]
_DROPPED = [(0, 0, 78, 0), (1, 4, 82.5, 4), (2, 8.5, 87, 8), (3, 13, 91, 13)]
BOUNDS = {
    "fft": (FFT, 0.5, _COUNTED),
    "maison": (MAISON, 0.5, _DROPPED),
    "fft without half points": (HALF, 0.5, _DROPPED),
}


def _points(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value).replace(".", ",")


@pytest.mark.parametrize("rules", list(BOUNDS))
def test_taker_points_impossible_with_his_bouts_are_refused(rules: str) -> None:
    params, step, bounds = BOUNDS[rules]
    for bouts, low, high, lowest in bounds:
        for points in (lowest, low, high):
            raw = {**ANN, "bouts": str(bouts), "points": _points(points)}
            assert build(raw, FOUR, params)["points"] == points
        for points in (lowest - step, high + step):
            if not 0 <= points <= 91:
                continue  # out of range whatever the bouts
            raw = {**ANN, "bouts": str(bouts), "points": _points(points)}
            text = refused(raw, params=params)
            assert text.startswith(f"--points: {points:g} is impossible"), text
            assert f"{low:g} to {high:g}" in text, text
            assert "4.5" in text  # why: each bout is worth 4.5 points


@pytest.mark.parametrize(
    ("params", "bouts", "defense", "low", "high"),
    [
        # the taker has 8.5 to 87 with 2 bouts: the defence 4 to 82.5
        pytest.param(FFT, 2, "83", 4, 82.5, id="fft-2-bouts-83"),
        pytest.param(FFT, 2, "3,5", 4, 82.5, id="fft-2-bouts-3.5"),
        # the taker has at least 13 with 3 bouts: the defence at most 78
        pytest.param(FFT, 3, "78,5", 0, 78, id="fft-3-bouts-78.5"),
        pytest.param(MAISON, 3, "78,5", 0, 78, id="maison-3-bouts-78.5"),
        # the taker has at most 78 with no bout: the defence at least 13
        pytest.param(FFT, 0, "12,5", 13, 91, id="fft-0-bouts-12.5"),
        pytest.param(MAISON, 1, "8", 8.5, 87, id="maison-1-bout-8"),
    ],
)
def test_defense_points_impossible_are_refused_in_defence_terms(
    params: TarotParams, bouts: int, defense: str, low: float, high: float
) -> None:
    raw = {**ANN, "bouts": str(bouts), "defense_points": defense}
    text = refused(raw, params=params)
    typed = defense.replace(",", ".")
    assert text.startswith(f"--defense-points: {typed} is impossible"), text
    assert f"the defence has {low:g} to {high:g} points" in text, text
    # the ends of that range are accepted
    for end in (low, high):
        inp = build({**raw, "defense_points": _points(end)}, FOUR, params)
        assert inp["points"] == 91 - end


@pytest.mark.parametrize("chelem", ["announced", "unannounced"])
def test_made_chelem_with_the_petit_au_bout_on_the_defence_is_refused(chelem: str) -> None:
    five = ("Ann", "Bob", "Cyd", "Dan", "Eve")
    raw = {**ANN, "called": "Bob", "bouts": "3", "points": "91", "chelem": chelem}
    text = refused({**raw, "petit_au_bout": "Cyd"}, five)
    assert text.startswith("--chelem"), text
    assert "--petit-au-bout" in text and "Cyd" in text
    # the taker's side may have it: the taker or his partner
    assert build({**raw, "petit_au_bout": "Bob"}, five)["petit_au_bout"] == "Bob"
    assert build({**raw, "petit_au_bout": "Ann"}, five)["petit_au_bout"] == "Ann"


def test_defence_chelem_leaves_the_taker_at_most_the_excuse() -> None:
    five = ("Ann", "Bob", "Cyd", "Dan", "Eve")
    base = {**ANN, "called": "Bob", "chelem": "defense"}
    # at most 1 bout (9 points are possible with 2 bouts, but not when the defence took all)
    text = refused({**base, "bouts": "2", "points": "9"}, five)
    assert text.startswith("--chelem") and "--bouts" in text and "1 bout" in text, text
    # at most 4.5 points as counted (maison drops the half only for the score), in the
    # terms typed
    for params in (FFT, MAISON):
        text = refused({**base, "bouts": "1", "points": "5"}, five, params)
        assert text.startswith("--chelem") and "--points" in text and "4.5" in text, text
    assert build({**base, "bouts": "1", "points": "4,5"}, five, MAISON)["points"] == 4.5
    text = refused({**base, "bouts": "0", "defense_points": "86"}, five)
    assert text.startswith("--chelem") and "--defense-points" in text and "86.5" in text, text
    # the petit au bout cannot be on the taker's side: neither the taker's nor his partner's
    for holder in ("Ann", "Bob"):
        text = refused({**base, "bouts": "1", "points": "4", "petit_au_bout": holder}, five)
        assert text.startswith("--chelem") and "--petit-au-bout" in text and holder in text
    # what can happen is accepted
    inp = build({**base, "bouts": "1", "points": "4,5", "petit_au_bout": "Cyd"}, five)
    assert (inp["bouts"], inp["points"], inp["petit_au_bout"]) == (1, 4.5, "Cyd")
    assert build({**base, "bouts": "0", "defense_points": "91"}, five)["points"] == 0


OLD_FILE_ROUNDS = [
    # 3 bouts and 12.5 points: garde lost by 23.5 → -(25 + 24) × 2 = -98
    {"taker": "Ann", "contract": "garde", "called": None, "bouts": 3, "points": 12.5,
     "petit_au_bout": None, "poignees": [], "miseres": [], "chelem": None},
    # no bout and 79 points: prise made by 23 → 48
    {"taker": "Bob", "contract": "prise", "called": None, "bouts": 0, "points": 79,
     "petit_au_bout": None, "poignees": [], "miseres": [], "chelem": None},
    # a chelem of the defence with 2 bouts and 30 points: -(25 + 11) × 2 - 200 = -272
    {"taker": "Cyd", "contract": "garde", "called": None, "bouts": 2, "points": 30,
     "petit_au_bout": None, "poignees": [], "miseres": [], "chelem": "defense"},
    # a made chelem with the petit au bout of a defender: (25 + 55) × 2 - 20 + 200 = 340
    {"taker": "Dan", "contract": "garde", "called": None, "bouts": 3, "points": 91,
     "petit_au_bout": "Ann", "poignees": [], "miseres": [], "chelem": "unannounced"},
]  # fmt: skip


def test_old_file_with_now_impossible_rounds_loads_and_scores_as_before(home: Path) -> None:
    data = {
        "schema_version": 1,
        "id": "0ld123",
        "game": "tarot",
        "rules": "fft",
        "params": dataclasses.asdict(FFT),
        "players": ["Ann", "Bob", "Cyd", "Dan"],
        "teams": [],
        "title": "Before the amendments",
        "created": "2026-11-30T10:24:08+00:00",
        "updated": "2026-11-30T10:24:09+00:00",
        "rounds": OLD_FILE_ROUNDS,
        "undone": [],
    }
    folder = home / "sessions"
    folder.mkdir(parents=True)
    (folder / "0ld123.json").write_text(json.dumps(data), "utf-8")
    session = store.load("0ld123")
    standings = session.standings()
    assert [dict(row.scores) for row in standings.rows] == [
        {"Ann": -294, "Bob": 98, "Cyd": 98, "Dan": 98},
        {"Ann": -48, "Bob": 144, "Cyd": -48, "Dan": -48},
        {"Ann": 272, "Bob": 272, "Cyd": -816, "Dan": 272},
        {"Ann": -340, "Bob": -340, "Cyd": -340, "Dan": 1020},
    ]
    assert dict(standings.totals) == {"Ann": -410, "Bob": 174, "Cyd": -1106, "Dan": 1342}
    # ... while each of these rounds, typed today, is refused (input is validated, the
    # replay of stored rounds is not)
    for number, inp in enumerate(OLD_FILE_ROUNDS, 1):
        raw = {
            "taker": inp["taker"],
            "contract": inp["contract"],
            "bouts": str(inp["bouts"]),
            "points": str(inp["points"]),
            "petit_au_bout": inp["petit_au_bout"],
            "chelem": inp["chelem"],
        }
        with pytest.raises(InputError):
            GAME.build_round(raw, session.table(), number)


def test_old_file_through_a_session_object_keeps_its_scores() -> None:
    session = Session.from_dict(
        {
            "schema_version": 1,
            "id": "0ld456",
            "game": "tarot",
            "rules": "fft",
            "params": dataclasses.asdict(FFT),
            "players": ["Ann", "Bob", "Cyd", "Dan"],
            "teams": [],
            "title": "",
            "created": "2026-11-30T10:24:08+00:00",
            "updated": "2026-11-30T10:24:09+00:00",
            "rounds": OLD_FILE_ROUNDS[:1],
            "undone": [],
        }
    )
    assert dict(session.standings().totals) == {"Ann": -294, "Bob": 98, "Cyd": 98, "Dan": 98}
    with pytest.raises(InputError, match=r"--points: 12\.5 is impossible"):
        session.build({"taker": "Ann", "contract": "garde", "bouts": "3", "points": "12,5"})


# --------------------------------------------------------------------------------------------
# Point 8: maison tarot's three surprises are said by `cardscore rules tarot --rules maison`

SURPRISES_EN = [
    "At 5 and 6 players the called partner's score is taken from nobody: the round's scores "
    "do not sum to zero.",
    "An announced chelem that fails turns the round into a loss, even when the contract is made.",
    "A chelem taken by the defence scores like an announced chelem that failed (a choice of "
    "these rules): 200 more per opponent, and the round is lost.",
]
SURPRISES_FR = [
    "À 5 et 6 joueurs, le score du partenaire n'est pris à personne : le total de la donne "
    "n'est pas nul.",
    "Un chelem annoncé qui chute fait perdre la donne, même si le contrat est réussi.",
    "Un chelem de la défense compte comme un chelem annoncé qui chute (un choix de ces "
    "règles) : 200 de plus par adversaire, et la donne est perdue.",
]


def test_rules_tarot_maison_says_its_three_surprises(cli) -> None:
    result = cli("rules", "tarot", "--rules", "maison")
    assert result.code == 0, result.err
    text = " ".join(result.out.split())
    for sentence in SURPRISES_EN:
        assert sentence in text, sentence
    # not the fft rules: they have none of these
    fft = " ".join(cli("rules", "tarot", "--rules", "fft").out.split())
    assert not any(sentence in fft for sentence in SURPRISES_EN)


def test_rules_tarot_maison_says_its_three_surprises_in_french(cli) -> None:
    result = cli("--lang", "fr", "rules", "tarot", "--rules", "maison")
    assert result.code == 0, result.err
    text = " ".join(result.out.split())
    for sentence in SURPRISES_FR:
        assert sentence in text, sentence


def test_maison_scoring_does_what_the_rules_say() -> None:
    """The three sentences, in numbers (5 players, Ann takes a garde and calls Bob)."""
    five = Table("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve"), MAISON)
    summary = " ".join(GAME.summary(MAISON))
    for sentence in SURPRISES_EN:
        assert sentence in summary, sentence

    def scores(**raw: str) -> dict[str, int]:
        inp = GAME.build_round({**ANN, "called": "Bob", **raw}, five, 1)
        return dict(GAME.score(inp, five, 1, None).scores)

    # (a) made by 9 → A = 40 + 10 = 50: the taker +3A, Bob +A, three defenders -A; sum +50
    made = scores(bouts="2", points="50")
    assert made == {"Ann": 150, "Bob": 50, "Cyd": -50, "Dan": -50, "Eve": -50}
    assert sum(made.values()) == 50
    # (b) the same points, a chelem announced and failed: A = 50 + 200, lost
    failed = scores(bouts="2", points="50", chelem="failed")
    assert failed == {"Ann": -750, "Bob": -250, "Cyd": 250, "Dan": 250, "Eve": 250}
    # (c) the defence's chelem, 1 bout and 4 points: lost by 47 → A = 40 + 50 + 200 = 290,
    # exactly what an announced chelem failed with the same cards gives
    defence = scores(bouts="1", points="4", chelem="defense")
    assert defence == {"Ann": -870, "Bob": -290, "Cyd": 290, "Dan": 290, "Eve": 290}
    assert defence == scores(bouts="1", points="4", chelem="failed")
