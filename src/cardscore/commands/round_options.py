"""The round options of ``add`` and ``edit``, generated from the games' round fields: their
annotations and, in the user's language, their help texts and value lists."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
import inspect
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.games import GAME_NAMES, get_game
from cardscore.games.base import Field
from cardscore.i18n import _, msg, tr

# --------------------------------------------------------------------------------------------
# add: its options are generated from the games' round fields (one description, many uses)


HelpParts = tuple[tuple[str, tuple[str, ...]], ...]


def _all_fields() -> dict[str, tuple[Field, HelpParts]]:
    """Every round field of every game, by key, with the parts of its ``add --help`` text:
    each distinct help (an English msgid) with the games it belongs to."""
    merged: dict[str, list[tuple[Field, str]]] = {}
    for name in GAME_NAMES:
        for f in get_game(name).fields:
            merged.setdefault(f.key, []).append((f, name))
    result: dict[str, tuple[Field, HelpParts]] = {}
    for key, entries in merged.items():
        helps: dict[str, list[str]] = {}
        for f, name in entries:
            helps.setdefault(f.help, []).append(name)
        result[key] = (entries[0][0], tuple((h, tuple(names)) for h, names in helps.items()))
    return result


def field_help(parts: HelpParts) -> str:
    """An ``add`` option's help in the current language: the help when every game shares it,
    else each game's help prefixed by the games it belongs to (``[tarot] …; [belote] …``).

    Each part is translated on its own: the joined text is not a message of the catalog."""
    if len(parts) == 1 and len(parts[0][1]) == len(GAME_NAMES):
        return tr(parts[0][0])
    return _("; ").join(f"[{', '.join(names)}] {tr(text)}" for text, names in parts)


# The help of each generated ``add`` option, by parameter name: (help msgid, games) parts.
ADD_HELP: dict[str, HelpParts] = {}

# Placeholders are messages too: build_command() says them in the user's language.
METAVARS = {
    "player": msg("NAME"),
    "team": msg("TEAM"),
    "choice": msg("VALUE"),
    "number": msg("POINTS"),
    "integer": msg("N"),
    "players": msg("NAME"),
    "player_tag": msg("NAME[:KIND]"),
    "team_value": msg("TEAM:VALUE"),
    "player_text": msg("NAME=CARDS"),
}


def choice_words(f: Field) -> str:
    """``spades|hearts|…``: the values of a choice option as the help lists them, each in
    the user's language when the option accepts that word (``pique|cœur|…`` in French: the
    values a language types otherwise declare their word: :attr:`Choice.word`)."""
    words = []
    for choice in f.choices:
        value = str(choice.value)
        said = tr(choice.word) if choice.word else value
        words.append(said if choice.matches(said) else value)
    return "|".join(words)


def _round_options() -> tuple[list[inspect.Parameter], dict[str, Any]]:
    """One option per round field of any game (one description, many uses): the options of
    ``add`` and of ``edit``.  Every valued option is collected as a list, so that a
    single-valued one given twice is refused rather than silently overwritten."""
    parameters: list[inspect.Parameter] = []
    annotations: dict[str, Any] = {}
    for key, (f, parts) in _all_fields().items():
        ADD_HELP[key] = parts
        if f.kind == "flag":
            annotation: Any = Annotated[bool, typer.Option(f.option)]  # nothing to complete
            default: Any = False
        else:
            metavar = METAVARS.get(f.kind, msg("VALUE"))
            if f.kind == "choice" and len(f.choices) <= 8:
                metavar = "|".join(c.value for c in f.choices)
            annotation = Annotated[
                list[str] | None,
                typer.Option(f.option, metavar=metavar, autocompletion=completion.for_field(f)),
            ]
            default = None
        parameters.append(
            inspect.Parameter(
                key, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
            )
        )
        annotations[key] = annotation
    return parameters, annotations


def _give_round_options(
    command: Any, leading: dict[str, Any], trailing: dict[str, tuple[Any, Any]]
) -> None:
    """Give ``command`` (``add``, ``edit``) its arguments ``leading`` (name → annotation),
    the round options of :func:`_round_options`, then the options ``trailing`` (name →
    (annotation, default)), once.

    The round options come from every game's fields, so this imports every game: only the
    builds that include such a command (the command itself, the root help, shell completion)
    pay for it.  The options' help texts are put in by :func:`cardscore.cli.build_command`, in
    the user's language (see :data:`ADD_HELP`)."""
    if "__signature__" in vars(command):
        return
    parameters = [
        inspect.Parameter(
            name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=annotation
        )
        for name, annotation in leading.items()
    ]
    annotations = dict(leading)
    options, option_annotations = _round_options()
    parameters += options
    annotations |= option_annotations
    for name, (annotation, default) in trailing.items():
        parameters.append(
            inspect.Parameter(
                name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
            )
        )
        annotations[name] = annotation
    command.__annotations__ = annotations
    command.__signature__ = inspect.Signature(parameters)
