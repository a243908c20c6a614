"""The tournament's ranking (pure): sums, shared ranks, tiebreaks, place points, byes, rami's
lower-is-better, and the tables' place; each case worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardscore.tournament.ranking import TableState, places_at, rank


def table(round_number: int, number: int, totals: dict[str, int], *, finished: bool = True,
          winner: str | None = None, played: int = 4) -> TableState:  # fmt: skip
    return TableState(
        round_number, number, tuple(totals), 4, played, finished, totals, winner=winner
    )


def ranked(rows) -> list[tuple[int, str, int]]:
    return [(r.rank, r.name, r.total) for r in rows]


SIDES = ("Ann", "Bob", "Cyd", "Dan")


def test_the_sum_of_rounds_ranks_and_ties_share_a_rank() -> None:
    rounds = [
        [table(1, 1, {"Ann": 30, "Bob": -10}), table(1, 2, {"Cyd": 5, "Dan": -25})],
        [table(2, 1, {"Ann": -20, "Cyd": 15}), table(2, 2, {"Bob": 20, "Dan": -15})],
    ]
    rows = rank(SIDES, rounds, lower_wins=False)
    assert ranked(rows) == [(1, "Cyd", 20), (2, "Ann", 10), (2, "Bob", 10), (4, "Dan", -40)]
    assert rows[0].rounds == (5, 15) and rows[0].places == (1, 1)


def test_rami_ranks_the_lowest_first() -> None:
    rounds = [[table(1, 1, {"Ann": 0, "Bob": 40, "Cyd": 12})]]
    rows = rank(("Ann", "Bob", "Cyd"), rounds, lower_wins=True)
    assert ranked(rows) == [(1, "Ann", 0), (2, "Cyd", 12), (3, "Bob", 40)]
    assert [r.places for r in rows] == [(1,), (2,), (3,)]


def test_a_table_not_started_counts_nothing() -> None:
    rounds = [[table(1, 1, {"Ann": 0, "Bob": 0}, finished=False, played=0)]]
    rows = rank(("Ann", "Bob"), rounds, lower_wins=False)
    assert [r.rounds for r in rows] == [(None,), (None,)]
    assert [r.rank for r in rows] == [1, 1]


def test_tables_won_breaks_a_tie() -> None:
    rounds = [
        [
            table(1, 1, {"Ann": 10, "Bob": -10}, winner="Ann"),
            table(1, 2, {"Cyd": 30, "Dan": -30}, winner="Cyd"),
        ],
        [
            table(2, 1, {"Ann": 10, "Cyd": -10}, winner="Ann"),
            table(2, 2, {"Bob": 20, "Dan": -20}, winner="Bob"),
        ],
    ]
    tied = rank(SIDES, rounds, lower_wins=False)
    assert ranked(tied)[:2] == [(1, "Ann", 20), (1, "Cyd", 20)]
    broken = rank(SIDES, rounds, lower_wins=False, tiebreak=("tables",))
    assert ranked(broken)[:2] == [(1, "Ann", 20), (2, "Cyd", 20)]
    assert broken[0].tables_won == 2 and broken[1].tables_won == 1


def test_best_round_breaks_a_tie() -> None:
    rounds = [
        [table(1, 1, {"Ann": 5, "Bob": 40})],
        [table(2, 1, {"Ann": 35, "Bob": 0})],
    ]
    rows = rank(("Ann", "Bob"), rounds, lower_wins=False, tiebreak=("best",))
    assert ranked(rows) == [(1, "Bob", 40), (2, "Ann", 40)]
    rami = rank(("Ann", "Bob"), rounds, lower_wins=True, tiebreak=("best",))
    assert ranked(rami) == [(1, "Bob", 40), (2, "Ann", 40)]  # Bob's 0 is the best at rami


def test_head_to_head_between_two_who_met() -> None:
    rounds = [
        [table(1, 1, {"Ann": 10, "Bob": 30}), table(1, 2, {"Cyd": 0, "Dan": 0})],
        [table(2, 1, {"Ann": 30, "Cyd": 0}), table(2, 2, {"Bob": 10, "Dan": 0})],
    ]
    rows = rank(SIDES, rounds, lower_wins=False, tiebreak=("head",))
    assert ranked(rows)[:2] == [(1, "Bob", 40), (2, "Ann", 40)]  # 30 against Ann's 10
    # three tied: head-to-head does not tell them apart
    three = [[table(1, 1, {"Ann": 10, "Bob": 10, "Cyd": 10})]]
    assert [r.rank for r in rank(("Ann", "Bob", "Cyd"), three, lower_wins=False,
                                 tiebreak=("head",))] == [1, 1, 1]  # fmt: skip


def test_ranking_by_place_points() -> None:
    rounds = [
        [table(1, 1, {"Ann": 100, "Bob": -100}), table(1, 2, {"Cyd": 5, "Dan": -5})],
        [table(2, 1, {"Ann": -1, "Cyd": 1}), table(2, 2, {"Bob": 2, "Dan": -2})],
    ]
    rows = rank(SIDES, rounds, lower_wins=False, by_places=True)
    # tables of two: the first 2 points, the second 1 (the table's size down)
    assert [(r.name, r.points) for r in rows] == [("Cyd", 4), ("Ann", 3), ("Bob", 3), ("Dan", 2)]
    assert [r.rank for r in rows] == [1, 2, 3, 4]  # Ann and Bob: the score sum (99 > -98)
    custom = rank(SIDES, rounds, lower_wins=False, by_places=True, places=(5, 0))
    assert [(r.name, r.points) for r in custom][:2] == [("Cyd", 10), ("Ann", 5)]


def test_a_bye_scores_the_rounds_average_or_what_is_set() -> None:
    rounds = [[table(1, 1, {"Ann & Bob": 120, "Cyd & Dan": 40})]]
    sides = ("Ann & Bob", "Cyd & Dan", "Eve & Fay")
    rows = {r.name: r for r in rank(sides, rounds, lower_wins=False, byes=[["Eve & Fay"]])}
    assert rows["Eve & Fay"].total == 80 and rows["Eve & Fay"].rounds == (None,)
    assert rows["Eve & Fay"].byes == (80,) and rows["Ann & Bob"].byes == (None,)
    fixed = rank(sides, rounds, lower_wins=False, byes=[["Eve & Fay"]], bye=0)
    assert {r.name: r.total for r in fixed}["Eve & Fay"] == 0


def test_places_at_a_table_share_the_better_place() -> None:
    state = table(1, 1, {"A": 10, "B": 10, "C": -20})
    assert places_at(state, lower_wins=False) == {"A": 1, "B": 1, "C": 3}
    assert places_at(state, lower_wins=True) == {"A": 2, "B": 2, "C": 1}


@pytest.mark.parametrize("lower_wins", [False, True])
@given(scores=st.lists(st.integers(-500, 500), min_size=4, max_size=4))
def test_a_rank_is_one_more_than_those_strictly_ahead(lower_wins: bool, scores: list[int]) -> None:
    rounds = [[table(1, 1, dict(zip(SIDES, scores, strict=True)))]]
    rows = rank(SIDES, rounds, lower_wins=lower_wins)
    for row in rows:
        ahead = sum(1 for s in scores if (s < row.total if lower_wins else s > row.total))
        assert row.rank == ahead + 1


def test_without_places_no_place_points_are_said() -> None:
    rows = rank(("Ann", "Bob"), [[table(1, 1, {"Ann": 5, "Bob": -5})]], lower_wins=False)
    assert [r.points for r in rows] == [None, None]


def test_the_last_place_of_a_list_of_points_gets_its_points() -> None:
    rounds = [[table(1, 1, {"Ann": 5, "Bob": -5})]]
    rows = rank(("Ann", "Bob"), rounds, lower_wins=False, by_places=True, places=(5, 3))
    assert [(r.name, r.points) for r in rows] == [("Ann", 5), ("Bob", 3)]


def test_a_bye_averages_every_table_of_the_round() -> None:
    rounds = [[table(1, 1, {"A & B": 100, "C & D": 60}), table(1, 2, {"E & F": 20, "G & H": 0})]]
    sides = ("A & B", "C & D", "E & F", "G & H", "I & J")
    rows = {r.name: r for r in rank(sides, rounds, lower_wins=False, byes=[["I & J"]])}
    assert rows["I & J"].total == 45  # (100 + 60 + 20 + 0) / 4


def test_a_side_the_ranking_does_not_know_is_passed_over() -> None:
    """A column of a table that is none of the tournament's (a replacement for the evening)
    counts for nobody, and the others of the table are counted all the same."""
    rounds = [[table(1, 1, {"Guest": 50, "Ann": 10, "Bob": -60})]]
    rows = {r.name: r for r in rank(("Ann", "Bob"), rounds, lower_wins=False)}
    assert (rows["Ann"].total, rows["Bob"].total) == (10, -60)


def test_head_to_head_adds_up_every_table_two_shared() -> None:
    """Ann and Bob tie at 40; they met twice: Ann 40 and 0 there, Bob 0 and 20: Ann made
    more at their tables together (40 against 20)."""
    rounds = [
        [table(1, 1, {"Ann": 40, "Bob": 0}), table(1, 2, {"Cyd": 0, "Dan": 0})],
        [table(2, 1, {"Ann": 0, "Bob": 20}), table(2, 2, {"Cyd": 0, "Dan": 0})],
        [table(3, 1, {"Ann": 0, "Cyd": 0}), table(3, 2, {"Bob": 20, "Dan": 0})],
    ]
    rows = rank(SIDES, rounds, lower_wins=False, tiebreak=("head",))
    assert ranked(rows)[:2] == [(1, "Ann", 40), (2, "Bob", 40)]


@pytest.mark.parametrize("sides", [SIDES, ("Ann", "Bob", "Dan", "Cyd")])
def test_head_to_head_settles_the_last_pair_whatever_the_order(sides) -> None:
    """Cyd and Dan, tied at the bottom (-40), met once: Dan made more there (30 against
    10), whichever of them is listed first.  Ann and Bob, tied at the top (70), made the
    same at their table together: they stay tied (and the best round, which is not asked
    for, does not part them)."""
    rounds = [
        [table(1, 1, {"Ann": 50, "Cyd": -50}), table(1, 2, {"Bob": 70, "Dan": -70})],
        [table(2, 1, {"Ann": 20, "Dan": 0}), table(2, 2, {"Bob": 0, "Cyd": 0})],
        [table(3, 1, {"Cyd": 10, "Dan": 30}), table(3, 2, {"Ann": 0, "Bob": 0})],
    ]
    rows = rank(sides, rounds, lower_wins=False, tiebreak=("head",))
    assert [(r.rank, r.name) for r in rows] == [(1, "Ann"), (1, "Bob"), (3, "Dan"), (4, "Cyd")]
    assert [r.total for r in rows] == [70, 70, -40, -40]


def test_best_round_at_rami_is_the_lowest() -> None:
    """Tied at 40: Ann's rounds 0, 30, 10 (her best 0), Bob's 5, 5, 30 (his best 5)."""
    rounds = [
        [table(1, 1, {"Ann": 0, "Bob": 5})],
        [table(2, 1, {"Ann": 30, "Bob": 5})],
        [table(3, 1, {"Ann": 10, "Bob": 30})],
    ]
    rows = rank(("Bob", "Ann"), rounds, lower_wins=True, tiebreak=("best",))
    assert [(r.rank, r.name, r.total) for r in rows] == [(1, "Ann", 40), (2, "Bob", 40)]


def test_best_round_of_a_side_that_played_none_is_zero() -> None:
    rounds = [[table(1, 1, {"Ann": 0, "Cyd": 0}), table(1, 2, {"Bob": 0}, played=0)]]
    rows = rank(("Ann", "Bob"), rounds, lower_wins=True, tiebreak=("best",))
    assert [r.rank for r in rows] == [1, 1]


def test_best_round_elsewhere_is_the_highest() -> None:
    """Tied at 40: Ann's rounds 30, 5, 5 (her best 30), Bob's 20, 20, 0 (his best 20)."""
    rounds = [
        [table(1, 1, {"Ann": 30, "Bob": 20})],
        [table(2, 1, {"Ann": 5, "Bob": 20})],
        [table(3, 1, {"Ann": 5, "Bob": 0})],
    ]
    rows = rank(("Bob", "Ann"), rounds, lower_wins=False, tiebreak=("best",))
    assert [(r.rank, r.name, r.total) for r in rows] == [(1, "Ann", 40), (2, "Bob", 40)]
