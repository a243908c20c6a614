"""A session file is untrusted input (a club's synced folder): it can never make cardscore
write outside the sessions folder, lose a change, crash, drive the terminal or lie.

Each test is one point of the report it answers: crafted files (fixtures made here), an
alias under concurrency, names that would drive the terminal, a FIFO and an endless device,
the evening where a player joins then the sheet is printed, and a fuzz test of damaged files
against every reading command.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscore import store

NAMES = "Ann,Bob,Cyd,Dan"
GARDE = ["--taker", "Ann", "--contract", "garde", "--bouts", "2", "--points", "49"]


def new(cli, game: str = "tarot", names: str = NAMES, *more: str) -> str:
    made = cli("new", game, "--names", names, "--no-play", *more)
    assert made.code == 0, made.err
    return made.out.strip()


def one_line(result, code: int) -> str:
    """A refusal: the status, one line on standard error, no traceback, no raw escape."""
    assert result.code == code, (result.code, result.out, result.err)
    assert "Traceback" not in result.err + result.out
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert "\x1b" not in result.err + result.out and "\x07" not in result.err + result.out
    return result.err


def session_file(home: Path, sid: str) -> Path:
    return home / "sessions" / f"{sid}.json"


def data_of(home: Path, sid: str) -> dict[str, Any]:
    return json.loads(session_file(home, sid).read_text("utf-8"))


def craft(home: Path, name: str, data: Any) -> Path:
    """A file of the sessions folder, as another machine or a person may leave it."""
    path = home / "sessions" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


# --------------------------------------------------------------------------------------------
# 1. A file's id never decides where it is saved


def test_an_id_that_is_not_the_file_name_is_refused_and_nothing_is_written(
    cli, home: Path, tmp_path: Path
) -> None:
    sid = new(cli)
    data = data_of(home, sid)
    victim = tmp_path / "victim"
    data["id"] = f"/../../../../{victim}"
    craft(home, "abcdef.json", data)
    err = one_line(cli("add", "abcdef", *GARDE), 1)
    assert "abcdef.json" in err and "$.id" in err  # not the shape of an id
    assert not victim.with_suffix(".json").exists()
    # another session's id: refused too, and that session is left alone
    data["id"] = sid
    craft(home, "abcdef.json", data)
    before = session_file(home, sid).read_bytes()
    assert "not its file's name" in one_line(cli("add", "abcdef", *GARDE), 1)
    assert session_file(home, sid).read_bytes() == before
    assert sorted(p.name for p in (home / "sessions").glob("*.json")) == sorted(
        [f"{sid}.json", "abcdef.json"]
    )


@pytest.mark.parametrize("text", ["../x", "/tmp/x", "a/b", "..", "K7M3"])
def test_a_session_named_with_a_path_is_not_found(cli, text: str) -> None:
    new(cli)
    assert "no session" in one_line(cli("show", text), 2)


def test_a_session_id_is_never_made_a_path() -> None:
    with pytest.raises(store.SessionNotFound):
        store.session_path("../../../tmp/victim")


# --------------------------------------------------------------------------------------------
# 2. One file, one name: a symlink is not followed, a copy is not a session, and temp files
#    are removed only by the process that made them


def test_a_symlink_in_the_sessions_folder_is_not_followed(cli, home: Path) -> None:
    sid = new(cli)
    alias = home / "sessions" / "alias1.json"
    alias.symlink_to(session_file(home, sid))
    before = session_file(home, sid).read_bytes()
    assert "no session" in one_line(cli("add", "alias1", *GARDE), 2)
    with pytest.raises(store.SessionFileError, match="symbolic link"):
        store.read(alias)
    listed = cli("list", "--json")
    assert listed.code == 0
    assert [row["id"] for row in listed.json()] == [sid]
    assert "alias1.json is not a regular file" in listed.err
    assert session_file(home, sid).read_bytes() == before


def _add_rounds(home: str, target: str, count: int) -> None:
    os.environ["CARDSCORE_HOME"] = home
    from cardscore.cli import run

    for _ in range(count):
        run(["add", target, *GARDE])


def test_four_processes_through_one_name_and_an_alias_lose_nothing(cli, home: Path) -> None:
    """4 processes × 25 adds: two through the file's name, two through a symlink alias
    (refused every time, never saved under another name)."""
    sid = new(cli)
    alias = home / "sessions" / "alias1.json"
    alias.symlink_to(session_file(home, sid))
    fork = multiprocessing.get_context("fork")
    workers = [
        fork.Process(target=_add_rounds, args=(str(home), name, 25))
        for name in (sid, "alias1", sid, "alias1")
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    assert len(data_of(home, sid)["rounds"]) == 50
    assert alias.is_symlink()


def test_a_save_never_removes_another_process_temporary_file(cli, home: Path) -> None:
    sid = new(cli)
    other = home / "sessions" / f".{sid}.another-process.tmp"
    other.write_bytes(b"being written")
    assert cli("add", sid, *GARDE).code == 0
    assert other.read_bytes() == b"being written"


COPIES = [
    "{id} (1).json",
    "{id} 2.json",
    "{id} - Copy.json",
    "{id} copy.json",
    "{id} (Selective Sync Conflict).json",
    "{id} (SFConflict ann@example.org 2026-11-30-12-00-00).json",
    "{id}-LAPTOP.json",
    "~${id}.json",
    "{id} (conflicted copy 2026-11-30).json",
]


@pytest.mark.parametrize("pattern", COPIES)
def test_a_sync_copy_is_counted_once_with_a_warning(cli, home: Path, pattern: str) -> None:
    sid = new(cli)
    assert cli("add", sid, *GARDE).code == 0
    copy = craft(home, pattern.format(id=sid), session_file(home, sid).read_bytes())
    listed = cli("list", "--json")
    assert [row["id"] for row in listed.json()] == [sid]
    assert copy.name in listed.err and sid in listed.err and "not counted" in listed.err
    stats = cli("stats", "--json")
    assert stats.code == 0, stats.err
    assert stats.json()["sessions"] == 1
    assert copy.name in stats.err
    # a command naming the copy finds no session (it is not one), and never writes to it
    before = copy.read_bytes()
    cli("add", "1", *GARDE)
    assert copy.read_bytes() == before


# --------------------------------------------------------------------------------------------
# 3. A sheet is never written over a session


def test_print_never_writes_over_a_session_file(cli, home: Path, tmp_path: Path) -> None:
    sid = new(cli)
    assert cli("add", sid, *GARDE).code == 0
    path = session_file(home, sid)
    before = path.read_bytes()
    assert "session file" in one_line(cli("print", sid, "-o", str(path)), 2)
    assert "session file" in one_line(cli("print", sid, "-o", str(home / "sessions/x.txt")), 2)
    backup = tmp_path / "backup.json"
    backup.write_bytes(before)
    one_line(cli("print", sid, "--format", "json", "-o", str(backup)), 2)
    assert path.read_bytes() == before and backup.read_bytes() == before
    assert not (home / "sessions" / "x.txt").exists()
    # elsewhere, a sheet is written as ever
    assert cli("print", sid, "-o", str(tmp_path / "sheet.txt")).code == 0


# --------------------------------------------------------------------------------------------
# 4 and 5. Names that would drive the terminal or pass for another are refused


@pytest.mark.parametrize(
    "name",
    [
        "\x1b]0;pwned\x07",
        "\x1b[2J\x1b[HClr",
        "Ann\u202eevil",  # a bidi override
        "An\u200bn",  # a zero-width space
        "\u200b",
        "Bell\x07",
    ],
)
def test_a_name_with_a_control_or_invisible_character_is_refused(cli, sessions, name: str) -> None:
    err = one_line(cli("new", "tarot", "--names", f"{name},Bob,Cyd", "--no-play"), 2)
    assert "--names" in err
    assert sessions() == {}


@pytest.mark.parametrize("twin", ["An\u200bn", "\u0391nn", "\u0410nn", "ANN", "Ânn"])
def test_a_look_alike_of_a_name_is_the_same_name(cli, sessions, twin: str) -> None:
    err = one_line(cli("new", "tarot", "--names", f"Ann,{twin},Cyd", "--no-play"), 2)
    assert "--names" in err and sessions() == {}


def test_titles_team_names_and_newcomers_are_checked_too(cli, sessions) -> None:
    one_line(cli("new", "tarot", "--names", NAMES, "--title", "\x1b[2J", "--no-play"), 2)
    one_line(cli("new", "belote", "--names", NAMES, "--set", "team1=\x1b]0;x\x07", "--no-play"), 2)
    assert sessions() == {}
    sid = new(cli)
    before = sessions()
    one_line(cli("table", sid, "--join", "Fay\x1b[2J"), 2)
    one_line(cli("table", sid, "--join", "\u0391nn"), 2)
    one_line(cli("table", sid, "--rename", "Bob=B\u200bob"), 2)
    assert sessions() == before


def test_names_are_kept_composed(cli, home: Path) -> None:
    sid = new(cli, "tarot", "Zoe\u0301,Bob,Cyd")
    assert data_of(home, sid)["players"][0] == "Zoé"  # one character, not e + accent
    one_line(cli("table", sid, "--join", "Zoé"), 2)  # already at the table


ESCAPES = ["\x1b]0;pwned\x07", "\x1b[2J\x1b[HClr", "A\u202eB", "\x9b2J"]


@pytest.mark.parametrize("escape", ESCAPES)
def test_a_file_holding_an_escape_is_damaged_and_never_echoed(cli, home: Path, escape: str) -> None:
    sid = new(cli)
    data = data_of(home, sid)
    data["players"][1] = escape
    craft(home, f"{sid}.json", data)
    for command in (["show", sid], ["add", sid, *GARDE], ["print", sid], ["undo", sid]):
        err = one_line(cli(*command), 1)
        assert "control character" in err
        assert escape not in err
    listed = cli("list")
    assert listed.code == 0 and escape not in listed.err + listed.out


def test_a_file_named_with_an_escape_is_named_escaped(cli, home: Path) -> None:
    new(cli)
    craft(home, "\x1b]0;pwned\x07x.json", b"{}")
    listed = cli("list")
    assert listed.code == 0
    assert "\x1b" not in listed.err + listed.out and "\\x1b]0;pwned\\x07x.json" in listed.err


def test_no_escape_from_a_name_reaches_a_real_terminal(home: Path, tmp_path: Path) -> None:
    """In a pseudo-terminal: an old file (written before names were checked) whose player is
    named with escapes is refused, and the screen never receives the escape."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "CARDSCORE_HOME": str(home), "COLUMNS": "80", "TERM": "xterm"}
    subprocess.run(
        [sys.executable, "-m", "cardscore", "new", "tarot", "--names", NAMES, "--no-play"],
        env=env,
        check=True,
        capture_output=True,
    )
    (path,) = (home / "sessions").glob("*.json")
    data = json.loads(path.read_text("utf-8"))
    data["players"][0] = "\x1b]0;pwned\x07\x1b[2J"
    path.write_text(json.dumps(data), "utf-8")
    for command in (["show"], ["list"], ["stats"]):
        child = pexpect.spawn(
            sys.executable, ["-m", "cardscore", *command], env=env, timeout=30, encoding=None
        )
        screen = child.read()
        child.close()
        assert b"\x1b]0;pwned" not in screen and b"\x1b[2J" not in screen, screen


# --------------------------------------------------------------------------------------------
# 6. Damaged files: one line naming the file, exit 1, the file untouched, the others listed


def _tarot(home: Path, cli) -> tuple[str, dict[str, Any]]:
    sid = new(cli)
    assert cli("add", sid, *GARDE).code == 0
    return sid, data_of(home, sid)


def _belote(home: Path, cli, game: str = "belote") -> tuple[str, dict[str, Any]]:
    sid = new(cli, game)
    options = ["--taker", "Ann", "--trump", "hearts", "--points", "82", "--dix-de-der", "Ann"]
    if game == "coinche":
        options += ["--contract", "80"]
    assert cli("add", sid, *options).code == 0, cli("add", sid, *options).err
    return sid, data_of(home, sid)


def _set(path: str, value: Any):
    def change(data: dict[str, Any]) -> dict[str, Any] | bytes:
        target = data
        *heads, last = path.split(".")
        for key in heads:
            target = target[int(key)] if key.isdigit() else target[key]
        if value is _DELETE:
            del target[last]
        else:
            target[int(last) if last.isdigit() else last] = value
        return data

    return change


_DELETE = object()
DAMAGES: dict[str, tuple[str, Any]] = {
    "nesting 100,000 deep": ("tarot", lambda d: b"[" * 100_000 + b"]" * 100_000),
    "a 5,000-digit integer": (
        "tarot",
        lambda d: json.dumps(d).replace('"bouts": 2', '"bouts": ' + "9" * 5000).encode(),
    ),
    "a lone surrogate": ("tarot", lambda d: json.dumps(d).replace("Bob", "\\ud800").encode()),
    "no players": ("tarot", _set("players", [])),
    "non-string players": ("tarot", _set("players", [1, 2, 3, 4])),
    "updated of the wrong type": ("tarot", _set("updated", 5)),
    "title of the wrong type": ("tarot", _set("title", ["x"])),
    "created of the wrong type": ("tarot", _set("created", {"a": 1})),
    "bad teams": ("belote", _set("teams", [1, None])),
    "dix de der out of range": ("belote", _set("rounds.0.dix_de_der", 7)),
    "capot out of range": ("belote", _set("rounds.0.capot", -1)),
    "more card points than the deal": ("belote", _set("rounds.0.points", 999)),
    "coinche round without generale_made": ("coinche", _set("rounds.0.generale_made", _DELETE)),
    "a round naming a player not at the table": ("tarot", _set("rounds.0.taker", "Zed")),
    "bouts out of range": ("tarot", _set("rounds.0.bouts", 9)),
    "points not a number": ("tarot", _set("rounds.0.points", "lots")),
    "an unknown contract": ("tarot", _set("rounds.0.contract", "grande")),
    "a parameter of the wrong type": ("tarot", _set("params.half_points", "maybe")),
    "a round that is not an object": ("tarot", _set("rounds.0", [1, 2])),
    "a history entry of the wrong type": ("tarot", _set("history.0.n", "one")),
    "an id of another shape": ("tarot", _set("id", "ABC/../x")),
    "a huge title": ("tarot", _set("title", "x" * 5000)),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_file_is_one_line_everywhere_and_the_others_still_list(
    cli, home: Path, damage: str
) -> None:
    game, change = DAMAGES[damage]
    good = new(cli, "rami", "Ann,Bob,Cyd")
    sid, data = _belote(home, cli, game) if game in ("belote", "coinche") else _tarot(home, cli)
    content = change(data)
    path = craft(
        home, f"{sid}.json", content if isinstance(content, bytes) else json.dumps(content).encode()
    )
    before = path.read_bytes()
    for command in (["show", sid], ["show", sid, "--json"], ["undo", sid], ["print", sid]):
        err = one_line(cli(*command), 1)
        assert path.name in err, err
    add = ["add", sid, *GARDE] if game == "tarot" else ["add", sid, "--taker", "Ann"]
    one_line(cli(*add), 1)
    assert path.read_bytes() == before
    for command in (["list", "--json"], ["stats", "--json"]):
        result = cli(*command)
        assert result.code == 0, result.err
        assert "Traceback" not in result.err and path.name in result.err
    assert [row["id"] for row in cli("list", "--json").json()] == [good]


def test_a_checkpoint_that_lies_is_never_believed(cli, home: Path) -> None:
    """A checkpoint line as cardscore 0.1.0 wrote it (its totals signed with the CRC-32 of
    every byte before the CRC), re-signed with lying totals: the rounds are replayed."""
    sid, _ = _tarot(home, cli)
    for _ in range(3):
        assert cli("add", sid, *GARDE).code == 0
    truth = cli("show", sid, "--json").json()["totals"]
    raw = session_file(home, sid).read_bytes().removesuffix(b"\n}\n")
    raw = raw.split(b',\n  "checkpoint"')[0]  # (a version that wrote one: its own goes)
    lie = {"Ann": 1_004_947, "Bob": 0, "Cyd": 0, "Dan": 0}
    line = json.dumps(
        {"cardscore": "0.1.0", "rounds_in_file": 4, "history_in_file": 4, "rounds": 3,
         "totals": lie, "carry": None, "held": 0}
    )[:-1]  # fmt: skip
    signed = raw + b',\n  "checkpoint": ' + line.encode() + b', "crc32": '
    session_file(home, sid).write_bytes(signed + str(zlib.crc32(signed)).encode() + b"}\n}\n")
    assert cli("show", sid, "--json").json()["totals"] == truth
    assert cli("add", sid, *GARDE).code == 0
    assert b"checkpoint" not in session_file(home, sid).read_bytes()  # not written again


# --------------------------------------------------------------------------------------------
# 7. Only regular files, and never more than a session can hold


def test_a_fifo_in_the_folder_does_not_hang_list(home: Path, cli) -> None:
    sid = new(cli)
    os.mkfifo(home / "sessions" / "abcdef.json")
    env = {**os.environ, "CARDSCORE_HOME": str(home)}
    for command in (["list"], ["stats"], ["show", "abcdef"], ["add", *GARDE]):
        done = subprocess.run(
            [sys.executable, "-m", "cardscore", *command],
            env=env,
            capture_output=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
        )
        assert b"Traceback" not in done.stderr, done.stderr
    assert len(data_of(home, sid)["rounds"]) == 1


def test_a_link_to_an_endless_device_and_a_huge_file_are_refused(cli, home: Path) -> None:
    new(cli)
    (home / "sessions" / "abcdef.json").symlink_to("/dev/zero")
    craft(home, "bcdefa.json", b'{"title": "' + b"x" * (store.MAX_FILE_BYTES + 10) + b'"}')
    with pytest.raises(store.SessionFileError, match="larger than 20 MB"):
        store.read(home / "sessions" / "bcdefa.json")
    listed = cli("list")
    assert listed.code == 0 and "abcdef.json" in listed.err and "bcdefa.json" in listed.err


# --------------------------------------------------------------------------------------------
# 8. Arguments that are not text, points no game reaches


def test_an_argument_that_is_not_utf8_is_one_line(home: Path) -> None:
    env = {**os.environ, "CARDSCORE_HOME": str(home)}
    for args in (
        [b"new", b"tarot", b"--names", b"\xff,Bob,Cyd", b"--no-play"],
        [b"show", b"\xe9t\xe9"],
    ):
        done = subprocess.run(
            [sys.executable.encode(), b"-m", b"cardscore", *args], env=env, capture_output=True
        )
        assert done.returncode == 2, done.stderr
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        assert len(lines) == 1 and "UTF-8" in lines[0], done.stderr
    assert not (home / "sessions").exists() or not list((home / "sessions").glob("*.json"))


def test_a_newcomer_starts_from_points_a_game_can_reach(cli, sessions) -> None:
    sid = new(cli)
    before = sessions()
    err = one_line(cli("table", sid, "--join", "Fay=" + "4" * 400), 2)
    assert "--join" in err and len(err) < 300
    one_line(cli("table", sid, "--join", "Fay=100001"), 2)
    assert sessions() == before
    assert cli("table", sid, "--join", "Fay=-100000").code == 0


# --------------------------------------------------------------------------------------------
# 9. The evening where a player joins, then the sheet is printed


@pytest.mark.parametrize("fmt", ["html", "pdf", "txt", "md", "csv"])
def test_a_player_who_joined_and_has_not_played_yet_prints(cli, tmp_path: Path, fmt: str) -> None:
    sid = new(cli)
    assert cli("add", sid, *GARDE).code == 0
    assert cli("table", sid, "--join", "Eve").code == 0
    out = tmp_path / f"sheet.{fmt}"
    printed = cli("print", sid, "-o", str(out))
    assert printed.code == 0, printed.err
    assert out.stat().st_size > 0


# --------------------------------------------------------------------------------------------
# 10. Ctrl-C at any instant of start-up: exit 130, no traceback


def test_ctrl_c_at_any_instant_of_start_up_prints_no_traceback(cli, home: Path) -> None:
    """The console script, interrupted at a dozen instants from its start to its end.

    Python's own start-up can still print a traceback of its own: the interpreter, the
    script's ``import re``, the import of cardscore's package and of ``signal`` by its
    ``__main__`` before the handler is set.  From then on nothing may: no traceback holds a
    frame of any other module of cardscore's."""
    script = shutil.which("cardscore", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the cardscore console script is not installed beside this Python")
    new(cli)
    env = {**os.environ, "CARDSCORE_HOME": str(home)}
    ours = re.compile(rb'File "[^"]*/cardscore/(?!__init__\.py"|__main__\.py")[^"]*"')
    for attempt in range(12):
        child = subprocess.Popen(
            [script, "show"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        time.sleep(0.02 + 0.02 * attempt)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
        assert not ours.search(err), err
        if b"KeyboardInterrupt" not in err:  # (else Python's own start or end said it)
            assert child.returncode in (0, 130, -signal.SIGINT), (child.returncode, err)


# --------------------------------------------------------------------------------------------
# 12 and 13. The latest session by its own time; unknown keys kept


def test_the_latest_session_is_the_one_last_played_not_the_newest_file(cli, home: Path) -> None:
    earlier = new(cli)
    later = new(cli)
    # a laptop whose clock is behind synced the earlier game last: its file is the newest
    os.utime(session_file(home, earlier), (time.time() + 3600, time.time() + 3600))
    data = data_of(home, later)
    data["updated"] = "2099-01-01T00:00:00+00:00"  # too far ahead to be believed
    craft(home, f"{later}.json", data)
    os.utime(session_file(home, later), (time.time() - 3600, time.time() - 3600))
    assert cli("add", *GARDE).code == 0
    assert len(data_of(home, earlier)["rounds"]) == 1
    data = data_of(home, earlier)
    data["updated"] = "2000-01-01T00:00:00+00:00"
    craft(home, f"{earlier}.json", data)
    os.utime(session_file(home, earlier), (time.time() + 3600, time.time() + 3600))
    third = new(cli)
    os.utime(session_file(home, third), (time.time() - 7200, time.time() - 7200))
    assert cli("add", *GARDE).code == 0
    assert len(data_of(home, third)["rounds"]) == 1


def test_unknown_top_level_keys_are_kept_when_the_file_is_saved(cli, home: Path) -> None:
    sid = new(cli)
    data = data_of(home, sid)
    data["notes"] = "Friday at Zoé's"
    data["from_a_newer_version"] = {"a": [1, 2]}
    craft(home, f"{sid}.json", data)
    assert cli("add", sid, *GARDE).code == 0
    saved = data_of(home, sid)
    assert saved["notes"] == "Friday at Zoé's"
    assert saved["from_a_newer_version"] == {"a": [1, 2]}
    assert len(saved["rounds"]) == 1


# --------------------------------------------------------------------------------------------
# Fuzz: damaged session files against every reading command


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))] + [path]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))] + [path]
    return [path]


REPLACEMENTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_damaged_files_are_answered_in_one_line(cli, home: Path, data) -> None:
    folder = home / "sessions"
    for path in folder.glob("*.json") if folder.exists() else ():
        path.unlink()
    good = new(cli, "rami", "Ann,Bob,Cyd")
    game = data.draw(st.sampled_from(["tarot", "belote", "coinche"]))
    sid, content = _belote(home, cli, game) if game != "tarot" else _tarot(home, cli)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(_leaves(content)[:-1]))
        target = content
        for key in where[:-1]:
            target = target[key]
        target[where[-1]] = data.draw(REPLACEMENTS)
    craft(home, f"{sid}.json", json.dumps(content).encode())
    for command in (["show", sid], ["list"], ["stats"], ["print", sid], ["history", sid]):
        result = cli(*command)
        assert result.code in (0, 1), (command, result.code, result.err)
        assert "Traceback" not in result.err + result.out
        if result.code == 1:
            assert len(result.err.strip().splitlines()) == 1, result.err
    listed = cli("list", "--json")
    assert good in [row["id"] for row in listed.json()]


# one character of each unsafe range, written as UTF-8 (escaped, they are the backslash's)
UNSAFE_SAMPLES = [
    "\x1b",
    "\x7f",
    "\x85",
    "\xad",
    "\u061c",
    "\u180e",
    "\u200b",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\ufffa",
    "\ue000",
    "\uf8ff",
    "\U000e0001",
    "\U000f0000",
    "\U0010fffd",
]


@settings(max_examples=300, deadline=None)
@given(
    text=st.one_of(st.text(max_size=8), st.sampled_from(UNSAFE_SAMPLES).map(lambda c: f"a{c}b")),
    ascii_only=st.booleans(),
)
def test_the_quick_look_at_a_file_s_bytes_misses_no_unsafe_character(
    text: str, ascii_only: bool
) -> None:
    """check_text skips walking the strings of a file whose bytes hold nothing that may be an
    unsafe character: it must never skip one that holds one, however it is written."""
    from cardscore import schema

    try:
        raw = json.dumps({"players": [text]}, ensure_ascii=ascii_only).encode()
    except UnicodeEncodeError:  # a lone surrogate written raw: not UTF-8, refused before
        return
    data = json.loads(raw)
    walked = _refused(lambda: schema.check_strings(data))
    assert _refused(lambda: schema.check_strings(data, raw)) == walked


def _refused(check) -> bool:
    try:
        check()
    except ValueError:
        return True
    return False


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("tarot", "bob g 2b 49 dan pab:bob poi:bob chelem:failed"),
        ("belote", "sud coeur 98 belote:est ann:est:50"),
        ("coinche", "sud 110 coeur 98 coinche"),
        ("rami", "ann bob=36 cyd=R+D+5 !cyd"),
    ],
)
def test_every_key_a_game_stores_is_one_its_stored_type_checks(game: str, line: str) -> None:
    """The stored type that checks a file (Game.stored_type) and the reader that writes a
    round (build_round) describe the same keys: a key added to one is added to the other."""
    import msgspec

    from cardscore.games import get_game
    from cardscore.games.line import read_line
    from cardscore.session import Session

    names = {"tarot": NAMES + ",Eve", "rami": "Ann,Bob,Cyd"}.get(game, "Nord,Est,Sud,Ouest")
    session = Session.create(game, names.split(","), session_id="t1")
    table = session.table()
    rules = get_game(game)
    inp = rules.build_round(read_line(rules.fields, table, line), table, 1)
    typed = {f.encode_name for f in msgspec.structs.fields(rules.stored_type)}
    assert set(inp) == typed
    rules.check_stored(json.loads(json.dumps(inp)), table)  # and it passes its own check
