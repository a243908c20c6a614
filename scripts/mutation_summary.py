"""Sum up a mutation run: ``mutmut results --all true`` output, less the equivalent mutants.

    python scripts/mutation_summary.py results.txt scripts/mutation-equivalents.txt

A mutant is *killed* when a test failed (or hung: a timeout); every other status — survived,
no tests, suspicious, not checked — counts against the figure, except for the mutants listed
in the equivalents file (one per line: the name, then ``#`` and why it changes nothing a
program could observe).  Prints one line per module and the total, and exits 1 when a listed
equivalent mutant was killed after all (the list is then stale).
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

KILLED = {"killed", "timeout"}
SHOWN = 30  # alive mutants printed (all of them are in alive.txt)


def read_results(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text().splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name:
            found[name] = status
    return found


def read_equivalents(path: Path) -> set[str]:
    if not path.exists():
        return set()
    names = set()
    for line in path.read_text().splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.add(name)
    return names


def module_of(mutant: str) -> str:
    """``cardscore.games.tarot.rules.x_convert__mutmut_3`` → ``cardscore.games.tarot.rules``."""
    parts = mutant.split(".")
    for i, part in enumerate(parts):
        if part.startswith("x"):
            return ".".join(parts[:i])
    return mutant


def main(results_path: str, equivalents_path: str) -> int:
    results = read_results(Path(results_path))
    equivalents = read_equivalents(Path(equivalents_path))
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    stale = []
    for name, status in results.items():
        module = module_of(name)
        if name in equivalents:
            counts[module]["equivalent"] += 1
            if status in KILLED:
                stale.append(name)
        elif status in KILLED:
            counts[module]["killed"] += 1
        else:
            counts[module]["alive"] += 1
            counts[module][status] += 1
    total: collections.Counter[str] = collections.Counter()
    print(f"{'module':28} {'killed':>7} {'alive':>6} {'equiv.':>6} {'score':>7}")
    for module in sorted(counts):
        c = counts[module]
        total.update(c)
        print(_line(module, c))
    print(_line("total", total))
    alive = [n for n, s in results.items() if n not in equivalents and s not in KILLED]
    if alive:
        listing = Path(results_path).with_name("alive.txt")
        listing.write_text("".join(f"{name}: {results[name]}\n" for name in alive))
        print(f"\n{len(alive)} mutants alive, listed in {listing} (`mutmut show NAME` there):")
        for name in alive[:SHOWN]:
            print(f"  {name}: {results[name]}")
        if len(alive) > SHOWN:
            print(f"  … and {len(alive) - SHOWN} more")
    if stale:
        print("\nlisted as equivalent but killed (update the list):", *stale, sep="\n  ")
        return 1
    return 0


def _line(name: str, c: collections.Counter[str]) -> str:
    scored = c["killed"] + c["alive"]
    score = f"{100 * c['killed'] / scored:.1f} %" if scored else "—"
    return f"{name:28} {c['killed']:>7} {c['alive']:>6} {c['equivalent']:>6} {score:>7}"


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
