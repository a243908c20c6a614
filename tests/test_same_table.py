"""The same players next time: `cardscore new GAME --same-table`, "Same table as last time?"
when a game is created on a terminal, and the names of earlier players offered as the new
players' names are typed.

The next session sits the players at the table of the latest session of that game *now*,
in their seats, the player after its last dealer dealing first (as the loop's "New game,
same table"): who that is comes from the old session's own `next_dealer` (its `show --json`),
and the seats are those of its table now (its `cardscore table --json`).
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.environment import Environment
from cardscore.games import get_game
from test_cli_corrections import assert_one_line_error, run_in
from test_prompts_corrections import drive


def TERMINAL() -> Environment:
    """A terminal, in this test's data folder (``CARDSCORE_HOME``)."""
    return Environment.of_process(stdin_isatty=True)


ENTER, BACKSPACE = "\r", "\x7f"
NAMES = "Ann,Bob,Cyd,Dan,Eve"
TAROT_ROUNDS = [
    "--taker Bob --contract garde --called Dan --bouts 2 --points 49",
    "--taker Cyd --contract prise --called Ann --bouts 1 --points 60",
]
BELOTE_ROUND = "--taker Sud --trump hearts --points 100 --dix-de-der taker"


def ok(result: Any) -> Any:
    assert result.code == 0, (result.out, result.err)
    return result


def new(cli: Callable[..., Any], game: str, *options: str) -> str:
    return ok(cli("new", game, *options, "--no-play")).out.strip()


def played(cli: Callable[..., Any], game: str, options: tuple[str, ...], rounds: list[str]) -> str:
    """A session of ``game`` created with ``options``, ``rounds`` recorded."""
    sid = new(cli, game, *options)
    for line in rounds:
        ok(cli("add", sid, *line.split()))
    return sid


def shown(cli: Callable[..., Any], sid: str) -> dict[str, Any]:
    return ok(cli("show", sid, "--json")).json()


def seated(cli: Callable[..., Any], sid: str) -> list[str]:
    """The players at the session's table now, in their seats."""
    return ok(cli("table", sid, "--json")).json()["players"]


def moved_on(cli: Callable[..., Any], sid: str) -> list[str]:
    """The seats of the table now, the old session's next dealer first."""
    players, dealer = seated(cli, sid), shown(cli, sid)["next_dealer"]
    seat = players.index(dealer)
    return [*players[seat:], *players[:seat]]


def age(home: Path, sid: str, seconds: float) -> None:
    """Make a session file ``seconds`` old (the latest session is the latest changed)."""
    path = home / "sessions" / f"{sid}.json"
    stamp = time.time() - seconds
    os.utime(path, (stamp, stamp))


def session_ids(home: Path) -> set[str]:
    return {p.stem for p in (home / "sessions").glob("*.json")}


# ---- --same-table ---------------------------------------------------------------------------


def test_same_table_takes_players_seats_rules_parameters_and_title(cli) -> None:
    old = played(
        cli,
        "tarot",
        ("--names", NAMES, "--rules", "maison", "--set", "value-garde=45", "--title", "Friday"),
        TAROT_ROUNDS,
    )
    sid = new(cli, "tarot", "--same-table")
    assert sid != old
    before, after = shown(cli, old), shown(cli, sid)
    # rounds 1 and 2 were dealt by Ann and Bob: Cyd deals first, the seats as they were
    assert after["players"] == ["Cyd", "Dan", "Eve", "Ann", "Bob"] == moved_on(cli, old)
    assert after["next_dealer"] == before["next_dealer"] == "Cyd"
    assert (after["rules"], after["params"], after["title"]) == (
        "maison",
        before["params"],
        "Friday",
    )
    assert after["params"]["value_garde"] == 45
    assert after["rounds"] == [] and after["table_changes"] == []
    assert len(shown(cli, old)["rounds"]) == 2  # the old session stays as it was


def test_same_table_after_no_round_keeps_the_first_dealer(cli) -> None:
    """Nobody dealt yet: the deal goes on from where it stands, the first seat."""
    new(cli, "rami", "--names", "Ann,Bob,Cyd")
    sid = new(cli, "rami", "--same-table")
    assert shown(cli, sid)["players"] == ["Ann", "Bob", "Cyd"]


def test_same_table_keeps_the_team_names_set_by_hand_as_the_seats_turn(cli) -> None:
    old = played(
        cli,
        "belote",
        ("--names", "Sud,Ouest,Nord,Est", "--set", "team2=Les Bleus", "--target", "1500"),
        [BELOTE_ROUND],
    )
    sid = new(cli, "belote", "--same-table")
    after = shown(cli, sid)
    # Sud dealt round 1: Ouest deals first, and sits in team 1 with Est (Les Bleus)
    assert after["players"] == ["Ouest", "Nord", "Est", "Sud"] == moved_on(cli, old)
    assert after["teams"] == ["Les Bleus", "Nord & Sud"]
    assert after["params"]["target"] == 1500 == shown(cli, old)["params"]["target"]


@pytest.mark.parametrize(
    "change, seats, then",
    [
        (("--leave", "Eve", "--join", "Zoé"), 5, TAROT_ROUNDS[0]),  # Zoé sits after the others
        (("--replace", "Bob=Max"), 5, TAROT_ROUNDS[0].replace("Bob", "Max")),  # Bob's seat
        (("--leave", "Cyd"), 4, "--taker Dan --contract garde --bouts 2 --points 49"),
    ],
    ids=["leave-and-join", "replace", "the-next-dealer-leaves"],
)
def test_same_table_is_the_table_as_it_ended(
    cli, change: tuple[str, ...], seats: int, then: str
) -> None:
    old = played(cli, "tarot", ("--names", NAMES), TAROT_ROUNDS)
    ok(cli("table", old, *change))
    ok(cli("add", old, *then.split()))  # a round at the new table
    expected = moved_on(cli, old)
    assert len(expected) == seats
    sid = new(cli, "tarot", "--same-table")
    assert shown(cli, sid)["players"] == expected
    assert shown(cli, sid)["next_dealer"] == shown(cli, old)["next_dealer"]


def test_same_table_seats_after_a_table_change_by_hand(cli) -> None:
    """Worked out by hand once: Ann, Bob dealt; Eve left and Zoé joined (Ann Bob Cyd Dan
    Zoé); Cyd dealt round 3: Dan deals first."""
    old = played(cli, "tarot", ("--names", NAMES), TAROT_ROUNDS)
    ok(cli("table", old, "--leave", "Eve", "--join", "Zoé"))
    ok(cli("add", old, *TAROT_ROUNDS[0].split()))
    sid = new(cli, "tarot", "--same-table")
    assert shown(cli, sid)["players"] == ["Dan", "Zoé", "Ann", "Bob", "Cyd"]


def test_same_table_takes_the_latest_session_of_that_game(cli, home: Path) -> None:
    first = new(cli, "tarot", "--names", "Ann,Bob,Cyd")
    second = new(cli, "tarot", "--names", "Max,Léa,Tom,Zoé")
    other = new(cli, "rami", "--names", "Pia,Ugo")  # the latest session, another game
    age(home, first, 300)
    age(home, second, 200)
    age(home, other, 100)
    assert shown(cli, new(cli, "tarot", "--same-table"))["players"] == ["Max", "Léa", "Tom", "Zoé"]
    # the latest *changed*: a round added to the first one makes it the latest
    for sid in session_ids(home) - {first, other}:
        age(home, sid, 200)
    ok(cli("add", first, "--taker", "Bob", "--contract", "garde", "--bouts", "2", "--points", "49"))
    assert shown(cli, new(cli, "tarot", "--same-table"))["players"] == ["Bob", "Cyd", "Ann"]


def test_a_damaged_latest_file_is_skipped_and_said(cli, home: Path) -> None:
    good = new(cli, "tarot", "--names", "Ann,Bob,Cyd")
    damaged = new(cli, "tarot", "--names", "Max,Léa,Tom")
    path = home / "sessions" / f"{damaged}.json"
    cut = path.read_bytes()[:80]
    path.write_bytes(cut)  # cut short
    age(home, good, 100)
    files = session_ids(home)
    result = ok(cli("new", "tarot", "--same-table", "--no-play"))
    sid = result.out.strip()
    assert session_ids(home) == files | {sid}
    assert shown(cli, sid)["players"] == ["Ann", "Bob", "Cyd"]
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardscore: warning: ")
    assert str(path) in lines[0]
    assert path.read_bytes() == cut  # left untouched


def test_no_earlier_session_of_that_game_is_refused(cli, home: Path, sessions) -> None:
    new(cli, "rami", "--names", "Ann,Bob")
    files = sessions()
    result = cli("new", "tarot", "--same-table", "--no-play")
    assert_one_line_error(result, "--same-table: no earlier tarot session: give the names")
    assert result.out == "" and sessions() == files


def test_no_earlier_session_is_said_in_french(cli, monkeypatch) -> None:
    monkeypatch.setenv("CARDSCORE_LANG", "fr")
    result = cli("new", "belote", "--same-table", "--no-play")
    assert result.code == 2
    assert "pas encore de partie de belote : donnez les noms" in result.err


@pytest.mark.parametrize(
    "options, named",
    [
        (("--names", "Ann,Bob,Cyd"), "--names"),
        (("--players", "3"), "--players"),
        (("--rules", "maison"), "--rules"),
    ],
)
def test_same_table_refuses_the_options_that_name_another_table(
    cli, sessions, options: tuple[str, ...], named: str
) -> None:
    """--same-table says who sits and under which rules: --names, --players or --rules would
    say it too, and which one wins would be a guess."""
    new(cli, "tarot", "--names", "Ann,Bob,Cyd")
    files = sessions()
    result = cli("new", "tarot", "--same-table", *options, "--no-play")
    assert_one_line_error(result, f"leave out {named}")
    assert sessions() == files


def test_set_target_and_title_apply_on_top_of_the_last_table(cli) -> None:
    old = new(cli, "rami", "--names", "Ann,Bob,Cyd", "--set", "joker=30", "--title", "Vendredi")
    sid = new(cli, "rami", "--same-table", "--target", "800", "--title", "Samedi")
    before, after = shown(cli, old)["params"], shown(cli, sid)
    assert after["params"] == {**before, "target": 800}
    assert after["params"]["joker"] == 30 and after["title"] == "Samedi"
    # the next time, from the latest session (to 800, Samedi): only the joker changes
    sid = new(cli, "rami", "--same-table", "--set", "joker=50")
    assert shown(cli, sid)["params"] == {**before, "target": 800, "joker": 50}
    assert shown(cli, sid)["title"] == "Samedi"


def test_a_bad_setting_with_same_table_is_refused(cli, sessions) -> None:
    new(cli, "tarot", "--names", "Ann,Bob,Cyd")
    files = sessions()
    assert_one_line_error(cli("new", "tarot", "--same-table", "--target", "500"), "--target")
    assert_one_line_error(cli("new", "tarot", "--same-table", "--set", "nope=1"), "--set")
    assert sessions() == files


def test_same_table_on_a_terminal_asks_nothing_and_plays(capsys, home, opened) -> None:
    old = new_session_quietly("tarot", ["Ann", "Bob", "Cyd", "Dan"])
    result = drive("", run_in, capsys, TERMINAL(), "new", "tarot", "--same-table")
    assert result.code == 0, result.err
    (sid,) = session_ids(home) - {old}
    assert opened == [sid] and sid in result.out
    assert store.read(store.session_path(sid)).players == ["Ann", "Bob", "Cyd", "Dan"]


# ---- "Same table as last time?" ---------------------------------------------------------------


def new_session_quietly(game: str, names: list[str], rules: str | None = None) -> str:
    """A saved session (through the Session API: nothing printed)."""
    from cardscore.session import Session

    session = Session.create(game, names, rules=rules, session_id=store.new_id())
    store.write(session)
    return session.id


@pytest.fixture
def confirms(monkeypatch) -> list[str]:
    """The yes/no questions asked (they are still asked, on the pipe)."""
    from cardscore.prompts import ask

    asked: list[str] = []
    real = ask.confirm

    def spy(message: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(message)
        return real(message, *args, **kwargs)

    monkeypatch.setattr(ask, "confirm", spy)
    return asked


@pytest.fixture
def opened(monkeypatch) -> list[str]:
    """The sessions whose round loop starts (it is not run)."""
    from cardscore.prompts import loop

    started: list[str] = []
    monkeypatch.setattr(loop, "play", started.append)
    return started


def test_same_table_as_last_time_yes(capsys, home, confirms, opened) -> None:
    old = new_session_quietly("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve"], rules="maison")
    with store.changing(old) as session:
        session.add({"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2",
                     "points": "49"})  # fmt: skip
    result = drive("y", run_in, capsys, TERMINAL(), "new", "tarot")
    assert result.code == 0, result.err
    assert confirms == ["Same table as last time? (Bob, Cyd, Dan, Eve, Ann — maison)"]
    (sid,) = session_ids(home) - {old}
    assert opened == [sid]
    session = store.read(store.session_path(sid))
    assert (session.players, session.rules) == (["Bob", "Cyd", "Dan", "Eve", "Ann"], "maison")
    assert f"New tarot session {sid} (maison)." in " ".join(result.out.split())


def test_same_table_as_last_time_no_asks_as_before(capsys, home, confirms, opened) -> None:
    old = new_session_quietly("rami", ["Ann", "Bob", "Cyd"])
    # no, the only rule set, 2 players (the first entry), two names typed
    keys = "n" + "\x1b[A" * 2 + ENTER + "Léa" + ENTER + "Tom" + ENTER
    result = drive(keys, run_in, capsys, TERMINAL(), "new", "rami")
    assert result.code == 0, result.err
    assert confirms == ["Same table as last time? (Ann, Bob, Cyd — standard)"]
    (sid,) = session_ids(home) - {old}
    assert opened == [sid]
    assert store.read(store.session_path(sid)).players == ["Léa", "Tom"]


def test_same_table_is_not_offered_without_an_earlier_session_of_that_game(
    capsys, home, confirms, opened
) -> None:
    new_session_quietly("tarot", ["Ann", "Bob", "Cyd"])
    keys = "\x1b[A" * 2 + ENTER + "Léa" + ENTER + "Tom" + ENTER
    result = drive(keys, run_in, capsys, TERMINAL(), "new", "rami")
    assert result.code == 0, result.err
    assert confirms == [] and len(opened) == 1
    assert store.read(store.session_path(opened[0])).players == ["Léa", "Tom"]


def test_same_table_is_not_offered_when_the_table_is_named(capsys, confirms, opened) -> None:
    new_session_quietly("rami", ["Ann", "Bob", "Cyd"])
    result = drive("", run_in, capsys, TERMINAL(), "new", "rami", "--names", "Léa,Tom")
    assert result.code == 0, result.err
    assert confirms == [] and len(opened) == 1


# ---- the names of earlier players -----------------------------------------------------------


def test_earlier_names_most_frequent_then_most_recent_once_each(home: Path) -> None:
    from cardscore.sametable import earlier_names

    ids = [
        new_session_quietly("tarot", ["Ann", "Bob", "zoe"]),
        new_session_quietly("rami", ["Bob", "Cyd"]),
        new_session_quietly("belote", ["Dan", "Zoé", "Bob", "Eve"]),
    ]
    for sid, seconds in zip(ids, (300, 200, 100), strict=True):
        age(home, sid, seconds)
    # Bob 3 sessions, Zoé 2 (spelled as the latest), then once each, the latest first
    assert earlier_names() == ["Bob", "Zoé", "Dan", "Eve", "Cyd", "Ann"]
    (home / "sessions" / "broken.json").write_text("{", "utf-8")
    assert earlier_names() == ["Bob", "Zoé", "Dan", "Eve", "Cyd", "Ann"]


def test_earlier_names_include_who_joined_or_took_a_seat(home: Path) -> None:
    from cardscore.sametable import earlier_names

    sid = new_session_quietly("tarot", ["Ann", "Bob", "Cyd"])
    with store.changing(sid) as session:
        session.change_table(replace=["Bob=Max"])
    assert sorted(earlier_names()) == ["Ann", "Bob", "Cyd", "Max"]


def completions(names: list[str], taken: list[str], typed: str) -> list[str]:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from cardscore.prompts.setup import NameCompleter

    found = NameCompleter(names, taken).get_completions(Document(typed), CompleteEvent())
    return [c.text for c in found]


@pytest.mark.parametrize(
    "typed, offered",
    [
        ("", ["Zoé", "Jean-Luc", "Jules", "Léa"]),
        ("zo", ["Zoé"]),  # case-blind
        ("ZOE", ["Zoé"]),  # accent-blind
        ("le", ["Léa"]),
        ("j", ["Jean-Luc", "Jules"]),
        ("luc", ["Jean-Luc"]),  # a word of the name
        ("uc", []),  # not the middle of a word
        ("Max", []),
    ],
)
def test_the_names_offered_fit_what_is_typed(typed: str, offered: list[str]) -> None:
    names = ["Zoé", "Ann", "Jean-Luc", "Jules", "Léa"]
    assert completions(names, ["ann"], typed) == offered  # Ann is at the table already


def typing(steps: list[tuple[str, Callable[[list[Any]], bool] | None]], function, *args):
    """Run ``function(*args)`` while another thread types each step's keys once its
    condition holds (on the autocomplete questions asked so far): names are offered in the
    background as they are typed, so the keys that pick one wait for the offer."""
    import questionary
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    apps: list[Any] = []
    real = questionary.autocomplete

    def spy(*a: Any, **k: Any) -> Any:
        question = real(*a, **k)
        apps.append(question.application)
        return question

    def feed(pipe: Any) -> None:
        for keys, ready in steps:
            deadline = time.monotonic() + 20
            while ready is not None and not ready(apps) and time.monotonic() < deadline:
                time.sleep(0.01)
            pipe.send_text(keys)
        time.sleep(0.2)
        pipe.close()  # a question left unanswered fails rather than waits

    questionary.autocomplete = spy
    try:
        with create_pipe_input() as pipe:
            typist = threading.Thread(target=feed, args=(pipe,))
            typist.start()
            try:
                with create_app_session(input=pipe, output=DummyOutput()):
                    return function(*args)
            finally:
                typist.join()
    finally:
        questionary.autocomplete = real


def offered_on(question: int, typed: str) -> Callable[[list[Any]], bool]:
    """The condition: question ``question`` (1-based) offers names for ``typed``."""

    def ready(apps: list[Any]) -> bool:
        if len(apps) < question:
            return False
        state = apps[question - 1].current_buffer.complete_state
        return bool(state and state.original_document.text == typed and state.completions)

    return ready


def asked(question: int) -> Callable[[list[Any]], bool]:
    return lambda apps: len(apps) >= question


def ask_names(count: int) -> Callable[[], Any]:
    """The set-up questions of a rami game of ``count`` players: their names only."""
    from cardscore.prompts import setup

    return functools.partial(setup.ask_new, get_game("rami"), players=count, names=None, rules=None)


def test_a_name_is_picked_among_those_offered_and_a_new_one_typed(home: Path) -> None:
    new_session_quietly("tarot", ["Ann", "Zoé", "Bob"])
    steps = [
        ("zo", asked(1)),
        ("\t" + ENTER, offered_on(1, "zo")),  # the first name offered: Zoé
        ("Max" + ENTER, asked(2)),  # a new name
        ("b", asked(3)),
        ("\t" + ENTER, offered_on(3, "b")),
    ]
    answers = typing(steps, ask_names(3))
    assert answers.names == ["Zoé", "Max", "Bob"]


def test_the_name_checks_stay_with_the_names_offered(home: Path) -> None:
    new_session_quietly("tarot", ["Ann", "Zoé", "Bob"])
    steps = [
        ("Zoé" + ENTER, asked(1)),
        ("  " + ENTER, asked(2)),  # empty: refused
        (BACKSPACE * 2 + "zoe" + ENTER, None),  # Zoé again (folded): refused
        (BACKSPACE * 3 + "a", None),
        ("\t" + ENTER, offered_on(2, "a")),  # Ann (Zoé, seated, is not offered)
    ]
    answers = typing(steps, ask_names(2))
    assert answers.names == ["Zoé", "Ann"]


def test_a_first_game_asks_plain_names(home: Path) -> None:
    """Nobody played before: nothing to offer, the names are typed as ever."""
    keys = "Ann" + ENTER + "Bob" + ENTER
    answers = drive(keys, ask_names(2))
    assert answers.names == ["Ann", "Bob"]
