"""Shared fixtures: every test gets its own empty data folder (CARDSCORE_HOME) and cache
folder (CARDSCORE_CACHE: never the user's own)."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardscore.cli import run

# The programs the tests start (the console script, ``python -m cardscore``, the live
# servers) would each compile cardscore's modules again where PYTHONDONTWRITEBYTECODE is set,
# as on CI's machines: 60 to 80 ms a start.  They keep their byte-code instead, as an
# installed cardscore does, in a folder outside the tree.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    os.environ.setdefault(
        "PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "cardscore-tests-pycache")
    )


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("CARDSCORE_HOME", str(folder))
    monkeypatch.setenv("CARDSCORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("CARDSCORE_LANG", raising=False)
    return folder


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts and ends in English: a test that says ``set_language("fr")`` to
    drive the prompts alone in French leaves it so for the next test of its worker (a
    command run in-process speaks its environment's language only while it runs)."""
    from cardscore.i18n import set_language

    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """Run ``cardscore ARGS…`` in this process, as the console script does."""

    def invoke(*args: str) -> Result:
        capsys.readouterr()
        code = run(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


@pytest.fixture
def sessions(home: Path) -> Callable[[], dict[str, bytes]]:
    """A snapshot of every session file's bytes, to prove that nothing was saved."""

    def snapshot() -> dict[str, bytes]:
        folder = home / "sessions"
        if not folder.exists():
            return {}
        return {p.name: p.read_bytes() for p in sorted(folder.glob("*.json"))}

    return snapshot
