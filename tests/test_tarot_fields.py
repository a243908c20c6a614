"""What tarot's description offers the questions, at each table: who may be called, where
the petit au bout's list starts, what a poignée means, a renonce's questions, and which of a
rule set's parameters are in force (``games/tarot/fields.py``, ``games/tarot/rules.py``)."""

from __future__ import annotations

import pytest

from cardscore.games.base import Table
from cardscore.games.params import describe_params
from cardscore.games.tarot import GAME, PRESETS

FIELD = {f.key: f for f in GAME.fields}
NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")


def table(players: int, rules: str = "fft") -> Table:
    return Table("tarot", NAMES[:players], PRESETS[rules])


@pytest.mark.parametrize(
    ("raw", "taker"),
    [
        ({"taker": "bob"}, "Bob"),  # as typed: the player it names
        ({"taker": "BOB", "contract": "garde"}, "Bob"),
        ({}, None),  # not answered yet
        ({"taker": "Zoé"}, None),  # nobody at the table
        ({"taker": 2}, None),  # not a name
        ({"called": "bob"}, None),  # (another answer)
        (None, None),  # no answers at all
    ],
)
def test_the_called_player_is_offered_among_all_but_the_taker(raw, taker) -> None:
    t = table(5)
    offered = [p for p in t.players if p != taker]
    assert list(FIELD["called"].who(t, raw)) == offered
    assert FIELD["petit_au_bout"].starts_on(t, raw) == taker  # (most often his)


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, (13, 15, 18)), (4, (10, 13, 15)), (5, (8, 10, 13)), (6, (8, 10, 13))],
)
def test_a_poignee_says_how_many_trumps_it_is_at_the_table(players, sizes) -> None:
    t = table(players)
    field = FIELD["poignee"]
    said = [field.choice_title(t, choice) for choice in field.choices]
    assert said == [
        f"{kind} ({count} trumps)"
        for kind, count in zip(("simple", "double", "triple"), sizes, strict=True)
    ]


def test_a_renonce_asks_only_what_it_needs() -> None:
    t = table(4, "maison")
    renonce = {"contract": "renonce"}
    assert GAME.asked(FIELD["taker"], t, renonce).label == (
        "Who had the most points (chien included)?"
    )
    assert GAME.asked(FIELD["points"], t, renonce).label == "That player's points (chien included)?"
    assert GAME.asked(FIELD["defense_points"], t, renonce) is None
    assert GAME.asked(FIELD["contract"], t, renonce) is FIELD["contract"]  # as always
    for key in ("taker", "points", "defense_points"):  # any other contract: as described
        assert GAME.asked(FIELD[key], t, {"contract": "garde"}) is FIELD[key]


def test_the_contracts_values_are_in_force_only_under_maison_scoring() -> None:
    values = {"value-prise", "value-garde", "value-garde-sans", "value-garde-contre"}
    maison = {p.key for p in describe_params(PRESETS["maison"], in_force=True)}
    fft = {p.key for p in describe_params(PRESETS["fft"], in_force=True)}
    assert values | {"double-bonus-counts-double"} <= maison
    assert not (values | {"double-bonus-counts-double"}) & fft
    assert {"scoring", "half-points", "miseres"} <= fft & maison
