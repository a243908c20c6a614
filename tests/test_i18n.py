"""Every text a user can see has a French and a Norwegian (bokmål) translation, and translations
keep their fields."""

from __future__ import annotations

import ast
import dataclasses
import os
import string
from pathlib import Path

import pytest

import cardscore
from cardscore import i18n
from cardscore.games import GAME_NAMES, get_game

SOURCE = Path(cardscore.__file__).parent
MARKERS = {"msg", "Msg", "_"}


def marked_in_source() -> dict[str, str]:
    """Every literal passed to msg()/Msg()/_() in the package, with where it stands."""
    found: dict[str, str] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in MARKERS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.setdefault(node.args[0].value, f"{path.name}:{node.lineno}")
    return found


def described_by_games() -> dict[str, str]:
    """Field questions, option help, choice labels, unavailability reasons, parameter help."""
    found: dict[str, str] = {}
    for name in GAME_NAMES:
        game = get_game(name)
        for f in game.fields:
            for text in (f.label, f.help, f.unavailable, f.among, f.title, f.none, f.words.missing):
                if text:
                    found.setdefault(text, f"{name} field {f.key}")
            # the field's word where a correction names it (`preneur Bob → Ann`)
            found.setdefault(f.option.removeprefix("--"), f"{name} field {f.key}")
            for choice in f.choices:
                if choice.label:
                    found.setdefault(choice.label, f"{name} choice {choice.value}")
        for preset, line in game.preset_lines.items():
            found.setdefault(line, f"{name} rule set {preset}")
        for params in game.presets.values():
            for field in dataclasses.fields(params):
                text = field.metadata.get("help")
                if text:
                    found.setdefault(text, f"{name} parameter {field.name}")
    return found


def help_texts() -> dict[str, str]:
    """Every command's and option's help in the command-line app (a help made of other
    texts, as the games' list, by its template: the catalog's entry)."""
    from cardscore.cli import command_tree
    from cardscore.commands.base import MADE_HELPS
    from cardscore.i18n import Msg

    def entry(text: str) -> str:
        text = MADE_HELPS.get(text, text)
        return text.template if isinstance(text, Msg) else text

    found: dict[str, str] = {}
    for command in command_tree():
        if command.help:
            found.setdefault(entry(command.help), f"command {command.name}")
        for param in command.params:
            text = getattr(param, "help", None)
            if text:
                found.setdefault(entry(text), f"option {param.name} of {command.name}")
    return found


ALL = {**marked_in_source(), **described_by_games(), **help_texts()}


def fields_of(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_there_is_something_to_translate() -> None:
    assert len(ALL) > 100


@pytest.mark.parametrize("text", sorted(ALL), ids=lambda t: t[:50])
def test_every_text_has_a_french_translation(text: str) -> None:
    catalog = i18n.load_catalog("fr")
    assert text in catalog, f"no French for {text!r} ({ALL[text]})"
    assert fields_of(catalog[text]) == fields_of(text), "the translation changes the fields"


@pytest.mark.parametrize("text", sorted(ALL), ids=lambda t: t[:50])
def test_every_text_has_a_norwegian_translation(text: str) -> None:
    catalog = i18n.load_catalog("nb")
    assert text in catalog, f"no Norwegian for {text!r} ({ALL[text]})"
    assert fields_of(catalog[text]) == fields_of(text), "the translation changes the fields"


def test_norwegian_is_not_french() -> None:
    """The Norwegian catalog is its own: few entries read like the French ones (those few are
    the game's own terms, formulas and names)."""
    nb, fr = i18n.load_catalog("nb"), i18n.load_catalog("fr")

    def words(text: str) -> list[str]:  # outside its fields
        literal = "".join(part for part, *_ in string.Formatter().parse(text))
        return [w for w in literal.split() if sum(c.isalpha() for c in w) >= 4]

    worded = [t for t in ALL if len(words(t)) >= 3]
    assert len(worded) > 300
    same_as_french = [t for t in worded if t in nb and nb[t] == fr.get(t)]
    assert len(same_as_french) <= 2, same_as_french
    same_as_english = [t for t in worded if nb.get(t) == t]
    assert len(same_as_english) <= 2, same_as_english


def test_norwegian_messages_and_dates() -> None:
    i18n.set_language("nb")
    try:
        assert i18n.tr(
            i18n.msg("{what}: {value} is out of range ({low} to {high})", what="--bouts", value=4,
                     low=0, high=3)
        ) == "--bouts: 4 er utenfor det tillatte området (0 til 3)"  # fmt: skip
        half = i18n.msg(
            "{typed} points → {points} (the half point is dropped)", typed=55.5, points=55
        )
        assert i18n.tr(half) == "55,5 poeng → 55 (det halve poenget strykes)"
        assert i18n.date_text("2026-11-30T20:15:03+01:00") == "30.11.2026 20:15"
        assert i18n.date_text("2026-01-02") == "02.01.2026"
    finally:
        i18n.set_language("en")
    assert i18n.date_text("2026-11-30T20:15:03+01:00") == "2026-11-30 20:15"


def test_language_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("CARDSCORE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert i18n.choose_language(None, os.environ) == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.choose_language(None, os.environ) == "fr"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # LC_ALL wins over LANG
    assert i18n.choose_language(None, os.environ) == "en"
    monkeypatch.setenv("CARDSCORE_LANG", "fr")
    assert i18n.choose_language(None, os.environ) == "fr"
    assert i18n.choose_language("en", os.environ) == "en"  # --lang wins
    assert i18n.choose_language("nb", os.environ) == "nb"
    monkeypatch.setenv("CARDSCORE_LANG", "nb")
    assert i18n.choose_language(None, os.environ) == "nb"
    assert i18n.choose_language("fr", os.environ) == "fr"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("nb_NO.UTF-8", "nb"),
        ("no_NO.UTF-8", "nb"),
        ("nn_NO.UTF-8", "nb"),
        ("nb_NO", "nb"),
        ("nb", "nb"),
        ("no", "nb"),
        ("nn", "nb"),
        ("fr_CA.UTF-8", "fr"),
        ("de_DE.UTF-8", "en"),
        ("C.UTF-8", "en"),
    ],
)
def test_a_norwegian_locale_chooses_bokmal(
    monkeypatch: pytest.MonkeyPatch, locale: str, expected: str
) -> None:
    for variable in ("CARDSCORE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", locale)
    assert i18n.choose_language(None, os.environ) == expected
    monkeypatch.setenv("LC_MESSAGES", "nn_NO.UTF-8")  # LC_MESSAGES wins over LANG
    assert i18n.choose_language(None, os.environ) == "nb"
    monkeypatch.setenv("CARDSCORE_LANG", locale)  # a locale in CARDSCORE_LANG: its language
    assert i18n.choose_language(None, os.environ) == (expected if expected != "en" else "nb")


def test_a_player_named_like_a_message_is_not_translated() -> None:
    i18n.set_language("fr")
    try:
        assert i18n.tr(
            i18n.msg(
                "{what}: {text!r} is not a whole number",
                what="x",
                text="does not apply to this round",
            )
        ) == ("x : « does not apply to this round » n'est pas un nombre entier")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["fr", "nb"])
def test_what_the_user_typed_is_quoted_as_the_language_quotes(language: str) -> None:
    """French and Norwegian quote with « », never with the straight quotes of a repr."""
    catalog = i18n.load_catalog(language)
    straight = sorted(t for t, said in catalog.items() if "!r}" in said)
    assert straight == []
    i18n.set_language(language)
    try:
        said = i18n.tr(i18n.msg("{what}: {text!r} is not a whole number", what="x", text="y"))
    finally:
        i18n.set_language("en")
    assert "«" in said and "'y'" not in said
