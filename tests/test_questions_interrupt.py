"""Ctrl-C and the lock files: an interrupted command exits 130 with a short line and saves
nothing half-made; the lock files stay out of the sessions folder, and those an older
cardscore left beside the sessions are harmless (and go at the session's next save).

The Ctrl-C tests drive the installed ``cardscore`` in a real pseudo-terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cardscore import catalog, store
from cardscore.session import Session

NAMES = ["Ann", "Bob", "Cyd", "Dan"]
A_ROUND = ("--taker", "Ann", "--contract", "garde", "--bouts", "1", "--points", "60")
CARDSCORE = Path(sys.executable).parent / "cardscore"
ENTER = "\r"


def make(game: str = "tarot") -> Session:
    session = Session.create(game, NAMES, session_id=store.new_id())
    with store.locked(session.id):
        store.write(session)
    return session


# ---- the lock files -------------------------------------------------------------------------


def test_the_lock_files_are_kept_in_a_hidden_folder(home: Path, cli) -> None:
    first, second = make(), make("belote")
    assert cli("add", first.id, *A_ROUND).code == 0
    folder = home / "sessions"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [store.LOCKS, f"{first.id}.json", f"{second.id}.json"]
    )
    assert sorted(p.name for p in (folder / store.LOCKS).iterdir()) == sorted(
        [f"{first.id}.lock", f"{second.id}.lock"]
    )
    assert store.lock_path(first.id) == folder / ".locks" / f"{first.id}.lock"


def test_the_lock_is_still_held_between_processes(home: Path) -> None:
    session = make()
    # another holder (another open file of the same lock) cannot take it meanwhile
    with (
        store.locked(session.id),
        pytest.raises(store.LockTimeout, match="another cardscore process"),
        store.locked(session.id, timeout=0.05),
    ):
        pass
    with store.locked(session.id, timeout=0.05):  # free again
        pass


def test_listing_catalog_and_stats_never_see_the_lock_files(home: Path, cli) -> None:
    sessions = [make(), make("rami")]
    folder = home / "sessions"
    # an older cardscore's lock files beside the sessions, and the new hidden ones
    for session in sessions:
        (folder / f"{session.id}.json.lock").write_bytes(b"")
    assert sorted(p.stem for p in store.session_files()) == sorted(s.id for s in sessions)
    assert sorted(e.id for e in catalog.scan().entries) == sorted(s.id for s in sessions)
    listed = cli("list", "--json")
    assert listed.code == 0 and listed.err == ""
    assert sorted(row["id"] for row in listed.json()) == sorted(s.id for s in sessions)
    stats = cli("stats")
    assert stats.code == 0 and stats.err == ""
    assert store.resolve(sessions[0].id[:4]) == sessions[0].id


def test_an_older_lock_file_is_harmless_and_goes_at_the_next_save(home: Path, cli) -> None:
    session = make()
    legacy = home / "sessions" / f"{session.id}.json.lock"
    legacy.write_bytes(b"")
    assert cli("show", session.id).code == 0
    assert legacy.exists()  # reading touches nothing
    assert cli("add", session.id, *A_ROUND).code == 0
    assert not legacy.exists()
    assert len(store.load(session.id).rounds) == 1


def test_delete_leaves_no_lock_file(home: Path, cli) -> None:
    session = make()
    (home / "sessions" / f"{session.id}.json.lock").write_bytes(b"")
    assert cli("delete", session.id, "--yes").code == 0
    assert list((home / "sessions").glob("*")) == [home / "sessions" / store.LOCKS]
    assert list((home / "sessions" / store.LOCKS).iterdir()) == []


# ---- Ctrl-C: exit status 130 ----------------------------------------------------------------

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")
terminal = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


def spawn(home: Path, *args: str):
    from terminal_kit import spawn as spawn_on

    return spawn_on(home, *args, cwd=home.parent)


def interrupted(child) -> str:
    """Ctrl-C, then everything the program said until it ended; its status is 130."""
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130, child.exitstatus
    return "\n".join(child.screen.lines())


def saved(home: Path) -> list[Path]:
    folder = home / "sessions"
    return sorted(folder.glob("*.json")) if folder.exists() else []


@terminal
def test_ctrl_c_at_the_rule_set_question_exits_130_and_saves_nothing(home: Path) -> None:
    child = spawn(home, "new", "tarot")
    child.expect_exact("Rule set?")
    child.expect_exact("»")
    screen = interrupted(child)
    assert "cardscore: error: interrupted" in screen
    assert saved(home) == []


@terminal
def test_ctrl_c_at_a_name_exits_130_and_saves_nothing(home: Path) -> None:
    child = spawn(home, "new", "belote")
    child.expect_exact("Rule set?")
    child.expect_exact("»")
    child.send(ENTER)
    child.expect_exact("Player 1's name")
    child.sendline("Ann")
    child.expect_exact("Player 2's name")
    child.send("Bo")
    screen = interrupted(child)
    assert "cardscore: error: interrupted" in screen
    assert saved(home) == [] and not (home / "sessions" / store.LOCKS).exists()


@terminal
def test_ctrl_c_at_the_menu_exits_130_the_rounds_kept(home: Path) -> None:
    """(Stopping there is no error: see tests/test_ctrl_c_stops.py.)"""
    session = make()
    with store.changing(session.id) as current:
        current.add({"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"})
    child = spawn(home, "play", session.id)
    child.expect_exact("Record round 2 (dealer Bob)")  # the home, waiting for a line
    screen = interrupted(child)
    assert f"Saved. Resume with `cardscore play {session.id}`." in screen
    assert "Stopped." in screen and "error" not in screen  # how it ends: no error
    data = json.loads(store.session_path(session.id).read_text("utf-8"))
    assert len(data["rounds"]) == 1
