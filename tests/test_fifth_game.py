"""A fifth game is one package: the toy *huit américain* (``tests/toy_huit/``), with its
registry line and nothing else, is listed in the help and played through every command, its
questions, its one line, its sheets in every format and its statistics, by the real
program."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from terminal_kit import ENTER, Screen, environment, expect, settle

TOY = Path(__file__).parent / "toy_cardscore.py"
SRC = Path(__file__).parents[1] / "src" / "cardscore"


def toy(home: Path, *args: str, code: int = 0) -> str:
    """``cardscore ARGS…`` with the toy game registered, its sessions in ``home``."""
    done = subprocess.run(
        [sys.executable, str(TOY), *args],
        env=environment(home),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == code, done.stderr
    return done.stdout if code == 0 else done.stderr


@pytest.fixture
def session(tmp_path: Path) -> tuple[Path, str]:
    sid = toy(tmp_path, "new", "huit", "--names", "Ann,Bob,Cyd", "--no-play").strip()
    toy(tmp_path, "add", sid, "--winner", "ann", "--hand", "Bob=8 R 3", "--hand", "cyd=A")
    toy(tmp_path, "add", sid, "--line", "bob ann=12 cyd=8")
    return tmp_path, sid


def test_the_product_does_not_know_the_toy() -> None:
    for path in SRC.rglob("*.py"):
        assert "huit" not in path.read_text("utf-8").lower(), path


def test_rounds_by_options_and_by_one_line_score_by_its_rules(session) -> None:
    home, sid = session
    sheet = json.loads(toy(home, "show", sid, "--json"))
    assert sheet["game"] == "huit"
    assert [r["scores"] for r in sheet["rounds"]] == [
        {"Ann": 0, "Bob": 63, "Cyd": 1},
        {"Ann": 12, "Bob": 0, "Cyd": 50},
    ]
    assert sheet["totals"] == {"Ann": 12, "Bob": 63, "Cyd": 51}
    assert not sheet["finished"]


def test_a_bad_round_is_one_line_and_saves_nothing(session) -> None:
    home, sid = session
    err = toy(home, "add", sid, "--line", "ann bob=9 zed=3", code=2)
    assert err.count("\n") == 1 and "zed" in err.lower()
    assert len(json.loads(toy(home, "show", sid, "--json"))["rounds"]) == 2


def test_corrections_and_table_changes(session) -> None:
    home, sid = session
    toy(home, "edit", sid, "2", "--line", "bob ann=12 cyd=9")
    toy(home, "table", sid, "--join", "Dan=60")
    toy(home, "add", sid, "--line", "dan ann=1 bob=2 cyd=3")
    toy(home, "undo", sid)
    sheet = json.loads(toy(home, "show", sid, "--json"))
    assert sheet["totals"] == {"Ann": 12, "Bob": 63, "Cyd": 10, "Dan": 60}
    assert "huit" in toy(home, "rules", "huit").lower()


def test_the_game_ends_at_its_target_and_the_lowest_wins(session) -> None:
    home, sid = session
    for _ in range(3):
        toy(home, "add", sid, "--line", "ann bob=8+8 cyd=2")  # Bob 100 a round: 363
    sheet = json.loads(toy(home, "show", sid, "--json"))
    assert sheet["finished"] and sheet["winner"] == "Ann"
    assert "game is over (Ann won)" in toy(home, "add", sid, "--line", "ann bob=1 cyd=1", code=2)


@pytest.mark.parametrize("fmt", ["txt", "md", "csv", "html", "pdf", "json"])
def test_every_sheet_is_written(session, fmt: str) -> None:
    home, sid = session
    out = home / f"sheet.{fmt}"
    toy(home, "print", sid, "-o", str(out))
    data = out.read_bytes()
    assert data
    if fmt != "pdf":
        text = data.decode("utf-8-sig")
        assert "Bob" in text and "63" in text
        if fmt not in ("csv", "json"):  # (no title in these: the data)
            assert "Huit américain" in text  # the title the game declares


def test_its_statistics(session) -> None:
    home, _sid = session
    doc = json.loads(toy(home, "stats", "--json"))
    ann = next(p for p in doc["players"] if p["name"] == "Ann")
    assert ann["games"]["huit"]["rounds"] == 2 and ann["games"]["huit"]["best"] == 0
    gone_out = {p["name"]: p["games"]["huit"]["gone_out"] for p in doc["players"]}
    assert gone_out == {"Ann": 1, "Bob": 1, "Cyd": 0}  # its own figure, as its module counts
    assert "Huit américain" in toy(home, "stats")  # its title, as it declares it
    page = home / "stats.html"
    toy(home, "stats", "-o", str(page))
    assert "Ann" in page.read_text("utf-8")
    assert "Huit américain" in page.read_text("utf-8")


def test_the_caches_keep_its_own_counters(session) -> None:
    """Its own counter and figure are of the types it declares: the next runs read the
    digests and the statistics document the first kept (neither is written again), and a
    counter of the wrong type is refused as any other is."""
    home, _sid = session
    first = toy(home, "stats", "--json")
    digests, document = (
        next((home / "cache").rglob(name)) for name in ("digests.json", "stats.json")
    )

    def written(path: Path) -> tuple[int, int]:
        return path.stat().st_ino, path.stat().st_mtime_ns

    kept = written(digests)
    document.unlink()  # (while it is there, it is the answer: the digests are not read)
    assert toy(home, "stats", "--json") == first
    assert written(digests) == kept  # read back, not worked out again
    kept = written(document)
    assert toy(home, "stats", "--json") == first
    assert written(document) == kept
    data = json.loads(digests.read_bytes())
    (record,) = data["sessions"].values()
    assert record["digest"]["per_player"]["Ann"]["gone_out"] == 1
    record["digest"]["per_player"]["Ann"]["gone_out"] = -1  # not a count
    digests.write_text(json.dumps(data), "utf-8")
    document.unlink()
    assert toy(home, "stats", "--json") == first
    (again,) = json.loads(digests.read_bytes())["sessions"].values()
    assert again["digest"]["per_player"]["Ann"]["gone_out"] == 1  # worked out again


def test_its_questions_come_from_its_fields(session) -> None:
    pexpect = pytest.importorskip("pexpect")
    home, sid = session
    child = pexpect.spawn(
        sys.executable, [str(TOY), "play", sid], env=environment(home), encoding="utf-8",
        dimensions=(40, 100), timeout=15,
    )  # fmt: skip
    child.logfile_read = child.screen = Screen(100, 40)
    expect(child, "Record round 3")
    settle(child)
    child.send(ENTER)  # the questions
    expect(child, "Who went out?")
    settle(child)
    child.send("c" + ENTER)  # Cyd, by his key
    expect(child, "Cards left in hand")
    child.sendline("8")  # Ann's hand
    expect(child, "Cards left in hand")
    settle(child)
    child.sendline("R 2")  # Bob's
    expect(child, "Save")
    settle(child)
    child.send(ENTER)
    expect(child, "Record round 4")
    settle(child)
    child.send("q" + ENTER)
    child.expect(pexpect.EOF)
    last = json.loads(toy(home, "show", sid, "--json"))["rounds"][-1]
    assert last["scores"] == {"Ann": 50, "Bob": 12, "Cyd": 0}


def test_the_help_lists_it_from_its_registry_line(tmp_path: Path) -> None:
    def page(*args: str) -> str:  # (its lines joined: a help page wraps at 80 columns)
        return " ".join(toy(tmp_path, *args).split())

    assert "tarot, belote, coinche, rami and huit." in page("--help")
    assert "tarot, belote, coinche, rami ou huit" in page("--lang", "fr", "new", "--help")
    assert "Bare dette spillet: tarot, belote, coinche, rami eller huit." in page(
        "--lang", "nb", "stats", "--help"
    )


def test_its_target_is_the_parameter_it_declares(tmp_path: Path) -> None:
    """The toy's target is its parameter ``goal``: ``new --target``, ``table --target``,
    the game's end and the sheets read the declaration, never a parameter named target."""
    sid = toy(tmp_path, "new", "huit", "--names", "Ann,Bob,Cyd", "--target", "150",
              "--no-play").strip()  # fmt: skip
    toy(tmp_path, "add", sid, "--line", "ann bob=8+8 cyd=2")  # Bob 100
    sheet = json.loads(toy(tmp_path, "show", sid, "--json"))
    assert sheet["params"]["goal"] == 150 and not sheet["finished"]
    toy(tmp_path, "table", sid, "--target", "120")
    assert "the target is 120 already" in toy(tmp_path, "table", sid, "--target", "120", code=2)
    toy(tmp_path, "add", sid, "--line", "ann bob=8 cyd=2")  # Bob 150: past 120
    sheet = json.loads(toy(tmp_path, "show", sid, "--json"))
    assert sheet["finished"] and sheet["winner"] == "Ann"
    text = toy(tmp_path, "print", sid)
    assert "120" in text
