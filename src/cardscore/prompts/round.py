"""Asking one round, driven by the game's field descriptions.

(Over 600 lines: one class asks a round; its parts — the twins, the lists, the boxes, a
correction's defaults — share its state.)

The questions, their choices and their validation all come from ``game.fields`` and
``game.build_round`` — the same description and the same checks as ``cardscore add``:

* a field is asked only where it applies (:meth:`Field.is_relevant`);
* choices the rules would refuse are not offered (each is tried against ``build_round``);
* typed answers are checked as they are typed, by running ``build_round`` on the answers so
  far and keeping the errors about this field (their message starts with its option);
* a field with a ``twin`` (the taker's points, the defence's) is asked with it as one
  question, the taker's side's, in every round: a bare number is always the taker's, ``d35``
  answers for the defence;
* flags sharing an ``asked_as`` question are asked as that one question (the coinche level);
* fields sharing an ``among`` question are its boxes (the bonuses), empty by default, and
  only the ticked ones are asked;
* a field an answer stands for is not asked (``instead_of``: a capot's card points);
* every list answers to a key per entry (:func:`cardscore.prompts.ask.select`); Escape goes
  back one question, the answers kept as defaults;
* once every answer is in, the game may want some asked again (``second_thoughts``: a capot
  contract whose team holds everything, without its capot), saying why;
* a round being corrected is asked with its old answers as the defaults (``defaults``: Enter
  keeps each one), and any answer can be asked again later (:meth:`RoundAsker.change`), the
  others kept: the questions it makes newly relevant are asked, the answers it makes
  irrelevant are dropped.

Every text shown is said in the user's language (:func:`cardscore.i18n.tr`): the fields'
questions and choice labels, and the rules' objections — in the prompts' words: nobody typed
an option here, so a refusal names the question, never the option (:func:`in_words`).

Why 740 lines: one asker serves every game and every kind of field (a list, a checkbox of
bonuses, a number, a player's hand, a side's points), with going back, defaults from the
round before and the checks of ``build_round`` at each answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import questionary

from cardscore.games.base import Choice, Field, FieldKind, Game, InputError, Table, is_given
from cardscore.i18n import _, decimal_text, msg, tr
from cardscore.prompts import ask

NOBODY = "—"
#: the answer "none" of a list that stands for a flag (``Field.none_sets``)
_NONE_SET = object()

#: an option a refusal starts with, or that starts a refusal it quotes (``--points: ``,
#: ``--hand Bob : ``, ``…impossible: --points: ``), with what follows it up to the colon
_LEADING = re.compile(r"(^|:\s)(--[a-z][a-z-]*)((?: [^:]+?)?\s?:\s*)")
#: an option named anywhere else (``(see --dix-de-der)``)
_NAMED = re.compile(r"--[a-z][a-z-]*")


def in_words(text: str, fields: Iterable[Field], asking: Field | None = None) -> str:
    """A refusal (already in the user's language) as the prompts say it: each option it
    names is named by its question, in quotes, and the option of the question being asked
    (``asking``) is left out where the refusal starts with it — the question is on the
    screen.  ``cardscore add`` keeps the options: it is where they are typed.

    >>> from cardscore.games.base import Field
    >>> points = Field("points", "number", "The taker's points?", "the points")
    >>> last = Field("dix_de_der", "team", "Who took the last trick?", "the last trick")
    >>> in_words("--points: 95 is out of range (0 to 91)", [points, last], asking=points)
    '95 is out of range (0 to 91)'
    >>> in_words("--points: 95 is out of range (0 to 91)", [points, last])
    "“The taker's points?”: 95 is out of range (0 to 91)"
    >>> in_words("--points: 160 is too many (see --dix-de-der)", [points, last], points)
    '160 is too many (see “Who took the last trick?”)'
    """
    by_option = {f.option: f for f in fields}

    def question(option: str) -> str | None:
        f = by_option.get(option)
        if f is None:
            return None
        return tr(msg("“{question}”", question=msg(f.asked_as or f.label)))

    def leading(found: re.Match[str]) -> str:
        before, option, rest = found.groups()
        if asking is not None and option == asking.option:
            return before  # (``--hand Bob:``: Bob is named by the question too)
        named = question(option)
        return found.group() if named is None else before + named + rest

    text = _LEADING.sub(leading, text)
    return _NAMED.sub(lambda found: question(found.group()) or found.group(), text)


def _said(f: Field, value: Any) -> str:
    """A box's answer as the list of answers says it: ``Ann``, ``Ann double, Bob``."""
    return "" if value is True else f.said(value)


class RoundAsker:
    """Collects the raw answers of one round for ``game`` at ``table``."""

    def __init__(
        self,
        game: Game,
        table: Table,
        number: int,
        check: Callable[[Mapping[str, Any]], None] | None = None,
        defaults: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.table = table
        self.number = number
        # ``check`` validates a whole raw round (by default the game's own build_round).
        self.check = check or (lambda raw: game.build_round(raw, table, number))
        self.keys = {f.key: f for f in game.fields}
        mort = game.sitting_out(table, number)
        self.active = [p for p in table.players if p != mort]
        self.raw: dict[str, Any] = {}
        # the answers offered as defaults the first time a question is asked (a corrected
        # round's old answers); a question asked again offers its current answer
        self.defaults: dict[str, Any] = dict(defaults or {})
        self.correcting = bool(defaults)  # a flag not among them was not set: No
        self.asked: set[str] = set()  # the keys whose question was asked (answered or not)
        # the flags asked as the "none" of another field's list (rami: blocked)
        self.hidden = {f.none_sets for f in game.fields if f.none_sets}
        self.order: list[str] = []  # the questions answered, in order: Escape goes back
        self._needed = False  # the field being asked was ticked: "none" is no answer
        self._prior: Mapping[str, Any] = {}  # the defaults of the question being asked
        self._again: str | None = None  # the key of the question the table asked to change

    # ---- validation ------------------------------------------------------------------------

    def problem(self, f: Field, value: Any) -> str | None:
        """The rules' objection to giving ``f`` this value, given the answers so far, in the
        user's language and the prompts' words, said under ``f``'s question (``None`` if
        there is none)."""
        trial = {**self.raw, f.key: value}
        if f.none_sets:  # a player who went out is not judged against "blocked"
            trial.pop(f.none_sets, None)
        try:
            self.check(trial)
        except InputError as exc:
            if exc.field == f.key:  # an objection to another answer is not this one's
                return in_words(tr(exc.args[0]) if exc.args else str(exc), self.game.fields, f)
        return None

    def said(self, error: Exception) -> str:
        """A refusal of the whole round, in the user's language and the prompts' words
        (its options named by their questions)."""
        text = tr(error.args[0]) if error.args else tr(str(error))
        return in_words(text, self.game.fields)

    def _validator(self, f: Field, wrap: Callable[[str], Any] | None = None):
        def validate(text: str) -> bool | str:
            if wrap is None and not text.strip():
                return True if not f.required else _("an answer is needed")
            return self.problem(f, wrap(text) if wrap else text) or True

        return validate

    # ---- the questions ---------------------------------------------------------------------

    def say(self, text: str) -> None:
        questionary.print(text, style="italic")

    def ask(self) -> dict[str, Any]:
        self._fill()
        self.think_again()
        return self.raw

    def applies(self, f: Field) -> bool:
        """Whether ``f`` is asked given the answers so far: it is relevant (a list whose
        "none" sets a flag judged without it), and no answer stands for it."""
        raw = self.raw
        if f.none_sets and f.none_sets in raw:
            raw = {k: v for k, v in raw.items() if k != f.none_sets}
        if not f.is_relevant(self.table, raw):
            return False
        group = {g.key for g in self.group(f)}
        return not any(
            f.key in g.instead_of and g.key not in group and is_given(self.raw.get(g.key))
            for g in self.game.fields
        )

    def run(self, question: Any) -> Any:
        """Ask a question where Escape goes back (:class:`~cardscore.prompts.ask.GoBack`)."""
        return ask.with_back(question).unsafe_ask()

    def questions(self) -> list[Field]:
        """The round's questions as they are asked, each by its first field (a field with a
        twin stands for "whose points" and the points; a flag for its ``asked_as`` group):
        those that apply to the answers so far."""
        found: list[Field] = []
        skipped: set[str] = set(self.hidden)
        for f in self.game.fields:
            if f.key in skipped or not self.applies(f):
                continue
            group = self.group(f)
            skipped.update(g.key for g in group)
            found.append(f)
        return found

    def group(self, f: Field) -> list[Field]:
        """The fields answered by ``f``'s question: itself and its twin, its flags, the
        boxes of its ``among`` question, or itself and the flag its "none" sets."""
        twin = self.keys.get(f.twin) if f.twin else None
        if twin is not None:
            return [f, twin]
        if f.among:
            return [g for g in self.game.fields if g.among == f.among]
        if f.none_sets:
            return [f, self.keys[f.none_sets]]
        return self._together(f)

    def _fill(self) -> None:
        """Ask every question that applies and was not asked yet; drop the answers that
        no longer apply.  Escape at a question asks the one answered before it again."""
        while True:
            try:
                self._fill_once()
                return
            except ask.GoBack:
                self._back()

    def _fill_once(self) -> None:
        skipped: set[str] = set(self.hidden)
        for f in self.game.fields:
            if f.key in skipped:
                continue
            if not self.applies(f):
                self.raw.pop(f.key, None)
                self.asked.discard(f.key)
                continue
            group = self.group(f)
            skipped.update(g.key for g in group)
            if not any(g.key in self.asked for g in group):
                self.ask_question(f)
                self.order.append(f.key)

    def _back(self) -> None:
        """Forget the answer of the question answered last, kept as its default, for it to
        be asked again (the first question is simply asked again)."""
        if not self.order:
            return
        for g in self.group(self.keys[self.order.pop()]):
            self.asked.discard(g.key)
            if g.key in self.raw:
                self.defaults[g.key] = self.raw.pop(g.key)
            else:  # answered "none": none again by default
                self.defaults.pop(g.key, None)

    def change(self, f: Field) -> None:
        """Ask ``f``'s question again (its current answer is the default), keep the other
        answers, then ask what it made relevant and drop what it made irrelevant.  Asked by
        the table, it is asked even where only "none" is possible."""
        # Every question that applies now has its answer, if only "none" (a round typed as
        # one line says only what it has): after the change, only what it makes relevant.
        self.asked.update(g.key for q in self.questions() for g in self.group(q))
        self._again = f.key
        try:
            self.ask_question(f)
        except ask.GoBack:  # Escape: the change is given up, the answers as they were
            return
        finally:
            self._again = None
        self._fill()
        self.think_again()

    def answer_of(self, f: Field) -> Any:
        """The current answer to ``f``'s question (its twin's, or the flag chosen among its
        group), ``None`` for none."""
        group = self.group(f)
        if f.among:  # the boxes ticked, each with its answer
            ticked = [g for g in group if is_given(self.raw.get(g.key))]
            return [f"{tr(g.title or g.label)} {_said(g, self.raw[g.key])}" for g in ticked]
        for g in group:
            if g.key in self.raw:
                if g.key == f.none_sets:
                    return tr(self._none(f))
                return tr(g.label) if g.asked_as else self.raw[g.key]
        return None

    def question_of(self, f: Field) -> str:
        """``f``'s question as the list of questions says it (the points as the side whose
        points were typed)."""
        group = self.group(f)
        if f.asked_as or f.among:
            return tr(f.asked_as or f.among)
        answered = next((g for g in group if g.key in self.raw), f)
        return tr(self.as_asked(answered).label)

    def as_asked(self, f: Field) -> Field:
        """``f`` as the game has it asked given the answers so far (a renonce's taker is
        asked as who had the most points)."""
        return self.game.asked(f, self.table, self.raw) or f

    def ask_question(self, f: Field) -> None:
        """Ask ``f``'s question (with its twin: the points of one side or the other),
        offering its current answer, or the default given, as the default.  Escape leaves
        the answers as they were before it and goes back (``GoBack``)."""
        group = self.group(f)
        if any(g.key in self.asked for g in group):
            prior = {g.key: self.raw[g.key] for g in group if g.key in self.raw}
        else:
            prior = {g.key: self.defaults[g.key] for g in group if g.key in self.defaults}
        raw, asked = dict(self.raw), set(self.asked)
        try:
            self._ask_group(f, group, prior)
        except ask.GoBack:
            self.raw, self.asked = raw, asked
            raise
        finally:
            self._prior = {}

    def _ask_group(self, f: Field, group: list[Field], prior: dict[str, Any]) -> None:
        twin = group[1] if len(group) == 2 and f.twin and group[1].key == f.twin else None
        if twin is not None and self.game.asked(twin, self.table, self.raw) is None:
            twin = None  # only the points are asked (a renonce: the player's own)
            self.raw.pop(group[1].key, None)
        self.asked.update(g.key for g in group)
        self._prior = prior
        if twin is not None:
            self._ask_sided(f, twin)
        elif f.among:
            self._ask_among(group)
        else:
            self.ask_field(f)

    def _ask_sided(self, first: Field, twin: Field) -> None:
        """The points of ``first``'s side (the taker's), or of ``twin``'s when the number
        starts with its mark (``d35``: the defence's).  A bare number means the taker's in
        every round, whatever side the round before was typed for: a question that changed
        side would turn a keeper's habit into a wrong score."""
        self.raw.pop(first.key, None)
        self.raw.pop(twin.key, None)
        marks = tuple(m for m in twin.words.marks if len(m) == 1)

        def reading(text: str) -> tuple[Field, str]:
            typed = text.strip()
            mark, rest = typed[:1].casefold(), typed[1:].strip()
            return (twin, rest) if rest and mark in marks else (first, typed)

        def validate(text: str) -> bool | str:
            if not text.strip():
                return True
            g, value = reading(text)
            return self.problem(g, value) or True

        hint = msg(
            "{question} ({mark}35: the defence's 35)", question=msg(first.label), mark=marks[0]
        )
        if twin.key in self._prior:  # typed as the defence's: offered as typed, with its mark
            default = marks[0] + decimal_text(str(self._prior[twin.key]))
        else:
            default = decimal_text(str(self._prior.get(first.key) or ""))
        text = self.run(ask.text(tr(hint), default=default, validate=validate))
        if text.strip():
            g, value = reading(text)
            self.raw[g.key] = value

    def _ask_among(self, members: list[Field]) -> None:
        """The boxes of one question (the bonuses), the default answer's ticked, then the
        question of each box ticked: Escape there asks the boxes again."""
        offered = [g for g in members if self.applies(g)]
        for g in members:
            self.raw.pop(g.key, None)
        prior = dict(self._prior)
        ticked = [g.key for g in offered if is_given(prior.get(g.key))]
        while True:
            choices = [
                questionary.Choice(tr(g.title or g.label), g.key, checked=g.key in ticked)
                for g in offered
            ]
            among = members[0].among  # its answer agrees with its noun (« Primes ? aucune »)
            ticked = self.run(ask.checkbox(tr(among), choices, context=among)) or []
            try:
                for g in offered:
                    if g.key in ticked:
                        self._prior = prior
                        self.ask_field(g, needed=True)
                return
            except ask.GoBack:
                for g in offered:
                    self.raw.pop(g.key, None)

    def think_again(self) -> None:
        """Ask again the questions the game finds doubtful given the whole round, after
        saying why (only for a round the rules accept: errors are dealt with elsewhere)."""
        try:
            inp = self.game.build_round(self.raw, self.table, self.number)
        except InputError:
            return
        for key, why in self.game.second_thoughts(inp, self.table):
            self.say(tr(why))
            self._prior = {k: v for k, v in self.raw.items() if k == key}
            kept = dict(self.raw)
            try:
                self.ask_field(self.keys[key])
            except ask.GoBack:  # Escape: the answer as it was
                self.raw = kept
            self._prior = {}

    def _together(self, f: Field) -> list[Field]:
        """The flags asked with ``f`` as one question (``f`` alone if it has none)."""
        if not f.asked_as:
            return [f]
        return [g for g in self.game.fields if g.asked_as == f.asked_as]

    def ask_field(self, f: Field, *, needed: bool = False) -> None:
        """Ask ``f`` alone (``needed``: its box was ticked, "none" is not offered)."""
        if f.asked_as:
            self._ask_together(self._together(f))
            return
        self.raw.pop(f.key, None)
        if f.none_sets:
            self.raw.pop(f.none_sets, None)
        self._needed = needed
        try:
            value = self._ASKERS[f.kind](self, self.as_asked(f))
        finally:
            self._needed = False
        if value is _NONE_SET:
            self.raw[f.none_sets] = True
        elif value not in (None, [], "", False):
            self.raw[f.key] = value

    def _select(
        self,
        f: Field,
        options: list[tuple[str, str]],
        *,
        optional: bool,
        keys: Mapping[str, str] | None = None,
    ) -> str | None:
        allowed = [(title, value) for title, value in options if not self.problem(f, value)]
        # "none" is offered unless the rules already say this answer is needed, or it
        # stands for a flag (rami: nobody went out, the round was blocked).
        none = optional and not self._needed and self.problem(f, None) is None
        if f.none_sets:
            none = self.problem(self.keys[f.none_sets], True) is None
        if not allowed and none and f.key != self._again:
            # nothing but "none" is possible (no team can be capot with the points given):
            # not asked; asked if a changed answer makes something else possible
            self.asked.discard(f.key)
            return None
        if not allowed:
            allowed = options
        choices = [questionary.Choice(title, value) for title, value in allowed]
        if none and f.none_sets:  # the rare case, last: the pointer starts on a player
            choices.append(questionary.Choice(tr(self._none(f)), NOBODY))
        elif none:
            choices.insert(0, questionary.Choice(tr(self._none(f)), NOBODY))
        # a box ticked (a stray Space is enough): its values (a chelem's) start on "none",
        # so that Enter alone adds no bonus
        mistake = self._needed and f.kind is FieldKind.CHOICE and not none
        if mistake:
            said = msg("{no_value} none, ticked by mistake", no_value=NOBODY)
            choices.insert(0, questionary.Choice(tr(said), NOBODY))
        default = self._default_choice(f, [str(c.value) for c in choices])
        if mistake and f.key not in self._prior:
            default = NOBODY
        answer = self.run(ask.select(tr(f.label), choices=choices, default=default, keys=keys))
        if answer == NOBODY:
            return _NONE_SET if f.none_sets else None
        return answer

    def _default_choice(self, f: Field, values: list[str]) -> str | None:
        """Which of ``values`` the default answer to ``f`` is: the same value (its case
        aside), or the one that builds the same round (a team answered as ``taker``);
        "none" when the default has no answer to ``f``."""
        if f.none_sets and self._prior.get(f.none_sets):
            return NOBODY
        if f.key not in self._prior:
            if f.words.default and self.problem(f, f.words.default) is None:
                return self._same_round(f, values, f.words.default)  # the dix de der: taker
            # a box ticked: its list starts on the usual answer (asked again by
            # second_thoughts, a capot is not preselected: "none" stays first)
            start = f.starts_on(self.table, self.raw) if f.starts_on and self._needed else None
            if start is not None:  # the petit au bout: the taker; belote: his team
                return self._matching(f, values, start)
            return None  # the first choice: "none" where it is offered
        return self._matching(f, values, str(self._prior[f.key]))

    def _matching(self, f: Field, values: list[str], given: str) -> str | None:
        """The one of ``values`` that is ``given`` (its case aside), or that builds the same
        round in its place (a team given as ``taker``, a player by a prefix)."""
        for value in values:
            if value.casefold() == given.casefold():
                return value
        return self._same_round(f, values, given)

    def _same_round(self, f: Field, values: list[str], given: Any) -> Any:
        """The one of ``values`` that, in place of ``given``, builds the same round."""
        whole = {**self.defaults, **self.raw, f.key: given}
        try:
            wanted = self.game.build_round(whole, self.table, self.number)
        except InputError:
            return None
        for value in values:
            try:
                if self.game.build_round({**whole, f.key: value}, self.table, self.number) == (
                    wanted
                ):
                    return value
            except InputError:
                continue
        return None

    @staticmethod
    def _none(f: Field) -> str:
        """The first entry of an optional list, "— none".  The placeholder's name tells the
        translators what is missing (a player, a team, a value): French says « personne »,
        « aucune » or « aucun »."""
        if f.none:
            return msg("{nobody} {none}", nobody=NOBODY, none=msg(f.none))
        if f.kind == "player":
            return msg("{nobody} none", nobody=NOBODY)
        if f.kind == "team":
            return msg("{no_team} none", no_team=NOBODY)
        return msg("{no_value} none", no_value=NOBODY)

    def _ask_player(self, f: Field) -> str | None:
        offered = f.who(self.table, self.raw) if f.who else self.active
        players = [p for p in self.active if p in offered]
        return self._select(f, [(p, p) for p in players], optional=not f.required)

    def _ask_team(self, f: Field) -> str | None:
        return self._select(f, [(t, t) for t in self.table.teams], optional=not f.required)

    def _title(self, f: Field, choice: Choice) -> str:
        """How a choice is worded in the list (a value like ``garde`` stays as it is)."""
        if f.describe is not None:
            return tr(f.describe(self.table, choice))
        return tr(choice.label) if choice.label else choice.value

    def _ask_choice(self, f: Field) -> str | None:
        if not f.picked:
            return self._ask_typed_choice(f)
        options = [(self._title(f, c), c.value) for c in f.choices]
        return self._select(f, options, optional=not f.required, keys=f.choice_keys(self.table))

    def _ask_typed_choice(self, f: Field) -> str | None:
        """A choice among many numbers, typed (coinche's contract: ``110``, or ``capot``),
        Tab completing it: a list of thirteen would be read, not picked."""
        from prompt_toolkit.completion import WordCompleter

        numbers = [c.value for c in f.choices if c.value.isdigit()]
        words = [c.value for c in f.choices if not c.value.isdigit()]
        question = msg(
            "{question} ({lowest} to {highest}, {others})",
            question=msg(f.label),
            lowest=numbers[0],
            highest=numbers[-1],
            others=", ".join(words),
        )
        default = str(self._prior.get(f.key) or "")
        answer = self.run(
            ask.text(
                tr(question),
                default=default,
                validate=self._validator(f),
                completer=WordCompleter(words, ignore_case=True),
                complete_while_typing=False,
            )
        )
        return answer.strip() or None

    def _ask_text(self, f: Field) -> str | None:
        default = str(self._prior.get(f.key) or "")
        if f.kind == "number":
            default = decimal_text(default)  # 55,5 in French, as it would be typed
        answer = self.run(ask.text(tr(f.label), default=default, validate=self._validator(f)))
        return answer.strip() or None

    def _ask_flag(self, f: Field) -> bool:
        if f.key in self._prior or not f.no_default or self.correcting:
            default: bool | None = bool(self._prior.get(f.key))
        else:
            default = None  # an answer that decides the round: Enter alone does not say it
        return ask.yes_no(tr(f.label), default=default, back=True)

    def _ask_together(self, flags: list[Field]) -> None:
        """Flags asked as one question: none, or one of them (worded by its label)."""
        for g in flags:
            self.raw.pop(g.key, None)
        offered = [g for g in flags if g.is_relevant(self.table, self.raw)]
        allowed = [g for g in offered if not self.problem(g, True)] or offered
        choices = [questionary.Choice(tr(g.label), g.key) for g in allowed]
        choices.insert(0, questionary.Choice(tr(msg("{no_value} none", no_value=NOBODY)), NOBODY))
        default = next((g.key for g in allowed if self._prior.get(g.key)), NOBODY)
        answer = self.run(ask.select(tr(flags[0].asked_as), choices=choices, default=default))
        if answer != NOBODY:
            self.raw[answer] = True

    def _checked(self, f: Field) -> list[questionary.Choice]:
        """The players as checkbox choices, those of the default answer checked."""
        given = self._prior.get(f.key) or []
        if isinstance(given, str):
            given = [given]
        names = {self._player_of(str(item)).casefold() for item in given}
        offered = f.who(self.table, self.raw) if f.who else self.active
        return [
            questionary.Choice(p, p, checked=p.casefold() in names)
            for p in self.active
            if p in offered
        ]

    def _player_of(self, item: str) -> str:
        """The player of a ``NAME:TAG`` answer (the item itself if it names nobody)."""
        return self._tagged(item)[0] or item

    def _tagged(self, item: str) -> tuple[str | None, str | None]:
        """A ``NAME[:TAG]`` answer's player among the active ones and its tag, the name as
        the questions give it or as a line typed it (a prefix, accents left out:
        ``elise:triple`` is Élise's); a name may hold a ``:`` itself (``Bo:b:double``)."""
        name, sep, tag = item.rpartition(":")
        for who, said in ((item, None), (name, tag)) if sep else ((item, None),):
            try:
                return self.table.find_player(who, among=self.active), said
            except InputError:
                continue
        return None, None

    def _tag_of(self, f: Field, player: str) -> str | None:
        """The tag the default answer gives ``player`` (``None``: the default tag)."""
        for item in self._prior.get(f.key) or []:
            who, tag = self._tagged(str(item))
            if who == player:
                return tag
        return None

    def _ask_players(self, f: Field) -> list[str]:
        answer = self.run(ask.checkbox(tr(f.label), self._checked(f), empty=_("nobody")))
        return list(answer or [])

    def _ask_player_tag(self, f: Field) -> list[str]:
        chosen = self.run(ask.checkbox(tr(f.label), self._checked(f), empty=_("nobody"))) or []
        tags = (
            [c for c in f.choices if not self.problem(f, [f"{chosen[0]}:{c.value}"])]
            if chosen
            else []
        )
        answers: list[str] = []
        for player in chosen:
            if len(tags) > 1:
                default = self._tag_of(f, player)
                values = [c.value for c in tags]
                tag = self.run(
                    ask.select(
                        tr(msg("{question} — {player}:", question=msg(f.label), player=player)),
                        choices=[questionary.Choice(self._title(f, c), c.value) for c in tags],
                        default=default if default in values else None,
                        keys=f.choice_keys(self.table),
                    )
                )
                answers.append(f"{player}:{tag}")
            else:
                answers.append(player)
        return answers

    def _team_defaults(self, f: Field) -> dict[str, list[str]]:
        """The default answer to a ``TEAM:VALUE`` field, by team (a team may be given as
        ``taker``: it is the team that builds the same round)."""
        given = [str(item) for item in self._prior.get(f.key) or []]
        by_team: dict[str, list[str]] = {team: [] for team in self.table.teams}
        for position, item in enumerate(given):
            who, _sep, value = item.rpartition(":")
            team = next((t for t in self.table.teams if t.casefold() == who.casefold()), None)
            if team is None:
                others = given[:position] + given[position + 1 :]
                team = next(
                    (
                        t
                        for t in self.table.teams
                        if self._same_round(f, [[*others, f"{t}:{value}"]], given) is not None
                    ),
                    None,
                )
            if team is not None:
                by_team[team].append(value)
        return by_team

    def _ask_team_value(self, f: Field) -> list[str]:
        answers: list[str] = []
        defaults = self._team_defaults(f)
        kept = True
        for team in self.table.teams:
            # the team's answer as typed, one or several values, by value or by name
            # (``50 20``, ``tierce + carré de valets``): the game reads them
            def wrap(text: str, team: str = team, prev: list[str] = answers) -> list[str]:
                return [*prev, f"{team}:{text.strip()}"] if text.strip() else list(prev)

            question = msg(
                "{question} — {team} (e.g. 50 20, or tierce + carré de valets; empty: none)",
                question=msg(f.label),
                team=team,
            )
            text = self.run(
                ask.text(
                    tr(question),
                    default=" ".join(defaults[team]),
                    validate=self._validator(f, wrap),
                )
            )
            answers = wrap(text)
            kept = kept and text.split() == defaults[team]
        given = list(self._prior.get(f.key) or [])
        if kept and len(given) == sum(map(len, defaults.values())):
            return given  # every default kept: the answers as they were, in their order
        return answers

    def _ask_player_text(self, f: Field) -> list[str]:
        answers: list[str] = []
        who = f.who(self.table, self.raw) if f.who else self.active
        typed: dict[str, str] = {}
        for item in self._prior.get(f.key) or []:
            name, _sep, text = str(item).partition("=")
            typed[name.strip().casefold()] = text.strip()
        for player in who:

            def wrap(text: str, player: str = player, prev: list[str] = answers) -> list[str]:
                return [*prev, f"{player}={text.strip()}"]

            question = msg("{question} — {player}:", question=msg(f.label), player=player)
            text = self.run(
                ask.text(
                    tr(question),
                    default=typed.get(player.casefold(), ""),
                    validate=self._validator(f, wrap),
                )
            )
            answers = wrap(text)
            if f.echo is not None:
                try:
                    echoed = f.echo(self.table, text)
                except InputError:  # accepted only because an earlier answer is off
                    continue
                self.say("  " + tr(msg("{player}: {value}", player=player, value=echoed)))
        return answers

    #: the question asked for each kind of field
    _ASKERS: ClassVar[Mapping[FieldKind, Callable[[RoundAsker, Field], Any]]] = {
        FieldKind.PLAYER: _ask_player,
        FieldKind.TEAM: _ask_team,
        FieldKind.CHOICE: _ask_choice,
        FieldKind.NUMBER: _ask_text,
        FieldKind.INTEGER: _ask_text,
        FieldKind.FLAG: _ask_flag,
        FieldKind.PLAYERS: _ask_players,
        FieldKind.PLAYER_TAG: _ask_player_tag,
        FieldKind.TEAM_VALUE: _ask_team_value,
        FieldKind.PLAYER_TEXT: _ask_player_text,
    }
