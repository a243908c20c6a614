"""Faults (docs/files.md, "Reliability"): a save killed at any instant, two
processes adding rounds to one session at once, a folder with no space left.

Every loop here is bounded and every wait has a timeout: the whole file runs in under a
minute on a 2-core machine (about 45 s, most of it the 300 kills).
"""

from __future__ import annotations

import dataclasses
import errno
import multiprocessing
import os
import random
import signal
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.changes import from_schema_1
from cardscore.session import Session

KILL_TRIALS = 300  # processes killed with SIGKILL while saving
BIG_SESSION_ROUNDS = 300  # rounds in the session they save (~50 KB; kills aim at its write)
CONCURRENT_ROUNDS = 200  # rounds each of two processes adds to the same session at once

PLAYERS = ["Ann", "Bob", "Cyd", "Dan", "Zoé"]
CONTRACTS = ["prise", "garde", "garde-sans", "garde-contre"]
FORK = multiprocessing.get_context("fork")
ENOSPC = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def raw_round(index: int) -> dict[str, str]:
    """Round ``index`` (0-based) of the killed sessions: varied, and a function of ``index``
    alone, so that the rounds of a file can be checked one by one."""
    points = 20 + (index * 7) % 55
    return {
        "taker": PLAYERS[index % 5],
        "contract": CONTRACTS[(index // 5) % 4],
        "bouts": str(index % 4),
        "points": f"{points},5" if index % 3 == 0 else str(points),
        "called": PLAYERS[(index // 3) % 5],
    }


class Expected:
    """The stored input of each round ``raw_round(i)``, computed on demand."""

    def __init__(self, session: Session) -> None:
        self.game = session.game_rules
        self.table = session.table()
        self.inputs: list[dict[str, Any]] = []

    def prefix(self, n: int) -> list[dict[str, Any]]:
        while len(self.inputs) < n:
            i = len(self.inputs)
            self.inputs.append(self.game.build_round(raw_round(i), self.table, i + 1))
        return self.inputs[:n]


def new_session(rounds: int = 0) -> Session:
    session = Session.create("tarot", PLAYERS, session_id=store.new_id())
    expected = Expected(session)
    session.rounds = expected.prefix(rounds)
    session.history = from_schema_1(session.rounds, [])[0]  # each round logged as added
    with store.locked(session.id):
        store.write(session)
    return session


def temporary_files(folder: Path, session_id: str) -> list[Path]:
    return sorted(folder.glob(f".{session_id}.*.tmp"))


# --------------------------------------------------------------------------------------------
# kill -9 while saving


def _keep_saving(session_id: str, conn: Any, cycles: int) -> None:
    """Child: add rounds one by one through the real store until killed (or after
    ``cycles`` rounds), saying when it starts ("r"), when a save has created its temporary
    file ("w": the write window opens) and when a save is done ("d")."""
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        result = real_mkstemp(*args, **kwargs)
        conn.send_bytes(b"w")
        return result

    tempfile.mkstemp = mkstemp  # in this child process only
    conn.send_bytes(b"r")
    for _ in range(cycles):
        with store.changing(session_id) as session:
            session.add(raw_round(len(session.rounds)))
        conn.send_bytes(b"d")


def _calibrate(session_id: str) -> float:
    """How long one add takes here (lock, read, replay, encode, save)."""
    cycles = []
    for _ in range(3):
        start = time.perf_counter()
        with store.changing(session_id) as session:
            session.add(raw_round(len(session.rounds)))
        cycles.append(time.perf_counter() - start)
    return statistics.median(cycles)


def _wait_for(conn: Any, wanted: bytes, timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        if not conn.poll(left):
            return False
        try:
            if conn.recv_bytes() == wanted:
                return True
        except EOFError:
            return False
    return False


@dataclasses.dataclass
class _Instants:
    """Chooses when to kill a child that keeps saving."""

    cycle: float  # one add, measured before the trials
    rng: random.Random
    windows: list[float] = dataclasses.field(default_factory=list)  # measured write windows
    targeted: int = 0

    def delay(self, conn: Any, targeted: bool) -> float:
        """Wait for the moment to start counting from; return the delay before the kill.

        Targeted: kill within the write window (temporary file created → save done) of the
        child's first save, as long as the last windows measured; the first time and every
        tenth time, measure one whole window first, under this very moment's load, and kill
        in the next one.  Otherwise: anywhere in the child's first add or two."""
        if not targeted:
            assert _wait_for(conn, b"r"), "the child did not start"
            return self.rng.uniform(0, 1.5 * self.cycle)
        self.targeted += 1
        assert _wait_for(conn, b"w"), "the child never saved"
        if self.targeted % 10 != 1:
            return self.rng.uniform(0, statistics.median(self.windows[-5:]))
        opened = time.perf_counter()
        assert _wait_for(conn, b"d"), "the child never finished a save"
        self.windows.append(time.perf_counter() - opened)
        assert _wait_for(conn, b"w"), "the child never saved twice"
        return self.rng.uniform(0, self.windows[-1])


def test_kill_9_while_saving_leaves_the_old_or_the_new_session(home: Path) -> None:
    session = new_session(BIG_SESSION_ROUNDS)
    folder = home / "sessions"
    path = folder / f"{session.id}.json"
    expected = Expected(session)
    cycle = _calibrate(session.id)
    instants = _Instants(cycle, random.Random(20240601))
    last = len(store.read(path).rounds)
    killed = changed = mid_write = torn = 0
    for trial in range(KILL_TRIALS):
        # Two kinds of instants: anywhere in an add (lock, read, replay, encode, write), and
        # targeted at the write window itself, where a non-atomic save would tear the file.
        targeted = trial % 3 != 0
        reader, writer = FORK.Pipe(duplex=False)
        child = FORK.Process(target=_keep_saving, args=(session.id, writer, 20), daemon=True)
        child.start()
        writer.close()
        try:
            time.sleep(instants.delay(reader, targeted))  # then, at a random instant:
            child.kill()
            child.join(10)
        finally:
            if child.is_alive():
                child.kill()
                child.join(5)
            reader.close()
        killed += child.exitcode == -signal.SIGKILL
        # Always loadable, always a prefix of the rounds that were added, never going back.
        current = store.read(path)
        n = len(current.rounds)
        assert n >= last, f"trial {trial}: {last} rounds before the kill, {n} after"
        assert current.rounds == expected.prefix(n), f"trial {trial}: rounds differ"
        assert (current.id, current.players) == (session.id, session.players)
        changed += n > last
        last = n
        leftovers = temporary_files(folder, session.id)
        if leftovers:  # killed between the temporary file's creation and os.replace
            mid_write += 1
            whole = dataclasses.replace(current, rounds=expected.prefix(n + 1))
            size = len(store.dumps(whole).encode())  # what the save was writing
            torn += any(p.stat().st_size < size for p in leftovers)
            for p in leftovers:
                p.unlink()
    print(
        f"\nkill -9: {KILL_TRIALS} trials ({killed} killed) on a {BIG_SESSION_ROUNDS}-round "
        f"session (one add: {cycle * 1000:.0f} ms, its write window: "
        f"{statistics.median(instants.windows) * 1000:.1f} ms); "
        f"{changed} trials where a save had completed, {mid_write} during the write of the "
        f"temporary file ({torn} of them with a partly written file); {last} rounds at the end"
    )
    # The trials must really exercise the save: killed processes, some during the write.
    assert killed >= KILL_TRIALS * 0.9
    assert changed >= KILL_TRIALS // 10
    assert mid_write >= KILL_TRIALS // 20, "too few kills landed inside the write"
    # And the session still works after all this.
    with store.changing(session.id) as after:
        after.add(raw_round(len(after.rounds)))
    assert store.read(path).rounds == expected.prefix(last + 1)
    assert [p.stem for p in store.session_files()] == [session.id]


# --------------------------------------------------------------------------------------------
# two processes adding at once


def _points(index: int) -> str:
    """Distinct points for the rounds 0…199 of one process (with bouts = index // 100)."""
    half = index % 100
    return f"{20 + half // 2}" + (",5" if half % 2 else "")


def _adder(session_id: str, taker: str, count: int, go: Any, results: Any) -> None:
    """Child: add ``count`` rounds taken by ``taker``, each one the way ``cardscore add``
    does it (lock, re-read, add, save), one after the other as fast as it can."""
    saved: list[int] = []
    errors: list[str] = []
    longest = 0.0
    go.wait(10)
    for index in range(count):
        raw = {
            "taker": taker,
            "contract": "garde",
            "bouts": str(index // 100),
            "points": _points(index),
        }
        start = time.perf_counter()
        try:
            with store.changing(session_id) as session:
                session.add(raw)
            saved.append(index)
        except Exception as exc:  # reported to the parent, which fails the test
            errors.append(f"round {index}: {type(exc).__name__}: {exc}")
        longest = max(longest, time.perf_counter() - start)
    results.put((taker, saved, errors, longest))


def test_two_processes_adding_at_once_lose_and_duplicate_nothing(home: Path) -> None:
    session = new_session()
    go = FORK.Event()
    results = FORK.Queue()
    takers = ("Ann", "Bob")
    children = [
        FORK.Process(
            target=_adder, args=(session.id, taker, CONCURRENT_ROUNDS, go, results), daemon=True
        )
        for taker in takers
    ]
    for child in children:
        child.start()
    go.set()  # both start adding at the same moment
    try:
        reports = {}
        for _ in children:
            taker, saved, errors, longest = results.get(timeout=120)
            reports[taker] = (saved, errors, longest)
    finally:
        for child in children:
            child.join(10)
            if child.is_alive():
                child.kill()
                child.join(5)
    rounds = store.load(session.id).rounds
    keys = [(r["taker"], r["bouts"], r["points"]) for r in rounds]
    print(
        f"\nconcurrent add: 2 processes × {CONCURRENT_ROUNDS} rounds → {len(rounds)} saved; "
        f"longest add (waiting for the lock included): "
        f"{max(r[2] for r in reports.values()):.2f} s"
        + "".join(f"; {t}: {len(e)} refused, e.g. {e[0]}" for t, (_, e, _) in reports.items() if e)
    )
    # What was reported saved is in the file, once, in each process's order: nothing lost,
    # nothing duplicated…
    assert len(set(keys)) == len(keys), "a round was saved twice"
    for taker in takers:
        saved = reports[taker][0]
        mine = [(b, p) for t, b, p in keys if t == taker]
        wanted = [(i // 100, float(_points(i).replace(",", "."))) for i in saved]
        assert mine == wanted, f"{taker}'s saved rounds are missing or out of order"
    # …and nothing was refused either: each process waits for the other's current save (a
    # few tens of milliseconds), it is never locked out for seconds, let alone for the
    # whole LOCK_TIMEOUT.
    for taker in takers:
        errors = reports[taker][1]
        assert not errors, f"{taker}: {len(errors)} adds refused, e.g. {errors[:2]}"
    assert len(keys) == 2 * CONCURRENT_ROUNDS
    longest = max(r[2] for r in reports.values())
    assert longest < min(1.0, store.LOCK_TIMEOUT / 2), (
        f"an add waited {longest:.1f} s for the lock while the other process's adds take "
        "milliseconds: the lock lets one process starve the other"
    )


# --------------------------------------------------------------------------------------------
# no space left on the device (simulated: root ignores permissions, no tmpfs without tricks)


class _FillsUp:
    """A file that takes half of what is written to it, then runs out of space."""

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    def __enter__(self) -> _FillsUp:
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()

    def write(self, text: str) -> int:
        self._handle.write(text[: len(text) // 2])
        self._handle.flush()
        raise ENOSPC

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handle, name)


def _disk_full(where: str, patch: pytest.MonkeyPatch) -> None:
    if where == "create":  # not even room for the temporary file
        patch.setattr(tempfile, "mkstemp", lambda *a, **k: (_ for _ in ()).throw(ENOSPC))
    elif where == "write":
        real_fdopen = os.fdopen
        patch.setattr(os, "fdopen", lambda *a, **k: _FillsUp(real_fdopen(*a, **k)))
    elif where == "fsync":  # delayed allocation: the error shows when flushing to disk
        patch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(ENOSPC))
    else:  # pragma: no cover
        raise AssertionError(where)


ADD = ("--taker", "Ann", "--contract", "garde", "--bouts", "1", "--points", "60")


@pytest.mark.parametrize("where", ["create", "write", "fsync"])
@pytest.mark.parametrize("command", ["add", "undo"])
def test_full_disk_is_a_clear_error_and_keeps_the_old_file(
    where: str, command: str, home: Path, cli, sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_session(3)
    folder = home / "sessions"
    before = sessions()
    args = ("add", session.id, *ADD) if command == "add" else ("undo", session.id)
    with monkeypatch.context() as patch:
        _disk_full(where, patch)
        result = cli(*args)
    assert result.code == 1, result
    assert "Traceback" not in result.err
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert "No space left on device" in result.err and session.id in result.err
    assert sessions() == before
    assert len(store.read(folder / f"{session.id}.json").rounds) == 3
    assert temporary_files(folder, session.id) == []
    # once there is room again, the same command works
    assert cli(*args).code == 0
    assert len(store.load(session.id).rounds) == (4 if command == "add" else 2)


@pytest.mark.parametrize("where", ["create", "write", "fsync"])
def test_full_disk_new_creates_nothing(
    where: str, home: Path, cli, sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = new_session(2)
    before = sessions()
    with monkeypatch.context() as patch:
        _disk_full(where, patch)
        result = cli("new", "belote", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    assert result.code == 1, result
    assert "Traceback" not in result.err and "No space left on device" in result.err
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert sessions() == before
    assert list((home / "sessions").glob(".*.tmp")) == []
    assert [p.stem for p in store.session_files()] == [old.id]
