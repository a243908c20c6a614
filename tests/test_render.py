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


def test_rules_summarise_each_rule_set_in_the_chosen_language(cli) -> None:
    maison = " ".join(cli("rules", "tarot", "--rules", "maison").out.split())
    assert "garde 40" in maison and "+10 from each other player" in maison
    fft = " ".join(cli("rules", "tarot").out.split())
    assert "(25 + the gap)" in fft and "garde 40" not in fft
    french = " ".join(cli("--lang", "fr", "rules", "belote").out.split())
    assert "dedans" in french and "litige" in french and "le plus haut total gagne" in french
    official = " ".join(cli("rules", "coinche", "--rules", "official").out.split())
    assert "rounded to the ten" in official and "a round 162" in official
    rami = " ".join(cli("rules", "rami").out.split())
    assert "joker 20" in rami and "100 points per opponent" in rami


def test_totals_show_the_distance_to_the_target(cli) -> None:
    cli("new", "rami", "--names", "Ann,Bob,Cyd", "--no-play")  # target 200 at 3 players
    cli("add", "--winner", "Bob", "--hand", "Ann=50", "--hand", "Cyd=7")
    shown = cli("show").out
    assert "To 200" in shown
    assert re.search(r"│ 3 │ Ann\s+│\s+50 │\s+150 │", shown)
    cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    assert "To " not in cli("show").out  # tarot has no set end
