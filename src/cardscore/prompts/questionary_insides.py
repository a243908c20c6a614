"""The parts of questionary that cardscore uses beyond its public API, in this one module.

questionary builds each question as a prompt_toolkit application and says nothing of what
is inside it.  cardscore reaches in for three things questionary offers no way to do:

* :func:`answer_at_once` — a list question that one key answers and closes (``y`` for "Yes,
  save it"), its answer shown as Enter's would show it: the list's control
  (``questionary.prompts.common.InquirerControl``), its ``choices``, ``pointed_at`` and
  ``is_answered``;
* :func:`reword_answer` — a checkbox's answer said in other words (its ``done (3
  selections)`` in the user's language, from the number of boxes ticked: the control's
  ``selected_options``): the question's line is the message of a ``PromptSession``, found
  as the ``__self__`` of a window's ``get_line_prefix``;
* :func:`answer_by_number` — a list of numbered entries (the rounds) that answers to a number
  typed, its digits shown on the question's line: the same control and the same line.

Tested with questionary 2.1; ``pyproject.toml`` bounds questionary below 2.2, and
``tests/test_questionary_insides.py`` fails loudly when one of these is no longer what it
was.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.formatted_text import to_formatted_text
from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
from questionary import Question
from questionary.prompts.common import InquirerControl


def list_control(question: Question) -> InquirerControl:
    """The list of a ``select`` or ``checkbox`` question."""
    for window in question.application.layout.find_all_windows():
        if isinstance(window.content, InquirerControl):
            return window.content
    raise LookupError("questionary's question holds no InquirerControl")


def line_session(question: Question) -> PromptSession:
    """The ``PromptSession`` whose message is the question's line (its answer, once given)."""
    for window in question.application.layout.find_all_windows():
        prefix = getattr(window, "get_line_prefix", None)
        session = getattr(getattr(prefix, "func", None), "__self__", None)
        if isinstance(session, PromptSession) and callable(session.message):
            return session
    raise LookupError("questionary's question has no PromptSession line")


def answer_at_once(question: Question, keys: Mapping[str, Any]) -> Question:
    """``question`` (a ``select``) where each key of ``keys`` answers its value at once, the
    list then shown answered with that entry."""
    control = list_control(question)
    bindings = KeyBindings()
    for key, value in keys.items():

        def answer(event: Any, value: Any = value) -> None:
            control.pointed_at = next(
                i for i, c in enumerate(control.choices) if getattr(c, "value", None) == value
            )
            control.is_answered = True
            event.app.exit(result=value)

        bindings.add(key, eager=True)(answer)
    app = question.application
    app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(), bindings])
    return question


def reword_answer(question: Question, reword: Callable[[str, int], str]) -> Question:
    """``question`` (a ``checkbox``) whose answer, once given, is shown as ``reword`` says
    it, given questionary's answer and the number of boxes ticked."""
    session = line_session(question)
    control = list_control(question)
    said = session.message

    def reworded() -> Any:
        ticked = len(control.selected_options)
        return [
            (style, reword(text, ticked) if style == "class:answer" else text)
            for style, text, *_rest in to_formatted_text(said())
        ]

    session.message = reworded
    return question


def answer_by_number(question: Question, highest: int, elsewhere: Any = None) -> Question:
    """``question`` (a ``select`` whose entries are numbered: their values are their numbers)
    that answers to a number typed: each digit moves the pointer to the entry of the number
    typed so far (``1`` then ``2``: 12), Enter takes that number; a number from 1 to
    ``highest`` that no entry shows is taken as well, the pointer on the entry ``elsewhere``
    meanwhile.  The digits typed are shown after the question, Backspace takes the last one
    back, and the arrows move the pointer as ever (the number typed is then forgotten)."""
    control = list_control(question)
    session = line_session(question)
    typed = _TypedNumber(control, highest, elsewhere, said=session.message)
    bindings = typed.keys()
    session.message = typed.shown
    app = question.application
    app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(), bindings])
    return question


class _TypedNumber:
    """The number typed so far at a numbered list (see :func:`answer_by_number`)."""

    def __init__(self, control: Any, highest: int, elsewhere: Any, said: Any) -> None:
        self.control, self.highest, self.said = control, highest, said
        self.at = {c.value: i for i, c in enumerate(control.choices) if type(c.value) is int}
        self.rest = next((i for i, c in enumerate(control.choices) if c.value == elsewhere), None)
        self.digits = ""

    def point(self, digits: str) -> None:
        """Point at the entry of the number ``digits`` (else at the entry for the others)."""
        self.digits = digits
        if digits:
            where = self.at.get(int(digits), self.rest)
            if where is not None:
                self.control.pointed_at = where

    def keys(self) -> KeyBindings:
        """Digits, Backspace, the arrows and Enter."""
        bindings = KeyBindings()
        for digit in "0123456789":
            bindings.add(digit, eager=True)(functools.partial(self._digit, digit))
        bindings.add("backspace", eager=True)(lambda event: self.point(self.digits[:-1]))
        bindings.add("down", eager=True)(self._moved(self.control.select_next))
        bindings.add("up", eager=True)(self._moved(self.control.select_previous))
        bindings.add("enter", eager=True)(self._enter)
        return bindings

    def _digit(self, digit: str, event: Any) -> None:
        digits = self.digits + digit
        if int(digits) > self.highest:  # no such number: this digit starts another one
            digits = digit
        self.point(digits.lstrip("0"))

    def _moved(self, step: Callable[[], None]) -> Callable[[Any], None]:
        def handler(event: Any) -> None:
            self.digits = ""
            step()
            while not self.control.is_selection_valid():
                step()

        return handler

    def _enter(self, event: Any) -> None:
        self.control.is_answered = True
        answer = int(self.digits) if self.digits else self.control.get_pointed_at().value
        event.app.exit(result=answer)

    def shown(self) -> Any:
        """The question's line, with the digits typed after it."""
        tokens = [tuple(token) for token in to_formatted_text(self.said())]
        if not self.digits:
            return tokens
        if not self.control.is_answered:
            return [*tokens, ("class:answer", f" {self.digits}")]
        if int(self.digits) in self.at:  # the entry pointed at is the answer, as questionary says
            return tokens
        return [
            (style, self.digits if style == "class:answer" else text) for style, text, *_ in tokens
        ]
