"""How fast a session's rounds replay (docs/speed.md: "scoring: replaying 100,000 rounds
takes well under a second").

    python benchmarks/replay.py [--rounds 100000] [--repeat 3] [--breakdowns]

For each game (tarot at 4 and 5 players under both rule sets, belote, coinche, rami) it
builds a few hundred varied rounds through the rules core (``build_round``, as ``add``
does), repeats them to ``--rounds`` rounds in an in-memory session, then times
:meth:`Session.standings` (every total, row and the outcome), best of ``--repeat``.
``--breakdowns`` also times writing out every round's breakdown once (what ``print`` and
``show --all --detail`` need), which the replay itself no longer does.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

TAROT_4 = ["Ann", "Béa", "Cyd", "Dan"]
TAROT_5 = ["Ann", "Béa", "Cyd", "Dan", "Éric"]
FOUR = ["South", "West", "North", "East"]


def tarot_raw(rng: random.Random, players: list[str]) -> dict[str, Any]:
    """A realistic tarot round, as typed: mostly prises and gardes, points near what the
    bouts require (halves included), now and then a poignée, a petit au bout, a misère, a
    chelem, a renonce or a passe (the rules refuse what they do not play)."""
    roll = rng.random()
    if roll < 0.03:
        return {"contract": "passe"}
    if roll < 0.06:
        return {"contract": "renonce", "taker": rng.choice(players), "points": rng.randint(0, 91)}
    contract = rng.choices(["prise", "garde", "garde-sans", "garde-contre"], [45, 40, 10, 5])[0]
    bouts = rng.choices([0, 1, 2, 3], [10, 35, 40, 15])[0]
    need = (56, 51, 41, 36)[bouts]
    low, high = 4 * bouts, 91 - 4 * (3 - bouts)
    points = min(high, max(low, need + rng.randint(-15, 15) + rng.choice([0, 0.5])))
    raw: dict[str, Any] = {
        "contract": contract,
        "taker": rng.choice(players),
        "bouts": str(bouts),
        "points": f"{points:g}",
    }
    if len(players) >= 5:
        raw["called"] = rng.choice(players)
    if rng.random() < 0.1:
        raw["petit_au_bout"] = rng.choice(players)
    if rng.random() < 0.1:
        raw["poignee"] = [f"{rng.choice(players)}:{rng.choice(['simple', 'double'])}"]
    if rng.random() < 0.05:
        raw["misere"] = [rng.choice(players)]
    if rng.random() < 0.02:
        raw["chelem"] = rng.choice(["announced", "unannounced", "failed", "defense"])
    return raw


def card_raw(rng: random.Random, coinche: bool) -> dict[str, Any]:
    """A belote or coinche round: card points, dix de der, belote, announcements, capot."""
    trumps = ["spades", "hearts", "diamonds", "clubs", "sa"] + (["ta"] if coinche else [])
    trump = rng.choice(trumps)
    raw: dict[str, Any] = {
        "taker": rng.choice(FOUR),
        "trump": trump,
        "points": str(rng.randint(40, 120)),
        "dix_de_der": rng.choice(["taker", "defense"]),
        "belote": None if trump == "sa" else rng.choice([None, None, "taker", "defense"]),
        "announce": [
            f"{rng.choice(['taker', 'defense'])}:{rng.choice([20, 20, 50, 100])}"
            for _ in range(rng.choice([0, 0, 0, 1, 2]))
        ],
    }
    if rng.random() < 0.03:
        raw |= {"capot": rng.choice(["taker", "defense"]), "points": None, "dix_de_der": None}
    if coinche:
        raw["contract"] = rng.choice([*(str(v) for v in range(80, 181, 10)), "capot"])
        level = rng.random()
        raw["coinche"] = level < 0.1
        raw["surcoinche"] = 0.1 <= level < 0.13
    return raw


def rami_raw(rng: random.Random, players: list[str]) -> dict[str, Any]:
    """A rami round: a winner (or a blocked round, a rami sec), hands as cards or values."""
    cards = ["2", "5", "7", "10", "V", "D", "R", "As", "JK", "9♥", "Kd"]
    blocked = rng.random() < 0.05
    winner = None if blocked else rng.choice(players)
    rami_sec = not blocked and rng.random() < 0.03
    hands = []
    for p in players:
        if p == winner:
            continue
        hand = " ".join(rng.choices(cards, k=rng.randint(1, 7)))
        hands.append(f"{p}={hand if rng.random() < 0.7 else rng.randint(0, 80)}")
    losers = [p for p in players if p != winner]
    not_opened = [] if rami_sec else [p for p in losers if rng.random() < 0.2]
    return {
        "winner": winner,
        "blocked": blocked,
        "rami_sec": rami_sec,
        "hand": hands,
        "not_opened": not_opened,
    }


def session(
    game: str,
    players: list[str],
    make: Callable[[random.Random], dict[str, Any]],
    rounds: int,
    rules: str | None = None,
    distinct: int = 400,
    seed: int = 2024,
) -> Any:
    """An in-memory session of ``rounds`` rounds: ``distinct`` validated inputs, repeated.
    Each input is built for the seat it is replayed at (``number`` modulo the players)."""
    from cardscore.session import Session

    s = Session.create(game, players, rules=rules, session_id="replay")
    g, table = s.game_rules, s.table()
    rng = random.Random(seed)
    distinct -= distinct % len(players)  # keep the deal's rotation when repeating
    inputs: list[dict[str, Any]] = []
    while len(inputs) < distinct:
        try:
            inputs.append(g.build_round(make(rng), table, len(inputs) + 1))
        except ValueError:  # a combination these rules refuse: draw another
            continue
    s.rounds = (inputs * (rounds // distinct + 1))[:rounds]
    return s


CASES: list[tuple[str, Callable[[int], Any]]] = [
    ("tarot 4 fft", lambda n: session("tarot", TAROT_4, lambda r: tarot_raw(r, TAROT_4), n)),
    ("tarot 5 fft", lambda n: session("tarot", TAROT_5, lambda r: tarot_raw(r, TAROT_5), n)),
    (
        "tarot 5 maison",
        lambda n: session("tarot", TAROT_5, lambda r: tarot_raw(r, TAROT_5), n, "maison"),
    ),
    ("belote", lambda n: session("belote", FOUR, lambda r: card_raw(r, False), n)),
    ("coinche", lambda n: session("coinche", FOUR, lambda r: card_raw(r, True), n)),
    ("rami 4", lambda n: session("rami", FOUR, lambda r: rami_raw(r, FOUR), n)),
]


def best_of(repeat: int, action: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--breakdowns", action="store_true", help="also time every round's breakdown (once)"
    )
    parser.add_argument("--only", help="comma-separated case names (default: all)")
    args = parser.parse_args(argv)
    wanted = {w.strip() for w in args.only.split(",")} if args.only else None

    python = sys.version.split()[0]
    print(f"replay of {args.rounds:,} rounds, best of {args.repeat} (python {python})")
    header = f"{'game':<16}{'replay':>10}{'per round':>12}"
    print(header + (f"{'breakdowns':>14}" if args.breakdowns else ""))
    worst = 0.0
    for name, build in CASES:
        if wanted is not None and name not in wanted:
            continue
        s = build(args.rounds)
        elapsed = best_of(args.repeat, lambda s=s: s.standings(fresh=True))
        worst = max(worst, elapsed)
        line = f"{name:<16}{elapsed:>9.3f}s{elapsed / args.rounds * 1e6:>9.2f} µs"
        if args.breakdowns:
            rows = s.standings().rows
            start = time.perf_counter()
            for row in rows:
                row.breakdown  # noqa: B018 (computed on demand)
            line += f"{time.perf_counter() - start:>13.2f}s"
        print(line, flush=True)
    print(f"slowest: {worst:.3f} s (target: well under 1 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
