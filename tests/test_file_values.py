"""Values inside a valid shape are untrusted too (a club's synced folder): a file's dates, its
numbers and its rounds are checked as the command line checks them, a session's short id is
never squatted by a copy, and no command answers with a traceback.

Each section is one point of the report it answers (issue 37, "one file breaks everyone"):
the crafted file is a fixture made here, each refusal is one line, and a refused file is
left byte for byte as it was.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

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
    return result.err


def path_of(home: Path, sid: str) -> Path:
    return home / "sessions" / f"{sid}.json"


def data_of(home: Path, sid: str) -> dict[str, Any]:
    return json.loads(path_of(home, sid).read_text("utf-8"))


def rewrite(home: Path, sid: str, data: dict[str, Any]) -> bytes:
    """Write ``data`` as the session's file, laid out as cardscore lays it out (one header
    field a line: what the quick look at a file's ``updated`` reads), and return its bytes."""
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    raw = ("{\n" + ",\n".join(lines) + "\n}\n").encode()
    path_of(home, sid).write_bytes(raw)
    return raw


def _tarot_with_rounds(cli, home: Path, count: int = 2) -> str:
    sid = new(cli)
    for _ in range(count):
        assert cli("add", sid, *GARDE).code == 0
    return sid


# --------------------------------------------------------------------------------------------
# 1. Dates: parsed, a zone or UTC, within 2000-2100, at most a day ahead


def _ahead(days: int) -> str:
    return (dt.datetime.now(dt.UTC) + dt.timedelta(days=days)).isoformat(timespec="seconds")


BAD_DATES = [
    "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59-01:00",
    "0001-01-01T00:00:00",
    "1999-12-31T23:00:00+00:00",
    "2101-01-01T00:00:01+00:00",
    "yesterday",
    "2026-13-01T00:00:00+00:00",
]


def _places(data: dict[str, Any], value: str) -> dict[str, dict[str, Any]]:
    """The session's data with ``value`` as each date a file holds, one place at a time."""
    out = {}
    for key in ("updated", "created"):
        out[key] = {**data, key: value}
    history = [dict(entry) for entry in data["history"]]
    history[0]["time"] = value
    out["history time"] = {**data, "history": history}
    rounds = [dict(inp) for inp in data["rounds"]]
    rounds[1]["edited"] = value
    out["edited"] = {**data, "rounds": rounds}
    return out


@pytest.mark.parametrize("value", [*BAD_DATES, "in two days"])
def test_a_bad_date_anywhere_makes_the_file_damaged(cli, home: Path, value: str) -> None:
    sid = _tarot_with_rounds(cli, home)
    value = _ahead(2) if value == "in two days" else value
    for place, data in _places(data_of(home, sid), value).items():
        before = rewrite(home, sid, data)
        for command in (["show", sid], ["history", sid], ["print", sid], ["undo", sid]):
            err = one_line(cli(*command), 1)
            assert f"{sid}.json" in err and "time" in err, (place, command, err)
        one_line(cli("add", sid, *GARDE), 1)
        one_line(cli("edit", sid, "1", "--points", "50"), 1)
        for command in (["list"], ["stats"]):
            result = cli(*command)
            assert result.code == 0 and "Traceback" not in result.err, (place, result.err)
            assert f"{sid}.json" in result.err, (place, command)
        assert path_of(home, sid).read_bytes() == before, place


def test_a_date_within_its_bounds_is_read(cli, home: Path) -> None:
    sid = _tarot_with_rounds(cli, home)
    data = data_of(home, sid)
    for value in ("2000-01-01T00:00:00+00:00", "2026-06-01T12:00:00", _ahead(0)):
        rewrite(home, sid, {**data, "created": value})
        assert cli("show", sid).code == 0, value


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"])
def test_a_bad_updated_never_breaks_the_commands_that_take_the_latest_session(
    cli, home: Path, value: str
) -> None:
    """The quick look at each file's ``updated`` (which session was played last) reads a bad
    date as no date: every command that takes the latest session goes on with the others."""
    good = _tarot_with_rounds(cli, home)
    bad = new(cli)
    data = data_of(home, bad)
    before = rewrite(home, bad, {**data, "updated": value})
    assert store.resolve(None) == good  # (what serve and play take)
    for command in (
        ["show"],
        ["add", *GARDE],
        ["undo"],
        ["edit", "1", "--points", "50"],
        ["table", "--leave", "Dan"],
        ["print"],
        ["history"],
    ):
        result = cli(*command)
        assert result.code == 0, (command, result.err)
        assert "Traceback" not in result.err
    assert path_of(home, bad).read_bytes() == before


def test_stats_answers_when_a_file_has_a_date_without_zone_in_year_one(cli, home: Path) -> None:
    good = _tarot_with_rounds(cli, home)
    bad = _tarot_with_rounds(cli, home)
    rewrite(home, bad, {**data_of(home, bad), "updated": "0001-01-01T00:00:00"})
    for command in (["stats"], ["stats", "--json"], ["list"]):
        result = cli(*command)
        assert result.code == 0, result.err
        assert "Traceback" not in result.err and f"{bad}.json" in result.err
    assert good in cli("list", "--json").out


# --------------------------------------------------------------------------------------------
# 2. Numbers: each has the range the command line gives it

HUGE = 10**400


def _refused_everywhere(cli, home: Path, sid: str, before: bytes) -> str:
    """The file is damaged for every command, named in one line, and left as it was."""
    said = ""
    for command in (["show", sid], ["print", sid, "-o", str(home / "x.pdf")], ["history", sid]):
        said = one_line(cli(*command), 1)
        assert f"{sid}.json" in said, (command, said)
    one_line(cli("print", sid, "-o", str(home / "x.html")), 1)
    for command in (["list"], ["stats"], ["stats", "--json"]):
        result = cli(*command)
        assert result.code == 0 and "Traceback" not in result.err, (command, result.err)
        assert f"{sid}.json" in result.err, command
    assert path_of(home, sid).read_bytes() == before
    return said


@pytest.mark.parametrize(
    ("game", "key", "value"),
    [
        ("tarot", "value_garde", HUGE),
        ("tarot", "value_garde", 10**12),
        ("tarot", "value_prise", -1),
        ("belote", "target", HUGE),
        ("belote", "capot_made_value", 10**12),
        ("rami", "never_opened_cap", HUGE),
        ("tarot", "scoring", "fft2"),
    ],
)
def test_a_rule_parameter_beyond_what_set_takes_makes_the_file_damaged(
    cli, home: Path, game: str, key: str, value: Any
) -> None:
    names = {"belote": "Ann,Bob,Cyd,Dan", "rami": "Ann,Bob,Cyd"}.get(game, NAMES)
    sid = new(cli, game, names, *(["--rules", "maison"] if game == "tarot" else []))
    data = data_of(home, sid)
    data["params"][key] = value
    said = _refused_everywhere(cli, home, sid, rewrite(home, sid, data))
    assert key in said and len(said) < 300, said


def test_a_rule_parameter_has_the_same_bounds_in_a_file_and_on_the_command_line(
    cli, home: Path
) -> None:
    most = "999999999999"
    sid = new(cli, "tarot", NAMES, "--rules", "maison", "--set", f"value-garde={most}")
    assert data_of(home, sid)["params"]["value_garde"] == int(most)
    assert cli("add", sid, *GARDE).code == 0
    for fmt in ("pdf", "html"):
        assert cli("print", sid, "-o", str(home / f"x.{fmt}")).code == 0
    assert cli("stats").code == 0
    one_line(cli("new", "tarot", "--names", NAMES, "--set", f"value-garde={most}0"), 2)
    # a target given by hand: within the same bounds, in a file as on the command line
    one_line(cli("new", "belote", "--names", NAMES, "--no-play", "--target", "9" * 20), 2)
    belote = new(cli, "belote", NAMES, "--target", most)
    one_line(cli("table", belote, "--target", most + "9"), 2)
    assert cli("show", belote).code == 0


@pytest.mark.parametrize(
    "era",
    [
        {"from": 2, "join": {"Fay": HUGE}},
        {"from": 2, "join": {"Fay": 100_001}},
        {"from": 2, "join": {"Fay": -100_001}},
        {"from": 2, "target": HUGE},
    ],
)
def test_a_table_change_beyond_what_table_takes_makes_the_file_damaged(
    cli, home: Path, era: dict[str, Any]
) -> None:
    sid = new(cli, "belote" if "target" in era else "tarot", NAMES)
    options = ["--taker", "Ann", "--trump", "hearts", "--points", "82", "--dix-de-der", "Ann"]
    assert cli("add", sid, *(GARDE if "join" in era else options)).code == 0
    data = data_of(home, sid)
    data["tables"] = [era]
    _refused_everywhere(cli, home, sid, rewrite(home, sid, data))


def test_a_newcomer_s_points_at_the_bound_are_read(cli, home: Path) -> None:
    sid = _tarot_with_rounds(cli, home, 1)
    assert cli("table", sid, "--join", "Fay=-100000").code == 0
    assert data_of(home, sid)["tables"][0]["join"] == {"Fay": -100_000}
    assert cli("show", sid).code == 0
