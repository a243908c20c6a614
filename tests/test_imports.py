"""What each command imports (docs/speed.md: import what a command needs, when it needs
it).  Structural, not timed: the list of modules a real process imported, from Python's own
``-X importtime`` report.

* ``--version``, ``show`` and ``add`` import neither questionary nor prompt_toolkit, nor
  ``cardscore.prompts`` or ``cardscore.export``;
* ``--version`` imports neither typer nor rich either.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardscore import store
from cardscore.session import Session

INTERACTIVE = ("questionary", "prompt_toolkit", "cardscore.prompts", "cardscore.export")
FRAMEWORKS = ("typer", "rich")


def launchers() -> list[tuple[str, list[str]]]:
    """``python -m cardscore`` and, when installed, the ``cardscore`` console script."""
    found = [("python -m cardscore", [sys.executable, "-X", "importtime", "-m", "cardscore"])]
    script = shutil.which("cardscore", path=str(Path(sys.executable).parent))
    if script:
        found.append(("cardscore script", [sys.executable, "-X", "importtime", script]))
    return found


def imported(argv: list[str]) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run ``argv`` (a ``python -X importtime`` command) and return every module it
    imported."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    env.pop("PYTHONSTARTUP", None)
    result = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60)
    modules = set()
    for line in result.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            name = line.rsplit("|", 1)[1].strip()
            if name and name != "imported package":
                modules.add(name)
    return result, modules


def offenders(modules: set[str], banned: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == b or m.startswith(b + ".") for b in banned))


def test_the_import_report_is_read_correctly() -> None:
    """The check below can fail: a process that imports questionary is caught."""
    result, modules = imported([sys.executable, "-X", "importtime", "-c", "import questionary"])
    assert result.returncode == 0, result.stderr[-500:]
    assert "questionary" in offenders(modules, INTERACTIVE)
    assert any(m.startswith("prompt_toolkit") for m in offenders(modules, INTERACTIVE))


@pytest.fixture
def session_id(home: Path) -> str:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan"], session_id=store.new_id())
    for _ in range(3):
        session.add({"taker": "Bob", "contract": "garde", "bouts": "2", "points": "49"})
    with store.locked(session.id):
        store.write(session)
    return session.id


@pytest.mark.parametrize("launcher", [name for name, _ in launchers()])
def test_version_imports_no_framework(launcher: str) -> None:
    command = dict(launchers())[launcher]
    result, modules = imported([*command, "--version"])
    assert result.returncode == 0 and result.stdout.startswith("cardscore "), result
    assert offenders(modules, INTERACTIVE + FRAMEWORKS) == []


ADD = ["--taker", "Ann", "--contract", "prise", "--bouts", "1", "--points", "52"]


@pytest.mark.parametrize("launcher", [name for name, _ in launchers()])
@pytest.mark.parametrize(
    "args",
    [["show"], ["show", "--all"], ["show", "--json"], ["add", *ADD], ["add", *ADD, "--json"]],
    ids=" ".join,
)
def test_show_and_add_import_no_prompts_nor_exporters(
    launcher: str, args: list[str], session_id: str
) -> None:
    command = dict(launchers())[launcher]
    result, modules = imported([*command, *args])
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Ann" in result.stdout  # it really ran the command
    assert "cardscore.cli" in modules and "cardscore.store" in modules
    assert offenders(modules, INTERACTIVE) == []


@pytest.mark.parametrize("args", [["show"], ["add", *ADD]], ids=" ".join)
def test_show_and_add_draw_without_rich_table_nor_markup(args: list[str], session_id: str) -> None:
    """Their tables are drawn by cardscore.grid (rich.table: a few ms to import), their
    styles applied with Text objects (markup would import rich's emoji codes)."""
    result, modules = imported([*launchers()[0][1], *args])
    assert result.returncode == 0, result.stderr[-2000:]
    assert "┃ # ┃" in result.stdout  # a table was drawn
    assert "cardscore.grid" in modules
    assert {"rich.table", "rich._emoji_codes"} & modules == set()


@pytest.mark.parametrize("args", [["show"], ["show", "--all"]], ids=" ".join)
def test_show_reads_without_the_json_module(args: list[str], session_id: str) -> None:
    """A file is read with msgspec; the json module (a millisecond) is for what writes."""
    result, modules = imported([*launchers()[0][1], *args])
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Ann" in result.stdout
    assert "msgspec.json" in modules and "json" not in modules
