"""French in a real terminal: ``cardscore --lang fr`` played as a French table would — a
tarot, a belote and a rami through every kind of question (lists, typed answers, yes/no
questions answered with « o » and « n », checkboxes left empty or ticked, the end-of-round
save question, a correction), then ``delete`` and ``remove`` asked and answered in French,
and a mistyped command — and no English word anywhere on the screen.

"Total" and "points" are French words too, and the players are named so that no name is an
English word of the list."""

from __future__ import annotations

import contextlib
import json
import time
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
    settle,
    spawn_in,
    words_pattern,
    words_seen,
)
from terminal_kit import pick as pick_any  # noqa: E402

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

# English words a French screen must not show (whole words, case as written).
ENGLISH = (
    "Yes", "No", "yes", "no", "done", "Use", "arrow", "keys", "Error", "error", "invalid",
    "Invalid", "input", "Round", "round", "Dealer", "dealer", "wins", "won", "Next", "Save",
    "save", "Who", "What", "Which", "taker", "defence", "made", "Quit", "trick", "Player",
    "player", "Team", "team", "none", "nobody", "Rule", "Contract", "contract", "Trump", "the",
    "and", "cards", "selections", "select", "toggle", "invert", "official", "off", "Did",
    "mean", "Possible", "such", "Missing", "argument", "Deleted", "session", "Session",
    "Enter", "Y/n", "y/N", "surplus", "manche", "Manche",
)  # fmt: skip
FORBIDDEN = words_pattern(ENGLISH)
NAMES = ["Ann", "Bob", "Cyd", "Dan"]


def spawn(home: Path, *args: str):
    return spawn_in("fr", home, *args)


def pick(child, question: str, option: str, *, drawn: bool = False) -> None:
    pick_any(child, question, option, drawn=drawn, hint="(sa touche ou les flèches)")


def on_screen(child, text: str, timeout: float = 15) -> None:
    """Wait until the screen shows ``text`` (a line wrapped at the edge joined again)."""
    deadline = time.monotonic() + timeout
    while text not in "".join(child.screen.lines()):
        if time.monotonic() > deadline:
            screen = "\n".join(line for line in child.screen.lines() if line.strip())
            pytest.fail(f"{text!r} is not on the screen:\n{screen}")
        with contextlib.suppress(pexpect.TIMEOUT):
            child.read_nonblocking(65536, timeout=0.1)


def yes_no(child, question: str, key: str, *, default_yes: bool) -> None:
    """A yes/no question: its French hint, a key that means nothing (ignored), then ``key``."""
    expect(child, question)
    on_screen(child, "(O/n)" if default_yes else "(o/N)")
    child.send("x")  # not an answer: nothing happens
    settle(child)
    joined = "".join(child.screen.lines())
    asked = joined[joined.rfind(question) :]
    assert " Oui" not in asked and " Non" not in asked and "/" in asked, asked
    child.send(key)
    word = "Oui" if key in "oO" else "Non"
    expect(child, word)  # the answer, said in French (read from the program's output)
    joined = "".join(child.screen.lines())
    said = joined[joined.rfind(question) :]
    assert f" {word}" in said and "/n)" not in said and "/N)" not in said, said


def checkbox(child, question: str, downs: list[int]) -> None:
    """Tick the boxes ``downs`` lines below the cursor (one after the other), then Enter."""
    expect(child, question)
    on_screen(child, "(flèches pour se déplacer, <espace> pour cocher")
    on_screen(child, "»")
    for down in downs:
        child.send(DOWN * down + " ")
    child.send(ENTER)


def totals(child, caption: str) -> dict[str, int]:
    """The totals table on the screen once ``caption`` is under it and the menu drawn."""
    return menu_totals(child, caption, "Saisir la donne")


def english_on(screen: SeenScreen) -> list[str]:
    """The lines that showed a forbidden word, with the word."""
    return words_seen(screen, FORBIDDEN)


def quit_and_check(child, *, drawn: bool = False) -> None:
    home(child, "q", prompt="Saisir la donne", drawn=drawn)  # quitter
    expect(child, "Partie enregistrée.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert english_on(child.screen) == []


def new_game(child, rules: str | None, names: list[str]) -> None:
    if rules is not None:
        pick(child, "Règles ?", rules)
    for seat, name in enumerate(names, start=1):
        answer(child, f"Nom du joueur {seat}", name)


def session_id(home: Path) -> str:
    return next((home / "sessions").glob("*.json")).stem


def saved(home: Path) -> dict:
    return json.loads(next((home / "sessions").glob("*.json")).read_text("utf-8"))


# --------------------------------------------------------------------------------------------


def test_a_tarot_in_french(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "tarot", "--players", "4")
    new_game(child, "maison", NAMES)
    home(child, prompt="Saisir la donne 1")
    pick(child, "Contrat ?", "garde")
    pick(child, "Qui a pris ?", "Bob")
    answer(child, "Combien de bouts", "2")
    answer(child, "Points du preneur ? (d35 : 35 à la défense)", "66,5")
    checkbox(child, "Primes ?", [1, 1])  # poignée, misère: only what is ticked is asked
    checkbox(child, "Poignées présentées ?", [3])  # Dan
    pick(child, "Poignées présentées ? — Dan", "simple")
    checkbox(child, "Misères ?", [])  # none: « personne », not questionary's « done »
    expect(child, "66,5 points")  # a decimal comma
    pick(child, "Enregistrer cette donne ?", "Oui, l'enregistrer")
    assert totals(child, "Prochain donneur : Bob") == {
        "Bob": 200,
        "Dan": -40,
        "Ann": -80,
        "Cyd": -80,
    }
    assert any("Misères ? personne" in line for line in child.screen.seen)
    assert any("Poignées présentées ? [Dan]" in line for line in child.screen.seen)

    # Corriger the last round: « Retirer la donne 1 ? » (Non by default: never « Annuler ? »,
    # read as "cancel?", whose Oui removed) answered « o », then the round is gone.
    home(child, "c", prompt="Saisir la donne", drawn=True)  # corriger
    pick(child, "Corriger quoi ?", "Retirer la donne 1")
    yes_no(child, "Retirer la donne 1 ?", "o", default_yes=False)
    expect(child, "Dernière donne retirée")
    quit_and_check(child)
    assert saved(tmp_path)["rounds"] == []


def belote_round(child, *, taker: str, points: str, drawn: bool = False) -> None:
    home(child, prompt="Saisir la donne", drawn=drawn)
    pick(child, "Qui a pris ?", taker)
    pick(child, "Atout ?", "cœur")
    checkbox(child, "Belote, annonces, capot ?", [0])  # belote-rebelote
    pick(child, "Quelle équipe a eu belote-rebelote ?", "Ann & Cyd")
    answer(child, "Points de cartes de l'équipe du preneur", points)
    pick(child, "Quelle équipe a fait le dernier pli", "Ann & Cyd")


def test_a_belote_in_french_then_delete_and_remove(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "belote")
    new_game(child, "officiel", NAMES)
    answer(child, "Nom de l'équipe 1", "")
    answer(child, "Nom de l'équipe 2", "")
    answer(child, "Score à atteindre (Entrée : 1000)", "")  # the rule set's target
    # 82 / 70, dix de der and belote to the taker's team → 112 / 70.
    belote_round(child, taker="Ann", points="82")
    expect(child, "contrat fait")
    pick(child, "Enregistrer cette donne ?", "Oui, l'enregistrer")
    assert totals(child, "Prochain donneur : Bob") == {"Ann & Cyd": 112, "Bob & Dan": 70}
    assert any("belote (officiel)" in line for line in child.screen.seen)
    # A second round, discarded: the save question's last answer, done at once (no second
    # question whose stray Enter would fall back on « Oui, l'enregistrer »).
    belote_round(child, taker="Bob", points="90", drawn=True)
    pick(child, "Enregistrer cette donne ?", "L'abandonner")
    expect(child, "Donne abandonnée")
    quit_and_check(child)
    sid = session_id(tmp_path)
    assert len(saved(tmp_path)["rounds"]) == 1

    # remove, asked in French and answered no: nothing removed.
    child = spawn(tmp_path, "remove", sid, "1")
    yes_no(child, "Retirer la donne 1", "n", default_yes=False)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and english_on(child.screen) == []
    assert len(saved(tmp_path)["rounds"]) == 1

    # delete, answered « o » (was: Error: invalid input).
    child = spawn(tmp_path, "delete", sid)
    yes_no(child, f"Supprimer la partie {sid} (belote : ", "o", default_yes=False)
    expect(child, f"Partie {sid} supprimée.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and english_on(child.screen) == []
    assert list((tmp_path / "sessions").glob("*.json")) == []


def test_a_rami_in_french(tmp_path: Path) -> None:
    child = spawn(tmp_path, "new", "rami", "--players", "3")
    new_game(child, None, NAMES[:3])
    home(child, prompt="Saisir la donne 1")
    pick(child, "Qui a fini la donne ?", "Ann")  # (bloquée : sa dernière entrée)
    yes_no(child, "Rami sec", "n", default_yes=False)
    answer(child, "Cartes restées en main (par ex. A JK 5) ou leur valeur — Bob", "12")
    answer(child, "Cartes restées en main (par ex. A JK 5) ou leur valeur — Cyd", "30")
    checkbox(child, "Qui n'a pas ouvert cette donne", [1])  # Cyd (Ann, out, is not offered)
    pick(child, "Enregistrer cette donne ?", "Oui, l'enregistrer")
    shown = totals(child, "Prochain donneur : Bob")
    assert shown["Ann"] == 0 and shown["Bob"] == 12 and shown["Cyd"] > 30
    quit_and_check(child, drawn=True)


def test_a_mistyped_command_is_answered_in_french(tmp_path: Path) -> None:
    child = spawn(tmp_path, "shwo")
    child.expect(pexpect.EOF)
    child.close()
    text = " ".join(line.strip() for line in child.screen.lines() if line.strip())
    assert text == "cardscore : erreur : Commande inconnue « shwo ». Vouliez-vous dire « show » ?"
    assert child.exitstatus == 2 and english_on(child.screen) == []
