"""The installed ``cardscore``, driven in a real pseudo-terminal as a person would.

These tests read what the screen shows (the prompts, the breakdown, the totals table), not
the files: a player at the table sees that.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

from terminal_kit import CARDSCORE, DOWN, ENTER, answer, home, pick, screen_totals, settle, tick  # noqa: E402
from terminal_kit import spawn as spawn_on  # noqa: E402

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


def spawn(home: Path, *args: str, cwd: Path | None = None):
    """``cardscore ARGS…`` in a 100 × 40 terminal."""
    return spawn_on(home, *args, columns=100, rows=40, cwd=cwd)


def choose(child, question: str, downs: int = 0) -> None:
    """Answer a select question by moving down ``downs`` times."""
    child.expect_exact(question)
    child.expect_exact("»")  # the list is drawn
    for _ in range(downs):
        child.send(DOWN)
    child.send(ENTER)


def shown_totals(child, caption: str = "Next dealer:") -> dict[str, int]:
    """The totals table as the screen shows it (``│ 1 │ Bob    │   132 │`` rows), once its
    caption has been drawn under it."""
    child.expect_exact(caption)
    return screen_totals(child)


def play_round(child, *, contract: int, taker: int, called: int, bouts: str, points: str) -> None:
    """Record a 5-player tarot round without bonuses (indices are positions in the lists)."""
    home(child)  # Enter: the round's questions
    choose(child, "Contract?", contract)
    choose(child, "Who took?", taker)
    choose(child, "Who was called?", called)
    answer(child, "How many bouts", bouts)
    answer(child, "The taker's points?", points)
    tick(child, "Bonuses?")  # none


def test_five_player_tarot_two_rounds_corriger_and_totals(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "tarot", "--players", "5", cwd=tmp_path)
    choose(child, "Rule set?")  # fft, preselected
    for seat, name in enumerate(["Ann", "Bob", "Cyd", "Dan", "Eve"], start=1):
        answer(child, f"Player {seat}'s name", name)

    # Round 1: Bob takes a garde, calls Dan, 2 bouts, 49 points: (25 + 8) × 2 = 66.
    play_round(child, contract=1, taker=1, called=3, bouts="2", points="49")  # Dan
    child.expect_exact("garde: (25 + 8) × 2")
    child.expect_exact("Save this round?")
    child.send("y")
    totals = shown_totals(child, "Next dealer: Bob")
    assert totals == {"Bob": 132, "Dan": 66, "Ann": -66, "Cyd": -66, "Eve": -66}

    # Round 2, entered wrong: Cyd takes a prise alone with 1 bout and 60 points
    # (60 - 51 = 9 → 25 + 9 = 34 per defender, Cyd +136).
    play_round(child, contract=0, taker=2, called=0, bouts="1", points="60")  # alone
    child.expect_exact("Save this round?")
    child.send("y")
    assert shown_totals(child)["Cyd"] == 70  # -66 + 136

    # Corriger: the table says it was a garde. Undo, then record it again.
    home(child, "c")  # corriger
    choose(child, "Corriger what?", downs=1)  # "Remove round 2", after "Change an answer"
    child.expect_exact("Round 2 (Cyd prise, 1 bout, 60 → made by 9) will be removed")
    child.expect_exact("Remove round 2?")
    child.expect_exact("(y/N)")  # No is the default: a stray Enter keeps the round
    child.send("y")
    child.expect_exact("Last round removed")
    assert shown_totals(child)["Cyd"] == -66
    play_round(child, contract=1, taker=2, called=0, bouts="1", points="60")  # alone
    child.expect_exact("garde: (25 + 9) × 2")
    child.expect_exact("Save this round?")
    child.send("y")
    # Cyd alone: +4 × 68 = +272 → -66 + 272 = 206; Bob 132 - 68 = 64; Dan 66 - 68 = -2.
    totals = shown_totals(child, "Next dealer: Cyd")
    assert totals == {"Cyd": 206, "Bob": 64, "Dan": -2, "Ann": -134, "Eve": -134}

    home(child, "s")  # show the scoresheet
    child.expect_exact("Next dealer:")
    # each score and, in parentheses, the running total
    round_two = (
        r"│ 2 │ Bob +│ +-68 +\(-134\) │ +-68 +\(64\) │ +\+272 +\(206\) │ +-68 +\(-2\) │"
        r" +-68 +\(-134\) │"
    )
    assert any(re.search(round_two, line) for line in child.screen.lines())
    home(child, "p")  # print the scoresheet
    child.expect_exact("Scoresheet written to")
    home(child, "q")  # quit
    child.expect_exact("Resume with `cardscore play")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    files = list((tmp_path / "sessions").glob("*.json"))
    assert len(files) == 1
    data = json.loads(files[0].read_text("utf-8"))
    assert [r["taker"] for r in data["rounds"]] == ["Bob", "Cyd"]
    sheet = (tmp_path / f"cardscore-{data['id']}.html").read_text("utf-8")
    assert sheet.count("Cyd") >= 2 and "<svg" in sheet
    assert [r["contract"] for r in data["rounds"]] == ["garde", "garde"]


def test_ctrl_c_in_a_round_discards_only_that_round(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "tarot", "--names", "Ann,Bob,Cyd,Dan")
    choose(child, "Rule set?", 1)  # maison
    home(child)
    choose(child, "Contract?", 1)
    child.expect_exact("Who took?")
    child.sendintr()
    child.expect_exact("Round discarded; nothing was saved.")
    child.expect_exact("Record round 1")
    settle(child)
    child.sendintr()  # Ctrl-C at the home quits cleanly, saying it was interrupted
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    data = json.loads(next((tmp_path / "sessions").glob("*.json")).read_text("utf-8"))
    assert data["rules"] == "maison" and data["rounds"] == []


def coinche_round(
    child, *, taker: str, contract: str, coinche: bool, points: str, dix_de_der: str
) -> None:
    home(child)
    pick(child, "Who took?", taker)
    pick(child, "Trump?", "hearts")
    answer(child, "Contract?", contract)  # typed: 80 to 180, capot, generale
    pick(child, "Coinché or surcoinché?", "coinché" if coinche else "—")
    tick(child, "Belote, announcements, capot?")  # none
    answer(child, "Card points of the taker's team", points)
    pick(child, "dix de der", dix_de_der)
    child.expect_exact("Save this round?")
    child.send("y")


def test_coinche_game_played_to_its_end(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "coinche", "--names", "South,West,North,East", "--target", "500")
    pick(child, "Rule set?", "maison")
    answer(child, "Name of team 1", "")  # keep "South & North"
    answer(child, "Name of team 2", "Les Bleus")
    # Seed 002: contract 100 in hearts, 98 / 54, dix de der NS → 208 / 54.
    coinche_round(
        child, taker="South", contract="100", coinche=False, points="98", dix_de_der="South & North"
    )
    assert shown_totals(child, "Next dealer: West") == {"South & North": 208, "Les Bleus": 54}
    # The same contract coinché and made: (160 + 100) × 2 = 520 → 728, past the target.
    coinche_round(
        child, taker="North", contract="100", coinche=True, points="98", dix_de_der="South & North"
    )
    assert shown_totals(child, "Game over — South & North win!") == {  # a team: "win"
        "South & North": 728,
        "Les Bleus": 54,
    }
    pick(child, "What now?", "Quit")
    child.expect(pexpect.EOF)
    screen = child.screen.lines()
    assert sum("Game over" in line for line in screen) == 1, screen  # said once
    over = next(i for i, line in enumerate(screen) if "Game over" in line)
    top = max(i for i, line in enumerate(screen[:over]) if line.startswith("┏"))
    assert not any("Next dealer" in line for line in screen[top:]), screen  # nobody deals
    child.close()
    assert child.exitstatus == 0


def test_rami_game_played_to_its_end(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "rami", "--names", "Ann,Bob,Cyd")
    rounds = [
        ("Ann", {"Bob": "150", "Cyd": "A JK 5"}),
        ("Cyd", {"Ann": "7", "Bob": "R D V, 10♥ 10♠ As"}),
    ]
    for winner, hands in rounds:
        home(child)
        pick(child, "Who went out?", winner)  # (a blocked round: its last entry)
        child.expect_exact("Rami sec")
        child.send("n")
        for player, hand in hands.items():
            answer(child, f"— {player}:", hand)
        child.expect_exact("opened")
        child.send(ENTER)
        child.expect_exact("Save this round?")
        child.send("y")
    # Bob: 150 + 61 = 211 ≥ 200 (3 players) → the game ends; Ann (7) beats Cyd (36).
    assert shown_totals(child, "Game over — Ann wins!") == {"Bob": 211, "Cyd": 36, "Ann": 7}
    pick(child, "What now?", "Quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    data = json.loads(next((tmp_path / "sessions").glob("*.json")).read_text("utf-8"))
    assert [r["hands"]["Bob"]["value"] for r in data["rounds"]] == [150, 61]


def test_a_full_tarot_round_in_french(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--lang", "fr", "new", "tarot", "--players", "4")
    pick(child, "Règles ?", "maison")
    for seat, name in enumerate(["Ann", "Bob", "Cyd", "Dan"], start=1):
        answer(child, f"Nom du joueur {seat}", name)
    home(child, prompt="Saisir la donne 1")
    pick(child, "Contrat ?", "garde")
    pick(child, "Qui a pris ?", "Bob")
    answer(child, "Combien de bouts", "2")
    answer(child, "Points du preneur ?", "67")
    tick(child, "Primes ?", "poignée")  # only what is ticked is asked
    child.expect_exact("Poignées présentées ?")
    child.expect_exact("»")
    child.send(DOWN * 3 + " " + ENTER)  # Dan
    pick(child, "Poignées présentées ? — Dan", "simple")
    # Seed 000's example: Ann -80, Bob +200, Cyd -80, Dan -40.
    child.expect_exact("Enregistrer cette donne ?")
    assert any("garde" in line for line in child.screen.lines())
    child.send("y")
    totals = shown_totals(child, "Prochain donneur : Bob")
    assert totals == {"Bob": 200, "Dan": -40, "Ann": -80, "Cyd": -80}
    assert any("Joueur" in line for line in child.screen.lines())
    home(child, "q", prompt="Saisir la donne")  # quitter
    child.expect_exact("cardscore play")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
