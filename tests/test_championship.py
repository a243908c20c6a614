"""The season's championship: place points per tournament, a player's best evenings, ties by
the sum of scores then shared (:mod:`cardscore.tournament.championship`, pure), and
``cardscore stats --championship`` over three small tournaments played through the command
line, the numbers worked out here by hand."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from cardscore.tournament.championship import Evening, Placing, championship, parse_places


def evening(*lines: tuple[str, int, int], lower_wins: bool = False, field: int | None = None):
    """An evening from ``(players joined by '+', rank, score)`` lines."""
    placings = tuple(Placing(tuple(who.split("+")), rank, score) for who, rank, score in lines)
    return Evening(f"e{len(lines)}", placings, lower_wins=lower_wins, field=field)


def table(rows) -> list[tuple]:
    return [(r.rank, r.name, r.points, r.counted, r.evenings, r.score) for r in rows]


A = evening(("Ann", 1, 60), ("Bob", 2, 10), ("Cyd", 2, 10), ("Dan", 4, -80))
B = evening(("Bob", 1, 30), ("Ann", 2, -30), ("Eve", 3, 0))
C = evening(("Cyd", 1, 90), ("Ann", 2, 5), ("Bob", 3, -95))

CASES = {
    # the field's size down to 1; a shared rank gives each the same points
    "field down": (
        [A],
        {},
        [(1, "Ann", 4, 1, 1, 60), (2, "Bob", 3, 1, 1, 10), (2, "Cyd", 3, 1, 1, 10),
         (4, "Dan", 1, 1, 1, -80)],
    ),
    # Ann 4 + 2 + 2, Bob 3 + 3 + 1, Cyd 3 + 3; Eve and Dan 1 each, Eve's score the better
    "every evening": (
        [A, B, C],
        {},
        [(1, "Ann", 8, 3, 3, 35), (2, "Bob", 7, 3, 3, -55), (3, "Cyd", 6, 2, 2, 100),
         (4, "Eve", 1, 1, 1, 0), (5, "Dan", 1, 1, 1, -80)],
    ),
    # the best 2: Ann 4 + 2 (of 2 and 2, the better score: 5), Bob 3 + 3, Cyd 3 + 3; Bob
    # and Cyd tie at 6, Cyd's scores are better
    "best two": (
        [A, B, C],
        {"best": 2},
        [(1, "Cyd", 6, 2, 2, 100), (2, "Ann", 6, 2, 3, 65), (3, "Bob", 6, 2, 3, 40),
         (4, "Eve", 1, 1, 1, 0), (5, "Dan", 1, 1, 1, -80)],
    ),
    # places given: 10, 6, then nothing (Ann 10 + 6, Bob 6 + 10: Bob's scores the better)
    "places": (
        [A, B],
        {"places": (10, 6)},
        [(1, "Bob", 16, 2, 2, 40), (2, "Ann", 16, 2, 2, 30), (3, "Cyd", 6, 1, 1, 10),
         (4, "Eve", 0, 1, 1, 0), (5, "Dan", 0, 1, 1, -80)],
    ),
    # equal points and equal scores: a shared rank, by name
    "shared": (
        [evening(("Zoé", 1, 10), ("Bob", 2, 0)), evening(("Bob", 1, 10), ("Zoé", 2, 0))],
        {},
        [(1, "Bob", 3, 2, 2, 10), (1, "Zoé", 3, 2, 2, 10)],
    ),
    # teams: each player has his team's place, in a field of teams (2 and 1 points)
    "teams": (
        [evening(("Ann+Cyd", 1, 110), ("Bob+Dan", 2, 52)), evening(("Ann+Bob", 1, 80),
         ("Cyd+Dan", 2, 82))],
        {},
        [(1, "Ann", 4, 2, 2, 190), (2, "Cyd", 3, 2, 2, 192), (3, "Bob", 3, 2, 2, 132),
         (4, "Dan", 2, 2, 2, 134)],
    ),
    # rami: the ranking's rank counts, and of equal points the fewer points win the tie
    "rami": (
        [evening(("Ann", 1, 0), ("Bob", 2, 40), ("Cyd", 3, 90), lower_wins=True),
         evening(("Cyd", 1, 0), ("Bob", 2, 10), ("Ann", 3, 70), lower_wins=True)],
        {},
        [(1, "Bob", 4, 2, 2, 50), (2, "Ann", 4, 2, 2, 70), (3, "Cyd", 4, 2, 2, 90)],
    ),
    # the same player whatever the case and accents: shown as last spelled
    "names": (
        [evening(("zoe", 1, 5), ("Bob", 2, 0)), evening(("Bob", 1, 5), ("Zoé", 2, 0))],
        {"best": 1},
        [(1, "Bob", 2, 1, 2, 5), (1, "Zoé", 2, 1, 2, 5)],
    ),
    # a field larger than the ranking's lines (a side that played no table)
    "field": (
        [evening(("Ann", 1, 5), ("Bob", 2, 0), field=5)],
        {},
        [(1, "Ann", 5, 1, 1, 5), (2, "Bob", 4, 1, 1, 0)],
    ),
    "nothing": ([], {"best": 3}, []),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_the_championship_counts_as_worked_out(case: str) -> None:
    evenings, options, expected = CASES[case]
    assert table(championship(evenings, **options)) == expected


@pytest.mark.parametrize(
    ("text", "points"), [("20,17,15", (20, 17, 15)), (" 3 ", (3,)), ("0,0,1", (0, 0, 1))]
)
def test_places_are_read(text: str, points: tuple[int, ...]) -> None:
    assert parse_places(text) == points


@pytest.mark.parametrize("text", ["", "a,b", "4,,2", "-1", "4.5", "1" * 6, ",".join(["1"] * 201)])
def test_places_that_are_not_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_places(text)


# --------------------------------------------------------------------------------------------
# Through the command line


def new(cli, *args: str) -> dict:
    made = cli("tournament", "new", *args, "--rounds", "1", "--deals", "1", "--seed", "1",
               "--json")  # fmt: skip
    assert made.code == 0, made.err
    return made.json()


def play(cli, tournament: str, line: str) -> None:
    """Table 1's one deal."""
    session = cli("tournament", "play", tournament, "--table", "1", "--no-play")
    assert session.code == 0, session.err
    added = cli("add", session.out.strip(), "--line", line)
    assert added.code == 0, added.err


def season_of_three(cli) -> list[str]:
    """Three evenings, worked out by hand (a garde with 2 bouts at 4 players: 25 + the
    difference with 41, doubled, paid by each defender, thrice the taker's; at belote
    "maison" 100 card points and the dix de der, 110, against 162 − 110 = 52):

    * tarot, Ann Bob Cyd Dan: Ann a garde of 49 made: Ann +198, the others −66 each
      (ranks 1, 2, 2, 2: 4, 3, 3, 3 points);
    * tarot, Ann Bob Cyd Eve: Bob a garde of 30 fallen: Bob −216, the others +72 (Ann,
      Cyd, Eve 4 points, Bob 1);
    * belote, Ann & Cyd against Bob & Dan: Ann & Cyd 110, Bob & Dan 52 (2 and 1 points,
      each player his team's)."""
    first = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan", "--title", "Opening")["id"]
    play(cli, first, "Ann g 2b 49")
    second = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Eve")["id"]
    play(cli, second, "Bob g 2b 30")
    third = new(cli, "belote", "--teams", "Ann+Cyd,Bob+Dan")["id"]
    play(cli, third, "Ann coeur 100")
    return [first, second, third]


def rows(result) -> list[tuple]:
    assert result.code == 0, result.err
    doc = result.json()
    assert all(list(row) == ["rank", "name", "points", "counted", "evenings"]
               for row in doc["championship"])  # fmt: skip
    return [tuple(row.values()) for row in doc["championship"]]


def test_a_season_of_three_tournaments(cli, tmp_path: Path) -> None:
    season_of_three(cli)
    # Ann 4 + 4 + 2, Cyd 3 + 4 + 2, Bob 3 + 1 + 1, Dan 3 + 1, Eve 4; Dan and Eve tie at 4:
    # Eve's 72 against Dan's −66 + 52
    everything = cli("stats", "--championship", "--json")
    assert rows(everything) == [
        (1, "Ann", 10, 3, 3), (2, "Cyd", 9, 3, 3), (3, "Bob", 5, 3, 3), (4, "Eve", 4, 1, 1),
        (5, "Dan", 4, 2, 2),
    ]  # fmt: skip
    doc = everything.json()
    assert doc["sessions"] == 3 and doc["warnings"] == []  # the statistics are still there
    # the best 2: Ann 4 + 4, Cyd 4 + 3, Eve 4 (72), Bob 3 + 1 and Dan 3 + 1 (of Bob's two
    # 1s, the belote's 52 rather than the fallen −216: both −66 + 52): shared
    assert rows(cli("stats", "--championship", "--best", "2", "--json")) == [
        (1, "Ann", 8, 2, 3), (2, "Cyd", 7, 2, 3), (3, "Eve", 4, 1, 1), (4, "Bob", 4, 2, 3),
        (4, "Dan", 4, 2, 2),
    ]  # fmt: skip
    # 10 points to the first, 6 to the second, none after: Bob 6 + 0 + 6 and Dan 6 + 6
    # tie at 12, Dan's scores (−66 + 52) beat Bob's (−66 − 216 + 52)
    placed = cli("stats", "--championship", "--set", "places=10,6", "--json")
    assert rows(placed) == [
        (1, "Ann", 30, 3, 3), (2, "Cyd", 26, 3, 3), (3, "Dan", 12, 2, 2), (4, "Bob", 12, 3, 3),
        (5, "Eve", 10, 1, 1),
    ]  # fmt: skip
    # tarot only: Ann 4 + 4, Cyd 3 + 4, Eve 4 (72), Bob 3 + 1 (−282), Dan 3
    assert rows(cli("stats", "--championship", "--game", "tarot", "--json")) == [
        (1, "Ann", 8, 2, 2), (2, "Cyd", 7, 2, 2), (3, "Eve", 4, 1, 1), (4, "Bob", 4, 2, 2),
        (5, "Dan", 3, 1, 1),
    ]  # fmt: skip
    # the terminal: the table, the score sums, how it counts
    shown = cli("stats", "--championship", "--best", "2")
    assert shown.code == 0, shown.err
    assert "Championship: 3 tournaments in" in shown.out
    assert "the best 2 count" in shown.out
    ann = next(line for line in shown.out.splitlines() if " Ann " in line)
    assert ann.split("│")[1:-1] == [" 1 ", " Ann    ", "      8 ", "      2/3 ", "   270 "]
    assert "Tarot —" not in shown.out  # the championship alone
    # the page: a table of it
    page = tmp_path / "season.html"
    written = cli("stats", "--championship", "-o", str(page))
    assert written.code == 0, written.err
    html = page.read_text("utf-8")
    assert '<section class="championship" id="championship">' in html
    assert '<td class="name">Ann</td><td class="n">10</td><td class="n">3/3</td>' in html


def test_the_season_is_the_year_a_tournament_was_created(cli, home: Path) -> None:
    first, _second, _third = season_of_three(cli)
    path = home / "tournaments" / f"{first}.json"
    data = json.loads(path.read_text("utf-8"))
    data["created"] = "2025-03-06T20:30:00+01:00"  # the opening, last year's
    path.write_text(json.dumps(data), "utf-8")
    assert rows(cli("stats", "--championship", "--season", "2025", "--json")) == [
        (1, "Ann", 4, 1, 1), (2, "Bob", 3, 1, 1), (2, "Cyd", 3, 1, 1), (2, "Dan", 3, 1, 1),
    ]  # fmt: skip
    # this year: Ann and Cyd 4 + 2 with the same scores (72 + 110): shared
    year = str(datetime.date.today().year)
    assert rows(cli("stats", "--championship", "--season", year, "--json")) == [
        (1, "Ann", 6, 2, 2), (1, "Cyd", 6, 2, 2), (3, "Eve", 4, 1, 1), (4, "Bob", 2, 2, 2),
        (5, "Dan", 1, 1, 1),
    ]  # fmt: skip
    assert rows(cli("stats", "--championship", "--season", "2024", "--json")) == []
    said = cli("stats", "--championship", "--season", "2024")
    assert "No finished tournament in" in said.out and "season 2024" in said.out


def test_unfinished_and_damaged_tournaments_are_not_counted(cli, home: Path) -> None:
    first = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan", "--title", "Opening")["id"]
    play(cli, first, "Ann g 2b 49")
    waiting = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Eve", "--title", "Friday")["id"]
    (home / "tournaments" / "zzzz.json").write_text('{"schema_version": 1}', "utf-8")
    # stats alone never reads the tournaments: no warning
    alone = cli("stats", "--json")
    assert alone.code == 0 and alone.json()["warnings"] == [], alone.err
    assert "championship" not in alone.json()
    counted = cli("stats", "--championship", "--json")
    assert rows(counted) == [
        (1, "Ann", 4, 1, 1),
        (2, "Bob", 3, 1, 1),
        (2, "Cyd", 3, 1, 1),
        (2, "Dan", 3, 1, 1),
    ]
    (warning,) = counted.json()["warnings"]
    assert "zzzz.json: not a valid cardscore tournament" in warning
    shown = cli("stats", "--championship")
    assert f"Not finished, not counted: Friday ({waiting})." in shown.out
    assert "zzzz.json" in shown.err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--championship", "--best", "0"], "--best: 0 is not a number of evenings"),
        (["--best", "2"], "--best and --set go with --championship"),
        (["--set", "places=3,2,1"], "--best and --set go with --championship"),
        (["--championship", "--set", "best=3"], "the championship takes only places="),
        (["--championship", "--set", "places"], "the championship takes only places="),
        (["--championship", "--set", "places=3,-1"], "--set places: '3,-1' is not accepted"),
    ],
)
def test_a_championship_that_cannot_be_is_refused(cli, args: list[str], said: str) -> None:
    refused = cli("stats", *args)
    assert refused.code == 2, refused.out
    assert said in refused.err
    assert len(refused.err.strip().splitlines()) == 1
