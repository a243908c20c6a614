"""The CSV is separated as the user's spreadsheet expects: ``;`` in French and Norwegian
(where the decimal mark is a comma), ``,`` in English; ``--csv-separator`` chooses."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from test_export import ok, play


def cells(raw: str, separator: str) -> list[list[str]]:
    assert raw.startswith("\ufeff")
    return list(csv.reader(io.StringIO(raw[1:], newline=""), delimiter=separator))


@pytest.mark.parametrize(("lang", "separator"), [("en", ","), ("fr", ";"), ("nb", ";")])
def test_the_language_chooses_the_separator(
    cli: Callable[..., Any], home: Path, lang: str, separator: str
) -> None:
    game = play(cli, "tarot")
    raw = ok(cli("--lang", lang, "print", game.sid, "-f", "csv")).out
    head = raw[1:].split("\r\n", 1)[0]
    other = ";" if separator == "," else ","
    assert separator in head and other not in head, head
    english = cells(ok(cli("print", game.sid, "-f", "csv")).out, ",")
    said = cells(raw, separator)
    # the same numbers (what was played, the last column, is said in the language)
    assert [row[2:-1] for row in said[1:]] == [row[2:-1] for row in english[1:]]
    assert len(said) == len(english) and len(said[0]) == len(english[0])


@pytest.mark.parametrize(("word", "separator"), [(",", ","), (";", ";"), ("tab", "\t")])
def test_csv_separator_chooses(cli: Callable[..., Any], home: Path, word: str, separator: str):
    game = play(cli, "belote")
    raw = ok(cli("--lang", "fr", "print", game.sid, "-f", "csv", "--csv-separator", word)).out
    french = cells(ok(cli("--lang", "fr", "print", game.sid, "-f", "csv")).out, ";")
    assert cells(raw, separator) == french
    assert raw[1:].startswith(f"Donne{separator}Donneur{separator}")


def test_a_file_named_csv_takes_the_separator(cli: Callable[..., Any], home: Path) -> None:
    game = play(cli, "rami")
    path = home / "sheet.csv"
    ok(cli("print", game.sid, "-o", str(path), "--csv-separator", ";"))
    raw = path.read_text(encoding="utf-8")
    assert cells(raw, ";")[0][:2] == ["Round", "Dealer"]


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["-f", "txt", "--csv-separator", ";"], "--csv-separator: only for --format csv (not txt)"),
        (["-f", "csv", "--csv-separator", "|"], "--csv-separator: '|' is not one of , ; tab"),
    ],
)
def test_a_wrong_separator_is_refused_and_nothing_is_written(
    cli: Callable[..., Any], home: Path, options: list[str], said: str
) -> None:
    game = play(cli, "tarot")
    path = home / "sheet.out"
    result = cli("print", game.sid, *options, "-o", str(path))
    assert result.code == 2
    assert said in result.err and result.err.count("\n") == 1
    assert not path.exists()
