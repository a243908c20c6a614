"""The size of ``src/cardscore``'s modules: none over 800 lines, and one over 600 says why
in the first lines of its docstring (``(Over 600 lines: …)``), so that a module only grows
that long on purpose."""

from __future__ import annotations

from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src" / "cardscore"
MOST, SAYS_WHY = 800, 600
MODULES = sorted(SOURCE.rglob("*.py"))


def test_there_are_modules_to_measure() -> None:
    assert len(MODULES) > 50


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SOURCE)))
def test_a_module_is_short_or_says_why(path: Path) -> None:
    lines = path.read_text("utf-8").splitlines()
    assert len(lines) <= MOST, f"{len(lines)} lines"
    if len(lines) > SAYS_WHY:
        assert any(line.startswith("(Over 600 lines:") for line in lines[:8])
