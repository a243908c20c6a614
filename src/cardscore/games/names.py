"""Names and text: what no name, title or stored text may hold, and how names are compared.

:func:`fold` makes comparisons forgiving (case, accents, dashes and spaces aside);
:func:`look_alike` tells apart names drawn alike (a Greek Alpha for an A);
:func:`check_names` refuses the names a person could not type back or tell apart.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from cardscore.games.errors import InputError
from cardscore.i18n import Msg, msg

#: characters no name, title or stored text may hold: controls (C0, DEL, C1), format
#: characters (soft hyphen, zero-width spaces and joiners, bidi marks, embeddings, overrides
#: and isolates, word joiner, BOM, interlinear annotation, tags), line and paragraph
#: separators, surrogates (a lone one cannot even be printed) and private-use characters.
#: Each can drive a terminal, hide a character or make one name look like another.
UNSAFE_TEXT = re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f"
    "\ufeff\ufff9-\ufffb\ud800-\udfff\ue000-\uf8ff\U000e0000-\U000e007f"
    "\U000f0000-\U0010ffff]"
)


@functools.lru_cache(maxsize=1024)  # a club folds the same few names tens of thousands of times
def fold(text: str) -> str:
    """Lower-case, strip accents and unify separators, for forgiving comparisons.

    >>> fold("Garde  Sans"), fold("défense"), fold("Cœur"), fold("garde_contre")
    ('garde-sans', 'defense', 'coeur', 'garde-contre')
    """
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae")
    if not text.isascii():  # ASCII has no accent to strip (and unicodedata takes time to load)
        import unicodedata

        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    return "-".join(text.lower().replace("_", " ").replace("-", " ").split())


def clean_name(text: str) -> str:
    """A name as it is kept: composed (NFC: ``e`` and a combining accent become ``é``, so
    that a name typed on another keyboard is the same name) and its spaces collapsed.

    >>> clean_name("  Zoe\u0301   Ann "), len(clean_name("Zoe\u0301"))
    ('Zoé Ann', 3)
    """
    if not text.isascii():
        import unicodedata

        text = unicodedata.normalize("NFC", text)
    return " ".join(text.split())


# What a name may not hold besides UNSAFE_TEXT is in Unicode's own classes, in the generated
# cardscore/games/name_tables.py (HIDDEN: default-ignorable code points — Hangul fillers,
# variation selectors, the combining grapheme joiner…, drawn as nothing —, format characters,
# the blank braille pattern) and so is what each character is drawn like (PROTOTYPES, from
# Unicode's confusables).  Loaded only for a name beyond U+0370 (about 1.3 ms).

#: below this code point (U+034F, the combining grapheme joiner) only the soft hyphen, refused
#: as unsafe already, is hidden: the names of a French or Norwegian table (Zoé, Åse, Søren,
#: Œdipe) are checked without the table (tests/test_look_alike_names.py)
HIDDEN_FROM = 0x034F

# The prototypes (see :func:`skeleton`) of the ASCII characters, from Unicode's table
# (name_tables.PROTOTYPES; a test keeps the two the same): a name of plain ASCII, as most are,
# is looked at without loading the whole table.
_ASCII_PROTOTYPES = {
    0x22: "''",
    0x25: "\u00ba/\u2080",
    0x30: "O",
    0x31: "l",
    0x49: "l",
    0x60: "'",
    0x6D: "rn",
    0x7C: "l",
}


@functools.lru_cache(maxsize=1024)  # the same few names, checked on every file read
def skeleton(text: str) -> str:
    """What ``text`` is drawn like: its *skeleton* (Unicode Technical Standard #39), each
    character replaced by its prototype (Unicode's ``confusables.txt``), in NFD.  Two names
    with the same skeleton look alike in most fonts.

    >>> skeleton("\u0392ob"), skeleton("\u0410nn"), skeleton("Kim"), skeleton("B0b")
    ('Bob', 'Ann', 'Kirn', 'BOb')
    """
    if text.isascii():
        return text.translate(_ASCII_PROTOTYPES)  # (ASCII's prototypes are in NFD)
    import unicodedata

    from cardscore.games.name_tables_latin import LATIN_END, LATIN_PROTOTYPES

    # (TR39 drops default-ignorable code points too: a name holding one is refused before)
    decomposed = unicodedata.normalize("NFD", text)
    if ord(max(decomposed)) < LATIN_END:  # Zoé, Åse, Søren: the whole table is not needed
        table = LATIN_PROTOTYPES
    else:
        from cardscore.games.name_tables import PROTOTYPES as table
    return unicodedata.normalize("NFD", decomposed.translate(table))


@functools.lru_cache(maxsize=1024)
def look_alike(text: str) -> str:
    """What a name looks like, for telling two names apart: its :func:`skeleton`, folded
    (:func:`fold`: case, accents, dashes and spaces aside).

    >>> look_alike("\u0391nn") == look_alike("ann") == look_alike("ÂNN")
    True
    >>> look_alike("Søren") == look_alike("Soren"), look_alike("Ann") == look_alike("Anne")
    (True, False)
    """
    return fold(skeleton(text))


def alike(name: str, other: str) -> bool:
    """Whether two names are one to a person who reads them: the same but for case, accents,
    dashes or spaces (:func:`fold`), or drawn alike (:func:`look_alike`).

    >>> alike("Ian", "ian"), alike("Ian", "lan"), alike("ian", "lan")
    (True, True, False)
    """
    return fold(name) == fold(other) or look_alike(name) == look_alike(other)


def hidden_in(text: str) -> str | None:
    """The first character of ``text`` that no name may hold because it is drawn as nothing
    or as a blank (``name_tables.HIDDEN``), or ``None``.

    >>> hidden_in("Zoé"), hidden_in("Ann\u3164"), hidden_in("\u2800Bob")
    (None, '\u3164', '\u2800')
    """
    if text.isascii() or max(text) < chr(HIDDEN_FROM):
        return None if "\xad" not in text else "\xad"
    found = _hidden_pattern().search(text)
    return None if found is None else found.group()


@functools.cache
def _hidden_pattern() -> re.Pattern[str]:
    from cardscore.games.name_tables import HIDDEN  # (only beyond HIDDEN_FROM)

    return re.compile(HIDDEN)


def _code_and_name(char: str) -> tuple[str, str]:
    """``('U+3164', 'HANGUL FILLER')``: a character as a message names it."""
    import unicodedata

    return f"U+{ord(char):04X}", unicodedata.name(char, "")


def _shown(text: str) -> str:
    """``text`` with each character no name may hold written as its escape (``Ann\\u3164``),
    so that a message shows what it is about."""
    return "".join(
        char if UNSAFE_TEXT.match(char) is None and hidden_in(char) is None else ascii(char)[1:-1]
        for char in text
    )


def check_hidden(name: str, *, what: str | None = None) -> None:
    """Refuse a name holding a character drawn as nothing or as a blank (:func:`hidden_in`);
    ``what``: the option (or the part of a file) that gave it.

    >>> check_hidden("Ann\u3164", what="--names")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --names: ... character U+3164 HANGUL FILLER (got 'Ann\\u3164')
    """
    char = hidden_in(name)
    if char is not None:
        code, char_name = _code_and_name(char)
        problem = msg(
            "a name cannot hold the invisible character {code} {char} (got '{name}')",
            code=code,
            char=char_name,
            name=_shown(name),
        )
        raise InputError(
            msg("{option}: {reason}", option=what, reason=problem) if what else problem
        )


def twins_problem(name: str, other: str) -> Msg:
    """What is said of two names that look the same (their :func:`look_alike` is), naming
    both and the first letter that makes them so: drawn like another, which an accent is not.

    >>> print(twins_problem("Zoé \u0392ob", "Zoe Bob"))  # doctest: +ELLIPSIS
    'Zoé Βob' and 'Zoe Bob' look the same (U+0392 GREEK CAPITAL LETTER BETA); ...
    """
    odd = next((c for c in name + other if not c.isascii() and fold(c) != look_alike(c)), None)
    if odd is None:
        return msg(
            "{name!r} and {other!r} look the same; give them names that look different",
            name=name,
            other=other,
        )
    code, char_name = _code_and_name(odd)
    return msg(
        "{name!r} and {other!r} look the same ({code} {char}); give them names that look different",
        name=name,
        other=other,
        code=code,
        char=char_name,
    )


def unsafe_in(text: str) -> str | None:
    """The first character of ``text`` that no name may hold (:data:`UNSAFE_TEXT`), shown as
    its code point (``U+200B``), or ``None``.

    >>> unsafe_in("Ann"), unsafe_in("An\u200bn"), unsafe_in("\x1b[2J")
    (None, 'U+200B', 'U+001B')
    """
    found = UNSAFE_TEXT.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


#: the longest name (a player's, a team's) and title a file keeps: what the files' schema
#: reads back (a longer one typed would be saved, then refused at every read)
NAME_MOST = 100
TITLE_MOST = 1000


def check_text(text: str, *, what: str, most: int = TITLE_MOST) -> None:
    """Refuse a name, title or team name holding a character that could drive a terminal
    or hide itself (:data:`UNSAFE_TEXT`), or longer than ``most`` characters; ``what`` is
    the option that gave it.

    >>> check_text("Ann", what="--names")
    >>> check_text(chr(27) + "]0;pwned", what="--names")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --names: a name or title cannot hold ... U+001B (got ...)
    >>> check_text("A" * 101, what="--names", most=NAME_MOST)
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --names: at most 100 characters (got 101)
    """
    if len(text) > most:
        raise InputError(
            msg("{what}: at most {most} characters (got {count})", what=what, most=most,
                count=len(text))
        )  # fmt: skip
    code = unsafe_in(text)
    if code is not None:
        raise InputError(
            msg(
                "{what}: a name or title cannot hold the control or invisible character "
                "{code} (got {text!r})",
                what=what,
                code=code,
                text=text,
            )
        )


def check_names(players: Sequence[str], *, forbidden: str = "", what: str = "--names") -> None:
    """Refuse names a person could not type back or tell apart: empty ones, names holding a
    control or invisible character (:func:`check_text`, :func:`check_hidden`), names that
    differ only by case, accents, dashes or spaces (``Zoé`` and ``zoe``), names that look the
    same (:func:`look_alike`: ``Ann`` and ``Αnn`` with a Greek Alpha), and names holding one
    of the ``forbidden`` characters (a game's option separators).  ``what``: the option that
    gave them.

    >>> check_names(["Ann", "Bob"])
    >>> check_names(["Zoé", "zoe"])
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --names: two players are named 'zoe'
    >>> check_names(["Bob", "\u0392ob"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --names: 'Βob' and 'Bob' look the same (U+0392 GREEK ...
    >>> check_names(["A=B"], forbidden="=")
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --names: a player's name cannot contain '=' (got 'A=B')
    """
    folded: set[str] = set()
    seen: dict[str, str] = {}  # look_alike(name) → name
    for name in players:
        if isinstance(name, str):
            check_text(name, what=what, most=NAME_MOST)
            check_hidden(name, what=what)
        if not isinstance(name, str) or not fold(name):
            raise InputError(
                msg(
                    "{what}: a player's name cannot be empty or only dashes (got {name!r})",
                    what=what,
                    name=name,
                )
            )
        for char in forbidden:
            if char in name:
                raise InputError(
                    msg(
                        "{what}: a player's name cannot contain {char!r} (got {name!r})",
                        what=what,
                        char=char,
                        name=name,
                    )
                )
        if fold(name) in folded:
            raise InputError(msg("{what}: two players are named {name!r}", what=what, name=name))
        folded.add(fold(name))
        other = seen.setdefault(look_alike(name), name)
        if other != name:
            raise InputError(
                msg("{option}: {reason}", option=what, reason=twins_problem(name, other))
            )
