"""A table change on a long session keeps the file's checkpoint: the rounds before the change
were played by the same tables, so what was worked out of them still holds (README "Speed").
Structural checks (where the replay starts), and the numbers against a fresh replay."""

from __future__ import annotations

import pytest

from cardscore import store
from cardscore.session import CHECKPOINT_SPAN, Session

TAROT5 = ["Ann", "Bob", "Cyd", "Dan", "Eve"]


def long_tarot(rounds: int) -> Session:
    s = Session.create("tarot", TAROT5, session_id="long")
    takers = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
    for n in range(rounds):
        s.add(
            {
                "taker": takers[n % 5],
                "contract": "garde" if n % 3 else "prise",
                "called": takers[(n + 2) % 5],
                "bouts": str(n % 4),
                "points": str(40 + n % 40),
            }
        )
    return s


def saved_and_read(session: Session) -> Session:
    with store.locked(session.id):
        path = store.write(session)
    return store.read(path)


@pytest.mark.parametrize(
    "change",
    [
        {"join": ["Zoé=30"]},
        {"leave": ["Cyd"]},
        {"replace": ["Dan=Max"]},
    ],
    ids=["join", "leave", "replace"],
)
def test_a_table_change_replays_from_the_stored_checkpoint(home, change) -> None:
    session = saved_and_read(long_tarot(4 * CHECKPOINT_SPAN + 3))
    session.standings()
    start = session._progress.start.rounds
    assert start >= 2 * CHECKPOINT_SPAN  # read through the file's checkpoint
    session.change_table(**change)
    after = session.standings()
    assert session._progress.start.rounds == start  # not replayed from round 0
    fresh = session.standings(fresh=True)
    assert dict(after.totals) == dict(fresh.totals)
    assert after.columns == fresh.columns
    # and once saved at the new table, read back through its new checkpoint
    again = saved_and_read(session)
    assert dict(again.standings().totals) == dict(fresh.totals)
    assert again._progress.start.rounds >= 2 * CHECKPOINT_SPAN


def test_a_rename_replays_from_round_zero_and_keeps_the_numbers(home) -> None:
    session = saved_and_read(long_tarot(3 * CHECKPOINT_SPAN))
    before = dict(session.standings().totals)
    session.change_table(rename=["eve=Éva"])
    after = session.standings()
    assert session._progress.start.rounds == 0  # the checkpoint's totals were Eve's
    assert after.totals["Éva"] == before["Eve"] and "Eve" not in after.totals
    assert {k: v for k, v in after.totals.items() if k != "Éva"} == {
        k: v for k, v in before.items() if k != "Eve"
    }


def test_a_checkpoint_after_the_change_is_not_taken_for_the_old_table(home) -> None:
    """A file saved after a table change, its change undone: the checkpoint (computed with
    the newcomer) must not be used once the tables differ before it."""
    session = long_tarot(CHECKPOINT_SPAN)
    session.change_table(join=["Zoé=500"])
    for n in range(3 * CHECKPOINT_SPAN):
        mort = session.standings().next_mort  # six at the table now: one sits out
        taker, called = [p for p in ["Zoé", "Ann", "Bob"] if p != mort][:2]
        raw = {"taker": taker, "contract": "prise", "called": called, "bouts": "1"}
        session.add({**raw, "points": str(30 + n % 30)})
    read = saved_and_read(session)
    # take back every round after the change, then the change itself
    for _ in range(3 * CHECKPOINT_SPAN + 1):
        read.undo()
    assert read.tables == []
    standings = read.standings()
    fresh = read.standings(fresh=True)
    assert dict(standings.totals) == dict(fresh.totals)
    assert "Zoé" not in standings.totals
