"""fpdf2's ``text()`` for the many short texts of a long sheet, each worked out once.

A 10,000-round sheet draws some 180,000 short texts (a score, a total, a name, a line of a
breakdown), most of them many times over: ``-78``, ``Ann``.  fpdf2 encodes each one in the
font's subset character by character and writes its colour's operator anew every time,
which was most of the time ``print --format pdf`` took.  :class:`CachedText` keeps, per
font, each text's encoding, and each colour's operator, and writes the very bytes fpdf2's
``text()`` writes (a test compares them); anything it does not know (underline, another
text mode, a marked-content tag) goes to fpdf2's own ``text()``.  Each text colour is
converted once too (:meth:`CachedText.set_text_color`).

:meth:`CachedText.texts` draws many texts in one text object, each in its own font, size
and colour (:class:`Pen`): a row of the rounds table, a round's breakdown, the table's
heading on each page.  Its pages look, pixel for pixel, as when each text is drawn by
fpdf2's ``text()`` (a test compares them in poppler's rendering).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from fpdf import FPDF, fonts
from fpdf.enums import TextMode

# What the fast way reads of fpdf2 (2.7 and later): without one of them, fpdf2's text()
_NEEDED = ("_out", "_set_font_for_page", "normalize_text", "_GraphicsStateMixin__statestack")
Rgb = tuple[int, int, int]


class Pen(NamedTuple):
    """What :meth:`CachedText.texts` draws a text with: fpdf2's font, its size in points;
    and for whoever measures or draws its texts another way, whether it is the bold one and
    the widths of the texts measured in it so far."""

    font: Any
    size: float
    bold: bool
    widths: dict[str, float]


_COLOURS: dict[tuple[Any, ...], Any] = {}  # (r, g, b) → fpdf2's colour (immutable)
_TTF_FONT = getattr(fonts, "TTFFont", None)  # an embedded font (what encode_text encodes)


class _Places(dict):  # type: ignore[type-arg]
    """A font subset's place for each character (a ``str.translate`` table): picked from the
    subset the first time a character is met, as fpdf2 picks it; ``""`` (left out, as fpdf2
    leaves it) for a character the font does not have."""

    def __init__(self, subset: Any) -> None:
        super().__init__()
        self.subset = subset

    def __missing__(self, code: int) -> str:
        place = self.subset.pick(code)
        value = self[code] = "" if place is None else chr(place)
        return value


class CachedText(FPDF):
    """An FPDF whose :meth:`text` encodes each distinct text once per font."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.__encodings: dict[int, dict[str, bytes]] = {}  # per font, each text's operands
        self.__colours: dict[Any, bytes] = {}  # fpdf2's colour → its operator
        self.__fonts_on_pages: dict[tuple[int, int, float], bytes] = {}
        self.__last_pair: tuple[Any, Any, bytes | None] = (None, None, None)
        self.__places: dict[int, _Places] = {}  # per font, each character's place
        self.__rgb_operators: dict[Rgb, bytes] = {}  # for texts()
        self.__fonts_noted: set[tuple[int, int]] = set()  # (page, font) in its resources
        self.__font_operators: dict[tuple[int, float], bytes] = {}  # (font, size) → its Tf

    def text(self, x: float, y: float, text: str = "", *args: Any, **kwargs: Any) -> None:
        # fpdf2's graphics state read once (its properties read it one at a time)
        state = (
            self._GraphicsStateMixin__statestack[-1]  # type: ignore[attr-defined]
            if _KNOWN and not (args or kwargs)
            else None
        )
        font = None if state is None else state.current_font
        if font is None or not state.font_family or not self.__plain(state):
            super().text(x, y, text, *args, **kwargs)
            return
        encoded = self.__operand(font, text)
        page = self.page
        contents = self.pages[page].contents
        if type(contents) is not bytearray:  # another fpdf2 than the one this was built on
            contents = None
        if not state.current_font_is_set_on_page:
            size = state.font_size_pt
            key = (page, font.i, size)
            selected = self.__fonts_on_pages.get(key)
            if selected is None or contents is None:
                selected = self.__fonts_on_pages[key] = self._set_font_for_page(font, size).encode(
                    "latin1"
                )
            else:  # fpdf2's _set_font_for_page, its resource already noted for this page
                state.current_font_is_set_on_page = True
            if contents is None:
                self._out(selected)
            else:
                contents += selected
                contents.append(0x0A)
        k = self.k
        line = b"BT %.2f %.2f Td %s ET" % (x * k, (self.h - y) * k, encoded)
        colour = state.text_color
        fill = state.fill_color
        # the colour's operator when it differs from the fill (fpdf2's test), kept for the
        # last pair of colour objects (a sheet draws many texts between two changes)
        last = self.__last_pair
        if last[0] is colour and last[1] is fill:
            operator = last[2]
        else:
            operator = None
            if fill is not colour and fill != colour:
                operator = self.__colours.get(colour)
                if operator is None:
                    operator = self.__colours[colour] = colour.serialize().lower().encode("latin1")
            self.__last_pair = (colour, fill, operator)
        if operator is not None:
            line = b"q %s %s Q" % (operator, line)
        if contents is None:
            self._out(line)
        else:
            contents += line
            contents.append(0x0A)

    def texts(self, items: Iterable[tuple[float, float, Pen, Rgb, str]]) -> bool:
        """Draws each ``(x, y, pen, rgb, text)`` where :meth:`text` would draw it with that
        pen's font and size, in that colour, all in one text object: a row of a long sheet
        in one operation, not one per number.

        Returns ``False``, drawing nothing, where this fpdf2 or its state does not allow it
        (the caller then draws them one by one).  fpdf2's own state is left as it was: the
        fonts and colours are set inside ``q … Q``; each font is noted as used on the page."""
        state = self._GraphicsStateMixin__statestack[-1] if _KNOWN else None  # type: ignore[attr-defined]
        if (
            state is None
            or not self.__plain(state)
            or type(self.pages[self.page].contents) is not bytearray
        ):
            return False
        operators = self.__rgb_operators
        page, k, h = self.page, self.k, self.h
        out = [b"q BT"]
        last_pen: Pen | None = None
        last_rgb: Rgb | None = None
        font: Any = None
        known: dict[str, bytes] = {}  # the current pen's texts' operands
        selected: dict[int, tuple[bytes, dict[str, bytes]]] = {}  # this call's pens
        for x, y, pen, rgb, text in items:
            if pen is not last_pen:
                font = pen.font
                chosen = selected.get(id(pen))  # (the items hold their pens meanwhile)
                if chosen is None:
                    chosen = selected[id(pen)] = self.__select(pen)
                out.append(chosen[0])
                known = chosen[1]
                last_pen = pen
            if rgb is not last_rgb and rgb != last_rgb:
                operator = operators.get(rgb)
                if operator is None:  # fpdf2's own colour operator for it
                    kept = state.text_color
                    FPDF.set_text_color(self, *rgb)
                    operator = operators[rgb] = state.text_color.serialize().lower().encode()
                    state.text_color = kept
                out.append(operator)
                last_rgb = rgb
            operand = known.get(text)
            if operand is None:
                operand = self.__operand(font, text)
            out.append(b"1 0 0 1 %.2f %.2f Tm %s" % (x * k, (h - y) * k, operand))
        out.append(b"ET Q\n")
        self.pages[page].contents += b" ".join(out)
        return True

    def __plain(self, state: Any) -> bool:
        """Whether fpdf2's state is one the fast ways draw in: a page open, filled text
        (not underlined, not struck through), no text quads recorded, no buffer."""
        return bool(
            self.page
            and state.text_mode == TextMode.FILL
            and not state.underline
            and not state.strikethrough
            and not getattr(self, "_record_text_quad_points", True)
            and not self.buffer
        )

    def __select(self, pen: Pen) -> tuple[bytes, dict[str, bytes]]:
        """The operator that selects ``pen``'s font at its size, and the operands of the texts
        worked out in that font so far; the font noted as used on the page (its resources)."""
        font, size = pen.font, pen.size
        if (self.page, font.i) not in self.__fonts_noted:
            state = self._GraphicsStateMixin__statestack[-1]  # type: ignore[attr-defined]
            was = state.current_font_is_set_on_page
            self._set_font_for_page(font, size)
            state.current_font_is_set_on_page = was
            self.__fonts_noted.add((self.page, font.i))
        operator = self.__font_operators.get((font.i, size))
        if operator is None:
            operator = self.__font_operators[font.i, size] = b"/F%d %.2f Tf" % (font.i, size)
        return operator, self.__encodings.setdefault(id(font), {})

    def __operand(self, font: Any, text: str) -> bytes:
        """``(…) Tj``: the text's operands in ``font``, as fpdf2's _out writes them (Latin-1),
        worked out once per font and text."""
        known = self.__encodings.get(id(font))
        if known is None:
            known = self.__encodings[id(font)] = {}
        operand = known.get(text)
        if operand is None:
            operand = known[text] = self.__encode(font, self.__normalized(font, text))
        return operand

    def __normalized(self, font: Any, text: str) -> str:
        """fpdf2's normalize_text for ``font`` (fpdf2's own reads the current font): an
        embedded font takes any text; a core font, its encoding's characters only."""
        if _TTF_FONT is not None and isinstance(font, _TTF_FONT):
            return text
        encoding = self.core_fonts_encoding
        return text.encode(encoding).decode("latin-1") if encoding else text

    def __encode(self, font: Any, text: str) -> bytes:
        """``font.encode_text(text)``, in Latin-1: for an embedded (TrueType) font, each
        character's place in the font's subset is picked once (in the order fpdf2 would pick
        them), not once a character of every new text, and the text is mapped to them in
        one step (``str.translate``)."""
        if (
            type(font) is not _TTF_FONT
            or getattr(font, "is_symbol", True)
            or getattr(font, "color_font", True)
        ):
            return font.encode_text(text).encode("latin1")
        places = self.__places.get(id(font))
        if places is None:
            places = self.__places[id(font)] = _Places(font.subset)
        # fpdf2's escape_text: the places as UTF-16, then \\, ( and ) and \r escaped
        mapped = text.translate(places).encode("utf-16-be")
        escaped = (
            mapped.replace(b"\\", b"\\\\")
            .replace(b")", b"\\)")
            .replace(b"(", b"\\(")
            .replace(b"\r", b"\\r")
        )
        return b"(%s) Tj" % escaped

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
        if _KNOWN:  # the converted colour itself (fpdf2's setter would convert it again)
            self._GraphicsStateMixin__statestack[-1].text_color = colour  # type: ignore[attr-defined]
        else:
            self.text_color = colour


_KNOWN = all(hasattr(FPDF, name) for name in _NEEDED[:-1]) and _NEEDED[-1] in vars(FPDF())
