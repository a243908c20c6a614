"""What ``cardscore stats`` counts of rami (see :mod:`cardscore.games.tally`).

A round is *won* by whoever scored 0 as its winner (went out, or held the least hand of a
blocked round); *never opened* counts the never-opened penalty (after a rami sec the
opponents pay the rami sec instead, and it is not counted); the *hand left* is the value of
the hand of each round he did not win, when it was given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscore.games.counts import Count, Number
from cardscore.games.figures import Feat, Figure, Rate, Say, StatsView
from cardscore.games.tally import Tally, ratio
from cardscore.i18n import msg

#: what the figures need said
NOTES = (msg("At rami the fewest points are the best: its best round is the lowest."),)


def count_round(row: Any, record: Any, tally: Tally) -> None:
    """A round: who scored 0 as its winner, the rami sec, the never-opened penalties, the
    hands left by the others."""
    scores, totals = row.scores, row.totals
    for name in row.columns:
        tally.played(tally.player(name), int(scores.get(name, 0)), total=int(totals.get(name, 0)))
    players, bump = tally.players, tally.bump
    winners = record.winners
    for name in winners:
        if name in players:
            bump(players[name], "rounds_won")
    if record.rami_sec and record.winner in players:
        bump(players[record.winner], "rami_sec")
    for name, charge in record.charges.items():
        if charge.kind == "not_opened" and name in players:
            bump(players[name], "never_opened")
    for name, hand in record.hands.items():
        if name not in winners and name in players:
            bump(players[name], "hand_sum", by=int(hand["value"]))
            bump(players[name], "hand_count")


def own_figures(figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """Rounds won (instead of takes and made), rami secs, rounds never opened, the average
    hand left."""
    return {
        "rounds_won": figures.get("rounds_won", 0),
        "rami_sec": figures.get("rami_sec", 0),
        "never_opened": figures.get("never_opened", 0),
        "average_hand": ratio(figures.get("hand_sum", 0), figures.get("hand_count", 0)),
    }


#: how rami's figures are shown (see :mod:`cardscore.games.figures`)
VIEW = StatsView(
    columns=(
        Figure("rounds_won", msg("Rounds\nwon"), Say.OF_ROUNDS),
        Figure("average_hand", msg("Avg\nhand"), Say.AVERAGE, priority=6),
        Figure("rami_sec", msg("Rami\nsec"), Say.COUNT, priority=7),
        Figure("never_opened", msg("Never\nopened"), Say.COUNT, priority=7),
    ),
    lines=(
        Figure("rounds_won", msg("Rounds won (share of their rounds)"), Say.OF_ROUNDS),
        Figure("rami_sec", msg("Rami sec"), Say.COUNT),
        Figure("never_opened", msg("Rounds never opened"), Say.COUNT),
        Figure("average_hand", msg("Average hand left"), Say.AVERAGE),
    ),
    legend=msg(
        "Rounds won: share of their rounds; avg hand: points left in their hand; never opened: "
        "rounds lost without having opened."
    ),
    rates=(Rate("rounds_won", msg("{game} · rounds won"), "rounds_won", ("rounds",)),),
    untried=msg("no round"),
    feats=(
        Feat("rounds_won", msg("Rounds won")),
        Feat("rami_sec", msg("Rami sec"), each=True),
    ),
)


#: the types of what is counted (a kept digest and statistics document are read against them)
COUNTERS = {
    "rounds_won": Count,
    "rami_sec": Count,
    "never_opened": Count,
    "hand_sum": Number,
    "hand_count": Count,
}
FIGURES = {
    "rounds_won": Count,
    "rami_sec": Count,
    "never_opened": Count,
    "average_hand": Number | None,
}
