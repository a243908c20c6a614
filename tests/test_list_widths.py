"""`cardscore list` never cuts an id, the one thing a user types: in full where the terminal
has room, else its shortest unique prefix, in full, with a line saying it is enough."""

from __future__ import annotations

import re

import pytest

NAMES = "Jean-Pierre,Marie-Claire,Bérénice,Dominique,Élodie"


@pytest.mark.parametrize("width", [60, 70, 80, 100, 120])
def test_every_id_is_shown_whole_at_any_width(cli, monkeypatch, width: int) -> None:
    ids = [
        cli(
            "new", "tarot", "--names", NAMES, "--title", "Vendredi chez Bérénice", "--no-play"
        ).out.strip()
        for _ in range(3)
    ]
    monkeypatch.setenv("COLUMNS", str(width))
    out = cli("list").out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= width
    cells = [re.match(r"│ (\S*)", line) for line in lines]
    shown = [c.group(1) for c in cells if c and c.group(1)]
    assert len(shown) == 3 and "…" not in "".join(shown)
    for full in ids:
        found = [s for s in shown if full.startswith(s)]
        assert len(found) == 1 and len(found[0]) >= 4  # its own prefix, and no other's
    if any(s not in ids for s in shown):  # prefixes: said to be enough, and they are
        assert "first letters are enough" in out
        assert cli("show", shown[0]).code == 0
    else:
        assert "first letters" not in out


def test_at_120_columns_the_ids_are_whole(cli, monkeypatch) -> None:
    sid = cli("new", "rami", "--names", "Ann,Bob", "--no-play").out.strip()
    monkeypatch.setenv("COLUMNS", "120")
    assert sid in cli("list").out
