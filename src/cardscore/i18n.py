"""Translations: English in the code, French in gettext PO catalogs.

The code writes every user-facing text in English, marked in one of two ways:

* :func:`msg` — a message with arguments, e.g. ``msg("--bouts: {value} is out of range",
  value=4)``.  It returns a :class:`Msg`: a ``str`` holding the English text that also keeps
  its template and arguments, so the rules core can build messages without knowing the
  language (it stays pure), and the display layer says them in the user's language.
* :func:`_` — a fixed text translated on the spot (``_("Total")``), for the display layer.

Field labels and help texts, choice labels and parameter help are fixed texts too: they are
translated where they are shown.

The French catalog is ``locale/fr/*.po`` (standard gettext PO files, editable with any PO
tool); each file holds one part of the program.  The language is ``--lang``, else
``CARDSCORE_LANG``, else the locale (``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` starting with
``fr``), else English.

>>> m = msg("{who} pays {n}", who="Bob", n=20)
>>> m, m.template
('Bob pays 20', '{who} pays {n}')
>>> set_language("fr")
>>> tr(msg("{what}: {value} is out of range ({low} to {high})", what="--bouts", value=4,
...        low=0, high=3))
'--bouts : 4 est hors limites (de 0 à 3)'
>>> set_language("en")
"""

from __future__ import annotations

import ast
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "fr")
LOCALE_DIR = Path(__file__).with_name("locale")

_language = "en"


class Msg(str):
    """English text that remembers how it was made (template and arguments)."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, **params: Any) -> Msg:
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # keep the template across pickling
        return (_rebuild, (self.template, dict(self.params)))


def _rebuild(template: str, params: dict[str, Any]) -> Msg:
    return Msg(template, **params)


def msg(template: str, **params: Any) -> Msg:
    """Mark a message for translation; its English text is ``template.format(**params)``."""
    return Msg(template, **params)


def choose_language(requested: str | None = None) -> str:
    """The language to speak: ``--lang``, else ``CARDSCORE_LANG``, else the locale."""
    for candidate in (requested, os.environ.get("CARDSCORE_LANG")):
        if candidate:
            code = candidate.strip().lower()[:2]
            if code in LANGUAGES:
                return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def set_language(language: str) -> None:
    global _language
    _language = language if language in LANGUAGES else "en"


def language() -> str:
    return _language


def tr(text: Any) -> str:
    """``text`` in the current language (a :class:`Msg`, a fixed text, or anything else)."""
    if text is None:
        return ""
    if _language == "en":
        return str(text)
    catalog = load_catalog(_language)
    if isinstance(text, Msg):
        template = catalog.get(text.template) or text.template
        # Only marked arguments are translated: a player called "Total" stays "Total".
        params = {k: tr(v) if isinstance(v, Msg) else v for k, v in text.params.items()}
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
            return str(text)
    return catalog.get(str(text)) or str(text)


def _(text: str) -> str:
    """Translate a fixed text now (the usual gettext name)."""
    return tr(text)


# --------------------------------------------------------------------------------------------
# PO catalogs


@cache
def load_catalog(language: str) -> dict[str, str]:
    """Every ``msgid → msgstr`` of ``locale/LANGUAGE/*.po`` (empty translations left out)."""
    folder = LOCALE_DIR / language
    catalog: dict[str, str] = {}
    if folder.is_dir():
        for path in sorted(folder.glob("*.po")):
            catalog.update(parse_po(path.read_text("utf-8")))
    return catalog


def parse_po(text: str) -> dict[str, str]:
    """Read the entries of a PO file (``msgid``/``msgstr``, multi-line strings, comments).

    >>> parse_po('# c\\nmsgid "Total"\\nmsgstr "Total"\\n\\nmsgid ""\\n"Two "\\n"lines"\\n'
    ...          'msgstr "Deux lignes"\\n')
    {'Total': 'Total', 'Two lines': 'Deux lignes'}
    """
    entries: dict[str, str] = {}
    key: str | None = None
    parts: dict[str, list[str]] = {}
    current: str | None = None

    def flush() -> None:
        if "msgid" in parts and "msgstr" in parts:
            msgid = "".join(parts["msgid"])
            msgstr = "".join(parts["msgstr"])
            if msgid and msgstr:
                entries[msgid] = msgstr

    for raw_line in text.splitlines():
        line = raw_line.strip()
        if not line or line.startswith("#"):
            if not line and parts:
                flush()
                parts, current = {}, None
            continue
        if line.startswith(("msgid ", "msgstr ")):
            key, _sep, rest = line.partition(" ")
            if key == "msgid" and "msgstr" in parts:
                flush()
                parts = {}
            current = key
            parts[current] = [ast.literal_eval(rest)]
        elif line.startswith('"') and current is not None:
            parts[current].append(ast.literal_eval(line))
    flush()
    return entries
