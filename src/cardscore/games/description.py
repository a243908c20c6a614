"""The description of a round's data: its fields (:class:`Field`, of a :class:`FieldKind`),
their choices (:class:`Choice`) and how a one-line round says them (:class:`Words`).

Described once, a field drives the ``add`` options, the interactive prompts, the one-line
grammar (:mod:`cardscore.games.line`) and the checks of a round.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from enum import StrEnum
from typing import Any

from msgspec import Struct
from msgspec.structs import force_setattr

from cardscore.games.errors import InputError
from cardscore.games.names import fold
from cardscore.games.table import Table
from cardscore.i18n import Msg, msg, tr


class Choice(Struct, frozen=True, dict=True):
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


class Words(Struct, frozen=True):
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


class Field(Struct, frozen=True):
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
            force_setattr(self, "kind", FieldKind(self.kind))
        except ValueError:
            raise ValueError(f"unknown field kind {self.kind!r}") from None
        if isinstance(self.instead_of, str):
            force_setattr(self, "instead_of", (self.instead_of,) if self.instead_of else ())
        if not self.option:
            force_setattr(self, "option", "--" + self.key.replace("_", "-"))

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
