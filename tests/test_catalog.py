"""The sessions catalog (issue 14, "A club's shared folder"): several homes, the conflict
copies of file-sync tools, the same id in two homes, damaged files, the summary index (in the
home's cache folder since issue 37: see test_untrusted_caches.py), session ids that do not
collide across machines, and ``list`` / ``stats`` writing nothing to the sessions they
read."""

from __future__ import annotations

import json
import os
import re
import shutil
import string
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore import caches, catalog, completion, store
from cardscore.document import summary
from cardscore.session import Session

NAMES = ["Ann", "Bob", "Cyd", "Dan"]
GARDE = {"taker": "Ann", "contract": "garde", "bouts": "2", "points": "50"}
HOUR_NS = 3600 * 10**9


def make(home: Path, game: str = "tarot", rounds: int = 1, session_id: str | None = None) -> Path:
    """A saved session in ``home`` (its file made an hour old: see :func:`age`)."""
    names = NAMES[:3] if game == "rami" else NAMES
    session = Session.create(game, names, session_id=session_id or store.new_id())
    for _ in range(rounds if game == "tarot" else 0):
        session.add(dict(GARDE))
    path = home / "sessions" / f"{session.id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(store.encode(session))
    age(path)
    return path


def age(path: Path, hours: float = 1) -> int:
    """Make a file ``hours`` old (the most recently changed is listed first)."""
    mtime = time.time_ns() - int(hours * HOUR_NS)
    os.utime(path, ns=(mtime, mtime))
    return mtime


def ids(found: catalog.Scan) -> list[str]:
    return [entry.id for entry in found.entries]


def warned(found: catalog.Scan, *words: str) -> list[str]:
    """The warnings that hold every one of ``words``."""
    return [w for w in found.warnings if all(word in w for word in words)]


def index_path(home: Path, name: str = catalog.INDEX_NAME) -> Path:
    """Where the catalog keeps an index file of ``home``: its cache folder."""
    return caches.folder_of(home) / name


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every session file the catalog works out (store.parse: each file's bytes are read
    every time, for their hash), in order."""
    seen: list[Path] = []
    real = store.parse

    def counting(raw: bytes, path: Path) -> Session:
        seen.append(path)
        return real(raw, path)

    monkeypatch.setattr(store, "parse", counting)
    return seen


@pytest.fixture
def digests(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """cardscore.stats.digest.digest, watched: the ids it digested."""
    from cardscore.stats.digest import VERSION, digest

    made: list[str] = []

    def watched(session: Session, standings: Any = None) -> dict[str, Any]:
        made.append(session.id)
        return digest(session, standings)

    monkeypatch.setattr(catalog, "_digester", lambda: (watched, VERSION))
    return made


# --------------------------------------------------------------------------------------------
# Conflict copies of file-sync tools

CONFLICT_COPIES = {
    "syncthing": "{id}.sync-conflict-20240315-213012-ABCDEFG.json",
    "dropbox": "{id} (conflicted copy 2024-03-15).json",
    "dropbox, named": "{id} (Zoé's conflicted copy 2024-03-15).json",
    "nextcloud": "{id} (conflicted copy 2024-03-15 213012).json",
    "owncloud": "{id}_conflict-20240315-213012.json",
}


@pytest.mark.parametrize("tool", list(CONFLICT_COPIES))
def test_a_conflict_copy_is_named_and_not_counted(tool: str, home: Path, cli) -> None:
    path = make(home, rounds=3)
    session_id = path.stem
    copy = path.with_name(CONFLICT_COPIES[tool].format(id=session_id))
    shutil.copyfile(path, copy)
    other = make(home)
    found = catalog.scan()
    assert sorted(ids(found)) == sorted([session_id, other.stem])
    assert len(warned(found, str(copy), session_id, "conflict copy")) == 1
    assert len(found.warnings) == 1
    # not a session anywhere else either: files, a prefix, completion, list
    assert copy not in store.session_files()
    assert store.resolve(session_id[:3]) == session_id
    offered = [value for value, _ in completion.sessions("")]
    assert sorted(offered) == sorted([session_id, other.stem])
    listed = cli("list", "--json")
    assert sorted(row["id"] for row in listed.json()) == sorted([session_id, other.stem])
    assert str(copy) in listed.err and "conflict copy" in listed.err


def test_the_conflict_copy_of_a_session_in_another_home_is_not_counted(tmp_path: Path) -> None:
    first, second = tmp_path / "laptop", tmp_path / "club"
    path = make(first, rounds=2)
    copy = second / "sessions" / CONFLICT_COPIES["syncthing"].format(id=path.stem)
    copy.parent.mkdir(parents=True)
    shutil.copyfile(path, copy)
    found = catalog.scan([first, second])
    assert ids(found) == [path.stem]
    assert warned(found, str(copy), "conflict copy")


def test_names_that_only_look_like_copies_are_sessions() -> None:
    for name in ("abc123.json", "conflicted.json", "sync-conflict.json", "ab (copy).json"):
        assert store.conflict_copy_of(name) is None, name
    assert store.conflict_copy_of("abc123.json.lock") is None
    for tool, pattern in CONFLICT_COPIES.items():
        assert store.conflict_copy_of(pattern.format(id="k3m9x")) == "k3m9x", tool


# --------------------------------------------------------------------------------------------
# Several homes


def rewrite_updated(path: Path, updated: str) -> None:
    session = store.read(path)
    session.updated = updated
    path.write_bytes(store.encode(session))
    age(path)


@pytest.mark.parametrize("newer_in", [0, 1])
def test_the_same_id_in_two_homes_is_counted_once_the_latest_kept(
    newer_in: int, tmp_path: Path
) -> None:
    homes = [tmp_path / "laptop", tmp_path / "club"]
    first = make(homes[0], rounds=2)
    second = homes[1] / "sessions" / first.name
    second.parent.mkdir(parents=True)
    shutil.copyfile(first, second)
    copies = [first, second]
    rewrite_updated(copies[newer_in], "2024-03-15T22:00:00+00:00")
    rewrite_updated(copies[1 - newer_in], "2024-03-15T21:00:00+00:00")
    found = catalog.scan(homes)
    assert ids(found) == [first.stem]
    assert found.entries[0].path == copies[newer_in]
    assert found.entries[0].home == homes[newer_in]
    (warning,) = found.warnings
    kept, other = str(copies[newer_in]), str(copies[1 - newer_in])
    assert warning.index(kept) < warning.index(other)  # the one counted is said first
    assert "2024-03-15 22:00" in warning and first.stem in warning


def test_several_homes_are_gathered_and_a_home_given_twice_counts_once(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    a, b, c = make(one), make(one), make(two)
    found = catalog.scan([one, two, one, tmp_path / "two" / ".." / "two"])
    assert sorted(ids(found)) == sorted(p.stem for p in (a, b, c))
    assert found.warnings == []


def test_a_home_without_sessions_is_said_when_given(tmp_path: Path, home: Path) -> None:
    make(home)
    found = catalog.scan([home, tmp_path / "nowhere"])
    assert len(found.entries) == 1
    assert warned(found, str(tmp_path / "nowhere"))
    assert catalog.scan([tmp_path / "empty"]).entries == []
    assert catalog.scan().warnings == []  # the usual home, when empty, is not a problem


def test_entries_are_most_recently_changed_first_across_homes(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    paths = [make(one), make(two), make(one)]
    for hours, path in zip((3, 1, 2), paths, strict=True):
        age(path, hours)
    assert [e.path for e in catalog.scan([one, two]).entries] == [paths[1], paths[2], paths[0]]


# --------------------------------------------------------------------------------------------
# Damaged files

DAMAGED = {
    "empty": b"",
    "not json": b"hello\n",
    "truncated": b'{"schema_version": 3, "id": "x", "ga',
    "no schema": b'{"id": "x"}\n',
}


@pytest.mark.parametrize("kind", list(DAMAGED))
def test_a_damaged_file_is_named_and_not_counted(kind: str, home: Path) -> None:
    good = make(home)
    bad = home / "sessions" / "bad000.json"
    bad.write_bytes(DAMAGED[kind])
    found = catalog.scan()
    assert ids(found) == [good.stem]
    assert warned(found, "cannot read session file", str(bad))
    assert bad.read_bytes() == DAMAGED[kind]


def test_a_round_that_cannot_be_scored_is_named(home: Path) -> None:
    good = make(home)
    bad = make(home)
    sound = bad.read_bytes()
    data = json.loads(sound)
    data["rounds"] = [{"taker": "Nobody"}]
    data.pop("checkpoint", None)
    bad.write_text(json.dumps(data))
    age(bad)
    found = catalog.scan()
    assert ids(found) == [good.stem]
    assert warned(found, "cannot read session file", str(bad), "round 1")
    index = json.loads(index_path(home).read_text())
    assert list(index["sessions"]) == [good.name]  # nothing kept of the damaged file
    bad.write_bytes(sound)  # repaired
    age(bad)
    assert sorted(ids(catalog.scan())) == sorted([good.stem, bad.stem])


def test_a_session_deleted_while_listed_is_just_gone(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept, gone = make(home), make(home)
    real = store.read_file

    def deleted_meanwhile(path: Path | str, *limit: int) -> tuple[bytes, os.stat_result]:
        if Path(path) == gone:
            gone.unlink()
        return real(path, *limit)

    monkeypatch.setattr(store, "read_file", deleted_meanwhile)
    found = catalog.scan()
    assert ids(found) == [kept.stem] and found.warnings == []


def test_a_damaged_file_is_warned_about_every_time(home: Path) -> None:
    make(home)
    bad = home / "sessions" / "bad000.json"
    bad.write_bytes(b"{")
    age(bad)
    for _ in range(2):  # the index does not hide it
        assert warned(catalog.scan(), str(bad))


# --------------------------------------------------------------------------------------------
# list: the same rows as before the catalog


def test_list_rows_are_the_sessions_summaries(home: Path, cli) -> None:
    paths = [make(home, game) for game in ("tarot", "belote", "coinche", "rami")]
    expected = {}
    for path in paths:
        session = store.read(path)
        expected[path.stem] = summary(session, session.standings())
    for _ in range(2):  # cold, then from the index
        rows = cli("list", "--json").json()
        assert {row["id"]: row for row in rows} == expected
    table = cli("list")
    assert table.code == 0 and table.err == ""
    for path in paths:
        assert path.stem in table.out


def rich_list(rows: list[dict[str, Any]], *, short: bool = False) -> Any:
    """``list``'s table as it was drawn before the catalog: by Rich's Table, the id column
    never narrower than its ids (``short``: the shortest unique prefixes, said enough)."""
    from rich.table import Table

    ids = [row["id"] for row in rows]
    if short:
        ids = store.short_ids(ids)
    caption = f"An id's first letters are enough: cardscore show {ids[0]}" if short else None
    table = Table(title="Sessions", caption=caption)
    for header in ("id", "game", "rules", "players", "rounds", "last change", "state"):
        table.add_column(header, justify="right" if header == "rounds" else "left")
    table.columns[0].min_width = max(len(i) for i in ids)
    for row, shown in zip(rows, ids, strict=True):
        state = f"won by {row['winner']}" if row.get("finished") else "in play"
        label = ", ".join(row["players"]) + (f" — {row['title']}" if row["title"] else "")
        when = row["updated"][:16].replace("T", " ")
        table.add_row(shown, row["game"], row["rules"], label, str(row["rounds"]), when, state)
    return table


@pytest.mark.parametrize("columns", [100, 120, 200])
def test_list_draws_the_table_rich_drew(
    columns: int, home: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawn by cardscore.grid now (much faster): the same screen as Rich's Table wherever
    the table fits (narrower, see test_a_narrow_list_cuts_no_word)."""
    from cardscore.environment import current

    for game in ("tarot", "belote", "coinche", "rami"):
        make(home, game)
    made = Session.create("tarot", ["Ann", "Béatrice", "Cyd", "Dan", "Zoé"], title="[b]Jeudi")
    made.id = "a3f09c"
    made.add(dict(GARDE))
    (home / "sessions" / "a3f09c.json").write_bytes(store.encode(made))
    monkeypatch.setenv("COLUMNS", str(columns))
    listed = cli("list")
    assert listed.code == 0, listed.err
    screen = current().console
    short = "first letters are enough" in listed.out
    assert not short
    with screen.capture() as drawn:
        screen.print(rich_list(cli("list", "--json").json(), short=short))
    assert listed.out == drawn.get()
    assert "Sessions" in listed.out
    assert "Béatrice" in listed.out


@pytest.mark.parametrize("columns", [60, 72, 80])
@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_a_narrow_list_cuts_no_word(
    columns: int, lang: str, home: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the table must wrap, the players' names break between words, the rules and
    the last change go before anything is cut, and an id is typed as shown (issue 25)."""
    for game in ("tarot", "belote", "coinche", "rami"):
        make(home, game)
    made = Session.create("tarot", ["Jean-Pierre", "Marie-Hélène", "Cyd", "Dan", "Zoé"])
    made.id = "a3f09c7k2q"
    made.add({**GARDE, "taker": "Jean-Pierre"})
    (home / "sessions" / "a3f09c7k2q.json").write_bytes(store.encode(made))
    monkeypatch.setenv("COLUMNS", str(columns))
    listed = cli("--lang", lang, "list")
    assert listed.code == 0, listed.err
    lines = listed.out.splitlines()
    assert all(len(line) <= columns for line in lines), listed.out
    assert "…" not in listed.out
    cells = " ".join(line.replace("│", " ") for line in lines)
    for name in ("Jean-Pierre,", "Marie-Hélène,"):
        assert name in cells.split(), listed.out  # whole, never "Jean-Pierr…" nor split
    shown = [line.split("│")[1].strip() for line in lines if line.startswith("│ ")]
    ids = [i for i in shown if i]
    assert ids and all(cli("show", i).code == 0 for i in ids)  # each one enough to type


def test_a_wrapped_list_is_drawn_by_the_grid_as_rich_would(
    home: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the players' names wrap, each further line is a row of its own: the picture
    of Rich's several-line cell, drawn by the Grid (a club's thousand sessions: a second
    of Rich's Table otherwise)."""
    from rich.console import Console

    from cardscore.grid import Grid

    made = Session.create("tarot", ["Jean-Pierre", "Marie-Hélène", "Cyd", "Dan", "Zoé"])
    made.id = "a3f09c7k2q"
    made.add({**GARDE, "taker": "Jean-Pierre"})
    (home / "sessions" / "a3f09c7k2q.json").parent.mkdir(parents=True, exist_ok=True)
    (home / "sessions" / "a3f09c7k2q.json").write_bytes(store.encode(made))
    monkeypatch.setenv("COLUMNS", "72")
    drawn_by_rich: list[str] = []
    table = Grid.table
    monkeypatch.setattr(Grid, "table", lambda self: drawn_by_rich.append("x") or table(self))
    listed = cli("list")
    assert listed.code == 0 and not drawn_by_rich
    rows = [line for line in listed.out.splitlines() if line.startswith("│ ")]
    assert len(rows) > 1 and rows[1].split("│")[1].strip() == ""  # a further line of names
    # what Rich's Table draws with the names in one cell on several lines
    from rich import box
    from rich.table import Table

    last = listed.out.splitlines()[-1].strip()
    caption = last if last.startswith("An id's first letters") else None
    rich_table = Table(title="Sessions", caption=caption, box=box.HEAVY_HEAD)
    header = [cell.strip() for cell in listed.out.splitlines()[2].split("┃")[1:-1]]
    for name in header:
        rich_table.add_column(name, justify="right" if name == "rounds" else "left")
    cells = [[c.strip() for c in row.split("│")[1:-1]] for row in rows]
    first = cells[0]
    first[header.index("players")] = "\n".join(c[header.index("players")] for c in cells)
    rich_table.add_row(*first)
    screen = Console(width=72, color_system=None, highlight=False)
    with screen.capture() as capture:
        screen.print(rich_table)
    assert [line.rstrip() for line in listed.out.splitlines()] == [
        line.rstrip() for line in capture.get().splitlines()
    ]


def test_list_imports_neither_the_statistics_nor_the_prompts(home: Path) -> None:
    """docs/speed.md: list, from its index, imports what it draws, and not the statistics
    (the digests are stats' business), the prompts nor the exporters."""
    from test_imports import INTERACTIVE, imported, launchers, offenders

    paths = [make(home, game) for game in ("tarot", "belote", "coinche", "rami")]
    catalog.scan()  # the index up to date
    for args in (["list"], ["list", "--json"]):
        result, modules = imported([*launchers()[0][1], *args])
        assert result.returncode == 0, result.stderr[-2000:]
        assert all(path.stem in result.stdout for path in paths)
        assert "cardscore.catalog" in modules
        assert offenders(modules, (*INTERACTIVE, "cardscore.stats")) == []
    assert offenders({"cardscore.stats.digest"}, ("cardscore.stats",))  # (the check can fail)


# --------------------------------------------------------------------------------------------
# The index


def test_the_index_is_written_in_the_cache_folder_never_beside_the_sessions(
    home: Path, cli
) -> None:
    paths = [make(home), make(home)]
    catalog.scan()
    index = json.loads(index_path(home).read_text())
    assert set(index["sessions"]) == {p.name for p in paths}
    record = index["sessions"][paths[0].name]
    assert record["hash"] == caches.content_hash(paths[0].read_bytes())
    assert record["summary"]["id"] == paths[0].stem
    assert sorted(p.name for p in (home / "sessions").iterdir()) == sorted(p.name for p in paths)
    assert sorted(p.name for p in home.iterdir()) == ["sessions"]
    assert sorted(store.session_files()) == sorted(paths)


def test_nothing_changed_nothing_read(home: Path, reads: list[Path], cli) -> None:
    paths = [make(home, game) for game in ("tarot", "belote", "rami")]
    first = cli("list", "--json").json()
    assert sorted(reads) == sorted(paths)
    reads.clear()
    stamp = index_path(home).stat().st_mtime_ns
    assert cli("list", "--json").json() == first
    assert cli("list").code == 0
    assert reads == []
    assert index_path(home).stat().st_mtime_ns == stamp  # not rewritten either


def test_a_change_of_size_is_read_again(home: Path, reads: list[Path]) -> None:
    changed, same = make(home, rounds=1), make(home, rounds=0)
    catalog.scan()
    mtime = changed.stat().st_mtime_ns
    session = store.read(changed)
    session.add(dict(GARDE))
    changed.write_bytes(store.encode(session))
    os.utime(changed, ns=(mtime, mtime))  # the same time: only the size tells
    reads.clear()
    found = catalog.scan()
    assert reads == [changed]
    rows = {e.id: e.summary() for e in found.entries}
    assert rows[changed.stem]["rounds"] == 2 and rows[same.stem]["rounds"] == 0
    reads.clear()
    catalog.scan()
    assert reads == []  # and the index was brought up to date


def test_a_change_of_mtime_alone_is_read_again(home: Path, reads: list[Path]) -> None:
    changed, same = make(home), make(home)
    catalog.scan()
    size = changed.stat().st_size
    # the same size, another content (a hand edit of the title, say): only the time tells
    data = changed.read_bytes().replace(b'"title": ""', b'"title": "x"', 1)
    changed.write_bytes(data.replace(b'"rules": "fft"', b'"rules":"fft"', 1))
    assert changed.stat().st_size == size
    age(changed, 0.5)
    reads.clear()
    found = catalog.scan()
    assert reads == [changed]
    titles = {e.id: e.summary()["title"] for e in found.entries}
    assert titles == {changed.stem: "x", same.stem: ""}


def test_a_file_changed_twice_within_a_tick_is_read_again(home: Path, reads: list[Path]) -> None:
    """A file changed just now may change again within the same mtime tick, keeping its
    size: the index knows it by what it holds, so it is indexed at once and still read
    again after such a change."""
    recent = make(home)
    os.utime(recent)  # now
    catalog.scan()
    reads.clear()
    catalog.scan()
    assert reads == []
    stat = recent.stat()
    data = recent.read_bytes().replace(b'"title": ""', b'"title": "x"', 1)
    recent.write_bytes(data.replace(b'"rules": "fft"', b'"rules":"fft"', 1))
    os.utime(recent, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert (recent.stat().st_size, recent.stat().st_mtime_ns) == (stat.st_size, stat.st_mtime_ns)
    found = catalog.scan()
    assert reads == [recent] and found.entries[0].summary()["title"] == "x"


def test_a_session_deleted_leaves_the_index(home: Path, cli) -> None:
    gone, kept = make(home), make(home)
    catalog.scan()
    gone.unlink()
    assert ids(catalog.scan()) == [kept.stem]
    index = json.loads(index_path(home).read_text())
    assert list(index["sessions"]) == [kept.name]


def broken_indexes() -> dict[str, Callable[[dict[str, Any]], bytes]]:
    """Ways an index can be wrong, each from the good index's data."""

    def record(data: dict[str, Any], value: Any) -> bytes:
        name = next(iter(data["sessions"]))
        return json.dumps({**data, "sessions": {**data["sessions"], name: value}}).encode()

    return {
        "empty": lambda data: b"",
        "truncated": lambda data: json.dumps(data).encode()[:-20],
        "not json": lambda data: b"\xff\xfe not json",
        "a list": lambda data: b"[]",
        "other version": lambda data: json.dumps({**data, "cardscore": "0.0.0-old"}).encode(),
        "other format": lambda data: json.dumps({**data, "format": 99}).encode(),
        "sessions not a map": lambda data: json.dumps({**data, "sessions": [1]}).encode(),
        "record not a map": lambda data: record(data, [1, 2]),
        "summary not a map": lambda data: record(
            data, {**next(iter(data["sessions"].values())), "summary": "x"}
        ),
    }


@pytest.mark.parametrize("kind", list(broken_indexes()))
def test_a_damaged_index_is_only_a_slower_run(
    kind: str, home: Path, reads: list[Path], cli
) -> None:
    paths = [make(home), make(home, "belote")]
    expected = cli("list", "--json").json()
    index = index_path(home)
    good = json.loads(index.read_text())
    index.write_bytes(broken_indexes()[kind](good))
    reads.clear()
    listed = cli("list", "--json")
    assert listed.code == 0 and listed.err == ""
    assert listed.json() == expected
    assert reads  # read again from the files
    assert set(reads) <= set(paths)
    assert json.loads(index.read_text()) == good  # and the index written anew
    reads.clear()
    assert cli("list", "--json").json() == expected
    assert reads == []


def test_a_missing_index_is_rebuilt(home: Path, reads: list[Path]) -> None:
    paths = [make(home), make(home)]
    catalog.scan()
    index_path(home).unlink()
    reads.clear()
    assert sorted(ids(catalog.scan())) == sorted(p.stem for p in paths)
    assert sorted(reads) == sorted(paths)
    assert index_path(home).exists()


def test_an_index_that_cannot_be_written_is_only_a_slower_run(
    home: Path, reads: list[Path], cli
) -> None:
    paths = [make(home), make(home)]
    index_path(home).mkdir(parents=True)  # neither readable nor replaceable as a file
    for _ in range(2):
        reads.clear()
        listed = cli("list", "--json")
        assert listed.code == 0 and listed.err == ""
        assert sorted(row["id"] for row in listed.json()) == sorted(p.stem for p in paths)
        assert sorted(reads) == sorted(paths)
    assert [p.name for p in index_path(home).parent.iterdir() if p.name.endswith(".tmp")] == []


def test_an_index_write_refused_is_only_a_slower_run(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make(home)

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("cardscore.atomic.replace", refuse)
    assert ids(catalog.scan()) == [path.stem]
    assert not index_path(home).exists()


def test_two_writers_at_once_never_leave_a_broken_index(home: Path) -> None:
    """Each write replaces the index whole: a reader at any instant finds one writer's
    index or the other's, never a mix nor a half-written file."""
    make(home)
    catalog.scan()
    index_file = index_path(home)
    stop = threading.Event()
    seen: list[int] = []
    errors: list[str] = []

    def writer(count: int) -> None:
        filler = {"hash": "0" * 64, "summary": {"x": "y" * 2000}}
        records = {f"s{i:05}.json": filler for i in range(count)}
        index = catalog._Records(index_file, "summary", None, str(home), records)
        while not stop.is_set():
            index.changed = True
            index.save()

    def reader() -> None:
        deadline = time.monotonic() + 1.5
        try:
            while time.monotonic() < deadline:
                try:
                    seen.append(len(json.loads(index_file.read_bytes())["sessions"]))
                except ValueError as exc:
                    errors.append(str(exc))
        finally:
            stop.set()  # (whatever happens: the writers never run on)

    threads = [threading.Thread(target=writer, args=(n,)) for n in (200, 300)]
    threads.append(threading.Thread(target=reader))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert set(seen) <= {1, 200, 300} and {200, 300} & set(seen)
    leftovers = [p.name for p in index_file.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


# --------------------------------------------------------------------------------------------
# Digests (the statistics of each session, for stats)


def plain_digest(path: Path) -> dict[str, Any]:
    """The digest of the session file ``path``, as plain JSON data."""
    from cardscore.stats.digest import digest

    return json.loads(json.dumps(digest(store.read(path))))


def test_digests_are_worked_out_once_then_read_from_the_index(
    home: Path, reads: list[Path], digests: list[str]
) -> None:
    paths = [make(home, rounds=2), make(home, "belote")]
    found = catalog.scan(digests=True)
    assert sorted(digests) == sorted(p.stem for p in paths)
    assert sorted(reads) == sorted(paths)  # one read each for the summary and the digest
    by_id = {e.id: e.digest() for e in found.entries}
    assert by_id[paths[0].stem] == plain_digest(paths[0])
    assert by_id[paths[0].stem]["id"] == paths[0].stem and by_id[paths[0].stem]["rounds"] == 2
    digests.clear()
    reads.clear()
    again = catalog.scan(digests=True)
    assert digests == [] and reads == []
    assert {e.id: e.digest() for e in again.entries} == by_id
    assert {e.id: d for e, d in again.digests()} == by_id


def test_a_session_read_for_the_first_time_is_replayed_once(
    home: Path, digests: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its row (``list``) and its digest (``stats``) come from the same replay: over a
    club's sessions, read for the first time, a second replay doubles the work."""
    paths = [make(home, rounds=3), make(home, "belote"), make(home, "rami")]
    replays: list[str] = []
    real = Session.standings

    def counted(session: Session, *args: Any, **kwargs: Any) -> Any:
        replays.append(session.id)
        return real(session, *args, **kwargs)

    monkeypatch.setattr(Session, "standings", counted)
    found = catalog.scan(digests=True)
    by_id = {e.id: d for e, d in found.digests()}
    assert sorted(replays) == sorted(p.stem for p in paths)
    assert sorted(digests) == sorted(p.stem for p in paths)
    assert by_id[paths[0].stem] == plain_digest(paths[0])  # the same digest as on its own


def test_list_keeps_the_digests_in_the_index(
    home: Path, reads: list[Path], digests: list[str], cli
) -> None:
    kept, changed = make(home), make(home)
    catalog.scan(digests=True)
    session = store.read(changed)
    session.add(dict(GARDE))
    changed.write_bytes(store.encode(session))
    age(changed)
    assert cli("list", "--json").code == 0  # rewrites the index for the changed file
    digests.clear()
    reads.clear()
    found = catalog.scan(digests=True)
    assert digests == [changed.stem]
    assert reads == [changed]
    assert {e.id: e.digest()["rounds"] for e in found.entries} == {kept.stem: 1, changed.stem: 2}


def test_the_digests_are_a_file_of_their_own_that_list_never_reads(
    home: Path, digests: list[str], cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [make(home), make(home, "rami")]
    catalog.scan(digests=True)
    from cardscore.stats.digest import VERSION

    saved = json.loads(index_path(home, catalog.DIGESTS_NAME).read_text())
    assert saved["version"] == VERSION
    record = saved["sessions"][paths[1].name]
    assert record["hash"] == caches.content_hash(paths[1].read_bytes())
    assert record["digest"] == plain_digest(paths[1])
    rows = json.loads(index_path(home).read_text())["sessions"]
    assert "digest" not in rows[paths[1].name] and rows[paths[1].name]["summary"]["rounds"] == 0
    # list: neither the digests' module nor their file (damaged here, and left so)
    index_path(home, catalog.DIGESTS_NAME).write_bytes(b"{damaged")
    monkeypatch.setattr(catalog, "_digester", lambda: pytest.fail("list asked for digests"))
    paths[0].unlink()
    listed = cli("list", "--json")
    assert listed.code == 0 and [row["id"] for row in listed.json()] == [paths[1].stem]
    assert index_path(home, catalog.DIGESTS_NAME).read_bytes() == b"{damaged"


@pytest.mark.parametrize("kind", [k for k in broken_indexes() if "summary" not in k])
def test_a_damaged_digests_file_is_only_a_slower_run(
    kind: str, home: Path, reads: list[Path], digests: list[str]
) -> None:
    paths = [make(home), make(home, "coinche")]
    expected = {e.id: d for e, d in catalog.scan(digests=True).digests()}
    digests_file = index_path(home, catalog.DIGESTS_NAME)
    good = json.loads(digests_file.read_text())
    digests_file.write_bytes(broken_indexes()[kind](good))
    digests.clear()
    reads.clear()
    assert {e.id: d for e, d in catalog.scan(digests=True).digests()} == expected
    assert digests and set(digests) <= {p.stem for p in paths}
    assert json.loads(digests_file.read_text()) == good


def test_a_digest_asked_lazily_is_saved_with_the_index(
    home: Path, reads: list[Path], digests: list[str]
) -> None:
    path = make(home)
    found = catalog.scan()
    assert digests == []
    assert found.entries[0].digest()["id"] == path.stem
    found.save()
    digests.clear()
    reads.clear()
    assert catalog.scan(digests=True).entries[0].digest()["id"] == path.stem
    assert digests == [] and reads == []


def test_digests_of_another_version_are_worked_out_again(
    home: Path, digests: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [make(home), make(home)]
    catalog.scan(digests=True)
    (function, version) = catalog._digester()
    newer = version + 1  # (its digests say so too)
    monkeypatch.setattr(
        catalog,
        "_digester",
        lambda: (lambda s, r=None: {**function(s, r), "version": newer}, newer),
    )
    digests.clear()
    catalog.scan()  # list: no digest asked, the old ones stay
    catalog.scan(digests=True)
    assert sorted(digests) == sorted(p.stem for p in paths)
    digests.clear()
    catalog.scan(digests=True)
    assert digests == []


def test_a_digest_must_be_json_data(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make(home)
    monkeypatch.setattr(catalog, "_digester", lambda: ((lambda session, standings=None: {1, 2}), 1))
    with pytest.raises(TypeError):
        catalog.scan(digests=True)


# --------------------------------------------------------------------------------------------
# Ids


def test_new_ids_are_long_unambiguous_and_unique(home: Path) -> None:
    made = [store.new_id() for _ in range(5000)]
    assert len(set(made)) == len(made)
    assert all(len(i) >= 10 for i in made)
    used = set("".join(made))
    assert used <= set(string.ascii_lowercase + string.digits) - set("0o1li")
    assert len(used) >= 28  # every allowed character turns up in 50,000 draws


def test_new_id_avoids_an_existing_session(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    taken = make(home, session_id="2" * 10)
    draws = iter("2" * 10 + "3" * 10)
    monkeypatch.setattr("secrets.choice", lambda alphabet: next(draws))
    assert store.new_id() == "3" * 10 != taken.stem


def test_a_unique_prefix_resolves_everywhere(home: Path, cli) -> None:
    paths = [make(home, rounds=2) for _ in range(3)]
    for path in paths:
        prefix = next(
            path.stem[:n]
            for n in range(1, 11)
            if sum(p.stem.startswith(path.stem[:n]) for p in paths) == 1
        )
        assert store.resolve(prefix) == path.stem
        assert store.resolve(prefix.upper()) == path.stem
        shown = cli("show", prefix, "--json")
        assert shown.code == 0 and shown.json()["id"] == path.stem


def test_old_six_character_ids_still_load_and_resolve(home: Path, cli) -> None:
    old = make(home, rounds=2, session_id="a3f09c")
    new = make(home, session_id="a3f2kmnpqr")
    assert store.load("a3f09c").id == "a3f09c"
    assert store.resolve("a3f0") == "a3f09c"
    assert store.resolve("a3f2") == new.stem
    with pytest.raises(store.SessionNotFound, match="ambiguous"):
        store.resolve("a3f")
    assert cli("show", "a3f0", "--json").json()["id"] == old.stem
    assert sorted(ids(catalog.scan())) == ["a3f09c", "a3f2kmnpqr"]


def test_a_new_session_gets_a_new_id(home: Path, cli) -> None:
    made = cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    assert made.code == 0, made.err
    (session_id,) = re.findall(r"\b[2-9a-hjkmnp-z]{10}\b", made.out)
    assert (home / "sessions" / f"{session_id}.json").exists()


# --------------------------------------------------------------------------------------------
# list and stats write nothing to the sessions they read


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def club_of_every_kind(home: Path, club: Path) -> list[Path]:
    """Two homes holding sessions of every game, an old file (schema 2, no checkpoint: a
    save would rewrite it), its copy in the other home and a sync tool's conflict copy, a
    damaged file, and no lock file.  The sessions folders."""
    for game in ("tarot", "belote", "coinche", "rami"):
        make(home, game)
        make(club, game)
    old = home / "sessions" / "a3f09c.json"
    data = json.loads(make(home, session_id="a3f09c").read_text())
    data.pop("checkpoint", None)
    old.write_text(json.dumps({**data, "schema_version": 2}))
    shutil.copyfile(old, home / "sessions" / CONFLICT_COPIES["dropbox"].format(id="a3f09c"))
    shutil.copyfile(old, club / "sessions" / "a3f09c.json")
    (home / "sessions" / "bad000.json").write_bytes(b"{")
    folders = [home / "sessions", club / "sessions"]
    for lock in (lock for folder in folders for lock in folder.glob("*.lock")):
        lock.unlink()
    return folders


def test_list_and_the_catalog_write_nothing_to_the_sessions(
    home: Path, tmp_path: Path, digests: list[str], cli
) -> None:
    folders = club_of_every_kind(home, tmp_path / "club")
    before = [snapshot(folder) for folder in folders]
    assert cli("list").code == 0
    assert cli("list", "--json").code == 0
    found = catalog.scan([home, tmp_path / "club"], digests=True)
    assert len(found.entries) == 9 and len(found.warnings) == 3
    for entry in found.entries:
        entry.session()
    assert [snapshot(folder) for folder in folders] == before


def test_stats_writes_nothing_to_the_sessions(home: Path, tmp_path: Path, cli) -> None:
    assert cli("stats", "--help").code == 0
    club = tmp_path / "club"
    folders = club_of_every_kind(home, club)
    before = [snapshot(folder) for folder in folders]
    for args in ([], ["--json"], ["--home", str(home), "--home", str(club), "--json"]):
        result = cli("stats", *args)
        assert result.code == 0, result.err
    assert [snapshot(folder) for folder in folders] == before
