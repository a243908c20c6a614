"""A name or title too long for the files' schema is refused where it is typed (it used to
be saved, then refused at every read of the file: the session was lost to the program)."""

from __future__ import annotations

from pathlib import Path

import pytest

LONG_NAME = "A" * 101
LONG_TITLE = "T" * 1001


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["new", "tarot", "--names", f"{LONG_NAME},Bob,Cyd"], "--names: at most 100 characters"),
        (["new", "tarot", "--names", "Ann,Bob,Cyd", "--title", LONG_TITLE],
         "--title: at most 1000 characters"),
        (["new", "belote", "--names", "A,B,C,D", "--set", f"team1={LONG_NAME}"],
         "--set team1: at most 100 characters"),
        (["tournament", "new", "tarot", "--names", f"{LONG_NAME},B,C", "--rounds", "1"],
         "--names: at most 100 characters"),
        (["tournament", "new", "belote", "--teams", f"{LONG_NAME}+B,C+D", "--rounds", "1"],
         "--teams: at most 100 characters"),
        (["tournament", "new", "rami", "--names", "A,B,C", "--rounds", "1", "--title",
          LONG_TITLE], "--title: at most 1000 characters"),
    ],
)  # fmt: skip
def test_too_long_is_refused_and_nothing_saved(cli, home: Path, args, said) -> None:
    extra = ["--no-play"] if args[0] == "new" else []
    refused = cli(*args, *extra)
    assert refused.code == 2, refused.out
    assert said in refused.err
    assert not list(home.glob("*/*.json"))


def test_the_longest_name_and_title_are_saved_and_read_back(cli) -> None:
    longest = "Z" * 100
    made = cli("new", "tarot", "--names", f"{longest},Bob,Cyd", "--title", "T" * 1000,
               "--no-play")  # fmt: skip
    assert made.code == 0, made.err
    shown = cli("show", made.out.strip(), "--json")
    assert shown.code == 0, shown.err
    assert longest in shown.json()["players"]


def test_a_rename_to_a_name_too_long_is_refused(cli) -> None:
    sid = cli("new", "tarot", "--names", "Ann,Bob,Cyd", "--no-play").out.strip()
    refused = cli("table", sid, "--rename", f"Ann={LONG_NAME}")
    assert refused.code == 2
    assert "at most 100 characters" in refused.err
    assert cli("show", sid).code == 0
