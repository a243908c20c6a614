"""`show` says what was played (issue 25, point 1): a Played column when the terminal has room
for it, else a line under each round's row, else a line under each round's heading (the
narrowest terminals, one block a round)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from cardscore.grid import Grid
from test_export import ok, play
from test_sheet_played import GAMES, PLAYED


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest, cli: Callable[..., Any]) -> Any:
    return play(cli, request.param)


def cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip("│┃").split("│")]


def test_show_at_150_columns_has_a_played_column(cli, monkeypatch, game: Any) -> None:
    # room for the longest: a round with its poignée and petit au bout said by whom
    monkeypatch.setenv("COLUMNS", "150")
    lines = ok(cli("show", game.sid, "--all")).out.splitlines()
    top = next(i for i, line in enumerate(lines) if re.match(r"^┃ +# ", line))
    assert lines[top].replace("┃", " ").split()[-1] == "Played"
    table = lines[top : next(i for i in range(top, len(lines)) if lines[i].startswith("└"))]
    for row, said in zip(game.rounds, PLAYED[game.sheet["game"]], strict=True):
        (line,) = [line for line in table if re.match(rf"^│ *{row['number']} ", line)]
        assert cells(line)[-1] == said, line  # the last cell, whole


@pytest.mark.parametrize("width", [60, 80])
def test_a_narrower_show_says_what_was_played_under_each_round(
    cli, monkeypatch, width: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    sid = ok(cli("new", "tarot", "--names", "Jean-Pierre,Sophie,Mathieu,Élodie,François",
                 "--no-play")).out.strip()  # fmt: skip
    said = []
    for taker, contract, partner, points in [
        ("Sophie", "garde-sans", "Mathieu", "49"),
        ("Mathieu", "garde", "Élodie", "40"),
    ]:
        ok(cli("add", sid, "--taker", taker, "--contract", contract, "--called", partner,
               "--bouts", "2", "--points", points))  # fmt: skip
        said.append(f"{taker} {contract.replace('-', ' ')} ({partner}) 2b {points}")
    lines = ok(cli("show", sid)).out.splitlines()
    assert all(len(line) <= width for line in lines)
    assert "Played" not in " ".join(lines)  # no room for its column
    for number, played in enumerate(said, start=1):
        if width == 80:  # a table: the line under the round's two rows
            at = next(i for i, line in enumerate(lines) if re.match(rf"^│ {number} │", line))
            assert cells(lines[at + 2]) == ["", played], lines[at : at + 3]
        else:  # a block a round: the line under its heading
            dealer = "Jean-Pierre" if number == 1 else "Sophie"
            at = lines.index(f"Round {number} (dealer {dealer})")
            assert lines[at + 1] == f"  {played}"


def test_a_line_under_a_row_is_drawn_by_the_grid_and_by_richs_table() -> None:
    grid = Grid()
    grid.add_column("#")
    grid.add_column("Dealer")
    grid.add_column("Ann", justify="right")
    grid.add_row("1", "Bob", "+20")
    grid.add_line("Bob garde (Ann) 2b 49")
    grid.add_row("2", "Ann", "-40")
    drawn = {}
    for name, renderable in (("grid", grid), ("rich", grid.table())):
        console = Console(width=60, color_system=None, legacy_windows=False)
        with console.capture() as capture:
            console.print(renderable)
        drawn[name] = capture.get().splitlines()
    assert drawn["grid"] == [
        "┏━━━┳━━━━━━━━┳━━━━━┓",
        "┃ # ┃ Dealer ┃ Ann ┃",
        "┡━━━╇━━━━━━━━╇━━━━━┩",
        "│ 1 │ Bob    │ +20 │",
        "│   │ Bob garde    │",
        "│   │ (Ann) 2b 49  │",
        "│ 2 │ Ann    │ -40 │",
        "└───┴────────┴─────┘",
    ]
    # Rich's Table (another box, cells that wrap): the same words, as a note under the row
    notes = [cells(line)[0] for line in drawn["rich"][5:-3]]  # between its rules
    assert " ".join(notes) == "Bob garde (Ann) 2b 49", drawn["rich"]
    assert drawn["rich"][4] == "├───┴────────┴─────┤"
