"""Names that look the same are refused, where they are typed and in a file.

A name holding a default-ignorable code point (Unicode's own class: Hangul fillers,
variation selectors, the combining grapheme joiner…), a format character (U+0600) or the
blank braille pattern shows as another name, or as nothing; two names whose confusable
skeletons (Unicode Technical Standard #39) are equal look alike (``Βob`` with a Greek Beta
and ``Bob``).  Both are refused on the command line (``new --names``, ``table --rename``,
``--join``, ``--replace``, team names), in the set-up questions, and in a session file,
which is then damaged: one line, nothing changed.  Names of every alphabet still work.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscore.games import base
from cardscore.games.base import InputError
from prompt_kit import drive

NAMES = "Ann,Bob,Cyd,Dan"
GARDE = ["--taker", "Ann", "--contract", "garde", "--bouts", "2", "--points", "49"]
ENTER, BACKSPACE = "\r", "\x7f"

#: the characters the issue names: each passed for nothing after "Ann"
HIDDEN = ["\u3164", "\u115f", "\uffa0", "\u2800", "\u034f", "\ufe0f", "\u17b4", "\U0001d173"]
HIDDEN.append("\u0600")
GREEK_BOB = "\u0392ob"  # a Greek capital Beta, then "ob"


def code(char: str) -> str:
    return f"U+{ord(char):04X}"


def new(cli, game: str = "tarot", names: str = NAMES, *more: str) -> str:
    made = cli("new", game, "--names", names, "--no-play", *more)
    assert made.code == 0, made.err
    return made.out.strip()


def one_line(result, status: int) -> str:
    """A refusal: the status, one line on standard error, no traceback, and no invisible
    character of the name echoed as it is."""
    assert result.code == status, (result.code, result.out, result.err)
    assert "Traceback" not in result.err + result.out
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert not any(char in result.err for char in HIDDEN), ascii(result.err)
    return result.err


def session_file(home: Path, sid: str) -> Path:
    return home / "sessions" / f"{sid}.json"


def data_of(home: Path, sid: str) -> dict[str, Any]:
    return json.loads(session_file(home, sid).read_text("utf-8"))


def craft(home: Path, sid: str, data: dict[str, Any]) -> bytes:
    raw = json.dumps(data, ensure_ascii=False).encode()
    session_file(home, sid).write_bytes(raw)
    return raw


# --------------------------------------------------------------------------------------------
# On the command line


@pytest.mark.parametrize("char", HIDDEN, ids=code)
def test_new_refuses_a_name_holding_an_invisible_character(cli, sessions, char: str) -> None:
    for names in (f"Ann,Ann{char},Cyd", f"Ann,Bob{char},Cyd", f"Ann,{char}Bob,Cyd"):
        err = one_line(cli("new", "tarot", "--names", names, "--no-play"), 2)
        assert "--names" in err and code(char) in err, err
    assert sessions() == {}


@pytest.mark.parametrize("twin", [GREEK_BOB, "\u0412ob", "B\u043eb", "B\u03bfb", "B0b"])
def test_new_refuses_a_name_that_looks_like_another(cli, sessions, twin: str) -> None:
    err = one_line(cli("new", "tarot", "--names", f"Bob,{twin},Cyd", "--no-play"), 2)
    assert "--names" in err and "'Bob'" in err and repr(twin) in err, err
    assert sessions() == {}


def test_the_greek_letter_is_named(cli) -> None:
    err = one_line(cli("new", "tarot", "--names", f"Bob,Cyd,{GREEK_BOB}", "--no-play"), 2)
    assert "U+0392 GREEK CAPITAL LETTER BETA" in err


@pytest.mark.parametrize(
    ("option", "value", "shown"),
    [
        ("--rename", f"Ann={GREEK_BOB}", GREEK_BOB),
        ("--rename", "Cyd=Bob\u2800", "U+2800"),
        ("--rename", "Ann=Ann\u3164", "U+3164"),
        ("--join", "Ann\u3164", "U+3164"),
        ("--join", "Fay\ufe0f", "U+FE0F"),
        ("--join", "Fay\u0600", "U+0600"),
        ("--replace", "Dan=Bob\u17b4", "U+17B4"),
        ("--replace", "Dan=Cyd\U0001d173", "U+1D173"),
    ],
)
def test_a_table_change_refuses_such_a_name(
    cli, sessions, option: str, value: str, shown: str
) -> None:
    sid = new(cli)
    assert cli("add", sid, *GARDE).code == 0
    before = sessions()
    err = one_line(cli("table", sid, option, value), 2)
    assert option in err and shown in err, err
    if shown == GREEK_BOB:
        assert "'Bob'" in err
    assert sessions() == before


@pytest.mark.parametrize(
    ("team2", "shown"),
    [
        ("N\u03bfus", "'Nous'"),
        ("Nous\u3164", "U+3164"),
        ("\u3164", "U+3164"),
        ("Eux\ufe0f", "U+FE0F"),
    ],
)
def test_team_names_are_checked_alike(cli, sessions, team2: str, shown: str) -> None:
    made = cli(
        "new", "belote", "--names", NAMES, "--set", "team1=Nous", "--set", f"team2={team2}",
        "--no-play",
    )  # fmt: skip
    err = one_line(made, 2)
    assert "team" in err and shown in err, err
    assert sessions() == {}


def test_the_messages_are_said_in_french_and_norwegian(cli, sessions) -> None:
    hidden = one_line(cli("--lang", "fr", "new", "tarot", "--names", "Ann,Ann\u3164,Cyd"), 2)
    assert hidden.startswith("cardscore : erreur : --names : ") and "U+3164" in hidden, hidden
    assert "caractère invisible" in hidden
    alike = one_line(cli("--lang", "fr", "new", "tarot", "--names", f"Bob,{GREEK_BOB},Cyd"), 2)
    assert "se ressemblent" in alike and "'Bob'" not in alike and "« Bob »" in alike, alike
    hidden = one_line(cli("--lang", "nb", "new", "tarot", "--names", "Ann,Ann\u3164,Cyd"), 2)
    assert hidden.startswith("cardscore: feil: --names: ") and "usynlige tegnet U+3164" in hidden
    alike = one_line(cli("--lang", "nb", "new", "tarot", "--names", f"Bob,{GREEK_BOB},Cyd"), 2)
    assert "ser like ut" in alike, alike
    assert sessions() == {}


# --------------------------------------------------------------------------------------------
# Where names are asked


def test_the_name_question_asks_again(home: Path) -> None:
    from cardscore.games import get_game
    from cardscore.prompts import setup

    assert "U+3164" in setup.name_problem("Ann\u3164", ["Bob"])
    assert "U+2800" in setup.name_problem("\u2800", ["Bob"])
    said = setup.name_problem(GREEK_BOB, ["Ann", "Bob"])
    assert said is not None and "'Bob'" in said and repr(GREEK_BOB) in said
    keys = "Bob" + ENTER + GREEK_BOB + ENTER + BACKSPACE * 3 + "Cyd" + ENTER
    keys += "Eve\u3164" + ENTER + BACKSPACE * 4 + "Eve" + ENTER
    answers = drive(keys, setup.ask_new, get_game("rami"), players=3, names=None, rules=None)
    assert answers.names == ["Bob", "Cyd", "Eve"]


def test_the_team_question_asks_again() -> None:
    from cardscore.games import get_game
    from cardscore.prompts import setup

    keys = ENTER  # the rule set
    keys += "Nous" + ENTER + "N\u03bfus" + ENTER + BACKSPACE * 4 + "Eux\u3164" + ENTER
    keys += BACKSPACE * 4 + "Eux" + ENTER + ENTER  # then the target
    belote = get_game("belote")
    answers = drive(keys, setup.ask_new, belote, players=None, names=list("ABCD"), rules=None)
    assert answers.settings == ["team1=Nous", "team2=Eux"]


# --------------------------------------------------------------------------------------------
# In a file


def _damaged(cli, home: Path, sid: str, raw: bytes, shown: str) -> None:
    """Every command refuses the file in one line naming ``shown``; ``list`` leaves it out
    with a warning; the file is never changed."""
    for command in (["show", sid], ["add", sid, *GARDE], ["table", sid, "--join", "Fay"]):
        err = one_line(cli(*command), 1)
        assert "cannot read session file" in err and shown in err, err
    listed = cli("list", "--json")
    assert listed.code == 0 and sid not in [row["id"] for row in listed.json()]
    assert f"{sid}.json" in listed.err and shown in listed.err
    assert session_file(home, sid).read_bytes() == raw


@pytest.mark.parametrize("char", HIDDEN, ids=code)
def test_a_file_holding_a_hidden_twin_is_damaged(cli, home: Path, char: str) -> None:
    sid = new(cli)
    assert cli("add", sid, *GARDE).code == 0
    data = data_of(home, sid)
    data["players"][1] = f"Ann{char}"
    _damaged(cli, home, sid, craft(home, sid, data), code(char))


def test_a_file_holding_a_greek_twin_is_damaged(cli, home: Path) -> None:
    sid = new(cli)
    assert cli("add", sid, *GARDE).code == 0
    data = data_of(home, sid)
    data["players"][2] = GREEK_BOB
    _damaged(cli, home, sid, craft(home, sid, data), repr(GREEK_BOB))


@pytest.mark.parametrize(
    ("where", "value", "shown"),
    [
        ("newcomer", {"from": 2, "join": {"Fay\u3164": 0}}, "U+3164"),
        ("newcomer", {"from": 2, "join": {"Ann\u2800": 0}}, "U+2800"),
        ("newcomer", {"from": 2, "join": {"\u0391nn": 0}}, "'\u0391nn'"),
        ("newcomer", {"from": 2, "replace": {"Dan": "Cyd\ufe0f"}}, "U+FE0F"),
        ("team", "N\u03bfus", "'N\u03bfus'"),
        ("team", "Nous\u115f", "U+115F"),
        ("player", "Eve\u0600", "U+0600"),
    ],
)
def test_other_names_of_a_file_are_checked_too(
    cli, home: Path, where: str, value: Any, shown: str
) -> None:
    game = "belote" if where == "team" else "tarot"
    sid = new(cli, game, NAMES, *(["--set", "team1=Nous"] if game == "belote" else []))
    data = data_of(home, sid)
    if where == "newcomer":
        data["rounds"] = [{"taker": "Ann", "contract": "garde", "bouts": 2, "points": 49}]
        data["tables"] = [value]
    elif where == "team":
        data["teams"][1] = value
    else:
        data["players"][3] = value
    raw = craft(home, sid, data)
    err = one_line(cli("show", sid), 1)
    assert "cannot read session file" in err and shown in err, err
    assert session_file(home, sid).read_bytes() == raw


def test_a_file_of_a_french_table_is_damaged_in_french(cli, home: Path) -> None:
    sid = new(cli)
    data = data_of(home, sid)
    data["players"][1] = "Ann\u3164"
    raw = craft(home, sid, data)
    err = one_line(cli("--lang", "fr", "show", sid), 1)
    assert "caractère invisible U+3164" in err, err
    err = one_line(cli("--lang", "nb", "show", sid), 1)
    assert "usynlige tegnet U+3164" in err, err
    assert session_file(home, sid).read_bytes() == raw


#: names a file may hold, one by one valid in shape: plain, accented, of other alphabets,
#: look-alikes of the others, holding a hidden character, emoji
FILE_NAMES = st.one_of(
    st.sampled_from(["Ann", "Bob", "Zoé", "Søren", "Αλέξης", "Иван", "🐻", "O'Neil", "Jean-Luc"]),
    st.sampled_from([GREEK_BOB, "\u0410nn", "B0b", "ANN", "Ânn", "Soren", "Bob "]),
    st.tuples(st.sampled_from(["Ann", "Eve", ""]), st.sampled_from(HIDDEN)).map("".join),
    st.text(st.characters(exclude_categories=["Cs", "Cc"]), min_size=1, max_size=5),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(names=st.lists(FILE_NAMES, min_size=3, max_size=3))
def test_fuzz_names_in_a_file_are_answered_in_one_line(cli, home: Path, names: list[str]) -> None:
    """Any three names in place of a table's: every command works, or says in one line that
    the file is damaged and leaves it as it was."""
    folder = home / "sessions"
    for path in folder.glob("*.json") if folder.exists() else ():
        path.unlink()
    sid = new(cli)
    assert cli("add", sid, *GARDE).code == 0
    data = data_of(home, sid)
    data["players"][1:] = names
    raw = craft(home, sid, data)
    for command in (["show", sid], ["add", sid, *GARDE], ["list"], ["stats"], ["print", sid]):
        result = cli(*command)
        assert result.code in (0, 1), (command, result.code, result.err)
        assert "Traceback" not in result.err + result.out
        if result.code == 1:
            one_line(result, 1)
            assert session_file(home, sid).read_bytes() == raw


# --------------------------------------------------------------------------------------------
# Names that keep working


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("tarot", "Élise,Zoé,Åse,Søren,Ærlig"),
        ("tarot", "Αλέξης,Νίκος,Γιώργος,Μαρία"),  # a Greek table
        ("tarot", "Иван,Ольга,Пётр,Анна"),  # a Cyrillic one
        ("tarot", "Jean-Luc,O'Neil,Anne Marie,Bob"),
        ("rami", "🐻,🦊,🐸,🐼"),
        ("belote", "Zoé,Åse,Søren,Ærlig"),
    ],
)
def test_names_of_every_alphabet_keep_working(cli, game: str, names: str) -> None:
    sid = new(cli, game, names)
    shown = cli("show", sid)
    assert shown.code == 0, shown.err
    assert all(name in shown.out for name in names.split(","))
    listed = cli("list", "--json")
    assert listed.code == 0 and sid in [row["id"] for row in listed.json()], listed.err


def test_a_rename_that_fixes_an_accent_or_a_case_still_works(cli) -> None:
    sid = new(cli, "tarot", "Zoe,Bob,Cyd,Dan")
    assert cli("table", sid, "--rename", "Zoe=Zoé").code == 0
    assert cli("table", sid, "--rename", "bob=BOB").code == 0
    assert cli("table", sid, "--join", "Αnn").code == 0  # nobody looks like her
    assert cli("show", sid).code == 0


def test_a_greek_newcomer_who_looks_like_one_who_left_comes_back(cli, home: Path) -> None:
    """A name that looks like a player's who left is that player coming back, spelled as he
    was, never a second column that looks the same."""
    sid = new(cli, "tarot", "Ann,Bob,Cyd,Dan,Eve")
    assert cli("add", sid, *GARDE).code == 0
    assert cli("table", sid, "--leave", "Bob").code == 0
    assert cli("add", sid, *GARDE).code == 0
    assert cli("table", sid, "--join", GREEK_BOB).code == 0
    assert data_of(home, sid)["tables"][-1]["join"] == {"Bob": 0}


# --------------------------------------------------------------------------------------------
# The rules themselves


def test_a_skeleton_is_unicode_s() -> None:
    assert base.skeleton(GREEK_BOB) == base.skeleton("Bob") == "Bob"
    assert base.skeleton("\u0410nn") == "Ann"  # a Cyrillic capital A
    assert base.skeleton("Kim") == "Kirn"  # m is drawn like rn
    assert base.look_alike("B0B") == base.look_alike("bob")
    assert base.look_alike("Søren") == base.look_alike("Soren")  # a stroke folds like an accent


@settings(max_examples=200, deadline=None)
@given(
    name=st.text(st.characters(codec="ascii", categories=["Lu", "Ll"]), min_size=1, max_size=8),
    char=st.sampled_from(HIDDEN),
    where=st.integers(0, 8),
)
def test_any_name_with_an_invisible_character_is_refused(name: str, char: str, where: int) -> None:
    where = min(where, len(name))
    hidden = name[:where] + char + name[where:]
    with pytest.raises(InputError, match=re.escape(code(char))):
        base.check_names([name, hidden] if where else [hidden])


TWINS = {"A": "\u0391", "B": "\u0392", "E": "\u0415", "a": "\u0430", "o": "\u03bf", "p": "\u0440"}


@settings(max_examples=200, deadline=None)
@given(
    name=st.text(st.sampled_from("ABEaop"), min_size=1, max_size=6).map(lambda s: "Z" + s),
    where=st.integers(1, 6),
)
def test_any_latin_name_with_a_greek_or_cyrillic_letter_for_one_is_a_twin(
    name: str, where: int
) -> None:
    where = min(where, len(name) - 1)
    twin = name[:where] + TWINS[name[where]] + name[where + 1 :]
    with pytest.raises(InputError, match="look the same"):
        base.check_names([name, "Cyd", twin])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=6))
def test_checking_any_names_refuses_or_accepts_never_crashes(names: list[str]) -> None:
    try:
        base.check_names(names)
    except InputError as exc:
        assert "\n" not in str(exc)


# --------------------------------------------------------------------------------------------
# The data and the fast path


def test_the_name_tables_are_current() -> None:
    """cardscore/games/name_tables.py is what the script writes from Unicode's confusables
    and from the ``regex`` library's classes: a new version of either fails here until the
    script is run again."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    try:
        import generate_name_tables
    finally:
        sys.path.pop(0)
    from cardscore.games import name_tables

    assert generate_name_tables.main(["--check"]) == 0, (
        "src/cardscore/games/name_tables.py is out of date: "
        "run python scripts/generate_name_tables.py"
    )
    header = generate_name_tables.SOURCE.read_text("utf-8")[:400]
    assert f"# Version: {name_tables.CONFUSABLES_VERSION}\n" in header
    # the skeleton of a skeleton is itself
    for prototype in name_tables.PROTOTYPES.values():
        once = base.skeleton(prototype)
        assert base.skeleton(once) == once, ascii(prototype)


def test_the_fast_paths_agree_with_the_tables() -> None:
    """A name of plain ASCII, or of the Latin letters of French and Norwegian names, is
    checked without loading the tables: what they would say of it is what the fast path
    says."""
    import regex

    from cardscore.games import name_tables, name_tables_latin

    part = {code: prototype for code, prototype in name_tables.PROTOTYPES.items() if code < 0x80}
    assert part == base._ASCII_PROTOTYPES
    end = name_tables_latin.LATIN_END
    latin = {code: proto for code, proto in name_tables.PROTOTYPES.items() if code < end}
    assert latin == name_tables_latin.LATIN_PROTOTYPES
    for name in ("Zoé", "Åse", "Søren", "Ærlig", "Œdipe", "Đorđe", "Łukasz", "Ĳsbrand"):
        whole = unicodedata.normalize("NFD", name)
        whole = unicodedata.normalize("NFD", whole.translate(name_tables.PROTOTYPES))
        assert base.skeleton(name) == whole, name
    for code in range(0x80):  # the fast path's skeleton is the whole table's
        whole = unicodedata.normalize("NFD", chr(code).translate(name_tables.PROTOTYPES))
        assert base.skeleton(chr(code)) == whole
    hidden = re.compile(name_tables.HIDDEN)
    assert [f"{c:04X}" for c in range(base.HIDDEN_FROM) if hidden.match(chr(c))] == ["00AD"]
    assert all(base.hidden_in(f"a{chr(c)}") is None for c in range(0xAE, base.HIDDEN_FROM))
    assert base.hidden_in("a\xadb") == "\xad"
    # the generated class is Unicode's, as the regex library reads it
    classes = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{Cf}]")
    for char in [*HIDDEN, "\u00ad", "\u200b", "\u2060", "\ufeff", "\U000e0041", "\U000e0100"]:
        assert hidden.match(char), code(char)
        assert classes.match(char) or char == "\u2800", code(char)


def test_an_ascii_table_loads_no_table(cli, home: Path) -> None:
    """``show`` of a table of plain-ASCII names never loads the name tables (2 ms of every
    command), and no table loads the ``regex`` library (12–23 ms): only a test needs it."""
    greek = "Αλέξης,Νίκος,Γιώργος"
    french = "Zoé,Søren,Élise"
    env = {**os.environ, "CARDSCORE_HOME": str(home), "NO_COLOR": "1"}
    modules = {}
    tables = (
        (NAMES, new(cli)),
        (greek, new(cli, "rami", greek)),
        (french, new(cli, "rami", french)),
    )
    for names, session in tables:
        result = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "cardscore", "show", session],
            capture_output=True, text=True, env=env, timeout=60,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr[-500:]
        modules[names] = {
            line.rsplit("|", 1)[1].strip()
            for line in result.stderr.splitlines()
            if line.startswith("import time:")
        }
    assert "cardscore.games.name_tables" not in modules[NAMES]
    assert "cardscore.games.name_tables" in modules[greek]
    # accented Latin names need the small table only (150 KB less to load)
    assert "cardscore.games.name_tables" not in modules[french]
    assert "cardscore.games.name_tables_latin" in modules[french]
    assert "regex" not in modules[NAMES] | modules[greek] | modules[french]
