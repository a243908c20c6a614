"""Narrow screens (issue 25, point 2): a name and its score are never split over two lines,
a continuation line is indented under its start, no word is cut in the middle."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from cardscore.commands.base import out
from cardscore.flow import Flow
from test_export import new, ok

NAMES = ["Jean-Pierre", "Sophie", "Mathieu", "Élodie", "François", "Julie"]


def printed(renderable: object, width: int) -> list[str]:
    console = Console(width=width, color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get().splitlines()


@pytest.mark.parametrize("width", [40, 60, 80])
@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_a_round_keeps_each_name_with_its_score(cli, monkeypatch, width: int, lang: str):
    monkeypatch.setenv("COLUMNS", str(width))
    sid = new(cli, "tarot", "--names", ",".join(NAMES))
    said = ok(cli("--lang", lang, "add", sid, "--taker", "Sophie", "--contract", "garde",
                  "--bouts", "2", "--points", "49", "--called", "Julie")).out  # fmt: skip
    lines = said.splitlines()
    report = lines[: next(i for i, line in enumerate(lines) if "┏" in line)]
    assert all(len(line) <= width for line in report), report
    for line in report[1:]:
        if line:
            assert line.startswith("  "), report  # under the heading, wrapped lines too
        # no line ends on a name whose score starts the next one
        assert not re.search(rf"\b({'|'.join(NAMES)})$", line.rstrip()), report
    flat = " ".join(" ".join(report).split())
    for name, score in (("Sophie", "+132"), ("Julie", "+66"), ("François", "-66")):
        assert f"{name} {score}" in flat


def test_flow_breaks_after_commas_and_keeps_the_indent() -> None:
    line = "  → Jean-Pierre 0 (mort), Sophie +132 (2 × 66), Mathieu -66, Julie +66 (partner)"
    shown = printed(Flow.of(line), 40)
    assert shown == [  # Rich alone: "… Sophie +132" / "(2 × 66) …"; "Julie" / "+66"
        "  → Jean-Pierre 0 (mort),",
        "  Sophie +132 (2 × 66), Mathieu -66,",
        "  Julie +66 (partner)",
    ]


def test_flow_puts_an_entry_on_the_next_line_whole() -> None:
    entries = ["Jean-Pierre 0", "Sophie +132", "Mathieu -66", "Julie +66"]
    shown = printed(Flow(entries, gap="   ", indent=2), 30)
    assert shown == ["  Jean-Pierre 0   Sophie +132", "  Mathieu -66   Julie +66"]


def test_a_word_is_never_cut_on_a_terminal(monkeypatch) -> None:
    """A line kept whole for a pipe (``soft_wrap``) is broken between words on a terminal,
    where the terminal itself would fold it in the middle of a word."""
    from cardscore.environment import Environment, running

    said = (
        "attention : Nous ont tous les 162 points de cartes et le dernier pli, mais aucun "
        "capot n'a été donné : donne comptée sans capot"
    )
    for terminal in (True, False):
        buffer = io.StringIO()
        console = Console(file=buffer, width=50, force_terminal=terminal, color_system=None)
        env = Environment(stdin_isatty=False)
        vars(env)["console"] = console  # a cached property: the test's console is the one
        with running(env):
            out("  " + said, soft_wrap=True)
        lines = buffer.getvalue().splitlines()
        if terminal:
            assert len(lines) > 1 and all(len(line) <= 50 for line in lines)
            assert all(line.startswith("  ") for line in lines)
            assert " ".join(" ".join(lines).split()) == said  # every word whole
        else:
            assert lines == ["  " + said]  # a program reads the line whole
