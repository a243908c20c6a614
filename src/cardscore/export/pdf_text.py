"""fpdf2's ``text()`` for the many short texts of a long sheet, each worked out once.

A 10,000-round sheet draws some 180,000 short texts (a score, a total, a name, a line of a
breakdown), most of them many times over: ``-78``, ``Ann``.  fpdf2 encodes each one in the
font's subset character by character and writes its colour's operator anew every time,
which was most of the time ``print --format pdf`` took.  :class:`CachedText` keeps, per
font, each text's encoding, and each colour's operator, and writes the very bytes fpdf2's
``text()`` writes (a test compares them); anything it does not know (underline, another
text mode, a marked-content tag) goes to fpdf2's own ``text()``.  Each text colour is
converted once too (:meth:`CachedText.set_text_color`).
"""

from __future__ import annotations

from typing import Any

from fpdf import FPDF
from fpdf.enums import TextMode

# What the fast way reads of fpdf2 (2.7 and later): without one of them, fpdf2's text()
_NEEDED = ("_out", "_set_font_for_page", "normalize_text")
_COLOURS: dict[tuple[Any, ...], Any] = {}  # (r, g, b) → fpdf2's colour (immutable)


class CachedText(FPDF):
    """An FPDF whose :meth:`text` encodes each distinct text once per font."""

    def text(self, x: float, y: float, text: str = "", *args: Any, **kwargs: Any) -> None:
        font = self.current_font
        if (
            args
            or kwargs
            or not self.page
            or font is None
            or not self.font_family
            or self.text_mode != TextMode.FILL
            or self.underline
            or self.strikethrough
            or getattr(self, "_record_text_quad_points", True)
            or not _KNOWN
        ):
            super().text(x, y, text, *args, **kwargs)
            return
        try:
            encodings = self.__encodings
        except AttributeError:
            encodings = self.__encodings = {}
            self.__colours: dict[Any, str] = {}
        known = encodings.get(id(font))
        if known is None:
            known = encodings[id(font)] = {}
        encoded = known.get(text)
        if encoded is None:
            encoded = known[text] = font.encode_text(self.normalize_text(text))
        if not self.current_font_is_set_on_page:
            self._out(self._set_font_for_page(font, self.font_size_pt))
        k = self.k
        line = f"BT {x * k:.2f} {(self.h - y) * k:.2f} Td {encoded} ET"
        colour = self.text_color
        fill = self.fill_color
        if fill is not colour and fill != colour:
            operator = self.__colours.get(colour)
            if operator is None:
                operator = self.__colours[colour] = colour.serialize().lower()
            line = f"q {operator} {line} Q"
        self._out(line)

    def set_text_color(self, r: Any, g: Any = -1, b: Any = -1) -> None:
        """fpdf2's, each colour converted once (a sheet sets one for nearly every text)."""
        key = (r, g, b)
        try:
            colour = _COLOURS.get(key)
        except TypeError:  # a colour object, unhashable
            colour = None
            key = ()
        if colour is None:
            super().set_text_color(r, g, b)
            if key:
                _COLOURS[key] = self.text_color
            return
        self.text_color = colour


_KNOWN = all(hasattr(FPDF, name) for name in _NEEDED)
