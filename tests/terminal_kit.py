"""What the real-terminal tests share: a screen that the program's output is fed to (a
terminal emulator), the environment of a terminal of that size, and the totals table read
off the screen."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pyte

ROWS, COLUMNS = 50, 80


class Screen:
    """What the terminal shows: everything the program writes, fed to a terminal emulator."""

    def __init__(self, columns: int = COLUMNS, rows: int = ROWS) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)

    def write(self, data: str) -> None:
        self.stream.feed(data)

    def flush(self) -> None:
        pass

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]


def environment(home: Path, columns: int = COLUMNS, rows: int = ROWS) -> dict[str, str]:
    """A terminal of that size, the sessions kept in ``home``."""
    return {
        **os.environ,
        "CARDSCORE_HOME": str(home),
        "TERM": "xterm",
        "COLUMNS": str(columns),
        "LINES": str(rows),
        "PROMPT_TOOLKIT_NO_CPR": "1",
    }


def screen_totals(child) -> dict[str, int]:
    """The totals table as the screen shows it (the latest one drawn)."""
    rows: dict[str, int] = {}
    for line in child.screen.lines():
        cells = [cell.strip() for cell in line.split("│")]
        if len(cells) >= 5 and cells[1].isdigit() and re.fullmatch(r"-?\d+", cells[3]):
            rows[cells[2]] = int(cells[3])
    return rows
