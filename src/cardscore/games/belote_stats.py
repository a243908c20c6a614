"""What ``cardscore stats`` counts of belote and coinche (see :mod:`cardscore.games.tally`).

Every player counts through his team: the team took (``takes``), made, fell (``dedans``) or
tied (``litiges``: belote only) — so ``takes = made + dedans + litiges``; ``capots`` are
those his team made, taking or defending; the levels and the générales are those of his
team's contracts.  ``teams`` keeps the teams he played in (who shares a win).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscore.games.tally import Tally

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


def belote_figures(figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """His team's takes, made, dedans, litiges and capots."""
    return {key: figures.get(key, 0) for key in ("takes", "made", "dedans", "litiges", "capots")}


def coinche_figures(figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """Belote's figures, then his team's contracts by level and générales."""
    levels = figures.get("levels", {})
    generales = figures.get("generales", {})
    return {
        **belote_figures(figures, names),
        "levels": {
            level: {
                "made": levels.get(level, {}).get("made", 0),
                "fallen": levels.get(level, {}).get("fallen", 0),
            }
            for level in LEVELS.values()
        },
        "generales": {"made": generales.get("made", 0), "fallen": generales.get("fallen", 0)},
    }
