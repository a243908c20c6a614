"""`cardscore table`: the table changes of an evening through the command line, for every
game (a sixth player at tarot and the mort, a player who leaves, a replacement, a typo, rami's
target that follows the table, belote's teams, a target raised or lowered), their undo and
redo, the history's line, the table shown with no option; and every refusal (exit status 2,
one line, the file left byte for byte as it was)."""

from __future__ import annotations

import json
import types
from collections.abc import Callable
from typing import Any

import pytest

from cardscore import completion
from test_cli_corrections import assert_one_line_error, file_bytes

SEATS = ("--names", "Sud,Est,Nord,Ouest", "--set", "team1=NS", "--set", "team2=EW")


def ok(result: Any) -> Any:
    assert result.code == 0, (result.out, result.err)
    return result


def new(cli: Callable[..., Any], game: str, *options: str) -> str:
    return ok(cli("new", game, *options, "--no-play")).out.strip()


def play(cli: Callable[..., Any], sid: str, *rounds: str) -> None:
    for options in rounds:
        ok(cli("add", sid, *options.split(), "--json"))


def tarot(
    cli: Callable[..., Any], names: str, rounds: int, called: str | None = "Cyd", taker="Ann"
) -> tuple[str, list[str]]:
    """A tarot game of ``names`` with ``rounds`` rounds taken by ``taker`` (calling
    ``called``)."""
    sid = new(cli, "tarot", "--names", names)
    call = f" --called {called}" if called else ""
    play(cli, sid, *[f"--taker {taker} --contract garde --bouts 2 --points 49{call}"] * rounds)
    return sid, names.split(",")


def sheet(cli: Callable[..., Any], sid: str) -> dict[str, Any]:
    return ok(cli("show", sid, "--json")).json()


def table_now(cli: Callable[..., Any], sid: str) -> dict[str, Any]:
    return ok(cli("table", sid, "--json")).json()


def lines_of(result: Any) -> list[str]:
    return [line.strip() for line in result.out.splitlines()]


# --------------------------------------------------------------------------------------------
# Tarot: a player arrives, leaves, is replaced; the mort at six


def test_a_sixth_player_at_tarot_brings_the_mort_from_the_next_round(cli) -> None:
    sid, names = tarot(cli, "Ann,Bob,Cyd,Dan,Eve", 2)
    before = sheet(cli, sid)
    printed = ok(cli("table", sid, "--join", "Zoé", "--json")).json()
    assert printed["change"] == {"kind": "table", "round": 3, "join": {"Zoé": 0}}
    assert printed["summary"] == "Zoé joins"
    assert printed["players"] == [*names, "Zoé"]
    # the deal goes on from the seat after the last dealer (Bob): Cyd deals round 3, and at
    # six players the dealer sits it out
    assert printed["next_dealer"] == printed["next_mort"] == "Cyd"
    assert printed["totals"] == {**before["totals"], "Zoé": 0}
    assert printed["finished"] is False and printed["winner"] is None
    play(cli, sid, "--taker Zoé --contract prise --bouts 1 --points 55 --called Ann")
    rounds = sheet(cli, sid)["rounds"]
    assert [r["mort"] for r in rounds] == [None, None, "Cyd"]
    assert [r["dealer"] for r in rounds] == ["Ann", "Bob", "Cyd"]
    assert "Zoé" not in rounds[0]["scores"] and rounds[2]["scores"]["Cyd"] == 0
    assert set(rounds[2]["scores"]) == {*names, "Zoé"}


def test_the_join_text_says_the_mort_the_dealer_and_the_newcomer(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan,Eve", 2)
    result = ok(cli("table", sid, "--join", "Zoé=-50"))
    lines = lines_of(result)
    assert lines[0] == "Table changed from round 3: Zoé joins with -50."
    assert lines[1:4] == [
        "Zoé starts at -50",
        "from round 3, one player sits out each round (the mort)",
        "round 3: Cyd deals and is mort",
    ]
    assert "Next dealer: Cyd" in result.out  # the totals table, as `add` shows it
    assert any(line.startswith("│") and "Zoé" in line and "-50" in line for line in lines)


def test_a_player_who_leaves_a_table_of_six_ends_the_mort(cli) -> None:
    sid, names = tarot(cli, "Ann,Bob,Cyd,Dan,Eve,Fay", 2, taker="Dan")  # morts: Ann, Bob
    assert sheet(cli, sid)["next_mort"] == "Cyd"
    result = ok(cli("table", sid, "--leave", "Fay"))
    assert "from round 3, nobody sits out (no mort)" in lines_of(result)
    assert "round 3: Cyd deals" in lines_of(result)
    play(cli, sid, "--taker Ann --contract garde --bouts 2 --points 49 --called Cyd")
    data = sheet(cli, sid)
    assert [r["mort"] for r in data["rounds"]] == ["Ann", "Bob", None]
    assert "Fay" not in data["rounds"][2]["scores"]
    assert data["totals"]["Fay"] == data["rounds"][1]["totals"]["Fay"]  # kept, frozen
    assert data["next_mort"] is None
    assert table_now(cli, sid)["players"] == names[:-1]


def test_four_to_three_at_tarot(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan", 2, called=None)
    dan = sheet(cli, sid)["totals"]["Dan"]
    result = ok(cli("table", sid, "--leave", "dan"))  # typed any way
    assert f"Dan stops at {dan}" in lines_of(result)
    play(cli, sid, "--taker Bob --contract prise --bouts 1 --points 55")
    data = sheet(cli, sid)
    assert set(data["rounds"][2]["scores"]) == {"Ann", "Bob", "Cyd"}
    assert data["totals"]["Dan"] == dan
    assert table_now(cli, sid)["players"] == ["Ann", "Bob", "Cyd"]


def test_a_replacement_at_tarot_starts_at_zero_and_the_old_player_keeps_his_total(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan,Eve", 2)
    dan = sheet(cli, sid)["totals"]["Dan"]
    printed = ok(cli("table", sid, "--replace", "Dan=Zoé", "--json")).json()
    assert printed["change"]["replace"] == {"Dan": "Zoé"}
    assert printed["players"] == ["Ann", "Bob", "Cyd", "Zoé", "Eve"]
    assert printed["totals"]["Zoé"] == 0 and printed["totals"]["Dan"] == dan
    play(cli, sid, "--taker Zoé --contract garde --bouts 2 --points 49 --called Ann")
    data = sheet(cli, sid)
    assert data["columns"] == ["Ann", "Bob", "Cyd", "Dan", "Zoé", "Eve"]  # beside Dan
    assert "Dan" not in data["rounds"][2]["scores"]
    assert data["totals"]["Dan"] == dan
    assert data["totals"]["Zoé"] == data["rounds"][2]["scores"]["Zoé"]


def test_a_newcomer_starts_from_the_points_given(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan", 1, called=None)
    ok(cli("table", sid, "--join", "Zoé=-120"))
    assert sheet(cli, sid)["totals"]["Zoé"] == -120
    play(cli, sid, "--taker Zoé --contract prise --bouts 1 --points 55 --called Ann")
    data = sheet(cli, sid)
    assert data["totals"]["Zoé"] == -120 + data["rounds"][1]["scores"]["Zoé"]


def test_a_player_who_comes_back_has_his_total(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan", 1, called=None)
    ok(cli("table", sid, "--leave", "Dan"))
    play(cli, sid, "--taker Ann --contract prise --bouts 1 --points 55")
    dan = sheet(cli, sid)["totals"]["Dan"]
    result = ok(cli("table", sid, "--join", "dan"))
    assert f"Dan comes back with {dan}" in lines_of(result)
    assert table_now(cli, sid)["players"] == ["Ann", "Bob", "Cyd", "Dan"]


def test_a_rename_corrects_the_past_rounds_and_keeps_the_scores(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dna,Eve", 2, called="Dna")
    before = sheet(cli, sid)
    printed = ok(cli("table", sid, "--rename", "dna=Dan", "--json")).json()
    assert printed["change"] == {"kind": "table", "round": 3, "rename": {"Dna": "Dan"}}
    after = sheet(cli, sid)

    def renamed(data: dict[str, int]) -> dict[str, int]:
        return {("Dan" if k == "Dna" else k): v for k, v in data.items()}

    assert after["players"] == ["Ann", "Bob", "Cyd", "Dan", "Eve"]
    assert after["totals"] == renamed(before["totals"])
    for old, row in zip(before["rounds"], after["rounds"], strict=True):
        assert row["scores"] == renamed(old["scores"])
        assert row["input"]["called"] == "Dan"
    assert "Dna" not in ok(cli("show", sid)).out


# --------------------------------------------------------------------------------------------
# Rami: the automatic target follows the table; one set by hand stays


RAMI_ROUND = "--winner Ann --hand Bob=30 --hand Cyd=20"


@pytest.mark.parametrize(
    ("options", "change", "target", "line"),
    [
        ((), ["--join", "Dan"], 300, "target now 300 (100 per opponent)"),
        ((), ["--leave", "Cyd"], 100, "target now 100 (100 per opponent)"),
        (("--target", "500"), ["--join", "Dan"], 500, "the target stays 500 (set by hand)"),
        (("--target", "500"), ["--leave", "Cyd"], 500, "the target stays 500 (set by hand)"),
    ],
)
def test_rami_target_follows_the_table_unless_set_by_hand(
    cli, options: tuple[str, ...], change: list[str], target: int, line: str
) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob,Cyd", *options)
    play(cli, sid, RAMI_ROUND)
    assert table_now(cli, sid)["target"] == (int(options[1]) if options else 200)
    result = ok(cli("table", sid, *change))
    assert line in lines_of(result)
    assert f"To {target}" in result.out
    assert table_now(cli, sid)["target"] == target


def test_a_rami_target_changed_by_the_table_stays_when_a_player_joins(cli) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob,Cyd")
    play(cli, sid, RAMI_ROUND)
    assert "target now 700" in lines_of(ok(cli("table", sid, "--target", "700")))
    assert "the target stays 700 (set by hand)" in lines_of(ok(cli("table", sid, "--join", "Dan")))
    assert table_now(cli, sid)["target"] == 700


def test_a_rami_player_who_left_is_out_of_the_running(cli) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob,Cyd", "--target", "100")
    play(cli, sid, "--winner Ann --hand Bob=90 --hand Cyd=20")
    ok(cli("table", sid, "--leave", "Bob"))
    play(cli, sid, "--winner Ann --hand Cyd=20")
    data = sheet(cli, sid)
    assert data["totals"]["Bob"] == 90 and data["finished"] is False
    play(cli, sid, "--winner Ann --hand Cyd=70")
    data = sheet(cli, sid)
    assert data["finished"] is True and data["winner"] == "Ann"


# --------------------------------------------------------------------------------------------
# Belote and coinche: four fixed seats, teams that go on


def belote_game(cli: Callable[..., Any], game: str, *options: str, rounds: int = 2) -> str:
    """A belote or coinche game of ``rounds`` rounds taken by the first player."""
    sid = new(cli, game, *options)
    taker = options[options.index("--names") + 1].split(",")[0]
    contract = " --contract 80" if game == "coinche" else ""
    taken = f"--taker {taker} --trump hearts{contract} --points 100 --dix-de-der taker"
    play(cli, sid, *[taken] * rounds)
    return sid


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_a_replacement_keeps_the_team_column_and_a_default_name_follows(cli, game) -> None:
    sid = belote_game(cli, game, "--names", "Ann,Bob,Cyd,Dan")
    before = sheet(cli, sid)
    assert before["columns"] == ["Ann & Cyd", "Bob & Dan"]
    result = ok(cli("table", sid, "--replace", "Cyd=Zoé"))
    assert "team Ann & Cyd is now Ann & Zoé" in lines_of(result)
    after = sheet(cli, sid)
    assert after["columns"] == ["Ann & Zoé", "Bob & Dan"]
    assert after["totals"] == {"Ann & Zoé": before["totals"]["Ann & Cyd"],
                               "Bob & Dan": before["totals"]["Bob & Dan"]}  # fmt: skip
    contract = " --contract 80" if game == "coinche" else ""
    play(cli, sid, f"--taker Zoé --trump spades{contract} --points 100 --dix-de-der taker")
    data = sheet(cli, sid)
    assert data["rounds"][-1]["scores"]["Ann & Zoé"] > 0
    assert table_now(cli, sid)["players"] == ["Ann", "Bob", "Zoé", "Dan"]


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_a_team_named_by_hand_keeps_its_name(cli, game) -> None:
    sid = belote_game(cli, game, *SEATS)
    printed = ok(cli("table", sid, "--replace", "Nord=Zoé", "--json")).json()
    assert "teams" not in printed["change"]
    assert list(printed["totals"]) == ["NS", "EW"]
    assert table_now(cli, sid)["teams"] == ["NS", "EW"]


def test_a_raised_target_lets_a_finished_belote_game_go_on(cli) -> None:
    sid = belote_game(cli, "belote", "--names", "Ann,Bob,Cyd,Dan", "--target", "200")
    data = sheet(cli, sid)
    assert data["finished"] is True
    refused = cli("add", sid, "--taker", "Bob", "--trump", "spades", "--points", "100",
                  "--dix-de-der", "taker")  # fmt: skip
    assert refused.code == 2 and "the game is over" in refused.err
    result = ok(cli("table", sid, "--target", "1500"))
    assert "the game goes on to 1500" in lines_of(result)
    assert "To 1500" in result.out and "Game over" not in result.out
    play(cli, sid, "--taker Bob --trump spades --points 100 --dix-de-der taker")
    data = sheet(cli, sid)
    assert len(data["rounds"]) == 3 and data["finished"] is False
    assert not any(r["after_end"] for r in data["rounds"])


def test_a_lower_target_ends_the_game_now(cli) -> None:
    sid = belote_game(cli, "belote", "--names", "Ann,Bob,Cyd,Dan")
    data = sheet(cli, sid)
    assert data["finished"] is False
    leader = max(data["totals"], key=data["totals"].get)
    printed = ok(cli("table", sid, "--target", "150", "--json")).json()
    assert printed["finished"] is True and printed["winner"] == leader
    undone = ok(cli("undo", sid, "--json")).json()
    assert undone["finished"] is False
    result = ok(cli("redo", sid))
    assert f"with a target of 150, the game is over now: {leader} wins" in lines_of(result)
    assert f"Game over — {leader} win!" in result.out  # a team


# --------------------------------------------------------------------------------------------
# Undo, redo, history, the table shown


def test_undo_and_redo_of_a_table_change(cli) -> None:
    sid, names = tarot(cli, "Ann,Bob,Cyd,Dan,Eve", 2)
    before = sheet(cli, sid)
    ok(cli("table", sid, "--replace", "Dan=Zoé", "--join", "Fay"))
    changed = sheet(cli, sid)
    undone = ok(cli("undo", sid, "--json")).json()
    assert undone["change"] == {
        "kind": "table",
        "round": 3,
        "summary": "table changed from round 3: Zoé replaces Dan, Fay joins",
    }
    assert undone["input"] is None and undone["rounds"] == 2
    assert undone["totals"] == before["totals"] and undone["next_mort"] is None
    assert sheet(cli, sid)["columns"] == before["columns"]
    redone = ok(cli("redo", sid))
    assert lines_of(redone)[0] == (
        "Table change from round 3 redone: Zoé replaces Dan, Fay joins "
        "(`cardscore undo` takes it back)."
    )
    assert sheet(cli, sid)["columns"] == changed["columns"]
    undone_text = ok(cli("undo", sid))
    assert lines_of(undone_text)[0] == (
        "Table change from round 3 undone: Zoé replaces Dan, Fay joins "
        "(`cardscore redo` makes it again)."
    )
    assert "from round 3, nobody sits out (no mort)" in lines_of(undone_text)
    assert table_now(cli, sid)["players"] == names


def test_undo_of_a_rename_says_no_total_moved(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dna", 2, called=None)
    ok(cli("table", sid, "--rename", "Dna=Dan"))
    result = ok(cli("undo", sid))
    assert lines_of(result)[0].startswith("Table change from round 3 undone: Dna renamed Dan")
    assert "Totals that changed:" not in result.out and "→" not in result.out
    assert sheet(cli, sid)["players"] == ["Ann", "Bob", "Cyd", "Dna"]


def test_history_says_the_table_changes(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan,Eve", 2)
    ok(cli("table", sid, "--replace", "Dan=Zoé"))
    ok(cli("undo", sid))
    lines = ok(cli("history", sid)).out.splitlines()
    assert lines[2].endswith("table changed from round 3: Zoé replaces Dan")
    assert lines[3].endswith("undone: table changed from round 3: Zoé replaces Dan")
    entries = ok(cli("history", sid, "--json")).json()["changes"]
    assert [(e["kind"], e["round"]) for e in entries[2:]] == [("table", 3), ("undo", 3)]


def test_with_no_option_the_table_is_shown_and_nothing_changes(cli, home) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan,Eve", 2)
    ok(cli("table", sid, "--replace", "Dan=Zoé"))
    play(cli, sid, "--taker Zoé --contract garde --bouts 2 --points 49 --called Ann")
    ok(cli("table", sid, "--join", "Fay"))
    saved = file_bytes(home, sid)
    result = ok(cli("table", sid))
    lines = lines_of(result)
    assert "Ann, Bob, Cyd, Zoé, Eve, Fay" in lines
    assert "Next dealer: Zoé (mort)" in lines  # after Cyd, in the seat that was Dan's
    assert "Table changes:" in lines
    assert lines[-2:] == ["from round 3: Zoé replaces Dan", "from round 4: Fay joins"]
    assert any(line.startswith("left the table: Dan ") for line in lines)
    data = table_now(cli, sid)
    assert data["players"] == ["Ann", "Bob", "Cyd", "Zoé", "Eve", "Fay"]
    assert data["left"] == ["Dan"] and data["round"] == 4
    assert (data["next_dealer"], data["next_mort"]) == ("Zoé", "Zoé")
    assert data["changes"] == [
        {"round": 3, "summary": "Zoé replaces Dan"},
        {"round": 4, "summary": "Fay joins"},
    ]
    assert file_bytes(home, sid) == saved


def test_a_table_that_never_changed(cli) -> None:
    sid = belote_game(cli, "belote", *SEATS, rounds=0)
    result = ok(cli("table", sid))
    assert "No table change yet." in lines_of(result)
    assert "teams: NS (Sud & Nord), EW (Est & Ouest)" in lines_of(result)
    assert "target: 1000" in lines_of(result)
    assert table_now(cli, sid)["changes"] == []


def test_the_table_in_french(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan,Eve", 2)
    result = ok(cli("--lang", "fr", "table", sid, "--join", "Zoé"))
    assert lines_of(result)[:3] == [
        "Table changée à partir de la donne 3 : Zoé arrive.",
        "Zoé commence à 0",
        "à partir de la donne 3, un joueur ne joue pas à chaque donne (le mort)",
    ]
    helped = ok(cli("--lang", "fr", "table", "--help")).out
    assert "--replace ANCIEN=NOUVEAU" in helped and "--join NOM[=POINTS]" in helped
    assert "Répétable." in helped and "Repeatable" not in helped


def test_completion_offers_the_players_each_option_can_name(cli) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan,Eve", 1)
    ok(cli("table", sid, "--replace", "Dan=Zoé"))
    ctx = types.SimpleNamespace(params={"session": sid}, args=[])

    def offered(function: Callable[..., Any], incomplete: str = "") -> list[str]:
        return [value for value, _ in function(ctx, incomplete)]

    assert offered(completion.seated) == ["Ann", "Bob", "Cyd", "Zoé", "Eve"]
    assert offered(completion.gone) == ["Dan"]
    assert offered(completion.everyone) == ["Ann", "Bob", "Cyd", "Dan", "Eve", "Zoé"]
    assert offered(completion.players, "z") == ["Zoé"]  # add --taker: the table now
    assert offered(completion.players) == ["Ann", "Bob", "Cyd", "Zoé", "Eve"]  # not Dan, gone


# --------------------------------------------------------------------------------------------
# Refusals: exit status 2, one line, nothing saved

TAROT5 = ("tarot", "Ann,Bob,Cyd,Dan,Zoé")
REFUSALS = [
    (TAROT5, ["--leave", "Xavier"], "--leave: nobody is called 'Xavier'"),
    (TAROT5, ["--replace", "Xavier=Eve"], "--replace: nobody is called 'Xavier'"),
    (TAROT5, ["--rename", "Xavier=Eve"], "--rename: nobody is called 'Xavier'"),
    (TAROT5, ["--join", "zoe"], "--join: Zoé is already at the table"),
    (TAROT5, ["--replace", "Ann=ZOE"], "--replace: Zoé is already at the table"),
    (TAROT5, ["--rename", "Ann=zoé"], "too close to Zoé"),
    (TAROT5, ["--join", "Eve", "--join", "Fay"], "3 to 6 players (the table would have 7)"),
    (("tarot", "Ann,Bob,Cyd"), ["--leave", "Ann"], "3 to 6 players (the table would have 2)"),
    (("rami", "Ann,Bob"), ["--leave", "Ann"], "(the table would have 1)"),
    (("belote", "Ann,Bob,Cyd,Dan"), ["--join", "Eve"], "--join: belote is played by four"),
    (("coinche", "Ann,Bob,Cyd,Dan"), ["--leave", "Ann"], "--leave: coinche is played by four"),
    (TAROT5, ["--target", "500"], "--target: tarot has no target score"),
    (("belote", "Ann,Bob,Cyd,Dan"), ["--target", "0"], "--target: 0 is not a positive"),
    (("rami", "Ann,Bob"), ["--target", "-5"], "--target: -5 is not a positive"),
    (("rami", "Ann,Bob"), ["--target", "lots"], "--target"),
    (TAROT5, ["--rename", "Ann"], "--rename: OLD=NEW is needed"),
    (TAROT5, ["--replace", "=Eve"], "--replace: OLD=NEW is needed"),
    (TAROT5, ["--replace", "Ann="], "--replace: OLD=NEW is needed"),
    (TAROT5, ["--join", "Eve=ten"], "--join: Eve's points are a whole number"),
    (TAROT5, ["--replace", "Ann=Eve", "--leave", "ann"], "Ann is already named by --replace"),
    (TAROT5, ["--join", "Eve", "--replace", "Bob=eve"], "is already named by"),
    (TAROT5, ["--leave", "Bob", "--leave", "Bob"], "Bob is already named by --leave"),
    (("rami", "Ann,Bob"), ["--rename", "Ann=A=B"], "--rename: a player's name cannot contain"),
]


@pytest.mark.parametrize(
    ("game", "args", "fragment"),
    REFUSALS,
    ids=[f"{game[0]}: {' '.join(args)}" for game, args, _ in REFUSALS],
)
def test_a_bad_table_change_is_refused_and_changes_nothing(
    cli, home, game: tuple[str, str], args: list[str], fragment: str
) -> None:
    sid = new(cli, game[0], "--names", game[1])
    saved = file_bytes(home, sid)
    assert_one_line_error(cli("table", sid, *args), fragment)
    assert file_bytes(home, sid) == saved


def test_a_refused_change_after_rounds_leaves_the_file_as_it_was(cli, home) -> None:
    sid, _ = tarot(cli, "Ann,Bob,Cyd,Dan,Eve,Fay", 3, taker="Dan", called="Eve")
    saved = file_bytes(home, sid)
    assert_one_line_error(cli("table", sid, "--join", "Gus"), "the table would have 7")
    assert_one_line_error(cli("table", sid, "--json", "--rename", "fay=ann"), "too close to Ann")
    assert file_bytes(home, sid) == saved


def test_an_unknown_session_is_refused(cli) -> None:
    assert_one_line_error(cli("table", "nosuch", "--join", "Eve"), "nosuch")


def test_a_target_set_before_the_first_round_is_the_games_target(cli) -> None:
    """Not "a table change from round 1": the sheets, `table`, the history and undo say it as
    the game's target (issue 25, point 10)."""
    sid = cli("new", "belote", "--names", "Ann,Bob,Cyd,Dan", "--no-play").out.strip()
    said = cli("table", sid, "--target", "500")
    assert said.code == 0 and said.out.startswith("The game's target is now 500.")
    assert cli("add", sid, "--taker", "Ann", "--trump", "hearts", "--points", "90",
               "--dix-de-der", "taker").code == 0  # fmt: skip
    sheet = json.loads(cli("show", sid, "--json").out)
    assert (sheet["params"]["target"], sheet["table_changes"]) == (500, [])
    for shown in (cli("show", sid).out, cli("print", sid).out, cli("table", sid).out):
        assert "from round 1" not in shown and "500" in shown
    assert "No table change yet." in cli("table", sid).out
    assert "the game's target set to 500" in cli("history", sid).out
    # a change of target once play has begun is a change of the table, as before
    assert cli("table", sid, "--target", "700").out.startswith("Table changed from round 2")
    assert [c["from"] for c in json.loads(cli("show", sid, "--json").out)["table_changes"]] == [2]
