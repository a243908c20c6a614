"""The scoresheet in a real terminal 60 columns wide (a pseudo-terminal whose size the
program reads itself, no COLUMNS): a 6-player tarot sheet, by ``show`` and by the loop's
"Show the scoresheet", with no figure or heading cut (issue 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

from cardscore import store  # noqa: E402
from terminal_kit import CARDSCORE  # noqa: E402
from terminal_kit import settle as settle_for  # noqa: E402
from terminal_kit import spawn as spawn_on  # noqa: E402
from test_screen_widths import check_figures, check_fits, played  # noqa: E402

DOWN, ENTER = "\x1b[B", "\r"
WIDTH, HEIGHT = 60, 200  # tall: the whole sheet stays on the screen

pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


def spawn(home: Path, *args: str):
    return spawn_on(home, *args, columns=WIDTH, rows=HEIGHT, timeout=40, sized_by_env=False)


def settle(child) -> None:
    settle_for(child, 0.3)


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
    child.expect_exact("Record round")
    settle(child)
    child.send("s" + ENTER)  # the home: show the scoresheet
    child.expect_exact("Round 12 (dealer")
    child.expect_exact("Record round")
    settle(child)
    shown = "\n".join(child.screen.lines())
    check_fits(shown, WIDTH)
    check_figures(shown, store.load(session.id), every_round=True)
    child.sendcontrol("c")  # quits at the menu
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_list_entries_go_on_over_lines_at_60_columns(home: Path, language: str) -> None:
    """An entry wider than the terminal (the rule set and what it is, the menu's Corriger
    and its disabled Redo) goes on over indented lines: every word of it is on the screen."""
    from cardscore.games import get_game
    from cardscore.i18n import set_language
    from cardscore.prompts.setup import preset_choices

    home.mkdir(parents=True, exist_ok=True)  # the program starts in it
    child = spawn(home, "--lang", language, "new", "belote")
    child.expect_exact("»")
    settle(child)
    lines = child.screen.lines()
    check_fits("\n".join(lines), WIDTH)
    shown = " ".join(" ".join(line.strip(" »") for line in lines).split())
    set_language(language)
    try:
        titles = [" ".join(choice.title.split()) for choice in preset_choices(get_game("belote"))]
    finally:
        set_language("en")
    for title in titles:
        assert len(title) + 3 > WIDTH  # entries too wide for the terminal after the pointer
        assert title in shown
    child.sendcontrol("c")
    child.expect(pexpect.EOF)


def test_fitted_titles_fit_and_keep_every_word() -> None:
    from cardscore.prompts.ask import fitted_title

    title = "maison — house rules: in sans atout the ace is worth 11 (a round of 130)"
    for width in (40, 60, 80):
        lines = fitted_title(title, width=width).split("\n")
        assert all(len(line) + 3 <= width for line in lines)
        assert " ".join(" ".join(lines).split()) == title
    assert fitted_title(title, width=200) == title
    # a disabled entry: questionary writes "- TITLE (REASON)" after the pointer's room
    lines = fitted_title("Redo (the last change undone)", "nothing to redo", 40).split("\n")
    assert len(lines[-1]) + 3 + 2 + len(" (nothing to redo)") <= 40


def test_a_long_question_breaks_between_words_at_60_columns(home: Path) -> None:
    """A question wider than the terminal goes on over a second line between two words (the
    terminal would cut "finisse" in two), its yes/no hint on the line of its end."""
    home.mkdir(parents=True, exist_ok=True)
    child = spawn(home, "--lang", "fr", "new", "rami", "--names", "Ann,Bob,Cyd")
    child.expect_exact("Saisir la donne 1")  # the home
    settle(child)
    child.send(ENTER)  # record round 1
    child.expect_exact("Qui a fini la donne ?")
    child.expect_exact("»")
    settle(child)
    child.send("a" + ENTER)  # Ann, by her key
    child.expect_exact("(o/N)")
    settle(child)
    lines = child.screen.lines()
    check_fits("\n".join(lines), WIDTH)
    start = next(i for i, line in enumerate(lines) if "? Rami sec" in line)
    question = lines[start : start + 2]
    assert question[1].startswith("  ") and question[1].rstrip().endswith("? (o/N)")
    words = " ".join(question).split()
    assert "adversaire" in words and "ouvert)" in words  # no word cut in two
    child.sendcontrol("c")  # drops the round being entered: back at the home
    child.expect_exact("Saisir la donne 1")
    settle(child)
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
