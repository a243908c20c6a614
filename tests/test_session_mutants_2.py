"""What a session does with its replay cache, its checkpoints and its table changes, observed
from outside: where a replay starts, how many rounds it scores, which table says a history
line, what a damaged file is refused for.

These hold what mutation testing of session.py (scripts/mutation.sh) showed no other test
held; each test says what it pins."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.session import CHECKPOINT_SPAN, RoundRow, Session, SessionDataError
from cardscore.stored import StoredRounds

SEATS4 = ["Ann", "Béa", "Cyd", "Dan"]
TAROT5 = ["Ann", "Bob", "Cyd", "Dan", "Eve"]


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


# --------------------------------------------------------------------------------------------
# A file read through its checkpoint: which rows are replayed, and when


def tarot_round(table: tuple[str, ...], n: int) -> dict[str, Any]:
    return {
        "taker": table[n % len(table)],
        "contract": "garde" if n % 3 else "prise",
        "called": table[(n + 2) % len(table)],
        "bouts": str(n % 4),
        "points": str(40 + n % 40),
    }


@functools.cache
def long_data(rounds: int) -> str:
    """A five-player tarot of ``rounds`` rounds, as JSON (built once per length)."""
    session = Session.create("tarot", TAROT5, session_id="long")
    for n in range(rounds):
        session.add(tarot_round(session.table().players, n))
    return json.dumps(session.to_dict())


def long_session(rounds: int) -> Session:
    return Session.from_dict(json.loads(long_data(rounds)))


def saved_and_read(session: Session) -> Session:
    with store.locked(session.id):
        path = store.write(session)
    read = store.read(path)
    assert isinstance(read.rounds, StoredRounds)
    return read


def long_file(rounds: int = 3 * CHECKPOINT_SPAN + 10) -> tuple[Session, tuple[RoundRow, ...]]:
    """A long session read through its file's checkpoint (after round 128: two spans), and
    every row of a whole replay of it, to compare with."""
    session = long_session(rounds)
    read = saved_and_read(session)
    read.standings()
    assert read._progress is not None and read._progress.start.rounds == 2 * CHECKPOINT_SPAN
    return read, tuple(session.standings(fresh=True).rows)


def replayed_from(session: Session) -> int:
    """The round the session's last replay started after (0: from the first round)."""
    assert session._progress is not None
    return session._progress.start.rounds


def test_rows_after_the_checkpoint_come_without_a_whole_replay(home: Path) -> None:
    session, whole = long_file()
    rows = session.standings().rows
    start, end = 2 * CHECKPOINT_SPAN, len(whole)
    assert len(rows) == end
    assert rows[start] == whole[start]  # the first row after the checkpoint
    assert rows[-1] == whole[-1] and rows[end - 2] == whole[-2]
    assert rows[-end + start] == whole[start]
    assert rows[start : start + 2] == whole[start : start + 2]
    assert rows[-1:] == whole[-1:]
    assert rows[-3:] == whole[-3:]
    assert rows[-6::2] == whole[-6::2] and len(rows[-6::2]) == 3
    assert rows[-1:-7:-3] == whole[-1:-7:-3] and len(rows[-1:-7:-3]) == 2
    assert rows[start + 3 : start + 3] == () and rows[end:] == ()
    assert not hasattr(rows, "_whole_rows")  # none of them needed the first rounds
    assert session.standings() and replayed_from(session) == start
    with pytest.raises(IndexError):
        rows[end]


def test_rows_before_the_checkpoint_are_those_of_a_whole_replay(home: Path) -> None:
    session, whole = long_file()
    rows = session.standings().rows
    assert rows[0:3] == whole[0:3]
    assert rows[::-1] == whole[::-1] and len(rows[::-1]) == len(whole)
    assert rows[-len(whole)] == whole[0]


def scores_counted(monkeypatch: pytest.MonkeyPatch, session: Session) -> list[int]:
    """The round numbers the game scores from now on (each replayed round, once each)."""
    game = session.game_rules
    scored: list[int] = []
    real = game.score

    def counting(inp: Any, table: Any, number: int, *args: Any, **kwargs: Any) -> Any:
        scored.append(number)
        return real(inp, table, number, *args, **kwargs)

    monkeypatch.setattr(game, "score", counting)
    return scored


def test_an_early_row_replays_the_rounds_up_to_it_and_nothing_else(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, whole = long_file()
    rows = session.standings().rows
    scored = scores_counted(monkeypatch, session)
    assert rows[3] == whole[3]
    assert scored == [1, 2, 3, 4]  # rounds 1 to 4, once (not one more)
    assert rows[CHECKPOINT_SPAN - 1] == whole[CHECKPOINT_SPAN - 1]
    assert not hasattr(rows, "_whole_rows")  # no whole replay kept for them
    assert session.standings() and replayed_from(session) == 2 * CHECKPOINT_SPAN


def test_a_row_a_span_or_more_before_the_checkpoint_replays_the_whole_file_once(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, whole = long_file()
    rows = session.standings().rows
    scored = scores_counted(monkeypatch, session)
    assert rows[CHECKPOINT_SPAN] == whole[CHECKPOINT_SPAN]
    assert hasattr(rows, "_whole_rows")
    assert scored == list(range(1, len(whole) + 1))
    # the rows read since are the whole replay's, not replayed again
    assert rows[3] is rows[3] is tuple(rows)[3]
    assert rows[3] == whole[3]
    assert len(scored) == len(whole)
    # and the next replay goes on from the whole one: nothing is scored again
    assert session.standings().rows == whole
    assert replayed_from(session) == 0
    assert len(scored) == len(whole)


def test_a_whole_replay_of_an_older_replay_leaves_the_session_s_own(home: Path) -> None:
    """The rows of a replay the session went on from since (a round added): working them
    all out does not take the session back to fewer rounds."""
    session, whole = long_file()
    older = session.standings()
    session.add(tarot_round(session.table().players, len(whole)))
    assert replayed_from(session) == 2 * CHECKPOINT_SPAN
    assert older.rows[100] == whole[100]
    assert replayed_from(session) == 2 * CHECKPOINT_SPAN
    assert session.standings().rows[-1].number == len(whole) + 1


def test_an_early_round_that_cannot_be_scored_names_the_session(home: Path) -> None:
    """A file whose checkpoint is sound but an early round is not (damaged in memory
    before the save, the checkpoint worked out before): reading that row says which
    session, which round."""
    session = long_session(3 * CHECKPOINT_SPAN + 10)
    session.standings()
    session.rounds[3]["contract"] = "nonsense"  # in place: the replay does not see it
    for read_row in (3, 100):  # replayed up to it, or the whole file
        read = saved_and_read(session)
        rows = read.standings().rows
        with pytest.raises(SessionDataError) as caught:
            _ = rows[read_row]
        assert caught.value.session_id == "long"
        assert str(caught.value).startswith("round 4 cannot be scored (")


# --------------------------------------------------------------------------------------------
# A table change and the file's checkpoint


def test_a_checkpoint_at_the_round_a_table_changed_still_counts(home: Path) -> None:
    """The file's checkpoint is after round 128, the first round of a new table: a later
    table change leaves it good, and the replay starts from it."""
    session = long_session(2 * CHECKPOINT_SPAN - 1)
    session.change_table(replace=["Eve=Zoé"])  # from round 128
    for n in range(2 * CHECKPOINT_SPAN - 1, 3 * CHECKPOINT_SPAN + 10):
        session.add(tarot_round(session.table().players, n))
    read = saved_and_read(session)
    assert read.tables[0]["from"] == 2 * CHECKPOINT_SPAN
    read.change_table(join=["Yan=5"])
    standings = read.standings()
    assert replayed_from(read) == 2 * CHECKPOINT_SPAN
    fresh = read.standings(fresh=True)
    assert dict(standings.totals) == dict(fresh.totals)
