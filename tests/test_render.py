"""What `show` puts on screen: the ranking, names as typed."""

from __future__ import annotations

import re


def ranking(text: str) -> list[str]:
    """The names of the totals table, in the order shown (rows "│ 1 │ Ann │ 0 │")."""
    return re.findall(r"│ (\d) │ (\S+)\s+│\s+-?\d+ │", text)


def test_rami_ranks_the_lowest_total_first(cli) -> None:
    cli("new", "rami", "--names", "Ann,Bob,Cyd", "--no-play")
    cli("add", "--winner", "Bob", "--hand", "Ann=50", "--hand", "Cyd=7")
    shown = cli("show").out
    assert ranking(shown) == [("1", "Bob"), ("2", "Cyd"), ("3", "Ann")]


def test_tarot_ranks_the_highest_total_first(cli) -> None:
    cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    cli("add", "--taker", "Cyd", "--contract", "garde", "--bouts", "2", "--points", "49")
    assert ranking(cli("show").out)[0] == ("1", "Cyd")


def test_names_that_look_like_markup_are_shown_as_typed(cli) -> None:
    cli("new", "tarot", "--names", "[bold]Ann,:smile:,Cyd,Dan", "--no-play")
    shown = cli("show").out
    assert "[bold]Ann" in shown and ":smile:" in shown
