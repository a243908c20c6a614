"""What a session does with its replay cache, its checkpoints and its table changes, observed
from outside: where a replay starts, how many rounds it scores, which table says a history
line, what a damaged file is refused for.

These hold what mutation testing of session.py (scripts/mutation.sh) showed no other test
held; each test says what it pins."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore import changes, store
from cardscore.games.base import InputError
from cardscore.session import CHECKPOINT_SPAN, RoundRow, Session, SessionDataError
from cardscore.stored import StoredRounds

SEATS4 = ["Ann", "Béa", "Cyd", "Dan"]
TAROT5 = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
GARDE = {"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"}


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


# --------------------------------------------------------------------------------------------
# Refusals of the session, word for word


def refused(action: Callable[[], Any]) -> str:
    with pytest.raises(InputError) as caught:
        action()
    return str(caught.value)


def test_a_round_that_does_not_exist_is_refused_word_for_word() -> None:
    s = Session.create("tarot", TAROT5[:4])
    assert refused(lambda: s.edit(1, {"bouts": "2"})) == "ROUND: there is no round yet"
    assert refused(lambda: s.remove(1)) == "ROUND: there is no round yet"
    s.add(GARDE)
    s.add(GARDE)
    assert refused(lambda: s.edit(3, {"bouts": "2"})) == (
        "ROUND: there is no round 3 (rounds 1 to 2)"
    )
    assert refused(lambda: s.remove(0)) == "ROUND: there is no round 0 (rounds 1 to 2)"
    assert refused(lambda: s.add(GARDE, before=3)) == (
        "--before: there is no round 3 (rounds 1 to 2)"
    )
    assert refused(lambda: s.edit(2, {"bouts": "1"})) == "round 2: nothing to change"


def test_nothing_to_redo_and_a_damaged_redo_are_said_word_for_word() -> None:
    s = Session.create("tarot", TAROT5[:4], session_id="abc123")
    assert refused(s.redo) == "there is no undone change to redo"
    s.add(GARDE)
    s.undo()
    s.undone[-1] = {"kind": "add", "round": 1}  # no input: as a hand could leave it
    with pytest.raises(SessionDataError) as caught:
        s.redo()
    assert str(caught.value) == "a change of the history is not one cardscore makes"
    assert caught.value.session_id == "abc123"
    assert s.rounds == [] and len(s.undone) == 1


# --------------------------------------------------------------------------------------------
# Corrections


def test_a_correction_of_the_whole_round_keeps_none_of_its_old_answers() -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add({**GARDE, "petit_au_bout": "Ann"})
    answers = {"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"}
    _, new = s.edit(1, answers, whole=True)
    assert new["petit_au_bout"] is None  # not asked again: gone
    _, kept = s.edit(1, {"petit_au_bout": "Bob"})
    _, again = s.edit(1, {"points": "61"})  # only some answers: the others stay
    assert kept["petit_au_bout"] == again["petit_au_bout"] == "Bob"


def test_the_answers_after_a_correction_are_judged_with_the_table_of_the_round() -> None:
    """The answers of round 1 (five at the table, a partner called) once corrected: with
    its own table the partner stays; for the next round's table (four since Eve left) a
    partner cannot be called."""
    s = Session.create("tarot", TAROT5)
    s.add({**GARDE, "called": "Bob"})
    s.change_table(leave=["Eve"])
    assert s.answers_after(s.rounds[0], {"points": "50"}, 1)["called"] == "Bob"
    assert "called" not in s.answers_after(s.rounds[0], {"points": "50"})


# --------------------------------------------------------------------------------------------
# The redo stack and the history (changes.py)


def test_what_an_undo_keeps_for_redo_is_the_change_without_its_number_and_time() -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    added = s.rounds[0]
    s.edit(1, {"bouts": "2"})
    edited = s.rounds[0]
    s.undo()
    s.undo()
    assert s.undone == [
        {"kind": "edit", "round": 1, "old": added, "new": edited},
        {"kind": "add", "round": 1, "input": added},
    ]
    assert s.to_dict()["undone"] == json.loads(json.dumps(s.undone))


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (None, "—"),
        ([], "—"),
        (False, "—"),
        (True, "✓"),
        (["Ann:simple", "Bob:double"], "Ann:simple Bob:double"),
        (("Bob=10", 20), "Bob=10 20"),
        (0, "0"),
        ("garde", "garde"),
    ],
)
def test_an_answer_is_said_in_the_history_as_a_person_reads_it(answer: Any, said: str) -> None:
    assert changes._said(answer) == said


def history_of(session: Session, *entries: dict[str, Any]) -> Session:
    """``session`` read back from a file whose history was written by hand: its own
    entries, then ``entries`` (numbered after them)."""
    data = session.to_dict()
    count = len(data["history"])
    data["history"] += [{"n": count + i, "time": None, **e} for i, e in enumerate(entries, 1)]
    return Session.from_dict(data)


def lines(session: Session) -> list[str]:
    return [str(line) for _, line in session.changes()]


def test_the_history_says_an_edit_of_several_answers_each_in_turn() -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    s.edit(1, {"bouts": "2", "poignee": ["Ann:simple", "Bob:double"]})
    assert lines(s)[-1] == "round 1 edited: bouts 1 → 2, poignee — → Ann:simple Bob:double"


def test_the_history_of_a_hand_written_file_says_what_it_can() -> None:
    """An undo of an entry not in the history, an undo of an undo, an edit that changed no
    answer: said as they are, without failing."""
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    round_1 = s.rounds[0]
    written = history_of(
        s,
        {"kind": "undo", "round": 1, "of": 9},
        {"kind": "undo", "round": 1, "of": 1},
        {"kind": "undo", "round": 1, "of": 3},
        {"kind": "edit", "round": 1, "old": round_1, "new": dict(round_1)},
    )
    assert lines(written) == [
        "round 1 added: Ann garde, 1 bout, 60",
        "undone: 9",
        "undone: round 1 added: Ann garde, 1 bout, 60",
        "undone: undone: round 1 added: Ann garde, 1 bout, 60",
        "round 1 edited: —",
    ]


def test_a_change_of_an_unknown_kind_is_refused_by_every_step() -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    rounds = list(s.rounds)
    bogus = {"kind": "bogus", "round": 1, "n": 2, "input": rounds[0]}
    for step in (
        lambda: changes.apply(rounds, bogus),
        lambda: changes.revert(rounds, bogus),
        lambda: changes.summary(bogus, s.game_rules, s.table_at, {}.get),
    ):
        with pytest.raises(ValueError) as caught:
            step()
        assert str(caught.value) == "a change of unknown kind 'bogus'"
    assert rounds == s.rounds
    # a table change changes no round here (the session makes its table side)
    table = {"kind": "table", "round": 2, "join": {"Zoé": 0}}
    changes.apply(rounds, table)
    changes.revert(rounds, table)
    assert rounds == s.rounds


@pytest.mark.parametrize(
    "change",
    [
        5,
        ["kind", "add"],
        {"kind": "add", "round": "1", "input": {}},
        {"kind": "add", "round": True, "input": {}},
        {"kind": "add", "input": {}},
        {"kind": "add", "round": 1},
        {"kind": "remove", "round": 1, "old": {}, "era": "0"},
        {"kind": "insert", "round": 1, "input": {}, "era": None},
        {"kind": "undo", "round": 1, "of": 1},
        {"kind": "table", "round": 1},
    ],
)
def test_a_change_cardscore_never_makes(change: Any) -> None:
    assert not changes.is_change(change)


@pytest.mark.parametrize(
    "change",
    [
        {"kind": "add", "round": 1, "input": {}},
        {"kind": "remove", "round": 2, "old": {}, "era": 0},
        {"kind": "edit", "round": 2, "old": {}, "new": {}},
        {"kind": "table", "round": 3, "leave": ["Ann"]},
    ],
)
def test_a_change_as_cardscore_makes_it(change: dict[str, Any]) -> None:
    assert changes.is_change(change)
    assert changes.is_entry({"n": 4, **change})


@pytest.mark.parametrize(
    "entry",
    [
        "undo",
        {"kind": "add", "round": 1, "input": {}},  # no number
        {"n": "4", "kind": "add", "round": 1, "input": {}},
        {"n": 4, "kind": "undo", "round": 1},
        {"n": 4, "kind": "undo", "of": 1},
        {"n": 4, "kind": "undo", "round": 1, "of": "1"},
        {"n": 4, "kind": "redo", "change": {"kind": "add", "round": 1, "input": {}}},
        {"n": 4, "kind": "redo", "round": 1, "change": {"kind": "add", "round": 1}},
    ],
)
def test_an_entry_cardscore_never_logs(entry: Any) -> None:
    assert not changes.is_entry(entry)


@pytest.mark.parametrize(
    "entry",
    [
        {"kind": "undo", "round": 1, "of": "1"},
        {"kind": "undo", "round": 1, "of": None},
        {"kind": "redo", "round": 1, "change": {"kind": "add", "round": 1}},
        {"kind": "redo", "round": 1, "change": {"kind": "undo", "round": 1, "of": 1}},
    ],
)
def test_a_file_whose_history_holds_an_entry_cardscore_never_logs_is_damaged(entry) -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    with pytest.raises(ValueError) as caught:
        history_of(s, entry)
    assert str(caught.value) == "a change of the history is not one cardscore makes"


def test_a_change_after_a_table_change_is_logged_as_it_was_made() -> None:
    """Only an insertion or a removal says which table changes move with it (``era``)."""
    s = Session.create("tarot", TAROT5)
    s.add(GARDE)
    s.change_table(leave=["Eve"])
    s.add(GARDE)
    s.edit(2, {"points": "61"})
    s.change_table(join=["Eve"])
    assert [sorted(entry) for entry in s.history] == [
        ["input", "kind", "n", "round", "time"],
        ["kind", "leave", "n", "round", "time"],
        ["input", "kind", "n", "round", "time"],
        ["kind", "n", "new", "old", "round", "time"],
        ["join", "kind", "n", "round", "time"],
    ]
    s.remove(1)
    assert s.history[-1]["era"] == 0


def test_nothing_to_undo_is_said_word_for_word() -> None:
    assert refused(Session.create("tarot", TAROT5).undo) == "there is no change to undo"


def test_a_change_after_which_a_round_cannot_be_scored_is_refused_and_undone() -> None:
    """Round 1, damaged in memory since it was scored, is scored again when round 2 is
    corrected: the correction is refused, saying why, and nothing is changed."""
    s = Session.create("tarot", TAROT5[:4], session_id="abc123")
    s.add(GARDE)
    s.add(GARDE)
    del s.rounds[0]["contract"]
    before = list(s.rounds), list(s.history)
    assert refused(lambda: s.edit(2, {"points": "61"})) == (
        "round 1 cannot be scored (KeyError: 'contract')"
    )
    assert (list(s.rounds), list(s.history)) == before
    with pytest.raises(SessionDataError):  # and the next replay says so again
        s.standings()


def test_the_rounds_a_move_renumbers_are_checked_under_the_session_s_rules() -> None:
    """An insertion at a six-player table (a mort) checks the later rounds with their new
    numbers: under the session's rules (maison: misères), not some default set."""
    s = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay"], rules="maison")
    garde = {**GARDE, "taker": "Cyd", "called": "Dan", "bouts": "2", "points": "50"}
    s.add({**garde, "misere": ["Eve"]})
    s.add(garde, before=1)
    assert [r["miseres"] for r in s.rounds] == [[], [["Eve", "simple"]]]
    assert [row.mort for row in s.standings().rows] == ["Ann", "Bob"]


# --------------------------------------------------------------------------------------------
# A replay goes on from the previous one while the rounds before are unchanged


def test_a_second_replay_of_unchanged_rounds_scores_none(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, _ = long_file()
    plain = long_session(40)
    plain.standings()
    for s in (session, plain):
        scored = scores_counted(monkeypatch, s)
        s.standings()
        s.standings()
        assert scored == []
        s.add(tarot_round(s.table().players, len(s.rounds)))
        assert scored == [len(s.rounds)] * 2  # checked once by add, then replayed once
        s.standings()
        assert scored == [len(s.rounds)] * 2


def test_a_round_corrected_before_the_checkpoint_is_replayed_from_the_first(home: Path) -> None:
    session, _ = long_file()
    session.edit(5, {"points": "70"})
    assert replayed_from(session) == 0
    fresh = Session.from_dict(session.to_dict()).standings(fresh=True)
    assert dict(session.standings().totals) == dict(fresh.totals)
