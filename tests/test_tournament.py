"""A club's evening through the public command line: ``cardscore tournament`` new, play
(tables' sessions), show, next, print, list, delete; the tables' deals added with ``add
--line``, a correction at a table of round 1 after round 2 is drawn; the final ranking
checked against scores worked out here by hand."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from itertools import combinations
from pathlib import Path

import pytest

NINE = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def garde(points: float) -> int:
    """What each defender pays (negative: receives) at a garde with 2 bouts under the FFT
    rules, worked out here by hand: 25 + the difference with 41 (a half point to the side
    that won it), doubled."""
    made = points >= 41
    return (1 if made else -1) * (25 + math.ceil(abs(points - 41))) * 2


def table_scores(players: list[str], deals: list[tuple[int, float]]) -> dict[str, int]:
    """Each player's total at a tarot table after ``deals`` (taker's seat, taker's points),
    every deal a garde with 2 bouts; at 5 the taker calls the next seat."""
    totals = dict.fromkeys(players, 0)
    n = len(players)
    for seat, points in deals:
        each = garde(points)
        taker = players[seat]
        if n == 5:
            partner = players[(seat + 1) % n]
            defenders = [p for p in players if p not in (taker, partner)]
            totals[taker] += 2 * each
            totals[partner] += each
        else:
            defenders = [p for p in players if p != taker]
            totals[taker] += (n - 1) * each
        for p in defenders:
            totals[p] -= each
    return totals


def line_of(players: list[str], seat: int, points: float) -> str:
    called = f" {players[(seat + 1) % len(players)]}" if len(players) == 5 else ""
    return f"{players[seat]} g 2b {points}{called}"


def play_table(cli, tournament: str, table: dict, points: list[float]) -> list[tuple[int, float]]:
    """Create the table's session and add one deal per player (each taking once)."""
    made = cli("tournament", "play", tournament, "--table", str(table["number"]), "--no-play")
    assert made.code == 0, made.err
    session = made.out.strip()
    assert session == table["session"]
    players = table["players"]
    deals = [(seat, points[seat % len(points)]) for seat in range(len(players))]
    for seat, p in deals:
        added = cli("add", session, "--line", line_of(players, seat, p))
        assert added.code == 0, added.err
    return deals


def show(cli, tournament: str) -> dict:
    shown = cli("tournament", "show", tournament, "--json")
    assert shown.code == 0, shown.err
    return shown.json()


def test_an_evening_of_nine_tarot_players(cli, tmp_path: Path) -> None:
    made = cli(
        "tournament", "new", "tarot", "--names", ",".join(NINE), "--rounds", "3",
        "--seed", "11", "--title", "Club night", "--json",
    )  # fmt: skip
    assert made.code == 0, made.err
    doc = made.json()
    tid = doc["id"]
    assert doc["seed"] == 11 and doc["current_round"] == 1 and not doc["finished"]
    sizes = sorted(len(t["players"]) for t in doc["rounds"][0]["tables"])
    assert sizes == [4, 5]
    expected: dict[str, list[int | None]] = defaultdict(lambda: [None, None, None])
    points = [49, 38, 55.5, 41, 30]
    seatings = []
    for round_index in range(3):
        doc = show(cli, tid)
        tables = doc["rounds"][round_index]["tables"]
        seatings.append([t["players"] for t in tables])
        seated = [p for t in tables for p in t["players"]]
        assert sorted(seated) == sorted(NINE)  # everyone seated once
        for table in tables:
            assert table["deals"] == len(table["players"])  # one deal dealt by each player
            deals = play_table(cli, tid, table, points[round_index:] + points[:round_index])
            for name, score in table_scores(table["players"], deals).items():
                expected[name][round_index] = score
        if round_index == 0:  # next before every table is finished is refused without --force
            pass
        if round_index < 2:
            drawn = cli("tournament", "next", tid)
            assert drawn.code == 0, drawn.err
            assert f"Round {round_index + 2} of 3" in drawn.out
        if round_index == 1:  # a correction at round 1 once round 2 is drawn
            first = show(cli, tid)["rounds"][0]["tables"][0]
            fixed = cli("edit", first["session"], "1", "--line", line_of(first["players"], 0, 70))
            assert fixed.code == 0, fixed.err
            deals = [(0, 70.0)] + [
                (seat, points[seat % len(points)]) for seat in range(1, len(first["players"]))
            ]
            for name, score in table_scores(first["players"], deals).items():
                expected[name][0] = score
            after = show(cli, tid)
            assert [t["players"] for t in after["rounds"][0]["tables"]] == seatings[0]
            assert [t["players"] for t in after["rounds"][1]["tables"]] == seatings[1]
    final = show(cli, tid)
    assert final["finished"] and final["current_round"] == 3
    totals = {name: sum(scores) for name, scores in expected.items()}
    by_rank = sorted(totals, key=lambda n: -totals[n])
    assert final["ranking"][0]["name"] == by_rank[0]
    for row in final["ranking"]:
        assert row["total"] == totals[row["name"]], row
        assert row["rounds"] == expected[row["name"]]
        better = sum(1 for n in totals if totals[n] > row["total"])
        assert row["rank"] == better + 1
    for tables in final["rounds"]:
        for table in tables["tables"]:
            assert table["zero_sum"] is True and table["finished"]
    # the terminal, the text and the HTML results say the same ranking
    text = cli("tournament", "print", tid)
    assert text.code == 0 and by_rank[0] in text.out
    page = tmp_path / "results.html"
    written = cli("tournament", "print", tid, "-o", str(page))
    assert written.code == 0, written.err
    html = page.read_text("utf-8")
    assert "<h1>Club night</h1>" in html and html.count('<section class="round">') == 3
    assert cli("tournament", "next", tid).code == 2  # every round is drawn


def test_next_waits_for_every_table_unless_forced(cli) -> None:
    tid = cli("tournament", "new", "tarot", "--names", ",".join(NINE[:8]), "--rounds", "2",
              "--seed", "3", "--json").json()["id"]  # fmt: skip
    refused = cli("tournament", "next", tid)
    assert refused.code == 2
    assert "round 1 is not finished (tables 1, 2)" in refused.err
    assert show(cli, tid)["current_round"] == 1
    forced = cli("tournament", "next", tid, "--force")
    assert forced.code == 0, forced.err
    assert show(cli, tid)["current_round"] == 2


def test_a_finished_table_takes_no_more_deals(cli) -> None:
    doc = cli("tournament", "new", "tarot", "--names", ",".join(NINE[:8]), "--rounds", "1",
              "--seed", "5", "--json").json()  # fmt: skip
    table = doc["rounds"][0]["tables"][0]
    play_table(cli, doc["id"], table, [49])
    more = cli("add", table["session"], "--line", line_of(table["players"], 0, 49))
    assert more.code == 2
    assert "table 1 of round 1 is finished: its 4 deals are played" in more.err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["tarot", "--names", "Ann,Bob", "--rounds", "2"], "at least 3 players"),
        (["tarot", "--names", "Ann,Bob,Ann,Cyd", "--rounds", "2"], "two players are named"),
        (["belote", "--teams", "Ann+Bob,Cyd", "--rounds", "2"], "a team is two players"),
        (["belote", "--names", "Ann,Bob,Cyd,Dan", "--rounds", "2"], "--teams"),
        (["tarot", "--names", ",".join(NINE), "--rounds", "0"], "--rounds: 0 is out of range"),
        (
            ["tarot", "--names", ",".join(NINE), "--rounds", "2", "--set", "tiebreak=luck"],
            "--set tiebreak",
        ),
        (["tarot", "--names", ",".join(NINE), "--rounds", "2", "--set", "colour=red"], "colour"),
    ],
)
def test_a_tournament_that_cannot_be_is_refused(cli, home: Path, args, said) -> None:
    refused = cli("tournament", "new", *args)
    assert refused.code == 2, refused.out
    assert said in refused.err
    assert len(refused.err.strip().splitlines()) == 1
    assert not (home / "tournaments").exists() or not list((home / "tournaments").iterdir())


def test_a_table_that_does_not_exist_is_refused(cli) -> None:
    tid = cli("tournament", "new", "tarot", "--names", ",".join(NINE), "--rounds", "2",
              "--seed", "1", "--json").json()["id"]  # fmt: skip
    refused = cli("tournament", "play", tid, "--table", "3", "--no-play")
    assert refused.code == 2
    assert "round 1 has tables 1 to 2 (got 3)" in refused.err
    unnamed = cli("tournament", "play", tid, "--no-play")  # (nothing can be asked)
    assert unnamed.code == 2
    assert "--table is required" in unnamed.err


def test_eight_belote_teams_over_three_swiss_rounds(cli) -> None:
    teams = ["Ann+Bob", "Cyd+Dan", "Eve+Fay", "Gus+Hal", "Ivy+Jon", "Kim+Leo", "Max+Ned", "Oli+Pam"]
    doc = cli("tournament", "new", "belote", "--teams", ",".join(teams), "--rounds", "3",
              "--deals", "2", "--seed", "8", "--json").json()  # fmt: skip
    tid = doc["id"]
    met: set[frozenset[str]] = set()
    for round_index in range(3):
        doc = show(cli, tid)
        for table in doc["rounds"][round_index]["tables"]:
            first, second = table["teams"]
            pair = frozenset((first, second))
            assert pair not in met  # never the same two teams twice
            met.add(pair)
            session = cli("tournament", "play", tid, "--table", str(table["number"]),
                          "--no-play").out.strip()  # fmt: skip
            taker = table["players"][0]
            for points in (100, 90):
                added = cli("add", session, "--line", f"{taker} coeur {points}")
                assert added.code == 0, added.err
        if round_index < 2:
            assert cli("tournament", "next", tid).code == 0
    final = show(cli, tid)
    assert final["finished"]
    assert len(final["ranking"]) == 8
    names = {row["name"] for row in final["ranking"]}
    assert names == {t.replace("+", " & ") for t in teams}
    for row in final["ranking"]:
        assert row["total"] == sum(r for r in row["rounds"] if r is not None)


def test_an_evening_of_rami_lowest_first(cli) -> None:
    """7 rami players over 2 rounds of one deal a table (4 + 3): at each table the first
    seat goes out, the others hold 10, 20, 30…; lower is better."""
    names = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus"]
    doc = cli("tournament", "new", "rami", "--names", ",".join(names), "--rounds", "2",
              "--deals", "1", "--seed", "2", "--json").json()  # fmt: skip
    expected: dict[str, list[int]] = {name: [] for name in names}
    for number in range(2):
        tables = show(cli, doc["id"])["rounds"][number]["tables"]
        assert sorted(len(t["players"]) for t in tables) == [3, 4]
        for table in tables:
            session = cli("tournament", "play", doc["id"], "--table", str(table["number"]),
                          "--no-play").out.strip()  # fmt: skip
            winner, *losers = table["players"]
            line = " ".join([winner, *(f"{p}={10 * (i + 1)}" for i, p in enumerate(losers))])
            assert cli("add", session, "--line", line).code == 0
            expected[winner].append(0)
            for i, loser in enumerate(losers):
                expected[loser].append(10 * (i + 1))
        if number == 0:
            assert cli("tournament", "next", doc["id"]).code == 0
    final = show(cli, doc["id"])
    assert final["finished"]
    totals = {name: sum(scores) for name, scores in expected.items()}
    for row in final["ranking"]:
        assert row["total"] == totals[row["name"]] and row["rounds"] == expected[row["name"]]
        assert row["rank"] == 1 + sum(1 for t in totals.values() if t < row["total"])
    assert [row["total"] for row in final["ranking"]] == sorted(totals.values())


def test_list_and_delete(cli) -> None:
    tid = cli("tournament", "new", "tarot", "--names", ",".join(NINE), "--rounds", "2",
              "--seed", "1", "--title", "Friday", "--json").json()["id"]  # fmt: skip
    listed = cli("tournament", "list", "--json")
    assert [row["id"] for row in listed.json()] == [tid]
    assert cli("tournament", "delete", tid).code == 2  # no terminal: --yes needed
    assert cli("tournament", "delete", tid, "--yes").code == 0
    assert cli("tournament", "list", "--json").json() == []


def test_a_damaged_tournament_file_is_refused_in_one_line(cli, home: Path) -> None:
    tid = cli("tournament", "new", "tarot", "--names", ",".join(NINE), "--rounds", "2",
              "--seed", "1", "--json").json()["id"]  # fmt: skip
    path = home / "tournaments" / f"{tid}.json"
    data = json.loads(path.read_text("utf-8"))
    data["draws"][0]["tables"][0]["players"][0] = "Zed"  # nobody of the tournament
    path.write_text(json.dumps(data), "utf-8")
    shown = cli("tournament", "show", tid)
    assert shown.code == 1
    assert "not a valid cardscore tournament" in shown.err
    data["draws"][0]["tables"][0]["players"][0] = "\x1b]0;pwned\x07"
    path.write_text(json.dumps(data), "utf-8")
    shown = cli("tournament", "show", tid)
    assert "\x1b" not in shown.err and shown.code == 1


def test_two_homes_as_two_laptops(cli, home: Path, tmp_path: Path, monkeypatch) -> None:
    doc = cli("tournament", "new", "tarot", "--names", ",".join(NINE), "--rounds", "1",
              "--seed", "4", "--json").json()  # fmt: skip
    tid = doc["id"]
    tables = doc["rounds"][0]["tables"]
    play_table(cli, tid, tables[0], [49])  # table 1 on the organiser's laptop
    laptop = tmp_path / "laptop"  # table 2 on a keeper's, the tournament file synced there
    (laptop / "tournaments").mkdir(parents=True)
    (laptop / "tournaments" / f"{tid}.json").write_bytes(
        (home / "tournaments" / f"{tid}.json").read_bytes()
    )
    monkeypatch.setenv("CARDSCORE_HOME", str(laptop))
    play_table(cli, tid, tables[1], [55])
    monkeypatch.setenv("CARDSCORE_HOME", str(home))
    alone = show(cli, tid)
    assert [t["played"] for t in alone["rounds"][0]["tables"]] == [len(tables[0]["players"]), 0]
    gathered = cli("tournament", "show", tid, "--home", str(laptop), "--json").json()
    assert [t["played"] for t in gathered["rounds"][0]["tables"]] == [
        len(t["players"]) for t in tables
    ]
    assert gathered["finished"]


def test_pairs_repeat_as_little_as_the_room_allows(cli) -> None:
    """12 players at three tables of 4: a table of round 2 takes its 4 players from the 3
    tables of round 1, so two of them sat together; 3 repeated pairs are the fewest."""
    names = [f"P{i:02d}" for i in range(12)]
    tid = cli("tournament", "new", "tarot", "--names", ",".join(names), "--rounds", "2",
              "--seed", "9", "--json").json()["id"]  # fmt: skip
    assert cli("tournament", "next", tid, "--force").code == 0
    doc = show(cli, tid)
    met: dict[frozenset[str], int] = defaultdict(int)
    for draw in doc["rounds"]:
        for table in draw["tables"]:
            for pair in combinations(table["players"], 2):
                met[frozenset(pair)] += 1
    assert sum(count - 1 for count in met.values()) == 3


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(rules="house"), "has no rule set"),
        (lambda d: d.update(game="poker"), "not a valid cardscore tournament"),
        (lambda d: d["draws"][0]["tables"][0].update(dealer="Nobody"), "out of order"),
        (lambda d: d.update(rounds=0), "not a valid cardscore tournament"),
        (lambda d: d.update(players=[*d["players"], "ann"]), "two players are named"),
        (lambda d: d.update(schema_version=2), "schema_version 2 is not 1"),
        (lambda d: d.update(id="other"), "is not its file's name"),
    ],
)
def test_a_hand_edited_tournament_is_refused(cli, home: Path, change, said) -> None:
    tid = cli("tournament", "new", "tarot", "--names", ",".join(NINE), "--rounds", "2",
              "--seed", "1", "--json").json()["id"]  # fmt: skip
    path = home / "tournaments" / f"{tid}.json"
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data), "utf-8")
    for command in (["show", tid], ["next", tid, "--force"], ["play", tid, "--table", "1"]):
        shown = cli("tournament", *command)
        assert shown.code in (1, 2), command
        assert said in shown.err and len(shown.err.strip().splitlines()) == 1, shown.err
    assert path.read_text("utf-8") == json.dumps(data)  # nothing written


def test_a_table_whose_columns_do_not_add_up_to_zero_is_named(cli) -> None:
    """At fft every deal adds up to 0; a player who joins with points of his own breaks it
    (a table change the keeper made), and the ranking names the table."""
    doc = cli("tournament", "new", "tarot", "--names", ",".join(NINE[:8]), "--rounds", "1",
              "--seed", "2", "--json").json()  # fmt: skip
    first, second = doc["rounds"][0]["tables"]
    play_table(cli, doc["id"], first, [49])
    session = cli("tournament", "play", doc["id"], "--table", "2", "--no-play").out.strip()
    assert cli("add", session, "--line", line_of(second["players"], 0, 49)).code == 0
    assert cli("table", session, "--join", "Zoé=50").code == 0
    at_five = [*second["players"], "Zoé"]
    assert cli("add", session, "--line", line_of(at_five, 1, 49)).code == 0
    tables = show(cli, doc["id"])["rounds"][0]["tables"]
    assert [t["zero_sum"] for t in tables] == [True, False]
    shown = cli("tournament", "show", doc["id"])
    assert "Columns that do not add up to 0: round 1 table 2" in shown.out


def test_team_names_holding_an_ampersand_keep_their_byes_and_pairings(cli) -> None:
    teams = ["Ann & Co+Bob", "Cyd+Dan", "Eve+Fay"]  # a player named "Ann & Co"
    doc = cli("tournament", "new", "coinche", "--teams", ",".join(teams), "--rounds", "3",
              "--deals", "1", "--seed", "5", "--json").json()  # fmt: skip
    byes = [doc["rounds"][0]["bye"]]
    for _ in range(2):
        drawn = cli("tournament", "next", doc["id"], "--force", "--json")
        assert drawn.code == 0, drawn.err
        byes.append(drawn.json()["rounds"][-1]["bye"])
    # three teams, three rounds: each sits out once
    assert sorted(b[0] for b in byes) == ["Ann & Co & Bob", "Cyd & Dan", "Eve & Fay"]


def test_a_name_corrected_at_a_table_keeps_its_score_in_the_ranking(cli) -> None:
    doc = cli("tournament", "new", "tarot", "--names", ",".join(NINE[:8]), "--rounds", "1",
              "--seed", "2", "--json").json()  # fmt: skip
    table = doc["rounds"][0]["tables"][0]
    play_table(cli, doc["id"], table, [70, 38, 55.5, 41])
    before = {row["name"]: row["total"] for row in show(cli, doc["id"])["ranking"]}
    assert before[table["players"][0]] != 0
    taker = table["players"][0]
    assert cli("table", table["session"], "--rename", f"{taker}={taker}ette").code == 0
    after = show(cli, doc["id"])
    assert {row["name"]: row["total"] for row in after["ranking"]} == before
    assert "problem" not in after["rounds"][0]["tables"][0]


def test_more_entrants_than_a_file_keeps_are_refused(cli, home: Path) -> None:
    names = ",".join(f"P{i:03d}" for i in range(201))
    refused = cli("tournament", "new", "rami", "--names", names, "--rounds", "1")
    assert refused.code == 2
    assert "too large to keep" in refused.err and "200" in refused.err
    assert not (home / "tournaments").exists()


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_show_fits_a_narrow_terminal(cli, monkeypatch, lang: str) -> None:
    from rich.cells import cell_len

    doc = cli("tournament", "new", "tarot", "--names", ",".join(NINE), "--rounds", "2",
              "--seed", "11", "--title", "Club night", "--json").json()  # fmt: skip
    for table in doc["rounds"][0]["tables"]:
        play_table(cli, doc["id"], table, [49, 38, 55.5])
    monkeypatch.setenv("COLUMNS", "60")
    shown = cli("--lang", lang, "tournament", "show", doc["id"])
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    assert max(cell_len(line) for line in lines) <= 60
    # a table's progress goes on under it, indented, never from the left edge
    assert all(
        line.startswith("      ")
        for line in lines
        if line.endswith(("finished", "finie", "ferdig"))
    )
