"""Shell completion: the scripts in completions/ are current, and completion is dynamic."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CARDSCORE = Path(sys.executable).parent / "cardscore"
sys.path.insert(0, str(ROOT / "scripts"))

import generate_completions  # noqa: E402


def test_completion_scripts_are_up_to_date() -> None:
    assert generate_completions.main(["--check"]) == 0, (
        "completions/ is out of date: run python scripts/generate_completions.py"
    )


def test_every_shell_has_a_script() -> None:
    names = sorted(p.name for p in (ROOT / "completions").iterdir())
    assert names == ["_cardscore", "cardscore.bash", "cardscore.fish", "cardscore.ps1"]


@pytest.fixture
def table(home: Path, cli) -> str:
    session_id = cli("new", "tarot", "--names", "Ann,Bob,Zoé,Dan", "--no-play").out.strip()
    cli("new", "belote", "--names", "Sud,Ouest,Nord,Est", "--set", "team1=Les Rouges", "--no-play")
    return session_id


def complete(home: Path, words: str) -> list[str]:
    """What the bash completion function would offer after ``words``."""
    parts = words.split(" ")
    env = {
        **os.environ,
        "CARDSCORE_HOME": str(home),
        "_CARDSCORE_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(parts) - 1),
    }
    done = subprocess.run(
        [str(CARDSCORE)], env=env, capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout.split()


pytestmark = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


def test_commands_and_games(home: Path) -> None:
    assert {"new", "add", "show", "print", "corriger"} <= set(complete(home, "cardscore "))
    assert complete(home, "cardscore new ") == ["tarot", "belote", "coinche", "rami"]
    assert complete(home, "cardscore rules co") == ["coinche"]


def test_presets_follow_the_game(home: Path) -> None:
    assert complete(home, "cardscore new tarot --rules ") == ["fft", "maison"]
    assert complete(home, "cardscore new belote --rules ") == ["maison", "official"]


def test_session_ids(home: Path, table: str) -> None:
    offered = complete(home, "cardscore show ")
    assert table in offered and len(offered) == 2


def test_players_teams_and_values_of_the_session(home: Path, table: str) -> None:
    # the belote session is the most recent one: its players and teams
    assert complete(home, "cardscore add --taker ") == ["Sud", "Ouest", "Nord", "Est"]
    assert set(complete(home, "cardscore add --belote ")) >= {"taker", "defense", "Les"}
    # naming the tarot session first: its players
    assert complete(home, f"cardscore add {table} --taker Z") == ["Zoé"]
    assert "garde-sans" in complete(home, f"cardscore add {table} --contract g")
    assert complete(home, "cardscore print --format p") == ["pdf"]


def test_a_player_who_left_is_offered_only_for_a_round_he_played(home: Path, cli) -> None:
    sid = cli("new", "tarot", "--names", "Ann,Bob,Zoé,Dan", "--no-play").out.strip()
    assert cli("add", sid, "--line", "ann p 1b 51").code == 0
    assert cli("table", sid, "--replace", "Zoé=Eve").code == 0
    assert complete(home, f"cardscore add {sid} --taker ") == ["Ann", "Bob", "Eve", "Dan"]
    assert complete(home, f"cardscore edit {sid} 1 --taker ") == ["Ann", "Bob", "Zoé", "Dan"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_the_bash_script_works_in_bash(home: Path, table: str) -> None:
    script = ROOT / "completions" / "cardscore.bash"
    command = (
        f"source {script}; COMP_WORDS=(cardscore show ''); COMP_CWORD=2; "
        f"_cardscore_completion {CARDSCORE}; printf '%s\\n' \"${{COMPREPLY[@]}}\""
    )
    env = {**os.environ, "CARDSCORE_HOME": str(home)}
    done = subprocess.run(
        ["bash", "-c", command], env=env, capture_output=True, text=True, timeout=30, check=False
    )
    assert table in done.stdout.split()


# --------------------------------------------------------------------------------------------
# `cardscore completion SHELL`: the script, one command away


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish", "powershell"])
def test_the_completion_command_prints_the_script_of_completions(cli, shell: str) -> None:
    from cardscore.completion import SHELLS

    result = cli("completion", shell)
    assert result.code == 0 and result.err == ""
    assert result.out.encode("utf-8") == (ROOT / "completions" / SHELLS[shell]).read_bytes()


def test_the_completion_command_as_a_program_prints_the_same_bytes(home: Path) -> None:
    done = subprocess.run(
        [str(CARDSCORE), "completion", "bash"], capture_output=True, timeout=30, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (ROOT / "completions" / "cardscore.bash").read_bytes()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "'tcsh' is not a shell cardscore completes (bash, zsh, fish or powershell)"),
        (
            "fr",
            "« tcsh » n'est pas un shell que cardscore complète (bash, zsh, fish ou powershell)",
        ),
        ("nb", "«tcsh» er ikke et skall cardscore fullfører (bash, zsh, fish eller powershell)"),
    ],
)
def test_the_completion_command_refuses_another_shell(cli, lang: str, said: str) -> None:
    result = cli("--lang", lang, "completion", "tcsh")
    assert result.code == 2 and result.out == ""
    assert result.err.rstrip("\n").endswith(said)
    assert len(result.err.splitlines()) == 1


def test_help_names_the_completion_command(cli) -> None:
    listed = cli("--help").out
    assert re.search(r"^\s+completion\s+\S", listed, re.MULTILINE), listed
    own = cli("completion", "--help").out
    assert "bash" in own and "powershell" in own


def test_the_completion_scripts_complete_the_completion_command(home: Path) -> None:
    assert "completion" in complete(home, "cardscore comp")
    assert complete(home, "cardscore completion ") == ["bash", "zsh", "fish", "powershell"]
    assert complete(home, "cardscore completion f") == ["fish"]


def test_the_docs_say_how_to_install_it_for_each_shell() -> None:
    text = (ROOT / "docs" / "commands.md").read_text("utf-8")
    for shell in ("bash", "zsh", "fish", "powershell"):
        assert f"cardscore completion {shell}" in text, shell


def test_tournament_subcommands_games_and_ids(home: Path, cli) -> None:
    assert "tournament" in complete(home, "cardscore ")
    assert {"new", "show", "play", "next", "print", "list", "delete"} <= set(
        complete(home, "cardscore tournament ")
    )
    assert complete(home, "cardscore tournament new ra") == ["rami"]
    made = cli("tournament", "new", "rami", "--names", "Ann,Bob,Cyd", "--rounds", "1", "--json")
    assert complete(home, "cardscore tournament show ") == [made.json()["id"]]
