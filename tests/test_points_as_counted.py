"""A tarot count is possible or impossible as the players counted it (half points included);
only then do the house rules (maison: half points dropped) drop the half point for the score.

The bounds ``4.5·B - 0.5 ≤ P ≤ 91.5 - 4.5·(3 - B)`` (and ``0 ≤ P ≤ 91``) apply to the typed
value, or to ``91 - D`` when the defence's points are typed, unrounded, under every rule set;
where half points are dropped, a lowest count's half may have been dropped before typing (8
for 8.5 with 2 bouts): the lower bound is then rounded down.
"""

from __future__ import annotations

import math

import pytest

from cardscore.games.base import InputError, Table
from cardscore.games.tarot import GAME, PRESETS, TarotParams

FFT, MAISON = PRESETS["fft"], PRESETS["maison"]
FOUR = ("Ann", "Bob", "Cyd", "Dan")
RULES = {"fft": FFT, "maison": MAISON}
# (bouts, fewest points, most points), the taker's count as counted
COUNTED = [(0, 0, 78), (1, 4, 82.5), (2, 8.5, 87), (3, 13, 91)]


def _typed(value: float) -> str:
    return f"{value:g}".replace(".", ",")


def _raw(bouts: int, points: float, from_defence: bool) -> dict[str, str]:
    raw = {"taker": "Ann", "contract": "garde", "bouts": str(bouts)}
    if from_defence:
        raw["defense_points"] = _typed(91 - points)
    else:
        raw["points"] = _typed(points)
    return raw


def _build(raw: dict, params: TarotParams) -> dict:
    return GAME.build_round(raw, Table("tarot", FOUR, params), 1)


def _gap(inp: dict, params: TarotParams) -> float:
    """The record's margin: what the scoring counted, minus what the bouts need."""
    table = Table("tarot", FOUR, params)
    return GAME.score(inp, table, 1, None).record.margin


CASES = [
    pytest.param(rules, bouts, end, value, from_defence, id=f"{rules}-{bouts}b-{end}-{how}")
    for rules in RULES
    for bouts, low, high in COUNTED
    for end, value in (("low", low), ("high", high))
    for from_defence, how in ((False, "typed"), (True, "defence"))
]


@pytest.mark.parametrize(("rules", "bouts", "end", "value", "from_defence"), CASES)
def test_each_bound_is_accepted_and_half_a_point_past_it_refused(
    rules: str, bouts: int, end: str, value: float, from_defence: bool
) -> None:
    params = RULES[rules]
    inp = _build(_raw(bouts, value, from_defence), params)
    assert inp["points"] == value  # stored as counted
    needed = {0: 56, 1: 51, 2: 41, 3: 36}[bouts]
    counted = value if params.half_points else math.floor(value)
    assert _gap(inp, params) == counted - needed  # the half point dropped for the score only
    beyond = value - 0.5 if end == "low" else value + 0.5
    if end == "low" and not params.half_points and value != int(value):
        # 8.5 with its half dropped before typing: 8, the same count, scored alike
        dropped = _build(_raw(bouts, beyond, from_defence), params)
        assert _gap(dropped, params) == counted - needed
        beyond -= 0.5
    if not 0 <= beyond <= 91:
        return  # out of the deck's range whatever the bouts: refused by another message
    with pytest.raises(InputError) as caught:
        _build(_raw(bouts, beyond, from_defence), params)
    text = str(caught.value)
    assert "is impossible" in text, text
    if from_defence:
        assert f"the defence has {91 - high_of(bouts):g} to {91 - low_of(bouts):g}" in text
    else:
        assert f"the taker has {low_of(bouts):g} to {high_of(bouts):g} points" in text


def low_of(bouts: int) -> float:
    return COUNTED[bouts][1]


def high_of(bouts: int) -> float:
    return COUNTED[bouts][2]


# The three rounds, at a 4-player maison table, through the command line.
MAISON_ROUNDS = [
    pytest.param(
        ["--taker", "Ann", "--contract", "prise", "--bouts", "1", "--points", "82.5"],
        "Ann",
        31,
        id="82.5-with-1-bout",
    ),
    pytest.param(
        ["--taker", "Bob", "--contract", "prise", "--bouts", "1", "--defense-points", "8.5"],
        "Bob",
        31,
        id="defence-8.5-with-1-bout",
    ),
    pytest.param(
        [
            *("--taker", "Dan", "--contract", "garde", "--bouts", "1"),
            *("--points", "4.5", "--chelem", "defense"),
        ],
        "Dan",
        -47,
        id="the-excuse-alone-against-a-defence-chelem",
    ),
]


@pytest.mark.parametrize(("options", "taker", "margin"), MAISON_ROUNDS)
def test_a_half_point_typed_at_maison_is_judged_then_dropped(
    cli, options: list[str], taker: str, margin: int
) -> None:
    sid = cli("new", "tarot", "--names", ",".join(FOUR), "--rules", "maison", "--no-play")
    assert sid.code == 0, sid.err
    added = cli("add", *options)
    assert added.code == 0, added.err
    shown = cli("show", "--json").json()
    (row,) = shown["rounds"]
    terms = row["terms"]
    assert terms["taker"] == taker
    assert terms["counted_points"] == math.floor(terms["points"])  # 82.5 → 82, 4.5 → 4
    assert terms["margin"] == margin  # 82 - 51 = 31 (made); 4 - 51 = -47 (lost)
    assert sum(row["scores"].values()) == 0


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        (["--bouts", "0", "--points", "78.5"], "the taker has 0 to 78 points"),
        (["--bouts", "3", "--points", "91.5"], "out of range (0 to 91)"),
        (["--bouts", "2", "--points", "7.5"], "the taker has 8.5 to 87 points"),
        (["--bouts", "1", "--defense-points", "8"], "the defence has 8.5 to 87 points"),
    ],
)
def test_what_cannot_be_counted_stays_refused_at_maison(
    cli, sessions, options: list[str], fragment: str
) -> None:
    cli("new", "tarot", "--names", ",".join(FOUR), "--rules", "maison", "--no-play")
    before = sessions()
    refused = cli("add", "--taker", "Ann", "--contract", "prise", *options)
    assert refused.code == 2
    assert fragment in refused.err and len(refused.err.splitlines()) == 1, refused.err
    assert sessions() == before


def test_the_bounds_are_said_as_they_are_in_french(cli) -> None:
    cli("new", "tarot", "--names", ",".join(FOUR), "--rules", "maison", "--no-play")
    refused = cli(
        "--lang", "fr", "add", "--taker", "Ann", "--contract", "prise", "--bouts", "1",
        "--points", "83",
    )  # fmt: skip
    assert refused.code == 2
    assert "4 à 82,5" in refused.err, refused.err
