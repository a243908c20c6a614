"""The parts of typer that cardscore uses beyond its documented API, in this one module.

cardscore needs them for what a documented API does not offer (a help page's own words are
translated through each command's public ``context_class`` and its ``formatter_class``, in
cli.py; a usage error is caught as the public ``typer.TyperException`` and told apart by its
``exit_code``, 2 for a usage error):

* :func:`completion_script` and :func:`enable_completion` — the completion scripts of
  ``completions/`` and the shell classes registered when a shell asks (completion.py),
  read from typer's public ``typer.completion`` module, which imports them from its private
  ones;
* :func:`translate_own_words` — the words typer writes on a help page itself ("default:",
  "required", "Aborted!"), which it looks up through the ``_`` it imports from
  ``gettext`` (cli.py);
* :func:`usage_message` — click's usage errors ("No such option: --al", "Missing argument
  'GAME'", "Did you mean 'show'?"), said in the user's language: click builds them as English
  text, and only some of its exceptions keep their parts, so the text is read by the
  patterns of :data:`USAGE_MESSAGES` and :data:`USAGE_HINTS` (``tests/test_cli_bad_input.py``
  and this module's doctests say each one, and fail when click words one otherwise);
* :func:`plain_usage` — a required argument written ``GAME`` in a usage line, as the
  other placeholders are, not ``{GAME}`` (typer's own way): it relies on typer's
  ``TyperArgument.make_metavar(ctx, usage=...)``.

Nothing here imports one of typer's private modules (a name starting with ``_``). Tested with
typer 0.26 to 0.28; ``pyproject.toml`` bounds typer below 0.29, and
``tests/test_typer_insides.py`` fails loudly when one of these is no longer what it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from cardscore.i18n import msg, tr

__all__ = [
    "completion_script",
    "enable_completion",
    "plain_usage",
    "translate_own_words",
    "usage_message",
]


def completion_script(prog_name: str, complete_var: str, shell: str) -> str:
    """typer's completion script for ``shell`` (imported only when one is written)."""
    from typer.completion import get_completion_script

    return get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=shell)


def enable_completion() -> None:
    """Register typer's shell completion classes (only when a shell asks for candidates)."""
    from typer.completion import completion_init

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
        def make_metavar(self, ctx: Any, *, usage: bool = False) -> str:
            return super().make_metavar(ctx, usage=usage and not self.required)

    for param in params:
        if type(param) is typer.core.TyperArgument and param.required and param.metavar:
            param.__class__ = PlainArgument


# Patterns, not compiled ones: they are compiled (and cached by re) on the first usage error,
# not on every start.
USAGE_MESSAGES = (
    (r"No such option: (\S+)", "No such option: {option}"),
    (r"Missing argument '(\S+)'\.?", "Missing argument {option}"),
    (r"Option '(\S+)' requires an argument\.?", "Option {option} needs a value"),
    (r"Option '(\S+)' requires (\d+) arguments\.?", "Option {option} needs {count} values"),
    (r"No such command '(\S+)'\.?", "No such command: {option}"),
    (r"Option '(\S+)' does not take a value\.?", "Option {option} takes no value"),
    (r"Got unexpected extra arguments?(?:\(s\))? \((.*)\)", "Unexpected extra words: {option}"),
    (
        r"Invalid value for (.+?): '(.*)' is not a valid int(?:eger)?\.?",
        "{option}: {value!r} is not a whole number",
    ),
    (
        r"Invalid value for (.+?): '(.*)' is not a valid float\.?",
        "{option}: {value!r} is not a number",
    ),
    (r"Invalid value for (.+?): (.*)", "Invalid value for {option}: {value}"),
)
# The hints click adds after the message: "Did you mean 'show'?", "(Possible options: …)".
USAGE_HINTS = (
    (r"(.*?)\.? Did you mean (.+)\?", "Did you mean {hint}?"),
    (r"(.*?) \(Possible options: (.+)\)", "(Possible options: {hint})"),
    (r"(.*?) \(Did you mean one of: (.+)\?\)", "(Did you mean one of: {hint}?)"),
)


def usage_message(text: str) -> str:
    """Typer's usage errors, as one line in the user's language, its hint too (``Did you
    mean 'show'?`` is ``Vouliez-vous dire 'show' ?`` in French).

    >>> from cardscore.i18n import set_language
    >>> set_language("fr")
    >>> usage_message("No such command 'shwo'. Did you mean 'show'?")
    'Commande inconnue : shwo. Vouliez-vous dire « show » ?'
    >>> usage_message("No such option: --al (Possible options: --all, --detail)")
    'Option inconnue : --al (options possibles : --all, --detail)'
    >>> set_language("en")
    >>> usage_message("No such command 'shwo'. Did you mean 'show', 'list'?")
    "No such command: shwo. Did you mean 'show', 'list'?"
    """
    first = text.strip().splitlines()[-1] if text.strip() else text
    hint = ""
    for pattern, template in USAGE_HINTS:
        found = re.fullmatch(pattern, first)
        if found:
            first, said = found.groups()
            named = re.findall(r"'([^']*)'", said)  # click quotes the names it suggests
            if named:  # quoted as the language quotes: « show » in French
                said = ", ".join(tr(msg("'{name}'", name=name)) for name in named)
            hint = tr(msg(template, hint=said))
            hint = (". " if template.startswith("Did") else " ") + hint
            break
    for pattern, template in USAGE_MESSAGES:
        found = re.fullmatch(pattern, first)
        if found:
            groups = found.groups()
            second = groups[1] if len(groups) > 1 else ""
            option = re.sub(r"'([^']*)'", r"\1", groups[0]).split(" / ")[0]  # '--players' / '-n'
            if template.startswith("Missing argument") and tr(option.upper()) != option.upper():
                option = tr(option.upper())  # an argument's name, as its help says it: JEU
            said = tr(
                msg(template, option=option, value=second, count=second)
                if "{" in template
                else msg(template)
            )
            return said.rstrip(".") + hint
    return first.rstrip(".") + hint if hint else first
