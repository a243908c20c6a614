"""A checkbox's answer agrees with its question on the screen (issue 36, point 14): a French
table reads « Primes ? aucune » and « Primes ? 2 choisies », a Norwegian one « Bonuser?
ingen » and « Bonuser? 2 valgt », in a real pseudo-terminal."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from terminal_kit import (  # noqa: E402
    CARDSCORE,
    DOWN,
    ENTER,
    expect,
    home,
    pick,
    settle,
    spawn_in,
)

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

#: The words of a tarot round's questions, by language: the home's prompt, the questions up
#: to the bonuses (contract, taker, bouts, points), the bonuses' question and its answers.
ROUND = {
    "fr": ("Saisir la donne", "Contrat ?", "Qui a pris ?", "Combien de bouts",
           "Points du preneur", "Primes ?", "aucune", "2 choisies"),
    "nb": ("Før inn runde", "Kontrakt?", "Hvem er spillfører?", "Hvor mange bouts",
           "Spillførerens poeng", "Bonuser?", "ingen", "2 valgt"),
}  # fmt: skip


def on_screen(child, text: str, timeout: float = 15) -> None:
    """Wait until a line the screen showed holds ``text`` (escape codes between the
    question and its answer: not in the raw output)."""
    deadline = time.monotonic() + timeout
    while not any(text in line for line in child.screen.seen):
        if time.monotonic() > deadline:
            screen = "\n".join(line for line in child.screen.lines() if line.strip())
            pytest.fail(f"{text!r} is not on the screen:\n{screen}")
        with contextlib.suppress(pexpect.TIMEOUT):
            child.read_nonblocking(65536, timeout=0.1)


@pytest.mark.parametrize("lang", ["fr", "nb"])
def test_the_bonuses_question_answers_in_agreement_on_the_screen(tmp_path: Path, lang: str) -> None:
    prompt, contract, taker, bouts, points, bonuses, none, two = ROUND[lang]
    child = spawn_in(lang, tmp_path, "new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--rules",
                     "fft")  # fmt: skip
    for keys, said in ((ENTER, none), (" " + DOWN + " " + ENTER, two)):
        home(child, prompt=prompt)
        pick(child, contract, "garde")
        pick(child, taker, "Bob")
        expect(child, bouts)
        child.sendline("2")
        expect(child, points)
        child.sendline("50")
        expect(child, bonuses)
        child.expect_exact("»")
        child.send(keys)  # none ticked; then the petit au bout and the poignée
        on_screen(child, f"{bonuses} {said}")
        settle(child)  # the next question drawn: Ctrl-C there drops the round
        child.sendcontrol("c")  # the round dropped: back at the home
    child.close()
