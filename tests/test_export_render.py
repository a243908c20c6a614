"""The printed sheet as a person sees it: the HTML drawn by headless Chromium (on screen and
printed to A4), the PDF drawn by poppler's ``pdftoppm``; the images are decoded here (zlib,
no imaging library) and checked for ink and for the chart's colours.

Skipped only where those programs are not installed (``apt-get install chromium
poppler-utils``)."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.export.common import PALETTE
from test_export import build_session, ok, play

CHROMIUM = next(
    (
        found
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (found := shutil.which(name))
    ),
    None,
)
POPPLER = shutil.which("pdftoppm") and shutil.which("pdftotext") and shutil.which("pdfinfo")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils is not installed")


# --------------------------------------------------------------------------------------------
# PNG, decoded by hand


def decode_png(data: bytes) -> tuple[int, int, int, list[bytes]]:
    """``(width, height, channels, rows)`` of an 8-bit, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, chunks = 8, []
    header = b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and interlace == 0, (depth, interlace)
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    stride = width * channels
    raw = zlib.decompress(b"".join(chunks))
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind_of_filter = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        if kind_of_filter == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind_of_filter == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous, strict=True))
        elif kind_of_filter == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind_of_filter == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def rgb_rows(channels: int, rows: list[bytes]) -> list[bytes]:
    if channels == 3:
        return rows
    if channels == 4:  # drop alpha (screenshots are opaque)
        return [bytes(b for i, b in enumerate(row) if i % 4 != 3) for row in rows]
    return [bytes(b for v in row[::channels] for b in (v, v, v)) for row in rows]


def ink(rows: list[bytes]) -> float:
    """The share of bytes that are not white: 0 for a blank image."""
    total = sum(len(row) for row in rows)
    return 1 - sum(row.count(255) for row in rows) / total


_COARSE = bytes(v >> 5 for v in range(256))


def colour_pixels(rows: list[bytes], colour: str) -> int:
    """How many pixels are close to ``colour`` (#RRGGBB, each channel within 32 levels)."""
    wanted = bytes(int(colour[i : i + 2], 16) >> 5 for i in (1, 3, 5))
    return sum(row.translate(_COARSE).count(wanted) for row in rows)


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    assert path.is_file() and path.stat().st_size > 0, path
    width, height, channels, rows = decode_png(path.read_bytes())
    return width, height, rgb_rows(channels, rows)


# --------------------------------------------------------------------------------------------
# Programs


def chromium(tmp_path: Path, page: Path, *options: str) -> None:
    subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--user-data-dir={tmp_path / 'chromium-profile'}",
            *options,
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    fields = dict(line.split(":", 1) for line in info.stdout.splitlines() if ":" in line)
    width, _, height = fields["Page size"].split()[:3]
    assert abs(float(width) - 595.3) < 1 and abs(float(height) - 841.9) < 1, fields  # A4
    return int(fields["Pages"])


def page_text(path: Path, page: int) -> str:
    done = subprocess.run(
        ["pdftotext", "-layout", "-f", str(page), "-l", str(page), "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
    )
    return done.stdout.decode("utf-8")


# a round of the 5-player sheet: number, dealer, then each player's score and total, then
# what was played (the taker's name first)
ROUND_ROW = re.compile(
    r"^\s*(\d+)\s+(?:Ann|Bob|Cyd|Dan|Élodie)(?:\s+[+-]?\d+){10}(?:\s+(?:Ann|Bob|Cyd|Dan|Élodie)\b.*)?\s*$",
    re.M,
)


def table_pages(texts: list[str]) -> dict[int, list[int]]:
    """The pages that show round rows (page number → the rounds on it)."""
    found = {n: [int(m.group(1)) for m in ROUND_ROW.finditer(t)] for n, t in enumerate(texts, 1)}
    return {n: rounds for n, rounds in found.items() if rounds}


def rasterize(path: Path, out: Path) -> list[Path]:
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(path), str(out)], check=True, timeout=120)
    return sorted(out.parent.glob(out.name + "-*.png"))


def long_session(rounds: int) -> str:
    """A saved 5-player tarot session of ``rounds`` rounds; its id."""
    session = build_session(rounds)
    session.id = store.new_id()
    with store.locked(session.id):
        store.write(session)
    return session.id


# --------------------------------------------------------------------------------------------
# HTML


@needs_chromium
def test_html_screenshot_shows_the_sheet_and_its_chart(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    game = play(cli, "tarot")
    page = tmp_path / "sheet.html"
    ok(cli("print", game.sid, "-o", str(page)))
    shot = tmp_path / "sheet.png"
    chromium(tmp_path, page, f"--screenshot={shot}", "--window-size=1240,1754")
    width, height, rows = read_png(shot)
    assert (width, height) == (1240, 1754)
    assert 0.01 < ink(rows) < 0.6, ink(rows)
    top = rows[: height // 12]  # the title is drawn at the top
    assert ink(top) > 0.005
    for index, _ in enumerate(game.columns):  # each chart line in its own colour (more
        # than its legend's sample of about a hundred pixels)
        assert colour_pixels(rows, PALETTE[index]) > 400, PALETTE[index]


@needs_chromium
@needs_poppler
def test_html_prints_on_a4_with_the_table_heading_on_every_page(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    sid = long_session(150)
    page = tmp_path / "long.html"
    ok(cli("print", sid, "-o", str(page)))
    printed = tmp_path / "printed.pdf"
    chromium(tmp_path, page, "--no-pdf-header-footer", f"--print-to-pdf={printed}")
    pages = pdf_pages(printed)
    assert pages >= 3
    texts = [page_text(printed, n) for n in range(1, pages + 1)]
    assert "Running totals" in texts[0]
    tables = table_pages(texts)
    assert len(tables) >= 2
    for n in tables:  # the heading repeats on each page: the names, pts and total
        assert "Dealer" in texts[n - 1] and "pts" in texts[n - 1] and "Élodie" in texts[n - 1], n
    assert sorted(r for rounds in tables.values() for r in rounds) == list(range(1, 151))
    first = rasterize(printed, tmp_path / "printed")[0]
    _, _, rows = read_png(first)
    assert 0.01 < ink(rows) < 0.6
    assert colour_pixels(rows, PALETTE[0]) > 10


# --------------------------------------------------------------------------------------------
# PDF


@needs_poppler
def test_pdf_pages_are_drawn(cli: Callable[..., Any], tmp_path: Path) -> None:
    game = play(cli, "coinche")
    path = tmp_path / "sheet.pdf"
    ok(cli("print", game.sid, "-o", str(path)))
    pages = rasterize(path, tmp_path / "page")
    assert len(pages) == pdf_pages(path) >= 1
    width, height, rows = read_png(pages[0])
    assert abs(width / height - 210 / 297) < 0.01  # A4
    assert 0.01 < ink(rows) < 0.6, ink(rows)
    for index, _ in enumerate(game.columns):  # each chart line (its legend's sample is ~40)
        assert colour_pixels(rows, PALETTE[index]) > 150, PALETTE[index]


@needs_poppler
def test_pdf_table_heading_repeats_on_every_page(cli: Callable[..., Any], tmp_path: Path) -> None:
    sid = long_session(150)
    path = tmp_path / "long.pdf"
    ok(cli("print", sid, "-o", str(path)))
    pages = pdf_pages(path)
    texts = [page_text(path, n) for n in range(1, pages + 1)]
    tables = table_pages(texts)
    assert len(tables) >= 3
    for n in tables:  # the heading repeats on each page
        text = texts[n - 1]
        assert "Dealer" in text and "pts" in text and "total" in text and "Élodie" in text, n
    for n, text in enumerate(texts, 1):
        assert f"page {n}/{pages}" in text
    # every round once, in order, rows never split nor lost at a page break
    assert [r for n in sorted(tables) for r in tables[n]] == list(range(1, 151))
    images = rasterize(path, tmp_path / "long")
    assert len(images) == pages
    for image in images[:2] + images[-1:]:
        _, _, rows = read_png(image)
        assert ink(rows) > 0.005, image
