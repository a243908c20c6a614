"""What cardscore.prompts.questionary_insides relies on of questionary's insides: when a
questionary release changes one of them, this fails, naming it (pyproject.toml bounds
questionary below 2.2)."""

from __future__ import annotations

import questionary
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cardscore.prompts import questionary_insides as insides


def test_questionary_is_a_version_the_wrapper_was_tested_with() -> None:
    major, minor = (int(part) for part in questionary.__version__.split(".")[:2])
    assert (2, 0) <= (major, minor) < (2, 2), questionary.__version__


def test_a_list_question_holds_the_control_the_wrapper_moves() -> None:
    for question in (
        questionary.select("Which?", choices=["a", "b"]),
        questionary.checkbox("Which?", choices=["a", "b"]),
    ):
        control = insides.list_control(question)
        assert [c.value for c in control.choices] == ["a", "b"]
        assert isinstance(control.pointed_at, int) and control.is_answered is False


def test_a_question_s_line_is_a_prompt_session_s_message() -> None:
    session = insides.line_session(questionary.checkbox("Which?", choices=["a", "b"]))
    assert callable(session.message)
    assert "Which?" in "".join(text for _, text, *_ in session.message())


def test_a_key_answers_at_once_and_the_list_says_that_answer() -> None:
    with create_pipe_input() as pipe:
        question = questionary.select(
            "Save?", choices=["yes", "change", "discard"], input=pipe, output=DummyOutput()
        )
        insides.answer_at_once(question, {"n": "discard"})
        pipe.send_text("n")
        assert question.unsafe_ask() == "discard"
    control = insides.list_control(question)
    assert control.is_answered and control.get_pointed_at().value == "discard"


def test_an_answer_is_shown_reworded() -> None:
    with create_pipe_input() as pipe:
        question = questionary.checkbox(
            "Which?", choices=["a", "b"], input=pipe, output=DummyOutput()
        )
        insides.reword_answer(question, lambda text, ticked: f"<{text}:{ticked}>")
        pipe.send_text(" \r")  # tick the first box, then Enter
        assert question.unsafe_ask() == ["a"]
    shown = insides.line_session(question).message()
    assert [text for style, text, *_ in shown if style == "class:answer"] == ["<[a]:1>"]


def test_a_numbered_list_answers_to_a_number_typed() -> None:
    """Digits move the pointer to the entry of their number and Enter takes it; a number no
    entry shows is taken too; Backspace takes a digit back; an arrow forgets the digits."""

    def asked(keys: str) -> tuple[object, list[str]]:
        with create_pipe_input() as pipe:
            question = questionary.select(
                "Which round?",
                choices=[
                    questionary.Choice("older", "older"),
                    *(questionary.Choice(f"{n} ·", n) for n in range(3, 13)),
                ],
                default=12,
                input=pipe,
                output=DummyOutput(),
            )
            insides.answer_by_number(question, highest=12, elsewhere="older")
            pipe.send_text(keys)
            answer = question.unsafe_ask()
        shown = insides.line_session(question).message()
        return answer, [text for style, text, *_ in shown if style == "class:answer"]

    assert asked("3\r") == (3, ["3 ·"])
    assert asked("12\r") == (12, ["12 ·"])
    assert asked("2\r") == (2, ["2"])  # not listed: taken, and said by its number
    assert asked("19\x7f\x7f7\r") == (7, ["7 ·"])  # 19 is no round: 1 then 9
    assert asked("5\x1b[A\r") == (4, ["4 ·"])  # the arrow goes on from round 5, digits gone
    assert asked("\r") == (12, ["12 ·"])  # Enter alone: the entry pointed at
