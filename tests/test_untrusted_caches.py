"""The caches of ``list`` and ``stats`` are files like any other (issue 37, point 7).

``index.json``, ``digests.json`` and ``stats.json`` are kept in the user's own cache folder
(``CARDSCORE_CACHE`` here), one folder per home, never beside a (synced) sessions folder;
read with the same guards as a session file and a typed schema; keyed by what each session
file holds.  Each hostile cache below is a fixture, planted wherever this cardscore keeps the
caches of the home (found after a first run) and where cardscore 0.1 kept them, beside the
sessions: a FIFO, a link to an endless device or to someone else's cache, nesting 200,000
deep, wrong types, escape sequences in cached names, a session file edited keeping its size
and modification time, another machine's caches inside a synced folder.  After each,
``list`` and ``stats`` say what the session files hold (the figures a run without any cache
gives), in one piece, never hang, never print a traceback nor an escape sequence.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.games.base import InputError
from cardscore.session import Session

CACHES = ("index.json", "digests.json", "stats.json")
HOUR_NS = 3600 * 10**9
#: the time a command of a hostile cache may take (it should take one second)
BOUND_S = 30


# --------------------------------------------------------------------------------------------
# A club of every game, and what list and stats say of it without any cache

FIVE = ["Ann", "Bob", "Cyd", "Dan", "Zoé"]
FOUR = ["Ann", "Bob", "Cyd", "Dan"]
TRIO = ["Ann", "Bob", "Zoé"]


def tarot_raw(rng: random.Random, players: list[str]) -> dict[str, Any]:
    """A tarot round as typed: contracts, bouts and points near what they need, now and
    then a called partner, a petit au bout, a poignée, a chelem or a passe."""
    if rng.random() < 0.05:
        return {"contract": "passe"}
    bouts = rng.choice([0, 1, 2, 3])
    need = (56, 51, 41, 36)[bouts]
    low, high = 4 * bouts, 91 - 4 * (3 - bouts)
    raw: dict[str, Any] = {
        "contract": rng.choice(["prise", "garde", "garde-sans", "garde-contre"]),
        "taker": rng.choice(players),
        "bouts": str(bouts),
        "points": str(min(high, max(low, need + rng.randint(-12, 12)))),
    }
    if len(players) >= 5:
        raw["called"] = rng.choice(players)
    if rng.random() < 0.2:
        raw["petit_au_bout"] = rng.choice(players)
    if rng.random() < 0.2:
        raw["poignee"] = [f"{rng.choice(players)}:simple"]
    if rng.random() < 0.05:
        raw["chelem"] = rng.choice(["announced", "unannounced", "failed", "defense"])
    return raw


def card_raw(rng: random.Random, players: list[str], coinche: bool) -> dict[str, Any]:
    """A belote or coinche round: points, dix de der, belote, now and then a capot."""
    trump = rng.choice(["spades", "hearts", "diamonds", "clubs"])
    raw: dict[str, Any] = {
        "taker": rng.choice(players),
        "trump": trump,
        "points": str(rng.randint(40, 120)),
        "dix_de_der": rng.choice(["taker", "defense"]),
    }
    if rng.random() < 0.1:
        raw |= {"capot": rng.choice(["taker", "defense"]), "points": None, "dix_de_der": None}
    if coinche:
        raw["contract"] = rng.choice([*(str(v) for v in range(80, 161, 10)), "generale"])
        level = rng.random()
        raw["coinche"] = level < 0.2
        raw["surcoinche"] = 0.2 <= level < 0.3
    return raw


def rami_raw(rng: random.Random, players: list[str]) -> dict[str, Any]:
    """A rami round: a winner (now and then a rami sec), the others' hands by value."""
    winner = rng.choice(players)
    rami_sec = rng.random() < 0.1
    losers = [p for p in players if p != winner]
    return {
        "winner": winner,
        "rami_sec": rami_sec,
        "hand": [f"{p}={rng.randint(0, 60)}" for p in losers],
        "not_opened": [] if rami_sec else [p for p in losers if rng.random() < 0.3],
    }


#: a round of each table that drawn rounds seldom give (a chelem, a misère under the rules
#: that have it, a belote litige, a générale), played first in its first session
RARE = {
    "tarot": {"contract": "garde", "taker": "Ann", "bouts": "3", "points": "91",
              "chelem": "announced"},
    "maison": {"contract": "garde", "taker": "Ann", "bouts": "2", "points": "50",
               "misere": ["Bob"]},
    # 71 and the dix de der: 81 each side
    "belote": {"taker": "Ann", "trump": "hearts", "points": "71", "dix_de_der": "taker"},
    "coinche": {"taker": "Ann", "trump": "hearts", "contract": "generale", "capot": "taker",
                "points": None, "dix_de_der": None},
}  # fmt: skip


def played(
    game: str,
    players: list[str],
    rng: random.Random,
    rounds: int,
    day: int,
    rules: str | None = None,
    first: dict[str, Any] | None = None,
) -> Session:
    """A session of ``game`` of about ``rounds`` rounds (or until it ends), ``first`` the
    first of them, last played on day ``day`` of 2026 (the rounds the rules refuse are
    drawn again)."""
    session = Session.create(game, players, rules=rules, session_id=store.new_id())
    if first is not None:
        session.add(dict(first))
    tries = 0
    while len(session.rounds) < rounds and tries < 40 * rounds:
        tries += 1
        if session.rounds and session.standings().finished:
            break
        if game == "tarot":
            raw = tarot_raw(rng, players)
        elif game == "rami":
            raw = rami_raw(rng, players)
        else:
            raw = card_raw(rng, players, coinche=game == "coinche")
        try:
            session.add(raw)
        except (InputError, ValueError):
            continue
    session.created = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T20:00:00+01:00"
    session.updated = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T23:30:00+01:00"
    return session


def sessions_of_every_game(count: int = 2, seed: int = 37) -> list[Session]:
    """``count`` sessions of each game and table: tarot at 4 and 5, belote, coinche, rami."""
    rng = random.Random(seed)
    tables = [("tarot", FIVE, 10, None), ("tarot", FOUR, 8, "maison"), ("belote", FOUR, 14, None)]
    tables += [("coinche", FOUR, 14, None), ("rami", TRIO, 9, None)]
    made = []
    for index in range(count):
        for number, (game, players, rounds, rules) in enumerate(tables):
            first = RARE.get(rules or game) if index == 0 else None
            day = index * len(tables) + number
            made.append(played(game, players, rng, rounds, day, rules, first))
    return made


def save(home: Path, sessions: list[Session]) -> list[Path]:
    """The sessions' files in ``home``, each made an hour old or more (as a synced folder
    leaves them; cardscore 0.1 trusted its index only for files older than 2 s)."""
    folder = home / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for hours, session in enumerate(sessions, 1):
        path = folder / f"{session.id}.json"
        path.write_bytes(store.encode(session))
        mtime = (int(os.path.getmtime(path)) - 3600 * hours) * 10**9
        os.utime(path, ns=(mtime, mtime))
        paths.append(path)
    return paths


@pytest.fixture
def club(home: Path) -> list[Path]:
    """The session files of a club that played every game."""
    return save(home, sessions_of_every_game())


Said = tuple[list[dict[str, Any]], dict[str, Any]]


def outputs(cli, *homes: Path) -> Said:
    """``list --json`` and ``stats --json`` (of ``homes``, else the usual one), each in one
    piece: status 0, nothing on standard error (no warning, no traceback)."""
    listed = cli("list", "--json")
    assert (listed.code, listed.err) == (0, ""), listed.err
    options = [part for home in homes for part in ("--home", str(home))]
    stats = cli("stats", "--json", *options)
    assert (stats.code, stats.err) == (0, ""), stats.err
    doc = stats.json()
    doc.pop("homes")  # (the folders: the truth's are others)
    return listed.json(), doc


def truth(cli, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Said:
    """What list and stats say of ``home``'s session files with no cache at all: a copy of
    its sessions folder (times kept) in a fresh home, with a fresh cache folder."""
    fresh = tmp_path / f"truth-{len(list(tmp_path.glob('truth-*')))}"
    shutil.copytree(home / "sessions", fresh / "home" / "sessions")
    with monkeypatch.context() as inside:
        inside.setenv("CARDSCORE_HOME", str(fresh / "home"))
        inside.setenv("CARDSCORE_CACHE", str(fresh / "cache"))
        return outputs(cli)


def places(home: Path, tmp_path: Path) -> list[Path]:
    """Every folder a cache of ``home`` may be read from: where this cardscore keeps them
    (found: the folders of its ``index.json`` outside the truths) and beside the sessions,
    where cardscore 0.1 kept them."""
    found = {home}
    for index in tmp_path.rglob("index.json"):
        if not index.relative_to(tmp_path).parts[0].startswith("truth-"):
            found.add(index.parent)
    return sorted(found)


def warm(cli, home: Path, tmp_path: Path) -> list[Path]:
    """Run list and stats once (every cache made), and the places of the caches."""
    assert cli("list").code == 0
    assert cli("stats").code == 0
    found = places(home, tmp_path)
    assert any((folder / "index.json").is_file() for folder in found)
    return found


def plant(folder: Path, name: str, make: Callable[[Path], None]) -> None:
    """Put a hostile ``name`` in ``folder`` (whatever was there goes)."""
    path = folder / name
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
    make(path)


def run_bounded(home: Path, *args: str, memory: int | None = None) -> subprocess.CompletedProcess:
    """``cardscore ARGS`` in a process of its own, killed after :data:`BOUND_S` seconds
    (``memory``: at most that many bytes of address space, so that eating memory fails
    fast instead of taking the machine's)."""

    def limited() -> None:
        if memory is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = {**os.environ, "CARDSCORE_HOME": str(home), "COLUMNS": "120", "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "cardscore", *args],
        env=env,
        capture_output=True,
        timeout=BOUND_S,
        stdin=subprocess.DEVNULL,
        preexec_fn=limited,
    )


def bounded_outputs(home: Path, memory: int | None = None) -> Said:
    """:func:`outputs`, each command in a process of its own (bounded in time)."""
    said = []
    for args in (["list", "--json"], ["stats", "--json"]):
        done = run_bounded(home, *args, memory=memory)
        assert (done.returncode, done.stderr) == (0, b""), done.stderr.decode()[-2000:]
        said.append(json.loads(done.stdout))
    said[1].pop("homes")
    return said[0], said[1]


# --------------------------------------------------------------------------------------------
# Where the caches are kept


def test_the_caches_are_kept_in_the_users_cache_folder_one_per_home(
    club: list[Path], home: Path, tmp_path: Path, cli
) -> None:
    """Never beside the sessions (a synced folder): in the cache folder, one folder per
    home by its resolved path, so that two homes never share one and a home reached by
    two paths has one."""
    other = tmp_path / "other"
    save(other, sessions_of_every_game(1, seed=5))
    alias = tmp_path / "alias"
    alias.symlink_to(home)
    for args in ([], ["--home", str(home), "--home", str(other)], ["--home", str(alias)]):
        assert cli("stats", *args).code == 0
    assert cli("list").code == 0
    for folder in (home, other):
        assert sorted(p.name for p in folder.iterdir()) == ["sessions"]  # nothing beside
    kept = tmp_path / "cache"
    indexes = {path.parent: json.loads(path.read_bytes()) for path in kept.rglob("index.json")}
    assert len(indexes) == 2  # home and other: the alias is home
    for folder, index in indexes.items():
        home_of = Path(index["home"])
        assert home_of in (home.resolve(), other.resolve())
        names = sorted(p.name for p in (home_of / "sessions").iterdir())
        assert sorted(index["sessions"]) == names  # each its own home's files only
        assert (folder / "digests.json").is_file()
    statistics = list(kept.rglob("stats.json"))
    assert len(statistics) == 2  # home's, and the two homes' together (another folder)


def test_the_caches_are_kept_in_the_platforms_cache_folder_by_default(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``CARDSCORE_CACHE`` (tests, or a user's choice), else the platform's user cache
    folder (``~/.cache/cardscore`` on Linux), whatever ``CARDSCORE_HOME`` says."""
    import platformdirs

    from cardscore import caches
    from cardscore.environment import Environment, running

    env = Environment.of_process({"CARDSCORE_HOME": str(home)}, stdin_isatty=False)
    assert env.cache_folder == platformdirs.user_cache_path("cardscore")
    with running(env):
        assert caches.folder_of(home).parent == env.cache_folder / "homes"
    mine = Environment.of_process({"CARDSCORE_CACHE": str(tmp_path / "c")}, stdin_isatty=False)
    assert mine.cache_folder == tmp_path / "c"
    with running(mine):
        assert caches.folder_of(home).parent == tmp_path / "c" / "homes"


# --------------------------------------------------------------------------------------------
# Hostile caches: read as untrusted as a session file


def test_a_fifo_in_place_of_a_cache_hangs_nothing(
    club: list[Path], home: Path, tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every cache a FIFO (nobody ever writes into it): list and stats answer, bounded in
    time, as if there were no cache; the one beside the sessions is left as it is."""
    expected = truth(cli, home, tmp_path, monkeypatch)
    folders = warm(cli, home, tmp_path)
    for folder in folders:
        for name in CACHES:
            plant(folder, name, os.mkfifo)
    for _ in range(2):  # and again, the caches rebuilt
        assert bounded_outputs(home) == expected
    assert all((home / name).is_fifo() for name in CACHES)


@pytest.mark.parametrize("target", ["/dev/zero", "forged"])
def test_a_link_in_place_of_a_cache_is_not_followed(
    target: str,
    club: list[Path],
    home: Path,
    tmp_path: Path,
    cli,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every cache a symbolic link: to an endless device (which a plain read would eat
    memory from: the processes are given 2 GB), or to a cache file someone else made that
    says false figures; neither is read."""
    folders = warm(cli, home, tmp_path)
    expected = truth(cli, home, tmp_path, monkeypatch)
    forged = tmp_path / "forged"
    forged.mkdir()
    for folder in folders:
        for name in CACHES:
            if target == "forged" and (folder / name).is_file():  # elsewhere, false figures
                data = inflated(json.loads((folder / name).read_bytes()))
                (forged / f"{folder.name}-{name}").write_text(json.dumps(data), "utf-8")
            pointed = target if target != "forged" else forged / f"{folder.name}-{name}"
            plant(folder, name, lambda path, to=pointed: path.symlink_to(to))
    for _ in range(2):
        assert bounded_outputs(home, memory=2 * 1024**3) == expected
    assert all((home / name).is_symlink() for name in CACHES)


def inflated(data: Any) -> Any:
    """A cache's data with its counts and points made 900 more: well formed, and false."""
    if isinstance(data, dict):
        return {
            key: value + 900
            if key in ("rounds", "sessions", "points", "total") and type(value) is int
            else inflated(value)
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [inflated(value) for value in data]
    return data


def test_a_cache_nested_200000_deep_is_worked_out_again(
    club: list[Path], home: Path, tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = truth(cli, home, tmp_path, monkeypatch)
    for folder in warm(cli, home, tmp_path):
        for name in CACHES:
            plant(folder, name, lambda path: path.write_bytes(b"[" * 200_000 + b"]" * 200_000))
    assert outputs(cli) == expected
    assert outputs(cli) == expected


def leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every value of a JSON document with its path, containers too (parents first)."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from leaves(value, (*path, index))


def wrong(value: Any) -> Any:
    """A value of another type than ``value`` (or out of any range)."""
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int):
        return str(value) if value % 2 else 10**30
    if isinstance(value, float):
        return [value]
    if isinstance(value, str):
        return {"text": value} if len(value) % 2 else 7
    if value is None:
        return {}
    if isinstance(value, list):
        return {"0": value[0]} if value else 3
    return list(value.values()) or "x"


def changed(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``data`` with the value at ``path`` replaced by ``value``."""
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


#: the values of each cache given a wrong type, at most (evenly spread over the file)
WRONGS = 14


@pytest.mark.parametrize("name", CACHES)
def test_a_cache_of_wrong_types_is_worked_out_again(
    name: str,
    club: list[Path],
    home: Path,
    tmp_path: Path,
    cli,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Values of the cache ``name`` given a wrong type one at a time (a number as text, a
    name as a number, a list for a map…): never a traceback, never a figure from it."""
    expected = truth(cli, home, tmp_path, monkeypatch)
    folders = [f for f in warm(cli, home, tmp_path) if (f / name).is_file()]
    assert folders
    good = {folder: json.loads((folder / name).read_bytes()) for folder in folders}
    found = list(leaves(good[folders[0]]))
    step = max(1, len(found) // WRONGS)
    for path, value in found[::step][:WRONGS] + found[-3:]:
        for folder in folders:
            bad = changed(good[folder], path, wrong(value))
            (folder / name).write_text(json.dumps(bad), "utf-8")
            if name == "digests.json":  # (read when the document is worked out again)
                (folder / "stats.json").unlink(missing_ok=True)
        assert outputs(cli) == expected, path
    assert outputs(cli) == expected


NASTY = "Ann\x1b]0;pwned\x07\x1b[2J"


def test_escape_sequences_in_cached_names_never_reach_the_terminal(
    club: list[Path], home: Path, tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name in every cache turned into escape sequences (the rest left right, so that
    nothing else gives the cache away): never printed; the names the files hold are."""
    expected = truth(cli, home, tmp_path, monkeypatch)
    for folder in warm(cli, home, tmp_path):
        for name in CACHES:
            path = folder / name
            if path.is_file():
                text = path.read_text("utf-8").replace('"Ann"', json.dumps(NASTY))
                path.write_text(text, "utf-8")
    for args in (["list"], ["stats"], ["stats", "--player", "Ann"], ["stats", "--records"]):
        said = cli(*args)
        assert said.code == 0 and "\x1b" not in said.out + said.err, args
        assert "\x07" not in said.out + said.err
    assert outputs(cli) == expected


def test_a_session_edited_keeping_its_size_and_time_is_read_again(
    club: list[Path], home: Path, tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sync tool brings a session edited on another laptop, and keeps the file's
    modification time; its size is the same: list and stats say what the file holds now."""
    warm(cli, home, tmp_path)
    edited = 0
    for path in club:
        data = path.read_bytes()
        # a round's taker Ann becomes Bob (as long a name): other scores, same size
        swapped = data.replace(b'"taker": "Ann"', b'"taker": "Bob"', 1)
        if swapped == data or b'"called"' in data:
            continue
        stat = path.stat()
        path.write_bytes(swapped)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        assert (path.stat().st_size, path.stat().st_mtime_ns) == (stat.st_size, stat.st_mtime_ns)
        try:
            store.read(path).standings()
        except (store.StoreError, ValueError):  # a round Bob cannot take: left as it was
            path.write_bytes(data)
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
            continue
        edited += 1
    assert edited >= 2
    expected = truth(cli, home, tmp_path, monkeypatch)
    assert outputs(cli) == expected
    assert outputs(cli) == expected


def old_index(home: Path, sessions: dict[str, Session], key: str) -> bytes:
    """An index as cardscore 0.1 kept it beside the sessions (its ``format`` 2): for every
    file of ``home``, its size and time, and what ``sessions`` (another machine's) say."""
    from cardscore import __version__
    from cardscore.document import summary
    from cardscore.stats.digest import VERSION, digest

    records = {}
    for path in sorted((home / "sessions").glob("*.json")):
        session = sessions[path.stem]
        value = summary(session, session.standings()) if key == "summary" else digest(session)
        stat = path.stat()
        records[path.name] = {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns, key: value}
    return json.dumps(
        {
            "format": 2,
            "cardscore": __version__,
            "version": None if key == "summary" else VERSION,
            "sessions": records,
        },
        ensure_ascii=False,
    ).encode()


def test_the_caches_of_a_synced_folder_are_neither_trusted_nor_written(
    club: list[Path], home: Path, tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A synced cardscore folder holds caches another machine wrote beside its sessions,
    whose records fit the files' sizes and times but say other figures (another title,
    every round's taker another player): list and stats say what the files hold, and leave
    those caches as they are."""
    expected = truth(cli, home, tmp_path, monkeypatch)
    theirs = {}
    for path in club:
        session = store.read(path)
        session.title = "Theirs"
        for number, inp in enumerate(session.rounds):
            if inp.get("taker") == "Ann":
                session.rounds[number] = {**inp, "taker": "Bob"}
        theirs[session.id] = session
    planted = {
        "index.json": old_index(home, theirs, "summary"),
        "digests.json": old_index(home, theirs, "digest"),
    }
    for name, content in planted.items():
        (home / name).write_bytes(content)
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in home.iterdir() if p.is_file()}
    for _ in range(2):
        assert outputs(cli) == expected
        assert outputs(cli, home) == expected
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in home.iterdir() if p.is_file()}
    assert after == before  # not written again, nor anything else beside the sessions


# --------------------------------------------------------------------------------------------
# The same id in two homes


def test_a_copy_dated_in_the_future_never_wins(
    home: Path, tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same session in two homes, changed differently: the copy that says it was
    changed later wins, unless that time is more than a day ahead of this machine's clock
    (here a laptop whose clock says 2026-03-01: the other copy says 2026-03-05).  The
    warning names both copies."""
    import datetime as dt

    from cardscore import catalog

    made = sessions_of_every_game(1)[0]
    made.updated = "2026-02-27T22:00:00+01:00"
    (mine,) = save(home, [made])
    other = tmp_path / "laptop"
    made.title = "from the future"
    made.updated = "2026-03-05T22:00:00+01:00"
    (theirs,) = save(other, [made])
    clock = dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)
    monkeypatch.setattr(catalog, "_now", lambda: clock)
    for homes in ([home, other], [other, home]):
        found = catalog.scan(homes)
        assert [entry.path for entry in found.entries] == [mine]
        (warning,) = found.warnings
        assert str(mine) in warning and str(theirs) in warning
        assert warning.index(str(mine)) < warning.index(str(theirs))  # the one counted first
        assert "2026-03-05" in warning and "future" in warning
    said = cli("stats", "--json", "--home", str(other), "--home", str(home))
    assert said.code == 0 and said.json()["sessions"] == 1
    assert str(mine) in said.err and str(theirs) in said.err
    # the clock right again: the copy changed later wins
    monkeypatch.setattr(catalog, "_now", lambda: clock + dt.timedelta(days=5))
    assert [entry.path for entry in catalog.scan([home, other]).entries] == [theirs]


# --------------------------------------------------------------------------------------------
# The typed schemas hold every cache this version writes


def test_each_game_declares_the_type_of_every_figure_it_gives() -> None:
    """A figure a game gives without its type would make its statistics document refused,
    and worked out again, on every run; a counter kept by name must be one it keeps."""
    from cardscore.games import GAME_NAMES, get_game
    from cardscore.games.game_stats import stats_of

    for name in GAME_NAMES:
        stats = stats_of(get_game(name))
        assert set(stats.figures) == set(stats.own_figures({}, {})), name
        assert set(stats.by_player) <= set(stats.counters), name


def test_two_games_may_not_keep_one_counter_of_two_types(monkeypatch) -> None:
    import msgspec

    from cardscore.games import game_stats
    from cardscore.games.counts import Number

    real = game_stats.stats_of

    def stats_of(game):
        stats = real(game)
        if game.name != "rami":
            return stats
        return msgspec.structs.replace(stats, counters={"takes": Number})

    monkeypatch.setattr(game_stats, "stats_of", stats_of)
    with pytest.raises(TypeError, match="rami and tarot declare counters 'takes' of two types"):
        game_stats.declared("counters")


def test_every_cache_this_version_writes_fits_its_schema() -> None:
    """Rows, digests and statistics documents of sessions of every game pass the typed
    schemas and the checks they are read with (else every cache would be worked out again
    on every run: slower, never wrong); and every counter the games keep is met here."""
    import msgspec

    from cardscore import cache_types
    from cardscore.document import summary
    from cardscore.stats import cache
    from cardscore.stats.aggregate import aggregate
    from cardscore.stats.digest import VERSION, digest

    sessions = sessions_of_every_game(4, seed=11)
    digests = []
    counters: set[str] = set()
    for session in sessions:
        row = json.loads(json.dumps(summary(session, session.standings())))
        msgspec.convert(row, cache_types.Row)
        assert cache_types.sound_row(row, session.id)
        made = json.loads(json.dumps(digest(session)))
        msgspec.convert(made, cache_types.Digest[cache_types.counters()])
        assert cache_types.sound_digest(made, session.id, VERSION)
        digests.append(made)
        counters |= {key for each in made["per_player"].values() for key in each}
    assert counters == set(cache_types.counters().__struct_fields__)
    for options in ({}, {"game": "tarot"}, {"players": ("Zoé",)}, {"game": "rami"}):
        doc = json.loads(json.dumps(cache.encoded(aggregate(digests, **options))))
        msgspec.convert(doc, cache.Doc)
        assert cache.plausible(doc), options
