"""The changes a session keeps are written to its file exactly as they always were: a
session holding every kind of change (each table operation, insertions and removals that
move a table change, undo, redo, an undone change left to redo) saves to the very bytes of
``tests/fixtures/changes/*.json``, made by the cardscore of before the changes were typed;
read back, it scores the same and saves to the same bytes again.  And an old file (the
other fixtures) is written back as it was then (``tests/fixtures/saved/``).

A fixture is made again, after a change of the format that is meant, with
``python tests/test_changes_file.py`` (and then read with ``git diff``).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.session import Session

FIXTURES = Path(__file__).parent / "fixtures"
OLD_FILES = sorted(FIXTURES.glob("schema*.json"))


def garde(taker: str, points: str = "50") -> dict[str, Any]:
    return {"taker": taker, "contract": "garde", "bouts": "2", "points": points}


def made(points: int, taker: str) -> dict[str, Any]:
    return {"taker": taker, "trump": "hearts", "points": str(points), "dix_de_der": "taker"}


def every_tarot_change() -> Session:
    """Tarot: every table operation, every change of the rounds, undo and redo."""
    s = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dna", "Eve"], session_id="tarotall")
    s.add(garde("Ann"))
    s.add(garde("Bob"))
    s.change_table(rename=["dna=Dan"], leave=["Eve"])  # a rename and a departure
    s.add(garde("Cyd"))
    s.add(garde("Dan"), before=2)  # an insertion before the change: it moves
    s.edit(3, {"points": "61"})
    s.change_table(replace=["Bob=Fay"], join=["Zoé=40"])
    s.add(garde("Fay"))
    s.remove(1)  # a removal: the changes after it move up
    s.change_table(leave=["Ann"])
    s.add(garde("Zoé", "44"))
    s.undo()  # the round
    s.undo()  # the departure
    s.redo()  # the departure again
    s.undo()
    s.undo()  # the removal
    return s  # the departure left to redo


def every_belote_change() -> Session:
    """Belote: a replacement renames a team named after its players; a target set."""
    s = Session.create(
        "belote", ["Ann", "Bob", "Cyd", "Dan"], rules="maison", session_id="beloteall"
    )
    s.add(made(100, "Ann"))
    s.change_table(replace=["Cyd=Zoé"])
    s.add(made(71, "Bob"))  # a litige: held points
    s.change_table(target=2000)
    s.add(made(90, "Zoé"))
    s.undo()
    return s


def every_rami_change() -> Session:
    """Rami: a rename alone (no era), an arrival, a target set by hand."""
    s = Session.create("rami", ["Ann", "Bob", "Cyd"], session_id="ramiall")
    s.add({"winner": "Ann", "hand": ["Bob=20", "Cyd=35"]})
    s.change_table(rename=["Cyd=Cid"])
    s.change_table(join=["Dan"], target=150)
    s.add({"winner": "Dan", "hand": ["Ann=10", "Bob=5", "Cid=12"]})
    s.edit(2, {"hand": ["Ann=11", "Bob=5", "Cid=12"]})
    return s


MADE: dict[str, Callable[[], Session]] = {
    "tarot": every_tarot_change,
    "belote": every_belote_change,
    "rami": every_rami_change,
}


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock that gives each change its own time, the same from one run to the next."""
    with _frozen_clock(monkeypatch.setattr):
        yield


class _frozen_clock:
    def __init__(self, patch: Callable[[Any, str, Any], None]) -> None:
        self.patch = patch

    def __enter__(self) -> None:
        import importlib

        ticks = itertools.count()

        def now() -> str:
            tick = next(ticks)
            return f"2026-12-06T20:{tick // 60:02d}:{tick % 60:02d}+01:00"

        for name in ("cardscore.session", "cardscore.editing"):
            try:
                module = importlib.import_module(name)
            except ImportError:
                continue
            if hasattr(module, "now"):
                self.patch(module, "now", now)

    def __exit__(self, *exc: object) -> None:
        pass


@pytest.mark.parametrize("name", sorted(MADE))
def test_every_kind_of_change_is_saved_as_it_always_was(name: str, clock: None) -> None:
    session = MADE[name]()
    text = store.dumps(session)
    assert text == (FIXTURES / "changes" / f"{name}.json").read_text("utf-8")
    again = store.loads(text, Path(f"{session.id}.json"))
    assert store.dumps(again) == text
    assert again.standings(fresh=True) == session.standings(fresh=True)
    assert again.changes() == session.changes()


@pytest.mark.parametrize("path", OLD_FILES, ids=lambda p: p.stem)
def test_an_old_file_is_written_back_as_it_always_was(path: Path) -> None:
    session = store.loads(path.read_bytes(), path)
    assert store.dumps(session) == (FIXTURES / "saved" / path.name).read_text("utf-8")


def write_fixtures() -> None:
    """Make the fixtures again (see the module)."""

    def patch(module: Any, name: str, value: Any) -> None:
        setattr(module, name, value)

    for name, make in MADE.items():
        with _frozen_clock(patch):
            session = make()
        (FIXTURES / "changes" / f"{name}.json").write_text(store.dumps(session), "utf-8")
    (FIXTURES / "saved").mkdir(exist_ok=True)
    for path in OLD_FILES:
        session = store.loads(path.read_bytes(), path)
        (FIXTURES / "saved" / path.name).write_text(store.dumps(session), "utf-8")


if __name__ == "__main__":
    sys.exit(write_fixtures())
