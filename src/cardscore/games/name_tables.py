"""The Unicode classes a name is checked against (see :mod:`cardscore.games.base`).

Written by scripts/generate_name_tables.py, which says where each comes from: do not
edit.  The prototypes (about 6,500) are read from name_prototypes.txt beside this
file, one character a line, when this module is first imported.
"""

from pathlib import Path

#: the characters no name may hold (default-ignorable, format, the blank braille
#: pattern), as a character class of the standard library's ``re``
HIDDEN = (
    "["
    "\u00ad"
    "\u034f"
    "\u0600-\u0605"
    "\u061c"
    "\u06dd"
    "\u070f"
    "\u0890-\u0891"
    "\u08e2"
    "\u115f-\u1160"
    "\u17b4-\u17b5"
    "\u180b-\u180f"
    "\u200b-\u200f"
    "\u202a-\u202e"
    "\u2060-\u206f"
    "\u2800"
    "\u3164"
    "\ufe00-\ufe0f"
    "\ufeff"
    "\uffa0"
    "\ufff0-\ufffb"
    "\U000110bd"
    "\U000110cd"
    "\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff"
    "]"
)

#: the version of Unicode's confusables.txt, and a digest of the file
CONFUSABLES_VERSION = "17.0.0"
CONFUSABLES_SHA256 = "ec88ecebcf89f63f813d460842b0cf8322744b40a0b2c06f88a2cea48c0351ea"


def _read_prototypes() -> dict[int, str]:
    """name_prototypes.txt: after its heading, a line per character: the character,
    then its prototype (split at line feeds alone: U+2028 is one of the characters)."""
    path = Path(__file__).with_name("name_prototypes.txt")
    with path.open(encoding="utf-8", newline="") as file:
        _, table = file.read().split("\n\n", 1)
    return {ord(line[0]): line[1:] for line in table.split("\n") if line}


#: each character of confusables.txt → its prototype (for ``str.translate``)
PROTOTYPES: dict[int, str] = _read_prototypes()
