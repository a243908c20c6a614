"""Norwegian (bokmål) in a real terminal: ``cardscore --lang nb`` played as a Norwegian table
would, a belote and a tarot through every kind of question (lists, typed answers, a
checkbox, yes/no), and nothing on screen in English (or French, but for the game's terms).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from terminal_kit import (  # noqa: E402
    CARDSCORE,
    DOWN,
    ENTER,
    SeenScreen,
    answer,
    expect,
    home,
    menu_totals,
    pick,
    spawn_in,
    tick,
    words_pattern,
    words_seen,
)

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

# English words a Norwegian screen must not show (whole words, any case but the first
# letter's as written), and French ones that are not the game's own terms.
ENGLISH = (
    "Yes", "No", "yes", "no", "Round", "round", "Total", "Dealer", "dealer", "Error", "error",
    "done", "Next", "Save", "save", "Who", "What", "Which", "taker", "defence", "defense",
    "made", "Quit", "points", "trick", "held", "Player", "player", "Team", "team", "none",
    "nobody", "Rule", "Contract", "Trump", "Announcements", "Use", "arrow", "keys", "select",
    "scoresheet", "Scoresheet", "the", "and", "won", "wins", "target", "Y/n", "y/N",
)  # fmt: skip
FRENCH = (
    "Oui", "Non", "donne", "Donne", "donneur", "preneur", "défense", "contrat", "fait",
    "dedans", "litige", "réserve", "cartes", "annonces", "pli", "plis", "Partie",
    "officiel", "personne", "aucun", "O/n",
)  # fmt: skip
FORBIDDEN = words_pattern(ENGLISH + FRENCH)


def spawn(home: Path, *args: str):
    return spawn_in("nb", home, *args)


def totals(child, caption: str) -> dict[str, int]:
    """The totals table on the screen once ``caption`` is under it and the menu drawn."""
    return menu_totals(child, caption, "Før inn runde")


def yes(child, question: str, key: str = "j") -> None:
    """A yes/no question: its Norwegian hint, then answered with a Norwegian key."""
    expect(child, question)
    child.expect(r"\((J/n|j/N)\)")
    child.send(key)


def english_on(screen: SeenScreen) -> list[str]:
    """The lines that showed a forbidden word, with the word."""
    return words_seen(screen, FORBIDDEN)


def quit_and_check(child, *, drawn: bool = False) -> None:
    home(child, "a", prompt="Før inn runde", drawn=drawn)  # avslutt
    child.expect_exact("Lagret. Fortsett med `cardscore play")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert english_on(child.screen) == []


def belote_round(
    child, *, taker: str, points: str, dix_de_der: str, belote: str, drawn: bool = False
) -> None:
    home(child, prompt="Før inn runde", drawn=drawn)
    pick(child, "Hvem er spillfører?", taker)
    pick(child, "Trumf?", "hjerter")
    if belote:
        tick(child, "Belote, meldinger, capot?", "belote-rebelote")
        pick(child, "Hvilket lag hadde belote-rebelote?", belote)
    else:
        tick(child, "Belote, meldinger, capot?")  # none
    answer(child, "Kortpoeng for spillførerens lag", points)
    pick(child, "Hvilket lag tok siste stikk", dix_de_der)


def test_a_belote_in_norwegian(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "belote")
    pick(child, "Regelsett?", "maison")
    for seat, name in enumerate(["Ann", "Bob", "Cyd", "Dan"], start=1):
        answer(child, f"Navnet på spiller {seat}", name)
    answer(child, "Navnet på lag 1", "")
    answer(child, "Navnet på lag 2", "")
    answer(child, "Poengmål (Enter: 1000)", "")  # the rule set's target
    child.expect_exact("Neste giver: Ann")

    # The seed's first example: 82 / 70, dix de der and belote to the taker's team → 112 / 70.
    belote_round(child, taker="Ann", points="82", dix_de_der="Ann & Cyd", belote="Ann & Cyd")
    child.expect_exact("kontrakt oppfylt")
    pick(child, "Lagre denne runden?", "Ja, lagre den")
    assert totals(child, "Neste giver: Bob") == {"Ann & Cyd": 112, "Bob & Dan": 70}

    # A tvist: Bob's team 71 + 10 = 81 against 81: the defence scores, 81 wait (på vent).
    belote_round(child, taker="Bob", points="71", dix_de_der="Bob & Dan", belote="", drawn=True)
    child.expect_exact("tvist")
    pick(child, "Lagre denne runden?", "Ja, lagre den")
    assert totals(child, "Neste giver: Cyd") == {"Ann & Cyd": 193, "Bob & Dan": 70}
    assert any("på vent" in line for line in child.screen.seen)

    # Corriger the last round, then keep it: a yes/no answered no with « n ».
    home(child, "k", prompt="Før inn runde", drawn=True)  # korriger
    pick(child, "Korriger hva?", "Fjerne runde 2")
    yes(child, "Fjerne runde 2?", key="n")
    child.expect_exact("Ingenting ble endret.")
    quit_and_check(child)

    data = json.loads(next((tmp_path / "sessions").glob("*.json")).read_text("utf-8"))
    assert [r["taker"] for r in data["rounds"]] == ["Ann", "Bob"]


def test_a_tarot_in_norwegian(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "tarot", "--players", "4")
    pick(child, "Regelsett?", "maison")
    for seat, name in enumerate(["Ann", "Bob", "Cyd", "Dan"], start=1):
        answer(child, f"Navnet på spiller {seat}", name)
    home(child, prompt="Før inn runde 1")
    pick(child, "Kontrakt?", "garde")
    pick(child, "Hvem er spillfører?", "Bob")
    answer(child, "Hvor mange bouts", "2")
    answer(child, "Spillførerens poeng? (d35: forsvarets 35)", "67")
    tick(child, "Bonuser?", "poignée", "misère")  # only what is ticked is asked
    child.expect_exact("Poignées vist?")
    child.expect_exact("»")
    child.send(DOWN * 3 + " " + ENTER)  # Dan
    pick(child, "Poignées vist? — Dan", "simple")
    child.expect_exact("Misères?")
    child.expect_exact("»")
    child.send(ENTER)  # none: the answer shown is Norwegian, not questionary's « done »
    # Seed 000's example: Ann -80, Bob +200, Cyd -80, Dan -40.
    pick(child, "Lagre denne runden?", "Ja, lagre den")
    assert totals(child, "Neste giver: Bob") == {"Bob": 200, "Dan": -40, "Ann": -80, "Cyd": -80}
    assert any("Spiller" in line for line in child.screen.lines())
    assert any("oppfylt med" in line for line in child.screen.seen)
    quit_and_check(child, drawn=True)
