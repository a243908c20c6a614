"""Table changes word for word, and the checks of a table change read from a file.

These pin what mutation testing of seating.py (scripts/mutation.sh) showed no other test
held: the exact refusals of ``cardscore table`` (the other tests match their beginnings),
the one-line summary of each operation, and what :func:`is_table_change` lets through."""

from __future__ import annotations

from typing import Any

import pytest

from cardscore.games.base import InputError
from cardscore.seating import is_table_change, summary
from cardscore.session import Session
from stored import file_data
from test_table_changes import garde, with_a_leaver

# --------------------------------------------------------------------------------------------
# The summary of a table change


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"rename": {"Dna": "Dan"}}, "Dna renamed Dan"),
        ({"replace": {"Dan": "Zoé"}}, "Zoé replaces Dan"),
        ({"join": {"Zoé": 0}}, "Zoé joins"),
        ({"join": {"Zoé": 120}}, "Zoé joins with 120"),
        ({"leave": ["Cyd"]}, "Cyd leaves"),
        ({"target": 1500}, "target 1500"),
        ({}, "nothing"),
        (
            {
                "target": 2000,
                "leave": ["Cyd", "Bob"],
                "join": {"Yan": -5, "Zoé": 0},
                "replace": {"Dan": "Max"},
                "rename": {"Eve": "Éva"},
            },
            # in the order the operations are made, whatever the order of the keys
            "Eve renamed Éva, Max replaces Dan, Yan joins with -5, Zoé joins, Cyd leaves, "
            "Bob leaves, target 2000",
        ),
    ],
)
def test_a_table_change_is_said_operation_by_operation(change: dict[str, Any], said: str) -> None:
    assert str(summary(change)) == said


# --------------------------------------------------------------------------------------------
# Refusals, word for word


def refusal(session: Session, **options: Any) -> str:
    before = file_data(session)
    with pytest.raises(InputError) as caught:
        session.change_table(**options)
    assert file_data(session) == before
    return str(caught.value)


@pytest.mark.parametrize(
    ("game", "options", "expected"),
    [
        ("tarot", {"target": 500}, "--target: tarot has no target score"),
        ("rami", {"target": 0}, "--target: 0 is not a positive number of points"),
        ("belote", {"target": 1000}, "--target: the target is 1000 already"),
        ("tarot", {"join": ["ann"]}, "--join: Ann is already at the table"),
        ("tarot", {"replace": ["Ann=abe"]}, "--replace: Abe is already at the table"),
        (
            "tarot",
            {"join": ["Gus=10"]},
            "--join: Gus played earlier and comes back with their total; give no points",
        ),
        (
            "tarot",
            {"replace": ["Ann=Zoé"], "leave": ["ann"]},
            "--leave: Ann is already named by --replace",
        ),
        (
            # a player renamed in the same change is looked for by both names; neither here
            "tarot",
            {"rename": ["Cyd=Cid"], "leave": ["Zed"]},
            "--leave: nobody is called 'Zed' (players: Ann, Abe, Bob, Cid)",
        ),
        (
            "tarot",
            {"rename": ["Cyd=Cid"], "replace": [" Zed =Zoé"]},
            "--replace: nobody is called 'Zed' (players: Ann, Abe, Bob, Cid)",
        ),
    ],
)
def test_a_bad_table_change_is_refused_word_for_word(
    game: str, options: dict[str, Any], expected: str
) -> None:
    assert refusal(with_a_leaver(game), **options) == expected


def test_a_target_of_one_point_is_a_target() -> None:
    session = with_a_leaver("rami")
    assert session.change_table(target=1)["target"] == 1
    assert session.table().params.target == 1


def test_a_prefix_ambiguous_after_a_rename_means_the_one_player_it_meant_before() -> None:
    """``--rename Eve=Danny --leave Da``: among the names after the rename, "Da" could be Dan
    or Danny; among the names the table had, only Dan."""
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve"])
    change = session.change_table(rename=["Eve=Danny"], leave=["Da"])
    assert change["leave"] == ["Dan"]
    assert session.table().players == ("Ann", "Bob", "Cyd", "Danny")


def test_a_newcomer_s_name_is_spaced_as_a_name_and_may_hold_any_letter() -> None:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd"])
    change = session.change_table(join=["  Jean   Xavier ", "Xia=10"])
    assert change["join"] == {"Jean Xavier": 0, "Xia": 10}
    assert session.table().players == ("Ann", "Bob", "Cyd", "Jean Xavier", "Xia")


# --------------------------------------------------------------------------------------------
# A table change read from a file


@pytest.mark.parametrize(
    "change",
    [
        {"rename": {"Ann": 5}},
        {"rename": {5: "Ann"}},
        {"replace": {"Ann": ["Zoé"]}},
        {"leave": [5]},
        {"leave": ["Ann", None]},
        {"join": {"Zoé": "10"}},
        {"join": {"Zoé": True}},
        {"target": 10.0},
        {"replace": {"Ann": "Zoé"}, "teams": 5},
        {"replace": {"Ann": "Zoé"}, "teams": {"old": 5, "new": []}},
        {"replace": {"Ann": "Zoé"}, "teams": {"old": [], "new": "Ann & Zoé"}},
        {"replace": {"Ann": "Zoé"}, "teams": {"old": []}},
        {"teams": {"old": [], "new": []}},  # no operation
        {},
    ],
)
def test_a_table_change_a_file_could_hold_but_cardscore_never_makes(change) -> None:
    assert not is_table_change({"kind": "table", "round": 1, **change})


@pytest.mark.parametrize(
    "change",
    [
        {"rename": {"Ann": "Anne"}},
        {"leave": ["Ann"]},
        {"join": {"Zoé": -10}},
        {"target": 10},
        {"replace": {"Ann": "Zoé"}, "teams": {"old": ["Ann & Cyd"], "new": ["Zoé & Cyd"]}},
    ],
)
def test_a_table_change_as_cardscore_makes_it(change) -> None:
    assert is_table_change({"kind": "table", "round": 1, **change})


@pytest.mark.parametrize(
    "tables",
    [[3], ["from"], [None], [{"from": "2", "join": {"Zoé": 10}}], [{"from": 2.0, "target": 9}]],
)
def test_an_era_that_is_no_era_is_a_damaged_file(tables: list[Any]) -> None:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve"])
    session.add(garde("Ann"))
    data = file_data(session)
    Session.from_dict(data)  # sound as it is
    data["tables"] = tables
    with pytest.raises(ValueError) as caught:
        Session.from_dict(data)
    assert type(caught.value) is ValueError
    assert str(caught.value) == "a table change is not one cardscore makes"


@pytest.mark.parametrize("game", ["tarot", "rami", "belote", "coinche"])
def test_every_table_of_a_session_is_of_its_game(game: str) -> None:
    session = with_a_leaver(game)
    session.change_table(replace=["Ann=Zoé"])
    assert len(session.timeline().eras) == (2 if game in ("belote", "coinche") else 3)
    assert {era.table.game for era in session.timeline().eras} == {game}
    assert session.table().game == game


# --------------------------------------------------------------------------------------------
# A newcomer's points: a whole number within the limit either way, said back short


@pytest.mark.parametrize("typed", ["+100000", "-100000", "100000", " 42 "])
def test_a_newcomers_points_up_to_the_limit_are_taken(typed: str) -> None:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan"])
    change = session.change_table(join=[f"Zoé={typed}"])
    assert change["join"] == {"Zoé": int(typed)}


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("100001", "'100001'"),  # past the limit
        ("00000001", "'00000001'"),  # too long to be one, however small
        ("X5", "'X5'"),  # not a number
        ("1" * 20 + "x", "'" + "1" * 20 + "…'"),  # more than 20 characters: cut, and said so
        ("1" * 19 + "x", "'" + "1" * 19 + "x'"),  # 20: said whole
    ],
)
def test_other_points_are_refused_and_said_back(typed: str, shown: str) -> None:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan"])
    with pytest.raises(InputError) as refused:
        session.change_table(join=[f"Zoé={typed}"])
    assert str(refused.value) == (
        f"--join: Zoé's points are a whole number from -100000 to 100000 (got {shown})"
    )
