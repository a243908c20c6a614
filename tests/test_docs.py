"""The documents agree with the program.

* The README: its commands and `add` options exist (as `--help` shows them), and `.ci/run`
  runs the README's test command word for word.
* docs/rules.md, the players' rules: every parameter of every rule set is in its game's
  table with each preset's default, and every worked example (a ```console block of
  `cardscore` commands, each `add` followed by the scores it prints) is replayed through the
  command line, so the document cannot drift from the code."""

from __future__ import annotations

import dataclasses
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardscore.games import GAME_NAMES, get_game

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
COMMANDS = (ROOT / "docs" / "commands.md").read_text("utf-8")  # the command reference


def section(title: str, text: str = README) -> str:
    """The text of the section of ``text`` (the README unless given) whose heading is
    ``title`` (up to the next heading of the same or a higher level)."""
    match = re.search(rf"^(#+) {re.escape(title)}\s*$", text, re.MULTILINE)
    assert match, f"no section {title!r}"
    level = len(match.group(1))
    rest = text[match.end() :]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def first_cell_of(row: str) -> str:
    """The first cell of a Markdown table row (``\\|`` is a pipe inside a cell)."""
    return re.split(r"(?<!\\)\|", row)[1]


def readme_add_options() -> list[str]:
    options = re.findall(r"(?<![\w-])--[a-z][a-z-]*", section("`add` options", COMMANDS))
    return sorted(set(options))


def readme_commands() -> list[str]:
    rows = [line for line in section("Commands", COMMANDS).splitlines() if line.startswith("| `")]
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
    for line in section("Commands", COMMANDS).splitlines():
        if not line.startswith("| `"):
            continue
        for usage in re.findall(r"`cardscore ([^`]*)`", first_cell_of(line)):
            command, *rest = usage.split()
            if command in GROUPS and rest:  # `cardscore tournament new …`: its subcommand's
                command = f"{command} {rest.pop(0)}"
            for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", " ".join(rest)):
                pairs.add((command, option))
    return sorted(pairs)


#: the commands that are groups of subcommands (their options are their subcommands')
GROUPS = ("tournament",)


@pytest.mark.parametrize(("command", "option"), readme_command_options())
def test_every_readme_command_option_exists(cli, command: str, option: str) -> None:
    result = cli(*command.split(), "--help")
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
    block = section("`show --json`", COMMANDS).split("```")[1]  # the document's outline
    keys = set(re.findall(r'"([a-z_]+)"', block))
    assert {"id", "rounds", "totals", "held", "finished", "winner", "next_dealer"} <= keys
    assert {"terms", "unawarded"} <= keys
    sid = cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play").out.strip()
    assert cli("add", sid, "--taker", "Ann", "--contract", "prise", "--bouts", "1",
               "--points", "51").code == 0  # fmt: skip
    assert cli("table", sid, "--replace", "Dan=Zoé", "--join", "Eve").code == 0
    assert cli("table", sid, "--leave", "Ann").code == 0
    sheet = cli("show", sid, "--json").json()
    round_keys = set(sheet["rounds"][0])
    change_keys = {key for change in sheet["table_changes"] for key in change}
    other = cli("new", "rami", "--names", "Ann,Bob", "--no-play").out.strip()
    assert cli("add", other, "--winner", "Ann", "--hand", "Bob=10").code == 0
    assert cli("table", other, "--target", "500").code == 0  # once play has begun: a change
    change_keys |= set(cli("show", other, "--json").json()["table_changes"][0])
    assert {"from", "summary", "replace", "join", "leave", "target"} <= change_keys
    assert keys <= set(sheet) | round_keys | change_keys


# --------------------------------------------------------------------------------------------
# docs/rules.md, the players' rules

RULES_PATH = ROOT / "docs" / "rules.md"
RULES = RULES_PATH.read_text("utf-8") if RULES_PATH.exists() else ""
# The heading of each game's section in docs/rules.md
GAME_SECTIONS = {"tarot": "Tarot", "belote": "Belote", "coinche": "Coinche", "rami": "Rami"}
PARAMETER_HEADING = "`--set` key"  # the first heading cell of a rule set's parameter table


def cells(row: str) -> list[str]:
    """The cells of a Markdown table row, stripped (``\\|`` is a pipe inside a cell)."""
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", row.strip())[1:-1]]


def parameter_table(game: str) -> tuple[list[str], dict[str, list[str]]]:
    """The preset columns and the rows (``--set`` key → its other cells) of the parameter
    table in the game's section of docs/rules.md; nothing when there is none."""
    if not RULES or not re.search(rf"^## {GAME_SECTIONS[game]}\s*$", RULES, re.MULTILINE):
        return [], {}
    prose = re.sub(r"^```.*?^```$", "", RULES, flags=re.MULTILINE | re.DOTALL)  # `#` comments
    lines = section(GAME_SECTIONS[game], prose).splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("|")
              and cells(line)[0] == PARAMETER_HEADING]  # fmt: skip
    if len(starts) != 1:
        return [], {}
    header = cells(lines[starts[0]])
    rows: dict[str, list[str]] = {}
    for line in lines[starts[0] + 2 :]:
        if not line.startswith("|"):
            break
        row = cells(line)
        key = re.fullmatch(r"`([a-z0-9-]+)`", row[0])
        assert key, f"docs/rules.md: {game}: {row[0]!r} is not a `--set` key"
        rows[key.group(1)] = row[1:]
    return header[1:-1], rows


def shown(value: Any) -> str:
    """A parameter value as `cardscore rules` prints it and `--set` takes it."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def parameters() -> list[tuple[str, str]]:
    """(game, ``--set`` key) for every field of every game's parameter class."""
    return [
        (game, f.name.replace("_", "-"))
        for game in GAME_NAMES
        for f in dataclasses.fields(get_game(game).params_cls)
    ]


def test_the_rules_document_exists_and_the_readme_points_to_it() -> None:
    assert RULES_PATH.is_file()
    for title in GAME_SECTIONS.values():
        assert re.search(rf"^## {title}\s*$", RULES, re.MULTILINE), title
    assert "docs/rules.md" in README


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_rules_document_has_a_column_for_every_preset(game: str) -> None:
    presets, rows = parameter_table(game)
    assert presets == list(get_game(game).presets)
    assert rows


@pytest.mark.parametrize(("game", "key"), parameters())
def test_the_rules_document_gives_every_parameter_with_its_defaults(game: str, key: str) -> None:
    """A parameter added to the code and not to docs/rules.md fails here, and so does a
    default that differs from a preset's."""
    rules = get_game(game)
    presets, rows = parameter_table(game)
    assert key in rows, f"docs/rules.md: the {game} table has no row for --set {key}"
    assert len(rows[key]) == len(presets) + 1  # a default per preset, then the meaning
    name = key.replace("-", "_")
    (f,) = (f for f in dataclasses.fields(rules.params_cls) if f.name == name)
    said = f.metadata.get("words", {})  # a choice as the user reads and types it
    for preset, cell in zip(presets, rows[key], strict=False):
        words = cell.replace("`", "").split()
        documented = words[0] if words else ""
        value = getattr(rules.presets[preset], name)
        assert documented == said.get(value, shown(value)), (game, preset, key)
    meaning = rows[key][-1]
    for choice in f.metadata.get("choices", ()):
        assert f"`{said.get(choice, choice)}`" in meaning, (game, key, choice)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_rules_document_has_no_parameter_the_code_lacks(game: str) -> None:
    _, rows = parameter_table(game)
    known = {f.name.replace("_", "-") for f in dataclasses.fields(get_game(game).params_cls)}
    assert rows
    assert set(rows) <= known, sorted(set(rows) - known)


def test_the_rules_document_cites_no_specification_file() -> None:
    """The players' document stands on its own: the team's specification files and their
    sources are not the product's documentation."""
    assert RULES
    for forbidden in (r"RULES\.md", r"DESIGN\.md", r"\bseeds\b", r"\bseed \d", r"seed file"):
        assert not re.search(forbidden, RULES, re.IGNORECASE), forbidden


# Worked examples: every ```console block of docs/rules.md is a session played at the table.
# `$ cardscore new …` creates it, each `$ cardscore add …` is followed by the line it must
# score: `→ Ann +318, Bob -106` (every column's score in the round), then optionally
# ` (81 held)` (the points held after it, else none) and `; Ann wins` (the game is over, else
# it goes on); or `✗ refused` (exit status 2, nothing saved). `#` lines are comments.

EXPECTED = re.compile(r"→ (?P<scores>.+?)(?: \((?P<held>\d+) held\))?(?:; (?P<winner>.+) wins)?")
SCORE = re.compile(r"(?P<column>.+) (?P<points>[+-]?\d+)")


@dataclass
class Step:
    line: int  # in docs/rules.md
    words: list[str]  # after `cardscore`
    expected: str | None = None  # the line after an `add`


@dataclass
class Example:
    heading: str
    line: int
    steps: list[Step] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # lines the format does not allow

    @property
    def id(self) -> str:
        game = self.steps[0].words[1] if self.steps and len(self.steps[0].words) > 1 else ""
        words = re.sub(r"[^a-z0-9]+", "-", self.heading.lower()).strip("-")
        return f"{game}-{words}-line-{self.line}"


def rules_examples() -> list[Example]:
    examples: list[Example] = []
    heading, current = "", None
    for number, line in enumerate(RULES.splitlines(), start=1):
        if current is None:
            if line.startswith("#"):
                heading = line.lstrip("#").strip()
            elif line.strip() == "```console":
                current = Example(heading, number)
            continue
        text = line.strip()
        if text == "```":
            examples.append(current)
            current = None
        elif text.startswith("$ cardscore "):
            current.steps.append(Step(number, shlex.split(text[len("$ cardscore ") :])))
        elif text.startswith(("→", "✗")) and current.steps and not current.steps[-1].expected:
            current.steps[-1].expected = text
        elif text and not text.startswith("#"):
            current.problems.append(f"line {number}: {text}")
    return examples


EXAMPLES = rules_examples()


def expected_result(text: str) -> tuple[dict[str, int], int, str | None]:
    """The scores, held points and winner that an expectation line states."""
    found = EXPECTED.fullmatch(text)
    assert found, f"not an expected result: {text!r}"
    scores = {}
    for item in found.group("scores").split(", "):
        score = SCORE.fullmatch(item)
        assert score, f"not `NAME POINTS`: {item!r}"
        scores[score.group("column")] = int(score.group("points"))
    return scores, int(found.group("held") or 0), found.group("winner")


def test_the_rules_document_holds_the_worked_examples() -> None:
    """Guard: the examples are found, and there are at least the table's classics (the five
    official tarot rounds, the house-rules round, the belote, coinche and rami rounds)."""
    adds: dict[tuple[str, str], int] = {}
    for example in EXAMPLES:
        commands = [step.words[0] for step in example.steps]
        assert commands[:1] == ["new"] and "new" not in commands[1:], example.id  # one game
        new = example.steps[0].words
        rules = new[new.index("--rules") + 1] if "--rules" in new else "default"
        key = (new[1], rules)
        adds[key] = adds.get(key, 0) + sum(step.words[0] == "add" for step in example.steps)
    assert adds.get(("tarot", "default"), 0) >= 5 + 4  # official rounds, 3 to 6 players
    assert adds.get(("tarot", "maison"), 0) >= 1 + 3
    assert adds.get(("belote", "default"), 0) + adds.get(("belote", "maison"), 0) >= 7
    assert adds.get(("belote", "official"), 0) >= 1
    assert adds.get(("coinche", "default"), 0) + adds.get(("coinche", "maison"), 0) >= 5
    assert adds.get(("coinche", "official"), 0) >= 2
    assert adds.get(("rami", "default"), 0) >= 4


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_the_rules_document_worked_example_scores_as_written(cli, example: Example) -> None:
    """Replay one worked example of docs/rules.md through the command line."""
    assert not example.problems, example.problems
    for step in example.steps:
        where = f"docs/rules.md line {step.line}: cardscore {shlex.join(step.words)}"
        if step.words[0] == "new":
            result = cli(*step.words)
            assert result.code == 0, (where, result.err)
            continue
        assert step.words[0] == "add", f"{where}: only new and add are replayed"
        assert step.expected, f"{where}: the line after an add says what it scores"
        rounds = len(cli("show", "--json").json()["rounds"])
        result = cli(*step.words, "--json")
        if step.expected.startswith("✗"):
            assert step.expected == "✗ refused", where
            assert result.code == 2, (where, result.out)
            assert len(cli("show", "--json").json()["rounds"]) == rounds, where
            continue
        assert result.code == 0, (where, result.err)
        printed = result.json()
        scores, held, winner = expected_result(step.expected)
        assert printed["round"]["scores"] == scores, where
        assert printed["held"] == held, where
        assert printed["finished"] is (winner is not None), where
        assert printed["winner"] == winner, where


def test_the_readme_names_what_the_optional_tests_need() -> None:
    """The browser and PDF tests need programs pip does not install: the README names them
    (each package .ci/run installs for them among them) and says those tests are skipped
    without them."""
    said = section("Install and run the tests")
    for needed in ("Chromium", "poppler-utils", "pdftoppm", "pdftotext", "DejaVu", "skipped"):
        assert needed in said, needed
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    installed = re.search(r"apt-get install -y -qq \\\s*\n\s*(.*?)\s*>/dev/null", ci).group(1)
    assert installed.split() == ["chromium", "poppler-utils", "fonts-dejavu-core"]
    told = re.search(r"`sudo apt-get install ([^`]*)`", said)
    assert told and told.group(1).split() == installed.split()
