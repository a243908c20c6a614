"""What a session does with its replay cache, its checkpoints and its table changes, observed
from outside: where a replay starts, how many rounds it scores, which table says a history
line, what a damaged file is refused for.

These hold what mutation testing of session.py (scripts/mutation.sh) showed no other test
held; each test says what it pins."""

from __future__ import annotations

from cardscore.session import Session

SEATS4 = ["Ann", "Béa", "Cyd", "Dan"]


# --------------------------------------------------------------------------------------------
# Bugs found on the way (the property test of table changes found this one)


def capot_by_cyd_then_replaced() -> Session:
    """A belote whose round 1 (a capot taken by Cyd) was removed after Zoé replaced Cyd from
    round 2, and the removal undone: the round is back, played by Cyd's table."""
    s = Session.create("belote", SEATS4)
    s.add({"trump": "hearts", "taker": "Cyd", "capot": "taker"})
    s.change_table(replace=["Cyd=Zoé"])
    s.remove(1)
    s.undo()
    return s


def test_the_undo_of_a_removal_is_said_with_the_table_that_has_the_round_back() -> None:
    s = capot_by_cyd_then_replaced()
    assert [str(line) for _, line in s.changes()] == [
        "round 1 added: Cyd ♥ capot",
        "table changed from round 2: Zoé replaces Cyd",
        "round 1 removed: Cyd ♥ capot",
        "undone: round 1 removed: Cyd ♥ capot",
    ]
