"""Corrections through the command line: `edit`, `remove`, `add --before`, undo/redo of any
change, `history`, for every game; and every refusal (exit status 2, one line, the file left
byte for byte as it was)."""

from __future__ import annotations

import json
import re
import shutil
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore import cli as cli_module
from cardscore.environment import Environment

FIXTURES = Path(__file__).parent / "fixtures"
SEATS = ("--names", "Sud,Est,Nord,Ouest", "--set", "team1=NS", "--set", "team2=EW")


def TERMINAL() -> Environment:
    """A terminal, in this test's data folder (``CARDSCORE_HOME``)."""
    return Environment.of_process(stdin_isatty=True)


def PIPED() -> Environment:
    """A pipe, in this test's data folder."""
    return Environment.of_process(stdin_isatty=False)


# Per game: the session's options, three rounds, a correction (round, options) and what the
# corrected round is when typed whole, and a round to insert.
GAMES: dict[str, dict[str, Any]] = {
    "tarot": {
        "new": ("--names", "Ann,Bob,Cyd,Dan"),
        "rounds": [
            "--taker Bob --contract garde --bouts 2 --points 49",
            "--taker Ann --contract prise --bouts 1 --points 55",
            "--taker Cyd --contract prise --bouts 1 --points 55",
        ],
        "edit": (3, "--points 52"),
        "edited": "--taker Cyd --contract prise --bouts 1 --points 52",
        "insert": "--taker Dan --contract garde --bouts 3 --points 60",
    },
    "belote": {
        "new": SEATS,
        "rounds": [
            "--taker Sud --trump hearts --points 100 --dix-de-der taker",
            "--taker Est --trump spades --points 90 --dix-de-der defense",
            "--taker Nord --trump clubs --points 120 --dix-de-der taker",
        ],
        "edit": (2, "--points 50"),
        "edited": "--taker Est --trump spades --points 50 --dix-de-der defense",
        "insert": "--taker Ouest --trump sa --points 70 --dix-de-der NS",
    },
    "coinche": {
        "new": SEATS,
        "rounds": [
            "--taker Sud --trump hearts --contract 80 --points 100 --dix-de-der taker",
            "--taker Est --trump spades --contract 90 --points 110 --dix-de-der taker",
            "--taker Nord --trump clubs --contract 100 --points 120 --dix-de-der taker",
        ],
        "edit": (2, "--coinche"),
        "edited": "--taker Est --trump spades --contract 90 --points 110 --dix-de-der taker "
        "--coinche",
        "insert": "--taker Ouest --trump hearts --contract 80 --points 90 --dix-de-der defense",
    },
    "rami": {
        "new": ("--names", "Ann,Bob,Cyd"),
        "rounds": [
            "--winner Ann --hand Bob=30 --hand Cyd=20",
            "--winner Bob --hand Ann=15 --hand Cyd=40",
            "--winner Cyd --hand Ann=10 --hand Bob=5",
        ],
        "edit": (2, "--hand Ann=25 --hand Cyd=40"),
        "edited": "--winner Bob --hand Ann=25 --hand Cyd=40",
        "insert": "--winner Ann --hand Bob=12 --hand Cyd=7",
    },
}
ROUND_KEYS = ("number", "dealer", "mort", "input", "scores", "totals", "held", "breakdown")


def new(cli: Callable[..., Any], game: str, *options: str) -> str:
    result = cli("new", game, *options, "--no-play")
    assert result.code == 0, result.err
    return result.out.strip()


def ok(result: Any) -> Any:
    assert result.code == 0, (result.out, result.err)
    return result


def session_with(cli: Callable[..., Any], game: str, rounds: list[str]) -> str:
    sid = new(cli, game, *GAMES[game]["new"])
    for options in rounds:
        ok(cli("add", sid, *options.split(), "--json"))
    return sid


def sheet(cli: Callable[..., Any], sid: str) -> dict[str, Any]:
    """What the scores are: every round's numbers and the outcome (not the times)."""
    data = ok(cli("show", sid, "--json")).json()
    return {
        "rounds": [{k: r[k] for k in ROUND_KEYS} for r in data["rounds"]],
        **{k: data[k] for k in ("totals", "held", "finished", "winner", "next_dealer")},
    }


def file_bytes(home: Path, sid: str) -> bytes:
    return (home / "sessions" / f"{sid}.json").read_bytes()


def assert_one_line_error(result: Any, fragment: str) -> None:
    assert result.code == 2, (result.code, result.out, result.err)
    assert "Traceback" not in result.err
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardscore: error: "), result.err
    assert fragment.casefold() in lines[0].casefold(), lines[0]


def minus(value: int) -> str:
    return f"-{-value}" if value < 0 else str(value)


def changed_lines(before: dict[str, int], after: dict[str, int]) -> list[str]:
    """The lines `Bob 142 → 102 (-40)` of the totals that moved."""
    lines = []
    for column, total in after.items():
        old = before[column]
        if old != total:
            diff = f"+{total - old}" if total > old else minus(total - old)
            lines.append(f"  {column} {minus(old)} → {minus(total)} ({diff})")
    return lines


def run_in(capsys: pytest.CaptureFixture[str], env: Environment, *args: str) -> Any:
    from conftest import Result

    capsys.readouterr()
    code = cli_module.run(list(args), env=env)
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


# --------------------------------------------------------------------------------------------
# edit


@pytest.mark.parametrize("game", GAMES)
def test_edit_one_answer_keeps_the_others_and_rescores(cli, game: str) -> None:
    spec = GAMES[game]
    sid = session_with(cli, game, spec["rounds"])
    before = sheet(cli, sid)
    number, options = spec["edit"]
    printed = ok(cli("edit", sid, str(number), *options.split(), "--json")).json()
    corrected = list(spec["rounds"])
    corrected[number - 1] = spec["edited"]
    expected = sheet(cli, session_with(cli, game, corrected))
    after = sheet(cli, sid)
    assert after == expected
    # the printed document: the new row, the old round, what changed
    assert printed["session"] == sid
    assert {k: printed["round"][k] for k in ROUND_KEYS} == expected["rounds"][number - 1]
    assert printed["round"]["edited"] is not None and printed["round"]["after_end"] is False
    assert printed["old"] == {
        "input": before["rounds"][number - 1]["input"],
        "scores": before["rounds"][number - 1]["scores"],
    }
    assert printed["totals"] == expected["totals"]
    assert printed["changed"] == {
        column: {"before": before["totals"][column], "after": total}
        for column, total in expected["totals"].items()
        if before["totals"][column] != total
    }
    assert printed["changed"]  # each correction here moves some total
    assert (printed["held"], printed["finished"], printed["winner"]) == (
        expected["held"],
        expected["finished"],
        expected["winner"],
    )
    # only the corrected round is marked
    marks = [r["edited"] for r in ok(cli("show", sid, "--json")).json()["rounds"]]
    assert [m is not None for m in marks] == [n == number for n in range(1, len(marks) + 1)]


def test_edit_with_one_positional_is_the_round_of_the_latest_session(cli) -> None:
    spec = GAMES["tarot"]
    sid = session_with(cli, "tarot", spec["rounds"])
    ok(cli("edit", "3", "--points", "52"))
    assert sheet(cli, sid)["rounds"][2]["input"]["points"] == 52


def test_edit_text_says_the_old_and_new_scores_and_every_changed_total(cli) -> None:
    spec = GAMES["tarot"]
    sid = session_with(cli, "tarot", spec["rounds"])
    before = sheet(cli, sid)
    result = ok(cli("edit", sid, "3", "--points", "52"))
    after = sheet(cli, sid)
    lines = result.out.splitlines()
    assert lines[0] == "Round 3 corrected."
    assert lines[1] == "  points 55 → 52"
    old_scores, new_scores = before["rounds"][2]["scores"], after["rounds"][2]["scores"]
    assert re.fullmatch(
        r"  before\s+" + r"\s+".join(re.escape(f"{c} {v:+d}") for c, v in old_scores.items()),
        lines[2],
    )
    assert re.fullmatch(
        r"  after\s+" + r"\s+".join(re.escape(f"{c} {v:+d}") for c, v in new_scores.items()),
        lines[3],
    )
    assert lines[4] == "Totals that changed:"
    expected = changed_lines(before["totals"], after["totals"])
    assert lines[5 : 5 + len(expected)] == expected
    assert len(expected) == 4  # the taker and the three defenders
    assert "Total" in result.out and "Next dealer: Dan" in result.out  # the totals table


def test_edit_a_tarot_round_into_a_passe_drops_what_a_passe_has_not(cli) -> None:
    sid = session_with(cli, "tarot", GAMES["tarot"]["rounds"])
    printed = ok(cli("edit", sid, "2", "--contract", "passe", "--json")).json()
    inp = printed["round"]["input"]
    assert inp["contract"] == "passe"
    assert inp.get("bouts") is None and inp.get("points") is None
    assert set(printed["round"]["scores"].values()) == {0}
    expected = sheet(
        cli,
        session_with(
            cli,
            "tarot",
            [GAMES["tarot"]["rounds"][0], "--contract passe", GAMES["tarot"]["rounds"][2]],
        ),
    )
    assert sheet(cli, sid) == expected


def test_edit_defense_points_replace_the_points(cli) -> None:
    sid = session_with(cli, "tarot", GAMES["tarot"]["rounds"])
    ok(cli("edit", sid, "1", "--defense-points", "40"))
    assert sheet(cli, sid)["rounds"][0]["input"]["points"] == 51


@pytest.fixture
def asked(monkeypatch) -> list[tuple[str, int]]:
    """The rounds whose questions a command asks again (through a stand-in for
    cardscore.prompts.correct, which the questions themselves belong to)."""
    calls: list[tuple[str, int]] = []
    stand_in = types.ModuleType("cardscore.prompts.correct")
    stand_in.edit_round = lambda session_id, number: calls.append((session_id, number))
    import cardscore.prompts

    monkeypatch.setitem(sys.modules, "cardscore.prompts.correct", stand_in)
    monkeypatch.setattr(cardscore.prompts, "correct", stand_in, raising=False)
    return calls


def test_edit_without_options_on_a_terminal_asks_the_round_again(capsys, asked, cli) -> None:
    """The command hands the session and the round to the questions."""
    sid = session_with(cli, "tarot", GAMES["tarot"]["rounds"])
    assert run_in(capsys, TERMINAL(), "edit", "2").code == 0
    assert asked == [(sid, 2)]
    # a round that is not there is refused before anything is asked
    result = run_in(capsys, TERMINAL(), "edit", sid, "7")
    assert_one_line_error(result, "there is no round 7")
    assert asked == [(sid, 2)]


def test_corriger_a_round_asks_it_again_and_corriger_alone_undoes(capsys, asked, cli) -> None:
    """``corriger ROUND`` is ``edit ROUND`` with no option (the questions again);
    ``corriger`` and ``corriger SESSION`` take back the last change, as ever."""
    sid = session_with(cli, "tarot", GAMES["tarot"]["rounds"])
    count = len(sheet(cli, sid)["rounds"])
    assert run_in(capsys, TERMINAL(), "corriger", "2").code == 0
    assert run_in(capsys, TERMINAL(), "corriger", sid, "1").code == 0
    assert asked == [(sid, 2), (sid, 1)]
    assert len(sheet(cli, sid)["rounds"]) == count  # nothing undone
    assert_one_line_error(run_in(capsys, PIPED(), "corriger", "2"), "nothing can be asked here")
    assert_one_line_error(run_in(capsys, TERMINAL(), "corriger", sid, "x"), "not a round number")
    assert run_in(capsys, PIPED(), "corriger", sid).code == 0
    assert len(sheet(cli, sid)["rounds"]) == count - 1
    assert run_in(capsys, PIPED(), "corriger").code == 0
    assert len(sheet(cli, sid)["rounds"]) == count - 2
    assert asked == [(sid, 2), (sid, 1)]


def test_edit_help_has_the_same_round_options_as_add(cli) -> None:
    def options(text: str) -> set[str]:
        return set(re.findall(r"^\s+(--[a-z][a-z-]*)", text, re.MULTILINE))

    add_options = options(ok(cli("add", "--help")).out)
    edit_help = ok(cli("edit", "--help")).out
    assert options(edit_help) == add_options - {"--before"}
    assert "[SESSION] ROUND" in edit_help
    assert "--before" in add_options


# --------------------------------------------------------------------------------------------
# remove, add --before


@pytest.mark.parametrize("game", GAMES)
def test_remove_a_round_then_undo_and_redo(cli, game: str) -> None:
    rounds = GAMES[game]["rounds"]
    sid = session_with(cli, game, rounds)
    original = sheet(cli, sid)
    printed = ok(cli("remove", sid, "2", "--yes", "--json")).json()
    expected = sheet(cli, session_with(cli, game, [rounds[0], rounds[2]]))
    assert sheet(cli, sid) == expected
    assert printed["round"] == 2 and printed["rounds"] == 2
    assert printed["old"] == {
        "input": original["rounds"][1]["input"],
        "scores": original["rounds"][1]["scores"],
    }
    assert printed["totals"] == expected["totals"]
    assert printed["changed"] == {
        c: {"before": original["totals"][c], "after": t}
        for c, t in expected["totals"].items()
        if original["totals"][c] != t
    }
    undone = ok(cli("undo", sid, "--json")).json()
    assert sheet(cli, sid) == original
    assert undone["change"]["kind"] == "remove" and undone["change"]["round"] == 2
    assert undone["input"] == original["rounds"][1]["input"]  # the round back
    assert undone["rounds"] == 3 and undone["totals"] == original["totals"]
    ok(cli("redo", sid))
    assert sheet(cli, sid) == expected


def test_remove_text_says_the_round_and_the_changed_totals(cli) -> None:
    sid = session_with(cli, "tarot", GAMES["tarot"]["rounds"])
    before = sheet(cli, sid)
    result = ok(cli("remove", sid, "1", "--yes"))
    lines = result.out.splitlines()
    assert lines[0] == (
        "Round 1 removed: Bob garde, 2 bouts, 49 → made by 8 (`cardscore undo` puts it back)."
    )
    assert lines[1] == "Totals that changed:"
    expected = changed_lines(before["totals"], sheet(cli, sid)["totals"])
    assert lines[2 : 2 + len(expected)] == expected and expected


def test_remove_on_a_terminal_asks_saying_what_is_lost(capsys, monkeypatch, cli, home) -> None:
    from cardscore.prompts import ask

    sid = session_with(cli, "tarot", GAMES["tarot"]["rounds"])
    questions: list[str] = []
    answer = [False]

    def confirm(text: str, default: bool = False) -> bool:
        questions.append(text)
        return answer[0]

    monkeypatch.setattr(ask, "yes_no", confirm)
    saved = file_bytes(home, sid)
    assert run_in(capsys, TERMINAL(), "remove", sid, "2").code == 0
    assert questions == [
        "Remove round 2 (Ann prise, 1 bout, 55 → made by 4)? Its scores will be lost."
    ]
    assert file_bytes(home, sid) == saved  # the answer was no
    answer[0] = True
    assert run_in(capsys, TERMINAL(), "remove", sid, "2").code == 0
    assert len(sheet(cli, sid)["rounds"]) == 2


@pytest.mark.parametrize("game", GAMES)
def test_add_before_inserts_a_forgotten_round_then_undo_and_redo(cli, game: str) -> None:
    spec = GAMES[game]
    rounds = spec["rounds"]
    sid = session_with(cli, game, rounds)
    original = sheet(cli, sid)
    printed = ok(cli("add", sid, "--before", "2", *spec["insert"].split(), "--json")).json()
    expected = sheet(cli, session_with(cli, game, [rounds[0], spec["insert"], *rounds[1:]]))
    assert sheet(cli, sid) == expected
    assert {k: printed["round"][k] for k in ROUND_KEYS} == expected["rounds"][1]
    undone = ok(cli("undo", sid, "--json")).json()
    assert sheet(cli, sid) == original
    assert undone["change"]["kind"] == "insert"
    assert undone["input"] == expected["rounds"][1]["input"]  # the round taken out
    redone = ok(cli("redo", sid, "--json")).json()
    assert sheet(cli, sid) == expected
    assert redone["change"]["kind"] == "insert" and redone["rounds"] == 4


def test_add_before_text_names_the_inserted_round_and_the_changed_totals(cli) -> None:
    spec = GAMES["tarot"]
    sid = session_with(cli, "tarot", spec["rounds"])
    before = sheet(cli, sid)
    result = ok(cli("add", sid, "--before", "1", *spec["insert"].split()))
    assert result.out.splitlines()[0] == "Round 1 inserted (dealer Ann)"
    for line in changed_lines(before["totals"], sheet(cli, sid)["totals"]):
        assert line in result.out.splitlines()


# --------------------------------------------------------------------------------------------
# undo / redo of an edit, history


@pytest.mark.parametrize("game", GAMES)
def test_undo_an_edit_brings_the_old_round_back_and_redo_makes_it_again(cli, game) -> None:
    spec = GAMES[game]
    sid = session_with(cli, game, spec["rounds"])
    original = sheet(cli, sid)
    number, options = spec["edit"]
    ok(cli("edit", sid, str(number), *options.split()))
    corrected = sheet(cli, sid)
    undone = ok(cli("undo", sid, "--json")).json()
    assert sheet(cli, sid) == original
    assert undone["input"] == original["rounds"][number - 1]["input"]  # as it is now
    assert undone["change"]["kind"] == "edit" and undone["change"]["round"] == number
    assert undone["change"]["summary"].startswith(f"round {number} edited: ")
    assert (undone["rounds"], undone["totals"]) == (3, original["totals"])
    assert undone["held"] == original["held"]
    redone = ok(cli("redo", sid, "--json")).json()
    assert sheet(cli, sid) == corrected
    assert redone["input"] == corrected["rounds"][number - 1]["input"]
    assert redone["change"] == undone["change"]


def test_undo_and_redo_say_the_change_they_undo(cli) -> None:
    spec = GAMES["tarot"]
    sid = session_with(cli, "tarot", spec["rounds"])
    ok(cli("edit", sid, "3", "--taker", "Bob"))
    result = ok(cli("undo", sid))
    assert result.out.splitlines()[0] == (
        "Undone: round 3 edited: taker Cyd → Bob (`cardscore redo` makes it again)."
    )
    result = ok(cli("redo", sid))
    assert result.out.splitlines()[0] == (
        "Redone: round 3 edited: taker Cyd → Bob (`cardscore undo` takes it back)."
    )
    ok(cli("remove", sid, "1", "--yes"))
    assert ok(cli("corriger", sid)).out.splitlines()[0] == (
        "Undone: round 1 removed: Bob garde, 2 bouts, 49 (`cardscore redo` removes it again)."
    )
    ok(cli("redo", sid))
    ok(cli("undo", sid))  # the redone removal
    assert ok(cli("undo", sid)).out.splitlines()[0] == (  # the edit before it
        "Undone: round 3 edited: taker Cyd → Bob (`cardscore redo` makes it again)."
    )
    assert ok(cli("undo", sid)).out.splitlines()[0] == (
        "Undone: round 3 added: Cyd prise, 1 bout, 55 (`cardscore redo` puts it back)."
    )
    assert ok(cli("--lang", "fr", "undo", sid)).out.splitlines()[0].startswith("Annulé : ")


def test_history_lists_every_change_with_its_time(cli) -> None:
    spec = GAMES["tarot"]
    sid = session_with(cli, "tarot", spec["rounds"][:2])
    ok(cli("edit", sid, "2", "--taker", "Cyd"))
    ok(cli("undo", sid))
    ok(cli("redo", sid))
    ok(cli("remove", sid, "1", "--yes"))
    ok(cli("add", sid, "--before", "1", *spec["insert"].split()))
    data = ok(cli("history", sid, "--json")).json()
    changes = data["changes"]
    assert [c["n"] for c in changes] == list(range(1, 8))
    assert [(c["kind"], c["round"]) for c in changes] == [
        ("add", 1),
        ("add", 2),
        ("edit", 2),
        ("undo", 2),
        ("redo", 2),
        ("remove", 1),
        ("insert", 1),
    ]
    assert [c["summary"] for c in changes] == [
        "round 1 added: Bob garde, 2 bouts, 49",
        "round 2 added: Ann prise, 1 bout, 55",
        "round 2 edited: taker Ann → Cyd",
        "undone: round 2 edited: taker Ann → Cyd",
        "redone: round 2 edited: taker Ann → Cyd",
        "round 1 removed: Bob garde, 2 bouts, 49",
        "round 1 inserted: Dan garde, 3 bouts, 60",
    ]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d.*", c["time"]) for c in changes)
    text = ok(cli("history", sid)).out.splitlines()
    assert len(text) == 7
    for line, change in zip(text, changes, strict=True):
        found = re.fullmatch(r"(\d+)  (\d{4}-\d\d-\d\d \d\d:\d\d)  (.*)", line)
        assert found, line
        assert (int(found[1]), found[3]) == (change["n"], change["summary"])


def test_history_of_an_old_file_has_no_time_for_its_rounds(cli, home) -> None:
    sid = json.loads((FIXTURES / "schema1_tarot.json").read_text("utf-8"))["id"]
    (home / "sessions").mkdir(parents=True)
    shutil.copy(FIXTURES / "schema1_tarot.json", home / "sessions" / f"{sid}.json")
    changes = ok(cli("history", sid, "--json")).json()["changes"]
    assert changes and all(c["time"] is None and c["kind"] == "add" for c in changes)
    lines = ok(cli("history", sid)).out.splitlines()
    assert len(lines) == len(changes)
    assert all(re.fullmatch(r"\s*\d+  —\s+  round \d+ added: .+", line) for line in lines)


def test_history_of_a_new_session_is_empty(cli) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    assert ok(cli("history", sid, "--json")).json()["changes"] == []
    assert ok(cli("history", sid)).out.strip() == "No change yet."


# --------------------------------------------------------------------------------------------
# Refusals: exit status 2, one line, nothing saved

REFUSALS = [
    (["edit", "0", "--points", "50"], "ROUND: there is no round 0 (rounds 1 to 3)"),
    (["edit", "4", "--points", "50"], "ROUND: there is no round 4 (rounds 1 to 3)"),
    (["edit", "x", "--points", "50"], "ROUND: 'x' is not a round number"),
    (["edit", "3", "--trump", "hearts"], "--trump"),
    (["edit", "3", "--winner", "Ann"], "--winner"),
    (["edit", "3", "--points", "95"], "--points"),
    (["edit", "3", "--taker", "Zed"], "--taker"),
    (["edit", "3", "--points", "55"], "round 3: nothing to change"),
    (["edit", "3"], "give the answers to change as options"),
    (["edit"], "[SESSION] ROUND"),
    (["edit", "1", "2", "3", "--points", "50"], "[SESSION] ROUND"),
    (["remove", "0", "--yes"], "ROUND: there is no round 0"),
    (["remove", "4", "--yes"], "ROUND: there is no round 4"),
    (["remove", "2"], "--yes"),
    (["add", "--before", "0", *GAMES["tarot"]["insert"].split()], "--before: there is no round 0"),
    (["add", "--before", "4", *GAMES["tarot"]["insert"].split()], "--before: there is no round 4"),
    (
        ["add", "--before", "two", *GAMES["tarot"]["insert"].split()],
        "--before: 'two' is not a round",
    ),
    (["add", "--before", "2", "--taker", "Dan", "--contract", "garde"], "--bouts"),
]


@pytest.mark.parametrize(
    ("args", "fragment"), REFUSALS, ids=[" ".join(args)[:40] for args, _ in REFUSALS]
)
def test_a_bad_correction_is_refused_and_changes_nothing(
    cli, home, sessions, args: list[str], fragment: str
) -> None:
    session_with(cli, "tarot", GAMES["tarot"]["rounds"])
    saved = sessions()
    assert_one_line_error(cli(*args), fragment)
    assert sessions() == saved


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["edit", "3", "--bouts", "2"], "--bouts"),  # not a rami option
        (["edit", "2", "--hand", "Ann=abc"], "--hand"),
        (["remove", "9", "--yes"], "there is no round 9"),
    ],
)
def test_a_bad_rami_correction_is_refused(cli, sessions, args, fragment) -> None:
    session_with(cli, "rami", GAMES["rami"]["rounds"])
    saved = sessions()
    assert_one_line_error(cli(*args), fragment)
    assert sessions() == saved


def test_edit_with_no_option_and_no_terminal_is_refused(capsys, cli, sessions) -> None:
    session_with(cli, "belote", GAMES["belote"]["rounds"])
    saved = sessions()
    assert_one_line_error(run_in(capsys, PIPED(), "edit", "2"), "as options")
    assert sessions() == saved


def test_an_insertion_that_makes_a_called_player_the_mort_is_refused(cli, sessions) -> None:
    """At 6 players the dealer of each round is its mort: round 2's mort is Bob, round 3's
    Cyd.  Inserting a round before round 2 would make round 2 (where Ann called Cyd) round
    3, whose mort is Cyd."""
    sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan,Eve,Fay")
    rounds = [
        "--taker Bob --contract garde --bouts 2 --points 49 --called Dan",
        "--taker Ann --contract prise --bouts 1 --points 55 --called Cyd",
    ]
    for options in rounds:
        ok(cli("add", sid, *options.split()))
    saved = sessions()
    inserted = "--taker Dan --contract prise --bouts 1 --points 60 --called Eve"
    result = cli("add", sid, "--before", "2", *inserted.split())
    assert_one_line_error(result, "round 2 would become round 3 and impossible")
    assert "Cyd" in result.err
    assert sessions() == saved
    # and removing round 1 would make that round 1, whose mort is Ann, its taker
    assert_one_line_error(cli("remove", sid, "1", "--yes"), "round 2 would become round 1")
    assert sessions() == saved


def test_a_correction_names_the_answers_in_the_user_s_language(cli) -> None:
    sid = cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan,Eve", "--no-play").out.strip()
    assert cli("add", sid, "--line", "bob g 2b 49 dan").code == 0
    edited = cli("--lang", "fr", "edit", sid, "1", "--called", "Cyd", "--taker", "Ann").out
    assert "preneur Bob → Ann, partenaire Dan → Cyd" in edited
    history = cli("--lang", "nb", "history", sid).out
    assert "spillfører Bob → Ann, makker Dan → Cyd" in history
    assert "taker Bob → Ann, called Dan → Cyd" in cli("history", sid).out


def test_a_correction_says_each_answer_as_a_word(cli) -> None:
    """``contract garde → garde sans`` and ``poignée Ann double``, never the spellings the
    options take (``garde-sans``, ``Ann:double``), in the history as in the edit."""
    sid = cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play").out.strip()
    assert cli("add", sid, "--line", "bob g 2b 49").code == 0
    edited = cli("edit", sid, "1", "--contract", "garde-sans", "--poignee", "Ann:double").out
    history = cli("--lang", "fr", "history", sid).out
    for said in (edited, history):
        assert "garde → garde sans" in said, said
        assert "Ann double" in said, said
        assert "garde-sans" not in said and "Ann:double" not in said
