"""Ctrl-C where it is the way to stop is no error: ``serve`` (its screen says "Ctrl-C
stops") and the loop's home end with status 130 and a short line saying they stopped, in
the user's language, never "cardscore: error: interrupted".  Driven in a real
pseudo-terminal (pexpect), Ctrl-C sent as the terminal sends it (SIGINT)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardscore import store
from cardscore.session import Session

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from terminal_kit import CARDSCORE, expect, settle, spawn  # noqa: E402

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")

#: per language: the serve screen's hint, what serve says once stopped, the loop's home,
#: what it says once stopped, and the word of an error
SAID = {
    "en": ("Ctrl-C stops.", "Stopped: the live page is no longer served.", "Record round 2",
           "Stopped.", "error"),
    "fr": ("Ctrl-C arrête.", "Arrêté : la page en direct n'est plus servie.",
           "Saisir la donne 2", "Arrêté.", "erreur"),
    "nb": ("Ctrl-C stopper.", "Stoppet: direktesiden vises ikke lenger.", "Før inn runde 2",
           "Stoppet.", "feil"),
}  # fmt: skip


def a_session(home: Path) -> str:
    """A tarot of four with one round played, saved in ``home``."""
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan"], session_id=store.new_id())
    session.add({"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"})
    with store.locked(session.id):
        store.write(session)
    return session.id


def stopped(child) -> list[str]:
    """Ctrl-C; the screen's lines once the program ended, its status 130."""
    settle(child)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130, (child.exitstatus, child.screen.lines())
    return [line.strip() for line in child.screen.lines() if line.strip()]


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_ctrl_c_stops_serve_quietly(home: Path, lang: str) -> None:
    hint, said, _home, _stop, error = SAID[lang]
    sid = a_session(home)
    child = spawn(home, "--lang", lang, "serve", sid, "--host", "127.0.0.1", "--port", "0")
    expect(child, hint)
    lines = stopped(child)
    assert lines[-1] == said, lines
    assert not any(error in line for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_ctrl_c_at_the_loops_home_stops_it_quietly(home: Path, lang: str) -> None:
    _hint, _said, question, said, error = SAID[lang]
    sid = a_session(home)
    child = spawn(home, "--lang", lang, "play", sid)
    expect(child, question)
    lines = stopped(child)
    assert lines[-1] == said, lines
    assert f"cardscore play {sid}" in lines[-2]  # how to resume, as ever
    assert not any(error in line for line in lines), lines
    data = json.loads(store.session_path(sid).read_text("utf-8"))
    assert len(data["rounds"]) == 1  # every round kept


def test_serve_as_a_program_says_it_stopped_on_standard_error(home: Path) -> None:
    sid = a_session(home)
    process = subprocess.Popen(
        [sys.executable, "-m", "cardscore", "serve", sid, "--host", "127.0.0.1", "--port", "0",
         "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "CARDSCORE_HOME": str(home)},
    )  # fmt: skip
    assert json.loads(process.stdout.readline())["session"] == sid
    process.send_signal(2)
    assert process.wait(timeout=10) == 130
    assert process.stderr.read().strip() == "Stopped: the live page is no longer served."
    process.stdout.close()
    process.stderr.close()
