"""What the real-terminal tests share: a screen that the program's output is fed to (a
terminal emulator), the environment of a terminal of that size, and the totals table read
off the screen."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
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


# --------------------------------------------------------------------------------------------
# A game played in a language: what the language tests of the real terminal share

DOWN, UP, ENTER = "\x1b[B", "\x1b[A", "\r"
CARDSCORE = Path(sys.executable).parent / "cardscore"


class SeenScreen(Screen):
    """The screen, and every line it has shown since the start (questions redrawn, lists
    cleared, lines scrolled away included)."""

    def __init__(self, columns: int = COLUMNS, rows: int = ROWS) -> None:
        super().__init__(columns, rows)
        self.seen: set[str] = set()

    def write(self, data: str) -> None:
        super().write(data)
        self.seen.update(line for line in self.lines() if line.strip())


def spawn(
    home: Path,
    *args: str,
    columns: int = COLUMNS,
    rows: int = ROWS,
    cwd: Path | None = None,
    timeout: float = 15,
    screen: type[Screen] = Screen,
    sized_by_env: bool = True,
):
    """The installed ``cardscore ARGS…`` in a ``columns`` × ``rows`` pseudo-terminal, keeping
    its sessions in ``home`` and started in ``cwd`` (``home`` by default); ``child.screen``
    is what it shows.  ``sized_by_env=False``: no COLUMNS and LINES, the program reads the
    terminal's size itself."""
    import pexpect

    env = environment(home, columns, rows)
    if not sized_by_env:
        del env["COLUMNS"], env["LINES"]
    child = pexpect.spawn(
        str(CARDSCORE),
        list(args),
        env=env,
        encoding="utf-8",
        dimensions=(rows, columns),
        timeout=timeout,
        cwd=str(cwd or home),
    )
    child.delaybeforesend = None  # keys are sent once the question is drawn (see expect)
    child.logfile_read = child.screen = screen(columns, rows)
    return child


def spawn_in(language: str, home: Path, *args: str):
    """The installed ``cardscore --lang LANGUAGE ARGS…`` in an 80 × 50 terminal, started in
    ``home`` and keeping its sessions there; ``child.screen`` is what it has shown (every
    line since the start: :class:`SeenScreen`)."""
    return spawn(home, "--lang", language, *args, screen=SeenScreen)


def expect(child, text: str) -> None:
    """Wait for ``text``; when it does not come, fail with what the screen shows."""
    import pexpect
    import pytest

    try:
        child.expect_exact(text)
    except (pexpect.TIMEOUT, pexpect.EOF):
        screen = "\n".join(line for line in child.screen.lines() if line.strip())
        pytest.fail(f"{text!r} did not come; the screen shows:\n{screen}")


def settle(child, quiet: float = 0.15) -> None:
    """Read what the program writes until it has been silent for ``quiet`` seconds.  The
    default wait ends sooner where Linux tells: once the program is silent for a twentieth of
    a second and asleep (waiting for a key: its screen drawn).  A longer ``quiet`` is asked
    for a reason (a program that looks at a file now and then) and is waited whole."""
    import pexpect

    step = min(quiet, 0.05)
    silent = 0.0
    while silent < quiet:
        try:
            child.read_nonblocking(65536, timeout=step)
            silent = 0.0
        except pexpect.TIMEOUT:
            silent += step
            if quiet <= 0.15 and _asleep(child.pid):
                return


def _asleep(pid: int) -> bool:
    """Whether process ``pid`` is asleep (``S`` in ``/proc/PID/stat``: blocked waiting,
    not running nor writing to disk)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] == "S"


def entry_title(line: str) -> str:
    """A list entry's title as drawn: after the pointer's room and the entry's key
    (`` » g) garde`` → ``garde``)."""
    return re.sub(r"^\S\) ", "", line[3:].strip())


def drawn_under(child, question: str) -> list[str]:
    """The lines drawn under the latest ``question`` up to the first empty one: its list."""
    lines = child.screen.lines()
    start = max(i for i, line in enumerate(lines) if question in line)
    options = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        options.append(line)
    return options


def pick(child, question: str, option: str, *, drawn: bool = False, hint: str = "") -> None:
    """Answer a list question by the option's text, as a person reading the list would
    (``drawn``: the list is on the screen already; ``hint``: the list's hint, waited for)."""
    if not drawn:
        expect(child, question)
        if hint:
            expect(child, hint)
        child.expect_exact("»")
        settle(child)
    # the entries: not disabled, not the continuation of a long one (indented further)
    options = [
        line for line in drawn_under(child, question) if not line[3:].startswith(("- ", " "))
    ]
    current = next(i for i, line in enumerate(options) if "»" in line)
    wanted = next(i for i, line in enumerate(options) if entry_title(line).startswith(option))
    key = DOWN if wanted >= current else UP
    child.send(key * abs(wanted - current) + ENTER)


def tick(child, question: str, *boxes: str) -> None:
    """Answer a checkbox question by ticking the boxes whose text holds each of ``boxes``
    (none: Enter alone, every box left as it is)."""
    expect(child, question)
    child.expect_exact("»")
    settle(child)
    options = drawn_under(child, question)
    current = next(i for i, line in enumerate(options) if "»" in line)
    keys = ""
    for box in boxes:
        wanted = next(i for i, line in enumerate(options) if box in line[3:])
        keys += (DOWN if wanted >= current else UP) * abs(wanted - current) + " "
        current = wanted
    child.send(keys + ENTER)


def home(child, keys: str = "", *, prompt: str = "Record round", drawn: bool = False) -> None:
    """At the loop's home (a line asked, ``prompt`` its question): type ``keys`` — a round in
    one line, an action's key (``c``, ``q``…), or nothing for the round's questions — and
    Enter (``drawn``: the home is on the screen already)."""
    if not drawn:
        expect(child, prompt)
    settle(child)
    child.send(keys + "\r")


def answer(child, question: str, text: str) -> None:
    expect(child, question)
    child.sendline(text)


def menu_totals(child, caption: str, menu: str) -> dict[str, int]:
    """The totals table on the screen once ``caption`` is under it and what follows it
    (``menu``: the home's question, or the end's menu question) drawn."""
    expect(child, caption)
    expect(child, menu)
    settle(child)
    return screen_totals(child)


def words_pattern(words: Sequence[str]) -> re.Pattern[str]:
    """Any of ``words``, whole (not inside a word, nor beside a ``/``)."""
    return re.compile(r"(?<![\w/])(" + "|".join(re.escape(w) for w in words) + r")(?![\w/])")


def words_seen(screen: SeenScreen, pattern: re.Pattern[str]) -> list[str]:
    """The lines the screen showed with a word of ``pattern``, each with the word."""
    return sorted(
        f"{m.group(1)!r} in {line.strip()!r}"
        for line in screen.seen
        for m in [pattern.search(line)]
        if m
    )


def command(home: Path, *args: str) -> str:
    """``cardscore ARGS…`` run to its end with no terminal, its sessions in ``home``: what it
    printed (it must succeed)."""
    done = subprocess.run(
        [str(CARDSCORE), *args],
        env=environment(home),
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
