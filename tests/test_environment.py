"""The environment handed to ``run()``: a test decides whether standard input is a terminal
without a pseudo-terminal, where the only question is whether something may be asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscore import cli
from cardscore.environment import Environment


def PIPED() -> Environment:
    """A pipe, in this test's data folder."""
    return Environment.of_process(stdin_isatty=False)


def TERMINAL() -> Environment:
    """A terminal, in this test's data folder (``CARDSCORE_HOME``)."""
    return Environment.of_process(stdin_isatty=True)


def _run(capsys: pytest.CaptureFixture[str], env: Environment, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.run(list(args), env=env)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_new_without_a_terminal_asks_nothing_and_prints_the_id(capsys, home: Path) -> None:
    code, out, err = _run(capsys, PIPED(), "new", "tarot", "--names", "Ann,Bob,Cyd,Dan")
    assert (code, err) == (0, "")
    assert (home / "sessions" / f"{out.strip()}.json").is_file()


def test_new_without_a_terminal_needs_the_names(capsys, home: Path) -> None:
    code, out, err = _run(capsys, PIPED(), "new", "tarot", "--players", "4")
    assert code == 2 and out == ""
    assert "--names is required" in err
    assert not (home / "sessions").exists() or not list((home / "sessions").glob("*.json"))


def test_new_on_a_terminal_asks_the_names(capsys, monkeypatch, home: Path) -> None:
    """On a "terminal" the set-up questions are asked (here answered by a stand-in), then
    the round loop starts."""
    from cardscore.prompts import loop, setup

    asked: list[int | None] = []
    played: list[str] = []

    def ask_new(game, *, players, names, rules, target_given=False):
        asked.append(players)
        return setup.NewGameAnswers(names=["Ann", "Bob", "Cyd"], rules="fft")

    monkeypatch.setattr(setup, "ask_new", ask_new)
    monkeypatch.setattr(loop, "play", played.append)
    code, out, _ = _run(capsys, TERMINAL(), "new", "tarot", "--players", "3")
    assert code == 0
    assert asked == [3] and len(played) == 1
    assert played[0] in out


def test_delete_asks_on_a_terminal_and_refuses_without_one(capsys, monkeypatch) -> None:
    code, out, _ = _run(capsys, PIPED(), "new", "rami", "--names", "Ann,Bob")
    sid = out.strip()
    code, _, err = _run(capsys, PIPED(), "delete", sid)
    assert code == 2 and "--yes" in err
    from cardscore.prompts import ask

    monkeypatch.setattr(ask, "yes_no", lambda *a, **k: False)
    code, _, err = _run(capsys, TERMINAL(), "delete", sid)
    assert (code, err) == (0, "")
    code, out, _ = _run(capsys, PIPED(), "list", "--json")
    assert sid in out  # not deleted: the answer was no


def test_players_count_is_checked_by_the_session_layer() -> None:
    from cardscore.games.base import InputError
    from cardscore.session import check_setup

    assert check_setup("rami", players=6).name == "rami"
    with pytest.raises(InputError, match="--players: rami is played by 2 to 6 players"):
        check_setup("rami", players=7)
    with pytest.raises(InputError, match="--names: 2 names for --players 3"):
        check_setup("tarot", players=3, names=["Ann", "Bob"])


def test_the_command_uses_the_folder_and_language_it_is_handed(
    capsys, tmp_path: Path, home: Path
) -> None:
    """What the environment says wins over what the process says: the command neither reads
    ``CARDSCORE_HOME`` (here ``home``) nor the locale again."""
    club = tmp_path / "club"
    env = Environment(stdin_isatty=False, home=club, language="fr", width=60)
    code, out, err = _run(capsys, env, "new", "belote", "--names", "Ann,Bob,Cyd,Dan")
    assert (code, err) == (0, "")
    sid = out.strip()
    assert (club / "sessions" / f"{sid}.json").is_file()
    assert not (home / "sessions").exists()
    code, out, err = _run(capsys, env, "show", sid)
    assert code == 0
    assert "Prochain donneur : Ann" in out  # French without --lang
    assert max(len(line) for line in out.splitlines()) <= 60
    code, out, err = _run(capsys, env, "--lang", "nb", "show", "nothing")
    assert (code, err) == (
        2,
        "cardscore: feil: ingen økt «nothing»: oppgi en økts id eller de første bokstavene i "
        "den, slik `cardscore list` viser dem\n",
    )


def test_the_environment_ends_with_its_command(capsys, monkeypatch, home: Path) -> None:
    from cardscore import environment

    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    _run(capsys, Environment(stdin_isatty=False, home=home / "x", language="nb"), "list")
    assert environment.current().home == home  # the process's again: CARDSCORE_HOME
    assert environment.current().language == "en"
