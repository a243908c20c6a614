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
tool); each file holds one part of the program, and the Norwegian (bokmål) one is
``locale/nb/*.po``.  The language is ``--lang``, else ``CARDSCORE_LANG``, else the locale
(``LC_ALL``, ``LC_MESSAGES`` or ``LANG``: ``fr…`` is French; ``nb…``, ``no…`` and ``nn…`` are
Norwegian, said in bokmål), else English.

The language is the running command's :class:`~cardscore.environment.Environment`'s: its
:func:`~cardscore.environment.running` block speaks it (:func:`speaking`, a context
variable, as the environment is one), so that nothing else holds a language of its own, a
thread the command starts speaks it too (it is handed the command's context), and nothing
is left speaking it once the command is over.  Outside a command (a library call, a test),
English, or what :func:`set_language` says.

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
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "fr", "nb")
# Language codes that fall back to one of LANGUAGES: Norwegian (no) and nynorsk (nn) → bokmål.
ALIASES = {"no": "nb", "nn": "nb"}
LOCALE_DIR = Path(__file__).with_name("locale")

#: the language spoken (see the module): the running command's, else English
_speaking: ContextVar[str] = ContextVar("cardscore_language", default="en")


class Msg(str):
    """English text that remembers how it was made (template and arguments), and the
    context it is said in (:func:`pmsg`), if any."""

    template: str
    params: Mapping[str, Any]
    #: what tells this text apart from the same English said elsewhere (``None``: nothing)
    context: str | None = None

    def __new__(cls, template: str, /, **params: Any) -> Msg:
        self = _new_str(cls, template.format_map(params) if params else template)
        self.__dict__ = {"template": template, "params": params}  # one step: a whole sheet
        return self  # builds some seventeen messages a round

    def __reduce__(self) -> tuple[Any, ...]:  # keep the template across pickling
        return (_rebuild, (self.template, dict(self.params), self.context))


def _rebuild(template: str, params: dict[str, Any], context: str | None = None) -> Msg:
    return Msg(template, **params) if context is None else pmsg(context, template, **params)


_new_str = str.__new__


def msg(template: str, /, **params: Any) -> Msg:
    """Mark a message for translation; its English text is ``template.format(**params)``."""
    # Msg(template, **params), without a second call and a second copy of the arguments
    self = _new_str(Msg, template.format_map(params) if params else template)
    self.__dict__ = {"template": template, "params": params}
    return self


#: What joins a message's context to its id in a catalog (gettext's ``msgctxt``).
CONTEXT = "\x04"


def pmsg(context: str, template: str, /, **params: Any) -> Msg:
    """:func:`msg` said in a ``context``: the same English, translated apart where the
    language needs it (a catalog entry with ``msgctxt``), else as the message alone.  French
    agrees a checkbox's "none" with the question's noun: ``Primes ? aucune``.

    >>> set_language("fr")
    >>> tr(pmsg("Bonuses?", "none")), tr(msg("none")), tr(pmsg("Not a question", "none"))
    ('aucune', 'aucun', 'aucun')
    >>> set_language("en")
    >>> pmsg("Bonuses?", "{count} chosen", count=2)
    '2 chosen'
    """
    self = msg(template, **params)
    self.__dict__["context"] = context
    return self


def reason_of(error: BaseException) -> str:
    """An exception's text for a message: its :class:`Msg` when it has one (so that it can be
    translated), else ``str(error)`` (Python's own wording, said as it is).

    >>> reason_of(ValueError(msg("round {number}", number=2))).template
    'round {number}'
    >>> reason_of(KeyError("contract"))
    "'contract'"
    """
    if len(error.args) == 1 and isinstance(error.args[0], Msg):
        return error.args[0]
    return str(error)


def choose_language(requested: str | None, environ: Mapping[str, str]) -> str:
    """The language to speak: ``--lang``, else ``CARDSCORE_LANG``, else the locale (read in
    ``environ``, the process's environment variables).

    >>> choose_language(None, {"CARDSCORE_LANG": "nb", "LANG": "fr_FR.UTF-8"})
    'nb'
    >>> choose_language("fr", {}), choose_language(None, {"LANG": "C.UTF-8"})
    ('fr', 'en')
    """
    for candidate in (requested, environ.get("CARDSCORE_LANG")):
        if candidate:
            code = language_of(candidate)
            if code:
                return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:
            return language_of(value) or "en"
    return "en"


def language_of(code: str) -> str | None:
    """The language a code or locale names (``fr``, ``nb_NO.UTF-8``, ``no``, ``nn_NO``), or
    ``None`` when it is none of :data:`LANGUAGES`.

    >>> [language_of(c) for c in ("fr_FR.UTF-8", "nb_NO", "no_NO", "nn", "NB", "C.UTF-8")]
    ['fr', 'nb', 'nb', 'nb', 'nb', None]
    """
    head = code.strip().lower()[:2]
    head = ALIASES.get(head, head)
    return head if head in LANGUAGES else None


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` until the block ends (an unknown one: English).

    >>> with speaking("fr"):
    ...     tr(msg("Total"))
    'Total'
    >>> with speaking("nb"):
    ...     language()
    'nb'
    >>> language()
    'en'
    """
    token = _speaking.set(language if language in LANGUAGES else "en")
    try:
        yield
    finally:
        _speaking.reset(token)


def set_language(language: str) -> None:
    """Speak ``language`` from now on, in this context (outside a command: a doctest, a
    test that drives the prompts alone; a command speaks its environment's)."""
    _speaking.set(language if language in LANGUAGES else "en")


def language() -> str:
    """The language spoken (see the module)."""
    return _speaking.get()


def tr(text: Any) -> str:
    """``text`` in the current language (a :class:`Msg`, a fixed text, or anything else)."""
    if text is None:
        return ""
    spoken = _speaking.get()
    if spoken == "en":
        return str(text)
    catalog = load_catalog(spoken)
    if isinstance(text, Msg):
        template = None
        if text.context is not None:  # said in a context: its own entry first
            template = catalog.get(text.context + CONTEXT + text.template)
        template = template or catalog.get(text.template) or text.template
        # Only marked arguments are translated: a player called "Total" stays "Total";
        # numbers with a fraction take the language's decimal sign.
        params = {
            k: tr(v) if isinstance(v, Msg) else _Decimal(v) if type(v) is float else v
            for k, v in text.params.items()
        }
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
            return str(text)
    if isinstance(text, float):
        return decimal_text(str(text))
    return catalog.get(str(text)) or str(text)


def _(text: str) -> str:
    """Translate a fixed text now (the usual gettext name)."""
    return tr(text)


# How the language writes a number with a fraction: a catalog entry, so that a language is
# only its catalog (``{integer},{fraction}`` in French).
DECIMAL = msg("{integer}.{fraction}")


def decimal_text(text: str) -> str:
    """A number written with a point (``49.5``, ``-0.25``, ``55.5 → 55``) with the current
    language's decimal sign instead; words and other text as they are.

    >>> set_language("fr")
    >>> decimal_text("49.5"), decimal_text("(55.5 → 55)"), decimal_text("v1.2a. Fin.")
    ('49,5', '(55,5 → 55)', 'v1,2a. Fin.')
    >>> set_language("en")
    >>> decimal_text("49.5")
    '49.5'
    """
    spoken = _speaking.get()
    template = load_catalog(spoken).get(DECIMAL.template) if spoken != "en" else None
    if not template or template == DECIMAL:
        return text
    return re.sub(
        r"(\d)\.(\d)",
        lambda m: template.format(integer=m.group(1), fraction=m.group(2)),
        text,
    )


class _Decimal(float):
    """A float argument of a message: written with the language's decimal sign."""

    def __format__(self, spec: str) -> str:
        return decimal_text(float.__format__(self, spec))

    def __str__(self) -> str:
        return decimal_text(float.__repr__(self))


# How each language writes a day and a time: ISO in English, 30/11/2026 in French, 30.11.2026
# in Norwegian.
DATE_STYLES = {"en": "{y}-{m}-{d}", "fr": "{d}/{m}/{y}", "nb": "{d}.{m}.{y}"}


def date_text(stamp: str) -> str:
    """An ISO time (``2026-11-30T20:15:03+01:00``, or its first 10 or 16 characters) as the
    current language writes it, to the minute; anything else as it is.

    >>> set_language("nb")
    >>> date_text("2026-11-30T20:15:03+01:00"), date_text("2026-11-30"), date_text("?")
    ('30.11.2026 20:15', '30.11.2026', '?')
    >>> set_language("en")
    >>> date_text("2026-11-30T20:15:03+01:00"), date_text("")
    ('2026-11-30 20:15', '')
    """
    day, _sep, time = stamp.partition("T")
    if " " in day and not time:
        day, _sep, time = day.partition(" ")
    parts = day.split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return stamp
    y, m, d = parts
    text = DATE_STYLES.get(_speaking.get(), DATE_STYLES["en"]).format(y=y, m=m, d=d)
    return f"{text} {time[:5]}" if time else text


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
    """Read the entries of a PO file (``msgid``/``msgstr``, multi-line strings, comments);
    an entry with a ``msgctxt`` is keyed by its context and its id (:data:`CONTEXT`).

    >>> parse_po('# c\\nmsgid "Total"\\nmsgstr "Total"\\n\\nmsgid ""\\n"Two "\\n"lines"\\n'
    ...          'msgstr "Deux lignes"\\n')
    {'Total': 'Total', 'Two lines': 'Deux lignes'}
    >>> parse_po('msgctxt "Bonuses?"\\nmsgid "none"\\nmsgstr "aucune"\\n')
    {'Bonuses?\\x04none': 'aucune'}
    """
    entries: dict[str, str] = {}
    key: str | None = None
    parts: dict[str, list[str]] = {}
    current: str | None = None

    def flush() -> None:
        if "msgid" in parts and "msgstr" in parts:
            msgid = "".join(parts["msgid"])
            msgstr = "".join(parts["msgstr"])
            if "msgctxt" in parts:
                msgid = "".join(parts["msgctxt"]) + CONTEXT + msgid
            if msgid and msgstr:
                entries[msgid] = msgstr

    for raw_line in text.splitlines():
        line = raw_line.strip()
        if not line or line.startswith("#"):
            if not line and parts:
                flush()
                parts, current = {}, None
            continue
        if line.startswith(("msgctxt ", "msgid ", "msgstr ")):
            key, _sep, rest = line.partition(" ")
            if key != "msgstr" and "msgstr" in parts:  # the next entry, with no blank line
                flush()
                parts = {}
            current = key
            parts[current] = [ast.literal_eval(rest)]
        elif line.startswith('"') and current is not None:
            parts[current].append(ast.literal_eval(line))
    flush()
    return entries
