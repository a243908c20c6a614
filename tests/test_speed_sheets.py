"""Whole sheets of long sessions (docs/speed.md): ``show --json`` and ``print``.

The figures come from ``python benchmarks/bench.py --sheets``; here, what makes them: the
JSON written as ``json.dumps(indent=2)`` writes it (the same bytes, by orjson), each round's
breakdown written from what the replay scored, and no library warning on standard error.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscore.document import scoresheet
from cardscore.i18n import msg
from cardscore.indented_json import dump, dumps
from cardscore.session import Session

# ---------------------------------------------------------------------------------------------
# The JSON text

# What a document holds: no NaN or infinity, no float under 0.0001 (orjson writes those its
# own way); any text, any integer (orjson refuses those wider than 64 bits: the standard
# library writes them), keys of any kind (the same), nested as deep as may be.
document_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x == 0 or abs(x) >= 1e-4)
    | st.text(max_size=8)
    | st.sampled_from(["\x00", "\x1f\x7f", "\u2028", "é", "\ud800", "\\", '"'])
    | st.builds(msg, st.sampled_from(["{who} pays {n}", "passe"]), who=st.text(), n=st.integers()),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=5) | st.integers(), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=500, deadline=None)
@given(document_values)
def test_the_text_is_the_standard_librarys(value: object) -> None:
    assert dumps(value) == json.dumps(value, ensure_ascii=False, indent=2)


@pytest.mark.parametrize(
    "value",
    [
        {1: [2], None: {"a": []}, 2.5: "x", False: [[]]},  # keys the encoder turns into text
        {"a": ["\x00", {"b": "\x00"}], "c": [{"d": ["\x00"]}]},  # the stand-in itself
        [msg("{who} pays {n}", who="Bob", n=20), {"m": [msg("passe")]}],  # messages
        [[[[[1]]]], {"deep": {"er": {"still": [{"x": None}]}}}],
        {"zero": -0.0, "big": [1e300, -1e-3]},
        {"wide": [2**64, -(2**63) - 1], "lone": "\udcff"},  # what orjson refuses
    ],
)
def test_the_text_of_awkward_values(value: object) -> None:
    assert dumps(value) == json.dumps(value, ensure_ascii=False, indent=2)


def test_what_the_encoder_refuses_it_refuses_the_same_way() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        dumps({"a": [1, {"b": object()}]})
    with pytest.raises(TypeError, match="not JSON serializable"):
        dumps({"a": object()})


@pytest.mark.parametrize("encoding", ["utf-8", "UTF8", "latin-1", None])
def test_dump_writes_the_text_to_any_stream(encoding: str | None) -> None:
    """dump() writes dumps()'s text and a line break: straight to a UTF-8 stream's buffer,
    after what the stream already holds; through the stream's own encoding otherwise."""
    value = {"name": "Zoé", "lines": [msg("→ {who} -78", who="Éric")], "n": [1, 2.5]}
    expected = json.dumps(value, ensure_ascii=False, indent=2) + "\n"
    if encoding is None:
        stream: Any = io.StringIO()
        stream.write("before\n")
        dump(value, stream)
        assert stream.getvalue() == "before\n" + expected
        return
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="replace")
    stream.write("before\n")
    dump(value, stream)
    stream.flush()
    assert raw.getvalue() == ("before\n" + expected).encode(encoding, errors="replace")


def _tarot(rounds: int) -> Session:
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve"], session_id="t")
    raws = [
        {"taker": "Ann", "contract": "garde", "bouts": "2", "points": "49,5", "called": "Bob"},
        {"taker": "Cyd", "contract": "prise", "bouts": "1", "points": "44", "called": "Cyd"},
        {"contract": "passe"},
        {"taker": "Eve", "contract": "garde-sans", "bouts": "3", "points": "60", "called": "Dan",
         "poignee": ["Eve:simple"], "petit_au_bout": "Eve"},
    ]  # fmt: skip
    for index in range(rounds):
        session.add(raws[index % len(raws)])
    return session


def test_a_scoresheet_is_written_as_before() -> None:
    session = _tarot(40)
    document = scoresheet(session, session.standings())
    expected = json.dumps(document, ensure_ascii=False, indent=2)
    assert dumps(document) == expected


# ---------------------------------------------------------------------------------------------
# Standard error: "Wrote PATH", and never a library's warning


@pytest.mark.parametrize("fmt", ["txt", "md", "csv", "html", "pdf", "json"])
def test_print_says_nothing_on_standard_error_but_where_it_wrote(
    fmt: str, tmp_path, monkeypatch
) -> None:
    from cardscore import store

    monkeypatch.setenv("CARDSCORE_HOME", str(tmp_path))
    session = _tarot(12)
    session.id = "sheet"
    with store.locked(session.id):
        store.write(session)
    out = tmp_path / f"sheet.{fmt}"
    command = [sys.executable, "-W", "default", "-m", "cardscore", "print", "sheet"]
    result = subprocess.run(
        [*command, "--format", fmt, "-o", str(out)], capture_output=True, text=True, check=True
    )
    assert result.stderr == f"Wrote {out}\n"
    if fmt != "pdf":
        result = subprocess.run([*command, "--format", fmt], capture_output=True, text=True)
        assert (result.returncode, result.stderr) == (0, "")


# ---------------------------------------------------------------------------------------------
# The PDF: fpdf2's bytes, drawn faster; no warning however many pages


def _without_dates(pdf: bytes) -> bytes:
    """A PDF without what changes from one second to the next (its dates, its /ID)."""
    pdf = re.sub(rb"D:\d{14}[^)]*", b"", pdf)
    return re.sub(rb"/ID \[<[0-9A-F]+><[0-9A-F]+>\]", b"", pdf)


needs_poppler = pytest.mark.skipif(
    not (shutil.which("pdftoppm") and shutil.which("pdftotext")), reason="poppler not installed"
)


@needs_poppler
def test_every_page_says_its_number_and_the_count(tmp_path: Path) -> None:
    """The footers, drawn by fpdf2 on every page, the count at its alias: ``page N/M`` at
    the right, the title at the left margin, in the same place on every page."""
    pytest.importorskip("fpdf")
    from cardscore.export import pdf

    session = _tarot(90)
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf.render(scoresheet(session, session.standings())))
    words = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True
    ).stdout
    pages = re.findall(r"<page [^>]*>(.*?)</page>", words, re.S)
    assert len(pages) >= 4
    lefts, rights = set(), set()
    for number, page in enumerate(pages, 1):
        found = re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)<', page
        )
        (count,) = [(x0, x1) for x0, _, x1, w in found if w == f"{number}/{len(pages)}"]
        rights.add(round(float(count[1]), 1))
        lefts.add(min(round(float(x0), 1) for x0, y0, _, w in found if float(y0) > 780))
    assert len(rights) == 1 and len(lefts) == 1  # the same place on every page
    assert rights.pop() < 595.28 - 15 * 72 / 25.4  # inside the right margin
    assert abs(lefts.pop() - (15 * 72 / 25.4 + 2.84)) < 1.5


def test_a_pdf_of_a_thousand_pages_and_more_warns_of_nothing() -> None:
    pytest.importorskip("fpdf")
    from cardscore.export.pdf import Sheet

    session = _tarot(4)
    session.rounds = [session.rounds[index % 4] for index in range(1_000)]
    sheet = Sheet(scoresheet(session, session.standings()))
    for _ in range(1_000):
        sheet.add_page()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sheet.output()


# ---------------------------------------------------------------------------------------------
# What a sheet is built with: the breakdowns (every round scored again) only where written


@pytest.mark.parametrize(
    ("fmt", "extras"),
    [("txt", ()), ("md", ()), ("csv", ()), ("html", ("breakdown",)), ("pdf", ("breakdown",))],
)
def test_a_sheet_is_built_with_the_round_parts_it_writes(fmt: str, extras, monkeypatch) -> None:
    if fmt == "pdf":
        pytest.importorskip("fpdf")
    from cardscore import export
    from cardscore.document import ROUND_EXTRAS
    from cardscore.session import RoundRow

    session = _tarot(8)
    standings = session.standings()
    full = scoresheet(session, standings)
    assert [k for k in full["rounds"][0] if k in ROUND_EXTRAS] == ["breakdown", "terms"]
    explained = []
    real = RoundRow._explained
    monkeypatch.setattr(RoundRow, "_explained", lambda row: explained.append(row) or real(row))
    built = []
    module = export.importlib.import_module(f"cardscore.export.{export.MODULES[fmt]}")
    monkeypatch.setattr(module, "render", lambda doc: built.append(doc) or "")
    export.render(fmt, session, session.standings(fresh=True))
    (doc,) = built
    assert [list(row) for row in doc["rounds"]] == [
        [k for k in row if k not in ROUND_EXTRAS or k in extras] for row in full["rounds"]
    ]
    assert len(explained) == (8 if extras else 0)  # no round scored again for txt, md, csv
    assert [row.get("breakdown") for row in doc["rounds"]] == [
        row["breakdown"] if extras else None for row in full["rounds"]
    ]


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve")),
        ("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")),
        ("belote", ("South", "West", "North", "East")),
        ("coinche", ("South", "West", "North", "East")),
        ("rami", ("Ann", "Bob", "Cyd")),
    ],
)
def test_a_sheet_writes_each_breakdown_from_the_replay_as_scoring_again_does(
    game: str, players: tuple[str, ...], monkeypatch
) -> None:
    import random

    from cardscore.games import get_game
    from cardscore.games.base import InputError
    from test_corrections import random_chooser, raw_round

    chooser = random_chooser(random.Random(f"{game}{len(players)}"))
    session = Session.create(game, list(players), session_id="s")
    for _ in range(200):  # some typed answers are refused; a belote game ends
        if len(session.rounds) == 40 or session.standings().finished:
            break
        try:
            session.add(raw_round(chooser, game, players))
        except InputError:
            continue
    count = len(session.rounds)
    assert count >= 5
    game_rules = get_game(game)
    kind = type(game_rules)
    scored_again = [
        list(game_rules.score(r.input, r.table, r.number, r.carry, explain=True).breakdown)
        for r in session.standings(fresh=True).rows
    ]
    explained = []
    real = kind.score

    def score(self, inp, table, number, carry, *, explain=True):
        explained.append(explain)
        return real(self, inp, table, number, carry, explain=explain)

    monkeypatch.setattr(kind, "score", score)
    written = scoresheet(session, session.standings(fresh=True))
    assert [r["breakdown"] for r in written["rounds"]] == scored_again
    assert explained == [False] * count  # each round scored once, by the replay
