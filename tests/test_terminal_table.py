"""The table changing from the interactive loop, in a real pseudo-terminal (80 columns), as
a person sees it: the installed ``cardscore`` driven by pexpect, its screen read through a
terminal emulator (pyte).

* A 5-player tarot: two rounds, then Zoé joins (Table → A player joins): the screen says
  from which round and who is mort then (the dealer of round 3), the menu offers round 3
  with its mort, and the mort is not offered as the taker (nor called).
* In French, a rami game that is over plays on to a new target.
* A game that is over starts a new game at the same table, the deal moving on.

Every expected dealer, mort and total is worked out by the Session API.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

from cardscore import store  # noqa: E402
from cardscore.changes import plain  # noqa: E402
from cardscore.session import Session  # noqa: E402
from terminal_kit import entry_title, environment, screen_totals, tick  # noqa: E402
from terminal_kit import spawn as spawn_on  # noqa: E402

DOWN, UP, ENTER = "\x1b[B", "\x1b[A", "\r"
#: generous: the machine may be busy (a mutation run, the other tests)
TIMEOUT = 40
CARDSCORE = Path(sys.executable).parent / "cardscore"
NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve"]

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

TAROT: list[dict[str, Any]] = [
    {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "49"},
    {"contract": "prise", "taker": "Cyd", "called": "Ann", "bouts": "1", "points": "60"},
]
#: two rami rounds that end a 3-player game (target 200): Bob 211, Cyd 36, Ann 7
RAMI: list[dict[str, Any]] = [
    {"winner": "Ann", "hand": ["Bob=150", "Cyd=A JK 5"]},
    {"winner": "Cyd", "hand": ["Ann=7", "Bob=R D V, 10♥ 10♠ As"]},
]


def command(home: Path, *args: str) -> str:
    done = subprocess.run(
        [str(CARDSCORE), *args],
        env=environment(home),
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=TIMEOUT * 3,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def options(raw: dict[str, Any]) -> list[str]:
    said = []
    for key, value in raw.items():
        for item in value if isinstance(value, list) else [value]:
            said += ["--" + key.replace("_", "-"), str(item)]
    return said


def spawn(home: Path, *args: str):
    return spawn_on(home, *args, timeout=TIMEOUT)


def settle(child) -> None:
    """Let the program finish drawing (everything read goes to the screen)."""
    try:
        while True:
            child.read_nonblocking(65536, timeout=0.3)
    except pexpect.TIMEOUT:
        pass


def listed(child, question: str) -> list[str]:
    """The options a select question shows (its latest drawing), disabled ones included."""
    child.expect_exact(question)
    child.expect_exact("»")
    settle(child)
    return options_of(child, question)


def options_of(child, question: str) -> list[str]:
    lines = child.screen.lines()
    start = max(i for i, line in enumerate(lines) if question in line)
    shown = []
    for line in lines[start + 1 :]:
        if not line.strip() or line.startswith("?"):
            break
        shown.append(line)
    return shown


def pick(child, question: str, option: str) -> None:
    """Answer a select question by the option's text, as a person reading the list would."""
    listed(child, question)
    choose(child, question, option)


def choose(child, question: str, option: str) -> None:
    """Answer a select question already drawn on the screen by the option's text."""
    shown = [line for line in options_of(child, question) if not line[3:].startswith("- ")]
    current = next(i for i, line in enumerate(shown) if "»" in line)
    wanted = next(i for i, line in enumerate(shown) if entry_title(line).startswith(option))
    key = DOWN if wanted >= current else UP
    child.send(key * abs(wanted - current) + ENTER)


def answer(child, question: str, text: str) -> None:
    child.expect_exact(question)
    child.send(text + ENTER)


def at_home(child, prompt: str) -> None:
    """Wait for the loop's home, its question ``prompt`` (a line is asked there)."""
    child.expect_exact(prompt)
    settle(child)


def names_in(lines: list[str]) -> list[str]:
    """The names of a list of options (``» a) Ann`` → ``Ann``)."""
    return [entry_title(line) for line in lines]


def on_screen(child) -> str:
    return "\n".join(line.strip() for line in child.screen.lines())


def record_tarot_round(child, number: int, raw: dict[str, Any], called_as: str) -> None:
    """Record a tarot round without bonuses from the home, each answer picked by its text."""
    at_home(child, f"Record round {number}")
    child.send(ENTER)  # the round's questions
    pick(child, "Contract?", raw["contract"])
    pick(child, "Who took?", raw["taker"])
    pick(child, "Who was called?", called_as)
    child.expect_exact("How many bouts")
    child.send(raw["bouts"] + ENTER)
    answer(child, "The taker's points?", raw["points"])
    tick(child, "Bonuses?")  # none
    child.expect_exact("Save this round?")
    child.expect_exact("»")
    child.send("y")


def saved(home: Path, session_id: str) -> Session:
    path = home / "sessions" / f"{session_id}.json"
    return store.loads(path.read_text("utf-8"), path)


def test_zoe_joins_a_five_player_tarot_and_the_dealer_of_round_3_is_mort(
    tmp_path: Path,
) -> None:
    home = tmp_path
    session_id = command(
        home, "new", "tarot", "--names", ",".join(NAMES), "--rules", "fft", "--no-play"
    ).strip()
    # What the table will be: the same two rounds, then Zoé from round 3.
    expected = Session.create("tarot", NAMES, rules="fft", session_id="expected")
    for raw in TAROT:
        expected.add(raw)
    expected.change_table(join=["Zoé"])
    standings = expected.standings()
    dealer, mort = standings.next_dealer, standings.next_mort
    assert mort == dealer == expected.table_at(3).dealer(3)  # six players: the dealer sits out

    child = spawn(home, "play", session_id)
    for number, raw in enumerate(TAROT, start=1):
        record_tarot_round(child, number, raw, raw["called"])
    child.expect_exact("Next dealer:")

    at_home(child, "Record round")
    child.send("t" + ENTER)  # the home: table
    assert names_in(listed(child, "Table: what changes?")) == [
        "Rename a player (a typo)",
        "Replace a player (someone takes their seat)",
        "A player joins",
        "A player leaves",
        "Back",
    ]  # tarot: no target
    choose(child, "Table: what changes?", "A player joins")
    child.expect_exact("Who joins?")
    child.send("cyd")  # refused as it is typed
    child.expect_exact("Cyd is already at the table")
    child.send("\x7f" * 3 + "Zoé" + ENTER)
    child.expect_exact("Zoé's starting points?")
    child.send(ENTER)  # 0, offered
    child.expect_exact("Make this change?")
    settle(child)
    screen = on_screen(child)
    assert "From round 3: Zoé joins." in screen
    assert f"round 3: {dealer} deals and is mort" in screen  # mort == dealer
    child.send("y")
    child.expect_exact("Table changed: Zoé joins (“corriger” takes it back).")

    # The loop goes on with the new table: round 3 has its mort.
    at_home(child, f"Record round 3 (dealer {dealer}, mort {mort})")
    assert screen_totals(child) == standings.totals
    assert "Zoé" in screen_totals(child)
    child.send(ENTER)  # round 3's questions
    pick(child, "Contract?", "garde")
    takers = names_in(listed(child, "Who took?"))
    assert mort not in takers
    assert sorted(takers) == sorted(p for p in expected.table().players if p != mort)
    choose(child, "Who took?", "Zoé")
    called = names_in(listed(child, "Who was called?"))
    assert mort not in called and "Ann" in called
    choose(child, "Who was called?", "Ann")
    child.expect_exact("How many bouts")
    child.send("2" + ENTER)
    answer(child, "The taker's points?", "49")
    tick(child, "Bonuses?")  # none
    child.expect_exact("Save this round?")
    child.expect_exact("»")
    child.send("y")
    third = {"contract": "garde", "taker": "Zoé", "called": "Ann", "bouts": "2", "points": "49"}
    expected.add(third)
    at_home(child, "Record round 4")
    assert screen_totals(child) == expected.standings().totals
    child.send("q" + ENTER)  # the home: quit
    child.expect_exact(f"Resume with `cardscore play {session_id}`")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    after = saved(home, session_id)
    assert after.tables == [{"from": 3, "join": {"Zoé": 0}}]
    assert [e["kind"] for e in after.history] == ["add", "add", "table", "add"]
    assert after.history[2]["join"] == {"Zoé": 0}
    assert [plain(r) for r in after.rounds] == [plain(r) for r in expected.rounds]
    assert after.table_at(3).players == (*NAMES, "Zoé")


def test_a_finished_rami_plays_on_to_a_new_target_in_french(tmp_path: Path) -> None:
    home = tmp_path
    session_id = command(home, "new", "rami", "--names", "Ann,Bob,Cyd", "--no-play").strip()
    for raw in RAMI:
        command(home, "add", session_id, *options(raw))
    before = saved(home, session_id)
    winner = before.standings().winner
    highest = max(before.standings().totals.values())
    expected = saved(home, session_id)
    expected.change_table(target=highest + 89)

    child = spawn(home, "--lang", "fr", "play", session_id)
    child.expect_exact(f"Partie terminée — vainqueur : {winner} !")
    menu = names_in(listed(child, "Et maintenant ?"))
    assert menu[:2] == ["Continuer jusqu'à un nouvel objectif", "Nouvelle partie, même table"]
    assert menu[-1] == "Quitter"
    choose(child, "Et maintenant ?", "Continuer jusqu'à un nouvel objectif")
    child.expect_exact(f"Nouvel objectif (le plus haut total est {highest}) ?")
    settle(child)
    child.send("\x7f" * 4 + str(highest))  # refused as it is typed
    child.expect_exact(f"plus de {highest}, le plus haut total, pour que la partie continue")
    child.send("\x7f" * 4 + str(highest + 89) + ENTER)
    child.expect_exact(f"la partie continue jusqu'à {highest + 89}")
    next_dealer = expected.standings().next_dealer
    at_home(child, f"Saisir la donne 3 (donneur : {next_dealer})")  # the game goes on
    assert f"À partir de la donne 3 : objectif {highest + 89}." in on_screen(child)
    child.send("q" + ENTER)  # the home: quitter
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    after = saved(home, session_id)
    assert after.tables == expected.tables == [{"from": 3, "target": highest + 89}]
    assert not after.standings().finished


def test_a_finished_game_starts_a_new_game_at_the_same_table(tmp_path: Path) -> None:
    home = tmp_path
    session_id = command(home, "new", "rami", "--names", "Ann,Bob,Cyd", "--no-play").strip()
    for raw in RAMI:
        command(home, "add", session_id, *options(raw))
    before = saved(home, session_id)
    dealer = before.standings().next_dealer

    child = spawn(home, "play", session_id)
    pick(child, "What now?", "New game, same table")
    child.expect_exact("New rami session")
    at_home(child, f"Record round 1 (dealer {dealer})")
    new_id = re.search(r"New rami session (\w+) ", on_screen(child)).group(1)
    assert new_id != session_id
    assert screen_totals(child) == dict.fromkeys(before.players, 0)
    child.send("q" + ENTER)  # the home: quit
    child.expect_exact(f"Resume with `cardscore play {new_id}`")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    new = saved(home, new_id)
    seat = before.players.index(dealer)
    assert new.players == [*before.players[seat:], *before.players[:seat]]
    assert (new.rules, new.params, new.rounds) == (before.rules, before.params, [])
    assert json.loads((home / "sessions" / f"{session_id}.json").read_text("utf-8"))["rounds"]
