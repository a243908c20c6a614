"""How `cardscore print` grows with the rounds: 1,000 against 10,000 rounds, each format.

    python benchmarks/print_speed.py [--sizes 1000,10000] [--formats txt,csv,md,html,json]
                                     [--repeat 3] [--pdf]

Builds 5-player tarot sessions of each size in a temporary CARDSCORE_HOME (the rounds are
validated once through the rules core, then repeated), then times, for each format:

* the whole command, ``cardscore print ID --format F -o FILE``, in a fresh interpreter
  (``python -m cardscore``), best of ``--repeat`` runs;
* the export alone in this process (``export.render`` on a loaded and replayed session).

A ratio near 10 between 10,000 and 1,000 rounds means time linear in the rounds (the whole
command's ratio is lower: the interpreter's start-up does not grow).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAW_ROUNDS = [
    {"taker": "Ann", "contract": "garde", "bouts": "2", "points": "49", "called": "Bob"},
    {"taker": "Cyd", "contract": "prise", "bouts": "1", "points": "44", "called": "Dan"},
    {"taker": "Élodie", "contract": "garde-sans", "bouts": "3", "points": "60", "called": "Ann"},
    {"taker": "Bob", "contract": "prise", "bouts": "2", "points": "30", "called": "Cyd"},
    {"taker": "Dan", "contract": "garde", "bouts": "1", "points": "58", "called": "Élodie"},
]


def build(rounds: int) -> str:
    """Save a 5-player tarot session of ``rounds`` rounds; return its id."""
    from cardscore import store
    from cardscore.session import Session

    players = ["Ann", "Bob", "Cyd", "Dan", "Élodie"]
    probe = Session.create("tarot", players, title="Benchmark", session_id="probe")
    inputs = [probe.add(raw) for raw in RAW_ROUNDS]
    session = Session.create("tarot", players, title=f"{rounds} rounds", session_id=store.new_id())
    session.rounds = [inputs[i % len(inputs)] for i in range(rounds)]
    with store.locked(session.id):
        store.write(session)
    return session.id


def command_time(session_id: str, fmt: str, out: Path, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "cardscore",
                "print",
                session_id,
                "--format",
                fmt,
                "-o",
                str(out),
            ],
            check=True,
            stderr=subprocess.DEVNULL,
        )
        best = min(best, time.perf_counter() - start)
    return best


def render_time(session_id: str, fmt: str, repeat: int) -> float:
    from cardscore import export, store

    session = store.load(session_id)
    standings = session.standings()  # the replay is the rules core's, timed by the command
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        export.render(fmt, session, standings)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--formats", default="txt,csv,md,html,json")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pdf", action="store_true", help="also time the PDF (slower)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    formats = args.formats.split(",") + (["pdf"] if args.pdf else [])
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARDSCORE_HOME"] = home
        ids = {n: build(n) for n in sizes}
        print(f"{'format':<6} " + " ".join(f"{f'{n} rounds':>22}" for n in sizes) + "   ratio")
        print(f"{'':<6} " + " ".join(f"{'command':>11}{'export':>11}" for _ in sizes)
              + "   command export")  # fmt: skip
        for fmt in formats:
            whole = [
                command_time(ids[n], fmt, Path(home) / f"out.{fmt}", args.repeat) for n in sizes
            ]
            alone = [render_time(ids[n], fmt, args.repeat) for n in sizes]
            cells = " ".join(f"{w:>10.3f}s{a:>10.3f}s" for w, a in zip(whole, alone, strict=True))
            ratio = f"{whole[-1] / whole[0]:>7.1f} {alone[-1] / alone[0]:>6.1f}"
            print(f"{fmt:<6} {cells}   {ratio}")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import typer"], check=True)
        print(f"(python -c 'import typer': {time.perf_counter() - start:.3f}s)")


if __name__ == "__main__":
    main()
