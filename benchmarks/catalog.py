"""Speed of ``list`` and ``stats`` over many sessions (issue 14, "Speed").

Writes 1,000 sessions of 40 rounds (tarot at 4 and 5, belote, coinche and rami, a club of
ten players, a season of dates) in one temporary home and 10,000 in another, then times, side
by side with ``python -c "import typer, rich.console, rich.table"`` (bench.py's timing: a
warm-up, then the runs alternated; ratios of medians):

* ``cardscore list`` and ``cardscore stats`` cold: no index (``<home>/index.json`` removed
  before each run: every session is read, and the index written);
* the same warm: the index up to date (nothing read but the index and the folder);
* warm but for one session changed since (the next run after an evening's play);
* list on a terminal of 100 columns (bench.py's, where the table of these sessions is too
  wide and Rich's Table wraps it), and of ``--wide`` columns (160: it fits, and
  cardscore.grid draws it).

When there is no ``stats`` command yet, ``stats`` is ``python -c`` calling catalog.scan with
every digest.  Targets: ≤ 5× over 1,000 sessions, ≤ 30× over 10,000; over a club's 2,000
sessions of 30 rounds, ``list`` and ``stats`` at most 3× warm and 10× cold.

The caches live in a folder of their own (``CARDSCORE_CACHE``, a temporary folder here): "no
index" removes it, and any cache an older cardscore kept beside the sessions.

    python benchmarks/catalog.py            # a few minutes on 2 cores (writing the sessions
                                            # takes about half a minute)
    python benchmarks/catalog.py --runs 3   # quicker, noisier
    python benchmarks/catalog.py --only 1000

Exit status 0 when every target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import PYTHON, Row, cardscore_command, ms, print_table, side_by_side
from replay import card_raw, rami_raw, tarot_raw

CLUB = ["Ann", "Béa", "Cyd", "Dan", "Éric", "Fanny", "Gus", "Hélène", "Ivo", "Zoé"]
ROUNDS = 40
DISTINCT = 240  # validated rounds per table, sliced into sessions
TABLES_PER_GAME = 4
SEASON_START = dt.datetime(2024, 9, 6, 20, 30, tzinfo=dt.UTC)
TARGETS = {1_000: 5.0, 10_000: 30.0}
#: the league's size (issue 27): a club's 2,000 sessions of 30 rounds; stats with its cache
#: warm at most 3x the UI libraries' import, cold at most 10x
LEAGUE = 2_000
LEAGUE_ROUNDS = 30
LEAGUE_TARGETS = {"warm": 3.0, "cold": 10.0}
BASELINE = [PYTHON, "-c", "import typer, rich.console, rich.table"]
SCAN_AND_DIGEST = (
    "from cardscore import catalog; found = catalog.scan(digests=True); "
    "print(len(found.entries), len(found.digests()))"
)


# --------------------------------------------------------------------------------------------
# Sessions


def game_tables(rng: random.Random) -> list[tuple[str, list[str]]]:
    """(game, players) of each table: tarot at 4 and 5, belote, coinche, rami at 3 and 4,
    each drawn from the club."""
    tables = []
    for index in range(TABLES_PER_GAME):
        tables.append(("tarot", rng.sample(CLUB, 5 if index % 2 else 4)))
        tables.append(("belote", rng.sample(CLUB, 4)))
        tables.append(("coinche", rng.sample(CLUB, 4)))
        tables.append(("rami", rng.sample(CLUB, 3 + index % 2)))
    return tables


def raw_round(game: str, players: list[str], rng: random.Random) -> dict[str, Any]:
    """One round as typed (replay.py's generators; belote and coinche take a player)."""
    if game == "tarot":
        return tarot_raw(rng, players)
    if game == "rami":
        return rami_raw(rng, players)
    raw = card_raw(rng, coinche=game == "coinche")
    raw["taker"] = rng.choice(players)
    return raw


def round_pool(game: str, players: list[str], rng: random.Random) -> list[dict[str, Any]]:
    """``DISTINCT`` validated rounds of one table (a multiple of its size, so that a slice
    starting at a multiple of it keeps each round's seat)."""
    from cardscore.session import Session

    session = Session.create(game, players)
    rules, table = session.game_rules, session.table()
    count = DISTINCT - DISTINCT % len(players)
    rounds: list[dict[str, Any]] = []
    while len(rounds) < count:
        try:
            rounds.append(rules.build_round(raw_round(game, players, rng), table, len(rounds) + 1))
        except ValueError:  # a combination the rules refuse: draw another
            continue
    return rounds


def write_sessions(home: Path, count: int, seed: int = 14, rounds: int = ROUNDS) -> int:
    """``count`` sessions of ``ROUNDS`` rounds in ``home``, one a day or so from the start
    of a season, each file's time its last change (as on a real machine).  Total bytes."""
    from cardscore import store
    from cardscore.session import Session

    os.environ["CARDSCORE_HOME"] = str(home)  # new_id checks its ids against this home
    rng = random.Random(seed)
    pools = [(game, players, round_pool(game, players, rng)) for game, players in game_tables(rng)]
    folder = home / "sessions"
    folder.mkdir(parents=True)
    total = 0
    for number in range(count):
        game, players, pool = pools[number % len(pools)]
        session = Session.create(game, players, session_id=store.new_id())
        start = rng.randrange(0, len(pool) - rounds + 1, len(players))
        session.rounds = pool[start : start + rounds]
        played = SEASON_START + dt.timedelta(minutes=number * 1440 * 365 // count)
        session.created = played.isoformat(timespec="seconds")
        session.updated = (played + dt.timedelta(hours=3)).isoformat(timespec="seconds")
        data = store.encode(session)
        path = folder / f"{session.id}.json"
        path.write_bytes(data)
        stamp = int((played + dt.timedelta(hours=3)).timestamp() * 1e9)
        os.utime(path, ns=(stamp, stamp))
        total += len(data)
    return total


# --------------------------------------------------------------------------------------------
# Timing


def has_stats(cardscore: list[str], env: dict[str, str]) -> bool:
    probe = subprocess.run([*cardscore, "stats", "--help"], env=env, capture_output=True)
    return probe.returncode == 0


def measure(
    label: str,
    command: list[str],
    limit: float,
    count: int,
    env: dict[str, str],
    before: Callable[[], None] | None,
    budget: float,
) -> Row:
    timed, base = side_by_side([command, BASELINE], count, env, before, budget)
    ratio = timed.median / base.median
    return Row(
        label,
        f"{ratio:.1f} ({ms(timed.median)} / {ms(base.median)})",
        f"≤ {limit:g}",
        ratio <= limit,
        timed.count,
    )


def home_rows(
    home: Path, count: int, runs: int, env: dict[str, str], stats: bool, wide: int
) -> list[Row]:
    """list and stats over one home: cold, warm, and warm but for one session changed
    (the next run after an evening's play); list also on a terminal wide enough for its
    table (drawn by cardscore.grid, not wrapped by Rich's Table)."""
    cardscore = cardscore_command()
    env = {**env, "CARDSCORE_HOME": str(home)}
    changed = next((home / "sessions").iterdir())
    stamps = iter(range(changed.stat().st_mtime_ns, 0, -(10**9)))

    def no_index() -> None:
        remove_caches(home, env)

    def one_changed() -> None:
        stamp = next(stamps)
        os.utime(changed, ns=(stamp, stamp))

    limit = TARGETS[count]
    budget = 20 if count <= 1_000 else 60
    commands = [("list", [*cardscore, "list"])]
    if stats:
        commands.append(("stats", [*cardscore, "stats"]))
    else:
        commands.append(("scan+digests", [PYTHON, "-c", SCAN_AND_DIGEST]))
    rows = []
    for name, command in commands:
        label = f"{name} {count:,}"
        rows.append(measure(f"{label} cold", command, limit, runs, env, no_index, budget))
        rows.append(measure(f"{label} warm", command, limit, runs, env, None, budget))
        rows.append(measure(f"{label} 1 changed", command, limit, runs, env, one_changed, budget))
        if name == "list":
            wide_env = {**env, "COLUMNS": str(wide)}
            rows.append(
                measure(f"{label} warm, {wide} cols", command, limit, runs, wide_env, None, budget)
            )
    return rows


def remove_caches(home: Path, env: dict[str, str], only: str | None = None) -> None:
    """Remove the caches of ``home`` (``only``: the one file of that name): those in the
    cache folder (``CARDSCORE_CACHE``), and those an older cardscore kept beside the
    sessions."""
    for name in (only,) if only else ("index.json", "digests.json", "stats.json"):
        (home / name).unlink(missing_ok=True)
    folder = Path(env["CARDSCORE_CACHE"])
    if only:
        for path in folder.rglob(only):
            path.unlink()
    else:
        shutil.rmtree(folder, ignore_errors=True)


def league_rows(home: Path, runs: int, env: dict[str, str]) -> list[Row]:
    """``list``, then ``stats`` (its ratings and records), over a club's sessions: cold and
    warm."""
    env = {**env, "CARDSCORE_HOME": str(home)}
    listing = [*cardscore_command(), "list"]
    command = [*cardscore_command(), "stats"]

    def no_index() -> None:  # and no statistics kept: all worked out from the files
        remove_caches(home, env)

    def no_league() -> None:  # the index up to date, the league worked out again
        remove_caches(home, env, "stats.json")

    label = f"{LEAGUE:,} x {LEAGUE_ROUNDS} rounds"
    cold, warm = LEAGUE_TARGETS["cold"], LEAGUE_TARGETS["warm"]
    return [
        measure(f"list {label} cold", listing, cold, runs, env, no_index, 60),
        measure(f"list {label} warm", listing, warm, runs, env, None, 60),
        measure(f"stats {label} cold", command, cold, runs, env, no_index, 90),
        measure(f"stats {label} league cold, index warm", command, cold, runs, env, no_league, 60),
        measure(f"stats {label} warm", command, warm, runs, env, None, 60),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per command (at most)")
    parser.add_argument(
        "--only", type=int, choices=sorted([*TARGETS, LEAGUE]), help="one size only"
    )
    parser.add_argument(
        "--wide", type=int, default=160, help="a terminal wide enough for list's table"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cardscore-catalog-") as scratch:
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "LINES": "40"}
        env.pop("CARDSCORE_LANG", None)
        # byte-code cached after the warm-up, as an installed cardscore (see bench.py)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
        env["CARDSCORE_CACHE"] = str(Path(scratch) / "cache")
        stats = has_stats(cardscore_command(), env)
        rows: list[Row] = []
        for count in [args.only] if args.only else sorted([*TARGETS, LEAGUE]):
            home = Path(scratch) / f"home{count}"
            made = time.perf_counter()
            rounds = LEAGUE_ROUNDS if count == LEAGUE else ROUNDS
            size = write_sessions(home, count, rounds=rounds)
            print(
                f"{count:,} sessions of {rounds} rounds written in "
                f"{time.perf_counter() - made:.0f} s ({size / 2**20:.0f} MiB)",
                flush=True,
            )
            if count == LEAGUE:
                rows += league_rows(home, args.runs, env)
            else:
                rows += home_rows(home, count, args.runs, env, stats, args.wide)
        print(
            f"\npython {sys.version.split()[0]} on {os.cpu_count()} cores; "
            f"cardscore: {' '.join(cardscore_command())}; "
            f"stats: {'cardscore stats' if stats else 'python -c (catalog.scan + digests)'}; "
            "ratios to import typer, rich.console, rich.table\n"
        )
        print_table(rows)
        print(f"\nbenchmark ran in {time.perf_counter() - started:.0f} s")
    return 0 if all(r.ok is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
