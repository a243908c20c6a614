"""The scoresheet in a real terminal 60 columns wide (a pseudo-terminal whose size the
program reads itself, no COLUMNS): a 6-player tarot sheet, by ``show`` and by the loop's
"Show the scoresheet", with no figure or heading cut (issue 15)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

from cardscore import store  # noqa: E402
from terminal_kit import Screen, environment  # noqa: E402
from test_screen_widths import check_figures, check_fits, played  # noqa: E402

CARDSCORE = Path(sys.executable).parent / "cardscore"
DOWN, ENTER = "\x1b[B", "\r"
WIDTH, HEIGHT = 60, 200  # tall: the whole sheet stays on the screen

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


def spawn(home: Path, *args: str):
    env = environment(home, WIDTH, HEIGHT)
    del env["COLUMNS"], env["LINES"]  # the terminal's own size
    child = pexpect.spawn(
        str(CARDSCORE),
        list(args),
        env=env,
        encoding="utf-8",
        dimensions=(HEIGHT, WIDTH),
        timeout=40,
        cwd=str(home),
    )
    child.logfile_read = child.screen = Screen(WIDTH, HEIGHT)
    return child


def settle(child) -> None:
    try:
        while True:
            child.read_nonblocking(65536, timeout=0.3)
    except pexpect.TIMEOUT:
        pass


def test_show_at_60_columns_cuts_no_figure(home: Path) -> None:
    session = played("tarot-fft", 6)
    child = spawn(home, "show", session.id, "--all")
    child.expect(pexpect.EOF)
    shown = "\n".join(child.screen.lines())
    check_fits(shown, WIDTH)
    check_figures(shown, store.load(session.id), every_round=True)
    assert "Round 12 (dealer Fay, mort Fay)" in shown  # a block a round


def test_the_loop_shows_the_sheet_at_60_columns_whole(home: Path) -> None:
    session = played("tarot-fft", 6)
    child = spawn(home, "play", session.id)
    child.expect_exact("What now?")
    child.expect_exact("»")
    settle(child)
    child.send(DOWN * 2 + ENTER)  # Show the scoresheet (Redo is disabled, hence skipped)
    child.expect_exact("Round 12 (dealer")
    child.expect_exact("What now?")
    settle(child)
    shown = "\n".join(child.screen.lines())
    check_fits(shown, WIDTH)
    check_figures(shown, store.load(session.id), every_round=True)
    child.sendcontrol("c")  # quits at the menu
    child.expect(pexpect.EOF)
