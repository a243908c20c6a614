"""Write ``src/cardscore/games/name_tables.py`` (and its slice below U+0370,
``name_tables_latin.py``): the Unicode classes a player's name is checked against, as plain
data.

    python scripts/generate_name_tables.py          # (re)write it
    python scripts/generate_name_tables.py --check  # exit 1 if it is out of date

Two tables, both Unicode's own:

* ``HIDDEN``: the characters a name may not hold because they are drawn as nothing or as a
  blank — the code points of the ``Default_Ignorable_Code_Point`` property (Hangul fillers,
  variation selectors, the combining grapheme joiner…) and of the format class (``Cf``:
  ``U+0600``…), as the ``regex`` library knows them (it follows each version of Unicode),
  and the blank braille pattern ``U+2800``, a symbol drawn as a blank;
* ``PROTOTYPES``: from ``scripts/unicode/confusables.txt``, the data file of Unicode
  Technical Standard #39 (Unicode Security Mechanisms) kept here as Unicode publishes it
  (https://www.unicode.org/Public/security/latest/confusables.txt): each character mapped to
  its *prototype*, what it is drawn like (``Β`` Greek Beta → ``B``, ``m`` → ``rn``).  A name's
  skeleton is the name with each character replaced by its prototype (see
  :func:`cardscore.games.base.skeleton`).

Why tables made here rather than libraries loaded by cardscore: names are checked on every
file read, by every command.  ``regex`` costs 12–23 ms of a command's start to import; no
maintained library gives a skeleton (``confusables``, last released in 2021 with Unicode 13,
and ``confusable-homoglyphs``, a two-way list of look-alikes rebuilt from the file's comments,
compare characters but keep no prototypes, and each parses a large JSON file on import:
50–60 ms).  The module written here loads in about 2 ms, and only for a name that is not
plain ASCII.  To follow a new version of Unicode: replace confusables.txt, upgrade
``regex``, run this script (tests/test_look_alike_names.py fails until then).
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "scripts" / "unicode" / "confusables.txt"
TARGET = ROOT / "src" / "cardscore" / "games" / "name_tables.py"
LATIN_TARGET = ROOT / "src" / "cardscore" / "games" / "name_tables_latin.py"
#: the code points of the small table (Latin letters, IPA, modifiers and the combining
#: accents: every character of a French or Norwegian name once decomposed)
LATIN_END = 0x0370

#: the classes of HIDDEN, in the ``regex`` library's words
HIDDEN_CLASSES = r"[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]"

# ``05AD ;	0596 ;	MA	# ( ֭ → ֖ ) HEBREW ACCENT DEHI → HEBREW ACCENT TIPEHA``
_LINE = re.compile(r"^([0-9A-F]{4,6}) ;\t([0-9A-F]{4,6}(?: [0-9A-F]{4,6})*) ;\tMA\t#")
_VERSION = re.compile(r"^# Version: (\d+\.\d+\.\d+)$", re.MULTILINE)


def prototypes(text: str) -> dict[int, str]:
    """Every character of ``confusables.txt`` mapped to its prototype.

    >>> prototypes("0392 ;\\t0042 ;\\tMA\\t# ( Β → B ) GREEK CAPITAL LETTER BETA\\n")
    {914: 'B'}
    """
    found: dict[int, str] = {}
    for line in text.splitlines():
        match = _LINE.match(line)
        if match is None:
            if line.strip() and not line.lstrip("\ufeff").startswith("#"):
                raise ValueError(f"not a line of confusables.txt: {line!r}")
            continue
        source = int(match.group(1), 16)
        if source in found:
            raise ValueError(f"U+{source:04X} is mapped twice")
        found[source] = "".join(chr(int(code, 16)) for code in match.group(2).split())
    return found


def hidden_ranges() -> list[tuple[int, int]]:
    """The code points of :data:`HIDDEN_CLASSES`, as ``(first, last)`` ranges."""
    import regex

    pattern = regex.compile(HIDDEN_CLASSES)
    ranges: list[tuple[int, int]] = []
    for code in range(0x110000):
        if pattern.match(chr(code)):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return ranges


def _escape(code: int) -> str:
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def escaped(text: str) -> str:
    """A Python string literal of ``text`` that holds only printable ASCII (a prototype may be
    a combining mark or a right-to-left letter, which no editor shows as it is)."""
    parts = []
    for char in text:
        code = ord(char)
        printable = 0x20 <= code < 0x7F and char not in '"\\'
        parts.append(char if printable else _escape(code))
    return '"' + "".join(parts) + '"'


def module(text: str, ranges: list[tuple[int, int]]) -> str:
    """The text of ``cardscore/games/name_tables.py``, for ``confusables.txt``'s ``text``
    and the ranges of :data:`HIDDEN_CLASSES`."""
    version = _VERSION.search(text)
    if version is None:
        raise ValueError("confusables.txt names no version")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    table = prototypes(text)
    hidden = [
        f'    "{_escape(first)}-{_escape(last)}"' if last > first else f'    "{_escape(first)}"'
        for first, last in ranges
    ]
    lines = [
        '"""The Unicode classes a name is checked against (see :mod:`cardscore.games.base`).',
        "",
        "Written by scripts/generate_name_tables.py, which says where each comes from: do not",
        "edit.",
        '"""',
        "",
        "#: the characters no name may hold (default-ignorable, format, the blank braille",
        "#: pattern), as a character class of the standard library's ``re``",
        "HIDDEN = (",
        '    "["',
        *hidden,
        '    "]"',
        ")",
        "",
        "#: the version of Unicode's confusables.txt, and a digest of the file",
        f'CONFUSABLES_VERSION = "{version.group(1)}"',
        f'CONFUSABLES_SHA256 = "{digest}"',
        "",
        "#: each character of confusables.txt → its prototype (for ``str.translate``)",
        "PROTOTYPES: dict[int, str] = {",
        *(f"    0x{source:04X}: {escaped(table[source])}," for source in sorted(table)),
        "}",
        "",
    ]
    return "\n".join(lines)


def latin_module(text: str) -> str:
    """The text of ``cardscore/games/name_tables_latin.py``: the prototypes of the characters
    below :data:`LATIN_END`, all a name of a European table needs once decomposed, so that
    such a name is looked at without loading the whole table (about 150 KB)."""
    table = {source: to for source, to in prototypes(text).items() if source < LATIN_END}
    lines = [
        '"""The prototypes of the characters below U+0370 (see :mod:`cardscore.games.base`).',
        "",
        "Written by scripts/generate_name_tables.py from the same confusables.txt as",
        "name_tables.PROTOTYPES, of which this is the slice below LATIN_END: do not edit.",
        '"""',
        "",
        f"LATIN_END = 0x{LATIN_END:04X}",
        "",
        "#: each character below LATIN_END of confusables.txt → its prototype",
        "LATIN_PROTOTYPES: dict[int, str] = {",
        *(f"    0x{source:04X}: {escaped(table[source])}," for source in sorted(table)),
        "}",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    source = SOURCE.read_text("utf-8")
    written = {TARGET: module(source, hidden_ranges()), LATIN_TARGET: latin_module(source)}
    if "--check" in argv:
        stale = [
            p.name for p, text in written.items() if not p.exists() or p.read_text("utf-8") != text
        ]
        if stale:
            print(f"out of date: {', '.join(stale)} (run python scripts/generate_name_tables.py)")
            return 1
        return 0
    for path, text in written.items():
        path.write_text(text, "utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
