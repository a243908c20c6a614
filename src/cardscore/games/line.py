"""A round typed as one line of words (``bob g 2b 49 dan``), read into the raw answers that
``add``'s options give (``{"taker": "bob", "contract": "g", …}``).

One grammar for every game: each field says how it is said (:class:`~cardscore.games.base.
Words`), and the game's reader (``build_round``) then checks the answers as it checks the
options', so a line and its options store the same round.  Words come in any order; case
and accents never matter; a player is named by a unique prefix of his name, an exact name
winning over everything else.

>>> from cardscore.games.tarot import GAME, PRESETS
>>> five = Table("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve"), PRESETS["fft"])
>>> read_line(GAME.fields, five, "bob g 2b 49 dan")
{'contract': 'g', 'bouts': '2', 'taker': 'bob', 'called': 'dan', 'points': '49'}
>>> read_line(GAME.fields, five, "Cyd prise 1b d35,5 pab:cyd poi:cyd:double")
{'contract': 'prise', 'bouts': '1', 'defense_points': '35,5', 'petit_au_bout': 'cyd', \
'poignee': ['cyd:double'], 'taker': 'Cyd'}
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cardscore.games.base import Field, FieldKind, InputError, Table, fold
from cardscore.i18n import msg

_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
_NUMBERS = (FieldKind.NUMBER, FieldKind.INTEGER)
_NAMED = (FieldKind.PLAYER, FieldKind.TEAM, FieldKind.PLAYERS, FieldKind.PLAYER_TAG)


def read_line(fields: Sequence[Field], table: Table, text: str) -> dict[str, Any]:
    """The raw answers a line says, for the game's ``build_round`` (which checks them).

    A word that is none of the fields' words, nor a player, is refused with the words that
    are accepted (an :class:`InputError`, its ``field`` None)."""
    reader = _Reader(fields, table)
    words = text.split()
    if not words:
        raise InputError(msg("the line is empty: type the round's words (see `--help`)"))
    at = 0
    while at < len(words):
        at = reader.take(words, at)
    return reader.answers()


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

    # ---- one word (or two) -----------------------------------------------------------------

    def take(self, words: Sequence[str], at: int) -> int:
        """Read the word at ``at`` (and the next one when it is its value); return where
        the next word starts."""
        word = words[at]
        following = words[at + 1] if at + 1 < len(words) else None
        folded = fold(word)
        if folded in self.exact:  # an exact name wins over every other reading
            self.names.append(word)
            return at + 1
        for reading in (self._assigned, self._marked, self._glued, self._said, self._chosen):
            if reading(word, folded):
                return at + 1
        if _NUMBER.fullmatch(word):
            return self._number(word, following, at)
        number, suffix = _split_number(word)
        if number is not None and (f := self._after(suffix)) is not None:
            self._put(f, number)
            return at + 1
        if following is not None and (f := self._mark_word(folded)) is not None:
            self._put(f, following)  # ``avec dan``, ``def 35``
            return at + 2
        if self._a_player(folded):
            self.names.append(word)
            return at + 1
        raise self._unknown(word)

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
        self._put(f, value)
        return True

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
            if folded in {fold(w) for w in f.words.said}:
                self._put(f, True)
                return True
            if folded in {fold(w) for w in f.words.none}:
                self._put(f, "")
                return True
        return False

    def _chosen(self, word: str, folded: str) -> bool:
        """A bare word among a choice field's choices (``garde``, ``coeur``, ``capot``)."""
        for f in self._bare(FieldKind.CHOICE):
            if f.is_relevant(self.table, self.raw) and any(c.matches(word) for c in f.choices):
                if _NUMBER.fullmatch(word):
                    continue  # a number is read as a number (see _number)
                self._put(f, word)
                return True
        return False

    def _number(self, word: str, following: str | None, at: int) -> int:
        """A number: the bouts before ``bouts``, a contract before its trump, else bare."""
        if following is not None and (f := self._after(fold(following))) is not None:
            self._put(f, word)
            return at + 2
        if following is not None:
            for f in self.fields:
                before = self._field(f.words.before)
                if before is not None and any(c.matches(following) for c in before.choices):
                    self._put(f, word)
                    return at + 1
        self.numbers.append(word)
        return at + 1

    # ---- what words mean --------------------------------------------------------------------

    def _bare(self, kind: FieldKind | tuple[FieldKind, ...]) -> list[Field]:
        kinds = kind if isinstance(kind, tuple) else (kind,)
        return [f for f in self.fields if f.words.bare and f.kind in kinds]

    def _field(self, key: str) -> Field | None:
        return next((f for f in self.fields if key and f.key == key), None)

    def _after(self, word: str) -> Field | None:
        return next((f for f in self.fields if word in {fold(w) for w in f.words.after}), None)

    def _mark_word(self, folded: str) -> Field | None:
        """The field a mark word (of two letters or more) marks: ``pab``, ``avec``."""
        for f in self.fields:
            if any(len(m) > 1 and fold(m) == folded for m in f.words.marks):
                return f
        return None

    def _a_player(self, folded: str) -> bool:
        return any(fold(p).startswith(folded) for p in self.table.players) and bool(folded)

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
        accepted = sorted(
            {
                *(m + (":" if len(m) > 1 else "") for f in self.fields for m in f.words.marks),
                *(w for f in self.fields for w in (*f.words.said, *f.words.none)),
                *(str(c.value) for f in self._bare(FieldKind.CHOICE) for c in f.choices),
            }
        )
        return InputError(
            msg(
                "{word!r}: neither a player nor a word of this game (players: {players}; "
                "words: {accepted})",
                word=word,
                players=", ".join(self.table.players),
                accepted=" ".join(accepted),
            )
        )

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
        for f in self.fields:
            default = f.words.default
            if not default or f.key in self.raw or self._excluded(f):
                continue
            if f.is_relevant(self.table, self.raw):
                self.raw[f.key] = default
        return self.raw

    def _excluded(self, f: Field) -> bool:
        return any(other.excludes(f) for other in self.fields if other.key in self.raw)


def _split_number(word: str) -> tuple[str | None, str]:
    """A number glued to a word after it: ``2b`` → ``('2', 'b')``."""
    found = re.fullmatch(r"(\d+)([^\d.,]+)", word)
    return (found[1], fold(found[2])) if found else (None, "")


def line_words(fields: Sequence[Field]) -> Mapping[str, str]:
    """What each field's words are, for a help text: ``{"petit_au_bout": "pab:NAME", …}``."""
    said: dict[str, str] = {}
    for f in fields:
        w = f.words
        forms = [m + (":" if len(m) > 1 else "") for m in w.marks] + list(w.said)
        if w.after:
            forms.append("N" + w.after[0])
        if forms:
            said[f.key] = " ".join(forms)
    return said
