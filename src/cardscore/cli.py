"""The command-line app: parse, call the session and the rules core, render. Nothing else.

This module is its entry point (:func:`run`): it builds the command asked for, translates its
help and usage errors, and turns failures into exit statuses; the commands themselves are in
:mod:`cardscore.commands`, a module per group.

Exit status: 0 success, 1 runtime failure (locked or damaged file, disk error), 2 bad usage or
input, 130 interrupted or stopped (Ctrl-C).  Every error is one line on standard error, never
a traceback; a command stopped where Ctrl-C is its way to end (``serve``, the loop's home)
says so in a short line, no error.
"""

# No ``from __future__ import annotations``: Typer reads a command's annotations four times
# per build and would evaluate string ones each time; these are evaluated once, at import.
import copy
import os
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from msgspec.structs import replace

from cardscore import __version__, completion
from cardscore.commands.base import HELP_OPTION_NAMES, MADE_HELPS, _lazy_store, app, help_when_bare
from cardscore.commands.round_options import ADD_HELP, _all_fields, choice_words, field_help
from cardscore.commands.rounds import _give_add_its_options, _give_edit_its_options, add, edit
from cardscore.environment import Environment, Stopped, running
from cardscore.games.base import InputError
from cardscore.i18n import (
    ALIASES,
    LANGUAGES,
    Msg,
    _,
    choose_language,
    language,
    msg,
    tr,
)
from cardscore.typer_insides import usage_message

# --------------------------------------------------------------------------------------------
# entry point


def _requested_language(argv: Sequence[str]) -> str | None:
    """``--lang X`` is read before the app is built, so that its help is translated too."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang":
            if index + 1 >= len(argv):
                raise InputError(msg("--lang: give en, fr or nb"))
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        code = value.strip().lower()
        if code not in LANGUAGES and code not in ALIASES:
            raise InputError(msg("--lang: {value!r} is not a language (en, fr, nb)", value=value))
        return value
    return None


def _command_name(info: Any) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)


def _command_word(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs, when its first words say it (``show`` in ``--lang fr show``).

    ``None`` when they do not: no command, the root ``--help`` or any root option but
    ``--lang`` before it, an unknown command (click then suggests the nearest ones), and
    shell completion (it may complete any command)."""
    if os.environ.get(completion.COMPLETE_VAR):
        return None
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("--lang="):
            names = {_command_name(info) for info in app.registered_commands}
            names |= {group.name for group in app.registered_groups}
            return word if word in names else None
    return None


def _app_for(argv: Sequence[str] | None) -> typer.Typer:
    """The app to build for ``argv``: only the command it names and the root options when
    :func:`_command_word` tells it, else (and for ``None``) every command.  Typer builds each
    command of an app, anew on every run, and that takes time."""
    name = None if argv is None else _command_word(argv)
    infos = [i for i in app.registered_commands if name is None or _command_name(i) == name]
    if any(info.callback is add for info in infos):
        _give_add_its_options()
    if any(info.callback is edit for info in infos):
        _give_edit_its_options()
    if name is None:
        return app
    only = copy.copy(app)  # the same settings and root callback
    only.registered_commands = infos
    only.registered_groups = [g for g in app.registered_groups if g.name == name]
    return only


def build_command(argv: Sequence[str] | None = None) -> Any:
    """The click command of the app, its help texts in the current language; for ``argv``,
    only what it runs needs (see :func:`_app_for`)."""
    command = typer.main.get_command(_app_for(argv))
    if language() != "en":
        commands = command_tree(command)
        for each in commands:
            _translate_command(each)
        _translate_help_machinery(commands)
        from cardscore.typer_insides import translate_own_words

        translate_own_words(tr)  # typer's own words ("default:", "required"…)
    from cardscore.typer_insides import plain_usage

    for each in command_tree(command):
        plain_usage(each.params)
    for name in ("add", "edit"):  # their round options' help, made of several games' helps
        _give_round_options_their_help(getattr(command, "commands", {}).get(name))
    return command


def _translate_command(command: Any) -> None:
    """A command's help page texts, and its parameters', in the current language."""
    if command.help:
        command.help = tr(MADE_HELPS.get(command.help, command.help))
    if command.short_help:
        command.short_help = tr(command.short_help)
    if getattr(command, "options_metavar", None):
        command.options_metavar = tr(command.options_metavar)
    if getattr(command, "subcommand_metavar", None):
        command.subcommand_metavar = tr(command.subcommand_metavar)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = tr(MADE_HELPS.get(param.help, param.help))
        if isinstance(getattr(param, "metavar", None), Msg):
            param.metavar = tr(param.metavar)


def _give_round_options_their_help(command: Any) -> None:
    """``add``'s or ``edit``'s round options: each one's help made of the games' helps of
    the field, and a short list of choices as its metavar."""
    if command is None:
        return
    fields = _all_fields()  # (every game's fields, merged: once, not once per option)
    for param in command.params:
        if param.name in ADD_HELP:
            param.help = field_help(ADD_HELP[param.name])
            field = fields[param.name][0]
            if field.kind == "choice" and len(field.choices) <= 8:
                param.metavar = choice_words(field)


def _translate_help_machinery(commands: Sequence[Any]) -> None:
    """The texts click writes itself on a help page: "Usage:", the colon of the headings and
    the --help option's help (the headings themselves are typer's, see :func:`build_command`).
    Each command's own context class (click's, as typer builds them) and its
    ``formatter_class`` are subclassed: their public attributes, no import of click's."""
    made: dict[Any, Any] = {}
    for command in commands:
        base = command.context_class
        if getattr(base, "words_translated", False):  # (done already in this process)
            continue
        if base not in made:
            made[base] = _translated_context(base)
        command.context_class = made[base]
        option = command.get_help_option(base(command, help_option_names=list(HELP_OPTION_NAMES)))
        if option is not None and option.help:
            option.help = tr(option.help)


def _translated_context(base: Any) -> Any:
    """``base`` (a click context class) whose help pages say click's own words translated."""
    formatter: Any = base.formatter_class

    class TranslatedFormatter(formatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

        def write_heading(self, heading: str) -> None:
            text = tr(msg("{heading}:", heading=heading))
            self.write(f"{'':>{self.current_indent}}{text}\n")

    class TranslatedContext(base):
        formatter_class = TranslatedFormatter
        words_translated = True

    return TranslatedContext


def command_tree(command: Any = None) -> list[Any]:
    """The app's root command and every subcommand (a group's too)."""
    if command is None:
        command = typer.main.get_command(_app_for(None))
    tree = [command]
    for sub in getattr(command, "commands", {}).values():
        tree += command_tree(sub)
    return tree


def fail(error: Any) -> None:
    """Print an error as one line on standard error."""
    text = tr(error.args[0]) if isinstance(error, Exception) and error.args else tr(error)
    typer.echo(
        tr(msg("cardscore: error: {message}", message=" ".join(str(text).split()))), err=True
    )


#: the exit status of a usage error (an unknown option, a missing argument), as click's
USAGE = 2
#: the exit status of a command interrupted (Ctrl-C): nothing half-saved, a short line said
INTERRUPTED = 130


def interrupted() -> int:
    """Say that the command was interrupted (on a line of its own), and give its status."""
    typer.echo("", err=True)
    fail(msg("interrupted"))
    return INTERRUPTED


def run(argv: Sequence[str], env: Environment | None = None) -> int:
    """Run the app on ``argv``; return the exit status (errors already printed).

    ``env`` replaces what is read of the process (its standard input, data folder,
    language): tests drive an "interactive" or a "piped" run with it.  The command runs in
    it (see :func:`cardscore.environment.running`), and speaks its language (``--lang``
    replaces it; a bad ``--lang`` is said in the environment's language)."""
    env = env or Environment.of_process()
    if os.environ.get(completion.COMPLETE_VAR):
        completion.enable()  # a shell asks for candidates (see completions/)
    with running(env):
        try:
            requested = _requested_language(argv)
        except InputError as exc:
            fail(exc)
            return 2
    if requested:
        env = replace(env, language=choose_language(requested, {}))
    with running(env):
        return _run(argv)


def _run(argv: Sequence[str]) -> int:
    """Run the app on ``argv`` in the environment of :func:`run`."""
    from cardscore.session import SessionDataError

    store = _lazy_store()
    try:
        _check_text_arguments(argv)
        command = build_command(argv)
        status = command.main(args=list(argv), prog_name="cardscore", standalone_mode=False)
        # Typer turns a Ctrl-C (KeyboardInterrupt) into the status 130, returned, not raised
        if status == INTERRUPTED:
            return interrupted()
    except Stopped as stop:  # Ctrl-C where it is the way to stop: said, not an error
        typer.echo(tr(stop.args[0]) if stop.args else _("Stopped."), err=True)
        return INTERRUPTED
    except typer.Exit as exc:
        return interrupted() if exc.exit_code == INTERRUPTED else exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        return interrupted()
    except typer.TyperException as exc:  # click's errors: a usage error's status is 2
        fail(usage_message(exc.format_message()))
        return USAGE if exc.exit_code == USAGE else 1
    except (InputError, store.SessionNotFound) as exc:
        fail(exc)
        return 2
    except SessionDataError as exc:
        path = store.session_path(exc.session_id)
        fail(
            msg(
                "cannot use session file {path}: {reason} (the file was left untouched)",
                path=str(path),
                reason=exc.args[0],
            )
        )
        return 1
    except store.StoreError as exc:
        fail(exc)
        return 1
    return 0


def _check_text_arguments(argv: Sequence[str]) -> None:
    """Refuse an argument that is not valid text: bytes that are not UTF-8 (a Latin-1
    terminal, ``$'\\xff'``) reach Python as lone surrogates, which nothing can print."""
    for arg in argv:
        if any("\ud800" <= char <= "\udfff" for char in arg):
            raise InputError(
                msg(
                    "an argument is not valid UTF-8 text ({arg}); is the terminal set to UTF-8?",
                    arg=ascii(arg),
                )
            )


def version_text() -> str:
    return f"cardscore {__version__}"


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Language: en, fr or nb (default: CARDSCORE_LANG, else the locale).",
            metavar="en|fr|nb",
        ),
    ] = None,
) -> None:
    if version:
        typer.echo(version_text())
        raise typer.Exit(0)
    help_when_bare(ctx)
