"""Write ``src/cardscore/games/name_tables.py``, the table it reads
(``name_prototypes.txt``) and its slice below U+0370 (``name_tables_latin.py``): the Unicode
classes a player's name is checked against, as plain data.

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
50–60 ms).  The table written here is read in about 1.3 ms (0.9 ms as a Python module of
6,600 lines: a data file keeps the source tree readable), and only for a name beyond
U+0370 (Greek, Cyrillic…): a French or Norwegian name needs only the Latin slice, a
Python module of 250 lines.  To follow a new version of Unicode: replace confusables.txt, upgrade
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
DATA_TARGET = ROOT / "src" / "cardscore" / "games" / "name_prototypes.txt"
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
    hidden = [
        f'    "{_escape(first)}-{_escape(last)}"' if last > first else f'    "{_escape(first)}"'
        for first, last in ranges
    ]
    lines = [
        '"""The Unicode classes a name is checked against (see :mod:`cardscore.games.base`).',
        "",
        "Written by scripts/generate_name_tables.py, which says where each comes from: do not",
        "edit.  The prototypes (about 6,500) are read from name_prototypes.txt beside this",
        "file, one character a line, when this module is first imported.",
        '"""',
        "",
        "from pathlib import Path",
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
        "",
        "def _read_prototypes() -> dict[int, str]:",
        '    """name_prototypes.txt: after its heading, a line per character: the character,',
        '    then its prototype (split at line feeds alone: U+2028 is one of the characters)."""',
        '    path = Path(__file__).with_name("name_prototypes.txt")',
        '    with path.open(encoding="utf-8", newline="") as file:',
        '        _, table = file.read().split("\\n\\n", 1)',
        '    return {ord(line[0]): line[1:] for line in table.split("\\n") if line}',
        "",
        "",
        "#: each character of confusables.txt → its prototype (for ``str.translate``)",
        "PROTOTYPES: dict[int, str] = _read_prototypes()",
        "",
    ]
    return "\n".join(lines)


def data(text: str) -> str:
    """The text of ``cardscore/games/name_prototypes.txt``: after a heading and a blank line,
    each character of ``confusables.txt`` followed by its prototype, a line each (UTF-8;
    read with :func:`str.split` at ``\\n`` alone, as U+2028 is one of the characters).

    >>> data("0392 ;\\t0042 ;\\tMA\\t# ( Β → B ) GREEK CAPITAL LETTER BETA\\n").split("\\n")[-2]
    'ΒB'
    """
    table = prototypes(text)
    lines = [
        "# Each character of Unicode's confusables.txt followed by its prototype (what it is",
        "# drawn like), a line each.  Written by scripts/generate_name_tables.py: do not edit.",
        "",
        *(chr(source) + table[source] for source in sorted(table)),
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


def _read(path: Path) -> str | None:
    if not path.exists():
        return None
    with path.open(encoding="utf-8", newline="") as file:  # (U+2028 is not a new line)
        return file.read()


def main(argv: list[str]) -> int:
    source = SOURCE.read_text("utf-8")
    written = {
        TARGET: module(source, hidden_ranges()),
        DATA_TARGET: data(source),
        LATIN_TARGET: latin_module(source),
    }
    if "--check" in argv:
        stale = [p.name for p, text in written.items() if _read(p) != text]
        if stale:
            print(f"out of date: {', '.join(stale)} (run python scripts/generate_name_tables.py)")
            return 1
        return 0
    for path, text in written.items():
        with path.open("w", encoding="utf-8", newline="") as file:
            file.write(text)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
