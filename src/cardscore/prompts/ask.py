"""The questions questionary would word in English, worded in the user's language.

* :func:`confirm` / :func:`yes_no`: a yes/no question like questionary's ``confirm``, but its
  hint (``(Y/n)``, ``(O/n)`` in French), its answer (``Yes``, ``Oui``) and its keys come from
  the catalog: the first letters of the translated words, and ``y``/``n`` in every language
  (where they do not clash with the translated keys).
* :func:`checkbox`: questionary's ``checkbox`` with its hint translated and its answers too:
  questionary says ``done`` for an empty choice and ``done (3 selections)`` for several.
* :func:`select`: questionary's ``select`` with its hint translated and its entries fitted
  to the terminal: an entry wider than the screen goes on over indented lines instead of
  being cut at the edge (``maison — house rules: …`` at 60 columns).
* :func:`numbered`: a list of numbered entries (Corriger's rounds) that answers to a number
  typed (``1`` ``2`` then Enter: round 12) instead of letter keys.
* :func:`text`, :func:`autocomplete`: questionary's, their question fitted to the terminal
  like every question here (:func:`fitted_question`): a question wider than the screen is
  broken between words, not in the middle of one by the terminal.
* :func:`list_hint`, :func:`checkbox_hint`: the hints under a list or a checkbox question.
* :func:`with_back`, :func:`watching`: a question that Escape leaves for the one before it;
  a question that gives up when something it watches changes.

Nothing here knows a language: every word is a catalog entry (``i18n.tr``).

>>> from cardscore.i18n import set_language
>>> set_language("fr")
>>> yes_no_words(), hint(True), hint(False), sorted(keys())
(('Oui', 'Non'), '(O/n)', '(o/N)', ['N', 'O', 'Y', 'n', 'o', 'y'])
>>> set_language("en")
>>> yes_no_words(), hint(True), sorted(keys().items())[:2]
(('Yes', 'No'), '(Y/n)', [('N', False), ('Y', True)])
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import questionary
from prompt_toolkit import PromptSession
from prompt_toolkit.formatted_text import to_formatted_text
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from questionary.constants import DEFAULT_QUESTION_PREFIX
from questionary.question import Question
from questionary.styles import merge_styles_default

from cardscore.environment import current as environment
from cardscore.games.base import shortcut_keys
from cardscore.i18n import _, msg, pmsg, tr


def yes_no_words() -> tuple[str, str]:
    """``Yes`` and ``No`` in the current language (the answer a yes/no question shows)."""
    return _("Yes"), _("No")


def keys() -> dict[str, bool]:
    """The keys that answer a yes/no question: the first letters of the translated words
    (either case), then English ``y``/``n`` where they are free."""
    found: dict[str, bool] = {}
    for words in (yes_no_words(), ("Yes", "No")):
        for word, value in zip(words, (True, False), strict=True):
            letter = word[:1]
            for key in (letter.lower(), letter.upper()):
                if key and key not in found:
                    found[key] = value
    return found


def hint(default: bool | None) -> str:
    """``(Y/n)`` when Enter says yes, ``(y/N)`` when it says no, ``(y/n)`` when Enter alone
    does not answer, with the language's letters."""
    yes, no = (word[:1] for word in yes_no_words())
    yes, no = (
        yes.upper() if default else yes.lower(),
        no.upper() if default is False else no.lower(),
    )
    return tr(msg("({yes}/{no})", yes=yes, no=no))


def confirm(message: str, default: bool | None = True, **kwargs: Any) -> Question:
    """A yes/no question (questionary's ``confirm``, in the user's language): a key answers
    at once, Enter takes ``default`` (with none, Enter waits for the answer), Ctrl-C
    interrupts."""
    message = fitted_question(message)
    status: dict[str, Any] = {"answer": None, "complete": False}
    answers = keys()
    yes, no = yes_no_words()

    def tokens() -> Any:
        shown = [("class:qmark", DEFAULT_QUESTION_PREFIX), ("class:question", f" {message} ")]
        if not status["complete"]:
            shown.append(("class:instruction", f"{hint(default)} "))
        if status["answer"] is not None:
            shown.append(("class:answer", yes if status["answer"] else no))
        return to_formatted_text(shown)

    bindings = _yes_no_keys(status, answers, default)
    style = merge_styles_default([kwargs.pop("style", None)])
    return Question(PromptSession(tokens, key_bindings=bindings, style=style, **kwargs).app)


def _yes_no_keys(
    status: dict[str, Any], answers: Mapping[str, bool], default: bool | None
) -> KeyBindings:
    """The keys of a yes/no question: a key of ``answers`` answers at once, Enter takes
    ``default`` (none: Enter waits), Backspace takes the answer back, Ctrl-C interrupts;
    ``status`` holds the answer and whether the question is complete."""

    def finish(event: Any) -> None:
        status["complete"] = True
        event.app.exit(result=status["answer"])

    bindings = KeyBindings()

    @bindings.add(Keys.ControlQ, eager=True)
    @bindings.add(Keys.ControlC, eager=True)
    def _interrupt(event: Any) -> None:
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    def answer_with(value: bool) -> Callable[[Any], None]:
        def handler(event: Any) -> None:
            status["answer"] = value
            finish(event)

        return handler

    for key, value in answers.items():
        bindings.add(key)(answer_with(value))

    @bindings.add(Keys.ControlH)
    def _backspace(event: Any) -> None:
        status["answer"] = None

    @bindings.add(Keys.ControlM, eager=True)
    def _enter(event: Any) -> None:
        if status["answer"] is None:
            if default is None:
                return  # a question that decides the round: Enter alone is no answer
            status["answer"] = default
        finish(event)

    @bindings.add(Keys.Any)
    def _other(event: Any) -> None:
        """Any other key does nothing."""

    return bindings


def yes_no(message: str, default: bool | None = True, *, back: bool = False) -> bool:
    """Ask :func:`confirm` and return the answer (Ctrl-C raises ``KeyboardInterrupt``;
    ``back``: Escape raises :class:`GoBack`)."""
    question = confirm(message, default=default)
    return bool((with_back(question) if back else question).unsafe_ask())


class GoBack(Exception):
    """Escape at a question: the question before it is wanted again."""


def with_back(question: Question) -> Question:
    """``question`` where Escape goes back (raises :class:`GoBack`) instead of doing nothing."""
    from prompt_toolkit.key_binding import merge_key_bindings

    bindings = KeyBindings()

    @bindings.add(Keys.Escape, eager=True)
    def _back(event: Any) -> None:
        event.app.exit(exception=GoBack, style="class:aborting")

    app = question.application
    app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(), bindings])
    return question


@dataclass(frozen=True)
class Changed:
    """What a :func:`watching` question gives when it gave up: the text typed so far."""

    typed: str


#: how often a :func:`watching` question looks again (a change shows within this)
WATCH_EVERY = 0.5


def watching(question: Question, changed: Callable[[], bool]) -> Question:
    """``question`` that gives up, answering :class:`Changed`, as soon as ``changed()`` is true
    (asked every :data:`WATCH_EVERY` seconds while it waits): the loop's home sees a round
    saved from another terminal while the keeper has not typed anything yet."""
    import asyncio

    app = question.application

    async def watch() -> None:
        while True:
            await asyncio.sleep(WATCH_EVERY)
            if changed():
                app.exit(result=Changed(app.current_buffer.text))
                return

    app.pre_run_callables.append(lambda: app.create_background_task(watch()))
    return question


def list_hint() -> str:
    """The hint under a list question: its entries answer to their keys and to the arrows."""
    return _("(its key or the arrow keys)")


def checkbox_hint() -> str:
    """The hint under a checkbox question (questionary's own, in the user's language)."""
    return _("(Use arrow keys to move, <space> to select, <a> to toggle, <i> to invert)")


#: what questionary draws before an entry's title: the pointer or its room (`` » ``), its
#: key (``g) ``), and before a disabled one also ``- ``; an entry's continuation lines
#: start under its title
_POINTER = 6
_DISABLED = 2
_INDENT = " " * (_POINTER + 2)
#: questionary's most keys in one list (``1``–``9``, ``0``, ``a``–``z``)
_MOST_KEYS = 36


def fitted_title(title: str, disabled: str | None = None, width: int | None = None) -> str:
    r"""An entry's title broken over lines that fit ``width`` columns (the terminal's by
    default), its continuation lines indented; a disabled entry's reason, which questionary
    writes after the title in brackets, is made room for.

    >>> fitted_title("maison — house rules: garde 40, gaps rounded to ten", width=30)
    'maison — house rules:\n        garde 40, gaps\n        rounded to ten'
    >>> fitted_title("Redo (the last change undone)", "nothing to redo", width=30)
    'Redo (the last change\n        undone)\n       '
    >>> fitted_title("Quit", width=30)
    'Quit'
    """
    if width is None:
        width = environment().screen()[0]
    room = max(width - _POINTER - (_DISABLED if disabled else 0) - 1, 20)
    lines = textwrap.wrap(title, room, subsequent_indent=_INDENT) or [title]
    if disabled:
        reason = len(disabled) + 3  # " (" + reason + ")"
        last = len(lines[-1]) + (_POINTER + _DISABLED if len(lines) == 1 else 0)
        if last + reason > width - 1:
            lines.append(_INDENT[:-1])  # the reason on a line of its own
    return "\n".join(lines)


#: the room kept after a question's last line for its hint and a short answer (``(o/N) Non``)
_ANSWER_ROOM = 12


def fitted_question(message: str, width: int | None = None) -> str:
    r"""A question broken between words over lines that fit ``width`` columns (the
    terminal's by default) after questionary's ``? ``, its last line leaving room for the
    hint and the answer; continuation lines line up under the question's first word.

    >>> fitted_question("Rami sec (the winner went out in one turn)?", width=40)
    'Rami sec (the winner went out in one\n  turn)?'
    >>> fitted_question("Who took?", width=30)
    'Who took?'
    """
    if width is None:
        width = environment().screen()[0]
    room = max(width - 3, 20)  # "? " before the first line, and the last column left free
    if len(message) + _ANSWER_ROOM <= room:
        return message
    lines = textwrap.wrap(message, room, initial_indent="", subsequent_indent="  ")
    if len(lines[-1]) + _ANSWER_ROOM > room:  # the hint and the answer go on the last line
        last = textwrap.wrap(lines.pop().strip(), max(room - _ANSWER_ROOM, 10))
        lines.extend("  " + line for line in last)
    return "\n".join(lines) if lines else message


#: how a typed answer's refusal is drawn, above its question
_REFUSAL_STYLE = [("refusal", "fg:ansired")]


def refusal_lines(text: str, width: int | None = None) -> list[str]:
    """A refusal broken between words over lines that fit ``width`` columns (the
    terminal's by default), its continuation lines indented.

    >>> refusal_lines("8 is impossible: with 2 bouts, the taker has 8.5 to 87 points", 30)
    ['8 is impossible: with 2', '  bouts, the taker has 8.5 to', '  87 points']
    """
    if width is None:
        width = environment().screen()[0]
    return textwrap.wrap(text, max(width - 1, 20), subsequent_indent="  ") or [text]


def text(
    message: str,
    *,
    default: str = "",
    validate: Callable[[str], bool | str] | None = None,
    style: Any = None,
    **kwargs: Any,
) -> Question:
    """A typed answer, as questionary's ``text`` asks it (the question fitted to the
    terminal), checked as it is typed by ``validate`` (``True``, or the refusal): a refusal
    is said whole, wrapped to the screen, on the lines just above the question, and the
    answer cannot be given until it is accepted."""
    from prompt_toolkit.application import get_app
    from prompt_toolkit.document import Document
    from prompt_toolkit.lexers import SimpleLexer
    from prompt_toolkit.styles import Style
    from prompt_toolkit.validation import ValidationError, Validator

    message = fitted_question(message)
    refused = [""]  # the refusal of the text as typed now

    def tokens() -> Any:
        shown: list[tuple[str, str]] = []
        if refused[0] and get_app().current_buffer.validation_error is not None:
            shown += [("class:refusal", line + "\n") for line in refusal_lines(refused[0])]
        shown += [("class:qmark", DEFAULT_QUESTION_PREFIX), ("class:question", f" {message} ")]
        return to_formatted_text(shown)

    class Check(Validator):
        def validate(self, document: Document) -> None:
            verdict = True if validate is None else validate(document.text)
            refused[0] = "" if verdict is True else str(verdict)
            if refused[0]:
                # said above the question: prompt_toolkit's one-line toolbar under the
                # answer would cut it at the screen's edge, so it is given no text
                raise ValidationError(len(document.text), "")

    session: PromptSession[str] = PromptSession(
        tokens,
        style=merge_styles_default([style, Style(_REFUSAL_STYLE)]),
        validator=Check(),
        lexer=SimpleLexer("class:answer"),
        **kwargs,
    )
    session.default_buffer.reset(Document(default))
    return Question(session.app)


def autocomplete(message: str, **kwargs: Any) -> Question:
    """questionary's ``autocomplete``, the question fitted to the terminal."""
    return questionary.autocomplete(fitted_question(message), **kwargs)


def fitted(choices: Sequence[Any], width: int | None = None) -> list[Any]:
    """The entries of a list question, each title :func:`fitted_title` (plain titles only:
    a separator or a styled title is left as it is)."""
    out: list[Any] = []
    for choice in choices:
        if isinstance(choice, str):
            choice = questionary.Choice(fitted_title(choice, width=width), choice)
        elif isinstance(choice, questionary.Choice) and isinstance(choice.title, str):
            disabled = choice.disabled if isinstance(choice.disabled, str) else None
            choice.title = fitted_title(choice.title, disabled, width)
        out.append(choice)
    return out


def select(
    message: str, choices: Sequence[Any], *, keys: Mapping[str, str] | None = None, **kwargs: Any
) -> Question:
    """questionary's ``select``, its hint in the user's language, its entries fitted to
    the terminal's width (:func:`fitted`), each answering to its key (:func:`shortcut_keys`,
    shown before it) as well as to the arrows.  ``keys`` gives some entries their key, by
    value (a field's :meth:`~cardscore.games.base.Field.choice_keys`: the same whichever
    entries a round leaves); the others take theirs among the keys left."""
    kwargs.setdefault("instruction", list_hint())
    entries = [
        questionary.Choice(choice, choice) if isinstance(choice, str) else choice
        for choice in choices
    ]
    plain = [
        c.title if isinstance(c, questionary.Choice) and isinstance(c.title, str) and not c.disabled
        else None
        for c in entries
    ]  # fmt: skip
    if len(entries) <= _MOST_KEYS:
        given = dict(keys or {})
        for choice, key in zip(entries, shortcut_keys(plain), strict=True):
            if isinstance(choice, questionary.Choice):
                value = choice.value if isinstance(choice.value, str) else None
                if value in given and not choice.disabled:
                    choice.shortcut_key = given[value]
                else:
                    choice.shortcut_key = key if key not in given.values() else None
        kwargs.update(use_shortcuts=True, use_jk_keys=False)
    return questionary.select(fitted_question(message), choices=fitted(entries), **kwargs)


def checkbox_answer(
    text: str, ticked: int, empty: str | None = None, context: str | None = None
) -> str:
    """A checkbox's answer in the user's language, from questionary's (``text``) and the
    number of boxes ``ticked``: none is ``empty`` (else "none"), several are "3 chosen", one
    is as questionary shows it (``[Ann]``).  ``context`` is the question (its English): a
    language agrees "none" and "3 chosen" with its noun (French: ``Primes ? aucune``,
    ``2 choisies``).

    >>> from cardscore.i18n import set_language
    >>> set_language("fr")
    >>> checkbox_answer("done", 0), checkbox_answer("done", 0, "personne")
    ('aucun', 'personne')
    >>> checkbox_answer("done (3 selections)", 3), checkbox_answer("[Ann]", 1)
    ('3 choisis', '[Ann]')
    >>> checkbox_answer("done", 0, context="Bonuses?"), checkbox_answer("done", 2, None, "Bonuses?")
    ('aucune', '2 choisies')
    >>> set_language("en")
    """
    if not ticked:
        if empty is not None:
            return empty
        return tr(pmsg(context, "none")) if context is not None else _("none")
    if ticked > 1:
        if context is None:
            return tr(msg("{count} chosen", count=ticked))
        return tr(pmsg(context, "{count} chosen", count=ticked))
    return text


def checkbox(
    message: str,
    choices: Sequence[Any],
    *,
    empty: str | None = None,
    context: str | None = None,
    **kwargs: Any,
) -> Question:
    """questionary's ``checkbox``, its hint and its answer in the user's language (``empty``:
    what an answer with no box checked says, "none" by default; ``context``: the question's
    English, which the answer agrees with: see :func:`checkbox_answer`)."""
    kwargs.setdefault("instruction", checkbox_hint())
    question = questionary.checkbox(fitted_question(message), choices=list(choices), **kwargs)
    from cardscore.prompts.questionary_insides import reword_answer

    return reword_answer(
        question, lambda text, ticked: checkbox_answer(text, ticked, empty, context)
    )


def number_hint() -> str:
    """The hint under a list of numbered entries (:func:`numbered`)."""
    return _("(its number, or the arrow keys)")


def numbered(
    message: str, choices: Sequence[Any], *, highest: int, elsewhere: Any = None, **kwargs: Any
) -> Question:
    """A list of numbered entries (the rounds: each value is its number, and its title starts
    with it), fitted to the terminal like :func:`select`, that answers to a number typed:
    ``3`` then Enter is entry 3, ``1`` ``2`` then Enter entry 12; a number from 1 to
    ``highest`` that the list does not show is taken too (the pointer waits on the entry
    ``elsewhere``, "an older round").  The entries have no letter keys: a letter taken from
    a title (a taker's initial) would be a key nobody can guess; the arrows move as ever."""
    from cardscore.prompts.questionary_insides import answer_by_number

    kwargs.setdefault("instruction", number_hint())
    question = questionary.select(
        fitted_question(message),
        choices=fitted(list(choices)),
        use_shortcuts=False,
        use_jk_keys=False,
        **kwargs,
    )
    return answer_by_number(question, highest, elsewhere)
