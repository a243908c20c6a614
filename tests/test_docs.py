"""The README agrees with the program: its commands and `add` options exist (as `--help`
shows them), and `.ci/run` runs the README's test command word for word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")


def section(title: str) -> str:
    """The text of the README section whose heading is ``title`` (up to the next heading
    of the same or a higher level)."""
    match = re.search(rf"^(#+) {re.escape(title)}\s*$", README, re.MULTILINE)
    assert match, f"README has no section {title!r}"
    level = len(match.group(1))
    rest = README[match.end() :]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def first_cell_of(row: str) -> str:
    """The first cell of a Markdown table row (``\\|`` is a pipe inside a cell)."""
    return re.split(r"(?<!\\)\|", row)[1]


def readme_add_options() -> list[str]:
    options = re.findall(r"(?<![\w-])--[a-z][a-z-]*", section("`add` options"))
    return sorted(set(options))


def readme_commands() -> list[str]:
    rows = [line for line in section("Commands").splitlines() if line.startswith("| `")]
    found: set[str] = set()
    for row in rows:
        first_cell = first_cell_of(row)
        found.update(re.findall(r"`cardscore ([a-z][a-z-]*)", first_cell))
        found.update(re.findall(r"alias `([a-z][a-z-]*)`", first_cell))
    return sorted(found)


def help_commands(text: str) -> set[str]:
    block = text.split("Commands:", 1)[1]
    return {
        line.split()[0] for line in block.splitlines() if line.startswith("  ") and line.split()
    }


def test_the_readme_lists_add_options_and_commands() -> None:
    # guard against a parser that finds nothing (the tests below would pass vacuously)
    options = readme_add_options()
    assert {"--taker", "--contract", "--trump", "--winner", "--hand", "--rami-sec"} <= set(options)
    assert len(options) >= 20
    commands = readme_commands()
    assert {"new", "add", "undo", "corriger", "redo", "show", "convert"} <= set(commands)
    assert ("new", "--no-play") in readme_command_options()


@pytest.mark.parametrize("option", readme_add_options())
def test_every_readme_add_option_is_in_add_help(cli, option: str) -> None:
    result = cli("add", "--help")
    assert result.code == 0, result.err
    assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", result.out), option


def test_every_add_help_option_is_in_the_readme(cli) -> None:
    result = cli("add", "--help")
    listed = set(re.findall(r"^\s+(--[a-z][a-z-]*)", result.out, re.MULTILINE))
    listed -= {"--help", "--json"}
    assert listed
    assert listed <= set(readme_add_options())


@pytest.mark.parametrize("command", readme_commands())
def test_every_readme_command_exists(cli, command: str) -> None:
    result = cli("--help")
    assert result.code == 0, result.err
    assert command in help_commands(result.out)
    # and it answers --help itself
    own = cli(command, "--help")
    assert own.code == 0, own.err
    assert f"cardscore {command}" in own.out


def readme_command_options() -> list[tuple[str, str]]:
    """(command, option) for every option the README's command table gives a command."""
    pairs: set[tuple[str, str]] = set()
    for line in section("Commands").splitlines():
        if not line.startswith("| `"):
            continue
        for usage in re.findall(r"`cardscore ([^`]*)`", first_cell_of(line)):
            command, *rest = usage.split()
            for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", " ".join(rest)):
                pairs.add((command, option))
    return sorted(pairs)


@pytest.mark.parametrize(("command", "option"), readme_command_options())
def test_every_readme_command_option_exists(cli, command: str, option: str) -> None:
    result = cli(command, "--help")
    assert result.code == 0, result.err
    assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", result.out), option


def test_every_command_is_in_the_readme(cli) -> None:
    assert help_commands(cli("--help").out) <= set(readme_commands())


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    blocks = re.findall(r"```sh\n(.*?)```", section("Install and run the tests"), re.DOTALL)
    assert len(blocks) == 1
    lines = [line for line in blocks[0].splitlines() if line.strip()]
    assert len(lines) == 1
    command = lines[0]
    assert "pytest" in command
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert command in [line.strip() for line in ci.splitlines()]


def test_readme_json_keys_are_those_of_design(cli) -> None:
    """The `show --json` keys the README documents are all printed."""
    block = section("`show --json`")
    keys = set(re.findall(r'"([a-z_]+)"', block))
    assert {"id", "rounds", "totals", "held", "finished", "winner", "next_dealer"} <= keys
    sid = cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play").out.strip()
    assert cli("add", sid, "--taker", "Ann", "--contract", "prise", "--bouts", "1",
               "--points", "51").code == 0  # fmt: skip
    sheet = cli("show", sid, "--json").json()
    round_keys = set(sheet["rounds"][0])
    assert keys <= set(sheet) | round_keys
