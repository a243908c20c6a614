"""Bad input never crashes (docs/files.md, "Reliability"): generated
``add`` and ``new`` command lines, and generated answers to the interactive validators.

* ``add``: exit 0 (one round saved) or 2 (a one-line message, the file byte for byte as it
  was), never a traceback;
* ``new --no-play``: exit 0 (a session that loads, shows and lists) or 2 (nothing created);
* :meth:`RoundAsker.problem` and the prompts' validators: ``None``/``True`` or a message,
  never an exception.

The example counts below keep the file at about half a minute.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardscore import store
from cardscore.games import GAME_NAMES, get_game
from cardscore.games.base import Field, InputError, fold
from cardscore.prompts.round import RoundAsker
from cardscore.session import Session

ADD_EXAMPLES = 100  # per table below
NEW_EXAMPLES = 150
PROMPT_EXAMPLES = 400
ADD_TABLES = {  # game, rule set, players
    "tarot-5-fft": ("tarot", "fft", ["Ann", "Béa", "Cyd O'Neil", "Dan", "Zoé"]),
    "tarot-6-maison": ("tarot", "maison", ["Ann", "Béa", "Cyd", "Dan", "Éric", "Zoé"]),
    "belote": ("belote", "maison", ["Ann", "Béa", "Cyd", "Dan"]),
    "coinche": ("coinche", "official", ["Ann", "Béa", "Cyd", "Dan"]),
    "rami": ("rami", "standard", ["Ann", "Béa", "Zoé"]),
}
FUZZED_INPUTS = ADD_EXAMPLES * len(ADD_TABLES) + NEW_EXAMPLES + PROMPT_EXAMPLES
# A round each table accepts and one it refuses, tried before the random ones: the test then
# reaches both outcomes on every run (not only when the random rounds happen to).
ADD_FIXED = {
    "tarot-5-fft": (["--line", "ann g 2b 49 dan"], ["--points", "49"]),
    "tarot-6-maison": (["--line", "béa p 1b 45 cyd"], ["--line", "ann gx 2b 49"]),
    "belote": (["--line", "ann coeur 98 ddd:ann"], ["--points", "200"]),
    "coinche": (["--line", "ann 100 coeur 110"], ["--contract", "12"]),
    "rami": (["--line", "ann béa=36 zoé=12"], ["--winner", "Nobody"]),
}

FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

ALL_FIELDS: dict[str, Field] = {}
for _name in GAME_NAMES:
    for _f in get_game(_name).fields:
        ALL_FIELDS.setdefault(_f.option, _f)
CHOICE_WORDS = sorted(
    {
        word
        for f in ALL_FIELDS.values()
        for c in f.choices
        for word in (c.value, c.label, *c.aliases)
        if word
    }
)
TEAM_WORDS = ["taker", "defense", "defence", "défense", "attaque", "Taker", "DÉFENSE"]


# --------------------------------------------------------------------------------------------
# Values a person (or a cat on the keyboard) might type


def numbers() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(-300, 300).map(str),
        st.integers(-(10**40), 10**40).map(str),
        st.integers(0, 400).map(lambda n: f"{n // 2},5" if n % 2 else str(n // 2)),
        st.decimals(-1000, 1000, places=3, allow_nan=False).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.floats(0, 200).map(lambda x: f"{x:.2f}".replace(".", ",")),
        st.integers(10, 60).map(lambda k: "9" * k),
        st.sampled_from(
            [
                "",
                " ",
                "1e3",
                "nan",
                "inf",
                "-0",
                "+5",
                "35,5",
                "35.5",
                "35,25",
                ",5",
                "5,",
                "٣",
                "½",
                "0x10",
                "1_000",
                " 41 ",
                "4 1",
                "--",
                "-5",
            ]
        ),
    )


def texts() -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=20),
        st.text(alphabet="aAéÉœ[]/:=,;-_ 0123456789\\'\"\t\n", max_size=12),
        st.sampled_from(
            ["", " ", "\x00", "é" * 300, "[bold]x", "[/]", "a:b:c", "a=b=c", "gar\nde", "\r"]
        ),
    )


def player_names(names: list[str]) -> st.SearchStrategy[str]:
    real = st.sampled_from(names)
    return st.one_of(
        real,
        real.map(str.upper),
        real.map(str.lower),
        real.map(lambda n: n[:1]),
        real.map(lambda n: n[:2]),
        real.map(lambda n: f"  {n} "),
        st.sampled_from(["Xavier", "zoe", "ZOE", "beA", "cyd o'neil", "—", "-", ""]),
        texts(),
    )


def team_names(names: list[str], teams: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(TEAM_WORDS + teams), player_names(names), texts())


CARD = st.sampled_from(
    ["A", "As", "K", "R", "Q", "D", "J", "V", "10", "9", "2", "JK", "Joker", "*"]
)


def cards() -> st.SearchStrategy[str]:
    tokens = st.one_of(CARD, st.sampled_from(["X", "0", "1", "11", "jk", "♥"]))
    return st.one_of(
        st.lists(tokens, max_size=8).map(" ".join),
        st.lists(tokens, max_size=6).map("".join),
        numbers(),
        texts(),
    )


def value_for(f: Field, names: list[str], teams: list[str]) -> st.SearchStrategy[Any]:
    """A value shaped like what the prompts collect for field ``f``: mostly plausible,
    often not."""
    player = player_names(names)
    team = team_names(names, teams)
    choice = st.one_of(
        st.sampled_from([c.value for c in f.choices] or CHOICE_WORDS),
        st.sampled_from(CHOICE_WORDS),
        texts(),
    )
    if f.kind == "player":
        return player
    if f.kind == "team":
        return team
    if f.kind == "choice":
        return choice
    if f.kind in ("number", "integer"):
        return numbers()
    if f.kind == "flag":
        return st.booleans()
    if f.kind == "players":
        return st.lists(player, max_size=3)
    if f.kind == "player_tag":
        tagged = st.tuples(player, choice).map(lambda pair: f"{pair[0]}:{pair[1]}")
        return st.lists(st.one_of(player, tagged), max_size=3)
    if f.kind == "team_value":
        value = st.one_of(choice, numbers())
        return st.lists(st.tuples(team, value).map(lambda p: f"{p[0]}:{p[1]}"), max_size=3)
    if f.kind == "player_text":
        return st.lists(st.tuples(player, cards()).map(lambda p: f"{p[0]}={p[1]}"), max_size=4)
    raise AssertionError(f.kind)  # pragma: no cover - a new kind needs a strategy here


# --------------------------------------------------------------------------------------------
# add


def as_options(f: Field, value: Any) -> list[str]:
    if f.kind == "flag":
        return [f.option] if value else []
    if isinstance(value, list):
        return [token for item in value for token in (f.option, item)]
    return [f.option, value]


def _half(low: float, high: float) -> st.SearchStrategy[str]:
    """Card points between ``low`` and ``high`` as typed: ``41``, ``35,5`` or ``35.5``."""
    return st.tuples(st.integers(int(2 * low), int(2 * high)), st.sampled_from([",", "."])).map(
        lambda p: f"{p[0] // 2}{p[1]}5" if p[0] % 2 else str(p[0] // 2)
    )


@st.composite
def plausible_round(draw, game: str, names: list[str], teams: list[str], rules: str):
    """A round a table could really have played (most are valid), as (field, value) pairs."""
    fields = {f.key: f for f in get_game(game).fields}
    name = st.sampled_from(names)
    team = st.sampled_from([*teams, "taker", "defense", "défense", *names])
    out: list[tuple[Field, Any]] = []

    def maybe(key: str, strategy: st.SearchStrategy[Any], chance: int = 3) -> None:
        if draw(st.integers(0, chance - 1)) == 0:
            out.append((fields[key], draw(strategy)))

    if game == "tarot":
        out.append((fields["contract"], draw(st.sampled_from(CONTRACTS_TAROT))))
        out.append((fields["taker"], draw(name)))
        bouts = draw(st.integers(0, 3))
        out.append((fields["bouts"], str(bouts)))
        points = _half(4 * bouts, 91 - 4 * (3 - bouts))
        key = draw(st.sampled_from(["points", "points", "defense_points"]))
        out.append((fields[key], draw(points)))
        if len(names) >= 5:
            maybe("called", name, 2)
        maybe("petit_au_bout", name, 4)
        kinds = st.sampled_from(["", ":double", ":triple", ":simple"])
        maybe("poignee", st.lists(st.tuples(name, kinds).map("".join), max_size=2), 4)
        if rules == "maison":
            maybe("misere", st.lists(name, max_size=2), 4)
        maybe("chelem", st.sampled_from(["announced", "unannounced", "failed", "defense"]), 8)
    elif game in ("belote", "coinche"):
        out.append((fields["taker"], draw(name)))
        trumps = ["pique", "coeur", "carreau", "trèfle", "sa", "spades"]
        out.append((fields["trump"], draw(st.sampled_from(trumps))))
        key = draw(st.sampled_from(["points", "defense_points"]))
        out.append((fields[key], str(draw(st.integers(0, 152)))))
        out.append((fields["dix_de_der"], draw(team)))
        maybe("belote", team, 4)
        announce = st.tuples(team, st.sampled_from(["20", "50", "100"])).map(":".join)
        maybe("announce", st.lists(announce, max_size=2), 4)
        maybe("capot", team, 10)
        if game == "coinche":
            out.append((fields["contract"], draw(st.sampled_from(CONTRACTS_COINCHE))))
            doubled = draw(st.sampled_from([None, None, "coinche", "surcoinche"]))
            if doubled:
                out.append((fields[doubled], True))
            maybe("generale_made", st.just(True), 20)
    else:
        blocked = draw(st.integers(0, 9)) == 0
        winner = None if blocked else draw(name)
        if blocked:
            out.append((fields["blocked"], True))
        else:
            out.append((fields["winner"], winner))
        hand = st.one_of(
            st.integers(1, 150).map(str), st.lists(CARD, min_size=1, max_size=8).map(" ".join)
        )
        hands = [f"{player}={draw(hand)}" for player in names if player != winner]
        out.append((fields["hand"], hands))
        maybe("not_opened", st.lists(name, max_size=2), 4)
        maybe("rami_sec", st.just(True), 10)
    return out


CONTRACTS_TAROT = ["prise", "petite", "garde", "Garde Sans", "gardesans", "garde-contre"]
CONTRACTS_COINCHE = ["80", "100", "120", "160", "180", "capot", "generale"]


@st.composite
def add_arguments(draw, game: str, names: list[str], teams: list[str], session_id: str, rules: str):
    """An ``add`` command line for ``game``: a plausible round, often damaged (a value
    replaced by a wrong one, an option dropped, repeated, or taken from another game), or
    a pile of random options; sometimes a session id, unknown options, extra arguments."""
    own = get_game(game).fields
    others = [f for f in ALL_FIELDS.values() if f.key not in {g.key for g in own}]
    if draw(st.integers(0, 4)):
        pairs = draw(plausible_round(game, names, teams, rules))
        for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2, 3]))):
            mutation = draw(st.sampled_from(["value", "drop", "repeat", "other", "own"]))
            if mutation == "value" and pairs:
                i = draw(st.integers(0, len(pairs) - 1))
                pairs[i] = (pairs[i][0], draw(value_for(pairs[i][0], names, teams)))
            elif mutation == "drop" and pairs:
                pairs.pop(draw(st.integers(0, len(pairs) - 1)))
            elif mutation == "repeat" and pairs:
                pairs.append(draw(st.sampled_from(pairs)))
            else:
                f = draw(st.sampled_from(others if mutation == "other" and others else own))
                pairs.append((f, draw(value_for(f, names, teams))))
    else:
        fields = list(own) + others
        pairs = [
            (f, draw(value_for(f, names, teams))) for f in draw(st.lists(st.sampled_from(fields)))
        ]
    argv: list[str] = []
    session = draw(
        st.sampled_from(
            [None, None, None, None, session_id, session_id[:2], session_id.upper(), "zzz", ""]
        )
    )
    if session is not None:
        argv.append(session)
    for f, value in draw(st.permutations(pairs)):
        argv += as_options(f, value)
    extras = st.sampled_from(
        [
            ["--json"],
            ["--foo", "1"],
            ["-x"],
            ["--"],
            ["--points=41"],
            ["--taker"],
            ["extra"],
            ["--Taker", "Ann"],
            ["--bouts", "1", "--bouts", "2"],
        ]
    )
    if draw(st.integers(0, 3)) == 0:
        for extra in draw(st.lists(extras, max_size=2)):
            argv += extra
    return argv


def _one_line(err: str) -> bool:
    """One message on one terminal line (what a terminal breaks lines on: LF, CR)."""
    text = err.rstrip("\n")
    return bool(text.strip()) and "\n" not in text and "\r" not in text


@pytest.mark.parametrize("table", list(ADD_TABLES))
def test_add_never_crashes_and_a_rejected_round_changes_nothing(
    table: str, home: Path, cli
) -> None:
    game, rules, names = ADD_TABLES[table]
    session = Session.create(game, names, rules=rules, session_id=store.new_id())
    with store.locked(session.id):
        store.write(session)
    path = home / "sessions" / f"{session.id}.json"
    seen: Counter[str] = Counter()

    accepted, refused = ADD_FIXED[table]

    @settings(FUZZ, max_examples=ADD_EXAMPLES)
    @given(argv=add_arguments(game, names, session.teams, session.id, rules))
    @example(argv=accepted)
    @example(argv=refused)
    def check(argv: list[str]) -> None:
        before = path.read_bytes()
        rounds_before = len(store.read(path).rounds)
        result = cli("add", *argv)
        assert result.code in (0, 2), (argv, result)
        assert "Traceback" not in result.err + result.out, (argv, result)
        if result.code == 2:
            seen["rejected"] += 1
            assert _one_line(result.err), (argv, result.err)
            assert path.read_bytes() == before, f"a rejected round changed the file: {argv}"
            return
        after = store.read(path)
        if len(after.rounds) == rounds_before:  # only --help can succeed without a round
            assert "Usage" in result.out, (argv, result)
        else:
            seen["accepted"] += 1
            assert len(after.rounds) == rounds_before + 1, argv
            assert result.err == "", (argv, result.err)
            if "--json" in argv and result.out.lstrip().startswith("{"):
                assert json.loads(result.out)["session"] == session.id
        path.write_bytes(before)  # every example starts from the same session

    check()
    print(f"\nadd {table}: {dict(seen)}")
    # Both outcomes reached (the fixed examples at least), or the test proves little.
    assert seen["rejected"] > 0 and seen["accepted"] > 0, seen


# --------------------------------------------------------------------------------------------
# new


def _param_keys() -> list[str]:
    keys = {"team1", "team2", "TEAM1", "target", "nope"}
    for name in GAME_NAMES:
        for f in dataclasses.fields(get_game(name).params_cls):
            keys |= {f.name, f.name.replace("_", "-")}
    return sorted(keys)


def _param_values() -> list[str]:
    values = {"on", "off", "yes", "no", "oui", "non", "1", "0", "-1", "true", "maybe", ""}
    for name in GAME_NAMES:
        game = get_game(name)
        values |= set(game.presets)
        for f in dataclasses.fields(game.params_cls):
            values |= set(f.metadata.get("choices", ()))
    return sorted(values)


NAME_ALPHABET = "AaBbÉéœß Zz0-'.,:=[]/\\\t😀"


@st.composite
def plausible_setting(draw, game_name: str) -> str:
    """``KEY=VALUE`` for one of the game's parameters, with a value of the right kind."""
    game = get_game(game_name)
    f = draw(st.sampled_from(dataclasses.fields(game.params_cls)))
    default = getattr(game.presets[game.default_preset], f.name)
    if isinstance(default, bool):
        value = draw(st.sampled_from(["on", "off", "yes", "non", "True"]))
    elif isinstance(default, int):
        value = str(draw(st.integers(0, 3000)))
    else:
        value = draw(st.sampled_from(f.metadata.get("choices") or ["x"]))
    key = draw(st.sampled_from([f.name, f.name.replace("_", "-"), f.name.upper()]))
    return f"{key}={value}"


@st.composite
def new_arguments(draw):
    """A ``new`` command line: most often a table that could sit down (a real game, the
    right number of names, its own rule sets and parameters), then damaged or not; else
    anything at all."""
    name = st.one_of(
        st.sampled_from(["Ann", "Bob", "Cyd", "Dan", "Éric", "Zoé", "d'Artagnan", "Ann-So"]),
        st.text(alphabet=NAME_ALPHABET.replace(",", ""), min_size=1, max_size=10),
    )
    if draw(st.integers(0, 3)):
        game_name = draw(st.sampled_from(GAME_NAMES))
        game = get_game(game_name)
        count = draw(st.integers(game.min_players, game.max_players))
        names = draw(st.lists(name, min_size=count, max_size=count, unique_by=fold))
        options: list[tuple[str, str]] = [("--names", ",".join(names))]
        if draw(st.booleans()):
            options.append(("--players", str(count)))
        if draw(st.booleans()):
            options.append(("--rules", draw(st.sampled_from(list(game.presets)))))
        if game.name != "tarot" and draw(st.booleans()):
            options.append(("--target", str(draw(st.integers(1, 5000)))))
        for _ in range(draw(st.integers(0, 2))):
            options.append(("--set", draw(plausible_setting(game_name))))
        if game.name in ("belote", "coinche") and draw(st.booleans()):
            options.append(("--set", f"team{draw(st.integers(1, 2))}={draw(name)}"))
        if draw(st.booleans()):
            options.append(("--title", draw(texts())))
        game_text = draw(st.sampled_from([game_name, game_name.upper(), f" {game_name} "]))
        wrong = {
            "--players": st.one_of(st.integers(-3, 9).map(str), numbers()),
            "--names": st.lists(name, max_size=8).map(",".join),
            "--rules": st.one_of(st.sampled_from(_param_values()), texts()),
            "--target": st.one_of(st.integers(-5, 5).map(str), numbers()),
            "--set": st.tuples(
                st.one_of(st.sampled_from(_param_keys()), texts()),
                st.sampled_from(["=", "=", "", "=="]),
                st.one_of(st.sampled_from(_param_values()), numbers(), texts()),
            ).map("".join),
        }
        for _ in range(draw(st.sampled_from([0, 0, 1, 2]))):
            option = draw(st.sampled_from(list(wrong)))
            options.append((option, draw(wrong[option])))
        argv = [game_text]
        for option, value in draw(st.permutations(options)):
            argv += [option, value]
        return [*argv, "--no-play"]
    game_text = draw(
        st.one_of(
            st.sampled_from([*GAME_NAMES, "Tarot", " belote ", "COINCHE", "poker", ""]),
            texts(),
        )
    )
    names_list = st.lists(st.one_of(name, st.just("")), max_size=8).map(",".join)
    anything = {
        "--players": st.one_of(st.integers(-3, 9).map(str), numbers()),
        "--names": names_list,
        "--rules": st.one_of(st.sampled_from(_param_values()), texts()),
        "--target": st.one_of(st.integers(-5, 5000).map(str), numbers()),
        "--set": st.tuples(
            st.one_of(st.sampled_from(_param_keys()), texts()),
            st.sampled_from(["=", "=", "", "=="]),
            st.one_of(st.sampled_from(_param_values()), numbers(), texts()),
        ).map("".join),
        "--title": texts(),
    }
    argv = [game_text]
    for option in draw(st.lists(st.sampled_from(list(anything)), max_size=8)):
        argv += [option, draw(anything[option])]
    return [*argv, "--no-play"]


def test_new_never_crashes_and_what_it_creates_works(home: Path, cli) -> None:
    folder = home / "sessions"
    seen: Counter[str] = Counter()

    @settings(FUZZ, max_examples=NEW_EXAMPLES)
    @given(argv=new_arguments())
    @example(argv=["tarot", "--names", "Zoé,d'Artagnan,Ann-Sophie,Bob", "--no-play"])
    def check(argv: list[str]) -> None:
        result = cli("new", *argv)
        assert result.code in (0, 2), (argv, result)
        assert "Traceback" not in result.err, (argv, result)
        files = list(folder.glob("*.json")) if folder.exists() else []
        if result.code == 2:
            seen["rejected"] += 1
            assert _one_line(result.err), (argv, result.err)
            assert files == [], f"a refused new left a file: {argv}"
            return
        seen["accepted"] += 1
        session_id = result.out.strip()
        assert [p.stem for p in files] == [session_id], (argv, result)
        try:
            session = store.read(files[0])
            session.standings()
            # what was created can be shown and listed
            for command in (("show", session_id), ("list",), ("show", session_id, "--json")):
                shown = cli(*command)
                assert shown.code == 0 and "Traceback" not in shown.err, (argv, command, shown)
                if command[0] == "show" and len(command) == 2:
                    for column in session.teams or session.players:  # as written
                        assert column in shown.out, (argv, column, shown.out)
        finally:
            files[0].unlink()

    check()
    print(f"\nnew: {dict(seen)}")
    assert seen["rejected"] > 0 and seen["accepted"] > 0, seen


MARKUP_CASES = {  # what the table typed → what must be shown as typed
    "name closing a tag": ("tarot", ["--names", "A[/b],Bob,Cyd"], ["A[/b]"]),
    "name opening a tag": ("tarot", ["--names", "[bold]Ann,Bob,Cyd"], ["[bold]Ann"]),
    "name in brackets": ("tarot", ["--names", "Ann,Bob,Cyd [x]"], ["Cyd [x]"]),
    "name with a backslash": ("tarot", ["--names", "Ann,Bob,\\[x]"], ["\\[x]"]),
    "name like an emoji code": ("tarot", ["--names", "Ann,Bob,:smile:"], [":smile:"]),
    "title closing a tag": (
        "tarot",
        ["--names", "Ann,Bob,Cyd", "--title", "[/x] Soirée"],
        ["[/x] Soirée"],
    ),
    "team name": (  # `list` shows the players, not the teams
        "belote",
        ["--names", "Ann,Bob,Cyd,Dan", "--set", "team1=[red]Nous[/]"],
        ["[red]Nous[/]"],
    ),
}
NOT_LISTED = {"team name"}
ROUND = {
    "tarot": ["--taker", "Bob", "--contract", "garde", "--bouts", "2", "--points", "50"],
    "belote": ["--taker", "Bob", "--trump", "coeur", "--points", "100", "--dix-de-der", "taker"],
}


@pytest.mark.parametrize("case", list(MARKUP_CASES))
@pytest.mark.parametrize("command", ["show", "add", "list"])
def test_what_the_table_typed_is_shown_as_written(case: str, command: str, cli) -> None:
    """Names and titles are the players' own: text that looks like Rich markup (or an emoji
    code) must neither crash a command nor be changed on screen."""
    game, options, expected = MARKUP_CASES[case]
    created = cli("new", game, *options, "--no-play")
    assert created.code == 0, created
    session_id = created.out.strip()
    argv = {
        "show": ["show", session_id],
        "add": ["add", session_id, *ROUND[game]],
        "list": ["list"],
    }[command]
    result = cli(*argv)
    assert result.code == 0 and result.err == "", (argv, result)
    if command == "list" and case in NOT_LISTED:
        return
    for text in expected:
        assert text in result.out, (text, result.out)


def test_a_message_quoting_typed_text_stays_on_one_line(cli, sessions) -> None:
    """A value with a line break in it is quoted, not printed raw, in the one-line message."""
    created = cli("new", "tarot", "--names", "Ann,Bob,Cyd", "--no-play")
    before = sessions()
    for argv in (
        ["--contract", "gar\nde", "--contract", "prise"],
        ["--contract", "garde", "--taker", "Ann", "--taker", "B\nob"],
        ["--contract", "gar\nde"],
        ["--taker", "B\nob", "--contract", "garde", "--bouts", "1", "--points", "50"],
    ):
        result = cli("add", created.out.strip(), *argv)
        assert result.code == 2 and _one_line(result.err), (argv, result.err)
    assert sessions() == before


# --------------------------------------------------------------------------------------------
# the interactive validators


PROMPT_TABLES = [
    *[("tarot", rules, n) for rules in ("fft", "maison") for n in range(3, 7)],
    *[(game, rules, 4) for game in ("belote", "coinche") for rules in ("maison", "official")],
    *[("rami", "standard", n) for n in range(2, 7)],
]
PROMPT_NAMES = ["Ann", "Béa", "Cyd", "Dan", "Éric", "Zoé"]


@st.composite
def prompt_cases(draw):
    """A table, a round number, answers given so far (anything at all), the field being
    asked, a value for it and a text typed for it."""
    game_name, rules, n = draw(st.sampled_from(PROMPT_TABLES))
    names = PROMPT_NAMES[:n]
    session = Session.create(game_name, names, rules=rules)
    game, table = session.game_rules, session.table()
    asker = RoundAsker(game, table, draw(st.integers(1, 30)))
    for f in draw(st.lists(st.sampled_from(game.fields), unique=True, max_size=5)):
        asker.raw[f.key] = draw(value_for(f, names, list(table.teams)))
    f = draw(st.sampled_from(game.fields))
    value = draw(value_for(f, names, list(table.teams)))
    typed = draw(st.one_of(texts(), numbers(), cards()))
    return asker, f, value, typed


def _typed_validator(asker: RoundAsker, f: Field, prev: list[str], who: str | None = None):
    """The validator the prompts run on each keystroke for field ``f`` (see
    ``RoundAsker._ask_*``), for team or player ``who`` when the field is per team/player."""
    if f.kind == "team_value":
        return asker._validator(
            f, lambda text: [*prev, *(f"{who}:{v}" for v in text.replace(",", " ").split())]
        )
    if f.kind == "player_text":
        return asker._validator(f, lambda text: [*prev, f"{who}={text.strip()}"])
    return asker._validator(f)


def test_prompt_validators_never_raise() -> None:
    seen: Counter[str] = Counter()

    @settings(FUZZ, max_examples=PROMPT_EXAMPLES // 2)
    @given(case=prompt_cases())
    def check(case) -> None:
        asker, f, value, typed = case
        asker.raw.pop(f.key, None)  # as RoundAsker.ask_field does before asking
        answer = asker.problem(f, value)
        assert answer is None or isinstance(answer, str), answer
        seen["refused" if answer else "accepted"] += 1
        nothing = asker.problem(f, None)  # is "none" offered?
        assert nothing is None or isinstance(nothing, str), nothing
        for choice in f.choices:  # how the choices are worded for this table
            assert isinstance(asker._title(f, choice), str)
        if f.kind in ("number", "integer", "team_value", "player_text"):
            who = (asker.table.teams or asker.active)[0]
            verdict = _typed_validator(asker, f, [], who)(typed)
            assert verdict is True or isinstance(verdict, str), verdict

    check()
    print(f"\nprompt validators: {dict(seen)}")
    assert seen["refused"] > 0 and seen["accepted"] > 0, seen


def _walk_round(draw, asker: RoundAsker) -> None:
    """Answer one round the way the prompts let a person answer it (RoundAsker.ask): the
    fields in order, only where they apply, choices among those offered, texts retyped
    until the validator accepts them; each accepted rami hand is said back (``echo``)."""
    table, skipped = asker.table, set()
    for f in asker.game.fields:
        if f.key in skipped or not f.is_relevant(table, asker.raw):
            continue
        twin = asker.keys.get("defense_" + f.key)
        if twin is not None:
            skipped.add(twin.key)
            f = draw(st.sampled_from([f, twin]))
        asker.raw.pop(f.key, None)
        value: Any = None
        if f.kind in ("player", "team", "choice"):
            options = {
                "player": list(asker.active),
                "team": list(table.teams),
                "choice": [c.value for c in f.choices],
            }[f.kind]
            offered = [o for o in options if not asker.problem(f, o)] or options
            if not f.required and asker.problem(f, None) is None:
                offered = [None, *offered]
            value = draw(st.sampled_from(offered))
        elif f.kind == "flag":
            value = draw(st.booleans())
        elif f.kind == "players":
            value = draw(st.lists(st.sampled_from(asker.active), unique=True, max_size=2))
        elif f.kind == "player_tag":
            chosen = draw(st.lists(st.sampled_from(asker.active), unique=True, max_size=2))
            tags = [
                c.value
                for c in f.choices
                if chosen and not asker.problem(f, [f"{chosen[0]}:{c.value}"])
            ]
            value = [f"{p}:{draw(st.sampled_from(tags))}" if len(tags) > 1 else p for p in chosen]
        elif f.kind in ("number", "integer"):
            tries = draw(st.lists(numbers(), min_size=1, max_size=3))
            if f.required:  # retyped until accepted: at worst the first number that is
                tries += [str(k) for k in range(200)]
            for text in tries:
                if _typed_validator(asker, f, [])(text) is True:
                    value = text.strip() or None
                    break
        else:  # team_value, player_text: one text per team or player, retyped until valid
            value = []
            who = (
                table.teams
                if f.kind == "team_value"
                else (f.who(table, asker.raw) if f.who else asker.active)
            )
            for one in who:
                tries = st.one_of(cards(), numbers(), st.sampled_from(["", "20", "50 20", "10"]))
                for text in draw(st.lists(tries, min_size=1, max_size=4)):
                    if _typed_validator(asker, f, value, one)(text) is True:
                        value = (
                            [*value, f"{one}={text.strip()}"]
                            if f.kind == "player_text"
                            else [*value, *(f"{one}:{v}" for v in text.replace(",", " ").split())]
                        )
                        if f.echo is not None:
                            said = f.echo(table, text)
                            assert isinstance(said, str), said
                        break
        if value not in (None, [], "", False):
            asker.raw[f.key] = value


@st.composite
def played_rounds(draw):
    game_name, rules, n = draw(st.sampled_from(PROMPT_TABLES))
    session = Session.create(game_name, PROMPT_NAMES[:n], rules=rules)
    asker = RoundAsker(session.game_rules, session.table(), draw(st.integers(1, 30)))
    _walk_round(draw, asker)
    return asker


def test_prompts_walked_like_a_person_never_raise() -> None:
    """The whole interactive round, as the prompts drive it: nothing raises, and what they
    collected is a round the rules accept or refuse with a message."""
    seen: Counter[str] = Counter()

    @settings(FUZZ, max_examples=PROMPT_EXAMPLES // 2)
    @given(asker=played_rounds())
    def check(asker: RoundAsker) -> None:
        try:
            asker.game.build_round(asker.raw, asker.table, asker.number)
            seen["valid"] += 1
        except InputError:
            seen["refused"] += 1

    check()
    print(f"\nprompts walked: {dict(seen)}")
    assert seen["valid"] > 0, seen


def test_fuzzed_input_count() -> None:
    print(f"\nfuzzed inputs per run: {FUZZED_INPUTS}")
    assert FUZZED_INPUTS >= 1000
