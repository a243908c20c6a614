"""The nearest Latin-1 spelling of a text, for the PDF's core fonts (Helvetica), which
draw nothing else: the PDF sheet writes its texts so where DejaVu Sans is not installed."""

from __future__ import annotations

import unicodedata

#: What the core fonts cannot draw, and how it is written instead (``sign spelling``
#: pairs): dashes, arrows, ligatures, quotes, signs, the suits; ``✎`` marks a corrected
#: round, ``†`` one recorded after the game's end (× is Latin-1: one spelling with ->).
_SPELLED = """− - – - — - ‑ - → -> ← <- × x œ oe Œ OE … ... ’ ' ‘ ' “ " ” " € EUR ≥ >= ≤ <= ≠ !=
♠ (pique) ♥ (coeur) ♦ (carreau) ♣ (trefle) ✎ * † +"""
_PAIRS = _SPELLED.split()
_LATIN1 = str.maketrans(
    {**dict(zip(_PAIRS[::2], _PAIRS[1::2], strict=True)), "\u202f": " ", "\u2009": " "}
)


def latin1(text: str) -> str:
    """``text`` in Latin-1, for the PDF core fonts: the usual signs spelled out, accents
    kept where Latin-1 has them, dropped where it has not, anything else as ``?``.

    >>> latin1("Zoé: (25 + 8) × 2 = 66 → Œuvray −106")
    'Zoé: (25 + 8) x 2 = 66 -> OEuvray -106'
    >>> latin1("Łukasz 李")
    'Lukasz ?'
    """
    text = str(text).translate(_LATIN1)
    try:
        text.encode("latin-1")
        return text
    except UnicodeEncodeError:
        pass
    out = []
    for char in text:
        if ord(char) < 256:
            out.append(char)
            continue
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        if base and all(ord(c) < 256 for c in base):
            out.append(base)
        elif char == "Ł":
            out.append("L")
        elif char == "ł":
            out.append("l")
        else:
            out.append("?")
    return "".join(out)
