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


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"])
def test_serve_and_play_take_the_latest_session_past_a_bad_updated(
    cli, home: Path, value: str
) -> None:
    """``serve`` serves the session played last, ``play`` opens it (no terminal here: it
    stops at its first question), in real processes, bounded in time."""
    import os
    import subprocess
    import sys

    good = _tarot_with_rounds(cli, home, 1)
    bad = new(cli)
    rewrite(home, bad, {**data_of(home, bad), "updated": value})
    env = {**os.environ, "CARDSCORE_HOME": str(home), "NO_COLOR": "1"}
    command = [sys.executable, "-m", "cardscore"]
    server = subprocess.Popen(
        [*command, "serve", "--host", "127.0.0.1", "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = server.stdout.readline()  # (the page's address, once it is served)
        assert first.startswith("Live page: http://127.0.0.1:"), (first, server.stderr.read())
    finally:
        server.terminate()
        _, err = server.communicate(timeout=10)
    assert "Traceback" not in err
    played = subprocess.run(
        [*command, "play"], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
        timeout=30,
    )  # fmt: skip
    assert "Traceback" not in played.stderr and played.returncode in (0, 130), played.stderr
    assert good in cli("list", "--json").out


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


# --------------------------------------------------------------------------------------------
# 3. A round the rules refuse is refused in a file too

FIXTURES = Path(__file__).parent / "fixtures"
FOUR = "Ann,Bob,Cyd,Dan"
BELOTE_ROUND = ["--taker", "Ann", "--trump", "hearts", "--points", "82", "--dix-de-der", "Ann"]
RAMI_ROUND = ["--winner", "Ann", "--hand", "Bob=A JK 5", "--hand", "Cyd=12"]


def _crafted(cli, home: Path, game: str, change) -> tuple[str, bytes]:
    """A session of ``game`` with two rounds added, its first one changed by ``change``."""
    options = {"tarot": GARDE, "belote": BELOTE_ROUND, "rami": RAMI_ROUND}[game]
    sid = new(cli, game, "Ann,Bob,Cyd" if game == "rami" else FOUR)
    for _ in range(2):
        assert cli("add", sid, *options).code == 0
    data = data_of(home, sid)
    change(data["rounds"][0])
    return sid, rewrite(home, sid, data)


REFUSED_ROUNDS = {
    "50 poignées for one player": ("tarot", lambda r: r.update(poignees=[["Ann", "simple"]] * 50)),
    "a misère under rules without": ("tarot", lambda r: r.update(miseres=[["Bob", "simple"]])),
    "a renonce under rules without": (
        "tarot",
        lambda r: r.update(contract="renonce", bouts=None, called=None, points=60),
    ),
    "a chelem made with one bout": ("tarot", lambda r: r.update(chelem="announced", bouts=1)),
    "tout atout at belote": ("belote", lambda r: r.update(trump="ta")),
    "no dix de der without a capot": ("belote", lambda r: r.update(dix_de_der=None)),
    "a winner who never opened": ("rami", lambda r: r.update(not_opened=["Ann"])),
    "a hand worth what its cards are not": (
        "rami",
        lambda r: r["hands"]["Bob"].update(value=1),
    ),
    "the taker called by himself": ("tarot", lambda r: r.update(called="Ann")),
}


@pytest.mark.parametrize("case", list(REFUSED_ROUNDS))
def test_a_round_add_refuses_makes_the_file_damaged(cli, home: Path, case: str) -> None:
    game, change = REFUSED_ROUNDS[case]
    if case == "the taker called by himself":  # (a partner is called at 5 players)
        sid = new(cli, "tarot", FOUR + ",Eve")
        for _ in range(2):
            assert cli("add", sid, *GARDE, "--called", "Bob").code == 0
        data = data_of(home, sid)
        change(data["rounds"][0])
        before = rewrite(home, sid, data)
    else:
        sid, before = _crafted(cli, home, game, change)
    for command in (["show", sid], ["print", sid], ["history", sid], ["undo", sid]):
        err = one_line(cli(*command), 1)
        assert f"{sid}.json" in err and "round 1" in err, (command, err)
    one_line(cli("edit", sid, "1", "--points", "81"), 1)
    one_line(cli("edit", sid, "2", "--points", "81"), 1)
    for command in (["list"], ["stats"]):
        result = cli(*command)
        assert result.code == 0 and f"{sid}.json" in result.err, (command, result.err)
    assert path_of(home, sid).read_bytes() == before


def test_a_refused_round_in_an_older_file_is_refused_too(cli, home: Path) -> None:
    """What the rules refused when the file was saved is refused whatever its version."""
    sid, _ = _crafted(cli, home, "belote", lambda r: r.update(dix_de_der=None))
    data = {**data_of(home, sid), "schema_version": 3}
    before = rewrite(home, sid, data)
    assert "round 1" in one_line(cli("show", sid), 1)
    assert path_of(home, sid).read_bytes() == before


@pytest.mark.parametrize(
    ("where", "change"),
    [
        ("history.0.input", {"dix_de_der": None}),
        ("history.0.input", {"trump": "ta"}),
        ("history.2.old", {"dix_de_der": None}),
        ("history.2.new", {"announces": [[0, 20]] * 3, "belote": 0, "trump": "sa"}),
    ],
)
def test_a_logged_round_the_rules_refuse_makes_the_file_damaged(
    cli, home: Path, where: str, change: dict[str, Any]
) -> None:
    """The history says each of its rounds (undo too): one the rules refuse is refused."""
    sid, _ = _crafted(cli, home, "belote", lambda r: None)
    assert cli("edit", sid, "1", "--points", "90").code == 0
    data = data_of(home, sid)
    _, at, key = where.split(".")
    data["history"][int(at)][key].update(change)
    before = rewrite(home, sid, data)
    number = data["history"][int(at)]["n"]
    for command in (["show", sid], ["history", sid], ["undo", sid], ["print", sid]):
        err = one_line(cli(*command), 1)
        assert f"{sid}.json" in err and f"change {number}" in err, (command, err)
    assert path_of(home, sid).read_bytes() == before


def test_an_undone_round_the_rules_refuse_is_not_redone(cli, home: Path) -> None:
    sid, _ = _crafted(cli, home, "tarot", lambda r: None)
    assert cli("undo", sid).code == 0
    data = data_of(home, sid)
    data["undone"][0]["input"]["poignees"] = [["Ann", "simple"]] * 50
    before = rewrite(home, sid, data)
    err = one_line(cli("redo", sid), 1)
    assert f"{sid}.json" in err and "round 2" in err
    assert path_of(home, sid).read_bytes() == before


def _replayed(data: dict[str, Any]) -> list[dict[str, int]]:
    """The totals after each round of a file, scored round by round by the game itself
    (no file read, no check)."""
    from cardscore.session import Session

    session = Session.create(data["game"], data["players"], rules=data["rules"])
    session.params, session.teams = data["params"], data["teams"]
    game, table = session.game_rules, session.table()
    totals = dict.fromkeys(game.columns(table), 0)
    carry, after = None, []
    for number, inp in enumerate(data["rounds"], start=1):
        result = game.score(inp, table, number, carry)
        totals = {c: totals[c] + result.scores.get(c, 0) for c in totals}
        carry = result.carry
        after.append(totals)
    return after


OLD_FILES = sorted(FIXTURES.glob("schema*.json"))


@pytest.mark.parametrize("path", OLD_FILES, ids=lambda p: p.stem)
def test_an_older_file_loads_and_scores_exactly_as_before(path: Path, cli, home: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    sid = data["id"]
    (home / "sessions").mkdir(parents=True)
    path_of(home, sid).write_bytes(path.read_bytes())
    shown = cli("show", sid, "--json")
    assert shown.code == 0, shown.err
    assert [r["totals"] for r in shown.json()["rounds"]] == _replayed(data)


def test_a_round_typed_before_the_chelem_bounds_keeps_its_file_and_its_numbers(
    cli, home: Path
) -> None:
    """A file of schema 3 was saved before tarot's chelem bounds: its rounds are read without
    them (and with every check that was there), it stays schema 3 when a round is added, and
    the same rounds in a file of the current schema are refused."""
    path = FIXTURES / "schema3_tarot_maison_chelems.json"
    data = json.loads(path.read_text("utf-8"))
    sid = data["id"]
    (home / "sessions").mkdir(parents=True)
    path_of(home, sid).write_bytes(path.read_bytes())
    expected = _replayed(data)
    assert (
        cli(
            "add", sid, "--taker", "Bob", "--contract", "prise", "--bouts", "1", "--points", "60"
        ).code
        == 0
    )
    saved = data_of(home, sid)
    assert saved["schema_version"] == 3 and saved["rounds"][:4] == data["rounds"]
    totals = [r["totals"] for r in cli("show", sid, "--json").json()["rounds"]]
    assert totals[:4] == expected and totals[4] == _replayed(saved)[4]
    # typed now, the same chelems are refused; in a file of the current schema too
    one_line(cli("add", sid, "--taker", "Ann", "--contract", "garde", "--bouts", "1",
                 "--points", "45", "--chelem", "announced"), 2)  # fmt: skip
    from cardscore.session import SCHEMA_VERSION

    rewrite(home, sid, {**data, "schema_version": SCHEMA_VERSION})
    assert "round 1" in one_line(cli("show", sid), 1)
    one = {**data["history"][1], "n": 1, "round": 1}
    rewrite(
        home,
        sid,
        {**data, "schema_version": SCHEMA_VERSION, "rounds": data["rounds"][1:2], "history": [one]},
    )
    assert cli("show", sid).code == 0  # 8 typed for 8.5 with 2 bouts: a dropped half, as now


def test_a_new_session_is_saved_under_the_current_schema(cli, home: Path) -> None:
    from cardscore.session import SCHEMA_VERSION

    sid = _tarot_with_rounds(cli, home, 1)
    assert data_of(home, sid)["schema_version"] == SCHEMA_VERSION == 4


# --------------------------------------------------------------------------------------------
# 5. A short id squatted by a copy


def test_an_id_that_is_also_the_start_of_another_is_ambiguous(cli, home: Path) -> None:
    """A copy saved as ``pxnb.json`` (its id ``pxnb``) would take the rounds meant for
    ``pxnb9t7xr5``, which ``list`` names by its first four letters: refused, naming both."""
    sid = _tarot_with_rounds(cli, home, 1)
    squat = sid[:4]
    data = {**data_of(home, sid), "id": squat}
    path_of(home, squat).write_text(json.dumps(data), "utf-8")
    files = {p: p.read_bytes() for p in (path_of(home, sid), path_of(home, squat))}
    for command in (["add", squat, *GARDE], ["show", squat], ["undo", squat]):
        err = one_line(cli(*command), 2)
        assert sid in err and repr(squat) in err, err
    assert {p: p.read_bytes() for p in files} == files
    # the whole id, or enough of it to tell, still names the session
    assert cli("add", sid[:5], *GARDE).code == 0
    assert cli("show", sid).code == 0
    assert len(data_of(home, sid)["rounds"]) == 2
    assert path_of(home, squat).read_bytes() == files[path_of(home, squat)]
    with pytest.raises(store.SessionNotFound, match=sid):
        store.resolve(squat)


# --------------------------------------------------------------------------------------------
# 6. No traceback: one line, exit 2, or it works


def test_a_line_with_an_option_the_game_has_not_is_one_line(cli, home: Path) -> None:
    sid = new(cli, "rami", "Ann,Bob,Cyd")
    before = path_of(home, sid).read_bytes()
    err = one_line(cli("add", sid, "--line", "ann", "--taker", "Bob"), 2)
    assert "--taker" in err and "--line" in err
    err = one_line(cli("add", sid, "--line", "ann", "--winner", "Bob"), 2)
    assert "--winner" in err
    assert path_of(home, sid).read_bytes() == before


@pytest.mark.parametrize(
    "option", [("--season", "0000"), ("--month", "0000-01"), ("--month", "0000-12")]
)
def test_a_season_or_month_before_year_one_is_one_line(cli, home: Path, option) -> None:
    _tarot_with_rounds(cli, home, 1)
    err = one_line(cli("stats", *option), 2)
    assert option[0] in err and option[1] in err
    assert cli("stats", option[0], option[1].replace("0000", "2026")).code == 0


@pytest.mark.parametrize("columns", ["1", "2", "5", "20", "40"])
def test_list_on_a_terminal_narrower_than_any_column_works(
    cli, home: Path, monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    sid = _tarot_with_rounds(cli, home, 1)
    new(cli, "rami", "Marie-Hélène,Bob,Cyd", "--title", "a long title for a narrow terminal")
    monkeypatch.setenv("COLUMNS", columns)
    listed = cli("list")
    assert listed.code == 0 and "Traceback" not in listed.err, listed.err
    if int(columns) >= 20:  # (narrower, nothing is whole: the table is drawn as it can be)
        assert sid[:4] in listed.out
