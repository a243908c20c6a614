"""The tarot rules core (docs/rules.md, Tarot): worked examples, hand-computed rounds, bad
inputs and properties over generated rounds."""

from __future__ import annotations

import dataclasses
import json
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscore.games import get_game
from cardscore.games.base import InputError, Table
from cardscore.games.tarot import (
    GAME,
    PRESETS,
    TarotParams,
    contracts,
    convert,
    poignee_kinds,
    poignee_sizes,
)

NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")
FFT, MAISON = PRESETS["fft"], PRESETS["maison"]


def table(n: int, params: TarotParams = FFT) -> Table:
    return Table("tarot", NAMES[:n], params)


def play(raw: dict, n: int = 4, params: TarotParams = FFT, number: int = 1) -> dict[str, int]:
    """Build then score a round typed as strings; returns every column's score."""
    t = table(n, params)
    inp = GAME.build_round(raw, t, number)
    result = GAME.score(inp, t, number, None)
    assert set(result.scores) == set(t.players)
    assert all(type(v) is int for v in result.scores.values())
    return dict(result.scores)


def each(**scores: int) -> dict[str, int]:
    return scores


# --------------------------------------------------------------------------------------------
# Worked examples of docs/rules.md (mandatory)

SEED_001 = [  # 4 players, Ann takes; (round, taker's score, each defender's)
    (
        dict(contract="garde", bouts="2", points="49", poignee=["Ann"], petit_au_bout="Ann"),
        318,
        -106,
    ),
    # garde sans made by 4 (45 with 2 bouts), petit au bout by the defence
    (dict(contract="garde sans", bouts="2", points="45", petit_au_bout="bob"), 228, -76),
    # prise lost by 7 (44 with 1 bout), taker's poignée, petit au bout by the taker
    (dict(contract="prise", bouts="1", points="44", poignee="Ann", petit_au_bout="Ann"), -126, 42),
    # garde made by 11 (52 with 2 bouts), a defender's simple poignée
    (dict(contract="garde", bouts="2", points="52", poignee=["Cyd:simple"]), 276, -92),
    (
        dict(
            contract="garde",
            bouts="2",
            points="87",
            chelem="annoncé",
            poignee=["Ann"],
            petit_au_bout="Ann",
        ),
        1746,
        -582,
    ),
]


@pytest.mark.parametrize(("raw", "taker", "defender"), SEED_001)
def test_seed_001_fft_examples(raw: dict, taker: int, defender: int) -> None:
    scores = play({"taker": "Ann", **raw})
    assert scores == {"Ann": taker, "Bob": defender, "Cyd": defender, "Dan": defender}


def test_seed_000_maison_example() -> None:
    raw = dict(taker="Bob", contract="garde", bouts="2", points="67", poignee=["Dan"])
    assert play(raw, 4, MAISON) == each(Ann=-80, Bob=200, Cyd=-80, Dan=-40)


def test_seed_001_breakdown_explains_every_number() -> None:
    t = table(4)
    raw = dict(
        taker="Ann", contract="garde", bouts="2", points="49", poignee="Ann", petit_au_bout="Ann"
    )
    lines = GAME.score(GAME.build_round(raw, t, 1), t, 1, None).breakdown
    assert lines == (
        "Ann: 49 points, 2 bouts → 41 needed, made by 8",
        "garde: (25 + 8) × 2 = +66",
        "petit au bout (Ann): 10 × 2 = +20",
        "poignée simple (Ann): +20",
        "per defender: 66 + 20 + 20 = 106",
        "→ Ann +318 (3 × 106), Bob -106, Cyd -106, Dan -106",
    )


def test_seed_000_breakdown() -> None:
    t = table(4, MAISON)
    raw = dict(taker="Bob", contract="garde", bouts="2", points="67", poignee=["Dan"])
    lines = GAME.score(GAME.build_round(raw, t, 1), t, 1, None).breakdown
    assert lines == (
        "Bob: 67 points, 2 bouts → 41 needed, made by 26 → surplus 30",
        "garde: 40 + surplus 30 = 70 per opponent, made",
        "→ Ann -70, Bob +210 (3 × 70), Cyd -70, Dan -70",
        "poignée simple (Dan): +30 (3 × 10), -10 to each other player",
        "= Ann -80, Bob +200, Cyd -80, Dan -40",
    )


# --------------------------------------------------------------------------------------------
# Rounds computed by hand from the rules

DOUBLE_COUNTS = dataclasses.replace(MAISON, double_bonus_counts_double=True)
FFT_MISERES = dataclasses.replace(FFT, miseres=True)

HAND = [
    # fft, 3 players: garde made by 9 → (25 + 9) × 2 = 68, taker 2X
    ("fft 3p", 3, FFT, 1, dict(taker="A", contract="garde", bouts="1", points="60"),
     each(Ann=136, Bob=-68, Cyd=-68)),
    # fft, 3 players: a triple poignée, prise juste fait: 25 + 40 = 65
    ("fft 3p triple", 3, FFT, 1,
     dict(taker="Ann", contract="prise", bouts="3", points="36", poignee="Bob:triple"),
     each(Ann=130, Bob=-65, Cyd=-65)),
    # fft, 5 players with a partner: prise made by 4 → 29; taker 2X, partner X
    ("fft 5p called", 5, FFT, 1,
     dict(taker="Ann", called="cyd", contract="petite", bouts="0", points="60"),
     each(Ann=58, Bob=-29, Cyd=29, Dan=-29, Eve=-29)),
    # fft, 5 players, the taker called himself: alone, 4X; garde made by 4 → 58
    ("fft 5p alone", 5, FFT, 1,
     dict(taker="Ann", called="Ann", contract="garde", bouts="3", points="40"),
     each(Ann=232, Bob=-58, Cyd=-58, Dan=-58, Eve=-58)),
    # fft, 6 players, round 2: Bob deals and is mort.  Garde contre lost by 11:
    # -(25 + 11) × 6 = -216, petit au bout by the defence -60 → X = -276
    ("fft 6p mort", 6, FFT, 2,
     dict(taker="Cyd", called="Dan", contract="garde-contre", bouts="2", points="30",
          petit_au_bout="Eve"),
     each(Ann=276, Bob=0, Cyd=-552, Dan=-276, Eve=276, Fay=276)),
    # fft: several poignées, all to the defence since the garde is lost by 1:
    # -(25 + 1) × 2 - 20 - 30 = -102
    ("fft poignées", 4, FFT, 1,
     dict(taker="Ann", contract="garde", bouts="1", points="50",
          poignee=["Ann", "Bob:double"]),
     each(Ann=-306, Bob=102, Cyd=102, Dan=102)),
    # fft half points: 40.5 with 2 bouts is lost by 1, 41.5 made by 1
    ("fft 40.5", 4, FFT, 1, dict(taker="Ann", contract="garde", bouts="2", points="40,5"),
     each(Ann=-156, Bob=52, Cyd=52, Dan=52)),
    ("fft 41.5", 4, FFT, 1, dict(taker="Ann", contract="garde", bouts="2", points="41.5"),
     each(Ann=156, Bob=-52, Cyd=-52, Dan=-52)),
    # fft from the defence's points: 91 - 35.5 = 55.5 with 2 bouts, made by 15 → 80
    ("fft defense", 4, FFT, 1,
     dict(taker="Ann", contract="garde", bouts="2", defense_points="35,5"),
     each(Ann=240, Bob=-80, Cyd=-80, Dan=-80)),
    # fft chelems, garde with 2 bouts
    ("fft chelem unannounced", 4, FFT, 1,
     dict(taker="Ann", contract="garde", bouts="3", points="91", chelem="non-annonce"),
     each(Ann=1080, Bob=-360, Cyd=-360, Dan=-360)),  # (25 + 55) × 2 + 200
    ("fft chelem failed", 4, FFT, 1,
     dict(taker="Ann", contract="garde", bouts="2", points="60", chelem="chuté"),
     each(Ann=-336, Bob=112, Cyd=112, Dan=112)),  # (25 + 19) × 2 - 200
    ("fft chelem defense", 4, FFT, 1,
     dict(taker="Ann", contract="garde", bouts="0", points="0", chelem="défense"),
     each(Ann=-1086, Bob=362, Cyd=362, Dan=362)),  # -(25 + 56) × 2 - 200
    # fft with misères switched on: a personal bonus, zero-sum, outside X
    ("fft misère", 4, FFT_MISERES, 1,
     dict(taker="Ann", contract="prise", bouts="2", points="41", misere="Cyd"),
     each(Ann=65, Bob=-35, Cyd=5, Dan=-35)),
    # maison, 3 players: prise made by 4 → surplus 0, A = 20; petit au bout Bob +20/-10
    ("maison 3p", 3, MAISON, 1,
     dict(taker="Ann", contract="prise", bouts="0", points="60", petit_au_bout="Bob"),
     each(Ann=30, Bob=0, Cyd=-30)),
    # maison, 5 players with a partner: garde made by 15 → A = 40 + 20; not zero-sum
    ("maison 5p called", 5, MAISON, 1,
     dict(taker="Ann", called="Bob", contract="garde", bouts="2", points="56"),
     each(Ann=180, Bob=60, Cyd=-60, Dan=-60, Eve=-60)),
    # maison, 5 players alone: garde sans lost by 6 → A = 80 + 10
    ("maison 5p alone", 5, MAISON, 1,
     dict(taker="Ann", contract="garde-sans", bouts="3", points="30"),
     each(Ann=-360, Bob=90, Cyd=90, Dan=90, Eve=90)),
    # maison, 6 players, round 3: Cyd is mort.  Garde juste faite, A = 40; Eve's double
    # poignée counts as a simple one: +40 / -10
    ("maison 6p mort", 6, MAISON, 3,
     dict(taker="Ann", called="Bob", contract="garde", bouts="1", points="51",
          poignee="Eve:double"),
     each(Ann=110, Bob=30, Cyd=0, Dan=-50, Eve=0, Fay=-50)),
    # the same when a double bonus counts double: +80 / -20
    ("maison 6p double", 6, DOUBLE_COUNTS, 3,
     dict(taker="Ann", called="Bob", contract="garde", bouts="1", points="51",
          poignee="Eve:double"),
     each(Ann=100, Bob=20, Cyd=0, Dan=-60, Eve=40, Fay=-60)),
    # maison misères: Bob's garde juste faite (A = 40); Ann and Dan +30/-10 each
    ("maison misères", 4, MAISON, 1,
     dict(taker="Bob", contract="garde", bouts="2", points="41", misere=["Ann", "Dan:double"]),
     each(Ann=-20, Bob=100, Cyd=-60, Dan=-20)),
    # maison rounding of the surplus (prise, 2 bouts: P = 41 + d)
    ("maison d=26", 4, MAISON, 1, dict(taker="Ann", contract="prise", bouts="2", points="67"),
     each(Ann=150, Bob=-50, Cyd=-50, Dan=-50)),
    ("maison d=4", 4, MAISON, 1, dict(taker="Ann", contract="prise", bouts="2", points="45"),
     each(Ann=60, Bob=-20, Cyd=-20, Dan=-20)),
    ("maison d=5", 4, MAISON, 1, dict(taker="Ann", contract="prise", bouts="2", points="46"),
     each(Ann=90, Bob=-30, Cyd=-30, Dan=-30)),
    ("maison d=15", 4, MAISON, 1, dict(taker="Ann", contract="prise", bouts="2", points="56"),
     each(Ann=120, Bob=-40, Cyd=-40, Dan=-40)),
    ("maison d=-5", 4, MAISON, 1, dict(taker="Ann", contract="prise", bouts="2", points="36"),
     each(Ann=-90, Bob=30, Cyd=30, Dan=30)),
    # maison drops the half point: 40.5 → 40, lost by 1 → A = 20
    ("maison 40.5", 4, MAISON, 1, dict(taker="Ann", contract="prise", bouts="2", points="40,5"),
     each(Ann=-60, Bob=20, Cyd=20, Dan=20)),
    # ... also from the defence's points: 91 - 35.5 = 55.5 → 55, made by 14 → surplus 10
    ("maison defense", 4, MAISON, 1,
     dict(taker="Ann", contract="garde", bouts="2", defense_points="35,5"),
     each(Ann=150, Bob=-50, Cyd=-50, Dan=-50)),
    # maison chelems, garde
    ("maison chelem announced", 4, MAISON, 1,
     dict(taker="Ann", contract="garde", bouts="2", points="87", chelem="announced"),
     each(Ann=1470, Bob=-490, Cyd=-490, Dan=-490)),  # 40 + 50 + 400
    ("maison chelem unannounced", 4, MAISON, 1,
     dict(taker="Ann", contract="garde", bouts="3", points="91", chelem="unannounced"),
     each(Ann=900, Bob=-300, Cyd=-300, Dan=-300)),  # 40 + 60 + 200
    ("maison chelem failed", 4, MAISON, 1,
     dict(taker="Ann", contract="garde", bouts="2", points="60", chelem="failed"),
     each(Ann=-780, Bob=260, Cyd=260, Dan=260)),  # 40 + 20 + 200, lost although made
    ("maison chelem defense", 4, MAISON, 1,
     dict(taker="Ann", contract="garde", bouts="0", points="0", chelem="defense"),
     each(Ann=-900, Bob=300, Cyd=300, Dan=300)),  # 40 + 60 + 200, lost
    # renonce: R = points rounded to ten; the holder pays R to each other active player
    ("renonce 26", 4, MAISON, 1, dict(taker="Ann", contract="renonce", points="26"),
     each(Ann=-90, Bob=30, Cyd=30, Dan=30)),
    ("renonce 4", 4, MAISON, 1, dict(taker="Ann", contract="renonce", points="4"),
     each(Ann=0, Bob=0, Cyd=0, Dan=0)),
    ("renonce 5", 3, MAISON, 1, dict(taker="Bob", contract="renonce", points="5"),
     each(Ann=10, Bob=-20, Cyd=10)),
    ("renonce 15 at 6", 6, MAISON, 1, dict(taker="Bob", contract="renonce", points="15"),
     each(Ann=0, Bob=-80, Cyd=20, Dan=20, Eve=20, Fay=20)),
    # passe: everybody scores 0 (the mort too)
    ("passe", 4, FFT, 1, dict(contract="passe"), each(Ann=0, Bob=0, Cyd=0, Dan=0)),
    ("passe 6p", 6, FFT, 4, dict(contract="passe"),
     each(Ann=0, Bob=0, Cyd=0, Dan=0, Eve=0, Fay=0)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("n", "params", "number", "raw", "expected"),
    [case[1:] for case in HAND],
    ids=[case[0] for case in HAND],
)
def test_rounds_by_hand(
    n: int, params: TarotParams, number: int, raw: dict, expected: dict[str, int]
) -> None:
    assert play(raw, n, params, number) == expected


def test_stored_input_shape() -> None:
    t = table(5)
    raw = {
        "taker": "ann",
        "contract": "Garde",
        "called": "ann",
        "bouts": " 2 ",
        "points": "55,5",
        "petit_au_bout": ["b"],
        "poignee": ["Eve:double", "Ann"],
        "chelem": "",
    }
    assert GAME.build_round(raw, t, 1) == {
        "taker": "Ann",
        "contract": "garde",
        "called": None,  # the taker called himself: he plays alone
        "bouts": 2,
        "points": 55.5,
        "petit_au_bout": "Bob",
        "poignees": [["Ann", "simple"], ["Eve", "double"]],  # seating order
        "miseres": [],
        "chelem": None,
    }
    assert GAME.build_round({"contract": "passe"}, t, 1) == {
        "taker": None,
        "contract": "passe",
        "called": None,
        "bouts": None,
        "points": None,
        "petit_au_bout": None,
        "poignees": [],
        "miseres": [],
        "chelem": None,
    }


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("petite", "prise"),
        ("garde sans", "garde-sans"),
        ("gardesans", "garde-sans"),
        ("Garde_Contre", "garde-contre"),
        ("GARDE CONTRE", "garde-contre"),
    ],
)
def test_contract_spellings(typed: str, canonical: str) -> None:
    raw = dict(taker="Ann", contract=typed, bouts="2", points="50")
    assert GAME.build_round(raw, table(4), 1)["contract"] == canonical


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("annonce", "announced"),
        ("annoncé", "announced"),
        ("non-annoncé", "unannounced"),
        ("non annonce", "unannounced"),
        ("chute", "failed"),
        ("chuté", "failed"),
        ("defense", "defense"),
        ("Défense", "defense"),
    ],
)
def test_chelem_spellings(typed: str, canonical: str) -> None:
    # a chelem of the defence leaves the taker at most the excuse: 1 bout, 4.5 points; a
    # chelem the taker made leaves the defence at most the excuse: 2 bouts, 87 points
    bouts, points = {"defense": ("1", "4"), "failed": ("1", "50")}.get(canonical, ("2", "87"))
    raw = dict(taker="Ann", contract="garde", bouts=bouts, points=points, chelem=typed)
    assert GAME.build_round(raw, table(4), 1)["chelem"] == canonical


def test_game_object() -> None:
    assert get_game("tarot") is GAME
    assert GAME.params_cls is TarotParams
    assert GAME.default_preset == "fft" and set(GAME.presets) == {"fft", "maison"}
    assert (GAME.min_players, GAME.max_players) == (3, 6)
    options = {f.key: f.option for f in GAME.fields}
    assert options == {
        "contract": "--contract",
        "taker": "--taker",
        "called": "--called",
        "bouts": "--bouts",
        "points": "--points",
        "defense_points": "--defense-points",
        "petit_au_bout": "--petit-au-bout",
        "poignee": "--poignee",
        "misere": "--misere",
        "chelem": "--chelem",
    }
    six = table(6)
    assert GAME.columns(six) == NAMES
    assert [GAME.sitting_out(six, k) for k in (1, 2, 6, 7)] == ["Ann", "Bob", "Fay", "Ann"]
    assert GAME.sitting_out(table(5), 1) is None
    assert GAME.outcome(six, dict.fromkeys(NAMES, 1000)).finished is False


def test_field_applies_follows_table_and_answers() -> None:
    fields = {f.key: f for f in GAME.fields}
    assert not fields["called"].is_relevant(table(4), {})
    assert fields["called"].is_relevant(table(6), {"contract": "garde"})
    assert not fields["called"].is_relevant(table(5), {"contract": "renonce"})
    assert not fields["taker"].is_relevant(table(4), {"contract": "passe"})
    assert not fields["misere"].is_relevant(table(4, FFT), {})
    assert fields["misere"].is_relevant(table(4, MAISON), {"contract": "garde"})
    assert not fields["defense_points"].is_relevant(table(4), {"points": "40"})


def test_presets_and_helpers() -> None:
    assert contracts(FFT) == ("prise", "garde", "garde-sans", "garde-contre", "passe")
    assert contracts(MAISON) == ("prise", "garde", "garde-sans", "garde-contre", "renonce")
    assert poignee_kinds(MAISON) == ("simple", "double")
    assert [poignee_sizes(n) for n in (3, 4, 5)] == [(13, 15, 18), (10, 13, 15), (8, 10, 13)]
    assert MAISON.scoring == "maison" and not MAISON.half_points and MAISON.miseres
    assert (MAISON.value_prise, MAISON.value_garde) == (20, 40)
    assert (MAISON.value_garde_sans, MAISON.value_garde_contre) == (80, 160)
    assert FFT.scoring == "fft" and not FFT.miseres and not FFT.renonce and FFT.passe


@pytest.mark.parametrize(
    ("defense", "params", "expected"),
    [("35,5", FFT, 55.5), ("35.5", MAISON, 55), (35.5, MAISON, 55), ("0", FFT, 91), (91, FFT, 0)],
)
def test_convert(defense: str | float, params: TarotParams, expected: float) -> None:
    result = convert(defense, params)
    assert result == expected and type(result) is type(expected)


@pytest.mark.parametrize("bad", ["92", "-1", "abc", "35,3", 91.5, float("nan")])
def test_convert_rejects(bad: str | float) -> None:
    with pytest.raises(InputError, match="POINTS"):
        convert(bad, FFT)


# --------------------------------------------------------------------------------------------
# Bad inputs

BASE = dict(taker="Ann", contract="garde", bouts="2", points="50")

BAD_ROUNDS = [
    # (table size, params, raw, message fragment)
    (4, FFT, {**BASE, "contract": "gard"}, "--contract: unknown value 'gard'"),
    (4, FFT, {**BASE, "contract": None}, "--contract: the contract is needed"),
    (4, FFT, {**BASE, "contract": "renonce"}, "--contract: no renonce under these rules"),
    (4, MAISON, {"contract": "passe"}, "--contract: no passe under these rules"),
    (4, FFT, {**BASE, "bouts": "4"}, "--bouts: 4 is out of range (0 to 3)"),
    (4, FFT, {**BASE, "bouts": "deux"}, "--bouts: 'deux' is not a whole number"),
    (4, FFT, {**BASE, "bouts": None}, "--bouts: the taker's number of bouts is needed"),
    (4, FFT, {**BASE, "points": None}, "--points: the taker's points are needed"),
    (4, FFT, {**BASE, "defense_points": "41"}, "not both"),
    (4, FFT, {**BASE, "points": "92"}, "--points: 92 is out of range (0 to 91)"),
    (4, FFT, {**BASE, "points": "-3"}, "--points: -3 is out of range (0 to 91)"),
    (4, FFT, {**BASE, "points": "35,3"}, "--points: '35,3' must be a whole or half number"),
    (4, FFT, {**BASE, "points": "lots"}, "--points: 'lots' is not a number of points"),
    (4, FFT, {**BASE, "bouts": "3", "points": "10"}, "--points: 10 is impossible"),
    (4, FFT, {**BASE, "bouts": "0", "points": "80"}, "--points: 80 is impossible"),
    (4, FFT, {**BASE, "bouts": "3", "points": None, "defense_points": "85"},
     "--defense-points: 85 is impossible"),
    (4, FFT, {**BASE, "defense_points": "91,5", "points": None},
     "--defense-points: 91.5 is out of range"),
    (4, FFT, {**BASE, "taker": None}, "--taker: who took is needed"),
    (4, FFT, {**BASE, "taker": "Zoe"}, "--taker: unknown player 'Zoe'"),
    (4, FFT, {**BASE, "taker": ["Ann", "Bob"]}, "--taker: given 2 times"),
    (4, FFT, {**BASE, "taker": True}, "--taker: a value is needed"),
    (4, FFT, {**BASE, "taker": {"x": 1}}, "--taker: unexpected value"),
    (4, FFT, {**BASE, "misere": ["Ann"]}, "--misere: no misère under the fft rules"),
    (4, FFT, {**BASE, "called": "Bob"}, "--called: a partner is called only at 5 or 6 players"),
    (5, FFT, {**BASE, "called": "Zed"}, "--called: unknown player 'Zed'"),
    (4, MAISON, {"taker": "Ann", "contract": "renonce", "points": "30", "bouts": "1"},
     "--bouts: a renonce records only --taker and --points"),
    (5, MAISON, {"taker": "Ann", "contract": "renonce", "points": "30", "called": "Bob"},
     "--called: a renonce records only"),
    (4, MAISON, {"taker": "Ann", "contract": "renonce", "points": "30", "poignee": ["Bob"]},
     "--poignee: a renonce records only"),
    (4, MAISON, {"taker": "Ann", "contract": "renonce", "points": "30", "misere": ["Bob"]},
     "--misere: a renonce records only"),
    (4, MAISON, {"taker": "Ann", "contract": "renonce", "points": "30", "petit_au_bout": "Bob"},
     "--petit-au-bout: a renonce records only"),
    (4, MAISON, {"taker": "Ann", "contract": "renonce", "points": "30", "chelem": "failed"},
     "--chelem: a renonce records only"),
    (4, MAISON, {"taker": "Ann", "contract": "renonce"}, "--points: the taker's points"),
    (4, FFT, {"contract": "passe", "taker": "Ann"}, "--taker: nothing else is recorded"),
    (4, FFT, {"contract": "passe", "points": "0"}, "--points: nothing else is recorded"),
    # the one reader of raw answers refuses a non-repeatable option given twice
    (4, FFT, {**BASE, "petit_au_bout": ["Ann", "Bob"]},
     "--petit-au-bout: given 2 times (Ann, Bob); give it once"),
    (4, FFT, {**BASE, "poignee": ["Ann", "ann:double"]},
     "--poignee: Ann has two poignées (one per player)"),
    (4, MAISON, {**BASE, "misere": ["Bob:double", "b"]}, "--misere: Bob has two misères"),
    (4, MAISON, {**BASE, "poignee": ["Bob:triple"]}, "--poignee: no poignée triple"),
    (4, FFT, {**BASE, "poignee": ["Bob:quadruple"]}, "--poignee: unknown value 'quadruple'"),
    (4, FFT, {**BASE, "poignee": ["Bob:"]}, "--poignee: 'Bob:' is not of the form NAME:KIND"),
    (4, MAISON, {**BASE, "misere": ["Bob:triple"]}, "--misere: unknown value 'triple'"),
    (4, FFT, {**BASE, "chelem": "yes"}, "--chelem: unknown value 'yes'"),
    # round 1 at 6 players: Ann deals and is mort
    (6, FFT, {**BASE, "taker": "Ann"}, "--taker: Ann is the mort this round"),
    (6, FFT, {**BASE, "taker": "Bob", "called": "an"}, "--called: Ann is the mort this round"),
    (6, FFT, {**BASE, "taker": "Bob", "petit_au_bout": "Ann"}, "--petit-au-bout: Ann is the mort"),
    (6, MAISON, {**BASE, "taker": "Bob", "misere": ["Ann"]}, "--misere: Ann is the mort"),
    (6, FFT, {**BASE, "taker": "Bob", "poignee": ["ANN:double"]}, "--poignee: Ann is the mort"),
]  # fmt: skip


@pytest.mark.parametrize(("n", "params", "raw", "message"), BAD_ROUNDS)
def test_bad_rounds(n: int, params: TarotParams, raw: dict, message: str) -> None:
    with pytest.raises(InputError) as caught:
        GAME.build_round(raw, table(n, params), 1)
    text = str(caught.value)
    assert message in text and "\n" not in text


def test_ambiguous_prefix() -> None:
    t = Table("tarot", ("Anne", "Annie", "Bob", "Cyd"), FFT)
    with pytest.raises(InputError, match=r"--taker: 'ann' is ambiguous \(Anne, Annie\)"):
        GAME.build_round({**BASE, "taker": "ann"}, t, 1)
    assert GAME.build_round({**BASE, "taker": "anni"}, t, 1)["taker"] == "Annie"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann", "Bob"], "tarot is played by 3 to 6 players (got 2)"),
        (list("ABCDEFG"), "tarot is played by 3 to 6 players (got 7)"),
        (["Ann", "Bob", "ann"], "two players are named 'ann'"),
        (["Zoé", "Bob", "Zoe"], "two players are named 'Zoe'"),
        (["Ann", "Bob", " "], "a player's name cannot be empty"),
        (["Ann", "Bob", "-"], "a player's name cannot be empty"),
    ],
)
def test_check_players(players: list[str], message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        GAME.check_players(players, FFT)


def test_names_with_a_colon() -> None:
    t = Table("tarot", ("Ann", "Bo:b", "Cyd", "Dan"), FFT)
    GAME.check_players(t.players, FFT)
    raw = {**BASE, "poignee": ["bo:b:double", "Ann"], "petit_au_bout": "Bo:b"}
    inp = GAME.build_round(raw, t, 1)
    assert inp["poignees"] == [["Ann", "simple"], ["Bo:b", "double"]]
    assert inp["petit_au_bout"] == "Bo:b"
    with pytest.raises(InputError, match="--poignee: unknown value 'x'"):
        GAME.build_round({**BASE, "poignee": ["Ann:x"]}, t, 1)


def test_check_players_accepts_3_to_6() -> None:
    for n in range(3, 7):
        GAME.check_players(NAMES[:n], FFT)
        GAME.check_players(NAMES[:n], MAISON)


# --------------------------------------------------------------------------------------------
# Properties over generated rounds

THRESHOLDS = (56, 51, 41, 36)
PARAMS = st.builds(
    lambda base, half, double, miseres: dataclasses.replace(
        base,
        half_points=half,
        double_bonus_counts_double=double,
        miseres=miseres or base.miseres,
    ),
    st.sampled_from([FFT, MAISON]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)


def typed(points: float) -> str:
    """A number as someone might type it: 35,5 or 35.5 or 35."""
    text = str(int(points)) if points == int(points) else str(points)
    return text.replace(".", ",") if int(points * 2) % 3 == 0 else text


CHELEMS = [None, "announced", "non-annoncé", "chute", "défense"]


def possible_points(bouts: int, params: TarotParams) -> tuple[float, float]:
    """The taker's points with ``bouts`` bouts (docs/rules.md, Tarot): a bout is worth 4.5 and the
    excuse may be traded for a half-point card; judged as counted, whatever the rule set."""
    low = max(0, 4.5 * bouts - 0.5)
    high = min(91, 91.5 - 4.5 * (3 - bouts))
    return low, high


# docs/rules.md, "A chelem is a count": a chelem the taker's side made leaves the defence at
# most the excuse, and the chien at garde contre (6 cards at 3 and 4 players, 3 at 5 and 6):
# by the chien's cards, the taker's (lowest, highest) points by his bouts
MADE_CHELEM = {
    0: {2: (87, 87), 3: (91, 91)},
    6: {0: (60, 76), 1: (61, 80), 2: (62, 84), 3: (66, 88)},
    3: {0: (73.5, 77.5), 1: (73.5, 81.5), 2: (73.5, 85.5), 3: (77.5, 89.5)},
}


@st.composite
def rounds(draw: st.DrawFn) -> tuple[Table, int, dict]:
    """A valid raw round on a random table."""
    n = draw(st.integers(3, 6))
    params = draw(PARAMS)
    t = table(n, params)
    number = draw(st.integers(1, 30))
    mort = GAME.sitting_out(t, number)
    active = [p for p in t.players if p != mort]

    def as_typed(p: str) -> str:
        # the canonical name, lower-cased, or a unique prefix of it
        return draw(st.sampled_from([p, p.lower(), p.upper(), p[:2]]))

    def name(pool: list[str]) -> str:
        return as_typed(draw(st.sampled_from(pool)))

    contract = draw(st.sampled_from(contracts(params)))
    raw: dict = {"contract": draw(st.sampled_from([contract, contract.replace("-", " ")]))}
    if contract == "passe":
        return t, number, raw
    taker = draw(st.sampled_from(active))
    raw["taker"] = as_typed(taker)
    # the chelem first: it bounds the bouts, the points and who may have the petit au bout
    chelem = None if contract == "renonce" else draw(st.sampled_from(CHELEMS))
    defence_chelem = chelem in ("défense", "defense")
    made_chelem = chelem in ("announced", "non-annoncé")
    chien = (6 if len(active) < 5 else 3) if contract == "garde-contre" else 0
    if made_chelem:
        bouts = draw(st.sampled_from(sorted(MADE_CHELEM[chien])))
    else:
        bouts = None if contract == "renonce" else draw(st.integers(0, 1 if defence_chelem else 3))
    low, high = (0, 91) if bouts is None else possible_points(bouts, params)
    if defence_chelem:  # the taker keeps at most the excuse
        high = min(high, 4.5)
    if made_chelem:  # the defence keeps at most the excuse, and the chien at garde contre
        low, high = MADE_CHELEM[chien][bouts]
    points = draw(st.integers(math.ceil(2 * low), math.floor(2 * high))) / 2
    if draw(st.booleans()):
        raw["points"] = typed(points)
    else:
        raw["defense_points"] = typed(91 - points)
    if contract == "renonce":
        return t, number, raw
    raw["bouts"] = str(bouts)
    attack = {taker}
    if len(active) == 5 and draw(st.booleans()):
        called = draw(st.sampled_from(active))
        raw["called"] = as_typed(called)
        attack.add(called)
    if chelem in ("announced", "non-annoncé"):  # made: the defence has no trick
        holders = sorted(attack)
    elif defence_chelem:  # the attack has no trick
        holders = [p for p in active if p not in attack]
    else:
        holders = active
    if draw(st.booleans()):
        raw["petit_au_bout"] = name(holders)
    kinds = poignee_kinds(params)
    holders = draw(st.lists(st.sampled_from(active), unique=True, max_size=3))
    raw["poignee"] = [f"{p}:{draw(st.sampled_from(kinds))}" for p in holders]
    if params.miseres:
        holders = draw(st.lists(st.sampled_from(active), unique=True, max_size=3))
        raw["misere"] = [
            f"{p.lower()}:{draw(st.sampled_from(['simple', 'double']))}" for p in holders
        ]
    raw["chelem"] = chelem or ""
    return t, number, raw


def maison_surplus(inp: dict, params: TarotParams) -> int:
    """docs/rules.md restated: with a called partner the round's scores sum to ±A."""
    points = inp["points"] if params.half_points else math.floor(inp["points"])
    diff = points - THRESHOLDS[inp["bouts"]]
    value = {"prise": 20, "garde": 40, "garde-sans": 80, "garde-contre": 160}[inp["contract"]]
    extra, made = {
        None: (0, diff >= 0),
        "announced": (400, True),
        "unannounced": (200, True),
        "failed": (200, False),
        "defense": (200, False),
    }[inp["chelem"]]
    amount = value + 10 * math.floor((abs(diff) + 5) / 10) + extra
    return amount if made else -amount


def to_raw(inp: dict) -> dict:
    """A stored input typed back as strings."""
    raw = {k: inp[k] for k in ("contract", "taker", "called", "petit_au_bout", "chelem")}
    raw["bouts"] = None if inp["bouts"] is None else str(inp["bouts"])
    raw["points"] = None if inp["points"] is None else str(inp["points"])
    raw["poignee"] = [f"{p}:{k}" for p, k in inp["poignees"]]
    raw["misere"] = [f"{p}:{k}" for p, k in inp["miseres"]]
    return raw


@settings(max_examples=200, deadline=None)
@given(rounds())
def test_generated_rounds(case: tuple[Table, int, dict]) -> None:
    t, number, raw = case
    params = t.params
    inp = GAME.build_round(raw, t, number)
    assert json.loads(json.dumps(inp)) == inp
    assert list(inp) == [
        "taker",
        "contract",
        "called",
        "bouts",
        "points",
        "petit_au_bout",
        "poignees",
        "miseres",
        "chelem",
    ]
    result = GAME.score(inp, t, number, None)
    scores = result.scores
    assert list(scores) == list(t.players)
    assert all(type(v) is int for v in scores.values())
    assert result.breakdown and all("\n" not in line for line in result.breakdown)
    mort = GAME.sitting_out(t, number)
    if mort is not None:
        assert scores[mort] == 0
        assert mort not in json.dumps(inp)  # NAMES never prefix one another
    partner = inp["called"] is not None and inp["contract"] not in ("renonce", "passe")
    if params.scoring == "maison" and partner:
        assert sum(scores.values()) == maison_surplus(inp, params)
    else:
        assert sum(scores.values()) == 0
    # stored inputs replay identically and survive being typed back
    assert GAME.score(inp, t, number, None) == result
    assert GAME.build_round(to_raw(inp), t, number) == inp


RAW_VALUES = st.one_of(
    st.none(),
    st.text(max_size=12),
    st.lists(st.text(max_size=8), max_size=3),
    st.booleans(),
    st.integers(),
    st.floats(),
)


@settings(max_examples=200, deadline=None)
@given(
    rounds(),
    st.sampled_from([f.key for f in GAME.fields]),
    st.one_of(st.text(), st.lists(st.text(), max_size=3)),
)
def test_any_text_in_a_field_is_an_input_error_or_a_round(
    case: tuple[Table, int, dict], key: str, junk: str | list[str]
) -> None:
    t, number, raw = case
    try:
        inp = GAME.build_round({**raw, key: junk}, t, number)
    except InputError as error:
        assert str(error) and "\n" not in str(error)
    else:
        # what was accepted is a round like any other: it scores, and replays the same
        result = GAME.score(inp, t, number, None)
        assert list(result.scores) == list(t.players) and result.breakdown
        assert GAME.score(inp, t, number, None, explain=False).scores == result.scores


@settings(max_examples=200, deadline=None)
@given(
    st.integers(3, 6),
    st.sampled_from([FFT, MAISON]),
    st.dictionaries(st.sampled_from([f.key for f in GAME.fields]), RAW_VALUES),
)
def test_arbitrary_raw_never_crashes(n: int, params: TarotParams, raw: dict) -> None:
    t = table(n, params)
    try:
        inp = GAME.build_round(raw, t, 1)
    except InputError:
        return
    scores = GAME.score(inp, t, 1, None).scores
    assert list(scores) == list(t.players) and all(type(v) is int for v in scores.values())
    # every round sums to zero, but a maison partner's share, taken from nobody (±A)
    partner = inp["called"] is not None and inp["contract"] not in ("renonce", "passe")
    if params.scoring == "maison" and partner:
        assert sum(scores.values()) == maison_surplus(inp, params)
    else:
        assert sum(scores.values()) == 0
