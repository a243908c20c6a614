"""The parts of typer that cardscore uses beyond its public API, in this one module.

typer ≥ 0.26 carries its own copy of click (``typer._click``) and exposes neither click's
exceptions nor its help formatter; its shell completion is driven by private functions.
cardscore needs them for four things a public API does not offer:

* ``exceptions`` — the usage errors typer raises (``ClickException``, ``UsageError``,
  ``NoArgsIsHelpError``), to say each in one line in the user's language (cli.py);
* ``Context`` and ``HelpFormatter`` — to translate the words click writes on a help page
  itself ("Usage:", the headings' colon) (cli.py);
* :func:`completion_script` and :func:`enable_completion` — the completion scripts of
  ``completions/`` and the shell classes registered when a shell asks (completion.py);
* :func:`translate_own_words` — the words typer writes on a help page itself ("default:",
  "required", "Aborted!"), which it looks up through the ``_`` it imports from
  ``gettext`` (cli.py);
* :func:`plain_usage` — a required argument written ``GAME`` in a usage line, as the
  other placeholders are, not ``{GAME}`` (typer's own way): it relies on typer's
  ``TyperArgument.make_metavar(ctx, usage=...)``.

Tested with typer 0.26 to 0.28; ``pyproject.toml`` bounds typer below 0.29, and
``tests/test_typer_insides.py`` fails loudly when one of these is no longer what it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from typer._click import exceptions
from typer._click.core import Context
from typer._click.formatting import HelpFormatter

__all__ = [
    "Context",
    "HelpFormatter",
    "completion_script",
    "enable_completion",
    "exceptions",
    "plain_usage",
    "translate_own_words",
]


def completion_script(prog_name: str, complete_var: str, shell: str) -> str:
    """typer's completion script for ``shell`` (imported only when one is written)."""
    from typer._completion_shared import get_completion_script

    return get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=shell)


def enable_completion() -> None:
    """Register typer's shell completion classes (only when a shell asks for candidates)."""
    from typer._completion_classes import completion_init

    completion_init()


def translate_own_words(translate: Callable[[str], str]) -> None:
    """Have typer look its own words up with ``translate`` (instead of ``gettext``)."""
    import typer.core

    typer.core._ = translate  # type: ignore[attr-defined]


def plain_usage(params: Iterable[object]) -> None:
    """Have the required arguments among ``params`` named in a usage line as on the rest
    of the help page (``cardscore new [OPTIONS] GAME``), not in braces (``{GAME}``)."""
    import typer.core

    class PlainArgument(typer.core.TyperArgument):
        def make_metavar(self, ctx: Context, *, usage: bool = False) -> str:
            return super().make_metavar(ctx, usage=usage and not self.required)

    for param in params:
        if type(param) is typer.core.TyperArgument and param.required and param.metavar:
            param.__class__ = PlainArgument
