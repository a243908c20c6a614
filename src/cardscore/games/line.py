"""A round typed as one line of words (``bob g 2b 49 dan``), read into the raw answers that
``add``'s options give (``{"taker": "bob", "contract": "garde", …}``).

One grammar for every game: each field says how it is said (:class:`~cardscore.games.base.
Words`), and the game's reader (``build_round``) then checks the answers as it checks the
options', so a line and its options store the same round.  Words come in any order; case
and accents never matter; a player is named by a unique prefix of his name, an exact name
winning over everything else.

>>> from cardscore.games.tarot import GAME, PRESETS
>>> five = Table("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve"), PRESETS["fft"])
>>> read_line(GAME.fields, five, "bob g 2b 49 dan")
{'contract': 'garde', 'bouts': '2', 'taker': 'bob', 'called': 'dan', 'points': '49'}
>>> read_line(GAME.fields, five, "Cyd prise 1b d35,5 pab:cyd poi:cyd:d")
{'contract': 'prise', 'bouts': '1', 'defense_points': '35,5', 'petit_au_bout': 'cyd', \
'poignee': ['cyd:double'], 'taker': 'Cyd'}

A choice is said as its list shows it, in the table's language: by its word (``garde sans``,
``uten trumf``: the words of one choice may be typed apart or joined), by one of its other
spellings (``gs``, ``sa``, ``♠``), or by the key its list answers to (``s``, ``u``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from cardscore.games.base import Choice, Field, FieldKind, InputError, Table, fold
from cardscore.i18n import LANGUAGES, Msg, load_catalog, msg, tr

_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
_NUMBERS = (FieldKind.NUMBER, FieldKind.INTEGER)
_NAMED = (FieldKind.PLAYER, FieldKind.TEAM, FieldKind.PLAYERS, FieldKind.PLAYER_TAG)
#: the most words one choice is said in (``garde sans le chien``)
_LONGEST = 4


class LineReading(NamedTuple):
    """What a line said: the raw answers, and each word read otherwise than as the player
    whose name it begins (``g``: garde, not Gaston), said back to the table."""

    raw: dict[str, Any]
    notes: tuple[Msg, ...]


def read_line(fields: Sequence[Field], table: Table, text: str) -> dict[str, Any]:
    """The raw answers a line says, for the game's ``build_round`` (which checks them).

    A word that is none of the fields' words, nor a player, is refused with the words that
    are accepted (an :class:`InputError`, its ``field`` None)."""
    return read_words(fields, table, text).raw


def read_words(fields: Sequence[Field], table: Table, text: str) -> LineReading:
    """:func:`read_line`, with what was read of a word that also begins a player's name
    (a refusal says it too)."""
    reader = _Reader(fields, table)
    words = text.split()
    if not words:
        raise InputError(msg("the line is empty: type the round's words (see `--help`)"))
    try:
        at = 0
        while at < len(words):
            at = reader.take(words, at)
        raw = reader.answers()
    except InputError as exc:
        raise noted(exc, reader.notes) from None
    return LineReading(raw, tuple(reader.notes))


def noted(error: InputError, notes: Sequence[Msg]) -> InputError:
    """``error`` saying, after what is wrong, what the line read of a word that also begins
    a player's name: the refusal may come of it (``g garde``: the contract said twice)."""
    if not notes:
        return error
    said = {f"n{i}": note for i, note in enumerate(notes)}
    joined = Msg("; ".join(f"{{{key}}}" for key in said), **said)  # (the notes, translated)
    text = error.args[0] if error.args else str(error)
    return InputError(msg("{error}; {notes}", error=text, notes=joined), field=error.field)


def with_defaults(fields: Sequence[Field], table: Table, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` with the default of each field it does not say (:attr:`Words.default`: the dix
    de der is the taker's team) where it applies, unless a field it is typed instead of is
    said (a capot took the last trick): a line, ``add``'s options and the questions agree.

    >>> from cardscore.games.belote import BELOTE, BeloteParams
    >>> t = Table("belote", ("A", "B", "C", "D"), BeloteParams(), ("AC", "BD"))
    >>> with_defaults(BELOTE.fields, t, {"taker": "A"})["dix_de_der"]
    'taker'
    >>> "dix_de_der" in with_defaults(BELOTE.fields, t, {"taker": "A", "capot": "B"})
    False
    """
    given = dict(raw)
    said = [f for f in fields if f.key in given]
    for f in fields:
        default = f.words.default
        if not default or f.key in given or any(other.excludes(f) for other in said):
            continue
        if f.is_relevant(table, given):
            given[f.key] = default
    return given


def unsaid(fields: Sequence[Field], table: Table, raw: Mapping[str, Any]) -> list[Field]:
    """The fields a line must say and did not (:attr:`Words.missing`), where they apply to
    the round it says: the loop asks their questions, ``add --line`` refuses the line.

    >>> from cardscore.games.tarot import GAME, PRESETS
    >>> five = Table("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve"), PRESETS["fft"])
    >>> [f.key for f in unsaid(GAME.fields, five, read_line(GAME.fields, five, "bob g 2b 49"))]
    ['called']
    >>> unsaid(GAME.fields, five, read_line(GAME.fields, five, "bob g 2b 49 seul"))
    []
    """
    return [f for f in fields if f.words.missing and f.key not in raw and f.is_relevant(table, raw)]


class _Reader:
    """What one line said so far, word after word."""

    def __init__(self, fields: Sequence[Field], table: Table) -> None:
        self.fields = [f for f in fields if f.words != type(f.words)()]
        self.table = table
        self.raw: dict[str, Any] = {}
        self.names: list[str] = []  # the bare players, in the order said
        self.numbers: list[str] = []  # the bare numbers
        self.exact = {fold(p) for p in table.players}
        self.notes: list[Msg] = []  # a word read otherwise than as the player it begins
        self._keys: dict[str, dict[str, str]] = {}

    # ---- one word (or more) ----------------------------------------------------------------

    def take(self, words: Sequence[str], at: int) -> int:
        """Read the word at ``at`` (and the next ones when they are its value, or the rest
        of its choice's words); return where the next word starts."""
        word = words[at]
        following = words[at + 1] if at + 1 < len(words) else None
        folded = fold(word)
        if folded in self.exact:  # an exact name wins over every other reading
            self.names.append(word)
            return at + 1
        said = self._run(words, at)
        if said:
            return at + said
        for reading in (self._assigned, self._marked, self._glued, self._said, self._chosen):
            if reading(word, folded):
                return at + 1
        if _NUMBER.fullmatch(word):
            return self._number(words, at)
        number, suffix = _split_number(word)
        if number is not None and (f := self._after(suffix)) is not None:
            self._put(f, number)
            return at + 1
        if following is not None and (f := self._mark_word(folded)) is not None:
            self._put(f, following)  # ``avec dan``, ``def 35``
            self._read_as(word, f)
            return at + 2
        if self._a_player(folded):
            self.names.append(word)
            return at + 1
        raise self._unknown(word)

    def _run(self, words: Sequence[str], at: int) -> int:
        """How many words from ``at`` say one choice of a bare field (``garde sans``,
        ``uten trumf``): two or more, the most first; 0 for none."""
        for count in range(min(_LONGEST, len(words) - at), 1, -1):
            run = words[at : at + count]
            if any(fold(word) in self.exact or len(word) < 2 for word in run):
                continue  # a player's exact name is his; keys and letters are words alone
            for f in self._bare(FieldKind.CHOICE):
                value = self._named(f, "-".join(run), keys=False)
                if value is not None and f.is_relevant(self.table, self.raw):
                    self._put(f, value)
                    return count
        return 0

    def _assigned(self, word: str, folded: str) -> bool:
        name, sep, value = word.partition("=")
        f = next((f for f in self.fields if f.words.assign), None)
        if not sep or f is None or not name or not value:
            return False
        self._put(f, f"{name}={' '.join(re.split('[+,]', value))}")
        return True

    def _marked(self, word: str, folded: str) -> bool:
        mark, sep, value = word.partition(":")
        f = self._mark_word(fold(mark)) if sep and value else None
        if f is None:
            return False
        self._put(f, self._value(f, value))
        return True

    def _value(self, f: Field, value: str) -> str:
        """A marked value as its field's reader takes it: a choice said as its list shows
        it (``chelem:a``, ``poi:bob:d``) by its value; anything else as typed (the game's
        reader refuses it, with the values accepted)."""
        if f.kind is FieldKind.CHOICE:
            return self._named(f, value) or value
        if f.kind is FieldKind.PLAYER_TAG:
            name, sep, tag = value.rpartition(":")
            if sep and name:
                return f"{name}:{self._named(f, tag) or tag}"
        return value

    def _glued(self, word: str, folded: str) -> bool:
        """A one-letter or one-sign mark glued to its value: ``d35,5``, ``!bob``."""
        for f in self.fields:
            for mark in f.words.marks:
                if len(mark) != 1 or not folded.startswith(mark) or len(word) == 1:
                    continue
                value = word[1:]
                if f.kind in _NUMBERS and not _NUMBER.fullmatch(value):
                    continue
                self._put(f, value)
                return True
        return False

    def _said(self, word: str, folded: str) -> bool:
        """A flag's word (``coinche``), or a word saying a field has no answer (``seul``:
        no partner, kept as a blank answer: said, and none)."""
        for f in self.fields:
            if folded in said_forms(f.words.said):
                self._put(f, True)
                self._read_as(word, f)
                return True
            if folded in said_forms(f.words.none):
                self._put(f, "")
                self._read_as(word, f)
                return True
        return False

    def _chosen(self, word: str, folded: str) -> bool:
        """A bare word among a choice field's choices (``garde``, ``coeur``, ``capot``), or
        the key its list shows (``g``, ``s``)."""
        if _NUMBER.fullmatch(word):
            return False  # a number is read as a number (see _number)
        for f in self._bare(FieldKind.CHOICE):
            value = self._named(f, word)
            if value is not None and f.is_relevant(self.table, self.raw):
                self._put(f, value)
                self._read_as(word, f, value)
                return True
        return False

    def _number(self, words: Sequence[str], at: int) -> int:
        """A number: the bouts before ``bouts``, a contract before its trump, else bare."""
        word = words[at]
        following = words[at + 1] if at + 1 < len(words) else None
        if following is not None and (f := self._after(fold(following))) is not None:
            self._put(f, word)
            return at + 2
        for f in self.fields:
            before = self._field(f.words.before)
            if before is not None and self._names_ahead(before, words, at + 1):
                self._put(f, word)
                return at + 1
        self.numbers.append(word)
        return at + 1

    def _names_ahead(self, f: Field, words: Sequence[str], at: int) -> bool:
        """Whether the words from ``at`` begin with one of ``f``'s choices (``coeur``,
        ``tout atout``, its key)."""
        for count in range(min(_LONGEST, len(words) - at), 0, -1):
            if self._named(f, "-".join(words[at : at + count]), keys=count == 1) is not None:
                return True
        return False

    # ---- what words mean --------------------------------------------------------------------

    def _bare(self, kind: FieldKind | tuple[FieldKind, ...]) -> list[Field]:
        kinds = kind if isinstance(kind, tuple) else (kind,)
        return [f for f in self.fields if f.words.bare and f.kind in kinds]

    def _field(self, key: str) -> Field | None:
        return next((f for f in self.fields if key and f.key == key), None)

    def _after(self, word: str) -> Field | None:
        return next((f for f in self.fields if word in said_forms(f.words.after)), None)

    def _mark_word(self, folded: str) -> Field | None:
        """The field a mark word (of two letters or more) marks: ``pab``, ``avec``."""
        for f in self.fields:
            if folded in said_forms(m for m in f.words.marks if len(m) > 1):
                return f
        return None

    def _named(self, f: Field, text: str, *, keys: bool = True) -> str | None:
        """The value of ``f``'s choice that ``text`` names: its word in any language, one of
        its spellings, or (``keys``) the key its list shows in the table's language."""
        folded = fold(text)
        for choice in f.choices:
            forms = _choice_forms(choice)
            if folded in forms or folded.replace("-", "") in forms:
                return str(choice.value)
        if not keys or len(folded) != 1 or not folded.isalpha():
            return None
        if f.key not in self._keys:
            self._keys[f.key] = {key: value for value, key in f.choice_keys(self.table).items()}
        return self._keys[f.key].get(folded)

    def _a_player(self, folded: str) -> bool:
        return any(fold(p).startswith(folded) for p in self.table.players) and bool(folded)

    def _read_as(self, word: str, f: Field, value: str | None = None) -> None:
        """Say what a word that begins a player's name was read as: an exact word wins over
        a prefix, as an exact name does (``g`` is garde, not Gaston)."""
        folded = fold(word)
        players = [p for p in self.table.players if fold(p).startswith(folded)]
        if not players:
            return
        reading = f.said(value) if value is not None else msg(f.option.removeprefix("--"))
        self.notes.append(
            msg(
                "{word!r} is read as {reading}, not as {players}",
                word=word,
                reading=reading,
                players=", ".join(players),
            )
        )

    def _put(self, f: Field, value: Any) -> None:
        if f.repeatable:
            self.raw.setdefault(f.key, []).append(value)
            return
        if f.key in self.raw:
            raise InputError(
                msg(
                    "the line says {what} twice ({first}, {second})",
                    what=f.option,
                    first=self.raw[f.key],
                    second=value,
                ),
                field=f.key,
            )
        self.raw[f.key] = value

    def _unknown(self, word: str) -> InputError:
        return InputError(
            msg(
                "{word!r}: neither a player nor a word of this game (players: {players}; "
                "words: {accepted})",
                word=word,
                players=", ".join(self.table.players),
                accepted=" ".join(self._accepted()),
            )
        )

    def _accepted(self) -> list[str]:
        """The words of this game at this table, as the table says them: each choice that
        a bare word says (with its keys and short spellings: ``garde-sans (s, gs)``), each
        mark (``pab:``) and each word of a flag, of the fields that apply under its rules."""
        accepted: list[str] = []
        for f in self.fields:
            if not f.is_relevant(self.table, self.raw):
                continue
            if f.words.bare and f.kind is FieldKind.CHOICE:
                accepted += _choices_said(f, self.table)
            accepted += [m + (":" if len(m) > 1 else "") for m in shown_forms(f.words.marks)]
            accepted += shown_forms((*f.words.said, *f.words.none))
        return list(dict.fromkeys(accepted))

    # ---- the answers ------------------------------------------------------------------------

    def answers(self) -> dict[str, Any]:
        """The raw answers: the bare players and numbers given to their fields in order,
        then the defaults of what the line did not say."""
        for what, said in ((_NAMED, self.names), (_NUMBERS, self.numbers)):
            free = [f for f in self._bare(what) if f.key not in self.raw]
            if len(said) > len(free):
                raise InputError(
                    msg(
                        "the line names {count} {what}, more than a round has: {words}",
                        count=len(said),
                        what=msg("players") if what is _NAMED else msg("numbers"),
                        words=" ".join(said),
                    )
                )
            for f, value in zip(free, said, strict=False):
                self._put(f, value)
        self.raw = with_defaults(self.fields, self.table, self.raw)
        return self.raw


# ---- the words of a line, in every language and in the table's --------------------------------


def said_forms(forms: Iterable[str]) -> frozenset[str]:
    """Every way ``forms`` (a field's words) are said, folded: a plain word as it is (a game
    term, an abbreviation: said alike in every language), a message (an English word) in
    English and in each language's word for it (``with``: ``avec``, ``med``)."""
    return frozenset(form for word in forms for form in _forms(word))


def shown_forms(forms: Iterable[str]) -> list[str]:
    """``forms`` as the table's language says them, each once (``with`` is ``avec`` in
    French), the words of one joined by ``-`` as a line types them."""
    shown: dict[str, str] = {}
    for word in forms:
        said = "-".join(tr(word).split()) if isinstance(word, Msg) else word
        shown.setdefault(fold(said), said)
    return list(shown.values())


def _forms(word: str) -> frozenset[str]:
    if not isinstance(word, Msg):
        return frozenset({fold(word)})
    return _translations(word.template)


@functools.cache
def _translations(english: str) -> frozenset[str]:
    """An English word and each language's word for it, folded."""
    return frozenset(fold(load_catalog(lang).get(english, english)) for lang in LANGUAGES)


@functools.cache
def _choice_forms(choice: Choice) -> frozenset[str]:
    """Every way a choice is typed, folded, also without its dashes: its value, its other
    spellings, and the word its list shows in each language (``uten trumf``, ``pique``)."""
    forms = {fold(str(choice.value)), *(fold(alias) for alias in choice.aliases)}
    if choice.label:
        forms |= {
            fold(load_catalog(lang).get(choice.label, choice.label).split(" (")[0])
            for lang in LANGUAGES
        }
    return frozenset(forms | {form.replace("-", "") for form in forms})


def _choices_said(f: Field, table: Table) -> list[str]:
    """A bare field's choices as a refused line lists them (:func:`_choice_said`), its
    numbers as their range (coinche's contract: ``80…180``)."""
    keys = f.choice_keys(table)
    choices = f.offered_choices(table)
    numbers = [str(c.value) for c in choices if str(c.value).isdigit()]
    said = [f"{numbers[0]}…{numbers[-1]}"] if len(numbers) > 1 else numbers
    return said + [
        _choice_said(f, c, keys.get(str(c.value))) for c in choices if not str(c.value).isdigit()
    ]


def _choice_said(f: Field, choice: Choice, key: str | None) -> str:
    """A choice as a refused line lists it, in the table's language: its word, then its
    key and its short spellings (``garde-sans (s, gs)``, ``pique (p, ♠)``)."""
    word = "-".join(f.said(str(choice.value)).split())
    short = [key] if key else []
    for spelling in (str(choice.value), *choice.aliases):
        if len(spelling) <= 2 and not spelling.isdigit() and fold(spelling) != fold(word):
            short.append(spelling)
    short = list(dict.fromkeys(short))
    return f"{word} ({', '.join(short)})" if short else word


def _split_number(word: str) -> tuple[str | None, str]:
    """A number glued to a word after it: ``2b`` → ``('2', 'b')``."""
    found = re.fullmatch(r"(\d+)([^\d.,]+)", word)
    return (found[1], fold(found[2])) if found else (None, "")


def line_words(fields: Sequence[Field]) -> Mapping[str, str]:
    """What each field's words are, for a help text, in the user's language:
    ``{"petit_au_bout": "pab: petit:", …}``."""
    said: dict[str, str] = {}
    for f in fields:
        w = f.words
        forms = [m + (":" if len(m) > 1 else "") for m in shown_forms(w.marks)]
        forms += shown_forms(w.said)
        if w.after:
            forms.append("N" + w.after[0])
        if forms:
            said[f.key] = " ".join(forms)
    return said
