"""A tournament table's keeper, in a real pseudo-terminal: ``cardscore tournament play T
--table N`` opens the round loop on the table's session, rounds typed as one line; once its
deals are played, the table is over, and the loop offers no new game nor a new target."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

from terminal_kit import CARDSCORE, expect, home, settle, spawn  # noqa: E402

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


def test_a_keeper_plays_his_table_to_its_last_deal(tmp_path: Path) -> None:
    made = subprocess.run(
        [str(CARDSCORE), "tournament", "new", "tarot", "--names",
         "Ann,Bob,Cyd,Dan,Eve,Fay,Gus,Hal", "--rounds", "2", "--seed", "3", "--json"],
        env={**os.environ, "CARDSCORE_HOME": str(tmp_path)},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    doc = json.loads(made.stdout)
    table = doc["rounds"][0]["tables"][0]
    child = spawn(tmp_path, "tournament", "play", doc["id"], "--table", "1")
    players = table["players"]
    for deal in range(4):  # a table of 4 plays 4 deals
        home(child, f"{players[deal]} g 2b 49")
        expect(child, "Save this round?")
        settle(child)
        child.send("y")
    expect(child, "What now?")  # the table is over: what follows the end
    settle(child)
    shown = "\n".join(child.screen.lines())
    assert "Corriger" in shown and "Quit" in shown
    assert "New game, same table" not in shown and "Play on" not in shown
    child.sendline("q")
    child.expect(pexpect.EOF)
    state = subprocess.run(
        [str(CARDSCORE), "tournament", "show", doc["id"], "--json"],
        env={**os.environ, "CARDSCORE_HOME": str(tmp_path)},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    first = json.loads(state.stdout)["rounds"][0]["tables"][0]
    assert first["played"] == 4 and first["finished"]


def test_without_its_number_the_keeper_picks_his_table(tmp_path: Path) -> None:
    env = {**os.environ, "CARDSCORE_HOME": str(tmp_path)}
    made = subprocess.run(
        [str(CARDSCORE), "tournament", "new", "tarot", "--names", "Ann,Bob,Cyd,Dan,Eve,Fay,Gus,Hal",
         "--rounds", "1", "--seed", "3", "--json"],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    doc = json.loads(made.stdout)
    second = doc["rounds"][0]["tables"][1]
    child = spawn(tmp_path, "tournament", "play", doc["id"])
    expect(child, "Which table?")
    expect(child, "Table 2: ")  # each table with its seats, who deals first
    settle(child)
    child.send("2\r")  # its number, then Enter
    expect(child, f"Record round 1 (dealer {second['dealer']})")
    settle(child)
    child.send("q\r")
    child.expect(pexpect.EOF)
    assert (tmp_path / "sessions" / f"{second['session']}.json").is_file()
    assert not (tmp_path / "sessions" / f"{doc['rounds'][0]['tables'][0]['session']}.json").exists()
