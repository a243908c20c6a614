"""What the prompt tests share: a prompt flow answered by keys, without a terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def drive(keys: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run ``function(*args, **kwargs)`` answering its questions with ``keys`` (a question
    left unanswered once the keys run out fails rather than waits)."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            return function(*args, **kwargs)
