"""What cardscore.typer_insides relies on of typer beyond its documented API: when a typer
release changes one of them, this fails, naming it (pyproject.toml bounds typer below
0.29)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer

from cardscore import typer_insides


def test_typer_is_a_version_the_wrapper_was_tested_with() -> None:
    major, minor = (int(part) for part in typer.__version__.split(".")[:2])
    assert (major, minor) >= (0, 26) and (major, minor) < (0, 29), typer.__version__


def test_the_usage_errors_typer_raises_are_the_wrapped_ones() -> None:
    app = typer.Typer()

    @app.command()
    def only(count: int) -> None:  # pragma: no cover - never run: the usage is refused
        pass

    command = typer.main.get_command(app)
    try:
        command.main(["--nope"], standalone_mode=False)
    except Exception as exc:
        raised = exc
    else:  # pragma: no cover
        raise AssertionError("an unknown option was accepted")
    # cli.py catches them as typer's public TyperException, a usage error by its status
    assert isinstance(raised, typer.TyperException), type(raised).__mro__
    assert raised.exit_code == 2 and "--nope" in raised.format_message()


def test_nothing_imports_a_private_module_of_typer() -> None:
    source = Path(typer_insides.__file__).parent
    reaching = [
        f"{path.relative_to(source)}:{number}"
        for path in sorted(source.rglob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if re.search(r"^\s*(from|import) typer\._", line)
    ]
    assert reaching == []


def test_the_help_machinery_is_the_one_typer_commands_use() -> None:
    app = typer.Typer()

    @app.command()
    def one() -> None:  # pragma: no cover - never run
        pass

    @app.command()
    def two() -> None:  # pragma: no cover - never run
        pass

    group = typer.main.get_command(app)
    # cli.py subclasses each command's context class and its formatter_class (public click
    # attributes): one class for every command, typer's own Context derived from it
    (context,) = {c.context_class for c in [group, *group.commands.values()]}
    assert issubclass(typer.Context, context)
    for method in ("write_usage", "write_heading", "write"):
        assert callable(getattr(context.formatter_class, method))


def test_the_completion_script_is_typer_s() -> None:
    script = typer_insides.completion_script("cardscore", "_CARDSCORE_COMPLETE", "bash")
    assert "_CARDSCORE_COMPLETE" in script and "cardscore" in script


def test_typer_looks_its_own_words_up_through_the_name_the_wrapper_rebinds() -> None:
    import inspect

    import typer.core

    # what translate_own_words replaces (cardscore's own commands may have replaced it already)
    assert "from gettext import gettext as _" in inspect.getsource(typer.core)
    kept = typer.core._
    try:
        typer_insides.translate_own_words(lambda text: f"«{text}»")
        app = typer.Typer(rich_markup_mode=None)  # as cardscore's

        @app.command()
        def one(game: str = typer.Argument(..., help="A game.")) -> None:  # pragma: no cover
            pass

        from typer.testing import CliRunner

        shown = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "100"}).output
        assert "[«required»]" in shown, shown
    finally:
        typer.core._ = kept


def test_a_required_argument_is_named_plainly_in_the_usage_line() -> None:
    app = typer.Typer()

    @app.command()
    def one(  # pragma: no cover - never run
        game: str = typer.Argument(metavar="GAME"),
        session: str | None = typer.Argument(None, metavar="SESSION"),
    ) -> None:
        pass

    @app.command()
    def two() -> None:  # pragma: no cover - never run
        pass

    command = typer.main.get_command(app).commands["one"]
    context = command.context_class(command)
    assert "{GAME}" in command.get_usage(context)  # typer's own way
    typer_insides.plain_usage(command.params)
    usage = command.get_usage(command.context_class(command))
    assert usage.endswith("[OPTIONS] GAME [SESSION]"), usage


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_every_help_page_names_its_placeholders_without_braces_or_types(
    cli: Callable[..., Any], lang: str
) -> None:
    """``new --help`` said ``{GAME}`` and ``--players <int>``: each placeholder is a word."""
    from cardscore.cli import build_command

    names = list(build_command().commands)
    assert "new" in names and "rules" in names
    for name in names:
        page = cli("--lang", lang, name, "--help").out
        assert not re.search(r"\{[A-ZÉÆØÅ]+\}|<[a-z]+>", page), (name, page)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["show", "--al"], "Option inconnue : --al"),
        (["new"], "Argument manquant"),
        (["show", "--json", "x", "y"], "Mots en trop"),
        (["shwo"], "Commande inconnue « shwo »"),
        (["new", "tarot", "--players"], "--players"),
        (["new", "tarot", "--players", "x"], "« x »"),
        (["serve", "--port", "70000"], "--port"),
        (["show", "--json=yes"], "--json"),
    ],
)
def test_each_usage_error_click_words_is_read(cli, args: list[str], said: str) -> None:
    """Each usage error is read by one of USAGE_MESSAGES' patterns: said in French, never in
    click's English (a click that words one otherwise fails here)."""
    result = cli("--lang", "fr", *args)
    assert result.code == 2
    line = result.err.strip()
    assert line.startswith("cardscore : erreur : ") and said in line, line
    english = ("No such", "Missing", "requires", "Got unexpected", "Invalid value", "does not")
    assert not any(word in line for word in english), line
