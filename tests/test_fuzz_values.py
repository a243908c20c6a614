"""Values inside a valid shape never break a command (docs/files.md, "Reliability").

A session file of the right shape, with one to three of its values changed into values each
valid on its own: a date (of every calendar, with or without its zone), a number (of any
size, where the file holds one), a name (of the kind a table takes), a round (one the game
built, for another table, another rule set or another round).  Every command that reads it
(``list``, ``show``, ``add``, ``edit``, ``print``, ``stats``, ``history``) answers in one line
or works, never with a traceback, and a file that ``show`` refuses is left byte for byte as
it was by every command.

:func:`answered` is the whole check of one crafted file: it returns what went wrong (an empty
list when nothing did), so that the same check can count failures over many files.  The
example count below keeps the test at about ten seconds.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscore import store
from cardscore.games import get_game
from cardscore.session import Session

EXAMPLES = 100

# --------------------------------------------------------------------------------------------
# Sessions of every game, valid, to change a value in


def _played(
    game: str, players: list[str], rules: str | None, raws: list[dict[str, Any]], **more: Any
) -> Session:
    session = Session.create(game, players, rules=rules, session_id="base", **more)
    for raw in raws:
        session.add(raw)
    return session


@cache
def bases() -> dict[str, dict[str, Any]]:
    """A file's data for each game: a few rounds, a table change, an edit and an undo."""
    five = ["Ann", "Béa", "Cyd", "Dan", "Eve"]
    tarot = _played(
        "tarot",
        five,
        "fft",
        [
            {"taker": "Ann", "contract": "garde", "called": "Cyd", "bouts": "2", "points": "49"},
            {"taker": "Béa", "contract": "prise", "called": "Béa", "bouts": "1", "points": "55,5",
             "petit_au_bout": "Béa", "poignee": ["Dan:double"]},
            {"contract": "passe"},
            {"taker": "Dan", "contract": "garde-sans", "called": "Eve", "bouts": "3",
             "points": "91", "chelem": "announced"},
        ],
    )  # fmt: skip
    tarot.change_table(join=["Fay=10"])
    tarot.add({"taker": "Béa", "contract": "garde", "called": "Ann", "bouts": "2", "points": "41"})
    tarot.edit(1, {"points": "50"})
    maison = _played(
        "tarot",
        five[:4],
        "maison",
        [
            {"taker": "Ann", "contract": "garde", "bouts": "2", "points": "8", "misere": ["Cyd"]},
            {"taker": "Cyd", "contract": "renonce", "points": "60"},
        ],
    )
    belote = _played(
        "belote",
        five[:4],
        None,
        [
            {"taker": "Ann", "trump": "hearts", "points": "82", "dix_de_der": "taker",
             "belote": "taker", "announce": ["taker:50"]},
            {"taker": "Béa", "trump": "sa", "capot": "defense"},
            {"taker": "Cyd", "trump": "clubs", "points": "81", "dix_de_der": "defense"},
        ],
    )  # fmt: skip
    coinche = _played(
        "coinche",
        five[:4],
        None,
        [
            {"taker": "Ann", "contract": "100", "trump": "ta", "points": "150",
             "dix_de_der": "taker", "coinche": True},
            {"taker": "Dan", "contract": "capot", "trump": "spades", "capot_made": True},
        ],
    )  # fmt: skip
    rami = _played(
        "rami",
        five[:3],
        None,
        [
            {"winner": "Ann", "hand": ["Béa=A JK 5", "Cyd=12"], "not_opened": ["Cyd"]},
            {"winner": "Cyd", "rami_sec": True},
            {"blocked": True, "hand": ["Ann=10", "Béa=20", "Cyd=30"]},
        ],
        target=1000,
    )
    rami.undo()
    return {
        name: json.loads(store.encode(session))
        for name, session in {
            "tarot": tarot,
            "maison": maison,
            "belote": belote,
            "coinche": coinche,
            "rami": rami,
        }.items()
    }


@cache
def other_rounds() -> dict[str, list[dict[str, Any]]]:
    """Rounds each game built, each valid on its own, at other tables, rule sets, numbers."""
    rng = random.Random(37)
    found: dict[str, list[dict[str, Any]]] = {}
    names = ["Ann", "Béa", "Cyd", "Dan", "Eve", "Fay"]
    tables = [
        ("tarot", names[:3], "fft"),
        ("tarot", names[:4], "maison"),
        ("tarot", names[:5], "fft"),
        ("tarot", names[:6], "maison"),
        ("belote", names[:4], "official"),
        ("coinche", names[:4], "maison"),
        ("rami", names[:2], None),
        ("rami", names[:4], None),
    ]
    for game, players, rules in tables:
        session = Session.create(game, players, rules=rules)
        rules_of = session.game_rules
        for number in range(1, 7):
            for _ in range(40):  # a few tries: most random answers are refused
                raw = _random_raw(game, players, rng)
                try:
                    inp = rules_of.build_round(raw, session.table(), number)
                except ValueError:
                    continue
                found.setdefault(game, []).append(inp)
                break
    return found


def _random_raw(game: str, players: list[str], rng: random.Random) -> dict[str, Any]:
    pick = rng.choice
    if game == "tarot":
        bouts = rng.randint(0, 3)
        return {
            "taker": pick(players),
            "contract": pick(["prise", "garde", "garde-sans", "garde-contre", "renonce"]),
            "called": pick(players) if len(players) >= 5 else None,
            "bouts": str(bouts),
            "points": str(rng.randint(int(4.5 * bouts), 78 + 4 * bouts) if bouts else 40),
            "poignee": [pick(players)] if rng.random() < 0.3 else [],
            "misere": [pick(players)] if rng.random() < 0.2 else [],
            "chelem": pick([None, None, "failed", "defense"]),
        }
    if game in ("belote", "coinche"):
        raw = {
            "taker": pick(players),
            "trump": pick(["hearts", "spades", "sa"] + (["ta"] if game == "coinche" else [])),
            "points": str(rng.randint(0, 120)),
            "dix_de_der": pick(["taker", "defense"]),
            "belote": pick([None, "taker", "defense"]),
        }
        if game == "coinche":
            raw["contract"] = str(pick([80, 90, 100, 120, 160]))
        return raw
    winner = pick(players)
    hands = [f"{p}={rng.randint(0, 80)}" for p in players if p != winner]
    return {"winner": winner, "hand": hands}


# --------------------------------------------------------------------------------------------
# Values, each valid on its own


def _stamp(year: int, month: int = 6, zone: str = "+02:00") -> str:
    return f"{year:04d}-{month:02d}-15T20:15:03{zone}"


def _ahead(days: float) -> str:
    return (dt.datetime.now(dt.UTC) + dt.timedelta(days=days)).isoformat(timespec="seconds")


DATES = st.one_of(
    st.sampled_from(
        [
            "0001-01-01T00:00:00+01:00",
            "9999-12-31T23:59:59-01:00",
            "0001-01-01T00:00:00",
            "9999-12-31T23:59:59",
            "1999-12-31T23:59:59+00:00",
            "2101-01-01T00:00:00+00:00",
            "2026-02-30T10:00:00+00:00",
            "2026-12-01",
            "2026-12-01T10:00:00Z",
            "2026-12-01T10:00:00+14:00",
            "2026-12-01T10:00:00.123456-12:00",
            "",
        ]
    ),
    st.builds(
        _stamp,
        st.integers(1, 9999),
        st.integers(1, 12),
        st.sampled_from(["", "+00:00", "-11:30", "+14:00"]),
    ),
    st.floats(-400, 400).map(_ahead),
)
NUMBERS = st.one_of(
    st.none(),  # (where a number may be none: a dix de der, a belote, a capot)
    st.integers(-3, 200),
    st.sampled_from([10**5, 10**5 + 1, -(10**5) - 1, 10**12 - 1, 10**12, 2**63, 10**400]),
    st.integers(-(10**30), 10**30),
    st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
    st.sampled_from([0.5, 45.5, 91.0, 1e300]),
)
NAMES = st.one_of(
    st.sampled_from(
        [
            "Ann",
            "ANN",
            "ann",
            "Ânn",
            "Béa",
            "Zoé",
            "Zoe\u0301",
            "Fay",
            "A=B",
            "Bo:b",
            "Jean-Luc",
            "Jean",
            "x" * 100,
        ]
    ),
    st.text(alphabet=st.sampled_from("AaBbÉéZz -'"), min_size=1, max_size=8).map(
        lambda text: " ".join(text.split()) or "Q"
    ),
)


def _dates(data: dict[str, Any]) -> list[Callable[[dict[str, Any], Any], None]]:
    """Where the file holds a date: each a way to set it."""
    places: list[Callable[[dict[str, Any], Any], None]] = [
        lambda d, v: d.__setitem__("created", v),
        lambda d, v: d.__setitem__("updated", v),
    ]
    for i in range(len(data["history"])):
        places.append(lambda d, v, i=i: d["history"][i].__setitem__("time", v))
    for i in range(len(data["rounds"])):
        places.append(lambda d, v, i=i: d["rounds"][i].__setitem__("edited", v))
    return places


def _numbers(data: dict[str, Any]) -> list[Callable[[dict[str, Any], Any], None]]:
    """Where the file holds a number: the parameters, the rounds' numbers, the tables'."""
    places: list[Callable[[dict[str, Any], Any], None]] = []
    for key, value in data["params"].items():
        if type(value) is int:
            places.append(lambda d, v, key=key: d["params"].__setitem__(key, v))
    for i, inp in enumerate(data["rounds"]):
        for key, value in inp.items():
            if type(value) in (int, float):
                places.append(lambda d, v, i=i, key=key: d["rounds"][i].__setitem__(key, v))
            if key == "hands":
                for who in value:
                    places.append(
                        lambda d, v, i=i, who=who: d["rounds"][i]["hands"][who].__setitem__(
                            "value", v
                        )
                    )
            if key == "announces" and value:
                places.append(lambda d, v, i=i: d["rounds"][i]["announces"][0].__setitem__(1, v))
    for i, era in enumerate(data["tables"]):
        for who in era.get("join", {}):
            places.append(lambda d, v, i=i, who=who: d["tables"][i]["join"].__setitem__(who, v))
        places.append(lambda d, v, i=i: d["tables"][i].__setitem__("target", v))
    return places


def _renamed(data: dict[str, Any], old: str, new: str, *, everywhere: bool) -> None:
    """Name a player ``new``: in the players only, or (``everywhere``) in every round too,
    as a rename would."""
    data["players"] = [new if p == old else p for p in data["players"]]
    if everywhere:
        game = get_game(data["game"])
        data["rounds"] = [game.renamed(inp, {old: new}) for inp in data["rounds"]]


FAMILIES = ("date", "number", "name", "round")
_ROUNDS = ("input", "old", "new")  # the rounds a change of the history holds


@st.composite
def crafted(draw: st.DrawFn) -> tuple[str, dict[str, Any], set[str]]:
    """A base file with one to three values changed, each into one valid on its own (and
    the families of the values changed)."""
    name = draw(st.sampled_from(sorted(bases())))
    data = copy.deepcopy(bases()[name])
    families = set()
    for _ in range(draw(st.integers(1, 3))):
        family = draw(st.sampled_from(FAMILIES))
        families.add(family)
        if family == "date":
            draw(st.sampled_from(_dates(data)))(data, draw(DATES))
        elif family == "number":
            draw(st.sampled_from(_numbers(data)))(data, draw(NUMBERS))
        elif family == "name":
            old = draw(st.sampled_from(data["players"]))
            _renamed(data, old, draw(NAMES), everywhere=draw(st.booleans()))
        else:  # a round of the file, or of its history
            pool = other_rounds()[data["game"]]
            held = [*data["rounds"], *(e[k] for e in data["history"] for k in _ROUNDS if k in e)]
            at = held[draw(st.integers(0, len(held) - 1))]
            other = draw(st.sampled_from(pool))
            if draw(st.booleans()):
                at.clear()
                at.update(copy.deepcopy(other))
            else:  # one answer of another valid round
                key = draw(st.sampled_from(sorted(other)))
                at[key] = copy.deepcopy(other[key])
    return name, data, families


# --------------------------------------------------------------------------------------------
# The commands


ADD = {
    "tarot": ["--line", "ann g 2b 49 cyd"],
    "maison": ["--taker", "Ann", "--contract", "garde", "--bouts", "2", "--points", "49"],
    "belote": ["--taker", "Ann", "--trump", "hearts", "--points", "82", "--dix-de-der", "taker"],
    "coinche": ["--line", "ann 80 coeur 98"],
    "rami": ["--winner", "Ann", "--hand", "Béa=10", "--hand", "Cyd=5"],
}
EDIT = {
    "tarot": ["1", "--points", "60"],
    "maison": ["1", "--points", "60"],
    "belote": ["1", "--points", "100"],
    "coinche": ["1", "--points", "100"],
    "rami": ["1", "--hand", "Béa=7"],
}


def write(path: Path, data: dict[str, Any]) -> bytes:
    """The file as cardscore lays it out (a header field a line: the quick look at which
    session was played last reads ``updated`` there)."""
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    raw = ("{\n" + ",\n".join(lines) + "\n}\n").encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return raw


def answered(cli, home: Path, name: str, data: dict[str, Any]) -> list[str]:
    """Run every reading command on the crafted file; what went wrong, if anything."""
    folder = home / "sessions"
    for old in folder.glob("*.json") if folder.exists() else ():
        old.unlink()
    sid = data["id"]
    path = folder / f"{sid}.json"
    before = write(path, data)
    wrong: list[str] = []
    refused = None
    commands = [
        ["show", sid],
        ["list"],
        ["history", sid],
        ["print", sid, "-o", str(home / "sheet.html")],
        ["print", sid, "-o", str(home / "sheet.pdf")],
        ["stats"],
        ["show"],
        ["add", sid, *ADD[name]],
        ["edit", sid, *EDIT[name]],
    ]
    for command in commands:
        try:
            result = cli(*command)
        except BaseException as exc:  # (what is counted: anything that escapes)
            wrong.append(f"{command[0]}: {type(exc).__name__}: {exc}"[:300])
            continue
        said = result.out + result.err
        if "Traceback" in said or result.code not in (0, 1, 2):
            wrong.append(f"{command[0]}: exit {result.code}: {said[-300:]}")
        elif result.code and len(result.err.strip().splitlines()) != 1:
            wrong.append(
                f"{command[0]}: exit {result.code} in {len(result.err.splitlines())} lines"
            )
        if command == ["show", sid]:
            refused = result.code == 1
    if refused and path.read_bytes() != before:
        wrong.append("a refused file was changed")
    return wrong


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(case=crafted())
def test_a_value_of_any_kind_inside_a_valid_shape_is_answered_in_one_line(
    cli, home: Path, case: tuple[str, dict[str, Any], set[str]]
) -> None:
    name, data, _families = case
    assert answered(cli, home, name, data) == []


def test_the_files_to_change_are_valid_and_each_other_round_is_too(cli, home: Path) -> None:
    """The crafted files start from valid ones: every command works on each as it is."""
    for name, data in bases().items():
        assert answered(cli, home, name, data) == [], name
        assert cli("show", data["id"]).code == 0
    assert all(len(rounds) >= 5 for rounds in other_rounds().values())
