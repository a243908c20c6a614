"""Speed of a club's tournament at its real size: 40 players at 10 tables of tarot, 6 rounds.

Builds the tournament through the command line (``tournament new``, ``play --no-play``),
every table's session holding 5 deals (written with the store, as ``add`` saves them), then
times, side by side with ``python -c "import typer, rich.console, rich.table"`` (bench.py's
timing: a warm-up, then the runs alternated; ratios of medians):

* ``tournament next``: the draw of round 6 (five rounds of history: 40 players, the local
  search) — target at most 1 s, as a process;
* ``tournament show`` with its 60 tables' sessions read and replayed — target at most 3× the
  UI libraries' import.

    python benchmarks/tournament.py            # about a minute on 2 cores
    python benchmarks/tournament.py --runs 3   # quicker, noisier

Exit status 0 when every target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import PYTHON, Row, cardscore_command, ms, print_table, side_by_side

PLAYERS = [f"P{i:02d}" for i in range(40)]
BASELINE_COMMAND = [PYTHON, "-c", "import typer, rich.console, rich.table"]
ROUNDS = 6
DEALS = 5
NEXT_TARGET = 1.0  # seconds
SHOW_TARGET = 3.0  # × the UI libraries' import


def run_json(cardscore: list[str], env: dict[str, str], *args: str) -> dict:
    done = subprocess.run(
        [*cardscore, *args], env=env, capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(done.stdout)


def play_round(cardscore: list[str], env: dict[str, str], doc: dict, number: int) -> None:
    """Every table of round ``number``: its session created, then 5 garde deals added."""
    from cardscore import store
    from cardscore.session import Session

    rng = random.Random(number)
    for table in doc["rounds"][number - 1]["tables"]:
        subprocess.run(
            [*cardscore, "tournament", "play", doc["id"], "--table", str(table["number"]),
             "--no-play"],
            env=env, capture_output=True, check=True, timeout=60,
        )  # fmt: skip
        session_id = table["session"]
        path = store.session_path(session_id)
        session: Session = store.read(path)
        players = table["players"]
        for deal in range(DEALS):
            taker = players[deal % len(players)]
            raw = {"taker": taker, "contract": "garde", "bouts": 2,
                   "points": rng.choice([38, 45, 49, 55.5, 61])}  # fmt: skip
            if len(players) == 5:
                raw["called"] = players[(deal + 1) % len(players)]
            session.add(raw)
        with store.locked(session_id):
            store.write(session)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per command (at most)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cardscore-tournament-") as home:
        os.environ["CARDSCORE_HOME"] = home
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "LINES": "40"}
        env.pop("CARDSCORE_LANG", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # byte-code cached, as users have it
        env["PYTHONPYCACHEPREFIX"] = str(Path(home) / "pycache")
        cardscore = cardscore_command()
        doc = run_json(cardscore, env, "tournament", "new", "tarot", "--names",
                       ",".join(PLAYERS), "--rounds", str(ROUNDS), "--seed", "40",
                       "--deals", str(DEALS), "--json")  # fmt: skip
        tid = doc["id"]
        for number in range(1, ROUNDS):
            play_round(cardscore, env, doc, number)
            doc = run_json(cardscore, env, "tournament", "next", tid, "--json")
        play_round(cardscore, env, doc, ROUNDS)
        tournament_file = Path(home) / "tournaments" / f"{tid}.json"
        five_rounds = json.loads(tournament_file.read_text("utf-8"))
        five_rounds["draws"] = five_rounds["draws"][:-1]
        saved = json.dumps(five_rounds).encode()

        def undraw() -> None:  # each timed `next` draws round 6 again
            tournament_file.write_bytes(saved)

        nexts = side_by_side(
            [[*cardscore, "tournament", "next", tid, "--force"]], args.runs, env, undraw
        )
        tournament_file.write_bytes(saved)
        run_json(cardscore, env, "tournament", "next", tid, "--force", "--json")
        show, base = side_by_side(
            [[*cardscore, "tournament", "show", tid], BASELINE_COMMAND], args.runs, env
        )
        sessions = len(list((Path(home) / "sessions").glob("*.json")))
        print(
            f"python {sys.version.split()[0]} on {os.cpu_count()} cores; {len(PLAYERS)} "
            f"players, {ROUNDS} rounds, {sessions} tables' sessions of {DEALS} deals\n"
        )
        ratio = show.median / base.median
        rows = [
            Row("tournament next (draws round 6)", ms(nexts[0].median), "≤ 1 s",
                nexts[0].median <= NEXT_TARGET, nexts[0].count),
            Row("tournament show / import typer+rich",
                f"{ratio:.2f} ({ms(show.median)} / {ms(base.median)})", f"≤ {SHOW_TARGET:g}",
                ratio <= SHOW_TARGET, show.count),
        ]  # fmt: skip
        print_table(rows)
    print(f"\nbenchmark ran in {time.perf_counter() - started:.0f} s")
    shutil.rmtree(Path(home), ignore_errors=True)
    return 0 if all(r.ok is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
