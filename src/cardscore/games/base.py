"""The shared vocabulary of the rules core: tables, round fields, results and errors.

Nothing here (nor anywhere in :mod:`cardscore.games`) touches files, prompts or colours:
a game is a set of pure functions over plain data, so the CLI, the interactive prompts,
the exporters and the tests all call the same code.

A round travels through three shapes:

1. **raw** — what a person typed: ``{"taker": "ali", "points": "35,5", "poignee": ["Bob"]}``.
   Keys are :attr:`Field.key`; values are strings, lists of strings (repeatable fields) or
   booleans (flags).  ``add`` options and interactive answers both produce this shape.
2. **input** — what :meth:`Game.build_round` returns after validating the raw values: a
   JSON-ready dict with canonical names and numbers.  Sessions store rounds in this shape.
3. **result** — what :meth:`Game.score` returns: every column's score and the breakdown.

Why 1,000 lines: this is the whole protocol between a game and the rest of the program
(tables, fields and their words, parameters, results, the ``Game`` protocol and its
defaults), one vocabulary every game module imports.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools
import math
import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import msgspec

from cardscore.i18n import Msg, msg, tr

if TYPE_CHECKING:
    from cardscore.games.figures import StatsView
    from cardscore.games.record import RoundRecord
    from cardscore.games.tally import Side, Tally


class InputError(ValueError):
    """A round, an option or a set-up breaks a rule.

    The message is a single line saying what is wrong and what is accepted, ready to show
    to the person who typed it.

    ``field`` is the key of the round field at fault (:attr:`Field.key`), when one is: the
    interactive prompts ask that question again.  ``None`` means the whole round, or
    something else than a round (a set-up, a parameter).

    >>> error = InputError("--bouts: 4 is not a number of bouts (0 to 3)", field="bouts")
    >>> str(error), error.field
    ('--bouts: 4 is not a number of bouts (0 to 3)', 'bouts')
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


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


# --------------------------------------------------------------------------------------------
# Numbers


def parse_number(text: str, *, what: str, half: bool = True) -> float:
    """Read a count of points typed by a person: ``35``, ``35.5`` or ``35,5``.

    With ``half`` only whole and half numbers are accepted.

    >>> parse_number("35,5", what="--points")
    35.5
    >>> parse_number("1e3", what="--points")
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --points: '1e3' is not a number of points (e.g. 41 or 35,5)
    """
    cleaned = text.strip().replace(",", ".")
    body = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    whole, _, frac = body.partition(".")
    if not (whole.isdigit() or (not whole and frac)) or (frac and not frac.isdigit()):
        raise InputError(
            msg(
                "{what}: {text!r} is not a number of points (e.g. 41 or 35,5)", what=what, text=text
            )
        )
    if not whole.isascii() or not frac.isascii():
        raise InputError(
            msg(
                "{what}: {text!r} is not a number of points (e.g. 41 or 35,5)", what=what, text=text
            )
        )
    if len(body) > 12:
        raise InputError(msg("{what}: {text!r} is far too large", what=what, text=text))
    value = float(cleaned)
    if half and value * 2 != math.floor(value * 2):
        raise InputError(
            msg(
                "{what}: {text!r} must be a whole or half number (e.g. 41 or 35,5)",
                what=what,
                text=text,
            )
        )
    return value


def parse_int(text: str, *, what: str, low: int | None = None, high: int | None = None) -> int:
    """Read a whole number within ``[low, high]``.

    >>> parse_int("3", what="--bouts", low=0, high=3)
    3
    >>> parse_int("4", what="--bouts", low=0, high=3)
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --bouts: 4 is out of range (0 to 3)
    """
    cleaned = text.strip()
    body = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    if not body.isdigit() or not body.isascii() or len(body) > 12:
        raise InputError(msg("{what}: {text!r} is not a whole number", what=what, text=text))
    value = int(cleaned)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise InputError(
                msg(
                    "{what}: {value} is out of range (at least {low})",
                    what=what,
                    value=value,
                    low=low,
                )
            )
        raise InputError(
            msg(
                "{what}: {value} is out of range ({low} to {high})",
                what=what,
                value=value,
                low=low,
                high=high,
            )
        )
    return value


# --------------------------------------------------------------------------------------------
# Choices and fields


@dataclass(frozen=True)
class Choice:
    """One accepted value of a field: its canonical spelling, its label, other spellings.

    >>> c = Choice("garde-sans", "garde sans", aliases=("gardesans",))
    >>> c.matches("Garde Sans"), c.matches("GARDESANS"), c.matches("garde")
    (True, True, False)
    """

    value: str
    label: str = ""
    aliases: tuple[str, ...] = ()
    #: the value as the reader's language types it, where that differs (a message: ``spades``
    #: is ``pique`` in French, ``spar`` in Norwegian, each among the aliases); ``""``: the
    #: value itself, in every language
    word: str = ""

    def matches(self, text: str) -> bool:
        folded = fold(text)
        forms, bare = self._forms
        return folded in forms or folded.replace("-", "") == bare

    @functools.cached_property
    def _forms(self) -> tuple[frozenset[str], str]:
        """Its value and aliases folded, and its value folded without dashes (worked out
        once: every round read from a file matches its choices)."""
        value = fold(self.value)
        return frozenset({value, *(fold(a) for a in self.aliases)}), value.replace("-", "")


def said_values(choices: Sequence[Choice]) -> Msg:
    """The choices' values as a message lists them, each as its reader's language types it
    (:attr:`Choice.word`): ``spades, hearts, sa`` in English, ``pique, cœur, sa`` in French.

    >>> from cardscore.i18n import set_language
    >>> values = said_values((Choice("spades", word=msg("spades")), Choice("sa")))
    >>> set_language("fr")
    >>> str(values), tr(values)
    ('spades, sa', 'pique, sa')
    >>> set_language("en")
    """
    words = {f"v{i}": c.word or str(c.value) for i, c in enumerate(choices)}
    # (a template of arguments only: nothing to translate but the marked words)
    return Msg(", ".join(f"{{{key}}}" for key in words), **words)


def pick_choice(text: str, choices: Sequence[Choice], *, what: str) -> str:
    """Return the canonical value of the choice that ``text`` names.

    >>> pick_choice("Garde-Sans", (Choice("garde"), Choice("garde-sans")), what="--contract")
    'garde-sans'
    >>> pick_choice("gard", (Choice("garde"), Choice("garde-sans")), what="--contract")
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --contract: unknown value 'gard' (accepted: garde, garde-sans)
    """
    for choice in choices:
        if choice.matches(text):
            return choice.value
    accepted = said_values(choices)
    raise InputError(
        msg(
            "{what}: unknown value {text!r} (accepted: {accepted})",
            what=what,
            text=text,
            accepted=accepted,
        )
    )


class FieldKind(StrEnum):
    """How a round field is typed and asked (see :class:`Field`)."""

    PLAYER = "player"
    TEAM = "team"
    CHOICE = "choice"
    NUMBER = "number"
    INTEGER = "integer"
    FLAG = "flag"
    PLAYERS = "players"
    PLAYER_TAG = "player_tag"
    TEAM_VALUE = "team_value"
    PLAYER_TEXT = "player_text"


_REPEATABLE = frozenset(
    {FieldKind.PLAYERS, FieldKind.PLAYER_TAG, FieldKind.TEAM_VALUE, FieldKind.PLAYER_TEXT}
)


@dataclass(frozen=True)
class Words:
    """How a field is said in a round typed as one line (:mod:`cardscore.games.line`).

    * ``bare`` — said with no marker: a word among the field's choices (``garde``, ``coeur``),
      a player's name (the player fields that are bare take the names in their order: the
      first is the taker, the second the called partner), or a number (the points);
    * ``marks`` — the words that mark it, followed by its value after a colon
      (``pab:ann``, ``poi:ann:double``, ``ddd:sud``) or as the next word (``avec dan``,
      ``def 35``); a mark of one letter or sign is glued to its value instead (``d35,5``,
      ``!bob``);
    * ``after`` — the words that follow its number (``2b``, ``2 bouts``);
    * ``said`` — the words of a flag (``coinche``, ``bloque``);
    * ``before`` — a bare number is this field's when the next word is one of field
      ``before``'s choices (coinche: ``100 coeur``, the contract before the trump);
    * ``assign`` — said ``NAME=VALUE``, ``+`` and ``,`` between a hand's cards
      (``cyd=R+D+5``);
    * ``default`` — its value when the line does not say it (the dix de der: ``taker``),
      unless a field it is typed instead of is said;
    * ``none`` — the words that say it has no answer (tarot's partner: ``seul``, ``alone``);
    * ``missing`` — where it applies, a line must say it (or one of its ``none`` words): this
      is the refusal of a line that does not, and the loop asks its question instead.  A
      line that left out the partner must not be read as "the taker alone".
    """

    bare: bool = False
    marks: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    said: tuple[str, ...] = ()
    before: str = ""
    assign: bool = False
    default: str = ""
    none: tuple[str, ...] = ()
    missing: str = ""


#: a list of more numbers than this is typed instead (coinche's thirteen contracts)
MOST_NUMBERS_PICKED = 6


def shortcut_keys(titles: Sequence[str | None]) -> list[str | None]:
    """A key for each entry of a list, as it is read: the first letter of a word of its
    title that no entry before it took (``g`` garde, ``s`` garde sans), else a digit; ``0``
    for the entry "— none", ``None`` for an entry with no title (a separator, a disabled
    entry) or when no key is left.

    >>> shortcut_keys(["prise", "garde", "garde sans", "garde contre", "passe"])
    ['p', 'g', 's', 'c', 'a']
    >>> shortcut_keys(["— the taker alone", "Ann", "Alan", "Émile", None])
    ['0', 'a', 'l', 'e', None]
    """
    taken: set[str] = set()
    keys: list[str | None] = []
    for title in titles:
        if title is None:
            keys.append(None)
            continue
        if title.startswith("—"):
            candidates = ["0"]
        else:
            words = re.findall(r"[a-z]+", fold(title))  # the keys a list question takes
            candidates = [word[0] for word in words] + [c for word in words for c in word[1:]]
            candidates += list("123456789")
        key = next((c for c in candidates if c not in taken), None)
        if key is not None:
            taken.add(key)
        keys.append(key)
    return keys


@dataclass(frozen=True)
class Field:
    """One piece of a round's data, described once for the ``add`` options, the interactive
    prompts, the one-line round (:attr:`words`) and the validation.

    ``kind`` says how it is typed and asked:

    * ``player`` — one player's name (``--taker Alice``);
    * ``team`` — a team: ``taker``/``defense``, a player's or a team's name;
    * ``choice`` — one of :attr:`choices` (``--contract garde``);
    * ``number`` / ``integer`` — typed by hand (``--points 35,5``, ``--bouts 2``);
    * ``flag`` — present or not (``--rami-sec``);
    * ``players`` — repeatable player names (``--not-opened Bob``);
    * ``player_tag`` — repeatable ``NAME[:TAG]``, TAG among :attr:`choices`
      (``--poignee Bob:double``), the first choice is the default tag;
    * ``team_value`` — repeatable ``TEAM:VALUE`` (``--announce taker:50``);
    * ``player_text`` — repeatable ``NAME=TEXT`` (``--hand Bob=A JK 5``).

    ``key`` is the key of the raw dict; ``option`` the ``add`` option (default from the key).
    ``label`` is the question asked interactively, ``help`` the option's help, both English
    (they are the message ids the translations key on).  ``applies`` says whether the field
    makes sense for this table and the answers given so far; ``None`` means always, and
    ``unavailable`` is the reason given when it is typed where it does not apply.  For a
    per-player field (``player_text``), ``who`` lists the players to ask about (default:
    every player who plays the round).  ``describe`` words a choice for this table (a
    poignée's number of trumps depends on the number of players); ``echo`` says back what a
    typed answer was understood as (a rami hand's value).  Flags that share an ``asked_as``
    question are asked as that ONE question, each flag (worded by its label) being one of its
    answers besides none: ``add`` keeps one option per flag.  ``instead_of`` names the fields
    this one is typed instead of (``--defense-points`` instead of ``--points``, ``--capot``
    instead of the card points): a correction that gives one forgets the others' old answers,
    and the prompts do not ask for what an answer already stands for.

    How the prompts ask it, besides its label: fields that share an ``among`` question
    are its boxes, each named by its ``title`` (tarot's "Anything else?": petit au bout,
    poignée, misère, chelem; empty by default), and only the ticked ones are then asked
    by their own question.  ``none_sets`` names the flag the answer "none" of this list
    stands for (rami: nobody went out, the round was blocked), asked with it instead of
    alone.  ``no_default``: a yes/no that Enter alone does not answer (a capot contract's
    "capot made?": its answer decides the round).  ``starts_on`` gives, from the answers so
    far, the answer a ticked box's list starts on, the one most rounds give (the petit au
    bout's holder, belote-rebelote's team: the taker's, or his team); a list of values of a
    ticked box (the chelem's kinds) starts instead on "none, ticked by mistake": Enter alone
    adds no bonus.
    """

    key: str
    kind: FieldKind
    label: str
    help: str
    choices: tuple[Choice, ...] = ()
    option: str = ""
    required: bool = False
    applies: Callable[[Table, Mapping[str, Any]], bool] | None = None
    unavailable: str = ""
    who: Callable[[Table, Mapping[str, Any]], Sequence[str]] | None = None
    describe: Callable[[Table, Choice], str] | None = None
    echo: Callable[[Table, str], str] | None = None
    asked_as: str = ""
    instead_of: str | tuple[str, ...] = ()
    #: the field that answers the same question from the other side (the taker's points:
    #: the defence's): the prompts ask both as ONE question, the taker's side's, where a mark
    #: (``d35``) gives the other side's
    twin: str = ""
    #: how the prompts word the answer "none" of an optional list, after its dash (an
    #: English msgid; ``""``: "none"): tarot's ``called``, "the taker alone…"
    none: str = ""
    #: how it is said in a round typed as one line
    words: Words = Words()
    among: str = ""
    title: str = ""
    none_sets: str = ""
    no_default: bool = False
    starts_on: Callable[[Table, Mapping[str, Any]], str | None] | None = None
    #: the values of :attr:`choices` this table's rules take (``None``: every one): a refused
    #: line lists no other (no ``passe`` where the rules have none)
    offered: Callable[[Table], Collection[str]] | None = None

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", FieldKind(self.kind))
        except ValueError:
            raise ValueError(f"unknown field kind {self.kind!r}") from None
        if isinstance(self.instead_of, str):
            object.__setattr__(self, "instead_of", (self.instead_of,) if self.instead_of else ())
        if not self.option:
            object.__setattr__(self, "option", "--" + self.key.replace("_", "-"))

    @property
    def repeatable(self) -> bool:
        return self.kind in _REPEATABLE

    def is_relevant(self, table: Table, raw: Mapping[str, Any]) -> bool:
        return self.applies is None or self.applies(table, raw)

    def said(self, answer: object) -> str:
        """An answer as a person reads it, in his language: a choice by its word, not its
        spelling for options (``garde sans``, ``cœur``), a tagged player as ``Ann double``,
        several answers one after the other.

        >>> f = Field("contract", FieldKind.CHOICE, "Contract?", "",
        ...           choices=(Choice("garde-sans", "garde sans (gs)"),))
        >>> f.said("garde-sans"), f.said("gs?")
        ('garde sans', 'gs?')
        >>> Field("poignee", FieldKind.PLAYER_TAG, "Poignée?", "",
        ...       choices=(Choice("simple"), Choice("double"))).said(["Ann:double", "Bob"])
        'Ann double, Bob'
        """
        if isinstance(answer, list | tuple):
            return ", ".join(self.said(one) for one in answer)
        if not isinstance(answer, str):  # a number given as one
            return str(answer)
        if self.kind is FieldKind.PLAYER_TAG and ":" in answer:
            name, _, tag = answer.partition(":")
            return f"{name} {self._word(tag)}"
        return self._word(answer) if self.kind is FieldKind.CHOICE else answer

    def _word(self, text: str) -> str:
        """A choice's word: its label without what the label explains in parentheses."""
        choice = next((c for c in self.choices if c.matches(text)), None)
        if choice is None:
            return text
        return tr(choice.label).split(" (")[0] if choice.label else str(choice.value)

    @property
    def picked(self) -> bool:
        """Whether its choices are picked from a list, each by its key, rather than typed
        (coinche's thirteen contracts are typed, and so are announcements)."""
        if self.kind not in (FieldKind.CHOICE, FieldKind.PLAYER_TAG):
            return False
        return sum(c.value.isdigit() for c in self.choices) <= MOST_NUMBERS_PICKED

    def choice_title(self, table: Table, choice: Choice) -> str:
        """How a choice is worded in its list, in the user's language (``garde sans``,
        ``double (10 trumps)``)."""
        if self.describe is not None:
            return tr(self.describe(table, choice))
        return tr(choice.label) if choice.label else str(choice.value)

    def choice_keys(self, table: Table) -> dict[str, str]:
        """The key each choice answers to in its list, in the user's language: the keys of
        the list of every choice, so that an entry a round leaves out gives its key to no
        other, and a line reads a key as the list does; none for a typed field.

        >>> f = Field("contract", FieldKind.CHOICE, "Contract?", "",
        ...           choices=(Choice("garde"), Choice("garde-sans", "garde sans")))
        >>> f.choice_keys(Table("tarot", ("Ann",), None))
        {'garde': 'g', 'garde-sans': 's'}
        """
        if not self.picked:
            return {}
        titles = [self.choice_title(table, c) for c in self.choices]
        keys = shortcut_keys(titles)
        return {str(c.value): key for c, key in zip(self.choices, keys, strict=True) if key}

    def offered_choices(self, table: Table) -> tuple[Choice, ...]:
        """The choices this table's rules take (:attr:`offered`)."""
        if self.offered is None:
            return self.choices
        taken = self.offered(table)
        return tuple(c for c in self.choices if c.value in taken)

    def excludes(self, other: Field) -> bool:
        """Whether an answer to this field makes ``other``'s answer void: one is typed
        instead of the other, or both are answers of one question (``asked_as``)."""
        if other.key == self.key:
            return False
        if other.key in self.instead_of or self.key in other.instead_of:
            return True
        return bool(self.asked_as) and self.asked_as == other.asked_as


def is_given(value: Any) -> bool:
    """Whether a raw value was given: not None, not an empty string, list or False."""
    if isinstance(value, str):
        return bool(value.strip())
    return bool(value)


def reject_inapplicable(fields: Sequence[Field], raw: Mapping[str, Any], table: Table) -> None:
    """Refuse any field given where it does not apply (``--called`` at 4 players…)."""
    for f in fields:
        if is_given(raw.get(f.key)) and not f.is_relevant(table, raw):
            reason = msg(f.unavailable) if f.unavailable else msg("does not apply to this round")
            raise InputError(msg("{option}: {reason}", option=f.option, reason=reason))


def split_pair(text: str, sep: str, *, what: str, example: str) -> tuple[str, str | None]:
    """Split ``NAME<sep>VALUE`` (the value may be absent): ``("Bob", "double")``.

    >>> split_pair("Bob:double", ":", what="--poignee", example="NAME:double")
    ('Bob', 'double')
    >>> split_pair("Bob", ":", what="--poignee", example="NAME:double")
    ('Bob', None)
    """
    name, found, value = text.partition(sep)
    if not name.strip() or (found and not value.strip()):
        raise InputError(
            msg(
                "{what}: {text!r} is not of the form {example}",
                what=what,
                text=text,
                example=example,
            )
        )
    return name.strip(), (value.strip() if found else None)


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


class about:
    """Give an error a shared helper raises (``find_player``, ``parse_int``,
    ``pick_choice``) the key of the round field it is about, so that the prompts ask that
    question again; an error that names its field already, or ``key`` None, goes as it is.

    A class rather than a generator: every round read from a file passes through several
    of them, and a generator's context manager costs five times as much.

    >>> with about("winner"):
    ...     raise InputError("--winner: unknown player 'Zed'")
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --winner: unknown player 'Zed'
    >>> try:
    ...     with about("winner"):
    ...         raise InputError("--winner: unknown player 'Zed'")
    ... except InputError as exc:
    ...     exc.field
    'winner'
    """

    __slots__ = ("key",)

    def __init__(self, key: str | None) -> None:
        self.key = key

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, _: Any
    ) -> bool:
        if isinstance(error, InputError) and error.field is None and self.key is not None:
            raise InputError(error.args[0], field=self.key) from None
        return False


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


def check_text(text: str, *, what: str) -> None:
    """Refuse a name, title or team name holding a character that could drive a terminal
    or hide itself (:data:`UNSAFE_TEXT`); ``what`` is the option that gave it.

    >>> check_text("Ann", what="--names")
    >>> check_text(chr(27) + "]0;pwned", what="--names")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --names: a name or title cannot hold ... U+001B (got ...)
    """
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
            check_text(name, what=what)
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


# --------------------------------------------------------------------------------------------
# Tables


@dataclass(frozen=True)
class Table:
    """Who plays, under which parameters: everything a round's scoring depends on besides
    the round itself.

    A table that changed during the game (a player joined, left or was replaced) plays
    from round ``first`` on, and the first of its rounds is dealt by ``players[seat]``.

    >>> t = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), params=None)
    >>> t.dealer(1), t.dealer(6)
    ('Ann', 'Bob')
    >>> t.find_player("b"), t.find_player("CYD")
    ('Bob', 'Cyd')
    >>> Table("tarot", ("Ann", "Bob", "Cyd"), None, first=12, seat=2).dealer(13)
    'Ann'
    """

    game: str
    players: tuple[str, ...]
    params: Any
    teams: tuple[str, ...] = ()
    first: int = 1  # the first round this table plays
    seat: int = 0  # the index of the player who deals round ``first``

    def dealer(self, number: int) -> str:
        """The dealer of round ``number`` (1-based): the deal passes one seat a round."""
        return self.players[(self.seat + number - self.first) % len(self.players)]

    def find_player(
        self, text: str, *, what: str = "player", among: Sequence[str] | None = None
    ) -> str:
        """Resolve a name typed by a person: case- and accent-blind, a unique prefix is enough.

        An exact name always wins over a prefix, among *all* the players: when it names a
        player outside ``among`` (the mort at 6-player tarot), it is refused, never read as
        the prefix of another name.  A prefix is read only when no player has that exact name,
        and only among ``among`` (the players who can be named).

        >>> t = Table("tarot", ("Jean", "Jean-Luc", "Cyd"), params=None)
        >>> t.find_player("je", among=("Jean-Luc", "Cyd"))
        'Jean-Luc'
        >>> t.find_player("JEAN", what="--x", among=("Jean-Luc", "Cyd"))
        Traceback (most recent call last):
        ...
        cardscore.games.base.InputError: --x: Jean cannot be named here (players: Jean-Luc, Cyd)
        """
        pool = tuple(among) if among is not None else self.players
        wanted = fold(text)
        if not wanted:
            raise InputError(
                msg(
                    "{what}: a player's name is needed ({players})",
                    what=what,
                    players=", ".join(pool),
                )
            )
        exact = _exactly_named(wanted, pool) or _exactly_named(wanted, self.players)
        if exact is not None:
            if exact not in pool:
                raise InputError(
                    msg(
                        "{what}: {player} cannot be named here (players: {players})",
                        what=what,
                        player=exact,
                        players=", ".join(pool),
                    )
                )
            return exact
        prefixed = [p for p in pool if fold(p).startswith(wanted)]
        if len(prefixed) == 1:
            return prefixed[0]
        if prefixed:
            raise InputError(
                msg(
                    "{what}: {text!r} is ambiguous ({matches})",
                    what=what,
                    text=text,
                    matches=", ".join(prefixed),
                )
            )
        raise InputError(
            msg(
                "{what}: unknown player {text!r} (players: {players})",
                what=what,
                text=text,
                players=", ".join(pool),
            )
        )


def _exactly_named(folded: str, players: Sequence[str]) -> str | None:
    """The player whose name, folded, is ``folded`` (names are distinct once folded)."""
    return next((p for p in players if fold(p) == folded), None)


# --------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class RoundResult:
    """The score of one round: every column's points and the terms that produced them.

    ``carry`` is what this round hands to the next one (the points held after a litige at
    belote); ``held`` is how many points wait for the next round, for display; ``record``
    is what the round was, the data the scores and the breakdown were made from.
    """

    scores: Mapping[str, int]
    breakdown: tuple[str, ...]
    carry: Any = None
    held: int = 0
    #: what the round was (see :mod:`cardscore.games.record`), for the statistics and
    #: ``show --json``; ``None`` from a game that does not build one yet
    record: RoundRecord | None = None


@dataclass(frozen=True)
class Outcome:
    """Where the game stands after some rounds."""

    finished: bool = False
    winner: str | None = None


# --------------------------------------------------------------------------------------------
# Parameters


class Parameter(NamedTuple):
    """One parameter of a rule set as a person reads it (``cardscore rules``, the sheets)."""

    #: the key as ``--set`` takes it (``value-garde``)
    key: str
    #: the value as ``--set`` takes it (booleans on/off), or as the game words it
    shown: str
    #: what it does (an English msgid, translated where it is shown)
    help: str
    #: the values ``--set`` accepts, for a parameter with a closed set of them
    choices: tuple[str, ...] = ()
    #: what it is, in a few words (an English msgid: ``half points``), for the sheets
    label: str = ""


def describe_params(
    params: Any, shown: Callable[[str, Any], str | None] | None = None, *, in_force: bool = False
) -> tuple[Parameter, ...]:
    """Every parameter of a rule set, in declaration order.  ``shown`` may word a value
    where the stored one would mislead (rami's automatic target, stored as 0); it returns
    ``None`` to keep the value.  With ``in_force``, only the parameters that apply under
    the others (not the maison values of a tarot scored the fft way: see
    :func:`param_field`'s ``applies``).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     half_points: bool = param_field(True, "count half points", label="half points")
    ...     value_garde: int = param_field(40, "a garde's value")
    >>> [(p.key, p.shown, p.label) for p in describe_params(P())]
    [('half-points', 'on', 'half points'), ('value-garde', '40', 'value-garde')]
    >>> describe_params(P())[1].help
    "a garde's value"
    >>> @dataclass(frozen=True)
    ... class Q:
    ...     half_points: bool = param_field(False, "count half points")
    ...     value_garde: int = param_field(40, "a garde's value", applies=lambda p: p.half_points)
    >>> [p.key for p in describe_params(Q(), in_force=True)], len(describe_params(Q()))
    (['half-points'], 2)
    """
    rows = []
    for f in dataclasses.fields(params):
        applies = f.metadata.get("applies")
        if in_force and applies is not None and not applies(params):
            continue
        value = getattr(params, f.name)
        text = (msg("on") if value else msg("off")) if isinstance(value, bool) else str(value)
        text = f.metadata.get("words", {}).get(value, text)  # a choice, as the user says it
        if shown is not None:
            text = shown(f.name, value) or text
        key = f.name.replace("_", "-")
        rows.append(
            Parameter(
                key,
                text,
                str(f.metadata.get("help", "")),
                tuple(f.metadata.get("choices", ())),
                str(f.metadata.get("label") or key),
            )
        )
    return tuple(rows)


def params_from_dict(params_cls: type, data: Mapping[str, Any]) -> Any:
    """Rebuild a frozen parameter dataclass from its stored dict, ignoring unknown keys
    (a newer file) and, for keys it does not have (an older one), the value the class's
    ``FORMERLY`` mapping gives (a parameter added later whose default scores differently
    from what older files meant), else the class default."""
    fields = {f.name: f for f in dataclasses.fields(params_cls)}
    values = dict(getattr(params_cls, "FORMERLY", {}))
    for key, value in data.items():
        if key in fields:
            _check_param(fields[key], value)
            values[key] = value
    return params_cls(**values)


def _check_param(f: dataclasses.Field, value: Any) -> None:
    """A stored parameter is one ``--set`` takes: of its default's type, a number within
    0 to :data:`PARAM_MOST`, a word one of its choices.  A file may hold anything (see
    :mod:`cardscore.schema`).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     value_garde: int = param_field(40, "a garde's value")
    >>> params_from_dict(P, {"value_garde": 10**400})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: parameter value_garde: '1000000000000000000…' is not one it takes
    """
    choices = f.metadata.get("choices")
    kind = next(k for k in (bool, int, str) if isinstance(f.default, k))  # (a StrEnum: str)
    if (
        not isinstance(value, kind)
        or (kind is int and (isinstance(value, bool) or not 0 <= value <= PARAM_MOST))
        or (choices and value not in choices)
    ):
        shown = repr(value)  # (a number of 400 digits is said by its first ones)
        raise ValueError(
            msg(
                "parameter {name}: {value!r} is not one it takes",
                name=f.name,
                value=value if len(shown) <= 20 else shown[:19] + "…",
            )
        )


def _said(word: str) -> set[str]:
    """``word`` (``on``, ``off``) as every language says it (``oui``, ``non``), folded."""
    from cardscore.i18n import LANGUAGES, load_catalog

    return {fold(load_catalog(lang).get(word, word)) for lang in LANGUAGES}


#: the largest whole number a rule parameter takes (a value, a target): the 12 digits
#: ``--set`` reads (:func:`parse_int`), far beyond any game's scores, and within what every
#: sheet and chart can draw.  The same bound holds for a parameter read from a file
#: (:func:`params_from_dict`) and for a target given by hand (``--target``).
PARAM_MOST = 10**12 - 1


def apply_settings(params: Any, settings: Sequence[str]) -> Any:
    """Apply ``KEY=VALUE`` overrides (``--set``) to a parameter dataclass.

    Values are converted to the field's type: ``on/off/yes/no/true/false`` for booleans,
    whole numbers for ints, and a string among the documented ones otherwise.
    """
    fields = {f.name.replace("_", "-"): f for f in dataclasses.fields(params)}
    changes: dict[str, Any] = {}
    for setting in settings:
        key, sep, value = setting.partition("=")
        name = key.strip().lower().replace("_", "-")
        if not sep or name not in fields:
            accepted = ", ".join(sorted(fields))
            raise InputError(
                msg(
                    "--set: {setting!r} is not KEY=VALUE with KEY among: {accepted}",
                    setting=setting,
                    accepted=accepted,
                )
            )
        f = fields[name]
        current = getattr(params, f.name)
        value = value.strip()
        if isinstance(current, bool):
            folded = fold(value)
            if folded in {"on", "yes", "true", "1", "oui"} | _said("on"):
                changes[f.name] = True
            elif folded in {"off", "no", "false", "0", "non"} | _said("off"):
                changes[f.name] = False
            else:
                raise InputError(
                    msg("--set {name}: {value!r} is not on or off", name=name, value=value)
                )
        elif isinstance(current, int):
            # (at most 12 digits, as parse_int reads a number: PARAM_MOST)
            changes[f.name] = parse_int(value, what=f"--set {name}", low=0)
        else:
            allowed = f.metadata.get("choices")
            if allowed:
                value = _choice(f, value)
            changes[f.name] = value
    return dataclasses.replace(params, **changes)


def _choice(f: dataclasses.Field, value: str) -> str:
    """The choice of parameter ``f`` that ``value`` names: the choice itself or its word in
    any language (``gardée``, ``beholdt`` for ``kept``)."""
    from cardscore.i18n import LANGUAGES, load_catalog

    allowed, words = f.metadata["choices"], f.metadata.get("words", {})
    folded = fold(value)  # (fold joins words with "-": "garde sans" and "garde-sans" are one)
    for choice in allowed:
        said = {choice}
        if choice in words:
            said |= {load_catalog(lang).get(words[choice], words[choice]) for lang in LANGUAGES}
        if folded in {fold(word) for word in said}:
            return str(choice)
    raise InputError(
        msg(
            "--set {name}: {value!r} is not accepted ({accepted})",
            name=f.name.replace("_", "-"),
            value=value,
            accepted=", ".join(tr(words.get(choice, choice)) for choice in allowed),
        )
    )


def param_field(
    default: Any,
    help: str,
    choices: Sequence[str] | Mapping[str, str] = (),
    applies: Callable[[Any], bool] | None = None,
    *,
    label: str = "",
) -> Any:
    """Declare a documented parameter of a rule set (see :func:`apply_settings`).

    ``label`` says what it is in a few words (``half points``: the sheets' rule line);
    ``choices`` are the values it takes, or each value with the word a user reads and
    types for it (an English msgid, said in his language: ``{"kept": msg("kept")}``:
    ``--set`` takes the value or its word in any language); ``applies``
    tells from the whole rule set whether it counts (the maison values only under maison
    scoring), so that a sheet lists only the parameters in force."""
    metadata: dict[str, Any] = {"help": help}
    if label:
        metadata["label"] = label
    if choices:
        metadata["choices"] = tuple(choices)
        if isinstance(choices, Mapping):
            metadata["words"] = dict(choices)
    if applies is not None:
        metadata["applies"] = applies
    return field(default=default, metadata=metadata)


# --------------------------------------------------------------------------------------------
# Games


class Game(Protocol):
    """What every game module provides (as a module-level object named ``GAME``)."""

    name: str
    #: the game's name as a title says it (``Tarot``), in every language
    title: Msg
    #: the parameter holding the score that ends the game (``None``: no target)
    target_param: str | None
    #: whether its players play in fixed teams, in fixed seats (nobody joins or leaves)
    fixed_teams: bool
    params_cls: type
    presets: Mapping[str, Any]
    default_preset: str
    #: what each rule set is, in one short line (the rule-set question says it after the name;
    #: ``cardscore rules`` says all of it); a rule set with nothing to tell has none
    preset_lines: Mapping[str, str]
    fields: tuple[Field, ...]
    #: a round as a session file holds it, typed (see :meth:`check_stored`)
    stored_type: type[Stored]
    min_players: int
    #: whether the lowest total is the best (rami) rather than the highest
    lower_wins: bool
    max_players: int
    #: whether the game ends by itself (its target reached): tarot does not
    has_set_end: bool
    #: whether a round can hold points over to the next (belote's litige)
    holds_points: bool
    #: what its statistics need said (messages)
    stats_notes: tuple[str, ...]
    #: how its statistics are shown (:mod:`.figures`)
    stats_view: StatsView

    def count_round(self, row: Any, record: Any, tally: Tally) -> None:
        """Count a replayed round into the statistics' counters (:mod:`.tally`)."""

    def own_figures(self, figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """A player's own figures at this game, from his counters added up."""

    def match(self, per_player: Mapping[str, Any], winners: Sequence[str]) -> tuple[Side, ...]:
        """A counted session as one match of the league (its sides ranked, best first), from
        its players' counters and its winners."""

    def check_stored(self, inp: Any, table: Table | None, number: int | None = None) -> None: ...

    def check_players(self, players: Sequence[str], params: Any) -> None:
        """Raise :class:`InputError` unless this many players can play."""

    def summary(self, params: Any) -> tuple[str, ...]:
        """The rules of a rule set in a few sentences (``cardscore rules``)."""

    def goal(self, table: Table) -> int | None:
        """The total that ends the game, or ``None`` when the game has no set end."""

    def undecided(self, finished: bool, rounds: int, seats: int) -> Msg | None:
        """Why a session of ``rounds`` rounds at a table of ``seats`` players decides no
        winner for the statistics (a message), or ``None`` when it does: a session left
        after one round is nobody's win."""

    def columns(self, table: Table) -> tuple[str, ...]:
        """The score columns: the players, or the teams."""

    def sitting_out(self, table: Table, number: int) -> str | None:
        """The player who sits out round ``number`` (the mort at 6-player tarot)."""

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate raw answers and return the round's stored input."""

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        """Score a stored round input, given what the previous round carried.

        With ``explain=False`` the numbers are the same but no breakdown is built (an empty
        one): replaying a session asks only for them, the breakdown of a round is worked
        out again when it is shown."""

    def explained(self, record: Any, table: Table) -> tuple[str, ...] | None:
        """The breakdown ``score(..., explain=True)`` writes, from the ``record`` a score
        without ``explain`` returned (the round not scored again), or ``None`` when this
        game writes it only while scoring."""

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        """Whether the game is over after a round leaving these totals, and who won."""

    def answers(self, inp: Mapping[str, Any], table: Table) -> dict[str, Any]:
        """The raw answers a stored round input was built from, keyed by field: what
        ``build_round`` reads back into the same input (``build_round(answers(inp), table,
        number) == inp``).  A correction changes some answers and builds the round again;
        the prompts offer them as defaults; a history line names those that changed."""

    def headline(self, inp: Mapping[str, Any], table: Table, record: Any) -> str:
        """The round in one short line for lists and the history, from its input and its
        record (``Bob garde (Dan), 2 bouts, 49 → made by 8``): a message."""

    def played(self, inp: Mapping[str, Any], table: Table, record: Any = None) -> str:
        """What was played, short enough for a column of the printed sheet: the taker, the
        contract (called player, trump, coinche level) and the points, then what else
        mattered and by whom (``Bob garde (Dan) 2b 49, poignée simple Ann``, ``Sud 100 ♥
        coinché, 98, fallen``, ``Ann out``): a message.  ``record`` is the round's record
        (``None``: not known), for what only scoring tells (a litige, a fallen contract); the
        scores say the rest of the outcome."""

    def default_team_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The teams' names when the table gives none; ``()`` for a game without teams."""

    def renamed(self, inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """A stored round input with its players renamed (``names``: old name → new name;
        the others kept): a typo corrected everywhere."""

    def second_thoughts(self, inp: Mapping[str, Any], table: Table) -> Sequence[tuple[str, str]]:
        """The questions worth asking again about an accepted round, each with why
        (``(field key, message)``): a capot contract that looks made without its capot."""

    def asked(self, f: Field, table: Table, raw: Mapping[str, Any]) -> Field | None:
        """``f`` as the prompts ask it given the answers so far, or ``None``: not asked."""

    def shown_param(
        self, params: Any, name: str, players: Sequence[str] | None = None
    ) -> str | None:
        """How a parameter reads where its stored value would mislead (rami's automatic
        target, stored as 0), or ``None`` to show the value."""

    def goal_text(self, table: Table) -> str | None:
        """The game's end in words for this table (``target 300 (100 per opponent)``), or
        ``None`` where the totals table says nothing of it."""


# --------------------------------------------------------------------------------------------
# Rounds read from a file


#: the schema version of the file whose rounds are being read (``None``: a round typed now).
#: A check added to typing after some files were saved must not turn them into damaged
#: files: such a check asks :func:`checked_since` whether it judges the round being read.
_TYPED_UNDER: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "typed_under", default=None
)


#: the first schema whose files were all typed under the bounds cardscore added to typing
#: after its first files were saved: tarot's points by bouts and everything about a chelem
#: (what it leaves each side, the petit au bout), rami's hands (at most 14 cards, worth at
#: most 14 times the highest card).  The rounds of an older file are read without them, as
#: they were typed: it keeps every round and every number it had.
BOUNDS_SCHEMA = 4


@contextlib.contextmanager
def typed_under(version: int) -> Iterator[None]:
    """Read rounds (``build_round``) as a file of schema ``version`` holds them: typed under
    the checks of that version, none added since.

    >>> with typed_under(3):
    ...     checked_since(3), checked_since(4)
    (True, False)
    >>> checked_since(4)
    True
    """
    token = _TYPED_UNDER.set(version)
    try:
        yield
    finally:
        _TYPED_UNDER.reset(token)


def checked_since(version: int) -> bool:
    """Whether a check of typing added with schema ``version`` judges the round being read:
    a round typed now, or read from a file of that version or a later one."""
    under = _TYPED_UNDER.get()
    return under is None or under >= version


class Stored(msgspec.Struct, forbid_unknown_fields=False):
    """The base of a game's ``stored_type``: a round as a session file holds it, typed (keys
    it does not know are kept in the file, and left alone here)."""

    def names(self) -> list[str]:
        """The players the round names (each must be at its table)."""
        return []

    def check(self, table: Table) -> None:
        """Refuse what cannot be at ``table`` (a ``ValueError``); nothing by default."""


def _short_json(value: Any) -> str:
    """A value as a file writes it, cut short: ``null``, ``"Ann"``, ``[["Ann", "simple"]]``."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


class GameDefaults:
    """What a game says when it has nothing particular to say: no teams, nothing to ask
    again, parameters shown as stored, no words for its end.  The games derive from it and
    override what they have.

    >>> d = GameDefaults()
    >>> d.default_team_names(["Ann", "Bob"]), d.second_thoughts({}, None), d.goal_text(None)
    ((), (), None)
    """

    preset_lines: Mapping[str, str] = MappingProxyType({})
    #: whether a game ends by itself (a target reached); tarot is played until the table stops
    has_set_end: bool = True
    #: whether a round can hold points over to the next (belote's litige)
    holds_points: bool = False
    #: the parameter that holds the score ending the game (``new --target``, ``table
    #: --target``); ``None``: the game has no target (tarot is played until the table stops)
    target_param: str | None = None
    #: whether its players play in fixed teams, in fixed seats (belote, coinche: two teams
    #: of two): nobody joins or leaves, a player is replaced
    fixed_teams: bool = False
    #: what its statistics need said (how a session is won, which way the points count)
    stats_notes: tuple[str, ...] = ()

    @property
    def stats_view(self) -> StatsView:
        """How its statistics are shown beyond every game's figures: by default nothing
        more (the statistics' modules are imported only by ``stats``)."""
        from cardscore.games.figures import StatsView

        return StatsView()

    def default_team_names(self, players: Sequence[str]) -> tuple[str, ...]:
        return ()

    def undecided(self, finished: bool, rounds: int, seats: int) -> Msg | None:
        """A game with a set end is won when it is over.

        >>> GameDefaults().undecided(False, 12, 4)
        'not finished'
        """
        return None if finished else msg("not finished")

    def count_round(self, row: Any, record: Any, tally: Tally) -> None:
        """Count a replayed round (``row``, its ``record``) into the statistics' ``tally``:
        by default what every game has, each score column at the table but the one sitting
        out playing the round (see :mod:`cardscore.games.tally`)."""
        for column in row.columns:
            if column != row.mort:
                score, total = int(row.scores.get(column, 0)), int(row.totals.get(column, 0))
                tally.played(tally.player(column), score, total=total)

    def own_figures(self, figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        """A player's own figures at this game from his counters added up across sessions
        (``names``: each folded name as shown); by default none beyond every game's."""
        return {}

    def match(self, per_player: Mapping[str, Any], winners: Sequence[str]) -> tuple[Side, ...]:
        """A counted session as one match of the league: by default every player on his
        own, ranked by his final total (:func:`~cardscore.games.tally.free_for_all`)."""
        from cardscore.games.tally import free_for_all

        return free_for_all(per_player, lower_wins=getattr(self, "lower_wins", False))

    def check_stored(self, inp: Any, table: Table | None, number: int | None = None) -> None:
        """Refuse a stored input (read from a file) this game could not have written: of
        another shape than its ``stored_type``, or (with a ``table``) naming a player who is
        not at it, or saying what cannot be at it (``stored_type.check``).  With its round's
        ``number`` (a round of the session, at its own table), a round ``add`` would not
        have saved (:meth:`check_typed`).  Raises a ``ValueError`` that says what is wrong."""
        if not isinstance(inp, dict):
            raise ValueError(msg("a round is not an object"))
        stored = msgspec.convert(inp, self.stored_type)  # type: ignore[attr-defined]
        if table is None:
            return
        for name in stored.names():
            if name not in table.players:
                raise ValueError(msg("{name!r} is not at the table", name=name))
        stored.check(table)
        if number is not None:
            self.check_typed(inp, stored, table, number)

    def check_typed(self, inp: Mapping[str, Any], stored: Any, table: Table, number: int) -> None:
        """Refuse a stored round that ``add`` would not have saved as round ``number`` at
        ``table``: the same checks as a round typed, by the same code, its answers
        (:meth:`answers`) built again (:meth:`build_round`) must give the round back, key
        for key (``stored``: the round as its stored type read it, which gives a key the
        file leaves out its default).  Raises a ``ValueError`` that says what is wrong.

        >>> from cardscore.games import get_game
        >>> tarot = get_game("tarot")
        >>> table = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), tarot.presets["fft"])
        >>> inp = tarot.build_round({"taker": "Ann", "contract": "garde", "bouts": "2",
        ...                          "points": "49"}, table, 1)
        >>> tarot.check_stored(inp, table, 1)
        >>> tarot.check_stored({**inp, "poignees": [["Ann", "simple"]] * 2}, table, 1)
        Traceback (most recent call last):
        ...
        ValueError: --poignee: Ann has two poignées (one per player)
        """
        try:
            built = self.build_round(self.answers(inp, table), table, number)  # type: ignore[attr-defined]
        except InputError as exc:
            raise ValueError(exc.args[0]) from None
        except Exception:  # answers the reader cannot even read back (a null where a team is)
            raise ValueError(msg("not a round cardscore saves")) from None
        # each key as the file holds it (JSON: lists, not tuples), or as its type defaults it
        kept = {
            key: inp[key] if key in inp else getattr(stored, key)
            for key in stored.__struct_fields__
        }
        differ = [key for key, value in kept.items() if built.get(key) != value]
        if differ:
            raise ValueError(
                msg(
                    "{keys}: not as cardscore saves this round (it saves {saved})",
                    keys=", ".join(differ),
                    saved=", ".join(f"{key}: {_short_json(built.get(key))}" for key in differ),
                )
            )

    def explained(self, record: Any, table: Table) -> tuple[str, ...] | None:
        return None  # the round is scored again, with its breakdown

    def second_thoughts(self, inp: Mapping[str, Any], table: Table) -> Sequence[tuple[str, str]]:
        return ()

    def asked(self, f: Field, table: Table, raw: Mapping[str, Any]) -> Field | None:
        """``f`` as the prompts ask it given the answers so far (its question worded for a
        renonce…), or ``None`` where they do not ask it (``add`` may still take it)."""
        return f

    def shown_param(
        self, params: Any, name: str, players: Sequence[str] | None = None
    ) -> str | None:
        return None

    def goal_text(self, table: Table) -> str | None:
        return None
