"""Long sessions stay fast: the checkpoint of a session file (README "Speed").

* :class:`StoredRounds` behaves exactly as a list under every operation (hypothesis runs
  the same random operations on both);
* a session read through its checkpoint scores exactly as one replayed from the first
  round, for every game, through add, undo, redo and saves (hypothesis), and what it writes
  is byte for byte what the long way writes;
* the checkpoint is trusted only when sound: a hand-edited round, an edited checkpoint,
  another version of cardscore or an older file are read the long way, with the same
  numbers as a fresh replay;
* ``add`` on a long session parses and scores only its last rounds (structural, not timed).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscore import store
from cardscore.games.base import InputError
from cardscore.session import CHECKPOINT_SPAN, Checkpoint, Session, Standings
from cardscore.stored import SEPARATOR, StoredRounds
from test_replay_speed import SAMPLES, add_all, session_of

# --------------------------------------------------------------------------------------------
# StoredRounds is a list

ROUND = st.fixed_dictionaries({"n": st.integers(-5, 5)}, optional={"who": st.text(max_size=3)})


def stored(rounds: list[dict[str, Any]]) -> StoredRounds:
    lines = [json.dumps(r, ensure_ascii=False).encode() for r in rounds]
    return StoredRounds(SEPARATOR.join(lines), len(lines))


def as_written(rounds: StoredRounds) -> list[Any]:
    """What a save writes of ``rounds`` (as store.encode does): the stored lines as they
    are, then the others."""
    block = bytes(rounds.block())
    lines = [block] if block else []
    lines += [json.dumps(r).encode() for r in rounds.extra()]
    return json.loads(b"[" + SEPARATOR.join(lines) + b"]")


OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("append"), ROUND),
        st.tuples(st.just("pop"), st.integers(-8, 8)),
        st.tuples(st.just("pop last"), st.none()),
        st.tuples(st.just("get"), st.integers(-8, 8)),
        st.tuples(st.just("slice"), st.tuples(st.integers(-9, 9), st.integers(-9, 9))),
        st.tuples(st.just("step"), st.sampled_from([2, -1, -2, 3])),
        st.tuples(st.just("set"), st.tuples(st.integers(-8, 8), ROUND)),
        st.tuples(st.just("del"), st.integers(-8, 8)),
        st.tuples(st.just("insert"), st.tuples(st.integers(-9, 9), ROUND)),
        st.tuples(st.just("extend"), st.lists(ROUND, max_size=3)),
        st.tuples(st.just("clear"), st.none()),
    ),
    max_size=25,
)


def apply(target: Any, op: str, arg: Any) -> Any:
    """One list operation; what it returns, or the type of the exception it raises."""
    try:
        if op == "append":
            return target.append(arg)
        if op == "pop":
            return target.pop(arg)
        if op == "pop last":
            return target.pop()
        if op == "get":
            return target[arg]
        if op == "slice":
            return list(target[arg[0] : arg[1]])
        if op == "step":
            return list(target[::arg])
        if op == "set":
            target[arg[0]] = arg[1]
            return None
        if op == "del":
            del target[arg]
            return None
        if op == "insert":
            return target.insert(*arg)
        if op == "extend":
            return target.extend(arg)
        return target.clear()
    except IndexError as exc:
        return type(exc)


@settings(max_examples=300, deadline=None)
@given(st.lists(ROUND, max_size=8), OPERATIONS)
def test_stored_rounds_behave_as_a_list(initial: list[dict[str, Any]], operations) -> None:
    rounds, mirror = stored(initial), [dict(r) for r in initial]
    for op, arg in operations:
        assert apply(rounds, op, arg) == apply(mirror, op, arg), (op, arg)
        assert len(rounds) == len(mirror)
        assert rounds == mirror and mirror == rounds
        assert list(rounds) == mirror
        assert as_written(rounds) == mirror
        assert 0 <= rounds.intact <= len(rounds)
        if rounds:
            assert rounds[0] is rounds[0] and rounds[-1] is rounds[-1]  # read once, kept


def test_reading_the_last_rounds_parses_only_their_lines() -> None:
    rounds = stored([{"n": i} for i in range(1000)])
    assert rounds[-3:] == [{"n": 997}, {"n": 998}, {"n": 999}]
    assert rounds._read_from == 997
    assert rounds.pop() == {"n": 999} and rounds.intact == 999
    assert rounds[500] == {"n": 500}
    assert rounds._read_from == 500


def test_head_gives_the_first_rounds_as_they_were() -> None:
    rounds = stored([{"n": i} for i in range(10)])
    first_five = rounds.head(5)
    del rounds[-1]
    assert first_five() == [{"n": i} for i in range(5)]
    assert first_five()[0] is rounds[0]  # still the same objects
    rounds[0] = {"n": "changed"}  # the block is gone: the first rounds come from the copy
    assert rounds.intact == 0
    assert first_five() == [{"n": i} for i in range(5)]
    with pytest.raises(ValueError):
        rounds.head(1)


# --------------------------------------------------------------------------------------------
# Sessions read through their checkpoint


def saved(session: Session) -> Path:
    with store.locked(session.id):
        return store.write(session)


def long_session(game: str, count: int) -> Session:
    players, raws = SAMPLES[game]
    session = session_of(game, players)
    while len(session.rounds) < count:
        if not add_all(session, raws[: count - len(session.rounds)]):
            break
    return session


def plain_copy(session: Session) -> Session:
    """The same session with its rounds in a plain list (no checkpoint to start from)."""
    return Session.from_dict(json.loads(json.dumps(session.to_dict())))


def same_place(fast: Standings, slow: Standings) -> None:
    """What a command shows without reading early rows: the same in both."""
    assert fast.totals == slow.totals
    assert (fast.held, fast.carry, fast.finished, fast.winner) == (
        slow.held,
        slow.carry,
        slow.finished,
        slow.winner,
    )
    assert (fast.next_dealer, fast.next_mort) == (slow.next_dealer, slow.next_mort)
    assert len(fast.rows) == len(slow.rows)
    assert fast.rows[-3:] == slow.rows[-3:]
    if fast.rows:
        assert fast.rows[-1].breakdown == slow.rows[-1].breakdown


def above_checkpoint(content: bytes) -> bytes:
    return content[: content.rfind(b'\n  "checkpoint"')]


def assert_true_checkpoint(session: Session) -> None:
    """The checkpoint a save of ``session`` stores is where its first rounds lead.

    (Which round it is after may depend on where the replay started: after an undo past
    the round it would choose, it keeps the one it started from.)"""
    checkpoint = session.checkpoint()
    first = plain_copy(session)
    first.rounds = first.rounds[: checkpoint.rounds]
    there = first.standings(fresh=True)
    assert checkpoint == Checkpoint(checkpoint.rounds, there.totals, there.carry, there.held)
    assert len(session.rounds) - checkpoint.rounds < 2 * CHECKPOINT_SPAN or session.undone


GAMES = sorted(SAMPLES)
STEPS = st.lists(st.sampled_from(["add", "undo", "redo", "save"]), max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), count=st.integers(0, 3 * CHECKPOINT_SPAN), steps=STEPS)
def test_a_session_read_through_its_checkpoint_scores_as_a_whole_replay(
    game: str, count: int, steps: list[str]
) -> None:
    # (the data folder is this test's, shared by its examples: each one overwrites its file)
    built = long_session(game, count)
    path = saved(built)
    fast = store.read(path)
    if len(built.rounds) > CHECKPOINT_SPAN:
        assert isinstance(fast.rounds, StoredRounds)
    slow = plain_copy(built)
    raws = SAMPLES[game][1]
    for number, step in enumerate(steps):
        if step == "save":
            saved(fast)
            fast = store.read(path)
            continue
        outcomes = []
        for session in (fast, slow):
            try:
                if step == "add":
                    session.add(raws[number % len(raws)])
                else:
                    getattr(session, step)()
                outcomes.append(None)
            except InputError as exc:
                outcomes.append(str(exc))
        assert outcomes[0] == outcomes[1]
        same_place(fast.standings(), slow.standings(fresh=True))
    slow.updated = fast.updated
    assert above_checkpoint(store.encode(fast)) == above_checkpoint(store.encode(slow))
    assert_true_checkpoint(fast)
    assert fast.standings() == slow.standings(fresh=True)  # every row, the early ones too
    assert store.read(saved(fast)) == slow


def test_add_on_a_long_session_reads_only_the_last_rounds(home: Path) -> None:
    session = long_session("tarot", 1000)
    path = saved(session)
    before = path.read_bytes()
    with store.changing(session.id) as current:
        current.add({"taker": "Ann", "contract": "garde", "bouts": "2", "points": "50"})
        standings = current.standings()
        rounds = current.rounds
        assert isinstance(rounds, StoredRounds)
        assert rounds._read_from >= 1000 - 2 * CHECKPOINT_SPAN
        assert len(standings.rows._tail) < 2 * CHECKPOINT_SPAN
    after = path.read_bytes()
    first_line = before.index(b'\n  "rounds": [')
    last_stored = before.index(b"\n  ]", first_line)
    body = before[first_line:last_stored]
    assert after[first_line : first_line + len(body)] == body  # the stored lines, as they were
    plain = plain_copy(store.read(path))
    assert store.read(path).standings() == plain.standings(fresh=True)


def test_an_early_row_is_replayed_alone_and_as_the_whole_replay_has_it(home: Path) -> None:
    """The old scores of a round corrected near the start of a long file: the rounds up to
    it are replayed, not the whole file, and the row is the one a whole replay gives."""
    session = long_session("tarot", 1000)
    path = saved(session)
    plain = plain_copy(store.read(path)).standings(fresh=True)
    rows = store.read(path).standings().rows
    assert rows[4] == plain.rows[4] and rows[0] == plain.rows[0]
    assert not hasattr(rows, "_whole_rows")  # no whole replay for them
    rounds = store.read(path).rounds
    assert isinstance(rounds, StoredRounds)
    assert rounds.head(CHECKPOINT_SPAN)(3) == plain_copy(session).rounds[:3]
    assert rows[500] == plain.rows[500]  # a row before the checkpoint, read the usual way
    assert hasattr(rows, "_whole_rows")


# --------------------------------------------------------------------------------------------
# A checkpoint is trusted only when sound


def long_file(rounds: int = 3 * CHECKPOINT_SPAN) -> tuple[Path, Session]:
    session = long_session("tarot", rounds)
    path = saved(session)
    assert isinstance(store.read(path).rounds, StoredRounds)
    return path, session


def read_the_long_way(path: Path) -> Session:
    session = store.read(path)
    assert isinstance(session.rounds, list)
    assert session.standings() == plain_copy(session).standings(fresh=True)
    return session


def test_a_hand_edited_round_is_read_the_long_way(home: Path) -> None:
    path, session = long_file()
    text = path.read_text("utf-8")
    edited = text.replace('"points": 49', '"points": 60', 1)
    assert edited != text
    path.write_text(edited, "utf-8")
    again = read_the_long_way(path)
    assert again.standings().totals != session.standings().totals


def test_an_edited_checkpoint_is_not_trusted(home: Path) -> None:
    path, session = long_file()
    text = path.read_text("utf-8")
    checkpoint = text[text.rindex('"checkpoint"') :]
    wrong = re.sub(r'"Ann": (-?\d+)', lambda m: f'"Ann": {int(m[1]) + 100}', checkpoint)
    assert wrong != checkpoint
    path.write_text(text.replace(checkpoint, wrong), "utf-8")
    assert read_the_long_way(path).standings().totals == session.standings().totals


def test_a_checkpoint_of_another_version_is_not_trusted(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, session = long_file()
    monkeypatch.setattr(store, "__version__", "0.0.0")
    assert read_the_long_way(path).standings().totals == session.standings().totals


def test_a_file_without_checkpoint_is_read_and_gets_one(home: Path) -> None:
    path, session = long_file()
    text = path.read_text("utf-8")
    at = text.rindex(',\n  "checkpoint"')
    path.write_text(text[:at] + "\n}\n", "utf-8")  # as the first version wrote files
    read_the_long_way(path)
    with store.changing(session.id) as current:
        current.add({"contract": "passe"})
    assert isinstance(store.read(path).rounds, StoredRounds)


def test_a_session_that_cannot_be_scored_is_saved_without_checkpoint(home: Path) -> None:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd"], session_id="broken")
    session.rounds = [{"contract": "nonsense"}]
    path = saved(session)
    assert '"checkpoint"' not in path.read_text("utf-8")
    assert store.read(path) == session


def test_a_checkpoint_counts_only_at_the_table_it_was_worked_out_at(home: Path) -> None:
    path, session = long_file()
    fft = store.read(path)
    fft.standings()
    maison = store.read(path)
    maison.params = Session.create("tarot", maison.players, rules="maison").params
    assert maison.params != session.params
    for changed in (maison, fft):  # read with other rules, or changed after a replay
        changed.params = maison.params
        expected = plain_copy(changed).standings(fresh=True)
        assert changed.standings() == expected
        assert expected.totals != session.standings().totals
