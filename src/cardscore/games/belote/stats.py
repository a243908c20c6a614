"""What ``cardscore stats`` counts of belote and coinche (see :mod:`cardscore.games.tally`),
and how belote's figures are shown (coinche's: :mod:`.coinche_stats`).

Every player counts through his team: the team took (``takes``), made, fell (``dedans``) or
tied (``litiges``: belote only) — so ``takes = made + dedans + litiges``; ``capots`` are
those his team made, taking or defending; the levels and the générales are those of his
team's contracts.  ``teams`` keeps the teams he played in (who shares a win).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from msgspec import Meta

from cardscore.games.counts import Count
from cardscore.games.figures import Feat, Figure, Rate, Say, StatsView
from cardscore.games.tally import Side, Tally
from cardscore.i18n import msg

#: the coinche levels, by their multiplier
LEVELS = {2: "coinche", 4: "surcoinche"}


def count_round(row: Any, record: Any, tally: Tally) -> None:
    """A round: every player through his team (seats 1 & 3 are team 0)."""
    columns, scores, totals = row.columns, row.scores, row.totals
    taker_team, made = record.taker_team, int(bool(record.made))
    verdict = str(record.verdict)
    level = LEVELS.get(int(getattr(record, "level", 1)))
    generale = str(getattr(record, "contract", "")) == "generale"
    outcome = "made" if made else "fallen"
    bump = tally.bump
    for seat, name in enumerate(row.table.players):
        team = seat % 2
        counters = tally.player(name)
        score, total = int(scores.get(columns[team], 0)), int(totals.get(columns[team], 0))
        tally.played(counters, score, total=total)
        teams = counters.setdefault("teams", [])
        if team not in teams:
            teams.append(team)
        if record.tallies[team].capot:
            bump(counters, "capots")
        if team != taker_team:
            continue
        bump(counters, "takes")
        bump(counters, "made", by=made)
        bump(counters, "dedans", by=verdict == "dedans")
        bump(counters, "litiges", by=verdict == "litige")
        if level is not None:
            bump(counters, "levels", level, outcome)
        if generale:
            bump(counters, "generales", outcome)


def own_figures(figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """His team's takes, made, dedans, litiges and capots."""
    return {key: figures.get(key, 0) for key in ("takes", "made", "dedans", "litiges", "capots")}


#: the levels as players say them
LEVEL_NAMES = {"coinche": "coinché", "surcoinche": "surcoinché"}
# What belote's and coinche's views share (coinche's is in .coinche_stats): the first
# columns, the lines of a player's page, the contracts' rate and the records.
TAKES = (
    Figure("takes", msg("Takes"), Say.COUNT),
    Figure("made", msg("Made"), Say.MADE, at="."),
)
LINES = (
    Figure("takes", msg("Takes (their team)"), Say.COUNT),
    Figure("made", msg("Made (share of the takes)"), Say.MADE, at="."),
    Figure("dedans", msg("Dedans"), Say.COUNT),
    Figure("litiges", msg("Litiges"), Say.COUNT),
    Figure("capots", msg("Capots"), Say.COUNT),
)
CONTRACTS = Rate("all", msg("{game} · contracts"), "made", ("takes",))
#: the records of belote and coinche: his team's contracts made in one session, its capots
FEATS = (Feat("made", msg("Contracts made")), Feat("capots", msg("Capots"), each=True))

#: how belote's figures are shown (see :mod:`cardscore.games.figures`)
VIEW = StatsView(
    columns=(
        *TAKES,
        Figure("dedans", msg("Dedans"), Say.COUNT, priority=6),
        Figure("litiges", msg("Litiges"), Say.COUNT, priority=7),
        Figure("capots", msg("Capots"), Say.COUNT, priority=7),
    ),
    lines=LINES,
    legend=msg(
        "Takes, made: rounds their team took, and made; dedans: contracts fallen; litiges: "
        "ties, the taker's points held."
    ),
    takes=True,
    by_team=True,
    rates=(CONTRACTS,),
    feats=FEATS,
)


def match(per_player: Mapping[str, Any], winners: Sequence[str]) -> tuple[Side, ...]:
    """A session as a match of two teams: each player on the team he sat with first, the
    team of the winners first (both equal when none won).

    >>> match({"Ann": {"teams": [0]}, "Bob": {"teams": [1]}, "Cyd": {"teams": [0]},
    ...        "Dan": {"teams": [1]}}, ["Bob", "Dan"])
    ((1, ('Bob', 'Dan')), (2, ('Ann', 'Cyd')))
    """
    teams: dict[int, list[str]] = {}
    for name, counters in per_player.items():
        teams.setdefault(int((counters.get("teams") or [0])[0]), []).append(name)
    won = set(winners)
    sides = [(1 if won & set(m) or not won else 2, tuple(m)) for m in teams.values()]
    return tuple(sorted(sides))


#: the types of what is counted (a kept digest and statistics document are read against them)
COUNTERS = {
    "takes": Count,
    "made": Count,
    "capots": Count,
    "dedans": Count,
    "litiges": Count,
    # the teams (0, 1) he sat in
    "teams": Annotated[list[Annotated[int, Meta(ge=0, le=1)]], Meta(max_length=2)],
}
FIGURES = {key: Count for key in ("takes", "made", "dedans", "litiges", "capots")}
